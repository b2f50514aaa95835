//! Reading moves of the stack-board games: full routes (`e4xc4xc6`, `g6-e6-c6`,
//! `c3:e5`), steps (`e4-e5`), entries (`e4`) and the compact Mindsports forms (`fe4`,
//! `f45`, `hd4x`, `h6d4x`, `f6x`), matched against the legal moves of a position.
//!
//! Rules of the reading, the same in every ruleset of the crate:
//!
//! - **Capture marks.** `x` and `:` mark a capture, and text with one names captures
//!   only: `f4xe4` and `fe4x` are refused where `f4-e4` is a step (the error says to
//!   write `f4-e4`). `-` joins the squares of any move, captures included
//!   (`g6-e6-c6`); Epaminondas alone asks for `x` on its captures as well.
//! - **Spaces** around the separators are allowed (`c3 - d4`, `e4 x c4`); inside a
//!   square name they are not.
//! - **Unknown squares** are reported as typed: `zz9` and `e10` on the Emergo board
//!   are `no square "zz9"` and `no square "e10"`, not the squares the compact forms
//!   would split them into.

use crate::alloc_prelude::*;
use crate::engine::board::{Board, Geometry};
use crate::engine::error::MoveParseError;
use crate::engine::moves::{Move, MovePath, Route};
use crate::engine::position::Terms;
use crate::engine::square::Square;
use smallvec::SmallVec;

/// The longest move text worth reading.
const MAX_MOVE_TEXT: usize = 256;

/// A move text read into squares, before it is matched against legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveQuery {
    /// The squares named, in order.
    pub squares: SmallVec<[Square; 16]>,
    /// Whether the text lists a full path (squares joined by `x`, `:` or `-`);
    /// otherwise it names an origin and an end only (compact forms) or one square.
    pub full_path: bool,
    /// Whether the text marks a capture (an `x` or `:` anywhere).
    pub capture: bool,
}

/// Whether byte `b` starts a character that is certainly not whitespace (ASCII above
/// the space): the trimming below can stop there without decoding.
#[inline]
fn solid(b: u8) -> bool {
    (0x21..0x80).contains(&b)
}

/// `s.trim_start()`, without decoding when `s` starts with a solid ASCII byte.
#[inline]
pub(crate) fn trim_start(s: &str) -> &str {
    match s.as_bytes().first() {
        Some(&b) if solid(b) => s,
        _ => s.trim_start(),
    }
}

/// `s.trim_end()`, without decoding when `s` ends with a solid ASCII byte.
#[inline]
pub(crate) fn trim_end(s: &str) -> &str {
    match s.as_bytes().last() {
        Some(&b) if solid(b) => s,
        _ => s.trim_end(),
    }
}

/// `s.trim()`, without decoding when `s` starts and ends with solid ASCII bytes.
#[inline]
pub(crate) fn trim(s: &str) -> &str {
    trim_end(trim_start(s))
}

fn unknown(s: &str) -> MoveParseError {
    MoveParseError::UnknownSquare {
        square: s.to_string(),
    }
}

/// Reads `text` into a [`MoveQuery`] on geometry `g`.
///
/// # Errors
/// [`MoveParseError`] for empty or overlong text, unknown squares and text that fits
/// no form.
pub fn read_query(g: &Geometry, text: &str) -> Result<MoveQuery, MoveParseError> {
    let t = trim(text);
    if t.is_empty() {
        return Err(MoveParseError::Empty);
    }
    if t.len() > MAX_MOVE_TEXT {
        return Err(MoveParseError::TooLong(t.len()));
    }
    let syntax = |reason| MoveParseError::Syntax {
        text: t.to_string(),
        reason,
    };
    let t = trim_end(t.trim_end_matches(['*', '+', '!', '?']));
    let capture = t.bytes().any(|b| matches!(b, b'x' | b'X' | b':'));
    let body = trim_end(t.strip_suffix(['x', 'X']).unwrap_or(t));
    if body.is_empty() {
        return Err(syntax("no square"));
    }
    // spaces around the separators are allowed (`c3 - d4`), inside a square name not
    let parts: SmallVec<[&str; 16]> = body.split(['x', 'X', ':', '-']).map(trim).collect();
    if parts.len() > crate::engine::moves::MAX_ROUTE + 1 {
        return Err(syntax("more squares than any move has"));
    }
    let mut squares = SmallVec::new();
    if parts.len() > 1 {
        if parts.iter().any(|p| p.is_empty()) {
            return Err(syntax("empty square between separators"));
        }
        for p in &parts {
            if !p.bytes().all(solid) && p.contains(char::is_whitespace) {
                return Err(syntax("a space inside a square name"));
            }
            squares.push(g.parse_square(p).ok_or_else(|| unknown(p))?);
        }
        return Ok(MoveQuery {
            squares,
            full_path: true,
            capture,
        });
    }
    if let Some(sq) = g.parse_square(body) {
        squares.push(sq);
        return Ok(MoveQuery {
            squares,
            full_path: false,
            capture,
        });
    }
    // compact forms, on boards with one-letter files and one-digit ranks; a square
    // they name that the board lacks is reported as the whole text typed (`zz9`, `e10`)
    let b = body.as_bytes();
    let sq = |s: String| g.parse_square(&s).ok_or_else(|| unknown(body));
    let (from, to) = match b {
        // fe4: two letters, one number line
        [l1, l2, n]
            if l1.is_ascii_alphabetic() && l2.is_ascii_alphabetic() && n.is_ascii_digit() =>
        {
            (
                sq(format!("{}{}", *l1 as char, *n as char))?,
                sq(format!("{}{}", *l2 as char, *n as char))?,
            )
        }
        // f45: one letter line, two numbers
        [l, n1, n2] if l.is_ascii_alphabetic() && n1.is_ascii_digit() && n2.is_ascii_digit() => (
            sq(format!("{}{}", *l as char, *n1 as char))?,
            sq(format!("{}{}", *l as char, *n2 as char))?,
        ),
        // h6d4: two squares
        [l1, n1, l2, n2]
            if l1.is_ascii_alphabetic()
                && n1.is_ascii_digit()
                && l2.is_ascii_alphabetic()
                && n2.is_ascii_digit() =>
        {
            (
                sq(format!("{}{}", *l1 as char, *n1 as char))?,
                sq(format!("{}{}", *l2 as char, *n2 as char))?,
            )
        }
        _ => {
            return Err(match g.parse_square(body) {
                None if body.len() <= 3 => unknown(body),
                _ => syntax("not a square, a route or a compact move"),
            })
        }
    };
    squares.push(from);
    squares.push(to);
    Ok(MoveQuery {
        squares,
        full_path: false,
        capture,
    })
}

/// The first square a move's text names: its origin, or the square of an entry.
fn first_square<B: Board>(m: &Move<B>) -> Square {
    m.origin().unwrap_or(m.destination())
}

/// Whether the squares of `mv`'s path (an entry's square; a step's two; a capture's
/// origin and landings) are `squares`, compared in place (every listed move is read
/// back against its group by the invariant checks).
#[inline]
fn path_is<B: Board>(mv: &Move<B>, squares: &[Square]) -> bool {
    match (*mv.path(), squares) {
        (MovePath::Entry { to, .. }, &[sq]) => to == sq,
        (MovePath::Step { from, to }, &[a, b]) => from == a && to == b,
        (MovePath::Capture(ref r), [origin, landings @ ..]) => {
            r.origin() == *origin && r.landings() == landings
        }
        _ => false,
    }
}

/// Matches a move text against the legal moves `legal` of a position on board `B`.
///
/// A full path must equal a legal move's path — or, for a capture, be another route of
/// the same move (two routes from the same square that leave the same position are
/// one move: [move identity](crate::rulings#move-identity)), which `equivalent` finds. A two-square path written with
/// `x` or `:` may also name a capture by its origin and end (`28x10`). Compact forms
/// name origin and end. One square is an entry (or with `x`, a capture that ends where
/// it starts). The error's hint speaks the ruleset's `terms` (a column steps, a piece
/// moves), and it and the candidates of an ambiguous text write each move as `show`
/// does: the ruleset's own notation (its move type's `Display`: `c3:e5` in Russian
/// draughts, `g1h2` in Dameo).
///
/// # Errors
/// [`MoveParseError::Illegal`] when no legal move matches,
/// [`MoveParseError::Ambiguous`] when several do, and the errors of [`read_query`].
pub fn match_move<B: Board>(
    text: &str,
    legal: &[Move<B>],
    equivalent: impl Fn(&Route) -> Option<Move<B>>,
    terms: Terms,
    show: impl Fn(&Move<B>) -> String,
) -> Result<Move<B>, MoveParseError> {
    let q = read_query(B::geometry(), text)?;
    // the text is quoted by the errors alone
    let text = || text.trim().to_string();
    let mut found: SmallVec<[Move<B>; 4]> = SmallVec::new();
    if q.full_path {
        found.extend(
            legal
                .iter()
                .copied()
                .filter(|m| path_is(m, &q.squares) && (!q.capture || m.is_capture())),
        );
        if found.is_empty() && q.squares.len() >= 2 {
            if let Some(r) = Route::from_squares(q.squares[0], &q.squares[1..]) {
                found.extend(equivalent(&r));
            }
        }
        if found.is_empty() && q.squares.len() == 2 && q.capture {
            found.extend(legal.iter().copied().filter(|m| {
                m.is_capture() && first_square(m) == q.squares[0] && m.destination() == q.squares[1]
            }));
        }
        if found.is_empty() && q.squares.len() > 2 && q.capture {
            // a capture written with some of its landing squares left out: `2x30x11`
            // for `2x30x39x11`; failing that, by squares it passes (PDN's turning
            // squares and the squares behind captured men)
            let g = B::geometry();
            for landing_only in [true, false] {
                found.extend(
                    legal
                        .iter()
                        .copied()
                        .filter(|m| passes_through(g, m, &q.squares, landing_only)),
                );
                if !found.is_empty() {
                    break;
                }
            }
        }
    } else if q.squares.len() == 1 {
        let sq = q.squares[0];
        found.extend(legal.iter().copied().filter(|m| {
            if q.capture {
                m.is_capture() && first_square(m) == sq && m.destination() == sq
            } else {
                matches!(m.path(), MovePath::Entry { to, .. } if *to == sq)
            }
        }));
    } else {
        let (from, to) = (q.squares[0], q.squares[1]);
        found.extend(legal.iter().copied().filter(|m| {
            !matches!(m.path(), MovePath::Entry { .. })
                && first_square(m) == from
                && m.destination() == to
                && (!q.capture || m.is_capture())
        }));
    }
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(MoveParseError::Illegal {
            hint: Some(why_not(&q, legal, terms, &show)),
            text: text(),
        }),
        _ => Err(MoveParseError::Ambiguous {
            text: text(),
            candidates: found.iter().map(&show).collect(),
        }),
    }
}

/// Whether capture `mv` starts on the first of `squares`, ends on the last, and
/// passes the others in order: lands on them (`landing_only`), or lands on them or
/// flies over them.
fn passes_through<B: Board>(
    g: &Geometry,
    mv: &Move<B>,
    squares: &[Square],
    landing_only: bool,
) -> bool {
    let MovePath::Capture(r) = *mv.path() else {
        return false;
    };
    if squares.first() != Some(&r.origin()) || squares.last() != Some(&mv.destination()) {
        return false;
    }
    // the squares of the capture's path, in order
    let mut path = vec![r.origin()];
    let mut at = r.origin();
    for &land in r.landings() {
        if landing_only {
            path.push(land);
            continue;
        }
        let Some((d, n)) = g.line_between(at, land) else {
            return false;
        };
        path.extend(g.ray(at, d).take(n as usize));
        at = land;
    }
    let mut rest = path.iter();
    squares[1..squares.len() - 1]
        .iter()
        .all(|s| rest.any(|p| p == s))
}

/// Why no legal move matches query `q`: a capture mark on a quiet move, an entry on a
/// square where no man can be entered (where men are entered; elsewhere a lone square
/// names no move), a square with no legal move from it; then the legal moves
/// ([`hint`]).
fn why_not<B: Board>(
    q: &MoveQuery,
    legal: &[Move<B>],
    terms: Terms,
    show: &impl Fn(&Move<B>) -> String,
) -> String {
    let g = B::geometry();
    let first = q.squares[0];
    if q.capture {
        if let Some(m) = legal.iter().find(|m| {
            !m.is_capture()
                && if q.full_path {
                    path_is(m, &q.squares)
                } else {
                    q.squares.len() == 2
                        && first_square(m) == first
                        && m.destination() == q.squares[1]
                }
        }) {
            let m = show(m);
            return format!(
                "{m} captures nothing: `x` and `:` mark captures only, write {m}; {}",
                hint(legal, terms, show)
            );
        }
    }
    if !q.full_path && q.squares.len() == 1 && !q.capture {
        // one square is an entry: in the words of entries only where men are entered
        let entering = legal
            .iter()
            .any(|m| matches!(m.path(), MovePath::Entry { .. }));
        return if entering {
            format!(
                "no man can be entered on {} here; {}",
                g.name(first),
                hint(legal, terms, show)
            )
        } else {
            format!(
                "{} alone names no move here (a move is written by its squares); {}",
                g.name(first),
                hint(legal, terms, show)
            )
        };
    }
    if !legal.iter().any(|m| first_square(m) == first) {
        return format!(
            "no legal move from {}; {}",
            g.name(first),
            hint(legal, terms, show)
        );
    }
    hint(legal, terms, show)
}

/// A short description of the legal moves, for error messages, in the ruleset's terms
/// and notation.
fn hint<B: Board>(legal: &[Move<B>], terms: Terms, show: &impl Fn(&Move<B>) -> String) -> String {
    if legal.is_empty() {
        return "there is no legal move".into();
    }
    let what = match legal[0].path() {
        MovePath::Capture(_) => "capture is compulsory",
        MovePath::Entry { .. } => "a man must be entered",
        MovePath::Step { .. } => match terms {
            Terms::Columns => "a column must step",
            Terms::Pieces => "a piece must move",
        },
    };
    let list: Vec<String> = legal.iter().take(8).map(show).collect();
    let more = if legal.len() > 8 {
        format!(", ... ({} in all)", legal.len())
    } else {
        String::new()
    };
    format!("{what}; legal: {}{more}", list.join(", "))
}

/// Reads a move written as two squares, the square it starts from and the square it
/// reaches, joined by `-`, or by `x` (or `:`) for a capture (`e5-e7`, `h11xc11`), or
/// written as `x` and the square a capture reaches (`xe7`). The squares are read as
/// [`read_query`] reads a route (spaces around the separator, capitals, a trailing
/// `!` or `?`); any other form is refused.
///
/// Answers the two squares as a [`MoveQuery`] with a `full_path`, or for `x<square>`
/// that square alone, marked `capture`.
///
/// # Errors
/// [`MoveParseError::Syntax`] for text of another form, and the errors of
/// [`read_query`].
///
/// ```
/// use column_checkers::text::notation::read_from_to;
/// use column_checkers::engine::board::Board;
/// use column_checkers::engine::shapes::grid::Grid14x12;
///
/// let g = Grid14x12::geometry();
/// let q = read_from_to(g, "h11 x c11").unwrap();
/// assert_eq!(q.squares.len(), 2);
/// assert!(q.full_path && q.capture);
/// let q = read_from_to(g, "xc11").unwrap();
/// assert_eq!(q.squares.as_slice(), [g.parse_square("c11").unwrap()]);
/// assert!(!q.full_path && q.capture);
/// assert!(read_from_to(g, "h11").is_err());
/// assert!(read_from_to(g, "h11-h12-h13").is_err());
/// ```
pub fn read_from_to(g: &Geometry, text: &str) -> Result<MoveQuery, MoveParseError> {
    let t = trim(text);
    if t.len() > MAX_MOVE_TEXT {
        return Err(MoveParseError::TooLong(t.len()));
    }
    let syntax = |reason| MoveParseError::Syntax {
        text: t.to_string(),
        reason,
    };
    // `x<square>`: a capture named by the square it reaches, a form `read_query` has not
    if let Some(rest) = t.strip_prefix(['x', 'X']) {
        if trim(rest).is_empty() {
            return Err(syntax("missing the square the capture reaches"));
        }
        let q = read_query(g, rest)?;
        return if q.squares.len() == 1 && !q.full_path {
            Ok(MoveQuery { capture: true, ..q })
        } else {
            Err(syntax("expected `x` and one square, such as xe7"))
        };
    }
    let q = read_query(g, t)?;
    if q.full_path && q.squares.len() == 2 {
        Ok(q)
    } else {
        Err(syntax(
            "expected two squares joined by `-`, or by `x` for a capture, such as e5-e7",
        ))
    }
}
