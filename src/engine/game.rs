//! A game: a position plus its history, with threefold repetition and undo.

use crate::engine::error::{MoveParseError, PlayError};
use crate::engine::outcome::{EndReason, Outcome};
use crate::engine::position::Position;

/// A game in progress: the start position, the moves played, and the current position.
///
/// It knows what a position alone cannot: threefold repetition (the third occurrence
/// of the same position with the same player to move is a draw, in the rulesets that
/// have the rule) and how to go back (`undo`) and forth again (`redo`).
///
/// What a record says about a game besides its moves (tags such as `Event` and
/// `White`, comments) belongs to the record, not to the game (the text layer's
/// `Record`, which replays into a game and is made from one).
///
/// Two games are equal (`==`) when their history, current position and moves to redo
/// are: a failed operation leaves a game equal to what it was.
///
/// ```
/// use column_checkers::{Emergo, Game, Position};
///
/// let mut game = Game::new(Emergo::start());
/// game.play_text("d6").unwrap();
/// game.play_text("d8").unwrap();
/// assert_eq!(game.moves().len(), 2);
/// assert!(game.play_text("e9").is_ok());
/// game.undo();
/// assert_eq!(game.position().to_string(), "d6:w,d8:b w 11/11");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game<P: Position> {
    /// Positions before each move, oldest first.
    before: Vec<P>,
    moves: Vec<P::Move>,
    position: P,
    /// Moves undone, most recent last, for `redo`.
    undone: Vec<P::Move>,
}

impl<P: Position> Game<P> {
    /// A game starting from `start`.
    pub fn new(start: P) -> Self {
        Game {
            before: Vec::new(),
            moves: Vec::new(),
            position: start,
            undone: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &P {
        &self.position
    }

    /// The position the game started from.
    pub fn start(&self) -> &P {
        self.before.first().unwrap_or(&self.position)
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// How many times the current position has occurred (with the same player to move),
    /// counting the current one.
    pub fn repetitions(&self) -> usize {
        let h = self.position.zobrist();
        1 + self
            .before
            .iter()
            .filter(|p| p.zobrist() == h && **p == self.position)
            .count()
    }

    /// The outcome: the position's own, or a draw by threefold repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome().or_else(|| {
            (self.position.repetition_draws() && self.repetitions() >= 3).then_some(Outcome::Draw {
                reason: EndReason::Repetition,
            })
        })
    }

    /// Plays a move.
    ///
    /// # Errors
    /// [`PlayError`] when the game is over (repetition included) or the move is not
    /// legal; the game is then unchanged.
    pub fn play(&mut self, mv: &P::Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        let mut next = self.position.clone();
        next.play(mv)?;
        self.push(*mv, next);
        self.undone.clear();
        Ok(())
    }

    /// Reads a move in the ruleset's notation and plays it; returns the move.
    ///
    /// # Errors
    /// [`MoveParseError`] when the text names no legal move (or several), or the game
    /// is over; the game is then unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<P::Move, MoveParseError> {
        if let Some(o) = self.outcome() {
            return Err(MoveParseError::GameOver(o));
        }
        let mv = self.position.parse_move(text)?;
        let mut next = self.position.clone();
        next.play_unchecked(&mv);
        self.push(mv, next);
        self.undone.clear();
        Ok(mv)
    }

    fn push(&mut self, mv: P::Move, next: P) {
        let prev = core::mem::replace(&mut self.position, next);
        self.before.push(prev);
        self.moves.push(mv);
    }

    /// Takes back the last move and returns it; `None` (and no change) at the start.
    pub fn undo(&mut self) -> Option<P::Move> {
        let prev = self.before.pop()?;
        let mv = self.moves.pop().expect("one move per position");
        self.position = prev;
        self.undone.push(mv);
        Some(mv)
    }

    /// Plays again the last move taken back; `None` (and no change) when there is none.
    pub fn redo(&mut self) -> Option<P::Move> {
        let mv = self.undone.pop()?;
        let mut next = self.position.clone();
        next.play_unchecked(&mv);
        self.push(mv, next);
        Some(mv)
    }
}
