//! A Guard & Towers game on the wire: the move a seat sends, the game's
//! view as a player reads it, and the live socket's messages about it.

use guard_towers::record::{GameResult, Termination};
use guard_towers::{Color, Move, Position, Ruleset, TimeControl};
use serde::{Deserialize, Serialize};
use tournament::Name;
use utoipa::ToSchema;

use crate::board::{Board, MoveView, PlayedMove};
use crate::Status;

/// `POST /api/gt/games/{id}/moves`: the seat's move, in move notation.
/// It stays text here: the server reads it with the rules, to refuse a
/// malformed move in their words (422) rather than as bad JSON (400).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    #[serde(rename = "move")]
    #[schema(example = "D5-D4-1")]
    pub mv: String,
}

/// A clocked game's clocks (the view's `clock`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ClockView {
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub red_ms: Option<u64>,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub blue_ms: Option<u64>,
    /// The side whose clock runs.
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(schema_with = crate::schema::color_or_null, required = true)]
    pub running: Option<Color>,
}

/// How a finished game ended (the view's `result`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ResultView {
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[schema(value_type = String)]
    pub score: GameResult,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(schema_with = crate::schema::color_or_null, required = true)]
    pub winner: Option<Color>,
    /// Why it ended, in words (`guard captured`, `time forfeit`, …).
    #[schema(value_type = String)]
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

/// A Guard & Towers game as the server sends it: `GET /api/gt/games/{id}`
/// and every answer that changes the game. [`GameView`] is the part of it
/// a player reads. Its fields are in the order the server has always
/// written them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct GtState {
    pub id: String,
    pub kind: GtKind,
    pub status: Status,
    #[schema(schema_with = crate::schema::rules)]
    pub rules: Ruleset,
    #[schema(value_type = String)]
    pub start: Position,
    #[schema(value_type = String)]
    pub position: Position,
    /// The position as data, for the pages (`position`'s pieces).
    pub board: Board,
    #[schema(schema_with = crate::schema::color)]
    pub side_to_move: Color,
    pub ply: u64,
    #[schema(value_type = Vec<String>)]
    pub legal_moves: Vec<Move>,
    /// `legal_moves` as data.
    pub legal: Vec<MoveView>,
    pub seats: Seats,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(schema_with = crate::schema::time_control_or_null, required = true)]
    pub time_control: Option<TimeControl>,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub clock: Option<ClockView>,
    /// The side whose draw offer stands.
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(schema_with = crate::schema::color_or_null, required = true)]
    pub draw_offer: Option<Color>,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub rematch: Option<RematchView>,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub result: Option<ResultView>,
    /// The number of the game's last event.
    pub seq: i64,
    /// Whether the result counts for the ratings
    pub rated: bool,
    /// Every move from `start`; a live state leaves them out (`ply` counts
    /// them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<String>>, nullable = false)]
    pub moves: Option<Vec<Move>>,
    /// `moves` as data, each with who played it and its number; a live
    /// state leaves them out too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub played: Option<Vec<PlayedMove>>,
}

/// The two seats of a game (the view's `seats`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Seats {
    pub red: Seat,
    pub blue: Seat,
}

/// A seat: who sits in it, under what name, and whether it is taken.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Seat {
    pub player: Player,
    /// The name it is taken under; an engine's seat is named from the
    /// start (`towers level 3`).
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub name: Option<String>,
    pub taken: bool,
}

/// Who sits in a seat, fixed when the game is created. A game's stored
/// settings hold its two players in this same form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Player {
    /// A person, seated by a token.
    Human,
    /// The built-in engine at a level 1–10.
    Engine {
        #[schema(minimum = 1, maximum = 10)]
        level: u8,
    },
    /// A client of the course TCP protocol.
    Course,
    /// A bot account, seated by its account token.
    Bot,
}

/// Where the rematch of a finished game stands: `offered` (by `seat`),
/// `declined` (by `seat`), `agreed` (by `seat`; `game` is the return game,
/// both players' seats taken, colours swapped)
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RematchView {
    pub state: RematchState,
    #[schema(schema_with = crate::schema::color)]
    pub seat: Color,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub game: Option<String>,
}

/// `POST /api/gt/position`: a position's legal moves and result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PositionInfo {
    #[schema(value_type = String)]
    pub position: Position,
    #[schema(schema_with = crate::schema::color)]
    pub side_to_move: Color,
    #[schema(value_type = Vec<String>)]
    pub legal_moves: Vec<Move>,
    /// The position as data, for the pages.
    pub board: Board,
    /// `legal_moves` as data.
    pub legal: Vec<MoveView>,
    /// The request's `move` as data (null without one).
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub last_move: Option<MoveView>,
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub result: Option<ResultView>,
}

/// `POST /api/gt/games`: who plays, under which rules, clock and start.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    pub opponent: Opponent,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 40, nullable = false)]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = crate::schema::color)]
    pub color: Option<Color>,
    /// The engine's level (engine games)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 10, nullable = false)]
    pub level: Option<u8>,
    /// Red's and Blue's levels (engine-against-engine games)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Vec<u8>, min_items = 2, max_items = 2, nullable = false)]
    pub levels: Option<[u8; 2]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = crate::schema::rules)]
    pub rules: Option<Ruleset>,
    /// Position notation; the standard start by default
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub start: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = crate::schema::time_control)]
    pub time_control: Option<TimeControl>,
    /// The bot account to play (opponent 'bot'); it takes the other seat and
    /// plays through its event stream
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = String, nullable = false)]
    pub bot: Option<Name>,
    /// Whether the result counts for the ratings: only between two people
    /// (not the built-in engine), each seat taken under a name of its own
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[schema(default = false)]
    pub rated: bool,
}

/// A seat taken: the game's creation (`POST /api/gt/games`) or a join.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SeatGranted {
    pub id: String,
    /// The seat taken; none for a game of two engines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = crate::schema::color)]
    pub seat: Option<Color>,
    /// Shown once; send as 'Authorization: Bearer <token>'. None for a game
    /// of two engines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub token: Option<String>,
    /// A friend game's invitation secret (creation only): the guest joins
    /// with it
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub invite: Option<String>,
    pub state: GtState,
}

/// `POST /api/gt/games/{id}/rematch`'s answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RematchAnswer {
    pub state: GtState,
    /// The return game (an acceptance only)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub game: Option<String>,
    /// The asker's seat in the return game
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = crate::schema::color)]
    pub seat: Option<Color>,
    /// The asker's seat token for the return game, shown once; an offerer's
    /// holds its seat once the offer is accepted
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub token: Option<String>,
}

/// `POST /api/gt/analysis`'s answer: the result of a finished position,
/// or the engine's (or the tables') best move and score.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum Analysis {
    /// The position is decided: the rules' verdict.
    Over {
        /// Always true
        over: bool,
        #[schema(value_type = String)]
        result: GameResult,
        #[schema(value_type = String)]
        reason: Termination,
    },
    /// The position is open: the best move found.
    Searched {
        /// Always false
        over: bool,
        #[schema(value_type = String)]
        best_move: Move,
        /// `best_move` as data.
        best: MoveView,
        /// cp N, win N or loss N from the side to move
        score: String,
        depth: u32,
        nodes: u64,
        #[schema(value_type = Vec<String>)]
        pv: Vec<Move>,
        /// `pv` as data.
        line: Vec<MoveView>,
        /// The move and score are the endgame tables' (towers serve
        /// --tablebase DIR): exact, no search
        tablebase: bool,
    },
}

/// A move line of a contest log sent out of turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct OutOfTurn {
    #[schema(minimum = 1)]
    pub line: u64,
    #[schema(schema_with = crate::schema::color)]
    pub color: Color,
    /// What was sent, as logged
    pub text: String,
}

/// `POST /api/gt/course-logs`'s answer: the game the log was stored as.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CourseLogImported {
    /// The stored game
    pub id: String,
    pub red: String,
    pub blue: String,
    /// Moves played (lines out of turn not counted)
    #[schema(minimum = 0)]
    pub moves: u64,
    /// As stored: `1-0 guard captured`, `0-1 time forfeit`, `* unterminated`
    pub result: String,
    /// Move lines out of turn, left out
    pub out_of_turn: Vec<OutOfTurn>,
}

/// `POST /api/gt/games/{id}/join`: the joiner's name and the invitation
/// secret.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 40, nullable = false)]
    pub name: Option<String>,
    /// The invitation secret of a friend game's link
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub invite: Option<String>,
}

/// `POST /api/gt/games/{id}/draw` and `…/rematch`: what the seat does about
/// the offer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OfferRequest {
    pub action: Answer,
}

/// `POST /api/gt/analysis`: the position, its rules and the time to think.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalysisRequest {
    pub position: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub movetime_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = crate::schema::rules)]
    pub rules: Option<Ruleset>,
}

/// `GET /api/gt/games/{id}/positions`: the position before the first move
/// and after each.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Positions {
    #[schema(value_type = Vec<String>)]
    pub positions: Vec<Position>,
    /// Each of `positions` as data.
    pub boards: Vec<Board>,
}

/// `POST /api/gt/position`: a position, and a move to play in it first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    pub position: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = crate::schema::rules)]
    pub rules: Option<Ruleset>,
    /// A move to play first
    #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub mv: Option<String>,
}

/// Who a new game is against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Opponent {
    Engine,
    Friend,
    Public,
    Engines,
    Bot,
}

/// The Guard & Towers view's `kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum GtKind {
    Gt,
}

/// Where a rematch stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RematchState {
    Offered,
    Declined,
    Agreed,
}

/// What a seat does about a draw or rematch: make, accept or decline the
/// offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Answer {
    Offer,
    Accept,
    Decline,
}
