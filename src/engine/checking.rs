//! What the invariant checker (`tools::invariants`, feature `testing`) asks of a
//! position beyond the game itself: a hash computed from scratch, men counted, move
//! texts read back and written in bulk. Every method has a default body that uses
//! [`Position`] alone, so a position type written outside the crate is checked with
//! one line, `impl Checking for MyGame {}`; the crate's rulesets override them where
//! they can answer faster, and every override must give exactly what the default
//! gives.

use crate::alloc_prelude::*;
use crate::engine::color::Color;
use crate::engine::error::MoveParseError;
use crate::engine::position::Position;

/// The invariant checker's hooks, with default bodies.
pub trait Checking: Position {
    /// The [`zobrist`](Position::zobrist) hash computed from scratch, never through the
    /// incremental bookkeeping of [`play`](Position::play) (to check it). The default
    /// reads the position back from its own text and takes that position's hash (a
    /// position read from text is hashed whole); if the text does not read back, the
    /// incremental hash is returned (the checker reports the text separately).
    ///
    /// ```
    /// use column_checkers::{Checking, Lasca, Position};
    ///
    /// let mut p = Lasca::start();
    /// p.play(&p.parse_move("c3-d4").unwrap()).unwrap();
    /// assert_eq!(p.zobrist_from_scratch(), p.zobrist());
    /// ```
    fn zobrist_from_scratch(&self) -> u64 {
        self.to_string()
            .parse::<Self>()
            .map_or_else(|_| self.zobrist(), |p| p.zobrist())
    }

    /// [`zobrist_from_scratch`](Self::zobrist_from_scratch), computed from another
    /// position `base` of the same ruleset whose from-scratch hash is `base_scratch`:
    /// a ruleset may recompute only what differs between the two (never through the
    /// incremental bookkeeping of [`play`](Position::play)). The invariant checks use
    /// it for the position after every listed move, with the position before it as
    /// `base`. The default ignores `base` and computes from scratch.
    ///
    /// ```
    /// use column_checkers::{Checking, Epaminondas, Position};
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

    /// [`men`](Position::men), counted from another position `base` of the same
    /// ruleset in which `color` has `base_men` men: a ruleset may count only what
    /// differs between the two (never through the bookkeeping of
    /// [`play`](Position::play)). The invariant checks use it for the position after
    /// every listed move, with the position before it as `base`. The default ignores
    /// `base` and counts whole.
    ///
    /// ```
    /// use column_checkers::{Checking, Color, Epaminondas, Position};
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
    /// ([`men`](Position::men)) unchanged: true in the games where captured men
    /// become prisoners (Emergo, Lasca, Bashni, Stapeldammen), false where they leave
    /// the board (the draughts games, Dameo, Epaminondas). In every ruleset no move
    /// increases a colour's men. Default: false.
    ///
    /// ```
    /// use column_checkers::{Checking, Emergo, InternationalDraughts, Position};
    /// assert!(Emergo::start().men_are_conserved());
    /// assert!(!InternationalDraughts::start().men_are_conserved());
    /// ```
    fn men_are_conserved(&self) -> bool {
        false
    }

    /// Reads a move text as [`parse_move`](Position::parse_move) does, but against
    /// `legal`, legal moves of this position that the caller has already generated
    /// (all of them, or all those the text can name, such as every legal move from the
    /// square the text starts with), instead of generating the list again. The
    /// invariant checks read back every listed move this way, in time linear in their
    /// number.
    ///
    /// The default reads the text with `parse_move` (generating the list) and accepts
    /// the move only when it is in `legal`.
    ///
    /// # Errors
    /// As [`parse_move`](Position::parse_move), with `legal` as the legal moves; it
    /// does not check whether the game is over.
    ///
    /// ```
    /// use column_checkers::{Checking, Dameo, MoveList, Position};
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
    /// each onto `ends`: the texts of a whole move list in one string.
    ///
    /// The default writes through `Display`, with one formatter for the whole list
    /// ([`write_displayed`](crate::engine::move_texts::write_displayed)). A
    /// ruleset may override it to write its texts without the formatting machinery;
    /// it must write what `Display` writes (the invariant checks compare the two on
    /// one listed move of every position they check).
    ///
    /// ```
    /// use column_checkers::{Checking, Epaminondas, MoveList, Position};
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
}
