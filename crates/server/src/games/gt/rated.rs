//! What a Guard & Towers game gives the ratings.

use std::collections::BTreeMap;

use guard_towers::record::GameResult;
use tournament::GameKind;

use super::{Settings, State};
use crate::error::ApiError;
use crate::games::rated::{game_source, stored_settings};
use crate::ratings::sources::{RatedResult, Side, Source};
use crate::store::{SourceRow, Store};

/// One result, when the game is rated, finished and between two names.
pub async fn source(store: &Store, row: &SourceRow) -> Result<Source, ApiError> {
    let settings: Settings = stored_settings(row)?;
    game_source::<State>(store, row, settings.rated, |state| {
        result(state, &row.id, row.updated_ms)
    })
    .await
}

fn result(state: &State, id: &str, at_ms: i64) -> Option<RatedResult> {
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
