//! The invariant checker itself: it passes sound positions and moves, and names the
//! violation when handed a transition the rules forbid.

use column_checkers::games::RussianDraughts;
use column_checkers::{Color, Emergo, Game, Position};
use column_checkers_testkit::invariants;
use column_checkers_testkit::invariants::Violation;

fn emergo(text: &str) -> Emergo {
    text.parse().unwrap()
}

#[test]
fn sound_positions_pass() {
    invariants::check(&Emergo::start()).unwrap();
    invariants::check(&RussianDraughts::start()).unwrap();
    // no legal move: the outcome is there, nothing is listed
    invariants::check(&emergo("e5:b w 0/0")).unwrap();
    invariants::check(&emergo("c5:b,d6:b,e5:b,f4:wwww,g4:w,h4:bb w 0/0")).unwrap();
}

#[test]
fn broken_transitions_are_named() {
    let before = emergo("e5:w,a5:b w 0/0");
    // the turn did not pass
    let same_turn = emergo("e4:w,a5:b w 0/0");
    assert!(matches!(
        invariants::check_transition(&before, "e5-e4", &same_turn),
        Err(Violation::TurnNotPassed { .. })
    ));
    // Emergo conserves men: a man lost is a violation
    let lost = emergo("e4:w b 0/0");
    assert_eq!(
        invariants::check_transition(&before, "e5-e4", &lost),
        Err(Violation::MenNotConserved {
            mv: "e5-e4".into(),
            color: Color::Black,
            before: 1,
            after: 0
        })
    );
    // in no ruleset do men increase
    let r: RussianDraughts = "c3:w,f6:b w".parse().unwrap();
    let more: RussianDraughts = "d4:w,f6:b,h6:b b".parse().unwrap();
    assert!(matches!(
        invariants::check_transition(&r, "c3-d4", &more),
        Err(Violation::MenIncreased {
            color: Color::Black,
            before: 1,
            after: 2,
            ..
        })
    ));
    // draughts may lose men
    let fewer: RussianDraughts = "d4:w b".parse().unwrap();
    invariants::check_transition(&r, "c3-d4", &fewer).unwrap();
    // a move that is not listed
    let mv = Emergo::start().parse_move("d6").unwrap();
    let after = emergo("d6:w,e5:w,a5:b b 0/0");
    assert!(matches!(
        invariants::check_move(&before, &mv, &after),
        Err(Violation::PlayedMoveNotListed { .. })
    ));
}

#[test]
fn undo_redo_check() {
    let mut game = Game::new(Emergo::start());
    invariants::check_undo_redo(&mut game).unwrap();
    game.play_text("d6").unwrap();
    game.play_text("d8").unwrap();
    let before = game.clone();
    invariants::check_undo_redo(&mut game).unwrap();
    assert_eq!(game, before);
}

/// `parse_move_among` against the whole list reads what `parse_move` reads.
#[test]
fn parse_move_among_agrees_with_parse_move() {
    use column_checkers::any::{Ruleset, RulesetVisitor};
    use column_checkers::MoveList;
    struct V;
    impl RulesetVisitor for V {
        type Output = ();
        fn visit<P: Position>(self) {
            let mut game = Game::new(P::start());
            let mut moves = MoveList::new();
            for ply in 0..12 {
                let pos = game.position().clone();
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                for mv in &moves {
                    let text = mv.to_string();
                    assert_eq!(pos.parse_move_among(&text, &moves), Ok(*mv), "{text}");
                    assert_eq!(pos.parse_move(&text), Ok(*mv), "{text}");
                }
                let mv = moves[(ply * 7) % moves.len()];
                game.play(&mv).unwrap();
            }
        }
    }
    for r in Ruleset::ALL {
        r.visit(V);
    }
}

#[test]
fn square_names_read_in_any_case_and_nothing_else() {
    let g = <column_checkers::games::Oblique9 as column_checkers::custom::Board>::geometry();
    let e5 = g.parse_square("e5").unwrap();
    assert_eq!(g.parse_square("E5"), Some(e5));
    assert_eq!(g.name(e5), "e5");
    for junk in [
        "",
        "e",
        "\0e5",
        "e5\0",
        "e55",
        "ee5",
        "z9",
        "e5 ",
        "verylongname",
    ] {
        assert_eq!(g.parse_square(junk), None, "{junk:?}");
    }
    let g = <column_checkers::custom::Dark10 as column_checkers::custom::Board>::geometry();
    assert_eq!(g.parse_square("50").map(|s| g.name(s)), Some("50"));
    assert_eq!(g.parse_square("05"), None);
}

/// `outcome_among` of the listed moves is `outcome`, at every position of random games
/// of every ruleset and at the ends that a random game may miss (a counted draw, no
/// pieces, no legal move); and no king appears in a ruleset that crowns no man, while
/// one does in every ruleset that crowns.
#[test]
fn outcome_among_agrees_with_outcome_and_crowning_with_the_kings() {
    use column_checkers::any::{Ruleset, RulesetVisitor};
    use column_checkers::custom::Rank;
    use column_checkers::games::BrazilianDraughts;
    use column_checkers::playout::SplitMix64;
    use column_checkers::{EndReason, MoveList, Outcome};
    fn agree<P: Position>(pos: &P, moves: &mut MoveList<P::Move>) -> Option<Outcome> {
        pos.legal_moves(moves);
        let outcome = pos.outcome();
        assert_eq!(pos.outcome_among(moves), outcome, "{}", pos);
        outcome
    }
    struct V;
    impl RulesetVisitor for V {
        type Output = ();
        fn visit<P: Position>(self) {
            let mut rng = SplitMix64::new(29);
            let mut moves = MoveList::new();
            let (mut ended, mut kings) = (0, 0);
            for _ in 0..40 {
                let mut pos = P::start();
                for _ in 0..400 {
                    if let Some(view) = pos.board_view() {
                        let king = view
                            .occupied()
                            .any(|(_, s)| s.men().any(|m| m.rank == Rank::King));
                        kings += usize::from(king);
                    }
                    if agree(&pos, &mut moves).is_some() {
                        ended += 1;
                        break;
                    }
                    let mv = moves[rng.below(moves.len())];
                    pos.play(&mv).unwrap();
                }
            }
            assert!(ended > 0, "{}: no random game ended", P::NAME);
            if P::CROWNING {
                assert!(kings > 0, "{}: crowns, yet no king in 40 games", P::NAME);
            } else {
                assert_eq!(kings, 0, "{}: crowns no man, yet a king", P::NAME);
            }
        }
    }
    for r in Ruleset::ALL {
        r.visit(V);
    }
    // a counted draw: moves listed, the game over
    let draw: BrazilianDraughts = "c1:W,h8:B w 40/0".parse().unwrap();
    let mut moves = MoveList::new();
    assert_eq!(
        agree(&draw, &mut moves),
        Some(Outcome::Draw {
            reason: EndReason::KingMoves
        })
    );
    assert!(!moves.is_empty());
    // Emergo: no pieces (a loss)
    let mut moves = MoveList::new();
    assert!(agree(&emergo("e5:b w 0/0"), &mut moves).is_some());
    assert!(moves.is_empty());
}
