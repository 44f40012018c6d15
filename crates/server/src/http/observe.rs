//! What every HTTP request leaves behind: an id (`X-Request-Id`, taken
//! from a proxy that set a plausible one, else made here), echoed in the
//! answer's header and in an error's body; a log line (debug, or warn when
//! it failed with a 5xx or took over a second); and its count and latency
//! by route template in the metrics.

use std::time::{Duration, Instant};

use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use tracing::Instrument;

use crate::metrics;

static REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// A request slower than this is logged as a warning.
const SLOW: Duration = Duration::from_secs(1);

tokio::task_local! {
    static CURRENT: String;
}

/// The id of the request being answered, for its error body; `None`
/// outside a request.
pub fn request_id() -> Option<String> {
    CURRENT.try_with(Clone::clone).ok()
}

/// A proxy's id is kept when it is short and plain (it lands in logs and
/// headers); any other is replaced.
fn plausible(id: &HeaderValue) -> Option<String> {
    let id = id.to_str().ok()?;
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_.".contains(c);
    (!id.is_empty() && id.len() <= 64 && id.chars().all(plain)).then(|| id.to_string())
}

pub async fn observe(request: Request, next: Next) -> Response {
    let id = request
        .headers()
        .get(&REQUEST_ID)
        .and_then(plausible)
        .unwrap_or_else(|| uuid::Uuid::new_v4().simple().to_string());
    // The template (`/api/games/{id}`), not the path: one series per route.
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or("unmatched", MatchedPath::as_str)
        .to_string();
    let method = request.method().clone();
    let span = tracing::info_span!("request", request_id = %id, %method, %route);
    let started = Instant::now();
    let mut response = CURRENT
        .scope(id.clone(), next.run(request))
        .instrument(span.clone())
        .await;
    let took = started.elapsed();
    let status = response.status();
    let _entered = span.enter();
    let ms = took.as_secs_f64() * 1000.0;
    if status.is_server_error() || took > SLOW {
        tracing::warn!(status = status.as_u16(), ms, "request failed or slow");
    } else {
        tracing::debug!(status = status.as_u16(), ms, "request");
    }
    metrics::request(&method, &route, status, took);
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID.clone(), value);
    }
    response
}
