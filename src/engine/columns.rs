//! A board of columns: one [`Stack`] per square, with owner bitboards and an
//! incrementally kept hash.

use crate::engine::board::Board;
use crate::engine::color::Color;
use crate::engine::square::{Square, SquareSet, MAX_SQUARES};
use crate::engine::stack::Stack;
use crate::engine::zobrist::{column_key, single_man_key};
use core::fmt;
use core::marker::PhantomData;

/// The columns on a board of shape `B`: what stands on each square.
///
/// It keeps, in step with every change, the set of squares each colour owns (the
/// colour of the top man) and the XOR of the [`column_key`]s of all squares — so a
/// change of one square costs O(1).
pub struct Columns<B: Board> {
    stacks: [Stack; MAX_SQUARES],
    owned: [SquareSet; 2],
    kings: SquareSet,
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
    ///
    /// # Panics
    /// When the board `B` has more than [`MAX_SQUARES`] squares (a programming error:
    /// column boards are bitboards of one `u64`).
    pub fn new() -> Self {
        assert!(
            B::geometry().len() <= MAX_SQUARES,
            "Columns serve boards of at most 64 squares"
        );
        Columns {
            stacks: [Stack::EMPTY; MAX_SQUARES],
            owned: [SquareSet::EMPTY; 2],
            kings: SquareSet::EMPTY,
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
        if let Some(o) = old.owner() {
            self.owned[o.index()].remove(sq);
        }
        if let Some(o) = stack.owner() {
            self.owned[o.index()].insert(sq);
        }
        self.kings.set(sq, stack.top_is_king());
        self.stacks[sq.index()] = stack;
    }

    /// Moves the column on `from` to `to`: the same as [`take`](Self::take) on `from`
    /// then [`set`](Self::set) on `to`, and cheaper when `to` is vacant (the men do not
    /// change).
    #[inline]
    pub fn move_column(&mut self, from: Square, to: Square) {
        let s = self.stacks[from.index()];
        if !self.stacks[to.index()].is_empty() {
            let s = self.take(from);
            self.set(to, s);
            return;
        }
        if s.is_empty() || from == to {
            return;
        }
        self.hash ^= column_key(from, s) ^ column_key(to, s);
        self.shuttle(from, to);
    }

    /// Moves the single man on `from` to the vacant square `to`: the same as
    /// [`move_column`](Self::move_column) for a column of one man, cheaper (its owner,
    /// rank and keys come from the bitboards and a table). For the games whose pieces
    /// stand alone.
    #[inline]
    pub fn move_man(&mut self, from: Square, to: Square) {
        debug_assert!(
            self.stacks[from.index()].height() == 1 && self.stacks[to.index()].is_empty()
        );
        let color = self.owner_bit(from);
        let king = self.kings.contains(from);
        self.hash ^= single_man_key(from, color, king) ^ single_man_key(to, color, king);
        let both = SquareSet::from_square(from) | SquareSet::from_square(to);
        self.owned[color.index()] ^= both;
        if king {
            self.kings ^= both;
        }
        self.stacks[to.index()] = self.stacks[from.index()];
        self.stacks[from.index()] = Stack::EMPTY;
    }

    /// Takes the single man off `sq`: the same as [`take`](Self::take) for a column
    /// of one man, cheaper (see [`move_man`](Self::move_man)).
    #[inline]
    pub fn remove_man(&mut self, sq: Square) {
        debug_assert!(self.stacks[sq.index()].height() == 1);
        let color = self.owner_bit(sq);
        let king = self.kings.contains(sq);
        self.hash ^= single_man_key(sq, color, king);
        self.owned[color.index()].remove(sq);
        self.kings.remove(sq);
        self.stacks[sq.index()] = Stack::EMPTY;
    }

    /// Crowns the single man on `sq`, not a king yet: the same as setting the column
    /// with its top man promoted, cheaper (see [`move_man`](Self::move_man)).
    #[inline]
    pub fn crown_man(&mut self, sq: Square) {
        debug_assert!(self.stacks[sq.index()].height() == 1 && !self.kings.contains(sq));
        let color = self.owner_bit(sq);
        self.hash ^= single_man_key(sq, color, false) ^ single_man_key(sq, color, true);
        self.kings.insert(sq);
        self.stacks[sq.index()].promote_top();
    }

    /// The owner of the occupied square `sq`, from the bitboards.
    #[inline]
    fn owner_bit(&self, sq: Square) -> Color {
        if self.owned[0].contains(sq) {
            Color::White
        } else {
            Color::Black
        }
    }

    /// Moves the column on `from` to the vacant square `to` **without updating the
    /// hash**: for trying a move and taking it back (`shuttle(to, from)`) while only
    /// counting, where the hash is not read. Anything that reads [`hash`](Self::hash)
    /// in between sees the position before the move.
    #[inline]
    pub fn shuttle(&mut self, from: Square, to: Square) {
        let s = self.stacks[from.index()];
        debug_assert!(self.stacks[to.index()].is_empty() && !s.is_empty());
        // the owner and the rank from the bitboards, which mirror the stacks
        let both = SquareSet::from_square(from) | SquareSet::from_square(to);
        self.owned[self.owner_bit(from).index()] ^= both;
        if self.kings.contains(from) {
            self.kings ^= both;
        }
        self.stacks[to.index()] = s;
        self.stacks[from.index()] = Stack::EMPTY;
    }

    /// Makes the squares of `changed` what they are in `parent`, when everything
    /// else already is: undoes a move played on a copy of `parent` that changed only
    /// those squares, without copying the whole board.
    #[inline]
    pub fn restore(&mut self, parent: &Self, changed: SquareSet) {
        for sq in changed {
            self.stacks[sq.index()] = parent.stacks[sq.index()];
        }
        self.owned = parent.owned;
        self.kings = parent.kings;
        self.hash = parent.hash;
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

    /// The squares whose top man is a king (officer).
    #[inline]
    pub fn kings(&self) -> SquareSet {
        self.kings
    }

    /// The occupied squares.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        self.owned[0] | self.owned[1]
    }

    /// The vacant squares.
    #[inline]
    pub fn vacant(&self) -> SquareSet {
        B::all() - self.occupied()
    }

    /// Number of men of `color` on the board, prisoners included (counted, O(squares)).
    pub fn men(&self, color: Color) -> usize {
        self.occupied()
            .iter()
            .map(|sq| self.get(sq).count(color))
            .sum()
    }

    /// The XOR of the [`column_key`]s of all squares.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Recomputes [`hash`](Self::hash) from scratch (for checking the incremental one).
    pub fn full_hash(&self) -> u64 {
        // a vacant square's key is 0: the occupied squares are enough
        self.iter()
            .fold(0, |h, (sq, stack)| h ^ column_key(sq, stack))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::shapes::grid::Grid8x8 as Grid8;
    use crate::engine::stack::Man;

    fn same(a: &Columns<Grid8>, b: &Columns<Grid8>) {
        assert_eq!(a, b);
        assert_eq!(a.hash(), b.hash());
        assert_eq!(a.hash(), a.full_hash());
        for c in Color::ALL {
            assert_eq!(a.owned(c), b.owned(c));
            assert_eq!(a.men(c), b.men(c));
        }
        assert_eq!(a.kings(), b.kings());
    }

    #[test]
    fn move_column_is_take_then_set() {
        let mut cols = Columns::<Grid8>::new();
        cols.set(Square(3), Stack::single(Man::king(Color::White)));
        cols.set(Square(9), Stack::single(Man::new(Color::Black)));
        cols.set(Square(20), Stack::single(Man::new(Color::White)));
        // to a vacant square, from an empty one, onto an occupied one, onto itself
        for (from, to) in [(3, 40), (9, 10), (5, 6), (20, 9), (20, 20), (30, 9)] {
            let (from, to) = (Square(from), Square(to));
            let mut a = cols;
            a.move_column(from, to);
            let mut b = cols;
            let s = b.take(from);
            b.set(to, s);
            same(&a, &b);
        }
        assert_eq!(cols.kings(), SquareSet::from_square(Square(3)));
    }
}
