//! The referee's stick entries (`towers kubb referee` reads a stick as a
//! Planet Kubb token, `notation::stick_from_token`, and pieces as `A1`-
//! `B5`): on a match brought to any state by arbitrary events, a token
//! read is a stick whose pieces are real, and the event it makes is
//! refused without change or accepted keeping the invariants. (The
//! referee's whole input line is in the binary; the CLI test
//! `crates/towers/tests/fuzz_corpora.rs` feeds it this corpus.)
#![no_main]

use arbitrary::{Result, Unstructured};
use kubb::notation::stick_from_token;
use kubb::{Event, Match, PieceId, StickOutcome};
use libfuzzer_sys::fuzz_target;
use towers_fuzz::{check_match, kubb_event, kubb_ruleset, shown};

fn run(u: &mut Unstructured) -> Result<()> {
    let ruleset = kubb_ruleset(u)?;
    let mut state = Match::new(ruleset);
    for _ in 0..u.int_in_range(0..=40u8)? {
        if let Some(event) = kubb_event(u, &ruleset)? {
            if let Ok(next) = state.apply(&event) {
                state = next;
            }
        }
    }
    let line: &str = u.arbitrary()?;
    for word in line.split_whitespace() {
        if let Ok(piece) = word.parse::<PieceId>() {
            assert!(piece.0 <= 9);
            assert_eq!(piece.to_string().parse::<PieceId>(), Ok(piece));
        }
        let Ok(outcome) = stick_from_token(&state, word) else {
            continue;
        };
        if let StickOutcome::Hit {
            knights, towers, ..
        } = &outcome
        {
            assert!(knights.iter().chain(towers).all(|p| p.0 <= 9), "{word}");
        }
        let event = Event::Stick {
            player: "ann".into(),
            outcome,
        };
        let before = shown(&state);
        if let Ok(next) = state.apply(&event) {
            check_match(&next);
        }
        assert_eq!(shown(&state), before);
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
