//! End-to-end: `towers kubb replay` judges records in both formats with
//! the exact output contract.

use std::ffi::OsStr;
use std::process::{Command, Output};

fn replay(args: &[&str], record: &str, name: &str) -> Output {
    let path = std::env::temp_dir().join(format!("towers-kubb-{}-{name}", std::process::id()));
    std::fs::write(&path, record).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_towers"))
        // English whatever the machine's locale (the words are asserted).
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8")
        .args(["kubb", "replay"])
        .args(args)
        .arg(&path)
        .output()
        .expect("runs");
    std::fs::remove_file(path).ok();
    output
}

/// Runs `towers kubb ARGS`, checks that it succeeded and returns what it
/// printed.
fn kubb_succeeds<S: AsRef<OsStr>>(args: impl IntoIterator<Item = S>) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_towers"))
        // English whatever the machine's locale (the words are asserted).
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8")
        .arg("kubb")
        .args(args)
        .output()
        .expect("runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

fn last_line(output: &Output) -> String {
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .last()
        .unwrap_or_default()
        .to_string()
}

/// A clears B's towers; B brings them in, clears them and A's towers; A
/// inkasts all ten, clears them with one stick, then fells the king with
/// four sticks in hand.
const FULL_GAME: &str = r#"[["a:b","a:b","a:b","a:b","a:b","a:-"],
 ["b:5i2rp","b:5f","b:b","b:b","b:b","b:b","b:b"],
 ["a:10i","a:10f","a:k"]]"#;

#[test]
fn a_notation_record_prints_the_result_as_its_last_line() {
    for ruleset in ["seed", "standard"] {
        let output = replay(&["--ruleset", ruleset], FULL_GAME, "full.json");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert_eq!(last_line(&output), "result: A wins");
    }
    let unfinished = replay(&[], r#"[["a:b","a:-"]]"#, "unfinished.json");
    assert!(unfinished.status.success());
    assert_eq!(last_line(&unfinished), "result: unfinished");
}

#[test]
fn the_king_with_the_last_stick_is_judged_by_the_ruleset() {
    let record = r#"[["a:b","a:b","a:b","a:b","a:b","a:k"]]"#;
    assert_eq!(
        last_line(&replay(&["--ruleset", "seed"], record, "last-seed.json")),
        "result: B wins"
    );
    assert_eq!(
        last_line(&replay(
            &["--ruleset", "standard"],
            record,
            "last-standard.json"
        )),
        "result: A wins"
    );
}

#[test]
fn an_event_log_replays_and_the_default_ruleset_is_the_logs() {
    let log = concat!(
        r#"{"format":"towers-kubb-events","version":1,"ruleset":"standard"}"#,
        "\n",
        r#"{"event":"start","team":"B"}"#,
        "\n",
        r#"{"event":"stick","player":"x","outcome":{"hit":{"towers":[{"0":0}]}}}"#,
        "\n",
    );
    // The third line is malformed on purpose: a piece is a number.
    let output = replay(&[], log, "bad.jsonl");
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8(output.stderr).unwrap();
    assert_eq!(error.lines().count(), 1, "{error}");
    assert!(error.contains("line 3"), "{error}");

    let log = concat!(
        r#"{"format":"towers-kubb-events","version":1,"ruleset":"standard"}"#,
        "\n",
        r#"{"event":"start","team":"B"}"#,
        "\n",
        r#"{"event":"stick","player":"x","outcome":{"hit":{"towers":[0,1]}}}"#,
        "\n",
        r#"{"event":"stick","player":"x","outcome":{"hit":{"towers":[2,3,4]}}}"#,
        "\n",
        r#"{"event":"stick","player":"x","outcome":{"hit":{"king":true}}}"#,
        "\n",
    );
    let output = replay(&[], log, "good.jsonl");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    assert!(text.contains("ruleset standard"), "{text}");
    assert_eq!(
        last_line(&output),
        "result: unfinished",
        "one game of a best-of-3"
    );
}

/// A rescue of a piece that does not exist is an invalid record, said in
/// one line (it once panicked: exit 101 and a backtrace).
#[test]
fn a_log_rescuing_a_piece_that_does_not_exist_exits_2_in_one_line() {
    let log = concat!(
        r#"{"format":"towers-kubb-events","version":1,"ruleset":"standard"}"#,
        "\n",
        r#"{"event":"start","team":"B"}"#,
        "\n",
        r#"{"event":"rescue","player":"bob","piece":21}"#,
        "\n",
    );
    let output = replay(&[], log, "rescue-21.jsonl");
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8(output.stderr).unwrap();
    assert_eq!(error.lines().count(), 1, "{error}");
    // The number is refused where the event is read (`PieceId` reads
    // 0-9 only), so the line is not an event.
    assert!(
        error.contains("line 3: not an event: there is no piece number 21"),
        "{error}"
    );
}

/// `{"miss": {}}` is no stick outcome for the log reader either (the API
/// refused it while replay took it).
#[test]
fn a_log_with_a_miss_written_as_a_map_exits_2_in_one_line() {
    let log = concat!(
        r#"{"format":"towers-kubb-events","version":1,"ruleset":"standard"}"#,
        "\n",
        r#"{"event":"start","team":"A"}"#,
        "\n",
        r#"{"event":"stick","player":"ann","outcome":{"miss":{}}}"#,
        "\n",
    );
    let output = replay(&[], log, "miss-map.jsonl");
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8(output.stderr).unwrap();
    assert_eq!(error.lines().count(), 1, "{error}");
    assert!(
        error.contains(r#"line 3: not an event: miss is written "miss""#),
        "{error}"
    );
}

#[test]
fn an_invalid_record_exits_2_naming_turn_entry_and_rule() {
    let record = r#"[["a:b","a:-","a:-","a:-","a:-","a:-"],["b:i","b:b"]]"#;
    let output = replay(&[], record, "invalid.json");
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8(output.stderr).unwrap();
    assert_eq!(error.lines().count(), 1, "{error}");
    assert!(
        error.contains("turn 2, token 2 'b:b'") && error.contains("cannot count"),
        "{error}"
    );
    let bad_ruleset = Command::new(env!("CARGO_BIN_EXE_towers"))
        .args(["kubb", "replay", "--ruleset", "wild", "x.json"])
        .output()
        .unwrap();
    assert_eq!(bad_ruleset.status.code(), Some(2));
    // An empty file is no record (it once replayed as an unfinished game).
    for blank in ["", "\n  \n"] {
        let output = replay(&[], blank, "empty.txt");
        assert_eq!(output.status.code(), Some(2));
        let error = String::from_utf8(output.stderr).unwrap();
        assert!(error.contains("the file is empty"), "{error}");
    }
    // No play-outs is no estimate.
    let no_playouts = Command::new(env!("CARGO_BIN_EXE_towers"))
        .args(["kubb", "advise", "--playouts", "0", "x.json"])
        .output()
        .unwrap();
    assert_eq!(no_playouts.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&no_playouts.stderr).contains("--playouts"));
}

#[test]
fn simulate_prints_one_json_object_with_the_documented_fields() {
    let text = kubb_succeeds([
        "simulate",
        "--games",
        "300",
        "--seed",
        "4",
        "--json",
        "--threads",
        "2",
    ]);
    let value: serde_json::Value = serde_json::from_str(text.trim()).expect("one JSON object");
    assert_eq!(value["games"], 300);
    let wins = value["a_wins"].as_u64().unwrap() + value["b_wins"].as_u64().unwrap();
    assert_eq!(wins, 300);
    assert!(value["mean_turns"].as_f64().unwrap() > 0.0);
    assert_eq!(value["generator"], "xoshiro256++");
    assert_eq!(value["games_played"], 300, "seed matches are one game");
    assert!(value["starter_wins"].as_u64().unwrap() <= 300);
    let bad = Command::new(env!("CARGO_BIN_EXE_towers"))
        .args(["kubb", "simulate", "--a", "pro"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn simulate_plot_writes_an_svg_chart_of_every_skill_pairing() {
    let path = std::env::temp_dir().join(format!("towers-kubb-plot-{}.svg", std::process::id()));
    kubb_succeeds([
        OsStr::new("simulate"),
        OsStr::new("--games"),
        OsStr::new("50"),
        OsStr::new("--plot"),
        path.as_os_str(),
    ]);
    let svg = std::fs::read_to_string(&path).expect("the chart was written");
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    for a in ["beginner", "experienced", "advanced"] {
        for b in ["beginner", "experienced", "advanced"] {
            assert!(
                svg.contains(&format!("<title>A {a}, B {b}: ")),
                "{a} vs {b}"
            );
        }
    }
    std::fs::remove_file(path).ok();
}

/// The findings command prints its four tables (the last the model against
/// the records) and writes its four charts.
#[test]
fn findings_prints_the_tables_and_writes_the_charts() {
    let dir = std::env::temp_dir().join(format!("towers-findings-{}", std::process::id()));
    let text = kubb_succeeds([
        OsStr::new("findings"),
        OsStr::new("--games"),
        OsStr::new("200"),
        OsStr::new("--line-matches"),
        OsStr::new("20"),
        OsStr::new("--out"),
        dir.as_os_str(),
    ]);
    for heading in [
        "| rules | skill | starting team wins games |",
        "| seed rules with | skill |",
        "| rules | skill | turns sampled |",
        "| figure | source's | model's (three: beginner / experienced / advanced) |",
        "| first-baton efficiency, 2015 U.S. quarterfinals (2-4-6) | 43.1 % (188 of 436) |",
    ] {
        assert!(text.contains(heading), "{heading} missing from:\n{text}");
    }
    assert_eq!(text.matches("| standard | advanced |").count(), 2);
    for chart in [
        "start-advantage.svg",
        "seed-rules-start.svg",
        "seed-rules-length.svg",
        "advantage-line.svg",
    ] {
        let svg = std::fs::read_to_string(dir.join(chart)).expect("the chart was written");
        assert!(svg.starts_with("<svg") && svg.contains("<rect"), "{chart}");
    }
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn advise_gives_both_chances_and_the_recommended_decision_for_a_record() {
    let dir = std::env::temp_dir().join(format!("towers-advise-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("match.jsonl");
    std::fs::write(
        &record,
        "{\"format\":\"towers-kubb-events\",\"version\":1,\"ruleset\":\"seed\"}\n\
         {\"event\":\"start\",\"team\":\"A\"}\n",
    )
    .unwrap();
    let text = kubb_succeeds([
        OsStr::new("advise"),
        OsStr::new("--playouts"),
        OsStr::new("200"),
        record.as_os_str(),
    ]);
    assert!(text.starts_with("win probability: A (A) "), "{text}");
    assert!(text.contains("team A decides"), "{text}");
    let advice = text.lines().last().unwrap();
    assert!(advice.starts_with("advice: throw at "), "{advice}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Planet Kubb's published shapes: a text record (turn numbers, `|`,
/// upper case, no player) replays; without a header the reader says on
/// stderr which rules it assumed, and the last line stays the result.
#[test]
fn a_text_record_replays_and_says_which_rules_it_assumed() {
    let record = "1. B | B | B | B | B | K |\n";
    let output = replay(&[], record, "perfect.txt");
    assert!(output.status.success());
    let note = String::from_utf8(output.stderr.clone()).unwrap();
    assert!(
        note.contains("names no rules; read under the seed ruleset, opening 6-6-6"),
        "{note}"
    );
    assert_eq!(
        last_line(&output),
        "result: B wins",
        "the seed forbids the king with the last stick"
    );
    let output = replay(&["--ruleset", "standard"], record, "perfect-standard.txt");
    assert_eq!(
        last_line(&output),
        "result: A wins",
        "one game: that game's result"
    );
    let json = replay(
        &[],
        r#"[["j:B","j:B","g:B","g:B","d:B","d:-"]]"#,
        "perfect.json",
    );
    assert_eq!(last_line(&json), "result: unfinished");
}

/// A record that names its rules replays under them without flags; a flag
/// that contradicts it is an error that says so (exit 2, one line).
#[test]
fn a_record_replays_under_its_own_rules_and_a_contradicting_flag_is_refused() {
    let record = "# ruleset=standard opening=2-4-6\n1. j:b j:b\n2. 2i f f - -\n";
    let output = replay(&[], record, "named.txt");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stderr.is_empty(), "nothing assumed");
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    assert!(text.contains("ruleset standard, opening 2-4-6"), "{text}");
    assert!(text.contains("turn 3 of team A"), "{text}");
    for (flags, said) in [
        (
            &["--ruleset", "seed"][..],
            "the record says ruleset standard, but --ruleset seed was asked for",
        ),
        (
            &["--opening", "6-6-6"][..],
            "the record says opening 2-4-6, but --opening 6-6-6 was asked for",
        ),
    ] {
        let output = replay(flags, record, "contradicted.txt");
        assert_eq!(output.status.code(), Some(2));
        let error = String::from_utf8(output.stderr).unwrap();
        assert_eq!(error.lines().count(), 1, "{error}");
        assert!(error.contains(said), "{error}");
    }
    let agreeing = replay(&["--opening", "2-4-6"], record, "agreeing.txt");
    assert!(agreeing.status.success());
}

/// `--opening` is taken by every command that makes a match.
#[test]
fn every_match_making_command_takes_the_opening() {
    let text = kubb_succeeds(["simulate", "--games", "50", "--opening", "2-4-6", "--json"]);
    let value: serde_json::Value = serde_json::from_str(text.trim()).expect("one JSON object");
    assert_eq!(value["opening"], "2-4-6");
    let text = kubb_succeeds([
        "duel",
        "--games",
        "2",
        "--playouts",
        "2",
        "--ruleset",
        "standard",
        "--opening",
        "2-4-6",
    ]);
    assert!(text.contains("standard rules, opening 2-4-6"), "{text}");
    let bad = Command::new(env!("CARGO_BIN_EXE_towers"))
        .args(["kubb", "simulate", "--opening", "3-6-6"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("opening '3-6-6' is not 6-6-6 or 2-4-6"));
}

/// `towers kubb stats` gives per-player and per-team rows with the
/// community's measures, as CSV and JSON, from notation or a log.
#[test]
fn stats_of_a_record_as_csv_and_json() {
    let dir = std::env::temp_dir().join(format!("towers-stats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("game.txt");
    // j fells 4 towers with 6 sticks; then x inkasts 4 and fells 3 knights
    // with its first stick (1BE 3/4) and the fourth with the next.
    std::fs::write(&record, "# ruleset=standard opening=6-6-6\nj:b j:b j:b j:b j:- j:-\nx:4i x:3f y:f y:- x:- y:- x:-\n").unwrap();
    let csv = kubb_succeeds([OsStr::new("stats"), OsStr::new("--csv"), record.as_os_str()]);
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let row = |scope: &str, name: &str| {
        rows.iter()
            .find(|r| r[0] == scope && r[2] == name)
            .unwrap_or_else(|| panic!("{scope} {name} in {csv}"))
    };
    assert_eq!(row("player", "j")[column("baseline_hit_rate")], "0.6667");
    assert_eq!(
        row("player", "x")[column("first_baton_efficiency")],
        "0.7500"
    );
    assert_eq!(
        row("team", "B")[column("efficiency")],
        "1.0000",
        "all 4 knights faced fell"
    );
    assert_eq!(row("team", "B")[column("sticks")], "6");
    let json = kubb_succeeds([
        OsStr::new("stats"),
        OsStr::new("--json"),
        record.as_os_str(),
    ]);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["players"].as_array().unwrap().len(), 3);
    assert_eq!(value["teams"][1]["knights_felled"], 4);
    std::fs::remove_dir_all(dir).ok();
}

/// The five-for-five forfeit: an opening turn of five batons that felled
/// all five baseline kubbs reads under the setting (the record's header,
/// `--five-for-five`, or the `us-2013` preset) and is one baton short
/// without it; a flag that contradicts the record's header is refused.
#[test]
fn a_five_for_five_opening_replays_under_the_forfeit() {
    let turns = "1. j:b j:b g:b g:b d:b\n2. x:5i x:3f y:2f y:- x:- y:- x:-\n";
    let without = replay(&["--ruleset", "standard"], turns, "five-without.txt");
    assert_eq!(without.status.code(), Some(2));
    let error = String::from_utf8(without.stderr).unwrap();
    assert!(
        error.contains("game 1, turn 1: the turn is incomplete: team A has 1 stick(s) left"),
        "{error}"
    );
    for flags in [
        &["--ruleset", "standard", "--five-for-five"][..],
        &["--preset", "us-2013"][..],
    ] {
        let output = replay(flags, turns, "five-flag.txt");
        assert!(output.status.success(), "{flags:?}");
        assert_eq!(last_line(&output), "result: unfinished", "{flags:?}");
    }
    let record = format!("# ruleset=standard opening=6-6-6 five-for-five=on a=Ringers b=Knockerheads starter=b game=2\n{turns}");
    let output = replay(&[], &record, "five-header.txt");
    assert!(output.status.success());
    let state = String::from_utf8(output.stdout).unwrap();
    assert!(state.contains("team A is Ringers"), "{state}");
    let output = replay(&["--games-to-win", "3"], &record, "five-conflict.txt");
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(
        error.contains("the record says games to win 2, but --games-to-win 3 was asked for"),
        "{error}"
    );
    let output = replay(&["--race-to", "0"], turns, "race-zero.txt");
    assert_eq!(output.status.code(), Some(2));
}

/// A one-game record of a named match names its winner by name, whichever
/// team started it; a record without names keeps the letters.
#[test]
fn a_named_game_names_its_winner() {
    let record = "# ruleset=standard opening=6-6-6 a=\"Red Oaks\" b=Danes starter=b game=3\n1. \"bo b\":5b cy:k\n";
    let output = replay(&[], record, "named.txt");
    assert_eq!(last_line(&output), "result: Danes (B) wins");
    let output = replay(
        &[],
        "# ruleset=standard opening=6-6-6 starter=b\n1. 5b k\n",
        "letters.txt",
    );
    assert_eq!(last_line(&output), "result: B wins");
}
