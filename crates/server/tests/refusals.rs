//! Every refusal carries a stable code with its particulars beside its
//! English words, and every code has its message in the catalogs the
//! pages read (`locales/<language>/refusals.ftl`, `refusal-<code>` with
//! dots as dashes): the set of codes and the set of messages are the same.

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use api::kubb::MatchCreated;
use api::ErrorBody;
use common::{config, read, start};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// The `refusal-*` message ids of a language's catalog.
fn refusal_messages(language: &str) -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../locales")
        .join(language)
        .join("refusals.ftl");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path:?}: {error}"));
    text.lines()
        .filter_map(|line| line.split_once(" ="))
        .map(|(id, _)| id.trim())
        .filter(|id| id.starts_with("refusal-"))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_code_has_its_message_and_every_message_its_code() {
    let codes: Vec<&str> = api::codes().collect();
    let listed: BTreeSet<String> = codes
        .iter()
        .map(|code| format!("refusal-{}", code.replace('.', "-")))
        .collect();
    assert_eq!(
        listed.len(),
        codes.len(),
        "a code is listed twice: {codes:?}"
    );
    for code in &codes {
        let (area, name) = code.split_once('.').expect("a code has an area");
        assert!(
            !area.is_empty()
                && !name.is_empty()
                && code
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.'),
            "{code} is not area.kebab-case"
        );
    }
    for language in ["en", "de", "nl"] {
        let messages = refusal_messages(language);
        let missing: Vec<_> = listed.difference(&messages).collect();
        let unknown: Vec<_> = messages.difference(&listed).collect();
        assert!(
            missing.is_empty() && unknown.is_empty(),
            "{language}: codes without a message {missing:?}, messages without a code {unknown:?}"
        );
    }
}

/// What a refusal's body says: its status, code and particulars.
fn refusal(status: StatusCode, body: &Value) -> (StatusCode, String, Value) {
    let body: ErrorBody = read(body);
    (status, body.code, Value::Object(body.params))
}

#[tokio::test]
async fn real_refusals_come_with_their_code_and_particulars() {
    let server = start(config(&common::sqlite_url())).await;

    // A Kubb entry the rules refuse: a stick before the starting throw.
    let (status, created) = server
        .post(
            "/api/kubb/matches",
            None,
            json!({ "ruleset": "seed", "team_a": { "name": "Vikings" }, "team_b": { "name": "Danes" } }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let created: MatchCreated = read(&created);
    let events = format!("/api/kubb/matches/{}/events", created.id);
    let token = Some(created.token.as_str());
    let (status, body) = server
        .post(
            &events,
            token,
            json!({ "event": { "event": "stick", "player": "ann", "outcome": "miss" } }),
        )
        .await;
    assert_eq!(
        refusal(status, &body),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "kubb.not-now".into(),
            json!({ "action": "stick", "phase": "starting-throw", "count": 0 })
        ),
        "{body}"
    );
    assert_eq!(
        read::<ErrorBody>(&body).error,
        "a stick throw is not possible now: the game starts with the starting throw"
    );
    // A hit that names nothing: the scorekeeping's refusal.
    let (status, body) = server
        .post(
            &events,
            token,
            json!({ "event": { "event": "start", "team": "A" } }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = server
        .post(
            &events,
            token,
            json!({ "event": { "event": "stick", "player": "ann", "outcome": { "hit": { "knights": [], "towers": [] } } } }),
        )
        .await;
    assert_eq!(
        refusal(status, &body),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "kubb.hit-names-nothing".into(),
            json!({})
        ),
        "{body}"
    );
    // An entry sent ahead of the ones before it.
    let (status, body) = server
        .post(
            &events,
            token,
            json!({ "seq": 99, "event": { "event": "stick", "player": "ann", "outcome": "miss" } }),
        )
        .await;
    let (status, code, params) = refusal(status, &body);
    assert_eq!(
        (status, code.as_str(), &params["seq"]),
        (StatusCode::CONFLICT, "kubb.event-out-of-order", &json!(99)),
        "{body}"
    );
    assert!(
        params["next"].as_i64().is_some_and(|next| next < 99),
        "{body}"
    );

    // Guard & Towers: a move out of turn, and a move no rule allows.
    let (id, red, blue) = server.friend_game(json!({})).await;
    let moves = format!("/api/gt/games/{id}/moves");
    let (status, body) = server
        .post(&moves, Some(&blue), json!({ "move": "D3-D4-1" }))
        .await;
    assert_eq!(
        refusal(status, &body),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "gt.not-your-turn".into(),
            json!({ "side": "red" })
        ),
        "{body}"
    );
    // Red's moves refused: by the rules, and as text that is no move, with
    // why as data the catalogs choose their words by.
    let refused = [
        (
            "A1-A2-1",
            "gt.illegal-move",
            json!({ "move": "A1-A2-1", "side": "red" }),
        ),
        (
            "castle",
            "gt.unreadable-move",
            json!({ "problem": "format", "move": "castle" }),
        ),
        (
            "A1-A4-2",
            "gt.unreadable-move",
            json!({ "problem": "count-mismatch", "move": "A1-A4-2", "stones": 2, "distance": 3 }),
        ),
        (
            "A1-H9-1",
            "gt.unreadable-move",
            json!({ "problem": "square", "move": "A1-H9-1", "square": "H9" }),
        ),
    ];
    for (mv, code, params) in refused {
        let (status, body) = server.post(&moves, Some(&red), json!({ "move": mv })).await;
        assert_eq!(
            refusal(status, &body),
            (StatusCode::UNPROCESSABLE_ENTITY, code.into(), params),
            "{body}"
        );
    }
    // Joining a game whose seats are both taken.
    let (status, body) = server
        .post(
            &format!("/api/gt/games/{id}/join"),
            None,
            json!({ "name": "cem" }),
        )
        .await;
    assert_eq!(
        refusal(status, &body),
        (StatusCode::CONFLICT, "gt.no-seat-free".into(), json!({})),
        "{body}"
    );
    // A draw accepted that no one offered: the game's own check, with
    // the side that has nothing to answer.
    let (status, body) = server
        .post(
            &format!("/api/gt/games/{id}/draw"),
            Some(&blue),
            json!({ "action": "accept" }),
        )
        .await;
    assert_eq!(
        refusal(status, &body),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "gt.no-draw-offer".into(),
            json!({ "side": "blue" })
        ),
        "{body}"
    );
    assert_eq!(
        read::<ErrorBody>(&body).error,
        "blue has no draw offer to answer"
    );
    // A move after the game ended: how it ended is one word the catalogs
    // select on, while the English text stays as it was.
    let (status, body) = server
        .post(
            &format!("/api/gt/games/{id}/resign"),
            Some(&blue),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = server
        .post(&moves, Some(&red), json!({ "move": "D3-D4-1" }))
        .await;
    assert_eq!(
        refusal(status, &body),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "gt.game-over".into(),
            json!({ "termination": "resignation" })
        ),
        "{body}"
    );
    assert_eq!(
        read::<ErrorBody>(&body).error,
        "the game is over (resignation)"
    );
    // A token that is none of the game's seats.
    let (status, body) = server
        .post(&moves, Some("not-a-seat"), json!({ "move": "D3-D4-1" }))
        .await;
    assert_eq!(
        refusal(status, &body),
        (
            StatusCode::FORBIDDEN,
            "game.token-holds-no-seat".into(),
            json!({})
        ),
        "{body}"
    );

    // An unknown game, and a path the API does not have.
    let (status, body) = server.get("/api/gt/games/nosuchgame").await;
    assert_eq!(
        refusal(status, &body),
        (
            StatusCode::NOT_FOUND,
            "game.not-found".into(),
            json!({ "id": "nosuchgame" })
        ),
        "{body}"
    );
    let (status, body) = server.get("/api/no/such/path").await;
    let (status, code, params) = refusal(status, &body);
    assert_eq!(
        (status, code.as_str(), params),
        (
            StatusCode::NOT_FOUND,
            "request.not-found",
            json!({ "reason": "no such API path" })
        ),
        "{body}"
    );
}

/// The refusals people meet most outside the games' rules come with their
/// own codes: a name's rule, a look-alike name, a duplicate entrant, a
/// wrong password.
#[tokio::test]
async fn names_tournaments_and_accounts_refuse_with_precise_codes() {
    let server = start(config(&common::sqlite_url())).await;
    let ann = server.account("ann").await;
    let sign_up = |name: String| {
        server.post(
            "/api/accounts",
            None,
            json!({ "name": name, "password": common::PASSWORD }),
        )
    };

    let (status, body) = sign_up("x".repeat(41)).await;
    assert_eq!(
        refusal(status, &body),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "name.too-long".into(),
            json!({ "max": 40, "given": "x".repeat(40), "chars": 41 })
        ),
        "{body}"
    );
    let look_alike = format!("A{}", &ann.name[1..]);
    let (status, body) = sign_up(look_alike.clone()).await;
    assert_eq!(
        refusal(status, &body),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "name.too-like".into(),
            json!({ "name": look_alike, "held": ann.name })
        ),
        "{body}"
    );
    assert_eq!(
        read::<ErrorBody>(&body).error,
        format!("'{look_alike}' is taken, or too like '{}'", ann.name)
    );

    let (status, body) = server
        .post(
            "/api/session",
            None,
            json!({ "name": ann.name, "password": "not the password" }),
        )
        .await;
    assert_eq!(
        refusal(status, &body),
        (
            StatusCode::UNAUTHORIZED,
            "account.wrong-password".into(),
            json!({})
        ),
        "{body}"
    );
    // A session the account does not hold, and a write from another
    // site's page.
    let response = server
        .client
        .delete(format!(
            "{}/api/account/sessions/nosuchsession",
            server.base
        ))
        .header("cookie", &ann.cookie)
        .send()
        .await
        .unwrap();
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        refusal(status, &body),
        (
            StatusCode::NOT_FOUND,
            "account.no-such-session".into(),
            json!({})
        ),
        "{body}"
    );
    let response = server
        .client
        .post(format!("{}/api/accounts", server.base))
        .header("sec-fetch-site", "cross-site")
        .json(&json!({ "name": "cem", "password": common::PASSWORD }))
        .send()
        .await
        .unwrap();
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        refusal(status, &body),
        (StatusCode::FORBIDDEN, "auth.cross-site".into(), json!({})),
        "{body}"
    );

    let (status, created) = server
        .post(
            "/api/tournaments",
            None,
            json!({ "title": "Casual night", "game": "gt", "format": "round-robin" }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let (id, organiser) = (
        created["id"].as_str().expect("an id").to_string(),
        created["token"].as_str().expect("a token").to_string(),
    );
    let entrants = format!("/api/tournaments/{id}/entrants");
    let (status, body) = server
        .post(&entrants, Some(&organiser), json!({ "name": "Vikings" }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = server
        .post(&entrants, Some(&organiser), json!({ "name": "Vikings" }))
        .await;
    assert_eq!(
        refusal(status, &body),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "tournament.already-entered".into(),
            json!({ "name": "Vikings" })
        ),
        "{body}"
    );
    assert_eq!(
        read::<ErrorBody>(&body).error,
        "'Vikings' is already entered"
    );
}
