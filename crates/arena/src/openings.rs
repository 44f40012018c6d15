//! Opening sets: start positions for balanced matches. The repository's set
//! (`data/gt-openings.txt`) is made by [`generate`] and kept under version
//! control so that matches are comparable over time.

use std::collections::HashSet;

use guard_towers::{Game, Position, Rules};
use guard_towers_engine::{Engine, Limits, Score};

/// The repository's opening set.
pub const DEFAULT_SET: &str = include_str!("../data/gt-openings.txt");

/// Reads an opening file: one position per line; `#` starts a comment.
pub fn parse_openings(text: &str) -> Result<Vec<Position>, String> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let position = line
            .parse()
            .map_err(|e| format!("line {}: {e}", index + 1))?;
        openings.push(position);
    }
    if openings.is_empty() {
        return Err("the opening file holds no position".into());
    }
    Ok(openings)
}

/// Distinct positions exactly `plies` plies after the start, in move order.
fn positions_after(plies: usize) -> Vec<Position> {
    let mut layer = vec![Position::start()];
    for _ in 0..plies {
        let mut seen = HashSet::new();
        layer = layer
            .iter()
            .flat_map(|p| {
                p.legal_moves()
                    .iter()
                    .map(|&m| p.play(m))
                    .collect::<Vec<_>>()
            })
            .filter(|p| p.winner().is_none() && seen.insert(p.hash()))
            .collect();
    }
    layer
}

/// Positions after each of `plies` from the start, at most `per_ply` of each
/// (evenly spaced), kept when a `depth`-ply search scores them within
/// ±`margin` centi-stones.
pub fn generate(plies: &[usize], per_ply: usize, depth: u32, margin: i32) -> Vec<Position> {
    let mut engine = Engine::new();
    let mut openings = Vec::new();
    for &ply in plies {
        let candidates = positions_after(ply);
        let stride = candidates.len().div_ceil(per_ply.max(1)).max(1);
        for position in candidates.into_iter().step_by(stride) {
            let game = Game::new(position, Rules::STANDARD);
            let result = engine.search(&game, &Limits::depth(depth));
            if let Some(Score::Centistones(cp)) = result.map(|r| r.score) {
                if cp.abs() <= margin {
                    openings.push(position);
                }
            }
        }
    }
    openings
}
