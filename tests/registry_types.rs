//! The one list of rulesets: every entry dispatches to a named position type of the
//! crate root, its name is that type's `NAME`, and the tables of rulesets in the README
//! and the crate's documentation are the ones the list makes.

use column_checkers::any::{dispatch, RegistryError, Ruleset, RulesetVisitor};
use column_checkers::custom::Terms;
use column_checkers::games::{LascaRepetition, LascaRoundabout, LascaRoundaboutRepetition};
use column_checkers::playout::SplitMix64;
use column_checkers::{for_each_ruleset, Lasca};
use column_checkers::{MoveList, Position};
use std::any::TypeId;

/// What a visitor sees of the ruleset it runs on.
struct Seen;
impl RulesetVisitor for Seen {
    type Output = (TypeId, &'static str, Option<Ruleset>);
    fn visit<P: Position>(self) -> Self::Output {
        (TypeId::of::<P>(), P::NAME, Ruleset::of::<P>())
    }
}

#[test]
fn every_ruleset_visits_its_own_position_type() {
    let mut types = Vec::new();
    for &r in Ruleset::ALL {
        let (id, name, back) = r.visit(Seen);
        assert_eq!(name, r.name(), "{r}");
        assert_eq!(back, Some(r), "{r}");
        assert!(!types.contains(&id), "{r}: a type of two rulesets");
        types.push(id);
        // by name and options, as a command line gives them, and as text
        let options: Vec<String> = r.options().iter().map(|o| o.to_string()).collect();
        assert_eq!(
            dispatch(r.name(), &options, Seen).map(|s| s.0),
            Ok(id),
            "{r}"
        );
        assert_eq!(r.to_string().parse::<Ruleset>(), Ok(r));
        let shouted = format!("{} {}", r.name().to_uppercase(), r.options().join(" "));
        assert_eq!(shouted.parse::<Ruleset>(), Ok(r), "{shouted}");
    }
    assert_eq!(types.len(), Ruleset::ALL.len());
}

/// The rulesets as `for_each_ruleset!` hands them to a macro: each variant with the
/// `Ruleset` it names, the name of its position type and the type's `Ruleset::of`.
macro_rules! listed {
    ({ $first:literal } $($variant:ident: $position:ty,)+) => {
        vec![$((
            $first,
            Ruleset::$variant,
            stringify!($variant),
            Ruleset::of::<$position>(),
        ),)+]
    };
}

#[test]
fn for_each_ruleset_hands_over_the_list_in_its_order() {
    let listed = for_each_ruleset!(listed { "first" });
    assert_eq!(listed.len(), Ruleset::ALL.len());
    for (&r, (first, variant, name, of)) in Ruleset::ALL.iter().zip(listed) {
        assert_eq!(first, "first");
        assert_eq!(variant, r);
        assert_eq!(name, r.position_type());
        assert_eq!(of, Some(r));
    }
}

#[test]
fn every_option_set_of_a_name_shares_its_about_and_options() {
    for &r in Ruleset::ALL {
        let base = Ruleset::from_name(r.name(), &[]).unwrap();
        assert_eq!(base.options(), &[] as &[&str]);
        assert_eq!(r.about(), base.about());
        assert_eq!(r.option_help(), base.option_help());
        for o in r.options() {
            assert!(base.option_help().iter().any(|(n, _)| n == o), "{r}: {o}");
        }
    }
    assert!(matches!(
        Ruleset::from_name("lasca", &["--russian-code"]),
        Err(RegistryError::UnknownOption {
            ruleset: "lasca",
            ..
        })
    ));
    assert!(matches!(
        Ruleset::from_name("chess", &[]),
        Err(RegistryError::UnknownRuleset { .. })
    ));
}

#[test]
fn lasca_repetition_draws_by_repetition() {
    assert!(!Lasca::start().repetition_draws());
    assert!(LascaRepetition::start().repetition_draws());
    assert!(LascaRoundaboutRepetition::start().repetition_draws());
    assert!(!LascaRoundabout::start().repetition_draws());
}

/// The words of a ruleset's messages: columns in the games whose men stack into
/// columns, pieces in the others. Whether they stack is seen in random games from the
/// start (a capture that makes a prisoner builds a column; Emergo's and HexEmergo's
/// first captures come early).
#[test]
fn every_ruleset_has_its_terms() {
    struct Stacks;
    impl RulesetVisitor for Stacks {
        type Output = (Terms, bool);
        fn visit<P: Position>(self) -> (Terms, bool) {
            let mut moves = MoveList::new();
            for seed in 0..8 {
                let mut rng = SplitMix64::new(seed);
                let mut pos = P::start();
                for _ in 0..200 {
                    let view = pos.board_view().expect("a board view");
                    if view.occupied().any(|(_, s)| s.height() > 1) {
                        return (P::TERMS, true);
                    }
                    pos.legal_moves(&mut moves);
                    if moves.is_empty() || pos.outcome().is_some() {
                        break;
                    }
                    pos.play_unchecked(&moves[rng.below(moves.len())]);
                }
            }
            (P::TERMS, false)
        }
    }
    let mut both = [false; 2];
    for &r in Ruleset::ALL {
        let (terms, stacks) = r.visit(Stacks);
        let want = if stacks {
            Terms::Columns
        } else {
            Terms::Pieces
        };
        assert_eq!(terms, want, "{r}");
        both[stacks as usize] = true;
    }
    assert_eq!(both, [true, true], "the list has games of both kinds");
}

/// The text between `<!-- rulesets -->` and `<!-- /rulesets -->` in `text`.
fn between_markers(text: &str) -> Option<&str> {
    let start = text.find("<!-- rulesets -->\n")? + "<!-- rulesets -->\n".len();
    let end = start + text[start..].find("<!-- /rulesets -->")?;
    Some(&text[start..end])
}

/// The README's table of rulesets and the one the crate's documentation includes
/// (`src/tools/rulesets.md`, [`Ruleset`]'s) are the list's
/// ([`Ruleset::markdown_table`]). `UPDATE_RULESETS_TABLE=1 cargo test --test
/// registry_types` writes them.
#[test]
fn the_tables_of_rulesets_are_the_lists() {
    let root = env!("CARGO_MANIFEST_DIR");
    let table = Ruleset::markdown_table();
    let update = std::env::var_os("UPDATE_RULESETS_TABLE").is_some();
    let docs = format!("{root}/src/tools/rulesets.md");
    if update {
        std::fs::write(&docs, &table).unwrap();
    }
    assert_eq!(
        std::fs::read_to_string(&docs).unwrap(),
        table,
        "src/tools/rulesets.md: run UPDATE_RULESETS_TABLE=1 cargo test --test registry_types"
    );
    let readme_path = format!("{root}/README.md");
    let mut readme = std::fs::read_to_string(&readme_path).unwrap();
    let old = between_markers(&readme)
        .expect("README.md has the markers <!-- rulesets --> and <!-- /rulesets -->")
        .to_string();
    if update && old != table {
        readme = readme.replacen(
            &format!("<!-- rulesets -->\n{old}"),
            &format!("<!-- rulesets -->\n{table}"),
            1,
        );
        std::fs::write(&readme_path, &readme).unwrap();
    }
    assert_eq!(
        between_markers(&readme),
        Some(table.as_str()),
        "README.md: run UPDATE_RULESETS_TABLE=1 cargo test --test registry_types"
    );
    // the crate's front page points to the table instead of repeating it
    let lib = std::fs::read_to_string(format!("{root}/src/lib.rs")).unwrap();
    assert!(lib.contains("[`Ruleset`]"));
    for &r in Ruleset::ALL {
        assert!(!lib.contains(&format!("| `{}`", r.name())), "{r} in lib.rs");
    }
}
