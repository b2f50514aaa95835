//! A game: a position plus its history, with threefold repetition, undo, and the
//! players' own ends (an agreed draw, a resignation).

use crate::alloc_prelude::*;
use crate::engine::color::Color;
use crate::engine::error::{DeclaredEndError, MoveParseError, PlayError};
use crate::engine::outcome::{EndReason, Outcome};
use crate::engine::position::Position;

/// The draw by threefold repetition, the rule's one place: when `position`'s ruleset
/// has the rule and the position has occurred three times or more with the same
/// player to move (`occurrences()`, this one counted; called only then). [`Game`]
/// counts by comparing the positions before each move, the click-by-click game of
/// `tools::batch` by their hashes.
pub(crate) fn repetition_draw<P: Position>(
    position: &P,
    occurrences: impl FnOnce() -> usize,
) -> Option<Outcome> {
    (position.repetition_draws() && occurrences() >= 3).then_some(Outcome::Draw {
        reason: EndReason::Repetition,
    })
}

/// A game in progress: the start position, the moves played, and the current position.
///
/// It knows what a position alone cannot: threefold repetition (the third occurrence
/// of the same position with the same player to move is a draw, in the rulesets that
/// have the rule) and how to go back (`undo`) and forth again (`redo`).
///
/// The players may end a game before the rules do: [`agree_draw`](Game::agree_draw)
/// and [`resign`](Game::resign) set the outcome
/// ([`EndReason::Agreement`], [`EndReason::Resignation`]), after which no move is
/// played; [`undo`](Game::undo) withdraws such an end together with the last move.
///
/// What a record says about a game besides its moves (tags such as `Event` and
/// `White`, comments) belongs to the record, not to the game (the text layer's
/// `Record`, which replays into a game and is made from one).
///
/// Two games are equal (`==`) when their history, current position, moves to redo and
/// the end the players declared (if any) are: a failed operation leaves a game equal
/// to what it was.
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
    /// The end the players declared (an agreed draw or a resignation), if any.
    declared: Option<Outcome>,
}

impl<P: Position> Game<P> {
    /// A game starting from `start`.
    pub fn new(start: P) -> Self {
        Game {
            before: Vec::new(),
            moves: Vec::new(),
            position: start,
            undone: Vec::new(),
            declared: None,
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

    /// The outcome: the end the players declared ([`agree_draw`](Game::agree_draw),
    /// [`resign`](Game::resign)), else the position's own, else a draw by threefold
    /// repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        self.declared.or_else(|| self.outcome_by_rules())
    }

    /// The outcome the rules give, leaving out an end the players declared: the
    /// position's own, or a draw by threefold repetition.
    ///
    /// ```
    /// use column_checkers::{Color, Game, Position, RussianDraughts};
    ///
    /// let mut game = Game::new(RussianDraughts::start());
    /// game.resign(Color::White).unwrap();
    /// assert!(game.outcome().is_some());
    /// assert_eq!(game.outcome_by_rules(), None);
    /// ```
    pub fn outcome_by_rules(&self) -> Option<Outcome> {
        self.position
            .outcome()
            .or_else(|| repetition_draw(&self.position, || self.repetitions()))
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

    /// The end the players declared (an agreed draw or a resignation), if any.
    pub fn declared_end(&self) -> Option<Outcome> {
        self.declared
    }

    /// Ends the game in a draw agreed by the players ([`EndReason::Agreement`]), in
    /// any position the rules have not ended. Returns the outcome.
    ///
    /// # Errors
    /// [`DeclaredEndError::GameOver`] when the game is already over; the game is then
    /// unchanged.
    ///
    /// ```
    /// use column_checkers::{EndReason, Game, InternationalDraughts, Position};
    ///
    /// let mut game = Game::new(InternationalDraughts::start());
    /// game.play_text("32-28").unwrap();
    /// let outcome = game.agree_draw().unwrap();
    /// assert_eq!(outcome.reason(), EndReason::Agreement);
    /// assert_eq!(outcome.to_string(), "1/2-1/2 draw: draw agreed");
    /// assert!(game.play_text("19-23").is_err());
    /// ```
    pub fn agree_draw(&mut self) -> Result<Outcome, DeclaredEndError> {
        self.declare(Outcome::Draw {
            reason: EndReason::Agreement,
        })
    }

    /// Ends the game by the resignation of `loser` (who need not be the player to
    /// move): the other player wins ([`EndReason::Resignation`]). Returns the outcome.
    ///
    /// # Errors
    /// [`DeclaredEndError::GameOver`] when the game is already over; the game is then
    /// unchanged.
    ///
    /// ```
    /// use column_checkers::{Color, Emergo, Game, Position};
    ///
    /// let mut game = Game::new(Emergo::start());
    /// game.play_text("d6").unwrap();
    /// let outcome = game.resign(Color::White).unwrap();
    /// assert_eq!(outcome.winner(), Some(Color::Black));
    /// // the resignation is taken back with the last move
    /// assert_eq!(game.undo().map(|m| m.to_string()), Some("d6".to_string()));
    /// assert_eq!(game.outcome(), None);
    /// ```
    pub fn resign(&mut self, loser: Color) -> Result<Outcome, DeclaredEndError> {
        self.declare(Outcome::Win {
            winner: loser.opponent(),
            reason: EndReason::Resignation,
        })
    }

    fn declare(&mut self, outcome: Outcome) -> Result<Outcome, DeclaredEndError> {
        if let Some(o) = self.outcome() {
            return Err(DeclaredEndError::GameOver(o));
        }
        self.declared = Some(outcome);
        self.undone.clear();
        Ok(outcome)
    }

    fn push(&mut self, mv: P::Move, next: P) {
        let prev = core::mem::replace(&mut self.position, next);
        self.before.push(prev);
        self.moves.push(mv);
    }

    /// Takes back the last move and returns it; `None` when no move was played.
    ///
    /// An agreed draw or a resignation is withdrawn with it: the game goes back to the
    /// position before the last move, with no end declared. With no move to take
    /// back, such an end is withdrawn alone (and `None` returned); otherwise `None`
    /// means no change.
    pub fn undo(&mut self) -> Option<P::Move> {
        self.declared = None;
        let prev = self.before.pop()?;
        let mv = self.moves.pop().expect("one move per position");
        self.position = prev;
        self.undone.push(mv);
        Some(mv)
    }

    /// Plays again the last move taken back; `None` (and no change) when there is none.
    /// (An agreed draw or a resignation is not played again, and clears the moves to
    /// redo when it is made.)
    pub fn redo(&mut self) -> Option<P::Move> {
        let mv = self.undone.pop()?;
        let mut next = self.position.clone();
        next.play_unchecked(&mv);
        self.push(mv, next);
        Some(mv)
    }
}
