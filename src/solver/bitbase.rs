//! Win/loss/draw tables: 2 bits a position in memory, packed in files.

use super::file::{self, TableError};
use super::Value;
use crate::alloc_prelude::*;
use core::fmt;
#[cfg(feature = "std")]
use std::path::Path;

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
///
/// A [`Bitbase`] holds, for each number of a class, win, loss or draw for the side to
/// move, or nothing (a number that stands for no position). It is what the
/// [lean solver](super::solve_wld) writes and what the [draughts
/// databases](super::Database) are made of. A [`Packed`] table is the same values
/// packed (runs of one value in a byte), for files and for probing.
///
/// ```
/// use column_checkers::solver::{Bitbase, Wld};
///
/// let mut t = Bitbase::new("example".into(), 5);
/// t.set(1, Some(Wld::Win));
/// t.set(2, Some(Wld::Loss));
/// t.set(4, None);
/// assert_eq!(t.get(0), Some(Wld::Draw));
/// assert_eq!(t.get(1), Some(Wld::Win));
/// assert_eq!(t.get(4), None);
/// assert_eq!(t.counts(), [1, 1, 2, 1]);
/// ```
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

/// Codes of a packed table's bytes below this are four numbers' values, base 3; the
/// others are runs.
const PACK_CODES: u8 = 81;
/// Numbers a block of a packed table holds (runs do not cross blocks).
pub const PACKED_BLOCK: u64 = 8192;

/// The run lengths a byte can say: 5 to 20 numbers one by one, then about 15 % apart
/// up to a block (a longer run is said in several bytes, the longest length first).
const RUNS: [u16; 58] = [
    5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 23, 27, 31, 35, 41, 47, 55, 63, 73,
    84, 97, 112, 129, 149, 171, 198, 228, 263, 304, 351, 405, 467, 539, 622, 718, 828, 956, 1103,
    1273, 1469, 1695, 1956, 2257, 2605, 3006, 3469, 4003, 4619, 5331, 6152, 7099, 8192,
];

/// A win/loss/draw table packed for storage and probing: about 1.6 bits a number at
/// most, much less where the values run long.
///
/// The numbers are cut into blocks of [`PACKED_BLOCK`]; each block is a sequence of bytes,
/// each either the values of four numbers (`v₀ + 3v₁ + 9v₂ + 27v₃`, below 81, a
/// value being 0 for a draw, 1 for a win, 2 for a loss) or a run of one value (81 and
/// up: the value and one of 58 lengths from 5 to 8192). A look-up decodes its block
/// up to the number. Numbers that stand for no position, and those the packer is told
/// are free, take whatever value makes the runs longest.
///
/// # File format of a packed table
/// All numbers little-endian:
///
/// | bytes | what |
/// |---|---|
/// | 8 | magic `CCWLDB` `1` `0` (format 1) |
/// | 4 + n | the class's name: its length, then its UTF-8 bytes |
/// | 8 | the number of numbers `len` |
/// | 4 | numbers a block holds ([`PACKED_BLOCK`]) |
/// | 8 | bytes of packed values `d` |
/// | 8·(⌈len/block⌉ + 1) | where each block's bytes start, and `d` |
/// | d | the packed values (see [`Packed`]) |
/// | 4 | CRC-32 (IEEE) of everything before it |
///
///
/// ```
/// use column_checkers::solver::{Bitbase, Packed, Wld};
///
/// let mut t = Bitbase::new("example".into(), 100_000);
/// for i in (0..100_000).step_by(7) {
///     t.set(i, Some(Wld::Win));
/// }
/// t.set(3, None);
/// let p = Packed::pack(&t, |_| false);
/// assert!(p.data_bytes() < 100_000 / 4);
/// assert_eq!(p.get(7), Wld::Win);
/// assert_eq!(p.get(8), Wld::Draw);
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Packed {
    name: String,
    len: u64,
    /// Where each block's bytes start in `data`, and the end.
    offsets: Vec<u64>,
    data: Vec<u8>,
}

impl fmt::Debug for Packed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Packed({}: {} numbers in {} bytes)",
            self.name,
            self.len,
            self.data.len()
        )
    }
}

impl Packed {
    /// Packs `table`; the numbers for which `free` is true (and those that stand for
    /// no position) may come back with any value.
    pub fn pack(table: &Bitbase, free: impl Fn(u64) -> bool) -> Packed {
        let blocks = table.len.div_ceil(PACKED_BLOCK);
        let mut offsets = Vec::with_capacity(blocks as usize + 1);
        let mut data = Vec::new();
        let code = |i: u64| match table.code(i) {
            Code::None => None,
            _ if free(i) => None,
            c => Some(c as u8),
        };
        for b in 0..blocks {
            offsets.push(data.len() as u64);
            let start = b * PACKED_BLOCK;
            let end = (start + PACKED_BLOCK).min(table.len);
            let mut i = start;
            while i < end {
                // the run from i: the first value that is not free, and how far it goes
                let mut v = None;
                let mut j = i;
                while j < end {
                    match (code(j), v) {
                        (None, _) => {}
                        (Some(c), None) => v = Some(c),
                        (Some(c), Some(w)) if c == w => {}
                        _ => break,
                    }
                    j += 1;
                }
                let v = v.unwrap_or(0);
                let run = j - i;
                if run >= RUNS[0] as u64 {
                    let k = RUNS
                        .iter()
                        .rposition(|&l| l as u64 <= run)
                        .expect("a length");
                    data.push(PACK_CODES + v * RUNS.len() as u8 + k as u8);
                    i += RUNS[k] as u64;
                } else {
                    let mut byte = 0u8;
                    let mut m = 1u8;
                    for k in 0..4 {
                        let c = if i + k < end {
                            code(i + k).unwrap_or(v)
                        } else {
                            0
                        };
                        byte += c * m;
                        m = m.wrapping_mul(3);
                    }
                    data.push(byte);
                    i += 4;
                }
            }
        }
        offsets.push(data.len() as u64);
        Packed {
            name: table.name.clone(),
            len: table.len,
            offsets,
            data,
        }
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

    /// Bytes of packed values (without the block offsets).
    pub fn data_bytes(&self) -> usize {
        self.data.len()
    }

    /// Bytes the table takes in memory: the values and the block offsets.
    pub fn memory_bytes(&self) -> usize {
        self.data.len() + self.offsets.len() * 8
    }

    /// The value of number `index` (any value for a number that was free or stood for
    /// no position).
    ///
    /// # Panics
    /// When `index` is not below [`len`](Self::len).
    pub fn get(&self, index: u64) -> Wld {
        assert!(index < self.len, "number {index} of {}", self.len);
        let b = (index / PACKED_BLOCK) as usize;
        let mut at = b as u64 * PACKED_BLOCK;
        let bytes = &self.data[self.offsets[b] as usize..self.offsets[b + 1] as usize];
        for &byte in bytes {
            if byte < PACK_CODES {
                if index < at + 4 {
                    let mut x = byte;
                    for _ in 0..index - at {
                        x /= 3;
                    }
                    return Code::from_bits(x % 3).wld().expect("a value");
                }
                at += 4;
            } else {
                let r = byte - PACK_CODES;
                let run = RUNS[(r % RUNS.len() as u8) as usize] as u64;
                if index < at + run {
                    return Code::from_bits(r / RUNS.len() as u8)
                        .wld()
                        .expect("a value");
                }
                at += run;
            }
        }
        unreachable!("block {b} covers number {index}")
    }

    /// The table unpacked (free numbers with the values they were packed with).
    pub fn unpack(&self) -> Bitbase {
        let mut t = Bitbase::new(self.name.clone(), self.len);
        for b in 0..self.offsets.len() - 1 {
            let mut at = b as u64 * PACKED_BLOCK;
            let end = (at + PACKED_BLOCK).min(self.len);
            for &byte in &self.data[self.offsets[b] as usize..self.offsets[b + 1] as usize] {
                if byte < PACK_CODES {
                    let mut x = byte;
                    for k in 0..4 {
                        if at + k < end {
                            t.set(at + k, Code::from_bits(x % 3).wld());
                        }
                        x /= 3;
                    }
                    at += 4;
                } else {
                    let r = byte - PACK_CODES;
                    let run = RUNS[(r % RUNS.len() as u8) as usize] as u64;
                    let v = Code::from_bits(r / RUNS.len() as u8).wld();
                    if v != Some(Wld::Draw) {
                        for k in at..at + run {
                            t.set(k, v);
                        }
                    }
                    at += run;
                }
            }
        }
        t
    }
}

const MAGIC: &[u8; 8] = b"CCWLDB\x01\x00";

impl Packed {
    /// The table in the file format (see [`Packed`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let body = 4 + 8 + 8 * self.offsets.len() + self.data.len();
        let mut out = file::start(MAGIC, &self.name, self.len, body);
        out.extend_from_slice(&(PACKED_BLOCK as u32).to_le_bytes());
        out.extend_from_slice(&(self.data.len() as u64).to_le_bytes());
        for o in &self.offsets {
            out.extend_from_slice(&o.to_le_bytes());
        }
        out.extend_from_slice(&self.data);
        file::finish(out)
    }

    /// Reads a table in the file format, checking the checksum, that it is the table of
    /// class `name` with `len` numbers, and that every block decodes to its numbers;
    /// `path` names the source in errors.
    pub fn from_bytes(
        bytes: &[u8],
        name: &str,
        len: u64,
        path: &str,
    ) -> Result<Packed, TableError> {
        let mut r = file::open(bytes, MAGIC, name, len, 4 + 8, path)?;
        let block = r.u32("no block size")?;
        if block as u64 != PACKED_BLOCK {
            return Err(r.malformed(&format!(
                "blocks of {block} numbers ({PACKED_BLOCK} expected)"
            )));
        }
        let data_len = r.u64("no data size")?;
        let blocks = usize::try_from(len.div_ceil(PACKED_BLOCK))
            .map_err(|_| r.malformed("too many numbers"))?;
        let mut offsets = Vec::with_capacity(blocks + 1);
        for _ in 0..=blocks {
            offsets.push(r.u64("the block offsets are cut short")?);
        }
        let data_len = usize::try_from(data_len)
            .map_err(|_| r.malformed("the packed values are cut short"))?;
        let data = r
            .take(data_len, "the packed values are cut short")?
            .to_vec();
        r.end("bytes after the packed values")?;
        let packed = Packed {
            name: name.to_string(),
            len,
            offsets,
            data,
        };
        packed.check().map_err(|what| r.malformed(&what))?;
        Ok(packed)
    }

    /// Whether every block's bytes lie in order within the data and say exactly its
    /// numbers (the last four-number byte may run past the end).
    fn check(&self) -> Result<(), String> {
        if self.offsets.first() != Some(&0)
            || self.offsets.last() != Some(&(self.data.len() as u64))
        {
            return Err("the block offsets do not cover the data".into());
        }
        for b in 0..self.offsets.len() - 1 {
            let (from, to) = (self.offsets[b], self.offsets[b + 1]);
            if from > to {
                return Err(format!("block {b} ends before it starts"));
            }
            let want = (self.len - b as u64 * PACKED_BLOCK).min(PACKED_BLOCK);
            let mut n = 0u64;
            for &byte in &self.data[from as usize..to as usize] {
                if n >= want {
                    return Err(format!("block {b} says more than its numbers"));
                }
                n += if byte < PACK_CODES {
                    4
                } else if byte - PACK_CODES < 3 * RUNS.len() as u8 {
                    RUNS[((byte - PACK_CODES) % RUNS.len() as u8) as usize] as u64
                } else {
                    return Err(format!(
                        "block {b} holds the byte {byte}, which says nothing"
                    ));
                };
            }
            if n < want || (n > want && n - want >= 4) {
                return Err(format!("block {b} says {n} numbers, not {want}"));
            }
        }
        Ok(())
    }

    /// Writes the table to `path` in the file format (with the `std` feature).
    #[cfg(feature = "std")]
    pub fn save(&self, path: &Path) -> Result<(), TableError> {
        file::save(path, &self.to_bytes())
    }

    /// Reads the table of class `name` with `len` numbers from `path`: a clear error
    /// when the file is missing, is not a packed table, is corrupt, or holds another
    /// class (with the `std` feature).
    #[cfg(feature = "std")]
    pub fn load(path: &Path, name: &str, len: u64) -> Result<Packed, TableError> {
        let (bytes, shown) = file::load(path)?;
        Packed::from_bytes(&bytes, name, len, &shown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::crc32;

    /// A table of `n` numbers: long runs, short stretches of mixed values, and numbers
    /// that stand for no position, from `seed`.
    fn sample(n: u64, seed: u64) -> Bitbase {
        let mut t = Bitbase::new("sample".into(), n);
        let mut x = seed | 1;
        let mut i = 0;
        while i < n {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = [Some(Wld::Win), Some(Wld::Loss), Some(Wld::Draw), None][(x % 4) as usize];
            let len = if x % 3 == 0 { x % 20_000 } else { x % 6 };
            for k in i..(i + len + 1).min(n) {
                t.set(k, v);
            }
            i += len + 1;
        }
        t
    }

    #[test]
    fn run_lengths_rise_to_a_block() {
        assert!(RUNS.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(*RUNS.last().unwrap() as u64, PACKED_BLOCK);
        assert_eq!(PACK_CODES as usize + 3 * RUNS.len(), 255);
    }

    #[test]
    fn packed_tables_give_back_every_value() {
        for (n, seed) in [(0, 1), (1, 2), (5, 3), (8191, 4), (8192, 5), (100_003, 6)] {
            let t = sample(n, seed);
            let free = |i: u64| i % 11 == 0;
            let p = Packed::pack(&t, free);
            let back = p.unpack();
            for i in 0..n {
                match t.get(i) {
                    Some(v) if !free(i) => {
                        assert_eq!(p.get(i), v, "{n} numbers, number {i}");
                        assert_eq!(back.get(i), Some(v));
                    }
                    _ => assert_eq!(back.get(i), Some(p.get(i))),
                }
            }
            let bytes = p.to_bytes();
            assert_eq!(Packed::from_bytes(&bytes, "sample", n, "x").unwrap(), p);
        }
    }

    #[test]
    fn runs_pack_small() {
        let mut t = Bitbase::new("runs".into(), 1 << 20);
        for i in (0..1 << 20).filter(|i| i % 100_000 < 30_000) {
            t.set(i, Some(Wld::Win));
        }
        let p = Packed::pack(&t, |_| false);
        assert!(p.memory_bytes() < 4000, "{}", p.memory_bytes());
        // free numbers join the runs around them
        let mut t = Bitbase::new("free".into(), 100_000);
        for i in (0..100_000).step_by(2) {
            t.set(i, Some(Wld::Loss));
        }
        assert!(Packed::pack(&t, |_| false).data_bytes() > 20_000);
        assert!(Packed::pack(&t, |i| i % 2 == 1).data_bytes() < 100);
    }

    #[test]
    fn corrupt_packed_files_are_refused() {
        let bytes = Packed::pack(&sample(20_000, 9), |_| false).to_bytes();
        for i in (0..bytes.len()).step_by(7) {
            let mut bad = bytes.clone();
            bad[i] ^= 0x21;
            assert!(
                Packed::from_bytes(&bad, "sample", 20_000, "x").is_err(),
                "byte {i}"
            );
        }
        for cut in [0, 7, 30, bytes.len() - 1] {
            assert!(Packed::from_bytes(&bytes[..cut], "sample", 20_000, "x").is_err());
        }
        let e = Packed::from_bytes(&bytes, "other", 20_000, "x").unwrap_err();
        assert!(matches!(e, TableError::WrongClass { .. }), "{e}");
        // a byte that says nothing, under a checksum that matches
        let mut bad = bytes[..bytes.len() - 4].to_vec();
        let last = bad.len() - 1;
        bad[last] = 255;
        let crc = crc32(&bad);
        bad.extend_from_slice(&crc.to_le_bytes());
        let e = Packed::from_bytes(&bad, "sample", 20_000, "t.ccwld").unwrap_err();
        assert!(matches!(e, TableError::Malformed { .. }), "{e}");
        assert!(e.to_string().contains("t.ccwld"), "{e}");
    }

    #[test]
    fn counts_and_parts() {
        let t = sample(10_000, 11);
        let [w, l, d, n] = t.counts();
        let count = |v| (0..10_000).filter(|&i| t.get(i) == v).count() as u64;
        assert_eq!(
            [w, l, d, n],
            [
                count(Some(Wld::Win)),
                count(Some(Wld::Loss)),
                count(Some(Wld::Draw)),
                count(None)
            ]
        );
        for (start, len) in [(0, 10_000), (64, 100), (33, 5000), (9_999, 1)] {
            let p = t.part("p".into(), start, len);
            assert!((0..len).all(|i| p.get(i) == t.get(start + i)));
        }
    }
}
