//! No panic reaches a user of the command line (issue 27): every command
//! that reads user input is fed the committed fuzz corpora and
//! regression inputs (`fuzz/corpus/<target>`, `fuzz/regressions/<target>`)
//! and must end with 0, or with 2 and a one-line error: never 101 (a
//! panic) or a signal. Corpora are sampled (at most [`PER_CORPUS`] files
//! each, every regression input) to keep the test short.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const PER_CORPUS: usize = 80;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The files of a target's corpus (a sample, spread over it) and all its
/// regression inputs.
fn inputs(target: &str) -> Vec<PathBuf> {
    let list = |dir: PathBuf| -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|entries| entries.filter_map(|e| Some(e.ok()?.path())).collect())
            .unwrap_or_default();
        files.sort();
        files
    };
    let corpus = list(root().join("fuzz/corpus").join(target));
    assert!(!corpus.is_empty(), "no corpus for {target}");
    let step = corpus.len().div_ceil(PER_CORPUS);
    let mut files: Vec<PathBuf> = corpus.into_iter().step_by(step).collect();
    files.extend(list(root().join("fuzz/regressions").join(target)));
    files
}

fn towers(args: &[&str], file: Option<&Path>, stdin: &[u8]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_towers"));
    command.args(args);
    if let Some(file) = file {
        command.arg(file);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("towers runs");
    let mut pipe = child.stdin.take().expect("stdin");
    // The command may stop reading early (and close its end): not an error.
    let _ = pipe.write_all(stdin);
    drop(pipe);
    child.wait_with_output().expect("towers ends")
}

/// Exit 0, or 2 with one line on stderr.
fn check(output: &Output, what: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    match output.status.code() {
        Some(0) => {}
        Some(2) => assert_eq!(
            stderr.trim_end().lines().count(),
            1,
            "{what}: exit 2 with more than one line:\n{stderr}"
        ),
        other => panic!("{what}: exit {other:?}\n{stderr}"),
    }
}

fn text(path: &Path) -> String {
    String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned()
}

#[test]
fn kubb_replay_takes_every_log_and_record_of_the_corpora() {
    for target in ["kubb_log", "kubb_notation"] {
        for file in inputs(target) {
            let output = towers(&["kubb", "replay"], Some(&file), b"");
            check(&output, &format!("towers kubb replay {}", file.display()));
        }
    }
}

#[test]
fn gt_replay_takes_every_record_and_contest_log_of_the_corpora() {
    for file in inputs("gt_record")
        .into_iter()
        .chain(inputs("gt_contest_log"))
    {
        let output = towers(&["gt", "replay"], Some(&file), b"");
        check(&output, &format!("towers gt replay {}", file.display()));
    }
}

#[test]
fn gt_moves_and_show_take_every_position_of_the_corpus() {
    for file in inputs("gt_position") {
        let position = text(&file);
        if position.contains('\0') {
            continue; // not an argument a shell can pass
        }
        for command in ["moves", "show"] {
            let output = towers(&["gt", command, &position], None, b"");
            check(&output, &format!("towers gt {command} {position:?}"));
        }
    }
}

#[test]
fn tournament_commands_take_every_file_of_the_corpus() {
    let dir = std::env::temp_dir().join(format!("towers-fuzz-tournament-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("out.csv");
    let svg = dir.join("out.svg");
    let (csv, svg) = (csv.to_str().unwrap(), svg.to_str().unwrap());
    let commands: [&[&str]; 5] = [
        &["standings"],
        &["ratings"],
        &[
            "schedule",
            "--pitches",
            "2",
            "--start",
            "09:00",
            "--minutes",
            "30",
        ],
        &["export", "--csv", csv],
        &["bracket", "--svg", svg],
    ];
    for file in inputs("tournament_file") {
        for command in commands {
            let args: Vec<&str> = ["tournament"].iter().chain(command).copied().collect();
            let output = towers(&args, Some(&file), b"");
            check(&output, &format!("towers {args:?} {}", file.display()));
        }
    }
    std::fs::remove_dir_all(dir).ok();
}

/// The engine never exits on bad input: every line of the corpus on one
/// session's stdin (searches bounded to depth 1, the corpus's `quit`s
/// left out), then `isready` and `quit`.
#[test]
fn the_engine_takes_every_line_of_the_corpus() {
    let mut session = Vec::new();
    for file in inputs("gt_engine_line") {
        for line in std::fs::read(&file).unwrap().split(|&b| b == b'\n') {
            let words = line.trim_ascii_start();
            if words.starts_with(b"quit") {
                continue; // the session's own quit ends it
            }
            if words.starts_with(b"go") {
                session.extend_from_slice(b"go depth 1\n");
            } else {
                session.extend_from_slice(line);
                session.push(b'\n');
            }
        }
    }
    session.extend_from_slice(b"isready\nquit\n");
    let output = towers(&["gt", "engine"], None, &session);
    check(&output, "towers gt engine");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.lines().any(|l| l == "readyok"),
        "the engine answered the last isready: {stdout}"
    );
}

/// The referee takes any line: each record and token of the notation
/// corpus, and each event of the JSON corpus, typed into a session of its
/// own (answered `not accepted: …` or recorded, never a panic).
#[test]
fn the_referee_takes_every_line_of_the_corpora() {
    let dir = std::env::temp_dir().join(format!("towers-fuzz-referee-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for target in ["kubb_notation", "kubb_event_json"] {
        for (n, file) in inputs(target).into_iter().enumerate() {
            let record = dir.join(format!("{target}-{n}.jsonl"));
            let mut session = b"lag 1.2 0.8\nstart a\n".to_vec();
            session.extend(std::fs::read(&file).unwrap());
            session.extend_from_slice(b"\nundo\nexport\nstats\nquit\n");
            let output = towers(&["kubb", "referee"], Some(&record), &session);
            check(
                &output,
                &format!("towers kubb referee < {}", file.display()),
            );
        }
    }
    std::fs::remove_dir_all(dir).ok();
}

/// Found by this test on the corpus: a position of newlines was refused
/// with its newlines quoted, an error of many lines.
#[test]
fn a_position_of_newlines_is_refused_in_one_line() {
    let output = towers(&["gt", "moves", "\n\n\r\n7/7 r\n"], None, b"");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(r"invalid position '\n\n\r\n7/7 r\n'"),
        "{stderr}"
    );
}
