//! Unit tests of the search (player/src/search.rs), beside it so that
//! `cargo mutants --file player/src/search.rs -- --lib` runs them.

use std::sync::atomic::AtomicU64;

use column_checkers::{Emergo, InternationalDraughts, Lasca, NeoCrossings, Position};

use super::*;
use crate::matches::random_position as played;

/// `Limits::depth(d)`, checked first: a search under broken limits would not end.
fn depth(d: u32) -> Limits {
    let l = Limits::depth(d);
    assert_eq!(
        l,
        Limits {
            depth: Some(d),
            nodes: None,
            time: None
        }
    );
    l
}

/// `Limits::nodes(n)`, checked first (see [`depth`]).
fn nodes(n: u64) -> Limits {
    let l = Limits::nodes(n);
    assert_eq!(
        l,
        Limits {
            depth: None,
            nodes: Some(n),
            time: None
        }
    );
    l
}

/// `Limits::time(ms)`, checked first (see [`depth`]).
fn time(ms: u64) -> Limits {
    let t = Duration::from_millis(ms);
    let l = Limits::time(t);
    assert_eq!(
        l,
        Limits {
            depth: None,
            nodes: None,
            time: Some(t)
        }
    );
    l
}

/// A clock that moves `step` milliseconds on at every look: a search under a time limit
/// is then as deterministic as one under a node limit.
struct TickClock {
    now: AtomicU64,
    step: u64,
}

impl TickClock {
    fn boxed(step: u64) -> Box<dyn Clock> {
        Box::new(TickClock {
            now: AtomicU64::new(0),
            step,
        })
    }
}

impl Clock for TickClock {
    fn restart(&mut self) {
        self.now.store(0, Ordering::Relaxed);
    }
    fn elapsed(&self) -> Duration {
        Duration::from_millis(self.now.fetch_add(self.step, Ordering::Relaxed))
    }
}

/// A search's figures in one line: depth, score, nodes, best move and the principal
/// variation.
fn figures<P: Evaluate>(player: &mut Player<P>, pos: &P, limits: Limits) -> String
where
    P::Move: MoveSquares,
{
    let found = player.search(pos, &[], limits, &mut |_| {});
    let pv: Vec<String> = found.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "{} {} {} {} {}",
        found.depth,
        found.score,
        found.nodes,
        found.best.map_or("-".to_string(), |m| m.to_string()),
        pv.join(" ")
    )
}

/// The bench signature: the figures of searches to fixed depths from fixed positions of
/// four rulesets, the second search of a position by the same player (its tables carry
/// over) among them. The search is deterministic under a depth limit, so any change to
/// the tree it searches (its ordering, reductions, windows, tables, quiescence)
/// changes a node count. The figures change whenever the search changes on purpose:
/// renew them from the test's failure message (`cargo test -p column-checkers-player
/// --lib bench_signature`), after checking the change meant them to move.
#[test]
fn bench_signature() {
    let mut lines = Vec::new();
    let mut draughts = Player::<InternationalDraughts>::new(1);
    lines.push(figures(
        &mut draughts,
        &InternationalDraughts::start(),
        depth(7),
    ));
    let middle: InternationalDraughts = played(7, 30);
    lines.push(figures(&mut draughts, &middle, depth(6)));
    lines.push(figures(&mut draughts, &middle, depth(7)));
    let mut emergo = Player::<Emergo>::new(1);
    lines.push(figures(&mut emergo, &Emergo::start(), depth(4)));
    lines.push(figures(&mut emergo, &played::<Emergo>(3, 20), depth(5)));
    let mut lasca = Player::<Lasca>::new(1);
    lines.push(figures(&mut lasca, &Lasca::start(), depth(6)));
    lines.push(figures(&mut lasca, &played::<Lasca>(5, 24), depth(7)));
    // captures optional: quiet moves and captures ordered together, standing pat
    let mut crossings = Player::<NeoCrossings>::new(1);
    lines.push(figures(
        &mut crossings,
        &played::<NeoCrossings>(2, 16),
        depth(3),
    ));
    let expected = [
        "7 8 23683 35-30 35-30 16-21 31-26 20-24 30-25 24-30 36-31",
        "6 -113 21910 44-40 44-40 13-19 35-30 25x34 40x29 19-24 29x20 15x24 38-32 27x38",
        "7 -105 39417 37-31 37-31 7-12 31x22 18x27 41-37 12-18 38-32 27x38 43x32 8-12 39-33",
        "4 101 13402 d6 d6 f5 d2 c5",
        "5 -62 11738 e4 e4 f5 d2 e1 i5-h5 h4xh6",
        "6 112 3322 c3-b4 c3-b4 a5xc3 b2xd4 b6-a5 d4xb6 a7xc5 e3-d4 c5xe3 d2xf4 d6-c5",
        "7 -480 2081 g3-f4 g3-f4 f6-e5 f4-g5 e5-f4 g5-f6 f4-g3 f6-g7 g3-f2 g7-f6 f2-e1",
        "3 155 7327 e1xb4 e1xb4 h7-h6 h1xh6",
    ];
    assert_eq!(lines, expected, "\n{}", lines.join("\n"));
}

/// Every look at the clock moves it on 10 ms, so that the figures of a timed search are
/// fixed: the nodes a second of each iteration, when it stops.
#[test]
fn nodes_a_second_and_time_limits_by_a_ticking_clock() {
    let pos = InternationalDraughts::start();
    let mut player = Player::<InternationalDraughts>::new(1).with_clock(TickClock::boxed(10));
    let mut infos = Vec::new();
    let limits = Limits {
        depth: Some(5),
        ..Limits::default()
    };
    player.search(&pos, &[], limits, &mut |i| {
        infos.push((i.depth, i.nodes, i.nps, i.elapsed.as_millis()))
    });
    assert_eq!(
        infos,
        [
            (1, 9, 9000, 0),
            (2, 98, 9800, 10),
            (3, 458, 22900, 20),
            (4, 1436, 47866, 30),
            (5, 3884, 97100, 40)
        ]
    );
    // under a time limit: the clock looked at every POLL nodes and after each iteration
    let timed: Vec<(u32, u64)> = [15, 30, 45, 60, 90, 150, 400]
        .into_iter()
        .map(|ms| {
            let limits = Limits {
                depth: Some(7),
                time: Some(Duration::from_millis(ms)),
                ..Limits::default()
            };
            let found = player.search(&pos, &[], limits, &mut |_| {});
            (found.depth, found.nodes)
        })
        .collect();
    assert_eq!(
        timed,
        [
            (1, 9),
            (2, 18),
            (2, 18),
            (3, 27),
            (3, 27),
            (5, 45),
            (7, 17029)
        ]
    );
    // a fresh player, whose deeper iterations look at the clock as they go
    let middle: InternationalDraughts = played(7, 30);
    let fresh: Vec<(u32, u64)> = [200, 400, 2400]
        .into_iter()
        .map(|ms| {
            let mut player =
                Player::<InternationalDraughts>::new(1).with_clock(TickClock::boxed(10));
            let limits = Limits {
                depth: Some(9),
                ..time(ms)
            };
            let found = player.search(&middle, &[], limits, &mut |_| {});
            (found.depth, found.nodes)
        })
        .collect();
    // (2400 ms: stopped by the clock before the ninth iteration ended)
    assert_eq!(fresh, [(5, 10147), (6, 22289), (8, 147610)]);
}

#[test]
fn win_scores_are_kept_in_the_table_from_the_position_not_the_root() {
    for ply in [0, 1, 7, 40] {
        for s in [
            0,
            1,
            -1,
            350,
            -350,
            WIN_BOUND,
            -WIN_BOUND,
            WIN - 60,
            60 - WIN,
            WIN,
            -WIN,
        ] {
            assert_eq!(from_table(to_table(s, ply), ply), s, "{s} at {ply}");
        }
    }
    assert_eq!(to_table(WIN - 5, 3), WIN - 2);
    assert_eq!(to_table(-(WIN - 5), 3), -(WIN - 2));
    assert_eq!(from_table(WIN - 2, 3), WIN - 5);
    assert_eq!(from_table(-(WIN - 2), 3), -(WIN - 5));
    // the bound itself and everything within it is no win: kept as it is
    for s in [WIN_BOUND, -WIN_BOUND, 500, -500, 0, 3, -3] {
        assert_eq!((to_table(s, 3), from_table(s, 3)), (s, s));
    }
    assert_eq!(to_table(WIN_BOUND + 1, 3), WIN_BOUND + 4);
    assert_eq!(to_table(-WIN_BOUND - 1, 3), -WIN_BOUND - 4);
    assert_eq!(from_table(WIN_BOUND + 4, 3), WIN_BOUND + 1);
    assert_eq!(from_table(-WIN_BOUND - 4, 3), -WIN_BOUND - 1);
    assert_eq!(WIN_BOUND, WIN - 1_000);
}

#[test]
fn pick_brings_the_first_best_key_forward() {
    let mut moves = ['a', 'b', 'c', 'd', 'e'];
    let mut keys = [5, 1, 9, 9, 2];
    assert_eq!(pick(&mut moves, &mut keys, 0), 'c');
    assert_eq!((moves, keys), (['c', 'b', 'a', 'd', 'e'], [9, 1, 5, 9, 2]));
    assert_eq!(pick(&mut moves, &mut keys, 1), 'd');
    assert_eq!((moves, keys), (['c', 'd', 'a', 'b', 'e'], [9, 9, 5, 1, 2]));
    assert_eq!(pick(&mut moves, &mut keys, 2), 'a');
    assert_eq!(pick(&mut moves, &mut keys, 3), 'e');
    assert_eq!(pick(&mut moves, &mut keys, 4), 'b');
    assert_eq!(moves, ['c', 'd', 'a', 'e', 'b']);
}

#[test]
fn exact_values_score_by_the_plies_to_the_end() {
    assert_eq!(Exact::Win(3).score(2), WIN - 5);
    assert_eq!(Exact::Loss(3).score(2), -(WIN - 5));
    assert_eq!(Exact::Loss(0).score(7), -(WIN - 7));
    assert_eq!(Exact::Draw.score(4), 0);
}

#[test]
fn the_history_index_keeps_side_origin_and_destination_apart() {
    let pos = InternationalDraughts::start();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut seen = std::collections::HashSet::new();
    for mv in moves.iter() {
        let from = usize::from(mv.origin().unwrap().0);
        let to = usize::from(mv.destination().0);
        assert_eq!(history_index(0, mv), (from << 8) | to);
        assert_eq!(history_index(1, mv), (1 << 16) | (from << 8) | to);
        assert!(seen.insert(history_index(1, mv)));
    }
    assert!(history_index(1, &moves[0]) < 2 << 16);
}

#[test]
fn limits_set_one_field_each() {
    assert_eq!(
        (depth(3).depth, depth(3).nodes, depth(3).time),
        (Some(3), None, None)
    );
    assert_eq!(nodes(9).nodes, Some(9));
    let t = Duration::from_millis(7);
    assert_eq!(Limits::time(t).time, Some(t));
    assert_eq!(Limits::time(t).nodes, None);
}

#[test]
fn a_player_keeps_its_weights_and_probe() {
    let player = Player::<Lasca>::new(1);
    assert_eq!(*player.weights(), *Lasca::weights());
    assert!(!player.has_probe());
    let mut w = Lasca::weights().to_array();
    w[0] += 17;
    let w = Weights::from_array(w);
    let player = player.with_weights(w);
    assert_eq!(*player.weights(), w);
    let probe: Probe<Lasca> = Arc::new(|_: &Lasca| None);
    assert!(player.with_probe(probe).has_probe());
}

/// The stop flag set as the second iteration ends: the third stops at the next look at
/// the flag (every [`POLL`] nodes), and the result is the second's.
#[test]
fn the_stop_flag_stops_at_the_next_poll() {
    let pos: InternationalDraughts = played(7, 30);
    let mut player = Player::<InternationalDraughts>::new(1);
    let stop = player.stop_flag();
    let mut second = 0;
    let found = player.search(&pos, &[], depth(9), &mut |i| {
        assert!(i.depth <= 4, "past the stop");
        if i.depth == 2 {
            second = i.nodes;
            stop.store(true, Ordering::Relaxed);
        }
    });
    assert_eq!((found.depth, second, found.nodes), (3, 190, 1024));
    // through the trait as well
    let stop = crate::Searcher::stop_flag(&player);
    let found = crate::Searcher::search(&mut player, &pos, &[], depth(9), &mut |i| {
        assert!(i.depth <= 4, "past the stop");
        if i.depth == 2 {
            stop.store(true, Ordering::Relaxed);
        }
    });
    assert_eq!((found.depth, found.nodes), (3, 1024));
}

#[test]
fn a_node_limit_stops_the_search_at_the_limit() {
    let pos: InternationalDraughts = played(7, 30);
    let mut figures = Vec::new();
    for n in [1, 500, 5_000] {
        let mut player = Player::<InternationalDraughts>::new(1);
        let limits = Limits {
            depth: Some(9),
            ..nodes(n)
        };
        let found = player.search(&pos, &[], limits, &mut |i| {
            assert!(i.depth <= 5, "past the limit");
        });
        figures.push((found.nodes, found.depth));
        assert!(pos.is_legal(&found.best.unwrap()));
    }
    assert_eq!(figures, [(1, 0), (500, 2), (5000, 4)]);
}

/// What a search learnt carries over to the next (fewer nodes the second time) until
/// `clear`.
#[test]
fn the_tables_carry_over_until_cleared() {
    let pos: InternationalDraughts = played(7, 30);
    let mut player = Player::<InternationalDraughts>::new(1);
    let first = player.search(&pos, &[], depth(6), &mut |_| {});
    let again = player.search(&pos, &[], depth(6), &mut |_| {});
    player.clear();
    let cleared = player.search(&pos, &[], depth(6), &mut |_| {});
    crate::Searcher::clear(&mut player);
    let through_trait = crate::Searcher::search(&mut player, &pos, &[], depth(6), &mut |_| {});
    assert_eq!((first.nodes, again.nodes), (22289, 927));
    assert_eq!(cleared, first);
    assert_eq!(through_trait, first);
}

#[test]
fn no_move_when_the_game_is_over() {
    // Black to move has no man left
    let pos: InternationalDraughts = "B:W28:B".parse().unwrap();
    let mut player = Player::<InternationalDraughts>::new(1);
    let mut infos = 0;
    let found = player.search(&pos, &[], depth(3), &mut |_| infos += 1);
    assert_eq!(
        (found.best, found.depth, found.nodes, infos),
        (None, 0, 0, 0)
    );
}

/// In NeoCrossings a player wins at the start of his turn with more men on the
/// opponent's home row: here White's man on a8 wins whatever Black plays, so every
/// line ends with the winner to move.
#[test]
fn a_win_of_the_player_to_move_is_his() {
    let pos: NeoCrossings = "w7/8/8/8/3b4/8/8/8 b".parse().unwrap();
    let mut player = Player::<NeoCrossings>::new(1);
    let found = player.search(&pos, &[], depth(3), &mut |_| {});
    assert_eq!((found.score, found.depth), (-(WIN - 1), 1));
    // every move as bad: the first, and the line it starts
    assert_eq!(found.pv, [found.best.unwrap()]);
    // the same through a probe that knows the root alone: the moves' positions are
    // over, and the probe's player reads their outcomes
    let root = pos.zobrist();
    let probe: Probe<NeoCrossings> =
        Arc::new(move |p: &NeoCrossings| (p.zobrist() == root).then_some(Exact::Loss(1)));
    let mut player = Player::<NeoCrossings>::new(1).with_probe(probe);
    let found = player.search(&pos, &[], depth(3), &mut |_| {});
    assert_eq!((found.score, found.depth), (-(WIN - 1), 1));
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert_eq!((found.nodes, found.pv.len()), (moves.len() as u64, 1));
}

/// A game the count of moves has drawn still lists its moves: the search plays none.
#[test]
fn no_move_in_a_game_drawn_by_the_count() {
    let pos: InternationalDraughts = "46:W,47:W,5:B w draws:0/10".parse().unwrap();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert!(!moves.is_empty() && pos.outcome().is_some());
    let mut player = Player::<InternationalDraughts>::new(1);
    let found = player.search(&pos, &[], depth(3), &mut |_| {});
    assert_eq!((found.best, found.depth, found.nodes), (None, 0, 0));
}

/// A probe that knows every position but `root`, each as `value`.
fn all_but(root: u64, value: Exact) -> Probe<InternationalDraughts> {
    Arc::new(move |p: &InternationalDraughts| (p.zobrist() != root).then_some(value))
}

/// With every move's position known, an iteration costs a node a move: the search goes
/// as deep as it may, and stops as soon as a forced end lies within its depth.
#[test]
fn iterations_stop_at_the_deepest_ply_or_at_a_forced_end() {
    let pos = InternationalDraughts::start();
    let last = MAX_PLY as u32 - 1;
    for (value, limits, expected) in [
        (Exact::Draw, depth(1_000), (last, 0, 9 * u64::from(last))),
        (
            Exact::Draw,
            nodes(1_000_000),
            (last, 0, 9 * u64::from(last)),
        ),
        (Exact::Draw, depth(5), (5, 0, 45)),
        // the moves' positions lost in 3 plies: a win in 4, seen from the first
        // iteration but forced within the depth searched from the fourth
        (Exact::Loss(3), depth(10), (4, WIN - 4, 36)),
        (Exact::Win(2), depth(10), (3, -(WIN - 3), 27)),
    ] {
        let mut player = Player::new(1).with_probe(all_but(pos.zobrist(), value));
        let mut depths = Vec::new();
        let found = player.search(&pos, &[], limits, &mut |i| depths.push(i.depth));
        assert_eq!(
            (found.depth, found.score, found.nodes),
            expected,
            "{value:?}"
        );
        assert_eq!(depths, (1..=expected.0).collect::<Vec<_>>());
    }
}

/// A win in 3 plies that the first iteration sees through the captures that follow
/// its move: the search goes on to the third.
#[test]
fn a_win_beyond_the_depth_searched_is_searched_on() {
    let pos: InternationalDraughts = "W:W6,7:B1".parse().unwrap();
    let mut player = Player::<InternationalDraughts>::new(1);
    let mut infos = Vec::new();
    let found = player.search(&pos, &[], depth(6), &mut |i| infos.push((i.depth, i.score)));
    assert_eq!(infos, [(1, WIN - 3), (2, WIN - 3), (3, WIN - 3)]);
    assert_eq!(found.depth, 3);
    // a win in one: found and done at once
    let pos: InternationalDraughts = "W:W28:B23".parse().unwrap();
    let found = player.search(&pos, &[], depth(10), &mut |_| {});
    assert_eq!((found.depth, found.score, found.nodes), (1, WIN - 1, 1));
    assert_eq!(found.pv, [found.best.unwrap()]);
    // two moves win at once: the second is searched as well
    let pos: InternationalDraughts = "W:W28,29:B23".parse().unwrap();
    let found = player.search(&pos, &[], depth(10), &mut |_| {});
    assert_eq!((found.depth, found.score, found.nodes), (1, WIN - 1, 2));
    assert_eq!(found.pv, [found.best.unwrap()]);
    // a probe that knows the root alone: its moves' positions are read by their outcome
    let root = pos.zobrist();
    let probe: Probe<InternationalDraughts> =
        Arc::new(move |p: &InternationalDraughts| (p.zobrist() == root).then_some(Exact::Win(1)));
    let mut player = Player::new(1).with_probe(probe);
    let found = player.search(&pos, &[], depth(10), &mut |_| {});
    assert_eq!((found.depth, found.score, found.nodes), (1, WIN - 1, 2));
}

/// A position with one legal move: under a time limit alone the search plays it after
/// one iteration; under a depth or node limit it searches on.
#[test]
fn a_single_move_is_played_at_once_only_when_time_is_the_limit() {
    let pos: InternationalDraughts = played(0, 30);
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert_eq!(moves.len(), 1);
    let run = |limits: Limits| {
        let mut player = Player::<InternationalDraughts>::new(1).with_clock(TickClock::boxed(100));
        let found = player.search(&pos, &[], limits, &mut |i| {
            // a search past its limits fails here rather than running on
            assert!(i.depth <= 8, "past the limits");
        });
        assert_eq!(found.best, Some(moves[0]));
        found.depth
    };
    assert_eq!(run(time(3_000)), 1);
    assert_eq!(run(depth(4)), 4);
    assert_eq!(
        run(Limits {
            depth: Some(4),
            ..time(3_000)
        }),
        4
    );
    assert_eq!(run(nodes(2_000)), 7);
}

/// The principal variation is read from the table, at most four plies past the depth:
/// after a deep search, a shallow one's line is as long as that allows.
#[test]
fn the_principal_variation_stops_four_plies_past_the_depth() {
    let pos = Lasca::start();
    let mut player = Player::<Lasca>::new(1);
    player.search(&pos, &[], depth(7), &mut |_| {});
    let mut lengths = Vec::new();
    player.search(&pos, &[], depth(5), &mut |i| lengths.push(i.pv.len()));
    assert_eq!(lengths, [5, 6, 7, 8, 9]);
}

/// A probe that knows every position, by its hash: a win, a loss or (where `draws`) a
/// draw, in a few plies.
fn hashed(draws: bool) -> impl Fn(&InternationalDraughts) -> Option<Exact> + Clone {
    move |p: &InternationalDraughts| {
        let z = p.zobrist();
        let d = (z >> 8) as u16 % 9;
        Some(match z % 4 {
            0 | 1 if draws => Exact::Draw,
            0 | 2 => Exact::Win(d),
            _ => Exact::Loss(d),
        })
    }
}

/// The look-up a probe that knows a position and all its moves' positions makes, as the
/// probe's values say: each side's best move (the first of equals), while the values
/// are no draw, and the nodes it looked at.
fn looked_up(
    probe: &dyn Fn(&InternationalDraughts) -> Option<Exact>,
    pos: &InternationalDraughts,
) -> (Vec<String>, i32, u64) {
    let mut line = Vec::new();
    let mut score = None;
    let mut nodes = 0;
    let mut p = pos.clone();
    let mut moves = MoveList::new();
    while line.len() < MAX_PLY {
        p.legal_moves(&mut moves);
        if moves.is_empty() || p.outcome_among(&moves).is_some() {
            break;
        }
        let mut best: Option<(usize, i32)> = None;
        for (i, mv) in moves.iter().enumerate() {
            let mut child = p.clone();
            child.play_unchecked(mv);
            nodes += 1;
            let s = -probe(&child).unwrap().score(1);
            if best.is_none_or(|(_, b)| s > b) {
                best = Some((i, s));
            }
        }
        let (i, s) = best.unwrap();
        if score.is_some() && s == 0 {
            break;
        }
        score.get_or_insert(s);
        line.push(moves[i].to_string());
        p.play_unchecked(&moves[i]);
    }
    (line, score.unwrap(), nodes)
}

#[test]
fn a_probe_that_knows_every_position_makes_the_search_a_look_up() {
    // the lines end with the game, at MAX_PLY, at the count's draw, at a drawn value
    for (text, draws, length) in [
        ("", false, 93),
        ("46:W,47:W,5:B,4:B w draws:off", false, MAX_PLY),
        ("46:W,47:W,5:B w draws:off", false, 3),
        ("46:W,47:W,5:B w draws:0/8", false, 2),
        ("", true, 8),
        ("46:W,47:W,5:B,4:B w draws:off", true, 3),
    ] {
        let pos = if text.is_empty() {
            InternationalDraughts::start()
        } else {
            text.parse().unwrap()
        };
        let probe = hashed(draws);
        let (line, score, nodes) = looked_up(&probe, &pos);
        let mut player = Player::new(1).with_probe(Arc::new(probe));
        let mut infos = Vec::new();
        let found = player.search(&pos, &[], depth(5), &mut |i| {
            infos.push((i.depth, i.score, i.nodes, i.pv.len()))
        });
        let pv: Vec<String> = found.pv.iter().map(|m| m.to_string()).collect();
        assert_eq!(
            (pv, found.score, found.nodes),
            (line.clone(), score, nodes),
            "{pos}"
        );
        assert_eq!(found.best.unwrap().to_string(), line[0]);
        assert_eq!(infos, [(1, score, nodes, line.len())]);
        assert_eq!(line.len(), length, "{pos}");
    }
}

/// Where a move leads back to a position of the game, it scores as a draw in a ruleset
/// that draws by repetition (the losing side takes it), as any other move where the
/// ruleset does not.
fn repeated_position<P: Evaluate>(pos: &P) -> (i32, i32, P::Move, P::Move)
where
    P::Move: MoveSquares,
{
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mv = moves[moves.len() - 1];
    let mut back = pos.clone();
    back.play_unchecked(&mv);
    let mut player = Player::<P>::new(1);
    let fresh = player.search(pos, &[], depth(4), &mut |_| {});
    player.clear();
    let seen = player.search(pos, &[back.zobrist()], depth(4), &mut |_| {});
    (fresh.score, seen.score, seen.best.unwrap(), mv)
}

#[test]
fn a_position_of_the_game_again_is_a_draw_where_the_rules_say_so() {
    let pos: InternationalDraughts = "W:W46,47:B5,10,15,20,25".parse().unwrap();
    let (fresh, seen, best, back) = repeated_position(&pos);
    assert!(fresh < -200, "{fresh}");
    assert_eq!((seen, best), (0, back));
    // Lasca draws by no repetition
    let pos: Lasca = "a1:w,c1:w,a7:b,c7:b,e7:b,g7:b,b6:b w".parse().unwrap();
    assert!(!pos.repetition_draws());
    let (fresh, seen, best, back) = repeated_position(&pos);
    assert!(fresh < -200, "{fresh}");
    assert_eq!(seen, fresh);
    assert_ne!(best, back);
}

/// The root searched in a window around a wrong last score: the window widens until the
/// score falls inside, and the score is the full window's. The nodes each window costs
/// are the figures of the widening (renew them as the signature's).
#[test]
fn the_aspiration_window_widens_to_the_full_windows_score() {
    let pos: Lasca = played(5, 24);
    let full = {
        let mut player = Player::<Lasca>::new(1);
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        player.root(&pos, &mut moves, 6, -WIN - 1, WIN + 1).0
    };
    let mut figures = Vec::new();
    for previous in [
        -5_000,
        -1_000,
        -400,
        -100,
        0,
        100,
        400,
        1_000,
        5_000,
        // a score at WIN_BOUND or beyond is a forced end: the full window at once
        WIN - 50,
        WIN_BOUND,
        -WIN_BOUND,
        WIN_BOUND - 1,
    ] {
        let mut player = Player::<Lasca>::new(1);
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let (score, best) = player.aspiration(&pos, &mut moves, 6, previous);
        assert_eq!(score, full, "{previous}");
        assert_eq!(best, Some(moves[0]));
        figures.push(player.nodes);
    }
    assert_eq!(
        figures,
        [1336, 1336, 950, 844, 844, 844, 844, 844, 844, 1297, 1297, 1297, 844]
    );
}

/// The table keeps the deeper entry of a position against a shallower bound, and
/// gives way to an exact score, to the same depth, to another position.
#[test]
fn the_table_keeps_the_deeper_entry_of_a_position() {
    let (a, b) = (0, 1);
    let mut player = Player::<InternationalDraughts>::new(1);
    let key = 12_345;
    let other = key + player.table.len() as u64; // the same slot
    let entry = |player: &Player<InternationalDraughts>, key| {
        player
            .probe(key)
            .map(|e| (e.depth, e.score, e.bound == Bound::Lower, e.mv))
    };
    player.store(key, 5, 0, 40, Bound::Lower, a);
    player.store(key, 3, 0, 30, Bound::Upper, b);
    assert_eq!(
        entry(&player, key),
        Some((5, 40, true, a)),
        "a shallower bound"
    );
    player.store(key, 3, 0, 30, Bound::Exact, b);
    assert_eq!(
        entry(&player, key),
        Some((3, 30, false, b)),
        "an exact score"
    );
    player.store(key, 3, 0, 20, Bound::Lower, a);
    assert_eq!(entry(&player, key), Some((3, 20, true, a)), "as deep");
    player.store(key, 4, 0, 10, Bound::Upper, b);
    assert_eq!(entry(&player, key), Some((4, 10, false, b)), "deeper");
    player.store(other, 1, 0, 5, Bound::Upper, a);
    assert_eq!(entry(&player, key), None, "another position");
    assert_eq!(entry(&player, other), Some((1, 5, false, a)));
    // a win kept from the position, depths kept within a byte
    player.store(key, 300, 3, WIN - 5, Bound::Exact, a);
    assert_eq!(entry(&player, key), Some((255, WIN - 2, false, a)));
    player.store(key, -2, 3, -(WIN - 5), Bound::Exact, a);
    assert_eq!(entry(&player, key), Some((0, -(WIN - 2), false, a)));
    assert_eq!(player.slot(other), player.slot(key));
    assert_eq!(player.slot(7), 7);
}

/// The line read from the table stops at a finished game, an illegal move, a position
/// seen before or the length asked.
#[test]
fn the_line_from_the_table_stops_where_it_must() {
    let mut player = Player::<InternationalDraughts>::new(1);
    // a game the count has drawn, with its moves listed
    let drawn: InternationalDraughts = "46:W,47:W,5:B w draws:0/10".parse().unwrap();
    let mut moves = MoveList::new();
    drawn.legal_moves(&mut moves);
    player.store(drawn.zobrist(), 3, 0, 0, Bound::Exact, 0);
    assert_eq!(player.principal_variation(&drawn, 5), []);
    let open: InternationalDraughts = "46:W,47:W,5:B w".parse().unwrap();
    assert_eq!(open.zobrist(), drawn.zobrist());
    assert_eq!(player.principal_variation(&open, 5), [moves[0]]);
    assert_eq!(player.principal_variation(&open, 0), []);
    // an index past the position's moves (9 at the start), and no move kept
    let start = InternationalDraughts::start();
    player.store(start.zobrist(), 3, 0, 0, Bound::Exact, 9);
    assert_eq!(player.principal_variation(&start, 5), []);
    player.store(start.zobrist(), 3, 0, 0, Bound::Exact, 8);
    assert_eq!(player.principal_variation(&start, 1).len(), 1);
    player.store(start.zobrist(), 4, 0, 0, Bound::Exact, NO_MOVE);
    assert_eq!(
        player.principal_variation(&start, 1).len(),
        1,
        "the move kept"
    );
}

/// A table entry fits in 16 bytes, a quarter of a cache line.
#[test]
fn a_table_entry_is_sixteen_bytes() {
    assert_eq!(std::mem::size_of::<Option<Entry>>(), 16);
}

/// The ordering keys remember where each move was listed, however `pick` moves them;
/// the hash move is named by that index and comes first.
#[test]
fn the_keys_remember_where_each_move_was_listed() {
    let mut moves = MoveList::new();
    let pos = (0..)
        .map(|seed| played::<InternationalDraughts>(seed, 10))
        .find(|p| {
            p.legal_moves(&mut moves);
            moves.len() > 3
        })
        .unwrap();
    let listed = moves.clone();
    let player = Player::<InternationalDraughts>::new(1);
    let hash = moves.len() - 2;
    let mut keys = Vec::new();
    player.order(&moves, &mut keys, Some(hash), 0, pos.turn().index());
    for i in 0..moves.len() {
        let mv = pick(&mut moves, &mut keys, i);
        let at = usize::from(index_of(keys[i]));
        assert_eq!(listed[at], mv, "{pos}: pick {i}");
        if i == 0 {
            assert_eq!(at, hash);
        }
    }
}

/// The root keeps its entry in the table only for an iteration searched in full with a
/// score inside its window: not when a move failed high, nor when the limits stopped it.
#[test]
fn the_root_is_kept_in_the_table_only_with_its_exact_score() {
    let pos: Lasca = played(5, 24);
    let root = |player: &mut Player<Lasca>, alpha: i32, beta: i32| {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let found = player.root(&pos, &mut moves, 4, alpha, beta);
        (found.0, player.probe(pos.zobrist()).is_some())
    };
    let (exact, kept) = root(&mut Player::new(1), -WIN - 1, WIN + 1);
    assert!(kept);
    // a window the best move fails high of: at its upper end, and below
    for (alpha, beta) in [(exact - 10, exact), (exact - 300, exact - 200)] {
        let (s, kept) = root(&mut Player::new(1), alpha, beta);
        assert!(s >= beta && !kept, "{alpha} {beta}: {s}");
    }
    assert_eq!(root(&mut Player::new(1), exact - 10, exact).0, exact);
    // stopped by a node limit
    let mut player = Player::new(1);
    player.limits = Limits::nodes(40);
    let (_, kept) = root(&mut player, -WIN - 1, WIN + 1);
    assert!(player.aborted && !kept);
}

/// A game won inside the quiescence search scores by the plies to its end: White must
/// take 32x21, Black must take back 16x27, and White has no man left, two plies on.
#[test]
fn a_loss_inside_the_quiescence_counts_its_plies() {
    let pos: InternationalDraughts = "W:W32:B16,27".parse().unwrap();
    let mut player = Player::<InternationalDraughts>::new(1);
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    assert!(moves.iter().all(MoveSquares::is_capture));
    let s = player.quiesce(&pos, &mut moves, true, 0, -WIN - 1, WIN + 1);
    assert_eq!(s, -(WIN - 2));
    // from the third ply of a search, the same end is two plies further from the root
    let s = player.quiesce(&pos, &mut moves, true, 3, -WIN - 1, WIN + 1);
    assert_eq!(s, -(WIN - 5));
}

/// Where captures are optional (NeoCrossings), a capture is searched before a quiet
/// move however high the quiet move's history.
#[test]
fn captures_come_before_the_history_of_quiet_moves() {
    let mut player = Player::<NeoCrossings>::new(1);
    let mut moves = MoveList::new();
    let mut found = false;
    for seed in 0..200 {
        let pos: NeoCrossings = played(seed, 12);
        pos.legal_moves(&mut moves);
        let (Some(capture), Some(quiet)) = (
            moves.iter().find(|m| m.is_capture()).copied(),
            moves.iter().find(|m| !m.is_capture()).copied(),
        ) else {
            continue;
        };
        let side = pos.turn().index();
        player.history[history_index(side, &quiet)] = 1 << 20;
        let mut keys = Vec::new();
        player.order(&moves, &mut keys, None, 0, side);
        let first = pick(&mut moves, &mut keys, 0);
        assert!(first.is_capture(), "{pos}: {first} before {capture}");
        found = true;
        break;
    }
    assert!(
        found,
        "no NeoCrossings position with a capture and a quiet move"
    );
}

/// A node limit reached inside the quiescence search stops it at once: no capture is
/// followed past the limit (the repetition test beside it does not keep it going).
#[test]
fn a_node_limit_stops_the_quiescence_at_once() {
    let pos: InternationalDraughts = "W:W32:B16,27".parse().unwrap();
    let mut player = Player::<InternationalDraughts>::new(1);
    player.limits = nodes(1);
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let s = player.quiesce(&pos, &mut moves, true, 0, -WIN - 1, WIN + 1);
    assert_eq!((s, player.nodes, player.aborted), (0, 1, true));
}

/// A search's figures with these options (see [`figures`]), from a new player.
fn figures_with<P: Evaluate>(options: &str, pos: &P, limits: Limits) -> String
where
    P::Move: MoveSquares,
{
    let mut player = Player::<P>::new(1).with_options(options.parse().unwrap());
    figures(&mut player, pos, limits)
}

/// Below the depth where an option starts, the tree is the search's without it.
#[test]
fn the_options_leave_shallow_trees_alone() {
    let middle: InternationalDraughts = played(7, 30);
    let plain = figures_with("probcut=0 singular=0 threats=0", &middle, depth(4));
    assert_eq!(figures_with("probcut=1", &middle, depth(4)), plain);
    let plain = figures_with("probcut=0 singular=0 threats=0", &middle, depth(7));
    assert_eq!(
        figures_with("probcut=0 singular=1", &middle, depth(7)),
        plain
    );
    // a ruleset that tells no threats searches as without them
    let lasca: Lasca = played(5, 24);
    let plain = figures_with("threats=0", &lasca, depth(8));
    assert_eq!(figures_with("threats=1", &lasca, depth(8)), plain);
    // each ruleset's options are its own: ProbCut where it won its match
    let player = Player::<InternationalDraughts>::new(1);
    assert_eq!(*player.options(), SearchOptions::PROBCUT);
    let player = Player::<column_checkers::RussianDraughts>::new(1);
    assert_eq!(*player.options(), SearchOptions::PROBCUT);
    assert_eq!(*Player::<Emergo>::new(1).options(), SearchOptions::NONE);
    assert_eq!(*Player::<Lasca>::new(1).options(), SearchOptions::default());
}

/// Each option's figures (see [`bench_signature`]): past its depth it changes the
/// tree, and its figures are fixed. Renew them when the option changes on purpose.
#[test]
fn options_signature() {
    let middle: InternationalDraughts = played(7, 30);
    let lasca: Lasca = played(5, 24);
    let mut lines = Vec::new();
    for options in [
        "probcut=0 singular=0 threats=0",
        "probcut=1",
        "probcut=0 singular=1",
        "probcut=0 threats=1",
    ] {
        lines.push(figures_with(options, &middle, depth(9)));
        lines.push(figures_with(options, &lasca, depth(10)));
    }
    let expected = [
        "9 -110 297348 37-31 37-31 8-12 31x22",
        "10 -426 14457 g3-f4 g3-f4 f6-e5 f4-g5 e5-f4 g5-f6 f4-e3 f6-g7 e3-f2 g7-f6 f2-e1 f6-g5 e1-f2 g5-f4",
        "9 -110 277335 37-31 37-31 8-12 31x22",
        "10 -426 4393 g3-f4 g3-f4 f6-e5 f4-g5 e5-f4 g5-f6 f4-e3 f6-g7 e3-f2 g7-f6 f2-e1 f6-g5 e1-f2 g5-f4",
        "9 -110 295121 37-31 37-31 8-12 31x22",
        "10 -464 17026 g3-f4 g3-f4 f6-e5 f4-g5 e5-f4 g5-f6 f4-e3 f6-g7 e3-d2 g7-f6 d2-e1 f6-e5",
        "9 -111 374395 37-31 37-31 8-12",
        "10 -426 14457 g3-f4 g3-f4 f6-e5 f4-g5 e5-f4 g5-f6 f4-e3 f6-g7 e3-f2 g7-f6 f2-e1 f6-g5 e1-f2 g5-f4",
    ];
    assert_eq!(lines, expected, "\n{}", lines.join("\n"));
    assert_ne!(lines[0], lines[2]);
    assert_ne!(lines[0], lines[4]);
    assert_ne!(lines[1], lines[3]);
    assert_ne!(lines[1], lines[5]);
    assert_ne!(lines[0], lines[6]);
}

/// With `spend`, a search under a time limit iterates until the time is out: the same
/// iterations as without, then part of the next, whose moves searched in full count.
#[test]
fn spending_the_time_iterates_until_it_is_out() {
    let middle: InternationalDraughts = played(7, 30);
    let run = |options: &str| {
        let mut player = Player::<InternationalDraughts>::new(1)
            .with_clock(TickClock::boxed(10))
            .with_options(options.parse().unwrap());
        let limits = Limits {
            depth: Some(9),
            ..time(400)
        };
        let found = player.search(&middle, &[], limits, &mut |_| {});
        (found.depth, found.nodes)
    };
    assert_eq!(run("spend=0"), (6, 24278));
    assert_eq!(run("spend=1"), (6, 35840));
}
