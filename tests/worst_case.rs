//! Worst-case capture positions, built by hand and found by the search of
//! `examples/worst_case.rs`: Emergo towers arranged for the longest roundabouts and
//! Russian flying kings with many landing choices. Their legal moves are computed and
//! every invariant is checked; the time they take is measured in release mode by the
//! example, not here (tests never time anything).

use column_checkers::games::RussianDraughts;
use column_checkers::{Emergo, MoveList};
use column_checkers_testkit::{invariants, Checking};

/// (position, legal moves, jumps of the longest)
const EMERGO: &[(&str, usize, usize)] = &[
    // black men on the twelve edges of the four lattice squares round the centre, one
    // white column in the middle: roundabouts in every direction
    (
        "d3:b,f3:b,c4:b,e4:b,g4:b,d5:b,e5:wwwwwwwwwwww,f5:b,c6:b,e6:b,g6:b,d7:b,f7:b w 0/0",
        12,
        9,
    ),
];

const RUSSIAN: &[(&str, usize, usize)] = &[
    // a king in the corner, black men spread for long zigzags
    (
        "a1:W,c3:b,e3:b,g3:b,c5:b,e5:b,g5:b,b6:b,d6:b,f6:b,c7:b,e7:b,g7:b w",
        1,
        3,
    ),
    // found by the search: two kings in opposite corners, twelve men to take
    (
        "a1:W,b2:b,d2:b,f2:b,b4:b,d4:b,f4:b,g5:b,b6:b,d6:b,a7:b,e7:b,g7:b,h8:W w",
        30,
        9,
    ),
    // found by the search: three kings on the a-file and c7
    (
        "b2:b,d2:b,f2:b,g3:b,b4:b,d4:b,a5:W,e5:b,g5:b,b6:b,f6:b,a7:W,c7:W,e7:b,g7:b w",
        22,
        9,
    ),
];

fn longest(moves: &[String]) -> usize {
    moves
        .iter()
        .map(|m| m.split([':', 'x']).count() - 1)
        .max()
        .unwrap_or(0)
}

fn run<P: Checking>(cases: &[(&str, usize, usize)]) {
    for &(text, count, jumps) in cases {
        let p: P = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        let moves: Vec<String> = list.iter().map(|m| m.to_string()).collect();
        println!(
            "{} {text}: {} moves, longest {} jumps",
            P::NAME,
            moves.len(),
            longest(&moves)
        );
        assert_eq!((moves.len(), longest(&moves)), (count, jumps), "{text}");
        invariants::check(&p).unwrap_or_else(|v| panic!("{text}: {v}"));
        for mv in &list {
            let mut next = p.clone();
            next.play(mv).unwrap();
            invariants::check(&next).unwrap_or_else(|v| panic!("{text} after {mv}: {v}"));
        }
    }
}

#[test]
fn emergo_longest_roundabouts() {
    run::<Emergo>(EMERGO);
}

#[test]
fn russian_long_king_captures() {
    run::<RussianDraughts>(RUSSIAN);
}
