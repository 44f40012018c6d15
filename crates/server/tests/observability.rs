//! What an operator sees of a running server: the metrics on their own
//! listener move as games are played, every request carries an id, and the
//! log level changes without a restart.

mod common;

use std::sync::{Arc, Mutex};

use common::{config, TestServer};
use reqwest::{Client, StatusCode};
use serde_json::json;

/// A server with its metrics listener, and the log levels it was told.
async fn observed_server(database: &str) -> (TestServer, String, Arc<Mutex<Vec<String>>>) {
    let told = Arc::new(Mutex::new(Vec::new()));
    let mut config = config(database);
    config.metrics_addr = Some("127.0.0.1:0".parse().unwrap());
    let levels = told.clone();
    config.log_level = Some(server::LogLevel(Arc::new(move |level: &str| {
        if level == "nonsense" {
            return Err("not a level".into());
        }
        levels.lock().unwrap().push(level.to_string());
        Ok(())
    })));
    let running = server::start(config).await.expect("server starts");
    let metrics = format!("http://{}", running.metrics_addr.expect("metrics served"));
    let addr = running.addr;
    tokio::spawn(running.wait());
    let server = TestServer {
        base: format!("http://{addr}"),
        addr,
        course_addr: None,
        client: Client::new(),
    };
    (server, metrics, told)
}

async fn metrics_text(metrics: &str) -> String {
    let answer = reqwest::get(format!("{metrics}/metrics")).await.unwrap();
    answer.text().await.unwrap()
}

/// The value of the series `name{labels}` (labels as written by the
/// exporter, e.g. `kind="gt"`), 0 when it is not there yet.
async fn sample(metrics: &str, series: &str) -> f64 {
    metrics_text(metrics)
        .await
        .lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .map_or(0.0, |value| value.trim().parse().unwrap())
}

#[tokio::test]
async fn the_metrics_move_as_a_game_is_played() {
    for database in common::databases() {
        let (server, metrics, _) = observed_server(&database).await;
        let moves = r#"towers_events_committed_total{kind="gt"}"#;
        let created =
            r#"towers_http_requests_total{method="POST",route="/api/gt/games",status="201"}"#;
        let before = (
            sample(&metrics, moves).await,
            sample(&metrics, created).await,
        );
        let (id, red, _blue) = server.friend_game(json!({})).await;
        let (status, body) = server
            .post(
                &format!("/api/gt/games/{id}/moves"),
                Some(&red),
                json!({ "move": "C6-C5-1" }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        // The game's creation, its second seat and the move are events.
        assert!(sample(&metrics, moves).await >= before.0 + 3.0);
        assert!(sample(&metrics, created).await >= before.1 + 1.0);
        let live = sample(&metrics, r#"towers_live_games{kind="gt"}"#).await;
        assert!(live >= 1.0, "{live}");
        assert!(sample(&metrics, "towers_database_connections").await >= 1.0);
        let text = metrics_text(&metrics).await;
        for family in [
            "towers_http_request_duration_seconds_bucket",
            "towers_database_seconds_bucket",
            "towers_rating_folds_total",
        ] {
            assert!(text.contains(family), "{family} missing:\n{text}");
        }
    }
}

#[tokio::test]
async fn the_public_listener_serves_no_metrics() {
    let (server, _, _) = observed_server(&common::sqlite_url()).await;
    let (status, _) = server.get("/metrics").await;
    assert_ne!(status, StatusCode::OK);
}

#[tokio::test]
async fn every_answer_has_a_request_id_and_an_error_body_names_it() {
    let (server, _, _) = observed_server(&common::sqlite_url()).await;
    let client = Client::new();
    let refused = client
        .get(format!("{}/api/games/nosuch", server.base))
        .send()
        .await
        .unwrap();
    let id = refused.headers()["x-request-id"]
        .to_str()
        .unwrap()
        .to_string();
    assert_eq!(id.len(), 32, "{id}");
    let body: serde_json::Value = refused.json().await.unwrap();
    assert_eq!(body["request_id"], json!(id));
    // A proxy's plain id is kept; one that is not plain is replaced.
    for (sent, kept) in [("edge-42.a_b", true), ("evil\tid", false), ("x y", false)] {
        let answer = client
            .get(format!("{}/api/health", server.base))
            .header("x-request-id", sent)
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), StatusCode::OK);
        let echoed = answer.headers()["x-request-id"].to_str().unwrap();
        assert_eq!(echoed == sent, kept, "{sent:?} → {echoed:?}");
    }
}

#[tokio::test]
async fn the_log_level_changes_without_a_restart() {
    let (_, metrics, told) = observed_server(&common::sqlite_url()).await;
    let client = Client::new();
    let put = |body: &'static str| client.put(format!("{metrics}/log-level")).body(body).send();
    assert_eq!(put("debug\n").await.unwrap().status(), StatusCode::OK);
    assert_eq!(
        put("nonsense").await.unwrap().status(),
        StatusCode::BAD_REQUEST
    );
    assert_eq!(*told.lock().unwrap(), vec!["debug".to_string()]);
}
