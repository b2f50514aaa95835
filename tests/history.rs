//! The one history of a game's positions ([`History`]) against a plain look through
//! the keys, along random games of every ruleset and option set, moves taken back and
//! played again: its counts, places and repeats, a game's repetitions and outcome
//! (confirmed on the positions), and the click-by-click game's outcome, which is
//! `Game`'s.

use column_checkers::any::{ActionGame, Ruleset, RulesetVisitor};
use column_checkers::playout::SplitMix64;
use column_checkers::{Game, History, Introspect, MoveList, Position};
use proptest::prelude::*;

/// What a plain look through `keys` says of `key`: its places, and whether it stands an
/// even number of places before the next (the same player to move).
fn naive(keys: &[u64], key: u64) -> (Vec<usize>, bool) {
    let places: Vec<usize> = (0..keys.len()).filter(|&i| keys[i] == key).collect();
    let repeats = places.iter().any(|&i| (keys.len() - i) % 2 == 0);
    (places, repeats)
}

/// Checks a history's answers for `key` against the plain look.
fn check<const SLOTS: usize>(history: &History<SLOTS>, key: u64) -> Result<(), TestCaseError> {
    let (places, repeats) = naive(history.keys(), key);
    prop_assert_eq!(history.indices_of(key).collect::<Vec<_>>(), places.clone());
    prop_assert_eq!(history.count(key), places.len());
    prop_assert!(history.at_most(key) >= places.len());
    prop_assert_eq!(history.repeats(key), repeats);
    Ok(())
}

struct RandomGame {
    seed: u64,
    plies: usize,
}

impl RulesetVisitor for RandomGame {
    type Output = Result<(), TestCaseError>;

    fn visit<P: Introspect>(self) -> Self::Output {
        let mut rng = SplitMix64::new(self.seed);
        let mut game = Game::new(P::start());
        let mut clicked = ActionGame::new(P::start(), 0);
        // a search's path: the game's keys, then the current position's
        let mut path: History<4096> = History::new();
        // the positions before each move, kept whole
        let mut before: Vec<P> = Vec::new();
        let mut list = MoveList::new();
        for _ in 0..self.plies {
            let key = game.position().zobrist();
            check(game.history(), key)?;
            check(&path, key)?;
            // a few keys of the game at random, and one never seen
            for _ in 0..3 {
                if let Some(&k) = game.history().keys().get(rng.below(before.len() + 1)) {
                    check(game.history(), k)?;
                }
            }
            check(game.history(), key ^ 1 << 63)?;
            let repetitions = 1 + before.iter().filter(|p| *p == game.position()).count();
            prop_assert_eq!(game.repetitions(), repetitions);
            prop_assert_eq!(clicked.outcome(), game.outcome());
            prop_assert_eq!(clicked.game(), &game);
            if game.outcome().is_some() {
                break;
            }
            if !before.is_empty() && rng.below(8) == 0 {
                // a move taken back, and played again or not
                let mv = game.undo().unwrap();
                prop_assert_eq!(clicked.undo(), Some(mv));
                path.pop();
                prop_assert_eq!(game.position(), &before.pop().unwrap());
                if rng.below(2) == 0 {
                    prop_assert_eq!(game.redo(), Some(mv));
                    prop_assert_eq!(clicked.redo(), Some(mv));
                    before.push(game.position_before_last());
                    path.push(before.last().unwrap().zobrist());
                }
                continue;
            }
            let mv = game
                .position()
                .legal_move_at(|n| rng.below(n), &mut list)
                .unwrap();
            before.push(game.position().clone());
            path.push(key);
            game.play(&mv).unwrap();
            clicked.play_move(&mv).unwrap();
        }
        prop_assert_eq!(game.history().keys(), path.keys());
        Ok(())
    }
}

/// The position before the last move, from the game's own moves.
trait BeforeLast<P: Position> {
    fn position_before_last(&self) -> P;
}

impl<P: Position> BeforeLast<P> for Game<P> {
    fn position_before_last(&self) -> P {
        let mut p = self.start().clone();
        let moves = self.moves();
        for mv in &moves[..moves.len() - 1] {
            p.play_unchecked(mv);
        }
        p
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 6 } else { 48 }))]

    #[test]
    fn the_history_answers_as_a_look_through_the_keys(seed in any::<u64>(), plies in 1usize..160) {
        for &ruleset in Ruleset::ALL {
            ruleset.visit(RandomGame { seed, plies })?;
        }
    }
}

/// Games that go round in circles: every position stands many times, the counts of
/// their slots are high, and the draw comes at the third time where the rules say so.
#[test]
fn a_shuffle_repeats_where_the_rules_draw_by_repetition() {
    for (ruleset, start, moves) in [
        (
            Ruleset::Emergo,
            "a5:w,i5:b w 0/0",
            ["a5-b5", "i5-h5", "b5-a5", "h5-i5"],
        ),
        (
            Ruleset::Lasca,
            "a1:W,g7:B w",
            ["a1-b2", "g7-f6", "b2-a1", "f6-g7"],
        ),
        (
            Ruleset::LascaRepetition,
            "a1:W,g7:B w",
            ["a1-b2", "g7-f6", "b2-a1", "f6-g7"],
        ),
    ] {
        let mut game = column_checkers::AnyGame::from_position(ruleset, start).unwrap();
        let mut played = 0;
        for m in moves.iter().cycle().take(40) {
            if game.is_over() {
                break;
            }
            game.play(m).unwrap();
            played += 1;
        }
        let draws = ruleset != Ruleset::Lasca;
        assert_eq!(played, if draws { 8 } else { 40 }, "{ruleset}");
        assert_eq!(game.is_over(), draws, "{ruleset}");
    }
}
