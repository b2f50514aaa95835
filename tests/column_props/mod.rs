//! Helpers shared by the Lasca and Bashni integration tests: perft data files, move
//! lists as text, the random-playout invariants, and captures built from their squares.

#![allow(dead_code)]

use column_checkers::custom::{CheckersPosition, CheckersRules, Move, Route};
use column_checkers::games::CheckersMove;
use column_checkers::playout::SplitMix64;
use column_checkers::{Game, MoveList, MoveSquares, Position};
use column_checkers_testkit::Checking;
use std::collections::hash_map::DefaultHasher;
use std::collections::BTreeSet;
use std::hash::{Hash, Hasher};

/// The legal moves of `pos` as texts, sorted.
pub fn move_texts<P: Position>(pos: &P) -> BTreeSet<String> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter().map(|m| m.to_string()).collect()
}

/// The legal moves of `pos` as texts, in generation order.
pub fn move_list<P: Position>(pos: &P) -> Vec<String> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter().map(|m| m.to_string()).collect()
}

/// Parses a position of `P`, panicking with the error.
pub fn pos<P: Position>(text: &str) -> P {
    text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

/// A random playout of up to `plies` moves from the start of `P` with a generator
/// seeded by `seed`, checking after every move (and at every position) the invariants
/// of the column-checkers games: men conserved (no man ever leaves the board),
/// incremental hash equal to the hash from scratch, position text round trip, move
/// text round trip for every legal move, every legal move playable, and undo through
/// [`Game`] restoring the exact position and hash. Returns the positions visited.
pub fn playout_invariants<P: Checking>(seed: u64, plies: usize) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(P::start());
    let men = [
        game.position().men(column_checkers::Color::White),
        game.position().men(column_checkers::Color::Black),
    ];
    let mut list = MoveList::new();
    let mut visited = 0;
    for _ in 0..plies {
        let p = game.position().clone();
        visited += 1;
        assert_eq!(p.zobrist(), p.zobrist_from_scratch(), "hash of {p}");
        let text = p.to_string();
        let back: P = text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(back, p, "text round trip of {text}");
        assert_eq!(back.zobrist(), p.zobrist());
        assert_eq!(
            [
                p.men(column_checkers::Color::White),
                p.men(column_checkers::Color::Black)
            ],
            men,
            "men conserved in {p}"
        );
        if game.outcome().is_some() {
            break;
        }
        p.legal_moves(&mut list);
        assert_eq!(list.len(), p.count_legal_moves(), "count in {p}");
        for mv in list.iter() {
            let t = mv.to_string();
            let parsed = p
                .parse_move(&t)
                .unwrap_or_else(|e| panic!("{t} in {p}: {e}"));
            assert_eq!(&parsed, mv, "move text round trip of {t} in {p}");
            let mut next = p.clone();
            next.play(mv).unwrap_or_else(|e| panic!("{t} in {p}: {e}"));
            assert_eq!(
                next.zobrist(),
                next.zobrist_from_scratch(),
                "hash after {t} in {p}"
            );
        }
        let mv = list[rng.below(list.len())];
        game.play(&mv).expect("a legal move plays");
        let hash = game.position().zobrist();
        let after = game.position().clone();
        assert_eq!(game.undo(), Some(mv));
        assert_eq!(game.position(), &p, "undo of {mv} restores {p}");
        assert_eq!(game.position().zobrist(), p.zobrist());
        assert_eq!(game.redo(), Some(mv));
        assert_eq!(game.position(), &after);
        assert_eq!(game.position().zobrist(), hash);
    }
    visited
}

/// The captures of `p`, each built again from its squares alone (as a program that keeps
/// moves as squares builds it): each is legal, equal to the listed move and hashed as
/// it is, whatever the capture search left in the listed route's unused landings.
/// Returns how many captures were checked.
pub fn captures_from_squares<R: CheckersRules>(p: &CheckersPosition<R>) -> usize {
    let hash = |m: &CheckersMove<R>| {
        let mut h = DefaultHasher::new();
        m.hash(&mut h);
        h.finish()
    };
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let mut n = 0;
    for mv in list.iter().filter(|m| m.is_capture()) {
        let route = Route::from_squares(mv.origin().expect("a capture"), &mv.landings())
            .expect("a capture has landings");
        let built = CheckersMove::<R>::new(Move::capture(route));
        assert!(p.is_legal(&built), "{built} in {p}");
        assert_eq!(&built, mv, "{p}");
        assert_eq!(hash(&built), hash(mv), "{built} in {p}");
        n += 1;
    }
    n
}

/// [`captures_from_squares`] at every position of random playouts of `games` games of
/// up to `plies` moves; returns how many captures were checked.
pub fn playouts_captures_from_squares<R: CheckersRules>(
    seed: u64,
    games: usize,
    plies: usize,
) -> usize {
    let mut rng = SplitMix64::new(seed);
    let mut list = MoveList::new();
    let mut n = 0;
    for _ in 0..games {
        let mut p = CheckersPosition::<R>::start();
        for _ in 0..plies {
            n += captures_from_squares(&p);
            p.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            p.play_unchecked(&list[rng.below(list.len())]);
        }
    }
    n
}
