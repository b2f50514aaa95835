//! HexEmergo: the Emergo rules on the 37-cell hexagon (Freeling's HexEmergo page on
//! Mindsports; the HexEmergo rulings of `docs/rulings.md`).
//!
//! Cells are (L, N) with |L − N| ≤ 3; the six neighbours of (L, N) are (L ± 1, N),
//! (L, N ± 1), (L + 1, N + 1) and (L − 1, N − 1). Positions are written in the crate's
//! position text: `<columns> <side> <white in hand>/<black in hand>`, columns as
//! `square:men` with the men bottom to top.

use column_checkers::any::{dispatch, RulesetVisitor};
use column_checkers::custom::{Board, Hex37, MovePath};
use column_checkers::playout::SplitMix64;
use column_checkers::{
    perft, Color, Emergo, EndReason, HexEmergo, HexEmergoSetup, MoveList, Outcome, Position,
};
use column_checkers_testkit::Checking;
use proptest::prelude::*;

fn pos(text: &str) -> HexEmergo {
    text.parse()
        .unwrap_or_else(|e| panic!("bad position {text:?}: {e}"))
}

/// The legal moves as text, sorted.
fn moves(p: &HexEmergo) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Plays a move given as text, checking it is legal.
fn play(p: &mut HexEmergo, text: &str) {
    let mv = p
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {p}: {e}"));
    p.play(&mv).unwrap();
}

/// The six cells around d4 paired with the cell beyond each, in the board's direction
/// order: (1,0), (1,1), (0,1), (−1,0), (−1,−1), (0,−1).
const AROUND_D4: [(&str, &str); 6] = [
    ("e4", "f4"),
    ("e5", "f6"),
    ("d5", "d6"),
    ("c4", "b4"),
    ("c3", "b2"),
    ("d3", "d2"),
];

/// Perft from the empty board (`docs/rulings.md#hexemergo`): 36 at depth 1 is every
/// cell but the centre; the deeper counts are this crate's own, kept as a regression
/// check.
#[test]
fn perft_from_the_empty_board() {
    let start = HexEmergo::start();
    assert_eq!(perft(&start, 1), 36);
    assert_eq!(perft(&start, 2), 1_164);
    assert_eq!(perft(&start, 3), 36_702);
}

/// The ruleset is registered as `hexemergo` and reports that name; Emergo keeps its
/// own.
#[test]
fn registered_by_name() {
    struct Perft(u32);
    impl RulesetVisitor for Perft {
        type Output = (&'static str, u64);
        fn visit<P: Position>(self) -> (&'static str, u64) {
            (P::NAME, perft(&P::start(), self.0))
        }
    }
    assert_eq!(
        dispatch("hexemergo", &[], Perft(2)),
        Ok(("hexemergo", 1_164))
    );
    assert_eq!(dispatch("HexEmergo", &[], Perft(1)), Ok(("hexemergo", 36)));
    assert_eq!(dispatch("emergo", &[], Perft(1)), Ok(("emergo", 40)));
    assert_eq!(HexEmergo::NAME, "hexemergo");
    assert_eq!(Emergo::NAME, "emergo");
}

/// "Hexhex board of side 4 = 37 cells ... cell (L,N) exists iff |L−N| ≤ 3 ...
/// Centre = D4." Cell names are written in lower case, upper case is accepted.
#[test]
fn board_cells_and_names() {
    let g = Hex37::geometry();
    assert_eq!(g.len(), 37);
    assert_eq!(g.direction_count(), 6);
    for name in ["a1", "a4", "d1", "d7", "g4", "g7", "D4", "G7"] {
        assert!(g.parse_square(name).is_some(), "{name}");
    }
    for name in ["a5", "e1", "g3", "h4", "d8", "d0"] {
        assert!(g.parse_square(name).is_none(), "{name}");
    }
    let p = pos("D4:wwb,E5:b w 3/4");
    assert_eq!(p.to_string(), "d4:wwb,e5:b w 3/4");
}

/// "White's first entry may not be on the central cell D4": 36 first moves, and d4
/// (in either case) is refused with an error, not a panic.
#[test]
fn first_entry_not_on_d4() {
    let p = HexEmergo::start();
    let first = moves(&p);
    assert_eq!(first.len(), 36);
    assert!(!first.contains(&"d4".to_string()));
    assert!(p.parse_move("d4").is_err());
    assert!(p.parse_move("D4").is_err());
    assert!(p.parse_move("h9").is_err());
    assert!(p.parse_move("c3").is_ok());
}

/// The centre ban is for White's very first move only ("Only White's first move"):
/// Black may answer on d4, and later entries may go there too.
#[test]
fn centre_ban_only_on_the_first_move() {
    let mut p = HexEmergo::start();
    play(&mut p, "a1");
    assert!(moves(&p).contains(&"d4".to_string()));
    let mut q = HexEmergo::start();
    play(&mut q, "g7");
    play(&mut q, "a1");
    assert!(moves(&q).contains(&"d4".to_string()));
}

/// "A piece captures the top man of an enemy piece on a neighbouring square by
/// jumping over it to the square immediately beyond" — on the hexagon, in all six
/// directions, the two extra ones (1,1) and (−1,−1) included.
#[test]
fn captures_in_six_directions() {
    for (victim, beyond) in AROUND_D4 {
        let p = pos(&format!("d4:w,{victim}:b w 0/0"));
        assert_eq!(moves(&p), [format!("d4x{beyond}")], "victim on {victim}");
    }
    // all six at once: six captures of one man each, one per direction
    let p = pos("c3:b,c4:b,d3:b,d4:w,d5:b,e4:b,e5:b w 0/0");
    let expected: Vec<String> = AROUND_D4.iter().map(|(_, b)| format!("d4x{b}")).collect();
    let mut expected = expected;
    expected.sort();
    assert_eq!(moves(&p), expected);
}

/// "After a jump the same piece must continue if it can, in any direction except a
/// 180° turn (you may not jump straight back the way you came)." In each of the six
/// directions: d4 jumps a black column of two; jumping straight back over it to the
/// (vacated) origin would take a second man, but the move ends after one.
#[test]
fn no_180_degree_turn_in_any_direction() {
    for (victim, beyond) in AROUND_D4 {
        let mut p = pos(&format!("d4:w,{victim}:bb w 0/0"));
        assert_eq!(moves(&p), [format!("d4x{beyond}")], "victim on {victim}");
        assert!(p.parse_move(&format!("d4x{beyond}xd4")).is_err());
        play(&mut p, &format!("d4x{beyond}"));
        assert_eq!(
            p.to_string(),
            sorted_text(&[(victim, "b"), (beyond, "bw")], "b 0/0")
        );
    }
}

/// Position text of the given columns (sorted by the board's square order, as the
/// crate writes them) followed by `rest`.
fn sorted_text(cols: &[(&str, &str)], rest: &str) -> String {
    let g = Hex37::geometry();
    let mut v: Vec<_> = cols
        .iter()
        .map(|&(s, m)| (g.parse_square(s).unwrap(), format!("{s}:{m}")))
        .collect();
    v.sort();
    let cols: Vec<String> = v.into_iter().map(|(_, t)| t).collect();
    format!("{} {rest}", cols.join(","))
}

/// "A square may be visited more than once and a piece may be jumped more than once
/// in one capture ('going roundabout') ... a route may end on the square of origin",
/// and "the player must choose one capturing the maximum number of men".
///
/// c3 jumps round the triangle d3, e4, d4 (directions (1,0), (0,1), (−1,−1)). Going
/// c3–e3–e5–c3 and on over d3 (still black-topped) to e3 takes 4 men; the other way,
/// c3–e5–e3–c3, would have to jump d3 straight back to go on, so it stops on its origin
/// with 3. Only the 4-man route is legal (the hexagonal twin of Freeling's example).
#[test]
fn roundabout_majority_picks_the_longest() {
    let mut p = pos("c3:w,d3:bb,d4:b,e4:b w 0/0");
    assert_eq!(moves(&p), ["c3xe3xe5xc3xe3"]);
    assert!(p.parse_move("c3xe5xe3xc3").is_err());
    play(&mut p, "c3xe3xe5xc3xe3");
    assert_eq!(p.to_string(), "e3:bbbbw b 0/0");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::NoPieces
        })
    );
}

/// Roundabouts that come back to the origin: with two black men on each corner of the
/// triangle, c3 goes round twice, jumping every column twice, and ends where it
/// started with 6 men. Both senses of rotation give the same position, so they are one
/// move (move identity); either route, or the compact `c3x`, names it.
#[test]
fn roundabout_returns_to_its_origin() {
    let p = pos("c3:w,d3:bb,d4:bb,e4:bb w 0/0");
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    assert_eq!(list.len(), 1);
    let mv = list[0];
    assert_eq!(mv.men_captured(), 6);
    assert_eq!(mv.origin(), Some(mv.destination()));
    for text in ["c3xe3xe5xc3xe3xe5xc3", "c3xe5xe3xc3xe5xe3xc3", "c3x"] {
        assert_eq!(p.parse_move(text), Ok(mv), "{text}");
    }
    let mut q = p.clone();
    q.play(&mv).unwrap();
    assert_eq!(q.to_string(), "c3:bbbbbbw b 0/0");
}

/// "An entry may not force the opponent to capture, unless the entering player is
/// already under attack": after White enters on a cell with six neighbours, Black may
/// not enter on a neighbour whose far side (seen from White's man) is on the board.
///
/// - c3: all six far sides exist (e3, e5, c5, a3, a1, c1): 36 − 6 = 30 replies.
/// - b2: only the far sides d2, d4, b4 exist, so c2, c3, b3 are forbidden and a2, a1,
///   b1 are not: 36 − 3 = 33 replies.
#[test]
fn no_feeding_on_the_hexagon() {
    let mut p = HexEmergo::start();
    play(&mut p, "c3");
    let replies = moves(&p);
    assert_eq!(replies.len(), 30);
    for n in ["d3", "d4", "c4", "b3", "b2", "c2"] {
        assert!(!replies.contains(&n.to_string()), "{n}");
        assert!(p.parse_move(n).is_err());
    }

    let mut p = HexEmergo::start();
    play(&mut p, "b2");
    let replies = moves(&p);
    assert_eq!(replies.len(), 33);
    for n in ["c2", "c3", "b3"] {
        assert!(!replies.contains(&n.to_string()), "{n}");
    }
    for n in ["a2", "a1", "b1"] {
        assert!(replies.contains(&n.to_string()), "{n}");
    }
}

/// "... unless the entering player is already under attack (the opponent, were it his
/// turn, would have a capture)". After 1. b2 a1, Black's unjumpable corner man attacks
/// b2 (a1×b2→c3), so White may enter on every vacant cell, also next to a1 (35 entries
/// instead of 33).
#[test]
fn feeding_allowed_when_under_attack() {
    let mut p = HexEmergo::start();
    play(&mut p, "b2");
    play(&mut p, "a1");
    assert!(p.under_attack(Color::White));
    assert_eq!(moves(&p).len(), 35);
    assert!(p.parse_move("a2").is_ok());
    assert!(p.parse_move("b1").is_ok());
}

/// "If the opponent has no men left in hand, the player must enter all his remaining
/// men at once as one column (the shadowpiece) ... Same entry conditions (no-feeding,
/// vacancy)." Black's corner man on a1 could jump b1, b2 or a2, so those are refused.
#[test]
fn shadowpiece_on_the_hexagon() {
    let mut p = pos("a1:b w 5/0");
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    assert_eq!(list.len(), 33);
    assert!(list
        .iter()
        .all(|m| matches!(m.path(), MovePath::Entry { men: 5, .. })));
    for n in ["b1", "b2", "a2"] {
        assert!(p.parse_move(n).is_err(), "{n}");
    }
    // the centre is only banned for White's first move of the game
    play(&mut p, "d4");
    assert_eq!(p.to_string(), "a1:b,d4:wwwww b 0/0");
    assert_eq!(p.in_hand(Color::White), 0);
}

/// "Otherwise (no capture, nothing in hand) he moves one of his pieces one step to a
/// vacant neighbouring square" — six directions on the hexagon.
#[test]
fn steps_in_six_directions() {
    let p = pos("a1:b,d4:w w 0/0");
    let expected: Vec<String> = AROUND_D4.iter().map(|(n, _)| format!("d4-{n}")).collect();
    let mut expected = expected;
    expected.sort();
    assert_eq!(moves(&p), expected);
    // the compact forms of steps along a letter or number line
    assert_eq!(p.parse_move("de4").unwrap().to_string(), "d4-e4");
    assert_eq!(p.parse_move("d45").unwrap().to_string(), "d4-d5");
    assert_eq!(p.parse_move("d4e5").unwrap().to_string(), "d4-e5");
}

/// "Draw: the player to move has at least one piece ... and no legal move" ("being
/// completely blocked is a draw in both [Emergo and HexEmergo]"). Black's corner man
/// on a1 is hemmed in by a2, b1, b2, which it cannot jump because a3, c1 and c3 are
/// occupied.
#[test]
fn blocked_is_a_draw() {
    let p = pos("a1:b,a2:w,a3:w,b1:w,b2:w,c1:w,c3:w b 0/0");
    assert!(moves(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::NoLegalMove
        })
    );
    assert!(p.parse_move("a1-a2").is_err());
}

/// "If a player has no pieces left he loses the game" (rulings, the end of a game: the
/// player to move controls no column and has no man in hand). Capturing Black's last
/// man makes it a prisoner; Black, to move, has lost.
#[test]
fn no_pieces_loses() {
    let mut p = pos("d4:w,e5:b w 0/0");
    assert_eq!(p.outcome(), None);
    play(&mut p, "d4xf6");
    assert_eq!(p.to_string(), "f6:bw b 0/0");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::NoPieces
        })
    );
    assert!(moves(&p).is_empty());
    // a player with nothing on the board but men in hand has not lost
    assert_eq!(pos("f6:bw b 0/1").outcome(), None);
}

/// The diagram draws the hexagon: rows of equal number, each half a cell left of the
/// row below it, with the number before each row and the letters where the letter
/// lines leave the board.
#[test]
fn diagram_is_a_hexagon() {
    let expected = "    7 . . . .
   6 . . . . .
  5 . . . . . .
 4 . . . . . . .
  3 . . . . . . g
   2 . . . . . f
    1 . . . . e
       a b c d
White to move; in hand: White 12, Black 12
";
    assert_eq!(HexEmergo::start().diagram(), expected);
    assert_eq!(format!("{:#}", HexEmergo::start()), expected);
    let p = pos("a1:w,d4:wwb,g7:bbbwwww w 0/0");
    let d = p.diagram();
    assert!(d.contains("b2w"), "{d}");
    assert!(d.contains("4w3b"), "{d}");
}

/// Bad position texts are errors, not panics: unknown cells, too many men.
#[test]
fn bad_texts_are_errors() {
    for t in [
        "a5:w w 12/12",
        "h1:w w 12/12",
        "d4:w w 13/12",
        "d4:wwwwwwwwwwwww w 0/0",
        "d4:w x 12/12",
        "",
    ] {
        assert!(t.parse::<HexEmergo>().is_err(), "{t:?}");
    }
}

/// "E-mail alternative start (pbmserv, and ZRF variant 'HexEmergo – Set up'): no
/// entering phase, 13 men each placed on the board (ZRF: Black G7 F7 E7 D7 G6 F6 E6 D6
/// C6 F5 E5 D5 C5; White E3 D3 C3 B3 E2 D2 C2 B2 A2 D1 C1 B1 A1), White moves first
/// under the movement rules."
///
/// White's first moves: b3, c3, d3 and e3 step into row 4 in two directions each, and
/// a3 and f3 are reached from b3 or a2 and from e3 or e2: 12 steps. Perft to depth 3
/// is this crate's figure.
#[test]
fn setup_variant() {
    let p = HexEmergoSetup::start();
    assert_eq!(HexEmergoSetup::NAME, "hexemergo-setup");
    assert_eq!(
        p.to_string(),
        "a1:w,b1:w,c1:w,d1:w,a2:w,b2:w,c2:w,d2:w,e2:w,b3:w,c3:w,d3:w,e3:w,\
         c5:b,d5:b,e5:b,f5:b,c6:b,d6:b,e6:b,f6:b,g6:b,d7:b,e7:b,f7:b,g7:b w 0/0"
    );
    assert_eq!(p.men(Color::White), 13);
    assert_eq!(p.men(Color::Black), 13);
    assert_eq!(p.in_hand(Color::White), 0);
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut first: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    first.sort();
    let mut expected: Vec<String> = [
        "b3-b4", "b3-c4", "c3-c4", "c3-d4", "d3-d4", "d3-e4", "e3-e4", "e3-f4", "b3-a3", "e3-f3",
        "a2-a3", "e2-f3",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    expected.sort();
    assert_eq!(first, expected);
    assert_eq!(perft(&p, 2), 56);
    assert_eq!(perft(&p, 3), 310);
    assert_eq!(p.to_string().parse::<HexEmergoSetup>(), Ok(p.clone()));
    // 13 men are too many for the standard game
    assert!(p.to_string().parse::<HexEmergo>().is_err());
    let mut q = p.clone();
    let mv = q.parse_move("b3-b4").unwrap();
    q.play(&mv).unwrap();
    // Black's c5 must jump b4 (to a3): capture is compulsory
    let mut replies = MoveList::new();
    q.legal_moves(&mut replies);
    assert!(replies.iter().all(|m| m.is_capture()));
    assert!(replies.iter().any(|m| m.to_string() == "c5xa3"));
}

/// Checks the invariants along one random playout of up to `plies` plies from `start`,
/// where each side has `men` men in the game.
fn playout<P: Checking>(
    start: P,
    men: usize,
    seed: u64,
    plies: usize,
) -> Result<(), TestCaseError> {
    let mut rng = SplitMix64::new(seed);
    let mut p = start;
    let mut list = MoveList::new();
    for _ in 0..plies {
        prop_assert_eq!(p.men(Color::White), men);
        prop_assert_eq!(p.men(Color::Black), men);
        prop_assert_eq!(p.zobrist(), p.zobrist_from_scratch());
        let text = p.to_string();
        let back = text.parse::<P>();
        prop_assert_eq!(back.as_ref(), Ok(&p), "{}", text);
        p.legal_moves(&mut list);
        prop_assert_eq!(list.len(), p.count_legal_moves());
        prop_assert_eq!(list.is_empty(), p.outcome().is_some());
        if list.is_empty() {
            break;
        }
        for mv in list.iter() {
            let s = mv.to_string();
            prop_assert_eq!(p.parse_move(&s), Ok(*mv), "{} in {}", s, text);
            let mut q = p.clone();
            prop_assert!(q.play(mv).is_ok(), "{} in {}", s, text);
        }
        let mv = list[rng.below(list.len())];
        p.play(&mv).unwrap();
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Random playouts from the empty board: "men never leave the board once entered"
    /// (12 men each, board and hand, always), the incremental hash equals the one from
    /// scratch, the position text round-trips, every legal move's text reads back as
    /// that move and every legal move plays.
    #[test]
    fn random_playouts_keep_the_invariants(seed in any::<u64>()) {
        playout(HexEmergo::start(), 12, seed, 200)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20))]

    /// The same invariants from the 13-men set-up of the variant.
    #[test]
    fn random_setup_playouts_keep_the_invariants(seed in any::<u64>()) {
        playout(HexEmergoSetup::start(), 13, seed, 200)?;
    }
}
