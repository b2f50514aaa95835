//! End to end: the `web` example in a real browser. Starts the example's server and
//! chromedriver, opens the page in headless Chromium through the WebDriver HTTP API,
//! plays the opening of the Italian rules text's Emergo game by clicks (the forced capture
//! `g6-e6-c6` included) and a Lasca capture, and checks the board, the highlighted
//! squares and the move list against the crate. Saves a screenshot to
//! `target/web-example.png` (and to `docs/web-example.png` when
//! `UPDATE_DOCS_SCREENSHOT` is set).
//!
//! Needs Debian's `chromium` and `chromium-driver`. Without them the test says it was
//! skipped and passes — unless the environment variable `CI` is set, where a missing
//! browser is an error (`.ci/run` installs both).

use column_checkers::engine::introspect::MoveSquares;
use column_checkers::{Emergo, Lasca, MoveList, Position};
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

/// One HTTP request on a fresh connection; returns the status and the body (read by
/// its `Content-Length`, or to the end).
fn http(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<(u16, String), String> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    s.set_read_timeout(Some(Duration::from_secs(120))).ok();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n\r\n",
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

/// A WebDriver session.
struct Driver {
    port: u16,
    session: String,
}

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

impl Driver {
    fn cmd(&self, method: &str, what: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{what}", self.session);
        let (status, text) = http(self.port, method, &path, body.as_ref())
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

    /// Waits until the page has no request under way.
    fn wait_idle(&self) {
        let t = Instant::now();
        while self.exec("return document.body.dataset.busy || '0';") != json!("0") {
            assert!(t.elapsed() < Duration::from_secs(60), "the page stays busy");
            std::thread::sleep(Duration::from_millis(20));
        }
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
            "return document.querySelector('{css}').textContent;"
        ))
        .as_str()
        .expect("a text")
        .to_string()
    }

    /// Starts a two-player game of `game` from the position `text` (or the start).
    fn new_two_player_game(&self, game: &str, text: Option<&str>) {
        self.click(&format!("#game option[value='{game}']"));
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
            let msg = self.exec("return document.getElementById('message').className;");
            assert_eq!(msg, json!(""), "click on {sq}: {}", self.text("#message"));
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

/// Why the test cannot run here, if it cannot.
fn missing() -> Option<String> {
    let mut why = Vec::new();
    for tool in ["chromium", "chromedriver"] {
        if which(tool).is_none() {
            why.push(format!(
                "{tool} is not installed (apt-get install chromium chromium-driver)"
            ));
        }
    }
    if web_binary().is_none() {
        why.push(
            "the web example is not built (it needs the svg feature: cargo test --features svg, or --all-features)"
                .into(),
        );
    }
    (!why.is_empty()).then(|| why.join("; "))
}

fn start_server(web: &Path) -> (Reaper, u16) {
    let mut child = Command::new(web)
        .args(["--port", "0"])
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

fn start_driver(chromium: &Path, profile: &Path) -> (Reaper, Driver) {
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
        if let Ok((200, body)) = http(port, "GET", "/status", None) {
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
                "--window-size=1100,900",
                format!("--user-data-dir={}", profile.display()),
            ]
        }
    }}});
    let (status, text) = http(port, "POST", "/session", Some(&caps)).expect("new session");
    let v: Value = serde_json::from_str(&text).expect("json");
    assert_eq!(status, 200, "new session: {v}");
    let session = v["value"]["sessionId"]
        .as_str()
        .expect("session id")
        .to_string();
    (reaper, Driver { port, session })
}

/// The squares of the click path of a move text of position `pos`.
fn clicks_of<P: Position>(
    pos: &P,
    text: &str,
    name: impl Fn(column_checkers::Square) -> String,
) -> Vec<String>
where
    P::Move: MoveSquares,
{
    let mv = pos.parse_move(text).expect("a legal move");
    mv.clicks().iter().map(|&s| name(s)).collect()
}

#[test]
fn play_in_headless_chromium() {
    if let Some(why) = missing() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set and the browser test cannot run: {why}"
        );
        // written past the test harness's capture, so a plain `cargo test` shows it
        let _ = writeln!(
            std::io::stderr().lock(),
            "web_browser: SKIPPED (not an error outside CI): {why}"
        );
        return;
    }
    let chromium = which("chromium").expect("chromium");
    let profile = std::env::temp_dir().join(format!("cc-web-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&profile);
    std::fs::create_dir_all(&profile).expect("a profile directory");
    let (_server, port) = start_server(&web_binary().expect("built"));
    let (_driver_proc, d) = start_driver(&chromium, &profile);
    let url = format!("http://127.0.0.1:{port}/");
    d.cmd("POST", "/url", Some(json!({ "url": url })));
    d.wait_idle();
    let t = Instant::now();
    while d.exec("return document.querySelectorAll('#board [data-square]').length;") == json!(0) {
        assert!(
            t.elapsed() < Duration::from_secs(30),
            "no board on the page"
        );
        std::thread::sleep(Duration::from_millis(50));
    }

    // Emergo, two players: the Italian text's opening, click by click
    d.new_two_player_game("emergo", None);
    assert_eq!(d.marked("next").len(), 40, "any square but the centre e5");
    let geometry = <column_checkers::Oblique9 as column_checkers::Board>::geometry();
    let mut pos = Emergo::start();
    let mut played = Vec::new();
    for text in OPENING {
        let clicks = clicks_of(&pos, text, |s| geometry.name(s).to_string());
        let refs: Vec<&str> = clicks.iter().map(String::as_str).collect();
        if text == "g6-e6-c6" {
            // the capture is compulsory: only g6 may be clicked, then only e6, c6
            assert_eq!(d.marked("next"), ["g6"]);
            d.click("#board [data-square='d8']");
            assert!(
                d.text("#message").starts_with("no move starts on d8"),
                "{}",
                d.text("#message")
            );
            assert_eq!(d.marked("next"), ["g6"]);
            d.play_clicks(&refs[..1]);
            assert_eq!(d.marked("next"), ["e6"]);
            assert_eq!(d.marked("picked"), ["g6"]);
            d.play_clicks(&refs[1..2]);
            assert_eq!(d.marked("next"), ["c6"]);
            d.play_clicks(&refs[2..]);
        } else {
            d.play_clicks(&refs);
        }
        let mv = pos.parse_move(text).unwrap();
        pos.play(&mv).unwrap();
        played.push(mv.to_string());
        assert_eq!(d.value("#position"), pos.to_string(), "after {text}");
    }
    let pairs: Vec<String> = played.chunks(2).map(|c| c.join("  ")).collect();
    assert_eq!(d.moves(), pairs);
    assert!(pairs[4].ends_with("g6xe6xc6"), "{pairs:?}");
    // the last move is marked: c6-e6 jumped d6
    assert_eq!(d.marked("last"), ["c6", "d6", "e6"]);
    assert!(
        // the record writes a capture by its first and last square when that names it
        d.value("#record").contains("5. f6 g6xc6"),
        "{}",
        d.value("#record")
    );
    // Black to move, with men in hand: the squares where he may enter are highlighted
    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    let mut entries: Vec<String> = legal
        .iter()
        .map(|m| geometry.name(m.destination()).to_string())
        .collect();
    entries.sort();
    assert_eq!(d.marked("next"), entries);
    let shot = d.cmd("GET", "/screenshot", None);
    let png = base64_decode(shot.as_str().expect("base64"));
    assert_eq!(&png[1..4], b"PNG");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::write(root.join("target").join("web-example.png"), &png).expect("screenshot");
    if std::env::var_os("UPDATE_DOCS_SCREENSHOT").is_some() {
        std::fs::write(root.join("docs").join("web-example.png"), &png).expect("docs screenshot");
    }

    // Lasca: a two-jump capture that crowns the soldier, from a position pasted into
    // the page
    let start = "a1:w,c3:w,d4:b,d6:bb,g7:b w";
    let lasca: Lasca = start.parse().unwrap();
    let mut legal = MoveList::new();
    lasca.legal_moves(&mut legal);
    assert_eq!(legal.len(), 1, "{legal:?}");
    let mv = legal[0];
    assert_eq!(mv.men_captured(), 2);
    assert!(
        column_checkers::engine::introspect::Introspect::describe(&lasca, &mv)
            .unwrap()
            .crowned
    );
    d.new_two_player_game("lasca", Some(start));
    let clicks: Vec<String> = mv
        .clicks()
        .iter()
        .map(|&s| {
            column_checkers::engine::introspect::Introspect::geometry(&lasca)
                .name(s)
                .to_string()
        })
        .collect();
    let refs: Vec<&str> = clicks.iter().map(String::as_str).collect();
    d.play_clicks(&refs);
    let mut after = lasca.clone();
    after.play(&mv).unwrap();
    assert_eq!(d.value("#position"), after.to_string());
    assert_eq!(d.moves(), [mv.to_string()]);

    // against the computer (one ply): an entry by click, and the computer answers
    d.click("#game option[value='emergo']");
    d.click("#mode option[value='computer']");
    d.click("#depth option[value='1']");
    d.click("#newgame");
    d.play_clicks(&["d6"]);
    let moves = d.moves();
    assert_eq!(moves.len(), 1, "{moves:?}");
    assert!(moves[0].starts_with("d6  "), "{moves:?}");
    assert!(d.text("#message").starts_with("the computer plays"));

    d.cmd("DELETE", "", None);
    let _ = std::fs::remove_dir_all(&profile);
}

/// A form POST or a GET to the web example; the status and the JSON answer.
fn api(port: u16, method: &str, path: &str, form: &str, cookie: &str) -> (u16, Value) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nCookie: {cookie}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{form}",
        form.len()
    );
    s.write_all(head.as_bytes()).expect("write");
    let mut raw = String::new();
    s.read_to_string(&mut raw).expect("read");
    let (head, body) = raw.split_once("\r\n\r\n").expect("a header");
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// The web example's HTTP API without a browser: every bad request gets a 4xx answer
/// that says what was wrong, and the server stays up and keeps the game.
#[test]
fn web_api_answers_bad_input_with_4xx() {
    let Some(web) = web_binary() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set and the web example is not built"
        );
        let _ = writeln!(
            std::io::stderr().lock(),
            "web_api: SKIPPED (not an error outside CI): the web example is not built (it needs the svg feature)"
        );
        return;
    };
    let (_server, port) = start_server(&web);
    let (status, v) = api(port, "POST", "/api/new", "game=lasca&mode=human", "");
    assert_eq!(status, 200, "{v}");
    // the session cookie is what the server set; take it from a fresh request
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.write_all(b"POST /api/new HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 21\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\ngame=lasca&mode=human")
        .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let cookie = raw
        .lines()
        .find_map(|l| l.strip_prefix("Set-Cookie: "))
        .and_then(|c| c.split(';').next())
        .expect("a session cookie")
        .to_string();
    let big = "a".repeat(20_000);
    let bad: [(&str, &str, &str, u16, &str); 11] = [
        ("GET", "/nowhere", "", 404, "no page"),
        ("GET", "/api/click", "", 405, "not allowed"),
        (
            "POST",
            "/api/new",
            "game=chess",
            400,
            "unknown game \"chess\"",
        ),
        ("POST", "/api/new", "game=lasca&depth=9", 400, "depth \"9\""),
        (
            "POST",
            "/api/new",
            "game=lasca&color=red",
            400,
            "color \"red\"",
        ),
        (
            "POST",
            "/api/new",
            "game=lasca&position=z9:w+w",
            422,
            "bad position text",
        ),
        (
            "POST",
            "/api/new",
            "game=lasca&what=1",
            400,
            "unknown field",
        ),
        ("POST", "/api/click", "square=%zz", 400, "bad %-escape"),
        (
            "POST",
            "/api/click",
            "square=d4",
            422,
            "no move starts on d4",
        ),
        ("POST", "/api/click", "square=q99", 422, "no square \"q99\""),
        ("POST", "/api/click", &big, 413, "over 16384 bytes"),
    ];
    for (method, path, form, want, says) in bad {
        let (status, v) = api(port, method, path, form, &cookie);
        let error = v["error"].as_str().unwrap_or_default();
        assert_eq!(
            status,
            want,
            "{method} {path} {}: {v}",
            &form[..form.len().min(40)]
        );
        assert!(
            error.contains(says),
            "{method} {path}: {error:?} lacks {says:?}"
        );
    }
    // the game is still there and still playable
    let (status, v) = api(port, "POST", "/api/click", "square=c3", &cookie);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["state"]["clicks"], json!(["c3"]));
    assert_eq!(v["state"]["game"], json!("lasca"));
    let (status, v) = api(port, "POST", "/api/back", "", &cookie);
    assert_eq!((status, v["state"]["clicks"].clone()), (200, json!([])));
    let (status, v) = api(port, "POST", "/api/undo", "", &cookie);
    assert_eq!(status, 409, "{v}");
}
