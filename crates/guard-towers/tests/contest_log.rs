//! Logs of the course's contest server: the fixtures (written as the
//! server writes them) replay to the results `expected.tsv` lists, and a
//! broken log is refused with the line and why, never a panic.

use guard_towers::contest_log::{ContestLog, ContestLogErrorKind};
use guard_towers::record::parse_records;
use proptest::prelude::*;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/contest-logs");

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{DIR}/{name}")).expect("fixture")
}

#[test]
fn every_fixture_replays_to_its_expected_result() {
    let table = fixture("expected.tsv");
    let rows: Vec<Vec<&str>> = table
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| line.split('\t').collect())
        .collect();
    assert_eq!(rows.len(), 4);
    for row in rows {
        let [file, red, blue, moves, out_of_turn, result, termination] = row[..] else {
            panic!("a row of seven columns: {row:?}");
        };
        let log: ContestLog = fixture(file)
            .parse()
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!((log.red.as_str(), log.blue.as_str()), (red, blue), "{file}");
        assert_eq!(log.moves.len().to_string(), moves, "{file}");
        let skipped: Vec<String> = log.out_of_turn.iter().map(|s| s.line.to_string()).collect();
        let skipped = if skipped.is_empty() {
            "-".into()
        } else {
            skipped.join(",")
        };
        assert_eq!(skipped, out_of_turn, "{file}");
        let (score, why) = log.result();
        assert_eq!(
            (score.token(), why.to_string().as_str()),
            (result, termination),
            "{file}"
        );
        // The record it makes reads back as the same game.
        let record = log.record();
        let read = parse_records(&record.to_string()).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(read, vec![record], "{file}");
    }
}

#[test]
fn the_time_left_and_the_square_a_whole_tower_left_are_read() {
    let log: ContestLog = fixture("win.txt").parse().unwrap();
    assert_eq!(log.moves[0].time_left_ms, 117_411);
    assert_eq!(log.moves[0].line, 4);
    let last = log.moves.last().unwrap();
    assert_eq!(
        (last.mv.to_string(), last.time_left_ms),
        ("D5-D4-1".into(), 108_290)
    );
    // The logged board had r0 on D5: empty in the replay.
    assert_eq!(
        log.game().position().to_string(),
        "r1r11RGr11r1/2r11r12/7/3r13/7/4b22/b1b1b12b21 b"
    );
    let skipped = &log.out_of_turn[0];
    assert_eq!(
        (skipped.color.name(), skipped.text.as_str()),
        ("blue", "C1-C2-1")
    );
    let verdict = log.verdict.as_ref().unwrap();
    assert_eq!(
        (verdict.line, verdict.reason.to_string()),
        (36, "win".to_string())
    );
}

/// A broken copy of `win.txt`: `line` (1-based) replaced by `with`, or
/// removed when `with` is `None`, or `extra` appended.
fn broken(line: usize, with: Option<&str>) -> String {
    let text = fixture("win.txt");
    let mut lines: Vec<&str> = text.lines().collect();
    match with {
        Some(replacement) => lines[line - 1] = replacement,
        None => {
            lines.remove(line - 1);
        }
    }
    lines.join("\n")
}

#[test]
fn a_broken_log_is_refused_with_its_line_and_why() {
    type Check = fn(&ContestLogErrorKind) -> bool;
    let cases: Vec<(&str, String, usize, Check)> = vec![
        ("no red header", broken(1, Some("Red: alice")), 1, |k| {
            matches!(k, ContestLogErrorKind::Header { .. })
        }),
        // The blank line after the headers moves up: the first move line
        // is where Blue's header should be.
        ("no blue header", broken(2, None), 3, |k| {
            matches!(k, ContestLogErrorKind::Header { .. })
        }),
        (
            "an unknown line",
            broken(6, Some("Green move: C2-C1-1")),
            6,
            |k| matches!(k, ContestLogErrorKind::Unknown(_)),
        ),
        (
            "no time left",
            broken(6, Some("Blue move: C2-C1-1")),
            6,
            |k| matches!(k, ContestLogErrorKind::MoveLine(_)),
        ),
        (
            "a time that is no number",
            broken(6, Some("Blue move: C2-C1-1   ---  time left: soon")),
            6,
            |k| matches!(k, ContestLogErrorKind::MoveLine(_)),
        ),
        ("a move without its board", broken(5, None), 4, |k| {
            matches!(k, ContestLogErrorKind::NoBoard)
        }),
        (
            "a board that is no board",
            broken(5, Some("r1r1/7 b")),
            5,
            |k| matches!(k, ContestLogErrorKind::Board(_)),
        ),
        (
            "a move that is no move",
            broken(6, Some("Blue move: hello   ---  time left: 119414")),
            6,
            |k| matches!(k, ContestLogErrorKind::Move { .. }),
        ),
        (
            "an illegal move",
            broken(6, Some("Blue move: C2-C5-3   ---  time left: 119414")),
            6,
            |k| matches!(k, ContestLogErrorKind::Illegal { .. }),
        ),
        (
            "a board that is not the replay's",
            broken(
                7,
                Some("r1r11RGr11r1/2r11r12/3r13/7/3b13/2b11b12/b1b11BG1b1b1 r"),
            ),
            7,
            |k| matches!(k, ContestLogErrorKind::BoardDiffers { .. }),
        ),
        (
            "a move out of turn that changed the board",
            broken(
                9,
                Some("r1r11RGr11r1/2r11r12/3r13/7/3b13/2b11b12/b1b11BG1b1b1 r"),
            ),
            9,
            |k| matches!(k, ContestLogErrorKind::OutOfTurnChangedBoard { .. }),
        ),
        (
            "a log that ends in its headers",
            "Spieler Rot: alice\n".into(),
            2,
            |k| matches!(k, ContestLogErrorKind::Header { .. }),
        ),
        (
            "a verdict for the wrong side",
            broken(36, Some("Game finished win, win: b")),
            36,
            |k| matches!(k, ContestLogErrorKind::VerdictContradicts { .. }),
        ),
        (
            "a verdict that is no verdict",
            broken(36, Some("Game finished win, win: x")),
            36,
            |k| matches!(k, ContestLogErrorKind::VerdictLine(_)),
        ),
        (
            "a line after the verdict",
            fixture("win.txt") + "Red move: A7-A6-1   ---  time left: 1\n",
            37,
            |k| matches!(k, ContestLogErrorKind::AfterVerdict),
        ),
        (
            "a win the board does not show",
            fixture("no-verdict.txt") + "Game finished win, win: r\n",
            12,
            |k| {
                matches!(
                    k,
                    ContestLogErrorKind::VerdictContradicts { board: None, .. }
                )
            },
        ),
    ];
    for (what, text, line, kind) in cases {
        let error = text
            .parse::<ContestLog>()
            .err()
            .unwrap_or_else(|| panic!("{what}: read"));
        assert_eq!(error.line, line, "{what}: {error}");
        assert!(kind(&error.kind), "{what}: {error}");
        assert!(
            error.to_string().starts_with(&format!("line {line}: ")),
            "{error}"
        );
    }
}

#[test]
fn an_error_quotes_a_long_line_in_part_and_once() {
    let long = "x".repeat(5000);
    let text = broken(6, Some(&format!("Blue move: {long}   ---  time left: 1")));
    let error = text.parse::<ContestLog>().unwrap_err().to_string();
    assert_eq!(
        error,
        format!(
            "line 6: '{}…' is no move: expected FROM-TO-STONES like A7-B7-1",
            "x".repeat(80)
        )
    );
}

#[test]
fn control_characters_in_what_a_log_names_are_escaped() {
    let text = fixture("no-verdict.txt").replace("Spieler Rot: erin", "Spieler Rot: er\u{0}in\r")
        + "Blue move: A1\tA2   ---  time left: 5\n\
           r1r11RGr11r1/2r1r1r12/7/7/3b13/4b12/b1b1b1BG1b21 r\n\
           Game finished Lag\u{7}, win: b\n";
    let log: ContestLog = text.parse().unwrap();
    assert_eq!(log.red, "er\\u{0}in");
    assert_eq!(log.out_of_turn[0].text, "A1\\u{9}A2");
    let (_, termination) = log.result();
    assert_eq!(termination.to_string(), "course server: Lag\\u{7}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any lines dropped, doubled or cut short: read or refused, never a panic.
    #[test]
    fn a_mangled_log_never_panics(edits in prop::collection::vec((0usize..40, 0u8..3, 0usize..60), 1..6)) {
        let text = fixture("win.txt");
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        for (at, how, cut) in edits {
            if lines.is_empty() {
                break;
            }
            let at = at % lines.len();
            match how {
                0 => { lines.remove(at); }
                1 => { let copy = lines[at].clone(); lines.insert(at, copy); }
                _ => { let keep = cut.min(lines[at].len()); lines[at].truncate(keep); }
            }
        }
        if let Err(error) = lines.join("\n").parse::<ContestLog>() {
            prop_assert!(error.line >= 1);
        }
    }
}
