//! Bot accounts: an engine registers a name and gets an account token
//! (shown once; the store keeps its hash). A game or a tournament pairing
//! that names the bot seats it with that same hash, so the bot plays with
//! its account token through the ordinary move route and game socket,
//! like any seated client.
//!
//! The bot learns of its games from its event stream: NDJSON, one
//! [`BotEvent`] a line, an empty line as keep-alive every
//! [`KEEP_ALIVE`]. The stream begins with every ongoing game of the bot
//! (catch-up after being offline or a restart), is woken at once when this
//! instance creates a game that seats the bot, and looks again at each
//! keep-alive (games another instance created). An account holds at most
//! [`MAX_STREAMS`] streams at once, and a stream lists at most
//! [`MAX_GAMES`] games: both bound what one token can hold on the server.

use std::collections::{HashMap, HashSet, VecDeque};
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use api::bots::BotEvent;
use axum::body::Bytes;
use futures_util::Stream;
use serde::Serialize;
use tokio::sync::{watch, Notify};
use tournament::Name;

use crate::clock::now_ms;
use crate::error::ApiError;
use crate::games::{gt, RegisteredKind};
use crate::listener::stopped;
use crate::seat::Seat;
use crate::security::{new_token, token_hash};
use crate::store::{AccountWrite, Committed, Holder, Store, Write};

/// How often a stream sends a keep-alive line and looks for new games.
pub const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// Event streams one bot account may hold open at once.
pub const MAX_STREAMS: usize = 2;

/// The most ongoing games a stream follows.
const MAX_GAMES: i64 = 64;

/// A registered bot: its name and its account token, which only this
/// answer ever shows.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Registered {
    pub name: Name,
    pub token: String,
}

/// Registers a bot account owned by the account `owner`; 409 when a bot
/// has the name, 422 when someone else holds it or a look-alike of it.
pub async fn register(store: &Store, name: Name, owner: &str) -> Result<Registered, ApiError> {
    let taken = || {
        ApiError::Conflict(format!("a bot called '{name}' is already registered")).precisely(
            api::Code::AccountBotNameTaken,
            crate::error::with("name", name.as_str()),
        )
    };
    if store.bot_token_hash(name.as_str()).await?.is_some() {
        return Err(taken());
    }
    let checked = crate::names::free(store, name.as_str()).await?;
    let token = new_token();
    let writes = vec![
        Write::Account(AccountWrite::Identity {
            skeleton: checked.skeleton().as_str().to_string(),
            name: name.to_string(),
            holder: Holder::Bot,
        }),
        Write::RegisterBot {
            name: name.to_string(),
            token_hash: token_hash(&token),
            created_ms: now_ms(),
            owner: owner.to_string(),
        },
    ];
    match store.commit(writes, Vec::new()).await? {
        Committed::Yes => Ok(Registered { name, token }),
        Committed::Conflict => Err(taken()),
    }
}

/// Gives the bot `name` that `owner` owns a new token (`Some`), or none
/// that anyone knows (`None`: revoked); the old one stops working at once,
/// in the bot's ongoing games too. 404 when `owner` owns no such bot.
pub async fn new_token_for(
    store: &Store,
    name: &str,
    owner: &str,
    shown: bool,
) -> Result<Option<String>, ApiError> {
    let token = new_token();
    let write = Write::Account(AccountWrite::RotateBotToken {
        name: name.to_string(),
        owner: owner.to_string(),
        token_hash: token_hash(&token),
    });
    match store.commit(vec![write], Vec::new()).await? {
        Committed::Yes => Ok(shown.then_some(token)),
        Committed::Conflict => Err(ApiError::NotFound(format!(
            "you own no bot called '{name}'"
        ))),
    }
}

/// A bot known by its account token.
#[derive(Clone, Debug)]
pub struct Account {
    pub name: String,
    pub token_hash: String,
}

/// The bot whose account token this is: 401 without a token or with one
/// that is no bot's.
pub async fn account(store: &Store, token: Option<&str>) -> Result<Account, ApiError> {
    let token = token.ok_or_else(|| {
        ApiError::BadToken(
            "this needs a bot account token: send 'Authorization: Bearer <token>'".into(),
        )
    })?;
    let hash = token_hash(token);
    match store.bot_named_by(&hash).await? {
        Some(name) => Ok(Account {
            name,
            token_hash: hash,
        }),
        None => Err(ApiError::BadToken(
            "that token is no bot account's: register with POST /api/bots".into(),
        )),
    }
}

/// The token hash of the bot called `name`; 404 when there is none.
pub async fn seat_hash(store: &Store, name: &Name) -> Result<String, ApiError> {
    store
        .bot_token_hash(name.as_str())
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no bot is called '{name}'")))
}

/// The open event streams, by their bot's token hash.
#[derive(Default)]
pub struct BotStreams {
    open: Mutex<HashMap<String, Vec<Arc<Notify>>>>,
}

impl BotStreams {
    fn open(&self) -> std::sync::MutexGuard<'_, HashMap<String, Vec<Arc<Notify>>>> {
        self.open.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A place for one more stream of this account; 429 when it holds
    /// [`MAX_STREAMS`] already.
    fn admit(self: &Arc<Self>, token_hash: &str) -> Result<Slot, ApiError> {
        let mut open = self.open();
        let streams = open.entry(token_hash.to_string()).or_default();
        if streams.len() >= MAX_STREAMS {
            return Err(ApiError::Limited(format!(
                "this bot has {MAX_STREAMS} event streams open already: close one first"
            ))
            .precisely(
                api::Code::BotStreamsOpen,
                serde_json::Map::from_iter([("max".to_string(), MAX_STREAMS.into())]),
            ));
        }
        let wake = Arc::new(Notify::new());
        streams.push(wake.clone());
        Ok(Slot {
            streams: self.clone(),
            token_hash: token_hash.to_string(),
            wake,
        })
    }

    /// Wakes the streams of the bot whose token has this hash, if any.
    pub fn wake(&self, token_hash: &str) {
        if let Some(streams) = self.open().get(token_hash) {
            // A permit is kept when the stream is not waiting: it looks
            // again as soon as it does.
            streams.iter().for_each(|wake| wake.notify_one());
        }
    }
}

/// A stream's place, given back when the stream ends.
struct Slot {
    streams: Arc<BotStreams>,
    token_hash: String,
    wake: Arc<Notify>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.streams.open();
        if let Some(streams) = open.get_mut(&self.token_hash) {
            streams.retain(|wake| !Arc::ptr_eq(wake, &self.wake));
            if streams.is_empty() {
                open.remove(&self.token_hash);
            }
        }
    }
}

/// What a stream has to follow and what it has told.
struct Follow {
    store: Store,
    slot: Slot,
    stopping: watch::Receiver<bool>,
    announced: HashSet<String>,
    lines: VecDeque<Bytes>,
    look: bool,
}

/// The event stream of `account`, one of the `streams` open, ending
/// when `stopping` is raised (the server shuts down); 429 when the
/// account holds its streams already.
pub fn stream(
    store: Store,
    streams: &Arc<BotStreams>,
    stopping: watch::Receiver<bool>,
    account: &Account,
) -> Result<impl Stream<Item = Result<Bytes, Infallible>>, ApiError> {
    let follow = Follow {
        slot: streams.admit(&account.token_hash)?,
        stopping,
        store,
        announced: HashSet::new(),
        lines: VecDeque::new(),
        look: true,
    };
    Ok(futures_util::stream::unfold(
        follow,
        |mut follow| async move {
            let line = follow.next_line().await?;
            Some((Ok(line), follow))
        },
    ))
}

impl Follow {
    /// The next line to send; `None` when the server shuts down.
    async fn next_line(&mut self) -> Option<Bytes> {
        loop {
            if let Some(line) = self.lines.pop_front() {
                return Some(line);
            }
            if self.look {
                self.look = false;
                self.look_for_games().await;
                continue;
            }
            tokio::select! {
                _ = self.slot.wake.notified() => self.look = true,
                _ = tokio::time::sleep(KEEP_ALIVE) => {
                    self.lines.push_back(Bytes::from_static(b"\n"));
                    self.look = true;
                }
                _ = stopped(&mut self.stopping) => return None,
            }
        }
    }

    /// Queues an event for each game started or finished since the last
    /// look. A store that fails is tried again at the next look.
    async fn look_for_games(&mut self) {
        let seated = match self
            .store
            .seated_games(&self.slot.token_hash, gt::State::KIND, MAX_GAMES)
            .await
        {
            Ok(seated) => seated,
            Err(error) => {
                tracing::warn!("bot stream: {error}");
                return;
            }
        };
        let ongoing: HashSet<String> = seated.iter().map(|(game, _)| game.clone()).collect();
        let mut events = Vec::new();
        self.announced.retain(|game| {
            let on = ongoing.contains(game);
            if !on {
                events.push(BotEvent::GameFinished { game: game.clone() });
            }
            on
        });
        for (game, seat) in seated {
            let Seat::Player(color) = seat else {
                continue;
            };
            if self.announced.insert(game.clone()) {
                events.push(BotEvent::GameStarted { game, color });
            }
        }
        for event in events {
            let mut line = serde_json::to_vec(&event).expect("bot events serialise");
            line.push(b'\n');
            self.lines.push_back(line.into());
        }
    }
}
