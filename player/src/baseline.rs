//! A fixed-depth negamax, the simplest player that plays every ruleset: plain
//! alpha-beta over material (men under a player's caps and men in hand, 100 a man) plus
//! the side to move's mobility, first of equal moves. Kept as a baseline opponent for
//! matches ([`matches`](crate::matches)).
//!
//! ```
//! use column_checkers::{Lasca, Position};
//! use column_checkers_player::baseline::negamax_move;
//!
//! let pos = Lasca::start();
//! let (mv, _score, nodes) = negamax_move(&pos, 2).unwrap();
//! assert!(pos.is_legal(&mv) && nodes > 0);
//! ```

use column_checkers::{Color, MoveList, Position};

/// A win, less the plies to it.
const WIN: i32 = 1_000_000;

fn material<P: Position>(pos: &P, color: Color) -> i32 {
    pos.board_view().map_or(0, |v| {
        let on_board: usize = v
            .occupied()
            .filter(|(_, s)| s.owner() == Some(color))
            .map(|(_, s)| s.height())
            .sum();
        (on_board + v.in_hand[color.index()]) as i32
    })
}

fn evaluate<P: Position>(pos: &P) -> i32 {
    let me = pos.turn();
    100 * (material(pos, me) - material(pos, !me)) + pos.count_legal_moves() as i32
}

fn negamax<P: Position>(
    pos: &P,
    depth: u32,
    ply: i32,
    (mut alpha, beta): (i32, i32),
    nodes: &mut u64,
) -> i32 {
    *nodes += 1;
    if let Some(o) = pos.outcome() {
        return match o.winner() {
            None => 0,
            Some(w) if w == pos.turn() => WIN - ply,
            Some(_) => -(WIN - ply),
        };
    }
    if depth == 0 {
        return evaluate(pos);
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut best = -WIN - 1;
    for mv in &moves {
        let mut next = pos.clone();
        next.play_unchecked(mv);
        let score = -negamax(&next, depth - 1, ply + 1, (-beta, -alpha), nodes);
        best = best.max(score);
        alpha = alpha.max(score);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// The baseline's move: the best by negamax to `depth` plies (first of equals), its
/// score and the nodes searched; `None` when there is no legal move or the game is over.
pub fn negamax_move<P: Position>(pos: &P, depth: u32) -> Option<(P::Move, i32, u64)> {
    if pos.outcome().is_some() {
        return None;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut nodes = 0;
    let mut best: Option<(P::Move, i32)> = None;
    let mut alpha = -WIN - 1;
    for mv in &moves {
        let mut next = pos.clone();
        next.play_unchecked(mv);
        let score = -negamax(
            &next,
            depth.saturating_sub(1),
            1,
            (-WIN - 1, -alpha),
            &mut nodes,
        );
        if best.map_or(true, |(_, b)| score > b) {
            best = Some((*mv, score));
            alpha = alpha.max(score);
        }
    }
    best.map(|(m, s)| (m, s, nodes))
}

/// The baseline's depth in a ruleset: 4 plies, 2 in Epaminondas and NeoCrossings
/// (their many phalanx moves).
///
/// ```
/// assert_eq!(column_checkers_player::baseline::default_depth("neocrossings"), 2);
/// ```
pub fn default_depth(name: &str) -> u32 {
    match name {
        "epaminondas" | "neocrossings" => 2,
        _ => 4,
    }
}
