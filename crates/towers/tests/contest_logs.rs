//! End-to-end: `towers gt replay` reads logs of the course's contest
//! server, and `towers admin import-course-log` stores them in a server's
//! archive; a broken log is exit status 2 with its line and why.

use std::path::PathBuf;
use std::process::{Command, Output};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../guard-towers/tests/data/contest-logs")
        .join(name)
}

fn towers(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_towers"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A scratch directory, removed at the end of the test.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("towers-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `win.txt` with the board after Blue's first move changed.
fn broken_log(dir: &Scratch) -> PathBuf {
    let text = std::fs::read_to_string(fixture("win.txt"))
        .unwrap()
        .replacen("4b12/b1b1b1BG1b1b1 r", "4b12/b1b1b1BG2b1 r", 1);
    let path = dir.0.join("broken.txt");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn replay_shows_a_contest_log_move_by_move() {
    let output = towers(&["gt", "replay", fixture("win.txt").to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    for expected in [
        "Contest log: alice (red) vs bob (blue), 15 moves, 1-0 guard captured",
        "   1. red  F7-E7-1 (117411 ms left)",
        "  15. red  D5-D4-1 (108290 ms left)",
        "skipped, out of turn: line 8: blue sent 'C1-C2-1' (the board unchanged)",
        "server's verdict: line 36: win, red wins",
    ] {
        assert!(
            stdout.lines().any(|line| line == expected),
            "{expected}\n{stdout}"
        );
    }
}

#[test]
fn replay_refuses_a_broken_contest_log_with_its_line() {
    let dir = Scratch::new("contest-replay");
    let output = towers(&["gt", "replay", broken_log(&dir).to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(": line 7: the logged board"), "{stderr}");
}

#[test]
fn import_stores_each_log_and_names_the_one_it_cannot_read() {
    let dir = Scratch::new("contest-import");
    let database = format!("sqlite:{}", dir.0.join("towers.db").display());
    let good = [
        "win.txt",
        "timeout.txt",
        "invalid-move.txt",
        "no-verdict.txt",
    ]
    .map(fixture);
    let mut args = vec!["admin", "import-course-log", "--database", &database];
    args.extend(good.iter().map(|path| path.to_str().unwrap()));
    let output = towers(&args);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    for result in [
        "alice (red) vs bob (blue), 15 moves, 1-0 guard captured",
        "team7 (red) vs team12 (blue), 6 moves, 0-1 time forfeit",
        "carol (red) vs dave (blue), 5 moves, 1-0 illegal move",
        "erin (red) vs frank (blue), 4 moves, * unterminated",
    ] {
        assert!(stdout.contains(result), "{result}\n{stdout}");
    }
    assert!(stdout.contains("win.txt: line 8: blue sent 'C1-C2-1' out of turn: skipped"));

    let broken = broken_log(&dir);
    let args = [
        "admin",
        "import-course-log",
        "--database",
        &database,
        broken.to_str().unwrap(),
        good[0].to_str().unwrap(),
    ];
    let output = towers(&args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("broken.txt: not a contest log: line 7: "),
        "{stderr}"
    );
    assert!(stderr.contains("1 of 2 logs not imported"), "{stderr}");
    assert!(String::from_utf8_lossy(&output.stdout).contains("win.txt: game "));
}
