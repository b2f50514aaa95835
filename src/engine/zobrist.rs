//! Zobrist-style position hashing with stable values.
//!
//! Instead of a random table per (square, piece) — impossible for columns of any
//! height — a column is hashed by a fixed 64-bit mixer applied to its packed words and
//! its square, so changing one column costs O(1) whatever its height. A position's hash
//! is the XOR of its columns' keys and of keys for the side to move and any other
//! state. The values are stable across runs, platforms and versions of this crate
//! within a major version.

use crate::engine::color::Color;
use crate::engine::square::{Square, MAX_SQUARES};
use crate::engine::stack::Stack;
use crate::engine::wide_set::{WideSquareSet, MAX_WIDE_SQUARES};

/// The SplitMix64 finaliser: a bijective 64-bit mixer.
#[inline]
pub const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const SQUARE_SALT: u64 = 0x9e37_79b9_7f4a_7c15;
const KING_SALT: u64 = 0xc2b2_ae3d_27d4_eb4f;

/// The key of a column on a square; 0 for an empty square.
#[inline]
pub fn column_key(sq: Square, stack: Stack) -> u64 {
    if stack.is_empty() {
        return 0;
    }
    let (colors, kings) = stack.raw();
    // one mixing round over a combination that differs for every (square, column):
    // `colors` and `kings` stay below 2^64 and are spread apart by odd multipliers
    mix(colors ^ kings.wrapping_mul(KING_SALT) ^ SQUARE_SALT.wrapping_mul(sq.0 as u64 + 1))
}

/// [`column_key`] of a column of one man on every square, by square and by
/// [`single_index`]: a table look-up for the games whose pieces stand alone.
static SINGLE_MAN_KEYS: [[u64; 4]; MAX_SQUARES] = {
    let mut t = [[0; 4]; MAX_SQUARES];
    let mut sq = 0;
    while sq < MAX_SQUARES {
        let mut i = 0;
        while i < 4 {
            // the words of `Stack::single`: a height marker over the colour bit, and
            // the king bit
            let (colors, kings) = (0b10 | (i as u64 & 1), (i as u64) >> 1);
            t[sq][i] = mix(colors
                ^ kings.wrapping_mul(KING_SALT)
                ^ SQUARE_SALT.wrapping_mul(sq as u64 + 1));
            i += 1;
        }
        sq += 1;
    }
    t
};

/// The index of a man in [`single_man_key`]'s table: colour, then rank.
#[inline]
const fn single_index(color: Color, king: bool) -> usize {
    color as usize | (king as usize) << 1
}

/// The key of a column of one man of `color` (a king when `king`) on `sq`: the same
/// value as [`column_key`] of `Stack::single`, from a table.
#[inline]
pub fn single_man_key(sq: Square, color: Color, king: bool) -> u64 {
    SINGLE_MAN_KEYS[sq.index() & (MAX_SQUARES - 1)][single_index(color, king)]
}

/// [`single_man_key`] of a man (not a king) of each colour on every square a
/// [`Square`] can name, by colour, then square: the keys of the games whose men stand
/// alone and never crown, on boards of any size up to 256 squares (Epaminondas' 168 are
/// beyond [`single_man_key`]'s [`MAX_SQUARES`]).
static MAN_KEYS: [[u64; MAX_WIDE_SQUARES]; 2] = {
    let mut t = [[0; MAX_WIDE_SQUARES]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < MAX_WIDE_SQUARES {
            // the words of `Stack::single` of a man: a height marker over the colour bit
            t[c][sq] = mix((0b10 | c as u64) ^ SQUARE_SALT.wrapping_mul(sq as u64 + 1));
            sq += 1;
        }
        c += 1;
    }
    t
};

/// The keys of a man of `color` on every square index, `0` to `255`: the
/// [`column_key`] of a column of that one man (as [`single_man_key`] gives it on the
/// boards of at most [`MAX_SQUARES`] squares). A table for the loops that XOR the keys
/// of many squares, on boards as wide as a [`WideSquareSet`].
///
/// ```
/// use column_checkers::custom::{column_key, man_keys};
/// use column_checkers::{Color, Square};
/// use column_checkers::custom::{Man, Stack};
///
/// let man = Stack::single(Man::new(Color::Black));
/// assert_eq!(man_keys(Color::Black)[167], column_key(Square(167), man));
/// ```
#[inline]
pub fn man_keys(color: Color) -> &'static [u64; MAX_WIDE_SQUARES] {
    &MAN_KEYS[color.index() & 1]
}

/// The XOR of the keys of men of `color` on the squares of `men` ([`man_keys`]), a
/// set of a board of `squares` squares: the hash of one side's men on a board of men
/// only, of up to 256 squares. Only the words of the set that hold the board's squares
/// are read (the others are empty): a loop over a constant number of words where
/// `squares` is the board's constant.
///
/// ```
/// use column_checkers::custom::{man_keys, men_key};
/// use column_checkers::{Color, Square};
/// use column_checkers::custom::WideSquareSet;
///
/// let mut men = WideSquareSet::EMPTY;
/// men.insert(Square(3));
/// men.insert(Square(150));
/// let keys = man_keys(Color::White);
/// assert_eq!(men_key(Color::White, men, 168), keys[3] ^ keys[150]);
/// assert_eq!(men_key(Color::White, WideSquareSet::EMPTY, 168), 0);
/// ```
#[inline]
pub fn men_key(color: Color, men: WideSquareSet, squares: usize) -> u64 {
    let keys = man_keys(color);
    let mut h = 0;
    // word by word: the bit loop stays in registers
    for (i, mut w) in men
        .words()
        .into_iter()
        .take(squares.div_ceil(64))
        .enumerate()
    {
        while w != 0 {
            h ^= keys[(i * 64 + w.trailing_zeros() as usize) & (MAX_WIDE_SQUARES - 1)];
            w &= w - 1;
        }
    }
    h
}

/// The key XORed in when Black is to move.
pub const BLACK_TO_MOVE: u64 = 0x7a3c_58e1_d4f0_a92b;

/// The key of a small counter (men in hand, a flag, ...) for one colour; `slot`
/// separates different counters. 0 when `value` is 0.
#[inline]
pub const fn counter_key(slot: u8, color: Color, value: u32) -> u64 {
    if value == 0 {
        return 0;
    }
    mix(0x51ed_2701_a3c9_f4e3 ^ ((slot as u64) << 40) ^ ((color as u64) << 32) ^ value as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::stack::Man;

    #[test]
    fn single_man_keys_are_column_keys() {
        for sq in 0..MAX_SQUARES as u8 {
            for color in Color::ALL {
                for king in [false, true] {
                    let man = if king {
                        Man::king(color)
                    } else {
                        Man::new(color)
                    };
                    assert_eq!(
                        single_man_key(Square(sq), color, king),
                        column_key(Square(sq), Stack::single(man)),
                        "{sq} {man:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn man_keys_are_column_keys() {
        for sq in 0..=u8::MAX {
            for color in Color::ALL {
                let man = Stack::single(Man::new(color));
                assert_eq!(
                    man_keys(color)[sq as usize],
                    column_key(Square(sq), man),
                    "{sq} {color:?}"
                );
                if usize::from(sq) < MAX_SQUARES {
                    assert_eq!(
                        man_keys(color)[sq as usize],
                        single_man_key(Square(sq), color, false)
                    );
                }
            }
        }
    }

    #[test]
    fn men_keys_xor_the_keys_of_every_square() {
        let mut rng = crate::tools::rng::SplitMix64::new(11);
        for _ in 0..200 {
            let words = [0; 4].map(|_: u64| rng.next_u64() & rng.next_u64());
            let men = WideSquareSet::from_words(words);
            for color in Color::ALL {
                let each = men.iter().fold(0, |h, sq| {
                    h ^ column_key(sq, Stack::single(Man::new(color)))
                });
                assert_eq!(men_key(color, men, MAX_WIDE_SQUARES), each);
                // the squares of a smaller board alone
                let small = men & WideSquareSet::first(128);
                assert_eq!(men_key(color, men, 128), men_key(color, small, 200));
            }
        }
        let all = WideSquareSet::first(MAX_WIDE_SQUARES);
        assert_ne!(
            men_key(Color::White, all, MAX_WIDE_SQUARES),
            men_key(Color::Black, all, MAX_WIDE_SQUARES)
        );
        assert_eq!(men_key(Color::White, all, 0), 0);
    }

    #[test]
    fn keys_differ() {
        let a = Stack::single(Man::new(Color::White));
        let b = Stack::single(Man::new(Color::Black));
        let k = Stack::single(Man::king(Color::White));
        let keys = [
            column_key(Square(0), a),
            column_key(Square(1), a),
            column_key(Square(0), b),
            column_key(Square(0), k),
        ];
        for i in 0..keys.len() {
            assert_ne!(keys[i], 0);
            for j in 0..i {
                assert_ne!(keys[i], keys[j]);
            }
        }
        assert_eq!(column_key(Square(3), Stack::EMPTY), 0);
        assert_eq!(counter_key(0, Color::White, 0), 0);
        assert_ne!(
            counter_key(0, Color::White, 1),
            counter_key(0, Color::Black, 1)
        );
    }
}
