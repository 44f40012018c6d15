//! The whole HTTP API put together: each game kind's routes, the routes
//! every kind shares, the live socket and the web pages, behind the
//! layers every answer passes through.

use std::net::SocketAddr;
use std::time::Duration;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use super::{accounts, bots, health, openapi, players, puzzles, AppState, MAX_BODY_BYTES};
use crate::error::ApiError;
use crate::games::kinds::registry;
use crate::security::{client_of, SECURITY_HEADERS};
use crate::{web, ws};

/// The longest a request may take, its body included (an analysis waits
/// at most 15 s for an engine and thinks at most 10 s).
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

pub fn router(shared: AppState) -> Router {
    let api = Router::new()
        .route("/api/health", get(health))
        .route("/api/openapi.json", get(openapi))
        .merge(kind_routes())
        .merge(accounts::routes())
        .merge(bots::routes())
        .merge(players::routes())
        .merge(puzzles::routes())
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .fallback(|| async { ApiError::NotFound("no such API path".into()) })
        .layer(middleware::from_fn_with_state(shared.clone(), rate_limit))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY_BYTES));
    let router = Router::new()
        .route("/", get(web::page))
        .route("/{file}", get(web::file))
        .route("/tournament/board", get(web::board))
        .layer(middleware::from_fn_with_state(shared.clone(), rate_limit))
        // A page asks for its catalogs and the Fluent modules beside its
        // own files, a dozen fixed texts served from memory: outside the
        // rate limit, so that opening a few pages in a row never leaves
        // one without its words. The connection bounds still hold.
        .route("/locales/{language}/{area}", get(web::catalog))
        .route("/vendor/{package}/{module}", get(web::vendored))
        .merge(api)
        .with_state(shared);
    outer_layers(router)
}

/// Makes, from the registry, the routes of every game kind (each kind's
/// `routes`, beside it in its folder).
macro_rules! kind_routes {
    ($($(#[$doc:meta])* $kind:ident($name:literal, $sides:expr) => $module:ident,)+) => {
        fn kind_routes() -> Router<AppState> {
            Router::new()$(.merge(crate::games::$module::routes::routes()))+
        }
    };
}

registry!(kind_routes);

/// What every answer passes through: a handler that panics is answered
/// 500 `{"error":"internal error"}` and logged (never a connection closed
/// without a word), a request that takes too long is cut off, and every
/// answer has the security headers.
fn outer_layers(router: Router) -> Router {
    let headers = SECURITY_HEADERS.map(|(name, value)| {
        SetResponseHeaderLayer::if_not_present(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        )
    });
    let mut router =
        router
            .layer(CatchPanicLayer::custom(panicked))
            .layer(TimeoutLayer::with_status_code(
                StatusCode::REQUEST_TIMEOUT,
                REQUEST_TIMEOUT,
            ));
    for header in headers {
        router = router.layer(header);
    }
    // Outermost: the id and the log line cover every answer, a panic's and
    // a timeout's included.
    router.layer(middleware::from_fn(super::observe::observe))
}

/// The answer to a request whose handler panicked: an internal error,
/// whose detail (the panic's message) goes to the log once.
fn panicked(payload: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let detail = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("a panic without a message");
    ApiError::Internal(format!("a request handler panicked: {detail}")).into_response()
}

async fn rate_limit(
    State(shared): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    let Some(limiter) = &shared.limiter else {
        return next.run(request).await;
    };
    let forwarded_for = request
        .headers()
        .get("x-forwarded-for")
        .and_then(|value| value.to_str().ok());
    let client = client_of(peer.ip(), forwarded_for, shared.trust_forwarded_for);
    if limiter.allow(client) {
        next.run(request).await
    } else {
        crate::metrics::refused("rate_limit");
        ApiError::TooManyRequests.into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::header;
    use tower::ServiceExt;

    #[tokio::test]
    async fn a_handler_that_panics_is_answered_500_as_an_internal_error() {
        let router = outer_layers(
            Router::new()
                .route(
                    "/boom",
                    get(|| async {
                        let pieces = [0u8; 10];
                        let index = std::hint::black_box(21);
                        pieces[index].to_string()
                    }),
                )
                .route("/fine", get(|| async { "fine" })),
        );
        let request = |path: &str| Request::builder().uri(path).body(Body::empty()).unwrap();
        let response = router.clone().oneshot(request("/boom")).await.unwrap();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(
            response.headers()[header::CONTENT_TYPE],
            "application/json",
            "{response:?}"
        );
        let (name, value) = SECURITY_HEADERS[0];
        assert_eq!(response.headers()[name], value, "the answer is a full one");
        let id = response.headers()["x-request-id"]
            .to_str()
            .unwrap()
            .to_string();
        let body = axum::body::to_bytes(response.into_body(), 1024)
            .await
            .unwrap();
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        // Only that it failed, and which request to look for in the log.
        assert_eq!(
            body,
            serde_json::json!({
                "error": "internal error",
                "code": "server.internal",
                "params": {},
                "request_id": id
            })
        );
        let fine = router.oneshot(request("/fine")).await.unwrap();
        assert_eq!(fine.status(), StatusCode::OK);
    }
}
