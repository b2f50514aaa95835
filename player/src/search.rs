//! The search: iterative deepening, principal-variation alpha-beta, a transposition
//! table, move ordering and a quiescence search that follows forced captures, for any
//! position type of the crate's traits.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use column_checkers::{History, MoveList, MoveSquares, Outcome, Position};

use crate::clock::{default_clock, Clock};
use crate::eval::{Evaluate, Weights};
use crate::search_options::SearchOptions;

/// A win is worth this much less the plies to reach it; every other score is far
/// below.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this are wins or losses in so many plies.
const WIN_BOUND: i32 = WIN - 1_000;
/// The deepest ply the search reaches (quiescence included).
pub const MAX_PLY: usize = 128;
/// Nodes between two looks at the clock and the stop flag.
const POLL: u64 = 1024;
/// The first half-width of the root's window around the last iteration's score
/// (a quarter of a man); it doubles on each failure.
const ASPIRATION: i32 = 25;
/// ProbCut ([`SearchOptions::probcut`]): the shallowest node it tries, the plies its
/// search is the shallower, and how far above beta (a man) its bound lies.
const PROBCUT_DEPTH: i32 = 5;
const PROBCUT_REDUCTION: i32 = 4;
const PROBCUT_MARGIN: i32 = 100;
/// The singular extension ([`SearchOptions::singular`]): the shallowest node it tries,
/// and how many plies shallower than the node the table's score may have been found.
const SINGULAR_DEPTH: i32 = 8;
const SINGULAR_TABLE_SLACK: i32 = 3;

/// When to stop searching. The search stops at the first limit reached; with none, at
/// [`MAX_PLY`] or the stop flag.
///
/// ```
/// use column_checkers_player::Limits;
/// use std::time::Duration;
///
/// let l = Limits::nodes(10_000);
/// assert_eq!(l.nodes, Some(10_000));
/// assert_eq!(Limits::time(Duration::from_millis(100)).depth, None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: Option<u32>,
    /// The nodes searched (the search is deterministic under this limit alone).
    pub nodes: Option<u64>,
    /// The time to think.
    pub time: Option<Duration>,
}

impl Limits {
    /// A limit of `depth` plies.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A limit of `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    /// A limit of `time`.
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..Limits::default()
        }
    }
}

/// What an iteration found, for the info callback ([`Player::search`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info<M> {
    /// The iteration's depth in plies.
    pub depth: u32,
    /// The score for the side to move, in hundredths of a man (about [`WIN`] for a
    /// win).
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes a second.
    pub nps: u64,
    /// Time spent so far.
    pub elapsed: Duration,
    /// The principal variation, best move first.
    pub pv: Vec<M>,
}

/// The result of a search: the move to play (`None` when the game is over or no move
/// is legal), its score and the work done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The best move found: always one of the position's legal moves.
    pub best: Option<M>,
    /// Its score for the side to move.
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<M>,
}

/// An exact value of a position for the side to move, with the distance to the end in
/// plies under best play, as an endgame table knows it.
///
/// ```
/// use column_checkers_player::Exact;
/// assert_ne!(Exact::Win(3), Exact::Loss(3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exact {
    /// The side to move wins in this many plies.
    Win(u16),
    /// The side to move loses in this many plies (0: the game is over, lost).
    Loss(u16),
    /// A draw with best play.
    Draw,
}

impl Exact {
    /// The search's score of the value at `ply` plies from the root: a win in `d` is
    /// worth [`WIN`] less the plies from the root to the end, so that the search
    /// prefers the shortest win and the longest loss.
    fn score(self, ply: usize) -> i32 {
        match self {
            Exact::Win(d) => WIN - (ply as i32 + i32::from(d)),
            Exact::Loss(d) => -(WIN - (ply as i32 + i32::from(d))),
            Exact::Draw => 0,
        }
    }
}

/// A look-up of exact values (an endgame table): `None` for a position it does not
/// know. [`Player::with_probe`] gives one to the search.
pub type Probe<P> = Arc<dyn Fn(&P) -> Option<Exact> + Send + Sync>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// A position's entry in the transposition table: 16 bytes, so that a probe reads one
/// cache line. The best move is kept as its place in the order the position lists its
/// legal moves ([`Position::legal_moves`]), which is always the same.
#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    score: i32,
    /// The best move's index among the legal moves, [`NO_MOVE`] for none.
    mv: u16,
    depth: u8,
    bound: Bound,
}

/// [`Entry::mv`] of a position whose best move is not known.
const NO_MOVE: u16 = u16::MAX;

/// The bits of an ordering key ([`Player::order`]) that hold the move's index in the
/// listed order, below its rank.
const INDEX_BITS: u32 = 16;
const INDEX_MASK: i64 = (1 << INDEX_BITS) - 1;

/// The index in the listed order of the move whose ordering key is `key`.
fn index_of(key: i64) -> u16 {
    (INDEX_MASK - (key & INDEX_MASK)) as u16
}

impl Entry {
    /// The best move of the position whose legal moves are `moves`, listed.
    fn best<M: Copy>(&self, moves: &[M]) -> Option<M> {
        moves.get(usize::from(self.mv)).copied()
    }
}

/// A computer player: the search, its tables and its evaluation's weights. Keep one
/// per game (its tables carry over from move to move) or per thread.
///
/// ```
/// use column_checkers::{Emergo, Position};
/// use column_checkers_player::{Limits, Player};
///
/// let mut player = Player::<Emergo>::new(1);
/// let pos = Emergo::start();
/// let found = player.search(&pos, &[], Limits::nodes(2_000), &mut |_| {});
/// assert!(pos.is_legal(&found.best.unwrap()));
/// ```
pub struct Player<P: Position> {
    table: Vec<Option<Entry>>,
    killers: Vec<[Option<P::Move>; 2]>,
    /// Move lists a node borrows and gives back, and the moves' ordering keys by ply:
    /// kept from node to node so that the search does not allocate.
    lists: Vec<MoveList<P::Move>>,
    keys: Vec<Vec<i64>>,
    /// History of quiet moves that caused a cutoff, by side, origin and destination.
    history: Vec<i32>,
    weights: Weights,
    options: SearchOptions,
    stop: Arc<AtomicBool>,
    clock: Box<dyn Clock>,
    probe: Option<Probe<P>>,
    // the search's state
    /// The keys of the positions from the game's start to the node searched: most
    /// positions have not stood there, and a count of the keys by their low 12 bits
    /// answers those at once (the path holds the whole game, and looking through it
    /// at every node cost the search a seventh of its time in a long game).
    path: History<4096>,
    nodes: u64,
    limits: Limits,
    aborted: bool,
    repetition: bool,
}

/// An index into the history table.
fn history_index<M: MoveSquares>(side: usize, mv: &M) -> usize {
    let from = mv.origin().map_or(255, |s| usize::from(s.0));
    let to = usize::from(mv.destination().0);
    (side << 16) | (from << 8) | to
}

impl<P> Player<P>
where
    P: Evaluate,
    P::Move: MoveSquares,
{
    /// A player with a transposition table of about `table_mb` megabytes (at least one
    /// entry), the weights of its ruleset ([`Evaluate::weights`]) and its search
    /// options ([`Evaluate::search_options`]).
    pub fn new(table_mb: usize) -> Player<P> {
        let entry = std::mem::size_of::<Option<Entry>>().max(1);
        let len = (table_mb.saturating_mul(1 << 20) / entry).max(1);
        Player {
            table: vec![None; len],
            killers: vec![[None, None]; MAX_PLY + 1],
            lists: Vec::new(),
            keys: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            history: vec![0; 2 << 16],
            weights: *P::weights(),
            options: P::search_options(),
            stop: Arc::new(AtomicBool::new(false)),
            clock: default_clock(),
            probe: None,
            path: History::new(),
            nodes: 0,
            limits: Limits::default(),
            aborted: false,
            repetition: true,
        }
    }
}

// What does not evaluate: the player's settings, its stop flag, its tables' reset.
impl<P: Position> Player<P> {
    /// The same player with other evaluation weights.
    pub fn with_weights(mut self, weights: Weights) -> Player<P> {
        self.weights = weights;
        self
    }

    /// The same player searching with other options than the defaults.
    ///
    /// ```
    /// use column_checkers::{Emergo, Position};
    /// use column_checkers_player::{Limits, Player, SearchOptions};
    ///
    /// let options: SearchOptions = "probcut=1 singular=1".parse().unwrap();
    /// let mut player = Player::<Emergo>::new(1).with_options(options);
    /// assert_eq!(*player.options(), options);
    /// let found = player.search(&Emergo::start(), &[], Limits::depth(8), &mut |_| {});
    /// assert!(found.best.is_some());
    /// ```
    pub fn with_options(mut self, options: SearchOptions) -> Player<P> {
        self.options = options;
        self
    }

    /// The options it searches with.
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// The same player reading time from `clock` (time limits need one; on
    /// `wasm32-unknown-unknown` the default clock never advances).
    pub fn with_clock(mut self, clock: Box<dyn Clock>) -> Player<P> {
        self.clock = clock;
        self
    }

    /// The same player looking positions up in `probe` (an endgame table) as it
    /// searches: a position the probe knows scores exactly, a win by its distance, so
    /// the player plays the shortest win and the longest defence. Where the root
    /// position and all its moves' positions are known, the search is a look-up.
    ///
    /// ```
    /// use column_checkers::{InternationalDraughts, Position};
    /// use column_checkers_player::{Exact, Limits, Player};
    /// use std::sync::Arc;
    ///
    /// // a toy table: any position where White has one man left is lost for White
    /// let probe = Arc::new(|p: &InternationalDraughts| {
    ///     (p.men(column_checkers::Color::White) == 1).then_some(Exact::Loss(0))
    /// });
    /// let mut player = Player::<InternationalDraughts>::new(1).with_probe(probe);
    /// let pos = InternationalDraughts::start();
    /// let found = player.search(&pos, &[], Limits::depth(2), &mut |_| {});
    /// assert!(pos.is_legal(&found.best.unwrap()));
    /// ```
    pub fn with_probe(mut self, probe: Probe<P>) -> Player<P> {
        self.probe = Some(probe);
        self
    }

    /// Whether the player has a probe ([`Player::with_probe`]).
    pub fn has_probe(&self) -> bool {
        self.probe.is_some()
    }

    /// The weights of its evaluation.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The flag that stops a search: set it from another thread; the search then
    /// returns its best move so far. [`Player::search`] clears it when it starts.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = None);
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.history.iter_mut().for_each(|h| *h = 0);
    }
}

impl<P> Player<P>
where
    P: Evaluate,
    P::Move: MoveSquares,
{
    /// Searches `pos` within `limits` and returns the best move found. `history` holds
    /// the Zobrist hashes of the game's earlier positions, oldest first (for
    /// repetitions: a position seen before, in the game or in the tree, scores as a
    /// draw where the ruleset draws by repetition). `on_info` hears of every completed
    /// iteration.
    pub fn search(
        &mut self,
        pos: &P,
        history: &[u64],
        limits: Limits,
        on_info: &mut dyn FnMut(&Info<P::Move>),
    ) -> SearchResult<P::Move> {
        self.stop.store(false, Ordering::Relaxed);
        self.clock.restart();
        self.limits = limits;
        self.nodes = 0;
        self.aborted = false;
        self.repetition = pos.repetition_draws();
        self.path.clear();
        self.path.extend(history.iter().copied());
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.history.iter_mut().for_each(|h| *h /= 8);

        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut result = SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        if moves.is_empty() || pos.outcome_among(&moves).is_some() {
            return result;
        }
        result.best = Some(moves[0]);
        if let Some(found) = self.look_up(pos, &moves) {
            on_info(&Info {
                depth: 1,
                score: found.score,
                nodes: found.nodes,
                nps: 0,
                elapsed: self.clock.elapsed(),
                pv: found.pv.clone(),
            });
            return found;
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        let mut previous = 0;
        for depth in 1..=max_depth {
            let (s, best) = self.aspiration(pos, &mut moves, depth, previous);
            if let Some(best) = best {
                // a move whose score was found in full, even in an unfinished iteration
                result.best = Some(best);
            }
            if self.aborted {
                break;
            }
            previous = s;
            result.score = s;
            result.depth = depth;
            result.pv = self.principal_variation(pos, depth as usize + 4);
            let elapsed = self.clock.elapsed();
            let nps = (self.nodes as u128 * 1000 / elapsed.as_millis().max(1)) as u64;
            on_info(&Info {
                depth,
                score: s,
                nodes: self.nodes,
                nps,
                elapsed,
                pv: result.pv.clone(),
            });
            if s.abs() > WIN_BOUND && (WIN - s.abs()) <= depth as i32 {
                break; // a forced end found within the depth searched
            }
            if moves.len() == 1 && limits.depth.is_none() && limits.nodes.is_none() {
                break; // one move: no need to think
            }
            if let Some(t) = limits.time.filter(|_| !self.options.spend) {
                // another iteration would not finish: it takes several times this one
                if self.clock.elapsed() * 2 > t {
                    break;
                }
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// The value of `pos` by the probe: a finished game by its outcome, else what the
    /// probe knows.
    fn exact(&self, pos: &P) -> Option<Exact> {
        let probe = self.probe.as_ref()?;
        if let Some(v) = probe(pos) {
            return Some(v);
        }
        pos.outcome().map(|o| match o.winner() {
            None => Exact::Draw,
            Some(w) if w == pos.turn() => Exact::Win(0),
            Some(_) => Exact::Loss(0),
        })
    }

    /// The search as a look-up, when the probe knows the root and every move's
    /// position: the best move by the values (the shortest win, the longest loss) and
    /// the line the values follow.
    fn look_up(&self, pos: &P, moves: &MoveList<P::Move>) -> Option<SearchResult<P::Move>> {
        // a win or loss past every known distance (a win/loss/draw database's) is no
        // look-up: the search plays on among the moves the probe scores
        let root = self.probe.as_ref()?(pos)?;
        if root != Exact::Draw && root.score(0).abs() <= WIN_BOUND {
            return None;
        }
        let mut nodes = 0;
        let mut best_of = |p: &P, moves: &MoveList<P::Move>| -> Option<(P::Move, i32)> {
            let mut best: Option<(P::Move, i32)> = None;
            let mut child = p.clone();
            for mv in moves.iter() {
                child.clone_from(p);
                child.play_unchecked(mv);
                nodes += 1;
                let s = -self.exact(&child)?.score(1);
                match best {
                    Some((_, b)) if b >= s => {}
                    _ => best = Some((*mv, s)),
                }
            }
            best
        };
        let (best, score) = best_of(pos, moves)?;
        // the line: each side's best by the values, while the values go on
        let mut pv = vec![best];
        let mut p = pos.clone();
        p.play_unchecked(&best);
        let mut replies = MoveList::new();
        while pv.len() < MAX_PLY {
            p.legal_moves(&mut replies);
            if replies.is_empty() || p.outcome_among(&replies).is_some() {
                break;
            }
            match best_of(&p, &replies) {
                Some((m, s)) if s != 0 => {
                    p.play_unchecked(&m);
                    pv.push(m);
                }
                _ => break,
            }
        }
        Some(SearchResult {
            best: Some(best),
            score,
            depth: 1,
            nodes,
            pv,
        })
    }

    /// Whether a limit is reached (clock and flag looked at every [`POLL`] nodes).
    fn out_of_time(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.aborted = true;
        } else if self.nodes % POLL == 0 {
            let late = self.limits.time.is_some_and(|t| self.clock.elapsed() >= t);
            if late || self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// One iteration searched in a window around the last one's score (from the fourth
    /// ply, short of a forced end), widened on the side it fails until the score falls
    /// inside: most iterations cost one narrow search. Returns the score and the best
    /// move found in full.
    fn aspiration(
        &mut self,
        pos: &P,
        moves: &mut MoveList<P::Move>,
        depth: u32,
        previous: i32,
    ) -> (i32, Option<P::Move>) {
        const FULL: (i32, i32) = (-WIN - 1, WIN + 1);
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = if depth >= 4 && previous.abs() < WIN_BOUND {
            (previous - delta, previous + delta)
        } else {
            FULL
        };
        let mut best = None;
        loop {
            let (s, found) = self.root(pos, moves, depth, alpha, beta);
            // a move that failed high is better than the last iteration's best
            best = found.or(best);
            if self.aborted {
                return (s, best);
            }
            if s <= alpha && alpha > FULL.0 {
                alpha = (s - delta).max(FULL.0);
            } else if s >= beta && beta < FULL.1 {
                beta = (s + delta).min(FULL.1);
            } else {
                return (s, best);
            }
            delta *= 2;
            if delta > 8 * ASPIRATION {
                (alpha, beta) = FULL;
            }
        }
    }

    /// One iteration at the root in the window (`alpha`, `beta`): sorts `moves` best
    /// first as it goes. Returns the score (a bound where it falls outside the window)
    /// and the best move whose score beat `alpha` (none when every move failed low).
    fn root(
        &mut self,
        pos: &P,
        moves: &mut MoveList<P::Move>,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> (i32, Option<P::Move>) {
        let alpha0 = alpha;
        let mut best: Option<P::Move> = None;
        let mut best_score = -WIN - 1;
        self.path.push(pos.zobrist());
        let mut child = pos.clone();
        for (i, mv) in moves.iter().enumerate() {
            child.clone_from(pos);
            child.play_unchecked(mv);
            self.nodes += 1;
            let d = depth as i32 - 1;
            let score = if i == 0 {
                -self.pvs(&child, d, 1, -beta, -alpha)
            } else {
                let s = -self.pvs(&child, d, 1, -alpha - 1, -alpha);
                if s > alpha && !self.aborted {
                    -self.pvs(&child, d, 1, -beta, -alpha)
                } else {
                    s
                }
            };
            if self.aborted {
                break;
            }
            if score > best_score {
                best_score = score;
                if score > alpha0 {
                    best = Some(*mv);
                }
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.path.pop();
        // best first, the rest in their order (stable): the next iteration's ordering
        if let Some(b) = best {
            if let Some(i) = moves.iter().position(|m| *m == b) {
                moves[..=i].rotate_right(1);
            }
            if !self.aborted && best_score < beta {
                // the table keeps the move's index in the listed order (the root's
                // moves are in the last iteration's order)
                let mut listed = MoveList::new();
                pos.legal_moves(&mut listed);
                let index = listed
                    .iter()
                    .position(|m| *m == b)
                    .map_or(NO_MOVE, |i| i as u16);
                self.store(
                    pos.zobrist(),
                    depth as i32,
                    0,
                    best_score,
                    Bound::Exact,
                    index,
                );
            }
        }
        (best_score, best)
    }

    fn terminal(outcome: Outcome, pos: &P, ply: usize) -> i32 {
        match outcome.winner() {
            None => 0,
            Some(w) if w == pos.turn() => WIN - ply as i32,
            Some(_) => -(WIN - ply as i32),
        }
    }

    fn repeated(&self, key: u64) -> bool {
        self.repetition && self.path.repeats(key)
    }

    fn pvs(&mut self, pos: &P, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        if self.out_of_time() {
            return 0;
        }
        let key = pos.zobrist();
        if self.repeated(key) {
            return 0;
        }
        if ply >= MAX_PLY {
            return pos.evaluate(&self.weights);
        }
        if let Some(probe) = &self.probe {
            if let Some(v) = probe(pos) {
                return v.score(ply);
            }
        }
        let mut moves = self.lists.pop().unwrap_or_default();
        let score = self.node(pos, key, depth, ply, alpha, beta, &mut moves);
        self.lists.push(moves);
        score
    }

    /// The rest of [`pvs`](Self::pvs), with the ply's move list.
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        pos: &P,
        key: u64,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        moves: &mut MoveList<P::Move>,
    ) -> i32 {
        pos.legal_moves(moves);
        if let Some(o) = pos.outcome_among(moves) {
            return Self::terminal(o, pos, ply);
        }
        // every move a capture: the rules force one (where captures are optional, as in
        // Epaminondas, a quiet move stays open and the player may stand pat)
        let forced = !moves.is_empty() && moves.iter().all(MoveSquares::is_capture);
        // a forced capture (or a single reply) is followed before the horizon
        let mut depth = if moves.len() == 1 { depth + 1 } else { depth };
        // the plies the moves are searched to: one less, two less after a threat
        let mut next = depth - 1;
        if depth <= 0 {
            // a quiet horizon where the other side threatens to capture: a ply more,
            // its replies then at the horizon of the quiescence alone
            let threat = self.options.threats
                && depth == 0
                && !moves.iter().any(MoveSquares::is_capture)
                && pos.capture_threat();
            if !threat {
                return self.quiesce(pos, moves, forced, ply, alpha, beta);
            }
            (depth, next) = (1, -1);
        }
        let alpha0 = alpha;
        let mut hash_move = None;
        let entry = self.probe(key);
        if let Some(e) = entry {
            hash_move = e.best(moves).map(|_| usize::from(e.mv));
            if i32::from(e.depth) >= depth {
                let s = from_table(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let mut keys = std::mem::take(&mut self.keys[ply]);
        self.order(moves, &mut keys, hash_move, ply, pos.turn().index());
        self.path.push(key);
        let mut best = -WIN - 1;
        let mut best_move = NO_MOVE;
        let mut child = pos.clone();
        // a node outside the principal variation (searched with a null window)
        let scout = beta - alpha == 1;
        if self.options.probcut && scout && depth >= PROBCUT_DEPTH {
            if let Some((s, index)) = self.probcut(pos, moves, &mut keys, entry, depth, ply, beta) {
                self.path.pop();
                self.keys[ply] = keys;
                if !self.aborted {
                    self.store(key, depth - PROBCUT_REDUCTION, ply, s, Bound::Lower, index);
                }
                return if self.aborted { 0 } else { s };
            }
        }
        for i in 0..moves.len() {
            let mv = &pick(moves, &mut keys, i);
            let extension =
                if i == 0 && self.options.singular && Some(index_of(keys[0]) as usize) == hash_move
                {
                    i32::from(self.singular(pos, moves, &mut keys, entry, depth, ply))
                } else {
                    0
                };
            if self.aborted {
                self.path.pop();
                self.keys[ply] = keys;
                return 0;
            }
            child.clone_from(pos);
            child.play_unchecked(mv);
            self.nodes += 1;
            let score = if i == 0 {
                -self.pvs(&child, next + extension, ply + 1, -beta, -alpha)
            } else {
                // late move reduction: a quiet move sorted late, off the principal
                // variation, is searched a ply shallower first, in full if it beats alpha
                let r = i32::from(scout && depth >= 3 && i >= 3 && !mv.is_capture());
                let mut s = -self.pvs(&child, next - r, ply + 1, -alpha - 1, -alpha);
                if s > alpha && r > 0 && !self.aborted {
                    s = -self.pvs(&child, next, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta && !self.aborted {
                    -self.pvs(&child, next, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            if self.aborted {
                self.path.pop();
                self.keys[ply] = keys;
                return 0;
            }
            if score > best {
                best = score;
                best_move = index_of(keys[i]);
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    if !mv.is_capture() {
                        let k = &mut self.killers[ply];
                        if k[0] != Some(*mv) {
                            k[1] = k[0];
                            k[0] = Some(*mv);
                        }
                        let h = &mut self.history[history_index(pos.turn().index(), mv)];
                        *h = (*h + depth * depth).min(1 << 20);
                    }
                    break;
                }
            }
        }
        self.path.pop();
        self.keys[ply] = keys;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.store(key, depth, ply, best, bound, best_move);
        best
    }

    /// ProbCut at a null-window node (`beta - 1`, `beta`) of `depth`: the moves, in
    /// their order, searched [`PROBCUT_REDUCTION`] plies shallower against a bound
    /// [`PROBCUT_MARGIN`] above beta. The first that clears it, with its index in the
    /// listed order, stands for a cut at full depth; none when none does (or the table
    /// already says the node falls short of the bound, or the bound is a forced end's).
    /// Called with the node's key on the path; `keys` are the moves' ordering keys.
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        pos: &P,
        moves: &mut MoveList<P::Move>,
        keys: &mut [i64],
        entry: Option<Entry>,
        depth: i32,
        ply: usize,
        beta: i32,
    ) -> Option<(i32, u16)> {
        let bound = beta + PROBCUT_MARGIN;
        if bound.abs() >= WIN_BOUND {
            return None;
        }
        let reduced = depth - PROBCUT_REDUCTION;
        if let Some(e) = entry {
            let s = from_table(e.score, ply);
            if i32::from(e.depth) >= reduced && e.bound != Bound::Lower && s < bound {
                return None;
            }
        }
        let (i, s) = self.first_reaching(pos, moves, keys, 0, reduced - 1, ply, bound)?;
        Some((s, index_of(keys[i])))
    }

    /// The first of `moves[from..]`, in their order (picked by `keys`), whose position
    /// searched to `depth` in a null window at `bound` scores `bound` or more: its
    /// place in `moves` and its score. None when none does, or the search stopped.
    #[allow(clippy::too_many_arguments)]
    fn first_reaching(
        &mut self,
        pos: &P,
        moves: &mut MoveList<P::Move>,
        keys: &mut [i64],
        from: usize,
        depth: i32,
        ply: usize,
        bound: i32,
    ) -> Option<(usize, i32)> {
        let mut child = pos.clone();
        for i in from..moves.len() {
            let mv = pick(moves, keys, i);
            child.clone_from(pos);
            child.play_unchecked(&mv);
            self.nodes += 1;
            let s = -self.pvs(&child, depth, ply + 1, -bound, -bound + 1);
            if self.aborted {
                return None;
            }
            if s >= bound {
                return Some((i, s));
            }
        }
        None
    }

    /// Whether the table's best move, first in `moves` (picked), is singular: the
    /// table holds a lower bound or exact score for it from nearly the node's depth,
    /// and every other move, searched at half the depth, falls short of that score by
    /// two points a ply. Called with the node's key on the path.
    #[allow(clippy::too_many_arguments)]
    fn singular(
        &mut self,
        pos: &P,
        moves: &mut MoveList<P::Move>,
        keys: &mut [i64],
        entry: Option<Entry>,
        depth: i32,
        ply: usize,
    ) -> bool {
        let Some(e) = entry else {
            return false;
        };
        let score = from_table(e.score, ply);
        if depth < SINGULAR_DEPTH
            || moves.len() < 2
            || e.bound == Bound::Upper
            || i32::from(e.depth) < depth - SINGULAR_TABLE_SLACK
            || score.abs() >= WIN_BOUND
            || ply >= MAX_PLY / 2
        {
            return false;
        }
        let bound = score - 2 * depth;
        let reduced = depth / 2;
        let other = self.first_reaching(pos, moves, keys, 1, reduced - 1, ply, bound);
        other.is_none() && !self.aborted
    }

    /// The quiescence search: a position whose player must capture is searched on
    /// through the captures (no standing pat: the capture is compulsory); where captures
    /// are on offer but optional, the better of the evaluation and the captures; any
    /// other is scored by the evaluation.
    fn quiesce(
        &mut self,
        pos: &P,
        moves: &mut MoveList<P::Move>,
        forced: bool,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if ply >= MAX_PLY {
            return pos.evaluate(&self.weights);
        }
        let mut best = -WIN - 1;
        if !forced {
            // standing pat: the player may decline the captures on offer
            best = pos.evaluate(&self.weights);
            if best >= beta || !moves.iter().any(MoveSquares::is_capture) {
                return best;
            }
            alpha = alpha.max(best);
        }
        // the captures first, the most men taken first
        moves.sort_unstable_by_key(|m| core::cmp::Reverse((m.is_capture(), m.men_captured())));
        self.path.push(pos.zobrist());
        let mut child = pos.clone();
        let mut replies = self.lists.pop().unwrap_or_default();
        for mv in moves.iter().take_while(|m| m.is_capture()) {
            child.clone_from(pos);
            child.play_unchecked(mv);
            self.nodes += 1;
            let score = if self.out_of_time() || self.repeated(child.zobrist()) {
                0
            } else {
                child.legal_moves(&mut replies);
                match child.outcome_among(&replies) {
                    Some(o) => -Self::terminal(o, &child, ply + 1),
                    None => {
                        let f = !replies.is_empty() && replies.iter().all(MoveSquares::is_capture);
                        -self.quiesce(&child, &mut replies, f, ply + 1, -beta, -alpha)
                    }
                }
            };
            if self.aborted {
                break;
            }
            best = best.max(score);
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        self.path.pop();
        self.lists.push(replies);
        if self.aborted {
            0
        } else {
            best
        }
    }

    /// Scores `moves` into `keys` for [`pick`], best first: the hash move (by its index
    /// in `moves`), captures by men taken, killers, then the history of quiet moves;
    /// equals in the listed order. Each key's low [`INDEX_BITS`] say where its move was
    /// listed ([`index_of`]).
    fn order(
        &self,
        moves: &[P::Move],
        keys: &mut Vec<i64>,
        hash: Option<usize>,
        ply: usize,
        side: usize,
    ) {
        let killers = self.killers[ply.min(MAX_PLY)];
        keys.clear();
        keys.extend(moves.iter().enumerate().map(|(i, m)| {
            let rank = if Some(i) == hash {
                1 << 40
            } else if m.is_capture() {
                (1 << 32) + m.men_captured() as i64
            } else if Some(*m) == killers[0] {
                1 << 31
            } else if Some(*m) == killers[1] {
                (1 << 31) - 1
            } else {
                i64::from(self.history[history_index(side, m)])
            };
            (rank << INDEX_BITS) | (INDEX_MASK - i as i64)
        }));
    }

    fn slot(&self, key: u64) -> usize {
        (key % self.table.len() as u64) as usize
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        self.table[self.slot(key)].filter(|e| e.key == key)
    }

    fn store(&mut self, key: u64, depth: i32, ply: usize, score: i32, bound: Bound, mv: u16) {
        let i = self.slot(key);
        let depth = depth.clamp(0, 255) as u8;
        if let Some(old) = self.table[i] {
            // keep a deeper entry of the same position's move when this one has none
            if old.key == key && old.depth > depth && bound != Bound::Exact {
                return;
            }
        }
        self.table[i] = Some(Entry {
            key,
            mv: match self.table[i] {
                Some(old) if mv == NO_MOVE && old.key == key => old.mv,
                _ => mv,
            },
            score: to_table(score, ply),
            depth,
            bound,
        });
    }

    /// The principal variation from the table: legal moves only, no position twice.
    fn principal_variation(&self, pos: &P, max: usize) -> Vec<P::Move> {
        let mut pv = Vec::new();
        let mut p = pos.clone();
        let mut seen = Vec::new();
        let mut moves = MoveList::new();
        while pv.len() < max {
            let key = p.zobrist();
            if seen.contains(&key) {
                break;
            }
            seen.push(key);
            p.legal_moves(&mut moves);
            if p.outcome_among(&moves).is_some() {
                break;
            }
            let Some(mv) = self.probe(key).and_then(|e| e.best(&moves)) else {
                break;
            };
            p.play_unchecked(&mv);
            pv.push(mv);
        }
        pv
    }
}

/// Brings the best-keyed of `moves[i..]` (the first of equals) to `i` and returns it:
/// the moves are sorted only as far as the search gets before a cutoff.
fn pick<M: Copy>(moves: &mut [M], keys: &mut [i64], i: usize) -> M {
    let mut best = i;
    for j in i + 1..moves.len() {
        if keys[j] > keys[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    keys.swap(i, best);
    moves[i]
}

/// A score as the table keeps it: wins counted from the position, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl<P> crate::Searcher<P> for Player<P>
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
        Player::search(self, pos, history, limits, on_info)
    }

    fn clear(&mut self) {
        Player::clear(self);
    }

    fn stop_flag(&self) -> Arc<AtomicBool> {
        Player::stop_flag(self)
    }
}

#[cfg(feature = "solver")]
impl<P> Player<P>
where
    P: Evaluate,
    P::Move: MoveSquares,
{
    /// The same player probing, as it searches, the tables of its ruleset in `tables`
    /// (see [`Player::with_probe`] and the [`tables`](crate::tables) module); a player of a ruleset
    /// without tables there is returned unchanged.
    ///
    /// ```
    /// use column_checkers::{Emergo, Lasca};
    /// use column_checkers_player::tables::{one_on_one, Tables};
    /// use column_checkers_player::{Limits, Player, WIN};
    ///
    /// let tables = Tables::default().with_emergo(one_on_one());
    /// let mut player = Player::<Emergo>::new(1).with_tables(&tables);
    /// // White's cap of 12 against Black's of 12 on the next diagonal: a forced win
    /// let pos: Emergo = "e1:wwwwwwwwwwww,f3:bbbbbbbbbbbb w 0/0".parse().unwrap();
    /// let found = player.search(&pos, &[], Limits::depth(1), &mut |_| {});
    /// assert_eq!(found.score, WIN - 79);
    /// assert!(!Player::<Lasca>::new(1).with_tables(&tables).has_probe());
    /// ```
    pub fn with_tables(self, tables: &crate::tables::Tables) -> Player<P> {
        match P::tables_probe(tables) {
            Some(probe) => self.with_probe(probe),
            None => self,
        }
    }
}

#[cfg(test)]
#[path = "search_tests.rs"]
mod tests;
