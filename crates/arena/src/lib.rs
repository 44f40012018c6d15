//! The arena: engine-vs-engine matches for Guard & Towers. Game records
//! are `guard_towers::record`; the course wire protocol is
//! `guard_towers::course`, whose client ([`course`]) lives here.
//!
//! A [`player::Player`] is an engine process ([`runner::EngineSpec::launch`],
//! or a one-shot command) or anything else that chooses moves; the
//! [`referee`] plays a game between two and judges every move:
//!
//! ```
//! use std::time::Duration;
//! use arena::player::{Budget, Player, PlayerError};
//! use arena::referee::{play_game, GameSettings, Seat};
//! use guard_towers::record::Termination;
//! use guard_towers::{Game, Position};
//!
//! /// Plays the first legal move, at once.
//! struct FirstMove;
//!
//! impl Player for FirstMove {
//!     fn new_game(&mut self) -> Result<(), PlayerError> {
//!         Ok(())
//!     }
//!     fn choose(&mut self, game: &Game, _: &Budget, _: Duration) -> Result<String, PlayerError> {
//!         Ok(game.legal_moves()[0].to_string())
//!     }
//! }
//!
//! let (mut red, mut blue) = (FirstMove, FirstMove);
//! let settings = GameSettings { max_plies: 20, ..GameSettings::default() };
//! let played = play_game(
//!     Seat { name: "red", player: Ok(&mut red) },
//!     Seat { name: "blue", player: Ok(&mut blue) },
//!     Position::start(),
//!     &settings,
//! );
//! // The record holds every move, each one the referee found legal, and
//! // why the game ended: by the rules, or adjudicated at 20 plies.
//! let mut replay = Game::new(Position::start(), settings.rules.rules());
//! for &mv in &played.record.moves {
//!     replay.play(mv).unwrap();
//! }
//! match replay.outcome() {
//!     Some(outcome) => assert_eq!(played.record.termination, Termination::of(outcome)),
//!     None => assert_eq!(played.record.moves.len(), 20),
//! }
//! ```

pub mod course;
pub mod engine_tournament;
pub mod openings;
pub mod player;
pub mod referee;
pub mod runner;
pub mod stats;
