//! The players' own ends of a game, in every ruleset of the list: an agreed draw
//! (`Game::agree_draw`, `EndReason::Agreement`) and a resignation (`Game::resign`,
//! `EndReason::Resignation`). Once declared, no move is played and no other end is
//! declared (typed errors, the game unchanged); `undo` withdraws the end with the last
//! move; the record of the game says it (result, `Termination`, a comment) and reads
//! back to the same game.

use column_checkers::any::{record_of_game, Ruleset, RulesetVisitor};
use column_checkers::playout::SplitMix64;
use column_checkers::text::{Record, ResultCheck};
use column_checkers::{Color, DeclaredEndError, EndReason, Game, MoveList, Outcome, Position};

/// A seeded random game of `plies` plies at most (fewer when the rules end it).
fn random_game<P: Position>(seed: u64, plies: usize) -> Game<P> {
    let mut rng = SplitMix64::new(seed);
    let mut moves = MoveList::new();
    let mut game = Game::new(P::start());
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        game.position().legal_moves(&mut moves);
        let mv = moves[rng.below(moves.len())];
        game.play(&mv).unwrap();
    }
    game
}

/// Writes the game's record as PDN, reads and replays it: the same game.
fn read_back<P: Position>(game: &Game<P>) -> (Game<P>, ResultCheck, String) {
    let text = record_of_game(game).to_string();
    let record: Record = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
    let replay = record
        .replay::<P>()
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    (replay.game, replay.result_check, text)
}

struct Declared;

impl RulesetVisitor for Declared {
    type Output = ();

    fn visit<P: Position>(self) {
        let name = P::NAME;
        for seed in 0..6u64 {
            let game = random_game::<P>(seed, 2 + seed as usize * 5);
            if game.outcome().is_some() {
                continue;
            }
            // an agreed draw
            let mut drawn = game.clone();
            let draw = drawn.agree_draw().unwrap();
            assert_eq!(
                draw,
                Outcome::Draw {
                    reason: EndReason::Agreement
                }
            );
            assert_eq!(drawn.outcome(), Some(draw));
            assert_eq!(drawn.outcome_by_rules(), None);
            let (back, check, text) = read_back(&drawn);
            assert_eq!(back, drawn, "{name}: {text}");
            assert_eq!(check, ResultCheck::NotByRules, "{name}: {text}");
            assert!(text.contains("[Termination \"normal\"]"), "{text}");
            assert!(text.contains("{ draw agreed }"), "{text}");

            // a resignation, by either side, whoever is to move
            for loser in [Color::White, Color::Black] {
                let mut resigned = game.clone();
                let end = resigned.resign(loser).unwrap();
                assert_eq!(end.winner(), Some(loser.opponent()));
                assert_eq!(end.reason(), EndReason::Resignation);
                let (back, _, text) = read_back(&resigned);
                assert_eq!(back, resigned, "{name}: {text}");
                assert!(text.contains(&format!("{{ {loser} resigns }}")), "{text}");

                // over: no move, no second end, and the game unchanged
                let before = resigned.clone();
                assert_eq!(resigned.agree_draw(), Err(DeclaredEndError::GameOver(end)));
                assert_eq!(resigned.resign(loser), Err(DeclaredEndError::GameOver(end)));
                let mut moves = MoveList::new();
                resigned.position().legal_moves(&mut moves);
                assert!(resigned.play(&moves[0]).is_err());
                assert_eq!(resigned, before, "{name}");

                // undo withdraws the resignation with the last move; redo plays the
                // move again, not the resignation
                let last = game.moves().last().copied();
                assert_eq!(resigned.undo(), last);
                assert_eq!(resigned.outcome(), None);
                assert_eq!(resigned.declared_end(), None);
                assert_eq!(resigned.redo(), last);
                assert_eq!(resigned, game, "{name}");
            }
        }

        // at the start: a resignation without a move, withdrawn by undo alone
        let mut at_start = Game::new(P::start());
        at_start.resign(Color::White).unwrap();
        let (back, _, text) = read_back(&at_start);
        assert_eq!(back, at_start, "{name}: {text}");
        assert_eq!(at_start.undo(), None);
        assert_eq!(at_start, Game::new(P::start()), "{name}");

        // a game the rules ended cannot be resigned or drawn by agreement
        for seed in 0..20u64 {
            let mut over = random_game::<P>(seed, 600);
            let Some(end) = over.outcome() else { continue };
            let before = over.clone();
            assert_eq!(over.agree_draw(), Err(DeclaredEndError::GameOver(end)));
            assert_eq!(
                over.resign(Color::White),
                Err(DeclaredEndError::GameOver(end))
            );
            assert_eq!(over, before, "{name}");
            assert_eq!(over.declared_end(), None);
            break;
        }
    }
}

#[test]
fn every_ruleset_ends_by_agreement_and_resignation() {
    for r in Ruleset::ALL {
        r.visit(Declared);
    }
}

#[test]
fn the_record_of_a_resignation() {
    // as docs/notation.md shows it
    let mut game = Game::new(column_checkers::InternationalDraughts::start());
    game.play_text("32-28").unwrap();
    game.play_text("19-23").unwrap();
    game.resign(Color::White).unwrap();
    assert_eq!(
        record_of_game(&game).to_string(),
        "[GameType \"20\"]\n[Result \"0-2\"]\n[Termination \"normal\"]\n\n\
         1. 32-28 19-23 { White resigns } 0-2\n"
    );
}

#[test]
fn records_that_state_the_end() {
    use column_checkers::RussianDraughts;
    // PGN's `normal`, and the words, with the result: the loser resigned, or agreed
    for (tag, result, outcome) in [
        (
            "normal",
            "1-0",
            Outcome::Win {
                winner: Color::White,
                reason: EndReason::Resignation,
            },
        ),
        (
            "Resignation",
            "0-1",
            Outcome::Win {
                winner: Color::Black,
                reason: EndReason::Resignation,
            },
        ),
        (
            "agreement",
            "1/2-1/2",
            Outcome::Draw {
                reason: EndReason::Agreement,
            },
        ),
    ] {
        let text = format!("[Termination \"{tag}\"]\n1. c3-d4 f6-e5 {result}");
        let record: Record = text.parse().unwrap();
        let replay = record.replay::<RussianDraughts>().unwrap();
        assert_eq!(replay.game.outcome(), Some(outcome), "{text}");
        assert_eq!(replay.result_check, ResultCheck::NotByRules);
    }
    // no Termination tag, another termination, or no result: no declared end
    for text in [
        "1. c3-d4 f6-e5 1-0",
        "[Termination \"time forfeit\"]\n1. c3-d4 f6-e5 1-0",
        "[Termination \"normal\"]\n1. c3-d4 f6-e5 *",
        "[Termination \"normal\"]\n1. c3-d4 f6-e5 0-0",
    ] {
        let record: Record = text.parse().unwrap();
        let replay = record.replay::<RussianDraughts>().unwrap();
        assert_eq!(replay.game.outcome(), None, "{text}");
    }
    // a game the rules ended keeps the rules' outcome
    let text = "[FEN \"W:WK46:B41\"]\n[Termination \"normal\"]\n1. 46x37 1-0";
    let record: Record = text.parse().unwrap();
    let replay = record
        .replay::<column_checkers::InternationalDraughts>()
        .unwrap();
    assert_eq!(
        replay.game.outcome().map(|o| o.reason()),
        Some(EndReason::NoPieces)
    );
    assert_eq!(replay.game.declared_end(), None);
}
