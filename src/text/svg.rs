//! SVG diagrams of positions, for any board shape (feature `svg`, no dependency): the
//! text of a standalone SVG picture that a game server can serve or a tool can write
//! to a file.
//!
//! Columns are drawn as towers of discs inside their cells, bottom man lowest; kings
//! (officers) carry a gold ring; a column of more than one man is labelled with its
//! colour runs from the top down ([`column_cell`], e.g. `3w5b`); a column taller than
//! [`MEN_DRAWN`] men shows its top men and a badge with its height. Square boards are
//! drawn as squares (the dark-square boards with their light squares), six-direction
//! boards as hexagonal cells in offset rows. Coordinates go on the edges, or in each
//! cell when the board names its squares otherwise (numbered squares). Each board
//! square's cell carries its name in a `data-square` attribute, so a web page can make
//! the squares clickable (the `web` example).
//!
//! ```
//! use column_checkers::text::svg::{render_position, SvgOptions};
//! use column_checkers::Emergo;
//!
//! let pos: Emergo = "c4:bbbbbwww,d4:ww b 0/0".parse().unwrap();
//! let svg = render_position(&pos, &SvgOptions::default()).unwrap();
//! assert!(svg.starts_with("<svg"));
//! assert!(svg.contains("3w5b"));
//! ```

use crate::alloc_prelude::*;
use crate::engine::board::Geometry;
use crate::engine::color::Color;
use crate::engine::position::Position;
use crate::engine::square::Square;
use crate::engine::stack::{Rank, Stack};
use crate::engine::view::BoardView;
use crate::text::position_text::column_cell;
use core::fmt::Write;
// the float functions std gives as methods, for `no_std` too (the same results)
use libm::{cos, round, sin, sqrt};

/// How to draw a diagram.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SvgOptions {
    /// The width of one cell in pixels (default 56).
    pub cell: f64,
    /// A caption above the board (escaped for XML), e.g. the position text.
    pub title: Option<String>,
    /// Whether to write the side to move and the men in hand under the board
    /// (default true).
    pub status: bool,
    /// Whether to turn the board around, Black's side at the bottom (default false).
    pub flip: bool,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions {
            cell: 56.0,
            title: None,
            status: true,
            flip: false,
        }
    }
}

impl SvgOptions {
    /// The options with a caption.
    pub fn with_title(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// The options with the board turned around (`true`: Black at the bottom).
    pub fn flipped(mut self, flip: bool) -> Self {
        self.flip = flip;
        self
    }
}

/// Renders a position's board; `None` when the position type exposes no
/// [`BoardView`] (see [`Position::board_view`]).
pub fn render_position<P: Position>(pos: &P, options: &SvgOptions) -> Option<String> {
    pos.board_view().map(|v| render(&v, options))
}

/// How the grid is laid out on the page.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Square cells; `dark` when pieces move diagonally only (draw the light squares).
    Square { dark: bool },
    /// Hexagonal cells, each row shifted by half a cell per row (`shear` = -1 when
    /// (1, 1) is a direction, +1 when (1, -1) is).
    Hex { shear: i32 },
}

fn shape_of(g: &Geometry) -> Shape {
    if g.has_display() {
        // drawn on its own grid, one cell per square (Emergo's diamond)
        return Shape::Square { dark: false };
    }
    let v: Vec<(i8, i8)> = g.directions().map(|d| g.vector(d)).collect();
    if v.len() == 6 {
        let shear = if v.contains(&(1, -1)) { 1 } else { -1 };
        return Shape::Hex { shear };
    }
    Shape::Square {
        dark: v.iter().all(|&(dx, dy)| dx != 0 && dy != 0),
    }
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Whether the board uses the default names (file letter + rank number).
fn default_names(g: &Geometry) -> bool {
    let (_, _, at) = g.display();
    g.squares().all(|s| {
        let (x, y) = at[s.index()];
        g.name(s) == format!("{}{}", (b'a' + x) as char, y + 1)
    })
}

struct Layout {
    shape: Shape,
    cell: f64,
    row_h: f64,
    flip: bool,
    width: f64,
    height: f64,
    min_u: f64,
}

impl Layout {
    /// Grid `(x, y)` to the cell's centre in board units (before margins).
    fn unit(&self, x: i32, y: i32) -> (f64, f64) {
        let (h, w) = (self.height, self.width);
        let (x, y) = if self.flip {
            (w as i32 - 1 - x, h as i32 - 1 - y)
        } else {
            (x, y)
        };
        let u = match self.shape {
            Shape::Square { .. } => x as f64,
            Shape::Hex { shear } => x as f64 + shear as f64 * 0.5 * y as f64,
        };
        (u, h - 1.0 - y as f64)
    }

    fn centre(&self, x: i32, y: i32, left: f64, top: f64) -> (f64, f64) {
        let (u, v) = self.unit(x, y);
        (
            left + (u - self.min_u + 0.5) * self.cell,
            top + (v + 0.5) * self.row_h + (self.cell - self.row_h) / 2.0,
        )
    }
}

/// Renders a board as a standalone SVG document.
pub fn render(view: &BoardView<'_>, options: &SvgOptions) -> String {
    let g = view.geometry;
    let shape = shape_of(g);
    // the drawing grid (the board's own unless it has drawing coordinates)
    let (grid_w, grid_h, at) = g.display();
    let mut square_at = vec![None; grid_w as usize * grid_h as usize];
    for s in g.squares() {
        let (x, y) = at[s.index()];
        square_at[y as usize * grid_w as usize + x as usize] = Some(s);
    }
    let c = if options.cell.is_finite() && options.cell >= 8.0 {
        options.cell
    } else {
        56.0
    };
    let row_h = match shape {
        Shape::Square { .. } => c,
        Shape::Hex { .. } => c * sqrt(3.0) / 2.0,
    };
    let mut layout = Layout {
        shape,
        cell: c,
        row_h,
        flip: options.flip,
        width: grid_w as f64,
        height: grid_h as f64,
        min_u: 0.0,
    };
    // the cells to draw: the board's squares, plus the light squares of a dark board
    let mut cells: Vec<(i32, i32, Option<Square>)> = Vec::new();
    for y in 0..grid_h as i32 {
        for x in 0..grid_w as i32 {
            match square_at[y as usize * grid_w as usize + x as usize] {
                Some(s) => cells.push((x, y, Some(s))),
                None if shape == (Shape::Square { dark: true }) => cells.push((x, y, None)),
                None => {}
            }
        }
    }
    let us: Vec<f64> = cells.iter().map(|&(x, y, _)| layout.unit(x, y).0).collect();
    layout.min_u = us.iter().copied().fold(f64::INFINITY, f64::min);
    let max_u = us.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let names_on_edges = default_names(g);
    let margin = round(c * 0.55);
    let title_h = if options.title.is_some() {
        c * 0.6
    } else {
        0.0
    };
    let status_h = if options.status { c * 0.55 } else { 0.0 };
    let left = margin;
    let top = margin * 0.5 + title_h;
    let board_w = (max_u - layout.min_u + 1.0) * c;
    let board_h = (grid_h as f64 - 1.0) * row_h + c;
    let total_w = left + board_w + margin * 0.5;
    let total_h = top + board_h + margin + status_h;
    let font = round(c * 0.26);

    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{total_w:.0}" height="{total_h:.0}" viewBox="0 0 {total_w:.0} {total_h:.0}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"#
    );
    out.push('\n');
    let _ = writeln!(
        out,
        r##"<rect width="100%" height="100%" fill="#fbf7ef"/>"##
    );
    if let Some(t) = &options.title {
        // shrink a long caption (a position text) to the picture's width
        let fit = (total_w - left - 4.0) / (0.6 * t.chars().count().max(1) as f64);
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="{:.1}" fill="#222">{}</text>"##,
            left,
            margin * 0.5 + title_h * 0.6,
            font.min(fit).max(6.0),
            escape(t)
        );
    }

    // cells
    for &(x, y, sq) in &cells {
        let (cx, cy) = layout.centre(x, y, left, top);
        let fill = match (shape, sq) {
            (Shape::Square { dark: true }, None) => "#efe3cb",
            (Shape::Square { dark: true }, Some(_)) => "#a8805a",
            (Shape::Square { dark: false }, _) if (x + y) % 2 == 0 => "#c9a77c",
            (Shape::Square { dark: false }, _) => "#dcc29c",
            (Shape::Hex { .. }, _) => "#d8bc92",
        };
        // a board square carries its name, for pages that let a person click it
        let id = sq.map_or(String::new(), |s| {
            format!(r#" data-square="{}""#, escape(g.name(s)))
        });
        match shape {
            Shape::Square { .. } => {
                let _ = writeln!(
                    out,
                    r##"<rect x="{:.1}" y="{:.1}" width="{c:.1}" height="{c:.1}" fill="{fill}" stroke="#6b5338" stroke-width="0.8"{id}/>"##,
                    cx - c / 2.0,
                    cy - c / 2.0
                );
            }
            Shape::Hex { .. } => {
                // pointy-top hexagon of width c
                let r = c / sqrt(3.0);
                let mut pts = String::new();
                for k in 0..6 {
                    let a = (60.0 * k as f64 + 30.0).to_radians();
                    let _ = write!(pts, "{:.1},{:.1} ", cx + r * cos(a), cy + r * sin(a));
                }
                let _ = writeln!(
                    out,
                    r##"<polygon points="{}" fill="{fill}" stroke="#6b5338" stroke-width="0.8"{id}/>"##,
                    pts.trim_end()
                );
            }
        }
        if let (false, Some(s)) = (names_on_edges, sq) {
            let _ = writeln!(
                out,
                r##"<text x="{:.1}" y="{:.1}" font-size="{:.0}" fill="#f4ead8">{}</text>"##,
                cx - c * 0.45,
                cy - c * 0.3,
                round(c * 0.18),
                escape(g.name(s))
            );
        }
    }

    // coordinates on the edges. Square boards: file letters under the board, rank
    // numbers on its left. Hexagonal boards (slanted files): each file's letter
    // under its lowest cell, each rank's number left of its leftmost cell.
    if names_on_edges {
        let mut files: Vec<Option<(f64, f64)>> = vec![None; grid_w as usize];
        let mut ranks: Vec<Option<(f64, f64)>> = vec![None; grid_h as usize];
        let hex = matches!(shape, Shape::Hex { .. });
        let (mut min_x, mut max_y) = (f64::INFINITY, f64::NEG_INFINITY);
        for &(x, y, _) in &cells {
            let (cx, cy) = layout.centre(x, y, left, top);
            min_x = min_x.min(cx);
            max_y = max_y.max(cy);
            let f = &mut files[x as usize];
            if f.map_or(true, |(_, fy)| cy > fy) {
                *f = Some((cx, cy));
            }
            let r = &mut ranks[y as usize];
            if r.map_or(true, |(rx, _)| cx < rx) {
                *r = Some((cx, cy));
            }
        }
        // on a hexagonal board a label goes where the next cell of its line would be
        let beyond = |from: (f64, f64), to: (f64, f64)| {
            let k = 0.72;
            (
                from.0 + k * (to.0 - from.0),
                from.1 + k * (to.1 - from.1) + font * 0.35,
            )
        };
        for (x, f) in files.iter().enumerate() {
            if let Some((cx, cy)) = *f {
                let (lx, ly) = if hex {
                    let lowest = cells
                        .iter()
                        .filter(|c| c.0 == x as i32)
                        .map(|c| c.1)
                        .min()
                        .unwrap_or(0);
                    beyond((cx, cy), layout.centre(x as i32, lowest - 1, left, top))
                } else {
                    (cx, max_y + c / 2.0 + font * 1.1)
                };
                let _ = writeln!(
                    out,
                    r##"<text x="{lx:.1}" y="{ly:.1}" font-size="{font:.0}" text-anchor="middle" fill="#444">{}</text>"##,
                    (b'a' + x as u8) as char
                );
            }
        }
        for (y, r) in ranks.iter().enumerate() {
            if let Some((cx, cy)) = *r {
                let (lx, ly, anchor) = if hex {
                    let leftmost = cells
                        .iter()
                        .filter(|c| c.1 == y as i32)
                        .map(|c| c.0)
                        .min()
                        .unwrap_or(0);
                    let (lx, ly) =
                        beyond((cx, cy), layout.centre(leftmost - 1, y as i32, left, top));
                    (lx, ly, "middle")
                } else {
                    (min_x - c / 2.0 - font * 0.35, cy + font * 0.35, "end")
                };
                let _ = writeln!(
                    out,
                    r##"<text x="{lx:.1}" y="{ly:.1}" font-size="{font:.0}" text-anchor="{anchor}" fill="#444">{}</text>"##,
                    y + 1
                );
            }
        }
    }

    // towers
    for (sq, stack) in view.occupied() {
        let (x, y) = at[sq.index()];
        let (cx, cy) = layout.centre(x as i32, y as i32, left, top);
        tower(&mut out, stack, cx, cy, c);
    }

    if options.status {
        let mut s = format!("{} to move", view.turn);
        if view.in_hand != [0, 0] {
            let _ = write!(
                s,
                " · in hand: White {}, Black {}",
                view.in_hand[0], view.in_hand[1]
            );
        }
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="{:.0}" fill="#222">{}</text>"##,
            left,
            top + board_h + margin + status_h * 0.45,
            font,
            escape(&s)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The most men of a column drawn as discs; a taller column shows its top men so
/// many and a badge with its height.
pub const MEN_DRAWN: usize = 6;

/// Draws one column as a tower of discs standing on the cell centred at (cx, cy),
/// everything inside the cell: a single man centred; a column with its label
/// ([`column_cell`]) along the cell's top and its discs below, the top
/// [`MEN_DRAWN`] men of a taller one with a badge of its height in the cell's
/// lower right corner.
fn tower(out: &mut String, stack: Stack, cx: f64, cy: f64, c: f64) {
    let n = stack.height();
    let rx = c * 0.38;
    let ry = c * 0.14;
    let shown = n.min(MEN_DRAWN);
    let (t, base, label) = if n <= 1 {
        (c * 0.12, cy + c * 0.06, None)
    } else {
        // the label's line along the top of the cell, shrunk to the cell's width
        let text = column_cell(stack);
        let size = (c * 0.27).min(c * 0.92 / (0.62 * text.chars().count() as f64));
        let baseline = cy - c * 0.5 + c * 0.05 + size * 0.8;
        // the discs in the band below it, flattened to fit
        let (band_top, band_bottom) = (baseline + c * 0.04, cy + c * 0.46);
        let t = (c * 0.12).min((band_bottom - band_top - 2.0 * ry) / shown as f64);
        let height = shown as f64 * t + 2.0 * ry;
        let top_y = (band_top + band_bottom) / 2.0 - height / 2.0 + ry;
        let base = top_y + (shown - 1) as f64 * t;
        (t, base, Some((text, size, baseline)))
    };
    for (i, man) in stack.men().skip(n - shown).enumerate() {
        let y = base - i as f64 * t;
        let (fill, side, stroke) = match man.color {
            Color::White => ("#fbfaf5", "#d9d4c5", "#3a3a3a"),
            Color::Black => ("#2b2b2b", "#111111", "#9a9a9a"),
        };
        // the disc's edge, then its face
        let _ = writeln!(
            out,
            r#"<path d="M{:.1},{:.1} v{:.1} a{rx:.1},{ry:.1} 0 0 0 {:.1},0 v{:.1} z" fill="{side}" stroke="{stroke}" stroke-width="0.9"/>"#,
            cx - rx,
            y,
            t,
            2.0 * rx,
            -t
        );
        let _ = writeln!(
            out,
            r#"<ellipse cx="{cx:.1}" cy="{y:.1}" rx="{rx:.1}" ry="{ry:.1}" fill="{fill}" stroke="{stroke}" stroke-width="0.9"/>"#
        );
        if man.rank == Rank::King {
            let _ = writeln!(
                out,
                r##"<ellipse cx="{cx:.1}" cy="{y:.1}" rx="{:.1}" ry="{:.1}" fill="none" stroke="#d4a017" stroke-width="{:.1}"/>"##,
                rx * 0.62,
                ry * 0.62,
                (c * 0.05).max(1.5)
            );
        }
    }
    if let Some((text, size, baseline)) = label {
        let _ = writeln!(
            out,
            r##"<text x="{cx:.1}" y="{baseline:.1}" font-size="{size:.1}" text-anchor="middle" fill="#1a1a1a" stroke="#fbf7ef" stroke-width="2.5" paint-order="stroke">{text}</text>"##,
        );
    }
    if n > MEN_DRAWN {
        // the height in a badge in the lower right corner, large enough for a phone
        let size = c * 0.28;
        let digits = if n >= 10 { 2.0 } else { 1.0 };
        let (w, h) = (digits * 0.62 * size + c * 0.1, size * 1.15);
        let (x, y) = (cx + c * 0.48 - w, cy + c * 0.48 - h);
        let _ = writeln!(
            out,
            r##"<g class="height" pointer-events="none"><rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" rx="{:.1}" fill="#1f3a5f" stroke="#fbf7ef" stroke-width="1"/><text x="{:.1}" y="{:.1}" font-size="{size:.1}" font-weight="bold" text-anchor="middle" fill="#ffffff">{n}</text></g>"##,
            h * 0.3,
            x + w / 2.0,
            y + h * 0.8,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::draughts::RussianDraughts;
    use crate::games::emergo::Emergo;

    #[test]
    fn emergo_diagram_has_every_square_and_the_towers() {
        let pos: Emergo = "c4:bbbbbwww,d4:ww b 0/0".parse().unwrap();
        let svg = render_position(&pos, &SvgOptions::default().with_title("A <&>")).unwrap();
        // 41 cells and the badge of c4's height (8 men, of which the top 6 are drawn)
        assert_eq!(svg.matches("<rect x=").count(), 42);
        assert!(svg.contains(">8</text>"));
        // 8 men drawn, each an edge and a face
        assert_eq!(svg.matches("<ellipse").count(), 8);
        assert!(svg.contains("3w5b") && svg.contains(">2w<"));
        assert!(svg.contains("A &lt;&amp;&gt;"));
        assert!(svg.contains("Black to move"));
        assert!(svg.trim_end().ends_with("</svg>"));
        // every square is named for pages that make it clickable
        assert_eq!(svg.matches("data-square=").count(), 41);
        assert!(svg.contains(r#"data-square="e5""#));
    }

    /// The numbers of attribute `name` in the SVG's elements of tag `tag`.
    fn attrs(svg: &str, tag: &str, name: &str) -> Vec<f64> {
        svg.split(&format!("<{tag} "))
            .skip(1)
            .filter_map(|e| {
                let at = e.find(&format!(" {name}=\"")).map(|i| i + name.len() + 3)?;
                e[at..].split('"').next()?.parse().ok()
            })
            .collect()
    }

    #[test]
    fn tall_columns_stay_inside_their_squares() {
        // 13 men on d4 (taller than drawn) and 6 on f4 (all drawn), a man on b4
        let pos: Emergo = "b4:w,d4:bbbbbbbwwwwww,f4:wwwbbb w 0/0".parse().unwrap();
        for cell in [56.0, 30.0] {
            let options = SvgOptions {
                cell,
                ..SvgOptions::default()
            };
            let svg = render_position(&pos, &options).unwrap();
            // the three squares' cells: their tops, all on one row
            let cells = attrs(&svg, "rect", "y");
            let square_top = |name: &str| {
                let at = svg.find(&format!(r#"data-square="{name}""#)).unwrap();
                let rect = &svg[svg[..at].rfind("<rect ").unwrap()..];
                attrs(rect, "rect", "y")[0]
            };
            let top = square_top("d4");
            assert_eq!(top, square_top("f4"));
            assert!(cells.contains(&top));
            let bottom = top + cell;
            // every disc, label and badge between the row's top and bottom
            let faces = attrs(&svg, "ellipse", "cy");
            assert_eq!(faces.len(), 1 + 6 + 6, "six men of the 13 drawn: {svg}");
            let ry = cell * 0.14;
            for y in &faces {
                assert!(
                    *y - ry >= top - 0.05 && *y + ry <= bottom + 0.05,
                    "{y} in {top}..{bottom}"
                );
            }
            let sizes = attrs(&svg, "text", "font-size");
            for (text, y) in ["6w7b", "13", "3b3w"].iter().map(|t| {
                let at = svg.find(&format!(">{t}</text>")).unwrap();
                let el = &svg[svg[..at].rfind("<text ").unwrap()..];
                (t, attrs(el, "text", "y")[0])
            }) {
                assert!(
                    y <= bottom && y - cell * 0.23 >= top - 0.05,
                    "{text} at {y} in {top}..{bottom}"
                );
            }
            assert!(sizes.iter().all(|s| *s > 0.0));
            // the height badge: once, large enough to read on a phone
            assert_eq!(svg.matches(r#"<g class="height""#).count(), 1);
            let badge = &svg[svg.find(">13</text>").unwrap() - 120..];
            let size = attrs(badge, "text", "font-size")[0];
            assert!(size >= cell * 0.25, "{size}");
        }
    }

    #[test]
    fn dark_board_draws_light_squares_and_kings() {
        let pos: RussianDraughts = "c3:W,f6:b w".parse().unwrap();
        let svg = render_position(&pos, &SvgOptions::default().flipped(true)).unwrap();
        assert_eq!(svg.matches("<rect x=").count(), 64);
        assert_eq!(svg.matches("#d4a017").count(), 1);
        for label in ["a", "h", "1", "8"] {
            assert!(svg.contains(&format!(">{label}</text>")), "{label}");
        }
    }

    #[test]
    fn hex_boards_draw_hexagons() {
        use crate::engine::board::Board;
        use std::sync::OnceLock;
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        struct Hex7;
        impl Board for Hex7 {
            fn geometry() -> &'static Geometry {
                static G: OnceLock<Geometry> = OnceLock::new();
                G.get_or_init(|| {
                    Geometry::new(
                        "hex-7",
                        3,
                        3,
                        |x, y| x.abs_diff(y) < 2,
                        &[(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)],
                    )
                })
            }
        }
        let stacks = [Stack::EMPTY; 7];
        let view = BoardView::new(Hex7::geometry(), &stacks, Color::White);
        let svg = render(&view, &SvgOptions::default());
        assert_eq!(svg.matches("<polygon").count(), 7);
    }
}
