//! The observation tensor: the whole state of a game in progress as planes over the
//! board's grid.
//!
//! Shape `[planes, height, width]`: the board's own grid
//! ([`Geometry::coords`](column_checkers::Geometry::coords), `width` x `height`), cell
//! `(x, y)` at `[.., y, x]` (`y = 0` is the first rank, White's side; on Emergo's
//! 41-square board and the hexagon the grid is the one whose steps are the board's
//! directions). Cells that are no square of the board are 0 in every plane but the
//! constant ones. Absolute colours (the board is not turned for Black); the tensor is
//! the same for both players (perfect information). The planes, in order (`L` the
//! levels, see [`Layout::levels`]):
//!
//! | planes | count | value |
//! |---|---|---|
//! | white at level `k` | `L` | 1 where the `k`-th man from the top of the column is White's (`k = 0`: the top man, who commands the column) |
//! | black at level `k` | `L` | the same for Black's men |
//! | king at level `k` | `L`, only in rulesets with kings | 1 where the `k`-th man from the top is a king (officer) |
//! | men in hand | 2, only in rulesets with men in hand | White's, then Black's men in hand divided by the men of a side, on every cell |
//! | side to move | 1 | 1 on every cell when Black is to move (0 for White, and when the game is over for the last mover's opponent) |
//! | pending click `j` | [`MAX_ROUTE`] | 1 on the square of the `j`-th click of the move being entered |
//! | board | 1 | 1 on the board's squares |
//!
//! A column's height is the number of levels it fills, so the tensor holds each column
//! whole, with its order. `L` is 1 in the games of single men and the total number of
//! men in the column games.

use column_checkers::custom::{Rank, Terms, MAX_ROUTE};
use column_checkers::{AnyGame, BoardView, Color, Square};
/// Where everything is in the observation tensor of a ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Board squares (the number of distinct actions).
    pub squares: usize,
    pub width: usize,
    pub height: usize,
    /// The cell `y * width + x` of each square.
    pub cell: Vec<u32>,
    /// Levels per column: the tallest column the rules allow.
    pub levels: usize,
    /// Whether men have ranks (kings, officers): the king planes.
    pub kings: bool,
    /// Whether there are men in hand: the two hand planes.
    pub hand: bool,
    /// The men of one side at the start: divides the men in hand.
    pub side_men: usize,
    /// The first plane of each group.
    pub white: usize,
    pub black: usize,
    pub king: usize,
    pub in_hand: usize,
    pub turn: usize,
    pub click: usize,
    pub board: usize,
    pub planes: usize,
}

impl Layout {
    /// The layout of `start`'s ruleset, from `start` (a game at its ruleset's start).
    pub fn of(start: &AnyGame) -> Layout {
        let g = start.geometry();
        let columns = start.terms() == Terms::Columns;
        // the king planes where men can be crowned (kings, Lasca's officers)
        let kings = start.crowning();
        let side_men = Color::ALL
            .map(|c| start.men(c))
            .into_iter()
            .max()
            .unwrap_or(0);
        let total = start.men(Color::White) + start.men(Color::Black);
        let levels = if columns { total.max(1) } else { 1 };
        let hand = start
            .board_view()
            .is_some_and(|v| v.in_hand.iter().any(|&n| n > 0));
        let width = g.width() as usize;
        let height = g.height() as usize;
        let cell = g
            .squares()
            .map(|s| {
                let (x, y) = g.coords(s);
                y as u32 * width as u32 + x as u32
            })
            .collect();
        let white = 0;
        let black = levels;
        let king = 2 * levels;
        let in_hand = king + if kings { levels } else { 0 };
        let turn = in_hand + if hand { 2 } else { 0 };
        let click = turn + 1;
        let board = click + MAX_ROUTE;
        Layout {
            squares: g.len(),
            width,
            height,
            cell,
            levels,
            kings,
            hand,
            side_men,
            white,
            black,
            king,
            in_hand,
            turn,
            click,
            board,
            planes: board + 1,
        }
    }

    /// Floats in one observation.
    pub fn size(&self) -> usize {
        self.planes * self.width * self.height
    }

    /// `[planes, height, width]`.
    pub fn shape(&self) -> [usize; 3] {
        [self.planes, self.height, self.width]
    }

    /// Whether a game from the board `view` fits the tensor: no column taller than
    /// the levels (a position text may hold more men than the start), no king without
    /// king planes, no more men in hand than a side has at the start.
    pub fn fits(&self, view: Option<BoardView<'_>>) -> Result<(), String> {
        let Some(view) = view else {
            return Err("this ruleset's positions do not show their board".into());
        };
        let g = view.geometry;
        if let Some((s, st)) = view.occupied().find(|(_, st)| st.height() > self.levels) {
            return Err(format!(
                "the column on {} holds {} men, more than the observation's {} levels",
                g.name(s),
                st.height(),
                self.levels
            ));
        }
        if !self.kings {
            let king = view
                .occupied()
                .find(|(_, st)| st.men().any(|m| m.rank == Rank::King));
            if let Some((s, _)) = king {
                return Err(format!(
                    "a king on {}: men of this ruleset are never crowned, and its \
                     observation has no king planes",
                    g.name(s)
                ));
            }
        }
        if let Some(&n) = view.in_hand.iter().find(|&&n| n > self.side_men) {
            return Err(format!(
                "{n} men in hand: more than the {} men of a side at the start",
                self.side_men
            ));
        }
        Ok(())
    }

    /// Writes the observation of a game into `out` (`size()` floats): its board
    /// `view` and `clicks`, those of the move being entered.
    pub fn write(&self, view: &BoardView<'_>, clicks: &[Square], out: &mut [f32]) {
        debug_assert_eq!(out.len(), self.size());
        out.fill(0.0);
        let hw = self.width * self.height;
        for (sq, stack) in view.occupied() {
            let c = self.cell[sq.index()] as usize;
            let h = stack.height();
            for k in 0..h.min(self.levels) {
                let Some(man) = stack.man(h - 1 - k) else {
                    break;
                };
                let plane = match man.color {
                    Color::White => self.white + k,
                    Color::Black => self.black + k,
                };
                out[plane * hw + c] = 1.0;
                if self.kings && man.rank == Rank::King {
                    out[(self.king + k) * hw + c] = 1.0;
                }
            }
        }
        let fill = |out: &mut [f32], plane: usize, v: f32| {
            out[plane * hw..(plane + 1) * hw].fill(v);
        };
        if self.hand && self.side_men > 0 {
            for c in 0..2 {
                let v = view.in_hand[c] as f32 / self.side_men as f32;
                if v != 0.0 {
                    fill(out, self.in_hand + c, v);
                }
            }
        }
        if view.turn == Color::Black {
            fill(out, self.turn, 1.0);
        }
        for (j, &s) in clicks.iter().take(MAX_ROUTE).enumerate() {
            out[(self.click + j) * hw + self.cell[s.index()] as usize] = 1.0;
        }
        for &c in &self.cell {
            out[self.board * hw + c as usize] = 1.0;
        }
    }

    /// The square of each cell (`None` off the board): to read a tensor back.
    pub fn square_of_cell(&self, cell: usize) -> Option<Square> {
        self.cell
            .iter()
            .position(|&c| c as usize == cell)
            .map(|i| Square(i as u8))
    }
}
