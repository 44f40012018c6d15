//! The browser tests of the web UI (`web/tests/run.mjs`: Playwright driving
//! Debian's headless chromium) against this build's `towers serve`.
//!
//! They need node, chromium and `npm ci` in `web/tests`; `.ci/run` installs
//! all three and sets `TOWERS_REQUIRE_BROWSER_TESTS`, so CI cannot skip
//! them. On a machine with only Rust they are skipped with a notice.

use std::path::Path;
use std::process::Command;

fn missing_tools(tests: &Path) -> Vec<&'static str> {
    let mut missing = Vec::new();
    if Command::new("node").arg("--version").output().is_err() {
        missing.push("node");
    }
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        missing.push("chromium");
    }
    if !tests.join("node_modules/playwright-core").exists() {
        missing.push("playwright-core (npm ci in web/tests)");
    }
    missing
}

#[test]
fn the_web_ui_passes_its_browser_tests() {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/tests");
    let missing = missing_tools(&tests);
    if !missing.is_empty() {
        let message = format!("browser tests need {}", missing.join(", "));
        assert!(
            std::env::var_os("TOWERS_REQUIRE_BROWSER_TESTS").is_none(),
            "{message}"
        );
        eprintln!("skipped: {message}; .ci/run installs them");
        return;
    }
    let output = Command::new("node")
        .arg("run.mjs")
        .current_dir(&tests)
        .env("TOWERS_BIN", env!("CARGO_BIN_EXE_towers"))
        .output()
        .expect("node runs");
    let report = String::from_utf8_lossy(&output.stdout);
    eprintln!("{report}{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "browser tests failed:\n{report}");
}
