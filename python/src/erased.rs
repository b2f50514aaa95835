//! Type erasure: the monomorphised rulesets behind three object-safe traits, one
//! implementation each, generic over the position type. The Python classes hold
//! `Arc<dyn DynGame>`, `Box<dyn DynState>` and `Box<dyn DynBatch>`; every hot loop
//! (a batch's step, playouts, perft) runs inside one call, monomorphised.

use crate::obs::Layout;
use column_checkers::prelude::*;
use column_checkers::tools::batch::{playouts, ActionGame as Core, Batch, Clicked, Observer};
use column_checkers::tools::rng::SplitMix64;
use column_checkers::MoveList;
use column_checkers::{perft, Square};
use std::marker::PhantomData;
use std::sync::Arc;

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
        let layout = self.layout.clone();
        let size = layout.size();
        let observer: Observer<P> = Arc::new(move |game, out| layout.write(game, out));
        Batch::new(P::start(), n, seed, threads, self.max_len, size, observer)
            .map(|b| Box::new(b) as Box<dyn DynBatch>)
            .map_err(|e| e.to_string())
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
        playouts(&Core::new(P::start(), self.max_len), n, seed, threads)
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
        self.core.play_whole(&mv).map_err(|e| e.to_string())?;
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

/// The crate's batch, its observations by the ruleset's [`Layout`].
impl<P: Introspect + Counting> DynBatch for Batch<P> {
    fn len(&self) -> usize {
        Batch::len(self)
    }

    fn threads(&self) -> usize {
        Batch::threads(self)
    }

    fn reset(&mut self, seed: u64) {
        Batch::reset(self, seed)
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
        Batch::step(self, actions, mask, player, rewards, terminated, truncated)
            .map_err(|e| e.to_string())
    }

    fn masks(&self, mask: &mut [bool], player: &mut [i8]) {
        Batch::masks(self, mask, player)
    }

    fn observe(&mut self, out: &mut [f32]) {
        Batch::observe(self, out)
    }

    fn sample(&mut self, out: &mut [i64]) {
        Batch::sample(self, out)
    }

    fn random_steps(&mut self, steps: usize) -> [u64; 5] {
        Batch::random_steps(self, steps)
    }

    fn state(&self, i: usize) -> Box<dyn DynState> {
        Box::new(StateImpl {
            core: self.game(i),
            layout: Arc::new(Layout::of::<P>()),
        })
    }
}
