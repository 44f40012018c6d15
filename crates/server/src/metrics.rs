//! The server's metrics (the `metrics` crate, rendered by its Prometheus
//! exporter): counters and histograms recorded where things happen,
//! through the functions here, so that their names are written once. A
//! leaf: the modules that record depend on it, and it on none of them.
//! `metrics_listener` serves them, with what is a state rather than an
//! event (live games, the database pool) read at each scrape.

use std::sync::OnceLock;
use std::time::Duration;

use axum::http::{Method, StatusCode};
use metrics::{counter, gauge, histogram};
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};

/// Latency buckets, in seconds: from a cached read to a long analysis.
const BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// The process's recorder, installed on first use (every server of a
/// process, as in the tests, records into the same one).
pub fn handle() -> &'static PrometheusHandle {
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

/// The states read at each scrape: games being played by kind, and the
/// database pool's connections.
pub fn sampled(live_games: &[(&'static str, i64)], pool: (u32, usize)) {
    for (kind, count) in live_games {
        gauge!("towers_live_games", "kind" => *kind).set(*count as f64);
    }
    gauge!("towers_database_connections").set(f64::from(pool.0));
    gauge!("towers_database_connections_idle").set(pool.1 as f64);
}

/// The time a scrape took to render.
pub fn rendered(took: Duration) {
    histogram!("towers_metrics_render_seconds").record(took.as_secs_f64());
}
