//! A bot account's routes: who a token is, and the event stream
//! (`GET /api/bots/stream`, NDJSON, one [`BotEvent`] a line).

use guard_towers::Color;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `GET /api/bots/account`: the bot an account token is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct BotAccount {
    pub name: String,
}

/// A line of a bot's event stream.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum BotEvent {
    /// A game seats the bot (or did, and is still on): play it with the
    /// account token as the seat token.
    GameStarted {
        game: String,
        #[schema(schema_with = crate::schema::color)]
        color: Color,
    },
    /// A game the stream announced is over.
    GameFinished { game: String },
    /// An event this reader does not know, a newer server's: a bot built
    /// before it skips it instead of losing its stream. The server never
    /// sends it (nor does the document name it).
    #[serde(other, skip_serializing)]
    Unknown,
}

/// `POST /api/bots`'s answer: the new account and its token.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct BotRegistered {
    pub name: String,
    /// The account token, shown only here: send it as 'Authorization: Bearer
    /// <token>' to the event stream and as the seat token of the bot's games
    pub token: String,
}

/// `POST /api/bots`: the name of the bot account to register.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotRegistration {
    #[schema(value_type = String, max_length = 40)]
    pub name: tournament::Name,
}
