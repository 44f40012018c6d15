//! `towers serve` as a user runs it: the real binary on a SQLite file (and
//! on PostgreSQL when the test run has one), killed with SIGKILL while
//! clients make moves, restarted on the same database — every move the
//! server acknowledged is still there.

mod common;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};

use common::Server;

/// Starts `towers serve` on a free port, unthrottled.
fn serve(database: &str) -> Server {
    common::serve(database, &["--rate-limit", "0"])
}

async fn post(
    client: &reqwest::Client,
    url: String,
    token: Option<&str>,
    body: Value,
) -> Option<Value> {
    let mut request = client.post(url).json(&body).timeout(Duration::from_secs(5));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.ok()?;
    if !response.status().is_success() {
        return None;
    }
    response.json().await.ok()
}

type Acknowledged = Arc<Mutex<HashMap<String, Vec<String>>>>;

/// Plays game after game until the server stops answering.
async fn player(base: String, seed: u64, acknowledged: Acknowledged) {
    let client = reqwest::Client::new();
    let mut random = seed | 1;
    while play_one_game(&client, &base, &mut random, &acknowledged).await {}
}

/// Plays random legal moves in a new friend game and records every move
/// the server acknowledged; false once the server stops answering.
async fn play_one_game(
    client: &reqwest::Client,
    base: &str,
    random: &mut u64,
    acknowledged: &Acknowledged,
) -> bool {
    let games = format!("{base}/api/gt/games");
    let Some(created) = post(client, games.clone(), None, json!({ "opponent": "friend" })).await
    else {
        return false;
    };
    let id = created["id"].as_str().unwrap().to_string();
    let join = format!("{games}/{id}/join");
    let invitation = json!({ "invite": created["invite"] });
    let Some(joined) = post(client, join, None, invitation).await else {
        return false;
    };
    let tokens = [created["token"].clone(), joined["token"].clone()];
    let mut state = joined["state"].clone();
    for ply in 0.. {
        let legal = state["legal_moves"].as_array().cloned().unwrap_or_default();
        if legal.is_empty() {
            return true;
        }
        *random ^= *random << 13;
        *random ^= *random >> 7;
        *random ^= *random << 17;
        let mv = legal[(*random % legal.len() as u64) as usize].clone();
        let url = format!("{games}/{id}/moves");
        let Some(next) = post(client, url, tokens[ply % 2].as_str(), json!({ "move": mv })).await
        else {
            return false;
        };
        acknowledged
            .lock()
            .unwrap()
            .entry(id.clone())
            .or_default()
            .push(mv.as_str().unwrap().to_string());
        state = next;
    }
    unreachable!("a game has finitely many plies")
}

#[test]
fn every_acknowledged_move_survives_a_sigkill_under_load() {
    let dir = std::env::temp_dir().join(format!("towers-sigkill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sqlite = format!("sqlite:{}", dir.join("towers.db").display());
    survives_a_sigkill(&sqlite);
    if let Some(postgres) = std::env::var("TOWERS_TEST_DATABASE_URL")
        .ok()
        .filter(|url| !url.is_empty())
    {
        survives_a_sigkill(&postgres);
    }
    let _ = std::fs::remove_dir_all(dir);
}

fn survives_a_sigkill(database: &str) {
    let mut server = serve(database);
    let acknowledged: Arc<Mutex<HashMap<String, Vec<String>>>> = Arc::default();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let players: Vec<_> = (0..16)
            .map(|seed| tokio::spawn(player(server.base.clone(), seed, acknowledged.clone())))
            .collect();
        tokio::time::sleep(Duration::from_millis(1_500)).await;
        // Child::kill sends SIGKILL: no shutdown code runs.
        server.child.kill().unwrap();
        server.child.wait().unwrap();
        for player in players {
            player.await.unwrap();
        }
    });
    let acknowledged = acknowledged.lock().unwrap().clone();
    let total: usize = acknowledged.values().map(Vec::len).sum();
    eprintln!(
        "{database}: {total} moves acknowledged in {} games before the kill",
        acknowledged.len()
    );
    assert!(total >= 50, "the load made moves before the kill ({total})");

    let restarted = serve(database);
    runtime.block_on(async {
        let client = reqwest::Client::new();
        for (id, moves) in &acknowledged {
            let state: Value = client
                .get(format!("{}/api/gt/games/{id}", restarted.base))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            let stored: Vec<String> = serde_json::from_value(state["moves"].clone()).unwrap();
            assert!(
                stored.len() >= moves.len() && stored[..moves.len()] == moves[..],
                "game {id}: acknowledged {moves:?}, stored {stored:?}"
            );
        }
    });
    drop(restarted);
}
