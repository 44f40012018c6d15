//! `towers kubb findings`: the simulator's answers to the questions players
//! argue about, as markdown tables on stdout and SVG charts in a folder
//! (the README shows them): the starting team's advantage under both
//! rulesets, what the seed's 10 m field and king rule do to game length and
//! to that advantage, and what an advanced throwing line is worth.

use std::path::Path;

use indicatif::{ProgressBar, ProgressStyle};
use kubb::{Opening, Ruleset};
use kubb_sim::calibration::{line_value, measure, LineValue, Measured};
use kubb_sim::throw::Skill;

use crate::svg::BarChart;
use crate::UsageError;

/// The seed ruleset and the seed with the standard's field length, king
/// rule, or both.
fn seed_variants() -> [(&'static str, Ruleset); 4] {
    let eight_metres = Ruleset {
        field_length: 8.0,
        ..Ruleset::SEED
    };
    let any_stick = Ruleset {
        king_sticks_in_hand: 1,
        ..Ruleset::SEED
    };
    [
        ("seed (10 m, king: 2+ sticks)", Ruleset::SEED),
        ("seed on 8 m", eight_metres),
        ("seed, king: any stick", any_stick),
        (
            "seed on 8 m, king: any stick",
            Ruleset {
                field_length: 8.0,
                ..any_stick
            },
        ),
    ]
}

pub fn run(games: usize, line_matches: usize, seed: u64, out: &Path) -> Result<(), UsageError> {
    if games == 0 || line_matches == 0 {
        return Err(UsageError(
            "--games and --line-matches must be at least 1".into(),
        ));
    }
    std::fs::create_dir_all(out)
        .map_err(|e| UsageError(format!("cannot create {}: {e}", out.display())))?;
    // Many tournaments open with 2, 4, then 6 sticks to shrink the start
    // advantage; the findings show by how much.
    let rulesets = [
        ("seed", Ruleset::SEED),
        ("standard", Ruleset::STANDARD),
        (
            "standard, 2-4-6 opening",
            Ruleset {
                opening: Opening::TwoFourSix,
                ..Ruleset::STANDARD
            },
        ),
    ];
    let line_rulesets = &rulesets[..2];
    let variants = seed_variants();
    let steps = (rulesets.len() + line_rulesets.len() + variants.len()) * Skill::PRESETS.len();
    let progress = ProgressBar::new(steps as u64).with_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} measurements, {eta} left")
            .expect("a valid template"),
    );
    let measured = |ruleset: Ruleset| -> Vec<Measured> {
        let row = Skill::PRESETS
            .iter()
            .map(|&skill| measure(ruleset, skill, games, seed))
            .collect();
        progress.inc(Skill::PRESETS.len() as u64);
        row
    };
    let by_ruleset: Vec<Vec<Measured>> = rulesets.iter().map(|&(_, r)| measured(r)).collect();
    let by_variant: Vec<Vec<Measured>> = variants.iter().map(|&(_, r)| measured(r)).collect();
    let lines: Vec<Vec<LineValue>> = line_rulesets
        .iter()
        .map(|&(_, ruleset)| {
            let row = Skill::PRESETS
                .iter()
                .map(|&skill| line_value(ruleset, skill, line_matches, 200, seed))
                .collect();
            progress.inc(Skill::PRESETS.len() as u64);
            row
        })
        .collect();
    progress.finish_and_clear();

    let ruleset_names: Vec<String> = rulesets.iter().map(|(n, _)| n.to_string()).collect();
    let variant_names: Vec<String> = variants.iter().map(|(n, _)| n.to_string()).collect();
    let charts = [
        (
            "start-advantage.svg",
            chart(
                format!("Games won by the starting team (%), equal teams, {games} matches a bar"),
                100.0,
                &ruleset_names,
                &by_ruleset,
                |m| 100.0 * m.starter_share(),
            ),
        ),
        (
            "seed-rules-start.svg",
            chart(
                "Games won by the starting team (%): the seed's field and king rule".into(),
                100.0,
                &variant_names,
                &by_variant,
                |m| 100.0 * m.starter_share(),
            ),
        ),
        (
            "seed-rules-length.svg",
            chart(
                "Turns per game: the seed's field and king rule".into(),
                20.0,
                &variant_names,
                &by_variant,
                Measured::turns_per_game,
            ),
        ),
        (
            "advantage-line.svg",
            chart_lines(&ruleset_names[..line_rulesets.len()], &lines),
        ),
    ];
    for (name, svg) in &charts {
        let path = out.join(name);
        std::fs::write(&path, svg)
            .map_err(|e| UsageError(format!("cannot write {}: {e}", path.display())))?;
    }
    print_tables(
        games,
        line_matches,
        seed,
        &ruleset_names,
        &by_ruleset,
        &variant_names,
        &by_variant,
        &lines,
    );
    eprintln!("charts written to {}", out.display());
    Ok(())
}

/// Groups by ruleset (or variant), one bar per preset.
fn chart(
    title: String,
    top: f64,
    groups: &[String],
    rows: &[Vec<Measured>],
    value: fn(&Measured) -> f64,
) -> String {
    BarChart {
        title,
        top,
        groups: groups.to_vec(),
        series: preset_names(),
        values: rows
            .iter()
            .map(|row| row.iter().map(value).collect())
            .collect(),
        decimals: if top > 50.0 { 0 } else { 1 },
    }
    .to_svg()
}

fn chart_lines(groups: &[String], lines: &[Vec<LineValue>]) -> String {
    BarChart {
        title: "Win probability an advanced throwing line adds (points), same state and futures"
            .into(),
        top: 20.0,
        groups: groups.to_vec(),
        series: preset_names(),
        values: lines
            .iter()
            .map(|row| row.iter().map(|l| 100.0 * l.win_probability).collect())
            .collect(),
        decimals: 1,
    }
    .to_svg()
}

fn preset_names() -> Vec<String> {
    Skill::PRESETS.iter().map(|s| s.name.to_string()).collect()
}

#[allow(clippy::too_many_arguments)]
fn print_tables(
    games: usize,
    line_matches: usize,
    seed: u64,
    rulesets: &[String],
    by_ruleset: &[Vec<Measured>],
    variants: &[String],
    by_variant: &[Vec<Measured>],
    lines: &[Vec<LineValue>],
) {
    println!(
        "Equal teams, heuristic play, {games} matches per cell, seed {seed} (xoshiro256++).\n"
    );
    println!("| rules | skill | starting team wins games | turns per game | first-baton efficiency | inkasts in at the first attempt | penalty pieces |");
    println!("|---|---|---|---|---|---|---|");
    for (name, row) in rulesets.iter().zip(by_ruleset) {
        for (skill, m) in Skill::PRESETS.iter().zip(row) {
            println!(
                "| {name} | {} | {:.1} % | {:.1} | {:.1} % | {:.1} % | {:.1} % |",
                skill.name,
                100.0 * m.starter_share(),
                m.turns_per_game(),
                100.0 * m.first_baton_efficiency(),
                100.0 * m.first_attempt_in_rate(),
                100.0 * m.penalty_rate()
            );
        }
    }
    println!("\n| seed rules with | skill | starting team wins games | turns per game |");
    println!("|---|---|---|---|");
    for (name, row) in variants.iter().zip(by_variant) {
        for (skill, m) in Skill::PRESETS.iter().zip(row) {
            println!(
                "| {name} | {} | {:.1} % | {:.1} |",
                skill.name,
                100.0 * m.starter_share(),
                m.turns_per_game()
            );
        }
    }
    print_validation(&by_ruleset[1], &by_ruleset[2]);
    println!("\nAdvanced throwing line: the first turn of each of {line_matches} matches that began with one, valued by 200 play-outs with and without it.\n");
    println!("| rules | skill | turns sampled | line in front of the baseline | win probability added (95 %) |");
    println!("|---|---|---|---|---|");
    for (name, row) in rulesets.iter().zip(lines) {
        for (skill, line) in Skill::PRESETS.iter().zip(row) {
            println!(
                "| {name} | {} | {} | {:.1} m | {:+.1} ± {:.1} points |",
                skill.name,
                line.turns,
                line.metres,
                100.0 * line.win_probability,
                196.0 * line.standard_error
            );
        }
    }
}

/// Chris Hodges' estimate of the starting team's chances after felling 0,
/// 1 or 2 towers with the 2 opening sticks (Ask Planet Kubb; his
/// benchmarks, with no count of games behind them on the page).
const HODGES_2_4_6: [f64; 3] = [0.40, 0.60, 0.75];

/// The model against the recorded figures (docs/kubb.md, "Calibration"
/// names each source): `standard` is 6-6-6, `us` the 2-4-6 opening.
fn print_validation(standard: &[Measured], us: &[Measured]) {
    let advanced = Skill::PRESETS.len() - 1;
    println!("\nThe model against the records (standard rules; 2-4-6 where the record's rules had it):\n");
    println!("| figure | source's | model's (three: beginner / experienced / advanced) |");
    println!("|---|---|---|");
    println!(
        "| first-baton efficiency, 2015 U.S. quarterfinals (2-4-6) | 43.1 % (188 of 436) | {:.1} % (advanced) |",
        100.0 * us[advanced].first_baton_efficiency()
    );
    println!(
        "| turns per game, 100+ tournament games recorded 2012–14 (6-stick opening) | at most 9.0 | {} (6-6-6) |",
        by_preset_plain(standard, Measured::turns_per_game)
    );
    println!(
        "| pieces in at the first attempt, two recorded turns | 64 % (9 of 14) | {} (one figure for every skill) |",
        by_preset(us, Measured::first_attempt_in_rate)
    );
    println!(
        "| penalty pieces, two recorded turns | 0 of 14 | {} (one figure for every skill) |",
        by_preset(us, Measured::penalty_rate)
    );
    println!(
        "| games won by the starter, 6-6-6, equal teams | about 75 % | {} |",
        by_preset(standard, Measured::starter_share)
    );
    for (towers, hodges) in HODGES_2_4_6.iter().enumerate() {
        println!(
            "| 2-4-6: starter's games after {towers} opening tower(s), Hodges' estimate | {:.0} % | {} |",
            100.0 * hodges,
            by_preset(us, |m| m.starter_share_after_opening(towers))
        );
    }
    println!(
        "| 2-4-6: starter's games, Hodges' estimates weighted by the model's openings | {} | {} |",
        by_preset(us, |m| (0..3)
            .map(|towers| HODGES_2_4_6[towers] * m.opening_share(towers))
            .sum()),
        by_preset(us, Measured::starter_share)
    );
}

/// One share per preset, as "beginner / experienced / advanced".
fn by_preset(row: &[Measured], share: impl Fn(&Measured) -> f64) -> String {
    row.iter()
        .map(|m| format!("{:.1} %", 100.0 * share(m)))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// One count per preset, as "beginner / experienced / advanced".
fn by_preset_plain(row: &[Measured], value: impl Fn(&Measured) -> f64) -> String {
    row.iter()
        .map(|m| format!("{:.1}", value(m)))
        .collect::<Vec<_>>()
        .join(" / ")
}
