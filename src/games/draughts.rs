//! The classic draughts games, as [`CheckersRules`] of the [`CheckersPosition`]: pieces
//! stand alone (no columns) and captured pieces leave the board when the move ends.
//!
//! They validate the engine's capture generator against published perft counts:
//! [`RussianDraughts`] (free choice of capture, a man crowned during a capture goes on
//! as a king), and [`InternationalDraughts`] and [`BrazilianDraughts`] — the same rules
//! ([`InternationalRules`], [`BrazilianRules`]: majority capture, promotion only at the
//! end of the move) on 10x10 and 8x8.
//!
//! ```
//! use column_checkers::{perft, InternationalDraughts, Position};
//!
//! let mut p = InternationalDraughts::start();
//! assert_eq!(perft(&p, 3), 658);
//! p.play(&p.parse_move("32-28").unwrap()).unwrap();
//! assert_eq!(p.parse_move("19-23").unwrap().to_string(), "19-23");
//! ```

use crate::engine::capture::{
    CapturePolicy, CapturePromotion, CaptureRules, Leap, Majority, Rejump, Taking, Transfer,
};
use crate::engine::pieces::Pieces;
use crate::engine::powers::{kings_fly, men_forward};
use crate::engine::quiet::MovePolicy;
use crate::engine::shapes::dark::{Dark10, Dark8, DARK10_SETUP, DARK8_SETUP};
use crate::engine::square::DirectionSet;
use crate::engine::stack::Man;
use crate::games::checkers::{CheckersPosition, CheckersRules};

/// The rules of Russian draughts (shashki): 8x8, 12 men each; men step diagonally
/// forward and capture forward and backward; flying kings; free choice among captures
/// (a capture must be completed); a man reaching the far row during a capture becomes
/// a king at once and continues capturing as one; captured pieces are removed when the
/// move ends and may not be jumped twice (Turkish strike). The player who cannot move
/// loses. Notation `c3-d4`, captures `c3:e5:c7` (`x` accepted).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RussianRules;

/// A position of Russian draughts.
pub type RussianDraughts = CheckersPosition<RussianRules>;

impl CapturePolicy for RussianRules {
    const RULES: CaptureRules = CaptureRules {
        taking: Taking::Removed,
        transfer: Transfer::EndOfMove,
        rejump: Rejump::Never,
        reversal: None,
        majority: Majority::FreeChoice,
        promotion: CapturePromotion::Continues,
    };
    /// Men and kings capture in all four diagonal directions.
    #[inline]
    fn directions(&self, _commander: Man) -> DirectionSet {
        DirectionSet::first(4)
    }
    #[inline]
    fn leap(&self, commander: Man) -> Leap {
        kings_fly(commander)
    }
}

impl CheckersRules for RussianRules {
    type Board = Dark8;
    type Storage = Pieces<Dark8>;
    const NAME: &'static str = "russian";
    const START: &'static str = DARK8_SETUP;
    const MEN: usize = 12;
    const CAPTURE_SEPARATOR: char = ':';
}

impl MovePolicy for RussianRules {
    /// Men step forward, kings fly every way.
    #[inline]
    fn move_directions(&self, commander: Man) -> DirectionSet {
        men_forward::<Dark8>(commander)
    }
}

/// The capture rules of international draughts, which Brazilian draughts shares:
/// Russian draughts' but for two — the most pieces must be taken (kings count as
/// men), and a man is promoted only when the capture ends on the far row.
const INTERNATIONAL_CAPTURE: CaptureRules = CaptureRules {
    majority: Majority::MostCaptures,
    promotion: CapturePromotion::AtEndOfMove,
    ..RussianRules::RULES
};

/// The rules of international draughts (FMJD), 10x10, 20 men each, Black on 1–20 and
/// White on 31–50 (FMJD numbers), White first: men step diagonally forward and capture
/// forward and backward; flying kings; the capture taking the most pieces is
/// compulsory (kings count as men); captured pieces are removed when the move ends and
/// may not be jumped twice (Turkish strike); a man is promoted only when his move ends
/// on the far row (passing it during a capture does not count). The player who cannot
/// move loses. Notation `32-28`, `28x19x10` (`28x10` when it names one move).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct InternationalRules;

/// A position of international draughts.
pub type InternationalDraughts = CheckersPosition<InternationalRules>;

/// The rules of Brazilian draughts: [`InternationalRules`] on 8x8, 12 men each on the
/// first three rows as in Russian draughts; algebraic square names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BrazilianRules;

/// A position of Brazilian draughts.
pub type BrazilianDraughts = CheckersPosition<BrazilianRules>;

impl CapturePolicy for InternationalRules {
    const RULES: CaptureRules = INTERNATIONAL_CAPTURE;
    #[inline]
    fn directions(&self, commander: Man) -> DirectionSet {
        RussianRules.directions(commander)
    }
    #[inline]
    fn leap(&self, commander: Man) -> Leap {
        kings_fly(commander)
    }
}

impl CheckersRules for InternationalRules {
    type Board = Dark10;
    type Storage = Pieces<Dark10>;
    const NAME: &'static str = "international";
    const START: &'static str = DARK10_SETUP;
    const MEN: usize = 20;
}

impl MovePolicy for InternationalRules {
    #[inline]
    fn move_directions(&self, commander: Man) -> DirectionSet {
        men_forward::<Dark10>(commander)
    }
}

impl CapturePolicy for BrazilianRules {
    const RULES: CaptureRules = INTERNATIONAL_CAPTURE;
    #[inline]
    fn directions(&self, commander: Man) -> DirectionSet {
        RussianRules.directions(commander)
    }
    #[inline]
    fn leap(&self, commander: Man) -> Leap {
        kings_fly(commander)
    }
}

impl CheckersRules for BrazilianRules {
    type Board = Dark8;
    type Storage = Pieces<Dark8>;
    const NAME: &'static str = "brazilian";
    const START: &'static str = DARK8_SETUP;
    const MEN: usize = 12;
}

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
