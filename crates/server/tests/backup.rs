//! Backups taken while a server is busy (`server::backup`, the library of
//! `towers admin backup`): several games are played at once through the
//! HTTP API, rated games finish and an unrated tournament plays its rounds
//! while the backup is made; the backup is then served by a new server,
//! which must show every finished game, rating and tournament the first
//! server showed just before the backup began, each exactly as the first
//! server shows it, and nothing the first server does not show. Games
//! finished after the backup began may be missing. Every game in the
//! backup replays (`server::verify`), and verifying changes nothing.
//!
//! On SQLite the backup is `VACUUM INTO` beside the WAL writer; on
//! PostgreSQL (`TOWERS_TEST_DATABASE_URL`) it is `pg_dump`, restored with
//! `pg_restore` into a database of its own (skipped where `pg_dump` is not
//! installed).

mod common;

use std::collections::BTreeMap;
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use api::kubb::MatchCreated;
use api::tournament::{PairingGame, RoundStarted, TournamentCreated, TournamentState};
use common::{config, databases, read, start, unique_name, TestServer};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// The lists of finished games by kind, as the archive pages read them.
const ARCHIVES: [(&str, &str); 3] = [
    ("gt", "/api/gt/games"),
    ("kubb", "/api/kubb/matches"),
    ("tournament", "/api/tournaments"),
];

/// The most a list gives (`api::listing::Limit::MAX`).
const LIMIT: usize = 500;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_backup_taken_under_load_restores_the_archive_ratings_and_tournaments() {
    for database in databases() {
        if database.starts_with("postgres") && !pg_dump_installed() {
            eprintln!("pg_dump is not installed: the PostgreSQL backup is not tested");
            continue;
        }
        backed_up_under_load(&database).await;
    }
}

async fn backed_up_under_load(database: &str) {
    let server = Arc::new(start(config(database)).await);

    // Before the load: rated games, a Kubb match and a rated tournament,
    // all finished.
    for _ in 0..3 {
        let (id, _, red_token, _, _) = server.rated_game("bk-red", "bk-blue").await;
        resign(&server, &id, &red_token).await;
    }
    let (kubb, kubb_token) = kubb_match(&server).await;
    server
        .team_a_wins_kubb_match(&kubb, &kubb_token, "ulf")
        .await;
    let rated_tournament = finished_rated_tournament(&server).await;

    // The load: players starting, playing and ending games (every fourth
    // one rated, between new accounts), and an unrated tournament playing
    // its rounds.
    let stop = Arc::new(AtomicBool::new(false));
    let finished = Arc::new(AtomicUsize::new(0));
    let mut load = Vec::new();
    for seed in 1..=6 {
        let (server, stop, finished) = (server.clone(), stop.clone(), finished.clone());
        load.push(tokio::spawn(play_games(server, seed, stop, finished)));
    }
    let (running_tournament, organiser) = tournament(&server, None, 6).await;
    load.push(tokio::spawn(play_rounds(
        server.clone(),
        running_tournament.clone(),
        organiser,
        stop.clone(),
    )));
    while finished.load(Ordering::Relaxed) < 8 {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    let before = Snapshot::of(&server).await;
    let started = finished.load(Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("towers-backup-{}", unique_name("run")));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join(if database.starts_with("postgres") {
        "backup.dump"
    } else {
        "backup.db"
    });
    let backup = server::backup(database, &out).await.expect("the backup");
    assert!(backup.bytes > 0, "{backup:?}");
    let during = finished.load(Ordering::Relaxed);
    // The load goes on a little after the backup, then stops.
    tokio::time::sleep(Duration::from_millis(200)).await;
    stop.store(true, Ordering::Relaxed);
    for task in load {
        task.await.unwrap();
    }
    let after = Snapshot::of(&server).await;
    eprintln!(
        "{database}: {started} games finished by the load before the backup, {during} when it \
         ended, {} in all; backup {backup:?}",
        finished.load(Ordering::Relaxed)
    );

    // The backup's database, and what it holds.
    let restored_url = match &backup.method {
        server::Method::VacuumInto => {
            let bytes = std::fs::read(&out).unwrap();
            let inventory = server::verify(out.to_str().unwrap())
                .await
                .expect("the backup verifies");
            assert_eq!(
                std::fs::read(&out).unwrap(),
                bytes,
                "verify changed the file"
            );
            check_inventory(&inventory, &before);
            format!("sqlite:{}", out.display())
        }
        server::Method::PgDump { .. } => {
            let url = restore_postgres(database, &out).await;
            let inventory = server::verify(&url).await.expect("the restore verifies");
            check_inventory(&inventory, &before);
            url
        }
    };
    check_restored(
        &server,
        &restored_url,
        &before,
        &after,
        &kubb,
        &rated_tournament,
        &running_tournament,
    )
    .await;
    if restored_url.starts_with("postgres") {
        drop_database(database, &restored_url).await;
    }
}

/// Serves the restored database and compares it with the first server's
/// snapshots from before and after the backup.
async fn check_restored(
    server: &TestServer,
    restored_url: &str,
    before: &Snapshot,
    after: &Snapshot,
    kubb: &str,
    rated_tournament: &str,
    running_tournament: &str,
) {
    let restored = start(config(restored_url)).await;
    let now = Snapshot::of(&restored).await;

    // The archive: everything finished before is there, as it was; nothing
    // is there that the first server does not show the same.
    for (id, (kind, summary)) in &before.finished {
        match now.finished.get(id) {
            Some((_, restored)) => assert_eq!(restored, summary, "{kind} {id}"),
            None => {
                assert!(
                    now.truncated(kind),
                    "{kind} {id} finished before the backup: missing"
                );
                same_game(server, &restored, kind, id).await;
            }
        }
    }
    for (id, (kind, summary)) in &now.finished {
        match after.finished.get(id) {
            Some((_, original)) => assert_eq!(original, summary, "{kind} {id}"),
            None => assert!(after.truncated(kind), "{kind} {id} is not the original's"),
        }
        same_game(server, &restored, kind, id).await;
    }
    assert!(now.finished.contains_key(kubb));
    // The ratings: each player's line as before the backup, and each line
    // as the first server shows it (a player's rating moves with their own
    // results only; load games are between new accounts).
    for (key, line) in &before.boards {
        assert_eq!(now.boards.get(key), Some(line), "{key:?} before the backup");
    }
    for (key, line) in &now.boards {
        assert_eq!(after.boards.get(key), Some(line), "{key:?}");
    }
    assert!(now.boards.len() >= before.boards.len() && !before.boards.is_empty());
    // The tournaments: the finished one as it is; the running one as at
    // one moment, its results stored with the games that made them.
    let path = format!("/api/tournaments/{rated_tournament}");
    assert_eq!(restored.get(&path).await, server.get(&path).await);
    consistent_tournament(server, &restored, running_tournament).await;
    for id in &before.tournaments {
        let (status, _) = restored.get(&format!("/api/tournaments/{id}")).await;
        assert_eq!(status, StatusCode::OK, "tournament {id}");
    }
}

/// Drops the database a PostgreSQL backup was restored into (its server
/// still connected).
async fn drop_database(url: &str, restored: &str) {
    use sqlx::{AnyConnection, Connection, Executor};
    let name = restored
        .rsplit('/')
        .next()
        .unwrap()
        .split('?')
        .next()
        .unwrap();
    let mut connection = AnyConnection::connect(url).await.unwrap();
    connection
        .execute(format!("DROP DATABASE {name} WITH (FORCE)").as_str())
        .await
        .unwrap();
    connection.close().await.unwrap();
}

/// What a server shows of its archive and ratings.
struct Snapshot {
    /// Every finished game, match and tournament in the lists: id →
    /// (kind, its line in the list).
    finished: BTreeMap<String, (&'static str, Value)>,
    /// The lists that were full (older games left out).
    full: Vec<&'static str>,
    /// Every tournament, whatever its status.
    tournaments: Vec<String>,
    /// Each line of the Guard & Towers and Kubb leaderboards, without its
    /// rank (which moves as others join): (game, name) → line.
    boards: BTreeMap<(String, String), Value>,
}

impl Snapshot {
    async fn of(server: &TestServer) -> Snapshot {
        let mut snapshot = Snapshot {
            finished: BTreeMap::new(),
            full: Vec::new(),
            tournaments: Vec::new(),
            boards: BTreeMap::new(),
        };
        for (kind, list) in ARCHIVES {
            let games = listed(server, &format!("{list}?status=finished&limit={LIMIT}")).await;
            if games.len() == LIMIT {
                snapshot.full.push(kind);
            }
            for game in games {
                let id = game["id"].as_str().unwrap().to_string();
                snapshot.finished.insert(id, (kind, game));
            }
        }
        for status in ["waiting", "active", "finished"] {
            let path = format!("/api/tournaments?status={status}&limit={LIMIT}");
            for game in listed(server, &path).await {
                snapshot
                    .tournaments
                    .push(game["id"].as_str().unwrap().to_string());
            }
        }
        for game in ["gt", "kubb"] {
            let (status, board) = server.get(&format!("/api/ratings?game={game}")).await;
            assert_eq!(status, StatusCode::OK, "{board}");
            for mut line in board["leaders"].as_array().unwrap().clone() {
                line.as_object_mut().unwrap().remove("rank");
                let name = line["name"].as_str().unwrap().to_string();
                snapshot.boards.insert((game.to_string(), name), line);
            }
        }
        snapshot
    }

    fn truncated(&self, kind: &str) -> bool {
        self.full.contains(&kind)
    }
}

async fn listed(server: &TestServer, path: &str) -> Vec<Value> {
    let (status, list) = server.get(path).await;
    assert_eq!(status, StatusCode::OK, "{path}: {list}");
    list["games"].as_array().unwrap().clone()
}

/// The finished game `id` reads the same from both servers (its moves,
/// seats, result: the whole state).
async fn same_game(original: &TestServer, restored: &TestServer, kind: &str, id: &str) {
    let path = match kind {
        "gt" => format!("/api/gt/games/{id}"),
        "kubb" => format!("/api/kubb/matches/{id}"),
        _ => format!("/api/tournaments/{id}"),
    };
    let (status, state) = restored.get(&path).await;
    assert_eq!(status, StatusCode::OK, "{path}: {state}");
    assert_eq!(state, original.get(&path).await.1, "{path}");
}

/// The restored tournament is the original as it was at one moment: no
/// round it did not have, every result the original's, and a result
/// exactly where its game is finished in the same backup (a result and the
/// game that made it are committed together).
async fn consistent_tournament(original: &TestServer, restored: &TestServer, id: &str) {
    let path = format!("/api/tournaments/{id}");
    let (status, then) = restored.get(&path).await;
    assert_eq!(status, StatusCode::OK, "{then}");
    let then: TournamentState = read(&then);
    let (_, now) = original.get(&path).await;
    let now: TournamentState = read(&now);
    assert!(then.rounds.len() <= now.rounds.len());
    assert!(
        !then.rounds.is_empty(),
        "a round had started before the backup"
    );
    for (round, original_round) in then.rounds.iter().zip(&now.rounds) {
        for (pairing, original_pairing) in round.pairings.iter().zip(&original_round.pairings) {
            assert_eq!(pairing.game, original_pairing.game);
            if pairing.score.is_some() {
                assert_eq!(pairing.score, original_pairing.score);
            }
            let Some(game) = &pairing.game else { continue };
            let (status, state) = restored.get(&format!("/api/gt/games/{game}")).await;
            assert_eq!(status, StatusCode::OK, "{state}");
            assert_eq!(
                state["status"] == "finished",
                pairing.score.is_some(),
                "game {game} and its result are stored together: {state} {pairing:?}"
            );
        }
    }
}

/// The backup holds at least what the first server listed before it, and
/// every game in it replays.
fn check_inventory(inventory: &server::Inventory, before: &Snapshot) {
    assert!(inventory.failures.is_empty(), "{}", inventory.report());
    for (kind, _) in ARCHIVES {
        let count = inventory
            .kinds
            .iter()
            .find(|count| count.kind == kind)
            .unwrap_or_else(|| panic!("{kind} is counted: {inventory:?}"));
        let listed = before.finished.values().filter(|(k, _)| *k == kind).count();
        assert!(count.finished >= listed, "{kind}: {count:?} < {listed}");
    }
    assert!(inventory.counts.accounts > 0);
    assert!(inventory.report().contains("stored games replay"));
}

/// Plays games until told to stop: random legal moves, then a
/// resignation; every fourth game is rated, between two new accounts.
async fn play_games(
    server: Arc<TestServer>,
    seed: u64,
    stop: Arc<AtomicBool>,
    finished: Arc<AtomicUsize>,
) {
    let mut random = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        random
    };
    for played in 0.. {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let (id, tokens) = if played % 4 == 3 {
            let (id, _, red, _, blue) = server.rated_game("load-red", "load-blue").await;
            (id, [red, blue])
        } else {
            let (id, red, blue) = server.friend_game(json!({})).await;
            (id, [red, blue])
        };
        let (_, mut state) = server.get(&format!("/api/gt/games/{id}")).await;
        for _ in 0..next() % 12 {
            let legal = state["legal_moves"].as_array().cloned().unwrap_or_default();
            if legal.is_empty() {
                break;
            }
            let mv = &legal[(next() % legal.len() as u64) as usize];
            let seat = usize::from(state["side_to_move"] == "blue");
            let (status, answer) = server
                .post(
                    &format!("/api/gt/games/{id}/moves"),
                    Some(&tokens[seat]),
                    json!({ "move": mv }),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            state = answer;
        }
        if state["status"] != "finished" {
            resign(&server, &id, &tokens[(next() % 2) as usize]).await;
        }
        finished.fetch_add(1, Ordering::Relaxed);
    }
}

async fn resign(server: &TestServer, id: &str, token: &str) {
    let path = format!("/api/gt/games/{id}/resign");
    let (status, body) = server.post(&path, Some(token), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// An unrated Kubb match of two teams: (id, referee's token).
async fn kubb_match(server: &TestServer) -> (String, String) {
    let body = json!({
        "ruleset": "seed",
        "team_a": { "name": unique_name("vikings"), "players": ["ulf"] },
        "team_b": { "name": unique_name("danes"), "players": ["knut"] },
    });
    let (status, created) = server.post("/api/kubb/matches", None, body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let created: MatchCreated = read(&created);
    (created.id, created.token)
}

/// A Guard & Towers round robin of `entrants` new names, rated when made
/// signed in as `organiser`: (id, the organiser's token).
async fn tournament(
    server: &TestServer,
    organiser: Option<&common::Account>,
    entrants: usize,
) -> (String, String) {
    let body = json!({ "title": "Backup cup", "game": "gt", "format": "round-robin" });
    let (status, created) = match organiser {
        Some(account) => {
            server
                .post_as(account, "/api/tournaments", None, body)
                .await
        }
        None => server.post("/api/tournaments", None, body).await,
    };
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let created: TournamentCreated = read(&created);
    let path = format!("/api/tournaments/{}/entrants", created.id);
    for _ in 0..entrants {
        let name = unique_name("entrant");
        let (status, body) = server
            .post(&path, Some(&created.token), json!({ "name": name }))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    (created.id, created.token)
}

/// A rated round robin of four, played to its end.
async fn finished_rated_tournament(server: &TestServer) -> String {
    let organiser = server.account("organiser").await;
    let (id, token) = tournament(server, Some(&organiser), 4).await;
    let stop = Arc::new(AtomicBool::new(false));
    play_rounds(Arc::new(clone(server)), id.clone(), token, stop).await;
    let (_, state) = server.get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(state["status"], "finished", "{state}");
    assert_eq!(state["rated"], true, "{state}");
    id
}

fn clone(server: &TestServer) -> TestServer {
    TestServer {
        base: server.base.clone(),
        addr: server.addr,
        course_addr: server.course_addr,
        client: server.client.clone(),
    }
}

/// Plays a tournament's rounds (in each game Blue resigns) until it is
/// finished or told to stop.
async fn play_rounds(server: Arc<TestServer>, id: String, token: String, stop: Arc<AtomicBool>) {
    let path = format!("/api/tournaments/{id}");
    while !stop.load(Ordering::Relaxed) {
        let (status, body) = server
            .post(&format!("{path}/rounds"), Some(&token), json!({}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let games: Vec<PairingGame> = read::<RoundStarted>(&body).games;
        for game in &games {
            let blue = game
                .tokens
                .iter()
                .find(|seat| seat.seat == "blue")
                .expect("Blue's token");
            resign(&server, &game.game, &blue.token).await;
        }
        let state = common::wait_for(&server, &path, |state| {
            let state: TournamentState = read(state);
            state.rounds.last().is_some_and(|round| {
                round
                    .pairings
                    .iter()
                    .all(|p| p.second.is_none() || p.score.is_some())
            })
        })
        .await;
        if state["status"] == "finished" {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn pg_dump_installed() -> bool {
    Command::new("pg_dump")
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success())
}

/// Restores the dump `file` into a new database beside the test
/// database, as docs/deploy.md says (`pg_restore --clean --if-exists
/// --no-owner`); returns its URL.
async fn restore_postgres(url: &str, file: &std::path::Path) -> String {
    use sqlx::{AnyConnection, Connection, Executor};
    sqlx::any::install_default_drivers();
    let name = format!("towers_restore_{}", unique_name("db").replace('-', "_"));
    let mut connection = AnyConnection::connect(url).await.unwrap();
    connection
        .execute(format!("CREATE DATABASE {name}").as_str())
        .await
        .unwrap();
    connection.close().await.unwrap();
    let scheme = url.find("://").unwrap() + 3;
    let slash = scheme + url[scheme..].find('/').unwrap();
    let query = url[slash..].find('?').map_or("", |at| &url[slash + at..]);
    let restored = format!("{}/{name}{query}", &url[..slash]);
    let output = Command::new("pg_restore")
        .args([
            "--clean",
            "--if-exists",
            "--no-owner",
            "--dbname",
            &restored,
        ])
        .arg(file)
        .output()
        .expect("pg_restore runs");
    assert!(
        output.status.success(),
        "pg_restore: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    restored
}
