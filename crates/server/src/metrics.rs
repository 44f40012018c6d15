//! The server's metrics in the Prometheus text format (the `metrics` crate
//! and its Prometheus exporter), served with the log level's control on a
//! listener of their own (`--metrics-addr`), never on the public one.
//!
//! Counters and histograms are recorded where things happen, through the
//! functions here, so that their names are written once; what is a state
//! rather than an event (live games, the database pool) is read when
//! Prometheus scrapes.

use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::{header, Method, StatusCode};
use axum::response::IntoResponse;
use axum::routing::{get, put};
use axum::Router;
use metrics::{counter, gauge, histogram};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::app::App;

/// Changes the log level while the server runs: a level or tracing's
/// directives (`info,server=debug`); `Err` says why a text is refused.
#[derive(Clone)]
pub struct LogLevel(pub Arc<dyn Fn(&str) -> Result<(), String> + Send + Sync>);

impl std::fmt::Debug for LogLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LogLevel")
    }
}

/// Latency buckets, in seconds: from a cached read to a long analysis.
const BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// The process's recorder, installed on first use (every server of a
/// process, as in the tests, records into the same one).
fn handle() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets(&BUCKETS)
            .expect("the buckets are not empty")
            .build_recorder();
        let handle = recorder.handle();
        // Another recorder installed first (an embedding program's) keeps
        // its place; this one then renders nothing.
        let _ = metrics::set_global_recorder(recorder);
        handle
    })
}

/// Installs the recorder, so that what happens before the first scrape is
/// counted.
pub fn install() {
    handle();
}

/// One answered HTTP request.
pub fn request(method: &Method, route: &str, status: StatusCode, took: Duration) {
    let labels = [
        ("method", method.to_string()),
        ("route", route.to_string()),
        ("status", status.as_u16().to_string()),
    ];
    counter!("towers_http_requests_total", &labels).increment(1);
    histogram!("towers_http_request_duration_seconds", "route" => route.to_string())
        .record(took.as_secs_f64());
}

/// A WebSocket open for as long as the guard lives.
pub struct Socket(&'static str);

pub fn socket_opened(kind: &'static str) -> Socket {
    gauge!("towers_websockets_open", "kind" => kind).increment(1.0);
    counter!("towers_websockets_opened_total", "kind" => kind).increment(1);
    Socket(kind)
}

impl Drop for Socket {
    fn drop(&mut self) {
        gauge!("towers_websockets_open", "kind" => self.0).decrement(1.0);
    }
}

/// Messages sent to live sockets.
pub fn socket_messages_sent(kind: &'static str, messages: u64) {
    counter!("towers_websocket_messages_sent_total", "kind" => kind).increment(messages);
}

/// A commit of `events` events of one game of `kind` (a move is one).
pub fn committed(kind: &str, events: usize) {
    counter!("towers_events_committed_total", "kind" => kind.to_string()).increment(events as u64);
}

/// A database statement or transaction (`what`: `commit`, `load`, …).
pub fn database(what: &'static str, took: Duration) {
    histogram!("towers_database_seconds", "statement" => what).record(took.as_secs_f64());
}

/// A wait for an engine thread (`work`: the scheduler's line) and whether
/// it ended with a place or a refusal.
pub fn engine_wait(work: &'static str, took: Duration, granted: bool) {
    histogram!("towers_engine_wait_seconds", "work" => work).record(took.as_secs_f64());
    if !granted {
        counter!("towers_engine_refused_total", "work" => work).increment(1);
    }
}

/// Searches waiting for an engine thread, for as long as the guard lives.
pub struct Waiting;

pub fn engine_waiting() -> Waiting {
    gauge!("towers_engine_waiting").increment(1.0);
    Waiting
}

impl Drop for Waiting {
    fn drop(&mut self) {
        gauge!("towers_engine_waiting").decrement(1.0);
    }
}

/// The ratings folded again, taking in `results` new or changed rated
/// games, matches and tournaments.
pub fn ratings_folded(results: usize) {
    counter!("towers_rating_folds_total").increment(1);
    counter!("towers_rating_updates_total").increment(results as u64);
}

/// A request or connection refused by a bound (`rate_limit`,
/// `connections`, `connections_per_client`).
pub fn refused(bound: &'static str) {
    counter!("towers_refused_total", "bound" => bound).increment(1);
}

/// The states read at each scrape.
async fn sample(app: &App) {
    match app.store.live_games().await {
        Ok(live) => {
            for kind in crate::games::Kind::ALL {
                let count = live.iter().find(|(name, _)| name == kind.name());
                gauge!("towers_live_games", "kind" => kind.name())
                    .set(count.map_or(0.0, |(_, count)| *count as f64));
            }
        }
        Err(error) => tracing::warn!(%error, "metrics: the live games were not counted"),
    }
    let (size, idle) = app.store.pool_use();
    gauge!("towers_database_connections").set(f64::from(size));
    gauge!("towers_database_connections_idle").set(idle as f64);
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
    install();
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
    let text = handle().render();
    histogram!("towers_metrics_render_seconds").record(started.elapsed().as_secs_f64());
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
