//! Tools at the edge of the engine: choosing a ruleset by name at run time
//! ([`registry`]) and a game of any ruleset behind one type ([`any_game`]), a game played one click at a time
//! for learning environments ([`batch`]), random playouts ([`playout`], [`rng`]), the `minimax` crate adapter
//! (feature `minimax`), and, behind the feature `testing`, the test rig the crate's own
//! tests, fuzzers and soak runs use (`invariants`, `soak`, `harness`).

pub mod action_game;
pub mod any_game;
pub mod batch;
#[cfg(feature = "minimax")]
#[cfg_attr(docsrs, doc(cfg(feature = "minimax")))]
pub mod minimax;
pub mod playout;
pub mod registry;
pub mod rng;

#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub mod harness;
#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub mod invariants;
#[cfg(feature = "testing")]
#[cfg_attr(docsrs, doc(cfg(feature = "testing")))]
pub mod soak;
