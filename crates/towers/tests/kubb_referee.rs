//! End-to-end: a full match scored through `towers kubb referee`, with an
//! undo, an interruption and a resume, judged afterwards by `kubb replay`.

use std::io::Write;
use std::process::{Command, Stdio};

const TOWERS: &str = env!("CARGO_BIN_EXE_towers");

fn referee(file: &std::path::Path, input: &str) -> String {
    referee_with(
        &[
            "--ruleset",
            "seed",
            "--team-a",
            "Vikings:ann",
            "--team-b",
            "Danes:bob,cid",
        ],
        file,
        input,
    )
}

fn referee_with(args: &[&str], file: &std::path::Path, input: &str) -> String {
    let mut child = Command::new(TOWERS)
        // English whatever the machine's locale (the words are asserted).
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8")
        .args(["kubb", "referee"])
        .args(args)
        .arg(file)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().expect("ends");
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

/// A record file of this process named after `what`, not there yet.
fn new_record(what: &str) -> std::path::PathBuf {
    let file = std::env::temp_dir().join(format!(
        "towers-referee-{what}-{}.jsonl",
        std::process::id()
    ));
    std::fs::remove_file(&file).ok();
    file
}

/// Runs the referee on `file` with `args` and no input, expecting a
/// refusal: exit status 2; returns what it printed on standard error.
fn referee_refuses(args: &[&str], file: &std::path::Path) -> String {
    let output = Command::new(TOWERS)
        .args(["kubb", "referee"])
        .args(args)
        .arg(file)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    stderr
}

#[test]
fn a_full_match_with_undo_resume_and_statistics() {
    let file = new_record("match");
    // Turn 1: ann fells B's five towers (one stick recorded wrongly, then undone).
    let first = "lag 0.5 0.3 b-touched\nann:b\nann:b\nann:3b\nundo\nann:b\nann:b\nann:b\nann:-\n";
    // Turn 2: bob inkasts five pieces, one out twice and placed; he clears the
    // knights (two named, three by count) and three of A's towers, then
    // fells the king too early.
    let second = "bob:-\nin\nout\nout\nin 2 2\nin\nin\nplace 1 1\nbob:f B1 B2\nbob:3f\nbob:b\nbob:b\nbob:b\nbob:k\ny\n";
    let out = referee(&file, &format!("{first}zed:b\n{second}quit\n"));
    assert!(
        out.contains("not accepted: zed does not play for Danes"),
        "{out}"
    );
    assert!(out.contains("team B is Danes (bob, cid)"), "{out}");
    assert!(
        out.contains(
            "not accepted: a stick throw is not possible now: 5 inkast throw(s) come first"
        ),
        "bob:- before the inkast is refused:\n{out}"
    );
    assert!(
        out.contains("game over: team A won (team B knocked the king over too early"),
        "one of A's towers still stood when bob felled the king:\n{out}"
    );
    // The game ended; the statistics close the session.
    assert!(
        out.contains("ann") && out.contains("bob") && out.contains("inkast-in"),
        "{out}"
    );

    // Resuming mid-turn credits untagged entries to the team's players, not
    // to the team's letter: the first inkast of a named team is not refused.
    let mid = new_record("mid");
    referee(&mid, "start a\nann:b\n-\n-\n-\n-\n-\nquit\n");
    let resumed = referee(&mid, "in\n-\nquit\n");
    assert!(!resumed.contains("not accepted"), "{resumed}");
    let log = std::fs::read_to_string(&mid).unwrap();
    assert!(log.contains(r#"{"event":"inkast","player":"bob""#), "{log}");
    std::fs::remove_file(&mid).ok();

    // Resuming the finished record and replaying it agree.
    let resumed = referee(&file, "stats\nquit\n");
    assert!(resumed.contains("apply to new records"), "{resumed}");
    assert!(resumed.contains("game over: team A won"), "{resumed}");
    let replay = Command::new(TOWERS)
        .args(["kubb", "replay"])
        .arg(&file)
        .output()
        .unwrap();
    let text = String::from_utf8(replay.stdout).unwrap();
    assert_eq!(
        text.lines().last(),
        Some("result: Vikings (A) wins"),
        "{text}"
    );
    std::fs::remove_file(&file).ok();
}

/// A whole named-team best-of-3 match under the US championship's settings
/// (standard rules, 2-4-6), refereed without workarounds: inkasts by
/// named (or defaulted) players, either case and plain words, a
/// confirmation before a game-ending entry, targets named by where they
/// stand, turn summaries and the match result; the referee's export
/// replays with the same winner without flags.
#[test]
fn a_named_team_match_under_us_settings() {
    let file = new_record("us");
    let game_one = [
        "START A",
        "ann:B",
        "AL:b", // A's 2 sticks: two of B's towers
        "in",
        "cid:IN 1.5 2.5",
        "bob:F",
        "cid:hit",
        "bob:miss",
        "cid:-", // B: inkast, both knights
        "in",
        "al:in",
        "2F", // A inkasts both (ann by default, then al) and fells them
        "b",
        "b",
        "b",
        "k",
        "n", // A clears B's baseline; a mistyped k is not recorded
        "king",
        "y", // the king, confirmed
    ];
    let game_two = [
        "next", "bob:-", "cid:-", // B's 2 sticks
        "ann:2b", "al:2b", "ann:b", "al:k", "yes", // A's 4: five towers and the king
    ];
    let input = format!(
        "{}\n{}\nexport\nquit\n",
        game_one.join("\n"),
        game_two.join("\n")
    );
    let out = referee_with(
        &[
            "--ruleset",
            "standard",
            "--opening",
            "2-4-6",
            "--team-a",
            "Vikings:ann,al",
            "--team-b",
            "Danes:bob,cid",
        ],
        &file,
        &input,
    );
    assert!(!out.contains("not accepted"), "{out}");
    // Standard settings speak a club's words.
    assert!(
        out.contains("counting targets: baseline kubb B1 on team B's baseline, spot 1"),
        "{out}"
    );
    assert!(out.contains("turn 1 of team A (Vikings): 0 field kubb(s) and 2 baseline kubb(s) felled, 0 miss(es); baseline kubbs standing A 5 B 3"), "{out}");
    assert!(
        out.contains("turn 2 of team B (Danes): inkast 2 in, 0 out, 0 placed; 2 field kubb(s)"),
        "{out}"
    );
    assert!(!out.contains(" tower") && !out.contains("knight"), "{out}");
    assert!(out.contains("game 1 of a best of 3"), "{out}");
    assert!(
        out.contains("game 1 is over; type next to start game 2"),
        "{out}"
    );
    assert!(out.contains("game 2 of a best of 3"), "{out}");
    assert!(
        out.contains("this ends the game: team A (Vikings) wins it"),
        "{out}"
    );
    assert!(out.contains("not recorded"), "{out}");
    assert!(
        out.contains("match over: Vikings (team A) win the match, 2-0 in games"),
        "{out}"
    );
    // The inkast is credited to its throwers, not to the last stick's.
    let stats = out
        .lines()
        .filter(|l| l.starts_with("player"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(stats.contains("bob") && stats.contains("cid"), "{stats}");
    // The export is the match, one record per game with its rules.
    let export: String = out
        .lines()
        .map(|l| l.trim_start_matches("> "))
        .skip_while(|l| !l.starts_with("# ruleset="))
        .take_while(|l| l.starts_with('#') || l.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        export.matches("# ruleset=standard opening=2-4-6").count(),
        2,
        "{export}"
    );
    let exported = file.with_extension("txt");
    std::fs::write(&exported, &export).unwrap();
    for record in [&file, &exported] {
        let replay = Command::new(TOWERS)
            .args(["kubb", "replay"])
            .arg(record)
            .output()
            .unwrap();
        let text = String::from_utf8(replay.stdout).unwrap();
        assert_eq!(
            text.lines().last(),
            Some("result: Vikings (A) wins"),
            "{}: {text}",
            record.display()
        );
    }
    std::fs::remove_file(&file).ok();
    std::fs::remove_file(&exported).ok();
}

/// The export of a refereed match, as the referee printed it.
fn exported_records(out: &str) -> String {
    out.lines()
        .map(|l| l.trim_start_matches("> "))
        .skip_while(|l| !l.starts_with("# ruleset="))
        .take_while(|l| l.starts_with('#') || l.chars().next().is_some_and(|c| c.is_ascii_digit()))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// `towers kubb replay FILE`'s last line.
fn replay_result(file: &std::path::Path) -> String {
    let replay = Command::new(TOWERS)
        .args(["kubb", "replay"])
        .arg(file)
        .output()
        .unwrap();
    let text = String::from_utf8(replay.stdout).unwrap();
    assert!(replay.status.success(), "{}: {text}", file.display());
    text.lines().last().unwrap_or_default().to_string()
}

/// The club referee's match of the issue: a standard 2-4-6 match of three
/// games between named teams of three under the thrower rule, one typo and
/// one correction by undo. The Danes win the lag and start game 1, which
/// the Vikings (team A) win; the Danes win games 2 and 3. Each game's
/// exported record replays alone to its winner by name, whichever team
/// started it, and the whole export and the event log to the match's.
#[test]
fn each_exported_game_of_a_club_match_replays_to_its_winner_by_name() {
    let game_one = [
        "lag 0.40 0.25",
        "bob:-",
        "cid:-", // the Danes' 2 batons
        "ann:b",
        "al:bx", // a typo, not accepted
        "al:b",
        "axe:b",
        "ann:b", // the Vikings' 4: four baseline kubbs
        "bob:in",
        "cid:in",
        "dan:in",
        "bob:in",
        "bob:-",
        "cid:f",
        "undo", // cid missed: the correction
        "cid:-",
        "dan:-",
        "bob:-",
        "cid:-",
        "dan:-",
        "ann:b",
        "al:k",
        "y", // the Vikings, from their advanced line, then the king
    ];
    let game_two = [
        "next", "ann:-", "al:-", // the Vikings start: 2 batons
        "bob:b", "cid:b", "dan:b", "bob:b", // the Danes' 4
        "ann:in", "al:in", "axe:in", "ann:in", "ann:-", "al:-", "axe:-", "ann:-", "al:-", "axe:-",
        "cid:b", "dan:k", "y",
    ];
    let game_three = [
        "next", "bob:b", "cid:b", // the Danes start
        "ann:in", "al:in", "ann:-", "al:-", "axe:-", "ann:-", // the Vikings
        "bob:b", "cid:b", "dan:b", "bob:k", "y",
    ];
    let input = format!(
        "{}\n{}\n{}\nexport\nquit\n",
        game_one.join("\n"),
        game_two.join("\n"),
        game_three.join("\n")
    );
    let file = new_record("club-match");
    let out = referee_with(
        &[
            "--ruleset",
            "standard",
            "--opening",
            "2-4-6",
            "--thrower-rule",
            "--team-a",
            "Vikings:ann,al,axe",
            "--team-b",
            "Danes:bob,cid,dan",
        ],
        &file,
        &input,
    );
    assert_eq!(
        out.matches("not accepted").count(),
        1,
        "the typo only: {out}"
    );
    assert!(out.contains("Danes' baton lay nearer the king"), "{out}");
    assert!(out.contains("took back: Danes' baton by cid"), "{out}");
    assert!(
        out.contains("match over: Danes (team B) win the match, 2-1 in games"),
        "{out}"
    );
    let export = exported_records(&out);
    let headers: Vec<&str> = export
        .lines()
        .filter(|l| l.starts_with("# ruleset="))
        .collect();
    assert_eq!(
        headers,
        [
            "# ruleset=standard opening=2-4-6 thrower-rule=on a=Vikings b=Danes starter=b game=1",
            "# ruleset=standard opening=2-4-6 thrower-rule=on a=Vikings b=Danes starter=a game=2",
            "# ruleset=standard opening=2-4-6 thrower-rule=on a=Vikings b=Danes starter=b game=3",
        ],
        "{export}"
    );
    // Every player tag, and the advanced line's mark.
    assert!(export.contains("\n4. a ann:b al:k\n"), "{export}");
    for player in ["ann", "al", "axe", "bob", "cid", "dan"] {
        assert!(
            export.contains(&format!(" {player}:")),
            "{player}: {export}"
        );
    }
    // One record per game, each replayed alone.
    let mut records: Vec<String> = Vec::new();
    for line in export.lines() {
        if line.starts_with("# ruleset=") {
            records.push(String::new());
        }
        records.last_mut().unwrap().push_str(&format!("{line}\n"));
    }
    let winners = ["Vikings (A)", "Danes (B)", "Danes (B)"];
    for (game, (record, winner)) in records.iter().zip(winners).enumerate() {
        let path = file.with_extension(format!("game{}.txt", game + 1));
        std::fs::write(&path, record).unwrap();
        assert_eq!(
            replay_result(&path),
            format!("result: {winner} wins"),
            "game {}: {record}",
            game + 1
        );
        std::fs::remove_file(&path).ok();
    }
    let whole = file.with_extension("txt");
    std::fs::write(&whole, &export).unwrap();
    assert_eq!(replay_result(&whole), "result: Danes (B) wins");
    assert_eq!(replay_result(&file), "result: Danes (B) wins");
    std::fs::remove_file(&whole).ok();
    std::fs::remove_file(&file).ok();
}

/// `--games-to-win 3` (a best of 5) and `--race-to 3` referee the same
/// match: the fifth game decides, and the record's header carries it.
#[test]
fn a_best_of_five_and_a_race_to_three_are_refereed_to_the_end() {
    let a_wins = "5b\nk\ny\n";
    let b_wins = "k\ny\n"; // the starter fells the king too early
                           // A starts games 1, 3 and 5; B games 2 and 4.
    let games = [a_wins, a_wins, b_wins, b_wins, a_wins];
    let input = format!("start a\n{}export\nquit\n", games.join("next\n"));
    for flag in ["--games-to-win", "--race-to"] {
        let file = new_record(&format!("format{flag}"));
        let out = referee_with(
            &[
                "--ruleset",
                "standard",
                flag,
                "3",
                "--team-a",
                "Vikings:ann",
                "--team-b",
                "Danes:bob",
            ],
            &file,
            &input,
        );
        assert!(!out.contains("not accepted"), "{out}");
        assert!(
            out.contains("game 5 of a best of 5 (first to 3 games)"),
            "{out}"
        );
        assert!(
            out.contains("game 4 is over; type next to start game 5"),
            "{out}"
        );
        assert!(
            out.contains("match over: Vikings (team A) win the match, 3-2 in games"),
            "{out}"
        );
        let export = exported_records(&out);
        assert_eq!(export.matches(" games-to-win=3 ").count(), 5, "{export}");
        let whole = file.with_extension("txt");
        std::fs::write(&whole, &export).unwrap();
        assert_eq!(replay_result(&whole), "result: Vikings (A) wins");
        assert_eq!(replay_result(&file), "result: Vikings (A) wins");
        std::fs::remove_file(&whole).ok();
        std::fs::remove_file(&file).ok();
    }
}

/// A time limit: the referee calls time, the team throwing finishes its
/// turn, then the tie-break decides (the baseline count: more towers
/// knocked wins; none: a draw), and replay prints the result.
#[test]
fn time_called_is_decided_by_the_tie_break() {
    for (tie_break, announced, result) in [
        (
            "baseline-count",
            "match over: A (team A) win the match, 1-0 in games",
            "result: A wins",
        ),
        (
            "none",
            "match over: a draw on time, 0-0 in games",
            "result: draw",
        ),
    ] {
        let file = new_record(&format!("time-{tie_break}"));
        let out = referee_with(
            &["--time-limit", "30", "--tie-break", tie_break],
            &file,
            "start a\nb\nTIME\n-\n-\n-\n-\n-\ny\nquit\n",
        );
        assert!(!out.contains("not accepted"), "{out}");
        assert!(out.contains("time=30/"), "the rules are shown: {out}");
        assert!(out.contains("this ends the game"), "{out}");
        assert!(out.contains(announced), "{out}");
        let replay = Command::new(TOWERS)
            .args(["kubb", "replay"])
            .arg(&file)
            .output()
            .unwrap();
        let text = String::from_utf8(replay.stdout).unwrap();
        assert_eq!(text.lines().last(), Some(result), "{text}");
        std::fs::remove_file(&file).ok();
    }
}

/// Resuming a record, a rules flag that contradicts the record's own rules
/// is refused with the setting named and the file left as it was, as
/// `replay` refuses it; flags that agree, or none, resume.
#[test]
fn resuming_with_flags_that_contradict_the_record_is_refused() {
    let file = new_record("conflict");
    referee_with(&["--ruleset", "seed"], &file, "start a\n-\n");
    let before = std::fs::read_to_string(&file).unwrap();
    for (flags, setting) in [
        (&["--ruleset", "standard"][..], "ruleset seed"),
        (&["--opening", "2-4-6"][..], "opening 6-6-6"),
        (&["--thrower-rule"][..], "thrower rule off"),
        (&["--no-double"][..], "base-kubb double on"),
        (&["--time-limit", "20"][..], "time limit none"),
    ] {
        let stderr = referee_refuses(flags, &file);
        assert!(
            stderr.contains("cannot resume") && stderr.contains(setting),
            "{flags:?}: {stderr}"
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    }
    let resumed = referee_with(&["--ruleset", "seed", "--opening", "6-6-6"], &file, "");
    assert!(resumed.contains("recording to"), "{resumed}");
    std::fs::remove_file(&file).ok();
}

/// A time limit of no minutes is no time limit: refused.
#[test]
fn a_time_limit_of_zero_minutes_is_refused() {
    let file = new_record("zero");
    assert!(referee_refuses(&["--time-limit", "0"], &file).contains("--time-limit"));
    assert!(!file.exists(), "no record is made");
}

/// Under the accelerated tie-break the referee says which piece the rules
/// take out (the rear-most of the defenders, after the inkast: here A's
/// first tower), so the lawn can match the record.
#[test]
fn the_accelerated_tie_break_names_the_piece_to_take_out() {
    let file = new_record("accelerated");
    let out = referee_with(
        &["--time-limit", "30", "--tie-break", "accelerated"],
        &file,
        "start a\ntime\nb\n-\n-\n-\n-\n-\nin\nquit\n",
    );
    assert!(!out.contains("not accepted"), "{out}");
    // Piped input leaves the prompt `> ` before what follows it.
    let announced: Vec<&str> = out
        .lines()
        .map(|l| l.trim_start_matches("> "))
        .filter(|l| l.contains("tie-break: take"))
        .collect();
    assert_eq!(
        announced,
        ["tie-break: take tower A1 on team A's baseline, spot 1 out of the game"],
        "{out}"
    );
    std::fs::remove_file(&file).ok();
}

/// `next` starts a game and ends no turn: no summary is printed for it
/// (it once printed an empty turn nobody threw).
#[test]
fn the_next_game_prints_no_turn_summary() {
    let file = new_record("next");
    let out = referee_with(
        &["--ruleset", "standard"],
        &file,
        "start a\n5b\nk\ny\nnext\nquit\n",
    );
    assert!(!out.contains("not accepted"), "{out}");
    let summaries = out.lines().filter(|l| l.contains(" felled, ")).count();
    assert_eq!(summaries, 1, "one turn was thrown: {out}");
    std::fs::remove_file(&file).ok();
}

/// Under the 2-4-6 thrower rule a team's 4 opening sticks need three
/// players: a team listing two is refused before any record is made (it
/// once could start, and its opening turn could never be finished).
#[test]
fn the_thrower_rule_refuses_a_team_of_two() {
    let file = new_record("two");
    let stderr = referee_refuses(
        &[
            "--ruleset",
            "standard",
            "--opening",
            "2-4-6",
            "--thrower-rule",
            "--team-a",
            "V:ann,bob,cid",
            "--team-b",
            "D:dee,eve",
        ],
        &file,
    );
    assert!(
        stderr.contains("at least 3 different players; D lists 2 player(s)"),
        "{stderr}"
    );
    assert!(!file.exists(), "no record is made");
}

/// Positions and distances are finite metres: `nan` and `inf`, which Rust
/// parses as numbers, are refused (an inkast at NaN was once recorded).
#[test]
fn positions_and_distances_that_are_no_number_of_metres_are_refused() {
    let file = new_record("nan");
    let out = referee_with(
        &[],
        &file,
        "lag nan 1\nlag 1 inf\nstart a\nb\n-\n-\n-\n-\n-\nin nan 2\nin 1 -inf\nin 2.5 3\nquit\n",
    );
    for refusal in [
        "not accepted: 'nan' is not a distance in metres",
        "not accepted: 'inf' is not a distance in metres",
        "not accepted: 'nan' is not metres",
        "not accepted: '-inf' is not metres",
    ] {
        assert!(out.contains(refusal), "{refusal}: {out}");
    }
    assert_eq!(out.matches("not accepted").count(), 4, "{out}");
    std::fs::remove_file(&file).ok();
}

/// Teams that could not be scored unambiguously are refused before a
/// record is made: a player listed twice (in either case, or in both
/// teams), two teams of one name, a player's name with the `:` that tags
/// a throw.
#[test]
fn ambiguous_teams_are_refused() {
    let file = new_record("teams");
    for (a, b, refusal) in [
        ("V:ann,ann", "D:bob", "ann is listed twice"),
        ("V:ANN,ann", "D:bob", "ann is listed twice"),
        ("V:ann", "D:Ann", "Ann is listed twice"),
        ("Vikings:ann", "vikings:bob", "both teams are named vikings"),
        (
            "Vik:ings:ann",
            "D:bob",
            "player 'ings:ann': a player's name has no ':'",
        ),
    ] {
        let stderr = referee_refuses(&["--team-a", a, "--team-b", b], &file);
        assert!(stderr.contains(refusal), "{a} {b}: {stderr}");
        assert!(!file.exists(), "no record is made");
    }
}

/// An entry the referee cannot read is answered with what to type for
/// the throw that is due, not with the notation's letters (`I`, `R`) the
/// referee takes in words.
#[test]
fn an_unreadable_entry_says_what_to_type_for_the_throw_that_is_due() {
    let file = new_record("words");
    let out = referee_with(&[], &file, "start a\nblah\nb\n-\n-\n-\n-\n-\n2i\ni\nquit\n");
    assert!(
        out.contains("'blah' is not an entry here; a stick is -, miss"),
        "{out}"
    );
    for inkast in ["'2i'", "'i'"] {
        assert!(
            out.contains(&format!(
                "{inkast} is not an entry here; an inkast throw is due: in [X Y], out or in-king"
            )),
            "{inkast}: {out}"
        );
    }
    assert!(!out.contains("I R P Y Q N"), "{out}");
    std::fs::remove_file(&file).ok();
}

/// Standard 2-4-6, the Danes win the lag; in the Vikings' turn a stick
/// recorded as `3b` is undone and recorded again. The referee says what
/// it took back, and the turn's summary counts the whole turn from the
/// events in force (it once read `0 knight(s) and 2 tower(s) felled`,
/// the inkast and the knight before the undo forgotten); a session
/// resumed mid-turn counts the turn from the record likewise.
#[test]
fn undo_says_what_it_took_back_and_the_turn_summary_counts_the_events_in_force() {
    let args = [
        "--ruleset",
        "standard",
        "--opening",
        "2-4-6",
        "--words",
        "seed",
        "--team-a",
        "Vikings:ann,al",
        "--team-b",
        "Danes:bob,cid",
    ];
    let start = "lag 0.40 0.25\nbob:b\ncid:-\nann:in\nann:f\nann:b\n";
    let end = "al:3b\nundo\nal:b\nann:-\nquit\n";
    let summary = "turn 2 of team A (Vikings): inkast 1 in, 0 out, 0 placed; 1 knight(s) and 2 tower(s) felled, 1 miss(es); towers standing A 4 B 3";
    let file = new_record("undo");
    let out = referee_with(&args, &file, &format!("{start}{end}"));
    assert!(!out.contains("not accepted"), "{out}");
    assert!(
        out.contains("Danes' stick lay nearer the king (0.25 m to 0.40 m): Danes start"),
        "{out}"
    );
    assert!(
        out.contains("took back: Vikings' stick by al: felled 3 tower(s)"),
        "{out}"
    );
    assert!(out.contains(summary), "{out}");
    assert!(!out.contains("0 knight(s) and 2 tower(s)"), "{out}");
    std::fs::remove_file(&file).ok();

    // The same turn, interrupted before the mistake and resumed.
    let file = new_record("undo-resumed");
    referee_with(&args, &file, &format!("{start}quit\n"));
    let out = referee_with(&["--words", "seed"], &file, end);
    assert!(!out.contains("not accepted"), "{out}");
    assert!(out.contains(summary), "{out}");
    std::fs::remove_file(&file).ok();
}

/// The referee's words, one row an entry and what it answers: a decimal
/// comma read as a point, a point mistyped answered with how to type one,
/// a stick typed with spaces answered with its typed form, `bb` refused
/// with the reason, the king line saying from where the king is thrown,
/// the club's words under standard rules and the seed's under seed rules.
#[test]
fn the_referee_speaks_as_a_club_and_reads_what_a_club_types() {
    let seed_turn = "start a\nb\n-\n-\n-\n-\n-\n";
    let rows: &[(&[&str], String, &str, &str)] = &[
        // (flags, entries, expected answer, expected in the record)
        (&[], format!("{seed_turn}bob:in 2,1 3,3\n"), "", r#""at":{"x":2.1,"y":3.3}"#),
        (
            &[],
            format!("{seed_turn}in 2.1,5.3\n"),
            "not accepted: '2.1,5.3' is not a point; a point is X (across) and Y (along) in metres with a space between, e.g. in 2.1 5.3",
            "",
        ),
        (
            &[],
            format!("{seed_turn}in 2;1 5\n"),
            "not accepted: '2;1' is not metres; a point is X (across)",
            "",
        ),
        (&[], "lag 0,5 0,3\n".into(), "B's stick lay nearer the king (0.30 m to 0.50 m): B start", ""),
        (
            &["--ruleset", "standard"],
            "start a\n2 b\n".into(),
            "not accepted: '2 b' is not an entry here; one baton is typed without spaces: 2b; a baton is -, miss",
            "",
        ),
        (
            &[],
            "start a\nann:2 B\n".into(),
            "not accepted: 'ann:2 B' is not an entry here; one stick is typed without spaces: ann:2b; a stick is -, miss",
            "",
        ),
        (
            &[],
            format!("{seed_turn}2 b\n"),
            "not accepted: '2 b' is not an entry here; an inkast throw is due: in [X Y], out or in-king",
            "",
        ),
        (
            &["--ruleset", "standard"],
            "start a\ncy:bb\n".into(),
            "not accepted: 'bb' is not one baton: one baton that felled 2 baseline kubbs is 2b; 2 batons are 2 entries, one baton each (b, then b)",
            "",
        ),
        (
            &[],
            "start a\nff\n".into(),
            "not accepted: 'ff' is not one stick: one stick that felled 2 knights is 2f",
            "",
        ),
        (
            &["--ruleset", "standard"],
            "start a\n5b\n".into(),
            "king: standing, may be attacked now (thrown from the baseline)",
            "",
        ),
        (
            &["--ruleset", "standard", "--words", "seed"],
            "start a\n5b\n".into(),
            "team B: 0 tower(s); half: 0 knight(s) standing",
            "",
        ),
        (
            &["--ruleset", "standard"],
            "start a\n5b\n".into(),
            "team B: 0 baseline kubb(s); half: 0 field kubb(s) standing",
            "",
        ),
        (&[], "start a\n".into(), "game 1 of a one-game match", ""),
    ];
    for (i, (flags, input, answer, recorded)) in rows.iter().enumerate() {
        let file = new_record(&format!("words-{i}"));
        let mut args = flags.to_vec();
        args.extend(["--team-a", "V:ann", "--team-b", "D:bob"]);
        if input.starts_with("lag") {
            args.truncate(flags.len());
        }
        let out = referee_with(&args, &file, &format!("{input}quit\n"));
        assert!(out.contains(answer), "{flags:?} {input:?}: {answer}\n{out}");
        if answer.is_empty() {
            assert!(!out.contains("not accepted"), "{input:?}: {out}");
        }
        let log = std::fs::read_to_string(&file).unwrap();
        assert!(log.contains(recorded), "{input:?}: {recorded}\n{log}");
        std::fs::remove_file(&file).ok();
    }
}

/// A best-of-3 match the team that lost the first game wins: the game
/// number is shown, `next` is prompted after each game, and the match
/// score is given from the winner's side.
#[test]
fn the_match_score_is_given_from_the_winners_side() {
    let file = new_record("score");
    let game = "5b\nk\ny\n";
    let input = format!("start a\n{game}next\n{game}next\n-\n-\n-\n-\n-\n-\n{game}quit\n");
    let out = referee_with(
        &[
            "--ruleset",
            "standard",
            "--team-a",
            "Vikings:ann",
            "--team-b",
            "Danes:bob",
        ],
        &file,
        &input,
    );
    assert!(!out.contains("not accepted"), "{out}");
    for said in [
        "game 1 is over; type next to start game 2",
        "game 2 is over; type next to start game 3",
        "game 3 of a best of 3",
        "match over: Danes (team B) win the match, 2-1 in games",
    ] {
        assert!(out.contains(said), "{said}: {out}");
    }
    assert!(!out.contains("1-2"), "{out}");
    std::fs::remove_file(&file).ok();
}
