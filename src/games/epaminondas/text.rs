//! The texts of Epaminondas: move texts (written by the engine's from-to tables, read by
//! the notation's from-to reader, then matched against the legal moves in this game's
//! terms) and the position text (rows of men), with the diagram.
//!
//! The position text is this game's own rather than the stack games' shared
//! `square:men` list (`text::position_text`): a board of up to 56 men on 168 squares
//! reads as rows, as a diagram draws it; it shares that module's field splitting and
//! checks.

use super::{EpaminondasBoard, EpaminondasPosition, PhalanxMove};
use crate::alloc_prelude::*;
use crate::engine::color::Color;
use crate::engine::error::{MoveParseError, PositionError, PositionErrorKind as K};
use crate::engine::from_to::FromToTexts;
use crate::engine::position::Position;
use crate::engine::shapes::grid::FullGrid;
use crate::engine::square::Square;
use crate::text::notation;
use crate::text::position_text;
use core::fmt::{self, Write};
use core::str::FromStr;

// Move texts

impl<B: FullGrid> fmt::Display for PhalanxMove<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        FromToTexts::<B>::write(f, self.squares())
    }
}

impl<B: FullGrid> fmt::Debug for PhalanxMove<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PhalanxMove({self})")
    }
}

impl<B: EpaminondasBoard> EpaminondasPosition<B> {
    /// Reads a move text into its squares: the tail square (none in the `x<to>` form),
    /// whether it is written as a capture, and the head's square.
    pub(super) fn read_move_text(
        text: &str,
    ) -> Result<(Option<Square>, bool, Square), MoveParseError> {
        // the form `Display` writes, read in one pass; any other form (capitals,
        // spaces, `x<to>`, a square off the board, an error) goes the long way
        if let Some(mv) = FromToTexts::<B>::read(text.as_bytes()) {
            return Ok((Some(mv.from), mv.capture, mv.to));
        }
        let q = notation::read_from_to(B::geometry(), text)?;
        Ok(match q.squares[..] {
            [from, to] => (Some(from), q.capture, to),
            // `x<to>`: the one square is where the capture ends
            _ => (None, true, q.squares[0]),
        })
    }

    /// Matches a read move text (`text`, with the squares `read_move_text` read from
    /// it) against `legal`, legal moves of this position: a tail and a head name one
    /// move, written with `x` exactly when it captures; `x<to>` the one capture that
    /// ends on `to`.
    pub(super) fn match_move_text(
        text: &str,
        from: Option<Square>,
        capture: bool,
        to: Square,
        legal: &[PhalanxMove<B>],
    ) -> Result<PhalanxMove<B>, MoveParseError> {
        let g = B::geometry();
        let illegal = |hint: String| MoveParseError::Illegal {
            text: text.trim().to_string(),
            hint: Some(hint),
        };
        match from {
            Some(from) => {
                let Some(mv) = legal.iter().find(|m| m.from == from && m.to == to) else {
                    let from_here: Vec<String> = legal
                        .iter()
                        .filter(|m| m.from == from)
                        .map(|m| m.to_string())
                        .collect();
                    return Err(illegal(if from_here.is_empty() {
                        format!("no legal move has its tail on {}", g.name(from))
                    } else {
                        format!("legal from {}: {}", g.name(from), from_here.join(", "))
                    }));
                };
                // `x` marks captures only (as in every notation of the crate); here a
                // capture must be written with it too
                if capture && !mv.is_capture() {
                    return Err(illegal(format!(
                        "{mv} captures nothing: `x` marks captures only, write {mv}"
                    )));
                }
                if !capture && mv.is_capture() {
                    return Err(illegal(format!("it is a capture: write {mv}")));
                }
                Ok(*mv)
            }
            None => {
                let found: Vec<&PhalanxMove<B>> = legal
                    .iter()
                    .filter(|m| m.to == to && m.is_capture())
                    .collect();
                match found.as_slice() {
                    [] => Err(illegal(format!("no capture reaches {}", g.name(to)))),
                    [one] => Ok(**one),
                    many => Err(MoveParseError::Ambiguous {
                        text: text.trim().to_string(),
                        candidates: many.iter().map(|m| m.to_string()).collect(),
                    }),
                }
            }
        }
    }

    /// [`Position::parse_move_among`](crate::engine::position::Position::parse_move_among):
    /// a text as `Display` writes it, of a move among `legal`, written with `x` exactly
    /// when it captures, is found at once; any other goes the long way, which answers
    /// the same for it.
    #[inline(always)]
    pub(super) fn read_move_among(
        &self,
        text: &str,
        legal: &[PhalanxMove<B>],
    ) -> Result<PhalanxMove<B>, MoveParseError> {
        if let Some(read) = FromToTexts::<B>::read(text.as_bytes()) {
            // (the destination first: the moves of a group share their tail)
            if let Some(mv) = legal
                .iter()
                .find(|m| m.to == read.to && m.from == read.from)
            {
                if mv.is_capture() == read.capture {
                    return Ok(*mv);
                }
            }
        }
        Self::read_move_the_long_way(text, legal)
    }

    /// [`read_move_among`](Self::read_move_among) for a text not as `Display` writes
    /// it, or not of a listed move: out of line, so that the checks' loop over every
    /// listed move stays small.
    #[cold]
    #[inline(never)]
    fn read_move_the_long_way(
        text: &str,
        legal: &[PhalanxMove<B>],
    ) -> Result<PhalanxMove<B>, MoveParseError> {
        let (from, capture, to) = Self::read_move_text(text)?;
        Self::match_move_text(text, from, capture, to, legal)
    }

    /// [`Position::write_move_texts`](crate::engine::position::Position::write_move_texts)
    /// through the engine's packed from-to texts.
    #[inline]
    pub(super) fn write_texts(moves: &[PhalanxMove<B>], out: &mut String, ends: &mut Vec<usize>) {
        FromToTexts::<B>::write_list(moves, out, ends, PhalanxMove::squares);
    }
}

// The position text and the diagram

impl<B: EpaminondasBoard> EpaminondasPosition<B> {
    /// The letter of the man on file `x`, rank `y` (`w` or `b`), as the position text
    /// and the diagram write it; `None` on an empty square.
    fn man_letter(&self, x: usize, y: usize) -> Option<char> {
        let s = Square((y * Self::W + x) as u8);
        if self.men[0].contains(s) {
            Some('w')
        } else if self.men[1].contains(s) {
            Some('b')
        } else {
            None
        }
    }

    /// The board drawn top rank first, with the crossings below
    /// ([`Position::diagram`]).
    pub(super) fn draw(&self) -> String {
        let g = B::geometry();
        let mut out = String::new();
        for y in (0..Self::H).rev() {
            let _ = write!(out, "{:>2} ", y + 1);
            for x in 0..Self::W {
                out.push(' ');
                out.push(self.man_letter(x, y).unwrap_or('.'));
            }
            out.push('\n');
        }
        out.push_str("   ");
        for x in 0..g.width() {
            out.push(' ');
            out.push((b'a' + x) as char);
        }
        let _ = writeln!(
            out,
            "\n{} to move; crossings: White {}, Black {}",
            self.turn,
            self.crossings(Color::White),
            self.crossings(Color::Black)
        );
        out
    }
}

impl<B: EpaminondasBoard> fmt::Display for EpaminondasPosition<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f.write_str(&self.diagram());
        }
        // the rows in one buffer of bytes, written at once: at most a letter or digit
        // for each of the (at most 256) squares, a `/` between rows, the side
        let mut rows = [0u8; 2 * 256 + 2];
        let mut n = 0;
        for y in (0..Self::H).rev() {
            // the row's men, man by man, and the empty squares between them
            let white = self.men[0].bits(y * Self::W, Self::W);
            let mut men = white | self.men[1].bits(y * Self::W, Self::W);
            let mut x = 0;
            while men != 0 {
                let at = men.trailing_zeros() as usize;
                n = write_run(&mut rows, n, at - x);
                rows[n] = if white >> at & 1 != 0 { b'w' } else { b'b' };
                n += 1;
                x = at + 1;
                men &= men - 1;
            }
            n = write_run(&mut rows, n, Self::W - x);
            if y > 0 {
                rows[n] = b'/';
                n += 1;
            }
        }
        rows[n] = b' ';
        rows[n + 1] = self.turn.char() as u8;
        // ASCII
        f.write_str(core::str::from_utf8(&rows[..n + 2]).map_err(|_| fmt::Error)?)?;
        let o = self.options;
        match (o.symmetry, o.repetition) {
            (false, false) => Ok(()),
            (true, false) => f.write_str(" symmetry"),
            (false, true) => f.write_str(" repetition"),
            (true, true) => f.write_str(" symmetry,repetition"),
        }
    }
}

/// Writes the number of a run of `empty` empty squares (none when 0; at most 26
/// files: one or two digits) into `rows` at `n`; answers where the text goes on.
#[inline]
fn write_run(rows: &mut [u8], mut n: usize, empty: usize) -> usize {
    if empty >= 10 {
        rows[n] = b'0' + (empty / 10 % 10) as u8;
        n += 1;
    }
    if empty > 0 {
        rows[n] = b'0' + (empty % 10) as u8;
        n += 1;
    }
    n
}

impl<B: EpaminondasBoard> fmt::Debug for EpaminondasPosition<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EpaminondasPosition({self})")
    }
}

impl<B: EpaminondasBoard> FromStr for EpaminondasPosition<B> {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Self, PositionError> {
        // the men of the side not to move seen on its set (the board view would make
        // every square's stack)
        position_text::read_position_with(s, Self::read_text, |pos, side| {
            !pos.men[side.index()].is_empty()
        })
    }
}

impl<B: EpaminondasBoard> EpaminondasPosition<B> {
    /// Reads a position text (see [`FromStr`]); the error is quoted by the caller.
    fn read_text(s: &str) -> Result<Self, PositionError> {
        let fields = position_text::fields(s)?;
        let Some(&(rows_at, rows)) = fields.first() else {
            return Err(PositionError::new(K::Missing("rows"), s.len()));
        };
        let (w, h) = (Self::W, Self::H);
        let mut pos = Self::empty();
        let mut at = rows_at;
        let mut count = 0;
        for (i, row) in rows.split('/').enumerate() {
            count = i + 1;
            if i >= h {
                return Err(PositionError::new(
                    K::RowCount {
                        found: rows.split('/').count(),
                        expected: h,
                    },
                    at,
                ));
            }
            let y = h - 1 - i;
            let mut x = 0usize;
            let mut run = 0usize;
            let mut run_at = at;
            let too_wide = |found, at| {
                PositionError::new(
                    K::RowWidth {
                        rank: y + 1,
                        found,
                        expected: w,
                    },
                    at,
                )
            };
            for (j, c) in row.char_indices() {
                let here = at + j;
                if let Some(dg) = c.to_digit(10) {
                    if run == 0 {
                        if dg == 0 {
                            return Err(PositionError::new(K::BadNumber("0".into()), here));
                        }
                        run_at = here;
                    }
                    run = run * 10 + dg as usize;
                    if x + run > w {
                        return Err(too_wide(x + run, run_at));
                    }
                    continue;
                }
                x += run;
                run = 0;
                let color = match c {
                    'w' => Color::White,
                    'b' => Color::Black,
                    'W' | 'B' => return Err(PositionError::new(K::NoKings(c), here)),
                    _ => return Err(PositionError::new(K::BadMan(c), here)),
                };
                if x >= w {
                    return Err(too_wide(x + 1, here));
                }
                pos.men[color.index()].insert(Square((y * w + x) as u8));
                x += 1;
            }
            x += run;
            if x != w {
                return Err(too_wide(x, at + row.len()));
            }
            at += row.len() + 1;
        }
        if count < h {
            return Err(PositionError::new(
                K::RowCount {
                    found: count,
                    expected: h,
                },
                rows_at + rows.len(),
            ));
        }
        let Some(&(side_at, side)) = fields.get(1) else {
            return Err(PositionError::new(K::Missing("side to move"), s.len()));
        };
        pos.turn = match side {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            _ => return Err(PositionError::new(K::BadSide(side.to_string()), side_at)),
        };
        if let Some(&(opt_at, opts)) = fields.get(2) {
            if opts != "-" {
                let mut off = opt_at;
                for name in opts.split(',') {
                    match name {
                        "symmetry" => pos.options.symmetry = true,
                        "repetition" => pos.options.repetition = true,
                        _ => {
                            return Err(PositionError::new(K::UnknownOption(name.to_string()), off))
                        }
                    }
                    off += name.len() + 1;
                }
            }
        }
        if let Some(&(off, _)) = fields.get(3) {
            return Err(PositionError::new(K::Trailing, off));
        }
        pos.check(rows_at)?;
        pos.hash = pos.full_hash();
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Board;
    use crate::engine::moves::MoveList;
    use crate::engine::shapes::grid::{Grid14x12, Grid8x8};
    use crate::games::epaminondas::{Epaminondas, NeoCrossings};

    #[test]
    fn start_texts() {
        let p = NeoCrossings::start();
        let t = "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w";
        assert_eq!(p.to_string(), t);
        assert_eq!(t.parse::<NeoCrossings>().unwrap(), p);
        let e = Epaminondas::start();
        assert_eq!(e.to_string().parse::<Epaminondas>().unwrap(), e);
    }

    /// Reading a position text answers what `position_text::read_position` answers,
    /// and writing one gives the text back.
    fn texts_agree<B: EpaminondasBoard>(texts: &[String]) {
        for text in texts {
            let read = text.parse::<EpaminondasPosition<B>>();
            let shared = position_text::read_position(text, EpaminondasPosition::<B>::read_text);
            assert_eq!(read, shared, "{text:?}");
            if let Ok(pos) = read {
                assert_eq!(pos.to_string().parse(), Ok(pos.clone()), "{text:?}");
                if text.split_whitespace().count() == 2 {
                    assert_eq!(pos.to_string(), *text);
                }
            }
        }
    }

    #[test]
    fn position_texts_read_and_write_as_the_shared_reader_does() {
        let mut texts: Vec<String> = [
            "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w",
            "8/8/8/8/8/8/8/w7 w",
            "8/8/8/8/8/8/8/w7 b",
            "b7/8/8/8/8/8/8/8 w",
            "8/8/8/8/8/8/8/8 w",
            "8/8/8/8/8/8/8/8 b symmetry",
            "8/8/8/3bw3/8/8/8/8 w repetition",
            "8/8/8/8/8/8/8/8",
            "8/8/8/8/8/8/8/w7  b  -",
            "9/8/8/8/8/8/8/8 w",
        ]
        .map(String::from)
        .to_vec();
        let mut pos = NeoCrossings::start();
        let mut rng = crate::tools::rng::SplitMix64::new(8);
        let mut moves = MoveList::new();
        for _ in 0..100 {
            texts.push(pos.to_string());
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
        texts_agree::<Grid8x8>(&texts);
        let e = Epaminondas::start().to_string();
        texts_agree::<Grid14x12>(&[
            e.clone(),
            e.replace('w', "b"),
            e.replace('b', "w"),
            "14/14/14/14/14/14/14/14/14/14/14/13w b".to_string(),
            "14/14/14/14/14/14/14/14/14/14/14/13w w".to_string(),
        ]);
    }

    /// `write_move_texts` writes what `Display` writes, for the listed moves of a
    /// playout.
    fn move_lists_agree<B: EpaminondasBoard>(seed: u64) {
        let mut pos = EpaminondasPosition::<B>::start();
        let mut rng = crate::tools::rng::SplitMix64::new(seed);
        let mut moves = MoveList::new();
        for _ in 0..100 {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let (mut text, mut ends) = ("held".to_string(), vec![4]);
            EpaminondasPosition::<B>::write_move_texts(&moves, &mut text, &mut ends);
            assert_eq!(ends.len(), moves.len() + 1);
            for (i, mv) in moves.iter().enumerate() {
                assert_eq!(text[ends[i]..ends[i + 1]], mv.to_string());
            }
            assert_eq!(text.len(), ends[moves.len()]);
            pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
    }

    #[test]
    fn move_lists_are_written_as_display_writes_them() {
        move_lists_agree::<Grid14x12>(5);
        move_lists_agree::<Grid8x8>(6);
    }

    /// `parse_move_among` reads every listed move from its text, and answers what
    /// `parse_move` answers for texts that are not quite `Display`'s.
    #[test]
    fn parse_move_among_reads_every_listed_move() {
        let mut pos = Epaminondas::start();
        let mut rng = crate::tools::rng::SplitMix64::new(7);
        let mut moves = MoveList::new();
        let mut captures = 0;
        for _ in 0..60 {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for mv in &moves {
                let text = mv.to_string();
                assert_eq!(pos.parse_move_among(&text, &moves), Ok(*mv));
                captures += usize::from(mv.is_capture());
                let flipped = if mv.is_capture() {
                    text.replace('x', "-")
                } else {
                    text.replace('-', "x")
                };
                let head = Grid14x12::geometry().name(mv.destination());
                for other in [
                    flipped,
                    text.to_uppercase(),
                    format!(" {text} "),
                    format!("x{head}"),
                ] {
                    assert_eq!(pos.parse_move_among(&other, &moves), pos.parse_move(&other));
                }
            }
            let mv = moves[rng.below(moves.len())];
            pos.play_unchecked(&mv);
        }
        assert!(captures > 0, "the playout meets captures");
    }
}
