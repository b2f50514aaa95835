//! Bashni: every rule of the module `games::bashni` and every Bashni ruling of
//! `docs/rulings.md` (the crate's `rulings` page) as a focused test, random-playout
//! properties, and the differential test against Russian draughts (perft:
//! `tests/perft.rs`).
//!
//! Positions are in the crate's position text: `square:men` items, each column's men
//! bottom to top (`w`/`b` men, `W`/`B` kings), then the side to move.

mod column_props;

use column_checkers::any::{dispatch, RulesetVisitor};
use column_checkers::custom::{Board, CheckersPosition, CheckersRules, Dark8, MovePath};
use column_checkers::error::PositionErrorKind;
use column_checkers::games::{BashniRules, BashniRussianCode, RussianDraughts};
use column_checkers::playout::SplitMix64;
use column_checkers::{
    Bashni, Color, EndReason, Game, MoveList, MoveParseError, Outcome, Position,
};
use column_props::{move_list, move_texts, playout_invariants, pos};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn texts(list: &[&str]) -> BTreeSet<String> {
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

/// "Standard 8x8 draughts board, dark square at each player's left-hand corner (a1
/// dark), play on the 32 dark squares. 12 men each on the dark squares of the three
/// nearest rows. White moves first."
#[test]
fn start_position() {
    let p = Bashni::start();
    assert_eq!(p.turn(), Color::White);
    assert_eq!(p.men(Color::White), 12);
    assert_eq!(p.men(Color::Black), 12);
    assert_eq!(
        p.to_string(),
        "a1:w,c1:w,e1:w,g1:w,b2:w,d2:w,f2:w,h2:w,a3:w,c3:w,e3:w,g3:w,\
         b6:b,d6:b,f6:b,h6:b,a7:b,c7:b,e7:b,g7:b,b8:b,d8:b,f8:b,h8:b w"
    );
    assert_eq!(
        move_texts(&p),
        texts(&["a3-b4", "c3-b4", "c3-d4", "e3-d4", "e3-f4", "g3-f4", "g3-h4"])
    );
}

/// "Man-topped tower: one step diagonally forward to an empty square."
#[test]
fn men_step_forward_only() {
    let p: Bashni = pos("d4:bw,b6:b w");
    assert_eq!(move_texts(&p), texts(&["d4-c5", "d4-e5"]));
    let p: Bashni = pos("d4:b,b2:w b");
    assert_eq!(move_texts(&p), texts(&["d4-c3", "d4-e3"]));
}

/// "King-topped tower: flying king — any distance along a diagonal over empty
/// squares."
#[test]
fn kings_fly() {
    let p: Bashni = pos("d4:W,h8:b w");
    assert_eq!(p.count_legal_moves(), 12); // h8 blocks the long diagonal
    assert!(move_texts(&p).contains("d4-g7"));
    assert!(move_texts(&p).contains("d4-a1"));
}

/// "A man-topped tower captures forward and backward by the short leap."
#[test]
fn men_capture_forward_and_backward() {
    let p: Bashni = pos("d4:w,c3:b,h8:b w");
    assert_eq!(move_texts(&p), texts(&["d4:b2"]));
    let p: Bashni = pos("d4:w,c5:b,h8:b w");
    assert_eq!(move_texts(&p), texts(&["d4:b6"]));
    // short leap only: a man does not jump a distant column
    let p: Bashni = pos("d4:w,f6:b w");
    assert!(move_list(&p).iter().all(|m| m.contains('-')));
}

/// "A king-topped tower captures by the long leap: over exactly one enemy-topped tower at
/// any distance on an open diagonal, landing on any empty square beyond (before the next
/// occupied square)."
#[test]
fn kings_capture_by_the_long_leap() {
    let p: Bashni = pos("a1:W,c3:b,h6:b w");
    assert_eq!(
        move_texts(&p),
        texts(&["a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"])
    );
    // the landing squares end before the next occupied square
    let p: Bashni = pos("a1:W,c3:b,g7:b,h8:b w");
    assert_eq!(move_texts(&p), texts(&["a1:d4", "a1:e5", "a1:f6"]));
    // move identity: the routes through d4, e5 and f6 lead to one position, one move
    let p: Bashni = pos("a1:W,c3:b,g7:bb w");
    assert_eq!(move_list(&p), ["a1:d4:h8"]);
    assert_eq!(after(&p, "a1:f6:h8").to_string(), "g7:b,h8:bbW b");
    // two columns in a row cannot be jumped together
    let p: Bashni = pos("a1:W,c3:b,d4:b,h8:b w");
    assert!(move_list(&p).iter().all(|m| m.contains('-')));
}

/// "If some landing squares allow a continuation, the king must choose one of those."
#[test]
fn king_must_land_where_the_capture_goes_on() {
    let p: Bashni = pos("a1:W,c3:b,f4:b w");
    assert_eq!(move_texts(&p), texts(&["a1:e5:g3", "a1:e5:h2"]));
    assert!(p.parse_move("a1:d4").is_err());
}

/// "Only the top man of a jumped tower is taken and put under the capturer."
#[test]
fn only_the_top_man_is_taken_and_goes_under() {
    let p: Bashni = pos("c3:w,d4:wb,h8:b w");
    assert_eq!(after(&p, "c3:e5").to_string(), "d4:w,e5:bw,h8:b b");
}

/// "Capture is compulsory."
#[test]
fn capture_is_compulsory() {
    let p: Bashni = pos("c3:w,d4:b,g3:w w");
    assert_eq!(move_texts(&p), texts(&["c3:e5"]));
    assert!(matches!(
        p.parse_move("g3-h4"),
        Err(MoveParseError::Illegal { .. })
    ));
}

/// "Once started, a capture must be continued while possible."
#[test]
fn a_capture_must_be_completed() {
    let p: Bashni = pos("c3:w,d4:b,f6:bb w");
    assert_eq!(move_texts(&p), texts(&["c3:e5:g7"]));
    assert!(p.parse_move("c3:e5").is_err());
}

/// "Choice between different capture sequences is free (no majority rule, no king
/// priority)."
#[test]
fn free_choice_between_captures() {
    let p: Bashni = pos("c3:w,d4:b,b4:b,b6:b w");
    assert_eq!(move_texts(&p), texts(&["c3:a5:c7", "c3:e5"]));
}

/// "A man reaching the last row in the course of a capture becomes a king immediately
/// and continues capturing as a king in the same move."
#[test]
fn promotion_during_a_capture_continues_as_king() {
    let p: Bashni = pos("f6:w,e7:b,b6:b w");
    assert_eq!(move_texts(&p), texts(&["f6:d8:a5"]));
    assert_eq!(after(&p, "f6:d8:a5").to_string(), "a5:bbW b");
    // a man ending a normal move on the last row promotes
    let p: Bashni = pos("c7:w,b4:b w");
    assert_eq!(after(&p, "c7-d8").to_string(), "b4:b,d8:W b");
}

/// "When a tower promotes, only its top man becomes a king."
#[test]
fn a_promoted_tower_crowns_its_top_man_only() {
    let p: Bashni = pos("c7:bw,b4:b w");
    assert_eq!(after(&p, "c7-b8").to_string(), "b4:b,b8:bW b");
}

/// "Kings keep their rank inside a tower and when liberated."
#[test]
fn kings_keep_rank_as_prisoners_and_when_liberated() {
    let p: Bashni = pos("c3:w,d4:B,h8:b w");
    let q = after(&p, "c3:e5");
    assert_eq!(q.to_string(), "e5:Bw,h8:b b");
    let p: Bashni = pos("e5:Bw,f6:b,a1:w b");
    let q = after(&p, "f6:d4");
    assert_eq!(q.to_string(), "a1:w,d4:wb,e5:B w");
    let r = after(&q, "a1-b2");
    // the liberated king flies backward
    assert!(move_texts(&r).contains("e5-h8"));
}

/// The default, roundabout reading (rulings, Bashni): the top man is transferred at
/// once; a column may be jumped again later in the move while an enemy man leads it,
/// but not straight back over the column just jumped.
#[test]
fn roundabout_rejumps_while_enemy_topped() {
    let p: Bashni = pos("c3:w,d4:bbb,d6:b,b6:b,b4:b w");
    assert_eq!(
        move_texts(&p),
        texts(&["c3:a5:c7:e5:c3", "c3:e5:c7:a5:c3:e5"])
    );
    assert_eq!(
        after(&p, "c3:e5:c7:a5:c3:e5").to_string(),
        "d4:b,e5:bbbbbw b"
    );
}

/// The Russian-code reading, an option (rulings, Bashni): the men taken go under the
/// capturer when the move ends; until then every jumped column stays where it is,
/// blocks, and may not be jumped again (the Turkish strike).
#[test]
fn russian_code_jumps_each_column_once() {
    let p: BashniRussianCode = pos("c3:w,d4:bbb,d6:b,b6:b,b4:b w");
    // clockwise and anticlockwise give the same position: one move
    assert_eq!(move_list(&p), ["c3:e5:c7:a5:c3"]);
    assert_eq!(after(&p, "c3:a5:c7:e5:c3").to_string(), "c3:bbbbw,d4:bb b");
    // via the registry
    let text = "c3:w,d4:bbb,d6:b,b6:b,b4:b w";
    assert_eq!(
        dispatch("bashni", &["--russian-code".into()], Count(text)),
        Ok(1)
    );
    assert_eq!(dispatch("bashni", &[], Count(text)), Ok(2));
}

struct Count(&'static str);
impl RulesetVisitor for Count {
    type Output = usize;
    fn visit<P: Position>(self) -> usize {
        self.0.parse::<P>().unwrap().count_legal_moves()
    }
}

/// The roundabout reading (rulings, Bashni): a jumped single man leaves its square
/// empty at once, and the 180° ban is over the column just jumped: a king (here a man
/// crowned on the way) whose last victim vanished may turn back through its square and
/// capture beyond. Under the Russian code the captured man still stands and blocks.
#[test]
fn king_may_turn_back_through_a_vanished_man() {
    let text = "f6:w,e7:b,g5:b w";
    let p: Bashni = pos(text);
    assert_eq!(move_texts(&p), texts(&["f6:d8:h4", "f6:h4"]));
    assert_eq!(after(&p, "f6:d8:h4").to_string(), "h4:bbW b");
    let p: BashniRussianCode = pos(text);
    assert_eq!(move_texts(&p), texts(&["f6:d8", "f6:h4"]));
    // a king's flight back over a column that still stands is barred
    let p: Bashni = pos("d4:W,e5:bb,b2:w,h8:b w");
    assert_eq!(move_texts(&p), texts(&["d4:f6", "d4:g7"]));
}

/// "A player who cannot move (no towers or all blocked) loses": with no tower he
/// commands, by `NoPieces`; with his towers blocked, by `NoLegalMove`.
#[test]
fn the_player_who_cannot_move_loses() {
    let win = |winner, reason| Some(Outcome::Win { winner, reason });
    let p: Bashni = pos("c3:bbw b");
    assert_eq!(p.outcome(), win(Color::White, EndReason::NoPieces));
    let p: Bashni = pos("a3:w,b4:b,c5:b w");
    assert_eq!(p.outcome(), win(Color::Black, EndReason::NoLegalMove));
}

/// Threefold repetition draws (rulings, Repetition).
#[test]
fn threefold_repetition_draws() {
    let mut g = Game::new(pos::<Bashni>("h2:W,a7:B w"));
    for m in [
        "h2-g1", "a7-b8", "g1-h2", "b8-a7", "h2-g1", "a7-b8", "g1-h2", "b8-a7",
    ] {
        g.play_text(m).unwrap();
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
    assert!(g.play_text("h2-g1").is_err());
}

/// "Notation as Russian draughts (`c3-d4`, captures `c3:e5:c7`)", `x` accepted.
#[test]
fn notation() {
    let p: Bashni = pos("c3:w,d4:b,d6:b,h8:b w");
    let m = p.parse_move("c3:e5:c7").unwrap();
    assert_eq!(m.to_string(), "c3:e5:c7");
    assert_eq!(p.parse_move("c3xe5xc7").unwrap(), m);
    assert_eq!(p.parse_move("c3:c7").unwrap(), m);
    let p = Bashni::start();
    assert_eq!(p.parse_move("c3-d4").unwrap().to_string(), "c3-d4");
    assert!(matches!(
        p.parse_move("c3-d5"),
        Err(MoveParseError::UnknownSquare { .. })
    ));
    assert!(p.parse_move("c3:d4:").is_err());
}

/// Position text: typed errors for positions no game of Bashni can reach.
#[test]
fn position_text_errors() {
    let err = |t: &str| t.parse::<Bashni>().unwrap_err().kind;
    assert!(matches!(
        err("a1:b w"),
        PositionErrorKind::ImpossibleColumn { .. }
    ));
    assert!(matches!(
        err("d4:bwb w"),
        PositionErrorKind::ImpossibleColumn { .. }
    ));
    assert!(matches!(
        err("d4:wwwwwwwwwwwww b"),
        PositionErrorKind::TooManyMen { .. }
    ));
    assert!(matches!(
        err("d4:w,d4:b w"),
        PositionErrorKind::DuplicateSquare(_)
    ));
    let p: Bashni = pos("d4:wbB,e5:W b");
    assert_eq!(p.to_string(), "d4:wbB,e5:W b");
    assert!(format!("{p:#}").contains("to move"));
}

/// A capture built from its squares alone is the listed move: legal, equal, hashed
/// alike. The capture search once left landings of routes it had tried in a listed
/// route's unused part, and a route compared them: these positions' captures
/// (e5:c3, d4:f6:h4) built from their squares were refused.
#[test]
fn a_capture_built_from_its_squares_is_the_listed_move() {
    let p: Bashni = pos("a1:w,c1:w,e1:w,g1:w,d2:w,f2:bw,e3:w,g3:ww,d4:wb,h4:b,c5:wb,e5:w,b6:bb,d6:b,h6:b,g7:b,b8:b,f8:b,h8:b w");
    assert!(column_props::captures_from_squares(&p) >= 1, "{p}");
    assert!(p.is_legal(&p.parse_move("e5:c3").unwrap()));
    let p: Bashni = pos(
        "c1:w,g1:wwwwB,b2:w,d2:wwb,f2:w,a3:wwb,d4:w,e5:b,g5:b,b6:b,h6:b,a7:b,c7:b,e7:b,g7:b,h8:b w",
    );
    assert!(column_props::captures_from_squares(&p) >= 1, "{p}");
    assert!(p.is_legal(&p.parse_move("d4:f6:h4").unwrap()));
    assert!(column_props::playouts_captures_from_squares::<BashniRules>(1, 20, 100) > 100);
}

/// Whether every column of `p` is a single man (no column has ever held a prisoner).
fn no_prisoners<R: CheckersRules>(p: &CheckersPosition<R>) -> bool {
    p.columns().iter().all(|(_, s)| s.height() == 1)
}

/// The legal moves of `p` split in two: those made by a man from start to end (steps,
/// and captures by a man that never reaches the far row), as texts; and the number of
/// captures in which the capturer is or becomes a king.
fn man_and_king_moves<R: CheckersRules<Board = Dark8>>(
    p: &CheckersPosition<R>,
) -> (BTreeSet<String>, usize) {
    let far = Dark8::geometry().far_row(p.turn());
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut men = BTreeSet::new();
    let mut kings = 0;
    for m in list.iter() {
        let king = match *m.path() {
            MovePath::Capture(r) => {
                p.columns().get(r.origin()).top_is_king()
                    || r.landings().iter().any(|&l| far.contains(l))
            }
            _ => false,
        };
        if king {
            kings += 1;
        } else {
            men.insert(m.to_string());
        }
    }
    (men, kings)
}

/// Bashni from the start, while no column holds a prisoner, against Russian draughts on
/// the same squares. Returns the number of positions compared.
///
/// Under the Russian code the moves are the same. Under the default reading a captured
/// man leaves his square at once, so a king — also a man crowned during the capture —
/// may fly over a square emptied earlier in the same move, which the Turkish strike of
/// Russian draughts forbids (e.g. `g5:e3:c5:a3:c1:g5`, crowned on c1, back over f4).
/// There, the moves made by men throughout are the same, and one game has captures
/// with a king (or a crowning) exactly when the other has.
fn differential_from_bashni_playout<R: CheckersRules<Board = Dark8>>(
    seed: u64,
    exact: bool,
) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut p = CheckersPosition::<R>::start();
    let mut list = MoveList::new();
    let mut compared = 0;
    for _ in 0..200 {
        if !no_prisoners(&p) {
            break;
        }
        let russian: RussianDraughts = p.to_string().parse().unwrap();
        if exact {
            assert_eq!(move_texts(&p), move_texts(&russian), "in {p}");
        } else {
            let (bm, bk) = man_and_king_moves(&p);
            let (rm, rk) = man_and_king_moves(&russian);
            assert_eq!(bm, rm, "moves by men in {p}");
            assert_eq!(bk > 0, rk > 0, "captures with a king in {p}");
        }
        compared += 1;
        p.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        let mv = list[rng.below(list.len())];
        p.play_unchecked(&mv);
    }
    compared
}

/// The exception of [`differential_from_bashni_playout`], pinned: a man crowned on c1
/// flies on over f4, emptied earlier in the same capture, and over his own origin g5.
#[test]
fn default_reading_differs_from_russian_only_for_kings() {
    let text = "a1:w,e1:w,g1:w,b2:w,d2:w,f2:w,h2:w,c3:w,g3:w,b4:w,d4:w,f4:w,\
                a5:b,e5:b,g5:b,d6:b,f6:b,a7:b,e7:b,g7:b,b8:b,d8:b,f8:b,h8:b b";
    let b: Bashni = pos(text);
    let r: RussianDraughts = pos(text);
    assert_eq!(
        move_texts(&b),
        texts(&[
            "g5:e3:c5:a3:c1:e3",
            "g5:e3:c5:a3:c1:f4",
            "g5:e3:c5:a3:c1:g5",
            "g5:e3:c5:a3:c1:h6"
        ])
    );
    assert_eq!(move_texts(&r), texts(&["g5:e3:c5:a3:c1:e3"]));
    let c: BashniRussianCode = pos(text);
    assert_eq!(move_texts(&c), move_texts(&r));
}

/// Russian draughts playouts (where no piece ever holds a prisoner), compared with
/// Bashni under the Russian code, whose captured men also stand and block until the
/// move ends: every Bashni move is a Russian move and every Russian move is a Bashni
/// move. (Bashni may list two routes that Russian draughts merges: the same men taken
/// in another order make another column when their ranks differ.)
fn differential_from_russian_playout(seed: u64) -> usize {
    let mut rng = SplitMix64::new(seed);
    // the counted draws off: the playout compares moves, not how games end
    let mut r = RussianDraughts::start().with_counted_draws(false);
    let mut list = MoveList::new();
    let mut compared = 0;
    for _ in 0..200 {
        // the board and the side to move, without the Russian counts field
        let text = r.to_string();
        let board: Vec<&str> = text.split(' ').take(2).collect();
        let b: BashniRussianCode = board.join(" ").parse().unwrap();
        let bashni = move_texts(&b);
        let russian = move_texts(&r);
        for m in &russian {
            assert!(bashni.contains(m), "{m} in {r}: Bashni has {bashni:?}");
        }
        for m in &bashni {
            assert!(
                r.parse_move(m).is_ok(),
                "{m} in {r}: Russian has {russian:?}"
            );
        }
        compared += 1;
        r.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        let mv = list[rng.below(list.len())];
        r.play_unchecked(&mv);
    }
    compared
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Random playouts: men conserved, incremental hash, text and move round trips,
    /// every legal move plays, undo restores the position.
    #[test]
    fn playouts_keep_invariants(seed in any::<u64>()) {
        playout_invariants::<Bashni>(seed, 200);
    }

    /// The same under the Russian code.
    #[test]
    fn russian_code_playouts_keep_invariants(seed in any::<u64>()) {
        playout_invariants::<BashniRussianCode>(seed, 200);
    }

    /// While no column has held a prisoner, Bashni's legal moves equal those of Russian
    /// draughts on the same squares: all of them under the Russian code, those made by
    /// men throughout under the default reading (see
    /// `differential_from_bashni_playout`).
    #[test]
    fn equals_russian_draughts_while_no_prisoners(seed in any::<u64>()) {
        prop_assert!(differential_from_bashni_playout::<BashniRules>(seed, false) >= 1);
        prop_assert!(differential_from_bashni_playout::<BashniRules<true>>(seed, true) >= 1);
    }

    /// On every position of Russian draughts, the Russian-code reading of Bashni has
    /// the same moves.
    #[test]
    fn russian_code_matches_russian_draughts_everywhere(seed in any::<u64>()) {
        prop_assert!(differential_from_russian_playout(seed) >= 1);
    }
}
