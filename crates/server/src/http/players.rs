//! The ratings routes: a game's leaderboard and a player's (or Kubb
//! team's) page with the rating after each rated result (`ratings`).

use ::tournament::GameKind;
use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::{AppState, QueryParams};
use crate::error::ApiError;
use crate::ratings::{Leader, PlayerView, Rated};

/// The longest name looked up, in characters (the games' names are
/// shorter).
const MAX_NAME_CHARS: usize = 80;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/ratings", get(ratings))
        .route("/api/players/{game}/{name}", get(player))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RatingsQuery {
    game: GameKind,
    #[serde(default)]
    of: Rated,
    #[serde(default)]
    min_games: u32,
}

/// A leaderboard and how it was made.
#[derive(Serialize)]
struct Ratings {
    game: GameKind,
    of: Rated,
    /// Rating periods folded in: each rated result is one.
    periods: u32,
    /// Tournaments whose results are among them.
    tournaments: usize,
    leaders: Vec<Leader>,
}

/// The Glicko-2 leaderboard of a game from every rated result.
async fn ratings(
    State(shared): State<AppState>,
    QueryParams(query): QueryParams<RatingsQuery>,
) -> Result<Json<Ratings>, ApiError> {
    let boards = shared.app.ratings.boards(&shared.app.store).await?;
    let board = boards.board(query.game, query.of);
    Ok(Json(Ratings {
        game: query.game,
        of: query.of,
        periods: board.periods(),
        tournaments: board.tournaments(),
        leaders: board.leaders(query.min_games),
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerQuery {
    #[serde(default)]
    of: Rated,
}

/// A player's page and which board it is on.
#[derive(Serialize)]
struct Player {
    game: GameKind,
    of: Rated,
    #[serde(flatten)]
    player: PlayerView,
}

async fn player(
    State(shared): State<AppState>,
    Path((game, name)): Path<(String, String)>,
    QueryParams(query): QueryParams<PlayerQuery>,
) -> Result<Json<Player>, ApiError> {
    let game: GameKind = game
        .parse()
        .map_err(|error: ::tournament::game::GameKindError| {
            ApiError::NotFound(error.to_string())
        })?;
    let name = name.trim();
    if name.is_empty()
        || name.chars().count() > MAX_NAME_CHARS
        || name.chars().any(char::is_control)
    {
        return Err(ApiError::BadRequest(format!(
            "a name has 1-{MAX_NAME_CHARS} printable characters"
        )));
    }
    let boards = shared.app.ratings.boards(&shared.app.store).await?;
    let player = boards
        .board(game, query.of)
        .player(name)
        .ok_or_else(|| ApiError::NotFound(no_one(game, query.of, name)))?;
    Ok(Json(Player {
        game,
        of: query.of,
        player,
    }))
}

fn no_one(game: GameKind, of: Rated, name: &str) -> String {
    let who = match (game, of) {
        (GameKind::Gt, _) => "Guard & Towers player",
        (GameKind::Kubb, Rated::Entrants) => "Kubb team",
        (GameKind::Kubb, Rated::Players) => "Kubb player",
    };
    format!("no {who} '{name}' has a rated result")
}
