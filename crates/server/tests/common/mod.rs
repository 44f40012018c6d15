//! Starting real servers on loopback for the end-to-end tests, on SQLite
//! and, when `TOWERS_TEST_DATABASE_URL` is set, on PostgreSQL.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use api::gt::SeatGranted;
use guard_towers::Color;
use reqwest::{Client, Response, StatusCode};
use serde_json::{json, Value};

/// A fresh SQLite database file.
pub fn sqlite_url() -> String {
    let dir = std::env::temp_dir().join(format!(
        "towers-test-{}-{}",
        std::process::id(),
        rand_suffix()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    format!("sqlite:{}", dir.join("towers.db").display())
}

/// A number no other call of this test run draws. Process ids are reused
/// in a long CI run, and the PostgreSQL database and temporary folder
/// outlive each test binary, so each process starts from a random number.
fn rand_suffix() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::OnceLock;
    static START: OnceLock<u64> = OnceLock::new();
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let start = *START.get_or_init(|| rand::random::<u64>() & ((1 << 40) - 1));
    start + NEXT.fetch_add(1, Ordering::Relaxed)
}

/// The PostgreSQL database of this test run, if one is configured.
pub fn postgres_url() -> Option<String> {
    std::env::var("TOWERS_TEST_DATABASE_URL")
        .ok()
        .filter(|url| !url.is_empty())
}

/// Every database the tests run on.
pub fn databases() -> Vec<String> {
    let mut urls = vec![sqlite_url()];
    urls.extend(postgres_url());
    urls
}

pub fn config(database: &str) -> server::Config {
    let mut config = server::Config::new("127.0.0.1:0".parse().unwrap(), database);
    config.rate_limit = None;
    config.tuning.engine_movetime = Duration::from_millis(20);
    config
}

pub struct TestServer {
    pub base: String,
    pub addr: SocketAddr,
    pub course_addr: Option<SocketAddr>,
    pub client: Client,
}

pub async fn start(config: server::Config) -> TestServer {
    let running = server::start(config).await.expect("server starts");
    let addr = running.addr;
    let course_addr = running.course_addr;
    tokio::spawn(running.wait());
    TestServer {
        base: format!("http://{addr}"),
        addr,
        course_addr,
        client: Client::new(),
    }
}

impl TestServer {
    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        answer(
            self.client
                .get(format!("{}{path}", self.base))
                .send()
                .await
                .unwrap(),
        )
        .await
    }

    /// Signs up a new account under `prefix` and a suffix of its own (the
    /// PostgreSQL database is shared by every test of a run), with a
    /// password; returns the account.
    pub async fn account(&self, prefix: &str) -> Account {
        let name = unique_name(prefix);
        let response = self
            .client
            .post(format!("{}/api/accounts", self.base))
            .json(&json!({ "name": name, "password": PASSWORD }))
            .send()
            .await
            .unwrap();
        let cookie = response
            .headers()
            .contains_key(reqwest::header::SET_COOKIE)
            .then(|| session_cookie(&response));
        let (status, body) = answer(response).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        Account {
            name,
            cookie: cookie.expect("signing up sets the session cookie"),
        }
    }

    /// A POST signed in as `account` (and with a seat token, when given).
    pub async fn post_as(
        &self,
        account: &Account,
        path: &str,
        token: Option<&str>,
        body: Value,
    ) -> (StatusCode, Value) {
        let mut request = self
            .client
            .post(format!("{}{path}", self.base))
            .header(reqwest::header::COOKIE, &account.cookie)
            .json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        answer(request.send().await.unwrap()).await
    }

    /// A GET signed in as `account`.
    pub async fn get_as(&self, account: &Account, path: &str) -> (StatusCode, Value) {
        let request = self
            .client
            .get(format!("{}{path}", self.base))
            .header(reqwest::header::COOKIE, &account.cookie);
        answer(request.send().await.unwrap()).await
    }

    /// A rated friend game between two new accounts, both seats taken:
    /// (id, red, red's token, blue, blue's token).
    pub async fn rated_game(
        &self,
        red: &str,
        blue: &str,
    ) -> (String, Account, String, Account, String) {
        let (red, blue) = (self.account(red).await, self.account(blue).await);
        let body = json!({ "opponent": "friend", "rated": true });
        let (status, created) = self.post_as(&red, "/api/gt/games", None, body).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let created: SeatGranted = read(&created);
        let id = created.id;
        let join = json!({ "invite": created.invite });
        let (status, joined) = self
            .post_as(&blue, &format!("/api/gt/games/{id}/join"), None, join)
            .await;
        assert_eq!(status, StatusCode::OK, "{joined}");
        let joined: SeatGranted = read(&joined);
        (
            id,
            red,
            created.token.expect("the creator's token"),
            blue,
            joined.token.expect("the guest's token"),
        )
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        let mut request = self.client.post(format!("{}{path}", self.base)).json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        answer(request.send().await.unwrap()).await
    }

    pub async fn text(&self, path: &str) -> String {
        let response = self
            .client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        response.text().await.unwrap()
    }

    /// A friend game with both seats taken: (id, red token, blue token).
    pub async fn friend_game(&self, extra: Value) -> (String, String, String) {
        let mut body = json!({ "opponent": "friend", "name": "ann" });
        for (key, value) in extra.as_object().unwrap() {
            body[key] = value.clone();
        }
        let (status, created) = self.post("/api/gt/games", None, body).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let created: SeatGranted = read(&created);
        let id = created.id;
        let (status, joined) = self
            .post(
                &format!("/api/gt/games/{id}/join"),
                None,
                json!({ "name": "bob", "invite": created.invite }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{joined}");
        let joined: SeatGranted = read(&joined);
        assert_eq!(joined.seat, Some(Color::Blue));
        (
            id,
            created.token.expect("the creator's token"),
            joined.token.expect("the guest's token"),
        )
    }

    /// Team A wins the seed-rules Kubb match `id` at once: `player`'s
    /// first stick fells all five of B's baseline towers, the second the
    /// king. Each event must be accepted.
    pub async fn team_a_wins_kubb_match(&self, id: &str, token: &str, player: &str) {
        let events = [
            json!({ "event": "start", "team": "A" }),
            json!({ "event": "stick", "player": player, "outcome": { "hit": { "knights": [], "towers": [5, 6, 7, 8, 9] } } }),
            json!({ "event": "stick", "player": player, "outcome": { "hit": { "knights": [], "towers": [], "king": true } } }),
        ];
        for event in events {
            let (status, body) = self
                .post(
                    &format!("/api/kubb/matches/{id}/events"),
                    Some(token),
                    json!({ "event": event }),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }
}

/// Makes the schema of `migrations` (files of `migrations/`, applied by
/// sqlx as the server that had only them applied them) in the database at
/// `url`, and writes the rows of the fixture `fixture`
/// (`tests/fixtures/…`, one INSERT a line) into it: a database as an
/// earlier server left it, for the upgrade tests.
pub async fn write_old_database(url: &str, migrations: &[&str], fixture: &str) {
    use sqlx::{AnyConnection, Connection, Executor};
    sqlx::any::install_default_drivers();
    let manifest = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let old = std::env::temp_dir().join(format!(
        "towers-old-migrations-{}-{}",
        std::process::id(),
        rand_suffix()
    ));
    std::fs::create_dir_all(&old).unwrap();
    for name in migrations {
        std::fs::copy(manifest.join("migrations").join(name), old.join(name)).unwrap();
    }
    let url = if url.starts_with("sqlite") {
        format!("{url}?mode=rwc")
    } else {
        url.to_string()
    };
    let mut connection = AnyConnection::connect(&url).await.unwrap();
    let migrator = sqlx::migrate::Migrator::new(old.as_path()).await.unwrap();
    migrator.run(&mut connection).await.unwrap();
    let rows = std::fs::read_to_string(manifest.join("tests/fixtures").join(fixture)).unwrap();
    for statement in rows.lines().filter(|line| line.starts_with("INSERT")) {
        connection.execute(statement).await.unwrap();
    }
    connection.close().await.unwrap();
}

/// The password of every test account.
pub const PASSWORD: &str = "correct horse battery staple";

/// A signed-up account: its name and its session cookie (`name=value`).
#[derive(Clone, Debug)]
pub struct Account {
    pub name: String,
    pub cookie: String,
}

/// `prefix` with a suffix of letters no other test of this run has (of
/// letters no two of which look alike: 'rn' is too like 'm').
pub fn unique_name(prefix: &str) -> String {
    const LETTERS: &[u8; 16] = b"abdefghjkpqstxyz";
    let mut n = rand_suffix();
    let mut suffix = String::new();
    for _ in 0..10 {
        suffix.push(char::from(LETTERS[(n % 16) as usize]));
        n /= 16;
    }
    format!("{prefix}-{suffix}")
}

/// The session cookie an answer sets, as a request's `Cookie` sends it.
pub fn session_cookie(response: &Response) -> String {
    let set = response
        .headers()
        .get(reqwest::header::SET_COOKIE)
        .expect("the answer sets a cookie")
        .to_str()
        .unwrap();
    set.split(';').next().unwrap().to_string()
}

/// Reads an answer as its wire type (`api`): a field renamed or missing
/// on either side fails here, with the answer, instead of reading as null.
pub fn read<T: serde::de::DeserializeOwned>(answer: &Value) -> T {
    serde_json::from_value(answer.clone())
        .unwrap_or_else(|error| panic!("not a {}: {error}: {answer}", std::any::type_name::<T>()))
}

pub async fn answer(response: Response) -> (StatusCode, Value) {
    let status = response.status();
    let text = response.text().await.unwrap();
    let value = serde_json::from_str(&text)
        .unwrap_or_else(|_| panic!("status {status}: the body is not JSON: {text}"));
    (status, value)
}

/// Waits until `check` holds for the game's state, or fails after 20 s.
pub async fn wait_for(server: &TestServer, path: &str, check: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..400 {
        let (_, state) = server.get(path).await;
        if check(&state) {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{path} never reached the expected state");
}
