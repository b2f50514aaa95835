//! Dameo: one focused test per rule of the Italian rules text of Dameo and Freeling's
//! rules (the Dameo rulings of `docs/rulings.md`), the texts' worked examples, perft,
//! and property tests on random playouts and random positions against a naive
//! reference written here from the rules text.
//!
//! Positions are in the crate's position text: `square:men` items joined by commas
//! (`w`/`b` men, `W`/`B` kings), then the side to move.

use column_checkers::custom::{perft_without_bulk, Board, Grid8x8 as Grid8};
use column_checkers::error::PositionErrorKind;
use column_checkers::playout::SplitMix64;
use column_checkers::{
    perft, Color, Dameo, EndReason, Game, MoveList, MoveParseError, Outcome, Position, Square,
};
use column_checkers_testkit::Checking;
use proptest::prelude::*;
use std::collections::BTreeSet;

fn pos(text: &str) -> Dameo {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves as text, sorted.
fn moves(p: &Dameo) -> Vec<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut v: Vec<String> = list.iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

/// Plays a move given as text and returns the position text after it.
fn after(p: &Dameo, mv: &str) -> String {
    let mut q = p.clone();
    let m = q.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    q.play(&m).unwrap();
    q.to_string()
}

// ------------------------------------------------------------------ board and set-up

/// "un tavoliere quadrato di 64 caselle; 36 pedine (18 bianche e 18 nere) ... Inizia
/// il Bianco": White a1–h1, b2–g2, c3–f3; Black a8–h8, b7–g7, c6–f6.
#[test]
fn start_position() {
    let p = Dameo::start();
    assert_eq!(Grid8::geometry().len(), 64);
    assert_eq!(p.turn(), Color::White);
    assert_eq!(p.men(Color::White), 18);
    assert_eq!(p.men(Color::Black), 18);
    let white = "a1 b1 c1 d1 e1 f1 g1 h1 b2 c2 d2 e2 f2 g2 c3 d3 e3 f3";
    let black = "a8 b8 c8 d8 e8 f8 g8 h8 b7 c7 d7 e7 f7 g7 c6 d6 e6 f6";
    let g = Grid8::geometry();
    for (names, c) in [(white, Color::White), (black, Color::Black)] {
        for n in names.split(' ') {
            let s = p.columns().get(g.parse_square(n).unwrap());
            assert_eq!(s.owner(), Some(c), "{n}");
            assert!(!s.top_is_king());
        }
    }
    assert_eq!(p.to_string().parse::<Dameo>().unwrap(), p);
}

/// Display `{:#}` draws the board with kings marked (upper case).
#[test]
fn diagram_marks_kings() {
    let p = pos("d4:W,e5:b b");
    let d = format!("{p:#}");
    assert!(d.contains('W') && d.contains('b'), "{d}");
    assert!(
        d.contains("Black to move") || d.contains("black to move"),
        "{d}"
    );
}

// ------------------------------------------------------------------- perft

/// Freeling (Zillions readme): 52 opening moves (26 up to mirror symmetry) and 1 352
/// positions after two moves up to mirror symmetry, i.e. 2 704.
#[test]
fn perft_published() {
    let p = Dameo::start();
    assert_eq!(perft(&p, 1), 52);
    assert_eq!(perft(&p, 2), 2_704);
}

/// Depth 3 as this crate computes it (no capture is possible before ply 4), and
/// without bulk counting (every move of every ply played).
#[test]
fn perft_depth_3() {
    assert_eq!(perft(&Dameo::start(), 3), 135_930);
    assert_eq!(perft_without_bulk(&Dameo::start(), 3), 135_930);
}

/// Deeper counts of this crate (routes to one position merged: move identity); run with
/// `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn perft_deep() {
    let p = Dameo::start();
    assert_eq!(perft(&p, 4), 6_253_934);
    assert_eq!(perft_without_bulk(&p, 4), 6_253_934);
    assert_eq!(perft(&p, 5), 275_931_640);
}

/// The 52 first moves of Freeling's count, as from–to of the lifted last man.
#[test]
fn the_52_opening_moves() {
    let list = "a1a2 a1d4 b1a2 b1b3 b1e4 b2a3 b2b3 b2d4 c1a3 c1c4 c1f4 c2b3 c2c4 \
        c2e4 c3b4 c3c4 c3d4 d1b3 d1d4 d1g4 d2b4 d2d4 d2f4 d3c4 d3d4 d3e4 e1b4 e1e4 e1g3 e2c4 \
        e2e4 e2g4 e3d4 e3e4 e3f4 f1c4 f1f4 f1h3 f2d4 f2f4 f2g3 f3e4 f3f4 f3g4 g1d4 g1g3 g1h2 \
        g2e4 g2g3 g2h3 h1e4 h1h2";
    let mut expected: Vec<&str> = list.split_whitespace().collect();
    expected.sort();
    assert_eq!(moves(&Dameo::start()), expected);
}

// ------------------------------------------------------------------- linear movement

/// "Le pedine muovono di una sola casella per volta ortogonalmente e diagonalmente, ma
/// solo in avanti. La casella di arrivo deve essere libera": a lone man (a line of one)
/// has the three forward steps, no backward or sideways ones.
#[test]
fn a_single_man_steps_forward_only() {
    assert_eq!(moves(&pos("d4:w,h8:b w")), ["d4c5", "d4d5", "d4e5"]);
    assert_eq!(moves(&pos("d4:b,a1:w b")), ["d4c3", "d4d3", "d4e3"]);
    // a square in front taken by any piece is not free
    // d4c5 d4e5, the line d4-d5 as d4d6, and d5c6 d5d6 d5e6
    assert_eq!(moves(&pos("d4:w,d5:w,h8:b w")).len(), 6);
}

/// Figure 3: "la fila di pedine e1-e2-e3 può muoversi in avanti di una casella,
/// posizionandosi in e2-e3-e4; la fila di pedine e8-d7-c6 può muoversi in avanti di
/// una casella, posizionandosi in d7-c6-b5" — the last man goes in front of the head.
#[test]
fn figure_3_lines_advance() {
    let p = pos("e1:w,e2:w,e3:w,e8:b,d7:b,c6:b w");
    let q = after(&p, "e1e4");
    assert_eq!(q, "e2:w,e3:w,e4:w,c6:b,d7:b,e8:b b");
    let r = after(&pos(&q), "e8b5");
    assert_eq!(r, "e2:w,e3:w,e4:w,b5:b,c6:b,d7:b w");
}

/// Figure 5: "la fila di pedine d2-e3 può muoversi in avanti di una casella,
/// posizionandosi in e3-f4; la fila di pedine c7-c6 ... in c6-c5".
#[test]
fn figure_5_lines_advance() {
    let p = pos("d2:w,e3:w,c7:b,c6:b w");
    let q = after(&p, "d2f4");
    assert_eq!(q, "e3:w,f4:w,c6:b,c7:b b");
    assert_eq!(after(&pos(&q), "c7c5"), "e3:w,f4:w,c5:b,c6:b w");
}

/// "any tail part of a line that ends at the head may move": the line e1-e2-e3 can
/// move as e1e4, e2e4 or e3e4; the two different tails moving to the same square are
/// different moves.
#[test]
fn every_tail_part_of_a_line_moves() {
    let p = pos("e1:w,e2:w,e3:w,a8:b w");
    let m = moves(&p);
    for mv in ["e1e4", "e2e4", "e3e4"] {
        assert!(m.contains(&mv.to_string()), "{mv} in {m:?}");
    }
    assert_ne!(after(&p, "e1e4"), after(&p, "e2e4"));
    // the lines never move backward or sideways
    assert!(m
        .iter()
        .all(|mv| mv.ends_with('2') || mv.ends_with('3') || mv.ends_with('4')));
    // e1: e4 along the file, d2 and f2 diagonally; e2: e4, d3, f3; e3: e4, d4, f4
    assert_eq!(m.len(), 9);
}

/// A line is along one file or diagonal, and it moves along its own direction: the
/// men d1 and c2 form a line towards b3 (so `d1b3`), but d1 does not move to c3.
#[test]
fn a_line_moves_along_its_own_direction() {
    let p = pos("d1:w,c2:w,h8:b w");
    let m = moves(&p);
    assert!(m.contains(&"d1b3".to_string()));
    assert!(!m.contains(&"d1c3".to_string()));
    assert!(!m.contains(&"d1c2".to_string()));
}

/// A line is of men only: a king in front of a man is no part of its line (the man is
/// blocked that way), nor may a king's square be vacated by a line move.
#[test]
fn kings_never_belong_to_a_line() {
    let p = pos("d3:w,d4:W,h8:b w");
    let m = moves(&p);
    assert!(!m.contains(&"d3d5".to_string()), "{m:?}");
    assert!(m.contains(&"d3c4".to_string()) && m.contains(&"d3e4".to_string()));
    let p = pos("d3:W,d4:w,h8:b w");
    assert!(!moves(&p).contains(&"d3d5".to_string()));
}

/// A line is blocked when the square in front of its head is taken.
#[test]
fn a_line_needs_an_empty_square_in_front() {
    // a3 cannot be jumped (a4 is taken), so no capture is compulsory
    let p = pos("a1:w,a2:w,a3:b,a4:b w");
    let m = moves(&p);
    assert_eq!(m, ["a1b2", "a2b3"]);
}

/// "Quando una pedina raggiunge una delle caselle della base avversaria, essa diventa
/// dama": a line move that ends on the far row crowns the man that arrives.
#[test]
fn a_line_move_onto_the_far_row_promotes() {
    let p = pos("g6:w,g7:w,a2:b w");
    assert_eq!(after(&p, "g6g8"), "a2:b,g7:w,g8:W b");
    let p = pos("b3:b,b2:b,h7:w b");
    assert_eq!(after(&p, "b3b1"), "b1:B,b2:b,h7:w w");
}

// ------------------------------------------------------------------- kings

/// "Le dame muovono ortogonalmente e diagonalmente, come la Regina negli Scacchi ...
/// purché fra la casella di partenza e quella di arrivo non ci siano altri pezzi".
#[test]
fn kings_move_like_queens() {
    // d4 on an otherwise empty board: 7 + 7 (rank and file) + 7 + 6 (diagonals)
    assert_eq!(moves(&pos("d4:W,a8:b w")).len(), 27);
    // own and enemy pieces stop the king (f6 is diagonal: no capture)
    let m = moves(&pos("d4:W,d6:w,f6:b,a8:b w"));
    assert!(m.contains(&"d4d5".to_string()) && !m.contains(&"d4d7".to_string()));
    assert!(m.contains(&"d4e5".to_string()) && !m.contains(&"d4g7".to_string()));
    // a king may move backwards
    assert!(m.contains(&"d4d1".to_string()));
}

// ------------------------------------------------------------------- capture

/// "La cattura può avvenire solo ortogonalmente": a diagonal neighbour with an empty
/// square behind is not captured.
#[test]
fn captures_are_orthogonal_only() {
    let m = moves(&pos("d4:w,e5:b w"));
    assert!(m.iter().all(|mv| !mv.contains('x')), "{m:?}");
    let m = moves(&pos("d4:W,f6:b w"));
    assert!(m.iter().all(|mv| !mv.contains('x')), "{m:?}");
    assert_eq!(moves(&pos("d4:w,d5:b w")), ["d4xd6"]);
}

/// "Le pedine possono catturare anche le dame e, quando prendono, possono muovere anche
/// all'indietro": a man captures forwards, sideways and backwards, kings included.
#[test]
fn men_capture_in_four_directions() {
    assert_eq!(moves(&pos("d4:w,d3:b w")), ["d4xd2"]);
    assert_eq!(moves(&pos("d4:w,c4:B w")), ["d4xb4"]);
    assert_eq!(moves(&pos("d4:w,e4:b w")), ["d4xf4"]);
    assert_eq!(moves(&pos("d5:b,d4:w b")), ["d5xd3"]);
    assert_eq!(moves(&pos("d5:b,d6:W b")), ["d5xd7"]);
}

/// A man's capture is the short leap: the enemy piece must be adjacent and the square
/// just behind it empty.
#[test]
fn men_capture_by_the_short_leap() {
    let m = moves(&pos("d2:w,d4:b w"));
    assert!(m.iter().all(|mv| !mv.contains('x')), "{m:?}");
    let m = moves(&pos("d3:w,d4:b,d5:b w"));
    assert!(m.iter().all(|mv| !mv.contains('x')), "{m:?}");
}

/// "Le dame possono catturare in senso ortogonale i pezzi avversari che abbiano almeno
/// una casella vuota alle loro spalle: possono cioè attraversare più caselle vuote ed
/// approdare in una qualsiasi delle caselle vuote alle spalle del pezzo preso."
#[test]
fn kings_capture_by_the_long_leap() {
    assert_eq!(
        moves(&pos("a1:W,a4:b w")),
        ["a1xa5", "a1xa6", "a1xa7", "a1xa8"]
    );
    // the landing squares stop at the next piece
    assert_eq!(moves(&pos("a1:W,a4:b,a7:w w")), ["a1xa5", "a1xa6"]);
    // two pieces in a row cannot be jumped
    let m = moves(&pos("a1:W,a4:b,a5:b w"));
    assert!(m.iter().all(|mv| !mv.contains('x')), "{m:?}");
}

/// "La cattura è sempre obbligatoria": with a capture available no other move is legal.
#[test]
fn capture_is_compulsory() {
    let p = pos("a1:w,b1:w,c1:w,h2:w,h3:b w");
    assert_eq!(moves(&p), ["h2xh4"]);
}

/// "In un'unica mossa si possono catturare anche due o più pezzi ... è anche possibile
/// cambiare direzione dopo ogni salto"; a started route is completed.
#[test]
fn a_capture_is_completed() {
    let p = pos("c3:w,c4:b,d5:b w");
    assert_eq!(moves(&p), ["c3xc5xe5"]);
    assert!(p.parse_move("c3xc5").is_err());
}

/// "bisogna prendere laddove si cattura il maggior numero di pezzi avversari,
/// indipendentemente dalla qualità dei pezzi presi e di quello che prende. Se il numero
/// dei pezzi in presa è uguale, il giocatore ha facoltà di scelta."
#[test]
fn majority_capture_counts_pieces() {
    // two men beat one king
    let p = pos("d4:w,d5:B,c4:b,b5:b w");
    assert_eq!(moves(&p), ["d4xb4xb6"]);
    // a king that could take one piece gives way to a man taking two
    let p = pos("h1:W,h4:b,a2:w,a3:b,b4:b w");
    assert_eq!(moves(&p), ["a2xa4xc4"]);
    // ties are free: a king or a man, one each
    let p = pos("d4:w,d5:B,e4:b w");
    assert_eq!(moves(&p), ["d4xd6", "d4xf4"]);
}

/// "I pezzi catturati con una presa multipla vengono tolti dal tavoliere solo al termine
/// della mossa: la dama può passare più volte su una stessa casella, ma non può
/// scavalcare due volte lo stesso pezzo avversario." A man's square loop takes four
/// pieces and comes back to its start; it may not jump d5 again. Both directions round
/// the loop leave the same position: one move (move identity).
#[test]
fn no_piece_is_jumped_twice_and_loops_are_one_move() {
    let p = pos("d4:w,d5:b,e6:b,f5:b,e4:b w");
    let m = moves(&p);
    assert_eq!(m.len(), 1, "{m:?}");
    assert!(
        m[0] == "d4xd6xf6xf4xd4" || m[0] == "d4xf4xf6xd6xd4",
        "{m:?}"
    );
    assert_eq!(after(&p, &m[0]), "d4:w b");
    // the other way round names the same move
    assert_eq!(
        p.parse_move("d4xf4xf6xd6xd4"),
        p.parse_move("d4xd6xf6xf4xd4")
    );
}

/// Captured pieces stay on the board until the move ends and block: the king takes
/// b5, e6 and d7, but on its way down the b-file the captured b5 stops it, so b3 (which
/// it would reach if b5 were removed at once) is not taken.
#[test]
fn captured_pieces_block_until_the_move_ends() {
    let p = pos("a5:W,b5:b,e6:b,d7:b,b3:b w");
    assert_eq!(moves(&p), ["a5xe5xe7xa7", "a5xe5xe7xb7", "a5xe5xe7xc7"]);
    assert_eq!(after(&p, "a5xe5xe7xb7"), "b3:b,b7:W b");
}

/// Figure 7: "La pedina in b6 può catturare in b4, in d6 oppure in b8. La pedina in e2
/// deve catturare i tre pezzi avversari con la mossa e2xe4xg4xg6." (Positions
/// reconstructed from the text.)
#[test]
fn figure_7_captures() {
    let b6 = pos("b6:w,b5:b,c6:b,b7:b w");
    assert_eq!(moves(&b6), ["b6xb4", "b6xb8", "b6xd6"]);
    // ending on the far row crowns the man
    assert_eq!(after(&b6, "b6xb8"), "b5:b,c6:b,b8:W b");
    let both = pos("b6:w,b5:b,c6:b,b7:b,e2:w,e3:b,f4:b,g5:b w");
    assert_eq!(moves(&both), ["e2xe4xg4xg6"]);
}

/// Figure 8: "la pedina in a6 giunge sulla base avversaria catturando la pedina in a7;
/// avendo altre catture da effettuare, anche all'indietro, non viene promossa a dama,
/// ma deve continuare a catturare i pezzi in b8, d8 ed e7, terminando la propria corsa
/// nella casella e6, rimanendo pedina."
#[test]
fn figure_8_passing_the_far_row_does_not_promote() {
    let p = pos("a6:w,a7:b,b8:b,d8:b,e7:b,g8:B w");
    assert_eq!(moves(&p), ["a6xa8xc8xe8xe6"]);
    assert_eq!(after(&p, "a6xa8xc8xe8xe6"), "e6:w,g8:B b");
}

/// Figure 8, second part: "se non ci fosse la pedina in e7, la pedina terminerebbe la
/// sua corsa in e8, e solo in quel momento verrebbe promossa a dama, terminando il suo
/// turno di gioco; non potrebbe pertanto catturare immediatamente la dama in g8".
#[test]
fn figure_8_promotion_ends_the_move() {
    let p = pos("a6:w,a7:b,b8:b,d8:b,g8:B w");
    assert_eq!(moves(&p), ["a6xa8xc8xe8"]);
    let q = after(&p, "a6xa8xc8xe8");
    assert_eq!(q, "e8:W,g8:B b");
    // the new king could take g8 next turn; now Black is to move
    let q = pos(&q.replace(" b", " w"));
    assert_eq!(moves(&q), ["e8xh8"]);
}

/// Figure 10: "la dama bianca cattura i pezzi in f6, d7 e b5, terminando la propria
/// mossa in una qualsiasi delle caselle b1, b2, b3, b4" (start square reconstructed:
/// f3).
#[test]
fn figure_10_king_route() {
    let p = pos("f3:W,f6:b,d7:b,b5:b w");
    assert_eq!(
        moves(&p),
        ["f3xf7xb7xb1", "f3xf7xb7xb2", "f3xf7xb7xb3", "f3xf7xb7xb4"]
    );
}

// ------------------------------------------------------------------- end of the game

/// "si vince quando l'avversario rimane senza pezzi o non può più muovere".
#[test]
fn the_player_who_cannot_move_loses() {
    let none = pos("d4:b w");
    assert_eq!(
        none.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: EndReason::NoPieces
        })
    );
    // a7 is blocked: a8 and b8 taken, b7 cannot be jumped (c7 taken)
    let blocked = pos("a7:w,a8:b,b8:b,b7:b,c7:b w");
    assert!(moves(&blocked).is_empty());
    assert_eq!(
        blocked.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: EndReason::NoLegalMove
        })
    );
    assert!(matches!(
        blocked.parse_move("a7a8"),
        Err(MoveParseError::GameOver(_))
    ));
    assert_eq!(Dameo::start().outcome(), None);
}

/// "quando la stessa posizione si ripete per la terza volta allo stesso giocatore cui
/// spetta muovere": a draw, through `Game`.
#[test]
fn threefold_repetition_draws() {
    let mut game = Game::new(pos("a1:W,h8:B w"));
    for _ in 0..2 {
        for mv in ["a1a2", "h8h7", "a2a1", "h7h8"] {
            assert_eq!(game.outcome(), None);
            game.play_text(mv).unwrap();
        }
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
    assert!(game.play_text("a1a2").is_err());
    game.undo();
    assert_eq!(game.outcome(), None);
}

// ------------------------------------------------------------------- notation and text

/// "from–to of the moved man (`d1b3`, `d1-b3` accepted)"; captures with `x` between
/// the landing squares, also by start and end alone.
#[test]
fn notation() {
    let p = Dameo::start();
    let m = p.parse_move("d1b3").unwrap();
    assert_eq!(m.to_string(), "d1b3");
    assert_eq!(p.parse_move("d1-b3").unwrap(), m);
    assert_eq!(p.parse_move(" D1B3 ").unwrap(), m);
    assert!(matches!(
        p.parse_move("d1c3"),
        Err(MoveParseError::Illegal { .. })
    ));
    assert!(p.parse_move("z9a1").is_err());
    assert!(p.parse_move("").is_err());
    let q = pos("b6:w,b5:b,c6:b,b7:b,e2:w,e3:b,f4:b,g5:b w");
    let c = q.parse_move("e2xe4xg4xg6").unwrap();
    assert_eq!(c.to_string(), "e2xe4xg4xg6");
    assert_eq!(q.parse_move("e2xg6").unwrap(), c);
    assert!(q.parse_move("b6xb4").is_err());
}

/// The position text round-trips and impossible positions are typed errors.
#[test]
fn position_text_errors() {
    let p = pos("e6:w,g8:B b");
    assert_eq!(p.to_string(), "e6:w,g8:B b");
    let kind = |t: &str| t.parse::<Dameo>().unwrap_err().kind;
    assert!(matches!(
        kind("d4:ww w"),
        PositionErrorKind::ColumnTooTall { .. }
    ));
    assert!(matches!(
        kind("d8:w w"),
        PositionErrorKind::ImpossibleColumn { .. }
    ));
    assert!(matches!(
        kind("d1:b w"),
        PositionErrorKind::ImpossibleColumn { .. }
    ));
    let nineteen: Vec<String> = (0..19)
        .map(|i| format!("{}:b", Grid8::geometry().name(Square(8 + i))))
        .collect();
    assert!(matches!(
        kind(&format!("{} w", nineteen.join(","))),
        PositionErrorKind::TooManyMen { .. }
    ));
    assert!("d4:w x".parse::<Dameo>().is_err());
    assert!("k9:w w".parse::<Dameo>().is_err());
}

/// The registry knows the ruleset (the perft example's name `dameo`).
#[test]
fn registered() {
    use column_checkers::any::{dispatch, RulesetVisitor};
    struct Perft;
    impl RulesetVisitor for Perft {
        type Output = u64;
        fn visit<P: Position>(self) -> u64 {
            perft(&P::start(), 1)
        }
    }
    assert_eq!(dispatch("dameo", &[], Perft), Ok(52));
}

// ------------------------------------------------------------------- reference model

/// A piece of the reference model: colour and whether it is a king.
type Piece = (Color, bool);
type Cells = [Option<Piece>; 64];

const ORTHO: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];
const ALL8: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
    (1, -1),
];

fn step(s: usize, (dx, dy): (i32, i32)) -> Option<usize> {
    let (x, y) = ((s % 8) as i32 + dx, (s / 8) as i32 + dy);
    ((0..8).contains(&x) && (0..8).contains(&y)).then_some((y * 8 + x) as usize)
}

fn cells_of(p: &Dameo) -> Cells {
    let mut c = [None; 64];
    for (sq, s) in p.columns().iter() {
        let m = s.top().unwrap();
        c[sq.index()] = Some((m.color, s.top_is_king()));
    }
    c
}

/// The position text, written independently of the crate.
fn text_of(c: &Cells, side: Color) -> String {
    let items: Vec<String> = (0..64)
        .filter_map(|s| {
            let (col, king) = c[s]?;
            let ch = match (col, king) {
                (Color::White, false) => 'w',
                (Color::White, true) => 'W',
                (Color::Black, false) => 'b',
                (Color::Black, true) => 'B',
            };
            Some(format!(
                "{}{}:{ch}",
                (b'a' + (s % 8) as u8) as char,
                s / 8 + 1
            ))
        })
        .collect();
    let body = if items.is_empty() {
        "-".to_string()
    } else {
        items.join(",")
    };
    format!("{body} {}", if side == Color::White { 'w' } else { 'b' })
}

fn far_row(side: Color, s: usize) -> bool {
    match side {
        Color::White => s / 8 == 7,
        Color::Black => s / 8 == 0,
    }
}

/// Every maximal capture route: (origin, number taken, resulting cells).
fn ref_captures(c: &Cells, side: Color) -> Vec<(usize, usize, Cells)> {
    #[allow(clippy::too_many_arguments)]
    fn go(
        c: &Cells,
        side: Color,
        origin: usize,
        king: bool,
        at: usize,
        taken: &mut Vec<usize>,
        out: &mut Vec<(usize, usize, Cells)>,
    ) {
        // the mover is lifted: its origin counts as empty
        let empty = |s: usize| s == origin || c[s].is_none();
        let mut any = false;
        for d in ORTHO {
            let mut x = step(at, d);
            if king {
                while let Some(s) = x.filter(|&s| empty(s)) {
                    x = step(s, d);
                }
            }
            let Some(x) = x else { continue };
            if empty(x) || c[x].unwrap().0 == side || taken.contains(&x) {
                continue;
            }
            let mut l = step(x, d);
            while let Some(to) = l.filter(|&s| empty(s)) {
                any = true;
                taken.push(x);
                go(c, side, origin, king, to, taken, out);
                taken.pop();
                if !king {
                    break;
                }
                l = step(to, d);
            }
        }
        if !any && !taken.is_empty() {
            let mut r = *c;
            r[origin] = None;
            for &x in taken.iter() {
                r[x] = None;
            }
            r[at] = Some((side, king || far_row(side, at)));
            out.push((origin, taken.len(), r));
        }
    }
    let mut out = Vec::new();
    for s in 0..64 {
        if let Some((col, king)) = c[s] {
            if col == side {
                go(c, side, s, king, s, &mut Vec::new(), &mut out);
            }
        }
    }
    out
}

/// The legal moves of the reference model as (origin, resulting cells), each
/// (origin, result) once.
fn ref_children(c: &Cells, side: Color) -> BTreeSet<(usize, Cells)> {
    let caps = ref_captures(c, side);
    let best = caps.iter().map(|x| x.1).max().unwrap_or(0);
    if best > 0 {
        return caps
            .into_iter()
            .filter(|x| x.1 == best)
            .map(|(o, _, r)| (o, r))
            .collect();
    }
    let mut out = BTreeSet::new();
    let forward: &[(i32, i32)] = match side {
        Color::White => &[(0, 1), (1, 1), (-1, 1)],
        Color::Black => &[(0, -1), (1, -1), (-1, -1)],
    };
    for t in 0..64 {
        let Some((col, king)) = c[t] else { continue };
        if col != side {
            continue;
        }
        let mut add = |to: usize, crowned: bool| {
            let mut r = *c;
            r[t] = None;
            r[to] = Some((side, crowned));
            out.insert((t, r));
        };
        if king {
            for d in ALL8 {
                let mut x = step(t, d);
                while let Some(to) = x.filter(|&s| c[s].is_none()) {
                    add(to, true);
                    x = step(to, d);
                }
            }
        } else {
            // "for each own man t and each forward direction d, follow own men from t
            // in direction d to the head h; if h+d is on the board and empty, t -> h+d"
            for &d in forward {
                let mut h = t;
                while let Some(n) = step(h, d).filter(|&n| c[n] == Some((side, false))) {
                    h = n;
                }
                if let Some(f) = step(h, d).filter(|&f| c[f].is_none()) {
                    add(f, far_row(side, f));
                }
            }
        }
    }
    out
}

/// The legal moves of the reference model as (origin, resulting position text).
fn ref_moves(c: &Cells, side: Color) -> BTreeSet<(usize, String)> {
    ref_children(c, side)
        .into_iter()
        .map(|(o, r)| (o, text_of(&r, !side)))
        .collect()
}

/// Perft of the reference model.
fn ref_perft(c: &Cells, side: Color, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let children = ref_children(c, side);
    if depth == 1 {
        return children.len() as u64;
    }
    children
        .iter()
        .map(|(_, r)| ref_perft(r, !side, depth - 1))
        .sum()
}

/// The reference model counts the same tree from the start: Freeling's 52 and 2 704,
/// and the crate's 135 930 at depth 3.
#[test]
fn reference_perft() {
    let c = cells_of(&Dameo::start());
    assert_eq!(ref_perft(&c, Color::White, 1), 52);
    assert_eq!(ref_perft(&c, Color::White, 2), 2_704);
    assert_eq!(ref_perft(&c, Color::White, 3), 135_930);
}

/// Depth 4 with the reference model (captures appear); run with
/// `cargo test --release -- --ignored`.
#[test]
#[ignore]
fn reference_perft_4() {
    let c = cells_of(&Dameo::start());
    assert_eq!(ref_perft(&c, Color::White, 4), 6_253_934);
}

/// The engine's legal moves as (origin, resulting position text); checks that no move
/// is listed twice.
fn engine_moves(p: &Dameo) -> BTreeSet<(usize, String)> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let set: BTreeSet<(usize, String)> = list
        .iter()
        .map(|m| {
            let mut q = p.clone();
            q.play_unchecked(m);
            (
                m.origin().expect("every Dameo move has an origin").index(),
                q.to_string(),
            )
        })
        .collect();
    assert_eq!(set.len(), list.len(), "a move listed twice in {p}");
    assert_eq!(p.count_legal_moves(), list.len(), "count in {p}");
    set
}

/// Everything checked in one position: reference moves, hashes, text round trips,
/// every legal move plays; with `all_texts`, every legal move is read back from its
/// text.
fn check_position(p: &Dameo, all_texts: bool) {
    assert_eq!(
        engine_moves(p),
        ref_moves(&cells_of(p), p.turn()),
        "moves differ in {p}"
    );
    assert_eq!(p.zobrist(), p.zobrist_from_scratch(), "hash in {p}");
    assert_eq!(&p.to_string().parse::<Dameo>().unwrap(), p);
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    for m in list.iter() {
        if all_texts {
            assert_eq!(p.parse_move(&m.to_string()).as_ref(), Ok(m), "{m} in {p}");
        }
        let mut q = p.clone();
        q.play(m).unwrap_or_else(|e| panic!("{m} in {p}: {e}"));
        assert!(q.men(Color::White) <= p.men(Color::White));
        assert!(q.men(Color::Black) <= p.men(Color::Black));
    }
}

/// A random legal position: up to 18 pieces a side, men never on their far row.
fn random_position(rng: &mut SplitMix64) -> Dameo {
    let mut c: Cells = [None; 64];
    let n = [1 + rng.below(18), 1 + rng.below(18)];
    for (i, side) in [Color::White, Color::Black].into_iter().enumerate() {
        let mut placed = 0;
        while placed < n[i] {
            let s = rng.below(64);
            if c[s].is_some() {
                continue;
            }
            let king = rng.below(4) == 0 || far_row(side, s);
            c[s] = Some((side, king));
            placed += 1;
        }
    }
    let side = if rng.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    };
    pos(&text_of(&c, side))
}

#[test]
fn reference_agrees_on_the_examples() {
    for t in [
        "a5:W,b5:b,e6:b,d7:b,b3:b w",
        "d4:w,d5:b,e6:b,f5:b,e4:b w",
        "a6:w,a7:b,b8:b,d8:b,e7:b,g8:B w",
        "f3:W,f6:b,d7:b,b5:b w",
    ] {
        check_position(&pos(t), true);
    }
    check_position(&Dameo::start(), true);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Random playouts from the start (at most 200 plies): the checks of
    /// `check_position` at every ply, pieces never increase, and `Game::undo` restores
    /// each position and its hash.
    #[test]
    fn random_playouts(seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        let mut game = Game::new(Dameo::start());
        let mut history = vec![game.position().clone()];
        let mut list = MoveList::new();
        for _ in 0..200 {
            if game.outcome().is_some() {
                break;
            }
            let p = game.position().clone();
            check_position(&p, false);
            p.legal_moves(&mut list);
            let m = list[rng.below(list.len())];
            prop_assert_eq!(p.parse_move(&m.to_string()), Ok(m));
            game.play(&m).unwrap();
            let q = game.position();
            prop_assert!(q.men(Color::White) + q.men(Color::Black)
                <= p.men(Color::White) + p.men(Color::Black));
            prop_assert_eq!(q.zobrist(), q.zobrist_from_scratch());
            history.push(q.clone());
        }
        while game.undo().is_some() {
            history.pop();
            let want = history.last().unwrap();
            prop_assert_eq!(game.position(), want);
            prop_assert_eq!(game.position().zobrist(), want.zobrist());
        }
        prop_assert_eq!(history.len(), 1);
    }

    /// Random positions (kings included): the engine agrees with the reference.
    #[test]
    fn random_positions(seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        for _ in 0..8 {
            let p = random_position(&mut rng);
            check_position(&p, true);
        }
    }
}
