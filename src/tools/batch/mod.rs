//! A game played one action at a time, for learning environments and batched
//! stepping: an action is a click on a square (its index in the board's
//! [`Geometry`] order), a move is entered as a person enters it (its click path,
//! origin then every landing, [`Introspect::click_paths`]), and a game is cut off after
//! a given number of actions.
//!
//! [`ActionGame`] is [`Game`] and [`MoveInput`](crate::engine::input::MoveInput) made
//! for speed: one move generation a move, no allocation at a step once its buffers
//! have grown, the legal actions kept as a list and a [`WideSquareSet`]. The legal
//! actions are the squares that continue some legal move after the clicks so far; when
//! the clicks are a whole click path the move is played. Mid-move, the same player is
//! to move and the pending clicks are part of the state.
//!
//! The end of the game is [`Game`]'s: the position's outcome, or a draw by threefold
//! repetition in the rulesets that have the rule. The history is kept here (the hash
//! of the position before each move, and every 32nd of those positions to confirm a
//! hash match by replaying at most 31 moves), so that a move costs one move
//! generation; [`ActionGame::to_game`] rebuilds the [`Game`] (for records), and the
//! tests check along random games of every ruleset that its outcome is this one.
//!
//! With the `std` feature, [`Batch`] steps `n` such games together on threads kept
//! for it, and [`playouts`] plays random games on threads.
//!
//! [`AnyActionGame`] and [`AnyBatch`] are the two for a ruleset chosen at run time (a
//! [`Ruleset`](crate::Ruleset)), as [`AnyGame`](crate::AnyGame) is [`Game`]: what a
//! binding holds, deciding nothing of the game.
//!
//! ```
//! use column_checkers::tools::batch::{ActionGame, Clicked};
//! use column_checkers::{Lasca, Position};
//!
//! let mut game = ActionGame::new(Lasca::start(), 0);
//! let g = game.geometry();
//! let c3 = g.parse_square("c3").unwrap().0;
//! assert!(game.legal_actions().contains(&c3));
//! assert_eq!(game.apply(i64::from(c3)), Ok(Clicked::Pending));
//! let d4 = g.parse_square("d4").unwrap().0;
//! assert_eq!(game.apply(i64::from(d4)), Ok(Clicked::Played));
//! assert_eq!(game.moves()[0].to_string(), "c3-d4");
//! assert_eq!(game.actions(), [c3, d4]);
//! ```

use crate::alloc_prelude::*;
use crate::engine::board::Geometry;
use crate::engine::color::Color;
use crate::engine::counting::Counting;
use crate::engine::game::{repetition_draw, Game};
use crate::engine::introspect::Introspect;
use crate::engine::moves::{MoveList, MoveSquares};
use crate::engine::outcome::{EndReason, Outcome};
use crate::engine::square::Square;
use crate::engine::wide_set::WideSquareSet;
use thiserror::Error;

mod any;
#[cfg(feature = "std")]
mod envs;
#[cfg(feature = "std")]
mod workers;
#[cfg(feature = "std")]
pub use envs::{playouts, result_code, stream, AnyObserver, Batch, BatchError, Observer};

#[cfg(feature = "std")]
pub use any::AnyBatch;
pub use any::{ActionGameVisitor, AnyActionError, AnyActionGame, StateTextError};

/// The legal actions, in increasing order, in a buffer of every square index: written
/// word by word with the bits in a register and no capacity or bounds check, at every
/// action.
#[derive(Clone)]
struct Actions {
    sq: [u8; 256],
    len: u16,
}

impl Actions {
    const NONE: Actions = Actions {
        sq: [0; 256],
        len: 0,
    };

    /// The squares of `set`, in increasing order.
    #[inline]
    fn write(&mut self, set: WideSquareSet) {
        let mut n = 0usize;
        for (w, word) in set.words().into_iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                // n < 256 here: a set holds at most 256 squares
                self.sq[n & 255] = (w * 64) as u8 + bits.trailing_zeros() as u8;
                n += 1;
                bits &= bits - 1;
            }
        }
        self.len = n as u16;
    }

    #[inline]
    fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    fn as_slice(&self) -> &[u8] {
        &self.sq[..self.len as usize]
    }
}

impl core::fmt::Debug for Actions {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// The `k`-th square of `set` in increasing order: whole words skipped by their
/// counts, then `k` bits cleared in the word that holds it.
#[inline]
fn nth_square(set: WideSquareSet, mut k: usize) -> Option<Square> {
    for (w, word) in set.words().into_iter().enumerate() {
        let ones = word.count_ones() as usize;
        if k < ones {
            let mut bits = word;
            for _ in 0..k {
                bits &= bits - 1;
            }
            return Some(Square((w * 64) as u8 + bits.trailing_zeros() as u8));
        }
        k -= ones;
    }
    None
}

/// A copy of `v` with room for `room` items: a clone of a game keeps its buffers'
/// room, so that the copy's first moves do not grow them again.
fn with_room<T: Clone>(v: &[T], room: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(room.max(v.len()));
    out.extend_from_slice(v);
    out
}

/// A copy of a move list with a new list's room.
fn list_with_room<M: Clone>(list: &MoveList<M>) -> MoveList<M> {
    let mut out = MoveList::new();
    out.as_vec_mut().extend_from_slice(list);
    out
}

/// One square of `set` picked uniformly by `r` (a random 64-bit number), `None` when
/// `set` is empty: the pick of [`ActionGame::random_action`] from the same set.
///
/// ```
/// use column_checkers::tools::batch::random_square;
/// use column_checkers::Square;
/// use column_checkers::engine::wide_set::WideSquareSet;
///
/// let mut set = WideSquareSet::EMPTY;
/// set.insert(Square(3));
/// set.insert(Square(200));
/// assert_eq!(random_square(set, 0), Some(Square(3)));
/// assert_eq!(random_square(set, u64::MAX), Some(Square(200)));
/// assert_eq!(random_square(WideSquareSet::EMPTY, 7), None);
/// ```
#[inline]
pub fn random_square(set: WideSquareSet, r: u64) -> Option<Square> {
    let n = set.count();
    if n == 0 {
        return None;
    }
    nth_square(set, ((r as u128 * n as u128) >> 64) as usize)
}

/// The hashes of the positions before each move, in a filter of 1 024 slots (by the
/// hash's low bits; a Zobrist hash is uniformly random): whether a slot holds two
/// positions or more. A position can have occurred twice before only if its slot
/// does; the history is searched only then (a few in a thousand moves of a random
/// game), where a hash map would cost a lookup and an insertion at every move.
#[derive(Clone, Copy, Debug, Default)]
struct SeenFilter {
    once: [u64; 16],
    twice: [u64; 16],
}

impl SeenFilter {
    #[inline]
    fn slot(h: u64) -> (usize, u64) {
        (((h >> 6) & 15) as usize, 1 << (h & 63))
    }

    #[inline]
    fn insert(&mut self, h: u64) {
        let (w, b) = Self::slot(h);
        self.twice[w] |= self.once[w] & b;
        self.once[w] |= b;
    }

    /// Whether `h` may have been inserted twice or more.
    #[inline]
    fn maybe_twice(&self, h: u64) -> bool {
        let (w, b) = Self::slot(h);
        self.twice[w] & b != 0
    }
}

/// Every how many moves the history keeps a position (to confirm repetitions).
const CHECKPOINT: usize = 32;

/// Why an action was refused; the game is unchanged.
///
/// ```
/// use column_checkers::tools::batch::ActionGame;
/// use column_checkers::{Emergo, Position};
///
/// let mut game = ActionGame::new(Emergo::start(), 0);
/// let e = game.apply(300).unwrap_err();
/// assert_eq!(e.to_string(), "action 300 is not a square of this board (actions are 0 to 40)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The game is over (the outcome in words).
    #[error("the game is over ({0})")]
    GameOver(String),
    /// Not a square index of the board.
    #[error(
        "action {action} is not a square of this board (actions are 0 to {})",
        squares.saturating_sub(1)
    )]
    OffBoard {
        /// The action given.
        action: i64,
        /// The board's squares.
        squares: usize,
    },
    /// No legal move goes on with this square after the clicks so far.
    #[error("{}", not_legal(square, after, legal))]
    NotLegal {
        /// The square clicked.
        square: String,
        /// The clicks before it.
        after: Vec<String>,
        /// The squares a legal move goes on to.
        legal: Vec<String>,
    },
    /// A whole move given while the clicks of another are pending.
    #[error("a move is being entered (clicks {0}): finish it first")]
    MidMove(String),
    /// A whole move that is not legal here (or whose clicks do not name it alone).
    #[error("{0} is not a legal move here")]
    NotAMove(String),
}

/// [`ActionError::NotLegal`] in words: at most 16 of the squares that go on.
fn not_legal(square: &str, after: &[String], legal: &[String]) -> String {
    let mut list = legal
        .iter()
        .take(16)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if legal.len() > 16 {
        list.push_str(", ...");
    }
    if after.is_empty() {
        format!("no legal move starts on {square}; a move starts on {list}")
    } else {
        format!(
            "no legal move goes on to {square} after {}; it may go on to {list}",
            after.join("-")
        )
    }
}

/// How an action that was accepted left the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clicked {
    /// The move needs more clicks.
    Pending,
    /// The clicks named a move; it was played.
    Played,
}

/// The click paths of a position: the distinct legal moves, and per path its move and
/// squares. Two forms: *listed*, when no move captures, one path per move read from
/// the move itself (its origin, if any, then its one landing), nothing copied; *routes*,
/// when captures are due, every route of every move from [`Introspect::click_paths`],
/// flattened (`sq[start[i]..start[i + 1]]`, move `moves[mv[i]]`).
#[derive(Debug)]
struct Paths<M> {
    moves: MoveList<M>,
    listed: bool,
    mv: Vec<u16>,
    start: Vec<u32>,
    sq: Vec<u8>,
}

impl<M: Clone> Clone for Paths<M> {
    fn clone(&self) -> Self {
        Paths {
            moves: list_with_room(&self.moves),
            listed: self.listed,
            mv: with_room(&self.mv, self.mv.capacity()),
            start: with_room(&self.start, self.start.capacity()),
            sq: with_room(&self.sq, self.sq.capacity()),
        }
    }
}

/// The first click of a move in the listed form: its origin, or where an entry goes.
#[inline]
fn first_click<M: MoveSquares>(mv: &M) -> u8 {
    match mv.origin() {
        Some(from) => from.0,
        None => mv.destination().0,
    }
}

impl<M: Copy + PartialEq + MoveSquares> Paths<M> {
    fn new() -> Self {
        Paths {
            moves: MoveList::new(),
            listed: true,
            mv: Vec::new(),
            start: vec![0],
            sq: Vec::new(),
        }
    }

    fn clear(&mut self) {
        self.moves.clear();
        self.listed = true;
        self.mv.clear();
        self.start.truncate(1);
        self.sq.clear();
    }

    /// The listed form from `moves` (swapped in), the first clicks into `first`;
    /// `false`, and nothing kept, when one of them captures.
    fn list(&mut self, moves: &mut MoveList<M>, first: &mut WideSquareSet) -> bool {
        // one pass for both (the moves of a position without captures are most of
        // them): the first clicks are dropped when a move captures
        let mut firsts = WideSquareSet::EMPTY;
        let mut captures = false;
        for mv in moves.iter() {
            captures |= mv.is_capture();
            firsts.insert(Square(first_click(mv)));
        }
        if captures {
            return false;
        }
        core::mem::swap(&mut self.moves, moves);
        self.listed = true;
        *first |= firsts;
        true
    }

    /// A route of `mv` (the routes form), `mv` added to the moves when it is new.
    fn push_route(&mut self, mv: M, path: &[Square]) {
        self.listed = false;
        let m = match self.moves.iter().rposition(|x| *x == mv) {
            Some(m) => m,
            None => {
                self.moves.push(mv);
                self.moves.len() - 1
            }
        };
        self.mv.push(m as u16);
        self.sq.extend(path.iter().map(|s| s.0));
        self.start.push(self.sq.len() as u32);
    }

    #[inline]
    fn len(&self) -> usize {
        if self.listed {
            self.moves.len()
        } else {
            self.mv.len()
        }
    }

    #[inline]
    fn path_len(&self, i: usize) -> usize {
        if self.listed {
            1 + self.moves[i].origin().is_some() as usize
        } else {
            (self.start[i + 1] - self.start[i]) as usize
        }
    }

    /// The `k`-th square of path `i`.
    #[inline]
    fn at(&self, i: usize, k: usize) -> Option<u8> {
        if self.listed {
            let mv = &self.moves[i];
            match (k, mv.origin()) {
                (0, Some(from)) => Some(from.0),
                (0, None) | (1, Some(_)) => Some(mv.destination().0),
                _ => None,
            }
        } else {
            let (a, b) = (self.start[i] as usize, self.start[i + 1] as usize);
            (a + k < b).then(|| self.sq[a + k])
        }
    }

    /// The paths whose first square is `sq`, into `out`.
    fn starting_on(&self, sq: u8, out: &mut Vec<u32>) {
        out.clear();
        if self.listed {
            out.extend(
                (0..self.moves.len() as u32)
                    .filter(|&i| first_click(&self.moves[i as usize]) == sq),
            );
        } else {
            out.extend(
                (0..self.mv.len() as u32)
                    .filter(|&i| self.sq[self.start[i as usize] as usize] == sq),
            );
        }
    }

    /// The first squares of the paths, into `out`.
    fn first_squares(&self, out: &mut WideSquareSet) {
        if self.listed {
            for mv in self.moves.iter() {
                out.insert(Square(first_click(mv)));
            }
        } else {
            for &a in &self.start[..self.mv.len()] {
                out.insert(Square(self.sq[a as usize]));
            }
        }
    }

    fn path(&self, i: usize) -> Vec<u8> {
        (0..self.path_len(i))
            .filter_map(|k| self.at(i, k))
            .collect()
    }

    #[inline]
    fn same_move(&self, i: usize, j: usize) -> bool {
        if self.listed {
            i == j
        } else {
            self.mv[i] == self.mv[j]
        }
    }

    #[inline]
    fn move_of(&self, i: usize) -> M {
        if self.listed {
            self.moves[i]
        } else {
            self.moves[self.mv[i] as usize]
        }
    }
}

/// A game played one click at a time (see the [module](self)).
#[derive(Debug)]
pub struct ActionGame<P: Introspect> {
    start: P,
    pos: P,
    /// The hash of the position before each move, and (only when the ruleset draws by
    /// repetition) the position before every [`CHECKPOINT`]-th move.
    hashes: Vec<u64>,
    checkpoints: Vec<P>,
    /// The hashes of the positions before each move (only when the ruleset draws by
    /// repetition): a position is looked for in the history only when its hash may
    /// be there twice.
    seen: SeenFilter,
    moves: Vec<P::Move>,
    /// Every action taken, in order.
    actions: Vec<u8>,
    /// The actions at which each move was completed (`move_ends[i]` = index in
    /// `actions` one past the last click of move `i`).
    move_ends: Vec<u32>,
    /// The clicks of the move being entered.
    clicks: Vec<u8>,
    paths: Paths<P::Move>,
    /// The paths that begin with `clicks` (meaningful when `clicks` is not empty).
    alive: Vec<u32>,
    /// The legal actions now, in increasing order, and as a set.
    legal: Actions,
    legal_set: WideSquareSet,
    outcome: Option<Outcome>,
    /// Ended by the action limit (not by the rules).
    truncated: bool,
    /// The action limit: 0 for none.
    max_actions: usize,
    repetition: bool,
    scratch: MoveList<P::Move>,
}

impl<P: Introspect> Clone for ActionGame<P> {
    /// A copy with its buffers' room (a derived clone would give them none, and the
    /// copy's first moves would grow them again).
    fn clone(&self) -> Self {
        ActionGame {
            start: self.start.clone(),
            pos: self.pos.clone(),
            hashes: with_room(&self.hashes, self.hashes.capacity()),
            checkpoints: self.checkpoints.clone(),
            seen: self.seen,
            moves: with_room(&self.moves, self.moves.capacity()),
            actions: with_room(&self.actions, self.actions.capacity()),
            move_ends: with_room(&self.move_ends, self.move_ends.capacity()),
            clicks: with_room(&self.clicks, self.clicks.capacity()),
            paths: self.paths.clone(),
            alive: with_room(&self.alive, self.alive.capacity()),
            legal: self.legal.clone(),
            legal_set: self.legal_set,
            outcome: self.outcome,
            truncated: self.truncated,
            max_actions: self.max_actions,
            repetition: self.repetition,
            scratch: list_with_room(&self.scratch),
        }
    }
}

impl<P: Introspect + Counting> ActionGame<P> {
    /// A game from `start`, ended after `max_actions` actions (0: no limit).
    pub fn new(start: P, max_actions: usize) -> Self {
        let repetition = start.repetition_draws();
        let mut c = ActionGame {
            start: start.clone(),
            pos: start,
            hashes: Vec::with_capacity(256),
            checkpoints: Vec::new(),
            seen: SeenFilter::default(),
            moves: Vec::with_capacity(256),
            actions: Vec::with_capacity(512),
            move_ends: Vec::with_capacity(256),
            clicks: Vec::new(),
            paths: Paths::new(),
            alive: Vec::new(),
            legal: Actions::NONE,
            legal_set: WideSquareSet::EMPTY,
            outcome: None,
            truncated: false,
            max_actions,
            repetition,
            scratch: MoveList::new(),
        };
        c.refresh();
        c
    }

    /// Back to the start position, keeping the buffers.
    pub fn reset(&mut self) {
        self.pos.clone_from(&self.start);
        self.checkpoints.clear();
        self.seen = SeenFilter::default();
        self.hashes.clear();
        self.moves.clear();
        self.actions.clear();
        self.move_ends.clear();
        self.truncated = false;
        self.refresh();
    }

    /// The board.
    pub fn geometry(&self) -> &'static Geometry {
        self.pos.geometry()
    }

    /// The current position (the pending clicks are not in it).
    pub fn position(&self) -> &P {
        &self.pos
    }

    /// The position the game started from.
    pub fn start(&self) -> &P {
        &self.start
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// Every action taken, in order (the pending clicks too).
    pub fn actions(&self) -> &[u8] {
        &self.actions
    }

    /// The clicks of the move being entered.
    pub fn clicks(&self) -> &[u8] {
        &self.clicks
    }

    /// The action limit (0: none).
    pub fn max_actions(&self) -> usize {
        self.max_actions
    }

    /// The outcome by the rules (`None` while the game goes on or when it was cut off
    /// by the action limit).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game was cut off by the action limit (not ended by the rules).
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// Whether the game is over: by the rules or by the action limit.
    pub fn is_terminal(&self) -> bool {
        self.outcome.is_some() || self.truncated
    }

    /// The player to move (0 White, 1 Black), `None` when the game is over.
    #[inline]
    pub fn current_player(&self) -> Option<usize> {
        (!self.is_terminal()).then(|| self.pos.turn().index())
    }

    /// The final scores `[White, Black]`: 1 for a win, -1 for a loss, 0 for a draw, a
    /// cut-off game or a game going on.
    pub fn returns(&self) -> [f32; 2] {
        match self.outcome.and_then(|o| o.winner()) {
            Some(Color::White) => [1.0, -1.0],
            Some(Color::Black) => [-1.0, 1.0],
            None => [0.0, 0.0],
        }
    }

    /// The legal actions, in increasing order (empty when the game is over).
    #[inline]
    pub fn legal_actions(&self) -> &[u8] {
        self.legal.as_slice()
    }

    /// The legal actions, as a set.
    #[inline]
    pub fn legal_set(&self) -> WideSquareSet {
        self.legal_set
    }

    /// Whether `a` is a legal action now.
    #[inline]
    pub fn is_legal_action(&self, a: i64) -> bool {
        (0..256).contains(&a) && self.legal_set.contains(Square(a as u8))
    }

    /// The legal moves still possible after the clicks so far, each once, in the order
    /// of the click paths (for the first click: the legal-move list's order when no
    /// capture is due).
    pub fn candidates(&self) -> Vec<P::Move> {
        let mut out: Vec<P::Move> = Vec::new();
        if self.is_terminal() {
            return out;
        }
        let mut add = |m: P::Move| {
            if !out.contains(&m) {
                out.push(m);
            }
        };
        if self.clicks.is_empty() {
            self.paths.moves.iter().for_each(|&m| add(m));
        } else {
            self.alive
                .iter()
                .for_each(|&i| add(self.paths.move_of(i as usize)));
        }
        out
    }

    /// Every click path of the current position: `(move, squares)`, every route of a
    /// capture (what [`Introspect::click_paths`] gives). Empty when the game is over.
    pub fn click_paths(&self) -> Vec<(P::Move, Vec<u8>)> {
        if self.is_terminal() {
            return Vec::new();
        }
        (0..self.paths.len())
            .map(|i| (self.paths.move_of(i), self.paths.path(i)))
            .collect()
    }

    /// The position's click paths, its outcome and the legal first clicks, after a move
    /// (or at the start).
    fn refresh(&mut self) {
        self.clicks.clear();
        self.alive.clear();
        self.paths.clear();
        self.outcome = None;
        self.legal_set = WideSquareSet::EMPTY;
        self.pos.legal_moves(&mut self.scratch);
        // the outcome from the moves just listed (no second move generation): no legal
        // move, or a counted draw (the draughts games' king or endgame moves), which
        // ends a game whose player could still move
        self.outcome = self.pos.outcome_among(&self.scratch);
        if self.outcome.is_some() {
            // over by the rules
        } else if self.scratch.is_empty() {
            // every ruleset of the crate gives an outcome then; a position type of
            // one's own may not
            self.outcome = Some(Outcome::Draw {
                reason: EndReason::NoLegalMove,
            });
        } else if let Some(draw) = (self.repetition && self.seen.maybe_twice(self.pos.zobrist()))
            .then(|| repetition_draw(&self.pos, || self.repetitions()))
            .flatten()
        {
            // the filter says when the position may have occurred twice before
            self.outcome = Some(draw);
        } else if !self.paths.list(&mut self.scratch, &mut self.legal_set) {
            // captures: every route of every move
            let paths = &mut self.paths;
            self.pos
                .click_paths_among(&self.scratch, &mut |mv, path| paths.push_route(*mv, path));
            paths.first_squares(&mut self.legal_set);
        }
        if self.max_actions > 0 && self.actions.len() >= self.max_actions && self.outcome.is_none()
        {
            self.truncated = true;
        }
        if self.is_terminal() {
            self.legal_set = WideSquareSet::EMPTY;
        }
        self.legal.write(self.legal_set);
    }

    /// How many times the current position has occurred (same player to move),
    /// counting this one: [`Game::repetitions`]. A hash match is confirmed on the
    /// position itself, rebuilt from the checkpoint before it.
    fn repetitions(&self) -> usize {
        let h = self.pos.zobrist();
        let mut count = 1;
        let mut replay: Option<(usize, P)> = None;
        for i in (0..self.hashes.len()).filter(|&i| self.hashes[i] == h) {
            // the position before move i
            let p = match replay.take() {
                Some((j, p)) if j <= i && i - j < CHECKPOINT => (j, p),
                _ => (
                    i / CHECKPOINT * CHECKPOINT,
                    self.checkpoints[i / CHECKPOINT].clone(),
                ),
            };
            let (mut j, mut p) = p;
            while j < i {
                p.play_unchecked(&self.moves[j]);
                j += 1;
            }
            if p == self.pos {
                count += 1;
            }
            replay = Some((j, p));
        }
        count
    }

    /// Takes the action `a` (a square index). The state is unchanged on error.
    pub fn apply(&mut self, a: i64) -> Result<Clicked, ActionError> {
        if !self.is_legal_action(a) {
            return Err(self.refusal(a));
        }
        let sq = a as u8;
        let k = self.clicks.len();
        // the paths that go on with `sq`, a path complete with it, whether a longer one
        // goes on to another move (a click path of one move that is a prefix of another
        // move's: the tests check that no ruleset has one), and the squares that go on
        let mut alive = core::mem::take(&mut self.alive);
        let paths = &self.paths;
        let mut next = WideSquareSet::EMPTY;
        let (complete, longer) = if paths.listed {
            // one path per move, of one square (an entry) or two
            let mut complete = None;
            let mut longer = false;
            if k == 0 {
                alive.clear();
                for (i, mv) in paths.moves.iter().enumerate() {
                    match mv.origin() {
                        Some(from) if from.0 == sq => {
                            alive.push(i as u32);
                            next.insert(mv.destination());
                        }
                        None if complete.is_none() && mv.destination().0 == sq => {
                            complete = Some(i);
                        }
                        _ => {}
                    }
                }
                // an entry on a square a move starts from too (no ruleset has one)
                longer = complete.is_some() && !alive.is_empty();
            } else {
                complete = alive
                    .iter()
                    .map(|&i| i as usize)
                    .find(|&i| paths.moves[i].destination().0 == sq);
            }
            (complete, longer)
        } else {
            if k == 0 {
                paths.starting_on(sq, &mut alive);
            } else {
                alive.retain(|&i| paths.at(i as usize, k) == Some(sq));
            }
            let complete = alive
                .iter()
                .map(|&i| i as usize)
                .find(|&i| paths.path_len(i) == k + 1);
            let longer = complete.is_some_and(|c| {
                alive
                    .iter()
                    .any(|&i| paths.path_len(i as usize) > k + 1 && !paths.same_move(i as usize, c))
            });
            if complete.is_none() || longer {
                for &i in &alive {
                    if let Some(s) = paths.at(i as usize, k + 1) {
                        next.insert(Square(s));
                    }
                }
            }
            (complete, longer)
        };
        self.alive = alive;
        self.actions.push(sq);
        match complete {
            Some(i) if !longer => {
                let mv = self.paths.move_of(i);
                self.play_move(mv);
                Ok(Clicked::Played)
            }
            _ => {
                self.clicks.push(sq);
                self.legal_set = next;
                self.legal.write(self.legal_set);
                if self.max_actions > 0 && self.actions.len() >= self.max_actions {
                    self.truncated = true;
                    self.legal.clear();
                    self.legal_set = WideSquareSet::EMPTY;
                }
                Ok(Clicked::Pending)
            }
        }
    }

    fn play_move(&mut self, mv: P::Move) {
        if self.repetition && self.hashes.len() % CHECKPOINT == 0 {
            self.checkpoints.push(self.pos.clone());
        }
        let h = self.pos.zobrist();
        self.hashes.push(h);
        if self.repetition {
            self.seen.insert(h);
        }
        self.pos.play_unchecked(&mv);
        self.moves.push(mv);
        self.move_ends.push(self.actions.len() as u32);
        self.refresh();
    }

    /// Plays a whole move at once (its first click path), from a state with no
    /// pending click. The move must be legal here.
    ///
    /// # Errors
    /// [`ActionError`] when a move is being entered, the game is over or `mv` is not
    /// legal here; the game is then unchanged.
    pub fn play_whole(&mut self, mv: &P::Move) -> Result<(), ActionError> {
        if !self.clicks.is_empty() {
            return Err(ActionError::MidMove(self.click_names().join("-")));
        }
        if self.is_terminal() {
            return Err(self.refusal(-1));
        }
        let i = (0..self.paths.len())
            .find(|&i| self.paths.move_of(i) == *mv)
            .ok_or_else(|| ActionError::NotAMove(mv.to_string()))?;
        let path = self.paths.path(i);
        let saved = self.clone();
        let played = self.moves.len() + 1;
        for &s in &path {
            if let Err(e) = self.apply(i64::from(s)) {
                *self = saved;
                return Err(e);
            }
        }
        if self.moves.len() != played {
            *self = saved;
            return Err(ActionError::NotAMove(mv.to_string()));
        }
        Ok(())
    }

    /// The pending clicks by square name.
    pub fn click_names(&self) -> Vec<String> {
        let g = self.geometry();
        self.clicks
            .iter()
            .map(|&s| g.name(Square(s)).to_string())
            .collect()
    }

    fn refusal(&self, a: i64) -> ActionError {
        if let Some(o) = self.outcome {
            return ActionError::GameOver(o.to_string());
        }
        if self.truncated {
            return ActionError::GameOver(format!(
                "cut off after {} actions (the action limit)",
                self.max_actions
            ));
        }
        let g = self.geometry();
        if !(0..g.len() as i64).contains(&a) {
            return ActionError::OffBoard {
                action: a,
                squares: g.len(),
            };
        }
        ActionError::NotLegal {
            square: g.name(Square(a as u8)).to_string(),
            after: self.click_names(),
            legal: self
                .legal
                .as_slice()
                .iter()
                .map(|&s| g.name(Square(s)).to_string())
                .collect(),
        }
    }

    /// One uniformly random legal action (the legal actions must not be empty);
    /// `r` is a random 64-bit number.
    #[inline]
    pub fn random_action(&self, r: u64) -> u8 {
        let legal = self.legal.as_slice();
        legal[((r as u128 * legal.len() as u128) >> 64) as usize]
    }

    /// The crate's [`Game`] of this history (tags none; the pending clicks are not in
    /// it).
    pub fn to_game(&self) -> Game<P> {
        let mut g = Game::new(self.start.clone());
        for mv in &self.moves {
            g.play(mv).expect("the moves played were legal");
        }
        g
    }

    /// The number of actions each move took, in order.
    pub fn move_ends(&self) -> &[u32] {
        &self.move_ends
    }

    /// Takes back the last action (one click) and returns it; `None` at the start.
    ///
    /// An action that completed a move takes the move back and leaves its earlier
    /// clicks pending, as they were before that click; an action of a move still being
    /// entered takes back that click alone. So undoing every action of a move, one at a
    /// time, returns to the position before it. A game ended by the action limit or by
    /// the rules goes on again. The game is rebuilt by replaying its actions from the
    /// start (time linear in the actions taken).
    ///
    /// ```
    /// use column_checkers::tools::batch::ActionGame;
    /// use column_checkers::{Lasca, Position};
    ///
    /// let mut game = ActionGame::new(Lasca::start(), 0);
    /// let (c3, d4) = (game.geometry().parse_square("c3").unwrap(), game.geometry().parse_square("d4").unwrap());
    /// game.apply(i64::from(c3.0)).unwrap();
    /// game.apply(i64::from(d4.0)).unwrap();
    /// assert_eq!(game.undo(), Some(d4.0));
    /// assert_eq!((game.moves().len(), game.clicks()), (0, &[c3.0][..]));
    /// assert_eq!(game.undo(), Some(c3.0));
    /// assert_eq!(game.undo(), None);
    /// assert_eq!(*game.position(), Lasca::start());
    /// ```
    pub fn undo(&mut self) -> Option<u8> {
        let last = self.actions.pop()?;
        let rest = core::mem::take(&mut self.actions);
        self.pos.clone_from(&self.start);
        self.checkpoints.clear();
        self.seen = SeenFilter::default();
        self.hashes.clear();
        self.moves.clear();
        self.move_ends.clear();
        self.truncated = false;
        self.refresh();
        for &a in &rest {
            self.apply(i64::from(a))
                .expect("the actions taken replay from the start");
        }
        Some(last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::position::Position;
    use crate::games::emergo::Emergo;
    use crate::games::lasca::Lasca;
    use crate::tools::rng::SplitMix64;

    #[test]
    fn an_emergo_capture_is_clicked_square_by_square() {
        let mut pos = Emergo::start();
        for m in ["d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6"] {
            let mv = pos.parse_move(m).unwrap();
            pos.play(&mv).unwrap();
        }
        let mut c = ActionGame::new(pos, 0);
        let g = c.geometry();
        let sq = |n: &str| i64::from(g.parse_square(n).unwrap().0);
        let names = |c: &ActionGame<Emergo>| {
            c.legal_actions()
                .iter()
                .map(|&s| g.name(Square(s)))
                .collect::<Vec<_>>()
        };
        assert_eq!(names(&c), ["g6"]);
        let before = c.clone();
        let e = c.apply(sq("d8")).unwrap_err();
        assert!(e.to_string().contains("no legal move starts on d8"), "{e}");
        assert_eq!(c.actions(), before.actions());
        assert_eq!(c.apply(sq("g6")), Ok(Clicked::Pending));
        assert_eq!(c.current_player(), Some(1));
        assert_eq!(names(&c), ["e6"]);
        assert_eq!(c.apply(sq("e6")), Ok(Clicked::Pending));
        assert_eq!(c.apply(sq("c6")), Ok(Clicked::Played));
        assert_eq!(c.moves().last().unwrap().to_string(), "g6xe6xc6");
        assert_eq!(c.current_player(), Some(0));
        assert_eq!(c.actions().len(), 3);
    }

    #[test]
    fn a_counted_draw_ends_the_game_though_moves_remain() {
        use crate::games::draughts::BrazilianDraughts;
        let pos: BrazilianDraughts = "c1:W,h8:B w 40/0".parse().unwrap();
        let c = ActionGame::new(pos, 0);
        let draw = Outcome::Draw {
            reason: EndReason::KingMoves,
        };
        assert_eq!(c.outcome(), Some(draw));
        assert!(c.is_terminal() && c.legal_actions().is_empty());
        assert_eq!(c.to_game().outcome(), Some(draw));
    }

    #[test]
    fn the_legal_actions_and_the_random_pick_are_the_sets_squares_in_order() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..200 {
            let words = [0; 4].map(|_: u64| rng.next_u64() & rng.next_u64());
            let set = WideSquareSet::from_words(words);
            let squares: Vec<u8> = set.iter().map(|s| s.0).collect();
            let mut out = Actions::NONE;
            out.write(WideSquareSet::first(9));
            out.write(set);
            assert_eq!(out.as_slice(), squares);
            for k in 0..=squares.len() {
                assert_eq!(nth_square(set, k).map(|s| s.0), squares.get(k).copied());
            }
        }
    }

    #[test]
    fn a_clone_keeps_its_buffers_room_and_plays_the_same() {
        let mut rng = SplitMix64::new(5);
        let mut c = ActionGame::new(Lasca::start(), 0);
        for _ in 0..7 {
            let a = c.random_action(rng.next_u64());
            c.apply(i64::from(a)).unwrap();
        }
        let mut d = c.clone();
        assert!(d.actions.capacity() >= 512 && d.hashes.capacity() >= 256);
        assert!(d.scratch.as_vec_mut().capacity() >= 64);
        while !c.is_terminal() {
            let r = rng.next_u64();
            let a = c.random_action(r);
            assert_eq!(d.random_action(r), a);
            assert_eq!(c.apply(i64::from(a)), d.apply(i64::from(a)));
            assert_eq!(
                (c.legal_actions(), c.clicks()),
                (d.legal_actions(), d.clicks())
            );
        }
        assert_eq!((c.outcome(), c.moves()), (d.outcome(), d.moves()));
    }

    #[test]
    fn random_games_end() {
        let mut rng = SplitMix64::new(1);
        let mut c = ActionGame::new(Lasca::start(), 0);
        for _ in 0..20 {
            c.reset();
            while !c.is_terminal() {
                let a = c.random_action(rng.next_u64());
                c.apply(i64::from(a)).unwrap();
            }
            assert!(c.outcome().is_some());
            assert_eq!(c.to_game().outcome(), c.outcome());
        }
    }
}
