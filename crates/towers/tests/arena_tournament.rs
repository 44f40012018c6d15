//! End-to-end: `towers arena --tournament` plays round robins, gauntlets
//! and Swisses between real engine processes and prints a ranking with
//! each engine's Elo and a crosstable whose cells add up to the games.

use std::collections::HashMap;
use std::process::Command;

const TOWERS: &str = env!("CARGO_BIN_EXE_towers");

/// Runs a quick tournament of level-1 engines and returns its stdout.
fn tournament(kind: &str, engines: usize, extra: &[&str]) -> String {
    let specs: Vec<String> = (0..engines)
        .map(|i| format!("e{i}={TOWERS} gt engine --level 1"))
        .collect();
    let mut command = Command::new(TOWERS);
    command.args([
        "arena",
        "--tournament",
        kind,
        "--games",
        "2",
        "--movetime",
        "5",
        "--max-plies",
        "40",
    ]);
    command.args(["--concurrency", "2"]).args(extra);
    for spec in &specs {
        command.args(["--engine", spec]);
    }
    let output = command.output().expect("runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The crosstable's cells by (row, column): `None` for pairs that did not
/// meet.
fn crosstable(text: &str) -> HashMap<(String, String), Option<f64>> {
    let mut lines = text
        .lines()
        .skip_while(|l| !l.starts_with("Crosstable"))
        .skip(1);
    let columns: Vec<String> = lines
        .next()
        .expect("a header")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let mut cells = HashMap::new();
    for line in lines {
        let mut words = line.split_whitespace();
        let row = words.next().unwrap().to_string();
        for (column, cell) in columns.iter().zip(words) {
            if *column != row {
                cells.insert((row.clone(), column.clone()), cell.parse().ok());
            }
        }
    }
    cells
}

fn games_line(text: &str) -> usize {
    let line = text.lines().next().unwrap();
    let games = line
        .split(", ")
        .find(|part| part.ends_with(" games"))
        .expect("a games count");
    games.trim_end_matches(" games").parse().unwrap()
}

/// Every two engines meet once (two games), and the two cells of a pair
/// add up to its two games.
#[test]
fn a_round_robin_fills_the_crosstable() {
    let text = tournament("round-robin", 3, &[]);
    assert_eq!(games_line(&text), 6, "{text}");
    let cells = crosstable(&text);
    assert_eq!(cells.len(), 6, "{text}");
    for ((row, column), points) in &cells {
        let other = cells[&(column.clone(), row.clone())];
        assert_eq!(
            points.unwrap() + other.unwrap(),
            2.0,
            "{row} v {column}: {text}"
        );
    }
    let ranking: Vec<&str> = text
        .lines()
        .skip(2)
        .take_while(|l| !l.starts_with("Crosstable"))
        .collect();
    assert_eq!(ranking.len(), 3, "{text}");
    for line in ranking {
        assert!(
            line.contains("+/-")
                || line.contains("interval unbounded")
                || line.contains("every result alike: no interval"),
            "an Elo with its interval, or why it has none: {line}"
        );
    }
}

/// A gauntlet: the first engine against each of the others, who do not
/// meet each other.
#[test]
fn a_gauntlet_plays_the_first_engine_against_each_other() {
    let text = tournament("gauntlet", 3, &[]);
    assert_eq!(games_line(&text), 4, "{text}");
    let cells = crosstable(&text);
    assert!(cells[&("e0".into(), "e1".into())].is_some());
    assert!(cells[&("e1".into(), "e2".into())].is_none(), "{text}");
}

/// A Swiss of five engines over two rounds: two encounters a round (one
/// engine sits out), none repeated.
#[test]
fn a_swiss_pairs_rounds_without_repeats() {
    let text = tournament("swiss", 5, &["--rounds", "2"]);
    assert_eq!(games_line(&text), 8, "{text}");
    let met = crosstable(&text)
        .values()
        .filter(|cell| cell.is_some())
        .count();
    assert_eq!(met, 8, "four encounters, two cells each: {text}");
}
