//! Perft benchmarks of the classic draughts games: international perft(9) and
//! perft(10) from the start (41 022 423 and 258 895 763 nodes), Russian and Brazilian
//! perft(10), all with bulk counting at the last ply; international perft(9) without
//! bulk counting; `perft_parallel` (feature `rayon`) against `perft` at international
//! perft(10); and smaller runs.
//!
//! `cargo bench --bench draughts` (`--features rayon` for the parallel run). The
//! peers these figures are compared with (README, "Perft and benchmarks") are
//! measured with their own perft programs, side by side, outside this repository.

use column_checkers::custom::perft_without_bulk;
use column_checkers::games::{BrazilianDraughts, RussianDraughts};
use column_checkers::{perft, InternationalDraughts, Position, Stapeldammen};
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
    g.bench_function("international_perft_10", |b| {
        b.iter(|| assert_eq!(perft(black_box(&intl), 10), 258_895_763))
    });
    g.bench_function("international_perft_9_no_bulk", |b| {
        b.iter(|| assert_eq!(perft_without_bulk(black_box(&intl), 9), 41_022_423))
    });
    g.bench_function("international_perft_7", |b| {
        b.iter(|| assert_eq!(perft(black_box(&intl), 7), 1_049_442))
    });
    let russian = RussianDraughts::start();
    g.bench_function("russian_perft_8", |b| {
        b.iter(|| assert_eq!(perft(black_box(&russian), 8), 929_899))
    });
    g.bench_function("russian_perft_10", |b| {
        b.iter(|| assert_eq!(perft(black_box(&russian), 10), 22_444_032))
    });
    let brazilian = BrazilianDraughts::start();
    g.bench_function("brazilian_perft_10", |b| {
        b.iter(|| assert_eq!(perft(black_box(&brazilian), 10), 21_560_022))
    });
    let stapel = Stapeldammen::start();
    g.bench_function("stapeldammen_perft_6", |b| {
        b.iter(|| perft(black_box(&stapel), 6))
    });
    g.finish();
}

/// `perft_parallel` (the first ply split across rayon's threads) against `perft` at
/// international perft(10).
#[cfg(feature = "rayon")]
fn parallel(c: &mut Criterion) {
    use column_checkers::perft_parallel;
    let mut g = c.benchmark_group("draughts_parallel");
    g.sample_size(10).measurement_time(Duration::from_secs(30));
    let intl = InternationalDraughts::start();
    g.bench_function("international_perft_10_sequential", |b| {
        b.iter(|| assert_eq!(perft(black_box(&intl), 10), 258_895_763))
    });
    g.bench_function("international_perft_10_parallel", |b| {
        b.iter(|| assert_eq!(perft_parallel(black_box(&intl), 10), 258_895_763))
    });
    g.finish();
}

#[cfg(not(feature = "rayon"))]
fn parallel(_: &mut Criterion) {}

criterion_group!(benches, draughts, parallel);
criterion_main!(benches);
