//! A game played one click at a time: [`ActionGame`], the game of one ruleset inside
//! the run-time [`AnyGame`](crate::AnyGame).

use crate::alloc_prelude::*;
use crate::engine::board::Geometry;
use crate::engine::color::Color;
use crate::engine::error::DeclaredEndError;
use crate::engine::game::{with_room, Game};
use crate::engine::input::{ClickError, MoveInput};
use crate::engine::introspect::Introspect;
use crate::engine::moves::{MoveList, MoveSquares};
use crate::engine::outcome::{EndReason, Outcome};
use crate::engine::square::Square;
#[cfg(feature = "std")]
use crate::engine::view::BoardView;
use crate::engine::wide_set::WideSquareSet;
#[cfg(feature = "std")]
use crate::tools::rng::SplitMix64;
use thiserror::Error;

/// The legal actions, in increasing order, in a buffer of every square index: written
/// word by word with the bits in a register and no capacity or bounds check, at every
/// action.
#[derive(Clone)]
struct Actions {
    sq: [Square; 256],
    len: u16,
}

impl Actions {
    const NONE: Actions = Actions {
        sq: [Square(0); 256],
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
                self.sq[n & 255] = Square((w * 64) as u8 + bits.trailing_zeros() as u8);
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
    fn as_slice(&self) -> &[Square] {
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
/// use column_checkers::any::random_square;
/// use column_checkers::Square;
/// use column_checkers::custom::WideSquareSet;
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

/// Why an action was refused; the game is unchanged.
///
/// ```
/// use column_checkers::any::{ActionError, ActionGame};
/// use column_checkers::{ClickError, Emergo, Position, Square};
///
/// let mut game = ActionGame::new(Emergo::start(), 0);
/// assert!(matches!(
///     game.click(Square(200)),
///     Err(ActionError::Click(ClickError::OffBoard(200)))
/// ));
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
    /// A click on a square refused ([`ActionGame::click`]), with what the board says of
    /// it in the game's terms ([`MoveInput`]'s words).
    #[error(transparent)]
    Click(#[from] ClickError),
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
    #[inline]
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

    fn path(&self, i: usize) -> Vec<Square> {
        (0..self.path_len(i))
            .filter_map(|k| self.at(i, k))
            .map(Square)
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

/// A finished game's result as a number: 0 White won, 1 Black won, -1 a draw, -2
/// cut off by the action limit (or not over).
#[cfg(feature = "std")]
pub(crate) fn result_code(outcome: Option<Outcome>) -> i8 {
    match outcome {
        Some(o) => match o.winner() {
            Some(Color::White) => 0,
            Some(Color::Black) => 1,
            None => -1,
        },
        None => -2,
    }
}

/// What one action did to a game stepped in a batch ([`ActionGame::step_reset`]):
/// small enough to come back in registers.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg(feature = "std")]
pub(crate) struct Stepped {
    /// The rewards of both players: the returns when the game ended.
    pub(crate) rewards: [f32; 2],
    /// The player to move after it (of the new game when it ended).
    pub(crate) player: i8,
    /// Whether it ended the game by the rules (or the players).
    pub(crate) terminated: bool,
    /// Whether it cut the game off.
    pub(crate) truncated: bool,
}

/// A game played one click at a time: a [`Game`] and the
/// click input of its position.
///
/// An action is a click on a square (its index in the board's [`Geometry`] order), a
/// move is entered as a person enters it (its click path, origin then every landing,
/// [`Introspect::click_paths`]), and a game may be cut off after a given number of
/// actions (its action limit).
///
/// [`ActionGame`] is a [`Game`] (its history, threefold repetition, undo and redo, the
/// players' own ends) with the click input of [`MoveInput`] made for speed: one move
/// generation a move, no allocation at a step once its buffers have grown, the legal
/// actions kept as a list and a [`WideSquareSet`]. The legal actions are the squares
/// that continue some legal move after the clicks so far; when the clicks are a whole
/// click path the move is played. Mid-move, the same player is to move and the
/// pending clicks are part of the state.
///
/// The end of the game is [`Game`]'s: the position's outcome, or a draw by threefold
/// repetition in the rulesets that have the rule, told from the moves listed for the
/// clicks and the game's [`History`](crate::History); the tests check
/// along random games of every ruleset that it is [`Game::outcome`].
///
/// Learning environments step `n` run-time games together on threads:
/// [`Batch`](crate::any::Batch).
///
/// ```
/// use column_checkers::any::{ActionGame, Clicked};
/// use column_checkers::{Lasca, Position};
///
/// let mut game = ActionGame::new(Lasca::start(), 0);
/// let g = game.geometry();
/// let c3 = g.parse_square("c3").unwrap();
/// assert!(game.legal_actions().contains(&c3));
/// assert_eq!(game.apply(i64::from(c3.0)), Ok(Clicked::Pending));
/// let d4 = g.parse_square("d4").unwrap();
/// assert_eq!(game.apply(i64::from(d4.0)), Ok(Clicked::Played));
/// assert_eq!(game.moves()[0].to_string(), "c3-d4");
/// assert_eq!(game.actions(), [c3, d4]);
/// // the game: its history, undo and redo
/// assert_eq!(game.undo().map(|m| m.to_string()).as_deref(), Some("c3-d4"));
/// assert!(game.actions().is_empty());
/// assert!(game.redo().is_some());
/// assert_eq!(game.actions(), [c3, d4]);
/// ```
#[derive(Debug)]
pub struct ActionGame<P: Introspect> {
    game: Game<P>,
    /// Every action taken, in order: the click path of each move played, then the
    /// clicks of the move being entered.
    actions: Vec<Square>,
    /// One past the last click of each move played, in `actions`.
    move_ends: Vec<u32>,
    paths: Paths<P::Move>,
    /// The paths that begin with the pending clicks (meaningful while there are some).
    alive: Vec<u32>,
    /// The legal actions now, in increasing order, and as a set.
    legal: Actions,
    legal_set: WideSquareSet,
    /// The outcome: the end the players declared, else the rules' (told when the
    /// position's moves were listed).
    outcome: Option<Outcome>,
    /// Ended by the action limit (not by the rules).
    truncated: bool,
    /// The action limit: 0 for none.
    max_actions: usize,
    scratch: MoveList<P::Move>,
}

impl<P: Introspect> Clone for ActionGame<P> {
    /// A copy with its buffers' room (a derived clone would give them none, and the
    /// copy's first moves would grow them again).
    fn clone(&self) -> Self {
        ActionGame {
            game: self.game.clone(),
            actions: with_room(&self.actions, self.actions.capacity()),
            move_ends: with_room(&self.move_ends, self.move_ends.capacity()),
            paths: self.paths.clone(),
            alive: with_room(&self.alive, self.alive.capacity()),
            legal: self.legal.clone(),
            legal_set: self.legal_set,
            outcome: self.outcome,
            truncated: self.truncated,
            max_actions: self.max_actions,
            scratch: list_with_room(&self.scratch),
        }
    }
}

impl<P: Introspect> ActionGame<P> {
    /// A game from `start`, cut off after `max_actions` actions (0: no limit).
    pub fn new(start: P, max_actions: usize) -> Self {
        let mut game = Game::new(start);
        game.reserve(256);
        let mut c = ActionGame {
            game,
            actions: Vec::with_capacity(512),
            move_ends: Vec::with_capacity(256),
            paths: Paths::new(),
            alive: Vec::new(),
            legal: Actions::NONE,
            legal_set: WideSquareSet::EMPTY,
            outcome: None,
            truncated: false,
            max_actions,
            scratch: MoveList::new(),
        };
        c.refresh();
        c
    }

    /// The game `game` played by clicks: its moves by their click paths, its moves to
    /// redo and the end its players declared as they are, cut off after `max_actions`
    /// actions (0: no limit).
    ///
    /// # Errors
    /// [`ActionError`] when the action limit cuts a move off (no game then).
    pub fn from_game(game: Game<P>, max_actions: usize) -> Result<Self, ActionError> {
        let mut c = ActionGame::new(game.start().clone(), max_actions);
        for mv in game.moves() {
            c.play_move(mv)?;
        }
        c.game = game;
        c.refresh();
        Ok(c)
    }

    /// Back to the start position, keeping the buffers and the action limit.
    pub fn reset(&mut self) {
        self.game.restart();
        self.actions.clear();
        self.move_ends.clear();
        self.refresh();
    }

    /// The game: its positions, moves, history and declared end.
    pub fn game(&self) -> &Game<P> {
        &self.game
    }

    /// The board.
    pub fn geometry(&self) -> &'static Geometry {
        self.game.position().geometry()
    }

    /// The current position (the pending clicks are not in it).
    pub fn position(&self) -> &P {
        self.game.position()
    }

    /// The position the game started from.
    pub fn start(&self) -> &P {
        self.game.start()
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[P::Move] {
        self.game.moves()
    }

    /// Every action taken, in order: the click path of each move played, then the
    /// pending clicks.
    pub fn actions(&self) -> &[Square] {
        &self.actions
    }

    /// The number of actions each move took, in order.
    pub fn move_ends(&self) -> &[u32] {
        &self.move_ends
    }

    /// Where the pending clicks begin in [`actions`](Self::actions).
    #[inline]
    fn last_end(&self) -> usize {
        self.move_ends.last().map_or(0, |&e| e as usize)
    }

    /// The clicks of the move being entered.
    #[inline]
    pub fn clicks(&self) -> &[Square] {
        &self.actions[self.last_end()..]
    }

    /// The action limit (0: none).
    pub fn max_actions(&self) -> usize {
        self.max_actions
    }

    /// A new action limit (0: none): the game is cut off at once when it has taken
    /// as many actions, and goes on when a cut-off game's new limit is higher.
    pub fn set_max_actions(&mut self, max_actions: usize) {
        self.max_actions = max_actions;
        let pending = self.actions.split_off(self.last_end());
        self.restart_clicks();
        for s in pending {
            if self.apply(i64::from(s.0)).is_err() {
                break;
            }
        }
    }

    /// The outcome: the end the players declared, else the rules' (`None` while the
    /// game goes on or when it was cut off by the action limit).
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game was cut off by the action limit (not ended by the rules).
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// Whether the game is over: by the rules, by the players or by the action limit.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.outcome.is_some() || self.truncated
    }

    /// The player to move (0 White, 1 Black), `None` when the game is over.
    #[inline]
    pub fn current_player(&self) -> Option<usize> {
        (!self.is_over()).then(|| self.position().turn().index())
    }

    /// The final scores `[White, Black]`: 1 for a win, -1 for a loss, 0 for a draw, a
    /// cut-off game or a game going on.
    pub fn returns(&self) -> [f32; 2] {
        match self.outcome().and_then(|o| o.winner()) {
            Some(Color::White) => [1.0, -1.0],
            Some(Color::Black) => [-1.0, 1.0],
            None => [0.0, 0.0],
        }
    }

    /// The legal actions, in increasing order (empty when the game is over).
    #[inline]
    pub fn legal_actions(&self) -> &[Square] {
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
        if self.is_over() {
            return out;
        }
        let mut add = |m: P::Move| {
            if !out.contains(&m) {
                out.push(m);
            }
        };
        if self.clicks().is_empty() {
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
    pub fn click_paths(&self) -> Vec<(P::Move, Vec<Square>)> {
        if self.is_over() {
            return Vec::new();
        }
        (0..self.paths.len())
            .map(|i| (self.paths.move_of(i), self.paths.path(i)))
            .collect()
    }

    /// After a move, an undo or at the start: the position's click paths, its outcome
    /// and the legal first clicks.
    fn refresh(&mut self) {
        self.alive.clear();
        self.paths.clear();
        self.legal_set = WideSquareSet::EMPTY;
        self.game.position().legal_moves(&mut self.scratch);
        // the outcome from the moves just listed (no second move generation): no legal
        // move, a counted draw (the draughts games' king or endgame moves), which ends a
        // game whose player could still move, or threefold repetition
        self.outcome = match self.game.declared_end() {
            None => self.game.outcome_by_rules_among(&self.scratch),
            declared => declared,
        };
        if self.outcome.is_some() {
            // over
        } else if self.scratch.is_empty() {
            // every ruleset of the crate gives an outcome then; a position type of
            // one's own may not
            self.outcome = Some(Outcome::Draw {
                reason: EndReason::NoLegalMove,
            });
        } else if !self.paths.list(&mut self.scratch, &mut self.legal_set) {
            // captures: every route of every move
            let paths = &mut self.paths;
            self.game
                .position()
                .click_paths_among(&self.scratch, &mut |mv, path| paths.push_route(*mv, path));
            paths.first_squares(&mut self.legal_set);
        }
        self.settle();
    }

    /// No click pending: the legal first clicks from the paths.
    fn restart_clicks(&mut self) {
        self.alive.clear();
        self.legal_set = WideSquareSet::EMPTY;
        if self.outcome.is_none() {
            self.paths.first_squares(&mut self.legal_set);
        }
        self.settle();
    }

    /// The action limit, and no legal action once the game is over.
    #[inline]
    fn settle(&mut self) {
        self.truncated = self.max_actions > 0
            && self.actions.len() >= self.max_actions
            && self.outcome.is_none();
        if self.is_over() {
            self.legal_set = WideSquareSet::EMPTY;
        }
        self.legal.write(self.legal_set);
    }

    /// Takes the action `a` (a square index). The state is unchanged on error.
    ///
    /// # Errors
    /// [`ActionError`]: the game is over, `a` is not a square of the board, or no legal
    /// move goes on with it.
    pub fn apply(&mut self, a: i64) -> Result<Clicked, ActionError> {
        if !self.is_legal_action(a) {
            return Err(self.refusal(a));
        }
        let sq = a as u8;
        let k = self.actions.len() - self.last_end();
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
        self.actions.push(Square(sq));
        match complete {
            Some(i) if !longer => {
                let mv = self.paths.move_of(i);
                self.finish(mv);
                Ok(Clicked::Played)
            }
            _ => {
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

    /// Plays `mv`, whose clicks were just taken.
    #[inline(always)]
    fn finish(&mut self, mv: P::Move) {
        self.game.push_unchecked(mv);
        self.move_ends.push(self.actions.len() as u32);
        self.refresh();
    }

    /// Clicks the square `sq`, as a person does: `Some` move when the clicks name a
    /// whole legal move, which is played, `None` while more clicks are needed.
    ///
    /// ```
    /// use column_checkers::any::{ActionError, ActionGame};
    /// use column_checkers::{ClickError, Lasca, Position};
    ///
    /// let mut game = ActionGame::new(Lasca::start(), 0);
    /// let g = game.geometry();
    /// let e = game.click(g.parse_square("d4").unwrap()).unwrap_err();
    /// assert!(matches!(e, ActionError::Click(ClickError::NoMoveStartsHere { .. })));
    /// assert_eq!(e.to_string(), "no move starts on d4: the square is empty; a move starts \
    ///     on one of your columns; a move starts on a3, c3, e3, g3");
    /// assert_eq!(game.click(g.parse_square("c3").unwrap()), Ok(None));
    /// let mv = game.click(g.parse_square("d4").unwrap()).unwrap().unwrap();
    /// assert_eq!(mv.to_string(), "c3-d4");
    /// ```
    ///
    /// # Errors
    /// [`ActionError::Click`] with the reason in the board's words ([`MoveInput`]'s,
    /// the game over by the rules or the players included); an action error for a game
    /// cut off by its action limit. The game is then unchanged.
    pub fn click(&mut self, sq: Square) -> Result<Option<P::Move>, ActionError> {
        if let Some(o) = self.outcome() {
            return Err(ClickError::GameOver(o).into());
        }
        if self.truncated {
            return Err(self.refusal(i64::from(sq.0)));
        }
        if sq.index() >= self.geometry().len() {
            return Err(ClickError::OffBoard(sq.index()).into());
        }
        if !self.legal_set.contains(sq) {
            return Err(self.click_refusal(sq).into());
        }
        Ok(match self.apply(i64::from(sq.0))? {
            Clicked::Played => self.moves().last().copied(),
            Clicked::Pending => None,
        })
    }

    /// Why a click on `sq` is refused, in [`MoveInput`]'s words.
    fn click_refusal(&self, sq: Square) -> ClickError {
        let mut input = MoveInput::new(self.position());
        for &c in self.clicks() {
            let _ = input.click(c);
        }
        let g = self.geometry();
        input
            .click(sq)
            .err()
            .unwrap_or_else(|| ClickError::NotNext {
                square: g.name(sq).to_string(),
                after: self.click_names().join("-"),
                next: self.names(self.legal_actions()).join(", "),
            })
    }

    /// Takes back the last pending click and returns it; `None` when no click is
    /// pending.
    pub fn take_back_click(&mut self) -> Option<Square> {
        if self.actions.len() == self.last_end() {
            return None;
        }
        let sq = self.actions.pop();
        self.reclick();
        sq
    }

    /// Takes back every pending click.
    pub fn reset_clicks(&mut self) {
        self.actions.truncate(self.last_end());
        self.restart_clicks();
    }

    /// The click input again from the first pending click (after one was taken back).
    fn reclick(&mut self) {
        let pending = self.actions.split_off(self.last_end());
        self.restart_clicks();
        for s in pending {
            self.apply(i64::from(s.0))
                .expect("the pending clicks are taken again");
        }
    }

    /// Plays a whole legal move by its clicks (the first click path of the move),
    /// from a state with no pending click.
    ///
    /// # Errors
    /// [`ActionError`] when a move is being entered, the game is over, `mv` is not
    /// legal here or the action limit would cut it off; the game is then unchanged.
    pub fn play_move(&mut self, mv: &P::Move) -> Result<(), ActionError> {
        self.ready_for_move()?;
        let i = (0..self.paths.len())
            .find(|&i| self.paths.move_of(i) == *mv)
            .ok_or_else(|| ActionError::NotAMove(mv.to_string()))?;
        let n = self.paths.path_len(i);
        if self.max_actions > 0 && self.actions.len() + n > self.max_actions {
            // cut off before its last click
            return Err(self.cut_off());
        }
        for k in 0..n {
            let s = self.paths.at(i, k).expect("a square of the path");
            self.actions.push(Square(s));
        }
        self.finish(*mv);
        Ok(())
    }

    /// Whether a whole move may be played now ([`play_move`](Self::play_move)).
    ///
    /// # Errors
    /// [`ActionError::GameOver`] when the game is over, [`ActionError::MidMove`] while
    /// a move is being entered.
    pub fn ready_for_move(&self) -> Result<(), ActionError> {
        if self.is_over() {
            return Err(self.refusal(-1));
        }
        if !self.clicks().is_empty() {
            return Err(ActionError::MidMove(self.click_names().join("-")));
        }
        Ok(())
    }

    /// Takes back the last move and returns it, the pending clicks dropped
    /// ([`Game::undo`]: an end the players declared is withdrawn with it, or alone).
    pub fn undo(&mut self) -> Option<P::Move> {
        self.actions.truncate(self.last_end());
        let mv = self.game.undo();
        if mv.is_some() {
            self.move_ends.pop();
            self.actions.truncate(self.last_end());
        }
        self.refresh();
        mv
    }

    /// Plays again the last move taken back ([`Game::redo`]) by its clicks, the
    /// pending clicks dropped; `None` (and no change) when there is none.
    pub fn redo(&mut self) -> Option<P::Move> {
        let mv = *self.game.next_redo()?;
        let i = (0..self.paths.len()).find(|&i| self.paths.move_of(i) == mv)?;
        self.actions.truncate(self.last_end());
        self.actions.extend(self.paths.path(i));
        self.game.redo();
        self.move_ends.push(self.actions.len() as u32);
        self.refresh();
        Some(mv)
    }

    /// Takes back the last action (one click) and returns it; `None` at the start (an
    /// end the players declared is then withdrawn alone).
    ///
    /// An action that completed a move takes the move back and leaves its earlier
    /// clicks pending, as they were before that click; an action of a move still being
    /// entered takes back that click alone. So undoing every action of a move, one at a
    /// time, returns to the position before it. A game ended by the action limit, by
    /// the rules or by the players goes on again.
    ///
    /// ```
    /// use column_checkers::any::ActionGame;
    /// use column_checkers::{Lasca, Position};
    ///
    /// let mut game = ActionGame::new(Lasca::start(), 0);
    /// let (c3, d4) = (game.geometry().parse_square("c3").unwrap(), game.geometry().parse_square("d4").unwrap());
    /// game.apply(i64::from(c3.0)).unwrap();
    /// game.apply(i64::from(d4.0)).unwrap();
    /// assert_eq!(game.undo_action(), Some(d4));
    /// assert_eq!((game.moves().len(), game.clicks()), (0, &[c3][..]));
    /// assert_eq!(game.undo_action(), Some(c3));
    /// assert_eq!(game.undo_action(), None);
    /// assert_eq!(*game.position(), Lasca::start());
    /// ```
    pub fn undo_action(&mut self) -> Option<Square> {
        let Some(&last) = self.actions.last() else {
            if self.game.declared_end().is_some() {
                self.game.undo();
                self.refresh();
            }
            return None;
        };
        if self.actions.len() > self.last_end() {
            self.actions.pop();
            self.reclick();
        } else {
            // the move's earlier clicks pending again
            self.move_ends.pop();
            let earlier = self.actions[self.last_end()..self.actions.len() - 1].to_vec();
            self.actions.truncate(self.last_end());
            self.game.undo();
            self.game.forget_redo();
            self.refresh();
            for s in earlier {
                self.apply(i64::from(s.0))
                    .expect("a move's earlier clicks are taken again");
            }
        }
        Some(last)
    }

    /// Ends the game in a draw the players agreed ([`Game::agree_draw`]); the pending
    /// clicks are dropped.
    ///
    /// # Errors
    /// [`DeclaredEndError::GameOver`] when the game is already over by the rules or
    /// the players; the game is then unchanged.
    pub fn agree_draw(&mut self) -> Result<Outcome, DeclaredEndError> {
        let o = self.game.agree_draw()?;
        self.outcome = Some(o);
        self.reset_clicks();
        Ok(o)
    }

    /// Ends the game by the resignation of `loser` ([`Game::resign`]); the pending
    /// clicks are dropped.
    ///
    /// # Errors
    /// [`DeclaredEndError::GameOver`] when the game is already over by the rules or
    /// the players; the game is then unchanged.
    pub fn resign(&mut self, loser: Color) -> Result<Outcome, DeclaredEndError> {
        let o = self.game.resign(loser)?;
        self.outcome = Some(o);
        self.reset_clicks();
        Ok(o)
    }

    /// The names of `squares`.
    pub fn names(&self, squares: &[Square]) -> Vec<&'static str> {
        let g = self.geometry();
        squares.iter().map(|&s| g.name(s)).collect()
    }

    /// The pending clicks by square name.
    pub fn click_names(&self) -> Vec<String> {
        self.names(self.clicks())
            .into_iter()
            .map(String::from)
            .collect()
    }

    /// The refusal of a game cut off by its action limit.
    fn cut_off(&self) -> ActionError {
        ActionError::GameOver(format!(
            "cut off after {} actions (the action limit)",
            self.max_actions
        ))
    }

    fn refusal(&self, a: i64) -> ActionError {
        if let Some(o) = self.outcome() {
            return ActionError::GameOver(o.to_string());
        }
        if self.truncated {
            return self.cut_off();
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
                .names(self.legal_actions())
                .into_iter()
                .map(String::from)
                .collect(),
        }
    }

    /// One uniformly random legal action (the legal actions must not be empty);
    /// `r` is a random 64-bit number.
    #[inline]
    pub fn random_action(&self, r: u64) -> Square {
        let legal = self.legal.as_slice();
        legal[((r as u128 * legal.len() as u128) >> 64) as usize]
    }

    /// The legal-action mask into `row` (a flag a square); the player to move, -4
    /// when the game is over.
    #[inline]
    #[cfg(feature = "std")]
    pub(crate) fn write_mask(&self, row: &mut [bool]) -> i8 {
        row.fill(false);
        for &a in self.legal_actions() {
            row[a.index()] = true;
        }
        self.current_player().map_or(-4, |p| p as i8)
    }

    /// A batch's step: action `action` (refused silently: the batch checked it), the
    /// game reset at once when it ends; its legal-action mask after into `mask`, its
    /// legal actions into `legal`.
    #[inline(always)]
    #[cfg(feature = "std")]
    pub(crate) fn step_reset(
        &mut self,
        action: i64,
        mask: &mut [bool],
        legal: &mut WideSquareSet,
    ) -> Stepped {
        let _ = self.apply(action);
        let mut out = Stepped {
            rewards: [0.0; 2],
            player: 0,
            terminated: false,
            truncated: false,
        };
        if self.is_over() {
            out.rewards = self.returns();
            out.terminated = self.outcome.is_some();
            out.truncated = self.truncated;
            self.reset();
        }
        out.player = self.write_mask(mask);
        *legal = self.legal_set;
        out
    }

    /// `observe` on the board and the pending clicks (zeros into `out` for a position
    /// without a board view).
    #[inline(always)]
    #[cfg(feature = "std")]
    pub(crate) fn observe_with(
        &self,
        observe: impl Fn(&BoardView<'_>, &[Square], &mut [f32]),
        out: &mut [f32],
    ) {
        match self.position().board_view() {
            Some(view) => observe(&view, self.clicks(), out),
            None => out.fill(0.0),
        }
    }

    /// `steps` random actions from `rng`, the game reset when it ends, the games
    /// finished counted into `tally` (`[all, White won, Black won, drawn, cut off]`);
    /// the legal actions after.
    #[inline(always)]
    #[cfg(feature = "std")]
    pub(crate) fn random_steps(
        &mut self,
        steps: usize,
        rng: &mut SplitMix64,
        tally: &mut [u64; 5],
    ) -> WideSquareSet {
        for _ in 0..steps {
            let a = self.random_action(rng.next_u64());
            let _ = self.apply(i64::from(a.0));
            if self.is_over() {
                tally[0] += 1;
                tally[match result_code(self.outcome()) {
                    0 => 1,
                    1 => 2,
                    -1 => 3,
                    _ => 4,
                }] += 1;
                self.reset();
            }
        }
        self.legal_set
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::position::Position;
    use crate::games::emergo::Emergo;
    use crate::games::lasca::Lasca;
    use crate::tools::rng::SplitMix64;

    /// An Emergo position where Black must capture, from g6 (its first landing e6).
    fn emergo_capture() -> Emergo {
        let mut pos = Emergo::start();
        for m in ["d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6"] {
            let mv = pos.parse_move(m).unwrap();
            pos.play(&mv).unwrap();
        }
        pos
    }

    #[test]
    fn an_emergo_capture_is_clicked_square_by_square() {
        let mut c = ActionGame::new(emergo_capture(), 0);
        let g = c.geometry();
        let sq = |n: &str| i64::from(g.parse_square(n).unwrap().0);
        let names = |c: &ActionGame<Emergo>| c.names(c.legal_actions());
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
        assert!(c.is_over() && c.legal_actions().is_empty());
        assert_eq!(c.game().outcome(), Some(draw));
    }

    #[test]
    fn the_legal_actions_and_the_random_pick_are_the_sets_squares_in_order() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..200 {
            let words = [0; 4].map(|_: u64| rng.next_u64() & rng.next_u64());
            let set = WideSquareSet::from_words(words);
            let squares: Vec<Square> = set.iter().collect();
            let mut out = Actions::NONE;
            out.write(WideSquareSet::first(9));
            out.write(set);
            assert_eq!(out.as_slice(), squares);
            for k in 0..=squares.len() {
                assert_eq!(nth_square(set, k), squares.get(k).copied());
            }
        }
    }

    #[test]
    fn a_clone_keeps_its_buffers_room_and_plays_the_same() {
        let mut rng = SplitMix64::new(5);
        let mut c = ActionGame::new(Lasca::start(), 0);
        for _ in 0..7 {
            let a = c.random_action(rng.next_u64());
            c.apply(i64::from(a.0)).unwrap();
        }
        let mut d = c.clone();
        assert!(d.actions.capacity() >= 512 && d.move_ends.capacity() >= 256);
        assert!(d.scratch.as_vec_mut().capacity() >= 64);
        while !c.is_over() {
            let r = rng.next_u64();
            let a = c.random_action(r);
            assert_eq!(d.random_action(r), a);
            assert_eq!(c.apply(i64::from(a.0)), d.apply(i64::from(a.0)));
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
            while !c.is_over() {
                let a = c.random_action(rng.next_u64());
                c.apply(i64::from(a.0)).unwrap();
            }
            assert!(c.outcome().is_some());
            assert_eq!(c.game().outcome(), c.outcome());
        }
    }

    #[test]
    fn moves_are_taken_back_and_played_again_with_their_clicks() {
        let mut c = ActionGame::new(Lasca::start(), 0);
        let mut rng = SplitMix64::new(8);
        while c.moves().len() < 40 && !c.is_over() {
            let a = c.random_action(rng.next_u64());
            c.apply(i64::from(a.0)).unwrap();
        }
        let (actions, moves) = (c.actions().to_vec(), c.moves().to_vec());
        let mut states = Vec::new();
        while let Some(mv) = {
            states.push((c.position().clone(), c.legal_actions().to_vec()));
            c.undo()
        } {
            assert_eq!(
                c.actions().len(),
                c.move_ends().last().map_or(0, |&e| e as usize)
            );
            assert_eq!(Some(&mv), moves.get(c.moves().len()));
            assert_eq!(c.position(), &c.game().position_before(c.moves().len()));
        }
        assert_eq!(c.position(), &Lasca::start());
        while c.redo().is_some() {}
        assert_eq!((c.actions(), c.moves()), (&actions[..], &moves[..]));
        assert_eq!(states.len(), moves.len() + 1);
        assert_eq!(
            (c.position(), c.legal_actions()),
            (&states[0].0, &states[0].1[..])
        );
        // a new move forgets the moves to redo
        c.undo();
        let a = c.random_action(1);
        c.apply(i64::from(a.0)).unwrap();
        if c.clicks().is_empty() {
            assert_eq!(c.redo(), None);
        }
    }

    #[test]
    fn clicks_are_taken_back_one_by_one_and_refused_in_the_boards_words() {
        let mut c = ActionGame::new(emergo_capture(), 0);
        let g = c.geometry();
        let sq = |n: &str| g.parse_square(n).unwrap();
        let e = c.click(sq("d8")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "no move starts on d8: the column there cannot capture; capture is \
             compulsory; a move starts on g6"
        );
        assert_eq!(c.click(sq("g6")), Ok(None));
        let e = c.click(sq("d8")).unwrap_err();
        assert!(
            matches!(e, ActionError::Click(ClickError::NotNext { .. })),
            "{e}"
        );
        assert!(matches!(
            c.click(Square(200)),
            Err(ActionError::Click(ClickError::OffBoard(200)))
        ));
        assert_eq!(c.take_back_click(), Some(sq("g6")));
        assert_eq!(c.take_back_click(), None);
        assert_eq!(c.names(c.legal_actions()), ["g6"]);
        c.click(sq("g6")).unwrap();
        c.click(sq("e6")).unwrap();
        c.reset_clicks();
        assert!(c.clicks().is_empty());
        assert_eq!(c.play_move(&c.candidates()[0]), Ok(()));
        assert_eq!(c.moves().last().unwrap().to_string(), "g6xe6xc6");
        assert_eq!(c.names(c.actions()), ["g6", "e6", "c6"]);
    }

    #[test]
    fn a_declared_end_stops_the_clicks_until_it_is_withdrawn() {
        let mut c = ActionGame::new(Lasca::start(), 0);
        let c3 = c.geometry().parse_square("c3").unwrap();
        c.click(c3).unwrap();
        let o = c.resign(Color::White).unwrap();
        assert_eq!(c.outcome(), Some(o));
        assert_eq!(c.returns(), [-1.0, 1.0]);
        assert!(c.is_over() && c.legal_actions().is_empty() && c.clicks().is_empty());
        assert!(matches!(
            c.click(c3),
            Err(ActionError::Click(ClickError::GameOver(_)))
        ));
        assert!(c.agree_draw().is_err());
        assert_eq!(c.undo_action(), None);
        assert_eq!(c.outcome(), None);
        assert_eq!(c.legal_actions().len(), 4);
    }

    #[test]
    fn a_new_action_limit_cuts_the_game_off_or_lets_it_go_on() {
        let mut c = ActionGame::new(Lasca::start(), 0);
        let mut rng = SplitMix64::new(2);
        for _ in 0..9 {
            let a = c.random_action(rng.next_u64());
            c.apply(i64::from(a.0)).unwrap();
        }
        c.set_max_actions(9);
        assert!(c.is_truncated() && c.legal_actions().is_empty());
        assert!(c
            .apply(0)
            .unwrap_err()
            .to_string()
            .contains("cut off after 9"));
        c.set_max_actions(0);
        assert!(!c.is_over() && !c.legal_actions().is_empty());
        c.set_max_actions(10);
        let a = c.random_action(1);
        c.apply(i64::from(a.0)).unwrap();
        assert!(c.is_truncated());
        assert_eq!(c.undo_action(), Some(a));
        assert!(!c.is_truncated());
    }
}
