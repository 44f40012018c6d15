//! `towers kubb simulate`: Monte Carlo matches with the throw model.

use std::path::Path;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressStyle};
use kubb::simulate::{simulate, simulate_observed};
use kubb::throw::Skill;
use kubb::Ruleset;

use crate::UsageError;

/// 97.5 % quantile of the standard normal distribution.
const Z_95: f64 = 1.96;

/// The skill preset of this name.
pub fn skill(name: &str) -> Result<Skill, UsageError> {
    Skill::preset(name).ok_or_else(|| {
        UsageError(format!(
            "skill '{name}' is not beginner, experienced or advanced"
        ))
    })
}

pub fn run(
    games: usize,
    ruleset: Ruleset,
    skills: [&str; 2],
    seed: u64,
    threads: Option<usize>,
    json: bool,
    plot: Option<&Path>,
) -> Result<(), UsageError> {
    let skills = [skill(skills[0])?, skill(skills[1])?];
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
            "{{\"games\":{games},\"a_wins\":{},\"b_wins\":{},\"unfinished\":{},\"mean_turns\":{:.3},\"ruleset\":\"{}\",\"a\":\"{}\",\"b\":\"{}\",\"seed\":{seed},\"generator\":\"ChaCha8Rng\"}}",
            summary.a_wins,
            summary.b_wins,
            summary.unfinished,
            summary.mean_turns(),
            ruleset.name,
            skills[0].name,
            skills[1].name
        );
    } else {
        println!(
            "{games} matches, {} rules, A ({}) starts against B ({}), seed {seed} (ChaCha8Rng)",
            ruleset.name, skills[0].name, skills[1].name
        );
        println!("A wins {:.1}% ± {:.1}", a * 100.0, a_margin * 100.0);
        println!("B wins {:.1}% ± {:.1}", b * 100.0, b_margin * 100.0);
        if summary.unfinished > 0 {
            println!("unfinished {}", summary.unfinished);
        }
        println!("mean turns {:.1}", summary.mean_turns());
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
    eprintln!(
        "{games} matches in {seconds:.2} s ({:.0} matches/s)",
        games as f64 / seconds.max(1e-9)
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
    let (width, height, bar, gap) = (640.0, 360.0, 44.0, 14.0);
    let colours = ["#1b9e77", "#d95f02", "#7570b3"];
    let name = ruleset.name;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n\
         <title>Win probability of the starting team A ({name} rules, {games} matches a bar, seed {seed})</title>\n\
         <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/>\n\
         <text x=\"20\" y=\"22\" font-size=\"15\">Starting team A wins (%) by skill, {name} rules</text>\n"
    );
    let base = height - 60.0;
    let scale = base - 50.0;
    for tick in [0, 25, 50, 75, 100] {
        let y = base - scale * f64::from(tick) / 100.0;
        svg.push_str(&format!(
            "<line x1=\"50\" x2=\"{}\" y1=\"{y}\" y2=\"{y}\" stroke=\"#ddd\"/>\
             <text x=\"20\" y=\"{}\">{tick}</text>\n",
            width - 20.0,
            y + 4.0
        ));
    }
    for (group, a) in Skill::PRESETS.iter().enumerate() {
        let left = 70.0 + group as f64 * (3.0 * bar + 2.0 * gap + 40.0);
        for (index, b) in Skill::PRESETS.iter().enumerate() {
            let share = simulate(ruleset, [*a, *b], games, seed).a_wins as f64 / games as f64;
            let x = left + index as f64 * (bar + gap);
            let top = base - scale * share;
            svg.push_str(&format!(
                "<rect x=\"{x}\" y=\"{top:.1}\" width=\"{bar}\" height=\"{:.1}\" fill=\"{}\">\
                 <title>A {} vs B {}: {:.1}%</title></rect>\n\
                 <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{:.0}</text>\n",
                base - top,
                colours[index],
                a.name,
                b.name,
                share * 100.0,
                x + bar / 2.0,
                top - 4.0,
                share * 100.0
            ));
        }
        svg.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">A {}</text>\n",
            left + 1.5 * bar + gap,
            base + 18.0,
            a.name
        ));
    }
    for (index, b) in Skill::PRESETS.iter().enumerate() {
        let x = 70.0 + index as f64 * 150.0;
        svg.push_str(&format!(
            "<rect x=\"{x}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{}\"/>\
             <text x=\"{}\" y=\"{}\">B {}</text>\n",
            height - 24.0,
            colours[index],
            x + 16.0,
            height - 14.0,
            b.name
        ));
    }
    svg.push_str("</svg>\n");
    svg
}
