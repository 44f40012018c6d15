//! What a Guard & Towers game does by itself: an engine seat's move,
//! searched in the shared engine pool (`scheduler`) on the game's own
//! engine (`engines`), and the flag of a running clock, one timer per game.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use guard_towers::record::Termination;
use guard_towers::{Color, Move};
use guard_towers_engine::{Clock, Limits};

use super::{Event, State};
use crate::app::{App, Entry};
use crate::clock::now_ms;
use crate::error::ApiError;
use crate::scheduler::Work;

/// The longest a server engine thinks about one move, whatever its clock
/// (a day's clock would plan for an hour and a half): the engine pool is
/// shared by every game and analysis.
const MAX_ENGINE_MOVE: Duration = Duration::from_secs(10);

/// A game's engine yields its thread to analyses when its game has no
/// clock or at least this much left on it: a few seconds' wait cost it
/// little. Engines on shorter clocks keep their threads.
const YIELDS_WITH_CLOCK_LEFT: Duration = Duration::from_secs(10 * 60);

/// The least thinking time a search that yielded resumes with.
const MIN_RESUMED_SEARCH: Duration = Duration::from_millis(100);

/// Starts what a game's new state calls for: the engine's move, the
/// flag (a hook of the service's, see `games::hooks`).
pub fn after_commit(app: &Arc<App>, entry: &Entry) {
    let (Some(state), id) = (entry.state.get::<State>(), &entry.id) else {
        return;
    };
    if let Some((seat, level)) = state.engine_to_move() {
        spawn_engine(app, id.to_string(), state.clone(), seat, level);
    }
    match state.flag_at_ms() {
        Some(flag_ms) => spawn_flag(app, id.to_string(), state.seq, flag_ms),
        None => {
            if let Some(timer) = app.flags().remove(id) {
                timer.abort();
            }
        }
    }
}

fn spawn_engine(app: &Arc<App>, id: String, state: State, seat: Color, level: u8) {
    let app = app.clone();
    // Registered before the search queues for the pool, so that a game
    // that ends meanwhile never starts it.
    let stop = app.players.start_search(&id);
    tokio::spawn(async move {
        let work = match state.flag_at_ms() {
            Some(flag_at_ms) => Work::ClockedGame { flag_at_ms },
            None => Work::UnclockedGame,
        };
        let yields = state
            .remaining_ms(seat, now_ms())
            .is_none_or(|left| u128::from(left) >= YIELDS_WITH_CLOCK_LEFT.as_millis());
        let thinking = match state.clocks {
            Some(_) => MAX_ENGINE_MOVE,
            None => app.tuning.engine_movetime,
        };
        // A search that yields its thread to an analysis queues again
        // and goes on with the rest of its thinking time (its engine
        // keeps its hash table, so little is searched twice).
        let mut spent = Duration::ZERO;
        let best = loop {
            let permit = if yields {
                app.engines.acquire_yielding(work, &stop).await
            } else {
                app.engines.acquire(work).await
            };
            let permit = match permit {
                Ok(permit) if !stop.load(Ordering::Relaxed) => permit,
                _ => {
                    app.players.search_done(&id, &stop);
                    return;
                }
            };
            let movetime = if spent.is_zero() {
                thinking
            } else {
                thinking.saturating_sub(spent).max(MIN_RESUMED_SEARCH)
            };
            let limits = match state.remaining_ms(seat, now_ms()) {
                Some(left) => Limits {
                    clock: Some(Clock {
                        remaining: Duration::from_millis(left),
                        increment: state
                            .settings
                            .time_control
                            .map_or(Duration::ZERO, |tc| tc.increment),
                    }),
                    movetime: Some(movetime),
                    ..Limits::default()
                },
                None => Limits {
                    movetime: Some(movetime),
                    ..Limits::default()
                },
            };
            let engine = app.players.engine(&id, seat, level);
            let game = state.game.clone();
            let searching = stop.clone();
            let started = Instant::now();
            let best = tokio::task::spawn_blocking(move || {
                let mut engine = engine
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                engine
                    .go(&game, &limits, &searching, &mut |_| {})
                    .map(|result| result.best_move)
            })
            .await;
            spent += started.elapsed();
            let yielded = permit.yielded();
            // A yielded place goes to the analysis that asked for it.
            drop(permit);
            if yielded {
                if !app.players.resume_search(&id, &stop) {
                    // The game ended meanwhile.
                    app.players.search_done(&id, &stop);
                    return;
                }
                let found = matches!(best, Ok(Some(_)));
                if !found || thinking.saturating_sub(spent) >= MIN_RESUMED_SEARCH {
                    continue;
                }
            }
            break best;
        };
        app.players.search_done(&id, &stop);
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let Ok(Some(best)) = best else {
            return;
        };
        if let Err(error) = engine_moves(&app, &id, state.seq, seat, best).await {
            tracing::warn!("engine move in game {id}: {error}");
        }
    });
}

/// Plays the engine's move when the game still stands at `seq`.
async fn engine_moves(
    app: &Arc<App>,
    id: &str,
    seq: i64,
    seat: Color,
    mv: Move,
) -> Result<(), ApiError> {
    let mut game = app.lock(id).await?;
    let event = match game.state.get::<State>() {
        Some(state) if state.seq == seq => state.move_event(seat, mv, now_ms())?,
        _ => return Ok(()),
    };
    app.commit_event(&mut game, event, None).await
}

/// Sets the game's flag timer, in place of the one the last move set.
fn spawn_flag(app: &Arc<App>, id: String, seq: i64, flag_ms: i64) {
    let flagging = app.clone();
    let game = id.clone();
    let timer = tokio::spawn(async move {
        let wait = u64::try_from(flag_ms - now_ms()).unwrap_or(0);
        tokio::time::sleep(Duration::from_millis(wait)).await;
        if let Err(error) = flag(&flagging, &game, seq).await {
            tracing::warn!("clock of game {game}: {error}");
        }
    });
    let previous = app.flags().insert(id, timer.abort_handle());
    if let Some(previous) = previous {
        previous.abort();
    }
}

/// Records a time forfeit when the game still stands at `seq` and the
/// side to move has no time left.
async fn flag(app: &Arc<App>, id: &str, seq: i64) -> Result<(), ApiError> {
    let mut game = app.lock(id).await?;
    let event = match game.state.get::<State>() {
        Some(state) if state.seq == seq => {
            let seat = state.side_to_move();
            if state.remaining_ms(seat, now_ms()) != Some(0) {
                return Ok(());
            }
            Event::Forfeited {
                seat,
                reason: Termination::TimeForfeit(None),
            }
        }
        _ => return Ok(()),
    };
    app.commit_event(&mut game, event, None).await
}
