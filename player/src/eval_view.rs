//! The evaluation read from a position's [`BoardView`](column_checkers::BoardView), for
//! every ruleset: men a player commands (under his caps) and the enemy men he holds
//! prisoner, men in hand (Emergo), kings and officers, columns, advancement towards
//! the far row (tempo; in Epaminondas the crossing), nearness to the centre, the
//! men's formation, the middle, the wings, the runaways, and mobility (the side to
//! move's legal moves).

use column_checkers::{Color, Position};

use crate::column_windows::ColumnSet;
use crate::shape::{in_the_middle, path_is_free, wing};
use crate::weights::Weights;

/// The sum of the terms of `pos` weighed by `w`, for the side to move, read from its
/// board view: the balance of the two players' terms (0 for a position symmetric
/// between them), plus the side to move's mobility. A position with no board view
/// counts its men. The evaluation of every ruleset that does not count its own
/// ([`Evaluate::terms`](crate::eval::Evaluate::terms)).
///
/// ```
/// use column_checkers::{Lasca, Position};
/// use column_checkers_player::eval::{evaluate_view, Evaluate, Weights};
///
/// let pos: Lasca = "W:Wc3,e3:Bg7".parse().unwrap();
/// let w = Weights { mobility: 0, advance: 0, centre: 0, ..Weights::GENERIC };
/// assert_eq!(evaluate_view(&pos, &w), w.man + w.column);
/// // the ruleset's terms are these, and its learned patterns where its weights say so
/// let terms = Weights { patterns: 0, ..*Lasca::weights() };
/// assert_eq!(evaluate_view(&pos, &terms), pos.terms(&terms));
/// ```
pub fn evaluate_view<P: Position>(pos: &P, w: &Weights) -> i32 {
    evaluate_view_with(pos, w, None)
}

/// [`evaluate_view`] and the value of the learned patterns of `set`, times
/// [`Weights::patterns`], read from the same board view.
pub(crate) fn evaluate_view_with<P: Position>(
    pos: &P,
    w: &Weights,
    set: Option<&ColumnSet>,
) -> i32 {
    let me = pos.turn();
    let Some(view) = pos.board_view() else {
        // no board to look at: material as the ruleset counts it
        let men = |c: Color| pos.men(c) as i32;
        return w.man * (men(me) - men(!me));
    };
    let g = view.geometry;
    let (width, height) = (i32::from(g.width()), i32::from(g.height()));
    let mut score = [0i32; 2];
    // the men's formation, looked at only when weighed
    let shape = w.behind != 0 || w.flank != 0 || w.home != 0;
    let placed = w.advance != 0 || w.centre != 0 || w.crossing != 0 || w.middle != 0;
    // each player's men on the left and on the right half (a middle column in neither)
    let mut wings = [[0i32; 2]; 2];
    for (sq, stack) in view.occupied() {
        let Some(owner) = stack.owner() else { continue };
        let s = &mut score[owner.index()];
        let own = stack.count(owner) as i32;
        let held = stack.height() as i32 - own;
        *s += w.man * own + w.prisoner * held + w.column;
        if stack.top_is_king() {
            *s += w.king;
        } else if placed || shape || w.balance != 0 {
            let (x, y) = g.coords(sq);
            let (x, y) = (i32::from(x), i32::from(y));
            if let Some(side) = wing(x, width) {
                count_wing(&mut wings[owner.index()], side);
            }
            let (rows, back) = match owner {
                Color::White => (y, -1),
                Color::Black => (height - 1 - y, 1),
            };
            *s += w.advance * rows;
            if rows == height - 1 {
                *s += w.crossing;
            }
            if rows == 0 {
                *s += w.home;
            }
            // steps from the edge, the nearer of the two axes
            let from_edge = x.min(width - 1 - x).min(y.min(height - 1 - y));
            *s += w.centre * from_edge;
            if in_the_middle(x, y, width, height) {
                *s += w.middle;
            }
            if shape {
                // his own piece on the square at (x, y)
                let own = |x: i32, y: i32| {
                    g.square_at(x, y)
                        .is_some_and(|b| view.get(b).owner() == Some(owner))
                };
                if own(x, y + back) {
                    *s += w.behind;
                }
                if own(x - 1, y + back) || own(x + 1, y + back) {
                    *s += w.flank;
                }
            }
        }
    }
    if w.runaway != 0 {
        let kings = |c: Color| {
            view.occupied()
                .any(|(_, st)| st.owner() == Some(c) && st.top_is_king())
        };
        let kings = [kings(Color::White), kings(Color::Black)];
        for (sq, stack) in view.occupied() {
            let Some(owner) = stack.owner() else { continue };
            if stack.top_is_king() || kings[(!owner).index()] {
                continue;
            }
            let (x, y) = g.coords(sq);
            let stoppers = |x: i32, y: i32| {
                g.square_at(x, y)
                    .is_some_and(|b| view.get(b).owner() == Some(!owner))
            };
            if path_is_free(i32::from(x), i32::from(y), owner, height, stoppers) {
                score[owner.index()] += w.runaway;
            }
        }
    }
    for c in [Color::White, Color::Black] {
        let [left, right] = wings[c.index()];
        score[c.index()] +=
            w.in_hand * view.in_hand[c.index()] as i32 + w.balance * (left - right).abs();
    }
    let mut total = score[me.index()] - score[(!me).index()];
    if let Some(set) = set.filter(|_| w.patterns != 0) {
        total += w.patterns * set.windows.score(&set.patterns, &view);
    }
    if w.mobility != 0 {
        total += w.mobility * pos.count_legal_moves().min(60) as i32;
    }
    total
}

/// One more man on the wing `side` of `wings` (men on the left, on the right). Kept
/// apart because the balance is the same whichever way the men are counted: counted
/// down, |(-left) - (-right)| is |left - right|.
fn count_wing(wings: &mut [i32; 2], side: usize) {
    wings[side] += 1;
}
