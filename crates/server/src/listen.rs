//! Live updates across server instances on one PostgreSQL database: every
//! commit sends a NOTIFY (in the same transaction, so only committed events
//! are announced); each instance LISTENs, forgets its cached copy of the
//! game and wakes the game's WebSockets, which read what they missed.

use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;
use sqlx::postgres::PgListener;

use crate::app::App;
use crate::hub::Published;
use crate::store::CHANNEL;

#[derive(Deserialize)]
struct Announcement {
    instance: String,
    game: String,
}

/// Starts listening; returns once the listener is connected.
pub async fn spawn(app: Arc<App>) -> Result<(), sqlx::Error> {
    let mut listener = PgListener::connect(app.store.url()).await?;
    listener.listen(CHANNEL).await?;
    tokio::spawn(async move {
        loop {
            match listener.recv().await {
                Ok(notification) => {
                    let Ok(announcement) =
                        serde_json::from_str::<Announcement>(notification.payload())
                    else {
                        continue;
                    };
                    if announcement.instance != app.instance {
                        app.forget(&announcement.game).await;
                        app.hub.publish(&announcement.game, Published::Wake);
                    }
                }
                Err(error) => {
                    // PgListener reconnects by itself on the next recv.
                    tracing::warn!("database notifications: {error}");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
            }
        }
    });
    Ok(())
}
