//! DXP, the DamExchange protocol: two international draughts programs play each other
//! over a TCP connection (Moby Dam, Kingsrow and Scan speak it).
//!
//! A message is 1 to 127 ASCII characters followed by a `\0`; its first character is
//! its type. The *initiator* asks for a game (`R`, [`Message::GameRequest`]: its name,
//! the follower's colour, the thinking time, the number of moves, the start or a
//! position), the *follower* answers (`A`, [`Message::GameAccept`]), then the two send
//! moves in turn (`M`, [`Message::Move`]: the squares from and to and those taken) until
//! the side to move ends the game (`E`, [`Message::GameEnd`]), which the other
//! acknowledges with a `GameEnd` of its own. Either may chat (`C`, ignored here) or ask
//! to take moves back (`B`, answered with `K`).
//!
//! [`follow`] plays as follower (the `dxp --listen` command), [`initiate`] as initiator
//! (`dxp --connect`), both with the [`Player`]. A message that cannot be read, a move
//! that is not legal or a message out of turn is answered as the protocol allows: a
//! game request refused with its code, a move refused by ending the game with a chat
//! line saying why, anything else ignored; the session never ends on bad input.
//!
//! ```
//! use column_checkers_player::dxp::{parse_message, Message};
//!
//! let m = parse_message("M001205250422122320").unwrap();
//! assert_eq!(m, Message::Move { seconds: 12, from: 5, to: 25, captured: vec![22, 12, 23, 20] });
//! assert_eq!(m.to_string(), "M001205250422122320");
//! assert!(parse_message("M00120625").is_err());
//! ```

use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::time::{Duration, Instant};

use column_checkers::tools::registry::record_of_game;
use column_checkers::{Color, Game, InternationalDraughts, MoveList, Position};
use thiserror::Error;

use crate::hub::{hub_move, hub_position, read_hub_move, read_hub_position, Level};
use crate::matches::Score;
use crate::{game_history, Limits, Player};

/// The port DXP programs listen on unless told otherwise.
pub const DEFAULT_PORT: u16 = 27531;

/// The longest message, without its closing `\0`.
pub const MAX_MESSAGE: usize = 127;

/// A message that cannot be read: what was received and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum DxpError {
    /// No characters between two `\0`.
    #[error("an empty message")]
    Empty,
    /// More than 127 characters, or a character outside ASCII 1 to 127.
    #[error("{0:?} is not a DXP message (1 to 127 ASCII characters)")]
    NotAscii(String),
    /// A first character that names no message type.
    #[error("{0:?}: no message type {1:?} (R, A, M, E, C, B, K)")]
    UnknownType(String, char),
    /// A message whose fields are not as its type lays them out.
    #[error("{text:?}: bad {message} message: {reason}")]
    Bad {
        /// The message as received.
        text: String,
        /// Its type's name.
        message: &'static str,
        /// What is wrong.
        reason: String,
    },
}

/// A DXP message ([`parse_message`] reads one, `Display` writes it).
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// `R`: the initiator asks for a game.
    GameRequest {
        /// The initiator's name (at most 32 characters).
        name: String,
        /// The colour the follower plays.
        follower: Color,
        /// Each side's thinking time for the game, in minutes.
        minutes: u32,
        /// The moves of the game's time control (0: no limit).
        moves: u32,
        /// The position to start from; `None` for the start position.
        position: Option<InternationalDraughts>,
    },
    /// `A`: the follower answers a game request.
    GameAccept {
        /// The follower's name.
        name: String,
        /// `0` accepted; `1` not this protocol version; `2` not this game (another
        /// perhaps); `3` no game at all.
        code: u8,
    },
    /// `M`: a move.
    Move {
        /// Seconds the mover thought.
        seconds: u32,
        /// The square it starts on (1 to 50).
        from: u8,
        /// The square it ends on.
        to: u8,
        /// The squares of the pieces it takes, in any order.
        captured: Vec<u8>,
    },
    /// `E`: the side to move ends the game, or the other acknowledges it.
    GameEnd {
        /// `0` no reason given; `1` I give up; `2` a draw; `3` I win.
        reason: u8,
        /// Whether the sender wants no further game.
        stop: bool,
    },
    /// `C`: free text.
    Chat(String),
    /// `B`: take moves back to the position where `to_move` is to play move
    /// `move_number`.
    BackRequest {
        /// The move number (as games are numbered: each side's move has the same).
        move_number: u32,
        /// The side to move there.
        to_move: Color,
    },
    /// `K`: the answer to a back request: `0` done, `1` not supported, `2` refused.
    BackAccept {
        /// The answer.
        code: u8,
    },
}

fn color_char(c: Color) -> char {
    if c == Color::White {
        'W'
    } else {
        'Z'
    }
}

/// A name in its 32 places: cut or padded with spaces.
fn name32(name: &str) -> String {
    let clean: String = name
        .chars()
        .filter(|c| c.is_ascii_graphic() || *c == ' ')
        .take(32)
        .collect();
    format!("{:<32}", clean.trim_start())
}

/// A position as a game request writes it: the side to move, then the 50 squares.
fn dxp_position(pos: &InternationalDraughts) -> String {
    hub_position(pos)
        .chars()
        .map(|c| match c {
            'B' => 'Z',
            'b' => 'z',
            c => c,
        })
        .collect()
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::GameRequest {
                name,
                follower,
                minutes,
                moves,
                position,
            } => {
                write!(
                    f,
                    "R01{}{}{:03}{:03}",
                    name32(name),
                    color_char(*follower),
                    minutes.min(&999),
                    moves.min(&999)
                )?;
                match position {
                    None => write!(f, "A"),
                    Some(p) => write!(f, "B{}", dxp_position(p)),
                }
            }
            Message::GameAccept { name, code } => write!(f, "A{}{code}", name32(name)),
            Message::Move {
                seconds,
                from,
                to,
                captured,
            } => {
                write!(
                    f,
                    "M{:04}{from:02}{to:02}{:02}",
                    seconds.min(&9999),
                    captured.len()
                )?;
                captured.iter().try_for_each(|c| write!(f, "{c:02}"))
            }
            Message::GameEnd { reason, stop } => write!(f, "E{reason}{}", u8::from(*stop)),
            Message::Chat(text) => write!(f, "C{text}"),
            Message::BackRequest {
                move_number,
                to_move,
            } => write!(f, "B{:03}{}", move_number.min(&999), color_char(*to_move)),
            Message::BackAccept { code } => write!(f, "K{code}"),
        }
    }
}

/// Reads one message (without its `\0`).
///
/// # Errors
/// [`DxpError`] naming the message and what is wrong with it.
///
/// ```
/// use column_checkers::{Color, InternationalDraughts, Position};
/// use column_checkers_player::dxp::{parse_message, Message};
///
/// let request = Message::GameRequest {
///     name: "Moby Dam".into(),
///     follower: Color::Black,
///     minutes: 10,
///     moves: 75,
///     position: Some(InternationalDraughts::start()),
/// };
/// assert_eq!(parse_message(&request.to_string()).unwrap(), request);
/// assert!(parse_message("E").is_err());
/// ```
pub fn parse_message(text: &str) -> Result<Message, DxpError> {
    if text.is_empty() {
        return Err(DxpError::Empty);
    }
    if text.len() > MAX_MESSAGE || !text.bytes().all(|b| (1..=127).contains(&b)) {
        return Err(DxpError::NotAscii(text.to_string()));
    }
    let bad = |message: &'static str, reason: String| DxpError::Bad {
        text: text.to_string(),
        message,
        reason,
    };
    let number = |message: &'static str, field: &'static str, s: Option<&str>| {
        s.filter(|s| s.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|s| s.parse::<u32>().ok())
            .ok_or_else(|| bad(message, format!("the {field} is not a number")))
    };
    let color = |message: &'static str, c: Option<&str>| match c {
        Some("W") => Ok(Color::White),
        Some("Z") => Ok(Color::Black),
        _ => Err(bad(message, "a colour is W or Z".into())),
    };
    let (kind, rest) = text.split_at(1);
    match kind {
        "R" => {
            const M: &str = "GAMEREQ";
            if rest.len() < 42 {
                return Err(bad(M, format!("{} characters; at least 43", text.len())));
            }
            if &rest[..2] != "01" {
                return Err(bad(M, format!("protocol version {:?}, not 01", &rest[..2])));
            }
            let name = rest[2..34].trim_end().to_string();
            let follower = color(M, rest.get(34..35))?;
            let minutes = number(M, "thinking time", rest.get(35..38))?;
            let moves = number(M, "number of moves", rest.get(38..41))?;
            let position = match (rest.get(41..42), rest.get(42..)) {
                (Some("A"), Some("")) => None,
                (Some("B"), Some(p)) if p.len() == 51 => {
                    let hub: String = p
                        .chars()
                        .map(|c| match c {
                            'Z' => 'B',
                            'z' => 'b',
                            'B' | 'b' => '?',
                            c => c,
                        })
                        .collect();
                    Some(read_hub_position(&hub).map_err(|e| bad(M, e.to_string()))?)
                }
                (Some("B"), Some(p)) => {
                    return Err(bad(M, format!("a position of {} characters; 51", p.len())))
                }
                _ => return Err(bad(M, "the starting position is A or B".into())),
            };
            Ok(Message::GameRequest {
                name,
                follower,
                minutes,
                moves,
                position,
            })
        }
        "A" => {
            const M: &str = "GAMEACC";
            if rest.len() != 33 {
                return Err(bad(M, format!("{} characters; 34", text.len())));
            }
            let code = number(M, "acceptance code", rest.get(32..33))?;
            if code > 3 {
                return Err(bad(M, format!("acceptance code {code}; 0 to 3")));
            }
            Ok(Message::GameAccept {
                name: rest[..32].trim_end().to_string(),
                code: code as u8,
            })
        }
        "M" => {
            const M: &str = "MOVE";
            let seconds = number(M, "time", rest.get(0..4))?;
            let square = |field, s| {
                let n = number(M, field, s)?;
                if (1..=50).contains(&n) {
                    Ok(n as u8)
                } else {
                    Err(bad(M, format!("square {n}; 1 to 50")))
                }
            };
            let from = square("from square", rest.get(4..6))?;
            let to = square("to square", rest.get(6..8))?;
            let count = number(M, "number captured", rest.get(8..10))? as usize;
            if rest.len() != 10 + 2 * count {
                return Err(bad(
                    M,
                    format!(
                        "{count} captured squares need {} characters",
                        11 + 2 * count
                    ),
                ));
            }
            let captured = (0..count)
                .map(|i| square("captured square", rest.get(10 + 2 * i..12 + 2 * i)))
                .collect::<Result<_, _>>()?;
            Ok(Message::Move {
                seconds,
                from,
                to,
                captured,
            })
        }
        "E" => {
            const M: &str = "GAMEEND";
            if rest.len() != 2 {
                return Err(bad(M, format!("{} characters; 3", text.len())));
            }
            let reason = number(M, "reason", rest.get(0..1))?;
            let stop = number(M, "stop code", rest.get(1..2))?;
            if reason > 3 || stop > 1 {
                return Err(bad(M, "reason 0 to 3, stop code 0 or 1".into()));
            }
            Ok(Message::GameEnd {
                reason: reason as u8,
                stop: stop == 1,
            })
        }
        "C" => Ok(Message::Chat(rest.to_string())),
        "B" => {
            const M: &str = "BACKREQ";
            if rest.len() != 4 {
                return Err(bad(M, format!("{} characters; 5", text.len())));
            }
            Ok(Message::BackRequest {
                move_number: number(M, "move number", rest.get(0..3))?,
                to_move: color(M, rest.get(3..4))?,
            })
        }
        "K" => {
            const M: &str = "BACKACC";
            let code = number(M, "acceptance code", Some(rest))?;
            if rest.len() != 1 || code > 2 {
                return Err(bad(M, "the acceptance code is 0, 1 or 2".into()));
            }
            Ok(Message::BackAccept { code: code as u8 })
        }
        _ => Err(DxpError::UnknownType(
            text.to_string(),
            text.chars().next().unwrap_or('?'),
        )),
    }
}

/// The move message of a legal move.
fn move_message(
    pos: &InternationalDraughts,
    mv: &<InternationalDraughts as Position>::Move,
    seconds: u32,
) -> Message {
    // Hub writes a move as DXP lays it out: from, to, then the squares taken
    let squares: Vec<u8> = hub_move(pos, mv)
        .split(['-', 'x'])
        .filter_map(|s| s.parse().ok())
        .collect();
    Message::Move {
        seconds,
        from: squares.first().copied().unwrap_or(0),
        to: squares.get(1).copied().unwrap_or(0),
        captured: squares.get(2..).unwrap_or_default().to_vec(),
    }
}

/// The legal move a move message names.
fn read_move_message(
    pos: &InternationalDraughts,
    from: u8,
    to: u8,
    captured: &[u8],
) -> Result<<InternationalDraughts as Position>::Move, String> {
    let mut text = format!("{from}{}{to}", if captured.is_empty() { '-' } else { 'x' });
    for c in captured {
        text.push_str(&format!("x{c}"));
    }
    // some programs leave the squares taken out: the move from and to, if one
    if let Ok(mv) = read_hub_move(pos, &text) {
        return Ok(mv);
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let named: Vec<_> = moves
        .iter()
        .filter(|m| {
            let s = move_message(pos, m, 0);
            matches!(s, Message::Move { from: f, to: t, .. } if f == from && t == to)
        })
        .collect();
    match named[..] {
        [mv] if captured.is_empty() => Ok(*mv),
        _ => Err(format!("move {text} is not legal here")),
    }
}

/// How the player plays its DXP games.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The name it gives.
    pub name: String,
    /// Its transposition table in megabytes.
    pub table_mb: usize,
    /// Limits a move; `None`: a share of the game's thinking time.
    pub per_move: Option<Limits>,
    /// Plies after which the initiator ends a game (a draw, in its count).
    pub max_plies: usize,
    /// The endgame tables the player probes (feature `solver`): the database of
    /// international draughts, when loaded.
    #[cfg(feature = "solver")]
    pub tables: crate::tables::Tables,
}

impl Settings {
    /// The player of these settings, with its table and endgame tables.
    fn player(&self) -> Player<InternationalDraughts> {
        let player = Player::new(self.table_mb.max(1));
        #[cfg(feature = "solver")]
        let player = player.with_tables(&self.tables);
        player
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            name: format!("column-checkers-player {}", env!("CARGO_PKG_VERSION")),
            table_mb: 64,
            per_move: None,
            max_plies: 400,
            #[cfg(feature = "solver")]
            tables: crate::tables::Tables::default(),
        }
    }
}

/// A game's result for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
}

/// A game played over DXP, as the player saw it.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// The player's colour.
    pub color: Color,
    /// The moves played.
    pub game: Game<InternationalDraughts>,
    /// The result for the player; `None` when the game ended without a result the
    /// rules give (a side ended it, or the plies ran out).
    pub result: Option<GameResult>,
    /// The opponent's name.
    pub opponent: String,
}

impl PlayedGame {
    /// The game as PDN, the player under `name`.
    pub fn pdn(&self, name: &str, round: usize) -> String {
        let mut record = record_of_game(&self.game);
        let (white, black) = if self.color == Color::White {
            (name, self.opponent.as_str())
        } else {
            (self.opponent.as_str(), name)
        };
        record.set_tag("Event", "DXP match");
        record.set_tag("Round", &round.to_string());
        record.set_tag("White", white);
        record.set_tag("Black", black);
        record.to_string()
    }
}

/// A DXP connection: messages read up to each `\0`, written with one.
struct Connection<S: Read + Write> {
    reader: BufReader<S>,
    log: Option<Box<dyn Write + Send>>,
}

impl<S: Read + Write> Connection<S> {
    fn send(&mut self, m: &Message) -> io::Result<()> {
        let text = m.to_string();
        if let Some(log) = self.log.as_mut() {
            let _ = writeln!(log, "> {text}");
        }
        let w = self.reader.get_mut();
        w.write_all(text.as_bytes())?;
        w.write_all(&[0])?;
        w.flush()
    }

    /// The next message; `Ok(None)` when the connection closes. A message that cannot
    /// be read comes back as its error.
    fn receive(&mut self) -> io::Result<Option<Result<Message, DxpError>>> {
        let mut buf = Vec::new();
        if self.reader.read_until(0, &mut buf)? == 0 {
            return Ok(None);
        }
        if buf.last() == Some(&0) {
            buf.pop();
        }
        let text = String::from_utf8_lossy(&buf).into_owned();
        if let Some(log) = self.log.as_mut() {
            let _ = writeln!(log, "< {text}");
        }
        Ok(Some(parse_message(&text)))
    }
}

/// One game from its request's terms to its end.
struct Table {
    game: Game<InternationalDraughts>,
    color: Color,
    /// The thinking time left, when the game has one.
    clock: Option<Duration>,
    moves: u32,
    opponent: String,
}

impl Table {
    fn limits(&self, settings: &Settings) -> Limits {
        if let Some(l) = settings.per_move {
            return l;
        }
        match self.clock {
            Some(left) => {
                let played = (self.game.moves().len() / 2) as u32;
                let to_go = if self.moves > played {
                    self.moves - played
                } else {
                    40
                };
                Level {
                    time: Some(left.as_secs_f64()),
                    moves: Some(to_go),
                    ..Level::default()
                }
                .limits()
            }
            None => Limits::time(Duration::from_secs(1)),
        }
    }

    /// The result for the player if the rules have ended the game.
    fn result(&self) -> Option<GameResult> {
        self.game.outcome().map(|o| match o.winner() {
            Some(w) if w == self.color => GameResult::Win,
            Some(_) => GameResult::Loss,
            None => GameResult::Draw,
        })
    }
}

/// How a game ended.
enum End {
    /// The game is over; whether the other side wants no more games.
    Over { stop: bool },
    /// The connection closed.
    Closed,
}

/// Plays the game on `table` to its end: the player's moves when it is to move, the
/// other side's moves checked, take-backs granted, chat ignored.
fn play_game<S: Read + Write>(
    conn: &mut Connection<S>,
    table: &mut Table,
    player: &mut Player<InternationalDraughts>,
    settings: &Settings,
) -> io::Result<End> {
    // whether the player has sent a GAMEEND and awaits its acknowledgement
    let mut ending = false;
    loop {
        if !ending && table.game.position().turn() == table.color {
            let pos = table.game.position().clone();
            let over = table.game.outcome().is_some();
            if over || table.game.moves().len() >= settings.max_plies {
                let reason = match table.result() {
                    Some(GameResult::Loss) => 1,
                    Some(GameResult::Draw) => 2,
                    Some(GameResult::Win) => 3,
                    None => 0,
                };
                conn.send(&Message::GameEnd {
                    reason,
                    stop: false,
                })?;
                ending = true;
                continue;
            }
            let started = Instant::now();
            let found = player.search(
                &pos,
                &game_history(&table.game),
                table.limits(settings),
                &mut |_| {},
            );
            let spent = started.elapsed();
            if let Some(left) = table.clock.as_mut() {
                *left = left.saturating_sub(spent);
            }
            let Some(mv) = found.best else {
                // no move although the rules go on: never reached; end the game
                conn.send(&Message::GameEnd {
                    reason: 0,
                    stop: false,
                })?;
                ending = true;
                continue;
            };
            conn.send(&move_message(&pos, &mv, spent.as_secs() as u32))?;
            if table.game.play(&mv).is_err() {
                return Ok(End::Over { stop: false });
            }
            continue;
        }
        let Some(message) = conn.receive()? else {
            return Ok(End::Closed);
        };
        match message {
            Ok(Message::Move {
                from, to, captured, ..
            }) if !ending && table.game.position().turn() != table.color => {
                let pos = table.game.position().clone();
                match read_move_message(&pos, from, to, &captured) {
                    Ok(mv) if table.game.play(&mv).is_ok() => {}
                    Ok(_) | Err(_) => {
                        let text = Message::Move {
                            seconds: 0,
                            from,
                            to,
                            captured,
                        };
                        conn.send(&Message::Chat(format!(
                            "{} is not a legal move here: the game ends",
                            &text.to_string()[5..]
                        )))?;
                        conn.send(&Message::GameEnd {
                            reason: 0,
                            stop: false,
                        })?;
                        ending = true;
                    }
                }
            }
            Ok(Message::GameEnd { stop, .. }) => {
                if !ending {
                    // the other side ends the game: acknowledged
                    conn.send(&Message::GameEnd { reason: 0, stop })?;
                }
                return Ok(End::Over { stop });
            }
            Ok(Message::BackRequest {
                move_number,
                to_move,
            }) if !ending => {
                // the ply where `to_move` plays move `move_number` of the game (moves
                // numbered from 1 at the game's start, White's first where White begins)
                let n = move_number as usize;
                let ply = match (table.game.start().turn(), to_move) {
                    _ if n == 0 => None,
                    (Color::White, Color::White) | (Color::Black, Color::Black) => {
                        Some(2 * (n - 1))
                    }
                    (Color::White, Color::Black) => Some(2 * (n - 1) + 1),
                    (Color::Black, Color::White) => (2 * (n - 1)).checked_sub(1),
                };
                if let Some(ply) = ply.filter(|&p| p <= table.game.moves().len()) {
                    while table.game.moves().len() > ply {
                        table.game.undo();
                    }
                    conn.send(&Message::BackAccept { code: 0 })?;
                } else {
                    conn.send(&Message::BackAccept { code: 2 })?;
                }
            }
            Ok(Message::GameRequest { .. }) => {
                conn.send(&Message::Chat(
                    "a game is under way: end it before asking for another".into(),
                ))?;
            }
            // chat, a move out of turn, a stray answer, a message that cannot be read:
            // nothing the protocol asks an answer for
            Ok(_) | Err(_) => {}
        }
    }
}

/// Plays as follower on `stream`: accepts each game request it can play, plays the
/// game, and goes on until the initiator stops or closes the connection. Returns the
/// games played.
///
/// # Errors
/// The connection's I/O errors.
pub fn follow<S: Read + Write>(
    stream: S,
    settings: &Settings,
    log: Option<Box<dyn Write + Send>>,
) -> io::Result<Vec<PlayedGame>> {
    let mut conn = Connection {
        reader: BufReader::new(stream),
        log,
    };
    let mut player = settings.player();
    let mut games = Vec::new();
    loop {
        let Some(message) = conn.receive()? else {
            return Ok(games);
        };
        match message {
            Ok(Message::GameRequest {
                name,
                follower,
                minutes,
                moves,
                position,
            }) => {
                let start = position.unwrap_or_else(InternationalDraughts::start);
                let mut legal = MoveList::new();
                start.legal_moves(&mut legal);
                if legal.is_empty() {
                    conn.send(&Message::GameAccept {
                        name: settings.name.clone(),
                        code: 2,
                    })?;
                    continue;
                }
                conn.send(&Message::GameAccept {
                    name: settings.name.clone(),
                    code: 0,
                })?;
                player.clear();
                let mut table = Table {
                    game: Game::new(start),
                    color: follower,
                    clock: (minutes > 0).then(|| Duration::from_secs(u64::from(minutes) * 60)),
                    moves,
                    opponent: name,
                };
                let end = play_game(&mut conn, &mut table, &mut player, settings)?;
                games.push(PlayedGame {
                    color: table.color,
                    result: table.result(),
                    game: table.game,
                    opponent: table.opponent,
                });
                match end {
                    End::Over { stop: false } => {}
                    End::Over { stop: true } | End::Closed => return Ok(games),
                }
            }
            Err(DxpError::Bad {
                message: "GAMEREQ",
                text,
                ..
            }) => {
                // a request of another version, or one that cannot be read
                let code = if text.get(1..3) == Some("01") { 2 } else { 1 };
                conn.send(&Message::GameAccept {
                    name: settings.name.clone(),
                    code,
                })?;
            }
            Ok(Message::GameEnd { stop, .. }) => {
                // between games: acknowledged
                conn.send(&Message::GameEnd { reason: 0, stop })?;
                if stop {
                    return Ok(games);
                }
            }
            Ok(Message::BackRequest { .. }) => conn.send(&Message::BackAccept { code: 2 })?,
            Ok(_) | Err(_) => {}
        }
    }
}

/// What the initiator asks for.
#[derive(Clone, Debug)]
pub struct Request {
    /// The start positions, each played with both colours.
    pub openings: Vec<InternationalDraughts>,
    /// Each side's thinking time for a game, in minutes (0: none given).
    pub minutes: u32,
    /// The moves of the time control (0: no limit).
    pub moves: u32,
}

/// Plays as initiator on `stream`: each opening with both colours, then ends the
/// session. `progress` hears of each game. Returns the games and the player's score.
///
/// # Errors
/// The connection's I/O errors; a refused game request as
/// [`io::ErrorKind::ConnectionRefused`].
pub fn initiate<S: Read + Write>(
    stream: S,
    settings: &Settings,
    request: &Request,
    log: Option<Box<dyn Write + Send>>,
    progress: &mut dyn FnMut(usize, &PlayedGame, &Score),
) -> io::Result<(Vec<PlayedGame>, Score)> {
    let mut conn = Connection {
        reader: BufReader::new(stream),
        log,
    };
    let mut player = settings.player();
    let mut games = Vec::new();
    let mut score = Score::default();
    'openings: for start in &request.openings {
        for color in [Color::White, Color::Black] {
            conn.send(&Message::GameRequest {
                name: settings.name.clone(),
                follower: !color,
                minutes: request.minutes,
                moves: request.moves,
                position: Some(start.clone()),
            })?;
            let name = loop {
                match conn.receive()? {
                    None => break 'openings,
                    Some(Ok(Message::GameAccept { name, code: 0 })) => break name,
                    Some(Ok(Message::GameAccept { code, .. })) => {
                        return Err(io::Error::new(
                            io::ErrorKind::ConnectionRefused,
                            format!("the follower refused the game (code {code})"),
                        ))
                    }
                    Some(_) => {}
                }
            };
            player.clear();
            let mut table = Table {
                game: Game::new(start.clone()),
                color,
                clock: (request.minutes > 0)
                    .then(|| Duration::from_secs(u64::from(request.minutes) * 60)),
                moves: request.moves,
                opponent: name,
            };
            let end = play_game(&mut conn, &mut table, &mut player, settings)?;
            let played = PlayedGame {
                color,
                result: table.result(),
                game: table.game,
                opponent: table.opponent,
            };
            match played.result {
                Some(GameResult::Win) => score.wins += 1,
                Some(GameResult::Loss) => score.losses += 1,
                Some(GameResult::Draw) | None => score.draws += 1,
            }
            progress(games.len() + 1, &played, &score);
            games.push(played);
            if matches!(end, End::Closed | End::Over { stop: true }) {
                break 'openings;
            }
        }
    }
    // no further game: the session ends
    let _ = conn.send(&Message::Chat("thank you for the games".into()));
    Ok((games, score))
}

/// Reads openings for a DXP match: one FEN of international draughts a line (`#`
/// comments and blank lines skipped), as the 2-move ballots are published.
///
/// # Errors
/// The line and why it cannot be read.
pub fn read_fen_openings(text: &str) -> Result<Vec<InternationalDraughts>, String> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(n, l)| l.parse().map_err(|e| format!("line {n}: {e}")))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::{TcpListener, TcpStream};

    #[test]
    fn messages_round_trip() {
        for m in [
            Message::GameRequest {
                name: "x".into(),
                follower: Color::White,
                minutes: 5,
                moves: 0,
                position: None,
            },
            Message::GameAccept {
                name: "Moby Dam".into(),
                code: 2,
            },
            Message::Move {
                seconds: 0,
                from: 32,
                to: 28,
                captured: vec![],
            },
            Message::GameEnd {
                reason: 3,
                stop: true,
            },
            Message::Chat("hello".into()),
            Message::BackRequest {
                move_number: 12,
                to_move: Color::Black,
            },
            Message::BackAccept { code: 1 },
        ] {
            assert_eq!(parse_message(&m.to_string()).unwrap(), m, "{m}");
        }
        let p: InternationalDraughts = "B:W28,K45:B19,K3".parse().unwrap();
        let r = Message::GameRequest {
            name: "a".repeat(40),
            follower: Color::Black,
            minutes: 1,
            moves: 2,
            position: Some(p.clone()),
        };
        let text = r.to_string();
        assert_eq!(text.len(), 94);
        assert!(text.ends_with(&format!("Z{}", &dxp_position(&p)[1..])));
        let Message::GameRequest { position, name, .. } = parse_message(&text).unwrap() else {
            panic!()
        };
        assert_eq!((position.unwrap(), name.len()), (p, 32));
    }

    #[test]
    fn malformed_messages_are_named() {
        for bad in [
            "",
            "X12",
            "M0012",
            "M00120611",
            "M0012061101",
            "M0012069900",
            "E4",
            "E05",
            "K3",
            "B01W",
            "R02name",
            "A     short",
            "R01x                               Q010000A",
            &format!("R01{:32}W010000B{}", "n", "e".repeat(50)),
            &format!("R01{:32}W010000BW{}q", "n", "e".repeat(49)),
            "C\u{80}",
        ] {
            assert!(parse_message(bad).is_err(), "{bad:?}");
        }
        assert_eq!(parse_message(""), Err(DxpError::Empty));
    }

    #[test]
    fn a_move_message_names_one_legal_move() {
        let pos: InternationalDraughts = "W:W28,32:B23,24,13,12".parse().unwrap();
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for mv in &moves {
            let Message::Move {
                from, to, captured, ..
            } = move_message(&pos, mv, 0)
            else {
                panic!()
            };
            assert_eq!(read_move_message(&pos, from, to, &captured), Ok(*mv));
            let mut reversed = captured.clone();
            reversed.reverse();
            assert_eq!(read_move_message(&pos, from, to, &reversed), Ok(*mv));
        }
        let start = InternationalDraughts::start();
        assert!(read_move_message(&start, 32, 28, &[]).is_ok());
        assert!(read_move_message(&start, 32, 23, &[]).is_err());
        assert!(read_move_message(&start, 32, 27, &[22]).is_err());
    }

    /// A follower on a free port of 127.0.0.1 and an initiator connected to it.
    fn pair() -> (TcpStream, TcpStream) {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let client = TcpStream::connect(addr).unwrap();
        let (server, _) = listener.accept().unwrap();
        (client, server)
    }

    #[test]
    fn two_players_play_a_match_over_tcp() {
        let (client, server) = pair();
        let settings = Settings {
            per_move: Some(Limits::nodes(300)),
            max_plies: 60,
            table_mb: 1,
            ..Settings::default()
        };
        let follower_settings = settings.clone();
        let follower = std::thread::spawn(move || follow(server, &follower_settings, None));
        let opening: InternationalDraughts =
            "W:W26,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,17,18,19,20,21"
                .parse()
                .unwrap();
        let request = Request {
            openings: vec![opening],
            minutes: 0,
            moves: 0,
        };
        let mut seen = 0;
        let (games, score) = initiate(client, &settings, &request, None, &mut |n, _, _| {
            seen = n;
        })
        .unwrap();
        assert_eq!((games.len(), score.games(), seen), (2, 2, 2));
        assert_eq!(
            [games[0].color, games[1].color],
            [Color::White, Color::Black]
        );
        let followed = follower.join().unwrap().unwrap();
        assert_eq!(followed.len(), 2);
        // both sides saw the same moves
        for (a, b) in games.iter().zip(&followed) {
            assert_eq!(a.game.moves(), b.game.moves());
            assert_eq!(a.color, !b.color);
            assert!(a.pdn("p", 1).contains("[Round \"1\"]"));
        }
    }

    #[test]
    fn a_follower_survives_bad_messages_and_an_illegal_move() {
        let (client, server) = pair();
        let settings = Settings {
            per_move: Some(Limits::nodes(200)),
            table_mb: 1,
            ..Settings::default()
        };
        let follower = std::thread::spawn(move || follow(server, &settings, None));
        let mut conn = Connection {
            reader: BufReader::new(client),
            log: None,
        };
        let send = |conn: &mut Connection<TcpStream>, text: &str| {
            let w = conn.reader.get_mut();
            w.write_all(text.as_bytes()).unwrap();
            w.write_all(&[0]).unwrap();
        };
        send(&mut conn, "garbage");
        send(&mut conn, "Chello");
        send(&mut conn, "R02whatever");
        assert_eq!(
            conn.receive().unwrap().unwrap().unwrap(),
            Message::GameAccept {
                name: Settings::default().name,
                code: 1
            }
        );
        // a game where the follower plays Black: White's move, then an illegal one
        send(&mut conn, &format!("R01{:32}Z000000A", "tester"));
        assert!(matches!(
            conn.receive().unwrap().unwrap().unwrap(),
            Message::GameAccept { code: 0, .. }
        ));
        send(&mut conn, "M00003228");
        send(&mut conn, "M0000322800");
        let Message::Move { from, .. } = conn.receive().unwrap().unwrap().unwrap() else {
            panic!("no answer")
        };
        assert!((16..=20).contains(&from));
        send(&mut conn, "M0000504500");
        assert!(matches!(
            conn.receive().unwrap().unwrap().unwrap(),
            Message::Chat(_)
        ));
        assert!(matches!(
            conn.receive().unwrap().unwrap().unwrap(),
            Message::GameEnd { .. }
        ));
        send(&mut conn, "E01");
        drop(conn);
        let games = follower.join().unwrap().unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].game.moves().len(), 2);
    }
}
