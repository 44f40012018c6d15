//! The rated results a stored game holds: a finished rated Guard & Towers
//! game or Kubb match gives one, a tournament one per pairing with a
//! result (each kind says what it gives: `Game::rated`, with the helpers
//! of `games::rated`). Everything is read from the store, so the ratings
//! are a pure function of what was committed.

use std::collections::BTreeMap;

use kubb::stats::PlayerStats;
use serde::Serialize;
use tournament::GameKind;

/// One side of a rated result: the rated name (a Guard & Towers player,
/// a Kubb team) and a Kubb team's players.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Side {
    pub name: String,
    pub players: Vec<String>,
}

/// A finished rated game or match, or a tournament pairing's result.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedResult {
    pub game: GameKind,
    /// When the result was committed: the order ratings are folded in.
    pub at_ms: i64,
    /// The stored game or match, when it was played on the server.
    pub game_id: Option<String>,
    pub tournament: Option<String>,
    /// Guard & Towers: Red first; Kubb: team A first.
    pub sides: [Side; 2],
    /// The first side's share: 1 a win, ½ a draw, 0 a loss.
    pub score: f64,
    /// Kubb: each player's statistics in the match (played on the server).
    pub stats: BTreeMap<String, PlayerStats>,
}

impl RatedResult {
    /// The key that orders results: when, then where (a tie stays put
    /// whatever order the store lists games in).
    pub fn order(&self) -> (i64, &str, &str) {
        (
            self.at_ms,
            self.tournament.as_deref().unwrap_or(""),
            self.game_id.as_deref().unwrap_or(""),
        )
    }
}

/// What one stored game contributes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Source {
    pub results: Vec<RatedResult>,
    /// A tournament's pairing games: rated through its results (which the
    /// organiser may correct), so never on their own.
    pub games: Vec<String>,
}
