//! Typed errors. No input a user hands in makes this crate panic: bad text, bad moves
//! and impossible positions are answered with these, and leave the state untouched.

use crate::engine::position::Outcome;
use thiserror::Error;

/// Longest text accepted by the parsers; longer input is rejected before any work.
pub const MAX_TEXT_LEN: usize = 4096;

/// Why a move could not be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The move is not among the legal moves of the position.
    #[error("illegal move {mv}: {reason}")]
    IllegalMove {
        /// The move as text.
        mv: String,
        /// Why it is not legal, in words.
        reason: String,
    },
    /// The game is already over.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
}

/// Why a move text could not be read against a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveParseError {
    /// The text is empty.
    #[error("empty move text")]
    Empty,
    /// The text is longer than any move could be.
    #[error("move text too long ({0} bytes)")]
    TooLong(usize),
    /// The text does not follow the notation.
    #[error("cannot read move {text:?}: {reason}")]
    Syntax {
        /// The text given.
        text: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// A square name that the board does not have.
    #[error("no square {square:?} on this board")]
    UnknownSquare {
        /// The name given.
        square: String,
    },
    /// Well-formed, but no legal move matches.
    #[error("{text} is not a legal move here{}", hint.as_deref().map(|h| format!(" ({h})")).unwrap_or_default())]
    Illegal {
        /// The text given.
        text: String,
        /// A hint about the legal moves (e.g. "a capture is compulsory").
        hint: Option<String>,
    },
    /// The text names more than one legal move.
    #[error("{text} is ambiguous: it could be {}", candidates.join(", "))]
    Ambiguous {
        /// The text given.
        text: String,
        /// The legal moves it could mean, in full notation.
        candidates: Vec<String>,
    },
    /// The game is over: there is no legal move.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
}

/// What is wrong with a position text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PositionErrorKind {
    /// The text is longer than [`MAX_TEXT_LEN`].
    #[error("text too long ({0} bytes)")]
    TooLong(usize),
    /// A field is missing.
    #[error("missing {0}")]
    Missing(&'static str),
    /// Text after the last field.
    #[error("unexpected trailing text")]
    Trailing,
    /// A square name the board does not have.
    #[error("no square {0:?} on this board")]
    UnknownSquare(String),
    /// A square given twice.
    #[error("square {0} given twice")]
    DuplicateSquare(String),
    /// A column with no men.
    #[error("empty column on {0}")]
    EmptyColumn(String),
    /// A character that is not a man.
    #[error("{0:?} is not a man (expected w, b, W or B)")]
    BadMan(char),
    /// A rank the ruleset does not have (e.g. a king in Emergo).
    #[error("this ruleset has no kings, found {0:?}")]
    NoKings(char),
    /// A column taller than the ruleset allows.
    #[error("column on {square} has {height} men, more than {max}")]
    ColumnTooTall {
        /// Where.
        square: String,
        /// How many men.
        height: usize,
        /// The most allowed.
        max: usize,
    },
    /// A column whose colours cannot arise in this ruleset.
    #[error("column {column} on {square} cannot arise in this game: {why}")]
    ImpossibleColumn {
        /// Where.
        square: String,
        /// The column.
        column: String,
        /// Why not.
        why: &'static str,
    },
    /// More men of a colour than the game has.
    #[error("{color} has {count} men, more than {max}")]
    TooManyMen {
        /// Whose.
        color: crate::engine::color::Color,
        /// How many (board and hand).
        count: usize,
        /// The most a side has.
        max: usize,
    },
    /// The side to move is not `w` or `b`.
    #[error("side to move must be w or b, found {0:?}")]
    BadSide(String),
    /// A malformed count.
    #[error("bad number {0:?}")]
    BadNumber(String),
    /// A row of a grid position text that does not cover the board's width.
    #[error("rank {rank} covers {found} squares, the board is {expected} wide")]
    RowWidth {
        /// The rank (1 = the bottom row).
        rank: usize,
        /// Squares the row text covers (so far, when too many).
        found: usize,
        /// The board's width.
        expected: usize,
    },
    /// A grid position text with the wrong number of rows.
    #[error("{found} ranks given, the board has {expected}")]
    RowCount {
        /// Rows given.
        found: usize,
        /// The board's height.
        expected: usize,
    },
    /// A ruleset option the ruleset does not have.
    #[error("unknown option {0:?}")]
    UnknownOption(String),
}

/// A position text that could not be read: what is wrong and where (a byte offset into
/// the text).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad position text at byte {at}: {kind}")]
pub struct PositionError {
    /// What is wrong.
    pub kind: PositionErrorKind,
    /// Byte offset of the problem in the text.
    pub at: usize,
}

impl PositionError {
    /// An error of `kind` at byte `at`.
    pub fn new(kind: PositionErrorKind, at: usize) -> Self {
        PositionError { kind, at }
    }
}
