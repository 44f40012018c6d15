//! A puzzle and an attempt at it. The puzzle's goal and themes are the
//! engine's (`guard_towers_engine::puzzle`), which cross the wire as their
//! names.

use guard_towers::Move;
use guard_towers_engine::puzzle::{Goal, Theme};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::board::Board;

/// `GET /api/gt/puzzles/next`: a puzzle to solve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Puzzle {
    pub id: i64,
    /// win: find the line that wins by force; save: the only move that does
    /// not lose
    #[schema(schema_with = crate::schema::puzzle_goal)]
    pub goal: Goal,
    /// The position, the solver to move
    pub position: String,
    /// The position as data, for the page
    pub board: Board,
    /// The puzzle's Glicko-2 rating
    pub rating: i64,
    /// What its solution does (a capture of the guard, a split, …)
    #[schema(schema_with = crate::schema::puzzle_themes)]
    pub themes: Vec<Theme>,
    /// The solver's moves to the win (a save: 1)
    pub wins_in: u32,
    /// 1500 before the solver's first rated attempt
    pub solver_rating: i64,
}

/// `GET /api/gt/puzzles`: how many puzzles there are, by goal and by
/// theme (a puzzle counts once for each of its themes).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PuzzleCounts {
    pub total: i64,
    pub by_goal: Vec<GoalCount>,
    pub by_theme: Vec<ThemeCount>,
}

/// The puzzles of one goal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct GoalCount {
    #[schema(schema_with = crate::schema::puzzle_goal)]
    pub goal: Goal,
    pub count: i64,
}

/// The puzzles of one theme.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ThemeCount {
    #[schema(schema_with = crate::schema::puzzle_theme)]
    pub theme: Theme,
    pub count: i64,
}

/// `GET /api/gt/puzzles/next`'s query: one theme, or any.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NextQuery {
    /// Only puzzles of this theme (a name the server does not know is
    /// refused: `puzzle.unknown-theme`)
    #[param(schema_with = crate::schema::puzzle_theme)]
    pub theme: Option<String>,
}

/// `GET /api/gt/puzzles/results`: how a solver did, by theme, over its
/// first complete attempts (the rated ones), puzzles retired from the set
/// included.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PuzzleResults {
    /// 1500 before the solver's first rated attempt
    pub solver_rating: i64,
    pub solved: i64,
    pub failed: i64,
    /// Every theme, in the engine's order (a puzzle counts once for each
    /// of its themes)
    pub by_theme: Vec<ThemeResult>,
}

/// A solver's results in one theme.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ThemeResult {
    #[schema(schema_with = crate::schema::puzzle_theme)]
    pub theme: Theme,
    pub solved: i64,
    pub failed: i64,
}

/// `POST /api/gt/puzzles/{id}/attempts`'s answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PuzzleAttempt {
    /// Every move right and the last one won
    pub solved: bool,
    /// The attempt is over: solved, or a move was wrong
    pub complete: bool,
    /// The opponent's answer to the last move, while the attempt goes on
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(value_type = Option<String>, required = true)]
    pub reply: Option<Move>,
    /// The solution line (the solver's moves and the opponent's), once
    /// complete
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(value_type = Option<Vec<String>>, required = true)]
    pub expected: Option<Vec<Move>>,
    /// The puzzle's rating, after this attempt when it was rated
    pub rating: i64,
    /// This attempt changed the ratings (the solver's first complete one,
    /// with a solver token, at a puzzle still in the set)
    pub rated: bool,
    /// The solver's rating; null without a solver token (the X-Solver
    /// header or the `solver` cookie)
    #[serde(deserialize_with = "Option::deserialize")]
    #[schema(required = true)]
    pub solver_rating: Option<i64>,
    /// Solved another way: the solver's last move is not the puzzle's but
    /// keeps a forced win, which the engine proved; the win's length in
    /// the solver's moves from the puzzle's start (the puzzle's own line
    /// wins in `wins_in`). Null otherwise
    #[serde(default)]
    pub other_win: Option<u32>,
}

/// `POST /api/gt/puzzles/{id}/attempts`: the solver's moves so far.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AttemptRequest {
    /// The solver's moves so far, from the puzzle's position
    #[schema(value_type = Vec<String>, min_items = 1, max_items = 16, example = json!(["C4-C6-2"]))]
    pub moves: Vec<Move>,
}

/// An attempt's path: `/api/gt/puzzles/{id}/attempts`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct PuzzlePath {
    pub id: u64,
}

/// The solver's header.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, IntoParams)]
#[into_params(parameter_in = Header)]
pub struct Solver {
    /// The solver's token (the page keeps a random one). Without it the
    /// `solver` cookie is the token, which `GET /api/gt/puzzles/next` sets
    /// when a request has neither; an attempt with neither is not rated
    #[serde(rename = "X-Solver")]
    #[param(pattern = "^[A-Za-z0-9_-]{16,64}$")]
    pub solver: Option<String>,
}
