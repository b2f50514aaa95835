//! The one capture traversal: depth-first over routes, with make/undo, on either
//! storage ([`Jumps`]: a storage's board as the search reads and changes it), and the
//! one route follower ([`follow`]: what a route found takes and whom it crowns).
//!
//! The rules are read from the policy as constants, so each ruleset's search is
//! compiled for it: the rank of the capturer is a const parameter (a man's search
//! recurses as a man until he is crowned), short leaps are tried a direction at a
//! time, unrolled, flying leaps square by square, both by the neighbour table.
//! The storage answers what stands where, takes a man at once where the rules say so
//! and puts him back, and names what a route does as a move ([`Searched::identity`]):
//! where that name is exact the majority rule and move identity are applied as each
//! route is found, else the routes that share their ends are played and compared
//! afterwards ([`dedupe`](super::dedupe)).

use super::sealed::{Jumps, Searched};
use super::{CapturePolicy, Crowning, Decided, Leap, Verdict};
use crate::engine::board::{Board, Geometry};
use crate::engine::color::Color;
use crate::engine::moves::Route;
use crate::engine::square::each_direction;
use crate::engine::square::{Direction, DirectionSet, Square, SquareSet};
use crate::engine::stack::{Man, Rank};
use core::marker::PhantomData;
use smallvec::SmallVec;

/// The moves a search found: the storage's identities (where they are exact) and the
/// routes (when they are kept), and the most men a route takes so far (the majority
/// rule's measure).
pub(crate) struct Found<I> {
    pub(crate) ids: SmallVec<[I; 16]>,
    pub(crate) routes: SmallVec<[Route; 8]>,
    best: usize,
}

impl<I> Found<I> {
    /// Nothing found yet.
    #[inline(always)]
    pub(crate) fn new() -> Self {
        Found {
            ids: SmallVec::new(),
            routes: SmallVec::new(),
            best: 0,
        }
    }
}

/// What a route has done so far, passed down the search by value: the columns (or
/// pieces) it jumped, and its last jump's direction and victim (for the 180° rule).
#[derive(Clone, Copy)]
struct Path {
    jumped: SquareSet,
    last: Option<(Direction, Square)>,
}

impl Path {
    const START: Path = Path {
        jumped: SquareSet::EMPTY,
        last: None,
    };

    #[inline(always)]
    fn after(self, d: Direction, x: Square) -> Path {
        Path {
            jumped: self.jumped | SquareSet::from_square(x),
            last: Some((d, x)),
        }
    }
}

/// One search of `side`'s captures on the storage `S` under the policy `P`: with
/// `ROUTES` the routes are kept (else, where the storage's identities are exact, only
/// those: counting, and perft's moves made without a list); with `MERGE` move
/// identity and the majority rule drop what they drop as the routes are found (where
/// the identities are exact; else [`dedupe`](super::dedupe) does it afterwards).
pub(crate) struct Traversal<
    'a,
    'b,
    S: Searched + 'b,
    P: ?Sized,
    const ROUTES: bool,
    const MERGE: bool,
> {
    g: &'static Geometry,
    policy: &'a P,
    side: Color,
    jumps: S::Jumps<'b>,
    promo: SquareSet,
    from: Square,
    route: Route,
    found: &'a mut Found<S::Identity>,
    storage: PhantomData<S>,
}

impl<
        'a,
        'b,
        S: Searched + 'b,
        P: CapturePolicy + ?Sized,
        const ROUTES: bool,
        const MERGE: bool,
    > Traversal<'a, 'b, S, P, ROUTES, MERGE>
{
    /// Whether the route is kept as the search goes: when the routes are wanted, or
    /// where the storage's identities do not tell moves apart (the routes are then
    /// compared afterwards).
    const KEEP_ROUTE: bool = ROUTES || !S::EXACT;

    /// Whether short leaps are found by the board's constant shifts: where the storage
    /// asks for them ([`Searched::SHIFT_LEAPS`]) and they are cheap (one or two shift
    /// amounts a direction, not the hexagon's three). The neighbour table's two
    /// look-ups depend on each other; the shifts do not.
    const CHEAP_SHIFTS: bool = S::SHIFT_LEAPS
        && match <S::Board as Board>::SHIFTS {
            Some(s) => s.amounts() <= 2,
            None => false,
        };

    /// Searches the captures of `side` on `board` from each square of `origins` (its
    /// pieces or columns with a first jump), by origin, into `found`.
    #[inline]
    pub(crate) fn run(
        policy: &'a P,
        board: &'b S,
        side: Color,
        origins: SquareSet,
        found: &'a mut Found<S::Identity>,
    ) {
        let mut t = Traversal::<S, P, ROUTES, MERGE> {
            g: S::Board::geometry(),
            policy,
            side,
            jumps: board.jumps::<P>(side),
            promo: P::RULES.promotion_squares_on::<S::Board>(side),
            from: Square(0),
            route: Route::new(Square(0)),
            found,
            storage: PhantomData,
        };
        for origin in origins {
            let king = t.jumps.lift(origin);
            t.from = origin;
            if Self::KEEP_ROUTE {
                t.route = Route::new(origin);
            }
            if king {
                t.search::<true>(origin, Path::START);
            } else {
                t.search::<false>(origin, Path::START);
            }
            t.jumps.put_back(origin);
        }
    }

    /// The pieces or columns that may be jumped now: the opponent's, less those jumped
    /// already where a column is jumped at most once.
    #[inline(always)]
    fn targets(&self, p: Path) -> SquareSet {
        if P::REJUMPS {
            self.jumps.enemy()
        } else {
            self.jumps.enemy() - p.jumped
        }
    }

    /// The directions and leap of a capturer led by a king (`KING`) or a man after
    /// `p`, the 180° rule applied, and the direction (if any) in which only a jump
    /// over the column just jumped is barred.
    #[inline(always)]
    fn powers<const KING: bool>(&self, p: Path) -> (DirectionSet, Leap, Option<Direction>) {
        let man = Man {
            color: self.side,
            rank: if KING { Rank::King } else { Rank::Man },
        };
        let mut dirs = self.policy.directions(man);
        let mut back = None;
        if let (Some(reversal), Some((last, _))) = (P::REVERSAL, p.last) {
            (dirs, back) = reversal.after_jump(dirs, self.g.opposite(last));
        }
        (dirs, self.policy.leap(man), back)
    }

    /// Tries every jump from `at` of a capturer led by a king (`KING`) or a man, after
    /// `p`; answers whether there was one (the caller records the route where there
    /// was none).
    #[inline(always)]
    fn search<const KING: bool>(&mut self, at: Square, p: Path) -> bool {
        let (dirs, leap, back) = self.powers::<KING>(p);
        match leap {
            Leap::Short => self.short::<KING, false>(at, p, dirs, back),
            Leap::Flying => self.flying::<KING>(at, p, dirs, back),
        }
    }

    /// Goes on from `at`, where a jump after `p` landed, and records the route
    /// wherever it ends.
    #[inline(always)]
    fn go_on<const KING: bool>(&mut self, at: Square, p: Path) {
        let (dirs, leap, back) = self.powers::<KING>(p);
        match leap {
            Leap::Short => {
                self.short::<KING, true>(at, p, dirs, back);
            }
            Leap::Flying => {
                if !self.flying::<KING>(at, p, dirs, back) {
                    self.leaf::<KING>(at, p);
                }
            }
        }
    }

    /// [`search`](Self::search) by short leaps: each direction's victim and landing
    /// by two look-ups in the neighbour table (fewer operations than shifting the
    /// square on any board); the directions one by one, unrolled (each a constant
    /// where the policy's are). With
    /// `RECORD`, the route is recorded where there is no jump (a short leap lands on
    /// one square, so the route may end there as soon as it is known).
    fn short<const KING: bool, const RECORD: bool>(
        &mut self,
        at: Square,
        p: Path,
        dirs: DirectionSet,
        back: Option<Direction>,
    ) -> bool {
        let targets = self.targets(p);
        let vacant = self.jumps.vacant();
        let g = self.g;
        let mut any = false;
        each_direction!(dirs, d, 'next, {
            let (x, l) = if Self::CHEAP_SHIFTS {
                let x = S::Board::shift(SquareSet::from_square(at), d) & targets;
                let l = S::Board::shift(x, d) & vacant;
                match (x.first_square(), l.first_square()) {
                    (Some(x), Some(l)) => (x, l),
                    _ => break 'next,
                }
            } else {
                let Some(x) = g.neighbour(at, d).filter(|&x| targets.contains(x)) else {
                    break 'next;
                };
                let Some(l) = g.neighbour(x, d).filter(|&l| vacant.contains(l)) else {
                    break 'next;
                };
                (x, l)
            };
            if back == Some(d) && matches!(p.last, Some((_, v)) if v == x) {
                break 'next;
            }
            any = true;
            self.jump_short::<KING>(d, x, l, p);
        });
        if RECORD && !any {
            self.leaf::<KING>(at, p);
        }
        any
    }

    /// Jumps `x` in direction `d` to `l`, and goes on from there.
    #[inline(always)]
    fn jump_short<const KING: bool>(&mut self, d: Direction, x: Square, l: Square, p: Path) {
        let undo = if P::IMMEDIATE {
            Some(self.jumps.take_top(x))
        } else {
            None
        };
        let q = p.after(d, x);
        if Self::KEEP_ROUTE {
            self.route.push(l);
        }
        if !KING && self.promo.contains(l) {
            match P::RULES.promotion.on_promotion_square() {
                Crowning::CrownedAndStops => self.leaf::<true>(l, q),
                Crowning::CrownedAndGoesOn => self.go_on::<true>(l, q),
                Crowning::GoesOnAsMan => self.go_on::<false>(l, q),
            }
        } else {
            self.go_on::<KING>(l, q);
        }
        if Self::KEEP_ROUTE {
            self.route.pop();
        }
        if let Some(u) = undo {
            self.jumps.put_top(x, u);
        }
    }

    /// [`search`](Self::search) by flying leaps: along the vacant squares of each
    /// direction to the first occupied one.
    fn flying<const KING: bool>(
        &mut self,
        at: Square,
        p: Path,
        dirs: DirectionSet,
        back: Option<Direction>,
    ) -> bool {
        let g = self.g;
        let targets = self.targets(p);
        let vacant = self.jumps.vacant();
        let mut any = false;
        for d in dirs.iter() {
            let Some(mut x) = g.neighbour(at, d) else {
                continue;
            };
            while vacant.contains(x) {
                match g.neighbour(x, d) {
                    Some(n) => x = n,
                    None => break,
                }
            }
            if !targets.contains(x) {
                continue;
            }
            let Some(first) = g.neighbour(x, d).filter(|&t| vacant.contains(t)) else {
                continue;
            };
            if back == Some(d) && matches!(p.last, Some((_, v)) if v == x) {
                continue;
            }
            any = true;
            self.jump_flying::<KING>(d, x, first, p);
        }
        any
    }

    /// Jumps `x` in direction `d`, landing on `first` or a vacant square beyond it:
    /// where some landings let the capture go on, only those are taken.
    fn jump_flying<const KING: bool>(&mut self, d: Direction, x: Square, first: Square, p: Path) {
        let undo = if P::IMMEDIATE {
            Some(self.jumps.take_top(x))
        } else {
            None
        };
        let q = p.after(d, x);
        let g = self.g;
        let vacant = self.jumps.vacant();
        let next = |l: Square| g.neighbour(l, d).filter(|&n| vacant.contains(n));
        let mut continued = false;
        let mut landing = Some(first);
        while let Some(l) = landing {
            if Self::KEEP_ROUTE {
                self.route.push(l);
            }
            continued |= self.land::<KING>(l, q);
            if Self::KEEP_ROUTE {
                self.route.pop();
            }
            landing = next(l);
        }
        if !continued {
            let mut landing = Some(first);
            while let Some(l) = landing {
                if Self::KEEP_ROUTE {
                    self.route.push(l);
                }
                self.leaf::<KING>(l, q);
                if Self::KEEP_ROUTE {
                    self.route.pop();
                }
                landing = next(l);
            }
        }
        if let Some(u) = undo {
            self.jumps.put_top(x, u);
        }
    }

    /// Goes on from the landing `l` of a flying leap after `q`, promoting a man there
    /// as the rules say; answers whether the route went on (or ended there, crowned,
    /// and is recorded).
    #[inline(always)]
    fn land<const KING: bool>(&mut self, l: Square, q: Path) -> bool {
        if !KING && self.promo.contains(l) {
            match P::RULES.promotion.on_promotion_square() {
                Crowning::CrownedAndStops => {
                    self.leaf::<true>(l, q);
                    true
                }
                Crowning::CrownedAndGoesOn => self.search::<true>(l, q),
                Crowning::GoesOnAsMan => self.search::<false>(l, q),
            }
        } else {
            self.search::<KING>(l, q)
        }
    }

    /// Records the route as it stands, ending on `at` after `p` (a man who ends on a
    /// promotion square is crowned, under every rule that crowns).
    #[inline]
    fn leaf<const KING: bool>(&mut self, at: Square, p: Path) {
        let n = if Self::KEEP_ROUTE {
            self.route.len()
        } else {
            p.jumped.count()
        };
        let found = &mut *self.found;
        match P::RULES.majority.verdict(n, found.best) {
            Verdict::Drop => return,
            Verdict::Replace => {
                found.best = n;
                found.ids.clear();
                found.routes.clear();
            }
            Verdict::Keep => {}
        }
        if S::EXACT {
            let crowned = KING || (P::RULES.promotion.crowns_at_end() && self.promo.contains(at));
            let id = S::identity(self.from, at, p.jumped, crowned);
            // a route of one jump is the only one with its ends and its victim
            if MERGE && n > 1 && found.ids.contains(&id) {
                return;
            }
            found.ids.push(id);
        }
        if Self::KEEP_ROUTE {
            found.routes.push(self.route);
        }
    }
}

/// What following a route needs of a board: whether a square is occupied as the
/// route reaches it, and taking the man jumped there.
pub(crate) trait Follow {
    /// Whether `sq` is occupied now.
    fn occupied(&self, sq: Square) -> bool;
    /// The capturer jumps the column on `x`.
    fn take(&mut self, x: Square);
}

/// Follows the capture `route` of `side` under `P` on the board `B` (a route that a
/// search found: it is trusted), a king leading the capturer from the start when
/// `king`: calls `board.take` with each square jumped, in order, and answers whether
/// the capturer ends the move crowned (a king from the start, crowned on the way, or
/// a man ending on a promotion square under rules that crown). The one place where a
/// route's victims and crowning are read, for both storages.
#[inline]
pub(crate) fn follow<B: Board, P: CapturePolicy + ?Sized>(
    side: Color,
    route: &Route,
    king: bool,
    board: &mut impl Follow,
) -> bool {
    let g = B::geometry();
    let promo = P::RULES.promotion_squares_on::<B>(side);
    let mut king = king;
    let mut at = route.origin();
    for &l in route.landings() {
        // a leap of two steps (every short leap) jumps the square in between
        let x = match g.two_step_direction(at, l).and_then(|d| g.neighbour(at, d)) {
            Some(n) => Some(n),
            None => g
                .line_between(at, l)
                .and_then(|(d, _)| g.ray(at, d).find(|&s| board.occupied(s))),
        };
        if let Some(x) = x {
            board.take(x);
        }
        if !king
            && promo.contains(l)
            && P::RULES.promotion.on_promotion_square() == Crowning::CrownedAndGoesOn
        {
            king = true;
        }
        at = l;
    }
    king || (P::RULES.promotion.crowns_at_end() && promo.contains(at))
}

/// Capture sequences of the draughts rulesets with known results, on both storages:
/// move identity merging a king's routes, and crowning on the way or at the end.
#[cfg(test)]
mod tests {
    use crate::alloc_prelude::*;
    use crate::engine::board::Board;
    use crate::engine::capture::{CaptureGenerator, CapturePolicy};
    use crate::engine::color::Color;
    use crate::engine::moves::Route;
    use crate::engine::pieces::Pieces;
    use crate::engine::removal::Taken;
    use crate::engine::shapes::dark::Dark8;
    use crate::engine::square::{Square, SquareSet};
    use crate::engine::stack::Man;
    use crate::games::draughts::{BrazilianRules, RussianRules};

    fn sq(name: &str) -> Square {
        Dark8::geometry().parse_square(name).unwrap()
    }

    fn route(from: &str, landings: &[&str]) -> Route {
        let landings = landings.iter().map(|l| sq(l)).collect::<Vec<_>>();
        Route::from_squares(sq(from), &landings).unwrap()
    }

    /// White's `capturer` on `from` against black men on `black`.
    fn board(from: &str, capturer: Man, black: &[&str]) -> Pieces<Dark8> {
        let mut pieces = Pieces::new();
        pieces.put(sq(from), capturer);
        for b in black {
            pieces.put(sq(b), Man::new(Color::Black));
        }
        pieces
    }

    /// White's moves on `pieces` under `P`, listed on bitboards (route and what the
    /// move does) and on columns (routes): the same routes; and every route.
    fn moves<P: CapturePolicy>(
        policy: &P,
        pieces: &Pieces<Dark8>,
    ) -> (Vec<(Route, Taken)>, Vec<Route>) {
        let gen = CaptureGenerator::new(policy, pieces, Color::White);
        let mut listed = Vec::new();
        gen.moves(|r, t| listed.push((r, t)));
        assert_eq!(gen.count(), listed.len());
        let cols = pieces.to_columns();
        let on_columns = CaptureGenerator::new(policy, &cols, Color::White);
        let mut routes = Vec::new();
        on_columns.routes(|r| routes.push(r));
        assert_eq!(listed.iter().map(|(r, _)| *r).collect::<Vec<_>>(), routes);
        assert_eq!(on_columns.count(), routes.len());
        let mut all = Vec::new();
        gen.all_routes(|r, _| all.push(r));
        let mut all_on_columns = Vec::new();
        on_columns.all_routes(|r, _| all_on_columns.push(r));
        assert_eq!(all, all_on_columns);
        (listed, all)
    }

    /// White's `route` played on both storages: the position after it, the same.
    fn after<P: CapturePolicy>(policy: &P, pieces: &Pieces<Dark8>, route: &Route) -> Pieces<Dark8> {
        let mut a = *pieces;
        CaptureGenerator::apply(policy, &mut a, Color::White, route);
        let mut cols = pieces.to_columns();
        CaptureGenerator::apply(policy, &mut cols, Color::White, route);
        assert_eq!(a.to_columns(), cols);
        assert_eq!(a.hash(), a.full_hash());
        a
    }

    /// A flying king round four men (Brazilian draughts) has two routes, clockwise
    /// and back, from c1 to c1 over the same men: one move, both routes kept where
    /// every route is asked for.
    #[test]
    fn a_kings_two_routes_round_four_men_are_one_move() {
        let pieces = board("c1", Man::king(Color::White), &["d2", "d4", "b4", "b2"]);
        let (listed, mut all) = moves(&BrazilianRules, &pieces);
        let one = route("c1", &["e3", "c5", "a3", "c1"]);
        let other = route("c1", &["a3", "c5", "e3", "c1"]);
        all.sort_by_key(|r| r.landings()[0].0);
        let mut both = vec![one, other];
        both.sort_by_key(|r| r.landings()[0].0);
        assert_eq!(all, both);
        assert_eq!(listed.len(), 1);
        let (r, t) = listed[0];
        assert!(r == one || r == other, "{r:?}");
        let victims = ["d2", "d4", "b4", "b2"]
            .map(sq)
            .into_iter()
            .collect::<SquareSet>();
        assert_eq!(
            (t.from, t.to, t.pieces, t.crowned),
            (sq("c1"), sq("c1"), victims, true)
        );
        let a = after(&BrazilianRules, &pieces, &r);
        assert_eq!(a.get(sq("c1")), Some(Man::king(Color::White)));
        assert_eq!(a.men(Color::Black), 0);
    }

    /// A man jumps c7 to his far row, d8, and e7 from there: in Russian draughts he is
    /// crowned on d8 and flies on as a king, to f6, g5 or h4 (three moves, a king on
    /// each); in Brazilian draughts he passes his far row as a man and ends on f6, a
    /// man. Without e7 the capture ends on d8, crowned in both.
    #[test]
    fn a_man_crowned_on_the_way_or_at_the_end() {
        let man = Man::new(Color::White);
        let through = board("b6", man, &["c7", "e7"]);
        let (listed, _) = moves(&RussianRules, &through);
        let ends = ["f6", "g5", "h4"];
        assert_eq!(listed.len(), ends.len());
        for ((r, t), end) in listed.iter().zip(ends) {
            assert_eq!(
                (*r, t.to, t.crowned),
                (route("b6", &["d8", end]), sq(end), true)
            );
            assert_eq!(t.pieces.count(), 2);
            let a = after(&RussianRules, &through, r);
            assert_eq!(a.get(sq(end)), Some(Man::king(Color::White)));
        }
        let to_f6 = route("b6", &["d8", "f6"]);
        let (listed, _) = moves(&BrazilianRules, &through);
        assert_eq!(listed.len(), 1);
        let (r, t) = listed[0];
        assert_eq!(
            (r, t.to, t.crowned, t.pieces.count()),
            (to_f6, sq("f6"), false, 2)
        );
        let a = after(&BrazilianRules, &through, &to_f6);
        assert_eq!(a.get(sq("f6")), Some(man));
        assert_eq!(a.men(Color::Black), 0);

        let ending = board("b6", man, &["c7"]);
        let to_d8 = route("b6", &["d8"]);
        for listed in [
            moves(&RussianRules, &ending).0,
            moves(&BrazilianRules, &ending).0,
        ] {
            assert_eq!(listed.len(), 1);
            assert_eq!((listed[0].0, listed[0].1.crowned), (to_d8, true));
        }
        let a = after(&BrazilianRules, &ending, &to_d8);
        assert_eq!(a.get(sq("d8")), Some(Man::king(Color::White)));
    }
}
