//! Invariant checks of any [`Position`](column_checkers::Position), in one place, for tests, fuzzers and the
//! soak run (no `debug_assert`: every check runs in every build and answers with a
//! typed [`Violation`]).
//!
//! [`check`] examines one position:
//!
//! - the incremental [`zobrist`](column_checkers::Position::zobrist) hash equals
//!   [`zobrist_from_scratch`](Checking::zobrist_from_scratch);
//! - the position text round-trips: reading `pos.to_string()` gives a position `==`
//!   to `pos`;
//! - [`count_legal_moves`](column_checkers::Position::count_legal_moves) equals the length of
//!   [`legal_moves`](column_checkers::Position::legal_moves);
//! - the outcome agrees with the legal moves: [`outcome`](column_checkers::Position::outcome) is
//!   `Some` exactly when there is no legal move, but for a counted draw, which ends a
//!   game whose player could still move. This holds for every ruleset of the
//!   crate: a position that ends the game (no pieces, no legal move, a goal reached)
//!   lists no move, as [`Position::legal_moves`](column_checkers::Position::legal_moves) promises, and a position with no
//!   legal move ends the game (a loss or a draw as the ruleset says);
//!   [`outcome_among`](column_checkers::Position::outcome_among) of the listed
//!   moves gives the same outcome;
//! - every listed move plays, and its text, read back with
//!   [`parse_move_among`](column_checkers::Position::parse_move_among) against the listed moves from
//!   the same square, gives the same move; one listed move per position (chosen by
//!   the hash) is also legal by [`is_legal`](column_checkers::Position::is_legal), plays with
//!   [`play`](column_checkers::Position::play) on a copy, and reads back with
//!   [`parse_move`](column_checkers::Position::parse_move), which generate the list themselves;
//! - every listed move passes [`check_transition`] (men rule, turn, hash after it);
//! - [`play_each_move`](column_checkers::Position::play_each_move) makes the
//!   positions the listed moves lead to, played with
//!   [`play_for_counting`](column_checkers::Position::play_for_counting): one
//!   for each, equal (`==`, and their hashes), in any order;
//! - no two listed moves are one move by move identity: none start
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
//! use column_checkers_testkit::invariants;
//! use column_checkers::{Emergo, Position};
//!
//! let mut pos = Emergo::start();
//! invariants::check(&pos).unwrap();
//! let before = pos.clone();
//! let mv = pos.parse_move("d6").unwrap();
//! pos.play(&mv).unwrap();
//! invariants::check_move(&before, &mv, &pos).unwrap();
//! ```

use crate::checking::Checking;
use column_checkers::error::{MoveParseError, PlayError, PositionError};
use column_checkers::{Color, EndReason, Game, MoveList, Outcome};
use core::hash::Hasher;
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
        /// [`Position::zobrist`](column_checkers::Position::zobrist).
        incremental: u64,
        /// [`Checking::zobrist_from_scratch`].
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
        /// [`Position::count_legal_moves`](column_checkers::Position::count_legal_moves).
        counted: usize,
        /// The length of [`Position::legal_moves`](column_checkers::Position::legal_moves).
        listed: usize,
    },
    /// The game is over, yet moves are listed.
    #[error("the position's outcome is {outcome} yet it lists {moves} legal moves")]
    OutcomeWithMoves {
        /// [`Position::outcome`](column_checkers::Position::outcome).
        outcome: Outcome,
        /// How many moves are listed.
        moves: usize,
    },
    /// No legal move, yet the game is not over.
    #[error("no legal move, yet the position has no outcome")]
    NoMoveNoOutcome,
    /// The outcome given the legal-move list differs from the outcome.
    #[error("outcome_among() is {among:?} but outcome() is {outcome:?}")]
    OutcomeAmongMismatch {
        /// [`Position::outcome_among`](column_checkers::Position::outcome_among)
        /// of the listed moves.
        among: Option<Outcome>,
        /// [`Position::outcome`](column_checkers::Position::outcome).
        outcome: Option<Outcome>,
    },
    /// A listed move is not legal by [`Position::is_legal`](column_checkers::Position::is_legal).
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
    /// [`Position::write_move_texts`](column_checkers::Position::write_move_texts) writes another text than `Display` for a listed
    /// move, or another number of texts than there are moves.
    #[error("write_move_texts writes {} for listed move {mv}", match written { Some(w) => format!("{w:?}"), None => "another number of texts than moves".to_string() })]
    MoveTextsDisagree {
        /// The move, as `Display` writes it.
        mv: String,
        /// What `write_move_texts` wrote for it (`None`: not one text per move).
        written: Option<String>,
    },
    /// Two listed moves are one move by move identity.
    #[error("listed moves {first} and {second} start on the same square and lead to the same position (move identity: one move)")]
    DuplicateMove {
        /// The first listed.
        first: String,
        /// The later one.
        second: String,
    },
    /// [`Position::play_each_move`](column_checkers::Position::play_each_move) makes other positions than the listed moves lead
    /// to.
    #[error("play_each_move {}", match mv { Some(mv) => format!("does not make the position after listed move {mv}"), None => format!("makes {made} positions for {listed} listed moves") })]
    PlayedPositionsDisagree {
        /// The listed move whose position is not among those made (`None`: not one
        /// position for each listed move).
        mv: Option<String>,
        /// How many moves are listed.
        listed: usize,
        /// How many positions it makes.
        made: usize,
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
        /// [`Position::zobrist`](column_checkers::Position::zobrist) after the move.
        incremental: u64,
        /// [`Checking::zobrist_from_scratch`] after the move.
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
    let bytes = text.as_bytes();
    let letters = bytes
        .iter()
        .position(|b| !b.is_ascii_alphabetic())
        .unwrap_or(bytes.len());
    let digits = bytes[letters..]
        .iter()
        .position(|b| !b.is_ascii_digit())
        .map_or(bytes.len(), |i| letters + i);
    // ASCII up to `digits`: a char boundary
    text.get(..digits).unwrap_or(text)
}

/// Checks every invariant of one position (see the [module documentation](self)).
///
/// Its cost is linear in the number of legal moves: the moves are generated once
/// (and counted once), each listed move is played on a copy once and read back from
/// its text against the listed moves from the same square
/// ([`Position::parse_move_among`](column_checkers::Position::parse_move_among)), and duplicates are found through a hash table.
/// The checks that generate the list themselves ([`Position::is_legal`](column_checkers::Position::is_legal),
/// [`Position::play`](column_checkers::Position::play), [`Position::parse_move`](column_checkers::Position::parse_move)) run on one listed move per position,
/// chosen by the position's hash, so that over a game every kind of move meets them.
///
/// # Errors
/// The first [`Violation`] found.
pub fn check<P: Checking>(pos: &P) -> Result<(), Violation> {
    check_listing(pos, &mut MoveList::new())
}

/// [`check`], leaving the legal moves of `pos` in `moves` (for a caller that goes on
/// to play one: the soak run).
///
/// # Errors
/// The first [`Violation`] found.
pub fn check_listing<P: Checking>(pos: &P, moves: &mut MoveList<P::Move>) -> Result<(), Violation> {
    check_listing_in(pos, moves, &mut Scratch::new())
}

/// [`check_listing`] with the buffers of `scratch` (kept from one position to the
/// next: the soak run checks every position of a game with one).
///
/// # Errors
/// The first [`Violation`] found.
pub(crate) fn check_listing_in<P: Checking>(
    pos: &P,
    moves: &mut MoveList<P::Move>,
    scratch: &mut Scratch<P::Move>,
) -> Result<(), Violation> {
    let incremental = pos.zobrist();
    let from_scratch = pos.zobrist_from_scratch();
    if incremental != from_scratch {
        return Err(Violation::HashMismatch {
            incremental,
            scratch: from_scratch,
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
    let outcome = pos.outcome();
    let among = pos.outcome_among(moves);
    if among != outcome {
        return Err(Violation::OutcomeAmongMismatch { among, outcome });
    }
    match (outcome, moves.len()) {
        // a counted draw ends a game whose player could still move: its moves are not
        // read any more (the game is over)
        (
            Some(Outcome::Draw {
                reason: EndReason::KingMoves | EndReason::EndgameMoves,
            }),
            _,
        ) => return Ok(()),
        (Some(outcome), n) if n > 0 => {
            return Err(Violation::OutcomeWithMoves { outcome, moves: n })
        }
        (None, 0) => return Err(Violation::NoMoveNoOutcome),
        (_, 0) => return check_played(pos, moves),
        _ => {}
    }

    // the full-cost paths, on one listed move
    let probe_at = (incremental % moves.len() as u64) as usize;
    let probe = &moves[probe_at];
    let text = probe.to_string();
    if !pos.is_legal(probe) {
        return Err(Violation::ListedMoveNotLegal { mv: text });
    }
    if let Err(error) = pos.clone().play(probe) {
        return Err(Violation::ListedMoveFails { mv: text, error });
    }
    read_back(probe, &text, pos.parse_move(&text))?;

    // every listed move: its text (all in one buffer), the runs of moves from one
    // square and the groups of the moves from each square, then the moves one by one
    let mut all_text = core::mem::take(&mut scratch.text);
    all_text.clear();
    scratch.ends.clear();
    P::write_move_texts(moves, &mut all_text, &mut scratch.ends);
    // the ruleset's writer of move lists against `Display`, on the probe
    let written =
        (scratch.ends.len() == moves.len()).then(|| text_in(&all_text, &scratch.ends, probe_at));
    if written != Some(text.as_str()) {
        return Err(Violation::MoveTextsDisagree {
            mv: text,
            written: written.map(str::to_string),
        });
    }
    scratch.find_groups(all_text.as_bytes(), moves);
    let before = Before {
        turn: pos.turn(),
        men: Color::ALL.map(|c| pos.men(c)),
        conserved: pos.men_are_conserved(),
        // checked equal to the incremental hash above
        scratch: from_scratch,
    };
    // the made positions on the positions `scratch` picks by their hash
    let play_each = incremental.rotate_left(32) % scratch.played_every == 0;
    let result = scratch.check_moves(pos, &before, moves, &all_text, play_each);
    scratch.text = all_text;
    result
}

/// The positions [`Position::play_each_move`](column_checkers::Position::play_each_move) makes against those the listed `moves`
/// of `pos` lead to, played with [`Position::play_for_counting`](column_checkers::Position::play_for_counting): one for each, equal
/// and with equal hashes, matched in any order.
fn check_played<P: Checking>(pos: &P, moves: &[P::Move]) -> Result<(), Violation> {
    let mut made = Vec::with_capacity(moves.len());
    pos.play_each_move(&mut MoveList::new(), |next| {
        made.push((next.zobrist(), next.clone(), false))
    });
    if made.len() != moves.len() {
        return Err(Violation::PlayedPositionsDisagree {
            mv: None,
            listed: moves.len(),
            made: made.len(),
        });
    }
    let n = made.len();
    match_played(pos, moves.iter(), made, n)
}

/// The buffers of [`check_listing`], kept from one position to the next.
pub(crate) struct Scratch<M> {
    /// The texts of the listed moves, one after another (kept between positions).
    text: String,
    /// Where the text of each listed move ends.
    ends: Vec<usize>,
    /// Where each run of listed moves with one origin key starts, then the end of the
    /// list.
    runs: Vec<usize>,
    /// The origin key of each run.
    run_keys: Vec<u64>,
    /// The group (a number for each origin key) of each run.
    run_groups: Vec<usize>,
    /// The group number of each origin key met: (key, number), open addressing.
    numbers: Vec<(u64, usize)>,
    /// The moves group after group, when some key has more than one run (otherwise
    /// empty: the groups are the runs).
    grouped: Vec<M>,
    /// Where each group starts in `grouped`, then the end.
    starts: Vec<usize>,
    /// The first move seen leading from a square to a position of a given hash:
    /// (hash, move number), open addressing.
    seen: Vec<(u64, usize)>,
    /// The list [`Position::play_each_move`](column_checkers::Position::play_each_move) may use.
    played: MoveList<M>,
    /// The listed moves whose positions `play_each_move` did not make in list order.
    unmatched: Vec<usize>,
    /// The positions made by `play_each_move` are checked on one position in this
    /// many (chosen by its hash; 1: on every position).
    played_every: u64,
}

/// An empty slot of the open-addressing tables.
const EMPTY_SLOT: (u64, usize) = (0, usize::MAX);

/// The first slot to probe for `hash` in a table of `mask + 1` slots.
#[inline]
fn slot_of(hash: u64, mask: usize) -> usize {
    (hash.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32) as usize & mask
}

/// Empties `table` and gives it room for `n` entries (at most half full).
fn clear_table(table: &mut Vec<(u64, usize)>, n: usize) {
    table.clear();
    table.resize((2 * n).next_power_of_two().max(2), EMPTY_SLOT);
}

impl<M: Copy> Scratch<M> {
    /// No buffers yet.
    pub(crate) fn new() -> Self {
        Scratch {
            text: String::new(),
            ends: Vec::new(),
            runs: Vec::new(),
            run_keys: Vec::new(),
            run_groups: Vec::new(),
            numbers: Vec::new(),
            grouped: Vec::new(),
            starts: Vec::new(),
            seen: Vec::new(),
            played: MoveList::new(),
            unmatched: Vec::new(),
            played_every: 1,
        }
    }

    /// The same, checking the positions [`Position::play_each_move`](column_checkers::Position::play_each_move) makes on one
    /// position in `n` (chosen by its hash), as the checks that generate the list
    /// themselves run on one listed move in each position: a whole list made again
    /// and played, for perft's shortcut.
    pub(crate) fn played_every(mut self, n: u64) -> Self {
        self.played_every = n.max(1);
        self
    }

    /// Finds the runs of equal origin keys of the texts `all` (ending at `self.ends`)
    /// of `moves`, numbers their keys, and gathers the groups when a key has more than
    /// one run (by a counting sort of the runs: each group in list order). The
    /// generators list a square's moves together, so each run is usually a group of
    /// its own, a slice of the list; the table of keys is consulted only where the key
    /// changes from one move to the next.
    fn find_groups(&mut self, all: &[u8], moves: &[M]) {
        let n = self.ends.len();
        self.runs.clear();
        self.run_keys.clear();
        self.run_groups.clear();
        self.grouped.clear();
        clear_table(&mut self.numbers, n);
        let mask = self.numbers.len() - 1;
        let mut groups = 0;
        let mut scattered = false;
        let mut start = 0;
        let mut last = None;
        // the origin of the run, to see at one look whether a text starts with it
        let mut name = OriginName::NONE;
        for (i, &end) in self.ends.iter().enumerate() {
            // most moves start where the one before starts
            if name.starts(all, start, end) {
                start = end;
                continue;
            }
            let key = origin_key_in(all, start, end);
            name = OriginName::of(key);
            start = end;
            if last == Some(key) {
                continue;
            }
            last = Some(key);
            let mut at = slot_of(key, mask);
            let g = loop {
                match self.numbers[at] {
                    (_, usize::MAX) => {
                        self.numbers[at] = (key, groups);
                        groups += 1;
                        break groups - 1;
                    }
                    (k, g) if k == key => {
                        // a second run of this key
                        scattered = true;
                        break g;
                    }
                    _ => at = (at + 1) & mask,
                }
            };
            self.runs.push(i);
            self.run_keys.push(key);
            self.run_groups.push(g);
        }
        self.runs.push(n);
        if !scattered {
            return;
        }
        // where each group starts in `grouped`
        self.starts.clear();
        self.starts.resize(groups + 1, 0);
        for (r, &g) in self.run_groups.iter().enumerate() {
            self.starts[g + 1] += self.runs[r + 1] - self.runs[r];
        }
        for g in 0..groups {
            self.starts[g + 1] += self.starts[g];
        }
        let mut fill = self.starts.clone();
        self.grouped.extend_from_slice(moves);
        for (r, &g) in self.run_groups.iter().enumerate() {
            for mv in &moves[self.runs[r]..self.runs[r + 1]] {
                self.grouped[fill[g]] = *mv;
                fill[g] += 1;
            }
        }
    }

    /// The texts of `moves` as the checks write them for a ruleset that keeps the
    /// default [`Position::write_move_texts`](column_checkers::Position::write_move_texts) (the buffers kept in `self`).
    #[cfg(test)]
    fn write_texts(&mut self, moves: &[M]) -> String
    where
        M: core::fmt::Display,
    {
        let mut text = core::mem::take(&mut self.text);
        text.clear();
        self.ends.clear();
        column_checkers::custom::write_displayed(moves, &mut text, &mut self.ends);
        text
    }

    /// The moves of the group of run `r` of `moves` (after
    /// [`find_groups`](Self::find_groups)).
    #[cfg(test)]
    fn group<'a>(&'a self, moves: &'a [M], r: usize) -> &'a [M] {
        if self.grouped.is_empty() {
            &moves[self.runs[r]..self.runs[r + 1]]
        } else {
            let g = self.run_groups[r];
            &self.grouped[self.starts[g]..self.starts[g + 1]]
        }
    }
}

impl<M: Copy + core::fmt::Display> Scratch<M> {
    /// Plays every listed move of `pos` (`moves`, with their texts `all_text` after
    /// [`Position::write_move_texts`](column_checkers::Position::write_move_texts) and [`find_groups`](Self::find_groups)),
    /// checks its transition, reads it back from its text against its group, and
    /// looks for two moves from one square to one position; and checks the positions
    /// [`Position::play_each_move`](column_checkers::Position::play_each_move) makes against them, as [`check_played`] does.
    ///
    /// The moves are checked from inside `play_each_move`, one for each position it
    /// makes, in list order: the position after a listed move, played on a copy for
    /// its own checks, is compared at once with the position made beside it, with no
    /// copy kept. A made position that differs from it (`play_each_move` makes them in
    /// another order, or leaves out what [`play_for_counting`](column_checkers::Position::play_for_counting)
    /// may leave out) is matched afterwards as [`check_played`] matches, against the
    /// positions the unmatched moves lead to by `play_for_counting`.
    fn check_moves<P: Checking<Move = M>>(
        &mut self,
        pos: &P,
        before: &Before,
        moves: &[M],
        all_text: &str,
        play_each: bool,
    ) -> Result<(), Violation>
    where
        M: PartialEq,
    {
        clear_table(&mut self.seen, moves.len());
        let Scratch {
            ends,
            runs,
            run_keys,
            run_groups,
            grouped,
            starts,
            seen,
            played,
            unmatched,
            ..
        } = self;
        unmatched.clear();
        // every move read back from its text against its group, then played on a
        // copy: the transition, and the first move seen from a square to a position
        // of a given hash
        let mut next = pos.clone();
        if !play_each {
            // the loop of `check` below, run by run
            let mut start = 0;
            for (r, (&g, &key)) in run_groups.iter().zip(run_keys.iter()).enumerate() {
                let (first, last) = (runs[r], runs[r + 1]);
                let group = if grouped.is_empty() {
                    &moves[first..last]
                } else {
                    &grouped[starts[g]..starts[g + 1]]
                };
                for (i, (mv, &end)) in moves[first..last]
                    .iter()
                    .zip(&ends[first..last])
                    .enumerate()
                {
                    let text = &all_text[start..end];
                    start = end;
                    read_back(mv, text, pos.parse_move_among(text, group))?;
                    next.clone_from(pos);
                    next.play_unchecked(mv);
                    transition(pos, before, || text.to_string(), &next)?;
                    let hash = key ^ next.zobrist().rotate_left(17);
                    let i = first + i;
                    if !insert_new(seen, hash, i) {
                        insert_colliding(seen, hash, i, |j| {
                            duplicate_of(pos, &next, moves, ends, all_text, i, j)
                        })?;
                    }
                }
            }
            return Ok(());
        }
        let mut run = 0;
        let mut check = |i: usize, next: &mut P| -> Result<(), Violation> {
            while runs[run + 1] <= i {
                run += 1;
            }
            let (first, last) = (runs[run], runs[run + 1]);
            let group = if grouped.is_empty() {
                &moves[first..last]
            } else {
                let g = run_groups[run];
                &grouped[starts[g]..starts[g + 1]]
            };
            let mv = &moves[i];
            let text = text_in(all_text, ends, i);
            read_back(mv, text, pos.parse_move_among(text, group))?;
            next.clone_from(pos);
            next.play_unchecked(mv);
            transition(pos, before, || text.to_string(), next)?;
            let hash = run_keys[run] ^ next.zobrist().rotate_left(17);
            if !insert_new(seen, hash, i) {
                insert_colliding(seen, hash, i, |j| {
                    duplicate_of(pos, next, moves, ends, all_text, i, j)
                })?;
            }
            Ok(())
        };
        // the listed move beside each made position, in list order
        let mut result = Ok(());
        let mut i = 0;
        let mut made = 0;
        // made positions not matched in list order: (hash, position, matched yet)
        let mut others: Vec<(u64, P, bool)> = Vec::new();
        pos.play_each_move(played, |p| {
            made += 1;
            if result.is_err() {
                return;
            }
            if i < moves.len() {
                result = check(i, &mut next);
                if result.is_ok() && (p.zobrist() != next.zobrist() || *p != next) {
                    unmatched.push(i);
                    others.push((p.zobrist(), p.clone(), false));
                }
                i += 1;
            } else {
                others.push((p.zobrist(), p.clone(), false));
            }
        });
        result?;
        // the moves beyond the positions made
        for i in i..moves.len() {
            check(i, &mut next)?;
            unmatched.push(i);
        }
        if made != moves.len() {
            return Err(Violation::PlayedPositionsDisagree {
                mv: None,
                listed: moves.len(),
                made,
            });
        }
        match_played(pos, unmatched.iter().map(|&i| &moves[i]), others, made)
    }
}

/// The positions [`Position::play_each_move`](column_checkers::Position::play_each_move) made (`made` in all, as many as there
/// are listed moves) of which `others` (hash, position, matched yet) are left to
/// match, against the positions the listed `moves` left lead to from `pos`, played
/// with [`Position::play_for_counting`](column_checkers::Position::play_for_counting): one for each, equal and with equal hashes,
/// matched in any order.
fn match_played<'a, P: Checking>(
    pos: &P,
    moves: impl Iterator<Item = &'a P::Move>,
    mut others: Vec<(u64, P, bool)>,
    made: usize,
) -> Result<(), Violation>
where
    P::Move: 'a,
{
    others.sort_by_key(|m| m.0);
    let mut next = pos.clone();
    for mv in moves {
        next.clone_from(pos);
        next.play_for_counting(mv);
        let hash = next.zobrist();
        let first = others.partition_point(|m| m.0 < hash);
        let same = others[first..]
            .iter_mut()
            .take_while(|m| m.0 == hash)
            .find(|m| !m.2 && m.1 == next);
        match same {
            Some(m) => m.2 = true,
            None => {
                return Err(Violation::PlayedPositionsDisagree {
                    mv: Some(mv.to_string()),
                    listed: made,
                    made,
                })
            }
        }
    }
    Ok(())
}

/// Inserts `(hash, i)` into `table` (open addressing, never full) when no entry there
/// has the same hash, and answers whether it did.
#[inline(always)]
fn insert_new(table: &mut [(u64, usize)], hash: u64, i: usize) -> bool {
    let mask = table.len() - 1;
    let mut at = slot_of(hash, mask);
    loop {
        match table[at] {
            (_, usize::MAX) => {
                table[at] = (hash, i);
                return true;
            }
            (h, _) if h == hash => return false,
            _ => at = (at + 1) & mask,
        }
    }
}

/// Inserts `(hash, i)` into `table` (open addressing, never full), calling `equal`
/// with the number of every entry already there with the same hash, and answering its
/// first error: where [`insert_new`] met an equal hash (a duplicate, or two positions
/// of one hash).
#[cold]
#[inline(never)]
fn insert_colliding(
    table: &mut [(u64, usize)],
    hash: u64,
    i: usize,
    mut equal: impl FnMut(usize) -> Result<(), Violation>,
) -> Result<(), Violation> {
    let mask = table.len() - 1;
    let mut at = slot_of(hash, mask);
    loop {
        match table[at] {
            (_, usize::MAX) => {
                table[at] = (hash, i);
                return Ok(());
            }
            (h, j) if h == hash => equal(j)?,
            _ => {}
        }
        at = (at + 1) & mask;
    }
}

/// The text of listed move `i` (of texts `all` ending at `ends`).
#[inline]
fn text_in<'a>(all: &'a str, ends: &[usize], i: usize) -> &'a str {
    &all[if i == 0 { 0 } else { ends[i - 1] }..ends[i]]
}

/// Listed moves `j` and `i` (later) lead from squares of one key to positions of one
/// hash: [`Violation::DuplicateMove`] when they lead to one position (`next`, after
/// move `i`) from one square.
#[cold]
#[inline(never)]
fn duplicate_of<P: Checking>(
    pos: &P,
    next: &P,
    moves: &[P::Move],
    ends: &[usize],
    all: &str,
    i: usize,
    j: usize,
) -> Result<(), Violation> {
    let mut other = pos.clone();
    other.play_unchecked(&moves[j]);
    let (first, second) = (text_in(all, ends, j), text_in(all, ends, i));
    // the squares too, against a collision of their keys
    if other == *next && origin(first) == origin(second) {
        return Err(Violation::DuplicateMove {
            first: first.to_string(),
            second: second.to_string(),
        });
    }
    Ok(())
}

/// The key of the square a move text starts from ([`origin`]): a name of up to 7
/// bytes packed with its length, a longer one hashed (two names with one key only
/// widen the moves a text is read back against, and the duplicate test compares the
/// names too).
#[cfg(test)]
fn origin_key(text: &str) -> u64 {
    origin_key_in(text.as_bytes(), 0, text.len())
}

/// [`origin_key`] of the text `all[start..end]` (the bytes after it may be read too,
/// and are masked off: one load of eight bytes packs a short name).
#[inline(always)]
fn origin_key_in(all: &[u8], start: usize, end: usize) -> u64 {
    let text = &all[start..end];
    let mut n = 0;
    while n < text.len() && text[n].is_ascii_alphabetic() {
        n += 1;
    }
    while n < text.len() && text[n].is_ascii_digit() {
        n += 1;
    }
    if n < 8 {
        let word = match all.get(start..start + 8) {
            Some(word) => u64::from_le_bytes(word.try_into().expect("8 bytes")),
            None => text[..n]
                .iter()
                .enumerate()
                .fold(0, |k, (i, &b)| k | u64::from(b) << (8 * i)),
        };
        // byte i of the name in byte i of the key, the length in the top byte
        word & ((1u64 << (8 * n)) - 1) | (n as u64) << 56
    } else {
        let mut h = FastHasher::default();
        h.write(&text[..n]);
        h.finish() | 1 << 63
    }
}

/// The origin of a run of listed moves, as [`origin_key`] packs a name of up to 7
/// bytes, to see whether a text starts with it.
#[derive(Clone, Copy, Debug)]
struct OriginName {
    /// The name's bytes (byte `i` of the name in byte `i`).
    word: u64,
    /// The bytes of the name: `(1 << 8 * len) - 1`.
    mask: u64,
    /// The name's length (8 for none: no text starts with it).
    len: usize,
    /// Which kind of byte may follow the name without lengthening it, by
    /// [`byte_kind`]: bit 0 (anything else) always, bit 1 (a letter) after a name
    /// that ends with a digit, never bit 2 (a digit).
    may_follow: u8,
}

/// 0 for a byte that is neither an ASCII letter nor digit, 1 for a letter, 2 for a
/// digit.
const fn byte_kind(b: u8) -> u8 {
    if b.is_ascii_alphabetic() {
        1
    } else if b.is_ascii_digit() {
        2
    } else {
        0
    }
}

impl OriginName {
    /// No origin: no text starts with it.
    const NONE: OriginName = OriginName {
        word: 0,
        mask: 0,
        len: 8,
        may_follow: 0,
    };

    /// The origin of key `key` (an [`origin_key`]); [`NONE`](Self::NONE) for a long
    /// name (hashed in its key).
    #[inline(always)]
    fn of(key: u64) -> OriginName {
        let len = (key >> 56) as usize;
        if len >= 8 {
            return OriginName::NONE;
        }
        let mask = (1u64 << (8 * len)) - 1;
        let word = key & mask;
        let ends_with_digit = len > 0
            && (word >> (8 * (len - 1))) as u8 >= b'0'
            && ((word >> (8 * (len - 1))) as u8) <= b'9';
        OriginName {
            word,
            mask,
            len,
            may_follow: 1 | u8::from(ends_with_digit) << 1,
        }
    }

    /// Whether the text `all[start..end]` starts with this origin, so that its
    /// [`origin_key`] is the origin's: the name, then the end of the text or a byte
    /// that does not lengthen the name. `false` may also mean only that the text is too
    /// near the end of `all` for one load of eight bytes.
    #[inline(always)]
    fn starts(&self, all: &[u8], start: usize, end: usize) -> bool {
        let Some(word) = all.get(start..start + 8) else {
            return false;
        };
        let word = u64::from_le_bytes(word.try_into().expect("8 bytes"));
        if self.len >= 8 || (word ^ self.word) & self.mask != 0 || start + self.len > end {
            return false;
        }
        let after = (word >> (8 * (self.len & 7))) as u8;
        start + self.len == end || self.may_follow >> byte_kind(after) & 1 != 0
    }
}

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
#[inline(always)]
pub(crate) fn read_back<M: PartialEq + core::fmt::Display>(
    mv: &M,
    text: &str,
    read: Result<M, MoveParseError>,
) -> Result<(), Violation> {
    match read {
        Ok(read) if read == *mv => Ok(()),
        other => Err(read_back_failure(text, other)),
    }
}

/// The violation of a move text that reads back as `read`, not as the move.
#[cold]
#[inline(never)]
fn read_back_failure<M: core::fmt::Display>(
    text: &str,
    read: Result<M, MoveParseError>,
) -> Violation {
    match read {
        Ok(read) => Violation::MoveTextMismatch {
            mv: text.to_string(),
            read: read.to_string(),
        },
        Err(error) => Violation::MoveTextUnreadable {
            mv: text.to_string(),
            error,
        },
    }
}

/// Checks that the position text of `pos` reads back as `pos`.
///
/// # Errors
/// [`Violation::TextUnreadable`] or [`Violation::TextMismatch`].
pub fn check_text<P: Checking>(pos: &P) -> Result<(), Violation> {
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
pub fn check_move<P: Checking>(before: &P, mv: &P::Move, after: &P) -> Result<(), Violation> {
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
/// when [`Position::men_are_conserved`](column_checkers::Position::men_are_conserved) each side has exactly as many.
///
/// # Errors
/// [`Violation::TurnNotPassed`], [`Violation::HashMismatchAfter`],
/// [`Violation::MenNotConserved`] or [`Violation::MenIncreased`].
pub fn check_transition<P: Checking>(
    before: &P,
    mv_text: &str,
    after: &P,
) -> Result<(), Violation> {
    let facts = Before {
        turn: before.turn(),
        men: Color::ALL.map(|c| before.men(c)),
        conserved: before.men_are_conserved(),
        scratch: before.zobrist_from_scratch(),
    };
    transition(before, &facts, || mv_text.to_string(), after)
}

/// What [`check_transition`] needs of the position before a move.
struct Before {
    /// The side to move.
    turn: Color,
    /// The men of each side.
    men: [usize; 2],
    /// Whether men are conserved.
    conserved: bool,
    /// The position's hash from scratch.
    scratch: u64,
}

/// [`check_transition`] from `before` (the position before the move) and the facts
/// about it, computed once for all its moves.
#[inline(always)]
fn transition<P: Checking>(
    before: &P,
    facts: &Before,
    mv_text: impl FnOnce() -> String,
    after: &P,
) -> Result<(), Violation> {
    if after.turn() == facts.turn {
        return Err(turn_not_passed(mv_text()));
    }
    let incremental = after.zobrist();
    let scratch = after.zobrist_from_scratch_beside(before, facts.scratch);
    if incremental != scratch {
        return Err(hash_mismatch_after(mv_text(), incremental, scratch));
    }
    for color in Color::ALL {
        let b = facts.men[color.index()];
        let a = after.men(color);
        if (facts.conserved && a != b) || a > b {
            return Err(men_violation(mv_text(), facts.conserved, color, b, a));
        }
    }
    Ok(())
}

/// [`Violation::TurnNotPassed`].
#[cold]
#[inline(never)]
fn turn_not_passed(mv: String) -> Violation {
    Violation::TurnNotPassed { mv }
}

/// [`Violation::HashMismatchAfter`].
#[cold]
#[inline(never)]
fn hash_mismatch_after(mv: String, incremental: u64, scratch: u64) -> Violation {
    Violation::HashMismatchAfter {
        mv,
        incremental,
        scratch,
    }
}

/// [`Violation::MenNotConserved`] when `conserved` and the men changed,
/// [`Violation::MenIncreased`] otherwise.
#[cold]
#[inline(never)]
fn men_violation(
    mv: String,
    conserved: bool,
    color: Color,
    before: usize,
    after: usize,
) -> Violation {
    if conserved && after != before {
        Violation::MenNotConserved {
            mv,
            color,
            before,
            after,
        }
    } else {
        Violation::MenIncreased {
            mv,
            color,
            before,
            after,
        }
    }
}

/// Takes back the last move of `game` and plays it again, checking that the game is
/// back where it was (the same current position and moves). Does nothing at the start
/// of a game, where [`Game::undo`] must answer `None`.
///
/// # Errors
/// [`Violation::UndoRedoMismatch`].
pub fn check_undo_redo<P: Checking>(game: &mut Game<P>) -> Result<(), Violation> {
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
    use column_checkers::Position;

    #[test]
    fn origins() {
        assert_eq!(origin("e4xc4xc6"), "e4");
        assert_eq!(origin("c3:e5"), "c3");
        assert_eq!(origin("32-28"), "32");
        assert_eq!(origin("d6"), "d6");
        assert_eq!(origin("e10xe8"), "e10");
        assert_eq!(origin("b5-c5"), "b5");
    }

    #[test]
    fn origin_keys_tell_names_apart() {
        assert_eq!(origin_key("e4xc4"), origin_key("e4-e5"));
        assert_ne!(origin_key("e4-e5"), origin_key("e5-e4"));
        assert_ne!(origin_key("a1"), origin_key("a10"));
        // a long name is hashed, and stays apart from the short ones
        assert_eq!(origin_key("abcdefgh1-a1"), origin_key("abcdefgh1xb2"));
        assert_ne!(origin_key("abcdefgh1-a1"), origin_key("abcdefgh2-a1"));
        // read inside a longer text, the bytes after the name do not count
        let all = b"e4-e5e4xc4xc6a10-a9";
        assert_eq!(origin_key_in(all, 0, 5), origin_key("e4-e5"));
        assert_eq!(origin_key_in(all, 5, 13), origin_key("e4xc4xc6"));
        assert_eq!(origin_key_in(all, 13, 19), origin_key("a10-a9"));
        assert_eq!(origin_key_in(all, 0, 1), origin_key("e"));
    }

    /// The groups `find_groups` finds for move texts `texts`: for each move, the
    /// texts of its group.
    fn groups_of(texts: &[&'static str]) -> Vec<Vec<&'static str>> {
        let mut scratch = Scratch::new();
        let all = scratch.write_texts(texts);
        scratch.find_groups(all.as_bytes(), texts);
        (0..texts.len())
            .map(|i| {
                let r = scratch.runs.iter().rposition(|&start| start <= i).unwrap();
                scratch.group(texts, r).to_vec()
            })
            .collect()
    }

    #[test]
    fn a_text_starting_with_an_origin_has_its_key() {
        let texts = [
            "e4-e5",
            "e4xc4",
            "e4",
            "e45-e4",
            "e",
            "e-e4",
            "ex4",
            "e4e5",
            "a10-a9",
            "a1-a2",
            "a10",
            "32-28",
            "3-28",
            "32",
            "32x",
            "x32",
            "",
            "-",
            "abcdefg1-a1",
            "abcdefgh1-a1",
        ];
        // the texts one after another, and padding for the loads at the end
        let mut all = Vec::new();
        let mut spans = Vec::new();
        for t in texts {
            spans.push((all.len(), all.len() + t.len()));
            all.extend_from_slice(t.as_bytes());
        }
        all.extend_from_slice(b"--------");
        let mut met = 0;
        for &(s1, e1) in &spans {
            let key = origin_key_in(&all, s1, e1);
            for &(s2, e2) in &spans {
                let same = origin_key_in(&all, s2, e2) == key;
                if OriginName::of(key).starts(&all, s2, e2) {
                    assert!(same, "{:?} {:?}", &all[s1..e1], &all[s2..e2]);
                    met += 1;
                } else {
                    // a short name of the same origin is always seen
                    assert!(
                        !same || key >> 56 >= 8,
                        "{:?} {:?}",
                        &all[s1..e1],
                        &all[s2..e2]
                    );
                }
            }
        }
        assert!(met > texts.len());
        // too near the end for one load: the long way
        let key = origin_key("e4");
        assert!(!OriginName::of(key).starts(b"e4-e5", 0, 5));
        assert!(OriginName::of(key).starts(b"e4-e5---", 0, 5));
        // no origin, or a long one: never
        assert!(!OriginName::NONE.starts(b"--------", 0, 0));
        assert!(!OriginName::NONE.starts(b"abcdefgh", 0, 8));
        assert!(!OriginName::of(origin_key("abcdefgh1")).starts(b"abcdefgh1-a1", 0, 12));
    }

    #[test]
    fn groups_gather_a_square_listed_twice() {
        // squares a1, a1, b2, a1, c3, b2: the second run of a1 and of b2 join their
        // groups
        let texts = ["a1-a2", "a1xa3", "b2-b3", "a1-b1", "c3-c4", "b2-c2"];
        let groups = groups_of(&texts);
        let a1 = ["a1-a2", "a1xa3", "a1-b1"];
        let b2 = ["b2-b3", "b2-c2"];
        assert_eq!(groups[0], a1);
        assert_eq!(groups[3], a1);
        assert_eq!(groups[2], b2);
        assert_eq!(groups[5], b2);
        assert_eq!(groups[4], ["c3-c4"]);
        // the same buffers serve the next list, and its groups are runs again
        let mut scratch = Scratch::new();
        for list in [&texts[..], &texts[..3]] {
            let all = scratch.write_texts(list);
            scratch.find_groups(all.as_bytes(), list);
            assert_eq!(scratch.grouped.is_empty(), list.len() == 3);
            scratch.text = all;
        }
    }

    #[test]
    fn groups_of_runs_are_slices_of_the_list() {
        let texts = ["a1-a2", "a1-a3", "b2-b3", "c3-c4", "c3xc5"];
        let mut scratch = Scratch::new();
        let all = scratch.write_texts(&texts);
        scratch.find_groups(all.as_bytes(), &texts);
        assert!(scratch.grouped.is_empty());
        assert_eq!(scratch.runs, [0, 2, 3, 5]);
        assert_eq!(scratch.group(&texts, 0), ["a1-a2", "a1-a3"]);
        assert_eq!(scratch.group(&texts, 1), ["b2-b3"]);
        assert_eq!(scratch.group(&texts, 2), ["c3-c4", "c3xc5"]);
    }

    #[test]
    fn probe_table_finds_every_equal_hash() {
        let mut table = Vec::new();
        // a table used before, emptied
        clear_table(&mut table, 3);
        table[1] = (9, 0);
        clear_table(&mut table, 5);
        let mut met = Vec::new();
        for (i, h) in [9u64, 4, 9, 17, 9].into_iter().enumerate() {
            let new = insert_new(&mut table, h, i);
            assert_eq!(new, !matches!(i, 2 | 4));
            if !new {
                let r = insert_colliding(&mut table, h, i, |j| {
                    met.push((j, i));
                    Ok(())
                });
                assert_eq!(r, Ok(()));
            }
        }
        assert_eq!(met, [(0, 2), (0, 4), (2, 4)]);
        assert_eq!(table.iter().filter(|&&(_, i)| i != usize::MAX).count(), 5);
        // the first error stops the insertion
        assert!(!insert_new(&mut table, 9, 5));
        let r = insert_colliding(&mut table, 9, 5, |_| Err(Violation::NoMoveNoOutcome));
        assert_eq!(r, Err(Violation::NoMoveNoOutcome));
    }

    type Neo = column_checkers::NeoCrossings;

    /// NeoCrossings with one bug, to see each check catch it: `salt` spoils the
    /// incremental hash, `extra` the men count of the side that just moved.
    #[derive(Clone, Debug)]
    struct Faulty<const BUG: u8> {
        pos: Neo,
        salt: u64,
        extra: usize,
    }

    /// None.
    const SOUND: u8 = 0;
    /// Lists its first move twice.
    const TWICE: u8 = 1;
    /// Spoils the incremental hash on every move of a single man.
    const HASH: u8 = 2;
    /// Reads every move text as the first move of the list given.
    const TEXT: u8 = 3;
    /// Counts a man too many for the side that moved a single man.
    const MEN: u8 = 4;
    /// Writes a space after every move text of a list.
    const WRITE: u8 = 5;
    /// Writes the texts of a list but its last move.
    const SHORT: u8 = 6;
    /// Makes the position before its first move rather than after it
    /// (`play_each_move`).
    const PLAYED: u8 = 7;
    /// Makes no position for its last move (`play_each_move`).
    const UNPLAYED: u8 = 8;
    /// Makes the right positions, in the reverse of the list's order
    /// (`play_each_move`): no bug.
    const REVERSED: u8 = 9;

    impl<const BUG: u8> PartialEq for Faulty<BUG> {
        fn eq(&self, other: &Self) -> bool {
            self.pos == other.pos
        }
    }

    impl<const BUG: u8> Eq for Faulty<BUG> {}

    impl<const BUG: u8> core::fmt::Display for Faulty<BUG> {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            self.pos.fmt(f)
        }
    }

    impl<const BUG: u8> core::str::FromStr for Faulty<BUG> {
        type Err = PositionError;
        fn from_str(s: &str) -> Result<Self, PositionError> {
            s.parse().map(|pos| Faulty {
                pos,
                salt: 0,
                extra: 0,
            })
        }
    }

    impl<const BUG: u8> Position for Faulty<BUG> {
        type Move = <Neo as Position>::Move;
        const NAME: &'static str = "faulty";
        fn start() -> Self {
            Faulty {
                pos: Neo::start(),
                salt: 0,
                extra: 0,
            }
        }
        fn turn(&self) -> Color {
            self.pos.turn()
        }
        fn legal_moves(&self, moves: &mut MoveList<Self::Move>) {
            self.pos.legal_moves(moves);
            if BUG == TWICE {
                if let Some(&first) = moves.first() {
                    moves.push(first);
                }
            }
        }
        fn play_unchecked(&mut self, mv: &Self::Move) {
            self.pos.play_unchecked(mv);
            let single = mv.men() == 1;
            self.salt = u64::from(BUG == HASH && single);
            self.extra = usize::from(BUG == MEN && single);
        }
        fn outcome(&self) -> Option<Outcome> {
            self.pos.outcome()
        }
        fn zobrist(&self) -> u64 {
            self.pos.zobrist() ^ self.salt
        }
        fn parse_move(&self, text: &str) -> Result<Self::Move, MoveParseError> {
            self.pos.parse_move(text)
        }
        fn men(&self, color: Color) -> usize {
            let mover = !self.pos.turn();
            self.pos.men(color) + if color == mover { self.extra } else { 0 }
        }
        fn diagram(&self) -> String {
            self.pos.diagram()
        }

        fn count_legal_moves(&self) -> usize {
            self.pos.count_legal_moves() + usize::from(BUG == TWICE)
        }

        fn play_each_move(&self, scratch: &mut MoveList<Self::Move>, mut visit: impl FnMut(&Self)) {
            self.legal_moves(scratch);
            let n = scratch.len() - usize::from(BUG == UNPLAYED && !scratch.is_empty());
            if BUG == REVERSED {
                scratch.reverse();
            }
            for (i, mv) in scratch[..n].iter().enumerate() {
                let mut next = self.clone();
                if BUG != PLAYED || i > 0 {
                    next.play_for_counting(mv);
                }
                visit(&next);
            }
        }

        fn parse_move_among(
            &self,
            text: &str,
            legal: &[Self::Move],
        ) -> Result<Self::Move, MoveParseError> {
            if BUG == TEXT {
                return legal.first().copied().ok_or(MoveParseError::Empty);
            }
            self.pos.parse_move_among(text, legal)
        }
        fn write_move_texts(moves: &[Self::Move], out: &mut String, ends: &mut Vec<usize>) {
            match BUG {
                WRITE => {
                    for mv in moves {
                        *out += &format!("{mv} ");
                        ends.push(out.len());
                    }
                }
                SHORT => Neo::write_move_texts(&moves[..moves.len() - 1], out, ends),
                _ => Neo::write_move_texts(moves, out, ends),
            }
        }
    }

    impl<const BUG: u8> Checking for Faulty<BUG> {
        fn zobrist_from_scratch(&self) -> u64 {
            self.pos.zobrist_from_scratch()
        }
    }

    #[test]
    fn each_check_catches_its_bug() {
        assert_eq!(check(&Faulty::<SOUND>::start()), Ok(()));
        assert!(matches!(
            check(&Faulty::<TWICE>::start()),
            Err(Violation::DuplicateMove { first, second }) if first == second
        ));
        assert!(matches!(
            check(&Faulty::<HASH>::start()),
            Err(Violation::HashMismatchAfter { mv, .. }) if mv.contains('-')
        ));
        assert!(matches!(
            check(&Faulty::<TEXT>::start()),
            Err(Violation::MoveTextMismatch { .. })
        ));
        assert!(matches!(
            check(&Faulty::<MEN>::start()),
            Err(Violation::MenIncreased {
                color: Color::White,
                ..
            })
        ));
        let written = check(&Faulty::<WRITE>::start());
        assert!(matches!(
            &written,
            Err(Violation::MoveTextsDisagree { mv, written: Some(w) }) if *w == format!("{mv} ")
        ));
        assert!(written
            .unwrap_err()
            .to_string()
            .starts_with("write_move_texts writes \""));
        let played = check(&Faulty::<PLAYED>::start());
        assert!(matches!(
            &played,
            Err(Violation::PlayedPositionsDisagree { mv: Some(_), listed, made }) if listed == made
        ));
        assert!(played
            .unwrap_err()
            .to_string()
            .starts_with("play_each_move does not make the position after listed move "));
        let unplayed = check(&Faulty::<UNPLAYED>::start());
        assert!(matches!(
            &unplayed,
            Err(Violation::PlayedPositionsDisagree { mv: None, listed, made }) if *listed == made + 1
        ));
        assert!(unplayed
            .unwrap_err()
            .to_string()
            .contains(" positions for "));
        // in another order than the list's, matched by position
        assert_eq!(check(&Faulty::<REVERSED>::start()), Ok(()));
        let short = check(&Faulty::<SHORT>::start());
        assert!(matches!(
            &short,
            Err(Violation::MoveTextsDisagree { written: None, .. })
        ));
        assert!(short
            .unwrap_err()
            .to_string()
            .contains("another number of texts"));
    }

    /// With `played_every(n)`, the positions `play_each_move` makes are checked on
    /// the positions whose hash picks them, every other check on every position.
    #[test]
    fn made_positions_checked_on_the_positions_picked() {
        let pos = Faulty::<PLAYED>::start();
        let pick = pos.zobrist().rotate_left(32);
        let checked = |n: u64| {
            check_listing_in(
                &pos,
                &mut MoveList::new(),
                &mut Scratch::new().played_every(n),
            )
        };
        let skipped = (2..).find(|n| pick % n != 0).unwrap();
        assert_eq!(checked(skipped), Ok(()));
        assert!(matches!(
            checked(1),
            Err(Violation::PlayedPositionsDisagree { .. })
        ));
        assert!(matches!(
            checked(pick),
            Err(Violation::PlayedPositionsDisagree { .. })
        ));
        // the other checks run anyway
        let twice = Faulty::<TWICE>::start();
        let skipped = (2..)
            .find(|n| twice.zobrist().rotate_left(32) % n != 0)
            .unwrap();
        assert!(matches!(
            check_listing_in(
                &twice,
                &mut MoveList::new(),
                &mut Scratch::new().played_every(skipped)
            ),
            Err(Violation::DuplicateMove { .. })
        ));
    }
}
