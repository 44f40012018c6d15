//! Live updates inside one server instance: a broadcast channel per game.
//! A committed event is published once, already serialised, and every
//! WebSocket of that game forwards the same text. The channel keeps its
//! last messages, so that a socket that missed a few (it joined between a
//! snapshot and its subscription, or fell behind) catches up from memory.
//! Events committed by another instance arrive as a wake-up; the sockets
//! then read what they missed from the database. A game's channel lives
//! while a socket watches it.

use std::collections::{HashMap, VecDeque};
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
    channels: Mutex<HashMap<String, Channel>>,
}

/// One game's channel and its last [`BACKLOG`] events, in order.
struct Channel {
    sender: broadcast::Sender<Published>,
    recent: VecDeque<(i64, Utf8Bytes)>,
}

impl Hub {
    pub fn subscribe(&self, game: &str) -> Subscription<'_> {
        let mut channels = self.channels.lock().expect("hub lock");
        let receiver = channels
            .entry(game.to_string())
            .or_insert_with(|| Channel {
                sender: broadcast::channel(BACKLOG).0,
                recent: VecDeque::with_capacity(BACKLOG),
            })
            .sender
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
        if let Some(channel) = channels.get_mut(game) {
            match &message {
                Published::Event { seq, text } => {
                    if channel.recent.len() == BACKLOG {
                        channel.recent.pop_front();
                    }
                    channel.recent.push_back((*seq, text.clone()));
                }
                // What another instance committed is not here.
                Published::Wake => channel.recent.clear(),
            }
            if channel.sender.send(message).is_err() {
                // Nobody listens any more.
                channels.remove(game);
            }
        }
    }

    /// The events after `after` up to `last`, when this instance published
    /// every one of them and still has them; `None` otherwise (read the
    /// database).
    pub fn recent(&self, game: &str, after: i64, last: i64) -> Option<Vec<Utf8Bytes>> {
        let channels = self.channels.lock().expect("hub lock");
        let recent = &channels.get(game)?.recent;
        let missed: Vec<&(i64, Utf8Bytes)> =
            recent.iter().filter(|(seq, _)| *seq > after).collect();
        let contiguous = missed
            .iter()
            .enumerate()
            .all(|(index, (seq, _))| *seq == after + 1 + index as i64);
        let complete = missed.last().map_or(last == after, |(seq, _)| *seq == last);
        (contiguous && complete).then(|| missed.into_iter().map(|(_, text)| text.clone()).collect())
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
            .is_some_and(|channel| channel.sender.receiver_count() == 1)
        {
            channels.remove(&self.game);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(seq: i64) -> Published {
        Published::Event {
            seq,
            text: format!("event {seq}").into(),
        }
    }

    #[test]
    fn a_socket_catches_up_from_memory_only_on_an_unbroken_run() {
        let hub = Hub::default();
        let _watching = hub.subscribe("g");
        for seq in 1..=5 {
            hub.publish("g", event(seq));
        }
        let texts = |from: i64, to: i64| -> Vec<Utf8Bytes> {
            (from..=to)
                .map(|seq| format!("event {seq}").into())
                .collect()
        };
        assert_eq!(hub.recent("g", 2, 5), Some(texts(3, 5)));
        assert_eq!(hub.recent("g", 5, 5), Some(Vec::new()));
        // The state is further on than what was published here.
        assert_eq!(hub.recent("g", 2, 6), None);
        // Something committed elsewhere: the database knows, not the hub.
        hub.publish("g", Published::Wake);
        assert_eq!(hub.recent("g", 4, 5), None);
        assert_eq!(hub.recent("unwatched", 0, 0), None);
        for seq in 6..=(6 + BACKLOG as i64) {
            hub.publish("g", event(seq));
        }
        // The oldest fell out of the backlog.
        assert_eq!(hub.recent("g", 5, 6 + BACKLOG as i64), None);
        assert!(hub.recent("g", 7, 6 + BACKLOG as i64).is_some());
    }
}
