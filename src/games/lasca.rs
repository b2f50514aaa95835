//! **Lasca** (Emanuel Lasker, 1911): column checkers on a 7x7 board, with soldiers and
//! officers.
//!
//! The rules, as Lasker's booklet and lasca.org give them, with the crate's rulings on
//! the open points ([the rulings](crate::rulings#lasca)):
//!
//! - **Board**: the 25 corner-colour squares of a 7x7 board ([`Dark7`]); `a1` is a
//!   playing square. Each player has 11 men: White on a1 c1 e1 g1 b2 d2 f2 a3 c3 e3 g3,
//!   Black on a5 c5 e5 g5 b6 d6 f6 a7 c7 e7 g7; the middle row is empty. **White moves
//!   first.**
//! - **Columns**: a man or a column of men is led by its top man, the commander, who
//!   decides its owner and powers. A column is always the owner's men on top of
//!   prisoners. A man is a *soldier* (`w`, `b`) or an *officer* (`W`, `B`); officers keep
//!   their rank inside a column and when liberated.
//! - **Moves**: a column steps one square diagonally to an empty square — forward only
//!   when a soldier leads it, forward or backward when an officer does.
//! - **Capture**: a column jumps a diagonally adjacent enemy-led column to the empty
//!   square just beyond (short leaps only; soldier-led columns forward only,
//!   officer-led columns in all four directions). Only the **top man** of the jumped
//!   column is taken, and it goes **under** the capturer at once; the rest of the jumped
//!   column stays (and may now be led by a man of the capturer's colour). Capture is
//!   **compulsory**, a started capture must be continued while it can, and the choice
//!   between captures is **free** (no majority rule).
//! - **A column may be jumped only once per move** (Lasker: "you may not take more than
//!   one Prisoner from each available space"). The *roundabout* reading — a column may
//!   be jumped again later in the move while an enemy man leads it, but never straight
//!   back — is an option (`ROUNDABOUT`).
//! - **Promotion**: a soldier-led column reaching the far row promotes its commander only
//!   (to officer), and **the move ends there**, even in the middle of a capture.
//! - **End**: the player who cannot move loses (all his men prisoners, or blocked).
//!   There is no draw rule in Lasker's text; threefold repetition as a draw (through
//!   [`Game`](crate::engine::game::Game)) is an option (`REPETITION`).
//! - **Notation** as lasca.org: `c3-d4`, `b2xd4`, every landing square of a multiple
//!   capture `d2xb4xd6`; a trailing `*` (promotion mark) is accepted when reading.
//!
//! # Options
//! The options are the const parameters of [`LascaRules`], so each option set is its
//! own zero-sized rules type and the move generator is compiled for it:
//! `LascaRules<ROUNDABOUT, REPETITION>`, both `false` by default. [`Lasca`] is the
//! standard game, [`LascaRoundabout`] the roundabout reading, [`LascaRepetition`] and
//! [`LascaRoundaboutRepetition`] the same with threefold repetition a draw. On the
//! command line of the examples they are `lasca`, `lasca --roundabout`,
//! `lasca --repetition` and `lasca --roundabout --repetition`.
//!
//! ```
//! use column_checkers::{perft, Lasca, Position};
//!
//! let mut pos = Lasca::start();
//! assert_eq!(perft(&pos, 4), 54);
//! pos.play(&pos.parse_move("c3-d4").unwrap()).unwrap();
//! let reply = pos.parse_move("e5xc3").unwrap(); // the only move: capture is compulsory
//! pos.play(&reply).unwrap();
//! // the white soldier from d4 is now a prisoner under the black soldier on c3
//! assert!(pos.to_string().contains("c3:wb"));
//! ```

use crate::engine::capture::{
    CapturePolicy, CapturePromotion, CaptureRules, Leap, Majority, Prisoners, Rejump, Reversal,
};
use crate::engine::powers::men_forward;
use crate::engine::quiet::MovePolicy;
use crate::engine::shapes::dark::Dark7;
use crate::engine::square::DirectionSet;
use crate::engine::stack::Man;
use crate::games::checkers::{CheckersPosition, CheckersRules};

/// The rules of Lasca, with the options as const parameters:
///
/// - `ROUNDABOUT` (default `false`): a column may be jumped again later in the move
///   while an enemy man leads it, never straight back (no 180° turn). Off: each column
///   at most once per move (Lasker).
/// - `REPETITION` (default `false`): the third occurrence of a position with the same
///   player to move is a draw (through [`Game`](crate::engine::game::Game)).
///
/// Soldiers are the crate's men ([`Rank::Man`](crate::engine::stack::Rank::Man)) and officers its
/// kings ([`Rank::King`](crate::engine::stack::Rank::King)).
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
    /// The roundabout option lets a column be jumped again while its top man is still
    /// the opponent's, but never straight back.
    type Taking = Prisoners;
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
    /// Soldiers move and capture forward only, officers in all four diagonal
    /// directions.
    #[inline]
    fn directions(&self, commander: Man) -> DirectionSet {
        men_forward::<Dark7>(commander)
    }
    /// Every column steps and jumps one square.
    #[inline]
    fn leap(&self, _commander: Man) -> Leap {
        Leap::Short
    }
}

impl<const ROUNDABOUT: bool, const REPETITION: bool> CheckersRules
    for LascaRules<ROUNDABOUT, REPETITION>
{
    type Board = Dark7;
    const NAME: &'static str = "lasca";
    const START: &'static str = "a1:w,c1:w,e1:w,g1:w,b2:w,d2:w,f2:w,a3:w,c3:w,e3:w,g3:w,\
        a5:b,c5:b,e5:b,g5:b,b6:b,d6:b,f6:b,a7:b,c7:b,e7:b,g7:b w";
    const MEN: usize = 11;
    const CAPTURE_SEPARATOR: char = 'x';

    fn repetition_draws(&self) -> bool {
        REPETITION
    }
}

/// Columns move as they capture: soldier-led ones forward, officer-led ones every way,
/// one square.
impl<const ROUNDABOUT: bool, const REPETITION: bool> MovePolicy
    for LascaRules<ROUNDABOUT, REPETITION>
{
}
