//! The Guard & Towers routes: games against the engine, a friend (seated
//! by the invitation secret of the game's link), anyone (a public
//! challenge of the lobby) or engines, their moves, resignations and
//! draws, records, positions, a position's legal moves and analysis.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use api::board::{Board, MoveView};
use api::gt::{
    Analysis, AnalysisRequest, Answer, CreateGame, GtState, JoinRequest, MoveRequest, OfferRequest,
    Opponent, PositionInfo, PositionRequest, Positions, RematchAnswer, ResultView, SeatGranted,
};
use api::listing::{GameList, ListQuery};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use guard_towers::record::{GameResult, Termination};
use guard_towers::{Color, Game, Move, Position};
use guard_towers_engine::{Engine, Limits};
use tournament::Name;

use crate::accounts::SignedIn;
use crate::app::Loaded;
use crate::bots;
use crate::clock::now_ms;
use crate::contest;
use crate::error::ApiError;
use crate::games::gt::{self, Player, Rematch, Seating, Settings};
use crate::games::RegisteredKind;
use crate::http::accounts::Session;
use crate::http::{
    bearer, create_seated_game, list_games, AppState, JsonBody, QueryParams, RequireToken, Shared,
};
use crate::seat::Seat;
use crate::security::{new_token, token_hash};
use crate::status::Status;

/// The name of a seat taken without one.
const ANONYMOUS: &str = "anonymous";

/// The longest analysis a client may ask for.
const MAX_ANALYSIS: Duration = Duration::from_secs(10);

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/gt/games", post(create).get(list))
        .route("/api/gt/games/{id}", get(state))
        .route("/api/gt/games/{id}/join", post(join))
        .route("/api/gt/games/{id}/moves", post(play))
        .route("/api/gt/games/{id}/resign", post(resign))
        .route("/api/gt/games/{id}/draw", post(draw))
        .route("/api/gt/games/{id}/rematch", post(rematch))
        .route("/api/gt/games/{id}/record", get(record))
        .route("/api/gt/games/{id}/positions", get(positions))
        .route("/api/gt/analysis", post(analyse))
        .route("/api/gt/position", post(position))
        .route(
            "/api/gt/course-logs",
            post(import_course_log).layer(DefaultBodyLimit::max(MAX_LOG_BYTES)),
        )
}

/// The largest contest log accepted: a ply takes about 110 bytes, and a
/// course game without draw rules may run to thousands of plies.
const MAX_LOG_BYTES: usize = 1024 * 1024;

/// Imports a log of the course's contest server, sent as the body's text,
/// into the archive (`crate::contest`).
async fn import_course_log(
    State(shared): State<AppState>,
    body: Result<Bytes, BytesRejection>,
) -> Result<(StatusCode, Json<contest::Imported>), ApiError> {
    let body = body.map_err(|rejection| match rejection.status() {
        StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::PayloadTooLarge(format!("a contest log over {MAX_LOG_BYTES} bytes"))
        }
        _ => ApiError::BadRequest(rejection.body_text()),
    })?;
    let text = std::str::from_utf8(&body)
        .map_err(|error| ApiError::BadRequest(format!("the log is not UTF-8 text: {error}")))?;
    let imported = contest::import(&shared.app, text).await?;
    Ok((StatusCode::CREATED, Json(imported)))
}

/// The seat name under which a friend game's invitation secret is kept
/// (hashed, as the seat tokens are). It is no colour: it seats nobody.
const INVITATION: Seat = Seat::Invite;

/// The game's state; another kind is 404, as an unknown id.
fn state_of(game: &Loaded) -> Result<&gt::State, ApiError> {
    game.state.require::<gt::State>()
}

async fn create(
    State(shared): State<AppState>,
    Session(me): Session,
    JsonBody(request): JsonBody<CreateGame>,
) -> Result<(StatusCode, Json<SeatGranted>), ApiError> {
    let start = match &request.start {
        Some(text) => text
            .parse::<Position>()
            .map_err(|error| ApiError::refused(format!("start position: {error}")))?,
        None => Position::start(),
    };
    let seat = request.color.unwrap_or(Color::Red);
    let players = match request.opponent {
        Opponent::Engine => {
            let mut players = [Player::Engine {
                level: request.level.unwrap_or(10),
            }; 2];
            players[seat.index()] = Player::Human;
            players
        }
        Opponent::Bot => {
            let mut players = [Player::Bot; 2];
            players[seat.index()] = Player::Human;
            players
        }
        Opponent::Friend | Opponent::Public => [Player::Human; 2],
        Opponent::Engines => request
            .levels
            .unwrap_or([10, 10])
            .map(|level| Player::Engine { level }),
    };
    let settings = Settings::new(
        request.rules.unwrap_or_default(),
        start,
        players,
        request.time_control,
    )
    .and_then(|settings| settings.rated(request.rated))
    .map_err(ApiError::from)?
    .seated_by(seating_of(&request.opponent));
    let human = !matches!(request.opponent, Opponent::Engines);
    let name = seat_name(&shared, request.name, request.rated, me.as_ref()).await?;
    let token = new_token();
    let (events, mut seats) = if human {
        let joined = gt::Event::Joined { seat, name };
        (vec![joined], vec![(Seat::Player(seat), token.clone())])
    } else {
        (Vec::new(), Vec::new())
    };
    let invite = matches!(request.opponent, Opponent::Friend).then(new_token);
    if let Some(secret) = &invite {
        seats.push((INVITATION, secret.clone()));
    }
    let mut seats: Vec<(Seat, String)> = seats
        .into_iter()
        .map(|(seat, token)| (seat, token_hash(&token)))
        .collect();
    let mut events = events;
    if let Opponent::Bot = request.opponent {
        let (joined, seat) = bot_seat(&shared, request.bot.as_ref(), !seat).await?;
        events.push(joined);
        seats.push(seat);
    }
    let (id, view) = create_seated_game::<gt::State>(&shared.app, settings, events, seats).await?;
    let created = SeatGranted {
        id,
        seat: human.then_some(seat),
        token: human.then_some(token),
        invite,
        state: view,
    };
    Ok((StatusCode::CREATED, Json(created)))
}

fn seating_of(opponent: &Opponent) -> Seating {
    match opponent {
        Opponent::Public => Seating::Public,
        Opponent::Engine | Opponent::Friend | Opponent::Engines | Opponent::Bot => {
            Seating::Invitation
        }
    }
}

/// The bot named `bot` seated at `seat`: its joining and its seat, held by
/// its account token's hash; 400 without a name, 404 for no such bot.
async fn bot_seat(
    shared: &Shared,
    bot: Option<&Name>,
    seat: Color,
) -> Result<(gt::Event, (Seat, String)), ApiError> {
    let bot = bot.ok_or_else(|| ApiError::refused("a bot game names its 'bot'"))?;
    let hash = bots::seat_hash(&shared.app.store, bot).await?;
    let joined = gt::Event::Joined {
        seat,
        name: bot.to_string(),
    };
    Ok((joined, (Seat::Player(seat), hash)))
}

/// The archive, active games, or (`status=waiting`) the lobby: the
/// public challenges only, never a friend's game waiting for its guest.
async fn list(
    State(shared): State<AppState>,
    QueryParams(query): QueryParams<ListQuery>,
) -> Result<Json<GameList>, ApiError> {
    let lobby = query.status == Some(Status::Waiting);
    list_games(&shared.app, gt::State::KIND, query, lobby).await
}

async fn state(
    State(shared): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<GtState>, ApiError> {
    let game = shared.app.lock(&id).await?;
    state_of(&game)?;
    Ok(Json(state_of(&game)?.view(&id, now_ms())))
}

async fn join(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    Session(me): Session,
    JsonBody(request): JsonBody<JoinRequest>,
) -> Result<Json<SeatGranted>, ApiError> {
    let mut game = shared.app.lock(&id).await?;
    let rated = state_of(&game)?.settings.rated;
    let name = seat_name(&shared, request.name, rated, me.as_ref()).await?;
    let state = state_of(&game)?;
    let seat = Color::ALL
        .into_iter()
        .find(|&seat| state.settings.player(seat) == Player::Human && !state.is_seated(seat))
        .ok_or_else(|| {
            ApiError::Conflict("no seat is free in this game".into())
                .precisely(api::Code::GtNoSeatFree, serde_json::Map::new())
        })?;
    check_invitation(&game, state, request.invite.as_deref())?;
    let token = new_token();
    let event = gt::Event::Joined { seat, name };
    let seat_token = (Seat::Player(seat), token.clone());
    shared
        .app
        .commit_event(&mut game, event, Some(seat_token))
        .await?;
    Ok(Json(SeatGranted {
        state: state_of(&game)?.view(&id, now_ms()),
        id,
        seat: Some(seat),
        token: Some(token),
        invite: None,
    }))
}

/// The name a seat is taken under. A rated game is played signed in,
/// under the account's own name, since the rating goes with it; a casual
/// one under any name that is no one else's (an account's name only by
/// that account), or `anonymous`.
async fn seat_name(
    shared: &Shared,
    name: Option<String>,
    rated: bool,
    me: Option<&SignedIn>,
) -> Result<String, ApiError> {
    if rated {
        let me = me.ok_or_else(|| {
            ApiError::SignInNeeded(
                "a rated game is played signed in, under your account's name: sign in at /account"
                    .into(),
            )
            .precisely(api::Code::AccountRatedSignedIn, serde_json::Map::new())
        })?;
        if let Some(name) = name.filter(|name| name.trim() != me.name) {
            return Err(ApiError::refused(format!(
                "you are signed in as '{}': a rated game is played under your own name, not '{}'",
                me.name,
                name.trim()
            ))
            .precisely(
                api::Code::AccountRatedOwnName,
                serde_json::Map::from_iter([
                    ("account".to_string(), me.name.as_str().into()),
                    ("name".to_string(), name.trim().into()),
                ]),
            ));
        }
        return Ok(me.name.clone());
    }
    match name {
        Some(name) => Ok(
            crate::names::acting(&shared.app.store, &name, me.map(|me| &*me.name))
                .await?
                .to_string(),
        ),
        None => Ok(me.map_or_else(|| ANONYMOUS.to_string(), |me| me.name.clone())),
    }
}

/// A friend game seats only the holder of its link's secret; a public
/// challenge (or a game stored before invitations) anyone.
fn check_invitation(
    game: &Loaded,
    state: &gt::State,
    secret: Option<&str>,
) -> Result<(), ApiError> {
    if state.settings.seating == Seating::Public || !game.seats.contains_key(&INVITATION) {
        return Ok(());
    }
    let refused = || {
        ApiError::Forbidden(
            "this game is by invitation: open the full link you were sent (its secret is missing or wrong)"
                .into(),
        )
        .precisely(api::Code::GtByInvitation, serde_json::Map::new())
    };
    match game.seat_of(secret) {
        Ok(seat) if seat == INVITATION => Ok(()),
        _ => Err(refused()),
    }
}

/// Locks a Guard & Towers game and finds the seat of the request's token.
async fn seated(
    shared: &Shared,
    id: &str,
    headers: &HeaderMap,
) -> Result<(Loaded, Color), ApiError> {
    let game = shared.app.lock(id).await?;
    state_of(&game)?;
    match game.seat_of(bearer(headers))? {
        Seat::Player(seat) => Ok((game, seat)),
        Seat::Invite => Err(ApiError::Forbidden(
            "an invitation is not a seat: join the game first".into(),
        )
        .precisely(api::Code::GtInvitationNotASeat, serde_json::Map::new())),
        // The other seats of a game hold a rematch offerer's token for the
        // return game, not yet played.
        _ => Err(
            ApiError::Forbidden("this token is for the rematch, not for this game".into())
                .precisely(api::Code::GtRematchToken, serde_json::Map::new()),
        ),
    }
}

/// Commits a seat's event and answers with the game's view.
async fn commit(
    shared: &Shared,
    mut game: Loaded,
    event: gt::Event,
) -> Result<Json<GtState>, ApiError> {
    shared.app.commit_event(&mut game, event, None).await?;
    Ok(Json(state_of(&game)?.view(&game.id, now_ms())))
}

async fn play(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    _token: RequireToken,
    headers: HeaderMap,
    JsonBody(request): JsonBody<MoveRequest>,
) -> Result<Json<GtState>, ApiError> {
    let mv: Move = gt::parse_move(&request.mv)?;
    let (mut game, seat) = seated(&shared, &id, &headers).await?;
    let event = state_of(&game)?.move_event(seat, mv, now_ms())?;
    if let gt::Event::Forfeited { .. } = event {
        shared.app.commit_event(&mut game, event, None).await?;
        return Err(ApiError::refused(
            "your time ran out: the game is lost on time",
        ));
    }
    commit(&shared, game, event).await
}

async fn resign(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<GtState>, ApiError> {
    let (game, seat) = seated(&shared, &id, &headers).await?;
    commit(&shared, game, gt::Event::Resigned { seat }).await
}

async fn draw(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    _token: RequireToken,
    headers: HeaderMap,
    JsonBody(request): JsonBody<OfferRequest>,
) -> Result<Json<GtState>, ApiError> {
    let (game, seat) = seated(&shared, &id, &headers).await?;
    let event = match request.action {
        Answer::Offer => gt::Event::DrawOffered { seat },
        Answer::Accept => gt::Event::DrawAgreed { seat },
        Answer::Decline => gt::Event::DrawDeclined { seat },
    };
    commit(&shared, game, event).await
}

/// A return game after a finished one: offered by one seat, accepted or
/// declined by the other. An offer while the other's offer is open
/// accepts it, so two players who both press Rematch meet in one game.
async fn rematch(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    _token: RequireToken,
    headers: HeaderMap,
    JsonBody(request): JsonBody<OfferRequest>,
) -> Result<Json<RematchAnswer>, ApiError> {
    let (mut game, seat) = seated(&shared, &id, &headers).await?;
    let state = state_of(&game)?;
    if let Some(refusal) = state.rematch_refusal() {
        return Err(ApiError::Conflict(refusal.to_string()));
    }
    let open_offer = state
        .rematch_offer()
        .filter(|&(offerer, _)| offerer == !seat);
    match (request.action, open_offer) {
        (Answer::Decline, _) => {
            let event = gt::Event::RematchDeclined { seat };
            let Json(state) = commit(&shared, game, event).await?;
            Ok(Json(RematchAnswer {
                state,
                game: None,
                seat: None,
                token: None,
            }))
        }
        (Answer::Offer, None) => offer_rematch(&shared, game, seat).await,
        (Answer::Offer | Answer::Accept, Some((_, offer_seq))) => {
            accept_rematch(&shared, &mut game, seat, offer_seq).await
        }
        (Answer::Accept, None) => Err(ApiError::refused(format!(
            "{seat} has no rematch offer to answer"
        ))),
    }
}

/// Offers a rematch: the offerer's token for the return game is made now
/// and given to the offerer alone; the game keeps only its hash, under
/// the offer's own seat name, until the other seat accepts.
async fn offer_rematch(
    shared: &Shared,
    mut game: Loaded,
    seat: Color,
) -> Result<Json<RematchAnswer>, ApiError> {
    let key = Rematch::seat_key(state_of(&game)?.seq + 1);
    let token = new_token();
    let event = gt::Event::RematchOffered { seat };
    shared
        .app
        .commit_event(&mut game, event, Some((key, token.clone())))
        .await?;
    Ok(Json(RematchAnswer {
        state: state_of(&game)?.view(&game.id, now_ms()),
        game: None,
        seat: Some(!seat),
        token: Some(token),
    }))
}

/// Accepts the open offer: the return game is created with both seats
/// taken, colours swapped (the offerer's seat held by the token it was
/// given with its offer), then the agreement is recorded with its id.
async fn accept_rematch(
    shared: &Shared,
    game: &mut Loaded,
    seat: Color,
    offer_seq: i64,
) -> Result<Json<RematchAnswer>, ApiError> {
    let state = state_of(game)?;
    let offerer_hash = game
        .seats
        .get(&Rematch::seat_key(offer_seq))
        .cloned()
        .ok_or_else(|| {
            ApiError::Internal(format!("game {}: no seat for the rematch offer", game.id))
        })?;
    let settings = state.rematch_settings();
    let events = Color::ALL
        .map(|new_seat| {
            let name = state.names[(!new_seat).index()].clone();
            gt::Event::Joined {
                seat: new_seat,
                name: name.unwrap_or_else(|| ANONYMOUS.into()),
            }
        })
        .to_vec();
    let token = new_token();
    let seats = vec![
        (Seat::Player(!seat), token_hash(&token)),
        (Seat::Player(seat), offerer_hash),
    ];
    let (rematch_id, _) =
        create_seated_game::<gt::State>(&shared.app, settings, events, seats).await?;
    let agreed = gt::Event::RematchAgreed {
        seat,
        game: rematch_id.clone(),
    };
    shared.app.commit_event(game, agreed, None).await?;
    Ok(Json(RematchAnswer {
        state: state_of(game)?.view(&game.id, now_ms()),
        game: Some(rematch_id),
        seat: Some(!seat),
        token: Some(token),
    }))
}

async fn record(
    State(shared): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let game = shared.app.lock(&id).await?;
    let record = state_of(&game)?.record();
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        record.to_string(),
    )
        .into_response())
}

/// The position before the first move and after each move, for stepping
/// through a game.
async fn positions(
    State(shared): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Positions>, ApiError> {
    let game = shared.app.lock(&id).await?;
    let positions = state_of(&game)?.game.positions().to_vec();
    let boards = positions.iter().map(Board::from).collect();
    Ok(Json(Positions { positions, boards }))
}

/// A stop flag raised when it is dropped.
#[derive(Default)]
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

async fn analyse(
    State(shared): State<AppState>,
    JsonBody(request): JsonBody<AnalysisRequest>,
) -> Result<Json<Analysis>, ApiError> {
    let position: Position = request
        .position
        .parse()
        .map_err(|error| ApiError::refused(format!("position: {error}")))?;
    let rules = request.rules.unwrap_or_default().rules();
    let movetime = Duration::from_millis(request.movetime_ms.unwrap_or(1_000)).min(MAX_ANALYSIS);
    let game = Game::new(position, rules);
    if let Some(outcome) = game.outcome() {
        return Ok(Json(Analysis::Over {
            over: true,
            result: GameResult::of(outcome),
            reason: Termination::of(outcome),
        }));
    }
    let _permit = shared.app.engine_permit().await?;
    // A client that leaves (its request dropped) stops its search.
    let stop = StopOnDrop::default();
    let searching = stop.0.clone();
    let tablebase = shared.app.tuning.tablebase.current();
    let result = tokio::task::spawn_blocking(move || {
        let limits = Limits {
            movetime: Some(movetime),
            ..Limits::default()
        };
        let mut engine = Engine::new();
        // The permit is one of the scheduler's threads: one search thread.
        engine.set_threads(1);
        engine.set_tablebase(tablebase);
        engine.go(&game, &limits, &searching, &mut |_| {})
    })
    .await
    .map_err(|error| ApiError::Internal(format!("analysis: {error}")))?
    .ok_or_else(|| ApiError::Internal("analysis found no move".into()))?;
    Ok(Json(Analysis::Searched {
        over: false,
        best_move: result.best_move,
        best: result.best_move.into(),
        score: result.score.to_string(),
        depth: result.depth,
        nodes: result.nodes,
        line: result.pv.iter().map(|&mv| MoveView::from(mv)).collect(),
        pv: result.pv,
        tablebase: result.tablebase,
    }))
}

async fn position(
    JsonBody(request): JsonBody<PositionRequest>,
) -> Result<Json<PositionInfo>, ApiError> {
    let position: Position = request
        .position
        .parse()
        .map_err(|error| ApiError::refused(format!("position: {error}")))?;
    let mut game = Game::new(position, request.rules.unwrap_or_default().rules());
    let last_move = request.mv.as_deref().map(gt::parse_move).transpose()?;
    if let Some(mv) = last_move {
        if game.outcome().is_some() || !game.position().is_legal(mv) {
            return Err(ApiError::refused(format!(
                "{mv} is not a legal move in this position"
            )));
        }
        game.play(mv)
            .map_err(|error| ApiError::refused(error.to_string()))?;
    }
    let position = *game.position();
    let result = game.outcome().map(|outcome| {
        let score = GameResult::of(outcome);
        ResultView {
            score,
            winner: score.winner(),
            reason: Termination::of(outcome),
        }
    });
    let legal_moves = if result.is_some() {
        Vec::new()
    } else {
        game.legal_moves().to_vec()
    };
    Ok(Json(PositionInfo {
        position,
        board: Board::from(&position),
        side_to_move: position.side_to_move(),
        legal: legal_moves.iter().map(|&mv| MoveView::from(mv)).collect(),
        legal_moves,
        last_move: last_move.map(MoveView::from),
        result,
    }))
}
