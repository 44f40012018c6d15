//! The live socket of a game (`/api/games/{id}/ws`): its query and its
//! messages each way.

use serde::{Deserialize, Serialize};
use utoipa::IntoParams;

/// Where a reconnecting socket resumes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LiveQuery {
    /// The last event seen: the socket sends the events after it instead
    /// of a snapshot.
    pub after: Option<i64>,
}

/// A message of the live socket, client to server.
///
/// ```
/// use api::live::ClientMessage;
///
/// let resume: ClientMessage = serde_json::from_str(r#"{"type":"resume","after":7}"#).unwrap();
/// assert_eq!(resume, ClientMessage::Resume { after: 7 });
/// assert!(serde_json::from_str::<ClientMessage>(r#"{"type":"shout"}"#).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Send again everything after event `after`.
    Resume {
        after: i64,
    },
    Ping,
}

/// A message of the live socket, server to client: `Event` is an event of
/// the game's kind (as it is stored), `State` the game's view. The server
/// sends its own typed events and views; a client reads the views of the
/// kind it watches (a Guard & Towers page: [`crate::gt::GtState`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage<Event, State> {
    /// Event `seq` and the game's state right after it (a live view: Guard
    /// & Towers states leave out the move list).
    Event {
        seq: i64,
        at_ms: i64,
        event: Event,
        state: State,
    },
    /// The full state at event `seq`: the first message of a socket opened
    /// without `after`, or the state before any event.
    Snapshot {
        seq: i64,
        state: State,
    },
    Pong,
    Error {
        message: String,
    },
}
