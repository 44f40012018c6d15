//! The network's input features: which piece stands where, as one side sees it.

use guard_towers::{Color, Piece, Position, Square, Squares};

/// Kinds of piece a side sees: own towers 1–7, own guard, enemy towers 1–7,
/// enemy guard.
const KINDS: usize = 16;
/// Number of input features.
pub const FEATURES: usize = KINDS * 49;
/// Most features on at once: 7 stones and a guard per side.
pub const MAX_ACTIVE: usize = 16;

/// The features on in a position, from one side's view.
#[derive(Clone, Copy, Debug)]
pub struct Features {
    indices: [u16; MAX_ACTIVE],
    len: usize,
}

impl Features {
    pub fn as_slice(&self) -> &[u16] {
        &self.indices[..self.len]
    }

    /// The same features with each index replaced by `f(index)`.
    pub fn map(&mut self, f: impl Fn(u16) -> u16) {
        for index in &mut self.indices[..self.len] {
            *index = f(*index);
        }
    }

    fn push(&mut self, index: usize) {
        self.indices[self.len] = index as u16;
        self.len += 1;
    }
}

/// The square as `side` sees it: Red's castle is on rank 7, so Red's view
/// turns the board over (ranks reversed) and both sides see their own
/// castle on rank 1 and play "up" the board. Files stay.
fn oriented(side: Color, square: Square) -> usize {
    match side {
        Color::Blue => square.index(),
        Color::Red => (6 - square.rank() as usize) * 7 + square.file() as usize,
    }
}

/// A feature index with its square mirrored left to right (files A↔G):
/// the rules are symmetric so, which doubles the trainer's positions.
pub fn mirror_file(index: u16) -> u16 {
    let (kind, square) = (index / 49, index % 49);
    kind * 49 + (square / 7) * 7 + (6 - square % 7)
}

/// The features on in `position` from `side`'s view.
///
/// ```
/// use guard_towers::{Color, Position};
/// use guard_towers_engine::nnue::active_features;
///
/// let start = Position::start();
/// // Each side has a guard and seven one-stone towers.
/// assert_eq!(active_features(&start, Color::Red).as_slice().len(), 16);
/// // The start is symmetric: both sides see the same board.
/// let seen = |side| {
///     let mut features = active_features(&start, side).as_slice().to_vec();
///     features.sort();
///     features
/// };
/// assert_eq!(seen(Color::Red), seen(Color::Blue));
/// ```
pub fn active_features(position: &Position, side: Color) -> Features {
    let mut features = Features {
        indices: [0; MAX_ACTIVE],
        len: 0,
    };
    for color in [side, !side] {
        for square in Squares(position.towers(color)) {
            let tower = Piece::Tower(color, position.height(square) as u8);
            features.push(feature(side, tower, square));
        }
        if let Some(guard) = position.guard(color) {
            features.push(feature(side, Piece::Guard(color), guard));
        }
    }
    features
}

/// The feature of `piece` on `square` as `side` sees it.
#[inline]
pub fn feature(side: Color, piece: Piece, square: Square) -> usize {
    let kind = match piece {
        Piece::Tower(color, height) => usize::from(color != side) * 8 + usize::from(height) - 1,
        Piece::Guard(color) => usize::from(color != side) * 8 + 7,
    };
    kind * 49 + oriented(side, square)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position with ranks reversed, colours swapped and the other side
    /// to move: the same game seen from the other chair.
    fn turned_over(position: &Position) -> Position {
        let pieces = position.pieces();
        let mut turned = [None; 49];
        for (index, piece) in pieces.iter().enumerate() {
            let (rank, file) = (index / 7, index % 7);
            turned[(6 - rank) * 7 + file] = piece.map(|piece| match piece {
                Piece::Guard(color) => Piece::Guard(!color),
                Piece::Tower(color, height) => Piece::Tower(!color, height),
            });
        }
        Position::from_pieces(&turned, !position.side_to_move()).unwrap()
    }

    #[test]
    fn the_board_turned_over_with_colours_swapped_looks_the_same() {
        let position: Position = "3RG3/r11r21r12/7/3b33/7/b1b15/3BG3 r".parse().unwrap();
        let turned = turned_over(&position);
        for side in Color::ALL {
            let mut seen = active_features(&position, side).as_slice().to_vec();
            let mut other = active_features(&turned, !side).as_slice().to_vec();
            seen.sort();
            other.sort();
            assert_eq!(seen, other);
        }
    }

    #[test]
    fn mirroring_twice_is_the_identity() {
        for index in 0..FEATURES as u16 {
            assert_eq!(mirror_file(mirror_file(index)), index);
            assert_eq!(mirror_file(index) / 49, index / 49);
        }
    }
}
