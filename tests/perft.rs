//! Perft of every ruleset with a data file in `tests/data/perft/` against its counts,
//! with bulk counting and without (every move of every ply played).
//!
//! A file holds many positions of one ruleset: a `ruleset NAME [OPTIONS]` line (the
//! registry's name and options), then entries of an `id` line, a `position` line (the
//! ruleset's position text) and `perft DEPTH NODES` lines, one entry after another;
//! `#` starts a comment. The entry `start` is the start position.
//!
//! `cargo test` checks the counts of at most [`QUICK`] nodes (a debug build is slow);
//! `cargo test --release --test perft -- --ignored` the rest up to `PERFT_MAX_NODES`
//! nodes (default [`DEEP`]).

use column_checkers::any::{Ruleset, RulesetVisitor};
use column_checkers::custom::perft_without_bulk;
use column_checkers::{perft, Introspect};
use std::collections::BTreeSet;

/// Node budget per count of the default (debug) run.
const QUICK: u64 = 100_000;
/// Default node budget per count of the ignored run.
const DEEP: u64 = 60_000_000;

/// One position and its counts.
#[derive(Debug)]
struct Entry {
    id: String,
    position: String,
    counts: Vec<(u32, u64)>,
}

/// A data file: the ruleset's name and options, and its positions.
#[derive(Debug)]
struct DataFile {
    ruleset: Vec<String>,
    entries: Vec<Entry>,
}

/// Reads a data file; a malformed line panics with its file and line number.
fn read(file: &str, text: &str) -> DataFile {
    let mut ruleset = None;
    let mut entries: Vec<Entry> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = || format!("{file}:{}", i + 1);
        let line = line.split('#').next().unwrap_or("").trim();
        let Some((key, rest)) = line.split_once(' ') else {
            assert!(line.is_empty(), "{}: `KEY VALUE` expected", at());
            continue;
        };
        let rest = rest.trim();
        match key {
            "ruleset" => {
                assert!(ruleset.is_none(), "{}: a second `ruleset` line", at());
                ruleset = Some(rest.split_whitespace().map(String::from).collect());
            }
            "id" => entries.push(Entry {
                id: rest.to_string(),
                position: String::new(),
                counts: Vec::new(),
            }),
            "position" | "perft" => {
                let entry = entries
                    .last_mut()
                    .unwrap_or_else(|| panic!("{}: `{key}` before any `id`", at()));
                if key == "position" {
                    assert!(entry.position.is_empty(), "{}: a second position", at());
                    entry.position = rest.to_string();
                } else {
                    let (d, n) = rest
                        .split_once(' ')
                        .unwrap_or_else(|| panic!("{}: `perft DEPTH NODES`", at()));
                    let d = d.parse().unwrap_or_else(|e| panic!("{}: depth: {e}", at()));
                    let n = n.trim().parse();
                    let n = n.unwrap_or_else(|e| panic!("{}: nodes: {e}", at()));
                    entry.counts.push((d, n));
                }
            }
            _ => panic!("{}: unknown key `{key}`", at()),
        }
    }
    DataFile {
        ruleset: ruleset.unwrap_or_else(|| panic!("{file}: no `ruleset` line")),
        entries,
    }
}

/// Checks the counts of `entries` within `(min_nodes, max_nodes]`; returns the failures.
struct Check<'a> {
    entries: &'a [Entry],
    min_nodes: u64,
    max_nodes: u64,
}

impl RulesetVisitor for Check<'_> {
    type Output = Vec<String>;
    fn visit<P: Introspect>(self) -> Vec<String> {
        let mut failures = Vec::new();
        for e in self.entries {
            let pos: P = e
                .position
                .parse()
                .unwrap_or_else(|err| panic!("{}: {:?}: {err}", e.id, e.position));
            if e.id == "start" && pos != P::start() {
                failures.push(format!("{}: `start` is not the start position", P::NAME));
            }
            for &(d, n) in &e.counts {
                if n <= self.min_nodes || n > self.max_nodes {
                    continue;
                }
                let bulk = perft(&pos, d);
                if bulk != n {
                    failures.push(format!(
                        "{} {} perft {d}: {bulk}, expected {n}",
                        P::NAME,
                        e.id
                    ));
                }
                let played = perft_without_bulk(&pos, d);
                if played != n {
                    failures.push(format!(
                        "{} {} perft {d} without bulk: {played}, expected {n}",
                        P::NAME,
                        e.id
                    ));
                }
            }
        }
        failures
    }
}

macro_rules! data_files {
    ($($quick:ident, $deep:ident, $file:literal;)*) => {
        /// Every data file, by name, with its text.
        const FILES: &[(&str, &str)] = &[
            $(($file, include_str!(concat!("data/perft/", $file, ".perft"))),)*
        ];

        $(
            #[test]
            fn $quick() {
                check($file, 0, QUICK);
            }

            #[test]
            #[ignore = "heavy: run with `cargo test --release --test perft -- --ignored`"]
            fn $deep() {
                check($file, QUICK, deep_budget());
            }
        )*
    };
}

data_files! {
    emergo_quick, emergo_deep, "emergo";
    lasca_quick, lasca_deep, "lasca";
    lasca_roundabout_quick, lasca_roundabout_deep, "lasca-roundabout";
    bashni_quick, bashni_deep, "bashni";
    bashni_russian_code_quick, bashni_russian_code_deep, "bashni-russian-code";
    international_quick, international_deep, "international";
    brazilian_quick, brazilian_deep, "brazilian";
    russian_quick, russian_deep, "russian";
    stapeldammen_quick, stapeldammen_deep, "stapeldammen";
}

fn check(file: &str, min_nodes: u64, max_nodes: u64) {
    let (_, text) = FILES.iter().find(|(n, _)| *n == file).expect("a data file");
    let data = read(file, text);
    let (name, options) = data.ruleset.split_first().expect("a ruleset name");
    let options: Vec<&str> = options.iter().map(String::as_str).collect();
    let ruleset = Ruleset::from_name(name, &options).expect("a registered ruleset");
    let failures = ruleset.visit(Check {
        entries: &data.entries,
        min_nodes,
        max_nodes,
    });
    assert!(failures.is_empty(), "{file}: {failures:#?}");
}

fn deep_budget() -> u64 {
    std::env::var("PERFT_MAX_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEEP)
}

#[test]
fn data_files_are_well_formed() {
    for (file, text) in FILES {
        let data = read(file, text);
        assert!(
            data.entries.iter().any(|e| e.id == "start"),
            "{file}: a `start` entry"
        );
        let mut ids = BTreeSet::new();
        for e in &data.entries {
            assert!(ids.insert(&e.id), "{file}: id {} twice", e.id);
            assert!(!e.position.is_empty(), "{file} {}: a position", e.id);
            assert!(!e.counts.is_empty(), "{file} {}: counts", e.id);
            for (i, &(d, _)) in e.counts.iter().enumerate() {
                assert_eq!(d as usize, i + 1, "{file} {}: depths 1, 2, 3, ...", e.id);
            }
        }
        // each file has positions beside the start, with counts the quick run checks
        assert!(data.entries.len() >= 3, "{file}: mid-game positions");
        assert!(
            data.entries
                .iter()
                .all(|e| e.counts.iter().any(|&(_, n)| n <= QUICK)),
            "{file}: every position checked by the quick run"
        );
    }
}

#[test]
fn every_data_file_is_read() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/perft");
    let on_disk: BTreeSet<String> = std::fs::read_dir(&dir)
        .expect("tests/data/perft")
        .map(|e| e.expect("a directory entry").file_name())
        .filter_map(|n| n.to_str()?.strip_suffix(".perft").map(String::from))
        .collect();
    let read: BTreeSet<String> = FILES.iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(on_disk, read);
}

#[test]
fn malformed_lines_are_refused() {
    let good = "ruleset lasca --roundabout\nid x # a comment\nposition p\nperft 1 6\n";
    let data = read("good", good);
    assert_eq!(data.ruleset, ["lasca", "--roundabout"]);
    assert_eq!(data.entries[0].counts, [(1, 6)]);
    for bad in [
        "ruleset a\nid x\nposition p\nperft 1",
        "ruleset a\nid x\nperft one 2",
        "ruleset a\nid x\nperft 1 many",
        "ruleset a\nposition p",
        "ruleset a\nid x\nposition p\nposition q",
        "ruleset a\nruleset b",
        "ruleset a\nfen p",
        "id x\nposition p\nperft 1 6",
    ] {
        let r = std::panic::catch_unwind(|| read("bad", bad));
        assert!(r.is_err(), "{bad:?} was read");
    }
}
