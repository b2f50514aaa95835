//! A small soak run of every ruleset of the crate: seeded random games with every
//! invariant check on every move (the `soak` example runs the same code at scale).

use column_checkers::Ruleset;
use column_checkers_testkit::soak::{game_seed, Replay, Soak, SoakConfig};
use column_checkers_testkit::visit;

/// Every ruleset of the crate, each option set on its own.
fn soak_all(games: u64, max_plies: usize) {
    for &r in Ruleset::ALL {
        let config = SoakConfig {
            games,
            seed: 2026,
            max_plies,
        };
        let stats =
            visit(r, Soak(config)).unwrap_or_else(|f| panic!("{f}\nmoves: {}", f.moves.join(" ")));
        assert_eq!(stats.games, games, "{r}");
        assert_eq!(stats.ruleset, r.name());
        assert!(stats.plies > games, "{r}: games too short");
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
    for r in Ruleset::ALL {
        let replay = Replay {
            seed: game_seed(7, 3),
            max_plies: 40,
        };
        let a = visit(*r, replay).unwrap();
        let b = visit(*r, replay).unwrap();
        assert_eq!(a, b, "{r}");
    }
}
