//! The bench signature is pinned: any change to what the search does (move
//! order, pruning, evaluation, table size) changes the node total, and must
//! be a deliberate one.

use guard_towers_engine::bench;

#[test]
fn the_bench_signature_is_the_pinned_one() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/bench-signature.txt");
    let text = std::fs::read_to_string(file).expect("the signature file is readable");
    let pinned: u64 = text
        .trim()
        .parse()
        .unwrap_or_else(|_| panic!("{file} should hold just a number, not {text:?}"));
    let signature = bench::run(bench::DEPTH, &mut |_, _| {}).nodes;
    assert!(
        signature == pinned,
        "the search changed: bench signature {signature}, file says {pinned}; \
         if intended, write {signature} into {file}"
    );
}
