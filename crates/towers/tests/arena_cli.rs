//! End-to-end: `towers arena` runs real engine processes to the end of a
//! match, with correct totals, a readable record, and losses for engines
//! that crash, play illegal moves or overstep their time.

use std::process::{Command, Output};

use guard_towers::record::parse_records;

const TOWERS: &str = env!("CARGO_BIN_EXE_towers");

fn arena(args: &[&str]) -> Output {
    Command::new(TOWERS)
        .arg("arena")
        .args(args)
        .output()
        .expect("runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

fn temp_file(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("towers-test-{}-{name}", std::process::id()))
}

#[test]
fn a_protocol_match_with_sprt_runs_to_its_end_and_records_every_game() {
    let record = temp_file("match.rec");
    let strong = format!("strong={TOWERS} gt engine");
    let weak = format!("weak={TOWERS} gt engine --level 1");
    let output = arena(&[
        "--engine",
        &strong,
        "--engine",
        &weak,
        "--games",
        "6",
        "--movetime",
        "20",
        "--concurrency",
        "2",
        "--record",
        record.to_str().unwrap(),
        "--sprt",
        "elo0=0",
        "elo1=50",
        "alpha=0.05",
        "beta=0.05",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = stdout(&output);
    assert!(text.contains("strong vs weak:"), "{text}");
    assert!(text.contains("SPRT [0, 50]"), "{text}");
    let games = parse_records(&std::fs::read_to_string(&record).expect("record written"))
        .expect("valid record");
    assert_eq!(games.len(), 6);
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("Games 6:"))
        .expect("a W/D/L line");
    let numbers: Vec<u32> = line
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(numbers.iter().sum::<u32>(), 6, "W+D+L = games: {line}");
    // The full engine uses the move time it is given; level 1 stops at its
    // depth of one ply long before.
    let time_use = text
        .lines()
        .find_map(|l| l.trim_start().strip_prefix("Time use: "))
        .expect("a time use line");
    let shares: Vec<f64> = time_use
        .split('(')
        .skip(1)
        .filter_map(|part| part.split(" % of its time").next()?.parse().ok())
        .collect();
    assert_eq!(shares.len(), 2, "{time_use}");
    assert!(shares[0] >= 50.0, "strong uses its time: {time_use}");
    assert!(shares[1] < shares[0], "{time_use}");
    // Colour-reversed pairs: each opening is played once with each colour.
    for game in &games {
        let twins: Vec<_> = games
            .iter()
            .filter(|other| other.start == game.start)
            .collect();
        assert_eq!(twins.len(), 2);
        assert_ne!(twins[0].red, twins[1].red);
    }
    std::fs::remove_file(record).ok();
}

#[test]
fn a_one_shot_position_engine_can_be_matched() {
    let record = temp_file("oneshot.rec");
    let template = format!("oneshot={TOWERS} gt best {{position}} --movetime {{movetime}}");
    let protocol = format!("protocol={TOWERS} gt engine --level 3");
    let output = arena(&[
        "--engine",
        &template,
        "--engine",
        &protocol,
        "--games",
        "2",
        "--movetime",
        "30",
        "--time-margin",
        "1000",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let games = parse_records(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(games.len(), 2);
    for game in &games {
        assert!(
            !game.termination.to_string().contains("crash")
                && !game.termination.to_string().contains("illegal"),
            "{}",
            game.termination
        );
        assert!(
            game.moves.len() > 2,
            "a real game was played: {:?}",
            game.moves
        );
    }
    std::fs::remove_file(record).ok();
}

/// Each faulty engine loses every game, with the fault as the termination.
#[test]
fn crashes_illegal_moves_and_timeouts_lose() {
    let good = format!("good={TOWERS} gt engine --level 2");
    for (faulty, reason) in [
        ("crasher=exit 3".to_string(), "engine crash"),
        (
            "cheater=echo A4-A5-1 {position}".to_string(),
            "illegal move",
        ),
        (
            "sleeper=sleep 1; echo D7-D6-1 {position}".to_string(),
            "time forfeit",
        ),
    ] {
        let record = temp_file("faulty.rec");
        let output = arena(&[
            "--engine",
            &good,
            "--engine",
            &faulty,
            "--games",
            "2",
            "--movetime",
            "50",
            "--record",
            record.to_str().unwrap(),
        ]);
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let games = parse_records(&std::fs::read_to_string(&record).unwrap()).unwrap();
        for game in &games {
            assert!(
                game.termination.to_string().starts_with(reason),
                "{faulty}: {}",
                game.termination
            );
            let winner = if game.result.token() == "1-0" {
                &game.red
            } else {
                &game.blue
            };
            assert_eq!(winner, "good");
        }
        assert!(
            stdout(&output).contains("W 2 D 0 L 0"),
            "{}",
            stdout(&output)
        );
        std::fs::remove_file(record).ok();
    }
}

#[test]
fn bad_arguments_exit_2() {
    let one = arena(&["--engine", "a=x"]);
    assert_eq!(one.status.code(), Some(2));
    let sprt = arena(&[
        "--engine",
        "a=x",
        "--engine",
        "b=y",
        "--sprt",
        "elo0=5",
        "elo1=0",
        "alpha=0.05",
        "beta=0.05",
    ]);
    assert_eq!(sprt.status.code(), Some(2));
    let tc = arena(&["--engine", "a=x", "--engine", "b=y", "--tc", "fast"]);
    assert_eq!(tc.status.code(), Some(2));
    let option = arena(&["--engine", "a=x", "--engine", "b=y", "--option", "c.Hash=1"]);
    assert_eq!(option.status.code(), Some(2));
}

#[test]
fn replay_shows_a_valid_record_and_rejects_a_broken_one() {
    let path = temp_file("replay.rec");
    let game =
        "[Event \"e\"]\n[Start \"3RG3/7/7/7/7/3r13/3BG3 r\"]\n[Result \"1-0\"]\n\n1. D2-D1-1 1-0\n";
    std::fs::write(&path, game).unwrap();
    let ok = Command::new(TOWERS)
        .args(["gt", "replay", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(ok.status.success());
    assert!(stdout(&ok).contains("1 game(s), all moves legal"));
    std::fs::write(&path, game.replace("D2-D1-1", "D2-D4-1")).unwrap();
    let bad = Command::new(TOWERS)
        .args(["gt", "replay", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let error = String::from_utf8(bad.stderr).unwrap();
    assert!(
        error.contains("line 5") && error.contains("move 1"),
        "{error}"
    );
    std::fs::remove_file(path).ok();
}
