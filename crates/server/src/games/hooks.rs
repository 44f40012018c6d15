//! What the game service runs after each commit (see [`Hook`]): the
//! kinds' follow-ups and a finished game's consequences, given to the
//! service where it is made, since they act through it.

use super::{gt, tournament};
use crate::app::Hook;

/// Every hook, in the order they run: a Guard & Towers game's engine and
/// clock, then a tournament game's result.
pub const AFTER_COMMIT: &[Hook] = &[gt::play::after_commit, tournament::games::game_finished];
