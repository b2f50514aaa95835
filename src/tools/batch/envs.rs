//! `n` games of one ruleset stepped together, one action each per call, on threads
//! kept for the batch ([`workers`](super::workers)): the batched stepping of learning
//! environments. A game that ends is reset at once.

use super::workers::Workers;
use super::{random_square, ActionError, ActionGame};
use crate::alloc_prelude::*;
use crate::engine::color::Color;
use crate::engine::counting::Counting;
use crate::engine::introspect::Introspect;
use crate::engine::square::Square;
use crate::engine::view::BoardView;
use crate::engine::wide_set::WideSquareSet;
use crate::tools::rng::SplitMix64;
use std::sync::{Arc, Mutex, MutexGuard};
use thiserror::Error;

/// Why a batch refused a call; no game moved.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BatchError {
    /// Not one action per game.
    #[error("{actions} actions for {games} games: one action per game")]
    Count {
        /// The actions given.
        actions: usize,
        /// The games of the batch.
        games: usize,
    },
    /// An action not legal in its game.
    #[error("game {game}: action {action}: {error}")]
    Refused {
        /// The game's index in the batch.
        game: usize,
        /// The action given.
        action: i64,
        /// Why the game refused it.
        error: ActionError,
    },
    /// The batch's threads could not be started.
    #[error("cannot start {threads} threads: {error}")]
    Threads {
        /// The threads asked for.
        threads: usize,
        /// The system's error.
        error: String,
    },
}

/// Writes one game's observation into its slice: what [`Batch::observe`] runs on
/// every game.
pub type Observer<P> = Arc<dyn Fn(&ActionGame<P>, &mut [f32]) + Send + Sync>;

/// Writes one game's observation into its slice from the board and the clicks of the
/// move being entered: what [`AnyBatch::observe`](super::AnyBatch::observe) runs on
/// every game.
pub type AnyObserver = Arc<dyn Fn(&BoardView<'_>, &[u8], &mut [f32]) + Send + Sync>;

/// A batch's observer: a typed one ([`Batch::new`]), or [`AnyBatch`](super::AnyBatch)'s
/// of the board view, called from the batch's own (monomorphised) loop without a
/// typed closure in between: one call a game fewer.
#[derive(Clone)]
pub(super) enum Watcher<P: Introspect> {
    Game(Observer<P>),
    Board(AnyObserver),
}

impl<P: Introspect + Counting> Watcher<P> {
    /// Game `game`'s observation into `out` (zeros for a position without a board
    /// view).
    #[inline]
    fn observe(&self, game: &ActionGame<P>, out: &mut [f32]) {
        match self {
            Watcher::Game(f) => f(game, out),
            Watcher::Board(f) => match game.position().board_view() {
                Some(view) => f(&view, game.clicks(), out),
                None => out.fill(0.0),
            },
        }
    }
}

/// The random stream of game `i` of a run seeded `seed`: the same games for any
/// number of threads.
///
/// ```
/// use column_checkers::tools::batch::stream;
///
/// assert_eq!(stream(1, 2).next_u64(), stream(1, 2).next_u64());
/// assert_ne!(stream(1, 2).next_u64(), stream(1, 3).next_u64());
/// ```
pub fn stream(seed: u64, i: u64) -> SplitMix64 {
    let mut s = SplitMix64::new(seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    s.next_u64();
    SplitMix64::new(s.next_u64() ^ i)
}

/// Runs `work` on `items` split in `threads` chunks (each with its first index).
fn parallel<T: Send>(items: &mut [T], threads: usize, work: impl Fn(usize, &mut [T]) + Sync) {
    let n = items.len();
    let threads = threads.clamp(1, n.max(1));
    if threads == 1 {
        work(0, items);
        return;
    }
    let chunk = n.div_ceil(threads);
    std::thread::scope(|s| {
        for (c, part) in items.chunks_mut(chunk).enumerate() {
            let work = &work;
            s.spawn(move || work(c * chunk, part));
        }
    });
}

/// A finished game's result as a number: 0 White won, 1 Black won, -1 a draw, -2 cut
/// off by the action limit (or not over).
///
/// ```
/// use column_checkers::tools::batch::{result_code, ActionGame};
/// use column_checkers::{Lasca, Position};
///
/// assert_eq!(result_code(&ActionGame::new(Lasca::start(), 0)), -2);
/// ```
pub fn result_code<P: Introspect + Counting>(core: &ActionGame<P>) -> i8 {
    match core.outcome() {
        Some(o) => match o.winner() {
            Some(Color::White) => 0,
            Some(Color::Black) => 1,
            None => -1,
        },
        None => -2,
    }
}

/// `n` random games from `start`'s start, on `threads` threads, game `i` from
/// [`stream`]`(seed, i)`: per game the actions, the moves and the [`result_code`].
///
/// ```
/// use column_checkers::tools::batch::{playouts, ActionGame};
/// use column_checkers::{Lasca, Position};
///
/// let start = ActionGame::new(Lasca::start(), 400);
/// let (actions, moves, results) = playouts(&start, 4, 7, 2);
/// assert_eq!(playouts(&start, 4, 7, 1), (actions.clone(), moves, results));
/// assert!(actions.iter().all(|&a| a <= 400));
/// ```
pub fn playouts<P: Introspect + Counting>(
    start: &ActionGame<P>,
    n: usize,
    seed: u64,
    threads: usize,
) -> (Vec<u32>, Vec<u32>, Vec<i8>) {
    let mut out: Vec<(u32, u32, i8)> = vec![(0, 0, 0); n];
    parallel(&mut out, threads, |first, part| {
        let mut core = start.clone();
        for (j, slot) in part.iter_mut().enumerate() {
            let mut rng = stream(seed, (first + j) as u64);
            core.reset();
            while !core.is_terminal() {
                let a = core.random_action(rng.next_u64());
                let _ = core.apply(i64::from(a));
            }
            *slot = (
                core.actions().len() as u32,
                core.moves().len() as u32,
                result_code(&core),
            );
        }
    });
    let actions = out.iter().map(|r| r.0).collect();
    let moves = out.iter().map(|r| r.1).collect();
    let results = out.iter().map(|r| r.2).collect();
    (actions, moves, results)
}

struct Env<P: Introspect> {
    core: ActionGame<P>,
    /// The stream of [`Batch::random_steps`].
    rng: SplitMix64,
}

/// What a step writes per game; for a share a helper ran, kept in the share until the
/// calling thread copies it out.
#[derive(Default)]
struct StepOut {
    mask: Vec<bool>,
    player: Vec<i8>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
    legal: Vec<WideSquareSet>,
}

impl StepOut {
    fn sized(&mut self, games: usize, actions: usize) {
        self.mask.resize(games * actions, false);
        self.player.resize(games, 0);
        self.rewards.resize(games * 2, 0.0);
        self.terminated.resize(games, false);
        self.truncated.resize(games, false);
        self.legal.resize(games, WideSquareSet::EMPTY);
    }
}

/// One thread's share of the games.
struct Chunk<P: Introspect> {
    envs: Vec<Env<P>>,
    /// The actions of the step being taken.
    actions: Vec<i64>,
    /// What a helper wrote, for the calling thread to copy.
    out: StepOut,
    observed: Vec<f32>,
    tally: [u64; 5],
}

/// A share on cache lines of its own.
#[repr(align(128))]
struct Slot<P: Introspect>(Mutex<Chunk<P>>);

impl<P: Introspect + Counting> Slot<P> {
    fn lock(&self) -> MutexGuard<'_, Chunk<P>> {
        // a panic in a task is reported by the pool; the games are whole between actions
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The commands of a call, as [`Workers`] passes them (the low byte; `random_steps`'
/// step count above it).
const STEP: u64 = 0;
const OBSERVE: u64 = 1;
const RANDOM_STEPS: u64 = 2;

/// `n` games of ruleset `P` played by actions ([`ActionGame`]), in one contiguous
/// share per thread: the tasks that the calling thread and the batch's helper threads
/// run at each call (its worker threads).
///
/// ```
/// use column_checkers::tools::batch::Batch;
/// use column_checkers::{Emergo, Position};
/// use std::sync::Arc;
///
/// let observer = Arc::new(|_: &_, out: &mut [f32]| out.fill(1.0));
/// let mut batch = Batch::new(Emergo::start(), 4, 1, 2, 100, 3, observer).unwrap();
/// let mut actions = vec![0i64; 4];
/// batch.sample(&mut actions);
/// let (mut mask, mut player) = (vec![false; 4 * 41], vec![0i8; 4]);
/// let (mut rewards, mut ended, mut cut) = (vec![0f32; 8], vec![false; 4], vec![false; 4]);
/// batch
///     .step(&actions, &mut mask, &mut player, &mut rewards, &mut ended, &mut cut)
///     .unwrap();
/// assert!(player.iter().all(|&p| p == 1 || p == 0));
/// let mut obs = vec![0f32; 12];
/// batch.observe(&mut obs);
/// assert!(obs.iter().all(|&x| x == 1.0));
/// ```
pub struct Batch<P: Introspect> {
    chunks: Arc<Vec<Slot<P>>>,
    /// Games per share (the last one may have fewer).
    per_chunk: usize,
    n: usize,
    /// The board's squares: the actions.
    squares: usize,
    /// The floats of one observation.
    size: usize,
    observer: Watcher<P>,
    workers: Workers,
    /// Per game, its legal actions now, kept by the calling thread from what each call
    /// writes: the actions are checked and sampled without touching the games (the
    /// helpers' games stay in their cores' caches).
    legal: Vec<WideSquareSet>,
    /// The stream of [`Batch::sample`], per game.
    rngs: Vec<SplitMix64>,
}

#[inline]
fn write_mask<P: Introspect + Counting>(core: &ActionGame<P>, row: &mut [bool]) {
    row.fill(false);
    for &a in core.legal_actions() {
        row[a as usize] = true;
    }
}

/// One action in each of `envs`, the game reset when it ends; the results into the
/// slices (the games' rows).
#[allow(clippy::too_many_arguments)]
fn step_envs<P: Introspect + Counting>(
    envs: &mut [Env<P>],
    actions: &[i64],
    squares: usize,
    mask: &mut [bool],
    player: &mut [i8],
    rewards: &mut [f32],
    terminated: &mut [bool],
    truncated: &mut [bool],
    legal: &mut [WideSquareSet],
) {
    for (j, e) in envs.iter_mut().enumerate() {
        let c = &mut e.core;
        let _ = c.apply(actions[j]);
        if c.is_terminal() {
            let r = c.returns();
            rewards[2 * j] = r[0];
            rewards[2 * j + 1] = r[1];
            terminated[j] = c.outcome().is_some();
            truncated[j] = c.is_truncated();
            c.reset();
        } else {
            rewards[2 * j] = 0.0;
            rewards[2 * j + 1] = 0.0;
            terminated[j] = false;
            truncated[j] = false;
        }
        player[j] = c.current_player().map_or(-4, |p| p as i8);
        legal[j] = c.legal_set();
        write_mask(c, &mut mask[j * squares..(j + 1) * squares]);
    }
}

/// `steps` random actions in each game with automatic reset, the games finished added
/// to `tally`; each game's legal actions after into `legal`.
fn random_steps_envs<P: Introspect + Counting>(
    envs: &mut [Env<P>],
    steps: usize,
    tally: &mut [u64; 5],
    legal: &mut [WideSquareSet],
) {
    for (e, l) in envs.iter_mut().zip(legal) {
        for _ in 0..steps {
            let a = e.core.random_action(e.rng.next_u64());
            let _ = e.core.apply(i64::from(a));
            if e.core.is_terminal() {
                tally[0] += 1;
                tally[match result_code(&e.core) {
                    0 => 1,
                    1 => 2,
                    -1 => 3,
                    _ => 4,
                }] += 1;
                e.core.reset();
            }
        }
        *l = e.core.legal_set();
    }
}

/// A helper's share of a call: the command on chunk `c`, into the chunk's buffers.
fn work_on<P: Introspect + Counting>(
    chunk: &mut Chunk<P>,
    squares: usize,
    size: usize,
    observer: &Watcher<P>,
    cmd: u64,
) {
    let Chunk {
        envs,
        actions,
        out,
        observed,
        tally,
    } = chunk;
    match cmd & 0xff {
        STEP => {
            out.sized(envs.len(), squares);
            step_envs(
                envs,
                actions,
                squares,
                &mut out.mask,
                &mut out.player,
                &mut out.rewards,
                &mut out.terminated,
                &mut out.truncated,
                &mut out.legal,
            );
        }
        OBSERVE => {
            observed.resize(envs.len() * size, 0.0);
            for (e, o) in envs.iter().zip(observed.chunks_mut(size)) {
                observer.observe(&e.core, o);
            }
        }
        _ => {
            *tally = [0; 5];
            out.legal.resize(envs.len(), WideSquareSet::EMPTY);
            random_steps_envs(envs, (cmd >> 8) as usize, tally, &mut out.legal);
        }
    }
}

impl<P: Introspect + Counting> Batch<P> {
    /// `n` games from `start`, cut off after `max_actions` actions (0: no limit),
    /// game `i` sampling from [`stream`]`(seed, i)`, on `threads` threads; `observer`
    /// writes a game's observation of `size` floats.
    ///
    /// # Errors
    /// [`BatchError::Threads`] when the threads cannot be started.
    pub fn new(
        start: P,
        n: usize,
        seed: u64,
        threads: usize,
        max_actions: usize,
        size: usize,
        observer: Observer<P>,
    ) -> Result<Self, BatchError> {
        Self::watched(
            start,
            n,
            seed,
            threads,
            max_actions,
            size,
            Watcher::Game(observer),
        )
    }

    /// [`Batch::new`] with either kind of observer.
    pub(super) fn watched(
        start: P,
        n: usize,
        seed: u64,
        threads: usize,
        max_actions: usize,
        size: usize,
        observer: Watcher<P>,
    ) -> Result<Self, BatchError> {
        // one share per thread
        let per_chunk = n.div_ceil(threads.max(1)).max(1);
        let core = ActionGame::new(start, max_actions);
        let squares = core.geometry().len();
        let chunks: Arc<Vec<Slot<P>>> = Arc::new(
            (0..n.div_ceil(per_chunk))
                .map(|c| {
                    let games = c * per_chunk..((c + 1) * per_chunk).min(n);
                    Slot(Mutex::new(Chunk {
                        envs: games
                            .map(|i| Env {
                                core: core.clone(),
                                rng: stream(seed, i as u64),
                            })
                            .collect(),
                        actions: Vec::new(),
                        out: StepOut::default(),
                        observed: Vec::new(),
                        tally: [0; 5],
                    }))
                })
                .collect(),
        );
        let shared = chunks.clone();
        let o = observer.clone();
        let workers = Workers::new(
            threads,
            Box::new(move |c, cmd| work_on(&mut shared[c].lock(), squares, size, &o, cmd)),
        )
        .map_err(|error| BatchError::Threads { threads, error })?;
        Ok(Batch {
            chunks,
            per_chunk,
            n,
            squares,
            size,
            observer,
            workers,
            legal: vec![core.legal_set(); n],
            rngs: (0..n).map(|i| stream(seed, i as u64)).collect(),
        })
    }

    /// The games of chunk `c`: their range in the batch.
    fn range(&self, c: usize) -> core::ops::Range<usize> {
        c * self.per_chunk..((c + 1) * self.per_chunk).min(self.n)
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the batch has no game.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The threads stepping the games (the calling one included).
    pub fn threads(&self) -> usize {
        self.workers.threads()
    }

    /// Every game back to its start, the random streams to `seed`.
    pub fn reset(&mut self, seed: u64) {
        for (c, slot) in self.chunks.iter().enumerate() {
            let first = c * self.per_chunk;
            for (j, e) in slot.lock().envs.iter_mut().enumerate() {
                e.core.reset();
                e.rng = stream(seed, (first + j) as u64);
                self.rngs[first + j] = stream(seed, (first + j) as u64);
                self.legal[first + j] = e.core.legal_set();
            }
        }
    }

    /// One action in every game (`actions[i]` in game `i`), a game that ends reset at
    /// once; per game into the slices: the legal-action mask after (`squares` a
    /// game), the player to move, the rewards of both players (the returns when the
    /// game just ended), whether it ended by the rules and whether it was cut off.
    ///
    /// # Errors
    /// [`BatchError`] when not one action per game or an action is not legal (the
    /// first such): every action is checked before any is taken, so no game moved.
    pub fn step(
        &mut self,
        actions: &[i64],
        mask: &mut [bool],
        player: &mut [i8],
        rewards: &mut [f32],
        terminated: &mut [bool],
        truncated: &mut [bool],
    ) -> Result<(), BatchError> {
        let n = self.n;
        if actions.len() != n {
            return Err(BatchError::Count {
                actions: actions.len(),
                games: n,
            });
        }
        // every action checked before any is taken
        let refused = actions
            .iter()
            .zip(&self.legal)
            .position(|(&a, l)| !((0..256).contains(&a) && l.contains(Square(a as u8))));
        if let Some(i) = refused {
            let chunk = self.chunks[i / self.per_chunk].lock();
            let mut probe = chunk.envs[i % self.per_chunk].core.clone();
            // a refusal the game itself explains (it cannot be accepted: the legal
            // actions kept are the game's)
            let error = probe
                .apply(actions[i])
                .err()
                .unwrap_or(ActionError::OffBoard {
                    action: actions[i],
                    squares: self.squares,
                });
            return Err(BatchError::Refused {
                game: i,
                action: actions[i],
                error,
            });
        }
        // the shares get their actions (a helper may take the calling thread's share
        // too, if that thread is slow to begin it)
        for c in 0..self.chunks.len() {
            let r = self.range(c);
            let mut chunk = self.chunks[c].lock();
            chunk.actions.clear();
            chunk.actions.extend_from_slice(&actions[r]);
        }
        let a = self.squares;
        let per = self.per_chunk;
        let Batch {
            chunks,
            workers,
            legal,
            ..
        } = self;
        let range = |c: usize| c * per..((c + 1) * per).min(n);
        workers.run(chunks.len(), STEP, |c| {
            let r = range(c);
            step_envs(
                &mut chunks[c].lock().envs,
                &actions[r.clone()],
                a,
                &mut mask[r.start * a..r.end * a],
                &mut player[r.clone()],
                &mut rewards[r.start * 2..r.end * 2],
                &mut terminated[r.clone()],
                &mut truncated[r.clone()],
                &mut legal[r],
            );
        });
        for c in (0..chunks.len()).filter(|&c| workers.by_helper(c)) {
            let r = range(c);
            let chunk = chunks[c].lock();
            let out = &chunk.out;
            mask[r.start * a..r.end * a].copy_from_slice(&out.mask);
            player[r.clone()].copy_from_slice(&out.player);
            rewards[r.start * 2..r.end * 2].copy_from_slice(&out.rewards);
            terminated[r.clone()].copy_from_slice(&out.terminated);
            truncated[r.clone()].copy_from_slice(&out.truncated);
            legal[r].copy_from_slice(&out.legal);
        }
        Ok(())
    }

    /// The legal-action masks (`squares` a game) and the players to move (-4 when a
    /// game is over, which a reset game never is).
    pub fn masks(&self, mask: &mut [bool], player: &mut [i8]) {
        let a = self.squares;
        for (c, slot) in self.chunks.iter().enumerate() {
            let first = self.range(c).start;
            for (j, e) in slot.lock().envs.iter().enumerate() {
                let i = first + j;
                write_mask(&e.core, &mut mask[i * a..(i + 1) * a]);
                player[i] = e.core.current_player().map_or(-4, |p| p as i8);
            }
        }
    }

    /// Every game's observation by the batch's observer, `size` floats a game.
    pub fn observe(&mut self, out: &mut [f32]) {
        let size = self.size;
        let per = self.per_chunk;
        let n = self.n;
        let range = |c: usize| c * per..((c + 1) * per).min(n);
        let Batch {
            chunks,
            workers,
            observer,
            ..
        } = self;
        workers.run(chunks.len(), OBSERVE, |c| {
            let r = range(c);
            let chunk = chunks[c].lock();
            let out = &mut out[r.start * size..r.end * size];
            for (e, o) in chunk.envs.iter().zip(out.chunks_mut(size)) {
                observer.observe(&e.core, o);
            }
        });
        for c in (0..chunks.len()).filter(|&c| workers.by_helper(c)) {
            let r = range(c);
            let chunk = chunks[c].lock();
            out[r.start * size..r.end * size].copy_from_slice(&chunk.observed);
        }
    }

    /// On the calling thread alone, from the legal actions it keeps: a few
    /// nanoseconds a game, less than handing the work out costs.
    /// One uniformly random legal action per game, from each game's stream (-1 for a
    /// game with none).
    pub fn sample(&mut self, out: &mut [i64]) {
        for ((o, l), rng) in out.iter_mut().zip(&self.legal).zip(&mut self.rngs) {
            *o = random_square(*l, rng.next_u64()).map_or(-1, |s| i64::from(s.0));
        }
    }

    /// `steps` random actions in each game with automatic reset; returns the games
    /// finished: `[all, White won, Black won, drawn, cut off]`.
    pub fn random_steps(&mut self, steps: usize) -> [u64; 5] {
        let mut tally = [0u64; 5];
        let per = self.per_chunk;
        let n = self.n;
        let range = |c: usize| c * per..((c + 1) * per).min(n);
        let Batch {
            chunks,
            workers,
            legal,
            ..
        } = self;
        let cmd = RANDOM_STEPS | (steps as u64) << 8;
        workers.run(chunks.len(), cmd, |c| {
            random_steps_envs(
                &mut chunks[c].lock().envs,
                steps,
                &mut tally,
                &mut legal[range(c)],
            )
        });
        for c in (0..chunks.len()).filter(|&c| workers.by_helper(c)) {
            let chunk = chunks[c].lock();
            for (t, k) in tally.iter_mut().zip(chunk.tally) {
                *t += k;
            }
            legal[range(c)].copy_from_slice(&chunk.out.legal);
        }
        tally
    }

    /// A copy of game `i` (`i < len()`).
    pub fn game(&self, i: usize) -> ActionGame<P> {
        let chunk = self.chunks[i / self.per_chunk].lock();
        chunk.envs[i % self.per_chunk].core.clone()
    }
}
