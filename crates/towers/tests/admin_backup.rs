//! `towers admin backup` and `towers admin verify` as an administrator
//! runs them: the real binary backs up a running server's SQLite file,
//! refuses to overwrite a file, and verifies the copy (counts by kind);
//! a copy with a damaged stored game fails the verify, naming the game.
//! On PostgreSQL (`TOWERS_TEST_DATABASE_URL`), without `pg_dump` or with
//! one too old for the server, the backup says why and what to run.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use serde_json::{json, Value};

fn towers(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_towers"))
        .args(args)
        .output()
        .expect("towers runs")
}

fn text(output: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

async fn post(client: &reqwest::Client, url: String, token: Option<&str>, body: Value) -> Value {
    let mut request = client.post(url).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    assert!(response.status().is_success(), "{}", response.status());
    response.json().await.unwrap()
}

/// A friend game with both seats taken and one move made: (id, tokens).
async fn game(client: &reqwest::Client, base: &str) -> (String, [String; 2]) {
    let games = format!("{base}/api/gt/games");
    let created = post(client, games.clone(), None, json!({ "opponent": "friend" })).await;
    let id = created["id"].as_str().unwrap().to_string();
    let invite = json!({ "invite": created["invite"] });
    let joined = post(client, format!("{games}/{id}/join"), None, invite).await;
    let tokens = [created["token"].clone(), joined["token"].clone()]
        .map(|token| token.as_str().unwrap().to_string());
    let first = joined["state"]["legal_moves"][0].clone();
    post(
        client,
        format!("{games}/{id}/moves"),
        Some(&tokens[0]),
        json!({ "move": first }),
    )
    .await;
    (id, tokens)
}

#[test]
fn backup_of_a_running_server_verifies_and_a_damaged_game_fails_the_verify() {
    let dir = std::env::temp_dir().join(format!("towers-admin-backup-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let database = format!("sqlite:{}", dir.join("towers.db").display());
    let server = common::serve(&database, &["--rate-limit", "0"]);

    // A finished game, one in play and a Kubb match, on the running server.
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let finished = runtime.block_on(async {
        let client = reqwest::Client::new();
        let (finished, tokens) = game(&client, &server.base).await;
        let resign = format!("{}/api/gt/games/{finished}/resign", server.base);
        post(&client, resign, Some(&tokens[1]), json!({})).await;
        game(&client, &server.base).await;
        let kubb = json!({ "team_a": { "name": "Vikings" }, "team_b": { "name": "Danes" } });
        post(
            &client,
            format!("{}/api/kubb/matches", server.base),
            None,
            kubb,
        )
        .await;
        finished
    });

    let out = dir.join("backup.db");
    let out_text = out.to_str().unwrap();
    let backup = towers(&[
        "admin",
        "backup",
        "--database",
        &database,
        "--out",
        out_text,
    ]);
    let (stdout, stderr) = text(&backup);
    assert!(backup.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("VACUUM INTO"), "{stdout}");
    assert!(
        stdout.contains(&format!("towers admin verify {out_text}")),
        "{stdout}"
    );

    // Never over an existing file: the backup there stays as it was.
    let bytes = std::fs::read(&out).unwrap();
    let again = towers(&[
        "admin",
        "backup",
        "--database",
        &database,
        "--out",
        out_text,
    ]);
    let (_, stderr) = text(&again);
    assert_eq!(again.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(&format!(
            "{out_text} exists: a backup never overwrites a file"
        )),
        "{stderr}"
    );
    assert_eq!(std::fs::read(&out).unwrap(), bytes);

    let verify = towers(&["admin", "verify", out_text]);
    let (stdout, stderr) = text(&verify);
    assert!(verify.status.success(), "{stdout}{stderr}");
    assert!(
        stdout.contains("gt: 2 (waiting 0, active 1, finished 1)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("kubb: 1 (waiting 0, active 1, finished 0)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("tournament: 0 (waiting 0, active 0, finished 0)"),
        "{stdout}"
    );
    assert!(stdout.contains("all 3 stored games replay"), "{stdout}");
    assert_eq!(
        std::fs::read(&out).unwrap(),
        bytes,
        "a verify changes nothing"
    );
    drop(server);

    // A second copy with a stored event the rules cannot read.
    let damaged = dir.join("damaged.db");
    let damaged_text = damaged.to_str().unwrap();
    let copy = towers(&[
        "admin",
        "backup",
        "--database",
        &database,
        "--out",
        damaged_text,
    ]);
    assert!(copy.status.success(), "{:?}", text(&copy));
    runtime.block_on(damage(&damaged, &finished));
    let verify = towers(&["admin", "verify", &format!("sqlite:{damaged_text}")]);
    let (stdout, stderr) = text(&verify);
    assert_eq!(verify.status.code(), Some(2), "{stdout}{stderr}");
    assert!(
        stdout.contains(&format!("does not replay: {finished} (gt): event 1:")),
        "{stdout}"
    );
    assert!(
        stdout.contains("gt: 1 (waiting 0, active 1, finished 0)"),
        "{stdout}"
    );
    assert!(
        stderr.contains("1 of 3 stored games do not replay"),
        "{stderr}"
    );

    let missing = dir.join("missing.db");
    let verify = towers(&["admin", "verify", missing.to_str().unwrap()]);
    let (_, stderr) = text(&verify);
    assert_eq!(verify.status.code(), Some(2));
    assert!(stderr.contains("no database file"), "{stderr}");
    assert!(!missing.exists(), "a verify creates nothing");
    let _ = std::fs::remove_dir_all(dir);
}

/// Replaces the first stored event of game `id` with one no game reads.
async fn damage(file: &Path, id: &str) {
    use sqlx::{Connection, SqliteConnection};
    let url = format!("sqlite:{}", file.display());
    let mut connection = SqliteConnection::connect(&url).await.unwrap();
    let changed = sqlx::query(
        "UPDATE events SET body = '{\"no\":\"such event\"}' WHERE game_id = ?1 AND seq = 1",
    )
    .bind(id)
    .execute(&mut connection)
    .await
    .unwrap()
    .rows_affected();
    assert_eq!(changed, 1);
    connection.close().await.unwrap();
}

/// Without `pg_dump`, or with one older than the server, a PostgreSQL
/// backup is refused with the reason and the command to run; with this
/// machine's `pg_dump` it is made.
#[test]
fn a_postgres_backup_says_why_pg_dump_cannot_run_and_what_to_run() {
    let Some(url) = std::env::var("TOWERS_TEST_DATABASE_URL")
        .ok()
        .filter(|url| !url.is_empty())
    else {
        return;
    };
    // A server makes its tables first.
    drop(common::serve(&url, &[]));
    let dir = std::env::temp_dir().join(format!("towers-pg-backup-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let tools = dir.join("bin");
    std::fs::create_dir_all(&tools).unwrap();
    let out = dir.join("towers.dump");
    let out_text = out.to_str().unwrap();
    let backup_with_path = |path: &Path| {
        Command::new(env!("CARGO_BIN_EXE_towers"))
            .args(["admin", "backup", "--database", &url, "--out", out_text])
            .env("PATH", path)
            .output()
            .expect("towers runs")
    };
    let command = format!("pg_dump --format=custom --file {out_text}");

    let none = backup_with_path(&tools);
    let (_, stderr) = text(&none);
    assert_eq!(none.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("pg_dump cannot be run"), "{stderr}");
    assert!(stderr.contains(&command), "{stderr}");

    let fake = tools.join("pg_dump");
    std::fs::write(&fake, "#!/bin/sh\necho 'pg_dump (PostgreSQL) 9.6.24'\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let old = backup_with_path(&tools);
    let (_, stderr) = text(&old);
    assert_eq!(old.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("pg_dump 9 cannot dump a PostgreSQL"),
        "{stderr}"
    );
    assert!(stderr.contains(&command), "{stderr}");
    assert!(!out.exists(), "a refused backup leaves no file");

    let installed = Command::new("pg_dump").arg("--version").output();
    if installed.is_ok_and(|output| output.status.success()) {
        let made = towers(&["admin", "backup", "--database", &url, "--out", out_text]);
        let (stdout, stderr) = text(&made);
        assert!(made.status.success(), "{stdout}{stderr}");
        assert!(
            stdout.contains("pg_restore --clean --if-exists"),
            "{stdout}"
        );
        let list = Command::new("pg_restore")
            .arg("--list")
            .arg(&out)
            .output()
            .unwrap();
        let (listed, _) = text(&list);
        assert!(listed.contains("TABLE public games"), "{listed}");
    }
    let _ = std::fs::remove_dir_all(dir);
}
