//! Moves: what every move type tells of itself ([`MoveSquares`]), the moves of the
//! stack-board games ([`Move`], [`MovePath`], [`Route`]) and reusable move lists.

use crate::alloc_prelude::*;
use crate::engine::board::{Board, Geometry};
use crate::engine::square::Square;
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Deref, DerefMut};
use smallvec::SmallVec;

/// A short list of squares (a move's landings, the men it takes, a click path).
pub type Squares = SmallVec<[Square; 8]>;

/// What a move reads as on its own: the squares a GUI needs to draw it, without the
/// board. Every move type of the crate implements it.
pub trait MoveSquares {
    /// The square the move starts from: the moving man, column or king; for a Dameo
    /// line advance and an Epaminondas phalanx move, the **tail** man of the group
    /// (the one that is lifted, or the rear end of the phalanx). `None` for an entry
    /// (a man or the shadowpiece put on the board from hand).
    fn origin(&self) -> Option<Square>;

    /// Every square the move lands on, in order: the one destination of an entry, a
    /// step, a line advance or a phalanx move; each landing of a capture route (the
    /// last one is the destination; Emergo's roundabouts may land on a square twice).
    fn landings(&self) -> Squares;

    /// The square where the move ends (the last landing).
    fn destination(&self) -> Square;

    /// The number of men (or pieces) captured: 0 when the move is no capture.
    fn men_captured(&self) -> usize;

    /// Whether the move is a capture (it takes at least one man).
    fn is_capture(&self) -> bool {
        self.men_captured() > 0
    }

    /// The squares a person clicks to enter the move by the click scheme of
    /// [`MoveInput`](crate::MoveInput): the origin (when there is one),
    /// then every landing.
    fn clicks(&self) -> Squares {
        let mut v: Squares = self.origin().into_iter().collect();
        v.extend(self.landings());
        v
    }
}

/// The most landing squares a capture route may have. Every ruleset bounds its
/// material so that no route can be longer (a capture takes at least one man per jump).
pub const MAX_ROUTE: usize = 30;

/// A capture route: the origin and every landing square, in order. Two routes are
/// equal when their origins and landings are (whatever a search left in the unused
/// part of the array).
#[derive(Clone, Copy)]
pub struct Route {
    from: Square,
    len: u8,
    /// The landings, in `landings[..len]`; the rest is unused (a search that pops a
    /// landing leaves it there).
    landings: [Square; MAX_ROUTE],
}

impl PartialEq for Route {
    #[inline]
    fn eq(&self, other: &Route) -> bool {
        self.from == other.from && self.landings() == other.landings()
    }
}

impl Eq for Route {}

impl core::hash::Hash for Route {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.from.hash(state);
        self.landings().hash(state);
    }
}

impl Route {
    /// A route of no jump yet, starting on `from`.
    #[inline]
    pub const fn new(from: Square) -> Route {
        Route {
            from,
            len: 0,
            landings: [Square(0); MAX_ROUTE],
        }
    }

    /// Builds a route from the origin and its landing squares; `None` when there are no
    /// landings or more than [`MAX_ROUTE`].
    pub fn from_squares(from: Square, landings: &[Square]) -> Option<Route> {
        if landings.is_empty() || landings.len() > MAX_ROUTE {
            return None;
        }
        let mut r = Route::new(from);
        for &l in landings {
            r.push(l);
        }
        Some(r)
    }

    /// The square the capturing column starts from.
    #[inline]
    pub const fn origin(&self) -> Square {
        self.from
    }

    /// The square where it ends (the last landing; the origin when there is none).
    #[inline]
    pub fn destination(&self) -> Square {
        if self.len == 0 {
            self.from
        } else {
            self.landings[self.len as usize - 1]
        }
    }

    /// The landing squares, in order.
    #[inline]
    pub fn landings(&self) -> &[Square] {
        &self.landings[..self.len as usize]
    }

    /// The number of jumps.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the route has no jump.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Appends a landing square.
    ///
    /// # Panics
    /// When the route already has [`MAX_ROUTE`] landings (a broken invariant: rulesets
    /// bound their material).
    #[inline]
    pub fn push(&mut self, sq: Square) {
        assert!(
            (self.len as usize) < MAX_ROUTE,
            "capture route longer than MAX_ROUTE"
        );
        self.landings[self.len as usize] = sq;
        self.len += 1;
    }

    /// Removes the last landing square.
    #[inline]
    pub fn pop(&mut self) {
        self.len -= 1;
    }

    /// Writes the route as squares joined by `sep`, e.g. `e4xc4xc6`.
    pub fn write(&self, g: &Geometry, sep: &str, f: &mut impl fmt::Write) -> fmt::Result {
        f.write_str(g.name(self.from))?;
        for &l in self.landings() {
            f.write_str(sep)?;
            f.write_str(g.name(l))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Route {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Route({}", self.from.0)?;
        for l in self.landings() {
            write!(f, "x{}", l.0)?;
        }
        f.write_str(")")
    }
}

/// Where the men of a stack-board game's move go, without its board (see [`Move`]):
/// entered on a square, stepped from one square to another, or along a capture route.
/// What kind of move it is in the game's terms (an entry or the shadowpiece, a step or
/// a line advance) is [`MoveKind`](crate::MoveKind), which needs
/// the position ([`Introspect::describe`](crate::Introspect::describe)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MovePath {
    /// Entering `men` men from hand as one new column on a vacant square: one man, or
    /// in Emergo the shadowpiece (all men left in hand).
    Entry {
        /// Where the men are put.
        to: Square,
        /// How many men are entered.
        men: u8,
    },
    /// A non-capturing move of a whole column from one square to another.
    Step {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
    },
    /// A capture along a route.
    Capture(Route),
}

/// A move of a stack-board game (Emergo and its family) on a board of shape `B`.
///
/// Moves are small and `Copy`. [`Display`](fmt::Display) writes the standard notation:
/// `e4` for an entry (the shadowpiece too), `e4-e5` for a step, `e4xc4xc6` for a
/// capture (origin and every landing square).
pub struct Move<B: Board> {
    path: MovePath,
    board: PhantomData<B>,
}

impl<B: Board> Clone for Move<B> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}
impl<B: Board> Copy for Move<B> {}
impl<B: Board> PartialEq for Move<B> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.path == other.path
    }
}
impl<B: Board> Eq for Move<B> {}
impl<B: Board> core::hash::Hash for Move<B> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.path.hash(state)
    }
}

impl<B: Board> Move<B> {
    /// Wraps a [`MovePath`]. Whether it is legal is for a position to say.
    #[inline]
    pub const fn new(path: MovePath) -> Self {
        Move {
            path,
            board: PhantomData,
        }
    }

    /// An entry of `men` men on `to`.
    #[inline]
    pub const fn entry(to: Square, men: u8) -> Self {
        Move::new(MovePath::Entry { to, men })
    }

    /// A step from `from` to `to`.
    #[inline]
    pub const fn step(from: Square, to: Square) -> Self {
        Move::new(MovePath::Step { from, to })
    }

    /// A capture along `route`.
    #[inline]
    pub const fn capture(route: Route) -> Self {
        Move::new(MovePath::Capture(route))
    }

    /// Where the men go.
    #[inline]
    pub const fn path(&self) -> &MovePath {
        &self.path
    }

    /// The square the move starts from: the column that steps or captures; `None` for
    /// an entry (the men come from hand).
    #[inline]
    pub fn origin(&self) -> Option<Square> {
        match self.path {
            MovePath::Entry { .. } => None,
            MovePath::Step { from, .. } => Some(from),
            MovePath::Capture(r) => Some(r.origin()),
        }
    }

    /// The square the move ends on (for an entry, where it enters).
    #[inline]
    pub fn destination(&self) -> Square {
        match self.path {
            MovePath::Entry { to, .. } | MovePath::Step { to, .. } => to,
            MovePath::Capture(r) => r.destination(),
        }
    }

    /// Whether the move is a capture.
    #[inline]
    pub fn is_capture(&self) -> bool {
        matches!(self.path, MovePath::Capture(_))
    }

    /// The number of men captured: one per jump of a capture (a column game takes the
    /// top man of each column jumped; a removal game one piece a jump), 0 for other
    /// moves.
    #[inline]
    pub fn men_captured(&self) -> usize {
        match &self.path {
            MovePath::Capture(r) => r.len(),
            _ => 0,
        }
    }

    /// Writes the move with `sep` between the squares of a capture (`x` in the
    /// standard notation, `:` in Russian notation).
    pub fn write_with(&self, capture_sep: &str, f: &mut impl fmt::Write) -> fmt::Result {
        self.write_with_separators("-", capture_sep, f)
    }

    /// Writes the move with `step_sep` between the two squares of a step (`-`, or
    /// nothing in Dameo's `d1b3`) and `capture_sep` between the squares of a capture.
    pub fn write_with_separators(
        &self,
        step_sep: &str,
        capture_sep: &str,
        f: &mut impl fmt::Write,
    ) -> fmt::Result {
        let g = B::geometry();
        match self.path {
            MovePath::Entry { to, .. } => f.write_str(g.name(to)),
            MovePath::Step { from, to } => {
                write!(f, "{}{step_sep}{}", g.name(from), g.name(to))
            }
            MovePath::Capture(r) => r.write(g, capture_sep, f),
        }
    }
}

impl<B: Board> fmt::Display for Move<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_with("x", f)
    }
}

impl<B: Board> fmt::Debug for Move<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

impl<B: Board> MoveSquares for Move<B> {
    fn origin(&self) -> Option<Square> {
        Move::origin(self)
    }

    fn landings(&self) -> Squares {
        match &self.path {
            MovePath::Entry { to, .. } | MovePath::Step { to, .. } => Squares::from_slice(&[*to]),
            MovePath::Capture(r) => Squares::from_slice(r.landings()),
        }
    }

    fn destination(&self) -> Square {
        Move::destination(self)
    }

    fn men_captured(&self) -> usize {
        Move::men_captured(self)
    }
}

/// A reusable list of moves. Keep one per search depth and pass it to
/// [`Position::legal_moves`](crate::Position::legal_moves), which clears it first: after
/// the first calls it never allocates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveList<M>(Vec<M>);

impl<M> MoveList<M> {
    /// An empty list.
    pub fn new() -> Self {
        MoveList(Vec::with_capacity(64))
    }

    /// Empties the list, keeping its capacity.
    #[inline]
    pub fn clear(&mut self) {
        self.0.clear()
    }

    /// Appends a move.
    #[inline]
    pub fn push(&mut self, m: M) {
        self.0.push(m)
    }

    /// The underlying vector.
    pub fn as_vec_mut(&mut self) -> &mut Vec<M> {
        &mut self.0
    }

    /// Turns the list into a vector.
    pub fn into_vec(self) -> Vec<M> {
        self.0
    }
}

impl<M> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M> Deref for MoveList<M> {
    type Target = [M];
    fn deref(&self) -> &[M] {
        &self.0
    }
}

impl<M> DerefMut for MoveList<M> {
    fn deref_mut(&mut self) -> &mut [M] {
        &mut self.0
    }
}

impl<'a, M> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = core::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::hash::{Hash, Hasher};

    /// The bytes a value hashes, in order.
    #[derive(Default)]
    struct Bytes(Vec<u8>);

    impl Hasher for Bytes {
        fn finish(&self) -> u64 {
            0
        }
        fn write(&mut self, bytes: &[u8]) {
            self.0.extend_from_slice(bytes);
        }
    }

    fn hashed(r: &Route) -> Vec<u8> {
        let mut h = Bytes::default();
        r.hash(&mut h);
        h.0
    }

    #[test]
    fn routes_compare_and_hash_by_their_squares_alone() {
        // a search pushes and pops: the popped landing stays in the unused part
        let mut searched = Route::new(Square(3));
        searched.push(Square(12));
        searched.push(Square(21));
        searched.pop();
        let clean = Route::from_squares(Square(3), &[Square(12)]).unwrap();
        assert_eq!(searched, clean);
        assert_eq!(hashed(&searched), hashed(&clean));
        assert_eq!(
            Move::<crate::engine::shapes::dark::Dark8>::capture(searched),
            Move::capture(clean)
        );
        // and routes of other squares differ
        let longer = Route::from_squares(Square(3), &[Square(12), Square(21)]).unwrap();
        assert_ne!(longer, clean);
        assert_ne!(hashed(&longer), hashed(&clean));
        assert_ne!(
            Route::from_squares(Square(4), &[Square(12)]).unwrap(),
            clean
        );
        assert_ne!(
            Route::from_squares(Square(3), &[Square(13)]).unwrap(),
            clean
        );
        assert_ne!(Route::new(Square(3)), clean);
    }
}
