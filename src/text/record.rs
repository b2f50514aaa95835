//! Game records: reading numbered movetext such as `1. d6 d8 2. e4 g6 ... 1-0`, with
//! optional `[Tag "value"]` header lines, `{comments}`, `; comments`, `(variations)`
//! and a result token (`1-0`, `0-1`, `1/2-1/2`, `*`; draughts' `2-0`, `0-2`, `1-1`
//! too), then checking every move against the rules with [`Record::replay`].
//!
//! The format is PGN's, for any ruleset; the moves are in the game's own notation. A
//! `[Position "..."]` (or `[FEN "..."]`) tag gives a start position other than the
//! game's start; a `[Game "..."]` or `[Variant "..."]` tag names the ruleset
//! ([`Record::ruleset`]) so a tool can choose it through the
//! [`registry`](crate::tools::registry).
//!
//! ```
//! use column_checkers::text::record::{Record, ResultCheck};
//! use column_checkers::{Emergo, Position};
//!
//! let text = r#"[Game "emergo"]
//! [White "Freeling"]
//! 1. d6 d8 2. e4 {the centre is free now} g6 3. f4 g7 4. b6 d7 5. f6 g6xe6xc6 *"#;
//! let record: Record = text.parse().unwrap();
//! assert_eq!(record.tag("white"), Some("Freeling"));
//! assert_eq!(record.ruleset(), Some("emergo"));
//! let replay = record.replay::<Emergo>().unwrap();
//! assert_eq!(replay.game.moves().len(), 10);
//! assert_eq!(replay.result_check, ResultCheck::Unfinished);
//!
//! // an illegal move is reported with its number and side
//! let bad: Record = "1. d6 d8 2. e5 e5".parse().unwrap();
//! let err = bad.replay::<Emergo>().unwrap_err();
//! assert_eq!((err.number, err.side), (2, column_checkers::Color::Black));
//! assert!(err.to_string().starts_with("move 2... e5 (Black): e5 is not a legal move here"));
//! ```

use crate::engine::color::Color;
use crate::engine::error::{MoveParseError, PositionError};
use crate::engine::game::Game;
use crate::engine::position::{Outcome, Position};
use core::fmt;
use core::str::FromStr;
use thiserror::Error;

/// The longest record accepted (1 MiB); longer input is rejected before any work.
pub const MAX_RECORD_LEN: usize = 1 << 20;

/// The result a record states.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordResult {
    /// `1-0` (or `2-0`).
    WhiteWins,
    /// `0-1` (or `0-2`).
    BlackWins,
    /// `1/2-1/2` (or `1-1`).
    Draw,
    /// `*`: unfinished or unknown.
    Unknown,
}

impl RecordResult {
    /// Reads a result token.
    pub fn from_token(t: &str) -> Option<RecordResult> {
        Some(match t {
            "1-0" | "2-0" => RecordResult::WhiteWins,
            "0-1" | "0-2" => RecordResult::BlackWins,
            "1/2-1/2" | "½-½" | "1-1" => RecordResult::Draw,
            "*" => RecordResult::Unknown,
            _ => return None,
        })
    }

    /// The token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub fn token(self) -> &'static str {
        match self {
            RecordResult::WhiteWins => "1-0",
            RecordResult::BlackWins => "0-1",
            RecordResult::Draw => "1/2-1/2",
            RecordResult::Unknown => "*",
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

/// One move of the movetext, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordMove {
    /// The move text (in the game's notation).
    pub text: String,
    /// The move number written just before it (`12.` before White's move, `12...`
    /// before Black's), if any.
    pub number: Option<u32>,
    /// The line of the record it is on (1-based).
    pub line: usize,
}

/// What is wrong with a record's text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// Longer than [`MAX_RECORD_LEN`].
    #[error("record too long ({0} bytes)")]
    TooLong(usize),
    /// A `{` comment or `(` variation that is never closed.
    #[error("unterminated {0}")]
    Unterminated(&'static str),
    /// A header line that is not `[Name "value"]`.
    #[error("bad tag line {0:?} (expected [Name \"value\"])")]
    BadTag(String),
    /// A token after the result.
    #[error("{0:?} after the result token")]
    AfterResult(String),
    /// A move number that is not a number.
    #[error("bad move number {0:?}")]
    BadNumber(String),
}

/// A record that could not be read: what and on which line (1-based).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct RecordError {
    /// What is wrong.
    pub kind: RecordErrorKind,
    /// Where.
    pub line: usize,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ReplayErrorKind {
    /// The start position tag cannot be read.
    #[error("bad start position: {0}")]
    BadPosition(PositionError),
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
}

/// A move of a record that does not replay: its number, side, text and why.
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
    /// Why.
    pub kind: ReplayErrorKind,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let ReplayErrorKind::BadPosition(_) = self.kind {
            return write!(f, "{}", self.kind);
        }
        let dots = match self.side {
            Color::White => ".",
            Color::Black => "...",
        };
        write!(
            f,
            "move {}{dots} {} ({}): {}",
            self.number, self.text, self.side, self.kind
        )
    }
}

/// How the result token compares with what the rules say of the final position.
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
    /// resignation, an agreed draw, time).
    NotByRules,
    /// Neither the rules nor the record (no result token, or `*`) end the game.
    Unfinished,
}

/// A record replayed: the game and how its result compares.
#[derive(Clone, Debug)]
pub struct Replay<P: Position> {
    /// The game, every move played.
    pub game: Game<P>,
    /// The result check.
    pub result_check: ResultCheck,
}

/// A game record: tags, moves and result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The header tags, in order: `(name, value)`.
    pub tags: Vec<(String, String)>,
    /// The moves of the main line.
    pub moves: Vec<RecordMove>,
    /// The result token, if any.
    pub result: Option<RecordResult>,
}

impl Record {
    /// The value of the first tag called `name` (ASCII case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The ruleset the record names in a `Game` or `Variant` tag, if any.
    pub fn ruleset(&self) -> Option<&str> {
        self.tag("Game")
            .or_else(|| self.tag("Variant"))
            .map(str::trim)
            .filter(|s| !s.is_empty())
    }

    /// The start position text of a `Position` or `FEN` tag, if any.
    pub fn start_text(&self) -> Option<&str> {
        self.tag("Position").or_else(|| self.tag("FEN"))
    }

    /// Replays the record under ruleset `P` from its start (the `Position`/`FEN`
    /// tag, else `P::start()`), checking every move and the move numbers.
    ///
    /// # Errors
    /// [`ReplayError`] for the first move that is illegal, unreadable or misnumbered,
    /// or a start position tag that does not read.
    pub fn replay<P: Position>(&self) -> Result<Replay<P>, ReplayError> {
        let start = match self.start_text() {
            Some(t) => t.parse::<P>().map_err(|e| ReplayError {
                number: 1,
                side: Color::White,
                text: String::new(),
                line: 0,
                kind: ReplayErrorKind::BadPosition(e),
            })?,
            None => P::start(),
        };
        let mut game = Game::new(start);
        let black_first = game.position().turn() == Color::Black;
        let first_number = self
            .moves
            .first()
            .and_then(|m| m.number)
            .unwrap_or(1)
            .max(1);
        for (i, m) in self.moves.iter().enumerate() {
            let half = i as u32 + black_first as u32;
            let number = first_number.saturating_add(half / 2);
            let side = game.position().turn();
            let err = |kind| ReplayError {
                number,
                side,
                text: m.text.clone(),
                line: m.line,
                kind,
            };
            if let Some(found) = m.number.filter(|&n| n != number) {
                return Err(err(ReplayErrorKind::WrongNumber {
                    expected: number,
                    found,
                }));
            }
            game.play_text(&m.text)
                .map_err(|e| err(ReplayErrorKind::Move(e)))?;
        }
        let result_check = match (game.outcome(), self.result) {
            (Some(o), Some(r)) if RecordResult::of(o) == r => ResultCheck::Agrees,
            (Some(o), _) => ResultCheck::Disagrees { rules: o },
            (None, None | Some(RecordResult::Unknown)) => ResultCheck::Unfinished,
            (None, Some(_)) => ResultCheck::NotByRules,
        };
        Ok(Replay { game, result_check })
    }

    /// Writes a game as a record: the tags given, a `Position` tag when the game did
    /// not start from `P::start()`, numbered movetext and the result (`*` while the
    /// game is not over). [`Record::replay`] reads it back.
    pub fn write_game<P: Position>(game: &Game<P>, tags: &[(&str, &str)]) -> String {
        let mut out = String::new();
        for (n, v) in tags {
            out.push_str(&format!(
                "[{n} \"{}\"]\n",
                v.replace('\\', "\\\\").replace('"', "\\\"")
            ));
        }
        if *game.start() != P::start() {
            out.push_str(&format!("[Position \"{}\"]\n", game.start()));
        }
        if !out.is_empty() {
            out.push('\n');
        }
        let black_first = game.start().turn() == Color::Black;
        let mut line = String::new();
        for (i, m) in game.moves().iter().enumerate() {
            let half = i + black_first as usize;
            let token = if half % 2 == 0 {
                format!("{}. {m}", half / 2 + 1)
            } else if i == 0 {
                format!("{}... {m}", half / 2 + 1)
            } else {
                m.to_string()
            };
            if !line.is_empty() && line.len() + token.len() > 78 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&token);
        }
        let result = game
            .outcome()
            .map_or(RecordResult::Unknown, RecordResult::of);
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(result.token());
        out.push_str(&line);
        out.push('\n');
        out
    }
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(|c: char| c.is_whitespace())?;
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let rest = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None,
            c => value.push(c),
        }
    }
    Some((name.to_string(), value))
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record, RecordError> {
        if text.len() > MAX_RECORD_LEN {
            return Err(RecordError {
                kind: RecordErrorKind::TooLong(text.len()),
                line: 1,
            });
        }
        let mut record = Record::default();
        let mut comment: Option<usize> = None; // line where a `{` comment opened
        let mut depth = 0usize; // open `(` variations
        let mut variation_line = 0;
        let mut number = None;
        let mut in_header = true;
        for (i, raw) in text.lines().enumerate() {
            let line_no = i + 1;
            let err = |kind| {
                Err(RecordError {
                    kind,
                    line: line_no,
                })
            };
            let trimmed = raw.trim();
            if comment.is_none() && depth == 0 && in_header {
                if trimmed.is_empty() || trimmed.starts_with('%') {
                    continue;
                }
                if trimmed.starts_with('[') {
                    match parse_tag(trimmed) {
                        Some(tag) => record.tags.push(tag),
                        None => return err(RecordErrorKind::BadTag(trimmed.to_string())),
                    }
                    continue;
                }
                in_header = false;
            }
            // split the line into tokens, skipping comments and variations
            let mut rest = raw;
            while !rest.is_empty() {
                if comment.is_some() {
                    match rest.find('}') {
                        Some(k) => {
                            comment = None;
                            rest = &rest[k + 1..];
                            continue;
                        }
                        None => break,
                    }
                }
                rest = rest.trim_start();
                let Some(c) = rest.chars().next() else { break };
                match c {
                    '{' => {
                        comment = Some(line_no);
                        rest = &rest[1..];
                        continue;
                    }
                    ';' if depth == 0 => break,
                    '(' => {
                        if depth == 0 {
                            variation_line = line_no;
                        }
                        depth += 1;
                        rest = &rest[1..];
                        continue;
                    }
                    ')' if depth > 0 => {
                        depth -= 1;
                        rest = &rest[1..];
                        continue;
                    }
                    _ => {}
                }
                let end = rest
                    .find(|c: char| c.is_whitespace() || matches!(c, '{' | '(' | ')' | ';'))
                    .unwrap_or(rest.len())
                    .max(1);
                let token = &rest[..end];
                rest = &rest[end..];
                if depth > 0 || token.starts_with('$') {
                    continue; // inside a variation, or an annotation glyph
                }
                if let Some(r) = RecordResult::from_token(token) {
                    if record.result.is_some() {
                        return err(RecordErrorKind::AfterResult(token.to_string()));
                    }
                    record.result = Some(r);
                    continue;
                }
                if record.result.is_some() {
                    return err(RecordErrorKind::AfterResult(token.to_string()));
                }
                // a move number `12.` or `12...`, possibly glued to the move (`12.d6`)
                let digits =
                    token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                let mut mv = token;
                if digits > 0 && token[digits..].starts_with('.') {
                    let n = token[..digits].parse::<u32>().map_err(|_| RecordError {
                        kind: RecordErrorKind::BadNumber(token.to_string()),
                        line: line_no,
                    })?;
                    number = Some(n);
                    mv = token[digits..].trim_start_matches('.');
                    if mv.is_empty() {
                        continue;
                    }
                }
                record.moves.push(RecordMove {
                    text: mv.to_string(),
                    number: number.take(),
                    line: line_no,
                });
            }
        }
        if let Some(line) = comment {
            return Err(RecordError {
                kind: RecordErrorKind::Unterminated("{comment}"),
                line,
            });
        }
        if depth > 0 {
            return Err(RecordError {
                kind: RecordErrorKind::Unterminated("(variation)"),
                line: variation_line,
            });
        }
        Ok(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::position::EndReason;
    use crate::games::draughts::RussianDraughts;
    use crate::games::emergo::Emergo;

    fn read(t: &str) -> Record {
        t.parse().unwrap_or_else(|e| panic!("{t}: {e}"))
    }

    #[test]
    fn tags_comments_variations_and_numbers() {
        let r = read(
            "[Event \"Test \\\"cup\\\"\"]\n[Game \"Emergo\"]\n\n1.d6 {a\nlong comment} d8 ; rest\n\
             2. e4 (2. e6 e4) g6 $1 3. f4 1/2-1/2\n",
        );
        assert_eq!(r.tag("event"), Some("Test \"cup\""));
        assert_eq!(r.ruleset(), Some("Emergo"));
        let texts: Vec<_> = r.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["d6", "d8", "e4", "g6", "f4"]);
        assert_eq!(r.moves[0].number, Some(1));
        assert_eq!(r.moves[1].number, None);
        assert_eq!(r.moves[2].number, Some(2));
        assert_eq!(r.moves[4].line, 6);
        assert_eq!(r.result, Some(RecordResult::Draw));
    }

    #[test]
    fn read_errors_name_the_line() {
        let e = "[Event nope]\n1. d6".parse::<Record>().unwrap_err();
        assert!(matches!(e.kind, RecordErrorKind::BadTag(_)) && e.line == 1);
        let e = "1. d6\n{open".parse::<Record>().unwrap_err();
        assert_eq!(e.line, 2);
        assert!(matches!(e.kind, RecordErrorKind::Unterminated(_)));
        let e = "1. d6 (1. e4".parse::<Record>().unwrap_err();
        assert!(matches!(e.kind, RecordErrorKind::Unterminated(_)));
        let e = "1. d6 1-0 d8".parse::<Record>().unwrap_err();
        assert!(matches!(e.kind, RecordErrorKind::AfterResult(_)));
        let e = "99999999999. d6".parse::<Record>().unwrap_err();
        assert!(matches!(e.kind, RecordErrorKind::BadNumber(_)));
        let long = "d6 ".repeat(MAX_RECORD_LEN);
        assert!(matches!(
            long.parse::<Record>().unwrap_err().kind,
            RecordErrorKind::TooLong(_)
        ));
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
        let text = Record::write_game(&rep.game, &[("Game", "emergo")]);
        let again = read(&text).replay::<Emergo>().unwrap();
        assert_eq!(again.game.position(), rep.game.position());
        assert_eq!(again.result_check, ResultCheck::Agrees);

        let wrong = read(&text.replace("1-0", "0-1"))
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
    }

    #[test]
    fn black_to_move_starts_with_dots() {
        let r = read("[Position \"c3:w,f6:b b\"]\n1... f6-e5 2. c3-d4");
        let rep = r.replay::<RussianDraughts>().unwrap();
        assert_eq!(rep.game.moves().len(), 2);
        let text = Record::write_game(&rep.game, &[]);
        assert!(text.contains("1... f6-e5 2. c3-d4"), "{text}");
    }
}
