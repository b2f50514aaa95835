//! Typed errors. No input a user hands in makes this crate panic: bad text, bad moves
//! and impossible positions are answered with these, and leave the state untouched.

use crate::alloc_prelude::*;
use crate::engine::outcome::Outcome;
use thiserror::Error;

/// Longest text accepted by the parsers; longer input is rejected before any work.
pub const MAX_TEXT_LEN: usize = 4096;

/// Why a move could not be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
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
#[non_exhaustive]
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
    /// A square written with no men after its `:`.
    #[error("no men given for {0} (a square is written square:men)")]
    EmptyColumn(String),
    /// A character that is not a man.
    #[error("{0:?} is not a man (expected w, b, W or B)")]
    BadMan(char),
    /// A rank the ruleset does not have (e.g. a king in Emergo).
    #[error("this ruleset has no kings, found {0:?}")]
    NoKings(char),
    /// A column taller than the ruleset allows; with a `max` of 1, men piled up in a
    /// game of single pieces.
    #[error("{}", too_tall(square, *height, *max))]
    ColumnTooTall {
        /// Where.
        square: String,
        /// How many men.
        height: usize,
        /// The most allowed.
        max: usize,
    },
    /// A column whose colours cannot arise in this ruleset.
    #[error("{square}:{column} cannot arise in this game: {why}")]
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
    /// The men-in-hand field of a position text (Emergo's) is not two counts
    /// `<White's>/<Black's>`.
    #[error("men in hand must be White's/Black's counts (such as 12/12), found {0:?}")]
    BadMenInHand(String),
    /// More men of a colour on the board and in hand together than a side has (in
    /// Emergo a side's men are all on the board or in hand).
    #[error(
        "{color} has {} men, {on_board} on the board and {in_hand} in hand: a side has {max}",
        on_board + in_hand
    )]
    TooManyMenInHand {
        /// Whose.
        color: crate::engine::color::Color,
        /// Its men on the board.
        on_board: usize,
        /// Its men in hand.
        in_hand: usize,
        /// The men of a side.
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
    /// The draw counts field of a draughts position text is neither
    /// `draws:<kings-only plies>/<endgame plies>` nor `draws:off`.
    #[error(
        "draw counts must be draws:<kings-only plies>/<endgame plies> (such as draws:12/0) \
         or draws:off, found {0:?}"
    )]
    BadDrawCounts(String),
    /// PDN FEN: the side to move is not `W`, `B` or `?`.
    #[error("FEN's side to move must be W, B or ?, found {0:?}")]
    FenSide(String),
    /// PDN FEN: a colour group that does not start with `W` or `B`.
    #[error("FEN's colour must be W or B after ':', found {0:?}")]
    FenColor(String),
    /// PDN FEN: a range whose ends are not numbers in increasing order.
    #[error("FEN range {0:?} is not two increasing square numbers")]
    FenRange(String),
    /// A text that starts as neither form of position this game reads: its own position
    /// text or PDN FEN. Says what went wrong reading it as a position text, and an
    /// example of each form.
    #[error(
        "{why}; a position is this game's position text (such as {text:?}) \
         or PDN FEN (such as {fen:?})"
    )]
    NeitherForm {
        /// What is wrong with the text read as a position text.
        why: Box<PositionErrorKind>,
        /// A position in this game's position text.
        text: String,
        /// The same position in PDN FEN.
        fen: String,
    },
    /// The side not to move commands nothing (no piece or column on the board that it
    /// leads, no man in hand): no move leads to such a position, since the game ended
    /// when that side lost its last one — with that side to move
    /// ([`EndReason::NoPieces`](crate::EndReason::NoPieces)). Write
    /// the position with that side to move: it is then over, a loss for that side.
    #[error(
        "{0}, not to move, commands nothing (no piece or column it leads, no man in hand): \
         no move leads here (with {0} to move the game is over)"
    )]
    NoPiecesNotToMove(crate::engine::color::Color),
}

/// A position text that could not be read: what is wrong and where (a byte offset into
/// the text).
///
/// The message quotes the text where the problem is, as the user typed it:
///
/// ```
/// use column_checkers::Emergo;
///
/// let e = "e4:w,zz:b w 0/0".parse::<Emergo>().unwrap_err();
/// assert_eq!(e.at, 5);
/// assert_eq!(e.near(), Some("zz:b"));
/// assert_eq!(
///     e.to_string(),
///     "bad position text at byte 5 (\"zz:b\"): no square \"zz\" on this board"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad position text at byte {at}{}: {kind}", quote_near(self.near()))]
pub struct PositionError {
    /// What is wrong.
    pub kind: PositionErrorKind,
    /// Byte offset of the problem in the text.
    pub at: usize,
    /// The text at the offset ([`near`](Self::near)).
    near: Option<Box<str>>,
}

/// The text of [`PositionErrorKind::ColumnTooTall`]: a game of single pieces (`max`
/// 1) says so in its own terms.
fn too_tall(square: &str, height: usize, max: usize) -> String {
    if max == 1 {
        format!("{square} holds {height} men: a square holds one piece in this game")
    } else {
        format!("column on {square} has {height} men, more than {max}")
    }
}

fn quote_near(near: Option<&str>) -> String {
    match near {
        None => String::new(),
        Some("") => " (the end of the text)".into(),
        Some(n) => format!(" ({n:?})"),
    }
}

impl PositionError {
    /// An error of `kind` at byte `at`.
    pub fn new(kind: PositionErrorKind, at: usize) -> Self {
        PositionError {
            kind,
            at,
            near: None,
        }
    }

    /// The same error, quoting `text` (the text read) at its offset: up to the next
    /// comma or white space, at most 24 characters; where a comma or white space is
    /// at the offset itself, the next 12 characters as they are.
    pub fn quoting(mut self, text: &str) -> Self {
        let rest = text.get(self.at..).unwrap_or("");
        let end = rest
            .find(|c: char| c == ',' || c.is_whitespace())
            .unwrap_or(rest.len());
        let near: String = if end == 0 {
            rest.chars().take(12).collect()
        } else {
            rest[..end].chars().take(24).collect()
        };
        self.near = Some(near.into());
        self
    }

    /// The text at the offset, up to the next comma or space (the next characters as
    /// they are when the offset is at a comma or a space; empty at the end of the
    /// text), as the user typed it; `None` when not known. The position parsers of
    /// the crate fill it in ([`quoting`](Self::quoting)).
    pub fn near(&self) -> Option<&str> {
        self.near.as_deref()
    }
}

/// Any error of a game operation: reading a position, reading a move, playing one.
/// Each of [`PositionError`], [`MoveParseError`] and [`PlayError`] converts into it
/// with `From`, so one function can use `?` on all of them.
///
/// ```
/// use column_checkers::{Emergo, Game, GameError, Position};
///
/// fn opening(position: &str, moves: &[&str]) -> Result<Game<Emergo>, GameError> {
///     let mut game = Game::new(position.parse::<Emergo>()?); // PositionError
///     for text in moves {
///         let mv = game.position().parse_move(text)?; // MoveParseError
///         game.play(&mv)?; // PlayError
///     }
///     Ok(game)
/// }
/// assert!(opening("- w 12/12", &["d6", "d8"]).is_ok());
/// assert!(matches!(opening("- w 12/12", &["zz9"]), Err(GameError::Move(_))));
/// assert!(matches!(opening("- q 12/12", &[]), Err(GameError::Position(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum GameError {
    /// A position text that could not be read.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A move text that could not be read (or names no legal move).
    #[error(transparent)]
    Move(#[from] MoveParseError),
    /// A move that could not be played.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// A draw that could not be agreed or a resignation that could not be made.
    #[error(transparent)]
    End(#[from] DeclaredEndError),
}

/// Why the players could not end a game themselves
/// ([`Game::agree_draw`](crate::Game::agree_draw),
/// [`Game::resign`](crate::Game::resign)); the game is then unchanged.
///
/// ```
/// use column_checkers::{Color, DeclaredEndError, Game, Position, RussianDraughts};
///
/// let mut game = Game::new(RussianDraughts::start());
/// let over = game.resign(Color::White).unwrap();
/// assert_eq!(game.agree_draw(), Err(DeclaredEndError::GameOver(over)));
/// assert_eq!(game.resign(Color::Black), Err(DeclaredEndError::GameOver(over)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DeclaredEndError {
    /// The game is already over (by the rules, by repetition, or by an agreement or
    /// resignation before).
    #[error("the game is over ({0})")]
    GameOver(Outcome),
}

impl From<PlayError> for MoveParseError {
    /// A move refused by `play` as a move text refused: [`PlayError::GameOver`] is
    /// [`MoveParseError::GameOver`], an illegal move is [`MoveParseError::Illegal`]
    /// with the reason as its hint. Lets a function returning `MoveParseError` (as
    /// [`Game::play_text`](crate::Game::play_text) does) use `?` on
    /// [`Game::play`](crate::Game::play).
    fn from(e: PlayError) -> Self {
        match e {
            PlayError::GameOver(o) => MoveParseError::GameOver(o),
            PlayError::IllegalMove { mv, reason } => MoveParseError::Illegal {
                text: mv,
                hint: Some(reason),
            },
        }
    }
}
