//! What a checkers-like position keeps on its board: a [`Storage`], chosen by the
//! ruleset (`CheckersRules::Storage`), and the moves of the game on it.
//!
//! - [`Columns`]: a column of men on every square, for the column games (Lasca,
//!   Bashni, Stapeldammen), whose captures make prisoners; their captures come from
//!   the column search ([`CaptureGenerator`]).
//! - [`Pieces`]: single men and kings on bitboards, for the removal games (the
//!   draughts games, Dameo), whose captured pieces leave the board when the move ends
//!   ([`CaptureRules::removes_at_end`](crate::engine::capture::CaptureRules::removes_at_end));
//!   their captures come from the bitboard search ([`removal`](crate::engine::removal)),
//!   and a position is a few words. A ruleset that asks for `Pieces` with other
//!   capture rules does not compile:
//!
//! ```compile_fail
//! use column_checkers::engine::board::{Board, Geometry};
//! use column_checkers::engine::capture::{
//!     CapturePolicy, CapturePromotion, CaptureRules, Leap, Majority, Rejump, Reversal, Taking,
//!     Transfer,
//! };
//! use column_checkers::engine::columns::Columns;
//! use column_checkers::engine::quiet::MovePolicy;
//! use column_checkers::engine::square::DirectionSet;
//! use column_checkers::engine::stack::Man;
//! use column_checkers::games::checkers::{CheckersPosition, CheckersRules};
//! use column_checkers::engine::pieces::Pieces;
//! use column_checkers::engine::shapes::dark::Dark8;
//! use column_checkers::{MoveList, Position};
//!
//! #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
//! struct Prisoners;
//! impl CapturePolicy for Prisoners {
//!     const RULES: CaptureRules = CaptureRules {
//!         taking: Taking::Prisoner,
//!         transfer: Transfer::Immediate,
//!         rejump: Rejump::Never,
//!         reversal: None,
//!         majority: Majority::FreeChoice,
//!         promotion: CapturePromotion::Never,
//!     };
//!     fn directions(&self, _: Man) -> DirectionSet { DirectionSet::first(4) }
//!     fn leap(&self, _: Man) -> Leap { Leap::Short }
//! }
//! impl MovePolicy for Prisoners {}
//! impl CheckersRules for Prisoners {
//!     type Board = Dark8;
//!     type Storage = Pieces<Dark8>; // prisoners cannot stand on single pieces
//!     const NAME: &'static str = "prisoners";
//!     const START: &'static str = "c3:w,d4:b w";
//!     const MEN: usize = 12;
//! }
//! let p = CheckersPosition::<Prisoners>::start();
//! let mut moves = MoveList::new();
//! p.legal_moves(&mut moves);
//! ```
//!
//! The same rules on `Columns<Dark8>` compile and play. The perft-only counting of both
//! storages (bulk counting of the last two plies) is in the private submodule `bulk`.

use crate::engine::board::Board;
use crate::engine::capture::{first_jumpers, CaptureGenerator, CapturePolicy, Crowning};
use crate::engine::color::Color;
use crate::engine::columns::Columns;
use crate::engine::moves::{MoveList, MovePath, Route};
use crate::engine::pieces::Pieces;
use crate::engine::quiet::{count_quiet_moves, quiet_moves, quiet_moves_of, MovePolicy};
use crate::engine::removal::{RemovalCaptures, Taken};
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
/// use column_checkers::engine::columns::Columns;
/// use column_checkers::engine::pieces::Pieces;
/// use column_checkers::engine::shapes::dark::Dark8;
/// use column_checkers::engine::storage::Storage;
///
/// // generic code reads either storage through the trait
/// fn pieces_of<S: Storage<B>, B: column_checkers::engine::board::Board>(s: &S, c: Color) -> usize {
///     s.owned(c).count()
/// }
/// let russian = RussianDraughts::start();
/// let lasca = Lasca::start();
/// assert_eq!(pieces_of::<Pieces<Dark8>, _>(russian.board(), Color::White), 12);
/// assert_eq!(pieces_of::<Columns<_>, _>(lasca.board(), Color::Black), 11);
/// assert_eq!(russian.board().columns().occupied().count(), 24);
/// ```
pub trait Storage<B: Board>:
    Ops<B> + bulk::Bulk<B> + Copy + Eq + core::hash::Hash + core::fmt::Debug + Send + Sync + 'static
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

/// Fails to compile for rules whose captures are not a removal game's: the only
/// rules [`Pieces`] can hold (a prisoner needs a column to stand in).
#[inline(always)]
fn removal_rules<P: CapturePolicy + ?Sized>() {
    const {
        assert!(
            P::RULES.removes_at_end(),
            "Pieces serve rules whose captured pieces leave the board when the move ends; keep column games on Columns"
        )
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
    match RemovalCaptures::<B, P>::count_of(policy, side, owned, kings) {
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

    /// The captures come from the bitboard search, out of line (most positions have
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
        let owned = [own, self.owned(!side)];
        let origins = first_jumpers::<B, P>(policy, side, owned, kings, false);
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
    let owned = [pieces.owned(side), pieces.owned(!side)];
    let kings = pieces.kings();
    RemovalCaptures::<B, P>::from_origins(policy, side, owned, kings, origins)
        .routes(|r, t| out.push(M::capture(r, capture_change(pieces, side, &t))));
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
    policy: &P,
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
        MovePath::Capture(ref r) => {
            let (taken, crowned) = trace(policy, pieces, side, r);
            let t = Taken {
                from: r.origin(),
                to: r.destination(),
                pieces: taken,
                crowned,
            };
            capture_change(pieces, side, &t)
        }
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

/// What the capture `route` of `side` takes on `pieces` (the route is trusted, as
/// [`CaptureGenerator::apply`] trusts it): the pieces jumped, and whether the capturer
/// ends the move as a king.
#[cold]
pub(crate) fn trace<B: Board, P: CapturePolicy + ?Sized>(
    _policy: &P,
    pieces: &Pieces<B>,
    side: Color,
    route: &Route,
) -> (SquareSet, bool) {
    let g = B::geometry();
    let origin = route.origin();
    // the jumped pieces stay until the move ends; the capturer's origin is vacant
    let occupied = pieces.occupied() - SquareSet::from_square(origin);
    let promo = promotion::<B, P>(side);
    let mut king = pieces.kings().contains(origin);
    let mut taken = SquareSet::EMPTY;
    let mut at = origin;
    for &l in route.landings() {
        if let Some((d, _)) = g.line_between(at, l) {
            if let Some(x) = g.ray(at, d).find(|&s| occupied.contains(s)) {
                taken.insert(x);
            }
        }
        if !king
            && promo.contains(l)
            && P::RULES.promotion.on_promotion_square() == Crowning::CrownedAndGoesOn
        {
            king = true;
        }
        at = l;
    }
    let crowned = king || (P::RULES.promotion.crowns_at_end() && promo.contains(at));
    (taken, crowned)
}
