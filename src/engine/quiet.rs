//! Quiet moves: how the pieces of a checkers-like game move when they capture nothing,
//! as a ruleset declares it ([`MovePolicy`]), and the moves themselves, listed or
//! counted from a side's bitboards.
//!
//! A ruleset chooses one of two kinds ([`QuietMoves`]): every piece steps or flies
//! along its move directions (the draughts games, Lasca, Bashni, Stapeldammen), or
//! men advance in lines while kings step or fly (Dameo). The engine trusts the choice:
//! perft's shortcuts (counting moves on whole sets, counting the replies to quiet
//! moves from one look at the position) apply exactly where the kind allows them.

use crate::engine::board::{Board, Geometry};
use crate::engine::capture::{CapturePolicy, Leap};
use crate::engine::color::Color;
use crate::engine::introspect::MoveKind;
use crate::engine::lines::{count_line_advances, line_advances};
use crate::engine::square::each_direction;
use crate::engine::square::{DirectionSet, Square, SquareSet};
use crate::engine::stack::Man;

/// The kind of a ruleset's quiet moves ([`MovePolicy::QUIET_MOVES`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QuietMoves {
    /// Each piece (or column) moves in its [move directions](MovePolicy::move_directions)
    /// to a vacant square: one square when its [move leap](MovePolicy::move_leap) is
    /// short, any number of vacant squares along the line when it flies. The draughts
    /// games, Lasca, Bashni, Stapeldammen.
    Steps,
    /// Men move in lines ([`line_advances`] over the move directions of a man: the
    /// last man of a line of own men is put on the vacant square in front of its head,
    /// a single man being a line of one; the man's move leap is not used); kings as
    /// under [`Steps`](Self::Steps). Dameo.
    LineAdvances,
}

impl QuietMoves {
    /// What the quiet move of a piece over `squares` squares is: a
    /// [`MoveKind::LineAdvance`] when a man moves more than one square under
    /// [`LineAdvances`](Self::LineAdvances) (a line of that many men advances), else a
    /// [`MoveKind::Step`] (flying kings too).
    ///
    /// ```
    /// use column_checkers::MoveKind;
    /// use column_checkers::custom::QuietMoves;
    /// assert_eq!(QuietMoves::LineAdvances.kind(false, 3), MoveKind::LineAdvance);
    /// assert_eq!(QuietMoves::LineAdvances.kind(true, 3), MoveKind::Step);
    /// assert_eq!(QuietMoves::Steps.kind(false, 1), MoveKind::Step);
    /// ```
    pub fn kind(self, king: bool, squares: usize) -> MoveKind {
        match self {
            QuietMoves::LineAdvances if !king && squares > 1 => MoveKind::LineAdvance,
            _ => MoveKind::Step,
        }
    }
}

/// How the pieces of a checkers-like ruleset move without capturing: the kind of
/// quiet moves, and the directions and leap of a piece led by a man or by a king. A
/// ruleset that moves as it captures needs no more than `impl MovePolicy for MyRules
/// {}`.
///
/// The methods are called on hot paths: implement them with constants or plain field
/// reads so they inline.
///
/// ```
/// use column_checkers::Color;
/// use column_checkers::custom::{Man, MovePolicy, QuietMoves};
/// use column_checkers::games::{DameoRules, RussianRules};
/// assert_eq!(DameoRules::QUIET_MOVES, QuietMoves::LineAdvances);
/// assert_eq!(RussianRules::QUIET_MOVES, QuietMoves::Steps);
/// // Russian men capture backward but move forward only
/// assert_eq!(RussianRules.move_directions(Man::new(Color::White)).iter().count(), 2);
/// ```
pub trait MovePolicy: CapturePolicy {
    /// The kind of quiet moves; [`QuietMoves::Steps`] by default.
    const QUIET_MOVES: QuietMoves = QuietMoves::Steps;

    /// The directions in which a piece led by `commander` moves without capturing.
    /// By default those it captures in ([`CapturePolicy::directions`]): rulesets
    /// whose men capture backward but move forward say so here.
    #[inline]
    fn move_directions(&self, commander: Man) -> DirectionSet {
        self.directions(commander)
    }

    /// Whether a piece led by `commander` steps one square or flies along a line when
    /// it moves without capturing. By default as it captures
    /// ([`CapturePolicy::leap`]), which is so in every ruleset of the crate.
    #[inline]
    fn move_leap(&self, commander: Man) -> Leap {
        self.leap(commander)
    }
}

/// Calls `out(from, to)` for every quiet move of `side` under `policy`, where `own`
/// holds the squares of `side`'s pieces, `kings` those of the kings (of either side)
/// and `vacant` the vacant squares. A quiet move takes the piece on `from` to `to`.
///
/// Order: under [`QuietMoves::Steps`] by origin square, then direction, then distance;
/// under [`QuietMoves::LineAdvances`] the men's line advances in [`line_advances`]'s
/// order, then the kings' moves by square, direction and distance.
///
/// ```
/// use column_checkers::{Color, SquareSet};
/// use column_checkers::custom::{Board, Dark8, quiet_moves};
/// use column_checkers::games::RussianRules;
///
/// let g = Dark8::geometry();
/// let sq = |n| g.parse_square(n).unwrap();
/// let own = SquareSet::from_square(sq("c3"));
/// let mut moves = Vec::new();
/// quiet_moves::<Dark8, _>(&RussianRules, Color::White, own, SquareSet::EMPTY, g.all() - own,
///     |f, t| moves.push(format!("{}-{}", g.name(f), g.name(t))));
/// assert_eq!(moves, ["c3-d4", "c3-b4"]);
/// ```
#[inline]
pub fn quiet_moves<B: Board, P: MovePolicy + ?Sized>(
    policy: &P,
    side: Color,
    own: SquareSet,
    kings: SquareSet,
    vacant: SquareSet,
    mut out: impl FnMut(Square, Square),
) {
    quiet_moves_of::<B, P, true>(policy, side, own, kings, vacant, |from, to, _| {
        out(from, to)
    })
}

/// The moves of [`quiet_moves`] as `out(from, to, king)`, `king` telling whether the
/// piece that moves is a king: in its order when `ORDERED`, else (for counting) in no
/// particular order: where men step one square, their steps are then found one
/// direction at a time on whole sets ([`Board::shift`]), the kings' moves square by
/// square.
#[inline(always)]
pub(crate) fn quiet_moves_of<B: Board, P: MovePolicy + ?Sized, const ORDERED: bool>(
    policy: &P,
    side: Color,
    own: SquareSet,
    kings: SquareSet,
    vacant: SquareSet,
    out: impl FnMut(Square, Square, bool),
) {
    // each colour on its own, so that its directions are constants
    match side {
        Color::White => {
            colour_quiet_moves::<B, P, ORDERED>(policy, Color::White, own, kings, vacant, out)
        }
        Color::Black => {
            colour_quiet_moves::<B, P, ORDERED>(policy, Color::Black, own, kings, vacant, out)
        }
    }
}

/// [`quiet_moves_of`] of `side`: in order, only the pieces with a vacant neighbour in
/// one of their directions (found with [`Board::shift`]) are walked square by square.
#[inline(always)]
fn colour_quiet_moves<B: Board, P: MovePolicy + ?Sized, const ORDERED: bool>(
    policy: &P,
    side: Color,
    own: SquareSet,
    kings: SquareSet,
    vacant: SquareSet,
    mut out: impl FnMut(Square, Square, bool),
) {
    let g = B::geometry();
    let man = Man::new(side);
    let king = Man::king(side);
    let king_moves = (
        policy.move_directions(king),
        policy.move_leap(king) == Leap::Flying,
    );
    if P::QUIET_MOVES == QuietMoves::LineAdvances {
        line_advances::<B>(own - kings, vacant, policy.move_directions(man), |f, t| {
            out(f, t, false)
        });
        let (dirs, flying) = king_moves;
        for from in own & kings {
            walk_lines(g, from, dirs, flying, vacant, |f, t| out(f, t, true));
        }
        return;
    }
    let man_moves = (
        policy.move_directions(man),
        policy.move_leap(man) == Leap::Flying,
    );
    let stepping_men = !man_moves.1;
    if !ORDERED && stepping_men {
        steps_on_sets::<B>(policy.move_directions(man), own - kings, vacant, |f, t| {
            out(f, t, false)
        });
        let (dirs, flying) = king_moves;
        for from in own & kings {
            walk_lines(g, from, dirs, flying, vacant, |f, t| out(f, t, true));
        }
        return;
    }
    let movable = movers::<B>(own - kings, man_moves.0, vacant)
        | movers::<B>(own & kings, king_moves.0, vacant);
    for from in movable {
        let is_king = kings.contains(from);
        if !is_king && stepping_men {
            // a man's steps, the directions unrolled (constants where the rules' are)
            each_direction!(policy.move_directions(man), d, 'next, {
                if let Some(to) = g.neighbour(from, d).filter(|&t| vacant.contains(t)) {
                    out(from, to, false);
                }
            });
            continue;
        }
        let (dirs, flying) = if is_king { king_moves } else { man_moves };
        walk_lines(g, from, dirs, flying, vacant, |f, t| out(f, t, is_king));
    }
}

/// Calls `out(from, to)` for every step of one square of a piece of `group` in one of
/// `dirs` onto a square of `vacant`, in no particular order: found on whole sets, one
/// direction at a time ([`Board::shift`]); on a board with constant
/// [`SHIFTS`](Board::SHIFTS) one index amount at a time, so that each step's origin is
/// its destination less the amount, without a table.
#[inline(always)]
pub(crate) fn steps_on_sets<B: Board>(
    dirs: DirectionSet,
    group: SquareSet,
    vacant: SquareSet,
    mut out: impl FnMut(Square, Square),
) {
    each_direction!(dirs, d, 'next, {
        if let Some(shifts) = B::SHIFTS {
            for (sources, rotation) in shifts.pairs(d) {
                if sources == 0 {
                    continue;
                }
                let to_set = SquareSet((group.0 & sources).rotate_left(rotation)) & vacant;
                for to in to_set {
                    out(Square(to.0.wrapping_sub(rotation as u8) & 63), to);
                }
            }
        } else {
            let g = B::geometry();
            for to in B::shift(group, d) & vacant {
                if let Some(from) = g.neighbour(to, B::opposite(d)) {
                    out(from, to);
                }
            }
        }
    });
}

/// Calls `out(from, to)` for every quiet move of the kings `kings` of `side` under
/// `policy` onto `vacant`, by square, direction and distance.
#[inline(always)]
pub(crate) fn king_quiet_moves<B: Board, P: MovePolicy + ?Sized>(
    policy: &P,
    side: Color,
    kings: SquareSet,
    vacant: SquareSet,
    mut out: impl FnMut(Square, Square),
) {
    let king = Man::king(side);
    let (dirs, flying) = (
        policy.move_directions(king),
        policy.move_leap(king) == Leap::Flying,
    );
    for from in kings {
        walk_lines(B::geometry(), from, dirs, flying, vacant, &mut out);
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
    mut out: impl FnMut(Square, Square),
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

/// The number of moves [`quiet_moves`] makes, counted on whole sets with bitboard
/// shifts (one shift per direction and distance).
///
/// ```
/// use column_checkers::{Color, SquareSet};
/// use column_checkers::custom::{Board, Grid8x8, count_quiet_moves, quiet_moves};
/// use column_checkers::games::DameoRules;
///
/// let g = Grid8x8::geometry();
/// let own: SquareSet = ["d1", "c2", "h1"].iter().map(|n| g.parse_square(n).unwrap()).collect();
/// let mut n = 0;
/// quiet_moves::<Grid8x8, _>(&DameoRules, Color::White, own, SquareSet::EMPTY, g.all() - own,
///     |_, _| n += 1);
/// assert_eq!(n, 8); // c2-b3 c2-c3 c2-d3 d1-b3 d1-d2 d1-e2 h1-g2 h1-h2
/// assert_eq!(count_quiet_moves::<Grid8x8, _>(&DameoRules, Color::White, own,
///     SquareSet::EMPTY, g.all() - own), n);
/// ```
#[inline(always)]
pub fn count_quiet_moves<B: Board, P: MovePolicy + ?Sized>(
    policy: &P,
    side: Color,
    own: SquareSet,
    kings: SquareSet,
    vacant: SquareSet,
) -> usize {
    let (men, kings) = (own - kings, own & kings);
    // men, then kings (two calls rather than a loop over an array: this is hot), each
    // colour on its own so that its directions are constants
    let count = |color| {
        let men = match P::QUIET_MOVES {
            QuietMoves::Steps => count_group_moves::<B, P>(policy, Man::new(color), men, vacant),
            QuietMoves::LineAdvances => {
                count_line_advances::<B>(men, vacant, policy.move_directions(Man::new(color)))
            }
        };
        men + count_group_moves::<B, P>(policy, Man::king(color), kings, vacant)
    };
    match side {
        Color::White => count(Color::White),
        Color::Black => count(Color::Black),
    }
}

/// The steps or flights of the pieces `group`, led by men like `man`, counted by
/// [`Board::shift`] one direction at a time (unrolled, so the shifts are constants
/// where the board has [`Board::SHIFTS`]).
#[inline(always)]
fn count_group_moves<B: Board, P: MovePolicy + ?Sized>(
    policy: &P,
    man: Man,
    group: SquareSet,
    vacant: SquareSet,
) -> usize {
    if group.is_empty() {
        return 0;
    }
    let mut n = 0;
    let flying = policy.move_leap(man) == Leap::Flying;
    each_direction!(policy.move_directions(man), d, 'next, {
        let mut front = B::shift(group, d) & vacant;
        n += front.count();
        while flying && !front.is_empty() {
            front = B::shift(front, d) & vacant;
            n += front.count();
        }
    });
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::shapes::dark::{Dark10, Dark8};
    use crate::engine::shapes::grid::Grid8x8;
    use crate::engine::stack::Rank;
    use crate::games::dameo::DameoRules;
    use crate::games::draughts::{InternationalRules, RussianRules};
    use crate::games::lasca::LascaRules;
    use crate::tools::rng::SplitMix64;

    fn commander(side: Color, king: bool) -> Man {
        Man {
            color: side,
            rank: if king { Rank::King } else { Rank::Man },
        }
    }

    /// Random pieces: `own`, the opponent's, and kings among both.
    fn random_sets<B: Board>(rng: &mut SplitMix64) -> (SquareSet, SquareSet, SquareSet) {
        let all = B::all();
        let a = SquareSet(rng.next_u64() & rng.next_u64()) & all;
        let b = SquareSet(rng.next_u64() & rng.next_u64()) & (all - a);
        let kings = SquareSet(rng.next_u64() & rng.next_u64() & rng.next_u64()) & (a | b);
        (a, b, kings)
    }

    /// The moves a plain walk over every piece makes: by origin square, then
    /// direction, then distance.
    fn plain_walk<B: Board, P: MovePolicy>(
        policy: &P,
        side: Color,
        own: SquareSet,
        kings: SquareSet,
        vacant: SquareSet,
    ) -> Vec<(Square, Square)> {
        let g = B::geometry();
        let mut want = Vec::new();
        for from in own {
            let man = commander(side, kings.contains(from));
            for d in policy.move_directions(man).iter() {
                let mut at = from;
                while let Some(to) = g.neighbour(at, d).filter(|&t| vacant.contains(t)) {
                    want.push((from, to));
                    if policy.move_leap(man) == Leap::Short {
                        break;
                    }
                    at = to;
                }
            }
        }
        want
    }

    /// Listed in order, unordered and counted, against a plain walk (Steps) or line
    /// advances then king walks (LineAdvances).
    fn agree<B: Board, P: MovePolicy>(policy: &P, seed: u64) {
        let mut rng = SplitMix64::new(seed);
        let mut total = 0;
        for _ in 0..300 {
            let (a, b, kings) = random_sets::<B>(&mut rng);
            let side = Color::from_index(rng.below(2));
            let vacant = B::all() - (a | b);
            let want = match P::QUIET_MOVES {
                QuietMoves::Steps => plain_walk::<B, P>(policy, side, a, kings, vacant),
                QuietMoves::LineAdvances => {
                    let mut w = Vec::new();
                    line_advances::<B>(
                        a - kings,
                        vacant,
                        policy.move_directions(Man::new(side)),
                        |f, t| w.push((f, t)),
                    );
                    w.extend(plain_walk::<B, P>(policy, side, a & kings, kings, vacant));
                    w
                }
            };
            let mut got = Vec::new();
            quiet_moves::<B, P>(policy, side, a, kings, vacant, |f, t| got.push((f, t)));
            assert_eq!(got, want);
            let mut any = Vec::new();
            quiet_moves_of::<B, P, false>(policy, side, a, kings, vacant, |f, t, king| {
                assert_eq!(king, kings.contains(f));
                any.push((f, t))
            });
            any.sort();
            got.sort();
            assert_eq!(any, got);
            assert_eq!(
                count_quiet_moves::<B, P>(policy, side, a, kings, vacant),
                got.len()
            );
            total += got.len();
        }
        assert!(total > 300, "{total} moves");
    }

    #[test]
    fn listed_unordered_and_counted_agree() {
        agree::<Dark10, _>(&InternationalRules, 1);
        agree::<Dark8, _>(&RussianRules, 2);
        agree::<crate::engine::shapes::dark::Dark7, _>(&LascaRules::<false, false>, 3);
        agree::<Grid8x8, _>(&DameoRules, 4);
    }

    #[test]
    fn kinds() {
        assert_eq!(QuietMoves::Steps.kind(false, 2), MoveKind::Step);
        assert_eq!(
            QuietMoves::LineAdvances.kind(false, 2),
            MoveKind::LineAdvance
        );
        assert_eq!(QuietMoves::LineAdvances.kind(false, 1), MoveKind::Step);
    }
}
