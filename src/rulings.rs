// The rulings page: docs/rulings.md, shown as this module's documentation (a page of
// text only; the module has no items).
#![doc = include_str!("../docs/rulings.md")]
