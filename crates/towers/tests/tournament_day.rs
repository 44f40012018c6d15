//! End-to-end: `towers tournament simulate-day` plays a day with the
//! Kubb simulator's matches and compares the live calls with the fixed
//! timetable; bad input is refused with a message, not a panic.

use std::process::{Command, Output};

const TOWERS: &str = env!("CARGO_BIN_EXE_towers");

fn simulate_day(args: &[&str]) -> Output {
    Command::new(TOWERS)
        .args(["tournament", "simulate-day"])
        .args(args)
        .output()
        .expect("runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

/// The minutes after midnight of the `HH:MM` after `label` in `text`.
fn time_after(text: &str, label: &str) -> u32 {
    let rest = &text[text
        .find(label)
        .unwrap_or_else(|| panic!("no '{label}' in {text}"))
        + label.len()..];
    let (hours, minutes) = rest[..5].split_once(':').expect("HH:MM");
    hours.parse::<u32>().unwrap() * 60 + minutes.parse::<u32>().unwrap()
}

#[test]
fn a_swiss_day_ends_earlier_live_than_on_the_fixed_timetable() {
    let args = [
        "--teams",
        "12",
        "--pitches",
        "4",
        "--format",
        "swiss",
        "--rounds",
        "3",
        "--seed",
        "7",
        "--timeline",
    ];
    let output = simulate_day(&args);
    assert!(output.status.success(), "{output:?}");
    let text = stdout(&output);
    let live_lines = text.lines().filter(|l| l.starts_with("round ")).count();
    assert_eq!(live_lines, 2 * 3 * 6, "18 matches, live and fixed:\n{text}");
    let live = time_after(&text, "live:  ends ");
    let fixed = time_after(&text, "fixed: ends ");
    let budget = time_after(&text, "slots budgeted to ");
    assert!(live >= 9 * 60 && live <= fixed && fixed <= budget, "{text}");
    assert!(text.contains("earlier than the fixed timetable"), "{text}");
    assert_eq!(stdout(&simulate_day(&args)), text, "a seed gives one day");
}

#[test]
fn a_round_robin_is_played_too() {
    let output = simulate_day(&["--teams", "5", "--pitches", "2", "--format", "round-robin"]);
    assert!(output.status.success(), "{output:?}");
    assert!(
        stdout(&output).contains("matches: 10,"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn bad_input_is_refused_with_a_message() {
    let cases: [(&[&str], &str); 5] = [
        (
            &["--teams", "8", "--pitches", "0", "--format", "swiss"],
            "at least one pitch",
        ),
        (
            &["--teams", "8", "--pitches", "2", "--format", "knockout"],
            "not a knockout",
        ),
        (
            &["--teams", "1", "--pitches", "2", "--format", "swiss"],
            "too few",
        ),
        (
            &[
                "--teams",
                "8",
                "--pitches",
                "2",
                "--format",
                "swiss",
                "--time-limit-minutes",
                "0",
            ],
            "time limit",
        ),
        (
            &[
                "--teams",
                "8",
                "--pitches",
                "2",
                "--format",
                "swiss",
                "--seconds-per-turn",
                "0",
            ],
            "--seconds-per-turn",
        ),
    ];
    for (args, message) in cases {
        let output = simulate_day(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} was accepted");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}
