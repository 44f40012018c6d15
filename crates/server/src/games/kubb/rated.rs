//! What a Kubb match gives the ratings.

use std::collections::{BTreeMap, HashSet};

use kubb::stats::PlayerStats;
use tournament::GameKind;

use super::{Settings, State};
use crate::error::ApiError;
use crate::games::rated::{game_source, stored_settings};
use crate::ratings::sources::{RatedResult, Side, Source};
use crate::store::{Holder, SourceRow, Store};

/// One result, when the match is rated, over and between two names.
/// Since accounts, a player who is an account is rated only when they
/// agreed with the result themselves: nobody moves another's rating by
/// listing them in a team.
pub async fn source(store: &Store, row: &SourceRow) -> Result<Source, ApiError> {
    let settings: Settings = stored_settings(row)?;
    let accounts: HashSet<String> = if settings.confirmed_by_accounts {
        store
            .holders()
            .await?
            .into_iter()
            .filter(|(_, holder)| *holder == Holder::Account)
            .map(|(name, _)| name)
            .collect()
    } else {
        HashSet::new()
    };
    game_source::<State>(store, row, settings.rated, |state| {
        result(state, &row.id, row.updated_ms, &accounts)
    })
    .await
}

fn result(state: &State, id: &str, at_ms: i64, accounts: &HashSet<String>) -> Option<RatedResult> {
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
        let agreed = state.agreed_for(team);
        Side {
            name: info.name.to_string(),
            players: info
                .players
                .iter()
                .map(ToString::to_string)
                .filter(|player| !accounts.contains(player) || agreed.contains(player))
                .collect(),
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
