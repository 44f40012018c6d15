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
    lang: Lang,
) -> Result<(), UsageError> {
    let messages = Messages::new(lang);
    // indicatif fills in its own `{eta}` where the catalog puts `$eta`.
    let template = format!(
        "{{bar:40}} {{pos}}/{{len}} {}",
        messages.msg_with("terminal-duel-progress", &[("eta", "{eta}".into())])
    );
    let progress = ProgressBar::new(games as u64)
        .with_style(ProgressStyle::with_template(&template).expect("a valid template"));
    let result = play_duel(ruleset, skill, games, playouts.max(1), seed, &|| {
        progress.inc(1)
    });
    progress.finish_and_clear();
    let share = result.search_share();
    let (low, high) = result.interval();
    // Percentages with one decimal, in the language's decimal sign.
    let percent = |share: f64| {
        let text = format!("{:.1}", 100.0 * share);
        match lang {
            Lang::En => text,
            Lang::De | Lang::Nl => text.replace('.', ","),
        }
    };
    let skill = skill.to_string();
    let opening = ruleset.opening.to_string();
    println!(
        "{}",
        messages.msg_with(
            "terminal-duel-heading",
            &[
                ("playouts", playouts.into()),
                ("games", result.games.into()),
                ("skill", skill.as_str().into()),
                ("ruleset", ruleset.name.into()),
                ("opening", opening.as_str().into()),
            ],
        )
    );
    println!(
        "{}",
        messages.msg_with(
            "terminal-duel-result",
            &[
                ("won", result.search_wins.into()),
                ("share", percent(share).as_str().into()),
                ("low", percent(low).as_str().into()),
                ("high", percent(high).as_str().into()),
                ("heuristic", result.heuristic_wins.into()),
                ("unfinished", result.unfinished.into()),
            ],
        )
    );
    Ok(())
}
