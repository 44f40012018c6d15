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
