//! Counting shortcuts: what perft and random playouts ask of a position beyond the
//! game itself, each with a default body that uses [`Position`] alone.
//!
//! A ruleset overrides them where its storage can answer faster (bulk counting from
//! bitboards, taking a move back in place, picking a random move without listing
//! the others); every override must give exactly what the default gives. A position
//! type written outside the crate gets them all with one line, `impl Counting for
//! MyGame {}` ([`Position`]'s docs show a whole game written so).

use crate::engine::moves::MoveList;
use crate::engine::outcome::Outcome;
use crate::engine::position::Position;

/// The counting shortcuts of [`perft`](crate::engine::perft::perft) and
/// [`random_playout`](crate::tools::playout::random_playout), with default bodies.
pub trait Counting: Position {
    /// The number of legal moves: what [`legal_moves`](Position::legal_moves) would
    /// list, often cheaper (bulk counting in perft).
    ///
    /// ```
    /// use column_checkers::{Counting, Emergo, Position};
    /// assert_eq!(Emergo::start().count_legal_moves(), 40);
    /// ```
    fn count_legal_moves(&self) -> usize {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.len()
    }

    /// [`outcome`](Position::outcome) for a caller that has listed the legal moves already:
    /// `legal` is this position's [`legal_moves`](Position::legal_moves) list, which is then
    /// not made or counted again (a game played move by move lists every position's
    /// moves anyway, as a batched environment does). The same answer as `outcome`; the
    /// default asks `outcome`, which lists or counts the moves itself.
    ///
    /// ```
    /// use column_checkers::{BrazilianDraughts, Counting, EndReason, MoveList, Outcome, Position};
    ///
    /// // the kings could move, but 20 moves of kings each have been played: a draw
    /// let pos: BrazilianDraughts = "c1:W,h8:B w draws:40/0".parse().unwrap();
    /// let mut legal = MoveList::new();
    /// pos.legal_moves(&mut legal);
    /// assert!(!legal.is_empty());
    /// let draw = Some(Outcome::Draw { reason: EndReason::KingMoves });
    /// assert_eq!(pos.outcome_among(&legal), draw);
    /// assert_eq!(pos.outcome(), draw);
    /// ```
    fn outcome_among(&self, legal: &[Self::Move]) -> Option<Outcome> {
        let _ = legal;
        self.outcome()
    }

    /// The sum over `moves` (legal moves of this position) of the number of legal
    /// replies after each: perft's work one ply above the leaves. The default plays
    /// each move on a copy; a ruleset may play and take back in place instead.
    ///
    /// ```
    /// use column_checkers::{perft, Counting, Lasca, MoveList, Position};
    ///
    /// let p = Lasca::start();
    /// let mut moves = MoveList::new();
    /// p.legal_moves(&mut moves);
    /// assert_eq!(p.count_replies(&moves), perft(&p, 2));
    /// ```
    fn count_replies(&self, moves: &[Self::Move]) -> u64 {
        moves
            .iter()
            .map(|mv| {
                let mut next = self.clone();
                next.play_unchecked(mv);
                next.count_legal_moves() as u64
            })
            .sum()
    }

    /// The number of move sequences of two plies from this position: the sum over its
    /// legal moves of the number of legal replies after each (perft of depth 2, with
    /// bulk counting). `scratch` is a list to use; its contents afterwards are
    /// unspecified. The default fills it with [`legal_moves`](Position::legal_moves)
    /// and answers [`count_replies`](Self::count_replies); a ruleset may count without
    /// listing the moves.
    ///
    /// ```
    /// use column_checkers::{perft, Counting, InternationalDraughts, MoveList, Position};
    ///
    /// let p = InternationalDraughts::start();
    /// let mut scratch = MoveList::new();
    /// assert_eq!(p.count_two_plies(&mut scratch), 81);
    /// assert_eq!(p.count_two_plies(&mut scratch), perft(&p, 2));
    /// ```
    fn count_two_plies(&self, scratch: &mut MoveList<Self::Move>) -> u64 {
        self.legal_moves(scratch);
        self.count_replies(scratch)
    }

    /// Plays each legal move and calls `visit` with the position it leads to, played
    /// as [`play_for_counting`](Self::play_for_counting) plays it (board, hash and side
    /// to move), one call per legal move, in no particular order: how
    /// [`perft`](crate::engine::perft::perft) plays the plies it does not count in
    /// bulk, and [`perft_without_bulk`](crate::engine::perft::perft_without_bulk) every
    /// ply. `scratch` is a list to use; its contents afterwards are unspecified. The
    /// default lists the moves in `scratch`, plays each on one copy and takes it back
    /// with [`restore`](Self::restore); a ruleset may make each position as it finds
    /// the move, without listing it.
    ///
    /// ```
    /// use column_checkers::{Counting, MoveList, Position, RussianDraughts};
    ///
    /// let start = RussianDraughts::start();
    /// let (mut moves, mut scratch) = (MoveList::new(), MoveList::new());
    /// start.legal_moves(&mut moves);
    /// let mut played = Vec::new();
    /// start.play_each_move(&mut scratch, |next| played.push(next.clone()));
    /// assert_eq!(played.len(), moves.len());
    /// for mv in moves.iter() {
    ///     let mut next = start.clone();
    ///     next.play_unchecked(mv);
    ///     assert!(played.iter().any(|p| *p == next && p.zobrist() == next.zobrist()));
    /// }
    /// ```
    fn play_each_move(&self, scratch: &mut MoveList<Self::Move>, mut visit: impl FnMut(&Self)) {
        self.legal_moves(scratch);
        let mut next = self.clone();
        for mv in scratch.iter() {
            next.play_for_counting(mv);
            visit(&next);
            next.restore(self, mv);
        }
    }

    /// The legal move at index `pick(n)` of the list [`legal_moves`](Position::legal_moves)
    /// makes, `n` being the number of legal moves; `None`, without calling `pick`, when
    /// there is none. `moves` is scratch space. The default lists the moves in `moves`;
    /// a ruleset may find the one move without listing the others
    /// ([`random_playout`](crate::tools::playout::random_playout) chooses its moves
    /// this way).
    ///
    /// # Panics
    /// When `pick(n)` is `n` or more.
    ///
    /// ```
    /// use column_checkers::{Counting, Emergo, MoveList, Position};
    ///
    /// let pos: Emergo = "d4:b,e4:w,e6:b w 0/0".parse().unwrap();
    /// let (mut moves, mut scratch) = (MoveList::new(), MoveList::new());
    /// pos.legal_moves(&mut moves);
    /// for (i, mv) in moves.iter().enumerate() {
    ///     assert_eq!(pos.legal_move_at(|n| { assert_eq!(n, moves.len()); i }, &mut scratch), Some(*mv));
    /// }
    /// ```
    fn legal_move_at(
        &self,
        pick: impl FnOnce(usize) -> usize,
        moves: &mut MoveList<Self::Move>,
    ) -> Option<Self::Move> {
        self.legal_moves(moves);
        if moves.is_empty() {
            return None;
        }
        Some(moves[pick(moves.len())])
    }

    /// Makes `self` equal to `parent` again, after `self` was a copy of `parent` on
    /// which `mv` was played: the take-back of search loops that play each move on one
    /// scratch copy ([`perft`](crate::engine::perft::perft) does). The default copies
    /// `parent` whole; a ruleset may put back only what the move changed.
    ///
    /// ```
    /// use column_checkers::{Counting, MoveList, Position, RussianDraughts};
    ///
    /// let start = RussianDraughts::start();
    /// let mut moves = MoveList::new();
    /// start.legal_moves(&mut moves);
    /// let mut scratch = start.clone();
    /// for mv in moves.iter() {
    ///     scratch.play_unchecked(mv);
    ///     assert_ne!(scratch, start);
    ///     scratch.restore(&start, mv);
    ///     assert_eq!(scratch, start);
    ///     assert_eq!(scratch.zobrist(), start.zobrist());
    /// }
    /// ```
    fn restore(&mut self, parent: &Self, mv: &Self::Move) {
        let _ = mv;
        self.clone_from(parent);
    }

    /// Plays `mv` (legal) for counting alone: afterwards the position must answer its
    /// legal moves and the counts above, and be taken back with
    /// [`restore`](Self::restore), but need not keep what only the end of a game
    /// reads (the draughts games' [counted draws](crate::engine::counted_draws)). Perft
    /// plays its moves so. The default is [`play_unchecked`](Position::play_unchecked).
    ///
    /// ```
    /// use column_checkers::{Counting, InternationalDraughts, MoveList, Position};
    ///
    /// let start = InternationalDraughts::start();
    /// let mut moves = MoveList::new();
    /// start.legal_moves(&mut moves);
    /// let mut counted = start.clone();
    /// counted.play_for_counting(&moves[0]);
    /// let mut played = start.clone();
    /// played.play_unchecked(&moves[0]);
    /// assert_eq!(counted, played);
    /// assert_eq!(counted.count_legal_moves(), played.count_legal_moves());
    /// ```
    #[inline]
    fn play_for_counting(&mut self, mv: &Self::Move) {
        self.play_unchecked(mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alloc_prelude::*;
    use crate::engine::color::Color;
    use crate::engine::error::{MoveParseError, PositionError};
    use crate::engine::outcome::{EndReason, Outcome};
    use crate::engine::perft::perft;
    use crate::games::draughts::InternationalDraughts;
    use crate::games::emergo::Emergo;
    use crate::games::epaminondas::Epaminondas;
    use crate::games::lasca::Lasca;
    use crate::tools::rng::SplitMix64;
    use core::fmt;
    use core::str::FromStr;

    /// A ruleset's position with every counting shortcut left to its default body: the
    /// ruleset's own shortcuts are the oracle.
    #[derive(Clone, Debug, PartialEq, Eq)]
    struct Defaults<P>(P);

    impl<P: Position> fmt::Display for Defaults<P> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            fmt::Display::fmt(&self.0, f)
        }
    }

    impl<P: Position> FromStr for Defaults<P> {
        type Err = PositionError;
        fn from_str(s: &str) -> Result<Self, PositionError> {
            s.parse().map(Defaults)
        }
    }

    impl<P: Position> Position for Defaults<P> {
        type Move = P::Move;
        const NAME: &'static str = P::NAME;
        fn start() -> Self {
            Defaults(P::start())
        }
        fn turn(&self) -> Color {
            self.0.turn()
        }
        fn legal_moves(&self, moves: &mut MoveList<P::Move>) {
            self.0.legal_moves(moves);
        }
        fn play_unchecked(&mut self, mv: &P::Move) {
            self.0.play_unchecked(mv);
        }
        fn outcome(&self) -> Option<Outcome> {
            self.0.outcome()
        }
        fn zobrist(&self) -> u64 {
            self.0.zobrist()
        }
        fn parse_move(&self, text: &str) -> Result<P::Move, MoveParseError> {
            self.0.parse_move(text)
        }
        fn men(&self, color: Color) -> usize {
            self.0.men(color)
        }
        fn diagram(&self) -> String {
            self.0.diagram()
        }
    }

    impl<P: Position> Counting for Defaults<P> {}

    /// Along random games of `P` (to their end or `plies`), every default body answers
    /// what the ruleset's own shortcut answers and what the listed moves say.
    fn defaults_agree<P: Counting>(seed: u64, games: usize, plies: usize, depth: u32) {
        let mut rng = SplitMix64::new(seed);
        let (mut moves, mut scratch) = (MoveList::new(), MoveList::new());
        let mut seen = [false; 3]; // no move, one, several
        for _ in 0..games {
            let mut pos = Defaults(P::start());
            for _ in 0..=plies {
                pos.legal_moves(&mut moves);
                let n = moves.len();
                seen[n.min(2)] = true;
                assert_eq!(pos.count_legal_moves(), n, "{pos}");
                assert_eq!(pos.0.count_legal_moves(), n, "{pos}");
                let outcome = pos.0.outcome();
                assert_eq!(pos.outcome_among(&moves), outcome, "{pos}");
                assert_eq!(pos.0.outcome_among(&moves), outcome, "{pos}");
                let replies: u64 = moves
                    .iter()
                    .map(|mv| {
                        let mut child = pos.0.clone();
                        child.play_unchecked(mv);
                        child.count_legal_moves() as u64
                    })
                    .sum();
                assert_eq!(pos.count_replies(&moves), replies, "{pos}");
                assert_eq!(pos.0.count_replies(&moves), replies, "{pos}");
                assert_eq!(pos.count_two_plies(&mut scratch), replies, "{pos}");
                assert_eq!(scratch[..], moves[..], "{pos}");
                for (i, mv) in moves.iter().enumerate() {
                    let pick = |m| {
                        assert_eq!(m, n);
                        i
                    };
                    assert_eq!(pos.legal_move_at(pick, &mut scratch), Some(*mv));
                    let mut counted = pos.clone();
                    counted.play_for_counting(mv);
                    let mut played = pos.clone();
                    played.play_unchecked(mv);
                    assert_eq!(counted, played, "{pos} {mv}");
                    assert_ne!(counted, pos, "{pos} {mv}");
                    counted.restore(&pos, mv);
                    assert_eq!(counted, pos, "{pos} {mv}");
                }
                if n == 0 {
                    let never = |_| unreachable!("no move to pick");
                    assert_eq!(pos.legal_move_at(never, &mut scratch), None, "{pos}");
                    break;
                }
                pos.play_unchecked(&moves[rng.below(n)]);
            }
        }
        assert!(seen[2], "{seen:?}");
        // perft runs on the defaults alone (bulk counting, playing for counting,
        // taking back): as on the ruleset's shortcuts
        assert_eq!(
            perft(&Defaults(P::start()), depth),
            perft(&P::start(), depth)
        );
    }

    #[test]
    fn the_default_bodies_answer_as_the_rulesets_shortcuts() {
        defaults_agree::<Lasca>(1, 6, 80, 4);
        defaults_agree::<Emergo>(2, 2, 60, 2);
        defaults_agree::<InternationalDraughts>(3, 2, 60, 3);
        defaults_agree::<Epaminondas>(4, 1, 6, 1);
    }

    #[test]
    fn a_position_without_moves_counts_none() {
        let p: Defaults<Lasca> = "c3:wb w".parse().unwrap();
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        assert!(moves.is_empty());
        assert_eq!(p.count_legal_moves(), 0);
        assert_eq!(p.count_two_plies(&mut moves), 0);
        assert_eq!(p.legal_move_at(|_| unreachable!(), &mut moves), None);
        let lost = Some(Outcome::Win {
            winner: Color::Black,
            reason: EndReason::NoPieces,
        });
        assert_eq!(p.outcome_among(&moves), lost);
    }
}
