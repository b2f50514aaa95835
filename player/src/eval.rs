//! The evaluation: a score of a position for the side to move, in hundredths of a man,
//! from weights kept as data ([`Weights`], one set per ruleset).
//!
//! The terms are the games' own, read from the crate's
//! [`BoardView`](column_checkers::BoardView): men a player commands (under his caps)
//! and the enemy men he holds prisoner, men in hand (Emergo), kings and officers,
//! columns, advancement towards the far row (tempo; in Epaminondas the crossing),
//! nearness to the centre, and mobility (the side to move's legal moves).
//!
//! ```
//! use column_checkers::{Lasca, Position};
//! use column_checkers_player::eval::{evaluate, Weights};
//!
//! let w = Weights::for_ruleset(Lasca::NAME);
//! // the start is symmetric: only White's six opening moves count
//! assert_eq!(evaluate(&Lasca::start(), &w), 6 * w.mobility);
//! ```

use std::any::Any;
use std::sync::OnceLock;

use column_checkers::games::draughts::{BrazilianRules, InternationalRules, RussianRules};
use column_checkers::{BrazilianDraughts, Color, Counting, InternationalDraughts, RussianDraughts};

use crate::eval_pieces::{self, Tables};
use crate::shape::{in_the_middle, path_is_free, wing};
use crate::weights::weights_file;
pub use crate::weights::{Weights, WeightsError, TERMS};

impl Weights {
    /// The weights of the ruleset named `name` ([`Position::NAME`](column_checkers::Position::NAME)):
    /// those fitted to the player's own games ([`tune`](crate::tune)) where they have
    /// been and play better, the [`untuned`](Weights::untuned) ones elsewhere
    /// (international draughts keeps its written weights: the fitted ones lost to
    /// them).
    ///
    /// ```
    /// use column_checkers_player::eval::Weights;
    /// assert_eq!(Weights::for_ruleset("lasca").man, 100); // the unit
    /// assert_ne!(Weights::for_ruleset("lasca"), Weights::untuned("lasca"));
    /// assert_eq!(Weights::for_ruleset("some game"), Weights::GENERIC);
    /// ```
    pub fn for_ruleset(name: &str) -> Weights {
        *match name {
            "emergo" => weights_file!("emergo"),
            "hexemergo" => weights_file!("hexemergo"),
            "hexemergo-setup" => weights_file!("hexemergo-setup"),
            "dameo" => weights_file!("dameo"),
            "russian" => weights_file!("russian"),
            "international" => weights_file!("international"),
            "brazilian" => weights_file!("brazilian"),
            "stapeldammen" => weights_file!("stapeldammen"),
            "epaminondas" => weights_file!("epaminondas"),
            "neocrossings" => weights_file!("neocrossings"),
            "lasca" => weights_file!("lasca"),
            "bashni" => weights_file!("bashni"),
            _ => &Weights::GENERIC,
        }
    }

    /// The weights as first written for the ruleset named `name`, before any tuning:
    /// kept to measure the tuned ones against (`match --opponent-weights untuned`).
    ///
    /// ```
    /// use column_checkers_player::eval::Weights;
    /// assert_eq!(Weights::untuned("lasca").king, 120);
    /// ```
    pub fn untuned(name: &str) -> Weights {
        *match name {
            "emergo" => weights_file!("untuned/emergo"),
            "hexemergo" => weights_file!("untuned/hexemergo"),
            "hexemergo-setup" => weights_file!("untuned/hexemergo-setup"),
            "dameo" => weights_file!("untuned/dameo"),
            "russian" => weights_file!("untuned/russian"),
            "international" => weights_file!("untuned/international"),
            "brazilian" => weights_file!("untuned/brazilian"),
            "stapeldammen" => weights_file!("untuned/stapeldammen"),
            "epaminondas" => weights_file!("untuned/epaminondas"),
            "neocrossings" => weights_file!("untuned/neocrossings"),
            "lasca" => weights_file!("untuned/lasca"),
            "bashni" => weights_file!("untuned/bashni"),
            _ => &Weights::GENERIC,
        }
    }
}

/// The score of `pos` for the side to move under `w`: the balance of the two players'
/// terms (0 for a position symmetric between them), plus the side to move's mobility.
/// In the draughts games an advantage held with few pieces against a king counts an
/// eighth ([`terms`] without it).
///
/// ```
/// use column_checkers::{InternationalDraughts, Position};
/// use column_checkers_player::eval::{evaluate, Weights};
///
/// let pos: InternationalDraughts = "W:W31,32:B19".parse().unwrap();
/// let w = Weights { mobility: 0, ..Weights::for_ruleset("international") };
/// assert!(evaluate(&pos, &w) > 50); // a man up
/// ```
pub fn evaluate<P: Counting>(pos: &P, w: &Weights) -> i32 {
    scored(pos, w, true)
}

/// The sum of the terms of `pos` weighed by `w`, the score [`evaluate`] damps: linear
/// in the weights ([`tune`](crate::tune) fits them on it).
///
/// ```
/// use column_checkers::InternationalDraughts;
/// use column_checkers_player::eval::{evaluate, terms, Weights};
///
/// // two kings against one: a draw the score says is two kings up, damped
/// let pos: InternationalDraughts = "W:WK1,K2:BK50".parse().unwrap();
/// let w = Weights::for_ruleset("international");
/// assert_eq!(terms(&pos, &w), w.man + w.king);
/// assert_eq!(evaluate(&pos, &w), (w.man + w.king) / 8);
/// ```
pub fn terms<P: Counting>(pos: &P, w: &Weights) -> i32 {
    scored(pos, w, false)
}

fn scored<P: Counting>(pos: &P, w: &Weights, damp: bool) -> i32 {
    // the games of single men: the same score, counted on their bitboards; on the
    // 10x10 board three pieces rarely beat a king (FMJD's rules draw them after 16
    // moves), on the 8x8 boards two (three kings win on the main diagonal)
    static INTERNATIONAL: OnceLock<Tables> = OnceLock::new();
    static EIGHT: OnceLock<Tables> = OnceLock::new();
    let any: &dyn Any = pos;
    if let Some(p) = any.downcast_ref::<InternationalDraughts>() {
        let s = eval_pieces::evaluate(p, w, Tables::of::<InternationalRules>(&INTERNATIONAL));
        return if damp {
            eval_pieces::damped(p, s, 3)
        } else {
            s
        };
    }
    if let Some(p) = any.downcast_ref::<RussianDraughts>() {
        let s = eval_pieces::evaluate(p, w, Tables::of::<RussianRules>(&EIGHT));
        return if damp {
            eval_pieces::damped(p, s, 2)
        } else {
            s
        };
    }
    if let Some(p) = any.downcast_ref::<BrazilianDraughts>() {
        let s = eval_pieces::evaluate(p, w, Tables::of::<BrazilianRules>(&EIGHT));
        return if damp {
            eval_pieces::damped(p, s, 2)
        } else {
            s
        };
    }
    evaluate_view(pos, w)
}

/// [`evaluate`] from the position's board view, for every ruleset.
pub(crate) fn evaluate_view<P: Counting>(pos: &P, w: &Weights) -> i32 {
    let me = pos.turn();
    let Some(view) = pos.board_view() else {
        // no board to look at: material as the ruleset counts it
        let men = |c: Color| pos.men(c) as i32;
        return w.man * (men(me) - men(!me));
    };
    let g = view.geometry;
    let (width, height) = (i32::from(g.width()), i32::from(g.height()));
    let mut score = [0i32; 2];
    // the men's formation, looked at only when weighed
    let shape = w.behind != 0 || w.flank != 0 || w.home != 0;
    let placed = w.advance != 0 || w.centre != 0 || w.crossing != 0 || w.middle != 0;
    // each player's men on the left and on the right half (a middle column in neither)
    let mut wings = [[0i32; 2]; 2];
    for (sq, stack) in view.occupied() {
        let Some(owner) = stack.owner() else { continue };
        let s = &mut score[owner.index()];
        let own = stack.count(owner) as i32;
        let held = stack.height() as i32 - own;
        *s += w.man * own + w.prisoner * held + w.column;
        if stack.top_is_king() {
            *s += w.king;
        } else if placed || shape || w.balance != 0 {
            let (x, y) = g.coords(sq);
            let (x, y) = (i32::from(x), i32::from(y));
            if let Some(side) = wing(x, width) {
                count_wing(&mut wings[owner.index()], side);
            }
            let (rows, back) = match owner {
                Color::White => (y, -1),
                Color::Black => (height - 1 - y, 1),
            };
            *s += w.advance * rows;
            if rows == height - 1 {
                *s += w.crossing;
            }
            if rows == 0 {
                *s += w.home;
            }
            // steps from the edge, the nearer of the two axes
            let from_edge = x.min(width - 1 - x).min(y.min(height - 1 - y));
            *s += w.centre * from_edge;
            if in_the_middle(x, y, width, height) {
                *s += w.middle;
            }
            if shape {
                // his own piece on the square at (x, y)
                let own = |x: i32, y: i32| {
                    g.square_at(x, y)
                        .is_some_and(|b| view.get(b).owner() == Some(owner))
                };
                if own(x, y + back) {
                    *s += w.behind;
                }
                if own(x - 1, y + back) || own(x + 1, y + back) {
                    *s += w.flank;
                }
            }
        }
    }
    if w.runaway != 0 {
        let kings = |c: Color| {
            view.occupied()
                .any(|(_, st)| st.owner() == Some(c) && st.top_is_king())
        };
        let kings = [kings(Color::White), kings(Color::Black)];
        for (sq, stack) in view.occupied() {
            let Some(owner) = stack.owner() else { continue };
            if stack.top_is_king() || kings[(!owner).index()] {
                continue;
            }
            let (x, y) = g.coords(sq);
            let stoppers = |x: i32, y: i32| {
                g.square_at(x, y)
                    .is_some_and(|b| view.get(b).owner() == Some(!owner))
            };
            if path_is_free(i32::from(x), i32::from(y), owner, height, stoppers) {
                score[owner.index()] += w.runaway;
            }
        }
    }
    for c in [Color::White, Color::Black] {
        let [left, right] = wings[c.index()];
        score[c.index()] +=
            w.in_hand * view.in_hand[c.index()] as i32 + w.balance * (left - right).abs();
    }
    let mut total = score[me.index()] - score[(!me).index()];
    if w.mobility != 0 {
        total += w.mobility * pos.count_legal_moves().min(60) as i32;
    }
    total
}

/// One more man on the wing `side` of `wings` (men on the left, on the right). Kept
/// apart because the balance is the same whichever way the men are counted: counted
/// down, |(-left) - (-right)| is |left - right|.
fn count_wing(wings: &mut [i32; 2], side: usize) {
    wings[side] += 1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::random_position as walk;
    use column_checkers::{Dameo, Emergo, InternationalDraughts, Lasca, Position, Stapeldammen};
    use core::fmt;
    use core::str::FromStr;
    use proptest::prelude::*;

    /// Whether the bitboards and the board view score the position `plies` random moves
    /// into each draughts game (from `seed`) alike under `w`.
    fn alike(w: &Weights, seed: u64, plies: usize) -> Result<(), TestCaseError> {
        let a: InternationalDraughts = walk(seed, plies);
        prop_assert_eq!(terms(&a, w), evaluate_view(&a, w), "{} {}", w, a);
        let b: RussianDraughts = walk(seed, plies);
        prop_assert_eq!(terms(&b, w), evaluate_view(&b, w), "{} {}", w, b);
        let c: BrazilianDraughts = walk(seed, plies);
        prop_assert_eq!(terms(&c, w), evaluate_view(&c, w), "{} {}", w, c);
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// The bitboards and the board view give the same score, every term weighed.
        #[test]
        fn the_bitboards_count_as_the_board_view(
            seed in any::<u64>(),
            plies in 0usize..160,
            weights in proptest::array::uniform15(-50i32..50),
        ) {
            alike(&Weights::from_array(weights), seed, plies)?;
        }

        /// Each term weighed alone: a term the bitboards skipped or counted when
        /// unweighed would show here, where the others are 0.
        #[test]
        fn each_term_alone_counts_as_on_the_board_view(
            seed in any::<u64>(),
            plies in 0usize..160,
            term in 0usize..TERMS,
            weight in prop_oneof![-50i32..0, 1i32..50],
        ) {
            let mut a = [0; TERMS];
            a[term] = weight;
            alike(&Weights::from_array(a), seed, plies)?;
        }
    }

    #[test]
    fn start_positions_are_balanced_but_for_mobility() {
        let w = Weights {
            mobility: 0,
            ..Weights::for_ruleset(Emergo::NAME)
        };
        assert_eq!(evaluate(&Emergo::start(), &w), 0);
        let w = Weights {
            mobility: 0,
            ..Weights::for_ruleset(InternationalDraughts::NAME)
        };
        assert_eq!(evaluate(&InternationalDraughts::start(), &w), 0);
    }

    #[test]
    fn a_column_with_prisoners_counts_them_for_its_commander() {
        let pos: Emergo = "c4:bbbbbwww,d4:ww b 0/0".parse().unwrap();
        // material only
        let w = Weights {
            advance: 0,
            centre: 0,
            mobility: 0,
            crossing: 0,
            behind: 0,
            flank: 0,
            home: 0,
            ..Weights::for_ruleset(Emergo::NAME)
        };
        // Black to move: white commands 5 of his men, holds 5 black prisoners
        let white = 5 * w.man + 5 * w.prisoner + 2 * w.column;
        assert_eq!(evaluate(&pos, &w), -white);
    }

    #[test]
    fn formation_terms_count_men_backed_and_men_at_home() {
        let w = Weights::from_array([0, 0, 0, 0, 0, 0, 0, 0, 0, 1000, 100, 1, 0, 0, 0]);
        // Lasca: b2 backed diagonally by a1 and c1, both on White's first row
        let pos: Lasca = "a1:w,c1:w,b2:w,g7:b w".parse().unwrap();
        assert_eq!(evaluate(&pos, &w), 100 + 2 - 1);
        // Dameo: a line of three men on the d-file, d1 at home; Black's g7 alone
        let pos: Dameo = "d1:w,d2:w,d3:w,g7:b w".parse().unwrap();
        assert_eq!(evaluate(&pos, &w), 2000 + 1);
        // the same for Black, seen from White: behind means towards Black's side
        let pos: Dameo = "d8:b,d7:b,d6:b,g2:w w".parse().unwrap();
        assert_eq!(evaluate(&pos, &w), -(2000 + 1));
    }

    #[test]
    fn tuned_rulesets_have_their_own_weights_and_the_others_the_first() {
        for name in [
            "lasca",
            "dameo",
            "russian",
            "brazilian",
            "stapeldammen",
            "epaminondas",
        ] {
            let w = Weights::for_ruleset(name);
            assert_ne!(w, Weights::untuned(name), "{name}");
            assert_eq!(w.man, 100, "{name}: the unit");
        }
        for name in [
            "emergo",
            "hexemergo",
            "bashni",
            "neocrossings",
            "international",
        ] {
            assert_eq!(Weights::for_ruleset(name), Weights::untuned(name), "{name}");
        }
    }

    #[test]
    fn in_epaminondas_a_piece_across_outweighs_many_men() {
        // crossing the board is how the game is won: one man on the far row is worth
        // more than ten men and their advance in the tuned weights too
        let w = Weights::for_ruleset("epaminondas");
        assert!(w.crossing > 10 * (w.man + w.advance), "{w:?}");
    }

    #[test]
    fn an_officer_is_worth_more_than_a_soldier() {
        let w = Weights {
            mobility: 0,
            advance: 0,
            centre: 0,
            ..Weights::for_ruleset(Lasca::NAME)
        };
        let soldier: Lasca = "W:Wc3:Be5".parse().unwrap();
        let officer: Lasca = "W:WKc3:Be5".parse().unwrap();
        assert_eq!(evaluate(&officer, &w) - evaluate(&soldier, &w), w.king);
    }

    /// The weights of every ruleset, as first written and as fitted, in their text: the
    /// fitted ones are the tuner's output pasted (each with its command above), the
    /// others the weights the matches measure them against. A changed weight changes
    /// how the player plays, so it shows here.
    #[test]
    fn a_man_with_a_free_path_counts_alone() {
        // the same boards on bitboards (international) and from the view
        // (Stapeldammen): 26 (on the left edge) has no black piece ahead of him within
        // reach, nor 5 (on the right edge) a white one; 50 and 5 on the same column
        // stop each other; an enemy king stops every man; a king is no runaway
        fn check<P: Counting>() {
            let eval = |text: &str| {
                let pos: P = text.parse().unwrap();
                evaluate(&pos, &only("runaway"))
            };
            assert_eq!(eval("W:W26:B5"), 1 - 1, "{}", P::NAME);
            assert_eq!(eval("W:W26,50:B5"), 1, "{}", P::NAME);
            assert_eq!(eval("B:W26,50:B5"), -1, "{}", P::NAME);
            assert_eq!(eval("W:W26,50:B5,K46"), 0, "{}", P::NAME);
            assert_eq!(eval("W:WK26,50:B5"), 0, "{}", P::NAME);
            assert_eq!(eval("W:W26,50,K45:B5"), 1, "{}", P::NAME);
            // a piece of his own ahead does not stop him (both free), an enemy piece a
            // row ahead and a column aside does (and he it), one two columns aside does
            // not
            assert_eq!(eval("W:W26,21,50:B5"), 2, "{}", P::NAME);
            assert_eq!(eval("W:W26,50:B5,21"), 0, "{}", P::NAME);
            assert_eq!(eval("W:W26,50:B5,22"), 1, "{}", P::NAME);
        }
        check::<InternationalDraughts>();
        check::<Stapeldammen>();
    }

    #[test]
    fn few_pieces_against_a_king_count_an_eighth() {
        let w = Weights::for_ruleset("international");
        let check = |text: &str, damped: bool| {
            let pos: InternationalDraughts = text.parse().unwrap();
            let t = terms(&pos, &w);
            assert_ne!(t, 0, "{text}");
            let expected = if damped { t / 8 } else { t };
            assert_eq!(evaluate(&pos, &w), expected, "{text}");
        };
        check("W:WK1,K2:BK50", true);
        check("B:WK1,K2:BK50", true); // for the side behind
        check("W:WK1,K2,K3:BK50", true);
        check("W:WK1,K2,K3,K4:BK50", false); // four pieces
        check("W:WK1,K2:B45", false); // no king to hold them
        check("W:WK1:BK50,K49", true); // Black ahead, White to move
        check("W:WK1:BK50,K49,K48,K47", false);
        // the 8x8 boards: two pieces against a king
        for (text, damped) in [("a1:W,c1:W,h8:B w", true), ("a1:W,c1:W,e1:W,h8:B w", false)] {
            let pos: RussianDraughts = text.parse().unwrap();
            let t = terms(&pos, &w);
            assert_eq!(evaluate(&pos, &w), if damped { t / 8 } else { t }, "{text}");
            let pos: BrazilianDraughts = text.parse().unwrap();
            let t = terms(&pos, &w);
            assert_eq!(evaluate(&pos, &w), if damped { t / 8 } else { t }, "{text}");
        }
        // other games are not damped
        let pos: Lasca = "W:WKa1,Kc1:BKg7".parse().unwrap();
        assert_eq!(evaluate(&pos, &w), terms(&pos, &w));
    }

    #[test]
    fn every_rulesets_weights_are_the_ones_written_down() {
        let column = "man=100 king=200 prisoner=70 column=15 in_hand=95 advance=0 centre=0 \
                      mobility=3 crossing=0 behind=0 flank=0 home=0 middle=0 balance=0 runaway=0";
        let officers = "man=100 king=120 prisoner=60 column=15 in_hand=100 advance=4 \
                        centre=3 mobility=2 crossing=0 behind=0 flank=0 home=0 middle=0 balance=0 runaway=0";
        let draughts = "man=100 king=200 prisoner=0 column=0 in_hand=100 advance=3 centre=3 \
                        mobility=1 crossing=0 behind=0 flank=0 home=0 middle=0 balance=0 runaway=0";
        let international = "man=100 king=200 prisoner=0 column=0 in_hand=100 advance=3 \
                             centre=3 mobility=0 crossing=0 behind=0 flank=0 home=5 middle=0 \
                             balance=-5 runaway=50";
        let crossing = "man=100 king=0 prisoner=0 column=0 in_hand=100 advance=6 centre=1 \
                        mobility=1 crossing=60 behind=0 flank=0 home=0 middle=0 balance=0 runaway=0";
        #[rustfmt::skip]
        let table: [(&str, &str, &str); 13] = [
            ("emergo", column, column),
            ("hexemergo", column, column),
            ("hexemergo-setup", column, column),
            ("lasca", officers,
             "man=100 king=40 prisoner=62 column=3 in_hand=100 advance=-3 centre=-17 \
              mobility=4 crossing=0 behind=0 flank=15 home=65 middle=0 balance=0 runaway=0"),
            ("bashni", officers, officers),
            ("stapeldammen",
             "man=100 king=200 prisoner=60 column=15 in_hand=100 advance=3 centre=2 \
              mobility=2 crossing=0 behind=0 flank=0 home=0 middle=0 balance=0 runaway=0",
             "man=100 king=200 prisoner=60 column=55 in_hand=100 advance=-13 centre=26 \
              mobility=26 crossing=-404 behind=0 flank=-120 home=8 middle=0 balance=0 runaway=0"),
            ("international", international, international),
            ("brazilian", draughts,
             "man=100 king=94 prisoner=0 column=16 in_hand=100 advance=3 centre=-8 \
              mobility=-1 crossing=0 behind=0 flank=2 home=17 middle=0 balance=0 runaway=0"),
            ("russian", draughts,
             "man=100 king=142 prisoner=0 column=18 in_hand=100 advance=3 centre=-1 \
              mobility=-1 crossing=0 behind=0 flank=10 home=36 middle=0 balance=0 runaway=0"),
            ("dameo",
             "man=100 king=180 prisoner=0 column=0 in_hand=100 advance=4 centre=2 \
              mobility=1 crossing=0 behind=0 flank=0 home=0 middle=0 balance=0 runaway=0",
             "man=100 king=404 prisoner=0 column=58 in_hand=100 advance=18 centre=-32 \
              mobility=-1 crossing=0 behind=6 flank=16 home=36 middle=0 balance=0 runaway=0"),
            ("epaminondas", crossing,
             "man=100 king=0 prisoner=0 column=-4 in_hand=100 advance=12 centre=7 \
              mobility=1 crossing=1608 behind=28 flank=20 home=34 middle=0 balance=0 runaway=0"),
            ("neocrossings", crossing, crossing),
            ("a game of someone else's",
             "man=100 king=200 prisoner=60 column=10 in_hand=100 advance=0 centre=0 \
              mobility=2 crossing=0 behind=0 flank=0 home=0 middle=0 balance=0 runaway=0",
             "man=100 king=200 prisoner=60 column=10 in_hand=100 advance=0 centre=0 \
              mobility=2 crossing=0 behind=0 flank=0 home=0 middle=0 balance=0 runaway=0"),
        ];
        for (name, untuned, tuned) in table {
            assert_eq!(
                Weights::untuned(name).to_string(),
                untuned,
                "{name}, untuned"
            );
            assert_eq!(Weights::for_ruleset(name).to_string(), tuned, "{name}");
        }
        assert_eq!(Weights::for_ruleset("someone's game"), Weights::GENERIC);
    }

    #[test]
    fn each_formation_term_counts_alone() {
        // Dameo: a line of three men on the d-file, d1 at home, and a man on e2; Black's
        // g7 alone, off his home row
        let pos: Dameo = "d1:w,d2:w,d3:w,e2:w,g7:b w".parse().unwrap();
        let only = |i: usize| {
            let mut a = [0; TERMS];
            a[i] = 1;
            Weights::from_array(a)
        };
        let at = |name: &str| Weights::NAMES.iter().position(|n| *n == name).unwrap();
        // d2 and d3 have a man straight behind; d3 (by e2) and e2 (by d1) one
        // diagonally behind; d1 is at home
        assert_eq!(evaluate(&pos, &only(at("behind"))), 2);
        assert_eq!(evaluate(&pos, &only(at("flank"))), 2);
        assert_eq!(evaluate(&pos, &only(at("home"))), 1);
        // a king is not weighed for his formation, but backs the men before him: d2
        // straight, c2 diagonally (none is backed from ahead)
        let pos: Dameo = "d1:W,d2:w,c2:w,g7:b w".parse().unwrap();
        assert_eq!(evaluate(&pos, &only(at("behind"))), 1);
        assert_eq!(evaluate(&pos, &only(at("flank"))), 1);
    }

    /// A position with no board view (as a ruleset written outside the crate may be):
    /// Lasca's rules, its board hidden.
    #[derive(Clone, PartialEq, Eq, Debug)]
    struct Hidden(Lasca);

    impl fmt::Display for Hidden {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.fmt(f)
        }
    }

    impl FromStr for Hidden {
        type Err = column_checkers::PositionError;
        fn from_str(s: &str) -> Result<Hidden, Self::Err> {
            s.parse().map(Hidden)
        }
    }

    impl Position for Hidden {
        type Move = <Lasca as Position>::Move;
        const NAME: &'static str = "hidden";
        fn start() -> Hidden {
            Hidden(Lasca::start())
        }
        fn turn(&self) -> Color {
            self.0.turn()
        }
        fn legal_moves(&self, moves: &mut column_checkers::MoveList<Self::Move>) {
            self.0.legal_moves(moves)
        }
        fn play_unchecked(&mut self, mv: &Self::Move) {
            self.0.play_unchecked(mv)
        }
        fn outcome(&self) -> Option<column_checkers::Outcome> {
            self.0.outcome()
        }
        fn zobrist(&self) -> u64 {
            self.0.zobrist()
        }
        fn parse_move(&self, text: &str) -> Result<Self::Move, column_checkers::MoveParseError> {
            self.0.parse_move(text)
        }
        fn men(&self, color: Color) -> usize {
            self.0.men(color)
        }
        fn diagram(&self) -> String {
            self.0.diagram()
        }
    }

    impl Counting for Hidden {}

    #[test]
    fn without_a_board_view_the_men_count() {
        let w = Weights::for_ruleset("hidden");
        // White to move with three men to Black's one (the count of men the ruleset gives)
        let pos: Hidden = "W:Wa1,c1,e1:Bg7".parse().unwrap();
        assert_eq!(evaluate(&pos, &w), 2 * w.man);
        let pos: Hidden = "B:Wa1,c1,e1:Bg7".parse().unwrap();
        assert_eq!(evaluate(&pos, &w), -2 * w.man);
    }

    /// Weights of 1 for the term `name`, 0 for every other.
    fn only(name: &str) -> Weights {
        let mut a = [0; TERMS];
        a[Weights::NAMES.iter().position(|n| *n == name).unwrap()] = 1;
        Weights::from_array(a)
    }

    #[test]
    fn each_placement_term_counts_alone() {
        // Lasca: White's c5 has come 4 rows and stands 2 steps from the edge; Black's a5
        // has come 2 rows and stands on the edge
        for (text, sign) in [("W:Wc5:Ba5", 1), ("B:Wc5:Ba5", -1)] {
            let pos: Lasca = text.parse().unwrap();
            assert_eq!(evaluate(&pos, &only("advance")), sign * 2, "{text}");
            assert_eq!(evaluate(&pos, &only("centre")), sign * 2, "{text}");
            assert_eq!(evaluate(&pos, &only("crossing")), 0, "{text}");
        }
        // the centre from every edge: g5 and c7 stand on the right and the top edge,
        // c5 and e3 two steps in
        let pos: Lasca = "W:Wg5:Bc7".parse().unwrap();
        assert_eq!(evaluate(&pos, &only("centre")), 0);
        let pos: Lasca = "W:Wc5,e3:Ba5".parse().unwrap();
        assert_eq!(evaluate(&pos, &only("centre")), 4);
        // Stapeldammen has no crowning: White's man on 3 has crossed the board, Black's
        // on 25 has come 4 rows
        let pos: Stapeldammen = "W:W3:B25".parse().unwrap();
        assert_eq!(evaluate(&pos, &only("crossing")), 1);
        assert_eq!(evaluate(&pos, &only("advance")), 9 - 4);
    }

    #[test]
    fn the_middle_and_the_wings_count_alone() {
        // the same board counted on bitboards (international) and from the view
        // (Stapeldammen): 28 and 23 are middle squares, 26 and 1 are not; 31 and 36 on
        // the left wing, 33 and 5 on the right; a king counts on neither
        fn check<P: Counting>() {
            let eval = |text: &str, term: &str| {
                let pos: P = text.parse().unwrap();
                evaluate(&pos, &only(term))
            };
            assert_eq!(eval("W:W28:B1", "middle"), 1, "{}", P::NAME);
            assert_eq!(eval("B:W28:B1", "middle"), -1, "{}", P::NAME);
            assert_eq!(eval("W:W26:B23", "middle"), -1, "{}", P::NAME);
            assert_eq!(eval("W:W31,36:B5", "balance"), 2 - 1, "{}", P::NAME);
            assert_eq!(eval("B:W31,36:B5", "balance"), 1 - 2, "{}", P::NAME);
            assert_eq!(eval("W:W31,33:B5", "balance"), -1, "{}", P::NAME);
            assert_eq!(eval("W:WK31,36:B5", "balance"), 0, "{}", P::NAME);
        }
        check::<InternationalDraughts>();
        check::<Stapeldammen>();
        // Lasca's middle column (d) is on neither wing: b2 on the left, a5 on the left
        let pos: Lasca = "W:Wb2,d4:Ba5".parse().unwrap();
        assert_eq!(evaluate(&pos, &only("balance")), 1 - 1);
    }

    #[test]
    fn men_in_hand_count_for_their_owner() {
        let mut a = [0; TERMS];
        a[Weights::NAMES.iter().position(|n| *n == "in_hand").unwrap()] = 3;
        let w = Weights::from_array(a);
        // White has entered one man: 11 in hand against Black's 12
        let pos: Emergo = "e5:w b 11/12".parse().unwrap();
        assert_eq!(evaluate(&pos, &w), 3);
    }

    #[test]
    fn mobility_counts_the_side_to_moves_moves() {
        let mut a = [0; TERMS];
        a[Weights::NAMES
            .iter()
            .position(|n| *n == "mobility")
            .unwrap()] = 2;
        let w = Weights::from_array(a);
        // White's six opening moves in Lasca; two for a lone man on c3
        assert_eq!(evaluate(&Lasca::start(), &w), 2 * 6);
        let pos: Lasca = "W:Wc3:Ba7".parse().unwrap();
        assert_eq!(evaluate(&pos, &w), 2 * 2);
    }
}
