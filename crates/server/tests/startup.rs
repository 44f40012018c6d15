//! A server starts whatever one stored game has become: a game whose
//! events no longer replay is left out (and answers 500), every other game
//! resumes.

mod common;

use common::{config, start};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn one_game_that_no_longer_replays_does_not_stop_the_server_starting() {
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
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
    assert_eq!(body["error"], "internal error", "no detail for the client");
    let (status, body) = restarted.get(&format!("/api/gt/games/{sound}")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "active");
}
