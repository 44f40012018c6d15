//! Perft: the number of move sequences of a given length, the standard
//! correctness check and speed measure of a move generator. The last ply is
//! bulk-counted (moves are counted, not played), and the last two plies
//! eight children at a time where the processor allows ([`children`]).

mod children;

use crate::moves::Move;
use crate::position::Position;

/// Number of legal move sequences of length `depth` from `position`.
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => u64::from(position.count_moves()),
        2 => children::count_grandchildren(position),
        _ => position
            .legal_moves()
            .iter()
            .map(|&mv| perft(&position.play_unhashed(mv), depth - 1))
            .sum(),
    }
}

/// Perft split by root move: each legal move with the count below it.
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    position
        .legal_moves()
        .iter()
        .map(|&mv| (mv, perft(&position.play(mv), depth - 1)))
        .collect()
}
