//! A solved endgame table: the storage and its file format.

use super::file::{self, TableError};
use super::Value;
use crate::alloc_prelude::*;
/// The bit vector types of the tables, from `bitvec`.
use bitvec::prelude::{BitVec, Lsb0};
use bitvec::store::BitStore;
#[cfg(feature = "std")]
use std::path::Path;

/// The word the tables' bits are stored in: `u64` on 64-bit targets.
#[cfg(target_pointer_width = "64")]
pub type Word = u64;
/// The word the tables' bits are stored in: `u32` on targets whose words are not 64
/// bits wide (wasm32), where `bitvec` stores no `u64`; the file format is the same.
#[cfg(not(target_pointer_width = "64"))]
pub type Word = u32;

/// A table's bit vector: position `i` in bit `i`.
///
/// ```
/// use column_checkers::solver::Bits;
///
/// let bits: Bits = [true, false, true].into_iter().collect();
/// assert_eq!(bits.count_ones(), 2);
/// ```
pub type Bits = BitVec<Word, Lsb0>;

/// A word of bits as it is written: little-endian bytes.
trait LeWord: BitStore + Copy {
    const BYTES: usize;
    fn put(self, out: &mut Vec<u8>);
    fn get(bytes: &[u8]) -> Self;
}

impl LeWord for u32 {
    const BYTES: usize = 4;
    fn put(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn get(bytes: &[u8]) -> Self {
        u32::from_le_bytes(bytes.try_into().expect("4 bytes"))
    }
}

#[cfg(target_pointer_width = "64")]
impl LeWord for u64 {
    const BYTES: usize = 8;
    fn put(self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
    fn get(bytes: &[u8]) -> Self {
        u64::from_le_bytes(bytes.try_into().expect("8 bytes"))
    }
}

/// Writes bits as the file holds them: ⌈len/64⌉ little-endian `u64` words. From `u32`
/// words, an odd count gets a zero word to fill the last `u64`.
fn put_bits<W: LeWord>(out: &mut Vec<u8>, bits: &BitVec<W, Lsb0>) {
    let start = out.len();
    for &w in bits.as_raw_slice() {
        w.put(out);
    }
    out.resize(start + bits.len().div_ceil(64) * 8, 0);
}

/// Reads `n` bits from ⌈n/64⌉ little-endian `u64` words (`raw`, of that length).
fn get_bits<W: LeWord>(raw: &[u8], n: usize) -> BitVec<W, Lsb0> {
    let words: Vec<W> = raw.chunks_exact(W::BYTES).map(W::get).collect();
    let mut b = BitVec::from_vec(words);
    b.truncate(n);
    b
}

const MAGIC: &[u8; 8] = b"CCEGTB\x01\x00";

/// The distances of a table: one byte each when they all fit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Distances {
    /// All distances are at most 255.
    U8(Vec<u8>),
    /// Some distance passes 255.
    U16(Vec<u16>),
}

impl Distances {
    /// Stores `d` in the narrowest width that holds its largest value.
    pub fn compact(d: Vec<u16>) -> Distances {
        if d.iter().all(|&x| x <= u8::MAX as u16) {
            Distances::U8(d.into_iter().map(|x| x as u8).collect())
        } else {
            Distances::U16(d)
        }
    }

    /// The distance of position `i`.
    #[inline]
    pub fn get(&self, i: usize) -> u16 {
        match self {
            Distances::U8(v) => v[i] as u16,
            Distances::U16(v) => v[i],
        }
    }

    /// Bytes per distance.
    pub fn width(&self) -> usize {
        match self {
            Distances::U8(_) => 1,
            Distances::U16(_) => 2,
        }
    }

    fn len(&self) -> usize {
        match self {
            Distances::U8(v) => v.len(),
            Distances::U16(v) => v.len(),
        }
    }
}

/// A solved class: the value of each of its positions for the side to move.
///
/// Per position, two bits in [`bitvec`] bit vectors — *resolved* (the position is won
/// or lost; unresolved positions are draws) and *win* (for the side to move, among the
/// resolved) — and the distance to the end in plies, one byte per position, or two
/// when some distance passes 255.
///
/// # File format
/// All numbers little-endian:
///
/// | bytes | what |
/// |---|---|
/// | 8 | magic `CCEGTB` `1` `0` (format 1) |
/// | 4 + n | the class's name: its length, then its UTF-8 bytes |
/// | 8 | the number of positions `len` |
/// | 1 | bytes per distance: 1 or 2 |
/// | 8·⌈len/64⌉ | the resolved bits, 64 to a word, position `i` in bit `i % 64` of word `i / 64` |
/// | 8·⌈len/64⌉ | the win bits, the same way |
/// | len·width | the distances |
/// | 4 | CRC-32 (IEEE) of everything before it |
///
/// In memory the bits are stored in [`Word`]s: `u64` on 64-bit targets, `u32` on the
/// others (`bitvec` stores `u64` words only where the target's words are 64 bits wide,
/// and wasm32's are 32). Two `u32` words, lowest first, are the bytes of one `u64`
/// word, little-endian, so the file is the same on every target: a table saved on one
/// loads on any other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    name: String,
    resolved: Bits,
    win: Bits,
    dist: Distances,
}

impl Table {
    /// A table from its parts: `resolved[i]` (won or lost), `win[i]` (won, among the
    /// resolved) and the distance of position `i`.
    ///
    /// # Panics
    /// When the three parts differ in length.
    pub fn from_parts(name: String, resolved: Bits, win: Bits, dist: Distances) -> Table {
        assert!(resolved.len() == win.len() && win.len() == dist.len());
        Table {
            name,
            resolved,
            win,
            dist,
        }
    }

    /// The class's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// How many positions the table holds.
    pub fn len(&self) -> u64 {
        self.resolved.len() as u64
    }

    /// Whether the table holds no position.
    pub fn is_empty(&self) -> bool {
        self.resolved.is_empty()
    }

    /// The value of position `index` for the side to move.
    ///
    /// # Panics
    /// When `index` is not below [`len`](Self::len).
    #[inline]
    pub fn value(&self, index: u64) -> Value {
        let i = index as usize;
        if !self.resolved[i] {
            Value::Draw
        } else if self.win[i] {
            Value::Win(self.dist.get(i))
        } else {
            Value::Loss(self.dist.get(i))
        }
    }

    /// The resolved bits (won or lost).
    pub fn resolved_bits(&self) -> &Bits {
        &self.resolved
    }

    /// The win bits (won, among the resolved).
    pub fn win_bits(&self) -> &Bits {
        &self.win
    }

    /// The distances.
    pub fn distances(&self) -> &Distances {
        &self.dist
    }

    /// Wins, losses and draws for the side to move, one count per index.
    pub fn counts(&self) -> (u64, u64, u64) {
        let resolved = self.resolved.count_ones() as u64;
        let wins = (self.resolved.clone() & &self.win).count_ones() as u64;
        (wins, resolved - wins, self.len() - resolved)
    }

    /// Bytes the table takes in memory (bits and distances).
    pub fn memory_bytes(&self) -> usize {
        2 * self.resolved.as_raw_slice().len() * core::mem::size_of::<Word>()
            + self.dist.len() * self.dist.width()
    }

    /// The table in the file format (see [`Table`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = file::start(MAGIC, &self.name, self.len(), self.memory_bytes() + 1);
        out.push(self.dist.width() as u8);
        for bits in [&self.resolved, &self.win] {
            put_bits(&mut out, bits);
        }
        match &self.dist {
            Distances::U8(v) => out.extend_from_slice(v),
            Distances::U16(v) => v
                .iter()
                .for_each(|d| out.extend_from_slice(&d.to_le_bytes())),
        }
        file::finish(out)
    }

    /// Reads a table in the file format, checking the checksum and that it is the
    /// table of class `name` with `len` positions; `path` names the source in errors.
    pub fn from_bytes(bytes: &[u8], name: &str, len: u64, path: &str) -> Result<Table, TableError> {
        let mut r = file::open(bytes, MAGIC, name, len, 1, path)?;
        let width = r.u8("no distance width")?;
        if width != 1 && width != 2 {
            return Err(r.malformed(&format!("distance width {width} (1 or 2 expected)")));
        }
        let n = usize::try_from(len).map_err(|_| r.malformed("too many positions"))?;
        let words = n.div_ceil(64);
        let resolved = get_bits(r.take(words * 8, "the bit vectors are cut short")?, n);
        let win = get_bits(r.take(words * 8, "the bit vectors are cut short")?, n);
        let raw = r.take(n * width as usize, "the distances are cut short")?;
        let dist = if width == 1 {
            Distances::U8(raw.to_vec())
        } else {
            Distances::U16(
                raw.chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]]))
                    .collect(),
            )
        };
        r.end("bytes after the distances")?;
        Ok(Table {
            name: name.to_string(),
            resolved,
            win,
            dist,
        })
    }

    /// Writes the table to `path` in the file format (with the `std` feature; without
    /// it, [`to_bytes`](Self::to_bytes) gives the same bytes).
    #[cfg(feature = "std")]
    pub fn save(&self, path: &Path) -> Result<(), TableError> {
        file::save(path, &self.to_bytes())
    }

    /// Reads the table of class `name` with `len` positions from `path`: a clear error
    /// when the file is missing, is not a table, is corrupt, or holds another class.
    /// With the `std` feature; without it, [`from_bytes`](Self::from_bytes) reads the
    /// bytes of a file.
    #[cfg(feature = "std")]
    pub fn load(path: &Path, name: &str, len: u64) -> Result<Table, TableError> {
        let (bytes, shown) = file::load(path)?;
        Table::from_bytes(&bytes, name, len, &shown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Table {
        let n = 130;
        let resolved: Bits = (0..n).map(|i| i % 3 != 0).collect();
        let win: Bits = (0..n).map(|i| i % 3 == 1).collect();
        let dist = Distances::compact((0..n).map(|i| (i % 3 != 0) as u16 * i as u16).collect());
        Table::from_parts("sample".into(), resolved, win, dist)
    }

    /// The file holds the same bytes whether the bits are stored in `u64` words
    /// (64-bit targets) or `u32` words (wasm32), and reads back into either.
    #[test]
    fn the_file_format_does_not_depend_on_the_word() {
        for n in [0usize, 1, 31, 32, 33, 64, 65, 130, 160, 192] {
            let bools: Vec<bool> = (0..n).map(|i| (i * 7 + i / 5) % 3 != 0).collect();
            let wide: BitVec<u64, Lsb0> = bools.iter().copied().collect();
            let narrow: BitVec<u32, Lsb0> = bools.iter().copied().collect();
            let (mut a, mut b) = (Vec::new(), Vec::new());
            put_bits(&mut a, &wide);
            put_bits(&mut b, &narrow);
            assert_eq!(a, b, "{n} bits");
            assert_eq!(a.len(), n.div_ceil(64) * 8);
            assert_eq!(get_bits::<u32>(&a, n), narrow);
            assert_eq!(get_bits::<u64>(&b, n), wide);
        }
    }

    #[test]
    fn bytes_round_trip() {
        let t = sample();
        let bytes = t.to_bytes();
        assert_eq!(Table::from_bytes(&bytes, "sample", 130, "x").unwrap(), t);
        assert_eq!(t.value(0), Value::Draw);
        assert_eq!(t.value(1), Value::Win(1));
        assert_eq!(t.value(2), Value::Loss(2));
        assert_eq!(t.counts(), (43, 43, 44));
    }

    #[test]
    fn wide_distances_round_trip() {
        let mut t = sample();
        t.dist = Distances::compact((0..130).map(|i| i * 300).collect());
        assert_eq!(t.dist.width(), 2);
        let bytes = t.to_bytes();
        assert_eq!(Table::from_bytes(&bytes, "sample", 130, "x").unwrap(), t);
    }

    #[test]
    fn every_flipped_byte_is_refused() {
        let bytes = sample().to_bytes();
        for i in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[i] ^= 0x10;
            assert!(
                Table::from_bytes(&bad, "sample", 130, "x").is_err(),
                "byte {i}"
            );
        }
        for cut in [0, 5, 20, bytes.len() - 1] {
            assert!(Table::from_bytes(&bytes[..cut], "sample", 130, "x").is_err());
        }
    }

    #[test]
    fn wrong_class_is_named() {
        let bytes = sample().to_bytes();
        let e = Table::from_bytes(&bytes, "other", 130, "t.bin").unwrap_err();
        assert!(matches!(e, TableError::WrongClass { .. }));
        assert!(e.to_string().contains("`sample`"), "{e}");
        let e = Table::from_bytes(&bytes, "sample", 131, "t.bin").unwrap_err();
        assert!(matches!(e, TableError::WrongClass { .. }));
        let e = Table::from_bytes(b"hello world, not a table", "sample", 130, "t.bin");
        assert!(matches!(e, Err(TableError::NotATable { .. })));
    }
}
