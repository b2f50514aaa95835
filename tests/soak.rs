//! A small soak run of every ruleset of the registry: seeded random games with every
//! invariant check on every move (the `soak` example runs the same code at scale).

use column_checkers::tools::registry::{dispatch, RULESETS};
use column_checkers::tools::soak::{game_seed, Replay, Soak, SoakConfig};

/// Games per ruleset: small enough for a debug-mode `cargo test`.
const GAMES: u64 = 40;

#[test]
fn soak_every_ruleset() {
    for info in RULESETS {
        let config = SoakConfig {
            games: GAMES,
            seed: 2026,
            max_plies: 200,
        };
        let stats = dispatch(info.name, &[], Soak(config))
            .expect("registered")
            .unwrap_or_else(|f| panic!("{f}\nmoves: {}", f.moves.join(" ")));
        assert_eq!(stats.games, GAMES, "{}", info.name);
        assert_eq!(stats.ruleset, info.name);
        assert!(stats.plies > GAMES, "{}: games too short", info.name);
    }
}

#[test]
fn replay_is_deterministic() {
    for info in RULESETS {
        let replay = Replay {
            seed: game_seed(7, 3),
            max_plies: 60,
        };
        let a = dispatch(info.name, &[], replay).unwrap().unwrap();
        let b = dispatch(info.name, &[], replay).unwrap().unwrap();
        assert_eq!(a, b, "{}", info.name);
    }
}
