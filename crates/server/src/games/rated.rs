//! What a stored game gives the ratings, read from the store: the helpers
//! each kind's `Game::rated` shares.

use serde::de::DeserializeOwned;

use super::Game;
use crate::error::ApiError;
use crate::ratings::sources::{RatedResult, Source};
use crate::replay::replayed;
use crate::store::{SourceRow, Store};

/// The settings a game was stored with.
pub fn stored_settings<T: DeserializeOwned>(row: &SourceRow) -> Result<T, ApiError> {
    serde_json::from_str(&row.settings)
        .map_err(|error| ApiError::Internal(format!("settings: {error}")))
}

/// The one result of a single game or match of kind `G`, when it is
/// rated and `result` finds one in its state.
pub async fn game_source<G: Game>(
    store: &Store,
    row: &SourceRow,
    rated: bool,
    result: impl FnOnce(&G) -> Option<RatedResult>,
) -> Result<Source, ApiError> {
    if !rated {
        return Ok(Source::default());
    }
    let state = replayed(store, &row.id).await?;
    Ok(Source {
        results: state.get::<G>().and_then(result).into_iter().collect(),
        games: Vec::new(),
    })
}
