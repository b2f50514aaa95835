//! One test per error kind of the crate: each typed error a user can get, from the
//! input that gets it, on the rulesets of this branch.

use column_checkers::any::{dispatch, RegistryError, RulesetVisitor};
use column_checkers::error::{PositionErrorKind as K, MAX_TEXT_LEN};
use column_checkers::games::RussianDraughts;
use column_checkers::{Emergo, Epaminondas, Game, MoveList, MoveParseError, PlayError, Position};

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
    // Russian draughts counts moves for a draw: the third field is the counts
    assert_eq!(russian_err("c3:w w 1/0 x"), K::Trailing);
    assert_eq!(russian_err("c3:w w 1"), K::BadDrawCounts("1".into()));
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
        K::TooManyMenInHand {
            on_board: 1,
            in_hand: 12,
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
    assert!(matches!(
        emergo_err("- w 13/0"),
        K::TooManyMenInHand {
            on_board: 0,
            in_hand: 13,
            ..
        }
    ));
    assert_eq!(emergo_err("- w 1-0"), K::BadMenInHand("1-0".into()));
    assert_eq!(emergo_err("- w -1/0"), K::BadMenInHand("-1/0".into()));
    assert_eq!(emergo_err("- w +1/0"), K::BadMenInHand("+1/0".into()));
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
    fn visit<P: Position>(self) -> &'static str {
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

/// One error type for game operations: `?` works across position text, move text and
/// play, and `play`'s error converts into `play_text`'s.
#[test]
fn errors_compose_with_question_mark() {
    use column_checkers::{GameError, MoveParseError, PlayError};

    fn run(position: &str, moves: &[&str]) -> Result<Game<Emergo>, GameError> {
        let mut game = Game::new(position.parse::<Emergo>()?);
        for (i, text) in moves.iter().enumerate() {
            if i % 2 == 0 {
                game.play_text(text)?;
            } else {
                let mv = game.position().parse_move(text)?;
                game.play(&mv)?;
            }
        }
        Ok(game)
    }
    assert_eq!(run("- w 12/12", &["d6", "d8"]).unwrap().moves().len(), 2);
    assert!(matches!(
        run("- x 12/12", &[]),
        Err(GameError::Position(e)) if e.at == 2
    ));
    assert!(matches!(
        run("- w 12/12", &["d6", "zz9"]),
        Err(GameError::Move(MoveParseError::UnknownSquare { .. }))
    ));
    // a game over: play's error is GameError::Play
    let over = "e5:b w 0/0";
    let mut game = Game::new(over.parse::<Emergo>().unwrap());
    let mv = Emergo::start().parse_move("d6").unwrap();
    let e: GameError = game.play(&mv).unwrap_err().into();
    assert!(matches!(e, GameError::Play(PlayError::GameOver(_))));
    assert_eq!(e.to_string(), game.play(&mv).unwrap_err().to_string());

    // play's error where play_text's is expected
    fn by_text_then_value(game: &mut Game<Emergo>) -> Result<(), MoveParseError> {
        let mv = game.play_text("d6")?;
        game.undo();
        game.play(&mv)?;
        game.play(&mv)?; // d6 again: occupied, refused
        Ok(())
    }
    let mut game = Game::new(Emergo::start());
    assert!(matches!(
        by_text_then_value(&mut game),
        Err(MoveParseError::Illegal { .. })
    ));
    assert_eq!(game.moves().len(), 1);
}

/// Errors name what the user typed: unknown squares as typed, position texts quoted at
/// the offset, an entry on an occupied square, spaces inside a move.
#[test]
fn messages_name_what_was_typed() {
    let start = Emergo::start();
    for typed in ["zz9", "e10", "zz", "fz4"] {
        let e = start.parse_move(typed).unwrap_err();
        assert_eq!(
            e,
            MoveParseError::UnknownSquare {
                square: typed.into()
            },
            "{typed}"
        );
        assert!(e.to_string().contains(&format!("{typed:?}")), "{e}");
    }
    // a full route names the square of it that is unknown
    assert_eq!(
        start.parse_move("e4-z9").unwrap_err(),
        MoveParseError::UnknownSquare {
            square: "z9".into()
        }
    );

    let e = "zz".parse::<Emergo>().unwrap_err();
    assert_eq!(e.near(), Some("zz"));
    assert!(e.to_string().contains("(\"zz\")"), "{e}");
    let e = "e4:w,e4:b w 0/0".parse::<Emergo>().unwrap_err();
    assert_eq!((e.at, e.near()), (5, Some("e4:b")));
    let e = "e4:w".parse::<Emergo>().unwrap_err();
    assert!(e.to_string().contains("the end of the text"), "{e}");

    // entering on an occupied square says it is occupied
    let mut game = Game::new(Emergo::start());
    game.play_text("d6").unwrap();
    let e = game.play_text("d6").unwrap_err();
    assert!(e.to_string().contains("d6 is occupied"), "{e}");
    // an empty square where no man may be entered says so
    let e = Emergo::start().parse_move("e5").unwrap_err();
    assert!(e.to_string().contains("no man can be entered on e5"), "{e}");

    // spaces around separators are read, inside a square name refused
    let r = RussianDraughts::start();
    assert_eq!(r.parse_move("c3 - d4"), r.parse_move("c3-d4"));
    assert!(r.parse_move("c3-d4").is_ok());
    assert!(r.parse_move("c 3-d4").is_err());
    assert!(r.parse_move("c3 d4").is_err());
    let ep = Epaminondas::start();
    let mut moves = MoveList::new();
    ep.legal_moves(&mut moves);
    let text = moves[0].to_string();
    assert_eq!(ep.parse_move(&text.replace('-', " - ")), Ok(moves[0]));
}

/// The capture-mark rule, in every ruleset: `x` (or `:`) names captures only; `-`
/// joins the squares of any move.
#[test]
fn capture_marks_name_captures_only() {
    // Emergo: a step written with `x`, in full and compact form
    let pos: Emergo = "e5:w,a5:b w 0/0".parse().unwrap();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let step = moves
        .iter()
        .find(|m| matches!(m.path(), column_checkers::custom::MovePath::Step { .. }))
        .copied()
        .expect("a step");
    let text = step.to_string();
    assert_eq!(pos.parse_move(&text), Ok(step));
    let marked = text.replace('-', "x");
    let e = pos.parse_move(&marked).unwrap_err();
    assert!(
        matches!(&e, MoveParseError::Illegal { hint: Some(h), .. } if h.contains("captures nothing")),
        "{marked}: {e}"
    );
    assert!(pos.parse_move(&format!("{text}x")).is_err());
    // Russian draughts: c3xd4 is refused where c3-d4 is a step
    let r = RussianDraughts::start();
    assert!(r.parse_move("c3-d4").is_ok());
    let e = r.parse_move("c3xd4").unwrap_err();
    assert!(e.to_string().contains("write c3-d4"), "{e}");
    // a capture may be written with `-`
    let r: RussianDraughts = "c3:w,d4:b w".parse().unwrap();
    assert_eq!(r.parse_move("c3-e5"), r.parse_move("c3xe5"));
    assert!(r.parse_move("c3xe5").is_ok());
    // Epaminondas: the same rule
    let ep = Epaminondas::start();
    let mut moves = MoveList::new();
    ep.legal_moves(&mut moves);
    let text = moves[0].to_string();
    assert!(!moves[0].is_capture());
    let e = ep.parse_move(&text.replace('-', "x")).unwrap_err();
    assert!(e.to_string().contains("captures nothing"), "{e}");
}

/// A position where the side not to move has no piece is refused: no move leads there.
/// With that side to move, the game is over.
#[test]
fn side_not_to_move_without_pieces_is_refused() {
    use column_checkers::Color;
    let e = "e4:w w 0/0".parse::<Emergo>().unwrap_err();
    assert_eq!(e.kind, K::NoPiecesNotToMove(Color::Black));
    assert_eq!(e.at, 5);
    // men in hand are pieces
    assert!("e4:w w 0/1".parse::<Emergo>().is_ok());
    // prisoners are not
    assert_eq!(
        emergo_err("e4:bw w 0/0"),
        K::NoPiecesNotToMove(Color::Black)
    );
    let over: Emergo = "e4:w b 0/0".parse().unwrap();
    assert_eq!(over.outcome().and_then(|o| o.winner()), Some(Color::White));
    assert_eq!(russian_err("c3:w w"), K::NoPiecesNotToMove(Color::Black));
    assert!("c3:w b".parse::<RussianDraughts>().is_ok());
}

// ------------------------------------------------------------ in each game's terms

/// The hint of an illegal move text names what the game moves: a piece in draughts
/// and Dameo, a column in the column games, a man to enter in Emergo.
#[test]
fn illegal_move_hints_speak_the_games_terms() {
    use column_checkers::{Dameo, InternationalDraughts, Lasca, Stapeldammen};
    fn hint<P: Position>(text: &str) -> String {
        match P::start().parse_move(text) {
            Err(e @ MoveParseError::Illegal { .. }) => e.to_string(),
            other => panic!("{} {text}: {other:?}", P::NAME),
        }
    }
    let draughts = hint::<InternationalDraughts>("33-39");
    assert!(
        draughts.starts_with("33-39 is not a legal move here (a piece must move; legal: "),
        "{draughts}"
    );
    let dameo = hint::<Dameo>("a1-a8");
    assert!(dameo.contains("a piece must move"), "{dameo}");
    for text in [draughts, dameo] {
        assert!(!text.contains("column"), "{text}");
    }
    let lasca = hint::<Lasca>("a1-a7");
    assert!(lasca.contains("a column must step"), "{lasca}");
    let stapeldammen = hint::<Stapeldammen>("33-39");
    assert!(
        stapeldammen.contains("a column must step"),
        "{stapeldammen}"
    );
    let emergo = Emergo::start().parse_move("e5").unwrap_err().to_string();
    assert!(emergo.contains("a man must be entered"), "{emergo}");
}

/// A click where no move starts says what a move starts on, in the game's terms.
#[test]
fn click_errors_speak_the_games_terms() {
    use column_checkers::{Dameo, InternationalDraughts, Introspect, Lasca, MoveInput};
    fn first_click<P: Introspect>(square: &str) -> String {
        MoveInput::new(&P::start())
            .click_name(square)
            .unwrap_err()
            .to_string()
    }
    let draughts = first_click::<InternationalDraughts>("1");
    assert!(
        draughts.starts_with(
            "no move starts on 1: the piece there is Black's, White is to move; \
             a move starts on one of your pieces; "
        ),
        "{draughts}"
    );
    let dameo = first_click::<Dameo>("h8");
    assert!(dameo.contains("one of your pieces"), "{dameo}");
    let lasca = first_click::<Lasca>("g7");
    assert!(lasca.contains("one of your columns"), "{lasca}");
    let emergo = first_click::<Emergo>("e5");
    assert!(emergo.contains("a man must be entered"), "{emergo}");
}

/// Position texts that put two men on a square, or a man where none can be, say so in
/// the game's terms.
#[test]
fn position_errors_speak_the_games_terms() {
    use column_checkers::{Dameo, InternationalDraughts, Lasca};
    let e = "28:ww,19:b w".parse::<InternationalDraughts>().unwrap_err();
    assert_eq!(
        e.kind,
        K::ColumnTooTall {
            square: "28".into(),
            height: 2,
            max: 1
        }
    );
    assert!(
        e.to_string()
            .ends_with("28 holds 2 men: a square holds one piece in this game"),
        "{e}"
    );
    let e = "d4:wb,e6:b w".parse::<Dameo>().unwrap_err();
    assert!(e.to_string().contains("a square holds one piece"), "{e}");
    let e = "3:w,28:b w".parse::<InternationalDraughts>().unwrap_err();
    assert!(
        e.to_string().ends_with(
            "3:w cannot arise in this game: a man on its promotion row would have been promoted"
        ),
        "{e}"
    );
    let e = "c3:bwb,e5:w w".parse::<Lasca>().unwrap_err();
    assert!(e.to_string().contains("c3:bwb cannot arise"), "{e}");
    let e = "28:w w".parse::<InternationalDraughts>().unwrap_err();
    assert!(
        e.to_string()
            .contains("Black, not to move, commands nothing"),
        "{e}"
    );
    assert_eq!(
        emergo_err("e5: w 0/0").to_string(),
        "no men given for e5 (a square is written square:men)"
    );
}

/// An empty position text misses what the game has on its board: pieces in the
/// draughts games and Dameo, columns in the column games; no game of single pieces
/// speaks of columns.
#[test]
fn an_empty_position_text_misses_the_games_pieces() {
    use column_checkers::any::RulesetVisitor;
    use column_checkers::custom::Terms;
    use column_checkers::{Dameo, InternationalDraughts, Lasca, Ruleset};
    let e = "".parse::<RussianDraughts>().unwrap_err().to_string();
    assert!(e.contains("missing pieces"), "{e}");
    let e = "".parse::<InternationalDraughts>().unwrap_err();
    assert!(
        e.to_string()
            .starts_with("bad position text at byte 0 (the end of the text): missing pieces;"),
        "{e}"
    );
    let e = "".parse::<Dameo>().unwrap_err().to_string();
    assert!(e.contains("missing pieces"), "{e}");
    let e = "".parse::<Lasca>().unwrap_err().to_string();
    assert!(e.contains("missing columns"), "{e}");
    assert_eq!(emergo_err(""), K::Missing("columns"));
    struct Empty;
    impl RulesetVisitor for Empty {
        type Output = (Terms, String);
        fn visit<P: Position>(self) -> (Terms, String) {
            (P::TERMS, "".parse::<P>().unwrap_err().to_string())
        }
    }
    for &r in Ruleset::ALL {
        let (terms, message) = r.visit(Empty);
        if terms == Terms::Pieces {
            assert!(!message.contains("column"), "{r}: {message}");
        }
    }
}

/// The moves an illegal move's hint lists (after `legal: `, or `legal from <square>: `).
fn listed_in_hint(message: &str) -> Vec<String> {
    let Some(at) = message
        .find("legal: ")
        .map(|i| i + "legal: ".len())
        .or_else(|| {
            let from = message.find("legal from ")?;
            Some(from + message[from..].find(": ")? + 2)
        })
    else {
        return Vec::new();
    };
    let list = message[at..].trim_end_matches(')');
    let list = list.split(", ...").next().unwrap_or(list);
    list.split(", ").map(str::to_string).collect()
}

/// The hint of an illegal move writes the legal moves as the ruleset writes them (its
/// move type's `Display`): `c3:e5:g7` in Russian draughts, `g1h2` in Dameo.
#[test]
fn illegal_move_hints_write_moves_in_the_games_notation() {
    use column_checkers::Dameo;
    let pos: RussianDraughts = "c3:w,d4:b,f6:b,h8:b w".parse().unwrap();
    let e = pos.parse_move("a1-b2").unwrap_err().to_string();
    assert!(e.contains("capture is compulsory; legal: c3:e5:g7"), "{e}");
    assert!(!e.contains('x'), "{e}");
    // a capture mark on a step names the step as the ruleset writes it
    let pos: RussianDraughts = "c3:w,h8:b w".parse().unwrap();
    let e = pos.parse_move("c3xd4").unwrap_err().to_string();
    assert!(e.contains("write c3-d4"), "{e}");
    let pos: Dameo = "g1:w,a8:b w".parse().unwrap();
    let e = pos.parse_move("a1-a2").unwrap_err().to_string();
    let listed = listed_in_hint(&e);
    assert!(listed.contains(&"g1h2".to_string()), "{e}");
    assert!(listed.iter().all(|m| !m.contains('-')), "{e}");
    let candidates = match "c1:w,b2:b,d2:b,b4:b,d4:b w"
        .parse::<column_checkers::Lasca>()
        .unwrap()
        .parse_move("c1xc5")
    {
        Err(MoveParseError::Ambiguous { candidates, .. }) => candidates,
        other => panic!("{other:?}"),
    };
    assert_eq!(candidates.len(), 2);
}

/// In every ruleset of the list, the moves an illegal move text's hint lists are
/// legal moves written exactly as `Display` writes them.
#[test]
fn every_rulesets_hints_list_its_own_move_texts() {
    use column_checkers::any::RulesetVisitor;
    use column_checkers::playout::SplitMix64;
    use column_checkers::{Introspect, MoveSquares, Ruleset};
    struct Hints;
    impl RulesetVisitor for Hints {
        type Output = usize;
        fn visit<P: Introspect>(self) -> usize {
            let mut checked = 0;
            let mut moves = MoveList::new();
            for seed in 0..4 {
                let mut rng = SplitMix64::new(seed);
                let mut game = Game::new(P::start());
                for _ in 0..seed * 7 {
                    game.position().legal_moves(&mut moves);
                    if moves.is_empty() || game.outcome().is_some() {
                        break;
                    }
                    game.play(&moves[rng.below(moves.len())]).unwrap();
                }
                let pos = game.position();
                pos.legal_moves(&mut moves);
                let texts: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                // a square no legal move starts from, to a square next to it
                let g = pos.geometry();
                let starts: Vec<_> = moves
                    .iter()
                    .filter_map(|m| m.clicks().first().copied())
                    .collect();
                let Some(from) = g.squares().find(|s| !starts.contains(s)) else {
                    continue;
                };
                let Some(to) = g.squares().find(|&s| s != from) else {
                    continue;
                };
                let text = format!("{}-{}", g.name(from), g.name(to));
                let Err(e) = pos.parse_move(&text) else {
                    panic!("{} {pos}: {text} read as a move", P::NAME);
                };
                for listed in listed_in_hint(&e.to_string()) {
                    assert!(
                        texts.contains(&listed),
                        "{} {pos}: {text}: {e}: {listed} is no legal move's text",
                        P::NAME
                    );
                    checked += 1;
                }
            }
            checked
        }
    }
    let mut checked = 0;
    for &r in Ruleset::ALL {
        checked += r.visit(Hints);
    }
    assert!(checked > 50, "only {checked} listed moves checked");
}
