//! The frame every table file shares: an 8-byte magic number naming the format, the
//! class's name and size, the table's own bytes, and a CRC-32 of everything before it.
//! [`Table`](super::Table) and [`Packed`](super::Packed) write and read their bodies
//! inside it.

use crate::alloc_prelude::*;
#[cfg(feature = "std")]
use std::path::Path;

/// Why a table file could not be saved or loaded.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// The file could not be read or written (with the `std` feature: files need it).
    #[cfg(feature = "std")]
    #[error("cannot {action} the table file {path}: {source}")]
    Io {
        /// "read" or "write".
        action: &'static str,
        /// The file.
        path: String,
        /// The system's error.
        source: std::io::Error,
    },
    /// The file does not start with the table magic bytes.
    #[error(
        "{path} is not an endgame table file (it does not start with the table's magic bytes)"
    )]
    NotATable {
        /// The file.
        path: String,
    },
    /// The file ends before the table does, or goes on after it.
    #[error("{path} is truncated or malformed: {what}")]
    Malformed {
        /// The file.
        path: String,
        /// What is wrong.
        what: String,
    },
    /// The checksum does not match the contents: the file is corrupt.
    #[error("{path} is corrupt: its checksum is {stored:08x}, its contents give {computed:08x}")]
    Checksum {
        /// The file.
        path: String,
        /// The checksum written in the file.
        stored: u32,
        /// The checksum of the contents.
        computed: u32,
    },
    /// The file holds a table of another class (or another numbering).
    #[error("{path} holds the table of class `{found}` ({found_len} positions), not `{expected}` ({expected_len} positions)")]
    WrongClass {
        /// The file.
        path: String,
        /// The class asked for.
        expected: String,
        /// Its size.
        expected_len: u64,
        /// The class in the file.
        found: String,
        /// Its size.
        found_len: u64,
    },
}

/// A file's bytes up to the end of its header: the magic number, the class's name
/// (its length, then its UTF-8 bytes) and the class's size; the caller adds its body,
/// then [`finish`]es it.
pub(super) fn start(magic: &[u8; 8], name: &str, len: u64, body: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(8 + 4 + name.len() + 8 + body + 4);
    out.extend_from_slice(magic);
    out.extend_from_slice(&(name.len() as u32).to_le_bytes());
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(&len.to_le_bytes());
    out
}

/// Appends the checksum of everything written.
pub(super) fn finish(mut out: Vec<u8>) -> Vec<u8> {
    let crc = crc32(&out);
    out.extend_from_slice(&crc.to_le_bytes());
    out
}

/// Opens a file's bytes: checks the magic number, that at least `min_body` bytes of
/// body are there, the checksum, and that the file holds class `name` with `len`
/// positions; the reader stands at the start of the body. `path` names the source in
/// errors.
pub(super) fn open<'a>(
    bytes: &'a [u8],
    magic: &[u8; 8],
    name: &str,
    len: u64,
    min_body: usize,
    path: &'a str,
) -> Result<Reader<'a>, TableError> {
    if bytes.len() < magic.len() || &bytes[..magic.len()] != magic {
        return Err(TableError::NotATable {
            path: path.to_string(),
        });
    }
    let mut r = Reader {
        bytes,
        at: magic.len(),
        path,
    };
    if bytes.len() < magic.len() + 4 + 8 + min_body + 4 {
        return Err(r.malformed("shorter than a table's header"));
    }
    let (body, tail) = bytes.split_at(bytes.len() - 4);
    let stored = u32::from_le_bytes(tail.try_into().expect("4 bytes"));
    let computed = crc32(body);
    if stored != computed {
        return Err(TableError::Checksum {
            path: path.to_string(),
            stored,
            computed,
        });
    }
    r.bytes = body;
    let name_len = r.u32("no name length")? as usize;
    let found = core::str::from_utf8(r.take(name_len, "the class name is cut or not UTF-8")?)
        .map_err(|_| r.malformed("the class name is cut or not UTF-8"))?
        .to_string();
    let found_len = r.u64("no size")?;
    if found != name || found_len != len {
        return Err(TableError::WrongClass {
            path: path.to_string(),
            expected: name.to_string(),
            expected_len: len,
            found,
            found_len,
        });
    }
    Ok(r)
}

/// Reads a file's body in order; a read past its end is a [`TableError::Malformed`]
/// that says what was missing.
pub(super) struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    path: &'a str,
}

impl<'a> Reader<'a> {
    /// The error of a malformed file: `what` is wrong.
    pub(super) fn malformed(&self, what: &str) -> TableError {
        TableError::Malformed {
            path: self.path.to_string(),
            what: what.to_string(),
        }
    }

    /// The next `n` bytes, or the error `missing`.
    pub(super) fn take(&mut self, n: usize, missing: &str) -> Result<&'a [u8], TableError> {
        let out = self
            .at
            .checked_add(n)
            .and_then(|end| self.bytes.get(self.at..end))
            .ok_or_else(|| self.malformed(missing))?;
        self.at += n;
        Ok(out)
    }

    /// The next byte, or the error `missing`.
    pub(super) fn u8(&mut self, missing: &str) -> Result<u8, TableError> {
        Ok(self.take(1, missing)?[0])
    }

    /// The next little-endian `u32`, or the error `missing`.
    pub(super) fn u32(&mut self, missing: &str) -> Result<u32, TableError> {
        let b = self.take(4, missing)?;
        Ok(u32::from_le_bytes(b.try_into().expect("4 bytes")))
    }

    /// The next little-endian `u64`, or the error `missing`.
    pub(super) fn u64(&mut self, missing: &str) -> Result<u64, TableError> {
        let b = self.take(8, missing)?;
        Ok(u64::from_le_bytes(b.try_into().expect("8 bytes")))
    }

    /// Checks that the body ends here, or the error `extra`.
    pub(super) fn end(&self, extra: &str) -> Result<(), TableError> {
        if self.at == self.bytes.len() {
            Ok(())
        } else {
            Err(self.malformed(extra))
        }
    }
}

/// Writes a file's bytes to `path`.
#[cfg(feature = "std")]
pub(super) fn save(path: &Path, bytes: &[u8]) -> Result<(), TableError> {
    std::fs::write(path, bytes).map_err(|source| TableError::Io {
        action: "write",
        path: path.display().to_string(),
        source,
    })
}

/// Reads a file's bytes from `path`, with the path as errors show it.
#[cfg(feature = "std")]
pub(super) fn load(path: &Path) -> Result<(Vec<u8>, String), TableError> {
    let shown = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| TableError::Io {
        action: "read",
        path: shown.clone(),
        source,
    })?;
    Ok((bytes, shown))
}

/// CRC-32 (IEEE 802.3, the checksum of zip and PNG) of `bytes`, the checksum of the
/// table files.
///
/// ```
/// use column_checkers::solver::crc32;
/// assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
/// ```
pub fn crc32(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}
