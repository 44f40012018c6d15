//! The archive's finished Guard & Towers games as game records, for the
//! tools that read them (`towers gt puzzles --archive DB`).

use guard_towers::record::GameRecord;

use crate::games::{gt, RegisteredKind};
use crate::replay::replayed;
use crate::status::Status;
use crate::store::Store;

/// Every finished Guard & Towers game of the database at `url` (oldest
/// first, quarantined games left out), with its id. Games that no longer
/// replay are skipped and logged.
pub async fn finished_gt_records(url: &str) -> anyhow::Result<Vec<(String, GameRecord)>> {
    let store = Store::open(url).await?;
    let mut records = Vec::new();
    for id in store.ids(gt::State::KIND, Status::Finished).await? {
        match replayed(&store, &id).await {
            Ok(state) => {
                if let Some(game) = state.get::<gt::State>() {
                    records.push((id, game.record()));
                }
            }
            Err(error) => tracing::warn!("game {id} skipped: {error}"),
        }
    }
    store.close().await;
    Ok(records)
}
