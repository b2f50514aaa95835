//! Play any ruleset in the browser, against the computer or another person at the same
//! screen.
//!
//! ```text
//! cargo run --release --example web -- [--port 8123] [--sessions 64]
//! ```
//!
//! then open <http://127.0.0.1:8123/>. The server listens on the loopback interface
//! only. The board is the crate's SVG diagram ([`column_checkers::text::svg`]); squares
//! are clicked one at a time through the click input
//! ([`column_checkers::engine::input::MoveInput`]), which highlights the squares that
//! may come next; the last move is marked, the moves are listed in the game's
//! notation, and the page offers undo, a new game of any ruleset, the position text
//! (paste one to start from it), the game record and the outcome.
//!
//! Each browser gets a session (a cookie) holding its game on the server; the oldest
//! sessions are dropped beyond `--sessions`. Every request is checked: bad input is
//! answered with a 4xx status and a JSON `{"error": ...}` naming what was wrong.
//!
//! The computer is the search of the `play` example (`examples/shared/search.rs`).
//!
//! HTTP API (all answers JSON except `/`):
//! `GET /api/state`; `POST /api/new` (form fields `game`, `mode` = `computer` or
//! `human`, `color` = `white` or `black`, `depth` 1–5, optional `position`);
//! `POST /api/click` (`square`); `POST /api/back` (take back the last click);
//! `POST /api/undo` (take back the last move, or against the computer, your last move
//! and its answer).

#[path = "shared/search.rs"]
mod search;

use column_checkers::engine::input::MoveInput;
use column_checkers::text::svg::{render_position, SvgOptions};
use column_checkers::tools::registry::{record_of_game, Ruleset, RulesetVisitor};
use column_checkers::{Checking, Color, Counting, Game, Introspect, MoveSquares};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::Read;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};
use tiny_http::{Header, Method, Request, Response, Server};

const USAGE: &str = "usage: web [--port N] [--sessions N]

Serves a page at http://127.0.0.1:PORT/ where a person plays any ruleset of the crate
against the computer or another person (loopback only).

options:
  --port N       the TCP port (default 8123; 0 picks a free one)
  --sessions N   the most games kept at once, one per browser (default 64)
  -h, --help     this text";

/// The longest request body read (a position text or a click is far shorter).
const MAX_BODY: usize = 16 * 1024;
/// The deepest search offered.
const MAX_DEPTH: u32 = 5;
/// The name of the session cookie.
const COOKIE: &str = "cc_session";

/// A request that cannot be served: the HTTP status and the reason in words.
#[derive(Debug)]
struct ApiError(u16, String);

fn bad(msg: impl Into<String>) -> ApiError {
    ApiError(400, msg.into())
}

/// Who plays the side not clicked by the person at the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Opponent {
    /// The computer, searching `depth` plies; the person plays `human`.
    Computer { human: Color, depth: u32 },
    /// Another person at the same screen: every move is clicked.
    Human,
}

/// The settings of a new game, read from a request.
#[derive(Clone, Debug)]
struct Setup {
    game: String,
    opponent: Opponent,
    position: Option<String>,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            game: "emergo".into(),
            opponent: Opponent::Computer {
                human: Color::White,
                depth: 2,
            },
            position: None,
        }
    }
}

/// A game of some ruleset, behind a trait object: the ruleset is chosen at run time
/// (once per new game, through the registry); everything inside is monomorphised.
trait Table: Send {
    /// The game as JSON for the page.
    fn state(&self) -> Value;
    /// A click on the square named `square`.
    fn click(&mut self, square: &str) -> Result<(), ApiError>;
    /// Takes back the last click.
    fn back(&mut self);
    /// Takes back the last move (against the computer: back to the person's turn).
    fn undo(&mut self) -> Result<(), ApiError>;
}

struct WebGame<P: Introspect + Counting + Checking> {
    setup: Setup,
    game: Game<P>,
    input: MoveInput<P>,
    /// What happened last, in words.
    message: String,
}

impl<P: Introspect + Counting + Checking> WebGame<P> {
    fn new(setup: Setup) -> Result<Self, ApiError> {
        let start = match &setup.position {
            Some(text) => text
                .parse::<P>()
                .map_err(|e| ApiError(422, format!("bad position text for {}: {e}", P::NAME)))?,
            None => P::start(),
        };
        let input = MoveInput::new(&start);
        let mut g = WebGame {
            setup,
            game: Game::new(start),
            input,
            message: String::new(),
        };
        g.message = format!("new game of {}", P::NAME);
        g.computer_plays();
        Ok(g)
    }

    fn computer_to_move(&self) -> Option<u32> {
        match self.setup.opponent {
            Opponent::Computer { human, depth }
                if self.game.outcome().is_none() && self.game.position().turn() != human =>
            {
                Some(depth)
            }
            _ => None,
        }
    }

    /// Lets the computer move while it is its turn.
    fn computer_plays(&mut self) {
        while let Some(depth) = self.computer_to_move() {
            let pos = self.game.position().clone();
            let Some((mv, score, nodes)) = search::computer_move(&pos, depth) else {
                break;
            };
            if self.game.play(&mv).is_err() {
                break;
            }
            self.message = format!("the computer plays {mv} (score {score}, {nodes} nodes)");
        }
        self.input = MoveInput::new(self.game.position());
    }

    fn names(&self, squares: &[column_checkers::Square]) -> Vec<&'static str> {
        let g = self.input.geometry();
        squares.iter().map(|&s| g.name(s)).collect()
    }
}

impl<P: Introspect + Counting + Checking> Table for WebGame<P> {
    fn state(&self) -> Value {
        let pos = self.game.position();
        let flip = matches!(
            self.setup.opponent,
            Opponent::Computer {
                human: Color::Black,
                ..
            }
        );
        let svg = render_position(pos, &SvgOptions::default().flipped(flip)).unwrap_or_default();
        // the last move: its squares, from the position before it
        let last: Vec<&str> = match self.game.moves().last() {
            Some(mv) => {
                let mut before = self.game.clone();
                before.undo();
                let mut squares = mv.clicks().to_vec();
                if let Some(info) = before.position().describe(mv) {
                    squares.extend(info.taken);
                }
                self.names(&squares)
            }
            None => Vec::new(),
        };
        let moves: Vec<String> = self.game.moves().iter().map(|m| m.to_string()).collect();
        let (mode, human, depth) = match self.setup.opponent {
            Opponent::Computer { human, depth } => ("computer", Some(human), depth),
            Opponent::Human => ("human", None, 2),
        };
        let outcome = self.game.outcome().map(|o| o.to_string());
        json!({
            "game": P::NAME,
            "mode": mode,
            "color": human.map(|c| c.to_string().to_lowercase()),
            "depth": depth,
            "svg": svg,
            "turn": pos.turn().to_string(),
            "next": self.names(&self.input.next_squares()),
            "clicks": self.names(self.input.clicks()),
            "last": last,
            "moves": moves,
            "start_white": self.game.start().turn() == Color::White,
            "position": pos.to_string(),
            "record": record_of_game(&self.game).to_string(),
            "outcome": outcome,
            "message": self.message,
        })
    }

    fn click(&mut self, square: &str) -> Result<(), ApiError> {
        if self.computer_to_move().is_some() {
            return Err(ApiError(409, "it is the computer's turn".into()));
        }
        match self.input.click_name(square) {
            Ok(None) => {
                self.message = format!("{} clicked", square.trim());
                Ok(())
            }
            Ok(Some(mv)) => {
                self.game
                    .play(&mv)
                    .map_err(|e| ApiError(422, format!("{mv}: {e}")))?;
                self.message = format!("{} plays {mv}", !self.game.position().turn());
                self.computer_plays();
                Ok(())
            }
            Err(e) => Err(ApiError(422, e.to_string())),
        }
    }

    fn back(&mut self) {
        self.input.undo();
        self.message = "click taken back".into();
    }

    fn undo(&mut self) -> Result<(), ApiError> {
        let mut taken = Vec::new();
        match self.setup.opponent {
            Opponent::Human => {
                if let Some(m) = self.game.undo() {
                    taken.push(m.to_string());
                }
            }
            Opponent::Computer { human, .. } => {
                // take back moves until one of the person's has gone and it is his turn
                let mut yours = false;
                while !(yours && self.game.position().turn() == human) {
                    if self.game.moves().is_empty() {
                        break;
                    }
                    let mover = !self.game.position().turn();
                    let Some(m) = self.game.undo() else { break };
                    yours |= mover == human;
                    taken.push(m.to_string());
                }
                if !yours {
                    for _ in &taken {
                        self.game.redo();
                    }
                    taken.clear();
                }
            }
        }
        if taken.is_empty() {
            return Err(ApiError(
                409,
                "there is no move of yours to take back".into(),
            ));
        }
        taken.reverse();
        self.message = format!("took back {}", taken.join(", "));
        self.input = MoveInput::new(self.game.position());
        Ok(())
    }
}

/// Builds the [`Table`] of the ruleset a [`Setup`] names.
struct NewTable(Setup);

impl RulesetVisitor for NewTable {
    type Output = Result<Box<dyn Table>, ApiError>;
    fn visit<P: Introspect + Counting + Checking>(self) -> Self::Output {
        Ok(Box::new(WebGame::<P>::new(self.0)?))
    }
}

fn new_table(setup: Setup) -> Result<Box<dyn Table>, ApiError> {
    let game = setup.game.clone();
    let ruleset = Ruleset::from_name(&game, &[]).map_err(|e| bad(e.to_string()))?;
    ruleset.visit(NewTable(setup))
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

fn read_setup(f: &HashMap<String, String>) -> Result<Setup, ApiError> {
    for k in f.keys() {
        if !["game", "mode", "color", "depth", "position"].contains(&k.as_str()) {
            return Err(bad(format!("unknown field {k:?}")));
        }
    }
    let game = f.get("game").cloned().unwrap_or_else(|| "emergo".into());
    if Ruleset::from_name(&game, &[]).is_err() {
        let known: Vec<&str> = Ruleset::ALL
            .iter()
            .filter(|r| r.options().is_empty())
            .map(|r| r.name())
            .collect();
        return Err(bad(format!(
            "unknown game {game:?}; known: {}",
            known.join(", ")
        )));
    }
    let depth = match f.get("depth").map(String::as_str) {
        None | Some("") => 2,
        Some(d) => d
            .parse()
            .ok()
            .filter(|d| (1..=MAX_DEPTH).contains(d))
            .ok_or_else(|| bad(format!("depth {d:?} is not a number from 1 to {MAX_DEPTH}")))?,
    };
    let human = match f.get("color").map(String::as_str) {
        None | Some("") | Some("white") => Color::White,
        Some("black") => Color::Black,
        Some(c) => return Err(bad(format!("color {c:?} is not white or black"))),
    };
    let opponent = match f.get("mode").map(String::as_str) {
        None | Some("") | Some("computer") => Opponent::Computer { human, depth },
        Some("human") => Opponent::Human,
        Some(m) => return Err(bad(format!("mode {m:?} is not computer or human"))),
    };
    let position = f
        .get("position")
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty());
    Ok(Setup {
        game,
        opponent,
        position,
    })
}

/// The games, one per session, the least recently used dropped first.
struct Sessions {
    tables: HashMap<u64, (Box<dyn Table>, u64)>,
    max: usize,
    clock: u64,
    rng: u64,
}

impl Sessions {
    fn new(max: usize) -> Self {
        let seed = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        Sessions {
            tables: HashMap::new(),
            max,
            clock: 0,
            rng: seed ^ (std::process::id() as u64) << 32,
        }
    }

    fn fresh_id(&mut self) -> u64 {
        loop {
            // SplitMix64
            self.rng = self.rng.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.rng;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            let id = z ^ (z >> 31);
            if id != 0 && !self.tables.contains_key(&id) {
                return id;
            }
        }
    }

    /// The session's table, made with the default setup when it has none; returns
    /// the id (new when `id` named no session).
    fn get(&mut self, id: Option<u64>) -> Result<(u64, &mut Box<dyn Table>), ApiError> {
        self.clock += 1;
        let id = match id.filter(|i| self.tables.contains_key(i)) {
            Some(i) => i,
            None => {
                let table = new_table(Setup::default())?;
                self.insert(table)
            }
        };
        let entry = self.tables.get_mut(&id).expect("present");
        entry.1 = self.clock;
        Ok((id, &mut entry.0))
    }

    fn insert(&mut self, table: Box<dyn Table>) -> u64 {
        while self.tables.len() >= self.max {
            let oldest = self
                .tables
                .iter()
                .min_by_key(|(_, (_, t))| *t)
                .map(|(&k, _)| k)
                .expect("not empty");
            self.tables.remove(&oldest);
        }
        let id = self.fresh_id();
        self.tables.insert(id, (table, self.clock));
        id
    }

    fn replace(&mut self, id: u64, table: Box<dyn Table>) {
        if let Some(entry) = self.tables.get_mut(&id) {
            entry.0 = table;
        }
    }
}

fn session_of(req: &Request) -> Option<u64> {
    req.headers()
        .iter()
        .filter(|h| h.field.equiv("Cookie"))
        .flat_map(|h| h.value.as_str().split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE)
        .and_then(|(_, v)| u64::from_str_radix(v, 16).ok())
}

struct Answer {
    status: u16,
    content_type: &'static str,
    body: String,
    session: Option<u64>,
}

impl Answer {
    fn json(status: u16, v: Value, session: Option<u64>) -> Self {
        Answer {
            status,
            content_type: "application/json; charset=utf-8",
            body: v.to_string(),
            session,
        }
    }
}

fn handle(sessions: &mut Sessions, req: &mut Request) -> Answer {
    let url = req.url().to_string();
    let path = url.split('?').next().unwrap_or("");
    let method = req.method().clone();
    let cookie = session_of(req);
    let err = |e: ApiError, session: Option<u64>, state: Option<Value>| {
        let mut v = json!({ "error": e.1 });
        if let Some(s) = state {
            v["state"] = s;
        }
        Answer::json(e.0, v, session)
    };
    match (&method, path) {
        (Method::Get, "/") | (Method::Get, "/index.html") => {
            return Answer {
                status: 200,
                content_type: "text/html; charset=utf-8",
                body: page(),
                session: None,
            }
        }
        (Method::Get, "/favicon.ico") => {
            return Answer {
                status: 204,
                content_type: "text/plain",
                body: String::new(),
                session: None,
            }
        }
        (Method::Get, "/api/state") => {}
        (Method::Post, "/api/new" | "/api/click" | "/api/back" | "/api/undo") => {}
        (_, "/" | "/api/state" | "/api/new" | "/api/click" | "/api/back" | "/api/undo") => {
            return err(
                ApiError(405, format!("{method} is not allowed on {path}")),
                None,
                None,
            )
        }
        _ => return err(ApiError(404, format!("no page {path:?}")), None, None),
    }
    // the form fields of a POST
    let fields = if method == Method::Post {
        if req.body_length().is_some_and(|n| n > MAX_BODY) {
            return err(
                ApiError(413, format!("request body over {MAX_BODY} bytes")),
                None,
                None,
            );
        }
        let mut body = Vec::new();
        let read = req
            .as_reader()
            .take(MAX_BODY as u64 + 1)
            .read_to_end(&mut body);
        if read.is_err() {
            return err(bad("could not read the request body"), None, None);
        }
        if body.len() > MAX_BODY {
            return err(
                ApiError(413, format!("request body over {MAX_BODY} bytes")),
                None,
                None,
            );
        }
        let text = match String::from_utf8(body) {
            Ok(t) => t,
            Err(_) => return err(bad("request body is not UTF-8"), None, None),
        };
        match form(&text) {
            Ok(f) => f,
            Err(e) => return err(e, None, None),
        }
    } else {
        HashMap::new()
    };
    if path == "/api/new" {
        let table = match read_setup(&fields).and_then(new_table) {
            Ok(t) => t,
            Err(e) => return err(e, None, None),
        };
        let id = match cookie.filter(|i| sessions.tables.contains_key(i)) {
            Some(i) => {
                sessions.replace(i, table);
                i
            }
            None => sessions.insert(table),
        };
        let state = sessions.get(Some(id)).map(|(_, t)| t.state());
        return match state {
            Ok(s) => Answer::json(200, json!({ "state": s }), Some(id)),
            Err(e) => err(e, Some(id), None),
        };
    }
    let (id, table) = match sessions.get(cookie) {
        Ok(x) => x,
        Err(e) => return err(e, None, None),
    };
    let result = match path {
        "/api/click" => match fields.get("square") {
            Some(sq) if fields.len() == 1 => table.click(sq),
            _ => Err(bad("send exactly one field, square")),
        },
        "/api/back" => {
            table.back();
            Ok(())
        }
        "/api/undo" => table.undo(),
        _ => Ok(()),
    };
    match result {
        Ok(()) => Answer::json(200, json!({ "state": table.state() }), Some(id)),
        Err(e) => err(e, Some(id), Some(table.state())),
    }
}

fn respond(req: Request, a: Answer) {
    let mut resp = Response::from_string(a.body).with_status_code(a.status);
    let mut headers = vec![
        format!("Content-Type: {}", a.content_type),
        "Cache-Control: no-store".to_string(),
        "X-Content-Type-Options: nosniff".to_string(),
    ];
    if let Some(id) = a.session {
        headers.push(format!(
            "Set-Cookie: {COOKIE}={id:016x}; Path=/; HttpOnly; SameSite=Strict"
        ));
    }
    for h in headers {
        if let Ok(h) = h.parse::<Header>() {
            resp.add_header(h);
        }
    }
    let _ = req.respond(resp);
}

fn main() -> ExitCode {
    let mut port: u16 = 8123;
    let mut max_sessions: usize = 64;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let r: Result<(), String> = match a.as_str() {
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--port" => args
                .next()
                .and_then(|v| v.parse().ok())
                .map(|p| port = p)
                .ok_or_else(|| "--port needs a number from 0 to 65535".to_string()),
            "--sessions" => args
                .next()
                .and_then(|v| v.parse().ok())
                .filter(|&n| (1..=10_000).contains(&n))
                .map(|n| max_sessions = n)
                .ok_or_else(|| "--sessions needs a number from 1 to 10000".to_string()),
            _ => Err(format!("unexpected argument {a:?}")),
        };
        if let Err(e) = r {
            eprintln!("error: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    let server = match Server::http(("127.0.0.1", port)) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: cannot listen on 127.0.0.1:{port}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let addr = server
        .server_addr()
        .to_ip()
        .map_or_else(|| format!("127.0.0.1:{port}"), |a| a.to_string());
    println!("serving http://{addr}/ (Ctrl-C to stop)");
    let mut sessions = Sessions::new(max_sessions);
    for mut req in server.incoming_requests() {
        let answer = catch_unwind(AssertUnwindSafe(|| handle(&mut sessions, &mut req)))
            .unwrap_or_else(|_| {
                Answer::json(
                    500,
                    json!({ "error": "internal error (a bug): see the server's log" }),
                    None,
                )
            });
        respond(req, answer);
    }
    ExitCode::SUCCESS
}

/// The page with the list of rulesets filled in.
fn page() -> String {
    let rulesets: Vec<Value> = Ruleset::ALL
        .iter()
        .filter(|r| r.options().is_empty())
        .map(|r| json!({ "name": r.name(), "about": r.about() }))
        .collect();
    PAGE.replace("__RULESETS__", &Value::from(rulesets).to_string())
}

/// The page: the board, the controls, the move list; plain HTML and JavaScript.
const PAGE: &str = include_str!("shared/web_page.html");
