//! The one way the end-to-end tests start `towers serve`: the real binary
//! on a free port (or a given address), its address read from the lines it
//! prints, killed when the test ends, even a failed one.

// Each test crate that includes this module uses a part of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

pub struct Server {
    pub child: Child,
    /// `http://127.0.0.1:PORT`, without a trailing slash.
    pub base: String,
    pub addr: SocketAddr,
    /// The course protocol's port, when `--course-port` was given.
    pub course: Option<SocketAddr>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `towers serve` on a free port of 127.0.0.1 with `extra` arguments.
pub fn serve(database: &str, extra: &[&str]) -> Server {
    serve_at("127.0.0.1:0", database, None, extra)
}

/// `towers serve` on a free port of 127.0.0.1 with `extra` arguments,
/// its log (stderr) written to `log`.
pub fn serve_logging_to(database: &str, extra: &[&str], log: &std::path::Path) -> Server {
    let log = std::fs::File::create(log).expect("the log file is made");
    spawn("127.0.0.1:0", database, None, extra, log.into())
}

/// `towers serve` on `addr`, under a descriptor limit of `descriptors`
/// when given, with `extra` arguments; returns once it prints where it
/// listens.
pub fn serve_at(addr: &str, database: &str, descriptors: Option<u32>, extra: &[&str]) -> Server {
    spawn(addr, database, descriptors, extra, Stdio::null())
}

fn spawn(
    addr: &str,
    database: &str,
    descriptors: Option<u32>,
    extra: &[&str],
    stderr: Stdio,
) -> Server {
    let limit = descriptors.map_or(String::new(), |limit| format!("ulimit -n {limit} && "));
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("{limit}exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_towers"))
        .args(["serve", "--addr", addr, "--database", database])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("towers serve starts");
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let base = first
        .strip_prefix("towers serve: open ")
        .unwrap_or_else(|| panic!("unexpected first line {first:?}"))
        .trim_end_matches('/')
        .to_string();
    let course = extra.contains(&"--course-port").then(|| {
        let line = lines.next().unwrap().unwrap();
        line.strip_prefix("towers serve: course protocol on ")
            .unwrap_or_else(|| panic!("unexpected second line {line:?}"))
            .parse()
            .unwrap()
    });
    let addr = base.strip_prefix("http://").unwrap().parse().unwrap();
    Server {
        child,
        base,
        addr,
        course,
    }
}
