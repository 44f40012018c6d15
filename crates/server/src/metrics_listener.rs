//! The operator's listener (`--metrics-addr`), apart from the public one
//! so that it is never public by accident: `GET /metrics` in the
//! Prometheus text format, and `PUT /log-level`, which changes the log
//! level without a restart.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::{get, put};
use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::app::App;
use crate::metrics;

/// What changes the log level: a level or tracing's directives
/// (`info,server=debug`); `Err` says why a text is refused.
pub type SetLevel = dyn Fn(&str) -> Result<(), String> + Send + Sync;

/// The binary's control of its logger, handed to the server.
#[derive(Clone)]
pub struct LogLevel(pub Arc<SetLevel>);

impl std::fmt::Debug for LogLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LogLevel")
    }
}

/// The states read at each scrape.
async fn sample(app: &App) {
    match app.store.live_games().await {
        Ok(live) => {
            let counts: Vec<(&'static str, i64)> = crate::games::Kind::ALL
                .iter()
                .map(|kind| {
                    let count = live.iter().find(|(name, _)| name == kind.name());
                    (kind.name(), count.map_or(0, |(_, count)| *count))
                })
                .collect();
            metrics::sampled(&counts, app.store.pool_use());
        }
        Err(error) => tracing::warn!(%error, "metrics: the live games were not counted"),
    }
}

#[derive(Clone)]
struct Control {
    app: Arc<App>,
    log_level: Option<LogLevel>,
}

/// Serves `GET /metrics` and `PUT /log-level` on `addr` until `stopping`.
pub async fn serve(
    addr: SocketAddr,
    app: Arc<App>,
    log_level: Option<LogLevel>,
    mut stopping: watch::Receiver<bool>,
) -> anyhow::Result<SocketAddr> {
    metrics::install();
    let listener = TcpListener::bind(addr).await?;
    let bound = listener.local_addr()?;
    let router = Router::new()
        .route("/metrics", get(scrape))
        .route("/log-level", put(set_log_level))
        .with_state(Control { app, log_level });
    tokio::spawn(async move {
        let stop = async move {
            let _ = stopping.wait_for(|stop| *stop).await;
        };
        if let Err(error) = axum::serve(listener, router)
            .with_graceful_shutdown(stop)
            .await
        {
            tracing::error!(%error, "the metrics listener stopped");
        }
    });
    Ok(bound)
}

async fn scrape(State(control): State<Control>) -> impl IntoResponse {
    let started = Instant::now();
    sample(&control.app).await;
    let text = metrics::handle().render();
    metrics::rendered(started.elapsed());
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], text)
}

/// `PUT /log-level` with the level as the body (`debug`, `info,server=debug`).
async fn set_log_level(State(control): State<Control>, level: String) -> impl IntoResponse {
    let Some(log_level) = &control.log_level else {
        return (
            StatusCode::NOT_IMPLEMENTED,
            "this server's log level is not changeable".to_string(),
        );
    };
    match (log_level.0)(level.trim()) {
        Ok(()) => (StatusCode::OK, format!("log level: {}\n", level.trim())),
        Err(error) => (StatusCode::BAD_REQUEST, format!("{error}\n")),
    }
}
