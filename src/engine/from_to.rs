//! From-to move texts on a full grid: the square a move starts from and the square it
//! reaches, joined by `-`, or by `x` for a capture (`e5-e7`, `h11xc11`), written from
//! compile-time tables and read back in one pass.

use crate::alloc_prelude::*;
use crate::engine::shapes::grid::FullGrid;
use crate::engine::square::Square;
use core::fmt;
use core::marker::PhantomData;

/// A move named by two squares: the square it starts from, the square it reaches, and
/// whether it captures (written with `x` then, with `-` otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FromTo {
    /// The square the move starts from.
    pub from: Square,
    /// The square the move reaches.
    pub to: Square,
    /// Whether the move captures.
    pub capture: bool,
}

/// The from-to texts of the full grid `B`, made at compile time: the square a move
/// starts from and the square it reaches, joined by `-`, or by `x` for a capture
/// (`e5-e7`, `h11xc11`), written from compile-time tables and read back in one pass.
///
/// The squares of a [`FullGrid`] are named by a file letter and a rank number, as
/// [`Geometry::name`](crate::Geometry::name) names them. The geometry
/// builds its names at run time; this type makes them at compile time, each
/// followed by `-` and by `x` too, so writing a text takes two look-ups and no
/// formatting machinery, and [`read`](Self::read) reads back exactly the texts it
/// writes. They serve the hot paths, where a GUI's move list or the invariant checks
/// write and read every listed move; any other form of a text (capitals, spaces,
/// `x<square>`) is read the long way, by the text layer's notation reader
/// ([`read_from_to`](crate::custom::read_from_to)).
///
/// ```
/// use column_checkers::custom::{Board, FromTo, FromToTexts, Grid14x12};
///
/// let g = Grid14x12::geometry();
/// let (h11, c11) = (g.parse_square("h11").unwrap(), g.parse_square("c11").unwrap());
/// let capture = FromTo { from: h11, to: c11, capture: true };
/// let mut text = String::new();
/// FromToTexts::<Grid14x12>::write(&mut text, capture).unwrap();
/// assert_eq!(text, "h11xc11");
/// assert_eq!(FromToTexts::<Grid14x12>::read(text.as_bytes()), Some(capture));
/// // other forms are left to the notation reader
/// assert_eq!(FromToTexts::<Grid14x12>::read(b"H11xc11"), None);
/// ```
pub struct FromToTexts<B>(PhantomData<B>);

impl<B: FullGrid> FromToTexts<B> {
    const W: usize = B::WIDTH as usize;
    const H: usize = B::HEIGHT as usize;
    /// Square by square, the square's name followed by `-`, then by `x`, in four
    /// bytes each (a shorter one padded with a space).
    const BYTES: [u8; 256 * 8] = name_bytes(Self::W, Self::H);
    /// [`BYTES`](Self::BYTES) as text (ASCII).
    const TEXT: &'static str = match core::str::from_utf8(&Self::BYTES) {
        Ok(text) => text,
        Err(_) => panic!("ASCII"),
    };
    /// Square by square: its name, the name and `-`, the name and `x` (empty beyond
    /// the board).
    const PIECES: [[&'static str; 3]; 256] = pieces(Self::TEXT, Self::W, Self::H);
    /// [`PIECES`](Self::PIECES) packed: the bytes of each piece in the low four bytes
    /// (first byte lowest), its length in the byte above.
    const PACKED: [[u64; 3]; 256] = packed(&Self::PIECES);

    /// Writes the text of `mv`: `e5-e7`, or `e5xe7` for a capture.
    ///
    /// # Errors
    /// Those of `out`.
    #[inline]
    pub fn write(out: &mut impl fmt::Write, mv: FromTo) -> fmt::Result {
        let texts: &'static [[&'static str; 3]; 256] = &Self::PIECES;
        // the first square's name and the separator in one piece
        out.write_str(texts[mv.from.index() & 255][1 + usize::from(mv.capture)])?;
        out.write_str(texts[mv.to.index() & 255][0])
    }

    /// The text of `mv` in the low bytes of a word (first byte lowest), and its
    /// length (at most 7 bytes): the packed pieces of its first square (with the
    /// separator) and of its second.
    ///
    /// ```
    /// use column_checkers::custom::{FromTo, FromToTexts};
    /// use column_checkers::Square;
    /// use column_checkers::custom::Grid8x8;
    ///
    /// // a1 is square 0, b2 square 9
    /// let mv = FromTo { from: Square(0), to: Square(9), capture: false };
    /// let (word, len) = FromToTexts::<Grid8x8>::packed(mv);
    /// assert_eq!(&word.to_le_bytes()[..len], b"a1-b2");
    /// ```
    #[inline(always)]
    pub fn packed(mv: FromTo) -> (u64, usize) {
        let texts = &Self::PACKED;
        let first = texts[mv.from.index() & 255][1 + usize::from(mv.capture)];
        let second = texts[mv.to.index() & 255][0];
        let (first_len, second_len) = ((first >> 32) as usize & 7, (second >> 32) as usize & 7);
        let word = first & 0xffff_ffff | (second & 0xffff_ffff) << (8 * first_len);
        (word, first_len + second_len)
    }

    /// Appends the text of every move of `moves` to `out`, each as
    /// [`write`](Self::write) writes the squares `from_to` gives for it, and pushes
    /// the length of `out` after each onto `ends` (move `i`'s text ends at
    /// `ends[i]`): what
    /// [`Position::write_move_texts`](crate::Position::write_move_texts)
    /// asks, from two look-ups of packed bytes a move.
    ///
    /// ```
    /// use column_checkers::custom::{FromTo, FromToTexts};
    /// use column_checkers::Square;
    /// use column_checkers::custom::Grid8x8;
    ///
    /// let moves = [(0, 8, false), (9, 27, true)];
    /// let (mut text, mut ends) = (String::new(), Vec::new());
    /// FromToTexts::<Grid8x8>::write_list(&moves, &mut text, &mut ends, |&(f, t, c)| FromTo {
    ///     from: Square(f),
    ///     to: Square(t),
    ///     capture: c,
    /// });
    /// assert_eq!(text, "a1-a2b2xd4");
    /// assert_eq!(ends, [5, 10]);
    /// ```
    pub fn write_list<M>(
        moves: &[M],
        out: &mut String,
        ends: &mut Vec<usize>,
        from_to: impl Fn(&M) -> FromTo,
    ) {
        let mut bytes = core::mem::take(out).into_bytes();
        let mut end = bytes.len();
        // room for a whole word at every text (a text has at most 7 bytes)
        bytes.resize(end + 8 * moves.len(), 0);
        ends.extend(moves.iter().map(|mv| {
            let (word, len) = Self::packed(from_to(mv));
            if let Some(at) = bytes.get_mut(end..end + 8) {
                at.copy_from_slice(&word.to_le_bytes());
            }
            end += len;
            end
        }));
        bytes.truncate(end);
        // a `String`'s bytes, then ASCII
        *out = String::from_utf8(bytes).unwrap_or_default();
    }

    /// The move of a text written exactly as [`write`](Self::write) writes it
    /// (`e5-e7`, `h11xc11`: lower-case file letters, ranks without leading zeros, no
    /// spaces), or `None` for any other text.
    #[inline(always)]
    pub fn read(text: &[u8]) -> Option<FromTo> {
        let (from, n) = Self::read_square(text)?;
        let capture = match text.get(n) {
            Some(b'-') => false,
            Some(b'x') => true,
            _ => return None,
        };
        let (to, m) = Self::read_square(&text[n + 1..])?;
        (n + 1 + m == text.len()).then_some(FromTo { from, to, capture })
    }

    /// The square a text starts with when it is a lower-case file letter of the board
    /// other than `x` (which starts the notation's `x<square>` form) and a rank of the
    /// board without leading zeros, with the length of its name.
    #[inline]
    fn read_square(text: &[u8]) -> Option<(Square, usize)> {
        let (&file, rest) = text.split_first()?;
        let x = usize::from(file.wrapping_sub(b'a'));
        if x >= Self::W || file == b'x' {
            return None;
        }
        let (y, n) = match rest {
            [d @ b'1'..=b'9', e @ b'0'..=b'9', ..] => {
                (10 * usize::from(d - b'0') + usize::from(e - b'0'), 3)
            }
            [d @ b'1'..=b'9', ..] => (usize::from(d - b'0'), 2),
            _ => return None,
        };
        // `FullGrid::index`: rank y + 1 of file x is square y * W + x
        (y <= Self::H).then(|| (Square(((y - 1) * Self::W + x) as u8), n))
    }
}

/// [`FromToTexts::PACKED`] from [`FromToTexts::PIECES`].
const fn packed(pieces: &[[&'static str; 3]; 256]) -> [[u64; 3]; 256] {
    let mut p = [[0; 3]; 256];
    let mut s = 0;
    while s < 256 {
        let mut k = 0;
        while k < 3 {
            let bytes = pieces[s][k].as_bytes();
            let mut word = (bytes.len() as u64) << 32;
            let mut i = 0;
            while i < bytes.len() {
                word |= (bytes[i] as u64) << (8 * i);
                i += 1;
            }
            p[s][k] = word;
            k += 1;
        }
        s += 1;
    }
    p
}

/// The bytes of [`FromToTexts::BYTES`] for a full grid of `w` files and `h` ranks: the
/// file letter, the rank, the separator.
const fn name_bytes(w: usize, h: usize) -> [u8; 256 * 8] {
    let mut t = [b' '; 256 * 8];
    let mut s = 0;
    while s < w * h && s < 256 {
        let (x, rank) = (s % w, s / w + 1);
        let mut sep = 0;
        while sep < 2 {
            let mut at = s * 8 + sep * 4;
            t[at] = b'a' + x as u8;
            at += 1;
            if rank >= 10 {
                t[at] = b'0' + (rank / 10 % 10) as u8;
                at += 1;
            }
            t[at] = b'0' + (rank % 10) as u8;
            t[at + 1] = if sep == 0 { b'-' } else { b'x' };
            sep += 1;
        }
        s += 1;
    }
    t
}

/// [`FromToTexts::PIECES`] cut from `text` ([`FromToTexts::TEXT`]).
const fn pieces(text: &'static str, w: usize, h: usize) -> [[&'static str; 3]; 256] {
    /// `len` bytes of `text` from `at`.
    const fn cut(text: &'static str, at: usize, len: usize) -> &'static str {
        let (_, rest) = text.as_bytes().split_at(at);
        let (piece, _) = rest.split_at(len);
        match core::str::from_utf8(piece) {
            Ok(piece) => piece,
            Err(_) => panic!("ASCII"),
        }
    }
    let mut p = [[""; 3]; 256];
    let mut s = 0;
    while s < w * h && s < 256 {
        // a letter and one or two digits, then the separator
        let len = if s / w + 1 >= 10 { 4 } else { 3 };
        p[s] = [
            cut(text, s * 8, len - 1),
            cut(text, s * 8, len),
            cut(text, s * 8 + 4, len),
        ];
        s += 1;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::shapes::grid::{Grid14x12, Grid8x8};

    /// The pieces of the texts name the squares as the geometry does.
    fn pieces_agree<B: FullGrid>() {
        let g = B::geometry();
        for (s, piece) in FromToTexts::<B>::PIECES.iter().enumerate() {
            let expected = match g.squares().nth(s) {
                Some(sq) => {
                    let name = g.name(sq);
                    [name.to_string(), format!("{name}-"), format!("{name}x")]
                }
                None => [String::new(), String::new(), String::new()],
            };
            assert_eq!(*piece, expected, "square {s}");
        }
    }

    #[test]
    fn pieces_name_squares_as_the_geometry_does() {
        pieces_agree::<Grid14x12>();
        pieces_agree::<Grid8x8>();
    }

    /// Every pair of squares, capture or not: `write`, `packed` and `write_list` give
    /// the names of the geometry joined by the separator, and `read` reads it back.
    fn texts_agree<B: FullGrid>() {
        let g = B::geometry();
        let mut all = Vec::new();
        for from in g.squares() {
            for to in g.squares() {
                for capture in [false, true] {
                    let mv = FromTo { from, to, capture };
                    let sep = if capture { "x" } else { "-" };
                    let expected = format!("{}{sep}{}", g.name(from), g.name(to));
                    let mut text = String::new();
                    FromToTexts::<B>::write(&mut text, mv).unwrap();
                    assert_eq!(text, expected);
                    let (word, len) = FromToTexts::<B>::packed(mv);
                    assert_eq!(&word.to_le_bytes()[..len], expected.as_bytes());
                    assert_eq!(FromToTexts::<B>::read(text.as_bytes()), Some(mv));
                    all.push((mv, expected));
                }
            }
        }
        // after what the string held, and for no move at all
        let (mut text, mut ends) = ("held".to_string(), vec![4]);
        FromToTexts::<B>::write_list(&all, &mut text, &mut ends, |(mv, _)| *mv);
        assert_eq!(ends.len(), all.len() + 1);
        for (i, (_, expected)) in all.iter().enumerate() {
            assert_eq!(text[ends[i]..ends[i + 1]], *expected);
        }
        assert_eq!(text.len(), ends[all.len()]);
        let (mut text, mut ends) = ("held".to_string(), vec![]);
        FromToTexts::<B>::write_list(&all[..0], &mut text, &mut ends, |(mv, _)| *mv);
        assert_eq!((text.as_str(), ends.len()), ("held", 0));
    }

    #[test]
    fn texts_are_the_geometrys_names_and_read_back() {
        texts_agree::<Grid14x12>();
        texts_agree::<Grid8x8>();
    }

    /// Every other form is left to the long way.
    fn other_forms_are_not_read<B: FullGrid>() {
        for text in [
            "", "e", "e5", "E5-e6", "e5-E6", "e05-e6", "e5-e06", "e5 - e6", "e5Xe6", "e5-e6 ",
            "xe6", "x5-e6", "e0-e1", "e5-e", "e5-e6-", "o1-a1", "a13-a1", "a1-a99", "a1-a100",
            "e5:e6", "e5e6", "`1-a1", "a1-{1",
        ] {
            assert_eq!(FromToTexts::<B>::read(text.as_bytes()), None, "{text:?}");
        }
    }

    #[test]
    fn other_forms_are_left_to_the_notation_reader() {
        other_forms_are_not_read::<Grid14x12>();
        other_forms_are_not_read::<Grid8x8>();
        // a square beyond the board's files or ranks
        assert_eq!(FromToTexts::<Grid8x8>::read(b"i1-a1"), None);
        assert_eq!(FromToTexts::<Grid8x8>::read(b"a9-a1"), None);
        assert_eq!(FromToTexts::<Grid8x8>::read(b"a1-a10"), None);
        assert!(FromToTexts::<Grid14x12>::read(b"n12-a10").is_some());
        assert_eq!(FromToTexts::<Grid14x12>::read(b"n13-a1"), None);
    }
}
