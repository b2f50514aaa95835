//! Captures: the rules a ruleset states as facts ([`CaptureRules`], the
//! [`TakingRule`] and a [`CapturePolicy`]), and the one capture traversal that finds
//! every capture of a side under them ([`CaptureGenerator`]), with move identity (one
//! move per origin and resulting position) and the majority rule applied.
//!
//! The traversal is depth-first over routes with make/undo, written once and generic
//! over the board it searches ([`CaptureStorage`]): a column per square
//! ([`Columns`](crate::engine::columns::Columns), the column games) or single pieces on
//! bitboards ([`Pieces`](crate::engine::pieces::Pieces), the removal games, where a
//! route's move is its origin, destination, pieces taken and crowning). The policy
//! decides which directions a column may capture in (by its commander), short or
//! flying leaps, whether the jumped man becomes a prisoner or leaves the board,
//! whether that happens at once or when the move ends, whether a column may be jumped
//! again, whether a 180° turn is allowed, whether the longest capture is compulsory,
//! and how promotion works during a capture. Where a storage can answer without the
//! search it does, behind the same methods: first jumps found on whole bitboards
//! ([`capturers`](CaptureGenerator::capturers)), and on [`Pieces`] the single jumps of
//! men counted and listed on whole sets
//! ([`removal`](crate::engine::removal)).
//!
//! Epaminondas' phalanx captures are not jumps (a group's head lands on an enemy line
//! shorter than the group and the line leaves the board, in one step, with no route
//! to search), so they are that game's own and not this traversal's.
//!
//! [`Pieces`]: crate::engine::pieces::Pieces

use crate::engine::board::{Board, Geometry};
use crate::engine::color::Color;
use crate::engine::moves::Route;
use crate::engine::square::each_direction;
use crate::engine::square::{Direction, DirectionSet, Square, SquareSet};
use crate::engine::stack::Man;
use smallvec::SmallVec;

mod search;

use search::Traversal;
pub(crate) use search::{follow, Follow, Found};

/// How far a capturing column leaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Leap {
    /// Over an adjacent enemy column to the square just beyond.
    Short,
    /// Along a line of vacant squares, over one enemy column, to any vacant square
    /// beyond it before the next occupied one (flying kings).
    Flying,
}

/// What happens to the man taken from a jumped column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Taking {
    /// The top man of the jumped column goes under the capturing column (column games).
    Prisoner,
    /// The jumped piece leaves the board (draughts).
    Removed,
}

/// When the man taken is moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Transfer {
    /// At once, jump by jump: a jumped single man leaves its square empty immediately.
    Immediate,
    /// When the move ends: until then every jumped column stays, blocks, and may not
    /// be jumped again (the "Turkish strike" applies).
    EndOfMove,
}

/// Whether a column may be jumped again in the same move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rejump {
    /// Each column at most once per move.
    Never,
    /// Again, as long as its top man is still the opponent's (roundabouts). Only
    /// meaningful with [`Transfer::Immediate`].
    WhileEnemyTopped,
}

/// What the 180° rule ([`CaptureRules::reversal`]) forbids.
///
/// With short leaps the two readings give the same moves: turning back means jumping
/// the adjacent square just jumped, and if that column vanished there is nothing to
/// jump. They differ only for a flying leap whose victim was a single man taken at
/// once ([`Transfer::Immediate`]): its square is empty, and a king turning back flies
/// through it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reversal {
    /// No jump in the direction opposite to the last jump (Emergo).
    AnyTurnBack,
    /// No jump straight back over the column just jumped; a flying king whose last
    /// victim vanished may turn back through its empty square and jump another
    /// column further on (Bashni).
    OverJustJumped,
}

impl Reversal {
    /// The 180° rule after a jump whose opposite direction is `back`: of the
    /// directions `dirs` the capturer has, those it may jump in next, and the one
    /// direction (if any) in which only a jump over the column just jumped is barred.
    /// The one place the rule is decided; the capture search asks whether it is in
    /// force ([`CapturePolicy`]'s taking: only where men are taken at once) first.
    #[inline(always)]
    pub(crate) fn after_jump(
        self,
        dirs: DirectionSet,
        back: Direction,
    ) -> (DirectionSet, Option<Direction>) {
        match self {
            Reversal::AnyTurnBack => (DirectionSet(dirs.0 & !(1 << back.0)), None),
            Reversal::OverJustJumped => (dirs, Some(back)),
        }
    }
}

/// How a player chooses among capture routes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Majority {
    /// Any route may be chosen (it must be completed).
    FreeChoice,
    /// A route capturing the most men (jumps) must be chosen; ties are free.
    MostCaptures,
}

/// What the majority rule does with a route just found ([`Majority::verdict`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// It is kept beside the routes kept so far.
    Keep,
    /// It takes more than every route kept so far: those are dropped, it is kept.
    Replace,
    /// It takes fewer than a route kept already: it is dropped.
    Drop,
}

impl Majority {
    /// The verdict on a route taking `men` men when the routes kept so far take
    /// `best` (0 before the first): the one place the majority rule is decided.
    #[inline(always)]
    pub(crate) fn verdict(self, men: usize, best: usize) -> Verdict {
        match self {
            Majority::FreeChoice => Verdict::Keep,
            Majority::MostCaptures if men < best => Verdict::Drop,
            Majority::MostCaptures if men > best => Verdict::Replace,
            Majority::MostCaptures => Verdict::Keep,
        }
    }
}

/// Promotion of a man-led column that reaches a promotion square during a capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CapturePromotion {
    /// No promotion (Emergo, Stapeldammen).
    Never,
    /// The commander is promoted and the move ends there (Lasca).
    EndsMove,
    /// The commander is promoted at once and goes on capturing as a king (Russian
    /// draughts, Bashni).
    Continues,
    /// Only when the move ends on a promotion square; passing through does not count
    /// (international draughts, Dameo).
    AtEndOfMove,
}

/// What a man does who lands on one of his promotion squares in the middle of a
/// capture ([`CapturePromotion::on_promotion_square`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Crowning {
    /// He is crowned and the move ends there.
    CrownedAndStops,
    /// He is crowned at once and goes on capturing as a king where he can (else the
    /// move ends there, crowned).
    CrownedAndGoesOn,
    /// He goes on as a man; the move crowns him only if it ends on a promotion square
    /// ([`crowns_at_end`](CapturePromotion::crowns_at_end)).
    GoesOnAsMan,
}

impl CapturePromotion {
    /// What a man landing on a promotion square during a capture does: the one place
    /// the rule is decided, for the capture search, following a route and counting.
    #[inline(always)]
    pub(crate) const fn on_promotion_square(self) -> Crowning {
        match self {
            CapturePromotion::EndsMove => Crowning::CrownedAndStops,
            CapturePromotion::Continues => Crowning::CrownedAndGoesOn,
            CapturePromotion::AtEndOfMove | CapturePromotion::Never => Crowning::GoesOnAsMan,
        }
    }

    /// Whether a man whose capture ends on one of his promotion squares ends it
    /// crowned: under every rule but [`Never`](Self::Never) (whose promotion squares
    /// are empty anyway). A man crowned on the way ([`Crowning::CrownedAndGoesOn`])
    /// stays a king.
    #[inline(always)]
    pub(crate) const fn crowns_at_end(self) -> bool {
        !matches!(self, CapturePromotion::Never)
    }
}

/// How a capture takes the men it jumps, as a type: what they become ([`Taking`]) and
/// when ([`Transfer`]). A ruleset names one as [`CapturePolicy::Taking`]; it also
/// decides what stands on the board of a checkers-like position (prisoners need
/// columns; pieces removed when the move ends stand alone on bitboards), so a ruleset
/// never states its storage beside it. Sealed: [`Prisoners`] and [`Removed`] are the
/// four ways.
///
/// ```
/// use column_checkers::custom::{Prisoners, Removed, Taking, TakingRule, Transfer};
///
/// assert_eq!(<Prisoners>::TAKING, Taking::Prisoner);
/// assert_eq!(<Prisoners>::TRANSFER, Transfer::Immediate);
/// assert_eq!(<Removed>::TRANSFER, Transfer::EndOfMove);
/// assert!(<Removed>::REMOVES_AT_END && !Removed::<false>::REMOVES_AT_END);
/// ```
pub trait TakingRule: sealed::Taking + Copy + Default + core::fmt::Debug + 'static {
    /// What a jumped man becomes.
    const TAKING: Taking;
    /// When he is taken.
    const TRANSFER: Transfer;
    /// Whether these are a removal game's captures: the pieces taken leave the board
    /// ([`Taking::Removed`]) when the move ends ([`Transfer::EndOfMove`]). Such
    /// captures are found on bitboards alone, and positions of single pieces under
    /// them are kept as [`Pieces`](crate::engine::pieces::Pieces).
    const REMOVES_AT_END: bool =
        matches!(Self::TAKING, Taking::Removed) && matches!(Self::TRANSFER, Transfer::EndOfMove);
}

/// The top man of a jumped column goes under the capturer: at once, jump by jump
/// (`Prisoners`, the default: Lasca, Emergo, Stapeldammen, Bashni's default reading),
/// or when the move ends (`Prisoners<true>`: Bashni's Russian code, where the jumped
/// columns stand and block until then).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Prisoners<const WHEN_MOVE_ENDS: bool = false>;

/// The jumped piece leaves the board: when the move ends (`Removed`, the default: the
/// draughts games and Dameo, where the pieces taken stand and block until then, the
/// Turkish strike), or at once (`Removed<false>`, which no ruleset of the crate has).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Removed<const WHEN_MOVE_ENDS: bool = true>;

const fn transfer(when_move_ends: bool) -> Transfer {
    if when_move_ends {
        Transfer::EndOfMove
    } else {
        Transfer::Immediate
    }
}

impl<const E: bool> TakingRule for Prisoners<E> {
    const TAKING: Taking = Taking::Prisoner;
    const TRANSFER: Transfer = transfer(E);
}

impl<const E: bool> TakingRule for Removed<E> {
    const TAKING: Taking = Taking::Removed;
    const TRANSFER: Transfer = transfer(E);
}

/// The constant part of a ruleset's capture rules besides its
/// [taking](CapturePolicy::Taking), as data: a ruleset declares one as
/// [`CapturePolicy::RULES`], in a few lines.
///
/// ```
/// use column_checkers::custom::{
///     CapturePromotion, CaptureRules, Majority, Rejump, Reversal,
/// };
///
/// // Emergo: roundabouts, no 180° turn, most men, no promotion
/// const EMERGO: CaptureRules = CaptureRules {
///     rejump: Rejump::WhileEnemyTopped,
///     reversal: Some(Reversal::AnyTurnBack),
///     majority: Majority::MostCaptures,
///     promotion: CapturePromotion::Never,
/// };
/// assert_eq!(EMERGO.promotion, CapturePromotion::Never);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CaptureRules {
    /// Whether a column may be jumped twice in one move.
    pub rejump: Rejump,
    /// What the 180° rule forbids, or `None` when a capturer may turn straight back.
    pub reversal: Option<Reversal>,
    /// The majority rule.
    pub majority: Majority,
    /// Promotion during a capture; [`CapturePromotion::Never`] also means that men are
    /// never promoted at all (the [promotion squares](Self::promotion_squares) are
    /// empty).
    pub promotion: CapturePromotion,
}

impl CaptureRules {
    /// The squares where a man of `color` is promoted on the board `g`: its far row, or
    /// none when the rules have no promotion.
    ///
    /// ```
    /// use column_checkers::Color;
    /// use column_checkers::custom::{
    ///     Board, CapturePromotion, CaptureRules, Dark8, Majority, Rejump,
    /// };
    ///
    /// let russian = CaptureRules {
    ///     rejump: Rejump::Never,
    ///     reversal: None,
    ///     majority: Majority::FreeChoice,
    ///     promotion: CapturePromotion::Continues,
    /// };
    /// let g = Dark8::geometry();
    /// assert_eq!(russian.promotion_squares(g, Color::White), g.far_row(Color::White));
    /// ```
    #[inline]
    pub fn promotion_squares(&self, g: &Geometry, color: Color) -> SquareSet {
        if self.promotion == CapturePromotion::Never {
            SquareSet::EMPTY
        } else {
            g.far_row(color)
        }
    }

    /// [`promotion_squares`](Self::promotion_squares) on the board `B`, through
    /// [`Board::far_row`] (a constant on boards with constant shifts).
    ///
    /// ```
    /// use column_checkers::Color;
    /// use column_checkers::custom::{Board, CapturePolicy, Dark8};
    /// use column_checkers::games::RussianRules;
    ///
    /// let g = Dark8::geometry();
    /// assert_eq!(
    ///     RussianRules::RULES.promotion_squares_on::<Dark8>(Color::Black),
    ///     RussianRules::RULES.promotion_squares(g, Color::Black)
    /// );
    /// ```
    #[inline(always)]
    pub fn promotion_squares_on<B: Board>(&self, color: Color) -> SquareSet {
        if self.promotion == CapturePromotion::Never {
            SquareSet::EMPTY
        } else {
            B::far_row(color)
        }
    }
}

/// The capture rules of a ruleset: everything the [`CaptureGenerator`] needs to know.
/// The constant parts are a type ([`Taking`](Self::Taking)) and data
/// ([`RULES`](Self::RULES)); the parts that depend on the commander of the capturing
/// column are code.
///
/// The methods are called on hot paths: implement them with constants or plain field
/// reads so they inline.
pub trait CapturePolicy {
    /// How the men jumped are taken ([`Prisoners`] or [`Removed`], at once or when
    /// the move ends).
    type Taking: TakingRule;
    /// The rules that do not depend on the capturing column.
    const RULES: CaptureRules;
    /// The directions in which a column led by `commander` may capture.
    fn directions(&self, commander: Man) -> DirectionSet;
    /// How a column led by `commander` leaps.
    fn leap(&self, commander: Man) -> Leap;
}

/// What the engine reads of a [`CapturePolicy`]'s rules, decided once from its
/// [taking](CapturePolicy::Taking) and [`RULES`](CapturePolicy::RULES): constants, so
/// each ruleset's search is compiled for them.
pub(crate) trait Decided: CapturePolicy {
    /// Whether the men taken become prisoners.
    const PRISONERS: bool = matches!(<Self::Taking as TakingRule>::TAKING, Taking::Prisoner);
    /// Whether a man is taken at once, jump by jump.
    const IMMEDIATE: bool = matches!(<Self::Taking as TakingRule>::TRANSFER, Transfer::Immediate);
    /// Whether the pieces taken leave the board when the move ends
    /// ([`TakingRule::REMOVES_AT_END`]).
    const REMOVES_AT_END: bool = <Self::Taking as TakingRule>::REMOVES_AT_END;
    /// Whether a column jumped once may be jumped again in the same move: under
    /// [`Rejump::WhileEnemyTopped`] with the men taken at once; a column jumped under
    /// [`Transfer::EndOfMove`] keeps its man until the move ends and is never jumped
    /// twice.
    const REJUMPS: bool = matches!(Self::RULES.rejump, Rejump::WhileEnemyTopped) && Self::IMMEDIATE;
    /// The 180° rule where it can bar a jump: [`CaptureRules::reversal`] when the men
    /// are taken at once, `None` when they are taken at the end of the move — the way
    /// straight back then meets the column just jumped first, which stands until the
    /// move ends and may not be jumped twice, so no rule is needed.
    const REVERSAL: Option<Reversal> = if Self::IMMEDIATE {
        Self::RULES.reversal
    } else {
        None
    };
}

impl<P: CapturePolicy + ?Sized> Decided for P {}

/// A board the capture traversal searches: [`Columns`](crate::engine::columns::Columns)
/// or [`Pieces`](crate::engine::pieces::Pieces). The crate implements it for those
/// two (it is sealed); what the traversal reads and does on each is the crate's own.
///
/// ```
/// use column_checkers::Color;
/// use column_checkers::custom::{
///     Board, CaptureGenerator, CaptureStorage, Dark8, Man, Pieces,
/// };
/// use column_checkers::games::RussianRules;
///
/// let g = Dark8::geometry();
/// let sq = |n| g.parse_square(n).unwrap();
/// let mut pieces = Pieces::<Dark8>::new();
/// pieces.put(sq("c3"), Man::new(Color::White));
/// pieces.put(sq("d4"), Man::new(Color::Black));
/// // the traversal of the column games, on bitboards: c3 jumps d4
/// fn captures<S: CaptureStorage>(board: &S) -> usize {
///     CaptureGenerator::new(&RussianRules, board, Color::White).count()
/// }
/// assert_eq!(captures(&pieces), 1);
/// assert_eq!(captures(&pieces.to_columns()), 1);
/// ```
pub trait CaptureStorage: sealed::Searched {}

/// The traversal's side of a storage, for the crate alone.
pub(crate) mod sealed {
    use super::{CapturePolicy, Found, Traversal};
    use crate::engine::board::Board;
    use crate::engine::color::Color;
    use crate::engine::moves::Route;
    use crate::engine::square::{Square, SquareSet};
    use smallvec::SmallVec;

    /// Seals [`TakingRule`](super::TakingRule).
    pub trait Taking {}
    impl<const E: bool> Taking for super::Prisoners<E> {}
    impl<const E: bool> Taking for super::Removed<E> {}

    /// What the traversal needs of a board during one search: what stands where, the
    /// capturer lifted off its origin, and a man taken at once and put back.
    pub trait Jumps {
        /// What [`take_top`](Self::take_top) answers, to undo it.
        type Undo: Copy;
        /// Lifts the capturer off `origin` (the square is vacant during its search);
        /// answers whether a king leads it.
        fn lift(&mut self, origin: Square) -> bool;
        /// Puts the capturer lifted from `origin` back.
        fn put_back(&mut self, origin: Square);
        /// The vacant squares now, the capturer's origin among them.
        fn vacant(&self) -> SquareSet;
        /// The squares of the opponent's pieces or columns now.
        fn enemy(&self) -> SquareSet;
        /// Takes the top man off the column on `x` at once (rules whose men are taken
        /// at once only).
        fn take_top(&mut self, x: Square) -> Self::Undo;
        /// Undoes [`take_top`](Self::take_top) on `x`.
        fn put_top(&mut self, x: Square, undo: Self::Undo);
    }

    /// What the capture traversal needs of a storage: its board during a search, a
    /// route played or followed, and what a route is as a move. The searches with a
    /// default body are the generic traversal; a storage may answer them otherwise
    /// where it is faster and exact (the specialisations).
    pub trait Searched: Copy + Eq {
        /// The board.
        type Board: Board;
        /// The squares whose piece or column `color` owns (its man on top).
        fn held(&self, color: Color) -> SquareSet;
        /// The squares whose piece or column is led by a king.
        fn crowned(&self) -> SquareSet;
        /// What a capture is as a move, where the storage can name it exactly.
        type Identity: Copy + Eq + Default;
        /// Whether [`identity`](Self::identity) tells moves apart exactly: two routes
        /// from one square lead to one position exactly when their identities are
        /// equal. Otherwise routes that share their ends are played and compared.
        const EXACT: bool;
        /// The board as one search reads and changes it.
        type Jumps<'a>: Jumps
        where
            Self: 'a;

        /// The board of a search of `side`'s captures under `P`.
        fn jumps<P: CapturePolicy + ?Sized>(&self, side: Color) -> Self::Jumps<'_>;

        /// The identity of a route from `from` to `to` that jumped `jumped`, its
        /// capturer ending it crowned or not.
        fn identity(from: Square, to: Square, jumped: SquareSet, crowned: bool) -> Self::Identity;

        /// Plays `side`'s capture `route` (found here: it is trusted).
        fn play_route<P: CapturePolicy + ?Sized>(&mut self, policy: &P, side: Color, route: &Route);

        /// Calls `on_take` with the square of each man `side`'s capture `route` takes,
        /// in order (a column jumped twice twice).
        fn follow_route<P: CapturePolicy + ?Sized>(
            &self,
            policy: &P,
            side: Color,
            route: &Route,
            on_take: impl FnMut(Square),
        );

        /// The incremental Zobrist hash of what stands on the board.
        fn board_hash(&self) -> u64;

        /// The number of `side`'s capture moves.
        fn count_all<P: CapturePolicy + ?Sized>(&self, policy: &P, side: Color) -> usize;

        /// The number of `side`'s capture moves from `origins` (its pieces with a
        /// first jump, not empty).
        #[inline]
        fn count_from<P: CapturePolicy + ?Sized>(
            &self,
            policy: &P,
            side: Color,
            origins: SquareSet,
        ) -> usize {
            count_by_search(self, policy, side, origins)
        }

        /// Calls `out` with each of `side`'s capture moves from `origins` (not
        /// empty): its route and identity, by origin, then in the order found.
        #[inline]
        fn moves_from<P: CapturePolicy + ?Sized>(
            &self,
            policy: &P,
            side: Color,
            origins: SquareSet,
            out: impl FnMut(Route, Self::Identity),
        ) {
            moves_by_search(self, policy, side, origins, out)
        }
    }

    /// [`Searched::count_all`] by the search, from the first jumpers.
    #[inline(always)]
    pub(crate) fn count_all_by_search<S: Searched, P: CapturePolicy + ?Sized>(
        board: &S,
        policy: &P,
        side: Color,
    ) -> usize {
        let origins = super::first_jumpers::<S::Board, P>(
            policy,
            side,
            [board.held(side), board.held(!side)],
            board.crowned(),
            false,
        );
        if origins.is_empty() {
            return 0;
        }
        board.count_from(policy, side, origins)
    }

    /// [`Searched::count_from`] by the search.
    #[inline(always)]
    pub(crate) fn count_by_search<S: Searched, P: CapturePolicy + ?Sized>(
        board: &S,
        policy: &P,
        side: Color,
        origins: SquareSet,
    ) -> usize {
        let mut found = Found::new();
        if S::EXACT {
            Traversal::<S, P, false, true>::run(policy, board, side, origins, &mut found);
            found.ids.len()
        } else {
            Traversal::<S, P, true, true>::run(policy, board, side, origins, &mut found);
            super::dedupe(policy, board, side, &mut found.routes);
            found.routes.len()
        }
    }

    /// [`Searched::moves_from`] by the search.
    #[inline(always)]
    pub(crate) fn moves_by_search<S: Searched, P: CapturePolicy + ?Sized>(
        board: &S,
        policy: &P,
        side: Color,
        origins: SquareSet,
        mut out: impl FnMut(Route, S::Identity),
    ) {
        let mut found = Found::new();
        Traversal::<S, P, true, true>::run(policy, board, side, origins, &mut found);
        if !S::EXACT {
            super::dedupe(policy, board, side, &mut found.routes);
        }
        for (i, r) in found.routes.iter().enumerate() {
            out(*r, found.ids.get(i).copied().unwrap_or_default());
        }
    }

    /// Calls `out` with the identity of each of `side`'s capture moves from `origins`,
    /// without making their routes (perft plays its moves so), where the storage's
    /// identities are exact.
    #[inline(always)]
    pub(crate) fn identities_by_search<S: Searched, P: CapturePolicy + ?Sized>(
        board: &S,
        policy: &P,
        side: Color,
        origins: SquareSet,
        mut out: impl FnMut(S::Identity),
    ) {
        const {
            assert!(
                S::EXACT,
                "moves without routes are told apart by exact identities"
            )
        };
        let mut found = Found::new();
        Traversal::<S, P, false, true>::run(policy, board, side, origins, &mut found);
        // one call of `out`, so that it inlines
        for id in &found.ids {
            out(*id);
        }
    }

    /// Every route of `side`'s captures from `origins`, also those that move identity
    /// merges (the majority rule applied).
    pub(crate) fn every_route<S: Searched, P: CapturePolicy + ?Sized>(
        board: &S,
        policy: &P,
        side: Color,
        origins: SquareSet,
    ) -> SmallVec<[Route; 8]> {
        let mut found = Found::new();
        Traversal::<S, P, true, false>::run(policy, board, side, origins, &mut found);
        found.routes
    }
}

/// The capture search of one side in one position. Build it with
/// [`CaptureGenerator::new`] and ask for [`routes`](Self::routes),
/// [`count`](Self::count) or [`exists`](Self::exists).
pub struct CaptureGenerator<'p, S: CaptureStorage, P: CapturePolicy + ?Sized> {
    policy: &'p P,
    board: &'p S,
    side: Color,
}

impl<'p, S: CaptureStorage, P: CapturePolicy + ?Sized> CaptureGenerator<'p, S, P> {
    /// A generator for the captures of `side` on `board` under `policy`.
    #[inline]
    pub fn new(policy: &'p P, board: &'p S, side: Color) -> Self {
        CaptureGenerator {
            policy,
            board,
            side,
        }
    }

    /// Whether `side` has any capture (only first jumps are tried: fast, with whole
    /// square sets at once where the board's directions are bit shifts).
    #[inline]
    pub fn exists(&self) -> bool {
        !self.first_jumpers(true).is_empty()
    }

    /// The squares of `side`'s columns that have a first jump: the origins of all
    /// capture routes.
    #[inline]
    pub fn capturers(&self) -> SquareSet {
        self.first_jumpers(false)
    }

    /// The squares of [`capturers`](Self::capturers), or when `any` only the first one
    /// found.
    #[inline(always)]
    fn first_jumpers(&self, any: bool) -> SquareSet {
        let b = self.board;
        first_jumpers::<S::Board, P>(
            self.policy,
            self.side,
            [b.held(self.side), b.held(!self.side)],
            b.crowned(),
            any,
        )
    }

    /// The number of capture moves (after move identity and the majority rule).
    #[inline]
    pub fn count(&self) -> usize {
        self.board.count_all(self.policy, self.side)
    }

    /// The number of capture moves from `origins`, some of [`capturers`](Self::capturers)
    /// (all of them, or the only ones that may have changed).
    #[inline]
    pub(crate) fn count_from(&self, origins: SquareSet) -> usize {
        if origins.is_empty() {
            return 0;
        }
        self.board.count_from(self.policy, self.side, origins)
    }

    /// [`moves`](Self::moves) from `origins`, which are [`capturers`](Self::capturers).
    #[inline]
    pub(crate) fn moves_from(&self, origins: SquareSet, out: impl FnMut(Route, S::Identity)) {
        if !origins.is_empty() {
            self.board.moves_from(self.policy, self.side, origins, out);
        }
    }

    /// Calls `out` with each capture move's route (after move identity and the majority
    /// rule), in a deterministic order: by origin square, then in the order found.
    #[inline]
    pub fn routes(&self, mut out: impl FnMut(Route)) {
        self.moves(|r, _| out(r));
    }

    /// [`routes`](Self::routes) with each move's identity on the storage.
    #[inline]
    pub(crate) fn moves(&self, out: impl FnMut(Route, S::Identity)) {
        let origins = self.capturers();
        if !origins.is_empty() {
            self.board.moves_from(self.policy, self.side, origins, out);
        }
    }

    /// Calls `out` with every maximal route, one per path — also routes that move identity
    /// merges into one move — after the majority rule — and the Zobrist hash of the
    /// position the route leads to (the route is played on a copy to get it, so this is
    /// slower than [`routes`](Self::routes)). Used to accept any route of a move.
    pub fn all_routes(&self, mut out: impl FnMut(Route, u64)) {
        for r in &self.every_route() {
            let mut after = *self.board;
            after.play_route(self.policy, self.side, r);
            out(*r, after.board_hash());
        }
    }

    /// Every maximal route (the majority rule applied, move identity not).
    fn every_route(&self) -> SmallVec<[Route; 8]> {
        let origins = self.capturers();
        if origins.is_empty() {
            return SmallVec::new();
        }
        sealed::every_route(self.board, self.policy, self.side, origins)
    }

    /// Calls `out(listed, route)` for every maximal route (every path, also those that
    /// move identity merges into one move), with `listed` the route [`routes`](Self::routes)
    /// lists for the same move: same origin, same position after it. This is how a
    /// move may be named by any of its routes (move texts, clicks).
    pub fn route_classes(&self, out: impl FnMut(&Route, &Route)) {
        let mut listed = SmallVec::<[Route; 8]>::new();
        self.routes(|r| listed.push(r));
        self.route_classes_among(listed.iter(), out);
    }

    /// [`route_classes`](Self::route_classes) with the listed routes given: the routes
    /// [`routes`](Self::routes) gives here, in the same order (taken from a legal-move
    /// list already made), which are then not searched for again: the same calls as
    /// [`route_classes`](Self::route_classes) makes.
    pub fn route_classes_among<'r>(
        &self,
        listed: impl Iterator<Item = &'r Route> + Clone,
        mut out: impl FnMut(&Route, &Route),
    ) {
        if listed.clone().next().is_none() {
            return;
        }
        for r in &self.every_route() {
            if let Some(l) = listed
                .clone()
                .find(|l| same_ends(l, r) && same_move(self.policy, self.board, self.side, l, r))
            {
                out(l, r);
            }
        }
    }

    /// The listed route ([`routes`](Self::routes)) of the move that `route` is a route
    /// of (move identity), when `route` is a legal capture route here.
    pub fn equivalent(&self, route: &Route) -> Option<Route> {
        let mut found = None;
        self.route_classes(|l, r| {
            if found.is_none() && r == route {
                found = Some(*l);
            }
        });
        found
    }

    /// The squares of the men a route takes, in the order it takes them (a column
    /// jumped twice is listed twice). The route is trusted like
    /// [`apply`](Self::apply)'s.
    pub fn taken(policy: &P, board: &S, side: Color, route: &Route) -> SmallVec<[Square; 8]> {
        let mut out = SmallVec::new();
        board.follow_route(policy, side, route, |x| out.push(x));
        out
    }

    /// Plays `route` for `side` on `board`: the captured men are taken, the capturer
    /// lands on the route's end, promotion is applied. The route is trusted (it must
    /// come from this generator with the same policy and position).
    #[inline]
    pub fn apply(policy: &P, board: &mut S, side: Color, route: &Route) {
        board.play_route(policy, side, route);
    }
}

/// The squares of `side`'s pieces that have a first jump, on bitboards: `owned` holds
/// the squares of `side`'s columns and of its opponent's, `kings` those whose
/// commander is a king (either side). With `any`, only the first one found.
/// Short-leaping columns are found with set shifts on boards where shifts are cheap,
/// other columns square by square: where every capture search starts.
#[inline(always)]
pub(crate) fn first_jumpers<B: Board, P: CapturePolicy + ?Sized>(
    policy: &P,
    side: Color,
    owned: [SquareSet; 2],
    kings: SquareSet,
    any: bool,
) -> SquareSet {
    let [own, enemy] = owned;
    if enemy.is_empty() || own.is_empty() {
        return SquareSet::EMPTY;
    }
    let vacant = B::all() - (own | enemy);
    // men, then kings (two calls rather than a loop over an array: this is hot)
    let found = group_jumpers::<B, P>(policy, Man::new(side), own - kings, enemy, vacant, any);
    if any && !found.is_empty() {
        return found;
    }
    found | group_jumpers::<B, P>(policy, Man::king(side), own & kings, enemy, vacant, any)
}

/// [`first_jumpers`] of one rank: the squares of `group` (columns led by men like
/// `man`) with a first jump over `enemy` to a square of `vacant`. With constant
/// [`Board::SHIFTS`], or shifts that are cheap, whole sets at a time: short leaps by
/// two shifts there and two back, flying leaps by filling each ray; else square by
/// square.
#[inline(always)]
pub(crate) fn group_jumpers<B: Board, P: CapturePolicy + ?Sized>(
    policy: &P,
    man: Man,
    group: SquareSet,
    enemy: SquareSet,
    vacant: SquareSet,
    any: bool,
) -> SquareSet {
    let mut found = SquareSet::EMPTY;
    if group.is_empty() {
        return found;
    }
    let dirs = policy.directions(man);
    let leap = policy.leap(man);
    if B::SHIFTS.is_some() || (leap == Leap::Short && B::geometry().fast_shift()) {
        // the directions one by one, each a constant: so are each shift's masks
        each_direction!(dirs, d, 'next, {
            found |= if leap == Leap::Short {
                short_jumpers::<B>(d, group, enemy, vacant)
            } else {
                flying_jumpers::<B>(d, group, enemy, vacant)
            };
        });
    } else {
        let g = B::geometry();
        let occupied = g.all() - vacant;
        let jumps = |sq: Square, d: Direction| match leap {
            Leap::Short => g.neighbour(sq, d).is_some_and(|x| {
                enemy.contains(x) && g.neighbour(x, d).is_some_and(|t| vacant.contains(t))
            }),
            Leap::Flying => first_victim(g, occupied, leap, sq, d)
                .is_some_and(|(x, t)| enemy.contains(x) && t.is_some()),
        };
        for sq in group {
            if dirs.iter().any(|d| jumps(sq, d)) {
                found.insert(sq);
                if any {
                    return found;
                }
            }
        }
    }
    found
}

/// The squares of `group` with a short first jump in direction `d`: over a square of
/// `enemy` to one of `vacant`. The landing squares first; back to the jumpers only
/// when there are some.
#[inline(always)]
fn short_jumpers<B: Board>(
    d: Direction,
    group: SquareSet,
    enemy: SquareSet,
    vacant: SquareSet,
) -> SquareSet {
    let landings = B::shift(B::shift(group, d) & enemy, d) & vacant;
    if landings.is_empty() {
        return landings;
    }
    let back = B::opposite(d);
    group & B::shift(B::shift(landings, back) & enemy, back)
}

/// The squares of `group` with a flying first jump in direction `d`: along vacant
/// squares to the first occupied one, a square of `enemy`, with a square of `vacant`
/// beyond. Each ray is filled, then followed back from the landings.
#[inline(always)]
fn flying_jumpers<B: Board>(
    d: Direction,
    group: SquareSet,
    enemy: SquareSet,
    vacant: SquareSet,
) -> SquareSet {
    let mut ray = B::shift(group, d);
    let mut reached = ray;
    while !(ray & vacant).is_empty() {
        ray = B::shift(ray & vacant, d);
        reached |= ray;
    }
    let landings = B::shift(reached & enemy, d) & vacant;
    let mut found = SquareSet::EMPTY;
    if landings.is_empty() {
        return found;
    }
    let back = B::opposite(d);
    let mut ray = B::shift(B::shift(landings, back) & enemy, back);
    loop {
        found |= ray & group;
        ray &= vacant;
        if ray.is_empty() {
            return found;
        }
        ray = B::shift(ray, back);
    }
}

/// Drops routes that start on the same square and lead to the same position as an
/// earlier one (move identity), for storages whose identities are not exact. Only
/// routes that also end on the same square can (the capturer's column stands there
/// after one, and the square is vacant or an enemy's after the other), and those are
/// played to compare the positions.
fn dedupe<S: sealed::Searched, P: CapturePolicy + ?Sized>(
    policy: &P,
    original: &S,
    side: Color,
    found: &mut SmallVec<[Route; 8]>,
) {
    let mut i = 1;
    while i < found.len() {
        let ri = found[i];
        let dup = found[..i]
            .iter()
            .any(|rj| same_ends(rj, &ri) && same_move(policy, original, side, rj, &ri));
        if dup {
            found.remove(i);
        } else {
            i += 1;
        }
    }
}

/// Whether the routes `a` and `b` of `side` on `board` lead to the same position.
fn same_move<S: sealed::Searched, P: CapturePolicy + ?Sized>(
    policy: &P,
    board: &S,
    side: Color,
    a: &Route,
    b: &Route,
) -> bool {
    a == b || {
        let (mut x, mut y) = (*board, *board);
        x.play_route(policy, side, a);
        y.play_route(policy, side, b);
        x == y
    }
}

/// Whether two routes start on one square and end on one square: necessary for them
/// to be one move (move identity).
#[inline]
fn same_ends(a: &Route, b: &Route) -> bool {
    a.origin() == b.origin() && a.destination() == b.destination()
}

/// From `at`, going in direction `d` (over vacant squares when flying): the first
/// occupied square and the square just beyond it if that one is vacant. `occupied` is
/// the set of occupied squares.
#[inline(always)]
fn first_victim(
    g: &Geometry,
    occupied: SquareSet,
    leap: Leap,
    at: Square,
    d: Direction,
) -> Option<(Square, Option<Square>)> {
    let empty = |s: Square| !occupied.contains(s);
    let mut x = g.neighbour(at, d)?;
    if leap == Leap::Flying {
        while empty(x) {
            x = g.neighbour(x, d)?;
        }
    } else if empty(x) {
        return None;
    }
    let beyond = g.neighbour(x, d).filter(|&t| empty(t));
    Some((x, beyond))
}

/// The first jumps of both sides at once, on bitboards, for rulesets whose columns
/// leap short: whether each colour can capture, and on which vacant squares a column
/// of each colour, were one put there, could be jumped at once (the squares an entry
/// would *feed* in Emergo). Three set shifts per direction serve both sides, where
/// [`CaptureGenerator::exists`] for each side and a separate scan for the exposed
/// squares take six or more.
///
/// ```
/// use column_checkers::Color;
/// use column_checkers::custom::{
///     Board, CapturePolicy, CapturePromotion, CaptureRules, Columns, DirectionSet,
///     FirstJumps, Grid8x8, Leap, Majority, Man, Prisoners, Rejump, Stack,
/// };
///
/// /// Short jumps in all eight directions of the grid.
/// struct AllWays;
/// impl CapturePolicy for AllWays {
///     type Taking = Prisoners;
///     const RULES: CaptureRules = CaptureRules {
///         rejump: Rejump::Never,
///         reversal: None,
///         majority: Majority::FreeChoice,
///         promotion: CapturePromotion::Never,
///     };
///     fn directions(&self, _commander: Man) -> DirectionSet {
///         DirectionSet::first(8)
///     }
///     fn leap(&self, _commander: Man) -> Leap {
///         Leap::Short
///     }
/// }
///
/// let g = Grid8x8::geometry();
/// let sq = |name| g.parse_square(name).unwrap();
/// let mut columns = Columns::<Grid8x8>::new();
/// columns.set(sq("a1"), Stack::single(Man::new(Color::White)));
/// columns.set(sq("h8"), Stack::single(Man::new(Color::Black)));
/// let jumps = FirstJumps::new(&AllWays, &columns).unwrap();
/// assert!(!jumps.can_capture(Color::White) && !jumps.can_capture(Color::Black));
/// // a black man put on b2 could be jumped from a1 to c3; not on c3, two squares away
/// assert!(jumps.exposed(Color::Black).contains(sq("b2")));
/// assert!(!jumps.exposed(Color::Black).contains(sq("c3")));
///
/// // a black man on b1: a1 jumps it to c1; b1 cannot jump a1, nothing is beyond a1
/// columns.set(sq("b1"), Stack::single(Man::new(Color::Black)));
/// let jumps = FirstJumps::new(&AllWays, &columns).unwrap();
/// assert!(jumps.can_capture(Color::White));
/// assert!(!jumps.can_capture(Color::Black));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstJumps {
    /// Per colour, the squares its columns could jump at once: next to one of them in
    /// a direction it captures in, with a vacant square beyond.
    targets: [SquareSet; 2],
    owned: [SquareSet; 2],
    vacant: SquareSet,
}

impl FirstJumps {
    /// The first jumps on `board` (columns) under `policy`; `None` when a column of
    /// either side leaps flying (use [`CaptureGenerator`] then).
    #[inline]
    pub fn new<S: CaptureStorage, P: CapturePolicy + ?Sized>(
        policy: &P,
        board: &S,
    ) -> Option<FirstJumps> {
        let owned = [board.held(Color::White), board.held(Color::Black)];
        Self::of::<S::Board, P>(policy, owned, board.crowned())
    }

    /// [`new`](Self::new) on the board `B`, where `owned` holds each colour's squares
    /// and `kings` the kings'.
    #[inline(always)]
    fn of<B: Board, P: CapturePolicy + ?Sized>(
        policy: &P,
        owned: [SquareSet; 2],
        kings: SquareSet,
    ) -> Option<FirstJumps> {
        let men = [Man::new(Color::White), Man::new(Color::Black)];
        if men.iter().any(|&m| policy.leap(m) != Leap::Short) {
            return None;
        }
        let vacant = B::all() - (owned[0] | owned[1]);
        let mut targets = [SquareSet::EMPTY; 2];
        let groups = [owned[0] - kings, owned[1] - kings];
        let dirs = men.map(|m| policy.directions(m));
        let board_dirs = B::all_directions().0;
        let mut king_dirs = [DirectionSet::EMPTY; 2];
        if !kings.is_empty() {
            for c in Color::ALL {
                if (owned[c.index()] & kings).is_empty() {
                    continue;
                }
                let king = Man::king(c);
                if policy.leap(king) != Leap::Short {
                    return None;
                }
                king_dirs[c.index()] = policy.directions(king);
            }
        }
        if kings.is_empty() {
            // men only (Emergo has no kings): the same loop without the kings' tests
            let any = DirectionSet((dirs[0].0 | dirs[1].0) & board_dirs);
            each_direction!(any, d, 'next, {
                let before_vacant = B::shift(vacant, B::opposite(d));
                for c in 0..2 {
                    if dirs[c].contains(d) {
                        targets[c] |= B::shift(groups[c], d) & before_vacant;
                    }
                }
            });
            return Some(FirstJumps {
                targets,
                owned,
                vacant,
            });
        }
        let any =
            DirectionSet((dirs[0].0 | dirs[1].0 | king_dirs[0].0 | king_dirs[1].0) & board_dirs);
        // the directions one by one, each a constant: so are each shift's masks where
        // the board has them
        each_direction!(any, d, 'next, {
            // the squares whose neighbour in direction `d` is vacant
            let before_vacant = B::shift(vacant, B::opposite(d));
            for c in 0..2 {
                if dirs[c].contains(d) {
                    targets[c] |= B::shift(groups[c], d) & before_vacant;
                }
                if king_dirs[c].contains(d) {
                    targets[c] |= B::shift(owned[c] & kings, d) & before_vacant;
                }
            }
        });
        Some(FirstJumps {
            targets,
            owned,
            vacant,
        })
    }

    /// Whether `color` has a capture (the same as [`CaptureGenerator::exists`]).
    #[inline]
    pub fn can_capture(&self, color: Color) -> bool {
        !(self.targets[color.index()] & self.owned[(!color).index()]).is_empty()
    }

    /// The vacant squares where a column of `color`, were one put there, could be
    /// jumped by the opponent at once.
    #[inline]
    pub fn exposed(&self, color: Color) -> SquareSet {
        self.targets[(!color).index()] & self.vacant
    }
}

#[cfg(test)]
pub(crate) mod reference;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alloc_prelude::*;
    use crate::engine::columns::Columns;
    use crate::engine::pieces::Pieces;
    use crate::engine::shapes::dark::{Dark10, Dark7, Dark8};
    use crate::engine::shapes::grid::Grid8x8;
    use crate::engine::shapes::hex::Hex37;
    use crate::engine::stack::{Rank, Stack};
    use crate::games::emergo::Oblique9;
    use crate::tools::rng::SplitMix64;

    /// Short jumps in every direction of the board for men; kings as `king_leap`.
    struct AllWays(Leap);

    /// Men jump forward only, kings every way (short): directions that differ by
    /// colour and rank.
    struct Forward;

    const RULES: CaptureRules = CaptureRules {
        rejump: Rejump::Never,
        reversal: None,
        majority: Majority::FreeChoice,
        promotion: CapturePromotion::Never,
    };

    impl CapturePolicy for AllWays {
        type Taking = Prisoners;
        const RULES: CaptureRules = RULES;
        fn directions(&self, _commander: Man) -> DirectionSet {
            DirectionSet(0xff)
        }
        fn leap(&self, commander: Man) -> Leap {
            match commander.rank {
                Rank::Man => Leap::Short,
                Rank::King => self.0,
            }
        }
    }

    impl CapturePolicy for Forward {
        type Taking = Prisoners;
        const RULES: CaptureRules = RULES;
        fn directions(&self, commander: Man) -> DirectionSet {
            match commander.rank {
                Rank::Man => DirectionSet(0b0011 << (2 * commander.color.index())),
                Rank::King => DirectionSet(0b1111),
            }
        }
        fn leap(&self, _commander: Man) -> Leap {
            Leap::Short
        }
    }

    /// A board of ragged rows, on which a direction moves the square indices by many
    /// amounts: no fast shifts, so the first jumps are found square by square.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    struct Ragged;

    impl Board for Ragged {
        fn geometry() -> &'static Geometry {
            static G: once_cell::race::OnceBox<Geometry> = once_cell::race::OnceBox::new();
            G.get_or_init(|| {
                Box::new(Geometry::new(
                    "ragged",
                    9,
                    7,
                    |x, y| x < [9, 6, 8, 5, 9, 7, 8][y as usize],
                    &crate::engine::shapes::grid::EIGHT_DIRECTIONS,
                ))
            })
        }
    }

    /// Random columns of one or two men on a random share of the squares (from a half
    /// to a tenth); kings when asked.
    fn random_columns<B: Board>(rng: &mut SplitMix64, kings: bool) -> Columns<B> {
        random_board(rng, kings, 2)
    }

    /// Random columns of one to `height` men (of either colour and, with `kings`,
    /// either rank) on a random share of the squares (from a half to a tenth).
    fn random_board<B: Board>(rng: &mut SplitMix64, kings: bool, height: usize) -> Columns<B> {
        let mut cols = Columns::<B>::new();
        let sparse = 2 + rng.below(9);
        let man = |rng: &mut SplitMix64, color| {
            if kings && rng.below(4) == 0 {
                Man::king(color)
            } else {
                Man::new(color)
            }
        };
        for sq in B::geometry().squares() {
            if rng.below(sparse) != 0 {
                continue;
            }
            let color = Color::from_index(rng.below(2));
            let mut s = Stack::single(man(rng, color));
            for _ in 1..1 + rng.below(height) {
                let color = if rng.below(3) == 0 { color } else { !color };
                s.push_bottom(man(rng, color));
            }
            cols.set(sq, s);
        }
        cols
    }

    /// The vacant squares next to a column of `!color` that jumps towards them, with
    /// a vacant square beyond: square by square.
    fn exposed_slowly<B: Board, P: CapturePolicy>(
        policy: &P,
        cols: &Columns<B>,
        color: Color,
    ) -> SquareSet {
        let g = B::geometry();
        let vacant = cols.vacant();
        let mut out = SquareSet::EMPTY;
        for s in vacant {
            for d in g.directions() {
                let (Some(attacker), Some(beyond)) =
                    (g.neighbour(s, g.opposite(d)), g.neighbour(s, d))
                else {
                    continue;
                };
                let Some(top) = cols.get(attacker).top() else {
                    continue;
                };
                if top.color != color
                    && policy.directions(top).contains(d)
                    && vacant.contains(beyond)
                {
                    out.insert(s);
                }
            }
        }
        out
    }

    fn agree<B: Board, P: CapturePolicy>(policy: &P, kings: bool, seed: u64) {
        let mut rng = SplitMix64::new(seed);
        let mut captures = [0; 2];
        for _ in 0..300 {
            let cols = random_columns::<B>(&mut rng, kings);
            let jumps = FirstJumps::new(policy, &cols).expect("short leaps");
            for c in Color::ALL {
                let gen = CaptureGenerator::new(policy, &cols, c);
                let exists = gen.exists();
                assert_eq!(jumps.can_capture(c), exists, "{cols:?} {c:?}");
                // the capturers are the origins of the routes (a king and a man may
                // capture in other directions: each searches as its commander)
                let mut origins = SquareSet::EMPTY;
                gen.routes(|r| origins.insert(r.origin()));
                assert_eq!(gen.capturers(), origins, "{cols:?} {c:?}");
                captures[exists as usize] += 1;
                assert_eq!(
                    jumps.exposed(c),
                    exposed_slowly(policy, &cols, c),
                    "{cols:?}"
                );
            }
        }
        // both answers occur: the comparison is not empty
        assert!(captures[0] > 0 && captures[1] > 0, "{captures:?}");
    }

    #[test]
    fn first_jumps_agree_with_the_generator() {
        agree::<Oblique9, _>(&AllWays(Leap::Short), false, 1);
        agree::<Hex37, _>(&AllWays(Leap::Short), false, 2);
        agree::<Grid8x8, _>(&AllWays(Leap::Short), true, 3);
        agree::<Dark8, _>(&Forward, true, 4);
        assert!(!Ragged::geometry().fast_shift());
        agree::<Ragged, _>(&AllWays(Leap::Short), true, 5);
    }

    /// Move identity by brute force (`docs/rulings.md#move-identity`): the listed routes are distinct moves (no two from one
    /// square lead to one position), every route is one listed move, and each route's
    /// hash is its position's from scratch. [`route_classes`](CaptureGenerator::route_classes)
    /// names each route with its listed route, and [`equivalent`](CaptureGenerator::equivalent)
    /// answers it for the route written square by square; a route cut short is none.
    /// Answers how many routes were merged, and how many pairs of listed moves share
    /// their origin and destination (which only their positions tell apart).
    fn one_listed_route_per_move<B: Board, P: CapturePolicy>(
        policy: &P,
        kings: bool,
        seed: u64,
    ) -> (usize, usize) {
        let mut rng = SplitMix64::new(seed);
        let mut merged = 0;
        let mut twins = 0;
        for _ in 0..200 {
            let cols = random_columns::<B>(&mut rng, kings);
            for c in Color::ALL {
                let gen = CaptureGenerator::new(policy, &cols, c);
                let mut all = Vec::new();
                gen.all_routes(|r, h| all.push((r, h)));
                // the brute force is quadratic: positions of a few routes
                if all.len() > 24 {
                    continue;
                }
                let after = |r: &Route| {
                    let mut a = cols;
                    CaptureGenerator::apply(policy, &mut a, c, r);
                    a
                };
                let mut listed = Vec::new();
                gen.routes(|r| listed.push(r));
                // the capturers are the origins of the routes (flying kings too)
                let origins = all.iter().map(|(r, _)| r.origin()).collect::<SquareSet>();
                assert_eq!(gen.capturers(), origins, "{cols:?} {c:?}");
                for (i, a) in listed.iter().enumerate() {
                    for b in &listed[..i] {
                        assert!(a.origin() != b.origin() || after(a) != after(b), "{cols:?}");
                    }
                }
                for (r, h) in &all {
                    let p = after(r);
                    assert_eq!(*h, p.full_hash(), "{cols:?}");
                    // the men taken: one per jump, each off the top of a column jumped
                    let taken = CaptureGenerator::taken(policy, &cols, c, r);
                    assert_eq!(taken.len(), r.len(), "{cols:?} {r:?}");
                    for &x in &taken {
                        let times = taken.iter().filter(|&&t| t == x).count();
                        assert_eq!(
                            p.get(x).height() + times,
                            cols.get(x).height(),
                            "{cols:?} {r:?}"
                        );
                    }
                    let moves = listed
                        .iter()
                        .filter(|l| l.origin() == r.origin() && after(l) == p)
                        .count();
                    assert_eq!(moves, 1, "{cols:?} {r:?}");
                }
                merged += all.len() - listed.len();
                for (i, a) in listed.iter().enumerate() {
                    twins += listed[..i].iter().filter(|b| same_ends(a, b)).count();
                }
                let mut classes = Vec::new();
                gen.route_classes(|l, r| classes.push((*l, *r)));
                assert_eq!(classes.len(), all.len(), "{cols:?}");
                for ((l, r), (a, _)) in classes.iter().zip(&all) {
                    assert_eq!(r, a, "{cols:?}");
                    assert!(listed.contains(l), "{cols:?} {l:?}");
                    assert!(l.origin() == r.origin() && after(l) == after(r), "{cols:?}");
                    // as a player writes it: the squares alone
                    let written = Route::from_squares(r.origin(), r.landings()).unwrap();
                    assert_eq!(gen.equivalent(&written), Some(*l), "{cols:?} {r:?}");
                }
                if let Some((r, _)) = all.iter().find(|(r, _)| r.len() > 1) {
                    let mut cut = Route::from_squares(r.origin(), r.landings()).unwrap();
                    cut.pop();
                    if !all.iter().any(|(a, _)| *a == cut) {
                        assert_eq!(gen.equivalent(&cut), None, "{cols:?} {cut:?}");
                    }
                }
            }
        }
        (merged, twins)
    }

    #[test]
    fn ruling_one_merges_exactly_the_routes_of_one_move() {
        let merged = [
            one_listed_route_per_move::<Oblique9, _>(&AllWays(Leap::Short), false, 11),
            one_listed_route_per_move::<Grid8x8, _>(&AllWays(Leap::Short), true, 12),
            one_listed_route_per_move::<Dark8, _>(&AllWays(Leap::Flying), true, 14),
        ];
        // routes were merged, and moves shared their ends: the comparisons are not empty
        assert!(
            merged.iter().any(|m| m.0 > 0) && merged.iter().any(|m| m.1 > 0),
            "{merged:?}"
        );
    }

    /// Move identity counts the origin: two men that each jump a column of two enemy
    /// men out and back, taking both off the board at once, leave one position, and
    /// are two moves (rules of no ruleset, which the engine allows: pieces removed at
    /// once, a column jumped again while the enemy tops it).
    #[test]
    fn routes_from_two_origins_to_one_position_are_two_moves() {
        struct RemovedAtOnce;
        impl CapturePolicy for RemovedAtOnce {
            type Taking = Removed<false>;
            const RULES: CaptureRules = CaptureRules {
                rejump: Rejump::WhileEnemyTopped,
                ..RULES
            };
            fn directions(&self, _commander: Man) -> DirectionSet {
                DirectionSet(0xff)
            }
            fn leap(&self, _commander: Man) -> Leap {
                Leap::Short
            }
        }
        let g = Grid8x8::geometry();
        let sq = |name: &str| g.parse_square(name).unwrap();
        let mut cols = Columns::<Grid8x8>::new();
        cols.set(sq("c3"), Stack::single(Man::new(Color::White)));
        cols.set(sq("d5"), Stack::single(Man::new(Color::White)));
        cols.set(sq("d4"), Stack::uniform(Color::Black, 2));
        let gen = CaptureGenerator::new(&RemovedAtOnce, &cols, Color::White);
        let mut listed = Vec::new();
        gen.routes(|r| listed.push(r));
        let route =
            |from, landings: [&str; 2]| Route::from_squares(sq(from), &landings.map(sq)).unwrap();
        assert_eq!(
            listed,
            [route("c3", ["e5", "c3"]), route("d5", ["d3", "d5"])]
        );
        let after = |r: &Route| {
            let mut a = cols;
            CaptureGenerator::apply(&RemovedAtOnce, &mut a, Color::White, r);
            a
        };
        assert_eq!(after(&listed[0]), after(&listed[1]));
        assert!(after(&listed[0]).get(sq("d4")).is_empty());
    }

    /// Men and kings jump short in the four diagonals, under the promotion rule `P`
    /// (0 never, 1 ending the move, 2 continuing, 3 at the end of the move).
    struct Promoting<const P: u8>;

    impl<const P: u8> CapturePolicy for Promoting<P> {
        type Taking = Prisoners;
        const RULES: CaptureRules = CaptureRules {
            promotion: match P {
                0 => CapturePromotion::Never,
                1 => CapturePromotion::EndsMove,
                2 => CapturePromotion::Continues,
                _ => CapturePromotion::AtEndOfMove,
            },
            ..RULES
        };
        fn directions(&self, _commander: Man) -> DirectionSet {
            DirectionSet(0b1111)
        }
        fn leap(&self, _commander: Man) -> Leap {
            Leap::Short
        }
    }

    /// A man who reaches his far row in the middle of a capture, with a jump back
    /// from there: the promotion rule decides whether he goes on, and as what.
    #[test]
    fn a_man_on_the_far_row_mid_capture_stops_or_goes_on_by_the_promotion_rule() {
        fn after<const P: u8>() -> (Vec<Route>, Stack) {
            let g = Dark8::geometry();
            let sq = |name: &str| g.parse_square(name).unwrap();
            let mut cols = Columns::<Dark8>::new();
            cols.set(sq("b6"), Stack::single(Man::new(Color::White)));
            cols.set(sq("c7"), Stack::single(Man::new(Color::Black)));
            cols.set(sq("e7"), Stack::single(Man::new(Color::Black)));
            let mut routes = Vec::new();
            CaptureGenerator::new(&Promoting::<P>, &cols, Color::White).routes(|r| routes.push(r));
            assert_eq!(routes.len(), 1, "{routes:?}");
            CaptureGenerator::apply(&Promoting::<P>, &mut cols, Color::White, &routes[0]);
            (routes.clone(), cols.get(routes[0].destination()))
        }
        let g = Dark8::geometry();
        let sq = |name: &str| g.parse_square(name).unwrap();
        let to_d8 = Route::from_squares(sq("b6"), &[sq("d8")]).unwrap();
        let to_f6 = Route::from_squares(sq("b6"), &[sq("d8"), sq("f6")]).unwrap();
        let (white, king) = (Man::new(Color::White), Man::king(Color::White));
        let with = |top: Man, prisoners: usize| {
            let mut s = Stack::single(top);
            for _ in 0..prisoners {
                s.push_bottom(Man::new(Color::Black));
            }
            s
        };
        // crowned on d8, and the move ends there (Lasca)
        assert_eq!(after::<1>(), (vec![to_d8], with(king, 1)));
        // crowned on d8, and he goes on as a king (Russian draughts, Bashni)
        assert_eq!(after::<2>(), (vec![to_f6], with(king, 2)));
        // passing through does not crown (international draughts, Dameo)
        assert_eq!(after::<3>(), (vec![to_f6], with(white, 2)));
        // no promotion at all (Emergo)
        assert_eq!(after::<0>(), (vec![to_f6], with(white, 2)));
    }

    /// A board with the geometry of `B` but no constant shifts: the first jumps are
    /// found square by square there, by set shifts on `B`.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    struct Tables<B>(core::marker::PhantomData<B>);

    impl<B: Board> Board for Tables<B> {
        fn geometry() -> &'static Geometry {
            B::geometry()
        }
    }

    /// The capturers found by set shifts on `B` and square by square on the same
    /// columns without its shifts are the origins of the reference's routes.
    fn capturers_by_shifts_and_by_squares<B: Board, P: CapturePolicy>(
        policy: &P,
        kings: bool,
        seed: u64,
    ) {
        assert!(B::SHIFTS.is_some() && Tables::<B>::SHIFTS.is_none());
        let mut rng = SplitMix64::new(seed);
        let mut found = 0;
        for _ in 0..300 {
            let cols = random_columns::<B>(&mut rng, kings);
            let mut plain = Columns::<Tables<B>>::new();
            for (sq, s) in cols.iter() {
                plain.set(sq, s);
            }
            for c in Color::ALL {
                let origins = reference::capturers(policy, &cols, c);
                assert_eq!(CaptureGenerator::new(policy, &cols, c).capturers(), origins);
                assert_eq!(
                    CaptureGenerator::new(policy, &plain, c).capturers(),
                    origins
                );
                found += origins.count();
            }
        }
        assert!(found > 0, "capturers were compared");
    }

    #[test]
    fn first_jumps_by_shifts_are_those_square_by_square() {
        capturers_by_shifts_and_by_squares::<Oblique9, _>(&AllWays(Leap::Short), false, 21);
        capturers_by_shifts_and_by_squares::<Grid8x8, _>(&AllWays(Leap::Short), true, 22);
        capturers_by_shifts_and_by_squares::<Dark8, _>(&Forward, true, 23);
        // kings fly (rays filled), men leap short
        capturers_by_shifts_and_by_squares::<Dark8, _>(&AllWays(Leap::Flying), true, 24);
    }

    /// The rules decided once, per ruleset: which keep their pieces on bitboards
    /// (captures that remove the pieces when the move ends), which may jump a column
    /// twice, and who is crowned when a capture ends on a promotion square.
    #[test]
    fn each_rulesets_capture_rules_read_as_documented() {
        use crate::games::bashni::BashniRules;
        use crate::games::dameo::DameoRules;
        use crate::games::draughts::{InternationalRules, RussianRules};
        use crate::games::emergo::EmergoCapture;
        use crate::games::lasca::LascaRules;
        use crate::games::stapeldammen::StapeldammenRules;
        fn read<P: CapturePolicy>() -> (bool, bool, Option<Reversal>) {
            (P::REMOVES_AT_END, P::REJUMPS, P::REVERSAL)
        }
        // (removes at the end of the move, rejumps, the 180° rule in force)
        let (any, over) = (Some(Reversal::AnyTurnBack), Some(Reversal::OverJustJumped));
        assert_eq!(read::<InternationalRules>(), (true, false, None));
        assert_eq!(read::<RussianRules>(), (true, false, None));
        assert_eq!(read::<DameoRules>(), (true, false, None));
        assert_eq!(read::<LascaRules<false, false>>(), (false, false, None));
        assert_eq!(read::<LascaRules<true, false>>(), (false, true, any));
        assert_eq!(read::<BashniRules<false>>(), (false, true, over));
        // prisoners taken when the move ends: neither a removal nor a roundabout, and
        // the column just jumped bars the way back (a 180° rule is not needed)
        assert_eq!(read::<BashniRules<true>>(), (false, false, None));
        assert_eq!(read::<EmergoCapture>(), (false, true, any));
        assert_eq!(read::<StapeldammenRules>(), (false, true, any));
        // pieces removed at once, or roundabouts whose men go when the move ends: no
        // ruleset has them, the rules say what they would be
        struct Turning<T>(T);
        impl<T: TakingRule> CapturePolicy for Turning<T> {
            type Taking = T;
            const RULES: CaptureRules = CaptureRules {
                rejump: Rejump::WhileEnemyTopped,
                reversal: Some(Reversal::AnyTurnBack),
                ..RULES
            };
            fn directions(&self, _commander: Man) -> DirectionSet {
                DirectionSet(0b1111)
            }
            fn leap(&self, _commander: Man) -> Leap {
                Leap::Short
            }
        }
        assert_eq!(read::<Turning<Removed<false>>>(), (false, true, any));
        assert_eq!(read::<Turning<Prisoners<true>>>(), (false, false, None));
        assert_eq!(read::<Turning<Removed>>(), (true, false, None));
        // a man ending a capture on a promotion square is crowned but where men
        // are never promoted
        for (promotion, crowns) in [
            (CapturePromotion::Never, false),
            (CapturePromotion::EndsMove, true),
            (CapturePromotion::Continues, true),
            (CapturePromotion::AtEndOfMove, true),
        ] {
            assert_eq!(promotion.crowns_at_end(), crowns, "{promotion:?}");
        }
    }

    #[test]
    fn first_jumps_refuse_flying_kings() {
        let mut rng = SplitMix64::new(5);
        let cols = random_columns::<Dark8>(&mut rng, true);
        assert!(!cols.kings().is_empty());
        assert_eq!(FirstJumps::new(&AllWays(Leap::Flying), &cols), None);
        // without kings, the flying kings' rule does not matter
        let men = random_columns::<Dark8>(&mut rng, false);
        assert!(FirstJumps::new(&AllWays(Leap::Flying), &men).is_some());
    }

    /// The one traversal on `cols` against the reference, for `side`: the moves in
    /// order, their count, the position each leads to and its hash, the men each
    /// takes; every route (also those of one move) with the hash of its position; the
    /// capturers. Answers the number of jumps compared.
    fn as_the_reference<B: Board, P: CapturePolicy>(
        policy: &P,
        cols: &Columns<B>,
        side: Color,
    ) -> usize {
        let expected = reference::moves(policy, cols, side);
        let gen = CaptureGenerator::new(policy, cols, side);
        let mut listed = Vec::new();
        gen.routes(|r| listed.push(r));
        let routes = expected.iter().map(|m| m.route).collect::<Vec<_>>();
        assert_eq!(listed, routes, "{cols:?} {side:?}");
        assert_eq!(gen.count(), expected.len(), "{cols:?} {side:?}");
        assert_eq!(gen.exists(), !expected.is_empty(), "{cols:?} {side:?}");
        for m in &expected {
            let mut after = *cols;
            CaptureGenerator::apply(policy, &mut after, side, &m.route);
            assert_eq!(after, m.after, "{cols:?} {:?}", m.route);
            assert_eq!(after.hash(), after.full_hash(), "{cols:?} {:?}", m.route);
            let taken = CaptureGenerator::taken(policy, cols, side, &m.route);
            assert_eq!(taken.to_vec(), m.taken, "{cols:?} {:?}", m.route);
        }
        let every = reference::routes(policy, cols, side);
        let mut all = Vec::new();
        gen.all_routes(|r, h| all.push((r, h)));
        let hashes = every.iter().map(|m| (m.route, m.after.full_hash()));
        assert_eq!(all, hashes.collect::<Vec<_>>(), "{cols:?} {side:?}");
        let capturers = reference::capturers(policy, cols, side);
        assert_eq!(gen.capturers(), capturers, "{cols:?} {side:?}");
        expected.iter().map(|m| m.taken.len()).sum()
    }

    /// [`as_the_reference`] on [`Pieces`], for rules whose pieces taken leave the
    /// board when the move ends (`cols` holds single men): the moves, counted on whole
    /// sets or searched, listed, and made without their routes, what each does, the
    /// position each leads to.
    fn on_pieces_as_the_reference<B: Board, P: CapturePolicy>(
        policy: &P,
        cols: &Columns<B>,
        side: Color,
    ) -> usize {
        let pieces = Pieces::from_columns(cols).expect("single men");
        let expected = reference::moves(policy, cols, side);
        let gen = CaptureGenerator::new(policy, &pieces, side);
        let mut listed = Vec::new();
        gen.moves(|r, t| listed.push((r, t)));
        let routes = listed.iter().map(|(r, _)| *r).collect::<Vec<_>>();
        let want = expected.iter().map(|m| m.route).collect::<Vec<_>>();
        assert_eq!(routes, want, "{cols:?} {side:?}");
        assert_eq!(gen.count(), expected.len(), "{cols:?} {side:?}");
        let origins = gen.capturers();
        assert_eq!(gen.count_from(origins), expected.len(), "{cols:?} {side:?}");
        let mut made = Vec::new();
        if !origins.is_empty() {
            pieces.capture_identities(policy, side, origins, |t| made.push(t));
        }
        assert_eq!(made.len(), expected.len(), "{cols:?} {side:?}");
        for ((r, t), m) in listed.iter().zip(&expected) {
            assert!(made.contains(t), "{cols:?} {r:?}");
            assert_eq!(*t, pieces.trace::<P>(side, r), "{cols:?} {r:?}");
            let to = m.after.get(r.destination());
            assert_eq!(t.crowned, to.top_is_king(), "{cols:?} {r:?}");
            let mut after = pieces;
            CaptureGenerator::apply(policy, &mut after, side, r);
            assert_eq!(after.to_columns(), m.after, "{cols:?} {r:?}");
            assert_eq!(after.hash(), after.full_hash(), "{cols:?} {r:?}");
            let taken = CaptureGenerator::taken(policy, &pieces, side, r);
            assert_eq!(taken.to_vec(), m.taken, "{cols:?} {r:?}");
        }
        let mut all = Vec::new();
        gen.all_routes(|r, h| all.push((r, h)));
        let every = reference::routes(policy, cols, side);
        let hashes = every.iter().map(|m| (m.route, m.after.full_hash()));
        assert_eq!(all, hashes.collect::<Vec<_>>(), "{cols:?} {side:?}");
        expected.iter().map(|m| m.taken.len()).sum()
    }

    /// Emergo's capture rules, every direction of the board.
    struct EmergoLike;

    impl CapturePolicy for EmergoLike {
        type Taking = <crate::games::emergo::EmergoCapture as CapturePolicy>::Taking;
        const RULES: CaptureRules = crate::games::emergo::EmergoCapture::RULES;
        fn directions(&self, _commander: Man) -> DirectionSet {
            DirectionSet(0xff)
        }
        fn leap(&self, _commander: Man) -> Leap {
            Leap::Short
        }
    }

    /// Men that fly as kings do, taking the pieces when the move ends, under the
    /// promotion rule `P` (as [`Promoting`]): no ruleset has them, and a man may reach
    /// his far row in the middle of a flying leap.
    struct FlyingMen<const P: u8>;

    impl<const P: u8> CapturePolicy for FlyingMen<P> {
        type Taking = Removed;
        const RULES: CaptureRules = Promoting::<P>::RULES;
        fn directions(&self, _commander: Man) -> DirectionSet {
            DirectionSet(0b1111)
        }
        fn leap(&self, _commander: Man) -> Leap {
            Leap::Flying
        }
    }

    /// A check of the traversal on [`Pieces`], as [`on_pieces_as_the_reference`].
    type OnPieces<B, P> = fn(&P, &Columns<B>, Color) -> usize;

    /// `positions` random positions on `B` (columns up to `height` men; kings when
    /// `kings`), both sides to move, against the reference; on [`Pieces`] too when
    /// `pieces` (then `height` is 1). Answers the number of jumps compared.
    fn check<B: Board, P: CapturePolicy>(
        policy: &P,
        kings: bool,
        height: usize,
        seed: u64,
        positions: usize,
        pieces: Option<OnPieces<B, P>>,
    ) -> usize {
        let mut rng = SplitMix64::new(seed);
        let mut jumps = 0;
        for _ in 0..positions {
            let cols = random_board::<B>(&mut rng, kings, height);
            for side in Color::ALL {
                jumps += as_the_reference(policy, &cols, side);
                if let Some(on_pieces) = pieces {
                    assert_eq!(
                        on_pieces(policy, &cols, side),
                        jumps_of(policy, &cols, side)
                    );
                }
            }
        }
        jumps
    }

    fn jumps_of<B: Board, P: CapturePolicy>(policy: &P, cols: &Columns<B>, side: Color) -> usize {
        reference::moves(policy, cols, side)
            .iter()
            .map(|m| m.taken.len())
            .sum()
    }

    /// Each ruleset's capture rules on its board (and rules of no ruleset that the
    /// engine allows): the one traversal on columns, and on bitboards where the pieces
    /// taken leave the board when the move ends, finds the reference's moves in its
    /// order, with their positions.
    #[test]
    fn the_traversal_finds_the_references_moves() {
        use crate::games::bashni::BashniRules;
        use crate::games::dameo::DameoRules;
        use crate::games::draughts::{BrazilianRules, InternationalRules, RussianRules};
        use crate::games::lasca::LascaRules;
        use crate::games::stapeldammen::StapeldammenRules;
        let jumps = [
            check::<Oblique9, _>(&EmergoLike, false, 3, 1, 150, None),
            check::<Hex37, _>(&EmergoLike, false, 3, 2, 150, None),
            check::<Dark7, _>(&LascaRules::<false>, true, 3, 3, 150, None),
            check::<Dark7, _>(&LascaRules::<true>, true, 3, 4, 150, None),
            check::<Dark8, _>(&BashniRules::<false>, true, 3, 5, 150, None),
            check::<Dark8, _>(&BashniRules::<true>, true, 3, 6, 150, None),
            check::<Dark10, _>(&StapeldammenRules, false, 3, 7, 100, None),
            check::<Dark8, _>(
                &RussianRules,
                true,
                1,
                8,
                150,
                Some(on_pieces_as_the_reference),
            ),
            check::<Dark8, _>(
                &BrazilianRules,
                true,
                1,
                9,
                150,
                Some(on_pieces_as_the_reference),
            ),
            check::<Dark10, _>(
                &InternationalRules,
                true,
                1,
                10,
                100,
                Some(on_pieces_as_the_reference),
            ),
            check::<Grid8x8, _>(
                &DameoRules,
                true,
                1,
                11,
                150,
                Some(on_pieces_as_the_reference),
            ),
            check::<Dark8, _>(
                &FlyingMen::<1>,
                true,
                1,
                12,
                100,
                Some(on_pieces_as_the_reference),
            ),
            check::<Dark8, _>(
                &FlyingMen::<2>,
                true,
                1,
                13,
                100,
                Some(on_pieces_as_the_reference),
            ),
            check::<Dark8, _>(
                &FlyingMen::<3>,
                true,
                1,
                14,
                100,
                Some(on_pieces_as_the_reference),
            ),
            check::<Grid8x8, _>(&AllWays(Leap::Flying), true, 2, 15, 100, None),
            check::<Dark8, _>(&Forward, true, 2, 16, 100, None),
            check::<Dark8, _>(&Promoting::<1>, true, 2, 17, 100, None),
            check::<Dark8, _>(&Promoting::<2>, true, 2, 18, 100, None),
            check::<Dark8, _>(&Promoting::<3>, true, 2, 19, 100, None),
        ];
        // every one compared captures, many of more than one jump
        for (i, n) in jumps.iter().enumerate() {
            assert!(*n > 100, "rules {i}: {n} jumps");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// On any position, under any ruleset's capture rules: the moves are the
        /// reference's, in its order; no two listed moves from one square lead to one
        /// position; each keeps the hash in step; under prisoners no man leaves the
        /// board, under removal each jump takes one piece off it.
        #[test]
        fn the_traversal_is_the_reference_anywhere(seed: u64, rules in 0..5usize) {
            use crate::games::bashni::BashniRules;
            use crate::games::draughts::InternationalRules;
            use crate::games::lasca::LascaRules;
            let mut rng = SplitMix64::new(seed);
            match rules {
                0 => invariants(&LascaRules::<true>, &random_board::<Dark7>(&mut rng, true, 4)),
                1 => invariants(&BashniRules::<false>, &random_board::<Dark8>(&mut rng, true, 4)),
                2 => invariants(&EmergoLike, &random_board::<Oblique9>(&mut rng, false, 4)),
                3 => invariants(&InternationalRules, &random_board::<Dark10>(&mut rng, true, 1)),
                _ => invariants(&FlyingMen::<2>, &random_board::<Dark8>(&mut rng, true, 1)),
            }
        }
    }

    /// The invariants of [`the_traversal_is_the_reference_anywhere`] on `cols`.
    fn invariants<B: Board, P: CapturePolicy>(policy: &P, cols: &Columns<B>) {
        for side in Color::ALL {
            as_the_reference(policy, cols, side);
            let gen = CaptureGenerator::new(policy, cols, side);
            let mut moves: Vec<(Route, Columns<B>)> = Vec::new();
            gen.routes(|r| {
                let mut after = *cols;
                CaptureGenerator::apply(policy, &mut after, side, &r);
                moves.push((r, after));
            });
            for (i, (r, after)) in moves.iter().enumerate() {
                for (q, other) in &moves[..i] {
                    assert!(q.origin() != r.origin() || other != after, "{cols:?} {r:?}");
                }
                assert_eq!(after.hash(), after.full_hash());
                let men = |c: &Columns<B>| Color::ALL.map(|k| c.men(k));
                let (before, now) = (men(cols), men(after));
                if P::PRISONERS {
                    assert_eq!(before, now, "{cols:?} {r:?}");
                } else {
                    let taken = before[(!side).index()] - now[(!side).index()];
                    assert_eq!((before[side.index()], taken), (now[side.index()], r.len()));
                }
            }
        }
    }
}
