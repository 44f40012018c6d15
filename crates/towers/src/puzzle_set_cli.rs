//! `towers gt puzzle-set`: makes the server's puzzle set from the set it
//! ships now and new puzzles (`towers gt puzzles` output). Each puzzle gets
//! its stable id and its first rating from how hard it is for search.
//!
//! - The shipped set's puzzles are verified again under today's rules (a
//!   win's first move unique at any length the deep search reaches, a save
//!   that holds and is no guard step); those that pass keep their ids.
//! - The new ones get ids above the highest ever used, in file order.
//! - A position whose mirror image, or itself, is in the set already is
//!   left out, and so is one fewer than [`MIN_PLIES_APART`] plies from
//!   another puzzle of the same game.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use guard_towers::{Move, Position};
use guard_towers_engine::puzzle::{Goal, Puzzle, Settings, Verifier};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::studies_cli::mirror_key;
use crate::UsageError;

/// Two puzzles of one game are at least this many plies apart.
pub const MIN_PLIES_APART: usize = 6;
/// The deepest search tried when measuring a puzzle's difficulty.
const MAX_DIFFICULTY_DEPTH: u32 = 24;

#[derive(Args)]
pub struct PuzzleSetArgs {
    /// The set shipped now: its puzzles keep their ids (a line's `id`, or
    /// its line number in a set written before ids).
    #[arg(long)]
    keep: Option<PathBuf>,
    /// New puzzles, `towers gt puzzles` output; more than one may be given.
    #[arg(long)]
    add: Vec<PathBuf>,
    /// Where the set goes (written whole).
    #[arg(long)]
    out: PathBuf,
    /// Node budget of a verifying search of the kept puzzles.
    #[arg(long, default_value_t = Settings::default().nodes)]
    verify_nodes: u64,
    /// Node budget of the deep searches (no depth limit) of the kept ones.
    #[arg(long, default_value_t = Settings::default().deep_nodes)]
    deep_nodes: u64,
    /// Longest win kept when verifying again, in the solver's moves.
    #[arg(long, default_value_t = 6)]
    max_moves: u32,
}

/// A line as read: the puzzle's parts, its themes worked out again.
#[derive(Deserialize)]
struct Read {
    id: Option<i64>,
    goal: Goal,
    position: Position,
    solution: Vec<Move>,
    source: Option<String>,
}

/// A line of the set.
#[derive(Serialize)]
struct SetLine<'a> {
    id: i64,
    #[serde(flatten)]
    puzzle: &'a Puzzle,
    source: &'a str,
    rating: u32,
    /// The smallest search depth that finds the whole solution.
    depth: u32,
}

struct Entry {
    id: Option<i64>,
    puzzle: Puzzle,
    source: String,
}

fn read(path: &PathBuf) -> Result<Vec<Entry>, UsageError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| UsageError(format!("cannot read {}: {e}", path.display())))?;
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            let at = |e: String| UsageError(format!("{} line {}: {e}", path.display(), index + 1));
            let read: Read = serde_json::from_str(line).map_err(|e| at(e.to_string()))?;
            let puzzle = Puzzle::of(read.goal, read.position, read.solution)
                .map_err(|e| at(e.to_string()))?;
            Ok(Entry {
                id: read.id,
                puzzle,
                source: read.source.unwrap_or_default(),
            })
        })
        .collect()
}

/// The game a source names and the ply in it (`self-play seed 3, ply 60`).
fn game_and_ply(source: &str) -> Option<(&str, usize)> {
    let (game, ply) = source.rsplit_once(", ply ")?;
    Some((game, ply.parse().ok()?))
}

/// Whether a kept puzzle still passes: verified again, the same first move.
fn passes_again(settings: Settings, puzzle: &Puzzle) -> bool {
    let mut verifier = Verifier::new(settings);
    let again = match puzzle.goal() {
        Goal::Win => verifier.verify(puzzle.position()),
        Goal::Save => verifier.verify_save(puzzle.position()),
    };
    again.is_ok_and(|again| again.solution()[0] == puzzle.solution()[0])
}

pub fn run(args: PuzzleSetArgs) -> Result<(), UsageError> {
    let started = Instant::now();
    let settings = Settings {
        min_moves: 1,
        max_moves: args.max_moves,
        nodes: args.verify_nodes,
        deep_nodes: args.deep_nodes,
        ..Settings::default()
    };
    let mut kept = match &args.keep {
        Some(path) => read(path)?,
        None => Vec::new(),
    };
    for (line, entry) in kept.iter_mut().enumerate() {
        entry.id.get_or_insert(line as i64 + 1);
    }
    let before = kept.len();
    let passed: Vec<bool> = kept
        .par_iter()
        .map(|entry| passes_again(settings, &entry.puzzle))
        .collect();
    // A puzzle left out keeps its position: the databases seeded with it
    // hold it under its id, so no new puzzle may take it.
    let mut retired = HashSet::new();
    let mut passed = passed.into_iter();
    kept.retain(|entry| {
        let pass = passed.next().expect("one answer each");
        if !pass {
            retired.insert(*entry.puzzle.position());
        }
        pass
    });
    eprintln!(
        "{} of {before} shipped puzzles pass again ({:.0} s)",
        kept.len(),
        started.elapsed().as_secs_f64()
    );
    let mut next_id = kept
        .iter()
        .filter_map(|entry| entry.id)
        .max()
        .unwrap_or(0)
        .max(before as i64)
        + 1;
    let mut entries = kept;
    for path in &args.add {
        let new = read(path)?;
        entries.extend(
            new.into_iter()
                .filter(|entry| !retired.contains(entry.puzzle.position())),
        );
    }
    let entries = without_near_duplicates(entries);
    let measured: Vec<_> = entries
        .par_iter()
        .map(|entry| Verifier::new(settings).difficulty(&entry.puzzle, MAX_DIFFICULTY_DEPTH))
        .collect();
    let mut set: BTreeMap<i64, (Entry, u32, u32)> = BTreeMap::new();
    for (mut entry, difficulty) in entries.into_iter().zip(measured) {
        let Some(difficulty) = difficulty else {
            eprintln!("no depth finds {}: left out", entry.puzzle.position());
            continue;
        };
        let id = *entry.id.get_or_insert_with(|| {
            next_id += 1;
            next_id - 1
        });
        let rating = difficulty.first_rating(entry.puzzle.wins_in());
        set.insert(id, (entry, rating, difficulty.depth));
    }
    let mut out = Vec::new();
    for (id, (entry, rating, depth)) in &set {
        let line = SetLine {
            id: *id,
            puzzle: &entry.puzzle,
            source: &entry.source,
            rating: *rating,
            depth: *depth,
        };
        let text = serde_json::to_string(&line).expect("a puzzle serialises");
        writeln!(out, "{text}").expect("writing to memory");
    }
    std::fs::write(&args.out, out)
        .map_err(|e| UsageError(format!("cannot write {}: {e}", args.out.display())))?;
    eprintln!(
        "{} puzzles written to {} in {:.0} s",
        set.len(),
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The entries in order, less those whose position or mirror image came
/// before, and those too near an earlier one of the same game.
fn without_near_duplicates(entries: Vec<Entry>) -> Vec<Entry> {
    let mut positions = HashSet::new();
    let mut plies: HashMap<String, Vec<usize>> = HashMap::new();
    entries
        .into_iter()
        .filter(|entry| {
            if !positions.insert(mirror_key(entry.puzzle.position())) {
                return false;
            }
            let Some((game, ply)) = game_and_ply(&entry.source) else {
                return true;
            };
            let taken = plies.entry(game.to_string()).or_default();
            if taken
                .iter()
                .any(|&other| other.abs_diff(ply) < MIN_PLIES_APART)
            {
                return false;
            }
            taken.push(ply);
            true
        })
        .collect()
}
