//! The texts of many moves written into one buffer: what
//! [`Position::write_move_texts`](crate::Position::write_move_texts) does by default.
//! A move list of a GUI or a server, and the invariant checks, write every listed
//! move's text; one formatter for the whole list sets up the formatting machinery once
//! rather than once per move (as `to_string` would), and the texts share one string.

use crate::alloc_prelude::*;
use core::cell::{Cell, RefCell};
use core::fmt::{self, Write as _};

/// Appends the text of every move of `moves` to `out`, each as its
/// [`Display`](fmt::Display) writes it (as `to_string` writes it), and pushes the
/// length of `out` after each onto `ends`: move `i`'s text is
/// `out[ends[i - 1]..ends[i]]` (from where `out` ended before, for the first). One
/// formatter with the default options writes them all. An error from a move's
/// `Display` is ignored, where `to_string` would panic: the text written so far
/// stands.
///
/// ```
/// use column_checkers::custom::write_displayed;
/// use column_checkers::{Emergo, MoveList, Position};
///
/// let pos = Emergo::start();
/// let mut moves = MoveList::new();
/// pos.legal_moves(&mut moves);
/// let (mut text, mut ends) = (String::new(), Vec::new());
/// write_displayed(&moves, &mut text, &mut ends);
/// assert_eq!(ends.len(), moves.len());
/// assert_eq!(&text[..ends[0]], moves[0].to_string());
/// ```
pub fn write_displayed<M: fmt::Display>(moves: &[M], out: &mut String, ends: &mut Vec<usize>) {
    let written = Cell::new(out.len());
    let texts = Texts {
        moves,
        written: &written,
        ends: RefCell::new(ends),
    };
    let mut bytes = core::mem::take(out).into_bytes();
    let len = bytes.len();
    // room for the usual texts, beyond which every byte is scratch: the buffer grows
    // when the texts are longer
    if bytes.len() < len + 12 * moves.len() + 4 {
        bytes.resize(len + 12 * moves.len() + 4, 0);
    }
    let mut sink = Sink {
        bytes,
        len,
        written: &written,
    };
    // the sink never fails, and `Texts` answers `Ok`
    let _ = write!(sink, "{texts}");
    let mut bytes = sink.bytes;
    // (the capacity stays for the next list)
    bytes.truncate(sink.len);
    // a `String`'s bytes, then whole `str`s one after another: UTF-8
    *out = String::from_utf8(bytes).unwrap_or_default();
}

/// The bytes written (`bytes[..len]`; the buffer is kept longer than that), with
/// their count after each write.
struct Sink<'a> {
    bytes: Vec<u8>,
    len: usize,
    written: &'a Cell<usize>,
}

impl fmt::Write for Sink<'_> {
    #[inline]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let at = self.len;
        let end = at + s.len();
        // a square name or a separator, with room for four bytes: stored byte by byte
        // (a loop would become a call to memcpy)
        match (self.bytes.get_mut(at..at + 4), s.as_bytes()) {
            (Some(to), &[a]) => to[0] = a,
            (Some(to), &[a, b]) => {
                to[0] = a;
                to[1] = b;
            }
            (Some(to), &[a, b, c]) => {
                to[0] = a;
                to[1] = b;
                to[2] = c;
            }
            (Some(to), &[a, b, c, d]) => {
                to[0] = a;
                to[1] = b;
                to[2] = c;
                to[3] = d;
            }
            _ => self.write_long(s.as_bytes()),
        }
        self.len = end;
        self.written.set(end);
        Ok(())
    }
}

impl Sink<'_> {
    /// Stores a longer piece, or one that needs a longer buffer.
    #[cold]
    #[inline(never)]
    fn write_long(&mut self, s: &[u8]) {
        let end = self.len + s.len();
        if end + 4 > self.bytes.len() {
            self.bytes.resize(2 * end + 4, 0);
        }
        self.bytes[self.len..end].copy_from_slice(s);
    }
}

/// The moves, writing themselves one after another through one formatter.
struct Texts<'a, 'e, M> {
    moves: &'a [M],
    written: &'a Cell<usize>,
    ends: RefCell<&'e mut Vec<usize>>,
}

impl<M: fmt::Display> fmt::Display for Texts<'_, '_, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut ends = self.ends.borrow_mut();
        ends.reserve(self.moves.len());
        for mv in self.moves {
            let _ = mv.fmt(f);
            ends.push(self.written.get());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_written_as_to_string_writes_them() {
        #[derive(Clone, Copy)]
        struct Long(usize);
        impl fmt::Display for Long {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                // pieces of every length, and one write that fails
                f.write_str(&"é".repeat(self.0))?;
                f.write_str("a-b")?;
                if self.0 == 2 {
                    return Err(fmt::Error);
                }
                write!(f, "{}", self.0 * 1000)
            }
        }
        let moves: Vec<Long> = (0..40).map(Long).collect();
        // after what the string held, and with the ends of another list before
        let mut text = "before".to_string();
        let mut ends = vec![3];
        write_displayed(&moves, &mut text, &mut ends);
        assert_eq!(ends.len(), moves.len() + 1);
        assert!(text.starts_with("before"));
        let mut start = "before".len();
        for (i, mv) in moves.iter().enumerate() {
            let expected = if i == 2 {
                "éé".to_string() + "a-b"
            } else {
                mv.to_string()
            };
            assert_eq!(&text[start..ends[i + 1]], expected);
            start = ends[i + 1];
        }
        assert_eq!(text.len(), start);
        // a second list into the same string, kept
        let (mut again, mut ends) = (String::new(), Vec::new());
        write_displayed(&moves[..3], &mut again, &mut ends);
        assert_eq!(&again[..ends[0]], "a-b0");
        assert_eq!(ends.len(), 3);
    }
}
