//! A board of single pieces on bitboards: what a position of a removal game (the
//! draughts games, Dameo) holds, where every square has at most one man or king.
//!
//! [`Pieces`] is a few words — each side's squares, the kings' squares and the
//! incremental Zobrist hash — so a position is copied as cheaply as a move. Its hash
//! is the one [`Columns`] gives the same men, a [`single_man_key`] per piece, so a
//! removal game's hashes do not depend on how its position is stored.

use crate::alloc_prelude::*;
use crate::engine::board::Board;
use crate::engine::color::Color;
use crate::engine::columns::Columns;
use crate::engine::square::{Square, SquareSet, MAX_SQUARES};
use crate::engine::stack::{Man, Rank, Stack};
use crate::engine::zobrist::single_man_key;
use core::fmt;
use core::marker::PhantomData;

/// Single men and kings on a board of shape `B`, as bitboards.
///
/// It keeps, in step with every change, the XOR of the [`single_man_key`]s of its
/// pieces: the [`Columns::hash`] of the same men.
///
/// ```
/// use column_checkers::{Color, SquareSet};
/// use column_checkers::engine::board::Board;
/// use column_checkers::engine::columns::Columns;
/// use column_checkers::engine::pieces::Pieces;
/// use column_checkers::engine::shapes::dark::Dark10;
/// use column_checkers::engine::stack::{Man, Stack};
///
/// let g = Dark10::geometry();
/// let sq = |n| g.parse_square(n).unwrap();
/// let mut pieces = Pieces::<Dark10>::new();
/// pieces.put(sq("32"), Man::new(Color::White));
/// pieces.put(sq("19"), Man::king(Color::Black));
/// pieces.move_piece(sq("32"), sq("28"));
/// assert_eq!(pieces.get(sq("28")), Some(Man::new(Color::White)));
/// assert_eq!(pieces.kings(), SquareSet::from_square(sq("19")));
///
/// // the hash of the same men as columns
/// let mut cols = Columns::<Dark10>::new();
/// cols.set(sq("28"), Stack::single(Man::new(Color::White)));
/// cols.set(sq("19"), Stack::single(Man::king(Color::Black)));
/// assert_eq!(pieces.hash(), cols.hash());
/// assert_eq!(Pieces::from_columns(&cols), Some(pieces));
/// ```
pub struct Pieces<B: Board> {
    owned: [SquareSet; 2],
    kings: SquareSet,
    hash: u64,
    board: PhantomData<B>,
}

impl<B: Board> Clone for Pieces<B> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}
impl<B: Board> Copy for Pieces<B> {}

impl<B: Board> PartialEq for Pieces<B> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.owned == other.owned && self.kings == other.kings
    }
}
impl<B: Board> Eq for Pieces<B> {}

impl<B: Board> core::hash::Hash for Pieces<B> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.owned.hash(state);
        self.kings.hash(state);
    }
}

impl<B: Board> Default for Pieces<B> {
    fn default() -> Self {
        Self::new()
    }
}

impl<B: Board> Pieces<B> {
    /// An empty board.
    ///
    /// # Panics
    /// When the board `B` has more than [`MAX_SQUARES`] squares (a programming error:
    /// the sets are bitboards of one `u64`).
    pub fn new() -> Self {
        assert!(
            B::geometry().len() <= MAX_SQUARES,
            "Pieces serve boards of at most 64 squares"
        );
        Pieces {
            owned: [SquareSet::EMPTY; 2],
            kings: SquareSet::EMPTY,
            hash: 0,
            board: PhantomData,
        }
    }

    /// The same men as `columns`, or `None` when a column there holds more than one.
    pub fn from_columns(columns: &Columns<B>) -> Option<Self> {
        let mut pieces = Self::new();
        for (sq, s) in columns.iter() {
            if s.height() != 1 {
                return None;
            }
            pieces.put(sq, s.top()?);
        }
        Some(pieces)
    }

    /// The same men as columns of one man each.
    pub fn to_columns(&self) -> Columns<B> {
        let mut columns = Columns::new();
        for (sq, man) in self.iter() {
            columns.set(sq, Stack::single(man));
        }
        columns
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn get(&self, sq: Square) -> Option<Man> {
        let color = if self.owned[0].contains(sq) {
            Color::White
        } else if self.owned[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        Some(Man {
            color,
            rank: if self.kings.contains(sq) {
                Rank::King
            } else {
                Rank::Man
            },
        })
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn owned(&self, color: Color) -> SquareSet {
        self.owned[color.index()]
    }

    /// The squares of the kings (of both sides).
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

    /// The number of `color`'s pieces.
    #[inline]
    pub fn men(&self, color: Color) -> usize {
        self.owned[color.index()].count()
    }

    /// The XOR of the [`single_man_key`]s of the pieces.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Recomputes [`hash`](Self::hash) from scratch (for checking the incremental one).
    pub fn full_hash(&self) -> u64 {
        self.iter().fold(0, |h, (sq, m)| {
            h ^ single_man_key(sq, m.color, m.rank == Rank::King)
        })
    }

    /// Puts `man` on `sq`, replacing what stood there.
    #[inline]
    pub fn put(&mut self, sq: Square, man: Man) {
        self.remove(sq);
        let king = man.rank == Rank::King;
        self.hash ^= single_man_key(sq, man.color, king);
        self.owned[man.color.index()].insert(sq);
        self.kings.set(sq, king);
    }

    /// Takes the piece off `sq` and answers it (`None` when `sq` is vacant).
    #[inline]
    pub fn remove(&mut self, sq: Square) -> Option<Man> {
        let man = self.get(sq)?;
        self.hash ^= single_man_key(sq, man.color, man.rank == Rank::King);
        self.owned[man.color.index()].remove(sq);
        self.kings.remove(sq);
        Some(man)
    }

    /// Moves the piece on `from` to the vacant square `to` (nothing when `from` is
    /// vacant).
    #[inline]
    pub fn move_piece(&mut self, from: Square, to: Square) {
        debug_assert!(!self.occupied().contains(to) || from == to);
        let color = if self.owned[0].contains(from) {
            Color::White
        } else if self.owned[1].contains(from) {
            Color::Black
        } else {
            return;
        };
        let king = self.kings.contains(from);
        self.hash ^= single_man_key(from, color, king) ^ single_man_key(to, color, king);
        let both = SquareSet::from_square(from) ^ SquareSet::from_square(to);
        self.owned[color.index()] ^= both;
        if king {
            self.kings ^= both;
        }
    }

    /// Crowns the man on `sq` (nothing when `sq` holds a king or nothing).
    #[inline]
    pub fn crown(&mut self, sq: Square) {
        if let Some(Man {
            color,
            rank: Rank::Man,
        }) = self.get(sq)
        {
            self.hash ^= single_man_key(sq, color, false) ^ single_man_key(sq, color, true);
            self.kings.insert(sq);
        }
    }

    /// Applies a move's change as XOR masks: `color`'s squares `movers`, the
    /// opponent's `taken`, the kings' `kings`, the hash `hash`.
    #[inline(always)]
    pub(crate) fn xor(
        &mut self,
        color: Color,
        movers: SquareSet,
        taken: SquareSet,
        kings: SquareSet,
        hash: u64,
    ) {
        self.owned[color.index()] ^= movers;
        self.owned[(!color).index()] ^= taken;
        self.kings ^= kings;
        self.hash ^= hash;
    }

    /// The pieces, by square.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Man)> + '_ {
        self.occupied()
            .iter()
            .map(move |sq| (sq, self.get(sq).expect("occupied")))
    }
}

impl<B: Board> fmt::Debug for Pieces<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = B::geometry();
        f.debug_map()
            .entries(
                self.iter()
                    .map(|(sq, m)| (g.name(sq).to_string(), m.char())),
            )
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::removal::Taken;
    use crate::engine::shapes::dark::Dark10;
    use crate::engine::storage::{capture_change, step_change};
    use crate::tools::rng::SplitMix64;

    fn same(p: &Pieces<Dark10>, c: &Columns<Dark10>) {
        assert_eq!(p.hash(), c.hash());
        assert_eq!(p.hash(), p.full_hash());
        assert_eq!(p.kings(), c.kings());
        for color in Color::ALL {
            assert_eq!(p.owned(color), c.owned(color));
            assert_eq!(p.men(color), c.men(color));
        }
        assert_eq!(p.to_columns(), *c);
        assert_eq!(Pieces::from_columns(c).as_ref(), Some(p));
    }

    /// `Hash` agrees with `Eq` (the incremental hash field aside) and tells boards
    /// apart by their men and by their kings, as a `HashSet` of positions needs.
    #[test]
    fn hash_follows_the_men_and_kings() {
        use core::hash::{Hash, Hasher};
        let digest = |p: &Pieces<Dark10>| {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            Hash::hash(p, &mut h);
            h.finish()
        };
        let mut man = Pieces::<Dark10>::new();
        man.put(Square(7), Man::new(Color::White));
        let mut king = man;
        king.crown(Square(7));
        let mut black = Pieces::<Dark10>::new();
        black.put(Square(7), Man::new(Color::Black));
        let mut moved = man;
        moved.move_piece(Square(7), Square(8));
        let boards = [Pieces::new(), man, king, black, moved];
        for (i, a) in boards.iter().enumerate() {
            for (j, b) in boards.iter().enumerate() {
                assert_eq!(i == j, digest(a) == digest(b), "{i} {j}");
            }
        }
        // the same men reached another way: the same digest
        let mut back = moved;
        back.move_piece(Square(8), Square(7));
        assert_eq!(digest(&back), digest(&man));
    }

    /// Every change against the same change on columns of one man: the same owners,
    /// kings, men and hash.
    #[test]
    fn changes_are_those_of_columns() {
        let mut rng = SplitMix64::new(3);
        let mut p = Pieces::<Dark10>::new();
        let mut c = Columns::<Dark10>::new();
        let n = Dark10::geometry().len();
        for _ in 0..20_000 {
            let sq = Square(rng.below(n) as u8);
            let to = Square(rng.below(n) as u8);
            let color = Color::from_index(rng.below(2));
            let man = if rng.below(3) == 0 {
                Man::king(color)
            } else {
                Man::new(color)
            };
            match rng.below(6) {
                0 => {
                    p.put(sq, man);
                    c.set(sq, Stack::single(man));
                }
                1 => {
                    assert_eq!(p.remove(sq), c.get(sq).top());
                    c.set(sq, Stack::EMPTY);
                }
                2 if c.get(to).is_empty() || to == sq => {
                    p.move_piece(sq, to);
                    c.move_column(sq, to);
                }
                3 => {
                    p.crown(sq);
                    let mut s = c.get(sq);
                    if !s.is_empty() {
                        s.promote_top();
                        c.set(sq, s);
                    }
                }
                4 if (c.get(to).is_empty() || to == sq) && c.get(sq).owner() == Some(color) => {
                    // a capture: a few of the enemy's pieces taken, perhaps crowned
                    let pieces = SquareSet(rng.next_u64()) & c.owned(!color);
                    let crowned = rng.below(2) == 0;
                    let t = Taken {
                        from: sq,
                        to,
                        pieces,
                        crowned,
                    };
                    let ch = capture_change(&p, color, &t);
                    p.xor(color, ch.movers, ch.taken, ch.kings, ch.hash);
                    for x in pieces {
                        c.set(x, Stack::EMPTY);
                    }
                    c.move_column(sq, to);
                    let mut s = c.get(to);
                    if crowned && !s.top_is_king() {
                        s.promote_top();
                        c.set(to, s);
                    }
                }
                5 if c.get(to).is_empty() && c.get(sq).owner() == Some(color) => {
                    // a step, perhaps onto a promotion square
                    let promotion = SquareSet(rng.next_u64());
                    let king = c.get(sq).top_is_king();
                    let ch = step_change(color, sq, to, king, promotion);
                    p.xor(color, ch.movers, ch.taken, ch.kings, ch.hash);
                    c.move_column(sq, to);
                    if !king && promotion.contains(to) {
                        let mut s = c.get(to);
                        s.promote_top();
                        c.set(to, s);
                    }
                }
                _ => {}
            }
            same(&p, &c);
        }
        assert!(!p.kings().is_empty() && p.occupied().count() > 10);
    }

    #[test]
    fn columns_of_two_are_not_pieces() {
        let mut c = Columns::<Dark10>::new();
        let mut s = Stack::single(Man::new(Color::White));
        s.push_bottom(Man::new(Color::Black));
        c.set(Square(4), s);
        assert_eq!(Pieces::from_columns(&c), None);
        let p = Pieces::<Dark10>::new();
        assert_eq!(p.get(Square(4)), None);
        assert_eq!(format!("{p:?}"), "{}");
    }
}
