//! The match formats clubs play (best of 2N − 1, race to N) and the
//! five-for-five forfeit, through the rules engine and the notation.

use kubb::notation::{self, NotationError, RulesChoice, TurnProblem};
use kubb::{
    Event, GamesToWin, Match, Opening, Phase, PieceId, PieceSet, Ruleset, StickOutcome, Team,
    TournamentSettings,
};

/// A game won by `winner`'s first stick at the king once it may (the
/// starter throws 5 towers down with its first stick, then the king, under
/// the standard ruleset), or lost at once by the starter felling the king
/// too early.
fn play_game(state: Match, winner: Team) -> Match {
    let starter = state.starting_team().expect("a game is under way");
    let opponent = starter.other();
    let stick = |outcome| Event::Stick {
        player: String::new(),
        outcome,
    };
    let events = if winner == starter {
        let towers: Vec<PieceId> = state.standing_towers(opponent).iter().collect();
        vec![
            stick(StickOutcome::Hit {
                knights: vec![],
                towers,
                king: false,
            }),
            stick(StickOutcome::Hit {
                knights: vec![],
                towers: vec![],
                king: true,
            }),
        ]
    } else {
        vec![stick(StickOutcome::Hit {
            knights: vec![],
            towers: vec![],
            king: true,
        })]
    };
    events
        .iter()
        .fold(state, |state, event| state.apply(event).expect("legal"))
}

fn standard(settings: TournamentSettings) -> Ruleset {
    Ruleset::STANDARD.with(&settings)
}

#[test]
fn a_best_of_five_ends_when_a_team_has_won_three_games() {
    let ruleset = standard(TournamentSettings {
        games_to_win: Some(GamesToWin::new(3).unwrap()),
        ..Ruleset::STANDARD.settings()
    });
    assert_eq!(ruleset.games_to_win, 3);
    assert_eq!(ruleset.match_format(), "a best of 5 (first to 3 games)");
    let mut state = Match::new(ruleset)
        .apply(&Event::Start { team: Team::B })
        .unwrap();
    // A, B, A, B: two games each after four; the fifth decides.
    for (game, winner) in [Team::A, Team::B, Team::A, Team::B].into_iter().enumerate() {
        state = play_game(state, winner);
        assert_eq!(state.outcome(), None, "after game {}", game + 1);
        state = state.apply(&Event::NextGame {}).unwrap();
    }
    assert_eq!(
        state.starting_team(),
        Some(Team::B),
        "the starter alternates"
    );
    state = play_game(state, Team::A);
    assert_eq!(state.winner(), Some(Team::A));
    assert_eq!([state.games_won(Team::A), state.games_won(Team::B)], [3, 2]);
}

#[test]
fn games_to_win_are_checked_where_they_are_read() {
    assert!(GamesToWin::new(0).is_err());
    assert!(GamesToWin::new(GamesToWin::MAX + 1).is_err());
    assert_eq!("3".parse::<GamesToWin>().unwrap().get(), 3);
    assert_eq!(
        "x".parse::<GamesToWin>().unwrap_err().to_string(),
        "games to win 'x' is not a whole number from 1 to 9 (a best of 1 to 17 games)"
    );
    let stored = r#"{"opening":"6-6-6","games_to_win":0}"#;
    assert!(serde_json::from_str::<TournamentSettings>(stored).is_err());
    // Settings stored before these fields existed read as the defaults.
    let old = r#"{"opening":"2-4-6","opening_thrower_rule":false,"base_kubb_double":true,"time_limit":null}"#;
    let settings: TournamentSettings = serde_json::from_str(old).unwrap();
    assert_eq!(settings.games_to_win, None);
    assert!(!settings.five_for_five);
    assert_eq!(Ruleset::STANDARD.with(&settings).games_to_win, 2);
    assert_eq!(Ruleset::SEED.with(&settings).games_to_win, 1);
    // The ruleset's own count is not written as a setting.
    let own = standard(TournamentSettings {
        games_to_win: Some(GamesToWin::new(2).unwrap()),
        ..TournamentSettings::default()
    });
    assert_eq!(own.settings().games_to_win, None);
}

/// `race-to=3` and `games-to-win=3` are the same setting; the header
/// writes `games-to-win`.
#[test]
fn race_to_and_games_to_win_read_alike_and_travel_in_the_header() {
    let record = |key: &str| format!("# ruleset=standard opening=6-6-6 {key}=3\n5b k\n");
    let race = notation::import(&record("race-to"), RulesChoice::default()).unwrap();
    let games = notation::import(&record("games-to-win"), RulesChoice::default()).unwrap();
    assert_eq!(race.rules.ruleset, games.rules.ruleset);
    assert_eq!(race.rules.ruleset.games_to_win, 3);
    assert_eq!(race.state.outcome(), None, "one game of a best of 5");
    let text = notation::export(&race.events, race.rules.ruleset).unwrap();
    assert!(
        text.starts_with("# ruleset=standard opening=6-6-6 games-to-win=3 starter=a game=1\n"),
        "{text}"
    );
    let two_games = "# ruleset=seed games-to-win=2\n5b - - - - -\n";
    let seed = notation::import(two_games, RulesChoice::default()).unwrap();
    assert_eq!(seed.rules.ruleset.games_to_win, 2);
}

/// Five baseline kubbs felled with the first five batons of a game:
/// under the five-for-five forfeit the sixth is given up and the other
/// team's turn begins; without it the sixth is due (and may fell the king
/// under the standard rules).
#[test]
fn five_for_five_forfeits_the_opening_turns_sixth_baton() {
    // The opening turn as notation records it: five batons, five
    // baseline kubbs, then the other team's inkast of the five.
    let record = |header: &str| {
        format!(
            "# ruleset=standard opening=6-6-6{header}\n1. j:b j:b g:b g:b d:b\n2. x:5i x:3f y:2f y:- x:- y:- x:-\n"
        )
    };
    let forfeit = notation::import(&record(" five-for-five=on"), RulesChoice::default())
        .expect("the forfeit reads");
    assert!(forfeit.rules.ruleset.five_for_five);
    assert_eq!(forfeit.state.thrower(), Team::A, "team A's second turn");
    assert_eq!(forfeit.state.down_in(Team::A).len(), 5);
    let again = notation::export(&forfeit.events, forfeit.rules.ruleset).unwrap();
    assert!(again.contains(" five-for-five=on "), "{again}");
    assert!(again.contains("\n1. j:b j:b g:b g:b d:b\n"), "{again}");

    let error = notation::import(&record(""), RulesChoice::default()).unwrap_err();
    assert!(
        matches!(
            &error,
            NotationError::Turn { game: 1, turn: 1, problem }
                if **problem == TurnProblem::Incomplete { team: Team::A, sticks_left: 1 }
        ),
        "{error}"
    );

    // On the lawn: the sixth baton is not thrown; without the setting it
    // may fell the king.
    let opening = |five_for_five: bool| {
        let ruleset = standard(TournamentSettings {
            five_for_five,
            ..Ruleset::STANDARD.settings()
        });
        let mut state = Match::new(ruleset)
            .apply(&Event::Start { team: Team::B })
            .unwrap();
        for tower in PieceSet::started_on(Team::A) {
            state = state
                .apply(&Event::Stick {
                    player: String::new(),
                    outcome: StickOutcome::Hit {
                        knights: vec![],
                        towers: vec![tower],
                        king: false,
                    },
                })
                .unwrap();
        }
        state
    };
    let forfeited = opening(true);
    assert_eq!(forfeited.thrower(), Team::A);
    assert!(matches!(forfeited.phase(), Phase::Inkast { .. }));
    let open = opening(false);
    assert_eq!(open.thrower(), Team::B);
    assert_eq!(open.sticks_left(), 1);
    assert!(open.king_attack().is_ok());
}

/// All five in fewer batons (a baton that fells two) forfeits every baton
/// left; after the opening turn the setting changes nothing.
#[test]
fn five_for_five_applies_to_the_opening_turn_only() {
    let ruleset = standard(TournamentSettings {
        five_for_five: true,
        ..Ruleset::STANDARD.settings()
    });
    let in_four = "# ruleset=standard five-for-five=on\n1. 2b b b b\n2. 5i - - - - - -\n";
    let state = notation::import(in_four, RulesChoice::default())
        .expect("four batons, then the forfeit")
        .state;
    assert_eq!(state.thrower(), Team::A);
    assert_eq!(*state.ruleset(), ruleset);
    // A later turn that clears the baseline keeps its batons: the king
    // falls with the last.
    let later = "# ruleset=standard five-for-five=on\n1. - - - - - -\n2. 5b k\n";
    let game = notation::import(later, RulesChoice::default()).unwrap();
    assert_eq!(game.state.games_won(Team::B), 1);
    // Under the 2-4-6 opening the opening turn has two batons anyway.
    let two = standard(TournamentSettings {
        opening: Opening::TwoFourSix,
        five_for_five: true,
        ..Ruleset::STANDARD.settings()
    });
    assert_eq!(two.sticks_in_turn(0), 2);
}
