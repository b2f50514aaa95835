//! Property tests of Emergo over random playouts and random positions.
//!
//! The strongest one compares the engine's legal moves with a naive reference
//! implementation written here from the rules text, on plain vectors: every generated
//! move is legal and every legal move is generated, captures are maximal, and moves
//! that lead to the same position from the same origin are listed once (move identity).

use column_checkers::custom::Board;
use column_checkers::games::Oblique9;
use column_checkers::playout::SplitMix64;
use column_checkers::{Color, Emergo, Game, MoveList, Position, Square};
use column_checkers_testkit::Checking;
use proptest::prelude::*;
use std::collections::BTreeSet;

// ---------------------------------------------------------------- reference model

type Cells = Vec<Vec<Color>>; // per square, men bottom to top

fn cells_of(p: &Emergo) -> Cells {
    let g = Oblique9::geometry();
    g.squares()
        .map(|s| p.columns().get(s).men().map(|m| m.color).collect())
        .collect()
}

/// The oblique coordinates (letter line L, number line N) of a square, read from its
/// name: the reference does not use the engine's geometry tables.
fn line_coords(s: usize) -> (i32, i32) {
    let name = Oblique9::geometry().name(Square(s as u8)).as_bytes();
    ((name[0] - b'a') as i32, (name[1] - b'0') as i32)
}

/// The square at (L, N), if the board has it: |L - 4| + |N - 5| <= 4.
fn square_at(l: i32, n: i32) -> Option<usize> {
    if (l - 4).abs() + (n - 5).abs() > 4 {
        return None;
    }
    let name = format!("{}{}", (b'a' + l as u8) as char, n);
    Oblique9::geometry().parse_square(&name).map(|s| s.index())
}

/// The square two steps from `s` by (dL, dN), and the one in between.
fn jump(s: usize, (dx, dy): (i32, i32)) -> Option<(usize, usize)> {
    let (x, y) = line_coords(s);
    Some((
        square_at(x + dx, y + dy)?,
        square_at(x + 2 * dx, y + 2 * dy)?,
    ))
}

const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

fn owner(c: &[Color]) -> Option<Color> {
    c.last().copied()
}

/// All maximal capture routes of `side`: (origin, landings, resulting cells).
fn ref_captures(cells: &Cells, side: Color) -> Vec<(usize, Vec<usize>, Cells)> {
    /// `mover` is the capturing side and the origin square.
    fn go(
        cells: &mut Cells,
        mover: (Color, usize),
        at: usize,
        carrier: &mut Vec<Color>,
        last: Option<(i32, i32)>,
        path: &mut Vec<usize>,
        out: &mut Vec<(usize, Vec<usize>, Cells)>,
    ) {
        let (side, origin) = mover;
        let mut any = false;
        for d in DIRS {
            if last == Some((-d.0, -d.1)) {
                continue;
            }
            let Some((mid, to)) = jump(at, d) else {
                continue;
            };
            if owner(&cells[mid]) != Some(!side) || !cells[to].is_empty() {
                continue;
            }
            any = true;
            let taken = cells[mid].pop().unwrap();
            carrier.insert(0, taken);
            path.push(to);
            go(cells, mover, to, carrier, Some(d), path, out);
            path.pop();
            carrier.remove(0);
            cells[mid].push(taken);
        }
        if !any && !path.is_empty() {
            let mut result = cells.clone();
            result[at] = carrier.clone();
            out.push((origin, path.clone(), result));
        }
    }
    let mut out = Vec::new();
    for s in 0..cells.len() {
        if owner(&cells[s]) != Some(side) {
            continue;
        }
        let mut work = cells.clone();
        let mut carrier = std::mem::take(&mut work[s]);
        go(
            &mut work,
            (side, s),
            s,
            &mut carrier,
            None,
            &mut Vec::new(),
            &mut out,
        );
    }
    let best = out.iter().map(|r| r.1.len()).max().unwrap_or(0);
    out.retain(|r| r.1.len() == best);
    out
}

fn has_capture(cells: &Cells, side: Color) -> bool {
    (0..cells.len()).any(|s| {
        owner(&cells[s]) == Some(side)
            && DIRS.iter().any(|&d| {
                jump(s, d).is_some_and(|(mid, to)| {
                    owner(&cells[mid]) == Some(!side) && cells[to].is_empty()
                })
            })
    })
}

/// The reference legal moves as a set of (origin-or-target square, resulting cells).
fn ref_moves(p: &Emergo) -> BTreeSet<(usize, Vec<Vec<u8>>)> {
    let cells = cells_of(p);
    let side = p.turn();
    let enc = |c: &Cells| {
        c.iter()
            .map(|v| v.iter().map(|&m| m as u8).collect())
            .collect()
    };
    let mut out = BTreeSet::new();
    let hand = p.in_hand(side);
    if hand == 0 && (0..cells.len()).all(|s| owner(&cells[s]) != Some(side)) {
        return out; // lost
    }
    let caps = ref_captures(&cells, side);
    if !caps.is_empty() {
        for (o, _, r) in caps {
            out.insert((o, enc(&r)));
        }
        return out;
    }
    if hand > 0 {
        let men = if p.in_hand(!side) == 0 { hand } else { 1 };
        let first = side == Color::White && cells.iter().all(|c| c.is_empty());
        let attacked = has_capture(&cells, !side);
        for s in 0..cells.len() {
            if !cells[s].is_empty() || (first && s == Oblique9::centre_index()) {
                continue;
            }
            let mut next = cells.clone();
            next[s] = vec![side; men];
            if !attacked && has_capture(&next, !side) {
                continue; // feeding
            }
            out.insert((s, enc(&next)));
        }
        return out;
    }
    for s in 0..cells.len() {
        if owner(&cells[s]) != Some(side) {
            continue;
        }
        let (x, y) = line_coords(s);
        for (dx, dy) in DIRS {
            if let Some(t) = square_at(x + dx, y + dy) {
                if cells[t].is_empty() {
                    let mut next = cells.clone();
                    next[t] = std::mem::take(&mut next[s]);
                    out.insert((s, enc(&next)));
                }
            }
        }
    }
    out
}

trait CentreIndex {
    fn centre_index() -> usize;
}
impl CentreIndex for Oblique9 {
    fn centre_index() -> usize {
        use column_checkers::games::EmergoBoard;
        Oblique9::centre().index()
    }
}

fn engine_moves(p: &Emergo) -> BTreeSet<(usize, Vec<Vec<u8>>)> {
    let mut l = MoveList::new();
    p.legal_moves(&mut l);
    let set: BTreeSet<_> = l
        .iter()
        .map(|m| {
            let mut q = p.clone();
            q.play_unchecked(m);
            let c = cells_of(&q);
            (
                m.origin().unwrap_or(m.destination()).index(),
                c.iter()
                    .map(|v| v.iter().map(|&m| m as u8).collect())
                    .collect(),
            )
        })
        .collect();
    assert_eq!(set.len(), l.len(), "a move listed twice in {p}");
    set
}

// ---------------------------------------------------------------- checks

/// Every invariant that must hold in any position.
fn check_position(p: &Emergo, total_men: usize) {
    // men are conserved
    assert_eq!(p.men(Color::White) + p.men(Color::Black), total_men, "{p}");
    // the incremental hash equals a from-scratch hash
    assert_eq!(p.zobrist(), p.zobrist_from_scratch(), "{p}");
    // position text round-trips
    let back: Emergo = p.to_string().parse().unwrap();
    assert_eq!(&back, p);
    assert_eq!(back.zobrist(), p.zobrist());
    // the legal moves are exactly the reference's
    assert_eq!(engine_moves(p), ref_moves(p), "legal moves differ in {p}");
    let mut l = MoveList::new();
    p.legal_moves(&mut l);
    assert_eq!(p.count_legal_moves(), l.len());
    // captures are all of the maximal length
    if let Some(first) = l.first() {
        assert!(l.iter().all(|m| m.men_captured() == first.men_captured()));
    }
    for m in l.iter() {
        // move text round-trips, and every listed move plays
        assert_eq!(p.parse_move(&m.to_string()).unwrap(), *m, "{m} in {p}");
        let mut q = p.clone();
        q.play(m).unwrap();
    }
    // outcome agrees with the moves
    assert_eq!(p.outcome().is_some(), l.is_empty(), "{p}");
}

fn random_text_is_rejected_or_legal(p: &Emergo, rng: &mut SplitMix64) {
    let g = Oblique9::geometry();
    let mut l = MoveList::new();
    p.legal_moves(&mut l);
    let legal: Vec<String> = l.iter().map(|m| m.to_string()).collect();
    for _ in 0..8 {
        let n = 1 + rng.below(3);
        let seps = ["-", "x"];
        let sep = seps[rng.below(2)];
        let text: Vec<String> = (0..n)
            .map(|_| g.name(Square(rng.below(g.len()) as u8)).to_string())
            .collect();
        let text = text.join(sep);
        let mut q = p.clone();
        match q.parse_move(&text) {
            Ok(m) => {
                assert!(legal.contains(&m.to_string()));
                q.play(&m).unwrap();
            }
            Err(_) => assert_eq!(&q, p, "a failed parse changed the position"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random games from the empty board: all invariants after every move; undo
    /// through `Game` restores the exact position and hash.
    #[test]
    fn random_playouts(seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        let mut game = Game::new(Emergo::start());
        let mut l = MoveList::new();
        for _ in 0..160 {
            let p = game.position().clone();
            check_position(&p, 24);
            random_text_is_rejected_or_legal(&p, &mut rng);
            p.legal_moves(&mut l);
            if l.is_empty() || game.outcome().is_some() {
                break;
            }
            let m = l[rng.below(l.len())];
            game.play(&m).unwrap();
            let after = game.position().clone();
            game.undo();
            prop_assert_eq!(game.position(), &p);
            prop_assert_eq!(game.position().zobrist(), p.zobrist());
            game.redo();
            prop_assert_eq!(game.position(), &after);
        }
    }

    /// Random positions full of columns (not necessarily reachable, always valid):
    /// captures, roundabouts and liberations happen far more often than in playouts.
    #[test]
    fn random_positions(seed in any::<u64>()) {
        let mut rng = SplitMix64::new(seed);
        let g = Oblique9::geometry();
        let mut items = Vec::new();
        let mut men = [0usize; 2];
        let mut used = Vec::new();
        for _ in 0..(4 + rng.below(10)) {
            let sq = rng.below(g.len());
            if used.contains(&sq) { continue; }
            let owner = Color::from_index(rng.below(2));
            let cap = 1 + rng.below(3);
            let prisoners = rng.below(3);
            if men[owner.index()] + cap > 12 || men[(!owner).index()] + prisoners > 12 { continue; }
            men[owner.index()] += cap;
            men[(!owner).index()] += prisoners;
            used.push(sq);
            let col: String = std::iter::repeat_n((!owner).char(), prisoners)
                .chain(std::iter::repeat_n(owner.char(), cap)).collect();
            items.push(format!("{}:{col}", g.name(Square(sq as u8))));
        }
        let hand_w = rng.below(13 - men[0]);
        let hand_b = rng.below(13 - men[1]);
        let side = if rng.below(2) == 0 { 'w' } else { 'b' };
        let text = format!("{} {side} {hand_w}/{hand_b}", if items.is_empty() { "-".into() } else { items.join(",") });
        let mut p: Emergo = match text.parse() {
            Ok(p) => p,
            // the side not to move has nothing left: no move reaches that, and the
            // reader refuses it (a finished game is written with the loser to move)
            Err(e) if matches!(e.kind, column_checkers::error::PositionErrorKind::NoPiecesNotToMove(_)) => {
                return Ok(());
            }
            Err(e) => panic!("{text}: {e}"),
        };
        let total = men[0] + men[1] + hand_w + hand_b;
        let mut l = MoveList::new();
        for _ in 0..30 {
            check_position(&p, total);
            p.legal_moves(&mut l);
            if l.is_empty() { break; }
            let m = l[rng.below(l.len())];
            p.play_unchecked(&m);
        }
    }
}
