//! End-to-end: the engine protocol, `gt best`, `gt bench` and `gt play`
//! driven through the real binary.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

use guard_towers::{Game, Move, Position, Rules};

fn towers() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_towers"));
    // English whatever the machine's locale (the words are asserted).
    command
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8");
    command
}

/// A running `towers gt engine` with a line reader that cannot hang a test.
struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl EngineProcess {
    fn start() -> EngineProcess {
        let mut child = towers()
            .args(["gt", "engine"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("engine starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        EngineProcess {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("engine reads");
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(20))
                .unwrap_or_else(|_| panic!("no '{prefix}' line; got {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    fn best_move(&self) -> String {
        let lines = self.until("bestmove");
        lines
            .last()
            .expect("bestmove")
            .trim_start_matches("bestmove ")
            .to_string()
    }
}

#[test]
fn a_full_protocol_exchange() {
    let mut engine = EngineProcess::start();
    engine.send("uci");
    let hello = engine.until("uciok");
    assert!(hello[0].starts_with("id name towers"));
    for option in [
        "option name Hash type spin",
        "option name Level type spin",
        "option name Rules type combo",
    ] {
        assert!(
            hello.iter().any(|l| l.starts_with(option)),
            "{option}: {hello:?}"
        );
    }
    engine.send("setoption name Hash value 8");
    engine.send("isready");
    assert_eq!(engine.until("readyok"), vec!["readyok"]);
    engine.send("ucinewgame");
    engine.send("position startpos moves G7-F7-1 A1-B1-1");
    engine.send("go depth 5");
    let lines = engine.until("bestmove");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 5, "{lines:?}");
    for field in ["seldepth", "score cp", "nodes", "nps", "time", "pv"] {
        assert!(infos[4].contains(field), "{field} in {}", infos[4]);
    }
    let best: Move = lines.last().unwrap()["bestmove ".len()..]
        .parse()
        .expect("a move");
    let mut game = Game::new(Position::start(), Rules::STANDARD);
    game.play("G7-F7-1".parse().unwrap()).unwrap();
    game.play("A1-B1-1".parse().unwrap()).unwrap();
    assert!(game.position().is_legal(best));

    engine.send("position fen 3RG3/7/7/7/7/7/3BG3 b");
    engine.send("go wtime 1000 btime 1000 winc 10 binc 10");
    let reply: Move = engine.best_move().parse().expect("a move");
    assert!("3RG3/7/7/7/7/7/3BG3 b"
        .parse::<Position>()
        .unwrap()
        .is_legal(reply));

    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("isready");
    engine.send("stop");
    let lines = engine.until("bestmove");
    assert!(
        lines.contains(&"readyok".to_string()),
        "isready is answered while searching"
    );

    engine.send("quit");
    let status = engine.child.wait().expect("exits");
    assert!(status.success());
}

#[test]
fn malformed_commands_get_an_error_line_and_the_engine_goes_on() {
    let mut engine = EngineProcess::start();
    for bad in [
        "frobnicate",
        "go depth x",
        "position fen 7/7/7 r",
        "position startpos moves A7-A5-2",
        "setoption name Level value 11",
        "setoption name Colour value red",
    ] {
        engine.send(bad);
        let lines = engine.until("info string error");
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
    }
    engine.send("isready");
    engine.until("readyok");
    engine.send("position fen 3RG3/7/7/7/7/3r13/3BG3 r");
    engine.send("go movetime 100");
    assert_eq!(engine.best_move(), "D2-D1-1");
    engine.send("position fen 3RG3/7/7/7/7/7/3r13 b");
    engine.send("go depth 3");
    assert_eq!(engine.best_move(), "none", "a finished game has no move");
    drop(engine.stdin);
    assert!(engine
        .child
        .wait()
        .expect("exits at end of input")
        .success());
}

#[test]
fn a_line_that_is_not_utf8_gets_an_error_line_and_the_engine_goes_on() {
    let mut engine = EngineProcess::start();
    engine.stdin.write_all(b"\xff\xfe\n").expect("engine reads");
    let lines = engine.until("info string error");
    assert_eq!(
        lines,
        ["info string error: the line is not UTF-8 text"],
        "one error line for the unreadable line"
    );
    engine.send("isready");
    assert_eq!(engine.until("readyok"), ["readyok"]);
    engine.send("quit");
    assert!(engine.child.wait().expect("exits on quit").success());
}

#[test]
fn best_prints_a_legal_move_as_the_last_line() {
    let output = towers()
        .args([
            "gt",
            "best",
            "3RG1r11/3r33/r23r12/7/b32b33/7/3BG2b1 b",
            "--movetime",
            "200",
        ])
        .output()
        .expect("runs");
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let last: Move = stdout
        .lines()
        .last()
        .expect("a line")
        .parse()
        .expect("a move");
    let position: Position = "3RG1r11/3r33/r23r12/7/b32b33/7/3BG2b1 b".parse().unwrap();
    assert!(position.is_legal(last));

    let bad = towers()
        .args(["gt", "best", "3RG3/7 r"])
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn the_hash_flag_is_held_to_the_hash_option_range() {
    for hash in ["0", "4097"] {
        let output = towers()
            .args(["gt", "engine", "--hash", hash])
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(2), "--hash {hash}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains("from 1 to 4096"), "{stderr}");
    }
}

#[test]
fn bench_is_deterministic() {
    let run = || {
        let output = towers().args(["gt", "bench", "7"]).output().expect("runs");
        assert!(output.status.success());
        let stdout = String::from_utf8(output.stdout).unwrap();
        let nodes = stdout
            .lines()
            .find(|l| l.starts_with("nodes "))
            .expect("nodes line")
            .to_string();
        assert!(stdout.lines().any(|l| l.starts_with("nps ")));
        nodes
    };
    assert_eq!(run(), run());
}

#[test]
fn bench_takes_engine_options_and_refuses_bad_ones() {
    let nodes = |args: &[&str]| {
        let output = towers().args(args).output().expect("runs");
        assert!(output.status.success(), "{args:?}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        let line = stdout
            .lines()
            .find(|l| l.starts_with("nodes "))
            .expect("nodes line");
        line["nodes ".len()..].parse::<u64>().expect("a count")
    };
    let pruned = nodes(&["gt", "bench", "7"]);
    let unpruned = nodes(&["gt", "bench", "7", "--option", "Pruning=false"]);
    assert!(
        unpruned > pruned,
        "without pruning {unpruned}, with {pruned}"
    );
    for (bad, says) in [
        ("Pruning", "NAME=VALUE"),
        ("Nonsense=1", "unknown option 'Nonsense'"),
        ("Pruning=maybe", "not true or false"),
    ] {
        let output = towers()
            .args(["gt", "bench", "7", "--option", bad])
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(2), "--option {bad}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(says), "--option {bad}: {stderr}");
        assert!(output.stdout.is_empty(), "--option {bad} searched");
    }
}

#[test]
fn play_in_the_terminal() {
    let mut child = towers()
        .args([
            "gt",
            "play",
            "--level",
            "1",
            "--color",
            "red",
            "--movetime",
            "50",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"moves\nA7-A5-1\nA1-A2-1\nhint\nG7-F7-1\nundo\nquit\n")
        .unwrap();
    drop(stdin);
    let output = child.wait_with_output().expect("ends");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("A7-A6-1 A7-B7-1"), "the move list: {text}");
    assert!(
        text.contains("travels 2 square(s)"),
        "a bad move is explained: {text}"
    );
    assert!(
        text.contains("not a legal move"),
        "an illegal move is refused: {text}"
    );
    assert!(text.contains("Hint: "), "{text}");
    assert!(text.contains("Engine plays "), "{text}");
}

/// `gt tablebase build` writes the tables, `gt tablebase probe` reads them,
/// `gt best --tablebase` answers from them in words, and the protocol's
/// `TablebasePath` loads them (a directory without tables is refused).
#[test]
fn tablebases_are_built_probed_and_used_by_the_engine() {
    let dir = std::env::temp_dir().join(format!("towers-tablebase-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_str().unwrap();
    let built = towers()
        .args(["gt", "tablebase", "build", "--stones", "1", "--out", out])
        .output()
        .expect("runs");
    assert!(built.status.success(), "{built:?}");
    let report = String::from_utf8(built.stderr).unwrap();
    assert!(report.contains("r1b0: 235298 indices"), "{report}");
    assert!(dir.join("r0b0.gtb").exists() && dir.join("r1b0.gtb").exists());

    let position = "BG6/7/7/3RG3/7/7/7 r";
    let probed = towers()
        .args(["gt", "tablebase", "probe", "--tablebase", out, position])
        .output()
        .expect("runs");
    let probed = String::from_utf8(probed.stdout).unwrap();
    assert!(probed.contains("course: win in 5 plies"), "{probed}");
    assert!(probed.contains("standard move: D4-D3-1"), "{probed}");

    let best = towers()
        .args(["gt", "best", "--tablebase", out, position])
        .output()
        .expect("runs");
    assert!(best.status.success());
    assert_eq!(String::from_utf8(best.stdout).unwrap().trim(), "D4-D3-1");
    let words = String::from_utf8(best.stderr).unwrap();
    assert!(words.contains("Red wins in 3 (tablebase)"), "{words}");

    let mut engine = EngineProcess::start();
    engine.send("setoption name TablebasePath value /nonexistent-tables");
    engine.send("isready");
    let refused = engine.until("readyok");
    assert!(
        refused
            .iter()
            .any(|line| line.starts_with("info string error: cannot read")),
        "{refused:?}"
    );
    engine.send(&format!("setoption name TablebasePath value {out}"));
    engine.send("isready");
    let loaded = engine.until("readyok");
    assert!(
        loaded
            .contains(&"info string tablebase loaded: all positions of up to 1 stones".to_string()),
        "{loaded:?}"
    );
    engine.send(&format!("position fen {position}"));
    engine.send("go depth 3");
    assert_eq!(engine.best_move(), "D4-D3-1");
    engine.send("quit");
    let _ = std::fs::remove_dir_all(&dir);
}
