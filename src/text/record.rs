//! A game record and its replay.

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
    /// A step written with a capture mark (`38x33` for the step `38-33`): `x` and `:`
    /// mark captures only, and no capture matches.
    #[error(
        "a step written as a capture: {step} captures nothing (`x` and `:` mark captures only)"
    )]
    CaptureMarkOnStep {
        /// The step the squares name, in the ruleset's notation.
        step: String,
    },
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`].
    #[error("variations nested deeper than {MAX_VARIATION_DEPTH}")]
    TooDeep,
    /// The last token of a record without a game terminator, written as a score
    /// (`4-6`) and not a legal move: the result of another format than PDN's (the
    /// Delfts format's `4-6`), refused as
    /// [`PdnErrorKind::NotPdnResult`](crate::error::PdnErrorKind::NotPdnResult)
    /// refuses it where the `Result` tag says it.
    #[error(
        "{0} is not a move here but a result of another format (such as the Delfts 4-6); \
         PDN ends a game with its result (2-0, 1-1, 0-2 in international draughts; \
         1-0, 1/2-1/2, 0-1 elsewhere) or *"
    )]
    NotPdnResult(String),
}

/// A move of a record that does not replay: its number, side, text, place and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
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
        if self.line > 0 {
            write!(f, "line {}, column {}: ", self.line, self.column)?;
        }
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

/// How strictly a record is replayed ([`Record::replay_with`]).
///
/// Reading is the same in both ([`pdn::read_games`](crate::text::pdn::read_games)):
/// the PDN standard's reading grammar, which already accepts what older files write
/// (padded numbers `1- 6`, `1. ... 7-12`, `:` captures, international draughts' results).
/// What the grammar refuses (a malformed tag, a token that is neither a move nor a
/// result, a game without a terminator before the next game's tags) is refused in
/// both: a reader cannot tell what such a file meant.
///
/// ```
/// use column_checkers::text::{Forgiven, Record, Strictness};
/// use column_checkers::InternationalDraughts;
///
/// // a variation with an illegal move (50-45), and White's second move numbered 3
/// let record: Record = "1. 32-28 (1. 33-29 19-23 2. 50-45) 19-23 3. 28x19 *".parse().unwrap();
/// let replay = record.replay_with::<InternationalDraughts>(Strictness::Forgiving).unwrap();
/// assert_eq!(replay.game.moves().len(), 3);
/// let forgiven: Vec<_> = replay.warnings.iter().map(|w| &w.forgiven).collect();
/// assert_eq!(forgiven, [&Forgiven::VariationSkipped, &Forgiven::Renumbered]);
/// assert!(record.replay_with::<InternationalDraughts>(Strictness::Strict).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strictness {
    /// What people write is read where the rules leave one reading, each time with
    /// a [`ReplayWarning`] ([`Forgiven`] says what was done): a variation that does
    /// not replay is skipped; a move numbered wrongly is read as its place says, when
    /// the moves of its line replay; a step written with a capture mark (`38x33`) is
    /// read as the step; a capture that names several (`36x16`) is read as the one
    /// after which the rest of its line replays, when exactly one does; moves written
    /// after the rules ended the game in a draw (threefold repetition, a counted
    /// draw: servers and players that do not apply the rule play on) are not played.
    /// Never forgiven: a move of the main line that no legal move matches (or that
    /// names several the rest of the game cannot tell apart), moves after a win by
    /// the rules, a start position that does not read. The default.
    #[default]
    Forgiving,
    /// The standard as written: every move of every variation legal as written,
    /// numbered as its place says, naming one move; no move after the game's end.
    Strict,
}

/// What a [forgiving](Strictness::Forgiving) replay did about a move that does not
/// replay as written ([`ReplayWarning`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Forgiven {
    /// The variation is skipped from the move on (the moves before it were checked).
    VariationSkipped,
    /// The move number ([`ReplayErrorKind::WrongNumber`],
    /// [`ReplayErrorKind::WrongSide`]) is read as the move's place gives it
    /// ([`ReplayError::number`]); the moves of the line replay.
    Renumbered,
    /// The move is read as this step, its capture mark dropped
    /// ([`ReplayErrorKind::CaptureMarkOnStep`]).
    Step(String),
    /// The capture is read as this one, in full: of the captures the text names
    /// ([`MoveParseError::Ambiguous`]), the only one after which the rest of its line
    /// replays.
    Resolved(String),
    /// The game was over by the rules, in a draw ([`MoveParseError::GameOver`]): this
    /// many moves of the line, from this one on, are not played (nor their
    /// variations).
    NotPlayed(usize),
}

/// What the replay did, in words, for the move of `error`.
fn forgiven_words(forgiven: &Forgiven, error: &ReplayError) -> String {
    match forgiven {
        Forgiven::VariationSkipped => "the variation is skipped".into(),
        Forgiven::Renumbered => {
            let dots = if error.side == Color::White {
                "."
            } else {
                "..."
            };
            format!("read as {}{dots} {}", error.number, error.text)
        }
        Forgiven::Step(step) => format!("read as {step}"),
        Forgiven::Resolved(mv) => format!("read as {mv}, the only one the moves after it allow"),
        Forgiven::NotPlayed(1) => "it is not played".into(),
        Forgiven::NotPlayed(2) => "it and the move after it are not played".into(),
        Forgiven::NotPlayed(n) => format!("it and the {} moves after it are not played", n - 1),
    }
}

/// What a [forgiving](Strictness::Forgiving) replay forgave: the game of the text
/// (1-based, 0 for a record not read from a text), the move that does not replay as
/// written with its line, column and reason ([`ReplayError`]), and what was done
/// about it ([`Forgiven`]). Its text names all three.
///
/// ```
/// use column_checkers::text::{Forgiven, Record};
/// use column_checkers::InternationalDraughts;
///
/// let record: Record = "1. 32-28 (1. 32-27 19-23 2. 50-45) 19-23 *".parse().unwrap();
/// let replay = record.replay::<InternationalDraughts>().unwrap();
/// let w = &replay.warnings[0];
/// assert_eq!((w.game, w.error.line, w.error.column), (1, 1, 29));
/// assert_eq!(w.forgiven, Forgiven::VariationSkipped);
/// let text = w.to_string();
/// assert!(text.starts_with("game 1, line 1, column 29: move 2. 50-45 (White) in a variation: "));
/// assert!(text.ends_with("; the variation is skipped"));
///
/// // a step written as a capture, in the main line
/// let record: Record = "1. 32x28 19-23 *".parse().unwrap();
/// let w = &record.replay::<InternationalDraughts>().unwrap().warnings[0];
/// assert_eq!(w.forgiven, Forgiven::Step("32-28".into()));
/// assert_eq!(
///     w.to_string(),
///     "game 1, line 1, column 4: move 1. 32x28 (White): a step written as a capture: \
///      32-28 captures nothing (`x` and `:` mark captures only); read as 32-28"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("game {game}, {error}; {}", forgiven_words(forgiven, error))]
pub struct ReplayWarning {
    /// The game of the text (1-based; 0 for a record not read from a text).
    pub game: usize,
    /// The move that does not replay as written, and why.
    pub error: ReplayError,
    /// What the replay did about it.
    pub forgiven: Forgiven,
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
    /// use column_checkers::text::Record;
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
    /// use column_checkers::text::Record;
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
    /// use column_checkers::text::Record;
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
    /// [`ReplayError`] for the first move of the main line that does not replay even
    /// forgivingly (illegal, unreadable, misnumbered where the moves after it do not
    /// replay either, ...), or a start tag that does not read.
    pub fn replay<P: Position>(&self) -> Result<Replay<P>, ReplayError> {
        self.replay_with(Strictness::Forgiving)
    }

    /// Replays the record under ruleset `P` from its start ([`Record::start`]),
    /// checking every move and move number of the main line and of every variation
    /// (each from the position before the move it replaces). When the FEN leaves the
    /// side to move open (`?`), the first move's number says it (`1...` for Black).
    /// What does not replay as written is forgiven with a [`ReplayWarning`] where
    /// [`Strictness::Forgiving`] says (a variation skipped, a number or capture mark
    /// read as the rules allow, ...), in the order of the text, or refuses the record
    /// ([`Strictness::Strict`]). When the record states an agreed draw or a
    /// resignation ([`declared_end`](Self::declared_end)) and the rules have not ended
    /// the game, the game ends so.
    ///
    /// A capture that names several is read by looking ahead at the moves after it:
    /// at most [`MAX_LOOK_AHEAD`] moves in all for a record.
    ///
    /// # Errors
    /// [`ReplayError`] for the first move that does not replay (main line first, then
    /// the variations when strict), or a start tag that does not read.
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
        let mut replayer = Replayer {
            strict: strictness == Strictness::Strict,
            no_terminator: self.result.is_none(),
            look_ahead: MAX_LOOK_AHEAD,
            moves_read: 0,
            pending: Vec::new(),
            forgiven: Vec::new(),
        };
        // the main line, then the variations (each with the game before the move it
        // replaces), depth first
        replayer.play_line(&mut game, &self.moves, first_number, black_first, false, 0)?;
        while let Some((mut g, moves, depth, number, black)) = replayer.pending.pop() {
            match replayer.play_line(&mut g, moves, number, black, true, depth) {
                Ok(()) => {}
                Err(e) if replayer.strict => return Err(e),
                Err(e) => replayer.forgiven.push((e, Forgiven::VariationSkipped)),
            }
        }
        let mut warnings: Vec<ReplayWarning> = replayer
            .forgiven
            .into_iter()
            .map(|(error, forgiven)| ReplayWarning {
                game: self.game,
                error,
                forgiven,
            })
            .collect();
        warnings.sort_by_key(|w| (w.error.line, w.error.column));
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
            moves_read: replayer.moves_read,
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
    /// It names no ruleset: [`record_of_game`](crate::any::record_of_game) adds the tag
    /// that does (`GameType` for the draughts games PDN
    /// numbers, else `Variant`); or set one with [`set_tag`](Self::set_tag). Tags and
    /// comments are added with [`set_tag`](Self::set_tag) and
    /// [`add_comment`](Self::add_comment).
    ///
    /// ```
    /// use column_checkers::text::Record;
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
                text: pos.short_move_text(mv),
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

/// The most moves a [forgiving](Strictness::Forgiving) replay plays ahead (and
/// readings it puts aside), in all, to read the captures of a record that name
/// several: a bound for hostile records (a real one needs a few hundred).
pub const MAX_LOOK_AHEAD: usize = 100_000;

/// A variation still to replay: the game before the move it replaces, its moves, its
/// depth, the number of its first move and whether that is Black's.
type Pending<'r, P> = (Game<P>, &'r [RecordMove], usize, u32, bool);

/// One replay of a record: how strict, the look-ahead left, the moves read, the
/// variations still to replay, and what was forgiven (in the order found).
struct Replayer<'r, P: Position> {
    strict: bool,
    /// Whether the record ends without a game terminator (a result or `*`).
    no_terminator: bool,
    look_ahead: usize,
    moves_read: usize,
    pending: Vec<Pending<'r, P>>,
    forgiven: Vec<(ReplayError, Forgiven)>,
}

/// Whether `text` has the form of a score, two numbers joined by `-` (`4-6`), as
/// results of other formats than PDN's are written.
fn looks_like_score(text: &str) -> bool {
    let number = |t: &str| !t.is_empty() && t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit());
    text.split_once('-')
        .is_some_and(|(a, b)| number(a) && number(b))
}

/// A move text with its capture marks (`x`, `:`) written as `-`, if it has any.
fn without_capture_marks(text: &str) -> Option<String> {
    text.contains(['x', 'X', ':'])
        .then(|| text.replace(['x', 'X', ':'], "-"))
}

/// The step a move text with a capture mark names when read without it (`38x33` is
/// `38-33`), when that is legal here: a capture would have matched the text as
/// written.
fn step_of<P: Position>(pos: &P, text: &str) -> Option<P::Move> {
    pos.parse_move(&without_capture_marks(text)?).ok()
}

/// Whether `moves` replay from `pos`, forgiving as a replay does (a capture mark on
/// a step, a capture that names several when one of them lets the rest replay, moves
/// after a draw by the rules); move numbers are not looked at, nor repetitions (the
/// moves after one are legal as moves). Tries the readings depth first, playing or
/// putting aside at most `budget` positions in all (then answers no).
fn replays<P: Position>(pos: &P, moves: &[RecordMove], budget: &mut usize) -> bool {
    // positions still to go on from, with the index of their next move
    let mut stack = vec![(pos.clone(), 0usize)];
    while let Some((mut pos, mut i)) = stack.pop() {
        while let Some(m) = moves.get(i) {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            let mv = match pos.parse_move(&m.text) {
                Ok(mv) => mv,
                Err(MoveParseError::GameOver(Outcome::Draw { .. })) => return true,
                Err(MoveParseError::Illegal { .. }) => match step_of(&pos, &m.text) {
                    Some(mv) => mv,
                    None => break,
                },
                Err(MoveParseError::Ambiguous { candidates, .. }) => {
                    for c in candidates.iter().rev() {
                        if *budget == 0 {
                            return false;
                        }
                        *budget -= 1;
                        if let Ok(mv) = pos.parse_move(c) {
                            let mut next = pos.clone();
                            next.play_unchecked(&mv);
                            stack.push((next, i + 1));
                        }
                    }
                    break;
                }
                Err(_) => break,
            };
            pos.play_unchecked(&mv);
            i += 1;
        }
        if i == moves.len() {
            return true;
        }
    }
    false
}

/// Whether the next move after the `i`-th of `moves` that has a number has the
/// number its place gives (a line whose first move is numbered `first_number`, Black's
/// when `black_first`).
fn next_number_right(moves: &[RecordMove], i: usize, first_number: u32, black_first: bool) -> bool {
    moves
        .iter()
        .enumerate()
        .skip(i + 1)
        .find_map(|(j, m)| m.number.map(|n| (j, n)))
        .is_some_and(|(j, n)| {
            let half = j as u32 + black_first as u32;
            n == first_number.saturating_add(half / 2)
        })
}

impl<'r, P: Position> Replayer<'r, P> {
    /// Replays a line (the main line or a variation) from `game`: on an error, the
    /// moves before it stay played. Forgiving, what it forgives is noted in
    /// `self.forgiven`; a misnumbered move is forgiven only when the rest of the line
    /// replays (else the line fails there: the number told of a move missing or
    /// extra, or a variation at the wrong place).
    fn play_line(
        &mut self,
        game: &mut Game<P>,
        moves: &'r [RecordMove],
        first_number: u32,
        black_first: bool,
        in_variation: bool,
        depth: usize,
    ) -> Result<(), ReplayError> {
        // the first move forgiven in this line whose number stays off after it, and
        // what was pending, read and forgiven after its variations were put aside
        let mut slip: Option<(ReplayError, usize, usize, usize)> = None;
        // the written number less the move's place, at the last numbered move
        let mut offset = 0i64;
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
            let failed =
                |this: &mut Self, slip: Option<(ReplayError, usize, usize, usize)>, e| match slip {
                    Some((first, pending, read, forgiven)) => {
                        this.pending.truncate(pending);
                        this.moves_read = read;
                        this.forgiven.truncate(forgiven);
                        first
                    }
                    None => e,
                };
            if let Some(o) = game.outcome() {
                let e = err(ReplayErrorKind::Move(MoveParseError::GameOver(o)));
                if self.strict || o.winner().is_some() {
                    return Err(failed(self, slip, e));
                }
                // a draw by the rules the players (or their server) did not apply
                self.forgiven
                    .push((e, Forgiven::NotPlayed(moves.len() - i)));
                return Ok(());
            }
            let numbering = match m.number {
                Some(found) if found != number => Some(ReplayErrorKind::WrongNumber {
                    expected: number,
                    found,
                }),
                Some(_) if m.black_number && side == Color::White => {
                    Some(ReplayErrorKind::WrongSide)
                }
                _ => None,
            };
            // how far the written number is from the move's place: a slip is warned
            // once, not again at each number after it that is off by as much
            let off = m.number.map(|n| i64::from(n) - i64::from(number));
            let numbering = match (numbering, off) {
                (Some(ReplayErrorKind::WrongNumber { .. }), Some(o)) if o == offset => None,
                (n, o) => {
                    offset = o.unwrap_or(offset);
                    n
                }
            };
            // a slip of the pen when the next number written is right again
            let typo =
                numbering.is_some() && next_number_right(moves, i, first_number, black_first);
            if let Some(kind) = &numbering {
                // in a variation, the first number places it: unless it is a slip, the
                // variation was put at the wrong place, and is skipped; in the main
                // line the moves tell
                let renumber =
                    !in_variation || typo && matches!(kind, ReplayErrorKind::WrongNumber { .. });
                if self.strict || !renumber {
                    return Err(failed(self, slip, err(kind.clone())));
                }
            }
            if !m.variations.is_empty() {
                if depth >= MAX_VARIATION_DEPTH {
                    return Err(failed(self, slip, err(ReplayErrorKind::TooDeep)));
                }
                for v in m.variations.iter().rev() {
                    self.pending.push((
                        game.clone(),
                        &v.moves,
                        depth + 1,
                        number,
                        side == Color::Black,
                    ));
                }
            }
            if let Some(kind) = numbering {
                // numbers that stay off (a move missing or extra?) are forgiven only
                // when the rest of the line replays; if it does not, the line fails
                // at the first of them
                if slip.is_none() && !typo {
                    slip = Some((
                        err(kind.clone()),
                        self.pending.len(),
                        self.moves_read,
                        self.forgiven.len(),
                    ));
                }
                self.forgiven.push((err(kind), Forgiven::Renumbered));
            }
            match self.play_move(game, &m.text, &moves[i + 1..]) {
                Ok(None) => {}
                Ok(Some((kind, forgiven))) => self.forgiven.push((err(kind), forgiven)),
                Err(ReplayErrorKind::Move(_))
                    if !in_variation
                        && self.no_terminator
                        && i + 1 == moves.len()
                        && looks_like_score(&m.text) =>
                {
                    // the last token of a record without a terminator, not a move:
                    // the result of another format (the Delfts `4-6`)
                    let kind = ReplayErrorKind::NotPdnResult(m.text.clone());
                    return Err(failed(self, slip, err(kind)));
                }
                Err(kind) => return Err(failed(self, slip, err(kind))),
            }
            self.moves_read += 1;
        }
        Ok(())
    }

    /// Plays the move written `text`, followed in its line by `rest`: as written, or
    /// (forgiving) as the rules read it, answering what was wrong and what was done.
    fn play_move(
        &mut self,
        game: &mut Game<P>,
        text: &str,
        rest: &[RecordMove],
    ) -> Result<Option<(ReplayErrorKind, Forgiven)>, ReplayErrorKind> {
        let e = match game.play_text(text) {
            Ok(_) => return Ok(None),
            Err(e) => e,
        };
        match &e {
            MoveParseError::Illegal { .. } => {
                if let Some(step) = step_of(game.position(), text) {
                    let step_text = step.to_string();
                    let kind = ReplayErrorKind::CaptureMarkOnStep {
                        step: step_text.clone(),
                    };
                    if self.strict {
                        return Err(kind);
                    }
                    game.play(&step)
                        .map_err(|_| ReplayErrorKind::Move(e.clone()))?;
                    return Ok(Some((kind, Forgiven::Step(step_text))));
                }
            }
            MoveParseError::Ambiguous { candidates, .. } if !self.strict => {
                let mut fits: Vec<&String> = Vec::new();
                for c in candidates {
                    let Ok(mv) = game.position().parse_move(c) else {
                        continue;
                    };
                    let mut after = game.position().clone();
                    after.play_unchecked(&mv);
                    if replays(&after, rest, &mut self.look_ahead) {
                        fits.push(c);
                        if fits.len() > 1 {
                            break;
                        }
                    }
                }
                if let [only] = fits[..] {
                    if game.play_text(only).is_ok() {
                        return Ok(Some((
                            ReplayErrorKind::Move(e.clone()),
                            Forgiven::Resolved(only.clone()),
                        )));
                    }
                }
            }
            _ => {}
        }
        Err(ReplayErrorKind::Move(e))
    }
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
        let e = read("1. d6 d8 3. e4")
            .replay_with::<Emergo>(Strictness::Strict)
            .unwrap_err();
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
            .replay_with::<InternationalDraughts>(Strictness::Strict)
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
        // a sub-variation of a move before the bad one is still checked; the
        // warnings come in the order of the text
        let r = read("1. 32-28 (1. 32-27 (1. 31-27 19-23 2. 99-98) 19-23 2. 50-45) 19-23");
        let rep = r.replay::<InternationalDraughts>().unwrap();
        let texts: Vec<_> = rep.warnings.iter().map(|w| w.error.text.as_str()).collect();
        assert_eq!(texts, ["99-98", "50-45"]);
    }

    /// The warnings of a forgiving replay: (line, column, what was done), and the
    /// main line's length; strictly, the error's kind.
    fn forgiven(text: &str) -> (Vec<(usize, usize, Forgiven)>, usize, ReplayErrorKind) {
        let r = read(text);
        let rep = r
            .replay::<InternationalDraughts>()
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let strict = r
            .replay_with::<InternationalDraughts>(Strictness::Strict)
            .unwrap_err();
        let w = rep
            .warnings
            .iter()
            .map(|w| (w.error.line, w.error.column, w.forgiven.clone()))
            .collect();
        (w, rep.game.moves().len(), strict.kind)
    }

    #[test]
    fn misnumbered_moves() {
        // a slip (the next number is right again): read as its place says
        let (w, n, strict) = forgiven("1. 32-28 19-23 3. 28x19 14x23 3. 33-28 *");
        assert_eq!((w, n), (vec![(1, 19, Forgiven::Renumbered)], 5));
        assert_eq!(
            strict,
            ReplayErrorKind::WrongNumber {
                expected: 2,
                found: 3
            }
        );
        // numbers off from a move on: one warning, when the moves replay
        let (w, n, _) = forgiven("1. 32-28 19-23 3. 28x19 14x23 4. 33-28 23x32 *");
        assert_eq!((w, n), (vec![(1, 19, Forgiven::Renumbered)], 6));
        // ... else the main line fails at the first number off (a move missing?)
        let e = read("1. 32-28 19-23 3. 28x19 14x23 4. 33-28 23x32 5. 50-45")
            .replay::<InternationalDraughts>()
            .unwrap_err();
        assert_eq!(
            e.kind,
            ReplayErrorKind::WrongNumber {
                expected: 2,
                found: 3
            }
        );
        let place = format!("line {}, column {}: ", e.line, e.column);
        assert!(e.to_string().starts_with(&format!(
            "{place}move 2. 28x19 (White): move number 3 where 2"
        )));
        // a slip, then an illegal move: the illegal move is the error
        let e = read("1. 32-28 19-23 3. 28x19 14x23 3. 50-45")
            .replay::<InternationalDraughts>()
            .unwrap_err();
        assert_eq!((e.number, e.text.as_str()), (3, "50-45"));
        // Black's number on White's move, in the main line
        let (w, _, strict) = forgiven("1. 32-28 19-23 2... 28x19 *");
        assert_eq!(w, [(1, 21, Forgiven::Renumbered)]);
        assert_eq!(strict, ReplayErrorKind::WrongSide);
        let r = read("1. 32-28 19-23 3. 28x19 *");
        let text = r.replay::<InternationalDraughts>().unwrap().warnings[0].to_string();
        assert_eq!(
            text,
            "game 1, line 1, column 19: move 2. 28x19 (White): move number 3 where 2 was \
             expected; read as 2. 28x19"
        );
    }

    #[test]
    fn misnumbered_variations() {
        // numbered for another place throughout (put at the wrong level): skipped,
        // even though its moves are legal here
        let (w, n, strict) = forgiven("1. 32-28 19-23 (5. 18-23 6. 38-32) 2. 28x19 *");
        assert_eq!((w, n), (vec![(1, 20, Forgiven::VariationSkipped)], 3));
        assert_eq!(
            strict,
            ReplayErrorKind::WrongNumber {
                expected: 1,
                found: 5
            }
        );
        // a variation numbered once: its number places it, so it is skipped too
        let (w, _, _) = forgiven("1. 32-28 (5. 33-28) 19-23 *");
        assert_eq!(w, [(1, 14, Forgiven::VariationSkipped)]);
        // a slip inside a variation (the next number is right): read as its place
        let (w, n, _) = forgiven("1. 32-28 19-23 (1... 18-23 3. 38-32 12-18 3. 33-29) 2. 28x19 *");
        assert_eq!((w, n), (vec![(1, 31, Forgiven::Renumbered)], 3));
    }

    #[test]
    fn steps_written_as_captures() {
        let (w, n, strict) = forgiven("1. 32x28 19:23 2. 28x19 *");
        assert_eq!(
            (w, n),
            (
                vec![
                    (1, 4, Forgiven::Step("32-28".into())),
                    (1, 10, Forgiven::Step("19-23".into()))
                ],
                3
            )
        );
        assert_eq!(
            strict,
            ReplayErrorKind::CaptureMarkOnStep {
                step: "32-28".into()
            }
        );
        // a capture mark on what is neither a step nor a capture stays an error
        let e = read("1. 32x29")
            .replay::<InternationalDraughts>()
            .unwrap_err();
        assert!(matches!(
            e.kind,
            ReplayErrorKind::Move(MoveParseError::Illegal { .. })
        ));
        // in a variation too
        let (w, _, _) = forgiven("1. 32-28 (1. 33x28 19-23) 19-23 *");
        assert_eq!(w, [(1, 14, Forgiven::Step("33-28".into()))]);
    }

    #[test]
    fn captures_that_name_several() {
        // schildpad - ArthurdeSwart (the PDN standard's succeed/schildpad.pdn, game 3)
        // from White's 35th move: `36x16` names 36x18x7x16 and 36x13x2x16; the moves
        // after it replay after the second only
        let position = "[Position \"47:w,42:w,45:w,36:W,37:w,38:w,32:w,34:b,27:b,19:b,\
                        11:b,12:b,14:b,6:b,8:b,3:b w\"]\n";
        let rest = "19-24 36. 38-33 24-30 37. 32-28 30-35 38. 16-32 14-20 39. 28-22 20-25 \
                    40. 32-49 6-11 41. 33-29 34x23 42. 45-40 35x44 43. 49x16 25-30 \
                    44. 22-18 30-35 45. 18-13 35-40 46. 16-11 40-45 47. 11-50 3-9 2-0";
        let r = read(&format!("{position}35. 36x16 {rest}"));
        let rep = r.replay::<InternationalDraughts>().unwrap();
        assert_eq!(rep.game.moves()[0].to_string(), "36x13x2x16");
        assert_eq!(
            rep.warnings.iter().map(|w| &w.forgiven).collect::<Vec<_>>(),
            [&Forgiven::Resolved("36x13x2x16".into())]
        );
        assert!(rep.warnings[0]
            .to_string()
            .ends_with("; read as 36x13x2x16, the only one the moves after it allow"));
        let ambiguous = |r: &Record, strictness| {
            matches!(
                r.replay_with::<InternationalDraughts>(strictness)
                    .unwrap_err()
                    .kind,
                ReplayErrorKind::Move(MoveParseError::Ambiguous { .. })
            )
        };
        assert!(ambiguous(&r, Strictness::Strict));
        // nothing after it: the record does not say which; refused
        assert!(ambiguous(
            &read(&format!("{position}35. 36x16 *")),
            Strictness::Forgiving
        ));
        // the look-ahead has a bound
        let p = r.start::<InternationalDraughts>().unwrap().0;
        assert!(!replays(&p, &r.moves, &mut 0));
        assert!(!replays(&p, &r.moves, &mut 20));
        assert!(replays(&p, &r.moves, &mut 1000));
        assert!(replays(&p, &r.moves[..0], &mut 0));
    }

    #[test]
    fn moves_after_the_end() {
        // the kings go back and forth: the start position for the third time after 8
        // moves, a draw; the record goes on
        let text = "[FEN \"W:WK50,46:BK1,5\"]\n1. 50-45 1-6 2. 45-50 6-1 3. 50-45 1-6 \
                    4. 45-50 6-1 5. 50-45 1-6 6. 45-50 1/2-1/2";
        let (w, n, strict) = forgiven(text);
        assert_eq!((w, n), (vec![(2, 56, Forgiven::NotPlayed(3))], 8));
        assert!(matches!(
            strict,
            ReplayErrorKind::Move(MoveParseError::GameOver(Outcome::Draw { .. }))
        ));
        let rep = read(text).replay::<InternationalDraughts>().unwrap();
        assert_eq!(rep.result_check, ResultCheck::Agrees);
        assert!(rep.warnings[0]
            .to_string()
            .ends_with("; it and the 2 moves after it are not played"));
        // after a win by the rules, moves are refused: the loser had none
        let e = read("[FEN \"W:W28:B23\"]\n1. 28x19 19-14")
            .replay::<InternationalDraughts>()
            .unwrap_err();
        assert!(matches!(
            e.kind,
            ReplayErrorKind::Move(MoveParseError::GameOver(Outcome::Win { .. }))
        ));
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
