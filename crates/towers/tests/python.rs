//! The Python package's tests (`python/tests`, pytest), run inside the
//! test command the way the browser tests are: the package is built from
//! this checkout's sources and installed (`pip install ./python`, maturin
//! as the build backend) into the interpreter `TOWERS_PYTHON` names, then
//! pytest runs with `TOWERS_BIN` naming this build's `towers`.
//!
//! `TOWERS_PYTHON` should be a virtual environment's interpreter with
//! maturin, pytest, numpy, gymnasium and pettingzoo; `.ci/run` makes one
//! and sets `TOWERS_REQUIRE_PYTHON_TESTS`, so CI cannot skip them. Without
//! it they are skipped with a notice: a test never installs into an
//! interpreter nobody named.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The interpreter to test with, or why there is none.
fn python() -> Result<String, String> {
    let python = std::env::var("TOWERS_PYTHON")
        .map_err(|_| "TOWERS_PYTHON names no Python interpreter".to_string())?;
    let modules = "import maturin, pytest, numpy, gymnasium, pettingzoo";
    let found = Command::new(&python).args(["-c", modules]).output();
    match found {
        Ok(output) if output.status.success() => Ok(python),
        _ => Err(format!(
            "{python} lacks one of maturin, pytest, numpy, gymnasium, pettingzoo"
        )),
    }
}

/// Runs `command`, requiring success; prints what it said.
fn run(command: &mut Command, what: &str) {
    let Output {
        status,
        stdout,
        stderr,
    } = command.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&stdout),
        String::from_utf8_lossy(&stderr)
    );
    eprintln!("{report}");
    assert!(status.success(), "{what} failed:\n{report}");
}

#[test]
fn the_python_package_passes_its_tests() {
    let python = match python() {
        Ok(python) => python,
        Err(missing) => {
            assert!(
                std::env::var_os("TOWERS_REQUIRE_PYTHON_TESTS").is_none(),
                "{missing}"
            );
            eprintln!("skipped: {missing}; .ci/run makes such an environment");
            return;
        }
    };
    let package = repository().join("python");
    // maturin's build backend runs the `maturin` program beside the
    // interpreter: a virtual environment's, found as if it were activated.
    let scripts = Path::new(&python).parent().unwrap_or(Path::new("."));
    let path = std::env::join_paths(std::iter::once(scripts.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("PATH joins");
    run(
        Command::new(&python)
            .args(["-m", "pip", "install", "--quiet", "--no-deps"])
            .args(["--no-build-isolation", "--force-reinstall"])
            .arg(&package)
            .env("PATH", path),
        "pip install ./python",
    );
    // From the tests' own folder, so that `import guard_towers` finds the
    // installed package and not its sources.
    run(
        Command::new(&python)
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
            .current_dir(package.join("tests"))
            .env("TOWERS_BIN", env!("CARGO_BIN_EXE_towers")),
        "pytest python/tests",
    );
}
