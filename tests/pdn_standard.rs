//! The PDN standard's example collections (tests/data/pdn/standard, from the
//! standard's `games/succeed` and `games/fail` folders: see tests/data/pdn/README.md),
//! every file in a ruleset the crate plays (international and Russian draughts):
//!
//! - `succeed/`: every game reads; every game replays its main line except the few
//!   refused for a stated reason (a misprinted move number, moves after a threefold
//!   repetition, a capture that names two, a step written as a capture); `nk ronde 01`
//!   replays all its games, with exactly 2 warnings: games 2 and 5 each have a
//!   variation numbered for a later move (an annotator's sub-variation put at the wrong
//!   level), skipped; read strictly, those two games are refused.
//! - `fail/`: read strictly (as the standard's grammar reads), every file is refused
//!   (at least one game does not read or replay); read forgivingly, the crate reads
//!   what it can and refuses the rest, as listed.

use column_checkers::text::pdn::{read_games_with, PdnErrorKind};
use column_checkers::text::record::{Record, ReplayErrorKind, ReplayWarning, Strictness};
use column_checkers::{InternationalDraughts, MoveParseError, Position, RussianDraughts};

fn data(path: &str) -> String {
    let path = format!("{}/tests/data/pdn/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// What a file gives: the games, the numbers (1-based) of the games refused (with
/// why, in words), and the warnings.
#[derive(Debug, Default)]
struct Read {
    games: usize,
    refused: Vec<(usize, String)>,
    warnings: Vec<ReplayWarning>,
    main_line_moves: Vec<usize>,
}

fn replay_all<P: Position>(text: &str, strictness: Strictness) -> Read {
    let mut out = Read::default();
    for (i, g) in read_games_with(text, strictness).into_iter().enumerate() {
        out.games += 1;
        let record: Record = match g {
            Ok(r) => r,
            Err(e) => {
                out.refused.push((i + 1, e.to_string()));
                out.main_line_moves.push(0);
                continue;
            }
        };
        assert_eq!(record.game, i + 1);
        match record.replay_with::<P>(strictness) {
            Ok(rep) => {
                out.main_line_moves.push(rep.game.moves().len());
                out.warnings.extend(rep.warnings);
            }
            Err(e) => {
                out.refused.push((i + 1, e.to_string()));
                out.main_line_moves.push(0);
            }
        }
    }
    out
}

fn replay_file(path: &str, strictness: Strictness) -> Read {
    let text = data(path);
    if path.contains("ussr1947") || path.contains("abatsiev") || path.contains("alphanumeric") {
        replay_all::<RussianDraughts>(&text, strictness)
    } else {
        replay_all::<InternationalDraughts>(&text, strictness)
    }
}

/// The `succeed/` files: name, games, the games refused.
const SUCCEED: &[(&str, usize, &[usize])] = &[
    ("090417ronde12", 7, &[]),
    ("Cat.B1", 37, &[]),
    ("Cat.D1", 19, &[]),
    ("DUTCH96H", 13, &[]),
    // game 2: move number 29 written for 27; game 14: the step 38-33 written 38x33
    ("PROF2", 16, &[2, 14]),
    ("PWCP 2a", 59, &[]),
    ("PWCP_2", 51, &[]),
    ("candidate95", 8, &[]),
    // game 3: moves after a threefold repetition, which ends the game drawn
    ("kurnik", 4, &[3]),
    ("nk ronde 01", 7, &[]),
    ("nk ronde 02", 7, &[]),
    ("nk2003-amsterdam", 33, &[]),
    ("rk ronde 12", 7, &[]),
    // games 3 and 7: 36x16 and 4x24 each name two different captures
    ("schildpad", 34, &[3, 7]),
    ("windragon", 1, &[]),
    ("wk2003", 23, &[]),
    ("ussr1947", 153, &[]),
];

#[test]
fn the_succeed_collections_replay() {
    let (mut games, mut refused) = (0, 0);
    for &(name, count, bad) in SUCCEED {
        let r = replay_file(
            &format!("standard/succeed/{name}.pdn"),
            Strictness::Forgiving,
        );
        assert_eq!(r.games, count, "{name}");
        let numbers: Vec<usize> = r.refused.iter().map(|x| x.0).collect();
        assert_eq!(numbers, bad, "{name}: {:?}", r.refused);
        if name != "nk ronde 01" {
            assert!(r.warnings.is_empty(), "{name}: {:?}", r.warnings);
        }
        games += r.games;
        refused += r.refused.len();
    }
    // the standard's small cases (tests/data/pdn/cases) read and replay as well
    for name in [
        "fen",
        "gameterminator",
        "linecomment",
        "movestrength",
        "string",
        "unicode",
        "variation",
        "alphanumeric",
    ] {
        let r = replay_file(&format!("cases/{name}.pdn"), Strictness::Forgiving);
        assert!(
            r.refused.is_empty() && r.warnings.is_empty(),
            "{name}: {r:?}"
        );
        games += r.games;
    }
    assert_eq!((games, refused), (489, 5));
}

#[test]
fn refusals_in_succeed_have_their_reasons() {
    let kind = |path: &str, game: usize| {
        let records = read_games_with(&data(path), Strictness::Forgiving);
        let record = records[game - 1].as_ref().unwrap();
        record.replay::<InternationalDraughts>().unwrap_err().kind
    };
    assert_eq!(
        kind("standard/succeed/PROF2.pdn", 2),
        ReplayErrorKind::WrongNumber {
            expected: 27,
            found: 29
        }
    );
    assert!(matches!(
        kind("standard/succeed/PROF2.pdn", 14),
        ReplayErrorKind::Move(MoveParseError::Illegal { .. })
    ));
    assert!(matches!(
        kind("standard/succeed/kurnik.pdn", 3),
        ReplayErrorKind::Move(MoveParseError::GameOver(_))
    ));
    for game in [3, 7] {
        assert!(matches!(
            kind("standard/succeed/schildpad.pdn", game),
            ReplayErrorKind::Move(MoveParseError::Ambiguous { .. })
        ));
    }
}

#[test]
fn nk_ronde_01_replays_with_two_warnings() {
    let path = "standard/succeed/nk ronde 01.pdn";
    let r = replay_file(path, Strictness::Forgiving);
    assert!(r.refused.is_empty(), "{:?}", r.refused);
    // every main line replays to the end, as long as its PlyCount tag says
    let records: Vec<Record> = read_games_with(&data(path), Strictness::Forgiving)
        .into_iter()
        .map(Result::unwrap)
        .collect();
    for (record, &moves) in records.iter().zip(&r.main_line_moves) {
        assert_eq!(moves, record.moves.len());
        if let Some(plies) = record.tag("PlyCount") {
            assert_eq!(moves.to_string(), plies, "{:?}", record.tag("White"));
        }
    }
    // exactly two warnings: games 2 and 5, a variation numbered for a later move
    let w: Vec<(usize, usize, usize, &ReplayErrorKind)> = r
        .warnings
        .iter()
        .map(|w| (w.game, w.error.line, w.error.column, &w.error.kind))
        .collect();
    assert_eq!(w.len(), 2, "{:?}", r.warnings);
    assert_eq!(
        (w[0].0, w[0].3),
        (
            2,
            &ReplayErrorKind::WrongNumber {
                expected: 4,
                found: 9
            }
        )
    );
    assert_eq!(
        (w[1].0, w[1].3),
        (
            5,
            &ReplayErrorKind::WrongNumber {
                expected: 26,
                found: 29
            }
        )
    );
    assert!(r
        .warnings
        .iter()
        .all(|w| w.error.in_variation && w.error.line > 0));
    let text = r.warnings[0].to_string();
    assert!(
        text.starts_with(&format!("game 2, line {}, column {}: ", w[0].1, w[0].2)),
        "{text}"
    );
    // strictly, the two games are refused
    let strict = replay_file(path, Strictness::Strict);
    let numbers: Vec<usize> = strict.refused.iter().map(|x| x.0).collect();
    assert_eq!(numbers, [2, 5], "{:?}", strict.refused);
    assert!(strict.warnings.is_empty());
}

#[test]
fn the_fail_collections_are_refused() {
    // strictly: every file of fail/ is refused, in part at least
    for name in [
        "40Camp.DamaInternazionaleAssoluto",
        "Cat.A1",
        "Cat.C1",
        "delfts",
        "abatsiev",
    ] {
        let r = replay_file(&format!("standard/fail/{name}.pdn"), Strictness::Strict);
        assert!(!r.refused.is_empty(), "{name}: read strictly");
    }
    let r = replay_file("cases/nested_comment.pdn", Strictness::Strict);
    assert_eq!(r.refused.len(), 1);

    // forgiving: the crate reads what it can; these are refused all the same
    let r = replay_file("standard/fail/Cat.C1.pdn", Strictness::Forgiving);
    assert_eq!(r.refused.iter().map(|x| x.0).collect::<Vec<_>>(), [46]);
    let r = replay_file("standard/fail/abatsiev.pdn", Strictness::Forgiving);
    assert_eq!(r.refused.iter().map(|x| x.0).collect::<Vec<_>>(), [36]);
    let r = replay_file("cases/nested_comment.pdn", Strictness::Forgiving);
    assert_eq!(r.refused.len(), 1);

    // what the strict reading refuses in the others, and forgiving reading passes
    let first_error = |name: &str| {
        read_games_with(
            &data(&format!("standard/fail/{name}.pdn")),
            Strictness::Strict,
        )
        .into_iter()
        .find_map(Result::err)
        .map(|e| (e.game, e.kind))
    };
    // a game without a terminator before the next game's tags
    assert_eq!(
        first_error("40Camp.DamaInternazionaleAssoluto"),
        Some((11, PdnErrorKind::NoTerminator))
    );
    // a lone `.` after a move
    assert_eq!(
        first_error("Cat.A1"),
        Some((30, PdnErrorKind::Unexpected(".".into())))
    );
    // the Delfts result `4-6` is not a terminator: it is read as a move, then the
    // next game's tags come without one
    assert_eq!(first_error("delfts"), Some((1, PdnErrorKind::NoTerminator)));
}
