//! The Koning & Torens simulator: the geometric throw model ([`throw`]),
//! Monte Carlo matches between strategies ([`simulate`], [`win_probability`]),
//! advice from any state of a match ([`advice`]) and the model's
//! calibration against the records ([`calibration`]). The rules it plays by
//! are the crate `kubb`'s.

mod simulate;

pub mod advice;
pub mod calibration;
pub mod throw;

pub use simulate::{
    play_out, play_out_watched, simulate, simulate_match, simulate_observed, stream,
    win_probability, Aim, Generator, Heuristic, SimulatedMatch, Strategy, Summary,
};
