//! The arena: engine-vs-engine matches for Guard & Towers. Game records
//! are `guard_towers::record`; the course wire protocol is
//! `guard_towers::course`, whose client ([`course`]) lives here.

pub mod course;
pub mod engine_tournament;
pub mod openings;
pub mod player;
pub mod referee;
pub mod runner;
pub mod stats;
