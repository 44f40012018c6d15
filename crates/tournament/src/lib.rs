//! Tournaments and ratings for both games, with no I/O.
//!
//! A tournament is a list of typed [`Event`]s (created, entrant added,
//! withdrawn, round paired, result recorded, result corrected), and
//! [`Tournament`] is their fold: every state, pairing and standing is a
//! pure function of the events, so a file or a server's store keeps only
//! the events and replays them.
//!
//! One module per concern:
//! - formats: [`round_robin`] (single and double), [`swiss`] (Dutch-style
//!   pairing), [`knockout`] (seeded brackets), [`pools`] (pools then
//!   knockout), their settings in [`format`](mod@format);
//! - results and scoring: [`score`], [`game`] (each game's points and
//!   tie-break order), [`tiebreaks`], [`standings`] and the tournament's
//!   [`table`];
//! - [`schedule`]: rounds onto pitches or boards in time slots;
//! - [`glicko2`] and [`ratings`]: Glicko-2 ratings, histories and
//!   leaderboards;
//! - [`event`] and [`tournament`]: the event model and its fold (the
//!   shape of a tournament in `stages`, pairing the next round in
//!   `pairing`);
//!   [`export`]: CSV and the SVG bracket.

pub mod event;
pub mod export;
pub mod format;
pub mod game;
pub mod glicko2;
pub mod knockout;
pub mod name;
mod pairing;
pub mod pools;
pub mod ratings;
pub mod round_robin;
pub mod schedule;
pub mod score;
mod stages;
pub mod standings;
pub mod swiss;
pub mod table;
pub mod tiebreaks;
pub mod tournament;

pub use event::{Event, TournamentFile};
pub use format::{Format, Settings};
pub use game::GameKind;
pub use name::Name;
pub use score::{BaselineKubbs, Points, Score};
pub use table::Standing;
pub use tournament::{Tournament, TournamentError};
