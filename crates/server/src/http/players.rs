//! The ratings routes: a game's leaderboard and a player's (or Kubb
//! team's) page with the rating after each rated result (`ratings`).

use ::tournament::GameKind;
use std::collections::HashMap;

use api::ratings::{Holder, Leaderboard, LeaderboardQuery, PlayerPage, PlayerQuery, RatedOf};
use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};

use super::{AppState, QueryParams, Shared};
use crate::error::ApiError;
use crate::store;

/// The longest name looked up, in characters (the games' names are
/// shorter).
const MAX_NAME_CHARS: usize = 80;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/ratings", get(ratings))
        .route("/api/players/{game}/{name}", get(player))
}

/// The Glicko-2 leaderboard of a game from every rated result.
async fn ratings(
    State(shared): State<AppState>,
    QueryParams(query): QueryParams<LeaderboardQuery>,
) -> Result<Json<Leaderboard>, ApiError> {
    let boards = shared.app.ratings.boards(&shared.app.store).await?;
    let board = boards.board(query.game, query.of);
    let holders = holders(&shared).await?;
    let mut leaders = board.leaders(query.min_games);
    for leader in &mut leaders {
        leader.holder = holders.get(&leader.name).copied();
    }
    Ok(Json(Leaderboard {
        game: query.game,
        of: query.of,
        periods: board.periods(),
        tournaments: board.tournaments(),
        leaders,
    }))
}

/// Who each name with an identity stands for, as the wire says it.
async fn holders(shared: &Shared) -> Result<HashMap<String, Holder>, ApiError> {
    Ok(shared
        .app
        .store
        .holders()
        .await?
        .into_iter()
        .map(|(name, holder)| {
            let holder = match holder {
                store::Holder::Account => Holder::Account,
                store::Holder::Bot => Holder::Bot,
                store::Holder::Unclaimed => Holder::Unclaimed,
            };
            (name, holder)
        })
        .collect())
}

async fn player(
    State(shared): State<AppState>,
    Path((game, name)): Path<(String, String)>,
    QueryParams(query): QueryParams<PlayerQuery>,
) -> Result<Json<PlayerPage>, ApiError> {
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
    let mut page = boards
        .board(game, query.of)
        .player(game, query.of, name)
        .ok_or_else(|| ApiError::NotFound(no_one(game, query.of, name)))?;
    page.holder = holders(&shared).await?.get(name).copied();
    if page.holder == Some(Holder::Bot) {
        page.owner = shared.app.store.bot_owner(name).await?;
    }
    Ok(Json(page))
}

fn no_one(game: GameKind, of: RatedOf, name: &str) -> String {
    let who = match (game, of) {
        (GameKind::Gt, _) => "Guard & Towers player",
        (GameKind::Kubb, RatedOf::Entrants) => "Kubb team",
        (GameKind::Kubb, RatedOf::Players) => "Kubb player",
    };
    format!("no {who} '{name}' has a rated result")
}
