//! End-to-end: `towers tournament` runs whole tournaments through its
//! command-line contract. The tournaments are transcripts in
//! `tests/tournaments/*.txt` (format described at the top of
//! `kubb-pools-knockout.txt`): the commands, the exact pairing lines, the
//! errors, and standings checked against tie-breaks computed by hand
//! (the computation is written beside them).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

const TOWERS: &str = env!("CARGO_BIN_EXE_towers");

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("towers-tournament-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `towers tournament SUBCOMMAND FILE ARGS…`.
fn tournament(file: &Path, subcommand: &str, args: &[&str]) -> Output {
    Command::new(TOWERS)
        .args(["tournament", subcommand])
        .arg(file)
        .args(args)
        .output()
        .expect("runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8")
}

/// Checks that a command failed as the contract says: exit 2, one line.
fn assert_usage_error(output: &Output, context: &str) {
    let text = stderr(output);
    assert_eq!(output.status.code(), Some(2), "{context}: {text}");
    assert_eq!(text.lines().count(), 1, "{context}: one line: {text}");
    assert!(text.starts_with("towers: error: "), "{context}: {text}");
}

/// The value of `key` in a standings object: a top-level field or a
/// tie-break.
fn field<'a>(row: &'a Value, key: &str) -> &'a Value {
    row.get(key)
        .or_else(|| row["tiebreaks"].get(key))
        .unwrap_or_else(|| panic!("no {key} in {row}"))
}

fn matches(value: &Value, expected: &str) -> bool {
    match value {
        Value::Number(number) => number.as_f64() == expected.parse::<f64>().ok(),
        Value::String(text) => text == expected,
        other => serde_json::from_str::<Value>(expected).is_ok_and(|e| &e == other),
    }
}

/// Plays a transcript, panicking at the first line that does not hold.
fn play(transcript: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/tournaments")
        .join(transcript);
    let text = std::fs::read_to_string(&path).unwrap();
    let file = temp_dir(transcript).join("tournament.json");
    std::fs::remove_file(&file).ok();
    let mut last: Option<(String, Output)> = None;
    let mut expected_lines: Vec<String> = Vec::new();
    let mut standings: Option<Vec<Value>> = None;
    let check_output = |last: &Option<(String, Output)>, expected: &mut Vec<String>| {
        if let Some((command, output)) = last {
            if !expected.is_empty() {
                let lines: Vec<String> = stdout(output).lines().map(str::to_string).collect();
                assert_eq!(&lines, expected, "{transcript}: output of `{command}`");
            }
        }
        expected.clear();
    };
    for (number, line) in text.lines().enumerate() {
        let at = format!("{transcript}:{}: {line}", number + 1);
        if let Some(command) = line.strip_prefix("$ ").or_else(|| line.strip_prefix("$! ")) {
            check_output(&last, &mut expected_lines);
            let words: Vec<&str> = command.split_whitespace().collect();
            let output = tournament(&file, words[0], &words[1..]);
            if line.starts_with("$! ") {
                assert_usage_error(&output, &at);
            } else {
                assert!(output.status.success(), "{at}: {}", stderr(&output));
            }
            if words[0] == "standings" {
                standings =
                    Some(serde_json::from_str(&stdout(&output)).expect("standings --json is JSON"));
            }
            last = Some((command.to_string(), output));
        } else if let Some(expected) = line.strip_prefix("> ") {
            expected_lines.push(expected.to_string());
        } else if let Some(expected) = line.strip_prefix("! ") {
            let (_, output) = last.as_ref().expect("a command before");
            assert!(
                stderr(output).contains(expected),
                "{at}: stderr was {}",
                stderr(output)
            );
        } else if let Some(check) = line.strip_prefix("= ") {
            let mut words = check.split_whitespace();
            let name = words.next().expect("a name");
            let rows = standings.as_ref().expect("standings --json before");
            let row = rows
                .iter()
                .find(|r| r["name"] == name)
                .unwrap_or_else(|| panic!("{at}: no {name}"));
            for pair in words {
                let (key, value) = pair.split_once('=').expect("key=value");
                assert!(
                    matches(field(row, key), value),
                    "{at}: {key} is {} in {row}",
                    field(row, key)
                );
            }
        }
    }
    check_output(&last, &mut expected_lines);
}

#[test]
fn a_16_team_kubb_tournament_in_pools_then_knockout() {
    play("kubb-pools-knockout.txt");
}

#[test]
fn a_16_team_kubb_swiss() {
    play("kubb-swiss.txt");
}

#[test]
fn an_8_engine_guard_and_towers_round_robin() {
    play("gt-round-robin.txt");
}
