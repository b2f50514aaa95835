//! The computer player of the browser bindings (`web/`, which compile this file in): a
//! plain alpha-beta (negamax) search written with the crate's public API only, over
//! material (men in the columns a side controls, and men in hand) plus a little
//! mobility.

use column_checkers::{Checking, Counting};
use column_checkers::{Color, MoveList};

/// Scores are from the side to move's point of view; a win is worth more than any
/// material and sooner is better.
pub const WIN: i32 = 1_000_000;

/// Men under `color`'s control plus men in hand (0 when the position type exposes no
/// board view).
fn material<P: Counting + Checking>(pos: &P, color: Color) -> i32 {
    pos.board_view().map_or(0, |v| {
        let on_board: usize = v
            .occupied()
            .filter(|(_, s)| s.owner() == Some(color))
            .map(|(_, s)| s.height())
            .sum();
        (on_board + v.in_hand[color.index()]) as i32
    })
}

/// The material balance for the side to move, 100 a man.
fn balance<P: Counting + Checking>(pos: &P) -> i32 {
    let me = pos.turn();
    100 * (material(pos, me) - material(pos, !me))
}

/// The material balance plus the side to move's mobility (its legal moves).
fn evaluate<P: Counting + Checking>(pos: &P) -> i32 {
    balance(pos) + pos.count_legal_moves() as i32
}

fn negamax<P: Counting + Checking>(
    pos: &P,
    depth: u32,
    ply: i32,
    (mut alpha, beta): (i32, i32),
    eval: fn(&P) -> i32,
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
        return eval(pos);
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut best = -WIN - 1;
    for mv in &moves {
        let mut next = pos.clone();
        next.play_unchecked(mv);
        let score = -negamax(&next, depth - 1, ply + 1, (-beta, -alpha), eval, nodes);
        best = best.max(score);
        alpha = alpha.max(score);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// The computer's move: the best by negamax to `depth` plies (first of equals), with
/// its score and the nodes searched; `None` when there is no legal move.
pub fn computer_move<P: Counting + Checking>(pos: &P, depth: u32) -> Option<(P::Move, i32, u64)> {
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
            evaluate,
            &mut nodes,
        );
        if best.map_or(true, |(_, b)| score > b) {
            best = Some((*mv, score));
            alpha = alpha.max(score);
        }
    }
    best.map(|(m, s)| (m, s, nodes))
}

/// The material balance the search finds for the side to move, `depth` plies deep
/// (100 a man; about [`WIN`] for a win): the same search as [`computer_move`] with
/// material alone at its leaves, so that the side to move there gains nothing for its
/// mobility. Also the nodes searched. (The browser bindings answer a draw offer with
/// it; the `play` example offers no draws.)
#[allow(dead_code)]
pub fn material_search<P: Counting + Checking>(pos: &P, depth: u32) -> (i32, u64) {
    let mut nodes = 0;
    let score = negamax(pos, depth, 0, (-WIN - 1, WIN + 1), balance, &mut nodes);
    (score, nodes)
}
