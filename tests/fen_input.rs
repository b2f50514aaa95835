//! PDN FEN wherever a draughts position is read: the position types' `FromStr` takes
//! either the crate's position text or FEN, and a text that fits neither form says
//! which two forms are accepted.

use column_checkers::any::{Ruleset, RulesetVisitor};
use column_checkers::error::PositionErrorKind;
use column_checkers::text::fen_of;
use column_checkers::{
    BrazilianDraughts, InternationalDraughts, Introspect, Lasca, MoveList, Position,
    RussianDraughts,
};
use proptest::prelude::*;

#[test]
fn the_start_positions_read_from_fen() {
    assert_eq!(
        "W:W31-50:B1-20".parse::<InternationalDraughts>().unwrap(),
        InternationalDraughts::start()
    );
    assert_eq!(
        "W:W21-32:B1-12".parse::<RussianDraughts>().unwrap(),
        RussianDraughts::start()
    );
    assert_eq!(
        "W:W21-32:B1-12".parse::<BrazilianDraughts>().unwrap(),
        BrazilianDraughts::start()
    );
    // algebraic squares, a final full stop, spaces around the text
    let p: RussianDraughts = " B:Wa1,Kc3:Bh8. ".parse().unwrap();
    assert_eq!(p, "a1:w,c3:W,h8:b b".parse().unwrap());
}

#[test]
fn fen_and_position_text_say_the_same_position() {
    let fen: InternationalDraughts = "B:W28,K3:B23".parse().unwrap();
    let text: InternationalDraughts = "3:W,23:b,28:w b".parse().unwrap();
    assert_eq!(fen, text);
    assert_eq!(fen.zobrist(), text.zobrist());
    assert_eq!(fen_of(&fen).unwrap(), "B:WK3,28:B23");
}

#[test]
fn fen_errors_name_what_was_typed() {
    let e = "W:W31-50:B1-20,51"
        .parse::<InternationalDraughts>()
        .unwrap_err();
    assert_eq!(e.kind, PositionErrorKind::UnknownSquare("51".into()));
    assert_eq!(e.near(), Some("51"));
    let e = "W:W31-50:X1-20"
        .parse::<InternationalDraughts>()
        .unwrap_err();
    assert_eq!(e.kind, PositionErrorKind::FenColor("X1-20".into()));
    let e = "W:W40-31:B1-20"
        .parse::<InternationalDraughts>()
        .unwrap_err();
    assert!(matches!(e.kind, PositionErrorKind::FenRange(_)), "{e}");
    let e = "W:W31-50:B31".parse::<InternationalDraughts>().unwrap_err();
    assert!(
        matches!(e.kind, PositionErrorKind::DuplicateSquare(_)),
        "{e}"
    );
    // a man on a square the game does not allow: Russian men do not stand on the far row
    let e = "W:W1:B32".parse::<RussianDraughts>().unwrap_err();
    assert!(e.to_string().contains("W:W1:B32"), "{e}");
}

#[test]
fn a_text_of_neither_form_names_both() {
    for text in ["X:W31-50:B1-20", "W31-50", "hello", ":W1"] {
        let e = text.parse::<InternationalDraughts>().unwrap_err();
        let PositionErrorKind::NeitherForm { text: t, fen, .. } = &e.kind else {
            panic!("{text:?}: {e}");
        };
        assert_eq!((t.as_str(), fen.as_str()), ("31:w,20:b w", "W:W31:B20"));
        // both examples read, and say the same position
        let a: InternationalDraughts = t.parse().unwrap();
        let b: InternationalDraughts = fen.parse().unwrap();
        assert_eq!(a, b);
        assert!(e.to_string().contains("PDN FEN"), "{e}");
        assert_eq!(e.near().map(|n| text.starts_with(n)), Some(true));
    }
    // a position text that goes wrong later keeps its own error
    let e = "31:w,20:q w".parse::<InternationalDraughts>().unwrap_err();
    assert_eq!(e.kind, PositionErrorKind::BadMan('q'));
}

#[test]
fn lasca_reads_fen_too() {
    // FEN says a board of one man per square: Lasca's start is one
    let start = Lasca::start();
    let fen = fen_of(&start).unwrap();
    assert_eq!(fen.parse::<Lasca>().unwrap(), start);
}

/// Every ruleset chosen by name reads its start from its own FEN when FEN can say it.
#[test]
fn every_ruleset_reads_the_fen_it_writes() {
    struct V;
    impl RulesetVisitor for V {
        type Output = Option<String>;
        fn visit<P: Introspect>(self) -> Option<String> {
            let start = P::start();
            let fen = fen_of(&start)?;
            let read = column_checkers::text::position_from_fen::<P>(&fen);
            assert_eq!(read.map(|(p, _)| p), Ok(start), "{}: {fen}", P::NAME);
            // the position type's own reader takes it as well
            assert_eq!(fen.parse::<P>().ok(), Some(P::start()), "{}", P::NAME);
            Some(fen)
        }
    }
    let mut said = Vec::new();
    for ruleset in Ruleset::ALL {
        if ruleset.visit(V).is_some() {
            said.push(ruleset.name());
        }
    }
    // the games of one piece per square at the start; not Emergo's (men in hand, even
    // none: its text says how many), nor Epaminondas' (a text of rows)
    for name in [
        "international",
        "russian",
        "brazilian",
        "lasca",
        "bashni",
        "dameo",
    ] {
        assert!(said.contains(&name), "{name}: {said:?}");
    }
    for name in ["emergo", "hexemergo", "hexemergo-setup"] {
        assert!(!said.contains(&name), "{name}: {said:?}");
    }
}

proptest! {
    /// Along random games, every international position reads back from its FEN.
    #[test]
    fn positions_read_back_from_their_fen(seed in any::<u64>(), plies in 0usize..80) {
        let mut pos = InternationalDraughts::start();
        let mut rng = seed | 1;
        for _ in 0..plies {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let mv = moves[(rng % moves.len() as u64) as usize];
            pos.play(&mv).unwrap();
            let fen = fen_of(&pos).unwrap();
            prop_assert_eq!(fen.parse::<InternationalDraughts>().unwrap(), pos.clone());
        }
    }
}
