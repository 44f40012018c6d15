//! The arena: engine-vs-engine matches for Guard & Towers.

pub mod course;
pub mod openings;
pub mod player;
pub mod record;
pub mod referee;
pub mod runner;
pub mod stats;
