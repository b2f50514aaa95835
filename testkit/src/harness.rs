//! Fuzz harnesses: scenarios driven by arbitrary bytes, run on every ruleset of the
//! crate ([`Ruleset::ALL`]), each option set on its own (or the one the bytes select),
//! that answer
//! `Err(`[`Finding`]`)` on anything the crate promises not to do — a broken invariant
//! ([`invariants`]), a failed operation that changed the state, an accepted illegal
//! move. A panic inside them is a finding too.
//!
//! The `fuzz/` crate's `cargo fuzz` targets call these functions; the regression tests
//! replay inputs with them, and the tests run them on seeded random bytes. Their cost
//! is bounded by the input's length (and the crate's own bounds on text and material).
//!
//! ```
//! use column_checkers_testkit::harness;
//!
//! harness::position_text(b"e5:wb w 0/0").unwrap();
//! harness::move_text(b"\x00seedseed\x04e4-e5").unwrap();
//! harness::play_sequence(&[1, 7, 3, 250, 9]).unwrap();
//! harness::game_ops(&[0, 0, 3, 1, 2, 2, 4, 3, b'x', b'y', 5]).unwrap();
//! harness::click_sequence(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0x80, 0x81, 0xFE, 0x81, 7]).unwrap();
//! ```

use crate::checking::{visit, Checking, CheckingVisitor};
use crate::invariants::{self, Violation};
use column_checkers::error::{MoveParseError, PlayError};
use column_checkers::playout::SplitMix64;
use column_checkers::{
    Game, Geometry, Introspect, MoveInput, MoveList, MoveSquares, Position, Ruleset, Square,
};
use thiserror::Error;

/// Plies at most that [`play_sequence`] and [`game_ops`] play, whatever the input's
/// length.
pub const MAX_PLIES: usize = 400;

/// Something a harness found wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum Finding {
    /// A broken invariant.
    #[error("{ruleset}: {violation} (in {position:?})")]
    Violation {
        /// The ruleset's name.
        ruleset: &'static str,
        /// The position text where it showed.
        position: String,
        /// What is wrong.
        violation: Box<Violation>,
    },
    /// An operation that failed changed the state.
    #[error("{ruleset}: failed {op} changed the state (in {position:?})")]
    StateChanged {
        /// The ruleset's name.
        ruleset: &'static str,
        /// The operation.
        op: String,
        /// The position text before it.
        position: String,
    },
    /// Any other broken promise, in words.
    #[error("{ruleset}: {what} (in {position:?})")]
    Wrong {
        /// The ruleset's name.
        ruleset: &'static str,
        /// The position text where it showed.
        position: String,
        /// What is wrong.
        what: String,
    },
}

fn violation<P: Position>(pos: &P) -> impl Fn(Violation) -> Finding + '_ {
    move |violation| Finding::Violation {
        ruleset: P::NAME,
        position: pos.to_string(),
        violation: Box::new(violation),
    }
}

fn wrong<P: Position>(pos: &P, what: String) -> Finding {
    Finding::Wrong {
        ruleset: P::NAME,
        position: pos.to_string(),
        what,
    }
}

/// Input bytes read in order; zeros once exhausted.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn u8(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }
    fn u64(&mut self) -> u64 {
        (0..8).fold(0, |acc, _| acc << 8 | self.u8() as u64)
    }
    fn take(&mut self, n: usize) -> &[u8] {
        let (a, b) = self.0.split_at(n.min(self.0.len()));
        self.0 = b;
        a
    }
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Runs `visitor` on the ruleset number `index` of [`Ruleset::ALL`] (modulo their
/// number; each option set is a ruleset of its own).
fn on_ruleset<V: CheckingVisitor>(index: u8, visitor: V) -> V::Output {
    visit(Ruleset::ALL[index as usize % Ruleset::ALL.len()], visitor)
}

/// Reads the input as a position text in every ruleset. A text that is accepted must
/// give a position that passes [`invariants::check`]; a text that is refused must get
/// an error whose byte offset lies within the text.
///
/// # Errors
/// The first [`Finding`].
pub fn position_text(data: &[u8]) -> Result<(), Finding> {
    struct V<'a>(&'a str);
    impl CheckingVisitor for V<'_> {
        type Output = Result<(), Finding>;
        fn visit<P: Introspect + Checking>(self) -> Self::Output {
            match self.0.parse::<P>() {
                Ok(pos) => invariants::check(&pos).map_err(violation(&pos)),
                Err(e) if e.at <= self.0.len() => Ok(()),
                Err(e) => Err(wrong(
                    &P::start(),
                    format!("error offset {} beyond the text: {e}", e.at),
                )),
            }
        }
    }
    let text = String::from_utf8_lossy(data);
    for r in Ruleset::ALL {
        visit(*r, V(&text))?;
    }
    Ok(())
}

/// A position reached from the start by up to `plies` random legal moves with `seed`,
/// through a [`Game`] (so it has a history).
fn random_game<P: Position>(seed: u64, plies: usize) -> Game<P> {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(P::start());
    let mut moves = MoveList::new();
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        game.position().legal_moves(&mut moves);
        let Some(&mv) = moves.get(rng.below(moves.len().max(1))) else {
            break;
        };
        if game.play(&mv).is_err() {
            break;
        }
    }
    game
}

/// Input: a ruleset byte, an 8-byte seed, a ply count byte, then a move text. Reaches a
/// position by that many random moves and reads the text against it: a move read must
/// be legal and play; [`Game::play_text`] must either fail leaving the game as it was
/// (its redo list included) or play exactly the move read.
///
/// # Errors
/// The first [`Finding`].
pub fn move_text(data: &[u8]) -> Result<(), Finding> {
    struct V<'a>(u64, usize, &'a str);
    impl CheckingVisitor for V<'_> {
        type Output = Result<(), Finding>;
        fn visit<P: Introspect + Checking>(self) -> Self::Output {
            let V(seed, plies, text) = self;
            let mut game = random_game::<P>(seed, plies);
            if plies % 3 == 0 {
                // leave a move to redo, which a failed play_text must keep
                game.undo();
            }
            let pos = game.position().clone();
            let parsed = pos.parse_move(text);
            if let Ok(mv) = parsed {
                if !pos.is_legal(&mv) {
                    return Err(wrong(&pos, format!("{text:?} read as illegal move {mv}")));
                }
                let mut next = pos.clone();
                if let Err(e) = next.play(&mv) {
                    return Err(wrong(
                        &pos,
                        format!("{text:?} read as {mv}, which fails: {e}"),
                    ));
                }
            }
            let before = game.clone();
            match game.play_text(text) {
                Err(_) if game == before => Ok(()),
                Err(e) => Err(Finding::StateChanged {
                    ruleset: P::NAME,
                    op: format!("play_text({text:?}): {e}"),
                    position: pos.to_string(),
                }),
                Ok(mv) if parsed.as_ref() == Ok(&mv) => {
                    let mut next = pos.clone();
                    next.play_unchecked(&mv);
                    if *game.position() != next {
                        return Err(wrong(&pos, format!("play_text({text:?}) played wrong")));
                    }
                    invariants::check_move(&pos, &mv, game.position()).map_err(violation(&pos))
                }
                Ok(mv) => Err(wrong(
                    &pos,
                    format!("play_text({text:?}) played {mv}, parse_move said {parsed:?}"),
                )),
            }
        }
    }
    let mut b = Bytes(data);
    let ruleset = b.u8();
    let seed = b.u64();
    let plies = b.u8() as usize;
    let text = String::from_utf8_lossy(b.0);
    on_ruleset(ruleset, V(seed, plies, &text))
}

/// Input: a ruleset byte, then one byte per move choosing it by index (modulo the
/// number) from the legal moves. Checks [`invariants::check`] on every position and
/// [`invariants::check_move`] on every move, for at most [`MAX_PLIES`] plies.
///
/// # Errors
/// The first [`Finding`].
pub fn play_sequence(data: &[u8]) -> Result<(), Finding> {
    struct V<'a>(&'a [u8]);
    impl CheckingVisitor for V<'_> {
        type Output = Result<(), Finding>;
        fn visit<P: Introspect + Checking>(self) -> Self::Output {
            let mut pos = P::start();
            let mut moves = MoveList::new();
            for &choice in self.0.iter().take(MAX_PLIES) {
                invariants::check(&pos).map_err(violation(&pos))?;
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    return Ok(());
                }
                let mv = moves[choice as usize % moves.len()];
                let before = pos.clone();
                pos.play(&mv).map_err(|error| {
                    violation(&before)(Violation::ListedMoveFails {
                        mv: mv.to_string(),
                        error,
                    })
                })?;
                invariants::check_move(&before, &mv, &pos).map_err(violation(&before))?;
            }
            invariants::check(&pos).map_err(violation(&pos))
        }
    }
    let mut b = Bytes(data);
    let ruleset = b.u8();
    on_ruleset(ruleset, V(b.0))
}

/// Input: a ruleset byte, then operations on a [`Game`], one byte each (some read an
/// argument byte or more): play a legal move by index, undo, redo, play a legal move by
/// its text, play a junk text, play a move of another position. A model of the game
/// (its positions and the moves to redo) is kept beside it: every operation must do
/// what the model says, and every failed one must leave the game `==` to what it was.
///
/// # Errors
/// The first [`Finding`].
pub fn game_ops(data: &[u8]) -> Result<(), Finding> {
    struct V<'a>(&'a [u8]);
    impl CheckingVisitor for V<'_> {
        type Output = Result<(), Finding>;
        fn visit<P: Introspect + Checking>(self) -> Self::Output {
            let mut b = Bytes(self.0);
            let mut game = Game::new(P::start());
            // the model: positions from the start, and the moves to redo (last first)
            let mut history = vec![P::start()];
            let mut redo: Vec<P::Move> = Vec::new();
            // moves seen in earlier positions, to try where they may be illegal
            let mut seen: Vec<P::Move> = Vec::new();
            let mut moves = MoveList::new();
            let mut steps = 0;
            while !b.is_empty() && steps < MAX_PLIES {
                steps += 1;
                let pos = game.position().clone();
                if *history.last().expect("start") != pos || game.moves().len() + 1 != history.len()
                {
                    return Err(wrong(&pos, "the game differs from its model".into()));
                }
                if pos.zobrist() != pos.zobrist_from_scratch() {
                    let (incremental, scratch) = (pos.zobrist(), pos.zobrist_from_scratch());
                    return Err(violation(&pos)(Violation::HashMismatch {
                        incremental,
                        scratch,
                    }));
                }
                pos.legal_moves(&mut moves);
                let over = game.outcome().is_some();
                if over != (moves.is_empty() || (game.repetitions() >= 3 && pos.repetition_draws()))
                {
                    return Err(wrong(&pos, "game outcome and legal moves disagree".into()));
                }
                let before = game.clone();
                let unchanged = |game: &Game<P>, op: String| {
                    if *game == before {
                        Ok(())
                    } else {
                        Err(Finding::StateChanged {
                            ruleset: P::NAME,
                            op,
                            position: pos.to_string(),
                        })
                    }
                };
                let op = b.u8() % 6;
                let arg = b.u8();
                match op {
                    0 | 3 if !moves.is_empty() => {
                        let mv = moves[arg as usize % moves.len()];
                        seen.push(mv);
                        let result = if op == 0 {
                            game.play(&mv).map(|()| mv)
                        } else {
                            game.play_text(&mv.to_string()).map_err(|e| match e {
                                MoveParseError::GameOver(o) => PlayError::GameOver(o),
                                e => PlayError::IllegalMove {
                                    mv: mv.to_string(),
                                    reason: e.to_string(),
                                },
                            })
                        };
                        match result {
                            Ok(played) if played == mv && !over => {
                                let mut next = pos.clone();
                                next.play_unchecked(&mv);
                                history.push(next);
                                redo.clear();
                            }
                            Err(PlayError::GameOver(_)) if over => {
                                unchanged(&game, format!("play {mv} after the end"))?
                            }
                            other => {
                                return Err(wrong(&pos, format!("playing {mv} gave {other:?}")))
                            }
                        }
                    }
                    1 => match game.undo() {
                        None if history.len() == 1 => unchanged(&game, "undo at the start".into())?,
                        Some(mv) if history.len() > 1 => {
                            history.pop();
                            redo.push(mv);
                        }
                        other => return Err(wrong(&pos, format!("undo gave {other:?}"))),
                    },
                    2 => match game.redo() {
                        None if redo.is_empty() => unchanged(&game, "redo with nothing".into())?,
                        Some(mv) if redo.last() == Some(&mv) => {
                            redo.pop();
                            let mut next = pos.clone();
                            next.play_unchecked(&mv);
                            history.push(next);
                        }
                        other => return Err(wrong(&pos, format!("redo gave {other:?}"))),
                    },
                    4 => {
                        let junk = String::from_utf8_lossy(b.take(arg as usize % 12)).into_owned();
                        match game.play_text(&junk) {
                            Err(e) => unchanged(&game, format!("play_text({junk:?}): {e}"))?,
                            Ok(mv) => {
                                if over || !moves.contains(&mv) {
                                    return Err(wrong(&pos, format!("{junk:?} played as {mv}")));
                                }
                                let mut next = pos.clone();
                                next.play_unchecked(&mv);
                                history.push(next);
                                redo.clear();
                            }
                        }
                    }
                    _ => {
                        let Some(&mv) = seen.get(arg as usize % seen.len().max(1)) else {
                            continue;
                        };
                        match game.play(&mv) {
                            Err(e) => {
                                if !over && moves.contains(&mv) {
                                    return Err(wrong(&pos, format!("legal {mv} refused: {e}")));
                                }
                                unchanged(&game, format!("play {mv}: {e}"))?
                            }
                            Ok(()) => {
                                if over || !moves.contains(&mv) {
                                    return Err(wrong(&pos, format!("illegal {mv} accepted")));
                                }
                                let mut next = pos.clone();
                                next.play_unchecked(&mv);
                                history.push(next);
                                redo.clear();
                            }
                        }
                    }
                }
            }
            Ok(())
        }
    }
    let mut b = Bytes(data);
    let ruleset = b.u8();
    on_ruleset(ruleset, V(b.0))
}

/// Input: a ruleset byte, an 8-byte seed and a ply count byte (a position reached by
/// random moves, as in [`move_text`]), then one byte per action on a [`MoveInput`] of
/// that position: `0xFE` takes back a click, `0xFF` resets, a byte with the high bit
/// set clicks one of the highlighted squares (by index), any other byte clicks the
/// square of that number (modulo the board's squares). Every click accepted must have
/// been highlighted, every click refused must not have been (or the clicks named a move
/// already) and must leave the input unchanged, and a move named must be legal, with
/// the clicks a route of it that the notation reads as that move.
///
/// # Errors
/// The first [`Finding`].
pub fn click_sequence(data: &[u8]) -> Result<(), Finding> {
    struct V<'a>(u64, usize, &'a [u8]);
    impl CheckingVisitor for V<'_> {
        type Output = Result<(), Finding>;
        fn visit<P: Introspect + Checking>(self) -> Self::Output {
            let V(seed, plies, ops) = self;
            let game = random_game::<P>(seed, plies);
            let pos = game.position();
            let g = pos.geometry();
            let mut legal = MoveList::new();
            pos.legal_moves(&mut legal);
            let mut input = MoveInput::new(pos);
            for &op in ops.iter().take(4 * MAX_PLIES) {
                let before = input.clicks().to_vec();
                let next = input.next_squares();
                match op {
                    0xFE => {
                        let taken = input.undo();
                        if taken != before.last().copied()
                            || input.clicks() != &before[..before.len().saturating_sub(1)]
                        {
                            return Err(wrong(pos, "undo did not take back the last click".into()));
                        }
                    }
                    0xFF => {
                        input.reset();
                        if !input.clicks().is_empty() {
                            return Err(wrong(pos, "reset left clicks".into()));
                        }
                    }
                    _ => {
                        let sq = match (op & 0x80 != 0, next.is_empty()) {
                            (true, false) => next[(op & 0x7F) as usize % next.len()],
                            _ => Square((op as usize % g.len()) as u8),
                        };
                        let name = g.name(sq);
                        match input.click(sq) {
                            Err(e) => {
                                if input.clicks() != before {
                                    return Err(Finding::StateChanged {
                                        ruleset: P::NAME,
                                        op: format!("click {name}: {e}"),
                                        position: pos.to_string(),
                                    });
                                }
                                if next.contains(&sq) {
                                    return Err(wrong(
                                        pos,
                                        format!("highlighted {name} refused: {e}"),
                                    ));
                                }
                            }
                            Ok(named) => {
                                if !next.contains(&sq) {
                                    return Err(wrong(
                                        pos,
                                        format!("{name} accepted, not highlighted"),
                                    ));
                                }
                                if let Some(mv) = named {
                                    if !legal.contains(&mv) {
                                        return Err(wrong(
                                            pos,
                                            format!("clicks named illegal {mv}"),
                                        ));
                                    }
                                    let text = click_text(g, input.clicks(), mv.men_captured() > 0);
                                    if pos.parse_move(&text) != Ok(mv) {
                                        return Err(wrong(
                                            pos,
                                            format!(
                                                "clicks {text} named {mv}; the notation reads {:?}",
                                                pos.parse_move(&text)
                                            ),
                                        ));
                                    }
                                    input.reset();
                                }
                            }
                        }
                    }
                }
            }
            Ok(())
        }
    }
    let mut b = Bytes(data);
    let ruleset = b.u8();
    let seed = b.u64();
    let plies = b.u8() as usize;
    on_ruleset(ruleset, V(seed, plies, b.0))
}

/// A click path written as a move text: squares joined by `x` for a capture, by `-`
/// otherwise (one square for an entry).
pub fn click_text(g: &Geometry, clicks: &[Square], capture: bool) -> String {
    let names: Vec<&str> = clicks.iter().map(|&s| g.name(s)).collect();
    names.join(if capture { "x" } else { "-" })
}
