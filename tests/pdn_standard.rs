//! The PDN standard's example collections (tests/data/pdn/standard, from the
//! standard's `games/succeed` and `games/fail` folders: see tests/data/pdn/README.md),
//! every file in a ruleset the crate plays (international and Russian draughts), each
//! checked for exactly what it gives, forgiving (the default) and strict:
//!
//! - `succeed/` (files the standard's reading grammar accepts): every game replays
//!   forgivingly, with 7 warnings in all: PROF2 game 2 (a move numbered 29 for 27)
//!   and game 14 (the step 38-33 written `38x33`), kurnik game 3 (moves after a
//!   threefold repetition), nk ronde 01 games 2 and 5 (a variation put at the wrong
//!   level, skipped), schildpad games 3 and 7 (a king's capture by its ends that names
//!   two, read as the one the game goes on from). Strictly, those 7 games are refused.
//! - `fail/` (files the grammar refuses): each is refused for the fault that puts it
//!   there, in both modes: 40Camp game 11 and Cat.C1 game 43 end without a terminator
//!   before the next game's tags (cut off), Cat.A1 game 30 has a lone `.`, delfts ends
//!   its games with another format's result `4-6`, abatsiev game 36 has unknown moves
//!   `- -`; and Cat.C1 game 46 (`36x27 1-0` after the last game) is not legal.

use column_checkers::error::PdnErrorKind;
use column_checkers::error::ReplayErrorKind;
use column_checkers::text::read_games;
use column_checkers::text::{Forgiven, Record, Strictness};
use column_checkers::{InternationalDraughts, MoveParseError, Position, RussianDraughts};

fn data(path: &str) -> String {
    let path = format!("{}/tests/data/pdn/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A game refused: its number (1-based), line, column and why, in short.
type Refusal = (usize, usize, usize, String);
/// A warning: game, line, column, what was wrong (in short) and what was done.
type Warning = (usize, usize, usize, String, Forgiven);

/// What a file gives: the games, the games refused, the warnings, and the length
/// of each game's main line as replayed (0 for a game refused).
#[derive(Debug, Default)]
struct Read {
    games: usize,
    refused: Vec<Refusal>,
    warnings: Vec<Warning>,
    main_lines: Vec<usize>,
}

/// What went wrong, in short: a move's text and the kind of fault, without the list
/// of legal moves the messages give.
fn short(kind: &ReplayErrorKind) -> String {
    match kind {
        ReplayErrorKind::Move(MoveParseError::Illegal { text, .. }) => format!("illegal {text}"),
        ReplayErrorKind::Move(MoveParseError::Ambiguous { text, .. }) => {
            format!("ambiguous {text}")
        }
        ReplayErrorKind::Move(MoveParseError::GameOver(o)) => format!("over: {o}"),
        other => format!("{other:?}"),
    }
}

fn read_short(kind: &PdnErrorKind) -> String {
    format!("read: {kind:?}")
}

fn replay_all<P: Position>(text: &str, strictness: Strictness) -> Read {
    let mut out = Read::default();
    for (i, g) in read_games(text).into_iter().enumerate() {
        out.games += 1;
        let record: Record = match g {
            Ok(r) => r,
            Err(e) => {
                assert_eq!(e.game, i + 1);
                out.refused
                    .push((e.game, e.line, e.column, read_short(&e.kind)));
                out.main_lines.push(0);
                continue;
            }
        };
        assert_eq!(record.game, i + 1);
        match record.replay_with::<P>(strictness) {
            Ok(rep) => {
                out.main_lines.push(rep.game.moves().len());
                for w in rep.warnings {
                    assert_eq!(w.game, i + 1);
                    let e = &w.error;
                    out.warnings
                        .push((w.game, e.line, e.column, short(&e.kind), w.forgiven));
                }
            }
            Err(e) => {
                out.refused.push((i + 1, e.line, e.column, short(&e.kind)));
                out.main_lines.push(0);
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

fn renumbered(expected: u32, found: u32) -> String {
    short(&ReplayErrorKind::WrongNumber { expected, found })
}

/// The warnings of a forgiving replay of each `succeed/` file (none for a file not
/// listed); strictly, the game of each warning is refused there.
fn succeed_warnings(name: &str) -> Vec<Warning> {
    let draw = "over: 1/2-1/2 draw: threefold repetition".to_string();
    match name {
        "PROF2" => vec![
            (2, 35, 36, renumbered(27, 29), Forgiven::Renumbered),
            (
                14,
                290,
                5,
                short(&ReplayErrorKind::CaptureMarkOnStep {
                    step: "38-33".into(),
                }),
                Forgiven::Step("38-33".into()),
            ),
        ],
        "kurnik" => vec![(3, 82, 44, draw, Forgiven::NotPlayed(8))],
        "nk ronde 01" => vec![
            (2, 48, 8, renumbered(4, 9), Forgiven::VariationSkipped),
            (5, 171, 5, renumbered(26, 29), Forgiven::VariationSkipped),
        ],
        "schildpad" => vec![
            (
                3,
                52,
                70,
                "ambiguous 36x16".into(),
                Forgiven::Resolved("36x13x2x16".into()),
            ),
            (
                7,
                140,
                7,
                "ambiguous 4x24".into(),
                Forgiven::Resolved("4x31x42x24".into()),
            ),
        ],
        _ => Vec::new(),
    }
}

/// The `succeed/` files and their games.
const SUCCEED: &[(&str, usize)] = &[
    ("090417ronde12", 7),
    ("Cat.B1", 37),
    ("Cat.D1", 19),
    ("DUTCH96H", 13),
    ("PROF2", 16),
    ("PWCP 2a", 59),
    ("PWCP_2", 51),
    ("candidate95", 8),
    ("kurnik", 4),
    ("nk ronde 01", 7),
    ("nk ronde 02", 7),
    ("nk2003-amsterdam", 33),
    ("rk ronde 12", 7),
    ("schildpad", 34),
    ("windragon", 1),
    ("wk2003", 23),
    ("ussr1947", 153),
];

#[test]
fn every_succeed_file_replays_with_its_warnings() {
    let (mut games, mut warnings) = (0, 0);
    for &(name, count) in SUCCEED {
        let path = format!("standard/succeed/{name}.pdn");
        let r = replay_file(&path, Strictness::Forgiving);
        assert_eq!(r.games, count, "{name}");
        assert!(r.refused.is_empty(), "{name}: {:?}", r.refused);
        let expected = succeed_warnings(name);
        assert_eq!(r.warnings, expected, "{name}");
        // strictly, the game of each warning is refused at the move warned about
        let strict = replay_file(&path, Strictness::Strict);
        assert_eq!(strict.games, count, "{name}");
        let refused: Vec<Refusal> = expected
            .iter()
            .map(|w| (w.0, w.1, w.2, w.3.clone()))
            .collect();
        assert_eq!(strict.refused, refused, "{name}: strict");
        assert!(strict.warnings.is_empty(), "{name}");
        games += r.games;
        warnings += r.warnings.len();
    }
    assert_eq!((games, warnings), (479, 7));
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
        for strictness in [Strictness::Forgiving, Strictness::Strict] {
            let r = replay_file(&format!("cases/{name}.pdn"), strictness);
            assert!(
                r.games > 0 && r.refused.is_empty() && r.warnings.is_empty(),
                "{name}: {r:?}"
            );
        }
    }
}

#[test]
fn nk_ronde_01_replays_every_main_line_to_its_ply_count() {
    let path = "standard/succeed/nk ronde 01.pdn";
    let r = replay_file(path, Strictness::Forgiving);
    let records: Vec<Record> = read_games(&data(path))
        .into_iter()
        .map(Result::unwrap)
        .collect();
    for (record, &moves) in records.iter().zip(&r.main_lines) {
        assert_eq!(moves, record.moves.len());
        if let Some(plies) = record.tag("PlyCount") {
            assert_eq!(moves.to_string(), plies, "{:?}", record.tag("White"));
        }
    }
    // the warnings' text names the game, the line, the column and what was done
    let record = &records[1];
    let w = &record.replay::<InternationalDraughts>().unwrap().warnings[0];
    assert!(w.error.in_variation);
    assert_eq!(
        w.to_string(),
        "game 2, line 48, column 8: move 4. 34-29 (White) in a variation: move number 9 \
         where 4 was expected; the variation is skipped"
    );
}

#[test]
fn forgiven_games_replay_as_far_as_the_rules_allow() {
    // kurnik game 3 stops at the threefold repetition (move 79, White's 5-19): the
    // 8 moves the players went on with are not played; the draw agrees with the rules
    let records = read_games(&data("standard/succeed/kurnik.pdn"));
    let record = records[2].as_ref().unwrap();
    let rep = record.replay::<InternationalDraughts>().unwrap();
    assert_eq!(rep.game.moves().len(), record.moves.len() - 8);
    assert_eq!(rep.result_check, column_checkers::text::ResultCheck::Agrees);
    // PROF2 game 2 replays to its end, every move numbered as its place gives
    let records = read_games(&data("standard/succeed/PROF2.pdn"));
    let record = records[1].as_ref().unwrap();
    let rep = record.replay::<InternationalDraughts>().unwrap();
    assert_eq!(rep.game.moves().len(), record.moves.len());
    assert_eq!(rep.game.moves().len(), 117);
}

/// The `fail/` files: name, games, and the games refused (the same in both modes).
fn fail_refusals(name: &str) -> (usize, Vec<Refusal>) {
    let r = |game, line, column, what: &str| (game, line, column, what.to_string());
    match name {
        // game 11 (two moves, then the next game's tags): cut off
        "40Camp.DamaInternazionaleAssoluto" => (45, vec![r(11, 228, 1, "read: NoTerminator")]),
        // game 30: `3. 8-3 . 1-0`
        "Cat.A1" => (35, vec![r(30, 405, 36, "read: Unexpected(\".\")")]),
        // game 43 ends `5. 41-37 48x31 6.` (cut off); game 46 is a stray `36x27 1-0`
        "Cat.C1" => (
            46,
            vec![
                r(43, 582, 1, "read: NoTerminator"),
                r(46, 611, 1, "illegal 36x27"),
            ],
        ),
        // game 36: `1. - - 2. - - ...`
        "abatsiev" => (56, vec![r(36, 595, 4, "read: UnknownMove(\"-\")")]),
        // the Delfts results `4-6` and `1-9` end the games
        "delfts" => (
            2,
            vec![
                r(1, 26, 69, "read: NotPdnResult(\"4-6\")"),
                r(2, 53, 35, "read: NotPdnResult(\"1-9\")"),
            ],
        ),
        _ => unreachable!("{name}"),
    }
}

#[test]
fn every_fail_file_is_refused_for_its_fault() {
    for name in [
        "40Camp.DamaInternazionaleAssoluto",
        "Cat.A1",
        "Cat.C1",
        "abatsiev",
        "delfts",
    ] {
        let (games, refused) = fail_refusals(name);
        for strictness in [Strictness::Forgiving, Strictness::Strict] {
            let r = replay_file(&format!("standard/fail/{name}.pdn"), strictness);
            assert_eq!(r.games, games, "{name}");
            assert_eq!(r.refused, refused, "{name}, {strictness:?}");
            assert!(r.warnings.is_empty(), "{name}: {:?}", r.warnings);
        }
    }
    // the standard's nested_comment.pdn too
    for strictness in [Strictness::Forgiving, Strictness::Strict] {
        let r = replay_file("cases/nested_comment.pdn", strictness);
        assert_eq!(
            r.refused,
            [(1, 1, 34, "read: NestedComment".to_string())],
            "{strictness:?}"
        );
    }
}
