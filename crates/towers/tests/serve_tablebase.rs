//! `towers serve --tablebase DIR` where DIR lacks the small endgame
//! tables: the server serves at once, builds every table of at most two
//! stones in the background into DIR, and its analyses answer from them
//! once built; started again on the same DIR it loads them and builds
//! nothing, and a table gone missing is built again alone. A DIR that
//! cannot be made or written leaves the server serving without them.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use serde_json::{json, Value};

/// The tables of at most two stones (the others are their colour-flipped
/// images).
const SMALL_TABLES: [&str; 4] = ["r0b0.gtb", "r1b0.gtb", "r2b0.gtb", "r1b1.gtb"];

/// Red's guard and one red stone (table r1b0): a win the tables know.
const ONE_STONE: &str = "BG6/7/7/3RG3/7/7/6r1 r";

/// How long a build may take: seconds on an idle core, but the build runs
/// at a low priority and test machines are busy.
const BUILD_LIMIT: Duration = Duration::from_secs(600);

/// A fresh directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "towers-serve-tablebase-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn sqlite(dir: &Path) -> String {
    format!("sqlite:{}", dir.join("towers.db").display())
}

/// `GET /api/health`'s `tablebase`: its state and stones.
async fn tables_health(base: &str) -> (String, u64) {
    let health: Value = reqwest::get(format!("{base}/api/health"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(health["ok"], true, "{health}");
    let tables = &health["tablebase"];
    (
        tables["state"].as_str().unwrap().to_string(),
        tables["stones"].as_u64().unwrap(),
    )
}

/// Whether an analysis of the one-stone position is the tables' answer.
async fn answered_by_tables(base: &str) -> bool {
    let answer = reqwest::Client::new()
        .post(format!("{base}/api/gt/analysis"))
        .json(&json!({ "position": ONE_STONE, "movetime_ms": 100 }))
        .send()
        .await
        .unwrap();
    assert!(answer.status().is_success(), "{}", answer.status());
    let analysis: Value = answer.json().await.unwrap();
    analysis["tablebase"].as_bool().unwrap()
}

/// Polls until the tables are ready, then says how long that took.
async fn wait_until_ready(base: &str) -> Duration {
    let started = Instant::now();
    while tables_health(base).await != ("ready".to_string(), 2) {
        assert!(
            started.elapsed() < BUILD_LIMIT,
            "no tables after {BUILD_LIMIT:?}"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    started.elapsed()
}

/// When each file of `dir` was last written (a leftover `*.tmp` shows as
/// one too).
fn written(dir: &Path) -> BTreeMap<String, SystemTime> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let entry = entry.unwrap();
            let name = entry.file_name().into_string().unwrap();
            (name, entry.metadata().unwrap().modified().unwrap())
        })
        .collect()
}

#[tokio::test]
async fn a_first_start_builds_the_small_tables_and_the_next_loads_them() {
    let root = scratch("build");
    // Not there yet: the server makes it.
    let dir = root.join("tables");
    let tablebase = dir.to_str().unwrap();
    let database = sqlite(&root);

    let server = common::serve(&database, &["--tablebase", tablebase]);
    // Serving at once, without tables: the two-stone ones take seconds.
    assert_eq!(tables_health(&server.base).await, ("building".into(), 0));
    assert!(!answered_by_tables(&server.base).await);
    let took = wait_until_ready(&server.base).await;
    eprintln!("the tables of at most two stones were ready after {took:?}");
    assert!(answered_by_tables(&server.base).await);
    let files = written(&dir);
    assert_eq!(
        files.keys().map(String::as_str).collect::<Vec<_>>(),
        ["r0b0.gtb", "r1b0.gtb", "r1b1.gtb", "r2b0.gtb"],
        "the small tables and nothing half written"
    );
    drop(server);

    // Started again: the tables are loaded before it serves, none built.
    let server = common::serve(&database, &["--tablebase", tablebase]);
    assert_eq!(tables_health(&server.base).await, ("ready".into(), 2));
    assert!(answered_by_tables(&server.base).await);
    assert_eq!(written(&dir), files, "nothing was written again");
    drop(server);

    // A table gone: the others serve at once, and it alone is built again.
    std::fs::remove_file(dir.join("r2b0.gtb")).unwrap();
    let server = common::serve(&database, &["--tablebase", tablebase]);
    assert_eq!(tables_health(&server.base).await, ("building".into(), 1));
    assert!(answered_by_tables(&server.base).await, "r1b0 is at hand");
    wait_until_ready(&server.base).await;
    let again = written(&dir);
    assert_eq!(again.len(), SMALL_TABLES.len(), "{again:?}");
    for table in SMALL_TABLES {
        let kept = again[table] == files[table];
        assert_eq!(
            kept,
            table != "r2b0.gtb",
            "{table} written again: {}",
            !kept
        );
    }
    drop(server);
    std::fs::remove_dir_all(&root).unwrap();
}

#[tokio::test]
async fn a_directory_that_cannot_be_made_leaves_the_server_serving_without_tables() {
    let root = scratch("unmade");
    // Below a plain file: no user, root included, can make it.
    std::fs::write(root.join("file"), "").unwrap();
    let dir = root.join("file").join("tables");
    let log = root.join("stderr.log");
    let server = common::serve_logging_to(
        &sqlite(&root),
        &["--tablebase", dir.to_str().unwrap()],
        &log,
    );
    assert_eq!(tables_health(&server.base).await, ("failed".into(), 0));
    assert!(
        !answered_by_tables(&server.base).await,
        "it searches instead"
    );
    drop(server);
    let log = std::fs::read_to_string(&log).unwrap();
    assert!(
        log.contains("cannot make the endgame tables' directory")
            && log.contains(dir.to_str().unwrap()),
        "{log}"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

#[tokio::test]
async fn a_directory_that_cannot_be_written_leaves_the_server_serving_without_tables() {
    let root = scratch("unwritable");
    let dir = root.join("tables");
    // The first table's temporary file cannot be made where a directory
    // stands, whoever runs the test (permissions would not stop root).
    std::fs::create_dir_all(dir.join("r0b0.gtb.tmp")).unwrap();
    let log = root.join("stderr.log");
    let server = common::serve_logging_to(
        &sqlite(&root),
        &["--tablebase", dir.to_str().unwrap()],
        &log,
    );
    let started = Instant::now();
    while tables_health(&server.base).await.0 == "building" {
        assert!(started.elapsed() < BUILD_LIMIT, "still building");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(tables_health(&server.base).await, ("failed".into(), 0));
    assert!(
        !answered_by_tables(&server.base).await,
        "it searches instead"
    );
    drop(server);
    assert!(
        !dir.join("r0b0.gtb").exists() && !dir.join("r1b0.gtb").exists(),
        "nothing past the failure was built"
    );
    let log = std::fs::read_to_string(&log).unwrap();
    assert!(
        log.contains("cannot save the endgame tables") && log.contains("r0b0.gtb.tmp"),
        "{log}"
    );
    std::fs::remove_dir_all(&root).unwrap();
}
