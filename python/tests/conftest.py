"""Shared paths and fixtures of the package's tests.

The data files are the Rust crates' own test tables, read in place: the
package is tested against the same positions, counts and logs as the
library it wraps. `TOWERS_BIN` (set by `cargo test`, see
crates/towers/tests/python.rs) names a `towers` binary for the tests that
compare with the command line or need a server; without it they skip.
"""

import os
import pathlib
import subprocess

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
RULES_DATA = REPOSITORY / "crates" / "guard-towers" / "tests" / "data"
DOCS = REPOSITORY / "docs"


@pytest.fixture(scope="session")
def towers_bin():
    """The `towers` binary, or a skip when none is given."""
    binary = os.environ.get("TOWERS_BIN")
    if not binary:
        pytest.skip("TOWERS_BIN names no towers binary (cargo test sets it)")
    return binary


@pytest.fixture
def towers_server(towers_bin, tmp_path):
    """A `towers serve` on a fresh SQLite file with the course port open;
    yields the course port's (host, port)."""
    server = subprocess.Popen(
        [
            towers_bin, "serve",
            "--addr", "127.0.0.1:0",
            "--course-port", "0",
            "--database", f"sqlite:{tmp_path / 'towers.db'}",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        course = None
        for line in server.stdout:
            if "course protocol on" in line:
                host, port = line.rsplit(" ", 1)[1].strip().rsplit(":", 1)
                course = (host, int(port))
                break
        assert course, "towers serve did not open the course port"
        yield course
    finally:
        server.terminate()
        server.wait(timeout=30)
