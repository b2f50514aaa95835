//! A game of any ruleset behind one object-safe trait: what the JavaScript API hands
//! out, in plain Rust (the native tests use it directly). The ruleset is chosen once,
//! when the game is made ([`crate::registry::with_ruleset`]); everything inside is
//! compiled for that ruleset.
//!
//! The structured answers are [`serde_json::Value`]s of the shapes that the
//! TypeScript declarations of the package describe (`LegalMove`, `ClickResult`,
//! `Outcome`, `LastMove`, `GameState`, ...).

use crate::registry::{visit, with_ruleset, Visit};
use crate::search;
use column_checkers::text::fen::{fen_of, read_position_or_fen};
use column_checkers::text::pdn::read_games;
use column_checkers::text::position_text::COLUMN_LEGEND;
use column_checkers::text::svg::{render_position, SvgOptions};
use column_checkers::tools::playout::random_playout;
use column_checkers::tools::registry::{record_of_game, Ruleset};
use column_checkers::tools::rng::SplitMix64;
use column_checkers::{
    perft, Checking, Color, Counting, EndReason, Game, Introspect, MoveInput, MoveList,
    MoveSquares, Outcome, Position, Square,
};
use serde_json::{json, Value};

/// How to draw the board ([`Table::svg`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Drawing {
    /// Black's side at the bottom.
    pub flip: bool,
    /// The width of a cell in pixels (the crate's default when `None`).
    pub cell: Option<f64>,
    /// Whether to write the side to move and the men in hand under the board (a page
    /// that says it in its own words leaves it out).
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

/// The computer's choice ([`Table::computer_move`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move, in the ruleset's notation.
    pub text: String,
    /// Its score for the side to move (material in hundredths plus mobility; a win
    /// is worth about a million).
    pub score: i32,
    /// The positions searched.
    pub nodes: u64,
}

/// The computer's answer to a draw offer ([`Table::computer_accepts_draw`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawAnswer {
    /// Whether it accepts: it does unless its search counts it at least a man ahead
    /// ([`DRAW_DECLINE_SCORE`]).
    pub accepts: bool,
    /// The material balance its search finds for the side it plays: 100 a man
    /// (men it commands and men in hand, as in [`Choice::score`], without mobility);
    /// about a million for a win.
    pub score: i32,
    /// The positions searched.
    pub nodes: u64,
}

/// The score from which the computer declines a draw: one man (100) in its favour.
/// The computer accepts a draw offer unless its search, at the strength it plays,
/// counts it at least a man ahead in material (or winning): level or behind, it takes
/// the half point.
pub const DRAW_DECLINE_SCORE: i32 = 100;

/// A side's name in the API (`white` or `black`, any case) as a colour.
///
/// # Errors
/// Any other text, in words.
pub fn color_named(name: &str) -> Result<Color, String> {
    match name.trim().to_ascii_lowercase().as_str() {
        "white" => Ok(Color::White),
        "black" => Ok(Color::Black),
        _ => Err(format!(
            "no side {name:?}: a side is \"white\" or \"black\""
        )),
    }
}

/// A game of some ruleset, a move being clicked in it, and everything the page asks.
trait Play {
    fn ruleset(&self) -> &'static str;
    fn turn(&self) -> Color;
    fn start_turn(&self) -> Color;
    fn outcome(&self) -> Option<Outcome>;
    fn legal_moves(&self) -> Value;
    fn play_text(&mut self, text: &str) -> Result<String, String>;
    fn click(&mut self, square: &str) -> Result<Clicked, String>;
    fn take_back_click(&mut self) -> Option<String>;
    fn reset_clicks(&mut self);
    fn clicks(&self) -> Vec<String>;
    fn next_squares(&self) -> Vec<String>;
    fn undo(&mut self) -> Option<String>;
    fn redo(&mut self) -> Option<String>;
    fn moves(&self) -> Vec<String>;
    fn last_move(&self) -> Value;
    fn position(&self) -> String;
    fn start_position(&self) -> String;
    fn fen(&self) -> Option<String>;
    fn pdn(&self) -> String;
    fn svg(&self, drawing: Drawing) -> String;
    fn squares(&self) -> Vec<String>;
    fn columns(&self) -> Value;
    fn in_hand(&self) -> [usize; 2];
    fn tallest(&self) -> usize;
    fn computer_move(&self, depth: u32) -> Option<Choice>;
    fn material_search(&self, depth: u32) -> (i32, u64);
    fn agree_draw(&mut self) -> Result<Outcome, String>;
    fn resign(&mut self, loser: Color) -> Result<Outcome, String>;
    fn perft(&self, depth: u32) -> u64;
}

struct Seat<P: Introspect> {
    game: Game<P>,
    input: MoveInput<P>,
}

impl<P: Introspect + Counting + Checking> Seat<P> {
    fn new(game: Game<P>) -> Self {
        let input = MoveInput::new(game.position());
        Seat { game, input }
    }

    fn names(&self, squares: &[Square]) -> Vec<String> {
        let g = self.input.geometry();
        squares.iter().map(|&s| g.name(s).to_string()).collect()
    }

    fn renew_input(&mut self) {
        self.input = MoveInput::new(self.game.position());
    }

    fn played(&mut self, mv: &P::Move) -> Result<String, String> {
        self.game.play(mv).map_err(|e| format!("{mv}: {e}"))?;
        self.renew_input();
        Ok(mv.to_string())
    }
}

/// The colour's name in the API: `white` or `black`.
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// An outcome as the API's `Outcome` object, or `null`.
fn outcome_json(o: Option<Outcome>) -> Value {
    let Some(o) = o else { return Value::Null };
    let reason = match o.reason() {
        EndReason::NoPieces => "no pieces",
        EndReason::NoLegalMove => "no legal move",
        EndReason::Repetition => "repetition",
        EndReason::Goal => "goal",
        EndReason::KingMoves => "king moves",
        EndReason::EndgameMoves => "endgame moves",
        EndReason::Agreement => "agreement",
        EndReason::Resignation => "resignation",
        _ => "other",
    };
    json!({
        "winner": o.winner().map(color_name),
        "reason": reason,
        "declared": o.reason().is_declared(),
        "result": o.result_text(),
        "text": o.to_string(),
    })
}

impl<P: Introspect + Counting + Checking> Play for Seat<P> {
    fn ruleset(&self) -> &'static str {
        P::NAME
    }

    fn turn(&self) -> Color {
        self.game.position().turn()
    }

    fn start_turn(&self) -> Color {
        self.game.start().turn()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn legal_moves(&self) -> Value {
        if self.game.outcome().is_some() {
            return json!([]);
        }
        let pos = self.game.position();
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let moves: Vec<Value> = list
            .iter()
            .map(|mv| {
                let info = pos.describe(mv);
                json!({
                    "text": mv.to_string(),
                    "clicks": self.names(&mv.clicks()),
                    "kind": info.as_ref().map_or("move", |i| i.kind.name()),
                    "captures": mv.men_captured(),
                    "taken": info.as_ref().map_or_else(Vec::new, |i| self.names(&i.taken)),
                    "crowns": info.as_ref().is_some_and(|i| i.crowned),
                })
            })
            .collect();
        Value::from(moves)
    }

    fn play_text(&mut self, text: &str) -> Result<String, String> {
        let mv = self.game.play_text(text).map_err(|e| e.to_string())?;
        self.renew_input();
        Ok(mv.to_string())
    }

    fn click(&mut self, square: &str) -> Result<Clicked, String> {
        if let Some(o) = self.game.outcome() {
            // repetition ends the game, which the position's input cannot know
            return Err(format!("the game is over ({o})"));
        }
        let played = match self.input.click_name(square).map_err(|e| e.to_string())? {
            Some(mv) => Some(self.played(&mv)?),
            None => None,
        };
        Ok(Clicked {
            played,
            clicks: self.clicks(),
            next: self.next_squares(),
        })
    }

    fn take_back_click(&mut self) -> Option<String> {
        let g = self.input.geometry();
        self.input.undo().map(|s| g.name(s).to_string())
    }

    fn reset_clicks(&mut self) {
        self.input.reset();
    }

    fn clicks(&self) -> Vec<String> {
        self.names(self.input.clicks())
    }

    fn next_squares(&self) -> Vec<String> {
        if self.game.outcome().is_some() {
            return Vec::new();
        }
        self.names(&self.input.next_squares())
    }

    fn undo(&mut self) -> Option<String> {
        let mv = self.game.undo()?;
        self.renew_input();
        Some(mv.to_string())
    }

    fn redo(&mut self) -> Option<String> {
        let mv = self.game.redo()?;
        self.renew_input();
        Some(mv.to_string())
    }

    fn moves(&self) -> Vec<String> {
        self.game.moves().iter().map(|m| m.to_string()).collect()
    }

    fn last_move(&self) -> Value {
        let Some(mv) = self.game.moves().last() else {
            return Value::Null;
        };
        let mut before = self.game.clone();
        before.undo();
        let taken = before
            .position()
            .describe(mv)
            .map_or_else(Vec::new, |i| self.names(&i.taken));
        json!({
            "text": mv.to_string(),
            "squares": self.names(&mv.clicks()),
            "taken": taken,
        })
    }

    fn position(&self) -> String {
        self.game.position().to_string()
    }

    fn start_position(&self) -> String {
        self.game.start().to_string()
    }

    fn fen(&self) -> Option<String> {
        fen_of(self.game.position())
    }

    fn pdn(&self) -> String {
        record_of_game(&self.game).to_string()
    }

    fn svg(&self, drawing: Drawing) -> String {
        let mut options = SvgOptions::default().flipped(drawing.flip);
        if let Some(c) = drawing.cell {
            options.cell = c;
        }
        options.status = drawing.status;
        render_position(self.game.position(), &options).unwrap_or_default()
    }

    fn squares(&self) -> Vec<String> {
        let g = self.input.geometry();
        g.squares().map(|s| g.name(s).to_string()).collect()
    }

    fn columns(&self) -> Value {
        let Some(view) = self.game.position().board_view() else {
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

    fn in_hand(&self) -> [usize; 2] {
        self.game
            .position()
            .board_view()
            .map_or([0, 0], |v| v.in_hand)
    }

    fn tallest(&self) -> usize {
        self.game.position().board_view().map_or(0, |v| {
            v.occupied().map(|(_, s)| s.height()).max().unwrap_or(0)
        })
    }

    fn computer_move(&self, depth: u32) -> Option<Choice> {
        if self.game.outcome().is_some() {
            return None;
        }
        let (mv, score, nodes) = search::computer_move(self.game.position(), depth.max(1))?;
        Some(Choice {
            text: mv.to_string(),
            score,
            nodes,
        })
    }

    fn material_search(&self, depth: u32) -> (i32, u64) {
        search::material_search(self.game.position(), depth)
    }

    fn agree_draw(&mut self) -> Result<Outcome, String> {
        let o = self.game.agree_draw().map_err(|e| e.to_string())?;
        self.input.reset();
        Ok(o)
    }

    fn resign(&mut self, loser: Color) -> Result<Outcome, String> {
        let o = self.game.resign(loser).map_err(|e| e.to_string())?;
        self.input.reset();
        Ok(o)
    }

    fn perft(&self, depth: u32) -> u64 {
        perft(self.game.position(), depth)
    }
}

/// A game of any ruleset with its click input: the object behind the JavaScript
/// `Game` class.
pub struct Table {
    seat: Box<dyn Play>,
    options: Vec<String>,
}

/// Reads a start position of `P`: its own position text, or a PDN FEN (the draughts
/// games and the column games whose columns are single men), by the crate's one reader
/// of either form ([`read_position_or_fen`]).
fn read_start<P: Position>(text: &str) -> Result<P, String> {
    read_position_or_fen::<P>(text.trim(), str::parse).map_err(|e| format!("{}: {e}", P::NAME))
}

struct New<'a>(Option<&'a str>);

impl Visit for New<'_> {
    type Output = Result<Box<dyn Play>, String>;
    fn visit<P: Introspect + Counting + Checking>(self) -> Self::Output {
        let start = match self.0.map(str::trim).filter(|t| !t.is_empty()) {
            Some(t) => read_start::<P>(t)?,
            None => P::start(),
        };
        Ok(Box::new(Seat::new(Game::new(start))))
    }
}

struct Replay<'a>(&'a column_checkers::text::record::Record);

impl Visit for Replay<'_> {
    type Output = Result<Box<dyn Play>, String>;
    fn visit<P: Introspect + Counting + Checking>(self) -> Self::Output {
        let replay = self.0.replay::<P>().map_err(|e| e.to_string())?;
        Ok(Box::new(Seat::new(replay.game)))
    }
}

impl Table {
    /// A new game of `ruleset` with `options`, from its start or from `position` (the
    /// ruleset's position text, or a FEN).
    ///
    /// # Errors
    /// An unknown ruleset or option, or a position that does not read, in words.
    pub fn new(ruleset: &str, options: &[String], position: Option<&str>) -> Result<Table, String> {
        let seat = with_ruleset(ruleset, options, New(position))??;
        Ok(Table {
            seat,
            options: options.to_vec(),
        })
    }

    /// The first game of a PDN text, every move checked. Its ruleset is the one its
    /// tags name (`GameType`, `Variant`), else `ruleset`.
    ///
    /// # Errors
    /// A text with no game, a game that does not read or replay, or tags that name
    /// no ruleset of the crate, in words.
    pub fn from_pdn(text: &str, ruleset: &str, options: &[String]) -> Result<Table, String> {
        let record = read_games(text)
            .into_iter()
            .next()
            .ok_or("the text holds no game")?
            .map_err(|e| e.to_string())?;
        match Ruleset::of_record(&record).map_err(|e| e.to_string())? {
            Some(r) => Ok(Table {
                seat: visit(r, Replay(&record))?,
                options: r.options().iter().map(|o| o.to_string()).collect(),
            }),
            None => Ok(Table {
                seat: with_ruleset(ruleset, options, Replay(&record))??,
                options: options.to_vec(),
            }),
        }
    }

    /// The ruleset's name.
    pub fn ruleset(&self) -> &'static str {
        self.seat.ruleset()
    }

    /// The ruleset options the game was made with.
    pub fn options(&self) -> &[String] {
        &self.options
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.seat.turn()
    }

    /// The outcome (`Outcome` object) or `null`; threefold repetition included.
    pub fn outcome(&self) -> Value {
        outcome_json(self.seat.outcome())
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.seat.outcome().is_some()
    }

    /// The legal moves (`LegalMove` objects), none once the game is over.
    pub fn legal_moves(&self) -> Value {
        self.seat.legal_moves()
    }

    /// Plays a move given in the ruleset's notation; returns it as the crate writes it.
    ///
    /// # Errors
    /// Why the text names no legal move (or several), or the game is over.
    pub fn play(&mut self, text: &str) -> Result<String, String> {
        self.seat.play_text(text)
    }

    /// Clicks a square by name; plays the move when the clicks name one.
    ///
    /// # Errors
    /// Why the square may not be clicked now (the clicks so far are kept).
    pub fn click(&mut self, square: &str) -> Result<Clicked, String> {
        self.seat.click(square)
    }

    /// Takes back the last click; returns its square.
    pub fn take_back_click(&mut self) -> Option<String> {
        self.seat.take_back_click()
    }

    /// Takes back every click.
    pub fn reset_clicks(&mut self) {
        self.seat.reset_clicks()
    }

    /// The clicks so far.
    pub fn clicks(&self) -> Vec<String> {
        self.seat.clicks()
    }

    /// The squares that may be clicked next.
    pub fn next_squares(&self) -> Vec<String> {
        self.seat.next_squares()
    }

    /// Takes back the last move; returns it. An agreed draw or a resignation is
    /// withdrawn with it (with no move to take back, alone: `None` is returned).
    pub fn undo(&mut self) -> Option<String> {
        self.seat.undo()
    }

    /// Plays again the last move taken back; returns it.
    pub fn redo(&mut self) -> Option<String> {
        self.seat.redo()
    }

    /// The moves played, in the ruleset's notation.
    pub fn moves(&self) -> Vec<String> {
        self.seat.moves()
    }

    /// The last move (`LastMove` object: its text, clicked squares and the squares of
    /// the men it took) or `null`.
    pub fn last_move(&self) -> Value {
        self.seat.last_move()
    }

    /// The position text.
    pub fn position(&self) -> String {
        self.seat.position()
    }

    /// The text of the position the game started from.
    pub fn start_position(&self) -> String {
        self.seat.start_position()
    }

    /// The position as a PDN FEN, when FEN can say it.
    pub fn fen(&self) -> Option<String> {
        self.seat.fen()
    }

    /// The game record as PDN.
    pub fn pdn(&self) -> String {
        self.seat.pdn()
    }

    /// The board as an SVG document; each square's cell carries `data-square`.
    pub fn svg(&self, drawing: Drawing) -> String {
        self.seat.svg(drawing)
    }

    /// Every square's name, in the board's order.
    pub fn squares(&self) -> Vec<String> {
        self.seat.squares()
    }

    /// The columns on the board (`Column` objects: square, men bottom to top, owner).
    pub fn columns(&self) -> Value {
        self.seat.columns()
    }

    /// The computer's move (the search of the crate's `play` example to `depth`
    /// plies), without playing it; `None` when the game is over.
    pub fn computer_move(&self, depth: u32) -> Option<Choice> {
        self.seat.computer_move(depth)
    }

    /// Whether the computer playing `side` accepts a draw offered now: it searches
    /// the position as for a move, with material alone at the leaves (to `depth`
    /// plies, one more when the last ply would be its own, so that the other side
    /// always has the last word and a capture at the horizon does not count as won),
    /// and accepts unless it counts itself at least a man ahead
    /// ([`DRAW_DECLINE_SCORE`]). `None` when the game is over. Nothing is played or
    /// agreed: call [`agree_draw`](Table::agree_draw) when it accepts.
    pub fn computer_accepts_draw(&self, side: Color, depth: u32) -> Option<DrawAnswer> {
        let depth = depth.max(1);
        // the side that plays the last ply of the search: the side to move when the
        // depth is odd
        let last = if depth % 2 == 1 {
            self.turn()
        } else {
            self.turn().opponent()
        };
        let depth = if last == side { depth + 1 } else { depth };
        if self.is_over() {
            return None;
        }
        let (score, nodes) = self.seat.material_search(depth);
        let score = if side == self.turn() { score } else { -score };
        Some(DrawAnswer {
            accepts: score < DRAW_DECLINE_SCORE,
            score,
            nodes,
        })
    }

    /// Ends the game in a draw the players agreed (the crate's
    /// [`Game::agree_draw`]); returns the outcome (`Outcome` object). The clicks of a
    /// move being entered are dropped. [`undo`](Table::undo) withdraws the agreement
    /// together with the last move.
    ///
    /// # Errors
    /// The game is already over (it is then unchanged).
    pub fn agree_draw(&mut self) -> Result<Value, String> {
        self.seat.agree_draw().map(|o| outcome_json(Some(o)))
    }

    /// Ends the game by the resignation of `loser` (who need not be the side to
    /// move): the other side wins (the crate's [`Game::resign`]); returns the outcome.
    /// [`undo`](Table::undo) withdraws the resignation together with the last move.
    ///
    /// # Errors
    /// The game is already over (it is then unchanged).
    pub fn resign(&mut self, loser: Color) -> Result<Value, String> {
        self.seat.resign(loser).map(|o| outcome_json(Some(o)))
    }

    /// Perft of the current position.
    pub fn perft(&self, depth: u32) -> u64 {
        self.seat.perft(depth)
    }

    /// How to read the board's labels of columns of more than one man (they run from
    /// the top man down, the position text from the bottom up): the crate's legend of
    /// its diagrams ([`COLUMN_LEGEND`]), or `None` when no column is taller than one man.
    pub fn column_legend(&self) -> Option<&'static str> {
        (self.seat.tallest() > 1).then_some(COLUMN_LEGEND)
    }

    /// Everything the page draws, in one object (`GameState`).
    pub fn state(&self) -> Value {
        let hand = self.seat.in_hand();
        json!({
            "ruleset": self.ruleset(),
            "options": self.options,
            "turn": color_name(self.turn()),
            "startTurn": color_name(self.seat.start_turn()),
            "outcome": self.outcome(),
            "position": self.position(),
            "fen": self.fen(),
            "pdn": self.pdn(),
            "moves": self.moves(),
            "last": self.last_move(),
            "clicks": self.clicks(),
            "next": self.next_squares(),
            "inHand": { "white": hand[0], "black": hand[1] },
            "columnLegend": self.column_legend(),
        })
    }
}

struct Perft<'a>(Option<&'a str>, u32);

impl Visit for Perft<'_> {
    type Output = Result<u64, String>;
    fn visit<P: Introspect + Counting + Checking>(self) -> Self::Output {
        let pos = match self.0 {
            Some(t) => read_start::<P>(t)?,
            None => P::start(),
        };
        Ok(perft(&pos, self.1))
    }
}

/// Perft of a ruleset from its start or from `position`.
///
/// # Errors
/// An unknown ruleset or option, or a position that does not read.
pub fn perft_of(
    ruleset: &str,
    options: &[String],
    position: Option<&str>,
    depth: u32,
) -> Result<u64, String> {
    with_ruleset(ruleset, options, Perft(position, depth))?
}

/// What a run of random playouts did ([`playouts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playouts {
    /// Games played.
    pub games: u64,
    /// Plies played in all.
    pub plies: u64,
    /// Games that ended before the ply limit.
    pub ended: u64,
}

struct Playout(u64, u64, usize);

impl Visit for Playout {
    type Output = Playouts;
    fn visit<P: Introspect + Counting + Checking>(self) -> Playouts {
        let Playout(games, seed, max_plies) = self;
        let mut rng = SplitMix64::new(seed);
        let mut moves = MoveList::new();
        let start = P::start();
        let mut out = Playouts {
            games,
            plies: 0,
            ended: 0,
        };
        for _ in 0..games {
            let p = random_playout(&start, &mut rng, max_plies, &mut moves);
            out.plies += p.plies as u64;
            out.ended += p.outcome.is_some() as u64;
        }
        out
    }
}

/// Random playouts from a ruleset's start, as the crate's `bench_playouts` example
/// plays them (uniformly random legal moves, SplitMix64 seeded with `seed`, at most
/// `max_plies` plies a game).
///
/// # Errors
/// An unknown ruleset or option.
pub fn playouts(
    ruleset: &str,
    options: &[String],
    games: u64,
    seed: u64,
    max_plies: usize,
) -> Result<Playouts, String> {
    with_ruleset(ruleset, options, Playout(games, seed, max_plies))
}
