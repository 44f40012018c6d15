//! `towers kubb simulate`: Monte Carlo matches with the throw model.

use std::path::Path;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use kubb::Ruleset;
use kubb_sim::throw::Skill;
use kubb_sim::{simulate, simulate_observed};

use crate::svg::BarChart;
use crate::UsageError;

/// 97.5 % quantile of the standard normal distribution.
const Z_95: f64 = 1.96;

pub fn run(
    games: usize,
    ruleset: Ruleset,
    skills: [Skill; 2],
    seed: u64,
    threads: Option<usize>,
    json: bool,
    plot: Option<&Path>,
) -> Result<(), UsageError> {
    if games == 0 {
        return Err(UsageError("--games must be at least 1".into()));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| UsageError(format!("cannot start the threads: {e}")))?;
    let started = Instant::now();
    let bar = ProgressBar::new(games as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} matches {elapsed}")
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
        println!(
            "{games} matches, {} rules, opening {}, A ({}) starts against B ({}), seed {seed} (xoshiro256++)",
            ruleset.name, ruleset.opening, skills[0].name, skills[1].name
        );
        println!("A wins {:.1}% ± {:.1}", a * 100.0, a_margin * 100.0);
        println!("B wins {:.1}% ± {:.1}", b * 100.0, b_margin * 100.0);
        if summary.unfinished > 0 {
            println!("unfinished {}", summary.unfinished);
        }
        println!("mean turns {:.1}", summary.mean_turns());
        if summary.played != games {
            println!(
                "{} games played, {:.1} turns each",
                summary.played,
                summary.mean_game_turns()
            );
        }
        println!(
            "the team that started a game won {:.1}% of them",
            100.0 * summary.starter_share()
        );
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
            println!("turns: 10% ≤ {low}, median {median}, 90% ≤ {high}");
        }
    }
    let seconds = seconds.max(1e-9);
    eprintln!(
        "{games} matches ({} games) in {seconds:.2} s: {:.0} matches/s, {:.0} games/s",
        summary.played,
        games as f64 / seconds,
        summary.played as f64 / seconds
    );
    if let Some(path) = plot {
        let svg = pool.install(|| chart(ruleset, games, seed));
        std::fs::write(path, svg)
            .map_err(|e| UsageError(format!("cannot write {}: {e}", path.display())))?;
        eprintln!("chart written to {}", path.display());
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
