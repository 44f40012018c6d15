//! Arbitrary referee events applied to a Kubb match under an arbitrary
//! ruleset and tournament settings: a refused event changes nothing (by
//! `apply`, and by `act` in place), an accepted one keeps the match's
//! invariants (every piece in one place, sticks within the turn's, games
//! within the match's); the events accepted make a log that replays to
//! the same state, and their Planet Kubb export imports to a record that
//! exports the same text.
#![no_main]

use arbitrary::{Result, Unstructured};
use kubb::notation::{export, import, RulesChoice};
use kubb::{log, Action, Event, Match, Point};
use libfuzzer_sys::fuzz_target;
use towers_fuzz::{check_match, kubb_event, kubb_ruleset, shown};

fn run(u: &mut Unstructured) -> Result<()> {
    let ruleset = kubb_ruleset(u)?;
    let mut state = Match::new(ruleset);
    let mut accepted = Vec::new();
    check_match(&state);
    for _ in 0..u.int_in_range(0..=400u16)? {
        let Some(event) = kubb_event(u, &ruleset)? else {
            continue;
        };
        let event = now_and_then_not_finite(u, event)?;
        let before = shown(&state);
        match state.apply(&event) {
            Err(_) => {
                assert_eq!(shown(&state), before);
                if let Ok(Some(action)) = Action::of(&event) {
                    let mut acted = state.clone();
                    if acted.act(action).is_err() {
                        assert_eq!(shown(&acted), before, "act refused {event:?} but changed");
                    }
                }
            }
            Ok(next) => {
                assert_eq!(shown(&state), before);
                check_match(&next);
                state = next;
                accepted.push(event);
            }
        }
    }
    // The log keeps what the JSON form can carry (a float that is no
    // number cannot cross JSON, and is found by the rules' own check).
    let written = log::write(&ruleset, &accepted);
    match log::read(&written, RulesChoice::default()) {
        Ok(read) => {
            assert_eq!(read.events, accepted);
            assert_eq!(shown(&read.state), shown(&state));
        }
        Err(error) => panic!("a log of accepted events does not replay: {error}\n{written}"),
    }
    // What exports imports, and exports the same text again (a match the
    // notation cannot write is refused by the export with its reason).
    if let Ok(text) = export(&accepted, ruleset) {
        match import(&text, RulesChoice::default()) {
            Ok(imported) => {
                check_match(&imported.state);
                let again = export(&imported.events, *imported.state.ruleset());
                assert_eq!(again.as_ref(), Ok(&text));
            }
            Err(e) => panic!(
                "an exported match imports: {e}\n{text}\nphase {:?}",
                state.phase()
            ),
        }
    }
    Ok(())
}

/// Now and then a point that is no number of metres (NaN, an infinity):
/// only code can make one, and the rules refuse it.
fn now_and_then_not_finite(u: &mut Unstructured, event: Event) -> Result<Event> {
    if !u.ratio(1, 64)? {
        return Ok(event);
    }
    let bad = Some(Point {
        x: *u.choose(&[f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1.0])?,
        y: *u.choose(&[f64::NAN, f64::INFINITY, 2.0])?,
    });
    Ok(match event {
        Event::Inkast {
            player,
            landed_in,
            king_felled,
            ..
        } => Event::Inkast {
            player,
            landed_in,
            at: bad,
            king_felled,
        },
        Event::Placement { .. } => Event::Placement { at: bad },
        other => other,
    })
}

fuzz_target!(|data: &[u8]| {
    let _ = run(&mut Unstructured::new(data));
});
