//! The rulesets: each module states its game's rules, as its rules texts give them,
//! and plugs a policy, a start position and the game's own state and outcome rules into
//! the [engine](crate::engine). How the crate decides the points those texts leave open,
//! with the sources, is the page [rulings](crate::rulings), one section per ruleset.
//!
//! - [`emergo`]: Emergo and HexEmergo (men in hand, entering, the shadowpiece);
//! - [`checkers`]: the generic position of the checkers-like games, which the following
//!   rulesets plug into with [`CheckersRules`](checkers::CheckersRules):
//!   [`lasca`], [`bashni`], [`dameo`], [`draughts`] (Russian, Brazilian, international)
//!   and [`stapeldammen`];
//! - [`epaminondas`]: Epaminondas and NeoCrossings (phalanxes on a wide board).

pub mod bashni;
pub mod checkers;
pub mod dameo;
pub mod draughts;
pub mod emergo;
pub mod epaminondas;
pub mod lasca;
pub mod stapeldammen;
