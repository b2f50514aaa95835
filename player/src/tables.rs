//! The endgame tables the search probes (feature `solver`): Emergo's one-on-one and
//! two-on-one tables, and the win/loss/draw databases of international, Russian and
//! Brazilian draughts, as `examples/endgame.rs --save DIR` writes them.
//!
//! [`Tables`] holds whichever are loaded; [`Player::with_tables`](crate::Player::with_tables)
//! gives the search the probe of its ruleset's (each ruleset says which through
//! [`Evaluate::tables_probe`](crate::eval::Evaluate::tables_probe); a ruleset without
//! tables plays on without a probe). The tables answer what the solver knows; the
//! evaluation that orders a database's wins is handed in by the ruleset's evaluation,
//! so this module sits below it.
//!
//! - **Emergo**: a position of the tables scores exactly, a win by its distance, so the
//!   player plays the shortest win and the longest defence; a root the tables know is
//!   answered by look-up.
//! - **Draughts**: a database knows win, loss or draw, never where a capture is
//!   pending (the probe answers nothing there: the search plays the captures on). A
//!   draw scores 0; a win scores below every win of known distance and above every
//!   evaluation, by the evaluation (so that the search heads for the win's
//!   simplifications: captures, promotions), a loss the other way round. The values are
//!   by the rules of play: the counted draws (the 25-move and 16-move rules) are not in
//!   them (the search still sees those it reaches).
//!
//! ```
//! use column_checkers::solver::{Options, RussianDatabase};
//! use column_checkers::RussianDraughts;
//! use column_checkers_player::tables::Tables;
//! use column_checkers_player::{Limits, Player};
//!
//! // kings only, up to 3 pieces (a fraction of a second)
//! let tables = Tables::default().with_russian(RussianDatabase::build(3, &Options::default()));
//! let mut player = Player::<RussianDraughts>::new(1).with_tables(&tables);
//! assert!(player.has_probe());
//! // two kings against one on the main road: a draw, whatever the player tries
//! let pos: RussianDraughts = "c1:W,e1:W,a1:B w".parse().unwrap();
//! let found = player.search(&pos, &[], Limits::depth(6), &mut |_| {});
//! assert_eq!(found.score, 0);
//! ```

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use column_checkers::custom::CheckersPosition;
use column_checkers::games::{BrazilianRules, InternationalRules, RussianRules};
use column_checkers::solver::{
    solve, BrazilianDatabase, Database, DraughtsRules, InternationalDatabase, OneOnOne, Options,
    PositionClass, RussianDatabase, Table, TableError, TwoOnOne, Value, Wld,
};
use column_checkers::{Color, Emergo, MoveList, Position};

use crate::{Exact, Probe};

/// Emergo's solved tables (the library's): one on one, and two on one when built.
pub use column_checkers::solver::EmergoTables;

/// The endgame tables the player probes, of every ruleset that has some; each `None`
/// (or empty) when not loaded. Cloning shares them.
///
/// ```
/// use column_checkers_player::tables::{one_on_one, Tables};
///
/// let tables = Tables::default().with_emergo(one_on_one());
/// assert_eq!(tables.to_string(), "emergo one on one");
/// assert!(Tables::default().is_empty());
/// ```
#[derive(Clone, Default)]
pub struct Tables {
    /// Emergo's tables.
    pub emergo: Option<Arc<EmergoTables>>,
    /// The database of international draughts.
    pub international: Option<Arc<InternationalDatabase>>,
    /// The database of Russian draughts.
    pub russian: Option<Arc<RussianDatabase>>,
    /// The database of Brazilian draughts.
    pub brazilian: Option<Arc<BrazilianDatabase>>,
}

/// Why the tables could not be loaded.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TablesError {
    /// The directory cannot be read.
    #[error("cannot read the endgame tables' directory {path}: {source}")]
    Directory {
        /// The directory.
        path: String,
        /// The system's error.
        source: std::io::Error,
    },
    /// The directory holds no table of any ruleset.
    #[error("{path} holds no endgame table (the files `examples/endgame.rs --save DIR` writes: emergo-*.cctb, <ruleset>-wld-*.ccwld)")]
    Empty {
        /// The directory.
        path: String,
    },
    /// A table's file is missing (a piece count of a database whose other files are
    /// there), cannot be read, is corrupt or holds another table: the error names it.
    #[error(transparent)]
    Table(#[from] TableError),
}

impl Tables {
    /// The tables whose files are in `dir`, as `examples/endgame.rs --save DIR` writes
    /// them (the files of several rulesets may share the directory):
    ///
    /// - Emergo's, when the one-on-one or the two-on-one table's file is there (the
    ///   one-on-one table solved in memory, about a second, when only the other is);
    /// - each draughts database, every piece count whose slices' files are all there
    ///   ([`Database::load_dir`]).
    ///
    /// Everything found is read into memory (a database takes about the size of its
    /// files).
    ///
    /// # Errors
    /// When `dir` cannot be read or holds no table; when a piece count of a database
    /// misses some of its slices' files, or a file cannot be read, is corrupt or holds
    /// another table ([`TablesError`], naming the file).
    pub fn load(dir: &Path) -> Result<Tables, TablesError> {
        std::fs::read_dir(dir).map_err(|source| TablesError::Directory {
            path: dir.display().to_string(),
            source,
        })?;
        let tables = Tables {
            emergo: load_emergo(dir)?.map(Arc::new),
            international: nonempty(InternationalDatabase::load_dir(dir)?),
            russian: nonempty(RussianDatabase::load_dir(dir)?),
            brazilian: nonempty(BrazilianDatabase::load_dir(dir)?),
        };
        if tables.is_empty() {
            return Err(TablesError::Empty {
                path: dir.display().to_string(),
            });
        }
        Ok(tables)
    }

    /// Whether no table is loaded.
    pub fn is_empty(&self) -> bool {
        self.emergo.is_none()
            && self.international.is_none()
            && self.russian.is_none()
            && self.brazilian.is_none()
    }

    /// The same tables with Emergo's.
    pub fn with_emergo(mut self, tables: EmergoTables) -> Tables {
        self.emergo = Some(Arc::new(tables));
        self
    }

    /// The same tables with the database of international draughts.
    pub fn with_international(mut self, db: InternationalDatabase) -> Tables {
        self.international = Some(Arc::new(db));
        self
    }

    /// The same tables with the database of Russian draughts.
    pub fn with_russian(mut self, db: RussianDatabase) -> Tables {
        self.russian = Some(Arc::new(db));
        self
    }

    /// The same tables with the database of Brazilian draughts.
    pub fn with_brazilian(mut self, db: BrazilianDatabase) -> Tables {
        self.brazilian = Some(Arc::new(db));
        self
    }
}

impl fmt::Display for Tables {
    /// What is loaded: `emergo one on one and two on one, international to 5 pieces`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(t) = &self.emergo {
            let two = if t.two_on_one.is_some() {
                " and two on one"
            } else {
                ""
            };
            parts.push(format!("emergo one on one{two}"));
        }
        let mut db = |name: &str, pieces: Option<u32>| {
            if let Some(n) = pieces {
                parts.push(format!("{name} to {n} pieces"));
            }
        };
        db(
            "international",
            self.international.as_ref().map(|d| d.pieces()),
        );
        db("russian", self.russian.as_ref().map(|d| d.pieces()));
        db("brazilian", self.brazilian.as_ref().map(|d| d.pieces()));
        if parts.is_empty() {
            f.write_str("no tables")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}

impl fmt::Debug for Tables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tables({self})")
    }
}

fn nonempty<R: DraughtsRules>(db: Database<R>) -> Option<Arc<Database<R>>> {
    (db.pieces() > 0).then(|| Arc::new(db))
}

/// The one-on-one table, solved in memory (about a second; 472 320 positions).
pub fn one_on_one() -> EmergoTables {
    EmergoTables {
        one_on_one: solve(&OneOnOne::default(), &Options::default()),
        two_on_one: None,
    }
}

/// Emergo's tables in `dir`: `None` when neither file is there; the one-on-one table
/// solved in memory when only the two-on-one table's file is.
fn load_emergo(dir: &Path) -> Result<Option<EmergoTables>, TableError> {
    let class = OneOnOne::default();
    let one_file = dir.join(format!("{}.cctb", class.name()));
    let name = TwoOnOne::NAME;
    let two_file = dir.join(format!("{name}.cctb"));
    if !one_file.exists() && !two_file.exists() {
        return Ok(None);
    }
    let one_on_one = if one_file.exists() {
        Table::load(&one_file, &class.name(), class.size())?
    } else {
        one_on_one().one_on_one
    };
    let two_on_one = if two_file.exists() {
        Some(Table::load(&two_file, name, TwoOnOne::SIZE)?)
    } else {
        None
    };
    Ok(Some(EmergoTables {
        one_on_one,
        two_on_one,
    }))
}

/// The value Emergo's tables know of `pos`, looked up only for positions that can be
/// in them (nothing in hand, two or three columns): the search asks at every node.
pub fn exact_emergo(tables: &EmergoTables, pos: &Emergo) -> Option<Exact> {
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

/// A database win counts as a win this many plies away, less the evaluation
/// (clamped to [`SPREAD`]), and a loss as a loss this many plies away plus it: past
/// every distance a table knows (under 1 000 plies), so that the search takes a
/// known distance before a database's win, and scores the database's win by the
/// evaluation, above every evaluation.
const KNOWN: i32 = 12_000;
/// The evaluation's share of a database's win or loss: ±100 men.
const SPREAD: i32 = 10_000;

/// The value a draughts database knows of `pos` for the search: `None` where it has
/// more pieces than the database, where the side to move must capture (the search
/// plays the captures on; the database's files do not keep those positions) and where
/// the game is over (the search scores the end itself); else a draw, or a win or loss
/// scored by `evaluation`, the ruleset's evaluation of `pos` (see the
/// [module docs](self)).
///
/// ```
/// use column_checkers::solver::{Options, RussianDatabase};
/// use column_checkers::RussianDraughts;
/// use column_checkers_player::eval::Evaluate;
/// use column_checkers_player::tables::exact_draughts;
/// use column_checkers_player::Exact;
///
/// let db = RussianDatabase::build(3, &Options::default());
/// let evaluation = |p: &RussianDraughts| p.evaluate(RussianDraughts::weights());
/// // the lone king holds the main road: a draw
/// let pos: RussianDraughts = "c1:W,e1:W,a1:B w".parse().unwrap();
/// assert_eq!(exact_draughts(&db, db.pieces(), &pos, evaluation), Some(Exact::Draw));
/// // a capture pending: not probed
/// let pos: RussianDraughts = "c3:W,d4:b,h8:B w".parse().unwrap();
/// assert_eq!(exact_draughts(&db, db.pieces(), &pos, evaluation), None);
/// ```
pub fn exact_draughts<R: DraughtsRules>(
    db: &Database<R>,
    pieces: u32,
    pos: &CheckersPosition<R>,
    evaluation: impl Fn(&CheckersPosition<R>) -> i32,
) -> Option<Exact> {
    let board = pos.board();
    if (board.owned(Color::White) | board.owned(Color::Black)).count() as u32 > pieces {
        return None;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let quiet = matches!(moves.first(), Some(m) if !m.is_capture());
    if !quiet || pos.outcome_among(&moves).is_some() {
        return None;
    }
    let e = evaluation(pos).clamp(-SPREAD, SPREAD);
    Some(match db.probe_quiet(pos)? {
        Wld::Win => Exact::Win((KNOWN - e) as u16),
        Wld::Loss => Exact::Loss((KNOWN + e) as u16),
        Wld::Draw => Exact::Draw,
    })
}

/// The probe of a draughts database (none when it is empty), its wins ordered by
/// `evaluation`.
fn draughts_probe<R: DraughtsRules>(
    db: &Arc<Database<R>>,
    evaluation: fn(&CheckersPosition<R>) -> i32,
) -> Option<Probe<CheckersPosition<R>>> {
    let pieces = db.pieces();
    let db = Arc::clone(db);
    (pieces > 0).then(|| -> Probe<CheckersPosition<R>> {
        Arc::new(move |pos: &CheckersPosition<R>| exact_draughts(&db, pieces, pos, evaluation))
    })
}

/// The probe of Emergo's tables, when loaded (the
/// [`Evaluate::tables_probe`](crate::eval::Evaluate::tables_probe) of [`Emergo`]).
pub(crate) fn emergo_probe(tables: &Tables) -> Option<Probe<Emergo>> {
    let t = Arc::clone(tables.emergo.as_ref()?);
    Some(Arc::new(move |pos: &Emergo| exact_emergo(&t, pos)))
}

/// The rules of the draughts games that have a database in [`Tables`].
pub(crate) trait Served: DraughtsRules {
    /// The ruleset's database in `tables`.
    fn database(tables: &Tables) -> Option<&Arc<Database<Self>>>;
}

impl Served for InternationalRules {
    fn database(tables: &Tables) -> Option<&Arc<Database<Self>>> {
        tables.international.as_ref()
    }
}

impl Served for RussianRules {
    fn database(tables: &Tables) -> Option<&Arc<Database<Self>>> {
        tables.russian.as_ref()
    }
}

impl Served for BrazilianRules {
    fn database(tables: &Tables) -> Option<&Arc<Database<Self>>> {
        tables.brazilian.as_ref()
    }
}

/// The probe of the database of `R` in `tables`, when loaded, its wins ordered by
/// `evaluation` (the [`Evaluate::tables_probe`](crate::eval::Evaluate::tables_probe)
/// of the draughts games).
pub(crate) fn database_probe<R: Served>(
    tables: &Tables,
    evaluation: fn(&CheckersPosition<R>) -> i32,
) -> Option<Probe<CheckersPosition<R>>> {
    draughts_probe(R::database(tables)?, evaluation)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Limits, Player};
    use column_checkers::solver::Material;
    use column_checkers::{
        BrazilianDraughts, InternationalDraughts, Lasca, MoveList, RussianDraughts,
    };
    use std::sync::OnceLock;

    /// The one-on-one table, solved once for all the tests.
    fn shared() -> Tables {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES
            .get_or_init(|| Tables::default().with_emergo(one_on_one()))
            .clone()
    }

    fn emergo(t: &Tables) -> &EmergoTables {
        t.emergo.as_ref().unwrap()
    }

    #[test]
    fn the_player_with_the_table_plays_its_best_moves_to_the_win() {
        let shared = shared();
        let tables = emergo(&shared);
        let mut player = Player::<Emergo>::new(1).with_tables(&shared);
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
        let shared = shared();
        let tables = emergo(&shared);
        let root: Emergo = "e1:wwwwwwwwwwww,f3:bbbbbbbbbbbb w 0/0".parse().unwrap();
        let (t, r) = (Arc::clone(shared.emergo.as_ref().unwrap()), root.clone());
        let mut player = Player::<Emergo>::new(1).with_probe(Arc::new(move |p: &Emergo| {
            (*p != r).then(|| exact_emergo(&t, p)).flatten()
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
        let player = Player::<Lasca>::new(1).with_tables(&shared());
        assert!(!player.has_probe());
        // the draughts games without their databases too
        assert!(!Player::<InternationalDraughts>::new(1)
            .with_tables(&shared())
            .has_probe());
        let mut moves = MoveList::new();
        Lasca::start().legal_moves(&mut moves);
        assert!(!moves.is_empty());
    }

    /// A temporary directory of this test process.
    fn temp_dir(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("ccp-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn tables_are_loaded_from_a_directory() {
        // a saved one-on-one table is read back; no two-on-one file, no such table
        let dir = temp_dir("tables");
        let class = OneOnOne::default();
        let t = shared();
        emergo(&t)
            .one_on_one
            .save(&dir.join(format!("{}.cctb", class.name())))
            .unwrap();
        let loaded = Tables::load(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let e = emergo(&loaded);
        assert!(e.two_on_one.is_none());
        assert!(loaded.international.is_none() && loaded.russian.is_none());
        assert_eq!(e.one_on_one.len(), OneOnOne::SIZE);
        assert_eq!(
            e.one_on_one.value(12_345),
            emergo(&t).one_on_one.value(12_345)
        );
        assert_eq!(loaded.to_string(), "emergo one on one");
    }

    /// A database of `R` of up to `pieces` pieces built here (on 8x8 to 3 pieces, a
    /// fraction of a second optimised, seconds in a test build).
    fn build<R: DraughtsRules>(pieces: u32) -> Database<R> {
        Database::<R>::build(pieces, &Options::default())
    }

    /// The Russian database of up to 3 pieces, built once for all the tests.
    fn russian() -> Database<RussianRules> {
        static DB: OnceLock<Database<RussianRules>> = OnceLock::new();
        DB.get_or_init(|| build(3)).clone()
    }

    /// Every `step`-th quiet position of `db`, given to the player by `with`: the
    /// player's search finds the database's value at the root (a win's score above
    /// every evaluation, a loss's below, a draw 0) and plays a move that keeps it.
    fn the_search_finds_the_databases_values<R: Served + crate::eval::EvaluateRules>(
        db: Database<R>,
        step: u64,
        with: impl FnOnce(Tables, Database<R>) -> Tables,
    ) -> usize {
        let tables = with(Tables::default(), db.clone());
        let mut player = Player::<CheckersPosition<R>>::new(1).with_tables(&tables);
        assert!(player.has_probe());
        let mut checked = 0;
        for m in db.slices().collect::<Vec<Material>>() {
            for i in (0..db.slice_size(m)).step_by(step as usize) {
                let Some(pos) = db.position(m, i) else {
                    continue;
                };
                let mut moves = MoveList::new();
                pos.legal_moves(&mut moves);
                if moves.is_empty() || moves[0].is_capture() || pos.outcome().is_some() {
                    continue;
                }
                let value = db.probe(&pos).unwrap();
                let found = player.search(&pos, &[], Limits::depth(2), &mut |_| {});
                let mv = found.best.unwrap();
                let mut child = pos.clone();
                child.play_unchecked(&mv);
                let after = db.probe(&child).unwrap().before();
                match value {
                    Wld::Win => {
                        assert!(found.score > crate::WIN - 30_000, "{pos}: {}", found.score)
                    }
                    Wld::Loss => {
                        assert!(found.score < -crate::WIN + 30_000, "{pos}: {}", found.score)
                    }
                    Wld::Draw => assert_eq!(found.score, 0, "{pos}"),
                }
                assert_eq!(after, value, "{pos}: {mv}");
                checked += 1;
            }
        }
        checked
    }

    #[test]
    fn the_search_probes_a_three_piece_database_and_finds_its_values() {
        // about a hundred positions of each ruleset's slices (international draughts to
        // 2 pieces only: its 3-piece slices take a test build tens of seconds)
        let n = the_search_finds_the_databases_values(russian(), 797, Tables::with_russian);
        let m = the_search_finds_the_databases_values(
            build::<BrazilianRules>(3),
            797,
            Tables::with_brazilian,
        );
        let k = the_search_finds_the_databases_values(
            build::<InternationalRules>(2),
            61,
            Tables::with_international,
        );
        eprintln!("{n} {m} {k}");
        assert!(n > 60 && m > 60 && k > 40, "{n} {m} {k}");
    }

    #[test]
    fn the_probe_answers_nothing_where_a_capture_is_pending_or_past_the_pieces() {
        let db = russian();
        // a king takes the man in front of it: a capture pending
        let pos: RussianDraughts = "c3:W,d4:b,h8:B w".parse().unwrap();
        assert_eq!(exact_draughts(&db, 3, &pos, |_| 0), None);
        // quiet, won (two kings against a man): a score past every evaluation, short
        // of every known distance
        let pos: RussianDraughts = "a1:W,c1:W,h6:b w".parse().unwrap();
        let score = match exact_draughts(&db, 3, &pos, |_| 0) {
            Some(Exact::Win(d)) => d,
            other => panic!("{other:?}"),
        };
        assert!((2_000..=22_000).contains(&score), "{score}");
        // the loser's side of it: a loss as far
        let pos: RussianDraughts = "a1:W,c1:W,h6:b b".parse().unwrap();
        assert!(matches!(
            exact_draughts(&db, 3, &pos, |_| 0),
            Some(Exact::Loss(2_000..=22_000))
        ));
        // four pieces: past the database
        let pos: RussianDraughts = "a1:W,c1:W,e1:W,h6:b w".parse().unwrap();
        assert_eq!(exact_draughts(&db, 3, &pos, |_| 0), None);
    }

    #[test]
    fn a_database_is_loaded_from_a_directory_and_a_bad_file_named() {
        let dir = temp_dir("databases");
        let db = build::<BrazilianRules>(3);
        db.save(&dir).unwrap();
        let loaded = Tables::load(&dir).unwrap();
        assert_eq!(loaded.to_string(), "brazilian to 3 pieces");
        let pos: BrazilianDraughts = "c1:W,e1:W,a1:B w".parse().unwrap();
        let probe = <BrazilianDraughts as crate::eval::Evaluate>::tables_probe(&loaded).unwrap();
        assert_eq!(probe(&pos), Some(Exact::Draw));
        // a slice's file corrupt: the error names it
        let m = Material::new([0, 0], [2, 1]);
        let file = dir.join(BrazilianDatabase::file_name(m));
        let mut bytes = std::fs::read(&file).unwrap();
        let last = bytes.len() - 6;
        bytes[last] ^= 0x55;
        std::fs::write(&file, &bytes).unwrap();
        let e = Tables::load(&dir).unwrap_err().to_string();
        assert!(e.contains(&*file.to_string_lossy()), "{e}");
        // a slice's file missing: named as well
        std::fs::remove_file(&file).unwrap();
        let e = Tables::load(&dir).unwrap_err().to_string();
        assert!(e.contains(&*file.to_string_lossy()), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
        // nothing there, or no directory: named
        let empty = temp_dir("empty");
        let e = Tables::load(&empty).unwrap_err().to_string();
        assert!(
            e.contains(&*empty.to_string_lossy()) && e.contains("no endgame table"),
            "{e}"
        );
        std::fs::remove_dir_all(&empty).unwrap();
        let e = Tables::load(&empty).unwrap_err().to_string();
        assert!(e.contains(&*empty.to_string_lossy()), "{e}");
    }
}
