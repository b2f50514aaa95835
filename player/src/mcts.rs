//! Monte Carlo tree search: UCT over the crate's moves, each new leaf valued by a
//! random playout or by the evaluation, with forced wins and losses proven inside the
//! tree. A second player beside the alpha-beta [`Player`](crate::Player), with the
//! same [`Limits`], [`Info`] and [`SearchResult`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use column_checkers::tools::playout::random_playout;
use column_checkers::tools::rng::SplitMix64;
use column_checkers::{MoveList, MoveSquares, Position};

use crate::clock::{default_clock, Clock};
use crate::eval::{Evaluate, Weights};
use crate::{Info, Limits, SearchResult, Searcher, WIN};

/// Iterations of a search given neither a node nor a time limit.
pub const DEFAULT_ITERATIONS: u64 = 10_000;
/// Iterations between two looks at the clock and the stop flag.
const POLL: u64 = 32;
/// The tree's size beyond which leaves are no longer expanded (memory stays bounded).
const MAX_NODES: usize = 1 << 21;

/// How a new leaf of the tree is valued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaf {
    /// Uniformly random legal moves until the game ends, at most `max_plies` of them;
    /// a playout cut short counts as a draw.
    Playout {
        /// The longest playout, in plies.
        max_plies: usize,
    },
    /// The evaluation ([`Evaluate::evaluate`]) squashed to `0..1` by the logistic function: a
    /// lead of `scale` hundredths of a man is worth a 73 % expectation.
    Eval {
        /// The evaluation's scale, in hundredths of a man (at least 1).
        scale: i32,
    },
}

impl Default for Leaf {
    /// Random playouts of at most 200 plies: at 0.1 s a move against the alpha-beta
    /// player they scored about as well as the evaluation in Lasca and clearly better
    /// in Emergo (`docs/strength.md`).
    fn default() -> Leaf {
        Leaf::Playout { max_plies: 200 }
    }
}

/// The settings of an [`Mcts`] player.
///
/// ```
/// use column_checkers_player::mcts::{Leaf, MctsConfig};
///
/// let c = MctsConfig { leaf: Leaf::Eval { scale: 200 }, ..MctsConfig::default() };
/// assert_eq!(MctsConfig::default().leaf, Leaf::Playout { max_plies: 200 });
/// assert_eq!(c.seed, 0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// UCT's exploration constant `c` (a child's value plus `c·√(ln N / n)`).
    pub exploration: f64,
    /// How new leaves are valued.
    pub leaf: Leaf,
    /// The seed of the random numbers (mixed with the root's hash at each search).
    pub seed: u64,
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            exploration: 0.7,
            leaf: Leaf::default(),
            seed: 0,
        }
    }
}

/// What the tree knows for sure of a node, for the player whose move led to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Proof {
    Unknown,
    /// The player who made the node's move wins by force.
    Won,
    /// The player who made the node's move loses by force.
    Lost,
}

struct Node<M> {
    mv: Option<M>,
    parent: u32,
    first_child: u32,
    children: u32,
    expanded: bool,
    /// A drawn end: the game drawn here, or a repetition where the ruleset draws.
    drawn: bool,
    proof: Proof,
    visits: u32,
    /// The sum of the rewards (0 to 1) for the player who made the node's move.
    reward: f64,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, parent: u32) -> Node<M> {
        Node {
            mv,
            parent,
            first_child: 0,
            children: 0,
            expanded: false,
            drawn: false,
            proof: Proof::Unknown,
            visits: 0,
            reward: 0.0,
        }
    }
}

/// A Monte Carlo tree search player (UCT): each iteration walks down the tree by the
/// upper confidence bound, expands the leaf it reaches, values it (a random playout or
/// the evaluation, [`Leaf`]) and backs the value up. Wins and losses the tree proves
/// are kept as such (a move that wins at once is always found). It plays the most
/// visited move.
///
/// Limits: `nodes` counts iterations, `time` and the stop flag as for
/// [`Player`](crate::Player), `depth` caps the tree's depth below the root; with
/// neither nodes nor time, [`DEFAULT_ITERATIONS`]. Under a node limit the search is
/// deterministic: the same position, limits and seed give the same move.
///
/// ```
/// use column_checkers::{Lasca, Position};
/// use column_checkers_player::mcts::{Mcts, MctsConfig};
/// use column_checkers_player::Limits;
///
/// let mut mcts = Mcts::<Lasca>::new(MctsConfig::default());
/// let pos = Lasca::start();
/// let found = mcts.search(&pos, &[], Limits::nodes(500), &mut |_| {});
/// assert!(pos.is_legal(&found.best.unwrap()));
/// assert_eq!(found.nodes, 500);
/// ```
pub struct Mcts<P: Position> {
    config: MctsConfig,
    weights: Weights,
    stop: Arc<AtomicBool>,
    clock: Box<dyn Clock>,
    tree: Vec<Node<P::Move>>,
    rng: SplitMix64,
    moves: MoveList<P::Move>,
    /// The hashes of the game's positions and of the walk's, for repetitions.
    path: Vec<u64>,
    repetition: bool,
    max_depth: usize,
}

impl<P> Mcts<P>
where
    P: Evaluate,
    P::Move: MoveSquares,
{
    /// A player with these settings and the evaluation weights of its ruleset.
    pub fn new(config: MctsConfig) -> Mcts<P> {
        Mcts {
            config,
            weights: *P::weights(),
            stop: Arc::new(AtomicBool::new(false)),
            clock: default_clock(),
            tree: Vec::new(),
            rng: SplitMix64::new(config.seed),
            moves: MoveList::new(),
            path: Vec::new(),
            repetition: true,
            max_depth: 0,
        }
    }

    /// The same player reading time from `clock`.
    pub fn with_clock(mut self, clock: Box<dyn Clock>) -> Mcts<P> {
        self.clock = clock;
        self
    }

    /// The same player with other evaluation weights (for [`Leaf::Eval`]).
    pub fn with_weights(mut self, weights: Weights) -> Mcts<P> {
        self.weights = weights;
        self
    }

    /// Its settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// The flag that stops a search from another thread; [`Mcts::search`] clears it
    /// when it starts.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Searches `pos` within `limits` and returns the most visited move (`None` when
    /// the game is over or no move is legal). `history` holds the Zobrist hashes of the
    /// game's earlier positions, oldest first (repetitions draw where the ruleset says
    /// so). `on_info` hears of the search at 1024 iterations, at each doubling and at
    /// the end: `depth` is the deepest walk into the tree, `nodes` the iterations,
    /// `score` the most visited move's mean reward as hundredths of a man (the inverse
    /// of the squashing; about [`WIN`] for a proven win) and `pv` the most visited line.
    pub fn search(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: Limits,
        on_info: &mut dyn FnMut(&Info<P::Move>),
    ) -> SearchResult<P::Move> {
        self.stop.store(false, Ordering::Relaxed);
        self.clock.restart();
        self.rng = SplitMix64::new(self.config.seed ^ pos.zobrist());
        self.repetition = pos.repetition_draws();
        self.tree.clear();
        self.tree.push(Node::new(None, 0));
        self.max_depth = 0;
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() || pos.outcome_among(&moves).is_some() {
            return result;
        }
        let max_iterations = match (limits.nodes, limits.time) {
            (Some(n), _) => n.max(1),
            (None, Some(_)) => u64::MAX,
            (None, None) => DEFAULT_ITERATIONS,
        };
        let depth_cap = limits.depth.map_or(usize::MAX, |d| d.max(1) as usize);
        let mut report_at = 1024;
        let mut done = 0;
        while done < max_iterations {
            if done % POLL == 0 && done > 0 {
                let late = limits.time.is_some_and(|t| self.clock.elapsed() >= t);
                if late || self.stop.load(Ordering::Relaxed) {
                    break;
                }
            }
            self.iterate(pos, history, depth_cap);
            done += 1;
            if self.tree[0].proof != Proof::Unknown {
                break; // the root is solved
            }
            if moves.len() == 1 && limits.nodes.is_none() {
                break; // one move: no need to think
            }
            if done == report_at {
                report_at *= 2;
                on_info(&self.info(done));
            }
        }
        let info = self.info(done);
        on_info(&info);
        result.best = info.pv.first().copied().or(Some(moves[0]));
        result.score = info.score;
        result.depth = info.depth;
        result.nodes = done;
        result.pv = info.pv;
        result
    }

    /// One iteration: down the tree, a new leaf, its value, back up.
    fn iterate(&mut self, root: &P, history: &[u64], depth_cap: usize) {
        let mut pos = root.clone();
        self.path.clear();
        self.path.extend_from_slice(history);
        let mut node = 0usize;
        let mut depth = 0;
        // down: through expanded nodes with children, to a leaf or a proven node
        while self.tree[node].expanded
            && self.tree[node].children > 0
            && self.tree[node].proof == Proof::Unknown
        {
            let child = self.select(node);
            self.path.push(pos.zobrist());
            if let Some(mv) = self.tree[child].mv {
                pos.play_unchecked(&mv);
            }
            node = child;
            depth += 1;
        }
        self.max_depth = self.max_depth.max(depth);
        // the reward for the player who made the leaf's move
        let reward = match self.tree[node].proof {
            Proof::Won => 1.0,
            Proof::Lost => 0.0,
            Proof::Unknown if self.tree[node].drawn => 0.5,
            Proof::Unknown => self.leaf(node, &pos, depth, depth_cap),
        };
        self.back_up(node, reward);
    }

    /// Values a leaf (expanding it when it goes on): the reward for the player whose
    /// move led to it.
    fn leaf(&mut self, node: usize, pos: &P, depth: usize, depth_cap: usize) -> f64 {
        let key = pos.zobrist();
        if node != 0
            && self.repetition
            && self.path.iter().rev().skip(1).step_by(2).any(|&k| k == key)
        {
            self.tree[node].drawn = true;
            return 0.5;
        }
        let mut moves = std::mem::take(&mut self.moves);
        pos.legal_moves(&mut moves);
        let value = match pos.outcome_among(&moves) {
            Some(o) => match o.winner() {
                None => {
                    self.tree[node].drawn = true;
                    0.5
                }
                Some(w) if w == pos.turn() => {
                    self.tree[node].proof = Proof::Lost;
                    0.0
                }
                Some(_) => {
                    self.tree[node].proof = Proof::Won;
                    1.0
                }
            },
            None if moves.is_empty() => {
                // no move and no outcome: nothing to play, a draw for the tree
                self.tree[node].drawn = true;
                0.5
            }
            None => {
                if depth < depth_cap && self.tree.len() + moves.len() <= MAX_NODES {
                    let first = self.tree.len() as u32;
                    for mv in moves.iter() {
                        self.tree.push(Node::new(Some(*mv), node as u32));
                    }
                    let n = &mut self.tree[node];
                    n.first_child = first;
                    n.children = moves.len() as u32;
                    n.expanded = true;
                }
                // the value for the side to move here, turned to the mover's reward
                1.0 - self.value(pos)
            }
        };
        self.moves = moves;
        value
    }

    /// The expectation of the side to move in `pos` (0 to 1), by the configured leaf.
    fn value(&mut self, pos: &P) -> f64 {
        match self.config.leaf {
            Leaf::Eval { scale } => squash(pos.evaluate(&self.weights), scale),
            Leaf::Playout { max_plies } => {
                let end = random_playout(pos, &mut self.rng, max_plies, &mut self.moves);
                match end.outcome.map(|o| o.winner()) {
                    Some(Some(w)) if w == pos.turn() => 1.0,
                    Some(Some(_)) => 0.0,
                    _ => 0.5,
                }
            }
        }
    }

    /// The child to walk into: a move that wins by force, else the first unvisited,
    /// else the best upper confidence bound among the moves not proven lost.
    fn select(&self, node: usize) -> usize {
        let n = &self.tree[node];
        let range = n.first_child as usize..(n.first_child + n.children) as usize;
        let log_n = f64::from(n.visits.max(1)).ln();
        let mut best = range.start;
        let mut best_value = f64::NEG_INFINITY;
        for c in range {
            let child = &self.tree[c];
            match child.proof {
                Proof::Won => return c,
                Proof::Lost => continue,
                Proof::Unknown => {}
            }
            if child.visits == 0 {
                return c;
            }
            let v = f64::from(child.visits);
            let ucb = child.reward / v + self.config.exploration * (log_n / v).sqrt();
            if ucb > best_value {
                best_value = ucb;
                best = c;
            }
        }
        best
    }

    /// Adds `reward` (for the player who made `node`'s move) up the tree, the reward
    /// turning over at each ply, and proves what the proofs below now prove.
    fn back_up(&mut self, mut node: usize, mut reward: f64) {
        loop {
            let n = &mut self.tree[node];
            n.visits = n.visits.saturating_add(1);
            n.reward += reward;
            if node == 0 {
                break;
            }
            let parent = n.parent as usize;
            match n.proof {
                // the side to move at the parent has a winning move
                Proof::Won => self.tree[parent].proof = Proof::Lost,
                Proof::Lost => {
                    let p = &self.tree[parent];
                    let range = p.first_child as usize..(p.first_child + p.children) as usize;
                    if self.tree[range].iter().all(|c| c.proof == Proof::Lost) {
                        self.tree[parent].proof = Proof::Won;
                    }
                }
                Proof::Unknown => {}
            }
            reward = 1.0 - reward;
            node = parent;
        }
    }

    /// The child to play from `node`: a proven win, else the most visited child not
    /// proven lost (ties to the better mean), else the most visited.
    fn best_child(&self, node: usize) -> Option<usize> {
        let n = &self.tree[node];
        if !n.expanded || n.children == 0 {
            return None;
        }
        let range = n.first_child as usize..(n.first_child + n.children) as usize;
        if let Some(c) = range.clone().find(|&c| self.tree[c].proof == Proof::Won) {
            return Some(c);
        }
        let key = |c: usize| {
            let ch = &self.tree[c];
            let mean = ch.reward / f64::from(ch.visits.max(1));
            (ch.proof != Proof::Lost, ch.visits, mean)
        };
        range.max_by(|&a, &b| {
            key(a)
                .partial_cmp(&key(b))
                .unwrap_or(core::cmp::Ordering::Equal)
        })
    }

    /// The search so far, for the callback and the result.
    fn info(&self, iterations: u64) -> Info<P::Move> {
        let mut pv = Vec::new();
        let mut node = 0;
        while let Some(c) = self.best_child(node) {
            match self.tree[c].mv {
                Some(mv) => pv.push(mv),
                None => break,
            }
            node = c;
        }
        let score = match pv.first().and_then(|_| self.best_child(0)) {
            Some(c) => {
                let ch = &self.tree[c];
                match ch.proof {
                    Proof::Won => WIN - pv.len() as i32,
                    Proof::Lost => -(WIN - pv.len() as i32),
                    Proof::Unknown => {
                        let q = ch.reward / f64::from(ch.visits.max(1));
                        unsquash(q, self.scale())
                    }
                }
            }
            None => 0,
        };
        let elapsed = self.clock.elapsed();
        Info {
            depth: self.max_depth as u32,
            score,
            nodes: iterations,
            nps: (u128::from(iterations) * 1000 / elapsed.as_millis().max(1)) as u64,
            elapsed,
            pv,
        }
    }

    fn scale(&self) -> i32 {
        match self.config.leaf {
            Leaf::Eval { scale } => scale,
            Leaf::Playout { .. } => 200,
        }
    }
}

/// The logistic function of `score / scale`.
fn squash(score: i32, scale: i32) -> f64 {
    1.0 / (1.0 + (-f64::from(score) / f64::from(scale.max(1))).exp())
}

/// The score (hundredths of a man) whose [`squash`] is `q`, within ±100 men.
fn unsquash(q: f64, scale: i32) -> i32 {
    let q = q.clamp(1e-6, 1.0 - 1e-6);
    (f64::from(scale.max(1)) * (q / (1.0 - q)).ln()).clamp(-10_000.0, 10_000.0) as i32
}

impl<P> Searcher<P> for Mcts<P>
where
    P: Evaluate,
    P::Move: MoveSquares,
{
    fn search(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: Limits,
        on_info: &mut dyn FnMut(&Info<P::Move>),
    ) -> SearchResult<P::Move> {
        Mcts::search(self, pos, history, limits, on_info)
    }

    fn clear(&mut self) {
        self.tree.clear();
    }

    fn stop_flag(&self) -> Arc<AtomicBool> {
        Mcts::stop_flag(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use column_checkers::{Emergo, Lasca};

    fn both_leaves() -> [MctsConfig; 2] {
        [
            MctsConfig {
                leaf: Leaf::Eval { scale: 200 },
                ..MctsConfig::default()
            },
            MctsConfig {
                leaf: Leaf::Playout { max_plies: 100 },
                ..MctsConfig::default()
            },
        ]
    }

    /// The first position of random games (from seed 1) that `wanted` accepts.
    fn find<P: Evaluate>(wanted: impl Fn(&P, &MoveList<P::Move>) -> bool) -> P {
        let mut rng = SplitMix64::new(1);
        let mut moves = MoveList::new();
        for _ in 0..2_000 {
            let mut pos = P::start();
            for _ in 0..300 {
                pos.legal_moves(&mut moves);
                if moves.is_empty() || pos.outcome_among(&moves).is_some() {
                    break;
                }
                if wanted(&pos, &moves) {
                    return pos;
                }
                let mv = moves[rng.below(moves.len())];
                pos.play_unchecked(&mv);
            }
        }
        panic!("no such position in 2000 random games");
    }

    fn wins_at_once<P: Evaluate>(pos: &P, mv: &P::Move) -> bool {
        let mut c = pos.clone();
        c.play_unchecked(mv);
        c.outcome().and_then(|o| o.winner()) == Some(pos.turn())
    }

    #[test]
    fn finds_a_win_in_one_move() {
        // a position with several moves, one or more of which end the game at once
        let pos: Lasca = find(|p, moves| {
            moves.len() >= 3
                && moves.iter().any(|m| wins_at_once(p, m))
                && !moves.iter().all(|m| wins_at_once(p, m))
        });
        for config in both_leaves() {
            let found =
                Mcts::<Lasca>::new(config).search(&pos, &[], Limits::nodes(400), &mut |_| {});
            assert!(wins_at_once(&pos, &found.best.unwrap()), "{pos}");
            assert!(found.score > WIN - 100, "{pos}: {}", found.score);
        }
    }

    #[test]
    fn takes_a_forced_capture() {
        // captures forced (every legal move is one) among several quiet-looking choices
        let pos: Emergo =
            find(|_, moves| moves.len() >= 2 && moves.iter().all(MoveSquares::is_capture));
        for config in both_leaves() {
            let found =
                Mcts::<Emergo>::new(config).search(&pos, &[], Limits::nodes(50), &mut |_| {});
            let best = found.best.unwrap();
            assert!(pos.is_legal(&best) && best.is_capture(), "{pos}");
        }
    }

    #[test]
    fn is_deterministic_under_a_node_limit() {
        for config in both_leaves() {
            let pos = Emergo::start();
            let a = Mcts::<Emergo>::new(config).search(&pos, &[], Limits::nodes(300), &mut |_| {});
            let mut m = Mcts::<Emergo>::new(config);
            // an earlier search does not change the next one
            let mut other = pos.clone();
            other.play_unchecked(&a.best.unwrap());
            m.search(&other, &[], Limits::nodes(10), &mut |_| {});
            let b = m.search(&pos, &[], Limits::nodes(300), &mut |_| {});
            assert_eq!(a, b);
            assert_eq!(a.nodes, 300);
        }
    }

    #[test]
    fn a_finished_game_and_a_lost_one_give_no_panic() {
        // a finished game: no move
        let lost: Lasca = find(|p, moves| moves.iter().any(|m| wins_at_once(p, m)));
        let mut moves = MoveList::new();
        lost.legal_moves(&mut moves);
        let win = *moves.iter().find(|m| wins_at_once(&lost, m)).unwrap();
        let mut over = lost.clone();
        over.play_unchecked(&win);
        let found = Mcts::<Lasca>::new(MctsConfig::default()).search(
            &over,
            &[],
            Limits::nodes(10),
            &mut |_| {},
        );
        assert_eq!((found.best, found.nodes), (None, 0));
        // a depth cap of one ply and a time limit
        let found = Mcts::<Lasca>::new(MctsConfig::default()).search(
            &lost,
            &[],
            Limits {
                depth: Some(1),
                time: Some(std::time::Duration::from_millis(20)),
                nodes: None,
            },
            &mut |_| {},
        );
        assert!(lost.is_legal(&found.best.unwrap()));
        assert!(found.depth <= 1);
    }
}
