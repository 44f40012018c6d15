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
//! - [`pitches`]: the day on its pitches, each pairing called to one as
//!   soon as it and both its teams are free;
//! - [`simulated_day`]: a whole day played out on its pitches, live calls
//!   against the fixed timetable, with the match lengths a caller gives;
//! - [`glicko2`] and [`ratings`]: Glicko-2 ratings, histories and
//!   leaderboards;
//! - [`event`] and [`tournament`]: the event model and its fold (the
//!   shape of a tournament in `stages`, pairing the next round in
//!   `pairing`);
//!   [`export`]: CSV and the SVG bracket.
//!
//! A round robin of three, one result in:
//!
//! ```
//! use tournament::format::{Format, Settings};
//! use tournament::game::GameKind;
//! use tournament::name::Name;
//! use tournament::score::{Points, Score};
//! use tournament::tournament::Tournament;
//!
//! let settings = Settings::new(GameKind::Gt, Format::RoundRobin, None, None, None, false)?;
//! let mut tournament = Tournament::new(settings)?;
//! let [ann, bob, cy]: [Name; 3] = ["Ann", "Bob", "Cy"].map(|name| name.parse().unwrap());
//! for entrant in [&ann, &bob, &cy] {
//!     tournament.add(entrant.clone())?;
//! }
//! let round = tournament.pair()?.to_vec();
//! assert_eq!(round.len(), 2, "one game and a bye");
//! let game = round.iter().find(|pairing| pairing.second.is_some()).unwrap();
//! let (first, second) = (tournament.name(game.first).clone(), tournament.name(game.second.unwrap()).clone());
//! tournament.record(&first, &second, Score::new(Points::whole(1), Points::ZERO), None, None)?;
//! let standings = tournament.standings();
//! assert_eq!(standings[0].name, first);
//! // The events are the tournament: replaying them gives it back.
//! assert_eq!(Tournament::from_file(tournament.to_file())?.standings(), standings);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod event;
pub mod export;
pub mod format;
pub mod game;
pub mod glicko2;
pub mod knockout;
pub mod name;
mod pairing;
pub mod pitches;
pub mod pools;
pub mod ratings;
pub mod round_robin;
pub mod schedule;
pub mod score;
pub mod simulated_day;
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
