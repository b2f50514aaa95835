//! The observation's completeness along random games of every ruleset and option set,
//! and its layouts (the action encoding itself is the crate's, tested there).

use crate::obs::Layout;
use crate::Game;
use column_checkers::custom::{Man, Rank, Stack, MAX_ROUTE};
use column_checkers::playout::SplitMix64;
use column_checkers::{AnyGame, Color, Ruleset, Square};

/// Reads the board back from an observation and compares it with the position's view.
fn check_observation(layout: &Layout, core: &AnyGame) {
    let mut obs = vec![0f32; layout.size()];
    let view = core.board_view().expect("a board view");
    layout.write(&view, core.clicks(), &mut obs);
    let hw = layout.width * layout.height;
    let at = |plane: usize, cell: usize| obs[plane * hw + cell];
    for s in 0..layout.squares {
        let cell = layout.cell[s] as usize;
        let mut men_top_down = Vec::new();
        for k in 0..layout.levels {
            let (w, b) = (at(layout.white + k, cell), at(layout.black + k, cell));
            assert!(w + b <= 1.0);
            if w + b == 0.0 {
                break;
            }
            let color = if w == 1.0 { Color::White } else { Color::Black };
            let king = layout.kings && at(layout.king + k, cell) == 1.0;
            men_top_down.push(if king {
                Man::king(color)
            } else {
                Man::new(color)
            });
        }
        let stack = Stack::from_men_bottom_up(men_top_down.into_iter().rev()).unwrap();
        let real = view.get(Square(s as u8));
        assert!(
            real.height() <= layout.levels,
            "a column taller than the levels"
        );
        if !layout.kings {
            assert!(
                (0..real.height()).all(|i| real.man(i).unwrap().rank == Rank::Man),
                "a king in a ruleset without kings"
            );
        }
        assert_eq!(stack, real, "square {s} of {}", core.position_text());
        assert_eq!(at(layout.board, cell), 1.0);
    }
    if layout.hand {
        for c in 0..2 {
            let v = at(layout.in_hand + c, 0) * layout.side_men as f32;
            assert_eq!(v.round() as usize, view.in_hand[c]);
        }
    } else {
        assert_eq!(view.in_hand, [0, 0]);
    }
    assert_eq!(at(layout.turn, 0) == 1.0, view.turn == Color::Black);
    for j in 0..MAX_ROUTE {
        let on: Vec<usize> = (0..hw)
            .filter(|&c| at(layout.click + j, c) == 1.0)
            .collect();
        match core.clicks().get(j) {
            Some(&s) => assert_eq!(on, [layout.cell[s.index()] as usize]),
            None => assert!(on.is_empty()),
        }
    }
}

/// `games` random games of a ruleset, the observation checked at every action;
/// returns the actions taken.
fn random_games(ruleset: Ruleset, games: usize, seed: u64) -> usize {
    let mut core = AnyGame::new(ruleset);
    let layout = Layout::of(&core);
    let mut rng = SplitMix64::new(seed);
    let mut checked = 0;
    for _ in 0..games {
        core.reset();
        while !core.is_over() && core.move_count() < 300 {
            check_observation(&layout, &core);
            let a = core.random_action(rng.next_u64());
            core.apply(i64::from(a.0)).unwrap();
            checked += 1;
        }
        check_observation(&layout, &core);
    }
    checked
}

#[test]
fn the_observation_along_random_games_of_every_ruleset() {
    for ruleset in Ruleset::ALL.iter().copied() {
        let games = if cfg!(debug_assertions) { 1 } else { 4 };
        let checked = random_games(ruleset, games, 29);
        assert!(checked > 0, "{ruleset}");
    }
}

/// The observation shapes and plane groups of python/README.md's table, for every
/// ruleset (options leave the layout as it is): the king planes where the ruleset
/// crowns men.
#[test]
fn observation_layouts_are_those_of_the_readme() {
    let shape_of = |ruleset: Ruleset| {
        let l = Layout::of(&AnyGame::new(ruleset));
        (l.shape(), l.levels, l.kings, l.hand)
    };
    let readme = include_str!("../README.md");
    let mut rows = 0;
    for line in readme.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let [_, names, _, shape, levels, kings, hand, _] = cells[..] else {
            continue;
        };
        let Some(shape) = shape.strip_prefix('[').and_then(|s| s.strip_suffix(']')) else {
            continue;
        };
        let shape: Vec<usize> = shape
            .split(',')
            .map(|n| n.trim().parse().unwrap())
            .collect();
        for name in names.split(',').map(|n| n.trim().trim_matches('`')) {
            let ruleset = Ruleset::ALL
                .iter()
                .copied()
                .find(|r| r.name() == name)
                .unwrap_or_else(|| panic!("{name}: no such ruleset"));
            let (s, l, k, h) = shape_of(ruleset);
            assert_eq!(s[..], shape[..], "{name}");
            assert_eq!(l, levels.parse::<usize>().unwrap(), "{name}");
            assert_eq!((k, h), (kings == "yes", hand == "yes"), "{name}");
            rows += 1;
        }
    }
    assert_eq!(rows, 12, "the table's rulesets");
}

/// A position text with a king, in a ruleset whose men are never crowned (Stapeldammen's
/// text reads kings): refused, since the observation has no king planes.
#[test]
fn a_king_where_no_man_is_crowned_is_refused() {
    let g = Game::open("stapeldammen", None).unwrap();
    let e = g.state_at(Some("46:W,1:b w")).expect_err("refused");
    assert!(e.contains("a king on 46"), "{e}");
    assert!(g.state_at(Some("46:w,1:b w")).is_ok());
}
