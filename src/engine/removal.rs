//! The capture generator of the removal games on bitboards: for rulesets whose
//! pieces stand alone (no columns) and whose captured pieces leave the board when the
//! move ends ([`Taking::Removed`] with [`Transfer::EndOfMove`]: the classic draughts
//! games, Dameo). It finds the same moves as [`CaptureGenerator`], in the same order,
//! without reading or hashing a single column:
//!
//! - a jumped piece stays on the board until the move ends, so during the search the
//!   board is the position's occupied squares with the capturer's origin vacant, and
//!   the only state is the capturer's square, rank and the set of pieces taken so far;
//! - move identity (routes from one square to one position are one move) compares the
//!   identity `(origin, destination, pieces taken, promoted)`, which is exact when the
//!   taken pieces simply vanish: two routes lead to the same position exactly when
//!   they agree on it. The general generator plays the routes that share their ends
//!   and compares the columns they leave.
//!
//! The position chooses it from its rules (see
//! [`CheckersPosition`](crate::games::checkers::CheckersPosition)): no columns, and a policy that removes
//! the taken pieces when the move ends.
//!
//! [`CaptureGenerator`]: crate::engine::capture::CaptureGenerator
//! [`Taking::Removed`]: crate::engine::capture::Taking::Removed
//! [`Transfer::EndOfMove`]: crate::engine::capture::Transfer::EndOfMove

use crate::engine::board::{Board, Geometry};
use crate::engine::capture::{
    first_jumpers, group_jumpers, CapturePolicy, Crowning, Leap, Verdict,
};
use crate::engine::color::Color;
use crate::engine::moves::Route;
use crate::engine::square::each_direction;
use crate::engine::square::{Direction, DirectionSet, Square, SquareSet};
use crate::engine::stack::{Man, Rank};
use smallvec::SmallVec;

/// What a capture of a removal game does: enough to play it on bitboards and to tell
/// two routes of one move apart from two moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Taken {
    /// Where the capturer starts.
    pub from: Square,
    /// Where it ends.
    pub to: Square,
    /// The pieces it takes.
    pub pieces: SquareSet,
    /// Whether the capturer ends the move as a king (a king always does).
    pub crowned: bool,
}

/// The capture search of one side on bitboards: `own` and `enemy` are the squares of
/// each side's pieces, `kings` the squares of the kings (of both sides).
pub(crate) struct RemovalCaptures<'p, B: Board, P: CapturePolicy + ?Sized> {
    g: &'static Geometry,
    board: core::marker::PhantomData<B>,
    policy: &'p P,
    side: Color,
    own: SquareSet,
    enemy: SquareSet,
    kings: SquareSet,
    /// The squares of the pieces that have a first jump.
    origins: SquareSet,
}

/// The moves found so far: identities, and the routes when they are wanted.
struct Found<const ROUTES: bool> {
    taken: SmallVec<[Taken; 16]>,
    routes: SmallVec<[Route; 8]>,
    best: usize,
}

struct Walk<'a, P: CapturePolicy + ?Sized, const ROUTES: bool> {
    g: &'static Geometry,
    /// Directions and leap of a man (`[0]`) and of a king (`[1]`).
    moves: [(DirectionSet, Leap); 2],
    policy: &'a P,
    side: Color,
    enemy: SquareSet,
    /// Vacant squares, the capturer's origin included.
    empty: SquareSet,
    promo: SquareSet,
    from: Square,
    route: Route,
    found: &'a mut Found<ROUTES>,
}

impl<'p, B: Board, P: CapturePolicy + ?Sized> RemovalCaptures<'p, B, P> {
    /// The captures of `side` where `owned` holds the squares of its pieces and of
    /// the opponent's, and `kings` the kings' squares; `None` when it has none.
    #[inline]
    pub(crate) fn new(
        policy: &'p P,
        side: Color,
        owned: [SquareSet; 2],
        kings: SquareSet,
    ) -> Option<Self> {
        // the search's state is the capturer and the set taken: exact only where the
        // pieces taken stay until the move ends and then vanish (so the 180° rule
        // never bars a jump, see `CaptureRules::reversal_in_force`); `from_origins`
        // checks the rules at compile time
        let origins = first_jumpers::<B, P>(policy, side, owned, kings, false);
        if origins.is_empty() {
            return None;
        }
        Some(Self::from_origins(policy, side, owned, kings, origins))
    }

    /// The number of capture moves of `side` (move identity and the majority rule
    /// applied), with `owned` and `kings` as for [`new`](Self::new): 0 when it has
    /// none. When only men capture, and only by single jumps, the moves are counted
    /// on whole sets (see [`count_single_jumps`](Self::count_single_jumps)) without a
    /// search.
    #[inline]
    pub(crate) fn count_of(
        policy: &'p P,
        side: Color,
        owned: [SquareSet; 2],
        kings: SquareSet,
    ) -> usize {
        let man = Man::new(side);
        let [own, enemy] = owned;
        if policy.leap(man) == Leap::Short && !enemy.is_empty() {
            let vacant = B::all() - (own | enemy);
            let own_kings = own & kings;
            let king = Man::king(side);
            if own_kings.is_empty()
                || group_jumpers::<B, P>(policy, king, own_kings, enemy, vacant, true).is_empty()
            {
                let men = own - kings;
                if let Some(n) = count_single_jumps::<B, P>(policy, side, men, enemy, vacant) {
                    return n;
                }
            }
        }
        Self::new(policy, side, owned, kings).map_or(0, |c| c.count())
    }

    /// The captures of `side` from `origins`, the squares of its pieces that have a
    /// first jump ([`first_jumpers`]), where `owned` holds the squares of its pieces
    /// and of the opponent's and `kings` the kings' squares: for callers that found
    /// the jumpers already.
    #[inline]
    pub(crate) fn from_origins(
        policy: &'p P,
        side: Color,
        owned: [SquareSet; 2],
        kings: SquareSet,
        origins: SquareSet,
    ) -> Self {
        const {
            assert!(
                P::RULES.removes_at_end(),
                "the removal games' capture search serves rules that remove the pieces taken when the move ends"
            )
        };
        RemovalCaptures {
            g: B::geometry(),
            board: core::marker::PhantomData,
            policy,
            side,
            own: owned[0],
            enemy: owned[1],
            kings,
            origins,
        }
    }

    /// The number of capture moves of a side with men only: on whole sets when they
    /// are single jumps, else by the search.
    pub(crate) fn count_moves(&self) -> usize {
        let vacant = B::all() - (self.own | self.enemy);
        count_single_jumps::<B, P>(self.policy, self.side, self.origins, self.enemy, vacant)
            .unwrap_or_else(|| self.count())
    }

    /// The number of capture moves (move identity and the majority rule applied).
    fn count(&self) -> usize {
        let mut found = Found::<false> {
            taken: SmallVec::new(),
            routes: SmallVec::new(),
            best: 0,
        };
        self.search(&mut found);
        found.taken.len()
    }

    /// Calls `out` with each capture move's route and identity, in the order of
    /// [`CaptureGenerator::routes`](crate::engine::capture::CaptureGenerator::routes).
    pub(crate) fn routes(&self, mut out: impl FnMut(Route, Taken)) {
        let man = Man::new(self.side);
        if (self.origins & self.kings).is_empty() && self.policy.leap(man) == Leap::Short {
            let vacant = B::all() - (self.own | self.enemy);
            let (men, enemy) = (self.origins, self.enemy);
            if count_single_jumps::<B, P>(self.policy, self.side, men, enemy, vacant).is_some() {
                // every capture is one jump: by origin, then direction, as the search
                let promo = P::RULES.promotion_squares_on::<B>(self.side);
                let dirs = self.policy.directions(man);
                for from in men {
                    for d in dirs.iter() {
                        let Some(x) = self.g.neighbour(from, d).filter(|&x| enemy.contains(x))
                        else {
                            continue;
                        };
                        let Some(to) = self.g.neighbour(x, d).filter(|&t| vacant.contains(t))
                        else {
                            continue;
                        };
                        let mut route = Route::new(from);
                        route.push(to);
                        let t = Taken {
                            from,
                            to,
                            pieces: SquareSet::from_square(x),
                            crowned: P::RULES.promotion.crowns_at_end() && promo.contains(to),
                        };
                        out(route, t);
                    }
                }
                return;
            }
        }
        let mut found = Found::<true> {
            taken: SmallVec::new(),
            routes: SmallVec::new(),
            best: 0,
        };
        self.search(&mut found);
        for (r, t) in found.routes.iter().zip(&found.taken) {
            out(*r, *t);
        }
    }

    /// Calls `out` with each capture move's identity, in no particular order,
    /// without making the routes (perft plays its moves so): the search alone (see
    /// [`single_jumps`] for men whose captures are all single jumps).
    #[inline(always)]
    pub(crate) fn identities(&self, mut out: impl FnMut(Taken)) {
        let mut found = Found::<false> {
            taken: SmallVec::new(),
            routes: SmallVec::new(),
            best: 0,
        };
        self.search(&mut found);
        // one call of `out`, so that it inlines
        for t in &found.taken {
            out(*t);
        }
    }

    fn search<const ROUTES: bool>(&self, found: &mut Found<ROUTES>) {
        let vacant = B::all() - (self.own | self.enemy);
        let by_rank = |rank| {
            let man = Man {
                color: self.side,
                rank,
            };
            (self.policy.directions(man), self.policy.leap(man))
        };
        let mut w = Walk {
            g: self.g,
            moves: [by_rank(Rank::Man), by_rank(Rank::King)],
            policy: self.policy,
            side: self.side,
            enemy: self.enemy,
            empty: vacant,
            promo: P::RULES.promotion_squares_on::<B>(self.side),
            from: Square(0),
            route: Route::new(Square(0)),
            found,
        };
        for origin in self.origins {
            w.from = origin;
            w.empty = vacant | SquareSet::from_square(origin);
            if ROUTES {
                w.route = Route::new(origin);
            }
            let king = self.kings.contains(origin);
            if !king && w.moves[0].1 == Leap::Short {
                w.man(origin, SquareSet::EMPTY);
            } else {
                w.search(origin, SquareSet::EMPTY, king);
            }
        }
    }
}

/// The number of capture moves of the short-leaping men `men` of `side` over
/// `enemy` when every one is a single jump, counted on whole sets (one landing square
/// is one move): 0 when they have none; `None` when a capture could go on (see
/// [`jumps_end_on_landing`]). Kings are not looked at.
#[inline(always)]
pub(crate) fn count_single_jumps<B: Board, P: CapturePolicy + ?Sized>(
    policy: &P,
    side: Color,
    men: SquareSet,
    enemy: SquareSet,
    vacant: SquareSet,
) -> Option<usize> {
    let (landings, all) = jump_landings::<B, P>(policy, side, men, enemy, vacant);
    if all.is_empty() {
        return Some(0);
    }
    if !jumps_end_on_landing::<B, P>(policy, side, all, enemy, vacant) {
        return None;
    }
    let mut n = 0;
    each_direction!(policy.directions(Man::new(side)), d, 'next, {
        n += landings[d.index()].count();
    });
    Some(n)
}

/// The landing squares of the first jumps of the short-leaping men `men` of `side`
/// over `enemy` onto `vacant`, by direction (each landing square of direction `d` is
/// the jump of the man two squares back over the piece one square back), and all of
/// them.
#[inline(always)]
pub(crate) fn jump_landings<B: Board, P: CapturePolicy + ?Sized>(
    policy: &P,
    side: Color,
    men: SquareSet,
    enemy: SquareSet,
    vacant: SquareSet,
) -> ([SquareSet; 8], SquareSet) {
    let mut landings = [SquareSet::EMPTY; 8];
    let mut all = SquareSet::EMPTY;
    each_direction!(policy.directions(Man::new(side)), d, 'next, {
        landings[d.index()] = B::shift(B::shift(men, d) & enemy, d) & vacant;
        all |= landings[d.index()];
    });
    (landings, all)
}

/// Whether every capture of the short-leaping men of `side` whose first jumps land on
/// `landings` (over `enemy`, onto `vacant`) ends there: no man crowned on landing goes
/// on as a king, and none can jump on from where he lands. From the landing square of
/// a jump, going on in any direction but back over the piece just taken means jumping
/// a piece of the enemy to a square that was vacant before the move (the capturer's
/// origin is two steps back); going back, the square beyond the piece taken is the
/// origin, which `vacant` does not hold. So the test is exact with the squares vacant
/// before the move, in every direction.
#[inline(always)]
pub(crate) fn jumps_end_on_landing<B: Board, P: CapturePolicy + ?Sized>(
    policy: &P,
    side: Color,
    landings: SquareSet,
    enemy: SquareSet,
    vacant: SquareSet,
) -> bool {
    if P::RULES.promotion.on_promotion_square() == Crowning::CrownedAndGoesOn
        && !(landings & P::RULES.promotion_squares_on::<B>(side)).is_empty()
    {
        return false;
    }
    let mut onward = SquareSet::EMPTY;
    each_direction!(policy.directions(Man::new(side)), d, 'next, {
        onward |= B::shift(B::shift(landings, d) & enemy, d) & vacant;
    });
    onward.is_empty()
}

/// Calls `out` with the identity of each capture of the short-leaping men of `side`
/// whose jumps land on `landings` (by direction, from [`jump_landings`]) where every
/// capture is a single jump ([`jumps_end_on_landing`]): by direction, then landing
/// square.
#[inline(always)]
pub(crate) fn single_jumps<B: Board, P: CapturePolicy + ?Sized>(
    policy: &P,
    side: Color,
    landings: &[SquareSet; 8],
    mut out: impl FnMut(Taken),
) {
    let promo = P::RULES.promotion_squares_on::<B>(side);
    let crowns = P::RULES.promotion.crowns_at_end();
    each_direction!(policy.directions(Man::new(side)), d, 'next, {
        let back = B::opposite(d);
        for to in landings[d.index()] {
            let pieces = B::shift(SquareSet::from_square(to), back);
            let from = B::shift(pieces, back).first_square().unwrap_or(to);
            out(Taken {
                from,
                to,
                pieces,
                crowned: crowns && promo.contains(to),
            });
        }
    });
}

impl<P: CapturePolicy + ?Sized, const ROUTES: bool> Walk<'_, P, ROUTES> {
    /// A short-leaping man on `at` with the pieces `taken` already jumped (the common
    /// case, kept apart from [`search`](Self::search)): tries every jump, and records
    /// the route as a move where there is none.
    fn man(&mut self, at: Square, taken: SquareSet) {
        let g = self.g;
        let avail = self.enemy - taken;
        // from the policy rather than `moves`: a constant where the policy's is
        let dirs = self.policy.directions(Man::new(self.side));
        let mut any = false;
        // the directions one by one, unrolled (each a constant where the policy's are)
        each_direction!(dirs, d, 'next, {
            let Some(x) = g.neighbour(at, d).filter(|&x| avail.contains(x)) else {
                break 'next;
            };
            let Some(l) = g.neighbour(x, d).filter(|&l| self.empty.contains(l)) else {
                break 'next;
            };
            any = true;
            let taken = taken | SquareSet::from_square(x);
            if ROUTES {
                self.route.push(l);
            }
            if !self.promo.contains(l) {
                self.man(l, taken);
            } else {
                match P::RULES.promotion.on_promotion_square() {
                    Crowning::CrownedAndStops => self.leaf(l, taken, true),
                    Crowning::CrownedAndGoesOn => {
                        if !self.search(l, taken, true) {
                            self.leaf(l, taken, true);
                        }
                    }
                    Crowning::GoesOnAsMan => self.man(l, taken),
                }
            }
            if ROUTES {
                self.route.pop();
            }
        });
        if !any && !taken.is_empty() {
            let crowned = P::RULES.promotion.crowns_at_end() && self.promo.contains(at);
            self.leaf(at, taken, crowned);
        }
    }

    /// Tries every jump from `at` with the pieces `taken` already jumped, for a king
    /// or a flying man; returns whether there was one.
    fn search(&mut self, at: Square, taken: SquareSet, king: bool) -> bool {
        let (dirs, leap) = if king { self.moves[1] } else { self.moves[0] };
        let mut any = false;
        for d in dirs.iter() {
            let Some(mut x) = self.g.neighbour(at, d) else {
                continue;
            };
            if leap == Leap::Flying {
                while self.empty.contains(x) {
                    match self.g.neighbour(x, d) {
                        Some(n) => x = n,
                        None => break,
                    }
                }
            }
            // a piece of the enemy not taken yet, with a vacant square beyond
            if !(self.enemy - taken).contains(x) {
                continue;
            }
            let Some(first) = self.g.neighbour(x, d).filter(|&t| self.empty.contains(t)) else {
                continue;
            };
            any = true;
            self.jump(d, taken | SquareSet::from_square(x), first, leap, king);
        }
        any
    }

    fn jump(&mut self, d: Direction, taken: SquareSet, first: Square, leap: Leap, king: bool) {
        let next = |w: &Self, t: Square| {
            if leap == Leap::Flying {
                w.g.neighbour(t, d).filter(|&n| w.empty.contains(n))
            } else {
                None
            }
        };
        let mut continued = false;
        let mut landing = Some(first);
        while let Some(l) = landing {
            if ROUTES {
                self.route.push(l);
            }
            let promotes = !king && self.promo.contains(l);
            match promotes.then(|| P::RULES.promotion.on_promotion_square()) {
                Some(Crowning::CrownedAndStops) => {
                    self.leaf(l, taken, true);
                    continued = true;
                }
                Some(Crowning::CrownedAndGoesOn) => continued |= self.search(l, taken, true),
                _ => continued |= self.search(l, taken, king),
            }
            if ROUTES {
                self.route.pop();
            }
            landing = next(self, l);
        }
        if !continued {
            let mut landing = Some(first);
            while let Some(l) = landing {
                if ROUTES {
                    self.route.push(l);
                }
                let promotes = !king && self.promo.contains(l);
                self.leaf(
                    l,
                    taken,
                    king || (promotes && P::RULES.promotion.crowns_at_end()),
                );
                if ROUTES {
                    self.route.pop();
                }
                landing = next(self, l);
            }
        }
    }

    /// Records the route as it stands, ending on `at` with the pieces `taken`.
    #[inline]
    fn leaf(&mut self, at: Square, taken: SquareSet, king_at_end: bool) {
        let n = taken.count();
        let found = &mut *self.found;
        match P::RULES.majority.verdict(n, found.best) {
            Verdict::Drop => return,
            Verdict::Replace => {
                found.best = n;
                found.taken.clear();
                found.routes.clear();
            }
            Verdict::Keep => {}
        }
        let t = Taken {
            from: self.from,
            to: at,
            pieces: taken,
            crowned: king_at_end,
        };
        // `crowned` of a king's route is always true, so comparing it compares ranks;
        // a route of one jump is the only one with its ends and its piece
        if n > 1 && found.taken.contains(&t) {
            return;
        }
        found.taken.push(t);
        if ROUTES {
            found.routes.push(self.route);
        }
    }
}
