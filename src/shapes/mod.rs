//! Board shapes shared by several rulesets.

pub mod dark;
pub mod grid8;
