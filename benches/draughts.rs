//! Perft benchmarks of the classic draughts games: international perft(9) from the
//! start (41 022 423 nodes, bulk counting at the last ply), and smaller runs.

use column_checkers::games::draughts::RussianDraughts;
use column_checkers::{perft, InternationalDraughts, Position, StapeldammenPosition};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::time::Duration;

fn draughts(c: &mut Criterion) {
    let mut g = c.benchmark_group("draughts");
    g.sample_size(10).measurement_time(Duration::from_secs(30));
    let intl = InternationalDraughts::start();
    g.bench_function("international_perft_9", |b| {
        b.iter(|| assert_eq!(perft(black_box(&intl), 9), 41_022_423))
    });
    g.bench_function("international_perft_7", |b| {
        b.iter(|| assert_eq!(perft(black_box(&intl), 7), 1_049_442))
    });
    let russian = RussianDraughts::start();
    g.bench_function("russian_perft_8", |b| {
        b.iter(|| assert_eq!(perft(black_box(&russian), 8), 929_899))
    });
    let stapel = StapeldammenPosition::start();
    g.bench_function("stapeldammen_perft_6", |b| {
        b.iter(|| perft(black_box(&stapel), 6))
    });
    g.finish();
}

criterion_group!(benches, draughts);
criterion_main!(benches);
