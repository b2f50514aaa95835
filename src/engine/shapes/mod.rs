//! Board shapes that are not tied to one ruleset's module.
//!
//! Each shape is a zero-sized type implementing [`Board`](crate::custom::Board); rulesets that
//! are generic over their board (such as [`EmergoPosition`](crate::games::EmergoPosition)) can
//! be played on it.

pub mod dark;
pub mod grid;
pub mod hex;
