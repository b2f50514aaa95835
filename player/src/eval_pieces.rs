//! The board view's evaluation ([`evaluate_view`](crate::eval_view::evaluate_view))
//! computed on the bitboards of the games whose men stand alone (the three draughts
//! games): the same score, without building a board view. A search spends most of its time in the evaluation; for these games
//! the view (a column per square, built for each call) cost more than the terms.
//!
//! Two terms are always 0 in these games and are not counted: `crossing` (a man that
//! reaches the far row is crowned) and `behind` (the board's squares are the dark ones,
//! so the square straight behind a man is never one a piece stands on).

use std::sync::OnceLock;

use column_checkers::custom::{Board, CheckersPosition, CheckersRules, Removed};
use column_checkers::Geometry;
use column_checkers::{Color, Position, Square, SquareSet};

use crate::draughts_windows::DraughtsWindows;
use crate::patterns::Patterns;
use crate::shape::{in_the_middle, path_is_free, wing};
use crate::weights::Weights;

/// The most rows a board of these games has.
const ROWS: usize = 10;
/// The most squares a board of these games has.
const SQUARES: usize = 64;

/// What the evaluation's terms look up on a board, by square: built once per board
/// from its geometry.
pub(crate) struct Tables {
    /// `rows[c][r]`: the squares `r` rows in front of `c`'s home row.
    rows: [[SquareSet; ROWS]; 2],
    /// The number of rows.
    height: usize,
    /// `rings[k]`: the squares `k` steps from the nearest edge.
    rings: [SquareSet; ROWS / 2],
    /// The middle of the board ([`Weights::middle`]).
    middle: SquareSet,
    /// The left and the right half of the board ([`Weights::balance`]).
    wings: [SquareSet; 2],
    /// `flank[c][sq]`: the two squares diagonally behind a man of `c` on `sq`.
    flank: [[SquareSet; SQUARES]; 2],
    /// `path[c][sq]`: the squares a man of `c` on `sq` can reach on his way to the
    /// far row ([`Weights::runaway`]).
    path: [[SquareSet; SQUARES]; 2],
    /// The windows of the learned patterns, where they fit the board.
    pub(crate) windows: Option<DraughtsWindows>,
    /// `steps[sq][d]`: the square a diagonal step from `sq` in direction `d`, [`OFF`]
    /// off the board ([`capture_threat`]).
    steps: [[u8; 4]; SQUARES],
}

/// [`Tables::steps`] of a step off the board.
const OFF: u8 = u8::MAX;

impl Tables {
    fn new(g: &Geometry) -> Tables {
        let (width, height) = (i32::from(g.width()), i32::from(g.height()));
        let mut t = Tables {
            rows: [[SquareSet::EMPTY; ROWS]; 2],
            height: height as usize,
            rings: [SquareSet::EMPTY; ROWS / 2],
            middle: SquareSet::EMPTY,
            wings: [SquareSet::EMPTY; 2],
            flank: [[SquareSet::EMPTY; SQUARES]; 2],
            path: [[SquareSet::EMPTY; SQUARES]; 2],
            windows: DraughtsWindows::new(g),
            steps: [[OFF; 4]; SQUARES],
        };
        let set = |x: i32, y: i32| {
            g.square_at(x, y)
                .map_or(SquareSet::EMPTY, SquareSet::from_square)
        };
        for sq in g.squares() {
            let (x, y) = g.coords(sq);
            let (x, y) = (i32::from(x), i32::from(y));
            let here = SquareSet::from_square(sq);
            for (d, (dx, dy)) in [(-1, -1), (1, -1), (-1, 1), (1, 1)].into_iter().enumerate() {
                t.steps[sq.index()][d] = g.square_at(x + dx, y + dy).map_or(OFF, |s| s.0);
            }
            let from_edge = x.min(width - 1 - x).min(y.min(height - 1 - y));
            t.rings[from_edge as usize] |= here;
            if in_the_middle(x, y, width, height) {
                t.middle |= here;
            }
            if let Some(side) = wing(x, width) {
                t.wings[side] |= here;
            }
            for c in [Color::White, Color::Black] {
                let (rows, back) = match c {
                    Color::White => (y, -1),
                    Color::Black => (height - 1 - y, 1),
                };
                t.rows[c.index()][rows as usize] |= here;
                t.flank[c.index()][sq.index()] = set(x - 1, y + back) | set(x + 1, y + back);
                // the path: every square the free-path test looks at
                let mut path = SquareSet::EMPTY;
                path_is_free(x, y, c, height, |x, y| {
                    path |= set(x, y);
                    false
                });
                t.path[c.index()][sq.index()] = path;
            }
        }
        t
    }

    /// The tables of the board of `P`, built on first use.
    pub(crate) fn of<R: CheckersRules>(cell: &'static OnceLock<Tables>) -> &'static Tables {
        cell.get_or_init(|| Tables::new(<R::Board as Board>::geometry()))
    }
}

/// The sum of the terms of `pos` for the side to move under `w`, the same as
/// [`evaluate_view`](crate::eval_view::evaluate_view)'s, and the learned `patterns`'
/// value times [`Weights::patterns`].
pub(crate) fn evaluate<R>(
    pos: &CheckersPosition<R>,
    w: &Weights,
    t: &Tables,
    patterns: Option<&Patterns>,
) -> i32
where
    R: CheckersRules<Taking = Removed>,
{
    let board = pos.board();
    let kings = board.kings();
    // the men backed diagonally, looked at only when weighed
    let shape = w.flank != 0;
    let mut score = [0i32; 2];
    for c in [Color::White, Color::Black] {
        let ci = c.index();
        let own = board.owned(c);
        let men = own - kings;
        let count = |s: SquareSet| s.count() as i32;
        let mut s = (w.man + w.column) * count(own) + w.king * count(own & kings);
        let rows = &t.rows[ci];
        let mut advance = 0;
        for (r, row) in rows.iter().enumerate().take(t.height).skip(1) {
            advance += r as i32 * count(men & *row);
        }
        s += w.advance * advance;
        s += w.home * count(men & rows[0]);
        let mut centre = 0;
        for (k, ring) in t.rings.iter().enumerate().skip(1) {
            centre += k as i32 * count(men & *ring);
        }
        s += w.centre * centre + w.middle * count(men & t.middle);
        s += w.balance * (count(men & t.wings[0]) - count(men & t.wings[1])).abs();
        let enemy = board.owned(!c);
        if w.runaway != 0 && (enemy & kings).is_empty() {
            for sq in men.iter() {
                if (t.path[ci][Square::index(sq)] & enemy).is_empty() {
                    s += w.runaway;
                }
            }
        }
        if shape {
            for sq in men.iter() {
                if !(own & t.flank[ci][Square::index(sq)]).is_empty() {
                    s += w.flank;
                }
            }
        }
        score[ci] = s;
    }
    let me = pos.turn();
    let mut total = score[me.index()] - score[(!me).index()];
    if w.mobility != 0 {
        total += w.mobility * pos.count_legal_moves().min(60) as i32;
    }
    if let (Some(p), Some(windows)) = (patterns.filter(|_| w.patterns != 0), &t.windows) {
        let (mine, theirs, turned) = men_seen(pos);
        total += w.patterns * windows.score(p, mine, theirs, turned, pieces(pos));
    }
    total
}

/// The men of the side to move and of the other side (bit `i` for square `i`), and
/// whether the side to move is Black (whose board the patterns see turned).
fn men_seen<R>(pos: &CheckersPosition<R>) -> (u64, u64, bool)
where
    R: CheckersRules<Taking = Removed>,
{
    let board = pos.board();
    let (me, kings) = (pos.turn(), board.kings());
    let (mine, theirs) = (board.owned(me) - kings, board.owned(!me) - kings);
    (mine.0, theirs.0, me == Color::Black)
}

/// The pieces on the board of `pos`.
pub(crate) fn pieces<R>(pos: &CheckersPosition<R>) -> usize
where
    R: CheckersRules<Taking = Removed>,
{
    let board = pos.board();
    (board.owned(Color::White) | board.owned(Color::Black)).count()
}

/// The states of the windows `windows` in `pos` for the side to move, in `out`, and its
/// pieces ([`Evaluate::pattern_states`](crate::eval::Evaluate::pattern_states)).
pub(crate) fn pattern_states<R>(
    pos: &CheckersPosition<R>,
    windows: &DraughtsWindows,
    out: &mut [u16],
) -> usize
where
    R: CheckersRules<Taking = Removed>,
{
    let (mine, theirs, turned) = men_seen(pos);
    windows.states(mine, theirs, turned, out);
    pieces(pos)
}

/// Whether the side not to move of `pos` could capture were it its turn: one of its
/// men next to a piece of the side to move with the square beyond empty (men capture
/// backwards too in the three games), or one of its kings with only empty squares
/// between it and such a piece. A threat the quiescence search answers
/// ([`SearchOptions::threats`](crate::SearchOptions::threats)).
pub(crate) fn capture_threat<R>(pos: &CheckersPosition<R>, t: &Tables) -> bool
where
    R: CheckersRules<Taking = Removed>,
{
    let board = pos.board();
    let (mine, theirs) = (board.owned(pos.turn()), board.owned(!pos.turn()));
    let occupied = mine | theirs;
    let empty = |sq: u8| sq != OFF && !occupied.contains(Square(sq));
    let kings = board.kings();
    for from in theirs.iter() {
        let king = kings.contains(from);
        for d in 0..4 {
            let mut sq = t.steps[from.index()][d];
            if king {
                while empty(sq) {
                    sq = t.steps[usize::from(sq)][d];
                }
            }
            if sq != OFF && mine.contains(Square(sq)) && empty(t.steps[usize::from(sq)][d]) {
                return true;
            }
        }
    }
    false
}

/// `score` (for the side to move of `pos`) damped to an eighth where the side it
/// favours has `few` pieces or fewer and the other a king: few pieces rarely win
/// against a king, and a search that sees a won game there walks into draws.
pub(crate) fn damped<R>(pos: &CheckersPosition<R>, score: i32, few: usize) -> i32
where
    R: CheckersRules<Taking = Removed>,
{
    let board = pos.board();
    let ahead = if score > 0 { pos.turn() } else { !pos.turn() };
    let kings = board.owned(!ahead) & board.kings();
    if board.owned(ahead).count() <= few && !kings.is_empty() {
        score / 8
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_cover_every_square_once() {
        static CELL: OnceLock<Tables> = OnceLock::new();
        let t = Tables::of::<column_checkers::games::InternationalRules>(&CELL);
        let all = |sets: &[SquareSet]| sets.iter().fold(SquareSet::EMPTY, |a, s| a | *s);
        for c in 0..2 {
            assert_eq!(all(&t.rows[c]).count(), 50);
            assert_eq!(t.rows[c].iter().map(|s| s.count()).sum::<usize>(), 50);
        }
        assert_eq!(t.rings.iter().map(|s| s.count()).sum::<usize>(), 50);
        // the four centre squares of each kind, four steps from every edge
        assert_eq!(t.rings[4].count(), 2);
    }

    #[test]
    fn a_capture_threat_is_a_capture_of_the_side_not_to_move() {
        use column_checkers::games::{InternationalRules, RussianRules};
        use column_checkers::{InternationalDraughts, MoveList, RussianDraughts};
        static TEN: OnceLock<Tables> = OnceLock::new();
        static EIGHT: OnceLock<Tables> = OnceLock::new();
        let ten = Tables::of::<InternationalRules>(&TEN);
        let eight = Tables::of::<RussianRules>(&EIGHT);
        // the threat is the other side's capture with the turn passed to it
        fn captures<P: Position>(text: &str) -> bool
        where
            P::Move: column_checkers::MoveSquares,
        {
            let pos: P = text.parse().unwrap();
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            moves.iter().any(column_checkers::MoveSquares::is_capture)
        }
        for (white, black, threat) in [
            // a man in front of a man with the square behind free, forwards and back
            ("W28", "B23", true),
            ("W28", "B33", true),
            // the square beyond held, or off the board
            ("W28,32", "B23", false),
            ("W28", "B23,32", false),
            ("W36", "B31", false),
            // a king from afar, not through a piece
            ("W28", "BK46", true),
            ("W28,32,37", "BK46", false),
            ("W20", "BK46", false),
            ("W28", "B5", false),
        ] {
            let to_move = format!("W:{white}:{black}");
            let passed = format!("B:{white}:{black}");
            let pos: InternationalDraughts = to_move.parse().unwrap();
            assert_eq!(capture_threat(&pos, ten), threat, "{to_move}");
            assert_eq!(
                captures::<InternationalDraughts>(&passed),
                threat,
                "{passed}"
            );
        }
        for (white, black, threat) in [("c3", "d4", true), ("c3,b2", "d4", false)] {
            let pos: RussianDraughts = format!("W:W{white}:B{black}").parse().unwrap();
            assert_eq!(capture_threat(&pos, eight), threat, "{white} {black}");
            let passed = format!("B:W{white}:B{black}");
            assert_eq!(captures::<RussianDraughts>(&passed), threat, "{passed}");
        }
    }
}
