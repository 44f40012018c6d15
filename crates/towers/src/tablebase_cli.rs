//! `towers gt tablebase …`: builds the endgame tables into a directory and
//! probes them; `load` reads a directory for the engine's `--tablebase`;
//! `read_all` and `build_into` are `towers serve`'s too, which builds the
//! small tables itself when its directory lacks them.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use clap::Subcommand;
use guard_towers::{Color, Position, Rules};
use guard_towers_engine::Score;
use guard_towers_tablebase::{BuildStats, Material, Table, Tablebase, Verdict};
use i18n::Messages;

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

/// Runs `command`; `probe` and `build`'s progress speak `lang`.
pub fn run(command: Command, lang: i18n::Lang) -> Result<(), UsageError> {
    match command {
        Command::Build { stones, out } => build(stones, &out, &i18n::Messages::new(lang)),
        Command::Probe {
            tablebase,
            quiet_plies,
            position,
        } => {
            let position = position.parse()?;
            let tables = load(&tablebase)?;
            let messages = i18n::Messages::new(lang);
            for rules in [Rules::COURSE, Rules::STANDARD] {
                let name = guard_towers::Ruleset::of(rules).expect("a named rule set");
                let name = name.to_string();
                let said = match tables.probe_under(&position, rules, quiet_plies) {
                    Some(Verdict::Win { plies }) => messages.msg_with(
                        "terminal-tablebase-probe-win",
                        &[("rules", name.as_str().into()), ("plies", plies.into())],
                    ),
                    Some(Verdict::Loss { plies }) => messages.msg_with(
                        "terminal-tablebase-probe-loss",
                        &[("rules", name.as_str().into()), ("plies", plies.into())],
                    ),
                    Some(Verdict::Draw) => messages.msg_with(
                        "terminal-tablebase-probe-draw",
                        &[("rules", name.as_str().into())],
                    ),
                    None => messages.msg_with(
                        "terminal-tablebase-probe-unknown",
                        &[("rules", name.as_str().into())],
                    ),
                };
                println!("{said}");
                if let Some((mv, _)) = tables.best_move(&position, rules, quiet_plies) {
                    let said = messages.msg_with(
                        "terminal-tablebase-probe-move",
                        &[
                            ("rules", name.as_str().into()),
                            ("move", mv.to_string().as_str().into()),
                        ],
                    );
                    println!("{said}");
                }
            }
            Ok(())
        }
    }
}

fn build(stones: u32, out: &Path, messages: &Messages) -> Result<(), UsageError> {
    if stones > 14 {
        return Err(UsageError(messages.msg_with(
            "terminal-tablebase-build-too-many",
            &[("stones", stones.into())],
        )));
    }
    let shown = |path: &Path| path.display().to_string();
    std::fs::create_dir_all(out).map_err(|error| {
        UsageError(messages.msg_with(
            "terminal-file-cannot-make",
            &[
                ("file", shown(out).as_str().into()),
                ("error", error.to_string().as_str().into()),
            ],
        ))
    })?;
    let mut tablebase = Tablebase::new();
    for material in Material::up_to(stones) {
        let path = out.join(material.file_name());
        if path.exists() {
            tablebase.insert(read_table(&path)?);
            eprintln!(
                "{}",
                messages.msg_with(
                    "terminal-tablebase-build-read",
                    &[
                        ("material", material.to_string().as_str().into()),
                        ("file", shown(&path).as_str().into()),
                    ],
                )
            );
        }
    }
    let mut started = Instant::now();
    // The seconds with one decimal, in the language's decimal sign.
    let seconds = |started: Instant| {
        let text = format!("{:.1}", started.elapsed().as_secs_f64());
        match messages.lang() {
            i18n::Lang::En => text,
            i18n::Lang::De | i18n::Lang::Nl => text.replace('.', ","),
        }
    };
    let saved = build_into(&mut tablebase, stones, out, &mut |stats| {
        let count = |n: u64| i18n::Arg::Number(n as f64);
        eprintln!(
            "{}",
            messages.msg_with(
                "terminal-tablebase-build-table",
                &[
                    ("material", stats.material.to_string().as_str().into()),
                    ("indices", count(stats.indices)),
                    ("positions", count(stats.positions)),
                    ("wins", count(stats.wins)),
                    ("losses", count(stats.losses)),
                    ("draws", count(stats.draws)),
                    ("longest", count(stats.longest as u64)),
                    ("seconds", seconds(started).as_str().into()),
                ],
            )
        );
        started = Instant::now();
    });
    saved.map_err(|error| {
        UsageError(messages.msg_with(
            "terminal-file-cannot-write",
            &[
                ("file", shown(&error.path).as_str().into()),
                ("error", error.source.to_string().as_str().into()),
            ],
        ))
    })
}

/// A table file that could not be written.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {source}", path.display())]
pub struct SaveError {
    pub path: PathBuf,
    pub source: std::io::Error,
}

/// Builds every table of at most `stones` stones that `tablebase` lacks,
/// smallest first, writing each into `dir` (which must exist) as it is
/// done and then telling `on_table`. A table that cannot be written stops
/// the build once the others of its stone count are done (the larger ones
/// would take longer and fail alike); the first failure is the answer.
pub fn build_into(
    tablebase: &mut Tablebase,
    stones: u32,
    dir: &Path,
    on_table: &mut dyn FnMut(&BuildStats),
) -> Result<(), SaveError> {
    let mut failed = None;
    for stones in 0..=stones {
        tablebase.build(stones, &mut |table, stats| {
            if let Err(error) = save(dir, table) {
                failed.get_or_insert(error);
            }
            on_table(stats);
        });
        if let Some(error) = failed {
            return Err(error);
        }
    }
    Ok(())
}

/// Writes `table` into `dir` under its material's name, whole or not at
/// all: into `NAME.gtb.tmp` first, synced, then renamed, so that a build
/// stopped midway (killed, a crash, the power) leaves no part of a table
/// that a later start would take for one (`load` reads only `*.gtb`).
fn save(dir: &Path, table: &Table) -> Result<(), SaveError> {
    let path = dir.join(table.material().file_name());
    let partial = path.with_extension("gtb.tmp");
    let failed = |path: &Path| {
        let path = path.to_path_buf();
        move |source| SaveError { path, source }
    };
    let mut file = std::fs::File::create(&partial).map_err(failed(&partial))?;
    file.write_all(&table.to_bytes())
        .and_then(|()| file.sync_all())
        .map_err(failed(&partial))?;
    std::fs::rename(&partial, &path).map_err(failed(&path))
}

fn read_table(path: &Path) -> Result<Table, UsageError> {
    let bytes = std::fs::read(path)
        .map_err(|error| UsageError(format!("cannot read {}: {error}", path.display())))?;
    Table::from_bytes(bytes).map_err(|error| UsageError(format!("{}: {error}", path.display())))
}

/// Every table (`*.gtb`) in `dir`, which holds at least one.
pub fn load(dir: &Path) -> Result<Arc<Tablebase>, UsageError> {
    let tablebase = read_all(dir)?;
    if tablebase.is_empty() {
        return Err(UsageError(format!(
            "{} holds no tables (*.gtb): make them with towers gt tablebase build",
            dir.display()
        )));
    }
    Ok(Arc::new(tablebase))
}

/// Every table (`*.gtb`) in `dir`, none if it holds none.
pub fn read_all(dir: &Path) -> Result<Tablebase, UsageError> {
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
    Ok(tablebase)
}

/// "Red wins in 3 (tablebase)": a score of the tables in words, for the
/// side to move of `position`.
pub fn describe(messages: &Messages, score: Score, position: &Position) -> String {
    let mover = position.side_to_move();
    let wins = |winner: Color, moves: u32| {
        messages.msg_with(
            "terminal-tablebase-win",
            &[("colour", winner.name().into()), ("moves", moves.into())],
        )
    };
    match score {
        Score::Win(moves) => wins(mover, moves),
        Score::Loss(moves) => wins(!mover, moves),
        Score::Centistones(_) => messages.msg("terminal-tablebase-draw"),
    }
}
