//! `towers gt …`: Guard & Towers commands.

use std::io::{self, IsTerminal, Write};
use std::time::Instant;

use clap::{Args, Subcommand};
use guard_towers::{diagram, divide, perft, Position};

use crate::UsageError;

#[derive(Subcommand)]
pub enum Command {
    /// Print the legal moves, one per line, sorted.
    Moves(PositionArg),
    /// Count the move sequences of DEPTH plies (node count on stdout, speed on stderr).
    Perft {
        depth: u32,
        #[command(flatten)]
        position: PositionArg,
        /// One `MOVE COUNT` line per root move, then the total.
        #[arg(long)]
        divide: bool,
    },
    /// Draw the board.
    Show(PositionArg),
}

#[derive(Args)]
pub struct PositionArg {
    /// A position in course notation, e.g. "3RG3/7/7/7/7/7/3BG3 r" (quoted, or
    /// as two words); the start position when absent.
    #[arg(value_name = "POSITION", num_args = 0..=2)]
    words: Vec<String>,
}

impl PositionArg {
    fn parse(&self) -> Result<Position, UsageError> {
        if self.words.is_empty() {
            return Ok(Position::start());
        }
        let text = self.words.join(" ");
        text.parse()
            .map_err(|error| UsageError(format!("invalid position '{text}': {error}")))
    }
}

pub fn run(command: Command) -> Result<(), UsageError> {
    match command {
        Command::Moves(position) => print_moves(&position.parse()?),
        Command::Perft {
            depth,
            position,
            divide,
        } => run_perft(&position.parse()?, depth, divide),
        Command::Show(position) => {
            let ansi = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            print!("{}", diagram(&position.parse()?, ansi));
            Ok(())
        }
    }
}

fn print_moves(position: &Position) -> Result<(), UsageError> {
    let mut moves: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    moves.sort();
    write_lines(moves)
}

fn run_perft(position: &Position, depth: u32, split: bool) -> Result<(), UsageError> {
    let started = Instant::now();
    let (lines, nodes) = if split {
        let mut counts: Vec<(String, u64)> = divide(position, depth)
            .into_iter()
            .map(|(mv, count)| (mv.to_string(), count))
            .collect();
        counts.sort();
        let total = counts.iter().map(|(_, count)| count).sum();
        let lines = counts
            .into_iter()
            .map(|(mv, count)| format!("{mv} {count}"));
        (lines.collect(), total)
    } else {
        (Vec::new(), perft(position, depth))
    };
    let seconds = started.elapsed().as_secs_f64();
    write_lines(lines.into_iter().chain([nodes.to_string()]))?;
    eprintln!(
        "perft {depth}: {nodes} nodes in {seconds:.3} s ({:.1} M nodes/s)",
        nodes as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}

/// Writes lines to stdout; a closed pipe (`| head`) ends output quietly.
fn write_lines(lines: impl IntoIterator<Item = String>) -> Result<(), UsageError> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    for line in lines {
        if writeln!(out, "{line}").is_err() {
            return Ok(());
        }
    }
    let _ = out.flush();
    Ok(())
}
