//! Live updates inside one server instance: a broadcast channel per game.
//! A committed event is published once, already serialised, and every
//! WebSocket of that game forwards the same text. Events committed by
//! another instance arrive as a wake-up; the sockets then read what they
//! missed from the database.

use std::collections::HashMap;
use std::sync::Mutex;

use axum::extract::ws::Utf8Bytes;
use tokio::sync::broadcast;

/// How many messages a slow socket may fall behind before it catches up
/// from the database instead.
const BACKLOG: usize = 64;

#[derive(Clone, Debug)]
pub enum Published {
    /// The server message for event `seq`, serialised once (clones share
    /// the bytes).
    Event { seq: i64, text: Utf8Bytes },
    /// Something was committed elsewhere: read the database.
    Wake,
}

#[derive(Default)]
pub struct Hub {
    channels: Mutex<HashMap<String, broadcast::Sender<Published>>>,
}

impl Hub {
    pub fn subscribe(&self, game: &str) -> broadcast::Receiver<Published> {
        let mut channels = self.channels.lock().expect("hub lock");
        channels
            .entry(game.to_string())
            .or_insert_with(|| broadcast::channel(BACKLOG).0)
            .subscribe()
    }

    pub fn publish(&self, game: &str, message: Published) {
        let mut channels = self.channels.lock().expect("hub lock");
        if let Some(sender) = channels.get(game) {
            if sender.send(message).is_err() {
                // Nobody listens any more.
                channels.remove(game);
            }
        }
    }
}
