//! The towers game server: one HTTP + WebSocket API for Guard & Towers and
//! Koning & Torens (`docs/api.md`), stored in SQLite or PostgreSQL, and a
//! TCP listener for the course's game-server protocol.
//!
//! Modules: `store` (database and group commit), `app` (the game service
//! every adapter calls), `gt` and `kubb_match` (games as folds of stored,
//! typed events, and their view structs), `status` (kinds and statuses),
//! `engines` (the engines of server games), `http` (one module per game),
//! `ws` and `course` (adapters), `web` (the browser UI's files, embedded),
//! `hub` (live updates in one instance), `listen` (live updates across
//! instances), `security`, and `loadtest`, a client that measures a running
//! server. `docs/architecture.md` shows how a move travels through them.

mod app;
mod course;
mod engines;
mod error;
mod gt;
mod http;
mod hub;
mod kubb_match;
mod listen;
pub mod loadtest;
mod security;
mod status;
mod store;
mod web;
mod ws;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;

pub use app::Tuning;
pub use store::Store;

/// How a server starts.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    /// `sqlite:FILE` or `postgres://…`.
    pub database: String,
    /// The course protocol's TCP address, if it is served.
    pub course_addr: Option<SocketAddr>,
    /// Requests per second per client address; `None` for no limit.
    pub rate_limit: Option<u32>,
    pub tuning: Tuning,
}

impl Config {
    pub fn new(addr: SocketAddr, database: impl Into<String>) -> Config {
        Config {
            addr,
            database: database.into(),
            course_addr: None,
            rate_limit: Some(50),
            tuning: Tuning {
                engine_movetime: Duration::from_millis(500),
                engine_threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
                cached_games: 10_000,
            },
        }
    }
}

/// A started server.
pub struct Running {
    /// The address the HTTP API listens on.
    pub addr: SocketAddr,
    pub course_addr: Option<SocketAddr>,
    server: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl Running {
    /// Serves until the server fails.
    pub async fn wait(self) -> anyhow::Result<()> {
        self.server.await??;
        Ok(())
    }
}

/// Opens the database, binds the listeners and starts serving.
pub async fn start(config: Config) -> anyhow::Result<Running> {
    let store = Store::open(&config.database).await?;
    let app = app::App::new(store, config.tuning.clone());
    if app.store.is_postgres() {
        listen::spawn(app.clone()).await?;
    }
    app.resume_active_games().await?;
    let course_addr = match config.course_addr {
        Some(addr) => Some(course::spawn(app.clone(), addr).await?),
        None => None,
    };
    let shared = Arc::new(http::Shared {
        app,
        limiter: config
            .rate_limit
            .filter(|&limit| limit > 0)
            .map(security::RateLimiter::new),
    });
    let listener = TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    let router = http::router(shared);
    let server = tokio::spawn(async move {
        axum::serve(
            listener,
            router.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await
    });
    Ok(Running {
        addr,
        course_addr,
        server,
    })
}
