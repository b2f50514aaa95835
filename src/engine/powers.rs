//! The powers of men and kings that several rulesets share: which directions a piece
//! led by a man or a king moves in, and whether it steps or flies. A ruleset names
//! the ones it uses in its own rules type (see
//! [`CapturePolicy`](crate::engine::capture::CapturePolicy)); they are written here
//! once.

use crate::engine::board::Board;
use crate::engine::capture::Leap;
use crate::engine::square::DirectionSet;
use crate::engine::stack::{Man, Rank};

/// Kings fly, men step: the leap of the flying-king games (Russian, Brazilian and
/// international draughts, Bashni, Dameo), for moving and capturing alike.
///
/// ```
/// use column_checkers::Color;
/// use column_checkers::custom::{Leap, Man, kings_fly};
/// assert_eq!(kings_fly(Man::new(Color::White)), Leap::Short);
/// assert_eq!(kings_fly(Man::king(Color::White)), Leap::Flying);
/// ```
#[inline]
pub fn kings_fly(commander: Man) -> Leap {
    match commander.rank {
        Rank::King => Leap::Flying,
        Rank::Man => Leap::Short,
    }
}

/// Men forward, kings every way: the directions of board `B` in which a piece led by
/// `commander` moves (draughts' quiet moves; Lasca's moves and captures).
///
/// ```
/// use column_checkers::Color;
/// use column_checkers::custom::{Board, Dark8, Man, men_forward};
/// assert_eq!(men_forward::<Dark8>(Man::new(Color::White)), Dark8::forward(Color::White));
/// assert_eq!(men_forward::<Dark8>(Man::king(Color::Black)), Dark8::all_directions());
/// ```
#[inline]
pub fn men_forward<B: Board>(commander: Man) -> DirectionSet {
    match commander.rank {
        Rank::King => B::all_directions(),
        Rank::Man => B::forward(commander.color),
    }
}
