//! The game service behind every adapter (HTTP, WebSocket, course TCP):
//! loads games, checks commands against their state, commits events
//! before acknowledging them, publishes them live and lets engines move.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use guard_towers_engine::{Clock, Engine, Level, Limits};
use serde::Serialize;
use serde_json::{json, Value};
use tokio::sync::{Mutex as AsyncMutex, OwnedMutexGuard, Semaphore};

use crate::error::ApiError;
use crate::gt::{self, Seat};
use crate::hub::{Hub, Published};
use crate::kubb_match;
use crate::security::token_hash;
use crate::store::{Committed, EventRow, GameRow, Store, Write};

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// A game's state, by kind. One lives per loaded game, so the variants'
/// sizes do not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum GameState {
    Gt(gt::State),
    Kubb(kubb_match::State),
}

impl GameState {
    pub fn seq(&self) -> i64 {
        match self {
            GameState::Gt(state) => state.seq,
            GameState::Kubb(state) => state.seq,
        }
    }

    fn status(&self) -> &'static str {
        match self {
            GameState::Gt(state) => state.status(),
            GameState::Kubb(state) => state.status(),
        }
    }

    fn result_text(&self) -> Option<String> {
        match self {
            GameState::Gt(state) => state.result_text(),
            GameState::Kubb(state) => state.result_text(),
        }
    }

    pub fn view(&self, id: &str, now_ms: i64) -> Value {
        match self {
            GameState::Gt(state) => state.view(id, now_ms),
            GameState::Kubb(state) => state.view(id),
        }
    }

    /// The view sent with each live event: for Guard & Towers without the
    /// move list, which the events themselves carry.
    pub fn live_view(&self, id: &str, now_ms: i64) -> Value {
        match self {
            GameState::Gt(state) => state.live_view(id, now_ms),
            GameState::Kubb(state) => state.view(id),
        }
    }

    fn from_row(row: &GameRow) -> Result<GameState, ApiError> {
        let corrupt = |error: String| ApiError::Internal(format!("game {}: {error}", row.id));
        match row.kind.as_str() {
            "gt" => {
                let settings =
                    serde_json::from_str(&row.settings).map_err(|e| corrupt(e.to_string()))?;
                gt::State::new(settings, row.created_ms)
                    .map(GameState::Gt)
                    .map_err(|e| corrupt(e.0))
            }
            "kubb" => {
                let settings =
                    serde_json::from_str(&row.settings).map_err(|e| corrupt(e.to_string()))?;
                kubb_match::State::new(&settings)
                    .map(GameState::Kubb)
                    .map_err(|e| corrupt(e.0))
            }
            other => Err(corrupt(format!("unknown kind '{other}'"))),
        }
    }

    /// Applies a stored event.
    fn apply_stored(&mut self, event: &EventRow) -> Result<(), String> {
        match self {
            GameState::Gt(state) => {
                let parsed: gt::Event =
                    serde_json::from_str(&event.body).map_err(|e| e.to_string())?;
                state.apply(&parsed, event.at_ms).map_err(|e| e.0)
            }
            GameState::Kubb(state) => {
                let parsed: kubb_match::Event =
                    serde_json::from_str(&event.body).map_err(|e| e.to_string())?;
                state.apply(&parsed).map_err(|e| e.0)
            }
        }
    }
}

/// A loaded game: its state and the hashes of its seat tokens.
pub struct Entry {
    pub id: String,
    pub state: GameState,
    pub seats: HashMap<String, String>,
}

impl Entry {
    /// The seat whose token this is; 401 without a token, 403 with a
    /// wrong one.
    pub fn seat_of(&self, token: Option<&str>) -> Result<String, ApiError> {
        let token = token.ok_or(ApiError::Unauthorized)?;
        let hash = token_hash(token);
        self.seats
            .iter()
            .find(|(_, stored)| **stored == hash)
            .map(|(seat, _)| seat.clone())
            .ok_or_else(|| ApiError::Forbidden("this token holds no seat in this game".into()))
    }
}

/// A message of the live WebSocket, server to client.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// Event `seq` and the game's state right after it (a live view:
    /// Guard & Towers states leave out the move list).
    Event {
        seq: i64,
        at_ms: i64,
        event: Value,
        state: Value,
    },
    /// The full state at event `seq`: the first message of a socket opened
    /// without `after`, or the state before any event.
    Snapshot {
        seq: i64,
        state: Value,
    },
    Pong,
    Error {
        message: String,
    },
}

/// Server-wide tunables.
#[derive(Clone, Debug)]
pub struct Tuning {
    /// How long the engine thinks per move without a clock.
    pub engine_movetime: Duration,
    /// Engine searches that may run at once.
    pub engine_threads: usize,
    /// Games kept in memory. When a new one would pass this, the games
    /// nobody is using are dropped; they are read back from the database
    /// when next asked for.
    pub cached_games: usize,
}

pub struct App {
    pub store: Store,
    pub hub: Hub,
    pub instance: String,
    pub tuning: Tuning,
    games: Mutex<HashMap<String, Arc<AsyncMutex<Option<Entry>>>>>,
    engines: Semaphore,
}

pub type Slot = OwnedMutexGuard<Option<Entry>>;

impl App {
    pub fn new(store: Store, tuning: Tuning) -> Arc<App> {
        Arc::new(App {
            store,
            hub: Hub::default(),
            instance: crate::security::new_token(),
            engines: Semaphore::new(tuning.engine_threads.max(1)),
            tuning,
            games: Mutex::new(HashMap::new()),
        })
    }

    /// The game `id`, locked for this caller and loaded.
    pub async fn lock(&self, id: &str) -> Result<Slot, ApiError> {
        let mut guard = self.slot(id).lock_owned().await;
        if guard.is_none() {
            match self.load(id).await {
                Ok(entry) => *guard = Some(entry),
                Err(error) => {
                    // An unknown id leaves nothing behind.
                    drop(guard);
                    self.drop_if_unused(id);
                    return Err(error);
                }
            }
        }
        Ok(guard)
    }

    /// The cache slot of game `id`, made room for when the cache is full.
    /// A slot whose `Arc` only the map holds is in nobody's hands (taking
    /// one happens under the same lock), so dropping it loses nothing.
    fn slot(&self, id: &str) -> Arc<AsyncMutex<Option<Entry>>> {
        let mut games = self.games.lock().expect("games lock");
        if !games.contains_key(id) && games.len() >= self.tuning.cached_games {
            games.retain(|_, slot| Arc::strong_count(slot) > 1);
        }
        games.entry(id.to_string()).or_default().clone()
    }

    fn drop_if_unused(&self, id: &str) {
        let mut games = self.games.lock().expect("games lock");
        if games
            .get(id)
            .is_some_and(|slot| Arc::strong_count(slot) == 1)
        {
            games.remove(id);
        }
    }

    /// How many games are held in memory now.
    pub fn games_in_memory(&self) -> usize {
        self.games.lock().expect("games lock").len()
    }

    /// Drops the cached state of a game that changed elsewhere.
    pub async fn forget(&self, id: &str) {
        let slot = self.games.lock().expect("games lock").get(id).cloned();
        if let Some(slot) = slot {
            *slot.lock().await = None;
        }
    }

    /// Folds the stored events of game `id`, calling `after_event` with
    /// the state after each; returns the game's row and final state.
    async fn replay(
        &self,
        id: &str,
        mut after_event: impl FnMut(&GameState, &EventRow),
    ) -> Result<(GameRow, GameState), ApiError> {
        let row = self
            .store
            .game(id)
            .await?
            .ok_or_else(|| ApiError::NotFound(format!("no game '{id}'")))?;
        let mut state = GameState::from_row(&row)?;
        for event in self.store.events(id, 0).await? {
            state
                .apply_stored(&event)
                .map_err(|e| ApiError::Internal(format!("game {id} event {}: {e}", event.seq)))?;
            after_event(&state, &event);
        }
        Ok((row, state))
    }

    async fn load(&self, id: &str) -> Result<Entry, ApiError> {
        let (_, state) = self.replay(id, |_, _| {}).await?;
        let seats = self.store.seats(id).await?.into_iter().collect();
        Ok(Entry {
            id: id.to_string(),
            state,
            seats,
        })
    }

    /// Creates a game with its first events and seats; returns it loaded.
    pub async fn create(
        self: &Arc<App>,
        row: GameRow,
        state: GameState,
        events: Vec<Value>,
        seats: Vec<(String, String)>,
    ) -> Result<Entry, ApiError> {
        let id = row.id.clone();
        let mut entry = Entry {
            id: id.clone(),
            state,
            seats: HashMap::new(),
        };
        let mut writes = vec![Write::CreateGame(row)];
        for (seat, token) in seats {
            let token_hash = token_hash(&token);
            entry.seats.insert(seat.clone(), token_hash.clone());
            writes.push(Write::TakeSeat {
                game_id: id.clone(),
                seat,
                token_hash,
            });
        }
        let now = now_ms();
        for event in events {
            writes.push(self.next_event(&mut entry, &event, now)?);
        }
        if self.store.commit(writes, None).await? == Committed::Conflict {
            return Err(ApiError::Internal("a fresh game id was taken".into()));
        }
        self.after_commit(&entry);
        Ok(entry)
    }

    /// Applies `event` to the entry's state and returns its write.
    fn next_event(&self, entry: &mut Entry, event: &Value, at_ms: i64) -> Result<Write, ApiError> {
        let stored = EventRow {
            seq: entry.state.seq() + 1,
            at_ms,
            body: event.to_string(),
        };
        entry
            .state
            .apply_stored(&stored)
            .map_err(ApiError::Refused)?;
        Ok(Write::Append {
            game_id: entry.id.clone(),
            event: stored,
            status: entry.state.status().to_string(),
            result: entry.state.result_text(),
        })
    }

    /// Commits one event (and perhaps a seat) to a locked game: on success
    /// the slot holds the new state and the event has been published.
    pub async fn commit_event(
        self: &Arc<App>,
        slot: &mut Slot,
        event: Value,
        seat: Option<(String, String)>,
    ) -> Result<(), ApiError> {
        let entry = slot.as_mut().expect("locked slots are loaded");
        let now = now_ms();
        // A refused event leaves the state as it was.
        let append = self.next_event(entry, &event, now)?;
        let mut writes = Vec::new();
        if let Some((seat, token)) = &seat {
            writes.push(Write::TakeSeat {
                game_id: entry.id.clone(),
                seat: seat.clone(),
                token_hash: token_hash(token),
            });
        }
        writes.push(append);
        let announce = json!({ "instance": self.instance, "game": entry.id }).to_string();
        match self.store.commit(writes, Some(announce)).await {
            Ok(Committed::Yes) => {
                if let Some((seat, token)) = seat {
                    entry.seats.insert(seat, token_hash(&token));
                }
                self.publish(entry, &event, now);
                self.after_commit(entry);
                Ok(())
            }
            Ok(Committed::Conflict) => {
                **slot = None;
                Err(ApiError::Conflict(
                    "the game changed meanwhile (another server or seat): reload and retry".into(),
                ))
            }
            Err(error) => {
                **slot = None;
                Err(error.into())
            }
        }
    }

    fn publish(&self, entry: &Entry, event: &Value, at_ms: i64) {
        let seq = entry.state.seq();
        let message = ServerMessage::Event {
            seq,
            at_ms,
            event: event.clone(),
            state: entry.state.live_view(&entry.id, at_ms),
        };
        let text = serde_json::to_string(&message)
            .expect("messages serialise")
            .into();
        self.hub.publish(&entry.id, Published::Event { seq, text });
    }

    /// Every server message a client that has seen event `after` missed.
    pub async fn messages_after(
        &self,
        id: &str,
        after: i64,
    ) -> Result<Vec<ServerMessage>, ApiError> {
        let mut messages = Vec::new();
        let (row, _) = self
            .replay(id, |state, event| {
                if event.seq > after {
                    messages.push(ServerMessage::Event {
                        seq: event.seq,
                        at_ms: event.at_ms,
                        event: serde_json::from_str(&event.body).unwrap_or(Value::Null),
                        state: state.live_view(id, event.at_ms),
                    });
                }
            })
            .await?;
        if after <= 0 {
            let start = GameState::from_row(&row)?;
            messages.insert(
                0,
                ServerMessage::Snapshot {
                    seq: 0,
                    state: start.view(id, row.created_ms),
                },
            );
        }
        Ok(messages)
    }

    /// Starts what a new state calls for: the engine's move, the flag.
    fn after_commit(self: &Arc<App>, entry: &Entry) {
        let GameState::Gt(state) = &entry.state else {
            return;
        };
        if let Some((seat, level)) = state.engine_to_move() {
            self.spawn_engine(entry.id.clone(), state.clone(), seat, level);
        }
        if let Some(flag_ms) = state.flag_at_ms() {
            self.spawn_flag(entry.id.clone(), state.seq, flag_ms);
        }
    }

    fn spawn_engine(self: &Arc<App>, id: String, state: gt::State, seat: Seat, level: u8) {
        let app = self.clone();
        tokio::spawn(async move {
            let Ok(_permit) = app.engines.acquire().await else {
                return;
            };
            let limits = match state.remaining_ms(seat, now_ms()) {
                Some(left) => Limits {
                    clock: Some(Clock {
                        remaining: Duration::from_millis(left),
                        increment: Duration::from_millis(
                            state.settings.time_control.map_or(0, |tc| tc.increment_ms),
                        ),
                    }),
                    ..Limits::default()
                },
                None => Limits {
                    movetime: Some(app.tuning.engine_movetime),
                    ..Limits::default()
                },
            };
            let game = state.game.clone();
            let best = tokio::task::spawn_blocking(move || {
                let mut engine = Engine::new();
                engine.set_hash_mb(16);
                if let Some(level) = Level::new(level) {
                    engine.set_level(level);
                }
                engine.search(&game, &limits).map(|result| result.best_move)
            })
            .await;
            let Ok(Some(best)) = best else {
                return;
            };
            if let Err(error) = app
                .engine_moves(&id, state.seq, seat, &best.to_string())
                .await
            {
                tracing::warn!("engine move in game {id}: {error}");
            }
        });
    }

    async fn engine_moves(
        self: &Arc<App>,
        id: &str,
        seq: i64,
        seat: Seat,
        mv: &str,
    ) -> Result<(), ApiError> {
        let mut slot = self.lock(id).await?;
        let event = match &slot.as_ref().expect("loaded").state {
            GameState::Gt(state) if state.seq == seq => state.move_event(seat, mv, now_ms())?,
            _ => return Ok(()),
        };
        self.commit_event(&mut slot, event.to_json(), None).await
    }

    fn spawn_flag(self: &Arc<App>, id: String, seq: i64, flag_ms: i64) {
        let app = self.clone();
        tokio::spawn(async move {
            let wait = u64::try_from(flag_ms - now_ms()).unwrap_or(0);
            tokio::time::sleep(Duration::from_millis(wait)).await;
            if let Err(error) = app.flag(&id, seq).await {
                tracing::warn!("clock of game {id}: {error}");
            }
        });
    }

    /// Records a time forfeit when the game still stands at `seq` and the
    /// side to move has no time left.
    async fn flag(self: &Arc<App>, id: &str, seq: i64) -> Result<(), ApiError> {
        let mut slot = self.lock(id).await?;
        let event = match &slot.as_ref().expect("loaded").state {
            GameState::Gt(state) if state.seq == seq => {
                let seat = state.side_to_move();
                if state.remaining_ms(seat, now_ms()) != Some(0) {
                    return Ok(());
                }
                gt::Event::Forfeited {
                    seat,
                    reason: "time forfeit".into(),
                }
            }
            _ => return Ok(()),
        };
        self.commit_event(&mut slot, event.to_json(), None).await
    }

    /// A place in the pool of engine and simulation threads.
    pub async fn engine_permit(&self) -> Result<tokio::sync::SemaphorePermit<'_>, ApiError> {
        self.engines
            .acquire()
            .await
            .map_err(|_| ApiError::Internal("the engine pool is closed".into()))
    }

    /// Resumes engines and clocks of active games after a restart.
    pub async fn resume_active_games(self: &Arc<App>) -> Result<(), ApiError> {
        for row in self.store.list("gt", "active", 10_000).await? {
            let slot = self.lock(&row.id).await?;
            if let Some(entry) = slot.as_ref() {
                self.after_commit(entry);
            }
        }
        Ok(())
    }
}
