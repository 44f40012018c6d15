//! The course contest server's game logs (`guard_towers::contest_log`)
//! imported into the archive, so that students review their tournament
//! games on the analysis board: each log becomes a course game between the
//! players it names, each move with the clock the server logged, ended as
//! the board or the server's verdict ends it. Lines out of turn, which the
//! server ignored, are left out and reported.

use std::sync::Arc;
use std::time::Duration;

use guard_towers::contest_log::{ContestLog, ContestLogError};
use guard_towers::Color;
use serde::Serialize;
use tokio::sync::watch;

use crate::app::{App, Tuning};
use crate::error::ApiError;
use crate::games::gt::{self, Settings};
use crate::store::Store;

/// A log imported: the stored game and what the log held.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Imported {
    pub id: String,
    pub red: String,
    pub blue: String,
    pub moves: usize,
    /// As stored: `1-0 guard captured`, `0-1 time forfeit`, `* unterminated`.
    pub result: String,
    pub out_of_turn: Vec<Skipped>,
}

/// A line out of turn, left out.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Skipped {
    pub line: usize,
    pub color: Color,
    pub text: String,
}

/// Why a log was not imported.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("not a contest log: {0}")]
    Log(#[from] ContestLogError),
    /// The database refused or failed.
    #[error("{0}")]
    Store(String),
}

/// Reads a log and stores its game (`POST /api/gt/course-logs`).
pub async fn import(app: &Arc<App>, text: &str) -> Result<Imported, ApiError> {
    let log: ContestLog = text
        .parse()
        .map_err(|error| ApiError::BadRequest(ImportError::Log(error).to_string()))?;
    store_log(app, &log).await
}

async fn store_log(app: &Arc<App>, log: &ContestLog) -> Result<Imported, ApiError> {
    let entry = app
        .create::<gt::State>(Settings::course(), events_of(log), Vec::new())
        .await?;
    let (result, termination) = log.result();
    Ok(Imported {
        id: entry.id,
        red: log.red.clone(),
        blue: log.blue.clone(),
        moves: log.moves.len(),
        result: format!("{result} {termination}"),
        out_of_turn: log
            .out_of_turn
            .iter()
            .map(|skipped| Skipped {
                line: skipped.line,
                color: skipped.color,
                text: skipped.text.clone(),
            })
            .collect(),
    })
}

/// The game's events: both players join, the moves, then the server's
/// verdict where the board does not decide the game, or an abandonment
/// where the log has none (the game must not stay open with a running
/// clock that would end it by a result nobody played).
fn events_of(log: &ContestLog) -> Vec<gt::Event> {
    let joined = |seat: Color, name: &str| gt::Event::Joined {
        seat,
        name: name.to_string(),
    };
    let mut events = vec![joined(Color::Red, &log.red), joined(Color::Blue, &log.blue)];
    let mut seat = log.game().start().side_to_move();
    for logged in &log.moves {
        events.push(gt::Event::Moved {
            seat,
            mv: logged.mv,
            clock_ms: Some(u64::try_from(logged.time_left_ms).unwrap_or(0)),
        });
        seat = !seat;
    }
    if log.game().outcome().is_none() {
        let (_, reason) = log.result();
        events.push(match &log.verdict {
            Some(verdict) => gt::Event::Forfeited {
                seat: !verdict.winner,
                reason,
            },
            None => gt::Event::Abandoned { reason },
        });
    }
    events
}

/// `towers admin import-course-log`: imports each `(name, text)` into the
/// database at `url`; each log's own outcome, in order.
pub async fn import_course_logs(
    url: &str,
    logs: &[(String, String)],
) -> anyhow::Result<Vec<(String, Result<Imported, ImportError>)>> {
    let store = Store::open(url).await?;
    let (_stop, stopping) = watch::channel(false);
    let tuning = Tuning {
        engine_movetime: Duration::from_millis(500),
        engine_threads: 1,
        cached_games: logs.len().max(1),
        tablebase: crate::tablebases::Tablebases::default(),
    };
    let app = App::new(store, tuning, stopping, &crate::games::hooks::HOOKS);
    let mut outcomes = Vec::new();
    for (name, text) in logs {
        let imported = match text.parse::<ContestLog>() {
            Ok(log) => store_log(&app, &log).await.map_err(|error| match error {
                // The command line is the operator's: the detail helps.
                ApiError::Internal(detail) => ImportError::Store(detail),
                other => ImportError::Store(other.to_string()),
            }),
            Err(error) => Err(ImportError::Log(error)),
        };
        outcomes.push((name.clone(), imported));
    }
    app.store.close().await;
    Ok(outcomes)
}
