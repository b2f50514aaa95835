//! PDN, the Portable Draughts Notation: reading files of many games and writing them.

use crate::alloc_prelude::*;
use crate::text::record::{Record, RecordMove, RecordResult, Variation, MAX_VARIATION_DEPTH};
use core::fmt::{self, Write};
use core::str::FromStr;
use thiserror::Error;
use PdnErrorKind as K;

/// The longest record text [`Record::from_str`] accepts (1 MiB); longer input is
/// rejected before any work. Files of many games are read game by game with
/// [`read_games`].
pub const MAX_RECORD_LEN: usize = 1 << 20;

/// PDN's `GameType` numbers and the games they stand for.
pub const GAME_TYPES: &[(u32, &str)] = &[
    (0, "chess"),
    (1, "Chinese chess"),
    (20, "international draughts"),
    (21, "English draughts"),
    (22, "Italian draughts"),
    (23, "American pool checkers"),
    (24, "Spanish draughts"),
    (25, "Russian draughts"),
    (26, "Brazilian draughts"),
    (27, "Canadian draughts"),
    (28, "Portuguese draughts"),
    (29, "Czech draughts"),
    (30, "Turkish draughts"),
    (31, "Thai draughts"),
    (40, "Frisian draughts"),
    (41, "Spantsiretti draughts"),
    (50, "Othello"),
];

/// The game PDN's `GameType` number `number` stands for ([`GAME_TYPES`]).
///
/// ```
/// use column_checkers::text::game_type_name;
///
/// assert_eq!(game_type_name(25), Some("Russian draughts"));
/// assert_eq!(game_type_name(99), None);
/// ```
pub fn game_type_name(number: u32) -> Option<&'static str> {
    GAME_TYPES.iter().find(|t| t.0 == number).map(|t| t.1)
}

/// What is wrong with a PDN text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PdnErrorKind {
    /// Longer than [`MAX_RECORD_LEN`].
    #[error("record too long ({0} bytes)")]
    TooLong(usize),
    /// A `{` comment, `(` variation or tag string that is never closed.
    #[error("unterminated {0}")]
    Unterminated(&'static str),
    /// A `{` inside a comment: PDN comments do not nest.
    #[error("'{{' inside a comment (comments do not nest)")]
    NestedComment,
    /// A tag that is not `[Name "value"]`.
    #[error("bad tag {0:?} (expected [Name \"value\"])")]
    BadTag(String),
    /// A move number that is not a number.
    #[error("bad move number {0:?}")]
    BadNumber(String),
    /// A token that is neither a move, a move number nor a result.
    #[error("unexpected {0:?}")]
    Unexpected(String),
    /// A `(` before any move of its line: a variation replaces the move before it.
    #[error("variation before any move")]
    VariationBeforeMove,
    /// Variations nested deeper than [`MAX_VARIATION_DEPTH`].
    #[error("variations nested deeper than {MAX_VARIATION_DEPTH}")]
    TooDeep,
    /// A result token or tag inside a variation.
    #[error("{0:?} inside a variation")]
    InsideVariation(String),
    /// A move written as unknown (`-` or `--`).
    #[error("unknown move {0:?}")]
    UnknownMove(String),
    /// A setup command `/FEN "..."/` in the movetext (PDN 3.0's extension, not read).
    #[error("setup command {0:?} in the movetext is not supported")]
    Setup(String),
    /// [`Record::from_str`] was given more than one game.
    #[error("more than one game (read files of many games with pdn::read_games)")]
    MoreThanOneGame,
    /// The next game's tags after movetext without a game terminator (`1-0`, `*`,
    /// ...): the game's moves may have been cut off.
    #[error("no game terminator (1-0, 0-1, 1/2-1/2, *, ...) before the next game's tags")]
    NoTerminator,
    /// The game ends with its `Result` tag's value, which is not a PDN result: the
    /// result of another format (the `4-6` of the Delfts result format).
    #[error("{0:?} ends the game as its Result tag says, but is not a PDN result (1-0, 0-1, 1/2-1/2, 2-0, 0-2, 1-1, 0-0, *)")]
    NotPdnResult(String),
}

/// A PDN text that could not be read: what, on which line and column (1-based), in
/// which game of the text (1-based).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("game {game}, line {line}, column {column}: {kind}")]
#[non_exhaustive]
pub struct PdnError {
    /// What is wrong.
    pub kind: PdnErrorKind,
    /// The line.
    pub line: usize,
    /// The column (in characters).
    pub column: usize,
    /// The game of the text: 1 for the first.
    pub game: usize,
}

// ---------------------------------------------------------------------------------
// Reading

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Tag(String, String),
    Comment(String),
    Open,
    Close,
    Nag(u32),
    Number(u32, bool),
    Ellipsis,
    Move(String, Option<String>),
    Result(RecordResult),
    Setup(String),
}

struct Lexer<'a> {
    chars: Vec<char>,
    /// (line, column) of each char, 1-based
    at: Vec<(usize, usize)>,
    i: usize,
    /// The line of the last token read (0 before the first).
    token_line: usize,
    _text: &'a str,
}

type LexError = (K, usize, usize);

fn is_sep(c: char) -> bool {
    matches!(c, '-' | 'x' | 'X' | ':')
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Self {
        let chars: Vec<char> = text.chars().collect();
        let mut at = Vec::with_capacity(chars.len() + 1);
        let (mut line, mut col) = (1, 1);
        for &c in &chars {
            at.push((line, col));
            if c == '\n' {
                line += 1;
                col = 1;
            } else {
                col += 1;
            }
        }
        at.push((line, col));
        Lexer {
            chars,
            at,
            i: 0,
            token_line: 0,
            _text: text,
        }
    }

    fn peek(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    fn pos(&self) -> (usize, usize) {
        self.at[self.i.min(self.at.len() - 1)]
    }

    /// Whether the next token is the first on its line (only blanks before it).
    fn at_line_start(&self) -> bool {
        self.pos().0 != self.token_line
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.peek(0) {
            self.i += 1;
            if c == '\n' {
                break;
            }
        }
    }

    /// Skips to the next game after an error: the next line starting with `[` once a
    /// line of movetext has been passed (`in_body`: the error was in the movetext).
    fn recover(&mut self, mut in_body: bool) {
        self.skip_line();
        while self.i < self.chars.len() {
            let mut k = self.i;
            while k < self.chars.len() && matches!(self.chars[k], ' ' | '\t' | '\r') {
                k += 1;
            }
            match self.chars.get(k) {
                Some('[') if in_body => return,
                Some('[') | Some('\n') | None => {}
                Some(_) => in_body = true,
            }
            self.skip_line();
        }
    }

    fn next(&mut self) -> Option<Result<(Tok, usize, usize), LexError>> {
        loop {
            let c = self.peek(0)?;
            if c.is_whitespace() || c == '\u{feff}' {
                self.i += 1;
                continue;
            }
            if c == '%' && self.at_line_start() {
                self.skip_line();
                continue;
            }
            break;
        }
        let (line, col) = self.pos();
        self.token_line = line;
        let c = self.peek(0)?;
        let tok = match c {
            '[' => self.tag(),
            '{' => self.comment(),
            ';' => {
                self.i += 1;
                let start = self.i;
                self.skip_line();
                let text: String = self.chars[start..self.i].iter().collect();
                Ok(Tok::Comment(text.trim().to_string()))
            }
            '(' => {
                self.i += 1;
                Ok(Tok::Open)
            }
            ')' => {
                self.i += 1;
                Ok(Tok::Close)
            }
            '*' => {
                self.i += 1;
                Ok(Tok::Result(RecordResult::Unknown))
            }
            '$' => {
                self.i += 1;
                let start = self.i;
                while self.peek(0).is_some_and(|c| c.is_ascii_digit()) {
                    self.i += 1;
                }
                let digits: String = self.chars[start..self.i].iter().collect();
                digits
                    .parse()
                    .map(Tok::Nag)
                    .map_err(|_| (K::Unexpected(format!("${digits}")), line, col))
            }
            '/' => {
                self.i += 1;
                let start = self.i;
                while self.peek(0).is_some_and(|c| c != '/') {
                    self.i += 1;
                }
                if self.peek(0).is_none() {
                    return Some(Err((K::Unterminated("setup command"), line, col)));
                }
                let text: String = self.chars[start..self.i].iter().collect();
                self.i += 1;
                Ok(Tok::Setup(text))
            }
            '}' | ']' | '%' => {
                self.i += 1;
                Err((K::Unexpected(c.to_string()), line, col))
            }
            _ => self.word(line, col),
        };
        Some(tok.map(|t| (t, line, col)))
    }

    fn tag(&mut self) -> Result<Tok, (K, usize, usize)> {
        let (line, col) = self.pos();
        let start = self.i;
        let bad = |lx: &mut Lexer<'_>| {
            // the rest of the line, for the message
            let mut end = start;
            while end < lx.chars.len() && lx.chars[end] != '\n' {
                end += 1;
            }
            let text: String = lx.chars[start..end].iter().collect();
            Err((K::BadTag(text.trim_end().to_string()), line, col))
        };
        self.i += 1;
        while self.peek(0).is_some_and(|c| c == ' ' || c == '\t') {
            self.i += 1;
        }
        let name_start = self.i;
        while self
            .peek(0)
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
        {
            self.i += 1;
        }
        let name: String = self.chars[name_start..self.i].iter().collect();
        if name.is_empty() {
            return bad(self);
        }
        while self.peek(0).is_some_and(|c| c == ' ' || c == '\t') {
            self.i += 1;
        }
        if self.peek(0) != Some('"') {
            return bad(self);
        }
        self.i += 1;
        let mut value = String::new();
        loop {
            match self.peek(0) {
                None | Some('\n') | Some('\r') => {
                    return Err((K::Unterminated("tag string"), line, col));
                }
                Some('\\') => {
                    match self.peek(1) {
                        Some(e @ ('"' | '\\')) => value.push(e),
                        Some('\n') | None => {
                            return Err((K::Unterminated("tag string"), line, col));
                        }
                        Some(other) => {
                            value.push('\\');
                            value.push(other);
                        }
                    }
                    self.i += 2;
                }
                Some('"') => {
                    self.i += 1;
                    break;
                }
                Some(c) => {
                    value.push(c);
                    self.i += 1;
                }
            }
        }
        while self.peek(0).is_some_and(|c| c == ' ' || c == '\t') {
            self.i += 1;
        }
        if self.peek(0) != Some(']') {
            return bad(self);
        }
        self.i += 1;
        Ok(Tok::Tag(name, value))
    }

    fn comment(&mut self) -> Result<Tok, (K, usize, usize)> {
        let (line, col) = self.pos();
        self.i += 1;
        let start = self.i;
        loop {
            match self.peek(0) {
                None => return Err((K::Unterminated("{comment}"), line, col)),
                Some('{') => {
                    let (l, c) = self.pos();
                    return Err((K::NestedComment, l, c));
                }
                Some('}') => break,
                Some(_) => self.i += 1,
            }
        }
        let text: String = self.chars[start..self.i].iter().collect();
        self.i += 1;
        Ok(Tok::Comment(text.trim().to_string()))
    }

    fn word(&mut self, line: usize, col: usize) -> Result<Tok, (K, usize, usize)> {
        let stop = |c: char| c.is_whitespace() || "{}()[];$*%".contains(c);
        let start = self.i;
        let mut word = String::new();
        loop {
            while let Some(c) = self.peek(0).filter(|&c| !stop(c)) {
                word.push(c);
                self.i += 1;
            }
            // padded numbers: `1- 6`, `47x 9` (numeric moves only, and not before a
            // move number: `47x 2.` is a move and the next number)
            let padded = word.len() > 1
                && word.ends_with(is_sep)
                && word[..word.len() - 1].bytes().all(|b| b.is_ascii_digit());
            if padded {
                let mut k = self.i;
                while self.chars.get(k).is_some_and(|&c| c == ' ') {
                    k += 1;
                }
                let mut d = k;
                while self.chars.get(d).is_some_and(|c| c.is_ascii_digit()) {
                    d += 1;
                }
                if k > self.i && d > k && self.chars.get(d) != Some(&'.') {
                    self.i = k;
                    continue;
                }
            }
            break;
        }
        if let Some(r) = RecordResult::from_token(&word) {
            return Ok(Tok::Result(r));
        }
        // a move number: digits then dots, maybe glued to the move
        let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits > 0 && word[digits..].starts_with('.') {
            let n: u32 = word[..digits]
                .parse()
                .map_err(|_| (K::BadNumber(word.clone()), line, col))?;
            let rest = &word[digits..];
            let dots = rest.len() - rest.trim_start_matches('.').len();
            let black = dots >= 2;
            let mv = &rest[dots..];
            if mv.is_empty() {
                return Ok(Tok::Number(n, black));
            }
            // glued (`1.32-28`): the number now, the move next time
            self.i = start + digits + dots;
            return Ok(Tok::Number(n, black));
        }
        if !word.is_empty() && word.chars().all(|c| c == '.') {
            // `...` (Black's move next); a lone `.` or `..` is not PDN
            if word != "..." {
                return Err((K::Unexpected(word), line, col));
            }
            return Ok(Tok::Ellipsis);
        }
        if !word.is_empty() && word.chars().all(|c| c == '-') {
            return Err((K::UnknownMove(word), line, col));
        }
        // the strength mark: trailing `!`/`?`, or `(!?)` right after the move
        let body = word.trim_end_matches(['!', '?']);
        let mut strength = (body.len() < word.len()).then(|| word[body.len()..].to_string());
        let body = body.to_string();
        if strength.is_none() && self.peek(0) == Some('(') {
            let mut k = self.i + 1;
            while self.chars.get(k).is_some_and(|&c| c == '!' || c == '?') {
                k += 1;
            }
            if k > self.i + 1 && self.chars.get(k) == Some(&')') {
                strength = Some(self.chars[self.i..=k].iter().collect());
                self.i = k + 1;
            }
        }
        if body.is_empty() || !body.chars().any(|c| c.is_alphanumeric()) {
            return Err((K::Unexpected(word), line, col));
        }
        let text = normalize_move(&body);
        match RecordResult::from_token(&text) {
            // a padded result (`01-0`): no move goes from or to square 0 or stays put
            Some(r) if strength.is_none() => Ok(Tok::Result(r)),
            _ => Ok(Tok::Move(text, strength)),
        }
    }
}

/// A move text with the leading zeros of its numbered squares dropped (`01-06` is
/// `1-6`).
fn normalize_move(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut part = String::new();
    let flush = |part: &mut String, out: &mut String| {
        if part.len() > 1 && part.bytes().all(|b| b.is_ascii_digit()) {
            let t = part.trim_start_matches('0');
            out.push_str(if t.is_empty() { "0" } else { t });
        } else {
            out.push_str(part);
        }
        part.clear();
    };
    for c in text.chars() {
        if is_sep(c) {
            flush(&mut part, &mut out);
            out.push(c);
        } else {
            part.push(c);
        }
    }
    flush(&mut part, &mut out);
    out
}

struct LineBuilder {
    comments: Vec<String>,
    moves: Vec<RecordMove>,
    number: Option<(u32, bool)>,
    open: (usize, usize),
}

impl LineBuilder {
    fn new(open: (usize, usize)) -> Self {
        LineBuilder {
            comments: Vec::new(),
            moves: Vec::new(),
            number: None,
            open,
        }
    }
}

struct GameBuilder {
    record: Record,
    lines: Vec<LineBuilder>,
    /// whether any movetext (move, number, comment after the tags) has been read
    in_body: bool,
    started: bool,
}

impl GameBuilder {
    fn new() -> Self {
        GameBuilder {
            record: Record::default(),
            lines: vec![LineBuilder::new((0, 0))],
            in_body: false,
            started: false,
        }
    }

    /// The record read, as the `game`-th of the text; `None` for an empty game.
    fn finish(mut self, game: usize) -> Option<Record> {
        self.record.game = game;
        let main = self.lines.swap_remove(0);
        self.record.comments.extend(main.comments);
        self.record.moves = main.moves;
        let r = self.record;
        (!r.tags.is_empty() || !r.moves.is_empty()).then_some(r)
    }
}

/// Reads every game of a PDN text, in order: each a [`Record`] or the error that
/// stopped its reading (see the [text](crate::text#pdn)). Reading goes on after
/// a bad game with the next one.
///
/// ```
/// use column_checkers::error::PdnErrorKind;
/// use column_checkers::text::read_games;
///
/// // the first game has no terminator before the second's tags: its moves may have
/// // been cut off, so it is refused; the second is read
/// let text = "[Event \"a\"]\n1. 32-28 19-23\n[Event \"b\"]\n1. 33-29 *\n";
/// let games = read_games(text);
/// assert_eq!(games[0].as_ref().unwrap_err().kind, PdnErrorKind::NoTerminator);
/// assert_eq!(games[1].as_ref().unwrap().tag("Event"), Some("b"));
/// ```
pub fn read_games(text: &str) -> Vec<Result<Record, PdnError>> {
    let mut out: Vec<Result<Record, PdnError>> = Vec::new();
    let mut lx = Lexer::new(text);
    let mut g = GameBuilder::new();
    loop {
        let game_no = out.len() + 1;
        let item = lx.next();
        let step = match item {
            None => {
                if g.lines.len() > 1 {
                    let open = g.lines.last().map_or((0, 0), |l| l.open);
                    Err((K::Unterminated("(variation)"), open.0, open.1))
                } else {
                    if let Some(r) = g.finish(out.len() + 1) {
                        out.push(Ok(r));
                    }
                    return out;
                }
            }
            Some(Err(e)) => Err(e),
            Some(Ok((tok, line, col))) => {
                if !g.started {
                    g.started = true;
                    g.record.line = line;
                }
                apply(&mut g, tok, line, col, &mut out)
            }
        };
        if let Err((kind, line, column)) = step {
            let in_body = g.in_body;
            out.push(Err(PdnError {
                kind,
                line,
                column,
                game: game_no,
            }));
            g = GameBuilder::new();
            lx.recover(in_body);
        }
    }
}

/// Applies one token to the game being read; may finish it (into `out`).
fn apply(
    g: &mut GameBuilder,
    tok: Tok,
    line: usize,
    col: usize,
    out: &mut Vec<Result<Record, PdnError>>,
) -> Result<(), LexError> {
    let depth = g.lines.len() - 1;
    match tok {
        Tok::Tag(name, value) => {
            if depth > 0 {
                return Err((K::InsideVariation(format!("[{name}")), line, col));
            }
            if g.in_body {
                // a new header without a terminator: the game before is refused (its
                // moves may have been cut off); the new game is read all the same
                *g = GameBuilder::new();
                out.push(Err(PdnError {
                    kind: K::NoTerminator,
                    line,
                    column: col,
                    game: out.len() + 1,
                }));
                g.started = true;
                g.record.line = line;
            }
            g.record.tags.push((name, value));
        }
        Tok::Comment(text) => {
            g.in_body = true;
            let l = g.lines.last_mut().expect("the main line");
            match l.moves.last_mut() {
                Some(m) => m.comments.push(text),
                None => l.comments.push(text),
            }
        }
        Tok::Open => {
            g.in_body = true;
            if g.lines.last().is_some_and(|l| l.moves.is_empty()) {
                return Err((K::VariationBeforeMove, line, col));
            }
            if depth >= MAX_VARIATION_DEPTH {
                return Err((K::TooDeep, line, col));
            }
            g.lines.push(LineBuilder::new((line, col)));
        }
        Tok::Close => {
            if depth == 0 {
                return Err((K::Unexpected(")".into()), line, col));
            }
            let v = g.lines.pop().expect("a variation");
            let parent = g.lines.last_mut().expect("the line it branches from");
            if !(v.moves.is_empty() && v.comments.is_empty()) {
                if let Some(m) = parent.moves.last_mut() {
                    m.variations.push(Variation {
                        comments: v.comments,
                        moves: v.moves,
                    });
                }
            }
        }
        Tok::Nag(n) => {
            g.in_body = true;
            if let Some(m) = g.lines.last_mut().and_then(|l| l.moves.last_mut()) {
                m.nags.push(n);
            }
        }
        Tok::Number(n, black) => {
            g.in_body = true;
            g.lines.last_mut().expect("a line").number = Some((n, black));
        }
        Tok::Ellipsis => {
            g.in_body = true;
            if let Some(num) = g.lines.last_mut().and_then(|l| l.number.as_mut()) {
                num.1 = true;
            }
        }
        Tok::Move(text, strength) => {
            let other_result = g.record.tag("Result").map(str::trim).is_some_and(|r| {
                r == text && RecordResult::from_token(r).is_none() && strength.is_none()
            });
            if depth == 0 && other_result {
                // the result of another format (the Delfts `4-6`) as the terminator
                return Err((K::NotPdnResult(text), line, col));
            }
            g.in_body = true;
            let l = g.lines.last_mut().expect("a line");
            let number = l.number.take();
            l.moves.push(RecordMove {
                text,
                number: number.map(|n| n.0),
                black_number: number.is_some_and(|n| n.1),
                strength,
                line,
                column: col,
                ..RecordMove::default()
            });
        }
        Tok::Result(r) => {
            if depth > 0 {
                return Err((K::InsideVariation(r.token().into()), line, col));
            }
            g.record.result = Some(r);
            let done = core::mem::replace(g, GameBuilder::new());
            if let Some(rec) = done.finish(out.len() + 1) {
                out.push(Ok(rec));
            }
        }
        Tok::Setup(text) => return Err((K::Setup(format!("/{text}/")), line, col)),
    }
    Ok(())
}

// ---------------------------------------------------------------------------------
// Writing

fn clean_comment(text: &str) -> String {
    text.replace('{', "(").replace('}', ")")
}

fn escape_tag(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

struct Wrap {
    out: String,
    line: String,
}

impl Wrap {
    fn token(&mut self, t: &str) {
        if !self.line.is_empty() && self.line.chars().count() + 1 + t.chars().count() > 80 {
            self.out.push_str(&self.line);
            self.out.push('\n');
            self.line.clear();
        }
        if !self.line.is_empty() {
            self.line.push(' ');
        }
        self.line.push_str(t);
    }
}

fn write_line(w: &mut Wrap, comments: &[String], moves: &[RecordMove]) {
    for c in comments {
        w.token(&format!("{{ {} }}", clean_comment(c)));
    }
    for m in moves {
        let mut t = String::new();
        if let Some(n) = m.number {
            let _ = write!(t, "{n}{} ", if m.black_number { "..." } else { "." });
        }
        t.push_str(&m.text);
        if let Some(s) = &m.strength {
            t.push_str(s);
        }
        w.token(&t);
        for n in &m.nags {
            w.token(&format!("${n}"));
        }
        for c in &m.comments {
            w.token(&format!("{{ {} }}", clean_comment(c)));
        }
        for v in &m.variations {
            w.token("(");
            write_line(w, &v.comments, &v.moves);
            w.token(")");
        }
    }
}

/// Writes a record as PDN (see the [text](crate::text#pdn)); [`read_games`]
/// reads it back to an equal record.
pub fn write_record(record: &Record) -> String {
    let mut out = String::new();
    for (name, value) in &record.tags {
        let _ = writeln!(out, "[{name} \"{}\"]", escape_tag(value));
    }
    if !record.tags.is_empty() {
        out.push('\n');
    }
    let mut w = Wrap {
        out,
        line: String::new(),
    };
    write_line(&mut w, &record.comments, &record.moves);
    let result = record.result.unwrap_or(RecordResult::Unknown);
    w.token(result.token_in(record.game_type().and_then(Result::ok)));
    let mut out = w.out;
    out.push_str(&w.line);
    out.push('\n');
    out
}

impl FromStr for Record {
    type Err = PdnError;

    /// Reads the one game of a PDN text (see the [text](crate::text#pdn)).
    fn from_str(text: &str) -> Result<Record, PdnError> {
        if text.len() > MAX_RECORD_LEN {
            return Err(PdnError {
                kind: K::TooLong(text.len()),
                line: 1,
                column: 1,
                game: 1,
            });
        }
        let mut games = read_games(text).into_iter();
        let first = games.next().unwrap_or_else(|| Ok(Record::default()))?;
        if let Some(second) = games.next() {
            let line = match &second {
                Ok(r) => r.line,
                Err(e) => e.line,
            };
            return Err(PdnError {
                kind: K::MoreThanOneGame,
                line,
                column: 1,
                game: 2,
            });
        }
        Ok(first)
    }
}

impl fmt::Display for Record {
    /// Writes the record as PDN ([`write_record`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write_record(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(t: &str) -> Vec<Result<Record, PdnError>> {
        read_games(t)
    }

    fn one(t: &str) -> Record {
        let mut g = games(t);
        assert_eq!(g.len(), 1, "{t}: {g:?}");
        g.pop().unwrap().unwrap_or_else(|e| panic!("{t}: {e}"))
    }

    #[test]
    fn the_standards_small_cases() {
        // fen.pdn: three games of FEN tags and terminators
        let g = games("[FEN \"?:W29,13,11:B22,4,2\"]\r\n*\r\n\r\n[FEN \"W:W31,29,K15:B14,13,12,9\"]\r\n*\r\n\r\n[FEN \"W:W31-50:B1-20\"]\r\n*\r\n");
        assert_eq!(g.len(), 3);
        assert!(g
            .iter()
            .all(|r| r.as_ref().unwrap().result == Some(RecordResult::Unknown)));
        // gameterminator.pdn
        assert_eq!(one("1.32-28 1/2-1/2\n").result, Some(RecordResult::Draw));
        // linecomment.pdn
        let r = one("% Board game: International Draughts 10x10\r\n[Date \"2012.02.01\"]\r\n1. 32-28 19-23\r\n");
        assert_eq!((r.tags.len(), r.moves.len(), r.result), (1, 2, None));
        // movestrength.pdn
        let r = one("1.32-28!? 19-23(!?!!!) 2.28x19 *\n");
        assert_eq!(r.moves[0].strength.as_deref(), Some("!?"));
        assert_eq!(r.moves[1].strength.as_deref(), Some("(!?!!!)"));
        assert_eq!(r.moves[1].text, "19-23");
        assert!(r.moves[1].variations.is_empty());
        // string.pdn
        let r = one("[White \"This is a string with an escaped character \\\"\"] 32-28\n");
        assert_eq!(
            r.tag("White"),
            Some("This is a string with an escaped character \"")
        );
        // unicode.pdn
        let r = one("[White \"Сергей Федеев\"]\n[Black \"龙\"]\n1.32-28 19-23");
        assert_eq!(r.tag("Black"), Some("龙"));
        // variation.pdn
        let r = one("32-28 19-23 (18-23 38-32 (37-32? 23-29! { Black wins }) 12-18) 28x19 14x23\n");
        let v = &r.moves[1].variations[0];
        assert_eq!(v.moves.len(), 3);
        assert_eq!(v.moves[1].variations[0].moves[1].comments, ["Black wins"]);
        // alphanumeric.pdn
        assert_eq!(one("1.a3b4\n").moves[0].text, "a3b4");
        // nested_comment.pdn is refused
        let e = games("1. 33-29 19-23 2. 35-30 { nested { comment } } \r\n");
        let e = e[0].as_ref().unwrap_err();
        assert_eq!(
            (e.kind.clone(), e.line, e.column, e.game),
            (K::NestedComment, 1, 34, 1)
        );
    }

    #[test]
    fn padded_numbers_and_numbers() {
        let r = one("01. 34-29  18-22 02. 32-28  06-11 3. 47x 9 1- 6 4.  9- 3 *");
        let t: Vec<_> = r.moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(t, ["34-29", "18-22", "32-28", "6-11", "47x9", "1-6", "9-3"]);
        assert_eq!(r.moves[2].number, Some(2));
        assert_eq!(one("1. 32-28 01-0").result, Some(RecordResult::WhiteWins));
        let r = one("1. ... 7-12 2. 32-28");
        assert!(r.moves[0].black_number);
        let r = one("23... 20-25");
        assert_eq!(
            (r.moves[0].number, r.moves[0].black_number),
            (Some(23), true)
        );
    }

    #[test]
    fn many_games_and_recovery() {
        let text = "[Event \"a\"]\n1. 32-28 2-0\n\n[Event \"b\"]\n1. 32-28 { open { nested }\n2. 1-2\n\n\
                    [Event \"c\"]\n1. 33-28 *\n[Event \"d\"]\n1. 34-29\n[Event \"e\"]\n1. 31-26 0-0";
        let g = games(text);
        assert_eq!(g.len(), 5, "{g:?}");
        assert!(g[0].is_ok() && g[2].is_ok() && g[4].is_ok());
        let e = g[1].as_ref().unwrap_err();
        assert_eq!((e.game, e.line, e.kind.clone()), (2, 5, K::NestedComment));
        assert_eq!(g[2].as_ref().unwrap().tag("Event"), Some("c"));
        // game d has no terminator before e's tags: refused there, e is read
        let e = g[3].as_ref().unwrap_err();
        assert_eq!(
            (e.game, e.line, e.column, e.kind.clone()),
            (4, 12, 1, K::NoTerminator)
        );
        assert_eq!(g[4].as_ref().unwrap().tag("Event"), Some("e"));
        assert_eq!(g[4].as_ref().unwrap().result, Some(RecordResult::BothLose));
        // the last game of a text may end without a terminator
        assert_eq!(one("[Event \"a\"]\n1. 32-28").result, None);
        // a bad tag skips its game only
        let g = games("[Event x]\n[Site \"s\"]\n1. 32-28 *\n[Event \"ok\"]\n1. 32-28 *");
        assert_eq!(g.len(), 2);
        assert!(matches!(g[0].as_ref().unwrap_err().kind, K::BadTag(_)));
        assert_eq!(g[1].as_ref().unwrap().tag("Event"), Some("ok"));
    }

    #[test]
    fn errors_of_the_movetext() {
        let kind = |t: &str| games(t)[0].as_ref().unwrap_err().kind.clone();
        assert_eq!(kind("( 32-28 )"), K::VariationBeforeMove);
        assert_eq!(kind("32-28 )"), K::Unexpected(")".into()));
        assert!(matches!(kind("32-28 (19-23 *)"), K::InsideVariation(_)));
        assert!(matches!(kind("32-28 /FEN \"W:W1\"/"), K::Setup(_)));
        assert!(matches!(kind("41. - -"), K::UnknownMove(_)));
        assert!(matches!(kind("[White \"open"), K::Unterminated(_)));
        // another result format's token as the terminator (the Result tag says it) is
        // refused; the next game is read
        let g = games("[Result \"4-6\"]\n01. 34-29 18-22 4-6\n[Result \"x\"] 1. 32-28 *");
        assert_eq!(g.len(), 2);
        let e = g[0].as_ref().unwrap_err();
        assert_eq!(
            (e.line, e.column, e.kind.clone()),
            (2, 17, K::NotPdnResult("4-6".into()))
        );
        assert_eq!(g[1].as_ref().unwrap().moves.len(), 1);
        // a lone `.` is neither a move, a number nor a result
        assert_eq!(kind("1. 17-12 14x45 2. 12-8 ."), K::Unexpected(".".into()));
        assert_eq!(kind("1. 32-28 .. 19-23"), K::Unexpected("..".into()));
        assert_eq!(one("1. ... 7-12").moves.len(), 1);
        let deep = format!("32-28 {}", "(19-23 ".repeat(MAX_VARIATION_DEPTH + 1));
        assert_eq!(kind(&deep), K::TooDeep);
    }

    #[test]
    fn hostile_texts_read_quickly() {
        // long lines of tokens that are not moves, deep variations, many games
        let t = std::time::Instant::now();
        let line = "1. 32-28 % ".repeat(50_000);
        assert!(games(&line)[0].is_err());
        let many = "[E \"x\"] 1. 32-28 * ".repeat(20_000);
        assert_eq!(games(&many).len(), 20_000);
        let parens = format!("32-28 {}", "(19-23 ".repeat(100_000));
        assert_eq!(games(&parens)[0].as_ref().unwrap_err().kind, K::TooDeep);
        assert!(t.elapsed().as_secs() < 20, "{:?}", t.elapsed());
    }

    #[test]
    fn read_errors_name_the_line_and_column() {
        let e = "[Event nope]\n1. d6".parse::<Record>().unwrap_err();
        assert!(matches!(e.kind, K::BadTag(_)) && e.line == 1);
        let e = "1. d6\n{open".parse::<Record>().unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
        assert!(matches!(e.kind, K::Unterminated(_)));
        let e = "1. d6 (1. e4".parse::<Record>().unwrap_err();
        assert!(matches!(e.kind, K::Unterminated(_)));
        let e = "1. d6 1-0 d8".parse::<Record>().unwrap_err();
        assert_eq!(e.kind, K::MoreThanOneGame);
        let e = "99999999999. d6".parse::<Record>().unwrap_err();
        assert!(matches!(e.kind, K::BadNumber(_)));
        let long = "d6 ".repeat(MAX_RECORD_LEN);
        assert!(matches!(
            long.parse::<Record>().unwrap_err().kind,
            K::TooLong(_)
        ));
    }

    #[test]
    fn records_round_trip() {
        let text =
            "[Event \"x \\\\ \\\"y\\\"\"]\n[GameType \"20\"]\n\n{ before } 1. 32-28! $3 { c } \
                    19-23 (19-24 { v } 2. 28-22? (2. 33-29 (2. 34-29)) 17x28) 2. 28x19 14x23 2-0\n";
        let r = one(text);
        let written = write_record(&r);
        assert_eq!(one(&written), r, "{written}");
        assert!(written.ends_with("2-0\n"), "{written}");
    }
}
