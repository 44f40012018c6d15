//! `towers serve` set up as a host sets it up: by environment variables
//! and a configuration file, with metrics on a listener of their own, JSON
//! logs that carry request ids, and a log level changed by SIGHUP.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

/// A `towers serve` child, killed when dropped.
struct Served {
    child: Child,
    base: String,
    metrics: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `towers serve` with no flag at all: everything from `env`. Its
/// log goes to `log`.
fn serve_from_environment(env: &[(&str, &str)], log: &Path) -> Served {
    let mut child = Command::new(env!("CARGO_BIN_EXE_towers"))
        .arg("serve")
        .env_clear()
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .expect("towers serve starts");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut next = |prefix: &str| {
        let line = lines.next().unwrap().unwrap();
        line.strip_prefix(prefix)
            .unwrap_or_else(|| panic!("{line:?} does not start with {prefix:?}"))
            .trim_end_matches('/')
            .to_string()
    };
    let base = next("towers serve: open ");
    let metrics = next("towers serve: metrics on ");
    Served {
        child,
        base,
        metrics,
    }
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("towers-config-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The value of one series in the metrics text, 0 when absent.
async fn sample(metrics: &str, series: &str) -> f64 {
    let text = reqwest::get(metrics).await.unwrap().text().await.unwrap();
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .map_or(0.0, |value| value.trim().parse().unwrap())
}

/// Plays the first move of a new friend game; returns the request id of
/// the move's answer.
async fn play_a_move(base: &str) -> String {
    let client = reqwest::Client::new();
    let created: Value = client
        .post(format!("{base}/api/gt/games"))
        .json(&json!({ "opponent": "friend", "name": "ann" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap();
    client
        .post(format!("{base}/api/gt/games/{id}/join"))
        .json(&json!({ "name": "bob", "invite": created["invite"] }))
        .send()
        .await
        .unwrap();
    let moved = client
        .post(format!("{base}/api/gt/games/{id}/moves"))
        .bearer_auth(created["token"].as_str().unwrap())
        .json(&json!({ "move": "C6-C5-1" }))
        .send()
        .await
        .unwrap();
    assert!(
        moved.status().is_success(),
        "{}",
        moved.text().await.unwrap()
    );
    moved.headers()["x-request-id"]
        .to_str()
        .unwrap()
        .to_string()
}

/// The log's lines, each a JSON object.
fn json_lines(log: &Path) -> Vec<Value> {
    std::fs::read_to_string(log)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line:?}: {e}")))
        .collect()
}

#[tokio::test]
async fn a_server_configured_by_environment_alone_serves_metrics_and_json_logs() {
    let dir = scratch("env");
    let database = format!("sqlite:{}", dir.join("towers.db").display());
    let log = dir.join("log.jsonl");
    let served = serve_from_environment(
        &[
            ("TOWERS_ADDR", "127.0.0.1:0"),
            ("TOWERS_DATABASE", &database),
            ("TOWERS_METRICS_ADDR", "127.0.0.1:0"),
            ("TOWERS_LOG_FORMAT", "json"),
            ("TOWERS_LOG_LEVEL", "info,server=debug"),
        ],
        &log,
    );
    let moves = r#"towers_events_committed_total{kind="gt"}"#;
    let before = sample(&served.metrics, moves).await;
    let request_id = play_a_move(&served.base).await;
    assert!(sample(&served.metrics, moves).await >= before + 3.0);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let lines = json_lines(&log);
    let line = lines
        .iter()
        .find(|line| line["span"]["request_id"] == json!(request_id))
        .unwrap_or_else(|| panic!("no log line of request {request_id}: {lines:?}"));
    assert_eq!(line["message"], json!("request"));
    assert_eq!(line["status"], json!(200));
    assert_eq!(line["span"]["route"], json!("/api/gt/games/{id}/moves"));
}

#[tokio::test]
async fn sighup_reads_the_log_level_again_from_the_file() {
    let dir = scratch("hup");
    let config = dir.join("towers.toml");
    let database = format!("sqlite:{}", dir.join("towers.db").display());
    std::fs::write(
        &config,
        format!("database = '{database}'\nlog_level = 'info'\nlog_format = 'json'\n"),
    )
    .unwrap();
    let log = dir.join("log.jsonl");
    let served = serve_from_environment(
        &[
            ("TOWERS_CONFIG", config.to_str().unwrap()),
            ("TOWERS_ADDR", "127.0.0.1:0"),
            ("TOWERS_METRICS_ADDR", "127.0.0.1:0"),
        ],
        &log,
    );
    let quiet = play_a_move(&served.base).await;
    std::fs::write(
        &config,
        format!("database = '{database}'\nlog_level = 'info,server=debug'\n"),
    )
    .unwrap();
    // SAFETY: a signal to the child this test started and still holds.
    unsafe { libc::kill(served.child.id() as i32, libc::SIGHUP) };
    tokio::time::sleep(Duration::from_millis(300)).await;
    let heard = play_a_move(&served.base).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let logged = |id: &str| {
        json_lines(&log)
            .iter()
            .any(|line| line["span"]["request_id"] == json!(id))
    };
    assert!(!logged(&quiet), "a request line at info");
    assert!(logged(&heard), "no request line after SIGHUP to debug");
}

#[test]
fn print_config_shows_each_value_and_where_it_came_from() {
    let dir = scratch("print");
    let config = dir.join("towers.toml");
    std::fs::write(
        &config,
        "database = 'postgres://towers:s3cret@db/towers'\nrate_limit = 7\naddr = '0.0.0.0:1'\n",
    )
    .unwrap();
    let printed = Command::new(env!("CARGO_BIN_EXE_towers"))
        .args(["serve", "--print-config", "--config"])
        .arg(&config)
        .args(["--addr", "127.0.0.1:9000"])
        .env_clear()
        .env("TOWERS_RATE_LIMIT", "9")
        .output()
        .unwrap();
    assert!(printed.status.success());
    let text = String::from_utf8(printed.stdout).unwrap();
    let shown = |key: &str| {
        text.lines()
            .find(|line| line.starts_with(&format!("{key} = ")))
            .unwrap_or_else(|| panic!("{key} missing:\n{text}"))
            .to_string()
    };
    // Flags, then environment, then file, then defaults.
    assert_eq!(shown("addr"), "addr = \"127.0.0.1:9000\"  # flag");
    assert_eq!(
        shown("rate_limit"),
        "rate_limit = 9  # environment TOWERS_RATE_LIMIT"
    );
    assert_eq!(
        shown("database"),
        format!(
            "database = \"postgres://towers:***@db/towers\"  # file {}",
            config.display()
        )
    );
    assert_eq!(shown("cached_games"), "cached_games = 10000  # default");
    assert!(!text.contains("s3cret"));
    // What it prints is a configuration file that gives the same settings.
    let again = dir.join("again.toml");
    let settings: String = text
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| format!("{}\n", line.split("  #").next().unwrap()))
        .collect();
    std::fs::write(&again, settings.replace("***", "s3cret")).unwrap();
    let reread = Command::new(env!("CARGO_BIN_EXE_towers"))
        .args(["serve", "--print-config", "--config"])
        .arg(&again)
        .env_clear()
        .output()
        .unwrap();
    assert!(
        reread.status.success(),
        "{}",
        String::from_utf8_lossy(&reread.stderr)
    );
}

#[test]
fn a_configuration_file_that_cannot_be_used_is_refused_with_its_reason() {
    let dir = scratch("bad");
    for (text, reason) in [
        ("nonsense = 1\n", "'nonsense' is no setting of towers serve"),
        ("rate_limit = [1]\n", "'rate_limit' is a array"),
        ("rate_limit = \n", "is not TOML"),
    ] {
        let config = dir.join("bad.toml");
        std::fs::write(&config, text).unwrap();
        let refused = Command::new(env!("CARGO_BIN_EXE_towers"))
            .args(["serve", "--print-config", "--config"])
            .arg(&config)
            .env_clear()
            .output()
            .unwrap();
        assert_eq!(refused.status.code(), Some(2), "{text}");
        let said = String::from_utf8_lossy(&refused.stderr);
        assert!(said.contains(reason), "{text}: {said}");
    }
    let missing = Command::new(env!("CARGO_BIN_EXE_towers"))
        .args(["serve", "--config", "/nonexistent/towers.toml"])
        .env_clear()
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read the configuration"));
}
