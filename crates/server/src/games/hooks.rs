//! What the game service runs around each commit (see [`Hooks`]): the
//! events a commit brings about in other games, written with it, and the
//! follow-ups after it. They act through the service, so they are given to
//! it where it is made.

use super::{gt, tournament};
use crate::app::Hooks;

/// Every hook: a tournament game's start and result, committed with the
/// game's first event of play and its last; after each commit, a Guard & Towers game's engine
/// and clock.
pub const HOOKS: Hooks = Hooks {
    links: &[tournament::games::in_tournament],
    after_commit: &[gt::play::after_commit],
};
