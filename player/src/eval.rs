//! The evaluation: a score of a position for the side to move, in hundredths of a man,
//! from weights kept as data ([`Weights`], one set per ruleset).
//!
//! The terms are the games' own, read from the crate's
//! [`BoardView`](column_checkers::BoardView): men a player commands (under his caps)
//! and the enemy men he holds prisoner, men in hand (Emergo), kings and officers,
//! columns, advancement towards the far row (tempo; in Epaminondas the crossing),
//! nearness to the centre, and mobility (the side to move's legal moves).
//!
//! ```
//! use column_checkers::{Lasca, Position};
//! use column_checkers_player::eval::{evaluate, Weights};
//!
//! let w = Weights::for_ruleset(Lasca::NAME);
//! // the start is symmetric: only White's six opening moves count
//! assert_eq!(evaluate(&Lasca::start(), &w), 6 * w.mobility);
//! ```

use column_checkers::{Color, Counting};

/// The weights of the evaluation's terms, in hundredths of a man. One set per ruleset
/// ([`Weights::for_ruleset`]); a ruleset written outside the crate gets
/// [`Weights::GENERIC`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A man of the player's own colour in a column he commands (or a single piece).
    pub man: i32,
    /// A king (Lasca's officer) on top of a column he commands, over a man's worth.
    pub king: i32,
    /// An enemy man held prisoner under one of his caps.
    pub prisoner: i32,
    /// A column (or a piece) he commands, whatever its height: more columns, more moves.
    pub column: i32,
    /// A man in hand (Emergo's men not yet entered).
    pub in_hand: i32,
    /// Each row a man (not a king) has advanced towards the far row.
    pub advance: i32,
    /// A man on a square nearer the centre: per step nearer, out of the board's radius.
    pub centre: i32,
    /// Each legal move of the side to move (computed only when non-zero).
    pub mobility: i32,
    /// A man standing on the far row (Epaminondas' crossings; 0 where men are crowned).
    pub crossing: i32,
}

impl Weights {
    /// For a ruleset the crate does not know: men, columns and prisoners only.
    pub const GENERIC: Weights = Weights {
        man: 100,
        king: 200,
        prisoner: 60,
        column: 10,
        in_hand: 100,
        advance: 0,
        centre: 0,
        mobility: 2,
        crossing: 0,
    };

    /// The weights of the ruleset named `name` ([`Position::NAME`](column_checkers::Position::NAME)).
    ///
    /// ```
    /// use column_checkers_player::eval::Weights;
    /// assert!(Weights::for_ruleset("international").king > Weights::for_ruleset("lasca").king);
    /// assert_eq!(Weights::for_ruleset("some game"), Weights::GENERIC);
    /// ```
    pub fn for_ruleset(name: &str) -> Weights {
        let g = Weights::GENERIC;
        match name {
            // columns of men entered from hand; no crowning; prisoners freed when
            // their cap is taken
            "emergo" | "hexemergo" | "hexemergo-setup" => Weights {
                prisoner: 70,
                column: 15,
                in_hand: 95,
                mobility: 3,
                ..g
            },
            // officers move backwards too; prisoners under caps
            "lasca" | "bashni" => Weights {
                king: 120,
                prisoner: 60,
                column: 15,
                advance: 4,
                centre: 3,
                mobility: 2,
                ..g
            },
            // column capture on the 10x10 board, no promotion
            "stapeldammen" => Weights {
                prisoner: 60,
                column: 15,
                advance: 3,
                centre: 2,
                ..g
            },
            // flying kings worth three men or more; tempo and centre
            "international" | "brazilian" | "russian" => Weights {
                king: 200,
                prisoner: 0,
                column: 0,
                advance: 3,
                centre: 3,
                mobility: 1,
                ..g
            },
            "dameo" => Weights {
                king: 180,
                prisoner: 0,
                column: 0,
                advance: 4,
                centre: 2,
                mobility: 1,
                ..g
            },
            // the race to cross: advancement and men on the far row
            "epaminondas" | "neocrossings" => Weights {
                king: 0,
                prisoner: 0,
                column: 0,
                advance: 6,
                centre: 1,
                mobility: 1,
                crossing: 60,
                ..g
            },
            _ => g,
        }
    }
}

/// The score of `pos` for the side to move under `w`: the balance of the two players'
/// terms (0 for a position symmetric between them), plus the side to move's mobility.
///
/// ```
/// use column_checkers::{InternationalDraughts, Position};
/// use column_checkers_player::eval::{evaluate, Weights};
///
/// let pos: InternationalDraughts = "W:W31,32:B19".parse().unwrap();
/// let w = Weights { mobility: 0, ..Weights::for_ruleset("international") };
/// assert!(evaluate(&pos, &w) > 50); // a man up
/// ```
pub fn evaluate<P: Counting>(pos: &P, w: &Weights) -> i32 {
    let me = pos.turn();
    let Some(view) = pos.board_view() else {
        // no board to look at: material as the ruleset counts it
        let men = |c: Color| pos.men(c) as i32;
        return w.man * (men(me) - men(!me));
    };
    let g = view.geometry;
    let (width, height) = (i32::from(g.width()), i32::from(g.height()));
    let mut score = [0i32; 2];
    for (sq, stack) in view.occupied() {
        let Some(owner) = stack.owner() else { continue };
        let s = &mut score[owner.index()];
        let own = stack.count(owner) as i32;
        let held = stack.height() as i32 - own;
        *s += w.man * own + w.prisoner * held + w.column;
        if stack.top_is_king() {
            *s += w.king;
        } else if w.advance != 0 || w.centre != 0 || w.crossing != 0 {
            let (x, y) = g.coords(sq);
            let (x, y) = (i32::from(x), i32::from(y));
            let rows = match owner {
                Color::White => y,
                Color::Black => height - 1 - y,
            };
            *s += w.advance * rows;
            if rows == height - 1 {
                *s += w.crossing;
            }
            // steps from the edge, the nearer of the two axes
            let from_edge = x.min(width - 1 - x).min(y.min(height - 1 - y));
            *s += w.centre * from_edge;
        }
    }
    for c in [Color::White, Color::Black] {
        score[c.index()] += w.in_hand * view.in_hand[c.index()] as i32;
    }
    let mut total = score[me.index()] - score[(!me).index()];
    if w.mobility != 0 {
        total += w.mobility * pos.count_legal_moves().min(60) as i32;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use column_checkers::{Emergo, InternationalDraughts, Lasca, Position};

    #[test]
    fn start_positions_are_balanced_but_for_mobility() {
        let w = Weights {
            mobility: 0,
            ..Weights::for_ruleset(Emergo::NAME)
        };
        assert_eq!(evaluate(&Emergo::start(), &w), 0);
        let w = Weights {
            mobility: 0,
            ..Weights::for_ruleset(InternationalDraughts::NAME)
        };
        assert_eq!(evaluate(&InternationalDraughts::start(), &w), 0);
    }

    #[test]
    fn a_column_with_prisoners_counts_them_for_its_commander() {
        let pos: Emergo = "c4:bbbbbwww,d4:ww b 0/0".parse().unwrap();
        let w = Weights {
            mobility: 0,
            ..Weights::for_ruleset(Emergo::NAME)
        };
        // Black to move: white commands 5 of his men, holds 5 black prisoners
        let white = 5 * w.man + 5 * w.prisoner + 2 * w.column;
        assert_eq!(evaluate(&pos, &w), -white);
    }

    #[test]
    fn an_officer_is_worth_more_than_a_soldier() {
        let w = Weights {
            mobility: 0,
            advance: 0,
            centre: 0,
            ..Weights::for_ruleset(Lasca::NAME)
        };
        let soldier: Lasca = "W:Wc3:Be5".parse().unwrap();
        let officer: Lasca = "W:WKc3:Be5".parse().unwrap();
        assert_eq!(evaluate(&officer, &w) - evaluate(&soldier, &w), w.king);
    }
}
