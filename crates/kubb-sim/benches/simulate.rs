//! Simulated complete games per second with the heuristic strategy (the
//! issue's target: 200,000 a second on the 2-core machine, all cores;
//! `towers kubb simulate --games 400000` measures that directly and prints
//! matches/s and games/s). Criterion reports games per second here.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use kubb::Ruleset;
use kubb_sim::simulate;
use kubb_sim::throw::Skill;

fn games_per_second(c: &mut Criterion) {
    let mut group = c.benchmark_group("simulate");
    group.sample_size(10);
    for ruleset in [Ruleset::SEED, Ruleset::STANDARD] {
        for skill in [Skill::EXPERIENCED, Skill::ADVANCED] {
            let matches = 20_000;
            let played = simulate(ruleset, [skill, skill], matches, 1).played;
            group.throughput(Throughput::Elements(played as u64));
            group.bench_function(format!("{}/{}", ruleset.name, skill.name), |b| {
                b.iter(|| simulate(ruleset, black_box([skill, skill]), matches, 1).played)
            });
        }
    }
    group.finish();
}

criterion_group!(benches, games_per_second);
criterion_main!(benches);
