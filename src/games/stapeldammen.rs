//! Stapeldammen (Dutch column draughts): international draughts on 10x10 with the
//! column method of capture and no promotion.
//!
//! The rules, with the crate's rulings on what the sources leave open (see
//! [the rulings](crate::rulings#stapeldammen)): 20 men each on the international set-up (White on 31–50,
//! Black on 1–20, FMJD numbers), White moves first; men step one square diagonally
//! forward; capture is compulsory, by the short leap, forward and backward; the top man
//! of a jumped column goes under the capturer at once; a column may be jumped again
//! later in the move while its top man is still the opponent's, but not straight back
//! (no 180° turn over the column just jumped); the capture taking the most men is
//! compulsory; no promotion (a column on the far row moves again only by capturing).
//! The player who cannot move loses.

use crate::engine::board::Board;
use crate::engine::capture::{
    CapturePolicy, CapturePromotion, CaptureRules, Leap, Majority, Prisoners, Rejump, Reversal,
};
use crate::engine::quiet::MovePolicy;
use crate::engine::shapes::dark::{Dark10, DARK10_SETUP};
use crate::engine::square::DirectionSet;
use crate::engine::stack::Man;
use crate::games::checkers::{CheckersPosition, CheckersRules};

/// The rules of Stapeldammen (see the [module documentation](self)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StapeldammenRules;

/// A position of Stapeldammen.
pub type Stapeldammen = CheckersPosition<StapeldammenRules>;

impl CapturePolicy for StapeldammenRules {
    /// The column capture: the top man taken prisoner at once; a column may be jumped
    /// again while its top man is the opponent's, never straight back; the most men
    /// must be taken; no promotion.
    type Taking = Prisoners;
    const RULES: CaptureRules = CaptureRules {
        rejump: Rejump::WhileEnemyTopped,
        reversal: Some(Reversal::AnyTurnBack),
        majority: Majority::MostCaptures,
        promotion: CapturePromotion::Never,
    };
    #[inline]
    fn directions(&self, _commander: Man) -> DirectionSet {
        DirectionSet::first(4)
    }
    #[inline]
    fn leap(&self, _commander: Man) -> Leap {
        Leap::Short
    }
}

impl CheckersRules for StapeldammenRules {
    type Board = Dark10;
    const NAME: &'static str = "stapeldammen";
    const START: &'static str = DARK10_SETUP;
    const MEN: usize = 20;
}

impl MovePolicy for StapeldammenRules {
    /// Men step forward only (they capture both ways).
    #[inline]
    fn move_directions(&self, commander: Man) -> DirectionSet {
        Dark10::forward(commander.color)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::moves::MoveList;
    use crate::engine::perft::perft;
    use crate::engine::position::Position;

    #[test]
    fn start_equals_international_to_depth_4() {
        let p = Stapeldammen::start();
        for (d, n) in [9, 81, 658, 4_265].into_iter().enumerate() {
            assert_eq!(perft(&p, d as u32 + 1), n, "depth {}", d + 1);
        }
    }

    #[test]
    fn column_capture_without_promotion() {
        // White 32 jumps 28 (to 23), then 19 (to 14): the top men go under it.
        let p: Stapeldammen = "32:w,28:b,19:b,10:wb w".parse().unwrap();
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert!(texts.contains(&"32x23x14x5".to_string()), "{texts:?}");
        let mut q = p.clone();
        q.play(&p.parse_move("32x23x14x5").unwrap()).unwrap();
        assert_eq!(q.to_string(), "10:w,5:bbbw b");
        // no promotion on the far row
        assert!(!q
            .columns()
            .get(Dark10::geometry().parse_square("5").unwrap())
            .top_is_king());
    }

    #[test]
    fn no_turn_straight_back() {
        // after 32x23 the column on 28 is still Black's, but jumping it straight back
        // (a 180° turn) is not allowed
        let p: Stapeldammen = "32:w,28:bb w".parse().unwrap();
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(texts, ["32x23"]);
        let mut q = p.clone();
        q.play(&moves[0]).unwrap();
        assert_eq!(q.to_string(), "28:b,23:bw b");
    }
}
