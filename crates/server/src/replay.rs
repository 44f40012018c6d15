//! A stored game's state, read from the store alone: its settings folded
//! with its events, each checked as it is applied. The service loads its
//! games this way; the ratings and the archive read finished ones so,
//! without going through the service.

use crate::error::ApiError;
use crate::games::{GameEvent, GameState};
use crate::store::{GameRow, Store};

/// A game's state before any event, from its stored row.
pub fn start_of(row: &GameRow) -> Result<GameState, ApiError> {
    GameState::new(row.kind, &row.settings, row.created_ms).map_err(|error| ApiError::Quarantined {
        id: row.id.clone(),
        detail: format!("settings: {error}"),
    })
}

/// Folds the stored events of game `id`, calling `after_event` with the
/// state after each (and the event, its time and number); returns the
/// game's row and final state. A game that no longer replays is
/// [`ApiError::Quarantined`] (its setting apart is the caller's).
pub async fn replay(
    store: &Store,
    id: &str,
    after_event: impl FnMut(&GameState, &GameEvent, i64, i64),
) -> Result<(GameRow, GameState), ApiError> {
    let row = stored_row(store, id).await?;
    let state = fold(store, &row, after_event).await?;
    Ok((row, state))
}

/// Game `id`'s state after all its stored events.
pub async fn replayed(store: &Store, id: &str) -> Result<GameState, ApiError> {
    Ok(replay(store, id, |_, _, _, _| {}).await?.1)
}

/// The state after all the stored events of the game whose row (already
/// read) is `row`.
pub async fn replayed_from(store: &Store, row: &GameRow) -> Result<GameState, ApiError> {
    fold(store, row, |_, _, _, _| {}).await
}

/// Game `id`'s stored row; none is [`ApiError::NotFound`].
pub async fn stored_row(store: &Store, id: &str) -> Result<GameRow, ApiError> {
    store
        .game(id)
        .await?
        .ok_or_else(|| ApiError::NoSuchGame { id: id.to_string() })
}

async fn fold(
    store: &Store,
    row: &GameRow,
    mut after_event: impl FnMut(&GameState, &GameEvent, i64, i64),
) -> Result<GameState, ApiError> {
    let id = &row.id;
    let mut state = start_of(row)?;
    for event_row in store.events(id, 0).await? {
        let corrupt = |e: String| ApiError::Quarantined {
            id: id.to_string(),
            detail: format!("event {}: {e}", event_row.seq),
        };
        let event = state.read_event(&event_row.body).map_err(corrupt)?;
        state
            .apply(&event, event_row.at_ms)
            .map_err(|refusal| corrupt(refusal.to_string()))?;
        after_event(&state, &event, event_row.at_ms, event_row.seq);
    }
    Ok(state)
}
