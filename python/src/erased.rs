//! Type erasure: the monomorphised rulesets behind three object-safe traits, one
//! implementation each, generic over the position type. The Python classes hold
//! `Arc<dyn DynGame>`, `Box<dyn DynState>` and `Box<dyn DynBatch>`; every hot loop
//! (a batch's step, playouts, perft) runs inside one call, monomorphised.

use crate::core::{Clicked, Core, SquareBits};
use crate::obs::Layout;
use crate::pool::Workers;
use column_checkers::prelude::*;
use column_checkers::tools::rng::SplitMix64;
use column_checkers::MoveList;
use column_checkers::{perft, Square};
use std::marker::PhantomData;
use std::sync::{Arc, Mutex, MutexGuard};

/// A ruleset with its options: what `load_game` returns.
pub trait DynGame: Send + Sync {
    fn layout(&self) -> &Layout;
    fn square_names(&self) -> Vec<String>;
    fn max_game_length(&self) -> usize;
    fn start_text(&self) -> String;
    fn new_state(&self, position: Option<&str>) -> Result<Box<dyn DynState>, String>;
    /// A state from [`DynState::serialize`]'s text.
    fn deserialize(&self, text: &str) -> Result<Box<dyn DynState>, String>;
    fn perft(&self, position: Option<&str>, depth: u32) -> Result<u64, String>;
    /// Each legal move, the position text after it and perft of `depth - 1` there.
    fn divide(
        &self,
        position: Option<&str>,
        depth: u32,
    ) -> Result<Vec<(String, String, u64)>, String>;
    /// `n` games stepped together on `threads` threads.
    fn new_batch(&self, n: usize, seed: u64, threads: usize) -> Result<Box<dyn DynBatch>, String>;
    /// The games of a PDN text, each replayed by the crate's record reader (every
    /// move checked) into a state at its end.
    fn states_from_pdn(&self, text: &str) -> Result<Vec<Box<dyn DynState>>, String>;
    /// `n` random games from the start, game `i` from seed `(seed, i)`: per game the
    /// actions, the moves and the result (0 White won, 1 Black won, -1 draw, -2 cut off).
    fn playouts(&self, n: usize, seed: u64, threads: usize) -> (Vec<u32>, Vec<u32>, Vec<i8>);
}

/// A game in progress: what `Game.new_initial_state()` returns.
pub trait DynState: Send + Sync {
    fn clone_box(&self) -> Box<dyn DynState>;
    fn current_player(&self) -> Option<usize>;
    fn legal_actions(&self) -> &[u8];
    fn is_legal_action(&self, a: i64) -> bool;
    /// `Ok(true)` when the action completed a move.
    fn apply(&mut self, a: i64) -> Result<bool, String>;
    fn is_terminal(&self) -> bool;
    fn is_truncated(&self) -> bool;
    fn returns(&self) -> [f32; 2];
    fn outcome(&self) -> Option<String>;
    fn observe(&self, out: &mut [f32]);
    fn square_name(&self, a: i64) -> Option<String>;
    fn parse_square(&self, name: &str) -> Option<u8>;
    fn history(&self) -> &[u8];
    fn position_text(&self) -> String;
    fn start_text(&self) -> String;
    fn diagram(&self) -> String;
    fn pending(&self) -> &[u8];
    fn legal_moves(&self) -> Vec<String>;
    fn click_paths(&self) -> Vec<(String, Vec<u8>)>;
    fn candidates(&self) -> Vec<String>;
    /// Plays a whole move given in the ruleset's notation; returns its actions.
    fn apply_move(&mut self, text: &str) -> Result<Vec<u8>, String>;
    fn moves(&self) -> Vec<String>;
    fn pdn(&self) -> String;
    fn serialize(&self) -> String;
    /// Random actions to the end of the game; returns the actions taken.
    fn random_playout(&mut self, seed: u64) -> usize;
    fn zobrist(&self) -> u64;
}

/// `n` games stepped together (see [`BatchImpl`]).
pub trait DynBatch: Send + Sync {
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn threads(&self) -> usize;
    fn reset(&mut self, seed: u64);
    /// Every action is checked before any is taken: on error nothing changed.
    fn step(
        &mut self,
        actions: &[i64],
        mask: &mut [bool],
        player: &mut [i8],
        rewards: &mut [f32],
        terminated: &mut [bool],
        truncated: &mut [bool],
    ) -> Result<(), String>;
    fn masks(&self, mask: &mut [bool], player: &mut [i8]);
    fn observe(&mut self, out: &mut [f32]);
    fn sample(&mut self, out: &mut [i64]);
    /// `steps` random actions in each game with automatic reset; returns the games
    /// finished: `[all, White won, Black won, drawn, cut off]`.
    fn random_steps(&mut self, steps: usize) -> [u64; 5];
    fn state(&self, i: usize) -> Box<dyn DynState>;
}

/// The game of ruleset `P`.
pub struct GameImpl<P: Introspect> {
    layout: Arc<Layout>,
    max_len: usize,
    _p: PhantomData<fn() -> P>,
}

impl<P: Introspect + Counting> GameImpl<P> {
    pub fn new(max_len: usize) -> Self {
        GameImpl {
            layout: Arc::new(Layout::of::<P>()),
            max_len,
            _p: PhantomData,
        }
    }

    fn position(&self, text: Option<&str>) -> Result<P, String> {
        let pos = match text {
            None => P::start(),
            Some(t) => t
                .parse::<P>()
                .map_err(|e| format!("malformed position {t:?}: {e}"))?,
        };
        self.layout.fits(&pos)?;
        Ok(pos)
    }
}

/// A random stream for game `i` of a run seeded `seed`.
fn stream(seed: u64, i: u64) -> SplitMix64 {
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

impl<P: Introspect + Counting> DynGame for GameImpl<P> {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn square_names(&self) -> Vec<String> {
        let g = P::start().geometry();
        g.squares().map(|s| g.name(s).to_string()).collect()
    }

    fn max_game_length(&self) -> usize {
        self.max_len
    }

    fn start_text(&self) -> String {
        P::start().to_string()
    }

    fn new_state(&self, position: Option<&str>) -> Result<Box<dyn DynState>, String> {
        let pos = self.position(position)?;
        Ok(Box::new(StateImpl {
            core: Core::new(pos, self.max_len),
            layout: self.layout.clone(),
        }))
    }

    fn deserialize(&self, text: &str) -> Result<Box<dyn DynState>, String> {
        let mut lines = text.lines();
        if lines.next() != Some(SERIAL_V1) {
            return Err(format!("not a serialised state (no {SERIAL_V1:?} line)"));
        }
        let start = lines.next().ok_or("serialised state: no start position")?;
        let actions = lines.next().unwrap_or("");
        let mut st = self.new_state(Some(start))?;
        for (i, a) in actions.split(',').filter(|a| !a.is_empty()).enumerate() {
            let a: i64 = a.trim().parse().map_err(|_| {
                format!("serialised state: action {} is not a number: {a:?}", i + 1)
            })?;
            st.apply(a)
                .map_err(|e| format!("serialised state: action {} ({a}): {e}", i + 1))?;
        }
        Ok(st)
    }

    fn perft(&self, position: Option<&str>, depth: u32) -> Result<u64, String> {
        let pos = self.position(position)?;
        Ok(perft(&pos, depth))
    }

    fn divide(
        &self,
        position: Option<&str>,
        depth: u32,
    ) -> Result<Vec<(String, String, u64)>, String> {
        let pos = self.position(position)?;
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        Ok(list
            .iter()
            .map(|mv| {
                let mut next = pos.clone();
                next.play_unchecked(mv);
                let n = perft(&next, depth.saturating_sub(1));
                (mv.to_string(), next.to_string(), n)
            })
            .collect())
    }

    fn new_batch(&self, n: usize, seed: u64, threads: usize) -> Result<Box<dyn DynBatch>, String> {
        Ok(Box::new(BatchImpl::<P>::new(
            n,
            seed,
            threads,
            self.layout.clone(),
            self.max_len,
        )?))
    }

    fn states_from_pdn(&self, text: &str) -> Result<Vec<Box<dyn DynState>>, String> {
        let mut states: Vec<Box<dyn DynState>> = Vec::new();
        for (i, record) in column_checkers::text::pdn::read_games(text)
            .into_iter()
            .enumerate()
        {
            let record = record.map_err(|e| format!("game {}: {e}", i + 1))?;
            let replay = record
                .replay::<P>()
                .map_err(|e| format!("game {} (line {}): {e}", i + 1, record.line))?;
            let start = replay.game.start().clone();
            self.layout.fits(&start)?;
            let mut core = Core::new(start, self.max_len);
            for mv in replay.game.moves() {
                core.play_whole(mv)
                    .map_err(|e| format!("game {} (line {}): {e}", i + 1, record.line))?;
            }
            states.push(Box::new(StateImpl {
                core,
                layout: self.layout.clone(),
            }));
        }
        Ok(states)
    }

    fn playouts(&self, n: usize, seed: u64, threads: usize) -> (Vec<u32>, Vec<u32>, Vec<i8>) {
        let mut out: Vec<(u32, u32, i8)> = vec![(0, 0, 0); n];
        let start = Core::new(P::start(), self.max_len);
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
}

fn result_code<P: Introspect + Counting>(core: &Core<P>) -> i8 {
    match core.outcome() {
        Some(o) => match o.winner() {
            Some(Color::White) => 0,
            Some(Color::Black) => 1,
            None => -1,
        },
        None => -2,
    }
}

/// The first line of a serialised state.
const SERIAL_V1: &str = "column-checkers state v1";

/// A game in progress of ruleset `P`.
#[derive(Clone)]
pub struct StateImpl<P: Introspect> {
    core: Core<P>,
    layout: Arc<Layout>,
}

impl<P: Introspect + Counting> StateImpl<P> {
    pub fn core(&self) -> &Core<P> {
        &self.core
    }
}

impl<P: Introspect + Counting> DynState for StateImpl<P> {
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }

    #[inline]
    fn current_player(&self) -> Option<usize> {
        self.core.current_player()
    }

    #[inline]
    fn legal_actions(&self) -> &[u8] {
        self.core.legal_actions()
    }

    #[inline]
    fn is_legal_action(&self, a: i64) -> bool {
        self.core.is_legal_action(a)
    }

    #[inline]
    fn apply(&mut self, a: i64) -> Result<bool, String> {
        self.core
            .apply(a)
            .map(|c| c == Clicked::Played)
            .map_err(|e| e.to_string())
    }

    fn is_terminal(&self) -> bool {
        self.core.is_terminal()
    }

    fn is_truncated(&self) -> bool {
        self.core.is_truncated()
    }

    fn returns(&self) -> [f32; 2] {
        self.core.returns()
    }

    fn outcome(&self) -> Option<String> {
        if let Some(o) = self.core.outcome() {
            return Some(o.to_string());
        }
        self.core.is_truncated().then(|| {
            format!(
                "1/2-1/2 cut off: {} actions (max_game_length)",
                self.core.max_actions()
            )
        })
    }

    fn observe(&self, out: &mut [f32]) {
        self.layout.write(&self.core, out);
    }

    fn square_name(&self, a: i64) -> Option<String> {
        let g = self.core.geometry();
        (0..g.len() as i64)
            .contains(&a)
            .then(|| g.name(Square(a as u8)).to_string())
    }

    fn parse_square(&self, name: &str) -> Option<u8> {
        self.core.geometry().parse_square(name.trim()).map(|s| s.0)
    }

    fn history(&self) -> &[u8] {
        self.core.actions()
    }

    fn position_text(&self) -> String {
        self.core.position().to_string()
    }

    fn start_text(&self) -> String {
        self.core.start().to_string()
    }

    fn diagram(&self) -> String {
        self.core.position().diagram()
    }

    fn pending(&self) -> &[u8] {
        self.core.clicks()
    }

    fn legal_moves(&self) -> Vec<String> {
        if self.core.is_terminal() {
            return Vec::new();
        }
        let mut list = MoveList::new();
        self.core.position().legal_moves(&mut list);
        list.iter().map(|m| m.to_string()).collect()
    }

    fn click_paths(&self) -> Vec<(String, Vec<u8>)> {
        self.core
            .click_paths()
            .into_iter()
            .map(|(m, p)| (m.to_string(), p))
            .collect()
    }

    fn candidates(&self) -> Vec<String> {
        self.core
            .candidates()
            .iter()
            .map(|m| m.to_string())
            .collect()
    }

    fn apply_move(&mut self, text: &str) -> Result<Vec<u8>, String> {
        if let Some(o) = self.outcome() {
            return Err(format!("the game is over ({o})"));
        }
        let mv = self
            .core
            .position()
            .parse_move(text)
            .map_err(|e| format!("move {text:?}: {e}"))?;
        let before = self.core.actions().len();
        self.core.play_whole(&mv)?;
        Ok(self.core.actions()[before..].to_vec())
    }

    fn moves(&self) -> Vec<String> {
        self.core.moves().iter().map(|m| m.to_string()).collect()
    }

    fn pdn(&self) -> String {
        column_checkers::tools::registry::record_of_game(&self.core.to_game()).to_string()
    }

    fn serialize(&self) -> String {
        let actions: Vec<String> = self.core.actions().iter().map(|a| a.to_string()).collect();
        format!(
            "{SERIAL_V1}\n{}\n{}\n",
            self.core.start(),
            actions.join(",")
        )
    }

    fn random_playout(&mut self, seed: u64) -> usize {
        let mut rng = SplitMix64::new(seed);
        let before = self.core.actions().len();
        while !self.core.is_terminal() {
            let a = self.core.random_action(rng.next_u64());
            let _ = self.core.apply(i64::from(a));
        }
        self.core.actions().len() - before
    }

    fn zobrist(&self) -> u64 {
        self.core.position().zobrist()
    }
}

struct Env<P: Introspect> {
    core: Core<P>,
    /// The stream of [`DynBatch::random_steps`].
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
    legal: Vec<SquareBits>,
}

impl StepOut {
    fn sized(&mut self, games: usize, actions: usize) {
        self.mask.resize(games * actions, false);
        self.player.resize(games, 0);
        self.rewards.resize(games * 2, 0.0);
        self.terminated.resize(games, false);
        self.truncated.resize(games, false);
        self.legal.resize(games, SquareBits::default());
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

/// `n` games of ruleset `P`, in one contiguous share per thread: the tasks that the
/// calling thread and the batch's helper threads run at each call ([`Workers`]).
pub struct BatchImpl<P: Introspect> {
    chunks: Arc<Vec<Slot<P>>>,
    /// Games per share (the last one may have fewer).
    per_chunk: usize,
    n: usize,
    layout: Arc<Layout>,
    workers: Workers,
    /// Per game, its legal actions now, kept by the calling thread from what each call
    /// writes: the actions are checked and sampled without touching the games (the
    /// helpers' games stay in their cores' caches).
    legal: Vec<SquareBits>,
    /// The stream of [`DynBatch::sample`], per game.
    rngs: Vec<SplitMix64>,
}

#[inline]
fn write_mask<P: Introspect + Counting>(core: &Core<P>, row: &mut [bool]) {
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
    legal: &mut [SquareBits],
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
    legal: &mut [SquareBits],
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
fn work_on<P: Introspect + Counting>(chunk: &mut Chunk<P>, layout: &Layout, cmd: u64) {
    let Chunk {
        envs,
        actions,
        out,
        observed,
        tally,
    } = chunk;
    match cmd & 0xff {
        STEP => {
            out.sized(envs.len(), layout.squares);
            step_envs(
                envs,
                actions,
                layout.squares,
                &mut out.mask,
                &mut out.player,
                &mut out.rewards,
                &mut out.terminated,
                &mut out.truncated,
                &mut out.legal,
            );
        }
        OBSERVE => {
            let size = layout.size();
            observed.resize(envs.len() * size, 0.0);
            for (e, o) in envs.iter().zip(observed.chunks_mut(size)) {
                layout.write(&e.core, o);
            }
        }
        _ => {
            *tally = [0; 5];
            out.legal.resize(envs.len(), SquareBits::default());
            random_steps_envs(envs, (cmd >> 8) as usize, tally, &mut out.legal);
        }
    }
}

impl<P: Introspect + Counting> BatchImpl<P> {
    fn new(
        n: usize,
        seed: u64,
        threads: usize,
        layout: Arc<Layout>,
        max_len: usize,
    ) -> Result<Self, String> {
        // one share per thread
        let per_chunk = n.div_ceil(threads.max(1)).max(1);
        let core = Core::new(P::start(), max_len);
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
        let l = layout.clone();
        let workers = Workers::new(
            threads,
            Box::new(move |c, cmd| work_on(&mut shared[c].lock(), &l, cmd)),
        )?;
        Ok(BatchImpl {
            chunks,
            per_chunk,
            n,
            layout,
            workers,
            legal: vec![core.legal_set(); n],
            rngs: (0..n).map(|i| stream(seed, i as u64)).collect(),
        })
    }

    /// The games of chunk `c`: their range in the batch.
    fn range(&self, c: usize) -> std::ops::Range<usize> {
        c * self.per_chunk..((c + 1) * self.per_chunk).min(self.n)
    }
}

impl<P: Introspect + Counting> DynBatch for BatchImpl<P> {
    fn len(&self) -> usize {
        self.n
    }

    fn threads(&self) -> usize {
        self.workers.threads()
    }

    fn reset(&mut self, seed: u64) {
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

    fn step(
        &mut self,
        actions: &[i64],
        mask: &mut [bool],
        player: &mut [i8],
        rewards: &mut [f32],
        terminated: &mut [bool],
        truncated: &mut [bool],
    ) -> Result<(), String> {
        let n = self.n;
        if actions.len() != n {
            return Err(format!(
                "{} actions for {n} games: one action per game",
                actions.len()
            ));
        }
        // every action checked before any is taken
        let refused = actions
            .iter()
            .zip(&self.legal)
            .position(|(&a, l)| !((0..256).contains(&a) && l.contains(a as u8)));
        if let Some(i) = refused {
            let chunk = self.chunks[i / self.per_chunk].lock();
            let mut probe = chunk.envs[i % self.per_chunk].core.clone();
            let why = probe
                .apply(actions[i])
                .err()
                .map_or_else(|| "refused".to_string(), |e| e.to_string());
            return Err(format!("game {i}: action {}: {why}", actions[i]));
        }
        // the shares get their actions (a helper may take the calling thread's share
        // too, if that thread is slow to begin it)
        for c in 0..self.chunks.len() {
            let r = self.range(c);
            let mut chunk = self.chunks[c].lock();
            chunk.actions.clear();
            chunk.actions.extend_from_slice(&actions[r]);
        }
        let a = self.layout.squares;
        let per = self.per_chunk;
        let BatchImpl {
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

    fn masks(&self, mask: &mut [bool], player: &mut [i8]) {
        let a = self.layout.squares;
        for (c, slot) in self.chunks.iter().enumerate() {
            let first = self.range(c).start;
            for (j, e) in slot.lock().envs.iter().enumerate() {
                let i = first + j;
                write_mask(&e.core, &mut mask[i * a..(i + 1) * a]);
                player[i] = e.core.current_player().map_or(-4, |p| p as i8);
            }
        }
    }

    fn observe(&mut self, out: &mut [f32]) {
        let size = self.layout.size();
        let per = self.per_chunk;
        let n = self.n;
        let range = |c: usize| c * per..((c + 1) * per).min(n);
        let BatchImpl {
            chunks,
            workers,
            layout,
            ..
        } = self;
        workers.run(chunks.len(), OBSERVE, |c| {
            let r = range(c);
            let chunk = chunks[c].lock();
            let out = &mut out[r.start * size..r.end * size];
            for (e, o) in chunk.envs.iter().zip(out.chunks_mut(size)) {
                layout.write(&e.core, o);
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
    fn sample(&mut self, out: &mut [i64]) {
        for ((o, l), rng) in out.iter_mut().zip(&self.legal).zip(&mut self.rngs) {
            *o = if l.is_empty() {
                -1
            } else {
                i64::from(l.pick(rng.next_u64()))
            };
        }
    }

    fn random_steps(&mut self, steps: usize) -> [u64; 5] {
        let mut tally = [0u64; 5];
        let per = self.per_chunk;
        let n = self.n;
        let range = |c: usize| c * per..((c + 1) * per).min(n);
        let BatchImpl {
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

    fn state(&self, i: usize) -> Box<dyn DynState> {
        let chunk = self.chunks[i / self.per_chunk].lock();
        Box::new(StateImpl {
            core: chunk.envs[i % self.per_chunk].core.clone(),
            layout: self.layout.clone(),
        })
    }
}
