//! The HTTP API (`docs/api.md`, `/api/openapi.json`): thin handlers that
//! parse requests, call the game service and shape its answers.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, FromRequest, Path, Query, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use guard_towers::{Game, Position, Rules};
use guard_towers_engine::{Engine, Limits};
use kubb::throw::{Skill, SkillPreset};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::app::{now_ms, App, GameState};
use crate::error::ApiError;
use crate::gt::{self, Player, Seat, TimeControl};
use crate::security::{new_token, RateLimiter};
use crate::store::GameRow;
use crate::{kubb_match, web, ws};

/// The largest request body accepted.
pub const MAX_BODY_BYTES: usize = 16 * 1024;
/// The longest analysis a client may ask for.
const MAX_ANALYSIS: Duration = Duration::from_secs(10);
/// The most play-outs a win-probability request may ask for.
const MAX_PLAYOUTS: usize = 20_000;

pub struct Shared {
    pub app: Arc<App>,
    pub limiter: Option<RateLimiter>,
}

type AppState = Arc<Shared>;

pub fn router(shared: AppState) -> Router {
    let api = Router::new()
        .route("/api/health", get(health))
        .route("/api/openapi.json", get(openapi))
        .route("/api/gt/games", post(create_gt).get(list_gt))
        .route("/api/gt/games/{id}", get(gt_state))
        .route("/api/gt/games/{id}/join", post(join_gt))
        .route("/api/gt/games/{id}/moves", post(move_gt))
        .route("/api/gt/games/{id}/resign", post(resign_gt))
        .route("/api/gt/games/{id}/draw", post(draw_gt))
        .route("/api/gt/games/{id}/record", get(record_gt))
        .route("/api/gt/games/{id}/positions", get(positions_gt))
        .route("/api/gt/analysis", post(analyse))
        .route("/api/kubb/matches", post(create_kubb).get(list_kubb))
        .route("/api/kubb/matches/{id}", get(kubb_state))
        .route("/api/kubb/matches/{id}/events", post(kubb_event))
        .route("/api/kubb/matches/{id}/undo", post(kubb_undo))
        .route("/api/kubb/matches/{id}/stats", get(kubb_stats))
        .route("/api/kubb/matches/{id}/export", get(kubb_export))
        .route("/api/kubb/matches/{id}/probability", get(kubb_probability))
        .route("/api/kubb/matches/{id}/advice", get(kubb_advice))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .fallback(|| async { ApiError::NotFound("no such API path".into()) })
        .layer(middleware::from_fn_with_state(shared.clone(), rate_limit))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY_BYTES));
    Router::new()
        .route("/", get(web::page))
        .route("/{file}", get(web::file))
        .merge(api)
        .with_state(shared)
}

async fn rate_limit(
    State(shared): State<AppState>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    match &shared.limiter {
        Some(limiter) if !limiter.allow(client.ip()) => ApiError::TooManyRequests.into_response(),
        _ => next.run(request).await,
    }
}

/// Liveness, the games held in memory (bounded by `Tuning::cached_games`)
/// and the games a live socket watches.
async fn health(State(shared): State<AppState>) -> Json<Value> {
    Json(json!({
        "ok": true,
        "games_in_memory": shared.app.games_in_memory(),
        "games_watched": shared.app.hub.games_watched(),
    }))
}

async fn openapi() -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        include_str!("openapi.json"),
    )
        .into_response()
}

/// A JSON body whose rejections (malformed, wrong shape, too large) are
/// API errors with a message.
pub struct JsonBody<T>(pub T);

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
            Err(rejection) => Err(ApiError::BadRequest(rejection.body_text())),
        }
    }
}

fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
}

fn new_id() -> String {
    new_token()[..12].to_string()
}

fn gt_state_of(state: &GameState) -> Result<&gt::State, ApiError> {
    match state {
        GameState::Gt(state) => Ok(state),
        GameState::Kubb(_) => Err(ApiError::NotFound("that id is a Kubb match".into())),
    }
}

fn kubb_state_of(state: &GameState) -> Result<&kubb_match::State, ApiError> {
    match state {
        GameState::Kubb(state) => Ok(state),
        GameState::Gt(_) => Err(ApiError::NotFound(
            "that id is a Guard & Towers game".into(),
        )),
    }
}

// Guard & Towers.

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum Opponent {
    Engine,
    Friend,
    Engines,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateGt {
    opponent: Opponent,
    #[serde(default)]
    name: Option<String>,
    /// The creator's colour (engine or friend games).
    #[serde(default)]
    color: Option<Seat>,
    /// The engine's level (engine games).
    #[serde(default)]
    level: Option<u8>,
    /// Red's and Blue's levels (engine-against-engine games).
    #[serde(default)]
    levels: Option<[u8; 2]>,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    start: Option<String>,
    #[serde(default)]
    time_control: Option<TimeControl>,
}

fn checked_level(level: Option<u8>) -> Result<u8, ApiError> {
    match level.unwrap_or(10) {
        level @ 1..=10 => Ok(level),
        other => Err(ApiError::BadRequest(format!("level {other} is not 1-10"))),
    }
}

fn checked_name(name: Option<String>) -> Result<String, ApiError> {
    let name = name.unwrap_or_else(|| "anonymous".into());
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 40 || name.chars().any(char::is_control) {
        return Err(ApiError::BadRequest(
            "a name has 1-40 printable characters".into(),
        ));
    }
    Ok(name.to_string())
}

async fn create_gt(
    State(shared): State<AppState>,
    JsonBody(request): JsonBody<CreateGt>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let rules = request.rules.unwrap_or_else(|| "standard".into());
    if rules != "standard" && rules != "course" {
        return Err(ApiError::BadRequest(format!(
            "rules '{rules}' are not 'standard' or 'course'"
        )));
    }
    let start = request.start.unwrap_or_else(|| guard_towers::START.into());
    start
        .parse::<Position>()
        .map_err(|error| ApiError::BadRequest(format!("start position: {error}")))?;
    if let Some(tc) = request.time_control {
        if tc.initial_ms == 0 || tc.initial_ms > 24 * 3_600_000 || tc.increment_ms > 3_600_000 {
            return Err(ApiError::BadRequest(
                "a time control has 1 ms to 24 h and an increment up to 1 h".into(),
            ));
        }
    }
    let seat = request.color.unwrap_or(Seat::Red);
    let players = match request.opponent {
        Opponent::Engine => {
            let level = checked_level(request.level)?;
            let mut players = [Player::Engine { level }; 2];
            players[seat.color().index()] = Player::Human;
            players
        }
        Opponent::Friend => [Player::Human; 2],
        Opponent::Engines => {
            let [red, blue] = request.levels.unwrap_or([10, 10]);
            [
                Player::Engine {
                    level: checked_level(Some(red))?,
                },
                Player::Engine {
                    level: checked_level(Some(blue))?,
                },
            ]
        }
    };
    let settings = gt::Settings {
        rules,
        start,
        players,
        time_control: request.time_control,
    };
    let human = !matches!(request.opponent, Opponent::Engines);
    let name = checked_name(request.name)?;
    let token = new_token();
    let (events, seats) = if human {
        (
            vec![gt::Event::Joined { seat, name }.to_json()],
            vec![(seat.name().to_string(), token.clone())],
        )
    } else {
        (Vec::new(), Vec::new())
    };
    create_game(&shared.app, "gt", &settings, events, seats)
        .await
        .map(|(id, view)| {
            let mut answer = json!({ "id": id, "state": view });
            if human {
                answer["seat"] = json!(seat);
                answer["token"] = json!(token);
            }
            (StatusCode::CREATED, Json(answer))
        })
}

async fn create_game(
    app: &Arc<App>,
    kind: &str,
    settings: &impl serde::Serialize,
    events: Vec<Value>,
    seats: Vec<(String, String)>,
) -> Result<(String, Value), ApiError> {
    let now = now_ms();
    let settings_text = serde_json::to_string(settings).expect("settings serialise");
    let id = new_id();
    let state = match kind {
        "gt" => GameState::Gt(gt::State::new(
            serde_json::from_str(&settings_text).expect("round trip"),
            now,
        )?),
        _ => GameState::Kubb(
            kubb_match::State::new(&serde_json::from_str(&settings_text).expect("round trip"))
                .map_err(|e| ApiError::BadRequest(e.0))?,
        ),
    };
    let row = GameRow {
        id: id.clone(),
        kind: kind.into(),
        settings: settings_text,
        status: "waiting".into(),
        result: None,
        created_ms: now,
        updated_ms: now,
    };
    let entry = app.create(row, state, events, seats).await?;
    Ok((id, entry.state.view(&entry.id, now)))
}

#[derive(Deserialize)]
struct ListQuery {
    status: Option<String>,
    limit: Option<i64>,
}

async fn list_games(app: &App, kind: &str, query: ListQuery) -> Result<Json<Value>, ApiError> {
    let status = query.status.unwrap_or_else(|| "finished".into());
    if !["waiting", "active", "finished"].contains(&status.as_str()) {
        return Err(ApiError::BadRequest(format!(
            "status '{status}' is not waiting, active or finished"
        )));
    }
    let limit = query.limit.unwrap_or(50).clamp(1, 500);
    let games: Vec<Value> = app
        .store
        .list(kind, &status, limit)
        .await?
        .into_iter()
        .map(|row| {
            json!({
                "id": row.id,
                "status": row.status,
                "result": row.result,
                "settings": serde_json::from_str::<Value>(&row.settings).unwrap_or(Value::Null),
                "created_ms": row.created_ms,
                "updated_ms": row.updated_ms,
            })
        })
        .collect();
    Ok(Json(json!({ "games": games })))
}

async fn list_gt(
    State(shared): State<AppState>,
    Query(query): Query<ListQuery>,
) -> Result<Json<Value>, ApiError> {
    list_games(&shared.app, "gt", query).await
}

async fn gt_state(
    State(shared): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let slot = shared.app.lock(&id).await?;
    let entry = slot.as_ref().expect("loaded");
    gt_state_of(&entry.state)?;
    Ok(Json(entry.state.view(&id, now_ms())))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinGt {
    #[serde(default)]
    name: Option<String>,
}

async fn join_gt(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    JsonBody(request): JsonBody<JoinGt>,
) -> Result<Json<Value>, ApiError> {
    let name = checked_name(request.name)?;
    let mut slot = shared.app.lock(&id).await?;
    let entry = slot.as_ref().expect("loaded");
    let state = gt_state_of(&entry.state)?;
    let seat = Seat::BOTH
        .into_iter()
        .find(|&seat| state.settings.player(seat) == Player::Human && !state.is_seated(seat))
        .ok_or_else(|| ApiError::Conflict("no seat is free in this game".into()))?;
    let token = new_token();
    let event = gt::Event::Joined { seat, name }.to_json();
    let seat_token = (seat.name().to_string(), token.clone());
    shared
        .app
        .commit_event(&mut slot, event, Some(seat_token))
        .await?;
    let entry = slot.as_ref().expect("loaded");
    Ok(Json(json!({
        "id": id,
        "seat": seat,
        "token": token,
        "state": entry.state.view(&id, now_ms()),
    })))
}

/// Locks a Guard & Towers game and finds the seat of the request's token.
async fn seated(
    shared: &Shared,
    id: &str,
    headers: &HeaderMap,
) -> Result<(crate::app::Slot, Seat), ApiError> {
    let slot = shared.app.lock(id).await?;
    let entry = slot.as_ref().expect("loaded");
    gt_state_of(&entry.state)?;
    let seat = match entry.seat_of(bearer(headers))?.as_str() {
        "red" => Seat::Red,
        _ => Seat::Blue,
    };
    Ok((slot, seat))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRequest {
    #[serde(rename = "move")]
    mv: String,
}

async fn move_gt(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<MoveRequest>,
) -> Result<Json<Value>, ApiError> {
    let (mut slot, seat) = seated(&shared, &id, &headers).await?;
    let state = gt_state_of(&slot.as_ref().expect("loaded").state)?;
    let event = state.move_event(seat, &request.mv, now_ms())?;
    let forfeit = matches!(event, gt::Event::Forfeited { .. });
    shared
        .app
        .commit_event(&mut slot, event.to_json(), None)
        .await?;
    if forfeit {
        return Err(ApiError::Refused(
            "your time ran out: the game is lost on time".into(),
        ));
    }
    Ok(Json(
        slot.as_ref().expect("loaded").state.view(&id, now_ms()),
    ))
}

async fn resign_gt(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let (mut slot, seat) = seated(&shared, &id, &headers).await?;
    let event = gt::Event::Resigned { seat }.to_json();
    shared.app.commit_event(&mut slot, event, None).await?;
    Ok(Json(
        slot.as_ref().expect("loaded").state.view(&id, now_ms()),
    ))
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum DrawAction {
    Offer,
    Accept,
    Decline,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DrawRequest {
    action: DrawAction,
}

async fn draw_gt(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<DrawRequest>,
) -> Result<Json<Value>, ApiError> {
    let (mut slot, seat) = seated(&shared, &id, &headers).await?;
    let event = match request.action {
        DrawAction::Offer => gt::Event::DrawOffered { seat },
        DrawAction::Accept => gt::Event::DrawAgreed { seat },
        DrawAction::Decline => gt::Event::DrawDeclined { seat },
    };
    shared
        .app
        .commit_event(&mut slot, event.to_json(), None)
        .await?;
    Ok(Json(
        slot.as_ref().expect("loaded").state.view(&id, now_ms()),
    ))
}

async fn record_gt(
    State(shared): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let slot = shared.app.lock(&id).await?;
    let state = gt_state_of(&slot.as_ref().expect("loaded").state)?;
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        state.record().to_string(),
    )
        .into_response())
}

/// The position before the first move and after each move, for stepping
/// through a game.
async fn positions_gt(
    State(shared): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let slot = shared.app.lock(&id).await?;
    let state = gt_state_of(&slot.as_ref().expect("loaded").state)?;
    let positions: Vec<String> = state
        .game
        .positions()
        .iter()
        .map(ToString::to_string)
        .collect();
    Ok(Json(json!({ "positions": positions })))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalysisRequest {
    position: String,
    #[serde(default)]
    movetime_ms: Option<u64>,
    #[serde(default)]
    rules: Option<String>,
}

async fn analyse(
    State(shared): State<AppState>,
    JsonBody(request): JsonBody<AnalysisRequest>,
) -> Result<Json<Value>, ApiError> {
    let position: Position = request
        .position
        .parse()
        .map_err(|error| ApiError::BadRequest(format!("position: {error}")))?;
    let rules = match request.rules.as_deref() {
        Some("course") => Rules::COURSE,
        None | Some("standard") => Rules::STANDARD,
        Some(other) => {
            return Err(ApiError::BadRequest(format!(
                "rules '{other}' are not 'standard' or 'course'"
            )))
        }
    };
    let movetime = Duration::from_millis(request.movetime_ms.unwrap_or(1_000)).min(MAX_ANALYSIS);
    let game = Game::new(position, rules);
    if let Some(outcome) = game.outcome() {
        let (result, reason) = arena::record::rules_result(outcome);
        return Ok(Json(
            json!({ "over": true, "result": result.token(), "reason": reason }),
        ));
    }
    let _permit = shared.app.engine_permit().await?;
    let result = tokio::task::spawn_blocking(move || {
        let mut engine = Engine::new();
        engine.search(
            &game,
            &Limits {
                movetime: Some(movetime),
                ..Limits::default()
            },
        )
    })
    .await
    .map_err(|error| ApiError::Internal(format!("analysis: {error}")))?
    .ok_or_else(|| ApiError::Internal("analysis found no move".into()))?;
    Ok(Json(json!({
        "over": false,
        "best_move": result.best_move.to_string(),
        "score": result.score.to_string(),
        "depth": result.depth,
        "nodes": result.nodes,
        "pv": result.pv.iter().map(ToString::to_string).collect::<Vec<_>>(),
    })))
}

// Kubb.

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TeamRequest {
    name: String,
    #[serde(default)]
    players: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateKubb {
    #[serde(default)]
    ruleset: Option<String>,
    team_a: TeamRequest,
    team_b: TeamRequest,
}

fn team_info(team: TeamRequest) -> Result<kubb::TeamInfo, ApiError> {
    let name = checked_name(Some(team.name))?;
    let players = team
        .players
        .into_iter()
        .map(|player| checked_name(Some(player)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(kubb::TeamInfo { name, players })
}

async fn create_kubb(
    State(shared): State<AppState>,
    JsonBody(request): JsonBody<CreateKubb>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let settings = kubb_match::Settings {
        ruleset: request.ruleset.unwrap_or_else(|| "seed".into()),
    };
    settings
        .ruleset
        .parse::<kubb::Ruleset>()
        .map_err(|error| ApiError::BadRequest(error.to_string()))?;
    let teams = kubb::Event::Teams {
        a: team_info(request.team_a)?,
        b: team_info(request.team_b)?,
    };
    let token = new_token();
    let event = serde_json::to_value(kubb_match::Event::Referee { event: teams })
        .expect("events serialise");
    let seats = vec![("referee".to_string(), token.clone())];
    let (id, view) = create_game(&shared.app, "kubb", &settings, vec![event], seats).await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "id": id, "token": token, "state": view })),
    ))
}

async fn list_kubb(
    State(shared): State<AppState>,
    Query(query): Query<ListQuery>,
) -> Result<Json<Value>, ApiError> {
    list_games(&shared.app, "kubb", query).await
}

async fn kubb_state(
    State(shared): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let slot = shared.app.lock(&id).await?;
    let state = kubb_state_of(&slot.as_ref().expect("loaded").state)?;
    Ok(Json(state.view(&id)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KubbEventRequest {
    event: kubb::Event,
}

async fn referee(
    shared: &Shared,
    id: &str,
    headers: &HeaderMap,
    event: kubb_match::Event,
) -> Result<Json<Value>, ApiError> {
    let mut slot = shared.app.lock(id).await?;
    let entry = slot.as_ref().expect("loaded");
    kubb_state_of(&entry.state)?;
    entry.seat_of(bearer(headers))?;
    let event = serde_json::to_value(event).expect("events serialise");
    shared.app.commit_event(&mut slot, event, None).await?;
    let state = kubb_state_of(&slot.as_ref().expect("loaded").state)?;
    Ok(Json(state.view(id)))
}

async fn kubb_event(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonBody(request): JsonBody<KubbEventRequest>,
) -> Result<Json<Value>, ApiError> {
    let event = kubb_match::Event::Referee {
        event: request.event,
    };
    referee(&shared, &id, &headers, event).await
}

async fn kubb_undo(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    referee(&shared, &id, &headers, kubb_match::Event::Undone).await
}

async fn kubb_stats(
    State(shared): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let slot = shared.app.lock(&id).await?;
    let state = kubb_state_of(&slot.as_ref().expect("loaded").state)?;
    Ok(Json(json!({ "players": state.stats() })))
}

#[derive(Deserialize)]
struct ExportQuery {
    format: Option<String>,
}

async fn kubb_export(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<ExportQuery>,
) -> Result<Response, ApiError> {
    let slot = shared.app.lock(&id).await?;
    let state = kubb_state_of(&slot.as_ref().expect("loaded").state)?;
    let text = match query.format.as_deref().unwrap_or("log") {
        "log" => kubb::log::write(&state.ruleset, &state.events),
        "notation" => kubb::notation::export(&state.events, state.ruleset)
            .map_err(|error| ApiError::Refused(error.to_string()))?,
        other => {
            return Err(ApiError::BadRequest(format!(
                "format '{other}' is not 'log' or 'notation'"
            )))
        }
    };
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

#[derive(Deserialize)]
struct ProbabilityQuery {
    a: Option<String>,
    b: Option<String>,
    games: Option<usize>,
    seed: Option<u64>,
}

fn skill(name: Option<&str>) -> Result<Skill, ApiError> {
    name.map_or(Ok(SkillPreset::Experienced), str::parse)
        .map(Skill::from)
        .map_err(|error| ApiError::BadRequest(error.to_string()))
}

async fn kubb_probability(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<ProbabilityQuery>,
) -> Result<Json<Value>, ApiError> {
    let skills = [skill(query.a.as_deref())?, skill(query.b.as_deref())?];
    let games = query.games.unwrap_or(2_000).clamp(1, MAX_PLAYOUTS);
    let seed = query.seed.unwrap_or(1);
    let [a, b] = on_current_match(&shared, &id, move |current| {
        kubb::simulate::win_probability(&current, skills, games, seed)
    })
    .await?;
    Ok(Json(json!({
        "a": a,
        "b": b,
        "games": games,
        "seed": seed,
        "generator": "ChaCha8Rng, play-out i on stream i",
    })))
}

/// The best next decision of the team to act, by Monte Carlo
/// (`kubb::advice`), with each team's chance to win.
async fn kubb_advice(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    Query(query): Query<ProbabilityQuery>,
) -> Result<Json<Value>, ApiError> {
    let skills = [skill(query.a.as_deref())?, skill(query.b.as_deref())?];
    let playouts = query.games.unwrap_or(500).clamp(1, MAX_PLAYOUTS / 10);
    let seed = query.seed.unwrap_or(1);
    let advice = on_current_match(&shared, &id, move |current| {
        kubb::advice::advise(&current, skills, playouts, seed)
    })
    .await?;
    let options: Vec<Value> = advice
        .options
        .iter()
        .map(|option| {
            json!({
                "decision": option.decision.to_string(),
                "win_probability": option.win_probability,
            })
        })
        .collect();
    Ok(Json(json!({
        "a": advice.win_probability[0],
        "b": advice.win_probability[1],
        "deciding": advice.deciding,
        "best": advice.best().map(|best| best.decision.to_string()),
        "gain": advice.gain,
        "options": options,
        "playouts": advice.playouts,
        "seed": advice.seed,
    })))
}

/// Runs simulation `work` on a copy of the match's current state, in the
/// engine pool (the game's lock is not held meanwhile).
async fn on_current_match<T: Send + 'static>(
    shared: &Shared,
    id: &str,
    work: impl FnOnce(kubb::Match) -> T + Send + 'static,
) -> Result<T, ApiError> {
    let current = {
        let slot = shared.app.lock(id).await?;
        kubb_state_of(&slot.as_ref().expect("loaded").state)?
            .current
            .clone()
    };
    let _permit = shared.app.engine_permit().await?;
    tokio::task::spawn_blocking(move || work(current))
        .await
        .map_err(|error| ApiError::Internal(format!("simulation: {error}")))
}
