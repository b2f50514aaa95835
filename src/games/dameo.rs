//! Dameo (Christian Freeling, 2000), as [`CheckersRules`] of the [`CheckersPosition`].
//!
//! # Rules
//! * **Board and men.** All 64 squares of an 8x8 board ([`Grid8x8`](crate::engine::shapes::grid::Grid8x8)), chess coordinates,
//!   White at the bottom. 18 men each: White on a1–h1, b2–g2, c3–f3; Black on a8–h8,
//!   b7–g7, c6–f6. White moves first; one piece per square.
//! * **Men move in lines.** A *line* is an unbroken straight row of own men (kings never
//!   belong to one) along a file or a diagonal; a single man is a line of one. A line
//!   advances one square straight forward or diagonally forward, along its own
//!   direction, when the square in front of its head is empty: the **last** man of the
//!   line is lifted and put on that square. Any tail part of a line that ends at the
//!   head may move the same way. Lines never move backward or sideways. The line
//!   mechanism is [`line_advances`].
//! * **Kings** move like a chess queen, any distance along the eight lines over empty
//!   squares.
//! * **Captures are orthogonal only** (along ranks and files). A man jumps an enemy
//!   piece orthogonally adjacent to it (forwards, sideways or backwards) onto the empty
//!   square just beyond. A king makes the long leap: along a rank or file over empty
//!   squares, over one enemy piece, landing on any empty square beyond it. A capture
//!   may change direction after each jump and must be completed.
//! * **Capture is compulsory**, and the majority rule applies: a route taking the most
//!   pieces must be chosen, kings and men counting the same; among equal routes the
//!   choice is free.
//! * **Captured pieces stay on the board until the move ends**: meanwhile they block
//!   (they cannot be passed over or landed on) and may not be jumped a second time.
//!   Empty squares may be crossed any number of times; the capturer's start square
//!   counts as empty.
//! * **Promotion.** A man that ends its move on the far row (the opponent's base) becomes
//!   a king. A man that reaches the far row during a capture and can capture further
//!   must go on, and stays a man.
//! * **End.** The player who cannot move (no pieces, or all blocked) loses. Threefold
//!   repetition (the same position with the same player to move) is a draw, through
//!   [`Game`](crate::engine::game::Game).
//!
//! # Rulings
//! * Move identity: two capture routes from the same square that leave the
//!   same position are one move (e.g. a man's square loop taken either way round).
//! * A flying king must land where it can capture further when some landing can; under
//!   the majority rule this changes nothing (a stopping landing captures fewer).
//! * Threefold repetition counts positions with the same player to move, as the Italian
//!   rules text of Dameo says ("la stessa posizione si ripete per la terza volta allo stesso giocatore cui
//!   spetta muovere"). That text's draw by mutual impotence (neither side can capture or
//!   block the other) is a matter of judgement and is not detected; players agree it.
//!
//! # Notation
//! A line advance is written as the from–to of the man that moves: `d1b3` moves the line
//! d1–c2 to c2–b3 (this is how moves print; `d1-b3` is read as well). A capture lists
//! its start and every landing square joined by `x`: `e2xe4xg4xg6`. As for every
//! ruleset of the crate, two capture routes from the same square that leave the same
//! position are one move (move identity), and a capture may also be named by its start and
//! end alone (`e2xg6`) when that is unambiguous.
//!
//! ```
//! use column_checkers::{Dameo, MoveList, Position};
//!
//! let mut pos = Dameo::start();
//! let mut moves = MoveList::new();
//! pos.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 52); // Freeling's count
//! let mv = pos.parse_move("d1b3").unwrap();
//! assert_eq!(mv.to_string(), "d1b3");
//! assert_eq!(pos.parse_move("d1-b3"), Ok(mv));
//! pos.play(&mv).unwrap();
//! assert_eq!(pos.turn(), column_checkers::Color::Black);
//! ```
//!
//! [`line_advances`]: crate::engine::lines::line_advances

use crate::engine::board::Board;
use crate::engine::capture::{
    CapturePolicy, CapturePromotion, CaptureRules, Leap, Majority, Rejump, Removed,
};
use crate::engine::color::Color;
use crate::engine::powers::kings_fly;
use crate::engine::quiet::{MovePolicy, QuietMoves};
use crate::engine::shapes::grid::{Grid8x8 as Grid8, EIGHT_DIRECTIONS as VECTORS};
use crate::engine::square::DirectionSet;
use crate::engine::stack::{Man, Rank};
use crate::games::checkers::{CheckersPosition, CheckersRules};

/// The rules of Dameo (see the [module documentation](self)). It has no options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DameoRules;

/// A position of Dameo.
pub type Dameo = CheckersPosition<DameoRules>;

/// The directions of [`VECTORS`] whose vector `(dx, dy)` passes `keep`: 0 keeps the
/// orthogonal ones, 1 those going up (White's forward), -1 those going down.
const fn directions_where(keep: i8) -> DirectionSet {
    let mut bits = 0u8;
    let mut i = 0;
    while i < VECTORS.len() {
        let (dx, dy) = VECTORS[i];
        let yes = match keep {
            0 => dx == 0 || dy == 0,
            k => dy == k,
        };
        if yes {
            bits |= 1 << i;
        }
        i += 1;
    }
    DirectionSet(bits)
}

/// The rook lines, along which all captures go.
const ORTHOGONAL: DirectionSet = directions_where(0);
/// White's forward directions: up the file and the two upward diagonals.
const WHITE_FORWARD: DirectionSet = directions_where(1);
/// Black's forward directions: down the file and the two downward diagonals.
const BLACK_FORWARD: DirectionSet = directions_where(-1);

#[inline]
fn forward(color: Color) -> DirectionSet {
    match color {
        Color::White => WHITE_FORWARD,
        Color::Black => BLACK_FORWARD,
    }
}

impl CapturePolicy for DameoRules {
    /// Captured pieces leave the board when the move ends (until then they block); the
    /// most pieces must be taken, kings and men counting the same; a man is promoted
    /// only when the move ends on the far row. No 180° rule: a turn straight back would
    /// jump the piece just taken again, which `Rejump::Never` already forbids, and a
    /// king may turn back over empty squares.
    type Taking = Removed;
    const RULES: CaptureRules = CaptureRules {
        rejump: Rejump::Never,
        reversal: None,
        majority: Majority::MostCaptures,
        promotion: CapturePromotion::AtEndOfMove,
    };
    /// Men and kings capture along ranks and files only, in all four directions.
    #[inline]
    fn directions(&self, _commander: Man) -> DirectionSet {
        ORTHOGONAL
    }
    /// Men by the short leap, kings by the long leap; and so they move.
    #[inline]
    fn leap(&self, commander: Man) -> Leap {
        kings_fly(commander)
    }
}

impl CheckersRules for DameoRules {
    type Board = Grid8;
    const NAME: &'static str = "dameo";
    const START: &'static str = "a1:w,b1:w,c1:w,d1:w,e1:w,f1:w,g1:w,h1:w,\
        b2:w,c2:w,d2:w,e2:w,f2:w,g2:w,c3:w,d3:w,e3:w,f3:w,\
        c6:b,d6:b,e6:b,f6:b,b7:b,c7:b,d7:b,e7:b,f7:b,g7:b,\
        a8:b,b8:b,c8:b,d8:b,e8:b,f8:b,g8:b,h8:b w";
    const MEN: usize = 18;
    const STEP_SEPARATOR: &'static str = "";
}

impl MovePolicy for DameoRules {
    /// Men advance in lines ([`line_advances`](crate::engine::lines::line_advances)),
    /// kings slide like chess queens.
    const QUIET_MOVES: QuietMoves = QuietMoves::LineAdvances;

    /// Men: the three forward directions (as lines); kings: all eight.
    #[inline]
    fn move_directions(&self, commander: Man) -> DirectionSet {
        match commander.rank {
            Rank::King => Grid8::geometry().all_directions(),
            Rank::Man => forward(commander.color),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::square::SquareSet;

    #[test]
    fn constants_match_the_geometry() {
        let g = Grid8::geometry();
        for c in Color::ALL {
            assert_eq!(forward(c), g.forward(c));
        }
        // men are promoted on the far row: rank 8 (squares 56 to 63) for White,
        // rank 1 (squares 0 to 7) for Black
        let promotion = |c| DameoRules::RULES.promotion_squares(g, c);
        assert_eq!(promotion(Color::White), SquareSet(0xFF00_0000_0000_0000));
        assert_eq!(promotion(Color::Black), SquareSet(0xFF));
        assert_eq!(ORTHOGONAL.iter().count(), 4);
        for d in ORTHOGONAL.iter() {
            let (dx, dy) = g.vector(d);
            assert_eq!(dx.abs() + dy.abs(), 1);
        }
    }
}
