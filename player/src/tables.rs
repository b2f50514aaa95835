//! Emergo's endgame tables for the search (feature `solver`): the one-on-one table
//! (built in memory in about a second, or loaded) and the two-on-one table (loaded
//! from the file `examples/endgame.rs` writes), probed by [`Player::with_tables`].
//!
//! ```
//! use column_checkers::{Emergo, Position};
//! use column_checkers_player::tables::one_on_one;
//! use column_checkers_player::{Limits, Player};
//! use std::sync::Arc;
//!
//! let tables = Arc::new(one_on_one());
//! let mut player = Player::<Emergo>::new(1).with_tables(Arc::clone(&tables));
//! // White's cap of 12 against Black's of 12 on the next diagonal: a forced win
//! let pos: Emergo = "e1:wwwwwwwwwwww,f3:bbbbbbbbbbbb w 0/0".parse().unwrap();
//! let found = player.search(&pos, &[], Limits::depth(1), &mut |_| {});
//! let best = tables.moves(&pos).unwrap()[0].1;
//! assert_eq!(best, column_checkers::solver::Value::Win(79));
//! assert_eq!(found.score, column_checkers_player::WIN - 79);
//! ```

use std::any::{Any, TypeId};
use std::path::Path;
use std::sync::Arc;

use column_checkers::solver::emergo::{OneOnOne, Tables, TwoOnOne};
use column_checkers::solver::retrograde::{self, Options};
use column_checkers::solver::table::{Table, TableError};
use column_checkers::solver::{PositionClass, Value};
use column_checkers::{Color, Emergo, MoveSquares, Position};

use crate::{Exact, Player};

/// The one-on-one table, solved in memory (about a second; 472 320 positions).
pub fn one_on_one() -> Tables {
    Tables {
        one_on_one: retrograde::solve(&OneOnOne::default(), &Options::default()),
        two_on_one: None,
    }
}

/// The tables in `dir`, as `examples/endgame.rs --save DIR` writes them: the
/// one-on-one table from its file (solved in memory when the file is missing), the
/// two-on-one table when its file is there.
///
/// # Errors
/// A table file that cannot be read or is not the table it should be
/// ([`TableError`]).
pub fn load(dir: &Path) -> Result<Tables, TableError> {
    let class = OneOnOne::default();
    let file = dir.join(format!("{}.cctb", class.name()));
    let one_on_one = if file.exists() {
        Table::load(&file, &class.name(), class.size())?
    } else {
        one_on_one().one_on_one
    };
    let name = TwoOnOne::new(&one_on_one).name();
    let file = dir.join(format!("{name}.cctb"));
    let two_on_one = if file.exists() {
        Some(Table::load(&file, &name, TwoOnOne::SIZE)?)
    } else {
        None
    };
    Ok(Tables {
        one_on_one,
        two_on_one,
    })
}

/// The value the tables know of `pos`, looked up only for positions that can be in
/// them (nothing in hand, two or three columns): the search asks at every node.
pub fn probe(tables: &Tables, pos: &Emergo) -> Option<Exact> {
    if pos.in_hand(Color::White) != 0 || pos.in_hand(Color::Black) != 0 {
        return None;
    }
    let columns = pos.columns().iter().count();
    let value = match columns {
        2 => tables.one_on_one.value(OneOnOne::default().index(pos)?),
        3 => tables.two_on_one.as_ref()?.value(TwoOnOne::index(pos)?),
        _ => return None,
    };
    Some(match value {
        Value::Win(d) => Exact::Win(d),
        Value::Loss(d) => Exact::Loss(d),
        Value::Draw => Exact::Draw,
    })
}

impl<P> Player<P>
where
    P: Position,
    P::Move: MoveSquares,
{
    /// The same player probing Emergo's endgame `tables` as it searches (see
    /// [`Player::with_probe`]); a player of another ruleset is returned unchanged.
    pub fn with_tables(self, tables: Arc<Tables>) -> Player<P> {
        if TypeId::of::<P>() != TypeId::of::<Emergo>() {
            return self;
        }
        self.with_probe(Arc::new(move |pos: &P| {
            probe(&tables, (pos as &dyn Any).downcast_ref::<Emergo>()?)
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Limits;
    use column_checkers::{Lasca, MoveList, Position};
    use std::sync::OnceLock;

    /// The one-on-one table, solved once for all the tests.
    fn shared() -> Arc<Tables> {
        static TABLES: OnceLock<Arc<Tables>> = OnceLock::new();
        Arc::clone(TABLES.get_or_init(|| Arc::new(one_on_one())))
    }

    #[test]
    fn the_player_with_the_table_plays_its_best_moves_to_the_win() {
        let tables = shared();
        let mut player = Player::<Emergo>::new(1).with_tables(Arc::clone(&tables));
        assert!(player.has_probe());
        // positions of the table: a long win, an equal-caps one and a loss
        let class = OneOnOne::default();
        let mut wins = 0;
        for index in (0..OneOnOne::SIZE).step_by(47_231) {
            let mut pos = class.position(index);
            let value = tables.value(&pos).unwrap();
            let Value::Win(d) = value else {
                continue;
            };
            wins += 1;
            // the winner plays the player's moves, the loser the table's best defence:
            // the game ends in exactly the table's distance
            let mut plies = 0;
            while pos.outcome().is_none() {
                let mv = if plies % 2 == 0 {
                    let found = player.search(&pos, &[], Limits::depth(3), &mut |_| {});
                    let mv = found.best.unwrap();
                    let best = tables.moves(&pos).unwrap()[0].1;
                    let mut child = pos.clone();
                    child.play_unchecked(&mv);
                    assert_eq!(tables.value(&child).unwrap().before(), best, "{pos}");
                    mv
                } else {
                    tables.moves(&pos).unwrap()[0].0
                };
                pos.play_unchecked(&mv);
                plies += 1;
                assert!(plies <= d, "{pos}");
            }
            assert_eq!(plies, d);
            assert_eq!(
                pos.outcome().unwrap().winner(),
                Some(class.position(index).turn())
            );
        }
        assert!(wins >= 3, "{wins} won positions tried");
    }

    #[test]
    fn the_search_scores_table_positions_below_the_root_exactly() {
        // a probe that does not know the root: the search reaches the table at ply 1
        let tables = shared();
        let root: Emergo = "e1:wwwwwwwwwwww,f3:bbbbbbbbbbbb w 0/0".parse().unwrap();
        let (t, r) = (Arc::clone(&tables), root.clone());
        let mut player = Player::<Emergo>::new(1).with_probe(Arc::new(move |p: &Emergo| {
            (*p != r).then(|| probe(&t, p)).flatten()
        }));
        let found = player.search(&root, &[], Limits::depth(2), &mut |_| {});
        assert_eq!(found.score, crate::WIN - 79);
        let mut child = root.clone();
        child.play_unchecked(&found.best.unwrap());
        assert_eq!(tables.value(&child), Some(Value::Loss(78)));
        // without the tables, the same search sees no forced win
        let plain = Player::<Emergo>::new(1).search(&root, &[], Limits::depth(2), &mut |_| {});
        assert!(plain.score < crate::WIN - 1000);
    }

    #[test]
    fn another_ruleset_ignores_the_tables() {
        let player = Player::<Lasca>::new(1).with_tables(shared());
        assert!(!player.has_probe());
        let mut moves = MoveList::new();
        Lasca::start().legal_moves(&mut moves);
        assert!(!moves.is_empty());
    }

    #[test]
    fn tables_are_loaded_from_a_directory() {
        // a saved one-on-one table is read back; no two-on-one file, no such table
        let dir = std::env::temp_dir().join(format!("ccp-tables-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let class = OneOnOne::default();
        let t = shared();
        t.one_on_one
            .save(&dir.join(format!("{}.cctb", class.name())))
            .unwrap();
        let loaded = load(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(loaded.two_on_one.is_none());
        assert_eq!(loaded.one_on_one.len(), OneOnOne::SIZE);
        assert_eq!(loaded.one_on_one.value(12_345), t.one_on_one.value(12_345));
    }
}
