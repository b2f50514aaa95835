//! The one capture traversal on its two storages, against a reference written from
//! the rules alone ([`reference`](super::reference)): random boards of columns and of
//! single pieces under each ruleset's capture rules and rules of no ruleset, the first
//! jumps found by set shifts and square by square, move identity by brute force.

use super::reference;
use crate::alloc_prelude::*;
use crate::engine::board::{Board, Geometry};
use crate::engine::capture::{
    same_ends, CaptureGenerator, CapturePolicy, CapturePromotion, CaptureRules, Decided,
    FirstJumps, Leap, Majority, Prisoners, Rejump, Removed,
};
use crate::engine::color::Color;
use crate::engine::columns::Columns;
use crate::engine::moves::Route;
use crate::engine::pieces::Pieces;
use crate::engine::shapes::dark::{Dark10, Dark7, Dark8};
use crate::engine::shapes::grid::Grid8x8;
use crate::engine::shapes::hex::Hex37;
use crate::engine::square::{DirectionSet, SquareSet};
use crate::engine::stack::{Man, Rank, Stack};
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
            let (Some(attacker), Some(beyond)) = (g.neighbour(s, g.opposite(d)), g.neighbour(s, d))
            else {
                continue;
            };
            let Some(top) = cols.get(attacker).top() else {
                continue;
            };
            if top.color != color && policy.directions(top).contains(d) && vacant.contains(beyond) {
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
