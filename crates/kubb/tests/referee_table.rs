//! One scenario per row of the rule book's referee table, under both
//! rulesets, played through `apply`.

use kubb::game::GameEnd;
use kubb::{
    Decision, Event, KingContact, Lag, Line, Match, Phase, Piece, PieceId, Point, Ruleset,
    StickOutcome, Team, ToAct,
};

fn play(state: Match, events: &[Event]) -> Match {
    events.iter().fold(state, |state, event| {
        state
            .apply(event)
            .unwrap_or_else(|e| panic!("{event:?} refused: {e}"))
    })
}

fn stick(outcome: StickOutcome) -> Event {
    Event::Stick {
        player: "p".into(),
        outcome,
    }
}

fn miss() -> Event {
    stick(StickOutcome::Miss)
}

fn towers(ids: &[u8]) -> Event {
    stick(StickOutcome::Hit {
        knights: vec![],
        towers: ids.iter().map(|&i| PieceId(i)).collect(),
        king: false,
    })
}

fn knights(ids: &[u8]) -> Event {
    stick(StickOutcome::Hit {
        knights: ids.iter().map(|&i| PieceId(i)).collect(),
        towers: vec![],
        king: false,
    })
}

fn king() -> Event {
    stick(StickOutcome::Hit {
        knights: vec![],
        towers: vec![],
        king: true,
    })
}

fn inkast(landed_in: bool, at: Option<Point>) -> Event {
    Event::Inkast {
        player: "p".into(),
        landed_in,
        at,
        king_felled: false,
    }
}

/// A starts; it fells B's towers 5 and 6 (B2, B7 ids) and misses the rest.
fn after_first_turn(ruleset: Ruleset) -> Match {
    play(
        Match::new(ruleset),
        &[
            Event::Start { team: Team::A },
            towers(&[5]),
            towers(&[6]),
            miss(),
            miss(),
            miss(),
            miss(),
        ],
    )
}

/// Plays the whole inkast: every attempt of a piece in `out` lands out, the
/// others land in (at unknown spots).
fn inkast_all(mut state: Match, out: &[u8]) -> Match {
    while let Phase::Inkast { queue, .. } = state.phase() {
        let landed_in = !out.contains(&queue[0].0 .0);
        state = play(state, &[inkast(landed_in, None)]);
    }
    state
}

/// The (piece, attempt) order in which the inkast is thrown.
fn inkast_order(mut state: Match) -> Vec<(u8, u8)> {
    let mut order = Vec::new();
    while let Phase::Inkast { queue, .. } = state.phase() {
        order.push((queue[0].0 .0, queue[0].1));
        state = play(state, &[inkast(false, None)]);
    }
    order
}

#[test]
fn seed_throws_each_piece_twice_in_turn_standard_all_first_attempts_first() {
    assert_eq!(
        inkast_order(after_first_turn(Ruleset::SEED)),
        vec![(5, 1), (5, 2), (6, 1), (6, 2)]
    );
    assert_eq!(
        inkast_order(after_first_turn(Ruleset::STANDARD)),
        vec![(5, 1), (6, 1), (5, 2), (6, 2)]
    );
}

fn winner(state: &Match) -> Option<Team> {
    match state.phase() {
        Phase::GameOver(GameEnd { winner, .. }) => Some(*winner),
        _ => None,
    }
}

#[test]
fn an_inkasted_piece_out_twice_is_placed_at_least_a_stick_from_the_king() {
    for ruleset in [Ruleset::SEED, Ruleset::STANDARD] {
        let state = after_first_turn(ruleset);
        // B inkasts its two felled towers; the first lands out twice.
        let state = inkast_all(state, &[5]);
        assert!(
            matches!(state.phase(), Phase::Placement { .. }),
            "{}: {:?}",
            ruleset.name,
            state.phase()
        );
        let king = state.field().king();
        let near_king = Point {
            x: king.x + 0.1,
            y: king.y - 0.2,
        };
        let error = state
            .apply(&Event::Placement {
                at: Some(near_king),
            })
            .expect_err("too close to the king");
        assert!(error.to_string().contains("one stick length"), "{error}");
        let fine = Point { x: 2.0, y: 2.0 };
        let placed = play(state, &[Event::Placement { at: Some(fine) }]);
        assert_eq!(placed.phase(), &Phase::Throwing);
        assert_eq!(
            placed.standing_knights(Team::A).len(),
            2,
            "both pieces are knights in A's half"
        );
    }
}

#[test]
fn only_the_standard_ruleset_keeps_placements_off_the_corner_stakes() {
    let corner = Point { x: 0.1, y: 0.1 };
    for (ruleset, allowed) in [(Ruleset::SEED, true), (Ruleset::STANDARD, false)] {
        let state = inkast_all(after_first_turn(ruleset), &[5]);
        let placed = state.apply(&Event::Placement { at: Some(corner) });
        assert_eq!(placed.is_ok(), allowed, "{}: {placed:?}", ruleset.name);
        if let Err(error) = placed {
            assert!(error.to_string().contains("corner stakes"), "{error}");
        }
    }
}

#[test]
fn a_tower_knocked_while_knights_stand_is_raised_again() {
    for ruleset in [Ruleset::SEED, Ruleset::STANDARD] {
        // B inkasts both pieces into A's half; then B hits A's tower A1.
        let state = play(
            after_first_turn(ruleset),
            &[inkast(true, None), inkast(true, None)],
        );
        let error = state.apply(&towers(&[0])).expect_err("knights stand");
        assert_eq!(
            error.to_string(),
            "tower 1 of team A cannot count: 2 knight(s) still stand in team A's half; it is raised again"
        );
        // Once the knights are down, the tower counts.
        let cleared = play(state, &[knights(&[5, 6]), towers(&[0])]);
        assert_eq!(cleared.standing_towers(Team::A).len(), 4);
    }
}

/// Turn 1: A fells two of B's towers. Turn 2: B inkasts them into A's half
/// at y = 2 and y = 3 and misses all its sticks, leaving both standing.
fn knights_left_standing(ruleset: Ruleset) -> Match {
    let state = after_first_turn(ruleset);
    let (back, front) = (Point { x: 1.0, y: 2.0 }, Point { x: 3.0, y: 3.0 });
    play(
        state,
        &[
            inkast(true, Some(back)),
            inkast(true, Some(front)),
            miss(),
            miss(),
            miss(),
            miss(),
            miss(),
            miss(),
        ],
    )
}

#[test]
fn knights_left_standing_advance_the_line_to_the_foremost() {
    for ruleset in [Ruleset::SEED, Ruleset::STANDARD] {
        let state = knights_left_standing(ruleset);
        assert_eq!(state.thrower(), Team::A);
        assert_eq!(
            state.line(Team::A),
            Line::AtKnight {
                piece: PieceId(6),
                y: Some(3.0)
            },
            "{}",
            ruleset.name
        );
        assert_eq!(state.line(Team::B), Line::Baseline);
    }
}

#[test]
fn the_seed_line_stays_on_its_knight_and_the_standard_line_is_recomputed() {
    for (ruleset, expected_y) in [(Ruleset::SEED, 3.0), (Ruleset::STANDARD, 3.5)] {
        // Turn 3: A fells B's tower B3 (id 7) — knights stand in A's half, so
        // A throws at B's side freely — then misses. Turn 4: B inkasts it to
        // y = 3.5, further forward, and misses everything again.
        let state = play(
            knights_left_standing(ruleset),
            &[towers(&[7]), miss(), miss(), miss(), miss(), miss()],
        );
        let forward = Point { x: 2.0, y: 3.5 };
        let state = play(
            state,
            &[
                inkast(true, Some(forward)),
                miss(),
                miss(),
                miss(),
                miss(),
                miss(),
                miss(),
            ],
        );
        match state.line(Team::A) {
            Line::AtKnight { y: Some(y), .. } => assert_eq!(y, expected_y, "{}", ruleset.name),
            other => panic!("{}: {other:?}", ruleset.name),
        }
    }
}

#[test]
fn the_seed_line_returns_to_the_baseline_when_its_knight_falls() {
    let state = knights_left_standing(Ruleset::SEED);
    // A throws; then B fells the front knight (id 6) and the other (id 5).
    let state = play(state, &[miss(), miss(), miss(), miss(), miss(), miss()]);
    assert_eq!(state.thrower(), Team::B);
    let state = play(state, &[knights(&[6])]);
    assert_eq!(state.line(Team::A), Line::Baseline, "its knight fell");
}

/// What the scorekeeper reads out is the line the rules give now: after
/// the knight of an advanced seed line falls, team A's line is shown as
/// the baseline again, not as the line once set.
#[test]
fn the_summary_shows_the_baseline_again_once_the_lines_knight_falls() {
    let team_a = |state: &Match| {
        state
            .to_string()
            .lines()
            .find(|line| line.starts_with("team A:"))
            .expect("a line for team A")
            .to_string()
    };
    let state = knights_left_standing(Ruleset::SEED);
    let state = play(state, &[miss(), miss(), miss(), miss(), miss(), miss()]);
    assert!(
        team_a(&state).ends_with("throwing line: advanced to knight B2 at y = 3.00 m"),
        "{state}"
    );
    let state = play(state, &[knights(&[6])]);
    assert!(
        team_a(&state).ends_with("throwing line: baseline"),
        "{state}"
    );
}

#[test]
fn the_king_with_the_last_stick_loses_under_seed_and_wins_under_standard() {
    for (ruleset, expected) in [(Ruleset::SEED, Team::B), (Ruleset::STANDARD, Team::A)] {
        let state = play(
            Match::new(ruleset),
            &[
                Event::Start { team: Team::A },
                towers(&[5]),
                towers(&[6]),
                towers(&[7]),
                towers(&[8]),
                towers(&[9]),
            ],
        );
        assert_eq!(state.sticks_left(), 1);
        let state = play(state, &[king()]);
        assert_eq!(
            winner(&state),
            Some(expected),
            "{}: {:?}",
            ruleset.name,
            state.phase()
        );
    }
}

#[test]
fn the_king_with_two_sticks_in_hand_wins_under_both() {
    for ruleset in [Ruleset::SEED, Ruleset::STANDARD] {
        let state = play(
            Match::new(ruleset),
            &[
                Event::Start { team: Team::A },
                towers(&[5, 6]),
                towers(&[7]),
                towers(&[8, 9]),
            ],
        );
        assert_eq!(state.king_attack(), Ok(()));
        assert_eq!(
            winner(&play(state, &[king()])),
            Some(Team::A),
            "{}",
            ruleset.name
        );
    }
}

#[test]
fn the_king_knocked_before_the_field_is_clear_loses() {
    for ruleset in [Ruleset::SEED, Ruleset::STANDARD] {
        let state = play(
            Match::new(ruleset),
            &[Event::Start { team: Team::A }, towers(&[5])],
        );
        let why = state.king_attack().expect_err("towers stand");
        assert!(why.contains("4 tower(s)"), "{why}");
        assert_eq!(winner(&play(state, &[king()])), Some(Team::B));
    }
}

#[test]
fn an_inkasted_piece_that_knocks_the_king_loses() {
    for ruleset in [Ruleset::SEED, Ruleset::STANDARD] {
        let state = after_first_turn(ruleset);
        let felled = Event::Inkast {
            player: "p".into(),
            landed_in: true,
            at: None,
            king_felled: true,
        };
        let state = play(state, &[felled]);
        assert_eq!(
            winner(&state),
            Some(Team::A),
            "B inkasted the piece: {}",
            ruleset.name
        );
        assert!(!state.king_standing());
    }
}

#[test]
fn touching_the_king_in_the_starting_throw_loses_only_under_seed() {
    let touched = Lag {
        distance: 0.0,
        king: KingContact::Touched,
    };
    let close = Lag {
        distance: 0.4,
        king: KingContact::None,
    };
    let felled = Lag {
        distance: 0.0,
        king: KingContact::Felled,
    };
    for (ruleset, a, b, starter) in [
        (Ruleset::SEED, touched, close, Team::B),
        (Ruleset::STANDARD, touched, close, Team::A),
        (Ruleset::SEED, felled, close, Team::B),
        (Ruleset::STANDARD, felled, close, Team::B),
    ] {
        let state = play(Match::new(ruleset), &[Event::StartingThrow { a, b }]);
        assert_eq!(state.thrower(), starter, "{}: {a:?} vs {b:?}", ruleset.name);
    }
    let tie = Match::new(Ruleset::SEED).apply(&Event::StartingThrow { a: close, b: close });
    assert!(tie.expect_err("a tie").to_string().contains("throw again"));
}

#[test]
fn a_foul_counts_for_nothing_but_uses_a_stick() {
    let state = play(
        Match::new(Ruleset::SEED),
        &[Event::Start { team: Team::A }, stick(StickOutcome::Foul)],
    );
    assert_eq!(state.sticks_left(), 5);
    assert_eq!(state.standing_towers(Team::B).len(), 5);
}

#[test]
fn a_standard_match_is_best_of_three_with_alternating_starts() {
    let mut state = Match::new(Ruleset::STANDARD);
    let sweep = [towers(&[5, 6]), towers(&[7]), towers(&[8, 9]), king()];
    state = play(state, &[Event::Start { team: Team::A }]);
    state = play(state, &sweep);
    assert_eq!([state.games_won(Team::A), state.games_won(Team::B)], [1, 0]);
    assert_eq!(state.winner(), None);
    state = play(state, &[Event::NextGame]);
    assert_eq!(state.thrower(), Team::B, "the other team starts game 2");
    assert!(
        state
            .pieces()
            .iter()
            .all(|p| matches!(p, Piece::Tower { .. })),
        "a fresh field"
    );
    state = play(
        state,
        &[
            towers(&[0, 1]),
            towers(&[2]),
            towers(&[3, 4]),
            king(),
            Event::NextGame,
        ],
    );
    assert_eq!(state.thrower(), Team::A);
    state = play(state, &sweep);
    assert_eq!(state.winner(), Some(Team::A));
    assert!(state
        .apply(&Event::NextGame)
        .expect_err("over")
        .to_string()
        .contains("match is over"));
}

#[test]
fn named_teams_accept_only_their_players_and_last_the_whole_match() {
    use kubb::TeamInfo;
    let teams = Event::Teams {
        a: TeamInfo {
            name: "Vikings".into(),
            players: vec!["ann".into()],
        },
        b: TeamInfo {
            name: "Danes".into(),
            players: vec![],
        },
    };
    let state = play(
        Match::new(Ruleset::STANDARD),
        &[teams.clone(), Event::Start { team: Team::A }],
    );
    let stranger = Event::Stick {
        player: "zed".into(),
        outcome: StickOutcome::Miss,
    };
    let error = state.apply(&stranger).expect_err("zed is not a Viking");
    assert_eq!(
        error.to_string(),
        "zed does not play for Vikings (team A): its players are ann"
    );
    assert!(
        state.apply(&teams).is_err(),
        "teams are named before the game starts"
    );
    let ann = |outcome| Event::Stick {
        player: "ann".into(),
        outcome,
    };
    let sweep = [
        ann(StickOutcome::Hit {
            knights: vec![],
            towers: vec![PieceId(5), PieceId(6)],
            king: false,
        }),
        ann(StickOutcome::Hit {
            knights: vec![],
            towers: vec![PieceId(7), PieceId(8), PieceId(9)],
            king: false,
        }),
        ann(StickOutcome::Hit {
            knights: vec![],
            towers: vec![],
            king: true,
        }),
    ];
    let state = play(state, &sweep);
    let state = play(state, &[Event::NextGame]);
    assert_eq!(state.team_info(Team::A).name, "Vikings");
    assert!(state.to_string().contains("team A is Vikings (ann)"));
}

/// `to_act` says who acts next and on what in every phase: the starting
/// throw, the thrower's sticks and inkasts, the defenders' placement, the
/// next game of an undecided match, nothing once the match is won.
#[test]
fn to_act_names_the_team_and_the_decision_of_every_phase() {
    let fresh = Match::new(Ruleset::STANDARD);
    assert_eq!(fresh.to_act(), Some(ToAct::StartingThrow));
    let throwing = play(fresh, &[Event::Start { team: Team::A }]);
    assert_eq!(
        throwing.to_act(),
        Some(ToAct::Team(Team::A, Decision::Stick))
    );
    let state = after_first_turn(Ruleset::STANDARD);
    let inkast_of = |piece, attempt| {
        Some(ToAct::Team(
            Team::B,
            Decision::Inkast {
                piece: PieceId(piece),
                attempt,
            },
        ))
    };
    assert_eq!(state.to_act(), inkast_of(5, 1));
    let state = play(state, &[inkast(false, None)]);
    assert_eq!(state.to_act(), inkast_of(6, 1), "first attempts first");
    let state = play(state, &[inkast(true, None), inkast(false, None)]);
    assert_eq!(
        state.to_act(),
        Some(ToAct::Team(
            Team::A,
            Decision::Placement { piece: PieceId(5) }
        )),
        "the defenders place it"
    );
    let sweep = [towers(&[5, 6]), towers(&[7]), towers(&[8, 9]), king()];
    let one_game = play(throwing, &sweep);
    assert_eq!(one_game.to_act(), Some(ToAct::NextGame));
    let decided = Match::builder(Ruleset::STANDARD)
        .games_won(Team::A, 2)
        .starting_team(Team::A)
        .build()
        .unwrap();
    assert_eq!(decided.to_act(), None);
}
