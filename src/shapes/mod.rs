//! Board shapes shared by several rulesets.

pub mod grid;
