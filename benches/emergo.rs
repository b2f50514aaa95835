//! Emergo benchmarks: perft from the empty board and from mid-game capture positions,
//! random playouts of whole games, and the cost of hashing.
//!
//! `cargo bench --bench emergo`

use column_checkers::playout::{random_playout, SplitMix64};
use column_checkers::{perft, Emergo, MoveList, Position};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

/// Positions from seeded random games, each with a compulsory multiple capture.
const MIDGAME: [&str; 5] = [
    "f2:bw,d3:w,g3:wb,c4:w,f4:wb,c5:b,i5:w,c6:wwbbb,d6:b,f6:b,d7:wwb,f7:wwb,e8:b b 0/0",
    "e1:b,d2:w,f2:w,c3:b,d3:w,e3:w,f3:w,b4:b,d4:w,e4:w,g4:b,c5:b,h5:b,b6:b,c6:b,d6:wb,f6:b,g6:wb,g7:w,f8:w,e9:w w 0/1",
    "e1:b,d2:b,f2:b,e3:b,g3:b,c4:w,d4:w,h4:w,a5:w,g5:w,h5:w,i5:b,b6:w,c6:w,d6:w,f6:w,g6:w,h6:b,c7:b,e7:w,g7:b,d8:b,e9:b b 0/1",
    "f2:w,c3:b,e3:b,d4:wb,e4:w,f4:w,h4:b,e5:wwb,i5:b,b6:w,d6:b,g6:w,d7:wb,e7:b,f7:w,g7:w,f8:b w 1/2",
    "d2:b,e2:w,f2:w,e3:bw,g3:w,b4:wwwb,g4:b,a5:b,b5:b,e5:w,h5:b,b6:b,e6:w,c7:w,g7:wb,f8:bbw,e9:b w 0/0",
];

fn perft_empty(c: &mut Criterion) {
    let start = Emergo::start();
    let mut g = c.benchmark_group("emergo");
    g.sample_size(10);
    g.throughput(Throughput::Elements(59_056_880));
    g.bench_function("perft(5) empty board", |b| {
        b.iter(|| perft(black_box(&start), 5))
    });
    g.finish();
}

fn perft_midgame(c: &mut Criterion) {
    let positions: Vec<Emergo> = MIDGAME.iter().map(|t| t.parse().unwrap()).collect();
    let nodes: u64 = positions.iter().map(|p| perft(p, 5)).sum();
    let mut g = c.benchmark_group("emergo");
    g.sample_size(10);
    g.throughput(Throughput::Elements(nodes));
    g.bench_function("perft(5) mid-game capture positions", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| perft(black_box(p), 5))
                .sum::<u64>()
        })
    });
    g.finish();
}

fn playouts(c: &mut Criterion) {
    let start = Emergo::start();
    let mut moves = MoveList::new();
    let mut rng = SplitMix64::new(2026);
    let mut g = c.benchmark_group("emergo");
    g.throughput(Throughput::Elements(100));
    g.bench_function("100 random games (to the end or 300 plies)", |b| {
        b.iter(|| {
            (0..100)
                .map(|_| random_playout(&start, &mut rng, 300, &mut moves).plies)
                .sum::<usize>()
        })
    });
    g.finish();
}

fn hashing(c: &mut Criterion) {
    let p: Emergo = MIDGAME[4].parse().unwrap();
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    let mv = moves[0];
    let mut g = c.benchmark_group("emergo hash");
    g.bench_function("incremental (read)", |b| b.iter(|| black_box(&p).zobrist()));
    g.bench_function("from scratch (the position read from its text)", |b| {
        let text = p.to_string();
        b.iter(|| black_box(&text).parse::<Emergo>().map(|q| q.zobrist()))
    });
    g.bench_function("play a capture (hash kept incrementally)", |b| {
        b.iter(|| {
            let mut q = black_box(&p).clone();
            q.play_unchecked(&mv);
            q.zobrist()
        })
    });
    g.finish();
}

criterion_group!(benches, perft_empty, perft_midgame, playouts, hashing);
criterion_main!(benches);
