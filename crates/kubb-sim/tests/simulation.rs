//! Simulated matches: refereed by the rules engine, reproducible from the
//! seed whatever the number of threads, and sensitive to skill.

use kubb::Ruleset;
use kubb_sim::simulate;
use kubb_sim::throw::Skill;

fn on_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(work)
}

#[test]
fn the_same_seed_gives_the_same_result_on_any_number_of_threads() {
    let skills = [Skill::EXPERIENCED, Skill::EXPERIENCED];
    let one = on_threads(1, || simulate(Ruleset::SEED, skills, 400, 9));
    let two = on_threads(2, || simulate(Ruleset::SEED, skills, 400, 9));
    assert_eq!(one, two);
    assert_ne!(
        one,
        simulate(Ruleset::SEED, skills, 400, 10),
        "another seed, other games"
    );
}

#[test]
fn every_simulated_match_ends_under_both_rulesets() {
    for ruleset in [Ruleset::SEED, Ruleset::STANDARD] {
        let summary = simulate(ruleset, [Skill::BEGINNER, Skill::BEGINNER], 300, 3);
        assert_eq!(summary.unfinished, 0, "{}", ruleset.name);
        assert_eq!(summary.a_wins + summary.b_wins, 300);
        assert!(summary.mean_turns() >= 2.0);
    }
}

#[test]
fn the_better_team_wins_most_matches() {
    let summary = simulate(Ruleset::SEED, [Skill::BEGINNER, Skill::ADVANCED], 400, 5);
    assert!(
        summary.b_wins > 360,
        "advanced B won {} of 400",
        summary.b_wins
    );
}

#[test]
fn win_probability_follows_skill_and_is_certain_once_the_match_is_decided() {
    use kubb::{Event, Match, Team};
    use kubb_sim::win_probability;
    let start = Match::new(Ruleset::SEED);
    let [a, b] = win_probability(&start, [Skill::ADVANCED, Skill::BEGINNER], 400, 5);
    assert!(a > 0.7 && a + b <= 1.0, "advanced vs beginner: {a} {b}");
    let [a, b] = win_probability(&start, [Skill::BEGINNER, Skill::ADVANCED], 400, 5);
    assert!(b > 0.7, "beginner vs advanced: {a} {b}");
    let decided = Match::builder(Ruleset::SEED)
        .games_won(Team::B, 1)
        .starting_team(Team::A)
        .build()
        .unwrap();
    assert!(decided.apply(&Event::NextGame {}).is_err());
    assert_eq!(
        win_probability(&decided, [Skill::ADVANCED, Skill::BEGINNER], 50, 5),
        [0.0, 1.0]
    );
}
