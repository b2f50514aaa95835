//! The windows of the column games' [patterns](crate::patterns), read from a position's
//! [board view](column_checkers::BoardView): every square of a window is empty or holds
//! a column of the side to move or of the other side, of one of four [`Kind`]s, so 9
//! states a square and 9^4 a window of 4 squares.
//! Where the game has men in hand (Emergo), one more window holds the two sides' men
//! in hand.
//!
//! A window is the four squares a step apart along the board's two shortest forward
//! directions: a diamond of four dark squares on the draughts boards and Emergo's, a
//! square of four on the full grids (Dameo, Epaminondas), a rhombus on the hexagon
//! (HexEmergo); every such window with three or four squares on the board. The
//! position is always seen from the side to move: with Black to move the board is
//! turned half a turn and the colours swapped, so one table serves both sides.

use column_checkers::custom::Stack;
use column_checkers::{BoardView, Color, Geometry, Position};

use crate::patterns::{Patterns, STATES};
use crate::shape::half_turn;

/// The squares of a window.
const SQUARES: usize = 4;
/// The states of a square.
const SQUARE_STATES: u16 = 9;
/// No square (a window's point off the board).
const NONE: u8 = u8::MAX;
/// The men in hand a side counts at most in its window (its state is `mine * 81 +
/// theirs`).
const HAND: usize = 80;

/// The fourth kind of column a square tells apart, besides a lone man, a column with
/// its owner's man under the top and one with a prisoner under the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A column topped by a king (officer): the games that crown.
    King,
    /// A column of four men or more with its owner's man under the top: the games that
    /// crown no one (Emergo), where a tall column is what wins.
    Tall,
}

/// A board's windows of four squares, and how the board turns half a turn.
///
/// ```
/// use column_checkers::{Emergo, Position};
/// use column_checkers_player::column_windows::{ColumnWindows, Kind};
///
/// let start = Emergo::start();
/// let view = start.board_view().unwrap();
/// // 40 diamonds of Emergo's board and the men in hand
/// let windows = ColumnWindows::new(view.geometry, true, Kind::Tall).unwrap();
/// assert_eq!(windows.windows(), 41);
/// // the empty board: every diamond in state 0; twelve men in hand a side
/// let mut states = [0u16; 41];
/// assert_eq!(windows.states(&view, &mut states), 24);
/// assert_eq!(states[0], 0);
/// assert_eq!(states[40], 12 * 81 + 12);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnWindows {
    /// Each window's squares, the first square's digit 1, the next 9, 81, 729;
    /// [`NONE`] off the board.
    windows: Vec<[u8; SQUARES]>,
    /// `turned[i]`: the square half a turn from square `i`.
    turned: Vec<u8>,
    /// Whether one more window holds the men in hand.
    hand: bool,
    /// The fourth kind of column.
    fourth: Kind,
}

/// The state of a square holding `stack`, seen by `me`: 0 empty, 1 to 4 a column of
/// `me` (a lone man, a column with his own man under the top, one with a prisoner
/// under the top, one of the `fourth` kind), 5 to 8 the same for the other side.
///
/// ```
/// use column_checkers::custom::{Man, Stack};
/// use column_checkers::Color::{Black, White};
/// use column_checkers_player::column_windows::{square_state, Kind};
///
/// // a white man over a black prisoner
/// let column = Stack::from_men_bottom_up([Man::new(Black), Man::new(White)]).unwrap();
/// assert_eq!(square_state(column, White, Kind::King), 3);
/// assert_eq!(square_state(column, Black, Kind::King), 7);
/// ```
pub fn square_state(stack: Stack, me: Color, fourth: Kind) -> u16 {
    let Some(owner) = stack.owner() else {
        return 0;
    };
    let h = stack.height();
    let own_under = h >= 2 && stack.man(h - 2).is_some_and(|m| m.color == owner);
    let kind = match (fourth, h) {
        (Kind::King, _) if stack.top_is_king() => 3,
        (Kind::Tall, 4..) if own_under => 3,
        (_, 1) => 0,
        _ if own_under => 1,
        _ => 2,
    };
    let side = if owner == me { 1 } else { 5 };
    side + kind
}

impl ColumnWindows {
    /// The windows of the board of `g` (`hand`: one more for the men in hand), telling
    /// the `fourth` kind of column apart. `None` for a board of more than 255 squares or
    /// with fewer than two directions.
    pub fn new(g: &Geometry, hand: bool, fourth: Kind) -> Option<ColumnWindows> {
        if g.len() >= usize::from(NONE) {
            return None;
        }
        // the two shortest steps forward (up the board, or along the bottom row to the
        // right) that are not in line
        let mut steps: Vec<(i32, i32)> = g
            .directions()
            .map(|d| g.vector(d))
            .map(|(x, y)| (i32::from(x), i32::from(y)))
            .filter(|&(x, y)| y > 0 || (y == 0 && x > 0))
            .collect();
        steps.sort_by_key(|&(x, y)| (x.abs() + y.abs(), -x));
        let a = *steps.first()?;
        let b = *steps.iter().find(|&&(x, y)| x * a.1 != y * a.0)?;
        let (width, height) = (i32::from(g.width()), i32::from(g.height()));
        let at = |x: i32, y: i32| g.square_at(x, y).map_or(NONE, |s| s.index() as u8);
        let mut windows = Vec::new();
        for y in -2..height + 2 {
            for x in -2..width + 2 {
                let window = [
                    at(x, y),
                    at(x + a.0, y + a.1),
                    at(x + b.0, y + b.1),
                    at(x + a.0 + b.0, y + a.1 + b.1),
                ];
                if window.iter().filter(|&&s| s != NONE).count() >= 3 {
                    windows.push(window);
                }
            }
        }
        let turned = half_turn(g);
        Some(ColumnWindows {
            windows,
            turned,
            hand,
            fourth,
        })
    }

    /// The number of windows (with the men in hand's).
    pub fn windows(&self) -> usize {
        self.windows.len() + usize::from(self.hand)
    }

    /// Each window's state (`out[w]`, below [`STATES`]) in `view` for the side to move,
    /// and the pieces: the columns on the board and the men in hand.
    pub fn states(&self, view: &BoardView<'_>, out: &mut [u16]) -> usize {
        let mut pieces = 0;
        let squares = self.squares(view, &mut pieces);
        for (o, s) in out.iter_mut().zip(self.each_state(&squares, view)) {
            *o = s as u16;
        }
        pieces
    }

    /// The value under `patterns` of the position of `view`, for the side to move.
    pub fn score(&self, patterns: &Patterns, view: &BoardView<'_>) -> i32 {
        let mut pieces = 0;
        let squares = self.squares(view, &mut pieces);
        patterns.blend(self.each_state(&squares, view), pieces)
    }

    /// Each square's state for the side to move, the board turned half a turn when it
    /// is Black (index [`NONE`]: 0); adds the columns and the men in hand to `pieces`.
    fn squares(&self, view: &BoardView<'_>, pieces: &mut usize) -> [u8; 256] {
        let me = view.turn;
        let mut squares = [0u8; 256];
        for (sq, stack) in view.occupied() {
            let at = match me {
                Color::White => sq.index(),
                Color::Black => usize::from(self.turned[sq.index()]),
            };
            squares[at] = square_state(stack, me, self.fourth) as u8; // below 9
            *pieces += 1;
        }
        *pieces += view.in_hand[0] + view.in_hand[1];
        squares
    }

    /// The windows' states from the squares' states (and the men in hand of `view`).
    fn each_state<'a>(
        &'a self,
        squares: &'a [u8; 256],
        view: &'a BoardView<'_>,
    ) -> impl Iterator<Item = usize> + 'a {
        let board = self.windows.iter().map(move |w| {
            w.iter().rev().fold(0usize, |state, &s| {
                state * usize::from(SQUARE_STATES) + usize::from(squares[usize::from(s)])
            })
        });
        let me = view.turn.index();
        let hand = self.hand.then(|| {
            let (mine, theirs) = (view.in_hand[me], view.in_hand[1 - me]);
            mine.min(HAND) * (HAND + 1) + theirs.min(HAND)
        });
        board.chain(hand)
    }
}

/// A column game's windows and its learned values, loaded once.
#[derive(Debug)]
pub(crate) struct ColumnSet {
    pub(crate) windows: ColumnWindows,
    pub(crate) patterns: Patterns,
}

impl ColumnSet {
    /// The windows of the board of `P` (the `fourth` kind of column told apart) and the
    /// values of the file `bytes` (the ruleset's `name.patterns`).
    ///
    /// # Panics
    /// If `P` has no board view or the file is not its (a file of the crate's own).
    pub(crate) fn load<P: Position>(bytes: &[u8], name: &str, fourth: Kind) -> ColumnSet {
        let start = P::start();
        let view = start
            .board_view()
            .unwrap_or_else(|| panic!("{name} has no board view"));
        let hand = view.in_hand != [0, 0];
        let windows = ColumnWindows::new(view.geometry, hand, fourth)
            .unwrap_or_else(|| panic!("{name}: the windows do not fit its board"));
        let mut out = vec![0u16; windows.windows()];
        let full = windows.states(&view, &mut out);
        let patterns = Patterns::read(bytes, windows.windows(), full)
            .unwrap_or_else(|e| panic!("player/weights/{name}.patterns: {e}"));
        ColumnSet { windows, patterns }
    }

    /// The windows' states of `pos` for the side to move in `out`, and its pieces.
    pub(crate) fn states<P: Position>(&self, pos: &P, out: &mut [u16]) -> Option<usize> {
        Some(self.windows.states(&pos.board_view()?, out))
    }
}

// keep the state within the values of a window
const _: () = assert!((SQUARE_STATES as usize).pow(SQUARES as u32) == STATES);
const _: () = assert!((HAND + 1) * (HAND + 1) == STATES);

#[cfg(test)]
mod tests {
    use super::*;
    use column_checkers::custom::Man;
    use column_checkers::{Dameo, Emergo, Epaminondas, HexEmergo, Lasca};

    fn windows_of<P: Position>() -> (ColumnWindows, &'static Geometry) {
        let start = P::start();
        let view = start.board_view().unwrap();
        let hand = view.in_hand != [0, 0];
        let fourth = if hand { Kind::Tall } else { Kind::King };
        let windows = ColumnWindows::new(view.geometry, hand, fourth).unwrap();
        (windows, view.geometry)
    }

    #[test]
    fn every_square_is_in_a_window_and_the_windows_are_the_boards() {
        for (windows, g, count) in [
            (windows_of::<Emergo>(), 0),
            (windows_of::<Lasca>(), 1),
            (windows_of::<HexEmergo>(), 2),
            (windows_of::<Dameo>(), 3),
            (windows_of::<Epaminondas>(), 4),
        ]
        .into_iter()
        .map(|((w, g), i)| (w, g, i))
        {
            let mut seen = vec![0; g.len()];
            for w in &windows.windows {
                for &s in w.iter().filter(|&&s| s != NONE) {
                    seen[usize::from(s)] += 1;
                }
                // no window is all off the board or twice the same square
                let on: Vec<u8> = w.iter().copied().filter(|&s| s != NONE).collect();
                assert!(on.len() >= 3);
                assert!(on
                    .iter()
                    .all(|s| on.iter().filter(|t| *t == s).count() == 1));
            }
            assert!(
                seen.iter().all(|&n| (1..=4).contains(&n)),
                "{count}: {seen:?}"
            );
            // half a turn is its own inverse
            for (i, &t) in windows.turned.iter().enumerate() {
                assert_eq!(usize::from(windows.turned[usize::from(t)]), i);
            }
        }
        // the full grids: every 2x2 square (7x7 on 8x8, 13x11 on 14x12)
        assert_eq!(windows_of::<Dameo>().0.windows(), 49);
        assert_eq!(windows_of::<Epaminondas>().0.windows(), 143);
        // Emergo: its diamonds and the men in hand
        let (emergo, _) = windows_of::<Emergo>();
        assert!(emergo.hand);
        assert_eq!(emergo.windows(), emergo.windows.len() + 1);
    }

    #[test]
    fn a_square_names_its_columns_kind_for_the_side_to_move() {
        use Color::{Black, White};
        use Kind::{King, Tall};
        let lone = Stack::single(Man::new(White));
        for fourth in [King, Tall] {
            assert_eq!(square_state(Stack::EMPTY, White, fourth), 0);
            assert_eq!(square_state(lone, White, fourth), 1);
            assert_eq!(square_state(lone, Black, fourth), 5);
        }
        let solid = Stack::uniform(White, 3);
        assert_eq!(square_state(solid, White, King), 2);
        assert_eq!(square_state(solid, White, Tall), 2);
        let mut holding = solid;
        holding.pop_top();
        holding.push_top(Man::new(Black));
        holding.push_top(Man::new(White));
        // white over black over white, white: a prisoner under the top
        assert_eq!(square_state(holding, White, King), 3);
        assert_eq!(square_state(holding, Black, Tall), 7);
        // four men or more, the owner's under the top: tall where no one is crowned
        let tall = Stack::uniform(Black, 4);
        assert_eq!(square_state(tall, White, King), 6);
        assert_eq!(square_state(tall, White, Tall), 8);
        assert_eq!(square_state(tall, Black, Tall), 4);
        holding.push_top(Man::new(Black));
        holding.push_top(Man::new(Black));
        assert_eq!(square_state(holding, Black, Tall), 4);
        holding.push_top(Man::new(White));
        assert_eq!(square_state(holding, White, Tall), 3);
        let mut king = lone;
        king.promote_top();
        assert_eq!(square_state(king, White, King), 4);
        assert_eq!(square_state(king, Black, King), 8);
        assert_eq!(square_state(king, White, Tall), 1);
    }

    #[test]
    fn the_states_are_seen_from_the_side_to_move() {
        // White's and Black's starts in Lasca are one position turned: the same states
        let white = Lasca::start();
        let mut black_to_move: Vec<u16> = Vec::new();
        let (windows, _) = windows_of::<Lasca>();
        let mut out = vec![0u16; windows.windows()];
        let pieces = windows.states(&white.board_view().unwrap(), &mut out);
        assert_eq!(pieces, 22);
        let text = white.to_string().replacen("W:", "B:", 1);
        let black: Lasca = text.parse().unwrap();
        let view = black.board_view().unwrap();
        black_to_move.resize(out.len(), 0);
        windows.states(&view, &mut black_to_move);
        assert_eq!(out, black_to_move);
        // Emergo's start: an empty board, twelve men in hand each
        let (windows, _) = windows_of::<Emergo>();
        let mut out = vec![0u16; windows.windows()];
        let start = Emergo::start();
        assert_eq!(windows.states(&start.board_view().unwrap(), &mut out), 24);
        assert!(out[..out.len() - 1].iter().all(|&s| s == 0));
        assert_eq!(usize::from(out[out.len() - 1]), 12 * 81 + 12);
    }

    #[test]
    fn the_score_is_the_value_of_the_states() {
        use column_checkers::playout::SplitMix64;
        let (windows, _) = windows_of::<Emergo>();
        let n = windows.windows();
        let mut p = Patterns::zero(n, 24);
        let mut rng = SplitMix64::new(5);
        let mut random = || (rng.below(201) as i16) - 100;
        let (m, e): (Vec<i16>, Vec<i16>) = (0..n * STATES).map(|_| (random(), random())).unzip();
        p.set_values(&m, &e);
        for seed in 0..50 {
            let pos: Emergo = crate::matches::random_position(seed, (seed * 7 % 60) as usize);
            let view = pos.board_view().unwrap();
            let mut out = vec![0u16; n];
            let pieces = windows.states(&view, &mut out);
            assert_eq!(windows.score(&p, &view), p.value(&out, pieces));
        }
    }
}
