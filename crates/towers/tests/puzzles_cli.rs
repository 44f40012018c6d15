//! `towers gt puzzles`: puzzles found in a record file, one JSON line
//! each, appended without repeating a position; a missing source is a
//! usage error.

use std::process::Command;

use serde_json::Value;

fn towers(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_towers"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A game that starts where Red wins in two (a puzzle of the shipped set)
/// and plays the win.
const RECORD: &str = r#"[Event "puzzle test"]
[Red "a"]
[Blue "b"]
[Rules "standard"]
[Start "7/4RG2/1b3b2r33/7/1r35/5b11/1r11BG3 r"]
[Result "1-0"]
[Termination "guard captured"]

1. B3-B1-2 B5-B3-2 2. B1-D1-2 1-0
"#;

#[test]
fn puzzles_are_found_in_a_record_file_and_appended_once() {
    let dir = std::env::temp_dir().join(format!("towers-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("games.txt");
    let out = dir.join("puzzles.jsonl");
    let _ = std::fs::remove_file(&out);
    std::fs::write(&record, RECORD).unwrap();
    let args = [
        "gt",
        "puzzles",
        "--from",
        record.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--no-saves",
        "--threads",
        "1",
    ];
    let output = towers(&args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("1 puzzles from 1 of 1 games"), "{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 1, "{text}");
    let puzzle = &lines[0];
    assert_eq!(puzzle["goal"], "win");
    assert_eq!(puzzle["position"], "7/4RG2/1b3b2r33/7/1r35/5b11/1r11BG3 r");
    assert_eq!(puzzle["solution"][0], "B3-B1-2");
    assert_eq!(puzzle["solution"].as_array().unwrap().len(), 3);
    assert!(puzzle["themes"]
        .as_array()
        .unwrap()
        .contains(&Value::from("guard-capture")));
    assert!(puzzle["source"]
        .as_str()
        .unwrap()
        .ends_with("game 1, ply 0"));

    // Again: the position is in the file already, nothing is added.
    let again = towers(&args);
    assert!(again.status.success());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);

    let nothing = towers(&["gt", "puzzles", "--out", out.to_str().unwrap()]);
    assert_eq!(nothing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&nothing.stderr).contains("--self-play"));
    std::fs::remove_dir_all(&dir).unwrap();
}
