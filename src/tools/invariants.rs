//! Invariant checks of any [`Position`], in one place, for tests, fuzzers and the
//! soak run (no `debug_assert`: every check runs in every build and answers with a
//! typed [`Violation`]).
//!
//! [`check`] examines one position:
//!
//! - the incremental [`zobrist`](Position::zobrist) hash equals
//!   [`zobrist_from_scratch`](Position::zobrist_from_scratch);
//! - the position text round-trips: reading `pos.to_string()` gives a position `==`
//!   to `pos`;
//! - [`count_legal_moves`](Position::count_legal_moves) equals the length of
//!   [`legal_moves`](Position::legal_moves);
//! - the outcome agrees with the legal moves: [`outcome`](Position::outcome) is
//!   `Some` exactly when there is no legal move. This holds for every ruleset of the
//!   crate: a position that ends the game (no pieces, no legal move, a goal reached)
//!   lists no move, as [`Position::legal_moves`] promises, and a position with no
//!   legal move ends the game (a loss or a draw as the ruleset says);
//! - every listed move plays, and its text, read back with
//!   [`parse_move_among`](Position::parse_move_among) against the listed moves from
//!   the same square, gives the same move; one listed move per position (chosen by
//!   the hash) is also legal by [`is_legal`](Position::is_legal), plays with
//!   [`play`](Position::play) on a copy, and reads back with
//!   [`parse_move`](Position::parse_move), which generate the list themselves;
//! - every listed move passes [`check_transition`] (men rule, turn, hash after it);
//! - no two listed moves are one move under ruling 1 of the rules decisions: none start
//!   on the same square and lead to the same position (compared with `==`; candidate
//!   pairs are found by equal hashes in a hash table, which equal positions always
//!   have once the hashes are checked). The start square is read from the move's text: every
//!   notation of the crate begins with the name of the square the move starts from
//!   (or enters on): its leading letters and the digits after them.
//!
//! [`check_move`] examines a move that was played: it was listed, and the transition
//! is sound.
//!
//! ```
//! use column_checkers::tools::invariants;
//! use column_checkers::{Emergo, Position};
//!
//! let mut pos = Emergo::start();
//! invariants::check(&pos).unwrap();
//! let before = pos.clone();
//! let mv = pos.parse_move("d6").unwrap();
//! pos.play(&mv).unwrap();
//! invariants::check_move(&before, &mv, &pos).unwrap();
//! ```

use crate::engine::color::Color;
use crate::engine::error::{MoveParseError, PlayError, PositionError};
use crate::engine::game::Game;
use crate::engine::moves::MoveList;
use crate::engine::position::{Outcome, Position};
use core::fmt::Write as _;
use core::hash::{BuildHasherDefault, Hasher};
use smallvec::SmallVec;
use std::collections::hash_map::{Entry, HashMap};
use thiserror::Error;

/// A broken invariant: what the engine did that the rules or its own contracts forbid.
/// Moves and positions are given as text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Violation {
    /// The incremental hash differs from a full recompute.
    #[error(
        "incremental hash {incremental:#018x} differs from the full recompute {scratch:#018x}"
    )]
    HashMismatch {
        /// [`Position::zobrist`].
        incremental: u64,
        /// [`Position::zobrist_from_scratch`].
        scratch: u64,
    },
    /// The position text does not read back.
    #[error("position text {text:?} does not read back: {error}")]
    TextUnreadable {
        /// The text written.
        text: String,
        /// The parser's answer.
        error: PositionError,
    },
    /// The position text reads back as another position.
    #[error("position text {text:?} reads back as another position, {read:?}")]
    TextMismatch {
        /// The text written.
        text: String,
        /// The text of the position read back.
        read: String,
    },
    /// `count_legal_moves` and `legal_moves` disagree.
    #[error("count_legal_moves() is {counted} but legal_moves() lists {listed}")]
    CountMismatch {
        /// [`Position::count_legal_moves`].
        counted: usize,
        /// The length of [`Position::legal_moves`].
        listed: usize,
    },
    /// The game is over, yet moves are listed.
    #[error("the position's outcome is {outcome} yet it lists {moves} legal moves")]
    OutcomeWithMoves {
        /// [`Position::outcome`].
        outcome: Outcome,
        /// How many moves are listed.
        moves: usize,
    },
    /// No legal move, yet the game is not over.
    #[error("no legal move, yet the position has no outcome")]
    NoMoveNoOutcome,
    /// A listed move is not legal by [`Position::is_legal`].
    #[error("listed move {mv} is not legal by is_legal()")]
    ListedMoveNotLegal {
        /// The move.
        mv: String,
    },
    /// A listed move does not play.
    #[error("listed move {mv} does not play: {error}")]
    ListedMoveFails {
        /// The move.
        mv: String,
        /// What `play` answered.
        error: PlayError,
    },
    /// A listed move's text does not read back.
    #[error("the text of listed move {mv} does not read back: {error}")]
    MoveTextUnreadable {
        /// The move.
        mv: String,
        /// What `parse_move` answered.
        error: MoveParseError,
    },
    /// A listed move's text reads back as another move.
    #[error("the text of listed move {mv} reads back as another move, {read}")]
    MoveTextMismatch {
        /// The move.
        mv: String,
        /// The move read back.
        read: String,
    },
    /// Two listed moves are one move under ruling 1.
    #[error("listed moves {first} and {second} start on the same square and lead to the same position (ruling 1: one move)")]
    DuplicateMove {
        /// The first listed.
        first: String,
        /// The later one.
        second: String,
    },
    /// A move played is not among the legal moves.
    #[error("played move {mv} is not among the legal moves")]
    PlayedMoveNotListed {
        /// The move.
        mv: String,
    },
    /// The side to move did not change with a move.
    #[error("the turn did not pass to the other side with {mv}")]
    TurnNotPassed {
        /// The move.
        mv: String,
    },
    /// The hash after a move is wrong.
    #[error("after {mv} the incremental hash {incremental:#018x} differs from the full recompute {scratch:#018x}")]
    HashMismatchAfter {
        /// The move.
        mv: String,
        /// [`Position::zobrist`] after the move.
        incremental: u64,
        /// [`Position::zobrist_from_scratch`] after the move.
        scratch: u64,
    },
    /// A ruleset that conserves men lost or gained some.
    #[error("{color} has {after} men after {mv} and had {before}: this ruleset conserves men")]
    MenNotConserved {
        /// The move.
        mv: String,
        /// Whose men.
        color: Color,
        /// Men before the move.
        before: usize,
        /// Men after it.
        after: usize,
    },
    /// Undoing the last move of a game and redoing it did not give the game back.
    #[error("undo then redo of {mv} does not give the game back")]
    UndoRedoMismatch {
        /// The last move of the game.
        mv: String,
    },
    /// A side has more men after a move than before.
    #[error("{color} has {after} men after {mv}, more than the {before} before")]
    MenIncreased {
        /// The move.
        mv: String,
        /// Whose men.
        color: Color,
        /// Men before the move.
        before: usize,
        /// Men after it.
        after: usize,
    },
}

/// The name of the square a move starts from (or enters on), read from its text: the
/// leading letters and the digits after them (`e4` of `e4xc4xc6`, `32` of `32-28`).
fn origin(text: &str) -> &str {
    let letters = text
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(text.len());
    let digits = text[letters..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(text.len(), |i| letters + i);
    &text[..digits]
}

/// Checks every invariant of one position (see the [module documentation](self)).
///
/// Its cost is linear in the number of legal moves: the moves are generated once
/// (and counted once), each listed move is played on a copy once and read back from
/// its text against the listed moves from the same square
/// ([`Position::parse_move_among`]), and duplicates are found through a hash table.
/// The checks that generate the list themselves ([`Position::is_legal`],
/// [`Position::play`], [`Position::parse_move`]) run on one listed move per position,
/// chosen by the position's hash, so that over a game every kind of move meets them.
///
/// # Errors
/// The first [`Violation`] found.
pub fn check<P: Position>(pos: &P) -> Result<(), Violation> {
    check_listing(pos, &mut MoveList::new())
}

/// [`check`], leaving the legal moves of `pos` in `moves` (for a caller that goes on
/// to play one: the soak run).
///
/// # Errors
/// The first [`Violation`] found.
pub fn check_listing<P: Position>(pos: &P, moves: &mut MoveList<P::Move>) -> Result<(), Violation> {
    let incremental = pos.zobrist();
    let scratch = pos.zobrist_from_scratch();
    if incremental != scratch {
        return Err(Violation::HashMismatch {
            incremental,
            scratch,
        });
    }
    check_text(pos)?;

    pos.legal_moves(moves);
    let counted = pos.count_legal_moves();
    if counted != moves.len() {
        return Err(Violation::CountMismatch {
            counted,
            listed: moves.len(),
        });
    }
    match (pos.outcome(), moves.len()) {
        (Some(outcome), n) if n > 0 => {
            return Err(Violation::OutcomeWithMoves { outcome, moves: n })
        }
        (None, 0) => return Err(Violation::NoMoveNoOutcome),
        (_, 0) => return Ok(()),
        _ => {}
    }

    // the full-cost paths, on one listed move
    let probe = &moves[(incremental % moves.len() as u64) as usize];
    let text = probe.to_string();
    if !pos.is_legal(probe) {
        return Err(Violation::ListedMoveNotLegal { mv: text });
    }
    if let Err(error) = pos.clone().play(probe) {
        return Err(Violation::ListedMoveFails { mv: text, error });
    }
    read_back(probe, &text, pos.parse_move(&text))?;

    // every listed move: its text (all in one buffer), grouped by the square it
    // starts from
    let mut all_text = String::with_capacity(12 * moves.len());
    let mut ends = Vec::with_capacity(moves.len());
    for mv in moves.iter() {
        // writing into a String cannot fail
        let _ = write!(all_text, "{mv}");
        ends.push(all_text.len());
    }
    let texts: Vec<&str> = ends
        .iter()
        .scan(0, |start, &end| {
            let text = &all_text[*start..end];
            *start = end;
            Some(text)
        })
        .collect();
    let origins: Vec<&str> = texts.iter().map(|t| origin(t)).collect();
    let mut from: FastMap<&str, SmallVec<[P::Move; 8]>> = FastMap::default();
    for (mv, &square) in moves.iter().zip(&origins) {
        from.entry(square).or_default().push(*mv);
    }
    // the first move seen leading from a square to a position of a given hash
    let mut seen: FastMap<(&str, u64), usize> = FastMap::default();
    seen.reserve(moves.len());
    for (i, (mv, &text)) in moves.iter().zip(&texts).enumerate() {
        let mut next = pos.clone();
        next.play_unchecked(mv);
        check_transition(pos, text, &next)?;
        let square = origins[i];
        read_back(mv, text, pos.parse_move_among(text, &from[square]))?;
        match seen.entry((square, next.zobrist())) {
            Entry::Vacant(e) => {
                e.insert(i);
            }
            Entry::Occupied(e) => {
                let j = *e.get();
                let mut other = pos.clone();
                other.play_unchecked(&moves[j]);
                if other == next {
                    return Err(Violation::DuplicateMove {
                        first: texts[j].to_string(),
                        second: text.to_string(),
                    });
                }
            }
        }
    }
    Ok(())
}

/// A hash table with a fast hash (the keys are the crate's own texts and hashes).
type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// A multiply-rotate hash (in the manner of rustc's `FxHasher`): fast on short keys,
/// no protection against chosen keys, which the checks do not meet.
#[derive(Clone, Copy, Debug, Default)]
struct FastHasher(u64);

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        for &b in chunks.remainder() {
            self.add(u64::from(b));
        }
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }
}

/// Compares the move read back from the text of listed move `mv` with `mv`.
fn read_back<M: PartialEq + core::fmt::Display>(
    mv: &M,
    text: &str,
    read: Result<M, MoveParseError>,
) -> Result<(), Violation> {
    match read {
        Ok(read) if read == *mv => Ok(()),
        Ok(read) => Err(Violation::MoveTextMismatch {
            mv: text.to_string(),
            read: read.to_string(),
        }),
        Err(error) => Err(Violation::MoveTextUnreadable {
            mv: text.to_string(),
            error,
        }),
    }
}

/// Checks that the position text of `pos` reads back as `pos`.
///
/// # Errors
/// [`Violation::TextUnreadable`] or [`Violation::TextMismatch`].
pub fn check_text<P: Position>(pos: &P) -> Result<(), Violation> {
    let text = pos.to_string();
    match text.parse::<P>() {
        Ok(read) if read == *pos && read.zobrist() == pos.zobrist() => Ok(()),
        Ok(read) => Err(Violation::TextMismatch {
            text,
            read: read.to_string(),
        }),
        Err(error) => Err(Violation::TextUnreadable { text, error }),
    }
}

/// Checks a move `mv` played from `before` to `after`: it is among the legal moves of
/// `before`, and the transition is sound ([`check_transition`]).
///
/// # Errors
/// [`Violation::PlayedMoveNotListed`] or the violations of [`check_transition`].
pub fn check_move<P: Position>(before: &P, mv: &P::Move, after: &P) -> Result<(), Violation> {
    let mut moves = MoveList::new();
    before.legal_moves(&mut moves);
    let text = mv.to_string();
    if !moves.contains(mv) {
        return Err(Violation::PlayedMoveNotListed { mv: text });
    }
    check_transition(before, &text, after)
}

/// Checks a move (given as `mv_text`) from `before` to `after`, whether or not it was
/// listed: the turn passes to the other side, the hash after it is sound, and the men
/// rule of the ruleset holds — no side has more men after the move than before, and
/// when [`Position::men_are_conserved`] each side has exactly as many.
///
/// # Errors
/// [`Violation::TurnNotPassed`], [`Violation::HashMismatchAfter`],
/// [`Violation::MenNotConserved`] or [`Violation::MenIncreased`].
pub fn check_transition<P: Position>(
    before: &P,
    mv_text: &str,
    after: &P,
) -> Result<(), Violation> {
    if after.turn() == before.turn() {
        return Err(Violation::TurnNotPassed {
            mv: mv_text.to_string(),
        });
    }
    let (incremental, scratch) = (after.zobrist(), after.zobrist_from_scratch());
    if incremental != scratch {
        return Err(Violation::HashMismatchAfter {
            mv: mv_text.to_string(),
            incremental,
            scratch,
        });
    }
    let conserved = before.men_are_conserved();
    for color in Color::ALL {
        let (b, a) = (before.men(color), after.men(color));
        let mv = || mv_text.to_string();
        if conserved && a != b {
            return Err(Violation::MenNotConserved {
                mv: mv(),
                color,
                before: b,
                after: a,
            });
        }
        if a > b {
            return Err(Violation::MenIncreased {
                mv: mv(),
                color,
                before: b,
                after: a,
            });
        }
    }
    Ok(())
}

/// Takes back the last move of `game` and plays it again, checking that the game is
/// back where it was (the same current position and moves). Does nothing at the start
/// of a game, where [`Game::undo`] must answer `None`.
///
/// # Errors
/// [`Violation::UndoRedoMismatch`].
pub fn check_undo_redo<P: Position>(game: &mut Game<P>) -> Result<(), Violation> {
    let position = game.position().clone();
    let played = game.moves().len();
    let last = game.moves().last().copied();
    let mismatch = |mv: Option<P::Move>| Violation::UndoRedoMismatch {
        mv: mv.map_or_else(|| "(none)".to_string(), |m| m.to_string()),
    };
    let undone = game.undo();
    if undone != last {
        return Err(mismatch(last));
    }
    let Some(mv) = undone else {
        return Ok(());
    };
    // a move always changes the position (the turn passes), so undoing one does too
    if game.moves().len() + 1 != played || *game.position() == position {
        return Err(mismatch(last));
    }
    let redone = game.redo();
    if redone != Some(mv) || game.moves().len() != played || *game.position() != position {
        return Err(mismatch(last));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins() {
        assert_eq!(origin("e4xc4xc6"), "e4");
        assert_eq!(origin("c3:e5"), "c3");
        assert_eq!(origin("32-28"), "32");
        assert_eq!(origin("d6"), "d6");
        assert_eq!(origin("e10xe8"), "e10");
        assert_eq!(origin("b5-c5"), "b5");
    }
}
