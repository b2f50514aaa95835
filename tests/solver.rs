//! The retrograde solver against a plain search, its tables' properties, and the table
//! files (feature `solver`).
#![cfg(feature = "solver")]

use column_checkers::solver;
use column_checkers::solver::{
    crc32, outcome_value, Bits, Distances, OneOnOne, Options, PositionClass, Progress, Successor,
    Table, TableError, TwoOnOne, TwoOnOneParts, Value,
};
use column_checkers::{MoveList, Position};
use proptest::prelude::*;
use std::collections::HashMap;

/// A game given as a graph: each node's successors, and the value of nodes without
/// moves.
#[derive(Clone, Debug)]
struct Graph {
    succ: Vec<Vec<Successor>>,
    end: Vec<Value>,
}

impl PositionClass for Graph {
    fn name(&self) -> String {
        "graph".into()
    }
    fn size(&self) -> u64 {
        self.succ.len() as u64
    }
    fn successors(&self, index: u64, out: &mut Vec<Successor>) -> Option<Value> {
        let s = &self.succ[index as usize];
        if s.is_empty() {
            return Some(self.end[index as usize]);
        }
        out.extend_from_slice(s);
        None
    }
}

/// The value of every position by plain depth-first search with memoisation: the
/// value within a horizon of `k` plies (`None`: not decided within it), for growing
/// horizons until nothing changes. Independent of the retrograde solver.
fn search_all(class: &impl PositionClass) -> Vec<Value> {
    let n = class.size() as usize;
    let mut succ = Vec::with_capacity(n);
    let mut end = Vec::with_capacity(n);
    for i in 0..n as u64 {
        let mut out = Vec::new();
        end.push(class.successors(i, &mut out));
        succ.push(out);
    }
    fn search(
        i: usize,
        k: u32,
        succ: &[Vec<Successor>],
        end: &[Option<Value>],
        memo: &mut HashMap<(usize, u32), Option<Value>>,
    ) -> Option<Value> {
        if let Some(v) = end[i] {
            return match v {
                Value::Draw => None,
                v => Some(v),
            };
        }
        if k == 0 {
            return None;
        }
        if let Some(&v) = memo.get(&(i, k)) {
            return v;
        }
        let mut best_win: Option<u16> = None;
        let mut all_lose = true;
        let mut longest = 0;
        for s in &succ[i] {
            let v = match *s {
                Successor::Index(c) => search(c as usize, k - 1, succ, end, memo),
                Successor::Known(Value::Draw) => None,
                Successor::Known(v) => {
                    // known values count within the horizon only when they are short
                    // enough, as any other
                    let d = match v {
                        Value::Win(d) | Value::Loss(d) => d,
                        Value::Draw => unreachable!(),
                    };
                    (d < k as u16).then_some(v)
                }
            };
            match v {
                Some(Value::Loss(d)) => best_win = Some(best_win.map_or(d + 1, |b| b.min(d + 1))),
                Some(Value::Win(d)) => longest = longest.max(d + 1),
                _ => all_lose = false,
            }
        }
        let v = match best_win {
            Some(d) => Some(Value::Win(d)),
            None if all_lose => Some(Value::Loss(longest)),
            None => None,
        };
        memo.insert((i, k), v);
        v
    }
    let mut memo = HashMap::new();
    let mut prev: Vec<Option<Value>> = vec![None; n];
    let mut k = 1;
    loop {
        let now: Vec<Option<Value>> = (0..n)
            .map(|i| search(i, k, &succ, &end, &mut memo))
            .collect();
        // known values come from at most 5 plies away: past that, a horizon that
        // changes nothing is the fixed point
        if now == prev && k > 6 {
            break;
        }
        prev = now;
        k += 1;
    }
    prev.into_iter()
        .enumerate()
        .map(|(i, v)| v.or(end[i]).unwrap_or(Value::Draw))
        .collect()
}

fn solve(class: &impl PositionClass) -> Table {
    solver::solve(class, &Options::default())
}

fn arb_graph() -> impl Strategy<Value = Graph> {
    (1usize..30).prop_flat_map(|n| {
        let succ = prop::collection::vec(
            prop::collection::vec(
                prop_oneof![
                    6 => (0..n as u64).prop_map(Successor::Index),
                    1 => (0u16..5).prop_map(|d| Successor::Known(Value::Loss(d))),
                    1 => (0u16..5).prop_map(|d| Successor::Known(Value::Win(d))),
                    1 => Just(Successor::Known(Value::Draw)),
                ],
                0..4,
            ),
            n,
        );
        let end = prop::collection::vec(
            prop_oneof![3 => Just(Value::Loss(0)), 1 => Just(Value::Draw)],
            n,
        );
        (succ, end).prop_map(|(succ, end)| Graph { succ, end })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// On arbitrary game graphs (cycles, draws, known values out of the class), the
    /// retrograde solver and the plain search agree on every node.
    #[test]
    fn retrograde_agrees_with_search_on_graphs(g in arb_graph()) {
        let table = solve(&g);
        let searched = search_all(&g);
        for (i, v) in searched.iter().enumerate() {
            prop_assert_eq!(table.value(i as u64), *v, "node {}", i);
        }
    }
}

#[test]
fn retrograde_agrees_with_search_on_a_small_emergo_class() {
    let class = OneOnOne::with_men(2);
    let table = solve(&class);
    let searched = search_all(&class);
    assert_eq!(searched.len() as u64, class.size());
    for (i, v) in searched.iter().enumerate() {
        assert_eq!(table.value(i as u64), *v, "{}", class.position(i as u64));
    }
}

/// Checks the table of `class` against the ruleset's own moves: a won position has a
/// move to a position lost one ply sooner and none faster; a lost one has only moves
/// to won positions, the slowest one ply sooner; a draw has no move to a lost position
/// and one to a drawn one.
fn check_against_moves(class: &OneOnOne, table: &Table) {
    let mut moves = MoveList::new();
    for i in 0..class.size() {
        let pos = class.position(i);
        let v = table.value(i);
        pos.legal_moves(&mut moves);
        let children: Vec<Value> = moves
            .iter()
            .map(|m| {
                let mut c = pos.clone();
                c.play_unchecked(m);
                class
                    .index(&c)
                    .map(|j| table.value(j))
                    .or_else(|| outcome_value(&c))
                    .expect("the class is closed")
            })
            .collect();
        if children.is_empty() {
            assert_eq!(Some(v), outcome_value(&pos), "{pos}");
            continue;
        }
        match v {
            Value::Win(d) => {
                assert!(children.contains(&Value::Loss(d - 1)), "{pos}: {v}");
                assert!(
                    !children
                        .iter()
                        .any(|c| matches!(c, Value::Loss(e) if *e + 1 < d)),
                    "{pos}: a faster win"
                );
            }
            Value::Loss(d) => {
                assert!(
                    children
                        .iter()
                        .all(|c| matches!(c, Value::Win(e) if *e < d)),
                    "{pos}: {v}"
                );
                assert!(children.contains(&Value::Win(d - 1)), "{pos}: {v}");
            }
            Value::Draw => {
                assert!(
                    !children.iter().any(|c| matches!(c, Value::Loss(_))),
                    "{pos}"
                );
                assert!(children.contains(&Value::Draw), "{pos}");
            }
        }
    }
}

#[test]
fn small_one_on_one_tables_agree_with_the_moves() {
    for men in [1, 3] {
        let class = OneOnOne::with_men(men);
        check_against_moves(&class, &solve(&class));
    }
}

fn temp_file(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("column-checkers-{}-{name}", std::process::id()))
}

#[test]
fn tables_round_trip_through_files_and_corrupt_ones_are_refused() {
    let class = OneOnOne::with_men(2);
    let table = solve(&class);
    let path = temp_file("round-trip.cctb");
    table.save(&path).unwrap();
    let loaded = Table::load(&path, &class.name(), class.size()).unwrap();
    assert_eq!(loaded, table);

    // a wrong class
    let other = OneOnOne::with_men(3);
    let e = Table::load(&path, &other.name(), other.size()).unwrap_err();
    assert!(matches!(e, TableError::WrongClass { .. }), "{e}");

    // one flipped bit in the distances
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.len() - 100;
    bytes[at] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let e = Table::load(&path, &class.name(), class.size()).unwrap_err();
    assert!(matches!(e, TableError::Checksum { .. }), "{e}");
    assert!(e.to_string().contains("corrupt"), "{e}");

    // cut short
    std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
    assert!(Table::load(&path, &class.name(), class.size()).is_err());

    // missing
    std::fs::remove_file(&path).unwrap();
    let e = Table::load(&path, &class.name(), class.size()).unwrap_err();
    assert!(matches!(e, TableError::Io { .. }), "{e}");
    assert!(e.to_string().contains(&path.display().to_string()), "{e}");
}

/// The class of the game: its figures in docs/endgames.md. Some seconds in a debug build,
/// so run by `.ci/run` with `--ignored`.
#[test]
#[ignore]
fn one_on_one_figures() {
    let class = OneOnOne::default();
    let table = solve(&class);
    assert_eq!(table.len(), 472_320);
    assert_eq!(table.counts(), (235_680, 236_640, 0));
    let start: column_checkers::Emergo = "e1:wwwwwwwwwwww,f3:bbbbbbbbbbbb w 0/0".parse().unwrap();
    assert_eq!(table.value(class.index(&start).unwrap()), Value::Win(79));
    // the file's bytes, the same on every target (web/tests/solver.test.mjs checks
    // this checksum of the table solved in WebAssembly)
    let bytes = table.to_bytes();
    assert_eq!(
        (bytes.len(), crc32(&bytes)),
        (ONE_ON_ONE_FILE.0, ONE_ON_ONE_FILE.1)
    );
}

/// The size and CRC-32 of the one-on-one table's file.
const ONE_ON_ONE_FILE: (usize, u32) = (590_449, 0x2144_df1c);

#[test]
fn two_on_one_is_closed_under_moves() {
    // a stand-in one-on-one table (all draws): only the closure is checked here
    let n = OneOnOne::SIZE as usize;
    let draws = Table::from_parts(
        OneOnOne::default().name(),
        Bits::repeat(false, n),
        Bits::repeat(false, n),
        Distances::U8(vec![0; n]),
    );
    let class = TwoOnOne::new(&draws);
    let mut out = Vec::new();
    let mut moves = MoveList::new();
    for i in (0..TwoOnOne::SIZE).step_by(9_973) {
        out.clear();
        let pos = TwoOnOne::position(i);
        let end = class.successors(i, &mut out);
        pos.legal_moves(&mut moves);
        assert_eq!(out.len(), moves.len(), "{pos}");
        assert_eq!(end.is_some(), moves.is_empty(), "{pos}");
        // numbering: the position's number stands for it and its mirror images
        let parts = TwoOnOneParts::of(&pos).unwrap();
        assert_eq!(TwoOnOne::index(&pos), Some(parts.index()));
        assert!(parts.index() <= i);
    }
}

/// A class of 200 000 positions (four chunks of the successor step) whose moves jump
/// about it, with lost ends every 997 positions: built on three threads, the table is
/// the one a single thread builds, and the progress reaches every position.
#[test]
fn threads_build_the_table_one_thread_builds() {
    struct Jumps;
    impl PositionClass for Jumps {
        fn name(&self) -> String {
            "jumps".into()
        }
        fn size(&self) -> u64 {
            200_000
        }
        fn successors(&self, i: u64, out: &mut Vec<Successor>) -> Option<Value> {
            if i % 997 == 0 {
                return Some(Value::Loss(0));
            }
            let n = self.size();
            out.push(Successor::Index((i * 7 + 1) % n));
            out.push(Successor::Index((i * 13 + 5) % n));
            None
        }
    }
    let one = solver::solve(&Jumps, &Options::default());
    let done = std::sync::atomic::AtomicU64::new(0);
    let progress = |p| {
        if let Progress::Expand { done: d, .. } = p {
            done.fetch_max(d, std::sync::atomic::Ordering::Relaxed);
        }
    };
    let three = solver::solve(
        &Jumps,
        &Options {
            threads: 3,
            progress: Some(&progress),
        },
    );
    assert_eq!(done.into_inner(), 200_000);
    let (wins, losses, draws) = one.counts();
    assert!(wins > 0 && losses > 0 && draws > 0, "{:?}", one.counts());
    assert_eq!(three.to_bytes(), one.to_bytes());
}

// ---- the draughts databases ----

mod draughts {
    use column_checkers::custom::CheckersPosition;
    use column_checkers::error::TableError;
    use column_checkers::games::{BrazilianRules, InternationalRules, RussianRules};
    use column_checkers::solver::{
        solve, solve_wld, Database, DraughtsRules, Material, Options, PositionClass, Predecessors,
        RussianDatabase, Successor, Wld,
    };
    use column_checkers::{Color, Introspect, MoveList, Position, RussianDraughts};
    use std::collections::HashMap;

    /// Over every position of every group of up to `pieces` pieces: the predecessors
    /// the class lists are exactly the positions with a move into the position (and
    /// maybe positions without any move into the class); and, with `full`, the lean
    /// solver agrees with the full one.
    fn check_classes<R: DraughtsRules>(pieces: u32, full: bool) {
        let mut db = Database::<R>::new();
        for group in Database::<R>::order(pieces) {
            let class = db.class(&group);
            let n = class.size() as usize;
            let mut into: Vec<Vec<u64>> = vec![Vec::new(); n];
            let mut inside = vec![false; n];
            let mut out = Vec::new();
            for i in 0..n as u64 {
                if !class.is_position(i) {
                    continue;
                }
                out.clear();
                class.successors(i, &mut out);
                for s in &out {
                    if let Successor::Index(t) = *s {
                        into[t as usize].push(i);
                        inside[i as usize] = true;
                    }
                }
            }
            let mut preds = Vec::new();
            for t in 0..n as u64 {
                if !class.is_position(t) {
                    continue;
                }
                preds.clear();
                class.predecessors(t, &mut preds);
                let mut listed: Vec<u64> = preds
                    .iter()
                    .copied()
                    .filter(|&p| inside[p as usize])
                    .collect();
                listed.sort_unstable();
                into[t as usize].sort_unstable();
                assert_eq!(
                    listed,
                    into[t as usize],
                    "{}: the predecessors of {t} ({})",
                    class.name(),
                    class_position::<R>(&db, &group, t)
                );
            }
            if !full {
                drop(class);
                db.solve(&group, &Options::default());
                continue;
            }
            let full = solve(&class, &Options::default());
            let (lean, stats) = solve_wld(&class, &Options::default());
            assert_eq!(stats.numbers, n as u64);
            for i in 0..n as u64 {
                if class.is_position(i) {
                    assert_eq!(lean.get(i), Some(Wld::of(full.value(i))), "{i}");
                } else {
                    assert_eq!(lean.get(i), None);
                }
            }
            drop(class);
            db.solve(&group, &Options::default());
        }
    }

    fn class_position<R: DraughtsRules>(db: &Database<R>, group: &[Material], i: u64) -> String {
        let size = db.slice_size(group[0]);
        let (m, j) = if i < size || group.len() == 1 {
            (group[0], i)
        } else {
            (group[1], i - size)
        };
        db.position(m, j)
            .map_or("no position".into(), |p| p.to_string())
    }

    #[test]
    fn two_piece_predecessors_and_solvers_agree() {
        check_classes::<RussianRules>(2, true);
        check_classes::<BrazilianRules>(2, true);
        check_classes::<InternationalRules>(2, true);
    }

    /// The 3-piece slices; the solvers compared on 8x8 (half a minute in a debug
    /// build).
    #[test]
    #[ignore]
    fn three_piece_predecessors_and_solvers_agree() {
        check_classes::<RussianRules>(3, true);
        check_classes::<BrazilianRules>(3, true);
        check_classes::<InternationalRules>(3, false);
    }

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("column-checkers-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// The CI-sized database: every slice of up to 3 pieces of Russian draughts is
    /// built, saved (packed, the positions with a capture pending left free), read
    /// back, and probed: the files give every position the value the solve gave it,
    /// searching the captures where one is pending.
    #[test]
    fn a_three_piece_database_builds_saves_loads_and_probes() {
        let db = RussianDatabase::build(3, &Options::default());
        assert_eq!(db.slices().count(), 4 + 12);
        let dir = temp_dir("russian-3");
        db.save(&dir).unwrap();
        let loaded = RussianDatabase::load(&dir, 3).unwrap();
        let mut probed = 0;
        for m in db.slices() {
            let t = db.table(m).unwrap();
            assert!(loaded.table(m).is_none(), "read from a file: packed");
            for i in (0..db.slice_size(m)).step_by(3) {
                let Some(p) = db.position(m, i) else { continue };
                assert_eq!(loaded.probe(&p), t.get(i), "{p}");
                assert_eq!(loaded.number(&p), Some((m, i)));
                probed += 1;
            }
        }
        assert!(probed > 60_000, "{probed}");
        // both sides to move, and positions past the database
        let pos: RussianDraughts = "c1:W,e1:W,h8:B b".parse().unwrap();
        assert_eq!(
            loaded.probe(&pos),
            Some(Wld::Draw),
            "the lone king on the main road"
        );
        let pos: RussianDraughts = "c1:W,a7:B w".parse().unwrap();
        assert_eq!(loaded.probe(&pos), Some(Wld::Draw));
        assert_eq!(loaded.probe(&RussianDraughts::start()), None);
        let pos: RussianDraughts = "c1:W,a3:w,b4:b,h8:B w".parse().unwrap();
        assert_eq!(loaded.probe(&pos), None, "4 pieces");
        let over: RussianDraughts = "c1:W b".parse().unwrap();
        assert_eq!(loaded.probe(&over), Some(Wld::Loss));

        // a missing slice file, a corrupt one, another slice's
        let m = Material::new([1, 0], [0, 1]);
        let file = dir.join(RussianDatabase::file_name(m));
        let bytes = std::fs::read(&file).unwrap();
        std::fs::remove_file(&file).unwrap();
        let e = RussianDatabase::load(&dir, 3).unwrap_err();
        assert!(e.to_string().contains(&file.display().to_string()), "{e}");
        let mut bad = bytes.clone();
        let at = bad.len() / 2;
        bad[at] ^= 4;
        std::fs::write(&file, &bad).unwrap();
        let e = RussianDatabase::load(&dir, 3).unwrap_err();
        assert!(matches!(e, TableError::Checksum { .. }), "{e}");
        let other = dir.join(RussianDatabase::file_name(m.mirrored()));
        std::fs::copy(&other, &file).unwrap();
        let e = RussianDatabase::load(&dir, 3).unwrap_err();
        assert!(matches!(e, TableError::WrongClass { .. }), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Every position of 2 pieces, and of 3 pieces of the kinds `three` (0 white man,
    /// 1 white king, 2 black man, 3 black king; they must be closed under moves),
    /// either side to move, written as position texts: independent of the databases'
    /// numbering.
    fn positions<R: DraughtsRules>(three: &[usize]) -> Vec<CheckersPosition<R>> {
        let g = CheckersPosition::<R>::start().geometry();
        let squares: Vec<_> = g.squares().collect();
        let kinds = ["w", "W", "b", "B"];
        let mut out = Vec::new();
        let mut add = |placed: &[(usize, usize)]| {
            if !placed.iter().any(|p| p.1 < 2) || !placed.iter().any(|p| p.1 >= 2) {
                return;
            }
            for &(s, k) in placed {
                let color = if k < 2 { Color::White } else { Color::Black };
                if k % 2 == 0 && g.far_row(color).contains(squares[s]) {
                    return; // a man on its far row
                }
            }
            let text: Vec<String> = placed
                .iter()
                .map(|&(s, k)| format!("{}:{}", g.name(squares[s]), kinds[k]))
                .collect();
            for side in ["w", "b"] {
                out.push(format!("{} {side}", text.join(",")).parse().unwrap());
            }
        };
        let n = squares.len();
        for a in 0..n {
            for b in a + 1..n {
                for ka in 0..4 {
                    for kb in 0..4 {
                        add(&[(a, ka), (b, kb)]);
                        if !(three.contains(&ka) && three.contains(&kb)) {
                            continue;
                        }
                        for c in b + 1..n {
                            for &kc in three {
                                add(&[(a, ka), (b, kb), (c, kc)]);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// The value of every position by value iteration over the ruleset's moves (a
    /// position is won when a move leads to a lost one, lost when every move leads
    /// to a won one or it has none; repeated until nothing changes; the rest are
    /// draws): exhaustive minimax to the end of the game, knowing nothing of the
    /// databases.
    fn plain_values<R: DraughtsRules>(
        all: &[CheckersPosition<R>],
    ) -> HashMap<CheckersPosition<R>, Wld> {
        let at: HashMap<&CheckersPosition<R>, usize> =
            all.iter().enumerate().map(|(i, p)| (p, i)).collect();
        let mut moves = MoveList::new();
        // per position its children; usize::MAX: the side to move there has no piece
        let children: Vec<Vec<usize>> = all
            .iter()
            .map(|p| {
                p.legal_moves(&mut moves);
                moves
                    .iter()
                    .map(|m| {
                        let mut c = p.clone();
                        c.play_unchecked(m);
                        if c.board().owned(c.turn()).is_empty() {
                            usize::MAX
                        } else {
                            *at.get(&c)
                                .unwrap_or_else(|| panic!("{c} is among the positions"))
                        }
                    })
                    .collect()
            })
            .collect();
        let mut value: Vec<Option<Wld>> = vec![None; all.len()];
        loop {
            let mut changed = false;
            for i in 0..all.len() {
                if value[i].is_some() {
                    continue;
                }
                let of = |c: usize| {
                    if c == usize::MAX {
                        Some(Wld::Loss)
                    } else {
                        value[c]
                    }
                };
                let v = if children[i].iter().any(|&c| of(c) == Some(Wld::Loss)) {
                    Some(Wld::Win)
                } else if children[i].iter().all(|&c| of(c) == Some(Wld::Win)) {
                    Some(Wld::Loss)
                } else {
                    None
                };
                if v.is_some() {
                    value[i] = v;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        all.iter()
            .cloned()
            .zip(value.into_iter().map(|v| v.unwrap_or(Wld::Draw)))
            .collect()
    }

    /// Checks the database of up to `pieces` pieces against [`plain_values`] on the
    /// positions [`positions`] gives; answers how many.
    fn agrees_with_plain_search<R: DraughtsRules>(pieces: u32, three: &[usize]) -> usize {
        let db = Database::<R>::build(pieces, &Options::default());
        let all = positions::<R>(three);
        let plain = plain_values(&all);
        for (p, v) in &plain {
            assert_eq!(db.probe(p), Some(*v), "{p}");
        }
        plain.len()
    }

    #[test]
    fn two_piece_databases_agree_with_a_plain_search() {
        assert_eq!(agrees_with_plain_search::<RussianRules>(2, &[]), 2 * 3488);
        assert_eq!(agrees_with_plain_search::<BrazilianRules>(2, &[]), 2 * 3488);
        assert_eq!(
            agrees_with_plain_search::<InternationalRules>(2, &[]),
            2 * 8845
        );
    }

    /// Two kings against a king on 8x8, either side to move.
    #[test]
    fn three_piece_databases_agree_with_a_plain_search() {
        assert_eq!(
            agrees_with_plain_search::<RussianRules>(3, &[1, 3]),
            2 * 3488 + 4 * 32 * 31 / 2 * 30
        );
    }
}

/// Results the draughts literature states, read from the databases.
mod known {
    use column_checkers::custom::CheckersPosition;
    use column_checkers::games::{InternationalRules, RussianRules};
    use column_checkers::solver::{Database, DraughtsRules, Material, Options, Wld};
    use column_checkers::{Color, Introspect, MoveList, Position, SquareSet};

    /// The kings-only slices of up to 3 pieces, and `more` (they lead only to each
    /// other).
    fn kings_only<R: DraughtsRules>(more: &[Material]) -> Database<R> {
        let mut db = Database::<R>::new();
        for g in Database::<R>::order(4) {
            let wanted =
                |m: &Material| m.pieces() < 4 || more.contains(m) || more.contains(&m.mirrored());
            if g.iter().all(|m| m.men == [0, 0] && wanted(m)) {
                db.solve(&g, &Options::default());
            }
        }
        db
    }

    fn capture_pending<R: DraughtsRules>(p: &CheckersPosition<R>) -> bool {
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        moves.first().is_some_and(|m| m.is_capture())
    }

    /// The long diagonal (the main road on 8x8): a1 to the far corner.
    fn long_diagonal<R: DraughtsRules>() -> SquareSet {
        let g = CheckersPosition::<R>::start().geometry();
        g.squares()
            .filter(|&s| {
                let (x, y) = g.coords(s);
                x == y
            })
            .collect()
    }

    /// Where the long diagonal is held.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    enum Diagonal {
        /// By the lone king alone.
        Lone,
        /// By the side with more kings alone.
        Strong,
        /// By nobody, or by both.
        Other,
    }

    /// Wins, losses and draws of slice `m` (kings only, the side to move first) among
    /// the positions without a capture pending, by who holds the long diagonal.
    fn by_diagonal<R: DraughtsRules>(db: &Database<R>, m: Material) -> Vec<(Diagonal, [u64; 3])> {
        let diag = long_diagonal::<R>();
        let t = db.table(m).unwrap();
        let mut out = vec![
            (Diagonal::Lone, [0; 3]),
            (Diagonal::Strong, [0; 3]),
            (Diagonal::Other, [0; 3]),
        ];
        for i in 0..db.slice_size(m) {
            let Some(p) = db.position(m, i) else { continue };
            if capture_pending(&p) {
                continue;
            }
            let (w, b) = (p.board().owned(Color::White), p.board().owned(Color::Black));
            let (lone, strong) = if w.count() < b.count() {
                (w, b)
            } else {
                (b, w)
            };
            let held = match (!(lone & diag).is_empty(), !(strong & diag).is_empty()) {
                (true, false) => Diagonal::Lone,
                (false, true) => Diagonal::Strong,
                _ => Diagonal::Other,
            };
            let k = match t.get(i).unwrap() {
                Wld::Win => 0,
                Wld::Loss => 1,
                Wld::Draw => 2,
            };
            out.iter_mut().find(|e| e.0 == held).unwrap().1[k] += 1;
        }
        out
    }

    const KING: Material = Material::new([0, 0], [1, 1]);
    const TWO_KINGS: Material = Material::new([0, 0], [2, 1]);
    const THREE_KINGS: Material = Material::new([0, 0], [3, 1]);

    /// King against king on 10x10: without a capture at once, a lone king always has a
    /// safe square, but for a king shut in a corner of the long diagonal by the other
    /// on that diagonal. Two kings against one: the lone king on the long diagonal
    /// cannot be caught.
    #[test]
    fn international_king_endings() {
        let db = kings_only::<InternationalRules>(&[]);
        let diag = long_diagonal::<InternationalRules>();
        let t = db.table(KING).unwrap();
        for i in 0..db.slice_size(KING) {
            let p = db.position(KING, i).unwrap();
            let v = t.get(i).unwrap();
            if capture_pending(&p) {
                assert_eq!(v, Wld::Win, "{p}");
            } else if v != Wld::Draw {
                assert_eq!(p.board().occupied() - diag, SquareSet::EMPTY, "{p}: {v}");
            }
        }
        let two = by_diagonal(&db, TWO_KINGS);
        assert_eq!(two[0], (Diagonal::Lone, [0, 0, 6348]), "{two:?}");
        // with the lone king to move, it never loses off a capture but on the diagonal
        let one = by_diagonal(&db, TWO_KINGS.mirrored());
        assert_eq!(one[0].1, [0, 0, 6932], "{one:?}");
    }

    /// Petrov's triangle: on 8x8, three kings beat a king when they hold the main road
    /// (nearly always: some positions give the lone king a way back to it), and draw
    /// when the lone king holds it (but for a few traps). (Some seconds in a debug
    /// build.)
    #[test]
    #[ignore]
    fn russian_three_kings_against_one() {
        let db = kings_only::<RussianRules>(&[THREE_KINGS]);
        let r = by_diagonal(&db, THREE_KINGS);
        let [w, _, d] = r[1].1;
        assert!(w > 70 * d, "the strong side holds the main road: {r:?}");
        let [w, _, d] = r[0].1;
        assert!(d > 20 * w, "the lone king holds the main road: {r:?}");
    }

    /// On 10x10, three kings against one are usually a draw (the FMJD's endgame
    /// course), even with the long diagonal held; with the lone king on it, nearly
    /// always. (Some seconds in a debug build.)
    #[test]
    #[ignore]
    fn international_three_kings_against_one() {
        let db = kings_only::<InternationalRules>(&[THREE_KINGS]);
        let r = by_diagonal(&db, THREE_KINGS);
        let (wins, draws) = r.iter().fold((0, 0), |a, e| (a.0 + e.1[0], a.1 + e.1[2]));
        assert!(draws > 3 * wins, "{r:?}");
        let [w, _, d] = r[0].1;
        assert!(d > 25 * w, "the lone king holds the long diagonal: {r:?}");
    }
}
