//! Squares of the 7x7 board and the four move directions.

use std::fmt;
use std::str::FromStr;

/// Files A–G and ranks 1–7; A1 is bottom-left.
pub const SIDE: u8 = 7;
/// Number of squares.
pub const SQUARES: usize = 49;

/// A square; index = (rank − 1) · 7 + file, so A1 = 0, G1 = 6, A7 = 42, G7 = 48.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at a 0-based file and rank, if both are on the board.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < SIDE && rank < SIDE {
            Some(Square(rank * SIDE + file))
        } else {
            None
        }
    }

    /// The square with this index, if it is below 49.
    pub const fn from_index(index: u8) -> Option<Square> {
        if (index as usize) < SQUARES {
            Some(Square(index))
        } else {
            None
        }
    }

    /// Internal constructor for indices already known to be on the board.
    #[inline(always)]
    pub(crate) const fn new_unchecked(index: u8) -> Square {
        debug_assert!((index as usize) < SQUARES);
        Square(index)
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file: A = 0.
    pub const fn file(self) -> u8 {
        self.0 % SIDE
    }

    /// 0-based rank: rank 1 = 0.
    pub const fn rank(self) -> u8 {
        self.0 / SIDE
    }

    /// This square as a one-bit bitboard.
    #[inline(always)]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// All 49 squares, A1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.file()) as char, self.rank() + 1)
    }
}

/// Why a square name was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareError {
    pub text: String,
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a square: expected a file A-G and a rank 1-7, like D4",
            self.text
        )
    }
}

impl std::error::Error for SquareError {}

impl FromStr for Square {
    type Err = SquareError;

    /// Accepts `D4` and `d4`.
    fn from_str(text: &str) -> Result<Square, SquareError> {
        let error = || SquareError {
            text: text.to_string(),
        };
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return Err(error());
        }
        let file = bytes[0].to_ascii_uppercase().wrapping_sub(b'A');
        let rank = bytes[1].wrapping_sub(b'1');
        Square::from_coords(file, rank).ok_or_else(error)
    }
}

/// The four orthogonal directions; moves never go diagonally.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    North,
    South,
    East,
    West,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];

    /// Change of the square index for one step.
    pub const fn step(self) -> i8 {
        match self {
            Direction::North => SIDE as i8,
            Direction::South => -(SIDE as i8),
            Direction::East => 1,
            Direction::West => -1,
        }
    }
}
