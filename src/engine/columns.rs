//! A board of columns: one [`Stack`] per square, with owner bitboards and an
//! incrementally kept hash.

use crate::alloc_prelude::*;
use crate::engine::board::Board;
use crate::engine::capture::sealed::{count_all_by_search, Searched};
use crate::engine::capture::{follow, CapturePolicy, CaptureStorage, Decided, Follow};
use crate::engine::color::Color;
use crate::engine::moves::Route;
use crate::engine::square::{Square, SquareSet, MAX_SQUARES};
use crate::engine::stack::{Man, Stack};
use crate::engine::zobrist::column_key;
use core::fmt;
use core::marker::PhantomData;
use smallvec::SmallVec;

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
            self.set(from, Stack::EMPTY);
            self.set(to, s);
            return;
        }
        if s.is_empty() || from == to {
            return;
        }
        self.hash ^= column_key(from, s) ^ column_key(to, s);
        self.shuttle(from, to);
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

    /// Takes the column off `sq`, leaving it vacant: the same as [`set`](Self::set)
    /// with [`Stack::EMPTY`], cheaper (one key, no owner to work out).
    #[inline]
    pub fn take(&mut self, sq: Square) -> Stack {
        let s = self.stacks[sq.index()];
        if !s.is_empty() {
            self.hash ^= column_key(sq, s);
            self.owned[0].remove(sq);
            self.owned[1].remove(sq);
            self.kings.remove(sq);
            self.stacks[sq.index()] = Stack::EMPTY;
        }
        s
    }

    /// Puts `stack` on the vacant square `sq`: the same as [`set`](Self::set), cheaper
    /// on a vacant square (nothing to take off first); on an occupied one it is `set`.
    /// How a capturing column lands at the end of its move.
    ///
    /// ```
    /// use column_checkers::{Color, Square};
    /// use column_checkers::custom::{Columns, Dark8, Stack};
    ///
    /// let mut a = Columns::<Dark8>::new();
    /// let column = Stack::uniform(Color::Black, 3);
    /// a.put_on_vacant(Square(5), column);
    /// let mut b = Columns::<Dark8>::new();
    /// b.set(Square(5), column);
    /// assert_eq!((a, a.hash(), a.owned(Color::Black)), (b, b.hash(), b.owned(Color::Black)));
    /// ```
    #[inline]
    pub fn put_on_vacant(&mut self, sq: Square, stack: Stack) {
        if !self.stacks[sq.index()].is_empty() {
            return self.set(sq, stack);
        }
        if let Some(o) = stack.owner() {
            self.hash ^= column_key(sq, stack);
            self.owned[o.index()].insert(sq);
            if stack.top_is_king() {
                self.kings.insert(sq);
            }
            self.stacks[sq.index()] = stack;
        }
    }

    /// Takes the top man off the column on `sq` and answers him (`None` when `sq` is
    /// vacant): the same as [`set`](Self::set) with the column less its top man,
    /// cheaper (the old owner is the man's colour). How a jumped column loses its
    /// commander to a capture.
    ///
    /// ```
    /// use column_checkers::{Color, Square};
    /// use column_checkers::custom::{Columns, Dark8, Man, Stack};
    ///
    /// let mut column = Stack::single(Man::new(Color::Black));
    /// column.push_top(Man::king(Color::White));
    /// let mut cols = Columns::<Dark8>::new();
    /// cols.set(Square(9), column);
    /// assert_eq!(cols.take_top(Square(9)), Some(Man::king(Color::White)));
    /// assert_eq!(cols.get(Square(9)), Stack::single(Man::new(Color::Black)));
    /// assert!(cols.owned(Color::Black).contains(Square(9)) && cols.kings().is_empty());
    /// assert_eq!(cols.hash(), cols.full_hash());
    /// assert_eq!(cols.take_top(Square(9)), Some(Man::new(Color::Black)));
    /// assert_eq!(cols.take_top(Square(9)), None);
    /// assert_eq!(cols.hash(), 0);
    /// ```
    #[inline]
    pub fn take_top(&mut self, sq: Square) -> Option<Man> {
        let old = self.stacks[sq.index()];
        let mut rest = old;
        let top = rest.pop_top()?;
        self.hash ^= column_key(sq, old) ^ column_key(sq, rest);
        self.owned[top.color.index()].remove(sq);
        if let Some(o) = rest.owner() {
            self.owned[o.index()].insert(sq);
        }
        self.kings.set(sq, rest.top_is_king());
        self.stacks[sq.index()] = rest;
        Some(top)
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

// The capture traversal on columns

/// Columns are the capture traversal's board of the column games: a search reads
/// through the position's columns with the few squares it changed kept aside, a
/// route's move is told apart from another's by playing both (a
/// column's men in order are the position), and a route is played man by man.
impl<B: Board> CaptureStorage for Columns<B> {}

impl<B: Board> Searched for Columns<B> {
    type Board = B;

    #[inline]
    fn held(&self, color: Color) -> SquareSet {
        self.owned[color.index()]
    }
    #[inline]
    fn crowned(&self) -> SquareSet {
        self.kings
    }

    type Identity = ();
    const EXACT: bool = false;
    const SHIFT_LEAPS: bool = true;
    type Jumps<'a> = ColumnJumps<'a, B>;

    #[inline]
    fn jumps<P: CapturePolicy + ?Sized>(&self, side: Color) -> ColumnJumps<'_, B> {
        ColumnJumps::new(self, side)
    }

    #[inline(always)]
    fn identity(_from: Square, _to: Square, _jumped: SquareSet, _crowned: bool) {}

    /// The capturer's column is lifted, each man taken off the top of his column at
    /// once or when the move ends (under the capturer where he becomes a prisoner),
    /// and the column lands on the route's end, crowned where the route crowns it.
    #[inline]
    fn play_route<P: CapturePolicy + ?Sized>(&mut self, _policy: &P, side: Color, route: &Route) {
        let mut walk = RouteOnColumns::<B, P, _> {
            carrier: self.take(route.origin()),
            cols: self,
            pending: SmallVec::new(),
            on_take: |_| {},
            policy: PhantomData,
        };
        let crowned = follow::<B, P>(side, route, walk.carrier.top_is_king(), &mut walk);
        let RouteOnColumns {
            mut carrier,
            pending,
            ..
        } = walk;
        for x in pending {
            if let Some(man) = self.take_top(x) {
                if P::PRISONERS {
                    carrier.push_bottom(man);
                }
            }
        }
        if crowned {
            carrier.promote_top();
        }
        self.put_on_vacant(route.destination(), carrier);
    }

    fn follow_route<P: CapturePolicy + ?Sized>(
        &self,
        _policy: &P,
        side: Color,
        route: &Route,
        on_take: impl FnMut(Square),
    ) {
        let mut cols = *self;
        let mut walk = RouteOnColumns::<B, P, _> {
            carrier: cols.take(route.origin()),
            cols: &mut cols,
            pending: SmallVec::new(),
            on_take,
            policy: PhantomData,
        };
        let king = walk.carrier.top_is_king();
        follow::<B, P>(side, route, king, &mut walk);
    }

    #[inline]
    fn board_hash(&self) -> u64 {
        self.hash
    }

    #[inline]
    fn count_all<P: CapturePolicy + ?Sized>(&self, policy: &P, side: Color) -> usize {
        count_all_by_search(self, policy, side)
    }
}

/// A route played on real columns ([`follow`]): the men taken at once go under the
/// carrier as they are jumped, the others wait for the end of the move in `pending`.
struct RouteOnColumns<'c, B: Board, P: ?Sized, F> {
    cols: &'c mut Columns<B>,
    carrier: Stack,
    pending: SmallVec<[Square; 16]>,
    on_take: F,
    policy: PhantomData<P>,
}

impl<B: Board, P: CapturePolicy + ?Sized, F: FnMut(Square)> Follow for RouteOnColumns<'_, B, P, F> {
    #[inline]
    fn occupied(&self, sq: Square) -> bool {
        !self.cols.get(sq).is_empty()
    }

    #[inline]
    fn take(&mut self, x: Square) {
        (self.on_take)(x);
        if P::IMMEDIATE {
            if let Some(man) = self.cols.take_top(x) {
                if P::PRISONERS {
                    self.carrier.push_bottom(man);
                }
            }
        } else {
            self.pending.push(x);
        }
    }
}

/// The board of a capture search on columns (a private module: the types are the
/// traversal's alone).
mod search_board {
    use super::Columns;
    use crate::engine::board::Board;
    use crate::engine::capture::sealed::Jumps;
    use crate::engine::color::Color;
    use crate::engine::square::{Square, SquareSet};
    use crate::engine::stack::Stack;
    use smallvec::SmallVec;

    /// The columns as the capture search sees them: the position's columns, read through,
    /// with the few squares the search has changed (columns that lost their top man at
    /// once) kept aside, and the vacant squares and the opponent's kept in step. Cheaper
    /// than copying the whole board.
    pub struct ColumnJumps<'p, B: Board> {
        base: &'p Columns<B>,
        side: Color,
        /// Squares whose column differs from `base` (or did: the entry stays when a column
        /// is put back).
        patched: SquareSet,
        patches: SmallVec<[(Square, Stack); 8]>,
        /// The occupied squares, the capturer's origin not among them.
        occupied: SquareSet,
        /// The squares of the opponent's columns.
        enemy: SquareSet,
    }

    impl<'p, B: Board> ColumnJumps<'p, B> {
        #[inline]
        pub(super) fn new(base: &'p Columns<B>, side: Color) -> Self {
            ColumnJumps {
                base,
                side,
                patched: SquareSet::EMPTY,
                patches: SmallVec::new(),
                occupied: base.occupied(),
                enemy: base.owned(!side),
            }
        }

        /// The column on `sq` (not the capturer's origin) and the index of its patch, if
        /// the search changed it.
        #[inline]
        fn get_patch(&self, sq: Square) -> (Stack, Option<usize>) {
            if self.patched.contains(sq) {
                if let Some(i) = self.patches.iter().position(|p| p.0 == sq) {
                    return (self.patches[i].1, Some(i));
                }
            }
            (self.base.get(sq), None)
        }
    }

    /// What [`ColumnJumps::take_top`](Jumps::take_top) changed: the column before, its
    /// patch, and the occupied and enemy squares before.
    #[derive(Clone, Copy)]
    pub struct TopTaken {
        before: Stack,
        patch: usize,
        occupied: SquareSet,
        enemy: SquareSet,
    }

    impl<B: Board> Jumps for ColumnJumps<'_, B> {
        type Undo = TopTaken;

        #[inline]
        fn lift(&mut self, origin: Square) -> bool {
            self.occupied.remove(origin);
            self.base.get(origin).top_is_king()
        }

        #[inline]
        fn put_back(&mut self, origin: Square) {
            self.occupied.insert(origin);
        }

        #[inline(always)]
        fn vacant(&self) -> SquareSet {
            B::all() - self.occupied
        }

        #[inline(always)]
        fn enemy(&self) -> SquareSet {
            self.enemy
        }

        #[inline]
        fn take_top(&mut self, x: Square) -> TopTaken {
            let (before, patch) = self.get_patch(x);
            let undo = TopTaken {
                before,
                patch: 0,
                occupied: self.occupied,
                enemy: self.enemy,
            };
            let mut rest = before;
            rest.pop_top();
            self.occupied.set(x, !rest.is_empty());
            self.enemy.set(x, rest.owner() == Some(!self.side));
            let patch = match patch {
                Some(i) => {
                    self.patches[i].1 = rest;
                    i
                }
                None => {
                    self.patched.insert(x);
                    self.patches.push((x, rest));
                    self.patches.len() - 1
                }
            };
            TopTaken { patch, ..undo }
        }

        #[inline]
        fn put_top(&mut self, _x: Square, undo: TopTaken) {
            self.occupied = undo.occupied;
            self.enemy = undo.enemy;
            self.patches[undo.patch].1 = undo.before;
        }
    }
}

use search_board::ColumnJumps;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::shapes::grid::Grid8x8 as Grid8;

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

    /// `take`, `take_top` and `put_on_vacant` against `set` on random columns: the
    /// same stacks, owners, kings and hash.
    #[test]
    fn cheap_updates_are_set() {
        let mut rng = crate::tools::rng::SplitMix64::new(9);
        let mut a = Columns::<Grid8>::new();
        let mut b = Columns::<Grid8>::new();
        for _ in 0..5000 {
            let sq = Square(rng.below(64) as u8);
            let s = a.get(sq);
            match rng.below(3) {
                0 => {
                    assert_eq!(a.take(sq), s);
                    b.set(sq, Stack::EMPTY);
                }
                1 => {
                    let mut rest = s;
                    let top = rest.pop_top();
                    assert_eq!(a.take_top(sq), top);
                    b.set(sq, rest);
                }
                // on a vacant square mostly, on an occupied one it is `set`
                _ if s.is_empty() || rng.below(4) == 0 => {
                    let mut t = Stack::EMPTY;
                    for _ in 0..1 + rng.below(4) {
                        let color = Color::from_index(rng.below(2));
                        t.push_bottom(if rng.below(3) == 0 {
                            Man::king(color)
                        } else {
                            Man::new(color)
                        });
                    }
                    a.put_on_vacant(sq, t);
                    b.set(sq, t);
                }
                _ => {}
            }
            same(&a, &b);
        }
        assert!(!a.occupied().is_empty() && !a.kings().is_empty());
    }

    /// `Hash` agrees with `Eq` and tells boards apart by their stacks (the order of the
    /// men in a column included), as a `HashSet` of positions needs.
    #[test]
    fn hash_follows_the_stacks() {
        use core::hash::{Hash, Hasher};
        let digest = |c: &Columns<Grid8>| {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            Hash::hash(c, &mut h);
            h.finish()
        };
        let (w, b) = (Man::new(Color::White), Man::new(Color::Black));
        let mut white = Columns::<Grid8>::new();
        white.set(Square(7), Stack::single(w));
        let mut black = Columns::<Grid8>::new();
        black.set(Square(7), Stack::single(b));
        let mut moved = white;
        moved.move_column(Square(7), Square(8));
        let (mut wb, mut bw) = (white, white);
        wb.set(Square(7), Stack::from_men_bottom_up([b, w]).unwrap());
        bw.set(Square(7), Stack::from_men_bottom_up([w, b]).unwrap());
        let mut king = white;
        king.set(Square(7), Stack::single(Man::king(Color::White)));
        let boards = [Columns::new(), white, black, moved, wb, bw, king];
        for (i, x) in boards.iter().enumerate() {
            for (j, y) in boards.iter().enumerate() {
                assert_eq!(i == j, digest(x) == digest(y), "{i} {j}");
            }
        }
        // the same stacks reached another way: the same digest
        let mut back = moved;
        back.move_column(Square(8), Square(7));
        assert_eq!(digest(&back), digest(&white));
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
