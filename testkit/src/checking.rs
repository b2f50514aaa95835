//! What the invariant checker asks of a position beyond [`Position`]: its hash
//! computed from scratch, never through the incremental bookkeeping of
//! [`play`](Position::play), to check that bookkeeping. [`Checking`]'s methods have
//! default bodies that use [`Position`] alone, so a position type written for a test
//! is checked with one line, `impl Checking for MyGame {}`; the crate's position types
//! (every ruleset's) hash from scratch here from what they show through their public
//! API, by the crate's scheme of keys (the `custom` module's Zobrist keys), and [`visit`] (made from the crate's list of rulesets with
//! [`for_each_ruleset!`](column_checkers::for_each_ruleset)) runs generic code that
//! asks for the checker's hooks on the ruleset a [`Ruleset`] names.

use column_checkers::custom::{
    column_key, counter_key, men_key, single_man_key, Board, CheckersPosition, CheckersRules,
    Columns, FullGrid, Storage, StorageOf, BLACK_TO_MOVE,
};
use column_checkers::games::{EmergoBoard, EmergoPosition, EpaminondasBoard, EpaminondasPosition};
use column_checkers::{for_each_ruleset, Color, Introspect, Position, Ruleset};

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

/// Black's key when Black is to move.
fn side_key(turn: Color) -> u64 {
    if turn == Color::Black {
        BLACK_TO_MOVE
    } else {
        0
    }
}

/// The hash of a board of columns computed whole: the key of every column.
fn columns_hash<B: Board>(columns: &Columns<B>) -> u64 {
    columns
        .iter()
        .fold(0, |h, (sq, stack)| h ^ column_key(sq, stack))
}

/// A checkers-like position: the key of every column (a lone piece is a column of one
/// man, read from the storage's bitboards where pieces stand alone) and the side to
/// move; the counts of the counted draws are not hashed (they do not change the legal
/// moves).
impl<R: CheckersRules> Checking for CheckersPosition<R> {
    fn zobrist_from_scratch(&self) -> u64 {
        let board = self.board();
        let pieces = if <StorageOf<R> as Storage<R::Board>>::STACKS {
            columns_hash(&board.columns())
        } else {
            let kings = board.kings();
            Color::ALL.into_iter().fold(0, |h, c| {
                board
                    .owned(c)
                    .iter()
                    .fold(h, |h, sq| h ^ single_man_key(sq, c, kings.contains(sq)))
            })
        };
        pieces ^ side_key(self.turn())
    }
}

/// Emergo: the key of every column, the side to move and the men in hand of each side.
impl<B: EmergoBoard> Checking for EmergoPosition<B> {
    fn zobrist_from_scratch(&self) -> u64 {
        Color::ALL.into_iter().fold(
            columns_hash(self.columns()) ^ side_key(self.turn()),
            |h, c| h ^ counter_key(0, c, self.in_hand(c) as u32),
        )
    }
}

/// Epaminondas: the keys of every man, the side to move and the symmetry option (a
/// flag, the key of a counter of 1); beside another position, the keys of the squares
/// whose man differs and of the side to move (a move keeps the options).
impl<B: EpaminondasBoard> Checking for EpaminondasPosition<B> {
    fn zobrist_from_scratch(&self) -> u64 {
        let symmetry = if self.options().symmetry {
            counter_key(0, Color::White, 1)
        } else {
            0
        };
        let [white, black] = Color::ALL.map(|c| men_key(c, self.men_of(c), squares::<B>()));
        side_key(self.turn()) ^ symmetry ^ white ^ black
    }

    #[inline(always)]
    fn zobrist_from_scratch_beside(&self, base: &Self, base_scratch: u64) -> u64 {
        let [white, black] =
            Color::ALL.map(|c| men_key(c, self.men_of(c) ^ base.men_of(c), squares::<B>()));
        base_scratch ^ side_key(base.turn()) ^ side_key(self.turn()) ^ white ^ black
    }
}

/// The squares of a full grid: a constant of the board type.
#[inline(always)]
fn squares<B: FullGrid>() -> usize {
    usize::from(B::WIDTH) * usize::from(B::HEIGHT)
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

    struct Scratch;
    impl CheckingVisitor for Scratch {
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
            visit(r, Scratch);
        }
    }

    /// The hash from scratch against the incremental hash of positions the random
    /// games of `Scratch` do not reach: men in hand, kings, the symmetry option.
    #[test]
    fn every_state_of_a_position_is_hashed() {
        fn agree<P: Checking>(text: &str) {
            let pos: P = text.parse().unwrap();
            assert_eq!(pos.zobrist_from_scratch(), pos.zobrist(), "{text}");
        }
        agree::<column_checkers::Emergo>("e5:wb,d4:b b 3/9");
        agree::<column_checkers::InternationalDraughts>("W:WK46,32:BK5,19");
        agree::<column_checkers::Bashni>("c3:bwW,e5:B b");
        agree::<column_checkers::NeoCrossings>("8/8/8/3b4/8/8/8/w7 b symmetry");
        agree::<column_checkers::NeoCrossings>("8/8/8/3b4/8/8/8/w7 w");
    }
}
