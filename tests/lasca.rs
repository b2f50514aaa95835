//! Lasca: every rule of Lasker's 1911 booklet and lasca.org as the module `games::lasca`
//! states them, and every Lasca ruling of `docs/rulings.md` (the crate's `rulings`
//! page), as a focused test, and random-playout properties (perft: `tests/perft.rs`).
//!
//! Positions are in the crate's position text: `square:men` items, each column's men
//! bottom to top (`w`/`b` soldiers, `W`/`B` officers), then the side to move.

mod column_props;

use column_checkers::any::{dispatch, RulesetVisitor};
use column_checkers::custom::CheckersPosition;
use column_checkers::error::PositionErrorKind;
use column_checkers::games::{LascaRoundabout, LascaRules};
use column_checkers::{Color, EndReason, Game, Lasca, MoveParseError, Outcome, Position};
use column_props::{move_list, move_texts, playout_invariants, pos};
use proptest::prelude::*;

/// Lasca with threefold repetition as a draw.
type LascaRepetition = CheckersPosition<LascaRules<false, true>>;

fn texts(list: &[&str]) -> std::collections::BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn after<P: Position>(p: &P, mv: &str) -> P {
    let m = p
        .parse_move(mv)
        .unwrap_or_else(|e| panic!("{mv} in {p}: {e}"));
    let mut next = p.clone();
    next.play(&m).unwrap();
    next
}

/// "11 men each. White: a1 c1 e1 g1 b2 d2 f2 a3 c3 e3 g3. Black: a5 c5 e5 g5 b6 d6 f6
/// a7 c7 e7 g7. Row 4 (b4, d4, f4) empty. White moves first."
#[test]
fn start_position() {
    let p = Lasca::start();
    assert_eq!(p.turn(), Color::White);
    assert_eq!(p.men(Color::White), 11);
    assert_eq!(p.men(Color::Black), 11);
    assert_eq!(
        p.to_string(),
        "a1:w,c1:w,e1:w,g1:w,b2:w,d2:w,f2:w,a3:w,c3:w,e3:w,g3:w,\
         a5:b,c5:b,e5:b,g5:b,b6:b,d6:b,f6:b,a7:b,c7:b,e7:b,g7:b w"
    );
    assert_eq!(p.columns().occupied().count(), 22);
}

/// "From the start White has 6 moves (a3-b4, c3-b4, c3-d4, e3-d4, e3-f4, g3-f4) and
/// each is answered by exactly one forced black capture (e.g. a3-b4 → c5xa3; c3-d4 →
/// e5xc3)."
#[test]
fn start_moves_and_forced_replies() {
    let p = Lasca::start();
    assert_eq!(
        move_texts(&p),
        texts(&["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4"])
    );
    for mv in move_list(&p) {
        let q = after(&p, &mv);
        let replies = move_list(&q);
        assert_eq!(replies.len(), 1, "after {mv}: {replies:?}");
        assert!(replies[0].contains('x'));
    }
    assert_eq!(move_list(&after(&p, "a3-b4")), ["c5xa3"]);
    assert_eq!(move_list(&after(&p, "c3-d4")), ["e5xc3"]);
}

/// "Non-capturing: one step diagonally to an empty playing square; soldier-topped
/// columns forward only, officer-topped columns forward or backward."
#[test]
fn soldiers_step_forward_officers_both_ways() {
    let p: Lasca = pos("d4:w,b6:b w");
    assert_eq!(move_texts(&p), texts(&["d4-c5", "d4-e5"]));
    let p: Lasca = pos("d4:bW,b6:b w");
    assert_eq!(move_texts(&p), texts(&["d4-c3", "d4-c5", "d4-e3", "d4-e5"]));
    let p: Lasca = pos("d4:b,b2:w b");
    assert_eq!(move_texts(&p), texts(&["d4-c3", "d4-e3"]));
}

/// "Capture: short leap over a diagonally adjacent enemy-topped column to the empty
/// square immediately beyond; soldier-topped pieces capture forward only, officer-topped
/// pieces in all four diagonal directions."
#[test]
fn soldiers_capture_forward_only_officers_all_ways() {
    let p: Lasca = pos("d4:w,c3:b,e5:b w");
    assert_eq!(move_texts(&p), texts(&["d4xf6"]));
    let p: Lasca = pos("d4:W,c3:b,g7:b w");
    assert_eq!(move_texts(&p), texts(&["d4xb2"]));
    // short leaps only: an officer does not fly to a distant column
    let p: Lasca = pos("b2:W,e5:b w");
    assert!(move_list(&p).iter().all(|m| m.contains('-')));
}

/// "Only the top man of the jumped column is taken and placed under the capturing
/// column at once; the rest of the jumped column stays (and may now belong to the
/// capturer)."
#[test]
fn only_the_top_man_is_taken_and_goes_under() {
    let p: Lasca = pos("c3:w,d4:wb,a7:b w");
    let q = after(&p, "c3xe5");
    assert_eq!(q.to_string(), "d4:w,e5:bw,a7:b b");
}

/// "Capturing is compulsory."
#[test]
fn capture_is_compulsory() {
    let p: Lasca = pos("c3:w,d4:b,g3:w w");
    assert_eq!(move_texts(&p), texts(&["c3xe5"]));
    assert!(matches!(
        p.parse_move("g3-f4"),
        Err(MoveParseError::Illegal { .. })
    ));
}

/// "A started capture must be continued as long as possible."
#[test]
fn a_capture_must_be_completed() {
    let p: Lasca = pos("b2:w,c3:b,e5:b w");
    assert_eq!(move_texts(&p), texts(&["b2xd4xf6"]));
    assert!(p.parse_move("b2xd4").is_err());
    // origin and end name the whole route
    assert_eq!(p.parse_move("b2xf6").unwrap().to_string(), "b2xd4xf6");
}

/// "Choice between captures is free — no majority rule."
#[test]
fn free_choice_between_captures() {
    let p: Lasca = pos("c3:w,d4:b,b4:b,b6:b w");
    assert_eq!(move_texts(&p), texts(&["c3xa5xc7", "c3xe5"]));
}

/// "A column may not be jumped twice in one move." (Lasker: "you may not take more than
/// one Prisoner from each available space"; lasca.org: "the black officer may only jump
/// over the three-man column once, not three times.")
#[test]
fn a_column_is_jumped_only_once_per_move() {
    let p: Lasca = pos("c3:W,d4:bbb,d6:b,b6:b,b4:b w");
    // clockwise and anticlockwise round the column give the same position: one move
    assert_eq!(move_list(&p), ["c3xe5xc7xa5xc3"]);
    let q = after(&p, "c3xa5xc7xe5xc3");
    assert_eq!(q.to_string(), "c3:bbbbW,d4:bb b");
}

/// Move identity: two routes are one move when they start on the same square and
/// produce the same position; in Lasca and Bashni the order of the prisoners matters
/// when their ranks differ.
#[test]
fn prisoners_order_makes_different_moves() {
    // all soldiers: clockwise and anticlockwise are one move
    let p: Lasca = pos("c3:W,d4:b,d6:b,b6:b,b4:b w");
    assert_eq!(move_list(&p), ["c3xe5xc7xa5xc3"]);
    // an officer among them: the two orders make different columns
    let p: Lasca = pos("c3:W,d4:b,d6:b,b6:b,b4:B w");
    assert_eq!(move_texts(&p), texts(&["c3xa5xc7xe5xc3", "c3xe5xc7xa5xc3"]));
    assert_eq!(after(&p, "c3xe5xc7xa5xc3").to_string(), "c3:BbbbW b");
    assert_eq!(after(&p, "c3xa5xc7xe5xc3").to_string(), "c3:bbbBW b");
}

/// The roundabout reading (re-jumps while an enemy man leads, never straight back) is
/// an option (rulings, Lasca).
#[test]
fn roundabout_option_rejumps_but_never_straight_back() {
    let p: LascaRoundabout = pos("c3:W,d4:bbb,d6:b,b6:b,b4:b w");
    assert_eq!(
        move_texts(&p),
        texts(&["c3xa5xc7xe5xc3", "c3xe5xc7xa5xc3xe5"])
    );
    let q = after(&p, "c3xe5xc7xa5xc3xe5");
    assert_eq!(q.to_string(), "d4:b,e5:bbbbbW b");
    // the roundabout reading via the registry
    assert_eq!(
        dispatch(
            "lasca",
            &["--roundabout".to_string()],
            Count("c3:W,d4:bbb,d6:b,b6:b,b4:b w")
        ),
        Ok(2)
    );
    assert_eq!(
        dispatch("lasca", &[], Count("c3:W,d4:bbb,d6:b,b6:b,b4:b w")),
        Ok(1)
    );
}

struct Count(&'static str);
impl RulesetVisitor for Count {
    type Output = usize;
    fn visit<P: Position>(self) -> usize {
        self.0.parse::<P>().unwrap().count_legal_moves()
    }
}

/// "A soldier-commanded piece (single man or column) reaching the opponent's back row
/// promotes its commander only to officer."
#[test]
fn promotion_of_the_commander_only() {
    let p: Lasca = pos("b6:bw,g5:b w");
    let q = after(&p, "b6-c7");
    assert_eq!(q.to_string(), "g5:b,c7:bW b");
    // `*` marks a promotion in lasca.org's notation; it is accepted
    assert_eq!(after(&p, "b6-a7*").to_string(), "g5:b,a7:bW b");
    let p: Lasca = pos("f2:wb,a5:w b");
    assert_eq!(after(&p, "f2-e1").to_string(), "e1:wB,a5:w w");
}

/// "Promotion ends the move. Lasker: 'A Run finishes for the Move when a Column, being
/// led by a Private, arrives in Opponent's last line, but is continued if being led by
/// an Officer.'"
#[test]
fn promotion_ends_the_move() {
    let p: Lasca = pos("c5:w,d6:b,f6:b w");
    assert_eq!(move_texts(&p), texts(&["c5xe7"]));
    assert_eq!(after(&p, "c5xe7").to_string(), "f6:b,e7:bW b");
    // an officer-led column goes on through the far row
    let p: Lasca = pos("c5:W,d6:b,f6:b w");
    assert_eq!(move_texts(&p), texts(&["c5xe7xg5"]));
}

/// "Officers keep their rank inside a column and when later liberated."
#[test]
fn officers_keep_rank_as_prisoners_and_when_liberated() {
    let p: Lasca = pos("c3:w,d4:B,a7:b w");
    let q = after(&p, "c3xe5");
    assert_eq!(q.to_string(), "e5:Bw,a7:b b");
    // a black soldier liberates the officer: it leads again, as an officer
    let p: Lasca = pos("e5:Bw,f6:b,a1:w b");
    let q = after(&p, "f6xd4");
    assert_eq!(q.to_string(), "a1:w,d4:wb,e5:B w");
    let r = after(&q, "a1-b2");
    // the officer steps backward
    assert!(move_texts(&r).contains("e5-f6"));
}

/// "The player who cannot move loses — either all his men are prisoners under enemy
/// commanders or he is blocked."
#[test]
fn the_player_who_cannot_move_loses() {
    let win = |winner, reason| Some(Outcome::Win { winner, reason });
    // all his men prisoners: he commands nothing
    let p: Lasca = pos("c3:bbw b");
    assert_eq!(p.outcome(), win(Color::White, EndReason::NoPieces));
    // blocked
    let p: Lasca = pos("a3:w,b4:b,c5:b w");
    assert_eq!(p.count_legal_moves(), 0);
    assert_eq!(p.outcome(), win(Color::Black, EndReason::NoLegalMove));
    assert!(matches!(
        p.parse_move("a3-b4"),
        Err(MoveParseError::GameOver(_))
    ));
}

/// Threefold repetition is off by default (Lasker's booklet has no draw rule) and an
/// option (rulings, Repetition).
#[test]
fn repetition_is_an_option() {
    fn shuffle<P: Position>() -> Game<P> {
        let mut g = Game::new(pos::<P>("a1:W,g7:B w"));
        for m in [
            "a1-b2", "g7-f6", "b2-a1", "f6-g7", "a1-b2", "g7-f6", "b2-a1", "f6-g7",
        ] {
            g.play_text(m).unwrap();
        }
        g
    }
    let g = shuffle::<Lasca>();
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), None);
    let g = shuffle::<LascaRepetition>();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
}

/// Notation (lasca.org): "`c3-d4` move; `b2xd4` capture; multiple capture lists every
/// landing square `d2xb4xd6`."
#[test]
fn notation() {
    let p: Lasca = pos("d2:w,c3:b,c5:b,g7:b w");
    assert_eq!(move_list(&p), ["d2xb4xd6"]);
    let p: Lasca = pos("b2:w,c3:b,g7:b w");
    assert_eq!(p.parse_move("b2xd4").unwrap().to_string(), "b2xd4");
    assert_eq!(p.parse_move("B2XD4").unwrap().to_string(), "b2xd4");
    let p = Lasca::start();
    assert_eq!(p.parse_move("c3-d4").unwrap().to_string(), "c3-d4");
    assert!(matches!(
        p.parse_move("c3-h4"),
        Err(MoveParseError::UnknownSquare { .. })
    ));
    assert!(p.parse_move("b4").is_err());
    assert!(p.parse_move("").is_err());
}

/// Position text: the same family as the other rulesets, with typed errors for
/// positions no game of Lasca can reach.
#[test]
fn position_text_errors() {
    let err = |t: &str| t.parse::<Lasca>().unwrap_err().kind;
    assert!(matches!(
        err("a7:w w"),
        PositionErrorKind::ImpossibleColumn { .. }
    ));
    assert!(matches!(
        err("d4:wbw w"),
        PositionErrorKind::ImpossibleColumn { .. }
    ));
    assert!(matches!(err("b3:w w"), PositionErrorKind::UnknownSquare(_)));
    assert!(matches!(
        err("d4:wwwwwwwwwwww b"),
        PositionErrorKind::TooManyMen { .. }
    ));
    assert!(matches!(err("d4:w"), PositionErrorKind::Missing(_)));
    let p: Lasca = pos("d4:wbB,e5:W b");
    assert_eq!(p.to_string(), "d4:wbB,e5:W b");
    let diagram = format!("{p:#}");
    assert!(diagram.contains("to move"), "{diagram}");
}

/// A capture built from its squares alone is the listed move: legal, equal, hashed
/// alike. The capture search once left landings of routes it had tried in a listed
/// route's unused part, and a route compared them: these positions' captures
/// (c3xa5, e1xc3xa1) built from their squares were refused.
#[test]
fn a_capture_built_from_its_squares_is_the_listed_move() {
    let p: Lasca = pos(
        "a1:w,c1:w,e1:w,d2:w,f2:w,a3:w,c3:w,g3:wwb,b4:wb,d4:b,g5:b,d6:b,f6:bb,a7:b,c7:bbW,e7:b w",
    );
    assert!(column_props::captures_from_squares(&p) >= 1, "{p}");
    assert!(p.is_legal(&p.parse_move("c3xa5").unwrap()));
    let p: Lasca = pos("e1:wwbB,b2:w,d2:W,f2:bbbbb,a3:wwb,e3:bw,g3:wwb,d4:w,d6:bw b");
    assert!(column_props::captures_from_squares(&p) >= 1, "{p}");
    assert!(p.is_legal(&p.parse_move("e1xc3xa1").unwrap()));
    assert!(column_props::playouts_captures_from_squares::<LascaRules>(1, 20, 100) > 100);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Random playouts: men conserved, incremental hash, text and move round trips,
    /// every legal move plays, undo restores the position.
    #[test]
    fn playouts_keep_invariants(seed in any::<u64>()) {
        playout_invariants::<Lasca>(seed, 200);
    }

    /// The same under the roundabout reading.
    #[test]
    fn roundabout_playouts_keep_invariants(seed in any::<u64>()) {
        playout_invariants::<LascaRoundabout>(seed, 200);
    }
}
