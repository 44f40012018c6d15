//! The tests of the web UI that run under node: the browser tests
//! (`web/tests/run.mjs`: Playwright driving Debian's headless chromium)
//! against this build's `towers serve`, and the QR code encoder
//! (`web/qr.js`) held module for module to the npm package `qrcode`
//! (`web/tests/qr.mjs`).
//!
//! They need node, chromium and `npm ci` in `web/tests`; `.ci/run` installs
//! all three and sets `TOWERS_REQUIRE_BROWSER_TESTS`, so CI cannot skip
//! them. On a machine with only Rust they are skipped with a notice.

use std::path::{Path, PathBuf};
use std::process::Command;

fn web_tests() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/tests")
}

/// What of node, chromium and the npm packages `packages` is missing.
fn missing_tools(tests: &Path, chromium: bool, packages: &[&str]) -> Vec<String> {
    let mut missing = Vec::new();
    if Command::new("node").arg("--version").output().is_err() {
        missing.push("node".to_string());
    }
    let browser = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if chromium && !Path::new(&browser).exists() {
        missing.push("chromium".to_string());
    }
    for package in packages {
        if !tests.join("node_modules").join(package).exists() {
            missing.push(format!("{package} (npm ci in web/tests)"));
        }
    }
    missing
}

/// Runs `node script` in `web/tests` and requires it to succeed, or
/// skips it with a notice when a tool is missing outside CI.
fn run_node(script: &str, chromium: bool, packages: &[&str], env: &[(&str, &str)]) {
    let tests = web_tests();
    let missing = missing_tools(&tests, chromium, packages);
    if !missing.is_empty() {
        let message = format!("{script} needs {}", missing.join(", "));
        assert!(
            std::env::var_os("TOWERS_REQUIRE_BROWSER_TESTS").is_none(),
            "{message}"
        );
        eprintln!("skipped: {message}; .ci/run installs them");
        return;
    }
    let output = Command::new("node")
        .arg(script)
        .current_dir(&tests)
        .envs(env.iter().copied())
        .output()
        .expect("node runs");
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    eprintln!("{report}");
    assert!(output.status.success(), "{script} failed:\n{report}");
}

#[test]
fn the_web_ui_passes_its_browser_tests() {
    run_node(
        "run.mjs",
        true,
        &["playwright-core"],
        &[("TOWERS_BIN", env!("CARGO_BIN_EXE_towers"))],
    );
}

#[test]
fn the_qr_encoder_matches_the_qrcode_package() {
    run_node("qr.mjs", false, &["qrcode"], &[]);
}

#[test]
fn the_vendored_fluent_bundle_is_npms_own() {
    run_node("vendor.mjs", false, &["@fluent/bundle"], &[]);
}
