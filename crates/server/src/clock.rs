//! The wall clock the server stamps events, clocks and rows with: its own
//! module so that storage and the game kinds read the time without
//! reaching up into the service (`app`).

use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}
