//! The rated results a stored game holds: a finished rated Guard & Towers
//! game or Kubb match gives one, a tournament one per pairing with a
//! result. Everything is read from the store, so the ratings are a pure
//! function of what was committed.

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use guard_towers::record::GameResult;
use kubb::stats::PlayerStats;
use serde::de::DeserializeOwned;
use serde::Serialize;
use tournament::ratings::share;
use tournament::GameKind;

use crate::app::{App, GameState};
use crate::error::ApiError;
use crate::status::Kind;
use crate::store::SourceRow;
use crate::{gt, kubb_match, tournament as server_tournament};

/// One side of a rated result: the rated name (a Guard & Towers player,
/// a Kubb team) and a Kubb team's players.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Side {
    pub name: String,
    pub players: Vec<String>,
}

/// A finished rated game or match, or a tournament pairing's result.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedResult {
    pub game: GameKind,
    /// When the result was committed: the order ratings are folded in.
    pub at_ms: i64,
    /// The stored game or match, when it was played on the server.
    pub game_id: Option<String>,
    pub tournament: Option<String>,
    /// Guard & Towers: Red first; Kubb: team A first.
    pub sides: [Side; 2],
    /// The first side's share: 1 a win, ½ a draw, 0 a loss.
    pub score: f64,
    /// Kubb: each player's statistics in the match (played on the server).
    pub stats: BTreeMap<String, PlayerStats>,
}

impl RatedResult {
    /// The key that orders results: when, then where (a tie stays put
    /// whatever order the store lists games in).
    pub fn order(&self) -> (i64, &str, &str) {
        (
            self.at_ms,
            self.tournament.as_deref().unwrap_or(""),
            self.game_id.as_deref().unwrap_or(""),
        )
    }
}

/// What one stored game contributes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Source {
    pub results: Vec<RatedResult>,
    /// A tournament's pairing games: rated through its results (which the
    /// organiser may correct), so never on their own.
    pub games: Vec<String>,
}

/// Reads what the stored game `row` contributes. A game that cannot be
/// read (quarantined meanwhile) contributes nothing and is logged.
pub async fn read(app: &Arc<App>, row: &SourceRow) -> Source {
    let read = match row.kind {
        Kind::Gt => gt_source(app, row).await,
        Kind::Kubb => kubb_source(app, row).await,
        Kind::Tournament => tournament_source(app, row).await,
    };
    read.unwrap_or_else(|error| {
        tracing::warn!("ratings leave out game {}: {error}", row.id);
        Source::default()
    })
}

async fn gt_source(app: &Arc<App>, row: &SourceRow) -> Result<Source, ApiError> {
    let settings: gt::Settings = stored_settings(row)?;
    game_source(app, row, settings.rated, |state| match state {
        GameState::Gt(state) => gt_result(state, &row.id, row.updated_ms),
        _ => None,
    })
    .await
}

/// The settings a game was stored with.
fn stored_settings<T: DeserializeOwned>(row: &SourceRow) -> Result<T, ApiError> {
    serde_json::from_str(&row.settings)
        .map_err(|error| ApiError::Internal(format!("settings: {error}")))
}

/// The one result of a single game or match, when it is rated and
/// `result` finds one in its state.
async fn game_source(
    app: &Arc<App>,
    row: &SourceRow,
    rated: bool,
    result: impl FnOnce(&GameState) -> Option<RatedResult>,
) -> Result<Source, ApiError> {
    if !rated {
        return Ok(Source::default());
    }
    let game = app.lock(&row.id).await?;
    Ok(Source {
        results: result(&game.state).into_iter().collect(),
        games: Vec::new(),
    })
}

fn gt_result(state: &gt::State, id: &str, at_ms: i64) -> Option<RatedResult> {
    let score = match state.ending.as_ref()?.result {
        GameResult::RedWins => 1.0,
        GameResult::BlueWins => 0.0,
        GameResult::Draw => 0.5,
        GameResult::Unfinished => return None,
    };
    let [red, blue] = state.names.clone();
    let (red, blue) = (red?, blue?);
    (red != blue).then(|| RatedResult {
        game: GameKind::Gt,
        at_ms,
        game_id: Some(id.to_string()),
        tournament: None,
        sides: [red, blue].map(|name| Side {
            name,
            players: Vec::new(),
        }),
        score,
        stats: BTreeMap::new(),
    })
}

async fn kubb_source(app: &Arc<App>, row: &SourceRow) -> Result<Source, ApiError> {
    let settings: kubb_match::Settings = stored_settings(row)?;
    game_source(app, row, settings.rated, |state| match state {
        GameState::Kubb(state) => kubb_result(state, &row.id, row.updated_ms),
        _ => None,
    })
    .await
}

fn kubb_result(state: &kubb_match::State, id: &str, at_ms: i64) -> Option<RatedResult> {
    let score = match state.current.outcome()? {
        kubb::Outcome::Won(kubb::Team::A) => 1.0,
        kubb::Outcome::Won(_) => 0.0,
        kubb::Outcome::Drawn => 0.5,
    };
    let sides = kubb::Team::BOTH.map(|team| {
        let info = state.current.team_info(team);
        Side {
            name: info.name.to_string(),
            players: info.players.iter().map(ToString::to_string).collect(),
        }
    });
    (sides[0].name != sides[1].name).then(|| RatedResult {
        game: GameKind::Kubb,
        at_ms,
        game_id: Some(id.to_string()),
        tournament: None,
        sides,
        score,
        stats: kubb_stats(state),
    })
}

fn kubb_stats(state: &kubb_match::State) -> BTreeMap<String, PlayerStats> {
    kubb::stats::player_stats(state.ruleset, &state.events)
}

/// A tournament's results, each at the time it was first recorded (a
/// correction takes the place of the result it corrects) with the score
/// it has now, from the pairing's first named side.
async fn tournament_source(app: &Arc<App>, row: &SourceRow) -> Result<Source, ApiError> {
    let corrupt = |error: String| ApiError::Internal(format!("tournament: {error}"));
    let settings = serde_json::from_str(&row.settings).map_err(|e| corrupt(e.to_string()))?;
    let mut state = server_tournament::State::new(settings).map_err(|e| corrupt(e.to_string()))?;
    let mut recorded: HashMap<(u32, String, String), i64> = HashMap::new();
    for event_row in app.store.events(&row.id, 0).await? {
        let event: server_tournament::Event =
            serde_json::from_str(&event_row.body).map_err(|e| corrupt(e.to_string()))?;
        state.apply(&event).map_err(|e| corrupt(e.to_string()))?;
        if let server_tournament::Event::ResultRecorded { result, .. } = &event {
            let key = pair_key(result.round, result.first.as_str(), result.second.as_str());
            recorded.entry(key).or_insert(event_row.at_ms);
        }
    }
    let games = state.games.iter().flatten().flatten().cloned().collect();
    let mut results = Vec::new();
    for (round, pairings) in state.tournament.rounds().iter().enumerate() {
        for (index, pairing) in pairings.iter().enumerate() {
            let (Some(second), Some(score)) = (pairing.second, pairing.score) else {
                continue;
            };
            let t = &state.tournament;
            let (first, second) = (t.name(pairing.first), t.name(second));
            let key = pair_key(round as u32 + 1, first.as_str(), second.as_str());
            let game_id = state.games[round][index].clone();
            results.push(RatedResult {
                game: state.settings.game(),
                at_ms: recorded.get(&key).copied().unwrap_or(row.updated_ms),
                stats: match &game_id {
                    Some(id) => pairing_stats(app, id).await,
                    None => BTreeMap::new(),
                },
                game_id,
                tournament: Some(row.id.clone()),
                sides: [first, second].map(|name| Side {
                    name: name.to_string(),
                    players: state.players_of(name),
                }),
                score: share(state.settings.game(), score),
            });
        }
    }
    Ok(Source { results, games })
}

/// A pairing in either order.
fn pair_key(round: u32, a: &str, b: &str) -> (u32, String, String) {
    let (a, b) = if a <= b { (a, b) } else { (b, a) };
    (round, a.to_string(), b.to_string())
}

/// The players' statistics of a tournament's Kubb match (none for a game
/// of Guard & Towers or a match that no longer loads).
async fn pairing_stats(app: &Arc<App>, id: &str) -> BTreeMap<String, PlayerStats> {
    match app.lock(id).await {
        Ok(game) => match &game.state {
            GameState::Kubb(state) => kubb_stats(state),
            _ => BTreeMap::new(),
        },
        Err(_) => BTreeMap::new(),
    }
}
