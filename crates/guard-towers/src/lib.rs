//! Guard & Towers: the exact rules of the game as pure values.
//!
//! - [`Position`] parses and prints the course notation
//!   (`r1r11RG1r1r1/2r11r12/3r13/7/3b13/2b11b12/b1b11BG1b1b1 r`) and plays
//!   moves by copy-make with an incremental Zobrist hash.
//! - [`Move`] parses and prints `A7-B7-1`.
//! - Move generation is bit-parallel; [`perft`] bulk-counts the last ply.
//! - [`Game`] adds history, undo, the draw rules of a [`Rules`] configuration
//!   and the [`Outcome`].
//!
//! The rule book is `docs/rules/guard-and-towers.md`; nothing here does I/O.

mod bitboard;
mod color;
mod diagram;
mod game;
mod movegen;
mod moves;
mod notation;
mod perft;
mod position;
mod square;
mod zobrist;

pub use bitboard::{neighbours, Squares};
pub use color::Color;
pub use diagram::diagram;
pub use game::{DrawReason, Game, GameError, Outcome, Rules};
pub use movegen::Mobility;
pub use moves::{Move, MoveError, MoveList, MAX_MOVES};
pub use notation::{PositionError, START};
pub use perft::{divide, perft};
pub use position::{castle, Piece, Position, WinReason, MAX_STONES};
pub use square::{Direction, Square, SquareError, SQUARES};
