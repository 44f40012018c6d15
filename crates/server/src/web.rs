//! The browser UI: the static files of `web/`, embedded in the binary so
//! `towers serve` needs nothing beside it. The pages hold no game logic
//! (they ask the API for legal moves and results) but the Kubb rules twin,
//! `kubb-rules.js`, which keeps score on a phone without a signal. A browser that accepts
//! gzip gets each file compressed (once, on first asking): a page and its
//! scripts are about a third of their size on the wire.

use std::io::Write;
use std::sync::LazyLock;

use axum::extract::Path;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use flate2::write::GzEncoder;
use flate2::Compression;

use crate::error::ApiError;

/// A message catalog of `locales/` (Project Fluent), as the pages ask
/// for it: `/locales/{language}/{area}.ftl`.
macro_rules! catalog {
    ($language:literal, $area:literal) => {
        (
            concat!("locales/", $language, "/", $area, ".ftl"),
            "text/plain; charset=utf-8",
            include_str!(concat!("../../../locales/", $language, "/", $area, ".ftl")),
        )
    };
}

/// The catalogs of one language, one per page area.
macro_rules! catalogs {
    ($($language:literal),+) => {
        [$(
            catalog!($language, "common"),
            catalog!($language, "home"),
            catalog!($language, "gt"),
            catalog!($language, "lesson"),
            catalog!($language, "puzzles"),
            catalog!($language, "kubb"),
            catalog!($language, "tournament"),
            catalog!($language, "players"),
            catalog!($language, "account"),
            catalog!($language, "refusals"),
            catalog!($language, "board"),
        )+]
    };
}

/// @fluent/bundle's modules (web/vendor/fluent-bundle), which resolve
/// the catalogs in the browser.
macro_rules! fluent_bundle {
    ($($module:literal),+) => {
        [$((
            concat!("vendor/fluent-bundle/", $module),
            "text/javascript; charset=utf-8",
            include_str!(concat!("../../../web/vendor/fluent-bundle/", $module)),
        ),)+]
    };
}

const CATALOGS: [(&str, &str, &str); 33] = catalogs!("en", "de", "nl");
const FLUENT_BUNDLE: [(&str, &str, &str); 8] = fluent_bundle!(
    "builtins.js",
    "bundle.js",
    "index.js",
    "memoizer.js",
    "resolver.js",
    "resource.js",
    "scope.js",
    "types.js"
);

/// Every file: the pages' own, the catalogs and the vendored modules.
static FILES: LazyLock<Vec<(&str, &str, &str)>> = LazyLock::new(|| {
    PAGES
        .iter()
        .chain(&CATALOGS)
        .chain(&FLUENT_BUNDLE)
        .copied()
        .collect()
});

/// Name, content type and content of every file of the pages.
const PAGES: &[(&str, &str, &str)] = &[
    (
        "i18n.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/i18n.js"),
    ),
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
        "kubb-rules.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/kubb-rules.js"),
    ),
    (
        "kubb-settings.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/kubb-settings.js"),
    ),
    (
        "offline.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/offline.js"),
    ),
    (
        "qr.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/qr.js"),
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
    (
        "tournament-call.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/tournament-call.js"),
    ),
    (
        "puzzles.html",
        "text/html; charset=utf-8",
        include_str!("../../../web/puzzles.html"),
    ),
    (
        "puzzles.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/puzzles.js"),
    ),
    (
        "players.html",
        "text/html; charset=utf-8",
        include_str!("../../../web/players.html"),
    ),
    (
        "account.html",
        "text/html; charset=utf-8",
        include_str!("../../../web/account.html"),
    ),
    (
        "account.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/account.js"),
    ),
    (
        "players.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/players.js"),
    ),
    (
        "board.html",
        "text/html; charset=utf-8",
        include_str!("../../../web/board.html"),
    ),
    (
        "call-board.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/call-board.js"),
    ),
];

pub async fn page(headers: HeaderMap) -> Response {
    serve("index.html", &headers)
}

/// `/tournament/board?id=…`: a tournament's call board, for the screen
/// beside the pitches.
pub async fn board(headers: HeaderMap) -> Response {
    serve("board.html", &headers)
}

/// `/locales/{language}/{area}.ftl`: a message catalog.
pub async fn catalog(
    Path((language, area)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    serve(&format!("locales/{language}/{area}"), &headers)
}

/// `/vendor/{package}/{module}`: a vendored module.
pub async fn vendored(
    Path((package, module)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    serve(&format!("vendor/{package}/{module}"), &headers)
}

pub async fn file(Path(name): Path<String>, headers: HeaderMap) -> Response {
    // `/gt`, `/kubb`, `/lesson`, `/puzzles`, `/tournament`, `/players` and `/account` are the pages without their extension; browsers
    // ask for `/favicon.ico` whatever the pages link.
    let name = match name.as_str() {
        "gt" | "kubb" | "lesson" | "puzzles" | "tournament" | "players" | "account" => {
            format!("{name}.html")
        }
        "favicon.ico" => "favicon.svg".into(),
        _ => name,
    };
    serve(&name, &headers)
}

fn serve(name: &str, headers: &HeaderMap) -> Response {
    let Some(index) = FILES.iter().position(|(file, _, _)| *file == name) else {
        return ApiError::NotFound(format!("no page '{name}'")).into_response();
    };
    let (file, content_type, content) = FILES[index];
    let plain = [
        (header::CONTENT_TYPE, content_type),
        (header::CACHE_CONTROL, "no-cache"),
        (header::VARY, "accept-encoding"),
    ];
    if let Some(text) = from_disk(file) {
        return (plain, text).into_response();
    }
    if accepts_gzip(headers) {
        let gzipped: &'static [u8] = &GZIPPED[index];
        let mut response = (plain, gzipped).into_response();
        let gzip = HeaderValue::from_static("gzip");
        response
            .headers_mut()
            .insert(header::CONTENT_ENCODING, gzip);
        return response;
    }
    (plain, content).into_response()
}

/// Every file gzipped, in the order of [`FILES`].
static GZIPPED: LazyLock<Vec<Vec<u8>>> =
    LazyLock::new(|| FILES.iter().map(|(_, _, text)| gzip(text)).collect());

fn gzip(text: &str) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder
        .write_all(text.as_bytes())
        .expect("writing to memory cannot fail");
    encoder.finish().expect("writing to memory cannot fail")
}

fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| {
            value
                .split(',')
                .any(|coding| coding.split(';').next().map(str::trim) == Some("gzip"))
        })
}

/// For whoever works on the pages: with `TOWERS_WEB_DIR=web` the files
/// are read from that folder on each request instead of the copies
/// built in, so a change shows on reload without a rebuild. Only the
/// names of the built-in list are read.
fn from_disk(file: &str) -> Option<String> {
    let dir = std::path::PathBuf::from(std::env::var_os("TOWERS_WEB_DIR")?);
    // The catalogs live beside `web/`, in the repository's `locales/`.
    let path = match file.strip_prefix("locales/") {
        Some(catalog) => dir.join("../locales").join(catalog),
        None => dir.join(file),
    };
    std::fs::read_to_string(path).ok()
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use axum::body::to_bytes;

    use super::*;

    async fn fetch(name: &str, accept: Option<&str>) -> (Option<String>, Vec<u8>) {
        let mut headers = HeaderMap::new();
        if let Some(accept) = accept {
            headers.insert(
                header::ACCEPT_ENCODING,
                HeaderValue::from_str(accept).unwrap(),
            );
        }
        let response = serve(name, &headers);
        let encoding = response
            .headers()
            .get(header::CONTENT_ENCODING)
            .map(|value| value.to_str().unwrap().to_string());
        let body = to_bytes(response.into_body(), usize::MAX).await.unwrap();
        (encoding, body.to_vec())
    }

    /// A browser that accepts gzip gets every file compressed, and it
    /// unpacks to the file itself; one that does not gets it plain.
    #[tokio::test]
    async fn every_file_is_served_gzipped_to_whoever_accepts_it_and_plain_otherwise() {
        for (name, _, text) in FILES.iter() {
            let (encoding, body) = fetch(name, Some("br;q=1.0, gzip;q=0.8")).await;
            assert_eq!(encoding.as_deref(), Some("gzip"), "{name}");
            // A few lines gain nothing from gzip's own header.
            if text.len() > 200 {
                assert!(body.len() < text.len(), "{name} is smaller gzipped");
            }
            let mut unpacked = String::new();
            flate2::read::GzDecoder::new(&body[..])
                .read_to_string(&mut unpacked)
                .unwrap();
            assert_eq!(unpacked, *text, "{name}");
            let (encoding, body) = fetch(name, Some("br")).await;
            assert_eq!(encoding, None, "{name}");
            assert_eq!(body, text.as_bytes(), "{name}");
        }
    }

    /// Every page, script and style in `web/` is embedded: a file the
    /// pages import but the binary lacks would work only where the pages
    /// are served from disk (the browser tests' `TOWERS_WEB_DIR`).
    #[test]
    fn every_file_of_web_is_embedded() {
        let web = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
        for entry in std::fs::read_dir(web).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                continue;
            }
            let name = path.file_name().unwrap().to_str().unwrap();
            assert!(
                PAGES.iter().any(|(file, _, _)| *file == name),
                "web/{name} is not embedded in the binary"
            );
        }
    }
}
