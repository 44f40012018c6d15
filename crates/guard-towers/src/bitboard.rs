//! Bitboard helpers: a `u64` holds one bit per square (bit i = square index i).

use crate::square::{Direction, Square, SIDE, SQUARES};

/// All 49 squares.
pub const BOARD: u64 = (1u64 << SQUARES) - 1;

/// Squares of file A.
const FILE_A: u64 = {
    let mut bits = 0u64;
    let mut rank = 0;
    while rank < SIDE {
        bits |= 1u64 << (rank * SIDE);
        rank += 1;
    }
    bits
};

/// Squares whose file is at least `from_file`.
const fn files_from(from_file: u8) -> u64 {
    let mut bits = 0u64;
    let mut file = from_file;
    while file < SIDE {
        bits |= FILE_A << file;
        file += 1;
    }
    bits
}

/// For each direction and distance k (index k, 0..=6): the squares from which
/// k steps in that direction stay on the board.
const ORIGINS: [[u64; 7]; 4] = {
    let mut table = [[0u64; 7]; 4];
    let mut k = 0u8;
    while k < 7 {
        let ranks = (SIDE - k) * SIDE; // squares in the first 7 − k ranks
        table[0][k as usize] = (1u64 << ranks) - 1;
        table[1][k as usize] = BOARD & !((1u64 << (k * SIDE)) - 1);
        table[2][k as usize] = BOARD & !files_from(SIDE - k);
        table[3][k as usize] = files_from(k);
        k += 1;
    }
    table
};

/// Squares from which `k` steps towards `dir` stay on the board.
#[inline(always)]
pub const fn origins(dir: Direction, k: u32) -> u64 {
    ORIGINS[dir as usize][k as usize]
}

/// Moves every bit `k` steps towards `dir`. Bits must come from `origins(dir, k)`
/// for the result to be exact; others wrap or fall off.
#[inline(always)]
pub const fn shift(bits: u64, dir: Direction, k: u32) -> u64 {
    match dir {
        Direction::North => bits << (SIDE as u32 * k),
        Direction::South => bits >> (SIDE as u32 * k),
        Direction::East => bits << k,
        Direction::West => bits >> k,
    }
}

/// The inverse of [`shift`]: bit s is set when square s + k·dir was set.
#[inline(always)]
pub const fn shift_back(bits: u64, dir: Direction, k: u32) -> u64 {
    match dir {
        Direction::North => bits >> (SIDE as u32 * k),
        Direction::South => bits << (SIDE as u32 * k),
        Direction::East => bits >> k,
        Direction::West => bits << k,
    }
}

/// The orthogonal neighbours of every set square.
#[inline(always)]
pub const fn neighbours(bits: u64) -> u64 {
    let mut result = 0;
    let mut d = 0;
    while d < 4 {
        let dir = Direction::ALL[d];
        result |= shift(bits & origins(dir, 1), dir, 1);
        d += 1;
    }
    result
}

/// Iterates over the squares of a bitboard, lowest index first.
#[derive(Clone, Copy)]
pub struct Squares(pub u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square::new_unchecked(index))
    }
}
