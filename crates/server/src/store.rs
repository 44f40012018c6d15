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
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor, Row};
use tokio::sync::{mpsc, oneshot};

use crate::status::{Kind, Status, UnknownName};

/// The most requests committed in one transaction.
const MAX_BATCH: usize = 512;

/// The PostgreSQL channel on which committed events are announced.
pub const CHANNEL: &str = "towers_events";

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
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
    pub result: Option<String>,
    pub created_ms: i64,
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
        event: EventRow,
        /// The game's status and result after this event.
        status: Status,
        result: Option<String>,
    },
    /// Fails the request when the seat is taken.
    TakeSeat {
        game_id: String,
        seat: String,
        token_hash: String,
    },
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
    /// The NOTIFY payload announcing the request (PostgreSQL only).
    announce: Option<String>,
    reply: oneshot::Sender<Result<Committed, String>>,
}

/// The database behind the server.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    writer: mpsc::Sender<Request>,
    postgres: bool,
    url: String,
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
            .await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        let (writer, requests) = mpsc::channel(4 * MAX_BATCH);
        tokio::spawn(write_loop(pool.clone(), requests, postgres));
        Ok(Store {
            pool,
            writer,
            postgres,
            url,
        })
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
        announce: Option<String>,
    ) -> Result<Committed, StoreError> {
        let (reply, answer) = oneshot::channel();
        let announce = announce.filter(|_| self.postgres);
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
        let row = sqlx::query(
            "SELECT id, kind, settings, status, result, created_ms, updated_ms \
             FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| game_row(&row)).transpose()
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

    /// The hash of the token that holds `seat`, if the seat is taken.
    pub async fn seats(&self, id: &str) -> Result<Vec<(String, String)>, StoreError> {
        let rows = sqlx::query("SELECT seat, token_hash FROM seats WHERE game_id = $1")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|row| (row.get(0), row.get(1))).collect())
    }

    /// The most recently updated games of `kind` with `status`.
    pub async fn list(
        &self,
        kind: Kind,
        status: Status,
        limit: i64,
    ) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, kind, settings, status, result, created_ms, updated_ms FROM games \
             WHERE kind = $1 AND status = $2 ORDER BY updated_ms DESC, id LIMIT $3",
        )
        .bind(kind.name())
        .bind(status.name())
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_row).collect()
    }
}

fn game_row(row: &sqlx::any::AnyRow) -> Result<GameRow, StoreError> {
    let id: String = row.get(0);
    let named = |index: usize| row.get::<String, _>(index);
    let corrupt = |error| StoreError::Corrupt {
        id: id.clone(),
        error,
    };
    Ok(GameRow {
        kind: named(1).parse().map_err(corrupt)?,
        settings: row.get(2),
        status: named(3).parse().map_err(corrupt)?,
        result: row.get(4),
        created_ms: row.get(5),
        updated_ms: row.get(6),
        id,
    })
}

async fn write_loop(pool: AnyPool, mut requests: mpsc::Receiver<Request>, postgres: bool) {
    while let Some(first) = requests.recv().await {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match requests.try_recv() {
                Ok(request) => batch.push(request),
                Err(_) => break,
            }
        }
        match write_batch(&pool, &batch, postgres).await {
            Ok(outcomes) => {
                for (request, outcome) in batch.into_iter().zip(outcomes) {
                    let _ = request.reply.send(Ok(outcome));
                }
            }
            Err(error) => {
                tracing::error!("database write failed: {error}");
                for request in batch {
                    let _ = request.reply.send(Err(error.to_string()));
                }
            }
        }
    }
}

async fn write_batch(
    pool: &AnyPool,
    batch: &[Request],
    postgres: bool,
) -> Result<Vec<Committed>, sqlx::Error> {
    let mut transaction = pool.begin().await?;
    let mut outcomes = Vec::with_capacity(batch.len());
    for request in batch {
        transaction.execute("SAVEPOINT request").await?;
        let mut outcome = Committed::Yes;
        for write in &request.writes {
            if !apply(&mut transaction, write).await? {
                outcome = Committed::Conflict;
                break;
            }
        }
        if outcome == Committed::Conflict {
            transaction.execute("ROLLBACK TO SAVEPOINT request").await?;
        } else if let (true, Some(payload)) = (postgres, &request.announce) {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(payload)
                .execute(&mut *transaction)
                .await?;
        }
        transaction.execute("RELEASE SAVEPOINT request").await?;
        outcomes.push(outcome);
    }
    transaction.commit().await?;
    Ok(outcomes)
}

/// Applies one write; false when it conflicts with what is stored.
async fn apply(
    transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
    write: &Write,
) -> Result<bool, sqlx::Error> {
    let connection = &mut **transaction;
    let affected = match write {
        Write::CreateGame(game) => sqlx::query(
            "INSERT INTO games (id, kind, settings, status, result, created_ms, updated_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING",
        )
        .bind(&game.id)
        .bind(game.kind.name())
        .bind(&game.settings)
        .bind(game.status.name())
        .bind(&game.result)
        .bind(game.created_ms)
        .bind(game.updated_ms)
        .execute(connection)
        .await?
        .rows_affected(),
        Write::Append {
            game_id,
            event,
            status,
            result,
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
                sqlx::query(
                    "UPDATE games SET status = $1, result = $2, updated_ms = $3 WHERE id = $4",
                )
                .bind(status.name())
                .bind(result)
                .bind(event.at_ms)
                .bind(game_id)
                .execute(connection)
                .await?;
            }
            inserted
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
        .bind(seat)
        .bind(token_hash)
        .execute(connection)
        .await?
        .rows_affected(),
    };
    Ok(affected == 1)
}
