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

/// A game that starts where Red wins in two (a puzzle of the shipped set,
/// its first move the only win at any length the deep search reaches) and
/// plays the win.
const RECORD: &str = r#"[Event "puzzle test"]
[Red "a"]
[Blue "b"]
[Rules "standard"]
[Start "7/2r14/3b23/7/2r2RG3/2r13b1/4BG2 r"]
[Result "1-0"]
[Termination "castle reached"]

1. D3-D2-1 D5-B5-2 2. D2-D1-1 1-0
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
        // The shipped set's budgets.
        "--max-moves",
        "6",
        "--verify-nodes",
        "1000000",
        "--deep-nodes",
        "4000000",
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
    assert_eq!(puzzle["position"], "7/2r14/3b23/7/2r2RG3/2r13b1/4BG2 r");
    assert_eq!(puzzle["solution"][0], "D3-D2-1");
    assert_eq!(puzzle["solution"].as_array().unwrap().len(), 3);
    assert!(puzzle["themes"]
        .as_array()
        .unwrap()
        .contains(&Value::from("castle")));
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

/// Studies drawn from tables built here (one stone), then a set made of a
/// shipped set without ids and those studies: the shipped puzzle keeps id
/// 1, the studies follow, a mirror image is left out, each has a rating.
#[test]
fn studies_from_the_tablebases_join_a_set_with_stable_ids() {
    let dir = std::env::temp_dir().join(format!("towers-studies-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let tables = dir.join("tables");
    let built = towers(&[
        "gt",
        "tablebase",
        "build",
        "--stones",
        "1",
        "--out",
        tables.to_str().unwrap(),
    ]);
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let studies = dir.join("studies.jsonl");
    let drawn = towers(&[
        "gt",
        "puzzles",
        "--studies",
        "4",
        "--tablebase",
        tables.to_str().unwrap(),
        "--min-moves",
        "4",
        "--max-moves",
        "6",
        "--out",
        studies.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&drawn.stderr);
    assert!(drawn.status.success(), "{stderr}");
    assert!(stderr.contains("4 studies"), "{stderr}");
    let mut text = std::fs::read_to_string(&studies).unwrap();
    let first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert!(first["themes"]
        .as_array()
        .unwrap()
        .contains(&Value::from("endgame")));
    assert!(first["solution"].as_array().unwrap().len() >= 7);
    // The first study's mirror image, added again: one position.
    let mirrored = mirror(first["position"].as_str().unwrap());
    let mirrored_line = text
        .lines()
        .next()
        .unwrap()
        .replace(first["position"].as_str().unwrap(), &mirrored);
    let moves: Vec<String> = first["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|mv| mirror_move(mv.as_str().unwrap()))
        .collect();
    let mut mirrored_line: Value = serde_json::from_str(&mirrored_line).unwrap();
    mirrored_line["solution"] = Value::from(moves);
    text.push_str(&format!("{mirrored_line}\n"));
    std::fs::write(&studies, &text).unwrap();

    let shipped = dir.join("shipped.jsonl");
    std::fs::write(&shipped, format!("{}\n", r#"{"goal":"win","position":"3RG3/3BG3/7/7/7/7/7 r","solution":["D7-D6-1"],"themes":[],"source":"by hand"}"#)).unwrap();
    let set = dir.join("set.jsonl");
    let made = towers(&[
        "gt",
        "puzzle-set",
        "--keep",
        shipped.to_str().unwrap(),
        "--add",
        studies.to_str().unwrap(),
        "--out",
        set.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&made.stderr);
    assert!(made.status.success(), "{stderr}");
    let lines: Vec<Value> = std::fs::read_to_string(&set)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let ids: Vec<i64> = lines
        .iter()
        .map(|line| line["id"].as_i64().unwrap())
        .collect();
    // Ids from 1 up, the shipped puzzle first; the mirror image is left
    // out, and so is a study no search depth finds (said on stderr).
    let unfound = stderr.matches("no depth finds").count() as i64;
    assert_eq!(ids, (1..=5 - unfound).collect::<Vec<_>>(), "{stderr}");
    assert_eq!(lines[0]["position"], "3RG3/3BG3/7/7/7/7/7 r");
    assert!(lines
        .iter()
        .all(|line| line["position"] != mirrored.as_str()));
    assert!(lines
        .iter()
        .all(|line| line["rating"].as_u64().unwrap() >= 1100));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A position text seen in the A-G mirror.
fn mirror(position: &str) -> String {
    let position: guard_towers::Position = position.parse().unwrap();
    position.mirrored().to_string()
}

/// A move seen in the A-G mirror.
fn mirror_move(mv: &str) -> String {
    let flip = |square: &str| {
        let file = (b'G' - (square.as_bytes()[0] - b'A')) as char;
        format!("{file}{}", &square[1..])
    };
    let parts: Vec<&str> = mv.split('-').collect();
    format!("{}-{}-{}", flip(parts[0]), flip(parts[1]), parts[2])
}
