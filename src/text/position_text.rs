//! The position text and diagrams shared by the stack-board games.
//!
//! A position text has space-separated fields; the first lists the columns:
//! `-` for an empty board, otherwise `square:men` items joined by commas, each column's
//! men written **bottom to top** (the last letter is the commander) with `w`/`b` for
//! men and `W`/`B` for kings (officers). Example: `d4:wwbb,e5:b`. Rulesets add their
//! own fields after it (side to move, men in hand, ...).

use crate::alloc_prelude::*;
use crate::engine::board::{Board, Geometry};
use crate::engine::color::Color;
use crate::engine::columns::Columns;
use crate::engine::error::{PositionError, PositionErrorKind as K};
use crate::engine::square::Square;
use crate::engine::stack::{Man, Stack, MAX_HEIGHT};
use core::fmt::{self, Write};

/// Reads a position text with a ruleset's own reader `read`, then applies the checks
/// every ruleset's `FromStr` shares: the side not to move must have a piece
/// ([`check_side_not_to_move`]), and an error quotes the text where it went wrong
/// ([`PositionError::quoting`]).
///
/// # Errors
/// The reader's error or [`K::NoPiecesNotToMove`], quoting `text`.
pub fn read_position<P: crate::engine::position::Position>(
    text: &str,
    read: impl FnOnce(&str) -> Result<P, PositionError>,
) -> Result<P, PositionError> {
    read_position_with(text, read, has_piece_in_view)
}

/// [`read_position`] with the ruleset's own answer to whether a side has a piece
/// (`has_piece`), for a position that answers it more cheaply than its board view.
pub(crate) fn read_position_with<P: crate::engine::position::Position>(
    text: &str,
    read: impl FnOnce(&str) -> Result<P, PositionError>,
    has_piece: impl FnOnce(&P, Color) -> bool,
) -> Result<P, PositionError> {
    read(text)
        .and_then(|pos| check_side_with(pos, text, has_piece))
        .map_err(|e| e.quoting(text))
}

/// Refuses a position read from `text` where the side not to move has no piece (no
/// column whose top man is its, no man in hand): no move leads there
/// ([`K::NoPiecesNotToMove`], at the side-to-move field). Positions without a
/// [`BoardView`](crate::BoardView) pass.
///
/// # Errors
/// [`K::NoPiecesNotToMove`].
pub fn check_side_not_to_move<P: crate::engine::position::Position>(
    pos: P,
    text: &str,
) -> Result<P, PositionError> {
    check_side_with(pos, text, has_piece_in_view)
}

/// Whether `side` has a piece on the board view of `pos` or in hand (`true` for a
/// position without a board view).
fn has_piece_in_view<P: crate::engine::position::Position>(pos: &P, side: Color) -> bool {
    let Some(view) = pos.board_view() else {
        return true;
    };
    view.in_hand[side.index()] > 0 || view.occupied().any(|(_, s)| s.owner() == Some(side))
}

/// [`check_side_not_to_move`] with `has_piece` telling whether a side has a piece.
fn check_side_with<P: crate::engine::position::Position>(
    pos: P,
    text: &str,
    has_piece: impl FnOnce(&P, Color) -> bool,
) -> Result<P, PositionError> {
    let idle = !pos.turn();
    if has_piece(&pos, idle) {
        return Ok(pos);
    }
    let at = fields(text)
        .ok()
        .and_then(|f| f.get(1).map(|&(at, _)| at))
        .unwrap_or(0);
    Err(PositionError::new(K::NoPiecesNotToMove(idle), at))
}

/// Splits a position text into fields with their byte offsets: at white space, except
/// after a comma (a space after the comma of a list is part of the list's field).
///
/// # Errors
/// [`K::TooLong`] over [`crate::engine::error::MAX_TEXT_LEN`] bytes.
pub fn fields(text: &str) -> Result<Vec<(usize, &str)>, PositionError> {
    if text.len() > crate::engine::error::MAX_TEXT_LEN {
        return Err(PositionError::new(
            K::TooLong(text.len()),
            crate::engine::error::MAX_TEXT_LEN,
        ));
    }
    let mut out = Vec::new();
    if text.is_ascii() {
        ascii_fields(text, &mut out);
    } else {
        char_fields(text, &mut out);
    }
    Ok(out)
}

/// [`fields`] of any text, character by character.
fn char_fields<'a>(text: &'a str, out: &mut Vec<(usize, &'a str)>) {
    let mut start = None;
    // the last character of the field so far that is not white space: after a comma,
    // white space goes on with the field (`e4:w, i5:b` is one field)
    let mut last = ' ';
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) if last != ',' => {
                out.push((s, text[s..i].trim_end()));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
        if !c.is_whitespace() {
            last = c;
        }
    }
    if let Some(s) = start {
        out.push((s, text[s..].trim_end()));
    }
}

/// [`fields`] of an ASCII text (the texts the crate writes, which the invariant checks
/// read back on every position): the same fields, as the white space of
/// `char::is_whitespace` among ASCII bytes is that of [`ascii_space`]. The bytes of a
/// field are passed over eight at a time while none is a space or a control byte.
fn ascii_fields<'a>(text: &'a str, out: &mut Vec<(usize, &'a str)>) {
    let bytes = text.as_bytes();
    let n = bytes.len();
    let mut i = 0;
    loop {
        while i < n && ascii_space(bytes[i]) {
            i += 1;
        }
        if i == n {
            return;
        }
        let start = i;
        let end = loop {
            i = solid_run_end(bytes, i);
            let end = i;
            // white space after a comma goes on with the field
            if bytes[end - 1] == b',' {
                while i < n && ascii_space(bytes[i]) {
                    i += 1;
                }
                if i < n {
                    continue;
                }
            }
            break end;
        };
        out.push((start, &text[start..end]));
    }
}

/// Where the run of bytes that are not [`ascii_space`] starting at `i` of the ASCII
/// `bytes` ends.
#[inline]
fn solid_run_end(bytes: &[u8], mut i: usize) -> usize {
    const ONES: u64 = u64::MAX / 255;
    // eight bytes above the space at a time (exact for ASCII: no byte has its top bit)
    while let Some(word) = bytes.get(i..i + 8) {
        let w = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        if w.wrapping_sub(ONES * 0x21) & !w & (ONES * 0x80) != 0 {
            break;
        }
        i += 8;
    }
    while i < bytes.len() && !ascii_space(bytes[i]) {
        i += 1;
    }
    i
}

/// Whether ASCII byte `b` is white space as `char::is_whitespace` says (the space,
/// tab, line feed, vertical tab, form feed and carriage return).
#[inline]
fn ascii_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Reads the columns field (starting at byte `offset` of the whole text) onto an empty
/// board. Checks square names, duplicates, men letters, [`MAX_HEIGHT`] and that no
/// colour has more than 255 men (the most a [`Columns`] counts); the ruleset checks
/// the rest.
///
/// # Errors
/// [`PositionError`] naming the problem and its byte offset.
pub fn read_columns<B: Board>(field: &str, offset: usize) -> Result<Columns<B>, PositionError> {
    let g = B::geometry();
    let mut cols = Columns::new();
    if field == "-" {
        return Ok(cols);
    }
    let mut item_at = offset;
    // men of each colour so far: no board holds more than a u8 counts, and a ruleset's
    // own limit is far lower (it checks that one)
    let mut totals = [0usize; 2];
    for whole in field.split(',') {
        let err = |k, at| Err(PositionError::new(k, at));
        // white space after a comma is not part of the item
        let item = crate::text::notation::trim_start(whole);
        let pos = item_at + (whole.len() - item.len());
        let Some((name, men)) = item.split_once(':') else {
            return err(K::Missing("':' between square and men"), pos);
        };
        let Some(sq) = g.parse_square(name) else {
            return err(K::UnknownSquare(name.to_string()), pos);
        };
        if !cols.get(sq).is_empty() {
            return err(K::DuplicateSquare(g.name(sq).to_string()), pos);
        }
        if men.is_empty() {
            return err(K::EmptyColumn(g.name(sq).to_string()), pos);
        }
        if men.len() > MAX_HEIGHT {
            return err(
                K::ColumnTooTall {
                    square: g.name(sq).to_string(),
                    height: men.len(),
                    max: MAX_HEIGHT,
                },
                pos,
            );
        }
        let mut stack = Stack::EMPTY;
        for (i, c) in men.char_indices() {
            let Some(m) = Man::from_char(c) else {
                return err(K::BadMan(c), pos + name.len() + 1 + i);
            };
            stack.push_top(m);
        }
        for c in crate::engine::color::Color::ALL {
            totals[c.index()] += stack.count(c);
            if totals[c.index()] > u8::MAX as usize {
                return err(
                    K::TooManyMen {
                        color: c,
                        count: totals[c.index()],
                        max: u8::MAX as usize,
                    },
                    pos,
                );
            }
        }
        cols.set(sq, stack);
        item_at += whole.len() + 1;
    }
    Ok(cols)
}

/// Writes the columns field (see the module documentation), squares in reading order of
/// the board's drawing (bottom row first, left to right).
pub fn write_columns<B: Board>(cols: &Columns<B>, f: &mut impl Write) -> fmt::Result {
    let g = B::geometry();
    if cols.occupied().is_empty() {
        return f.write_char('-');
    }
    // in reading order of the drawing: bottom row first, left to right
    let occupied = cols.occupied();
    let squares = g.reading_order().iter().filter(|&&s| occupied.contains(s));
    for (i, &sq) in squares.enumerate() {
        if i > 0 {
            f.write_char(',')?;
        }
        write!(f, "{}:{}", g.name(sq), cols.get(sq))?;
    }
    Ok(())
}

/// The short text of a column for diagrams: its colour runs from the top down, a count
/// before each letter when more than one, e.g. `3w5b` for a cap of three white men
/// over five black prisoners; `.` for an empty square. This is the opposite order of
/// the position text, which lists a column's men from the bottom up (`e5:bbw` is drawn
/// `w2b`); the diagrams say so in their legend ([`COLUMN_LEGEND`]).
pub fn column_cell(s: Stack) -> String {
    if s.is_empty() {
        return ".".into();
    }
    let mut out = String::new();
    let mut run: Option<(char, usize)> = None;
    for m in s.men().rev() {
        let c = m.char();
        match run {
            Some((rc, n)) if rc == c => run = Some((rc, n + 1)),
            Some((rc, n)) => {
                push_run(&mut out, rc, n);
                run = Some((c, 1));
            }
            None => run = Some((c, 1)),
        }
    }
    if let Some((rc, n)) = run {
        push_run(&mut out, rc, n);
    }
    out
}

fn push_run(out: &mut String, c: char, n: usize) {
    if n > 1 {
        let _ = write!(out, "{n}");
    }
    out.push(c);
}

/// Draws the columns on the board's grid, top row first, with file letters below and
/// rank numbers on the left; each cell shows [`column_cell`].
///
/// With `hex`, the board is drawn as a hexagonal grid whose six neighbours are
/// `(±1, 0)`, `(0, ±1)`, `(1, 1)` and `(-1, -1)` (such as [`Hex37`](crate::custom::Hex37)):
/// each row is drawn half a cell to the left of the row below it, so that `(0, 1)`
/// points up-left and `(1, 1)` up-right; see [`hex_diagram`].
///
/// When a column holds more than one man, a legend line follows the board:
/// [`COLUMN_LEGEND`] (cells list a column's men from the top, the position text from
/// the bottom).
pub fn grid_diagram<B: Board>(cols: &Columns<B>, hex: bool) -> String {
    let mut out = if hex {
        hex_diagram(cols)
    } else {
        square_diagram(cols)
    };
    if cols.iter().any(|(_, s)| s.height() > 1) {
        out.push_str(COLUMN_LEGEND);
        out.push('\n');
    }
    out
}

/// The legend under a diagram with columns of more than one man: the order of the men
/// in a cell, which is the opposite of the position text's.
pub const COLUMN_LEGEND: &str =
    "columns read from the top man down (3w5b: three white men over five black); \
     position text lists them from the bottom up";

/// [`grid_diagram`] of a board that is not hexagonal, without the legend.
fn square_diagram<B: Board>(cols: &Columns<B>) -> String {
    let hex = false;
    let g: &Geometry = B::geometry();
    let (width, height, coords) = g.display();
    let mut at = vec![None; width as usize * height as usize];
    for (i, &(x, y)) in coords.iter().enumerate() {
        at[y as usize * width as usize + x as usize] = Some(Square(i as u8));
    }
    let cells: Vec<String> = g.squares().map(|sq| column_cell(cols.get(sq))).collect();
    let w = cells.iter().map(|c| c.len()).max().unwrap_or(1).max(1) + 1;
    let mut out = String::new();
    let rows = height as i32;
    for y in (0..rows).rev() {
        let indent = if hex {
            (rows - 1 - y) as usize * w / 2
        } else {
            0
        };
        let mut line = format!("{:>2} {}", y + 1, " ".repeat(indent));
        for x in 0..width as usize {
            let cell = match at[y as usize * width as usize + x] {
                Some(Square(s)) => cells[s as usize].as_str(),
                None => "",
            };
            let _ = write!(line, "{cell:>w$}");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let mut files = String::from("   ");
    if hex {
        files.push_str(&" ".repeat((rows as usize - 1) * w / 2));
    }
    for x in 0..width {
        let _ = write!(files, "{:>w$}", (b'a' + x) as char);
    }
    out.push_str(files.trim_end());
    out.push('\n');
    out
}

/// Draws a hexagonal grid board (neighbours `(±1, 0)`, `(0, ±1)`, `(1, 1)`,
/// `(-1, -1)`): rows of equal `y` are horizontal, top row first, and the cell `(x, y)`
/// is drawn `x - y / 2` cells from the left, which makes the 37-cell board a regular
/// hexagon. Each row starts with its number; the letter of each letter line (a line of
/// equal `x`, running up-left) is written where the line leaves the board at the
/// bottom, i.e. below the bottom row or to the right of the row where the line starts.
/// Each cell shows [`column_cell`].
///
/// ```text
///     7 . . . .
///    6 . . . . .
///   5 . . . . . .
///  4 . . . . . . .
///   3 . . . . . . g
///    2 . . . . . f
///     1 . . . . e
///        a b c d
/// ```
pub fn hex_diagram<B: Board>(cols: &Columns<B>) -> String {
    let g: &Geometry = B::geometry();
    let cells: Vec<String> = g.squares().map(|sq| column_cell(cols.get(sq))).collect();
    let widest = cells.iter().map(|c| c.len()).max().unwrap_or(1);
    // an even field width, so that half a cell is a whole number of characters
    let w = (widest + 2) & !1;
    // the items to draw: (row y, horizontal position in half cells, text)
    let mut items: Vec<(i32, i32, String)> = Vec::new();
    let half = |x: i32, y: i32| 2 * x - y;
    for sq in g.squares() {
        let (x, y) = g.coords(sq);
        let (x, y) = (x as i32, y as i32);
        items.push((y, half(x, y), cells[sq.index()].clone()));
    }
    for y in 0..g.height() as i32 {
        let first = (0..g.width() as i32).find(|&x| g.square_at(x, y).is_some());
        if let Some(x) = first {
            items.push((y, half(x - 1, y), (y + 1).to_string()));
        }
    }
    for x in 0..g.width() as i32 {
        let lowest = (0..g.height() as i32).find(|&y| g.square_at(x, y).is_some());
        if let Some(y) = lowest {
            let letter = ((b'a' + x as u8) as char).to_string();
            items.push((y - 1, half(x, y - 1), letter));
        }
    }
    let left = items.iter().map(|i| i.1).min().unwrap_or(0);
    let bottom = items.iter().map(|i| i.0).min().unwrap_or(0);
    let top = items.iter().map(|i| i.0).max().unwrap_or(0);
    let mut lines = vec![String::new(); (top - bottom + 1) as usize];
    items.sort_by_key(|i| (i.0, i.1));
    for (y, h, text) in items {
        let line = &mut lines[(top - y) as usize];
        // right-align the text in its field of width w
        let end = (h - left) as usize * w / 2 + w;
        let start = end.saturating_sub(text.len()).max(line.len());
        line.push_str(&" ".repeat(start - line.len()));
        line.push_str(&text);
    }
    let mut out = String::new();
    for l in lines {
        out.push_str(l.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::color::Color;

    #[test]
    fn diagram_legend_says_the_order() {
        use crate::engine::position::Position;
        use crate::games::emergo::Emergo;
        let pos: Emergo = "e5:bbw b 0/0".parse().unwrap();
        let d = pos.diagram();
        assert!(d.contains("w2b"), "{d}");
        assert!(d.contains(COLUMN_LEGEND), "{d}");
        // no legend when every column is one man
        let pos: Emergo = "e5:b,e4:w b 0/0".parse().unwrap();
        assert!(!pos.diagram().contains(COLUMN_LEGEND));
        // on the hexagon too
        let pos: crate::games::emergo::HexEmergo = "d4:bbw b 0/0".parse().unwrap();
        assert!(pos.diagram().contains(COLUMN_LEGEND));
    }

    #[test]
    fn cells() {
        let s = Stack::from_men_bottom_up(
            [Man::new(Color::Black); 5]
                .into_iter()
                .chain([Man::new(Color::White); 3]),
        )
        .unwrap();
        assert_eq!(column_cell(s), "3w5b");
        assert_eq!(column_cell(Stack::single(Man::king(Color::Black))), "B");
        assert_eq!(column_cell(Stack::EMPTY), ".");
    }

    #[test]
    fn ascii_fields_are_the_fields_of_the_characters() {
        let texts = [
            "",
            " ",
            "a",
            " a  bc d",
            "e4:w, i5:b w 3/4",
            "e4:w,  i5:b\tw",
            "a,",
            "a, ",
            "a ,b",
            "a,\n\x0b\x0cb\r c",
            "x\x1fy \x0bz",
            ",, , ,",
            "- w 12/12",
            "bbbbbbbbbbbbbb/bbbbbbbbbbbbbb/14/14/14/14/14/14/14/14/wwwwwwwwwwwwww/wwwwwwwwwwwwww w",
            "a1:w,b2:wb,  c3:bbbbbbbbbbbb,d4:w\x01x\x02yyyyyyyyyyy   z,\t",
            "0123456789abcdef\x0b0123456789,abcdef 0123456789abcdefg,",
        ];
        for text in texts {
            let (mut ascii, mut chars) = (Vec::new(), Vec::new());
            ascii_fields(text, &mut ascii);
            char_fields(text, &mut chars);
            assert_eq!(ascii, chars, "{text:?}");
        }
        // every ASCII byte between two fields
        for b in 0..128u8 {
            let text = format!("a,{}b{}c", b as char, b as char);
            let (mut ascii, mut chars) = (Vec::new(), Vec::new());
            ascii_fields(&text, &mut ascii);
            char_fields(&text, &mut chars);
            assert_eq!(ascii, chars, "{text:?}");
            assert_eq!(ascii_space(b), (b as char).is_whitespace());
        }
        // not ASCII: the characters' way
        assert_eq!(fields("a\u{a0}b, c").unwrap(), vec![(0, "a"), (3, "b, c")]);
    }

    #[test]
    fn field_offsets() {
        assert_eq!(
            fields(" a  bc d").unwrap(),
            vec![(1, "a"), (4, "bc"), (7, "d")]
        );
    }
}
