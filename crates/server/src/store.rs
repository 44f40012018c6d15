//! Storage: games, their numbered events and seat tokens, on SQLite (the
//! embedded default) or PostgreSQL, through one portable schema.
//!
//! Every write goes through one writer task that commits whatever has queued
//! up in a single transaction (group commit) and only then answers each
//! request: a move is durable before it is acknowledged, and SQLite's single
//! writer never sees contention. Each request runs inside its own savepoint,
//! so one request that conflicts (an event number another instance took
//! first, a seat already taken) is undone alone.

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyConnection, AnyPool, Connection, Executor, Row};
use tokio::sync::{mpsc, oneshot};

use crate::games::kinds::Kind;
use crate::listing::{Listing, Outcome, Side};
use crate::seat::Seat;
use crate::status::{Status, UnknownName};

mod accounts;
pub use accounts::{
    AccountRow, AccountWrite, BotRow, CeremonyRow, Holder, IdentityRow, PasskeyRow, SessionRow,
};
use accounts::{ACCOUNT_COLUMNS, PASSKEY_COLUMNS, SESSION_COLUMNS};

/// The most requests committed in one transaction.
const MAX_BATCH: usize = 512;
/// Batches written at once on PostgreSQL (see `Store::open`).
const POSTGRES_WRITERS: usize = 2;

/// How long opening the database may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// The PostgreSQL channel on which committed events are announced.
pub const CHANNEL: &str = "towers_events";

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// The database could not be opened: the cause in words.
    #[error("cannot open the database {url}: {cause}")]
    Open { url: String, cause: String },
    #[error("database migration: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    #[error("the database writer has stopped")]
    WriterStopped,
    #[error("game {id}: {error}")]
    Corrupt { id: String, error: UnknownName },
}

/// A stored game, without its events.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: String,
    pub kind: Kind,
    pub settings: String,
    pub status: Status,
    pub listing: Listing,
    pub created_ms: i64,
    pub updated_ms: i64,
}

/// A game that may hold rated results ([`Store::rating_sources`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SourceRow {
    pub id: String,
    pub kind: Kind,
    pub settings: String,
    pub updated_ms: i64,
}

/// One numbered event of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct EventRow {
    pub seq: i64,
    pub at_ms: i64,
    pub body: String,
}

/// One write; a request is a list of them, applied all or none.
#[derive(Clone, Debug)]
pub enum Write {
    CreateGame(GameRow),
    /// Fails the request when the game already has event `seq`.
    Append {
        game_id: String,
        kind: Kind,
        event: EventRow,
        /// The game's status and listing after this event.
        status: Status,
        listing: Listing,
    },
    /// Fails the request when the seat is taken.
    TakeSeat {
        game_id: String,
        seat: Seat,
        token_hash: String,
    },
    /// The listing of a game stored before listings had columns, read
    /// from its events; a listing written meanwhile is kept.
    FillListing {
        game_id: String,
        kind: Kind,
        listing: Listing,
    },
    /// Fails the request when the name is taken.
    RegisterBot {
        name: String,
        token_hash: String,
        created_ms: i64,
        /// The account that owns it.
        owner: String,
    },
    Account(AccountWrite),
    /// Adds a puzzle unless its id or position is stored (never fails).
    SeedPuzzle(PuzzleRow),
    /// A stored puzzle as the set has it now: its goal, solution and
    /// themes, served again if it was retired; its rating and attempts
    /// stay.
    ReseedPuzzle {
        id: i64,
        goal: String,
        solution: String,
        themes: String,
    },
    /// A stored puzzle the set no longer holds: never served nor counted
    /// again; its row and the attempts at it stay.
    RetirePuzzle {
        id: i64,
    },
    /// A rated attempt: the solver's first at this puzzle, both new
    /// ratings. Fails the request when the solver already tried the
    /// puzzle, or when either rating changed since it was read (its
    /// `attempts` no longer `attempts - 1`).
    RatePuzzle {
        puzzle: PuzzleRow,
        solver: SolverRow,
        solved: bool,
        at_ms: i64,
    },
}

/// A stored puzzle ([`crate::puzzles`]): its text as stored, its rating.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRow {
    pub id: i64,
    /// `win` or `save`.
    pub goal: String,
    pub position: String,
    /// Moves separated by spaces.
    pub solution: String,
    /// Theme names separated by commas.
    pub themes: String,
    /// The Glicko-2 rating as JSON.
    pub glicko: String,
    pub rating: i64,
    pub attempts: i64,
    pub solved: i64,
    /// No longer in the shipped set: not served, not counted.
    pub retired: bool,
}

/// A puzzle solver: the hash of its token and its rating.
#[derive(Clone, Debug, PartialEq)]
pub struct SolverRow {
    pub token_hash: String,
    pub glicko: String,
    pub rating: i64,
    pub attempts: i64,
}

/// Whether a request was committed, or refused because its event number or
/// seat was already taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Committed {
    Yes,
    Conflict,
}

struct Request {
    writes: Vec<Write>,
    /// The NOTIFY payloads announcing the request, one per game it writes
    /// to (PostgreSQL only).
    announce: Vec<String>,
    reply: oneshot::Sender<Result<Committed, String>>,
}

/// The database behind the server.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    writer: mpsc::Sender<Request>,
    postgres: bool,
    url: String,
    /// When a server last said it was alive, as read at opening.
    last_alive: Option<i64>,
}

/// One connection before the pool, so that a bad or missing file or an
/// unreachable server is reported as what it is (`shown`: the address
/// without its password), not as the pool's timeout.
async fn probe(options: &AnyConnectOptions, shown: &str, postgres: bool) -> Result<(), StoreError> {
    let open_error = |cause: String| StoreError::Open {
        url: shown.to_string(),
        cause,
    };
    let connect = async {
        let mut connection = AnyConnection::connect_with(options).await?;
        // SQLite reads the file only when asked something.
        let check = if postgres {
            "SELECT 1"
        } else {
            "SELECT count(*) FROM sqlite_master"
        };
        connection.execute(check).await?;
        connection.close().await
    };
    tokio::time::timeout(CONNECT_TIMEOUT, connect)
        .await
        .map_err(|_| open_error(format!("no answer within {CONNECT_TIMEOUT:?}")))?
        .map_err(|error| open_error(error.to_string()))
}

impl Store {
    /// Opens (creating if needed) and migrates the database at `url`:
    /// `sqlite:FILE` or `postgres://…`.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let postgres = url.starts_with("postgres");
        let url = if postgres || url.contains("mode=") {
            url.to_string()
        } else {
            format!("{url}{}mode=rwc", if url.contains('?') { '&' } else { '?' })
        };
        let options = AnyConnectOptions::from_str(&url)?;
        let shown = redacted(&url);
        let open_error = |cause: String| StoreError::Open {
            url: shown.clone(),
            cause,
        };
        probe(&options, &shown, postgres).await?;
        let pool = AnyPoolOptions::new()
            .max_connections(if postgres { 8 } else { 4 })
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(move |connection, _| {
                Box::pin(async move {
                    if !postgres {
                        // WAL lets readers run beside the writer; FULL makes
                        // each commit survive a power cut, not just a crash.
                        connection
                            .execute(
                                "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; \
                                 PRAGMA busy_timeout = 10000; PRAGMA foreign_keys = ON;",
                            )
                            .await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await
            .map_err(|error| open_error(error.to_string()))?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(|error| {
                open_error(format!("its tables cannot be made or updated: {error}"))
            })?;
        // A server that cannot write would serve reads and fail every move:
        // find out now.
        let last_alive = last_alive(&pool).await?;
        mark_alive(&pool)
            .await
            .map_err(|error| open_error(format!("it cannot be written: {error}")))?;
        let (writer, requests) = mpsc::channel(4 * MAX_BATCH);
        // SQLite takes one writer at a time. PostgreSQL takes several, and
        // a batch spends most of its time waiting on round trips, so two
        // writers overlap their waits. A game's events stay in order: its
        // next commit is made only once its last one is answered (the
        // game's lock is held across the commit).
        let requests = Arc::new(tokio::sync::Mutex::new(requests));
        for _ in 0..if postgres { POSTGRES_WRITERS } else { 1 } {
            tokio::spawn(write_loop(pool.clone(), requests.clone(), postgres));
        }
        Ok(Store {
            pool,
            writer,
            postgres,
            url,
            last_alive,
        })
    }

    /// The pool's connections: open, and idle among them.
    pub fn pool_use(&self) -> (u32, usize) {
        (self.pool.size(), self.pool.num_idle())
    }

    pub fn is_postgres(&self) -> bool {
        self.postgres
    }

    /// The connection URL, for the PostgreSQL listener.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Commits `writes` atomically; returns once they are durable.
    pub async fn commit(
        &self,
        writes: Vec<Write>,
        announce: Vec<String>,
    ) -> Result<Committed, StoreError> {
        let (reply, answer) = oneshot::channel();
        let announce = if self.postgres { announce } else { Vec::new() };
        self.writer
            .send(Request {
                writes,
                announce,
                reply,
            })
            .await
            .map_err(|_| StoreError::WriterStopped)?;
        match answer.await {
            Ok(Ok(committed)) => Ok(committed),
            Ok(Err(message)) => Err(StoreError::Database(sqlx::Error::Protocol(message))),
            Err(_) => Err(StoreError::WriterStopped),
        }
    }

    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| game_row(&row)).transpose()
    }

    /// How many games of each kind are being played (status `active`), on
    /// every instance: for the metrics.
    pub async fn live_games(&self) -> Result<Vec<(String, i64)>, StoreError> {
        let rows =
            sqlx::query("SELECT kind, COUNT(*) FROM games WHERE status = 'active' GROUP BY kind")
                .fetch_all(&self.pool)
                .await?;
        Ok(rows.iter().map(|row| (row.get(0), row.get(1))).collect())
    }

    /// The game's events numbered above `after`, in order.
    pub async fn events(&self, id: &str, after: i64) -> Result<Vec<EventRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT seq, at_ms, body FROM events WHERE game_id = $1 AND seq > $2 ORDER BY seq",
        )
        .bind(id)
        .bind(after)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|row| EventRow {
                seq: row.get(0),
                at_ms: row.get(1),
                body: row.get(2),
            })
            .collect())
    }

    /// The game's taken seats, each with the hash of the token that holds
    /// it.
    pub async fn seats(&self, id: &str) -> Result<Vec<(Seat, String)>, StoreError> {
        let rows = sqlx::query("SELECT seat, token_hash FROM seats WHERE game_id = $1")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| Ok((seat_of(id, row.get(0))?, row.get(1))))
            .collect()
    }

    /// The most recently updated games of `kind` with `status` (only
    /// public challenges when `public_only`).
    pub async fn list(
        &self,
        kind: Kind,
        status: Status,
        public_only: bool,
        limit: i64,
    ) -> Result<Vec<GameRow>, StoreError> {
        let public = if public_only { "AND public = 1" } else { "" };
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE kind = $1 AND status = $2 {public} \
             ORDER BY updated_ms DESC, id LIMIT $3"
        ))
        .bind(kind.name())
        .bind(status.name())
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_row).collect()
    }

    /// The games stored before listings had columns whose listing is not
    /// filled yet (quarantined games are left out: they do not replay).
    pub async fn unlisted(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE public IS NULL \
             AND id NOT IN (SELECT game_id FROM quarantine) ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|row| row.get(0)).collect())
    }
}

impl Store {
    /// The ids of every game of `kind` with `status`, oldest first.
    pub async fn ids(&self, kind: Kind, status: Status) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE kind = $1 AND status = $2 \
             AND id NOT IN (SELECT game_id FROM quarantine) ORDER BY created_ms, id",
        )
        .bind(kind.name())
        .bind(status.name())
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|row| row.get(0)).collect())
    }

    /// Every game that may hold rated results, with its settings and when
    /// it last changed: finished Guard & Towers games and Kubb matches, and
    /// every tournament (its results count while it runs). Quarantined
    /// games are left out.
    pub async fn rating_sources(&self) -> Result<Vec<SourceRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, kind, settings, updated_ms FROM games \
             WHERE ((kind IN ('gt', 'kubb') AND status = 'finished') OR kind = 'tournament') \
             AND id NOT IN (SELECT game_id FROM quarantine) ORDER BY id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let id: String = row.get(0);
                let kind =
                    row.get::<String, _>(1)
                        .parse()
                        .map_err(|error| StoreError::Corrupt {
                            id: id.clone(),
                            error,
                        })?;
                Ok(SourceRow {
                    id,
                    kind,
                    settings: row.get(2),
                    updated_ms: row.get(3),
                })
            })
            .collect()
    }

    /// Sets game `id` apart: its stored events no longer replay.
    pub async fn quarantine(&self, id: &str, reason: &str, at_ms: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO quarantine (game_id, reason, at_ms) VALUES ($1, $2, $3) \
             ON CONFLICT DO NOTHING",
        )
        .bind(id)
        .bind(reason)
        .bind(at_ms)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// When a server last said it was alive before this one opened the
    /// database (`None` for a new database).
    pub fn last_alive_ms(&self) -> Option<i64> {
        self.last_alive
    }

    /// Says this server is alive now.
    pub async fn mark_alive(&self) -> Result<(), StoreError> {
        Ok(mark_alive(&self.pool).await?)
    }

    /// Closes the database once the commits in flight are written.
    pub async fn close(&self) {
        let _ = self.mark_alive().await;
        self.pool.close().await;
    }
}

/// Bot accounts and the games they sit in.
impl Store {
    /// The name of the bot whose token has this hash.
    pub async fn bot_named_by(&self, token_hash: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT name FROM bots WHERE token_hash = $1")
            .bind(token_hash)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|row| row.get(0)))
    }

    /// The token hash of the bot called `name`.
    pub async fn bot_token_hash(&self, name: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT token_hash FROM bots WHERE name = $1")
            .bind(name)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|row| row.get(0)))
    }

    /// The games of `kind`, waiting or active, with a seat held by this
    /// token hash, oldest first, at most `limit`: (game, seat).
    pub async fn seated_games(
        &self,
        token_hash: &str,
        kind: Kind,
        limit: i64,
    ) -> Result<Vec<(String, Seat)>, StoreError> {
        let rows = sqlx::query(
            "SELECT g.id, s.seat FROM seats s JOIN games g ON g.id = s.game_id \
             WHERE s.token_hash = $1 AND g.kind = $2 AND g.status IN ($3, $4) \
             AND g.id NOT IN (SELECT game_id FROM quarantine) \
             ORDER BY g.created_ms, g.id LIMIT $5",
        )
        .bind(token_hash)
        .bind(kind.name())
        .bind(Status::Waiting.name())
        .bind(Status::Active.name())
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let id: String = row.get(0);
                let seat = seat_of(&id, row.get(1))?;
                Ok((id, seat))
            })
            .collect()
    }
}

/// A stored seat name, read.
fn seat_of(id: &str, name: String) -> Result<Seat, StoreError> {
    name.parse().map_err(|error| StoreError::Corrupt {
        id: id.to_string(),
        error,
    })
}

/// A game set apart because its events no longer replay.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Quarantined {
    pub id: String,
    pub reason: String,
    pub at_ms: i64,
}

/// The quarantined games of the database at `url`, read without opening
/// it as a server would (no migration, no write).
pub async fn quarantined_in(url: &str) -> Result<Vec<Quarantined>, StoreError> {
    sqlx::any::install_default_drivers();
    let open_error = |error: sqlx::Error| StoreError::Open {
        url: redacted(url),
        cause: error.to_string(),
    };
    let options = AnyConnectOptions::from_str(url).map_err(open_error)?;
    let mut connection = AnyConnection::connect_with(&options)
        .await
        .map_err(open_error)?;
    Ok(quarantine_rows(&mut connection).await?)
}

/// The quarantine table, oldest first, read through a pool or one
/// connection.
async fn quarantine_rows<'e>(
    executor: impl Executor<'e, Database = sqlx::Any>,
) -> Result<Vec<Quarantined>, sqlx::Error> {
    let rows = sqlx::query("SELECT game_id, reason, at_ms FROM quarantine ORDER BY at_ms")
        .fetch_all(executor)
        .await?;
    Ok(rows
        .iter()
        .map(|row| Quarantined {
            id: row.get(0),
            reason: row.get(1),
            at_ms: row.get(2),
        })
        .collect())
}

async fn last_alive(pool: &AnyPool) -> Result<Option<i64>, sqlx::Error> {
    let row = sqlx::query("SELECT alive_ms FROM alive WHERE id = 1")
        .fetch_optional(pool)
        .await?;
    Ok(row.map(|row| row.get(0)))
}

async fn mark_alive(pool: &AnyPool) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO alive (id, alive_ms) VALUES (1, $1) \
         ON CONFLICT (id) DO UPDATE SET alive_ms = excluded.alive_ms",
    )
    .bind(crate::clock::now_ms())
    .execute(pool)
    .await?;
    Ok(())
}

/// The URL without its password, for messages.
fn redacted(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &url[scheme + 3..at];
            match credentials.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..scheme + 3], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

/// The columns of a [`GameRow`], in the order [`game_row`] reads them.
const GAME_COLUMNS: &str = "id, kind, settings, status, outcome, winner, termination, champion, \
                            first_name, second_name, public, created_ms, updated_ms";

fn game_row(row: &sqlx::any::AnyRow) -> Result<GameRow, StoreError> {
    let id: String = row.get(0);
    let named = |index: usize| row.get::<String, _>(index);
    let corrupt = |error| StoreError::Corrupt {
        id: id.clone(),
        error,
    };
    let winner = row
        .get::<Option<String>, _>(5)
        .map(|side| Side::read(&side))
        .transpose()
        .map_err(corrupt)?;
    let outcome = match (row.get::<Option<String>, _>(4).as_deref(), winner) {
        (None, _) => None,
        (Some("won"), Some(side)) => Some(Outcome::Won(side)),
        (Some("drawn"), None) => Some(Outcome::Drawn),
        (Some("undecided"), None) => Some(Outcome::Undecided),
        (Some(other), _) => {
            return Err(corrupt(UnknownName(
                format!("{other} (winner {winner:?})"),
                "outcome (won with a winner, drawn or undecided)",
            )))
        }
    };
    Ok(GameRow {
        kind: named(1).parse().map_err(corrupt)?,
        settings: row.get(2),
        status: named(3)
            .parse::<Status>()
            .map_err(|unknown| corrupt(unknown.into()))?,
        listing: Listing {
            names: [row.get(8), row.get(9)],
            outcome,
            termination: row
                .get::<Option<String>, _>(6)
                .map(|text| text.parse().unwrap_or_else(|never| match never {})),
            champion: row.get(7),
            public: row.get::<Option<i64>, _>(10) == Some(1),
        },
        created_ms: row.get(11),
        updated_ms: row.get(12),
        id,
    })
}

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

/// Binds the listing's columns, in this order: outcome, winner,
/// termination, champion, first_name, second_name, public.
fn bind_listing<'q>(query: AnyQuery<'q>, kind: Kind, listing: &Listing) -> AnyQuery<'q> {
    let (outcome, winner) = match listing.outcome {
        None => (None, None),
        Some(Outcome::Won(side)) => (Some("won"), Some(kind.side_name(side))),
        Some(Outcome::Drawn) => (Some("drawn"), None),
        Some(Outcome::Undecided) => (Some("undecided"), None),
    };
    let [first, second] = listing.names.clone();
    query
        .bind(outcome)
        .bind(winner)
        .bind(listing.termination.as_ref().map(ToString::to_string))
        .bind(listing.champion.clone())
        .bind(first)
        .bind(second)
        .bind(i64::from(listing.public))
}

/// The requests waiting, taken by the writers a batch at a time.
type Requests = Arc<tokio::sync::Mutex<mpsc::Receiver<Request>>>;

/// The next batch: the first request to come and all that wait behind it;
/// `None` once the store is closed.
async fn next_batch(requests: &Requests) -> Option<Vec<Request>> {
    let mut requests = requests.lock().await;
    let mut batch = vec![requests.recv().await?];
    while batch.len() < MAX_BATCH {
        match requests.try_recv() {
            Ok(request) => batch.push(request),
            Err(_) => break,
        }
    }
    Some(batch)
}

async fn write_loop(pool: AnyPool, requests: Requests, postgres: bool) {
    while let Some(batch) = next_batch(&requests).await {
        let requests: Vec<&Request> = batch.iter().collect();
        let started = std::time::Instant::now();
        let written = write_batch(&pool, &requests, postgres).await;
        crate::metrics::database("commit", started.elapsed());
        let outcomes = match written {
            Ok(outcomes) => outcomes.into_iter().map(Ok).collect(),
            // One bad request must not fail the others it was batched with:
            // each is tried again alone, and only the bad one fails.
            Err(error) if batch.len() > 1 => {
                tracing::warn!("database batch failed ({error}); retrying its requests alone");
                let mut outcomes = Vec::with_capacity(batch.len());
                for request in &batch {
                    outcomes.push(
                        write_batch(&pool, &[request], postgres)
                            .await
                            .map(|outcome| outcome[0])
                            .map_err(|error| error.to_string()),
                    );
                }
                outcomes
            }
            Err(error) => vec![Err(error.to_string())],
        };
        for (request, outcome) in batch.into_iter().zip(outcomes) {
            match &outcome {
                Err(error) => tracing::error!("database write failed: {error}"),
                Ok(Committed::Yes) => count_events(&request),
                Ok(_) => {}
            }
            let _ = request.reply.send(outcome);
        }
    }
}

/// The events a committed request stored, by game kind, for the metrics.
fn count_events(request: &Request) {
    for write in &request.writes {
        if let Write::Append { kind, .. } = write {
            crate::metrics::committed(kind.name(), 1);
        }
    }
}

async fn write_batch(
    pool: &AnyPool,
    batch: &[&Request],
    postgres: bool,
) -> Result<Vec<Committed>, sqlx::Error> {
    let mut transaction = pool.begin().await?;
    let mut outcomes = Vec::with_capacity(batch.len());
    let mut announcements: Vec<&str> = Vec::new();
    for request in batch {
        let outcome = apply_request(&mut transaction, request, postgres).await?;
        if outcome == Committed::Yes {
            announcements.extend(request.announce.iter().map(String::as_str));
        }
        outcomes.push(outcome);
    }
    if !announcements.is_empty() {
        // One statement for the batch's announcements: on PostgreSQL each
        // statement is a round trip, and the writer waits for every one.
        // A payload is compact JSON, which holds no line break.
        sqlx::query(
            "SELECT pg_notify($1, payload) FROM regexp_split_to_table($2, E'\\n') AS payload",
        )
        .bind(CHANNEL)
        .bind(announcements.join("\n"))
        .execute(&mut *transaction)
        .await?;
    }
    transaction.commit().await?;
    Ok(outcomes)
}

/// Applies one request's writes: all of them, or (on a conflict) none.
/// Only a request that could write something before it conflicts needs a
/// savepoint to undo it; a move, one append, does not (two round trips
/// fewer on PostgreSQL).
async fn apply_request(
    transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
    request: &Request,
    postgres: bool,
) -> Result<Committed, sqlx::Error> {
    let savepoint = request.writes.len() > 1
        || request
            .writes
            .iter()
            .any(|write| !write.writes_nothing_on_conflict());
    if savepoint {
        transaction.execute("SAVEPOINT request").await?;
    }
    let mut outcome = Committed::Yes;
    for write in &request.writes {
        if !apply(transaction, write, postgres).await? {
            outcome = Committed::Conflict;
            break;
        }
    }
    if savepoint {
        if outcome == Committed::Conflict {
            transaction.execute("ROLLBACK TO SAVEPOINT request").await?;
        }
        transaction.execute("RELEASE SAVEPOINT request").await?;
    }
    Ok(outcome)
}

impl Write {
    /// Whether a conflict leaves nothing of this write behind (a single
    /// statement, or a first statement whose conflict stops the rest).
    fn writes_nothing_on_conflict(&self) -> bool {
        !matches!(self, Write::RatePuzzle { .. } | Write::Account(_))
    }
}

/// Applies one write; false when it conflicts with what is stored.
async fn apply(
    transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
    write: &Write,
    postgres: bool,
) -> Result<bool, sqlx::Error> {
    let connection = &mut **transaction;
    let affected = match write {
        Write::CreateGame(game) => {
            let query = format!(
                "INSERT INTO games ({GAME_COLUMNS}) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) \
                 ON CONFLICT DO NOTHING"
            );
            let query = sqlx::query(&query)
                .bind(&game.id)
                .bind(game.kind.name())
                .bind(&game.settings)
                .bind(game.status.name());
            bind_listing(query, game.kind, &game.listing)
                .bind(game.created_ms)
                .bind(game.updated_ms)
                .execute(connection)
                .await?
                .rows_affected()
        }
        Write::Append {
            game_id,
            kind,
            event,
            status,
            listing,
        } if postgres => {
            // The event and the game's row in one statement (one round
            // trip): the row changes only when the event was inserted.
            let query = sqlx::query(
                "WITH inserted AS (INSERT INTO events (game_id, seq, at_ms, body) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING seq) \
                 UPDATE games SET status = $5, outcome = $6, winner = $7, termination = $8, \
                 champion = $9, first_name = $10, second_name = $11, public = $12, \
                 updated_ms = $3 WHERE id = $1 AND EXISTS (SELECT 1 FROM inserted)",
            )
            .bind(game_id)
            .bind(event.seq)
            .bind(event.at_ms)
            .bind(&event.body)
            .bind(status.name());
            bind_listing(query, *kind, listing)
                .execute(connection)
                .await?
                .rows_affected()
        }
        Write::Append {
            game_id,
            kind,
            event,
            status,
            listing,
        } => {
            let inserted = sqlx::query(
                "INSERT INTO events (game_id, seq, at_ms, body) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT DO NOTHING",
            )
            .bind(game_id)
            .bind(event.seq)
            .bind(event.at_ms)
            .bind(&event.body)
            .execute(&mut *connection)
            .await?
            .rows_affected();
            if inserted == 1 {
                let query = sqlx::query(
                    "UPDATE games SET status = $1, outcome = $2, winner = $3, termination = $4, \
                     champion = $5, first_name = $6, second_name = $7, public = $8, \
                     updated_ms = $9 WHERE id = $10",
                )
                .bind(status.name());
                bind_listing(query, *kind, listing)
                    .bind(event.at_ms)
                    .bind(game_id)
                    .execute(connection)
                    .await?;
            }
            inserted
        }
        Write::FillListing {
            game_id,
            kind,
            listing,
        } => {
            let query = sqlx::query(
                "UPDATE games SET outcome = $1, winner = $2, termination = $3, champion = $4, \
                 first_name = $5, second_name = $6, public = $7 WHERE id = $8 AND public IS NULL",
            );
            bind_listing(query, *kind, listing)
                .bind(game_id)
                .execute(connection)
                .await?;
            // A listing written meanwhile (by an event) is newer: not a
            // conflict.
            1
        }
        Write::TakeSeat {
            game_id,
            seat,
            token_hash,
        } => sqlx::query(
            "INSERT INTO seats (game_id, seat, token_hash) VALUES ($1, $2, $3) \
             ON CONFLICT DO NOTHING",
        )
        .bind(game_id)
        .bind(seat.to_string())
        .bind(token_hash)
        .execute(connection)
        .await?
        .rows_affected(),
        Write::RegisterBot {
            name,
            token_hash,
            created_ms,
            owner,
        } => sqlx::query(
            "INSERT INTO bots (name, token_hash, created_ms, owner) VALUES ($1, $2, $3, $4) \
             ON CONFLICT DO NOTHING",
        )
        .bind(name)
        .bind(token_hash)
        .bind(created_ms)
        .bind(owner)
        .execute(connection)
        .await?
        .rows_affected(),
        Write::Account(write) => return accounts::apply(connection, write).await,
        Write::SeedPuzzle(puzzle) => {
            sqlx::query(
                "INSERT INTO puzzles (id, goal, position, solution, themes, glicko, rating, \
                 attempts, solved) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                 ON CONFLICT DO NOTHING",
            )
            .bind(puzzle.id)
            .bind(&puzzle.goal)
            .bind(&puzzle.position)
            .bind(&puzzle.solution)
            .bind(&puzzle.themes)
            .bind(&puzzle.glicko)
            .bind(puzzle.rating)
            .bind(puzzle.attempts)
            .bind(puzzle.solved)
            .execute(connection)
            .await?;
            1
        }
        Write::ReseedPuzzle {
            id,
            goal,
            solution,
            themes,
        } => sqlx::query(
            "UPDATE puzzles SET goal = $1, solution = $2, themes = $3, retired = 0 WHERE id = $4",
        )
        .bind(goal)
        .bind(solution)
        .bind(themes)
        .bind(id)
        .execute(connection)
        .await?
        .rows_affected(),
        Write::RetirePuzzle { id } => sqlx::query("UPDATE puzzles SET retired = 1 WHERE id = $1")
            .bind(id)
            .execute(connection)
            .await?
            .rows_affected(),
        Write::RatePuzzle {
            puzzle,
            solver,
            solved,
            at_ms,
        } => {
            let solver_written = if solver.attempts == 1 {
                sqlx::query(
                    "INSERT INTO puzzle_solvers (token_hash, glicko, rating, attempts) \
                     VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                )
                .bind(&solver.token_hash)
                .bind(&solver.glicko)
                .bind(solver.rating)
                .bind(solver.attempts)
                .execute(&mut *connection)
                .await?
                .rows_affected()
            } else {
                sqlx::query(
                    "UPDATE puzzle_solvers SET glicko = $1, rating = $2, attempts = $3 \
                     WHERE token_hash = $4 AND attempts = $5",
                )
                .bind(&solver.glicko)
                .bind(solver.rating)
                .bind(solver.attempts)
                .bind(&solver.token_hash)
                .bind(solver.attempts - 1)
                .execute(&mut *connection)
                .await?
                .rows_affected()
            };
            if solver_written != 1 {
                return Ok(false);
            }
            let attempt = sqlx::query(
                "INSERT INTO puzzle_attempts (solver, puzzle_id, solved, at_ms) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
            )
            .bind(&solver.token_hash)
            .bind(puzzle.id)
            .bind(i64::from(*solved))
            .bind(at_ms)
            .execute(&mut *connection)
            .await?
            .rows_affected();
            if attempt != 1 {
                return Ok(false);
            }
            sqlx::query(
                "UPDATE puzzles SET glicko = $1, rating = $2, attempts = $3, solved = $4 \
                 WHERE id = $5 AND attempts = $6",
            )
            .bind(&puzzle.glicko)
            .bind(puzzle.rating)
            .bind(puzzle.attempts)
            .bind(puzzle.solved)
            .bind(puzzle.id)
            .bind(puzzle.attempts - 1)
            .execute(connection)
            .await?
            .rows_affected()
        }
    };
    Ok(affected == 1)
}

const PUZZLE_COLUMNS: &str =
    "id, goal, position, solution, themes, glicko, rating, attempts, solved, retired";

fn puzzle_row(row: &sqlx::any::AnyRow) -> PuzzleRow {
    PuzzleRow {
        id: row.get(0),
        goal: row.get(1),
        position: row.get(2),
        solution: row.get(3),
        themes: row.get(4),
        glicko: row.get(5),
        rating: row.get(6),
        attempts: row.get(7),
        solved: row.get(8),
        retired: row.get::<i64, _>(9) != 0,
    }
}

impl Store {
    /// Every stored puzzle, retired ones too, by id.
    pub async fn puzzles(&self) -> Result<Vec<PuzzleRow>, StoreError> {
        let rows = sqlx::query(&format!("SELECT {PUZZLE_COLUMNS} FROM puzzles ORDER BY id"))
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(puzzle_row).collect())
    }

    /// Every puzzle's goal and themes, as stored (`win`; `castle,split`),
    /// the retired ones left out.
    pub async fn puzzle_kinds(&self) -> Result<Vec<(String, String)>, StoreError> {
        let rows = sqlx::query("SELECT goal, themes FROM puzzles WHERE retired = 0")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|row| (row.get(0), row.get(1))).collect())
    }

    pub async fn puzzle(&self, id: i64) -> Result<Option<PuzzleRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(puzzle_row))
    }

    /// Up to `limit` puzzles nearest to `rating`, of `theme` when one is
    /// given, those the solver (by its token's hash) has tried and the
    /// retired ones left out.
    pub async fn puzzles_near(
        &self,
        rating: i64,
        solver: &str,
        theme: Option<&str>,
        limit: i64,
    ) -> Result<Vec<PuzzleRow>, StoreError> {
        // Themes are stored as names between commas: `,castle,split,`
        // holds `,castle,` and nothing that only begins like a name.
        let themes = theme.map_or_else(|| "%".to_string(), |name| format!("%,{name},%"));
        let rows = sqlx::query(&format!(
            "SELECT {PUZZLE_COLUMNS} FROM puzzles WHERE retired = 0 AND id NOT IN \
             (SELECT puzzle_id FROM puzzle_attempts WHERE solver = $1) \
             AND (',' || themes || ',') LIKE $2 \
             ORDER BY abs(rating - $3), id LIMIT $4"
        ))
        .bind(solver)
        .bind(themes)
        .bind(rating)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(puzzle_row).collect())
    }

    /// The themes of each puzzle the solver (by its token's hash) has had
    /// its rated attempt at, retired ones too, and whether it solved it.
    pub async fn solver_results(
        &self,
        token_hash: &str,
    ) -> Result<Vec<(String, bool)>, StoreError> {
        let rows = sqlx::query(
            "SELECT puzzles.themes, puzzle_attempts.solved FROM puzzle_attempts \
             JOIN puzzles ON puzzles.id = puzzle_attempts.puzzle_id \
             WHERE puzzle_attempts.solver = $1",
        )
        .bind(token_hash)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|row| (row.get(0), row.get::<i64, _>(1) != 0))
            .collect())
    }

    pub async fn solver(&self, token_hash: &str) -> Result<Option<SolverRow>, StoreError> {
        let row = sqlx::query(
            "SELECT token_hash, glicko, rating, attempts FROM puzzle_solvers WHERE token_hash = $1",
        )
        .bind(token_hash)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|row| SolverRow {
            token_hash: row.get(0),
            glicko: row.get(1),
            rating: row.get(2),
            attempts: row.get(3),
        }))
    }

    /// Whether the solver has had its rated attempt at the puzzle.
    pub async fn attempted(&self, token_hash: &str, puzzle_id: i64) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT 1 FROM puzzle_attempts WHERE solver = $1 AND puzzle_id = $2")
            .bind(token_hash)
            .bind(puzzle_id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.is_some())
    }
}

/// Accounts, identities, passkeys and sessions.
impl Store {
    pub async fn identity(&self, skeleton: &str) -> Result<Option<IdentityRow>, StoreError> {
        let row = sqlx::query(
            "SELECT skeleton, name, holder, account_id FROM identities WHERE skeleton = $1",
        )
        .bind(skeleton)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|row| IdentityRow {
            skeleton: row.get(0),
            name: row.get(1),
            holder: Holder::parse(&row.get::<String, _>(2)),
            account_id: row.get(3),
        }))
    }

    /// Every identity handed to an account (unclaimed names linked to
    /// one), as (name, the account's name).
    pub async fn linked_names(&self) -> Result<Vec<(String, String)>, StoreError> {
        let rows = sqlx::query(
            "SELECT i.name, a.name FROM identities i JOIN accounts a ON a.id = i.account_id \
             WHERE i.holder = 'unclaimed'",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(|row| (row.get(0), row.get(1))).collect())
    }

    /// Every identity's name with who holds it.
    pub async fn holders(&self) -> Result<Vec<(String, Holder)>, StoreError> {
        let rows = sqlx::query("SELECT name, holder FROM identities")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows
            .iter()
            .map(|row| (row.get(0), Holder::parse(&row.get::<String, _>(1))))
            .collect())
    }

    /// The names with rated results and no account.
    pub async fn unclaimed_names(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT name FROM identities WHERE holder = 'unclaimed'")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|row| row.get(0)).collect())
    }

    pub async fn account(&self, id: &str) -> Result<Option<AccountRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = $1"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(accounts::account_row))
    }

    /// The account called `name` or a look-alike of it (by skeleton).
    pub async fn account_by_skeleton(
        &self,
        skeleton: &str,
    ) -> Result<Option<AccountRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE skeleton = $1"
        ))
        .bind(skeleton)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(accounts::account_row))
    }

    pub async fn accounts(&self) -> Result<Vec<AccountRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {ACCOUNT_COLUMNS} FROM accounts ORDER BY created_ms, name"
        ))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(accounts::account_row).collect())
    }

    pub async fn passkeys_of(&self, account_id: &str) -> Result<Vec<PasskeyRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {PASSKEY_COLUMNS} FROM passkeys WHERE account_id = $1 ORDER BY created_ms, id"
        ))
        .bind(account_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(accounts::passkey_row).collect())
    }

    pub async fn session(&self, id_hash: &str) -> Result<Option<SessionRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {SESSION_COLUMNS} FROM sessions WHERE id_hash = $1"
        ))
        .bind(id_hash)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.as_ref().map(accounts::session_row))
    }

    pub async fn sessions_of(&self, account_id: &str) -> Result<Vec<SessionRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {SESSION_COLUMNS} FROM sessions WHERE account_id = $1 ORDER BY seen_ms DESC"
        ))
        .bind(account_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(accounts::session_row).collect())
    }

    pub async fn ceremony(&self, id: &str) -> Result<Option<CeremonyRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, purpose, account_id, label, state, expires_ms FROM ceremonies \
             WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|row| CeremonyRow {
            id: row.get(0),
            purpose: row.get(1),
            account_id: row.get(2),
            label: row.get(3),
            state: row.get(4),
            expires_ms: row.get(5),
        }))
    }

    /// The account a reset link adds a passkey to, while it is valid.
    pub async fn reset_link(
        &self,
        token_hash: &str,
        now_ms: i64,
    ) -> Result<Option<String>, StoreError> {
        let row = sqlx::query(
            "SELECT account_id FROM reset_links WHERE token_hash = $1 AND expires_ms > $2",
        )
        .bind(token_hash)
        .bind(now_ms)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|row| row.get(0)))
    }

    /// The bots an account owns.
    pub async fn bots_of(&self, account_id: &str) -> Result<Vec<BotRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT name, owner, created_ms FROM bots WHERE owner = $1 ORDER BY created_ms, name",
        )
        .bind(account_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .iter()
            .map(|row| BotRow {
                name: row.get(0),
                owner: row.get(1),
                created_ms: row.get(2),
            })
            .collect())
    }

    /// The name of the account that owns the bot `name`, if any.
    pub async fn bot_owner(&self, name: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query(
            "SELECT a.name FROM bots b JOIN accounts a ON a.id = b.owner WHERE b.name = $1",
        )
        .bind(name)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|row| row.get(0)))
    }
}

/// Reading a database without serving it: a backup's copy and a verify's
/// replay (`crate::backup`). Nothing here migrates the database or writes
/// to it, so that checking a backup cannot change it.
impl Store {
    /// Opens the database at `url` to read it only: SQLite read-only (the
    /// file must exist), PostgreSQL with every transaction read-only. No
    /// migration, no heartbeat, no writer: a commit fails with
    /// [`StoreError::WriterStopped`].
    pub async fn open_read_only(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let postgres = url.starts_with("postgres");
        let shown = redacted(url);
        let open_error = |cause: String| StoreError::Open {
            url: shown.clone(),
            cause,
        };
        let url = if postgres {
            url.to_string()
        } else {
            use sqlx::ConnectOptions;
            sqlx::sqlite::SqliteConnectOptions::from_str(url)?
                .create_if_missing(false)
                .read_only(true)
                .to_url_lossy()
                .to_string()
        };
        let options = AnyConnectOptions::from_str(&url)?;
        probe(&options, &shown, postgres).await?;
        let pool = AnyPoolOptions::new()
            .max_connections(2)
            .acquire_timeout(CONNECT_TIMEOUT)
            .after_connect(move |connection, _| {
                Box::pin(async move {
                    // A server may be writing: wait for its locks as it
                    // waits for its readers'.
                    let setting = if postgres {
                        "SET default_transaction_read_only = on"
                    } else {
                        "PRAGMA busy_timeout = 10000"
                    };
                    connection.execute(setting).await?;
                    Ok(())
                })
            })
            .connect_with(options)
            .await
            .map_err(|error| open_error(error.to_string()))?;
        let check = if postgres {
            "SELECT 1"
        } else {
            "SELECT count(*) FROM sqlite_master"
        };
        pool.execute(check)
            .await
            .map_err(|error| open_error(error.to_string()))?;
        // Nothing reads the other end: every commit fails.
        let (writer, _) = mpsc::channel(1);
        Ok(Store {
            pool,
            writer,
            postgres,
            url,
            last_alive: None,
        })
    }

    /// Closes a database opened by [`Store::open_read_only`] (without the
    /// word that a server is alive, which [`Store::close`] writes).
    pub async fn close_read_only(&self) {
        self.pool.close().await;
    }

    /// The versions of the migrations applied to the database.
    pub async fn applied_migrations(&self) -> Result<Vec<i64>, StoreError> {
        let rows =
            sqlx::query("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version")
                .fetch_all(&self.pool)
                .await?;
        Ok(rows.iter().map(|row| row.get(0)).collect())
    }

    /// Every stored game, quarantined ones too, oldest first: its id, and
    /// its kind and status as stored (unread, so that a game whose row no
    /// longer reads is still counted and named).
    pub async fn every_game(&self) -> Result<Vec<(String, String, String)>, StoreError> {
        let rows = sqlx::query("SELECT id, kind, status FROM games ORDER BY created_ms, id")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows
            .iter()
            .map(|row| (row.get(0), row.get(1), row.get(2)))
            .collect())
    }

    /// How many accounts, bots and puzzles are stored.
    pub async fn stored_counts(&self) -> Result<StoredCounts, StoreError> {
        let row = sqlx::query(
            "SELECT (SELECT count(*) FROM accounts), (SELECT count(*) FROM bots), \
             (SELECT count(*) FROM puzzles)",
        )
        .fetch_one(&self.pool)
        .await?;
        Ok(StoredCounts {
            accounts: row.get(0),
            bots: row.get(1),
            puzzles: row.get(2),
        })
    }

    /// The games a server set apart because they no longer replayed.
    pub async fn quarantined(&self) -> Result<Vec<Quarantined>, StoreError> {
        Ok(quarantine_rows(&self.pool).await?)
    }

    /// Writes a copy of the SQLite database to the file `path` (absent or
    /// empty) with `VACUUM INTO`: one read transaction, so the copy is the
    /// database as of one moment, however busy the writer is meanwhile;
    /// in WAL mode the writer is not held up.
    pub async fn vacuum_into(&self, path: &str) -> Result<(), StoreError> {
        sqlx::query("VACUUM INTO $1")
            .bind(path)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The PostgreSQL server's version as a number (`150020` is 15.20).
    pub async fn server_version_num(&self) -> Result<i64, StoreError> {
        let row = sqlx::query("SHOW server_version_num")
            .fetch_one(&self.pool)
            .await?;
        let text: String = row.get(0);
        text.trim().parse().map_err(|_| {
            StoreError::Database(sqlx::Error::Protocol(format!(
                "server_version_num is '{text}'"
            )))
        })
    }
}

/// How many of the things beside the games a database holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct StoredCounts {
    pub accounts: i64,
    pub bots: i64,
    pub puzzles: i64,
}
