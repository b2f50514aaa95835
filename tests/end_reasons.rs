//! The end of a game, one rule in every ruleset (`EndReason`'s documentation): the
//! player to move loses with `NoPieces` when he commands nothing — no piece or column
//! on the board that he leads, and no man in hand; otherwise a player to move without
//! a legal move gets `NoLegalMove` (a loss, in Emergo and HexEmergo a draw).
//!
//! Tested on a position of each kind for the rulesets that give them below (each
//! option set of a name too), and for every ruleset of the list, whatever its name,
//! on the last position of seeded random games.

use column_checkers::any::{Ruleset, RulesetVisitor};
use column_checkers::playout::SplitMix64;
use column_checkers::{Color, EndReason, Game, MoveList, Outcome, Position};

/// By ruleset name: a position whose player to move commands nothing, and one whose
/// player to move commands something but has no legal move, both White to move (in
/// Emergo and HexEmergo, Black in the second).
const CASES: &[(&str, &str, &str)] = &[
    // White's man is a prisoner under Black's; Black's man is hemmed in
    ("emergo", "e5:wb w 0/0", "a5:b,b5:w,c5:w b 0/0"),
    (
        "hexemergo",
        "d4:wb w 0/0",
        "a1:b,a2:w,a3:w,b1:w,b2:w,c1:w,c3:w b 0/0",
    ),
    (
        "hexemergo-setup",
        "d4:wb w 0/0",
        "a1:b,a2:w,a3:w,b1:w,b2:w,c1:w,c3:w b 0/0",
    ),
    // White's man is a prisoner under Black's; White's man is blocked
    ("lasca", "c3:wb w", "a3:w,b4:b,c5:b w"),
    ("bashni", "c3:wb w", "a3:w,b4:b,c5:b w"),
    ("stapeldammen", "28:wb w", "46:w,41:b,37:b w"),
    // White has no piece at all; White's piece is blocked
    ("dameo", "d4:b w", "a7:w,a8:b,b8:b,b7:b,c7:b w"),
    ("russian", "e5:b w", "a1:w,b2:b,c3:b w"),
    ("brazilian", "e5:b w", "a1:w,b2:b,c3:b w"),
    ("international", "28:b w", "46:w,41:b,37:b w"),
    (
        "neocrossings",
        "8/8/8/4b3/8/8/8/8 w -",
        "8/8/8/bb6/wb6/bb6/8/8 w -",
    ),
    (
        "epaminondas",
        "14/14/14/14/14/14/7b6/14/14/14/14/14 w -",
        "14/14/14/14/14/14/14/bb12/wb12/bb12/14/14 w -",
    ),
];

/// Whether the player to move commands nothing, read from the board view.
fn commands_nothing<P: Position>(pos: &P) -> bool {
    let view = pos
        .board_view()
        .expect("every ruleset of the crate has a board view");
    let side = pos.turn();
    view.in_hand[side.index()] == 0 && view.occupied().all(|(_, s)| s.owner() != Some(side))
}

struct Cases(&'static str, &'static str);
impl RulesetVisitor for Cases {
    type Output = ();
    fn visit<P: Position>(self) {
        let name = P::NAME;
        let Cases(nothing, stuck) = self;
        let pos: P = nothing
            .parse()
            .unwrap_or_else(|e| panic!("{name} {nothing}: {e}"));
        assert!(commands_nothing(&pos), "{name} {nothing}");
        assert_eq!(
            pos.outcome(),
            Some(Outcome::Win {
                winner: !pos.turn(),
                reason: EndReason::NoPieces
            }),
            "{name} {nothing}"
        );
        let pos: P = stuck
            .parse()
            .unwrap_or_else(|e| panic!("{name} {stuck}: {e}"));
        assert!(!commands_nothing(&pos), "{name} {stuck}");
        assert_eq!(pos.count_legal_moves(), 0, "{name} {stuck}");
        let want = if name.contains("emergo") {
            Outcome::Draw {
                reason: EndReason::NoLegalMove,
            }
        } else {
            Outcome::Win {
                winner: !pos.turn(),
                reason: EndReason::NoLegalMove,
            }
        };
        assert_eq!(pos.outcome(), Some(want), "{name} {stuck}");
    }
}

#[test]
fn every_ruleset_ends_by_the_one_rule() {
    for (name, nothing, stuck) in CASES {
        let sets: Vec<Ruleset> = Ruleset::ALL
            .iter()
            .copied()
            .filter(|r| r.name() == *name)
            .collect();
        assert!(!sets.is_empty(), "{name} is no ruleset of the list");
        for r in sets {
            r.visit(Cases(nothing, stuck));
        }
    }
}

/// Random games to their end: whenever the rules end one with no legal move, the
/// reason says whether the player to move commands anything.
struct RandomEnds(u64);
impl RulesetVisitor for RandomEnds {
    type Output = usize;
    fn visit<P: Position>(self) -> usize {
        let mut ended = 0;
        let mut moves = MoveList::new();
        for g in 0..self.0 {
            let mut rng = SplitMix64::new(g);
            let mut game = Game::new(P::start());
            for _ in 0..400 {
                if game.outcome().is_some() {
                    break;
                }
                game.position().legal_moves(&mut moves);
                let mv = moves[rng.below(moves.len())];
                game.play(&mv).unwrap();
            }
            let pos = game.position();
            match pos.outcome().map(|o| o.reason()) {
                Some(EndReason::NoPieces) => {
                    assert!(commands_nothing(pos), "{} {pos}", P::NAME);
                    ended += 1;
                }
                Some(EndReason::NoLegalMove) => {
                    assert!(!commands_nothing(pos), "{} {pos}", P::NAME);
                    ended += 1;
                }
                _ => {}
            }
        }
        ended
    }
}

#[test]
fn random_games_end_by_the_one_rule() {
    let mut ended = 0;
    for r in Ruleset::ALL {
        ended += r.visit(RandomEnds(4));
    }
    assert!(ended > 20, "only {ended} games ended without a legal move");
}

/// A man taken last: in draughts the side left without pieces loses by `NoPieces`.
#[test]
fn capturing_the_last_piece_ends_by_no_pieces() {
    let mut game = Game::new(
        "33:w,28:b w"
            .parse::<column_checkers::InternationalDraughts>()
            .unwrap(),
    );
    game.play_text("33x22").unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: EndReason::NoPieces
        })
    );
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "1-0 White wins: nothing left to play"
    );
}
