//! Counted draws: the draughts federations' rules that end a game as a draw after a
//! number of moves, as data a ruleset chooses ([`CountedDraws`]), and the counts a
//! position carries for them ([`DrawCounts`]).

use core::ops::RangeInclusive;

use crate::engine::outcome::EndReason;
use crate::engine::square::SquareSet;

/// A ruleset's counted draws: data, as [`CaptureRules`](crate::custom::CaptureRules)
/// are for captures.
///
/// Two kinds of count exist in the federations' rules:
///
/// - **Kings only**: so many successive moves by each player in which only kings moved
///   and nothing was captured (FMJD: 25; Russian: 15; Brazilian: 20). A move of a man or
///   a capture starts the count again.
/// - **Endgames**: once the pieces on the board fall into a class (three pieces against
///   a lone king, say), the game is a draw after so many more moves by each player
///   (FMJD: 16, or 5 with fewer pieces). The count starts when the class is entered.
///   What starts it again is the rules' [`Restart`]: under the FMJD's rules a capture or
///   a crowning that leaves the pieces in the same class goes on counting; under the
///   Russian rules every capture and every crowning starts it again (the balance of
///   forces must not change).
///
/// The pieces may fit several classes at once (Russian: three kings against one fit
/// both "three kings or more against a lone king" and "four pieces, both sides with
/// kings"); one count serves them all, and the game is a draw when it reaches the
/// limit of any class they fit. A class may also ask where a piece stands
/// ([`Material::LoneKingHolding`], the Russian lone king on the main road): that is
/// read from the board ([`Placement`]) when the verdict is asked, never while moves
/// are played.
///
/// Counts are in plies (each player's move is one), so a limit of `n` moves by each
/// player is reached after `2n` plies. The counts are not part of the position's
/// Zobrist hash nor of its equality: repetition compares boards and the side to move.
/// Threefold repetition is separate ([`Game`](crate::Game)).
///
/// ```
/// use column_checkers::custom::{Class, CountedDraws, DrawCounts, Material, Restart};
///
/// // a king and a man against a lone king, as the FMJD rules class them
/// const RULES: CountedDraws = CountedDraws {
///     kings_only: Some(25),
///     endgames: &[Class { material: Material::AgainstLoneKing { pieces: 3..=3, kings: 1 }, moves: 16 }],
///     restart: Restart::ClassChange,
/// };
/// let sides = [(3, 1), (1, 1)]; // (pieces, kings) of White and of Black
/// assert_eq!(RULES.classes_of(sides).first(), Some(0));
/// assert!(RULES.classes_of([(2, 1), (1, 1)]).is_empty());
/// let counts = DrawCounts::start(&RULES, sides);
/// assert_eq!(counts.verdict(&RULES, || unreachable!()), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountedDraws {
    /// A draw after this many successive moves by each player in which only kings moved
    /// and nothing was captured; `None` where the rules have no such count.
    pub kings_only: Option<u16>,
    /// The endgame classes, each with its limit in moves by each player (at most
    /// [`Classes::MAX`] of them). The pieces may fit several; the game is a draw when
    /// the endgame count reaches the limit of any of them.
    pub endgames: &'static [Class],
    /// What starts the endgame count again.
    pub restart: Restart,
}

/// What starts an endgame count again, besides the pieces entering a class.
///
/// ```
/// use column_checkers::custom::Restart;
/// use column_checkers::games::{FMJD_COUNTED_DRAWS, RUSSIAN_COUNTED_DRAWS};
///
/// assert_eq!(FMJD_COUNTED_DRAWS.restart, Restart::ClassChange);
/// assert_eq!(RUSSIAN_COUNTED_DRAWS.restart, Restart::BalanceChange);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Restart {
    /// A capture or a crowning that moves the pieces into other classes (or out of
    /// all); one that leaves them in the same classes goes on counting (FMJD).
    ClassChange,
    /// Every capture and every crowning: the count runs while the balance of forces
    /// does not change (Russian).
    BalanceChange,
}

/// An endgame class and its limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    /// The pieces on the board that make the class.
    pub material: Material,
    /// The limit: a draw after this many moves by each player in the class.
    pub moves: u16,
}

/// The pieces on the board that make an endgame class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Material {
    /// One side has a single king and nothing else; the other has a number of pieces in
    /// `pieces`, at least `kings` of them kings.
    AgainstLoneKing {
        /// How many pieces the stronger side has.
        pieces: RangeInclusive<u8>,
        /// How many of them at least are kings.
        kings: u8,
    },
    /// One side has a single king and nothing else; the other has kings only, as many
    /// as `kings` allows (Russian: three kings or more against one).
    KingsAgainstLoneKing {
        /// How many kings the stronger side has.
        kings: RangeInclusive<u8>,
    },
    /// As [`AgainstLoneKing`](Material::AgainstLoneKing), while the lone king is the
    /// only piece on `squares` (the Russian rule of a lone king on the main road). The
    /// pieces enter the class by their numbers; where the lone king stands is read from
    /// the board when the verdict is asked ([`Material::stands`]).
    LoneKingHolding {
        /// How many pieces the stronger side has.
        pieces: RangeInclusive<u8>,
        /// How many of them at least are kings.
        kings: u8,
        /// The squares the lone king must hold alone.
        squares: SquareSet,
    },
    /// Both sides have at least one king, and the board holds a number of pieces in
    /// `pieces` (both sides together).
    BothKings {
        /// How many pieces the board holds.
        pieces: RangeInclusive<u8>,
    },
}

/// The board as the counted draws read it: each side's squares (White's, Black's)
/// and the kings'.
///
/// ```
/// use column_checkers::custom::Placement;
/// use column_checkers::SquareSet;
///
/// // White: a king on 0 and a man on 1; Black: a king on 5
/// let board = Placement { owned: [SquareSet(0b11), SquareSet(0b10_0000)], kings: SquareSet(0b10_0001) };
/// assert_eq!(board.sides(), [(2, 1), (1, 1)]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The squares of White's pieces and of Black's.
    pub owned: [SquareSet; 2],
    /// The squares of the kings of both sides.
    pub kings: SquareSet,
}

impl Placement {
    /// Each side's (pieces, kings), White's then Black's.
    pub fn sides(&self) -> [(u8, u8); 2] {
        self.owned
            .map(|o| (o.count() as u8, SquareSet(o.0 & self.kings.0).count() as u8))
    }
}

impl Material {
    /// Whether sides holding `(pieces, kings)` (White's, Black's) fit by their numbers
    /// (for [`LoneKingHolding`](Material::LoneKingHolding), before where the lone king
    /// stands is asked).
    pub fn fits(&self, sides: [(u8, u8); 2]) -> bool {
        let lone = |(p, k): (u8, u8)| p == 1 && k == 1;
        let against_lone = |strong: &dyn Fn((u8, u8)) -> bool| {
            (lone(sides[1]) && strong(sides[0])) || (lone(sides[0]) && strong(sides[1]))
        };
        match self {
            Material::AgainstLoneKing { pieces, kings }
            | Material::LoneKingHolding { pieces, kings, .. } => {
                against_lone(&|(p, k)| pieces.contains(&p) && k >= *kings)
            }
            Material::KingsAgainstLoneKing { kings } => {
                against_lone(&|(p, k)| p == k && kings.contains(&k))
            }
            Material::BothKings { pieces } => {
                sides[0].1 > 0 && sides[1].1 > 0 && pieces.contains(&(sides[0].0 + sides[1].0))
            }
        }
    }

    /// Whether the pieces of a board that [`fits`](Self::fits) stand as the class asks:
    /// always, but for [`LoneKingHolding`](Material::LoneKingHolding), whose lone king
    /// must be the only piece on its squares.
    ///
    /// ```
    /// use column_checkers::SquareSet;
    /// use column_checkers::custom::{Material, Placement};
    ///
    /// let road = SquareSet(0b1111);
    /// let holding = Material::LoneKingHolding { pieces: 3..=3, kings: 1, squares: road };
    /// // White: three kings on 4, 5, 6; Black: a lone king on 2, alone on the road
    /// let board = Placement { owned: [SquareSet(0b111_0000), SquareSet(0b100)], kings: SquareSet(0b111_0100) };
    /// assert!(holding.stands(&board));
    /// // a white king on the road too: the lone king no longer holds it alone
    /// let board = Placement { owned: [SquareSet(0b110_0001), SquareSet(0b100)], kings: SquareSet(0b110_0101) };
    /// assert!(!holding.stands(&board));
    /// ```
    pub fn stands(&self, board: &Placement) -> bool {
        match self {
            Material::LoneKingHolding { squares, .. } => board.owned.iter().any(|&side| {
                side.count() == 1
                    && side.0 & board.kings.0 == side.0
                    && (board.owned[0].0 | board.owned[1].0) & squares.0 == side.0
            }),
            _ => true,
        }
    }
}

/// A set of endgame classes, by their index in [`CountedDraws::endgames`].
///
/// ```
/// use column_checkers::games::RUSSIAN_COUNTED_DRAWS;
///
/// // three kings against one: the main-road, three-kings and four-piece classes
/// let classes = RUSSIAN_COUNTED_DRAWS.classes_of([(3, 3), (1, 1)]);
/// assert_eq!(classes.iter().collect::<Vec<_>>(), [0, 1, 3]);
/// assert_eq!(classes.first(), Some(0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Classes(u16);

impl Classes {
    /// The most classes a ruleset may have.
    pub const MAX: usize = 16;

    /// No class.
    pub const NONE: Classes = Classes(0);

    /// Whether class `i` is in the set.
    pub const fn contains(self, i: usize) -> bool {
        i < Self::MAX && self.0 & (1 << i) != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest class of the set.
    pub const fn first(self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as usize)
        }
    }

    /// The classes in the set, lowest first.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..Self::MAX).filter(move |&i| self.contains(i))
    }
}

impl CountedDraws {
    /// The endgame classes that sides holding `(pieces, kings)` (White's, Black's) fit
    /// by their numbers.
    pub fn classes_of(&self, sides: [(u8, u8); 2]) -> Classes {
        debug_assert!(self.endgames.len() <= Classes::MAX);
        Classes(
            self.endgames
                .iter()
                .take(Classes::MAX)
                .enumerate()
                .filter(|(_, c)| c.material.fits(sides))
                .fold(0, |set, (i, _)| set | 1 << i),
        )
    }
}

/// The counts a position carries for its ruleset's [`CountedDraws`], or the rules
/// switched off (for problem positions, where the composer's stipulation rules).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DrawCounts {
    /// Plies since a man moved or a piece was captured.
    pub kings_only: u16,
    /// Plies since the pieces entered their endgame classes, or since the count was
    /// last started again ([`Restart`]); 0 outside every class.
    pub endgame: u16,
    /// The endgame classes the pieces on the board fit by their numbers.
    pub classes: Classes,
    /// The counted draws are switched off: [`verdict`](Self::verdict) never draws.
    pub off: bool,
}

impl DrawCounts {
    /// The counts of a position with no history: zero plies, the classes of its pieces.
    pub fn start(rules: &CountedDraws, sides: [(u8, u8); 2]) -> DrawCounts {
        DrawCounts {
            classes: rules.classes_of(sides),
            ..DrawCounts::default()
        }
    }

    /// The counts after a move: `quiet_king` when a king moved and nothing was captured,
    /// `capture` when the move captured, `crowned` when it crowned a man; after a
    /// capture or a crowning the sides' pieces after the move are read from `sides`
    /// (only then).
    #[inline]
    pub fn after(
        &mut self,
        rules: &CountedDraws,
        quiet_king: bool,
        capture: bool,
        crowned: bool,
        sides: impl FnOnce() -> [(u8, u8); 2],
    ) {
        self.kings_only = if quiet_king {
            self.kings_only.saturating_add(1)
        } else {
            0
        };
        if capture || crowned {
            let classes = rules.classes_of(sides());
            if classes != self.classes || rules.restart == Restart::BalanceChange {
                self.classes = classes;
                self.endgame = 0;
                return;
            }
        }
        if !self.classes.is_empty() {
            self.endgame = self.endgame.saturating_add(1);
        }
    }

    /// The draw the counts have reached, if any: [`EndReason::KingMoves`] when the
    /// kings-only count reaches twice its limit in plies, [`EndReason::EndgameMoves`]
    /// when the endgame count reaches twice the limit of a class the pieces are in.
    /// `board` is read only for a class that asks where a piece stands
    /// ([`Material::stands`]).
    pub fn verdict(
        &self,
        rules: &CountedDraws,
        board: impl FnOnce() -> Placement,
    ) -> Option<EndReason> {
        if self.off {
            return None;
        }
        if rules.kings_only.is_some_and(|n| self.kings_only >= 2 * n) {
            return Some(EndReason::KingMoves);
        }
        let mut board = Some(board);
        let mut placement = None;
        for i in self.classes.iter() {
            let Some(class) = rules.endgames.get(i) else {
                continue;
            };
            if self.endgame < 2 * class.moves {
                continue;
            }
            if let Material::LoneKingHolding { .. } = class.material {
                let p = placement
                    .get_or_insert_with(|| board.take().map(|read| read()).unwrap_or_default());
                if !class.material.stands(p) {
                    continue;
                }
            }
            return Some(EndReason::EndgameMoves);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FMJD: CountedDraws = CountedDraws {
        kings_only: Some(25),
        endgames: &[
            Class {
                material: Material::AgainstLoneKing {
                    pieces: 3..=3,
                    kings: 1,
                },
                moves: 16,
            },
            Class {
                material: Material::AgainstLoneKing {
                    pieces: 1..=2,
                    kings: 1,
                },
                moves: 5,
            },
        ],
        restart: Restart::ClassChange,
    };

    /// The Russian code's shape: overlapping classes, every capture and crowning
    /// restarting, a class that asks where the lone king stands.
    const RUSSIAN_LIKE: CountedDraws = CountedDraws {
        kings_only: Some(15),
        endgames: &[
            Class {
                material: Material::LoneKingHolding {
                    pieces: 3..=3,
                    kings: 1,
                    squares: SquareSet(0b1111),
                },
                moves: 5,
            },
            Class {
                material: Material::KingsAgainstLoneKing { kings: 3..=11 },
                moves: 15,
            },
            Class {
                material: Material::BothKings { pieces: 4..=5 },
                moves: 30,
            },
        ],
        restart: Restart::BalanceChange,
    };

    fn no_board() -> Placement {
        unreachable!("no class here asks where a piece stands")
    }

    #[test]
    fn classes_fit_the_material() {
        let first = |sides| FMJD.classes_of(sides).first();
        assert_eq!(first([(3, 3), (1, 1)]), Some(0));
        assert_eq!(first([(1, 1), (3, 1)]), Some(0));
        assert_eq!(first([(3, 0), (1, 1)]), None, "three men");
        assert_eq!(first([(2, 1), (1, 1)]), Some(1));
        assert_eq!(first([(1, 1), (1, 1)]), Some(1));
        assert_eq!(first([(2, 1), (1, 0)]), None, "a lone man");
        assert_eq!(first([(4, 4), (1, 1)]), None);
        let both = Material::BothKings { pieces: 2..=3 };
        assert!(both.fits([(2, 1), (1, 1)]));
        assert!(!both.fits([(2, 0), (1, 1)]), "White has no king");
        assert!(!both.fits([(1, 1), (2, 0)]), "Black has no king");
        assert!(!both.fits([(3, 1), (1, 1)]));
        let kings = Material::KingsAgainstLoneKing { kings: 3..=11 };
        assert!(kings.fits([(3, 3), (1, 1)]));
        assert!(kings.fits([(1, 1), (5, 5)]));
        assert!(!kings.fits([(3, 2), (1, 1)]), "a man beside the kings");
        assert!(!kings.fits([(2, 2), (1, 1)]));
        // overlapping classes: three kings against one fit all three
        let all: Vec<usize> = RUSSIAN_LIKE.classes_of([(3, 3), (1, 1)]).iter().collect();
        assert_eq!(all, [0, 1, 2]);
        let some: Vec<usize> = RUSSIAN_LIKE.classes_of([(2, 1), (2, 1)]).iter().collect();
        assert_eq!(some, [2]);
        assert!(Classes::NONE.is_empty() && !Classes::NONE.contains(0));
    }

    #[test]
    fn a_set_of_classes_holds_sixteen_at_most() {
        let all = Classes(u16::MAX);
        assert_eq!(
            all.iter().collect::<Vec<_>>(),
            (0..Classes::MAX).collect::<Vec<_>>()
        );
        assert!(all.contains(Classes::MAX - 1));
        // beyond the last class: none, and no shift out of range
        assert!(!all.contains(Classes::MAX) && !all.contains(usize::MAX));
        let some = Classes(0b1010_0000_0000_0100);
        assert_eq!(some.iter().collect::<Vec<_>>(), [2, 13, 15]);
        assert_eq!(some.first(), Some(2));
        assert!(!some.is_empty() && !some.contains(3));
    }

    #[test]
    fn the_kings_only_count_reaches_its_limit() {
        let mut c = DrawCounts::start(&FMJD, [(5, 2), (5, 2)]);
        for _ in 0..49 {
            c.after(&FMJD, true, false, false, || unreachable!());
        }
        assert_eq!(c.verdict(&FMJD, no_board), None);
        c.after(&FMJD, true, false, false, || unreachable!());
        assert_eq!(c.verdict(&FMJD, no_board), Some(EndReason::KingMoves));
        c.off = true;
        assert_eq!(c.verdict(&FMJD, no_board), None);
        c.off = false;
        c.after(&FMJD, false, false, false, || unreachable!());
        assert_eq!((c.kings_only, c.verdict(&FMJD, no_board)), (0, None));
    }

    #[test]
    fn a_capture_into_another_class_restarts_the_endgame_count() {
        let mut c = DrawCounts::start(&FMJD, [(3, 3), (1, 1)]);
        for _ in 0..20 {
            c.after(&FMJD, true, false, false, || unreachable!());
        }
        assert_eq!(c.endgame, 20);
        // the lone king takes one: two kings against one, five moves from here
        c.after(&FMJD, false, true, false, || [(2, 2), (1, 1)]);
        assert_eq!((c.classes.first(), c.endgame), (Some(1), 0));
        for _ in 0..9 {
            c.after(&FMJD, true, false, false, || unreachable!());
        }
        assert_eq!(c.verdict(&FMJD, no_board), None);
        c.after(&FMJD, true, false, false, || unreachable!());
        assert_eq!(c.verdict(&FMJD, no_board), Some(EndReason::EndgameMoves));
    }

    #[test]
    fn a_crowning_in_the_same_class_goes_on_counting_unless_every_change_restarts() {
        let mut c = DrawCounts::start(&FMJD, [(3, 1), (1, 1)]);
        c.after(&FMJD, false, false, false, || unreachable!());
        c.after(&FMJD, false, false, true, || [(3, 2), (1, 1)]);
        assert_eq!((c.classes.first(), c.endgame), (Some(0), 2));
        let balance = CountedDraws {
            restart: Restart::BalanceChange,
            ..FMJD
        };
        c.after(&balance, false, false, true, || [(3, 3), (1, 1)]);
        assert_eq!((c.classes.first(), c.endgame), (Some(0), 0));
        // a capture that keeps the classes restarts too under BalanceChange
        let mut c = DrawCounts::start(&RUSSIAN_LIKE, [(3, 1), (2, 1)]);
        c.after(&RUSSIAN_LIKE, false, false, false, || unreachable!());
        assert_eq!(c.endgame, 1);
        c.after(&RUSSIAN_LIKE, false, true, false, || [(3, 1), (1, 1)]);
        assert_eq!(c.endgame, 0);
    }

    #[test]
    fn the_nearest_limit_of_the_classes_decides_and_a_held_road_shortens_it() {
        // three kings on 4, 5, 6 against a lone king on 2, alone on the road 0..=3
        let holding = Placement {
            owned: [SquareSet(0b111_0000), SquareSet(0b100)],
            kings: SquareSet(0b111_0100),
        };
        // the lone king off the road (on 8)
        let off_road = Placement {
            owned: [SquareSet(0b111_0000), SquareSet(0b1_0000_0000)],
            kings: SquareSet(0b1_0111_0000),
        };
        let at = |plies| DrawCounts {
            endgame: plies,
            ..DrawCounts::start(&RUSSIAN_LIKE, [(3, 3), (1, 1)])
        };
        assert_eq!(at(9).verdict(&RUSSIAN_LIKE, || holding), None);
        assert_eq!(
            at(10).verdict(&RUSSIAN_LIKE, || holding),
            Some(EndReason::EndgameMoves)
        );
        assert_eq!(at(10).verdict(&RUSSIAN_LIKE, || off_road), None);
        assert_eq!(at(29).verdict(&RUSSIAN_LIKE, || off_road), None);
        assert_eq!(
            at(30).verdict(&RUSSIAN_LIKE, || off_road),
            Some(EndReason::EndgameMoves)
        );
        assert_eq!(holding.sides(), [(3, 3), (1, 1)]);
    }
}
