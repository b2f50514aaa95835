//! The classic draughts games: their rules as facts, each with its source
//! ([`RussianRules`], [`InternationalRules`], [`BrazilianRules`]).

use crate::engine::capture::{
    CapturePolicy, CapturePromotion, CaptureRules, Leap, Majority, Rejump, Removed,
};
use crate::engine::counted_draws::{Class, CountedDraws, Material, Restart};
use crate::engine::powers::{kings_fly, men_forward};
use crate::engine::quiet::MovePolicy;
use crate::engine::shapes::dark::{Dark10, Dark8, DARK10_SETUP, DARK8_SETUP};
use crate::engine::square::{DirectionSet, SquareSet};
use crate::engine::stack::Man;
use crate::games::checkers::{CheckersPosition, CheckersRules};

/// The rules of **Russian draughts** (shashki), as the Russian draughts code of 2004
/// gives them (articles below) and, for its counted draws, the rules of the sport of
/// draughts of the Russian Federation ([`RUSSIAN_COUNTED_DRAWS`]). Each rule is a fact
/// of the implementations below, with its source. Pieces stand alone (no columns) and
/// the pieces taken leave the board when the move ends; capture is compulsory and a
/// capture once started is completed; the player who cannot move loses.
///
/// Its perft counts from the start are published (see [Draughts](crate::rulings#draughts)),
/// so it checks the engine against independent generators.
///
/// ```
/// use column_checkers::{Position, RussianDraughts, perft};
///
/// let p: RussianDraughts = "c3:w,d4:b,f6:b w".parse().unwrap();
/// let m = p.parse_move("c3:e5:g7").unwrap();
/// assert_eq!(p.parse_move("c3:g7").unwrap(), m); // origin and end name one move
/// assert_eq!(perft(&RussianDraughts::start(), 3), 302);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RussianRules;

/// A position of Russian draughts.
pub type RussianDraughts = CheckersPosition<RussianRules>;

impl CapturePolicy for RussianRules {
    /// The pieces taken leave the board when the capture ends; until then they stand,
    /// and none is jumped twice (the Turkish strike; Russian draughts code).
    type Taking = Removed;
    /// - Any capture may be chosen, and it is completed (Russian draughts code).
    /// - A man reaching the far row during a capture becomes a king at once and goes on
    ///   capturing as one (Russian draughts code, 1.5.15).
    const RULES: CaptureRules = CaptureRules {
        rejump: Rejump::Never,
        reversal: None,
        majority: Majority::FreeChoice,
        promotion: CapturePromotion::Continues,
    };
    /// Men and kings capture forward and backward, on the four diagonals (Russian
    /// draughts code, 1.5.3).
    #[inline]
    fn directions(&self, _commander: Man) -> DirectionSet {
        DirectionSet::first(4)
    }
    /// Men jump an adjacent piece; kings fly, over one piece at any distance to any
    /// free square beyond it, one from which the capture goes on when some are
    /// (Russian draughts code, 1.4.5).
    #[inline]
    fn leap(&self, commander: Man) -> Leap {
        kings_fly(commander)
    }
}

impl CheckersRules for RussianRules {
    /// The 32 dark squares of an 8x8 board, `a1` dark.
    type Board = Dark8;
    const NAME: &'static str = "russian";
    /// 12 men each on the dark squares of the three nearest rows; White moves first.
    const START: &'static str = DARK8_SETUP;
    const MEN: usize = 12;
    /// Russian notation: `c3-d4`, captures `c3:e5:c7` (`x` is read too).
    const CAPTURE_SEPARATOR: char = ':';
    /// The Russian Federation's draws after a number of moves.
    const COUNTED_DRAWS: Option<CountedDraws> = Some(RUSSIAN_COUNTED_DRAWS);
}

/// Men step one square diagonally forward; kings fly forward and backward along the
/// diagonals over free squares (Russian draughts code, 1.4.5).
impl MovePolicy for RussianRules {
    #[inline]
    fn move_directions(&self, commander: Man) -> DirectionSet {
        men_forward::<Dark8>(commander)
    }
}

/// The main road (большая дорога) of the 8x8 board: the long diagonal a1–h8, as
/// squares of [`Dark8`].
///
/// ```
/// use column_checkers::custom::{Board, Dark8};
/// use column_checkers::games::MAIN_ROAD;
///
/// let h8 = Dark8::geometry().parse_square("h8").unwrap();
/// assert!(MAIN_ROAD.contains(h8) && MAIN_ROAD.count() == 8);
/// ```
pub const MAIN_ROAD: SquareSet =
    SquareSet(1 << 0 | 1 << 4 | 1 << 9 | 1 << 13 | 1 << 18 | 1 << 22 | 1 << 27 | 1 << 31);

/// The counted draws of Russian draughts, from the rules of the sport of draughts of
/// the Russian Federation (Правила вида спорта «шашки», approved by the Ministry of
/// Sport; the draws of Russian draughts), which the rules of the 64-square section of
/// the FMJD (articles 7.2.4–7.2.8) repeat. The game is a draw when:
///
/// - for 15 moves the players moved only kings, moving no man and capturing nothing;
/// - a player with three kings or more against a lone king has not taken it with his
///   15th move, counted from when the balance of forces arose;
/// - both sides have kings and the balance of forces has not changed (no capture, no
///   man crowned) for 5 moves in an ending of 2 or 3 pieces, 30 moves with 4 or 5
///   pieces, 60 moves with 6 or 7 pieces;
/// - a player with three kings, two kings and a man, or a king and two men against a
///   lone king that stands on the main road ([`MAIN_ROAD`]) has not won by his 5th
///   move.
///
/// Every capture and every crowning starts the endgame counts again
/// ([`Restart::BalanceChange`]); the pieces may fit several classes at once (three
/// kings against one: the lone-king, the main-road and the four-piece classes), and
/// the nearest limit decides. The main-road class draws when its 5 moves have passed
/// since the balance of forces arose and the lone king is then the only piece on the
/// main road (see [the rulings](crate::rulings#counted-draws)).
///
/// ```
/// use column_checkers::{EndReason, Outcome, Position, RussianDraughts};
///
/// let draw = Some(Outcome::Draw { reason: EndReason::EndgameMoves });
/// // three kings against a lone king on the main road: 5 moves each (10 plies)
/// let near: RussianDraughts = "c1:W,e1:W,g1:W,h8:B w draws:0/9".parse().unwrap();
/// assert_eq!(near.outcome(), None);
/// let at: RussianDraughts = "c1:W,e1:W,g1:W,h8:B w draws:0/10".parse().unwrap();
/// assert_eq!(at.outcome(), draw);
/// // the lone king off the road: 15 moves each
/// let off: RussianDraughts = "c1:W,e1:W,g1:W,h2:B w draws:0/10".parse().unwrap();
/// assert_eq!(off.outcome(), None);
/// let off: RussianDraughts = "c1:W,e1:W,g1:W,h2:B w draws:0/30".parse().unwrap();
/// assert_eq!(off.outcome(), draw);
/// ```
pub const RUSSIAN_COUNTED_DRAWS: CountedDraws = CountedDraws {
    kings_only: Some(15),
    endgames: &[
        Class {
            material: Material::LoneKingHolding {
                pieces: 3..=3,
                kings: 1,
                squares: MAIN_ROAD,
            },
            moves: 5,
        },
        Class {
            material: Material::KingsAgainstLoneKing { kings: 3..=12 },
            moves: 15,
        },
        Class {
            material: Material::BothKings { pieces: 2..=3 },
            moves: 5,
        },
        Class {
            material: Material::BothKings { pieces: 4..=5 },
            moves: 30,
        },
        Class {
            material: Material::BothKings { pieces: 6..=7 },
            moves: 60,
        },
    ],
    restart: Restart::BalanceChange,
};

/// The counted draws of Brazilian draughts, from the Confederação Brasileira de Damas'
/// official rules (Regras Oficiais do Jogo de Damas, 64 squares, item 16 on the
/// draw): after 20 successive moves of kings by each player, without a capture or a
/// man moved, the game is a draw. The crate has no endgame classes for Brazilian
/// draughts: the confederation's text for them has not been checked (see [the
/// rulings](crate::rulings#counted-draws)).
///
/// ```
/// use column_checkers::{BrazilianDraughts, EndReason, Outcome, Position};
///
/// let near: BrazilianDraughts = "c1:W,h8:B w draws:39/0".parse().unwrap();
/// assert_eq!(near.outcome(), None);
/// let at: BrazilianDraughts = "c1:W,h8:B w draws:40/0".parse().unwrap();
/// assert_eq!(at.outcome(), Some(Outcome::Draw { reason: EndReason::KingMoves }));
/// ```
pub const BRAZILIAN_COUNTED_DRAWS: CountedDraws = CountedDraws {
    kings_only: Some(20),
    endgames: &[],
    restart: Restart::ClassChange,
};

// The FMJD's capture rules, which international and Brazilian draughts share (stated,
// with their sources, on `InternationalRules`' `RULES`).
const FMJD_CAPTURE: CaptureRules = CaptureRules {
    rejump: Rejump::Never,
    reversal: None,
    majority: Majority::MostCaptures,
    promotion: CapturePromotion::AtEndOfMove,
};

/// The rules of **international draughts**, as the Official FMJD Rules for
/// International Draughts (Annex 1; articles below) give them. Each rule is a fact of
/// the implementations below, with its source. Capture is compulsory, and a capture
/// once started is completed; the player who cannot move loses.
///
/// Its perft counts from the start are published (see [Draughts](crate::rulings#draughts)),
/// so it checks the engine against independent generators.
///
/// ```
/// use column_checkers::{InternationalDraughts, Position, perft};
///
/// let mut p = InternationalDraughts::start();
/// assert_eq!(perft(&p, 3), 658);
/// p.play(&p.parse_move("32-28").unwrap()).unwrap();
/// assert_eq!(p.parse_move("19-23").unwrap().to_string(), "19-23");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct InternationalRules;

/// A position of international draughts.
pub type InternationalDraughts = CheckersPosition<InternationalRules>;

/// The rules of **Brazilian draughts**: the FMJD's rules of international draughts on
/// 8x8 with 12 men each, as the Confederação Brasileira de Damas' official rules
/// (Regras Oficiais do Jogo de Damas) give them, with algebraic square names and the
/// confederation's own draw count ([`BRAZILIAN_COUNTED_DRAWS`]). Each rule is a fact of
/// the implementations below.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BrazilianRules;

/// A position of Brazilian draughts.
pub type BrazilianDraughts = CheckersPosition<BrazilianRules>;

impl CapturePolicy for InternationalRules {
    /// The pieces taken leave the board when the capture ends; until then they stand
    /// and block (FMJD 4.5, 4.11).
    type Taking = Removed;
    /// - The capture taking the most pieces is compulsory, kings and men counting alike
    ///   (FMJD 4.13).
    /// - A piece is jumped only once (FMJD 4.11).
    /// - A man is promoted only when his move ends on the far row: one who passes it
    ///   during a capture and goes on stays a man (FMJD 4.15).
    const RULES: CaptureRules = FMJD_CAPTURE;
    /// Men and kings capture forward and backward, on the four diagonals (FMJD 4.1).
    #[inline]
    fn directions(&self, _commander: Man) -> DirectionSet {
        DirectionSet::first(4)
    }
    /// Men jump an adjacent piece (4.2); kings fly, over one piece at any distance to a
    /// free square of their choice beyond it (3.9, 4.3).
    #[inline]
    fn leap(&self, commander: Man) -> Leap {
        kings_fly(commander)
    }
}

/// The FMJD's counted draws (Official FMJD Rules for International Draughts, Annex 1,
/// article 6 on the draw): 25 successive moves by each player with only kings moved,
/// no man moved and nothing captured; three kings, two kings and a man, or a king and
/// two men against a lone king: at most 16 more moves each; two kings, a king and a
/// man, or a king against a lone king: at most 5 more moves each. A count starts when
/// the pieces enter the class, again when a capture moves them into the other one
/// (three against one become two against one: 5 moves from there), and goes on
/// through a crowning that keeps them in their class.
pub const FMJD_COUNTED_DRAWS: CountedDraws = CountedDraws {
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

impl CheckersRules for InternationalRules {
    /// The 50 dark squares of a 10x10 board, a dark square at each player's left, named
    /// 1 to 50 (FMJD 2.1, 2.2, 2.4, 2.6).
    type Board = Dark10;
    const NAME: &'static str = "international";
    /// 20 men each, Black on 1–20 and White on 31–50 (FMJD 2.8); White moves first.
    const START: &'static str = DARK10_SETUP;
    const MEN: usize = 20;
    /// The FMJD's notation: `32-28`, captures `28x19x10` (FMJD 8.2.2, 8.2.3; `28x10`
    /// is read where it names one move).
    const CAPTURE_SEPARATOR: char = 'x';
    /// The FMJD's draws after a number of moves.
    const COUNTED_DRAWS: Option<CountedDraws> = Some(FMJD_COUNTED_DRAWS);
}

/// Men step one square diagonally forward; kings fly forward and backward along the
/// diagonals over free squares (FMJD 3.9).
impl MovePolicy for InternationalRules {
    #[inline]
    fn move_directions(&self, commander: Man) -> DirectionSet {
        men_forward::<Dark10>(commander)
    }
}

impl CapturePolicy for BrazilianRules {
    /// As in international draughts (FMJD 4.5, 4.11).
    type Taking = Removed;
    /// As in international draughts: the most pieces (FMJD 4.13), each jumped once
    /// (4.11), promotion only where the move ends (4.15).
    const RULES: CaptureRules = FMJD_CAPTURE;
    /// As in international draughts (FMJD 4.1).
    #[inline]
    fn directions(&self, _commander: Man) -> DirectionSet {
        DirectionSet::first(4)
    }
    /// As in international draughts (FMJD 3.9, 4.2, 4.3).
    #[inline]
    fn leap(&self, commander: Man) -> Leap {
        kings_fly(commander)
    }
}

impl CheckersRules for BrazilianRules {
    /// The 32 dark squares of an 8x8 board, `a1` dark, named as in chess.
    type Board = Dark8;
    const NAME: &'static str = "brazilian";
    /// 12 men each on the dark squares of the three nearest rows; White moves first.
    const START: &'static str = DARK8_SETUP;
    const MEN: usize = 12;
    /// The confederation's draw after kings-only moves.
    const COUNTED_DRAWS: Option<CountedDraws> = Some(BRAZILIAN_COUNTED_DRAWS);
}

/// As in international draughts: men step forward, kings fly (FMJD 3.9).
impl MovePolicy for BrazilianRules {
    #[inline]
    fn move_directions(&self, commander: Man) -> DirectionSet {
        men_forward::<Dark8>(commander)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::perft::perft;
    use crate::engine::position::Position;

    #[test]
    fn russian_perft_published() {
        let p = RussianDraughts::start();
        for (d, n) in [7, 49, 302, 1_469, 7_482, 37_986].into_iter().enumerate() {
            assert_eq!(perft(&p, d as u32 + 1), n, "depth {}", d + 1);
        }
    }

    #[test]
    fn the_main_road_is_the_long_diagonal() {
        use crate::engine::board::Board;
        let g = Dark8::geometry();
        let named: Vec<_> = ["a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"]
            .iter()
            .map(|n| g.parse_square(n).unwrap())
            .collect();
        assert_eq!(MAIN_ROAD.iter().collect::<Vec<_>>(), named);
    }

    #[test]
    fn russian_notation() {
        let p: RussianDraughts = "c3:w,d4:b,f6:b w".parse().unwrap();
        let m = p.parse_move("c3:e5:g7").unwrap();
        assert_eq!(m.to_string(), "c3:e5:g7");
        assert_eq!(p.parse_move("c3xe5xg7").unwrap(), m);
        assert_eq!(p.parse_move("c3:g7").unwrap(), m);
    }

    #[test]
    fn international_numeric_notation() {
        let p = InternationalDraughts::start();
        let m = p.parse_move("32-28").unwrap();
        assert_eq!(m.to_string(), "32-28");
        assert!(p.parse_move("32-27").is_ok());
        assert!(p.parse_move("32-23").is_err());
        let p: InternationalDraughts = "28:w,23:b,14:b w".parse().unwrap();
        let m = p.parse_move("28x19x10").unwrap();
        assert_eq!(m.to_string(), "28x19x10");
        assert_eq!(p.parse_move("28x10").unwrap(), m);
        assert_eq!(p.parse_move("28:19:10").unwrap(), m);
        assert!(p.parse_move("28x19").is_err(), "majority capture");
        assert!(p.parse_move("99x10").is_err());
    }

    #[test]
    fn international_promotion_only_at_the_end() {
        // 12x3x14 passes the far row (3) and ends on 14: still a man
        let mut p: InternationalDraughts = "12:w,8:b,9:b w".parse().unwrap();
        p.play(&p.parse_move("12x3x14").unwrap()).unwrap();
        assert_eq!(p.to_string(), "14:w b");
        // ending on the far row crowns
        let mut p: InternationalDraughts = "12:w,8:b w".parse().unwrap();
        p.play(&p.parse_move("12x3").unwrap()).unwrap();
        assert_eq!(p.to_string(), "3:W b");
    }

    #[test]
    fn international_flying_king_lands_where_it_continues() {
        // the king on 46 jumps 37 and may land on 32, 28, 23, ... but only 28 lets
        // it go on (over 17)
        let p: InternationalDraughts = "46:W,37:b,17:b w".parse().unwrap();
        let mut moves = crate::engine::moves::MoveList::new();
        p.legal_moves(&mut moves);
        let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(texts, ["46x28x11", "46x28x6"]);
        let brazilian = BrazilianDraughts::start();
        assert_eq!(perft(&brazilian, 5), 7_473);
    }
}
