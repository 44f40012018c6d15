//! `towers kubb simulate`: Monte Carlo matches with the throw model.

use std::time::Instant;

use kubb::simulate::simulate;
use kubb::throw::Skill;
use kubb::Ruleset;

use crate::UsageError;

/// 97.5 % quantile of the standard normal distribution.
const Z_95: f64 = 1.96;

pub fn run(
    games: usize,
    ruleset: Ruleset,
    skills: [&str; 2],
    seed: u64,
    threads: Option<usize>,
    json: bool,
) -> Result<(), UsageError> {
    let skill = |name: &str| {
        Skill::preset(name).ok_or_else(|| {
            UsageError(format!(
                "skill '{name}' is not beginner, experienced or advanced"
            ))
        })
    };
    let skills = [skill(skills[0])?, skill(skills[1])?];
    if games == 0 {
        return Err(UsageError("--games must be at least 1".into()));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| UsageError(format!("cannot start the threads: {e}")))?;
    let started = Instant::now();
    let summary = pool.install(|| simulate(ruleset, skills, games, seed));
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
    Ok(())
}
