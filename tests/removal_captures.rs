//! The removal games (international, Brazilian and Russian draughts, Dameo) keep their
//! positions as bitboards (`Pieces`) and find their captures there with the engine's
//! one capture traversal, or on whole sets where every capture is a single jump.
//! These random playouts check them, at every ply, against a reference written here
//! from the rules alone (every route walked square by square; one move per position
//! it leaves): the same captures in the same order, the same position after each;
//! and the storage's own answers against listing and playing (moves, replies and two
//! plies counted, each move played from what the search found and by walking its
//! route, the hash, what a move takes, taking a move back).

use column_checkers::custom::{
    Board, CapturePromotion, CheckersPosition, CheckersRules, Columns, Leap, Majority, Man,
    MovePath, Rank, Route,
};
use column_checkers::games::{
    BrazilianRules, CheckersMove, DameoRules, InternationalRules, RussianRules,
};
use column_checkers::playout::SplitMix64;
use column_checkers::{Color, Introspect, MoveList, MoveParseError, Position, Square};
use column_checkers_testkit::Checking;
use proptest::prelude::*;

const MAX_PLIES: usize = 120;

/// A capture of the reference: its route, the pieces it takes in order, the board
/// after it.
struct Capture<B: Board> {
    route: Route,
    taken: Vec<Square>,
    after: Columns<B>,
}

/// The captures of the side to move on `cols` under the removal rules `R`: the pieces
/// taken stay on the board (and block) until the move ends and are never jumped
/// twice, a man reaching the far row mid-capture is crowned and goes on as a king or
/// goes on as a man as the rules say, a flying king lands where the capture goes on
/// when some landing lets it; the majority rule; one move per origin and position.
fn reference<R: CheckersRules>(
    rules: &R,
    cols: &Columns<R::Board>,
    side: Color,
) -> Vec<Capture<R::Board>> {
    let g = R::Board::geometry();
    let mut routes = Vec::new();
    for origin in g.squares() {
        let Some(man) = cols.get(origin).top().filter(|m| m.color == side) else {
            continue;
        };
        let mut occupied = cols.occupied();
        occupied.remove(origin);
        let start = (Route::new(origin), Vec::new(), man.rank == Rank::King);
        walk(rules, cols, occupied, side, start, &mut routes);
    }
    if R::RULES.majority == Majority::MostCaptures {
        let most = routes.iter().map(|c: &Capture<_>| c.taken.len()).max();
        routes.retain(|c| Some(c.taken.len()) == most);
    }
    let mut moves: Vec<Capture<R::Board>> = Vec::new();
    for c in routes {
        if !moves
            .iter()
            .any(|m| m.route.origin() == c.route.origin() && m.after == c.after)
        {
            moves.push(c);
        }
    }
    moves
}

/// A route under way: its squares, the pieces it took, whether a king leads.
type Walk = (Route, Vec<Square>, bool);

/// Every jump from the end of `w`, each route followed to its end; answers whether
/// there was one.
fn walk<R: CheckersRules>(
    rules: &R,
    cols: &Columns<R::Board>,
    occupied: column_checkers::SquareSet,
    side: Color,
    w: Walk,
    out: &mut Vec<Capture<R::Board>>,
) -> bool {
    let g = R::Board::geometry();
    let (route, taken, king) = w;
    let at = route.destination();
    let man = Man {
        color: side,
        rank: if king { Rank::King } else { Rank::Man },
    };
    let flying = rules.leap(man) == Leap::Flying;
    let mut jumped = false;
    for d in g.directions() {
        if !rules.directions(man).contains(d) {
            continue;
        }
        let mut x = g.neighbour(at, d);
        while flying && x.is_some_and(|s| !occupied.contains(s)) {
            x = x.and_then(|s| g.neighbour(s, d));
        }
        let Some(x) = x else { continue };
        if cols.get(x).owner() != Some(!side) || taken.contains(&x) {
            continue;
        }
        let mut landings = Vec::new();
        let mut l = g.neighbour(x, d);
        while let Some(s) = l.filter(|&s| !occupied.contains(s)) {
            landings.push(s);
            l = if flying { g.neighbour(s, d) } else { None };
        }
        jumped |= !landings.is_empty();
        let mut went_on = false;
        let mut ends = Vec::new();
        for l in landings {
            let (mut r, mut t) = (route, taken.clone());
            r.push(l);
            t.push(x);
            let crowned = !king && R::Board::far_row(side).contains(l);
            let next = match (crowned, R::RULES.promotion) {
                (true, CapturePromotion::EndsMove) => {
                    end(rules, cols, side, (r, t, true), out);
                    went_on = true;
                    continue;
                }
                (true, CapturePromotion::Continues) => (r, t, true),
                _ => (r, t, king),
            };
            went_on |= walk(rules, cols, occupied, side, next.clone(), out);
            ends.push(next);
        }
        if !went_on {
            for e in ends {
                end(rules, cols, side, e, out);
            }
        }
    }
    jumped
}

/// The route `w` ends: the pieces taken leave the board, a man ending on his far row
/// is crowned.
fn end<R: CheckersRules>(
    _rules: &R,
    cols: &Columns<R::Board>,
    side: Color,
    w: Walk,
    out: &mut Vec<Capture<R::Board>>,
) {
    let (route, taken, king) = w;
    let mut after = *cols;
    let mut piece = after.take(route.origin());
    for &x in &taken {
        after.take(x);
    }
    let to = route.destination();
    if king || R::Board::far_row(side).contains(to) {
        piece.promote_top();
    }
    after.put_on_vacant(to, piece);
    out.push(Capture {
        route,
        taken,
        after,
    });
}

fn route_of<R: CheckersRules>(mv: &CheckersMove<R>) -> Option<Route> {
    match *mv.path() {
        MovePath::Capture(r) => Some(r),
        _ => None,
    }
}

fn playout<R: CheckersRules>(seed: u64) -> Result<usize, TestCaseError> {
    let mut rng = SplitMix64::new(seed);
    let mut pos = CheckersPosition::<R>::start();
    let (mut moves, mut replies, mut scratch) = (MoveList::new(), MoveList::new(), MoveList::new());
    let mut captures = 0;
    for _ in 0..MAX_PLIES {
        let text = pos.to_string();
        prop_assert_eq!(pos.zobrist(), pos.zobrist_from_scratch(), "{}", text);
        pos.legal_moves(&mut moves);
        let cols = pos.columns();
        let expected = reference(pos.rules(), &cols, pos.turn());
        let routes: Vec<_> = moves.iter().filter_map(route_of).collect();
        if expected.is_empty() {
            prop_assert!(routes.is_empty(), "{}: no capture", text);
        } else {
            captures += 1;
            let want: Vec<_> = expected.iter().map(|c| c.route).collect();
            prop_assert_eq!(routes.len(), moves.len(), "{}: capture is compulsory", text);
            prop_assert_eq!(&routes, &want, "{}: the captures in order", text);
        }
        prop_assert_eq!(moves.len(), pos.count_legal_moves(), "{}", text);
        // the replies and two plies counted, against each move played and listed
        let mut listed = 0;
        for mv in moves.iter() {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            next.legal_moves(&mut replies);
            listed += replies.len() as u64;
        }
        prop_assert_eq!(pos.count_replies(&moves), listed, "{}", text);
        prop_assert_eq!(pos.count_two_plies(&mut scratch), listed, "{}", text);
        if moves.is_empty() {
            break;
        }
        let mut played = pos.clone();
        for (i, mv) in moves.iter().enumerate() {
            // played from what the search found, and by walking the route
            played.play_unchecked(mv);
            let mut walked = pos.clone();
            walked.play_unchecked(&CheckersMove::new(*mv.inner()));
            prop_assert_eq!(&played, &walked, "{}: {}", text, mv);
            prop_assert_eq!(played.zobrist(), walked.zobrist(), "{}: {}", text, mv);
            prop_assert_eq!(played.zobrist(), played.zobrist_from_scratch());
            if let Some(c) = expected.get(i) {
                prop_assert_eq!(&*played.columns(), &c.after, "{}: {}", text, mv);
                let info = pos.describe(mv).expect("a legal move");
                prop_assert_eq!(info.taken.to_vec(), c.taken.clone(), "{}: {}", text, mv);
            }
            // the move read back from its text is the listed one, or refused once a
            // counted draw has ended the game (the list stays the rules' moves)
            match pos.outcome() {
                None => prop_assert_eq!(pos.parse_move(&mv.to_string()), Ok(*mv)),
                Some(o) => prop_assert_eq!(
                    pos.parse_move(&mv.to_string()),
                    Err(MoveParseError::GameOver(o))
                ),
            }
            played.restore(&pos, mv);
            prop_assert_eq!(&played, &pos, "{}: {} taken back", text, mv);
            prop_assert_eq!(played.zobrist(), pos.zobrist());
        }
        // every route of a capture is clicked to its move
        let mut clicked = 0;
        pos.click_paths(&mut |m, squares| {
            clicked += usize::from(moves.contains(m) && squares.len() > 1);
        });
        prop_assert!(moves.is_empty() || clicked >= moves.len(), "{}", text);
        if pos.outcome().is_some() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        pos.play_unchecked(&mv);
    }
    Ok(captures)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn international_captures_as_the_reference(seed in any::<u64>()) {
        playout::<InternationalRules>(seed)?;
    }

    #[test]
    fn brazilian_captures_as_the_reference(seed in any::<u64>()) {
        playout::<BrazilianRules>(seed)?;
    }

    #[test]
    fn russian_captures_as_the_reference(seed in any::<u64>()) {
        playout::<RussianRules>(seed)?;
    }

    #[test]
    fn dameo_captures_as_the_reference(seed in any::<u64>()) {
        playout::<DameoRules>(seed)?;
    }
}

/// The playouts reach captures: the comparison is not empty.
#[test]
fn playouts_reach_captures() {
    let captures = playout::<InternationalRules>(1).unwrap()
        + playout::<RussianRules>(2).unwrap()
        + playout::<DameoRules>(3).unwrap();
    assert!(captures > 20, "{captures} plies with captures");
}

/// A random international game that reaches a counted draw (an endgame class's limit)
/// while moves are still listed: once it is over, a listed move's text is refused with
/// the game's outcome.
#[test]
fn playout_into_a_counted_draw() {
    playout::<InternationalRules>(13_077_289_109_351_115_657).unwrap();
}
