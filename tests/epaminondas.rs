//! Epaminondas and NeoCrossings: the examples of the Italian rules text rebuilt as positions, perft from
//! the start, notation and position text, and property tests over random playouts.
//!
//! The text is the Italian rules text of Epaminondas (see `docs/rulings.md#epaminondas`).
//! Its figures are not available as pictures, so each position below holds the men the text names and nothing the text
//! excludes; the figure 7–11 sequence, played in the text on a reduced board, is
//! rebuilt on the full 14x12 board.

use column_checkers::custom::{Board, Grid14x12, Grid8x8};
use column_checkers::error::PositionErrorKind;
use column_checkers::games::{EpaminondasBoard, EpaminondasOptions, EpaminondasPosition};
use column_checkers::playout::SplitMix64;
use column_checkers::{
    perft, Color, EndReason, Epaminondas, Game, MoveList, MoveParseError, NeoCrossings, Outcome,
    Position,
};
use column_checkers_testkit::Checking;
use proptest::prelude::*;
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// `(x, y)` of a square name such as `l10`.
fn xy(name: &str) -> (usize, usize) {
    let x = (name.as_bytes()[0] - b'a') as usize;
    let y: usize = name[1..].parse().unwrap();
    (x, y - 1)
}

/// A position of board `B` with the named men, written as position text and read
/// back (so the text reader is exercised too).
fn build<B: EpaminondasBoard>(
    white: &[&str],
    black: &[&str],
    side: char,
) -> EpaminondasPosition<B> {
    let (w, h) = (B::WIDTH as usize, B::HEIGHT as usize);
    let mut grid = vec![vec!['.'; w]; h];
    for (men, c) in [(white, 'w'), (black, 'b')] {
        for m in men {
            let (x, y) = xy(m);
            assert_eq!(grid[y][x], '.', "{m} given twice");
            grid[y][x] = c;
        }
    }
    let rows: Vec<String> = grid
        .iter()
        .rev()
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for &c in row {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    format!("{} {side}", rows.join("/")).parse().unwrap()
}

fn epam(white: &[&str], black: &[&str], side: char) -> Epaminondas {
    build(white, black, side)
}

fn legal_texts<P: Position>(p: &P) -> BTreeSet<String> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    list.iter().map(|m| m.to_string()).collect()
}

fn play<P: Position>(p: &mut P, text: &str) {
    let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.play(&mv).unwrap();
}

fn names(
    set: column_checkers::custom::WideSquareSet,
    g: &column_checkers::Geometry,
) -> Vec<String> {
    set.iter().map(|s| g.name(s).to_string()).collect()
}

/// "Inizia il Bianco" and the start of figure 1: 28 men each on the two nearest rows.
/// Depth 1 checked by hand: 114 moves (row 2: 14 N + 13 NE + 13 NW; row 1 tails: 14x2
/// N + 23 NE + 23 NW). Deeper figures are computed, not published.
#[test]
fn perft_epaminondas_start() {
    let p = Epaminondas::start();
    assert_eq!(p.turn(), Color::White);
    assert_eq!(p.men(Color::White), 28);
    assert_eq!(p.men(Color::Black), 28);
    assert_eq!(perft(&p, 1), 114);
    assert_eq!(perft(&p, 2), 114 * 114);
    assert_eq!(perft(&p, 3), 1_787_292);
}

/// "Variante NeoCrossings: ... su un tavoliere di Crossings (8 caselle per lato), e 32
/// pedine (16 a testa)": perft 60 and 3 600 from the start.
#[test]
fn perft_neocrossings_start() {
    let p = NeoCrossings::start();
    assert_eq!(p.men(Color::White), 16);
    assert_eq!(perft(&p, 1), 60);
    assert_eq!(perft(&p, 2), 3_600);
    assert_eq!(perft(&p, 3), 269_278);
}

/// Figure 2: "il Nero può pertanto muovere la Falange h10-l10 (di cinque pedine), ma
/// anche le Falangi h10-k10 e i10-l10 ..., h10-j10 e j10-l10 ..., h10-i10 e k10-l10
/// ... Il Nero può anche muovere singolarmente una delle cinque pedine" — and the
/// phalanx i10-k10, with both ends blocked, cannot move.
#[test]
fn figure_2_black_phalanxes() {
    let group = ["h10", "i10", "j10", "k10", "l10"];
    let p = epam(&["a1", "i6"], &group, 'b');
    let geo = column_checkers::custom::Grid14x12::geometry();
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut phalanxes = BTreeSet::new();
    let mut singles = BTreeSet::new();
    for m in list.iter().filter(|m| group.contains(&geo.name(m.tail()))) {
        let (x0, y0) = xy(geo.name(m.tail()));
        let (x1, y1) = xy(geo.name(m.destination()));
        if m.men() == 1 {
            singles.insert(geo.name(m.tail()).to_string());
            continue;
        }
        // a group of the black row moves along the row
        assert_eq!((y0, y1), (9, 9), "{m}");
        let head = if x1 > x0 {
            x0 + m.men() - 1
        } else {
            x0 + 1 - m.men()
        };
        let (a, b) = (x0.min(head), x0.max(head));
        phalanxes.insert(format!(
            "{}10-{}10",
            (b'a' + a as u8) as char,
            (b'a' + b as u8) as char
        ));
    }
    let expected: BTreeSet<String> = [
        "h10-l10", "h10-k10", "i10-l10", "h10-j10", "j10-l10", "h10-i10", "k10-l10",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(phalanxes, expected);
    assert!(!phalanxes.contains("i10-k10"));
    assert_eq!(singles.len(), 5);
    // the whole phalanx moves left by up to five squares, right only to the edge
    for t in [
        "l10-g10", "l10-f10", "l10-e10", "l10-d10", "l10-c10", "h10-m10", "h10-n10",
    ] {
        assert!(legal_texts(&p).contains(t), "{t}");
    }
    assert!(!legal_texts(&p).contains("l10-b10"));
}

/// Figures 3 and 4: "la Falange bianca può muovere solo verso destra (al massimo di
/// quattro caselle) o verso sinistra (... al massimo di tre caselle, perché un
/// movimento più ampio la porterebbe al di fuori del tavoliere); la Falange nera può
/// muovere verso l'alto oppure verso il basso di un massimo di due caselle." Then
/// c10 to d9, k3-l4 to j2, d6-g6 to k6.
#[test]
fn figures_3_and_4_phalanx_moves() {
    let mut p = epam(&["d6", "e6", "f6", "g6", "c10"], &["k3", "l4"], 'w');
    let four = |p: &Epaminondas| {
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        list.iter()
            .filter(|m| m.men() >= 2)
            .map(|m| m.to_string())
            .collect::<BTreeSet<_>>()
    };
    // the whole phalanx moves right by up to four squares and left by up to three
    // (parts of it containing its leading end move too)
    let whole: BTreeSet<String> = four(&p)
        .into_iter()
        .filter(|m| m.starts_with("d6-") || m.starts_with("g6-"))
        .collect();
    let expected_whole: BTreeSet<String> = [
        "d6-h6", "d6-i6", "d6-j6", "d6-k6", "g6-c6", "g6-b6", "g6-a6",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    assert_eq!(whole, expected_whole);
    play(&mut p, "c10-d9");
    let black = four(&p);
    let expected_black: BTreeSet<String> = ["k3-m5", "k3-n6", "l4-j2", "l4-i1"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(black, expected_black);
    play(&mut p, "l4-j2");
    play(&mut p, "d6-k6");
    assert_eq!(p, epam(&["h6", "i6", "j6", "k6", "d9"], &["j2", "k3"], 'b'));
}

/// The position of figure 5 (White to move unless said otherwise).
///
/// The text puts a black man on a1, White's home row: taken literally, Black would win
/// at the start of his turn and the figure's captures could not be shown. The rebuilt
/// position adds a white man on n12, far from the action, so that neither side is
/// ahead on the home rows.
fn figure_5(side: char) -> Epaminondas {
    epam(
        &[
            "f11", "g11", "h11", "a7", "b7", "c7", "d7", "d4", "e5", "g4", "h4", "i4", "j4", "n12",
        ],
        &[
            "b11", "c11", "f7", "g7", "h7", "i7", "a1", "b2", "c3", "l4", "j2", "j3",
        ],
        side,
    )
}

/// Figure 5: "la Falange bianca f11-h11 può muovere verso sinistra di una, due o anche
/// di tre caselle. Se muove di tre caselle, termina la sua corsa sulla casella c11,
/// occupata da una pedina avversaria, facente parte di una Falange composta da due
/// pedine. La Falange bianca cattura la Falange avversaria".
#[test]
fn figure_5_f11_h11_takes_b11_c11() {
    let p = figure_5('w');
    let moves = legal_texts(&p);
    for m in ["h11-e11", "h11-d11", "h11xc11"] {
        assert!(moves.contains(m), "{m}");
    }
    let mut q = p.clone();
    play(&mut q, "h11xc11");
    let g = column_checkers::custom::Grid14x12::geometry();
    let white = names(q.men_of(Color::White), g);
    assert!(["c11", "d11", "e11"]
        .iter()
        .all(|s| white.contains(&s.to_string())));
    assert!(!names(q.men_of(Color::Black), g).contains(&"b11".to_string()));
    assert_eq!(q.men(Color::Black), p.men(Color::Black) - 2);
}

/// Figure 5: "le Falangi che si trovano sulla settima traversa (a7-d7 e f7-i7) sono
/// composte entrambe da 4 pedine e pertanto nessuna delle due è in grado di catturare
/// l'altra" and "la Falange bianca a7-d7 non può catturare la Falange nera f7-i7, ma
/// nemmeno le Falangi più piccole f7-h7, f7-g7 o la pedina f7."
#[test]
fn figure_5_equal_phalanxes_cannot_capture() {
    let white = legal_texts(&figure_5('w'));
    assert!(white.contains("a7-e7"));
    for t in ["a7", "b7", "c7", "d7"] {
        for to in ["f7", "g7", "h7", "i7"] {
            assert!(!white.contains(&format!("{t}x{to}")));
            assert!(!white.contains(&format!("{t}-{to}")));
        }
    }
    let black = legal_texts(&figure_5('b'));
    assert!(black.contains("i7-e7"));
    assert!(black.iter().all(|m| !m.ends_with("xd7")));
}

/// Figure 5: "la Falange bianca d4-e5 non può catturare la Falange nera a1-c3, in
/// quanto si trova in inferiorità numerica" but "la Falange nera a1-c3 può catturare la
/// Falange bianca d4-e5 e termina la sua corsa ... in d4. Pertanto, al termine della
/// cattura, la Falange nera occuperà le caselle da b2 a d4."
#[test]
fn figure_5_a1_c3_takes_d4_e5() {
    let white = legal_texts(&figure_5('w'));
    assert!(white.iter().all(|m| !m.ends_with("xc3")));
    let mut p = figure_5('b');
    let mv = p.parse_move("a1xd4").unwrap();
    assert_eq!((mv.men(), mv.steps(), mv.men_captured()), (3, 1, 2));
    p.play(&mv).unwrap();
    let g = column_checkers::custom::Grid14x12::geometry();
    let black = names(p.men_of(Color::Black), g);
    for s in ["b2", "c3", "d4"] {
        assert!(black.contains(&s.to_string()));
    }
    assert!(!black.contains(&"a1".to_string()));
    let white = names(p.men_of(Color::White), g);
    assert!(!white.contains(&"d4".to_string()) && !white.contains(&"e5".to_string()));
    assert_eq!(p.men(Color::White), 12);
}

/// Figure 5: "la Falange bianca g4-j4 può catturare la pedina nera in l4; al termine
/// della cattura occuperà le caselle da i4 a l4."
#[test]
fn figure_5_g4_j4_takes_l4() {
    let mut p = figure_5('w');
    play(&mut p, "g4xl4");
    let g = column_checkers::custom::Grid14x12::geometry();
    let white = names(p.men_of(Color::White), g);
    for s in ["i4", "j4", "k4", "l4"] {
        assert!(white.contains(&s.to_string()));
    }
    assert!(!white.contains(&"g4".to_string()) && !white.contains(&"h4".to_string()));
    assert_eq!(p.men(Color::Black), 11);
}

/// Figure 5: "Il Bianco potrebbe però utilizzare la Falange d4-e5 per catturare la
/// pedina in g7 e 'spezzare' la Falange avversaria in due tronconi. Successivamente la
/// pedina in f7 sarebbe catturabile dal Bianco (ma anche la pedina g7 da parte della
/// Falange nera h7-i7)." Only the enemy line in the direction of movement counts.
#[test]
fn figure_5_d4_e5_takes_g7_alone() {
    let mut p = figure_5('w');
    let white = legal_texts(&p);
    assert!(white.contains("d4xg7"));
    assert!(white.contains("d4-f6"));
    // the shorthand names the only capture reaching g7
    assert_eq!(p.parse_move("xg7").unwrap().to_string(), "d4xg7");
    play(&mut p, "d4xg7");
    assert_eq!(p.men(Color::Black), 11);
    // now Black's h7-i7 can take the white man on g7
    assert!(legal_texts(&p).contains("i7xg7"));
}

/// Figure 6: "Supponiamo che nella situazione in figura 5 vengano effettuate,
/// nell'ordine, le seguenti catture: f11-h11 in c11, a1-c3 in d4, g4-j4 in l4, j2-j3
/// in j4."
///
/// The text's sequence ignores the crossing count: once a1-c3 leaves White's home row,
/// White (with n12) is ahead at the start of his turn and wins. The sequence is
/// therefore checked with [`EpaminondasPosition::phalanx_moves`], the moves the
/// movement and capture rules allow regardless of the end of the game.
#[test]
fn figure_5_to_figure_6() {
    let mut p = figure_5('w');
    for (i, m) in ["h11xc11", "a1xd4", "g4xl4", "j2xj4"]
        .into_iter()
        .enumerate()
    {
        let mut list = MoveList::new();
        p.phalanx_moves(&mut list);
        let mv = *list
            .iter()
            .find(|mv| mv.to_string() == m)
            .unwrap_or_else(|| panic!("{m} not generated"));
        p.play_unchecked(&mv);
        if i == 1 {
            assert_eq!(
                p.outcome(),
                Some(Outcome::Win {
                    winner: Color::White,
                    reason: EndReason::Goal
                })
            );
        }
    }
    let figure_6 = epam(
        &[
            "c11", "d11", "e11", "a7", "b7", "c7", "d7", "i4", "k4", "l4", "n12",
        ],
        &["f7", "g7", "h7", "i7", "b2", "c3", "d4", "j3", "j4"],
        'w',
    );
    assert_eq!(p, figure_6);
    assert_eq!(p.zobrist(), figure_6.zobrist());
}

/// Figures 7–11: "Lo scopo del gioco è avere sulla Base opposta alla propria ...,
/// all'inizio del proprio turno, una pedina in più dell'avversario." White crosses with
/// e8-e10 to e12, Black answers c2 to d1, White e11 to d12, Black a12-c12 takes
/// d12-e12 and wins at the start of his next turn, whatever White plays.
#[test]
fn figures_7_to_11_crossing_win() {
    let mut p = epam(
        &["e8", "e9", "e10", "m5"],
        &["a12", "b12", "c12", "c2"],
        'w',
    );
    assert_eq!(p.outcome(), None);
    play(&mut p, "e8-e12"); // figure 8
    assert_eq!(p.crossings(Color::White), 1);
    assert_eq!(
        p.outcome(),
        None,
        "reaching the far row does not win at once"
    );
    // defence a): capture the intruder
    assert!(legal_texts(&p).contains("a12xe12"));
    // without a defence White wins at the start of his turn
    let mut idle = p.clone();
    play(&mut idle, "c2-c3");
    assert_eq!(
        idle.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::Goal
        })
    );
    assert!(legal_texts(&idle).is_empty());
    // defence b): cross too
    play(&mut p, "c2-d1"); // figure 9
    assert_eq!(p.outcome(), None);
    play(&mut p, "e11-d12"); // figure 10
    assert_eq!(p.crossings(Color::White), 2);
    assert_eq!(p.outcome(), None, "Black is not ahead");
    play(&mut p, "a12xd12"); // figure 11
    assert_eq!(p.crossings(Color::White), 0);
    assert_eq!(p.crossings(Color::Black), 1);
    assert_eq!(p.outcome(), None, "White is to move and not ahead");
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    assert!(!list.is_empty());
    for mv in list.iter() {
        let mut q = p.clone();
        q.play(mv).unwrap();
        assert_eq!(
            q.outcome(),
            Some(Outcome::Win {
                winner: Color::Black,
                reason: EndReason::Goal
            }),
            "after {mv}"
        );
    }
}

/// "Alle singole pedine è vietato catturare": a single man never captures, and "nel
/// caso in cui venga catturata una singola pedina, la Falange che effettua la cattura
/// deve essere composta da almeno due pedine".
#[test]
fn single_men_never_capture() {
    let p = epam(&["e5"], &["e6", "f6", "d5"], 'w');
    assert!(legal_texts(&p).iter().all(|m| !m.contains('x')));
    let p = epam(&["e4", "e5"], &["e6", "f6", "d5"], 'w');
    assert!(legal_texts(&p).contains("e4xe6"));
}

/// "La Falange deve terminare la cattura ... e non può proseguire la sua corsa oltre la
/// prima pedina avversaria catturata", and a phalanx never passes through men.
#[test]
fn no_passing_through_men() {
    let p = epam(&["a1", "a2", "a3"], &["a5", "a7"], 'w');
    let moves = legal_texts(&p);
    assert!(moves.contains("a1-a4"));
    assert!(moves.contains("a1xa5"));
    assert!(!moves.contains("a1-a6") && !moves.contains("a1xa7"));
    // own men block too
    let p = epam(&["a1", "a2", "a4"], &["h8"], 'w');
    let moves = legal_texts(&p);
    assert!(moves.contains("a1-a3"));
    assert!(!moves.iter().any(|m| m.starts_with("a1-a5")));
}

/// The ruling for the point the text leaves open: a player with no legal move loses,
/// which covers a player with no men; the crossing test at the start of the turn comes
/// first.
#[test]
fn no_legal_move_loses_and_goal_comes_first() {
    let p: NeoCrossings = build(&["a4"], &["a5", "b5", "b4", "b3", "a3"], 'w');
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: EndReason::NoLegalMove
        })
    );
    assert!(matches!(
        p.parse_move("a4-a5"),
        Err(MoveParseError::GameOver(_))
    ));
    let p: NeoCrossings = build(&[], &["d5"], 'w');
    assert_eq!(p.outcome().unwrap().winner(), Some(Color::Black));
    // White is ahead on the far row at the start of his turn, though blocked
    let p: NeoCrossings = build(&["a8"], &["b8", "a7", "b7"], 'w');
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::Goal
        })
    );
    assert_eq!(p.count_legal_moves(), 0);
}

/// The symmetry rule (an option, off by default): a move onto the opponent's home row
/// may not leave a position symmetric across the middle line with colours exchanged.
#[test]
fn symmetry_option() {
    let plain: NeoCrossings = build(&["c8"], &["c2"], 'b');
    assert!(legal_texts(&plain).contains("c2-c1"));
    let on = plain.clone().with_options(EpaminondasOptions {
        symmetry: true,
        repetition: false,
    });
    assert_ne!(on.zobrist(), plain.zobrist());
    assert_eq!(on.zobrist(), on.zobrist_from_scratch());
    let moves = legal_texts(&on);
    assert!(!moves.contains("c2-c1"));
    assert!(moves.contains("c2-b1") && moves.contains("c2-c3"));
    assert_eq!(on.count_legal_moves(), moves.len());
    assert_eq!(on.to_string(), "2w5/8/8/8/8/8/2b5/8 b symmetry");
    assert_eq!(on.to_string().parse::<NeoCrossings>().unwrap(), on);
}

/// Threefold repetition: an option, off by default.
#[test]
fn repetition_option() {
    let shuffle = ["a1-a2", "h8-h7", "a2-a1", "h7-h8"];
    let run = |p: NeoCrossings| {
        let mut game = Game::new(p);
        for _ in 0..2 {
            for m in shuffle {
                game.play_text(m).unwrap();
            }
        }
        game.outcome()
    };
    let p: NeoCrossings = build(&["a1"], &["h8"], 'w');
    assert_eq!(run(p.clone()), None);
    let p = p.with_options(EpaminondasOptions {
        symmetry: false,
        repetition: true,
    });
    assert_eq!(
        run(p),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
}

/// Notation: tail square and the square the head reaches, `-` or `x`.
#[test]
fn notation() {
    let p = figure_5('w');
    let mv = p.parse_move("d4xg7").unwrap();
    assert_eq!(mv.to_string(), "d4xg7");
    assert_eq!(p.parse_move(" D4Xg7 ").unwrap(), mv);
    assert!(matches!(
        p.parse_move("d4-g7"),
        Err(MoveParseError::Illegal { .. })
    ));
    assert!(matches!(
        p.parse_move("a7xe7"),
        Err(MoveParseError::Illegal { .. })
    ));
    assert!(matches!(p.parse_move(""), Err(MoveParseError::Empty)));
    assert!(matches!(
        p.parse_move("z9-a1"),
        Err(MoveParseError::UnknownSquare { .. })
    ));
    assert!(matches!(
        p.parse_move("a13-a1"),
        Err(MoveParseError::UnknownSquare { .. })
    ));
    // a square name is reported as typed, as in every notation of the crate
    for unknown in ["5e-e6", "a7-a7a7a7a7a7a7a7a7"] {
        assert!(
            matches!(
                p.parse_move(unknown),
                Err(MoveParseError::UnknownSquare { .. })
            ),
            "{unknown}"
        );
    }
    for bad in [
        "e5", "e5+e6", "-e6", "e5-", "x", "x ", "e5e6", "e5-e6-e7", "xe5-e6", "xe5xe6",
    ] {
        assert!(
            matches!(p.parse_move(bad), Err(MoveParseError::Syntax { .. })),
            "{bad}"
        );
    }
    assert!(matches!(
        p.parse_move(&format!("a7-{}", "a7".repeat(200))),
        Err(MoveParseError::TooLong(_))
    ));
    assert!(matches!(
        p.parse_move(&format!("x{}", "a7".repeat(200))),
        Err(MoveParseError::TooLong(_))
    ));
    // the crate's capture mark `:` and a trailing annotation, as every notation reads
    assert_eq!(p.parse_move("d4:g7"), Ok(mv));
    assert_eq!(p.parse_move("d4xg7!"), Ok(mv));
    assert_eq!(p.parse_move("x g7"), Ok(mv));
    assert!(matches!(
        p.parse_move("xa12"),
        Err(MoveParseError::Illegal { .. })
    ));
    // two captures reach e5: from the north and from the west
    let q = epam(&["e7", "e6", "c5", "d5"], &["e5"], 'w');
    match q.parse_move("xe5") {
        Err(MoveParseError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates.len(), 2);
            assert!(candidates.contains(&"e7xe5".to_string()));
            assert!(candidates.contains(&"c5xe5".to_string()));
        }
        other => panic!("{other:?}"),
    }
}

/// Position text: rows from the top with run-length digits, side, options.
#[test]
fn position_text() {
    let start = Epaminondas::start();
    let t = "bbbbbbbbbbbbbb/bbbbbbbbbbbbbb/14/14/14/14/14/14/14/14/wwwwwwwwwwwwww/wwwwwwwwwwwwww w";
    assert_eq!(start.to_string(), t);
    assert_eq!(t.parse::<Epaminondas>().unwrap(), start);
    assert_eq!(format!("{start:#}"), start.diagram());
    assert!(start.diagram().contains("White to move"));
    let p: NeoCrossings = "8/8/8/3w4/4b3/8/8/8 b -".parse().unwrap();
    assert_eq!(p.to_string(), "8/8/8/3w4/4b3/8/8/8 b");
    let err = |t: &str| t.parse::<NeoCrossings>().unwrap_err();
    let e = err("8/8/8/3w5/8/8/8/8 w");
    assert!(matches!(
        e.kind,
        PositionErrorKind::RowWidth { rank: 5, .. }
    ));
    assert_eq!(e.at, 8);
    assert!(matches!(
        err("8/8/8/3w3/8/8/8/8 w").kind,
        PositionErrorKind::RowWidth { found: 7, .. }
    ));
    assert!(matches!(
        err("8/8/8/8/8/8/8 w").kind,
        PositionErrorKind::RowCount { found: 7, .. }
    ));
    assert!(matches!(
        err("8/8/8/8/8/8/8/8/8 w").kind,
        PositionErrorKind::RowCount { found: 9, .. }
    ));
    let e = err("8/8/8/3x4/8/8/8/8 w");
    assert_eq!((e.kind.clone(), e.at), (PositionErrorKind::BadMan('x'), 7));
    assert!(matches!(
        err("8/8/8/3W4/8/8/8/8 w").kind,
        PositionErrorKind::NoKings('W')
    ));
    assert!(matches!(
        err("8/8/8/08/8/8/8/8 w").kind,
        PositionErrorKind::BadNumber(_)
    ));
    assert!(matches!(
        err("8/8/8/8/8/8/8/8").kind,
        PositionErrorKind::Missing(_)
    ));
    assert!(matches!(err("").kind, PositionErrorKind::Missing(_)));
    let e = err("8/8/8/8/8/8/8/8 x");
    assert_eq!(e.at, 16);
    assert!(matches!(e.kind, PositionErrorKind::BadSide(_)));
    let e = err("8/8/8/8/8/8/8/8 w symmetry,mirror");
    assert_eq!(e.at, 27);
    assert!(matches!(e.kind, PositionErrorKind::UnknownOption(_)));
    assert!(matches!(
        err("8/8/8/8/8/8/8/8 w - x").kind,
        PositionErrorKind::Trailing
    ));
    assert!(matches!(
        err("bbbbbbbb/bbbbbbbb/b7/8/8/8/8/8 w").kind,
        PositionErrorKind::TooManyMen { count: 17, .. }
    ));
    assert!(matches!(
        err("99999999999999999999/8/8/8/8/8/8/8 w").kind,
        PositionErrorKind::RowWidth { .. }
    ));
    assert!(matches!(
        err(&"8/".repeat(3000)).kind,
        PositionErrorKind::TooLong(_)
    ));
    assert!(matches!(
        err("8/8/8/8/8/8/8/é w").kind,
        PositionErrorKind::BadMan('é')
    ));
}

// ---------------------------------------------------------------------------------
// A reference move generator written straight from the rule text, with grid
// arithmetic only, to check the engine's generator and move execution.

/// The board as cells, row by row from a1: 0 empty, 1 white, 2 black.
type Cells = Vec<u8>;

fn cells<B: EpaminondasBoard>(p: &EpaminondasPosition<B>) -> Cells {
    let mut c = vec![0; B::WIDTH as usize * B::HEIGHT as usize];
    for (colour, v) in [(Color::White, 1), (Color::Black, 2)] {
        for s in p.men_of(colour) {
            c[s.index()] = v;
        }
    }
    c
}

/// Every legal move as text, with the board it leaves.
fn reference_moves<B: EpaminondasBoard>(p: &EpaminondasPosition<B>) -> BTreeMap<String, Cells> {
    let (w, h) = (B::WIDTH as i32, B::HEIGHT as i32);
    let board = cells(p);
    let (own, opp) = if p.turn() == Color::White {
        (1, 2)
    } else {
        (2, 1)
    };
    let on = |(x, y): (i32, i32)| x >= 0 && y >= 0 && x < w && y < h;
    let idx = |(x, y): (i32, i32)| (y * w + x) as usize;
    let at_is = |q: (i32, i32), v: u8| on(q) && board[idx(q)] == v;
    let name = |(x, y): (i32, i32)| format!("{}{}", (b'a' + x as u8) as char, y + 1);
    let mut out = BTreeMap::new();
    // crossings: own men on the far row against enemy men on ours
    let row_count = |y: i32, v: u8| (0..w).filter(|&x| board[idx((x, y))] == v).count();
    let (far, near) = if own == 1 { (h - 1, 0) } else { (0, h - 1) };
    if row_count(far, own) > row_count(near, opp) {
        return out;
    }
    for ty in 0..h {
        for tx in 0..w {
            if board[idx((tx, ty))] != own {
                continue;
            }
            for (dx, dy) in [
                (1, 0),
                (1, 1),
                (0, 1),
                (-1, 1),
                (-1, 0),
                (-1, -1),
                (0, -1),
                (1, -1),
            ] {
                let at = |i: i32| (tx + i * dx, ty + i * dy);
                // the group runs from the tail to the leading end of the line
                let n = (0..).take_while(|&i| at_is(at(i), own)).count() as i32;
                for k in 1..=n {
                    let dest = at(n + k - 1);
                    let path_clear = (n..n + k - 1).all(|i| at_is(at(i), 0));
                    if !path_clear || !on(dest) || board[idx(dest)] == own {
                        break;
                    }
                    let mut after = board.clone();
                    let capture = board[idx(dest)] == opp;
                    if capture {
                        let line =
                            (0..).take_while(|&j| at_is(at(n + k - 1 + j), opp)).count() as i32;
                        if line >= n {
                            break;
                        }
                        for j in 0..line {
                            after[idx(at(n + k - 1 + j))] = 0;
                        }
                    }
                    for i in 0..n {
                        after[idx(at(i))] = 0;
                    }
                    for i in 0..n {
                        after[idx(at(i + k))] = own;
                    }
                    let sep = if capture { 'x' } else { '-' };
                    let text = format!("{}{sep}{}", name((tx, ty)), name(dest));
                    assert!(out.insert(text, after).is_none());
                    if capture {
                        break;
                    }
                }
            }
        }
    }
    out
}

fn check_position<B: EpaminondasBoard>(p: &EpaminondasPosition<B>) {
    assert_eq!(p.zobrist(), p.zobrist_from_scratch());
    let text = p.to_string();
    assert_eq!(
        text.parse::<EpaminondasPosition<B>>().unwrap(),
        *p,
        "{text}"
    );
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    assert_eq!(list.len(), p.count_legal_moves());
    let reference = reference_moves(p);
    let texts: BTreeSet<String> = list.iter().map(|m| m.to_string()).collect();
    assert_eq!(texts.len(), list.len(), "each move has its own text");
    assert_eq!(
        texts,
        reference.keys().cloned().collect::<BTreeSet<_>>(),
        "{text}"
    );
    let mut results = HashSet::new();
    // the checked paths (parse, play) cost a move generation each: sample them
    let stride = list.len() / 8 + 1;
    for (i, mv) in list.iter().enumerate() {
        let mut q = p.clone();
        if i % stride == 0 {
            assert_eq!(p.parse_move(&mv.to_string()).unwrap(), *mv);
            q.play(mv).unwrap();
        } else {
            q.play_unchecked(mv);
        }
        assert_eq!(q.zobrist(), q.zobrist_from_scratch());
        let after = cells(&q);
        assert_eq!(after, reference[&mv.to_string()], "{text} {mv}");
        for c in Color::ALL {
            assert!(q.men(c) <= p.men(c));
        }
        assert_eq!(q.men(p.turn()), p.men(p.turn()));
        assert_eq!(
            q.men(!p.turn()),
            p.men(!p.turn()) - mv.men_captured(),
            "{text} {mv}"
        );
        assert!(results.insert(after), "two moves lead to {q}");
    }
    assert_eq!(list.is_empty(), p.outcome().is_some(), "{text}");
    // the cheap paths (one group only, the first move only) agree with the list
    let scratch = p.zobrist_from_scratch();
    for mv in &list {
        assert!(p.is_legal(mv), "{text} {mv}");
        let mut q = p.clone();
        q.play_unchecked(mv);
        assert_eq!(
            q.zobrist_from_scratch_beside(p, scratch),
            q.zobrist_from_scratch()
        );
    }
    let symmetric = p.clone().with_options(EpaminondasOptions {
        symmetry: true,
        ..p.options()
    });
    let mut kept = MoveList::new();
    symmetric.legal_moves(&mut kept);
    for mv in list.iter().step_by(stride) {
        assert_eq!(symmetric.is_legal(mv), kept.contains(mv), "{text} {mv}");
    }
    assert_eq!(kept.is_empty(), symmetric.outcome().is_some(), "{text}");
}

/// Moves of another position (`others`) are legal in `p` exactly when listed there,
/// and their texts read as the listed move of that text or not at all.
fn check_foreign_moves<B: EpaminondasBoard>(
    p: &EpaminondasPosition<B>,
    others: &[<EpaminondasPosition<B> as Position>::Move],
) {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let by_text: BTreeMap<String, _> = list.iter().map(|m| (m.to_string(), *m)).collect();
    for mv in others {
        assert_eq!(p.is_legal(mv), list.contains(mv), "{p} {mv}");
        let text = mv.to_string();
        assert_eq!(
            p.parse_move(&text).ok(),
            by_text.get(&text).copied(),
            "{p} {text}"
        );
        let mut q = p.clone();
        assert_eq!(q.play(mv).is_ok(), list.contains(mv), "{p} {mv}");
    }
    let scratch = p.zobrist_from_scratch();
    let start = EpaminondasPosition::<B>::start();
    assert_eq!(
        start.zobrist_from_scratch_beside(p, scratch),
        start.zobrist_from_scratch()
    );
}

fn playout<B: EpaminondasBoard>(seed: u64, plies: usize) {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(EpaminondasPosition::<B>::start());
    let mut list = MoveList::new();
    // the moves of the last two positions
    let mut earlier: Vec<Vec<_>> = vec![Vec::new(), Vec::new()];
    for ply in 0..plies {
        let p = game.position().clone();
        check_position(&p);
        if ply % 4 == 3 {
            check_foreign_moves(&p, &earlier.concat());
        }
        p.legal_moves(&mut list);
        earlier.remove(0);
        earlier.push(list.to_vec());
        if list.is_empty() {
            break;
        }
        // prefer captures now and then, so that they are exercised
        let captures: Vec<_> = list.iter().filter(|m| m.is_capture()).copied().collect();
        let mv = if !captures.is_empty() && rng.below(2) == 0 {
            captures[rng.below(captures.len())]
        } else {
            list[rng.below(list.len())]
        };
        game.play(&mv).unwrap();
    }
    let end = game.position().clone();
    while game.undo().is_some() {}
    assert_eq!(*game.position(), EpaminondasPosition::<B>::start());
    while game.redo().is_some() {}
    assert_eq!(*game.position(), end);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(30))]

    /// Random NeoCrossings playouts: the engine agrees with the reference generator;
    /// men never increase; the incremental hash equals the one from scratch; position
    /// and move texts round-trip; every legal move plays; undo returns to the start.
    #[test]
    fn neocrossings_playouts(seed in any::<u64>()) {
        playout::<Grid8x8>(seed, 80);
    }

    /// The same on the 14x12 Epaminondas board.
    #[test]
    fn epaminondas_playouts(seed in any::<u64>()) {
        playout::<Grid14x12>(seed, 40);
    }

    /// No position text makes the reader panic.
    #[test]
    fn position_text_never_panics(text in "[wb0-9/ xW-]{0,40}") {
        if let Ok(p) = text.parse::<NeoCrossings>() {
            prop_assert_eq!(p.to_string().parse::<NeoCrossings>().unwrap(), p);
        }
    }

    /// No move text makes the reader panic.
    #[test]
    fn move_text_never_panics(text in "[a-nxX0-9-]{0,8}") {
        let _ = figure_5('w').parse_move(&text);
    }
}

/// The registry selects both rulesets by name (the perft example's names).
#[test]
fn registry_names() {
    use column_checkers::any::{dispatch, RulesetVisitor};
    struct Perft(u32);
    impl RulesetVisitor for Perft {
        type Output = (&'static str, u64);
        fn visit<P: Position>(self) -> (&'static str, u64) {
            (P::NAME, perft(&P::start(), self.0))
        }
    }
    assert_eq!(
        dispatch("epaminondas", &[], Perft(1)),
        Ok(("epaminondas", 114))
    );
    assert_eq!(
        dispatch("NeoCrossings", &[], Perft(2)),
        Ok(("neocrossings", 3600))
    );
}
