//! Random playouts of the classic draughts games and Stapeldammen: material never
//! grows (Stapeldammen: men are conserved), the incremental hash matches a fresh one,
//! position and move texts round-trip, every legal move plays, and the replies counted
//! at once (perft's last ply) are those listed.

use column_checkers::games::RussianDraughts;
use column_checkers::playout::SplitMix64;
use column_checkers::{BrazilianDraughts, Color, InternationalDraughts, MoveList, Stapeldammen};
use column_checkers_testkit::Checking;
use proptest::prelude::*;

const MAX_PLIES: usize = 150;

fn men<P: Checking>(p: &P) -> [usize; 2] {
    Color::ALL.map(|c| p.men(c))
}

/// Plays a random game from the start and checks the invariants at every ply.
fn playout<P: Checking>(seed: u64, conserved: bool) -> Result<(), TestCaseError> {
    let mut rng = SplitMix64::new(seed);
    let mut pos = P::start();
    let total = men(&pos);
    let mut moves = MoveList::new();
    for _ in 0..MAX_PLIES {
        prop_assert_eq!(pos.zobrist(), pos.zobrist_from_scratch());
        let text = pos.to_string();
        let back: P = text
            .parse()
            .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&back, &pos);
        pos.legal_moves(&mut moves);
        prop_assert_eq!(moves.len(), pos.count_legal_moves());
        if moves.is_empty() {
            prop_assert!(pos.outcome().is_some());
            break;
        }
        if pos.outcome().is_some() {
            // a counted draw: the game is over though moves remain
            break;
        }
        let before = men(&pos);
        // perft's last ply: the replies counted at once equal those listed one by one
        let mut replies = MoveList::new();
        let mut listed = 0;
        for mv in moves.iter() {
            let shown = mv.to_string();
            let read = pos
                .parse_move(&shown)
                .map_err(|e| TestCaseError::fail(format!("{text}: {shown}: {e}")))?;
            prop_assert_eq!(&read, mv, "{}: {}", text, shown);
            let mut next = pos.clone();
            prop_assert!(next.play(mv).is_ok(), "{}: {}", text, shown);
            let after = men(&next);
            if conserved {
                prop_assert_eq!(after[0] + after[1], total[0] + total[1]);
            } else {
                prop_assert!(after[0] <= before[0] && after[1] <= before[1]);
            }
            prop_assert_eq!(next.zobrist(), next.zobrist_from_scratch());
            next.legal_moves(&mut replies);
            listed += replies.len() as u64;
        }
        prop_assert_eq!(pos.count_replies(&moves), listed, "{}", text);
        let mv = moves[rng.below(moves.len())];
        pos.play_unchecked(&mv);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn international_playouts(seed in any::<u64>()) {
        playout::<InternationalDraughts>(seed, false)?;
    }

    #[test]
    fn brazilian_playouts(seed in any::<u64>()) {
        playout::<BrazilianDraughts>(seed, false)?;
    }

    #[test]
    fn russian_playouts(seed in any::<u64>()) {
        playout::<RussianDraughts>(seed, false)?;
    }

    #[test]
    fn stapeldammen_playouts(seed in any::<u64>()) {
        playout::<Stapeldammen>(seed, true)?;
    }
}
