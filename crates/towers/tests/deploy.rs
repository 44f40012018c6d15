//! The deployment files of docs/deploy/ as a host uses them: the systemd
//! unit passes `systemd-analyze verify`, the Caddyfile `caddy validate`, the
//! nginx configuration `nginx -t`, and behind that nginx two `towers
//! serve` instances on one PostgreSQL database play one game: its moves
//! are answered by both instances, and a spectator's WebSocket through the
//! proxy sees every move.
//!
//! They need nginx, openssl, systemd-analyze, caddy and a PostgreSQL
//! database (`TOWERS_TEST_DATABASE_URL`); `.ci/run` provides them and sets
//! `TOWERS_REQUIRE_DEPLOY_TESTS`. Elsewhere they are skipped with a notice.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::StreamExt;
use serde_json::{json, Value};

fn deploy_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/deploy")
}

/// The tools missing here, or none.
fn missing(tools: &[&str]) -> Vec<String> {
    tools
        .iter()
        .filter(|tool| {
            Command::new("sh")
                .args(["-c", &format!("command -v {tool}")])
                .output()
                .map_or(true, |found| !found.status.success())
        })
        .map(|tool| tool.to_string())
        .collect()
}

/// Whether to run: the tools are there, or (outside CI) a skip notice.
fn can_run(tools: &[&str], postgres: bool) -> bool {
    let mut absent = missing(tools);
    if postgres && std::env::var("TOWERS_TEST_DATABASE_URL").is_err() {
        absent.push("TOWERS_TEST_DATABASE_URL".into());
    }
    if absent.is_empty() {
        return true;
    }
    let message = format!("needs {}", absent.join(", "));
    assert!(
        std::env::var_os("TOWERS_REQUIRE_DEPLOY_TESTS").is_none(),
        "{message}"
    );
    eprintln!("skipped: {message}; .ci/run installs them");
    false
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("towers-deploy-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn succeeds(command: &mut Command) -> String {
    let output = command.output().expect("the tool runs");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.status.success(), "{command:?}:\n{said}");
    said
}

#[test]
fn the_systemd_unit_verifies() {
    if !can_run(&["systemd-analyze"], false) {
        return;
    }
    let dir = scratch("unit");
    let unit = std::fs::read_to_string(deploy_dir().join("towers.service")).unwrap();
    // verify checks that ExecStart's binary exists: this build's.
    let unit = unit.replace("/usr/local/bin/towers", env!("CARGO_BIN_EXE_towers"));
    std::fs::write(dir.join("towers.service"), unit).unwrap();
    succeeds(
        Command::new("systemd-analyze")
            .arg("verify")
            .arg(dir.join("towers.service")),
    );
}

#[test]
fn the_caddyfile_validates() {
    if !can_run(&["caddy"], false) {
        return;
    }
    succeeds(
        Command::new("caddy")
            .args(["validate", "--adapter", "caddyfile", "--config"])
            .arg(deploy_dir().join("Caddyfile")),
    );
}

#[test]
fn the_example_configuration_is_one_towers_serve_reads() {
    let printed = succeeds(
        Command::new(env!("CARGO_BIN_EXE_towers"))
            .args(["serve", "--print-config", "--config"])
            .arg(deploy_dir().join("towers.toml"))
            .env_clear(),
    );
    assert!(
        printed.contains("metrics_addr = \"127.0.0.1:9090\"  # file"),
        "{printed}"
    );
}

/// A `towers serve` instance, killed when dropped.
struct Instance {
    child: Child,
    addr: String,
    metrics: String,
}

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn instance(database: &str) -> Instance {
    let mut child = Command::new(env!("CARGO_BIN_EXE_towers"))
        .arg("serve")
        .env_clear()
        .envs([
            ("TOWERS_ADDR", "127.0.0.1:0"),
            ("TOWERS_DATABASE", database),
            ("TOWERS_METRICS_ADDR", "127.0.0.1:0"),
            ("TOWERS_TRUST_FORWARDED_FOR", "true"),
            ("TOWERS_RATE_LIMIT", "0"),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut next = |prefix: &str| {
        let line = lines.next().unwrap().unwrap();
        line.strip_prefix(prefix)
            .unwrap_or_else(|| panic!("{line:?}"))
            .trim_end_matches('/')
            .to_string()
    };
    let addr = next("towers serve: open http://");
    let metrics = next("towers serve: metrics on ");
    Instance {
        child,
        addr,
        metrics,
    }
}

/// nginx running `docs/deploy/nginx.conf`, stopped when dropped.
struct Nginx {
    master: Child,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGTERM ends the workers with the master (a killed master would
        // leave them running), and reaches it even before its pid file is
        // written.
        let _ = Command::new("kill")
            .args(["-TERM", &self.master.id().to_string()])
            .output();
        let _ = self.master.wait();
    }
}

/// The documented configuration with this test's ports and certificate,
/// inside a main configuration whose files stay in `prefix`.
fn nginx_conf(prefix: &Path, upstreams: [&str; 2], http: u16, https: u16) -> PathBuf {
    let site = std::fs::read_to_string(deploy_dir().join("nginx.conf"))
        .unwrap()
        .replace("127.0.0.1:8080", upstreams[0])
        .replace("127.0.0.1:8081", upstreams[1])
        .replace("listen 80;", &format!("listen 127.0.0.1:{http};"))
        .replace("listen [::]:80;", "")
        .replace(
            "listen 443 ssl http2;",
            &format!("listen 127.0.0.1:{https} ssl http2;"),
        )
        .replace("listen [::]:443 ssl http2;", "")
        .replace(
            "/etc/letsencrypt/live/towers.example.org/",
            &format!("{}/", prefix.display()),
        );
    std::fs::write(prefix.join("site.conf"), site).unwrap();
    let main = format!(
        "pid {p}/nginx.pid;\nerror_log {p}/error.log;\nevents {{}}\nhttp {{\n\
         access_log {p}/access.log;\nclient_body_temp_path {p}/body;\n\
         proxy_temp_path {p}/proxy;\nfastcgi_temp_path {p}/fastcgi;\n\
         uwsgi_temp_path {p}/uwsgi;\nscgi_temp_path {p}/scgi;\n\
         include {p}/site.conf;\n}}\n",
        p = prefix.display()
    );
    let path = prefix.join("nginx.conf");
    std::fs::write(&path, main).unwrap();
    path
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The sum of the series `name{…route="…"…}` in a metrics text.
async fn answered(metrics: &str, route: &str) -> f64 {
    let text = reqwest::get(metrics).await.unwrap().text().await.unwrap();
    text.lines()
        .filter(|line| {
            line.starts_with("towers_http_requests_total{")
                && line.contains(&format!("route=\"{route}\""))
        })
        .filter_map(|line| line.rsplit(' ').next()?.parse::<f64>().ok())
        .sum()
}

#[tokio::test]
async fn two_instances_behind_nginx_play_one_game() {
    if !can_run(&["nginx", "openssl"], true) {
        return;
    }
    let database = std::env::var("TOWERS_TEST_DATABASE_URL").unwrap();
    let prefix = scratch("nginx");
    succeeds(
        Command::new("openssl")
            .args([
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            ])
            .args(["-subj", "/CN=towers.example.org", "-keyout"])
            .arg(prefix.join("privkey.pem"))
            .arg("-out")
            .arg(prefix.join("fullchain.pem")),
    );
    let instances = [instance(&database), instance(&database)];
    let (http, https) = (free_port(), free_port());
    let conf = nginx_conf(
        &prefix,
        [&instances[0].addr, &instances[1].addr],
        http,
        https,
    );
    succeeds(Command::new("nginx").arg("-t").arg("-c").arg(&conf));
    // The plain-HTTP server only redirects; the game is played over TLS,
    // which this client does not speak, so it goes to nginx's HTTPS port
    // through a second, plain listener added to the same server block once
    // the documented configuration has passed `nginx -t` as it is.
    let site = std::fs::read_to_string(prefix.join("site.conf")).unwrap();
    let plain_port = free_port();
    let plain = site.replace(
        &format!("listen 127.0.0.1:{https} ssl http2;"),
        &format!("listen 127.0.0.1:{https} ssl http2;\n    listen 127.0.0.1:{plain_port};"),
    );
    std::fs::write(prefix.join("site.conf"), plain).unwrap();
    let nginx = Nginx {
        master: Command::new("nginx")
            .arg("-c")
            .arg(&conf)
            .args(["-g", "daemon off;"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    };
    let base = format!("http://127.0.0.1:{plain_port}");
    wait_until_up(&base).await;
    let redirect = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
        .get(format!("http://127.0.0.1:{http}/"))
        .send()
        .await
        .unwrap();
    assert_eq!(redirect.status(), 301);
    play_through_the_proxy(&base, &instances).await;
    drop(nginx);
}

async fn wait_until_up(base: &str) {
    for _ in 0..50 {
        if let Ok(answer) = reqwest::get(format!("{base}/api/health")).await {
            if answer.status().is_success() {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("nginx does not pass requests on");
}

async fn play_through_the_proxy(base: &str, instances: &[Instance; 2]) {
    let client = reqwest::Client::new();
    let post = |path: String, token: Option<String>, body: Value| {
        let mut request = client.post(format!("{base}{path}")).json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        async move {
            let answer = request.send().await.unwrap();
            assert!(answer.status().is_success(), "{path}: {}", answer.status());
            answer.json::<Value>().await.unwrap()
        }
    };
    let created = post(
        "/api/gt/games".into(),
        None,
        json!({ "opponent": "friend" }),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let joined = post(
        format!("/api/gt/games/{id}/join"),
        None,
        json!({ "invite": created["invite"] }),
    )
    .await;
    let tokens = [created["token"].clone(), joined["token"].clone()];
    let ws = format!("{}/api/games/{id}/ws", base.replace("http://", "ws://"));
    let (mut spectator, _) = tokio_tungstenite::connect_async(ws).await.expect("socket");
    let mut state = joined["state"].clone();
    let mut played = Vec::new();
    while played.len() < 12 {
        let legal = state["legal_moves"].as_array().cloned().unwrap_or_default();
        let Some(mv) = legal.first().cloned() else {
            break;
        };
        let token = tokens[played.len() % 2].as_str().map(str::to_string);
        state = post(
            format!("/api/gt/games/{id}/moves"),
            token,
            json!({ "move": mv }),
        )
        .await;
        played.push(mv.as_str().unwrap().to_string());
    }
    // The spectator, on whichever instance, sees every move.
    let mut seen = String::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !played.iter().all(|mv| seen.contains(mv.as_str())) {
        let message = tokio::time::timeout_at(deadline, spectator.next())
            .await
            .expect("the spectator sees every move")
            .unwrap()
            .unwrap();
        seen.push_str(&message.into_text().unwrap_or_default());
    }
    // Both instances answered moves of the one game.
    for instance in instances {
        let moves = answered(&instance.metrics, "/api/gt/games/{id}/moves").await;
        assert!(moves >= 1.0, "an instance answered no move");
    }
}
