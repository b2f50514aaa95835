//! Benchmark: perft(3) of Epaminondas from the start (1 787 292 leaves), and
//! perft(3) of NeoCrossings.

use column_checkers::{perft, Epaminondas, NeoCrossings, Position};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("epaminondas");
    g.sample_size(10);
    let start = Epaminondas::start();
    g.bench_function("perft3_epaminondas", |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), 3), 1_787_292))
    });
    let neo = NeoCrossings::start();
    g.bench_function("perft3_neocrossings", |b| {
        b.iter(|| assert_eq!(perft(black_box(&neo), 3), 269_278))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
