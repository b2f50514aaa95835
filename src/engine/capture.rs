//! Captures: the rules a ruleset states as facts ([`CaptureRules`], the
//! [`TakingRule`] and a [`CapturePolicy`]), and the one capture traversal that finds
//! every capture of a side under them ([`CaptureGenerator`]), with move identity (one
//! move per origin and resulting position) and the majority rule applied.

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
    /// them are kept as [`Pieces`](crate::custom::Pieces).
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

/// A board the capture traversal searches: [`Columns`](crate::custom::Columns)
/// or [`Pieces`](crate::custom::Pieces). The crate implements it for those
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
        /// Whether the traversal finds a short leap's victim and landing by the board's
        /// constant shifts (where they are cheap) rather than the neighbour table: the
        /// faster of the two on this storage, by measure (the shifts on columns, the
        /// table's fewer instructions on bitboards).
        const SHIFT_LEAPS: bool = false;
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
///
/// The traversal is depth-first over routes with make/undo, written once and generic
/// over the board it searches ([`CaptureStorage`]): a column per square
/// ([`Columns`](crate::custom::Columns), the column games) or single pieces on
/// bitboards ([`Pieces`](crate::custom::Pieces), the removal games, where a
/// route's move is its origin, destination, pieces taken and crowning). The policy
/// decides which directions a column may capture in (by its commander), short or
/// flying leaps, whether the jumped man becomes a prisoner or leaves the board,
/// whether that happens at once or when the move ends, whether a column may be jumped
/// again, whether a 180° turn is allowed, whether the longest capture is compulsory,
/// and how promotion works during a capture. Where a storage can answer without the
/// search it does, behind the same methods: first jumps found on whole bitboards
/// ([`capturers`](Self::capturers)), and on [`Pieces`](crate::custom::Pieces) the
/// single jumps of men counted and listed on whole sets.
///
/// Epaminondas' phalanx captures are not jumps (a group's head lands on an enemy line
/// shorter than the group and the line leaves the board, in one step, with no route
/// to search), so they are that game's own and not this traversal's.
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
pub(crate) fn same_ends(a: &Route, b: &Route) -> bool {
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
mod tests {
    use super::*;

    const RULES: CaptureRules = CaptureRules {
        rejump: Rejump::Never,
        reversal: None,
        majority: Majority::FreeChoice,
        promotion: CapturePromotion::Never,
    };

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
}
