//! `towers kubb advise` and `towers kubb duel`: the Monte Carlo advice and
//! search strategy of `kubb_sim::advice` on the command line.

use std::path::Path;

use indicatif::{ProgressBar, ProgressStyle};
use kubb::notation::RulesChoice;
use kubb::{Ruleset, Team};
use kubb_sim::advice::{advise as advice_for, duel as play_duel};
use kubb_sim::throw::Skill;

use crate::kubb_cli::read_record;
use crate::UsageError;

pub fn advise(
    choice: RulesChoice,
    skills: [Skill; 2],
    playouts: usize,
    seed: u64,
    file: &Path,
) -> Result<(), UsageError> {
    let state = read_record(choice, file)?.state;
    let advice = advice_for(&state, skills, playouts.max(1), seed);
    let [a, b] = advice.win_probability;
    println!(
        "win probability: A ({}) {:.1} %, B ({}) {:.1} %",
        state.team_info(Team::A).name,
        100.0 * a,
        state.team_info(Team::B).name,
        100.0 * b
    );
    match (advice.deciding, advice.best()) {
        (Some(team), Some(best)) => {
            println!("team {team} decides; options by its chance to win:");
            for option in &advice.options {
                println!(
                    "  {:5.1} %  {}",
                    100.0 * option.win_probability,
                    option.decision
                );
            }
            println!(
                "advice: {} (+{:.1} points over the heuristic's choice; {} play-outs each, seed {})",
                best.decision,
                100.0 * advice.gain,
                advice.playouts,
                advice.seed
            );
        }
        _ => println!("advice: none (no team has a decision to take now)"),
    }
    Ok(())
}

pub fn duel(
    games: usize,
    ruleset: Ruleset,
    skill: Skill,
    playouts: usize,
    seed: u64,
) -> Result<(), UsageError> {
    let progress = ProgressBar::new(games as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} matches, {eta} left")
            .expect("a valid template"),
    );
    let result = play_duel(ruleset, skill, games, playouts.max(1), seed, &|| {
        progress.inc(1)
    });
    progress.finish_and_clear();
    let share = result.search_share();
    let (low, high) = result.interval();
    println!(
        "search ({playouts} play-outs per candidate) vs heuristic, {} matches, {skill} teams, {} rules, opening {}:",
        result.games, ruleset.name, ruleset.opening
    );
    println!(
        "search won {} ({:.1} %, 95 % interval {:.1}-{:.1} %), heuristic {}, unfinished {}",
        result.search_wins,
        100.0 * share,
        100.0 * low,
        100.0 * high,
        result.heuristic_wins,
        result.unfinished
    );
    Ok(())
}
