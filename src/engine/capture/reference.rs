//! A reference for the capture traversal's tests, written from the rules alone: every
//! route walked on whole copies of the columns, square by square, with nothing kept
//! aside, no bitboards and no identity but the position each route leaves. Slow and
//! plain, so that the traversal (and each storage's shortcuts) can be checked
//! against it.

use super::{CapturePolicy, CapturePromotion, Majority, Rejump, Reversal, TakingRule};
use super::{Taking, Transfer};
use crate::alloc_prelude::*;
use crate::engine::board::Board;
use crate::engine::color::Color;
use crate::engine::columns::Columns;
use crate::engine::moves::Route;
use crate::engine::square::{Direction, Square, SquareSet};
use crate::engine::stack::{Man, Rank, Stack};

/// A capture the reference found: its route, the men it takes in order (a column
/// jumped twice twice), and the columns it leaves.
#[derive(Clone, Debug)]
pub(crate) struct Capture<B: Board> {
    pub(crate) route: Route,
    pub(crate) taken: Vec<Square>,
    pub(crate) after: Columns<B>,
}

/// A route under way.
#[derive(Clone)]
struct Walk<B: Board> {
    board: Columns<B>,
    carrier: Stack,
    king: bool,
    route: Route,
    taken: Vec<Square>,
    pending: Vec<Square>,
    last: Option<(Direction, Square)>,
}

/// The capture moves of `side` on `cols` under `policy`: every maximal route, by
/// origin square and then depth first (directions in their order, nearer landings
/// first), the shorter ones dropped under the majority rule, and of the routes from
/// one square to one position only the first.
pub(crate) fn moves<B: Board, P: CapturePolicy>(
    policy: &P,
    cols: &Columns<B>,
    side: Color,
) -> Vec<Capture<B>> {
    let mut moves: Vec<Capture<B>> = Vec::new();
    for c in routes(policy, cols, side) {
        let origin = c.route.origin();
        if !moves
            .iter()
            .any(|m| m.route.origin() == origin && m.after == c.after)
        {
            moves.push(c);
        }
    }
    moves
}

/// Every maximal route of `side` (the majority rule applied, move identity not), in
/// the order of [`moves`].
pub(crate) fn routes<B: Board, P: CapturePolicy>(
    policy: &P,
    cols: &Columns<B>,
    side: Color,
) -> Vec<Capture<B>> {
    let mut out = Vec::new();
    walk_all(policy, cols, side, &mut out);
    if P::RULES.majority == Majority::MostCaptures {
        let most = out.iter().map(|c| c.taken.len()).max().unwrap_or(0);
        out.retain(|c| c.taken.len() == most);
    }
    out
}

/// The squares of `side`'s columns that have a jump (before the majority rule).
pub(crate) fn capturers<B: Board, P: CapturePolicy>(
    policy: &P,
    cols: &Columns<B>,
    side: Color,
) -> SquareSet {
    walk_all(policy, cols, side, &mut Vec::new())
}

/// Every maximal route of `side` into `out`, by origin; answers the origins with a
/// jump.
fn walk_all<B: Board, P: CapturePolicy>(
    policy: &P,
    cols: &Columns<B>,
    side: Color,
    out: &mut Vec<Capture<B>>,
) -> SquareSet {
    let g = B::geometry();
    let mut jumpers = SquareSet::EMPTY;
    for origin in g.squares() {
        if cols.get(origin).owner() != Some(side) {
            continue;
        }
        let mut board = *cols;
        let carrier = board.take(origin);
        let walk = Walk {
            board,
            carrier,
            king: carrier.top_is_king(),
            route: Route::new(origin),
            taken: Vec::new(),
            pending: Vec::new(),
            last: None,
        };
        if go(policy, side, &walk, out) {
            jumpers.insert(origin);
        }
    }
    jumpers
}

/// Every jump from where `w` stands, each route followed to its end into `out`;
/// answers whether there was a jump.
fn go<B: Board, P: CapturePolicy>(
    policy: &P,
    side: Color,
    w: &Walk<B>,
    out: &mut Vec<Capture<B>>,
) -> bool {
    let g = B::geometry();
    let at = w.route.destination();
    let man = Man {
        color: side,
        rank: if w.king { Rank::King } else { Rank::Man },
    };
    let at_once = <P::Taking as TakingRule>::TRANSFER == Transfer::Immediate;
    let rejumps = at_once && P::RULES.rejump == Rejump::WhileEnemyTopped;
    let flying = policy.leap(man) == super::Leap::Flying;
    let mut jumped = false;
    for d in g.directions() {
        if !policy.directions(man).contains(d) {
            continue;
        }
        let back = w.last.filter(|&(ld, _)| at_once && g.opposite(ld) == d);
        if back.is_some() && P::RULES.reversal == Some(Reversal::AnyTurnBack) {
            continue;
        }
        // the first occupied square in direction `d` (the next one, for a short leap)
        let vacant = |s: Square| w.board.get(s).is_empty();
        let mut x = g.neighbour(at, d);
        while flying && x.is_some_and(vacant) {
            x = x.and_then(|s| g.neighbour(s, d));
        }
        let Some(x) = x else { continue };
        if w.board.get(x).owner() != Some(!side) || (!rejumps && w.taken.contains(&x)) {
            continue;
        }
        if back.is_some_and(|(_, v)| v == x) && P::RULES.reversal == Some(Reversal::OverJustJumped)
        {
            continue;
        }
        let mut landings = Vec::new();
        let mut l = g.neighbour(x, d);
        while let Some(s) = l.filter(|&s| vacant(s)) {
            landings.push(s);
            l = if flying { g.neighbour(s, d) } else { None };
        }
        if landings.is_empty() {
            continue;
        }
        jumped = true;
        // the jump to each landing
        let mut after = w.clone();
        after.taken.push(x);
        after.last = Some((d, x));
        if at_once {
            let m = after.board.take_top(x).expect("a column is jumped");
            if <P::Taking as TakingRule>::TAKING == Taking::Prisoner {
                after.carrier.push_bottom(m);
            }
        } else {
            after.pending.push(x);
        }
        let mut went_on = false;
        let mut ends = Vec::new();
        for &l in &landings {
            let mut next = after.clone();
            next.route.push(l);
            let crowning = !next.king
                && P::RULES.promotion != CapturePromotion::Never
                && B::far_row(side).contains(l);
            if crowning && P::RULES.promotion == CapturePromotion::EndsMove {
                next.king = true;
                end::<B, P>(side, next, out);
                went_on = true;
                continue;
            }
            if crowning && P::RULES.promotion == CapturePromotion::Continues {
                next.king = true;
            }
            went_on |= go(policy, side, &next, out);
            ends.push(next);
        }
        if !went_on {
            for e in ends {
                end::<B, P>(side, e, out);
            }
        }
    }
    jumped
}

/// The route of `w` ends where it stands: the men still to take are taken, a man on
/// his far row is crowned, the column lands.
fn end<B: Board, P: CapturePolicy>(side: Color, mut w: Walk<B>, out: &mut Vec<Capture<B>>) {
    for &x in &w.pending {
        let m = w.board.take_top(x).expect("a column is jumped");
        if <P::Taking as TakingRule>::TAKING == Taking::Prisoner {
            w.carrier.push_bottom(m);
        }
    }
    let at = w.route.destination();
    if w.king || (P::RULES.promotion != CapturePromotion::Never && B::far_row(side).contains(at)) {
        w.carrier.promote_top();
    }
    w.board.put_on_vacant(at, w.carrier);
    out.push(Capture {
        route: w.route,
        taken: w.taken,
        after: w.board,
    });
}
