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
//! - [`Ruleset`] names the two rule sets, [`TimeControl`] is a game clock,
//!   [`record`] the game-record format with a typed [`record::Termination`].
//! - [`contest_log`] reads the logs of the course's contest server.
//! - Feature `serde`: every notation type crosses JSON as its text; feature
//!   `course`: the course server's wire protocol ([`course`]).
//!
//! The rule book is `docs/rules/guard-and-towers.md`; nothing here does I/O.

mod bitboard;
mod color;
pub mod contest_log;
#[cfg(feature = "course")]
pub mod course;
mod diagram;
mod game;
mod movegen;
mod moves;
mod notation;
mod perft;
mod position;
pub mod record;
mod ruleset;
#[cfg(feature = "serde")]
mod serde_text;
mod square;
mod zobrist;

pub use bitboard::{neighbours, Squares};
pub use color::{Color, ColorError};
pub use diagram::diagram;
pub use game::{DrawReason, Game, GameError, Outcome, Rules};
pub use movegen::Mobility;
pub use moves::{Move, MoveError, MoveList, MAX_MOVES};
pub use notation::{PositionError, START};
pub use perft::{divide, perft};
pub use position::{castle, Piece, Position, WinReason, MAX_STONES};
pub use ruleset::{Ruleset, RulesetError, TimeControl, TimeControlError};
pub use square::{Direction, Square, SquareError, SQUARES};
