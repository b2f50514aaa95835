//! The removal games (international, Brazilian and Russian draughts, Dameo) keep their
//! positions as bitboards (`Pieces`) and find their captures on them
//! (`engine::removal`); these random playouts check them, at every ply, against the
//! same rules on `Columns`, whose captures come from the general column search: the
//! same position text, hash, legal moves in the same order, counts (moves, replies,
//! two plies), outcome, board view, descriptions and click paths; the same position
//! after each move, whether it is played from what the bitboard search found or by
//! walking its route; and `Counting::restore` taking every move back exactly.

use column_checkers::engine::capture::{CapturePolicy, CaptureRules, Leap};
use column_checkers::engine::columns::Columns;
use column_checkers::engine::counted_draws::CountedDraws;
use column_checkers::engine::quiet::{MovePolicy, QuietMoves};
use column_checkers::engine::square::DirectionSet;
use column_checkers::engine::stack::Man;
use column_checkers::games::checkers::{CheckersMove, CheckersPosition, CheckersRules};
use column_checkers::games::dameo::DameoRules;
use column_checkers::games::draughts::{BrazilianRules, InternationalRules, RussianRules};
use column_checkers::tools::rng::SplitMix64;
use column_checkers::{Introspect, MoveList, MoveParseError, Position, Square};
use proptest::prelude::*;

const MAX_PLIES: usize = 120;

/// The rules `R` with the position kept on columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct OnColumns<R>(R);

impl<R: CheckersRules> CapturePolicy for OnColumns<R> {
    const RULES: CaptureRules = R::RULES;
    fn directions(&self, commander: Man) -> DirectionSet {
        self.0.directions(commander)
    }
    fn leap(&self, commander: Man) -> Leap {
        self.0.leap(commander)
    }
}

impl<R: CheckersRules> MovePolicy for OnColumns<R> {
    const QUIET_MOVES: QuietMoves = R::QUIET_MOVES;
    fn move_directions(&self, commander: Man) -> DirectionSet {
        self.0.move_directions(commander)
    }
    fn move_leap(&self, commander: Man) -> Leap {
        self.0.move_leap(commander)
    }
}

impl<R: CheckersRules> CheckersRules for OnColumns<R> {
    type Board = R::Board;
    type Storage = Columns<R::Board>;
    const NAME: &'static str = R::NAME;
    const START: &'static str = R::START;
    const MEN: usize = R::MEN;
    const CAPTURE_SEPARATOR: char = R::CAPTURE_SEPARATOR;
    const STEP_SEPARATOR: &'static str = R::STEP_SEPARATOR;
    const COUNTED_DRAWS: Option<CountedDraws> = R::COUNTED_DRAWS;
}

fn texts<M: ToString>(moves: &[M]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

fn clicks<P: Introspect>(p: &P) -> Vec<(String, Vec<Square>)> {
    let mut out = Vec::new();
    p.click_paths(&mut |m, c| out.push((m.to_string(), c.to_vec())));
    out
}

fn playout<R: CheckersRules>(seed: u64) -> Result<(), TestCaseError> {
    let mut rng = SplitMix64::new(seed);
    let mut pos = CheckersPosition::<R>::start();
    let (mut moves, mut on_columns) = (MoveList::new(), MoveList::new());
    let (mut scratch_a, mut scratch_b) = (MoveList::new(), MoveList::new());
    for _ in 0..MAX_PLIES {
        let text = pos.to_string();
        let cols: CheckersPosition<OnColumns<R>> = text.parse().unwrap();
        prop_assert_eq!(cols.to_string(), text.clone());
        prop_assert_eq!(pos.zobrist(), cols.zobrist(), "{}", text);
        prop_assert_eq!(pos.zobrist(), pos.zobrist_from_scratch(), "{}", text);
        prop_assert_eq!(&*pos.columns(), cols.board(), "{}", text);
        let view = pos.board_view().unwrap();
        prop_assert_eq!(&*view.stacks, &*cols.board_view().unwrap().stacks);
        prop_assert_eq!(format!("{pos:#}"), format!("{cols:#}"));
        pos.legal_moves(&mut moves);
        cols.legal_moves(&mut on_columns);
        prop_assert_eq!(
            texts(&moves),
            texts(&on_columns),
            "{}: moves in order",
            text
        );
        for (a, b) in moves.iter().zip(on_columns.iter()) {
            prop_assert_eq!(a.inner(), b.inner());
            prop_assert_eq!(pos.describe(a), cols.describe(b), "{}: {}", text, a);
        }
        prop_assert_eq!(clicks(&pos), clicks(&cols), "{}", text);
        prop_assert_eq!(moves.len(), pos.count_legal_moves(), "{}", text);
        prop_assert_eq!(pos.outcome(), cols.outcome(), "{}", text);
        prop_assert_eq!(
            pos.count_replies(&moves),
            cols.count_replies(&on_columns),
            "{}",
            text
        );
        prop_assert_eq!(
            pos.count_two_plies(&mut scratch_a),
            cols.count_two_plies(&mut scratch_b),
            "{}",
            text
        );
        if moves.is_empty() {
            break;
        }
        let mut scratch = pos.clone();
        for (mv, on_cols) in moves.iter().zip(on_columns.iter()) {
            // played from what the generator found, and by walking the route
            scratch.play_unchecked(mv);
            let mut walked = pos.clone();
            walked.play_unchecked(&CheckersMove::new(*mv.inner()));
            prop_assert_eq!(&scratch, &walked, "{}: {}", text, mv);
            prop_assert_eq!(scratch.zobrist(), walked.zobrist(), "{}: {}", text, mv);
            prop_assert_eq!(scratch.zobrist(), scratch.zobrist_from_scratch());
            let mut c = cols.clone();
            c.play_unchecked(on_cols);
            prop_assert_eq!(scratch.to_string(), c.to_string(), "{}: {}", text, mv);
            prop_assert_eq!(scratch.zobrist(), c.zobrist(), "{}: {}", text, mv);
            // the move read back from its text is the listed one, or refused once a
            // counted draw has ended the game (the list stays the rules' moves)
            match pos.outcome() {
                None => prop_assert_eq!(pos.parse_move(&mv.to_string()), Ok(*mv)),
                Some(o) => prop_assert_eq!(
                    pos.parse_move(&mv.to_string()),
                    Err(MoveParseError::GameOver(o))
                ),
            }
            scratch.restore(&pos, mv);
            prop_assert_eq!(&scratch, &pos, "{}: {} taken back", text, mv);
            prop_assert_eq!(scratch.zobrist(), pos.zobrist());
        }
        if pos.outcome().is_some() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        pos.play_unchecked(&mv);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn international_on_bitboards(seed in any::<u64>()) {
        playout::<InternationalRules>(seed)?;
    }

    #[test]
    fn brazilian_on_bitboards(seed in any::<u64>()) {
        playout::<BrazilianRules>(seed)?;
    }

    #[test]
    fn russian_on_bitboards(seed in any::<u64>()) {
        playout::<RussianRules>(seed)?;
    }

    #[test]
    fn dameo_on_bitboards(seed in any::<u64>()) {
        playout::<DameoRules>(seed)?;
    }
}

/// A random international game that reaches a counted draw (an endgame class's limit)
/// while moves are still listed: once it is over, a listed move's text is refused with
/// the game's outcome.
#[test]
fn playout_into_a_counted_draw() {
    playout::<InternationalRules>(13_077_289_109_351_115_657).unwrap();
}
