//! The Kubb match API shows what the rules say now.

mod common;

use common::{config, start};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Seed rules: a line advanced to a knight lasts until that knight falls,
/// then it is the baseline again; the state the API serves (and the
/// scorekeeper page draws) shows the baseline from that stick on.
#[tokio::test]
async fn an_advanced_line_is_shown_as_the_baseline_once_its_knight_falls() {
    let server = start(config(&common::sqlite_url())).await;
    let (status, created) = server
        .post(
            "/api/kubb/matches",
            None,
            json!({ "ruleset": "seed", "team_a": { "name": "Vikings" }, "team_b": { "name": "Danes" } }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let post = |event: Value| {
        let path = format!("/api/kubb/matches/{id}/events");
        let server = &server;
        async move {
            let (status, state) = server
                .post(&path, Some(token), json!({ "event": event }))
                .await;
            assert_eq!(status, StatusCode::OK, "{state}");
            state
        }
    };
    let miss = json!({ "event": "stick", "player": "p", "outcome": "miss" });
    let fells = |knights: &[u8], towers: &[u8]| json!({ "event": "stick", "player": "p", "outcome": { "hit": { "knights": knights, "towers": towers } } });
    let inkast = |y: f64| json!({ "event": "inkast", "player": "p", "landed_in": true, "at": { "x": 2.0, "y": y } });
    // A fells B2 and B3 (pieces 6 and 7); B inkasts them into A's half at
    // y = 2 and y = 3 and misses: A's line advances to B3, the foremost.
    let mut events = vec![
        json!({ "event": "start", "team": "A" }),
        fells(&[], &[6]),
        fells(&[], &[7]),
    ];
    events.extend((0..4).map(|_| miss.clone()));
    events.extend([inkast(2.0), inkast(3.0)]);
    events.extend((0..6).map(|_| miss.clone()));
    let mut state = Value::Null;
    for event in events {
        state = post(event).await;
    }
    assert_eq!(
        state["teams"][0]["line"],
        json!({ "at": "knight", "piece": "B3", "y": 3.0 })
    );
    // A misses its turn; B's first stick fells B3.
    for _ in 0..6 {
        post(miss.clone()).await;
    }
    let state = post(fells(&[7], &[])).await;
    assert_eq!(
        state["teams"][0]["line"],
        json!({ "at": "baseline" }),
        "{state}"
    );
    let (_, fetched) = server.get(&format!("/api/kubb/matches/{id}")).await;
    assert_eq!(fetched["teams"][0]["line"], json!({ "at": "baseline" }));
}

/// Events sent with their numbers (a phone's offline queue) are recorded
/// once however often they are sent, in order only; undo never takes the
/// setup.
#[tokio::test]
async fn numbered_events_are_recorded_once_in_order_and_undo_keeps_the_setup() {
    let server = start(config(&common::sqlite_url())).await;
    let (_, created) = server
        .post(
            "/api/kubb/matches",
            None,
            json!({ "team_a": { "name": "Vikings" }, "team_b": { "name": "Danes" } }),
        )
        .await;
    let id = created["id"].as_str().unwrap();
    let token = created["token"].as_str().unwrap();
    let events = format!("/api/kubb/matches/{id}/events");
    let undo = format!("/api/kubb/matches/{id}/undo");
    let (status, body) = server.post(&undo, Some(token), json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    let start = json!({ "event": { "event": "start", "team": "A" }, "seq": 2 });
    let miss = json!({ "event": { "event": "stick", "player": "p", "outcome": "miss" }, "seq": 3 });
    let (status, early) = server.post(&events, Some(token), miss.clone()).await;
    assert_eq!(status, StatusCode::CONFLICT, "event 3 before 2: {early}");
    for _ in 0..3 {
        let (status, state) = server.post(&events, Some(token), start.clone()).await;
        assert_eq!(status, StatusCode::OK, "{state}");
        assert_eq!(state["seq"], 2, "sent again, recorded once");
    }
    let (status, state) = server.post(&events, Some(token), miss.clone()).await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["seq"], 3);
    let other = json!({ "event": { "event": "start", "team": "B" }, "seq": 2 });
    let (status, body) = server.post(&events, Some(token), other).await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "another event under a used number: {body}"
    );
    for expected in [4, 5] {
        let (status, state) = server.post(&undo, Some(token), json!({})).await;
        assert_eq!(status, StatusCode::OK, "{state}");
        assert_eq!(state["seq"], expected);
    }
    let (status, _) = server.post(&undo, Some(token), json!({})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (_, state) = server.get(&format!("/api/kubb/matches/{id}")).await;
    assert_eq!(state["teams"][0]["name"], "Vikings", "the setup stays");
}
