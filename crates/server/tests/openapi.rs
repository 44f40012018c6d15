//! The API document describes what the server really sends: every answer
//! of a session that touches each route is checked, field by field,
//! against the schema `/api/openapi.json` gives for its route, method and
//! status — its types, enums and constants, its alternatives (`oneOf`), its
//! required fields, and no field the document does not name. The document
//! is the one `api::openapi` makes from the wire types, so this is the
//! contract test between what is generated and what is served.

mod common;

use common::{config, start, Account, TestServer};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

/// What is wrong with `value` against `schema`, each with its JSON path.
fn violations(value: &Value, schema: &Value, document: &Value, path: &str) -> Vec<String> {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.trim_start_matches("#/components/schemas/");
        let target = &document["components"]["schemas"][name];
        assert!(target.is_object(), "{path}: unknown schema {reference}");
        return violations(value, target, document, path);
    }
    let mut found = Vec::new();
    if let Some(alternatives) = schema["oneOf"].as_array() {
        let fitting = alternatives
            .iter()
            .filter(|alternative| violations(value, alternative, document, path).is_empty())
            .count();
        if fitting != 1 {
            found.push(format!(
                "{path}: {value} fits {fitting} of the alternatives {alternatives:?}"
            ));
        }
    }
    if let Some(constant) = schema.get("const") {
        if value != constant {
            found.push(format!("{path}: {value} is not the constant {constant}"));
        }
    }
    if let Some(allowed) = schema["enum"].as_array() {
        if !allowed.contains(value) {
            found.push(format!("{path}: {value} is not one of {allowed:?}"));
        }
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(one) => vec![one.as_str()],
        Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let type_of = match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    };
    let fits = |t: &&str| *t == type_of || (*t == "number" && type_of == "integer");
    if !types.is_empty() && !types.iter().any(fits) {
        found.push(format!("{path}: a {type_of}, documented as {types:?}"));
    }
    if let (Value::Object(fields), Some(properties)) = (value, schema["properties"].as_object()) {
        for (name, field) in fields {
            match properties.get(name) {
                Some(field_schema) => found.extend(violations(
                    field,
                    field_schema,
                    document,
                    &format!("{path}.{name}"),
                )),
                None => found.push(format!("{path}.{name}: not in the document")),
            }
        }
        for required in schema["required"].as_array().into_iter().flatten() {
            let name = required.as_str().unwrap();
            if !fields.contains_key(name) {
                found.push(format!("{path}.{name}: required but missing"));
            }
        }
    }
    if let (Value::Array(items), Some(item_schema)) = (value, schema.get("items")) {
        for (index, item) in items.iter().enumerate() {
            found.extend(violations(
                item,
                item_schema,
                document,
                &format!("{path}[{index}]"),
            ));
        }
    }
    found
}

struct Checker<'a> {
    server: &'a TestServer,
    document: Value,
    checked: Vec<String>,
}

impl Checker<'_> {
    /// Sends a request and checks its JSON answer against the document.
    async fn call(
        &mut self,
        method: Method,
        route: &str,
        id: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Value {
        self.send(method, route, id, None, token, body).await
    }

    /// As [`Checker::call`], signed in as `account` (its session cookie).
    async fn call_as(
        &mut self,
        account: &Account,
        method: Method,
        route: &str,
        id: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Value {
        self.send(method, route, id, Some(account), token, body)
            .await
    }

    async fn send(
        &mut self,
        method: Method,
        route: &str,
        id: &str,
        account: Option<&Account>,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Value {
        // A player page's two path parameters come as one id, `game/name`.
        let path = route.replace("{id}", id).replace("{game}/{name}", id);
        let url = format!("{}{path}", self.server.base);
        let mut request = self.server.client.request(method.clone(), url);
        if let Some(account) = account {
            request = request.header(reqwest::header::COOKIE, &account.cookie);
        }
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        self.check(method, route, request.send().await.unwrap())
            .await
    }

    /// Sends a text body (a contest log) and checks the JSON answer.
    async fn call_text(&mut self, route: &str, text: String) -> Value {
        let url = format!("{}{route}", self.server.base);
        let response = self.server.client.post(url).body(text).send().await;
        self.check(Method::POST, route, response.unwrap()).await
    }

    /// Checks an answer against the document.
    async fn check(&mut self, method: Method, route: &str, response: reqwest::Response) -> Value {
        let (status, answer) = common::answer(response).await;
        let documented = route.split('?').next().unwrap();
        let operation = &self.document["paths"][documented][method.as_str().to_lowercase()];
        let schema =
            &operation["responses"][status.as_str()]["content"]["application/json"]["schema"];
        assert!(
            schema.is_object(),
            "{method} {route} answered {status}, which the document does not describe: {answer}"
        );
        let found = violations(&answer, schema, &self.document, "$");
        assert!(
            found.is_empty(),
            "{method} {route} {status}:\n{}\n{answer}",
            found.join("\n")
        );
        self.checked.push(format!("{method} {route} {status}"));
        answer
    }
}

#[tokio::test]
async fn every_answer_of_a_session_matches_its_documented_schema_field_by_field() {
    let server = start(config(&common::sqlite_url())).await;
    let (status, document) = server.get("/api/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    let mut api = Checker {
        server: &server,
        document,
        checked: Vec::new(),
    };
    api.call(Method::GET, "/api/health", "", None, None).await;
    let created = api
        .call(Method::POST, "/api/gt/games", "", None, Some(json!({ "opponent": "friend", "name": "ann", "time_control": { "initial_ms": 600000, "increment_ms": 0 } })))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let red = created["token"].as_str().unwrap().to_string();
    api.call(
        Method::POST,
        "/api/gt/games/{id}/join",
        &id,
        None,
        Some(json!({ "name": "bob", "invite": "not the secret" })),
    )
    .await;
    let joined = api
        .call(
            Method::POST,
            "/api/gt/games/{id}/join",
            &id,
            None,
            Some(json!({ "name": "bob", "invite": created["invite"] })),
        )
        .await;
    let blue = joined["token"].as_str().unwrap().to_string();
    let moved = api
        .call(
            Method::POST,
            "/api/gt/games/{id}/moves",
            &id,
            Some(&red),
            Some(json!({ "move": "A7-A6-1" })),
        )
        .await;
    assert_eq!(moved["ply"], 1);
    api.call(
        Method::POST,
        "/api/gt/games/{id}/moves",
        &id,
        Some(&red),
        Some(json!({ "move": "A6-A5-1" })),
    )
    .await;
    api.call(
        Method::POST,
        "/api/gt/games/{id}/draw",
        &id,
        Some(&blue),
        Some(json!({ "action": "offer" })),
    )
    .await;
    let rematch = "/api/gt/games/{id}/rematch";
    let offer = || Some(json!({ "action": "offer" }));
    api.call(Method::POST, rematch, &id, Some(&red), offer())
        .await;
    api.call(
        Method::POST,
        "/api/gt/games/{id}/resign",
        &id,
        Some(&blue),
        None,
    )
    .await;
    api.call(Method::POST, rematch, &id, Some(&red), offer())
        .await;
    let accept = Some(json!({ "action": "accept" }));
    api.call(Method::POST, rematch, &id, Some(&red), accept.clone())
        .await;
    api.call(Method::POST, rematch, &id, Some(&blue), accept)
        .await;
    api.call(Method::POST, rematch, &id, Some(&blue), offer())
        .await;
    api.call(Method::GET, "/api/gt/games/{id}", &id, None, None)
        .await;
    api.call(Method::GET, "/api/gt/games/{id}/positions", &id, None, None)
        .await;
    api.call(Method::GET, "/api/gt/games", "", None, None).await;
    api.call(
        Method::POST,
        "/api/gt/games",
        "",
        None,
        Some(json!({ "opponent": "public", "name": "cy" })),
    )
    .await;
    api.call(Method::GET, "/api/gt/games?status=waiting", "", None, None)
        .await;
    let log = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../guard-towers/tests/data/contest-logs/win.txt"
    ))
    .unwrap();
    api.call_text("/api/gt/course-logs", log.clone()).await;
    api.call_text("/api/gt/course-logs", log.replace("Spieler Rot", "Red"))
        .await;
    api.call(
        Method::POST,
        "/api/gt/position",
        "",
        None,
        Some(json!({ "position": "3RG3/7/7/7/7/3r13/3BG3 r" })),
    )
    .await;
    api.call(
        Method::POST,
        "/api/gt/position",
        "",
        None,
        Some(json!({ "position": "3RG3/7/7/7/7/7/3r13 b" })),
    )
    .await;
    api.call(
        Method::POST,
        "/api/gt/position",
        "",
        None,
        Some(json!({ "position": "3RG3/7/7/7/7/3r13/3BG3 r", "move": "D2-D1-1" })),
    )
    .await;
    api.call(Method::GET, "/api/gt/games?limit=x", "", None, None)
        .await;
    api.call(
        Method::POST,
        "/api/gt/analysis",
        "",
        None,
        Some(json!({ "position": "3RG3/7/7/7/7/3r13/3BG3 r", "movetime_ms": 50 })),
    )
    .await;
    api.call(
        Method::POST,
        "/api/gt/analysis",
        "",
        None,
        Some(json!({ "position": "3RG3/7/7/7/7/7/3r13 b" })),
    )
    .await;
    api.call(
        Method::POST,
        "/api/gt/games",
        "",
        None,
        Some(json!({ "opponent": "engine", "level": 11 })),
    )
    .await;
    let kubb = api
        .call(
            Method::POST,
            "/api/kubb/matches",
            "",
            None,
            Some(json!({ "team_a": { "name": "Vikings" }, "team_b": { "name": "Saxons" } })),
        )
        .await;
    let match_id = kubb["id"].as_str().unwrap().to_string();
    let referee = kubb["token"].as_str().unwrap().to_string();
    api.call(Method::GET, "/api/kubb/matches/{id}", &match_id, None, None)
        .await;
    api.call(
        Method::POST,
        "/api/kubb/matches/{id}/undo",
        &match_id,
        Some(&referee),
        None,
    )
    .await;
    let start = json!({ "event": { "event": "start", "team": "A" }, "seq": 2 });
    api.call(
        Method::POST,
        "/api/kubb/matches/{id}/events",
        &match_id,
        Some(&referee),
        Some(start.clone()),
    )
    .await;
    api.call(
        Method::POST,
        "/api/kubb/matches/{id}/events",
        &match_id,
        Some(&referee),
        Some(start),
    )
    .await;
    api.call(
        Method::POST,
        "/api/kubb/matches/{id}/events",
        &match_id,
        Some(&referee),
        Some(json!({ "event": { "event": "start", "team": "B" }, "seq": 9 })),
    )
    .await;
    api.call(
        Method::POST,
        "/api/kubb/matches/{id}/undo",
        &match_id,
        Some(&referee),
        None,
    )
    .await;
    api.call(
        Method::GET,
        "/api/kubb/matches/{id}/probability",
        &match_id,
        None,
        None,
    )
    .await;
    api.call(Method::GET, "/api/kubb/matches", "", None, None)
        .await;
    api.call(
        Method::GET,
        "/api/kubb/matches/{id}",
        "nosuchgame",
        None,
        None,
    )
    .await;
    tournament_session(&mut api).await;
    account_session(&mut api).await;
    bot_session(&mut api).await;
    puzzle_session(&mut api).await;
    assert!(api.checked.len() >= 35, "{:?}", api.checked);
}

/// Accounts: signing up and its refusal, who is signed in, a wrong
/// password, and a rated game played by two accounts (its creation and
/// join signed in, under the accounts' own names).
async fn account_session(api: &mut Checker<'_>) {
    let name = common::unique_name("dee");
    let sign_up = Some(json!({ "name": name, "password": common::PASSWORD }));
    let view = api
        .call(Method::POST, "/api/accounts", "", None, sign_up.clone())
        .await;
    assert_eq!(view["name"], name.as_str(), "{view}");
    api.call(Method::POST, "/api/accounts", "", None, sign_up)
        .await;
    let wrong = Some(json!({ "name": name, "password": "not the password" }));
    api.call(Method::POST, "/api/session", "", None, wrong)
        .await;
    api.call(Method::GET, "/api/session", "", None, None).await;

    let (ann, bob) = (
        api.server.account("ann").await,
        api.server.account("bob").await,
    );
    api.call_as(&ann, Method::GET, "/api/session", "", None, None)
        .await;
    let rated = Some(json!({ "opponent": "friend", "rated": true }));
    let created = api
        .call_as(&ann, Method::POST, "/api/gt/games", "", None, rated)
        .await;
    assert_eq!(created["state"]["rated"], true, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let join = Some(json!({ "invite": created["invite"] }));
    let joined = api
        .call_as(
            &bob,
            Method::POST,
            "/api/gt/games/{id}/join",
            &id,
            None,
            join,
        )
        .await;
    assert_eq!(
        joined["state"]["seats"]["blue"]["name"],
        bob.name.as_str(),
        "{joined}"
    );
}

/// Bot accounts: registration by a signed-in owner and its refusals,
/// whose a token is, a game against a bot, a tournament with bot
/// entrants, the stream's refusals (its 200 is NDJSON, read by
/// `crates/towers/tests/bots.rs`).
async fn bot_session(api: &mut Checker<'_>) {
    let owner = api.server.account("owner").await;
    let unowned = Some(json!({ "name": "bot-a" }));
    api.call(Method::POST, "/api/bots", "", None, unowned).await;
    let mut tokens = Vec::new();
    for name in ["bot-a", "bot-b"] {
        let body = Some(json!({ "name": name }));
        let registered = api
            .call_as(&owner, Method::POST, "/api/bots", "", None, body)
            .await;
        tokens.push(registered["token"].as_str().unwrap().to_string());
    }
    let again = Some(json!({ "name": "bot-a" }));
    api.call_as(&owner, Method::POST, "/api/bots", "", None, again)
        .await;
    let bad = Some(json!({ "name": "bye" }));
    api.call_as(&owner, Method::POST, "/api/bots", "", None, bad)
        .await;
    let owned = api
        .call_as(&owner, Method::GET, "/api/bots", "", None, None)
        .await;
    assert_eq!(owned["bots"].as_array().map(Vec::len), Some(2), "{owned}");
    let account = api
        .call(Method::GET, "/api/bots/account", "", Some(&tokens[0]), None)
        .await;
    assert_eq!(account["name"], "bot-a");
    api.call(Method::GET, "/api/bots/account", "", Some("wrong"), None)
        .await;
    api.call(Method::GET, "/api/bots/stream", "", None, None)
        .await;
    let game = Some(json!({ "opponent": "bot", "bot": "bot-a", "name": "ann" }));
    let created = api
        .call(Method::POST, "/api/gt/games", "", None, game)
        .await;
    assert_eq!(created["state"]["seats"]["blue"]["player"]["type"], "bot");
    let nobody = Some(json!({ "opponent": "bot", "bot": "nobody", "name": "ann" }));
    api.call(Method::POST, "/api/gt/games", "", None, nobody)
        .await;

    let created = api
        .call(
            Method::POST,
            "/api/tournaments",
            "",
            None,
            Some(json!({ "title": "Bots", "game": "gt", "format": "round-robin" })),
        )
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let organiser = created["token"].as_str().unwrap().to_string();
    for name in ["bot-a", "bot-b", "nobody"] {
        let entrant = Some(json!({ "name": name, "bot": true }));
        let path = "/api/tournaments/{id}/entrants";
        api.call(Method::POST, path, &id, Some(&organiser), entrant)
            .await;
    }
    let round = "/api/tournaments/{id}/rounds";
    api.call(Method::POST, round, &id, Some(&organiser), None)
        .await;
    let games = api
        .call(
            Method::GET,
            "/api/tournaments/{id}/games",
            &id,
            Some(&organiser),
            None,
        )
        .await;
    assert_eq!(
        games["games"][0]["tokens"],
        json!([]),
        "no tokens for bot seats"
    );
    let state = api
        .call(Method::GET, "/api/tournaments/{id}", &id, None, None)
        .await;
    assert_eq!(state["entrants"][0]["bot"], true);
}

/// A rated Guard & Towers tournament (made signed in) from creation to
/// its end, every organiser refusal included, with its ratings and a
/// player page, and a Kubb knockout's first round (teams with players, a
/// ruleset).
async fn tournament_session(api: &mut Checker<'_>) {
    let account = api.server.account("organiser").await;
    let created = api
        .call_as(&account, Method::POST, "/api/tournaments", "", None, Some(json!({ "title": "Club night", "game": "gt", "format": "round-robin", "time_control": { "initial_ms": 600000, "increment_ms": 0 } })))
        .await;
    assert_eq!(created["state"]["rated"], true, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let organiser = created["token"].as_str().unwrap().to_string();
    api.call(
        Method::POST,
        "/api/tournaments",
        "",
        None,
        Some(json!({ "title": "x", "game": "gt", "format": "round-robin", "rounds": 3 })),
    )
    .await;
    for name in ["ann", "bob"] {
        let entrant = Some(json!({ "name": name }));
        api.call(
            Method::POST,
            "/api/tournaments/{id}/entrants",
            &id,
            Some(&organiser),
            entrant,
        )
        .await;
    }
    let entrant = || Some(json!({ "name": "cy" }));
    api.call(
        Method::POST,
        "/api/tournaments/{id}/entrants",
        &id,
        None,
        entrant(),
    )
    .await;
    api.call(
        Method::POST,
        "/api/tournaments/{id}/entrants",
        &id,
        Some("wrong"),
        entrant(),
    )
    .await;
    api.call(
        Method::POST,
        "/api/tournaments/{id}/entrants",
        &id,
        Some(&organiser),
        Some(json!({ "name": "ann" })),
    )
    .await;
    // An entrant withdrawn before round 1 plays no round.
    api.call(
        Method::POST,
        "/api/tournaments/{id}/entrants",
        &id,
        Some(&organiser),
        Some(json!({ "name": "cy" })),
    )
    .await;
    let withdrawn = api
        .call(
            Method::POST,
            "/api/tournaments/{id}/withdrawals",
            &id,
            Some(&organiser),
            Some(json!({ "name": "cy" })),
        )
        .await;
    assert_eq!(withdrawn["entrants"][2]["withdrawn"], true);
    api.call(
        Method::POST,
        "/api/tournaments/{id}/withdrawals",
        &id,
        Some(&organiser),
        Some(json!({ "name": "nobody" })),
    )
    .await;
    api.call(
        Method::POST,
        "/api/tournaments/{id}/rounds",
        &id,
        Some(&organiser),
        None,
    )
    .await;
    api.call(
        Method::GET,
        "/api/tournaments/{id}/games",
        &id,
        Some(&organiser),
        None,
    )
    .await;
    let result = Some(json!({ "first": "bob", "second": "ann", "score": "0.5-0.5" }));
    api.call(
        Method::POST,
        "/api/tournaments/{id}/results",
        &id,
        Some(&organiser),
        result,
    )
    .await;
    api.call(
        Method::POST,
        "/api/tournaments/{id}/rounds",
        &id,
        Some(&organiser),
        None,
    )
    .await;
    api.call(Method::GET, "/api/tournaments/{id}", &id, None, None)
        .await;
    api.call(
        Method::GET,
        "/api/tournaments/{id}/bracket",
        &id,
        None,
        None,
    )
    .await;
    api.call(
        Method::GET,
        "/api/tournaments?status=finished",
        "",
        None,
        None,
    )
    .await;
    api.call(
        Method::GET,
        "/api/tournaments/{id}",
        "nosuchgame",
        None,
        None,
    )
    .await;
    api.call(
        Method::GET,
        "/api/ratings?game=gt&min_games=1",
        "",
        None,
        None,
    )
    .await;
    api.call(Method::GET, "/api/ratings?game=chess", "", None, None)
        .await;
    let ann = api
        .call(
            Method::GET,
            "/api/players/{game}/{name}",
            "gt/ann",
            None,
            None,
        )
        .await;
    assert_eq!(ann["history"][0]["color"], "red", "{ann}");
    for unknown in ["gt/nobody", "chess/ann"] {
        api.call(
            Method::GET,
            "/api/players/{game}/{name}",
            unknown,
            None,
            None,
        )
        .await;
    }
    let kubb = api
        .call(Method::POST, "/api/tournaments", "", None, Some(json!({ "title": "Lawn cup", "game": "kubb", "format": "knockout", "third_place": true, "ruleset": "standard", "match_settings": { "opening": "2-4-6", "time_limit": { "minutes": 30, "tie_break": "baseline-count" } } })))
        .await;
    let kubb_id = kubb["id"].as_str().unwrap().to_string();
    let kubb_organiser = kubb["token"].as_str().unwrap().to_string();
    for team in ["Vikings", "Danes", "Geats"] {
        let entrant = Some(json!({ "name": team, "players": [format!("{team} one")] }));
        api.call(
            Method::POST,
            "/api/tournaments/{id}/entrants",
            &kubb_id,
            Some(&kubb_organiser),
            entrant,
        )
        .await;
    }
    api.call(
        Method::POST,
        "/api/tournaments/{id}/rounds",
        &kubb_id,
        Some(&kubb_organiser),
        None,
    )
    .await;
}

/// Puzzles, anonymously (the Checker sends no X-Solver and keeps no
/// cookie): the counts, the next one (of a theme too), an attempt (a move
/// that is no solution's first fails it), the results, the refusals.
async fn puzzle_session(api: &mut Checker<'_>) {
    api.call(Method::GET, "/api/gt/puzzles", "", None, None)
        .await;
    api.call(
        Method::GET,
        "/api/gt/puzzles/next?theme=defence",
        "",
        None,
        None,
    )
    .await;
    api.call(
        Method::GET,
        "/api/gt/puzzles/next?theme=fork",
        "",
        None,
        None,
    )
    .await;
    api.call(Method::GET, "/api/gt/puzzles/results", "", None, None)
        .await;
    let puzzle = api
        .call(Method::GET, "/api/gt/puzzles/next", "", None, None)
        .await;
    let id = puzzle["id"].to_string();
    let attempts = "/api/gt/puzzles/{id}/attempts";
    let info = api
        .call(
            Method::POST,
            "/api/gt/position",
            "",
            None,
            Some(json!({ "position": puzzle["position"] })),
        )
        .await;
    for mv in info["legal_moves"].as_array().unwrap().iter().take(6) {
        let body = Some(json!({ "moves": [mv] }));
        api.call(Method::POST, attempts, &id, None, body).await;
    }
    let bad = Some(json!({ "moves": ["nonsense"] }));
    api.call(Method::POST, attempts, &id, None, bad).await;
    let none = Some(json!({ "moves": [] }));
    api.call(Method::POST, attempts, &id, None, none).await;
    let body = Some(json!({ "moves": ["A1-A2-1"] }));
    api.call(Method::POST, attempts, "999999", None, body).await;
}
