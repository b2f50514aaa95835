//! One test per error kind of the crate: each typed error a user can get, from the
//! input that gets it, on the rulesets of this branch.

use column_checkers::games::draughts::RussianDraughts;
use column_checkers::tools::registry::{dispatch, RegistryError, RulesetVisitor};
use column_checkers::{
    Emergo, Game, MoveParseError, PlayError, Position, PositionErrorKind as K, MAX_TEXT_LEN,
};

fn emergo_err(text: &str) -> K {
    text.parse::<Emergo>().unwrap_err().kind
}

fn russian_err(text: &str) -> K {
    text.parse::<RussianDraughts>().unwrap_err().kind
}

// ------------------------------------------------------------ position text

#[test]
fn position_too_long() {
    let text = format!("- w 12/12{}", " ".repeat(MAX_TEXT_LEN));
    assert_eq!(emergo_err(&text), K::TooLong(text.len()));
    assert!(matches!(russian_err(&"x".repeat(1 << 20)), K::TooLong(_)));
}

#[test]
fn position_missing_field() {
    assert_eq!(emergo_err(""), K::Missing("columns"));
    assert_eq!(emergo_err("-"), K::Missing("side to move"));
    assert_eq!(emergo_err("- w"), K::Missing("men in hand (white/black)"));
    assert_eq!(russian_err("c3:w"), K::Missing("side to move"));
    assert!(matches!(emergo_err("e5 w 0/0"), K::Missing(_)));
}

#[test]
fn position_trailing_text() {
    assert_eq!(emergo_err("- w 12/12 x"), K::Trailing);
    assert_eq!(russian_err("c3:w w 1"), K::Trailing);
}

#[test]
fn position_unknown_square() {
    assert_eq!(emergo_err("a1:w w 0/0"), K::UnknownSquare("a1".into()));
    assert_eq!(russian_err("a2:w w"), K::UnknownSquare("a2".into()));
}

#[test]
fn position_duplicate_square() {
    assert_eq!(
        emergo_err("e5:w,e5:b w 0/0"),
        K::DuplicateSquare("e5".into())
    );
}

#[test]
fn position_empty_column() {
    assert_eq!(emergo_err("e5: w 0/0"), K::EmptyColumn("e5".into()));
}

#[test]
fn position_bad_man() {
    assert_eq!(emergo_err("e5:wx w 0/0"), K::BadMan('x'));
    let e = "e5:wé w 0/0".parse::<Emergo>().unwrap_err();
    assert_eq!((e.kind, e.at), (K::BadMan('é'), 4));
}

#[test]
fn position_no_kings() {
    assert_eq!(emergo_err("e5:W w 0/0"), K::NoKings('W'));
}

#[test]
fn position_column_too_tall() {
    assert!(matches!(
        russian_err("c3:wb w"),
        K::ColumnTooTall {
            height: 2,
            max: 1,
            ..
        }
    ));
    let tall = format!("e5:{} w 0/0", "b".repeat(64));
    assert!(matches!(
        emergo_err(&tall),
        K::ColumnTooTall {
            height: 64,
            max: 63,
            ..
        }
    ));
}

#[test]
fn position_impossible_column() {
    assert!(matches!(
        emergo_err("e5:wbw w 0/0"),
        K::ImpossibleColumn { .. }
    ));
    assert!(matches!(russian_err("h8:w w"), K::ImpossibleColumn { .. }));
}

#[test]
fn position_too_many_men() {
    assert!(matches!(
        emergo_err("e5:w w 12/0"),
        K::TooManyMen {
            count: 13,
            max: 12,
            ..
        }
    ));
    let thirteen = "a1:w,c1:w,e1:w,g1:w,b2:w,d2:w,f2:w,h2:w,a3:w,c3:w,e3:w,g3:w,b4:w w";
    assert!(matches!(
        russian_err(thirteen),
        K::TooManyMen { count: 13, .. }
    ));
}

#[test]
fn position_bad_side() {
    assert_eq!(emergo_err("- x 0/0"), K::BadSide("x".into()));
}

#[test]
fn position_bad_number() {
    assert_eq!(emergo_err("- w 13/0"), K::BadNumber("13/0".into()));
    assert_eq!(emergo_err("- w 1-0"), K::BadNumber("1-0".into()));
    assert_eq!(emergo_err("- w -1/0"), K::BadNumber("-1/0".into()));
}

// ------------------------------------------------------------ move text

#[test]
fn move_empty() {
    assert_eq!(Emergo::start().parse_move(" "), Err(MoveParseError::Empty));
}

#[test]
fn move_too_long() {
    let e = Emergo::start().parse_move(&"e4-".repeat(100));
    assert!(matches!(e, Err(MoveParseError::TooLong(300))), "{e:?}");
}

#[test]
fn move_syntax() {
    let p = Emergo::start();
    for text in ["e4--e5", "x", "e4xe5xe6x-", "abcdef"] {
        assert!(
            matches!(p.parse_move(text), Err(MoveParseError::Syntax { .. })),
            "{text}"
        );
    }
    // more squares than any route has
    let many = vec!["e5"; 32].join("x");
    assert!(matches!(
        p.parse_move(&many),
        Err(MoveParseError::Syntax { .. })
    ));
}

#[test]
fn move_unknown_square() {
    let e = Emergo::start().parse_move("a1");
    assert_eq!(
        e,
        Err(MoveParseError::UnknownSquare {
            square: "a1".into()
        })
    );
}

#[test]
fn move_illegal() {
    // the first entry may not be on the centre
    let e = Emergo::start().parse_move("e5");
    assert!(matches!(e, Err(MoveParseError::Illegal { .. })), "{e:?}");
    let e = RussianDraughts::start().parse_move("c3-c4");
    assert!(e.is_err());
}

#[test]
fn move_game_over() {
    let p: Emergo = "e5:b w 0/0".parse().unwrap();
    assert!(matches!(
        p.parse_move("e5"),
        Err(MoveParseError::GameOver(_))
    ));
    let mut game = Game::new(p);
    assert!(matches!(
        game.play_text("e5"),
        Err(MoveParseError::GameOver(_))
    ));
}

// ------------------------------------------------------------ play

#[test]
fn play_illegal_move() {
    let mut p = Emergo::start();
    let mv = p.parse_move("d6").unwrap();
    p.play(&mv).unwrap();
    let before = p.clone();
    let e = p.play(&mv);
    assert!(matches!(e, Err(PlayError::IllegalMove { .. })), "{e:?}");
    assert_eq!(p, before);
}

#[test]
fn play_after_game_over() {
    let mut p: RussianDraughts = "c3:w b".parse().unwrap();
    let mv = RussianDraughts::start().parse_move("c3-d4").unwrap();
    let before = p.clone();
    assert!(matches!(p.play(&mv), Err(PlayError::GameOver(_))));
    assert_eq!(p, before);
}

// ------------------------------------------------------------ registry

struct Name;
impl RulesetVisitor for Name {
    type Output = &'static str;
    fn visit<P: Position>(self, _: &[String]) -> &'static str {
        P::NAME
    }
}

#[test]
fn registry_errors() {
    assert!(matches!(
        dispatch("chess", &[], Name),
        Err(RegistryError::UnknownRuleset { .. })
    ));
    assert!(matches!(
        dispatch("emergo", &["--nope".to_string()], Name),
        Err(RegistryError::UnknownOption { .. })
    ));
    assert_eq!(dispatch("EMERGO", &[], Name), Ok("emergo"));
}

/// `MoveParseError::Ambiguous`: an origin-end form that names two legal moves. A Lasca
/// soldier on c1 has two forward routes to c5 (over d2 and d4, or over b2 and b4) that
/// take different men: `c1xc5` could be either, and the error lists both.
#[test]
fn move_ambiguous() {
    let p: column_checkers::Lasca = "c1:w,b2:b,d2:b,b4:b,d4:b w".parse().unwrap();
    match p.parse_move("c1xc5") {
        Err(MoveParseError::Ambiguous { candidates, .. }) => {
            let mut c = candidates.clone();
            c.sort();
            assert_eq!(c, ["c1xa3xc5", "c1xe3xc5"]);
        }
        other => panic!("{other:?}"),
    }
    // each full route names one move
    assert_eq!(p.parse_move("c1xe3xc5").unwrap().to_string(), "c1xe3xc5");
}
