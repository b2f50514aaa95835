//! A game server: two people on two machines play any ruleset in their browsers.
//!
//! ```text
//! web/build.sh                                   # the page's package, once (web/README.md)
//! cargo run --release --example web -- [--port 8123] [--root web/www] [--games 64] [--public]
//! ```
//!
//! then open <http://127.0.0.1:8123/>. The server serves the static page of `web/www`
//! (the same files any static file server serves: the board, the click input and the
//! computer run in the browser, in WebAssembly) and adds one thing the page cannot do
//! alone: **shared games**. One player creates a game and sends the link it shows; the
//! other opens it and takes the free seat. The server keeps each shared game (its
//! ruleset, options, start position and moves) and checks every move with the crate
//! before the other side sees it; each page polls for the other's moves.
//!
//! The server listens on the loopback interface unless `--public` is given (then on
//! every interface: the other machine must reach it). Every request is checked: bad
//! input is answered with a 4xx status and a JSON `{"error": ...}` naming what was
//! wrong. The oldest games are dropped beyond `--games`.
//!
//! Each shared game is an `AnyGame`: the rules of every ruleset are compiled once, in
//! the library, so that this example builds in seconds once the library is built.
//!
//! HTTP API (answers are JSON; POST bodies are form fields):
//! - `POST /api/games` (`ruleset`, `options` comma-separated, `color` of the creator =
//!   `white` or `black`, optional `position`): a new game; answers its `state`, the
//!   creator's `token` and `color`;
//! - `POST /api/games/ID/join`: takes the free seat; answers `state`, `token`, `color`;
//! - `GET /api/games/ID`: the `state`: `id`, `ruleset`, `options`, `start` (position
//!   text), `moves`, `turn`, `outcome` (in words, or `null`), `declared` (an end the
//!   players made: `{"reason": "agreement" | "resignation", "winner"}`, or `null`),
//!   `offer` (the side whose draw offer stands, or `null`), `seats` (`white`/`black`:
//!   taken or not);
//! - `POST /api/games/ID/move` (`token`, `ply` = the number of moves the sender has
//!   seen, `move` in the ruleset's notation): plays it when it is the sender's turn and
//!   legal; answers the `state`. A move by the side that did not offer a draw
//!   declines the offer;
//! - `POST /api/games/ID/draw` (`token`, `ply`): offers a draw, on either side's turn;
//!   against the other side's standing offer, agrees to it and the game is drawn
//!   (the crate's `Game::agree_draw`); answers the `state`;
//! - `POST /api/games/ID/resign` (`token`): the sender resigns, on either side's turn
//!   (`Game::resign`); answers the `state`.

use clap::Parser;
use column_checkers::Ruleset;
use column_checkers::{AnyGame, AnyGameError};
use column_checkers::{Color, EndReason};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::Read;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};
use tiny_http::{Header, Method, Request, Response, Server};

/// Serves the static page of web/www (build its package first: web/build.sh) and
/// shared games, so that two people on two machines play any ruleset of the crate.
#[derive(Parser, Debug)]
#[command(name = "web")]
struct Cli {
    /// The TCP port (0 picks a free one)
    #[arg(long, value_name = "N", default_value_t = 8123)]
    port: u16,
    /// The page's directory [default: web/www of this crate]
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
    /// The most shared games kept at once
    #[arg(long, value_name = "N", default_value_t = 64,
          value_parser = clap::value_parser!(u16).range(1..=10_000))]
    games: u16,
    /// Listen on every interface, not only on 127.0.0.1
    #[arg(long)]
    public: bool,
}

/// The longest request body read (a position text or a move is far shorter).
const MAX_BODY: usize = 16 * 1024;
/// The longest file served.
const MAX_FILE: u64 = 32 * 1024 * 1024;

/// A request that cannot be served: the HTTP status and the reason in words.
#[derive(Debug)]
struct ApiError(u16, String);

fn bad(msg: impl Into<String>) -> ApiError {
    ApiError(400, msg.into())
}

/// A shared game and its two seats.
struct Table {
    ruleset: String,
    options: Vec<String>,
    /// The game, every move checked by the crate (its code for every ruleset compiled
    /// once, in the library).
    game: AnyGame,
    /// The seat tokens, by [`Color::index`].
    seats: [Option<String>; 2],
    /// The side whose draw offer stands, if any.
    offer: Option<Color>,
    /// When it was last used (the games' clock).
    used: u64,
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

impl Table {
    fn state(&self, id: &str) -> Value {
        json!({
            "id": id,
            "ruleset": self.ruleset,
            "options": self.options,
            "start": self.game.start_text(),
            "moves": self.game.moves(),
            "turn": color_name(self.game.turn()),
            "outcome": self.game.outcome().map(|o| o.to_string()),
            "declared": self.game.declared_end().map(|o| json!({
                "reason": if o.reason() == EndReason::Resignation { "resignation" } else { "agreement" },
                "winner": o.winner().map(color_name),
            })),
            "offer": self.offer.map(color_name),
            "seats": {
                "white": self.seats[0].is_some(),
                "black": self.seats[1].is_some(),
            },
        })
    }
}

/// The shared games, the least recently used dropped first.
struct Tables {
    games: HashMap<String, Table>,
    max: usize,
    clock: u64,
    rng: u64,
}

impl Tables {
    fn new(max: usize) -> Self {
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Tables {
            games: HashMap::new(),
            max,
            clock: 0,
            rng: seed ^ (std::process::id() as u64) << 32,
        }
    }

    /// 64 random bits (SplitMix64).
    fn random(&mut self) -> u64 {
        self.rng = self.rng.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A fresh game id: eight letters and digits, easy to read out.
    fn fresh_id(&mut self) -> String {
        const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
        loop {
            let mut r = self.random();
            let id: String = (0..8)
                .map(|_| {
                    let c = ALPHABET[(r % ALPHABET.len() as u64) as usize] as char;
                    r /= ALPHABET.len() as u64;
                    c
                })
                .collect();
            if !self.games.contains_key(&id) {
                return id;
            }
        }
    }

    fn token(&mut self) -> String {
        format!("{:016x}{:016x}", self.random(), self.random())
    }

    fn insert(&mut self, table: Table) -> String {
        while self.games.len() >= self.max {
            let oldest = self
                .games
                .iter()
                .min_by_key(|(_, t)| t.used)
                .map(|(k, _)| k.clone())
                .expect("not empty");
            self.games.remove(&oldest);
        }
        let id = self.fresh_id();
        self.games.insert(id.clone(), table);
        id
    }

    fn get(&mut self, id: &str) -> Result<&mut Table, ApiError> {
        self.clock += 1;
        let clock = self.clock;
        let t = self
            .games
            .get_mut(id)
            .ok_or_else(|| ApiError(404, format!("no game {id:?} (it may have been dropped)")))?;
        t.used = clock;
        Ok(t)
    }
}

/// Decodes `application/x-www-form-urlencoded` text.
fn form(body: &str) -> Result<HashMap<String, String>, ApiError> {
    let mut out = HashMap::new();
    for pair in body.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let k = percent_decode(k)?;
        if out.insert(k.clone(), percent_decode(v)?).is_some() {
            return Err(bad(format!("field {k:?} given twice")));
        }
    }
    Ok(out)
}

fn percent_decode(s: &str) -> Result<String, ApiError> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = b
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or_else(|| bad("bad %-escape in the form data"))?;
                out.push(hex);
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|_| bad("form data is not UTF-8"))
}

/// Only these fields are accepted.
fn only(f: &HashMap<String, String>, allowed: &[&str]) -> Result<(), ApiError> {
    match f.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(k) => Err(bad(format!("unknown field {k:?}"))),
        None => Ok(()),
    }
}

fn create(tables: &mut Tables, f: &HashMap<String, String>) -> Result<Value, ApiError> {
    only(f, &["ruleset", "options", "color", "position"])?;
    let ruleset = f.get("ruleset").map_or("emergo", |s| s.trim()).to_string();
    let options: Vec<String> = f
        .get("options")
        .map(|o| {
            o.split(',')
                .map(str::trim)
                .filter(|o| !o.is_empty())
                .map(|o| {
                    if o.starts_with("--") {
                        o.to_string()
                    } else {
                        format!("--{o}")
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    let color = match f.get("color").map(String::as_str) {
        None | Some("") | Some("white") => Color::White,
        Some("black") => Color::Black,
        Some(c) => return Err(bad(format!("color {c:?} is not white or black"))),
    };
    let position = f
        .get("position")
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty());
    let flags: Vec<&str> = options.iter().map(String::as_str).collect();
    let chosen = Ruleset::from_name(&ruleset, &flags).map_err(|e| bad(e.to_string()))?;
    let game = match position {
        None => AnyGame::new(chosen),
        Some(t) => AnyGame::from_position(chosen, &t).map_err(|e| match e {
            AnyGameError::Position { error, .. } => {
                ApiError(422, format!("{}: {error}", chosen.name()))
            }
            e => ApiError(422, format!("{}: {e}", chosen.name())),
        })?,
    };
    let token = tables.token();
    let mut seats = [None, None];
    seats[color.index()] = Some(token.clone());
    let used = tables.clock;
    let id = tables.insert(Table {
        ruleset,
        options,
        game,
        seats,
        offer: None,
        used,
    });
    let state = tables.get(&id)?.state(&id);
    Ok(json!({ "state": state, "token": token, "color": color_name(color) }))
}

fn join(tables: &mut Tables, id: &str, f: &HashMap<String, String>) -> Result<Value, ApiError> {
    only(f, &[])?;
    let token = tables.token();
    let t = tables.get(id)?;
    let Some(free) = t.seats.iter().position(Option::is_none) else {
        return Err(ApiError(409, format!("game {id} has two players already")));
    };
    t.seats[free] = Some(token.clone());
    let color = if free == 0 { "white" } else { "black" };
    Ok(json!({ "state": t.state(id), "token": token, "color": color }))
}

/// The side whose seat the request's `token` holds.
fn seat_of(t: &Table, id: &str, f: &HashMap<String, String>) -> Result<Color, ApiError> {
    let token = f.get("token").ok_or_else(|| bad("no token"))?;
    match t
        .seats
        .iter()
        .position(|s| s.as_deref() == Some(token.as_str()))
    {
        Some(0) => Ok(Color::White),
        Some(_) => Ok(Color::Black),
        None => Err(ApiError(
            403,
            format!("that token holds no seat of game {id}"),
        )),
    }
}

/// Checks the request's `ply` (the number of moves its sender has seen) against the game.
fn check_ply(t: &Table, f: &HashMap<String, String>) -> Result<(), ApiError> {
    let ply: usize = f
        .get("ply")
        .and_then(|p| p.trim().parse().ok())
        .ok_or_else(|| bad("ply must be the number of moves seen"))?;
    if ply != t.game.moves().len() {
        return Err(ApiError(
            409,
            format!(
                "the game has {} moves, not {ply}: fetch it again",
                t.game.moves().len()
            ),
        ));
    }
    Ok(())
}

/// The game is over: nothing more may be played, offered or resigned.
fn check_going_on(t: &Table) -> Result<(), ApiError> {
    match t.game.outcome() {
        Some(o) => Err(ApiError(409, format!("the game is over ({o})"))),
        None => Ok(()),
    }
}

fn play(tables: &mut Tables, id: &str, f: &HashMap<String, String>) -> Result<Value, ApiError> {
    only(f, &["token", "ply", "move"])?;
    let t = tables.get(id)?;
    let seat = seat_of(t, id, f)?;
    check_ply(t, f)?;
    let text = f.get("move").ok_or_else(|| bad("no move"))?;
    if t.game.turn() != seat {
        return Err(ApiError(
            409,
            format!("it is {}'s turn", color_name(t.game.turn())),
        ));
    }
    t.game
        .play(text)
        .map_err(|e| ApiError(422, e.to_string()))?;
    // a move by the other side declines a draw offer
    if t.offer.is_some_and(|by| by != seat) {
        t.offer = None;
    }
    Ok(t.state(id))
}

fn draw(tables: &mut Tables, id: &str, f: &HashMap<String, String>) -> Result<Value, ApiError> {
    only(f, &["token", "ply"])?;
    let t = tables.get(id)?;
    let seat = seat_of(t, id, f)?;
    check_ply(t, f)?;
    check_going_on(t)?;
    match t.offer {
        Some(by) if by != seat => {
            t.game
                .agree_draw()
                .map_err(|e| ApiError(409, e.to_string()))?;
            t.offer = None;
        }
        Some(_) => {
            return Err(ApiError(
                409,
                format!(
                    "your draw offer stands already; {} may accept it",
                    color_name(!seat)
                ),
            ))
        }
        None => t.offer = Some(seat),
    }
    Ok(t.state(id))
}

fn resign(tables: &mut Tables, id: &str, f: &HashMap<String, String>) -> Result<Value, ApiError> {
    only(f, &["token"])?;
    let t = tables.get(id)?;
    let seat = seat_of(t, id, f)?;
    check_going_on(t)?;
    t.game
        .resign(seat)
        .map_err(|e| ApiError(409, e.to_string()))?;
    t.offer = None;
    Ok(t.state(id))
}

/// What a request is answered with.
struct Answer {
    status: u16,
    content_type: String,
    body: Vec<u8>,
}

impl Answer {
    fn json(status: u16, v: Value) -> Self {
        Answer {
            status,
            content_type: "application/json; charset=utf-8".into(),
            body: v.to_string().into_bytes(),
        }
    }

    fn error(e: ApiError) -> Self {
        Answer::json(e.0, json!({ "error": e.1 }))
    }
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ts") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// A file of the page's directory; `index.html` learns that a game server serves it.
fn static_file(root: &Path, url_path: &str) -> Answer {
    let rel = url_path.trim_start_matches('/');
    let rel = if rel.is_empty() { "index.html" } else { rel };
    let safe = rel.split('/').all(|part| {
        !part.is_empty()
            && !part.starts_with('.')
            && part
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
    });
    if !safe {
        return Answer::error(ApiError(404, format!("no page {url_path:?}")));
    }
    let path = root.join(rel);
    let read = std::fs::metadata(&path)
        .ok()
        .filter(|m| m.is_file() && m.len() <= MAX_FILE)
        .and_then(|_| std::fs::read(&path).ok());
    let Some(mut body) = read else {
        let hint = if rel.starts_with("pkg/") {
            " (the page's package is not built: run web/build.sh)"
        } else {
            ""
        };
        return Answer::error(ApiError(404, format!("no page {url_path:?}{hint}")));
    };
    if rel == "index.html" {
        // the page loads its network play when it sees this
        let text = String::from_utf8_lossy(&body).replacen(
            "<head>",
            "<head>\n<meta name=\"cc-server\" content=\"shared games\">",
            1,
        );
        body = text.into_bytes();
    }
    Answer {
        status: 200,
        content_type: content_type(&path).into(),
        body,
    }
}

fn handle(tables: &mut Tables, root: &Path, req: &mut Request) -> Answer {
    let url = req.url().to_string();
    let path = url.split('?').next().unwrap_or("").to_string();
    let method = req.method().clone();
    if !path.starts_with("/api/") {
        return match method {
            Method::Get | Method::Head => static_file(root, &path),
            _ => Answer::error(ApiError(405, format!("{method} is not allowed on {path}"))),
        };
    }
    let parts: Vec<&str> = path["/api/".len()..].split('/').collect();
    // which route, and whether its method is right
    let route = match (&method, parts.as_slice()) {
        (Method::Post, ["games"]) => Some("create"),
        (Method::Get, ["games", _]) => Some("state"),
        (Method::Post, ["games", _, "join"]) => Some("join"),
        (Method::Post, ["games", _, "move"]) => Some("move"),
        (Method::Post, ["games", _, "draw"]) => Some("draw"),
        (Method::Post, ["games", _, "resign"]) => Some("resign"),
        (_, ["games"] | ["games", _] | ["games", _, "join" | "move" | "draw" | "resign"]) => None,
        _ => return Answer::error(ApiError(404, format!("no API {path:?}"))),
    };
    let Some(route) = route else {
        return Answer::error(ApiError(405, format!("{method} is not allowed on {path}")));
    };
    let fields = if method == Method::Post {
        match read_form(req) {
            Ok(f) => f,
            Err(e) => return Answer::error(e),
        }
    } else {
        HashMap::new()
    };
    let id = parts.get(1).copied().unwrap_or("");
    let result = match route {
        "create" => create(tables, &fields),
        "state" => tables.get(id).map(|t| t.state(id)),
        "join" => join(tables, id, &fields),
        "draw" => draw(tables, id, &fields),
        "resign" => resign(tables, id, &fields),
        _ => play(tables, id, &fields),
    };
    match result {
        Ok(v) => Answer::json(200, v),
        Err(e) => Answer::error(e),
    }
}

fn read_form(req: &mut Request) -> Result<HashMap<String, String>, ApiError> {
    let too_big = || ApiError(413, format!("request body over {MAX_BODY} bytes"));
    if req.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(too_big());
    }
    let mut body = Vec::new();
    req.as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut body)
        .map_err(|_| bad("could not read the request body"))?;
    if body.len() > MAX_BODY {
        return Err(too_big());
    }
    let text = String::from_utf8(body).map_err(|_| bad("request body is not UTF-8"))?;
    form(&text)
}

fn respond(req: Request, a: Answer) {
    let mut resp = Response::from_data(a.body).with_status_code(a.status);
    let headers = [
        format!("Content-Type: {}", a.content_type),
        "Cache-Control: no-store".to_string(),
        "X-Content-Type-Options: nosniff".to_string(),
    ];
    for h in headers {
        if let Ok(h) = h.parse::<Header>() {
            resp.add_header(h);
        }
    }
    let _ = req.respond(resp);
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let port = cli.port;
    let max_games = usize::from(cli.games);
    let root = cli
        .root
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/web/www")));
    let public = cli.public;
    if !root.join("index.html").is_file() {
        eprintln!("error: {} holds no index.html (--root)", root.display());
        return ExitCode::FAILURE;
    }
    if !root.join("pkg").join("column_checkers_web.js").is_file() {
        eprintln!(
            "warning: the page's package {} is not built: run web/build.sh (see web/README.md)",
            root.join("pkg").display()
        );
    }
    let host = if public { "0.0.0.0" } else { "127.0.0.1" };
    let server = match Server::http((host, port)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: cannot listen on {host}:{port}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let port = server.server_addr().to_ip().map_or(port, |a| a.port());
    println!("serving http://127.0.0.1:{port}/ (Ctrl-C to stop)");
    let mut tables = Tables::new(max_games);
    for mut req in server.incoming_requests() {
        let answer = catch_unwind(AssertUnwindSafe(|| handle(&mut tables, &root, &mut req)))
            .unwrap_or_else(|_| {
                Answer::error(ApiError(
                    500,
                    "internal error (a bug): see the server's log".into(),
                ))
            });
        respond(req, answer);
    }
    ExitCode::SUCCESS
}
