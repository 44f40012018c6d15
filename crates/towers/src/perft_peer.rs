//! `towers gt perft N --peer PEER`: our move generator's perft and another
//! program's, in one run, counted alike: the CPU time of the perft alone
//! (no start-up), the counts checked equal. A comparison is only as good as
//! the peer's build, so the peer is whatever binary the user built at its
//! fastest (docs/perft.md says how ours was compared).

use std::path::Path;
use std::process::Command;

use guard_towers::{perft, Position};

use crate::UsageError;

/// What the peer printed: `nodes N cpu SECONDS`.
#[derive(Debug, PartialEq)]
struct PeerCount {
    nodes: u64,
    cpu_seconds: f64,
}

/// Runs both, ours first, and prints the nodes, both CPU times and their
/// ratio (ours over the peer's: below 1 is faster).
pub fn run(position: &Position, depth: u32, peer: &Path) -> Result<(), UsageError> {
    let before = process_cpu_seconds();
    let nodes = perft(position, depth);
    let ours = process_cpu_seconds() - before;
    let theirs = run_peer(peer, depth, position)?;
    if theirs.nodes != nodes {
        return Err(UsageError(format!(
            "the peer counts {} nodes at depth {depth}, this generator {nodes}: \
             the counts must agree before the times mean anything",
            theirs.nodes
        )));
    }
    crate::gt::write_lines([
        format!("perft {depth}: {nodes} nodes"),
        format!("towers cpu {ours:.3} s"),
        format!("peer cpu {:.3} s", theirs.cpu_seconds),
        format!(
            "ratio {:.3} (towers / peer; {:.1}x as fast)",
            ours / theirs.cpu_seconds,
            theirs.cpu_seconds / ours.max(1e-9)
        ),
    ])
}

fn run_peer(peer: &Path, depth: u32, position: &Position) -> Result<PeerCount, UsageError> {
    let output = Command::new(peer)
        .arg(depth.to_string())
        .arg(position.to_string())
        .output()
        .map_err(|error| UsageError(format!("cannot run the peer {}: {error}", peer.display())))?;
    let text = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        return Err(UsageError(format!(
            "the peer {} failed ({}): {}",
            peer.display(),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        )));
    }
    text.lines().rev().find_map(parse_peer_line).ok_or_else(|| {
        UsageError(format!(
            "the peer {} printed no line 'nodes N cpu SECONDS'",
            peer.display()
        ))
    })
}

fn parse_peer_line(line: &str) -> Option<PeerCount> {
    match line.split_whitespace().collect::<Vec<_>>()[..] {
        ["nodes", nodes, "cpu", seconds] => Some(PeerCount {
            nodes: nodes.parse().ok()?,
            cpu_seconds: seconds
                .parse()
                .ok()
                .filter(|s: &f64| s.is_finite() && *s > 0.0)?,
        }),
        _ => None,
    }
}

/// User and system time of this process so far, as the peer counts its own.
fn process_cpu_seconds() -> f64 {
    let mut time = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `time` is a valid timespec for the call to fill.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut time) };
    assert_eq!(
        status, 0,
        "CLOCK_PROCESS_CPUTIME_ID is always there on Linux"
    );
    time.tv_sec as f64 + time.tv_nsec as f64 * 1e-9
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_peer_line_is_read_and_anything_else_refused() {
        assert_eq!(
            parse_peer_line("nodes 14896 cpu 0.002"),
            Some(PeerCount {
                nodes: 14896,
                cpu_seconds: 0.002
            })
        );
        for bad in [
            "nodes 14896",
            "nodes x cpu 1",
            "nodes 1 cpu -1",
            "nodes 1 cpu 0",
            "cpu 1 nodes 2",
        ] {
            assert_eq!(parse_peer_line(bad), None, "{bad}");
        }
    }
}
