//! The arena: engine-vs-engine matches for Guard & Towers.

pub mod stats;
