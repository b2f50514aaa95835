//! What a checkers-like position keeps on its board: a [`Storage`], which follows from
//! how the ruleset takes men ([`StorageFor`]: a ruleset names its
//! [taking](crate::engine::capture::CapturePolicy::Taking), never its storage), and
//! the moves of the game on it.
//!
//! - [`Columns`]: a column of men on every square, for the column games (Lasca,
//!   Bashni, Stapeldammen), whose captures make prisoners.
//! - [`Pieces`]: single men and kings on bitboards, for the removal games (the
//!   draughts games, Dameo), whose captured pieces leave the board when the move ends
//!   ([`Removed`]); a position is a few words.
//!
//! Both are boards of the one capture traversal ([`CaptureGenerator`]). Prisoners
//! cannot stand on single pieces: the traversal on [`Pieces`] under capture rules
//! that make them does not compile.
//!
//! ```compile_fail
//! use column_checkers::Color;
//! use column_checkers::custom::{
//!     CaptureGenerator, CapturePolicy, CapturePromotion, CaptureRules, Dark8,
//!     DirectionSet, Leap, Majority, Man, Pieces, Prisoners, Rejump,
//! };
//!
//! struct Prisoning;
//! impl CapturePolicy for Prisoning {
//!     type Taking = Prisoners;
//!     const RULES: CaptureRules = CaptureRules {
//!         rejump: Rejump::Never,
//!         reversal: None,
//!         majority: Majority::FreeChoice,
//!         promotion: CapturePromotion::Never,
//!     };
//!     fn directions(&self, _: Man) -> DirectionSet { DirectionSet::first(4) }
//!     fn leap(&self, _: Man) -> Leap { Leap::Short }
//! }
//! let pieces = Pieces::<Dark8>::new();
//! // prisoners cannot stand on single pieces
//! CaptureGenerator::new(&Prisoning, &pieces, Color::White).count();
//! ```
//!
//! The same rules on `Columns<Dark8>` compile and play, and a ruleset under them keeps
//! columns. The perft-only counting of both storages (bulk counting of the last two
//! plies) is in the private submodule `bulk`.

use crate::engine::board::Board;
use crate::engine::capture::{
    CaptureGenerator, CapturePolicy, CaptureStorage, Prisoners, Removed, TakingRule,
};
use crate::engine::color::Color;
use crate::engine::columns::Columns;
use crate::engine::moves::{MoveList, MovePath, Route};
use crate::engine::pieces::{removal_rules, Pieces};
use crate::engine::quiet::{count_quiet_moves, quiet_moves, quiet_moves_of, MovePolicy};
use crate::engine::removal::Taken;
use crate::engine::square::{Square, SquareSet};
use crate::engine::zobrist::single_man_key;
use alloc::borrow::Cow;

mod bulk;

pub(crate) use bulk::Bulk;
pub(crate) use private::{Ops, StoredMove};

/// What stands on the board of a checkers-like position: [`Columns`] or [`Pieces`]
/// (see the [module documentation](self)). The crate implements it for those two; the
/// game's operations on them are the crate's own.
///
/// ```
/// use column_checkers::{Color, Lasca, Position, RussianDraughts};
/// use column_checkers::custom::{Columns, Dark8, Pieces, Storage};
///
/// // generic code reads either storage through the trait
/// fn pieces_of<S: Storage<B>, B: column_checkers::custom::Board>(s: &S, c: Color) -> usize {
///     s.owned(c).count()
/// }
/// let russian = RussianDraughts::start();
/// let lasca = Lasca::start();
/// assert_eq!(pieces_of::<Pieces<Dark8>, _>(russian.board(), Color::White), 12);
/// assert_eq!(pieces_of::<Columns<_>, _>(lasca.board(), Color::Black), 11);
/// assert_eq!(russian.board().columns().occupied().count(), 24);
/// ```
pub trait Storage<B: Board>:
    CaptureStorage<Board = B>
    + Ops<B>
    + bulk::Bulk<B>
    + Copy
    + Eq
    + core::hash::Hash
    + core::fmt::Debug
    + Send
    + Sync
    + 'static
{
    /// Whether a square may hold a column of more than one man.
    const STACKS: bool;

    /// The squares whose piece or column `color` owns (its man on top).
    fn owned(&self, color: Color) -> SquareSet;

    /// The squares whose piece or column is led by a king.
    fn kings(&self) -> SquareSet;

    /// The incremental Zobrist hash of what stands on the board: the XOR of the
    /// [`column_key`](crate::engine::zobrist::column_key)s of its columns (a single
    /// piece is a column of one), whichever the storage.
    fn zobrist(&self) -> u64;

    /// The number of `color`'s men on the board, prisoners included.
    fn men(&self, color: Color) -> usize;

    /// The board as columns: borrowed from [`Columns`], built for [`Pieces`] (one man
    /// a column).
    fn columns(&self) -> Cow<'_, Columns<B>>;
}

/// The storage that a way of taking men ([`TakingRule`]) decides: a column per square
/// where the men taken become prisoners, or are taken at once; single pieces on
/// bitboards where they leave the board when the move ends. A checkers-like ruleset
/// names its taking, never its storage
/// ([`CheckersRules`](crate::games::checkers::CheckersRules)).
///
/// ```
/// use column_checkers::custom::{Columns, Dark8, Pieces, Prisoners, Removed, StorageFor};
///
/// fn same<T>(_: Option<T>, _: Option<T>) {}
/// same(None::<<Prisoners as StorageFor>::Storage<Dark8>>, None::<Columns<Dark8>>);
/// same(None::<<Removed as StorageFor>::Storage<Dark8>>, None::<Pieces<Dark8>>);
/// ```
pub trait StorageFor: TakingRule {
    /// What stands on a board of shape `B` under this taking.
    type Storage<B: Board>: Storage<B>;
}

impl<const WHEN_MOVE_ENDS: bool> StorageFor for Prisoners<WHEN_MOVE_ENDS> {
    type Storage<B: Board> = Columns<B>;
}

impl StorageFor for Removed<true> {
    type Storage<B: Board> = Pieces<B>;
}

/// Pieces removed at once change the board as the capture goes, which the search on
/// [`Pieces`] does not do: columns hold them.
impl StorageFor for Removed<false> {
    type Storage<B: Board> = Columns<B>;
}

/// The game's operations on a storage, for the crate alone (the trait is sealed).
mod private {
    use super::*;

    /// A move of a checkers-like position as a storage makes and plays it: a step or
    /// a capture route, and the storage's [`Change`](Ops::Change) to play it fast.
    pub trait StoredMove<B: Board, C>: Copy {
        /// A quiet move from `from` to `to` that changes the storage by `change`.
        fn step(from: Square, to: Square, change: C) -> Self;
        /// A capture along `route` that changes the storage by `change`.
        fn capture(route: Route, change: C) -> Self;
        /// What the move does.
        fn path(&self) -> &MovePath;
        /// What it changes, as the storage found it ([`Ops::UNKNOWN`] for a move
        /// made elsewhere: the storage then works it out from the path).
        fn change(&self) -> &C;
    }

    /// The game on a storage: legal moves, counting them, playing and taking back.
    pub trait Ops<B: Board>: Sized {
        /// What a move found on this storage carries to be played fast: nothing on
        /// [`Columns`], the XOR masks of its change on [`Pieces`]
        /// ([`PieceChange`]).
        type Change: Copy
            + Default
            + Eq
            + core::hash::Hash
            + core::fmt::Debug
            + Send
            + Sync
            + 'static;

        /// The change of a move made elsewhere: nothing known.
        const UNKNOWN: Self::Change;

        /// The storage of `columns`, which the position text's checks have found fit
        /// for it (single men where the storage does not stack).
        fn from_columns(columns: Columns<B>) -> Self;

        /// [`Storage::zobrist`] recomputed from scratch.
        fn full_hash(&self) -> u64;

        /// Fills `out` (cleared) with the legal moves of `side`: its captures (ruling
        /// of move identity and the majority rule applied), else its quiet moves.
        fn legal_moves<P: MovePolicy, M: StoredMove<B, Self::Change>>(
            &self,
            policy: &P,
            side: Color,
            out: &mut MoveList<M>,
        );

        /// The number of moves [`legal_moves`](Self::legal_moves) lists.
        fn count_moves<P: MovePolicy>(&self, policy: &P, side: Color) -> usize;

        /// Plays `side`'s move `mv`, one of its legal moves.
        fn play<P: MovePolicy, M: StoredMove<B, Self::Change>>(
            &mut self,
            policy: &P,
            side: Color,
            mv: &M,
        );

        /// Makes `self` equal to `parent` again after `mv` was played on a copy of it.
        fn take_back<M: StoredMove<B, Self::Change>>(&mut self, parent: &Self, mv: &M);
    }

    /// What a move of a removal game changes on [`Pieces`], as XOR masks: made with
    /// the move, so that playing it is four XORs (perft plays every move it lists).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct PieceChange {
        /// The mover's squares that change: its origin and destination (none for a
        /// capture that ends where it began).
        pub movers: SquareSet,
        /// The opponent's pieces taken.
        pub taken: SquareSet,
        /// The kings' squares that change: a king's origin and destination, a man
        /// crowned, the kings taken.
        pub kings: SquareSet,
        /// The change of the hash.
        pub hash: u64,
    }

    impl PieceChange {
        /// Whether this is the change of a move made elsewhere, the default (nothing
        /// known): every move found on [`Pieces`] moves a piece or takes one, so its
        /// change is never the default.
        #[inline(always)]
        pub fn is_unknown(&self) -> bool {
            *self == PieceChange::default()
        }
    }
}

pub(crate) use private::PieceChange;

/// The squares where `side`'s men are crowned under `policy` on the board `B`.
#[inline(always)]
fn promotion<B: Board, P: CapturePolicy + ?Sized>(side: Color) -> SquareSet {
    P::RULES.promotion_squares_on::<B>(side)
}

impl<B: Board> Storage<B> for Columns<B> {
    const STACKS: bool = true;

    #[inline]
    fn owned(&self, color: Color) -> SquareSet {
        Columns::owned(self, color)
    }
    #[inline]
    fn kings(&self) -> SquareSet {
        Columns::kings(self)
    }
    #[inline]
    fn zobrist(&self) -> u64 {
        Columns::hash(self)
    }
    fn men(&self, color: Color) -> usize {
        Columns::men(self, color)
    }
    fn columns(&self) -> Cow<'_, Columns<B>> {
        Cow::Borrowed(self)
    }
}

impl<B: Board> Ops<B> for Columns<B> {
    type Change = ();
    const UNKNOWN: () = ();

    fn from_columns(columns: Columns<B>) -> Self {
        columns
    }

    fn full_hash(&self) -> u64 {
        Columns::full_hash(self)
    }

    #[inline]
    fn legal_moves<P: MovePolicy, M: StoredMove<B, ()>>(
        &self,
        policy: &P,
        side: Color,
        out: &mut MoveList<M>,
    ) {
        out.clear();
        CaptureGenerator::new(policy, self, side).routes(|r| out.push(M::capture(r, ())));
        if !out.is_empty() {
            return;
        }
        quiet_moves::<B, P>(
            policy,
            side,
            self.owned(side),
            self.kings(),
            self.vacant(),
            |from, to| out.push(M::step(from, to, ())),
        );
    }

    #[inline]
    fn count_moves<P: MovePolicy>(&self, policy: &P, side: Color) -> usize {
        match CaptureGenerator::new(policy, self, side).count() {
            0 => count_quiet_moves::<B, P>(
                policy,
                side,
                self.owned(side),
                self.kings(),
                self.vacant(),
            ),
            n => n,
        }
    }

    /// A step moves the column and crowns its commander on a promotion square; a
    /// capture is walked along its route ([`CaptureGenerator::apply`]).
    #[inline]
    fn play<P: MovePolicy, M: StoredMove<B, ()>>(&mut self, policy: &P, side: Color, mv: &M) {
        match *mv.path() {
            MovePath::Step { from, to } => {
                self.move_column(from, to);
                let mut s = self.get(to);
                if !s.top_is_king() && promotion::<B, P>(side).contains(to) {
                    s.promote_top();
                    self.set(to, s);
                }
            }
            MovePath::Capture(ref r) => CaptureGenerator::apply(policy, self, side, r),
            MovePath::Entry { .. } => {}
        }
    }

    /// Puts back only the two squares of a step; after any other move the whole board
    /// is copied. A step is taken back here, small enough to inline into the loops
    /// that play moves (perft); any other move out of line.
    #[inline]
    fn take_back<M: StoredMove<B, ()>>(&mut self, parent: &Self, mv: &M) {
        match *mv.path() {
            MovePath::Step { from, to } => {
                let changed = SquareSet::from_square(from) | SquareSet::from_square(to);
                self.restore(parent, changed);
            }
            _ => copy_back(self, parent),
        }
    }
}

/// A whole board copied back, out of line (see [`Ops::take_back`]).
#[inline(never)]
fn copy_back<B: Board>(cols: &mut Columns<B>, parent: &Columns<B>) {
    *cols = *parent;
}

impl<B: Board> Storage<B> for Pieces<B> {
    const STACKS: bool = false;

    #[inline]
    fn owned(&self, color: Color) -> SquareSet {
        Pieces::owned(self, color)
    }
    #[inline]
    fn kings(&self) -> SquareSet {
        Pieces::kings(self)
    }
    #[inline]
    fn zobrist(&self) -> u64 {
        Pieces::hash(self)
    }
    #[inline]
    fn men(&self, color: Color) -> usize {
        Pieces::men(self, color)
    }
    fn columns(&self) -> Cow<'_, Columns<B>> {
        Cow::Owned(self.to_columns())
    }
}

/// The number of legal moves of `side` on the bitboards of a removal game alone:
/// `owned` the squares of the pieces of `side` and of its opponent, `kings` the kings'
/// squares.
#[inline]
pub(crate) fn count_moves_on<B: Board, P: MovePolicy + ?Sized>(
    policy: &P,
    side: Color,
    owned: [SquareSet; 2],
    kings: SquareSet,
) -> usize {
    let pieces = Pieces::<B>::counting(side, owned, kings);
    match CaptureGenerator::new(policy, &pieces, side).count() {
        0 => {
            let vacant = B::all() - (owned[0] | owned[1]);
            count_quiet_moves::<B, P>(policy, side, owned[0], kings, vacant)
        }
        n => n,
    }
}

impl<B: Board> Ops<B> for Pieces<B> {
    type Change = PieceChange;
    const UNKNOWN: PieceChange = PieceChange {
        movers: SquareSet::EMPTY,
        taken: SquareSet::EMPTY,
        kings: SquareSet::EMPTY,
        hash: 0,
    };

    fn from_columns(columns: Columns<B>) -> Self {
        Pieces::from_columns(&columns).expect("the position text's checks allow single men only")
    }

    fn full_hash(&self) -> u64 {
        Pieces::full_hash(self)
    }

    /// The captures come from the capture traversal, out of line (most positions have
    /// none, which the first jumps alone show); the quiet moves are listed here, each
    /// with its change.
    #[inline]
    fn legal_moves<P: MovePolicy, M: StoredMove<B, PieceChange>>(
        &self,
        policy: &P,
        side: Color,
        out: &mut MoveList<M>,
    ) {
        removal_rules::<P>();
        out.clear();
        let (own, kings) = (self.owned(side), self.kings());
        let origins = CaptureGenerator::new(policy, self, side).capturers();
        if !origins.is_empty() {
            return list_captures(self, policy, side, origins, out);
        }
        let promotion = promotion::<B, P>(side);
        quiet_moves_of::<B, P, true>(policy, side, own, kings, self.vacant(), |from, to, king| {
            out.push(M::step(
                from,
                to,
                step_change(side, from, to, king, promotion),
            ))
        });
    }

    #[inline]
    fn count_moves<P: MovePolicy>(&self, policy: &P, side: Color) -> usize {
        removal_rules::<P>();
        count_moves_on::<B, P>(
            policy,
            side,
            [self.owned(side), self.owned(!side)],
            self.kings(),
        )
    }

    /// Four XORs: the change came with the move (a move made elsewhere has its
    /// change worked out first).
    #[inline]
    fn play<P: MovePolicy, M: StoredMove<B, PieceChange>>(
        &mut self,
        policy: &P,
        side: Color,
        mv: &M,
    ) {
        removal_rules::<P>();
        let change = *mv.change();
        if change.is_unknown() {
            return play_unlisted(policy, self, side, mv.path());
        }
        self.xor(side, change.movers, change.taken, change.kings, change.hash);
    }

    #[inline]
    fn take_back<M: StoredMove<B, PieceChange>>(&mut self, parent: &Self, _mv: &M) {
        *self = *parent;
    }
}

/// The captures of `side` on `pieces` from `origins`, its pieces with a first jump,
/// into `out` (cleared), each with its change: out of line, as most positions have
/// none.
#[inline(never)]
fn list_captures<B: Board, P: MovePolicy, M: StoredMove<B, PieceChange>>(
    pieces: &Pieces<B>,
    policy: &P,
    side: Color,
    origins: SquareSet,
    out: &mut MoveList<M>,
) {
    CaptureGenerator::new(policy, pieces, side).moves_from(origins, |r, t| {
        out.push(M::capture(r, capture_change(pieces, side, &t)))
    });
}

/// The change of `side`'s quiet move from `from` to `to` (the piece a king when
/// `king`), crowning a man who arrives on `promotion`; without a branch.
#[inline(always)]
pub(crate) fn step_change(
    side: Color,
    from: Square,
    to: Square,
    king: bool,
    promotion: SquareSet,
) -> PieceChange {
    let (f, t) = (SquareSet::from_square(from), SquareSet::from_square(to));
    let movers = f | t;
    // all ones for a king, else none
    let king_mask = SquareSet(0u64.wrapping_sub(u64::from(king)));
    let crowned = promotion & (t - king_mask);
    PieceChange {
        movers,
        taken: SquareSet::EMPTY,
        kings: (movers & king_mask) | crowned,
        hash: single_man_key(from, side, king)
            ^ single_man_key(to, side, king || !crowned.is_empty()),
    }
}

/// The change of `side`'s capture `taken` found on `pieces`.
#[inline]
pub(crate) fn capture_change<B: Board>(
    pieces: &Pieces<B>,
    side: Color,
    taken: &Taken,
) -> PieceChange {
    let kings = pieces.kings();
    let king = kings.contains(taken.from);
    let (f, t) = (
        SquareSet::from_square(taken.from),
        SquareSet::from_square(taken.to),
    );
    let mut hash = single_man_key(taken.from, side, king)
        ^ single_man_key(taken.to, side, king || taken.crowned);
    for x in taken.pieces {
        hash ^= single_man_key(x, !side, kings.contains(x));
    }
    let mover = if king {
        f ^ t
    } else if taken.crowned {
        t
    } else {
        SquareSet::EMPTY
    };
    PieceChange {
        movers: f ^ t,
        taken: taken.pieces,
        kings: (taken.pieces & kings) | mover,
        hash,
    }
}

/// The change of `side`'s move along `path` on `pieces`, for a move made elsewhere
/// (not from [`Ops::legal_moves`]); the move is trusted, as
/// [`CaptureGenerator::apply`] trusts a route.
#[cold]
pub(crate) fn change_of<B: Board, P: CapturePolicy + ?Sized>(
    _policy: &P,
    pieces: &Pieces<B>,
    side: Color,
    path: &MovePath,
) -> PieceChange {
    match *path {
        MovePath::Step { from, to } => step_change(
            side,
            from,
            to,
            pieces.kings().contains(from),
            promotion::<B, P>(side),
        ),
        MovePath::Capture(ref r) => capture_change(pieces, side, &pieces.trace::<P>(side, r)),
        MovePath::Entry { .. } => PieceChange::default(),
    }
}

/// A move made elsewhere played on `pieces`, out of line.
#[inline(never)]
fn play_unlisted<B: Board, P: CapturePolicy + ?Sized>(
    policy: &P,
    pieces: &mut Pieces<B>,
    side: Color,
    path: &MovePath,
) {
    let c = change_of(policy, pieces, side, path);
    pieces.xor(side, c.movers, c.taken, c.kings, c.hash);
}
