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
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/board.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../../../web/favicon.svg"),
    ),
];

pub async fn page() -> Response {
    serve("index.html")
}

pub async fn file(Path(name): Path<String>) -> Response {
    // `/gt` and `/kubb` are the pages without their extension; browsers
    // ask for `/favicon.ico` whatever the pages link.
    let name = match name.as_str() {
        "gt" | "kubb" => format!("{name}.html"),
        "favicon.ico" => "favicon.svg".into(),
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
