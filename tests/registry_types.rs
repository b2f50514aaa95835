//! Every ruleset and option set the registry offers has a named position type.

use column_checkers::games::draughts::{BrazilianDraughts, InternationalDraughts, RussianDraughts};
use column_checkers::games::stapeldammen::Stapeldammen;
use column_checkers::tools::registry::{dispatch, RulesetVisitor, RULESETS};
use column_checkers::{
    Bashni, BashniRussianCode, Dameo, Emergo, Epaminondas, HexEmergo, HexEmergoSetup, Lasca,
    LascaRepetition, LascaRoundabout, LascaRoundaboutRepetition, NeoCrossings, Position,
};
use std::any::TypeId;

struct TypeOf;
impl RulesetVisitor for TypeOf {
    type Output = TypeId;
    fn visit<P: Position>(self, _: &[String]) -> TypeId {
        TypeId::of::<P>()
    }
}

fn id<P: 'static>() -> TypeId {
    TypeId::of::<P>()
}

#[test]
fn every_registry_choice_is_a_named_type() {
    let named: &[(&str, &[&str], TypeId)] = &[
        ("emergo", &[], id::<Emergo>()),
        ("hexemergo", &[], id::<HexEmergo>()),
        ("hexemergo-setup", &[], id::<HexEmergoSetup>()),
        ("dameo", &[], id::<Dameo>()),
        ("russian", &[], id::<RussianDraughts>()),
        ("international", &[], id::<InternationalDraughts>()),
        ("brazilian", &[], id::<BrazilianDraughts>()),
        ("stapeldammen", &[], id::<Stapeldammen>()),
        ("epaminondas", &[], id::<Epaminondas>()),
        ("neocrossings", &[], id::<NeoCrossings>()),
        ("lasca", &[], id::<Lasca>()),
        ("lasca", &["--roundabout"], id::<LascaRoundabout>()),
        ("lasca", &["--repetition"], id::<LascaRepetition>()),
        (
            "lasca",
            &["--roundabout", "--repetition"],
            id::<LascaRoundaboutRepetition>(),
        ),
        ("bashni", &[], id::<Bashni>()),
        ("bashni", &["--russian-code"], id::<BashniRussianCode>()),
    ];
    for (name, options, want) in named {
        let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
        assert_eq!(
            dispatch(name, &options, TypeOf),
            Ok(*want),
            "{name} {options:?}"
        );
    }
    // and every option of every ruleset is in the list above
    for info in RULESETS {
        for (option, _) in info.options {
            assert!(
                named
                    .iter()
                    .any(|(n, o, _)| *n == info.name && o.contains(option)),
                "{} {option} has no named type here",
                info.name
            );
        }
        assert!(
            named.iter().any(|(n, _, _)| *n == info.name),
            "{}",
            info.name
        );
    }
}

#[test]
fn lasca_repetition_draws_by_repetition() {
    assert!(!Lasca::start().repetition_draws());
    assert!(LascaRepetition::start().repetition_draws());
    assert!(LascaRoundaboutRepetition::start().repetition_draws());
    assert!(!LascaRoundabout::start().repetition_draws());
}
