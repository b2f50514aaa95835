//! `n` run-time games ([`AnyGame`]) stepped together, one action each per call, on
//! threads kept for the batch ([`workers`]): the batched stepping of learning
//! environments. A game that ends is reset at once.

#![cfg(feature = "std")]

mod workers;

use crate::alloc_prelude::*;
use crate::engine::square::Square;
use crate::engine::view::BoardView;
use crate::engine::wide_set::WideSquareSet;
use crate::tools::action_game::{random_square, result_code as code_of, ActionError};
use crate::tools::any_game::{visit_listed, AnyGame, Listed, ListedVisitor};
use crate::tools::registry::Ruleset;
use crate::tools::rng::SplitMix64;
use std::sync::{Arc, Mutex, MutexGuard};
use thiserror::Error;
use workers::Workers;

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

/// Writes one game's observation into its slice from the board and the clicks of the
/// move being entered: what [`Batch::observe`] runs on every game.
pub type Observer = Arc<dyn Fn(&BoardView<'_>, &[Square], &mut [f32]) + Send + Sync>;

/// The random stream of game `i` of a run seeded `seed`: the same games for any
/// number of threads.
///
/// ```
/// use column_checkers::any::stream;
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
/// use column_checkers::any::result_code;
/// use column_checkers::{AnyGame, Color, Ruleset};
///
/// let mut game = AnyGame::new(Ruleset::Lasca);
/// assert_eq!(result_code(&game), -2);
/// game.resign(Color::White).unwrap();
/// assert_eq!(result_code(&game), 1);
/// ```
pub fn result_code(game: &AnyGame) -> i8 {
    code_of(game.outcome())
}

/// `n` random games from `start`'s start, on `threads` threads, game `i` from
/// [`stream`]`(seed, i)`: per game the actions, the moves and the [`result_code`].
///
/// ```
/// use column_checkers::any::playouts;
/// use column_checkers::{AnyGame, Ruleset};
///
/// let start = AnyGame::new(Ruleset::Lasca).with_action_limit(400);
/// let (actions, moves, results) = playouts(&start, 4, 7, 2);
/// assert_eq!(playouts(&start, 4, 7, 1), (actions.clone(), moves, results));
/// assert!(actions.iter().all(|&a| a <= 400));
/// ```
pub fn playouts(
    start: &AnyGame,
    n: usize,
    seed: u64,
    threads: usize,
) -> (Vec<u32>, Vec<u32>, Vec<i8>) {
    let mut out: Vec<(u32, u32, i8)> = vec![(0, 0, 0); n];
    parallel(&mut out, threads, |first, part| {
        let mut game = start.clone();
        for (j, slot) in part.iter_mut().enumerate() {
            game.reset();
            game.play_random_actions(&mut stream(seed, (first + j) as u64));
            *slot = (
                game.actions().len() as u32,
                game.move_count() as u32,
                result_code(&game),
            );
        }
    });
    let actions = out.iter().map(|r| r.0).collect();
    let moves = out.iter().map(|r| r.1).collect();
    let results = out.iter().map(|r| r.2).collect();
    (actions, moves, results)
}

struct Env {
    game: AnyGame,
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
struct Chunk {
    envs: Vec<Env>,
    /// The actions of the step being taken.
    actions: Vec<i64>,
    /// What a helper wrote, for the calling thread to copy.
    out: StepOut,
    observed: Vec<f32>,
    tally: [u64; 5],
}

/// A share on cache lines of its own.
#[repr(align(128))]
struct Slot(Mutex<Chunk>);

impl Slot {
    fn lock(&self) -> MutexGuard<'_, Chunk> {
        // a panic in a task is reported by the pool; the games are whole between actions
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// How a batch's games are shared among its threads: `per` games a share, in order,
/// the last share with what is left of the `n` games.
#[derive(Clone, Copy)]
struct Shares {
    per: usize,
    n: usize,
}

impl Shares {
    /// The games of share `c`: their range in the batch.
    fn range(self, c: usize) -> core::ops::Range<usize> {
        c * self.per..((c + 1) * self.per).min(self.n)
    }
}

/// The commands of a call, as [`Workers`] passes them (the low byte; `random_steps`'
/// step count above it).
const STEP: u64 = 0;
const OBSERVE: u64 = 1;
const RANDOM_STEPS: u64 = 2;

/// `n` run-time games played by actions, in one contiguous share per thread: the tasks
/// that the calling thread and the batch's helper threads run at each call.
///
/// Each game is stepped by one call into its ruleset's compiled code
/// ([`ActionGame`](crate::any::ActionGame)), on the same thread call
/// after call.
///
/// ```
/// use column_checkers::any::Batch;
/// use column_checkers::{AnyGame, Ruleset};
/// use std::sync::Arc;
///
/// // the observation: the men in hand of both sides
/// let observer = Arc::new(|view: &column_checkers::BoardView<'_>, _: &[column_checkers::Square], out: &mut [f32]| {
///     out[0] = view.in_hand[0] as f32;
///     out[1] = view.in_hand[1] as f32;
/// });
/// let start = AnyGame::new(Ruleset::Emergo).with_action_limit(100);
/// let mut batch = Batch::new(&start, 3, 1, 2, 2, observer).unwrap();
/// let mut actions = vec![0i64; 3];
/// batch.sample(&mut actions);
/// let (mut mask, mut player) = (vec![false; 3 * 41], vec![0i8; 3]);
/// let (mut rewards, mut ended, mut cut) = (vec![0f32; 6], vec![false; 3], vec![false; 3]);
/// batch.step(&actions, &mut mask, &mut player, &mut rewards, &mut ended, &mut cut).unwrap();
/// let mut obs = vec![0f32; 6];
/// batch.observe(&mut obs);
/// assert_eq!(obs, [11.0, 12.0, 11.0, 12.0, 11.0, 12.0]);
/// assert_eq!(batch.game(0).moves().len(), 1);
/// ```
pub struct Batch {
    chunks: Arc<Vec<Slot>>,
    shares: Shares,
    ruleset: Ruleset,
    /// The board's squares: the actions.
    squares: usize,
    /// The floats of one observation.
    size: usize,
    observer: Observer,
    workers: Workers,
    /// Per game, its legal actions now, kept by the calling thread from what each call
    /// writes: the actions are checked and sampled without touching the games (the
    /// helpers' games stay in their cores' caches).
    legal: Vec<WideSquareSet>,
    /// The stream of [`Batch::sample`], per game.
    rngs: Vec<SplitMix64>,
}

/// One action in each of `envs`, the game reset when it ends; the results into the
/// slices (the games' rows). The games of a batch are of one ruleset, `P`: each is
/// stepped in `P`'s code with no call between.
struct StepEnvs<'a> {
    envs: &'a mut [Env],
    actions: &'a [i64],
    squares: usize,
    mask: &'a mut [bool],
    player: &'a mut [i8],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
    legal: &'a mut [WideSquareSet],
}

impl ListedVisitor for StepEnvs<'_> {
    type Output = ();

    fn visit<P: Listed>(self) {
        // the games and their rows side by side: no index checked
        let games = self.envs.iter_mut().zip(self.actions);
        let rows = self.mask.chunks_exact_mut(self.squares).zip(self.legal);
        let flags = self.terminated.iter_mut().zip(self.truncated.iter_mut());
        let outs = self.rewards.chunks_exact_mut(2).zip(flags).zip(self.player);
        for (((e, &a), (row, legal)), ((rewards, (t, u)), p)) in games.zip(rows).zip(outs) {
            let s = match P::game_in_mut(&mut e.game) {
                Some(g) => g.step_reset(a, row, legal),
                None => e.game.step_reset(a, row, legal),
            };
            rewards.copy_from_slice(&s.rewards);
            (*t, *u, *p) = (s.terminated, s.truncated, s.player);
        }
    }
}

/// `steps` random actions in each game with automatic reset, the games finished added
/// to `tally`; each game's legal actions after into `legal`.
struct RandomSteps<'a> {
    envs: &'a mut [Env],
    steps: usize,
    tally: &'a mut [u64; 5],
    legal: &'a mut [WideSquareSet],
}

impl ListedVisitor for RandomSteps<'_> {
    type Output = ();

    fn visit<P: Listed>(self) {
        for (e, l) in self.envs.iter_mut().zip(self.legal) {
            *l = match P::game_in_mut(&mut e.game) {
                Some(g) => g.random_steps(self.steps, &mut e.rng, self.tally),
                None => e.game.random_steps(self.steps, &mut e.rng, self.tally),
            };
        }
    }
}

/// Every game's observation into its slice of `out` (`size` floats a game).
struct Observe<'a> {
    envs: &'a [Env],
    observer: &'a Observer,
    size: usize,
    out: &'a mut [f32],
}

impl ListedVisitor for Observe<'_> {
    type Output = ();

    fn visit<P: Listed>(self) {
        let observe = &**self.observer;
        for (e, o) in self.envs.iter().zip(self.out.chunks_mut(self.size)) {
            match P::game_in(&e.game) {
                Some(g) => g.observe_with(observe, o),
                None => e.game.observe_with(observe, o),
            }
        }
    }
}

/// A helper's share of a call: the command on chunk `c`, into the chunk's buffers.
fn work_on(
    chunk: &mut Chunk,
    ruleset: Ruleset,
    squares: usize,
    size: usize,
    observer: &Observer,
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
            let step = StepEnvs {
                envs,
                actions,
                squares,
                mask: &mut out.mask,
                player: &mut out.player,
                rewards: &mut out.rewards,
                terminated: &mut out.terminated,
                truncated: &mut out.truncated,
                legal: &mut out.legal,
            };
            visit_listed(ruleset, step);
        }
        OBSERVE => {
            observed.resize(envs.len() * size, 0.0);
            let out = observed;
            visit_listed(
                ruleset,
                Observe {
                    envs,
                    observer,
                    size,
                    out,
                },
            );
        }
        _ => {
            *tally = [0; 5];
            out.legal.resize(envs.len(), WideSquareSet::EMPTY);
            let steps = (cmd >> 8) as usize;
            let legal = &mut out.legal;
            visit_listed(
                ruleset,
                RandomSteps {
                    envs,
                    steps,
                    tally,
                    legal,
                },
            );
        }
    }
}

impl Batch {
    /// `n` games from `start`'s start position, with its action limit, game `i`
    /// sampling from [`stream`]`(seed, i)`, on `threads` threads; `observer` writes a
    /// game's observation of `size` floats.
    ///
    /// # Errors
    /// [`BatchError::Threads`] when the threads cannot be started.
    pub fn new(
        start: &AnyGame,
        n: usize,
        seed: u64,
        threads: usize,
        size: usize,
        observer: Observer,
    ) -> Result<Batch, BatchError> {
        // one share per thread
        let shares = Shares {
            per: n.div_ceil(threads.max(1)).max(1),
            n,
        };
        let mut game = start.clone();
        game.reset();
        let squares = game.geometry().len();
        let chunks: Arc<Vec<Slot>> = Arc::new(
            (0..n.div_ceil(shares.per))
                .map(|c| {
                    let games = shares.range(c);
                    Slot(Mutex::new(Chunk {
                        envs: games
                            .map(|i| Env {
                                game: game.clone(),
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
        let ruleset = game.ruleset();
        let workers = Workers::new(
            threads,
            Box::new(move |c, cmd| work_on(&mut shared[c].lock(), ruleset, squares, size, &o, cmd)),
        )
        .map_err(|error| BatchError::Threads { threads, error })?;
        Ok(Batch {
            chunks,
            shares,
            ruleset: game.ruleset(),
            squares,
            size,
            observer,
            workers,
            legal: vec![game.legal_set(); n],
            rngs: (0..n).map(|i| stream(seed, i as u64)).collect(),
        })
    }

    /// The ruleset, with its options.
    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.shares.n
    }

    /// Whether the batch has no game.
    pub fn is_empty(&self) -> bool {
        self.shares.n == 0
    }

    /// The threads stepping the games (the calling one included).
    pub fn threads(&self) -> usize {
        self.workers.threads()
    }

    /// Every game back to its start, the random streams to `seed`.
    pub fn reset(&mut self, seed: u64) {
        for (c, slot) in self.chunks.iter().enumerate() {
            let first = self.shares.range(c).start;
            for (j, e) in slot.lock().envs.iter_mut().enumerate() {
                e.game.reset();
                e.rng = stream(seed, (first + j) as u64);
                self.rngs[first + j] = stream(seed, (first + j) as u64);
                self.legal[first + j] = e.game.legal_set();
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
        let (shares, n) = (self.shares, self.shares.n);
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
            let chunk = self.chunks[i / shares.per].lock();
            // a refusal the game itself explains (the legal actions kept are the game's)
            let error = chunk.envs[i % shares.per].game.refusal(actions[i]);
            return Err(BatchError::Refused {
                game: i,
                action: actions[i],
                error,
            });
        }
        // the shares get their actions (a helper may take the calling thread's share
        // too, if that thread is slow to begin it)
        for c in 0..self.chunks.len() {
            let r = shares.range(c);
            let mut chunk = self.chunks[c].lock();
            chunk.actions.clear();
            chunk.actions.extend_from_slice(&actions[r]);
        }
        let a = self.squares;
        let ruleset = self.ruleset;
        let Batch {
            chunks,
            workers,
            legal,
            ..
        } = self;
        let range = |c| shares.range(c);
        workers.run(chunks.len(), STEP, |c| {
            let r = range(c);
            let step = StepEnvs {
                envs: &mut chunks[c].lock().envs,
                actions: &actions[r.clone()],
                squares: a,
                mask: &mut mask[r.start * a..r.end * a],
                player: &mut player[r.clone()],
                rewards: &mut rewards[r.start * 2..r.end * 2],
                terminated: &mut terminated[r.clone()],
                truncated: &mut truncated[r.clone()],
                legal: &mut legal[r],
            };
            visit_listed(ruleset, step);
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
            let first = self.shares.range(c).start;
            for (j, e) in slot.lock().envs.iter().enumerate() {
                let i = first + j;
                player[i] = e.game.write_mask(&mut mask[i * a..(i + 1) * a]);
            }
        }
    }

    /// Every game's observation by the batch's observer, `size` floats a game.
    pub fn observe(&mut self, out: &mut [f32]) {
        let size = self.size;
        let ruleset = self.ruleset;
        let shares = self.shares;
        let range = |c| shares.range(c);
        let Batch {
            chunks,
            workers,
            observer,
            ..
        } = self;
        workers.run(chunks.len(), OBSERVE, |c| {
            let r = range(c);
            let chunk = chunks[c].lock();
            let observe = Observe {
                envs: &chunk.envs,
                observer,
                size,
                out: &mut out[r.start * size..r.end * size],
            };
            visit_listed(ruleset, observe);
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
        let ruleset = self.ruleset;
        let shares = self.shares;
        let range = |c| shares.range(c);
        let Batch {
            chunks,
            workers,
            legal,
            ..
        } = self;
        let cmd = RANDOM_STEPS | (steps as u64) << 8;
        workers.run(chunks.len(), cmd, |c| {
            let random = RandomSteps {
                envs: &mut chunks[c].lock().envs,
                steps,
                tally: &mut tally,
                legal: &mut legal[range(c)],
            };
            visit_listed(ruleset, random)
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
    pub fn game(&self, i: usize) -> AnyGame {
        let per = self.shares.per;
        let chunk = self.chunks[i / per].lock();
        chunk.envs[i % per].game.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_steps_each_game_as_the_game_steps_alone() {
        let observer: Observer = Arc::new(|view, clicks, out| {
            out[0] = view.in_hand[0] as f32 + clicks.len() as f32;
        });
        for &r in Ruleset::ALL {
            let start = AnyGame::new(r).with_action_limit(50);
            let n = 3;
            let mut batch = Batch::new(&start, n, 9, 2, 1, observer.clone()).unwrap();
            assert_eq!(
                (batch.len(), batch.ruleset(), batch.is_empty()),
                (n, r, false)
            );
            assert!(batch.threads() >= 1);
            let mut games = vec![start; n];
            let squares = games[0].geometry().len();
            let mut mask = vec![false; n * squares];
            let mut player = vec![0i8; n];
            let mut rewards = vec![0f32; 2 * n];
            let (mut ended, mut cut) = (vec![false; n], vec![false; n]);
            let mut actions = vec![0i64; n];
            for _ in 0..120 {
                batch.sample(&mut actions);
                batch
                    .step(
                        &actions,
                        &mut mask,
                        &mut player,
                        &mut rewards,
                        &mut ended,
                        &mut cut,
                    )
                    .unwrap();
                for (i, g) in games.iter_mut().enumerate() {
                    g.apply(actions[i]).unwrap();
                    assert_eq!(ended[i], g.outcome().is_some(), "{r}");
                    assert_eq!(cut[i], g.is_truncated(), "{r}");
                    if g.is_over() {
                        assert_eq!(rewards[2 * i..2 * i + 2], g.returns(), "{r}");
                        g.reset();
                    }
                    assert_eq!(batch.game(i).to_state_text(), g.to_state_text(), "{r}");
                    assert_eq!(
                        i64::from(player[i]),
                        g.current_player().map_or(-4, |p| p as i64)
                    );
                    let row = &mask[i * squares..(i + 1) * squares];
                    let legal: Vec<Square> =
                        g.geometry().squares().filter(|s| row[s.index()]).collect();
                    assert_eq!(legal, g.legal_actions(), "{r}");
                }
            }
            let (mut again, mut players) = (vec![true; n * squares], vec![9i8; n]);
            batch.masks(&mut again, &mut players);
            assert_eq!((again, players), (mask.clone(), player.clone()));
            let mut obs = vec![0f32; n];
            batch.observe(&mut obs);
            for (i, g) in games.iter().enumerate() {
                let view = g.board_view().unwrap();
                assert_eq!(obs[i], view.in_hand[0] as f32 + g.clicks().len() as f32);
            }
            let finished = batch.random_steps(10);
            assert_eq!(finished[0], finished[1..].iter().sum::<u64>());
            batch.reset(9);
            assert!(batch.game(0).actions().is_empty());
        }
    }

    #[test]
    fn a_refused_action_moves_no_game() {
        let observer: Observer = Arc::new(|_, _, out| out.fill(0.0));
        let start = AnyGame::new(Ruleset::Emergo);
        let mut batch = Batch::new(&start, 2, 1, 1, 1, observer).unwrap();
        let mut mask = vec![false; 2 * 41];
        let (mut player, mut rewards) = (vec![0i8; 2], vec![0f32; 4]);
        let (mut ended, mut cut) = (vec![false; 2], vec![false; 2]);
        let mut step = |batch: &mut Batch, actions: &[i64]| {
            batch.step(
                actions,
                &mut mask,
                &mut player,
                &mut rewards,
                &mut ended,
                &mut cut,
            )
        };
        assert_eq!(
            step(&mut batch, &[0]),
            Err(BatchError::Count {
                actions: 1,
                games: 2
            })
        );
        let mut ok = vec![0i64; 2];
        batch.sample(&mut ok);
        let e = step(&mut batch, &[ok[0], 500]).unwrap_err();
        assert!(
            matches!(
                e,
                BatchError::Refused {
                    game: 1,
                    action: 500,
                    error: ActionError::OffBoard { .. }
                }
            ),
            "{e}"
        );
        assert!(batch.game(0).actions().is_empty());
    }

    #[test]
    fn playouts_are_the_same_on_any_number_of_threads() {
        let start = AnyGame::new(Ruleset::Lasca).with_action_limit(400);
        let (actions, moves, results) = playouts(&start, 5, 3, 2);
        assert_eq!(
            playouts(&start, 5, 3, 1),
            (actions.clone(), moves.clone(), results.clone())
        );
        for i in 0..5 {
            let mut game = start.clone();
            game.play_random_actions(&mut stream(3, i as u64));
            assert_eq!(
                (actions[i], moves[i], results[i]),
                (
                    game.actions().len() as u32,
                    game.move_count() as u32,
                    result_code(&game)
                )
            );
        }
    }
}
