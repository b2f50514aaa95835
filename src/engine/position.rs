//! The interface every ruleset's position implements, and the words its messages use
//! ([`Terms`]).

use crate::alloc_prelude::*;
use crate::engine::color::Color;
use crate::engine::error::{MoveParseError, PlayError, PositionError};
use crate::engine::moves::MoveList;
use crate::engine::outcome::Outcome;
use crate::engine::view::BoardView;
use core::fmt;
use core::hash::Hash;
use core::str::FromStr;

/// The words a ruleset's messages use for what a player moves and commands
/// ([`Position::TERMS`]): the errors of move texts and clicks speak of columns in the
/// column games and of pieces in the others.
///
/// ```
/// use column_checkers::{InternationalDraughts, Lasca, Position};
/// use column_checkers::custom::Terms;
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
/// A position type implements the nine required methods; the provided ones then give
/// it perft, random playouts and everything built on the trait, and
/// [`Game`](crate::Game) its history and repetition. The provided
/// methods below [`board_view`](Self::board_view) are the shortcuts of counting
/// (perft, playouts) and of reading and writing many moves at once: each has a
/// default body that uses the required methods alone, and a ruleset overrides them
/// where it can answer faster; every override gives exactly what the default gives.
///
/// Here a take-away game: a pile of counters, each player in turn takes one or two,
/// and the player who cannot take loses.
///
/// ```
/// use column_checkers::{perft, Color, EndReason, Game};
/// use column_checkers::playout::{random_playout, SplitMix64};
/// use column_checkers::{MoveList, MoveParseError, Outcome, Position, PositionError};
/// use column_checkers::error::PositionErrorKind;
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
    /// [`Ruleset`](crate::Ruleset) and the command lines of the examples know
    /// it by; the option sets of a ruleset (Lasca's `--roundabout`) share it.
    const NAME: &'static str;

    /// The words the ruleset's messages use for what a player moves: columns in the
    /// column games, pieces in the others (the default).
    const TERMS: Terms = Terms::Pieces;

    /// Whether a man can be crowned in this ruleset: become a
    /// [`Rank::King`](crate::custom::Rank::King) (a king; Lasca's officer).
    /// `false` where every man stays a [`Rank::Man`](crate::custom::Rank::Man)
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
    /// [`EndReason`](crate::EndReason#the-end-of-a-game). Repetition
    /// needs the history: see [`Game`](crate::Game).
    fn outcome(&self) -> Option<Outcome>;

    /// The 64-bit Zobrist hash, kept incrementally: covers every column, the side to
    /// move, and any other state that changes the legal moves.
    fn zobrist(&self) -> u64;

    /// Reads a move in the ruleset's notation against this position.
    ///
    /// The crate's rulesets read full routes (`e4xc4xc6`, `g6-e6-c6`, `c3:e5`), steps
    /// (`e4-e5`), entries (`e4`) and, in the stack-board games, the compact Mindsports
    /// forms (`fe4`, `f45`, `hd4x`, `h6d4x`, `f6x`), by the same rules in every ruleset:
    ///
    /// - **Capture marks.** `x` and `:` mark a capture, and text with one names
    ///   captures only: `f4xe4` and `fe4x` are refused where `f4-e4` is a step (the
    ///   error says to write `f4-e4`). `-` joins the squares of any move, captures
    ///   included (`g6-e6-c6`); Epaminondas alone asks for `x` on its captures as well.
    /// - **Spaces** around the separators are allowed (`c3 - d4`, `e4 x c4`); inside a
    ///   square name they are not.
    /// - **Unknown squares** are reported as typed: `zz9` and `e10` on the Emergo board
    ///   are `no square "zz9"` and `no square "e10"`, not the squares the compact forms
    ///   would split them into.
    ///
    /// # Errors
    /// [`MoveParseError`] when the text is malformed, names no legal move, or names
    /// several (the error lists them).
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveParseError>;

    /// The move's text as players write it: a capture by its first and last squares
    /// (the FMJD's `32x12` for `32x21x12`) when that names it alone among the legal
    /// moves here, else in full (its `Display`). Game records
    /// ([`Record::of_game`](crate::text::Record::of_game)) write moves so;
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
    /// options). [`Game`](crate::Game) asks this.
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

    /// Whether every move keeps the number of men of each colour
    /// ([`men`](Position::men)) unchanged: true in the games where captured men
    /// become prisoners (Emergo, Lasca, Bashni, Stapeldammen), false where they leave
    /// the board (the draughts games, Dameo, Epaminondas). In every ruleset no move
    /// increases a colour's men. Default: false.
    ///
    /// ```
    /// use column_checkers::{Emergo, InternationalDraughts, Position};
    /// assert!(Emergo::start().men_are_conserved());
    /// assert!(!InternationalDraughts::start().men_are_conserved());
    /// ```
    fn men_are_conserved(&self) -> bool {
        false
    }

    /// Reads a move text as [`parse_move`](Position::parse_move) does, but against
    /// `legal`, legal moves of this position that the caller has already generated
    /// (all of them, or all those the text can name, such as every legal move from the
    /// square the text starts with), instead of generating the list again: a server or
    /// a binding that has listed the moves reads a player's text against the list.
    ///
    /// The default reads the text with `parse_move` (generating the list) and accepts
    /// the move only when it is in `legal`; the crate's rulesets read it against
    /// `legal` alone, in time linear in its length.
    ///
    /// # Errors
    /// As [`parse_move`](Position::parse_move), with `legal` as the legal moves; it
    /// does not check whether the game is over.
    ///
    /// ```
    /// use column_checkers::{Dameo, MoveList, Position};
    ///
    /// let p = Dameo::start();
    /// let mut moves = MoveList::new();
    /// p.legal_moves(&mut moves);
    /// assert_eq!(p.parse_move_among("d1b3", &moves), p.parse_move("d1b3"));
    /// assert!(p.parse_move_among("d1b3", &moves[..1]).is_err());
    /// ```
    fn parse_move_among(
        &self,
        text: &str,
        legal: &[Self::Move],
    ) -> Result<Self::Move, MoveParseError> {
        let mv = self.parse_move(text)?;
        if legal.contains(&mv) {
            Ok(mv)
        } else {
            Err(MoveParseError::Illegal {
                text: text.trim().to_string(),
                hint: None,
            })
        }
    }

    /// Appends the text of every move of `moves` to `out`, exactly as each move's
    /// [`Display`](core::fmt::Display) writes it, and pushes the length of `out` after
    /// each onto `ends`: the texts of a whole move list in one string (move `i`'s text
    /// is `out[ends[i - 1]..ends[i]]`), for a move list shown or sent whole.
    ///
    /// The default writes through `Display`, with one formatter for the whole list. A
    /// ruleset may override it to write its texts without the formatting machinery;
    /// it must write what `Display` writes.
    ///
    /// ```
    /// use column_checkers::{Epaminondas, MoveList, Position};
    ///
    /// let pos = Epaminondas::start();
    /// let mut moves = MoveList::new();
    /// pos.legal_moves(&mut moves);
    /// let (mut text, mut ends) = (String::new(), Vec::new());
    /// Epaminondas::write_move_texts(&moves, &mut text, &mut ends);
    /// let mut start = 0;
    /// for (mv, &end) in moves.iter().zip(&ends) {
    ///     assert_eq!(text[start..end], mv.to_string());
    ///     start = end;
    /// }
    /// ```
    fn write_move_texts(moves: &[Self::Move], out: &mut String, ends: &mut Vec<usize>) {
        crate::engine::move_texts::write_displayed(moves, out, ends);
    }

    /// The number of legal moves: what [`legal_moves`](Position::legal_moves) would
    /// list, often cheaper (bulk counting in perft).
    ///
    /// ```
    /// use column_checkers::{Emergo, Position};
    /// assert_eq!(Emergo::start().count_legal_moves(), 40);
    /// ```
    fn count_legal_moves(&self) -> usize {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.len()
    }

    /// [`outcome`](Position::outcome) for a caller that has listed the legal moves
    /// already: `legal` is this position's [`legal_moves`](Position::legal_moves) list,
    /// which is then not made or counted again (a game played move by move lists every
    /// position's moves anyway, as a batched environment does). The same answer as
    /// `outcome`; the default asks `outcome`, which lists or counts the moves itself.
    ///
    /// ```
    /// use column_checkers::{BrazilianDraughts, EndReason, MoveList, Outcome, Position};
    ///
    /// // the kings could move, but 20 moves of kings each have been played: a draw
    /// let pos: BrazilianDraughts = "c1:W,h8:B w draws:40/0".parse().unwrap();
    /// let mut legal = MoveList::new();
    /// pos.legal_moves(&mut legal);
    /// assert!(!legal.is_empty());
    /// let draw = Some(Outcome::Draw { reason: EndReason::KingMoves });
    /// assert_eq!(pos.outcome_among(&legal), draw);
    /// assert_eq!(pos.outcome(), draw);
    /// ```
    fn outcome_among(&self, legal: &[Self::Move]) -> Option<Outcome> {
        let _ = legal;
        self.outcome()
    }

    /// The sum over `moves` (legal moves of this position) of the number of legal
    /// replies after each: perft's work one ply above the leaves. The default plays
    /// each move on a copy; a ruleset may play and take back in place instead.
    ///
    /// ```
    /// use column_checkers::{perft, Lasca, MoveList, Position};
    ///
    /// let p = Lasca::start();
    /// let mut moves = MoveList::new();
    /// p.legal_moves(&mut moves);
    /// assert_eq!(p.count_replies(&moves), perft(&p, 2));
    /// ```
    fn count_replies(&self, moves: &[Self::Move]) -> u64 {
        moves
            .iter()
            .map(|mv| {
                let mut next = self.clone();
                next.play_unchecked(mv);
                next.count_legal_moves() as u64
            })
            .sum()
    }

    /// The number of move sequences of two plies from this position: the sum over its
    /// legal moves of the number of legal replies after each (perft of depth 2, with
    /// bulk counting). `scratch` is a list to use; its contents afterwards are
    /// unspecified. The default fills it with [`legal_moves`](Position::legal_moves)
    /// and answers [`count_replies`](Self::count_replies); a ruleset may count without
    /// listing the moves.
    ///
    /// ```
    /// use column_checkers::{perft, InternationalDraughts, MoveList, Position};
    ///
    /// let p = InternationalDraughts::start();
    /// let mut scratch = MoveList::new();
    /// assert_eq!(p.count_two_plies(&mut scratch), 81);
    /// assert_eq!(p.count_two_plies(&mut scratch), perft(&p, 2));
    /// ```
    fn count_two_plies(&self, scratch: &mut MoveList<Self::Move>) -> u64 {
        self.legal_moves(scratch);
        self.count_replies(scratch)
    }

    /// Plays each legal move and calls `visit` with the position it leads to, played
    /// as [`play_for_counting`](Self::play_for_counting) plays it (board, hash and side
    /// to move), one call per legal move, in no particular order: how
    /// [`perft`](crate::engine::perft::perft) plays the plies it does not count in
    /// bulk, and [`perft_without_bulk`](crate::engine::perft::perft_without_bulk) every
    /// ply. `scratch` is a list to use; its contents afterwards are unspecified. The
    /// default lists the moves in `scratch`, plays each on one copy and takes it back
    /// with [`restore`](Self::restore); a ruleset may make each position as it finds
    /// the move, without listing it.
    ///
    /// ```
    /// use column_checkers::{MoveList, Position, RussianDraughts};
    ///
    /// let start = RussianDraughts::start();
    /// let (mut moves, mut scratch) = (MoveList::new(), MoveList::new());
    /// start.legal_moves(&mut moves);
    /// let mut played = Vec::new();
    /// start.play_each_move(&mut scratch, |next| played.push(next.clone()));
    /// assert_eq!(played.len(), moves.len());
    /// for mv in moves.iter() {
    ///     let mut next = start.clone();
    ///     next.play_unchecked(mv);
    ///     assert!(played.iter().any(|p| *p == next && p.zobrist() == next.zobrist()));
    /// }
    /// ```
    fn play_each_move(&self, scratch: &mut MoveList<Self::Move>, mut visit: impl FnMut(&Self)) {
        self.legal_moves(scratch);
        let mut next = self.clone();
        for mv in scratch.iter() {
            next.play_for_counting(mv);
            visit(&next);
            next.restore(self, mv);
        }
    }

    /// The legal move at index `pick(n)` of the list [`legal_moves`](Position::legal_moves)
    /// makes, `n` being the number of legal moves; `None`, without calling `pick`, when
    /// there is none. `moves` is scratch space. The default lists the moves in `moves`;
    /// a ruleset may find the one move without listing the others
    /// ([`random_playout`](crate::tools::playout::random_playout) chooses its moves
    /// this way).
    ///
    /// # Panics
    /// When `pick(n)` is `n` or more.
    ///
    /// ```
    /// use column_checkers::{Emergo, MoveList, Position};
    ///
    /// let pos: Emergo = "d4:b,e4:w,e6:b w 0/0".parse().unwrap();
    /// let (mut moves, mut scratch) = (MoveList::new(), MoveList::new());
    /// pos.legal_moves(&mut moves);
    /// for (i, mv) in moves.iter().enumerate() {
    ///     assert_eq!(pos.legal_move_at(|n| { assert_eq!(n, moves.len()); i }, &mut scratch), Some(*mv));
    /// }
    /// ```
    fn legal_move_at(
        &self,
        pick: impl FnOnce(usize) -> usize,
        moves: &mut MoveList<Self::Move>,
    ) -> Option<Self::Move> {
        self.legal_moves(moves);
        if moves.is_empty() {
            return None;
        }
        Some(moves[pick(moves.len())])
    }

    /// Makes `self` equal to `parent` again, after `self` was a copy of `parent` on
    /// which `mv` was played: the take-back of search loops that play each move on one
    /// scratch copy ([`perft`](crate::engine::perft::perft) does). The default copies
    /// `parent` whole; a ruleset may put back only what the move changed.
    ///
    /// ```
    /// use column_checkers::{MoveList, Position, RussianDraughts};
    ///
    /// let start = RussianDraughts::start();
    /// let mut moves = MoveList::new();
    /// start.legal_moves(&mut moves);
    /// let mut scratch = start.clone();
    /// for mv in moves.iter() {
    ///     scratch.play_unchecked(mv);
    ///     assert_ne!(scratch, start);
    ///     scratch.restore(&start, mv);
    ///     assert_eq!(scratch, start);
    ///     assert_eq!(scratch.zobrist(), start.zobrist());
    /// }
    /// ```
    fn restore(&mut self, parent: &Self, mv: &Self::Move) {
        let _ = mv;
        self.clone_from(parent);
    }

    /// Plays `mv` (legal) for counting alone: afterwards the position must answer its
    /// legal moves and the counts above, and be taken back with
    /// [`restore`](Self::restore), but need not keep what only the end of a game
    /// reads (the draughts games' [counted draws](crate::custom::CountedDraws)). Perft
    /// plays its moves so. The default is [`play_unchecked`](Position::play_unchecked).
    ///
    /// ```
    /// use column_checkers::{InternationalDraughts, MoveList, Position};
    ///
    /// let start = InternationalDraughts::start();
    /// let mut moves = MoveList::new();
    /// start.legal_moves(&mut moves);
    /// let mut counted = start.clone();
    /// counted.play_for_counting(&moves[0]);
    /// let mut played = start.clone();
    /// played.play_unchecked(&moves[0]);
    /// assert_eq!(counted, played);
    /// assert_eq!(counted.count_legal_moves(), played.count_legal_moves());
    /// ```
    #[inline]
    fn play_for_counting(&mut self, mv: &Self::Move) {
        self.play_unchecked(mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::color::Color;
    use crate::engine::error::{MoveParseError, PositionError};
    use crate::engine::outcome::EndReason;
    use crate::engine::perft::perft;
    use crate::games::draughts::InternationalDraughts;
    use crate::games::emergo::Emergo;
    use crate::games::epaminondas::Epaminondas;
    use crate::games::lasca::Lasca;
    use crate::tools::rng::SplitMix64;
    use core::fmt;
    use core::str::FromStr;

    /// A ruleset's position with every provided method left to its default body: the
    /// ruleset's own shortcuts are the oracle.
    #[derive(Clone, Debug, PartialEq, Eq)]
    struct Defaults<P>(P);

    impl<P: Position> fmt::Display for Defaults<P> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            fmt::Display::fmt(&self.0, f)
        }
    }

    impl<P: Position> FromStr for Defaults<P> {
        type Err = PositionError;
        fn from_str(s: &str) -> Result<Self, PositionError> {
            s.parse().map(Defaults)
        }
    }

    impl<P: Position> Position for Defaults<P> {
        type Move = P::Move;
        const NAME: &'static str = P::NAME;
        fn start() -> Self {
            Defaults(P::start())
        }
        fn turn(&self) -> Color {
            self.0.turn()
        }
        fn legal_moves(&self, moves: &mut MoveList<P::Move>) {
            self.0.legal_moves(moves);
        }
        fn play_unchecked(&mut self, mv: &P::Move) {
            self.0.play_unchecked(mv);
        }
        fn outcome(&self) -> Option<Outcome> {
            self.0.outcome()
        }
        fn zobrist(&self) -> u64 {
            self.0.zobrist()
        }
        fn parse_move(&self, text: &str) -> Result<P::Move, MoveParseError> {
            self.0.parse_move(text)
        }
        fn men(&self, color: Color) -> usize {
            self.0.men(color)
        }
        fn diagram(&self) -> String {
            self.0.diagram()
        }
    }

    /// Along random games of `P` (to their end or `plies`), every default body answers
    /// what the ruleset's own shortcut answers and what the listed moves say.
    fn defaults_agree<P: Position>(seed: u64, games: usize, plies: usize, depth: u32) {
        let mut rng = SplitMix64::new(seed);
        let (mut moves, mut scratch) = (MoveList::new(), MoveList::new());
        let mut seen = [false; 3]; // no move, one, several
        for _ in 0..games {
            let mut pos = Defaults(P::start());
            for _ in 0..=plies {
                pos.legal_moves(&mut moves);
                let n = moves.len();
                seen[n.min(2)] = true;
                assert_eq!(pos.count_legal_moves(), n, "{pos}");
                assert_eq!(pos.0.count_legal_moves(), n, "{pos}");
                let outcome = pos.0.outcome();
                assert_eq!(pos.outcome_among(&moves), outcome, "{pos}");
                assert_eq!(pos.0.outcome_among(&moves), outcome, "{pos}");
                let replies: u64 = moves
                    .iter()
                    .map(|mv| {
                        let mut child = pos.0.clone();
                        child.play_unchecked(mv);
                        child.count_legal_moves() as u64
                    })
                    .sum();
                assert_eq!(pos.count_replies(&moves), replies, "{pos}");
                assert_eq!(pos.0.count_replies(&moves), replies, "{pos}");
                assert_eq!(pos.count_two_plies(&mut scratch), replies, "{pos}");
                assert_eq!(scratch[..], moves[..], "{pos}");
                for (i, mv) in moves.iter().enumerate() {
                    let pick = |m| {
                        assert_eq!(m, n);
                        i
                    };
                    assert_eq!(pos.legal_move_at(pick, &mut scratch), Some(*mv));
                    let mut counted = pos.clone();
                    counted.play_for_counting(mv);
                    let mut played = pos.clone();
                    played.play_unchecked(mv);
                    assert_eq!(counted, played, "{pos} {mv}");
                    assert_ne!(counted, pos, "{pos} {mv}");
                    counted.restore(&pos, mv);
                    assert_eq!(counted, pos, "{pos} {mv}");
                }
                if n == 0 {
                    let never = |_| unreachable!("no move to pick");
                    assert_eq!(pos.legal_move_at(never, &mut scratch), None, "{pos}");
                    break;
                }
                pos.play_unchecked(&moves[rng.below(n)]);
            }
        }
        assert!(seen[2], "{seen:?}");
        // perft runs on the defaults alone (bulk counting, playing for counting,
        // taking back): as on the ruleset's shortcuts
        assert_eq!(
            perft(&Defaults(P::start()), depth),
            perft(&P::start(), depth)
        );
    }

    #[test]
    fn the_default_bodies_answer_as_the_rulesets_shortcuts() {
        defaults_agree::<Lasca>(1, 6, 80, 4);
        defaults_agree::<Emergo>(2, 2, 60, 2);
        defaults_agree::<InternationalDraughts>(3, 2, 60, 3);
        defaults_agree::<Epaminondas>(4, 1, 6, 1);
    }

    #[test]
    fn a_position_without_moves_counts_none() {
        let p: Defaults<Lasca> = "c3:wb w".parse().unwrap();
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        assert!(moves.is_empty());
        assert_eq!(p.count_legal_moves(), 0);
        assert_eq!(p.count_two_plies(&mut moves), 0);
        assert_eq!(p.legal_move_at(|_| unreachable!(), &mut moves), None);
        let lost = Some(Outcome::Win {
            winner: Color::Black,
            reason: EndReason::NoPieces,
        });
        assert_eq!(p.outcome_among(&moves), lost);
    }
}
