//! The action encoding of `any::ActionGame` against the crate's own lists,
//! along random games of every ruleset and option set: the legal actions are the
//! squares that continue some click path, as `MoveInput` says; a whole click path
//! plays its move; every legal move is reached; the outcome is `Game`'s.

use column_checkers::any::{ActionGame as Core, Clicked};
use column_checkers::any::{Ruleset, RulesetVisitor};
use column_checkers::playout::SplitMix64;
use column_checkers::prelude::*;
use column_checkers::{MoveInput, Square};
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// Walks every action sequence from `core` (no click pending) to the end of a move and
/// checks the encoding against the crate's own lists:
/// - at each point the legal actions are the squares that continue some click path
///   ([`Introspect::click_paths`]) and what [`MoveInput::next_squares`] says;
/// - every complete sequence plays the move of its click path, one move;
/// - every legal move (of [`Position::legal_moves`]) is reached.
fn check_encoding<P: Introspect>(core: &Core<P>) {
    let pos = core.position().clone();
    let mut paths: Vec<(P::Move, Vec<Square>)> = Vec::new();
    pos.click_paths(&mut |m, p| paths.push((*m, p.to_vec())));
    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    let legal: Vec<P::Move> = legal.to_vec();
    // no click sequence names two moves, and none of one move is a prefix of another's
    for (m, p) in &paths {
        for (m2, p2) in &paths {
            if p2.len() >= p.len() && p2[..p.len()] == p[..] {
                assert!(
                    m == m2,
                    "{pos}: the clicks {p:?} of {m} begin {m2}'s clicks {p2:?}"
                );
            }
        }
    }
    let mut reached: HashSet<P::Move> = HashSet::new();
    let mut stack: Vec<(Core<P>, Vec<Square>, MoveInput<P>)> =
        vec![(core.clone(), Vec::new(), MoveInput::new(&pos))];
    while let Some((c, clicks, input)) = stack.pop() {
        let k = clicks.len();
        let expected: BTreeSet<Square> = paths
            .iter()
            .filter(|(_, p)| p.len() > k && p[..k] == clicks[..])
            .map(|(_, p)| p[k])
            .collect();
        let got: BTreeSet<Square> = c.legal_actions().iter().copied().collect();
        assert_eq!(got, expected, "{pos} after clicks {clicks:?}");
        assert!(!got.is_empty(), "{pos}: a dead end after {clicks:?}");
        let by_input: BTreeSet<Square> = input.next_squares().into_iter().collect();
        assert_eq!(got, by_input, "{pos}: MoveInput after {clicks:?}");
        assert_eq!(c.current_player(), Some(pos.turn().index()));
        for &a in &got {
            let mut next = c.clone();
            let mut seq = clicks.clone();
            seq.push(a);
            let mut input2 = input.clone();
            let picked = input2.click(a).expect("MoveInput accepts it");
            match next.apply(i64::from(a.0)).expect("a legal action") {
                Clicked::Played => {
                    let mv = *next.moves().last().expect("a move was played");
                    // the sequence is a whole click path of exactly this move
                    let named: BTreeSet<String> = paths
                        .iter()
                        .filter(|(_, p)| *p == seq)
                        .map(|(m, _)| m.to_string())
                        .collect();
                    assert_eq!(named.len(), 1, "{pos}: {seq:?} names {named:?}");
                    assert!(named.contains(&mv.to_string()));
                    assert!(legal.contains(&mv), "{pos}: {mv} is not a listed move");
                    assert_eq!(picked, Some(mv), "{pos}: MoveInput after {seq:?}");
                    reached.insert(mv);
                }
                Clicked::Pending => {
                    assert_eq!(next.clicks(), &seq[..]);
                    assert_eq!(next.moves().len(), c.moves().len());
                    stack.push((next, seq, input2));
                }
            }
        }
    }
    let all: HashSet<P::Move> = legal.iter().copied().collect();
    assert_eq!(reached, all, "{pos}: every legal move is reached");
}

struct RandomGames {
    games: usize,
    seed: u64,
}

impl RulesetVisitor for RandomGames {
    type Output = (usize, usize, BTreeMap<String, usize>);

    fn visit<P: Introspect>(self) -> Self::Output {
        let mut rng = SplitMix64::new(self.seed);
        // no action limit (a cut-off mid-move would end the walk): games stop at 300 moves
        let mut core = Core::new(P::start(), 0);
        let (mut plies, mut captures) = (0, 0);
        let mut endings = BTreeMap::new();
        for _ in 0..self.games {
            core.reset();
            let mut game = Game::new(P::start());
            while !core.is_over() && core.moves().len() < 300 {
                if core.clicks().is_empty() {
                    check_encoding(&core);
                    assert_eq!(core.position(), game.position());
                    assert_eq!(core.outcome(), game.outcome());
                    assert_eq!(
                        core.position().outcome().is_some(),
                        core.legal_actions().is_empty() && core.outcome().is_some()
                    );
                }
                let moves = core.moves().len();
                let a = core.random_action(rng.next_u64());
                core.apply(i64::from(a.0)).unwrap();
                if core.moves().len() > moves {
                    let mv = *core.moves().last().unwrap();
                    captures += mv.is_capture() as usize;
                    plies += 1;
                    game.play(&mv).unwrap();
                }
            }
            assert_eq!(core.position(), game.position());
            if !core.is_over() {
                *endings.entry("cut off".to_string()).or_default() += 1;
            } else {
                assert_eq!(core.outcome(), game.outcome(), "{}", core.position());
                assert!(core.legal_actions().is_empty());
                let o = core.outcome().unwrap();
                *endings.entry(format!("{:?}", o.reason())).or_default() += 1;
            }
            assert_eq!(core.game().outcome(), game.outcome());
            assert_eq!(core.game(), &game);
        }
        (plies, captures, endings)
    }
}

#[test]
fn the_action_encoding_along_random_games_of_every_ruleset() {
    for ruleset in Ruleset::ALL.iter().copied() {
        // fewer games in a debug build (CI's): some minutes less, the same checks
        let big = matches!(
            ruleset.name(),
            "international" | "stapeldammen" | "epaminondas"
        );
        let games = match (cfg!(debug_assertions), big) {
            (true, true) => 1,
            (true, false) => 2,
            (false, true) => 4,
            (false, false) => 12,
        };
        let (plies, captures, endings) = ruleset.visit(RandomGames { games, seed: 29 });
        eprintln!("{ruleset}: {plies} plies, {captures} captures, {endings:?}");
        assert!(captures > 0, "{ruleset}: some captures are checked");
    }
}

#[test]
fn repetition_ends_a_game_as_game_does() {
    struct Rep;
    impl RulesetVisitor for Rep {
        type Output = ();
        fn visit<P: Introspect>(self) {
            let start: P = "a5:w,i5:b w 0/0".parse().unwrap();
            let mut core = Core::new(start.clone(), 0);
            let mut game = Game::new(start);
            for _ in 0..2 {
                for m in ["a5-b5", "i5-h5", "b5-a5", "h5-i5"] {
                    assert!(!core.is_over());
                    let mv = core.position().parse_move(m).unwrap();
                    core.play_move(&mv).unwrap();
                    game.play(&mv).unwrap();
                    assert_eq!(core.outcome(), game.outcome());
                }
            }
            assert_eq!(
                core.outcome(),
                Some(Outcome::Draw {
                    reason: EndReason::Repetition
                })
            );
            assert!(core.legal_actions().is_empty());
            assert_eq!(core.actions().len(), 16);
        }
    }
    Ruleset::Emergo.visit(Rep);
}

#[test]
fn lasca_with_repetition_and_without() {
    // without the option Lasca has no repetition draw: the same moves go on
    struct Shuffle(bool);
    impl RulesetVisitor for Shuffle {
        type Output = Option<Outcome>;
        fn visit<P: Introspect>(self) -> Option<Outcome> {
            let start: P = "a1:W,g7:B w".parse().unwrap();
            let mut core = Core::new(start, 0);
            for _ in 0..3 {
                for m in ["a1-b2", "g7-f6", "b2-a1", "f6-g7"] {
                    if core.is_over() {
                        return core.outcome();
                    }
                    let mv = core.position().parse_move(m).unwrap();
                    core.play_move(&mv).unwrap();
                }
            }
            assert!(!self.0);
            core.outcome()
        }
    }
    assert_eq!(Ruleset::Lasca.visit(Shuffle(false)), None);
    let with = Ruleset::LascaRepetition.visit(Shuffle(true));
    assert_eq!(
        with,
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
}

#[test]
fn a_refused_action_leaves_the_state_as_it_was() {
    struct Refuse;
    impl RulesetVisitor for Refuse {
        type Output = ();
        fn visit<P: Introspect>(self) {
            let mut core = Core::new(P::start(), 0);
            let before = (core.actions().to_vec(), core.legal_actions().to_vec());
            for a in [-1, 255, 10_000] {
                assert!(core.apply(a).is_err());
            }
            let g = core.geometry();
            let illegal = g.squares().find(|s| !core.legal_actions().contains(s));
            if let Some(s) = illegal {
                let e = core.apply(i64::from(s.0)).unwrap_err().to_string();
                assert!(e.contains(g.name(s)), "{e}");
                let e = core.click(s).unwrap_err().to_string();
                assert!(e.contains(g.name(s)), "{e}");
            }
            assert_eq!(
                before,
                (core.actions().to_vec(), core.legal_actions().to_vec())
            );
        }
    }
    for ruleset in Ruleset::ALL.iter().copied() {
        ruleset.visit(Refuse);
    }
}

#[test]
fn the_action_limit_cuts_a_game_off_mid_move_too() {
    struct Limit;
    impl RulesetVisitor for Limit {
        type Output = ();
        fn visit<P: Introspect>(self) {
            let mut pos = P::start();
            for m in ["d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6"] {
                let mv = pos.parse_move(m).unwrap();
                pos.play(&mv).unwrap();
            }
            // Black's g6xe6xc6 takes three clicks: cut off after the second
            let mut core = Core::new(pos.clone(), 2);
            let g = core.geometry();
            let sq = |n: &str| i64::from(g.parse_square(n).unwrap().0);
            assert_eq!(core.apply(sq("g6")), Ok(Clicked::Pending));
            assert!(!core.is_over());
            assert_eq!(core.apply(sq("e6")), Ok(Clicked::Pending));
            assert!(core.is_over() && core.is_truncated());
            assert_eq!(core.outcome(), None);
            assert_eq!(core.returns(), [0.0, 0.0]);
            assert!(core.legal_actions().is_empty());
            assert!(core
                .apply(sq("c6"))
                .unwrap_err()
                .to_string()
                .contains("cut off"));
            // a limit reached by a move's last click
            let mut core = Core::new(pos, 3);
            for s in ["g6", "e6", "c6"] {
                core.apply(sq(s)).unwrap();
            }
            assert!(core.is_truncated());
            assert_eq!(core.moves().len(), 1);
            core.reset();
            assert!(!core.is_over());
            assert_eq!(core.actions().len(), 0);
        }
    }
    Ruleset::Emergo.visit(Limit);
}
