//! The players over every ruleset: a legal move on random positions, limits respected,
//! the same move under the same node limit, short wins found.

use column_checkers::{Introspect, MoveList, Position, Ruleset};
use column_checkers_player::eval::Evaluate;
use column_checkers_player::matches::random_position;
use column_checkers_player::ruleset::{self, Visitor};
use column_checkers_player::{Limits, Player, WIN};
use proptest::prelude::*;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// Searches a random position of the ruleset and checks the move is legal.
struct LegalMove {
    seed: u64,
    plies: usize,
    nodes: u64,
}

impl Visitor for LegalMove {
    type Output = ();
    fn visit<P: Introspect + Evaluate>(self) {
        let pos: P = random_position(self.seed, self.plies);
        let mut player = Player::<P>::new(1);
        let mut infos = 0;
        let found = player.search(&pos, &[], Limits::nodes(self.nodes), &mut |_| infos += 1);
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        match found.best {
            Some(mv) => {
                assert!(pos.is_legal(&mv), "{}: illegal {mv} in {pos}", P::NAME);
                assert!(pos.outcome_among(&moves).is_none());
                let mut p = pos.clone();
                for m in &found.pv {
                    assert!(p.is_legal(m), "{}: PV move {m} illegal in {p}", P::NAME);
                    p.play_unchecked(m);
                }
            }
            None => assert!(moves.is_empty() || pos.outcome_among(&moves).is_some()),
        }
        assert!(
            found.nodes <= self.nodes + 1,
            "{} nodes past {}",
            found.nodes,
            self.nodes
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn never_an_illegal_move(seed in any::<u64>(), plies in 0usize..120, which in 0usize..64) {
        let r = Ruleset::ALL[which % Ruleset::ALL.len()];
        ruleset::visit(r, LegalMove { seed, plies, nodes: 3_000 });
    }
}

#[test]
fn every_ruleset_plays_a_legal_move_at_several_stages() {
    for &r in Ruleset::ALL {
        for (seed, plies) in [(1, 0), (2, 15), (3, 60), (4, 200)] {
            ruleset::visit(
                r,
                LegalMove {
                    seed,
                    plies,
                    nodes: 2_000,
                },
            );
        }
    }
}

struct Deterministic;
impl Visitor for Deterministic {
    type Output = ();
    fn visit<P: Introspect + Evaluate>(self) {
        let pos: P = random_position(9, 20);
        let run = || {
            let mut player = Player::<P>::new(1);
            player.search(&pos, &[], Limits::nodes(5_000), &mut |_| {})
        };
        assert_eq!(run(), run(), "{}", P::NAME);
    }
}

#[test]
fn the_same_move_under_the_same_node_limit() {
    for &r in Ruleset::ALL {
        ruleset::visit(r, Deterministic);
    }
}

#[test]
fn depth_and_time_limits_are_respected() {
    use column_checkers::Emergo;
    let pos = Emergo::start();
    let mut player = Player::<Emergo>::new(4);
    let mut deepest = 0;
    let found = player.search(&pos, &[], Limits::depth(3), &mut |i| deepest = i.depth);
    assert_eq!((found.depth, deepest), (3, 3));

    let start = Instant::now();
    let found = player.search(
        &pos,
        &[],
        Limits::time(Duration::from_millis(100)),
        &mut |_| {},
    );
    assert!(found.best.is_some());
    // generous: the machine may be loaded
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn the_stop_flag_ends_a_search_without_limits() {
    use column_checkers::InternationalDraughts;
    let pos = InternationalDraughts::start();
    let mut player = Player::<InternationalDraughts>::new(4);
    let stop = player.stop_flag();
    let t = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        stop.store(true, Ordering::Relaxed);
    });
    let found = player.search(&pos, &[], Limits::default(), &mut |_| {});
    t.join().unwrap();
    assert!(pos.is_legal(&found.best.unwrap()));
}

#[test]
fn a_win_in_one_is_found_and_scored_as_a_win() {
    use column_checkers::InternationalDraughts;
    // White's man on 28 takes the last black man on 23
    let pos: InternationalDraughts = "W:W28:B23".parse().unwrap();
    let mut player = Player::<InternationalDraughts>::new(1);
    let found = player.search(&pos, &[], Limits::depth(4), &mut |_| {});
    assert_eq!(found.best.unwrap().to_string(), "28x19");
    assert_eq!(found.score, WIN - 1);
}

/// Placements of one white man and two black men where White has a move that lets
/// either black man take his last man (two replies: the search reaches them in its
/// quiescence search, not by extending a single reply) and a move that does not: a
/// one-ply search plays a move that keeps the man.
#[test]
fn a_capture_that_ends_the_game_in_the_quiescence_counts_for_its_taker() {
    use column_checkers::{Color, InternationalDraughts};
    type Move = <InternationalDraughts as Position>::Move;
    let mut checked = 0;
    for white in 1..=50 {
        for b1 in 1..=50 {
            for b2 in b1 + 1..=50 {
                let Ok(pos) = format!("W:W{white}:B{b1},{b2}").parse::<InternationalDraughts>()
                else {
                    continue;
                };
                let mut moves = MoveList::new();
                pos.legal_moves(&mut moves);
                if moves.iter().any(|m| m.to_string().contains('x')) {
                    continue;
                }
                // Black's replies to the move, and whether one takes White's last man
                let replies = |mv: &Move| {
                    let mut next = pos.clone();
                    next.play_unchecked(mv);
                    let mut replies = MoveList::new();
                    next.legal_moves(&mut replies);
                    let taken = replies.iter().any(|r| {
                        let mut after = next.clone();
                        after.play_unchecked(r);
                        after.men(Color::White) == 0
                    });
                    (replies.len(), taken)
                };
                let loses = |mv: &Move| replies(mv).1;
                let in_quiescence = moves.iter().any(|m| replies(m).0 >= 2 && loses(m));
                if !in_quiescence || moves.iter().all(loses) {
                    continue;
                }
                let mut player = Player::<InternationalDraughts>::new(1);
                let found = player.search(&pos, &[], Limits::depth(1), &mut |_| {});
                let best = found.best.unwrap();
                assert!(
                    !loses(&best),
                    "W{white} B{b1},{b2}: {best} gives the last man away"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10, "only {checked} positions");
}

#[test]
fn a_repetition_in_the_game_scores_as_a_draw() {
    use column_checkers::InternationalDraughts;
    // two kings each: nothing to win; with the position already seen, every line repeats
    let pos: InternationalDraughts = "W:WK46,K5:BK1,K50".parse().unwrap();
    let mut player = Player::<InternationalDraughts>::new(1);
    let found = player.search(&pos, &[], Limits::depth(4), &mut |_| {});
    assert!(found.score.abs() < 100);
}

/// The Monte Carlo tree search on a random position of the ruleset: a legal move, the
/// iterations as limited, the same move twice.
struct MctsLegalMove {
    seed: u64,
    plies: usize,
}

impl Visitor for MctsLegalMove {
    type Output = ();
    fn visit<P: Introspect + Evaluate>(self) {
        use column_checkers_player::mcts::{Leaf, Mcts, MctsConfig};
        let pos: P = random_position(self.seed, self.plies);
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let over = moves.is_empty() || pos.outcome_among(&moves).is_some();
        for leaf in [Leaf::default(), Leaf::Eval { scale: 200 }] {
            let config = MctsConfig {
                leaf,
                seed: self.seed,
                ..MctsConfig::default()
            };
            let run = || Mcts::<P>::new(config).search(&pos, &[], Limits::nodes(150), &mut |_| {});
            let found = run();
            match found.best {
                Some(mv) => {
                    assert!(
                        !over && pos.is_legal(&mv),
                        "{}: illegal {mv} in {pos}",
                        P::NAME
                    );
                    let mut p = pos.clone();
                    for m in &found.pv {
                        assert!(p.is_legal(m), "{}: PV move {m} illegal in {p}", P::NAME);
                        p.play_unchecked(m);
                    }
                    assert!(found.nodes <= 150);
                }
                None => assert!(over, "{}: no move in {pos}", P::NAME),
            }
            assert_eq!(found, run(), "{}", P::NAME);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]
    #[test]
    fn mcts_never_plays_an_illegal_move(seed in any::<u64>(), plies in 0usize..150, which in 0usize..64) {
        let r = Ruleset::ALL[which % Ruleset::ALL.len()];
        ruleset::visit(r, MctsLegalMove { seed, plies });
    }
}

#[test]
fn mcts_plays_a_legal_move_in_every_ruleset_at_several_stages() {
    for &r in Ruleset::ALL {
        for (seed, plies) in [(1, 0), (3, 60), (4, 300)] {
            ruleset::visit(r, MctsLegalMove { seed, plies });
        }
    }
}
