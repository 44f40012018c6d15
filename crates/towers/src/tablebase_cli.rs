//! `towers gt tablebase …`: builds the endgame tables into a directory and
//! probes them; `load` reads a directory for the engine's `--tablebase`.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use clap::Subcommand;
use guard_towers::{Color, Position, Rules};
use guard_towers_engine::Score;
use guard_towers_tablebase::{Material, Table, Tablebase};

use crate::gt::PositionArg;
use crate::UsageError;

#[derive(Subcommand)]
pub enum Command {
    /// Build every table of at most STONES tower stones besides the guards
    /// into DIR (tables already there are read, not built again).
    Build {
        /// Most stones (both colours together) of a table.
        #[arg(long)]
        stones: u32,
        /// The directory the tables are written to (made if missing).
        #[arg(long)]
        out: PathBuf,
    },
    /// What the tables say about a position: the verdict under the course
    /// rules, under the standard rules (given the plies since the last
    /// capture), and the tables' move.
    Probe {
        /// The directory of the tables.
        #[arg(long)]
        tablebase: PathBuf,
        /// Plies already played since the last capture (the standard rules'
        /// no-progress counter).
        #[arg(long, default_value_t = 0)]
        quiet_plies: u32,
        #[command(flatten)]
        position: PositionArg,
    },
}

pub fn run(command: Command) -> Result<(), UsageError> {
    match command {
        Command::Build { stones, out } => build(stones, &out),
        Command::Probe {
            tablebase,
            quiet_plies,
            position,
        } => {
            let position = position.parse()?;
            let tables = load(&tablebase)?;
            for rules in [Rules::COURSE, Rules::STANDARD] {
                let name = guard_towers::Ruleset::of(rules).expect("a named rule set");
                let verdict = tables.probe_under(&position, rules, quiet_plies);
                let text = verdict.map_or("not in the tables".to_string(), |v| v.to_string());
                println!("{name}: {text}");
                if let Some((mv, _)) = tables.best_move(&position, rules, quiet_plies) {
                    println!("{name} move: {mv}");
                }
            }
            Ok(())
        }
    }
}

fn build(stones: u32, out: &Path) -> Result<(), UsageError> {
    if stones > 14 {
        return Err(UsageError(format!(
            "--stones {stones}: at most 14 (7 a colour)"
        )));
    }
    std::fs::create_dir_all(out)
        .map_err(|error| UsageError(format!("cannot make {}: {error}", out.display())))?;
    let mut tablebase = Tablebase::new();
    for material in Material::up_to(stones) {
        let path = out.join(material.file_name());
        if path.exists() {
            tablebase.insert(read_table(&path)?);
            eprintln!("{material}: read from {}", path.display());
        }
    }
    let mut failed = None;
    let mut started = Instant::now();
    tablebase.build(stones, &mut |table, stats| {
        let path = out.join(table.material().file_name());
        if let Err(error) = std::fs::write(&path, table.to_bytes()) {
            failed.get_or_insert(format!("cannot write {}: {error}", path.display()));
        }
        eprintln!(
            "{}: {} indices, {} positions: {} wins, {} losses, {} draws; longest {} plies; {:.1} s",
            stats.material,
            stats.indices,
            stats.positions,
            stats.wins,
            stats.losses,
            stats.draws,
            stats.longest,
            started.elapsed().as_secs_f64()
        );
        started = Instant::now();
    });
    match failed {
        Some(message) => Err(UsageError(message)),
        None => Ok(()),
    }
}

fn read_table(path: &Path) -> Result<Table, UsageError> {
    let bytes = std::fs::read(path)
        .map_err(|error| UsageError(format!("cannot read {}: {error}", path.display())))?;
    Table::from_bytes(bytes).map_err(|error| UsageError(format!("{}: {error}", path.display())))
}

/// Every table (`*.gtb`) in `dir`.
pub fn load(dir: &Path) -> Result<Arc<Tablebase>, UsageError> {
    let entries = std::fs::read_dir(dir)
        .map_err(|error| UsageError(format!("cannot read {}: {error}", dir.display())))?;
    let mut tablebase = Tablebase::new();
    for entry in entries {
        let path = entry
            .map_err(|error| UsageError(format!("cannot read {}: {error}", dir.display())))?
            .path();
        if path.extension().is_some_and(|ext| ext == "gtb") {
            tablebase.insert(read_table(&path)?);
        }
    }
    if tablebase.is_empty() {
        return Err(UsageError(format!(
            "{} holds no tables (*.gtb): make them with towers gt tablebase build",
            dir.display()
        )));
    }
    Ok(Arc::new(tablebase))
}

/// "Red wins in 3 (tablebase)": a score of the tables in words, for the
/// side to move of `position`.
pub fn describe(score: Score, position: &Position) -> String {
    let mover = position.side_to_move();
    match score {
        Score::Win(moves) => format!("{} wins in {moves} (tablebase)", name(mover)),
        Score::Loss(moves) => format!("{} wins in {moves} (tablebase)", name(!mover)),
        Score::Centistones(_) => "draw (tablebase)".to_string(),
    }
}

fn name(color: Color) -> &'static str {
    match color {
        Color::Red => "Red",
        Color::Blue => "Blue",
    }
}
