//! The archive's finished Guard & Towers games as game records, for the
//! tools that read them (`towers gt puzzles --archive DB`).

use std::time::Duration;

use guard_towers::record::GameRecord;
use tokio::sync::watch;

use crate::app::{App, Tuning};
use crate::games::{gt, RegisteredKind};
use crate::status::Status;
use crate::store::Store;

/// Every finished Guard & Towers game of the database at `url` (oldest
/// first, quarantined games left out), with its id. Games that no longer
/// replay are skipped and logged.
pub async fn finished_gt_records(url: &str) -> anyhow::Result<Vec<(String, GameRecord)>> {
    let store = Store::open(url).await?;
    let (_stop, stopping) = watch::channel(false);
    let tuning = Tuning {
        engine_movetime: Duration::from_millis(500),
        engine_threads: 1,
        cached_games: 1,
        tablebase: None,
    };
    let app = App::new(store, tuning, stopping);
    let mut records = Vec::new();
    for id in app.store.ids(gt::State::KIND, Status::Finished).await? {
        match app.replayed(&id).await {
            Ok(state) => {
                if let Some(game) = state.get::<gt::State>() {
                    records.push((id, game.record()));
                }
            }
            Err(error) => tracing::warn!("game {id} skipped: {error}"),
        }
    }
    app.store.close().await;
    Ok(records)
}
