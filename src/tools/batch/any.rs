//! A game played by actions, and a batch of them, of any ruleset chosen at run time:
//! [`AnyActionGame`] is [`ActionGame`] and [`AnyBatch`] is [`Batch`] behind one type
//! each, as [`AnyGame`](crate::tools::any_game::AnyGame) is [`Game`](crate::Game). Each
//! holds the typed game of its ruleset in an enum with one variant per ruleset of the
//! [registry](crate::tools::registry)'s list; every method is one `match` whose arms
//! are the same generic code compiled for each ruleset, so a batch's step, the
//! playouts and perft run monomorphised inside one call.
//!
//! ```
//! use column_checkers::tools::batch::{AnyActionGame, Clicked};
//! use column_checkers::Ruleset;
//!
//! let mut game = AnyActionGame::new(Ruleset::Lasca, 0);
//! let c3 = game.parse_square("c3").unwrap();
//! assert_eq!(game.apply(i64::from(c3.0)), Ok(Clicked::Pending));
//! assert_eq!(game.play("c3-d4").unwrap_err().to_string(),
//!     "a move is being entered (clicks c3): finish it first");
//! let d4 = game.parse_square("d4").unwrap();
//! assert_eq!(game.apply(i64::from(d4.0)), Ok(Clicked::Played));
//! assert_eq!(game.moves(), ["c3-d4"]);
//! // a whole move by its text: its clicks are the actions taken
//! let taken = game.play("e5xc3").unwrap();
//! assert_eq!(game.names(&taken), ["e5", "c3"]);
//! assert_eq!(game.actions().len(), 4);
//! ```

use super::{ActionError, ActionGame, Clicked};
use crate::alloc_prelude::*;
use crate::engine::board::Geometry;
use crate::engine::color::Color;
use crate::engine::counting::Counting;
use crate::engine::introspect::Introspect;
use crate::engine::moves::MoveList;
use crate::engine::outcome::Outcome;
use crate::engine::perft::perft;
use crate::engine::position::{Position, Terms};
use crate::engine::square::Square;
use crate::engine::view::BoardView;
use crate::engine::wide_set::WideSquareSet;
use crate::text::fen::read_position_or_fen;
use crate::text::pdn::read_games;
use crate::text::record::Record;
use crate::tools::any_game::AnyGameError;
use crate::tools::registry::{each_ruleset, record_of_game, Ruleset};
use crate::tools::rng::SplitMix64;
use thiserror::Error;

#[cfg(feature = "std")]
use super::envs::{AnyObserver, Watcher};
#[cfg(feature = "std")]
use super::{Batch, BatchError};

/// The first line of [`AnyActionGame::to_state_text`].
const STATE_TEXT_V1: &str = "column-checkers state v1";

/// Why a state text ([`AnyActionGame::to_state_text`]) does not read back.
///
/// ```
/// use column_checkers::tools::batch::AnyActionGame;
/// use column_checkers::Ruleset;
///
/// let e = AnyActionGame::from_state_text(Ruleset::Emergo, "hello", 0).unwrap_err();
/// assert!(e.to_string().starts_with("not a serialised state"), "{e}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum StateTextError {
    /// The text does not begin with the state text's first line.
    #[error("not a serialised state (no {STATE_TEXT_V1:?} line)")]
    NoHeader,
    /// No line with the start position.
    #[error("serialised state: no start position")]
    NoStart,
    /// An action that is not a number.
    #[error("serialised state: action {index} is not a number: {text:?}")]
    NotANumber {
        /// The action's place, counted from 1.
        index: usize,
        /// Its text.
        text: String,
    },
    /// An action the game refuses.
    #[error("serialised state: action {index} ({action}): {error}")]
    Refused {
        /// The action's place, counted from 1.
        index: usize,
        /// The action.
        action: i64,
        /// Why the game refused it.
        error: ActionError,
    },
}

/// Why an [`AnyActionGame`] refused what it was given; the game is unchanged.
///
/// ```
/// use column_checkers::tools::batch::{AnyActionError, AnyActionGame};
/// use column_checkers::{AnyGameError, Ruleset};
///
/// let mut game = AnyActionGame::new(Ruleset::Emergo, 0);
/// assert!(matches!(game.play("zz9"), Err(AnyActionError::Game(AnyGameError::Move(_)))));
/// assert!(matches!(game.apply(300), Err(_)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum AnyActionError {
    /// A position, a move's text or a record refused as [`AnyGame`](crate::AnyGame)
    /// refuses it.
    #[error(transparent)]
    Game(#[from] AnyGameError),
    /// An action (a click, or the clicks of a whole move) refused.
    #[error(transparent)]
    Action(#[from] ActionError),
    /// A state text that does not read back.
    #[error(transparent)]
    StateText(#[from] StateTextError),
    /// A game of a PDN text that does not read or replay.
    #[error("game {game}: {error}")]
    InRecord {
        /// The game's place in the text, counted from 1.
        game: usize,
        /// What is wrong with it.
        error: Box<AnyActionError>,
    },
}

/// The generic code behind [`AnyActionGame`]'s methods that are more than one call.
fn read<P: Introspect + Counting>(
    ruleset: Ruleset,
    text: Option<&str>,
    max_actions: usize,
) -> Result<ActionGame<P>, AnyActionError> {
    let start = match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => P::start(),
        Some(t) => read_position_or_fen::<P>(t, str::parse)
            .map_err(|error| AnyGameError::Position { ruleset, error })?,
    };
    Ok(ActionGame::new(start, max_actions))
}

/// The games of a PDN text replayed in ruleset `P`, every move checked.
fn replay_all<P: Introspect + Counting>(
    text: &str,
    max_actions: usize,
) -> Result<Vec<ActionGame<P>>, AnyActionError> {
    let mut out = Vec::new();
    for (i, record) in read_games(text).into_iter().enumerate() {
        let in_game = |error: AnyActionError| AnyActionError::InRecord {
            game: i + 1,
            error: Box::new(error),
        };
        let record = record.map_err(|e| in_game(AnyGameError::from(e).into()))?;
        let replay = record
            .replay::<P>()
            .map_err(|e| in_game(AnyGameError::from(e).into()))?;
        let mut core = ActionGame::new(replay.game.start().clone(), max_actions);
        for mv in replay.game.moves() {
            core.play_whole(mv).map_err(|e| in_game(e.into()))?;
        }
        out.push(core);
    }
    Ok(out)
}

fn play_text<P: Introspect + Counting>(
    core: &mut ActionGame<P>,
    text: &str,
) -> Result<Vec<u8>, AnyActionError> {
    if core.is_terminal() {
        return Err(core.refusal(-1).into());
    }
    if !core.clicks().is_empty() {
        return Err(ActionError::MidMove(core.click_names().join("-")).into());
    }
    let mv = core
        .position()
        .parse_move(text)
        .map_err(AnyGameError::from)?;
    let before = core.actions().len();
    core.play_whole(&mv)?;
    Ok(core.actions()[before..].to_vec())
}

fn divide_after<P: Introspect + Counting>(pos: &P, depth: u32) -> Vec<(String, String, u64)> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter()
        .map(|mv| {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            let n = perft(&next, depth.saturating_sub(1));
            (mv.to_string(), next.to_string(), n)
        })
        .collect()
}

fn random_playout<P: Introspect + Counting>(core: &mut ActionGame<P>, seed: u64) -> usize {
    let mut rng = SplitMix64::new(seed);
    let before = core.actions().len();
    while !core.is_terminal() {
        let a = core.random_action(rng.next_u64());
        let _ = core.apply(i64::from(a));
    }
    core.actions().len() - before
}

fn legal_texts<P: Introspect + Counting>(core: &ActionGame<P>) -> Vec<String> {
    if core.is_terminal() {
        return Vec::new();
    }
    let mut list = MoveList::new();
    core.position().legal_moves(&mut list);
    list.iter().map(|m| m.to_string()).collect()
}

/// Generic code to run on the [`ActionGame<P>`] inside an [`AnyActionGame`]
/// ([`AnyActionGame::visit`]).
///
/// ```
/// use column_checkers::tools::batch::{ActionGame, ActionGameVisitor, AnyActionGame};
/// use column_checkers::{Counting, Introspect, Position, Ruleset};
///
/// struct AtStart;
/// impl ActionGameVisitor for AtStart {
///     type Output = bool;
///     fn visit<P: Introspect + Counting>(self, game: &ActionGame<P>) -> bool {
///         *game.position() == P::start()
///     }
/// }
/// assert!(AnyActionGame::new(Ruleset::Bashni, 0).visit(AtStart));
/// ```
pub trait ActionGameVisitor {
    /// What the code returns.
    type Output;
    /// Runs the code on the game.
    fn visit<P: Introspect + Counting>(self, game: &ActionGame<P>) -> Self::Output;
}

/// The enums of the action games and batches of every ruleset, and the `match` over
/// them.
macro_rules! cores {
    (() $($name:ident: $module:ident :: $ty:ident,)+) => {
        #[derive(Clone, Debug)]
        enum Cores {
            $($name(Box<ActionGame<crate::games::$module::$ty>>),)+
        }

        impl Cores {
            fn ruleset(&self) -> Ruleset {
                match self {
                    $(Cores::$name(_) => Ruleset::$name,)+
                }
            }

            fn read(
                ruleset: Ruleset,
                text: Option<&str>,
                max_actions: usize,
            ) -> Result<Cores, AnyActionError> {
                Ok(match ruleset {
                    $(Ruleset::$name => Cores::$name(Box::new(read(ruleset, text, max_actions)?)),)+
                })
            }

            fn replay_all(
                ruleset: Ruleset,
                text: &str,
                max_actions: usize,
            ) -> Result<Vec<Cores>, AnyActionError> {
                Ok(match ruleset {
                    $(Ruleset::$name => replay_all(text, max_actions)?
                        .into_iter()
                        .map(|c| Cores::$name(Box::new(c)))
                        .collect(),)+
                })
            }
        }

        $(
            impl From<ActionGame<crate::games::$module::$ty>> for AnyActionGame {
                fn from(game: ActionGame<crate::games::$module::$ty>) -> AnyActionGame {
                    AnyActionGame { core: Cores::$name(Box::new(game)) }
                }
            }
        )+

        #[cfg(feature = "std")]
        enum Batches {
            $($name(Box<Batch<crate::games::$module::$ty>>),)+
        }

        #[cfg(feature = "std")]
        impl Batches {
            fn ruleset(&self) -> Ruleset {
                match self {
                    $(Batches::$name(_) => Ruleset::$name,)+
                }
            }

            #[allow(clippy::too_many_arguments)]
            fn new(
                ruleset: Ruleset,
                n: usize,
                seed: u64,
                threads: usize,
                max_actions: usize,
                size: usize,
                observer: &AnyObserver,
            ) -> Result<Batches, BatchError> {
                Ok(match ruleset {
                    $(Ruleset::$name => Batches::$name(Box::new(Batch::watched(
                        crate::games::$module::$ty::start(),
                        n,
                        seed,
                        threads,
                        max_actions,
                        size,
                        Watcher::Board(observer.clone()),
                    )?)),)+
                })
            }

            fn game(&self, i: usize) -> AnyActionGame {
                match self {
                    $(Batches::$name(b) => b.game(i).into(),)+
                }
            }
        }
    };
    (($enum:ident, $value:expr, $c:ident => $body:expr) $($name:ident: $module:ident :: $ty:ident,)+) => {
        match $value {
            $($enum::$name($c) => $body,)+
        }
    };
}

each_ruleset!(cores());

/// Runs `$body` with `$c` the typed value inside `$value` (a `Cores` or a `Batches`),
/// compiled for each ruleset.
macro_rules! each {
    ($enum:ident, $value:expr, $c:ident => $body:expr) => {
        each_ruleset!(cores($enum, $value, $c => $body))
    };
}

/// A game of any ruleset of the crate, chosen at run time, played one action (one click
/// on a square) at a time: [`ActionGame`] behind one type (see the [module](super)).
/// Its end is [`Game`](crate::Game)'s (threefold repetition included), or the action
/// limit. It holds the typed game of its ruleset in an enum with one variant per
/// ruleset of the [registry](crate::tools::registry)'s list; every method is one
/// `match` whose arms are the same generic code compiled for each ruleset.
///
/// ```
/// use column_checkers::tools::batch::AnyActionGame;
/// use column_checkers::Ruleset;
///
/// let mut game = AnyActionGame::from_position(Ruleset::Emergo, "a5:w,i5:b w 0/0", 100).unwrap();
/// for _ in 0..2 {
///     for m in ["a5-b5", "i5-h5", "b5-a5", "h5-i5"] {
///         game.play(m).unwrap();
///     }
/// }
/// assert_eq!(game.outcome().unwrap().to_string(), "1/2-1/2 draw: threefold repetition");
/// assert!(game.is_terminal() && game.legal_actions().is_empty());
/// let back = AnyActionGame::from_state_text(Ruleset::Emergo, &game.to_state_text(), 100).unwrap();
/// assert_eq!(back.actions(), game.actions());
/// ```
#[derive(Clone, Debug)]
pub struct AnyActionGame {
    core: Cores,
}

impl AnyActionGame {
    /// A game of `ruleset` from its start, cut off after `max_actions` actions (0: no
    /// limit).
    pub fn new(ruleset: Ruleset, max_actions: usize) -> AnyActionGame {
        AnyActionGame {
            core: Cores::read(ruleset, None, max_actions).expect("a start position"),
        }
    }

    /// A game of `ruleset` from `text`, the ruleset's position text or a PDN FEN (as
    /// [`AnyGame::from_position`](crate::AnyGame::from_position)).
    ///
    /// # Errors
    /// [`AnyActionError::Game`] ([`AnyGameError::Position`]): what is wrong with the
    /// text, in the ruleset's terms.
    pub fn from_position(
        ruleset: Ruleset,
        text: &str,
        max_actions: usize,
    ) -> Result<AnyActionGame, AnyActionError> {
        Ok(AnyActionGame {
            core: Cores::read(ruleset, Some(text), max_actions)?,
        })
    }

    /// The games of a PDN text played in `ruleset` (whatever their tags say), each
    /// replayed move by move to its end.
    ///
    /// ```
    /// use column_checkers::tools::batch::AnyActionGame;
    /// use column_checkers::Ruleset;
    ///
    /// let games = AnyActionGame::games_from_pdn("1. d6 d8 *\n\n1. d6 *", Ruleset::Emergo, 0).unwrap();
    /// assert_eq!(games[0].moves(), ["d6", "d8"]);
    /// assert_eq!(games[1].actions().len(), 1);
    /// let e = AnyActionGame::games_from_pdn("1. d6 zz9 *", Ruleset::Emergo, 0).unwrap_err();
    /// assert!(e.to_string().starts_with("game 1"), "{e}");
    /// ```
    ///
    /// # Errors
    /// [`AnyActionError::InRecord`]: the first game that does not read or replay.
    pub fn games_from_pdn(
        text: &str,
        ruleset: Ruleset,
        max_actions: usize,
    ) -> Result<Vec<AnyActionGame>, AnyActionError> {
        Ok(Cores::replay_all(ruleset, text, max_actions)?
            .into_iter()
            .map(|core| AnyActionGame { core })
            .collect())
    }

    /// The game as text: its start position and every action taken (the pending
    /// clicks too), read back by [`from_state_text`](AnyActionGame::from_state_text).
    pub fn to_state_text(&self) -> String {
        let actions: Vec<String> = self.actions().iter().map(|a| a.to_string()).collect();
        format!(
            "{STATE_TEXT_V1}\n{}\n{}\n",
            self.start_text(),
            actions.join(",")
        )
    }

    /// The game of a [`to_state_text`](AnyActionGame::to_state_text) text, its actions
    /// replayed.
    ///
    /// # Errors
    /// [`AnyActionError::StateText`] for a text that is not a state or an action that
    /// does not replay, [`AnyActionError::Game`] for its start position.
    pub fn from_state_text(
        ruleset: Ruleset,
        text: &str,
        max_actions: usize,
    ) -> Result<AnyActionGame, AnyActionError> {
        let mut lines = text.lines();
        if lines.next() != Some(STATE_TEXT_V1) {
            return Err(StateTextError::NoHeader.into());
        }
        let start = lines.next().ok_or(StateTextError::NoStart)?;
        let actions = lines.next().unwrap_or("");
        let mut game = AnyActionGame::from_position(ruleset, start, max_actions)?;
        for (i, a) in actions.split(',').filter(|a| !a.is_empty()).enumerate() {
            let action: i64 = a.trim().parse().map_err(|_| StateTextError::NotANumber {
                index: i + 1,
                text: a.to_string(),
            })?;
            game.apply(action)
                .map_err(|error| StateTextError::Refused {
                    index: i + 1,
                    action,
                    error,
                })?;
        }
        Ok(game)
    }

    /// Runs `visitor` on the [`ActionGame<P>`] inside.
    pub fn visit<V: ActionGameVisitor>(&self, visitor: V) -> V::Output {
        each!(Cores, &self.core, c => visitor.visit(&**c))
    }

    /// The ruleset, with its options.
    pub fn ruleset(&self) -> Ruleset {
        self.core.ruleset()
    }

    /// The action limit (0: none).
    pub fn max_actions(&self) -> usize {
        each!(Cores, &self.core, c => c.max_actions())
    }

    /// Back to the start position.
    pub fn reset(&mut self) {
        each!(Cores, &mut self.core, c => c.reset())
    }

    /// The board's geometry: an action is the index of a square of it.
    pub fn geometry(&self) -> &'static Geometry {
        each!(Cores, &self.core, c => c.geometry())
    }

    /// The name of square `square`.
    pub fn square_name(&self, square: Square) -> &'static str {
        self.geometry().name(square)
    }

    /// The names of the squares `actions`.
    pub fn names(&self, actions: &[u8]) -> Vec<&'static str> {
        let g = self.geometry();
        actions.iter().map(|&a| g.name(Square(a))).collect()
    }

    /// The square named `name` (surrounding spaces ignored), if the board has it.
    pub fn parse_square(&self, name: &str) -> Option<Square> {
        self.geometry().parse_square(name.trim())
    }

    /// The player to move (0 White, 1 Black), `None` when the game is over.
    pub fn current_player(&self) -> Option<usize> {
        each!(Cores, &self.core, c => c.current_player())
    }

    /// The legal actions, in increasing order (none when the game is over).
    pub fn legal_actions(&self) -> &[u8] {
        each!(Cores, &self.core, c => c.legal_actions())
    }

    /// The legal actions, as a set.
    pub fn legal_set(&self) -> WideSquareSet {
        each!(Cores, &self.core, c => c.legal_set())
    }

    /// Whether `action` is legal now.
    pub fn is_legal_action(&self, action: i64) -> bool {
        each!(Cores, &self.core, c => c.is_legal_action(action))
    }

    /// Takes action `action` (a square index): [`ActionGame::apply`].
    ///
    /// # Errors
    /// [`ActionError`]: why the square may not be clicked now; the game is unchanged.
    pub fn apply(&mut self, action: i64) -> Result<Clicked, ActionError> {
        each!(Cores, &mut self.core, c => c.apply(action))
    }

    /// Takes back the last action (one click) and returns it; `None` at the start:
    /// [`ActionGame::undo`]. Undoing the click that completed a move takes the move
    /// back and leaves its earlier clicks pending; undoing every click of a move returns
    /// to the position before it.
    ///
    /// ```
    /// use column_checkers::tools::batch::AnyActionGame;
    /// use column_checkers::Ruleset;
    ///
    /// let mut game = AnyActionGame::new(Ruleset::Lasca, 0);
    /// let taken = game.play("c3-d4").unwrap();
    /// assert_eq!(game.undo(), Some(taken[1]));
    /// assert_eq!(game.clicks(), &taken[..1]);
    /// assert_eq!(game.undo(), Some(taken[0]));
    /// assert!(game.actions().is_empty() && game.moves().is_empty());
    /// ```
    pub fn undo(&mut self) -> Option<u8> {
        each!(Cores, &mut self.core, c => c.undo())
    }

    /// One uniformly random legal action (the game must not be over); `r` is a random
    /// 64-bit number.
    pub fn random_action(&self, r: u64) -> u8 {
        each!(Cores, &self.core, c => c.random_action(r))
    }

    /// Random actions to the end of the game, from SplitMix64 seeded with `seed`;
    /// returns the actions taken.
    pub fn random_playout(&mut self, seed: u64) -> usize {
        each!(Cores, &mut self.core, c => random_playout(c, seed))
    }

    /// Plays a whole move written in the ruleset's notation by its clicks; returns the
    /// actions taken.
    ///
    /// # Errors
    /// [`AnyActionError::Game`] ([`AnyGameError::Move`]) when the text names no
    /// legal move (or several), [`AnyActionError::Action`] when the game is over or a move is being entered; the
    /// game is then unchanged.
    pub fn play(&mut self, text: &str) -> Result<Vec<u8>, AnyActionError> {
        each!(Cores, &mut self.core, c => play_text(c, text))
    }

    /// Whether the game is over: by the rules or by the action limit.
    pub fn is_terminal(&self) -> bool {
        each!(Cores, &self.core, c => c.is_terminal())
    }

    /// Whether the game was cut off by the action limit (not ended by the rules).
    pub fn is_truncated(&self) -> bool {
        each!(Cores, &self.core, c => c.is_truncated())
    }

    /// How the game ended by the rules, `None` while it goes on or when it was cut off.
    pub fn outcome(&self) -> Option<Outcome> {
        each!(Cores, &self.core, c => c.outcome())
    }

    /// The final scores `[White, Black]`: 1 a win, -1 a loss, 0 a draw, a cut-off game
    /// or a game going on.
    pub fn returns(&self) -> [f32; 2] {
        each!(Cores, &self.core, c => c.returns())
    }

    /// Every action taken, in order (the pending clicks too).
    pub fn actions(&self) -> &[u8] {
        each!(Cores, &self.core, c => c.actions())
    }

    /// The clicks of the move being entered.
    pub fn clicks(&self) -> &[u8] {
        each!(Cores, &self.core, c => c.clicks())
    }

    /// The moves played, as the crate writes them.
    pub fn moves(&self) -> Vec<String> {
        each!(Cores, &self.core, c => c.moves().iter().map(|m| m.to_string()).collect())
    }

    /// The legal moves, as the crate writes them (none when the game is over).
    pub fn legal_moves(&self) -> Vec<String> {
        each!(Cores, &self.core, c => legal_texts(&**c))
    }

    /// Every click path of the position: each move's text and squares, every route of
    /// a capture ([`ActionGame::click_paths`]).
    pub fn click_paths(&self) -> Vec<(String, Vec<u8>)> {
        each!(Cores, &self.core, c => c
            .click_paths()
            .into_iter()
            .map(|(m, p)| (m.to_string(), p))
            .collect())
    }

    /// The legal moves still possible after the clicks so far
    /// ([`ActionGame::candidates`]).
    pub fn candidates(&self) -> Vec<String> {
        each!(Cores, &self.core, c => c.candidates().iter().map(|m| m.to_string()).collect())
    }

    /// The position text (without the pending clicks).
    pub fn position_text(&self) -> String {
        each!(Cores, &self.core, c => c.position().to_string())
    }

    /// The text of the position the game started from.
    pub fn start_text(&self) -> String {
        each!(Cores, &self.core, c => c.start().to_string())
    }

    /// The position drawn in text ([`Position::diagram`]).
    pub fn diagram(&self) -> String {
        each!(Cores, &self.core, c => c.position().diagram())
    }

    /// The board now: its geometry, columns and men in hand.
    pub fn board_view(&self) -> Option<BoardView<'_>> {
        each!(Cores, &self.core, c => c.position().board_view())
    }

    /// The board at the start of the game.
    pub fn start_board_view(&self) -> Option<BoardView<'_>> {
        each!(Cores, &self.core, c => c.start().board_view())
    }

    /// The men of `color` now (on the board, in columns, and in hand).
    pub fn men(&self, color: Color) -> usize {
        each!(Cores, &self.core, c => c.position().men(color))
    }

    /// Whether men of the ruleset are crowned ([`Position::CROWNING`]).
    pub fn crowning(&self) -> bool {
        fn of<P: Introspect>(_: &ActionGame<P>) -> bool {
            P::CROWNING
        }
        each!(Cores, &self.core, c => of(&**c))
    }

    /// The ruleset's words for what stands on a square ([`Position::TERMS`]).
    pub fn terms(&self) -> Terms {
        fn of<P: Introspect>(_: &ActionGame<P>) -> Terms {
            P::TERMS
        }
        each!(Cores, &self.core, c => of(&**c))
    }

    /// The position's Zobrist hash.
    pub fn zobrist(&self) -> u64 {
        each!(Cores, &self.core, c => c.position().zobrist())
    }

    /// The game's record ([`record_of_game`]; the pending clicks are not in it).
    pub fn record(&self) -> Record {
        each!(Cores, &self.core, c => record_of_game(&c.to_game()))
    }

    /// Perft of the current position: the leaves of the move tree `depth` moves deep.
    pub fn perft(&self, depth: u32) -> u64 {
        each!(Cores, &self.core, c => perft(c.position(), depth))
    }

    /// Perft of the current position by first move: each move's text, the position
    /// text after it and perft of `depth - 1` there.
    pub fn divide(&self, depth: u32) -> Vec<(String, String, u64)> {
        each!(Cores, &self.core, c => divide_after(c.position(), depth))
    }

    /// `n` random games from this game's start on `threads` threads, game `i` from
    /// [`stream`](super::stream)`(seed, i)`: per game the actions, the moves and the
    /// [`result_code`](super::result_code) ([`playouts`](super::playouts)).
    #[cfg(feature = "std")]
    pub fn playouts(&self, n: usize, seed: u64, threads: usize) -> (Vec<u32>, Vec<u32>, Vec<i8>) {
        each!(Cores, &self.core, c => super::playouts(&**c, n, seed, threads))
    }
}

/// `n` games of any ruleset stepped together: [`Batch`] behind one type, as
/// [`AnyActionGame`] is [`ActionGame`]; a step runs monomorphised inside one call.
///
/// ```
/// use column_checkers::tools::batch::AnyBatch;
/// use column_checkers::Ruleset;
/// use std::sync::Arc;
///
/// // the observation: the men in hand of both sides
/// let observer = Arc::new(|view: &column_checkers::BoardView<'_>, _: &[u8], out: &mut [f32]| {
///     out[0] = view.in_hand[0] as f32;
///     out[1] = view.in_hand[1] as f32;
/// });
/// let mut batch = AnyBatch::new(Ruleset::Emergo, 3, 1, 2, 100, 2, observer).unwrap();
/// let mut actions = vec![0i64; 3];
/// batch.sample(&mut actions);
/// let (mut mask, mut player) = (vec![false; 3 * 41], vec![0i8; 3]);
/// let (mut rewards, mut ended, mut cut) = (vec![0f32; 6], vec![false; 3], vec![false; 3]);
/// batch.step(&actions, &mut mask, &mut player, &mut rewards, &mut ended, &mut cut).unwrap();
/// let mut obs = vec![0f32; 6];
/// batch.observe(&mut obs);
/// assert_eq!(obs, [11.0, 12.0, 11.0, 12.0, 11.0, 12.0]);
/// assert_eq!(batch.game(0).moves().len(), 1);
/// ```
#[cfg(feature = "std")]
pub struct AnyBatch {
    batch: Batches,
}

#[cfg(feature = "std")]
impl AnyBatch {
    /// `n` games of `ruleset` from its start, cut off after `max_actions` actions (0:
    /// no limit), game `i` sampling from [`stream`](super::stream)`(seed, i)`, on
    /// `threads` threads; `observer` writes a game's observation of `size` floats
    /// ([`Batch::new`]).
    ///
    /// # Errors
    /// [`BatchError::Threads`] when the threads cannot be started.
    pub fn new(
        ruleset: Ruleset,
        n: usize,
        seed: u64,
        threads: usize,
        max_actions: usize,
        size: usize,
        observer: AnyObserver,
    ) -> Result<AnyBatch, BatchError> {
        Ok(AnyBatch {
            batch: Batches::new(ruleset, n, seed, threads, max_actions, size, &observer)?,
        })
    }

    /// The ruleset, with its options.
    pub fn ruleset(&self) -> Ruleset {
        self.batch.ruleset()
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        each!(Batches, &self.batch, b => b.len())
    }

    /// Whether the batch has no game.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The threads stepping the games (the calling one included).
    pub fn threads(&self) -> usize {
        each!(Batches, &self.batch, b => b.threads())
    }

    /// Every game back to its start, the random streams to `seed`.
    pub fn reset(&mut self, seed: u64) {
        each!(Batches, &mut self.batch, b => b.reset(seed))
    }

    /// One action in every game ([`Batch::step`]).
    ///
    /// # Errors
    /// [`BatchError`] when not one action per game or an action is not legal: no game
    /// moved.
    pub fn step(
        &mut self,
        actions: &[i64],
        mask: &mut [bool],
        player: &mut [i8],
        rewards: &mut [f32],
        terminated: &mut [bool],
        truncated: &mut [bool],
    ) -> Result<(), BatchError> {
        each!(Batches, &mut self.batch, b => b.step(actions, mask, player, rewards, terminated, truncated))
    }

    /// The legal-action masks and the players to move ([`Batch::masks`]).
    pub fn masks(&self, mask: &mut [bool], player: &mut [i8]) {
        each!(Batches, &self.batch, b => b.masks(mask, player))
    }

    /// Every game's observation by the batch's observer, `size` floats a game.
    pub fn observe(&mut self, out: &mut [f32]) {
        each!(Batches, &mut self.batch, b => b.observe(out))
    }

    /// One uniformly random legal action per game ([`Batch::sample`]).
    pub fn sample(&mut self, out: &mut [i64]) {
        each!(Batches, &mut self.batch, b => b.sample(out))
    }

    /// `steps` random actions in each game with automatic reset; returns the games
    /// finished: `[all, White won, Black won, drawn, cut off]`.
    pub fn random_steps(&mut self, steps: usize) -> [u64; 5] {
        each!(Batches, &mut self.batch, b => b.random_steps(steps))
    }

    /// A copy of game `i` (`i < len()`).
    pub fn game(&self, i: usize) -> AnyActionGame {
        self.batch.game(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(feature = "std")]
    use std::sync::Arc;

    /// The static game's view of a random game: the same moves by index of the
    /// legal actions, compared after every action.
    struct Compare<'a>(&'a [i64]);
    impl ActionGameVisitor for Compare<'_> {
        type Output = Vec<(Vec<u8>, Option<usize>, Option<Outcome>, String, u64)>;
        fn visit<P: Introspect + Counting>(self, game: &ActionGame<P>) -> Self::Output {
            let mut g = ActionGame::new(game.start().clone(), game.max_actions());
            let mut out = vec![snapshot(&g)];
            for &a in self.0 {
                g.apply(a).unwrap();
                out.push(snapshot(&g));
            }
            out
        }
    }

    fn snapshot<P: Introspect + Counting>(
        g: &ActionGame<P>,
    ) -> (Vec<u8>, Option<usize>, Option<Outcome>, String, u64) {
        (
            g.legal_actions().to_vec(),
            g.current_player(),
            g.outcome(),
            g.position().to_string(),
            g.position().zobrist(),
        )
    }

    fn any_snapshot(g: &AnyActionGame) -> (Vec<u8>, Option<usize>, Option<Outcome>, String, u64) {
        (
            g.legal_actions().to_vec(),
            g.current_player(),
            g.outcome(),
            g.position_text(),
            g.zobrist(),
        )
    }

    #[test]
    fn a_random_game_agrees_with_the_static_game_action_by_action_in_every_ruleset() {
        for &r in Ruleset::ALL {
            let mut game = AnyActionGame::new(r, 300);
            assert_eq!(game.ruleset(), r);
            let mut rng = SplitMix64::new(11);
            let mut seen = vec![any_snapshot(&game)];
            while !game.is_terminal() {
                let a = game.random_action(rng.next_u64());
                game.apply(i64::from(a)).unwrap();
                seen.push(any_snapshot(&game));
            }
            let actions: Vec<i64> = game.actions().iter().map(|&a| i64::from(a)).collect();
            assert_eq!(game.visit(Compare(&actions)), seen, "{r}");
            // the game's text reads back to the same game
            let back = AnyActionGame::from_state_text(r, &game.to_state_text(), 300).unwrap();
            assert_eq!(any_snapshot(&back), any_snapshot(&game), "{r}");
            // its record replays to the same moves
            let games = AnyActionGame::games_from_pdn(&game.record().to_string(), r, 0).unwrap();
            assert_eq!(games[0].moves(), game.moves(), "{r}");
            // the moves again, by their texts: the same clicks
            let mut again = AnyActionGame::new(r, 0);
            for m in game.moves() {
                again.play(&m).unwrap();
            }
            assert_eq!(again.position_text(), game.position_text(), "{r}");
        }
    }

    #[test]
    fn perft_divide_and_the_lists_agree_with_the_static_type() {
        struct Static;
        impl ActionGameVisitor for Static {
            type Output = (u64, usize, usize);
            fn visit<P: Introspect + Counting>(self, game: &ActionGame<P>) -> Self::Output {
                let mut list = MoveList::new();
                game.position().legal_moves(&mut list);
                (
                    perft(game.position(), 2),
                    list.len(),
                    game.click_paths().len(),
                )
            }
        }
        for &r in Ruleset::ALL {
            let game = AnyActionGame::new(r, 0);
            let (leaves, moves, paths) = game.visit(Static);
            assert_eq!(game.perft(2), leaves, "{r}");
            let divided = game.divide(2);
            assert_eq!(divided.iter().map(|d| d.2).sum::<u64>(), leaves, "{r}");
            for (_, after, n) in &divided {
                let next = AnyActionGame::from_position(r, after, 0).unwrap();
                assert_eq!(next.perft(1), *n, "{r}");
            }
            assert_eq!(game.legal_moves().len(), moves, "{r}");
            assert_eq!(game.click_paths().len(), paths, "{r}");
            assert_eq!(game.candidates().len(), moves, "{r}");
            assert!(game.men(Color::White) > 0);
            assert_eq!(
                game.geometry().len(),
                game.board_view().unwrap().geometry.len()
            );
        }
    }

    #[test]
    fn refusals_are_typed_and_leave_the_game_unchanged() {
        let mut game = AnyActionGame::new(Ruleset::Emergo, 0);
        let before = game.to_state_text();
        assert!(matches!(
            game.play("zz9"),
            Err(AnyActionError::Game(AnyGameError::Move(_)))
        ));
        assert!(matches!(
            game.apply(300),
            Err(ActionError::OffBoard { action: 300, .. })
        ));
        assert_eq!(game.to_state_text(), before);
        let e = AnyActionGame::from_position(Ruleset::Lasca, "zz9:w w", 0).unwrap_err();
        assert!(
            matches!(e, AnyActionError::Game(AnyGameError::Position { .. })),
            "{e}"
        );
        let bad = format!("{}\n41\n", before.trim_end());
        let e = AnyActionGame::from_state_text(Ruleset::Emergo, &bad, 0).unwrap_err();
        assert!(
            matches!(
                e,
                AnyActionError::StateText(StateTextError::Refused { index: 1, .. })
            ),
            "{e}"
        );
        let bad = format!("{}\nx\n", before.trim_end());
        let e = AnyActionGame::from_state_text(Ruleset::Emergo, &bad, 0).unwrap_err();
        assert!(matches!(
            e,
            AnyActionError::StateText(StateTextError::NotANumber { .. })
        ));
        // over: by the rules, and by the action limit
        let mut won = AnyActionGame::from_position(Ruleset::Lasca, "c3:w b", 0).unwrap();
        assert_eq!(won.returns(), [1.0, -1.0]);
        assert!(matches!(
            won.play("d6"),
            Err(AnyActionError::Action(ActionError::GameOver(_)))
        ));
        let mut cut = AnyActionGame::new(Ruleset::Emergo, 1);
        cut.random_playout(1);
        assert!(cut.is_truncated() && cut.outcome().is_none());
        assert!(matches!(
            cut.play("d6"),
            Err(AnyActionError::Action(ActionError::GameOver(_)))
        ));
    }

    #[cfg(feature = "std")]
    #[test]
    fn a_batch_of_any_ruleset_steps_as_the_typed_batch() {
        let observer: AnyObserver = Arc::new(|view, clicks, out| {
            out[0] = view.in_hand[0] as f32 + clicks.len() as f32;
        });
        for &r in Ruleset::ALL {
            let typed = AnyActionGame::new(r, 50);
            let n = 3;
            let mut batch = AnyBatch::new(r, n, 9, 2, 50, 1, observer.clone()).unwrap();
            assert_eq!((batch.len(), batch.ruleset()), (n, r));
            let mut games = vec![typed; n];
            let squares = games[0].geometry().len();
            let mut mask = vec![false; n * squares];
            let mut player = vec![0i8; n];
            let mut rewards = vec![0f32; 2 * n];
            let (mut ended, mut cut) = (vec![false; n], vec![false; n]);
            let mut actions = vec![0i64; n];
            for _ in 0..120 {
                batch.sample(&mut actions);
                batch
                    .step(
                        &actions,
                        &mut mask,
                        &mut player,
                        &mut rewards,
                        &mut ended,
                        &mut cut,
                    )
                    .unwrap();
                for (i, g) in games.iter_mut().enumerate() {
                    g.apply(actions[i]).unwrap();
                    assert_eq!(ended[i], g.outcome().is_some(), "{r}");
                    assert_eq!(cut[i], g.is_truncated(), "{r}");
                    if g.is_terminal() {
                        assert_eq!(rewards[2 * i..2 * i + 2], g.returns(), "{r}");
                        g.reset();
                    }
                    assert_eq!(batch.game(i).to_state_text(), g.to_state_text(), "{r}");
                    let row = &mask[i * squares..(i + 1) * squares];
                    let legal: Vec<u8> = (0..squares as u8).filter(|&s| row[s as usize]).collect();
                    assert_eq!(legal, g.legal_actions(), "{r}");
                }
            }
            let mut obs = vec![0f32; n];
            batch.observe(&mut obs);
            for (i, g) in games.iter().enumerate() {
                let view = g.board_view().unwrap();
                assert_eq!(obs[i], view.in_hand[0] as f32 + g.clicks().len() as f32);
            }
            let finished = batch.random_steps(10);
            assert_eq!(finished[0], finished[1..].iter().sum::<u64>());
        }
    }

    #[test]
    fn undo_takes_back_each_action_to_the_state_before_it() {
        for (k, &r) in Ruleset::ALL.iter().enumerate() {
            // a short action limit: some games end by it, and undo lets them go on
            let mut game = AnyActionGame::new(r, 60);
            let mut states = vec![game.to_state_text()];
            let mut legal = vec![game.legal_actions().to_vec()];
            let mut rng = SplitMix64::new(k as u64);
            while !game.is_terminal() {
                game.apply(i64::from(game.random_action(rng.next_u64())))
                    .unwrap();
                states.push(game.to_state_text());
                legal.push(game.legal_actions().to_vec());
            }
            let last = game.actions().to_vec();
            for i in (0..last.len()).rev() {
                assert_eq!(game.undo(), Some(last[i]), "{r}");
                assert_eq!(game.to_state_text(), states[i], "{r} after undo {i}");
                assert_eq!(game.legal_actions(), legal[i], "{r}");
                assert!(!game.is_terminal(), "{r}");
            }
            assert_eq!(game.undo(), None);
        }
    }

    #[cfg(feature = "std")]
    #[test]
    fn playouts_are_those_of_the_typed_game() {
        let game = AnyActionGame::new(Ruleset::Lasca, 400);
        let typed = ActionGame::new(crate::games::lasca::Lasca::start(), 400);
        assert_eq!(
            game.playouts(5, 3, 2),
            super::super::playouts(&typed, 5, 3, 1)
        );
        let mut one = game.clone();
        let taken = one.random_playout(8);
        assert_eq!(taken, one.actions().len());
        assert!(one.is_terminal());
    }
}
