//! `towers gt bench`: runs the engine's fixed search workload
//! ([`guard_towers_engine::bench`]) and prints its node signature and speed.

use guard_towers_engine::bench;

pub fn run(depth: u32) {
    let result = bench::run(depth, &mut |position, nodes| {
        eprintln!("{position}: {nodes} nodes")
    });
    println!("nodes {}", result.nodes);
    println!("nps {}", result.nodes_per_second());
}
