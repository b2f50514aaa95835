//! The retrograde solver against a plain search, its tables' properties, and the table
//! files (feature `solver`).
#![cfg(feature = "solver")]

use column_checkers::solver::emergo::{outcome_value, OneOnOne, TwoOnOne, TwoOnOneParts};
use column_checkers::solver::retrograde::{self, Options};
use column_checkers::solver::table::{crc32, BitVec, Distances};
use column_checkers::solver::table::{Table, TableError};
use column_checkers::solver::{PositionClass, Successor, Value};
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
    retrograde::solve(class, &Options::default())
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
        BitVec::repeat(false, n),
        BitVec::repeat(false, n),
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
    let one = retrograde::solve(&Jumps, &Options::default());
    let done = std::sync::atomic::AtomicU64::new(0);
    let progress = |p| {
        if let retrograde::Progress::Successors { done: d, .. } = p {
            done.fetch_max(d, std::sync::atomic::Ordering::Relaxed);
        }
    };
    let three = retrograde::solve(
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
    use column_checkers::games::checkers::CheckersPosition;
    use column_checkers::games::draughts::{BrazilianRules, InternationalRules, RussianRules};
    use column_checkers::solver::draughts::{Database, DraughtsRules, Material};
    use column_checkers::solver::retrograde;
    use column_checkers::solver::wld::{self, Predecessors, Wld};
    use column_checkers::solver::{PositionClass, Successor};
    use column_checkers::{Color, MoveList, Position};
    use std::collections::HashMap;

    /// Over every position of every group of up to `pieces` pieces: the predecessors
    /// the class lists are exactly the positions with a move into the position (and
    /// maybe positions without any move into the class); and the lean solver agrees
    /// with the full one.
    fn check_classes<R: DraughtsRules>(pieces: u32) {
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
            let full = retrograde::solve(&class, &retrograde::Options::default());
            let (lean, stats) = wld::solve(&class, &wld::Options::default());
            assert_eq!(stats.numbers, n as u64);
            for i in 0..n as u64 {
                if class.is_position(i) {
                    assert_eq!(lean.get(i), Some(Wld::of(full.value(i))), "{i}");
                } else {
                    assert_eq!(lean.get(i), None);
                }
            }
            drop(class);
            db.solve(&group, &wld::Options::default());
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
    fn russian_predecessors_and_solvers_agree() {
        check_classes::<RussianRules>(3);
    }

    #[test]
    fn brazilian_predecessors_and_solvers_agree() {
        check_classes::<BrazilianRules>(3);
    }

    #[test]
    fn international_predecessors_and_solvers_agree() {
        check_classes::<InternationalRules>(2);
    }
}
