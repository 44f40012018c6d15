//! End-to-end: a full match scored through `towers kubb referee`, with an
//! undo, an interruption and a resume, judged afterwards by `kubb replay`.

use std::io::Write;
use std::process::{Command, Stdio};

const TOWERS: &str = env!("CARGO_BIN_EXE_towers");

fn referee(file: &std::path::Path, input: &str) -> String {
    let mut child = Command::new(TOWERS)
        .args([
            "kubb",
            "referee",
            "--ruleset",
            "seed",
            "--team-a",
            "Vikings:ann",
            "--team-b",
            "Danes:bob,cid",
        ])
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

#[test]
fn a_full_match_with_undo_resume_and_statistics() {
    let file = std::env::temp_dir().join(format!("towers-referee-{}.jsonl", std::process::id()));
    std::fs::remove_file(&file).ok();
    // Turn 1: ann fells B's five towers (one stick recorded wrongly, then undone).
    let first = "lag 0.5 0.3 b-touched\nann:b\nann:b\nann:3b\nundo\nann:b\nann:b\nann:b\nann:-\n";
    // Turn 2: bob inkasts five pieces, one out twice and placed; he clears the
    // knights (two named, three by count) and three of A's towers, then
    // fells the king too early.
    let second = "bob:-\nin\nout\nout\nin 2 2\nin\nin\nplace 1 1\nbob:f B1 B2\nbob:3f\nbob:b\nbob:b\nbob:b\nbob:k\n";
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
    assert_eq!(text.lines().last(), Some("result: A wins"), "{text}");
    std::fs::remove_file(&file).ok();
}
