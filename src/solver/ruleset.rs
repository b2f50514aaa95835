//! A class of a ruleset's positions: its moves and its ends come from the ruleset.

use super::{Successor, Value};
use crate::alloc_prelude::*;
use crate::engine::moves::MoveList;
use crate::engine::outcome::Outcome;
use crate::engine::position::Position;

/// The value of a finished game for the side to move, from the ruleset's
/// [`outcome`](Position::outcome); `None` while the game goes on.
pub fn outcome_value<P: Position>(pos: &P) -> Option<Value> {
    pos.outcome().map(|o| match o {
        Outcome::Win { winner, .. } if winner == pos.turn() => Value::Win(0),
        Outcome::Win { .. } => Value::Loss(0),
        Outcome::Draw { .. } => Value::Draw,
    })
}

/// A [`PositionClass`](super::PositionClass) over the positions of a ruleset numbers
/// them and tells where each move leads; the moves themselves, and the value of a
/// finished game, are the ruleset's: [`expand`] lists a position's legal moves, plays
/// each and asks the class where the child stands (a number in the class, or a known
/// value), and [`outcome_value`] reads a finished game from
/// [`Position::outcome`]. The same two serve Emergo's classes
/// ([`OneOnOne`](super::OneOnOne), [`TwoOnOne`](super::TwoOnOne)) and the draughts databases
/// ([`Database`](super::Database)); [`moves_with_values`] and [`principal_variation`]
/// read solved tables back through the same moves.
///
/// ```
/// use column_checkers::solver::{expand, outcome_value, Successor, Value};
/// use column_checkers::{Position, RussianDraughts};
///
/// // a white king against a black man it can take: each capture (landing on e5, f6,
/// // g7 or h8) ends the game, lost for Black, who has nothing left
/// let pos: RussianDraughts = "c3:W,d4:b w".parse().unwrap();
/// let mut out = Vec::new();
/// let end = expand(&pos, &mut out, |_| None);
/// assert_eq!(end, None);
/// assert_eq!(out, [Successor::Known(Value::Loss(0)); 4]);
/// let over: RussianDraughts = "e5:W b".parse().unwrap();
/// assert_eq!(outcome_value(&over), Some(Value::Loss(0)));
/// ```
///
/// Expands `pos` by the ruleset's moves: its value when the game is over (no legal
/// move), else one entry in `out` per legal move: where `classify` puts the child
/// (a number in the class, or a known value), or the child's finished-game value.
///
/// # Panics
/// When a move leads to an unfinished position that `classify` does not place: the
/// class would not be closed, a programming error.
pub fn expand<P: Position>(
    pos: &P,
    out: &mut Vec<Successor>,
    mut classify: impl FnMut(&P) -> Option<Successor>,
) -> Option<Value> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    if moves.is_empty() {
        return Some(outcome_value(pos).expect("a position without moves is finished"));
    }
    for m in moves.iter() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let s = classify(&child)
            .or_else(|| outcome_value(&child).map(Successor::Known))
            .unwrap_or_else(|| panic!("the class is not closed: {pos} leads to {child}"));
        out.push(s);
    }
    None
}

/// The legal moves of `pos` with the value each leads to for the side to move, best
/// first (see [`Value::score`]); `None` when `value` does not know a child.
pub fn moves_with_values<P: Position>(
    pos: &P,
    value: impl Fn(&P) -> Option<Value>,
) -> Option<Vec<(P::Move, Value)>> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut out = Vec::new();
    for m in moves.iter() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        out.push((*m, value(&child)?.before()));
    }
    out.sort_by_key(|(_, v)| -v.score());
    Some(out)
}

/// A principal variation from `pos`: the winner's fastest and the loser's slowest
/// moves to the end, by the distances `value` gives (at most `max` plies; a drawn
/// position gives none).
pub fn principal_variation<P: Position>(
    pos: &P,
    max: usize,
    value: impl Fn(&P) -> Option<Value>,
) -> Vec<P::Move> {
    let mut line = Vec::new();
    let mut p = pos.clone();
    while line.len() < max {
        let Some(v) = value(&p) else { break };
        if v == Value::Draw || matches!(v, Value::Win(0) | Value::Loss(0)) {
            break;
        }
        let Some(moves) = moves_with_values(&p, &value) else {
            break;
        };
        let Some(&(m, _)) = moves.iter().find(|(_, mv)| *mv == v) else {
            break;
        };
        p.play_unchecked(&m);
        line.push(m);
    }
    line
}
