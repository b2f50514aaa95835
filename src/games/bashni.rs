//! Bashni: its rules as facts, each with its source ([`BashniRules`]).

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

/// The rules of **Bashni** (Russian column draughts, *stolbovye shashki*): Russian
/// draughts in which a captured man goes under the capturer instead of leaving the
/// board, as the English Wikipedia article "Bashni" gives it (after V. A. Viskovatov's
/// games collection of 1875 and D. I. Sargin's articles). Each rule is a fact of the
/// implementations below, with its source; the crate's rulings on what the sources
/// leave open are in [the rulings](crate::rulings#bashni).
///
/// A column (tower) is led by its top man, who decides its owner and powers; it is
/// always the owner's men on top of prisoners, and a man (`w`, `b`) or king (`W`, `B`)
/// keeps his rank inside a column and when liberated. Capture is compulsory and a
/// capture once started is completed. The player who cannot move loses; threefold
/// repetition is a draw, through [`Game`](crate::engine::game::Game), as in Russian
/// draughts.
///
/// The men's and kings' powers, the promotion rule and the board are those of
/// [Russian draughts](RussianRules); only the fate of captured men differs. While no
/// column holds a prisoner, Bashni's moves under the Russian code are Russian
/// draughts' moves (move identity may keep two routes apart that Russian draughts
/// merges: a man and a king taken in either order make different columns). Under the
/// default reading so are the moves made by men throughout; a king, a man crowned
/// during the capture included, may differ, since he may fly over squares emptied
/// earlier in the same move (`g5:e3:c5:a3:c1:g5`, crowned on c1 and flying back over
/// f4 and g5, is a default-reading Bashni capture but not a Russian one).
///
/// # Options
/// The re-jump reading is the const parameter `RUSSIAN_CODE`, so each reading is its
/// own zero-sized rules type and the move generator is compiled for it: [`Bashni`]
/// (default) and [`BashniRussianCode`]; on the examples' command lines,
/// `bashni --russian-code`.
///
/// ```
/// use column_checkers::{perft, Bashni, Position};
///
/// let pos = Bashni::start();
/// assert_eq!(perft(&pos, 3), 302);
/// let pos: Bashni = "c3:w,d4:b,f6:bb w".parse().unwrap();
/// let mv = pos.parse_move("c3:e5:g7").unwrap();
/// let mut next = pos.clone();
/// next.play(&mv).unwrap();
/// // one man taken from each column, under the capturer
/// assert_eq!(next.to_string(), "f6:b,g7:bbw b");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BashniRules<const RUSSIAN_CODE: bool = false>;

/// A position of Bashni (roundabout reading, the default).
pub type Bashni = CheckersPosition<BashniRules>;

/// A position of Bashni under the Russian-code reading (Turkish strike).
pub type BashniRussianCode = CheckersPosition<BashniRules<true>>;

impl<const RUSSIAN_CODE: bool> CapturePolicy for BashniRules<RUSSIAN_CODE> {
    /// Only the top man of a jumped column is taken, and goes under the capturer
    /// (Wikipedia, "Bashni"). When: at once by default, so that a jumped single man
    /// leaves his square empty at once (the roundabout reading of Benedikt Rosenau's
    /// column-checkers essay on Mindsports, the crate's ruling); with `RUSSIAN_CODE`
    /// when the move ends, every jumped column standing and blocking until then (the
    /// Turkish strike of Russian draughts, as the "Bashni" app by kirlanik and Dagaz's
    /// "deferred strike" play it).
    type Taking = Prisoners<RUSSIAN_CODE>;
    /// - By default a column may be jumped again later in the move while an enemy man
    ///   leads it (Rosenau: "basically all games allow jumping a piece more than once,
    ///   going roundabout"), but not straight back over the column just jumped; when
    ///   that column was a single man it has vanished, so a flying king may turn back
    ///   through its square and take another column further on (ruling:
    ///   [Bashni](crate::rulings#bashni)). Under the Russian code a column is jumped
    ///   once, as in Russian draughts.
    /// - The choice among captures is free (Russian draughts).
    /// - A man reaching the far row during a capture becomes a king at once and goes on
    ///   capturing as one; only the commander of a column is promoted (Russian
    ///   draughts code, 1.5.15).
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
    /// Men and kings capture forward and backward, on the four diagonals (Wikipedia;
    /// Russian draughts code, 1.5.3; Ludii's rules file lets men capture forward only,
    /// which no source on Russian draughts does).
    #[inline]
    fn directions(&self, _commander: Man) -> DirectionSet {
        DirectionSet::first(4)
    }
    /// Men by the short leap; kings fly, over one column at any distance on an open
    /// diagonal to any empty square beyond it, one from which the capture goes on
    /// when some are (Russian draughts code, 1.4.5).
    #[inline]
    fn leap(&self, commander: Man) -> Leap {
        kings_fly(commander)
    }
}

impl<const RUSSIAN_CODE: bool> CheckersRules for BashniRules<RUSSIAN_CODE> {
    /// The 32 dark squares of an 8x8 board, `a1` dark (Russian draughts).
    type Board = Dark8;
    const NAME: &'static str = "bashni";
    /// 12 men each on the dark squares of the three nearest rows, White (a1–h2–g3)
    /// moving first (Russian draughts).
    const START: &'static str = DARK8_SETUP;
    const MEN: usize = 12;
    /// Russian draughts' notation: `c3-d4`, captures `c3:e5:c7` (`x` is read too, as
    /// is a capture's origin and end alone where they name one move).
    const CAPTURE_SEPARATOR: char = ':';
}

/// Man-led columns step one square diagonally forward, king-led ones fly any distance
/// along a diagonal over empty squares (Russian draughts).
impl<const RUSSIAN_CODE: bool> MovePolicy for BashniRules<RUSSIAN_CODE> {
    #[inline]
    fn move_directions(&self, commander: Man) -> DirectionSet {
        men_forward::<Dark8>(commander)
    }
}
