//! The towers server's wire: what crosses its HTTP API, its streams and
//! its sockets, as serde types. The server serialises these very types and
//! its clients (`towers bot`, the tests) deserialise them, so a field
//! renamed on one side is renamed on the other, or fails to build.
//!
//! Fields are the libraries' types (`Color`, `Move`, `Position`, …), which
//! cross JSON as their text. Requests refuse unknown fields (a misspelt
//! field is an error, not a default); answers do not, so a client keeps
//! working when a newer server adds one. A field a client reads may be
//! `null` but not missing: an answer without it is refused, not read as
//! `null`.
//!
//! Modules: `error` (the body of every refusal), `status` (where a game
//! stands), `bots` (a bot's account and event stream), `gt` (a Guard &
//! Towers game: its move request, its view and its live messages), `board`
//! (a Guard & Towers position and its moves as data, for the pages).

pub mod board;
pub mod bots;
pub mod error;
pub mod gt;
pub mod status;

pub use error::ErrorBody;
pub use status::Status;

#[cfg(test)]
mod tests;
