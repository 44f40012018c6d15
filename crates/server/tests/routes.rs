//! The router and the OpenAPI document name the same routes: every route
//! the server's source registers (path and method) is in the document the
//! server serves, and every documented operation is routed, with no other
//! method on its path.

mod common;

use std::collections::BTreeSet;
use std::path::Path;

use common::{config, start};
use reqwest::{Method, StatusCode};
use serde_json::Value;

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

/// The `.route("/api/…", get(…).post(…))` calls of the server's source, as
/// (path, method) pairs.
fn routes_in_source() -> BTreeSet<(String, String)> {
    let mut found = BTreeSet::new();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for file in rust_files(&source) {
        let text = std::fs::read_to_string(&file).unwrap();
        for call in text.split(".route(").skip(1) {
            let arguments = balanced(call);
            let Some((path, methods)) = arguments
                .trim_start()
                .strip_prefix('"')
                .and_then(|rest| rest.split_once('"'))
            else {
                continue;
            };
            if !path.starts_with("/api/") {
                continue;
            }
            for method in METHODS {
                let chained = methods.contains(&format!(".{method}("));
                let first = methods
                    .trim_start_matches([',', ' ', '\n'])
                    .starts_with(&format!("{method}("));
                if chained || first {
                    found.insert((path.to_string(), method.to_string()));
                }
            }
        }
    }
    found
}

/// The text up to the parenthesis that closes the one before it.
fn balanced(text: &str) -> &str {
    let mut depth = 1;
    for (at, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' if depth == 1 => return &text[..at],
            ')' => depth -= 1,
            _ => {}
        }
    }
    text
}

fn rust_files(folder: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files
}

/// The document's operations, as (path, method) pairs.
fn documented(document: &Value) -> BTreeSet<(String, String)> {
    let paths = document["paths"]
        .as_object()
        .expect("the document has paths");
    paths
        .iter()
        .flat_map(|(path, item)| {
            let item = item.as_object().unwrap();
            METHODS
                .into_iter()
                .filter(|method| item.contains_key(*method))
                .map(|method| (path.clone(), method.to_string()))
        })
        .collect()
}

#[tokio::test]
async fn every_route_is_documented_and_every_documented_route_is_routed() {
    let server = start(config(&common::sqlite_url())).await;
    let (status, document) = server.get("/api/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    let documented = documented(&document);
    let registered = routes_in_source();
    assert_eq!(
        registered.difference(&documented).collect::<Vec<_>>(),
        Vec::<&(String, String)>::new(),
        "routed but not documented"
    );
    assert_eq!(
        documented.difference(&registered).collect::<Vec<_>>(),
        Vec::<&(String, String)>::new(),
        "documented but not routed"
    );
    // The source's routes are the router's: each is answered by its
    // handler, not the fallback, and no other method is routed.
    let paths: BTreeSet<&String> = documented.iter().map(|(path, _)| path).collect();
    for path in paths {
        let url = format!(
            "{}{}",
            server.base,
            path.replace("{game}", "gt").replace(['{', '}'], "")
        );
        for method in METHODS {
            let request = server
                .client
                .request(method.to_uppercase().parse::<Method>().unwrap(), &url);
            let response = request.send().await.unwrap();
            let status = response.status();
            let body = response.text().await.unwrap();
            if documented.contains(&(path.clone(), method.to_string())) {
                assert_ne!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
                assert!(
                    !body.contains("no such API path"),
                    "{method} {path}: {body}"
                );
            } else {
                assert_eq!(
                    status,
                    StatusCode::METHOD_NOT_ALLOWED,
                    "{method} {path}: {body}"
                );
            }
        }
    }
}
