//! A Guard & Towers game on the wire: the move a seat sends, the game's
//! view as a player reads it, and the live socket's messages about it.

use guard_towers::record::{GameResult, Termination};
use guard_towers::{Color, Move, Position, Ruleset, TimeControl};
use serde::{Deserialize, Serialize};

use crate::Status;

/// `POST /api/gt/games/{id}/moves`: the seat's move, in move notation.
/// It stays text here: the server reads it with the rules, to refuse a
/// malformed move in their words (422) rather than as bad JSON (400).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    #[serde(rename = "move")]
    pub mv: String,
}

/// A clocked game's clocks (the view's `clock`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClockView {
    #[serde(deserialize_with = "Option::deserialize")]
    pub red_ms: Option<u64>,
    #[serde(deserialize_with = "Option::deserialize")]
    pub blue_ms: Option<u64>,
    /// The side whose clock runs.
    #[serde(deserialize_with = "Option::deserialize")]
    pub running: Option<Color>,
}

/// How a finished game ended (the view's `result`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResultView {
    pub score: GameResult,
    #[serde(deserialize_with = "Option::deserialize")]
    pub winner: Option<Color>,
    pub reason: Termination,
}

/// A game as a player reads it: the fields of the server's view
/// (`GET /api/gt/games/{id}`, schema `GtState`) that say whose turn it is
/// and what the game is. The server's view has more (seats, the rematch,
/// …); a unit test of the server reads its view into this one.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct GameView {
    pub status: Status,
    pub rules: Ruleset,
    pub start: Position,
    pub side_to_move: Color,
    /// The number of the game's last event.
    pub seq: i64,
    #[serde(deserialize_with = "Option::deserialize")]
    pub time_control: Option<TimeControl>,
    #[serde(deserialize_with = "Option::deserialize")]
    pub clock: Option<ClockView>,
    #[serde(deserialize_with = "Option::deserialize")]
    pub result: Option<ResultView>,
    /// Every move from `start`; a live view leaves them out (its events
    /// carry them).
    #[serde(default)]
    pub moves: Option<Vec<Move>>,
}

/// A message of a game's live socket (`/api/games/{id}/ws`) that carries
/// the game's state: an event's or a snapshot's. Other messages (`pong`,
/// `error`) have no state and are not read as this.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct LiveMessage {
    pub state: GameView,
}
