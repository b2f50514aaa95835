//! The game behind the JavaScript `Game` class, natively: the crate's [`AnyGame`], which
//! decides everything of the game, with its answers as [`serde_json::Value`]s of the
//! shapes the package's TypeScript declarations describe (`LegalMove`, `GameState`, ...).

use column_checkers::any::{AnyMove, PlayoutStats};
use column_checkers::custom::COLUMN_LEGEND;
use column_checkers::text::svg::SvgOptions;
use column_checkers::{AnyGame, Color, Outcome, Ruleset};
use column_checkers_player::any::{AnyFound, AnyPlayer, DRAW_DECLINE};
use column_checkers_player::{Level, Limits};
use serde_json::{json, Value};
use std::time::Duration;

use crate::clock::PageClock;

/// How to draw the board ([`Table::svg`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drawing {
    /// Black's side at the bottom.
    pub flip: bool,
    /// The width of a cell in pixels (the crate's default when `None`).
    pub cell: Option<f64>,
    /// Whether to write the side to move and the men in hand under the board.
    pub status: bool,
}

/// What a click did ([`Table::click`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clicked {
    /// The move played, when the clicks named a whole legal move.
    pub played: Option<String>,
    /// The clicks of the move being entered (empty after a move).
    pub clicks: Vec<String>,
    /// The squares that may be clicked next.
    pub next: Vec<String>,
}

/// How long the computer thinks ([`Table::computer_move`]): a time per move in
/// milliseconds, and a depth in plies it does not go beyond (none: as deep as the time
/// allows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// The time to think, in milliseconds (1 to [`MAX_THINKING_MS`]).
    pub ms: u32,
    /// The deepest iteration, in plies (1 to [`MAX_DEPTH`]).
    pub depth: Option<u32>,
}

/// The longest the computer may be asked to think: ten minutes.
pub const MAX_THINKING_MS: u32 = 600_000;

/// The deepest search the computer may be asked for, in plies.
pub const MAX_DEPTH: u32 = 64;

impl Thinking {
    /// `ms` milliseconds (a JavaScript number), at most `depth` plies, or why not: a
    /// time that is not a number of milliseconds from 1 to [`MAX_THINKING_MS`], a depth
    /// outside 1 to [`MAX_DEPTH`].
    ///
    /// ```
    /// use column_checkers_web::Thinking;
    ///
    /// assert_eq!(Thinking::new(1000.0, Some(3)).unwrap().depth, Some(3));
    /// assert!(Thinking::new(0.0, None).unwrap_err().contains("milliseconds"));
    /// ```
    pub fn new(ms: f64, depth: Option<u32>) -> Result<Thinking, String> {
        if !(1.0..=f64::from(MAX_THINKING_MS)).contains(&ms) {
            return Err(format!(
                "the time to think is {ms} ms: give a number of milliseconds from 1 to {MAX_THINKING_MS}"
            ));
        }
        if let Some(d) = depth.filter(|d| !(1..=MAX_DEPTH).contains(d)) {
            return Err(format!(
                "the depth is {d} plies: give a depth from 1 to {MAX_DEPTH}, or none"
            ));
        }
        Ok(Thinking {
            ms: ms.round() as u32,
            depth,
        })
    }

    fn limits(self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: None,
            time: Some(Duration::from_millis(u64::from(self.ms))),
        }
    }
}

/// The computer's choice ([`Table::computer_move`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The move, in the ruleset's notation (as [`Table::play`] takes it).
    pub text: String,
    /// Its score for the side to move, in men (the evaluation's hundredths of a man
    /// over 100; a forced win about 10 000).
    pub men: f64,
    /// When the search sees a forced end: the plies to it, positive when the side to
    /// move wins, negative when it loses.
    pub win_in: Option<i32>,
    /// The principal variation, the move first, as the game's record writes moves
    /// (a capture by its first and last square where that names it alone).
    pub pv: Vec<String>,
    /// The deepest iteration completed, in plies.
    pub depth: u32,
    /// The positions searched.
    pub nodes: u64,
}

/// The computer's answer to a draw offer ([`Table::computer_accepts_draw`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawAnswer {
    /// Whether it accepts: unless it counts itself [`DRAW_DECLINE_MEN`] ahead.
    pub accepts: bool,
    /// Its search's score for the side it plays, in men.
    pub men: f64,
    /// When the search sees a forced end: the plies to it, positive when the side it
    /// plays wins.
    pub win_in: Option<i32>,
    /// The deepest iteration completed, in plies.
    pub depth: u32,
    /// The positions searched.
    pub nodes: u64,
}

/// The score, in men, from which the computer declines a draw (the player's
/// [`DRAW_DECLINE`], in hundredths of a man): one man in its favour.
pub const DRAW_DECLINE_MEN: f64 = DRAW_DECLINE as f64 / 100.0;

/// The transposition table of one search, in megabytes.
const TABLE_MB: usize = 8;

/// A search score in men (the evaluation counts hundredths of a man).
fn in_men(score: i32) -> f64 {
    f64::from(score) / 100.0
}

/// A side's name in the API (`white` or `black`, any case) as a colour; any other
/// text is refused in words.
pub fn color_named(name: &str) -> Result<Color, String> {
    match name.trim().to_ascii_lowercase().as_str() {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err(format!(
            "no side {name:?}: a side is \"white\" or \"black\""
        )),
    }
}

/// The colour's name in the API: `white` or `black`.
pub fn color_name(c: Color) -> &'static str {
    ["white", "black"][c.index()]
}

/// The ruleset called `name` with `options` (`--roundabout`, dashes optional), or the
/// registry's message for an unknown ruleset or option.
pub fn ruleset_named(name: &str, options: &[String]) -> Result<Ruleset, String> {
    let flags: Vec<String> = options
        .iter()
        .map(|o| format!("--{}", o.trim().trim_start_matches("--")))
        .collect();
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    Ruleset::from_name(name.trim(), &flags).map_err(|e| e.to_string())
}

/// An outcome as the API's `Outcome` object, or `null`.
fn outcome_json(o: Option<Outcome>) -> Value {
    let Some(o) = o else { return Value::Null };
    json!({
        "winner": o.winner().map(color_name),
        "reason": o.reason().code().replace('-', " "),
        "declared": o.reason().is_declared(),
        "result": o.result_text(),
        "text": o.to_string(),
    })
}

/// The computer (the crate's player) for `ruleset`, on the page's clock.
fn player(ruleset: Ruleset) -> AnyPlayer {
    AnyPlayer::with_clock(ruleset, TABLE_MB, || Box::new(PageClock::default()))
}

/// The computer's search of `game` at `level` (its chance from `seed`) within
/// `thinking`; `None` when the game is over.
fn search(game: &AnyGame, thinking: Thinking, level: Level, seed: u64) -> Option<AnyFound> {
    player(game.ruleset())
        .with_level(level)
        .with_seed(seed)
        .search(game, thinking.limits())
        .ok()
}

/// A game of any ruleset with its click input: the JavaScript `Game` class.
pub struct Table {
    game: AnyGame,
    options: Vec<String>,
}

impl Table {
    /// A new game of `ruleset` with `options`, from its start or from `position` (a
    /// position text or FEN).
    ///
    /// # Errors
    /// An unknown ruleset or option, or a position that does not read.
    pub fn new(ruleset: &str, options: &[String], position: Option<&str>) -> Result<Table, String> {
        let r = ruleset_named(ruleset, options)?;
        let game = match position {
            Some(text) if !text.trim().is_empty() => {
                AnyGame::from_position(r, text).map_err(|e| e.to_string())?
            }
            _ => AnyGame::new(r),
        };
        Ok(Table {
            game,
            options: options.to_vec(),
        })
    }

    /// The first game of a PDN text, in the ruleset its tags name, else `ruleset`.
    ///
    /// # Errors
    /// A text with no game, or that does not read or replay.
    pub fn from_pdn(text: &str, ruleset: &str, options: &[String]) -> Result<Table, String> {
        let default = ruleset_named(ruleset, options)?;
        let game = AnyGame::from_pdn(text, default).map_err(|e| e.to_string())?;
        let options = if game.ruleset() == default {
            options.to_vec()
        } else {
            game.ruleset()
                .options()
                .iter()
                .map(|o| o.to_string())
                .collect()
        };
        Ok(Table { game, options })
    }

    fn names(&self, squares: &[column_checkers::Square]) -> Vec<String> {
        let g = self.game.geometry();
        squares.iter().map(|&s| g.name(s).to_string()).collect()
    }

    /// The ruleset's name.
    pub fn ruleset(&self) -> &'static str {
        self.game.ruleset().name()
    }

    /// The ruleset options the game was made with.
    pub fn options(&self) -> &[String] {
        &self.options
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.game.turn()
    }

    /// The outcome (`Outcome` object) or `null`; threefold repetition included.
    pub fn outcome(&self) -> Value {
        outcome_json(self.game.outcome())
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn move_json(&self, m: &AnyMove, clicks_key: &str) -> Value {
        let mut v = json!({
            "text": m.text,
            "taken": self.names(&m.taken),
        });
        v[clicks_key] = json!(self.names(&m.clicks()));
        v
    }

    /// The legal moves (`LegalMove` objects), none once the game is over.
    pub fn legal_moves(&self) -> Value {
        let moves: Vec<Value> = self
            .game
            .legal_moves()
            .iter()
            .map(|m| {
                let mut v = self.move_json(m, "clicks");
                v["kind"] = json!(m.kind.map_or("move", |k| k.name()));
                v["captures"] = json!(m.captured);
                v["crowns"] = json!(m.crowns);
                v
            })
            .collect();
        Value::from(moves)
    }

    /// Plays a move given in the ruleset's notation; returns it as the crate writes it.
    ///
    /// # Errors
    /// Why the text names no legal move (or several), or the game is over.
    pub fn play(&mut self, text: &str) -> Result<String, String> {
        self.game.play(text).map_err(|e| e.to_string())
    }

    /// Clicks a square by name; plays the move when the clicks name one.
    ///
    /// # Errors
    /// Why the square may not be clicked now (the clicks so far are kept).
    pub fn click(&mut self, square: &str) -> Result<Clicked, String> {
        let played = self.game.click_name(square).map_err(|e| e.to_string())?;
        Ok(Clicked {
            played,
            clicks: self.clicks(),
            next: self.next_squares(),
        })
    }

    /// Takes back the last click; returns its square.
    pub fn take_back_click(&mut self) -> Option<String> {
        let sq = self.game.take_back_click()?;
        Some(self.game.square_name(sq).to_string())
    }

    /// Takes back every click.
    pub fn reset_clicks(&mut self) {
        self.game.reset_clicks()
    }

    /// The clicks so far.
    pub fn clicks(&self) -> Vec<String> {
        self.names(self.game.clicks())
    }

    /// The squares that may be clicked next.
    pub fn next_squares(&self) -> Vec<String> {
        self.names(&self.game.next_squares())
    }

    /// Takes back the last move (and an agreed draw or a resignation); returns it.
    pub fn undo(&mut self) -> Option<String> {
        self.game.undo()
    }

    /// Plays again the last move taken back; returns it.
    pub fn redo(&mut self) -> Option<String> {
        self.game.redo()
    }

    /// The moves played, in the ruleset's notation.
    pub fn moves(&self) -> Vec<String> {
        self.game.moves()
    }

    /// The moves played as the game's record (PDN) writes them: a capture by its first
    /// and last square where that names it alone (`g6xc6` for `g6xe6xc6`), so that the
    /// page's move list and its PDN agree.
    pub fn record_moves(&self) -> Vec<String> {
        self.game
            .record()
            .moves
            .into_iter()
            .map(|m| m.text)
            .collect()
    }

    /// The last move (`LastMove` object) or `null`.
    pub fn last_move(&self) -> Value {
        self.game
            .last_move()
            .map_or(Value::Null, |m| self.move_json(&m, "squares"))
    }

    /// The position text.
    pub fn position(&self) -> String {
        self.game.position_text()
    }

    /// The text of the position the game started from.
    pub fn start_position(&self) -> String {
        self.game.start_text()
    }

    /// The position as a PDN FEN, when FEN can say it.
    pub fn fen(&self) -> Option<String> {
        self.game.fen()
    }

    /// The game record as PDN.
    pub fn pdn(&self) -> String {
        self.game.record().to_string()
    }

    /// The board as an SVG document; each square's cell carries `data-square`.
    pub fn svg(&self, drawing: Drawing) -> String {
        let mut options = SvgOptions::default().flipped(drawing.flip);
        if let Some(c) = drawing.cell {
            options.cell = c;
        }
        options.status = drawing.status;
        self.game.svg(&options).unwrap_or_default()
    }

    /// Every square's name, in the board's order.
    pub fn squares(&self) -> Vec<String> {
        let g = self.game.geometry();
        g.squares().map(|s| g.name(s).to_string()).collect()
    }

    /// The columns on the board (`Column` objects: square, men bottom to top, owner).
    pub fn columns(&self) -> Value {
        let Some(view) = self.game.board_view() else {
            return json!([]);
        };
        let g = view.geometry;
        let cols: Vec<Value> = view
            .occupied()
            .map(|(sq, stack)| {
                let men: String = stack.men().map(|m| m.char()).collect();
                json!({
                    "square": g.name(sq),
                    "men": men,
                    "owner": stack.owner().map(color_name),
                })
            })
            .collect();
        Value::from(cols)
    }

    /// The computer's move within `thinking` (its time, and a depth it does not go
    /// beyond), not played, at full strength; `None` when the game is over.
    pub fn computer_move(&self, thinking: Thinking) -> Option<Choice> {
        self.computer_move_at(Level::MAX, 0, thinking)
    }

    /// The computer's move at `level`, not played: below 10 within the level's own
    /// budget (`thinking` bounds it too), its chance drawn from `seed` (the same game
    /// with the same seed gets the same moves); at 10 as
    /// [`computer_move`](Table::computer_move). `None` when the game is over.
    ///
    /// ```
    /// use column_checkers_web::{Table, Thinking};
    /// use column_checkers_player::Level;
    ///
    /// let game = Table::new("emergo", &[], None).unwrap();
    /// let thinking = Thinking::new(1000.0, None).unwrap();
    /// let a = game.computer_move_at(Level::MIN, 5, thinking).unwrap();
    /// assert_eq!(game.computer_move_at(Level::MIN, 5, thinking).unwrap().text, a.text);
    /// ```
    pub fn computer_move_at(&self, level: Level, seed: u64, thinking: Thinking) -> Option<Choice> {
        if self.is_over() {
            return None;
        }
        let found = search(&self.game, thinking, level, seed)?;
        Some(Choice {
            text: found.mv,
            men: in_men(found.score),
            win_in: found.win_in,
            pv: found.line,
            depth: found.depth,
            nodes: found.nodes,
        })
    }

    /// Whether the computer playing `side` accepts a draw offered now, within
    /// `thinking` (the player's [`AnyPlayer::answer_draw`]); `None` when the game is
    /// over. Nothing is agreed.
    pub fn computer_accepts_draw(&self, side: Color, thinking: Thinking) -> Option<DrawAnswer> {
        if self.is_over() {
            return None;
        }
        let answer = player(self.game.ruleset())
            .answer_draw(&self.game, side, thinking.limits())
            .ok()?;
        Some(DrawAnswer {
            accepts: answer.accepts,
            men: in_men(answer.score),
            win_in: answer.win_in,
            depth: answer.depth,
            nodes: answer.nodes,
        })
    }

    /// Ends the game in a draw the players agreed; returns the outcome.
    ///
    /// # Errors
    /// The game is already over (it is then unchanged).
    pub fn agree_draw(&mut self) -> Result<Value, String> {
        let o = self.game.agree_draw().map_err(|e| e.to_string())?;
        Ok(outcome_json(Some(o)))
    }

    /// Ends the game by the resignation of `loser`; returns the outcome.
    ///
    /// # Errors
    /// The game is already over (it is then unchanged).
    pub fn resign(&mut self, loser: Color) -> Result<Value, String> {
        let o = self.game.resign(loser).map_err(|e| e.to_string())?;
        Ok(outcome_json(Some(o)))
    }

    /// Perft of the current position.
    pub fn perft(&self, depth: u32) -> u64 {
        self.game.perft(depth)
    }

    /// How to read the board's labels of columns (top man first), or `None` while no
    /// column is taller than one man.
    pub fn column_legend(&self) -> Option<&'static str> {
        let tallest = self.game.board_view().map_or(0, |v| {
            v.occupied().map(|(_, s)| s.height()).max().unwrap_or(0)
        });
        (tallest > 1).then_some(COLUMN_LEGEND)
    }

    /// Everything the page draws, in one object (`GameState`).
    pub fn state(&self) -> Value {
        let hand = self.game.board_view().map_or([0, 0], |v| v.in_hand);
        json!({
            "ruleset": self.ruleset(),
            "options": self.options,
            "turn": color_name(self.turn()),
            "startTurn": color_name(self.game.start_turn()),
            "outcome": self.outcome(),
            "position": self.position(),
            "fen": self.fen(),
            "pdn": self.pdn(),
            "moves": self.moves(),
            "recordMoves": self.record_moves(),
            "last": self.last_move(),
            "clicks": self.clicks(),
            "next": self.next_squares(),
            "inHand": { "white": hand[0], "black": hand[1] },
            "columnLegend": self.column_legend(),
        })
    }
}

/// Perft of a ruleset from its start or from `position`; refused as [`Table::new`].
pub fn perft_of(
    ruleset: &str,
    options: &[String],
    position: Option<&str>,
    depth: u32,
) -> Result<u64, String> {
    Ok(Table::new(ruleset, options, position)?.perft(depth))
}

/// Random playouts from a ruleset's start (SplitMix64 seeded with `seed`, at most
/// `max_plies` plies a game); an unknown ruleset or option is refused.
pub fn playouts(
    ruleset: &str,
    options: &[String],
    games: u64,
    seed: u64,
    max_plies: usize,
) -> Result<PlayoutStats, String> {
    let game = AnyGame::new(ruleset_named(ruleset, options)?);
    Ok(game.random_playouts(games, seed, max_plies))
}

/// A ruleset and the options it takes, as the page lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesetInfo {
    /// The name (`emergo`, `lasca`, ...).
    pub name: &'static str,
    /// One line about it.
    pub about: &'static str,
    /// Its options: the flag (`--roundabout`) and a line about it.
    pub options: Vec<(&'static str, &'static str)>,
}

/// Every ruleset of the crate, in the registry's order: one entry per name, with
/// every option of that name.
pub fn rulesets() -> Vec<RulesetInfo> {
    Ruleset::ALL
        .iter()
        .filter(|r| r.options().is_empty())
        .map(|r| RulesetInfo {
            name: r.name(),
            about: r.about(),
            options: r.option_help().to_vec(),
        })
        .collect()
}
