//! The retrograde solver: from the ends of the game back, ply by ply.

use super::table::Bits;
use super::table::{Distances, Table};
use super::{Options, PositionClass, Progress, Successor, Value};
use crate::alloc_prelude::*;
use bitvec::prelude::BitVec;
use core::sync::atomic::{AtomicUsize, Ordering};

/// Figures of a solve, for benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions in the class.
    pub positions: u64,
    /// Moves that stay in the class (edges of the game graph).
    pub edges: u64,
    /// Moves that leave the class (to known values), and finished games.
    pub known: u64,
    /// Retrograde rounds run (the longest distance plus one).
    pub rounds: u32,
    /// The largest working memory of the solver in bytes (by its own count of its
    /// arrays, not the process's).
    pub peak_bytes: u64,
}

const CHUNK: u64 = 1 << 16;

#[derive(Clone, Copy)]
enum Event {
    /// The position's value is known (a finished game).
    Set(bool),
    /// A move to a known loss: the position is won at this ply unless sooner.
    WinBy,
    /// The moves to known wins count as won from this ply on.
    Spent,
}

struct Chunk {
    degree: Vec<u16>,
    edges: Vec<u32>,
    counter: Vec<u16>,
    events: Vec<(u32, u16, Event)>,
    known: u64,
}

fn expand<C: PositionClass + ?Sized>(class: &C, start: u64, end: u64) -> Chunk {
    let n = (end - start) as usize;
    let mut c = Chunk {
        degree: Vec::with_capacity(n),
        edges: Vec::with_capacity(n * 6),
        counter: Vec::with_capacity(n),
        events: Vec::new(),
        known: 0,
    };
    let mut succ = Vec::new();
    for i in start..end {
        succ.clear();
        let node = i as u32;
        let terminal = class.successors(i, &mut succ);
        let mut degree = 0u32;
        let mut extra = 0u32;
        let mut best_win: Option<u16> = None;
        let mut last_spent: Option<u16> = None;
        match terminal {
            Some(Value::Win(d)) => c.events.push((node, d, Event::Set(true))),
            Some(Value::Loss(d)) => c.events.push((node, d, Event::Set(false))),
            Some(Value::Draw) => extra += 1,
            None => {}
        }
        if terminal.is_some() {
            c.known += 1;
        }
        for s in &succ {
            match *s {
                Successor::Index(t) => {
                    assert!(t < class.size(), "successor {t} of {i} outside the class");
                    c.edges.push(t as u32);
                    degree += 1;
                }
                Successor::Known(v) => {
                    c.known += 1;
                    match v {
                        Value::Loss(d) => {
                            let w = d.saturating_add(1);
                            best_win = Some(best_win.map_or(w, |b| b.min(w)));
                        }
                        Value::Win(d) => {
                            let l = d.saturating_add(1);
                            last_spent = Some(last_spent.map_or(l, |b| b.max(l)));
                        }
                        Value::Draw => extra = 1.max(extra),
                    }
                }
            }
        }
        if let Some(w) = best_win {
            // a move to a known loss is never a move to a win: the counter keeps it
            extra += 1;
            c.events.push((node, w, Event::WinBy));
        }
        if let Some(l) = last_spent {
            extra += 1;
            c.events.push((node, l, Event::Spent));
        }
        let counter = degree + extra;
        assert!(
            counter <= u16::MAX as u32,
            "position {i} has too many moves"
        );
        c.degree.push(degree as u16);
        c.counter.push(counter as u16);
    }
    c
}

/// Solves `class`: the value of each of its positions for the side to move.
///
/// 1. **Successors**: every position of the class is expanded once (in parallel
///    chunks); moves into the class become edges, moves out of it (known values) and
///    finished games become events at the ply their value gives.
/// 2. **Predecessors**: the edges are turned round in memory (compressed rows), so the
///    solver needs no move generation backwards.
/// 3. **Retrograde rounds** `k = 0, 1, 2, …`: the predecessors of positions lost in
///    `k − 1` are won in `k`; each position keeps a counter of its moves not yet known
///    to lead to a won position, and when the last one does (in `k − 1`) it is lost in
///    `k`. Positions never resolved are draws. Breadth first, so every win is the
///    shortest and every loss the longest.
///
/// Memory: per position a counter (`u16`), a distance (`u16`), an offset into the
/// predecessor lists (`u64`) and two bits, plus four bytes per move, twice while the
/// edges are turned round.
///
/// # Panics
/// When the class has `u32::MAX` positions or more, when a successor index is out of
/// range, or when a position has 65 535 moves or more.
pub fn solve<C: PositionClass + ?Sized>(class: &C, opts: &Options<'_>) -> Table {
    solve_with_stats(class, opts).0
}

/// [`solve`], with the figures of the run.
pub fn solve_with_stats<C: PositionClass + ?Sized>(
    class: &C,
    opts: &Options<'_>,
) -> (Table, Stats) {
    let total = class.size();
    assert!(
        total < u32::MAX as u64,
        "classes of up to 2^32 - 1 positions"
    );
    let n = total as usize;
    let report = |p| {
        if let Some(f) = opts.progress {
            f(p)
        }
    };

    // 1. successors, in chunks over the threads
    // (counts in `usize` atomics, which every target with threads has: positions
    // are fewer than 2^32)
    let chunks = total.div_ceil(CHUNK) as usize;
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    // a worker takes the next chunk until none is left, and returns the chunks it
    // expanded with their numbers
    let work = || {
        let mut expanded = Vec::new();
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= chunks {
                break expanded;
            }
            let start = k as u64 * CHUNK;
            let end = (start + CHUNK).min(total);
            expanded.push((k, expand(class, start, end)));
            let n = (end - start) as usize;
            let d = done.fetch_add(n, Ordering::Relaxed) + n;
            if let Some(f) = opts.progress {
                f(Progress::Expand {
                    done: d as u64,
                    total,
                });
            }
        }
    };
    // on the caller's thread with one thread or without `std`: no thread is spawned,
    // so one thread works on targets without threads too (wasm32-unknown-unknown)
    #[cfg(feature = "std")]
    let expanded: Vec<(usize, Chunk)> = if opts.threads <= 1 {
        work()
    } else {
        std::thread::scope(|s| {
            let workers: Vec<_> = (0..opts.threads).map(|_| s.spawn(work)).collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().expect("no thread panicked"))
                .collect()
        })
    };
    #[cfg(not(feature = "std"))]
    let expanded: Vec<(usize, Chunk)> = work();
    let mut results: Vec<Option<Chunk>> = (0..chunks).map(|_| None).collect();
    for (k, c) in expanded {
        results[k] = Some(c);
    }
    let mut parts: Vec<Chunk> = results
        .into_iter()
        .map(|c| c.expect("every chunk expanded"))
        .collect();
    let edges_total: u64 = parts.iter().map(|c| c.edges.len() as u64).sum();
    let known: u64 = parts.iter().map(|c| c.known).sum();
    report(Progress::Predecessors { edges: edges_total });

    // per-position counters and the events by ply
    let mut counter: Vec<u16> = Vec::with_capacity(n);
    let mut buckets: Vec<Vec<(u32, Event)>> = Vec::new();
    for c in &mut parts {
        counter.append(&mut c.counter);
        for (node, ply, e) in c.events.drain(..) {
            let p = ply as usize;
            if buckets.len() <= p {
                buckets.resize_with(p + 1, Vec::new);
            }
            buckets[p].push((node, e));
        }
        c.events.shrink_to_fit();
    }

    // 2. predecessors: compressed rows of the reversed edges
    let mut offsets: Vec<u64> = vec![0; n + 1];
    for c in &parts {
        for &t in &c.edges {
            offsets[t as usize + 1] += 1;
        }
    }
    for i in 0..n {
        offsets[i + 1] += offsets[i];
    }
    let forward_bytes = edges_total * 4 + (n as u64) * 4;
    let mut preds: Vec<u32> = vec![0; edges_total as usize];
    let peak_bytes = forward_bytes + edges_total * 4 + (n as u64 + 1) * 8 + (n as u64) * 4;
    // fill with offsets[t] as the cursor, then shift the offsets back
    let mut node = 0u32;
    for c in parts.drain(..) {
        let mut at = 0usize;
        for &deg in &c.degree {
            for &t in &c.edges[at..at + deg as usize] {
                let slot = &mut offsets[t as usize];
                preds[*slot as usize] = node;
                *slot += 1;
            }
            at += deg as usize;
            node += 1;
        }
    }
    for i in (1..=n).rev() {
        offsets[i] = offsets[i - 1];
    }
    offsets[0] = 0;

    // 3. retrograde rounds
    let mut st = State {
        resolved: BitVec::repeat(false, n),
        win: BitVec::repeat(false, n),
        dist: vec![0; n],
        ply: 0,
        won: Vec::new(),
        lost: Vec::new(),
    };
    let mut count_resolved = 0u64;
    let mut ply = 0usize;
    loop {
        let won_prev = core::mem::take(&mut st.won);
        let lost_prev = core::mem::take(&mut st.lost);
        st.ply = u16::try_from(ply).expect("distances up to 65 535 plies");
        if let Some(events) = buckets.get_mut(ply) {
            for (node, e) in core::mem::take(events) {
                let i = node as usize;
                if st.resolved[i] {
                    continue;
                }
                match e {
                    Event::Set(w) => st.settle(i, w),
                    Event::WinBy => st.settle(i, true),
                    Event::Spent => {
                        counter[i] -= 1;
                        if counter[i] == 0 {
                            st.settle(i, false);
                        }
                    }
                }
            }
        }
        for &c in &lost_prev {
            let c = c as usize;
            for &p in &preds[offsets[c] as usize..offsets[c + 1] as usize] {
                if !st.resolved[p as usize] {
                    st.settle(p as usize, true);
                }
            }
        }
        for &c in &won_prev {
            let c = c as usize;
            for &p in &preds[offsets[c] as usize..offsets[c + 1] as usize] {
                let i = p as usize;
                if !st.resolved[i] {
                    counter[i] -= 1;
                    if counter[i] == 0 {
                        st.settle(i, false);
                    }
                }
            }
        }
        count_resolved += (st.won.len() + st.lost.len()) as u64;
        report(Progress::Round {
            round: ply as u32,
            resolved: count_resolved,
            total,
        });
        ply += 1;
        if st.won.is_empty() && st.lost.is_empty() && ply >= buckets.len() {
            break;
        }
    }
    let stats = Stats {
        positions: total,
        edges: edges_total,
        known,
        rounds: ply as u32,
        peak_bytes,
    };
    let table = Table::from_parts(
        class.name(),
        st.resolved,
        st.win,
        Distances::compact(st.dist),
    );
    (table, stats)
}

struct State {
    resolved: Bits,
    win: Bits,
    dist: Vec<u16>,
    ply: u16,
    won: Vec<u32>,
    lost: Vec<u32>,
}

impl State {
    #[inline]
    fn settle(&mut self, i: usize, is_win: bool) {
        self.resolved.set(i, true);
        self.win.set(i, is_win);
        self.dist[i] = self.ply;
        if is_win {
            self.won.push(i as u32)
        } else {
            self.lost.push(i as u32)
        }
    }
}
