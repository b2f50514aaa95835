//! The game behind the JavaScript `Game` class, natively: the crate's [`AnyGame`], which
//! decides everything of the game, with its answers as [`serde_json::Value`]s of the
//! shapes the package's TypeScript declarations describe (`LegalMove`, `GameState`, ...).

use column_checkers::any::{AnyMove, PlayoutStats};
use column_checkers::text::svg::SvgOptions;
use column_checkers::{AnyGame, Color, Outcome, Ruleset};
use column_checkers_player::any::{AnyFound, AnyPlayer, DrawAnswer};
use column_checkers_player::{Level, Limits};
use serde_json::{json, Value};
use std::ops::{Deref, DerefMut};
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
    pub clicks: Vec<&'static str>,
    /// The squares that may be clicked next.
    pub next: Vec<&'static str>,
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

/// The transposition table of one search, in megabytes.
const TABLE_MB: usize = 8;

/// An outcome as the API's `Outcome` object, or `null`.
fn outcome_json(o: Option<Outcome>) -> Value {
    let Some(o) = o else { return Value::Null };
    json!({
        "winner": o.winner().map(Color::name),
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

/// A game of any ruleset with its click input: the JavaScript `Game` class. It is its
/// [`AnyGame`] (by `Deref`), with the answers the page takes as JSON values: the
/// methods of its own shadow the game's of the same name.
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
        let r = Ruleset::named(ruleset, options).map_err(|e| e.to_string())?;
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
        let default = Ruleset::named(ruleset, options).map_err(|e| e.to_string())?;
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

    /// The ruleset options the game was made with.
    pub fn options(&self) -> &[String] {
        &self.options
    }

    /// The outcome (`Outcome` object) or `null`; threefold repetition included.
    pub fn outcome(&self) -> Value {
        outcome_json(self.game.outcome())
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

    /// Clicks a square by name; plays the move when the clicks name one.
    ///
    /// # Errors
    /// Why the square may not be clicked now (the clicks so far are kept).
    pub fn click(&mut self, square: &str) -> Result<Clicked, String> {
        let played = self.game.click_name(square).map_err(|e| e.to_string())?;
        Ok(Clicked {
            played,
            clicks: self.names(self.game.clicks()),
            next: self.next_names(),
        })
    }

    /// The last move (`LastMove` object) or `null`.
    pub fn last_move(&self) -> Value {
        self.game
            .last_move()
            .map_or(Value::Null, |m| self.move_json(&m, "squares"))
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

    /// The columns on the board (`Column` objects: square, men bottom to top, owner).
    pub fn columns(&self) -> Value {
        let Some(view) = self.game.board_view() else {
            return json!([]);
        };
        let g = view.geometry;
        let cols: Vec<Value> = view
            .occupied()
            .map(|(sq, stack)| {
                json!({
                    "square": g.name(sq),
                    "men": stack.to_string(),
                    "owner": stack.owner().map(Color::name),
                })
            })
            .collect();
        Value::from(cols)
    }

    /// The computer's move within `thinking` (its time, and a depth it does not go
    /// beyond), not played, at full strength; `None` when the game is over.
    pub fn computer_move(&self, thinking: Thinking) -> Option<AnyFound> {
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
    /// assert_eq!(game.computer_move_at(Level::MIN, 5, thinking).unwrap().mv, a.mv);
    /// ```
    pub fn computer_move_at(
        &self,
        level: Level,
        seed: u64,
        thinking: Thinking,
    ) -> Option<AnyFound> {
        let mut player = player(self.game.ruleset())
            .with_level(level)
            .with_seed(seed);
        player.search(&self.game, thinking.limits()).ok()
    }

    /// Whether the computer playing `side` accepts a draw offered now, within
    /// `thinking` (the player's [`AnyPlayer::answer_draw`]); `None` when the game is
    /// over. Nothing is agreed.
    pub fn computer_accepts_draw(&self, side: Color, thinking: Thinking) -> Option<DrawAnswer> {
        let mut player = player(self.game.ruleset());
        player.answer_draw(&self.game, side, thinking.limits()).ok()
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

    /// Everything the page draws, in one object (`GameState`).
    pub fn state(&self) -> Value {
        let g = &self.game;
        let hand = g.board_view().map_or([0, 0], |v| v.in_hand);
        json!({
            "ruleset": g.ruleset().name(),
            "options": self.options,
            "turn": g.turn().name(),
            "startTurn": g.start_turn().name(),
            "outcome": self.outcome(),
            "position": g.position_text(),
            "fen": g.fen(),
            "pdn": g.record().to_string(),
            "moves": g.moves(),
            "recordMoves": g.record_moves(),
            "last": self.last_move(),
            "clicks": g.names(g.clicks()),
            "next": g.next_names(),
            "inHand": { "white": hand[0], "black": hand[1] },
            "columnLegend": g.column_legend(),
        })
    }
}

impl Deref for Table {
    type Target = AnyGame;

    fn deref(&self) -> &AnyGame {
        &self.game
    }
}

impl DerefMut for Table {
    fn deref_mut(&mut self) -> &mut AnyGame {
        &mut self.game
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
    let game = AnyGame::new(Ruleset::named(ruleset, options).map_err(|e| e.to_string())?);
    Ok(game.random_playouts(games, seed, max_plies))
}
