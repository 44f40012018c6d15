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
//! Every type derives its schema (utoipa's `ToSchema`, `IntoParams` for
//! queries), and [`openapi::document`] is the server's OpenAPI document,
//! made from them: a field added here is documented, and the server's
//! contract test checks its answers against that document.
//!
//! Modules: `error` (the body of every refusal), `status` (where a game
//! stands), `accounts` (accounts, sessions, passkeys), `bots` (a bot's account and event stream), `gt` (a Guard &
//! Towers game: its requests, its view and its live messages; contest
//! logs), `kubb` (a refereed match), `tournament`, `ratings` (the
//! leaderboard and player pages), `puzzles`, `listing` (the lists of
//! each kind), `live` (the socket's query), `health`, `openapi` (the
//! document),
//! `board` (a Guard & Towers position and its moves as data, for the
//! pages).

pub mod accounts;
pub mod board;
pub mod bots;
pub mod error;
pub mod gt;
pub mod health;
pub mod kubb;
pub mod listing;
pub mod live;
pub mod openapi;
pub mod puzzles;
pub mod ratings;
mod schema;
pub mod status;
pub mod tournament;

pub use error::{codes, Code, ErrorBody};
pub use status::Status;

#[cfg(test)]
mod tests;
