//! Counted draws: the draughts federations' rules that end a game as a draw after a
//! number of moves, as data a ruleset chooses ([`CountedDraws`]), and the counts a
//! position carries for them ([`DrawCounts`]).
//!
//! Two kinds of count exist in the federations' rules:
//!
//! - **Kings only**: so many successive moves by each player in which only kings moved
//!   and nothing was captured (FMJD: 25). A move of a man or a capture starts the
//!   count again.
//! - **Endgames**: once the pieces on the board fall into a class (three pieces against
//!   a lone king, say), the game is a draw after so many more moves by each player
//!   (FMJD: 16, or 5 with fewer pieces). The count starts when the class is entered;
//!   a capture or a crowning that leaves the pieces in the same class goes on counting
//!   (FMJD), or starts it again ([`CountedDraws::crowning_restarts`], the Russian
//!   rule that the balance of forces must not change).
//!
//! Counts are in plies (each player's move is one), so a limit of `n` moves by each
//! player is reached after `2n` plies. The counts are not part of the position's
//! Zobrist hash nor of its equality: repetition compares boards and the side to move.
//! Threefold repetition is separate ([`Game`](crate::engine::game::Game)).
//!
//! ```
//! use column_checkers::engine::counted_draws::{Class, CountedDraws, DrawCounts, Material};
//!
//! // a king and a man against a lone king, as the FMJD rules class them
//! const RULES: CountedDraws = CountedDraws {
//!     kings_only: Some(25),
//!     endgames: &[Class { material: Material::AgainstLoneKing { pieces: 3..=3, kings: 1 }, moves: 16 }],
//!     crowning_restarts: false,
//! };
//! let sides = [(3, 1), (1, 1)]; // (pieces, kings) of White and of Black
//! assert_eq!(RULES.class_of(sides), Some(0));
//! assert_eq!(RULES.class_of([(2, 1), (1, 1)]), None);
//! let counts = DrawCounts::start(&RULES, sides);
//! assert_eq!(counts.verdict(&RULES), None);
//! ```

use core::ops::RangeInclusive;

use crate::engine::outcome::EndReason;

/// A ruleset's counted draws: data, as [`CaptureRules`](crate::engine::capture::CaptureRules)
/// are for captures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountedDraws {
    /// A draw after this many successive moves by each player in which only kings moved
    /// and nothing was captured; `None` where the rules have no such count.
    pub kings_only: Option<u16>,
    /// The endgame classes, each with its limit in moves by each player; the first class
    /// that the pieces on the board fit is theirs.
    pub endgames: &'static [Class],
    /// Whether a crowning starts the endgame count again even when the pieces stay in
    /// the same class (a capture always does when the class changes).
    pub crowning_restarts: bool,
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
    /// Both sides have at least one king, and the board holds a number of pieces in
    /// `pieces` (both sides together).
    BothKings {
        /// How many pieces the board holds.
        pieces: RangeInclusive<u8>,
    },
}

impl Material {
    /// Whether sides holding `(pieces, kings)` (White's, Black's) fit.
    pub fn fits(&self, sides: [(u8, u8); 2]) -> bool {
        match self {
            Material::AgainstLoneKing { pieces, kings } => {
                let lone = |(p, k): (u8, u8)| p == 1 && k == 1;
                let strong = |(p, k): (u8, u8)| pieces.contains(&p) && k >= *kings;
                (lone(sides[1]) && strong(sides[0])) || (lone(sides[0]) && strong(sides[1]))
            }
            Material::BothKings { pieces } => {
                sides[0].1 > 0 && sides[1].1 > 0 && pieces.contains(&(sides[0].0 + sides[1].0))
            }
        }
    }
}

impl CountedDraws {
    /// The index of the first endgame class that sides holding `(pieces, kings)`
    /// (White's, Black's) fit.
    pub fn class_of(&self, sides: [(u8, u8); 2]) -> Option<u8> {
        self.endgames
            .iter()
            .position(|c| c.material.fits(sides))
            .map(|i| i as u8)
    }
}

/// The counts a position carries for its ruleset's [`CountedDraws`], or the rules
/// switched off (for problem positions, where the composer's stipulation rules).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DrawCounts {
    /// Plies since a man moved or a piece was captured.
    pub kings_only: u16,
    /// Plies since the pieces entered their endgame class (0 outside any class).
    pub endgame: u16,
    /// The endgame class of the pieces on the board, if any (an index into
    /// [`CountedDraws::endgames`]).
    pub class: Option<u8>,
    /// The counted draws are switched off: [`verdict`](Self::verdict) never draws.
    pub off: bool,
}

impl DrawCounts {
    /// The counts of a position with no history: zero plies, the class of its pieces.
    pub fn start(rules: &CountedDraws, sides: [(u8, u8); 2]) -> DrawCounts {
        DrawCounts {
            class: rules.class_of(sides),
            ..DrawCounts::default()
        }
    }

    /// The counts after a move: `quiet_king` when a king moved and nothing was captured;
    /// `material_changed` after a capture or a crowning, with the sides' pieces after
    /// it in `sides` (read only then).
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
            let class = rules.class_of(sides());
            if class != self.class || (crowned && rules.crowning_restarts) {
                self.class = class;
                self.endgame = 0;
                return;
            }
        }
        if self.class.is_some() {
            self.endgame = self.endgame.saturating_add(1);
        }
    }

    /// The draw the counts have reached, if any: [`EndReason::KingMoves`] when the
    /// kings-only count reaches twice its limit in plies, [`EndReason::EndgameMoves`]
    /// when the endgame count does.
    pub fn verdict(&self, rules: &CountedDraws) -> Option<EndReason> {
        if self.off {
            return None;
        }
        if rules.kings_only.is_some_and(|n| self.kings_only >= 2 * n) {
            return Some(EndReason::KingMoves);
        }
        let class = &rules.endgames[usize::from(self.class?)];
        (self.endgame >= 2 * class.moves).then_some(EndReason::EndgameMoves)
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
        crowning_restarts: false,
    };

    #[test]
    fn classes_fit_the_material() {
        assert_eq!(FMJD.class_of([(3, 3), (1, 1)]), Some(0));
        assert_eq!(FMJD.class_of([(1, 1), (3, 1)]), Some(0));
        assert_eq!(FMJD.class_of([(3, 0), (1, 1)]), None, "three men");
        assert_eq!(FMJD.class_of([(2, 1), (1, 1)]), Some(1));
        assert_eq!(FMJD.class_of([(1, 1), (1, 1)]), Some(1));
        assert_eq!(FMJD.class_of([(2, 1), (1, 0)]), None, "a lone man");
        assert_eq!(FMJD.class_of([(4, 4), (1, 1)]), None);
        let both = Material::BothKings { pieces: 2..=3 };
        assert!(both.fits([(2, 1), (1, 1)]));
        assert!(!both.fits([(2, 0), (1, 1)]));
        assert!(!both.fits([(3, 1), (1, 1)]));
    }

    #[test]
    fn the_kings_only_count_reaches_its_limit() {
        let mut c = DrawCounts::start(&FMJD, [(5, 2), (5, 2)]);
        for _ in 0..49 {
            c.after(&FMJD, true, false, false, || unreachable!());
        }
        assert_eq!(c.verdict(&FMJD), None);
        c.after(&FMJD, true, false, false, || unreachable!());
        assert_eq!(c.verdict(&FMJD), Some(EndReason::KingMoves));
        c.off = true;
        assert_eq!(c.verdict(&FMJD), None);
        c.off = false;
        c.after(&FMJD, false, false, false, || unreachable!());
        assert_eq!((c.kings_only, c.verdict(&FMJD)), (0, None));
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
        assert_eq!((c.class, c.endgame), (Some(1), 0));
        for _ in 0..9 {
            c.after(&FMJD, true, false, false, || unreachable!());
        }
        assert_eq!(c.verdict(&FMJD), None);
        c.after(&FMJD, true, false, false, || unreachable!());
        assert_eq!(c.verdict(&FMJD), Some(EndReason::EndgameMoves));
    }

    #[test]
    fn a_crowning_in_the_same_class_goes_on_counting_unless_the_rules_restart() {
        let mut c = DrawCounts::start(&FMJD, [(3, 1), (1, 1)]);
        c.after(&FMJD, false, false, false, || unreachable!());
        c.after(&FMJD, false, false, true, || [(3, 2), (1, 1)]);
        assert_eq!((c.class, c.endgame), (Some(0), 2));
        let restarting = CountedDraws {
            crowning_restarts: true,
            ..FMJD
        };
        c.after(&restarting, false, false, true, || [(3, 3), (1, 1)]);
        assert_eq!((c.class, c.endgame), (Some(0), 0));
    }
}
