//! The interface every ruleset's position implements, and the words its messages use
//! ([`Terms`]).

use crate::alloc_prelude::*;
use crate::engine::color::Color;
use crate::engine::error::{MoveParseError, PlayError, PositionError};
use crate::engine::moves::MoveList;
use crate::engine::view::BoardView;
use core::fmt;
use core::hash::Hash;
use core::str::FromStr;

use crate::engine::outcome::Outcome;

/// The words a ruleset's messages use for what a player moves and commands
/// ([`Position::TERMS`]): the errors of move texts and clicks speak of columns in the
/// column games and of pieces in the others.
///
/// ```
/// use column_checkers::{InternationalDraughts, Lasca, Position};
/// use column_checkers::engine::position::Terms;
///
/// assert_eq!(Lasca::TERMS, Terms::Columns);
/// assert_eq!(InternationalDraughts::TERMS.piece(), "piece");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Terms {
    /// The column games (Emergo, Lasca, Bashni, Stapeldammen): a player moves and
    /// commands columns, one man or more with his man on top.
    Columns,
    /// The games of single pieces (the draughts games, Dameo, Epaminondas): a player
    /// moves his pieces, men and kings.
    Pieces,
}

impl Terms {
    /// What a player moves: `"column"` or `"piece"`.
    pub const fn piece(self) -> &'static str {
        match self {
            Terms::Columns => "column",
            Terms::Pieces => "piece",
        }
    }

    /// The plural: `"columns"` or `"pieces"`.
    pub const fn pieces(self) -> &'static str {
        match self {
            Terms::Columns => "columns",
            Terms::Pieces => "pieces",
        }
    }
}

/// Why `mv` is not legal in `pos`, as [`PlayError::IllegalMove`]: the reason reading
/// the move's text would give ([`Position::parse_move`]: a compulsory capture, no move
/// from that square, ... and the legal moves), so playing a move and parsing its text
/// explain a refusal alike.
fn illegal_move<P: Position>(pos: &P, mv: &P::Move) -> PlayError {
    let text = mv.to_string();
    let reason = match pos.parse_move(&text) {
        Err(MoveParseError::Illegal { hint: Some(h), .. }) => h,
        Err(e) => e.to_string(),
        // the text reads as a legal move, but another one (a route the text
        // does not tell apart)
        Ok(_) => "not among the legal moves of this position".to_string(),
    };
    PlayError::IllegalMove { mv: text, reason }
}

/// A position of a ruleset: whose turn it is, which moves are legal, what a move does,
/// whether the game is over, and a hash for repetition.
///
/// Text: [`Display`](fmt::Display) writes the ruleset's position text and
/// [`FromStr`] reads it back (they round-trip); [`Position::diagram`] draws the board.
///
/// # A game written outside the crate
///
/// A position type implements the nine required methods; `impl Counting for X {}`
/// and `impl Checking for X {}` (their defaults, see
/// [`Counting`](crate::engine::counting::Counting) and
/// [`Checking`](crate::engine::checking::Checking)) then give it perft, random
/// playouts and the invariant checker, and [`Game`](crate::engine::game::Game) its
/// history and repetition. Here a take-away game: a pile of counters, each player in
/// turn takes one or two, and the player who cannot take loses.
///
/// ```
/// use column_checkers::{perft, Checking, Color, Counting, EndReason, Game};
/// use column_checkers::tools::playout::random_playout;
/// use column_checkers::{MoveList, MoveParseError, Outcome, Position, PositionError};
/// use column_checkers::engine::error::PositionErrorKind;
/// use column_checkers::tools::rng::SplitMix64;
/// use std::fmt;
///
/// #[derive(Clone, Debug, PartialEq, Eq)]
/// struct Pile {
///     left: u8,
///     turn: Color,
/// }
///
/// /// A move: how many counters are taken.
/// #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// struct Take(u8);
///
/// impl fmt::Display for Take {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "{}", self.0)
///     }
/// }
///
/// /// The position text: the counters left, then `w` or `b` (`7 w`).
/// impl fmt::Display for Pile {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         let side = if self.turn == Color::White { 'w' } else { 'b' };
///         write!(f, "{} {side}", self.left)
///     }
/// }
///
/// impl std::str::FromStr for Pile {
///     type Err = PositionError;
///     fn from_str(s: &str) -> Result<Pile, PositionError> {
///         let bad = |kind| PositionError::new(kind, 0).quoting(s);
///         let missing = bad(PositionErrorKind::Missing("side to move"));
///         let (left, side) = s.trim().split_once(' ').ok_or(missing)?;
///         let left = left
///             .parse()
///             .map_err(|_| bad(PositionErrorKind::BadNumber(left.into())))?;
///         let turn = match side {
///             "w" => Color::White,
///             "b" => Color::Black,
///             _ => return Err(bad(PositionErrorKind::BadSide(side.into()))),
///         };
///         Ok(Pile { left, turn })
///     }
/// }
///
/// impl Position for Pile {
///     type Move = Take;
///     const NAME: &'static str = "take-away";
///
///     fn start() -> Pile {
///         Pile { left: 7, turn: Color::White }
///     }
///     fn turn(&self) -> Color {
///         self.turn
///     }
///     fn legal_moves(&self, moves: &mut MoveList<Take>) {
///         moves.clear();
///         for n in 1..=self.left.min(2) {
///             moves.push(Take(n));
///         }
///     }
///     fn play_unchecked(&mut self, mv: &Take) {
///         self.left -= mv.0;
///         self.turn = !self.turn;
///     }
///     fn outcome(&self) -> Option<Outcome> {
///         let reason = EndReason::NoLegalMove;
///         (self.left == 0).then_some(Outcome::Win { winner: !self.turn, reason })
///     }
///     fn zobrist(&self) -> u64 {
///         u64::from(self.left) << 1 | self.turn.index() as u64
///     }
///     fn parse_move(&self, text: &str) -> Result<Take, MoveParseError> {
///         let mut moves = MoveList::new();
///         self.legal_moves(&mut moves);
///         let hint = Some("take 1 or 2, no more than are left".to_string());
///         moves.iter().copied().find(|m| m.to_string() == text.trim())
///             .ok_or(MoveParseError::Illegal { text: text.trim().into(), hint })
///     }
///     fn men(&self, _: Color) -> usize {
///         0 // counters belong to no one
///     }
///     fn diagram(&self) -> String {
///         format!("{}\n{} to move\n", "o".repeat(self.left.into()), self.turn)
///     }
/// }
/// impl Counting for Pile {}
/// impl Checking for Pile {}
///
/// assert_eq!(perft(&Pile::start(), 4), 15);
/// let mut rng = SplitMix64::new(1);
/// let played = random_playout(&Pile::start(), &mut rng, 100, &mut MoveList::new());
/// assert!(played.outcome.is_some() && played.plies <= 7);
/// let mut game = Game::new("2 b".parse::<Pile>().unwrap());
/// game.play_text("2").unwrap();
/// assert_eq!(game.outcome().unwrap().winner(), Some(Color::Black));
/// assert!(game.play_text("1").is_err());
/// ```
pub trait Position:
    Clone + Eq + fmt::Debug + fmt::Display + FromStr<Err = PositionError> + Send + Sync + 'static
{
    /// The ruleset's move type; its [`Display`](fmt::Display) is the notation.
    type Move: Copy + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static;

    /// The ruleset's name (`"emergo"`, `"international"`, ...): the name the
    /// [registry](crate::tools::registry) and the command lines of the examples know
    /// it by; the option sets of a ruleset (Lasca's `--roundabout`) share it.
    const NAME: &'static str;

    /// The words the ruleset's messages use for what a player moves: columns in the
    /// column games, pieces in the others (the default).
    const TERMS: Terms = Terms::Pieces;

    /// Whether a man can be crowned in this ruleset: become a
    /// [`Rank::King`](crate::engine::stack::Rank::King) (a king; Lasca's officer).
    /// `false` where every man stays a [`Rank::Man`](crate::engine::stack::Rank::Man)
    /// in play (Emergo, Stapeldammen, Epaminondas), so that a front-end may leave ranks
    /// out (a renderer's legend, an encoding's king planes). A position text may still
    /// set a king down where the ruleset's text reads one (Stapeldammen's does). The
    /// default, `true`, is the one that never leaves a king out.
    ///
    /// ```
    /// use column_checkers::{Emergo, Lasca, Position, Stapeldammen};
    ///
    /// assert!(Lasca::CROWNING);
    /// assert!(!Emergo::CROWNING && !Stapeldammen::CROWNING);
    /// ```
    const CROWNING: bool = true;

    /// The start position of the game.
    fn start() -> Self;

    /// The player to move.
    fn turn(&self) -> Color;

    /// Clears `moves` and fills it with the legal moves, each once: two capture routes
    /// from the same square that lead to the same position are one move, listed with
    /// the first route found ([move identity](crate::rulings#move-identity)). Empty
    /// when the rules leave the player to move nothing to play; a game that a rule
    /// counting moves has ended (the draughts games' counted draws) still lists the
    /// moves its pieces have, as chess engines list moves past the fifty-move rule:
    /// [`outcome`](Position::outcome) tells that the game is over, and
    /// [`play`](Position::play) refuses them.
    fn legal_moves(&self, moves: &mut MoveList<Self::Move>);

    /// Whether `mv` is legal here.
    fn is_legal(&self, mv: &Self::Move) -> bool {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.contains(mv)
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// [`PlayError`] when the move is not legal or the game is over; the position is
    /// then unchanged.
    fn play(&mut self, mv: &Self::Move) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        if !self.is_legal(mv) {
            return Err(illegal_move(self, mv));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move without checking it. The move must be legal (for example taken from
    /// [`legal_moves`](Self::legal_moves)); otherwise the position may become one the
    /// rules cannot reach (it never panics for moves of the right board).
    fn play_unchecked(&mut self, mv: &Self::Move);

    /// The result when the position alone ends the game: the player to move commands
    /// nothing, has no legal move, or a goal is reached, by the one rule of
    /// [`EndReason`](crate::engine::outcome::EndReason#the-end-of-a-game). Repetition
    /// needs the history: see [`Game`](crate::engine::game::Game).
    fn outcome(&self) -> Option<Outcome>;

    /// The 64-bit Zobrist hash, kept incrementally: covers every column, the side to
    /// move, and any other state that changes the legal moves.
    fn zobrist(&self) -> u64;

    /// Reads a move in the ruleset's notation against this position.
    ///
    /// # Errors
    /// [`MoveParseError`] when the text is malformed, names no legal move, or names
    /// several (the error lists them).
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveParseError>;

    /// The move's text as players write it: a capture by its first and last squares
    /// (the FMJD's `32x12` for `32x21x12`) when that names it alone among the legal
    /// moves here, else in full (its `Display`). Game records
    /// ([`Record::of_game`](crate::text::record::Record::of_game)) write moves so;
    /// [`parse_move`](Self::parse_move) reads either form.
    ///
    /// ```
    /// use column_checkers::{InternationalDraughts, MoveList, Position};
    ///
    /// let pos: InternationalDraughts = "W:W32:B27,17".parse().unwrap();
    /// let mut moves = MoveList::new();
    /// pos.legal_moves(&mut moves);
    /// assert_eq!(moves[0].to_string(), "32x21x12");
    /// assert_eq!(pos.short_move_text(&moves[0]), "32x12");
    /// ```
    fn short_move_text(&self, mv: &Self::Move) -> String {
        let full = mv.to_string();
        let seps: Vec<(usize, char)> = full
            .char_indices()
            .filter(|&(_, c)| c == 'x' || c == ':')
            .collect();
        if let (Some(&(first_end, sep)), Some(&(last_start, _))) = (seps.first(), seps.last()) {
            if seps.len() >= 2 {
                let short = format!("{}{sep}{}", &full[..first_end], &full[last_start + 1..]);
                if self.parse_move(&short).is_ok_and(|m| m == *mv) {
                    return short;
                }
            }
        }
        full
    }

    /// Whether threefold repetition ends the game as a draw in this ruleset (with its
    /// options). [`Game`](crate::engine::game::Game) asks this.
    fn repetition_draws(&self) -> bool {
        true
    }

    /// The number of men of `color` in the game (board and hand). Used by invariant
    /// checks: in Emergo it never changes.
    fn men(&self, color: Color) -> usize;

    /// A readable multi-line drawing of the board.
    fn diagram(&self) -> String;

    /// The board as a ruleset-independent [`BoardView`]: geometry, columns, men in
    /// hand, side to move — for renderers (the `svg` feature), evaluation functions
    /// and GUIs that work with any ruleset. The default is `None` (a position type
    /// that does not expose its board); the crate's position types all return one.
    ///
    /// # Examples
    /// ```
    /// use column_checkers::{Color, Position};
    ///
    /// fn men_on_top<P: Position>(pos: &P, color: Color) -> usize {
    ///     pos.board_view().map_or(0, |v| v.men_under(color))
    /// }
    /// let pos: column_checkers::Emergo = "e4:bw,e6:w b 10/11".parse().unwrap();
    /// assert_eq!(men_on_top(&pos, Color::White), 3);
    /// ```
    fn board_view(&self) -> Option<BoardView<'_>> {
        None
    }
}
