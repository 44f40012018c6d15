//! The perft table of the rule book (three independent implementations agree
//! on it). Depths up to 20 million nodes run here; the deep ones are ignored
//! tests (`cargo test --release -- --ignored`) and the perft benchmark.

use guard_towers::{divide, perft, Position};
use serde_json::Value;

const FAST_LIMIT: u64 = 20_000_000;

fn table() -> Vec<(Position, Vec<u64>)> {
    let table: Value =
        serde_json::from_str(include_str!("data/gt-perft.json")).expect("table is JSON");
    table["positions"]
        .as_array()
        .expect("positions")
        .iter()
        .map(|entry| {
            let position = entry["position"]
                .as_str()
                .expect("position")
                .parse()
                .expect("valid");
            let counts = entry["perft"]
                .as_array()
                .expect("perft")
                .iter()
                .map(|n| n.as_u64().expect("count"))
                .collect();
            (position, counts)
        })
        .collect()
}

fn check(limit: impl Fn(u64) -> bool) {
    for (position, counts) in table() {
        for (index, &expected) in counts.iter().enumerate() {
            if limit(expected) {
                let depth = index as u32 + 1;
                assert_eq!(
                    perft(&position, depth),
                    expected,
                    "perft {depth} of {position}"
                );
            }
        }
    }
}

#[test]
fn perft_matches_the_table_to_twenty_million_nodes() {
    check(|nodes| nodes <= FAST_LIMIT);
}

#[test]
#[ignore = "deep perft: seconds to minutes; run with --ignored in release"]
fn perft_matches_the_table_at_every_depth() {
    check(|nodes| nodes > FAST_LIMIT);
}

#[test]
fn divide_sums_to_perft_and_names_every_legal_move() {
    for (position, counts) in table() {
        let split = divide(&position, 3);
        assert_eq!(split.len(), position.count_moves() as usize);
        assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), counts[2]);
    }
}
