//! Unit tests of the search (player/src/search.rs), beside it so that
//! `cargo mutants --file player/src/search.rs -- --lib` runs them.

use column_checkers::{InternationalDraughts, Position};

use super::*;

#[test]
fn a_search_to_a_depth_plays_a_legal_move() {
    let mut player = Player::<InternationalDraughts>::new(1);
    let pos = InternationalDraughts::start();
    let found = player.search(&pos, &[], Limits::depth(4), &mut |_| {});
    assert_eq!(found.depth, 4);
    assert!(pos.is_legal(&found.best.unwrap()));
}
