//! The game service behind every adapter (HTTP, WebSocket, course TCP):
//! loads games, checks commands against their state, commits events
//! before acknowledging them, publishes them live and lets engines move.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::future::BoxFuture;
use serde_json::json;
use tokio::sync::{watch, Mutex as AsyncMutex, OwnedMappedMutexGuard, OwnedMutexGuard};
use tokio::task::AbortHandle;

use crate::bots::BotStreams;
use crate::clock::now_ms;
use crate::engines::EnginePlayers;
use crate::error::ApiError;
use crate::games::{Game, GameEvent, GameState, Kind, View};
use crate::hub::{Hub, Published};
use crate::listener::stopped;
use crate::replay;
use crate::scheduler::{Permit, Scheduler, Work};
use crate::seat::Seat;
use crate::security::token_hash;
use crate::status::Status;
use crate::store::{Committed, EventRow, GameRow, Store, Write};

/// Analyses that may wait for an engine, per engine thread.
const ANALYSES_WAITING_PER_THREAD: usize = 4;

/// The longest an analysis waits for an engine before it is told to retry
/// (503 with `Retry-After`): with its own search, an analysis of up to a
/// second is answered within 5 s.
const ANALYSIS_DEADLINE: Duration = Duration::from_secs(4);

/// How long a game's search that may yield keeps its thread before a
/// waiting analysis takes it (see `scheduler`).
const GAME_SLICE: Duration = Duration::from_millis(250);

/// How often a server says it is alive; a restart more than three of these
/// after the last word counts the gap as time no server was up.
const ALIVE_INTERVAL: Duration = Duration::from_secs(2);

/// A loaded game: its state and the hashes of its seat tokens.
pub struct Entry {
    pub id: String,
    pub state: GameState,
    pub seats: HashMap<Seat, String>,
    /// The stored game moved on without this copy (a commit conflicted or
    /// failed): the next lock reads it again.
    stale: bool,
}

impl Entry {
    /// The seat whose token this is; 401 without a token, 403 with a
    /// wrong one.
    pub fn seat_of(&self, token: Option<&str>) -> Result<Seat, ApiError> {
        let token = token.ok_or(ApiError::Unauthorized)?;
        let hash = token_hash(token);
        self.seats
            .iter()
            .find(|(_, stored)| **stored == hash)
            .map(|(seat, _)| seat.clone())
            .ok_or_else(|| {
                ApiError::Forbidden("this token holds no seat in this game".into())
                    .precisely(api::Code::GameTokenHoldsNoSeat, serde_json::Map::new())
            })
    }
}

/// A game locked for its caller, and loaded.
pub type Loaded = OwnedMappedMutexGuard<Option<Entry>, Entry>;

/// A message of the live WebSocket, server to client: the wire type, with
/// the server's own events and views.
pub type ServerMessage = api::live::ServerMessage<GameEvent, View>;

/// What the service runs after it commits an event of a game, and for
/// each active game when a server starts: a kind's own follow-ups (an
/// engine's move, a clock's flag) and a finished game's consequences (its
/// tournament's result). They act through the service, so the service is
/// given them where it is made (`games::hooks`) and never names them.
pub type Hook = fn(&Arc<App>, &Entry);

/// An event a commit brings about in another game, committed with it:
/// that game, locked, and its event.
pub struct Linked {
    pub entry: Loaded,
    pub event: GameEvent,
}

/// What the service asks before it commits an event of a game: the event,
/// if any, that the game's new state brings about in another game (a
/// finished game's result in its tournament). The two are written in one
/// commit, so neither is ever stored without the other. A link locks the
/// other game while the first is held: locks are only ever taken in that
/// order (a game, then its tournament), so no two callers wait on each
/// other.
pub type Link = for<'a> fn(&'a Arc<App>, &'a Entry) -> BoxFuture<'a, Option<Linked>>;

/// What the service runs around its commits, in order (`games::hooks`).
pub struct Hooks {
    pub links: &'static [Link],
    pub after_commit: &'static [Hook],
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
    /// Endgame tables for analyses and the full-strength engine's games
    /// (`towers serve --tablebase DIR`), maybe still being built.
    pub tablebase: crate::tablebases::Tablebases,
}

pub struct App {
    pub store: Store,
    pub hub: Hub,
    pub instance: String,
    pub tuning: Tuning,
    /// Raised when the server shuts down: live sockets close with a reason.
    pub stopping: watch::Receiver<bool>,
    games: Mutex<HashMap<String, Arc<AsyncMutex<Option<Entry>>>>>,
    /// The one flag timer of each game whose clock runs.
    flags: Mutex<HashMap<String, AbortHandle>>,
    pub(crate) engines: Arc<Scheduler>,
    pub(crate) players: EnginePlayers,
    /// The bots' open event streams, woken when a game seats their bot.
    pub bots: Arc<BotStreams>,
    /// The ratings, folded from the store when asked for.
    pub ratings: crate::ratings::Ratings,
    hooks: &'static Hooks,
}

impl App {
    pub fn new(
        store: Store,
        tuning: Tuning,
        stopping: watch::Receiver<bool>,
        hooks: &'static Hooks,
    ) -> Arc<App> {
        Arc::new(App {
            store,
            stopping,
            flags: Mutex::default(),
            hub: Hub::default(),
            instance: crate::security::new_token(),
            engines: Scheduler::new(
                tuning.engine_threads,
                ANALYSES_WAITING_PER_THREAD * tuning.engine_threads.max(1),
                ANALYSIS_DEADLINE,
                GAME_SLICE,
            ),
            players: EnginePlayers::new(4 * tuning.engine_threads.max(1), tuning.tablebase.clone()),
            bots: Arc::default(),
            tuning,
            games: Mutex::new(HashMap::new()),
            ratings: crate::ratings::Ratings::default(),
            hooks,
        })
    }

    /// The game `id`, locked for this caller and loaded.
    pub async fn lock(&self, id: &str) -> Result<Loaded, ApiError> {
        let mut guard = self.slot(id).lock_owned().await;
        if guard.as_ref().is_none_or(|entry| entry.stale) {
            match self.load(id).await {
                Ok(entry) => *guard = Some(entry),
                Err(error) => {
                    // An unknown id leaves nothing behind.
                    *guard = None;
                    drop(guard);
                    self.drop_if_unused(id);
                    return Err(error);
                }
            }
        }
        OwnedMutexGuard::try_map(guard, Option::as_mut)
            .map_err(|_| ApiError::Internal(format!("game {id} was not loaded")))
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

    /// How many engines are kept for the engine seats of games.
    pub fn engines_kept(&self) -> usize {
        self.players.len()
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

    /// Folds the stored events of game `id` (see [`replay::replay`]).
    async fn replay(
        &self,
        id: &str,
        after_event: impl FnMut(&GameState, &GameEvent, i64, i64),
    ) -> Result<(GameRow, GameState), ApiError> {
        replay::replay(&self.store, id, after_event).await
    }

    async fn load(&self, id: &str) -> Result<Entry, ApiError> {
        let (_, state) = match self.replay(id, |_, _, _, _| {}).await {
            Ok(replayed) => replayed,
            Err(ApiError::Quarantined { id, detail }) => {
                tracing::error!("game {id} no longer replays ({detail}): quarantined");
                if let Err(error) = self.store.quarantine(&id, &detail, now_ms()).await {
                    tracing::error!("game {id} could not be quarantined: {error}");
                }
                return Err(ApiError::Quarantined { id, detail });
            }
            Err(error) => return Err(error),
        };
        let seats = self.store.seats(id).await?.into_iter().collect();
        Ok(Entry {
            id: id.to_string(),
            state,
            seats,
            stale: false,
        })
    }

    /// Creates a game of kind `G` with its settings, first events and
    /// seats (each with its token); returns it loaded.
    pub async fn create<G: Game>(
        self: &Arc<App>,
        settings: G::Settings,
        events: Vec<G::Event>,
        seats: Vec<(Seat, String)>,
    ) -> Result<Entry, ApiError> {
        let hashed = seats
            .into_iter()
            .map(|(seat, token)| (seat, token_hash(&token)))
            .collect();
        self.create_seated::<G>(settings, events, hashed).await
    }

    /// Creates a game whose seats are given by their tokens' hashes (a bot
    /// holds its seats with its account token, known here only by its
    /// hash); the event streams of the seats' bots are woken. Settings the
    /// kind refuses create nothing.
    pub async fn create_seated<G: Game>(
        self: &Arc<App>,
        settings: G::Settings,
        events: Vec<G::Event>,
        seat_hashes: Vec<(Seat, String)>,
    ) -> Result<Entry, ApiError> {
        let now = now_ms();
        let stored = serde_json::to_string(&settings)
            .map_err(|error| ApiError::Internal(format!("settings: {error}")))?;
        let state: GameState = G::new(settings, now)
            .map_err(|refusal| ApiError::Refused(refusal.into()))?
            .into();
        let id = crate::security::new_token()[..12].to_string();
        let row = GameRow {
            id: id.clone(),
            kind: G::KIND,
            settings: stored,
            status: state.status(),
            listing: state.listing(),
            created_ms: now,
            updated_ms: now,
        };
        let mut entry = Entry {
            id: id.clone(),
            state,
            seats: HashMap::new(),
            stale: false,
        };
        let mut writes = vec![Write::CreateGame(row)];
        for (seat, token_hash) in seat_hashes {
            entry.seats.insert(seat.clone(), token_hash.clone());
            writes.push(Write::TakeSeat {
                game_id: id.clone(),
                seat,
                token_hash,
            });
        }
        for event in events {
            writes.push(self.next_event(&mut entry, &event.into(), now)?);
        }
        if self.store.commit(writes, Vec::new()).await? == Committed::Conflict {
            return Err(ApiError::Internal("a fresh game id was taken".into()));
        }
        for token_hash in entry.seats.values() {
            self.bots.wake(token_hash);
        }
        self.after_commit(&entry);
        Ok(entry)
    }

    /// Applies `event` to the entry's state and returns its write.
    fn next_event(
        &self,
        entry: &mut Entry,
        event: &GameEvent,
        at_ms: i64,
    ) -> Result<Write, ApiError> {
        entry.state.apply(event, at_ms)?;
        Ok(Write::Append {
            game_id: entry.id.clone(),
            kind: entry.state.kind(),
            event: EventRow {
                seq: entry.state.seq(),
                at_ms,
                body: event.body(),
            },
            status: entry.state.status(),
            listing: entry.state.listing(),
        })
    }

    /// Commits one event (and perhaps a seat) to a locked game, with the
    /// events it brings about in other games (see [`Link`]): on success
    /// the entries hold their new states and the events have been
    /// published; on failure nothing is stored, and the entries are marked
    /// stale and read again by the next lock.
    pub async fn commit_event(
        self: &Arc<App>,
        entry: &mut Loaded,
        event: impl Into<GameEvent>,
        seat: Option<(Seat, String)>,
    ) -> Result<(), ApiError> {
        let event = event.into();
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
        let (linked_writes, mut linked) = self.linked_events(entry, now).await;
        // Kept for a retry alone; copied only when a link adds to the commit
        // (most commits have none).
        let alone = (!linked.is_empty()).then(|| writes.clone());
        writes.extend(linked_writes);
        let announce = self.announcements(entry, &linked);
        let mut committed = self.store.commit(writes, announce).await;
        if let (Some(alone), Ok(Committed::Conflict)) = (alone, &committed) {
            // Another server wrote to a linked game meanwhile. This game's
            // event does not wait on that one: it is committed alone, and
            // the linked game takes its part later (`sync_results`).
            for linked in &mut linked {
                linked.entry.stale = true;
            }
            linked.clear();
            let announce = self.announcements(entry, &linked);
            committed = self.store.commit(alone, announce).await;
        }
        if committed.as_ref().is_ok_and(|c| *c == Committed::Yes) {
            if let Some((seat, token)) = seat {
                entry.seats.insert(seat, token_hash(&token));
            }
            self.committed(entry, &event, now);
            for linked in &linked {
                self.committed(&linked.entry, &linked.event, now);
            }
            return Ok(());
        }
        entry.stale = true;
        for linked in &mut linked {
            linked.entry.stale = true;
        }
        match committed {
            Err(error) => Err(error.into()),
            Ok(_) => Err(ApiError::Conflict(
                "the game changed meanwhile (another server or seat): reload and retry".into(),
            )
            .precisely(api::Code::GameChangedMeanwhile, serde_json::Map::new())),
        }
    }

    /// What tells the other servers (PostgreSQL) which games a commit
    /// wrote to.
    fn announcements(&self, entry: &Entry, linked: &[Linked]) -> Vec<String> {
        std::iter::once(entry)
            .chain(linked.iter().map(|linked| &*linked.entry))
            .map(|entry| json!({ "instance": self.instance, "game": entry.id }).to_string())
            .collect()
    }

    /// The events the entry's new state brings about in other games, each
    /// applied to its game and with its write. One the other game refuses
    /// (a drawn knockout game, which its organiser decides) is left out.
    async fn linked_events(
        self: &Arc<App>,
        entry: &Entry,
        at_ms: i64,
    ) -> (Vec<Write>, Vec<Linked>) {
        let (mut writes, mut events) = (Vec::new(), Vec::new());
        for link in self.hooks.links {
            let Some(mut linked) = link(self, entry).await else {
                continue;
            };
            match self.next_event(&mut linked.entry, &linked.event, at_ms) {
                Ok(write) => {
                    writes.push(write);
                    events.push(linked);
                }
                Err(refused) => tracing::info!(
                    "game {} ended; game {} leaves its result for its organiser: {refused}",
                    entry.id,
                    linked.entry.id
                ),
            }
        }
        (writes, events)
    }

    /// What follows a stored event: it is published, and the hooks run.
    fn committed(self: &Arc<App>, entry: &Entry, event: &GameEvent, at_ms: i64) {
        self.publish(entry, event, at_ms);
        if entry.state.status() == Status::Finished {
            self.players.game_over(&entry.id);
        }
        self.after_commit(entry);
    }

    fn publish(&self, entry: &Entry, event: &GameEvent, at_ms: i64) {
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
            .replay(id, |state, event, at_ms, seq| {
                if seq > after {
                    messages.push(ServerMessage::Event {
                        seq,
                        at_ms,
                        event: event.clone(),
                        state: state.live_view(id, at_ms),
                    });
                }
            })
            .await?;
        if after <= 0 {
            let start = replay::start_of(&row)?;
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

    /// Starts what a new state calls for (see [`Hook`]).
    fn after_commit(self: &Arc<App>, entry: &Entry) {
        for hook in self.hooks.after_commit {
            hook(self, entry);
        }
    }

    /// The flag timer of each game whose clock runs, by game.
    pub(crate) fn flags(&self) -> std::sync::MutexGuard<'_, HashMap<String, AbortHandle>> {
        self.flags.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Flag timers set now.
    pub fn flag_timers(&self) -> usize {
        self.flags().len()
    }

    /// A place in the pool of engine and simulation threads for a client's
    /// analysis or simulation; 503 when the engines are too busy.
    pub async fn engine_permit(&self) -> Result<Permit, ApiError> {
        self.engines
            .acquire(Work::Analysis)
            .await
            .map_err(ApiError::Busy)
    }

    /// Resumes engines and clocks of every active game after a restart,
    /// first giving back to each running clock the time no server was up.
    /// A game that no longer loads (a damaged row, an event the rules now
    /// refuse) is quarantined and left out: one broken game must not keep
    /// the server from starting for every other.
    pub async fn resume_active_games(self: &Arc<App>) -> Result<(), ApiError> {
        let down_since = self
            .store
            .last_alive_ms()
            .filter(|&alive| now_ms() - alive > 3 * ALIVE_INTERVAL.as_millis() as i64);
        for &kind in Kind::ALL.iter().filter(|kind| kind.resumes()) {
            for id in self.store.ids(kind, Status::Active).await? {
                self.resume(&id, down_since).await;
            }
        }
        self.spawn_heartbeat();
        Ok(())
    }

    /// Fills the listing columns of the games stored before they existed,
    /// from each game's events (once: a filled game is not read again). A
    /// game that no longer replays is quarantined and keeps what the
    /// migration could read of its stored result text; one that cannot be
    /// read is left for the next start: one broken game must not keep the
    /// server from starting.
    pub async fn fill_listings(&self) -> Result<(), ApiError> {
        let ids = self.store.unlisted().await?;
        if !ids.is_empty() {
            tracing::info!("reading the names of {} stored games for lists", ids.len());
        }
        for id in ids {
            let state = match self.replay(&id, |_, _, _, _| {}).await {
                Ok((_, state)) => state,
                Err(ApiError::Quarantined { id, detail }) => {
                    tracing::error!("game {id} no longer replays ({detail}): quarantined");
                    self.store.quarantine(&id, &detail, now_ms()).await?;
                    continue;
                }
                Err(error) => {
                    tracing::error!("game {id}: its listing is not filled: {error:?}");
                    continue;
                }
            };
            let fill = Write::FillListing {
                game_id: id,
                kind: state.kind(),
                listing: state.listing(),
            };
            self.store.commit(vec![fill], Vec::new()).await?;
        }
        Ok(())
    }

    /// Keeps every name with rated results as a name that stands for
    /// someone (`unclaimed` until an account is handed its history), so
    /// that nobody signs up under it or a look-alike of it: a fold of the
    /// ratings registers the names it finds. A database from before
    /// accounts is guarded at its first start this way, and a sign-up
    /// folds first, so that a result counted a moment ago guards its names.
    pub async fn guard_rated_names(&self) -> Result<(), ApiError> {
        self.ratings.boards(&self.store).await.map(|_| ())
    }

    /// Starts an active game's engine and clock again, first recording
    /// that no server was up since `down_since`, if that is known.
    async fn resume(self: &Arc<App>, id: &str, down_since: Option<i64>) {
        let mut game = match self.lock(id).await {
            Ok(game) => game,
            Err(error) => {
                tracing::error!("game {id} does not resume: {error:?}");
                return;
            }
        };
        if let Some(event) = down_since.and_then(|since| game.state.downtime_event(since)) {
            // Another instance starting at the same moment may have
            // credited it first (a conflict): not fatal.
            if let Err(error) = self.commit_event(&mut game, event, None).await {
                tracing::warn!("game {id}: downtime not credited: {error}");
            }
        }
        self.after_commit(&game);
    }

    /// Says every few seconds that this server is alive (see
    /// [`App::resume_active_games`]).
    fn spawn_heartbeat(self: &Arc<App>) {
        let app = self.clone();
        let mut stopping = self.stopping.clone();
        tokio::spawn(async move {
            let mut beats = tokio::time::interval(ALIVE_INTERVAL);
            loop {
                tokio::select! {
                    _ = beats.tick() => {
                        if let Err(error) = app.store.mark_alive().await {
                            tracing::warn!("heartbeat: {error}");
                        }
                    }
                    _ = stopped(&mut stopping) => return,
                }
            }
        });
    }
}
