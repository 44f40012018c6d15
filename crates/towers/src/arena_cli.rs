//! `towers arena`: engine-vs-engine matches with Elo and SPRT.

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use arena::engine_tournament::{run_tournament, Crosstable, Kind, TournamentConfig};
use arena::openings::{parse_openings, DEFAULT_SET};
use arena::referee::{GameSettings, Pace, TimeUse};
use arena::runner::{run_match, EngineSpec, MatchConfig, MatchReport, Pairing};
use arena::stats::{EloEstimate, Sprt, SprtDecision};
use clap::Args;
use guard_towers::Ruleset;
use indicatif::{ProgressBar, ProgressStyle};

use crate::UsageError;

#[derive(Args)]
pub struct ArenaArgs {
    /// An engine as NAME=COMMAND (give two or more; with more than two the
    /// first plays each of the others). A COMMAND with {position} (and
    /// optionally {movetime}) is run once per move and its last output line
    /// is the move; any other COMMAND speaks the `towers gt engine` protocol.
    #[arg(long = "engine", value_name = "NAME=COMMAND", required = true)]
    engines: Vec<EngineSpec>,
    /// An engine option as NAME.OPTION=VALUE, e.g. old.Hash=64 (protocol engines).
    #[arg(long = "option", value_name = "NAME.OPTION=VALUE")]
    options: Vec<String>,
    /// Games per pairing (played as colour-reversed pairs).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Thinking time per move in milliseconds (default 100 without --tc).
    #[arg(long, conflicts_with = "tc")]
    movetime: Option<u64>,
    /// Clock per game as SECONDS+INCREMENT, e.g. 120+0.01 (the course's).
    #[arg(long)]
    tc: Option<guard_towers::TimeControl>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Opening positions, one per line (default: the repository's set).
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Sequential test: elo0=A elo1=B alpha=X beta=Y (head-to-head only).
    #[arg(long, num_args = 4, value_name = "KEY=VALUE")]
    sprt: Option<Vec<String>>,
    /// Write every game to this record file (docs/game-record.md).
    #[arg(long)]
    record: Option<PathBuf>,
    /// Draw rules: standard or course (none).
    #[arg(long, default_value_t = Ruleset::Standard)]
    rules: Ruleset,
    /// Adjudicate a game of this many plies as a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Milliseconds an engine may overstep its time before it forfeits.
    #[arg(long, default_value_t = 100)]
    time_margin: u64,
    /// A tournament instead of a match: round-robin, gauntlet or swiss
    /// (--games per encounter); prints a crosstable and each engine's Elo.
    #[arg(long, conflicts_with = "sprt")]
    tournament: Option<Kind>,
    /// Swiss rounds (default ⌈log₂ engines⌉).
    #[arg(long, requires = "tournament")]
    rounds: Option<usize>,
}

fn parse_sprt(values: &[String]) -> Result<Sprt, UsageError> {
    let mut sprt = Sprt {
        elo0: 0.0,
        elo1: 10.0,
        alpha: 0.05,
        beta: 0.05,
    };
    for value in values {
        let bad = || {
            UsageError(format!(
                "--sprt: '{value}' is not KEY=NUMBER with KEY elo0, elo1, alpha or beta"
            ))
        };
        let (key, number) = value.split_once('=').ok_or_else(bad)?;
        let number: f64 = number.parse().map_err(|_| bad())?;
        match key {
            "elo0" => sprt.elo0 = number,
            "elo1" => sprt.elo1 = number,
            "alpha" => sprt.alpha = number,
            "beta" => sprt.beta = number,
            _ => return Err(bad()),
        }
    }
    let probability = |p: f64| p > 0.0 && p < 0.5;
    if sprt.elo1 <= sprt.elo0 || !probability(sprt.alpha) || !probability(sprt.beta) {
        return Err(UsageError(
            "--sprt needs elo0 < elo1 and alpha, beta in (0, 0.5)".into(),
        ));
    }
    Ok(sprt)
}

fn config(args: &ArenaArgs) -> Result<MatchConfig, UsageError> {
    if args.engines.len() < 2 {
        return Err(UsageError("a match needs at least two --engine".into()));
    }
    let mut engines = args.engines.clone();
    for option in &args.options {
        let bad = || {
            UsageError(format!(
                "--option '{option}' is not NAME.OPTION=VALUE for a named --engine"
            ))
        };
        let (target, value) = option.split_once('=').ok_or_else(bad)?;
        let (name, key) = target.split_once('.').ok_or_else(bad)?;
        let engine = engines
            .iter_mut()
            .find(|e| e.name == name)
            .ok_or_else(bad)?;
        engine.options.push((key.to_string(), value.to_string()));
    }
    let openings = match &args.openings {
        None => parse_openings(DEFAULT_SET),
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))
            .and_then(|text| parse_openings(&text)),
    }
    .map_err(|e| UsageError(format!("openings: {e}")))?;
    let sprt = args.sprt.as_deref().map(parse_sprt).transpose()?;
    if sprt.is_some() && args.engines.len() != 2 {
        return Err(UsageError("--sprt needs exactly two engines".into()));
    }
    let rules = args.rules;
    let time_control = args.tc.map_or(
        Pace::MoveTime(Duration::from_millis(args.movetime.unwrap_or(100))),
        Pace::Clock,
    );
    Ok(MatchConfig {
        engines,
        games: args.games,
        concurrency: args.concurrency,
        openings,
        settings: GameSettings {
            rules,
            time_control,
            max_plies: args.max_plies,
            time_margin: Duration::from_millis(args.time_margin),
            ..GameSettings::default()
        },
        sprt,
    })
}

/// An Elo estimate as the tables print it. An interval of no width means
/// every result was the same (a single pair, say): it says nothing, and
/// is not printed as "+/- 0.0". (`+ 0.0` prints the draw's -0.0 as +0.0.)
fn format_elo(estimate: Option<EloEstimate>) -> String {
    match estimate {
        None => "no games".into(),
        Some(e) if e.elo.is_finite() && e.margin() == 0.0 => {
            format!("{:+.1} (every result alike: no interval)", e.elo + 0.0)
        }
        Some(e) if e.elo.is_finite() && e.margin().is_finite() => {
            format!("{:+.1} +/- {:.1}", e.elo + 0.0, e.margin())
        }
        Some(e) => format!(
            "{:+.1} (interval unbounded: score {:.1}%)",
            e.elo,
            e.score * 100.0
        ),
    }
}

fn progress_message(report: &MatchReport) -> String {
    let mut parts: Vec<String> = report
        .pairings
        .iter()
        .map(|p| {
            format!(
                "{} vs {}: {} Elo, {}-{}-{}",
                p.first,
                p.second,
                format_elo(p.elo()),
                p.wdl.wins,
                p.wdl.draws,
                p.wdl.losses
            )
        })
        .collect();
    if let Some(llr) = report.llr {
        parts.push(format!("LLR {llr:.2}"));
    }
    parts.join(" | ")
}

/// Opens the record file, if one is asked for.
fn record_file(args: &ArenaArgs) -> Result<Option<File>, UsageError> {
    args.record
        .as_ref()
        .map(|path| {
            File::create(path)
                .map_err(|e| UsageError(format!("cannot write {}: {e}", path.display())))
        })
        .transpose()
}

pub fn run(args: ArenaArgs) -> Result<(), UsageError> {
    let config = config(&args)?;
    if let Some(kind) = args.tournament {
        return run_engine_tournament(&args, kind, config);
    }
    let mut record_file = record_file(&args)?;
    let bar =
        ProgressBar::new(config.games.div_ceil(2) as u64 * 2 * (config.engines.len() as u64 - 1));
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games {elapsed} | {msg}")
            .expect("a valid template"),
    );
    let mut write_error = None;
    let report = run_match(&config, |record, report| {
        if let Some(file) = record_file.as_mut() {
            if let Err(error) = writeln!(file, "{record}").and_then(|()| file.flush()) {
                write_error.get_or_insert(error);
            }
        }
        bar.set_position(report.games_played as u64);
        bar.set_message(progress_message(report));
    });
    bar.finish_and_clear();
    if let Some(error) = write_error {
        eprintln!("towers: warning: the record file could not be written completely: {error}");
    }
    print_summary(&config, &report);
    Ok(())
}

fn print_summary(config: &MatchConfig, report: &MatchReport) {
    println!(
        "Match: {} games of {} planned, {}, {} openings",
        report.games_played,
        report.games_planned,
        config.settings.time_control,
        config.openings.len()
    );
    for pairing in &report.pairings {
        print_pairing(pairing);
    }
    if let (Some(sprt), Some(llr)) = (config.sprt, report.llr) {
        let (lower, upper) = sprt.bounds();
        let decision = match report.decision {
            Some(SprtDecision::H1) => "H1 accepted (the first engine is stronger by at least elo1)",
            Some(SprtDecision::H0) => "H0 accepted (the first engine is not stronger by elo1)",
            None => "no decision yet",
        };
        println!(
            "SPRT [{}, {}] alpha {} beta {}: LLR {llr:.2} ({lower:.2}, {upper:.2}): {decision}",
            sprt.elo0, sprt.elo1, sprt.alpha, sprt.beta
        );
    }
}

fn print_pairing(pairing: &Pairing) {
    let wdl = pairing.wdl;
    println!("{} vs {}:", pairing.first, pairing.second);
    println!(
        "  Elo {} (95%, {})",
        format_elo(pairing.elo()),
        if pairing.pairs.pairs() > 0 {
            "pentanomial"
        } else {
            "trinomial"
        }
    );
    println!(
        "  Games {}: W {} D {} L {}",
        wdl.games(),
        wdl.wins,
        wdl.draws,
        wdl.losses
    );
    println!("  Pairs (0, 1/2, 1, 3/2, 2 points): {:?}", pairing.pairs.0);
    println!(
        "  Time use: {} {}, {} {}",
        pairing.first,
        format_time_use(&pairing.time_use[0]),
        pairing.second,
        format_time_use(&pairing.time_use[1])
    );
}

/// "97 ms a move (96 % of its time)".
fn format_time_use(time_use: &TimeUse) -> String {
    let per_move = time_use.per_move().as_secs_f64() * 1000.0;
    match time_use.share() {
        Some(share) => format!(
            "{per_move:.0} ms a move ({:.0} % of its time)",
            share * 100.0
        ),
        None => format!("{per_move:.0} ms a move"),
    }
}

fn run_engine_tournament(
    args: &ArenaArgs,
    kind: Kind,
    config: MatchConfig,
) -> Result<(), UsageError> {
    if args.rounds.is_some() && kind != Kind::Swiss {
        return Err(UsageError("--rounds is for --tournament swiss only".into()));
    }
    let config = TournamentConfig {
        kind,
        engines: config.engines,
        games: config.games,
        rounds: args.rounds,
        concurrency: config.concurrency,
        openings: config.openings,
        settings: config.settings,
    };
    let mut record_file = record_file(args)?;
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games {elapsed} | {msg}")
            .expect("a valid template"),
    );
    let mut write_error = None;
    let table = run_tournament(&config, |record, table| {
        if let Some(file) = record_file.as_mut() {
            if let Err(error) = writeln!(file, "{record}").and_then(|()| file.flush()) {
                write_error.get_or_insert(error);
            }
        }
        bar.set_length(table.games_planned as u64);
        bar.set_position(table.games_played as u64);
        let leader = table.ranking()[0];
        bar.set_message(format!(
            "leader {} {}",
            table.names[leader],
            table.points(leader)
        ));
    });
    bar.finish_and_clear();
    if let Some(error) = write_error {
        eprintln!("towers: warning: the record file could not be written completely: {error}");
    }
    println!(
        "Tournament: {kind}, {} engines, {} games, {}, {} openings",
        table.names.len(),
        table.games_played,
        config.settings.time_control,
        config.openings.len()
    );
    print_crosstable(&table);
    Ok(())
}

/// The ranking with each engine's Elo against the engines it met, then
/// the crosstable: the row's points against the column.
fn print_crosstable(table: &Crosstable) {
    let order = table.ranking();
    let width = table
        .names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    println!(
        "{:>4}  {:<width$}  {:>7}  {:>6}  {:<24}",
        "rank", "name", "points", "games", "Elo (95%)"
    );
    for (rank, &i) in order.iter().enumerate() {
        println!(
            "{:>4}  {:<width$}  {:>7}  {:>6}  {}",
            rank + 1,
            table.names[i],
            table.points(i),
            table.games(i),
            format_elo(table.elo(i))
        );
    }
    println!("Crosstable (points of the row against the column):");
    let cell = 6.max(width.min(10));
    let mut header = format!("{:<width$}", "");
    for &j in &order {
        header += &format!(
            "  {:>cell$}",
            table.names[j].chars().take(cell).collect::<String>()
        );
    }
    println!("{header}");
    for &i in &order {
        let mut line = format!("{:<width$}", table.names[i]);
        for &j in &order {
            let text = if i == j {
                ".".to_string()
            } else if table.met(i, j) {
                (table.half_points(i, j) as f64 / 2.0).to_string()
            } else {
                "-".to_string()
            };
            line += &format!("  {text:>cell$}");
        }
        println!("{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn estimate(elo: f64, lower: f64, upper: f64) -> Option<EloEstimate> {
        Some(EloEstimate {
            elo,
            lower,
            upper,
            score: 0.5,
        })
    }

    /// A single drawn pair gives -0.0 with an interval of no width (the
    /// gauntlet printed "-0.0 +/- 0.0"); an interval is printed only when
    /// the results differ, and never with a negative zero.
    #[test]
    fn an_estimate_from_alike_results_prints_no_interval() {
        assert_eq!(
            format_elo(estimate(-0.0, -0.0, -0.0)),
            "+0.0 (every result alike: no interval)"
        );
        assert_eq!(format_elo(estimate(-0.0, -35.2, 35.2)), "+0.0 +/- 35.2");
        assert_eq!(format_elo(estimate(12.04, 2.0, 22.0)), "+12.0 +/- 10.0");
        assert_eq!(format_elo(None), "no games");
    }
}
