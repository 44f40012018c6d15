//! A bot account's routes: who a token is, and the event stream
//! (`GET /api/bots/stream`, NDJSON, one [`BotEvent`] a line).

use guard_towers::Color;
use serde::{Deserialize, Serialize};

/// `GET /api/bots/account`: the bot an account token is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotAccount {
    pub name: String,
}

/// A line of a bot's event stream.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BotEvent {
    /// A game seats the bot (or did, and is still on): play it with the
    /// account token as the seat token.
    GameStarted { game: String, color: Color },
    /// A game the stream announced is over.
    GameFinished { game: String },
    /// An event this reader does not know, a newer server's: a bot built
    /// before it skips it instead of losing its stream. The server never
    /// sends it.
    #[serde(other)]
    Unknown,
}
