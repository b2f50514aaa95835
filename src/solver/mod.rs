//! Endgame tables by **retrograde analysis** (cargo feature `solver`).
//!
//! A table solves a finite *class* of positions: a set of positions, numbered `0..size`,
//! whose moves lead either back into the class or to positions whose value is already
//! known (a finished game, or a position of a smaller class solved before). A
//! [`PositionClass`] says how to number the class and lists the successors of each of
//! its positions; [`solve`] then finds, for every position, whether
//! the side to move wins, loses or draws with best play, and in how many plies:
//!
//! - a position is **won in d** when one of its moves leads to a position lost in
//!   `d − 1` (the shortest such win);
//! - a position is **lost in d** when every move leads to a won position, the longest
//!   in `d − 1` (a finished game lost for the side to move is lost in 0);
//! - every other position is a **draw**: neither side can force the end, so play goes
//!   round a cycle and threefold repetition ends it (or the game ends drawn).
//!
//! The result is a [`Table`]: win/loss and resolved bits in `bitvec` bit vectors and the distances in one byte per position (two when a distance passes
//! 255), which can be saved to a file with a checksum and loaded back (files need the
//! `std` feature; without it a table goes to and from the same bytes in memory).
//!
//! Two solvers serve any class, with the same [`Options`]:
//!
//! - [`solve`] keeps the game graph in memory (about 47 bytes a position at its
//!   peak) and finds the distances;
//! - [`solve_wld`], the lean one, finds win, loss or draw only, in about a byte and a
//!   half a position, for classes that can also list a position's predecessors
//!   ([`Predecessors`]); its tables are [`Bitbase`]s (2 bits a position), saved
//!   [`Packed`] (runs of one value in a byte).
//!
//! The classes of a ruleset take their moves from it ([`expand`], [`outcome_value`]):
//!
//! - [`OneOnOne`] and [`TwoOnOne`] are Emergo's pure endgame classes (one column
//!   against one, two against one), looked up through [`EmergoTables`];
//! - [`Database`] holds the win/loss/draw databases of international, Russian and
//!   Brazilian draughts, by [`Material`], solved with [`solve_wld`], saved a packed
//!   file per slice and probed a position at a time ([`Database::probe`]).
//!
//! ```
//! use column_checkers::solver::{solve, Options, PositionClass, Successor, Value};
//!
//! /// Take-away: a heap of n stones, take 1 or 2; who cannot move loses.
//! struct Heap(u64);
//! impl PositionClass for Heap {
//!     fn name(&self) -> String {
//!         format!("heap-{}", self.0)
//!     }
//!     fn size(&self) -> u64 {
//!         self.0 + 1
//!     }
//!     fn successors(&self, n: u64, out: &mut Vec<Successor>) -> Option<Value> {
//!         if n == 0 {
//!             return Some(Value::Loss(0));
//!         }
//!         out.extend((1..=2.min(n)).map(|k| Successor::Index(n - k)));
//!         None
//!     }
//! }
//!
//! let table = solve(&Heap(9), &Options::default());
//! assert_eq!(table.value(9), Value::Loss(6)); // multiples of 3 are lost
//! assert_eq!(table.value(7), Value::Win(5));
//! ```

mod bitbase;
mod draughts;
mod emergo;
mod file;
mod retrograde;
mod ruleset;
mod table;
mod wld;

pub use bitbase::{Bitbase, Packed, Wld, PACKED_BLOCK};
pub use draughts::{
    slice_name, BrazilianDatabase, Database, DraughtsRules, InternationalDatabase, Material,
    RussianDatabase, SlicePair,
};
pub use emergo::{
    pure_columns, steps_apart, EmergoTables, OneOnOne, PureColumn, TwoOnOne, TwoOnOneParts,
};
pub use file::{crc32, TableError};
pub use retrograde::{solve, solve_with_stats, Stats};
pub use ruleset::{expand, moves_with_values, outcome_value, principal_variation};
pub use table::{Bits, Distances, Table, Word};
pub use wld::{solve_wld, Predecessors, WldStats};

use crate::alloc_prelude::*;
use core::fmt;

/// Where a running solve is, for a progress report ([`Options::progress`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Expanding positions: `done` of `total`.
    Expand {
        /// Positions expanded.
        done: u64,
        /// Positions in the class.
        total: u64,
    },
    /// Turning the edges round ([`solve`] only): `edges` moves into the class in all.
    Predecessors {
        /// Moves that stay in the class.
        edges: u64,
    },
    /// A round done: positions resolved (won or lost) so far. In [`solve`] a round
    /// resolves the positions won or lost in one more ply.
    Round {
        /// The round, from 0.
        round: u32,
        /// Positions won or lost so far.
        resolved: u64,
        /// Positions in the class.
        total: u64,
    },
}

/// How to solve, for both solvers ([`solve`], [`solve_wld`]).
///
/// ```
/// use column_checkers::solver::{Options, Progress};
///
/// let report = |p: Progress| eprintln!("{p:?}");
/// let opts = Options { threads: 2, progress: Some(&report) };
/// assert_eq!(Options::default().threads, 1);
/// # let _ = opts;
/// ```
pub struct Options<'a> {
    /// Threads (at least 1). With 1 (the default) the caller's thread does the work and
    /// no thread is spawned, as on targets without threads (wasm32-unknown-unknown).
    /// Threads need the `std` feature: without it the caller's thread does all the
    /// work, whatever the number.
    pub threads: usize,
    /// Called now and then with the progress.
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            threads: 1,
            progress: None,
        }
    }
}

/// The value of a position for the side to move, with the distance to the end of the
/// game in plies (half-moves) under best play: the winner wins as fast as he can, the
/// loser holds out as long as he can.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies.
    Win(u16),
    /// The side to move loses in this many plies (0: the game is over, lost).
    Loss(u16),
    /// Neither side can force a result: a draw.
    Draw,
}

impl Value {
    /// The value of the position before a move that led to a position of value `self`
    /// (for the side to move there): a loss there is a win one ply longer here, and the
    /// other way round.
    pub fn before(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d.saturating_add(1)),
            Value::Loss(d) => Value::Win(d.saturating_add(1)),
            Value::Draw => Value::Draw,
        }
    }

    /// How good the value is for the side to move, for choosing among moves: wins
    /// (shorter better) over draws over losses (longer better).
    pub fn score(self) -> i32 {
        match self {
            Value::Win(d) => 100_000 - d as i32,
            Value::Draw => 0,
            Value::Loss(d) => -100_000 + d as i32,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(d) => write!(f, "win in {d} plies"),
            Value::Loss(d) => write!(f, "loss in {d} plies"),
            Value::Draw => f.write_str("draw"),
        }
    }
}

/// Where a move of a class's position leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Successor {
    /// To the position of this index in the same class.
    Index(u64),
    /// Out of the class, to a position of known value (for the side to move there): a
    /// finished game, or a position of an already solved class.
    Known(Value),
}

/// A finite class of positions for retrograde analysis: numbered `0..size()`, every
/// move leading into the class or to a position of known value.
///
/// The numbering may hold several numbers for one position up to a symmetry (the
/// solver solves each); it must be dense (every number is a position).
pub trait PositionClass: Sync {
    /// The class's name, written into saved tables and checked when one is loaded;
    /// it should change whenever the numbering does.
    fn name(&self) -> String;

    /// How many positions the class numbers.
    fn size(&self) -> u64;

    /// Writes into `out` (which the caller cleared) where each legal move of position
    /// `index` leads, one entry per move; or, when the game is over in that position,
    /// returns its value (and writes nothing).
    fn successors(&self, index: u64, out: &mut Vec<Successor>) -> Option<Value>;

    /// Whether number `index` stands for a position. A numbering may leave a few
    /// numbers unused (two pieces on one square); the [lean solver](solve_wld) marks them
    /// as no position and never expands them. Every number by default.
    fn is_position(&self, index: u64) -> bool {
        let _ = index;
        true
    }
}
