//! A database with rated results from before accounts upgrades with every
//! rating intact, on SQLite and PostgreSQL: its rated names are shown as
//! `unclaimed`, nobody signs up under them or a look-alike of them, and an
//! administrator hands such a history to an account.
//!
//! The rows are `fixtures/before-accounts.sql` (how they were made:
//! `fixtures/make-before-accounts.sh`); the tables are made here by the
//! migrations before accounts, applied by sqlx as that server applied
//! them.

mod common;

use api::ratings::{Holder, Leaderboard, PlayerPage};
use api::ErrorBody;
use common::{read, TestServer, PASSWORD};
use reqwest::StatusCode;
use serde_json::json;
use sqlx::{AnyConnection, Connection, Executor};
use tournament::glicko2::{Game, Glicko2, Rating};

/// The migrations of the schema before accounts.
const MIGRATIONS_BEFORE_ACCOUNTS: [&str; 5] = [
    "20261130000001_games.sql",
    "20261201000001_quarantine_and_alive.sql",
    "20261201000010_bots.sql",
    "20261203000001_listing_columns.sql",
    "20261203000002_puzzles.sql",
];

async fn write_database_before_accounts(url: &str) {
    common::write_old_database(url, &MIGRATIONS_BEFORE_ACCOUNTS, "before-accounts.sql").await;
}

async fn board(server: &TestServer, path: &str) -> Leaderboard {
    let (status, body) = server.get(path).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    read(&body)
}

/// One rating: the one Glicko-2 step of a newcomer against a newcomer.
fn after_one(score: f64) -> Rating {
    Glicko2::default().update(
        Rating::NEWCOMER,
        &[Game {
            opponent: Rating::NEWCOMER,
            score,
        }],
    )
}

async fn check_upgraded(url: &str) {
    let server = common::start(common::config(url)).await;
    let (won, lost) = (after_one(1.0), after_one(0.0));

    // Every rating as before: the Guard & Towers game and the Kubb match
    // (confirmed by the teams' phones, as results were before accounts).
    let gt = board(&server, "/api/ratings?game=gt").await;
    let rating = |board: &Leaderboard, name: &str| {
        let leader = board
            .leaders
            .iter()
            .find(|leader| leader.name == name)
            .unwrap_or_else(|| panic!("{name} is on the board: {board:?}"));
        assert_eq!(leader.holder, Some(Holder::Unclaimed), "{name}");
        leader.rating
    };
    assert!((rating(&gt, "ann") - won.rating).abs() < 1e-6);
    assert!((rating(&gt, "bob") - lost.rating).abs() < 1e-6);
    let teams = board(&server, "/api/ratings?game=kubb").await;
    assert!((rating(&teams, "Vikings") - won.rating).abs() < 1e-6);
    let players = board(&server, "/api/ratings?game=kubb&of=players").await;
    assert!((rating(&players, "cy") - won.rating).abs() < 1e-6);

    // Nobody signs up under an unclaimed name or a look-alike of it.
    for name in ["ann", "Ann", "\u{430}nn", "BOB", "vikings"] {
        let (status, body) = server
            .post(
                "/api/accounts",
                None,
                json!({ "name": name, "password": PASSWORD }),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name}: {body}");
        assert!(
            read::<ErrorBody>(&body).error.contains("too like"),
            "{body}"
        );
    }

    // The administrator hands ann's history to ann's new account.
    let account = server.account("ann").await;
    server::admin_accounts(
        url,
        server::AccountsCommand::Link {
            name: "ann".into(),
            account: account.name.clone(),
        },
    )
    .await
    .unwrap();
    let (status, body) = server
        .get(&format!("/api/players/gt/{}", account.name))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let page: PlayerPage = read(&body);
    assert_eq!(page.record.wins, 1, "ann's win is the account's now");
    assert_eq!(page.holder, Some(Holder::Account));
    let gt = board(&server, "/api/ratings?game=gt").await;
    assert!(
        gt.leaders.iter().all(|leader| leader.name != "ann"),
        "{gt:?}"
    );
}

#[tokio::test]
async fn a_sqlite_database_with_rated_results_from_before_accounts_keeps_them() {
    let url = common::sqlite_url();
    write_database_before_accounts(&url).await;
    check_upgraded(&url).await;
}

#[tokio::test]
async fn a_postgres_database_with_rated_results_from_before_accounts_keeps_them() {
    let Some(base) = common::postgres_url() else {
        eprintln!("TOWERS_TEST_DATABASE_URL is not set: PostgreSQL is not tested");
        return;
    };
    sqlx::any::install_default_drivers();
    let name = format!("towers_before_accounts_{}", std::process::id());
    let mut connection = AnyConnection::connect(&base).await.unwrap();
    connection
        .execute(format!("CREATE DATABASE {name}").as_str())
        .await
        .unwrap();
    let (server_part, _) = base.rsplit_once('/').unwrap();
    let url = format!("{server_part}/{name}");
    write_database_before_accounts(&url).await;
    check_upgraded(&url).await;
    connection
        .execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str())
        .await
        .unwrap();
}
