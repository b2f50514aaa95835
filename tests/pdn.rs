//! PDN on real records (tests/data/pdn, from the PDN 3.0 standard's collections: see
//! its README): every kept international and Russian game replays, the refused games
//! fail for their stated reasons, the standard's small cases read as the standard
//! says, and records and games round-trip through the writer.

use column_checkers::any::{record_of_game, Ruleset};
use column_checkers::error::ReplayErrorKind;
use column_checkers::error::{PdnError, PdnErrorKind};
use column_checkers::games::{LascaRoundabout, RussianDraughts};
use column_checkers::playout::SplitMix64;
use column_checkers::text::{read_games, write_record};
use column_checkers::text::{Forgiven, Record, RecordResult, Strictness};
use column_checkers::{
    Color, Emergo, Game, InternationalDraughts, MoveList, MoveParseError, Position, Stapeldammen,
};
use proptest::prelude::*;

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/pdn/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn records(name: &str) -> Vec<Record> {
    read_games(&data(name))
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

#[test]
fn international_games_replay() {
    let games = records("international.pdn");
    assert_eq!(games.len(), 10);
    let mut moves = 0;
    for r in &games {
        assert!(matches!(
            Ruleset::of_record(r),
            Ok(None | Some(Ruleset::InternationalDraughts))
        ));
        let rep = r
            .replay::<InternationalDraughts>()
            .unwrap_or_else(|e| panic!("{:?}: line {}: {e}", r.tag("White"), e.line));
        moves += rep.moves_read;
    }
    // the padded numbers, the variations and the problems' FEN tags are all read
    assert_eq!(games[1].moves[33].text, "1-6");
    assert_eq!(
        games[3].moves.iter().filter(|m| m.text == "35x4").count(),
        1
    );
    assert!(games[5].move_count() > games[5].moves.len());
    assert_eq!(games[2].result, Some(RecordResult::WhiteWins));
    assert_eq!(games[3].result, Some(RecordResult::Draw));
    assert_eq!(games[8].moves[0].text, "34-29");
    assert!(moves > 700, "{moves}");
}

#[test]
fn russian_games_with_a_fen_tag_replay() {
    let games = records("russian.pdn");
    assert_eq!(games.len(), 3);
    for r in &games {
        assert!(r.tag("FEN").is_some());
        let rep = r.replay::<RussianDraughts>().unwrap();
        assert_eq!(rep.game.start(), &RussianDraughts::start());
        assert!(rep.game.moves().len() > 20);
    }
}

#[test]
fn refused_games_fail_for_their_reasons() {
    // strictly, each is refused for its reason; forgivingly, the first three replay
    // with a warning (what was forgiven), the fourth is refused all the same
    let games = read_games(&data("refused.pdn"));
    assert_eq!(games.len(), 4);
    let record = |i: usize| games[i].as_ref().unwrap();
    let strict = |i: usize| {
        record(i)
            .replay_with::<InternationalDraughts>(Strictness::Strict)
            .unwrap_err()
    };
    let forgiven = |i: usize| {
        let rep = record(i).replay::<InternationalDraughts>().unwrap();
        assert_eq!(rep.warnings.len(), 1);
        rep.warnings[0].forgiven.clone()
    };
    let e = strict(0);
    assert_eq!(
        e.kind,
        ReplayErrorKind::WrongNumber {
            expected: 27,
            found: 29
        }
    );
    assert_eq!((e.line, e.column), (13, 36));
    assert_eq!(forgiven(0), Forgiven::Renumbered);
    assert!(matches!(
        strict(1).kind,
        ReplayErrorKind::Move(MoveParseError::GameOver(_))
    ));
    assert_eq!(forgiven(1), Forgiven::NotPlayed(8));
    assert!(matches!(
        strict(2).kind,
        ReplayErrorKind::Move(MoveParseError::Ambiguous { .. })
    ));
    assert_eq!(forgiven(2), Forgiven::Resolved("36x13x2x16".into()));
    let e = games[3].as_ref().unwrap_err();
    assert_eq!(e.kind, PdnErrorKind::UnknownMove("-".into()));
    assert_eq!((e.game, e.line, e.column), (4, 82, 4));
}

#[test]
fn the_standards_small_cases() {
    let one = |name: &str| -> Result<Record, PdnError> {
        let mut g = read_games(&data(&format!("cases/{name}")));
        assert_eq!(g.len(), 1, "{name}");
        g.pop().unwrap()
    };
    for name in [
        "gameterminator.pdn",
        "linecomment.pdn",
        "movestrength.pdn",
        "string.pdn",
        "unicode.pdn",
        "variation.pdn",
    ] {
        let r = one(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        r.replay::<InternationalDraughts>()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        // and each writes back to the same record
        assert_eq!(
            read_games(&write_record(&r)).pop().unwrap().unwrap(),
            r,
            "{name}"
        );
    }
    let r = one("alphanumeric.pdn").unwrap();
    assert_eq!(r.replay::<RussianDraughts>().unwrap().game.moves().len(), 1);
    let fen = read_games(&data("cases/fen.pdn"));
    assert_eq!(fen.len(), 3);
    for r in &fen {
        r.as_ref()
            .unwrap()
            .replay::<InternationalDraughts>()
            .unwrap();
    }
    let e = one("nested_comment.pdn").unwrap_err();
    assert_eq!((e.kind, e.line), (PdnErrorKind::NestedComment, 1));
}

#[test]
fn collections_round_trip_through_the_writer() {
    for (name, russian) in [("international.pdn", false), ("russian.pdn", true)] {
        for r in records(name) {
            let text = write_record(&r);
            let again = read_games(&text).pop().unwrap().unwrap();
            assert_eq!(again, r, "{text}");
            if russian {
                let a = r.replay::<RussianDraughts>().unwrap().game;
                let b = again.replay::<RussianDraughts>().unwrap().game;
                assert_eq!(a, b);
                // and the game itself writes back to the same game
                let c = read_games(&record_of_game(&a).to_string())
                    .pop()
                    .unwrap()
                    .unwrap();
                assert_eq!(
                    c.replay::<RussianDraughts>().unwrap().game.moves(),
                    a.moves()
                );
            } else {
                let a = r.replay::<InternationalDraughts>().unwrap().game;
                let b = again.replay::<InternationalDraughts>().unwrap().game;
                assert_eq!(a, b);
                let c = read_games(&record_of_game(&a).to_string())
                    .pop()
                    .unwrap()
                    .unwrap();
                assert_eq!(
                    c.replay::<InternationalDraughts>().unwrap().game.moves(),
                    a.moves()
                );
            }
        }
    }
}

/// A game of `P`: `before` random plies from the start make the start position (so
/// that a `FEN` tag is written when it is not empty), then `plies` random moves.
fn random_game<P: Position>(seed: u64, before: usize, plies: usize) -> Game<P> {
    let mut rng = SplitMix64::new(seed);
    let mut moves = MoveList::new();
    let mut start = P::start();
    for _ in 0..before {
        start.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        start.play_unchecked(&mv);
    }
    let mut game = Game::new(start);
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        game.position().legal_moves(&mut moves);
        let mv = moves[rng.below(moves.len())];
        game.play(&mv).unwrap();
    }
    game
}

/// The game ended by the players when the rules have not ended it: `end` 1 an agreed
/// draw, 2 White resigns, 3 Black resigns, 0 as it is.
fn ended<P: Position>(mut game: Game<P>, end: u8) -> Game<P> {
    if game.outcome().is_none() {
        let _ = match end {
            1 => game.agree_draw(),
            2 => game.resign(Color::White),
            3 => game.resign(Color::Black),
            _ => return game,
        };
    }
    game
}

/// The record of a game with `tags` and a comment after each ply that has one
/// (`comments[0]` before the first move).
fn annotated<P: Position>(
    game: &Game<P>,
    tags: &[(String, String)],
    comments: &[Option<String>],
) -> Record {
    let mut record = record_of_game(game);
    for (n, v) in tags {
        record.set_tag(n, v);
    }
    for (ply, c) in comments.iter().enumerate().take(game.moves().len() + 1) {
        if let Some(c) = c {
            record.add_comment(ply, c);
        }
    }
    record
}

/// Writes a game with its tags and comments, reads and replays it back: the same
/// record (tags, comments, moves), the same start and moves; the record of the game
/// read, with the same tags and comments, writes the same text.
fn round_trip<P: Position>(
    game: &Game<P>,
    tags: &[(String, String)],
    comments: &[Option<String>],
) -> Result<(), TestCaseError> {
    let record = annotated(game, tags, comments);
    let text = record.to_string();
    let mut games = read_games(&text);
    prop_assert_eq!(games.len(), 1, "{}", text);
    let read = games
        .pop()
        .unwrap()
        .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    prop_assert_eq!(&read, &record, "{}", text);
    prop_assert_eq!(
        Ruleset::of_record(&read),
        Ok(Ruleset::of::<P>()),
        "{}",
        text
    );
    let again = read
        .replay::<P>()
        .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?
        .game;
    prop_assert_eq!(again.start(), game.start(), "{}", text);
    prop_assert_eq!(again.moves(), game.moves(), "{}", text);
    // an agreed draw or a resignation too
    prop_assert_eq!(&again, game, "{}", text);
    prop_assert_eq!(annotated(&again, tags, comments).to_string(), text);
    Ok(())
}

fn tag_strategy() -> impl Strategy<Value = Vec<(String, String)>> {
    prop::collection::vec(
        (
            "[A-Z][a-zA-Z0-9_]{0,8}".prop_filter("tags the writer sets", |n| {
                ![
                    "FEN",
                    "SetUp",
                    "Position",
                    "GameType",
                    "Variant",
                    "Game",
                    "Result",
                    "Termination",
                ]
                .iter()
                .any(|t| t.eq_ignore_ascii_case(n))
            }),
            "\\PC{0,16}",
        ),
        0..4,
    )
    .prop_map(|mut tags| {
        // one value per name: a later tag of the same name replaces the first
        let mut seen = std::collections::HashSet::new();
        tags.retain(|(n, _)| seen.insert(n.to_ascii_lowercase()));
        tags
    })
}

fn comment_strategy() -> impl Strategy<Value = Vec<Option<String>>> {
    prop::collection::vec(
        prop::option::weighted(0.2, "[^{}\\p{Cc}]{0,20}".prop_map(|s| s.trim().to_string())),
        0..30,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn games_round_trip_through_pdn(
        seed in any::<u64>(),
        before in 0usize..12,
        plies in 0usize..30,
        tags in tag_strategy(),
        comments in comment_strategy(),
        end in 0u8..4,
    ) {
        round_trip(&ended(random_game::<InternationalDraughts>(seed, before, plies), end), &tags, &comments)?;
        round_trip(&ended(random_game::<RussianDraughts>(seed, before, plies), end), &tags, &comments)?;
        round_trip(&ended(random_game::<Stapeldammen>(seed, before, plies), end), &tags, &comments)?;
        round_trip(&ended(random_game::<Emergo>(seed, before, plies), end), &tags, &comments)?;
        round_trip(&ended(random_game::<LascaRoundabout>(seed, before, plies), end), &tags, &comments)?;
    }
}

#[test]
fn captures_written_with_squares_left_out() {
    // L. Viergever (J.C. Vink, Verzamelde, 1975), from the standard's fail/Cat.C1.pdn:
    // `2x30x11` leaves out the landing on 39 of `2x30x39x11`
    let r: Record = "[FEN \"W:W20,24,27,37,38,45,46,49:B13,15,16,18,34,36,39,40.\"]\n\
                     1. 49-43 39x48 2. 24-19 48x22 3. 19x8 15x24 4. 46-41 36x47 5. 8-2 47x29 6.\n\
                     2x30x11 16x7 7. 45x1 1-0"
        .parse()
        .unwrap();
    let rep = r.replay::<InternationalDraughts>().unwrap();
    assert_eq!(rep.game.moves()[10].to_string(), "2x30x39x11");
    // a square the king flies over names the capture too, when no landing does
    let p: InternationalDraughts = "46:W,37:b,17:b w".parse().unwrap();
    assert_eq!(p.parse_move("46x41x11").unwrap().to_string(), "46x28x11");
    assert!(p.parse_move("46x28x7").is_err());
}

/// Whether a record holds what PDN cannot write back as read: a comment with braces
/// (from a `;` comment; written with them replaced), or a move ending in a separator
/// (`1-` then `6` read back as the padded move `1-6`).
fn not_writable(r: &Record) -> bool {
    fn line(comments: &[String], moves: &[column_checkers::text::RecordMove]) -> bool {
        comments.iter().any(|c| c.contains(['{', '}']))
            || moves.iter().any(|m| {
                m.text.ends_with(['-', 'x', 'X', ':'])
                    || line(&m.comments, &[])
                    || m.variations.iter().any(|v| line(&v.comments, &v.moves))
            })
    }
    line(&r.comments, &r.moves)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any text of PDN's characters reads without panicking; every game is a record or
    /// an error placed on a line and column of the text, and a record writes back to
    /// an equal one.
    #[test]
    fn any_text_reads(text in "([\\[\\](){};%$*./:x\"\\\\ \n-]|[0-9]{1,2}|[a-h][1-8]|Event|1-0|2-0|1/2-1/2|K|W|B){0,80}") {
        let lines = text.lines().count().max(1);
        for g in read_games(&text) {
            match g {
                Ok(r) if not_writable(&r) => {}
                Ok(r) => {
                    let again = read_games(&write_record(&r));
                    prop_assert_eq!(again.len(), 1);
                    prop_assert_eq!(again[0].as_ref().ok(), Some(&r));
                }
                Err(e) => {
                    prop_assert!(e.line >= 1 && e.line <= lines + 1, "{e}");
                    prop_assert!(e.column >= 1, "{e}");
                }
            }
        }
    }
}
