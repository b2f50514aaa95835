//! The Hub protocol, version 2 (the protocol of the draughts engine Scan and of the
//! Hub GUI), for every ruleset of the crate: a GUI, `pydraughts`' `HubEngine` or a
//! match runner drives the player over standard input and output as it drives Scan.
//!
//! Lines are words, `key=value` pairs (a value with spaces in double quotes). The
//! engine answers `hub` with `id`, `param` and `wait`; `init` with `ready`; `ping`
//! with `pong`; and a search (`pos`, `level`, `go think`) with `info` lines and `done
//! move=...`. A line it cannot read gets an `error` line and the session goes on.
//!
//! **The ruleset** is international draughts unless named: by the `hub` subcommand's
//! `--game`, or on the protocol, before a search, by `set-param name=variant
//! value="lasca --roundabout"` (a ruleset's name and options, as the crate's registry
//! reads them; `normal` is international draughts, as Scan calls it). Changing it sets
//! the new ruleset's start position.
//!
//! **Positions and moves**: international draughts as Hub writes them (a position is
//! the side to move then the 50 squares, `Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww`;
//! a move `32-28`, a capture its origin, destination and the squares taken,
//! `28x19x23`). Every other ruleset in the crate's own position text and notation:
//! `pos pos="a1:w,c1:w,e1:w,g3:w,b6:b,d6:b w" moves="c3-d4 f6-e5"`, `done move=g6xe6xc6`.
//! `pos start` is the ruleset's start position everywhere.
//!
//! ```
//! use column_checkers_player::hub::{parse_line, Command};
//!
//! assert_eq!(parse_line("ping").unwrap(), Command::Ping);
//! assert!(matches!(parse_line("level depth=x"), Err(_)));
//! ```

use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::time::Duration;

use column_checkers::{
    Color, InternationalDraughts, Introspect, MoveList, MoveSquares, Position, Ruleset,
};
use thiserror::Error;

use crate::eval::Evaluate;
use crate::{ruleset, Info, Limits, Player, WIN};

/// A protocol line the engine could not read: what was typed and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum HubError {
    /// A command the protocol does not have.
    #[error("unknown command {0:?}")]
    UnknownCommand(String),
    /// A quote opened and never closed.
    #[error("unterminated quote in {0:?}")]
    UnterminatedQuote(String),
    /// A value that is not what the key takes.
    #[error("{key}={value:?} is not {expected}")]
    BadValue {
        /// The key.
        key: String,
        /// Its value as typed.
        value: String,
        /// What it should be.
        expected: &'static str,
    },
    /// A key the command does not take.
    #[error("{command} takes no {key:?}")]
    UnknownKey {
        /// The command.
        command: &'static str,
        /// The key typed.
        key: String,
    },
    /// A position the engine cannot read.
    #[error("bad position {text:?}: {reason}")]
    BadPosition {
        /// The position as typed.
        text: String,
        /// Why.
        reason: String,
    },
    /// A move that is not legal in the position it is played in.
    #[error("move {text:?} is not legal here{hint}")]
    IllegalMove {
        /// The move as typed.
        text: String,
        /// The legal moves, when few.
        hint: String,
    },
    /// A search asked while one runs, or a command that needs one when none runs.
    #[error("{0}")]
    State(&'static str),
}

/// The time given to a search (`level`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Level {
    /// Plies.
    pub depth: Option<u32>,
    /// Nodes.
    pub nodes: Option<u64>,
    /// Seconds for this move.
    pub move_time: Option<f64>,
    /// Seconds left on the clock.
    pub time: Option<f64>,
    /// Seconds added a move.
    pub inc: Option<f64>,
    /// Moves to the next time control.
    pub moves: Option<u32>,
    /// Search until `stop`.
    pub infinite: bool,
}

impl Level {
    /// The search limits this level gives: a fixed time a move, or a share of the clock.
    pub fn limits(&self) -> Limits {
        let mut l = Limits {
            depth: self.depth,
            nodes: self.nodes,
            time: None,
        };
        if self.infinite {
            return l;
        }
        let secs = if let Some(t) = self.move_time {
            Some(t)
        } else {
            self.time.map(|left| {
                let moves = f64::from(self.moves.unwrap_or(30).max(1));
                let inc = self.inc.unwrap_or(0.0);
                (left / moves + inc * 0.8).min(left * 0.5).max(0.001)
            })
        };
        l.time = secs.map(|s| Duration::from_secs_f64(s.clamp(0.0, 1e6)));
        l
    }
}

/// A protocol line, read.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `hub`: the engine identifies itself.
    Hub,
    /// `init`: the engine gets ready.
    Init,
    /// `ping`: the engine answers `pong`.
    Ping,
    /// `new-game`: forget the last game.
    NewGame,
    /// `set-param name=N value=V`.
    SetParam {
        /// The parameter.
        name: String,
        /// Its value.
        value: String,
    },
    /// `pos [start] [pos=P] [moves="..."]`: the position to search.
    Pos {
        /// The Hub position: the side to move, then the 50 squares (`w`, `b`, `W`, `B`,
        /// `e`); `None` for the start.
        pos: Option<String>,
        /// Moves played from it.
        moves: Vec<String>,
    },
    /// `level ...`: the time of the next searches.
    Level(Level),
    /// `go think|ponder|analyze`: search.
    Go {
        /// `go ponder`: search the opponent's time until `ponder-hit` or `stop`.
        ponder: bool,
    },
    /// `ponder-hit`: the predicted move was played.
    PonderHit,
    /// `stop`: answer now.
    Stop,
    /// `quit`.
    Quit,
}

/// Splits a line into its command and `key=value` pairs (a word without `=` is a key
/// with an empty value).
fn tokens(line: &str) -> Result<(String, Vec<(String, String)>), HubError> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            c if c.is_whitespace() && !quoted => {
                if !cur.is_empty() {
                    words.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if quoted {
        return Err(HubError::UnterminatedQuote(line.to_string()));
    }
    if !cur.is_empty() {
        words.push(cur);
    }
    let mut it = words.into_iter();
    let command = it.next().unwrap_or_default();
    let pairs = it
        .map(|w| match w.split_once('=') {
            Some((k, v)) => (k.to_string(), v.to_string()),
            None => (w, String::new()),
        })
        .collect();
    Ok((command, pairs))
}

fn number<T: std::str::FromStr>(
    key: &str,
    value: &str,
    expected: &'static str,
) -> Result<T, HubError> {
    value.parse().map_err(|_| HubError::BadValue {
        key: key.to_string(),
        value: value.to_string(),
        expected,
    })
}

fn seconds(key: &str, value: &str) -> Result<f64, HubError> {
    let s: f64 = number(key, value, "a number of seconds")?;
    if s.is_finite() && s >= 0.0 {
        Ok(s)
    } else {
        Err(HubError::BadValue {
            key: key.to_string(),
            value: value.to_string(),
            expected: "a number of seconds",
        })
    }
}

/// Reads one protocol line.
///
/// # Errors
/// [`HubError`] naming what was typed: an unknown command, a bad value, an unknown key.
///
/// ```
/// use column_checkers_player::hub::{parse_line, Command};
///
/// let c = parse_line(r#"pos start moves="32-28 19-23""#).unwrap();
/// assert_eq!(c, Command::Pos { pos: None, moves: vec!["32-28".into(), "19-23".into()] });
/// ```
pub fn parse_line(line: &str) -> Result<Command, HubError> {
    let (command, pairs) = tokens(line)?;
    let unknown = |command: &'static str, key: &str| HubError::UnknownKey {
        command,
        key: key.to_string(),
    };
    Ok(match command.as_str() {
        "hub" => Command::Hub,
        "init" => Command::Init,
        "ping" => Command::Ping,
        "new-game" => Command::NewGame,
        "ponder-hit" => Command::PonderHit,
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        "set-param" => {
            let map: HashMap<_, _> = pairs.into_iter().collect();
            let name = map.get("name").cloned().ok_or(HubError::BadValue {
                key: "name".into(),
                value: String::new(),
                expected: "a parameter's name",
            })?;
            let value = map.get("value").cloned().unwrap_or_default();
            Command::SetParam { name, value }
        }
        "pos" => {
            let mut pos = None;
            let mut moves = Vec::new();
            for (k, v) in pairs {
                match k.as_str() {
                    "start" => pos = None,
                    "pos" => pos = Some(v),
                    "moves" => moves = v.split_whitespace().map(str::to_string).collect(),
                    _ => return Err(unknown("pos", &k)),
                }
            }
            Command::Pos { pos, moves }
        }
        "level" => {
            let mut l = Level::default();
            for (k, v) in pairs {
                match k.as_str() {
                    "depth" => l.depth = Some(number(&k, &v, "a number of plies")?),
                    "nodes" => l.nodes = Some(number(&k, &v, "a number of nodes")?),
                    "move-time" => l.move_time = Some(seconds(&k, &v)?),
                    "time" => l.time = Some(seconds(&k, &v)?),
                    "inc" => l.inc = Some(seconds(&k, &v)?),
                    "moves" => l.moves = Some(number(&k, &v, "a number of moves")?),
                    "infinite" => l.infinite = true,
                    _ => return Err(unknown("level", &k)),
                }
            }
            Command::Level(l)
        }
        "go" => {
            let mut ponder = false;
            for (k, _) in pairs {
                match k.as_str() {
                    "think" | "analyze" => {}
                    "ponder" => ponder = true,
                    _ => return Err(unknown("go", &k)),
                }
            }
            Command::Go { ponder }
        }
        _ => return Err(HubError::UnknownCommand(command)),
    })
}

/// Reads a Hub position: `W` or `B`, then the 50 squares in order (`w`, `b` men, `W`,
/// `B` kings, `e` empty).
///
/// # Errors
/// [`HubError::BadPosition`] naming what is wrong.
///
/// ```
/// use column_checkers::{InternationalDraughts, Position};
/// use column_checkers_player::hub::{hub_position, read_hub_position};
///
/// let start = InternationalDraughts::start();
/// assert_eq!(read_hub_position(&hub_position(&start)).unwrap(), start);
/// ```
pub fn read_hub_position(text: &str) -> Result<InternationalDraughts, HubError> {
    hub_fen(text)?.parse().map_err(|e| HubError::BadPosition {
        text: text.to_string(),
        reason: format!("{e}"),
    })
}

/// A Hub position as the FEN of international draughts (`W:W31,...:B1,...`).
fn hub_fen(text: &str) -> Result<String, HubError> {
    let bad = |reason: String| HubError::BadPosition {
        text: text.to_string(),
        reason,
    };
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 51 {
        return Err(bad(format!(
            "{} characters; a Hub position has 51 (the side to move, then 50 squares)",
            chars.len()
        )));
    }
    let side = match chars[0] {
        'W' | 'w' => 'W',
        'B' | 'b' => 'B',
        c => return Err(bad(format!("the side to move is W or B, not {c:?}"))),
    };
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (i, &c) in chars[1..].iter().enumerate() {
        let n = i + 1;
        match c {
            'w' => white.push(n.to_string()),
            'W' => white.push(format!("K{n}")),
            'b' => black.push(n.to_string()),
            'B' => black.push(format!("K{n}")),
            'e' | '.' => {}
            c => return Err(bad(format!("square {n} holds {c:?}, not one of w b W B e"))),
        }
    }
    Ok(format!("{side}:W{}:B{}", white.join(","), black.join(",")))
}

/// A position as the Hub protocol writes it ([`read_hub_position`]).
pub fn hub_position(pos: &InternationalDraughts) -> String {
    let mut out = String::with_capacity(51);
    out.push(if pos.turn() == Color::White { 'W' } else { 'B' });
    let g = pos.geometry();
    let view = pos.board_view();
    for n in 1..=50 {
        let stack = match (g.parse_square(&n.to_string()), &view) {
            (Some(sq), Some(v)) => v.get(sq),
            _ => column_checkers::custom::Stack::EMPTY,
        };
        out.push(match (stack.owner(), stack.top_is_king()) {
            (Some(Color::White), false) => 'w',
            (Some(Color::White), true) => 'W',
            (Some(Color::Black), false) => 'b',
            (Some(Color::Black), true) => 'B',
            (None, _) => 'e',
        });
    }
    out
}

/// A move as the Hub protocol writes it: `32-28`, or for a capture the origin, the
/// destination and the squares taken, joined by `x` (`28x19x23`).
pub fn hub_move<P: Introspect>(pos: &P, mv: &P::Move) -> String {
    let g = pos.geometry();
    let from = mv.origin().map_or("?", |s| g.name(s)).to_string();
    let to = g.name(mv.destination()).to_string();
    if !mv.is_capture() {
        return format!("{from}-{to}");
    }
    let mut parts = vec![from, to];
    if let Some(info) = pos.describe(mv) {
        parts.extend(info.taken.iter().map(|&s| g.name(s).to_string()));
    }
    parts.join("x")
}

/// The legal move a Hub move names (its squares taken in any order).
///
/// # Errors
/// [`HubError::IllegalMove`] when no legal move is written so.
pub fn read_hub_move<P: Introspect>(pos: &P, text: &str) -> Result<P::Move, HubError> {
    let canon = |s: &str| {
        let mut squares: Vec<u32> = s
            .split(['-', 'x'])
            .map(|p| p.trim().parse().unwrap_or(0))
            .collect();
        if squares.len() > 2 {
            squares[2..].sort_unstable();
        }
        squares
    };
    let wanted = canon(text);
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let over = pos.outcome_among(&moves).is_some();
    let found = moves
        .iter()
        .find(|m| !over && canon(&hub_move(pos, m)) == wanted)
        .or_else(|| {
            // a capture by its first and last squares alone (`28x17`), when that names it
            let short = |m: &&P::Move| canon(&hub_move(pos, m)).get(..2) == wanted.get(..2);
            let mut named = moves.iter().filter(short);
            match (wanted.len(), named.next(), named.next()) {
                (2, Some(m), None) if !over && m.is_capture() => Some(m),
                _ => None,
            }
        });
    found.copied().ok_or_else(|| {
        let legal: Vec<String> = moves.iter().map(|m| hub_move(pos, m)).collect();
        HubError::IllegalMove {
            text: text.to_string(),
            hint: if legal.is_empty() || pos.outcome_among(&moves).is_some() {
                " (the game is over)".to_string()
            } else if legal.len() <= 12 {
                format!(" (legal: {})", legal.join(" "))
            } else {
                String::new()
            },
        }
    })
}

/// Whether the ruleset's positions and moves are written as Hub writes them
/// (international draughts) rather than in the crate's own texts.
fn hub_notation<P: Position>() -> bool {
    P::NAME == InternationalDraughts::NAME
}

/// A position on a `pos` line, in the ruleset's protocol notation.
fn read_position<P: Introspect>(text: &str) -> Result<P, HubError> {
    let bad = |reason: String| HubError::BadPosition {
        text: text.to_string(),
        reason,
    };
    if hub_notation::<P>() {
        hub_fen(text)?.parse().map_err(|e| bad(format!("{e}")))
    } else {
        text.parse().map_err(|e| bad(format!("{e}")))
    }
}

/// A move in the ruleset's protocol notation.
fn write_move<P: Introspect>(pos: &P, mv: &P::Move) -> String {
    if hub_notation::<P>() {
        hub_move(pos, mv)
    } else {
        mv.to_string()
    }
}

/// The legal move a `moves` word names, in the ruleset's protocol notation.
fn read_move<P: Introspect>(pos: &P, text: &str) -> Result<P::Move, HubError> {
    if hub_notation::<P>() {
        return read_hub_move(pos, text);
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let illegal = |hint: String| HubError::IllegalMove {
        text: text.to_string(),
        hint,
    };
    if moves.is_empty() || pos.outcome_among(&moves).is_some() {
        return Err(illegal(" (the game is over)".to_string()));
    }
    match pos.parse_move(text) {
        Ok(mv) if moves.contains(&mv) => Ok(mv),
        Ok(_) => Err(illegal(String::new())),
        Err(e) => Err(illegal(format!(" ({e})"))),
    }
}

/// A score as the protocol writes it: men, two decimals; a win in `n` plies as
/// `100 - n/100` (so that GUIs read it as a win).
fn hub_score(score: i32) -> String {
    if score.abs() > WIN - 1_000 {
        let plies = WIN - score.abs();
        let s = 100.0 - f64::from(plies) / 100.0;
        format!("{:.2}", if score > 0 { s } else { -s })
    } else {
        format!("{:.2}", f64::from(score) / 100.0)
    }
}

fn say<W: Write>(out: &Mutex<W>, line: &str) {
    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(w, "{line}");
    let _ = w.flush();
}

/// The protocol's error answer, `error message="..."`: the message's own double quotes
/// become single ones, so the value stays one quoted field.
fn say_error<W: Write>(out: &Mutex<W>, message: &str) {
    say(
        out,
        &format!("error message=\"{}\"", message.replace('"', "'")),
    );
}

/// A Hub session of international draughts ([`session_for`] with
/// [`Ruleset::InternationalDraughts`]).
///
/// ```
/// use column_checkers_player::hub::session;
///
/// let input = "hub\ninit\nping\nbogus\npos start\nlevel depth=2\ngo think\nquit\n";
/// let mut out = Vec::new();
/// session(input.as_bytes(), &mut out, 4);
/// let out = String::from_utf8(out).unwrap();
/// assert!(out.contains("wait\n") && out.contains("pong\n"));
/// assert!(out.contains("error message=\"unknown command 'bogus'\""));
/// assert!(out.lines().any(|l| l.starts_with("done move=")));
/// ```
pub fn session<R: BufRead, W: Write + Send>(input: R, output: W, table_mb: usize) {
    session_for(Ruleset::InternationalDraughts, input, output, table_mb);
}

/// A Hub session of `ruleset` (which `set-param name=variant` may change): reads
/// commands from `input` until `quit` or its end, and answers on `output`. Searches
/// run on a thread of their own, so that `stop` is heard.
///
/// ```
/// use column_checkers::{Lasca, Position, Ruleset};
/// use column_checkers_player::hub::session_for;
///
/// let input = "set-param name=variant value=\"lasca --roundabout\"\n\
///              pos start\nlevel nodes=300\ngo think\nquit\n";
/// let mut out = Vec::new();
/// session_for(Ruleset::Emergo, input.as_bytes(), &mut out, 1);
/// let out = String::from_utf8(out).unwrap();
/// let done = out.lines().find(|l| l.starts_with("done move=")).unwrap();
/// let mv = done["done move=".len()..].split(' ').next().unwrap();
/// assert!(Lasca::start().parse_move(mv).is_ok(), "{out}");
/// ```
pub fn session_for<R: BufRead, W: Write + Send>(
    ruleset: Ruleset,
    input: R,
    output: W,
    table_mb: usize,
) {
    session_of(ruleset, input, output, table_mb, &Tables::default());
}

/// [`session_for`] with endgame tables (feature `solver`): each player of the session
/// probes its ruleset's in `tables` ([`Player::with_tables`]).
///
/// ```
/// use column_checkers::solver::{Options, RussianDatabase};
/// use column_checkers::Ruleset;
/// use column_checkers_player::hub::session_with_tables;
/// use column_checkers_player::tables::Tables;
///
/// let tables = Tables::default().with_russian(RussianDatabase::build(3, &Options::default()));
/// // two kings against one on the main road: a draw, scored 0 at once
/// let input = "pos pos=\"c1:W,e1:W,a1:B w\"\nlevel depth=4\ngo think\nquit\n";
/// let mut out = Vec::new();
/// session_with_tables(Ruleset::RussianDraughts, input.as_bytes(), &mut out, 1, &tables);
/// let out = String::from_utf8(out).unwrap();
/// assert!(out.contains(" score=0.00 "), "{out}");
/// ```
#[cfg(feature = "solver")]
pub fn session_with_tables<R: BufRead, W: Write + Send>(
    ruleset: Ruleset,
    input: R,
    output: W,
    table_mb: usize,
    tables: &Tables,
) {
    session_of(ruleset, input, output, table_mb, tables);
}

/// The endgame tables of a session's players (none without the feature `solver`).
#[cfg(feature = "solver")]
use crate::tables::Tables;
#[cfg(not(feature = "solver"))]
type Tables = ();

/// A new player of the session, with its ruleset's endgame tables.
fn fresh<P: Evaluate>(table_mb: usize, tables: &Tables) -> Player<P>
where
    P::Move: MoveSquares,
{
    let player = Player::new(table_mb);
    #[cfg(feature = "solver")]
    let player = player.with_tables(tables);
    #[cfg(not(feature = "solver"))]
    let () = *tables;
    player
}

fn session_of<R: BufRead, W: Write + Send>(
    ruleset: Ruleset,
    input: R,
    output: W,
    table_mb: usize,
    tables: &Tables,
) {
    // the writer is shared with the search thread
    let out = Mutex::new(output);
    let mut lines = input.lines();
    let mut state = State {
        ruleset,
        table_mb: table_mb.max(1),
        level: Level {
            move_time: Some(1.0),
            ..Level::default()
        },
        strength: crate::level::Level::MAX,
    };
    // each ruleset runs until the input ends or another ruleset is asked for
    while let Some(next) = ruleset::visit(
        state.ruleset,
        Run {
            lines: &mut lines,
            out: &out,
            state: &state,
            tables,
        },
    ) {
        state = next;
    }
}

/// What a session keeps when its ruleset changes.
#[derive(Clone, Copy)]
struct State {
    ruleset: Ruleset,
    table_mb: usize,
    level: Level,
    /// The `level` parameter: the strength of play, 1 to 10.
    strength: crate::level::Level,
}

/// The session for one ruleset: `None` when the input ends or says `quit`, else the
/// state to go on with under another ruleset.
struct Run<'a, L, W> {
    lines: &'a mut L,
    out: &'a Mutex<W>,
    state: &'a State,
    tables: &'a Tables,
}

impl<L, W> ruleset::Visitor for Run<'_, L, W>
where
    L: Iterator<Item = std::io::Result<String>>,
    W: Write + Send,
{
    type Output = Option<State>;
    fn visit<P: Introspect + Evaluate>(self) -> Option<State> {
        let Run {
            lines,
            out,
            state,
            tables,
        } = self;
        std::thread::scope(|scope| run::<P, _, _>(lines, out, *state, tables, scope))
    }
}

/// The `param` line of the variant: its value the ruleset's words. A string, not an
/// enum of names: the value may carry the ruleset's options (`"lasca --roundabout"`),
/// which an enum's values could not list.
fn variant_param(ruleset: Ruleset) -> String {
    let value = if ruleset == Ruleset::InternationalDraughts {
        "normal".to_string()
    } else {
        ruleset.to_string()
    };
    format!("param name=variant value=\"{value}\" type=string")
}

fn run<'s, P, L, W>(
    lines: &mut L,
    out: &'s Mutex<W>,
    mut state: State,
    tables: &Tables,
    scope: &'s std::thread::Scope<'s, '_>,
) -> Option<State>
where
    P: Introspect + Evaluate,
    L: Iterator<Item = std::io::Result<String>>,
    W: Write + Send,
{
    let mut player = Some(fresh::<P>(state.table_mb, tables));
    let mut stop = player.as_ref().map(Player::stop_flag).unwrap_or_default();
    let mut running: Option<std::thread::ScopedJoinHandle<'s, Player<P>>> = None;
    // set by a search just before it answers `done`: a GUI that has read the answer may
    // send the next command before the search's thread has ended (one flag a search, so
    // the timer of a ponder-hit never reaches the next search)
    let mut answered = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    // the running search ponders: `ponder-hit` starts its clock
    let mut pondering = false;
    let mut pos = P::start();
    let mut history: Vec<u64> = Vec::new();
    let mut next = None;
    for line in lines.by_ref() {
        let Ok(line) = line else {
            say_error(out, "the line is not valid UTF-8");
            continue;
        };
        if line.trim().is_empty() {
            continue;
        }
        // a finished search gives its player back (one that has answered ends at once)
        if running
            .as_ref()
            .is_some_and(|h| h.is_finished() || answered.load(Ordering::SeqCst))
        {
            player = running.take().and_then(|h| h.join().ok());
        }
        let command = match parse_line(&line) {
            Ok(c) => c,
            Err(e) => {
                say_error(out, &format!("{e}"));
                continue;
            }
        };
        let busy = running.is_some();
        match command {
            Command::Hub => {
                say(
                    out,
                    &format!(
                        "id name=column-checkers-player version={} author=\"column-checkers\" country=none",
                        env!("CARGO_PKG_VERSION")
                    ),
                );
                say(out, &variant_param(state.ruleset));
                say(
                    out,
                    &format!(
                        "param name=tt-size value={} type=int min=1 max=4096",
                        state.table_mb
                    ),
                );
                say(
                    out,
                    &format!(
                        "param name=level value={} type=int min=1 max=10",
                        state.strength
                    ),
                );
                say(out, "wait");
            }
            Command::Init => say(out, "ready"),
            Command::Ping => say(out, "pong"),
            Command::NewGame if !busy => {
                if let Some(p) = player.as_mut() {
                    p.clear();
                }
            }
            Command::SetParam { .. } if busy => say_error(out, "set-param during a search"),
            Command::SetParam { name, value } => match name.as_str() {
                "variant" => {
                    let words = if value == "normal" {
                        "international"
                    } else {
                        value.as_str()
                    };
                    match words.parse::<Ruleset>() {
                        Ok(r) if r == state.ruleset => {}
                        Ok(r) => {
                            state.ruleset = r;
                            next = Some(state);
                            break;
                        }
                        Err(e) => say_error(out, &format!("variant {value:?}: {e}")),
                    }
                }
                "tt-size" => match value.parse::<usize>() {
                    Ok(mb) if (1..=4096).contains(&mb) => {
                        state.table_mb = mb;
                        player = Some(fresh(mb, tables));
                        stop = player.as_ref().map(Player::stop_flag).unwrap_or_default();
                    }
                    _ => say_error(
                        out,
                        &format!("tt-size={value:?} is not a number of megabytes from 1 to 4096"),
                    ),
                },
                "level" => match value.parse() {
                    Ok(l) => state.strength = l,
                    Err(e) => say_error(out, &format!("{e}")),
                },
                _ => say_error(out, &format!("unknown parameter {name:?}")),
            },
            Command::Pos { pos: text, moves } if !busy => {
                let start = match text {
                    Some(t) => match read_position::<P>(&t) {
                        Ok(p) => p,
                        Err(e) => {
                            say_error(out, &format!("{e}"));
                            continue;
                        }
                    },
                    None => P::start(),
                };
                let mut p = start;
                let mut h = Vec::new();
                let mut failed = None;
                for m in &moves {
                    match read_move(&p, m) {
                        Ok(mv) => {
                            h.push(p.zobrist());
                            p.play_unchecked(&mv);
                        }
                        Err(e) => {
                            failed = Some(e);
                            break;
                        }
                    }
                }
                match failed {
                    // the position stays as it was
                    Some(e) => say_error(out, &format!("{e}")),
                    None => {
                        pos = p;
                        history = h;
                    }
                }
            }
            Command::Level(l) if !busy => state.level = l,
            Command::Go { ponder } if !busy => {
                let Some(mut p) = player.take() else {
                    say_error(out, "no player");
                    continue;
                };
                let limits = if ponder {
                    Limits::default()
                } else {
                    state.level.limits()
                };
                let (pos, history, out2) = (pos.clone(), history.clone(), out);
                let strength = state.strength;
                answered = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
                pondering = ponder;
                let answered = std::sync::Arc::clone(&answered);
                running = Some(scope.spawn(move || {
                    let mut on_info = |i: &Info<_>| {
                        let pv = pv_text(&pos, &i.pv);
                        say(
                            out2,
                            &format!(
                                "info depth={} score={} nodes={} time={:.3} nps={:.1} pv=\"{pv}\"",
                                i.depth,
                                hub_score(i.score),
                                i.nodes,
                                i.elapsed.as_secs_f64(),
                                i.nps as f64 / 1e6
                            ),
                        );
                    };
                    let found = crate::level::search_at(
                        &mut p,
                        strength,
                        0,
                        &pos,
                        &history,
                        limits,
                        &mut on_info,
                    );
                    match found.best {
                        Some(mv) => {
                            let mut line = format!("done move={}", write_move(&pos, &mv));
                            // the reply the principal variation expects, when it starts with the move
                            if let [first, reply, ..] = found.pv[..] {
                                if first == mv {
                                    let mut next = pos.clone();
                                    next.play_unchecked(&mv);
                                    line.push_str(&format!(
                                        " ponder={}",
                                        write_move(&next, &reply)
                                    ));
                                }
                            }
                            answered.store(true, Ordering::SeqCst);
                            say(out2, &line);
                        }
                        None => {
                            answered.store(true, Ordering::SeqCst);
                            say(out2, "done");
                        }
                    }
                    p
                }));
            }
            Command::Stop => {
                if busy {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            // the predicted move was played: the ponder search goes on as the game's
            // search, its clock starting now (a depth or node level cannot be given to
            // a running search: it answers at once)
            Command::PonderHit => {
                if busy && std::mem::take(&mut pondering) {
                    match state.level.limits().time {
                        Some(time) => {
                            let (stop, answered) = (stop.clone(), answered.clone());
                            scope.spawn(move || {
                                let start = std::time::Instant::now();
                                while !answered.load(Ordering::SeqCst) {
                                    if start.elapsed() >= time {
                                        stop.store(true, Ordering::Relaxed);
                                        break;
                                    }
                                    std::thread::sleep(Duration::from_millis(2));
                                }
                            });
                        }
                        None => stop.store(true, Ordering::Relaxed),
                    }
                }
            }
            Command::Quit => break,
            _ => say_error(out, "the engine is searching: send stop first"),
        }
    }
    // the end of the input, quit or another ruleset: a running search stops and answers
    if let Some(h) = running.take() {
        stop.store(true, Ordering::Relaxed);
        let _ = h.join();
    }
    next
}

/// A principal variation in the protocol's moves.
fn pv_text<P: Introspect>(pos: &P, pv: &[P::Move]) -> String {
    let mut p = pos.clone();
    let mut words = Vec::new();
    for mv in pv {
        if !p.is_legal(mv) {
            break;
        }
        words.push(write_move(&p, mv));
        p.play_unchecked(mv);
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_into_commands() {
        assert_eq!(parse_line("  hub ").unwrap(), Command::Hub);
        assert_eq!(
            parse_line("go think").unwrap(),
            Command::Go { ponder: false }
        );
        assert_eq!(
            parse_line("go ponder").unwrap(),
            Command::Go { ponder: true }
        );
        assert_eq!(
            parse_line("set-param name=tt-size value=8").unwrap(),
            Command::SetParam {
                name: "tt-size".into(),
                value: "8".into()
            }
        );
        let Command::Level(l) = parse_line("level time=60 inc=0.5 moves=40").unwrap() else {
            panic!("not a level")
        };
        assert_eq!((l.time, l.inc, l.moves), (Some(60.0), Some(0.5), Some(40)));
        let Command::Level(l) = parse_line("level move-time=0.1").unwrap() else {
            panic!("not a level")
        };
        assert_eq!(l.limits().time, Some(Duration::from_millis(100)));
        let start = hub_position(&InternationalDraughts::start());
        assert_eq!(
            parse_line(&format!("pos pos={start} moves=\"32-28\"")).unwrap(),
            Command::Pos {
                pos: Some(start),
                moves: vec!["32-28".into()]
            }
        );
    }

    #[test]
    fn malformed_lines_are_named() {
        assert_eq!(
            parse_line("hello").unwrap_err(),
            HubError::UnknownCommand("hello".into())
        );
        assert!(matches!(
            parse_line("pos moves=\"32-28"),
            Err(HubError::UnterminatedQuote(_))
        ));
        assert!(matches!(
            parse_line("level depth=-1"),
            Err(HubError::BadValue { .. })
        ));
        assert!(matches!(
            parse_line("level time=NaN"),
            Err(HubError::BadValue { .. })
        ));
        assert!(matches!(
            parse_line("level speed=3"),
            Err(HubError::UnknownKey { .. })
        ));
        assert!(matches!(
            parse_line("go faster"),
            Err(HubError::UnknownKey { .. })
        ));
        assert!(matches!(
            parse_line("set-param value=3"),
            Err(HubError::BadValue { .. })
        ));
        assert!(read_hub_position("Wxx").is_err());
        assert!(read_hub_position(&format!("X{}", "e".repeat(50))).is_err());
        assert!(read_hub_position(&format!("W{}z", "e".repeat(49))).is_err());
    }

    #[test]
    fn hub_moves_round_trip_with_their_captures_in_any_order() {
        let pos: InternationalDraughts = "W:W28:B23,24,13".parse().unwrap();
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for mv in &moves {
            let text = hub_move(&pos, mv);
            assert_eq!(read_hub_move(&pos, &text).unwrap(), *mv);
        }
        let start = InternationalDraughts::start();
        assert_eq!(
            hub_move(&start, &read_hub_move(&start, "32-28").unwrap()),
            "32-28"
        );
        assert!(matches!(
            read_hub_move(&start, "32-23"),
            Err(HubError::IllegalMove { .. })
        ));
        assert!(read_hub_move(&start, "garbage").is_err());
        // a capture by its first and last squares, when no other capture shares them
        let pos: InternationalDraughts = "W:W28,32:B23,24,13,12".parse().unwrap();
        let mv = read_hub_move(&pos, "28x17").unwrap();
        assert_eq!(hub_move(&pos, &mv), "28x17x23x13x12");
        assert!(read_hub_move(&start, "32x23").is_err());
    }

    #[test]
    fn a_session_survives_bad_lines_and_answers_each_search() {
        let input = "hub\nfoo bar\npos pos=Wzz\npos start moves=\"1-2\"\nlevel nodes=500\ngo think\nping\n\u{1}\nquit\n";
        let mut out = Vec::new();
        session(input.as_bytes(), &mut out, 1);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text.lines().filter(|l| l.starts_with("error")).count(),
            4,
            "{text}"
        );
        let done = text.lines().find(|l| l.starts_with("done move=")).unwrap();
        let mv = done["done move=".len()..].split(' ').next().unwrap();
        assert!(read_hub_move(&InternationalDraughts::start(), mv).is_ok());
        assert!(text.contains("pong"));
    }

    /// The output shared between a session and the test that feeds it.
    #[derive(Clone, Default)]
    struct Shared(std::sync::Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
        }
    }

    /// A session fed `lines` as a GUI feeds it: each line after a `go` only once the
    /// search has answered `done`.
    fn scripted(lines: &[&str]) -> String {
        let out = Shared::default();
        let (tx, rx) = std::sync::mpsc::channel::<String>();
        let session_out = out.clone();
        let engine = std::thread::spawn(move || {
            let input = std::io::BufReader::new(ChannelReader(rx, Vec::new()));
            session(input, session_out, 1);
        });
        let mut searches = 0;
        for line in lines {
            let start = std::time::Instant::now();
            while out.text().lines().filter(|l| l.starts_with("done")).count() < searches {
                assert!(start.elapsed().as_secs() < 60, "no answer: {}", out.text());
                std::thread::yield_now();
            }
            searches += usize::from(line.starts_with("go "));
            tx.send(format!("{line}\n")).unwrap();
        }
        drop(tx);
        engine.join().unwrap();
        out.text()
    }

    /// `ponder-hit` turns the ponder search into the game's search: it goes on for the
    /// level's time from the hit, then answers (it used to answer at once).
    #[test]
    fn ponder_hit_starts_the_clock_of_the_level() {
        let out = Shared::default();
        let (tx, rx) = std::sync::mpsc::channel::<String>();
        let session_out = out.clone();
        let engine = std::thread::spawn(move || {
            let input = std::io::BufReader::new(ChannelReader(rx, Vec::new()));
            session(input, session_out, 1);
        });
        for line in [
            "hub",
            "init",
            "pos start",
            "level move-time=0.4",
            "go ponder",
        ] {
            tx.send(format!("{line}\n")).unwrap();
        }
        std::thread::sleep(Duration::from_millis(50));
        assert!(!out.text().contains("done"), "{}", out.text());
        let hit = std::time::Instant::now();
        tx.send("ponder-hit\n".to_string()).unwrap();
        while !out.text().contains("done") {
            assert!(hit.elapsed().as_secs() < 30, "no answer: {}", out.text());
            std::thread::sleep(Duration::from_millis(1));
        }
        let waited = hit.elapsed();
        drop(tx);
        engine.join().unwrap();
        assert!(
            waited >= Duration::from_millis(350),
            "answered after {waited:?}"
        );
        assert!(out.text().contains("done move="), "{}", out.text());
    }

    /// Reads the lines a channel sends (the end of the input when it closes).
    struct ChannelReader(std::sync::mpsc::Receiver<String>, Vec<u8>);

    impl std::io::Read for ChannelReader {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.1.is_empty() {
                match self.0.recv() {
                    Ok(line) => self.1 = line.into_bytes(),
                    Err(_) => return Ok(0),
                }
            }
            let n = buf.len().min(self.1.len());
            buf[..n].copy_from_slice(&self.1[..n]);
            self.1.drain(..n);
            Ok(n)
        }
    }

    /// A GUI sends its next command as soon as it has read `done`: the session takes it,
    /// never answering that a search is still running.
    #[test]
    fn the_command_after_done_finds_the_engine_free() {
        let mut lines = vec!["level depth=1"];
        for _ in 0..200 {
            lines.extend(["pos start moves=\"32-28\"", "go think"]);
        }
        lines.push("quit");
        let text = scripted(&lines);
        assert!(!text.contains("error"), "{text}");
        assert_eq!(text.lines().filter(|l| l.starts_with("done")).count(), 200);
    }

    #[test]
    fn every_ruleset_is_played_in_its_own_texts() {
        use column_checkers::Lasca;
        let start = Lasca::start().to_string();
        let input = format!(
            "set-param name=variant value=chess\nset-param name=variant value=lasca\nhub\n\
             pos pos=\"{start}\" moves=\"c3-d4 zz9\"\npos pos=\"{start}\" moves=\"c3-d4\"\n\
             level nodes=400\ngo think\nquit\n"
        );
        let mut out = Vec::new();
        session(input.as_bytes(), &mut out, 1);
        let text = String::from_utf8(out).unwrap();
        let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("error")).collect();
        assert_eq!(errors.len(), 2, "{text}");
        assert!(errors[0].contains("'chess'"), "{text}");
        assert!(errors[1].contains("'zz9'"), "{text}");
        assert!(
            text.contains("param name=variant value=\"lasca\""),
            "{text}"
        );
        // Black's answer to c3-d4, in Lasca's notation
        let done = text.lines().find(|l| l.starts_with("done move=")).unwrap();
        let mv = done["done move=".len()..].split(' ').next().unwrap();
        let mut pos = Lasca::start();
        pos.play(&pos.parse_move("c3-d4").unwrap()).unwrap();
        assert!(pos.parse_move(mv).is_ok_and(|m| pos.is_legal(&m)), "{text}");
    }

    /// `set-param name=level` plays at a level (kept across rulesets); a bad value is an
    /// `error` naming it, the level unchanged.
    #[test]
    fn the_level_parameter_weakens_the_player_and_names_a_bad_value() {
        let text = scripted(&[
            "hub",
            "set-param name=level value=0",
            "set-param name=level value=eleven",
            "set-param name=level value=2",
            "set-param name=variant value=lasca",
            "hub",
            "level move-time=5",
            "go think",
            "quit",
        ]);
        let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("error")).collect();
        assert_eq!(
            errors,
            [
                "error message=\"level '0' is not from 1 (beginner) to 10 (master)\"",
                "error message=\"level 'eleven' is not a number from 1 (beginner) to 10 (master)\"",
            ],
            "{text}"
        );
        assert!(
            text.contains("param name=level value=10 type=int min=1 max=10"),
            "{text}"
        );
        assert!(
            text.contains("param name=level value=2 type=int min=1 max=10"),
            "{text}"
        );
        // level 2 scores each of the start's moves by a search of two plies
        let info = text.lines().find(|l| l.starts_with("info")).unwrap();
        assert!(info.starts_with("info depth=2 "), "{text}");
        let done = text.lines().find(|l| l.starts_with("done move=")).unwrap();
        let mv = done["done move=".len()..].split(' ').next().unwrap();
        let pos = column_checkers::Lasca::start();
        assert!(pos.parse_move(mv).is_ok_and(|m| pos.is_legal(&m)), "{text}");
    }

    #[test]
    fn a_changed_ruleset_starts_from_its_start_and_keeps_the_level() {
        let text = scripted(&[
            "level depth=1",
            "set-param name=variant value=emergo",
            "go think",
            "set-param name=variant value=normal",
            "go think",
            "quit",
        ]);
        let done: Vec<&str> = text.lines().filter(|l| l.starts_with("done")).collect();
        assert_eq!(done.len(), 2, "{text}");
        // Emergo's first move enters a man; international draughts' moves a man forward
        let first = done[0]
            .trim_start_matches("done move=")
            .split(' ')
            .next()
            .unwrap();
        let emergo = column_checkers::Emergo::start();
        assert!(emergo.parse_move(first).is_ok(), "{text}");
        let second = done[1]
            .trim_start_matches("done move=")
            .split(' ')
            .next()
            .unwrap();
        assert!(
            read_hub_move(&InternationalDraughts::start(), second).is_ok(),
            "{text}"
        );
        // depth 1 kept across the change: one info line a search
        assert_eq!(
            text.lines().filter(|l| l.starts_with("info")).count(),
            2,
            "{text}"
        );
    }
}
