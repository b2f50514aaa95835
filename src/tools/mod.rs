//! Tools at the edge of the engine: choosing a ruleset by name at run time
//! ([`registry`]) and a game of any ruleset behind one type ([`any_game`]), a game
//! played one click at a time for learning environments ([`batch`]), random playouts
//! ([`playout`], [`rng`]) and the `minimax` crate adapter (feature `minimax`). The
//! public paths of these are the crate's modules [`any`](crate::any) and
//! [`playout`](crate::playout).

pub(crate) mod action_game;
pub(crate) mod any_game;
pub(crate) mod batch;
#[cfg(feature = "minimax")]
#[cfg_attr(docsrs, doc(cfg(feature = "minimax")))]
pub(crate) mod minimax;
pub(crate) mod playout;
pub(crate) mod registry;
pub(crate) mod rng;
