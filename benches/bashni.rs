//! Bashni benchmarks: perft from the start and random playouts, for both re-jump
//! readings.

use column_checkers::games::BashniRussianCode;
use column_checkers::playout::SplitMix64;
use column_checkers::{perft, Bashni, MoveList, Position};
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
    let start = Bashni::start();
    c.bench_function("bashni perft 6", |b| b.iter(|| perft(black_box(&start), 6)));
    c.bench_function("bashni perft 8", |b| b.iter(|| perft(black_box(&start), 8)));
    let start = BashniRussianCode::start();
    c.bench_function("bashni russian-code perft 8", |b| {
        b.iter(|| perft(black_box(&start), 8))
    });
    c.bench_function("bashni 100 random playouts", |b| {
        b.iter(|| playouts::<Bashni>(black_box(100)))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
