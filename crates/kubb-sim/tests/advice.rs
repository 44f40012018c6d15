//! Monte Carlo advice: reproducible from its seed, ranks every candidate
//! with the heuristic's own choice among them, and prefers sensible
//! decisions where the difference is large.

use kubb::{Event, Match, Ruleset, Team};
use kubb_sim::advice::{advise, candidates, Choice};
use kubb_sim::throw::Skill;
use kubb_sim::Aim;

const EQUAL: [Skill; 2] = [Skill::EXPERIENCED, Skill::EXPERIENCED];

fn throwing_start() -> Match {
    Match::new(Ruleset::SEED)
        .apply(&Event::Start { team: Team::A })
        .unwrap()
}

#[test]
fn the_same_seed_gives_the_same_advice_and_the_heuristic_choice_is_ranked() {
    let state = throwing_start();
    let advice = advise(&state, EQUAL, 300, 4);
    assert_eq!(advice, advise(&state, EQUAL, 300, 4));
    assert_eq!(advice.deciding, Some(Team::A));
    let (_, decisions) = candidates(&state).unwrap();
    assert_eq!(advice.options.len(), decisions.len());
    assert!(advice.options.iter().any(|o| o.decision == decisions[0]));
    assert!(
        advice.gain >= 0.0,
        "the best is never worse than the heuristic"
    );
    for pair in advice.options.windows(2) {
        assert!(pair[0].win_probability >= pair[1].win_probability);
    }
    let [a, b] = advice.win_probability;
    assert!((0.0..=1.0).contains(&a) && a + b <= 1.0 + 1e-9);
}

#[test]
fn throwing_a_stick_away_is_rated_below_throwing_it_at_a_tower() {
    let advice = advise(&throwing_start(), EQUAL, 2_000, 1);
    let value = |wanted: Choice| {
        advice
            .options
            .iter()
            .find(|o| o.decision == wanted)
            .unwrap()
            .win_probability
    };
    let away = value(Choice::Stick(None));
    let at_tower = advice
        .options
        .iter()
        .filter(|o| matches!(o.decision, Choice::Stick(Some(Aim::Piece(_)))))
        .map(|o| o.win_probability)
        .fold(0.0, f64::max);
    assert!(at_tower > away + 0.02, "tower {at_tower}, away {away}");
    assert_ne!(advice.best().unwrap().decision, Choice::Stick(None));
}

#[test]
fn a_decided_match_has_no_decision_left() {
    let decided = Match::builder(Ruleset::STANDARD)
        .games_won(Team::A, 2)
        .starting_team(Team::A)
        .build()
        .unwrap();
    let advice = advise(&decided, EQUAL, 50, 1);
    assert_eq!(advice.win_probability, [1.0, 0.0]);
    assert!(advice.options.is_empty() && advice.deciding.is_none());
}

/// The search strategy wins most matches against the heuristic between
/// equal teams, playing A and B in turn (the measured margin, over 400
/// matches, is in the README; this smaller run guards it).
#[test]
fn the_search_strategy_beats_the_heuristic() {
    let result = kubb_sim::advice::duel(Ruleset::SEED, Skill::EXPERIENCED, 60, 32, 8, &|| {});
    assert_eq!(result.unfinished, 0);
    assert!(
        result.search_wins >= 36,
        "the search won {} of 60",
        result.search_wins
    );
}
