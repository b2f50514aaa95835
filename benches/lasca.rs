//! Lasca benchmarks: perft from the start and random playouts, for Lasker's rules and
//! the roundabout reading.

use column_checkers::games::LascaRoundabout;
use column_checkers::playout::SplitMix64;
use column_checkers::{perft, Lasca, MoveList, Position};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// Plays `games` random games of up to 200 plies; returns the plies played.
fn playouts<P: Position>(games: u64) -> usize {
    let mut list = MoveList::new();
    let mut plies = 0;
    for seed in 0..games {
        let mut rng = SplitMix64::new(seed);
        let mut p = P::start();
        for _ in 0..200 {
            p.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let mv = list[rng.below(list.len())];
            p.play_unchecked(&mv);
            plies += 1;
        }
    }
    plies
}

fn bench(c: &mut Criterion) {
    let start = Lasca::start();
    c.bench_function("lasca perft 10", |b| {
        b.iter(|| perft(black_box(&start), 10))
    });
    c.bench_function("lasca perft 12", |b| {
        b.iter(|| perft(black_box(&start), 12))
    });
    let start = LascaRoundabout::start();
    c.bench_function("lasca roundabout perft 10", |b| {
        b.iter(|| perft(black_box(&start), 10))
    });
    c.bench_function("lasca 100 random playouts", |b| {
        b.iter(|| playouts::<Lasca>(black_box(100)))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
