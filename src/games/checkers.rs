//! A generic position for the checkers-like games: pieces (or columns of men) that
//! step or fly without capturing, capture under a [`CapturePolicy`], and may be
//! promoted. A ruleset is a small [`CheckersRules`] type — board, start, move
//! directions, capture policy, promotion squares — and [`CheckersPosition`] does the
//! rest: legal moves, play, outcome (the player who cannot move loses), hashing,
//! notation and position text.
//!
//! This is the model of `dctl`'s variant traits: Lasca, Bashni, the classic draughts
//! and Dameo are each one rules type over this one position.

use crate::engine::board::{Board, Geometry};
use crate::engine::capture::{CaptureGenerator, CapturePolicy, Leap, Taking, Transfer};
use crate::engine::checking::Checking;
use crate::engine::color::Color;
use crate::engine::columns::Columns;
use crate::engine::counting::Counting;
use crate::engine::error::{MoveParseError, PositionError, PositionErrorKind as K};
use crate::engine::introspect::{Introspect, MoveInfo, MoveKind, MoveSquares, Squares};
use crate::engine::moves::{Move, MoveList, MovePath, Route};
use crate::engine::position::{EndReason, Outcome, Position};
use crate::engine::removal::{RemovalCaptures, StepReplies, Taken};
use crate::engine::square::each_direction;
use crate::engine::square::{DirectionSet, Square, SquareSet};
use crate::engine::stack::{Man, Rank};
use crate::engine::zobrist::BLACK_TO_MOVE;
use crate::text::position_text as text;
use core::fmt;
use core::hash::Hash;
use core::marker::PhantomData;
use core::str::FromStr;

/// The rules of a checkers-like game, for [`CheckersPosition`].
///
/// The [`CapturePolicy`] part says how captures work; the rest says how pieces move
/// otherwise, where the game starts, and what positions can exist. Options of a
/// ruleset are fields of the implementing type (it is stored in the position); the
/// `Default` value is the standard game.
pub trait CheckersRules:
    CapturePolicy + Copy + Default + Eq + Hash + fmt::Debug + Send + Sync + 'static
{
    /// The board.
    type Board: Board;
    /// The ruleset's name as used by the examples (`"lasca"`, ...).
    const NAME: &'static str;
    /// The start position, as a position text (`<columns> <side>`).
    const START: &'static str;
    /// The men each side has at the start (a position may not hold more).
    const MEN: usize;
    /// Whether men stack into columns (column games); otherwise every square holds at
    /// most one piece (draughts).
    const COLUMNS: bool;
    /// The separator between the squares of a capture in the notation (`x`, or `:` in
    /// Russian notation).
    const CAPTURE_SEPARATOR: char = 'x';
    /// The separator printed between the two squares of a non-capturing move: `-`
    /// (`c3-d4`) by default, empty for Dameo's `d1b3`. Both forms are read either way.
    const STEP_SEPARATOR: &'static str = "-";

    /// The directions in which a column led by `commander` moves without capturing.
    /// By default those it captures in ([`CapturePolicy::directions`]): rulesets
    /// whose men capture backward but move forward say so here.
    #[inline]
    fn move_directions(&self, commander: Man) -> DirectionSet {
        self.directions(commander)
    }

    /// Whether a column led by `commander` steps one square or flies along a line
    /// when it moves without capturing. By default as it captures
    /// ([`CapturePolicy::leap`]), which is so in every ruleset of the crate.
    #[inline]
    fn move_leap(&self, commander: Man) -> Leap {
        self.leap(commander)
    }

    /// Calls `out(from, to)` for every non-capturing move of `side`. The default moves
    /// each owned column by [`move_directions`](Self::move_directions) and
    /// [`move_leap`](Self::move_leap); a ruleset with other quiet moves (Dameo's line
    /// advances) overrides it. A quiet move takes the column on `from` to `to`.
    fn quiet_moves(
        &self,
        cols: &Columns<Self::Board>,
        side: Color,
        out: impl FnMut(Square, Square),
    ) {
        standard_quiet_moves(self, cols, side, out)
    }

    /// The number of non-capturing moves of `side`: the number of calls
    /// [`quiet_moves`](Self::quiet_moves) makes. The default counts them that way; a
    /// ruleset that keeps the default `quiet_moves` may override this with
    /// [`count_standard_quiet_moves`], which counts with bitboards.
    fn count_quiet_moves(&self, cols: &Columns<Self::Board>, side: Color) -> usize {
        let mut n = 0;
        self.quiet_moves(cols, side, |_, _| n += 1);
        n
    }

    /// Whether the quiet moves are the standard ones: [`quiet_moves`](Self::quiet_moves)
    /// is the default ([`standard_quiet_moves`]) and
    /// [`count_quiet_moves`](Self::count_quiet_moves) counts them (the default, or
    /// [`count_standard_quiet_moves`]). `false` by default; a ruleset without columns
    /// that says `true` has perft's last ply counted from one look at each position
    /// where that is exact ([`Counting::count_replies`]).
    const STANDARD_QUIET_MOVES: bool = false;

    /// Whether threefold repetition draws (through [`Game`](crate::engine::game::Game)).
    fn repetition_draws(&self) -> bool {
        true
    }

    /// What the non-capturing move `from` → `to` of [`quiet_moves`](Self::quiet_moves)
    /// is, for [`Introspect::describe`]: [`MoveKind::Step`] by default (flying kings
    /// too); Dameo's line advances say [`MoveKind::LineAdvance`].
    fn quiet_move_type(&self, cols: &Columns<Self::Board>, from: Square, to: Square) -> MoveKind {
        let _ = (cols, from, to);
        MoveKind::Step
    }
}

/// The default non-capturing moves of [`CheckersRules::quiet_moves`]: each column of
/// `side` moves by the [`move_directions`](CheckersRules::move_directions) and
/// [`move_leap`](CheckersRules::move_leap) of its commander, to vacant squares. Calls
/// `out(from, to)` by origin square, then direction, then distance.
pub fn standard_quiet_moves<R: CheckersRules>(
    rules: &R,
    cols: &Columns<R::Board>,
    side: Color,
    out: impl FnMut(Square, Square),
) {
    quiet_moves_of::<R, true>(rules, cols, side, out)
}

/// The moves of [`standard_quiet_moves`], in its order when `ORDERED`, else in no
/// particular order (for counting): where men step one square, their steps are then
/// found one direction at a time on whole sets ([`Board::shift`]), the kings' moves
/// square by square.
#[inline(always)]
fn quiet_moves_of<R: CheckersRules, const ORDERED: bool>(
    rules: &R,
    cols: &Columns<R::Board>,
    side: Color,
    out: impl FnMut(Square, Square),
) {
    // each colour on its own, so that its directions are constants
    match side {
        Color::White => colour_quiet_moves::<R, ORDERED>(rules, cols, Color::White, out),
        Color::Black => colour_quiet_moves::<R, ORDERED>(rules, cols, Color::Black, out),
    }
}

/// [`quiet_moves_of`] of `side`: in order, only the columns with a vacant neighbour in
/// one of their directions (found with [`Board::shift`]) are walked square by square.
#[inline(always)]
fn colour_quiet_moves<R: CheckersRules, const ORDERED: bool>(
    rules: &R,
    cols: &Columns<R::Board>,
    side: Color,
    mut out: impl FnMut(Square, Square),
) {
    let g = R::Board::geometry();
    let vacant = cols.vacant();
    let own = cols.owned(side);
    let kings = cols.kings();
    let by_rank = [Rank::Man, Rank::King].map(|rank| {
        let man = Man { color: side, rank };
        (
            rules.move_directions(man),
            rules.move_leap(man) == Leap::Flying,
        )
    });
    let man = Man::new(side);
    let stepping_men = rules.move_leap(man) == Leap::Short;
    if !ORDERED && stepping_men {
        each_direction!(rules.move_directions(man), d, 'next, {
            for to in R::Board::shift(own - kings, d) & vacant {
                if let Some(from) = g.neighbour(to, R::Board::opposite(d)) {
                    out(from, to);
                }
            }
        });
        let (dirs, flying) = by_rank[1];
        for from in own & kings {
            walk_lines(g, from, dirs, flying, vacant, &mut out);
        }
        return;
    }
    let movable = movers::<R::Board>(own - kings, by_rank[0].0, vacant)
        | movers::<R::Board>(own & kings, by_rank[1].0, vacant);
    for from in movable {
        let king = kings.contains(from);
        if !king && stepping_men {
            // a man's steps, the directions unrolled (constants where the rules' are)
            each_direction!(rules.move_directions(man), d, 'next, {
                if let Some(to) = g.neighbour(from, d).filter(|&t| vacant.contains(t)) {
                    out(from, to);
                }
            });
            continue;
        }
        let (dirs, flying) = by_rank[usize::from(king)];
        walk_lines(g, from, dirs, flying, vacant, &mut out);
    }
}

/// The quiet moves from `from` in each of `dirs`, direction by direction: one square
/// onto a vacant neighbour, or when `flying` every square of `vacant` along the line
/// up to the first one not vacant.
#[inline(always)]
fn walk_lines(
    g: &Geometry,
    from: Square,
    dirs: DirectionSet,
    flying: bool,
    vacant: SquareSet,
    out: &mut impl FnMut(Square, Square),
) {
    for d in dirs.iter() {
        let mut at = from;
        while let Some(to) = g.neighbour(at, d).filter(|&t| vacant.contains(t)) {
            out(from, to);
            if !flying {
                break;
            }
            at = to;
        }
    }
}

/// The squares of `group` with a square of `vacant` next to them in one of `dirs`.
#[inline(always)]
fn movers<B: Board>(group: SquareSet, dirs: DirectionSet, vacant: SquareSet) -> SquareSet {
    let mut found = SquareSet::EMPTY;
    if group.is_empty() {
        return found;
    }
    each_direction!(dirs, d, 'next, {
        found |= group & B::shift(vacant, B::opposite(d));
    });
    found
}

/// The number of moves [`standard_quiet_moves`] makes, counted with bitboard shifts
/// (square by square only for flying columns). For rulesets that keep the default
/// [`CheckersRules::quiet_moves`] to use as their
/// [`count_quiet_moves`](CheckersRules::count_quiet_moves).
pub fn count_standard_quiet_moves<R: CheckersRules>(
    rules: &R,
    cols: &Columns<R::Board>,
    side: Color,
) -> usize {
    count_quiet_moves_on(rules, side, cols.owned(side), cols.kings(), cols.vacant())
}

/// [`count_standard_quiet_moves`] on bitboards: `own` holds the squares of the pieces
/// of `side`, `kings` the kings' squares (of both sides), `vacant` the vacant ones.
#[inline(always)]
fn count_quiet_moves_on<R: CheckersRules>(
    rules: &R,
    side: Color,
    own: SquareSet,
    kings: SquareSet,
    vacant: SquareSet,
) -> usize {
    let (men, kings) = (own - kings, own & kings);
    // men, then kings (two calls rather than a loop over an array: this is hot), each
    // colour on its own so that its directions are constants
    let count = |color| {
        count_group_quiet_moves::<R>(rules, Man::new(color), men, vacant)
            + count_group_quiet_moves::<R>(rules, Man::king(color), kings, vacant)
    };
    match side {
        Color::White => count(Color::White),
        Color::Black => count(Color::Black),
    }
}

/// [`count_standard_quiet_moves`] of the columns `group`, led by men like `man`: by
/// [`Board::shift`], one direction at a time (unrolled, so the shifts are constants
/// where the board has [`Board::SHIFTS`]).
#[inline(always)]
fn count_group_quiet_moves<R: CheckersRules>(
    rules: &R,
    man: Man,
    group: SquareSet,
    vacant: SquareSet,
) -> usize {
    if group.is_empty() {
        return 0;
    }
    let mut n = 0;
    let dirs = rules.move_directions(man);
    let flying = rules.move_leap(man) == Leap::Flying;
    each_direction!(dirs, d, 'next, {
        let mut front = R::Board::shift(group, d) & vacant;
        n += front.count();
        while flying && !front.is_empty() {
            front = R::Board::shift(front, d) & vacant;
            n += front.count();
        }
    });
    n
}

/// A move of a [`CheckersPosition`]: a [`Move`] printed with the ruleset's capture
/// separator (`c3-d4`, `b2xd4`, or `c3:e5` in Russian notation).
pub struct CheckersMove<R: CheckersRules> {
    inner: Move<R::Board>,
    /// For a capture found on bitboards ([`removal`](crate::engine::removal)): the
    /// pieces it takes (empty when not known: the route is then walked when the move
    /// is played).
    taken: SquareSet,
    /// With `taken`: whether the capturer ends the move as a king.
    crowned: bool,
    rules: PhantomData<R>,
}

impl<R: CheckersRules> CheckersMove<R> {
    /// Wraps a move.
    #[inline]
    pub const fn new(inner: Move<R::Board>) -> Self {
        CheckersMove {
            inner,
            taken: SquareSet::EMPTY,
            crowned: false,
            rules: PhantomData,
        }
    }

    /// A capture of a removal game with what it does, to play it on bitboards.
    #[inline]
    fn removal(route: Route, t: Taken) -> Self {
        CheckersMove {
            inner: Move::capture(route),
            taken: t.pieces,
            crowned: t.crowned,
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

/// A position of a checkers-like game with rules `R`.
///
/// # Position text
/// `<columns> <side>`: the columns as `square:men` items joined by commas, each
/// column's men **bottom to top** (`w`/`b` men or soldiers, `W`/`B` kings or officers),
/// or `-` for an empty board; then `w` or `b`. Example: `c3:bW,e5:b b`. `Display`
/// writes it, `FromStr` reads it with the default options of `R` (see
/// [`with_rules`](Self::with_rules)); `{:#}` draws the board.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct CheckersPosition<R: CheckersRules> {
    rules: R,
    columns: Columns<R::Board>,
    turn: Color,
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

    /// The columns on the board.
    pub fn columns(&self) -> &Columns<R::Board> {
        &self.columns
    }

    fn captures(&self) -> CaptureGenerator<'_, R::Board, R> {
        CaptureGenerator::new(&self.rules, &self.columns, self.turn)
    }

    /// Whether captures are found on bitboards ([`removal`](crate::engine::removal)):
    /// pieces stand alone and the policy removes the taken ones when the move ends. A
    /// constant of the rules, so the choice is made at compile time.
    const REMOVAL: bool = !R::COLUMNS
        && matches!(R::RULES.taking, Taking::Removed)
        && matches!(R::RULES.transfer, Transfer::EndOfMove);

    /// The bitboard capture search of a removal game (see [`Self::REMOVAL`]), or
    /// `None` when the side to move has no capture.
    #[inline(always)]
    fn removal_captures(&self) -> Option<RemovalCaptures<'_, R::Board, R>> {
        RemovalCaptures::new(
            &self.rules,
            self.turn,
            [
                self.columns.owned(self.turn),
                self.columns.owned(!self.turn),
            ],
            self.columns.kings(),
        )
    }

    /// Whether perft's last ply is counted on bitboards alone
    /// ([`count_bitboard_replies`](Self::count_bitboard_replies)): a removal game (see
    /// [`Self::REMOVAL`]) with [standard quiet moves](CheckersRules::STANDARD_QUIET_MOVES),
    /// where the owners' and kings' squares are the whole position.
    const BITBOARD_LEAVES: bool = Self::REMOVAL && R::STANDARD_QUIET_MOVES;

    /// The number of legal moves of `side` in the position of a
    /// [`BITBOARD_LEAVES`](Self::BITBOARD_LEAVES) game given by its bitboards alone:
    /// `owned` the squares of the pieces of `side` and of its opponent, `kings` the
    /// kings' squares. What [`count_legal_moves`](Position::count_legal_moves) answers
    /// for that position, without one.
    #[inline]
    fn count_moves_on(&self, side: Color, owned: [SquareSet; 2], kings: SquareSet) -> usize {
        match RemovalCaptures::<R::Board, R>::count_of(&self.rules, side, owned, kings) {
            0 => {
                let vacant = R::Board::all() - (owned[0] | owned[1]);
                count_quiet_moves_on(&self.rules, side, owned[0], kings, vacant)
            }
            n => n,
        }
    }

    /// [`count_replies`](Position::count_replies) of a
    /// [`BITBOARD_LEAVES`](Self::BITBOARD_LEAVES) game: each move is played on the
    /// bitboards alone (steps and promotions as
    /// [`play_unchecked`](Position::play_unchecked) does, captures by the pieces
    /// they take) and the replies counted there
    /// ([`count_moves_on`](Self::count_moves_on)): no position is copied or changed.
    /// `None` when a capture does not say what it takes (not found on bitboards).
    #[inline]
    fn count_bitboard_replies(&self, moves: &[CheckersMove<R>]) -> Option<u64> {
        let side = self.turn;
        let (own, enemy) = (self.columns.owned(side), self.columns.owned(!side));
        let kings = self.columns.kings();
        let promotion = R::RULES.promotion_squares_on::<R::Board>(side);
        let mut total = 0;
        for mv in moves {
            let (own, enemy, kings) = match *mv.path() {
                MovePath::Step { from, to } => {
                    let both = SquareSet::from_square(from) | SquareSet::from_square(to);
                    let kings = if kings.contains(from) {
                        kings ^ both
                    } else if promotion.contains(to) {
                        kings | SquareSet::from_square(to)
                    } else {
                        kings
                    };
                    (own ^ both, enemy, kings)
                }
                MovePath::Capture(ref r) if !mv.taken.is_empty() => {
                    let (from, to) = (SquareSet::from_square(r.origin()), r.destination());
                    let mut k = kings - mv.taken;
                    if !(k & from).is_empty() {
                        k = (k - from) | SquareSet::from_square(to);
                    } else if mv.crowned {
                        k.insert(to);
                    }
                    (
                        (own - from) | SquareSet::from_square(to),
                        enemy - mv.taken,
                        k,
                    )
                }
                _ => return None,
            };
            total += self.count_moves_on(!side, [enemy, own], kings) as u64;
        }
        Some(total)
    }

    /// The number of captures of the side to move.
    #[inline]
    fn count_captures(&self) -> usize {
        if Self::REMOVAL {
            RemovalCaptures::<R::Board, R>::count_of(
                &self.rules,
                self.turn,
                [
                    self.columns.owned(self.turn),
                    self.columns.owned(!self.turn),
                ],
                self.columns.kings(),
            )
        } else {
            self.captures().count()
        }
    }

    /// [`count_replies`](Position::count_replies) from one look at the position
    /// ([`StepReplies`]) when `moves` are quiet moves of a removal game with
    /// [standard quiet moves](CheckersRules::STANDARD_QUIET_MOVES) and that count is
    /// exact. `None` when the position does not allow it.
    #[inline]
    fn count_step_replies(&self, moves: &[CheckersMove<R>]) -> Option<u64> {
        if !(Self::REMOVAL && R::STANDARD_QUIET_MOVES) || moves.first()?.is_capture() {
            return None;
        }
        let replies = self.step_replies()?;
        let mut total = 0;
        for mv in moves {
            let MovePath::Step { from, to } = *mv.path() else {
                return None;
            };
            total += replies.count(from, to) as u64;
        }
        Some(total)
    }

    /// The [`StepReplies`] counter for the replies to this position's quiet moves, in
    /// a removal game with [standard quiet moves](CheckersRules::STANDARD_QUIET_MOVES)
    /// where the replier's men step one square; `None` where it would not be exact.
    #[inline(always)]
    fn step_replies(&self) -> Option<StepReplies<'_, R::Board, R>> {
        if !(Self::REMOVAL && R::STANDARD_QUIET_MOVES) {
            return None;
        }
        let replier = !self.turn;
        let step = Man::new(replier);
        if self.rules.move_leap(step) != Leap::Short {
            return None;
        }
        StepReplies::<R::Board, R>::new(
            &self.rules,
            replier,
            self.rules.move_directions(step),
            [self.columns.owned(replier), self.columns.owned(self.turn)],
            self.columns.kings(),
        )
    }

    /// Fills `out` (cleared) with the quiet moves of the side to move.
    #[inline]
    fn quiet_moves_into(&self, out: &mut MoveList<CheckersMove<R>>) {
        self.rules
            .quiet_moves(&self.columns, self.turn, |from, to| {
                out.push(CheckersMove::new(Move::step(from, to)))
            });
    }

    /// [`restore`](Position::restore) out of line: for the moves other than steps, and
    /// where inlining even a step's would only make a hot loop bigger
    /// ([`count_replies`](Position::count_replies)' promotions and captures).
    #[inline(never)]
    fn restore_any(&mut self, parent: &Self, mv: &CheckersMove<R>) {
        let changed = match *mv.path() {
            MovePath::Step { from, to } => {
                SquareSet::from_square(from) | SquareSet::from_square(to)
            }
            MovePath::Capture(ref r) if !mv.taken.is_empty() => {
                mv.taken
                    | SquareSet::from_square(r.origin())
                    | SquareSet::from_square(r.destination())
            }
            _ => {
                self.clone_from(parent);
                return;
            }
        };
        self.columns.restore(&parent.columns, changed);
        self.turn = parent.turn;
    }

    /// The legal move equivalent (ruling 1) to an arbitrary capture route, if the route
    /// is a legal one.
    fn equivalent_capture(&self, route: &Route) -> Option<Move<R::Board>> {
        self.captures().equivalent(route).map(Move::capture)
    }

    fn check(&self) -> Result<(), PositionError> {
        let g = R::Board::geometry();
        for (sq, s) in self.columns.iter() {
            let name = || g.name(sq).to_string();
            if !R::COLUMNS && s.height() > 1 {
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
            let count = self.columns.men(c);
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

    const TERMS: crate::engine::position::Terms = if R::COLUMNS {
        crate::engine::position::Terms::Columns
    } else {
        crate::engine::position::Terms::Pieces
    };

    fn start() -> Self {
        R::START
            .parse()
            .expect("the start position text of a ruleset is valid")
    }

    #[inline]
    fn turn(&self) -> Color {
        self.turn
    }

    fn legal_moves(&self, out: &mut MoveList<CheckersMove<R>>) {
        out.clear();
        if Self::REMOVAL {
            if let Some(c) = self.removal_captures() {
                c.routes(|r, t| out.push(CheckersMove::removal(r, t)));
            }
        } else {
            let gen = self.captures();
            gen.routes(|r| out.push(CheckersMove::new(Move::capture(r))));
        }
        if !out.is_empty() {
            return;
        }
        self.quiet_moves_into(out);
    }

    fn play_unchecked(&mut self, mv: &CheckersMove<R>) {
        let side = self.turn;
        match *mv.path() {
            MovePath::Step { from, to } if !R::COLUMNS => {
                self.columns.move_man(from, to);
                if !self.columns.kings().contains(to)
                    && R::RULES.promotion_squares_on::<R::Board>(side).contains(to)
                {
                    self.columns.crown_man(to);
                }
            }
            MovePath::Step { from, to } => {
                self.columns.move_column(from, to);
                let mut s = self.columns.get(to);
                if !s.top_is_king()
                    && R::RULES
                        .promotion_squares(R::Board::geometry(), side)
                        .contains(to)
                {
                    s.promote_top();
                    self.columns.set(to, s);
                }
            }
            MovePath::Capture(ref r) if Self::REMOVAL && !mv.taken.is_empty() => {
                // a removal capture found on bitboards: the pieces taken vanish
                let (from, to) = (r.origin(), r.destination());
                for x in mv.taken {
                    self.columns.remove_man(x);
                }
                if from != to {
                    self.columns.move_man(from, to);
                }
                if mv.crowned && !self.columns.kings().contains(to) {
                    self.columns.crown_man(to);
                }
            }
            MovePath::Capture(ref r) => {
                CaptureGenerator::apply(&self.rules, &mut self.columns, side, r)
            }
            MovePath::Entry { .. } => {}
        }
        self.turn = !side;
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.count_legal_moves() == 0).then(|| Outcome::Win {
            winner: !self.turn,
            reason: EndReason::stuck(!self.columns.owned(self.turn).is_empty()),
        })
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.columns.hash()
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
        crate::text::notation::match_move(text, &inner, |r| self.equivalent_capture(r), Self::TERMS)
            .map(CheckersMove::new)
    }

    fn repetition_draws(&self) -> bool {
        self.rules.repetition_draws()
    }

    fn men(&self, color: Color) -> usize {
        self.columns.men(color)
    }

    fn diagram(&self) -> String {
        let mut s = text::grid_diagram(&self.columns, false);
        s.push_str(&format!("{} to move\n", self.turn));
        s
    }

    fn board_view(&self) -> Option<crate::engine::view::BoardView<'_>> {
        Some(crate::engine::view::BoardView::new(
            R::Board::geometry(),
            self.columns.stacks(),
            self.turn,
        ))
    }
}

impl<R: CheckersRules> Counting for CheckersPosition<R> {
    /// In a removal game with [standard quiet moves](CheckersRules::STANDARD_QUIET_MOVES),
    /// when the side to move has no capture and the replies to its quiet moves are
    /// counted from one look at the position (`StepReplies`), each quiet move's
    /// replies are counted as the move is found, without listing it. Otherwise the
    /// moves are listed and their replies counted by
    /// [`count_replies`](Counting::count_replies).
    fn count_two_plies(&self, scratch: &mut MoveList<CheckersMove<R>>) -> u64 {
        if !(Self::REMOVAL && R::STANDARD_QUIET_MOVES) {
            self.legal_moves(scratch);
            return self.count_replies(scratch);
        }
        scratch.clear();
        if let Some(c) = self.removal_captures() {
            c.routes(|r, t| scratch.push(CheckersMove::removal(r, t)));
        }
        if scratch.is_empty() {
            if let Some(replies) = self.step_replies() {
                // standard quiet moves (`R::STANDARD_QUIET_MOVES`), in any order
                let mut total = 0;
                quiet_moves_of::<R, false>(&self.rules, &self.columns, self.turn, |from, to| {
                    total += replies.count(from, to) as u64;
                });
                return total;
            }
            self.quiet_moves_into(scratch);
        }
        self.count_replies(scratch)
    }

    fn count_legal_moves(&self) -> usize {
        match self.count_captures() {
            0 => self.rules.count_quiet_moves(&self.columns, self.turn),
            n => n,
        }
    }

    /// Quiet moves of a removal game are counted from one look at the position where
    /// that is exact (`StepReplies`); else, in a removal game with standard quiet
    /// moves, every move is played on the bitboards alone. Otherwise every move is
    /// played on one scratch copy and taken back in place: quiet steps move the column
    /// there and back with [`Columns::shuttle`] (counting does not read the hash),
    /// promotions and captures are played and [restored](Counting::restore).
    fn count_replies(&self, moves: &[CheckersMove<R>]) -> u64 {
        if let Some(total) = self.count_step_replies(moves) {
            return total;
        }
        if Self::BITBOARD_LEAVES {
            if let Some(total) = self.count_bitboard_replies(moves) {
                return total;
            }
        }
        let mut scratch = self.clone();
        let side = self.turn;
        let promotion = R::RULES.promotion_squares_on::<R::Board>(side);
        let mut total = 0;
        for mv in moves {
            match *mv.path() {
                MovePath::Step { from, to }
                    if !promotion.contains(to) || scratch.columns.kings().contains(from) =>
                {
                    scratch.columns.shuttle(from, to);
                    scratch.turn = !side;
                    total += scratch.count_legal_moves() as u64;
                    scratch.columns.shuttle(to, from);
                    scratch.turn = side;
                }
                _ => {
                    scratch.play_unchecked(mv);
                    total += scratch.count_legal_moves() as u64;
                    scratch.restore_any(self, mv);
                }
            }
        }
        debug_assert!(scratch == *self, "steps taken back exactly");
        total
    }

    /// Puts back only the squares `mv` changed: its origin and destination, and the
    /// pieces a capture found on bitboards took; after any other move the whole
    /// position is copied. A step is taken back here, small enough to inline into the
    /// loops that play moves (perft); any other move out of line.
    #[inline]
    fn restore(&mut self, parent: &Self, mv: &CheckersMove<R>) {
        match *mv.path() {
            MovePath::Step { from, to } => {
                let changed = SquareSet::from_square(from) | SquareSet::from_square(to);
                self.columns.restore(&parent.columns, changed);
                self.turn = parent.turn;
            }
            _ => self.restore_any(parent, mv),
        }
    }
}

impl<R: CheckersRules> Checking for CheckersPosition<R> {
    fn zobrist_from_scratch(&self) -> u64 {
        self.columns.full_hash()
            ^ if self.turn == Color::Black {
                BLACK_TO_MOVE
            } else {
                0
            }
    }

    fn parse_move_among(
        &self,
        text: &str,
        legal: &[CheckersMove<R>],
    ) -> Result<CheckersMove<R>, MoveParseError> {
        let inner: smallvec::SmallVec<[Move<R::Board>; 16]> =
            legal.iter().map(|m| m.inner).collect();
        crate::text::notation::match_move(text, &inner, |r| self.equivalent_capture(r), Self::TERMS)
            .map(CheckersMove::new)
    }

    /// Men are conserved when captured men become prisoners
    /// ([`Taking::Prisoner`]).
    fn men_are_conserved(&self) -> bool {
        R::RULES.taking == Taking::Prisoner
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
        let from = mv.origin().unwrap_or(mv.destination());
        let mut info = match *mv.path() {
            MovePath::Step { from, to } => {
                let kind = self.rules.quiet_move_type(&self.columns, from, to);
                let men_moved = match kind {
                    // a line advance moves the whole line, tail to head
                    MoveKind::LineAdvance => R::Board::geometry()
                        .line_between(from, to)
                        .map_or(1, |(_, k)| k as usize),
                    _ => self.columns.get(from).height(),
                };
                MoveInfo {
                    men_moved,
                    ..MoveInfo::new(mv, kind)
                }
            }
            MovePath::Capture(ref r) => MoveInfo {
                men_moved: self.columns.get(from).height(),
                taken: CaptureGenerator::taken(&self.rules, &self.columns, self.turn, r),
                ..MoveInfo::new(mv, MoveKind::Capture)
            },
            MovePath::Entry { .. } => MoveInfo::new(mv, MoveKind::Entry),
        };
        let mut after = self.clone();
        after.play_unchecked(mv);
        info.crowned = !self.columns.get(from).top_is_king()
            && after.columns.get(mv.destination()).top_is_king();
        Some(info)
    }

    fn click_paths(&self, out: &mut dyn FnMut(&CheckersMove<R>, &[Square])) {
        let mut legal = MoveList::new();
        self.legal_moves(&mut legal);
        if legal.first().is_some_and(|m| m.is_capture()) {
            self.captures().route_classes(|l, r| {
                out(
                    &CheckersMove::new(Move::capture(*l)),
                    &Move::<R::Board>::capture(*r).clicks(),
                )
            });
        } else {
            for mv in &legal {
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
        text::write_columns(&self.columns, f)?;
        write!(f, " {}", self.turn.char())
    }
}

impl<R: CheckersRules> fmt::Debug for CheckersPosition<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({self})", R::NAME)
    }
}

impl<R: CheckersRules> FromStr for CheckersPosition<R> {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Self, PositionError> {
        crate::text::position_text::read_position(s, Self::read_text)
    }
}

impl<R: CheckersRules> CheckersPosition<R> {
    /// Reads a position text (see [`FromStr`]); the error is quoted by the caller.
    fn read_text(s: &str) -> Result<Self, PositionError> {
        let fields = text::fields(s)?;
        let (off, cols) = *fields
            .first()
            .ok_or(PositionError::new(K::Missing("columns"), 0))?;
        let columns = text::read_columns::<R::Board>(cols, off)?;
        let (off, side) = *fields
            .get(1)
            .ok_or(PositionError::new(K::Missing("side to move"), s.len()))?;
        let turn = match side {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            _ => return Err(PositionError::new(K::BadSide(side.to_string()), off)),
        };
        if let Some(&(off, _)) = fields.get(2) {
            return Err(PositionError::new(K::Trailing, off));
        }
        let pos = CheckersPosition {
            rules: R::default(),
            columns,
            turn,
        };
        pos.check().map_err(|e| {
            PositionError::new(
                e.kind,
                if e.at == 0 {
                    cols_offset(&fields)
                } else {
                    e.at
                },
            )
        })?;
        Ok(pos)
    }
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
    use crate::engine::stack::Stack;
    use crate::games::draughts::{
        BrazilianRules, InternationalRules, RussianDraughts, RussianRules,
    };
    use crate::SplitMix64;

    /// A random position of a game without columns: single pieces on a random share
    /// of the squares, a random share of them kings (men on their promotion row are
    /// kings), either side to move.
    fn random_position<R: CheckersRules>(rng: &mut SplitMix64) -> CheckersPosition<R> {
        let mut columns = Columns::<R::Board>::new();
        let sparse = 2 + rng.below(8);
        let kings = rng.below(4);
        for sq in R::Board::geometry().squares() {
            if rng.below(sparse) != 0 {
                continue;
            }
            let color = Color::from_index(rng.below(2));
            let promoted = R::RULES
                .promotion_squares_on::<R::Board>(color)
                .contains(sq);
            let man = if promoted || rng.below(8) < kings {
                Man::king(color)
            } else {
                Man::new(color)
            };
            columns.set(sq, Stack::single(man));
        }
        CheckersPosition {
            rules: R::default(),
            columns,
            turn: Color::from_index(rng.below(2)),
        }
    }

    /// The replies counted on bitboards alone are those of the positions played, for
    /// every legal move (captures, steps, promotions) of random positions; so is the
    /// count of each position's moves from its bitboards.
    fn bitboard_replies_agree<R: CheckersRules>(seed: u64) {
        assert!(CheckersPosition::<R>::BITBOARD_LEAVES);
        let mut rng = SplitMix64::new(seed);
        let (mut moves, mut replies) = (MoveList::new(), MoveList::new());
        let mut captures = 0;
        for _ in 0..400 {
            let pos = random_position::<R>(&mut rng);
            pos.legal_moves(&mut moves);
            captures += usize::from(moves.first().is_some_and(|m| m.is_capture()));
            let mut listed = 0;
            for mv in moves.iter() {
                let mut next = pos.clone();
                next.play_unchecked(mv);
                next.legal_moves(&mut replies);
                let side = next.turn;
                let owned = [next.columns.owned(side), next.columns.owned(!side)];
                let on = pos.count_moves_on(side, owned, next.columns.kings());
                assert_eq!(on, replies.len(), "{next}");
                listed += replies.len() as u64;
            }
            assert_eq!(pos.count_bitboard_replies(&moves), Some(listed), "{pos}");
            assert_eq!(pos.count_replies(&moves), listed, "{pos}");
        }
        assert!(captures > 40, "captures in {captures} positions of 400");
    }

    /// The replies counted from one look at the position (`StepReplies`) are those
    /// of the positions played, on random positions where the replier has men only
    /// (the mover's kings fly, its men step and promote) and often a capture after
    /// the move.
    fn step_replies_agree<R: CheckersRules>(seed: u64) {
        let mut rng = SplitMix64::new(seed);
        let (mut moves, mut replies) = (MoveList::new(), MoveList::new());
        let (mut counted, mut captures) = (0, 0);
        for _ in 0..2000 {
            let mut pos = random_position::<R>(&mut rng);
            let replier = !pos.turn;
            for sq in pos.columns.owned(replier) & pos.columns.kings() {
                pos.columns.remove_man(sq);
            }
            pos.legal_moves(&mut moves);
            let Some(n) = pos.count_step_replies(&moves) else {
                continue;
            };
            let mut listed = 0;
            for mv in moves.iter() {
                let mut next = pos.clone();
                next.play_unchecked(mv);
                next.legal_moves(&mut replies);
                captures += usize::from(replies.first().is_some_and(|m| m.is_capture()));
                listed += replies.len() as u64;
            }
            assert_eq!(n, listed, "{pos}");
            assert_eq!(pos.count_two_plies(&mut replies), listed, "{pos}");
            counted += 1;
        }
        assert!(
            counted > 200,
            "counted from one look in {counted} positions"
        );
        assert!(captures > 200, "{captures} replies with captures");
    }

    #[test]
    fn step_replies_are_those_played() {
        for seed in 0..3 {
            step_replies_agree::<InternationalRules>(seed);
            step_replies_agree::<BrazilianRules>(seed);
            step_replies_agree::<RussianRules>(seed);
        }
    }

    /// The standard quiet moves come by origin square, then direction, then distance,
    /// as a plain walk over every piece makes them (the men's steps unrolled, the
    /// kings' walked), on random positions with kings.
    fn quiet_moves_in_order<R: CheckersRules>(seed: u64) {
        let mut rng = SplitMix64::new(seed);
        let g = R::Board::geometry();
        for _ in 0..300 {
            let pos = random_position::<R>(&mut rng);
            let side = pos.turn;
            let mut got = Vec::new();
            standard_quiet_moves(&pos.rules, &pos.columns, side, |f, t| got.push((f, t)));
            let (vacant, kings) = (pos.columns.vacant(), pos.columns.kings());
            let mut want = Vec::new();
            for from in pos.columns.owned(side) {
                let rank = if kings.contains(from) {
                    Rank::King
                } else {
                    Rank::Man
                };
                let man = Man { color: side, rank };
                for d in pos.rules.move_directions(man).iter() {
                    let mut at = from;
                    while let Some(to) = g.neighbour(at, d).filter(|&t| vacant.contains(t)) {
                        want.push((from, to));
                        if pos.rules.move_leap(man) == Leap::Short {
                            break;
                        }
                        at = to;
                    }
                }
            }
            assert_eq!(got, want, "{pos}");
        }
    }

    #[test]
    fn standard_quiet_moves_in_order() {
        for seed in 0..3 {
            quiet_moves_in_order::<InternationalRules>(seed);
            quiet_moves_in_order::<BrazilianRules>(seed);
            quiet_moves_in_order::<RussianRules>(seed);
        }
    }

    #[test]
    fn bitboard_replies_are_those_played() {
        for seed in 0..3 {
            bitboard_replies_agree::<InternationalRules>(seed);
            bitboard_replies_agree::<BrazilianRules>(seed);
            bitboard_replies_agree::<RussianRules>(seed);
        }
    }

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
        assert!(matches!(
            "c3:w w 1".parse::<RussianDraughts>().unwrap_err().kind,
            K::Trailing
        ));
    }
}
