//! A database written before games had listing columns opens, migrates
//! and reads as it did, on SQLite and PostgreSQL: its results, names, the
//! lobby's public challenges and the seats taken.
//!
//! The rows are `fixtures/before-listing-columns.sql`, made by the server
//! at commit a6207ee (`fixtures/make-before-listing-columns.sh` played
//! the games through that binary's API and dumped its tables); the tables
//! are made here by that commit's migrations, applied by sqlx as that
//! server applied them.

mod common;

use std::path::PathBuf;

use reqwest::StatusCode;
use serde_json::{json, Value};
use sqlx::{AnyConnection, Connection, Executor};

/// The migrations of the schema the fixture was written under.
const OLD_MIGRATIONS: [&str; 3] = [
    "20261130000001_games.sql",
    "20261201000001_quarantine_and_alive.sql",
    "20261201000010_bots.sql",
];

/// Makes the old schema in the database at `url` and writes the fixture's
/// rows into it.
async fn write_old_database(url: &str) {
    sqlx::any::install_default_drivers();
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let old = std::env::temp_dir().join(format!(
        "towers-old-migrations-{}-{}",
        std::process::id(),
        url.len()
    ));
    std::fs::create_dir_all(&old).unwrap();
    for name in OLD_MIGRATIONS {
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
    let rows = std::fs::read_to_string(manifest.join("tests/fixtures/before-listing-columns.sql"))
        .unwrap();
    for statement in rows.lines().filter(|line| line.starts_with("INSERT")) {
        connection.execute(statement).await.unwrap();
    }
    connection.close().await.unwrap();
}

/// A fresh PostgreSQL database beside the test run's one: (its URL, the
/// run's URL to drop it from).
async fn fresh_postgres(base: &str) -> (String, String) {
    sqlx::any::install_default_drivers();
    let name = format!(
        "towers_upgrade_{}_{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos()
    );
    let mut connection = AnyConnection::connect(base).await.unwrap();
    connection
        .execute(format!("CREATE DATABASE {name}").as_str())
        .await
        .unwrap();
    connection.close().await.unwrap();
    let (server, _) = base.rsplit_once('/').unwrap();
    (format!("{server}/{name}"), name)
}

fn games(list: &Value) -> Vec<Value> {
    list["games"].as_array().unwrap().clone()
}

/// The listed game whose names are `names`.
fn named(list: &[Value], names: Value) -> &Value {
    list.iter()
        .find(|game| game["names"] == names)
        .unwrap_or_else(|| panic!("no game of {names} in {list:?}"))
}

async fn check_upgraded(url: &str) {
    let running = server::start(common::config(url)).await.expect("starts");
    let base = format!("http://{}", running.addr);
    let client = reqwest::Client::new();
    let get = |path: &str| {
        let request = client.get(format!("{base}{path}"));
        async move {
            let response = request.send().await.unwrap();
            assert_eq!(response.status(), StatusCode::OK);
            response.json::<Value>().await.unwrap()
        }
    };

    let archive = games(&get("/api/gt/games?status=finished").await);
    assert_eq!(archive.len(), 4, "{archive:?}");
    let resigned = named(&archive, json!(["ann", "bob"]));
    assert_eq!(resigned["result"], "1-0 resignation");
    assert_eq!(
        resigned["outcome"],
        json!({"winner": "red", "drawn": false, "reason": "resignation"})
    );
    let drawn = named(&archive, json!(["dee", "cy"]));
    assert_eq!(drawn["result"], "1/2-1/2 draw agreed");
    assert_eq!(
        drawn["outcome"],
        json!({"winner": null, "drawn": true, "reason": "draw agreed"})
    );
    let mut results: Vec<&str> = archive
        .iter()
        .map(|game| game["result"].as_str().unwrap())
        .collect();
    results.sort();
    assert_eq!(
        results,
        [
            "* unterminated",
            "0-1 time forfeit",
            "1-0 resignation",
            "1/2-1/2 draw agreed"
        ]
    );
    let unterminated = archive
        .iter()
        .find(|game| game["result"] == "* unterminated")
        .unwrap();
    assert_eq!(
        unterminated["outcome"],
        json!({"winner": null, "drawn": false, "reason": "unterminated"})
    );
    let forfeit = archive
        .iter()
        .find(|game| game["result"] == "0-1 time forfeit")
        .unwrap();
    assert_eq!(forfeit["outcome"]["winner"], "blue");
    assert!(forfeit["names"][0].is_string(), "{forfeit}");

    // The lobby: eve's public challenge, not fay's friend game.
    let lobby = games(&get("/api/gt/games?status=waiting").await);
    assert_eq!(lobby.len(), 1, "{lobby:?}");
    assert_eq!(lobby[0]["names"], json!(["eve", null]));
    assert_eq!(lobby[0]["outcome"], Value::Null);
    // Its seat is read as taken: whoever joins sits as Blue.
    let challenge = lobby[0]["id"].as_str().unwrap();
    let joined = client
        .post(format!("{base}/api/gt/games/{challenge}/join"))
        .json(&json!({"name": "gus"}))
        .send()
        .await
        .unwrap();
    assert_eq!(joined.status(), StatusCode::OK);
    assert_eq!(joined.json::<Value>().await.unwrap()["seat"], "blue");
    let active = games(&get("/api/gt/games?status=active").await);
    assert_eq!(active[0]["names"], json!(["eve", "gus"]), "written anew");

    let kubb = games(&get("/api/kubb/matches?status=finished").await);
    assert_eq!(kubb.len(), 2, "{kubb:?}");
    let drawn = named(&kubb, json!(["Oaks", "Elms"]));
    assert_eq!(drawn["result"], "draw");
    assert_eq!(
        drawn["outcome"],
        json!({"winner": null, "drawn": true, "reason": null})
    );
    let won = named(&kubb, json!(["Vikings", "Danes"]));
    assert_eq!(won["result"], "A Vikings");
    assert_eq!(
        won["outcome"],
        json!({"winner": "a", "drawn": false, "reason": null})
    );
    let playing = games(&get("/api/kubb/matches?status=active").await);
    assert_eq!(playing.len(), 1, "{playing:?}");
    assert_eq!(playing[0]["names"], json!(["Geats", "Swedes"]));

    // A game itself replays as before.
    let id = resigned["id"].as_str().unwrap();
    let game = get(&format!("/api/gt/games/{id}")).await;
    assert_eq!(game["result"]["reason"], "resignation");
    assert_eq!(game["seats"]["red"]["name"], "ann");
    running.shutdown().await.unwrap();

    // A second start finds nothing left to fill and lists the same.
    let running = server::start(common::config(url)).await.expect("starts");
    let again = client
        .get(format!(
            "http://{}/api/gt/games?status=finished",
            running.addr
        ))
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(games(&again).len(), 4);
    running.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_sqlite_database_written_before_listing_columns_reads_as_before() {
    let url = common::sqlite_url();
    write_old_database(&url).await;
    check_upgraded(&url).await;
}

#[tokio::test]
async fn a_postgres_database_written_before_listing_columns_reads_as_before() {
    let Some(base) = common::postgres_url() else {
        eprintln!("TOWERS_TEST_DATABASE_URL is not set: PostgreSQL is not tested");
        return;
    };
    let (url, name) = fresh_postgres(&base).await;
    write_old_database(&url).await;
    check_upgraded(&url).await;
    let mut connection = AnyConnection::connect(&base).await.unwrap();
    connection
        .execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str())
        .await
        .unwrap();
}

/// A game stored before listing columns whose events no longer replay is
/// quarantined when the server fills the listings, and the server starts:
/// one broken game keeps no other from being served.
#[tokio::test]
async fn an_old_game_that_no_longer_replays_is_quarantined_and_the_server_starts() {
    let url = common::sqlite_url();
    write_old_database(&url).await;
    let mut connection = AnyConnection::connect(&url).await.unwrap();
    connection
        .execute(
            "UPDATE events SET body = '{\"event\":\"no such event\"}' WHERE game_id IN \
             (SELECT id FROM games WHERE settings LIKE '%\"seating\":\"public\"%' \
              AND status = 'waiting')",
        )
        .await
        .unwrap();
    connection.close().await.unwrap();
    let running = server::start(common::config(&url)).await.expect("starts");
    let quarantined = server::quarantined_in(&url).await.unwrap();
    assert_eq!(quarantined.len(), 1, "{quarantined:?}");
    let archive = reqwest::get(format!(
        "http://{}/api/gt/games?status=finished",
        running.addr
    ))
    .await
    .unwrap()
    .json::<Value>()
    .await
    .unwrap();
    assert_eq!(games(&archive).len(), 4, "the others are listed as before");
    running.shutdown().await.unwrap();
}
