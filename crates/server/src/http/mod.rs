//! The HTTP API (`docs/api.md`, `/api/openapi.json`): thin handlers that
//! parse requests into the libraries' types, call the game service and
//! answer with its view types. Each game kind's handlers are in its folder
//! (`games/*/routes.rs`); what they share is here, with the routes that
//! belong to no kind; `router` puts them all together.

pub(crate) mod accounts;
mod bots;
mod error;
mod observe;
mod players;
mod puzzles;
pub mod router;

use std::sync::{Arc, LazyLock};

use api::listing::{GameList, GameSummary, ListQuery, Winner};
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::{DeserializeOwned, IntoDeserializer};
use serde::Deserialize;
use serde_json::value::RawValue;

use crate::app::{App, Entry};
use crate::error::ApiError;
use crate::games::{Game, Kind};
use crate::listener::Connections;
use crate::listing::{Listing, Outcome, Side};
use crate::seat::Seat;
use crate::security::RateLimiter;
use crate::status::Status;

/// The largest request body accepted.
pub const MAX_BODY_BYTES: usize = 16 * 1024;

pub struct Shared {
    pub app: Arc<App>,
    /// Accounts' settings (the passkeys' relying party) and the sign-in
    /// throttles.
    pub accounts: crate::accounts::Accounts,
    pub limiter: Option<RateLimiter>,
    /// Whether a client is who `X-Forwarded-For` says (behind a proxy).
    pub trust_forwarded_for: bool,
    pub connections: Arc<Connections>,
}

pub(crate) type AppState = Arc<Shared>;

/// Liveness, the games held in memory (bounded by `Tuning::cached_games`),
/// the games a live socket watches, the engines kept for engine seats, the
/// flag timers set, the connections open and where the endgame tables
/// stand.
async fn health(State(shared): State<AppState>) -> Json<api::health::Health> {
    Json(api::health::Health {
        ok: true,
        games_in_memory: shared.app.games_in_memory(),
        games_watched: shared.app.hub.games_watched(),
        engines_kept: shared.app.engines_kept(),
        flag_timers: shared.app.flag_timers(),
        connections_open: shared.connections.total(),
        tablebase: shared.app.tuning.tablebase.health(),
    })
}

/// The OpenAPI document, made once from the wire types
/// (`api::openapi::document`).
static OPENAPI: LazyLock<String> = LazyLock::new(|| {
    api::openapi::document()
        .to_json()
        .expect("the document is JSON")
});

async fn openapi() -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        OPENAPI.as_str(),
    )
        .into_response()
}

/// A JSON body whose rejections are API errors with a message, with the
/// statuses axum gives them: text that is no JSON (or not sent as JSON) is
/// 400, JSON whose content is refused (a missing or unknown field, a value
/// out of range such as a piece number above 9) is 422, a body over the
/// limit is 413.
pub(crate) struct JsonBody<T>(pub T);

impl<T, S> FromRequest<S> for JsonBody<T>
where
    Json<T>: FromRequest<S, Rejection = JsonRejection>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(request, state).await {
            Ok(Json(value)) => Ok(JsonBody(value)),
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => Err(
                ApiError::PayloadTooLarge(format!("the body is over {MAX_BODY_BYTES} bytes")),
            ),
            Err(rejection @ JsonRejection::JsonDataError(_)) => {
                Err(ApiError::refused(rejection.body_text()))
            }
            Err(rejection) => Err(ApiError::BadRequest(rejection.body_text())),
        }
    }
}

/// A query string whose rejections are API errors with a message.
pub(crate) struct QueryParams<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for QueryParams<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Query(value)| QueryParams(value))
            .map_err(|rejection: QueryRejection| ApiError::BadRequest(rejection.body_text()))
    }
}

/// A route that needs a token (a seat's, an organiser's): a request
/// without one is refused (401) before its body is read, so that an
/// unauthenticated client learns nothing of what the body should hold.
pub(crate) struct RequireToken;

impl<S: Send + Sync> FromRequestParts<S> for RequireToken {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        bearer(&parts.headers)
            .map(|_| RequireToken)
            .ok_or(ApiError::Unauthorized)
    }
}

pub(crate) fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
}

/// Stores a new game of kind `G` with its settings, first events and
/// seats; returns its id and view.
pub(crate) async fn create_game<G: Game>(
    app: &Arc<App>,
    settings: G::Settings,
    events: Vec<G::Event>,
    seats: Vec<(Seat, String)>,
) -> Result<(String, G::View), ApiError> {
    let entry = app.create::<G>(settings, events, seats).await?;
    created_view::<G>(&entry)
}

/// Stores a new game of kind `G` with its first events and seats, each
/// given by its token's hash (a bot's seat is its account token's);
/// returns its id and view.
pub(crate) async fn create_seated_game<G: Game>(
    app: &Arc<App>,
    settings: G::Settings,
    events: Vec<G::Event>,
    seat_hashes: Vec<(Seat, String)>,
) -> Result<(String, G::View), ApiError> {
    let entry = app
        .create_seated::<G>(settings, events, seat_hashes)
        .await?;
    created_view::<G>(&entry)
}

/// The new game's id and its view as a game of kind `G` (which it is:
/// it was made as one).
fn created_view<G: Game>(entry: &Entry) -> Result<(String, G::View), ApiError> {
    let state = entry.state.require::<G>()?;
    Ok((
        entry.id.clone(),
        state.view(&entry.id, crate::clock::now_ms()),
    ))
}

/// The games of `kind` the query asks for (only public challenges when
/// `public_only`: the lobby), read from their rows.
pub(crate) async fn list_games(
    app: &App,
    kind: Kind,
    query: ListQuery,
    public_only: bool,
) -> Result<Json<GameList>, ApiError> {
    let status = query.status.unwrap_or(Status::Finished);
    let limit = query.limit.unwrap_or_default().get();
    let rows = app.store.list(kind, status, public_only, limit).await?;
    let mut games = Vec::new();
    for row in rows {
        let settings = RawValue::from_string(row.settings)
            .map_err(|error| ApiError::Internal(format!("game {}: settings: {error}", row.id)))?;
        games.push(GameSummary {
            result: kind.result_text(&row.listing),
            outcome: outcome_view(kind, &row.listing),
            names: row.listing.names,
            id: row.id,
            status: row.status,
            settings,
            created_ms: row.created_ms,
            updated_ms: row.updated_ms,
        });
    }
    Ok(Json(GameList { games }))
}

/// A winning side on the wire: its stored name (`red`, `a`, …) is the
/// wire's, so the one reads as the other.
fn winner(kind: Kind, side: Side) -> Winner {
    let name = kind.side_name(side);
    Winner::deserialize(name.into_deserializer())
        .unwrap_or_else(|_: serde::de::value::Error| panic!("side '{name}' is no winner"))
}

/// How a listed game ended, for the kinds whose lists show it.
fn outcome_view(kind: Kind, listing: &Listing) -> Option<api::listing::Outcome> {
    if !kind.has_outcome() {
        return None;
    }
    let outcome = listing.outcome?;
    Some(api::listing::Outcome {
        winner: match outcome {
            Outcome::Won(side) => Some(winner(kind, side)),
            Outcome::Drawn | Outcome::Undecided => None,
        },
        drawn: outcome == Outcome::Drawn,
        reason: listing.termination.as_ref().map(ToString::to_string),
    })
}
