//! `towers kubb simulate`: Monte Carlo matches with the throw model.

use std::path::Path;
use std::time::Instant;

use i18n::{Arg, Lang, Messages};
use indicatif::{ProgressBar, ProgressStyle};
use kubb::Ruleset;
use kubb_sim::throw::Skill;
use kubb_sim::{simulate, simulate_observed};

use crate::svg::BarChart;
use crate::UsageError;

/// 97.5 % quantile of the standard normal distribution.
const Z_95: f64 = 1.96;

/// How the simulation reports: JSON or words (in `lang`), and where its
/// chart goes, if anywhere.
pub struct Report<'a> {
    pub json: bool,
    pub plot: Option<&'a Path>,
    pub lang: Lang,
}

pub fn run(
    games: usize,
    ruleset: Ruleset,
    skills: [Skill; 2],
    seed: u64,
    threads: Option<usize>,
    report: Report<'_>,
) -> Result<(), UsageError> {
    let Report { json, plot, lang } = report;
    let messages = Messages::new(lang);
    // Decimals in the language's decimal sign.
    let decimals = |value: f64, places: usize| {
        let text = format!("{value:.places$}");
        match lang {
            Lang::En => text,
            Lang::De | Lang::Nl => text.replace('.', ","),
        }
    };
    let decimal = |value: f64| decimals(value, 1);
    if games == 0 {
        return Err(UsageError(messages.msg("terminal-simulate-no-games")));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| {
            UsageError(messages.msg_with(
                "terminal-simulate-threads",
                &[("error", e.to_string().as_str().into())],
            ))
        })?;
    let started = Instant::now();
    let bar = ProgressBar::new(games as u64);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{bar:30}} {{pos}}/{{len}} {} {{elapsed}}",
            messages.msg("terminal-simulate-progress-matches")
        ))
        .expect("a valid template"),
    );
    let summary = pool.install(|| simulate_observed(ruleset, skills, games, seed, &|| bar.inc(1)));
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let share = |wins: usize| {
        let p = wins as f64 / games as f64;
        (p, Z_95 * (p * (1.0 - p) / games as f64).sqrt())
    };
    let (a, a_margin) = share(summary.a_wins);
    let (b, b_margin) = share(summary.b_wins);
    if json {
        println!(
            "{{\"games\":{games},\"a_wins\":{},\"b_wins\":{},\"unfinished\":{},\"mean_turns\":{:.3},\"games_played\":{},\"starter_wins\":{},\"ruleset\":\"{}\",\"opening\":\"{}\",\"a\":\"{}\",\"b\":\"{}\",\"seed\":{seed},\"generator\":\"xoshiro256++\"}}",
            summary.a_wins,
            summary.b_wins,
            summary.unfinished,
            summary.mean_turns(),
            summary.played,
            summary.starter_wins,
            ruleset.name,
            ruleset.opening,
            skills[0].name,
            skills[1].name
        );
    } else {
        let seed_text = seed.to_string();
        let mut lines = vec![messages.msg_with(
            "terminal-simulate-heading",
            &[
                ("games", Arg::Number(games as f64)),
                ("ruleset", ruleset.name.into()),
                ("opening", ruleset.opening.to_string().as_str().into()),
                ("a", skills[0].name.into()),
                ("b", skills[1].name.into()),
                ("seed", seed_text.as_str().into()),
            ],
        )];
        for (team, share, margin) in [("A", a, a_margin), ("B", b, b_margin)] {
            lines.push(messages.msg_with(
                "terminal-simulate-wins",
                &[
                    ("team", team.into()),
                    ("share", decimal(share * 100.0).as_str().into()),
                    ("margin", decimal(margin * 100.0).as_str().into()),
                ],
            ));
        }
        if summary.unfinished > 0 {
            lines.push(messages.msg_with(
                "terminal-simulate-unfinished",
                &[("count", Arg::Number(summary.unfinished as f64))],
            ));
        }
        lines.push(messages.msg_with(
            "terminal-simulate-mean-turns",
            &[("turns", decimal(summary.mean_turns()).as_str().into())],
        ));
        if summary.played != games {
            lines.push(messages.msg_with(
                "terminal-simulate-games-played",
                &[
                    ("games", Arg::Number(summary.played as f64)),
                    ("turns", decimal(summary.mean_game_turns()).as_str().into()),
                ],
            ));
        }
        lines.push(messages.msg_with(
            "terminal-simulate-starter-wins",
            &[(
                "share",
                decimal(100.0 * summary.starter_share()).as_str().into(),
            )],
        ));
        let quantile = |q: f64| {
            let target = (q * games as f64).ceil() as usize;
            let mut seen = 0;
            summary.turns.iter().position(|&count| {
                seen += count;
                seen >= target.max(1)
            })
        };
        if let (Some(low), Some(median), Some(high)) = (quantile(0.1), quantile(0.5), quantile(0.9))
        {
            lines.push(messages.msg_with(
                "terminal-simulate-turn-quantiles",
                &[
                    ("low", Arg::Number(low as f64)),
                    ("median", Arg::Number(median as f64)),
                    ("high", Arg::Number(high as f64)),
                ],
            ));
        }
        crate::gt::write_lines(lines)?;
    }
    let seconds = seconds.max(1e-9);
    eprintln!(
        "{}",
        messages.msg_with(
            "terminal-simulate-speed",
            &[
                ("games", Arg::Number(games as f64)),
                ("played", Arg::Number(summary.played as f64)),
                ("seconds", decimals(seconds, 2).as_str().into()),
                (
                    "matchRate",
                    format!("{:.0}", games as f64 / seconds).as_str().into()
                ),
                (
                    "gameRate",
                    format!("{:.0}", summary.played as f64 / seconds)
                        .as_str()
                        .into(),
                ),
            ],
        )
    );
    if let Some(path) = plot {
        let svg = pool.install(|| chart(ruleset, games, seed));
        let file = path.display().to_string();
        std::fs::write(path, svg).map_err(|e| {
            UsageError(messages.msg_with(
                "terminal-file-cannot-write",
                &[
                    ("file", file.as_str().into()),
                    ("error", e.to_string().as_str().into()),
                ],
            ))
        })?;
        eprintln!(
            "{}",
            messages.msg_with(
                "terminal-simulate-chart-written",
                &[("file", file.as_str().into())]
            )
        );
    }
    Ok(())
}

/// A bar chart: team A's (the starter's) win share for every pairing of
/// presets, grouped by A's skill.
fn chart(ruleset: Ruleset, games: usize, seed: u64) -> String {
    let names = || Skill::PRESETS.iter().map(|skill| skill.name.to_string());
    BarChart {
        title: format!(
            "Starting team A wins (%) by skill, {} rules ({games} matches a bar, seed {seed})",
            ruleset.name
        ),
        top: 100.0,
        groups: names().map(|name| format!("A {name}")).collect(),
        series: names().map(|name| format!("B {name}")).collect(),
        values: Skill::PRESETS
            .iter()
            .map(|&a| {
                Skill::PRESETS
                    .iter()
                    .map(|&b| {
                        100.0 * simulate(ruleset, [a, b], games, seed).a_wins as f64 / games as f64
                    })
                    .collect()
            })
            .collect(),
        decimals: 0,
    }
    .to_svg()
}
