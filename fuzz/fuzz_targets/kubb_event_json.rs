//! One Kubb referee event as JSON (the API's and the log's form): an
//! event read names real pieces only, writes as JSON that reads back the
//! same event, and applying it to a match (fresh, or one under way)
//! either refuses it, changing nothing, or keeps the match's invariants.
#![no_main]

use kubb::{Event, Match, Ruleset, StickOutcome, Team};
use libfuzzer_sys::fuzz_target;
use towers_fuzz::{check_match, shown};

fuzz_target!(|data: &[u8]| {
    let Ok(event) = serde_json::from_slice::<Event>(data) else {
        return;
    };
    let pieces = match &event {
        Event::Rescue { piece, .. } => vec![*piece],
        Event::Stick {
            outcome: StickOutcome::Hit {
                knights, towers, ..
            },
            ..
        } => knights.iter().chain(towers).copied().collect(),
        _ => vec![],
    };
    assert!(pieces.iter().all(|p| p.0 <= 9), "{event:?}");
    let written = serde_json::to_string(&event).expect("an event read writes");
    // A float read from JSON is finite, so the event compares equal.
    assert_eq!(
        serde_json::from_str::<Event>(&written).ok(),
        Some(event.clone()),
        "{written}"
    );
    for ruleset in Ruleset::NAMED {
        let fresh = Match::new(ruleset);
        let started = fresh
            .apply(&Event::Start { team: Team::A })
            .expect("a match starts");
        for state in [fresh, started] {
            let before = shown(&state);
            if let Ok(next) = state.apply(&event) {
                check_match(&next);
            }
            assert_eq!(shown(&state), before);
        }
    }
});
