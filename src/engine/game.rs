//! A game: a position plus its history, with threefold repetition, undo, and the
//! players' own ends (an agreed draw, a resignation).

use crate::alloc_prelude::*;
use crate::engine::color::Color;
use crate::engine::error::{DeclaredEndError, MoveParseError, PlayError};
use crate::engine::history::History;
use crate::engine::outcome::{EndReason, Outcome};
use crate::engine::position::Position;

/// The draw by threefold repetition, the rule's one place: when `position`'s ruleset
/// has the rule and the position has occurred three times or more with the same
/// player to move. `at_most` bounds the occurrences at once (one more than the
/// history's count of the position's slot); `occurrences()` counts them exactly,
/// this one included, and is called only when the bound allows a draw.
#[inline(always)]
fn repetition_draw<P: Position>(
    position: &P,
    at_most: usize,
    occurrences: impl FnOnce() -> usize,
) -> Option<Outcome> {
    (at_most >= 3 && position.repetition_draws() && occurrences() >= 3).then_some(Outcome::Draw {
        reason: EndReason::Repetition,
    })
}

/// Every how many moves a game keeps the position before the move whole: the
/// positions between are replayed from it (to confirm a repetition, to take a move
/// back).
const CHECKPOINT: usize = 32;

/// A copy of `v` with room for `room` items: a copy of a game plays its first moves
/// without growing its buffers again.
pub(crate) fn with_room<T: Clone>(v: &[T], room: usize) -> Vec<T> {
    let mut out = Vec::with_capacity(room.max(v.len()));
    out.extend_from_slice(v);
    out
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
/// The positions of the game are kept as their keys ([`History`], which the player's
/// search takes: [`history`](Game::history)) and every 32nd of them whole: a match of
/// keys is confirmed on the position itself, replayed from the one kept before it, and
/// so is the position a move is taken back to.
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
#[derive(Debug, PartialEq, Eq)]
pub struct Game<P: Position> {
    /// The position before every [`CHECKPOINT`]-th move (the start first).
    checkpoints: Vec<P>,
    /// The keys of the positions before each move, oldest first.
    history: History,
    moves: Vec<P::Move>,
    position: P,
    /// The current position's key ([`Position::zobrist`]): the history's next key.
    key: u64,
    /// Moves undone, most recent last, for `redo`.
    undone: Vec<P::Move>,
    /// The end the players declared (an agreed draw or a resignation), if any.
    declared: Option<Outcome>,
}

impl<P: Position> Clone for Game<P> {
    /// A copy with its buffers' room.
    fn clone(&self) -> Self {
        let mut history =
            History::with_capacity(self.history.keys().len().max(self.moves.capacity()));
        history.extend(self.history.keys().iter().copied());
        Game {
            checkpoints: self.checkpoints.clone(),
            history,
            moves: with_room(&self.moves, self.moves.capacity()),
            position: self.position.clone(),
            key: self.key,
            undone: self.undone.clone(),
            declared: self.declared,
        }
    }
}

impl<P: Position> Game<P> {
    /// A game starting from `start`.
    pub fn new(start: P) -> Self {
        Game {
            checkpoints: Vec::new(),
            history: History::new(),
            moves: Vec::new(),
            key: start.zobrist(),
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
        self.checkpoints.first().unwrap_or(&self.position)
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// The keys ([`Position::zobrist`]) of the positions before each move, oldest
    /// first: what a search takes to see the game's positions again.
    ///
    /// ```
    /// use column_checkers::{Game, Lasca, Position};
    ///
    /// let mut game = Game::new(Lasca::start());
    /// game.play_text("c3-d4").unwrap();
    /// assert_eq!(game.history().keys(), [Lasca::start().zobrist()]);
    /// ```
    pub fn history(&self) -> &History {
        &self.history
    }

    /// The position before move `i` (`i <= moves().len()`), replayed from the one
    /// kept before it.
    pub(crate) fn position_before(&self, i: usize) -> P {
        if i == self.moves.len() {
            self.position.clone()
        } else {
            self.replayed(i)
        }
    }

    /// The position after the first `i` moves, replayed from the one kept before move
    /// `i` (kept while a move after the first `i - i % 32` is played).
    fn replayed(&self, i: usize) -> P {
        let k = i / CHECKPOINT;
        let mut p = self.checkpoints[k].clone();
        for mv in &self.moves[k * CHECKPOINT..i] {
            p.play_unchecked(mv);
        }
        p
    }

    /// How many times the current position has occurred (with the same player to move),
    /// counting the current one.
    pub fn repetitions(&self) -> usize {
        let key = self.key;
        let mut count = 1;
        // the last position replayed: the one before move `j`
        let mut replay: Option<(usize, P)> = None;
        for i in self.history.indices_of(key) {
            let (mut j, mut p) = match replay.take() {
                Some((j, p)) if j <= i && i - j < CHECKPOINT => (j, p),
                _ => (
                    i / CHECKPOINT * CHECKPOINT,
                    self.checkpoints[i / CHECKPOINT].clone(),
                ),
            };
            while j < i {
                p.play_unchecked(&self.moves[j]);
                j += 1;
            }
            count += usize::from(p == self.position);
            replay = Some((j, p));
        }
        count
    }

    /// The draw by threefold repetition, when the current position is one.
    #[inline(always)]
    fn repetition(&self) -> Option<Outcome> {
        let at_most = 1 + self.history.at_most(self.key);
        repetition_draw(&self.position, at_most, || self.repetitions())
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
        self.position.outcome().or_else(|| self.repetition())
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
        self.history.push(self.key);
        self.key = self.position.zobrist();
        if self.moves.len() % CHECKPOINT == 0 {
            self.checkpoints.push(prev);
        }
        self.moves.push(mv);
    }

    /// Plays `mv`, a legal move of the position, without a check, and forgets the
    /// moves to redo.
    #[inline(always)]
    pub(crate) fn push_unchecked(&mut self, mv: P::Move) {
        if self.moves.len() % CHECKPOINT == 0 {
            self.checkpoints.push(self.position.clone());
        }
        self.history.push(self.key);
        self.position.play_unchecked(&mv);
        self.key = self.position.zobrist();
        self.moves.push(mv);
        self.undone.clear();
    }

    /// Back to the start, the buffers' room kept.
    pub(crate) fn restart(&mut self) {
        self.checkpoints.truncate(1);
        if let Some(start) = self.checkpoints.pop() {
            self.position = start;
            self.key = self.position.zobrist();
        }
        self.history.clear();
        self.moves.clear();
        self.undone.clear();
        self.declared = None;
    }

    /// Room for `n` moves.
    pub(crate) fn reserve(&mut self, n: usize) {
        self.moves.reserve(n);
        let mut history = History::with_capacity(n.max(self.history.len()));
        history.extend(self.history.keys().iter().copied());
        self.history = history;
    }

    /// Forgets the moves to redo.
    pub(crate) fn forget_redo(&mut self) {
        self.undone.clear();
    }

    /// The move [`redo`](Game::redo) would play.
    pub(crate) fn next_redo(&self) -> Option<&P::Move> {
        self.undone.last()
    }

    /// Takes back the last move and returns it; `None` when no move was played.
    ///
    /// An agreed draw or a resignation is withdrawn with it: the game goes back to the
    /// position before the last move, with no end declared. With no move to take
    /// back, such an end is withdrawn alone (and `None` returned); otherwise `None`
    /// means no change. The position is replayed from the one kept before it (at most
    /// 31 moves).
    pub fn undo(&mut self) -> Option<P::Move> {
        self.declared = None;
        let mv = self.moves.pop()?;
        self.key = self.history.pop().expect("a key before every move");
        let n = self.moves.len();
        self.position = if n % CHECKPOINT == 0 {
            self.checkpoints
                .pop()
                .expect("the position kept before the move")
        } else {
            self.replayed(n)
        };
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

impl<P: Position> Game<P> {
    /// The outcome the rules give (as [`outcome_by_rules`](Game::outcome_by_rules)),
    /// from the position's legal moves listed already.
    #[inline]
    pub(crate) fn outcome_by_rules_among(&self, legal: &[P::Move]) -> Option<Outcome> {
        self.position
            .outcome_among(legal)
            .or_else(|| self.repetition())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::emergo::Emergo;
    use crate::games::lasca::Lasca;
    use crate::tools::rng::SplitMix64;

    /// A random game of `plies` moves from the start, and its positions, oldest first.
    fn random_game<P: Position>(seed: u64, plies: usize) -> (Game<P>, Vec<P>) {
        let mut rng = SplitMix64::new(seed);
        let mut game = Game::new(P::start());
        let mut seen = vec![P::start()];
        let mut list = crate::engine::moves::MoveList::new();
        while game.moves().len() < plies && game.outcome().is_none() {
            let mv = game
                .position()
                .legal_move_at(|n| rng.below(n), &mut list)
                .unwrap();
            game.play(&mv).unwrap();
            seen.push(game.position().clone());
        }
        (game, seen)
    }

    #[test]
    fn undo_goes_back_through_every_position_kept_or_replayed() {
        // the first random game past two positions kept
        let (mut game, seen) = (1..)
            .map(|seed| random_game::<Lasca>(seed, 100))
            .find(|(g, _)| g.moves().len() > 2 * CHECKPOINT)
            .unwrap();
        let n = game.moves().len();
        assert_eq!(game.checkpoints.len(), n.div_ceil(CHECKPOINT));
        for (i, p) in seen.iter().enumerate() {
            assert_eq!(&game.position_before(i), p);
        }
        let full = game.clone();
        for i in (0..n).rev() {
            assert!(game.undo().is_some());
            assert_eq!(game.position(), &seen[i]);
            assert_eq!(game.history().len(), i);
            assert_eq!(game.checkpoints.len(), i.div_ceil(CHECKPOINT));
        }
        assert_eq!((game.undo(), game.start()), (None, &seen[0]));
        while game.redo().is_some() {}
        assert_eq!(game, full);
        game.restart();
        assert_eq!(game, Game::new(Lasca::start()));
    }

    #[test]
    fn repetitions_are_the_positions_that_stood_before() {
        let (game, seen) = random_game::<Emergo>(5, 200);
        let mut g = Game::new(Emergo::start());
        for (i, mv) in game.moves().iter().enumerate() {
            g.push_unchecked(*mv);
            let naive = seen[..=i + 1].iter().filter(|p| **p == seen[i + 1]).count();
            assert_eq!(g.repetitions(), naive);
        }
        // a shuffle: the start again after four moves, twice
        let mut shuffle = Game::new("a5:w,i5:b w 0/0".parse::<Emergo>().unwrap());
        for (k, m) in ["a5-b5", "i5-h5", "b5-a5", "h5-i5"]
            .iter()
            .cycle()
            .take(8)
            .enumerate()
        {
            assert_eq!(shuffle.outcome(), None);
            shuffle.play_text(m).unwrap();
            assert_eq!(shuffle.repetitions(), 1 + (k + 1) / 4);
        }
        assert_eq!(shuffle.outcome().unwrap().reason(), EndReason::Repetition);
        assert!(shuffle.play_text("a5-b5").is_err());
    }
}
