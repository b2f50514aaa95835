//! The interface every ruleset's position implements.

use crate::engine::color::Color;
use crate::engine::error::{MoveParseError, PlayError, PositionError};
use crate::engine::moves::MoveList;
use crate::engine::view::BoardView;
use core::fmt;
use core::hash::Hash;
use core::str::FromStr;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// The loser has no piece left (nothing on the board and nothing in hand).
    NoPieces,
    /// The player to move has no legal move (a loss or a draw, as the ruleset says).
    NoLegalMove,
    /// The same position occurred for the third time with the same player to move.
    Repetition,
    /// A goal reached (e.g. Epaminondas' crossing of the home row).
    Goal,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A decisive result.
    Win {
        /// Who won.
        winner: Color,
        /// Why.
        reason: EndReason,
    },
    /// A draw.
    Draw {
        /// Why.
        reason: EndReason,
    },
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Why the game ended.
    pub fn reason(self) -> EndReason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }

    /// The result as `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.reason() {
            EndReason::NoPieces => "no pieces left",
            EndReason::NoLegalMove => "no legal move",
            EndReason::Repetition => "threefold repetition",
            EndReason::Goal => "goal reached",
        };
        match self.winner() {
            Some(c) => write!(f, "{} {c} wins: {why}", self.result_text()),
            None => write!(f, "{} draw: {why}", self.result_text()),
        }
    }
}

/// A position of a ruleset: whose turn it is, which moves are legal, what a move does,
/// whether the game is over, and a hash for repetition.
///
/// Text: [`Display`](fmt::Display) writes the ruleset's position text and
/// [`FromStr`] reads it back (they round-trip); [`Position::diagram`] draws the board.
pub trait Position:
    Clone + Eq + fmt::Debug + fmt::Display + FromStr<Err = PositionError> + Send + Sync + 'static
{
    /// The ruleset's move type; its [`Display`](fmt::Display) is the notation.
    type Move: Copy + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static;

    /// The ruleset's name as used by the examples (`"emergo"`, ...).
    const NAME: &'static str;

    /// The start position of the game.
    fn start() -> Self;

    /// The player to move.
    fn turn(&self) -> Color;

    /// Clears `moves` and fills it with the legal moves, each once (ruling 1: routes
    /// that start on the same square and lead to the same position are one move).
    /// Empty when the game is over.
    fn legal_moves(&self, moves: &mut MoveList<Self::Move>);

    /// The number of legal moves: what `legal_moves` would list, often cheaper (bulk
    /// counting in perft).
    fn count_legal_moves(&self) -> usize {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.len()
    }

    /// The sum over `moves` (legal moves of this position) of the number of legal
    /// replies after each: perft's work one ply above the leaves. The default plays
    /// each move on a copy; a ruleset may play and take back in place instead.
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
    /// unspecified. The default fills it with [`legal_moves`](Self::legal_moves) and
    /// answers [`count_replies`](Self::count_replies); a ruleset may count without
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

    /// The legal move at index `pick(n)` of the list [`legal_moves`](Self::legal_moves)
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
            return Err(PlayError::IllegalMove {
                mv: mv.to_string(),
                reason: "not among the legal moves of this position".into(),
            });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays a move without checking it. The move must be legal (for example taken from
    /// [`legal_moves`](Self::legal_moves)); otherwise the position may become one the
    /// rules cannot reach (it never panics for moves of the right board).
    fn play_unchecked(&mut self, mv: &Self::Move);

    /// Makes `self` equal to `parent` again, after `self` was a copy of `parent` on
    /// which `mv` was played: the take-back of search loops that play each move on one
    /// scratch copy ([`perft`](crate::engine::perft::perft) does). The default copies
    /// `parent` whole; a ruleset may put back only what the move changed.
    ///
    /// ```
    /// use column_checkers::games::draughts::RussianDraughts;
    /// use column_checkers::{MoveList, Position};
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

    /// The result when the position alone ends the game (no pieces, no legal move,
    /// goals). Repetition needs the history: see [`Game`](crate::engine::game::Game).
    fn outcome(&self) -> Option<Outcome>;

    /// The 64-bit Zobrist hash, kept incrementally: covers every column, the side to
    /// move, and any other state that changes the legal moves.
    fn zobrist(&self) -> u64;

    /// The same hash computed from scratch (to check the incremental one).
    fn zobrist_from_scratch(&self) -> u64;

    /// [`zobrist_from_scratch`](Self::zobrist_from_scratch), computed from another
    /// position `base` of the same ruleset whose from-scratch hash is `base_scratch`:
    /// a ruleset may recompute only what differs between the two (never through the
    /// incremental bookkeeping of [`play`](Self::play)). The invariant checks use it
    /// for the position after every listed move, with the position before it as
    /// `base`. The default ignores `base` and computes from scratch.
    ///
    /// ```
    /// use column_checkers::{Epaminondas, Position};
    ///
    /// let start = Epaminondas::start();
    /// let mut next = start.clone();
    /// next.play(&start.parse_move("a2-a3").unwrap()).unwrap();
    /// let scratch = start.zobrist_from_scratch();
    /// assert_eq!(next.zobrist_from_scratch_beside(&start, scratch), next.zobrist_from_scratch());
    /// ```
    fn zobrist_from_scratch_beside(&self, base: &Self, base_scratch: u64) -> u64 {
        let _ = (base, base_scratch);
        self.zobrist_from_scratch()
    }

    /// Reads a move in the ruleset's notation against this position.
    ///
    /// # Errors
    /// [`MoveParseError`] when the text is malformed, names no legal move, or names
    /// several (the error lists them).
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveParseError>;

    /// Reads a move text as [`parse_move`](Self::parse_move) does, but against `legal`,
    /// legal moves of this position that the caller has already generated (all of
    /// them, or all those the text can name, such as every legal move from the square
    /// the text starts with), instead of generating the list again. The invariant
    /// checks read back every listed move this way, in time linear in their number.
    ///
    /// The default reads the text with `parse_move` (generating the list) and accepts
    /// the move only when it is in `legal`; the crate's rulesets override it.
    ///
    /// # Errors
    /// As [`parse_move`](Self::parse_move), with `legal` as the legal moves; it does
    /// not check whether the game is over.
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
    /// [`Display`](fmt::Display) writes it, and pushes the length of `out` after each
    /// onto `ends`: the texts of a whole move list in one string (a GUI's list, a
    /// server's answer, the invariant checks).
    ///
    /// The default writes through `Display`, with one formatter for the whole list
    /// ([`write_displayed`](crate::text::move_texts::write_displayed)). A ruleset may
    /// override it to write its texts without the formatting machinery; it must write
    /// what `Display` writes (the invariant checks compare the two on one listed move
    /// of every position they check).
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
        crate::text::move_texts::write_displayed(moves, out, ends);
    }

    /// Whether threefold repetition ends the game as a draw in this ruleset (with its
    /// options). [`Game`](crate::engine::game::Game) asks this.
    fn repetition_draws(&self) -> bool {
        true
    }

    /// The number of men of `color` in the game (board and hand). Used by invariant
    /// checks: in Emergo it never changes.
    fn men(&self, color: Color) -> usize;

    /// [`men`](Self::men), counted from another position `base` of the same ruleset
    /// in which `color` has `base_men` men: a ruleset may count only what differs
    /// between the two (never through the bookkeeping of [`play`](Self::play)). The
    /// invariant checks use it for the position after every listed move, with the
    /// position before it as `base`. The default ignores `base` and counts whole.
    ///
    /// ```
    /// use column_checkers::{Color, Epaminondas, Position};
    ///
    /// let start = Epaminondas::start();
    /// let mut next = start.clone();
    /// next.play(&start.parse_move("a2-a3").unwrap()).unwrap();
    /// let men = start.men(Color::White);
    /// assert_eq!(next.men_beside(Color::White, &start, men), next.men(Color::White));
    /// ```
    fn men_beside(&self, color: Color, base: &Self, base_men: usize) -> usize {
        let _ = (base, base_men);
        self.men(color)
    }

    /// Whether every move keeps the number of men of each colour
    /// ([`men`](Self::men)) unchanged: true in the games where captured men become
    /// prisoners (Emergo, Lasca, Bashni, Stapeldammen), false where they leave the
    /// board (the draughts games, Dameo, Epaminondas). In every ruleset no move
    /// increases a colour's men. Used by the invariant checks
    /// (`tools::invariants`, feature `testing`). Default: false.
    fn men_are_conserved(&self) -> bool {
        false
    }

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
