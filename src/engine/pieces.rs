//! A board of single pieces on bitboards: what a position of a removal game (the
//! draughts games, Dameo) holds, where every square has at most one man or king.
//!
//! [`Pieces`] is a few words — each side's squares, the kings' squares and the
//! incremental Zobrist hash — so a position is copied as cheaply as a move. Its hash
//! is the one [`Columns`] gives the same men, a [`single_man_key`] per piece, so a
//! removal game's hashes do not depend on how its position is stored.

use crate::alloc_prelude::*;
use crate::engine::board::Board;
use crate::engine::capture::sealed::{
    count_by_search, identities_by_search, moves_by_search, Searched,
};
use crate::engine::capture::{
    first_jumpers, follow, group_jumpers, CapturePolicy, CaptureStorage, Decided, Follow, Leap,
};
use crate::engine::color::Color;
use crate::engine::columns::Columns;
use crate::engine::moves::Route;
use crate::engine::removal::{count_single_jumps, Taken};
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
/// use column_checkers::custom::{Board, Columns, Dark10, Man, Pieces, Stack};
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

// The capture traversal on bitboards

impl<B: Board> Pieces<B> {
    /// The board of `side`'s pieces `owned[0]`, its opponent's `owned[1]` and the
    /// kings `kings`, without its hash: a board to count moves on (perft's bitboard
    /// leaves), which never reads it.
    #[inline(always)]
    pub(crate) fn counting(side: Color, owned: [SquareSet; 2], kings: SquareSet) -> Self {
        let mut sides = [SquareSet::EMPTY; 2];
        sides[side.index()] = owned[0];
        sides[(!side).index()] = owned[1];
        Pieces {
            owned: sides,
            kings,
            hash: 0,
            board: PhantomData,
        }
    }

    /// Calls `out` with what each of `side`'s capture moves from `origins` (its pieces
    /// with a first jump) does, in no particular order, without their routes: how
    /// perft makes its positions without a list.
    #[inline(always)]
    pub(crate) fn capture_identities<P: CapturePolicy + ?Sized>(
        &self,
        policy: &P,
        side: Color,
        origins: SquareSet,
        out: impl FnMut(Taken),
    ) {
        identities_by_search(self, policy, side, origins, out)
    }

    /// What `side`'s capture `route` does (found here: it is trusted): the pieces it
    /// takes and whether the capturer ends it as a king.
    pub(crate) fn trace<P: CapturePolicy + ?Sized>(&self, side: Color, route: &Route) -> Taken {
        let mut pieces = SquareSet::EMPTY;
        let crowned = self.follow::<P>(side, route, |x| pieces.insert(x));
        Taken {
            from: route.origin(),
            to: route.destination(),
            pieces,
            crowned,
        }
    }

    /// [`follow`] on these pieces: the pieces jumped stay until the move ends, the
    /// capturer's origin is vacant.
    #[inline]
    fn follow<P: CapturePolicy + ?Sized>(
        &self,
        side: Color,
        route: &Route,
        on_take: impl FnMut(Square),
    ) -> bool {
        /// The board a route of a removal game crosses.
        struct Crossed<F> {
            occupied: SquareSet,
            on_take: F,
        }
        impl<F: FnMut(Square)> Follow for Crossed<F> {
            fn occupied(&self, sq: Square) -> bool {
                self.occupied.contains(sq)
            }
            fn take(&mut self, x: Square) {
                (self.on_take)(x)
            }
        }
        let origin = route.origin();
        let mut board = Crossed {
            occupied: self.occupied() - SquareSet::from_square(origin),
            on_take,
        };
        follow::<B, P>(side, route, self.kings.contains(origin), &mut board)
    }
}

/// Pieces are the capture traversal's board of the removal games: the pieces taken
/// stay until the move ends, so a search changes nothing on the board but the
/// capturer's origin, and a route's move is named exactly by its [`Taken`] (origin,
/// destination, pieces taken, crowning). Captures of men that are all single jumps are
/// counted and listed on whole sets ([`removal`](crate::engine::removal)), without
/// the search.
impl<B: Board> CaptureStorage for Pieces<B> {}

impl<B: Board> Searched for Pieces<B> {
    type Board = B;

    #[inline]
    fn held(&self, color: Color) -> SquareSet {
        self.owned[color.index()]
    }
    #[inline]
    fn crowned(&self) -> SquareSet {
        self.kings
    }

    type Identity = Taken;
    const EXACT: bool = true;
    type Jumps<'a> = PieceJumps;

    #[inline(always)]
    fn jumps<P: CapturePolicy + ?Sized>(&self, side: Color) -> PieceJumps {
        removal_rules::<P>();
        let vacant = self.vacant();
        PieceJumps::new(self.owned[(!side).index()], vacant, self.kings)
    }

    #[inline(always)]
    fn identity(from: Square, to: Square, jumped: SquareSet, crowned: bool) -> Taken {
        Taken {
            from,
            to,
            pieces: jumped,
            crowned,
        }
    }

    fn play_route<P: CapturePolicy + ?Sized>(&mut self, _policy: &P, side: Color, route: &Route) {
        removal_rules::<P>();
        let t = self.trace::<P>(side, route);
        for x in t.pieces {
            self.remove(x);
        }
        self.move_piece(t.from, t.to);
        if t.crowned {
            self.crown(t.to);
        }
    }

    fn follow_route<P: CapturePolicy + ?Sized>(
        &self,
        _policy: &P,
        side: Color,
        route: &Route,
        on_take: impl FnMut(Square),
    ) {
        removal_rules::<P>();
        self.follow::<P>(side, route, on_take);
    }

    #[inline]
    fn board_hash(&self) -> u64 {
        self.hash
    }

    /// Where only men capture, and only by single jumps, the moves are counted on
    /// whole sets ([`count_single_jumps`]) without a search.
    #[inline]
    fn count_all<P: CapturePolicy + ?Sized>(&self, policy: &P, side: Color) -> usize {
        let man = Man::new(side);
        let (own, enemy) = (self.owned(side), self.owned(!side));
        if policy.leap(man) == Leap::Short && !enemy.is_empty() {
            let vacant = B::all() - (own | enemy);
            let own_kings = own & self.kings;
            let king = Man::king(side);
            if own_kings.is_empty()
                || group_jumpers::<B, P>(policy, king, own_kings, enemy, vacant, true).is_empty()
            {
                let men = own - self.kings;
                if let Some(n) = count_single_jumps::<B, P>(policy, side, men, enemy, vacant) {
                    return n;
                }
            }
        }
        let origins = first_jumpers::<B, P>(policy, side, [own, enemy], self.kings, false);
        if origins.is_empty() {
            return 0;
        }
        count_by_search(self, policy, side, origins)
    }

    /// From men alone, single jumps are counted on whole sets where every capture is
    /// one.
    #[inline]
    fn count_from<P: CapturePolicy + ?Sized>(
        &self,
        policy: &P,
        side: Color,
        origins: SquareSet,
    ) -> usize {
        if (origins & self.kings).is_empty() && policy.leap(Man::new(side)) == Leap::Short {
            let enemy = self.owned(!side);
            if let Some(n) = count_single_jumps::<B, P>(policy, side, origins, enemy, self.vacant())
            {
                return n;
            }
        }
        count_by_search(self, policy, side, origins)
    }

    /// Where every capture is a single jump of a man, the jumps by origin, then
    /// direction, as the search finds them.
    #[inline]
    fn moves_from<P: CapturePolicy + ?Sized>(
        &self,
        policy: &P,
        side: Color,
        origins: SquareSet,
        mut out: impl FnMut(Route, Taken),
    ) {
        let man = Man::new(side);
        if (origins & self.kings).is_empty() && policy.leap(man) == Leap::Short {
            let vacant = self.vacant();
            let enemy = self.owned(!side);
            if count_single_jumps::<B, P>(policy, side, origins, enemy, vacant).is_some() {
                let g = B::geometry();
                let promo = P::RULES.promotion_squares_on::<B>(side);
                let dirs = policy.directions(man);
                for from in origins {
                    for d in dirs.iter() {
                        let Some(x) = g.neighbour(from, d).filter(|&x| enemy.contains(x)) else {
                            continue;
                        };
                        let Some(to) = g.neighbour(x, d).filter(|&t| vacant.contains(t)) else {
                            continue;
                        };
                        let mut route = Route::new(from);
                        route.push(to);
                        let t = Taken {
                            from,
                            to,
                            pieces: SquareSet::from_square(x),
                            crowned: P::RULES.promotion.crowns_at_end() && promo.contains(to),
                        };
                        out(route, t);
                    }
                }
                return;
            }
        }
        moves_by_search(self, policy, side, origins, out)
    }
}

/// Fails to compile for rules whose captures are not a removal game's: the only
/// rules [`Pieces`] can hold (a prisoner needs a column to stand in).
#[inline(always)]
pub(crate) fn removal_rules<P: CapturePolicy + ?Sized>() {
    const {
        assert!(
            P::REMOVES_AT_END,
            "Pieces serve rules whose captured pieces leave the board when the move ends; keep column games on Columns"
        )
    }
}

/// The board of a capture search on pieces (a private module: the type is the
/// traversal's alone).
mod search_board {
    use crate::engine::capture::sealed::Jumps;
    use crate::engine::square::{Square, SquareSet};

    /// Pieces as a capture search sees them: the pieces taken stay until the move ends, so
    /// the only change is the capturer's origin, vacant during its search.
    pub struct PieceJumps {
        enemy: SquareSet,
        /// The position's vacant squares.
        board_vacant: SquareSet,
        /// The vacant squares with the capturer's origin.
        vacant: SquareSet,
        kings: SquareSet,
    }

    impl PieceJumps {
        #[inline(always)]
        pub(super) fn new(enemy: SquareSet, vacant: SquareSet, kings: SquareSet) -> Self {
            PieceJumps {
                enemy,
                board_vacant: vacant,
                vacant,
                kings,
            }
        }
    }

    impl Jumps for PieceJumps {
        type Undo = ();

        #[inline(always)]
        fn lift(&mut self, origin: Square) -> bool {
            self.vacant = self.board_vacant | SquareSet::from_square(origin);
            self.kings.contains(origin)
        }

        #[inline(always)]
        fn put_back(&mut self, _origin: Square) {}

        #[inline(always)]
        fn vacant(&self) -> SquareSet {
            self.vacant
        }

        #[inline(always)]
        fn enemy(&self) -> SquareSet {
            self.enemy
        }

        /// Never called: the rules of [`Pieces`] take the pieces when the move ends.
        #[inline(always)]
        fn take_top(&mut self, _x: Square) {}

        #[inline(always)]
        fn put_top(&mut self, _x: Square, _undo: ()) {}
    }
}

use search_board::PieceJumps;

#[cfg(test)]
mod tests {
    use super::*;
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
