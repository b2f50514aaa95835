//! The FMJD's counted draws in international draughts (Annex 1, article 6): a
//! position one move before each limit and at it, for every rule; the counts through
//! play, text and taking back; and a property that random games of kings end by a rule.

use column_checkers::engine::moves::MoveList;
use column_checkers::{Counting, EndReason, InternationalDraughts, Outcome, Position};
use proptest::prelude::*;

fn pos(text: &str) -> InternationalDraughts {
    text.parse().unwrap()
}

fn draw(reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

/// Plays `plies` king moves that capture nothing and leave the other side no capture.
fn shuffle(p: &mut InternationalDraughts, plies: usize) {
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
                !m.is_capture() && !replies.iter().any(|r| r.is_capture())
            })
            .expect("a quiet move");
        p.play(&mv).unwrap();
    }
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
    assert_eq!(p.to_string(), "50:B,1:W,2:W w 3/3");
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
    // switched off: written as -, never a counted draw
    let off = pos("1:W,2:W,50:B w -");
    assert_eq!(off.to_string(), "50:B,1:W,2:W w -");
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random games of kings (two to four each) end by a rule within the limits: a
    /// side without moves loses, or a counted draw (or repetition, which Game keeps)
    /// comes before 2 × 25 + 2 × 16 plies have passed without one.
    #[test]
    fn random_games_of_kings_end_by_a_rule(seed in any::<u64>(), w in 2usize..5, b in 1usize..4) {
        let squares = [1, 3, 5, 12, 14, 23, 27, 38, 44, 46, 48, 50];
        let mut rng = seed | 1;
        let mut next = |n: usize| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % n as u64) as usize
        };
        let text = squares[..w + b]
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{s}:{}", if i < w { 'W' } else { 'B' }))
            .collect::<Vec<_>>()
            .join(",");
        let mut p = pos(&format!("{text} w"));
        let mut moves = MoveList::new();
        let mut plies = 0;
        while p.outcome().is_none() {
            p.legal_moves(&mut moves);
            let mv = moves[next(moves.len())];
            p.play(&mv).unwrap();
            plies += 1;
            prop_assert!(plies <= 2_000, "{}", p);
        }
    }
}
