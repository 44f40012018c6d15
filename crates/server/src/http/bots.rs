//! The bot routes: register a bot account, say whose a token is, and the
//! bot's event stream (NDJSON, `crate::bots`). A bot moves through the
//! Guard & Towers routes with its account token.

use api::bots::{BotAccount, BotRegistered, BotRegistration};
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};

use super::accounts::Account;
use super::{bearer, AppState, JsonBody};
use crate::bots::{self, Registered};
use crate::error::ApiError;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/bots", post(register).get(super::accounts::owned_bots))
        .route("/api/bots/{name}/token", post(new_token).delete(revoke))
        .route("/api/bots/account", get(account))
        .route("/api/bots/stream", get(stream))
}

async fn register(
    State(shared): State<AppState>,
    Account(me): Account,
    JsonBody(request): JsonBody<BotRegistration>,
) -> Result<(StatusCode, Json<Registered>), ApiError> {
    let registered = bots::register(&shared.app.store, request.name, &me.account_id).await?;
    Ok((StatusCode::CREATED, Json(registered)))
}

/// A new token for one of the account's bots.
async fn new_token(
    State(shared): State<AppState>,
    Account(me): Account,
    Path(name): Path<String>,
) -> Result<Json<BotRegistered>, ApiError> {
    let token = bots::new_token_for(&shared.app.store, &name, &me.account_id, true).await?;
    Ok(Json(BotRegistered {
        name,
        token: token.unwrap_or_default(),
    }))
}

/// Revokes one of the account's bots' token.
async fn revoke(
    State(shared): State<AppState>,
    Account(me): Account,
    Path(name): Path<String>,
) -> Result<StatusCode, ApiError> {
    bots::new_token_for(&shared.app.store, &name, &me.account_id, false).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn account(
    State(shared): State<AppState>,
    headers: HeaderMap,
) -> Result<Json<BotAccount>, ApiError> {
    let account = bots::account(&shared.app.store, bearer(&headers)).await?;
    Ok(Json(BotAccount { name: account.name }))
}

async fn stream(State(shared): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let account = bots::account(&shared.app.store, bearer(&headers)).await?;
    let app = &shared.app;
    let lines = bots::stream(app.store.clone(), &app.bots, app.stopping.clone(), &account)?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        Body::from_stream(lines),
    )
        .into_response())
}
