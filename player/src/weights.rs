//! The evaluation's weights: one number per term, in hundredths of a man, kept as data.
//!
//! Their text is `term=value` pairs ([`Display`](fmt::Display) and [`FromStr`]); a
//! weights file holds `#` comment lines, then a pair a line ([`Weights::to_file`]).
//! Each ruleset's weights are files of the crate, under `player/weights/`: `NAME.txt`
//! (what the player plays with, written by `tune`) and `untuned/NAME.txt` (as first
//! written), compiled in and read once.

use core::fmt;
use core::fmt::Write as _;
use core::str::FromStr;

use thiserror::Error;

/// The number of the evaluation's terms ([`Weights::NAMES`]).
pub const TERMS: usize = 16;

/// The weights of the evaluation's terms, in hundredths of a man. One set per ruleset
/// ([`Evaluate::weights`](crate::eval::Evaluate::weights)); a ruleset written outside
/// the crate gets [`Weights::GENERIC`] unless it says otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A man of the player's own colour in a column he commands (or a single piece).
    pub man: i32,
    /// A king (Lasca's officer) on top of a column he commands, over a man's worth.
    pub king: i32,
    /// An enemy man held prisoner under one of his caps.
    pub prisoner: i32,
    /// A column (or a piece) he commands, whatever its height: more columns, more moves.
    pub column: i32,
    /// A man in hand (Emergo's men not yet entered).
    pub in_hand: i32,
    /// Each row a man (not a king) has advanced towards the far row.
    pub advance: i32,
    /// A man on a square nearer the centre: per step nearer, out of the board's radius.
    pub centre: i32,
    /// Each legal move of the side to move (computed only when non-zero).
    pub mobility: i32,
    /// A man standing on the far row (Epaminondas' crossings; 0 where men are crowned).
    pub crossing: i32,
    /// A man with a piece of his own straight behind him (Dameo's lines of men, which
    /// advance together; columns backed up on the square boards).
    pub behind: i32,
    /// A man with a piece of his own diagonally behind him (the draughts games'
    /// supported men, which cannot be jumped from the front).
    pub flank: i32,
    /// A man still on his own first row (guarding the crowning squares).
    pub home: i32,
    /// A man on the middle of the board: its middle rows, two columns or more from
    /// either side (the draughts games' centre squares, 22-24 and 27-29 on the
    /// international board).
    pub middle: i32,
    /// The difference between a player's men on the left and on the right half of the
    /// board (a wing left bare; weighed below 0).
    pub balance: i32,
    /// A man on his way to be crowned with no enemy piece able to stop him: none on
    /// the squares he can still reach on his way to the far row, and no enemy king
    /// (men cannot move aside into his path, a king can).
    pub runaway: i32,
    /// The learned patterns' value ([`patterns`](crate::patterns)), times this: 1 where
    /// the ruleset has learned patterns and plays with them, 0 to play without.
    pub patterns: i32,
}

impl Weights {
    /// For a ruleset the crate does not know: men, columns and prisoners only.
    pub const GENERIC: Weights = Weights {
        man: 100,
        king: 200,
        prisoner: 60,
        column: 10,
        in_hand: 100,
        advance: 0,
        centre: 0,
        mobility: 2,
        crossing: 0,
        behind: 0,
        flank: 0,
        home: 0,
        middle: 0,
        balance: 0,
        runaway: 0,
        patterns: 0,
    };

    /// The names of the terms, in the order of [`Weights::to_array`]: the words of the
    /// weights' text (`man=100 king=200 ...`).
    pub const NAMES: [&'static str; TERMS] = [
        "man", "king", "prisoner", "column", "in_hand", "advance", "centre", "mobility",
        "crossing", "behind", "flank", "home", "middle", "balance", "runaway", "patterns",
    ];

    /// The weights as an array, in the order of [`Weights::NAMES`].
    ///
    /// ```
    /// use column_checkers_player::eval::Weights;
    /// let w = Weights::GENERIC;
    /// assert_eq!(Weights::from_array(w.to_array()), w);
    /// ```
    pub fn to_array(&self) -> [i32; TERMS] {
        [
            self.man,
            self.king,
            self.prisoner,
            self.column,
            self.in_hand,
            self.advance,
            self.centre,
            self.mobility,
            self.crossing,
            self.behind,
            self.flank,
            self.home,
            self.middle,
            self.balance,
            self.runaway,
            self.patterns,
        ]
    }

    /// The weights of an array in the order of [`Weights::NAMES`].
    pub fn from_array(a: [i32; TERMS]) -> Weights {
        let [man, king, prisoner, column, in_hand, advance, centre, mobility, crossing, behind, flank, home, middle, balance, runaway, patterns] =
            a;
        Weights {
            man,
            king,
            prisoner,
            column,
            in_hand,
            advance,
            centre,
            mobility,
            crossing,
            behind,
            flank,
            home,
            middle,
            balance,
            runaway,
            patterns,
        }
    }

    /// The weights as a file: `comment` as `#` lines (the ruleset, how the weights
    /// were found), then a `term=value` line for each term, which [`FromStr`] reads
    /// back. The ruleset files under `player/weights/` are written so.
    ///
    /// ```
    /// use column_checkers_player::eval::Weights;
    ///
    /// let text = Weights::GENERIC.to_file("by hand\nfor a test");
    /// assert!(text.starts_with("# by hand\n# for a test\nman=100\nking=200\n"));
    /// assert_eq!(text.parse::<Weights>(), Ok(Weights::GENERIC));
    /// ```
    pub fn to_file(&self, comment: &str) -> String {
        let mut s = String::new();
        for line in comment.lines() {
            let _ = writeln!(s, "{}", format!("# {line}").trim_end());
        }
        for (name, v) in Weights::NAMES.iter().zip(self.to_array()) {
            let _ = writeln!(s, "{name}={v}");
        }
        s
    }
}

/// The weights of the crate's file `player/weights/PATH.txt` (`PATH` given in parts),
/// a `&'static Weights`: the file is compiled in and read on first use. Every file
/// reads (the tests read each), so a failure here is a file broken since the crate
/// was built and tested.
macro_rules! weights_file {
    ($($path:literal),+) => {{
        static WEIGHTS: std::sync::OnceLock<$crate::weights::Weights> =
            std::sync::OnceLock::new();
        WEIGHTS.get_or_init(|| {
            let text = include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/weights/",
                $($path,)+
                ".txt"
            ));
            text.parse().unwrap_or_else(|e| {
                panic!("player/weights/{}.txt: {e}", concat!($($path),+))
            })
        })
    }};
}
pub(crate) use weights_file;

/// A weights text that does not read ([`Weights`]' [`FromStr`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum WeightsError {
    /// A word that is not `term=value`.
    #[error("{0:?} is not a term=value pair (as in man=100)")]
    NotAPair(String),
    /// A term the evaluation does not have.
    #[error("{0:?} is no term of the evaluation (its terms: {terms})", terms = Weights::NAMES.join(", "))]
    UnknownTerm(String),
    /// A value that is not a whole number.
    #[error("the value of {term} is {value:?}, not a whole number")]
    BadValue {
        /// The term.
        term: String,
        /// Its value as written.
        value: String,
    },
}

/// The weights' text: `term=value` for every term, separated by spaces
/// (`man=100 king=200 ...`), which [`FromStr`] reads back.
impl fmt::Display for Weights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, v)) in Weights::NAMES.iter().zip(self.to_array()).enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{name}={v}")?;
        }
        Ok(())
    }
}

/// Reads `term=value` pairs separated by white space (lines starting with `#` are
/// comments); a term not named keeps its [`Weights::GENERIC`] value.
///
/// ```
/// use column_checkers_player::eval::Weights;
///
/// let w: Weights = "man=100 king=250\n# a comment\nmobility=3".parse().unwrap();
/// assert_eq!((w.king, w.mobility, w.prisoner), (250, 3, Weights::GENERIC.prisoner));
/// assert_eq!(w.to_string().parse::<Weights>(), Ok(w));
/// assert!("queen=900".parse::<Weights>().is_err());
/// ```
impl FromStr for Weights {
    type Err = WeightsError;
    fn from_str(s: &str) -> Result<Weights, WeightsError> {
        let mut a = Weights::GENERIC.to_array();
        let words = s
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .flat_map(str::split_whitespace);
        for word in words {
            let (term, value) = word
                .split_once('=')
                .ok_or_else(|| WeightsError::NotAPair(word.to_string()))?;
            let i = Weights::NAMES
                .iter()
                .position(|n| *n == term)
                .ok_or_else(|| WeightsError::UnknownTerm(term.to_string()))?;
            a[i] = value.parse().map_err(|_| WeightsError::BadValue {
                term: term.to_string(),
                value: value.to_string(),
            })?;
        }
        Ok(Weights::from_array(a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weights_text_names_each_term_and_skips_comments() {
        for (i, name) in Weights::NAMES.iter().enumerate() {
            let w: Weights = format!("{name}=-7").parse().unwrap();
            let mut a = Weights::GENERIC.to_array();
            a[i] = -7;
            assert_eq!(w, Weights::from_array(a), "{name}");
        }
        let w: Weights = "# man=1 king=2\n  # column=3\nprisoner=4\n"
            .parse()
            .unwrap();
        assert_eq!(
            w,
            Weights {
                prisoner: 4,
                ..Weights::GENERIC
            }
        );
        assert_eq!(
            "king=250 queen=900".parse::<Weights>(),
            Err(WeightsError::UnknownTerm("queen".into()))
        );
        assert_eq!(
            "king".parse::<Weights>(),
            Err(WeightsError::NotAPair("king".into()))
        );
        assert!(matches!(
            "king=two".parse::<Weights>(),
            Err(WeightsError::BadValue { .. })
        ));
    }

    #[test]
    fn the_text_is_each_term_and_its_value_one_space_apart() {
        let w = Weights {
            king: -3,
            ..Weights::GENERIC
        };
        assert_eq!(
            w.to_string(),
            "man=100 king=-3 prisoner=60 column=10 in_hand=100 advance=0 centre=0 mobility=2 \
             crossing=0 behind=0 flank=0 home=0 middle=0 balance=0 runaway=0 patterns=0"
        );
        assert_eq!(w.to_string().parse(), Ok(w));
    }

    #[test]
    fn a_file_reads_back_whatever_its_comment() {
        let w = Weights {
            king: -3,
            runaway: 41,
            ..Weights::GENERIC
        };
        let text = w.to_file("lasca: fitted\n\nking=7 in a comment\n# already a comment  ");
        assert_eq!(text.parse::<Weights>(), Ok(w));
        let comments: Vec<&str> = text.lines().take_while(|l| l.starts_with('#')).collect();
        assert_eq!(
            comments,
            [
                "# lasca: fitted",
                "#",
                "# king=7 in a comment",
                "# # already a comment"
            ]
        );
        // a term a line, in the order of the names
        let pairs: Vec<&str> = text.lines().skip(comments.len()).collect();
        assert_eq!(pairs.len(), TERMS);
        assert_eq!((pairs[1], pairs[14]), ("king=-3", "runaway=41"));
    }
}
