//! `GET /api/health`: liveness and the server's bounded resources.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `GET /api/health`'s answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Health {
    pub ok: bool,
    pub games_in_memory: usize,
    pub games_watched: usize,
    /// Engines kept for the engine seats of games (bounded)
    pub engines_kept: usize,
    /// Flag timers set: at most one per game whose clock runs
    pub flag_timers: usize,
    /// Connections open on both listeners (bounded in all and per client)
    pub connections_open: usize,
}
