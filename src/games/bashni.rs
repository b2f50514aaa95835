//! **Bashni** (Russian column draughts, *stolbovye shashki*): Russian draughts in which
//! a captured man goes under the capturer instead of leaving the board.
//!
//! The rules, as the sources give them, with the crate's rulings on the open points
//! ([the rulings](crate::rulings#bashni)):
//!
//! - **Board**: the 32 dark squares of an 8x8 board ([`Dark8`]), `a1` dark. Each player
//!   has 12 men on the dark squares of his three nearest rows (White a1–h2–g3, Black
//!   b6–h6–h8). **White moves first.**
//! - **Columns** (towers): the top man decides the owner and powers of the whole
//!   column; a column is always the owner's men on top of prisoners. A man is a plain
//!   man (`w`, `b`) or a king (`W`, `B`); kings keep their rank inside a column and when
//!   liberated.
//! - **Moves**: a man-led column steps one square diagonally **forward**; a king-led
//!   column **flies** any distance along a diagonal over empty squares.
//! - **Capture** (Russian rules): compulsory; a man-led column captures **forward and
//!   backward** by the short leap; a king-led column by the long leap — over exactly one
//!   enemy-led column at any distance on an open diagonal, landing on **any** empty
//!   square beyond it (before the next occupied square); if some of those landing
//!   squares allow the capture to go on, the king must take one of them. Only the **top
//!   man** of a jumped column is taken and put under the capturer. A started capture
//!   must be continued while it can; the choice between captures is **free** (no
//!   majority rule).
//! - **Promotion**: a man reaching the far row becomes a king; during a capture he
//!   becomes a king **at once and goes on capturing as a king**. When a column is
//!   promoted only its top man becomes a king.
//! - **Re-jumps** (the sources split into two schools; the crate's ruling is in
//!   [the rulings](crate::rulings#bashni)):
//!   - default, the *roundabout* reading: the top man is transferred **at once** (a
//!     jumped single man leaves its square empty at once); a column may be jumped again
//!     later in the move while an enemy man leads it, but not straight back — no 180°
//!     reversal over the column just jumped;
//!   - option `RUSSIAN_CODE`: captured men are transferred **when the move ends**; until
//!     then every jumped column stays where it is, blocks, and may not be jumped again
//!     (the Turkish strike of Russian draughts).
//! - **The 180° ban and flying kings.** The ban is on jumping *the column just jumped*
//!   straight back ([`Reversal::OverJustJumped`]). When that column was a single man, it
//!   vanished at once, so there is nothing to jump straight back: a king may turn back
//!   through its empty square and capture another column further along that diagonal.
//!   A man's short leap back would find the square empty, so for men the ban is the
//!   same as "no turn back". (Emergo keeps the plain no-turn-back rule.)
//! - **End**: the player who cannot move (no columns, or all blocked) loses; threefold
//!   repetition is a draw (through [`Game`](crate::engine::game::Game)).
//! - **Notation** as Russian draughts: `c3-d4`, captures `c3:e5:c7` (`x` accepted when
//!   reading, as is origin and end alone when that names one move).
//!
//! The men's and kings' powers, the promotion rule and the board are those of
//! [Russian draughts](RussianRules), which the rules type repeats; only the fate of captured
//! men differs. While no column holds a prisoner, Bashni's moves under the Russian code
//! are Russian draughts' moves (move identity may keep two routes apart that Russian
//! draughts merges: a man and a king taken in either order make different columns).
//! Under the default reading so are the moves made by men throughout; a king —
//! including a man crowned during the capture — may differ, since he may fly over
//! squares emptied earlier in the same move (`g5:e3:c5:a3:c1:g5`, crowned on c1 and
//! flying back over f4 and g5, is a default-reading Bashni capture but not a Russian
//! one).
//!
//! # Options
//! The re-jump reading is the const parameter of [`BashniRules`], so each reading is its
//! own zero-sized rules type and the move generator is compiled for it: [`Bashni`]
//! (default) and [`BashniRussianCode`]; on the command line of the examples,
//! `bashni --russian-code`.
//!
//! ```
//! use column_checkers::{perft, Bashni, Position};
//!
//! let pos = Bashni::start();
//! assert_eq!(perft(&pos, 3), 302);
//! let pos: Bashni = "c3:w,d4:b,f6:bb w".parse().unwrap();
//! let mv = pos.parse_move("c3:e5:g7").unwrap();
//! let mut next = pos.clone();
//! next.play(&mv).unwrap();
//! // one man taken from each column, under the capturer
//! assert_eq!(next.to_string(), "f6:b,g7:bbw b");
//! ```

use crate::engine::capture::{
    CapturePolicy, CapturePromotion, CaptureRules, Leap, Majority, Prisoners, Rejump, Reversal,
};
use crate::engine::powers::{kings_fly, men_forward};
use crate::engine::quiet::MovePolicy;
use crate::engine::shapes::dark::{Dark8, DARK8_SETUP};
use crate::engine::square::DirectionSet;
use crate::engine::stack::Man;
use crate::games::checkers::{CheckersPosition, CheckersRules};

#[cfg(doc)]
use crate::games::draughts::RussianRules;

/// The rules of Bashni: those of [Russian draughts](RussianRules) with captured men taken prisoner.
///
/// `RUSSIAN_CODE` (default `false`) selects the re-jump reading: off, the roundabout
/// reading (immediate transfer, re-jumps while enemy-led, no jump straight back over the
/// column just jumped); on, the Russian-code reading (transfer when the move ends,
/// jumped columns block and may not be jumped again).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BashniRules<const RUSSIAN_CODE: bool = false>;

/// A position of Bashni (roundabout reading, the default).
pub type Bashni = CheckersPosition<BashniRules>;

/// A position of Bashni under the Russian-code reading (Turkish strike).
pub type BashniRussianCode = CheckersPosition<BashniRules<true>>;

impl<const RUSSIAN_CODE: bool> CapturePolicy for BashniRules<RUSSIAN_CODE> {
    /// Russian draughts with prisoners. Under the default (roundabout) reading the top
    /// man is taken at once and a column may be jumped again while the opponent tops
    /// it, but not straight back over the column just jumped (see the module
    /// documentation); under the Russian code the jumped columns stand and block until
    /// the move ends, so turning back over one is impossible anyway.
    type Taking = Prisoners<RUSSIAN_CODE>;
    const RULES: CaptureRules = CaptureRules {
        rejump: if RUSSIAN_CODE {
            Rejump::Never
        } else {
            Rejump::WhileEnemyTopped
        },
        reversal: if RUSSIAN_CODE {
            None
        } else {
            Some(Reversal::OverJustJumped)
        },
        majority: Majority::FreeChoice,
        promotion: CapturePromotion::Continues,
    };
    /// As Russian draughts: men and kings capture in all four diagonal directions.
    #[inline]
    fn directions(&self, _commander: Man) -> DirectionSet {
        DirectionSet::first(4)
    }
    /// As Russian draughts: men step and jump short, kings fly.
    #[inline]
    fn leap(&self, commander: Man) -> Leap {
        kings_fly(commander)
    }
}

impl<const RUSSIAN_CODE: bool> CheckersRules for BashniRules<RUSSIAN_CODE> {
    type Board = Dark8;
    const NAME: &'static str = "bashni";
    const START: &'static str = DARK8_SETUP;
    const MEN: usize = 12;
    const CAPTURE_SEPARATOR: char = ':';
}

impl<const RUSSIAN_CODE: bool> MovePolicy for BashniRules<RUSSIAN_CODE> {
    /// As Russian draughts: men forward, kings all four directions.
    #[inline]
    fn move_directions(&self, commander: Man) -> DirectionSet {
        men_forward::<Dark8>(commander)
    }
}
