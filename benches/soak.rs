//! Benchmark: the soak's checked games, every invariant check on every position and
//! move ([`soak_game`]), in Emergo and Epaminondas: what a soak run of 10^6 games per
//! ruleset costs, watched so that the checks stay cheap.
//!
//! `cargo bench --bench soak`

use column_checkers::{Emergo, Epaminondas};
use column_checkers_testkit::soak::{game_seed, soak_game, DEFAULT_MAX_PLIES};
use column_checkers_testkit::Checking;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

/// Games of one iteration, the soak's first (run seed 1, as the example's default).
const GAMES: u64 = 20;

/// Plays the soak's first `GAMES` games of `P`, each checked; the plies played.
fn checked_games<P: Checking>() -> usize {
    (0..GAMES)
        .map(|i| {
            soak_game::<P>(black_box(game_seed(1, i)), DEFAULT_MAX_PLIES)
                .expect("no violation")
                .plies
        })
        .sum()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("soak");
    g.sample_size(10);
    g.throughput(Throughput::Elements(GAMES));
    g.bench_function("checked_games_emergo", |b| b.iter(checked_games::<Emergo>));
    g.bench_function("checked_games_epaminondas", |b| {
        b.iter(checked_games::<Epaminondas>)
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
