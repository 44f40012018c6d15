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

use api::gt::{GtState, SeatGranted};
use api::listing::{GameList, GameSummary, Outcome, Winner};
use guard_towers::record::Termination;
use guard_towers::Color;
use reqwest::StatusCode;
use serde_json::json;
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
    common::write_old_database(url, &OLD_MIGRATIONS, "before-listing-columns.sql").await;
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

/// The listed game whose names are `names`.
fn named<'a>(list: &'a [GameSummary], names: [Option<&str>; 2]) -> &'a GameSummary {
    list.iter()
        .find(|game| game.names.each_ref().map(Option::as_deref) == names)
        .unwrap_or_else(|| panic!("no game of {names:?} in {list:?}"))
}

/// A typed outcome: the winner, whether drawn, and why.
fn outcome(winner: Option<Winner>, drawn: bool, reason: Option<&str>) -> Option<Outcome> {
    Some(Outcome {
        winner,
        drawn,
        reason: reason.map(String::from),
    })
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
            response.text().await.unwrap()
        }
    };
    let list = |body: String| serde_json::from_str::<GameList>(&body).unwrap().games;

    let archive = list(get("/api/gt/games?status=finished").await);
    assert_eq!(archive.len(), 4, "{archive:?}");
    let resigned = named(&archive, [Some("ann"), Some("bob")]);
    assert_eq!(resigned.result.as_deref(), Some("1-0 resignation"));
    assert_eq!(
        resigned.outcome,
        outcome(Some(Winner::Red), false, Some("resignation"))
    );
    let drawn = named(&archive, [Some("dee"), Some("cy")]);
    assert_eq!(drawn.result.as_deref(), Some("1/2-1/2 draw agreed"));
    assert_eq!(drawn.outcome, outcome(None, true, Some("draw agreed")));
    let mut results: Vec<&str> = archive
        .iter()
        .map(|game| game.result.as_deref().unwrap())
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
    let result_is = |result: &str| {
        archive
            .iter()
            .find(|game| game.result.as_deref() == Some(result))
            .unwrap()
    };
    assert_eq!(
        result_is("* unterminated").outcome,
        outcome(None, false, Some("unterminated"))
    );
    let forfeit = result_is("0-1 time forfeit");
    assert_eq!(
        forfeit.outcome.as_ref().and_then(|outcome| outcome.winner),
        Some(Winner::Blue)
    );
    assert!(forfeit.names[0].is_some(), "{forfeit:?}");

    // The lobby: eve's public challenge, not fay's friend game.
    let lobby = list(get("/api/gt/games?status=waiting").await);
    assert_eq!(lobby.len(), 1, "{lobby:?}");
    assert_eq!(lobby[0].names, [Some("eve".to_string()), None]);
    assert_eq!(lobby[0].outcome, None);
    // Its seat is read as taken: whoever joins sits as Blue.
    let challenge = &lobby[0].id;
    let joined = client
        .post(format!("{base}/api/gt/games/{challenge}/join"))
        .json(&json!({"name": "gus"}))
        .send()
        .await
        .unwrap();
    assert_eq!(joined.status(), StatusCode::OK);
    let joined: SeatGranted = joined.json().await.unwrap();
    assert_eq!(joined.seat, Some(Color::Blue));
    let active = list(get("/api/gt/games?status=active").await);
    assert_eq!(
        active[0].names,
        [Some("eve".to_string()), Some("gus".to_string())],
        "written anew"
    );

    let kubb = list(get("/api/kubb/matches?status=finished").await);
    assert_eq!(kubb.len(), 2, "{kubb:?}");
    let drawn = named(&kubb, [Some("Oaks"), Some("Elms")]);
    assert_eq!(drawn.result.as_deref(), Some("draw"));
    assert_eq!(drawn.outcome, outcome(None, true, None));
    let won = named(&kubb, [Some("Vikings"), Some("Danes")]);
    assert_eq!(won.result.as_deref(), Some("A Vikings"));
    assert_eq!(won.outcome, outcome(Some(Winner::A), false, None));
    let playing = list(get("/api/kubb/matches?status=active").await);
    assert_eq!(playing.len(), 1, "{playing:?}");
    assert_eq!(
        playing[0].names,
        [Some("Geats".to_string()), Some("Swedes".to_string())]
    );

    // A game itself replays as before.
    let id = &resigned.id;
    let game: GtState = serde_json::from_str(&get(&format!("/api/gt/games/{id}")).await).unwrap();
    assert_eq!(
        game.result.map(|result| result.reason),
        Some(Termination::Resignation)
    );
    assert_eq!(game.seats.red.name.as_deref(), Some("ann"));
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
        .json::<GameList>()
        .await
        .unwrap();
    assert_eq!(again.games.len(), 4);
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
    .json::<GameList>()
    .await
    .unwrap();
    assert_eq!(archive.games.len(), 4, "the others are listed as before");
    running.shutdown().await.unwrap();
}
