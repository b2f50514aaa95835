//! The lean solver: win, loss or draw, in about a byte and a half a position.

use super::bitbase::{Bitbase, Code};
use super::{Options, PositionClass, Progress, Successor, Value};
use crate::alloc_prelude::*;
use core::sync::atomic::{AtomicU64, Ordering};

/// A class whose positions' predecessors can be listed: the moves into a position,
/// taken back.
pub trait Predecessors: PositionClass {
    /// Writes into `out` (which the caller cleared) the number of each position of the
    /// class with a move into position `index`, once per such move. It may also list
    /// positions with no move into the class at all (their moves all lead out of it):
    /// their values are settled when they are expanded, so the solver passes over
    /// them. Positions with a move into the class must not be listed for a position
    /// they have no move to.
    fn predecessors(&self, index: u64, out: &mut Vec<u64>);
}

/// Figures of a solve by the lean solver ([`solve_wld`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WldStats {
    /// Numbers in the class.
    pub numbers: u64,
    /// Numbers that stand for no position.
    pub not_positions: u64,
    /// Moves that stay in the class.
    pub edges: u64,
    /// Positions whose value the expansion settled (all their moves, or a winning
    /// one, lead out of the class, or the game is over).
    pub settled: u64,
    /// Rounds of the propagation.
    pub rounds: u32,
    /// The solver's working memory in bytes (its arrays, by its own count).
    pub peak_bytes: u64,
}

/// Positions a chunk of the expansion (and a batch of the propagation) holds: a
/// multiple of 64, so that chunks own whole words of every array.
const CHUNK: u64 = 1 << 16;

/// The values: 2 bits a position, 32 to a word, in [`Code`]s.
struct Codes<'a>(&'a mut [u64]);

impl Codes<'_> {
    #[inline]
    fn get(&self, i: usize) -> Code {
        Code::from_bits((self.0[i / 32] >> (2 * (i % 32))) as u8)
    }
    #[inline]
    fn set(&mut self, i: usize, c: Code) {
        let w = &mut self.0[i / 32];
        let s = 2 * (i % 32);
        *w = (*w & !(3 << s)) | ((c as u64) << s);
    }
}

#[inline]
fn bit(words: &[u64], i: usize) -> bool {
    words[i / 64] >> (i % 64) & 1 != 0
}

#[inline]
fn set_bit(words: &mut [u64], i: usize) {
    words[i / 64] |= 1 << (i % 64);
}

/// What the expansion of a chunk found.
#[derive(Default)]
struct ChunkStats {
    not_positions: u64,
    edges: u64,
    settled: u64,
}

/// Expands positions `start..start + counters.len()`.
fn expand_chunk<C: Predecessors + ?Sized>(
    class: &C,
    start: u64,
    codes: &mut [u64],
    counters: &mut [u8],
    fresh: &mut [u64],
) -> ChunkStats {
    let mut codes = Codes(codes);
    let mut st = ChunkStats::default();
    let mut succ = Vec::new();
    for (k, counter) in counters.iter_mut().enumerate() {
        let i = start + k as u64;
        if !class.is_position(i) {
            codes.set(k, Code::None);
            st.not_positions += 1;
            continue;
        }
        succ.clear();
        let end = class.successors(i, &mut succ);
        let mut inside = 0u32;
        let mut draws = false;
        let mut wins = false;
        match end {
            Some(Value::Win(_)) => wins = true,
            Some(Value::Draw) => draws = true,
            Some(Value::Loss(_)) | None => {}
        }
        for s in &succ {
            match *s {
                Successor::Index(t) => {
                    debug_assert!(t < class.size(), "successor {t} of {i} outside the class");
                    inside += 1;
                }
                Successor::Known(Value::Loss(_)) => wins = true,
                Successor::Known(Value::Draw) => draws = true,
                Successor::Known(Value::Win(_)) => {}
            }
        }
        st.edges += inside as u64;
        let code = if wins {
            Code::Win
        } else if inside == 0 && !draws {
            Code::Loss
        } else if inside == 0 {
            // a draw the moves out of the class settle: counter 0, code Draw
            st.settled += 1;
            codes.set(k, Code::Draw);
            continue;
        } else {
            let count = inside + draws as u32;
            assert!(count < 256, "position {i} has {inside} moves in the class");
            *counter = count as u8;
            continue;
        };
        st.settled += 1;
        codes.set(k, code);
        set_bit(fresh, k);
    }
    st
}

/// Runs `work` over `jobs` on `threads` threads (the caller's thread alone with one,
/// or without `std`), and gives the results in the jobs' order.
fn run<J: Send, R: Send>(threads: usize, jobs: Vec<J>, work: impl Fn(J) -> R + Sync) -> Vec<R> {
    #[cfg(feature = "std")]
    if threads > 1 && jobs.len() > 1 {
        let n = jobs.len();
        let queue = std::sync::Mutex::new(jobs.into_iter().enumerate());
        let mut done: Vec<(usize, R)> = std::thread::scope(|s| {
            let workers: Vec<_> = (0..threads.min(n))
                .map(|_| {
                    s.spawn(|| {
                        let mut out = Vec::new();
                        loop {
                            let job = queue.lock().expect("no worker panicked").next();
                            let Some((k, j)) = job else { break out };
                            out.push((k, work(j)));
                        }
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().expect("no worker panicked"))
                .collect()
        });
        done.sort_by_key(|(k, _)| *k);
        return done.into_iter().map(|(_, r)| r).collect();
    }
    let _ = threads;
    jobs.into_iter().map(work).collect()
}

/// Solves `class`: win, loss or draw for the side to move in each of its positions
/// (numbers that stand for no position hold none).
///
/// [`solve`](super::solve) keeps the game graph in memory
/// (four bytes a move, twice while it turns the edges round) and finds distances;
/// this solver keeps no edge and finds only win, loss or draw. A class that can list
/// the positions with a move *into* a position ([`Predecessors`]) is solved with, per
/// position, a 2-bit value, a one-byte count of moves not yet known to lose and two
/// bits of work lists:
///
/// 1. **Expand**: every position is expanded once (in parallel chunks). A move to a
///    known loss (out of the class) wins at once; a position whose moves all lead out
///    of the class to known wins is lost; one whose moves all lead out of the class and
///    neither win nor lose is a draw, settled. Every other position keeps a count: its
///    moves into the class, plus one when a move out of the class draws.
/// 2. **Propagate**, round by round: each position won or lost in the last round has
///    its predecessors listed; a predecessor of a lost position is won, and each
///    predecessor of a won one counts one move down, lost when none is left.
///    Positions never resolved are draws: neither side can force the end, so play
///    goes round a cycle and repetition ends it.
///
/// Without distances the order of the resolution does not matter: the result is the
/// least fixed point, the same as the full solver's values.
///
/// ```
/// use column_checkers::solver::{solve_wld, Options, Predecessors, Wld};
/// use column_checkers::solver::{PositionClass, Successor, Value};
///
/// /// Take-away: a heap of n stones, take 1 or 2; who cannot move loses.
/// struct Heap(u64);
/// impl PositionClass for Heap {
///     fn name(&self) -> String {
///         format!("heap-{}", self.0)
///     }
///     fn size(&self) -> u64 {
///         self.0 + 1
///     }
///     fn successors(&self, n: u64, out: &mut Vec<Successor>) -> Option<Value> {
///         if n == 0 {
///             return Some(Value::Loss(0));
///         }
///         out.extend((1..=2.min(n)).map(|k| Successor::Index(n - k)));
///         None
///     }
/// }
/// impl Predecessors for Heap {
///     fn predecessors(&self, n: u64, out: &mut Vec<u64>) {
///         out.extend((n + 1..=n + 2).filter(|&m| m <= self.0));
///     }
/// }
///
/// let (table, _) = solve_wld(&Heap(9), &Options::default());
/// assert_eq!(table.get(9), Some(Wld::Loss)); // multiples of 3 are lost
/// assert_eq!(table.get(7), Some(Wld::Win));
/// ```
///
/// # Panics
/// When the class has more numbers than the target's memory can index, or a position
/// has 255 moves or more into the class.
pub fn solve_wld<C: Predecessors + ?Sized>(class: &C, opts: &Options<'_>) -> (Bitbase, WldStats) {
    let total = class.size();
    let n = usize::try_from(total).expect("a class the memory can index");
    let threads = opts.threads.max(1);
    let report = |p| {
        if let Some(f) = opts.progress {
            f(p)
        }
    };
    let mut codes = vec![0u64; n.div_ceil(32)];
    let mut counters = vec![0u8; n];
    let mut fresh = vec![0u64; n.div_ceil(64)];
    let mut next = vec![0u64; n.div_ceil(64)];
    let mut stats = WldStats {
        numbers: total,
        peak_bytes: (codes.len() * 8 + counters.len() + fresh.len() * 16) as u64,
        ..WldStats::default()
    };

    // 1. expand, chunk by chunk
    let done = AtomicU64::new(0);
    let c = CHUNK as usize;
    let jobs: Vec<_> = codes
        .chunks_mut(c / 32)
        .zip(counters.chunks_mut(c))
        .zip(fresh.chunks_mut(c / 64))
        .enumerate()
        .map(|(k, ((a, b), f))| (k as u64 * CHUNK, a, b, f))
        .collect();
    let found = run(threads, jobs, |(start, a, b, f)| {
        let s = expand_chunk(class, start, a, b, f);
        let d = done.fetch_add(b.len() as u64, Ordering::Relaxed) + b.len() as u64;
        report(Progress::Expand { done: d, total });
        s
    });
    for s in found {
        stats.not_positions += s.not_positions;
        stats.edges += s.edges;
        stats.settled += s.settled;
    }

    // 2. propagate, round by round
    let mut resolved: u64 = fresh.iter().map(|w| w.count_ones() as u64).sum();
    let mut batch: Vec<u64> = Vec::with_capacity(c);
    let mut preds: Vec<(Vec<u64>, Vec<u64>)> = Vec::new();
    let mut round = 0u32;
    loop {
        let mut any = false;
        let mut words = fresh.iter().enumerate();
        loop {
            // the next batch of positions resolved in the last round
            batch.clear();
            for (wi, &w) in words.by_ref() {
                let mut w = w;
                while w != 0 {
                    batch.push(wi as u64 * 64 + w.trailing_zeros() as u64);
                    w &= w - 1;
                }
                if batch.len() >= c {
                    break;
                }
            }
            if batch.is_empty() {
                break;
            }
            any = true;
            // their predecessors, listed in parallel
            let per = batch.len().div_ceil(threads);
            let jobs: Vec<&[u64]> = batch.chunks(per).collect();
            let lists = run(threads, jobs, |part| {
                let mut all = Vec::new();
                let mut ends = Vec::with_capacity(part.len());
                let mut out = Vec::new();
                for &i in part {
                    out.clear();
                    class.predecessors(i, &mut out);
                    all.extend_from_slice(&out);
                    ends.push(all.len() as u64);
                }
                (ends, all)
            });
            preds.clear();
            preds.extend(lists);
            // applied in order, on this thread
            let mut codes = Codes(&mut codes);
            let mut at = batch.iter();
            for (ends, all) in &preds {
                let mut from = 0usize;
                for &end in ends {
                    let i = *at.next().expect("one list per position") as usize;
                    let lost = codes.get(i) == Code::Loss;
                    for &p in &all[from..end as usize] {
                        let p = p as usize;
                        if counters[p] == 0 || codes.get(p) != Code::Draw {
                            continue; // settled, or resolved already
                        }
                        if lost {
                            codes.set(p, Code::Win);
                            counters[p] = 0;
                        } else {
                            counters[p] -= 1;
                            if counters[p] != 0 {
                                continue;
                            }
                            codes.set(p, Code::Loss);
                        }
                        set_bit(&mut next, p);
                        resolved += 1;
                    }
                    from = end as usize;
                }
            }
            let extra: usize = preds.iter().map(|(e, a)| e.len() * 8 + a.len() * 8).sum();
            stats.peak_bytes = stats
                .peak_bytes
                .max((codes.0.len() * 8 + counters.len() + fresh.len() * 16 + extra) as u64);
        }
        if !any {
            break;
        }
        round += 1;
        report(Progress::Round {
            round,
            resolved,
            total,
        });
        core::mem::swap(&mut fresh, &mut next);
        next.iter_mut().for_each(|w| *w = 0);
    }
    stats.rounds = round;
    debug_assert!((0..n).all(|i| !bit(&fresh, i)));
    (Bitbase::from_words(class.name(), total, codes), stats)
}
