//! Property tests of the click input ([`MoveInput`]) over random positions of every
//! ruleset of the registry:
//! - clicking the squares of any route of any legal move gives exactly that move (and
//!   every route is one the notation reads as that move);
//! - no click sequence yields a move that is not legal;
//! - the highlighted squares are exactly those that continue some legal move;
//! - the click paths given the legal-move list (`click_paths_among`) are the click paths.

use column_checkers::engine::input::MoveInput;
use column_checkers::engine::introspect::{Introspect, MoveKind};
use column_checkers::engine::moves::MoveSquares;
use column_checkers::tools::registry::{Ruleset, RulesetVisitor};
use column_checkers::tools::rng::SplitMix64;
use column_checkers::{Game, MoveList, Position, Square};
use column_checkers_testkit::harness::click_text;
use proptest::prelude::*;
use std::collections::{BTreeSet, HashSet};

/// A position reached from the start by up to `plies` random legal moves, with the game
/// still on: a move that would end it (a counted draw, no move left) is not played, as
/// a finished position refuses every click and move text.
fn random_position<P: Position>(seed: u64, plies: usize) -> P {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(P::start());
    let mut moves = MoveList::new();
    for _ in 0..plies {
        game.position().legal_moves(&mut moves);
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        let before = game.position().clone();
        game.play(&mv).expect("a listed move plays");
        if game.position().outcome().is_some() {
            return before;
        }
    }
    game.position().clone()
}

/// Every legal move with its click paths.
fn paths<P: Introspect>(pos: &P) -> Vec<(P::Move, Vec<Square>)> {
    let mut v = Vec::new();
    pos.click_paths(&mut |m, p| v.push((*m, p.to_vec())));
    v
}

/// Runs `f` on a random position of every ruleset; returns the sum of its counts.
fn on_every_ruleset(seed: u64, plies: usize, f: impl Check + Copy) -> Result<usize, String> {
    struct V<F>(u64, usize, F);
    impl<F: Check> RulesetVisitor for V<F> {
        type Output = Result<usize, String>;
        fn visit<P: Introspect>(self) -> Self::Output {
            let pos: P = random_position(self.0, self.1);
            self.2
                .check(&pos, self.0)
                .map_err(|e| format!("{} {pos}: {e}", P::NAME))
        }
    }
    let mut n = 0;
    for (i, r) in Ruleset::ALL.iter().enumerate() {
        n += r.visit(V(seed ^ i as u64, plies, f))?;
    }
    Ok(n)
}

trait Check {
    fn check<P: Introspect>(self, pos: &P, seed: u64) -> Result<usize, String>;
}

/// Every route of every legal move entered click by click gives that move.
#[derive(Clone, Copy)]
struct EveryRoute;

impl Check for EveryRoute {
    fn check<P: Introspect>(self, pos: &P, _: u64) -> Result<usize, String> {
        let g = pos.geometry();
        let mut legal = MoveList::new();
        pos.legal_moves(&mut legal);
        let all = paths(pos);
        let mut among = Vec::new();
        pos.click_paths_among(&legal, &mut |m, p| among.push((*m, p.to_vec())));
        if among != all {
            return Err(format!(
                "click_paths_among gave {among:?}, click_paths {all:?}"
            ));
        }
        // every listed move has its own clicks among its paths, and nothing else is there
        for mv in &legal {
            if !all
                .iter()
                .any(|(m, p)| m == mv && *p == mv.clicks().to_vec())
            {
                return Err(format!("{mv} has no click path {:?}", mv.clicks()));
            }
        }
        let mut seen = HashSet::new();
        for (mv, path) in &all {
            if !legal.contains(mv) {
                return Err(format!("click path for illegal move {mv}"));
            }
            if !seen.insert(path.clone()) {
                return Err(format!("click path {path:?} listed twice"));
            }
            let text = click_text(g, path, mv.men_captured() > 0);
            // the notation, which accepts any route of a move, reads the path as it
            if pos.parse_move(&text).as_ref() != Ok(mv) {
                return Err(format!(
                    "path {text} of {mv} reads as {:?}",
                    pos.parse_move(&text)
                ));
            }
            let mut input = MoveInput::new(pos);
            for (i, &sq) in path.iter().enumerate() {
                let got = input.click(sq).map_err(|e| format!("{text}: {e}"))?;
                match (i + 1 == path.len(), got) {
                    (true, Some(m)) if m == *mv => {}
                    (false, None) => {}
                    (_, got) => return Err(format!("{text}: click {i} gave {got:?}")),
                }
            }
            if !input.next_squares().is_empty() {
                return Err(format!("{text}: squares highlighted after a whole move"));
            }
            // and the description agrees with the move
            let info = pos.describe(mv).ok_or(format!("{mv} not described"))?;
            if info.origin != mv.origin()
                || info.landings.to_vec() != mv.landings().to_vec()
                || info.men_captured != mv.men_captured()
                || (info.kind == MoveKind::Capture) != (mv.men_captured() > 0)
                || (info.men_captured > 0 && info.taken.is_empty())
            {
                return Err(format!("{mv}: description {info:?} disagrees"));
            }
        }
        Ok(all.len())
    }
}

/// Random clicks never name an illegal move; refused clicks change nothing.
#[derive(Clone, Copy)]
struct RandomClicks;

impl Check for RandomClicks {
    fn check<P: Introspect>(self, pos: &P, seed: u64) -> Result<usize, String> {
        let g = pos.geometry();
        let mut legal = MoveList::new();
        pos.legal_moves(&mut legal);
        let mut rng = SplitMix64::new(seed.rotate_left(17));
        let mut input = MoveInput::new(pos);
        let mut named = 0;
        for _ in 0..60 {
            let next = input.next_squares();
            // half the time a highlighted square, else any square
            let sq = if !next.is_empty() && rng.below(2) == 0 {
                next[rng.below(next.len())]
            } else {
                Square(rng.below(g.len()) as u8)
            };
            let before = input.clicks().to_vec();
            match input.click(sq) {
                Ok(Some(mv)) => {
                    if !legal.contains(&mv) {
                        return Err(format!("clicks {before:?}+{sq:?} named illegal {mv}"));
                    }
                    let text = click_text(g, input.clicks(), mv.men_captured() > 0);
                    if pos.parse_move(&text) != Ok(mv) {
                        return Err(format!("clicks {text} named {mv}"));
                    }
                    named += 1;
                    input.reset();
                }
                Ok(None) => {}
                Err(_) if input.clicks() == before => {}
                Err(e) => return Err(format!("refused click changed the input: {e}")),
            }
            if rng.below(8) == 0 {
                input.undo();
            }
        }
        Ok(named)
    }
}

/// After any clicks that begin a legal move, the highlighted squares are exactly the
/// squares whose click is accepted, and each continues a route of a legal move.
#[derive(Clone, Copy)]
struct Highlights;

impl Check for Highlights {
    fn check<P: Introspect>(self, pos: &P, seed: u64) -> Result<usize, String> {
        let g = pos.geometry();
        let all = paths(pos);
        let mut rng = SplitMix64::new(seed.rotate_left(29));
        let mut checked = 0;
        for _ in 0..3 {
            let Some((_, path)) = all.get(rng.below(all.len().max(1))) else {
                break;
            };
            let k = rng.below(path.len());
            let mut input = MoveInput::new(pos);
            for &sq in &path[..k] {
                input.click(sq).map_err(|e| e.to_string())?;
            }
            let prefix = &path[..k];
            let expected: BTreeSet<Square> = all
                .iter()
                .filter(|(_, p)| p.len() > k && &p[..k] == prefix)
                .map(|(_, p)| p[k])
                .collect();
            let shown: BTreeSet<Square> = input.next_squares().into_iter().collect();
            if shown != expected {
                return Err(format!(
                    "after {prefix:?}: shown {shown:?}, expected {expected:?}"
                ));
            }
            for sq in g.squares() {
                let mut probe = input.clone();
                let accepted = probe.click(sq).is_ok();
                if accepted != expected.contains(&sq) {
                    return Err(format!(
                        "after {prefix:?}: click on {} accepted: {accepted}",
                        g.name(sq)
                    ));
                }
                checked += 1;
            }
        }
        Ok(checked)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn every_route_of_every_legal_move_gives_that_move(seed in any::<u64>(), plies in 0usize..80) {
        let n = on_every_ruleset(seed, plies, EveryRoute).map_err(TestCaseError::fail)?;
        prop_assert!(n > 0);
    }

    #[test]
    fn no_click_sequence_names_an_illegal_move(seed in any::<u64>(), plies in 0usize..80) {
        on_every_ruleset(seed, plies, RandomClicks).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn highlighted_squares_are_exactly_the_continuations(seed in any::<u64>(), plies in 0usize..80) {
        on_every_ruleset(seed, plies, Highlights).map_err(TestCaseError::fail)?;
    }
}

/// Move identity: routes from the same square that leave the same position are one move, and
/// a person may click any of them — here an Emergo roundabout either way round.
#[test]
fn a_roundabout_is_accepted_either_way_round() {
    use column_checkers::Emergo;
    let pos: Emergo = "e4:w,e5:b,d6:b,c5:b,d4:b w 0/0".parse().unwrap();
    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    assert_eq!(legal.len(), 1);
    for route in [
        ["e4", "e6", "c6", "c4", "e4"],
        ["e4", "c4", "c6", "e6", "e4"],
    ] {
        let mut input = MoveInput::new(&pos);
        assert_eq!(input.next_names(), ["e4"]);
        for sq in &route[..4] {
            assert_eq!(input.click_name(sq), Ok(None), "{route:?}");
        }
        assert_eq!(input.click_name("e4"), Ok(Some(legal[0])));
    }
    let mut input = MoveInput::new(&pos);
    input.click_name("e4").unwrap();
    let mut next = input.next_names();
    next.sort();
    assert_eq!(next, ["c4", "e6"]);
    let info = pos.describe(&legal[0]).unwrap();
    assert_eq!(info.men_captured, 4);
    assert_eq!(info.taken.len(), 4);
}

/// A flying king's capture with a free landing before the last jump: one move, three
/// routes, each clicked square by square.
#[test]
fn a_kings_landing_choices_are_routes_of_one_move() {
    use column_checkers::Bashni;
    let pos: Bashni = "a1:W,c3:b,g7:bb w".parse().unwrap();
    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    assert_eq!(legal.len(), 1);
    for via in ["d4", "e5", "f6"] {
        let mut input = MoveInput::new(&pos);
        input.click_name("a1").unwrap();
        assert_eq!(input.next_names(), ["d4", "e5", "f6"]);
        input.click_name(via).unwrap();
        assert_eq!(input.next_names(), ["h8"]);
        assert_eq!(input.click_name("h8"), Ok(Some(legal[0])));
    }
    let info = pos.describe(&legal[0]).unwrap();
    let g = pos.geometry();
    let taken: Vec<&str> = info.taken.iter().map(|&s| g.name(s)).collect();
    assert_eq!(taken, ["c3", "g7"]);
    assert!(!info.crowned);
}

/// Refused clicks name the square and say why.
#[test]
fn refused_clicks_say_why() {
    use column_checkers::engine::input::ClickError;
    use column_checkers::games::draughts::RussianDraughts;
    let pos = RussianDraughts::start();
    let mut input = MoveInput::new(&pos);
    let e = input.click_name("e5").unwrap_err();
    assert!(
        matches!(e, ClickError::NoMoveStartsHere { ref square, .. } if square == "e5"),
        "{e}"
    );
    assert!(e.to_string().contains("a move starts on"), "{e}");
    assert!(matches!(
        input.click_name("z9"),
        Err(ClickError::UnknownSquare(_))
    ));
    input.click_name("c3").unwrap();
    let e = input.click_name("c5").unwrap_err();
    assert_eq!(
        e.to_string(),
        "no move goes on to c5 after c3; it may go on to b4, d4"
    );
    assert_eq!(input.clicks().len(), 1);
    assert!(input.click_name("d4").unwrap().is_some());
    let e = input.click_name("e5").unwrap_err();
    assert!(matches!(e, ClickError::Complete { .. }), "{e}");
    assert_eq!(input.undo(), pos.geometry().parse_square("d4"));
    input.reset();
    assert!(input.clicks().is_empty());
    // a man crowned: a Russian man reaching the far row
    let pos: RussianDraughts = "c5:w,h8:b w".parse().unwrap();
    let mv = pos.parse_move("c5-b6").unwrap();
    assert!(!pos.describe(&mv).unwrap().crowned);
    let pos: RussianDraughts = "c7:w,h8:b w".parse().unwrap();
    let mv = pos.parse_move("c7-b8").unwrap();
    assert!(pos.describe(&mv).unwrap().crowned);
    // a move of another position is not described
    assert_eq!(RussianDraughts::start().describe(&mv), None);
}

#[test]
fn click_scheme_examples() {
    use column_checkers::{Dameo, Emergo, NeoCrossings};
    // an entry is one click
    let pos = Emergo::start();
    let mut input = MoveInput::new(&pos);
    assert_eq!(input.next_squares().len(), 40);
    assert!(input
        .click_name("e5")
        .unwrap_err()
        .to_string()
        .contains("e5"));
    let mv = input.click_name("d6").unwrap().unwrap();
    assert_eq!(pos.describe(&mv).unwrap().kind, MoveKind::Entry);
    // the shadowpiece: Black has nothing in hand, White enters all he has left
    let pos: Emergo = "e5:bbbbbbbbbbbb w 12/0".parse().unwrap();
    let mut input = MoveInput::new(&pos);
    let mv = input.click_name("a5").unwrap().unwrap();
    let info = pos.describe(&mv).unwrap();
    assert_eq!((info.kind, info.men_moved), (MoveKind::Shadowpiece, 12));
    // a Dameo line advance: the tail man, then the square in front of the head
    let pos = Dameo::start();
    let mut input = MoveInput::new(&pos);
    input.click_name("d1").unwrap();
    assert!(input.next_names().contains(&"b3"));
    let mv = input.click_name("b3").unwrap().unwrap();
    assert_eq!(mv.to_string(), "d1b3");
    let info = pos.describe(&mv).unwrap();
    assert_eq!((info.kind, info.men_moved), (MoveKind::LineAdvance, 2));
    // an Epaminondas phalanx: the tail man, then where the head goes
    let pos = NeoCrossings::start();
    let mut input = MoveInput::new(&pos);
    input.click_name("a1").unwrap();
    input.undo();
    input.click_name("a1").unwrap();
    let mv = input.click_name("a4").unwrap().unwrap();
    assert_eq!(mv.to_string(), "a1-a4");
    assert_eq!(pos.describe(&mv).unwrap().kind, MoveKind::Phalanx);
}
