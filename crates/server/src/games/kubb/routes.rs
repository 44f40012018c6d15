//! The Koning & Torens routes: refereed matches, their events and undo,
//! statistics, export, win probability and advice.

use api::kubb::{
    Advice, AdviceChoice, AdviceOption, AdviceQuery, ConfirmRequest, CreateMatch, EventRequest,
    ExportFormat, ExportQuery, KubbState, MatchCreated, MatchStats, Probability, ProbabilityQuery,
    StatsFormat, StatsQuery, TeamTokens,
};
use api::listing::{GameList, ListQuery};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use kubb_sim::advice::Choice;
use kubb_sim::throw::{Skill, SkillPreset};
use kubb_sim::Aim;

use crate::app::Loaded;
use crate::error::ApiError;
use crate::games::kubb::{self as kubb_match, Scorer};
use crate::games::RegisteredKind;
use crate::http::accounts::Session;
use crate::http::{
    bearer, create_game, list_games, AppState, JsonBody, QueryParams, RequireToken, Shared,
};
use crate::security::new_token;

/// The most play-outs a win-probability request may ask for.
const MAX_PLAYOUTS: usize = 20_000;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/kubb/matches", post(create_kubb).get(list_kubb))
        .route("/api/kubb/matches/{id}", get(kubb_state))
        .route(
            "/api/kubb/matches/{id}/events",
            post(kubb_event).get(kubb_record),
        )
        .route("/api/kubb/matches/{id}/undo", post(kubb_undo))
        .route("/api/kubb/matches/{id}/confirm", post(kubb_confirm))
        .route("/api/kubb/matches/{id}/stats", get(kubb_stats))
        .route("/api/kubb/matches/{id}/export", get(kubb_export))
        .route("/api/kubb/matches/{id}/probability", get(kubb_probability))
        .route("/api/kubb/matches/{id}/advice", get(kubb_advice))
}

/// The match's state; another kind is 404, as an unknown id.
fn kubb_state_of(game: &Loaded) -> Result<&kubb_match::State, ApiError> {
    game.state.require::<kubb_match::State>()
}

/// The settings a new match asks for, each the default where not given;
/// `games_to_win` and `race_to` name one setting, so two different counts
/// are refused.
fn tournament_settings(request: &CreateMatch) -> Result<kubb::TournamentSettings, ApiError> {
    let defaults = kubb::TournamentSettings::default();
    let games_to_win = match (request.games_to_win, request.race_to) {
        (Some(games), Some(race)) if games != race => {
            return Err(ApiError::refused(format!(
                "games_to_win {games} and race_to {race} differ: a race to N is a best of 2N - 1 with games_to_win N; give one"
            )))
        }
        (games, race) => games.or(race),
    };
    Ok(kubb::TournamentSettings {
        opening: request.opening.unwrap_or(defaults.opening),
        opening_thrower_rule: request
            .opening_thrower_rule
            .unwrap_or(defaults.opening_thrower_rule),
        base_kubb_double: request
            .base_kubb_double
            .unwrap_or(defaults.base_kubb_double),
        time_limit: request.time_limit,
        games_to_win,
        five_for_five: request.five_for_five.unwrap_or(defaults.five_for_five),
    })
}

/// A team's name and players through the rules' typed name, which says
/// which rule a bad name breaks, and the server's door for names (no
/// look-alike of a name that stands for someone).
async fn team_info(shared: &Shared, team: api::kubb::Team) -> Result<kubb::TeamInfo, ApiError> {
    let store = &shared.app.store;
    let name_of = |text: &str| {
        kubb::Name::new(text)
            .map_err(|error| ApiError::refused(format!("'{}': {error}", text.trim())))
    };
    let name = name_of(&team.name)?;
    crate::names::mentioned(store, name.as_str()).await?;
    let mut players = Vec::with_capacity(team.players.len());
    for player in &team.players {
        let player = name_of(player)?;
        crate::names::mentioned(store, player.as_str()).await?;
        players.push(player);
    }
    Ok(kubb::TeamInfo { name, players })
}

/// A team's name and its players' names.
fn named_in(team: &kubb::TeamInfo) -> Vec<String> {
    std::iter::once(&team.name)
        .chain(&team.players)
        .map(ToString::to_string)
        .collect()
}

async fn create_kubb(
    State(shared): State<AppState>,
    JsonBody(request): JsonBody<CreateMatch>,
) -> Result<(StatusCode, Json<MatchCreated>), ApiError> {
    let settings = kubb_match::Settings {
        ruleset: request.ruleset.unwrap_or(kubb::Ruleset::SEED),
        tournament: tournament_settings(&request)?,
        rated: request.rated,
        confirmed_by_accounts: true,
    };
    let (a, b) = (
        team_info(&shared, request.team_a).await?,
        team_info(&shared, request.team_b).await?,
    );
    let teams = kubb::Event::Teams { a, b };
    let tokens = Scorer::SEATS.map(|seat| (seat, new_token()));
    let [(_, token), (_, team_a), (_, team_b)] = tokens.clone();
    let event = kubb_match::Event::Referee { event: teams };
    let seats = tokens.to_vec();
    let (id, view) =
        create_game::<kubb_match::State>(&shared.app, settings, vec![event], seats).await?;
    let created = MatchCreated {
        id,
        token,
        team_tokens: TeamTokens {
            a: team_a,
            b: team_b,
        },
        state: view,
    };
    Ok((StatusCode::CREATED, Json(created)))
}

async fn list_kubb(
    State(shared): State<AppState>,
    QueryParams(query): QueryParams<ListQuery>,
) -> Result<Json<GameList>, ApiError> {
    list_games(&shared.app, kubb_match::State::KIND, query, false).await
}

async fn kubb_state(
    State(shared): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<KubbState>, ApiError> {
    let game = shared.app.lock(&id).await?;
    Ok(Json(kubb_state_of(&game)?.view(&id)))
}

/// The events in force, for the scorekeeper's rules twin.
async fn kubb_record(
    State(shared): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let game = shared.app.lock(&id).await?;
    Ok(Json(kubb_state_of(&game)?.record()).into_response())
}

async fn commit(
    shared: &Shared,
    mut game: Loaded,
    event: kubb_match::Event,
) -> Result<Json<KubbState>, ApiError> {
    shared.app.commit_event(&mut game, event, None).await?;
    Ok(Json(kubb_state_of(&game)?.view(&game.id)))
}

async fn kubb_event(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    _token: RequireToken,
    headers: HeaderMap,
    JsonBody(request): JsonBody<EventRequest>,
) -> Result<Json<KubbState>, ApiError> {
    kubb_match::check_entry(&request.event)?;
    if let kubb::Event::Teams { a, b } = &request.event {
        for name in named_in(a).into_iter().chain(named_in(b)) {
            crate::names::mentioned(&shared.app.store, &name).await?;
        }
    }
    let event = kubb_match::Event::Referee {
        event: request.event,
    };
    // The lock is held from the check to the commit: two copies of one
    // event sent at once record it once.
    let game = shared.app.lock(&id).await?;
    let state = kubb_state_of(&game)?;
    let recorded = state.seq;
    let scorer = scorer_of(&game, &headers)?;
    // A resend of what this phone entered is answered before the check:
    // the turn has moved on since.
    if let Some(seq) = request.seq.filter(|&seq| seq <= recorded) {
        return already_recorded(&shared, game, seq, &event).await;
    }
    if let kubb_match::Event::Referee { event } = &event {
        state
            .check_scorer(scorer, event)
            .map_err(|refusal| ApiError::Forbidden(refusal.to_string()))?;
    }
    let Some(seq) = request.seq else {
        return commit(&shared, game, event).await;
    };
    if seq > recorded + 1 {
        return Err(ApiError::Conflict(format!(
            "event {seq} cannot be recorded before event {}: send the events in order",
            recorded + 1
        ))
        .precisely(
            api::Code::KubbEventOutOfOrder,
            serde_json::Map::from_iter([
                ("seq".to_string(), seq.into()),
                ("next".to_string(), (recorded + 1).into()),
            ]),
        ));
    }
    commit(&shared, game, event).await
}

/// The answer to event `seq` sent again: the match as it is when the
/// stored event `seq` is this one, a conflict when it is another.
async fn already_recorded(
    shared: &Shared,
    game: Loaded,
    seq: i64,
    event: &kubb_match::Event,
) -> Result<Json<KubbState>, ApiError> {
    let stored = shared.app.store.events(&game.id, seq - 1).await?;
    let same = stored
        .first()
        .filter(|row| row.seq == seq)
        .and_then(|row| serde_json::from_str::<kubb_match::Event>(&row.body).ok())
        .is_some_and(|stored| stored == *event);
    if !same {
        return Err(ApiError::Conflict(format!(
            "event {seq} is already recorded as a different entry: reload the match"
        ))
        .precisely(
            api::Code::KubbEventRecordedDifferently,
            serde_json::Map::from_iter([("seq".to_string(), seq.into())]),
        ));
    }
    Ok(Json(kubb_state_of(&game)?.view(&game.id)))
}

/// Takes back the last entry; never the setup (the teams and players),
/// which has no redo.
async fn kubb_undo(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<KubbState>, ApiError> {
    let game = shared.app.lock(&id).await?;
    let state = kubb_state_of(&game)?;
    if scorer_of(&game, &headers)? != Scorer::Referee {
        return Err(ApiError::Forbidden(
            "only the referee takes entries back; a team's phone takes back only what it has not sent"
                .into(),
        )
        .precisely(api::Code::KubbRefereeTakesBack, serde_json::Map::new()));
    }
    if matches!(state.events.as_slice(), [] | [kubb::Event::Teams { .. }]) {
        return Err(ApiError::refused(
            "nothing to undo: no entry since the teams were set",
        ));
    }
    commit(&shared, game, kubb_match::Event::Undone).await
}

/// The scorer a request's token seats: the referee or a team's phone.
fn scorer_of(game: &Loaded, headers: &HeaderMap) -> Result<Scorer, ApiError> {
    let seat = game.seat_of(bearer(headers))?;
    Scorer::of_seat(&seat).ok_or_else(|| {
        ApiError::Forbidden("this token scores no Kubb match".into())
            .precisely(api::Code::KubbTokenScoresNoMatch, serde_json::Map::new())
    })
}

/// A team's phone agrees with the finished match's result or disputes
/// it; the referee's word settles it. For the ratings, a team's word
/// counts when it is given signed in as one of the team's players (from
/// the team's phone, or from the player's own without a token).
async fn kubb_confirm(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    Session(me): Session,
    headers: HeaderMap,
    JsonBody(request): JsonBody<ConfirmRequest>,
) -> Result<Json<KubbState>, ApiError> {
    let game = shared.app.lock(&id).await?;
    let state = kubb_state_of(&game)?;
    let player_team = me.as_ref().and_then(|me| state.team_of_player(&me.name));
    let by = match (bearer(&headers), player_team) {
        (Some(_), _) => match scorer_of(&game, &headers)? {
            Scorer::Referee => None,
            Scorer::Team(team) => Some(team),
        },
        (None, Some(team)) => Some(team),
        (None, None) if me.is_some() => {
            return Err(ApiError::Forbidden(
                "you are no player of either team: confirm from a team's phone".into(),
            )
            .precisely(api::Code::KubbConfirmFromTeam, serde_json::Map::new()))
        }
        (None, None) => return Err(ApiError::Unauthorized),
    };
    let account = me
        .map(|me| me.name)
        .filter(|name| by.is_some() && state.team_of_player(name) == by);
    let event = kubb_match::Event::Confirmed {
        by,
        agree: request.agree,
        account,
    };
    commit(&shared, game, event).await
}

async fn kubb_stats(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    QueryParams(query): QueryParams<StatsQuery>,
) -> Result<Response, ApiError> {
    let game = shared.app.lock(&id).await?;
    let state = kubb_state_of(&game)?;
    Ok(match query.format.unwrap_or(StatsFormat::Json) {
        StatsFormat::Json => Json(MatchStats {
            players: state.stats(),
            measures: state.community_stats(),
        })
        .into_response(),
        // The rows of `kubb::stats` as CSV.
        StatsFormat::Csv => (
            [(header::CONTENT_TYPE, "text/csv; charset=utf-8")],
            state.community_stats().to_csv(),
        )
            .into_response(),
    })
}

async fn kubb_export(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    QueryParams(query): QueryParams<ExportQuery>,
) -> Result<Response, ApiError> {
    let game = shared.app.lock(&id).await?;
    let state = kubb_state_of(&game)?;
    let refused = |error: kubb::notation::ExportError| ApiError::refused(error.to_string());
    let text = match query.format.unwrap_or(ExportFormat::Log) {
        ExportFormat::Log => kubb::log::write(&state.ruleset, &state.events),
        // Planet Kubb's text form, one record per game of the match.
        ExportFormat::Notation => {
            kubb::notation::export(&state.events, state.ruleset).map_err(refused)?
        }
        ExportFormat::Json => {
            kubb::notation::export_json(&state.events, state.ruleset).map_err(refused)?
        }
    };
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

/// The simulator's skill of a named level, Experienced when none is named.
fn skill(name: Option<api::kubb::Skill>) -> Skill {
    Skill::from(match name {
        Some(api::kubb::Skill::Beginner) => SkillPreset::Beginner,
        Some(api::kubb::Skill::Experienced) | None => SkillPreset::Experienced,
        Some(api::kubb::Skill::Advanced) => SkillPreset::Advanced,
    })
}

/// Each team's chance to win, and how it was drawn.
async fn kubb_probability(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    QueryParams(query): QueryParams<ProbabilityQuery>,
) -> Result<Json<Probability>, ApiError> {
    let skills = [skill(query.a), skill(query.b)];
    let games = playouts(query.games, 2_000, MAX_PLAYOUTS);
    let seed = query.seed.unwrap_or(1);
    let [a, b] = on_current_match(&shared, &id, move |current| {
        kubb_sim::win_probability(&current, skills, games, seed)
    })
    .await?;
    Ok(Json(Probability {
        a,
        b,
        games,
        seed,
        generator: "xoshiro256++, play-out i on stream i (kubb_sim::stream)".into(),
    }))
}

/// The play-outs asked for, `default` when none are, within 1..=`most`.
fn playouts(asked: Option<u64>, default: usize, most: usize) -> usize {
    asked.map_or(default, |games| {
        usize::try_from(games).unwrap_or(most).clamp(1, most)
    })
}

/// The best next decision of the team to act, by Monte Carlo
/// (`kubb_sim::advice`), with each team's chance to win; choices said in
/// the rule book's words.
async fn kubb_advice(
    State(shared): State<AppState>,
    Path(id): Path<String>,
    QueryParams(query): QueryParams<AdviceQuery>,
) -> Result<Json<Advice>, ApiError> {
    let skills = [skill(query.a), skill(query.b)];
    let playouts = playouts(query.games, 500, MAX_PLAYOUTS / 10);
    let seed = query.seed.unwrap_or(1);
    let advice = on_current_match(&shared, &id, move |current| {
        kubb_sim::advice::advise(&current, skills, playouts, seed)
    })
    .await?;
    Ok(Json(Advice {
        a: advice.win_probability[0],
        b: advice.win_probability[1],
        deciding: advice.deciding,
        best: advice.best().map(|best| best.decision.to_string()),
        choice: advice.best().map(|best| choice_view(best.decision)),
        gain: advice.gain,
        options: advice
            .options
            .iter()
            .map(|option| AdviceOption {
                decision: option.decision.to_string(),
                choice: choice_view(option.decision),
                win_probability: option.win_probability,
            })
            .collect(),
        playouts: advice.playouts,
        seed: advice.seed,
    }))
}

/// A decision the advice weighs, as the view types it.
fn choice_view(choice: Choice) -> AdviceChoice {
    match choice {
        Choice::Inkast(at) => AdviceChoice::Inkast { x: at.x, y: at.y },
        Choice::Placement(at) => AdviceChoice::Placement { x: at.x, y: at.y },
        Choice::Stick(Some(Aim::Piece(piece))) => AdviceChoice::ThrowAtPiece {
            piece: piece.to_string(),
        },
        Choice::Stick(Some(Aim::King)) => AdviceChoice::ThrowAtKing,
        Choice::Stick(None) => AdviceChoice::ThrowAway,
    }
}

/// Runs simulation `work` on a copy of the match's current state, in the
/// engine pool (the game's lock is not held meanwhile).
async fn on_current_match<T: Send + 'static>(
    shared: &Shared,
    id: &str,
    work: impl FnOnce(kubb::Match) -> T + Send + 'static,
) -> Result<T, ApiError> {
    let current = {
        let game = shared.app.lock(id).await?;
        kubb_state_of(&game)?.current.clone()
    };
    let _permit = shared.app.engine_permit().await?;
    tokio::task::spawn_blocking(move || work(current))
        .await
        .map_err(|error| ApiError::Internal(format!("simulation: {error}")))
}

#[cfg(test)]
mod tests {
    use kubb::{PieceId, Point};
    use serde_json::json;

    use super::*;

    /// Each decision the advice weighs reaches the page typed, with the
    /// data its English words carry.
    #[test]
    fn every_choice_is_typed_with_its_data() {
        let spot = Point { x: 1.5, y: 4.0 };
        let cases = [
            (
                Choice::Inkast(spot),
                "inkast the pieces left at x 1.5 m, y 4.0 m",
                json!({"kind": "inkast", "x": 1.5, "y": 4.0}),
            ),
            (
                Choice::Placement(spot),
                "place at x 1.5 m, y 4.0 m",
                json!({"kind": "placement", "x": 1.5, "y": 4.0}),
            ),
            (
                Choice::Stick(Some(Aim::Piece(PieceId(7)))),
                "throw at B3",
                json!({"kind": "throw_at_piece", "piece": "B3"}),
            ),
            (
                Choice::Stick(Some(Aim::King)),
                "throw at the king",
                json!({"kind": "throw_at_king"}),
            ),
            (
                Choice::Stick(None),
                "throw the stick away",
                json!({"kind": "throw_away"}),
            ),
        ];
        for (choice, english, typed) in cases {
            assert_eq!(choice.to_string(), english);
            assert_eq!(serde_json::to_value(choice_view(choice)).unwrap(), typed);
        }
    }
}
