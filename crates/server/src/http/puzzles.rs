//! The puzzle routes (`puzzles`): how many there are, the next puzzle for
//! a solver, an attempt at one, checked move by move, and a solver's
//! results. A solver is a signed-in account, else known by the token its
//! page keeps and sends as `X-Solver`, else by the `solver` cookie: the
//! next puzzle for a client with none of them sets that cookie, so that a
//! plain API client with a cookie jar is a solver too and meets new
//! puzzles. An attempt with none of them is answered but rates nobody.

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};

use super::accounts::{secure, Session};
use super::{AppState, JsonBody, QueryParams};
use crate::accounts::SignedIn;
use crate::error::ApiError;
use crate::puzzles::{self, SolverToken};

/// The most moves an attempt holds (the longest puzzles have fewer).
const MAX_MOVES: usize = 16;
/// The cookie that holds a guest's solver token when it sends no header.
const SOLVER_COOKIE: &str = "solver";
/// How long a given solver cookie lasts: a year, as the page's token
/// does in its storage.
const SOLVER_COOKIE_SECONDS: u32 = 365 * 24 * 60 * 60;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/gt/puzzles", get(counts))
        .route("/api/gt/puzzles/next", get(next))
        .route("/api/gt/puzzles/results", get(results))
        .route("/api/gt/puzzles/{id}/attempts", post(attempt))
}

/// The solver: a signed-in account, else the guest's own token (the
/// header's, else the cookie's). A header that is no token is refused; a
/// cookie that is none is no solver's (the server gives a new one).
fn solver(me: Option<&SignedIn>, headers: &HeaderMap) -> Result<Option<SolverToken>, ApiError> {
    if let Some(me) = me {
        return Ok(Some(SolverToken::of_account(&me.account_id)));
    }
    match headers.get("x-solver") {
        None => Ok(solver_cookie(headers)),
        Some(value) => {
            let text = value.to_str().map_err(|_| {
                ApiError::BadRequest("X-Solver: 16-64 letters, digits, '-' or '_'".into())
            })?;
            SolverToken::parse(text.trim()).map(Some)
        }
    }
}

fn solver_cookie(headers: &HeaderMap) -> Option<SolverToken> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|cookies| cookies.split(';'))
        .filter_map(|cookie| cookie.trim().split_once('='))
        .find(|(name, _)| *name == SOLVER_COOKIE)
        .and_then(|(_, value)| SolverToken::parse(value).ok())
}

/// The `Set-Cookie` value that gives a guest `token`: sent back only to
/// the puzzle routes, never readable by a page's script, not sent with
/// another site's requests but for a link followed, and over HTTPS only
/// when the server is reached that way.
fn solver_cookie_header(token: &SolverToken, secure: bool) -> Result<HeaderValue, ApiError> {
    let secure = if secure { "; Secure" } else { "" };
    let cookie = format!(
        "{SOLVER_COOKIE}={}; HttpOnly; SameSite=Lax{secure}; Path=/api/gt/puzzles; Max-Age={SOLVER_COOKIE_SECONDS}",
        token.as_str()
    );
    HeaderValue::from_str(&cookie).map_err(|error| ApiError::Internal(format!("cookie: {error}")))
}

async fn counts(
    State(shared): State<AppState>,
) -> Result<Json<api::puzzles::PuzzleCounts>, ApiError> {
    puzzles::counts(&shared.app).await.map(Json)
}

async fn next(
    State(shared): State<AppState>,
    Session(me): Session,
    headers: HeaderMap,
    QueryParams(query): QueryParams<api::puzzles::NextQuery>,
) -> Result<Response, ApiError> {
    let theme = query
        .theme
        .as_deref()
        .map(puzzles::theme_named)
        .transpose()?;
    let (solver, given) = match solver(me.as_ref(), &headers)? {
        Some(solver) => (solver, None),
        None => {
            let fresh = SolverToken::fresh();
            let cookie = solver_cookie_header(&fresh, secure(&shared, &headers))?;
            (fresh, Some(cookie))
        }
    };
    let puzzle = puzzles::next(&shared.app, &solver, theme).await?;
    let mut response = Json(puzzle).into_response();
    if let Some(cookie) = given {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    Ok(response)
}

async fn results(
    State(shared): State<AppState>,
    Session(me): Session,
    headers: HeaderMap,
) -> Result<Json<api::puzzles::PuzzleResults>, ApiError> {
    let solver = solver(me.as_ref(), &headers)?;
    puzzles::results(&shared.app, solver.as_ref())
        .await
        .map(Json)
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
