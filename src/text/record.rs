//! Game records: the tags, moves, comments, variations and result of one game, and
//! their replay with every move checked ([`Record::replay`]). The record is what PDN
//! (Portable Draughts Notation, the draughts form of PGN) says of a game:
//! [`pdn`](crate::text::pdn) reads records from PDN text (`text.parse::<Record>()`,
//! or files of many games) and writes them (`Display`).
//!
//! The moves are in the game's own notation, for any ruleset. The start position is
//! the `FEN` tag (PDN's FEN, or the ruleset's own position text) or a `Position` tag,
//! else the game's start. Which ruleset a record's `GameType` or `Variant` tag names
//! is the [registry](crate::tools::registry)'s to say (`Ruleset::of_record`).
//!
//! A [`Game`] holds the moves; the tags and comments stay in the record. A record of a
//! game is [`Record::of_game`]; tags and comments are set on it
//! ([`Record::set_tag`], [`Record::add_comment`]).
//!
//! ```
//! use column_checkers::text::record::{Record, ResultCheck};
//! use column_checkers::{Emergo, Position};
//!
//! let text = r#"[Variant "emergo"]
//! [White "Freeling"]
//! 1. d6 d8 2. e4 {the centre is free now} g6 3. f4 g7 4. b6 d7 5. f6 g6xe6xc6 *"#;
//! let record: Record = text.parse().unwrap();
//! assert_eq!(record.tag("White"), Some("Freeling"));
//! assert_eq!(record.moves[2].comments, ["the centre is free now"]);
//! let replay = record.replay::<Emergo>().unwrap();
//! assert_eq!(replay.game.moves().len(), 10);
//! assert_eq!(replay.result_check, ResultCheck::Unfinished);
//!
//! // an illegal move is reported with its number, side, line and column
//! let bad: Record = "1. d6 d8 2. e5 e5".parse().unwrap();
//! let err = bad.replay::<Emergo>().unwrap_err();
//! assert_eq!((err.number, err.side), (2, column_checkers::Color::Black));
//! assert_eq!((err.line, err.column), (1, 16));
//! assert!(err.to_string().starts_with("move 2... e5 (Black): e5 is not a legal move here"));
//! ```

use crate::alloc_prelude::*;
use crate::engine::color::Color;
use crate::engine::error::{MoveParseError, PositionError};
use crate::engine::game::Game;
use crate::engine::outcome::{EndReason, Outcome};
use crate::engine::position::Position;
use crate::text::fen::{fen_of, looks_like_fen, position_from_fen, FenError};
use core::fmt;
use thiserror::Error;

/// The deepest nesting of variations read or replayed.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// The result a record states, from the side that moves first (White in every ruleset
/// of this crate).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordResult {
    /// `1-0` (or `2-0`).
    WhiteWins,
    /// `0-1` (or `0-2`).
    BlackWins,
    /// `1/2-1/2` (or `1-1`).
    Draw,
    /// `0-0`: the game was declared lost for both players.
    BothLose,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl RecordResult {
    /// Reads a result token: `1-0`, `0-1`, `1/2-1/2`, international draughts' `2-0`,
    /// `0-2`, `1-1`, the double forfeit `0-0`, or `*`.
    pub fn from_token(t: &str) -> Option<RecordResult> {
        Some(match t {
            "1-0" | "2-0" => RecordResult::WhiteWins,
            "0-1" | "0-2" => RecordResult::BlackWins,
            "1/2-1/2" | "½-½" | "1-1" => RecordResult::Draw,
            "0-0" => RecordResult::BothLose,
            "*" => RecordResult::Unknown,
            _ => return None,
        })
    }

    /// The token: `1-0`, `0-1`, `1/2-1/2`, `0-0` or `*`.
    pub fn token(self) -> &'static str {
        match self {
            RecordResult::WhiteWins => "1-0",
            RecordResult::BlackWins => "0-1",
            RecordResult::Draw => "1/2-1/2",
            RecordResult::BothLose => "0-0",
            RecordResult::Unknown => "*",
        }
    }

    /// The token of international draughts' results (PDN's result type
    /// "International"): `2-0`, `0-2`, `1-1`, `0-0` or `*`.
    pub fn international_token(self) -> &'static str {
        match self {
            RecordResult::WhiteWins => "2-0",
            RecordResult::BlackWins => "0-2",
            RecordResult::Draw => "1-1",
            other => other.token(),
        }
    }

    /// The token in the result type of PDN's `GameType` number `game_type`:
    /// [`international_token`](Self::international_token) for international (20) and
    /// Canadian (27) draughts, else [`token`](Self::token).
    pub fn token_in(self, game_type: Option<u32>) -> &'static str {
        match game_type {
            Some(20 | 27) => self.international_token(),
            _ => self.token(),
        }
    }

    /// The result an outcome gives.
    pub fn of(outcome: Outcome) -> RecordResult {
        match outcome.winner() {
            Some(Color::White) => RecordResult::WhiteWins,
            Some(Color::Black) => RecordResult::BlackWins,
            None => RecordResult::Draw,
        }
    }
}

impl fmt::Display for RecordResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.token())
    }
}

/// One move of the movetext, as written, with what is attached to it.
///
/// Two moves are equal when their text, number, marks, comments and variations are;
/// where they stand in the text (`line`, `column`) is not compared.
#[derive(Clone, Debug, Default)]
pub struct RecordMove {
    /// The move text in the game's notation, squares without leading zeros (`01-06`
    /// and `1- 6` are read as `1-6`), without its strength mark.
    pub text: String,
    /// The move number written just before it (`12.` or `12...`), if any.
    pub number: Option<u32>,
    /// Whether that number was written as Black's (`12...`, or `12. ...`).
    pub black_number: bool,
    /// The move strength mark right after the move: `!`, `?!`, `(!?)`, ...
    pub strength: Option<String>,
    /// Numeric annotation glyphs after it (`$1` is 1).
    pub nags: Vec<u32>,
    /// Comments after it, trimmed.
    pub comments: Vec<String>,
    /// Variations: other moves in its place, each a line of play from the position
    /// before it.
    pub variations: Vec<Variation>,
    /// The line of the text it is on (1-based).
    pub line: usize,
    /// Its column on that line (1-based, in characters).
    pub column: usize,
}

impl PartialEq for RecordMove {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
            && self.number == other.number
            && self.black_number == other.black_number
            && self.strength == other.strength
            && self.nags == other.nags
            && self.comments == other.comments
            && self.variations == other.variations
    }
}
impl Eq for RecordMove {}

/// A variation: comments before its first move, then its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variation {
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The moves.
    pub moves: Vec<RecordMove>,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ReplayErrorKind {
    /// The `Position` tag cannot be read.
    #[error("bad start position: {0}")]
    BadPosition(Box<PositionError>),
    /// The `FEN` tag cannot be read.
    #[error("bad FEN tag: {0}")]
    BadFen(Box<FenError>),
    /// A move is not legal (or not readable) where it is played.
    #[error("{0}")]
    Move(MoveParseError),
    /// A move number that does not follow from the moves before it (a move missing
    /// or extra).
    #[error("move number {found} where {expected} was expected")]
    WrongNumber {
        /// The number the move should have.
        expected: u32,
        /// The number written.
        found: u32,
    },
    /// A number marked as Black's (`12...`) before White's move.
    #[error("Black's move number before White's move")]
    WrongSide,
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`].
    #[error("variations nested deeper than {MAX_VARIATION_DEPTH}")]
    TooDeep,
}

/// A move of a record that does not replay: its number, side, text, place and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct ReplayError {
    /// The move number (as a record numbers it: one number per White-Black pair).
    pub number: u32,
    /// The side whose move it is.
    pub side: Color,
    /// The move as written (empty for a bad start position).
    pub text: String,
    /// The line of the record (1-based; 0 for a bad start position).
    pub line: usize,
    /// The column on that line (1-based; 0 for a bad start position).
    pub column: usize,
    /// Whether the move is in a variation (not the main line).
    pub in_variation: bool,
    /// Why.
    pub kind: ReplayErrorKind,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if matches!(
            self.kind,
            ReplayErrorKind::BadPosition(_) | ReplayErrorKind::BadFen(_)
        ) {
            return write!(f, "{}", self.kind);
        }
        let dots = match self.side {
            Color::White => ".",
            Color::Black => "...",
        };
        let var = if self.in_variation {
            " in a variation"
        } else {
            ""
        };
        write!(
            f,
            "move {}{dots} {} ({}){var}: {}",
            self.number, self.text, self.side, self.kind
        )
    }
}

/// How the result compares with what the rules say of the final position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultCheck {
    /// The game is over by the rules with the result the record states.
    Agrees,
    /// The game is over by the rules, with another result than the record's (or the
    /// record says `*`).
    Disagrees {
        /// What the rules say.
        rules: Outcome,
    },
    /// The rules have not ended the game, but the record gives a result (a
    /// resignation, an agreed draw, time). With a `Termination` tag
    /// ([`Record::declared_end`]) the replayed game ends by the resignation or the
    /// agreed draw.
    NotByRules,
    /// Neither the rules nor the record (no result, or `*`) end the game.
    Unfinished,
}

/// How strictly a record is read ([`pdn::read_games_with`](crate::text::pdn::read_games_with))
/// and replayed ([`Record::replay_with`]).
///
/// ```
/// use column_checkers::text::record::{Record, Strictness};
/// use column_checkers::InternationalDraughts;
///
/// // the variation is numbered for move 9 but placed after move 1
/// let record: Record = "1. 32-28 (9. 34-29 19-23) 19-23 2. 28x19 *".parse().unwrap();
/// let replay = record.replay_with::<InternationalDraughts>(Strictness::Forgiving).unwrap();
/// assert_eq!(replay.game.moves().len(), 3);
/// assert_eq!(replay.warnings.len(), 1);
/// assert!(record.replay_with::<InternationalDraughts>(Strictness::Strict).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strictness {
    /// What people write is read where it can be: a variation that does not replay
    /// is skipped with a [`ReplayWarning`] (the main line must replay); in reading,
    /// a game without a terminator ends at the next game's tags, a lone `.` is
    /// passed over, and another result format's token equal to the `Result` tag
    /// (the Delfts `4-6`) ends the game. The default.
    #[default]
    Forgiving,
    /// The standard as written: every variation must replay, every game ends with a
    /// terminator (`1-0`, `*`, ...) before the next game's tags, and only PDN's own
    /// tokens are read.
    Strict,
}

/// A variation that does not replay, skipped by a [forgiving](Strictness::Forgiving)
/// replay: the game of the text it is in (1-based, 0 for a record not read from a
/// text), and the move that does not replay with its line, column and reason. The
/// variation is skipped from that move on (the moves before it were checked).
///
/// ```
/// use column_checkers::text::record::Record;
/// use column_checkers::InternationalDraughts;
///
/// let record: Record = "1. 32-28 (1. 32-27 19-23 2. 50-45) 19-23 *".parse().unwrap();
/// let replay = record.replay::<InternationalDraughts>().unwrap();
/// let w = &replay.warnings[0];
/// assert_eq!((w.game, w.error.line, w.error.column), (1, 1, 29));
/// let text = w.to_string();
/// assert!(text.starts_with("game 1, line 1, column 29: move 2. 50-45 (White) in a variation: "));
/// assert!(text.ends_with("; the variation is skipped"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("game {game}, line {}, column {}: {error}; the variation is skipped", error.line, error.column)]
pub struct ReplayWarning {
    /// The game of the text (1-based; 0 for a record not read from a text).
    pub game: usize,
    /// The move of the variation that does not replay, and why.
    pub error: ReplayError,
}

/// A record replayed: the game and how its result compares. The record's tags and
/// comments stay in the record.
#[derive(Clone, Debug)]
pub struct Replay<P: Position> {
    /// The game, every move of the main line played; ended by an agreed draw or a
    /// resignation when the record says so ([`Record::declared_end`]).
    pub game: Game<P>,
    /// The result check (against the rules: an agreed draw or a resignation is
    /// [`ResultCheck::NotByRules`]).
    pub result_check: ResultCheck,
    /// The moves read, variations included (the moves of skipped variations not).
    pub moves_read: usize,
    /// The variations skipped because they do not replay (forgiving replay only).
    pub warnings: Vec<ReplayWarning>,
}

/// A game record: tags, comments, moves (with their variations) and result.
///
/// Two records are equal when their tags, comments, moves and result are (no result
/// and `*` are the same; the place in the text is not compared): a record written as
/// PDN ([`Display`](fmt::Display)) reads back equal.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// The tags, in order: `(name, value)`.
    pub tags: Vec<(String, String)>,
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The moves of the main line.
    pub moves: Vec<RecordMove>,
    /// The result token that ends the game (the game terminator), if any.
    pub result: Option<RecordResult>,
    /// The line of the text where the game starts (1-based).
    pub line: usize,
    /// The game's number in the text it was read from (1 for the first; 0 for a
    /// record not read from a text).
    pub game: usize,
}

impl PartialEq for Record {
    fn eq(&self, other: &Self) -> bool {
        self.tags == other.tags
            && self.comments == other.comments
            && self.moves == other.moves
            && self.result.unwrap_or(RecordResult::Unknown)
                == other.result.unwrap_or(RecordResult::Unknown)
    }
}
impl Eq for Record {}

impl Record {
    /// The value of the first tag called `name` (ASCII case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets the tag `name` (ASCII case-insensitive: the value of the first tag of that
    /// name is replaced, else the tag is added at the end).
    ///
    /// ```
    /// use column_checkers::text::record::Record;
    ///
    /// let mut record = Record::default();
    /// record.set_tag("White", "Freeling");
    /// record.set_tag("white", "van Zon");
    /// assert_eq!(record.tags, [("White".to_string(), "van Zon".to_string())]);
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The ruleset named by a `Variant` or `Game` tag, if any (as written).
    pub fn ruleset(&self) -> Option<&str> {
        self.tag("Variant")
            .or_else(|| self.tag("Game"))
            .map(str::trim)
            .filter(|s| !s.is_empty())
    }

    /// The number of the `GameType` tag: its first field (`20` of
    /// `"20,W,10,10,N2,0"`; the attributes after it are not read); `Some(Err(value))`
    /// when that is not a number, `None` without the tag.
    pub fn game_type(&self) -> Option<Result<u32, &str>> {
        let value = self.tag("GameType")?;
        let number = value.split(',').next().unwrap_or("").trim();
        Some(number.parse().map_err(|_| value))
    }

    /// Sets the result: the game terminator and the `Result` tag, in the result tokens
    /// of the record's `GameType` ([`RecordResult::token_in`]).
    pub fn set_result(&mut self, result: RecordResult) {
        let game_type = self.game_type().and_then(Result::ok);
        self.result = Some(result);
        self.set_tag("Result", result.token_in(game_type));
    }

    /// Adds a comment after the `ply`-th move of the main line (0: before the first
    /// move; a ply past the last move: after the last).
    ///
    /// ```
    /// use column_checkers::text::record::Record;
    /// use column_checkers::{Game, InternationalDraughts, Position};
    ///
    /// let mut game = Game::new(InternationalDraughts::start());
    /// game.play_text("32-28").unwrap();
    /// let mut record = Record::of_game(&game);
    /// record.add_comment(1, "the classical opening move");
    /// assert_eq!(record.moves[0].comments, ["the classical opening move"]);
    /// assert!(record.to_string().contains("1. 32-28 { the classical opening move }"));
    /// ```
    ///
    /// A Black move right after the comment that has no move number gets one
    /// (`1. 32-28 { ... } 1... 19-23`), as PDN writes it, when the White move before
    /// it has a number.
    pub fn add_comment(&mut self, ply: usize, text: &str) {
        let Some(i) = ply.min(self.moves.len()).checked_sub(1) else {
            self.comments.push(text.to_string());
            return;
        };
        self.moves[i].comments.push(text.to_string());
        let before = self.moves[i].number.filter(|_| !self.moves[i].black_number);
        if let (Some(n), Some(next)) = (before, self.moves.get_mut(i + 1)) {
            if next.number.is_none() {
                next.number = Some(n);
                next.black_number = true;
            }
        }
    }

    /// The start position text of a `FEN` or `Position` tag, if any.
    pub fn start_text(&self) -> Option<&str> {
        self.tag("FEN")
            .or_else(|| self.tag("Position"))
            .map(str::trim)
            .filter(|s| !s.is_empty())
    }

    /// The result the record states: the game terminator when it is a result, else
    /// the `Result` tag's (when it is a result token).
    pub fn stated_result(&self) -> Option<RecordResult> {
        match self.result {
            Some(r) if r != RecordResult::Unknown => Some(r),
            _ => self
                .tag("Result")
                .and_then(|t| RecordResult::from_token(t.trim()))
                .or(self.result),
        }
    }

    /// The end the players declared, as the record states it: a `Termination` tag
    /// of PGN's `normal` (PDN takes the tag from PGN), or `resignation` or
    /// `agreement` (ASCII case-insensitive), with a decisive result (the loser
    /// resigned) or a draw (agreed). The writer ([`Record::of_game`]) writes
    /// `[Termination "normal"]` and the result, with a comment in words after the
    /// last move (`{ Black resigns }`, `{ draw agreed }`).
    ///
    /// [`replay`](Self::replay) declares this end when the rules have not ended the
    /// game; a game the rules ended keeps the rules' outcome.
    ///
    /// ```
    /// use column_checkers::text::record::Record;
    /// use column_checkers::{Color, EndReason, Outcome};
    ///
    /// let r: Record = "[Result \"0-1\"]\n[Termination \"normal\"]\n1. c3-d4 0-1".parse().unwrap();
    /// let resigned = Outcome::Win { winner: Color::Black, reason: EndReason::Resignation };
    /// assert_eq!(r.declared_end(), Some(resigned));
    /// let r: Record = "1. c3-d4 0-1".parse().unwrap();
    /// assert_eq!(r.declared_end(), None);
    /// ```
    pub fn declared_end(&self) -> Option<Outcome> {
        let termination = self.tag("Termination")?.trim();
        let named = ["normal", "resignation", "agreement"]
            .iter()
            .any(|t| termination.eq_ignore_ascii_case(t));
        if !named {
            return None;
        }
        match self.stated_result()? {
            RecordResult::WhiteWins => Some(Outcome::Win {
                winner: Color::White,
                reason: EndReason::Resignation,
            }),
            RecordResult::BlackWins => Some(Outcome::Win {
                winner: Color::Black,
                reason: EndReason::Resignation,
            }),
            RecordResult::Draw => Some(Outcome::Draw {
                reason: EndReason::Agreement,
            }),
            RecordResult::BothLose | RecordResult::Unknown => None,
        }
    }

    /// The number of moves, variations included.
    pub fn move_count(&self) -> usize {
        fn count(moves: &[RecordMove]) -> usize {
            moves
                .iter()
                .map(|m| 1 + m.variations.iter().map(|v| count(&v.moves)).sum::<usize>())
                .sum()
        }
        count(&self.moves)
    }

    /// The start position under ruleset `P` (the `FEN` or `Position` tag, else
    /// `P::start()`), and whether its side to move is known (a FEN's `?` is not).
    ///
    /// # Errors
    /// [`ReplayErrorKind::BadFen`] or [`ReplayErrorKind::BadPosition`] for a tag that
    /// does not read.
    pub fn start<P: Position>(&self) -> Result<(P, bool), ReplayErrorKind> {
        match self.start_text() {
            Some(t) if looks_like_fen(t) => {
                position_from_fen::<P>(t).map_err(|e| ReplayErrorKind::BadFen(Box::new(e)))
            }
            Some(t) => t
                .parse::<P>()
                .map(|p| (p, true))
                .map_err(|e| ReplayErrorKind::BadPosition(Box::new(e))),
            None => Ok((P::start(), true)),
        }
    }

    /// Replays the record under ruleset `P` from its start ([`Record::start`]),
    /// [forgiving](Strictness::Forgiving): as [`replay_with`](Self::replay_with).
    ///
    /// # Errors
    /// [`ReplayError`] for the first move of the main line that is illegal,
    /// unreadable or misnumbered, or a start tag that does not read.
    pub fn replay<P: Position>(&self) -> Result<Replay<P>, ReplayError> {
        self.replay_with(Strictness::Forgiving)
    }

    /// Replays the record under ruleset `P` from its start ([`Record::start`]),
    /// checking every move and move number of the main line and of every variation
    /// (each from the position before the move it replaces). When the FEN leaves the
    /// side to move open (`?`), the first move's number says it (`1...` for Black).
    /// A variation that does not replay is skipped with a [`ReplayWarning`]
    /// ([`Strictness::Forgiving`]) or refuses the record ([`Strictness::Strict`]).
    /// When the record states an agreed draw or a resignation
    /// ([`declared_end`](Self::declared_end)) and the rules have not ended the game,
    /// the game ends so.
    ///
    /// # Errors
    /// [`ReplayError`] for the first move that is illegal, unreadable or misnumbered
    /// (main line first, then the variations when strict), or a start tag that does
    /// not read.
    pub fn replay_with<P: Position>(
        &self,
        strictness: Strictness,
    ) -> Result<Replay<P>, ReplayError> {
        let (mut start, side_known) = self.start::<P>().map_err(|kind| ReplayError {
            number: 1,
            side: Color::White,
            text: String::new(),
            line: 0,
            column: 0,
            in_variation: false,
            kind,
        })?;
        if !side_known && self.moves.first().is_some_and(|m| m.black_number) {
            if let Some(t) = self.start_text() {
                let black = format!("B{}", &t.trim_start()[1..]);
                if let Ok((p, _)) = position_from_fen::<P>(&black) {
                    start = p;
                }
            }
        }
        let mut game = Game::new(start);
        let first_number = self
            .moves
            .first()
            .and_then(|m| m.number)
            .unwrap_or(1)
            .max(1);
        let black_first = game.position().turn() == Color::Black;
        let mut moves_read = 0;
        let mut lines: Vec<Pending<'_, P>> = Vec::new();
        // the main line, then the variations (each with the game before the move it
        // replaces), depth first
        play_line(
            &mut game,
            &self.moves,
            first_number,
            black_first,
            false,
            &mut moves_read,
            &mut lines,
            0,
        )?;
        let mut warnings = Vec::new();
        while let Some((mut g, moves, depth, number, black)) = lines.pop() {
            let played = play_line(
                &mut g,
                moves,
                number,
                black,
                true,
                &mut moves_read,
                &mut lines,
                depth,
            );
            match (played, strictness) {
                (Ok(()), _) => {}
                (Err(e), Strictness::Strict) => return Err(e),
                (Err(error), Strictness::Forgiving) => warnings.push(ReplayWarning {
                    game: self.game,
                    error,
                }),
            }
        }
        let result_check = match (game.outcome_by_rules(), self.stated_result()) {
            (Some(o), Some(r)) if RecordResult::of(o) == r => ResultCheck::Agrees,
            (Some(o), _) => ResultCheck::Disagrees { rules: o },
            (None, None | Some(RecordResult::Unknown)) => ResultCheck::Unfinished,
            (None, Some(_)) => ResultCheck::NotByRules,
        };
        if result_check == ResultCheck::NotByRules {
            let declared = match self.declared_end() {
                Some(Outcome::Draw { .. }) => game.agree_draw().ok(),
                Some(Outcome::Win { winner, .. }) => game.resign(winner.opponent()).ok(),
                None => None,
            };
            // the rules have not ended the game: the players' end is accepted
            let _ = declared;
        }
        Ok(Replay {
            game,
            result_check,
            moves_read,
            warnings,
        })
    }

    /// The record of a game: its moves in the ruleset's notation (a capture by its
    /// first and last square when that names it alone), `SetUp` and `FEN` tags when it
    /// did not start from `P::start()`, and the result when the game is over (else
    /// `*`). An agreed draw or a resignation ([`Game::agree_draw`],
    /// [`Game::resign`]) is written as the result, `[Termination "normal"]` (PGN's
    /// word for a game the players ended, which PDN adopts) and a comment in words
    /// after the last move (`{ Black resigns }`, `{ draw agreed }`). Written as PDN,
    /// it reads and replays back to the same game.
    ///
    /// It names no ruleset: the [registry](crate::tools::registry)'s
    /// `record_of_game` adds the tag that does (`GameType` for the draughts games PDN
    /// numbers, else `Variant`); or set one with [`set_tag`](Self::set_tag). Tags and
    /// comments are added with [`set_tag`](Self::set_tag) and
    /// [`add_comment`](Self::add_comment).
    ///
    /// ```
    /// use column_checkers::text::record::Record;
    /// use column_checkers::{Game, InternationalDraughts, Position};
    ///
    /// let mut game = Game::new(InternationalDraughts::start());
    /// game.play_text("32-28").unwrap();
    /// game.play_text("19-23").unwrap();
    /// game.play_text("28x19").unwrap();
    /// let mut record = Record::of_game(&game);
    /// record.set_tag("White", "Sijbrands");
    /// assert_eq!(record.to_string(), "[White \"Sijbrands\"]\n\n1. 32-28 19-23 2. 28x19 *\n");
    /// let back: Record = record.to_string().parse().unwrap();
    /// assert_eq!(back.replay::<InternationalDraughts>().unwrap().game, game);
    /// ```
    pub fn of_game<P: Position>(game: &Game<P>) -> Record {
        let mut record = Record::default();
        let start = game.start();
        if *start != P::start() {
            record.set_tag("SetUp", "1");
            let fen = fen_of(start).unwrap_or_else(|| start.to_string());
            record.set_tag("FEN", &fen);
        }
        let mut pos = start.clone();
        let black_first = pos.turn() == Color::Black;
        for (i, mv) in game.moves().iter().enumerate() {
            let half = i + black_first as usize;
            let white = half % 2 == 0;
            // a Black move is numbered when it opens the game
            let number = (white || i == 0).then_some(half as u32 / 2 + 1);
            record.moves.push(RecordMove {
                text: short_text(&pos, mv),
                number,
                black_number: !white && number.is_some(),
                ..RecordMove::default()
            });
            pos.play_unchecked(mv);
        }
        match game.outcome() {
            Some(o) => record.set_result(RecordResult::of(o)),
            None => record.result = Some(RecordResult::Unknown),
        }
        if let Some(end) = game.declared_end() {
            record.set_tag("Termination", "normal");
            let words = match end.winner() {
                Some(winner) => format!("{} resigns", winner.opponent()),
                None => "draw agreed".to_string(),
            };
            record.add_comment(game.moves().len(), &words);
        }
        record
    }
}

/// A move's text, by its first and last square when that names it alone among the
/// legal moves (`28x10` for `28x19x10`), else in full.
fn short_text<P: Position>(pos: &P, mv: &P::Move) -> String {
    let full = mv.to_string();
    let seps: Vec<(usize, char)> = full
        .char_indices()
        .filter(|&(_, c)| c == 'x' || c == ':')
        .collect();
    if seps.len() >= 2 {
        let (first_end, sep) = seps[0];
        let (last_start, _) = seps[seps.len() - 1];
        let short = format!("{}{sep}{}", &full[..first_end], &full[last_start + 1..]);
        if pos.parse_move(&short).is_ok_and(|m| m == *mv) {
            return short;
        }
    }
    full
}

/// A variation still to replay: the game before the move it replaces, its moves, its
/// depth, the number of its first move and whether that is Black's.
type Pending<'r, P> = (Game<P>, &'r [RecordMove], usize, u32, bool);

#[allow(clippy::too_many_arguments)]
fn play_line<'r, P: Position>(
    game: &mut Game<P>,
    moves: &'r [RecordMove],
    first_number: u32,
    black_first: bool,
    in_variation: bool,
    moves_read: &mut usize,
    pending: &mut Vec<Pending<'r, P>>,
    depth: usize,
) -> Result<(), ReplayError> {
    for (i, m) in moves.iter().enumerate() {
        let half = i as u32 + black_first as u32;
        let number = first_number.saturating_add(half / 2);
        let side = game.position().turn();
        let err = |kind| ReplayError {
            number,
            side,
            text: m.text.clone(),
            line: m.line,
            column: m.column,
            in_variation,
            kind,
        };
        if let Some(found) = m.number.filter(|&n| n != number) {
            return Err(err(ReplayErrorKind::WrongNumber {
                expected: number,
                found,
            }));
        }
        if m.black_number && m.number.is_some() && side == Color::White {
            return Err(err(ReplayErrorKind::WrongSide));
        }
        if !m.variations.is_empty() {
            if depth >= MAX_VARIATION_DEPTH {
                return Err(err(ReplayErrorKind::TooDeep));
            }
            for v in m.variations.iter().rev() {
                pending.push((
                    game.clone(),
                    &v.moves,
                    depth + 1,
                    number,
                    side == Color::Black,
                ));
            }
        }
        game.play_text(&m.text)
            .map_err(|e| err(ReplayErrorKind::Move(e)))?;
        *moves_read += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::draughts::{InternationalDraughts, RussianDraughts};
    use crate::games::emergo::Emergo;

    fn read(t: &str) -> Record {
        t.parse().unwrap_or_else(|e| panic!("{t}: {e}"))
    }

    #[test]
    fn tags_comments_variations_and_numbers() {
        let r = read(
            "[Event \"Test \\\"cup\\\"\"]\n[Variant \"Emergo\"]\n\n1.d6 {a\nlong comment} d8 ; rest\n\
             2. e4 (2. e6 e4) g6 $1 3. f4 1/2-1/2\n",
        );
        assert_eq!(r.tag("event"), Some("Test \"cup\""));
        assert_eq!(r.ruleset(), Some("Emergo"));
        let texts: Vec<_> = r.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["d6", "d8", "e4", "g6", "f4"]);
        assert_eq!(r.moves[0].number, Some(1));
        assert_eq!(r.moves[0].comments, ["a\nlong comment"]);
        assert_eq!(r.moves[1].comments, ["rest"]);
        assert_eq!(r.moves[1].number, None);
        assert_eq!(r.moves[2].number, Some(2));
        assert_eq!(r.moves[2].variations[0].moves.len(), 2);
        assert_eq!(r.moves[3].nags, [1]);
        assert_eq!((r.moves[4].line, r.moves[4].column), (6, 27));
        assert_eq!(r.result, Some(RecordResult::Draw));
        assert_eq!(r.move_count(), 7);
    }

    #[test]
    fn replay_reports_number_side_and_reason() {
        let e = read("1. d6 d8 2. e4 zz9").replay::<Emergo>().unwrap_err();
        assert_eq!((e.number, e.side), (2, Color::Black));
        assert!(matches!(
            e.kind,
            ReplayErrorKind::Move(MoveParseError::UnknownSquare { .. })
        ));
        let e = read("1. d6 d8 3. e4").replay::<Emergo>().unwrap_err();
        assert_eq!(
            e.kind,
            ReplayErrorKind::WrongNumber {
                expected: 2,
                found: 3
            }
        );
        let e = read("[Position \"zz\"]\n1. d6")
            .replay::<Emergo>()
            .unwrap_err();
        assert!(matches!(e.kind, ReplayErrorKind::BadPosition(_)));
        let e = read("[FEN \"W:W99\"]\n1. 32-28")
            .replay::<InternationalDraughts>()
            .unwrap_err();
        assert!(matches!(e.kind, ReplayErrorKind::BadFen(_)));
        let e = read("1... 32-28")
            .replay::<InternationalDraughts>()
            .unwrap_err();
        assert_eq!(e.kind, ReplayErrorKind::WrongSide);
        // a variation is checked from the position before the move it replaces:
        // refused when strict, skipped with a warning when forgiving
        let r = read("1. 32-28 (1. 32-27 19-23 2. 50-45?) 19-23");
        let e = r
            .replay_with::<InternationalDraughts>(Strictness::Strict)
            .unwrap_err();
        assert!(e.in_variation && e.number == 2 && e.text == "50-45", "{e}");
        let rep = r.replay::<InternationalDraughts>().unwrap();
        assert_eq!(rep.game.moves().len(), 2);
        assert_eq!(rep.moves_read, 4);
        assert_eq!(rep.warnings.len(), 1);
        assert_eq!((rep.warnings[0].game, &rep.warnings[0].error), (1, &e));
        // a sub-variation of a move before the bad one is still checked
        let r = read("1. 32-28 (1. 32-27 (1. 31-27 19-23 2. 99-98) 19-23 2. 50-45) 19-23");
        let rep = r.replay::<InternationalDraughts>().unwrap();
        let texts: Vec<_> = rep.warnings.iter().map(|w| w.error.text.as_str()).collect();
        assert_eq!(texts, ["50-45", "99-98"]);
    }

    #[test]
    fn result_checks_and_round_trip() {
        // Example A: White's roundabout ends the game (Black has no piece on top)
        let r = read(
            "[Position \"c5:b,d6:b,e5:b,f4:wwww,g4:w,h4:bb w 0/0\"]\n\
             1. fe4 hd4x 2. e4xc4xc6xe6xe4xc4 1-0",
        );
        let rep = r.replay::<Emergo>().unwrap();
        assert_eq!(rep.result_check, ResultCheck::Agrees);
        assert_eq!(
            rep.game.outcome().map(|o| o.reason()),
            Some(EndReason::NoPieces)
        );
        let text = Record::of_game(&rep.game).to_string();
        let again = read(&text).replay::<Emergo>().unwrap();
        assert_eq!(again.game.position(), rep.game.position());
        assert_eq!(again.result_check, ResultCheck::Agrees);

        let wrong = read(&text.replace(" 1-0", " 0-1").replace("\"1-0\"", "\"0-1\""))
            .replay::<Emergo>()
            .unwrap();
        assert!(matches!(wrong.result_check, ResultCheck::Disagrees { .. }));
        let resigned = read("1. c3-d4 f6-e5 0-1")
            .replay::<RussianDraughts>()
            .unwrap();
        assert_eq!(resigned.result_check, ResultCheck::NotByRules);
        assert_eq!(
            read("1. c3-d4")
                .replay::<RussianDraughts>()
                .unwrap()
                .result_check,
            ResultCheck::Unfinished
        );
        // the Result tag stands in for a `*` terminator
        let tagged = read("[Result \"0-2\"]\n1. 32-28 *")
            .replay::<InternationalDraughts>()
            .unwrap();
        assert_eq!(tagged.result_check, ResultCheck::NotByRules);
    }

    #[test]
    fn black_to_move_starts_with_dots() {
        let r = read("[Position \"c3:w,f6:b b\"]\n1... f6-e5 2. c3-d4");
        let rep = r.replay::<RussianDraughts>().unwrap();
        assert_eq!(rep.game.moves().len(), 2);
        let text = Record::of_game(&rep.game).to_string();
        assert!(text.contains("1... f6-e5 2. c3-d4"), "{text}");
        // an unknown side to move is read from the first move number
        let r = read("[FEN \"?:W28:B19\"]\n1... 19-23 2. 28x19");
        let rep = r.replay::<InternationalDraughts>().unwrap();
        assert_eq!(rep.game.moves().len(), 2);
    }
}
