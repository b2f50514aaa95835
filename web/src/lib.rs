//! # column-checkers in the browser
//!
//! JavaScript bindings of [`column_checkers`] (built with `wasm-bindgen` for
//! `wasm32-unknown-unknown`) and the static page that plays every ruleset with them
//! (`web/www/`). See `web/README.md` for building and serving it.
//!
//! The JavaScript API is small: a `Game` of any ruleset by name and options (from the
//! start, a position text, a FEN or a PDN record), its legal moves, click input with
//! the squares to highlight, play, undo, an agreed draw or a resignation, the outcome,
//! the position text, the PDN record, the SVG board and the computer's move (and its
//! answer to a draw offer, thinking for a time per move, or its move at a level of play
//! from 1, beginner, to 10, master); plus `rulesets()`, `levels()`, `perft()` and
//! `randomPlayouts()`. The package's TypeScript declarations describe every object
//! it hands out.
//!
//! ```js
//! import init, { Game, rulesets } from "./pkg/column_checkers_web.js";
//! await init();
//! const game = new Game("emergo");
//! game.click("d6");                  // an entry is one click: { played: "d6", ... }
//! game.nextSquares();                // where Black may enter
//! game.play("zz9");                  // throws Error("... zz9 ...")
//! document.body.innerHTML = game.svg({ flip: false });
//! ```
//!
//! The same code runs natively: [`Table`] is the game behind the JavaScript class (the
//! crate's `AnyGame`, which decides everything of the game), and the answers are the
//! JSON values the JavaScript objects are parsed from.
//!
//! ```
//! use column_checkers_web::Table;
//!
//! let mut game = Table::new("emergo", &[], None).unwrap();
//! for m in ["d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6"] {
//!     game.play(m).unwrap();
//! }
//! assert_eq!(game.next_names(), ["g6"]); // Black must capture
//! game.click("g6").unwrap();
//! game.click("e6").unwrap();
//! let done = game.click("c6").unwrap();
//! assert_eq!(done.played.as_deref(), Some("g6xe6xc6"));
//! assert!(game.play("zz9").unwrap_err().to_string().contains("zz9"));
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod clock;
mod table;

pub use clock::PageClock;
pub use table::{
    perft_of, playouts, Clicked, Drawing, Table, Thinking, MAX_DEPTH, MAX_THINKING_MS,
};

use column_checkers::{Color, Ruleset};
use column_checkers_player::any::AnyFound;
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

/// A JSON value handed to JavaScript as a plain object (`JSON.parse` of its text).
fn to_js(v: &Value) -> JsValue {
    js_sys::JSON::parse(&v.to_string()).unwrap_or(JsValue::NULL)
}

fn err(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// Square names (or other texts) as the strings JavaScript takes.
fn owned(names: Vec<&str>) -> Vec<String> {
    names.into_iter().map(String::from).collect()
}

/// A score in hundredths of a man (the player's) in men.
fn men(score: i32) -> f64 {
    f64::from(score) / 100.0
}

/// A JavaScript value as the text an error names: a number or a string as written, any
/// other value as JSON (`undefined` and functions by their type).
fn given(v: &JsValue) -> String {
    if let Some(n) = v.as_f64() {
        return match n {
            f64::INFINITY => "Infinity".into(),
            f64::NEG_INFINITY => "-Infinity".into(),
            n => format!("{n}"),
        };
    }
    if let Some(s) = v.as_string() {
        return s;
    }
    if v.is_undefined() {
        return "undefined".into();
    }
    js_sys::JSON::stringify(v)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| v.js_typeof().as_string().unwrap_or_default())
}

/// The level of play a JavaScript value names: a number from 1 to 10 (or its text);
/// anything else is an error naming it.
fn level_of(v: &JsValue) -> Result<column_checkers_player::Level, JsError> {
    given(v).parse().map_err(err)
}

/// The seed of a level's chance: a whole number from 0 to 2^53 (the numbers JavaScript
/// counts exactly), 0 when not given.
fn seed_of(seed: Option<f64>) -> Result<u64, JsError> {
    match seed {
        None => Ok(0),
        Some(s) if s.fract() == 0.0 && (0.0..=9_007_199_254_740_992.0).contains(&s) => Ok(s as u64),
        Some(s) => Err(err(format!(
            "the seed is {s}: give a whole number from 0 to 2^53"
        ))),
    }
}

/// The TypeScript declarations of the objects the API hands out (`types.d.ts`,
/// appended to the package's `.d.ts`).
#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");

/// A game of any ruleset, with the click input of the move being entered.
#[wasm_bindgen(js_name = Game)]
pub struct JsGame {
    table: Table,
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// A new game of `ruleset` (a name of `rulesets()`) with `options` (e.g.
    /// `["--roundabout"]`), from its start or from `position`: the ruleset's
    /// position text or, for the draughts games, a PDN FEN (`W:W31-50:B1-20`).
    /// Throws an `Error` saying what is wrong with the name, an option or the position.
    #[wasm_bindgen(constructor)]
    pub fn new(
        ruleset: &str,
        options: Option<Vec<String>>,
        position: Option<String>,
    ) -> Result<JsGame, JsError> {
        let options = options.unwrap_or_default();
        let table = Table::new(ruleset, &options, position.as_deref()).map_err(err)?;
        Ok(JsGame { table })
    }

    /// The first game of a PDN text, every move checked; its ruleset is the one its
    /// tags name (`GameType`, `Variant`), else `ruleset` (default `emergo`). Throws
    /// an `Error` naming the first move or tag that is wrong.
    #[wasm_bindgen(js_name = fromPdn)]
    pub fn from_pdn(
        text: &str,
        ruleset: Option<String>,
        options: Option<Vec<String>>,
    ) -> Result<JsGame, JsError> {
        let (ruleset, options) = (
            ruleset.unwrap_or("emergo".into()),
            options.unwrap_or_default(),
        );
        let table = Table::from_pdn(text, &ruleset, &options).map_err(err)?;
        Ok(JsGame { table })
    }

    /// The ruleset's name.
    #[wasm_bindgen(getter)]
    pub fn ruleset(&self) -> String {
        self.table.ruleset().name().to_string()
    }

    /// The ruleset options the game was made with.
    #[wasm_bindgen(getter)]
    pub fn options(&self) -> Vec<String> {
        self.table.options().to_vec()
    }

    /// The side to move.
    #[wasm_bindgen(unchecked_return_type = "Color")]
    pub fn turn(&self) -> String {
        self.table.turn().name().to_string()
    }

    /// How the game ended (threefold repetition included), or `null` while it goes on.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> JsValue {
        to_js(&self.table.outcome())
    }

    /// The legal moves; none once the game is over.
    #[wasm_bindgen(js_name = legalMoves, unchecked_return_type = "LegalMove[]")]
    pub fn legal_moves(&self) -> JsValue {
        to_js(&self.table.legal_moves())
    }

    /// Plays a move written in the ruleset's notation (any route of a capture, or a
    /// short form the notation reads); returns it as the crate writes it. Throws an
    /// `Error` saying why the text names no legal move, or several, or that the game
    /// is over.
    pub fn play(&mut self, text: &str) -> Result<String, JsError> {
        self.table.play(text).map_err(err)
    }

    /// Clicks the square named `square`: the move is played when the clicks name a
    /// whole legal move. Throws an `Error` saying why the square may not be clicked
    /// now (the clicks so far are kept).
    #[wasm_bindgen(unchecked_return_type = "ClickResult")]
    pub fn click(&mut self, square: &str) -> Result<JsValue, JsError> {
        let c = self.table.click(square).map_err(err)?;
        Ok(to_js(&json!({
            "played": c.played,
            "clicks": c.clicks,
            "next": c.next,
        })))
    }

    /// The squares that may be clicked next (highlight them).
    #[wasm_bindgen(js_name = nextSquares)]
    pub fn next_squares(&self) -> Vec<String> {
        owned(self.table.next_names())
    }

    /// The clicks of the move being entered.
    pub fn clicks(&self) -> Vec<String> {
        owned(self.table.names(self.table.clicks()))
    }

    /// Takes back the last click; returns its square (`undefined` when none).
    #[wasm_bindgen(js_name = takeBackClick)]
    pub fn take_back_click(&mut self) -> Option<String> {
        let square = self.table.take_back_click()?;
        Some(self.table.square_name(square).to_string())
    }

    /// Takes back every click.
    #[wasm_bindgen(js_name = resetClicks)]
    pub fn reset_clicks(&mut self) {
        self.table.reset_clicks()
    }

    /// Takes back the last move; returns it (`undefined` at the start). An agreed
    /// draw or a resignation is withdrawn with it (at the start, alone).
    pub fn undo(&mut self) -> Option<String> {
        self.table.undo()
    }

    /// Plays again the last move taken back; returns it (`undefined` when none).
    pub fn redo(&mut self) -> Option<String> {
        self.table.redo()
    }

    /// The moves played, in the ruleset's notation.
    pub fn moves(&self) -> Vec<String> {
        self.table.moves()
    }

    /// The last move with the squares to mark, or `null` at the start.
    #[wasm_bindgen(js_name = lastMove, unchecked_return_type = "LastMove | null")]
    pub fn last_move(&self) -> JsValue {
        to_js(&self.table.last_move())
    }

    /// The position text (`new Game(ruleset, options, text)` reads it back).
    pub fn position(&self) -> String {
        self.table.position_text()
    }

    /// The text of the position the game started from.
    #[wasm_bindgen(js_name = startPosition)]
    pub fn start_position(&self) -> String {
        self.table.start_text()
    }

    /// The position as a PDN FEN when FEN can say it (single men, nothing in hand),
    /// else `undefined`.
    pub fn fen(&self) -> Option<String> {
        self.table.fen()
    }

    /// The game record as PDN (its start position in a `FEN` tag when it is not the
    /// ruleset's start).
    pub fn pdn(&self) -> String {
        self.table.record().to_string()
    }

    /// The board as an SVG document: columns as towers of discs (bottom man lowest,
    /// kings ringed in gold, a label with the colour runs from the top down, `3w5b`),
    /// each square's cell carrying its name in `data-square`.
    pub fn svg(
        &self,
        #[wasm_bindgen(unchecked_param_type = "SvgOptions")] options: JsValue,
    ) -> String {
        let get = |k: &str| js_sys::Reflect::get(&options, &JsValue::from_str(k)).ok();
        let drawing = Drawing {
            flip: get("flip").and_then(|v| v.as_bool()).unwrap_or(false),
            cell: get("cell").and_then(|v| v.as_f64()),
            status: get("status").and_then(|v| v.as_bool()).unwrap_or(true),
        };
        self.table.svg(drawing)
    }

    /// Every square's name.
    pub fn squares(&self) -> Vec<String> {
        owned(self.table.square_names())
    }

    /// The columns on the board, with their men from the bottom up.
    #[wasm_bindgen(unchecked_return_type = "Column[]")]
    pub fn columns(&self) -> JsValue {
        to_js(&self.table.columns())
    }

    /// The computer's move, not played: the crate's player (`column-checkers-player`:
    /// alpha-beta with its evaluation of the ruleset) thinking `ms` milliseconds (1 to
    /// 600 000), and no deeper than `depth` plies when given (1 to 64). `null` when the
    /// game is over. Call it from a Web Worker: the page waits while it thinks. Throws
    /// an `Error` for a time or a depth out of range.
    #[wasm_bindgen(js_name = computerMove, unchecked_return_type = "ComputerMove | null")]
    pub fn computer_move(&self, ms: f64, depth: Option<u32>) -> Result<JsValue, JsError> {
        let thinking = Thinking::new(ms, depth).map_err(err)?;
        Ok(match self.table.computer_move(thinking) {
            Some(c) => choice_js(&c),
            None => JsValue::NULL,
        })
    }

    /// The computer's move at a level of play, not played: `level` a number from 1
    /// (beginner) to 10 (master, the full player thinking `ms` milliseconds); below
    /// 10 it plays within the level's own small budget (`ms`, 1000 when not given,
    /// bounds it too), its chance drawn from `seed` (a whole number, 0 when not
    /// given: the same game with the same seed gets the same moves). `null` when the
    /// game is over. Throws an `Error` naming a level that is not 1 to 10 (`0`, `11`,
    /// `"three"`, `undefined`), a time out of range or a bad seed.
    #[wasm_bindgen(js_name = computerMoveAt, unchecked_return_type = "ComputerMove | null")]
    pub fn computer_move_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] level: JsValue,
        ms: Option<f64>,
        seed: Option<f64>,
    ) -> Result<JsValue, JsError> {
        let level = level_of(&level)?;
        let thinking = Thinking::new(ms.unwrap_or(1000.0), None).map_err(err)?;
        let seed = seed_of(seed)?;
        Ok(match self.table.computer_move_at(level, seed, thinking) {
            Some(c) => choice_js(&c),
            None => JsValue::NULL,
        })
    }

    /// Ends the game in a draw the players agreed; returns the outcome
    /// (`1/2-1/2 draw: draw agreed`; the PDN record writes it). `undo()` withdraws it
    /// together with the last move. Throws an `Error` when the game is already over.
    #[wasm_bindgen(js_name = agreeDraw, unchecked_return_type = "Outcome")]
    pub fn agree_draw(&mut self) -> Result<JsValue, JsError> {
        self.table.agree_draw().map(|o| to_js(&o)).map_err(err)
    }

    /// Ends the game by the resignation of `side` (`"white"` or `"black"`, who need
    /// not be the side to move): the other side wins; returns the outcome. `undo()`
    /// withdraws it together with the last move. Throws an `Error` for another side's
    /// name or when the game is already over.
    #[wasm_bindgen(unchecked_return_type = "Outcome")]
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Color")] side: &str,
    ) -> Result<JsValue, JsError> {
        let loser: Color = side.parse().map_err(err)?;
        self.table.resign(loser).map(|o| to_js(&o)).map_err(err)
    }

    /// Whether the computer playing `side` accepts a draw offered now: it searches the
    /// position as for its move (`ms` milliseconds, at most `depth` plies when given)
    /// and accepts unless it counts itself at least a man ahead. Nothing is agreed:
    /// call `agreeDraw()` when it accepts. `null` when the game is over; call it from a
    /// Web Worker, as `computerMove`. Throws an `Error` for another side's name, or a
    /// time or a depth out of range.
    #[wasm_bindgen(js_name = computerAcceptsDraw, unchecked_return_type = "DrawAnswer | null")]
    pub fn computer_accepts_draw(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Color")] side: &str,
        ms: f64,
        depth: Option<u32>,
    ) -> Result<JsValue, JsError> {
        let side: Color = side.parse().map_err(err)?;
        let thinking = Thinking::new(ms, depth).map_err(err)?;
        Ok(match self.table.computer_accepts_draw(side, thinking) {
            Some(a) => to_js(&json!({
                "accepts": a.accepts,
                "score": men(a.score),
                "winIn": a.win_in,
                "depth": a.depth,
                "nodes": a.nodes,
            })),
            None => JsValue::NULL,
        })
    }

    /// Perft of the current position: the leaf count of the move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> f64 {
        self.table.perft(depth) as f64
    }

    /// Everything a page draws, in one object.
    #[wasm_bindgen(unchecked_return_type = "GameState")]
    pub fn state(&self) -> JsValue {
        to_js(&self.table.state())
    }
}

/// The computer's move as the API's `ComputerMove` object (its line as the record
/// writes moves).
fn choice_js(c: &AnyFound) -> JsValue {
    to_js(&json!({
        "move": c.mv,
        "score": men(c.score),
        "winIn": c.win_in,
        "pv": c.line,
        "depth": c.depth,
        "nodes": c.nodes,
    }))
}

/// The computer's levels of play in a ruleset (`name` and `options` as `new Game`'s):
/// for each of 1 to 10, its number, its name (`beginner` ... `master`) and what it
/// scored in the ladder's games in that ruleset (`measured`, the text a person is
/// shown, with its `score` from 0 to 1; `null` where the ruleset has not been
/// measured). Throws an `Error` for an unknown ruleset or option.
#[wasm_bindgen(js_name = levels, unchecked_return_type = "LevelInfo[]")]
pub fn js_levels(ruleset: &str, options: Option<Vec<String>>) -> Result<JsValue, JsError> {
    use column_checkers_player::{any::measured, Level};
    let ruleset = Ruleset::named(ruleset, &options.unwrap_or_default()).map_err(err)?;
    let list: Vec<Value> = Level::all()
        .map(|l| {
            let m = measured(ruleset, l);
            json!({
                "level": l.get(),
                "name": l.name(),
                "measured": m.map(|m| m.to_string()),
                "score": m.map(|m| m.score()),
            })
        })
        .collect();
    Ok(to_js(&Value::from(list)))
}

/// Every ruleset of the crate and its options.
#[wasm_bindgen(js_name = rulesets, unchecked_return_type = "RulesetInfo[]")]
pub fn js_rulesets() -> JsValue {
    let list: Vec<Value> = Ruleset::bases()
        .map(|r| {
            let options: Vec<Value> = r
                .option_help()
                .iter()
                .map(|(flag, about)| json!({ "flag": flag, "about": about }))
                .collect();
            json!({ "name": r.name(), "about": r.about(), "options": options })
        })
        .collect();
    to_js(&Value::from(list))
}

/// Perft of a ruleset from its start (or from `position`, a position text or FEN): the
/// leaf count of the move tree `depth` plies deep. Throws an `Error` for an unknown
/// ruleset or option, or a position that does not read.
#[wasm_bindgen(js_name = perft)]
pub fn js_perft(
    ruleset: &str,
    depth: u32,
    options: Option<Vec<String>>,
    position: Option<String>,
) -> Result<f64, JsError> {
    let options = options.unwrap_or_default();
    perft_of(ruleset, &options, position.as_deref(), depth)
        .map(|n| n as f64)
        .map_err(err)
}

/// Random playouts from a ruleset's start, as the crate's `bench_playouts` example
/// plays them: `games` games of uniformly random legal moves (SplitMix64 from `seed`),
/// each to its end or 300 plies. Throws an `Error` for an unknown ruleset or option.
#[wasm_bindgen(js_name = randomPlayouts, unchecked_return_type = "PlayoutStats")]
pub fn js_random_playouts(
    ruleset: &str,
    games: u32,
    seed: Option<f64>,
    options: Option<Vec<String>>,
) -> Result<JsValue, JsError> {
    let seed = seed.unwrap_or(1.0) as u64;
    let options = options.unwrap_or_default();
    let p = playouts(ruleset, &options, games as u64, seed, 300).map_err(err)?;
    Ok(to_js(&json!({
        "games": p.games,
        "plies": p.plies,
        "ended": p.ended,
    })))
}

/// The version of the bindings (the crate's).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

#[cfg(feature = "solver")]
#[wasm_bindgen(typescript_custom_section)]
const SOLVER_TYPES: &str = include_str!("solver.d.ts");

/// Emergo's one-on-one endgame table solved here, on one thread (the crate's `solver`
/// on a 32-bit target): its file bytes and figures. Built with the `solver` feature
/// only; the page does not use it.
#[cfg(feature = "solver")]
#[wasm_bindgen(js_name = solveOneOnOne, unchecked_return_type = "OneOnOneTable")]
pub fn solve_one_on_one() -> JsValue {
    use column_checkers::solver::{crc32, solve, OneOnOne, Options};
    use column_checkers::Emergo;
    let class = OneOnOne::default();
    let table = solve(&class, &Options::default());
    let bytes = table.to_bytes();
    let (wins, losses, draws) = table.counts();
    let start: Emergo = "e1:wwwwwwwwwwww,f3:bbbbbbbbbbbb w 0/0"
        .parse()
        .expect("a one-on-one position");
    let value = class.index(&start).map_or_else(
        || "outside the class".to_string(),
        |i| table.value(i).to_string(),
    );
    let out = to_js(&json!({
        "crc": crc32(&bytes[..bytes.len() - 4]),
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "start": value,
    }));
    let _ = js_sys::Reflect::set(
        &out,
        &JsValue::from_str("bytes"),
        &js_sys::Uint8Array::from(&bytes[..]),
    );
    out
}
