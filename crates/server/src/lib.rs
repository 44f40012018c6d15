//! The towers game server: one HTTP + WebSocket API for Guard & Towers and
//! Koning & Torens (`docs/api.md`), stored in SQLite or PostgreSQL, and a
//! TCP listener for the course's game-server protocol.
//!
//! Modules: `store` (database and group commit), `app` (the game service
//! every adapter calls), `games` (the game seam: the trait every kind
//! implements and the registry of the kinds, one folder each for Guard &
//! Towers, Kubb and tournaments: their states as folds of stored, typed
//! events, views and routes), `status` (where a game stands),
//! `puzzles` (the shipped puzzle set, attempts and their ratings), `archive` (finished games as records),
//! `backup` (a consistent copy of the database, and the check that every
//! stored game in one still replays),
//! `engines` (the engines of server games), `bots` (bot accounts and their
//! event streams), `http` (what the routes share; each kind's routes are in
//! its folder),
//! `ws` and `course` (adapters), `contest` (the course contest server's logs imported), `web` (the browser UI's files, embedded),
//! `hub` (live updates in one instance), `listen` (live updates across
//! instances), `listener` (connection bounds, timeouts, shutdown),
//! `scheduler` (the engine threads, by priority), `tablebases` (the
//! endgame tables the engines probe, swapped in when built) and `security`. The load
//! test, a client that measures a running server, is the binary's
//! (`towers loadtest`). What the API's clients read too (the error body,
//! the bot's stream, `Status`, …) is the wire crate's (`api`), written as
//! its types; `/api/openapi.json` is the document `api` makes from its
//! types (`http` serves it). `docs/architecture.md` shows how a move
//! travels through them.

mod accounts;
mod app;
pub mod archive;
mod backup;
mod bots;
#[cfg(test)]
mod circles;
mod clock;
mod contest;
mod course;
mod engines;
mod error;
mod games;
mod http;
mod hub;
mod listen;
mod listener;
mod listing;
mod metrics;
mod metrics_listener;
mod names;
mod puzzles;
mod ratings;
mod replay;
mod scheduler;
mod seat;
mod security;
mod status;
mod store;
mod tablebases;
mod web;
mod ws;

use std::borrow::Cow;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::watch;

pub use app::Tuning;
pub use backup::{
    backup, verify, Backup, BackupError, Database, Inventory, KindCount, Method, StoredCounts,
    Unreplayable,
};
pub use contest::{import_course_logs, ImportError, Imported, Skipped};
pub use metrics_listener::LogLevel;
pub use store::{quarantined_in, Quarantined, Store};
pub use tablebases::Tablebases;

/// How a server starts.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: SocketAddr,
    /// `sqlite:FILE` or `postgres://…`.
    pub database: String,
    /// The course protocol's TCP address, if it is served.
    pub course_addr: Option<SocketAddr>,
    /// Requests per second per client; `None` for no limit.
    pub rate_limit: Option<u32>,
    /// Connections open at once over both listeners; `None` for as many as
    /// the descriptor limit allows.
    pub max_connections: Option<usize>,
    /// Connections open at once from one client.
    pub max_connections_per_client: usize,
    /// Take the client's address from `X-Forwarded-For` (behind a reverse
    /// proxy that sets it); otherwise the header is ignored.
    pub trust_forwarded_for: bool,
    /// Where users reach the server's pages (`https://towers.example.org`):
    /// the origin and relying-party id passkeys are bound to. `None`: on a
    /// loopback address, `http://localhost:PORT` (WebAuthn refuses IP
    /// addresses); elsewhere, passkeys are off until it is given.
    pub public_url: Option<String>,
    /// Where `GET /metrics` (Prometheus) and `PUT /log-level` are served,
    /// apart from the public listener; `None`: nowhere.
    pub metrics_addr: Option<SocketAddr>,
    /// How `PUT /log-level` changes the log level (the binary's logger).
    pub log_level: Option<LogLevel>,
    pub tuning: Tuning,
    /// The puzzle set seeded at start: the shipped one (a test gives its
    /// own).
    pub puzzle_set: Cow<'static, str>,
}

impl Config {
    pub fn new(addr: SocketAddr, database: impl Into<String>) -> Config {
        Config {
            addr,
            database: database.into(),
            course_addr: None,
            rate_limit: Some(50),
            max_connections: None,
            max_connections_per_client: 256,
            trust_forwarded_for: false,
            public_url: None,
            metrics_addr: None,
            log_level: None,
            tuning: Tuning {
                engine_movetime: Duration::from_millis(500),
                engine_threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
                cached_games: 10_000,
                tablebase: Tablebases::default(),
            },
            puzzle_set: Cow::Borrowed(puzzles::SHIPPED),
        }
    }
}

/// A started server.
pub struct Running {
    /// The address the HTTP API listens on.
    pub addr: SocketAddr,
    pub course_addr: Option<SocketAddr>,
    /// The metrics listener's address, when it is served.
    pub metrics_addr: Option<SocketAddr>,
    shutdown: watch::Sender<bool>,
    server: tokio::task::JoinHandle<()>,
    app: Arc<app::App>,
}

impl Running {
    /// Serves until [`Running::shutdown`] is called from elsewhere.
    pub async fn wait(self) -> anyhow::Result<()> {
        self.server.await?;
        Ok(())
    }

    /// Stops gracefully: no new connections, in-flight requests finish
    /// (and with them their commits), live sockets are told the server is
    /// going away, and the database is closed cleanly.
    pub async fn shutdown(self) -> anyhow::Result<()> {
        self.shutdown.send_replace(true);
        self.server.await?;
        self.app.store.close().await;
        Ok(())
    }
}

/// Opens the database, binds the listeners and starts serving.
pub async fn start(config: Config) -> anyhow::Result<Running> {
    // A public URL given but unusable for passkeys is the operator's
    // mistake, said before anything starts.
    if let Some(url) = &config.public_url {
        ::accounts::passkeys::RelyingParty::new(url)
            .map_err(|error| anyhow::anyhow!("--public-url {url}: {error}"))?;
    }
    metrics::install();
    let store = Store::open(&config.database).await?;
    let (shutdown, stopping) = watch::channel(false);
    puzzles::seed(&store, &config.puzzle_set).await?;
    let hooks = &games::hooks::HOOKS;
    let app = app::App::new(store, config.tuning.clone(), stopping.clone(), hooks);
    if app.store.is_postgres() {
        listen::spawn(app.clone()).await?;
    }
    app.fill_listings().await?;
    app.guard_rated_names().await?;
    app.resume_active_games().await?;
    let budget = listener::descriptor_budget();
    let connections = listener::Connections::new(
        config.max_connections.unwrap_or(budget).min(budget),
        config.max_connections_per_client,
    );
    let course_addr = match config.course_addr {
        Some(addr) => Some(course::spawn(app.clone(), addr, connections.clone()).await?),
        None => None,
    };
    let metrics_addr = match config.metrics_addr {
        Some(addr) => Some(
            metrics_listener::serve(
                addr,
                app.clone(),
                config.log_level.clone(),
                stopping.clone(),
            )
            .await?,
        ),
        None => None,
    };
    let listener = TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    let public_url = config.public_url.clone().or_else(|| {
        addr.ip()
            .is_loopback()
            .then(|| format!("http://localhost:{}", addr.port()))
    });
    let shared = Arc::new(http::Shared {
        accounts: accounts::Accounts::new(public_url.as_deref()),
        app: app.clone(),
        limiter: config
            .rate_limit
            .filter(|&limit| limit > 0)
            .map(security::RateLimiter::new),
        trust_forwarded_for: config.trust_forwarded_for,
        connections: connections.clone(),
    });
    let router = http::router::router(shared);
    let server = tokio::spawn(listener::serve_http(
        listener,
        router,
        connections,
        stopping,
    ));
    Ok(Running {
        addr,
        course_addr,
        metrics_addr,
        shutdown,
        server,
        app,
    })
}

/// What `towers admin accounts` does, on a server's database.
#[derive(Clone, Debug)]
pub enum AccountsCommand {
    /// Every account (name, enabled or not, passkeys, password) and every
    /// unclaimed name, one a line.
    List,
    Disable(String),
    Enable(String),
    /// Removes the account's passwords, passkeys and sessions; prints the
    /// one-time link (under the public URL) that adds a new passkey.
    Reset {
        name: String,
        public_url: String,
    },
    /// Hands the rated history of an unclaimed name to an account.
    Link {
        name: String,
        account: String,
    },
}

/// Runs an administrator's accounts command on the database at `url`;
/// returns the lines to print.
pub async fn admin_accounts(url: &str, command: AccountsCommand) -> anyhow::Result<Vec<String>> {
    let store = Store::open(url).await?;
    // A database a server has not opened since accounts came keeps its
    // rated names first, so that they are there to list and link.
    ratings::Ratings::default().boards(&store).await?;
    let done = match command {
        AccountsCommand::List => accounts::admin::list(&store).await,
        AccountsCommand::Disable(name) => accounts::admin::set_disabled(&store, &name, true)
            .await
            .map(|()| vec![format!("{name}: disabled, its sessions ended")]),
        AccountsCommand::Enable(name) => accounts::admin::set_disabled(&store, &name, false)
            .await
            .map(|()| vec![format!("{name}: enabled")]),
        AccountsCommand::Reset { name, public_url } => {
            accounts::admin::reset(&store, &name, &public_url)
                .await
                .map(|link| vec![link])
        }
        AccountsCommand::Link { name, account } => accounts::admin::link(&store, &name, &account)
            .await
            .map(|()| vec![format!("{name}: its rated history is now {account}'s")]),
    };
    store.close().await;
    Ok(done?)
}
