//! Dameo benchmarks: perft(5) from the start (target: under 0.5 s on one core) and
//! seeded random games, which reach the kings and long captures of the middle and end
//! game.
//!
//! `cargo bench --bench dameo`

use column_checkers::playout::SplitMix64;
use column_checkers::{perft, Dameo, MoveList, Position};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

fn perft_start(c: &mut Criterion) {
    let start = Dameo::start();
    let mut g = c.benchmark_group("dameo");
    g.sample_size(10);
    g.throughput(Throughput::Elements(275_931_640));
    g.bench_function("perft(5) start", |b| b.iter(|| perft(black_box(&start), 5)));
    g.finish();
}

/// Plays 20 random games of at most 200 plies; returns the plies played.
fn random_games(seed: u64) -> u64 {
    let mut rng = SplitMix64::new(seed);
    let mut list = MoveList::new();
    let mut plies = 0;
    for _ in 0..20 {
        let mut p = Dameo::start();
        for _ in 0..200 {
            p.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let m = list[rng.below(list.len())];
            p.play_unchecked(&m);
            plies += 1;
        }
    }
    plies
}

fn playouts(c: &mut Criterion) {
    let plies = random_games(1);
    let mut g = c.benchmark_group("dameo");
    g.sample_size(20);
    g.throughput(Throughput::Elements(plies));
    g.bench_function("20 random games", |b| b.iter(|| random_games(black_box(1))));
    g.finish();
}

criterion_group!(benches, perft_start, playouts);
criterion_main!(benches);
