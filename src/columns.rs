//! A board of columns: one [`Stack`] per square, with owner bitboards and an
//! incrementally kept hash.

use crate::board::Board;
use crate::color::Color;
use crate::square::{Square, SquareSet, MAX_SQUARES};
use crate::stack::Stack;
use crate::zobrist::column_key;
use core::fmt;
use core::marker::PhantomData;

/// The columns on a board of shape `B`: what stands on each square.
///
/// It keeps, in step with every change, the set of squares each colour owns (the
/// colour of the top man), the number of men of each colour, and the XOR of the
/// [`column_key`]s of all squares — so a change of one square costs O(1).
pub struct Columns<B: Board> {
    stacks: [Stack; MAX_SQUARES],
    owned: [SquareSet; 2],
    men: [u8; 2],
    hash: u64,
    board: PhantomData<B>,
}

impl<B: Board> Clone for Columns<B> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}
impl<B: Board> Copy for Columns<B> {}

impl<B: Board> PartialEq for Columns<B> {
    fn eq(&self, other: &Self) -> bool {
        self.stacks == other.stacks
    }
}
impl<B: Board> Eq for Columns<B> {}

impl<B: Board> core::hash::Hash for Columns<B> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.stacks.hash(state)
    }
}

impl<B: Board> Default for Columns<B> {
    fn default() -> Self {
        Self::new()
    }
}

impl<B: Board> Columns<B> {
    /// An empty board.
    pub fn new() -> Self {
        Columns {
            stacks: [Stack::EMPTY; MAX_SQUARES],
            owned: [SquareSet::EMPTY; 2],
            men: [0; 2],
            hash: 0,
            board: PhantomData,
        }
    }

    /// The column on `sq` ([`Stack::EMPTY`] when vacant).
    #[inline]
    pub fn get(&self, sq: Square) -> Stack {
        self.stacks[sq.index()]
    }

    /// Puts `stack` on `sq`, replacing what stood there.
    #[inline]
    pub fn set(&mut self, sq: Square, stack: Stack) {
        let old = self.stacks[sq.index()];
        if old == stack {
            return;
        }
        self.hash ^= column_key(sq, old) ^ column_key(sq, stack);
        for c in Color::ALL {
            self.men[c.index()] = self.men[c.index()] - old.count(c) as u8 + stack.count(c) as u8;
        }
        if let Some(o) = old.owner() {
            self.owned[o.index()].remove(sq);
        }
        if let Some(o) = stack.owner() {
            self.owned[o.index()].insert(sq);
        }
        self.stacks[sq.index()] = stack;
    }

    /// Takes the column off `sq`, leaving it vacant.
    #[inline]
    pub fn take(&mut self, sq: Square) -> Stack {
        let s = self.get(sq);
        self.set(sq, Stack::EMPTY);
        s
    }

    /// The squares whose column `color` owns.
    #[inline]
    pub fn owned(&self, color: Color) -> SquareSet {
        self.owned[color.index()]
    }

    /// The occupied squares.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        self.owned[0] | self.owned[1]
    }

    /// The vacant squares.
    #[inline]
    pub fn vacant(&self) -> SquareSet {
        B::geometry().all() - self.occupied()
    }

    /// Number of men of `color` on the board, prisoners included.
    #[inline]
    pub fn men(&self, color: Color) -> usize {
        self.men[color.index()] as usize
    }

    /// The XOR of the [`column_key`]s of all squares.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Recomputes [`hash`](Self::hash) from scratch (for checking the incremental one).
    pub fn full_hash(&self) -> u64 {
        B::geometry()
            .squares()
            .fold(0, |h, sq| h ^ column_key(sq, self.get(sq)))
    }

    /// The column on every square of the board, in square order (vacant squares hold
    /// [`Stack::EMPTY`]).
    pub fn stacks(&self) -> &[Stack] {
        &self.stacks[..B::geometry().len()]
    }

    /// Iterates the occupied squares and their columns, in square order.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Stack)> + '_ {
        self.occupied().iter().map(move |sq| (sq, self.get(sq)))
    }
}

impl<B: Board> fmt::Debug for Columns<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = B::geometry();
        f.debug_map()
            .entries(self.iter().map(|(sq, s)| (g.name(sq).to_string(), s)))
            .finish()
    }
}
