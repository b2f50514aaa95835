//! PDN's FEN: the draughts games' positions in the FEN tag.

use crate::alloc_prelude::*;
use crate::engine::board::Geometry;
use crate::engine::color::Color;
use crate::engine::error::{PositionError, PositionErrorKind};
use crate::engine::position::Position;
use crate::engine::square::Square;
use crate::engine::stack::{Man, Rank};
use crate::engine::view::BoardView;
use core::fmt::Write;
use thiserror::Error;

/// The longest FEN text read.
pub const MAX_FEN_LEN: usize = 4096;

/// What is wrong with a FEN text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum FenErrorKind {
    /// Longer than [`MAX_FEN_LEN`].
    #[error("FEN too long ({0} bytes)")]
    TooLong(usize),
    /// The side to move is not `W`, `B` or `?`.
    #[error("side to move {0:?} (expected W, B or ?)")]
    BadTurn(String),
    /// A colour group that does not start with `W` or `B`.
    #[error("colour {0:?} (expected W or B after ':')")]
    BadColor(String),
    /// A square that is not on this board.
    #[error("no square {0:?} on this board")]
    UnknownSquare(String),
    /// A range whose ends are not numbers in increasing order.
    #[error("bad range {0:?}")]
    BadRange(String),
    /// A square given twice.
    #[error("square {0:?} given twice")]
    DuplicateSquare(String),
    /// The ruleset has no board view (its position type does not say its board).
    #[error("this ruleset has no board to place FEN pieces on")]
    NoBoard,
    /// The pieces read, but the ruleset does not accept the position.
    #[error("{0}")]
    Position(PositionError),
}

/// A FEN text that could not be read: what, and the byte offset in the text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("FEN {text:?}: {kind} (at byte {at})")]
#[non_exhaustive]
pub struct FenError {
    /// What is wrong.
    pub kind: FenErrorKind,
    /// Where (byte offset).
    pub at: usize,
    /// The text read.
    pub text: String,
}

/// A FEN read onto a board: the side to move (`None` for `?`) and the pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fen {
    /// The side to move; `None` when the text says `?`.
    pub turn: Option<Color>,
    /// The pieces, in the order written.
    pub pieces: Vec<(Square, Man)>,
}

/// Whether `text` has the form of a PDN FEN (`W:`, `B:` or `?:` first), as opposed to
/// a ruleset's own position text.
pub fn looks_like_fen(text: &str) -> bool {
    let t = text.trim_start().as_bytes();
    t.len() >= 2 && matches!(t[0], b'W' | b'B' | b'?') && t[1] == b':'
}

/// The squares of `g` in FEN numbering order: rows from the top down, left to right.
pub fn fen_numbering(g: &Geometry) -> Vec<Square> {
    let mut squares: Vec<Square> = g.squares().collect();
    squares.sort_by_key(|&sq| {
        let (x, y) = g.coords(sq);
        (core::cmp::Reverse(y), x)
    });
    squares
}

/// The FEN number of `sq` on `g` (1-based; see the [text](crate::text#fen)).
pub fn fen_number(g: &Geometry, sq: Square) -> usize {
    fen_numbering(g)
        .iter()
        .position(|&s| s == sq)
        .map_or(0, |i| i + 1)
}

fn square_named(g: &Geometry, numbers: &[Square], name: &str) -> Option<Square> {
    if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
        let n: usize = name.parse().ok()?;
        return n.checked_sub(1).and_then(|i| numbers.get(i)).copied();
    }
    if let Some(sq) = g.parse_square(name) {
        return Some(sq);
    }
    // an algebraic name on a board named otherwise (a1 on the numbered 10x10 board)
    let mut chars = name.chars();
    let file = chars.next()?.to_ascii_lowercase();
    let rank: i32 = chars.as_str().parse().ok()?;
    if !file.is_ascii_lowercase() {
        return None;
    }
    g.square_at(i32::from(file as u8 - b'a'), rank - 1)
}

/// Reads a FEN text onto the board `g`.
///
/// # Errors
/// [`FenError`] naming the problem and its byte offset.
pub fn read_fen(g: &Geometry, text: &str) -> Result<Fen, FenError> {
    let err = |kind, at| FenError {
        kind,
        at,
        text: text.to_string(),
    };
    if text.len() > MAX_FEN_LEN {
        return Err(err(FenErrorKind::TooLong(text.len()), MAX_FEN_LEN));
    }
    let numbers = fen_numbering(g);
    let body = text.trim_end();
    let body = body.strip_suffix('.').unwrap_or(body);
    let mut parts = body.split(':');
    let turn_text = parts.next().unwrap_or("");
    let turn = match turn_text.trim() {
        "W" => Some(Color::White),
        "B" => Some(Color::Black),
        "?" => None,
        t => return Err(err(FenErrorKind::BadTurn(t.to_string()), 0)),
    };
    let mut at = turn_text.len() + 1;
    let mut pieces: Vec<(Square, Man)> = Vec::new();
    for group in parts {
        let start = at;
        at += group.len() + 1;
        let g_trim = group.trim();
        let mut chars = g_trim.chars();
        let color = match chars.next() {
            Some('W') => Color::White,
            Some('B') => Color::Black,
            _ => return Err(err(FenErrorKind::BadColor(g_trim.to_string()), start)),
        };
        let list = chars.as_str();
        if list.trim().is_empty() {
            continue; // no pieces of this colour
        }
        let mut item_at = start + (group.len() - group.trim_start().len()) + 1;
        for item in list.split(',') {
            // at the item itself, past white space after the comma
            let here = item_at + (item.len() - item.trim_start().len());
            item_at += item.len() + 1;
            let item = item.trim();
            let (rank, sq_text) = match item.strip_prefix('K') {
                Some(rest) => (Rank::King, rest.trim_start()),
                None => (Rank::Man, item),
            };
            let man = Man { color, rank };
            let mut add = |sq: Square, name: &str| {
                if pieces.iter().any(|&(s, _)| s == sq) {
                    return Err(err(FenErrorKind::DuplicateSquare(name.to_string()), here));
                }
                pieces.push((sq, man));
                Ok(())
            };
            match sq_text.split_once('-') {
                Some((lo, hi)) => {
                    let bad = || err(FenErrorKind::BadRange(item.to_string()), here);
                    let (lo, hi) = (lo.trim(), hi.trim());
                    let a: usize = lo.parse().map_err(|_| bad())?;
                    let b: usize = hi.parse().map_err(|_| bad())?;
                    if a == 0 || a > b {
                        return Err(bad());
                    }
                    for n in a..=b {
                        let sq = numbers
                            .get(n - 1)
                            .copied()
                            .ok_or_else(|| err(FenErrorKind::UnknownSquare(n.to_string()), here))?;
                        add(sq, &n.to_string())?;
                    }
                }
                None => {
                    let sq = square_named(g, &numbers, sq_text).ok_or_else(|| {
                        err(FenErrorKind::UnknownSquare(sq_text.to_string()), here)
                    })?;
                    add(sq, sq_text)?;
                }
            }
        }
    }
    Ok(Fen { turn, pieces })
}

/// The ruleset's position text of a FEN read onto `g`: the columns field (one man
/// per square) and the side to move (White when unknown).
pub fn fen_position_text(g: &Geometry, fen: &Fen) -> String {
    let mut out = String::new();
    let mut pieces = fen.pieces.clone();
    pieces.sort_by_key(|&(sq, _)| sq.index());
    for (i, (sq, man)) in pieces.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{}:{}", g.name(*sq), man.char());
    }
    if out.is_empty() {
        out.push('-');
    }
    out.push_str(match fen.turn.unwrap_or(Color::White) {
        Color::White => " w",
        Color::Black => " b",
    });
    out
}

/// Reads a FEN text as a position of ruleset `P`; also returns whether the text says
/// the side to move (`false` for `?`, read as White to move).
///
/// # Errors
/// [`FenError`]: the text does not read on `P`'s board, or `P` does not accept the
/// position (too many men, a man on a square it may not stand on, ...).
pub fn position_from_fen<P: Position>(text: &str) -> Result<(P, bool), FenError> {
    let start = P::start();
    let view = start.board_view().ok_or_else(|| FenError {
        kind: FenErrorKind::NoBoard,
        at: 0,
        text: text.to_string(),
    })?;
    let g = view.geometry;
    let fen = read_fen(g, text)?;
    let pos_text = fen_position_text(g, &fen);
    let pos = pos_text.parse::<P>().map_err(|e| FenError {
        kind: FenErrorKind::Position(e),
        at: 0,
        text: text.to_string(),
    })?;
    Ok((pos, fen.turn.is_some()))
}

impl From<FenError> for PositionError {
    /// The same problem as a [`PositionError`] (at the same byte of the FEN text,
    /// quoting it), for readers that take either form of a position.
    fn from(e: FenError) -> Self {
        use PositionErrorKind as K;
        let kind = match e.kind {
            FenErrorKind::TooLong(n) => K::TooLong(n),
            FenErrorKind::BadTurn(s) => K::FenSide(s),
            FenErrorKind::BadColor(s) => K::FenColor(s),
            FenErrorKind::UnknownSquare(s) => K::UnknownSquare(s),
            FenErrorKind::BadRange(s) => K::FenRange(s),
            FenErrorKind::DuplicateSquare(s) => K::DuplicateSquare(s),
            FenErrorKind::NoBoard => K::Missing("a board to place FEN pieces on"),
            FenErrorKind::Position(p) => p.kind,
        };
        PositionError::new(kind, e.at).quoting(&e.text)
    }
}

/// Reads `text` as a position of `P` in either form: PDN FEN when it starts as FEN
/// does (`W:`, `B:` or `?:`, see [`looks_like_fen`]; `?` reads as White to move),
/// otherwise the ruleset's own position text through `read_text`. A text whose first
/// field is not a square and its men fits neither form, and its error says so with an example of
/// each ([`PositionErrorKind::NeitherForm`]). The draughts games, and every position
/// type of [`CheckersPosition`](crate::custom::CheckersPosition), read their
/// [`FromStr`](core::str::FromStr) text so.
///
/// ```
/// use column_checkers::{InternationalDraughts, Position};
/// use column_checkers::error::PositionErrorKind;
///
/// let fen: InternationalDraughts = "W:W31-50:B1-20".parse().unwrap();
/// assert_eq!(fen, InternationalDraughts::start());
/// let text: InternationalDraughts = "3:W,23:b,28:w b".parse().unwrap();
/// assert_eq!(text, "B:W28,K3:B23".parse().unwrap());
///
/// let e = "X:W31-50:B1-20".parse::<InternationalDraughts>().unwrap_err();
/// assert!(matches!(e.kind, PositionErrorKind::NeitherForm { .. }));
/// assert_eq!(
///     e.to_string(),
///     "bad position text at byte 0 (\"X:W31-50:B1-20\"): no square \"X\" on this board; \
///      a position is this game's position text (such as \"31:w,20:b w\") or PDN FEN \
///      (such as \"W:W31:B20\")"
/// );
/// ```
///
/// # Errors
/// [`PositionError`]: the FEN's problem (at its byte), the position text's, or
/// [`PositionErrorKind::NeitherForm`].
pub fn read_position_or_fen<P: Position>(
    text: &str,
    read_text: impl FnOnce(&str) -> Result<P, PositionError>,
) -> Result<P, PositionError> {
    if looks_like_fen(text) {
        return position_from_fen::<P>(text)
            .map(|(pos, _)| pos)
            .map_err(PositionError::from);
    }
    read_text(text).map_err(|e| match e.kind {
        // the first field is not `square:men`: the text has neither form
        // (a square's name on a board of this crate is a file letter and a rank number,
        // or a number: `a2` on a square not on this board is a position text's error)
        PositionErrorKind::UnknownSquare(ref name) if e.at == 0 && !square_like(name) => {
            neither::<P>(e, text)
        }
        PositionErrorKind::EmptyColumn(_) | PositionErrorKind::Missing(_) if e.at == 0 => {
            neither::<P>(e, text)
        }
        _ => e,
    })
}

/// Whether `name` has the form of a square's name: a number, or a letter and a number.
fn square_like(name: &str) -> bool {
    let digits = name.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    name.len() - digits.len() <= 1
        && !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
}

/// `e`, a position text's error at its first byte, as [`PositionErrorKind::NeitherForm`].
fn neither<P: Position>(e: PositionError, text: &str) -> PositionError {
    let Some((example, fen)) = examples::<P>() else {
        return e;
    };
    let why = Box::new(e.kind);
    PositionError::new(
        PositionErrorKind::NeitherForm {
            why,
            text: example,
            fen,
        },
        0,
    )
    .quoting(text)
}

/// A small position of `P` in its position text and in FEN: of the start's men, White's
/// first and Black's last in FEN numbering (the two nearest the middle), White to move.
fn examples<P: Position>() -> Option<(String, String)> {
    let start = P::start();
    let view = start.board_view()?;
    let g = view.geometry;
    let numbers = fen_numbering(g);
    let leads = |sq: Square, color: Color| view.get(sq).top().is_some_and(|m| m.color == color);
    let white = *numbers.iter().find(|&&sq| leads(sq, Color::White))?;
    let black = *numbers.iter().rev().find(|&&sq| leads(sq, Color::Black))?;
    let fen = Fen {
        turn: Some(Color::White),
        pieces: vec![
            (white, Man::new(Color::White)),
            (black, Man::new(Color::Black)),
        ],
    };
    let text = fen_position_text(g, &fen);
    let pos: P = text.parse().ok()?;
    Some((text, fen_of(&pos)?))
}

/// Writes a board as FEN, when FEN can say it: every column one man, nothing in hand.
/// Squares are numbers (with ranges of three or more, `31-50`) when the board names
/// its squares by numbers, algebraic names otherwise; White's pieces first.
pub fn write_fen(view: &BoardView<'_>) -> Option<String> {
    if view.in_hand != [0, 0] {
        return None;
    }
    let g = view.geometry;
    let numeric = g
        .squares()
        .all(|s| g.name(s).bytes().all(|b| b.is_ascii_digit()));
    let numbers = fen_numbering(g);
    let mut out = String::from(match view.turn {
        Color::White => "W",
        Color::Black => "B",
    });
    for color in [Color::White, Color::Black] {
        out.push(':');
        out.push(match color {
            Color::White => 'W',
            Color::Black => 'B',
        });
        // (number, king) of this colour's pieces in numbering order
        let mut items: Vec<(usize, Square, bool)> = Vec::new();
        for (i, &sq) in numbers.iter().enumerate() {
            let s = view.get(sq);
            if s.is_empty() {
                continue;
            }
            if s.height() != 1 {
                return None;
            }
            let man = s.top()?;
            if man.color == color {
                items.push((i + 1, sq, man.rank == Rank::King));
            }
        }
        let mut first = true;
        let mut i = 0;
        while i < items.len() {
            let (n, sq, king) = items[i];
            let mut j = i;
            if numeric {
                while j + 1 < items.len()
                    && items[j + 1].0 == items[j].0 + 1
                    && items[j + 1].2 == king
                {
                    j += 1;
                }
            }
            if !first {
                out.push(',');
            }
            first = false;
            if king {
                out.push('K');
            }
            if !numeric {
                out.push_str(g.name(sq));
                i += 1;
                continue;
            }
            if j >= i + 2 {
                let _ = write!(out, "{n}-{}", items[j].0);
                i = j + 1;
            } else {
                let _ = write!(out, "{n}");
                i += 1;
            }
        }
    }
    Some(out)
}

/// The FEN of a position of any ruleset, when FEN can say it (see [`write_fen`]) and
/// the ruleset reads it back as the same position ([`position_from_fen`]): a game
/// whose position text says more than the board (Emergo's men in hand, even when
/// none are left) keeps its own position text, so a record's `FEN` tag always replays.
pub fn fen_of<P: Position>(pos: &P) -> Option<String> {
    let fen = write_fen(&pos.board_view()?)?;
    match position_from_fen::<P>(&fen) {
        Ok((read, _)) if read == *pos => Some(fen),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Board;
    use crate::engine::shapes::dark::{Dark10, Dark8};
    use crate::games::draughts::{BrazilianDraughts, InternationalDraughts, RussianDraughts};
    use crate::games::emergo::Emergo;
    use crate::games::stapeldammen::Stapeldammen;

    #[test]
    fn numbering_of_the_10x10_board_is_its_names() {
        let g = Dark10::geometry();
        for (i, sq) in fen_numbering(g).into_iter().enumerate() {
            assert_eq!(g.name(sq), (i + 1).to_string());
        }
        let g8 = Dark8::geometry();
        let n = fen_numbering(g8);
        let names: Vec<&str> = [0, 3, 4, 28, 31].iter().map(|&i| g8.name(n[i])).collect();
        assert_eq!(names, ["b8", "h8", "a7", "a1", "g1"]);
        assert_eq!(fen_number(g8, g8.parse_square("c3").unwrap()), 22);
    }

    #[test]
    fn forms_of_the_standard() {
        let g = Dark10::geometry();
        let f = read_fen(g, "W:W31-50:B1-20").unwrap();
        assert_eq!((f.turn, f.pieces.len()), (Some(Color::White), 40));
        let f = read_fen(g, "?:W29,13,11:B22,4,2").unwrap();
        assert_eq!(f.turn, None);
        let f = read_fen(g, "W:W31,29,K15:B14,13,12,9.").unwrap();
        assert_eq!(f.pieces[2].1, Man::king(Color::White));
        let f = read_fen(g, "B:W:B1").unwrap();
        assert_eq!(f.pieces.len(), 1);
        let f = read_fen(g, "W:Wa1:Bb10").unwrap();
        assert_eq!(f.pieces[0].0, g.parse_square("46").unwrap());
        assert_eq!(f.pieces[1].0, g.parse_square("1").unwrap());
        let f = read_fen(g, "W:W01,K05-07:B50").unwrap();
        assert_eq!(f.pieces.len(), 5);
    }

    #[test]
    fn errors_name_the_problem() {
        let g = Dark10::geometry();
        let kind = |t: &str| read_fen(g, t).unwrap_err().kind;
        assert_eq!(kind("X:W1"), FenErrorKind::BadTurn("X".into()));
        assert!(matches!(kind("W:Q1"), FenErrorKind::BadColor(_)));
        assert_eq!(kind("W:W51"), FenErrorKind::UnknownSquare("51".into()));
        assert_eq!(kind("W:W0"), FenErrorKind::UnknownSquare("0".into()));
        assert!(matches!(kind("W:W20-10"), FenErrorKind::BadRange(_)));
        assert!(matches!(kind("W:W1:B1"), FenErrorKind::DuplicateSquare(_)));
        assert!(matches!(kind(&"W".repeat(5000)), FenErrorKind::TooLong(_)));
        let e = position_from_fen::<InternationalDraughts>("W:W1-50").unwrap_err();
        assert!(matches!(e.kind, FenErrorKind::Position(_)), "{e}");
        assert!(matches!(
            position_from_fen::<Emergo>("W:Wa1").unwrap_err().kind,
            FenErrorKind::Position(_)
        ));
    }

    #[test]
    fn the_draughts_starts_round_trip() {
        fn check<P: Position>(fen: &str) {
            let (p, known) = position_from_fen::<P>(fen).unwrap();
            assert!(known);
            assert_eq!(p, P::start(), "{fen}");
            assert_eq!(fen_of(&p).unwrap(), fen);
        }
        check::<InternationalDraughts>("W:W31-50:B1-20");
        check::<Stapeldammen>("W:W31-50:B1-20");
        let russian = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";
        let russian = {
            // written in numbering order: top row first
            let (p, _) = position_from_fen::<RussianDraughts>(russian).unwrap();
            assert_eq!(p, RussianDraughts::start());
            fen_of(&p).unwrap()
        };
        check::<RussianDraughts>(&russian);
        check::<BrazilianDraughts>(&russian);
        // the standard's Russian collection writes the start by numbers
        let (p, _) = position_from_fen::<RussianDraughts>(
            "W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8,1,2,3,4.",
        )
        .unwrap();
        assert_eq!(p, RussianDraughts::start());
    }

    #[test]
    fn columns_and_hands_are_not_fen() {
        let p: Stapeldammen = "32:w,28:bb w".parse().unwrap();
        assert_eq!(fen_of(&p), None);
        assert_eq!(fen_of(&Emergo::start()), None);
        let p: InternationalDraughts = "3:W,23:b,28:w b".parse().unwrap();
        assert_eq!(fen_of(&p).unwrap(), "B:WK3,28:B23");
    }
}
