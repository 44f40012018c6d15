//! What a tournament gives the ratings: one result per pairing with one.

use std::collections::{BTreeMap, HashMap};

use kubb::stats::PlayerStats;
use tournament::ratings::share;

use super::{Event, State};
use crate::error::ApiError;
use crate::games::kubb as kubb_match;
use crate::ratings::sources::{RatedResult, Side, Source};
use crate::replay::replayed;
use crate::store::{SourceRow, Store};

/// A tournament's results, each at the time it was first recorded (a
/// correction takes the place of the result it corrects) with the score
/// it has now, from the pairing's first named side.
pub async fn source(store: &Store, row: &SourceRow) -> Result<Source, ApiError> {
    let corrupt = |error: String| ApiError::Internal(format!("tournament: {error}"));
    let settings = serde_json::from_str(&row.settings).map_err(|e| corrupt(e.to_string()))?;
    let mut state = State::new(settings).map_err(|e| corrupt(e.to_string()))?;
    let mut recorded: HashMap<(u32, String, String), i64> = HashMap::new();
    for event_row in store.events(&row.id, 0).await? {
        let event: Event =
            serde_json::from_str(&event_row.body).map_err(|e| corrupt(e.to_string()))?;
        state
            .apply(&event, event_row.at_ms)
            .map_err(|e| corrupt(e.to_string()))?;
        if let Event::ResultRecorded { result, .. } = &event {
            let key = pair_key(result.round, result.first.as_str(), result.second.as_str());
            recorded.entry(key).or_insert(event_row.at_ms);
        }
    }
    let games = state.games.iter().flatten().flatten().cloned().collect();
    if !state.settings.owner.rated() {
        // Made with a token alone: its results count for no one, and its
        // games never on their own either.
        return Ok(Source {
            results: Vec::new(),
            games,
        });
    }
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
                    Some(id) => pairing_stats(store, id).await,
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
async fn pairing_stats(store: &Store, id: &str) -> BTreeMap<String, PlayerStats> {
    match replayed(store, id).await {
        Ok(state) => state
            .get::<kubb_match::State>()
            .map(kubb_match::rated::player_stats)
            .unwrap_or_default(),
        Err(_) => BTreeMap::new(),
    }
}
