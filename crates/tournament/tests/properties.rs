//! Properties of whole tournaments played with random results: every
//! entrant plays once a round or has a bye, nobody meets twice in a Swiss,
//! a knockout ends with exactly one champion, and the standings are a pure
//! function of the results (the same whatever order the results of a round
//! come in, and the same after the events are written out and read back).

use proptest::prelude::*;
use tournament::{Format, GameKind, Name, Score, Settings, Tournament, TournamentFile};

fn format() -> impl Strategy<Value = Format> {
    prop_oneof![
        Just(Format::RoundRobin),
        Just(Format::DoubleRoundRobin),
        Just(Format::Swiss),
        Just(Format::Knockout),
        Just(Format::PoolsKnockout),
    ]
}

fn game() -> impl Strategy<Value = GameKind> {
    prop_oneof![Just(GameKind::Kubb), Just(GameKind::Gt)]
}

/// A result drawn from a number: Kubb 2-0, 2-1, 1-1, 0-2; G&T 1-0, ½-½,
/// 0-1; no draws in a knockout.
fn score(game: GameKind, knockout: bool, draw: u8) -> Score {
    let choices: &[&str] = match (game, knockout) {
        (GameKind::Kubb, false) => &["2-0", "2-1", "1-1", "0-2"],
        (GameKind::Kubb, true) => &["2-0", "1-2"],
        (GameKind::Gt, false) => &["1-0", "0.5-0.5", "0-1"],
        (GameKind::Gt, true) => &["1-0", "0-1"],
    };
    choices[draw as usize % choices.len()].parse().unwrap()
}

fn name(i: usize) -> Name {
    format!("E{i}").parse().unwrap()
}

/// Plays the tournament to its end, each round's results recorded in the
/// order `order` gives (reversed when `reverse`). Returns it.
fn play(
    settings: Settings,
    entrants: usize,
    draws: &[u8],
    reverse: bool,
) -> Result<Tournament, TestCaseError> {
    let mut tournament = Tournament::new(settings).unwrap();
    for i in 0..entrants {
        tournament.add(name(i)).unwrap();
    }
    let mut draw = draws.iter().cycle();
    let mut rounds = 0;
    while !tournament.is_over() {
        let round = tournament.rounds().len();
        let pairings = tournament
            .pair()
            .map_err(|e| TestCaseError::fail(e.to_string()))?
            .to_vec();
        rounds += 1;
        prop_assert!(rounds <= 64, "the tournament ends");
        let mut seen = vec![0; entrants];
        for p in &pairings {
            seen[p.first] += 1;
            if let Some(second) = p.second {
                seen[second] += 1;
            }
        }
        prop_assert!(
            seen.iter().all(|&n| n <= 1),
            "nobody twice in round {}: {:?}",
            round + 1,
            seen
        );
        if settings.format != Format::Knockout
            && !(settings.format == Format::PoolsKnockout && knockout(&tournament, round))
        {
            prop_assert!(
                seen.iter().all(|&n| n == 1),
                "everyone plays or has the bye: {:?}",
                seen
            );
        }
        let knockout = knockout(&tournament, round);
        let mut games: Vec<(Name, Name, Score)> = pairings
            .iter()
            .filter_map(|p| Some((p.first, p.second?)))
            .map(|(a, b)| {
                (
                    tournament.name(a).clone(),
                    tournament.name(b).clone(),
                    score(settings.game, knockout, *draw.next().unwrap()),
                )
            })
            .collect();
        if reverse {
            games.reverse();
        }
        for (a, b, score) in games {
            tournament.record(&a, &b, score, None, None).unwrap();
        }
    }
    Ok(tournament)
}

fn knockout(tournament: &Tournament, round: usize) -> bool {
    matches!(
        tournament.stage(round),
        tournament::tournament::Stage::Knockout { .. }
    )
}

fn settings(game: GameKind, format: Format, third_place: bool) -> Settings {
    let third_place = third_place && format.has_knockout();
    Settings::new(game, format, None, None, None, third_place).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn tournaments_play_to_the_end_with_consistent_standings(
        game in game(),
        format in format(),
        third_place in any::<bool>(),
        entrants in 2usize..18,
        draws in proptest::collection::vec(any::<u8>(), 1..40),
    ) {
        let settings = settings(game, format, third_place);
        prop_assume!(format != Format::PoolsKnockout || entrants >= 2 * settings.pool_count(entrants));
        let tournament = play(settings, entrants, &draws, false)?;
        let standings = tournament.standings();
        prop_assert_eq!(standings.len(), entrants);

        // The same results recorded in another order: the same standings.
        let reordered = play(settings, entrants, &draws, true)?;
        prop_assert_eq!(&reordered.standings(), &standings);

        // Written out and read back: the same events, the same standings.
        let json = serde_json::to_string(&tournament.to_file()).unwrap();
        let file: TournamentFile = serde_json::from_str(&json).unwrap();
        let replayed = Tournament::from_file(file).unwrap();
        prop_assert_eq!(replayed.events(), tournament.events());
        prop_assert_eq!(&replayed.standings(), &standings);

        if format == Format::Swiss {
            let mut met = std::collections::HashSet::new();
            for pairing in tournament.rounds().iter().flatten() {
                if let Some(second) = pairing.second {
                    prop_assert!(met.insert((pairing.first.min(second), pairing.first.max(second))), "no repeat pairing");
                }
            }
        }
        if format.has_knockout() {
            let champions = standings.iter().filter(|s| s.rank == 1).count();
            prop_assert_eq!(champions, 1, "exactly one winner");
            let last = tournament.rounds().last().unwrap();
            prop_assert_eq!(last[0].winner().map(|w| tournament.name(w).clone()), Some(standings[0].name.clone()));
        }
    }
}
