//! The tournament routes: the organiser creates a tournament (and gets its
//! token), registers entrants, starts rounds (each pairing's game is
//! created) and records or corrects results; anyone reads the standings,
//! crosstable, pairings, bracket and exports. Live updates are the games'
//! own socket, `/api/games/{id}/ws`.

use ::tournament::pitches::Pitch;
use api::listing::{GameList, ListQuery};
use api::tournament::{
    CreateTournament, EntrantRequest, Pitches, ResultRequest, RoundStarted, SetPitches,
    StartRequest, Table, TableQuery, TournamentCreated, TournamentGames, TournamentState,
    WithdrawalRequest,
};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};

use crate::app::Loaded;
use crate::clock::now_ms;
use crate::error::ApiError;
use crate::games::tournament::games::{
    check_organiser, pairing_games, start_round, state_of, sync_results,
};
use crate::games::tournament::{self, Entrant, Event, GameSettings, Owner, Settings};
use crate::games::RegisteredKind;
use crate::http::accounts::Session;
use crate::http::{
    bearer, create_game, list_games, AppState, JsonBody, QueryParams, RequireToken, Shared,
};
use crate::seat::Seat;
use crate::security::new_token;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/tournaments", post(create).get(list))
        .route("/api/tournaments/{id}", get(show))
        .route("/api/tournaments/{id}/entrants", post(register))
        .route("/api/tournaments/{id}/withdrawals", post(withdraw))
        .route("/api/tournaments/{id}/rounds", post(next_round))
        .route("/api/tournaments/{id}/games", get(games))
        .route("/api/tournaments/{id}/results", post(result))
        .route(
            "/api/tournaments/{id}/pitches",
            get(pitches).put(set_pitches),
        )
        .route("/api/tournaments/{id}/starts", post(start))
        .route("/api/tournaments/{id}/bracket", get(bracket))
        .route("/api/tournaments/{id}/export", get(export))
}

fn refused(refusal: tournament::Refusal) -> ApiError {
    ApiError::from(refusal)
}

async fn create(
    State(shared): State<AppState>,
    Session(me): Session,
    JsonBody(request): JsonBody<CreateTournament>,
) -> Result<(StatusCode, Json<TournamentCreated>), ApiError> {
    let format = ::tournament::Settings::new(
        request.game,
        request.format,
        request.rounds,
        request.pools,
        request.qualifiers,
        request.third_place,
    )
    .map_err(|error| refused(::tournament::TournamentError::from(error).into()))?;
    let games = GameSettings {
        ruleset: request.ruleset,
        match_settings: request.match_settings,
        time_control: request.time_control,
    };
    let owner = me.map_or(Owner::Nobody, |me| Owner::Account(me.name));
    let settings = Settings::new(request.title, format, games, owner).map_err(refused)?;
    let token = new_token();
    let seats = vec![(Seat::Organiser, token.clone())];
    let (id, view) =
        create_game::<tournament::State>(&shared.app, settings, Vec::new(), seats).await?;
    let created = TournamentCreated {
        id,
        token,
        state: view,
    };
    Ok((StatusCode::CREATED, Json(created)))
}

async fn list(
    State(shared): State<AppState>,
    QueryParams(query): QueryParams<ListQuery>,
) -> Result<Json<GameList>, ApiError> {
    list_games(&shared.app, tournament::State::KIND, query, false).await
}

async fn show(
    State(shared): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<TournamentState>, ApiError> {
    let tournament = shared.app.lock(&id).await?;
    Ok(Json(state_of(&tournament)?.view(&id, now_ms())))
}

/// Locks a tournament for its organiser.
async fn organised(shared: &Shared, id: &str, headers: &HeaderMap) -> Result<Loaded, ApiError> {
    let tournament = shared.app.lock(id).await?;
    state_of(&tournament)?;
    check_organiser(&tournament, bearer(headers))?;
    Ok(tournament)
}

/// Commits an organiser's event and answers with the tournament.
async fn commit(
    shared: &Shared,
    mut tournament: Loaded,
    event: Event,
) -> Result<Json<TournamentState>, ApiError> {
    shared
        .app
        .commit_event(&mut tournament, event, None)
        .await?;
    Ok(Json(state_of(&tournament)?.view(&tournament.id, now_ms())))
}

async fn register(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    _token: RequireToken,
    headers: HeaderMap,
    JsonBody(request): JsonBody<EntrantRequest>,
) -> Result<Json<TournamentState>, ApiError> {
    let store = &shared.app.store;
    let mut players = Vec::with_capacity(request.players.len());
    for player in &request.players {
        players.push(crate::names::mentioned(store, player).await?.to_string());
    }
    let tournament = organised(&shared, &id, &headers).await?;
    crate::names::mentioned(store, request.name.as_str()).await?;
    if request.bot {
        if !players.is_empty() {
            return Err(refused(tournament::Refusal::check(
                api::Code::TournamentBotNoPlayers,
                None,
                "a bot entrant has no players",
            )));
        }
        crate::bots::seat_hash(&shared.app.store, &request.name).await?;
        let event = Event::BotRegistered { name: request.name };
        return commit(&shared, tournament, event).await;
    }
    let entrant = Entrant {
        name: request.name,
        players,
    };
    commit(&shared, tournament, Event::Registered { entrant }).await
}

async fn withdraw(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    _token: RequireToken,
    headers: HeaderMap,
    JsonBody(request): JsonBody<WithdrawalRequest>,
) -> Result<Json<TournamentState>, ApiError> {
    let tournament = organised(&shared, &id, &headers).await?;
    commit(&shared, tournament, Event::Withdrawn { name: request.name }).await
}

async fn next_round(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<(StatusCode, Json<RoundStarted>), ApiError> {
    let mut tournament = organised(&shared, &id, &headers).await?;
    let organiser = bearer(&headers).ok_or(ApiError::Unauthorized)?;
    let round = start_round(&shared.app, &mut tournament, organiser).await?;
    let state = state_of(&tournament)?;
    let games = pairing_games(state, &id, organiser, now_ms())
        .into_iter()
        .filter(|game| game.round == round)
        .collect();
    let started = RoundStarted {
        round,
        games,
        state: state.view(&id, now_ms()),
    };
    Ok((StatusCode::CREATED, Json(started)))
}

/// Every game of the tournament with its seat tokens, for the organiser.
async fn games(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<TournamentGames>, ApiError> {
    let tournament = organised(&shared, &id, &headers).await?;
    let organiser = bearer(&headers).ok_or(ApiError::Unauthorized)?;
    let games = pairing_games(state_of(&tournament)?, &id, organiser, now_ms());
    Ok(Json(TournamentGames { games }))
}

/// Records a result, or corrects it when the pairing has one.
async fn result(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    _token: RequireToken,
    headers: HeaderMap,
    JsonBody(request): JsonBody<ResultRequest>,
) -> Result<Json<TournamentState>, ApiError> {
    let mut tournament = organised(&shared, &id, &headers).await?;
    // A game that ended meanwhile is recorded first, so that the organiser's
    // word corrects it rather than being overwritten by it.
    sync_results(&shared.app, &mut tournament).await?;
    let event = state_of(&tournament)?
        .result_event(
            &request.first,
            &request.second,
            request.score,
            request.kubbs,
            request.round,
        )
        .map_err(ApiError::from)?;
    commit(&shared, tournament, event).await
}

/// The pitches, each with the pairing on it now.
async fn pitches(
    State(shared): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Pitches>, ApiError> {
    let tournament = shared.app.lock(&id).await?;
    let pitches = state_of(&tournament)?.pitch_views();
    Ok(Json(Pitches { pitches }))
}

/// Sets the pitches: waiting pairings are called to the free ones at
/// once, in the same commit.
async fn set_pitches(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    _token: RequireToken,
    headers: HeaderMap,
    JsonBody(request): JsonBody<SetPitches>,
) -> Result<Json<Pitches>, ApiError> {
    let mut pitches = Vec::with_capacity(request.pitches.len());
    for pitch in request.pitches {
        pitches.push(Pitch {
            name: crate::names::checked(&pitch.name)?,
            in_play: pitch.in_play,
        });
    }
    let mut tournament = organised(&shared, &id, &headers).await?;
    let event = Event::PitchesSet { pitches };
    shared
        .app
        .commit_event(&mut tournament, event, None)
        .await?;
    let pitches = state_of(&tournament)?.pitch_views();
    Ok(Json(Pitches { pitches }))
}

/// Marks a pairing's match started, by the organiser's word.
async fn start(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    _token: RequireToken,
    headers: HeaderMap,
    JsonBody(request): JsonBody<StartRequest>,
) -> Result<Json<TournamentState>, ApiError> {
    let mut tournament = organised(&shared, &id, &headers).await?;
    sync_results(&shared.app, &mut tournament).await?;
    let (round, index) = state_of(&tournament)?
        .pairing_between(&request.first, &request.second, request.round)
        .map_err(ApiError::from)?;
    commit(&shared, tournament, Event::PairingStarted { round, index }).await
}

async fn bracket(
    State(shared): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let tournament = shared.app.lock(&id).await?;
    let svg = ::tournament::export::bracket_svg(&state_of(&tournament)?.tournament)
        .ok_or_else(|| ApiError::NotFound("this tournament has no knockout bracket yet".into()))?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

/// The pairings or the standings as CSV.
async fn export(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    QueryParams(query): QueryParams<TableQuery>,
) -> Result<Response, ApiError> {
    let tournament = shared.app.lock(&id).await?;
    let t = &state_of(&tournament)?.tournament;
    let csv = match query.table.unwrap_or(Table::Pairings) {
        Table::Pairings => ::tournament::export::csv(t),
        Table::Standings => ::tournament::export::standings_csv(&t.standings()),
    };
    let disposition = format!("attachment; filename=\"tournament-{id}.csv\"");
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        csv,
    )
        .into_response())
}
