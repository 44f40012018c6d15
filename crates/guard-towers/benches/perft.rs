//! Perft speed from the start position (the target is perft 7,
//! 4,413,380,790 nodes, in under 10 s on one thread; `towers gt perft 7`
//! measures that directly), plus the two movegen primitives.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use guard_towers::{perft, Position};

const MIDGAME: &str = "3RG1r11/3r33/r23r12/7/b32b33/7/3BG2b1 b";

fn perft_start(c: &mut Criterion) {
    let start = Position::start();
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (depth, nodes) in [(4, 354_946u64), (5, 8_256_952)] {
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("start/{depth}"), |b| {
            b.iter(|| assert_eq!(perft(black_box(&start), depth), nodes))
        });
    }
    group.finish();
}

fn movegen(c: &mut Criterion) {
    let position: Position = MIDGAME.parse().expect("valid");
    c.bench_function("movegen/count_moves", |b| {
        b.iter(|| black_box(&position).count_moves())
    });
    c.bench_function("movegen/legal_moves", |b| {
        b.iter(|| black_box(&position).legal_moves().len())
    });
    let mv = position.legal_moves()[0];
    c.bench_function("movegen/play", |b| b.iter(|| black_box(&position).play(mv)));
}

criterion_group!(benches, perft_start, movegen);
criterion_main!(benches);
