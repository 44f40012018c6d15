//! Engines as bot accounts, end to end with the real binary: `towers
//! serve`, bot accounts registered over HTTP by a signed-in account that
//! owns them (which also makes the tournament, so that it is rated), one
//! `towers bot` adapter per
//! bot running `towers gt engine`, a server round robin with the bots as
//! entrants played through to its standings; a game against a bot that
//! was offline when it began; and the hostile cases (a wrong token, a bot
//! moving in another's game, one stream too many).

mod common;

use std::collections::HashMap;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use common::Server;

const TOWERS: &str = env!("CARGO_BIN_EXE_towers");

/// A child process killed when the test ends, even a failed one.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `towers serve` on a free port, unthrottled; returns it and its
/// base URL.
fn serve(database: &str) -> (Server, String) {
    serve_at("127.0.0.1:0", database)
}

fn serve_at(addr: &str, database: &str) -> (Server, String) {
    let server = common::serve_at(addr, database, None, &["--rate-limit", "0"]);
    let base = server.base.clone();
    (server, base)
}

/// Starts the adapter for the bot with `token`, playing level-1 engines.
fn adapter(base: &str, token: &str) -> Killed {
    let child = Command::new(TOWERS)
        .args([
            "bot",
            "--server",
            base,
            "--token",
            token,
            "--movetime",
            "20",
        ])
        .args(["--", TOWERS, "gt", "engine", "--level", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("towers bot starts");
    Killed(child)
}

struct Api {
    client: reqwest::Client,
    base: String,
    /// The session cookie (`name=value`) of the account that registers the
    /// bots and makes the tournament: registering a bot needs a signed-in
    /// owner, and only a tournament made signed in is rated.
    owner: String,
}

/// A name no other account of this test run has (a PostgreSQL database
/// is shared by the run), of letters no two of which look alike.
fn unique_name(prefix: &str) -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::OnceLock;
    // Process ids are reused in a long CI run: start from a random number.
    static START: OnceLock<u64> = OnceLock::new();
    static NEXT: AtomicU64 = AtomicU64::new(0);
    const LETTERS: &[u8; 16] = b"abdefghjkpqstxyz";
    let start = *START.get_or_init(|| rand::random::<u64>() & ((1 << 40) - 1));
    let mut n = start + NEXT.fetch_add(1, Ordering::Relaxed);
    let mut suffix = String::new();
    for _ in 0..10 {
        suffix.push(char::from(LETTERS[(n % 16) as usize]));
        n /= 16;
    }
    format!("{prefix}-{suffix}")
}

impl Api {
    /// The API of the server at `base`, with a new account signed up to
    /// own the bots.
    async fn signed_up(base: &str) -> Api {
        let client = reqwest::Client::new();
        let response = client
            .post(format!("{base}/api/accounts"))
            .json(&json!({ "name": unique_name("owner"), "password": "correct horse battery staple" }))
            .timeout(Duration::from_secs(10))
            .send()
            .await
            .expect("the server answers");
        assert_eq!(response.status().as_u16(), 201, "signing up");
        let owner = response
            .headers()
            .get(reqwest::header::SET_COOKIE)
            .expect("signing up sets the session cookie")
            .to_str()
            .unwrap()
            .split(';')
            .next()
            .unwrap()
            .to_string();
        Api {
            client,
            base: base.to_string(),
            owner,
        }
    }

    async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (u16, Value) {
        self.send_as(method, path, None, token, body).await
    }

    /// A request, with a session cookie when one is given.
    async fn send_as(
        &self,
        method: reqwest::Method,
        path: &str,
        cookie: Option<&str>,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (u16, Value) {
        let mut request = self
            .client
            .request(method, format!("{}{path}", self.base))
            .timeout(Duration::from_secs(10));
        if let Some(cookie) = cookie {
            request = request.header(reqwest::header::COOKIE, cookie);
        }
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("the server answers");
        let status = response.status().as_u16();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    async fn get(&self, path: &str) -> Value {
        let (status, body) = self.send(reqwest::Method::GET, path, None, None).await;
        assert_eq!(status, 200, "GET {path}: {body}");
        body
    }

    async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        self.send(reqwest::Method::POST, path, token, Some(body))
            .await
    }

    /// A POST signed in as the owner.
    async fn post_as_owner(&self, path: &str, body: Value) -> (u16, Value) {
        let cookie = Some(self.owner.as_str());
        self.send_as(reqwest::Method::POST, path, cookie, None, Some(body))
            .await
    }

    async fn register_bot(&self, name: &str) -> String {
        let (status, body) = self
            .post_as_owner("/api/bots", json!({ "name": name }))
            .await;
        assert_eq!(status, 201, "{body}");
        body["token"].as_str().unwrap().to_string()
    }

    /// Waits until `done` holds for the game or tournament at `path`.
    async fn wait_for(&self, path: &str, limit: Duration, done: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + limit;
        loop {
            let state = self.get(path).await;
            if done(&state) {
                return state;
            }
            assert!(Instant::now() < deadline, "{path} still {state}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// Points of a finished Guard & Towers game's result for (Red, Blue).
fn points(score: &str) -> (f64, f64) {
    match score {
        "1-0" => (1.0, 0.0),
        "0-1" => (0.0, 1.0),
        "1/2-1/2" => (0.5, 0.5),
        other => panic!("no result {other}"),
    }
}

async fn round_robin_of_bots(database: &str) {
    let (_server, base) = serve(database);
    let api = Api::signed_up(&base).await;
    let names = ["alpha", "beta", "gamma", "delta"];
    let mut tokens = HashMap::new();
    for name in names {
        tokens.insert(name, api.register_bot(name).await);
    }
    let (status, body) = api
        .post_as_owner("/api/bots", json!({ "name": "alpha" }))
        .await;
    assert_eq!(status, 409, "a name is registered once: {body}");
    let (status, body) = api
        .post("/api/bots", None, json!({ "name": "epsilon" }))
        .await;
    assert_eq!(status, 401, "a bot has a signed-in owner: {body}");

    let _adapters: Vec<Killed> = names.iter().map(|n| adapter(&base, &tokens[n])).collect();
    let (status, created) = api
        .post_as_owner(
            "/api/tournaments",
            json!({
                "title": "Engines",
                "game": "gt",
                "format": "round-robin",
                "time_control": { "initial_ms": 2000, "increment_ms": 20 },
            }),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["state"]["rated"], true, "made signed in: {created}");
    let id = created["id"].as_str().unwrap().to_string();
    let organiser = created["token"].as_str().unwrap().to_string();
    let entrants = format!("/api/tournaments/{id}/entrants");
    for name in names {
        let body = json!({ "name": name, "bot": true });
        let (status, body) = api.post(&entrants, Some(&organiser), body).await;
        assert_eq!(status, 200, "{body}");
    }
    let unknown = json!({ "name": "nobody", "bot": true });
    let (status, body) = api.post(&entrants, Some(&organiser), unknown).await;
    assert_eq!(status, 404, "only a registered bot enters as one: {body}");

    let path = format!("/api/tournaments/{id}");
    let rounds = format!("/api/tournaments/{id}/rounds");
    let tournament = loop {
        let (status, body) = api.post(&rounds, Some(&organiser), json!({})).await;
        assert_eq!(status, 201, "{body}");
        let round = body["round"].as_u64().unwrap() as usize;
        let tournament = api
            .wait_for(&path, Duration::from_secs(60), |t| {
                t["rounds"][round - 1]["pairings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|p| p["second"].is_null() || !p["score"].is_null())
            })
            .await;
        if tournament["status"] == "finished" {
            break tournament;
        }
    };

    // Every game was played by the two bots in their seats, and the
    // standings' points are the sum of the games' results.
    let mut expected: HashMap<String, f64> = HashMap::new();
    let mut a_game = None;
    for round in tournament["rounds"].as_array().unwrap() {
        for pairing in round["pairings"].as_array().unwrap() {
            let game = pairing["game"].as_str().unwrap();
            let view = api.get(&format!("/api/gt/games/{game}")).await;
            for (seat, side) in [("red", "first"), ("blue", "second")] {
                assert_eq!(view["seats"][seat]["player"]["type"], "bot", "{view}");
                assert_eq!(view["seats"][seat]["name"], pairing[side]);
            }
            assert!(view["ply"].as_u64().unwrap() > 0, "the bots moved: {view}");
            let (red, blue) = points(view["result"]["score"].as_str().unwrap());
            *expected.entry(pairing["first"].to_string()).or_default() += red;
            *expected.entry(pairing["second"].to_string()).or_default() += blue;
            a_game = Some((game.to_string(), pairing.clone()));
        }
    }
    let standings = tournament["standings"].as_array().unwrap();
    assert_eq!(standings.len(), names.len());
    for standing in standings {
        let name = standing["name"].to_string();
        assert_eq!(
            standing["points"].as_f64().unwrap(),
            expected[&name],
            "{name}"
        );
        assert_eq!(standing["played"], 3, "{name} met every other bot");
    }

    // Tournament games are rated, and bots are rated by their names: the
    // board counts three results for every bot (a shared PostgreSQL
    // database may rate others besides).
    let board = api.get("/api/ratings?game=gt").await;
    assert!(board["periods"].as_u64().unwrap() >= 6, "{board}");
    for name in names {
        let leader = board["leaders"]
            .as_array()
            .unwrap()
            .iter()
            .find(|leader| leader["name"] == name)
            .unwrap_or_else(|| panic!("{name} is rated: {board}"));
        assert_eq!(leader["games"], 3, "{leader}");
    }

    // A bot cannot move in a game it does not sit in.
    let (game, pairing) = a_game.unwrap();
    let outsider = names
        .iter()
        .find(|n| pairing["first"] != **n && pairing["second"] != **n)
        .unwrap();
    let moves = format!("/api/gt/games/{game}/moves");
    let (status, body) = api
        .post(
            &moves,
            Some(&tokens[outsider]),
            json!({ "move": "A7-A6-1" }),
        )
        .await;
    assert_eq!(status, 403, "{body}");
    assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()));
    // And the organiser is not handed tokens for the bots' seats.
    let games_path = format!("/api/tournaments/{id}/games");
    let (_, games) = api
        .send(reqwest::Method::GET, &games_path, Some(&organiser), None)
        .await;
    for game in games["games"].as_array().unwrap() {
        assert_eq!(game["tokens"], json!([]), "{game}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_round_robin_of_four_bots_plays_through_to_its_standings() {
    let dir = std::env::temp_dir().join(format!("towers-bots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    round_robin_of_bots(&format!("sqlite:{}", dir.join("rr.db").display())).await;
    if let Some(postgres) = std::env::var("TOWERS_TEST_DATABASE_URL")
        .ok()
        .filter(|url| !url.is_empty())
    {
        round_robin_of_bots(&postgres).await;
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// Reads lines of a bot's event stream until one is an event.
async fn next_event(stream: &mut reqwest::Response, pending: &mut Vec<u8>) -> Value {
    loop {
        while let Some(end) = pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = pending.drain(..=end).collect();
            if !line.iter().all(u8::is_ascii_whitespace) {
                return serde_json::from_slice(&line).unwrap();
            }
        }
        let chunk = tokio::time::timeout(Duration::from_secs(10), stream.chunk())
            .await
            .expect("a line within the keep-alive")
            .unwrap()
            .expect("the stream stays open");
        pending.extend_from_slice(&chunk);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_bot_offline_when_its_game_began_plays_it_when_it_connects() {
    let dir = std::env::temp_dir().join(format!("towers-bot-late-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (_server, base) = serve(&format!("sqlite:{}", dir.join("late.db").display()));
    let api = Api::signed_up(&base).await;
    let token = api.register_bot("late").await;
    let (status, created) = api
        .post(
            "/api/gt/games",
            None,
            json!({ "opponent": "bot", "bot": "late", "color": "red", "name": "ann" }),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let game = created["id"].as_str().unwrap().to_string();
    let human = created["token"].as_str().unwrap().to_string();
    let (status, body) = api
        .post(
            "/api/gt/games",
            None,
            json!({ "opponent": "bot", "bot": "nobody", "name": "ann" }),
        )
        .await;
    assert_eq!(status, 404, "{body}");

    // The stream begins with the ongoing game (catch-up).
    let stream_url = format!("{base}/api/bots/stream");
    let open = |token: &str| {
        api.client
            .get(&stream_url)
            .bearer_auth(token.to_string())
            .send()
    };
    let mut first = open(&token).await.unwrap();
    assert_eq!(first.status(), 200);
    let mut pending = Vec::new();
    let event = next_event(&mut first, &mut pending).await;
    assert_eq!(
        event,
        json!({ "type": "game_started", "game": game, "color": "blue" })
    );

    // An account holds two streams at once, not three.
    let second = open(&token).await.unwrap();
    assert_eq!(second.status(), 200);
    let third = open(&token).await.unwrap();
    assert_eq!(third.status(), 429);
    let refusal: Value = third.json().await.unwrap();
    assert!(refusal["error"].as_str().unwrap().contains("streams"));
    drop(second);

    // A wrong token, or none, is 401 with a message.
    for token in [Some("0123456789abcdef0123456789abcdef"), None] {
        let mut request = api.client.get(&stream_url);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 401);
        let body: Value = response.json().await.unwrap();
        assert!(body["error"].as_str().unwrap().contains("bot account"));
    }

    // Once its adapter runs, the bot answers the human's move.
    let _adapter = adapter(&base, &token);
    let moves = format!("/api/gt/games/{game}/moves");
    let legal = api.get(&format!("/api/gt/games/{game}")).await["legal_moves"][0].clone();
    let (status, body) = api
        .post(&moves, Some(&human), json!({ "move": legal }))
        .await;
    assert_eq!(status, 200, "{body}");
    let path = format!("/api/gt/games/{game}");
    api.wait_for(&path, Duration::from_secs(20), |g| g["ply"] == 2)
        .await;
    let (status, body) = api
        .post(
            &format!("/api/gt/games/{game}/resign"),
            Some(&human),
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let event = next_event(&mut first, &mut pending).await;
    assert_eq!(event, json!({ "type": "game_finished", "game": game }));
    let _ = std::fs::remove_dir_all(dir);
}

/// The human (Red) plays the first legal move; the bot must answer it.
async fn bot_answers(api: &Api, game: &str, human: &str) {
    let path = format!("/api/gt/games/{game}");
    let before = api.get(&path).await;
    let ply = before["ply"].as_u64().unwrap();
    let moves = format!("{path}/moves");
    let body = json!({ "move": before["legal_moves"][0] });
    let (status, body) = api.post(&moves, Some(human), body).await;
    assert_eq!(status, 200, "{body}");
    api.wait_for(&path, Duration::from_secs(20), |g| g["ply"] == ply + 2)
        .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_adapter_rides_out_a_server_restart() {
    let dir = std::env::temp_dir().join(format!("towers-bot-restart-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let database = format!("sqlite:{}", dir.join("restart.db").display());
    let (server, base) = serve(&database);
    let api = Api::signed_up(&base).await;
    let token = api.register_bot("steady").await;
    let _adapter = adapter(&base, &token);
    let game = json!({ "opponent": "bot", "bot": "steady", "color": "red", "name": "ann" });
    let (status, created) = api.post("/api/gt/games", None, game).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    let human = created["token"].as_str().unwrap();
    bot_answers(&api, id, human).await;

    // SIGKILL, then a new server on the same address and database.
    drop(server);
    let addr = base.trim_start_matches("http://");
    let (_server, again) = serve_at(addr, &database);
    assert_eq!(again, base);
    bot_answers(&api, id, human).await;
    let _ = std::fs::remove_dir_all(dir);
}
