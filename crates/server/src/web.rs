//! The browser UI: the static files of `web/`, embedded in the binary so
//! `towers serve` needs nothing beside it. The pages hold no game logic;
//! they ask the API for legal moves and results.

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// Name, content type and content of every file.
const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../../../web/index.html"),
    ),
    (
        "gt.html",
        "text/html; charset=utf-8",
        include_str!("../../../web/gt.html"),
    ),
    (
        "kubb.html",
        "text/html; charset=utf-8",
        include_str!("../../../web/kubb.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../../web/style.css"),
    ),
    (
        "api.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/api.js"),
    ),
    (
        "gt.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/gt.js"),
    ),
    (
        "kubb.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/kubb.js"),
    ),
    (
        "index.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/index.js"),
    ),
    (
        "tournament.html",
        "text/html; charset=utf-8",
        include_str!("../../../web/tournament.html"),
    ),
    (
        "tournament.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/tournament.js"),
    ),
];

pub async fn page() -> Response {
    serve("index.html")
}

pub async fn file(Path(name): Path<String>) -> Response {
    // `/gt`, `/kubb` and `/tournament` are the pages without their extension.
    let name = match name.as_str() {
        "gt" | "kubb" | "tournament" => format!("{name}.html"),
        _ => name,
    };
    serve(&name)
}

fn serve(name: &str) -> Response {
    match FILES.iter().find(|(file, _, _)| *file == name) {
        Some((_, content_type, content)) => (
            [
                (header::CONTENT_TYPE, *content_type),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            *content,
        )
            .into_response(),
        None => ApiError::NotFound(format!("no page '{name}'")).into_response(),
    }
}
