//! `towers gt selfplay` and `towers gt tune`: the evaluation tuning
//! procedure of `docs/tuning.md`.

use std::path::Path;

use arena::openings::{parse_openings, DEFAULT_SET};
use guard_towers_engine::tune::{error, fit_scale, parse_samples, self_play, tune as texel};
use guard_towers_engine::{Weights, TUNED};

use crate::gt::write_lines;
use crate::UsageError;

/// Longest self-play game kept; longer ones count as undecided.
const MAX_PLIES: usize = 300;

pub fn selfplay(games: usize, nodes: u64, threads: usize) -> Result<(), UsageError> {
    let openings = parse_openings(DEFAULT_SET).map_err(UsageError)?;
    let threads = threads.clamp(1, openings.len());
    let per_thread = openings.len().div_ceil(threads);
    let samples: Vec<_> = std::thread::scope(|scope| {
        let workers: Vec<_> = openings
            .chunks(per_thread)
            .enumerate()
            .map(|(index, share)| {
                let count = games / threads + usize::from(index < games % threads);
                scope.spawn(move || self_play(share, count, nodes, MAX_PLIES))
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("no panic"))
            .collect()
    });
    eprintln!("{} quiet positions from {games} games", samples.len());
    write_lines(
        samples
            .iter()
            .map(|s| format!("{} | {}", s.position, s.red_score)),
    )
}

pub fn tune(path: &Path) -> Result<(), UsageError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| UsageError(format!("cannot read {}: {e}", path.display())))?;
    let samples =
        parse_samples(&text).map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
    if samples.is_empty() {
        return Err(UsageError(format!("{} holds no samples", path.display())));
    }
    let scale = fit_scale(&samples, &TUNED);
    let before = error(&samples, &TUNED, scale);
    eprintln!(
        "{} samples, K = {scale:.3}, error {before:.6}",
        samples.len()
    );
    let tuned = texel(&samples, &TUNED, scale, |pass, error| {
        eprintln!("pass {pass}: error {error:.6}")
    });
    eprintln!("error {before:.6} -> {:.6}", error(&samples, &tuned, scale));
    println!("{}", as_source(&tuned));
    Ok(())
}

/// The weights as the `TUNED` constant of eval.rs.
fn as_source(w: &Weights) -> String {
    format!(
        "pub const TUNED: Weights = Weights {{\n    stone: {},\n    tower_height: {:?},\n    stone_advance: {:?},\n    guard_distance: {:?},\n    mobility: {},\n    guard_zone: {},\n    guard_escort: {},\n    tempo: {},\n}};",
        w.stone, w.tower_height, w.stone_advance, w.guard_distance, w.mobility, w.guard_zone, w.guard_escort, w.tempo
    )
}
