//! The trainer of the engine's learned evaluation
//! ([`guard_towers_engine::nnue`]):
//!
//! 1. [`data::self_play`] plays the engine against itself from the opening
//!    set and a few random moves, and keeps each quiet position with the
//!    search's score and the game's result;
//! 2. [`train::Trainer`] fits a floating-point copy of the network to a
//!    blend of both (Adam, mean squared error of win probabilities) and
//!    quantises it to the engine's integer [`Network`](guard_towers_engine::nnue::Network).
//!
//! `docs/nnue.md` has the commands (`towers gt nnue data`, `… train`).

pub mod data;
pub mod train;
