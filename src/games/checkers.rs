//! The generic position of the checkers-like games ([`CheckersPosition`], over a
//! [`CheckersRules`] type) and its moves. This is the model of `dctl`'s variant traits:
//! Lasca, Bashni, the classic draughts, Dameo and Stapeldammen are each one rules type
//! over this one position; the moves, their counting and playing them are the
//! storage's, in the engine.

use crate::alloc_prelude::*;
use crate::engine::board::{Board, Geometry};
use crate::engine::capture::{
    CaptureGenerator, CapturePolicy, CapturePromotion, Taking, TakingRule,
};
use crate::engine::color::Color;
use crate::engine::columns::Columns;
use crate::engine::counted_draws::{CountedDraws, DrawCounts, Placement};
use crate::engine::error::{MoveParseError, PositionError, PositionErrorKind as K};
use crate::engine::introspect::{Introspect, MoveInfo, MoveKind};
use crate::engine::moves::{Move, MoveList, MovePath, MoveSquares, Route, Squares};
use crate::engine::outcome::{EndReason, Outcome};
#[cfg(doc)]
use crate::engine::pieces::Pieces;
use crate::engine::position::{Position, Terms};
use crate::engine::quiet::MovePolicy;
use crate::engine::square::Square;
use crate::engine::stack::Rank;
use crate::engine::storage::{Bulk, Ops, Storage, StorageFor, StoredMove};
use crate::engine::view::BoardView;
use crate::engine::zobrist::BLACK_TO_MOVE;
use crate::text::position_text as text;
use alloc::borrow::Cow;
use core::fmt;
use core::hash::Hash;
use core::marker::PhantomData;
use core::str::FromStr;

/// The rules of a checkers-like game, for [`CheckersPosition`].
///
/// The [`CapturePolicy`] part says how captures
/// work (its [taking](crate::custom::CapturePolicy::Taking) also decides what
/// stands on the board, [`StorageOf`]), the [`MovePolicy`] part how pieces move
/// otherwise; the rest says where the game starts and what positions can exist.
/// Options of a ruleset are fields or const parameters of the implementing type (it is
/// stored in the position); the `Default` value is the standard game.
pub trait CheckersRules:
    MovePolicy<Taking: StorageFor> + Copy + Default + Eq + Hash + fmt::Debug + Send + Sync + 'static
{
    /// The board.
    type Board: Board;
    /// The ruleset's name as used by the examples (`"lasca"`, ...).
    const NAME: &'static str;
    /// The start position, as a position text (`<columns> <side>`).
    const START: &'static str;
    /// The men each side has at the start (a position may not hold more).
    const MEN: usize;
    /// The separator between the squares of a capture in the notation (`x`, or `:` in
    /// Russian notation).
    const CAPTURE_SEPARATOR: char = 'x';
    /// The separator printed between the two squares of a non-capturing move: `-`
    /// (`c3-d4`) by default, empty for Dameo's `d1b3`. Both forms are read either way.
    const STEP_SEPARATOR: &'static str = "-";

    /// The federation's draws after a number of moves ([`CountedDraws`]: a count of
    /// kings-only moves, the endgame counts), which the position counts for; `None`
    /// (the default) where the rules have none.
    const COUNTED_DRAWS: Option<CountedDraws> = None;

    /// Whether threefold repetition draws (through [`Game`](crate::Game)).
    fn repetition_draws(&self) -> bool {
        true
    }
}

/// A move of a [`CheckersPosition`]: a [`Move`] printed with the ruleset's capture
/// separator (`c3-d4`, `b2xd4`, or `c3:e5` in Russian notation).
pub struct CheckersMove<R: CheckersRules> {
    inner: Move<R::Board>,
    /// What the move changes, as the storage found it, to play it fast (nothing for
    /// columns; unknown for a move made with [`new`](Self::new): the storage then
    /// works it out from the path).
    change: Change<R>,
    rules: PhantomData<R>,
}

/// What stands on the board of a position of rules `R`: the storage its taking
/// decides ([`StorageFor`]).
pub type StorageOf<R> =
    <<R as CapturePolicy>::Taking as StorageFor>::Storage<<R as CheckersRules>::Board>;

/// The change a move of rules `R` carries for its storage.
type Change<R> = <StorageOf<R> as Ops<<R as CheckersRules>::Board>>::Change;

impl<R: CheckersRules> CheckersMove<R> {
    /// Wraps a move.
    #[inline]
    pub const fn new(inner: Move<R::Board>) -> Self {
        CheckersMove {
            inner,
            change: <StorageOf<R> as Ops<R::Board>>::UNKNOWN,
            rules: PhantomData,
        }
    }

    /// The move without its notation.
    #[inline]
    pub const fn inner(&self) -> &Move<R::Board> {
        &self.inner
    }

    /// What the move does.
    #[inline]
    pub const fn path(&self) -> &MovePath {
        self.inner.path()
    }

    /// The square the piece or column starts from (every move of these games has
    /// one).
    #[inline]
    pub fn origin(&self) -> Option<Square> {
        self.inner.origin()
    }

    /// The square the move ends on.
    #[inline]
    pub fn destination(&self) -> Square {
        self.inner.destination()
    }

    /// The number of men (or pieces) captured, one a jump; 0 for a quiet move.
    #[inline]
    pub fn men_captured(&self) -> usize {
        self.inner.men_captured()
    }

    /// Whether it is a capture.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.inner.is_capture()
    }
}

impl<R: CheckersRules> StoredMove<R::Board, Change<R>> for CheckersMove<R> {
    #[inline(always)]
    fn step(from: Square, to: Square, change: Change<R>) -> Self {
        CheckersMove {
            inner: Move::step(from, to),
            change,
            rules: PhantomData,
        }
    }
    #[inline(always)]
    fn capture(route: Route, change: Change<R>) -> Self {
        CheckersMove {
            inner: Move::capture(route),
            change,
            rules: PhantomData,
        }
    }
    #[inline(always)]
    fn path(&self) -> &MovePath {
        self.inner.path()
    }
    #[inline(always)]
    fn change(&self) -> &Change<R> {
        &self.change
    }
}

impl<R: CheckersRules> MoveSquares for CheckersMove<R> {
    fn origin(&self) -> Option<Square> {
        self.inner.origin()
    }
    fn landings(&self) -> Squares {
        self.inner.landings()
    }
    fn destination(&self) -> Square {
        self.inner.destination()
    }
    fn men_captured(&self) -> usize {
        self.inner.men_captured()
    }
}

impl<R: CheckersRules> Clone for CheckersMove<R> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<R: CheckersRules> Copy for CheckersMove<R> {}
impl<R: CheckersRules> PartialEq for CheckersMove<R> {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}
impl<R: CheckersRules> Eq for CheckersMove<R> {}
impl<R: CheckersRules> Hash for CheckersMove<R> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.inner.hash(state)
    }
}
impl<R: CheckersRules> fmt::Display for CheckersMove<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = [0u8; 4];
        self.inner.write_with_separators(
            R::STEP_SEPARATOR,
            R::CAPTURE_SEPARATOR.encode_utf8(&mut sep),
            f,
        )
    }
}
impl<R: CheckersRules> fmt::Debug for CheckersMove<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

/// A position of a checkers-like game with rules `R`: the rules, what stands on the
/// board ([`StorageOf<R>`], which its taking decides) and the side to move.
///
/// Pieces (or columns of men) step or fly without capturing, capture under a
/// [`CapturePolicy`], and may be promoted. A ruleset is a small [`CheckersRules`]
/// type, a short list of facts — how men are taken and the other capture rules,
/// directions and leaps, board, start, men, counted draws — and the position does the
/// rest: legal moves, play, outcome (the player who cannot move loses), hashing,
/// notation and position text. What stands on the board follows from how men are
/// taken ([`StorageOf`]): the removal games (the draughts games, Dameo) keep bitboards
/// alone ([`Pieces`]), the column games a column per square ([`Columns`]).
///
/// # Position text
/// `<columns> <side>`: the columns as `square:men` items joined by commas, each
/// column's men **bottom to top** (`w`/`b` men or soldiers, `W`/`B` kings or officers),
/// or `-` for an empty board; then `w` or `b`. Example: `c3:bW,e5:b b`. `Display`
/// writes it, `FromStr` reads it with the default options of `R` (see
/// [`with_rules`](Self::with_rules)); `{:#}` draws the board.
///
/// Where the rules count moves for a draw ([`CheckersRules::COUNTED_DRAWS`], the
/// draughts games), a third field gives the counts: `draws:<kings-only
/// plies>/<endgame plies>` (`3:W,23:b w draws:12/4`), or `draws:off` for the counted
/// draws switched off; it is left out when both counts are 0 and the rules are on.
/// The label tells the counts apart from Emergo's men in hand (`w 12/12`); the
/// counts without it (`12/4`, `-`) are read too. Two positions are equal
/// (`==`, and their hash) when their boards, sides to move and rules options are:
/// the counts are history, like repetition ([`draw_counts`](Self::draw_counts)).
#[derive(Clone)]
pub struct CheckersPosition<R: CheckersRules> {
    rules: R,
    board: StorageOf<R>,
    turn: Color,
    counts: DrawCounts,
}

impl<R: CheckersRules> PartialEq for CheckersPosition<R> {
    fn eq(&self, other: &Self) -> bool {
        self.board == other.board && self.turn == other.turn && self.rules == other.rules
    }
}

impl<R: CheckersRules> Eq for CheckersPosition<R> {}

impl<R: CheckersRules> Hash for CheckersPosition<R> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.rules.hash(state);
        self.board.hash(state);
        self.turn.hash(state);
    }
}

impl<R: CheckersRules> CheckersPosition<R> {
    /// The start position with the given rules options.
    pub fn start_with(rules: R) -> Self {
        Self::start().with_rules(rules)
    }

    /// The same position under other rules options.
    pub fn with_rules(mut self, rules: R) -> Self {
        self.rules = rules;
        self
    }

    /// The rules (with their options).
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The counts of the rules' [counted draws](CountedDraws): plies
    /// of kings-only moves, plies in the endgame class, and whether they are off.
    ///
    /// ```
    /// use column_checkers::{InternationalDraughts, Outcome, EndReason, Position};
    ///
    /// // two kings against one: five moves each, then a draw (FMJD)
    /// let p: InternationalDraughts = "W:WK1,K2:BK50".parse().unwrap();
    /// assert_eq!(p.draw_counts().endgame, 0);
    /// let near: InternationalDraughts = "1:W,2:W,50:B w draws:9/9".parse().unwrap();
    /// assert_eq!(near.outcome(), None);
    /// let at: InternationalDraughts = "1:W,2:W,50:B w draws:10/10".parse().unwrap();
    /// assert_eq!(at.outcome(), Some(Outcome::Draw { reason: EndReason::EndgameMoves }));
    /// // switched off, for a problem position
    /// assert_eq!(at.with_counted_draws(false).outcome(), None);
    /// ```
    pub fn draw_counts(&self) -> DrawCounts {
        self.counts
    }

    /// The same position with the rules' counted draws on or off (on by default).
    pub fn with_counted_draws(mut self, on: bool) -> Self {
        self.counts.off = !on;
        self
    }

    /// A position of `board` with `turn` to move, no history and the counted draws
    /// off: what the endgame databases value, by the rules of play alone.
    #[cfg(feature = "solver")]
    pub(crate) fn from_board(board: StorageOf<R>, turn: Color) -> Self {
        CheckersPosition {
            rules: R::default(),
            board,
            turn,
            counts: DrawCounts {
                off: true,
                ..DrawCounts::default()
            },
        }
    }

    /// Each side's (pieces, kings) on the board, for the endgame classes.
    fn sides(board: &StorageOf<R>) -> [(u8, u8); 2] {
        let kings = board.kings();
        Color::ALL.map(|c| {
            let owned = board.owned(c);
            (owned.count() as u8, (owned & kings).count() as u8)
        })
    }

    /// Each side's squares and the kings', for the endgame classes that ask where a
    /// piece stands.
    fn placement(board: &StorageOf<R>) -> Placement {
        Placement {
            owned: Color::ALL.map(|c| board.owned(c)),
            kings: board.kings(),
        }
    }

    /// The counts of a position read from a text or built with no history.
    fn fresh_counts(board: &StorageOf<R>) -> DrawCounts {
        R::COUNTED_DRAWS
            .as_ref()
            .map_or(DrawCounts::default(), |d| {
                DrawCounts::start(d, Self::sides(board))
            })
    }

    /// What stands on the board: the [`Pieces`] of a removal game (each side's
    /// squares and the kings'), the [`Columns`] of a column game.
    ///
    /// ```
    /// use column_checkers::{Color, InternationalDraughts, Position};
    /// let p = InternationalDraughts::start();
    /// assert_eq!(p.board().owned(Color::White).count(), 20);
    /// assert!(p.board().kings().is_empty());
    /// ```
    pub fn board(&self) -> &StorageOf<R> {
        &self.board
    }

    /// The board as columns (a piece of a removal game is a column of one man):
    /// borrowed in a column game, built in a removal game.
    ///
    /// ```
    /// use column_checkers::{Lasca, Position, RussianDraughts};
    /// assert_eq!(Lasca::start().columns().occupied().count(), 22);
    /// assert_eq!(RussianDraughts::start().columns().occupied().count(), 24);
    /// ```
    pub fn columns(&self) -> Cow<'_, Columns<R::Board>> {
        self.board.columns()
    }

    /// The legal move that the capture `route` names, when it is a route of one
    /// (every route of a move names it: [move identity](crate::rulings#move-identity)),
    /// with what it takes where the captures are found on bitboards.
    fn equivalent_capture(&self, route: &Route) -> Option<Move<R::Board>> {
        CaptureGenerator::new(&self.rules, &self.board, self.turn)
            .equivalent(route)
            .map(Move::capture)
    }

    /// The move of `legal` equal to `mv` (which carries what a capture takes), or
    /// `mv` itself.
    fn listed(legal: &[CheckersMove<R>], mv: Move<R::Board>) -> CheckersMove<R> {
        legal
            .iter()
            .find(|m| m.inner == mv)
            .copied()
            .unwrap_or(CheckersMove::new(mv))
    }

    /// The outcome ([`Position::outcome`]), `has_move` telling whether the player to
    /// move has a legal move.
    fn end(&self, has_move: impl FnOnce() -> bool) -> Option<Outcome> {
        if !has_move() {
            return Some(Outcome::Win {
                winner: !self.turn,
                reason: EndReason::stuck(!self.board.owned(self.turn).is_empty()),
            });
        }
        let board = &self.board;
        let reason = self
            .counts
            .verdict(R::COUNTED_DRAWS.as_ref()?, || Self::placement(board))?;
        Some(Outcome::Draw { reason })
    }

    /// Checks what a position text holds on the board, before it is stored.
    fn check(columns: &Columns<R::Board>) -> Result<(), PositionError> {
        let g = R::Board::geometry();
        for (sq, s) in columns.iter() {
            let name = || g.name(sq).to_string();
            if !<StorageOf<R> as Storage<R::Board>>::STACKS && s.height() > 1 {
                return Err(PositionError::new(
                    K::ColumnTooTall {
                        square: name(),
                        height: s.height(),
                        max: 1,
                    },
                    0,
                ));
            }
            let impossible = |why| {
                Err(PositionError::new(
                    K::ImpossibleColumn {
                        square: name(),
                        column: s.to_string(),
                        why,
                    },
                    0,
                ))
            };
            if s.layers() > 2 {
                return impossible(
                    "more than two colour layers (captures only add prisoners at the bottom)",
                );
            }
            let top = s.top().expect("occupied");
            if top.rank == Rank::Man
                && R::RULES
                    .promotion_squares(R::Board::geometry(), top.color)
                    .contains(sq)
            {
                return impossible("a man on its promotion row would have been promoted");
            }
        }
        for c in Color::ALL {
            let count = columns.men(c);
            if count > R::MEN {
                return Err(PositionError::new(
                    K::TooManyMen {
                        color: c,
                        count,
                        max: R::MEN,
                    },
                    0,
                ));
            }
        }
        Ok(())
    }
}

impl<R: CheckersRules> Position for CheckersPosition<R> {
    type Move = CheckersMove<R>;

    const NAME: &'static str = R::NAME;

    const TERMS: Terms = if <StorageOf<R> as Storage<R::Board>>::STACKS {
        Terms::Columns
    } else {
        Terms::Pieces
    };

    /// Men are crowned unless the capture rules have no promotion (Stapeldammen).
    const CROWNING: bool = !matches!(R::RULES.promotion, CapturePromotion::Never);

    fn start() -> Self {
        R::START
            .parse()
            .expect("the start position text of a ruleset is valid")
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    #[inline]
    fn legal_moves(&self, out: &mut MoveList<CheckersMove<R>>) {
        self.board.legal_moves(&self.rules, self.turn, out);
    }

    #[inline]
    fn play_unchecked(&mut self, mv: &CheckersMove<R>) {
        if let Some(draws) = &R::COUNTED_DRAWS {
            // read from the kings before and after, which the storage keeps in a word:
            // a quiet move of a king moves a king, a man's step leaves them, a
            // crowning adds one
            let before = self.board.kings();
            self.board.play(&self.rules, self.turn, mv);
            let after = self.board.kings();
            let capture = mv.is_capture();
            // a capture reads the classes again anyway: a crowning is told apart only
            // on a quiet move (a man's step that adds a king)
            let crowned = !capture && after.count() > before.count();
            let quiet_king = !capture && !crowned && before != after;
            let board = &self.board;
            self.counts
                .after(draws, quiet_king, capture, crowned, || Self::sides(board));
        } else {
            self.board.play(&self.rules, self.turn, mv);
        }
        self.turn = !self.turn;
    }

    /// A player who cannot move loses (see [the end of a
    /// game](crate::rulings#the-end-of-a-game)); otherwise the rules' counted draws
    /// decide ([`EndReason::KingMoves`], [`EndReason::EndgameMoves`]).
    fn outcome(&self) -> Option<Outcome> {
        self.end(|| self.count_legal_moves() > 0)
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.board.zobrist()
            ^ if self.turn == Color::Black {
                BLACK_TO_MOVE
            } else {
                0
            }
    }

    fn parse_move(&self, text: &str) -> Result<CheckersMove<R>, MoveParseError> {
        if let Some(o) = self.outcome() {
            return Err(MoveParseError::GameOver(o));
        }
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        let inner: Vec<Move<R::Board>> = legal.iter().map(|m| m.inner).collect();
        crate::text::notation::match_move(
            text,
            &inner,
            |r| self.equivalent_capture(r),
            Self::TERMS,
            |m| CheckersMove::<R>::new(*m).to_string(),
        )
        .map(|m| Self::listed(&legal, m))
    }

    fn repetition_draws(&self) -> bool {
        self.rules.repetition_draws()
    }

    fn men(&self, color: Color) -> usize {
        self.board.men(color)
    }

    fn diagram(&self) -> String {
        let mut s = text::grid_diagram(&self.board.columns(), false);
        s.push_str(&format!("{} to move\n", self.turn));
        s
    }

    fn board_view(&self) -> Option<BoardView<'_>> {
        let g = R::Board::geometry();
        Some(match self.board.columns() {
            Cow::Borrowed(c) => BoardView::new(g, c.stacks(), self.turn),
            Cow::Owned(c) => BoardView::owned(g, c.stacks().to_vec(), self.turn),
        })
    }

    // Perft's shortcuts come from the storage (its bulk counting, see
    // `engine::storage`): the legal moves counted without listing them, the replies
    // to a list of moves and the last two plies counted on the board or its
    // bitboards, a move taken back in place.

    /// The outcome from the listed moves: whether there is one.
    fn outcome_among(&self, legal: &[CheckersMove<R>]) -> Option<Outcome> {
        self.end(|| !legal.is_empty())
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        self.board.count_moves(&self.rules, self.turn)
    }

    #[inline]
    fn count_replies(&self, moves: &[CheckersMove<R>]) -> u64 {
        self.board.count_replies(&self.rules, self.turn, moves)
    }

    #[inline]
    fn count_two_plies(&self, scratch: &mut MoveList<CheckersMove<R>>) -> u64 {
        self.board.count_two_plies(&self.rules, self.turn, scratch)
    }

    /// Puts back only what `mv` changed where the storage can (the two squares of a
    /// column step); a removal game's position is copied whole, a few words.
    /// The move on the board alone: the counted draws' counts are left as they were
    /// (only the outcome reads them).
    #[inline]
    fn play_for_counting(&mut self, mv: &CheckersMove<R>) {
        self.board.play(&self.rules, self.turn, mv);
        self.turn = !self.turn;
    }

    /// The storage plays each move on a copy's board: a removal game makes each
    /// position as it finds the move, without a list.
    #[inline]
    fn play_each_move(&self, scratch: &mut MoveList<CheckersMove<R>>, visit: impl FnMut(&Self)) {
        let mut next = self.clone();
        next.turn = !self.turn;
        self.board.play_each(
            &self.rules,
            self.turn,
            scratch,
            &mut next,
            |p| &mut p.board,
            visit,
        );
    }

    #[inline]
    fn restore(&mut self, parent: &Self, mv: &CheckersMove<R>) {
        self.board.take_back(&parent.board, mv);
        self.turn = parent.turn;
        self.counts = parent.counts;
    }

    fn parse_move_among(
        &self,
        text: &str,
        legal: &[CheckersMove<R>],
    ) -> Result<CheckersMove<R>, MoveParseError> {
        let inner: smallvec::SmallVec<[Move<R::Board>; 16]> =
            legal.iter().map(|m| m.inner).collect();
        crate::text::notation::match_move(
            text,
            &inner,
            |r| self.equivalent_capture(r),
            Self::TERMS,
            |m| CheckersMove::<R>::new(*m).to_string(),
        )
        .map(|m| Self::listed(legal, m))
    }

    /// Men are conserved when captured men become prisoners
    /// ([`Taking::Prisoner`]).
    fn men_are_conserved(&self) -> bool {
        <R::Taking as TakingRule>::TAKING == Taking::Prisoner
    }
}

/// Steps (flying kings too) and line advances are clicked by origin and destination,
/// captures by their origin and every landing, any route of the move.
impl<R: CheckersRules> Introspect for CheckersPosition<R> {
    fn geometry(&self) -> &'static Geometry {
        R::Board::geometry()
    }

    fn describe(&self, mv: &CheckersMove<R>) -> Option<MoveInfo> {
        if !self.is_legal(mv) {
            return None;
        }
        let cols = self.board.columns();
        let from = mv.origin().unwrap_or(mv.destination());
        let mut info = match *mv.path() {
            MovePath::Step { from, to } => {
                let squares = R::Board::geometry()
                    .line_between(from, to)
                    .map_or(1, |(_, k)| k as usize);
                let king = cols.get(from).top_is_king();
                let kind = R::QUIET_MOVES.kind(king, squares);
                let men_moved = match kind {
                    // a line advance moves the whole line, tail to head
                    MoveKind::LineAdvance => squares,
                    _ => cols.get(from).height(),
                };
                MoveInfo {
                    men_moved,
                    ..MoveInfo::new(mv, kind)
                }
            }
            MovePath::Capture(ref r) => MoveInfo {
                men_moved: cols.get(from).height(),
                taken: CaptureGenerator::taken(&self.rules, &self.board, self.turn, r),
                ..MoveInfo::new(mv, MoveKind::Capture)
            },
            MovePath::Entry { .. } => MoveInfo::new(mv, MoveKind::Entry),
        };
        let mut after = self.clone();
        after.play_unchecked(mv);
        info.crowned =
            !cols.get(from).top_is_king() && after.board.kings().contains(mv.destination());
        Some(info)
    }

    fn click_paths(&self, out: &mut dyn FnMut(&CheckersMove<R>, &[Square])) {
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        self.click_paths_among(&legal, out);
    }

    fn click_paths_among(
        &self,
        legal: &[CheckersMove<R>],
        out: &mut dyn FnMut(&CheckersMove<R>, &[Square]),
    ) {
        if legal.first().is_some_and(|m| m.is_capture()) {
            CaptureGenerator::new(&self.rules, &self.board, self.turn).route_classes(|l, r| {
                out(
                    &Self::listed(legal, Move::capture(*l)),
                    &Move::<R::Board>::capture(*r).clicks(),
                )
            });
        } else {
            for mv in legal {
                out(mv, &mv.clicks());
            }
        }
    }
}

impl<R: CheckersRules> fmt::Display for CheckersPosition<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f.write_str(&self.diagram());
        }
        text::write_columns(&self.board.columns(), f)?;
        write!(f, " {}", self.turn.char())?;
        let c = self.counts;
        if c.off {
            f.write_str(" draws:off")
        } else if c.kings_only > 0 || c.endgame > 0 {
            write!(f, " draws:{}/{}", c.kings_only, c.endgame)
        } else {
            Ok(())
        }
    }
}

impl<R: CheckersRules> fmt::Debug for CheckersPosition<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({self})", R::NAME)
    }
}

impl<R: CheckersRules> FromStr for CheckersPosition<R> {
    type Err = PositionError;

    /// Reads the position text (see [`Display`](fmt::Display)) or PDN FEN
    /// ([`read_position_or_fen`](crate::text::read_position_or_fen)).
    fn from_str(s: &str) -> Result<Self, PositionError> {
        crate::text::read_position_or_fen(s, |s| {
            crate::text::position_text::read_position(s, Self::read_text)
        })
    }
}

impl<R: CheckersRules> CheckersPosition<R> {
    /// Reads a position text (see [`FromStr`]); the error is quoted by the caller.
    fn read_text(s: &str) -> Result<Self, PositionError> {
        let fields = text::fields(s)?;
        let (off, cols) = *fields
            .first()
            .ok_or(PositionError::new(K::Missing(Self::TERMS.pieces()), 0))?;
        let columns = text::read_columns::<R::Board>(cols, off)?;
        let (off, side) = *fields
            .get(1)
            .ok_or(PositionError::new(K::Missing("side to move"), s.len()))?;
        let turn = match side {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            _ => return Err(PositionError::new(K::BadSide(side.to_string()), off)),
        };
        let mut at = 2;
        let counts =
            match fields.get(2) {
                Some(&(off, field)) if R::COUNTED_DRAWS.is_some() => {
                    at = 3;
                    Some(read_counts(field).ok_or_else(|| {
                        PositionError::new(K::BadDrawCounts(field.to_string()), off)
                    })?)
                }
                _ => None,
            };
        if let Some(&(off, _)) = fields.get(at) {
            return Err(PositionError::new(K::Trailing, off));
        }
        Self::check(&columns).map_err(|e| {
            PositionError::new(
                e.kind,
                if e.at == 0 {
                    cols_offset(&fields)
                } else {
                    e.at
                },
            )
        })?;
        let board = StorageOf::<R>::from_columns(columns);
        let mut fresh = Self::fresh_counts(&board);
        if let Some((kings_only, endgame, off)) = counts {
            fresh.off = off;
            fresh.kings_only = kings_only;
            fresh.endgame = if fresh.classes.is_empty() { 0 } else { endgame };
        }
        Ok(CheckersPosition {
            rules: R::default(),
            board,
            turn,
            counts: fresh,
        })
    }
}

/// The counts field of a position text: `draws:<kings-only plies>/<endgame plies>`,
/// or `draws:off` for the counted draws switched off; the label may be left out
/// (`12/4`, `-`).
fn read_counts(field: &str) -> Option<(u16, u16, bool)> {
    let field = field.strip_prefix("draws:").unwrap_or(field);
    if field == "-" || field == "off" {
        return Some((0, 0, true));
    }
    let (k, e) = field.split_once('/')?;
    let number = |t: &str| {
        (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse().ok())
            .flatten()
    };
    Some((number(k)?, number(e)?, false))
}

fn cols_offset(fields: &[(usize, &str)]) -> usize {
    fields.first().map_or(0, |f| f.0)
}

#[cfg(feature = "serde")]
crate::text::serde::serde_as_text!(impl<R: CheckersRules> CheckersPosition<R>, read);
#[cfg(feature = "serde")]
crate::text::serde::serde_as_text!(impl<R: CheckersRules> CheckersMove<R>);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::draughts::RussianDraughts;

    #[test]
    fn text_round_trip_and_errors() {
        let p = RussianDraughts::start();
        assert_eq!(p.to_string().parse::<RussianDraughts>().unwrap(), p);
        let err = "h8:w w".parse::<RussianDraughts>().unwrap_err();
        assert!(matches!(err.kind, K::ImpossibleColumn { .. }), "{err}");
        let err = "c3:ww w".parse::<RussianDraughts>().unwrap_err();
        assert!(matches!(err.kind, K::ColumnTooTall { .. }), "{err}");
        assert!(matches!(
            "c3:w x".parse::<RussianDraughts>().unwrap_err().kind,
            K::BadSide(_)
        ));
        // Russian draughts counts moves for a draw: a third field is the counts
        assert!(matches!(
            "c3:w w 1".parse::<RussianDraughts>().unwrap_err().kind,
            K::BadDrawCounts(_)
        ));
        assert!(matches!(
            "c3:w w 1/1 x".parse::<RussianDraughts>().unwrap_err().kind,
            K::Trailing
        ));
    }
}
