//! The invariant checker itself: it passes sound positions and moves, and names the
//! violation when handed a transition the rules forbid.

use column_checkers::games::draughts::RussianDraughts;
use column_checkers::tools::invariants::{self, Violation};
use column_checkers::{Color, Emergo, Game, Position};

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
