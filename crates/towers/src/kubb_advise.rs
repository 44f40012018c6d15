//! `towers kubb advise` and `towers kubb duel`: the Monte Carlo advice and
//! search strategy of `kubb_sim::advice` on the command line.

use std::path::Path;

use i18n::{Lang, Messages};
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
    lang: Lang,
) -> Result<(), UsageError> {
    let state = read_record(choice, file, lang)?.state;
    let advice = advice_for(&state, skills, playouts.max(1), seed);
    let messages = Messages::new(lang);
    // Percentages with one decimal, in the language's decimal sign.
    let percent = |share: f64, width: usize| {
        let text = format!("{:width$.1}", 100.0 * share);
        match lang {
            Lang::En => text,
            Lang::De | Lang::Nl => text.replace('.', ","),
        }
    };
    let [a, b] = advice.win_probability;
    let said = messages.msg_with(
        "terminal-advise-win-probability",
        &[
            ("nameA", state.team_info(Team::A).name.as_str().into()),
            ("a", percent(a, 0).as_str().into()),
            ("nameB", state.team_info(Team::B).name.as_str().into()),
            ("b", percent(b, 0).as_str().into()),
        ],
    );
    println!("{said}");
    match (advice.deciding, advice.best()) {
        (Some(team), Some(best)) => {
            let team = team.to_string();
            let said =
                messages.msg_with("terminal-advise-options", &[("team", team.as_str().into())]);
            println!("{said}");
            // The decisions are the simulator's words (English).
            for option in &advice.options {
                println!(
                    "  {} %  {}",
                    percent(option.win_probability, 5),
                    option.decision
                );
            }
            let decision = best.decision.to_string();
            let said = messages.msg_with(
                "terminal-advise-best",
                &[
                    ("decision", decision.as_str().into()),
                    ("gain", percent(advice.gain, 0).as_str().into()),
                    ("playouts", advice.playouts.into()),
                    ("seed", advice.seed.to_string().as_str().into()),
                ],
            );
            println!("{said}");
        }
        _ => println!("{}", messages.msg("terminal-advise-none")),
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
