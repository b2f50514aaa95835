//! The removal games (international, Brazilian and Russian draughts, Dameo) find their
//! captures on bitboards (`engine::removal`); these random playouts check them against
//! the general capture generator at every ply: the same routes in the same order, the
//! same count, the same position after each move whether it is played from what the
//! bitboard generator found or by walking its route, and `Position::restore` taking
//! every move back exactly (hash included).

use column_checkers::games::checkers::{CheckersMove, CheckersPosition, CheckersRules};
use column_checkers::games::draughts::{BrazilianRules, InternationalRules, RussianRules};
use column_checkers::{CaptureGenerator, DameoRules, MoveList, Position, SplitMix64};
use column_checkers::{Checking, Counting};
use proptest::prelude::*;

const MAX_PLIES: usize = 120;

fn playout<R: CheckersRules>(seed: u64) -> Result<(), TestCaseError> {
    let mut rng = SplitMix64::new(seed);
    let mut pos = CheckersPosition::<R>::start();
    let mut moves = MoveList::new();
    for _ in 0..MAX_PLIES {
        pos.legal_moves(&mut moves);
        let mut general = Vec::new();
        CaptureGenerator::new(pos.rules(), pos.columns(), pos.turn())
            .routes(|r| general.push(column_checkers::Move::capture(r)));
        let fast: Vec<_> = moves
            .iter()
            .filter(|m| m.is_capture())
            .map(|m| *m.inner())
            .collect();
        prop_assert_eq!(fast.len(), general.len(), "{}", pos);
        for (f, r) in fast.iter().zip(&general) {
            prop_assert_eq!(f, r, "{}: capture routes in the same order", pos);
        }
        prop_assert_eq!(moves.len(), pos.count_legal_moves(), "{}", pos);
        if moves.is_empty() {
            break;
        }
        let mut scratch = pos.clone();
        for mv in moves.iter() {
            // played from what the generator found, and by walking the route
            scratch.play_unchecked(mv);
            let mut walked = pos.clone();
            walked.play_unchecked(&CheckersMove::new(*mv.inner()));
            prop_assert_eq!(&scratch, &walked, "{}: {}", pos, mv);
            prop_assert_eq!(scratch.zobrist(), walked.zobrist(), "{}: {}", pos, mv);
            prop_assert_eq!(scratch.zobrist(), scratch.zobrist_from_scratch());
            scratch.restore(&pos, mv);
            prop_assert_eq!(&scratch, &pos, "{}: {} taken back", pos, mv);
            prop_assert_eq!(scratch.zobrist(), pos.zobrist());
            prop_assert_eq!(scratch.columns().kings(), pos.columns().kings());
            for c in column_checkers::Color::ALL {
                prop_assert_eq!(scratch.columns().owned(c), pos.columns().owned(c));
            }
        }
        let mv = moves[rng.below(moves.len())];
        pos.play_unchecked(&mv);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn international_captures(seed in any::<u64>()) {
        playout::<InternationalRules>(seed)?;
    }

    #[test]
    fn brazilian_captures(seed in any::<u64>()) {
        playout::<BrazilianRules>(seed)?;
    }

    #[test]
    fn russian_captures(seed in any::<u64>()) {
        playout::<RussianRules>(seed)?;
    }

    #[test]
    fn dameo_captures(seed in any::<u64>()) {
        playout::<DameoRules>(seed)?;
    }
}
