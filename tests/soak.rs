//! A small soak run of every ruleset of the registry: seeded random games with every
//! invariant check on every move (the `soak` example runs the same code at scale).

use column_checkers::tools::registry::{dispatch, RULESETS};
use column_checkers::tools::soak::{game_seed, Replay, Soak, SoakConfig};

/// Every ruleset of the registry with each of its options alone and all together.
fn every_option_set() -> Vec<(&'static str, Vec<String>)> {
    let mut sets = Vec::new();
    for info in RULESETS {
        sets.push((info.name, Vec::new()));
        for (option, _) in info.options {
            sets.push((info.name, vec![option.to_string()]));
        }
        if info.options.len() > 1 {
            sets.push((
                info.name,
                info.options.iter().map(|(o, _)| o.to_string()).collect(),
            ));
        }
    }
    sets
}

fn soak_all(games: u64, max_plies: usize) {
    for (name, options) in every_option_set() {
        let config = SoakConfig {
            games,
            seed: 2026,
            max_plies,
        };
        let stats = dispatch(name, &options, Soak(config))
            .expect("registered")
            .unwrap_or_else(|f| panic!("{f}\nmoves: {}", f.moves.join(" ")));
        assert_eq!(stats.games, games, "{name} {options:?}");
        assert_eq!(stats.ruleset, name);
        assert!(stats.plies > games, "{name} {options:?}: games too short");
    }
}

/// A few short games per ruleset and option set: quick in a debug-mode `cargo test`.
#[test]
fn soak_every_ruleset() {
    soak_all(3, 60);
}

/// 40 games of up to 200 plies per ruleset and option set: run by `.ci/run` in release
/// mode (`cargo test --release -- --ignored`); minutes in debug mode.
#[test]
#[ignore = "long: run in release by .ci/run"]
fn soak_every_ruleset_long() {
    soak_all(40, 200);
}

#[test]
fn replay_is_deterministic() {
    for info in RULESETS {
        let replay = Replay {
            seed: game_seed(7, 3),
            max_plies: 40,
        };
        let a = dispatch(info.name, &[], replay).unwrap().unwrap();
        let b = dispatch(info.name, &[], replay).unwrap().unwrap();
        assert_eq!(a, b, "{}", info.name);
    }
}
