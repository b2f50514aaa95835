//! Perft's shortcuts on both storages: the legal replies to a list of moves
//! ([`Position::count_replies`](crate::engine::position::Position::count_replies))
//! and the move sequences of two plies
//! ([`Position::count_two_plies`](crate::engine::position::Position::count_two_plies))
//! counted without playing or listing what can be counted otherwise, and every legal
//! move played without a list
//! ([`Position::play_each_move`](crate::engine::position::Position::play_each_move),
//! perft without bulk counting). Nothing here changes what a position is or which
//! moves it has: every count equals the one [`Ops::legal_moves`] lists, and every
//! position made is one a listed move leads to (the tests below and the perft data
//! check it), so a reader of the rules may skip this module.
//!
//! - **Columns**: each move is played on one scratch copy and taken back in place;
//!   quiet steps move the column there and back with [`Columns::shuttle`] (counting
//!   does not read the hash).
//! - **Pieces**: each move is played on the bitboards alone, without the hash, and
//!   the replies counted there ("bitboard leaves"); where the quiet moves are
//!   [`QuietMoves::Steps`] and the replier has men only, the replies to every quiet
//!   move are counted from one look at the position ([`StepReplies`]), and perft's
//!   last two plies without listing the quiet moves at all. Played without a list,
//!   each move's change (hash included) is made as the move is found: the men's
//!   steps and single jumps on whole sets, a direction at a time, the other captures
//!   from the search's identities without their routes.

use super::{capture_change, change_of, count_moves_on, step_change, Ops, PieceChange, StoredMove};
use crate::engine::board::Board;
use crate::engine::capture::{first_jumpers, group_jumpers, CaptureGenerator, CapturePolicy, Leap};
use crate::engine::color::Color;
use crate::engine::columns::Columns;
use crate::engine::moves::{MoveList, MovePath};
use crate::engine::pieces::Pieces;
use crate::engine::quiet::{
    king_quiet_moves, quiet_moves_of, steps_on_sets, MovePolicy, QuietMoves,
};
use crate::engine::removal::{
    count_single_jumps, jump_landings, jumps_end_on_landing, single_jumps, Taken,
};
use crate::engine::square::each_direction;
use crate::engine::square::{DirectionSet, Square, SquareSet};
use crate::engine::stack::Man;
use crate::engine::zobrist::single_man_key;
use smallvec::SmallVec;

/// Perft's bulk counting on a storage (sealed: the crate implements it for
/// [`Columns`] and [`Pieces`]).
pub trait Bulk<B: Board>: Ops<B> {
    /// The sum over `moves` (legal moves of `side`) of the number of legal replies
    /// after each.
    fn count_replies<P: MovePolicy, M: StoredMove<B, Self::Change>>(
        &self,
        policy: &P,
        side: Color,
        moves: &[M],
    ) -> u64;

    /// The number of move sequences of two plies of `side` and its opponent;
    /// `scratch` is a list to use.
    fn count_two_plies<P: MovePolicy, M: StoredMove<B, Self::Change>>(
        &self,
        policy: &P,
        side: Color,
        scratch: &mut MoveList<M>,
    ) -> u64;

    /// Plays each legal move of `side` on `board(next)`, the board of `next` (a copy
    /// of the position whose board is `self`, with the side to move already turned),
    /// and calls `visit(next)` after each: one call per legal move, in no particular
    /// order; `scratch` is a list to use. Afterwards `board(next)` is unspecified.
    fn play_each<P: MovePolicy, M: StoredMove<B, Self::Change>, T>(
        &self,
        policy: &P,
        side: Color,
        scratch: &mut MoveList<M>,
        next: &mut T,
        board: impl Fn(&mut T) -> &mut Self,
        visit: impl FnMut(&T),
    );
}

impl<B: Board> Bulk<B> for Columns<B> {
    /// Every move is played on one scratch copy and taken back in place: quiet steps
    /// that crown nobody move the column there and back with [`Columns::shuttle`],
    /// other moves are played and [taken back](Ops::take_back).
    fn count_replies<P: MovePolicy, M: StoredMove<B, ()>>(
        &self,
        policy: &P,
        side: Color,
        moves: &[M],
    ) -> u64 {
        let mut scratch = *self;
        let promotion = P::RULES.promotion_squares_on::<B>(side);
        let mut total = 0;
        for mv in moves {
            match *mv.path() {
                MovePath::Step { from, to }
                    if !promotion.contains(to) || scratch.kings().contains(from) =>
                {
                    scratch.shuttle(from, to);
                    total += scratch.count_moves(policy, !side) as u64;
                    scratch.shuttle(to, from);
                }
                _ => {
                    scratch.play(policy, side, mv);
                    total += scratch.count_moves(policy, !side) as u64;
                    scratch.take_back(self, mv);
                }
            }
        }
        debug_assert!(scratch == *self, "moves taken back exactly");
        total
    }

    fn count_two_plies<P: MovePolicy, M: StoredMove<B, ()>>(
        &self,
        policy: &P,
        side: Color,
        scratch: &mut MoveList<M>,
    ) -> u64 {
        self.legal_moves(policy, side, scratch);
        self.count_replies(policy, side, scratch)
    }

    /// The moves are listed, and each is played on the board of `next` and
    /// [taken back](Ops::take_back).
    fn play_each<P: MovePolicy, M: StoredMove<B, ()>, T>(
        &self,
        policy: &P,
        side: Color,
        scratch: &mut MoveList<M>,
        next: &mut T,
        board: impl Fn(&mut T) -> &mut Self,
        mut visit: impl FnMut(&T),
    ) {
        self.legal_moves(policy, side, scratch);
        for mv in scratch.iter() {
            board(next).play(policy, side, mv);
            visit(next);
            board(next).take_back(self, mv);
        }
    }
}

impl<B: Board> Bulk<B> for Pieces<B> {
    /// Quiet moves are counted from one look at the position where that is exact
    /// ([`StepReplies`]); otherwise every move is played on the bitboards alone
    /// ([`bitboard_replies`]).
    #[inline]
    fn count_replies<P: MovePolicy, M: StoredMove<B, PieceChange>>(
        &self,
        policy: &P,
        side: Color,
        moves: &[M],
    ) -> u64 {
        if let Some(total) = step_replies_of(self, policy, side, moves) {
            return total;
        }
        bitboard_replies(self, policy, side, moves)
    }

    /// When `side` has no capture and the replies to its quiet moves are counted from
    /// one look at the position ([`StepReplies`]), each quiet move's replies are
    /// counted as the move is found, without listing it. Otherwise the moves are
    /// listed and their replies counted by [`count_replies`](Self::count_replies).
    fn count_two_plies<P: MovePolicy, M: StoredMove<B, PieceChange>>(
        &self,
        policy: &P,
        side: Color,
        scratch: &mut MoveList<M>,
    ) -> u64 {
        if P::QUIET_MOVES != QuietMoves::Steps {
            self.legal_moves(policy, side, scratch);
            return self.count_replies(policy, side, scratch);
        }
        scratch.clear();
        let (own, kings) = (self.owned(side), self.kings());
        let captures = CaptureGenerator::new(policy, self, side);
        let origins = captures.capturers();
        if !origins.is_empty() {
            captures.moves_from(origins, |r, t| {
                scratch.push(M::capture(r, capture_change(self, side, &t)))
            });
            return bitboard_replies(self, policy, side, scratch);
        }
        let vacant = self.vacant();
        if let Some(replies) = step_replies(self, policy, side) {
            // the quiet moves (`QuietMoves::Steps`), in any order
            let mut total = 0;
            quiet_moves_of::<B, P, false>(policy, side, own, kings, vacant, |from, to, _| {
                total += replies.count(from, to) as u64
            });
            return total;
        }
        let promotion = P::RULES.promotion_squares_on::<B>(side);
        quiet_moves_of::<B, P, true>(policy, side, own, kings, vacant, |from, to, king| {
            scratch.push(M::step(
                from,
                to,
                step_change(side, from, to, king, promotion),
            ))
        });
        bitboard_replies(self, policy, side, scratch)
    }

    /// Each move is made as it is found, its change applied to a copy of the
    /// bitboards, without a list: the men's steps and single jumps on whole sets, a
    /// direction at a time ([`steps_on_sets`], [`single_jumps`]), the other captures
    /// from the search's identities, without their routes.
    #[inline]
    fn play_each<P: MovePolicy, M: StoredMove<B, PieceChange>, T>(
        &self,
        policy: &P,
        side: Color,
        _scratch: &mut MoveList<M>,
        next: &mut T,
        board: impl Fn(&mut T) -> &mut Self,
        visit: impl FnMut(&T),
    ) {
        // each colour on its own, so that its sets and directions are constants
        match side {
            Color::White => play_each_of(self, policy, Color::White, next, board, visit),
            Color::Black => play_each_of(self, policy, Color::Black, next, board, visit),
        }
    }
}

/// [`Bulk::play_each`] of `side` on [`Pieces`].
#[inline(always)]
fn play_each_of<B: Board, P: MovePolicy, T>(
    pieces: &Pieces<B>,
    policy: &P,
    side: Color,
    next: &mut T,
    board: impl Fn(&mut T) -> &mut Pieces<B>,
    mut visit: impl FnMut(&T),
) {
    let (own, kings) = (pieces.owned(side), pieces.kings());
    let vacant = pieces.vacant();
    let man = Man::new(side);
    let jumps = FirstJumps::of(pieces, policy, side);
    let mut play = |c: PieceChange| {
        let mut after = *pieces;
        after.xor(side, c.movers, c.taken, c.kings, c.hash);
        *board(next) = after;
        visit(next);
    };
    if jumps.any {
        if jumps.single {
            // every capture one jump of a man: played as found
            return single_jumps::<B, P>(policy, side, &jumps.landings, |t| {
                play(jump_change(side, &t, kings))
            });
        }
        // found out of line, played here: `visit` stays in this function
        let mut changes = SmallVec::new();
        capture_changes(
            pieces,
            policy,
            side,
            jumps.landings,
            jumps.others,
            &mut changes,
        );
        for c in &changes {
            play(*c);
        }
        return;
    }
    let promotion = P::RULES.promotion_squares_on::<B>(side);
    if P::QUIET_MOVES == QuietMoves::Steps && policy.move_leap(man) == Leap::Short {
        // the men's steps, those that crown apart: each loop's change of rank a constant
        let (men, dirs) = (own - kings, policy.move_directions(man));
        steps_on_sets::<B>(dirs, men, vacant - promotion, |from, to| {
            play(step_change(side, from, to, false, SquareSet::EMPTY))
        });
        steps_on_sets::<B>(dirs, men, vacant & promotion, |from, to| {
            play(step_change(side, from, to, false, B::all()))
        });
        king_quiet_moves::<B, P>(policy, side, own & kings, vacant, |from, to| {
            play(step_change(side, from, to, true, SquareSet::EMPTY))
        });
        return;
    }
    quiet_moves_of::<B, P, false>(policy, side, own, kings, vacant, |from, to, king| {
        play(step_change(side, from, to, king, promotion))
    });
}

/// The first jumps of a side on [`Pieces`], for [`play_each_of`].
struct FirstJumps {
    /// The landing squares of the first jumps of its men, by direction, where they
    /// leap short (else none).
    landings: [SquareSet; 8],
    /// Its other pieces with a first jump: its kings, or all where men fly.
    others: SquareSet,
    /// Whether it has a capture.
    any: bool,
    /// Whether every capture is one jump of a man (read from `landings`).
    single: bool,
}

impl FirstJumps {
    /// The first jumps of `side` on `pieces`: of short-leaping men by their landing
    /// squares, which the captures read again; of the other pieces by their squares.
    #[inline(always)]
    fn of<B: Board, P: MovePolicy>(pieces: &Pieces<B>, policy: &P, side: Color) -> Self {
        let (own, enemy, kings) = (pieces.owned(side), pieces.owned(!side), pieces.kings());
        let vacant = pieces.vacant();
        if policy.leap(Man::new(side)) != Leap::Short {
            let others = first_jumpers::<B, P>(policy, side, [own, enemy], kings, false);
            return FirstJumps {
                landings: [SquareSet::EMPTY; 8],
                others,
                any: !others.is_empty(),
                single: false,
            };
        }
        let (landings, landed) = jump_landings::<B, P>(policy, side, own - kings, enemy, vacant);
        let others =
            group_jumpers::<B, P>(policy, Man::king(side), own & kings, enemy, vacant, false);
        let any = !(landed | others).is_empty();
        FirstJumps {
            landings,
            others,
            any,
            single: any
                && others.is_empty()
                && jumps_end_on_landing::<B, P>(policy, side, landed, enemy, vacant),
        }
    }
}

/// The change of a single jump `t` of a man of `side` over one piece (`t.pieces`),
/// where `kings` are the kings' squares: [`capture_change`] of one piece taken.
#[inline(always)]
fn jump_change(side: Color, t: &Taken, kings: SquareSet) -> PieceChange {
    let crowned = t.crowned;
    let (f, to) = (SquareSet::from_square(t.from), SquareSet::from_square(t.to));
    let over = t.pieces.first_square().unwrap_or(t.to);
    let king_taken = kings & t.pieces;
    PieceChange {
        movers: f | to,
        taken: t.pieces,
        kings: king_taken | if crowned { to } else { SquareSet::EMPTY },
        hash: single_man_key(t.from, side, false)
            ^ single_man_key(t.to, side, crowned)
            ^ single_man_key(over, !side, !king_taken.is_empty()),
    }
}

/// The changes of the captures of `side` on `pieces` where they are not all single
/// jumps of men, into `out`: its short-leaping men's first jumps land on `landings`
/// (by direction), its other pieces with a first jump are `others`. Out of line, as
/// most positions have none.
#[inline(never)]
fn capture_changes<B: Board, P: MovePolicy>(
    pieces: &Pieces<B>,
    policy: &P,
    side: Color,
    landings: [SquareSet; 8],
    others: SquareSet,
    out: &mut SmallVec<[PieceChange; 16]>,
) {
    // the men with a first jump, two steps back from each landing square
    let mut origins = others;
    each_direction!(policy.directions(Man::new(side)), d, 'next, {
        let back = B::opposite(d);
        origins |= B::shift(B::shift(landings[d.index()], back), back);
    });
    pieces.capture_identities(policy, side, origins, |t| {
        out.push(capture_change(pieces, side, &t))
    });
}

/// The replies to `moves` counted from one look at the position ([`StepReplies`]):
/// `Some` when `moves` are quiet moves of a game with [`QuietMoves::Steps`] and that
/// count is exact.
#[inline]
fn step_replies_of<B: Board, P: MovePolicy, M: StoredMove<B, PieceChange>>(
    pieces: &Pieces<B>,
    policy: &P,
    side: Color,
    moves: &[M],
) -> Option<u64> {
    if P::QUIET_MOVES != QuietMoves::Steps || matches!(moves.first()?.path(), MovePath::Capture(_))
    {
        return None;
    }
    let replies = step_replies(pieces, policy, side)?;
    let mut total = 0;
    for mv in moves {
        let MovePath::Step { from, to } = *mv.path() else {
            return None;
        };
        total += replies.count(from, to) as u64;
    }
    Some(total)
}

/// The [`StepReplies`] counter for the replies to the quiet moves of `side`, where
/// the quiet moves are [`QuietMoves::Steps`] and the replier's men step one square;
/// `None` where it would not be exact.
#[inline(always)]
fn step_replies<'p, B: Board, P: MovePolicy>(
    pieces: &Pieces<B>,
    policy: &'p P,
    side: Color,
) -> Option<StepReplies<'p, B, P>> {
    if P::QUIET_MOVES != QuietMoves::Steps {
        return None;
    }
    let replier = !side;
    let step = Man::new(replier);
    if policy.move_leap(step) != Leap::Short {
        return None;
    }
    StepReplies::<B, P>::new(
        policy,
        replier,
        policy.move_directions(step),
        [pieces.owned(replier), pieces.owned(side)],
        pieces.kings(),
    )
}

/// [`Bulk::count_replies`] on bitboards alone: each move's change (made with it, or
/// worked out for a move made elsewhere) is applied to the owners' and kings' sets and
/// the replies are counted there ([`count_moves_on`]); no position is copied or
/// changed, no hash is kept.
#[inline]
fn bitboard_replies<B: Board, P: MovePolicy, M: StoredMove<B, PieceChange>>(
    pieces: &Pieces<B>,
    policy: &P,
    side: Color,
    moves: &[M],
) -> u64 {
    let (own, enemy) = (pieces.owned(side), pieces.owned(!side));
    let kings = pieces.kings();
    let mut total = 0;
    for mv in moves {
        let mut c = *mv.change();
        if c.is_unknown() {
            c = change_of(policy, pieces, side, mv.path());
        }
        let after = [enemy ^ c.taken, own ^ c.movers];
        total += count_moves_on::<B, P>(policy, !side, after, kings ^ c.kings) as u64;
    }
    total
}

/// The replies of the opponent after each quiet move of the side to move in a removal
/// game, counted from one look at the position (perft's last ply, see
/// [`Position::count_replies`](crate::engine::position::Position::count_replies)),
/// where that is exact: the opponent (`replier`) has men only, short-leaping, with
/// one-square steps as its only quiet moves, and no capture on the board as it
/// stands. A quiet move from `from` to `to` then gives the replier a first jump only
/// over the piece now on `to` or onto the square `from` now vacant, and changes its
/// steps only into those two squares: [`count`](Self::count) tests the two squares
/// against sets made once for the position, looks at their neighbours only where a
/// capture may follow, and searches the captures from the men that have such a jump.
struct StepReplies<'p, B: Board, P: CapturePolicy + ?Sized> {
    policy: &'p P,
    replier: Color,
    /// The replier's men, the mover's pieces, the vacant squares.
    men: SquareSet,
    mover: SquareSet,
    vacant: SquareSet,
    /// The replier's steps on the board as it stands.
    steps: usize,
    /// The squares next to a replier's man in one of its capture directions.
    adjacent: SquareSet,
    /// The squares of `adjacent` with a vacant square beyond them in that direction:
    /// a piece of the mover's arriving there can be jumped.
    exposed: SquareSet,
    /// The squares two steps from a replier's man in one of its capture directions.
    beyond: SquareSet,
    /// The squares of `beyond` with a piece of the mover's between: where a man would
    /// land by jumping it (all occupied, since the replier has no capture), so a
    /// quiet move from one of them gives the replier a capture.
    landings: SquareSet,
    /// The number of the replier's men that step into each square, bit-sliced: bit
    /// `k` of the number is in `into[k]`.
    into: [SquareSet; 3],
    board: core::marker::PhantomData<B>,
}

impl<'p, B: Board, P: CapturePolicy + ?Sized> StepReplies<'p, B, P> {
    /// The counter for the replies of `replier`, whose men capture under `policy` and
    /// step one square in `step_dirs`, where `owned` holds the squares of its pieces
    /// and of the mover's and `kings` the kings' squares; `None` when the count would
    /// not be exact (see the type).
    #[inline]
    fn new(
        policy: &'p P,
        replier: Color,
        step_dirs: DirectionSet,
        owned: [SquareSet; 2],
        kings: SquareSet,
    ) -> Option<Self> {
        let [men, mover] = owned;
        if !(men & kings).is_empty() || policy.leap(Man::new(replier)) != Leap::Short {
            return None;
        }
        let vacant = B::all() - (men | mover);
        if count_single_jumps::<B, P>(policy, replier, men, mover, vacant) != Some(0) {
            return None;
        }
        if step_dirs.0.count_ones() > 7 {
            return None;
        }
        let mut steps = 0;
        let mut into = [SquareSet::EMPTY; 3];
        each_direction!(step_dirs, d, 'next, {
            // add the men stepping in direction `d`, bit-sliced
            let mut carry = B::shift(men, d);
            steps += (carry & vacant).count();
            for plane in &mut into {
                let next = *plane & carry;
                *plane ^= carry;
                carry = next;
            }
        });
        let [mut adjacent, mut exposed, mut beyond, mut landings] = [SquareSet::EMPTY; 4];
        each_direction!(policy.directions(Man::new(replier)), d, 'next, {
            let next = B::shift(men, d);
            adjacent |= next;
            exposed |= next & B::shift(vacant, B::opposite(d));
            beyond |= B::shift(next, d);
            landings |= B::shift(next & mover, d);
        });
        Some(StepReplies {
            policy,
            replier,
            men,
            mover,
            vacant,
            steps,
            adjacent,
            exposed,
            beyond,
            landings,
            into,
            board: core::marker::PhantomData,
        })
    }

    /// The number of the replier's legal moves after the mover's quiet move from
    /// `from` to `to`.
    #[inline(always)]
    fn count(&self, from: Square, to: Square) -> usize {
        // A first jump of the replier after the move takes the piece on `to` (landing
        // beyond it on a square vacant before the move, or on `from`: then `from` is
        // two steps from the jumper) or lands on `from` (over a piece that was there
        // before the move, or over `to`); any other was there before the move.
        let may_capture = self.exposed.contains(to)
            || self.landings.contains(from)
            || (self.adjacent.contains(to) && self.beyond.contains(from));
        if !may_capture {
            // no capture: the replier's steps change only into `from` and `to`
            return self.steps + self.stepping_into(from) - self.stepping_into(to);
        }
        self.count_after_exposing(from, to)
    }

    /// [`count`](Self::count) out of line, where the move may give the replier a
    /// capture.
    #[inline(never)]
    fn count_after_exposing(&self, from: Square, to: Square) -> usize {
        let vacant = (self.vacant | SquareSet::from_square(from)) - SquareSet::from_square(to);
        let mover = (self.mover - SquareSet::from_square(from)) | SquareSet::from_square(to);
        let men = self.men;
        let (to_set, from_set) = (SquareSet::from_square(to), SquareSet::from_square(from));
        // the men with a first jump: over the piece on `to`, or onto `from`; found by
        // shifts of the two squares, without branches (which way each test goes
        // depends on the move, and mispredicted branches cost more than the shifts)
        let mut jumpers = SquareSet::EMPTY;
        // unrolled, each direction a constant where the policy's are
        each_direction!(self.policy.directions(Man::new(self.replier)), d, 'next, {
            let back = B::opposite(d);
            // all squares when the square beyond `to` is vacant, else none
            let open = SquareSet(0u64.wrapping_sub(u64::from(
                !(B::shift(to_set, d) & vacant).is_empty(),
            )));
            jumpers |= B::shift(to_set, back) & men & open;
            jumpers |= B::shift(B::shift(from_set, back) & mover, back) & men;
        });
        if !jumpers.is_empty() {
            let after = Pieces::<B>::counting(self.replier, [men, mover], SquareSet::EMPTY);
            return CaptureGenerator::new(self.policy, &after, self.replier).count_from(jumpers);
        }
        self.steps + self.stepping_into(from) - self.stepping_into(to)
    }

    /// The number of the replier's men that step into `sq` (read from `into`).
    #[inline(always)]
    fn stepping_into(&self, sq: Square) -> usize {
        self.into
            .iter()
            .enumerate()
            .map(|(k, p)| usize::from(p.contains(sq)) << k)
            .sum::<usize>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::capture::reference;
    use crate::engine::capture::{CapturePromotion, CaptureRules, Majority, Rejump, Removed};
    use crate::engine::moves::Route;
    use crate::engine::powers::men_forward;
    use crate::engine::shapes::dark::{Dark8, DARK8_SETUP};
    use crate::engine::square::DirectionSet;
    use crate::engine::square::Square;
    use crate::engine::stack::Stack;
    use crate::engine::storage::Storage;
    use crate::games::bashni::BashniRules;
    use crate::games::checkers::CheckersRules;
    use crate::games::dameo::DameoRules;
    use crate::games::draughts::{BrazilianRules, InternationalRules, RussianRules};
    use crate::games::lasca::LascaRules;
    use crate::tools::rng::SplitMix64;

    /// A move of the tests on either storage.
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct TestMove<C> {
        path: MovePath,
        change: C,
    }

    impl<B: Board, C: Copy> StoredMove<B, C> for TestMove<C> {
        fn step(from: Square, to: Square, change: C) -> Self {
            TestMove {
                path: MovePath::Step { from, to },
                change,
            }
        }
        fn capture(route: Route, change: C) -> Self {
            TestMove {
                path: MovePath::Capture(route),
                change,
            }
        }
        fn path(&self) -> &MovePath {
            &self.path
        }
        fn change(&self) -> &C {
            &self.change
        }
    }

    type Moves<S, B> = MoveList<TestMove<<S as Ops<B>>::Change>>;

    /// Random columns of one man (or, with `stacks`, sometimes two): on a random
    /// share of the squares, a random share of them kings (men on their promotion row
    /// are kings).
    fn random_columns<R: CheckersRules>(rng: &mut SplitMix64, stacks: bool) -> Columns<R::Board> {
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
            let mut s = Stack::single(man);
            if stacks && rng.below(3) == 0 {
                s.push_bottom(Man::new(!color));
            }
            columns.set(sq, s);
        }
        columns
    }

    /// The replies of `board`'s moves, each played and listed; the hash after each
    /// move is the one recomputed.
    fn listed_replies<R: CheckersRules, S: Storage<R::Board>>(
        rules: &R,
        board: &S,
        side: Color,
        moves: &[TestMove<S::Change>],
    ) -> u64 {
        let mut replies = Moves::<S, R::Board>::new();
        let mut listed = 0;
        for mv in moves {
            let mut next = *board;
            next.play(rules, side, mv);
            assert_eq!(next.zobrist(), next.full_hash());
            next.legal_moves(rules, !side, &mut replies);
            assert_eq!(next.count_moves(rules, !side), replies.len());
            listed += replies.len() as u64;
        }
        listed
    }

    /// The boards `play_each` makes for `side`'s moves on `board` are those the listed
    /// `moves` lead to: one for each, equal and with equal hashes (each equal to a
    /// full recompute), in any order.
    fn played_as_listed<R: CheckersRules, S: Storage<R::Board>>(
        rules: &R,
        board: &S,
        side: Color,
        moves: &[TestMove<S::Change>],
    ) {
        let mut made = Vec::new();
        let mut next = *board;
        let mut scratch = Moves::<S, R::Board>::new();
        board.play_each(
            rules,
            side,
            &mut scratch,
            &mut next,
            |b| b,
            |b: &S| {
                assert_eq!(b.zobrist(), b.full_hash(), "{board:?}");
                made.push(*b);
            },
        );
        assert_eq!(made.len(), moves.len(), "{board:?}");
        for mv in moves {
            let mut after = *board;
            after.play(rules, side, mv);
            let at = made
                .iter()
                .position(|m| *m == after && m.zobrist() == after.zobrist())
                .unwrap_or_else(|| panic!("{board:?}: {:?} not made", mv.path));
            made.swap_remove(at);
        }
    }

    /// On random positions of single pieces: the captures listed on `Pieces` are the
    /// capture traversal's reference's (the same routes in the same order, each leading
    /// to the reference's position), the change worked out for a move made elsewhere
    /// is the one listed, and the replies and two plies counted on the bitboards are
    /// those listed after playing each move (its change known or worked out).
    fn pieces_count_as_listed<R: CheckersRules>(seed: u64) -> usize {
        let rules = R::default();
        let mut rng = SplitMix64::new(seed);
        let mut moves = Moves::<Pieces<R::Board>, R::Board>::new();
        let mut scratch = Moves::<Pieces<R::Board>, R::Board>::new();
        let mut captures = 0;
        for _ in 0..400 {
            let cols = random_columns::<R>(&mut rng, false);
            let pieces = Pieces::from_columns(&cols).expect("single men");
            let side = Color::from_index(rng.below(2));
            pieces.legal_moves(&rules, side, &mut moves);
            let expected = reference::moves(&rules, &cols, side);
            let routes: Vec<_> = moves
                .iter()
                .filter_map(|m| match m.path {
                    MovePath::Capture(r) => Some(r),
                    _ => None,
                })
                .collect();
            let want: Vec<_> = expected.iter().map(|c| c.route).collect();
            assert_eq!(routes, want, "{cols:?}");
            assert!(routes.is_empty() || routes.len() == moves.len(), "{cols:?}");
            for (a, c) in moves.iter().zip(&expected) {
                let mut p = pieces;
                p.play(&rules, side, a);
                assert_eq!(p.to_columns(), c.after, "{cols:?} {:?}", a.path);
                assert_eq!(p.hash(), c.after.hash(), "{cols:?} {:?}", a.path);
            }
            for a in moves.iter() {
                // the change worked out for a move made elsewhere is the one found
                assert_eq!(change_of(&rules, &pieces, side, &a.path), a.change);
            }
            captures += usize::from(!expected.is_empty());
            played_as_listed(&rules, &pieces, side, &moves);
            let listed = listed_replies(&rules, &pieces, side, &moves);
            assert_eq!(
                bitboard_replies(&pieces, &rules, side, &moves),
                listed,
                "{cols:?}"
            );
            assert_eq!(
                pieces.count_replies(&rules, side, &moves),
                listed,
                "{cols:?}"
            );
            assert_eq!(pieces.count_two_plies(&rules, side, &mut scratch), listed);
            // moves made elsewhere (their change unknown) are worked out
            let unknown: Vec<_> = moves
                .iter()
                .map(|m| TestMove {
                    path: m.path,
                    change: PieceChange::default(),
                })
                .collect();
            assert_eq!(
                bitboard_replies(&pieces, &rules, side, &unknown),
                listed,
                "{cols:?}"
            );
            assert_eq!(
                listed_replies(&rules, &pieces, side, &unknown),
                listed,
                "{cols:?}"
            );
        }
        captures
    }

    /// Men that step and capture forward only, which none of the crate's rulesets
    /// has: short-leaping pieces are English checkers' moves (free choice among
    /// captures; a man cannot jump back, where every ruleset of the crate has men that
    /// capture backwards, so that a landing square always has the jumped piece behind
    /// it); with `FLYING`, men fly like kings, which sends the capture search down its
    /// flying leaps, where a man may reach the far row in the middle of one.
    /// `PROMOTION`: 0 the crowning ends the move, 1 it goes on crowned, 2 a man is
    /// crowned where the move ends.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    struct ForwardMen<const FLYING: bool, const PROMOTION: u8>;

    impl<const FLYING: bool, const PROMOTION: u8> CapturePolicy for ForwardMen<FLYING, PROMOTION> {
        type Taking = Removed;
        const RULES: CaptureRules = CaptureRules {
            rejump: Rejump::Never,
            reversal: None,
            majority: Majority::FreeChoice,
            promotion: match PROMOTION {
                0 => CapturePromotion::EndsMove,
                1 => CapturePromotion::Continues,
                _ => CapturePromotion::AtEndOfMove,
            },
        };
        fn directions(&self, commander: Man) -> DirectionSet {
            men_forward::<Dark8>(commander)
        }
        fn leap(&self, _: Man) -> Leap {
            if FLYING {
                Leap::Flying
            } else {
                Leap::Short
            }
        }
    }

    impl<const FLYING: bool, const PROMOTION: u8> MovePolicy for ForwardMen<FLYING, PROMOTION> {}

    impl<const FLYING: bool, const PROMOTION: u8> CheckersRules for ForwardMen<FLYING, PROMOTION> {
        type Board = Dark8;
        const NAME: &'static str = "forward-men";
        const START: &'static str = DARK8_SETUP;
        const MEN: usize = 12;
        const CAPTURE_SEPARATOR: char = 'x';
    }

    #[test]
    fn flying_men_list_and_count_as_on_columns() {
        for seed in 0..2 {
            let ends = pieces_count_as_listed::<ForwardMen<true, 0>>(seed);
            let goes_on = pieces_count_as_listed::<ForwardMen<true, 1>>(seed);
            let at_end = pieces_count_as_listed::<ForwardMen<true, 2>>(seed);
            assert!(
                ends.min(goes_on).min(at_end) > 40,
                "{ends} {goes_on} {at_end}"
            );
        }
    }

    #[test]
    fn pieces_count_replies_as_listed() {
        for seed in 0..3 {
            let captures = pieces_count_as_listed::<InternationalRules>(seed)
                + pieces_count_as_listed::<BrazilianRules>(seed)
                + pieces_count_as_listed::<RussianRules>(seed)
                + pieces_count_as_listed::<DameoRules>(seed);
            assert!(captures > 160, "captures in {captures} positions");
            let forward = pieces_count_as_listed::<ForwardMen<false, 0>>(seed);
            assert!(forward > 40, "captures in {forward} positions");
        }
    }

    /// Columns of one or two men: the replies counted in place are those listed.
    fn columns_count_as_listed<R: CheckersRules>(seed: u64) {
        let rules = R::default();
        let mut rng = SplitMix64::new(seed);
        let mut moves = Moves::<Columns<R::Board>, R::Board>::new();
        let mut scratch = Moves::<Columns<R::Board>, R::Board>::new();
        let mut counted = 0;
        for _ in 0..300 {
            let cols = random_columns::<R>(&mut rng, true);
            let side = Color::from_index(rng.below(2));
            cols.legal_moves(&rules, side, &mut moves);
            played_as_listed(&rules, &cols, side, &moves);
            let listed = listed_replies(&rules, &cols, side, &moves);
            assert_eq!(cols.count_replies(&rules, side, &moves), listed, "{cols:?}");
            assert_eq!(cols.count_two_plies(&rules, side, &mut scratch), listed);
            counted += listed;
        }
        assert!(counted > 1000, "{counted} replies");
    }

    #[test]
    fn columns_count_replies_as_listed() {
        columns_count_as_listed::<BashniRules>(1);
        columns_count_as_listed::<BashniRules<true>>(2);
        columns_count_as_listed::<LascaRules>(3);
    }

    /// The replies counted from one look at the position (`StepReplies`) are those
    /// of the positions played, on random positions where the replier has men only
    /// (the mover's kings fly, its men step and promote) and often a capture after
    /// the move.
    fn step_replies_agree<R: CheckersRules>(seed: u64) {
        let rules = R::default();
        let mut rng = SplitMix64::new(seed);
        let mut moves = Moves::<Pieces<R::Board>, R::Board>::new();
        let mut replies = Moves::<Pieces<R::Board>, R::Board>::new();
        let (mut counted, mut captures) = (0, 0);
        for _ in 0..2000 {
            let side = Color::from_index(rng.below(2));
            let mut pieces = Pieces::from_columns(&random_columns::<R>(&mut rng, false)).unwrap();
            for sq in pieces.owned(!side) & pieces.kings() {
                pieces.remove(sq);
            }
            pieces.legal_moves(&rules, side, &mut moves);
            let Some(n) = step_replies_of(&pieces, &rules, side, &moves) else {
                continue;
            };
            let mut listed = 0;
            for mv in moves.iter() {
                let mut next = pieces;
                next.play(&rules, side, mv);
                next.legal_moves(&rules, !side, &mut replies);
                let capture =
                    matches!(replies.first(), Some(m) if matches!(m.path, MovePath::Capture(_)));
                captures += usize::from(capture);
                listed += replies.len() as u64;
            }
            assert_eq!(n, listed, "{pieces:?}");
            assert_eq!(pieces.count_two_plies(&rules, side, &mut replies), listed);
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

    #[test]
    fn no_step_replies_for_line_advances() {
        let rules = DameoRules;
        let pieces = Pieces::<crate::engine::shapes::grid::Grid8x8>::from_columns(
            &crate::text::position_text::read_columns("d4:w,e6:b", 0).unwrap(),
        )
        .unwrap();
        type G = crate::engine::shapes::grid::Grid8x8;
        let mut moves = Moves::<Pieces<G>, G>::new();
        pieces.legal_moves(&rules, Color::White, &mut moves);
        assert!(step_replies(&pieces, &rules, Color::White).is_none());
        assert!(step_replies_of(&pieces, &rules, Color::White, &moves).is_none());
    }
}
