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
    /// The endgame tables of analyses and the full-strength engine
    pub tablebase: TablebaseHealth,
}

/// The endgame tables (`towers serve --tablebase DIR`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct TablebaseHealth {
    pub state: TablebaseState,
    /// Every position of at most this many stones besides the guards is in
    /// the tables in use (0: none or not all of the smallest)
    pub stones: u32,
}

/// Where the endgame tables stand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TablebaseState {
    /// No tables were asked for.
    #[default]
    Off,
    /// The missing tables are being built in the background; those at
    /// hand are used meanwhile.
    Building,
    /// Loaded or built, in use.
    Ready,
    /// The directory could not be made or written: the missing tables are
    /// not used (the log says why).
    Failed,
}
