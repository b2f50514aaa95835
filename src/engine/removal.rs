//! The captures of the removal games (the draughts games, Dameo: single pieces, the
//! pieces taken leave the board when the move ends) where every capture is a single
//! jump of a man, counted and listed on whole sets: the specialisations of the capture
//! traversal on [`Pieces`](crate::engine::pieces::Pieces) that answer without it, and
//! the identity of such a capture as a move ([`Taken`]).
//!
//! Each first jump of a short-leaping man is found, a direction at a time, by two
//! shifts of the men (over a piece of the enemy, onto a vacant square); when no man
//! can jump on from where he lands and none is crowned to go on as a king, every
//! capture is one of those jumps and the search is not needed.

use crate::engine::board::Board;
use crate::engine::capture::{CapturePolicy, Crowning};
use crate::engine::color::Color;
use crate::engine::square::each_direction;
use crate::engine::square::{Square, SquareSet};
use crate::engine::stack::Man;

/// What a capture of a removal game does: enough to play it on bitboards and to tell
/// two routes of one move apart from two moves (the capture traversal's identity of a
/// move on [`Pieces`](crate::engine::pieces::Pieces)).
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
