//! Live updates inside one server instance: a broadcast channel per game.
//! A committed event is published once, already serialised, and every
//! WebSocket of that game forwards the same text. Events committed by
//! another instance arrive as a wake-up; the sockets then read what they
//! missed from the database. A game's channel lives while a socket
//! watches it.

use std::collections::HashMap;
use std::ops::{Deref, DerefMut};
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
    pub fn subscribe(&self, game: &str) -> Subscription<'_> {
        let mut channels = self.channels.lock().expect("hub lock");
        let receiver = channels
            .entry(game.to_string())
            .or_insert_with(|| broadcast::channel(BACKLOG).0)
            .subscribe();
        Subscription {
            hub: self,
            game: game.to_string(),
            receiver,
        }
    }

    /// Games with a socket watching them.
    pub fn games_watched(&self) -> usize {
        self.channels.lock().expect("hub lock").len()
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

/// A socket's receiver of one game's messages; the last one to go takes
/// the game's channel with it.
pub struct Subscription<'hub> {
    hub: &'hub Hub,
    game: String,
    receiver: broadcast::Receiver<Published>,
}

impl Deref for Subscription<'_> {
    type Target = broadcast::Receiver<Published>;

    fn deref(&self) -> &Self::Target {
        &self.receiver
    }
}

impl DerefMut for Subscription<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.receiver
    }
}

impl Drop for Subscription<'_> {
    fn drop(&mut self) {
        let mut channels = self.hub.channels.lock().expect("hub lock");
        // Subscribing takes the same lock, so nobody joins in between.
        if channels
            .get(&self.game)
            .is_some_and(|sender| sender.receiver_count() == 1)
        {
            channels.remove(&self.game);
        }
    }
}
