//! End to end: the static page of `web/www` (the browser bindings of `web/`, built by
//! `web/build.sh`) in a real browser, and the game server example (`examples/web.rs`)
//! that serves it to two machines.
//!
//! Headless Chromium is driven through chromedriver's WebDriver HTTP API:
//! - the page served by a plain static file server (a few lines of std below): the
//!   opening of the Italian rules text's Emergo game by clicks between two people at
//!   one screen, Black's forced capture `g6-e6-c6` with its highlights, a Lasca capture
//!   that crowns, a hint (the move outlined, an arrow along a capture) and the analysis
//!   line from the second worker, the level chooser (each level's measured score in
//!   the game chosen), a move by the computer at level 2 and at level 10 thinking 0.2 s
//!   (from its Web Worker), a column of nine with its height badge; every step is
//!   checked against the crate; the layout at 1280x800, 400x800 and 390x844 (Undo and
//!   Resign in view, nothing moved by a long error or the analysis, no sideways
//!   scroll). Screenshots go to `target/web-page.png`, `target/web-page-narrow.png`,
//!   `target/web-levels.png`, `target/web-levels-phone.png` and
//!   `target/web-stacks.png` (and to `docs/` when `UPDATE_DOCS_SCREENSHOT` is set);
//! - the page served by the game server: a shared game between the browser and a
//!   second player speaking the server's HTTP API;
//! - the game server's API without a browser: bad requests get a 4xx answer that says
//!   what was wrong.
//!
//! The two browser tests need Debian's `chromium` and `chromium-driver` and the built
//! package (`web/www/pkg`), so they are ignored by a plain `cargo test` (which reports
//! them as ignored) and run with `cargo test --test web_browser -- --include-ignored`
//! (`web/ci.sh` installs the browser, builds the package and runs them so); run so
//! without what they need, they fail and say what is missing. The API test runs in
//! every `cargo test`, which builds the `web` example beside the test binary.

use column_checkers::playout::SplitMix64;
use column_checkers::{Bashni, Color, Emergo, Introspect, Lasca, MoveList, MoveSquares, Position};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The opening of the Italian rules text of Emergo, as printed there.
const OPENING: [&str; 13] = [
    "d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6", "g6-e6-c6", "b6-d6", "d7-d5", "c6-e6",
];

/// Kills a child process when dropped.
struct Reaper(Child);

impl Drop for Reaper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn which(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(name))
            .find(|p| p.is_file())
    })
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The page's directory.
fn www() -> PathBuf {
    root().join("web").join("www")
}

/// One HTTP request on a fresh connection; returns the status and the body (read by
/// its `Content-Length`, or to the end).
fn http(
    port: u16,
    method: &str,
    path: &str,
    content_type: &str,
    body: &str,
) -> Result<(u16, String), String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    s.set_read_timeout(Some(Duration::from_secs(120))).ok();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).map_err(|e| e.to_string())?;
    s.write_all(body.as_bytes()).map_err(|e| e.to_string())?;
    let mut r = BufReader::new(s);
    let mut status_line = String::new();
    r.read_line(&mut status_line).map_err(|e| e.to_string())?;
    let status = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| format!("no status in {status_line:?}"))?;
    let mut length = None;
    loop {
        let mut line = String::new();
        r.read_line(&mut line).map_err(|e| e.to_string())?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                length = v.trim().parse::<usize>().ok();
            }
        }
    }
    let mut raw = Vec::new();
    match length {
        Some(n) => {
            raw.resize(n, 0);
            r.read_exact(&mut raw).map_err(|e| e.to_string())?;
        }
        None => {
            r.read_to_end(&mut raw).map_err(|e| e.to_string())?;
        }
    }
    Ok((status, String::from_utf8_lossy(&raw).into_owned()))
}

/// A form POST or a GET to the game server; the status and the JSON answer.
fn api(port: u16, method: &str, path: &str, form: &str) -> (u16, Value) {
    let (status, body) = http(
        port,
        method,
        path,
        "application/x-www-form-urlencoded",
        form,
    )
    .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

/// A static file server of the page's directory: std only, one thread, every
/// connection closed after its answer. It stands for any static file host.
fn static_server(dir: PathBuf) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = listener.local_addr().expect("an address").port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut r = BufReader::new(stream);
            let mut line = String::new();
            if r.read_line(&mut line).is_err() {
                continue;
            }
            // skip the headers
            loop {
                let mut h = String::new();
                if r.read_line(&mut h).map_or(true, |n| n == 0) || h.trim().is_empty() {
                    break;
                }
            }
            let path = line.split_whitespace().nth(1).unwrap_or("/");
            let path = path.split('?').next().unwrap_or("/");
            let rel = match path.trim_start_matches('/') {
                "" => "index.html",
                p => p,
            };
            let file = (!rel.contains(".."))
                .then(|| std::fs::read(dir.join(rel)).ok())
                .flatten();
            let kind = match rel.rsplit('.').next() {
                Some("html") => "text/html",
                Some("js") => "text/javascript",
                Some("css") => "text/css",
                Some("wasm") => "application/wasm",
                _ => "application/octet-stream",
            };
            let mut s = r.into_inner();
            let (status, body) = match file {
                Some(b) => ("200 OK", b),
                None => ("404 Not Found", b"not found".to_vec()),
            };
            let head = format!(
                "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            let _ = s.write_all(head.as_bytes());
            let _ = s.write_all(&body);
        }
    });
    port
}

/// A WebDriver session.
struct Driver {
    port: u16,
    session: String,
}

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

impl Driver {
    fn cmd(&self, method: &str, what: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{what}", self.session);
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let (status, text) = http(
            self.port,
            method,
            &path,
            "application/json; charset=utf-8",
            &body,
        )
        .unwrap_or_else(|e| panic!("webdriver {method} {what}: {e}"));
        let v: Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("webdriver {method} {what}: {e}: {text}"));
        assert!(status == 200, "webdriver {method} {what}: {status} {v}");
        v["value"].clone()
    }

    fn exec(&self, script: &str) -> Value {
        self.cmd(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": [] })),
        )
    }

    fn find(&self, css: &str) -> String {
        let v = self.cmd(
            "POST",
            "/element",
            Some(json!({ "using": "css selector", "value": css })),
        );
        v[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("no element {css}: {v}"))
            .to_string()
    }

    fn click(&self, css: &str) {
        let id = self.find(css);
        self.cmd("POST", &format!("/element/{id}/click"), Some(json!({})));
        self.wait_idle();
    }

    fn type_into(&self, css: &str, text: &str) {
        let id = self.find(css);
        self.cmd("POST", &format!("/element/{id}/clear"), Some(json!({})));
        self.cmd(
            "POST",
            &format!("/element/{id}/value"),
            Some(json!({ "text": text })),
        );
    }

    fn open(&self, url: &str) {
        self.cmd("POST", "/url", Some(json!({ "url": url })));
        self.wait_until("the page is ready", "document.body.dataset.ready === '1'");
        self.wait_idle();
    }

    /// Waits until `condition` (a JavaScript expression) holds.
    fn wait_until(&self, what: &str, condition: &str) {
        let t = Instant::now();
        while self.exec(&format!("return !!({condition});")) != json!(true) {
            assert!(
                t.elapsed() < Duration::from_secs(60),
                "{what}: not after 60 s; the page says {:?}",
                self.text("#message")
            );
            std::thread::sleep(Duration::from_millis(25));
        }
    }

    /// Waits until the page is not busy (loading, or the computer thinking).
    fn wait_idle(&self) {
        self.wait_until("the page is idle", "document.body.dataset.busy === '0'");
    }

    fn strings(&self, script: &str) -> Vec<String> {
        self.exec(script)
            .as_array()
            .expect("an array")
            .iter()
            .map(|v| v.as_str().expect("a string").to_string())
            .collect()
    }

    fn marked(&self, class: &str) -> Vec<String> {
        let mut v = self.strings(&format!(
            "return Array.from(document.querySelectorAll('#board [data-square].{class}')).map(e => e.dataset.square);"
        ));
        v.sort();
        v
    }

    fn moves(&self) -> Vec<String> {
        self.strings(
            "return Array.from(document.querySelectorAll('#moves li')).map(e => e.textContent);",
        )
    }

    fn value(&self, css: &str) -> String {
        self.exec(&format!("return document.querySelector('{css}').value;"))
            .as_str()
            .expect("a value")
            .to_string()
    }

    fn text(&self, css: &str) -> String {
        self.exec(&format!(
            "return (document.querySelector('{css}') || {{}}).textContent || '';"
        ))
        .as_str()
        .unwrap_or_default()
        .to_string()
    }

    /// Whether the element is shown (not `hidden`, laid out).
    fn visible(&self, css: &str) -> bool {
        self.exec(&format!(
            "const e = document.querySelector('{css}'); return !!e && !e.hidden && e.offsetParent !== null;"
        )) == json!(true)
    }

    fn message_is_error(&self) -> bool {
        self.exec("return document.getElementById('message').className;") == json!("error")
    }

    /// Starts a two-player game of `game` from the position `text` (or the start).
    fn new_two_player_game(&self, game: &str, text: Option<&str>) {
        self.click(&format!("#ruleset option[value='{game}']"));
        self.click("#mode option[value='human']");
        match text {
            Some(t) => {
                self.type_into("#position", t);
                self.click("#frompos");
            }
            None => self.click("#newgame"),
        }
        assert_eq!(self.text("#message"), format!("new game of {game}"));
    }

    /// Clicks the squares of a move, checking before each click after the first that
    /// the square is highlighted.
    fn play_clicks(&self, squares: &[&str]) {
        for (i, sq) in squares.iter().enumerate() {
            if i > 0 {
                let next = self.marked("next");
                assert!(
                    next.iter().any(|n| n == sq),
                    "{sq} not highlighted: {next:?}"
                );
            }
            self.click(&format!("#board [data-square='{sq}']"));
            assert!(
                !self.message_is_error(),
                "click on {sq}: {}",
                self.text("#message")
            );
        }
    }

    /// Sizes the window so that the page's viewport is `width` by `height` pixels:
    /// the window at that size, then grown by what its frame takes.
    fn viewport(&self, width: i64, height: i64) {
        let inner = "return [window.innerWidth, window.innerHeight];";
        let rect = |w: i64, h: i64| {
            self.cmd(
                "POST",
                "/window/rect",
                Some(json!({"width": w, "height": h})),
            );
        };
        rect(width, height);
        let got = self.exec(inner);
        let (iw, ih) = (
            got[0].as_i64().unwrap_or(width),
            got[1].as_i64().unwrap_or(height),
        );
        rect(2 * width - iw, 2 * height - ih);
        assert_eq!(self.exec(inner), json!([width, height]), "the viewport");
    }

    /// Saves the page, scrolled to its top, as `target/NAME`.
    fn screenshot(&self, name: &str) {
        self.exec("window.scrollTo(0, 0);");
        self.save_screenshot(name);
    }

    /// Saves the page scrolled to the element `css` as `target/NAME`.
    fn screenshot_of(&self, name: &str, css: &str) {
        self.cmd(
            "POST",
            "/execute/sync",
            Some(json!({"script": "document.querySelector(arguments[0]).scrollIntoView();", "args": [css]})),
        );
        self.save_screenshot(name);
    }

    /// Saves the page as it is in view as `target/NAME` (and in `docs/` when
    /// `UPDATE_DOCS_SCREENSHOT` is set).
    fn save_screenshot(&self, name: &str) {
        let shot = self.cmd("GET", "/screenshot", None);
        let png = base64_decode(shot.as_str().expect("base64"));
        assert_eq!(&png[1..4], b"PNG");
        std::fs::write(root().join("target").join(name), &png).expect("screenshot");
        if std::env::var_os("UPDATE_DOCS_SCREENSHOT").is_some() {
            std::fs::write(root().join("docs").join(name), &png).expect("docs screenshot");
        }
    }
}

fn base64_decode(s: &str) -> Vec<u8> {
    let val = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let bytes: Vec<u8> = s
        .bytes()
        .filter(|&c| c != b'=' && !c.is_ascii_whitespace())
        .collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let v: Vec<u32> = chunk.iter().map(|&c| val(c) as u32).collect();
        let n = v
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &x)| acc | x << (18 - 6 * i));
        out.extend(n.to_be_bytes()[1..chunk.len()].iter());
    }
    out
}

/// The `web` example's binary, built by `cargo test` beside the test binary.
fn web_binary() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let dir = exe.parent()?.parent()?; // target/<profile>/deps -> target/<profile>
    let p = dir.join("examples").join("web");
    p.is_file().then_some(p)
}

/// Why the browser tests cannot run here, if they cannot.
fn missing() -> Option<String> {
    let mut why = Vec::new();
    for tool in ["chromium", "chromedriver"] {
        if which(tool).is_none() {
            why.push(format!(
                "{tool} is not installed (apt-get install chromium chromium-driver)"
            ));
        }
    }
    if !www().join("pkg").join("column_checkers_web.js").is_file() {
        why.push("the page's package web/www/pkg is not built (web/build.sh)".into());
    }
    (!why.is_empty()).then(|| why.join("; "))
}

/// Fails the test `test` when something it needs is missing (`why`): a test that
/// cannot run never counts as passed.
fn require(test: &str, why: Option<String>) {
    if let Some(why) = why {
        panic!("{test} cannot run: {why}");
    }
}

fn start_server(web: &Path) -> (Reaper, u16) {
    let mut child = Command::new(web)
        .args(["--port", "0", "--root"])
        .arg(www())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the web example starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("its first line");
    let port = line
        .split("127.0.0.1:")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {line:?}"));
    (Reaper(child), port)
}

/// A browser: chromedriver with a fresh profile, removed when dropped.
struct Browser {
    driver: Driver,
    _process: Reaper,
    profile: PathBuf,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = http(
            self.driver.port,
            "DELETE",
            &format!("/session/{}", self.driver.session),
            "application/json",
            "",
        );
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn start_browser(name: &str) -> Browser {
    let chromium = which("chromium").expect("chromium");
    let profile = std::env::temp_dir().join(format!("cc-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    std::fs::create_dir_all(&profile).expect("a profile directory");
    let port = free_port();
    let child = Command::new(which("chromedriver").expect("chromedriver"))
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let reaper = Reaper(child);
    let t = Instant::now();
    loop {
        if let Ok((200, body)) = http(port, "GET", "/status", "application/json", "") {
            if body.contains("\"ready\":true") {
                break;
            }
        }
        assert!(
            t.elapsed() < Duration::from_secs(30),
            "chromedriver not ready"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let caps = json!({ "capabilities": { "alwaysMatch": {
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": chromium.to_string_lossy(),
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--window-size=1280,800",
                format!("--user-data-dir={}", profile.display()),
            ]
        }
    }}});
    let (status, text) = http(
        port,
        "POST",
        "/session",
        "application/json",
        &caps.to_string(),
    )
    .expect("new session");
    let v: Value = serde_json::from_str(&text).expect("json");
    assert_eq!(status, 200, "new session: {v}");
    let session = v["value"]["sessionId"]
        .as_str()
        .expect("session id")
        .to_string();
    Browser {
        driver: Driver { port, session },
        _process: reaper,
        profile,
    }
}

/// A position reached by random legal moves from the start (seeded) where some
/// column has `height` men or more and each side commands four columns or more,
/// White to move.
fn tall_columns<P: Position>(height: usize) -> P {
    for seed in 1.. {
        let mut rng = SplitMix64::new(seed);
        let mut pos = P::start();
        let mut moves = MoveList::new();
        for _ in 0..200 {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let view = pos.board_view();
            let tallest = view
                .as_ref()
                .and_then(|v| v.occupied().map(|(_, s)| s.height()).max())
                .unwrap_or(0);
            // both sides with columns enough for the game to go on a while
            let columns = |c: Color| {
                view.as_ref().map_or(0, |v| {
                    v.occupied().filter(|(_, s)| s.owner() == Some(c)).count()
                })
            };
            if tallest >= height
                && pos.turn() == Color::White
                && columns(Color::White) >= 4
                && columns(Color::Black) >= 4
            {
                return pos;
            }
            pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
    }
    unreachable!("some seed gives tall columns")
}

/// The squares of the click path of a move text of position `pos`.
fn clicks_of<P: Introspect>(pos: &P, text: &str) -> Vec<String> {
    let mv = pos.parse_move(text).expect("a legal move");
    let g = pos.geometry();
    mv.clicks().iter().map(|&s| g.name(s).to_string()).collect()
}

#[test]
#[ignore = "needs chromium, chromedriver and web/www/pkg: cargo test --test web_browser -- --include-ignored"]
fn static_page_plays_in_headless_chromium() {
    require("web_browser (static page)", missing());
    let port = static_server(www());
    let browser = start_browser("page");
    let d = &browser.driver;
    d.open(&format!("http://127.0.0.1:{port}/"));
    d.viewport(1280, 800);
    // a plain static server: the page offers no network play
    assert_eq!(d.exec("return document.body.dataset.net || '';"), json!(""));
    let rulesets = d.strings(
        "return Array.from(document.querySelectorAll('#ruleset option')).map(o => o.value);",
    );
    for r in column_checkers::Ruleset::ALL {
        assert!(
            rulesets.iter().any(|n| n == r.name()),
            "{} offered",
            r.name()
        );
    }

    // the shortest thinking time (0.2 s a move) for the hints, the analysis and the
    // computer at level 10
    d.click("#time option[value='200']");
    // Emergo, two players: the Italian text's opening, click by click
    d.new_two_player_game("emergo", None);
    assert_eq!(d.marked("next").len(), 40, "any square but the centre e5");
    let mut pos = Emergo::start();
    let mut played = Vec::new();
    for text in OPENING {
        let clicks = clicks_of(&pos, text);
        let refs: Vec<&str> = clicks.iter().map(String::as_str).collect();
        if text == "g6-e6-c6" {
            // the capture is compulsory: only g6 may be clicked, then only e6, c6
            assert_eq!(d.marked("next"), ["g6"]);
            d.click("#board [data-square='d8']");
            assert!(d.message_is_error());
            assert_eq!(
                d.text("#message"),
                "no move starts on d8: the column there cannot capture; capture is compulsory; a move starts on g6"
            );
            assert_eq!(d.marked("next"), ["g6"]);
            // before the first click the man that must move has a faint mark; once
            // clicked, its destination a dot (as draughts sites do), not a painted square
            assert_eq!(d.strings("return Array.from(document.querySelectorAll('#board .mark.start')).map(e => e.dataset.mark);"), ["g6"]);
            d.play_clicks(&refs[..1]);
            assert_eq!(d.marked("next"), ["e6"]);
            assert_eq!(d.strings("return Array.from(document.querySelectorAll('#board .mark.dest')).map(e => e.dataset.mark);"), ["e6"]);
            assert_eq!(d.marked("picked"), ["g6"]);
            assert!(d.text("#status").ends_with("clicked g6"));
            d.play_clicks(&refs[1..2]);
            assert_eq!(d.marked("next"), ["c6"]);
            assert_eq!(d.marked("picked"), ["e6", "g6"]);
            d.play_clicks(&refs[2..]);
            // the capture is marked: its squares, and the men it took
            assert_eq!(d.marked("last"), ["c6", "e6", "g6"]);
            assert_eq!(d.marked("taken"), ["d6", "f6"]);
            // and crossed, plainly
            let mut crossed = d.strings("return Array.from(document.querySelectorAll('#board .mark.taken-x')).map(e => e.dataset.mark);");
            crossed.sort();
            assert_eq!(crossed, ["d6", "f6"]);
            // one notation on the page: the PDN's short capture
            assert_eq!(d.text("#message"), "Black plays g6xc6");
        } else {
            d.play_clicks(&refs);
        }
        let mv = pos.parse_move(text).unwrap();
        played.push(pos.short_move_text(&mv));
        pos.play(&mv).unwrap();
        assert_eq!(d.value("#position"), pos.to_string(), "after {text}");
    }
    let pairs: Vec<String> = played.chunks(2).map(|c| c.join("  ")).collect();
    assert_eq!(d.moves(), pairs);
    assert!(pairs[4].ends_with("g6xc6"), "{pairs:?}");
    // the last move is marked: c6-e6 jumped d6
    assert_eq!(d.marked("last"), ["c6", "e6"]);
    assert_eq!(d.marked("taken"), ["d6"]);
    // the record writes a capture by its first and last square when that names it
    assert!(
        d.value("#record").contains("5. f6 g6xc6"),
        "{}",
        d.value("#record")
    );
    // Black to move, with men in hand: the squares where he may enter are highlighted
    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    let mut entries: Vec<String> = legal
        .iter()
        .map(|m| pos.geometry().name(m.destination()).to_string())
        .collect();
    entries.sort();
    assert_eq!(d.marked("next"), entries);
    // the side to move in the large indicator at the top of the panel; the men in hand
    // told once, in the page's status line (not under the board)
    assert_eq!(d.text("#turn-text"), "Black to move");
    assert_eq!(
        d.exec("return document.getElementById('turn').dataset.turn;"),
        json!("black")
    );
    assert_eq!(d.text("#status"), "in hand: White 7, Black 8");
    assert!(!d.text("#board").contains("in hand"));
    // the column under the pointer, bottom to top
    d.exec("document.querySelector(\"#board [data-square='e6']\").dispatchEvent(new PointerEvent('pointerover', {bubbles: true}));");
    assert_eq!(
        d.text("#column"),
        "e6: 3 men, bottom to top b w w (White's column)"
    );
    // a hint: the second worker's move for Black, its squares outlined in blue
    let hinted = "return Array.from(document.querySelectorAll('#board .mark.hint-outline')).map(e => e.dataset.mark);";
    assert!(d.strings(hinted).is_empty());
    d.click("#hint");
    d.wait_until(
        "the hint on the board",
        "document.querySelector('#board .mark.hint-outline')",
    );
    let message = d.text("#message");
    let hint = message
        .strip_prefix("hint: ")
        .and_then(|m| m.split(' ').next())
        .unwrap_or_else(|| panic!("{message}"));
    assert_eq!(d.strings(hinted), clicks_of(&pos, hint), "{message}");
    // the analysis line, on demand, in a slot of fixed height: nothing moves
    let line = "const r = document.getElementById('analysis-line').getBoundingClientRect(); const m = document.getElementById('moves').getBoundingClientRect(); return [r.height, m.top + scrollY].join(' ');";
    let before = d.exec(line);
    assert_eq!(d.text("#analysis-line"), "");
    d.click("#analysis");
    d.wait_until(
        "the analysis line",
        "document.getElementById('analysis-line').textContent.startsWith('depth ')",
    );
    let analysis = d.text("#analysis-line");
    assert!(
        analysis.contains(" men for Black") || analysis.contains(" wins in "),
        "{analysis}"
    );
    assert!(
        analysis.contains(&format!("best line {hint}")),
        "{analysis}"
    );
    assert_eq!(d.exec(line), before, "the analysis line moves nothing");
    d.screenshot("web-page.png");
    // the layout: Undo and Resign in view at 1280x800; a long error wraps inside its
    // box and moves nothing; at 400 px wide no sideways scroll
    let in_view = "const r = document.getElementById(arguments[0]).getBoundingClientRect(); return r.bottom <= window.innerHeight && r.right <= window.innerWidth;";
    for id in ["undo", "resign", "turn"] {
        assert_eq!(
            d.cmd(
                "POST",
                "/execute/sync",
                Some(json!({"script": in_view, "args": [id]}))
            ),
            json!(true),
            "{id} in view"
        );
    }
    let place = "const s = document.getElementById('side').getBoundingClientRect(); const m = document.getElementById('moves').getBoundingClientRect(); return [s.left, s.top + scrollY, m.top + scrollY].join(' ');";
    let before = d.exec(place);
    let long_pdn = format!("[Event \"x\"]\n1. {}", "zz99-zz98 ".repeat(60));
    d.cmd(
        "POST",
        "/execute/sync",
        Some(json!({"script": "document.getElementById('record').value = arguments[0];", "args": [long_pdn]})),
    );
    d.click("#loadpdn");
    assert!(d.message_is_error());
    assert_eq!(d.exec(place), before, "a long error moves nothing");
    d.viewport(400, 800);
    assert_eq!(
        d.exec(
            "return document.documentElement.scrollWidth <= document.documentElement.clientWidth && document.scrollingElement.scrollWidth <= window.innerWidth;"
        ),
        json!(true),
        "no sideways scroll at 400 px"
    );
    // the board fills the width, and Undo and Resign are still in view below it
    for id in ["undo", "resign", "hint"] {
        assert_eq!(
            d.cmd(
                "POST",
                "/execute/sync",
                Some(json!({"script": in_view, "args": [id]}))
            ),
            json!(true),
            "{id} in view at 400x800"
        );
    }
    d.screenshot("web-page-narrow.png");
    d.viewport(1280, 800);

    // the move list steps through the game without changing it: its 10th move (the
    // capture g6xc6) clicked, then one move on with the arrow, then back to the game
    let live = d.value("#position");
    d.click("#moves [data-ply='10']");
    assert_eq!(d.marked("last"), ["c6", "e6", "g6"]);
    assert_eq!(d.marked("taken"), ["d6", "f6"]);
    assert!(d.marked("next").is_empty(), "no clicks while viewing");
    assert!(
        d.text("#status")
            .starts_with("the board shows the game after move 10 of 13"),
        "{}",
        d.text("#status")
    );
    assert_eq!(d.value("#position"), live, "the game itself unchanged");
    // the men in hand of the position shown (after 5. f6 ... g6xc6: 7 and 8 left)
    assert!(d.text("#status").ends_with("in hand: White 7, Black 8"));
    d.click("#view-forward");
    assert_eq!(d.marked("last"), ["b6", "d6"]);
    d.click("#view-back");
    d.click("#view-back");
    assert_eq!(d.marked("last"), ["f6"]);
    d.click("#board [data-square='a5']");
    assert_eq!(d.marked("last"), ["c6", "e6"]);
    assert_eq!(d.moves().len(), 7, "the click only returned to the game");
    assert_eq!(d.value("#position"), live);

    assert_eq!(
        d.strings(hinted),
        clicks_of(&pos, hint),
        "the hint back with the game"
    );

    // undo takes back one move between two people; the hint goes with the position
    d.click("#undo");
    assert_eq!(d.text("#message"), "took back c6xe6");
    assert_eq!(d.moves().len(), 6);
    assert!(d.strings(hinted).is_empty());
    d.click("#analysis");
    assert_eq!(d.text("#analysis-line"), "");

    // a draw offered between two people at one screen: declined, then agreed
    assert!(!d.visible("#draw-answer"));
    assert_eq!(d.text("#offer-draw"), "White offers a draw");
    d.click("#offer-draw");
    assert!(d.visible("#draw-answer"));
    assert_eq!(d.text("#draw-answer-text"), "White offers a draw.");
    assert_eq!(d.text("#accept-draw"), "Black accepts");
    d.click("#decline-draw");
    assert_eq!(d.text("#message"), "Black declines the draw; play on");
    assert!(!d.visible("#draw-answer"));
    assert_eq!(d.text("#outcome"), "");
    d.click("#offer-draw");
    d.click("#accept-draw");
    assert_eq!(
        d.text("#message"),
        "Black accepts White's draw offer: the game is drawn"
    );
    assert_eq!(d.text("#outcome"), "Game over: 1/2-1/2 draw: draw agreed");
    assert!(d.value("#record").contains("[Result \"1/2-1/2\"]"));
    assert!(d.marked("next").is_empty());
    d.click("#board [data-square='c5']");
    assert!(d.message_is_error());
    assert!(d.text("#message").starts_with("the game is over"));
    // undo withdraws the agreement with the last move
    d.click("#undo");
    assert_eq!(d.text("#message"), "took back the agreed draw, d7xd5");
    assert_eq!(d.text("#outcome"), "");
    // Black, to move, resigns
    assert_eq!(d.text("#resign"), "Black resigns");
    d.click("#resign");
    assert_eq!(
        d.text("#message"),
        "Black resigns: 1-0 White wins: resignation"
    );
    assert_eq!(d.text("#outcome"), "Game over: 1-0 White wins: resignation");
    assert_eq!(
        d.exec("return document.getElementById('resign').disabled;"),
        json!(true)
    );

    // Lasca: a two-jump capture that crowns the soldier, from a position pasted into
    // the page
    let start = "a1:w,c3:w,d4:b,d6:bb,g7:b w";
    let lasca: Lasca = start.parse().unwrap();
    let mut legal = MoveList::new();
    lasca.legal_moves(&mut legal);
    assert_eq!(legal.len(), 1, "{legal:?}");
    let mv = legal[0];
    assert_eq!(mv.men_captured(), 2);
    assert!(lasca.describe(&mv).unwrap().crowned);
    d.new_two_player_game("lasca", Some(start));
    let clicks = clicks_of(&lasca, &mv.to_string());
    let refs: Vec<&str> = clicks.iter().map(String::as_str).collect();
    // the hint of a capture: its squares outlined and an arrow along its jumps
    d.click("#hint");
    d.wait_until(
        "the hint's arrow",
        "document.querySelector('#board .mark.hint-arrow')",
    );
    assert_eq!(d.strings(hinted), clicks);
    d.play_clicks(&refs);
    assert!(d.strings(hinted).is_empty(), "the hint gone with the move");
    let mut after = lasca.clone();
    after.play(&mv).unwrap();
    assert_eq!(d.value("#position"), after.to_string());
    assert_eq!(d.moves(), [lasca.short_move_text(&mv)]);
    // the officer is drawn with its ring, on top of its two prisoners
    let rings =
        d.exec("return document.querySelectorAll('#board ellipse[stroke=\"#d4a017\"]').length;");
    assert_eq!(rings, json!(1));
    // the board says how its column labels read (the officer's column is `W2b`)
    assert_eq!(
        d.text("#board-note"),
        format!("Labels: {}.", column_checkers::custom::COLUMN_LEGEND)
    );
    assert!(d.text("#board").contains("W2b"), "{}", d.text("#board"));
    assert!(d
        .value("#record")
        .contains("[FEN \"a1:w,c3:w,d4:b,d6:bb,g7:b w\"]"));

    // the computer's levels: 1 (beginner) to 10 (master), each with its measured
    // strength in the game chosen (the ladder's figures), or that it has none there
    d.click("#mode option[value='computer']");
    d.click("#ruleset option[value='hexemergo']");
    let options = "return Array.from(document.querySelectorAll('#level option')).map(o => o.value + '|' + o.dataset.name + '|' + o.dataset.measured);";
    let offered = d.strings(options);
    assert_eq!(offered.len(), 10, "{offered:?}");
    assert_eq!(offered[0], "1|1 · beginner|", "not measured in HexEmergo");
    assert_eq!(offered[9], "10|10 · master|");
    assert_eq!(
        d.text("#level-strength"),
        "Level 3 · learner: not measured in this game",
        "level 3 first"
    );
    d.click("#ruleset option[value='emergo']");
    let offered = d.strings(options);
    for (i, o) in offered.iter().enumerate() {
        let level = column_checkers_player::Level::new(i as u8 + 1).unwrap();
        let m = level
            .measured::<Emergo>()
            .expect("Emergo's levels measured");
        assert_eq!(*o, format!("{}|{} · {}|{m}", i + 1, i + 1, level.name()));
    }
    // level 2 against the person playing White: an entry by click, and the computer
    // answers from its worker at once (its own small budget, not the thinking time)
    d.click("#color option[value='white']");
    d.click("#level option[value='2']");
    let two = column_checkers_player::Level::new(2).unwrap();
    assert_eq!(
        d.text("#level-strength"),
        format!("Level 2 · novice: {}", two.measured::<Emergo>().unwrap())
    );
    d.click("#time option[value='10000']");
    d.click("#newgame");
    assert!(
        d.text("#title")
            .ends_with("(you play White against the computer at level 2)"),
        "{}",
        d.text("#title")
    );
    let started = Instant::now();
    d.play_clicks(&["d6"]);
    d.wait_idle();
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "level 2 thought {:?}, as long as level 10's 10 s",
        started.elapsed()
    );
    let moves = d.moves();
    assert_eq!(moves.len(), 1, "{moves:?}");
    assert!(moves[0].starts_with("d6  "), "{moves:?}");
    let mut pos = Emergo::start();
    pos.play(&pos.parse_move("d6").unwrap()).unwrap();
    let answer = moves[0].trim_start_matches("d6").trim();
    assert!(pos.parse_move(answer).is_ok(), "{answer} is legal");
    let message = d.text("#message");
    assert!(
        message.starts_with("the computer plays") && message.contains("(depth "),
        "{message}"
    );
    // the level chooser at a desktop's and a phone's width: in view, no sideways scroll
    d.screenshot_of("web-levels.png", "#setup");
    d.viewport(390, 844);
    assert_eq!(
        d.exec(
            "return document.documentElement.scrollWidth <= document.documentElement.clientWidth;"
        ),
        json!(true),
        "no sideways scroll at 390 px"
    );
    let right = "const r = document.getElementById('level').getBoundingClientRect(); return r.right <= window.innerWidth;";
    assert_eq!(
        d.exec(right),
        json!(true),
        "the level chooser fits at 390 px"
    );
    d.screenshot_of("web-levels-phone.png", "#setup");
    d.viewport(1280, 800);
    // level 10 at 0.2 s for the rest
    d.click("#level option[value='10']");
    d.click("#time option[value='200']");
    d.click("#newgame");
    d.play_clicks(&["d6"]);
    d.wait_idle();
    assert_eq!(d.moves().len(), 1);
    // undo against the computer takes back its answer and your move
    d.click("#undo");
    assert!(d.moves().is_empty());
    // a draw offered to the computer: level at the start, it accepts
    assert_eq!(d.text("#offer-draw"), "Offer a draw");
    d.click("#offer-draw");
    d.wait_idle();
    assert!(
        d.text("#message")
            .starts_with("the computer accepts the draw"),
        "{}",
        d.text("#message")
    );
    assert_eq!(d.text("#outcome"), "Game over: 1/2-1/2 draw: draw agreed");
    d.click("#undo");
    assert_eq!(d.text("#message"), "took back the agreed draw");
    assert_eq!(d.text("#outcome"), "");
    // a man behind (Lasca, three soldiers against one, the person Black): it declines;
    // the person resigns
    d.click("#ruleset option[value='lasca']");
    d.click("#color option[value='black']");
    d.type_into("#position", "a1:w,c3:w,e3:w,g7:b w");
    d.click("#frompos");
    d.wait_idle();
    assert_eq!(d.moves().len(), 1, "the computer played White's move");
    d.click("#offer-draw");
    d.wait_idle();
    assert!(
        d.text("#message")
            .starts_with("the computer declines the draw"),
        "{}",
        d.text("#message")
    );
    assert_eq!(d.text("#outcome"), "");
    assert_eq!(d.text("#resign"), "Resign");
    d.click("#resign");
    assert_eq!(d.text("#outcome"), "Game over: 1-0 White wins: resignation");
    assert!(d.value("#record").contains("[Result \"1-0\"]"));

    // stacks: a Bashni middle game with tall columns (random moves from the start),
    // the person playing Black against the computer (the board turned, the computer
    // moves first)
    let bashni = tall_columns::<Bashni>(9);
    d.click("#ruleset option[value='bashni']");
    d.click("#color option[value='black']");
    d.type_into("#position", &bashni.to_string());
    d.click("#frompos");
    d.wait_idle();
    assert_eq!(d.moves().len(), 1, "the computer played White's move");
    assert_eq!(
        d.exec("return document.getElementById('flip').checked;"),
        json!(true)
    );
    let now: Bashni = d
        .value("#position")
        .parse()
        .expect("the page's position text");
    let view = now.board_view().expect("a board");
    let (sq, tall) = view
        .occupied()
        .max_by_key(|(_, s)| s.height())
        .expect("a column");
    let name = now.geometry().name(sq);
    let men: Vec<String> = tall.men().map(|m| m.char().to_string()).collect();
    let owner = if tall.owner() == Some(Color::White) {
        "White"
    } else {
        "Black"
    };
    d.exec(&format!("document.querySelector(\"#board [data-square='{name}']\").dispatchEvent(new PointerEvent('pointerover', {{bubbles: true}}));"));
    assert_eq!(
        d.text("#column"),
        format!(
            "{name}: {} men, bottom to top {} ({owner}'s column)",
            men.len(),
            men.join(" ")
        )
    );
    assert!(
        d.text("#board-note").contains("read from the top man down"),
        "{}",
        d.text("#board-note")
    );
    // a column taller than six men: its top six drawn, its height in a badge (the
    // computer's one move leaves a column of nine taller than six)
    let mut heights: Vec<String> = view
        .occupied()
        .map(|(_, s)| s.height())
        .filter(|&h| h > 6)
        .map(|h| h.to_string())
        .collect();
    assert!(!heights.is_empty());
    let mut badges = d.strings(
        "return Array.from(document.querySelectorAll('#board g.height text')).map(e => e.textContent);",
    );
    heights.sort();
    badges.sort();
    assert_eq!(badges, heights);
    d.screenshot("web-stacks.png");
}

#[test]
#[ignore = "needs chromium, chromedriver and web/www/pkg: cargo test --test web_browser -- --include-ignored"]
fn game_server_shares_a_game_between_two_machines() {
    let web = web_binary();
    let why = missing().or_else(|| {
        web.is_none()
            .then(|| "the web example is not built (cargo test builds it)".to_string())
    });
    require("web_browser (game server)", why);
    let (_server, port) = start_server(&web.expect("built"));
    let browser = start_browser("server");
    let d = &browser.driver;
    d.open(&format!("http://127.0.0.1:{port}/"));
    d.wait_until(
        "the network play is offered",
        "document.body.dataset.net === '1'",
    );
    // the browser creates a Lasca game and plays White
    d.click("#ruleset option[value='lasca']");
    d.click("#color option[value='white']");
    d.click("#net-create");
    d.wait_until("the link to share", "document.getElementById('net-link')");
    let link = d.value("#net-link");
    let id = link
        .split("?join=")
        .nth(1)
        .expect("a join link")
        .to_string();
    // the second machine joins through the API and gets the free seat, Black
    let (status, joined) = api(port, "POST", &format!("/api/games/{id}/join"), "");
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["color"], json!("black"));
    let token = joined["token"].as_str().expect("a token").to_string();
    // a third may not
    let (status, v) = api(port, "POST", &format!("/api/games/{id}/join"), "");
    assert_eq!(status, 409, "{v}");

    // White clicks its move; the server has it
    let mut lasca = Lasca::start();
    let first = clicks_of(&lasca, "c3-d4");
    let refs: Vec<&str> = first.iter().map(String::as_str).collect();
    d.play_clicks(&refs);
    let mv = lasca.parse_move("c3-d4").unwrap();
    lasca.play(&mv).unwrap();
    let t = Instant::now();
    loop {
        let (_, s) = api(port, "GET", &format!("/api/games/{id}"), "");
        if s["moves"] == json!(["c3-d4"]) {
            assert_eq!(s["turn"], json!("black"));
            break;
        }
        assert!(
            t.elapsed() < Duration::from_secs(20),
            "the move never arrived: {s}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // the page may not move for Black
    d.click("#board [data-square='e5']");
    assert!(d.message_is_error());
    assert_eq!(d.text("#message"), "it is the other player's turn");

    // Black answers from the other machine; the page shows it
    let mut legal = MoveList::new();
    lasca.legal_moves(&mut legal);
    let reply = legal[0].to_string();
    let (status, v) = api(
        port,
        "POST",
        &format!("/api/games/{id}/move"),
        &format!("token={token}&ply=1&move={reply}"),
    );
    assert_eq!(status, 200, "{v}");
    lasca.play(&legal[0]).unwrap();
    d.wait_until(
        "the other player's move on the page",
        "document.body.dataset.moves === '2'",
    );
    assert_eq!(d.moves(), [format!("c3-d4  {reply}")]);
    assert_eq!(d.value("#position"), lasca.to_string());
    assert_eq!(
        d.text("#message"),
        format!("the other player plays {reply}")
    );
    // out of turn, or a stale ply: refused
    let (status, v) = api(
        port,
        "POST",
        &format!("/api/games/{id}/move"),
        &format!("token={token}&ply=2&move={reply}"),
    );
    assert_eq!(
        (status, v["error"].clone()),
        (409, json!("it is white's turn"))
    );

    // the other machine offers a draw; the page shows the offer and accepts it
    let (status, v) = api(
        port,
        "POST",
        &format!("/api/games/{id}/draw"),
        &format!("token={token}&ply=2"),
    );
    assert_eq!((status, v["offer"].clone()), (200, json!("black")), "{v}");
    d.wait_until(
        "the draw offer on the page",
        "!document.getElementById('draw-answer').hidden",
    );
    assert_eq!(
        d.text("#draw-answer-text"),
        "the other player offers a draw (a move of yours declines it)."
    );
    d.click("#accept-draw");
    d.wait_until(
        "the agreed draw on the page",
        "document.getElementById('outcome').textContent !== ''",
    );
    assert_eq!(d.text("#outcome"), "Game over: 1/2-1/2 draw: draw agreed");
    let (_, s) = api(port, "GET", &format!("/api/games/{id}"), "");
    assert_eq!(
        s["declared"],
        json!({ "reason": "agreement", "winner": null })
    );
    assert_eq!(s["outcome"], json!("1/2-1/2 draw: draw agreed"));
    assert_eq!(s["offer"], Value::Null);

    // a second shared game: the page's player (White) resigns, and the other machine
    // sees it
    d.click("#net-create");
    d.wait_until(
        "a second game",
        &format!("document.getElementById('net-link') && !document.getElementById('net-link').value.endsWith('{id}')"),
    );
    let second = d
        .value("#net-link")
        .split("?join=")
        .nth(1)
        .expect("a join link")
        .to_string();
    let (status, _) = api(port, "POST", &format!("/api/games/{second}/join"), "");
    assert_eq!(status, 200);
    assert_eq!(d.text("#outcome"), "");
    d.click("#resign");
    d.wait_until(
        "the resignation on the page",
        "document.getElementById('outcome').textContent !== ''",
    );
    assert_eq!(d.text("#outcome"), "Game over: 0-1 Black wins: resignation");
    let (_, s) = api(port, "GET", &format!("/api/games/{second}"), "");
    assert_eq!(
        s["declared"],
        json!({ "reason": "resignation", "winner": "black" })
    );
}

/// The game server's HTTP API without a browser: every bad request gets a 4xx answer
/// that says what was wrong, and the server stays up and keeps the game.
#[test]
fn game_server_answers_bad_input_with_4xx() {
    let Some(web) = web_binary() else {
        panic!(
            "web_browser (game server API) cannot run: the web example is not built \
             (`cargo test` builds it, or `cargo build --example web`)"
        );
    };
    let (_server, port) = start_server(&web);
    let (status, v) = api(port, "POST", "/api/games", "ruleset=lasca&color=black");
    assert_eq!(status, 200, "{v}");
    let id = v["state"]["id"].as_str().expect("an id").to_string();
    let token = v["token"].as_str().expect("a token").to_string();
    assert_eq!(v["color"], json!("black"));
    assert_eq!(v["state"]["start"], json!(Lasca::start().to_string()));
    let big = "a".repeat(20_000);
    let game = format!("/api/games/{id}");
    let moves = format!("/api/games/{id}/move");
    let draw = format!("/api/games/{id}/draw");
    let resign = format!("/api/games/{id}/resign");
    let bad: Vec<(&str, &str, String, u16, &str)> = vec![
        ("GET", "/nowhere", String::new(), 404, "no page"),
        ("GET", "/../Cargo.toml", String::new(), 404, "no page"),
        ("GET", "/api/nowhere", String::new(), 404, "no API"),
        ("GET", "/api/games", String::new(), 405, "not allowed"),
        ("POST", "/index.html", String::new(), 405, "not allowed"),
        (
            "GET",
            "/api/games/nosuchgame",
            String::new(),
            404,
            "no game",
        ),
        (
            "POST",
            "/api/games",
            "ruleset=chess".into(),
            400,
            "unknown ruleset \"chess\"",
        ),
        (
            "POST",
            "/api/games",
            "ruleset=lasca&options=bogus".into(),
            400,
            "no option \"--bogus\"",
        ),
        (
            "POST",
            "/api/games",
            "ruleset=lasca&color=red".into(),
            400,
            "color \"red\"",
        ),
        (
            "POST",
            "/api/games",
            "ruleset=lasca&position=z9:w+w".into(),
            422,
            "lasca: bad position text",
        ),
        (
            "POST",
            "/api/games",
            "ruleset=international&position=W:W51".into(),
            422,
            "international: bad position text at byte 3 (\"51\"): no square \"51\"",
        ),
        (
            "POST",
            "/api/games",
            "ruleset=lasca&what=1".into(),
            400,
            "unknown field",
        ),
        ("POST", &moves, "token=%zz".into(), 400, "bad %-escape"),
        (
            "POST",
            &moves,
            "token=nope&ply=0&move=c3-d4".into(),
            403,
            "holds no seat",
        ),
        (
            "POST",
            &moves,
            format!("token={token}&ply=0&move=c3-d4"),
            409,
            "it is white's turn",
        ),
        (
            "POST",
            &moves,
            format!("token={token}&ply=5&move=c3-d4"),
            409,
            "not 5",
        ),
        (
            "POST",
            &moves,
            format!("token={token}&move=c3-d4"),
            400,
            "ply",
        ),
        ("POST", &moves, big, 413, "over 16384 bytes"),
        ("GET", &draw, String::new(), 405, "not allowed"),
        (
            "POST",
            &draw,
            "token=nope&ply=0".into(),
            403,
            "holds no seat",
        ),
        ("POST", &draw, format!("token={token}"), 400, "ply"),
        ("POST", &draw, format!("token={token}&ply=3"), 409, "not 3"),
        (
            "POST",
            &resign,
            format!("token={token}&ply=0"),
            400,
            "unknown field \"ply\"",
        ),
        ("POST", &resign, "token=nope".into(), 403, "holds no seat"),
    ];
    for (method, path, form, want, says) in &bad {
        let (status, v) = api(port, method, path, form);
        let error = v["error"].as_str().unwrap_or_default();
        assert_eq!(
            status,
            *want,
            "{method} {path} {}: {v}",
            &form[..form.len().min(40)]
        );
        assert!(
            error.contains(says),
            "{method} {path}: {error:?} lacks {says:?}"
        );
    }
    // the game is still there: White joins and plays; an illegal move is refused
    let (status, v) = api(port, "POST", &format!("/api/games/{id}/join"), "");
    assert_eq!((status, v["color"].clone()), (200, json!("white")));
    let white = v["token"].as_str().unwrap().to_string();
    let (status, v) = api(
        port,
        "POST",
        &moves,
        &format!("token={white}&ply=0&move=c3-c4"),
    );
    assert_eq!(status, 422, "{v}");
    let (status, v) = api(
        port,
        "POST",
        &moves,
        &format!("token={white}&ply=0&move=c3-d4"),
    );
    assert_eq!(status, 200, "{v}");
    let (status, v) = api(port, "GET", &game, "");
    assert_eq!((status, v["moves"].clone()), (200, json!(["c3-d4"])));
    assert_eq!(
        (v["offer"].clone(), v["declared"].clone()),
        (Value::Null, Value::Null)
    );

    // draw offers: Black offers; its own move leaves the offer standing, White's move
    // declines it; White offers and Black agrees
    let post = |path: &str, form: String| api(port, "POST", path, &form);
    let (status, v) = post(&draw, format!("token={token}&ply=1"));
    assert_eq!((status, v["offer"].clone()), (200, json!("black")), "{v}");
    let (status, v) = post(&draw, format!("token={token}&ply=1"));
    assert_eq!(status, 409, "{v}");
    assert_eq!(
        v["error"],
        json!("your draw offer stands already; white may accept it")
    );
    let mut lasca = Lasca::start();
    let next_move = |lasca: &mut Lasca| {
        let mut legal = MoveList::new();
        lasca.legal_moves(&mut legal);
        let mv = legal[0];
        lasca.play(&mv).unwrap();
        mv.to_string()
    };
    let first = lasca.parse_move("c3-d4").unwrap();
    lasca.play(&first).unwrap();
    let m = next_move(&mut lasca);
    let (status, v) = post(&moves, format!("token={token}&ply=1&move={m}"));
    assert_eq!((status, v["offer"].clone()), (200, json!("black")), "{v}");
    let m = next_move(&mut lasca);
    let (status, v) = post(&moves, format!("token={white}&ply=2&move={m}"));
    assert_eq!((status, v["offer"].clone()), (200, Value::Null), "{v}");
    let (status, v) = post(&draw, format!("token={white}&ply=3"));
    assert_eq!((status, v["offer"].clone()), (200, json!("white")), "{v}");
    let (status, v) = post(&draw, format!("token={token}&ply=3"));
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        (
            v["declared"].clone(),
            v["outcome"].clone(),
            v["offer"].clone()
        ),
        (
            json!({ "reason": "agreement", "winner": null }),
            json!("1/2-1/2 draw: draw agreed"),
            Value::Null
        )
    );
    // the game is over: no resignation, offer or move
    let (status, v) = post(&resign, format!("token={white}"));
    assert_eq!(status, 409, "{v}");
    assert!(
        v["error"].as_str().unwrap().starts_with("the game is over"),
        "{v}"
    );
    let (status, _) = post(&draw, format!("token={white}&ply=3"));
    assert_eq!(status, 409);
    let m = next_move(&mut lasca.clone());
    let (status, _) = post(&moves, format!("token={token}&ply=3&move={m}"));
    assert_eq!(status, 422);
    // a resignation on the other side's turn, in a new game
    let (_, v) = api(port, "POST", "/api/games", "ruleset=dameo");
    let id2 = v["state"]["id"].as_str().unwrap().to_string();
    let white2 = v["token"].as_str().unwrap().to_string();
    let (status, v) = api(
        port,
        "POST",
        &format!("/api/games/{id2}/resign"),
        &format!("token={white2}"),
    );
    assert_eq!(status, 200, "{v}");
    assert_eq!(
        v["declared"],
        json!({ "reason": "resignation", "winner": "black" })
    );
    assert_eq!(v["outcome"], json!("0-1 Black wins: resignation"));
    // the page is served, marked as the game server's
    let (status, page) = http(port, "GET", "/", "text/html", "").unwrap();
    assert_eq!(status, 200);
    assert!(page.contains("<meta name=\"cc-server\""));
}
