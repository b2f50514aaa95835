//! Perft of the classic draughts games (and Stapeldammen) from the start position
//! against the counts in `tests/data/*.perft` (`depth nodes` lines, `#` comments),
//! with bulk counting and without (every move of every ply played).
//!
//! `cargo test` checks the depths of at most [`QUICK`] nodes (a debug build is slow);
//! `cargo test --release -- --ignored` checks those of at most
//! `DRAUGHTS_PERFT_MAX_NODES` nodes (default [`DEEP`]).

use column_checkers::engine::perft::perft_without_bulk;
use column_checkers::perft;
use column_checkers::tools::registry::{dispatch, RulesetVisitor};
use column_checkers::{Checking, Counting};

/// Node budget per depth of the default (debug) run.
const QUICK: u64 = 500_000;
/// Default node budget per depth of the ignored run.
const DEEP: u64 = 50_000_000;

const FILES: &[(&str, &str)] = &[
    ("international", include_str!("data/international.perft")),
    ("brazilian", include_str!("data/brazilian.perft")),
    ("russian", include_str!("data/russian.perft")),
    ("stapeldammen", include_str!("data/stapeldammen.perft")),
];

fn counts(text: &str) -> Vec<(u32, u64)> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (d, n) = l.split_once(' ').expect("`depth nodes`");
            (d.parse().expect("depth"), n.trim().parse().expect("nodes"))
        })
        .collect()
}

struct Check(Vec<(u32, u64)>);

impl RulesetVisitor for Check {
    type Output = Vec<String>;
    fn visit<P: Counting + Checking>(self) -> Vec<String> {
        let start = P::start();
        self.0
            .into_iter()
            .flat_map(|(d, n)| {
                let bulk = perft(&start, d);
                let played = perft_without_bulk(&start, d);
                [
                    (bulk != n).then(|| format!("{} depth {d}: {bulk}, expected {n}", P::NAME)),
                    (played != n).then(|| {
                        format!("{} depth {d} without bulk: {played}, expected {n}", P::NAME)
                    }),
                ]
            })
            .flatten()
            .collect()
    }
}

fn check(name: &str, max_nodes: u64, min_nodes: u64) {
    let (_, text) = FILES.iter().find(|(n, _)| *n == name).expect("a data file");
    let wanted: Vec<_> = counts(text)
        .into_iter()
        .filter(|&(_, n)| n <= max_nodes && n > min_nodes)
        .collect();
    let failures = dispatch(name, &[], Check(wanted)).expect("registered ruleset");
    assert!(failures.is_empty(), "{failures:#?}");
}

fn deep_budget() -> u64 {
    std::env::var("DRAUGHTS_PERFT_MAX_NODES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEEP)
}

#[test]
fn data_files_are_well_formed() {
    for (name, text) in FILES {
        let c = counts(text);
        assert!(!c.is_empty(), "{name}");
        for (i, &(d, _)) in c.iter().enumerate() {
            assert_eq!(d as usize, i + 1, "{name}: depths 1, 2, 3, ...");
        }
    }
}

macro_rules! perft_tests {
    ($($quick:ident, $deep:ident, $name:literal;)*) => {$(
        #[test]
        fn $quick() {
            check($name, QUICK, 0);
        }

        #[test]
        #[ignore = "heavy: run with `cargo test --release -- --ignored`"]
        fn $deep() {
            check($name, deep_budget(), QUICK);
        }
    )*};
}

perft_tests! {
    international_quick, international_deep, "international";
    brazilian_quick, brazilian_deep, "brazilian";
    russian_quick, russian_deep, "russian";
    stapeldammen_quick, stapeldammen_deep, "stapeldammen";
}
