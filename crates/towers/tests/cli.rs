//! End-to-end: the real `towers` binary keeps its command-line contract,
//! which other tools script against.

use std::process::{Command, Output};

use guard_towers::Position;

fn towers(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_towers"))
        // English whatever the machine's locale (the words are asserted).
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8")
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 stdout")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 stderr")
}

const MIDGAME: &str = "3RG1r11/3r33/r23r12/7/b32b33/7/3BG2b1 b";

#[test]
fn moves_prints_the_legal_moves_one_per_line_sorted() {
    let output = towers(&["gt", "moves"]);
    assert!(output.status.success());
    let lines: Vec<String> = stdout(&output).lines().map(String::from).collect();
    let mut expected: Vec<String> = Position::start()
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    expected.sort();
    assert_eq!(lines, expected);
    assert_eq!(lines.len(), 25);
}

#[test]
fn a_position_may_be_one_quoted_argument_or_two_words() {
    let quoted = towers(&["gt", "moves", MIDGAME]);
    let (board, side) = MIDGAME.split_once(' ').expect("two fields");
    let words = towers(&["gt", "moves", board, side]);
    assert!(quoted.status.success() && words.status.success());
    assert_eq!(stdout(&quoted), stdout(&words));
    assert_eq!(stdout(&quoted).lines().count(), 22);
}

#[test]
fn perft_prints_the_count_alone_on_stdout_and_speed_on_stderr() {
    let output = towers(&["gt", "perft", "3"]);
    assert!(output.status.success());
    assert_eq!(stdout(&output), "14896\n");
    assert!(stderr(&output).contains("nodes/s"), "{}", stderr(&output));
    assert_eq!(stdout(&towers(&["gt", "perft", "4", MIDGAME])), "227866\n");
}

#[test]
fn divide_prints_a_line_per_root_move_then_the_total() {
    let output = towers(&["gt", "perft", "2", "--divide"]);
    assert!(output.status.success());
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 26);
    assert_eq!(*lines.last().expect("total"), "625");
    let mut sum = 0;
    for line in &lines[..25] {
        let (mv, count) = line.split_once(' ').expect("MOVE COUNT");
        assert!(mv.parse::<guard_towers::Move>().is_ok(), "{line}");
        sum += count.parse::<u64>().expect("count");
    }
    assert_eq!(sum, 625);
}

#[test]
fn show_draws_heights_guards_and_the_side_to_move() {
    let output = towers(&["gt", "show", MIDGAME]);
    assert!(output.status.success());
    let text = stdout(&output);
    for needle in ["r3", "b3", "r2", "RG", "BG", "Blue to move", "A    B"] {
        assert!(text.contains(needle), "missing {needle}:\n{text}");
    }
    assert!(!text.contains('\x1b'), "no colour codes when piped");
}

#[test]
fn malformed_positions_exit_2_with_one_line_saying_where() {
    for (args, needle) in [
        (vec!["gt", "moves", "3RG3/7/7/2x4/7/7/3BG3 r"], "column C"),
        (vec!["gt", "perft", "2", "3RG3/7/7/7/7/7 r"], "6 ranks"),
        (vec!["gt", "show", "3RG3/7/7/7/7/7/3BG3 q"], "side to move"),
        (vec!["gt", "perft", "1", "3RG3/7/7/7/7/2b84/3BG3 r"], "C2"),
        (vec!["gt", "moves", "3RG3/7/7/7/7/7/3BG3"], "missing side"),
    ] {
        let output = towers(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let error = stderr(&output);
        assert_eq!(error.lines().count(), 1, "{error}");
        assert!(error.contains(needle), "{args:?}: {error}");
        assert!(stdout(&output).is_empty());
    }
}

/// A reader that leaves early (`towers … | head`) ends the command quietly,
/// as a Unix filter ends, never with a panic on the failed write.
#[cfg(unix)]
#[test]
fn a_reader_that_leaves_early_ends_the_command_without_a_panic() {
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;
    for args in [
        ["kubb", "simulate", "--games", "2000", "--json"].as_slice(),
        ["gt", "openings"].as_slice(),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_towers"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        // The reader is gone before the first line is written.
        drop(child.stdout.take());
        let output = child.wait_with_output().expect("the binary ends");
        let stderr = stderr(&output);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(
            output.status.success() || output.status.signal() == Some(libc::SIGPIPE),
            "{args:?}: {:?} {stderr}",
            output.status
        );
    }
}

/// A stand-in for another generator's perft driver: a shell script that
/// prints `line` (and records its arguments next to itself).
fn fake_peer(name: &str, line: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("towers-peer-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("perft-peer");
    let args = dir.join("args");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\necho \"$@\" > '{}'\necho '{line}'\n",
            args.display()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    script
}

#[test]
fn perft_against_a_peer_prints_both_cpu_times_and_their_ratio() {
    let peer = fake_peer("agrees", "nodes 14896 cpu 2.5");
    let output = towers(&["gt", "perft", "3", "--peer", peer.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "perft 3: 14896 nodes");
    assert!(lines[1].starts_with("towers cpu "), "{text}");
    assert_eq!(lines[2], "peer cpu 2.500 s");
    assert!(lines[3].starts_with("ratio 0.0"), "{text}");
    // The peer was asked for the same depth and position.
    let args = std::fs::read_to_string(peer.with_file_name("args")).unwrap();
    assert_eq!(args.trim(), format!("3 {}", Position::start()));
}

#[test]
fn perft_against_a_peer_refuses_other_counts_and_other_output() {
    let disagrees = fake_peer("disagrees", "nodes 14895 cpu 2.5");
    let output = towers(&["gt", "perft", "3", "--peer", disagrees.to_str().unwrap()]);
    assert!(!output.status.success());
    assert!(
        stderr(&output).contains("the peer counts 14895 nodes at depth 3, this generator 14896"),
        "{}",
        stderr(&output)
    );
    let mute = fake_peer("mute", "done");
    let output = towers(&["gt", "perft", "3", "--peer", mute.to_str().unwrap()]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("printed no line 'nodes N cpu SECONDS'"));
    let output = towers(&["gt", "perft", "3", "--peer", "/nonexistent/peer"]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("cannot run the peer /nonexistent/peer"));
    assert!(stdout(&output).is_empty());
}
