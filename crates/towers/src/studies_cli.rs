//! `towers gt puzzles --studies N --tablebase DIR`: endgame studies drawn
//! from the tablebases (`guard_towers_engine::study`), one JSON line each,
//! in the puzzle set's format.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use guard_towers::Position;
use guard_towers_engine::puzzle::ENDGAME_STONES;
use guard_towers_engine::study::{random_endgame, study, StudyRange};
use rand::rngs::StdRng;
use rand::SeedableRng;

use crate::puzzles_cli::Line;
use crate::UsageError;

/// Random positions drawn before giving up on finding the studies asked
/// for (each draw is a few table look-ups).
const MAX_DRAWS: u64 = 200_000_000;

/// A position and its mirror image as one key.
pub fn mirror_key(position: &Position) -> String {
    let (text, mirrored) = (position.to_string(), position.mirrored().to_string());
    text.min(mirrored)
}

/// Writes `count` studies of `range` to `out`, appended, drawn from
/// `seed`: no position, nor its mirror image, that another study holds
/// anywhere on its line.
pub fn run(
    tables: &Path,
    count: usize,
    range: StudyRange,
    seed: u64,
    out: &PathBuf,
) -> Result<(), UsageError> {
    let tablebase = crate::tablebase_cli::load(tables)?;
    if tablebase.stones() < ENDGAME_STONES {
        eprintln!(
            "the tables hold {} stones: studies of up to {ENDGAME_STONES} need all of them",
            tablebase.stones()
        );
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(out)
        .map_err(|e| UsageError(format!("cannot write {}: {e}", out.display())))?;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut taken: HashSet<String> = HashSet::new();
    let started = Instant::now();
    let (mut written, mut draws) = (0, 0u64);
    while written < count && draws < MAX_DRAWS {
        draws += 1;
        let Some(position) = random_endgame(&mut rng, tablebase.stones()) else {
            continue;
        };
        if taken.contains(&mirror_key(&position)) {
            continue;
        }
        let Ok(puzzle) = study(&tablebase, &position, range) else {
            continue;
        };
        // A study's tail is a shorter study: no two lines may meet.
        let mut line = vec![mirror_key(&position)];
        let mut here = position;
        for &mv in puzzle.solution() {
            here = here.play(mv);
            line.push(mirror_key(&here));
        }
        if line.iter().any(|key| taken.contains(key)) {
            continue;
        }
        taken.extend(line);
        let line = Line {
            puzzle: &puzzle,
            source: format!("tablebase study, seed {seed}, draw {draws}"),
        };
        let text = serde_json::to_string(&line).expect("a puzzle serialises");
        writeln!(file, "{text}")
            .map_err(|e| UsageError(format!("cannot write {}: {e}", out.display())))?;
        written += 1;
    }
    eprintln!(
        "{written} studies from {draws} positions drawn in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
