//! Moves and their notation `A7-B7-1` (from, to, stones moved).
//!
//! A piece moves exactly as many squares as it has stones, so the stone count
//! is the distance: a `Move` is a straight orthogonal step of 1–6 squares and
//! the count in the notation is checked against it. A missing count (`D7-D6`,
//! which some course tools print for guard moves) is read as the distance.

use std::fmt;
use std::ops::Deref;
use std::str::FromStr;

use crate::square::{Square, SquareError};

/// A move: from one square to another in a straight orthogonal line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    from: Square,
    to: Square,
    /// The distance, kept because play needs it and deriving it divides by 7.
    stones: u8,
}

impl Move {
    /// A move between two squares in one rank or one file.
    pub fn new(from: Square, to: Square) -> Result<Move, MoveError> {
        if from == to || (from.file() != to.file() && from.rank() != to.rank()) {
            return Err(MoveError::NotStraight { from, to });
        }
        let stones = from.file().abs_diff(to.file()) + from.rank().abs_diff(to.rank());
        Ok(Move { from, to, stones })
    }

    /// For movegen, whose moves are straight and `stones` long by construction.
    #[inline(always)]
    pub(crate) const fn new_unchecked(from: Square, to: Square, stones: u32) -> Move {
        Move {
            from,
            to,
            stones: stones as u8,
        }
    }

    #[inline(always)]
    pub const fn from(self) -> Square {
        self.from
    }

    #[inline(always)]
    pub const fn to(self) -> Square {
        self.to
    }

    /// Stones moved = squares travelled (1 for a guard).
    #[inline(always)]
    pub const fn stones(self) -> u32 {
        self.stones as u32
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", self.from, self.to, self.stones())
    }
}

/// Why a move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not of the form `FROM-TO-COUNT` or `FROM-TO`.
    Format {
        text: String,
    },
    Square(SquareError),
    /// The count is not a number 1–7.
    Count {
        text: String,
    },
    NotStraight {
        from: Square,
        to: Square,
    },
    /// The count differs from the distance travelled.
    CountMismatch {
        text: String,
        count: u32,
        distance: u32,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Format { text } => write!(
                f,
                "'{text}' is not a move: expected FROM-TO-STONES like A7-B7-1"
            ),
            MoveError::Square(error) => write!(f, "bad move: {error}"),
            MoveError::Count { text } => write!(
                f,
                "bad move: the stone count '{text}' must be a digit 1-7"
            ),
            MoveError::NotStraight { from, to } => write!(
                f,
                "bad move: {from} to {to} is not a straight orthogonal step (no diagonals, no null moves)"
            ),
            MoveError::CountMismatch { text, count, distance } => write!(
                f,
                "bad move: '{text}' moves {count} stone(s) but travels {distance} square(s); a piece moves exactly as far as it is high"
            ),
        }
    }
}

impl std::error::Error for MoveError {}

impl From<SquareError> for MoveError {
    fn from(error: SquareError) -> MoveError {
        MoveError::Square(error)
    }
}

impl FromStr for Move {
    type Err = MoveError;

    fn from_str(text: &str) -> Result<Move, MoveError> {
        let text = text.trim();
        let parts: Vec<&str> = text.split('-').collect();
        let (from, to, count) = match parts.as_slice() {
            [from, to] => (from, to, None),
            [from, to, count] => (from, to, Some(count)),
            _ => {
                return Err(MoveError::Format {
                    text: text.to_string(),
                })
            }
        };
        let mv = Move::new(from.parse()?, to.parse()?)?;
        if let Some(count) = count {
            let stones = match count.parse::<u32>() {
                Ok(stones @ 1..=7) if count.len() == 1 => stones,
                _ => {
                    return Err(MoveError::Count {
                        text: count.to_string(),
                    })
                }
            };
            if stones != mv.stones() {
                return Err(MoveError::CountMismatch {
                    text: text.to_string(),
                    count: stones,
                    distance: mv.stones(),
                });
            }
        }
        Ok(mv)
    }
}

/// Upper bound on legal moves: 4 for the guard, and at most 4·h for a tower of
/// h stones with at most 7 stones in all.
pub const MAX_MOVES: usize = 32;

/// The legal moves of a position, without heap allocation.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    pub(crate) const fn new() -> MoveList {
        let placeholder =
            Move::new_unchecked(Square::new_unchecked(0), Square::new_unchecked(0), 0);
        MoveList {
            moves: [placeholder; MAX_MOVES],
            len: 0,
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline(always)]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}
