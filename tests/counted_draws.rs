//! The federations' counted draws in the three draughts games: international (FMJD,
//! Annex 1, article 6), Russian (the rules of the sport of draughts of the Russian
//! Federation) and Brazilian (the Brazilian confederation's rules). A position one
//! move before each limit and at it, for every rule, by the position text and by
//! play; the counts through text, equality and taking back; switching off; and a
//! property that random games of kings end by a rule in all three games.

use column_checkers::custom::{CheckersPosition, CheckersRules, Storage};
use column_checkers::games::{
    BrazilianRules, InternationalRules, RussianRules, BRAZILIAN_COUNTED_DRAWS, FMJD_COUNTED_DRAWS,
    RUSSIAN_COUNTED_DRAWS,
};
use column_checkers::{
    BrazilianDraughts, EndReason, InternationalDraughts, MoveList, Outcome, Position,
    RussianDraughts,
};
use proptest::prelude::*;

fn pos(text: &str) -> InternationalDraughts {
    text.parse().unwrap()
}

fn ru(text: &str) -> RussianDraughts {
    text.parse().unwrap()
}

fn br(text: &str) -> BrazilianDraughts {
    text.parse().unwrap()
}

fn draw(reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

/// Plays `plies` king moves that capture nothing and leave the other side no capture.
fn shuffle<R: CheckersRules>(p: &mut CheckersPosition<R>, plies: usize) {
    let mut moves = MoveList::new();
    let mut replies = MoveList::new();
    for _ in 0..plies {
        p.legal_moves(&mut moves);
        let mv = *moves
            .iter()
            .find(|m| {
                let mut child = p.clone();
                child.play_unchecked(m);
                child.legal_moves(&mut replies);
                p.board().kings().contains(m.origin().unwrap())
                    && !m.is_capture()
                    && !replies.iter().any(|r| r.is_capture())
            })
            .expect("a quiet king move");
        p.play(&mv).unwrap();
    }
}

/// `text` one ply before a limit: no draw; played one quiet king move on: the draw.
fn one_ply_before<R: CheckersRules>(text: &str, reason: EndReason) {
    let mut p: CheckersPosition<R> = text.parse().unwrap();
    assert_eq!(p.outcome(), None, "{text}");
    shuffle(&mut p, 1);
    assert_eq!(p.outcome(), draw(reason), "{text}, then {p}");
}

#[test]
fn twenty_five_moves_of_kings_each() {
    // kings and men on both sides: no endgame class, the kings-only count alone
    let p = pos("1:W,2:W,16:w,49:B,50:B,35:b w 49/0");
    assert_eq!(p.outcome(), None);
    let p = pos("1:W,2:W,16:w,49:B,50:B,35:b w 50/0");
    assert_eq!(p.outcome(), draw(EndReason::KingMoves));
    // played: one king move from 49 plies reaches the limit
    let mut q = pos("1:W,2:W,16:w,49:B,50:B,35:b w 49/0");
    let mv = q.parse_move("1-7").unwrap();
    q.play(&mv).unwrap();
    assert_eq!(q.draw_counts().kings_only, 50);
    assert_eq!(q.outcome(), draw(EndReason::KingMoves));
    // a man's move starts the count again
    let mut q = pos("1:W,2:W,16:w,49:B,50:B,35:b w 49/0");
    q.play(&q.parse_move("16-11").unwrap()).unwrap();
    assert_eq!((q.draw_counts().kings_only, q.outcome()), (0, None));
}

#[test]
fn sixteen_moves_with_three_pieces_against_a_lone_king() {
    for white in ["1:W,2:W,3:W", "1:W,2:W,16:w", "1:W,16:w,17:w"] {
        let before = pos(&format!("{white},50:B w 0/31"));
        assert_eq!(before.outcome(), None, "{white}");
        let at = pos(&format!("{white},50:B w 0/32"));
        assert_eq!(at.outcome(), draw(EndReason::EndgameMoves), "{white}");
    }
    // a lone man is no lone king: no count
    let p = pos("1:W,2:W,3:W,35:b w 0/40");
    assert_eq!((p.draw_counts().endgame, p.outcome()), (0, None));
    // four pieces against one: no count either
    let p = pos("1:W,2:W,3:W,4:W,50:B w 0/40");
    assert_eq!(p.outcome(), None);
}

#[test]
fn five_moves_with_two_pieces_or_one_against_a_lone_king() {
    for white in ["1:W,2:W", "1:W,16:w", "1:W"] {
        let before = pos(&format!("{white},50:B w 0/9"));
        assert_eq!(before.outcome(), None, "{white}");
        let at = pos(&format!("{white},50:B w 0/10"));
        assert_eq!(at.outcome(), draw(EndReason::EndgameMoves), "{white}");
    }
    // played from the start of the class: ten plies
    let mut p = pos("1:W,2:W,50:B w");
    shuffle(&mut p, 9);
    assert_eq!(p.outcome(), None);
    shuffle(&mut p, 1);
    assert_eq!(p.outcome(), draw(EndReason::EndgameMoves));
}

#[test]
fn a_capture_into_the_smaller_class_counts_five_moves_from_there() {
    // three kings against one; Black's king takes the king on 23: two against one
    let mut p = pos("1:W,2:W,23:W,46:B b 0/20");
    let mv = p.parse_move("46x14").unwrap_or_else(|_| {
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        *moves.iter().find(|m| m.is_capture()).expect("a capture")
    });
    p.play(&mv).unwrap();
    assert_eq!(p.draw_counts().endgame, 0);
    shuffle(&mut p, 9);
    assert_eq!(p.outcome(), None);
    shuffle(&mut p, 1);
    assert_eq!(p.outcome(), draw(EndReason::EndgameMoves));
}

#[test]
fn counts_in_text_equality_and_taking_back() {
    let p = pos("1:W,2:W,50:B w 3/3");
    assert_eq!(p.to_string(), "50:B,1:W,2:W w draws:3/3");
    assert_eq!(
        p.to_string()
            .parse::<InternationalDraughts>()
            .unwrap()
            .draw_counts(),
        p.draw_counts()
    );
    // equal to the same board with other counts: repetition compares boards
    assert_eq!(p, pos("1:W,2:W,50:B w"));
    assert_eq!(p.zobrist(), pos("1:W,2:W,50:B w").zobrist());
    // switched off: written as draws:off (- is read too), never a counted draw
    let off = pos("1:W,2:W,50:B w -");
    assert_eq!(off.to_string(), "50:B,1:W,2:W w draws:off");
    let mut q = off.clone();
    shuffle(&mut q, 40);
    assert_eq!(q.outcome(), None);
    // taking back restores the counts
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    let mut q = p.clone();
    q.play_unchecked(&moves[0]);
    assert_eq!(q.draw_counts().endgame, 4);
    q.restore(&p, &moves[0]);
    assert_eq!(q.draw_counts(), p.draw_counts());
    // a bad counts field names what was typed
    let e = "1:W,50:B w 3".parse::<InternationalDraughts>().unwrap_err();
    assert!(e.to_string().contains("\"3\""), "{e}");
}

#[test]
fn international_rules_are_the_fmjd_counts() {
    assert_eq!(InternationalRules::COUNTED_DRAWS, Some(FMJD_COUNTED_DRAWS));
}

// ---- Russian draughts ----

#[test]
fn russian_fifteen_moves_of_kings_each() {
    // eight pieces, kings and men on both sides: no endgame class, the kings-only count
    let men = "c1:W,e1:W,a3:w,g1:w,b8:B,d8:B,f8:b,h6:b";
    assert_eq!(ru(&format!("{men} w 29/0")).outcome(), None);
    assert_eq!(
        ru(&format!("{men} w 30/0")).outcome(),
        draw(EndReason::KingMoves)
    );
    one_ply_before::<RussianRules>(&format!("{men} w 29/0"), EndReason::KingMoves);
    // a man's move starts the count again
    let mut q = ru(&format!("{men} w 29/0"));
    q.play(&q.parse_move("a3-b4").unwrap()).unwrap();
    assert_eq!((q.draw_counts().kings_only, q.outcome()), (0, None));
}

#[test]
fn russian_three_kings_or_more_against_one_fifteen_moves() {
    // the lone king off the main road: the three-kings class (15) comes first
    for white in ["a3:W,c1:W,e1:W", "a3:W,c1:W,e1:W,g1:W,a5:W"] {
        let before = format!("{white},h2:B w 0/29");
        assert_eq!(ru(&before).outcome(), None, "{white}");
        let at = ru(&format!("{white},h2:B w 0/30"));
        assert_eq!(at.outcome(), draw(EndReason::EndgameMoves), "{white}");
        one_ply_before::<RussianRules>(&before, EndReason::EndgameMoves);
    }
    // two kings and a man are no three kings: the four-piece class (30) decides
    let p = ru("a3:W,c1:W,e3:w,h2:B w 0/30");
    assert_eq!(p.outcome(), None);
    assert_eq!(
        ru("a3:W,c1:W,e3:w,h2:B w 0/60").outcome(),
        draw(EndReason::EndgameMoves)
    );
}

#[test]
fn russian_lone_king_on_the_main_road_five_moves() {
    // h8 is on the main road a1-h8, and the only piece on it
    for white in ["c1:W,e1:W,g1:W", "c1:W,e1:W,e3:w", "c1:W,a3:w,e3:w"] {
        let before = format!("{white},h8:B w 0/9");
        assert_eq!(ru(&before).outcome(), None, "{white}");
        let at = ru(&format!("{white},h8:B w 0/10"));
        assert_eq!(at.outcome(), draw(EndReason::EndgameMoves), "{white}");
    }
    // played: the lone king moves along the road, the tenth ply reaches the limit
    let mut p = ru("c1:W,e1:W,g1:W,h8:B b 0/9");
    p.play(&p.parse_move("h8-g7").unwrap()).unwrap();
    assert_eq!(p.outcome(), draw(EndReason::EndgameMoves), "{p}");
    // a white king on the road too: the lone king does not hold it alone, and the
    // three-kings count (15 moves) is the nearest
    let p = ru("c1:W,e1:W,d4:W,h8:B w 0/10");
    assert_eq!(p.outcome(), None);
    assert_eq!(
        ru("c1:W,e1:W,d4:W,h8:B w 0/30").outcome(),
        draw(EndReason::EndgameMoves)
    );
    // the lone king leaves the road at the tenth ply: no draw yet
    let mut p = ru("c1:W,e1:W,g1:W,b2:B b 0/9");
    p.play(&p.parse_move("b2-a3").unwrap()).unwrap();
    assert_eq!(p.draw_counts().endgame, 10);
    assert_eq!(p.outcome(), None, "{p}");
}

#[test]
fn russian_both_sides_with_kings_five_thirty_sixty_moves() {
    // (position, limit in moves): 2 and 3 pieces 5, 4 and 5 pieces 30, 6 and 7 60
    let cases = [
        ("c1:W,h8:B", 5),
        ("c1:W,e1:W,h8:B", 5),
        ("c1:W,e3:w,h8:B", 5),
        ("c1:W,e3:w,f8:B,d6:b", 30),
        ("c1:W,e3:w,a3:w,f8:B,d6:b", 30),
        ("c1:W,a3:w,e3:w,f8:B,b6:b,d6:b", 60),
        ("c1:W,a3:w,e3:w,g3:w,f8:B,b6:b,d6:b", 60),
    ];
    for (board, moves) in cases {
        let before = format!("{board} w 0/{}", 2 * moves - 1);
        assert_eq!(ru(&before).outcome(), None, "{before}");
        let at = format!("{board} w 0/{}", 2 * moves);
        assert_eq!(ru(&at).outcome(), draw(EndReason::EndgameMoves), "{at}");
        one_ply_before::<RussianRules>(&before, EndReason::EndgameMoves);
    }
    // eight pieces: no class, the count is not kept
    let p = ru("c1:W,a3:w,e3:w,g3:w,f8:B,b6:b,d6:b,h6:b w 0/200");
    assert_eq!((p.draw_counts().endgame, p.outcome()), (0, None));
    // a side without a king: no class either
    let p = ru("c1:w,a3:w,f8:B,d6:b w 0/100");
    assert_eq!((p.draw_counts().endgame, p.outcome()), (0, None));
}

#[test]
fn russian_every_capture_and_crowning_starts_the_count_again() {
    // a man's step counts on: the balance of forces does not change
    let mut p = ru("c1:W,a3:w,e3:w,f8:B,b6:b,d6:b w 0/40");
    p.play(&p.parse_move("a3-b4").unwrap()).unwrap();
    assert_eq!(p.draw_counts().endgame, 41);
    // a capture that keeps the pieces in the same class (seven to six, both sides
    // with kings) starts it again
    let mut p = ru("c1:W,b4:w,e3:w,g3:w,f8:B,c5:b,h6:b w 0/40");
    let classes = p.draw_counts().classes;
    p.play(&p.parse_move("b4:d6").unwrap()).unwrap();
    assert_eq!(
        (p.draw_counts().classes, p.draw_counts().endgame),
        (classes, 0),
        "{p}"
    );
    // so does a crowning that keeps four pieces on the board
    let mut p = ru("a1:W,g7:w,b8:B,d8:b w 0/40");
    let classes = p.draw_counts().classes;
    p.play(&p.parse_move("g7-h8").unwrap()).unwrap();
    assert_eq!(
        (p.draw_counts().classes, p.draw_counts().endgame),
        (classes, 0),
        "{p}"
    );
}

// ---- Brazilian draughts ----

#[test]
fn brazilian_twenty_moves_of_kings_each() {
    let board = "c1:W,e1:W,f8:B,h8:B";
    assert_eq!(br(&format!("{board} w 39/0")).outcome(), None);
    assert_eq!(
        br(&format!("{board} w 40/0")).outcome(),
        draw(EndReason::KingMoves)
    );
    one_ply_before::<BrazilianRules>(&format!("{board} w 39/0"), EndReason::KingMoves);
    // with men: a man's move starts it again
    let mut q = br("c1:W,a3:w,f8:B,h6:b w 39/0");
    q.play(&q.parse_move("a3-b4").unwrap()).unwrap();
    assert_eq!((q.draw_counts().kings_only, q.outcome()), (0, None));
    // no endgame classes: the count is not kept, a king against a king plays on
    let p = br("c1:W,h8:B w 0/50");
    assert_eq!((p.draw_counts().endgame, p.outcome()), (0, None));
    assert_eq!(BrazilianRules::COUNTED_DRAWS, Some(BRAZILIAN_COUNTED_DRAWS));
    assert_eq!(RussianRules::COUNTED_DRAWS, Some(RUSSIAN_COUNTED_DRAWS));
}

#[test]
fn russian_and_brazilian_counts_in_text_and_switched_off() {
    for text in ["h8:B,c1:W,e1:W w 3/3", "h8:B,c1:W,e1:W w -"] {
        let p = ru(text);
        let back = ru(&p.to_string());
        assert_eq!(
            (back.draw_counts(), back.to_string()),
            (p.draw_counts(), p.to_string())
        );
        let q = br(text);
        let back = br(&q.to_string());
        assert_eq!(
            (back.draw_counts(), back.to_string()),
            (q.draw_counts(), q.to_string())
        );
    }
    // switched off: no counted draw in a long shuffle, in either game
    let mut p = ru("c1:W,e1:W,h8:B w -");
    shuffle(&mut p, 80);
    assert_eq!(p.outcome(), None);
    let mut q = br("c1:W,e1:W,h8:B w").with_counted_draws(false);
    shuffle(&mut q, 80);
    assert_eq!(q.outcome(), None);
    // on, the same shuffles end
    let mut p = ru("c1:W,e1:W,h8:B w");
    shuffle(&mut p, 10);
    assert_eq!(p.outcome(), draw(EndReason::EndgameMoves));
    let mut q = br("c1:W,e1:W,h8:B w");
    shuffle(&mut q, 40);
    assert_eq!(q.outcome(), draw(EndReason::KingMoves));
}

/// Plays a random game of kings from `text` and checks it ends by a rule within
/// `bound` plies: a side without moves loses, or a counted draw.
fn random_game_of_kings<R: CheckersRules>(
    text: &str,
    seed: u64,
    bound: usize,
) -> Result<(), TestCaseError> {
    let mut rng = seed | 1;
    let mut next = |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    let mut p: CheckersPosition<R> = text.parse().unwrap();
    let mut moves = MoveList::new();
    let mut plies = 0;
    let outcome = loop {
        if let Some(o) = p.outcome() {
            break o;
        }
        p.legal_moves(&mut moves);
        let mv = moves[next(moves.len())];
        p.play(&mv).unwrap();
        plies += 1;
        prop_assert!(plies <= bound, "{} after {} plies", p, plies);
    };
    let by_rule = matches!(
        outcome,
        Outcome::Win {
            reason: EndReason::NoPieces | EndReason::NoLegalMove,
            ..
        } | Outcome::Draw {
            reason: EndReason::KingMoves | EndReason::EndgameMoves
        }
    );
    prop_assert!(by_rule, "{:?}", outcome);
    Ok(())
}

fn kings_text(squares: &[&str], w: usize, b: usize) -> String {
    squares[..w + b]
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{s}:{}", if i < w { 'W' } else { 'B' }))
        .collect::<Vec<_>>()
        .join(",")
        + " w"
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random games of kings (two to four against one to three) end by a rule: a side
    /// without moves loses, or a counted draw comes. Each capture may start the
    /// kings-only count again, so the bound is that count's limit once more per piece.
    #[test]
    fn random_games_of_kings_end_by_a_rule(seed in any::<u64>(), w in 2usize..5, b in 1usize..4) {
        let ten = ["1", "3", "5", "12", "14", "23", "27", "38", "44", "46", "48", "50"];
        let eight = ["a1", "c3", "e5", "g7", "b8", "d8", "f6", "h2", "c1", "e3", "g5", "a7"];
        let bound = |kings_only: u16| (w + b + 1) * 2 * usize::from(kings_only);
        random_game_of_kings::<InternationalRules>(
            &kings_text(&ten, w, b), seed, bound(25))?;
        random_game_of_kings::<RussianRules>(
            &kings_text(&eight, w, b), seed, bound(15))?;
        random_game_of_kings::<BrazilianRules>(
            &kings_text(&eight, w, b), seed, bound(20))?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The counts field reads back as written in all three games, on and off, and the
    /// endgame count is kept only where the pieces are in a class.
    #[test]
    fn counts_round_trip_through_the_text(k in 0u16..200, e in 0u16..200, off in any::<bool>()) {
        fn check<R: CheckersRules>(board: &str, k: u16, e: u16, off: bool) -> Result<(), TestCaseError> {
            let field = if off { "-".to_string() } else { format!("{k}/{e}") };
            let p: CheckersPosition<R> = format!("{board} w {field}").parse().unwrap();
            let back: CheckersPosition<R> = p.to_string().parse().unwrap();
            prop_assert_eq!(back.draw_counts(), p.draw_counts());
            prop_assert_eq!(back.to_string(), p.to_string());
            let c = p.draw_counts();
            prop_assert_eq!(c.off, off);
            if !off {
                prop_assert_eq!(c.kings_only, k);
                prop_assert_eq!(c.endgame, if c.classes.is_empty() { 0 } else { e });
            }
            Ok(())
        }
        check::<InternationalRules>("1:W,2:W,50:B", k, e, off)?;
        check::<InternationalRules>("1:W,2:W,3:W,4:W,50:B", k, e, off)?;
        check::<RussianRules>("c1:W,e1:W,g1:W,h8:B", k, e, off)?;
        check::<RussianRules>("c1:W,a3:w,e3:w,g3:w,f8:B,b6:b,d6:b,h6:b", k, e, off)?;
        check::<BrazilianRules>("c1:W,e1:W,h8:B", k, e, off)?;
    }
}
