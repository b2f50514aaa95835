//! Stapeldammen: its rules as facts, each with its source ([`StapeldammenRules`]).

use crate::engine::board::Board;
use crate::engine::capture::{
    CapturePolicy, CapturePromotion, CaptureRules, Leap, Majority, Prisoners, Rejump, Reversal,
};
use crate::engine::quiet::MovePolicy;
use crate::engine::shapes::dark::{Dark10, DARK10_SETUP};
use crate::engine::square::DirectionSet;
use crate::engine::stack::Man;
use crate::games::checkers::{CheckersPosition, CheckersRules};

/// The rules of **Stapeldammen** (Dutch column draughts): international draughts on
/// 10x10 with the column method of capture and no promotion, as Freeling's "About
/// Stapeldammen" page on Mindsports gives it ("the rules are the same as those of
/// International Draughts, except for the column checkers method of capture"), with
/// the Polish encyclopaedia article on Emergo (Stapeldammen lacks only international
/// draughts' rules on promotion and on jumping the same piece twice). Each rule is a
/// fact of the implementations below, with its source; the crate's rulings on what
/// the sources leave open are in [the rulings](crate::rulings#stapeldammen).
///
/// Capture is compulsory and is completed; the player who cannot move loses;
/// threefold repetition draws, though Freeling writes that draws cannot occur.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct StapeldammenRules;

/// A position of Stapeldammen.
pub type Stapeldammen = CheckersPosition<StapeldammenRules>;

impl CapturePolicy for StapeldammenRules {
    /// The top man of a jumped column goes under the capturer at once (the column
    /// method of capture; Freeling's text allows roundabout captures, which only a
    /// man taken at once makes possible).
    type Taking = Prisoners;
    /// - A column may be jumped again later in the move while its top man is still the
    ///   opponent's (the encyclopaedia: no ban on jumping a piece twice), but the
    ///   capturer may not jump in the direction opposite to its last jump: the texts
    ///   say nothing of turning back, and the crate takes Emergo's rule (no 180° turn).
    /// - The capture taking the most men is compulsory, one man a jump (international
    ///   draughts, FMJD 4.13).
    /// - No promotion (Freeling; the encyclopaedia): a column on the far row moves
    ///   again only by capturing.
    const RULES: CaptureRules = CaptureRules {
        rejump: Rejump::WhileEnemyTopped,
        reversal: Some(Reversal::AnyTurnBack),
        majority: Majority::MostCaptures,
        promotion: CapturePromotion::Never,
    };
    /// Forward and backward, on the four diagonals (international draughts, FMJD 4.1).
    #[inline]
    fn directions(&self, _commander: Man) -> DirectionSet {
        DirectionSet::first(4)
    }
    /// Over an adjacent column to the empty square just beyond: with no promotion
    /// there are no kings to fly.
    #[inline]
    fn leap(&self, _commander: Man) -> Leap {
        Leap::Short
    }
}

impl CheckersRules for StapeldammenRules {
    /// International draughts' board: the 50 dark squares of 10x10, named 1 to 50.
    type Board = Dark10;
    const NAME: &'static str = "stapeldammen";
    /// The international set-up: 20 men each, White on 31–50, Black on 1–20; White
    /// moves first.
    const START: &'static str = DARK10_SETUP;
    const MEN: usize = 20;
}

impl MovePolicy for StapeldammenRules {
    /// Men step one square diagonally forward (international draughts), and capture
    /// both ways.
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
