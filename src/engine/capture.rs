//! The capture generator: every capture route of a side under a ruleset's
//! [`CapturePolicy`], with move identity (one move per origin and
//! resulting position) and the majority rule applied.
//!
//! The search is depth-first over routes with make/undo on a scratch copy of the
//! [`Columns`]. The policy decides which directions a column may capture in (by its
//! commander), short or flying leaps, whether the jumped man becomes a prisoner or
//! leaves the board, whether that happens at once or when the move ends, whether a
//! column may be jumped again, whether a 180° turn is allowed, whether the longest
//! capture is compulsory, and how promotion works during a capture.

use crate::engine::board::{Board, Geometry};
use crate::engine::color::Color;
use crate::engine::columns::Columns;
use crate::engine::moves::Route;
use crate::engine::square::each_direction;
use crate::engine::square::{Direction, DirectionSet, Square, SquareSet};
use crate::engine::stack::{Man, Rank, Stack};
use smallvec::SmallVec;

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
    /// The one place the rule is decided; both capture searches ask
    /// [`CaptureRules::reversal_in_force`] first.
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
    /// `best` (0 before the first): the one place the majority rule is decided, for
    /// both capture searches.
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
    /// the rule is decided, for both capture searches, playing a route and counting.
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

/// The constant part of a ruleset's capture rules, as data: a ruleset declares one as
/// [`CapturePolicy::RULES`], in a few lines.
///
/// ```
/// use column_checkers::engine::capture::{CapturePromotion, CaptureRules, Majority, Rejump, Reversal, Taking, Transfer};
///
/// // Emergo: prisoners taken jump by jump, roundabouts, no 180° turn, most men
/// const EMERGO: CaptureRules = CaptureRules {
///     taking: Taking::Prisoner,
///     transfer: Transfer::Immediate,
///     rejump: Rejump::WhileEnemyTopped,
///     reversal: Some(Reversal::AnyTurnBack),
///     majority: Majority::MostCaptures,
///     promotion: CapturePromotion::Never,
/// };
/// assert_eq!(EMERGO.promotion, CapturePromotion::Never);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CaptureRules {
    /// What happens to the man taken.
    pub taking: Taking,
    /// When it happens.
    pub transfer: Transfer,
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
    /// Whether these are the rules of a removal game's captures: the pieces taken
    /// leave the board ([`Taking::Removed`]) when the move ends
    /// ([`Transfer::EndOfMove`]). Such captures are found on bitboards alone
    /// ([`removal`](crate::engine::removal)), and positions of single pieces under
    /// them may be kept as [`Pieces`](crate::engine::pieces::Pieces).
    ///
    /// ```
    /// use column_checkers::engine::capture::CapturePolicy;
    /// use column_checkers::games::draughts::InternationalRules;
    /// use column_checkers::games::lasca::LascaRules;
    /// assert!(InternationalRules::RULES.removes_at_end());
    /// assert!(!LascaRules::<false, false>::RULES.removes_at_end());
    /// ```
    #[inline]
    pub const fn removes_at_end(&self) -> bool {
        matches!(self.taking, Taking::Removed) && matches!(self.transfer, Transfer::EndOfMove)
    }

    /// Whether a column jumped once may be jumped again in the same move: under
    /// [`Rejump::WhileEnemyTopped`] with the men taken at once; a column jumped under
    /// [`Transfer::EndOfMove`] keeps its man until the move ends and is never jumped
    /// twice.
    #[inline(always)]
    pub(crate) const fn rejumps(&self) -> bool {
        matches!(self.rejump, Rejump::WhileEnemyTopped)
            && matches!(self.transfer, Transfer::Immediate)
    }

    /// The 180° rule where it can bar a jump: [`reversal`](Self::reversal) when the
    /// men are taken at once, `None` when they are taken at the end of the move — the
    /// way straight back then meets the column just jumped first, which stands until
    /// the move ends and may not be jumped twice, so no rule is needed. Both capture
    /// searches read the rule here (the removal games' search never needs it).
    #[inline(always)]
    pub(crate) const fn reversal_in_force(&self) -> Option<Reversal> {
        match self.transfer {
            Transfer::Immediate => self.reversal,
            Transfer::EndOfMove => None,
        }
    }

    /// The squares where a man of `color` is promoted on the board `g`: its far row, or
    /// none when the rules have no promotion.
    ///
    /// ```
    /// use column_checkers::Color;
    /// use column_checkers::engine::board::Board;
    /// use column_checkers::engine::capture::{CaptureRules, CapturePromotion, Majority, Rejump, Taking, Transfer};
    /// use column_checkers::engine::shapes::dark::Dark8;
    ///
    /// let russian = CaptureRules {
    ///     taking: Taking::Removed,
    ///     transfer: Transfer::EndOfMove,
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
    /// use column_checkers::engine::board::Board;
    /// use column_checkers::engine::capture::CapturePolicy;
    /// use column_checkers::games::draughts::RussianRules;
    /// use column_checkers::engine::shapes::dark::Dark8;
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
/// The constant part is data ([`RULES`](Self::RULES)); the parts that depend on the
/// commander of the capturing column are code.
///
/// The methods are called on hot paths: implement them with constants or plain field
/// reads so they inline.
pub trait CapturePolicy {
    /// The rules that do not depend on the capturing column.
    const RULES: CaptureRules;
    /// The directions in which a column led by `commander` may capture.
    fn directions(&self, commander: Man) -> DirectionSet;
    /// How a column led by `commander` leaps.
    fn leap(&self, commander: Man) -> Leap;
}

/// Up to this many routes are kept without allocating.
type Found = SmallVec<[Route; 8]>;

/// The capture search of one side in one position. Build it with
/// [`CaptureGenerator::new`] and ask for [`routes`](Self::routes),
/// [`count`](Self::count) or [`exists`](Self::exists).
pub struct CaptureGenerator<'p, B: Board, P: CapturePolicy + ?Sized> {
    geometry: &'static Geometry,
    policy: &'p P,
    original: &'p Columns<B>,
    side: Color,
}

impl<'p, B: Board, P: CapturePolicy + ?Sized> CaptureGenerator<'p, B, P> {
    /// A generator for the captures of `side` on `columns` under `policy`.
    pub fn new(policy: &'p P, columns: &'p Columns<B>, side: Color) -> Self {
        CaptureGenerator {
            geometry: B::geometry(),
            policy,
            original: columns,
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
    /// found. Short-leaping columns are found with bitboard shifts on boards where
    /// shifts are cheap, other columns square by square.
    #[inline(always)]
    fn first_jumpers(&self, any: bool) -> SquareSet {
        let cols = self.original;
        first_jumpers::<B, P>(
            self.policy,
            self.side,
            [cols.owned(self.side), cols.owned(!self.side)],
            cols.kings(),
            any,
        )
    }

    /// The number of capture moves (after move identity and the majority rule).
    pub fn count(&self) -> usize {
        let mut found = Found::new();
        self.search(true, &mut found);
        found.len()
    }

    /// Calls `out` with each capture move's route (after move identity and the majority
    /// rule), in a deterministic order: by origin square, then in the order found.
    pub fn routes(&self, mut out: impl FnMut(Route)) {
        let mut found = Found::new();
        self.search(true, &mut found);
        for &r in &found {
            out(r);
        }
    }

    /// Calls `out` with every maximal route, one per path — also routes that move identity
    /// merges into one move — after the majority rule — and the Zobrist hash of the
    /// position the route leads to (the route is played on a copy to get it, so this is
    /// slower than [`routes`](Self::routes)). Used to accept any route of a move.
    pub fn all_routes(&self, mut out: impl FnMut(Route, u64)) {
        let mut found = Found::new();
        self.search(false, &mut found);
        for r in &found {
            let mut after = *self.original;
            apply_route(self.geometry, self.policy, &mut after, self.side, r);
            out(*r, after.hash());
        }
    }

    /// Calls `out(listed, route)` for every maximal route (every path, also those that
    /// move identity merges into one move), with `listed` the route [`routes`](Self::routes)
    /// lists for the same move: same origin, same position after it. This is how a
    /// move may be named by any of its routes (move texts, clicks).
    pub fn route_classes(&self, out: impl FnMut(&Route, &Route)) {
        let mut listed = Found::new();
        self.search(true, &mut listed);
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
        let mut all = Found::new();
        self.search(false, &mut all);
        let g = self.geometry;
        for r in &all {
            let same = |l: &Route| {
                l == r || {
                    let mut a = *self.original;
                    let mut b = *self.original;
                    apply_route(g, self.policy, &mut a, self.side, l);
                    apply_route(g, self.policy, &mut b, self.side, r);
                    a == b
                }
            };
            if let Some(l) = listed.clone().find(|l| same_ends(l, r) && same(l)) {
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
    pub fn taken(
        policy: &P,
        columns: &Columns<B>,
        side: Color,
        route: &Route,
    ) -> SmallVec<[Square; 8]> {
        let mut cols = *columns;
        let mut out = SmallVec::new();
        trace_route(B::geometry(), policy, &mut cols, side, route, |x| {
            out.push(x)
        });
        out
    }

    /// Fills the empty `found` with the capture routes. Inlined: most positions have
    /// no capture, and their callers see that after the first jumps alone.
    #[inline]
    fn search(&self, merge: bool, found: &mut Found) {
        let origins = self.capturers();
        if !origins.is_empty() {
            self.search_from(origins, merge, found);
        }
    }

    /// [`search`](Self::search) from the columns on `origins`, the capturers.
    fn search_from(&self, origins: SquareSet, merge: bool, found: &mut Found) {
        let mut s = Search {
            g: self.geometry,
            policy: self.policy,
            cols: Scratch::new(self.original),
            side: self.side,
            carrier: Stack::EMPTY,
            commander: Man::new(self.side),
            route: Route::new(Square(0)),
            jumped: SquareSet::EMPTY,
            last_dir: None,
            last_victim: None,
            best: 0,
            promo: P::RULES.promotion_squares(self.geometry, self.side),
            found,
        };
        for origin in origins {
            s.carrier = s.cols.lift(origin);
            if P::RULES.promotion == CapturePromotion::Never {
                s.commander = s.carrier.top().expect("an origin is occupied");
            }
            s.route = Route::new(origin);
            s.search(origin);
            s.cols.put_back();
        }
        if merge {
            dedupe(self.policy, self.original, self.side, s.found);
        }
    }

    /// Plays `route` for `side` on `columns`: the captured men are taken, the
    /// capturer lands on the route's end, promotion is applied. The route is trusted
    /// (it must come from this generator with the same policy and position).
    pub fn apply(policy: &P, columns: &mut Columns<B>, side: Color, route: &Route) {
        apply_route(B::geometry(), policy, columns, side, route);
    }
}

/// The squares of `side`'s pieces that have a first jump, on bitboards: `owned` holds
/// the squares of `side`'s columns and of its opponent's, `kings` those whose
/// commander is a king (either side). With `any`, only the first one found.
/// Short-leaping columns are found with set shifts on boards where shifts are cheap,
/// other columns square by square. Shared by [`CaptureGenerator`] and the removal
/// games' generator ([`removal`](crate::engine::removal)).
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
            Leap::Flying => first_victim(g, occupied, leap, sq, d, sq)
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
/// earlier one (move identity). Only routes that also end on the same square can (the
/// capturer's column stands there after one, and the square is vacant or an enemy's
/// after the other), and those are played to compare the positions.
fn dedupe<B: Board, P: CapturePolicy + ?Sized>(
    policy: &P,
    original: &Columns<B>,
    side: Color,
    found: &mut Found,
) {
    let g = B::geometry();
    let mut i = 1;
    while i < found.len() {
        let ri = found[i];
        let dup = found[..i].iter().any(|rj| {
            same_ends(rj, &ri) && {
                let mut a = *original;
                let mut b = *original;
                apply_route(g, policy, &mut a, side, &ri);
                apply_route(g, policy, &mut b, side, rj);
                a == b
            }
        });
        if dup {
            found.remove(i);
        } else {
            i += 1;
        }
    }
}

/// Whether two routes start on one square and end on one square: necessary for them
/// to be one move (move identity).
#[inline]
fn same_ends(a: &Route, b: &Route) -> bool {
    a.origin() == b.origin() && a.destination() == b.destination()
}

/// From `at`, going in direction `d` (passing over `origin`, which is vacated during a
/// capture, and over vacant squares when flying): the first occupied square and the
/// square just beyond it if that one is vacant. `occupied` is the set of occupied
/// squares.
#[inline(always)]
fn first_victim(
    g: &Geometry,
    occupied: SquareSet,
    leap: Leap,
    at: Square,
    d: Direction,
    origin: Square,
) -> Option<(Square, Option<Square>)> {
    let empty = |s: Square| s == origin || !occupied.contains(s);
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

/// The columns as the capture search sees them: the position's columns, read through,
/// with the few squares the search has changed (the lifted capturer, columns that
/// lost their top man at once) kept aside, and the occupied squares kept in step.
/// Cheaper than copying the whole board.
struct Scratch<'p, B: Board> {
    base: &'p Columns<B>,
    /// Squares whose column differs from `base` (or did: the entry stays when a column
    /// is put back).
    patched: SquareSet,
    patches: SmallVec<[(Square, Stack); 8]>,
    /// The capturer's origin, vacant during the search.
    lifted: Square,
    occupied: SquareSet,
    /// The squares of the columns each colour owns (the origin included).
    owned: [SquareSet; 2],
}

impl<'p, B: Board> Scratch<'p, B> {
    #[inline]
    fn new(base: &'p Columns<B>) -> Self {
        Scratch {
            base,
            patched: SquareSet::EMPTY,
            patches: SmallVec::new(),
            lifted: Square(u8::MAX),
            occupied: base.occupied(),
            owned: [base.owned(Color::White), base.owned(Color::Black)],
        }
    }

    /// Lifts the column on `origin` (an occupied square the search never changed)
    /// and returns it.
    #[inline]
    fn lift(&mut self, origin: Square) -> Stack {
        let s = self.base.get(origin);
        self.lifted = origin;
        self.occupied.remove(origin);
        s
    }

    /// Puts the lifted column back.
    #[inline]
    fn put_back(&mut self) {
        self.occupied.insert(self.lifted);
        self.lifted = Square(u8::MAX);
    }

    /// The column on `sq` (not the lifted square) and the index of its patch, if the
    /// search changed it: one look-up for [`put`](Self::put) after it.
    #[inline]
    fn get_patch(&self, sq: Square) -> (Stack, Option<usize>) {
        if self.patched.contains(sq) {
            if let Some(i) = self.patches.iter().position(|p| p.0 == sq) {
                return (self.patches[i].1, Some(i));
            }
        }
        (self.base.get(sq), None)
    }

    /// What [`put`](Self::put) changes besides the patches.
    #[inline]
    fn marks(&self) -> Marks {
        Marks {
            occupied: self.occupied,
            owned: self.owned,
        }
    }

    /// Replaces `old`, the column on `sq` (not the lifted square) with its patch
    /// `patch` from [`get_patch`](Self::get_patch), with `stack`; returns the index of
    /// the patch of `sq` now.
    #[inline]
    fn put(&mut self, sq: Square, patch: Option<usize>, stack: Stack) -> usize {
        self.occupied.set(sq, !stack.is_empty());
        self.owned[0].remove(sq);
        self.owned[1].remove(sq);
        if let Some(o) = stack.owner() {
            self.owned[o.index()].insert(sq);
        }
        match patch {
            Some(i) => {
                self.patches[i].1 = stack;
                i
            }
            None => {
                self.patched.insert(sq);
                self.patches.push((sq, stack));
                self.patches.len() - 1
            }
        }
    }

    /// Undoes a [`put`](Self::put) that returned `patch`: its column is `old` again
    /// and the marks are those taken before it.
    #[inline]
    fn unput(&mut self, marks: Marks, patch: usize, old: Stack) {
        self.occupied = marks.occupied;
        self.owned = marks.owned;
        self.patches[patch].1 = old;
    }
}

/// The occupied squares and owners of a [`Scratch`], kept to put back.
#[derive(Clone, Copy)]
struct Marks {
    occupied: SquareSet,
    owned: [SquareSet; 2],
}

struct Search<'a, 'p, B: Board, P: CapturePolicy + ?Sized> {
    g: &'static Geometry,
    policy: &'p P,
    cols: Scratch<'p, B>,
    side: Color,
    carrier: Stack,
    /// The carrier's top man when the move began: its commander throughout when
    /// there is no promotion during a capture (prisoners go under it).
    commander: Man,
    route: Route,
    jumped: SquareSet,
    last_dir: Option<Direction>,
    last_victim: Option<Square>,
    best: usize,
    /// The promotion squares of `side`.
    promo: SquareSet,
    found: &'a mut Found,
}

impl<B: Board, P: CapturePolicy + ?Sized> Search<'_, '_, B, P> {
    /// Whether the board's constant shifts move a single square in fewer operations
    /// than two look-ups in the neighbour table: one or two index amounts per
    /// direction (not the hexagon's three).
    const CHEAP_SHIFTS: bool = match B::SHIFTS {
        Some(s) => s.amounts() <= 2,
        None => false,
    };

    /// Whether the column on `x` may be jumped now.
    #[inline]
    fn jumpable(&self, x: Square) -> bool {
        self.cols.owned[(!self.side).index()].contains(x)
            && (P::RULES.rejumps() || !self.jumped.contains(x))
    }

    /// Tries every jump from `at`; returns whether there was one.
    fn search(&mut self, at: Square) -> bool {
        let man = if P::RULES.promotion == CapturePromotion::Never {
            self.commander
        } else {
            self.carrier.top().expect("carrier is not empty")
        };
        let mut dirs = self.policy.directions(man);
        // the direction straight back, when only a jump over the column just jumped
        // is barred in it
        let mut back = None;
        if let (Some(reversal), Some(last)) = (P::RULES.reversal_in_force(), self.last_dir) {
            (dirs, back) = reversal.after_jump(dirs, self.g.opposite(last));
        }
        let leap = self.policy.leap(man);
        if leap == Leap::Short && Self::CHEAP_SHIFTS {
            return self.search_short(at, dirs, back);
        }
        let mut any = false;
        for d in dirs.iter() {
            // the capturer's own origin is vacant during the move (the carrier is
            // lifted), so it is already empty in `cols`
            let Some((x, Some(first))) =
                first_victim(self.g, self.cols.occupied, leap, at, d, Square(u8::MAX))
            else {
                continue;
            };
            if !self.jumpable(x) || (back == Some(d) && self.last_victim == Some(x)) {
                continue;
            }
            any = true;
            self.jump(d, x, first, leap);
        }
        any
    }

    /// [`search`](Self::search) for a column that leaps short, on a board with
    /// cheap constant [`Board::SHIFTS`] ([`CHEAP_SHIFTS`](Self::CHEAP_SHIFTS)): each direction's victim and landing by two shifts
    /// of `at` (constants for each direction), in the same order as `search` tries
    /// them.
    #[inline(always)]
    fn search_short(&mut self, at: Square, dirs: DirectionSet, back: Option<Direction>) -> bool {
        let mut enemy = self.cols.owned[(!self.side).index()];
        if !P::RULES.rejumps() {
            enemy -= self.jumped;
        }
        let vacant = B::all() - self.cols.occupied;
        let from = SquareSet::from_square(at);
        let mut any = false;
        each_direction!(dirs, d, 'next, {
            let x = B::shift(from, d) & enemy;
            if x.is_empty() {
                break 'next;
            }
            let first = B::shift(x, d) & vacant;
            if first.is_empty() {
                break 'next;
            }
            let x = Square(x.0.trailing_zeros() as u8);
            if back == Some(d) && self.last_victim == Some(x) {
                break 'next;
            }
            any = true;
            self.jump(d, x, Square(first.0.trailing_zeros() as u8), Leap::Short);
        });
        any
    }

    fn jump(&mut self, d: Direction, x: Square, first: Square, leap: Leap) {
        // take
        let immediate = P::RULES.transfer == Transfer::Immediate;
        let was_jumped = self.jumped.contains(x);
        self.jumped.insert(x);
        // the victim's column before, and how to put it back
        let mut undo = (Stack::EMPTY, self.cols.marks(), 0);
        if immediate {
            let (before, patch) = self.cols.get_patch(x);
            let mut rest = before;
            let taken = rest.pop_top().expect("victim is not empty");
            undo = (before, undo.1, self.cols.put(x, patch, rest));
            if P::RULES.taking == Taking::Prisoner {
                self.carrier.push_bottom(taken);
            }
        }
        let saved_dir = self.last_dir;
        let saved_victim = self.last_victim;
        self.last_dir = Some(d);
        self.last_victim = Some(x);

        // landings: `first`, then (flying) the vacant squares beyond it
        let next = |s: &Self, t: Square| {
            if leap == Leap::Flying {
                s.g.neighbour(t, d)
                    .filter(|&n| !s.cols.occupied.contains(n))
            } else {
                None
            }
        };
        let mut continued = false;
        let promotion = P::RULES.promotion;
        let mut landing = Some(first);
        while let Some(l) = landing {
            self.route.push(l);
            let promotes = !self.carrier.top_is_king() && self.promo.contains(l);
            match promotes.then(|| promotion.on_promotion_square()) {
                // crowned there: the route ends (a leaf records the route alone; the
                // crowning is played by `trace_route`)
                Some(Crowning::CrownedAndStops) => {
                    self.leaf(l);
                    continued = true;
                }
                Some(Crowning::CrownedAndGoesOn) => {
                    let keep = self.carrier;
                    self.carrier.promote_top();
                    continued |= self.search(l);
                    self.carrier = keep;
                }
                _ => continued |= self.search(l),
            }
            self.route.pop();
            landing = next(self, l);
        }
        if !continued {
            let mut landing = Some(first);
            while let Some(l) = landing {
                self.route.push(l);
                self.leaf(l);
                self.route.pop();
                landing = next(self, l);
            }
        }

        // undo
        self.last_dir = saved_dir;
        self.last_victim = saved_victim;
        if immediate {
            if P::RULES.taking == Taking::Prisoner {
                self.carrier.pop_bottom();
            }
            let (before, marks, patch) = undo;
            self.cols.unput(marks, patch, before);
        }
        if !was_jumped {
            self.jumped.remove(x);
        }
    }

    /// Records the route as it stands, ending on `at`. The route alone is kept: what
    /// it takes and whom it crowns is played by [`trace_route`] (the carrier's
    /// crowning during the search only decides how it goes on capturing).
    fn leaf(&mut self, at: Square) {
        let n = self.route.len();
        match P::RULES.majority.verdict(n, self.best) {
            Verdict::Drop => return,
            Verdict::Replace => {
                self.best = n;
                self.found.clear();
            }
            Verdict::Keep => {}
        }
        debug_assert_eq!(self.route.destination(), at);
        self.found.push(self.route);
    }
}

/// Plays a route on real columns (see [`CaptureGenerator::apply`]).
#[inline]
fn apply_route<B: Board, P: CapturePolicy + ?Sized>(
    g: &Geometry,
    policy: &P,
    cols: &mut Columns<B>,
    side: Color,
    route: &Route,
) {
    trace_route(g, policy, cols, side, route, |_| {});
}

/// Plays a route on real columns, calling `on_take` with the square of each jumped
/// column, in order.
fn trace_route<B: Board, P: CapturePolicy + ?Sized>(
    g: &Geometry,
    _policy: &P,
    cols: &mut Columns<B>,
    side: Color,
    route: &Route,
    mut on_take: impl FnMut(Square),
) {
    let mut carrier = cols.take(route.origin());
    let mut at = route.origin();
    let mut pending: SmallVec<[Square; 16]> = SmallVec::new();
    let promo_squares = P::RULES.promotion_squares(g, side);
    let promotion = P::RULES.promotion;
    for &l in route.landings() {
        // a leap of two steps (every short leap) jumps the square in between
        let short = g.two_step_direction(at, l).and_then(|d| g.neighbour(at, d));
        let x = match short {
            Some(n) => n,
            None => {
                let (d, _) = g.line_between(at, l).expect("route squares are on a line");
                g.ray(at, d)
                    .find(|&s| !cols.get(s).is_empty())
                    .expect("a jumped column on the way")
            }
        };
        on_take(x);
        match P::RULES.transfer {
            Transfer::Immediate => {
                let taken = cols.take_top(x).expect("victim");
                if P::RULES.taking == Taking::Prisoner {
                    carrier.push_bottom(taken);
                }
            }
            Transfer::EndOfMove => pending.push(x),
        }
        if promotion.on_promotion_square() == Crowning::CrownedAndGoesOn
            && !carrier.top_is_king()
            && promo_squares.contains(l)
        {
            carrier.promote_top();
        }
        at = l;
    }
    for x in pending {
        let taken = cols.take_top(x).expect("victim");
        if P::RULES.taking == Taking::Prisoner {
            carrier.push_bottom(taken);
        }
    }
    if promotion.crowns_at_end()
        && promo_squares.contains(at)
        && carrier.top().is_some_and(|m| m.rank == Rank::Man)
    {
        carrier.promote_top();
    }
    cols.put_on_vacant(at, carrier);
}

/// The first jumps of both sides at once, on bitboards, for rulesets whose columns
/// leap short: whether each colour can capture, and on which vacant squares a column
/// of each colour, were one put there, could be jumped at once (the squares an entry
/// would *feed* in Emergo). Three set shifts per direction serve both sides, where
/// [`CaptureGenerator::exists`] for each side and a separate scan for the exposed
/// squares take six or more.
///
/// ```
/// use column_checkers::engine::capture::FirstJumps;
/// use column_checkers::Color;
/// use column_checkers::engine::board::Board;
/// use column_checkers::engine::capture::{CapturePolicy, CapturePromotion, CaptureRules, Leap, Majority, Rejump, Taking, Transfer};
/// use column_checkers::engine::columns::Columns;
/// use column_checkers::engine::shapes::grid::Grid8x8;
/// use column_checkers::engine::square::DirectionSet;
/// use column_checkers::engine::stack::{Man, Stack};
///
/// /// Short jumps in all eight directions of the grid.
/// struct AllWays;
/// impl CapturePolicy for AllWays {
///     const RULES: CaptureRules = CaptureRules {
///         taking: Taking::Prisoner,
///         transfer: Transfer::Immediate,
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
    /// The first jumps on `columns` under `policy`; `None` when a column of either
    /// side leaps flying (use [`CaptureGenerator`] then).
    #[inline]
    pub fn new<B: Board, P: CapturePolicy + ?Sized>(
        policy: &P,
        columns: &Columns<B>,
    ) -> Option<FirstJumps> {
        let owned = [columns.owned(Color::White), columns.owned(Color::Black)];
        let kings = columns.kings();
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
    use crate::engine::shapes::dark::Dark8;
    use crate::engine::shapes::grid::Grid8x8;
    use crate::engine::shapes::hex::Hex37;
    use crate::games::emergo::Oblique9;
    use crate::tools::rng::SplitMix64;

    /// Short jumps in every direction of the board for men; kings as `king_leap`.
    struct AllWays(Leap);

    /// Men jump forward only, kings every way (short): directions that differ by
    /// colour and rank.
    struct Forward;

    const RULES: CaptureRules = CaptureRules {
        taking: Taking::Prisoner,
        transfer: Transfer::Immediate,
        rejump: Rejump::Never,
        reversal: None,
        majority: Majority::FreeChoice,
        promotion: CapturePromotion::Never,
    };

    impl CapturePolicy for AllWays {
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
        let mut cols = Columns::<B>::new();
        let sparse = 2 + rng.below(9);
        for sq in B::geometry().squares() {
            if rng.below(sparse) != 0 {
                continue;
            }
            let color = Color::from_index(rng.below(2));
            let man = if kings && rng.below(4) == 0 {
                Man::king(color)
            } else {
                Man::new(color)
            };
            let mut s = Stack::single(man);
            if rng.below(3) == 0 {
                s.push_bottom(Man::new(!color));
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
            const RULES: CaptureRules = CaptureRules {
                taking: Taking::Removed,
                transfer: Transfer::Immediate,
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

    /// A board with the geometry of `B` but no constant shifts: the capture search
    /// takes the neighbour-table path there, which the bitboard path must agree with.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    struct Tables<B>(core::marker::PhantomData<B>);

    impl<B: Board> Board for Tables<B> {
        fn geometry() -> &'static Geometry {
            B::geometry()
        }
    }

    /// The routes (listed and all) on `B` with its constant shifts and on the same
    /// columns without them.
    fn same_routes_without_shifts<B: Board, P: CapturePolicy>(policy: &P, kings: bool, seed: u64) {
        assert!(Search::<B, P>::CHEAP_SHIFTS && !Search::<Tables<B>, P>::CHEAP_SHIFTS);
        let mut rng = SplitMix64::new(seed);
        let mut jumps = 0;
        for _ in 0..300 {
            let cols = random_columns::<B>(&mut rng, kings);
            let mut plain = Columns::<Tables<B>>::new();
            for (sq, s) in cols.iter() {
                plain.set(sq, s);
            }
            for c in Color::ALL {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                CaptureGenerator::new(policy, &cols, c).routes(|r| a.push(r));
                CaptureGenerator::new(policy, &plain, c).routes(|r| b.push(r));
                assert_eq!(a, b, "{cols:?} {c:?}");
                // and the capturers, found by set shifts there and square by square here
                let origins = a.iter().map(|r| r.origin()).collect::<SquareSet>();
                assert_eq!(CaptureGenerator::new(policy, &cols, c).capturers(), origins);
                assert_eq!(
                    CaptureGenerator::new(policy, &plain, c).capturers(),
                    origins
                );
                let (mut a, mut b) = (Vec::new(), Vec::new());
                CaptureGenerator::new(policy, &cols, c).all_routes(|r, h| a.push((r, h)));
                CaptureGenerator::new(policy, &plain, c).all_routes(|r, h| b.push((r, h)));
                assert_eq!(a, b, "{cols:?} {c:?}");
                jumps += a.iter().map(|(r, _)| r.len()).sum::<usize>();
            }
        }
        assert!(jumps > 0, "captures were compared");
    }

    #[test]
    fn short_leaps_on_bitboards_are_the_table_search() {
        same_routes_without_shifts::<Oblique9, _>(&AllWays(Leap::Short), false, 21);
        same_routes_without_shifts::<Grid8x8, _>(&AllWays(Leap::Short), true, 22);
        same_routes_without_shifts::<Dark8, _>(&Forward, true, 23);
        // kings fly (the table path), men leap short (bitboards)
        same_routes_without_shifts::<Dark8, _>(&AllWays(Leap::Flying), true, 24);
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
        // (rules, removes at the end of the move, rejumps, the 180° rule in force)
        let (any, over) = (Some(Reversal::AnyTurnBack), Some(Reversal::OverJustJumped));
        let rulesets = [
            (InternationalRules::RULES, true, false, None),
            (RussianRules::RULES, true, false, None),
            (DameoRules::RULES, true, false, None),
            (LascaRules::<false, false>::RULES, false, false, None),
            (LascaRules::<true, false>::RULES, false, true, any),
            (BashniRules::<false>::RULES, false, true, over),
            // prisoners taken when the move ends: neither a removal nor a roundabout,
            // and the column just jumped bars the way back
            (BashniRules::<true>::RULES, false, false, None),
            (EmergoCapture::RULES, false, true, any),
            (StapeldammenRules::RULES, false, true, any),
        ];
        for (rules, removes, rejumps, reversal) in rulesets {
            assert_eq!(rules.removes_at_end(), removes, "{rules:?}");
            assert_eq!(rules.rejumps(), rejumps, "{rules:?}");
            assert_eq!(rules.reversal_in_force(), reversal, "{rules:?}");
        }
        // a 180° rule under men taken when the move ends is not needed
        let turning = CaptureRules {
            reversal: any,
            ..BashniRules::<true>::RULES
        };
        assert_eq!(turning.reversal_in_force(), None);
        // pieces removed at once, or roundabouts whose men go when the move ends: no
        // ruleset has them, the rules say what they would be
        let at_once = CaptureRules {
            transfer: Transfer::Immediate,
            ..InternationalRules::RULES
        };
        assert!(!at_once.removes_at_end() && !at_once.rejumps());
        let roundabout_at_end = CaptureRules {
            rejump: Rejump::WhileEnemyTopped,
            ..BashniRules::<true>::RULES
        };
        assert!(!roundabout_at_end.rejumps());
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
}
