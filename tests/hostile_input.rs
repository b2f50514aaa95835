//! Hostile input: every ruleset of the registry answers junk, oversized and impossible
//! position and move texts with a typed error (or, for text that happens to be valid,
//! a sound position or a legal move), early and in work bounded by the input's size.
//!
//! Tests never time anything: the bound is structural — texts over `MAX_TEXT_LEN`
//! bytes (positions) or 256 bytes (moves) are refused before any work, so the work
//! per answer is bounded whatever the input. Measured times are in the reliability
//! notes of the report, from `examples/worst_case.rs` in release mode.

use column_checkers::error::{PositionErrorKind as K, MAX_TEXT_LEN};
use column_checkers::playout::SplitMix64;
use column_checkers::{Emergo, MoveList, MoveParseError, Position, Ruleset};
use column_checkers_testkit::{invariants, visit, Checking, CheckingVisitor};

/// Runs `visitor` on every registered ruleset, each option set on its own.
fn every_ruleset<V: CheckingVisitor<Output = ()> + Clone>(visitor: V) {
    for r in Ruleset::ALL {
        visit(*r, visitor.clone());
    }
}

/// Positions reached by seeded random games, all of them along the way.
fn random_positions<P: Position>(games: u64, plies: usize) -> Vec<P> {
    let mut out = Vec::new();
    let mut moves = MoveList::new();
    for g in 0..games {
        let mut rng = SplitMix64::new(g);
        let mut pos = P::start();
        for _ in 0..plies {
            out.push(pos.clone());
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            pos.play_unchecked(&mv);
        }
    }
    out
}

/// Square names of a ruleset, as they appear in position texts of random games.
fn square_names<P: Position>() -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for p in random_positions::<P>(20, 60) {
        let text = p.to_string();
        let cols = text.split_whitespace().next().unwrap_or("-");
        if cols == "-" {
            continue;
        }
        for item in cols.split(',') {
            let name = item.split(':').next().unwrap().to_string();
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names
}

/// The text of `pos` with its columns field replaced by `cols`.
fn with_columns<P: Position>(pos: &P, cols: &str) -> String {
    let text = pos.to_string();
    let rest = text.split_once(' ').map_or("", |(_, r)| r);
    format!("{cols} {rest}")
}

fn junk_bytes(rng: &mut SplitMix64, len: usize) -> String {
    let bytes: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

fn junk_ascii(rng: &mut SplitMix64, len: usize, alphabet: &[u8]) -> String {
    (0..len)
        .map(|_| alphabet[rng.below(alphabet.len())] as char)
        .collect()
}

#[derive(Clone)]
struct PositionJunk;

impl CheckingVisitor for PositionJunk {
    type Output = ();
    fn visit<P: Checking>(self) {
        let mut rng = SplitMix64::new(99);
        let names = square_names::<P>();
        let alphabet = b"abcdefghijk0123456789wbWBx:,-/ ";
        let mut fed = 0usize;
        let mut accepted = 0usize;
        let mut feed = |text: &str| {
            fed += text.len();
            match text.parse::<P>() {
                Ok(p) => {
                    accepted += 1;
                    assert!(text.len() <= MAX_TEXT_LEN);
                    invariants::check(&p).unwrap_or_else(|v| panic!("{}: {text:?}: {v}", P::NAME));
                }
                Err(e) => {
                    assert!(
                        e.at <= text.len(),
                        "{}: offset {} in {text:?}",
                        P::NAME,
                        e.at
                    );
                    if text.len() > MAX_TEXT_LEN {
                        assert_eq!(e.kind, K::TooLong(text.len()), "{}", P::NAME);
                    }
                }
            }
        };
        // megabytes of random bytes, in pieces up to 64 KiB, and two of 1 MiB
        for _ in 0..40 {
            let len = rng.below(65_536);
            feed(&junk_bytes(&mut rng, len));
        }
        for _ in 0..2 {
            feed(&junk_bytes(&mut rng, 1 << 20));
        }
        // random text over the position alphabet, short enough to be read
        for _ in 0..1000 {
            let len = rng.below(200);
            feed(&junk_ascii(&mut rng, len, alphabet));
        }
        // valid-looking texts: real items shuffled, repeated, truncated
        for _ in 0..1000 {
            let n = 1 + rng.below(3 * names.len().max(1));
            let cols: Vec<String> = (0..n)
                .map(|_| {
                    let name = &names[rng.below(names.len())];
                    let height = 1 + rng.below(4);
                    let men = junk_ascii(&mut rng, height, b"wbWB");
                    format!("{name}:{men}")
                })
                .collect();
            let side = ["w", "b", "x", ""][rng.below(4)];
            let tail = ["", " 0/0", " 12/12", " 3/1", " 99/0", " 1/", " w"][rng.below(7)];
            let mut text = format!("{} {side}{tail}", cols.join(","));
            text.truncate(rng.below(text.len() + 1));
            while !text.is_char_boundary(text.len()) {
                text.pop();
            }
            feed(&text);
        }
        // real position texts, and each with one byte changed
        for p in random_positions::<P>(10, 60).into_iter().step_by(6) {
            let text = p.to_string();
            feed(&text);
            for _ in 0..10 {
                let mut bytes = text.clone().into_bytes();
                let i = rng.below(bytes.len());
                bytes[i] = alphabet[rng.below(alphabet.len())];
                feed(&String::from_utf8_lossy(&bytes));
            }
        }
        // long valid-looking texts, over the limit
        let item = format!("{}:w,", names[0]);
        feed(&format!(
            "{} w 0/0",
            item.repeat(MAX_TEXT_LEN / item.len() + 1)
        ));
        feed(&item.repeat(1 << 18));
        assert!(fed > 2 << 20, "{}: only {fed} bytes fed", P::NAME);
        assert!(accepted > 0, "{}: no junk text was valid", P::NAME);
    }
}

#[test]
fn position_parsers_refuse_junk() {
    every_ruleset(PositionJunk);
}

#[derive(Clone)]
struct Oversized;

impl CheckingVisitor for Oversized {
    type Output = ();
    fn visit<P: Position>(self) {
        // the phalanx games have no columns and a text of their own (rows of men):
        // their oversized and impossible texts are tested in tests/epaminondas.rs
        if matches!(P::NAME, "epaminondas" | "neocrossings") {
            return;
        }
        let names = square_names::<P>();
        let some = random_positions::<P>(1, 30).pop().expect("a position");
        // a column taller than any ruleset allows: refused by the shared reader
        let tall = with_columns(&some, &format!("{}:{}", names[0], "w".repeat(64)));
        let e = tall.parse::<P>().unwrap_err();
        assert!(
            matches!(e.kind, K::ColumnTooTall { height: 64, .. }),
            "{}: {e}",
            P::NAME
        );
        // more men than a board can count: every square full, no overflow anywhere
        let full: Vec<String> = names
            .iter()
            .map(|n| format!("{n}:{}", "w".repeat(63)))
            .collect();
        let e = with_columns(&some, &full.join(","))
            .parse::<P>()
            .unwrap_err();
        assert!(
            // (on a 64-square board the text itself is over the length limit)
            matches!(
                e.kind,
                K::TooManyMen { .. } | K::ColumnTooTall { .. } | K::TooLong(_)
            ),
            "{}: {e}",
            P::NAME
        );
        // more men than the game has: one man on every square
        let one: Vec<String> = names.iter().map(|n| format!("{n}:b")).collect();
        assert!(
            with_columns(&some, &one.join(",")).parse::<P>().is_err(),
            "{}",
            P::NAME
        );
        // a square given twice
        let twice = with_columns(&some, &format!("{0}:w,{0}:b", names[0]));
        let e = twice.parse::<P>().unwrap_err();
        assert!(matches!(e.kind, K::DuplicateSquare(_)), "{}: {e}", P::NAME);
    }
}

#[test]
fn oversized_and_impossible_positions_are_refused() {
    every_ruleset(Oversized);
}

#[test]
fn men_beyond_a_u8_are_refused_not_wrapped() {
    // 5 columns of 63 white men: 315 men, more than a u8 counts. Before the check in
    // `read_columns` this overflowed the board's men counter (a panic in debug builds,
    // and in release a count wrapped to 59, so that Russian draughts and Emergo saw
    // fewer men than were on the board).
    let cols: Vec<String> = ["a5", "b4", "b5", "b6", "c3"]
        .iter()
        .map(|s| format!("{s}:{}", "w".repeat(63)))
        .collect();
    let e = format!("{} w 0/0", cols.join(","))
        .parse::<Emergo>()
        .unwrap_err();
    assert!(
        matches!(
            e.kind,
            K::TooManyMen {
                count: 315,
                max: 255,
                ..
            }
        ),
        "{e}"
    );
    let e = "e5:wwwwwwwwwwwww w 0/0".parse::<Emergo>().unwrap_err();
    assert!(
        matches!(
            e.kind,
            K::TooManyMenInHand {
                on_board: 13,
                in_hand: 0,
                max: 12,
                ..
            }
        ),
        "{e}"
    );
    let e = "c3:ww w"
        .parse::<column_checkers::games::RussianDraughts>()
        .unwrap_err();
    assert!(
        matches!(
            e.kind,
            K::ColumnTooTall {
                height: 2,
                max: 1,
                ..
            }
        ),
        "{e}"
    );
}

#[derive(Clone)]
struct MoveJunk;

impl CheckingVisitor for MoveJunk {
    type Output = ();
    fn visit<P: Position>(self) {
        let mut rng = SplitMix64::new(5);
        let names = square_names::<P>();
        let positions: Vec<P> = random_positions::<P>(4, 80)
            .into_iter()
            .filter(|p| p.outcome().is_none())
            .step_by(7)
            .collect();
        let mut fed = 0usize;
        let big: Vec<String> = [10, 1_000, 20_000, 1 << 20]
            .iter()
            .map(|&n| junk_bytes(&mut rng, n))
            .collect();
        for pos in &positions {
            let mut feed = |text: &str| {
                fed += text.len();
                let before = pos.clone();
                match pos.parse_move(text) {
                    Ok(mv) => assert!(pos.is_legal(&mv), "{}: {text:?} in {pos}", P::NAME),
                    // each ruleset bounds its move texts (256 bytes for the stack games,
                    // less where moves are shorter): the length reported is the text's
                    Err(MoveParseError::TooLong(n)) => {
                        assert_eq!(n, text.trim().len(), "{}", P::NAME)
                    }
                    Err(_) => assert!(text.trim().len() <= 256, "{}: {text:?}", P::NAME),
                }
                assert_eq!(*pos, before);
            };
            for text in &big {
                feed(text);
            }
            for _ in 0..200 {
                let len = rng.below(16);
                feed(&junk_ascii(&mut rng, len, b"abcdefghi123456789x:-*+!? "));
            }
            // moves with many squares: 40 fit in 256 bytes, hundreds do not
            for n in [2, 3, 31, 32, 40, 85, 300, 1000] {
                let path: Vec<&str> = (0..n)
                    .map(|_| names[rng.below(names.len())].as_str())
                    .collect();
                for sep in ["x", "-", ":"] {
                    let text = path.join(sep);
                    feed(&text);
                    if n > 32 {
                        assert!(pos.parse_move(&text).is_err(), "{}: {text}", P::NAME);
                    }
                }
            }
        }
        assert!(fed > 8 << 20, "{}: only {fed} bytes fed", P::NAME);
        // the errors are the early ones
        let pos = &positions[0];
        let many = vec![names[0].as_str(); 40].join("x");
        assert!(matches!(
            pos.parse_move(&many),
            Err(MoveParseError::Syntax { .. } | MoveParseError::TooLong(_))
        ));
        let hundreds = vec![names[0].as_str(); 300].join("x");
        assert!(matches!(
            pos.parse_move(&hundreds),
            Err(MoveParseError::TooLong(_))
        ));
        assert!(matches!(pos.parse_move("  "), Err(MoveParseError::Empty)));
    }
}

#[test]
fn move_parsers_refuse_junk() {
    every_ruleset(MoveJunk);
}
