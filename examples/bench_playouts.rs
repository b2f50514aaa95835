//! Random Emergo playouts per second (uniformly random legal moves, to the end or 300
//! plies): `cargo run --release --example bench_playouts -- [games]`. The criterion
//! bench `emergo` measures the same; this prints games/s directly.
use column_checkers::{random_playout, Emergo, MoveList, Position, SplitMix64};
use std::time::Instant;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000);
    let mut rng = SplitMix64::new(1);
    let mut moves = MoveList::new();
    let start = Emergo::start();
    let t = Instant::now();
    let mut plies = 0;
    for _ in 0..n {
        plies += random_playout(&start, &mut rng, 300, &mut moves).plies;
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{n} games in {s:.3} s: {:.0} games/s, {:.1} plies/game, {:.0} plies/s",
        n as f64 / s,
        plies as f64 / n as f64,
        plies as f64 / s
    );
}
