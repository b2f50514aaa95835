//! What the invariant checker asks of a position beyond [`Position`]: its hash
//! computed from scratch, never through the incremental bookkeeping of
//! [`play`](Position::play), to check that bookkeeping. [`Checking`]'s methods have
//! default bodies that use [`Position`] alone, so a position type written for a test
//! is checked with one line, `impl Checking for MyGame {}`; the crate's position types
//! get faster bodies here, and [`visit`] (made from the crate's list of rulesets with
//! [`for_each_ruleset!`](column_checkers::for_each_ruleset)) runs generic code that
//! asks for the checker's hooks on the ruleset a [`Ruleset`] names.

use column_checkers::custom::{
    column_key, counter_key, CheckersPosition, CheckersRules, BLACK_TO_MOVE,
};
use column_checkers::games::{EmergoBoard, EmergoPosition, EpaminondasBoard, EpaminondasPosition};
use column_checkers::{for_each_ruleset, BoardView, Color, Introspect, Position, Ruleset};

/// The invariant checker's hooks, with default bodies.
pub trait Checking: Position {
    /// The [`zobrist`](Position::zobrist) hash computed from scratch, never through the
    /// incremental bookkeeping of [`play`](Position::play). The default reads the
    /// position back from its own text and takes that position's hash (a position
    /// read from text is hashed whole); if the text does not read back, the
    /// incremental hash is returned (the checker reports the text separately).
    ///
    /// ```
    /// use column_checkers::{Lasca, Position};
    /// use column_checkers_testkit::Checking;
    ///
    /// let mut p = Lasca::start();
    /// p.play(&p.parse_move("c3-d4").unwrap()).unwrap();
    /// assert_eq!(p.zobrist_from_scratch(), p.zobrist());
    /// ```
    fn zobrist_from_scratch(&self) -> u64 {
        self.to_string()
            .parse::<Self>()
            .map_or_else(|_| self.zobrist(), |p| p.zobrist())
    }

    /// [`zobrist_from_scratch`](Self::zobrist_from_scratch), computed from another
    /// position `base` of the same ruleset whose from-scratch hash is `base_scratch`:
    /// a ruleset may recompute only what differs between the two (never through the
    /// incremental bookkeeping of [`play`](Position::play)). The invariant checks use
    /// it for the position after every listed move, with the position before it as
    /// `base`. The default ignores `base` and computes from scratch.
    ///
    /// ```
    /// use column_checkers::{Epaminondas, Position};
    /// use column_checkers_testkit::Checking;
    ///
    /// let start = Epaminondas::start();
    /// let mut next = start.clone();
    /// next.play(&start.parse_move("a2-a3").unwrap()).unwrap();
    /// let scratch = start.zobrist_from_scratch();
    /// assert_eq!(next.zobrist_from_scratch_beside(&start, scratch), next.zobrist_from_scratch());
    /// ```
    fn zobrist_from_scratch_beside(&self, base: &Self, base_scratch: u64) -> u64 {
        let _ = (base, base_scratch);
        self.zobrist_from_scratch()
    }
}

/// The keys of the men in hand of a view.
fn hand_hash(view: &BoardView<'_>) -> u64 {
    Color::ALL.into_iter().fold(0, |h, c| {
        h ^ counter_key(0, c, view.in_hand[c.index()] as u32)
    })
}

/// The from-scratch hash of `pos` beside `base` (whose from-scratch hash is
/// `base_scratch`): `base_scratch` with the keys of every square whose column differs
/// between their board views, of the side to move and of the men in hand changed. The
/// state a move leaves as it is (a ruleset's options) keeps its keys in
/// `base_scratch`. Without board views, from scratch.
fn beside_by_view<P: Checking>(pos: &P, base: &P, base_scratch: u64) -> u64 {
    let (Some(now), Some(then)) = (pos.board_view(), base.board_view()) else {
        return pos.zobrist_from_scratch();
    };
    let side = if now.turn == then.turn {
        0
    } else {
        BLACK_TO_MOVE
    };
    let squares = now
        .stacks
        .iter()
        .zip(then.stacks.iter())
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .fold(0, |h, (i, (&a, &b))| {
            let sq = column_checkers::Square(i as u8);
            h ^ column_key(sq, a) ^ column_key(sq, b)
        });
    base_scratch ^ side ^ squares ^ hand_hash(&now) ^ hand_hash(&then)
}

/// The crate's position types: the hash beside the position before a move from the
/// columns that differ between their board views. Every ruleset's position is one of
/// them (with any rules, board or options: their hashes follow the crate's scheme of
/// keys).
macro_rules! checked_by_view {
    ($([$($generics:tt)*] $position:ty,)+) => {
        $(
            impl<$($generics)*> Checking for $position {
                fn zobrist_from_scratch_beside(&self, base: &Self, base_scratch: u64) -> u64 {
                    beside_by_view(self, base, base_scratch)
                }
            }
        )+
    };
}
checked_by_view! {
    [R: CheckersRules] CheckersPosition<R>,
    [B: EmergoBoard] EmergoPosition<B>,
    [B: EpaminondasBoard] EpaminondasPosition<B>,
}

/// [`visit`], made from the crate's list of rulesets.
macro_rules! visit_rulesets {
    ($($variant:ident: $position:ty,)+) => {
        /// Runs `visitor` on the position type of `ruleset`, as
        /// [`Ruleset::visit`] does, with the checker's hooks.
        ///
        /// ```
        /// use column_checkers::{Position, Ruleset};
        /// use column_checkers_testkit::{invariants, visit, Checking, CheckingVisitor};
        ///
        /// struct CheckStart;
        /// impl CheckingVisitor for CheckStart {
        ///     type Output = bool;
        ///     fn visit<P: Checking>(self) -> bool {
        ///         invariants::check(&P::start()).is_ok()
        ///     }
        /// }
        /// assert!(Ruleset::ALL.iter().all(|&r| visit(r, CheckStart)));
        /// ```
        pub fn visit<V: CheckingVisitor>(ruleset: Ruleset, visitor: V) -> V::Output {
            match ruleset {
                $(Ruleset::$variant => visitor.visit::<$position>(),)+
                _ => unreachable!("for_each_ruleset! lists every ruleset"),
            }
        }
    };
}
for_each_ruleset!(visit_rulesets);

/// Generic code to run on a ruleset with the checker's hooks ([`visit`]): the
/// [`RulesetVisitor`](column_checkers::any::RulesetVisitor) of the test rig.
pub trait CheckingVisitor {
    /// What the code returns.
    type Output;
    /// Runs the code for ruleset `P`.
    fn visit<P: Introspect + Checking>(self) -> Self::Output;
}

#[cfg(test)]
mod tests {
    use super::*;
    use column_checkers::playout::SplitMix64;
    use column_checkers::MoveList;

    /// The hash of what a board view shows, by the crate's scheme of keys (the
    /// `custom` module's Zobrist keys): the key of the column on every square, Black's
    /// key when Black is to move, and the keys of the men in hand.
    fn view_hash(view: &BoardView<'_>) -> u64 {
        let side = if view.turn == Color::Black {
            BLACK_TO_MOVE
        } else {
            0
        };
        view.occupied()
            .fold(side, |h, (sq, stack)| h ^ column_key(sq, stack))
            ^ hand_hash(view)
    }

    /// [`view_hash`] of the board view of `pos`.
    fn hashed_by_view<P: Position>(pos: &P) -> Option<u64> {
        pos.board_view().map(|v| view_hash(&v))
    }

    struct ViewScheme;
    impl CheckingVisitor for ViewScheme {
        type Output = ();
        fn visit<P: Introspect + Checking>(self) {
            let mut rng = SplitMix64::new(5);
            let mut moves = MoveList::new();
            let mut pos = P::start();
            for _ in 0..40 {
                let scratch = pos.zobrist_from_scratch();
                assert_eq!(scratch, pos.zobrist(), "{pos}");
                pos.legal_moves(&mut moves);
                for mv in moves.iter() {
                    let mut next = pos.clone();
                    next.play_unchecked(mv);
                    let beside = next.zobrist_from_scratch_beside(&pos, scratch);
                    assert_eq!(beside, next.zobrist_from_scratch(), "{pos} {mv}");
                }
                let Some(&mv) = moves.get(rng.below(moves.len().max(1))) else {
                    break;
                };
                pos.play_unchecked(&mv);
            }
        }
    }

    #[test]
    fn the_hash_beside_a_position_is_the_hash_from_scratch() {
        for &r in Ruleset::ALL {
            visit(r, ViewScheme);
        }
    }

    #[test]
    fn a_view_hashes_as_the_rulesets_hash() {
        // the scheme of keys holds whole where no option of the ruleset is hashed
        let lasca = column_checkers::Lasca::start();
        assert_eq!(hashed_by_view(&lasca), Some(lasca.zobrist()));
        let emergo: column_checkers::Emergo = "e5:wb,d4:b b 3/9".parse().unwrap();
        assert_eq!(hashed_by_view(&emergo), Some(emergo.zobrist()));
        let draughts = column_checkers::InternationalDraughts::start();
        assert_eq!(hashed_by_view(&draughts), Some(draughts.zobrist()));
    }
}
