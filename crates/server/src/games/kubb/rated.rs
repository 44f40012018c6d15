//! What a Kubb match gives the ratings.

use std::collections::BTreeMap;

use kubb::stats::PlayerStats;
use tournament::GameKind;

use super::{Settings, State};
use crate::error::ApiError;
use crate::games::rated::{game_source, stored_settings};
use crate::ratings::sources::{RatedResult, Side, Source};
use crate::store::{SourceRow, Store};

/// One result, when the match is rated, over and between two names.
pub async fn source(store: &Store, row: &SourceRow) -> Result<Source, ApiError> {
    let settings: Settings = stored_settings(row)?;
    game_source::<State>(store, row, settings.rated, |state| {
        result(state, &row.id, row.updated_ms)
    })
    .await
}

fn result(state: &State, id: &str, at_ms: i64) -> Option<RatedResult> {
    if !state.counts_for_ratings() {
        return None;
    }
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
        stats: player_stats(state),
    })
}

/// Each player's statistics in the match.
pub fn player_stats(state: &State) -> BTreeMap<String, PlayerStats> {
    kubb::stats::player_stats(state.ruleset, &state.events)
}
