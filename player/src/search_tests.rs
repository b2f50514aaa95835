//! Unit tests of the search (player/src/search.rs), beside it so that
//! `cargo mutants --file player/src/search.rs -- --lib` runs them.

use std::sync::atomic::AtomicU64;

use column_checkers::tools::rng::SplitMix64;
use column_checkers::{Emergo, InternationalDraughts, Lasca, NeoCrossings, Position};

use super::*;

/// `plies` moves from the start, each drawn by `seed` (fewer if the game ends).
fn played<P: Counting>(seed: u64, plies: usize) -> P {
    let mut rng = SplitMix64::new(seed);
    let mut pos = P::start();
    let mut moves = MoveList::new();
    for _ in 0..plies {
        pos.legal_moves(&mut moves);
        if moves.is_empty() || pos.outcome_among(&moves).is_some() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        pos.play_unchecked(&mv);
    }
    pos
}

/// A clock that moves `step` milliseconds on at every look: a search under a time limit
/// is then as deterministic as one under a node limit.
struct TickClock {
    now: AtomicU64,
    step: u64,
}

impl TickClock {
    fn boxed(step: u64) -> Box<dyn Clock> {
        Box::new(TickClock {
            now: AtomicU64::new(0),
            step,
        })
    }
}

impl Clock for TickClock {
    fn restart(&mut self) {
        self.now.store(0, Ordering::Relaxed);
    }
    fn elapsed(&self) -> Duration {
        Duration::from_millis(self.now.fetch_add(self.step, Ordering::Relaxed))
    }
}

/// A search's figures in one line: depth, score, nodes, best move and the principal
/// variation.
fn figures<P: Counting>(player: &mut Player<P>, pos: &P, limits: Limits) -> String
where
    P::Move: MoveSquares,
{
    let found = player.search(pos, &[], limits, &mut |_| {});
    let pv: Vec<String> = found.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "{} {} {} {} {}",
        found.depth,
        found.score,
        found.nodes,
        found.best.map_or("-".to_string(), |m| m.to_string()),
        pv.join(" ")
    )
}

/// The bench signature: the figures of searches to fixed depths from fixed positions of
/// four rulesets, the second search of a position by the same player (its tables carry
/// over) among them. The search is deterministic under a depth limit, so any change to
/// the tree it searches (its ordering, reductions, windows, tables, quiescence)
/// changes a node count. The figures change whenever the search changes on purpose:
/// renew them from the test's failure message (`cargo test -p column-checkers-player
/// --lib bench_signature`), after checking the change meant them to move.
#[test]
fn bench_signature() {
    let mut lines = Vec::new();
    let mut draughts = Player::<InternationalDraughts>::new(1);
    lines.push(figures(
        &mut draughts,
        &InternationalDraughts::start(),
        Limits::depth(7),
    ));
    let middle: InternationalDraughts = played(7, 30);
    lines.push(figures(&mut draughts, &middle, Limits::depth(7)));
    lines.push(figures(&mut draughts, &middle, Limits::depth(8)));
    let mut emergo = Player::<Emergo>::new(1);
    lines.push(figures(&mut emergo, &Emergo::start(), Limits::depth(4)));
    lines.push(figures(
        &mut emergo,
        &played::<Emergo>(3, 20),
        Limits::depth(5),
    ));
    let mut lasca = Player::<Lasca>::new(1);
    lines.push(figures(&mut lasca, &Lasca::start(), Limits::depth(6)));
    lines.push(figures(
        &mut lasca,
        &played::<Lasca>(5, 24),
        Limits::depth(7),
    ));
    let expected = [
        "7 -5 11240 34-30 34-30 19-24 30x19 13x24 32-27 20-25 33-29 24x33 38x29",
        "7 -119 46387 44-40 44-40 7-11 40-34 2-7",
        "8 -120 49319 44-40 44-40 7-11",
        "4 90 7098 e3 e3 d4 d6 f5",
        "5 -60 10358 d5 d5 f4 c6 d2 c6-d6",
        "6 15 4262 c3-b4 c3-b4 a5xc3 b2xd4 b6-a5 d4xb6 a7xc5 e3-d4 c5xe3 f2xd4 e5-f4",
        "7 -359 2059 g3-f4 g3-f4 f6-g5 f4-e5 d6xf4 b4xd6 c7xe5 c5xe7 b6-c5 a5-b6 c3-d2 b6-c7",
    ];
    assert_eq!(lines, expected, "\n{}", lines.join("\n"));
}
