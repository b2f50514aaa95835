//! Dameo: its rules as facts, each with its source ([`DameoRules`]).

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

/// The rules of **Dameo** (Christian Freeling, 2000), as the Italian rules text of
/// Dameo gives them (quoted below) with Freeling's rules in the Zillions of Games
/// package of Dameo. Each rule is a fact of the implementations below, with its
/// source; the crate's rulings on what the texts leave open are in
/// [the rulings](crate::rulings#dameo). It has no options.
///
/// Capture is compulsory and is completed; the player who cannot move loses ("si
/// vince quando l'avversario rimane senza pezzi o non può più muovere"); threefold
/// repetition of a position with the same player to move is a draw, through
/// [`Game`](crate::engine::game::Game) ("quando la stessa posizione si ripete per la
/// terza volta allo stesso giocatore cui spetta muovere"); the text's draw by mutual
/// impotence is agreed, not detected. Two capture routes from one square that leave
/// one position are one move (a man's square loop taken either way round,
/// [move identity](crate::rulings#move-identity)).
///
/// A line advance is written as the from–to of the man that moves: `d1b3` moves the
/// line d1–c2 to c2–b3 (`d1-b3` is read as well). A capture lists its start and every
/// landing square joined by `x`: `e2xe4xg4xg6`, or its start and end alone (`e2xg6`)
/// where they name one move.
///
/// ```
/// use column_checkers::{Dameo, MoveList, Position};
///
/// let mut pos = Dameo::start();
/// let mut moves = MoveList::new();
/// pos.legal_moves(&mut moves);
/// assert_eq!(moves.len(), 52); // Freeling's count
/// let mv = pos.parse_move("d1b3").unwrap();
/// assert_eq!(mv.to_string(), "d1b3");
/// assert_eq!(pos.parse_move("d1-b3"), Ok(mv));
/// pos.play(&mv).unwrap();
/// assert_eq!(pos.turn(), column_checkers::Color::Black);
/// ```
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
    /// The pieces taken leave the board when the move ends; until then they block and
    /// none is jumped twice, while empty squares may be crossed again ("I pezzi
    /// catturati con una presa multipla vengono tolti dal tavoliere solo al termine
    /// della mossa: la dama può passare più volte su una stessa casella, ma non può
    /// scavalcare due volte lo stesso pezzo avversario").
    type Taking = Removed;
    /// - The capture taking the most pieces is compulsory, kings and men counting
    ///   alike ("bisogna prendere laddove si cattura il maggior numero di pezzi
    ///   avversari, indipendentemente dalla qualità dei pezzi presi"); among equal ones
    ///   the choice is free.
    /// - A man is promoted only when his move ends on the far row: one who reaches it
    ///   during a capture and can go on must, and stays a man ("deve continuare a
    ///   prendere e rimane pedina").
    /// - No 180° rule: a turn straight back would jump the piece just taken again,
    ///   which the taking already forbids, and a king may turn back over empty squares.
    const RULES: CaptureRules = CaptureRules {
        rejump: Rejump::Never,
        reversal: None,
        majority: Majority::MostCaptures,
        promotion: CapturePromotion::AtEndOfMove,
    };
    /// Men and kings capture along ranks and files only, forward, sideways and
    /// backward ("La cattura può avvenire solo ortogonalmente"; men, "quando prendono,
    /// possono muovere anche all'indietro").
    #[inline]
    fn directions(&self, _commander: Man) -> DirectionSet {
        ORTHOGONAL
    }
    /// Men jump an adjacent piece; kings make the long leap, over empty squares and one
    /// piece to any empty square beyond it (the Italian text; a king lands where the
    /// capture goes on when some landing lets it, which under the majority rule changes
    /// nothing: [Dameo](crate::rulings#dameo)).
    #[inline]
    fn leap(&self, commander: Man) -> Leap {
        kings_fly(commander)
    }
}

impl CheckersRules for DameoRules {
    /// All 64 squares of an 8x8 board, chess coordinates, White at the bottom ("un
    /// tavoliere quadrato di 64 caselle"; "Si gioca nelle caselle").
    type Board = Grid8;
    const NAME: &'static str = "dameo";
    /// 18 men each: White on a1–h1, b2–g2, c3–f3, Black on a8–h8, b7–g7, c6–f6; White
    /// moves first ("36 pedine (18 bianche e 18 nere)", "Inizia il Bianco"; the
    /// text's figure 1, as Freeling gives it).
    const START: &'static str = "a1:w,b1:w,c1:w,d1:w,e1:w,f1:w,g1:w,h1:w,\
        b2:w,c2:w,d2:w,e2:w,f2:w,g2:w,c3:w,d3:w,e3:w,f3:w,\
        c6:b,d6:b,e6:b,f6:b,b7:b,c7:b,d7:b,e7:b,f7:b,g7:b,\
        a8:b,b8:b,c8:b,d8:b,e8:b,f8:b,g8:b,h8:b w";
    const MEN: usize = 18;
    /// A line advance prints as `d1b3`.
    const STEP_SEPARATOR: &'static str = "";
}

impl MovePolicy for DameoRules {
    /// Men move in lines ([`line_advances`](crate::engine::lines::line_advances)): an
    /// unbroken straight row of own men, of any length, advances one square forward
    /// along its own line, straight or diagonally, its last man put on the empty
    /// square in front of its head; a single man is a line of one ("anche una fila
    /// ininterrotta di pedine, di qualsiasi lunghezza, può muoversi di una casella in
    /// avanti ortogonalmente o diagonalmente lungo la propria linea").
    const QUIET_MOVES: QuietMoves = QuietMoves::LineAdvances;

    /// Men: the three forward directions; kings: all eight, any distance over empty
    /// squares, "come la Regina negli Scacchi".
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
