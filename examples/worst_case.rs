//! Worst-case capture positions: searches for the positions whose legal moves cost the
//! most to generate, and reports the worst found with its time.
//!
//! ```text
//! cargo run --release --example worst_case -- [--seconds S] [--seed N]
//! ```
//!
//! - Emergo: black towers on the edges of the lattice of squares two steps apart,
//!   where a white column can go round and round (roundabouts: a tower is jumped again
//!   while its top man is Black), 12 black men in all; hill climbing on the heights
//!   and places of the towers and the capturers.
//! - Russian draughts: white kings and black men placed for long flying-king captures
//!   with many landing choices; hill climbing likewise.
//!
//! The hand-built positions of `tests/worst_case.rs` are timed too. Times are the
//! mean of repeated `legal_moves` calls; the search itself uses the fastest of three.

use column_checkers::custom::{Board, Dark8};
use column_checkers::games::{Oblique9, RussianDraughts};
use column_checkers::playout::SplitMix64;
use column_checkers::{Emergo, MoveList, Position, Square};
use std::time::{Duration, Instant};

/// The fastest of three calls, in microseconds.
fn quick<P: Position>(p: &P, list: &mut MoveList<P::Move>) -> f64 {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            p.legal_moves(list);
            t.elapsed().as_secs_f64() * 1e6
        })
        .fold(f64::INFINITY, f64::min)
}

/// Mean time of `legal_moves` over at least 0.2 s, in microseconds, and the moves.
fn measure<P: Position>(p: &P) -> (f64, usize, usize) {
    let mut list = MoveList::new();
    let t = Instant::now();
    let mut reps = 0u32;
    while reps < 5 || t.elapsed() < Duration::from_millis(200) {
        p.legal_moves(&mut list);
        reps += 1;
    }
    let us = t.elapsed().as_secs_f64() * 1e6 / reps as f64;
    let longest = list
        .iter()
        .map(|m| m.to_string().split([':', 'x']).count() - 1)
        .max()
        .unwrap_or(0);
    (us, list.len(), longest)
}

/// An Emergo candidate: black tower heights on the 16 lattice edges, white capturers
/// on lattice nodes.
#[derive(Clone)]
struct EmergoCase {
    heights: [u8; 16],
    capturers: Vec<usize>,
}

/// Grid coordinates of squares.
type Squares = Vec<(i32, i32)>;

/// The lattice nodes (both coordinates even) and the edge squares between them.
/// The Emergo square on letter line `x` (a = 0) and number line `y + 1`: the
/// oblique coordinates of Emergo's rules texts, read through the square names (the board's internal grid is
/// another one).
fn oblique(x: i32, y: i32) -> Option<Square> {
    if !(0..9).contains(&x) || !(0..9).contains(&y) {
        return None;
    }
    let name = format!("{}{}", (b'a' + x as u8) as char, y + 1);
    Oblique9::geometry().parse_square(&name)
}

fn emergo_lattice() -> (Squares, Squares) {
    let on = |x: i32, y: i32| oblique(x, y).is_some();
    let mut nodes = Vec::new();
    let mut edges = Vec::new();
    for y in (0..9).step_by(2) {
        for x in (0..9).step_by(2) {
            if on(x, y) {
                nodes.push((x, y));
                if on(x + 2, y) {
                    edges.push((x + 1, y));
                }
                if on(x, y + 2) {
                    edges.push((x, y + 1));
                }
            }
        }
    }
    (nodes, edges)
}

impl EmergoCase {
    fn text(&self) -> String {
        let g = Oblique9::geometry();
        let (nodes, edges) = emergo_lattice();
        let name = |(x, y): (i32, i32)| g.name(oblique(x, y).expect("on board")).to_string();
        let mut items = Vec::new();
        for (i, &h) in self.heights.iter().enumerate() {
            if h > 0 {
                items.push((edges[i], "b".repeat(h as usize)));
            }
        }
        let white = 12 / self.capturers.len().max(1);
        for &c in &self.capturers {
            items.push((nodes[c], "w".repeat(white)));
        }
        items.sort();
        let cols: Vec<String> = items
            .iter()
            .map(|(sq, men)| format!("{}:{men}", name(*sq)))
            .collect();
        format!("{} w 0/0", cols.join(","))
    }

    fn mutate(&self, rng: &mut SplitMix64) -> EmergoCase {
        let mut c = self.clone();
        match rng.below(3) {
            0 => {
                // move one man from a tower to another edge
                let from = rng.below(16);
                if c.heights[from] > 0 {
                    c.heights[from] -= 1;
                    c.heights[rng.below(16)] += 1;
                }
            }
            1 => {
                let n = emergo_lattice().0.len();
                let i = rng.below(c.capturers.len());
                c.capturers[i] = rng.below(n);
            }
            _ => {
                let n = emergo_lattice().0.len();
                if c.capturers.len() < 3 && rng.below(2) == 0 {
                    c.capturers.push(rng.below(n));
                } else if c.capturers.len() > 1 {
                    c.capturers.pop();
                }
            }
        }
        c.capturers.sort();
        c.capturers.dedup();
        c
    }
}

fn search_emergo(seconds: f64, rng: &mut SplitMix64) -> (String, f64) {
    let mut list = MoveList::new();
    // start from the hand-built position: a man on each of the twelve edges of the
    // four lattice squares round the centre, the capturer on the centre
    let (nodes, edges) = emergo_lattice();
    let mut heights = [0u8; 16];
    for (i, &(x, y)) in edges.iter().enumerate() {
        if (x - 4).abs() <= 2 && (y - 4).abs() <= 2 {
            heights[i] = 1;
        }
    }
    let centre = nodes.iter().position(|&n| n == (4, 4)).expect("centre");
    let mut best = EmergoCase {
        heights,
        capturers: vec![centre],
    };
    let cost = |c: &EmergoCase, list: &mut MoveList<_>| match c.text().parse::<Emergo>() {
        Ok(p) => quick(&p, list),
        Err(_) => 0.0,
    };
    let mut best_cost = cost(&best, &mut list);
    // the walk accepts slightly worse candidates to cross plateaus; the best is kept
    let (mut current, mut current_cost) = (best.clone(), best_cost);
    let t = Instant::now();
    let mut tries = 0;
    while t.elapsed().as_secs_f64() < seconds {
        tries += 1;
        let mut cand = current.mutate(rng);
        for _ in 0..rng.below(3) {
            cand = cand.mutate(rng);
        }
        let c = cost(&cand, &mut list);
        if c > 0.0 && c >= current_cost * 0.95 {
            current_cost = c;
            current = cand.clone();
        }
        if c > best_cost {
            best_cost = c;
            best = cand;
        }
    }
    println!("emergo: {tries} candidates tried");
    (best.text(), best_cost)
}

/// A Russian candidate: white kings and black men on dark squares.
fn russian_text(white_kings: &[usize], black: &[usize]) -> String {
    let g = Dark8::geometry();
    let mut items: Vec<(usize, char)> = white_kings.iter().map(|&s| (s, 'W')).collect();
    items.extend(black.iter().map(|&s| (s, 'b')));
    items.sort();
    let cols: Vec<String> = items
        .iter()
        .map(|&(s, c)| format!("{}:{c}", g.name(column_checkers::Square(s as u8))))
        .collect();
    format!("{} w", cols.join(","))
}

fn search_russian(seconds: f64, rng: &mut SplitMix64) -> (String, f64) {
    let g = Dark8::geometry();
    let n = g.len();
    let mut list = MoveList::new();
    let mut kings = vec![0usize];
    let mut black: Vec<usize> = (0..12).map(|i| (5 + i * 2) % n).collect();
    let cost = |k: &[usize], b: &[usize], list: &mut MoveList<_>| {
        let mut all: Vec<usize> = k.iter().chain(b).copied().collect();
        all.sort();
        all.dedup();
        if all.len() != k.len() + b.len() {
            return 0.0;
        }
        match russian_text(k, b).parse::<RussianDraughts>() {
            Ok(p) => quick(&p, list),
            Err(_) => 0.0,
        }
    };
    let mut best_cost = cost(&kings, &black, &mut list);
    let t = Instant::now();
    let mut tries = 0;
    while t.elapsed().as_secs_f64() < seconds {
        tries += 1;
        let (mut k, mut b) = (kings.clone(), black.clone());
        for _ in 0..1 + rng.below(3) {
            match rng.below(4) {
                0 if !k.is_empty() => {
                    let i = rng.below(k.len());
                    k[i] = rng.below(n);
                }
                1 if k.len() < 3 => k.push(rng.below(n)),
                2 if k.len() > 1 => {
                    k.pop();
                }
                _ => {
                    let i = rng.below(b.len());
                    b[i] = rng.below(n);
                }
            }
        }
        let c = cost(&k, &b, &mut list);
        if c > best_cost {
            best_cost = c;
            kings = k;
            black = b;
        }
    }
    println!("russian: {tries} candidates tried");
    (russian_text(&kings, &black), best_cost)
}

/// Hand-built positions (also in `tests/worst_case.rs`).
const EMERGO_BUILT: &[&str] = &[
    // black men on the twelve edges of the four lattice squares round the centre, one
    // white column in the middle: roundabouts in every direction
    "d3:b,f3:b,c4:b,e4:b,g4:b,d5:b,e5:wwwwwwwwwwww,f5:b,c6:b,e6:b,g6:b,d7:b,f7:b w 0/0",
];
const RUSSIAN_BUILT: &[&str] = &[
    // a king in the corner, black men spread for long zigzags with landing choices
    "a1:W,c3:b,e3:b,g3:b,c5:b,e5:b,g5:b,b6:b,d6:b,f6:b,c7:b,e7:b,g7:b w",
    // found by earlier searches (also in tests/worst_case.rs)
    "a1:W,b2:b,d2:b,f2:b,b4:b,d4:b,f4:b,g5:b,b6:b,d6:b,a7:b,e7:b,g7:b,h8:W w",
    "b2:b,d2:b,f2:b,g3:b,b4:b,d4:b,a5:W,e5:b,g5:b,b6:b,f6:b,a7:W,c7:W,e7:b,g7:b w",
];

/// Searches Emergo and Russian draughts (fixed: it takes no ruleset) for the capture
/// positions slowest to generate, and times the hand-built ones of tests/worst_case.rs.
#[derive(clap::Parser, Debug)]
#[command(name = "worst_case")]
struct Cli {
    /// Seconds of search for each of the two games
    #[arg(long, value_name = "S", default_value_t = 20.0)]
    seconds: f64,
    /// The search's random seed
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
}

fn main() {
    let Cli { seconds, seed } = clap::Parser::parse();
    let mut rng = SplitMix64::new(seed);
    for text in EMERGO_BUILT {
        let p: Emergo = text.parse().expect("valid");
        let (us, n, len) = measure(&p);
        println!("emergo built  {us:>10.1} us  {n:>4} moves, {len:>2} jumps  {text}");
    }
    for text in RUSSIAN_BUILT {
        let p: RussianDraughts = text.parse().expect("valid");
        let (us, n, len) = measure(&p);
        println!("russian built {us:>10.1} us  {n:>4} moves, {len:>2} jumps  {text}");
    }
    let (text, _) = search_emergo(seconds, &mut rng);
    let (us, n, len) = measure(&text.parse::<Emergo>().expect("valid"));
    println!("emergo worst  {us:>10.1} us  {n:>4} moves, {len:>2} jumps  {text}");
    let (text, _) = search_russian(seconds, &mut rng);
    let (us, n, len) = measure(&text.parse::<RussianDraughts>().expect("valid"));
    println!("russian worst {us:>10.1} us  {n:>4} moves, {len:>2} jumps  {text}");
}
