//! The position: who stands where, and who is to move.
//!
//! Representation (chosen for movegen speed): a bitboard of tower squares and
//! one of the guard per colour, and heights as three bit planes: plane `j`
//! holds the squares whose tower height has binary digit `j` set. Movegen
//! needs "towers of height ≥ k" and "enemy towers of height ≤ k", one or two
//! operations on the planes; a move rewrites two squares' heights in three
//! words. (A "thermometer" of six planes, one per height, made the test
//! cheaper by an operation but a move dearer by three words, and perft
//! ran faster on the three planes.) The whole position is 72 bytes and is
//! copied on every move (copy-make), which measured faster than make/unmake
//! here because undo would have to restore captured towers and heights.

use crate::bitboard::{Squares, BOARD};
use crate::color::Color;
use crate::moves::Move;
use crate::notation::PositionError;
use crate::square::{Square, SIDE, SQUARES};
use crate::zobrist;

/// Most stones a colour owns, and so the tallest possible tower.
pub const MAX_STONES: u32 = 7;

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    Guard(Color),
    /// A tower of 1–7 stones.
    Tower(Color, u8),
}

impl Piece {
    pub const fn color(self) -> Color {
        match self {
            Piece::Guard(color) | Piece::Tower(color, _) => color,
        }
    }
}

/// Why a position is over on the board itself (draw rules live in [`crate::Game`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    GuardCaptured,
    CastleReached,
    /// The loser was to move and had no legal move (a project convention).
    NoLegalMove,
}

/// A Guard & Towers position. Every value is valid: at most one guard and at
/// most 7 stones per colour, heights 1–7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    towers: [u64; 2],
    guards: [u64; 2],
    /// Binary digits of every tower's height (bit planes 1, 2 and 4).
    height_bits: [u64; 3],
    side: Color,
    hash: u64,
}

/// The castle of each colour: the centre of its own back rank.
#[inline(always)]
pub const fn castle(color: Color) -> Square {
    match color {
        Color::Red => Square::new_unchecked(45), // D7
        Color::Blue => Square::new_unchecked(3), // D1
    }
}

impl Position {
    /// The standard start position, Red to move.
    pub fn start() -> Position {
        crate::notation::START
            .parse()
            .expect("the start position is well-formed")
    }

    /// Builds a position from the contents of the 49 squares (index A1 = 0).
    pub fn from_pieces(
        pieces: &[Option<Piece>; SQUARES],
        side: Color,
    ) -> Result<Position, PositionError> {
        let mut position = Position {
            towers: [0; 2],
            guards: [0; 2],
            height_bits: [0; 3],
            side,
            hash: zobrist::side(side),
        };
        let mut stones = [0u32; 2];
        for (square, piece) in Square::all().zip(pieces) {
            match *piece {
                None => {}
                Some(Piece::Guard(color)) => {
                    if let Some(first) = position.guard(color) {
                        return Err(PositionError::TwoGuards {
                            color,
                            squares: [first, square],
                        });
                    }
                    position.guards[color.index()] = square.bit();
                    position.hash ^= zobrist::guard(color, square);
                }
                Some(Piece::Tower(color, height)) => {
                    let height = u32::from(height);
                    if !(1..=MAX_STONES).contains(&height) {
                        return Err(PositionError::BadHeight { square, height });
                    }
                    stones[color.index()] += height;
                    position.towers[color.index()] |= square.bit();
                    position.set_height(square, 0, height);
                    position.hash ^= zobrist::tower(color, height, square);
                }
            }
        }
        for color in Color::ALL {
            let count = stones[color.index()];
            if count > MAX_STONES {
                return Err(PositionError::TooManyStones {
                    color,
                    stones: count,
                });
            }
        }
        Ok(position)
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Zobrist hash of pieces and side to move, kept up to date incrementally.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (for checking the incremental one).
    pub fn fresh_hash(&self) -> u64 {
        let pieces = self.pieces();
        Square::all()
            .zip(pieces)
            .fold(zobrist::side(self.side), |hash, (square, piece)| {
                hash ^ match piece {
                    None => 0,
                    Some(Piece::Guard(color)) => zobrist::guard(color, square),
                    Some(Piece::Tower(color, height)) => {
                        zobrist::tower(color, u32::from(height), square)
                    }
                }
            })
    }

    #[inline(always)]
    pub fn towers(&self, color: Color) -> u64 {
        self.towers[color.index()]
    }

    #[inline(always)]
    pub fn guard_bits(&self, color: Color) -> u64 {
        self.guards[color.index()]
    }

    /// The square of a colour's guard, if it is still on the board.
    pub fn guard(&self, color: Color) -> Option<Square> {
        Squares(self.guards[color.index()]).next()
    }

    /// Squares holding a tower of at least `height` stones (either colour).
    #[inline(always)]
    pub fn towers_at_least(&self, height: u32) -> u64 {
        let [ones, twos, fours] = self.height_bits;
        match height {
            0 | 1 => self.towers[0] | self.towers[1],
            2 => twos | fours,
            3 => (twos & ones) | fours,
            4 => fours,
            5 => fours & (twos | ones),
            6 => fours & twos,
            7 => fours & twos & ones,
            _ => 0,
        }
    }

    /// The height digits 1, 2 and 4 of every tower, as bit planes.
    #[inline(always)]
    pub(crate) fn height_planes(&self) -> [u64; 3] {
        self.height_bits
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.towers[0] | self.towers[1] | self.guards[0] | self.guards[1]
    }

    #[inline(always)]
    pub fn empty(&self) -> u64 {
        !self.occupied() & BOARD
    }

    /// Height of the tower on `square`, 0 if there is none.
    #[inline(always)]
    pub fn height(&self, square: Square) -> u32 {
        let index = square.index();
        let [ones, twos, fours] = self.height_bits.map(|plane| ((plane >> index) & 1) as u32);
        ones | twos << 1 | fours << 2
    }

    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let bit = square.bit();
        Color::ALL.into_iter().find_map(|color| {
            if self.guards[color.index()] & bit != 0 {
                Some(Piece::Guard(color))
            } else if self.towers[color.index()] & bit != 0 {
                Some(Piece::Tower(color, self.height(square) as u8))
            } else {
                None
            }
        })
    }

    /// The contents of all 49 squares, A1 first.
    pub fn pieces(&self) -> [Option<Piece>; SQUARES] {
        let mut pieces = [None; SQUARES];
        for (square, slot) in Square::all().zip(pieces.iter_mut()) {
            *slot = self.piece_at(square);
        }
        pieces
    }

    /// The same position seen in a mirror between files A and G: the
    /// castles stand on file D, so the game is the same, move for move
    /// mirrored. Puzzles count a position and its mirror image once.
    ///
    /// ```
    /// use guard_towers::Position;
    ///
    /// let position: Position = "r16/7/7/3RG3/7/7/3BG3 b".parse().unwrap();
    /// assert_eq!(position.mirrored().to_string(), "6r1/7/7/3RG3/7/7/3BG3 b");
    /// assert_eq!(position.mirrored().mirrored(), position);
    /// ```
    pub fn mirrored(&self) -> Position {
        let pieces = self.pieces();
        let mut mirrored = [None; SQUARES];
        for square in Square::all() {
            let image = Square::from_coords(SIDE - 1 - square.file(), square.rank())
                .expect("a mirrored square is on the board");
            mirrored[image.index()] = pieces[square.index()];
        }
        Position::from_pieces(&mirrored, self.side).expect("a mirror image has the same pieces")
    }

    /// Stones a colour still has on the board (its guard not counted).
    pub fn stones(&self, color: Color) -> u32 {
        Squares(self.towers[color.index()])
            .map(|square| self.height(square))
            .sum()
    }

    /// The winner when the board itself ends the game: a guard captured (gone)
    /// or standing on the enemy castle. `None` while the game goes on there.
    pub fn winner(&self) -> Option<(Color, WinReason)> {
        let mover = !self.side;
        for color in [mover, self.side] {
            if self.guards[(!color).index()] == 0 {
                return Some((color, WinReason::GuardCaptured));
            }
            if self.guards[color.index()] & castle(!color).bit() != 0 {
                return Some((color, WinReason::CastleReached));
            }
        }
        None
    }

    /// True when a guard is gone or on the enemy castle: no moves follow.
    #[inline(always)]
    pub fn is_decided(&self) -> bool {
        self.guards[0] == 0
            || self.guards[1] == 0
            || (self.guards[0] & castle(Color::Blue).bit()) != 0
            || (self.guards[1] & castle(Color::Red).bit()) != 0
    }

    /// The position after `mv`, which must be legal here (see
    /// [`Position::is_legal`]); an illegal move gives a meaningless position.
    #[inline(always)]
    pub fn play(&self, mv: Move) -> Position {
        self.apply::<true>(mv)
    }

    /// [`Position::play`] without keeping the hash: for perft, which never
    /// reads it (the Zobrist keys were a tenth of its work). The position it
    /// gives must not leave the crate, as its hash is stale.
    #[inline(always)]
    pub(crate) fn play_unhashed(&self, mv: Move) -> Position {
        self.apply::<false>(mv)
    }

    #[inline(always)]
    fn apply<const HASH: bool>(&self, mv: Move) -> Position {
        let mut next = *self;
        let (us, them) = (self.side, !self.side);
        let (from, to) = (mv.from(), mv.to());
        // Whatever stands on `to` is looked at once: a tower's height (of
        // either colour, 0 if none) and whether it is an enemy piece.
        let target_height = self.height(to);
        if self.guards[them.index()] & to.bit() != 0 {
            next.guards[them.index()] = 0;
            if HASH {
                next.hash ^= zobrist::guard(them, to);
            }
        }
        let enemy_tower = self.towers[them.index()] & to.bit() != 0;
        if enemy_tower {
            next.towers[them.index()] ^= to.bit();
            if HASH {
                next.hash ^= zobrist::tower(them, target_height, to);
            }
        }
        // Which height digits change on each of the two squares.
        let (from_digits, to_digits);
        if self.guards[us.index()] & from.bit() != 0 {
            next.guards[us.index()] ^= from.bit() | to.bit();
            if HASH {
                next.hash ^= zobrist::guard(us, from) ^ zobrist::guard(us, to);
            }
            from_digits = 0;
            to_digits = target_height;
        } else {
            let height = self.height(from);
            let moved = mv.stones();
            let left = height - moved;
            let below = if enemy_tower { 0 } else { target_height };
            if left == 0 {
                next.towers[us.index()] ^= from.bit();
            }
            next.towers[us.index()] |= to.bit();
            from_digits = height ^ left;
            to_digits = target_height ^ (below + moved);
            if HASH {
                next.hash ^= zobrist::tower(us, height, from)
                    ^ zobrist::tower(us, left, from)
                    ^ zobrist::tower(us, below, to)
                    ^ zobrist::tower(us, below + moved, to);
            }
        }
        next.flip_height_bits(from.bit(), from_digits, to.bit(), to_digits);
        next.side = them;
        if HASH {
            next.hash ^= zobrist::side(us) ^ zobrist::side(them);
        }
        next
    }

    /// The same position with the other side to move: a "null move" for
    /// search heuristics, never a legal move of the game.
    #[inline]
    pub fn pass(&self) -> Position {
        let mut next = *self;
        next.side = !self.side;
        next.hash ^= zobrist::side(Color::Red) ^ zobrist::side(Color::Blue);
        next
    }

    /// Sets the height of the tower on `square` from `old` to `new` stones.
    #[inline(always)]
    fn set_height(&mut self, square: Square, old: u32, new: u32) {
        self.flip_height_bits(square.bit(), old ^ new, 0, 0);
    }

    /// Flips the height digits `a_digits` on the square `a` and `b_digits`
    /// on `b`, in one pass over the planes. Branch-free: which digits change
    /// depends on the heights, and data dependent branches here mispredicted
    /// often enough to show in perft.
    #[inline(always)]
    fn flip_height_bits(&mut self, a: u64, a_digits: u32, b: u64, b_digits: u32) {
        for (digit, plane) in self.height_bits.iter_mut().enumerate() {
            let a_flip = u64::from((a_digits >> digit) & 1).wrapping_neg();
            let b_flip = u64::from((b_digits >> digit) & 1).wrapping_neg();
            *plane ^= (a & a_flip) | (b & b_flip);
        }
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}
