//! Lasca: its rules as facts, each with its source ([`LascaRules`]).

use crate::engine::capture::{
    CapturePolicy, CapturePromotion, CaptureRules, Leap, Majority, Prisoners, Rejump, Reversal,
};
use crate::engine::powers::men_forward;
use crate::engine::quiet::MovePolicy;
use crate::engine::shapes::dark::Dark7;
use crate::engine::square::DirectionSet;
use crate::engine::stack::Man;
use crate::games::checkers::{CheckersPosition, CheckersRules};

/// The rules of **Lasca** (Emanuel Lasker, 1911): column checkers on a 7x7 board with
/// soldiers and officers (the crate's men and kings,
/// [`Rank::Man`](crate::engine::stack::Rank::Man) and
/// [`Rank::King`](crate::engine::stack::Rank::King)), as Lasker's booklet *Rules of
/// 'Lasca', the Great Military Game* (1911) and lasca.org give them. Each rule is a
/// fact of the implementations below, with its source; the crate's rulings on the
/// points the texts leave open are in [the rulings](crate::rulings#lasca).
///
/// A man or a column of men is led by its top man, the commander, who decides its
/// owner and powers; a column is always the owner's men on top of prisoners, and a
/// man keeps his rank inside a column and when liberated. Capture is compulsory, and a
/// capture once started is completed. The player who cannot move loses (Lasker: "The
/// loser is the player who cannot move, or who has all his Men taken Prisoners").
///
/// # Options
/// The options are const parameters, so each option set is its own zero-sized rules
/// type and the move generator is compiled for it, both `false` by default:
///
/// - `ROUNDABOUT`: a column may be jumped again later in the move while an enemy man
///   leads it, never straight back ([`LascaRoundabout`], `lasca --roundabout` on the
///   examples' command lines);
/// - `REPETITION`: the third occurrence of a position with the same player to move is a
///   draw, through [`Game`](crate::engine::game::Game) ([`LascaRepetition`],
///   [`LascaRoundaboutRepetition`], `lasca --repetition`).
///
/// ```
/// use column_checkers::{perft, Lasca, Position};
///
/// let mut pos = Lasca::start();
/// assert_eq!(perft(&pos, 4), 54);
/// pos.play(&pos.parse_move("c3-d4").unwrap()).unwrap();
/// let reply = pos.parse_move("e5xc3").unwrap(); // the only move: capture is compulsory
/// pos.play(&reply).unwrap();
/// // the white soldier from d4 is now a prisoner under the black soldier on c3
/// assert!(pos.to_string().contains("c3:wb"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct LascaRules<const ROUNDABOUT: bool = false, const REPETITION: bool = false>;

/// A position of Lasca (Lasker's rules).
pub type Lasca = CheckersPosition<LascaRules>;

/// A position of Lasca under the roundabout reading (columns may be jumped again).
pub type LascaRoundabout = CheckersPosition<LascaRules<true>>;

/// A position of Lasca (Lasker's rules) where threefold repetition is a draw
/// (`lasca --repetition` on the examples' command lines).
pub type LascaRepetition = CheckersPosition<LascaRules<false, true>>;

/// A position of Lasca under the roundabout reading where threefold repetition is a
/// draw (`lasca --roundabout --repetition`).
pub type LascaRoundaboutRepetition = CheckersPosition<LascaRules<true, true>>;

impl<const ROUNDABOUT: bool, const REPETITION: bool> CapturePolicy
    for LascaRules<ROUNDABOUT, REPETITION>
{
    /// Only the top man of a jumped column is taken, and he goes under the capturer at
    /// once; the rest of the column stays, led by its next man (Lasker).
    type Taking = Prisoners;
    /// - A column is jumped at most once in a move (Lasker: "you may not take more than
    ///   one Prisoner from each available space"); with `ROUNDABOUT`, again while an
    ///   enemy man leads it, but never straight back (the roundabout reading, an option
    ///   as the crate rules: [Lasca](crate::rulings#lasca)).
    /// - The choice among captures is free: Lasker's advice to take "the longest Run or
    ///   best Advantage" is advice, not a majority rule (ruled as lasca.org reads it).
    /// - A soldier-led column reaching the far row has its commander promoted, and the
    ///   move ends there (Lasker: "A Run finishes for the Move when a Column, being led
    ///   by a Private, arrives in Opponent's last line").
    const RULES: CaptureRules = CaptureRules {
        rejump: if ROUNDABOUT {
            Rejump::WhileEnemyTopped
        } else {
            Rejump::Never
        },
        reversal: if ROUNDABOUT {
            Some(Reversal::AnyTurnBack)
        } else {
            None
        },
        majority: Majority::FreeChoice,
        promotion: CapturePromotion::EndsMove,
    };
    /// Soldier-led columns capture diagonally forward, officer-led columns in all four
    /// diagonal directions (Lasker).
    #[inline]
    fn directions(&self, commander: Man) -> DirectionSet {
        men_forward::<Dark7>(commander)
    }
    /// Over an adjacent column to the empty square just beyond (Lasker).
    #[inline]
    fn leap(&self, _commander: Man) -> Leap {
        Leap::Short
    }
}

impl<const ROUNDABOUT: bool, const REPETITION: bool> CheckersRules
    for LascaRules<ROUNDABOUT, REPETITION>
{
    /// The 25 squares of a 7x7 board of the colour of its corners; `a1` is one
    /// (Lasker).
    type Board = Dark7;
    const NAME: &'static str = "lasca";
    /// White on a1 c1 e1 g1 b2 d2 f2 a3 c3 e3 g3, Black on a5 c5 e5 g5 b6 d6 f6 a7 c7
    /// e7 g7, the middle row empty; White moves first (Lasker).
    const START: &'static str = "a1:w,c1:w,e1:w,g1:w,b2:w,d2:w,f2:w,a3:w,c3:w,e3:w,g3:w,\
        a5:b,c5:b,e5:b,g5:b,b6:b,d6:b,f6:b,a7:b,c7:b,e7:b,g7:b w";
    /// 11 men each (Lasker).
    const MEN: usize = 11;
    /// lasca.org's notation: `c3-d4`, `b2xd4`, a multiple capture by every landing
    /// square, `d2xb4xd6` (a trailing `*`, the promotion mark, is read too).
    const CAPTURE_SEPARATOR: char = 'x';

    /// Lasker's text has no draw rule; threefold repetition draws with `REPETITION`
    /// (an option, as the crate rules: [Repetition](crate::rulings#repetition)).
    fn repetition_draws(&self) -> bool {
        REPETITION
    }
}

/// Columns step one square to an empty square as they capture: soldier-led ones
/// diagonally forward, officer-led ones forward or backward (Lasker).
impl<const ROUNDABOUT: bool, const REPETITION: bool> MovePolicy
    for LascaRules<ROUNDABOUT, REPETITION>
{
}
