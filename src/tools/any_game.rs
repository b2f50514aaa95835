//! A game of any ruleset chosen at run time: [`AnyGame`], one type for command lines,
//! servers, protocol engines and the bindings, which then decide nothing of the game.
//!
//! The ruleset is named with its options (`"lasca --roundabout"`, a [`Ruleset`]); the
//! game behind it is a [`Game<P>`] of that ruleset's position type, held in an enum
//! with one variant per ruleset of the [registry](crate::tools::registry)'s list. Every
//! method is one `match` whose arms are the same generic code compiled for each
//! ruleset: no `dyn` and no option tests on the hot paths.
//!
//! ```
//! use column_checkers::{AnyGame, Ruleset};
//!
//! let ruleset: Ruleset = "lasca --roundabout".parse().unwrap();
//! let mut game = AnyGame::new(ruleset);
//! assert_eq!(game.legal_moves().len(), 6);
//! assert_eq!(game.play("c3-d4").unwrap(), "c3-d4");
//! // click input: the origin, then the landing; Black must capture
//! assert_eq!(game.next_names(), ["e5"]);
//! assert_eq!(game.click_name("e5").unwrap(), None);
//! assert_eq!(game.next_names(), ["c3"]);
//! assert_eq!(game.click_name("c3").unwrap().as_deref(), Some("e5xc3"));
//! assert_eq!(game.undo().as_deref(), Some("e5xc3"));
//! assert!(game.play("zz9").unwrap_err().to_string().contains("zz9"));
//! ```
//!
//! # Actions
//! A move is also a sequence of clicks on squares ([`MoveInput`], the scheme of
//! [`MoveSquares::clicks`]): an agent's actions are square indices,
//! [`next_squares`](AnyGame::next_squares) the legal ones after the clicks so far,
//! [`click`](AnyGame::click) plays one, and [`history`](AnyGame::history) is every
//! click of the game.

use crate::alloc_prelude::*;
use crate::engine::board::Geometry;
use crate::engine::checking::Checking;
use crate::engine::color::Color;
use crate::engine::counting::Counting;
use crate::engine::error::{DeclaredEndError, MoveParseError, PlayError, PositionError};
use crate::engine::game::Game;
use crate::engine::input::{ClickError, MoveInput};
use crate::engine::introspect::{Introspect, MoveKind};
use crate::engine::moves::{MoveList, MoveSquares, Squares};
use crate::engine::outcome::Outcome;
use crate::engine::perft::{divide, perft, perft_without_bulk};
use crate::engine::position::Position;
use crate::engine::square::Square;
use crate::engine::view::BoardView;
use crate::text::fen::{fen_of, read_position_or_fen};
use crate::text::pdn::{read_games, PdnError};
use crate::text::record::{Record, ReplayError, ReplayWarning, ResultCheck, Strictness};
use crate::tools::playout::random_playout;
use crate::tools::registry::{each_ruleset, record_of_game, RegistryError, Ruleset};
use crate::tools::rng::SplitMix64;
use thiserror::Error;

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
    /// A move that may not be played in the position.
    #[error(transparent)]
    Play(#[from] PlayError),
    /// A click that continues no legal move.
    #[error(transparent)]
    Click(#[from] ClickError),
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

/// Generic code to run on the [`Game<P>`] inside an [`AnyGame`]
/// ([`AnyGame::visit`]): a search, an evaluation, anything the type does not offer.
///
/// ```
/// use column_checkers::tools::any_game::GameVisitor;
/// use column_checkers::{AnyGame, Checking, Counting, Game, Introspect, Position, Ruleset};
///
/// struct Start;
/// impl GameVisitor for Start {
///     type Output = bool;
///     fn visit<P: Introspect + Counting + Checking>(self, game: &Game<P>) -> bool {
///         *game.position() == P::start()
///     }
/// }
/// assert!(AnyGame::new(Ruleset::Dameo).visit(Start));
/// ```
pub trait GameVisitor {
    /// What the code returns.
    type Output;
    /// Runs the code on the game.
    fn visit<P: Introspect + Counting + Checking>(self, game: &Game<P>) -> Self::Output;
}

/// One ruleset's game and the state of the move being clicked.
#[derive(Clone, Debug)]
struct Seat<P: Introspect> {
    game: Game<P>,
    /// The move being clicked; made at its first click, so that moves played by text
    /// or index cost no click paths.
    input: Option<MoveInput<P>>,
    /// Every click of the game: the click path of each move played, then the clicks
    /// of the move being entered.
    history: Vec<Square>,
    /// The length of `history` after each move played.
    move_ends: Vec<usize>,
}

impl<P: Introspect + Counting + Checking> Seat<P> {
    fn new(game: Game<P>) -> Self {
        let mut history = Vec::new();
        let mut move_ends = Vec::new();
        for mv in game.moves() {
            history.extend(mv.clicks());
            move_ends.push(history.len());
        }
        Seat {
            input: None,
            game,
            history,
            move_ends,
        }
    }

    /// The start, or the position `text` in its text or FEN (`fen`), or as the
    /// position type reads it.
    fn read(ruleset: Ruleset, text: Option<&str>, fen: bool) -> Result<Self, AnyGameError> {
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
        Ok(Seat::new(Game::new(start)))
    }

    fn replay(record: &Record, strictness: Strictness) -> Result<Replayed<Self>, ReplayError> {
        let r = record.replay_with::<P>(strictness)?;
        Ok((Seat::new(r.game), r.result_check, r.moves_read, r.warnings))
    }

    fn geometry(&self) -> &'static Geometry {
        self.game.position().geometry()
    }

    /// After a move, an undo or a declared end: no clicks, the history to the last
    /// move's end.
    fn settle(&mut self) {
        self.input = None;
        self.history
            .truncate(self.move_ends.last().copied().unwrap_or(0));
    }

    /// Records a move just played by its text or index (its clicks in the history).
    fn pushed(&mut self, mv: &P::Move) -> String {
        self.history
            .truncate(self.move_ends.last().copied().unwrap_or(0));
        self.history.extend(mv.clicks());
        self.move_ends.push(self.history.len());
        self.input = None;
        mv.to_string()
    }

    fn legal(&self, out: &mut MoveList<P::Move>) {
        out.clear();
        if self.game.outcome().is_none() {
            self.game.position().legal_moves(out);
        }
    }

    fn describe(pos: &P, mv: &P::Move) -> AnyMove {
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

    fn legal_moves(&self) -> Vec<AnyMove> {
        let mut list = MoveList::new();
        self.legal(&mut list);
        let pos = self.game.position();
        list.iter().map(|mv| Self::describe(pos, mv)).collect()
    }

    fn play_index(&mut self, index: usize) -> Result<String, AnyGameError> {
        if let Some(o) = self.game.outcome() {
            return Err(MoveParseError::GameOver(o).into());
        }
        let mut list = MoveList::new();
        self.legal(&mut list);
        let mv = *list.get(index).ok_or(AnyGameError::NoSuchMove {
            index,
            count: list.len(),
        })?;
        self.game.play(&mv).map_err(|_| AnyGameError::NoSuchMove {
            index,
            count: list.len(),
        })?;
        Ok(self.pushed(&mv))
    }

    fn play_text(&mut self, text: &str) -> Result<String, AnyGameError> {
        let mv = self.game.play_text(text)?;
        Ok(self.pushed(&mv))
    }

    fn click(&mut self, sq: Square) -> Result<Option<String>, AnyGameError> {
        if let Some(o) = self.game.outcome() {
            // threefold repetition ends the game, which the position's input cannot know
            return Err(ClickError::GameOver(o).into());
        }
        let pos = self.game.position();
        let input = self.input.get_or_insert_with(|| MoveInput::new(pos));
        match input.click(sq)? {
            None => {
                self.history.push(sq);
                Ok(None)
            }
            Some(mv) => {
                self.game.play(&mv)?;
                self.history.push(sq);
                let end = self.history.len();
                self.move_ends.push(end);
                self.input = None;
                Ok(Some(mv.to_string()))
            }
        }
    }

    fn take_back_click(&mut self) -> Option<Square> {
        let sq = self.input.as_mut()?.undo()?;
        self.history.pop();
        Some(sq)
    }

    fn reset_clicks(&mut self) {
        self.settle();
    }

    fn undo(&mut self) -> Option<String> {
        let mv = self.game.undo();
        if mv.is_some() {
            self.move_ends.pop();
        }
        self.settle();
        mv.map(|m| m.to_string())
    }

    fn redo(&mut self) -> Option<String> {
        let mv = self.game.redo()?;
        Some(self.pushed(&mv))
    }

    fn last_move(&self) -> Option<AnyMove> {
        let mv = *self.game.moves().last()?;
        let mut before = self.game.clone();
        before.undo();
        Some(Self::describe(before.position(), &mv))
    }

    fn play_random(&mut self, rng: &mut SplitMix64, max_plies: usize) -> usize {
        self.history
            .truncate(self.move_ends.last().copied().unwrap_or(0));
        let mut list = MoveList::new();
        let mut plies = 0;
        while plies < max_plies && self.game.outcome().is_none() {
            let pos = self.game.position();
            let Some(mv) = pos.legal_move_at(|n| rng.below(n), &mut list) else {
                break;
            };
            if self.game.play(&mv).is_err() {
                break;
            }
            self.history.extend(mv.clicks());
            self.move_ends.push(self.history.len());
            plies += 1;
        }
        self.input = None;
        plies
    }

    fn random_playouts(&self, games: u64, seed: u64, max_plies: usize) -> PlayoutStats {
        let mut rng = SplitMix64::new(seed);
        let mut moves = MoveList::new();
        let mut out = PlayoutStats {
            games,
            ..PlayoutStats::default()
        };
        for _ in 0..games {
            let p = random_playout(self.game.position(), &mut rng, max_plies, &mut moves);
            out.plies += p.plies as u64;
            out.ended += u64::from(p.outcome.is_some());
        }
        out
    }
}

/// A replayed game's seat, result check, moves read and warnings.
type Replayed<S> = (S, ResultCheck, usize, Vec<ReplayWarning>);

/// The enum of the games of every ruleset, and the `match` over it.
macro_rules! seats {
    (() $($name:ident: $module:ident :: $ty:ident,)+) => {
        #[derive(Clone, Debug)]
        enum Seats {
            $($name(Box<Seat<crate::games::$module::$ty>>),)+
        }

        impl Seats {
            fn ruleset(&self) -> Ruleset {
                match self {
                    $(Seats::$name(_) => Ruleset::$name,)+
                }
            }

            fn read(
                ruleset: Ruleset,
                text: Option<&str>,
                fen: bool,
            ) -> Result<Seats, AnyGameError> {
                Ok(match ruleset {
                    $(Ruleset::$name =>
                        Seats::$name(Box::new(Seat::read(ruleset, text, fen)?)),)+
                })
            }

            fn replay(
                ruleset: Ruleset,
                record: &Record,
                strictness: Strictness,
            ) -> Result<Replayed<Seats>, ReplayError> {
                Ok(match ruleset {
                    $(Ruleset::$name => {
                        let (s, check, read, warnings) = Seat::replay(record, strictness)?;
                        (Seats::$name(Box::new(s)), check, read, warnings)
                    })+
                })
            }
        }

        $(
            impl From<Game<crate::games::$module::$ty>> for AnyGame {
                fn from(game: Game<crate::games::$module::$ty>) -> AnyGame {
                    AnyGame { seat: Seats::$name(Box::new(Seat::new(game))) }
                }
            }
        )+
    };
    (($seat:expr, $s:ident => $body:expr) $($name:ident: $module:ident :: $ty:ident,)+) => {
        match $seat {
            $(Seats::$name($s) => $body,)+
        }
    };
}

each_ruleset!(seats());

/// Runs `$body` with `$s` the [`Seat`] inside `$seat`, compiled for each ruleset.
macro_rules! each {
    ($seat:expr, $s:ident => $body:expr) => {
        each_ruleset!(seats($seat, $s => $body))
    };
}

/// A game of any ruleset of the crate, chosen at run time, with its click input: the
/// whole game behind one type (see the [module](self)).
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
    seat: Seats,
}

impl AnyGame {
    /// A game of `ruleset` from its start.
    pub fn new(ruleset: Ruleset) -> AnyGame {
        AnyGame {
            seat: Seats::read(ruleset, None, true).expect("a start position"),
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
    /// draughts games, and the column games while every column is one man).
    ///
    /// # Errors
    /// [`AnyGameError::Position`]: what is wrong with the text, in the ruleset's terms.
    pub fn from_position(ruleset: Ruleset, text: &str) -> Result<AnyGame, AnyGameError> {
        Ok(AnyGame {
            seat: Seats::read(ruleset, Some(text), true)?,
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
            seat: Seats::read(ruleset, Some(text), false)?,
        })
    }

    /// The game of a record, every move checked: in the ruleset its tags name
    /// ([`Ruleset::of_record`]), else `default`.
    ///
    /// # Errors
    /// Tags that name no ruleset of the crate, or a move that does not replay.
    pub fn from_record(record: &Record, default: Ruleset) -> Result<AnyGame, AnyGameError> {
        let ruleset = Ruleset::of_record(record)?.unwrap_or(default);
        let (seat, ..) = Seats::replay(ruleset, record, Strictness::Forgiving)?;
        Ok(AnyGame { seat })
    }

    /// Replays `record` in `ruleset` (whatever its tags say) with `strictness`
    /// ([`Record::replay_with`]): the game, the result check, the moves read and the
    /// warnings.
    ///
    /// ```
    /// use column_checkers::text::pdn::read_games;
    /// use column_checkers::text::record::{ResultCheck, Strictness};
    /// use column_checkers::tools::any_game::AnyGame;
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
        let (seat, result_check, moves_read, warnings) =
            Seats::replay(ruleset, record, strictness)?;
        Ok(AnyReplay {
            game: AnyGame { seat },
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

    /// Runs `visitor` on the [`Game<P>`] inside.
    pub fn visit<V: GameVisitor>(&self, visitor: V) -> V::Output {
        each!(&self.seat, s => visitor.visit(&s.game))
    }

    /// The ruleset, with its options.
    pub fn ruleset(&self) -> Ruleset {
        self.seat.ruleset()
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        each!(&self.seat, s => s.game.position().turn())
    }

    /// The side to move in the position the game started from.
    pub fn start_turn(&self) -> Color {
        each!(&self.seat, s => s.game.start().turn())
    }

    /// How the game ended (threefold repetition and the players' own ends included),
    /// or `None` while it goes on. [`EndReason::words`](crate::EndReason::words) and
    /// [`EndReason::code`](crate::EndReason::code) name the reason.
    pub fn outcome(&self) -> Option<Outcome> {
        each!(&self.seat, s => s.game.outcome())
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The legal moves, described; none once the game is over.
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        each!(&self.seat, s => s.legal_moves())
    }

    /// The texts of the legal moves, in the order of [`legal_moves`](AnyGame::legal_moves).
    pub fn legal_texts(&self) -> Vec<String> {
        each!(&self.seat, s => {
            let mut list = MoveList::new();
            s.legal(&mut list);
            list.iter().map(|m| m.to_string()).collect()
        })
    }

    /// The number of legal moves (none once the game is over).
    pub fn legal_count(&self) -> usize {
        each!(&self.seat, s => {
            let mut list = MoveList::new();
            s.legal(&mut list);
            list.len()
        })
    }

    /// Plays a move written in the ruleset's notation (any route of a capture, or a
    /// short form the notation reads); returns it as the crate writes it. The clicks
    /// of a move being entered are dropped.
    ///
    /// # Errors
    /// [`AnyGameError::Move`]: why the text names no legal move, or several, or that
    /// the game is over.
    pub fn play(&mut self, text: &str) -> Result<String, AnyGameError> {
        each!(&mut self.seat, s => s.play_text(text))
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

    /// Plays the legal move at `index` of [`legal_moves`](AnyGame::legal_moves);
    /// returns its text.
    ///
    /// # Errors
    /// [`AnyGameError::NoSuchMove`] past the end of the list, or the game is over.
    pub fn play_index(&mut self, index: usize) -> Result<String, AnyGameError> {
        each!(&mut self.seat, s => s.play_index(index))
    }

    /// Clicks a square (an action): the move is played, and its text returned, when
    /// the clicks name a whole legal move.
    ///
    /// # Errors
    /// [`AnyGameError::Click`]: why the square may not be clicked now (the clicks so
    /// far are kept).
    pub fn click(&mut self, square: Square) -> Result<Option<String>, AnyGameError> {
        each!(&mut self.seat, s => s.click(square))
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
        each!(&self.seat, s => s.input.as_ref().map_or(&[][..], |i| i.clicks()))
    }

    /// The squares that may be clicked next (the legal actions), in increasing order;
    /// none once the game is over.
    pub fn next_squares(&self) -> Vec<Square> {
        if self.is_over() {
            return Vec::new();
        }
        each!(&self.seat, s => match &s.input {
            Some(input) => input.next_squares(),
            None => MoveInput::new(s.game.position()).next_squares(),
        })
    }

    /// The names of [`next_squares`](AnyGame::next_squares).
    pub fn next_names(&self) -> Vec<&'static str> {
        self.names(&self.next_squares())
    }

    /// Takes back the last click; returns its square.
    pub fn take_back_click(&mut self) -> Option<Square> {
        each!(&mut self.seat, s => s.take_back_click())
    }

    /// Takes back every click of the move being entered.
    pub fn reset_clicks(&mut self) {
        each!(&mut self.seat, s => s.reset_clicks())
    }

    /// Every click of the game: the click path of each move played (as clicked, or
    /// [`MoveSquares::clicks`] for a move played by its text or index), then the
    /// clicks of the move being entered.
    pub fn history(&self) -> &[Square] {
        each!(&self.seat, s => &s.history)
    }

    /// Takes back the last move; returns it. An agreed draw or a resignation is
    /// withdrawn with it (with no move to take back, alone: `None` is returned).
    pub fn undo(&mut self) -> Option<String> {
        each!(&mut self.seat, s => s.undo())
    }

    /// Plays again the last move taken back; returns it.
    pub fn redo(&mut self) -> Option<String> {
        each!(&mut self.seat, s => s.redo())
    }

    /// The end the players declared (an agreed draw or a resignation), if any
    /// ([`Game::declared_end`]).
    pub fn declared_end(&self) -> Option<Outcome> {
        each!(&self.seat, s => s.game.declared_end())
    }

    /// Ends the game in a draw the players agreed ([`Game::agree_draw`]).
    ///
    /// # Errors
    /// [`AnyGameError::End`] when the game is already over.
    pub fn agree_draw(&mut self) -> Result<Outcome, AnyGameError> {
        each!(&mut self.seat, s => {
            let o = s.game.agree_draw()?;
            s.reset_clicks();
            Ok(o)
        })
    }

    /// Ends the game by the resignation of `loser`, who need not be the side to move
    /// ([`Game::resign`]).
    ///
    /// # Errors
    /// [`AnyGameError::End`] when the game is already over.
    pub fn resign(&mut self, loser: Color) -> Result<Outcome, AnyGameError> {
        each!(&mut self.seat, s => {
            let o = s.game.resign(loser)?;
            s.reset_clicks();
            Ok(o)
        })
    }

    /// The moves played, as the crate writes them.
    pub fn moves(&self) -> Vec<String> {
        each!(&self.seat, s => s.game.moves().iter().map(|m| m.to_string()).collect())
    }

    /// The last move played, described in the position it was played in.
    pub fn last_move(&self) -> Option<AnyMove> {
        each!(&self.seat, s => s.last_move())
    }

    /// The position text ([`from_position`](AnyGame::from_position) reads it back).
    pub fn position_text(&self) -> String {
        each!(&self.seat, s => s.game.position().to_string())
    }

    /// The text of the position the game started from.
    pub fn start_text(&self) -> String {
        each!(&self.seat, s => s.game.start().to_string())
    }

    /// The position as a PDN FEN, when FEN can say it (single men, nothing in hand).
    pub fn fen(&self) -> Option<String> {
        each!(&self.seat, s => fen_of(s.game.position()))
    }

    /// The position drawn in text, for a terminal ([`Position::diagram`]).
    pub fn diagram(&self) -> String {
        each!(&self.seat, s => s.game.position().diagram())
    }

    /// The game's record ([`record_of_game`]): the tag naming its ruleset, the start
    /// position when it is not the ruleset's, the moves and the result.
    pub fn record(&self) -> Record {
        each!(&self.seat, s => record_of_game(&s.game))
    }

    /// The board: its geometry, columns and men in hand.
    pub fn board_view(&self) -> Option<BoardView<'_>> {
        each!(&self.seat, s => s.game.position().board_view())
    }

    /// The position as an SVG document ([`render_position`](crate::text::svg::render_position)).
    #[cfg(feature = "svg")]
    #[cfg_attr(docsrs, doc(cfg(feature = "svg")))]
    pub fn svg(&self, options: &crate::text::svg::SvgOptions) -> Option<String> {
        each!(&self.seat, s => crate::text::svg::render_position(s.game.position(), options))
    }

    /// Perft of the current position: the leaves of the move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        each!(&self.seat, s => perft(s.game.position(), depth))
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
        each!(&self.seat, s => perft_without_bulk(s.game.position(), depth))
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
        each!(&self.seat, s => crate::engine::perft::perft_parallel(s.game.position(), depth))
    }

    /// Perft of the current position by first move: each move's text and its leaves.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        each!(&self.seat, s => divide(s.game.position(), depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect())
    }

    /// Plays uniformly random legal moves (drawn with `rng`) until the game ends or
    /// `max_plies` are played; returns the plies played. Threefold repetition counts.
    pub fn play_random(&mut self, rng: &mut SplitMix64, max_plies: usize) -> usize {
        each!(&mut self.seat, s => s.play_random(rng, max_plies))
    }

    /// `games` random playouts from the current position ([`random_playout`]:
    /// SplitMix64 seeded with `seed`, at most `max_plies` plies each, repetition not
    /// counted), the game unchanged.
    pub fn random_playouts(&self, games: u64, seed: u64, max_plies: usize) -> PlayoutStats {
        each!(&self.seat, s => s.random_playouts(games, seed, max_plies))
    }

    /// The position's Zobrist hash.
    pub fn zobrist(&self) -> u64 {
        each!(&self.seat, s => s.game.position().zobrist())
    }

    /// The men of `color` (on the board, in columns, and in hand).
    pub fn men(&self, color: Color) -> usize {
        each!(&self.seat, s => s.game.position().men(color))
    }

    /// The board's geometry: squares, names, coordinates, directions.
    pub fn geometry(&self) -> &'static Geometry {
        each!(&self.seat, s => s.geometry())
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

    /// The square named `name` (surrounding spaces ignored), if the board has it.
    pub fn parse_square(&self, name: &str) -> Option<Square> {
        self.geometry().parse_square(name.trim())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The moves of the static game, by index of the legal list.
    struct Replayed<'a>(&'a [usize]);
    impl GameVisitor for Replayed<'_> {
        type Output = (Vec<String>, String, Option<Outcome>);
        fn visit<P: Introspect + Counting + Checking>(self, game: &Game<P>) -> Self::Output {
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
            assert_eq!(game.history(), &clicked[..], "{r}");
            // back to the start and forward again
            for _ in 0..picked.len() {
                assert!(game.undo().is_some(), "{r}");
            }
            assert!(game.history().is_empty(), "{r}");
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
            assert_eq!(again.history(), played.history(), "{r}");
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
        assert_eq!(game.names(game.history()), ["c3"]);
        assert_eq!(
            game.take_back_click().map(|s| game.square_name(s)),
            Some("c3")
        );
        assert!(game.history().is_empty());
        game.click_name("c3").unwrap();
        game.reset_clicks();
        assert!(game.history().is_empty());
        game.click_name("c3").unwrap();
        assert_eq!(game.click_name("d4").unwrap().as_deref(), Some("c3-d4"));
        game.click_name("e5").unwrap();
        game.play("e5xc3").unwrap();
        assert_eq!(game.names(game.history()), ["c3", "d4", "e5", "c3"]);
        let last = game.last_move().unwrap();
        assert_eq!(game.names(&last.clicks()), ["e5", "c3"]);
        assert_eq!(game.names(&last.taken), ["d4"]);
    }
}
