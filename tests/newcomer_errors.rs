//! The texts and errors a new user meets first, each answered in the game's terms:
//! records of unknown variants, position texts with a space or a count out of place,
//! a lone square in draughts, refused clicks, illegal moves played, replay errors and
//! a result of another format, the short capture notation and the draughts position
//! text's counted-draw field.

use column_checkers::error::PositionErrorKind;
use column_checkers::error::ReplayErrorKind;
use column_checkers::text::Record;
use column_checkers::{
    ClickError, Emergo, InternationalDraughts, Lasca, MoveInput, MoveList, MoveParseError,
    PlayError, Position, Ruleset,
};

fn ruleset_of(text: &str) -> Result<Option<Ruleset>, String> {
    Ruleset::of_record(&text.parse::<Record>().unwrap()).map_err(|e| e.to_string())
}

/// A `Variant` tag that names no ruleset, or a misspelt one, is refused (with the
/// nearest name when one is near), never replayed as international draughts; an
/// option written without its dashes is read, never dropped.
#[test]
fn unknown_or_misspelt_variants_are_refused() {
    let chess = ruleset_of("[Variant \"chess\"]\n1. e4 e5 *").unwrap_err();
    assert!(
        chess.starts_with(
            r#"the record's variant "chess" is not a ruleset of this crate; known: emergo,"#
        ),
        "{chess}"
    );
    let typo = ruleset_of("[Variant \"lascaX\"]\n1. c3-d4 *").unwrap_err();
    assert!(typo.contains(r#"(did you mean "lasca"?)"#), "{typo}");
    assert_eq!(
        ruleset_of("[Variant \"lasca roundabout\"]"),
        Ok(Some(Ruleset::LascaRoundabout))
    );
    assert_eq!(
        ruleset_of("[Variant \"lasca --roundabout\"]"),
        Ok(Some(Ruleset::LascaRoundabout))
    );
    let option = ruleset_of("[Variant \"lasca roundabot\"]").unwrap_err();
    assert!(
        option.contains(r#"no option "--roundabot" (did you mean "--roundabout"?)"#),
        "{option}"
    );
    // without a tag PDN means international draughts: no ruleset is named
    assert_eq!(ruleset_of("1. 32-28 *"), Ok(None));
}

/// A space after a comma is read; an error's byte offset and quote point at the text
/// where it went wrong, never at "the end of the text" mid-way.
#[test]
fn position_text_offsets_and_spaces_after_commas() {
    let spaced: Emergo = "e4:w, i5:b w 0/0".parse().unwrap();
    assert_eq!(spaced, "e4:w,i5:b w 0/0".parse::<Emergo>().unwrap());
    let e = "e4:w, zz:b w 0/0".parse::<Emergo>().unwrap_err();
    assert_eq!((e.at, e.near()), (6, Some("zz:b")));
    assert_eq!(
        e.to_string(),
        "bad position text at byte 6 (\"zz:b\"): no square \"zz\" on this board"
    );
    let e = "e4:w,,i5:b w 0/0".parse::<Emergo>().unwrap_err();
    assert_eq!(e.at, 5);
    assert!(!e.to_string().contains("end of the text"), "{e}");
    let e = "e4:w i5:b w 0/0".parse::<Emergo>().unwrap_err();
    assert!(!e.to_string().contains("end of the text"), "{e}");
    // FEN with spaces likewise
    let fen: InternationalDraughts = "W:W31, 32:B1, 2".parse().unwrap();
    assert_eq!(fen, "W:W31,32:B1,2".parse().unwrap());
    let e = "W:W31, 99:B1".parse::<InternationalDraughts>().unwrap_err();
    assert_eq!(&"W:W31, 99:B1"[e.at..e.at + 2], "99", "{e}");
}

/// Emergo's men in hand: a count over a side's men, or over them with the men on the
/// board, is said as such.
#[test]
fn men_in_hand_are_counted_in_words() {
    let e = "- b 13/0".parse::<Emergo>().unwrap_err();
    assert!(
        matches!(e.kind, PositionErrorKind::TooManyMenInHand { .. }),
        "{e}"
    );
    assert!(
        e.to_string()
            .ends_with("White has 13 men, 0 on the board and 13 in hand: a side has 12"),
        "{e}"
    );
    let e = "e4:w b 12/12".parse::<Emergo>().unwrap_err();
    assert!(
        e.to_string()
            .ends_with("White has 13 men, 1 on the board and 12 in hand: a side has 12"),
        "{e}"
    );
    assert_eq!(e.at, "e4:w b ".len());
    let e = "e4:w b 12".parse::<Emergo>().unwrap_err();
    assert!(matches!(e.kind, PositionErrorKind::BadMenInHand(_)), "{e}");
    assert!(e.to_string().contains("men in hand"), "{e}");
}

/// A lone square in draughts is no entry: the error speaks of draughts' moves.
#[test]
fn draughts_errors_are_in_draughts_words() {
    let e = InternationalDraughts::start().parse_move("32").unwrap_err();
    let words = e.to_string();
    assert!(!words.contains("enter"), "{words}");
    assert!(words.contains("32 alone names no move here"), "{words}");
    assert!(words.contains("a piece must move"), "{words}");
    // in Emergo a lone square is an entry
    let e = Emergo::start().parse_move("e5").unwrap_err().to_string();
    assert!(e.contains("no man can be entered on e5"), "{e}");
}

/// A refused click says what is wrong with that square first, then what the rules
/// ask; an unknown square is worded as in move texts.
#[test]
fn refused_clicks_name_the_square_first() {
    let mut pos = Emergo::start();
    for m in ["d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6"] {
        let mv = pos.parse_move(m).unwrap();
        pos.play(&mv).unwrap();
    }
    // Black to move, and must capture g6-e6-c6
    let mut input = MoveInput::new(&pos);
    let opponent = input.click_name("f6").unwrap_err().to_string();
    assert!(
        opponent.starts_with(
            "no move starts on f6: the column there is White's, Black is to move; capture is compulsory"
        ),
        "{opponent}"
    );
    let empty = input.click_name("a5").unwrap_err().to_string();
    assert!(
        empty.starts_with("no move starts on a5: the square is empty; capture is compulsory"),
        "{empty}"
    );
    let own = input.click_name("d8").unwrap_err().to_string();
    assert!(
        own.starts_with(
            "no move starts on d8: the column there cannot capture; capture is compulsory"
        ),
        "{own}"
    );
    let draughts = MoveInput::new(&InternationalDraughts::start())
        .click_name("1")
        .unwrap_err()
        .to_string();
    assert!(
        draughts.starts_with("no move starts on 1: the piece there is Black's, White is to move"),
        "{draughts}"
    );
    // one wording for an unknown square
    let click = input.click_name("zz9").unwrap_err();
    assert_eq!(click, ClickError::UnknownSquare("zz9".into()));
    let text = pos.parse_move("zz9").unwrap_err();
    assert!(matches!(text, MoveParseError::UnknownSquare { .. }));
    assert_eq!(click.to_string(), text.to_string());
    assert_eq!(click.to_string(), "no square \"zz9\" on this board");
}

/// Playing an illegal move explains why, as reading its text does.
#[test]
fn illegal_moves_played_say_why() {
    let mut pos = Emergo::start();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let centre = moves.iter().find(|m| m.to_string() == "e5").copied();
    // White's first entry may not be the centre: take it from a position where it is
    // legal, then play it at the start
    let later: Emergo = "d4:w b 11/12".parse().unwrap();
    let mut later_moves = MoveList::new();
    later.legal_moves(&mut later_moves);
    let e5 = later_moves
        .iter()
        .find(|m| m.to_string() == "e5")
        .copied()
        .unwrap();
    assert!(centre.is_none());
    let played = pos.play(&e5).unwrap_err();
    let parsed = pos.parse_move("e5").unwrap_err();
    let MoveParseError::Illegal {
        hint: Some(hint), ..
    } = &parsed
    else {
        panic!("{parsed:?}");
    };
    assert!(
        matches!(&played, PlayError::IllegalMove { mv, reason } if mv == "e5" && reason == hint),
        "{played:?} against {parsed:?}"
    );
    assert_eq!(played.to_string(), format!("illegal move e5: {hint}"));

    // a draughts step where a capture is compulsory
    let capture: InternationalDraughts = "W:W32:B27".parse().unwrap();
    let step: InternationalDraughts = "W:W32:B17".parse().unwrap();
    let mut steps = MoveList::new();
    step.legal_moves(&mut steps);
    let s = steps.iter().find(|m| m.to_string() == "32-28").unwrap();
    let mut capture = capture;
    let e = capture.play(s).unwrap_err().to_string();
    assert!(e.contains("capture is compulsory"), "{e}");
}

/// A replay error says its line and column; a score of another format at the end of
/// a record without a terminator is refused as a result, not read as a move.
#[test]
fn replay_errors_say_where_and_other_results_are_refused() {
    let record: Record = "[Event \"x\"]\n1. 32-28 19-23\n2. 28x19 50-45 *"
        .parse()
        .unwrap();
    let e = record.replay::<InternationalDraughts>().unwrap_err();
    assert_eq!((e.line, e.column), (3, 10));
    assert!(
        e.to_string()
            .starts_with("line 3, column 10: move 2... 50-45 (Black): "),
        "{e}"
    );
    let delfts: Record = "1. 32-28 19-23 4-6".parse().unwrap();
    let e = delfts.replay::<InternationalDraughts>().unwrap_err();
    assert_eq!(e.kind, ReplayErrorKind::NotPdnResult("4-6".into()));
    assert!(e.to_string().contains("result of another format"), "{e}");
    // with the Result tag saying so, reading refuses it already
    let read = "[Result \"4-6\"]\n1. 32-28 19-23 4-6".parse::<Record>();
    assert!(read.is_err());
    // a legal last move of that form is a move
    let legal: Record = "1. 32-28 19-23".parse().unwrap();
    assert!(legal.replay::<InternationalDraughts>().is_ok());
}

/// The FMJD's short capture notation is the position's to write, and the records use
/// it; the draughts position text labels its counted-draw field.
#[test]
fn short_captures_and_the_counted_draw_field() {
    let pos: InternationalDraughts = "W:W32:B27,17".parse().unwrap();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves[0].to_string(), "32x21x12");
    assert_eq!(pos.short_move_text(&moves[0]), "32x12");
    assert_eq!(pos.parse_move("32x12"), Ok(moves[0]));
    let mut game = column_checkers::Game::new(pos);
    game.play(&moves[0]).unwrap();
    let record = Record::of_game(&game).to_string();
    assert!(record.contains("1. 32x12 "), "{record}");

    let counted: InternationalDraughts = "1:W,2:W,50:B w draws:3/3".parse().unwrap();
    assert_eq!(counted.to_string(), "50:B,1:W,2:W w draws:3/3");
    // the counts without their label are read too
    assert_eq!(
        "1:W,2:W,50:B w 3/3"
            .parse::<InternationalDraughts>()
            .unwrap(),
        counted
    );
    assert_eq!(
        "1:W,2:W,50:B w 3/3"
            .parse::<InternationalDraughts>()
            .unwrap()
            .to_string(),
        "50:B,1:W,2:W w draws:3/3"
    );
    let off: InternationalDraughts = "1:W,2:W,50:B w -".parse().unwrap();
    assert_eq!(off.to_string(), "50:B,1:W,2:W w draws:off");
    assert_eq!(off.to_string().parse::<InternationalDraughts>(), Ok(off));
    let e = "1:W,50:B w draws:x"
        .parse::<InternationalDraughts>()
        .unwrap_err();
    assert!(e.to_string().contains("draws:"), "{e}");
    // Emergo's men in hand stay unlabelled
    assert_eq!(Emergo::start().to_string(), "- w 12/12");
    let _ = Lasca::start();
}
