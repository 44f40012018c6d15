//! How a server starts on what it finds: a game whose events no longer
//! replay is quarantined and listed while every other game resumes; a
//! database that cannot be opened or written is named with its real
//! cause; the time no server was up is charged to no clock.

mod common;

use std::time::{SystemTime, UNIX_EPOCH};

use api::gt::GtState;
use api::{ErrorBody, Status};
use common::{config, read, start};
use reqwest::StatusCode;
use serde_json::json;

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

#[tokio::test]
async fn a_game_that_no_longer_replays_is_quarantined_and_the_others_resume() {
    let url = common::sqlite_url();
    let (broken, sound) = {
        let server = start(config(&url)).await;
        let (broken, red, _) = server.friend_game(json!({})).await;
        let (status, _) = server
            .post(
                &format!("/api/gt/games/{broken}/moves"),
                Some(&red),
                json!({ "move": "A7-A6-1" }),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (sound, _, _) = server.friend_game(json!({})).await;
        (broken, sound)
    };
    // The stored move becomes one the rules refuse.
    let database = sqlx::SqlitePool::connect(&url).await.unwrap();
    let damaged =
        sqlx::query("UPDATE events SET body = $1 WHERE game_id = $2 AND body LIKE '%moved%'")
            .bind(r#"{"type":"moved","seat":"red","move":"A7-A5-1","clock_ms":null}"#)
            .bind(&broken)
            .execute(&database)
            .await
            .unwrap();
    assert_eq!(damaged.rows_affected(), 1);
    database.close().await;

    let restarted = start(config(&url)).await;
    let (status, body) = restarted.get(&format!("/api/gt/games/{broken}")).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    let message = read::<ErrorBody>(&body).error;
    assert!(message.contains("set apart"), "{message}");
    assert!(
        !message.contains("A7-A5"),
        "no stored detail for the client"
    );
    let (status, body) = restarted.get(&format!("/api/gt/games/{sound}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(read::<GtState>(&body).status, Status::Active);

    let quarantined = server::quarantined_in(&url).await.unwrap();
    assert_eq!(quarantined.len(), 1);
    assert_eq!(quarantined[0].id, broken);
    assert!(quarantined[0].reason.contains("event 3"), "{quarantined:?}");
}

#[tokio::test]
async fn a_file_that_is_no_database_is_named_as_such() {
    let url = common::sqlite_url();
    let path = url.trim_start_matches("sqlite:");
    std::fs::write(path, vec![0x5a; 8192]).unwrap();
    let error = server::start(config(&url)).await.err().expect("refused");
    let message = format!("{error:#}");
    assert!(message.contains("cannot open the database"), "{message}");
    assert!(message.contains("not a database"), "{message}");
}

#[tokio::test]
async fn an_unreachable_postgres_is_named_at_once_without_its_password() {
    let url = "postgres://towers:secret@127.0.0.1:1/towers";
    let started = std::time::Instant::now();
    let error = server::start(config(url)).await.err().expect("refused");
    let message = format!("{error:#}");
    assert!(message.contains("cannot open the database"), "{message}");
    assert!(!message.contains("pool timed out"), "{message}");
    assert!(!message.contains("secret"), "{message}");
    assert!(
        started.elapsed().as_secs() < 5,
        "named at once, not after a timeout"
    );
}

/// Passkeys are bound to the public URL: one WebAuthn cannot use (an IP
/// address, another scheme) is named at start, not at a user's sign-up.
#[tokio::test]
async fn a_public_url_passkeys_cannot_use_is_refused_at_startup() {
    for (url, why) in [
        ("https://192.0.2.7", "IP"),
        ("ftp://towers.example.org", "http"),
    ] {
        let mut config = config(&common::sqlite_url());
        config.public_url = Some(url.to_string());
        let error = server::start(config).await.err().expect("refused");
        let message = format!("{error:#}");
        assert!(message.contains("--public-url"), "{message}");
        assert!(message.contains(why), "{message}");
    }
}

#[tokio::test]
async fn a_database_that_cannot_be_written_is_refused_at_startup() {
    let url = common::sqlite_url();
    drop(start(config(&url)).await);
    let error = server::start(config(&format!("{url}?mode=ro")))
        .await
        .err()
        .expect("refused");
    let message = format!("{error:#}");
    assert!(message.contains("cannot be written"), "{message}");
}

#[tokio::test]
async fn time_no_server_was_up_is_charged_to_no_clock() {
    let url = common::sqlite_url();
    let id = {
        let server = start(config(&url)).await;
        let clock = json!({ "time_control": { "initial_ms": 600_000, "increment_ms": 0 } });
        let (id, red, _) = server.friend_game(clock).await;
        let (status, _) = server
            .post(
                &format!("/api/gt/games/{id}/moves"),
                Some(&red),
                json!({ "move": "A7-A6-1" }),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        id
    };
    // As if Blue's turn began 60 s ago and every server went down 1 s
    // after it: 59 s of it nobody could move.
    let database = sqlx::SqlitePool::connect(&url).await.unwrap();
    let turn_began = now_ms() - 60_000;
    sqlx::query("UPDATE events SET at_ms = $1 WHERE game_id = $2")
        .bind(turn_began)
        .bind(&id)
        .execute(&database)
        .await
        .unwrap();
    sqlx::query("UPDATE alive SET alive_ms = $1")
        .bind(turn_began + 1_000)
        .execute(&database)
        .await
        .unwrap();
    database.close().await;

    let restarted = start(config(&url)).await;
    let (status, body) = restarted.get(&format!("/api/gt/games/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let game: GtState = read(&body);
    let blue_ms = game.clock.and_then(|clock| clock.blue_ms).unwrap();
    // The restart itself runs Blue's clock too: up to some seconds on a
    // loaded machine, far from the 59 s that must not be charged.
    assert!(
        (590_000..=599_500).contains(&blue_ms),
        "Blue is charged about 1 s, not 60 s: {blue_ms}"
    );
    assert_eq!(
        game.moves.map(|moves| moves.len()),
        Some(1),
        "the restart is no move"
    );
}
