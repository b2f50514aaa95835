//! State safety: every operation that fails leaves the position or the game exactly as
//! it was (compared with `==` and by hash), on every ruleset of the registry — `play`
//! of an illegal move or after the end, `parse_move` errors, `Game::play` and
//! `Game::play_text` errors (the moves to redo included), `Game::undo` at the start and
//! `Game::redo` with nothing to redo. The fuzz harnesses are run on seeded random
//! bytes too, and on the inputs the fuzzers found (regressions).

use column_checkers::any::{Ruleset, RulesetVisitor};
use column_checkers::playout::SplitMix64;
use column_checkers::{Game, MoveList, MoveParseError, PlayError, Position};
use column_checkers_testkit::harness;

/// The scenario below with this many random games per ruleset.
#[derive(Clone, Copy)]
struct FailuresChangeNothing(u32);

/// Junk and near-miss move texts.
const BAD_TEXTS: &[&str] = &[
    "",
    " ",
    "x",
    "-",
    "::",
    "zz9",
    "a0",
    "e5-",
    "-e5",
    "e5xx",
    "e5--e4",
    "é5",
    "e5\u{0}",
    "a1-a1",
    "1-2",
    "99x98",
    "i9xa1",
    "e5-e5-e5-e5",
    "j10",
];

impl RulesetVisitor for FailuresChangeNothing {
    type Output = ();
    fn visit<P: Position>(self) {
        let name = P::NAME;
        let mut rng = SplitMix64::new(11);
        let mut moves = MoveList::new();
        let mut seen: Vec<P::Move> = Vec::new();
        let mut illegal_tried = 0;
        let mut games_over = 0;
        for g in 0..self.0 {
            let mut game = Game::new(P::start());

            // at the start: nothing to undo or redo
            let start = game.clone();
            assert_eq!(game.undo(), None, "{name}");
            assert_eq!(game.redo(), None, "{name}");
            assert_eq!(
                game, start,
                "{name}: undo/redo at the start changed the game"
            );

            for ply in 0..200 {
                let pos = game.position().clone();
                let hash = pos.zobrist();
                pos.legal_moves(&mut moves);

                // Position::play of moves of other positions that are illegal here
                for mv in seen.iter().rev().take(6) {
                    if moves.contains(mv) && game.outcome().is_none() {
                        continue;
                    }
                    let mut p = pos.clone();
                    if pos.outcome().is_some() || !moves.contains(mv) {
                        assert!(p.play(mv).is_err(), "{name}: {mv} accepted in {pos}");
                        assert_eq!(p, pos, "{name}: failed play of {mv} changed {pos}");
                        assert_eq!(p.zobrist(), hash);
                        illegal_tried += 1;
                    }
                    // Game::play of it (illegal here, or the game is over)
                    let before = game.clone();
                    assert!(game.play(mv).is_err(), "{name}: {mv} accepted by the game");
                    assert_eq!(game, before, "{name}: failed Game::play of {mv}");
                }

                // bad texts: parse_move and Game::play_text fail and change nothing
                for text in BAD_TEXTS {
                    if let Ok(mv) = pos.parse_move(text) {
                        assert!(moves.contains(&mv), "{name}: {text:?} read as {mv}");
                        continue;
                    }
                    assert_eq!(*game.position(), pos);
                    let before = game.clone();
                    let e = game.play_text(text);
                    assert!(e.is_err(), "{name}: {text:?} played in {pos}");
                    assert_eq!(game, before, "{name}: failed play_text({text:?})");
                    assert_eq!(game.position().zobrist(), hash);
                }

                if game.outcome().is_some() {
                    games_over += 1;
                    // after the end: every move and every text is refused
                    let before = game.clone();
                    if let Some(mv) = seen.last() {
                        assert!(
                            matches!(game.play(mv), Err(PlayError::GameOver(_))),
                            "{name}"
                        );
                        assert_eq!(game, before);
                        let e = game.play_text(&mv.to_string());
                        assert!(
                            matches!(e, Err(MoveParseError::GameOver(_))),
                            "{name}: {e:?}"
                        );
                        assert_eq!(game, before);
                    }
                    if pos.outcome().is_some() {
                        let mut p = pos.clone();
                        for mv in seen.iter().rev().take(4) {
                            assert!(matches!(p.play(mv), Err(PlayError::GameOver(_))));
                            assert_eq!(p, pos);
                        }
                    }
                    break;
                }

                let mv = moves[rng.below(moves.len())];
                seen.push(mv);
                if seen.len() > 64 {
                    seen.remove(0);
                }
                game.play(&mv).unwrap();
                // every few plies: undo, and with a move to redo, fail again
                if ply % 5 == g % 5 {
                    let after = game.clone();
                    assert_eq!(game.undo(), Some(mv));
                    assert_eq!(*game.position(), pos);
                    let with_redo = game.clone();
                    for text in BAD_TEXTS.iter().take(6) {
                        assert!(game.play_text(text).is_err());
                        assert_eq!(game, with_redo, "{name}: failed play_text lost the redo");
                    }
                    assert_eq!(game.redo(), Some(mv));
                    assert_eq!(game, after, "{name}: undo then redo");
                    assert_eq!(game.redo(), None);
                    assert_eq!(game, after, "{name}: redo with nothing to redo");
                }
            }

            // undo everything, then once more past the start
            while game.undo().is_some() {}
            assert_eq!(*game.position(), P::start());
            let at_start = game.clone();
            assert_eq!(game.undo(), None);
            assert_eq!(
                game, at_start,
                "{name}: undo past the start changed the game"
            );
        }
        assert!(
            illegal_tried > 100,
            "{name}: only {illegal_tried} illegal moves tried"
        );
        // random games on Epaminondas' 14x12 board rarely end within the ply budget;
        // the same code's game-over path is exercised by NeoCrossings (8x8) here and
        // by the crossing-win tests of tests/epaminondas.rs
        assert!(
            games_over > 0 || name == "epaminondas",
            "{name}: no game ended"
        );
    }
}

/// Three games per ruleset: quick in a debug-mode `cargo test`.
#[test]
fn failed_operations_change_nothing() {
    for r in Ruleset::ALL {
        r.visit(FailuresChangeNothing(3));
    }
}

/// Twelve games per ruleset: run by `.ci/run` in release mode.
#[test]
#[ignore = "long: run in release by .ci/run"]
fn failed_operations_change_nothing_long() {
    for r in Ruleset::ALL {
        r.visit(FailuresChangeNothing(12));
    }
}

/// The fuzz harnesses on seeded random bytes: a little fuzzing in every `cargo test`.
#[test]
fn harnesses_on_random_bytes() {
    let mut rng = SplitMix64::new(2026);
    for i in 0..120 {
        let len = rng.below(if i % 10 == 0 { 400 } else { 60 });
        let data: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        harness::position_text(&data).unwrap();
        harness::move_text(&data).unwrap();
        if i % 4 == 0 {
            harness::play_sequence(&data[..data.len().min(40)]).unwrap();
        }
        harness::game_ops(&data).unwrap();
        harness::click_sequence(&data).unwrap();
    }
}

/// Inputs the fuzzers saved (`tests/data/fuzz/<target>/`), replayed: each once made a
/// target fail, or is a seed worth keeping.
#[test]
fn fuzz_regressions() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fuzz");
    type Target = fn(&[u8]) -> Result<(), harness::Finding>;
    let targets: [(&str, Target); 5] = [
        ("position_text", harness::position_text),
        ("move_text", harness::move_text),
        ("play_sequence", harness::play_sequence),
        ("game_undo_redo", harness::game_ops),
        ("click_sequence", harness::click_sequence),
    ];
    for (target, run) in targets {
        let Ok(entries) = std::fs::read_dir(dir.join(target)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            let data = std::fs::read(&path).unwrap();
            if let Err(f) = run(&data) {
                panic!("{}: {f}", path.display());
            }
        }
    }
}
