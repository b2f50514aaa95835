//! Win/loss/draw tables: 2 bits a position in memory.
//!
//! A [`Bitbase`] holds, for each number of a class, win, loss or draw for the side to
//! move, or nothing (a number that stands for no position). It is what the
//! [lean solver](super::wld) writes and what the [draughts
//! databases](super::draughts) are made of.
//!
//! ```
//! use column_checkers::solver::bitbase::{Bitbase, Wld};
//!
//! let mut t = Bitbase::new("example".into(), 5);
//! t.set(1, Some(Wld::Win));
//! t.set(2, Some(Wld::Loss));
//! t.set(4, None);
//! assert_eq!(t.get(0), Some(Wld::Draw));
//! assert_eq!(t.get(1), Some(Wld::Win));
//! assert_eq!(t.get(4), None);
//! assert_eq!(t.counts(), [1, 1, 2, 1]);
//! ```

use super::Value;
use crate::alloc_prelude::*;
use core::fmt;

/// Win, loss or draw for the side to move, without distances.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wld {
    /// The side to move wins.
    Win,
    /// The side to move loses.
    Loss,
    /// Neither side can force a result.
    Draw,
}

impl Wld {
    /// The value before a move that led here: a loss here is a win there.
    pub fn before(self) -> Wld {
        match self {
            Wld::Win => Wld::Loss,
            Wld::Loss => Wld::Win,
            Wld::Draw => Wld::Draw,
        }
    }

    /// The value without its distance.
    pub fn of(v: Value) -> Wld {
        match v {
            Value::Win(_) => Wld::Win,
            Value::Loss(_) => Wld::Loss,
            Value::Draw => Wld::Draw,
        }
    }

    /// As a [`Value`] at distance 0 (tables without distances).
    pub fn value(self) -> Value {
        match self {
            Wld::Win => Value::Win(0),
            Wld::Loss => Value::Loss(0),
            Wld::Draw => Value::Draw,
        }
    }
}

impl fmt::Display for Wld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Wld::Win => "win",
            Wld::Loss => "loss",
            Wld::Draw => "draw",
        })
    }
}

/// The 2-bit codes of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Code {
    Draw = 0,
    Win = 1,
    Loss = 2,
    None = 3,
}

impl Code {
    #[inline]
    pub(crate) fn from_bits(b: u8) -> Code {
        match b & 3 {
            0 => Code::Draw,
            1 => Code::Win,
            2 => Code::Loss,
            _ => Code::None,
        }
    }

    #[inline]
    fn wld(self) -> Option<Wld> {
        match self {
            Code::Draw => Some(Wld::Draw),
            Code::Win => Some(Wld::Win),
            Code::Loss => Some(Wld::Loss),
            Code::None => None,
        }
    }

    #[inline]
    fn of(v: Option<Wld>) -> Code {
        match v {
            Some(Wld::Draw) => Code::Draw,
            Some(Wld::Win) => Code::Win,
            Some(Wld::Loss) => Code::Loss,
            None => Code::None,
        }
    }
}

/// A win/loss/draw table of a class: 2 bits a number, 32 to a `u64`.
#[derive(Clone, PartialEq, Eq)]
pub struct Bitbase {
    name: String,
    len: u64,
    words: Vec<u64>,
}

impl fmt::Debug for Bitbase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [w, l, d, n] = self.counts();
        write!(
            f,
            "Bitbase({}: {} numbers, {w} wins, {l} losses, {d} draws, {n} none)",
            self.name, self.len
        )
    }
}

impl Bitbase {
    /// A table of `len` draws.
    ///
    /// # Panics
    /// When `len` is more than the target's memory can index.
    pub fn new(name: String, len: u64) -> Bitbase {
        let n = usize::try_from(len).expect("a table the memory can index");
        Bitbase {
            name,
            len,
            words: vec![0; n.div_ceil(32)],
        }
    }

    /// A table from its words (32 codes each, number `i` in bits `2(i % 32)..` of word
    /// `i / 32`; the words past `len` zero).
    pub(crate) fn from_words(name: String, len: u64, words: Vec<u64>) -> Bitbase {
        debug_assert_eq!(words.len() as u64, len.div_ceil(32));
        Bitbase { name, len, words }
    }

    /// The words.
    pub(crate) fn words(&self) -> &[u64] {
        &self.words
    }

    /// The class's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How many numbers the table holds.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether the table holds no number.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub(crate) fn code(&self, index: u64) -> Code {
        let i = index as usize;
        Code::from_bits((self.words[i / 32] >> (2 * (i % 32))) as u8)
    }

    /// The value of number `index` for the side to move; `None` when the number stands
    /// for no position.
    ///
    /// # Panics
    /// When `index` is not below [`len`](Self::len).
    #[inline]
    pub fn get(&self, index: u64) -> Option<Wld> {
        assert!(index < self.len, "number {index} of {}", self.len);
        self.code(index).wld()
    }

    /// Sets the value of number `index` (`None`: no position).
    pub fn set(&mut self, index: u64, v: Option<Wld>) {
        assert!(index < self.len, "number {index} of {}", self.len);
        let i = index as usize;
        let s = 2 * (i % 32);
        let w = &mut self.words[i / 32];
        *w = (*w & !(3 << s)) | ((Code::of(v) as u64) << s);
    }

    /// Wins, losses, draws, and numbers that stand for no position.
    pub fn counts(&self) -> [u64; 4] {
        let mut c = [0u64; 4];
        let full = (self.len / 32) as usize;
        for &w in &self.words[..full] {
            // per code, the pairs of bits equal to it
            let lo = w & 0x5555_5555_5555_5555;
            let hi = (w >> 1) & 0x5555_5555_5555_5555;
            c[1] += (lo & !hi).count_ones() as u64;
            c[2] += (!lo & hi & 0x5555_5555_5555_5555).count_ones() as u64;
            c[3] += (lo & hi).count_ones() as u64;
        }
        for i in full as u64 * 32..self.len {
            c[self.code(i) as usize] += 1;
        }
        c[0] = self.len - c[1] - c[2] - c[3];
        [c[1], c[2], c[0], c[3]]
    }

    /// Numbers `start..start + len` as a table of their own, named `name`.
    pub fn part(&self, name: String, start: u64, len: u64) -> Bitbase {
        assert!(start + len <= self.len, "a part within the table");
        let mut words = vec![0u64; (len as usize).div_ceil(32)];
        let s = start as usize;
        if s % 32 == 0 {
            let from = s / 32;
            let n = words.len();
            words.copy_from_slice(&self.words[from..from + n]);
            let tail = (len % 32) as u32;
            if tail != 0 {
                let last = words.len() - 1;
                words[last] &= (1u64 << (2 * tail)) - 1;
            }
        } else {
            for i in 0..len as usize {
                let c = self.code(start + i as u64) as u64;
                words[i / 32] |= c << (2 * (i % 32));
            }
        }
        Bitbase { name, len, words }
    }

    /// Bytes the table takes in memory.
    pub fn memory_bytes(&self) -> usize {
        self.words.len() * 8
    }
}
