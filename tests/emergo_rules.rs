//! Emergo's rules, each as a focused test, from the Italian rules text of Emergo,
//! Mindsports' English rules of Emergo (Christian Freeling) and the Emergo rulings of
//! `docs/rulings.md` (the crate's `rulings` page). Positions are written in the
//! crate's position text: `<columns> <side> <white in hand>/<black in hand>`, columns
//! as `square:men` with the men bottom to top.

use column_checkers::custom::MovePath;
use column_checkers::{
    Color, Emergo, EndReason, Game, MoveList, MoveParseError, Outcome, Position,
};

fn pos(text: &str) -> Emergo {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(p: &Emergo) -> Vec<String> {
    let mut l = MoveList::new();
    p.legal_moves(&mut l);
    l.iter().map(|m| m.to_string()).collect()
}

fn play(p: &mut Emergo, text: &str) {
    let m = p
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {p}: {e}"));
    p.play(&m).unwrap();
}

/// The Italian rules text's game ("Fase di posizionamento"): "1. d6, d8; 2. e4, g6; 3. f4, g7;
/// 4. b6, d7 … il Bianco prosegue giocando in f6. Le mosse successive sono tutte
/// forzate. 5. f6, g6-e6-c6; 6. b6-d6, d7-d5; 7. c6-e6".
#[test]
fn seed_game_replays_with_forced_moves() {
    let mut game = Game::new(Emergo::start());
    let record = "d6 d8 e4 g6 f4 g7 b6 d7 f6 g6-e6-c6 b6-d6 d7-d5 c6-e6";
    for (ply, text) in record.split(' ').enumerate() {
        if ply >= 9 {
            // from 5...g6-e6-c6 on, every move is the only legal move
            assert_eq!(
                moves(game.position()).len(),
                1,
                "ply {} ({text}) is forced",
                ply + 1
            );
        }
        game.play_text(text)
            .unwrap_or_else(|e| panic!("ply {}: {e}", ply + 1));
    }
    // Black's reply 5...g6-e6-c6 took two men; d7-d5 and c6-e6 one each
    assert_eq!(
        game.position().to_string(),
        "e4:w,f4:w,d5:wb,e6:bww,g7:b,d8:b b 7/8"
    );
    assert_eq!(game.moves()[9].to_string(), "g6xe6xc6");
}

/// The Italian text's 4...d7 attacks White's d6, so 5. f6 may feed: "è vietato collocare una
/// pedina in modo da forzarne la cattura … a meno che il giocatore di turno non abbia
/// già una pedina sotto attacco".
#[test]
fn feeding_is_allowed_when_under_attack() {
    let mut p = Emergo::start();
    for m in ["d6", "d8", "e4", "g6", "f4", "g7", "b6"] {
        play(&mut p, m);
    }
    // before 4...d7 Black may not enter on f6 either (White's... no: it is Black's turn)
    play(&mut p, "d7");
    assert!(p.under_attack(Color::White));
    assert!(
        moves(&p).contains(&"f6".to_string()),
        "feeding f6 allowed when attacked"
    );
    // f6 would feed g6 (g6xf6 lands e6): only legal because White is attacked
    assert!(p.feeding_squares(Color::White).contains(sq("f6")));
}

fn sq(name: &str) -> column_checkers::Square {
    use column_checkers::custom::Board;
    column_checkers::games::Oblique9::geometry()
        .parse_square(name)
        .unwrap()
}

/// Freeling's majority and roundabout example (Mindsports' English rules): White
/// steps fe4, Black must take hd4x, White must capture clockwise
/// e4-c4-c6-e6-e4-c4 (5 men, d4 jumped twice, passing the origin); the anticlockwise
/// route ends on its origin with 4 men and is illegal.
#[test]
fn example_a_majority_roundabout() {
    let mut p = pos("c5:b,d6:b,e5:b,f4:wwww,g4:w,h4:bb w 0/0");
    play(&mut p, "fe4");
    assert_eq!(moves(&p), ["h4xf4xd4"]);
    play(&mut p, "hd4x");
    assert_eq!(p.to_string(), "d4:wwbb,e4:www,c5:b,e5:b,d6:b w 0/0");
    assert_eq!(moves(&p), ["e4xc4xc6xe6xe4xc4"]);
    let err = p.parse_move("e4xe6xc6xc4xe4").unwrap_err();
    assert!(matches!(err, MoveParseError::Illegal { .. }), "{err}");
    play(&mut p, "e4xc4xc6xe6xe4xc4");
    // "white liberates a piece of two and captures five men under a cap of three"
    assert_eq!(p.to_string(), "c4:bbbbbwww,d4:ww b 0/0");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::NoPieces
        })
    );
}

/// Example B (no feeding): after 1. e4 Black may not enter on d4, f4, e3 or e5 (36
/// replies); after 1. a5 only b5 is forbidden (39); after 1. b5 a5 White is attacked and
/// may enter anywhere (39).
#[test]
fn example_b_no_feeding() {
    let mut p = Emergo::start();
    play(&mut p, "e4");
    let m = moves(&p);
    assert_eq!(m.len(), 36);
    for banned in ["d4", "f4", "e3", "e5"] {
        assert!(!m.contains(&banned.to_string()));
    }
    let mut p = Emergo::start();
    play(&mut p, "a5");
    assert_eq!(moves(&p).len(), 39);
    assert!(!moves(&p).contains(&"b5".to_string()));
    let mut p = Emergo::start();
    play(&mut p, "b5");
    play(&mut p, "a5");
    assert!(p.under_attack(Color::White));
    assert_eq!(moves(&p).len(), 39);
}

/// Example B, last line: "28 of the 1 504 legal two-move openings leave White under
/// attack".
#[test]
fn example_b_openings_under_attack() {
    let start = Emergo::start();
    let mut first = MoveList::new();
    start.legal_moves(&mut first);
    let mut attacked = 0;
    let mut total = 0;
    for a in first.iter() {
        let mut p = start.clone();
        p.play_unchecked(a);
        let mut second = MoveList::new();
        p.legal_moves(&mut second);
        for b in second.iter() {
            let mut q = p.clone();
            q.play_unchecked(b);
            total += 1;
            attacked += q.under_attack(Color::White) as usize;
        }
    }
    assert_eq!((total, attacked), (1504, 28));
}

/// Example C: "White may not, on his very first move, enter on the central square
/// (e5)": 40 first moves.
#[test]
fn example_c_first_move_not_on_centre() {
    let p = Emergo::start();
    let m = moves(&p);
    assert_eq!(m.len(), 40);
    assert!(!m.contains(&"e5".to_string()));
    assert!(matches!(
        p.parse_move("e5"),
        Err(MoveParseError::Illegal { .. })
    ));
    // nothing else is special: Black may enter on e5 at once
    let mut p = p;
    play(&mut p, "d6");
    assert!(moves(&p).contains(&"e5".to_string()));
}

/// "Capture is obligatory and has precedence in both phases": with men in hand and a
/// capture available, only captures are legal.
#[test]
fn capture_precedes_entering() {
    let p = pos("d4:w,e4:b w 11/11");
    assert_eq!(moves(&p), ["d4xf4"]);
}

/// "If a player who still has one or more men 'in hand', has no capture to perform,
/// he must enter a man": entering precedes stepping.
#[test]
fn entering_precedes_stepping() {
    let p = pos("a5:w,i5:b w 11/11");
    assert!(moves(&p).iter().all(|m| !m.contains('-')));
    // 39 vacant squares but h5 would feed i5 (i5xh5 lands g5)
    assert_eq!(moves(&p).len(), 38);
    assert!(!moves(&p).contains(&"h5".to_string()));
}

/// "If the player to move cannot make a capture and does not have any men in hand, he
/// must move a piece to an adjacent square": the whole column steps, in any of the four
/// directions.
#[test]
fn stepping_in_four_directions() {
    let p = pos("e5:bww,a5:b w 0/0");
    let mut m = moves(&p);
    m.sort();
    assert_eq!(m, ["e5-d5", "e5-e4", "e5-e6", "e5-f5"]);
    let mut q = p.clone();
    play(&mut q, "e5-e6");
    assert_eq!(q.to_string(), "a5:b,e6:bww b 0/0");
}

/// The shadowpiece: "He may not enter more than one man, unless his opponent has all
/// twelve men on the board, in which case he must enter his remaining men as one piece."
#[test]
fn shadowpiece_enters_all_men_left() {
    let mut p = pos("a5:wwwwwwwwwwww,e1:bbbbbbbbb b 0/3");
    let mut l = MoveList::new();
    p.legal_moves(&mut l);
    assert!(l
        .iter()
        .all(|m| matches!(m.path(), MovePath::Entry { men: 3, .. })));
    // b5 would feed a5 (a5xb5 lands c5)
    assert_eq!(l.len(), 38);
    play(&mut p, "e5");
    assert_eq!(p.to_string(), "e1:bbbbbbbbb,a5:wwwwwwwwwwww,e5:bbb w 0/0");
    assert_eq!(p.in_hand(Color::Black), 0);
    // with one man left, the shadowpiece is just a man
    let mut p = pos("a5:wwwwwwwwwwww,e1:bbbbbbbbbbb b 0/1");
    play(&mut p, "e5");
    assert_eq!(p.in_hand(Color::Black), 0);
}

/// Majority: "the player must choose one capturing the maximum number of men", over
/// the longer roundabout, and among several columns.
#[test]
fn majority_capture_across_columns() {
    // c5 can take one man (d5); g5 can take two (g6, g8 ... via g7? no): h5 takes g5, then
    // e5? Use two routes of different length from different columns.
    let p = pos("c5:w,d5:b,g3:w,g4:b,g6:b w 0/0");
    // c5xe5 (1 man) vs g3xg5xg7 (2 men): only the longer is legal
    assert_eq!(moves(&p), ["g3xg5xg7"]);
}

/// Ties are free: "If there are more ways than one to meet this criterion, the player
/// is free to choose."
#[test]
fn majority_ties_are_free() {
    let p = pos("e5:w,d5:b,f5:b w 0/0");
    let mut m = moves(&p);
    m.sort();
    assert_eq!(m, ["e5xc5", "e5xg5"]);
}

/// No 180° turn: "non è possibile saltare una Colonna appena saltata". After c5xe5 the
/// jumped d5 is still black-topped (bb), but jumping it straight back is forbidden.
#[test]
fn no_reversal_over_the_column_just_jumped() {
    let p = pos("c5:w,d5:bb w 0/0");
    assert_eq!(moves(&p), ["c5xe5"]);
    let mut q = p.clone();
    play(&mut q, "c5xe5");
    assert_eq!(q.to_string(), "d5:b,e5:bw b 0/0");
}

/// Re-jumping: "In a multiple capture the capturing piece may visit a square more
/// than once as well as jump a piece more than once" — while its top man is still the
/// opponent's; and the route may end on its origin.
#[test]
fn rejumping_a_column_and_ending_on_the_origin() {
    // clockwise round the ring e5, d6, c5, d4 back through the origin e4 and over e5
    // again (still black-topped: it was a column of two) = 5 men; anticlockwise the
    // route ends on e4 after 4 men, because going on over e5 would be a 180° turn.
    let mut p = pos("e4:w,e5:bb,d6:b,c5:b,d4:b w 0/0");
    assert_eq!(moves(&p), ["e4xe6xc6xc4xe4xe6"]);
    play(&mut p, "e4xe6xc6xc4xe4xe6");
    assert_eq!(p.to_string(), "e6:bbbbbw b 0/0");
}

/// Move identity: routes that start on the same square and produce the same position are
/// one move — a roundabout taken clockwise or anticlockwise back to its origin.
#[test]
fn roundabout_both_ways_is_one_move() {
    // a white column on e4 with black men on d5? Build a 2x2 ring: e4 jumps e5 to e6,
    // d6 to c6, c5 to c4, d4 to e4 — and the mirror route.
    let p = pos("e4:w,e5:b,d6:b,c5:b,d4:b w 0/0");
    let m = moves(&p);
    assert_eq!(m.len(), 1, "{m:?}");
    assert!(m[0].starts_with("e4x") && m[0].ends_with("xe4"), "{m:?}");
    // the other direction names the same move
    let other = if m[0] == "e4xe6xc6xc4xe4" {
        "e4xc4xc6xe6xe4"
    } else {
        "e4xe6xc6xc4xe4"
    };
    assert_eq!(p.parse_move(other).unwrap().to_string(), m[0]);
}

/// Loss: "If a player has no piece left he loses the game" (Mindsports' English rules),
/// read as no column and nothing in hand (rulings, the end of a game).
#[test]
fn loss_with_nothing_on_the_board_and_nothing_in_hand() {
    let p = pos("e5:bw b 0/0");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::NoPieces
        })
    );
    assert!(moves(&p).is_empty());
    // men in hand are still pieces: no loss
    let p = pos("e5:bw b 0/1");
    assert_eq!(p.outcome(), None);
}

/// Draw: "A player has at least one piece left on the board, and cannot move."
#[test]
fn draw_when_blocked() {
    let p = pos("a5:b,b5:w,c5:w b 0/0");
    assert!(moves(&p).is_empty());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::NoLegalMove
        })
    );
}

/// Draw: "A player has at least one piece in hand, and cannot legally enter … if every
/// vacant square, if entered upon, would induce a capture, while the opponent does not
/// attack any of the entering player's pieces." He may not step instead.
#[test]
fn draw_when_no_legal_entry() {
    let text = "e1:w,d2:b,f2:b,c3:w,g3:w,b4:b,e4:w,h4:b,a5:b,b5:b,f5:w,i5:w,b6:b,c6:w,d6:w,h6:b,\
                c7:w,d7:w,g7:w,d8:b,e8:b,f8:w,e9:b b 0/1";
    let p = pos(text);
    assert!(!p.under_attack(Color::Black));
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::NoLegalMove
        })
    );
    // check the reason independently: every vacant square would feed
    for sq in p.columns().vacant() {
        use column_checkers::custom::Board;
        use column_checkers::games::Oblique9;
        let name = Oblique9::geometry().name(sq);
        let fed: Emergo = format!("{},{name}:b w 0/0", text.trim_end_matches(" b 0/1"))
            .parse()
            .unwrap();
        assert!(
            fed.under_attack(Color::Black),
            "entering on {name} would feed"
        );
    }
}

/// "3-fold repetition of the same position with the same player to move" draws, through
/// `Game`.
#[test]
fn threefold_repetition_draws() {
    let mut g = Game::new(pos("a5:w,i5:b w 0/0"));
    for round in 0..2 {
        for m in ["a5-b5", "i5-h5", "b5-a5", "h5-i5"] {
            assert_eq!(g.outcome(), None, "round {round}");
            g.play_text(m).unwrap();
        }
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
    assert!(g.play_text("a5-b5").is_err());
    g.undo();
    assert_eq!(g.outcome(), None);
}

/// Captured men go under the capturer "durante la mossa e non al termine": a jumped
/// single man leaves its square at once, and liberated men belong to their colour.
#[test]
fn transfer_is_immediate_and_liberates() {
    let mut p = pos("c5:w,d5:wb,f5:b w 0/0");
    // c5 jumps d5 (top b) to e5, liberating d5's white man, then f5 to g5
    play(&mut p, "c5xe5xg5");
    assert_eq!(p.to_string(), "d5:w,g5:bbw b 0/0");
}

/// Mindsports' compact notation (Freeling's diagonal coordinates: `fe4`, `hd4x`) and the
/// Italian text's dashes.
#[test]
fn notation_forms() {
    let p = pos("c5:b,d6:b,e5:b,f4:wwww,g4:w,h4:bb w 0/0");
    assert_eq!(p.parse_move("fe4").unwrap().to_string(), "f4-e4");
    assert_eq!(p.parse_move("f45").unwrap().to_string(), "f4-f5");
    assert_eq!(p.parse_move("f4-f5").unwrap().to_string(), "f4-f5");
    assert!(matches!(
        p.parse_move("f46"),
        Err(MoveParseError::Illegal { .. })
    ));
    let mut q = p.clone();
    play(&mut q, "fe4");
    assert_eq!(q.parse_move("hd4x").unwrap().to_string(), "h4xf4xd4");
    assert_eq!(q.parse_move("h4d4x").unwrap().to_string(), "h4xf4xd4");
    assert_eq!(q.parse_move("h4-f4-d4").unwrap().to_string(), "h4xf4xd4");
    assert_eq!(q.parse_move("H4xF4xD4").unwrap().to_string(), "h4xf4xd4");
    // a roundabout ending on its origin: f6x style
    let r = pos("e4:w,e5:b,d6:b,c5:b,d4:b w 0/0");
    assert!(r.parse_move("e4x").unwrap().to_string().starts_with("e4x"));
    // errors
    assert!(matches!(p.parse_move(""), Err(MoveParseError::Empty)));
    assert!(matches!(
        p.parse_move("z9"),
        Err(MoveParseError::UnknownSquare { .. })
    ));
    assert!(matches!(
        p.parse_move("f4--f5"),
        Err(MoveParseError::Syntax { .. })
    ));
    assert!(matches!(
        p.parse_move(&"f4-".repeat(200)),
        Err(MoveParseError::TooLong(_))
    ));
}
