//! A game of any ruleset chosen at run time: [`AnyGame`], one type for command lines,
//! servers, protocol engines, learning environments and the bindings, which then
//! decide nothing of the game.

use crate::alloc_prelude::*;
use crate::engine::board::Geometry;
use crate::engine::color::Color;
use crate::engine::error::{DeclaredEndError, MoveParseError, PositionError};
use crate::engine::game::Game;
use crate::engine::input::ClickError;
use crate::engine::introspect::{Introspect, MoveKind};
use crate::engine::moves::{MoveList, MoveSquares, Squares};
use crate::engine::outcome::Outcome;
use crate::engine::perft::{divide, perft, perft_without_bulk};
use crate::engine::position::{Position, Terms};
use crate::engine::square::Square;
use crate::engine::view::BoardView;
use crate::engine::wide_set::WideSquareSet;
use crate::text::pdn::PdnError;
use crate::text::position_text::COLUMN_LEGEND;
use crate::text::read_games;
use crate::text::record::ReplayError;
use crate::text::{fen_of, read_position_or_fen};
use crate::text::{Record, ReplayWarning, ResultCheck, Strictness};
#[cfg(feature = "std")]
use crate::tools::action_game::Stepped;
use crate::tools::action_game::{ActionError, ActionGame, Clicked};
use crate::tools::playout::random_playout;
use crate::tools::registry::{each_ruleset, record_of_game, RegistryError, Ruleset};
use crate::tools::rng::SplitMix64;
use thiserror::Error;

/// The first line of [`AnyGame::to_state_text`].
const STATE_TEXT_V1: &str = "column-checkers state v1";

/// Why [`AnyGame`] refused what it was given; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum AnyGameError {
    /// An unknown ruleset or option.
    #[error(transparent)]
    Ruleset(#[from] RegistryError),
    /// A position (text or FEN) that does not read in the ruleset.
    #[error("{ruleset}: {error}")]
    Position {
        /// The ruleset it was read in.
        ruleset: Ruleset,
        /// What is wrong with it.
        error: PositionError,
    },
    /// A move's text that names no legal move (or several), or the game is over.
    #[error(transparent)]
    Move(#[from] MoveParseError),
    /// A move of a list ([`AnyGame::play_moves`]) that does not play.
    #[error("move {number} ({text}): {error}")]
    InMoveList {
        /// Its place in the list, from 1.
        number: usize,
        /// Its text, as given.
        text: String,
        /// Why it does not play.
        error: MoveParseError,
    },
    /// An index past the end of the legal moves.
    #[error("there is no legal move number {index}: the position has {count}")]
    NoSuchMove {
        /// The index given.
        index: usize,
        /// The number of legal moves.
        count: usize,
    },
    /// A click that continues no legal move, or comes after the end of the game.
    #[error(transparent)]
    Click(#[from] ClickError),
    /// An action refused, or a move refused by the action limit.
    #[error(transparent)]
    Action(#[from] ActionError),
    /// A state text ([`AnyGame::to_state_text`]) that does not read back.
    #[error(transparent)]
    StateText(#[from] StateTextError),
    /// A draw agreed or a resignation after the end of the game.
    #[error(transparent)]
    End(#[from] DeclaredEndError),
    /// A PDN text that does not read.
    #[error(transparent)]
    Pdn(#[from] PdnError),
    /// A game record whose moves do not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// A PDN text with no game in it.
    #[error("the text holds no game")]
    NoGame,
    /// A game of a PDN text that does not read or replay
    /// ([`AnyGame::games_from_pdn`]).
    #[error("game {game}: {error}")]
    InRecord {
        /// The game's place in the text, counted from 1.
        game: usize,
        /// What is wrong with it.
        error: Box<AnyGameError>,
    },
}

/// Why a state text ([`AnyGame::to_state_text`]) does not read back.
///
/// ```
/// use column_checkers::{AnyGame, Ruleset};
///
/// let e = AnyGame::from_state_text(Ruleset::Emergo, "hello", 0).unwrap_err();
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

/// A legal move of an [`AnyGame`], described for a board and a list: its texts and
/// squares (square indices of the board's [`Geometry`];
/// [`AnyGame::square_name`] names them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnyMove {
    /// The move as the crate writes it (`d6`, `g6xe6xc6`, `36x47x38x49`).
    pub text: String,
    /// The FMJD short form of a capture, by its first and last square, when that
    /// names it alone among the legal moves (`36x49`); else `None`.
    pub short: Option<String>,
    /// Its origin (none for an entry of a man from hand).
    pub origin: Option<Square>,
    /// Every square it lands on, in order.
    pub landings: Squares,
    /// The squares of the men it takes, in the order they are taken.
    pub taken: Squares,
    /// What kind of move it is, in the game's terms (`None` for a ruleset that does
    /// not say).
    pub kind: Option<MoveKind>,
    /// Whether it crowns a man (king, officer).
    pub crowns: bool,
    /// The men it captures.
    pub captured: usize,
}

impl AnyMove {
    /// The squares a person clicks to enter it: the origin (none for an entry), then
    /// every landing.
    pub fn clicks(&self) -> Squares {
        self.origin
            .into_iter()
            .chain(self.landings.iter().copied())
            .collect()
    }
}

/// What a run of random playouts did ([`AnyGame::random_playouts`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayoutStats {
    /// Games played.
    pub games: u64,
    /// Plies played in all.
    pub plies: u64,
    /// Games that ended before the ply limit.
    pub ended: u64,
}

/// A record replayed by [`AnyGame::replay`]: the game and what the replay found.
#[derive(Clone, Debug)]
pub struct AnyReplay {
    /// The game, every move of the main line played; ended by an agreed draw or a
    /// resignation when the record says so.
    pub game: AnyGame,
    /// The record's result against what the rules say of the final position.
    pub result_check: ResultCheck,
    /// The moves read, variations included (the moves of skipped variations not).
    pub moves_read: usize,
    /// What the replay forgave, each with what it did (forgiving replay only).
    pub warnings: Vec<ReplayWarning>,
}

/// Generic code to run on the [`ActionGame<P>`] inside an [`AnyGame`]
/// ([`AnyGame::visit`]): a search, an evaluation, anything the type does not offer.
/// [`ActionGame::game`] is its [`Game<P>`].
///
/// ```
/// use column_checkers::any::ActionGame;
/// use column_checkers::any::GameVisitor;
/// use column_checkers::{AnyGame, Introspect, Position, Ruleset};
///
/// struct Start;
/// impl GameVisitor for Start {
///     type Output = bool;
///     fn visit<P: Introspect>(self, game: &ActionGame<P>) -> bool {
///         *game.game().position() == P::start()
///     }
/// }
/// assert!(AnyGame::new(Ruleset::Dameo).visit(Start));
/// ```
pub trait GameVisitor {
    /// What the code returns.
    type Output;
    /// Runs the code on the game.
    fn visit<P: Introspect>(self, game: &ActionGame<P>) -> Self::Output;
}

/// A position type of the crate's list of rulesets: the type of the game inside an
/// [`AnyGame`] of its ruleset, which [`AnyGame::get`] hands out. For code that keeps
/// its own value per ruleset (as the player keeps its search of each), matched by
/// ruleset, and meets the game of the same type there.
///
/// ```
/// use column_checkers::any::Listed;
/// use column_checkers::{AnyGame, Emergo, Lasca, Position, Ruleset};
///
/// let game = AnyGame::new(Ruleset::Lasca);
/// assert_eq!(game.get::<Lasca>().map(|g| g.moves().len()), Some(0));
/// assert!(game.get::<Emergo>().is_none());
/// ```
pub trait Listed: Introspect {
    /// The game inside `game`, when it is of this position type.
    fn game_in(game: &AnyGame) -> Option<&ActionGame<Self>>;
    /// The same, to change.
    fn game_in_mut(game: &mut AnyGame) -> Option<&mut ActionGame<Self>>;
}

/// Generic code to run for the position type of a ruleset of the list, which reaches
/// the games of that ruleset typed ([`Listed`]): a batch's loop over its games,
/// dispatched once for all of them ([`visit_listed`]).
#[cfg(feature = "std")]
pub(crate) trait ListedVisitor {
    /// What the code returns.
    type Output;
    /// Runs the code for ruleset `P`.
    fn visit<P: Listed>(self) -> Self::Output;
}

/// The start, or the position `text` in its text or FEN (`fen`), or as the position
/// type reads it.
fn read<P: Introspect>(
    ruleset: Ruleset,
    text: Option<&str>,
    fen: bool,
) -> Result<ActionGame<P>, AnyGameError> {
    let start = match text {
        Some(t) if !fen => t
            .parse::<P>()
            .map_err(|error| AnyGameError::Position { ruleset, error })?,
        _ => match text.map(str::trim).filter(|t| !t.is_empty()) {
            None => P::start(),
            Some(t) => read_position_or_fen::<P>(t, str::parse)
                .map_err(|error| AnyGameError::Position { ruleset, error })?,
        },
    };
    Ok(ActionGame::new(start, 0))
}

/// A replayed game, its result check, the moves read and the warnings.
type Replayed<G> = (G, ResultCheck, usize, Vec<ReplayWarning>);

fn replay<P: Introspect>(
    record: &Record,
    strictness: Strictness,
) -> Result<Replayed<ActionGame<P>>, ReplayError> {
    let r = record.replay_with::<P>(strictness)?;
    let game = ActionGame::from_game(r.game, 0).expect("no action limit");
    Ok((game, r.result_check, r.moves_read, r.warnings))
}

/// The games of a PDN text replayed in ruleset `P`, every move checked.
fn replay_all<P: Introspect>(
    text: &str,
    max_actions: usize,
) -> Result<Vec<ActionGame<P>>, AnyGameError> {
    let mut out = Vec::new();
    for (i, record) in read_games(text).into_iter().enumerate() {
        let in_game = |error: AnyGameError| AnyGameError::InRecord {
            game: i + 1,
            error: Box::new(error),
        };
        let record = record.map_err(|e| in_game(e.into()))?;
        let replay = record.replay::<P>().map_err(|e| in_game(e.into()))?;
        let game =
            ActionGame::from_game(replay.game, max_actions).map_err(|e| in_game(e.into()))?;
        out.push(game);
    }
    Ok(out)
}

fn describe<P: Introspect>(pos: &P, mv: &P::Move) -> AnyMove {
    let info = pos.describe(mv);
    let text = mv.to_string();
    let short = if mv.is_capture() {
        Some(pos.short_move_text(mv)).filter(|s| *s != text)
    } else {
        None
    };
    AnyMove {
        text,
        short,
        origin: mv.origin(),
        landings: mv.landings(),
        taken: info.as_ref().map(|i| i.taken.clone()).unwrap_or_default(),
        kind: info.as_ref().map(|i| i.kind),
        crowns: info.as_ref().is_some_and(|i| i.crowned),
        captured: mv.men_captured(),
    }
}

/// The legal moves, none once the game is over.
fn legal<P: Introspect>(g: &ActionGame<P>) -> MoveList<P::Move> {
    let mut list = MoveList::new();
    if g.outcome().is_none() {
        g.position().legal_moves(&mut list);
    }
    list
}

/// The refusal of a move by text or index in a game that is over by the rules or the
/// players.
fn over<P: Introspect>(g: &ActionGame<P>) -> Result<(), AnyGameError> {
    match g.outcome() {
        Some(o) => Err(MoveParseError::GameOver(o).into()),
        None => Ok(()),
    }
}

/// Plays `mv` by its clicks, the pending clicks dropped.
fn play_move<P: Introspect>(g: &mut ActionGame<P>, mv: &P::Move) -> Result<String, AnyGameError> {
    if g.clicks().is_empty() {
        g.play_move(mv)?;
    } else {
        let mut next = g.clone();
        next.reset_clicks();
        next.play_move(mv)?;
        *g = next;
    }
    Ok(mv.to_string())
}

fn play_text<P: Introspect>(g: &mut ActionGame<P>, text: &str) -> Result<String, AnyGameError> {
    over(g)?;
    let mv = g.position().parse_move(text)?;
    play_move(g, &mv)
}

fn play_index<P: Introspect>(g: &mut ActionGame<P>, index: usize) -> Result<String, AnyGameError> {
    over(g)?;
    let list = legal(g);
    let mv = *list.get(index).ok_or(AnyGameError::NoSuchMove {
        index,
        count: list.len(),
    })?;
    play_move(g, &mv)
}

/// Enters a whole move written in notation by its clicks, from a state with no
/// pending click.
fn enter<P: Introspect>(g: &mut ActionGame<P>, text: &str) -> Result<Vec<Square>, AnyGameError> {
    g.ready_for_move()?;
    let mv = g.position().parse_move(text)?;
    let before = g.actions().len();
    g.play_move(&mv)?;
    Ok(g.actions()[before..].to_vec())
}

fn last_move<P: Introspect>(g: &ActionGame<P>) -> Option<AnyMove> {
    let n = g.moves().len();
    let mv = g.moves().last()?;
    Some(describe(&g.game().position_before(n - 1), mv))
}

/// Uniformly random legal moves until the game ends or `max_plies` are played.
fn play_random<P: Introspect>(
    g: &mut ActionGame<P>,
    rng: &mut SplitMix64,
    max_plies: usize,
) -> usize {
    g.reset_clicks();
    let mut list = MoveList::new();
    let mut plies = 0;
    while plies < max_plies && !g.is_over() {
        let Some(mv) = g.position().legal_move_at(|n| rng.below(n), &mut list) else {
            break;
        };
        if g.play_move(&mv).is_err() {
            break;
        }
        plies += 1;
    }
    plies
}

/// Uniformly random legal actions until the game is over; the actions taken.
fn play_random_actions<P: Introspect>(g: &mut ActionGame<P>, rng: &mut SplitMix64) -> usize {
    let before = g.actions().len();
    while !g.is_over() {
        let a = g.random_action(rng.next_u64());
        let _ = g.apply(i64::from(a.0));
    }
    g.actions().len() - before
}

fn random_playouts<P: Introspect>(
    g: &ActionGame<P>,
    games: u64,
    seed: u64,
    max_plies: usize,
) -> PlayoutStats {
    let mut rng = SplitMix64::new(seed);
    let mut moves = MoveList::new();
    let mut out = PlayoutStats {
        games,
        ..PlayoutStats::default()
    };
    for _ in 0..games {
        let p = random_playout(g.position(), &mut rng, max_plies, &mut moves);
        out.plies += p.plies as u64;
        out.ended += u64::from(p.outcome.is_some());
    }
    out
}

fn divide_positions<P: Introspect>(pos: &P, depth: u32) -> Vec<(String, String, u64)> {
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

/// The enum of the games of every ruleset, and the `match` over it.
macro_rules! games {
    (() $($name:ident: $module:ident :: $ty:ident,)+) => {
        #[derive(Clone, Debug)]
        enum Games {
            $($name(Box<ActionGame<crate::games::$module::$ty>>),)+
        }

        impl Games {
            fn ruleset(&self) -> Ruleset {
                match self {
                    $(Games::$name(_) => Ruleset::$name,)+
                }
            }

            fn read(
                ruleset: Ruleset,
                text: Option<&str>,
                fen: bool,
            ) -> Result<Games, AnyGameError> {
                Ok(match ruleset {
                    $(Ruleset::$name => Games::$name(Box::new(read(ruleset, text, fen)?)),)+
                })
            }

            fn replay(
                ruleset: Ruleset,
                record: &Record,
                strictness: Strictness,
            ) -> Result<Replayed<Games>, ReplayError> {
                Ok(match ruleset {
                    $(Ruleset::$name => {
                        let (g, check, read, warnings) = replay(record, strictness)?;
                        (Games::$name(Box::new(g)), check, read, warnings)
                    })+
                })
            }

            fn replay_all(
                ruleset: Ruleset,
                text: &str,
                max_actions: usize,
            ) -> Result<Vec<Games>, AnyGameError> {
                Ok(match ruleset {
                    $(Ruleset::$name => replay_all(text, max_actions)?
                        .into_iter()
                        .map(|g| Games::$name(Box::new(g)))
                        .collect(),)+
                })
            }
        }

        $(
            impl From<ActionGame<crate::games::$module::$ty>> for AnyGame {
                fn from(game: ActionGame<crate::games::$module::$ty>) -> AnyGame {
                    AnyGame { games: Games::$name(Box::new(game)) }
                }
            }

            impl From<Game<crate::games::$module::$ty>> for AnyGame {
                fn from(game: Game<crate::games::$module::$ty>) -> AnyGame {
                    ActionGame::from_game(game, 0).expect("no action limit").into()
                }
            }

            impl Listed for crate::games::$module::$ty {
                #[inline]
                fn game_in(game: &AnyGame) -> Option<&ActionGame<Self>> {
                    match &game.games {
                        Games::$name(g) => Some(g),
                        _ => None,
                    }
                }

                #[inline]
                fn game_in_mut(game: &mut AnyGame) -> Option<&mut ActionGame<Self>> {
                    match &mut game.games {
                        Games::$name(g) => Some(g),
                        _ => None,
                    }
                }
            }
        )+

        /// Runs `visitor` for the position type of `ruleset`.
        #[cfg(feature = "std")]
        pub(crate) fn visit_listed<V: ListedVisitor>(ruleset: Ruleset, visitor: V) -> V::Output {
            match ruleset {
                $(Ruleset::$name => visitor.visit::<crate::games::$module::$ty>(),)+
            }
        }
    };
    (($games:expr, $g:ident => $body:expr) $($name:ident: $module:ident :: $ty:ident,)+) => {
        match $games {
            $(Games::$name($g) => $body,)+
        }
    };
}

each_ruleset!(games());

/// Runs `$body` with `$g` the [`ActionGame`] inside `$games`, compiled for each ruleset.
macro_rules! each {
    ($games:expr, $g:ident => $body:expr) => {
        each_ruleset!(games($games, $g => $body))
    };
}

/// A game of any ruleset of the crate, chosen at run time, played by moves, by clicks
/// or by actions: the whole game behind one type.
///
/// The ruleset is named with its options (`"lasca --roundabout"`, a [`Ruleset`]); the
/// game behind it is the [`ActionGame<P>`] of that ruleset's position type (a
/// [`Game<P>`] with its click input), held in an enum with one variant per ruleset of
/// the [registry](crate::any::Ruleset)'s list: the only enum over the list. Every
/// method is one `match` whose arms are the same generic code compiled for each
/// ruleset: no `dyn` and no option tests on the hot paths.
///
/// ```
/// use column_checkers::{AnyGame, Ruleset};
///
/// let ruleset: Ruleset = "lasca --roundabout".parse().unwrap();
/// let mut game = AnyGame::new(ruleset);
/// assert_eq!(game.legal_moves().len(), 6);
/// assert_eq!(game.play("c3-d4").unwrap(), "c3-d4");
/// // click input: the origin, then the landing; Black must capture
/// assert_eq!(game.next_names(), ["e5"]);
/// assert_eq!(game.click_name("e5").unwrap(), None);
/// assert_eq!(game.next_names(), ["c3"]);
/// assert_eq!(game.click_name("c3").unwrap().as_deref(), Some("e5xc3"));
/// assert_eq!(game.undo().as_deref(), Some("e5xc3"));
/// assert!(game.play("zz9").unwrap_err().to_string().contains("zz9"));
/// ```
///
/// # Three ways to play it
/// - **By moves**, as a protocol engine or a command line does: [`play`](AnyGame::play)
///   by text, [`play_index`](AnyGame::play_index) by the index of the legal list, with
///   [`undo`](AnyGame::undo), [`redo`](AnyGame::redo) and the players' own ends
///   ([`agree_draw`](AnyGame::agree_draw), [`resign`](AnyGame::resign)).
/// - **By clicks**, as a person does on a board: [`click`](AnyGame::click) (a refusal
///   says why in the game's terms), [`next_squares`](AnyGame::next_squares) to
///   highlight, [`take_back_click`](AnyGame::take_back_click).
/// - **By actions**, as an agent does: an action is a square's index,
///   [`legal_actions`](AnyGame::legal_actions) are the squares that go on with some
///   legal move, [`apply`](AnyGame::apply) takes one at no allocation and one move
///   generation a move, and an action limit
///   ([`with_action_limit`](AnyGame::with_action_limit)) cuts a game off. A
///   [`Batch`](crate::any::Batch) steps `n` games together on threads.
///
/// All three are the same state: the moves played, each by its clicks
/// ([`actions`](AnyGame::actions)), and the clicks of the move being entered.
///
/// ```
/// use column_checkers::{AnyGame, Ruleset};
///
/// let mut game = AnyGame::from_position(Ruleset::Emergo, "a5:w,i5:b w 0/0")
///     .unwrap()
///     .with_action_limit(100);
/// for _ in 0..2 {
///     for m in ["a5-b5", "i5-h5", "b5-a5", "h5-i5"] {
///         game.play(m).unwrap();
///     }
/// }
/// assert_eq!(game.outcome().unwrap().to_string(), "1/2-1/2 draw: threefold repetition");
/// assert!(game.is_over() && game.legal_actions().is_empty());
/// let back = AnyGame::from_state_text(Ruleset::Emergo, &game.to_state_text(), 100).unwrap();
/// assert_eq!(back.actions(), game.actions());
/// ```
///
/// ```
/// use column_checkers::{AnyGame, Color, Ruleset};
///
/// let mut game = AnyGame::from_position(Ruleset::InternationalDraughts, "W:W31-50:B1-20").unwrap();
/// assert_eq!(game.turn(), Color::White);
/// assert_eq!(game.perft(2), 81);
/// let first = game.legal_moves()[0].text.clone();
/// assert_eq!(game.play_index(0).unwrap(), first);
/// assert_eq!(game.moves(), [first]);
/// assert!(game.record().to_string().starts_with("[GameType \"20\"]"));
/// let outcome = game.resign(Color::White).unwrap();
/// assert_eq!(outcome.to_string(), "0-1 Black wins: resignation");
/// ```
#[derive(Clone, Debug)]
pub struct AnyGame {
    games: Games,
}

impl AnyGame {
    /// A game of `ruleset` from its start.
    pub fn new(ruleset: Ruleset) -> AnyGame {
        AnyGame {
            games: Games::read(ruleset, None, true).expect("a start position"),
        }
    }

    /// A game of the ruleset named `name` with its options (`"lasca --roundabout"`)
    /// from its start.
    ///
    /// # Errors
    /// [`AnyGameError::Ruleset`] for an unknown name or option.
    pub fn named(name: &str) -> Result<AnyGame, AnyGameError> {
        Ok(AnyGame::new(name.parse()?))
    }

    /// A game of `ruleset` from `text`: the ruleset's position text or a PDN FEN (the
    /// draughts games, and the column games while every column is one man); a blank
    /// text is the start.
    ///
    /// # Errors
    /// [`AnyGameError::Position`]: what is wrong with the text, in the ruleset's terms.
    pub fn from_position(ruleset: Ruleset, text: &str) -> Result<AnyGame, AnyGameError> {
        Ok(AnyGame {
            games: Games::read(ruleset, Some(text), true)?,
        })
    }

    /// A game of `ruleset` from `text` as the ruleset's position type reads it
    /// ([`FromStr`](core::str::FromStr): the position text, and PDN FEN in the
    /// draughts games): what the examples' `--position` takes. Unlike
    /// [`from_position`](AnyGame::from_position), an empty text is refused.
    ///
    /// ```
    /// use column_checkers::{AnyGame, AnyGameError, Ruleset};
    ///
    /// let game = AnyGame::from_position_text(Ruleset::Emergo, "- w 12/12").unwrap();
    /// assert_eq!(game.perft(1), 40);
    /// let e = AnyGame::from_position_text(Ruleset::Emergo, "").unwrap_err();
    /// assert!(matches!(e, AnyGameError::Position { .. }));
    /// ```
    ///
    /// # Errors
    /// [`AnyGameError::Position`]: what is wrong with the text, in the ruleset's terms.
    pub fn from_position_text(ruleset: Ruleset, text: &str) -> Result<AnyGame, AnyGameError> {
        Ok(AnyGame {
            games: Games::read(ruleset, Some(text), false)?,
        })
    }

    /// The game of a record, every move checked: in the ruleset its tags name
    /// ([`Ruleset::of_record`]), else `default`.
    ///
    /// # Errors
    /// Tags that name no ruleset of the crate, or a move that does not replay.
    pub fn from_record(record: &Record, default: Ruleset) -> Result<AnyGame, AnyGameError> {
        let ruleset = Ruleset::of_record(record)?.unwrap_or(default);
        let (games, ..) = Games::replay(ruleset, record, Strictness::Forgiving)?;
        Ok(AnyGame { games })
    }

    /// Replays `record` in `ruleset` (whatever its tags say) with `strictness`
    /// ([`Record::replay_with`]): the game, the result check, the moves read and the
    /// warnings.
    ///
    /// ```
    /// use column_checkers::text::read_games;
    /// use column_checkers::text::{ResultCheck, Strictness};
    /// use column_checkers::any::AnyGame;
    /// use column_checkers::Ruleset;
    ///
    /// // the third move is numbered 3: forgiven with a warning, or refused
    /// let record = read_games("1. d6 d8 3. e4 g6 *").remove(0).unwrap();
    /// let replay = AnyGame::replay(&record, Ruleset::Emergo, Strictness::Forgiving).unwrap();
    /// assert_eq!(replay.game.moves(), ["d6", "d8", "e4", "g6"]);
    /// assert_eq!(replay.result_check, ResultCheck::Unfinished);
    /// assert_eq!((replay.moves_read, replay.warnings.len()), (4, 1));
    /// let e = AnyGame::replay(&record, Ruleset::Emergo, Strictness::Strict).unwrap_err();
    /// assert_eq!(e.number, 2);
    /// ```
    ///
    /// # Errors
    /// The first move (or a bad start position) that does not replay, with its place.
    pub fn replay(
        record: &Record,
        ruleset: Ruleset,
        strictness: Strictness,
    ) -> Result<AnyReplay, ReplayError> {
        let (games, result_check, moves_read, warnings) =
            Games::replay(ruleset, record, strictness)?;
        Ok(AnyReplay {
            game: AnyGame { games },
            result_check,
            moves_read,
            warnings,
        })
    }

    /// The first game of a PDN text, as [`from_record`](AnyGame::from_record).
    ///
    /// ```
    /// use column_checkers::{AnyGame, Ruleset};
    ///
    /// let game = AnyGame::from_pdn("[Variant \"bashni\"] 1. c3-d4 f6-g5 *", Ruleset::Emergo).unwrap();
    /// assert_eq!(game.ruleset(), Ruleset::Bashni);
    /// assert_eq!(game.moves(), ["c3-d4", "f6-g5"]);
    /// ```
    ///
    /// # Errors
    /// A text with no game, or one that does not read or replay.
    pub fn from_pdn(text: &str, default: Ruleset) -> Result<AnyGame, AnyGameError> {
        let record = read_games(text)
            .into_iter()
            .next()
            .ok_or(AnyGameError::NoGame)??;
        AnyGame::from_record(&record, default)
    }

    /// Every game of a PDN text played in `ruleset` (whatever their tags say), each
    /// replayed move by move to its end by its clicks, cut off after `max_actions`
    /// actions (0: no limit).
    ///
    /// ```
    /// use column_checkers::{AnyGame, Ruleset};
    ///
    /// let games = AnyGame::games_from_pdn("1. d6 d8 *\n\n1. d6 *", Ruleset::Emergo, 0).unwrap();
    /// assert_eq!(games[0].moves(), ["d6", "d8"]);
    /// assert_eq!(games[1].actions().len(), 1);
    /// let e = AnyGame::games_from_pdn("1. d6 zz9 *", Ruleset::Emergo, 0).unwrap_err();
    /// assert!(e.to_string().starts_with("game 1"), "{e}");
    /// ```
    ///
    /// # Errors
    /// [`AnyGameError::InRecord`]: the first game that does not read or replay (or
    /// that the action limit cuts off in a move).
    pub fn games_from_pdn(
        text: &str,
        ruleset: Ruleset,
        max_actions: usize,
    ) -> Result<Vec<AnyGame>, AnyGameError> {
        Ok(Games::replay_all(ruleset, text, max_actions)?
            .into_iter()
            .map(|games| AnyGame { games })
            .collect())
    }

    /// The game as text: its start position and every action taken (the pending
    /// clicks too), read back by [`from_state_text`](AnyGame::from_state_text).
    pub fn to_state_text(&self) -> String {
        let actions: Vec<String> = self.actions().iter().map(|a| a.0.to_string()).collect();
        format!(
            "{STATE_TEXT_V1}\n{}\n{}\n",
            self.start_text(),
            actions.join(",")
        )
    }

    /// The game of a [`to_state_text`](AnyGame::to_state_text) text, its actions taken
    /// again, cut off after `max_actions` actions (0: no limit).
    ///
    /// # Errors
    /// [`AnyGameError::StateText`] for a text that is not a state or an action that
    /// is refused, [`AnyGameError::Position`] for its start position.
    pub fn from_state_text(
        ruleset: Ruleset,
        text: &str,
        max_actions: usize,
    ) -> Result<AnyGame, AnyGameError> {
        let mut lines = text.lines();
        if lines.next() != Some(STATE_TEXT_V1) {
            return Err(StateTextError::NoHeader.into());
        }
        let start = lines.next().ok_or(StateTextError::NoStart)?;
        let actions = lines.next().unwrap_or("");
        let mut game = AnyGame::from_position(ruleset, start)?.with_action_limit(max_actions);
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

    /// The same game cut off after `max_actions` actions (0: no limit; the limit of a
    /// new game); see [`set_action_limit`](AnyGame::set_action_limit).
    ///
    /// ```
    /// use column_checkers::{AnyGame, Ruleset};
    ///
    /// let mut game = AnyGame::new(Ruleset::Lasca).with_action_limit(3);
    /// game.play("c3-d4").unwrap();
    /// assert!(game.play("e5xc3").is_err());
    /// assert_eq!(game.click_name("e5").unwrap(), None);
    /// assert!(game.is_over() && game.is_truncated() && game.outcome().is_none());
    /// ```
    pub fn with_action_limit(mut self, max_actions: usize) -> AnyGame {
        self.set_action_limit(max_actions);
        self
    }

    /// A new action limit (0: none): the game is cut off at once when it has taken
    /// as many actions, and a cut-off game goes on under a higher one.
    pub fn set_action_limit(&mut self, max_actions: usize) {
        each!(&mut self.games, g => g.set_max_actions(max_actions))
    }

    /// The action limit (0: none).
    pub fn action_limit(&self) -> usize {
        each!(&self.games, g => g.max_actions())
    }

    /// Runs `visitor` on the [`ActionGame<P>`] inside.
    pub fn visit<V: GameVisitor>(&self, visitor: V) -> V::Output {
        each!(&self.games, g => visitor.visit(&**g))
    }

    /// The game inside, when its position type is `P`.
    pub fn get<P: Listed>(&self) -> Option<&ActionGame<P>> {
        P::game_in(self)
    }

    /// The game inside, to change, when its position type is `P`.
    pub fn get_mut<P: Listed>(&mut self) -> Option<&mut ActionGame<P>> {
        P::game_in_mut(self)
    }

    /// The ruleset, with its options.
    pub fn ruleset(&self) -> Ruleset {
        self.games.ruleset()
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        each!(&self.games, g => g.position().turn())
    }

    /// The side to move in the position the game started from.
    pub fn start_turn(&self) -> Color {
        each!(&self.games, g => g.start().turn())
    }

    /// How the game ended (threefold repetition and the players' own ends included),
    /// or `None` while it goes on or when it was cut off by the action limit.
    /// [`EndReason::words`](crate::EndReason::words) and
    /// [`EndReason::code`](crate::EndReason::code) name the reason.
    pub fn outcome(&self) -> Option<Outcome> {
        each!(&self.games, g => g.outcome())
    }

    /// Whether the game is over: ended by the rules or the players, or cut off by the
    /// action limit.
    pub fn is_over(&self) -> bool {
        each!(&self.games, g => g.is_over())
    }

    /// Whether the game was cut off by the action limit (not ended by the rules).
    pub fn is_truncated(&self) -> bool {
        each!(&self.games, g => g.is_truncated())
    }

    /// The player to move (0 White, 1 Black), `None` when the game is over.
    pub fn current_player(&self) -> Option<usize> {
        each!(&self.games, g => g.current_player())
    }

    /// The final scores `[White, Black]`: 1 a win, -1 a loss, 0 a draw, a cut-off game
    /// or a game going on.
    pub fn returns(&self) -> [f32; 2] {
        each!(&self.games, g => g.returns())
    }

    /// The legal moves, described; none once the game is over by the rules or the
    /// players.
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        each!(&self.games, g => {
            let pos = g.position();
            legal(g).iter().map(|mv| describe(pos, mv)).collect()
        })
    }

    /// The texts of the legal moves, in the order of [`legal_moves`](AnyGame::legal_moves).
    pub fn legal_texts(&self) -> Vec<String> {
        each!(&self.games, g => legal(g).iter().map(|m| m.to_string()).collect())
    }

    /// The number of legal moves (none once the game is over).
    pub fn legal_count(&self) -> usize {
        each!(&self.games, g => legal(g).len())
    }

    /// Plays a move written in the ruleset's notation (any route of a capture, or a
    /// short form the notation reads) by its clicks; returns it as the crate writes
    /// it. The clicks of a move being entered are dropped.
    ///
    /// # Errors
    /// [`AnyGameError::Move`]: why the text names no legal move, or several, or that
    /// the game is over; [`AnyGameError::Action`] when the action limit cuts it off.
    /// The game is then unchanged.
    pub fn play(&mut self, text: &str) -> Result<String, AnyGameError> {
        each!(&mut self.games, g => play_text(g, text))
    }

    /// Enters a whole move written in the ruleset's notation by its clicks, as an
    /// agent takes its actions: refused while a move is being entered. Returns the
    /// actions taken.
    ///
    /// ```
    /// use column_checkers::{AnyGame, Ruleset};
    ///
    /// let mut game = AnyGame::new(Ruleset::Lasca);
    /// let c3 = game.parse_square("c3").unwrap();
    /// game.apply(i64::from(c3.0)).unwrap();
    /// assert_eq!(game.enter("c3-d4").unwrap_err().to_string(),
    ///     "a move is being entered (clicks c3): finish it first");
    /// game.undo_action();
    /// let taken = game.enter("c3-d4").unwrap();
    /// assert_eq!(game.names(&taken), ["c3", "d4"]);
    /// ```
    ///
    /// # Errors
    /// [`AnyGameError::Move`] when the text names no legal move (or several),
    /// [`AnyGameError::Action`] when the game is over, a move is being entered or the
    /// action limit cuts it off; the game is then unchanged.
    pub fn enter(&mut self, text: &str) -> Result<Vec<Square>, AnyGameError> {
        each!(&mut self.games, g => enter(g, text))
    }

    /// Plays the moves of `moves`, separated by white space, each as
    /// [`play`](AnyGame::play); returns how many were played.
    ///
    /// ```
    /// use column_checkers::{AnyGame, Ruleset};
    ///
    /// let mut game = AnyGame::new(Ruleset::Emergo);
    /// assert_eq!(game.play_moves("d6 d8 e4").unwrap(), 3);
    /// let e = game.play_moves("g6 zz9").unwrap_err();
    /// assert!(e.to_string().starts_with("move 2 (zz9): "), "{e}");
    /// assert_eq!(game.moves(), ["d6", "d8", "e4"]);
    /// ```
    ///
    /// # Errors
    /// [`AnyGameError::InMoveList`]: the first move that does not play, its number in
    /// the list and why; the game is then unchanged.
    pub fn play_moves(&mut self, moves: &str) -> Result<usize, AnyGameError> {
        let mut next = self.clone();
        let mut played = 0;
        for (i, text) in moves.split_whitespace().enumerate() {
            next.play(text).map_err(|e| match e {
                AnyGameError::Move(error) => AnyGameError::InMoveList {
                    number: i + 1,
                    text: text.to_string(),
                    error,
                },
                other => other,
            })?;
            played += 1;
        }
        *self = next;
        Ok(played)
    }

    /// Plays the legal move at `index` of [`legal_moves`](AnyGame::legal_moves) by its
    /// clicks; returns its text. The clicks of a move being entered are dropped.
    ///
    /// # Errors
    /// [`AnyGameError::NoSuchMove`] past the end of the list, or the game is over.
    pub fn play_index(&mut self, index: usize) -> Result<String, AnyGameError> {
        each!(&mut self.games, g => play_index(g, index))
    }

    /// Clicks a square: the move is played, and its text returned, when the clicks
    /// name a whole legal move.
    ///
    /// # Errors
    /// [`AnyGameError::Click`]: why the square may not be clicked now, in the game's
    /// terms ([`AnyGameError::Action`] for a game cut off by the action limit); the
    /// clicks so far are kept.
    pub fn click(&mut self, square: Square) -> Result<Option<String>, AnyGameError> {
        each!(&mut self.games, g => match g.click(square) {
            Ok(mv) => Ok(mv.map(|m| m.to_string())),
            Err(ActionError::Click(e)) => Err(e.into()),
            Err(e) => Err(e.into()),
        })
    }

    /// Clicks the square named `name`, as [`click`](AnyGame::click).
    ///
    /// # Errors
    /// As `click`, and an unknown square's name.
    pub fn click_name(&mut self, name: &str) -> Result<Option<String>, AnyGameError> {
        let square = self
            .parse_square(name)
            .ok_or_else(|| ClickError::UnknownSquare(name.chars().take(16).collect()))?;
        self.click(square)
    }

    /// The clicks of the move being entered.
    pub fn clicks(&self) -> &[Square] {
        each!(&self.games, g => g.clicks())
    }

    /// The squares that may be clicked next (the legal actions), in increasing order;
    /// none once the game is over.
    pub fn next_squares(&self) -> Vec<Square> {
        self.legal_actions().to_vec()
    }

    /// The names of [`next_squares`](AnyGame::next_squares).
    pub fn next_names(&self) -> Vec<&'static str> {
        self.names(self.legal_actions())
    }

    /// Takes back the last click of the move being entered; returns its square
    /// (`None` when no click is pending).
    pub fn take_back_click(&mut self) -> Option<Square> {
        each!(&mut self.games, g => g.take_back_click())
    }

    /// Takes back every click of the move being entered.
    pub fn reset_clicks(&mut self) {
        each!(&mut self.games, g => g.reset_clicks())
    }

    /// Every action of the game: the click path of each move played (as clicked, or
    /// the first click path of a move played by its text or index), then the clicks
    /// of the move being entered.
    pub fn actions(&self) -> &[Square] {
        each!(&self.games, g => g.actions())
    }

    /// The legal actions (the squares that go on with some legal move after the
    /// pending clicks), in increasing order; none when the game is over.
    pub fn legal_actions(&self) -> &[Square] {
        each!(&self.games, g => g.legal_actions())
    }

    /// The legal actions, as a set.
    pub fn legal_set(&self) -> WideSquareSet {
        each!(&self.games, g => g.legal_set())
    }

    /// Whether `action` is legal now.
    pub fn is_legal_action(&self, action: i64) -> bool {
        each!(&self.games, g => g.is_legal_action(action))
    }

    /// Takes action `action` (a square's index): [`ActionGame::apply`].
    ///
    /// ```
    /// use column_checkers::any::Clicked;
    /// use column_checkers::{AnyGame, Ruleset};
    ///
    /// let mut game = AnyGame::new(Ruleset::Lasca);
    /// let c3 = game.parse_square("c3").unwrap();
    /// assert_eq!(game.apply(i64::from(c3.0)), Ok(Clicked::Pending));
    /// let d4 = game.parse_square("d4").unwrap();
    /// assert_eq!(game.apply(i64::from(d4.0)), Ok(Clicked::Played));
    /// assert_eq!(game.moves(), ["c3-d4"]);
    /// assert_eq!(game.apply(300).unwrap_err().to_string(),
    ///     "action 300 is not a square of this board (actions are 0 to 24)");
    /// ```
    ///
    /// # Errors
    /// [`ActionError`]: why the square may not be clicked now; the game is unchanged.
    pub fn apply(&mut self, action: i64) -> Result<Clicked, ActionError> {
        each!(&mut self.games, g => g.apply(action))
    }

    /// Takes back the last action (one click) and returns it; `None` at the start:
    /// [`ActionGame::undo_action`]. Undoing the click that completed a move takes the
    /// move back and leaves its earlier clicks pending; undoing every click of a move
    /// returns to the position before it.
    ///
    /// ```
    /// use column_checkers::{AnyGame, Ruleset};
    ///
    /// let mut game = AnyGame::new(Ruleset::Lasca);
    /// let taken = game.enter("c3-d4").unwrap();
    /// assert_eq!(game.undo_action(), Some(taken[1]));
    /// assert_eq!(game.clicks(), &taken[..1]);
    /// assert_eq!(game.undo_action(), Some(taken[0]));
    /// assert!(game.actions().is_empty() && game.moves().is_empty());
    /// ```
    pub fn undo_action(&mut self) -> Option<Square> {
        each!(&mut self.games, g => g.undo_action())
    }

    /// Takes back the last move; returns it. An agreed draw or a resignation is
    /// withdrawn with it (with no move to take back, alone: `None` is returned); the
    /// clicks of a move being entered are dropped.
    pub fn undo(&mut self) -> Option<String> {
        each!(&mut self.games, g => g.undo().map(|m| m.to_string()))
    }

    /// Plays again the last move taken back; returns it.
    pub fn redo(&mut self) -> Option<String> {
        each!(&mut self.games, g => g.redo().map(|m| m.to_string()))
    }

    /// Back to the position the game started from, with no move, click or declared
    /// end.
    pub fn reset(&mut self) {
        each!(&mut self.games, g => g.reset())
    }

    /// The end the players declared (an agreed draw or a resignation), if any
    /// ([`Game::declared_end`]).
    pub fn declared_end(&self) -> Option<Outcome> {
        each!(&self.games, g => g.game().declared_end())
    }

    /// Ends the game in a draw the players agreed ([`Game::agree_draw`]).
    ///
    /// # Errors
    /// [`AnyGameError::End`] when the game is already over.
    pub fn agree_draw(&mut self) -> Result<Outcome, AnyGameError> {
        each!(&mut self.games, g => Ok(g.agree_draw()?))
    }

    /// Ends the game by the resignation of `loser`, who need not be the side to move
    /// ([`Game::resign`]).
    ///
    /// # Errors
    /// [`AnyGameError::End`] when the game is already over.
    pub fn resign(&mut self, loser: Color) -> Result<Outcome, AnyGameError> {
        each!(&mut self.games, g => Ok(g.resign(loser)?))
    }

    /// The moves played, as the crate writes them.
    pub fn moves(&self) -> Vec<String> {
        each!(&self.games, g => g.moves().iter().map(|m| m.to_string()).collect())
    }

    /// The number of moves played.
    pub fn move_count(&self) -> usize {
        each!(&self.games, g => g.moves().len())
    }

    /// The last move played, described in the position it was played in.
    pub fn last_move(&self) -> Option<AnyMove> {
        each!(&self.games, g => last_move(g))
    }

    /// The legal moves still possible after the clicks so far, each once
    /// ([`ActionGame::candidates`]).
    pub fn candidates(&self) -> Vec<String> {
        each!(&self.games, g => g.candidates().iter().map(|m| m.to_string()).collect())
    }

    /// Every click path of the position: each move's text and squares, every route of
    /// a capture ([`ActionGame::click_paths`]).
    pub fn click_paths(&self) -> Vec<(String, Vec<Square>)> {
        each!(&self.games, g => g
            .click_paths()
            .into_iter()
            .map(|(m, p)| (m.to_string(), p))
            .collect())
    }

    /// The position text ([`from_position`](AnyGame::from_position) reads it back).
    pub fn position_text(&self) -> String {
        each!(&self.games, g => g.position().to_string())
    }

    /// The text of the position the game started from.
    pub fn start_text(&self) -> String {
        each!(&self.games, g => g.start().to_string())
    }

    /// The position as a PDN FEN, when FEN can say it (single men, nothing in hand).
    pub fn fen(&self) -> Option<String> {
        each!(&self.games, g => fen_of(g.position()))
    }

    /// The position drawn in text, for a terminal ([`Position::diagram`]).
    pub fn diagram(&self) -> String {
        each!(&self.games, g => g.position().diagram())
    }

    /// The game's record ([`record_of_game`]): the tag naming its ruleset, the start
    /// position when it is not the ruleset's, the moves and the result.
    pub fn record(&self) -> Record {
        each!(&self.games, g => record_of_game(g.game()))
    }

    /// The moves played as the game's [record](AnyGame::record) writes them: a capture
    /// by its first and last square where that names it alone (`g6xc6` for
    /// `g6xe6xc6`), so that a move list shown beside the record agrees with it.
    ///
    /// ```
    /// use column_checkers::{AnyGame, Ruleset};
    ///
    /// let mut game = AnyGame::new(Ruleset::Emergo);
    /// game.play_moves("d6 d8 e4 g6 f4 g7 b6 d7 f6 g6-e6-c6").unwrap();
    /// assert_eq!(game.moves()[9], "g6xe6xc6");
    /// assert_eq!(game.record_moves()[9], "g6xc6");
    /// ```
    pub fn record_moves(&self) -> Vec<String> {
        self.record().moves.into_iter().map(|m| m.text).collect()
    }

    /// The board: its geometry, columns and men in hand.
    pub fn board_view(&self) -> Option<BoardView<'_>> {
        each!(&self.games, g => g.position().board_view())
    }

    /// How to read the labels of columns that diagrams write, top man first (the
    /// opposite of the position text): [`COLUMN_LEGEND`](crate::custom::COLUMN_LEGEND),
    /// or `None` while no column is taller than one man.
    ///
    /// ```
    /// use column_checkers::{AnyGame, Ruleset};
    ///
    /// assert_eq!(AnyGame::new(Ruleset::Lasca).column_legend(), None);
    /// let game = AnyGame::from_position(Ruleset::Lasca, "a1:w,c3:bw,g7:b w").unwrap();
    /// assert!(game.column_legend().unwrap().contains("from the top man down"));
    /// ```
    pub fn column_legend(&self) -> Option<&'static str> {
        let tallest = self.board_view().map_or(0, |v| {
            v.occupied().map(|(_, s)| s.height()).max().unwrap_or(0)
        });
        (tallest > 1).then_some(COLUMN_LEGEND)
    }

    /// The board at the start of the game.
    pub fn start_board_view(&self) -> Option<BoardView<'_>> {
        each!(&self.games, g => g.start().board_view())
    }

    /// The position as an SVG document ([`render_position`](crate::text::svg::render_position)).
    #[cfg(feature = "svg")]
    #[cfg_attr(docsrs, doc(cfg(feature = "svg")))]
    pub fn svg(&self, options: &crate::text::svg::SvgOptions) -> Option<String> {
        each!(&self.games, g => crate::text::svg::render_position(g.position(), options))
    }

    /// Perft of the current position: the leaves of the move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        each!(&self.games, g => perft(g.position(), depth))
    }

    /// Perft without bulk counting ([`perft_without_bulk`]): the moves of the last ply
    /// are played too. The same figure as [`perft`](AnyGame::perft), slower: a check
    /// of move making.
    ///
    /// ```
    /// use column_checkers::{AnyGame, Ruleset};
    ///
    /// let game = AnyGame::new(Ruleset::Lasca);
    /// assert_eq!(game.perft_without_bulk(3), game.perft(3));
    /// ```
    pub fn perft_without_bulk(&self, depth: u32) -> u64 {
        each!(&self.games, g => perft_without_bulk(g.position(), depth))
    }

    /// Perft with the first plies split across threads
    /// ([`perft_parallel`](crate::perft_parallel)); the figure of
    /// [`perft`](AnyGame::perft).
    ///
    /// ```
    /// use column_checkers::{AnyGame, Ruleset};
    ///
    /// let game = AnyGame::new(Ruleset::Emergo);
    /// assert_eq!(game.perft_parallel(3), game.perft(3));
    /// ```
    #[cfg(feature = "rayon")]
    #[cfg_attr(docsrs, doc(cfg(feature = "rayon")))]
    pub fn perft_parallel(&self, depth: u32) -> u64 {
        each!(&self.games, g => crate::engine::perft::perft_parallel(g.position(), depth))
    }

    /// Perft of the current position by first move: each move's text and its leaves.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        each!(&self.games, g => divide(g.position(), depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect())
    }

    /// Perft of the current position by first move, with the position each move
    /// leads to: its text, the position text after it and perft of `depth - 1` there.
    pub fn divide_positions(&self, depth: u32) -> Vec<(String, String, u64)> {
        each!(&self.games, g => divide_positions(g.position(), depth))
    }

    /// Plays uniformly random legal moves (drawn with `rng`) by their clicks until the
    /// game ends or `max_plies` are played; returns the plies played. Threefold
    /// repetition counts.
    pub fn play_random(&mut self, rng: &mut SplitMix64, max_plies: usize) -> usize {
        each!(&mut self.games, g => play_random(g, rng, max_plies))
    }

    /// Takes uniformly random legal actions (drawn with `rng`) until the game is over;
    /// returns the actions taken.
    pub fn play_random_actions(&mut self, rng: &mut SplitMix64) -> usize {
        each!(&mut self.games, g => play_random_actions(g, rng))
    }

    /// One uniformly random legal action (the game must not be over); `r` is a random
    /// 64-bit number.
    pub fn random_action(&self, r: u64) -> Square {
        each!(&self.games, g => g.random_action(r))
    }

    /// `games` random playouts from the current position ([`random_playout`]:
    /// SplitMix64 seeded with `seed`, at most `max_plies` plies each, repetition not
    /// counted), the game unchanged.
    pub fn random_playouts(&self, games: u64, seed: u64, max_plies: usize) -> PlayoutStats {
        each!(&self.games, g => random_playouts(g, games, seed, max_plies))
    }

    /// The position's Zobrist hash.
    pub fn zobrist(&self) -> u64 {
        each!(&self.games, g => g.position().zobrist())
    }

    /// The men of `color` (on the board, in columns, and in hand).
    pub fn men(&self, color: Color) -> usize {
        each!(&self.games, g => g.position().men(color))
    }

    /// Whether men of the ruleset are crowned ([`Position::CROWNING`]).
    pub fn crowning(&self) -> bool {
        fn of<P: Introspect>(_: &ActionGame<P>) -> bool {
            P::CROWNING
        }
        each!(&self.games, g => of(g))
    }

    /// The ruleset's words for what stands on a square ([`Position::TERMS`]).
    pub fn terms(&self) -> Terms {
        fn of<P: Introspect>(_: &ActionGame<P>) -> Terms {
            P::TERMS
        }
        each!(&self.games, g => of(g))
    }

    /// The board's geometry: squares, names, coordinates, directions.
    pub fn geometry(&self) -> &'static Geometry {
        each!(&self.games, g => g.geometry())
    }

    /// The name of square `square`.
    pub fn square_name(&self, square: Square) -> &'static str {
        self.geometry().name(square)
    }

    /// The names of `squares`.
    pub fn names(&self, squares: &[Square]) -> Vec<&'static str> {
        let g = self.geometry();
        squares.iter().map(|&s| g.name(s)).collect()
    }

    /// Every square's name, in the board's order (by [`Square`] index).
    ///
    /// ```
    /// use column_checkers::{AnyGame, Ruleset};
    ///
    /// let names = AnyGame::new(Ruleset::Lasca).square_names();
    /// assert_eq!((names.len(), names[0], names[24]), (25, "a1", "g7"));
    /// ```
    pub fn square_names(&self) -> Vec<&'static str> {
        let g = self.geometry();
        g.squares().map(|s| g.name(s)).collect()
    }

    /// The square named `name` (surrounding spaces ignored), if the board has it.
    pub fn parse_square(&self, name: &str) -> Option<Square> {
        self.geometry().parse_square(name.trim())
    }

    /// A batch's step of this game ([`ActionGame::step_reset`]).
    #[cfg(feature = "std")]
    pub(crate) fn step_reset(
        &mut self,
        action: i64,
        mask: &mut [bool],
        legal: &mut WideSquareSet,
    ) -> Stepped {
        each!(&mut self.games, g => g.step_reset(action, mask, legal))
    }

    /// A batch's random steps of this game ([`ActionGame::random_steps`]).
    #[cfg(feature = "std")]
    pub(crate) fn random_steps(
        &mut self,
        steps: usize,
        rng: &mut SplitMix64,
        tally: &mut [u64; 5],
    ) -> WideSquareSet {
        each!(&mut self.games, g => g.random_steps(steps, rng, tally))
    }

    /// The legal-action mask into `row` (one flag a square); the player to move, -4
    /// when the game is over.
    #[cfg(feature = "std")]
    pub(crate) fn write_mask(&self, row: &mut [bool]) -> i8 {
        each!(&self.games, g => g.write_mask(row))
    }

    /// `observe` on the board and the pending clicks (zeros into `out` for a position
    /// without a board view).
    #[cfg(feature = "std")]
    pub(crate) fn observe_with(
        &self,
        observe: impl Fn(&BoardView<'_>, &[Square], &mut [f32]),
        out: &mut [f32],
    ) {
        each!(&self.games, g => g.observe_with(observe, out))
    }

    /// Why `action` is refused (for a batch's error).
    #[cfg(feature = "std")]
    pub(crate) fn refusal(&self, action: i64) -> ActionError {
        let mut probe = self.clone();
        probe.apply(action).err().unwrap_or(ActionError::OffBoard {
            action,
            squares: self.geometry().len(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The moves of the static game, by index of the legal list.
    struct Replayed<'a>(&'a [usize]);
    impl GameVisitor for Replayed<'_> {
        type Output = (Vec<String>, String, Option<Outcome>);
        fn visit<P: Introspect>(self, game: &ActionGame<P>) -> Self::Output {
            let mut g = Game::new(game.start().clone());
            let mut list = MoveList::new();
            for &i in self.0 {
                list.clear();
                g.position().legal_moves(&mut list);
                g.play(&list[i]).unwrap();
            }
            let moves = g.moves().iter().map(|m| m.to_string()).collect();
            (moves, g.position().to_string(), g.outcome())
        }
    }

    #[test]
    fn a_random_game_agrees_with_the_static_game_in_every_ruleset() {
        for &r in Ruleset::ALL {
            let mut game = AnyGame::new(r);
            let mut rng = SplitMix64::new(7);
            let mut picked = Vec::new();
            let mut clicked = Vec::new();
            while !game.is_over() && picked.len() < 80 {
                let legal = game.legal_moves();
                assert_eq!(legal.len(), game.legal_count(), "{r}");
                let i = rng.below(legal.len());
                // every other move by clicks, the rest by index
                if picked.len() % 2 == 0 {
                    let mut played = None;
                    for sq in legal[i].clicks() {
                        assert!(game.next_squares().contains(&sq), "{r}");
                        played = game.click(sq).unwrap();
                        clicked.push(sq);
                    }
                    // another route of the same move may be listed first
                    let text = played.expect("the clicks name a move");
                    let i = legal.iter().position(|m| m.text == text).unwrap();
                    picked.push(i);
                } else {
                    assert_eq!(game.play_index(i).unwrap(), legal[i].text, "{r}");
                    clicked.extend(legal[i].clicks());
                    picked.push(i);
                }
                assert!(game.clicks().is_empty());
            }
            let (moves, position, outcome) = game.visit(Replayed(&picked));
            assert_eq!(game.moves(), moves, "{r}");
            assert_eq!(game.position_text(), position, "{r}");
            assert_eq!(game.outcome(), outcome, "{r}");
            assert_eq!(game.actions(), &clicked[..], "{r}");
            // back to the start and forward again
            for _ in 0..picked.len() {
                assert!(game.undo().is_some(), "{r}");
            }
            assert!(game.actions().is_empty(), "{r}");
            for _ in 0..picked.len() {
                assert!(game.redo().is_some(), "{r}");
            }
            assert_eq!(game.moves(), moves, "{r}");
            // the record replays to the same game
            let back = AnyGame::from_record(&game.record(), Ruleset::Emergo).unwrap();
            assert_eq!(back.ruleset(), r);
            assert_eq!(back.moves(), moves, "{r}");
        }
    }

    #[test]
    fn every_ruleset_reads_its_own_position_text_and_counts_as_the_static_type() {
        for &r in Ruleset::ALL {
            let game = AnyGame::new(r);
            assert_eq!(game.ruleset(), r);
            let again = AnyGame::from_position(r, &game.position_text()).unwrap();
            assert_eq!(again.zobrist(), game.zobrist(), "{r}");
            let leaves: u64 = game.divide(2).iter().map(|(_, n)| n).sum();
            assert_eq!(leaves, game.perft(2), "{r}");
            assert_eq!(game.legal_count(), game.perft(1) as usize, "{r}");
            assert_eq!(game.next_squares().is_empty(), game.legal_count() == 0);
            let stats = game.random_playouts(3, 1, 50);
            assert_eq!(stats.games, 3);
            assert!(stats.plies <= 150, "{r}");
            assert!(game.men(Color::White) > 0, "{r}");
            assert_eq!(
                game.geometry().len(),
                game.board_view().unwrap().geometry.len()
            );
            // random moves in the game itself, replayed by their texts
            let mut played = game.clone();
            let plies = played.play_random(&mut SplitMix64::new(3), 40);
            assert_eq!(played.moves().len(), plies, "{r}");
            assert!(plies == 40 || played.is_over(), "{r}");
            let mut again = AnyGame::new(r);
            for m in played.moves() {
                again.play(&m).unwrap();
            }
            assert_eq!(again.position_text(), played.position_text(), "{r}");
            assert_eq!(again.actions(), played.actions(), "{r}");
        }
    }

    #[test]
    fn the_command_line_helpers_agree_with_the_static_types() {
        for &r in Ruleset::ALL {
            let mut game = AnyGame::new(r);
            let text = game.position_text();
            let read = AnyGame::from_position_text(r, &text).unwrap();
            assert_eq!(read.zobrist(), game.zobrist(), "{r}");
            assert_eq!(game.perft_without_bulk(2), game.perft(2), "{r}");
            #[cfg(feature = "rayon")]
            assert_eq!(game.perft_parallel(2), game.perft(2), "{r}");
            // a list of moves plays as one move at a time; a bad one changes nothing
            let mut one_by_one = game.clone();
            one_by_one.play_random(&mut SplitMix64::new(5), 6);
            let list = one_by_one.moves().join(" ");
            let n = game.play_moves(&list).unwrap();
            assert_eq!(n, one_by_one.moves().len(), "{r}");
            assert_eq!(game.position_text(), one_by_one.position_text(), "{r}");
            let mut fresh = AnyGame::new(r);
            let e = fresh.play_moves(&format!("{list} zz9")).unwrap_err();
            assert!(
                matches!(&e, AnyGameError::InMoveList { number, text, .. }
                    if *number == n + 1 && text == "zz9"),
                "{r}: {e}"
            );
            assert!(fresh.moves().is_empty(), "{r}");
            // the record replays strictly to the same game, unfinished
            let replay = AnyGame::replay(&game.record(), r, Strictness::Strict).unwrap();
            assert_eq!(replay.game.moves(), game.moves(), "{r}");
            assert_eq!(replay.moves_read, n, "{r}");
            assert!(replay.warnings.is_empty(), "{r}");
            assert_eq!(replay.game.declared_end(), None, "{r}");
        }
        // the position type's reader alone: no empty text, no FEN in Emergo
        assert!(AnyGame::from_position(Ruleset::Emergo, "").is_ok());
        assert!(AnyGame::from_position_text(Ruleset::Emergo, "").is_err());
    }

    #[test]
    fn a_game_crosses_threads() {
        fn send_sync<T: Send + Sync + Clone + 'static>() {}
        send_sync::<AnyGame>();
        send_sync::<AnyGameError>();
    }

    #[test]
    fn refusals_are_typed_and_leave_the_game_unchanged() {
        let mut game = AnyGame::new(Ruleset::Emergo);
        let before = game.position_text();
        assert!(matches!(game.play("zz9"), Err(AnyGameError::Move(_))));
        assert!(matches!(
            game.play_index(9999),
            Err(AnyGameError::NoSuchMove { index: 9999, .. })
        ));
        assert!(matches!(
            game.click_name("zz9"),
            Err(AnyGameError::Click(ClickError::UnknownSquare(_)))
        ));
        assert_eq!(game.position_text(), before);
        let e = AnyGame::from_position(Ruleset::Lasca, "zz9:w w").unwrap_err();
        assert!(e.to_string().starts_with("lasca: "), "{e}");
        assert!(matches!(
            AnyGame::named("chess"),
            Err(AnyGameError::Ruleset(_))
        ));
        assert_eq!(
            AnyGame::from_pdn("", Ruleset::Emergo).unwrap_err(),
            AnyGameError::NoGame
        );
        game.agree_draw().unwrap();
        assert!(matches!(game.agree_draw(), Err(AnyGameError::End(_))));
        assert!(matches!(
            game.click_name("d6"),
            Err(AnyGameError::Click(ClickError::GameOver(_)))
        ));
        assert!(game.legal_moves().is_empty());
        assert_eq!(game.undo(), None);
        assert!(!game.is_over());
    }

    #[test]
    fn a_draughts_capture_has_its_short_form() {
        let game =
            AnyGame::from_position(Ruleset::InternationalDraughts, "W:W36:B41,42,43").unwrap();
        let legal = game.legal_moves();
        assert_eq!(legal.len(), 1);
        assert_eq!(legal[0].text, "36x47x38x49");
        assert_eq!(legal[0].short.as_deref(), Some("36x49"));
        assert_eq!(game.names(&legal[0].taken), ["41", "42", "43"]);
        assert_eq!(legal[0].kind, Some(MoveKind::Capture));
        let mut g = game.clone();
        assert_eq!(g.play("36x49").unwrap(), "36x47x38x49");
        // a step has no short form
        let start = AnyGame::new(Ruleset::InternationalDraughts);
        assert!(start.legal_moves().iter().all(|m| m.short.is_none()));
    }

    #[test]
    fn clicks_go_into_the_history_and_come_back_out() {
        let mut game = AnyGame::new(Ruleset::Lasca);
        game.click_name("c3").unwrap();
        assert_eq!(game.names(game.actions()), ["c3"]);
        assert_eq!(
            game.take_back_click().map(|s| game.square_name(s)),
            Some("c3")
        );
        assert!(game.actions().is_empty());
        game.click_name("c3").unwrap();
        game.reset_clicks();
        assert!(game.actions().is_empty());
        game.click_name("c3").unwrap();
        assert_eq!(game.click_name("d4").unwrap().as_deref(), Some("c3-d4"));
        game.click_name("e5").unwrap();
        game.play("e5xc3").unwrap();
        assert_eq!(game.names(game.actions()), ["c3", "d4", "e5", "c3"]);
        let last = game.last_move().unwrap();
        assert_eq!(game.names(&last.clicks()), ["e5", "c3"]);
        assert_eq!(game.names(&last.taken), ["d4"]);
    }

    /// The static game's view of a random game: the same moves by index of the
    /// legal actions, compared after every action.
    struct Compare<'a>(&'a [i64]);
    impl GameVisitor for Compare<'_> {
        type Output = Vec<(Vec<Square>, Option<usize>, Option<Outcome>, String, u64)>;
        fn visit<P: Introspect>(self, game: &ActionGame<P>) -> Self::Output {
            let mut g = ActionGame::new(game.start().clone(), game.max_actions());
            let mut out = vec![snapshot(&g)];
            for &a in self.0 {
                g.apply(a).unwrap();
                out.push(snapshot(&g));
            }
            out
        }
    }

    fn snapshot<P: Introspect>(
        g: &ActionGame<P>,
    ) -> (Vec<Square>, Option<usize>, Option<Outcome>, String, u64) {
        (
            g.legal_actions().to_vec(),
            g.current_player(),
            g.outcome(),
            g.position().to_string(),
            g.position().zobrist(),
        )
    }

    fn any_snapshot(g: &AnyGame) -> (Vec<Square>, Option<usize>, Option<Outcome>, String, u64) {
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
            let mut game = AnyGame::new(r).with_action_limit(300);
            assert_eq!(game.ruleset(), r);
            let mut rng = SplitMix64::new(11);
            let mut seen = vec![any_snapshot(&game)];
            while !game.is_over() {
                let a = game.random_action(rng.next_u64());
                game.apply(i64::from(a.0)).unwrap();
                seen.push(any_snapshot(&game));
            }
            let actions: Vec<i64> = game.actions().iter().map(|&a| i64::from(a.0)).collect();
            assert_eq!(game.visit(Compare(&actions)), seen, "{r}");
            // the game's text reads back to the same game
            let back = AnyGame::from_state_text(r, &game.to_state_text(), 300).unwrap();
            assert_eq!(any_snapshot(&back), any_snapshot(&game), "{r}");
            // its record replays to the same moves
            let games = AnyGame::games_from_pdn(&game.record().to_string(), r, 0).unwrap();
            assert_eq!(games[0].moves(), game.moves(), "{r}");
            // the moves again, by their texts: the same position
            let mut again = AnyGame::new(r);
            for m in game.moves() {
                again.enter(&m).unwrap();
            }
            assert_eq!(again.position_text(), game.position_text(), "{r}");
        }
    }

    #[test]
    fn perft_divide_and_the_lists_agree_with_the_static_type() {
        struct Static;
        impl GameVisitor for Static {
            type Output = (u64, usize, usize);
            fn visit<P: Introspect>(self, game: &ActionGame<P>) -> Self::Output {
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
            let game = AnyGame::new(r);
            let (leaves, moves, paths) = game.visit(Static);
            assert_eq!(game.perft(2), leaves, "{r}");
            let divided = game.divide_positions(2);
            assert_eq!(divided.iter().map(|d| d.2).sum::<u64>(), leaves, "{r}");
            for (_, after, n) in &divided {
                let next = AnyGame::from_position(r, after).unwrap();
                assert_eq!(next.perft(1), *n, "{r}");
            }
            assert_eq!(game.legal_texts().len(), moves, "{r}");
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
    fn refused_actions_and_states_leave_the_game_unchanged() {
        let mut game = AnyGame::new(Ruleset::Emergo);
        let before = game.to_state_text();
        assert!(matches!(game.enter("zz9"), Err(AnyGameError::Move(_))));
        assert!(matches!(
            game.apply(300),
            Err(ActionError::OffBoard { action: 300, .. })
        ));
        assert_eq!(game.to_state_text(), before);
        let e = AnyGame::from_position(Ruleset::Lasca, "zz9:w w").unwrap_err();
        assert!(matches!(e, AnyGameError::Position { .. }), "{e}");
        let bad = format!("{}\n41\n", before.trim_end());
        let e = AnyGame::from_state_text(Ruleset::Emergo, &bad, 0).unwrap_err();
        assert!(
            matches!(
                e,
                AnyGameError::StateText(StateTextError::Refused { index: 1, .. })
            ),
            "{e}"
        );
        let bad = format!("{}\nx\n", before.trim_end());
        let e = AnyGame::from_state_text(Ruleset::Emergo, &bad, 0).unwrap_err();
        assert!(matches!(
            e,
            AnyGameError::StateText(StateTextError::NotANumber { .. })
        ));
        // over: by the rules, and by the action limit
        let mut won = AnyGame::from_position(Ruleset::Lasca, "c3:w b").unwrap();
        assert_eq!(won.returns(), [1.0, -1.0]);
        assert!(matches!(
            won.enter("d6"),
            Err(AnyGameError::Action(ActionError::GameOver(_)))
        ));
        let mut cut = AnyGame::new(Ruleset::Emergo).with_action_limit(1);
        cut.play_random_actions(&mut SplitMix64::new(1));
        assert!(cut.is_truncated() && cut.outcome().is_none());
        assert!(matches!(
            cut.enter("d6"),
            Err(AnyGameError::Action(ActionError::GameOver(_)))
        ));
    }

    #[test]
    fn undo_takes_back_each_action_to_the_state_before_it() {
        for (k, &r) in Ruleset::ALL.iter().enumerate() {
            // a short action limit: some games end by it, and undo lets them go on
            let mut game = AnyGame::new(r).with_action_limit(60);
            let mut states = vec![game.to_state_text()];
            let mut legal = vec![game.legal_actions().to_vec()];
            let mut rng = SplitMix64::new(k as u64);
            while !game.is_over() {
                game.apply(i64::from(game.random_action(rng.next_u64()).0))
                    .unwrap();
                states.push(game.to_state_text());
                legal.push(game.legal_actions().to_vec());
            }
            let last = game.actions().to_vec();
            for i in (0..last.len()).rev() {
                assert_eq!(game.undo_action(), Some(last[i]), "{r}");
                assert_eq!(game.to_state_text(), states[i], "{r} after undo {i}");
                assert_eq!(game.legal_actions(), legal[i], "{r}");
                assert!(!game.is_over(), "{r}");
            }
            assert_eq!(game.undo_action(), None);
        }
    }
}
