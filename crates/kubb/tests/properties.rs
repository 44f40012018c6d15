//! Invariants over random legal event sequences, and the two record
//! formats: what is written reads back to the same match.

use kubb::{
    log, notation, Action, Event, Hit, Match, Phase, Piece, PieceId, PieceSet, Point, Ruleset,
    StickOutcome, Team,
};
use proptest::prelude::*;

/// A legal event for `state` chosen by `choice`, or `None` when the match is over.
fn random_event(state: &Match, choice: u32) -> Option<Event> {
    let player = if choice.is_multiple_of(2) {
        "ann"
    } else {
        "bob"
    }
    .to_string();
    Some(match state.phase() {
        Phase::StartingThrow => Event::Start {
            team: if choice.is_multiple_of(2) {
                Team::A
            } else {
                Team::B
            },
        },
        Phase::Inkast { .. } => Event::Inkast {
            player,
            landed_in: !choice.is_multiple_of(3),
            at: None,
            king_felled: false,
        },
        Phase::Placement { .. } => Event::Placement { at: None },
        Phase::GameOver(_) if state.winner().is_some() => return None,
        Phase::GameOver(_) => Event::NextGame,
        Phase::Throwing => {
            let targets = state.counting_targets();
            let outcome = match choice % 7 {
                0 | 1 => StickOutcome::Miss,
                2 if choice.is_multiple_of(11) => StickOutcome::Foul,
                _ if targets.is_empty()
                    || (state.king_attack().is_ok() && choice.is_multiple_of(5)) =>
                {
                    StickOutcome::Hit {
                        knights: vec![],
                        towers: vec![],
                        king: true,
                    }
                }
                _ => {
                    let count = 1 + (choice as usize / 7) % targets.len().min(3);
                    let hit: Vec<PieceId> = targets.into_iter().take(count).collect();
                    let opponent = state.thrower().other();
                    if matches!(state.piece(hit[0]), Piece::Knight { .. }) {
                        StickOutcome::Hit {
                            knights: hit,
                            towers: vec![],
                            king: false,
                        }
                    } else {
                        debug_assert_eq!(state.piece(hit[0]), Piece::Tower { team: opponent });
                        StickOutcome::Hit {
                            knights: vec![],
                            towers: hit,
                            king: false,
                        }
                    }
                }
            };
            Event::Stick { player, outcome }
        }
    })
}

/// The events and states of a random match.
fn random_match(ruleset: Ruleset, choices: &[u32]) -> (Vec<Event>, Vec<Match>) {
    let mut states = vec![Match::new(ruleset)];
    let mut events = Vec::new();
    for &choice in choices {
        let state = states.last().expect("non-empty");
        let Some(event) = random_event(state, choice) else {
            break;
        };
        let next = state
            .apply(&event)
            .unwrap_or_else(|e| panic!("{event:?} was chosen as legal: {e}"));
        events.push(event);
        states.push(next);
    }
    (events, states)
}

fn any_ruleset() -> impl Strategy<Value = Ruleset> {
    prop_oneof![Just(Ruleset::SEED), Just(Ruleset::STANDARD)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn pieces_are_accounted_for_and_turns_have_at_most_six_sticks(
        ruleset in any_ruleset(),
        choices in prop::collection::vec(any::<u32>(), 0..400),
    ) {
        let (_, states) = random_match(ruleset, &choices);
        for state in &states {
            let towers = Team::BOTH.iter().map(|&t| state.standing_towers(t).len()).sum::<usize>();
            let knights = Team::BOTH.iter().map(|&t| state.standing_knights(t).len()).sum::<usize>();
            let down = Team::BOTH.iter().map(|&t| state.down_in(t).len()).sum::<usize>();
            prop_assert_eq!(towers + knights + down, 10);
            prop_assert!(state.sticks_thrown() <= 6);
            prop_assert!(state.sticks_left() <= 6);
            prop_assert!(Team::BOTH.iter().all(|&t| state.games_won(t) <= ruleset.games_to_win));
        }
    }

    /// The sets the simulator asks (towers, knights, pieces down) always
    /// say what the pieces themselves say.
    #[test]
    fn piece_sets_agree_with_the_pieces(
        ruleset in any_ruleset(),
        choices in prop::collection::vec(any::<u32>(), 0..400),
    ) {
        let (_, states) = random_match(ruleset, &choices);
        for state in &states {
            for team in Team::BOTH {
                let set_of = |is: &dyn Fn(Piece) -> bool| -> PieceSet {
                    PieceId::ALL.into_iter().filter(|&id| is(state.piece(id))).collect()
                };
                prop_assert_eq!(state.standing_towers(team), set_of(&|p| p == Piece::Tower { team }));
                prop_assert_eq!(state.standing_knights(team), set_of(&|p| matches!(p, Piece::Knight { half, .. } if half == team)));
                prop_assert_eq!(state.down_in(team), set_of(&|p| p == Piece::Down { half: team }));
            }
        }
    }

    /// An action the rules refuse leaves the match exactly as it was, so
    /// playing in place is as safe as `apply`.
    #[test]
    fn a_refused_action_changes_nothing(
        ruleset in any_ruleset(),
        choices in prop::collection::vec(any::<u32>(), 0..300),
        pieces in any::<u16>(),
        action_kind in 0..6u8,
    ) {
        let (_, states) = random_match(ruleset, &choices);
        let named: PieceSet = PieceId::ALL.into_iter().filter(|id| pieces & (1 << id.0) != 0).collect();
        let action = match action_kind {
            0 => Action::Start(Team::B),
            1 => Action::Inkast { landed_in: true, at: Some(Point { x: 2.5, y: -1.0 }), king_felled: false },
            2 => Action::Placement { at: Some(Point { x: 2.5, y: ruleset.field_length / 2.0 }) },
            3 => Action::Stick(Hit { knights: named, towers: PieceSet::EMPTY, king: false }),
            4 => Action::Stick(Hit { knights: PieceSet::EMPTY, towers: named, king: false }),
            _ => Action::NextGame,
        };
        for state in &states {
            let mut played = state.clone();
            if played.act(action).is_err() {
                prop_assert_eq!(&played, state);
            }
        }
    }

    #[test]
    fn the_event_log_reads_back_to_the_same_events_and_state(
        ruleset in any_ruleset(),
        choices in prop::collection::vec(any::<u32>(), 0..300),
    ) {
        let (events, states) = random_match(ruleset, &choices);
        let text = log::write(&ruleset, &events);
        let (read, state) = log::read(&text, None).expect("our own log reads");
        prop_assert_eq!(read, events);
        prop_assert_eq!(&state, states.last().unwrap());
    }

    /// One game as notation: importing it and exporting again gives the
    /// same text, and the imported game ends as the original did.
    #[test]
    fn notation_export_then_import_reproduces_the_game(
        ruleset in any_ruleset(),
        choices in prop::collection::vec(any::<u32>(), 0..300),
    ) {
        let (events, states) = random_match(ruleset, &choices);
        // The notation holds one game and no unfinished inkast: end at its
        // last stick.
        let first_game: Vec<Event> = events.iter().take_while(|e| !matches!(e, Event::NextGame)).cloned().collect();
        let end = first_game.iter().rposition(|e| matches!(e, Event::Stick { .. })).map_or(0, |i| i + 1);
        let one_game = &first_game[..end];
        let original = &states[one_game.len()];
        let text = notation::export(one_game, ruleset).expect("exports");
        let imported = notation::import(&text, ruleset).expect("our own notation imports");
        prop_assert_eq!(notation::export(&imported.events, ruleset).expect("exports"), text);
        let summary = |m: &Match| (
            Team::BOTH.map(|t| (m.standing_towers(t).len(), m.standing_knights(t).len(), m.down_in(t).len())),
            m.sticks_thrown(),
            m.turns_completed(),
            Team::BOTH.map(|t| m.games_won(t)),
        );
        // The notation calls the starting team A.
        if original.starting_team() == Some(Team::A) {
            prop_assert_eq!(summary(&imported.state), summary(original));
        }
    }
}

#[test]
fn bad_notation_names_the_turn_the_entry_and_the_rule() {
    let cases = [
        (
            r#"[["a:b","a:b","a:b","a:b","a:b","a:-","a:-"]]"#,
            "turn 1, entry 7",
            "more sticks",
        ),
        (
            r#"[["a:b","a:-"],["b:i"]]"#,
            "turn 1, entry 2",
            "incomplete: team A has 4 stick(s) left",
        ),
        (r#"[["a:2f"]]"#, "turn 1, entry 1", "only 0 stand"),
        (
            r#"[["a:b","a:-","a:-","a:-","a:-","a:-"],["b:2i","b:-"]]"#,
            "turn 2, entry 1",
            "inkast count 2 differs from the 1",
        ),
        (
            r#"[["a:b","a:-","a:-","a:-","a:-","a:-"],["b:-"]]"#,
            "turn 2, entry 1",
            "must first inkast",
        ),
        (
            r#"[["a:b","a:-","a:-","a:-","a:-","a:-"],["b:i","b:b"]]"#,
            "turn 2, entry 2",
            "cannot count",
        ),
        (r#"[["a:x"]]"#, "turn 1, entry 1", "not a token"),
        (
            r#"[["a:5b","a:k"],["b:-"]]"#,
            "turn 2, entry 1",
            "already over",
        ),
        (r#"[["nocolon"]]"#, "turn 1, entry 1", "player:tokens"),
    ];
    for (text, place, rule) in cases {
        let error = notation::import(text, Ruleset::SEED)
            .expect_err(text)
            .to_string();
        assert!(
            error.contains(place) && error.contains(rule),
            "{text}: {error}"
        );
    }
    assert!(matches!(
        notation::import("{}", Ruleset::SEED),
        Err(notation::NotationError::Shape(_))
    ));
}

#[test]
fn the_rule_books_example_turn_reads() {
    // Turn 1 fells 5 towers; B inkasts all 5 (2 thrown again, 1 placed),
    // then clears 4 knights with one stick and the fifth with the next.
    let text =
        r#"[["a:5b","a:-","a:-","a:-","a:-","a:-"],["a:5i2rp","a:4f","a:f","a:b-","b:-","b:b"]]"#;
    let game = notation::import(text, Ruleset::SEED).expect("valid");
    assert_eq!(game.state.standing_towers(Team::A).len(), 3);
    assert_eq!(game.state.thrower(), Team::A);
}

#[test]
fn bad_logs_name_the_line() {
    let header = r#"{"format":"towers-kubb-events","version":1,"ruleset":"seed"}"#;
    let stick = r#"{"event":"stick","player":"a","outcome":"miss"}"#;
    let error = log::read(&format!("{header}\n{stick}\n"), None).expect_err("no start yet");
    assert_eq!(error.line, 2);
    assert!(error.message.contains("starting throw"), "{error}");
    let error =
        log::read(r#"{"format":"other","version":1,"ruleset":"seed"}"#, None).expect_err("format");
    assert_eq!(error.line, 1);
    let error = log::read(&format!("{header}\nnot json\n"), None).expect_err("json");
    assert!(error.message.contains("not an event"));
}

proptest! {
    /// Arbitrary text is read or refused, never a panic, in both formats.
    #[test]
    fn arbitrary_records_are_read_or_refused(text in r#"[\[\]",:a-z0-9\- {}]{0,80}"#) {
        let _ = notation::import(&text, Ruleset::SEED);
        let _ = log::read(&text, None);
    }

    /// Notation-shaped input with random tokens is judged without panicking.
    #[test]
    fn random_notation_turns_are_judged(entries in prop::collection::vec("[a-c]:[0-9]?[-fbkirp]{1,3}", 0..30)) {
        let turns: Vec<Vec<String>> = entries.chunks(6).map(|chunk| chunk.to_vec()).collect();
        let text = serde_json::to_string(&turns).unwrap();
        let _ = notation::import(&text, Ruleset::STANDARD);
    }
}
