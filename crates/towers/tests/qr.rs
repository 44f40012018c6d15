//! The QR code encoder of the web UI (`web/qr.js`) held module for module
//! to the npm package `qrcode` (`web/tests/qr.mjs`).
//!
//! It needs node and `npm ci` in `web/tests`; `.ci/run` installs both and
//! sets `TOWERS_REQUIRE_BROWSER_TESTS`, so CI cannot skip it. On a machine
//! with only Rust it is skipped with a notice.

use std::path::Path;
use std::process::Command;

fn missing_tools(tests: &Path) -> Vec<&'static str> {
    let mut missing = Vec::new();
    if Command::new("node").arg("--version").output().is_err() {
        missing.push("node");
    }
    if !tests.join("node_modules/qrcode").exists() {
        missing.push("qrcode (npm ci in web/tests)");
    }
    missing
}

#[test]
fn the_qr_encoder_matches_the_qrcode_package() {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/tests");
    let missing = missing_tools(&tests);
    if !missing.is_empty() {
        let message = format!("the QR encoder's test needs {}", missing.join(", "));
        assert!(
            std::env::var_os("TOWERS_REQUIRE_BROWSER_TESTS").is_none(),
            "{message}"
        );
        eprintln!("skipped: {message}; .ci/run installs them");
        return;
    }
    let output = Command::new("node")
        .arg("qr.mjs")
        .current_dir(&tests)
        .output()
        .expect("node runs");
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    eprintln!("{report}");
    assert!(output.status.success(), "qr.mjs failed:\n{report}");
}
