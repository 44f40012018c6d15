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
    let signature = bench::run(bench::DEPTH, &[], &mut |_, _| {})
        .expect("no options")
        .nodes;
    assert!(
        signature == pinned,
        "the search changed: bench signature {signature}, file says {pinned}; \
         if intended, write {signature} into {file}"
    );
}

#[test]
fn options_change_the_workload_and_bad_ones_are_refused() {
    let nodes = |options: &[(&str, &str)]| bench::run(6, options, &mut |_, _| {}).map(|b| b.nodes);
    let default = nodes(&[]).expect("no options");
    assert_eq!(nodes(&[("Pruning", "true")]), Ok(default));
    let unpruned = nodes(&[("pruning", "false")]).expect("a known option, in any case");
    assert!(
        unpruned > default,
        "without pruning {unpruned}, with {default}"
    );
    for bad in [("Pruning", "maybe"), ("Nonsense", "1"), ("Hash", "0")] {
        assert!(nodes(&[bad]).is_err(), "{bad:?}");
    }
}
