//! Search scores: centi-stones, or a win/loss at a distance in plies.

use std::fmt;

/// A score bound larger than any real score.
pub const INFINITY: i32 = 32_000;
/// The score of winning at the root; a win in n plies scores `MATE - n`.
pub const MATE: i32 = 31_000;
/// Scores beyond this are wins or losses at a known distance.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// A score as reported to users: centi-stones from the side to move's view
/// (100 = one tower stone), or a forced win or loss in n of its own moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Centistones(i32),
    /// Wins with its n-th move from now (n = 1: the next move wins).
    Win(u32),
    /// Loses after n moves of its own from now (n = 0: already lost).
    Loss(u32),
}

impl Score {
    pub fn from_internal(score: i32) -> Score {
        if score > MATE_BOUND {
            Score::Win(((MATE - score + 1) / 2) as u32)
        } else if score < -MATE_BOUND {
            Score::Loss(((MATE + score) / 2) as u32)
        } else {
            Score::Centistones(score)
        }
    }
}

impl fmt::Display for Score {
    /// The protocol form: `cp N`, `win N` or `loss N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Centistones(cp) => write!(f, "cp {cp}"),
            Score::Win(moves) => write!(f, "win {moves}"),
            Score::Loss(moves) => write!(f, "loss {moves}"),
        }
    }
}

/// Converts a score to be stored in the transposition table: wins and losses
/// relative to the node instead of the root.
pub fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

pub fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_distances_count_own_moves() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Win(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Win(2));
        assert_eq!(Score::from_internal(-MATE), Score::Loss(0));
        assert_eq!(Score::from_internal(-(MATE - 2)), Score::Loss(1));
        assert_eq!(Score::from_internal(35), Score::Centistones(35));
    }

    #[test]
    fn table_conversion_round_trips() {
        for score in [MATE - 5, -(MATE - 7), 120, -40] {
            assert_eq!(from_table(to_table(score, 9), 9), score);
        }
    }
}
