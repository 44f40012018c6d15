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

/// Runs a command that must succeed and returns its stdout.
fn ok(file: &Path, subcommand: &str, args: &[&str]) -> String {
    let output = tournament(file, subcommand, args);
    assert!(
        output.status.success(),
        "{subcommand} {args:?}: {}",
        stderr(&output)
    );
    stdout(&output)
}

#[test]
fn a_bad_file_exits_2_with_one_line() {
    let dir = temp_dir("bad");
    let cases = [
        ("garbage.json", "not json at all"),
        ("version.json", r#"{"version": 9, "events": []}"#),
        ("empty.json", r#"{"version": 1, "events": []}"#),
        (
            "result.json",
            r#"{"version": 1, "events": [
                {"event": "created", "settings": {"game": "gt", "format": "round-robin"}},
                {"event": "entrant_added", "name": "ann"},
                {"event": "entrant_added", "name": "bob"},
                {"event": "result_recorded", "round": 1, "first": "ann", "second": "bob", "score": "1-0"}]}"#,
        ),
        (
            "name.json",
            r#"{"version": 1, "events": [
                {"event": "created", "settings": {"game": "gt", "format": "round-robin"}},
                {"event": "entrant_added", "name": "bye"}]}"#,
        ),
    ];
    for (name, text) in cases {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        for subcommand in ["standings", "pair"] {
            assert_usage_error(&tournament(&file, subcommand, &[]), name);
        }
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            text,
            "{name}: a bad file is left alone"
        );
    }
    assert_usage_error(
        &tournament(&dir.join("missing.json"), "standings", &[]),
        "missing",
    );
    let file = dir.join("taken.json");
    ok(&file, "new", &["--game", "gt", "--format", "swiss"]);
    assert_usage_error(
        &tournament(&file, "new", &["--game", "gt", "--format", "swiss"]),
        "exists",
    );
    assert_usage_error(
        &tournament(
            &dir.join("r.json"),
            "new",
            &["--game", "gt", "--format", "knockout", "--rounds", "3"],
        ),
        "--rounds",
    );
}

/// Six entrants in a knockout: the bracket has eight lines, so seeds 1
/// and 2 have byes; a third-place match; the SVG bracket and the CSV
/// export show every pairing and result.
#[test]
fn a_knockout_with_byes_draws_its_bracket_and_exports_csv() {
    let dir = temp_dir("knockout");
    let file = dir.join("k.json");
    std::fs::remove_file(&file).ok();
    ok(
        &file,
        "new",
        &["--game", "gt", "--format", "knockout", "--third-place"],
    );
    ok(&file, "add", &["Ann", "Bob", "Cy", "Di", "Ed", "Flo & Co"]);
    // Lines 1-8, 4-5, 2-7, 3-6 with seeds 7 and 8 missing.
    assert_eq!(
        ok(&file, "pair", &[]),
        "Ann - bye\nDi - Ed\nBob - bye\nCy - Flo & Co\n"
    );
    ok(&file, "result", &["Di", "Ed", "0-1"]);
    ok(&file, "result", &["Cy", "Flo & Co", "1-0"]);
    assert_eq!(ok(&file, "pair", &[]), "Ann - Ed\nBob - Cy\n");
    ok(&file, "result", &["Ann", "Ed", "1-0"]);
    ok(&file, "result", &["Cy", "Bob", "1-0"]);
    assert_eq!(ok(&file, "pair", &[]), "Ann - Cy\nBob - Ed\n");
    ok(&file, "result", &["Ann", "Cy", "0-1"]);
    ok(&file, "result", &["Bob", "Ed", "1-0"]);
    let standings: Vec<Value> = serde_json::from_str(&ok(&file, "standings", &["--json"])).unwrap();
    let order: Vec<&str> = standings
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        &order[..4],
        ["Cy", "Ann", "Bob", "Ed"],
        "champion, finalist, third, fourth"
    );
    // The first-round losers, level on points (0) and Sonneborn–Berger
    // (0), by Buchholz: Flo & Co lost to Cy (3 points), Di to Ed (1).
    assert_eq!(&order[4..], ["Flo & Co", "Di"]);

    let svg = dir.join("bracket.svg");
    ok(&file, "bracket", &["--svg", svg.to_str().unwrap()]);
    let drawing = std::fs::read_to_string(&svg).unwrap();
    assert!(drawing.starts_with("<svg") && drawing.trim_end().ends_with("</svg>"));
    assert!(drawing.contains("Flo &amp; Co"), "names are escaped");
    assert!(drawing.contains("third place"));
    assert!(
        drawing.contains("font-weight=\"bold\">Cy</text>"),
        "the winner in bold"
    );

    let csv = dir.join("export.csv");
    ok(&file, "export", &["--csv", csv.to_str().unwrap()]);
    let lines: Vec<String> = std::fs::read_to_string(&csv)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(
        lines[0],
        "round,stage,pool,first,second,score,baseline_kubbs"
    );
    assert_eq!(lines[1], "1,knockout,,Ann,bye,,");
    assert_eq!(lines.len(), 1 + 4 + 2 + 2, "a header and every pairing");
    assert!(lines.contains(&"3,knockout,,Ann,Cy,0-1,".to_string()));
    assert!(lines.contains(&"1,knockout,,Cy,Flo & Co,1-0,".to_string()));

    ok(
        &file,
        "export",
        &["--csv", csv.to_str().unwrap(), "--standings"],
    );
    let table = std::fs::read_to_string(&csv).unwrap();
    let mut rows = table.lines();
    assert_eq!(
        rows.next(),
        Some("rank,name,points,sonneborn_berger,buchholz,direct_encounter,wins,played,won,drawn,lost,pool,pool_rank")
    );
    // Cy won its three games (Flo & Co, Bob, Ann): 3 points.
    assert!(rows.next().unwrap().starts_with("1,Cy,3,"), "{table}");
    assert_eq!(table.lines().count(), 7, "a header and six entrants");
}

/// The standings table keeps its columns under names that take more or
/// fewer screen columns than characters (Chinese, an emoji, a combining
/// accent): every line ends in the same screen column (they were padded by
/// characters, so wide names pushed their row out of line).
#[test]
fn standings_columns_stay_aligned_under_wide_names() {
    use unicode_width::UnicodeWidthStr;
    let dir = temp_dir("wide-names");
    let file = dir.join("w.json");
    std::fs::remove_file(&file).ok();
    ok(&file, "new", &["--game", "gt", "--format", "round-robin"]);
    ok(&file, "add", &["王小明", "🐻 Bears", "Zoe\u{308}", "Ann"]);
    let table = ok(&file, "standings", &[]);
    let widths: Vec<usize> = table.lines().map(UnicodeWidthStr::width).collect();
    assert_eq!(widths.len(), 5, "a header and four entrants: {table}");
    assert!(
        widths.iter().all(|&w| w == widths[0]),
        "{widths:?}\n{table}"
    );
}

/// A Swiss of five: the bye goes to the lowest-ranked without one; a
/// withdrawn entrant is paired no more and a late entrant joins the next
/// round with no points.
#[test]
fn a_swiss_takes_withdrawals_late_entries_and_gives_each_bye_once() {
    let dir = temp_dir("swiss");
    let file = dir.join("s.json");
    std::fs::remove_file(&file).ok();
    ok(
        &file,
        "new",
        &["--game", "gt", "--format", "swiss", "--rounds", "3"],
    );
    ok(&file, "add", &["P1", "P2", "P3", "P4", "P5"]);
    assert_eq!(ok(&file, "pair", &[]), "P1 - P3\nP4 - P2\nP5 - bye\n");
    ok(&file, "result", &["P1", "P3", "1-0"]);
    ok(&file, "result", &["P4", "P2", "0.5-0.5"]);
    ok(&file, "withdraw", &["P1"]);
    ok(&file, "add", &["P6"]);
    assert_usage_error(&tournament(&file, "withdraw", &["P1"]), "twice");
    let round = ok(&file, "pair", &[]);
    assert!(
        !round.contains("P1"),
        "a withdrawn entrant is not paired: {round}"
    );
    assert!(round.contains("P6"), "a late entrant is: {round}");
    assert!(!round.contains("P5 - bye"), "no second bye: {round}");
    assert_eq!(
        round.lines().count(),
        3,
        "five entrants: two pairings and a bye: {round}"
    );
    let standings: Vec<Value> = serde_json::from_str(&ok(&file, "standings", &["--json"])).unwrap();
    let p1 = standings.iter().find(|s| s["name"] == "P1").unwrap();
    assert_eq!(p1["withdrawn"], true);
    assert_eq!(p1["points"], 1.0, "results before the withdrawal stay");
}

/// A Swiss with more rounds than its field can play without a repeat is
/// refused when its first round is paired, saying how many it can have
/// (it stopped in the fourth round of four players with "no pairing
/// without a repeat exists"); with as many as it can have, it pairs.
#[test]
fn a_swiss_with_more_rounds_than_the_field_allows_is_refused_at_the_start() {
    let dir = temp_dir("swiss-rounds");
    let file = dir.join("s.json");
    for (rounds, players, refused) in [
        ("4", 4, true),
        ("3", 4, false),
        ("5", 5, false),
        ("6", 5, true),
    ] {
        std::fs::remove_file(&file).ok();
        ok(
            &file,
            "new",
            &["--game", "gt", "--format", "swiss", "--rounds", rounds],
        );
        let names: Vec<String> = (1..=players).map(|p| format!("P{p}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        ok(&file, "add", &names);
        if refused {
            let most = if players % 2 == 0 {
                players - 1
            } else {
                players
            };
            let output = tournament(&file, "pair", &[]);
            assert_usage_error(&output, "too many rounds");
            let expected = format!(
                "a Swiss of {players} entrants has at most {most} rounds without a repeat, not {rounds}"
            );
            assert!(stderr(&output).contains(&expected), "{}", stderr(&output));
        } else {
            ok(&file, "pair", &[]);
        }
    }
}

/// A pools-then-knockout event draws its bracket during the pools, its
/// boxes empty, as a knockout does before it is paired (it was refused as
/// "a tournament without knockout").
#[test]
fn pools_then_knockout_draws_an_empty_bracket_during_the_pools() {
    let dir = temp_dir("pools-bracket");
    let file = dir.join("p.json");
    std::fs::remove_file(&file).ok();
    ok(
        &file,
        "new",
        &["--game", "kubb", "--format", "pools-knockout"],
    );
    ok(&file, "add", &["A", "B", "C", "D", "E", "F", "G", "H"]);
    ok(&file, "pair", &[]);
    let svg = dir.join("bracket.svg");
    ok(&file, "bracket", &["--svg", svg.to_str().unwrap()]);
    let drawing = std::fs::read_to_string(&svg).unwrap();
    assert!(drawing.starts_with("<svg"), "{drawing}");
    assert!(drawing.contains("<rect x="), "boxes are drawn: {drawing}");
    for name in ["A", "H"] {
        assert!(
            !drawing.contains(&format!(">{name}<")),
            "no one is in the bracket yet: {drawing}"
        );
    }
}

/// An entrant who withdraws while its game of the round has no result
/// leaves its opponent a bye, as in later rounds, so the next round can be
/// paired (it once stayed open for ever): in a round robin, a Swiss and a
/// knockout, where the opponent goes through.
#[test]
fn a_withdrawal_during_a_round_leaves_the_opponent_a_bye() {
    let dir = temp_dir("withdraw-mid-round");
    for format in ["round-robin", "swiss", "knockout"] {
        let file = dir.join(format!("{format}.json"));
        std::fs::remove_file(&file).ok();
        ok(&file, "new", &["--game", "gt", "--format", format]);
        ok(&file, "add", &["A", "B", "C", "D"]);
        let first = ok(&file, "pair", &[]);
        let (opponent, other): (&str, [&str; 2]) = match format {
            "knockout" => ("A", ["B", "C"]),
            _ => {
                let line = first.lines().find(|l| l.contains('D')).unwrap();
                let opponent = line.split(" - ").find(|n| *n != "D").unwrap();
                let rest: Vec<&str> = ["A", "B", "C"]
                    .into_iter()
                    .filter(|n| *n != opponent)
                    .collect();
                (opponent, [rest[0], rest[1]])
            }
        };
        ok(&file, "withdraw", &["D"]);
        let pairing = first
            .lines()
            .find(|l| l.contains(other[0]))
            .unwrap()
            .split(" - ")
            .collect::<Vec<_>>();
        ok(&file, "result", &[pairing[0], pairing[1], "1-0"]);
        assert_usage_error(&tournament(&file, "result", &[opponent, "D", "1-0"]), "");
        let next = ok(&file, "pair", &[]);
        assert!(!next.contains('D'), "{format}: {next}");
        let standings: Vec<Value> =
            serde_json::from_str(&ok(&file, "standings", &["--json"])).unwrap();
        let points = |name: &str| {
            standings.iter().find(|s| s["name"] == name).unwrap()["points"]
                .as_f64()
                .unwrap()
        };
        if format != "knockout" {
            assert_eq!(points(opponent), 1.0, "{format}: the bye scores a win");
        }
        assert_eq!(points("D"), 0.0, "{format}");
    }
    // Once the last result is in, there is nothing to withdraw from.
    let file = dir.join("over.json");
    std::fs::remove_file(&file).ok();
    ok(&file, "new", &["--game", "gt", "--format", "knockout"]);
    ok(&file, "add", &["A", "B"]);
    ok(&file, "pair", &[]);
    ok(&file, "result", &["A", "B", "1-0"]);
    let before = std::fs::read(&file).unwrap();
    let refused = tournament(&file, "withdraw", &["A"]);
    assert_usage_error(&refused, "withdraw after the end");
    assert!(stderr(&refused).contains("the tournament is over"));
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "the file is untouched"
    );
}

/// Ratings move after each result: one round of decisive games lifts
/// every winner above 1500 and drops every loser below, all equally
/// uncertain; the next round moves them again.
#[test]
fn ratings_update_after_each_round() {
    let dir = temp_dir("ratings");
    let file = dir.join("r.json");
    std::fs::remove_file(&file).ok();
    ok(&file, "new", &["--game", "gt", "--format", "round-robin"]);
    ok(&file, "add", &["A", "B", "C", "D"]);
    ok(&file, "pair", &[]);
    let ratings = |file: &Path| -> Vec<Value> {
        serde_json::from_str(&ok(file, "ratings", &["--json"])).unwrap()
    };
    assert!(ratings(&file).is_empty(), "nobody is rated before a result");
    ok(&file, "result", &["A", "D", "1-0"]);
    ok(&file, "result", &["B", "C", "0-1"]);
    let after_one = ratings(&file);
    let rating = |rows: &[Value], name: &str| {
        rows.iter().find(|r| r["name"] == name).unwrap()["rating"]
            .as_f64()
            .unwrap()
    };
    for (name, won) in [("A", true), ("C", true), ("B", false), ("D", false)] {
        assert_eq!(
            rating(&after_one, name) > 1500.0,
            won,
            "{name}: {after_one:?}"
        );
    }
    assert_eq!(rating(&after_one, "A"), rating(&after_one, "C"));
    ok(&file, "pair", &[]);
    ok(&file, "result", &["A", "C", "1-0"]);
    let after_two = ratings(&file);
    assert!(
        rating(&after_two, "A") > rating(&after_one, "A"),
        "A beat C"
    );
    assert!(rating(&after_two, "C") < rating(&after_one, "C"));
}

#[test]
fn a_round_is_scheduled_onto_pitches_in_slots() {
    let dir = temp_dir("schedule");
    let file = dir.join("s.json");
    std::fs::remove_file(&file).ok();
    ok(&file, "new", &["--game", "kubb", "--format", "round-robin"]);
    ok(&file, "add", &["A", "B", "C", "D", "E", "F"]);
    ok(&file, "pair", &[]);
    let schedule = ok(
        &file,
        "schedule",
        &["--pitches", "2", "--start", "09:30", "--minutes", "40"],
    );
    assert_eq!(
        schedule,
        "round 1 09:30 pitch 1: A - F\nround 1 09:30 pitch 2: B - E\nround 1 10:10 pitch 1: C - D\n"
    );
    let bad_time = tournament(
        &file,
        "schedule",
        &["--pitches", "2", "--start", "9h", "--minutes", "40"],
    );
    assert_eq!(bad_time.status.code(), Some(2));
    assert!(stderr(&bad_time).contains("'9h' is not a time of day HH:MM"));
}
