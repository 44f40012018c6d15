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
    (
        "lesson.html",
        "text/html; charset=utf-8",
        include_str!("../../../web/lesson.html"),
    ),
    (
        "lesson.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/lesson.js"),
    ),
    (
        "offline.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/offline.js"),
    ),
    (
        "sw.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/sw.js"),
    ),
    (
        "manifest.webmanifest",
        "application/manifest+json",
        include_str!("../../../web/manifest.webmanifest"),
    ),
];

pub async fn page() -> Response {
    serve("index.html")
}

pub async fn file(Path(name): Path<String>) -> Response {
    // `/gt`, `/kubb` and `/lesson` are the pages without their extension; browsers
    // ask for `/favicon.ico` whatever the pages link.
    let name = match name.as_str() {
        "gt" | "kubb" | "lesson" => format!("{name}.html"),
        "favicon.ico" => "favicon.svg".into(),
        _ => name,
    };
    serve(&name)
}

fn serve(name: &str) -> Response {
    match FILES.iter().find(|(file, _, _)| *file == name) {
        Some((file, content_type, content)) => (
            [
                (header::CONTENT_TYPE, *content_type),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            from_disk(file).unwrap_or_else(|| content.to_string()),
        )
            .into_response(),
        None => ApiError::NotFound(format!("no page '{name}'")).into_response(),
    }
}

/// For whoever works on the pages: with `TOWERS_WEB_DIR=web` the files
/// are read from that folder on each request instead of the copies
/// built in, so a change shows on reload without a rebuild. Only the
/// names of the built-in list are read.
fn from_disk(file: &str) -> Option<String> {
    let dir = std::env::var_os("TOWERS_WEB_DIR")?;
    std::fs::read_to_string(std::path::Path::new(&dir).join(file)).ok()
}
