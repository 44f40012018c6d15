//! The puzzle routes (`puzzles`): the next puzzle for a solver, and an
//! attempt at one, checked move by move. A solver is known by the token
//! its page keeps and sends as `X-Solver`; without one, attempts are
//! answered but not rated.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::{Json, Router};

use super::accounts::Session;
use super::{AppState, JsonBody};
use crate::accounts::SignedIn;
use crate::error::ApiError;
use crate::puzzles::{self, SolverToken};

/// The most moves an attempt holds (the longest puzzles have fewer).
const MAX_MOVES: usize = 16;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/gt/puzzles/next", get(next))
        .route("/api/gt/puzzles/{id}/attempts", post(attempt))
}

/// The solver: a signed-in account, else the guest's own token.
fn solver(me: Option<&SignedIn>, headers: &HeaderMap) -> Result<Option<SolverToken>, ApiError> {
    if let Some(me) = me {
        return Ok(Some(SolverToken::of_account(&me.account_id)));
    }
    match headers.get("x-solver") {
        None => Ok(None),
        Some(value) => {
            let text = value.to_str().map_err(|_| {
                ApiError::BadRequest("X-Solver: 16-64 letters, digits, '-' or '_'".into())
            })?;
            SolverToken::parse(text.trim()).map(Some)
        }
    }
}

async fn next(
    State(shared): State<AppState>,
    Session(me): Session,
    headers: HeaderMap,
) -> Result<Json<api::puzzles::Puzzle>, ApiError> {
    let solver = solver(me.as_ref(), &headers)?;
    puzzles::next(&shared.app, solver.as_ref()).await.map(Json)
}

async fn attempt(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    Session(me): Session,
    headers: HeaderMap,
    JsonBody(request): JsonBody<api::puzzles::AttemptRequest>,
) -> Result<Json<api::puzzles::PuzzleAttempt>, ApiError> {
    let id: i64 = id
        .parse()
        .map_err(|_| ApiError::NotFound(format!("no puzzle '{id}'")))?;
    let solver = solver(me.as_ref(), &headers)?;
    if request.moves.len() > MAX_MOVES {
        return Err(ApiError::refused(format!(
            "moves: at most {MAX_MOVES} moves"
        )));
    }
    puzzles::attempt(&shared.app, id, &request.moves, solver.as_ref())
        .await
        .map(Json)
}
