//! The evaluation: a score of a position for the side to move, in hundredths of a man,
//! chosen for each ruleset through [`Evaluate`], from weights kept as data
//! ([`Weights`], a file for each ruleset).
//!
//! Every ruleset of the crate counts the terms of its [board view](evaluate_view)
//! (men, prisoners, men in hand, kings, columns, advancement, centre, formation,
//! middle, wings, runaways, mobility), except the three draughts games, which count
//! the same terms on their bitboards and damp an advantage held with few pieces
//! against a king.
//!
//! ```
//! use column_checkers::{Lasca, Position};
//! use column_checkers_player::eval::{Evaluate, Weights};
//!
//! let w = Lasca::weights(); // player/weights/lasca.txt
//! // the start is symmetric: without the learned patterns, which see the board from
//! // the side to move, only White's six opening moves count
//! let terms = Weights { patterns: 0, ..*w };
//! assert_eq!(Lasca::start().evaluate(&terms), 6 * w.mobility);
//! ```

use std::sync::OnceLock;

use column_checkers::custom::{CheckersPosition, CheckersRules};
use column_checkers::games::{
    BashniRules, BrazilianRules, DameoRules, HexEmergoSetup, InternationalRules, LascaRules,
    RussianRules, StapeldammenRules,
};
use column_checkers::{Emergo, Epaminondas, HexEmergo, NeoCrossings, Position};

use crate::column_windows::{ColumnSet, Kind};
use crate::eval_pieces::{self, Tables};
pub use crate::eval_view::evaluate_view;
use crate::eval_view::evaluate_view_with;
use crate::patterns::Patterns;
use crate::search_options::SearchOptions;
use crate::weights::weights_file;
pub use crate::weights::{Weights, WeightsError, TERMS};

/// How the player evaluates the positions of a ruleset, and with which weights: the
/// bound of [`Player`](crate::Player) and of everything that evaluates (the Monte
/// Carlo tree search, matches, the tuner).
///
/// Every method has a default: the [board view's](evaluate_view) terms and the
/// [generic weights](Weights::GENERIC), so that a position type written outside the
/// crate needs one line:
///
/// ```
/// # use column_checkers::{Color, Lasca, MoveList, MoveParseError, Outcome, Position, PositionError};
/// # use std::fmt;
/// use column_checkers_player::eval::{Evaluate, Weights};
/// use column_checkers_player::{Limits, Player};
///
/// /// A ruleset of one's own (here Lasca's rules under another name).
/// #[derive(Clone, PartialEq, Eq, Debug)]
/// struct MyGame(Lasca);
/// # impl fmt::Display for MyGame {
/// #     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { self.0.fmt(f) }
/// # }
/// # impl std::str::FromStr for MyGame {
/// #     type Err = PositionError;
/// #     fn from_str(s: &str) -> Result<MyGame, PositionError> { s.parse().map(MyGame) }
/// # }
/// # impl Position for MyGame {
/// #     type Move = <Lasca as Position>::Move;
/// #     const NAME: &'static str = "my game";
/// #     fn start() -> MyGame { MyGame(Lasca::start()) }
/// #     fn turn(&self) -> Color { self.0.turn() }
/// #     fn legal_moves(&self, moves: &mut MoveList<Self::Move>) { self.0.legal_moves(moves) }
/// #     fn play_unchecked(&mut self, mv: &Self::Move) { self.0.play_unchecked(mv) }
/// #     fn outcome(&self) -> Option<Outcome> { self.0.outcome() }
/// #     fn zobrist(&self) -> u64 { self.0.zobrist() }
/// #     fn parse_move(&self, text: &str) -> Result<Self::Move, MoveParseError> { self.0.parse_move(text) }
/// #     fn men(&self, color: Color) -> usize { self.0.men(color) }
/// #     fn diagram(&self) -> String { self.0.diagram() }
/// # }
/// impl Evaluate for MyGame {}
///
/// assert_eq!(MyGame::weights(), &Weights::GENERIC);
/// let mut player = Player::<MyGame>::new(1);
/// let found = player.search(&MyGame::start(), &[], Limits::depth(2), &mut |_| {});
/// assert!(found.best.is_some());
/// ```
///
/// A ruleset made of the crate's [`CheckersPosition`] gets it from its rules type
/// instead ([`EvaluateRules`]).
pub trait Evaluate: Position {
    /// The weights the player plays with ([`Player::new`](crate::Player::new)): for the
    /// crate's rulesets the file `player/weights/NAME.txt`, which `tune` writes.
    fn weights() -> &'static Weights {
        &Weights::GENERIC
    }

    /// The weights as first written, before any fitting (`player/weights/untuned/`):
    /// what the fitted ones are measured against (`match --opponent-weights
    /// untuned`) and where `tune --start untuned` starts. By default the
    /// [`weights`](Evaluate::weights).
    fn untuned_weights() -> &'static Weights {
        Self::weights()
    }

    /// The sum of the terms of the position weighed by `w`, for the side to move:
    /// linear in the weights ([`tune`](crate::tune) fits them on it). By default the
    /// board view's ([`evaluate_view`]).
    fn terms(&self, w: &Weights) -> i32 {
        evaluate_view(self, w)
    }

    /// The score of the position for the side to move under `w`, in hundredths of a
    /// man: by default its [`terms`](Evaluate::terms). In the draughts games an
    /// advantage held with few pieces against a king counts an eighth.
    ///
    /// ```
    /// use column_checkers::InternationalDraughts;
    /// use column_checkers_player::eval::{Evaluate, Weights};
    ///
    /// // two kings against one: a draw the terms count two kings up, damped (the
    /// // learned patterns, which see men only, left out)
    /// let pos: InternationalDraughts = "W:WK1,K2:BK50".parse().unwrap();
    /// let w = &Weights { patterns: 0, ..*InternationalDraughts::weights() };
    /// assert_eq!(pos.terms(w), w.man + w.king);
    /// assert_eq!(pos.evaluate(w), (w.man + w.king) / 8);
    /// ```
    fn evaluate(&self, w: &Weights) -> i32 {
        self.terms(w)
    }

    /// The probe of this ruleset's endgame tables in `tables`, for
    /// [`Player::with_tables`](crate::Player::with_tables) (feature `solver`): Emergo's
    /// tables, the draughts games' databases; `None` (no tables) by default.
    #[cfg(feature = "solver")]
    fn tables_probe(tables: &crate::tables::Tables) -> Option<crate::Probe<Self>> {
        let _ = tables;
        None
    }

    /// The ruleset's learned patterns ([`patterns`](crate::patterns)), which its
    /// evaluation adds times [`Weights::patterns`]: the draughts games' (their files
    /// `player/weights/NAME.patterns`, which `tune --learn-patterns` writes); `None`
    /// by default.
    fn patterns() -> Option<&'static Patterns> {
        None
    }

    /// The states of the patterns' windows in this position for the side to move, in
    /// `out` (as long as the windows), and the pieces on the board: what the patterns'
    /// value is reckoned from, for [`learn`](crate::learn). `None` where the ruleset
    /// has no [`patterns`](Evaluate::patterns).
    fn pattern_states(&self, out: &mut [u16]) -> Option<usize> {
        let _ = out;
        None
    }

    /// Whether the side not to move could capture were it its turn: a threat that the
    /// quiescence search answers with a ply of every move where the side to move has
    /// no capture of its own ([`SearchOptions::threats`](crate::SearchOptions::threats)).
    /// The draughts games tell; `false` by default (no threat is looked for).
    fn capture_threat(&self) -> bool {
        false
    }

    /// The search options the player searches this ruleset with
    /// ([`Player::new`](crate::Player::new)): those that won their match in this game
    /// (docs/strength.md); the plain search ([`SearchOptions::default`]) by default.
    /// International and Russian draughts search with ProbCut.
    fn search_options() -> SearchOptions {
        SearchOptions::default()
    }
}

/// [`Evaluate`] for a ruleset made of the crate's [`CheckersPosition`], implemented on
/// its rules type: Rust lets a crate implement a trait of another crate only on a
/// type of its own, and `CheckersPosition<MyRules>` is the library's type, but
/// `MyRules` is the ruleset author's. The defaults are [`Evaluate`]'s:
/// `impl EvaluateRules for MyRules {}` gives the board view's evaluation with the
/// generic weights.
pub trait EvaluateRules: CheckersRules {
    /// [`Evaluate::weights`].
    fn weights() -> &'static Weights {
        &Weights::GENERIC
    }

    /// [`Evaluate::untuned_weights`].
    fn untuned_weights() -> &'static Weights {
        Self::weights()
    }

    /// [`Evaluate::terms`].
    fn terms(pos: &CheckersPosition<Self>, w: &Weights) -> i32 {
        evaluate_view(pos, w)
    }

    /// [`Evaluate::evaluate`].
    fn evaluate(pos: &CheckersPosition<Self>, w: &Weights) -> i32 {
        Self::terms(pos, w)
    }

    /// [`Evaluate::tables_probe`].
    #[cfg(feature = "solver")]
    fn tables_probe(
        tables: &crate::tables::Tables,
    ) -> Option<crate::Probe<CheckersPosition<Self>>> {
        let _ = tables;
        None
    }

    /// [`Evaluate::patterns`].
    fn patterns() -> Option<&'static Patterns> {
        None
    }

    /// [`Evaluate::pattern_states`].
    fn pattern_states(pos: &CheckersPosition<Self>, out: &mut [u16]) -> Option<usize> {
        let _ = (pos, out);
        None
    }

    /// [`Evaluate::capture_threat`].
    fn capture_threat(pos: &CheckersPosition<Self>) -> bool {
        let _ = pos;
        false
    }

    /// [`Evaluate::search_options`].
    fn search_options() -> SearchOptions {
        SearchOptions::default()
    }
}

impl<R: EvaluateRules> Evaluate for CheckersPosition<R> {
    fn weights() -> &'static Weights {
        R::weights()
    }
    fn untuned_weights() -> &'static Weights {
        R::untuned_weights()
    }
    fn terms(&self, w: &Weights) -> i32 {
        R::terms(self, w)
    }
    fn evaluate(&self, w: &Weights) -> i32 {
        R::evaluate(self, w)
    }
    #[cfg(feature = "solver")]
    fn tables_probe(tables: &crate::tables::Tables) -> Option<crate::Probe<Self>> {
        R::tables_probe(tables)
    }
    fn patterns() -> Option<&'static Patterns> {
        R::patterns()
    }
    fn pattern_states(&self, out: &mut [u16]) -> Option<usize> {
        R::pattern_states(self, out)
    }
    fn capture_threat(&self) -> bool {
        R::capture_threat(self)
    }
    fn search_options() -> SearchOptions {
        R::search_options()
    }
}

/// The two weights of the ruleset `$name`: its files `player/weights/$name.txt` and
/// `player/weights/untuned/$name.txt`.
macro_rules! files {
    ($name:literal) => {
        fn weights() -> &'static Weights {
            weights_file!($name)
        }
        fn untuned_weights() -> &'static Weights {
            weights_file!("untuned/", $name)
        }
    };
}

/// The column games' windows and learned values: `$set::<P>()` loads the file
/// `player/weights/$name.patterns` on the board of `P` once, its squares telling the
/// `$fourth` kind of column apart (a king's, or a tall one's where no one is crowned).
macro_rules! column_set {
    ($set:ident, $name:literal, $fourth:expr) => {
        fn $set<P: Position>() -> &'static ColumnSet {
            static SET: OnceLock<ColumnSet> = OnceLock::new();
            SET.get_or_init(|| {
                let bytes = include_bytes!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/weights/",
                    $name,
                    ".patterns"
                ));
                ColumnSet::load::<P>(bytes, $name, $fourth)
            })
        }
    };
}

column_set!(emergo_set, "emergo", Kind::Tall);
column_set!(hexemergo_set, "hexemergo", Kind::Tall);
column_set!(epaminondas_set, "epaminondas", Kind::King);
column_set!(lasca_set, "lasca", Kind::King);
column_set!(bashni_set, "bashni", Kind::King);
column_set!(stapeldammen_set, "stapeldammen", Kind::King);
column_set!(dameo_set, "dameo", Kind::King);

/// [`Evaluate`]'s terms and patterns of a column game: the board view's terms and the
/// learned patterns of `$set`.
macro_rules! columns {
    ($set:ident) => {
        fn terms(&self, w: &Weights) -> i32 {
            evaluate_view_with(self, w, Some($set::<Self>()))
        }
        fn patterns() -> Option<&'static Patterns> {
            Some(&$set::<Self>().patterns)
        }
        fn pattern_states(&self, out: &mut [u16]) -> Option<usize> {
            $set::<Self>().states(self, out)
        }
    };
}

/// [`columns`] for [`EvaluateRules`].
macro_rules! columns_rules {
    ($set:ident) => {
        fn terms(pos: &CheckersPosition<Self>, w: &Weights) -> i32 {
            evaluate_view_with(pos, w, Some($set::<CheckersPosition<Self>>()))
        }
        fn patterns() -> Option<&'static Patterns> {
            Some(&$set::<CheckersPosition<Self>>().patterns)
        }
        fn pattern_states(pos: &CheckersPosition<Self>, out: &mut [u16]) -> Option<usize> {
            $set::<CheckersPosition<Self>>().states(pos, out)
        }
    };
}

// Emergo on its boards: columns of men entered from hand, counted on the board view,
// with the learned patterns of the columns and the men in hand.
impl Evaluate for Emergo {
    files!("emergo");
    columns!(emergo_set);
    #[cfg(feature = "solver")]
    fn tables_probe(tables: &crate::tables::Tables) -> Option<crate::Probe<Emergo>> {
        crate::tables::emergo_probe(tables)
    }
}

impl Evaluate for HexEmergo {
    files!("hexemergo");
    columns!(hexemergo_set);
}

impl Evaluate for HexEmergoSetup {
    files!("hexemergo-setup");
}

// Epaminondas and NeoCrossings: the race to cross, counted on the board view.
impl Evaluate for Epaminondas {
    files!("epaminondas");
    columns!(epaminondas_set);
}

impl Evaluate for NeoCrossings {
    files!("neocrossings");
}

// The column games and Dameo, counted on the board view, with their learned patterns;
// every option set of Lasca and of Bashni plays with its ruleset's weights.
impl<const ROUNDABOUT: bool, const REPETITION: bool> EvaluateRules
    for LascaRules<ROUNDABOUT, REPETITION>
{
    files!("lasca");
    columns_rules!(lasca_set);
}

impl<const RUSSIAN_CODE: bool> EvaluateRules for BashniRules<RUSSIAN_CODE> {
    files!("bashni");
    columns_rules!(bashni_set);
}

impl EvaluateRules for StapeldammenRules {
    files!("stapeldammen");
    columns_rules!(stapeldammen_set);
}

impl EvaluateRules for DameoRules {
    files!("dameo");
    columns_rules!(dameo_set);
}

// The draughts games: men stand alone, so the terms are counted on the position's
// bitboards (the same score as the board view's, without building one: the view cost
// more than the terms). An advantage held with few pieces against a king counts an
// eighth: on the 10x10 board three pieces rarely beat a king (FMJD's rules draw them
// after 16 moves), on the 8x8 boards two (three kings win on the main diagonal).

/// The tables of the 10x10 board and of the 8x8 board of the draughts games.
static TEN: OnceLock<Tables> = OnceLock::new();
static EIGHT: OnceLock<Tables> = OnceLock::new();

/// The draughts game of the rules `$rules`: its terms counted on its bitboards (with
/// the tables of its board, `$tables`) and its learned patterns, an advantage held with
/// `$few` pieces or fewer against a king damped; its weights files `$name` (`.txt`
/// and `.patterns`); its search options `$search`.
macro_rules! draughts {
    ($rules:ty, $name:literal, $tables:ident, $few:literal, $search:expr) => {
        impl EvaluateRules for $rules {
            files!($name);
            fn terms(pos: &CheckersPosition<$rules>, w: &Weights) -> i32 {
                let patterns = <$rules as EvaluateRules>::patterns();
                eval_pieces::evaluate(pos, w, Tables::of::<$rules>(&$tables), patterns)
            }
            fn patterns() -> Option<&'static Patterns> {
                static PATTERNS: OnceLock<Patterns> = OnceLock::new();
                Some(PATTERNS.get_or_init(|| {
                    let bytes = include_bytes!(concat!(
                        env!("CARGO_MANIFEST_DIR"),
                        "/weights/",
                        $name,
                        ".patterns"
                    ));
                    let windows = Tables::of::<$rules>(&$tables).windows.as_ref();
                    let windows = windows.map_or(0, |w| w.windows());
                    let full = eval_pieces::pieces(&CheckersPosition::<$rules>::start());
                    Patterns::read(bytes, windows, full)
                        .unwrap_or_else(|e| panic!("player/weights/{}.patterns: {e}", $name))
                }))
            }
            fn pattern_states(pos: &CheckersPosition<$rules>, out: &mut [u16]) -> Option<usize> {
                let windows = Tables::of::<$rules>(&$tables).windows.as_ref()?;
                Some(eval_pieces::pattern_states(pos, windows, out))
            }
            fn evaluate(pos: &CheckersPosition<$rules>, w: &Weights) -> i32 {
                eval_pieces::damped(pos, Self::terms(pos, w), $few)
            }
            fn capture_threat(pos: &CheckersPosition<$rules>) -> bool {
                eval_pieces::capture_threat(pos, Tables::of::<$rules>(&$tables))
            }
            fn search_options() -> SearchOptions {
                $search
            }
            #[cfg(feature = "solver")]
            fn tables_probe(
                tables: &crate::tables::Tables,
            ) -> Option<crate::Probe<CheckersPosition<$rules>>> {
                crate::tables::database_probe::<$rules>(tables, |pos| {
                    <$rules as EvaluateRules>::evaluate(pos, <$rules as EvaluateRules>::weights())
                })
            }
        }
    };
}

draughts!(
    InternationalRules,
    "international",
    TEN,
    3,
    SearchOptions::PROBCUT
);
draughts!(RussianRules, "russian", EIGHT, 2, SearchOptions::PROBCUT);
draughts!(BrazilianRules, "brazilian", EIGHT, 2, SearchOptions::NONE);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::random_position as walk;
    use crate::ruleset;
    use column_checkers::{
        BrazilianDraughts, Color, Dameo, InternationalDraughts, Introspect, Lasca, Position,
        Ruleset, RussianDraughts, Stapeldammen,
    };
    use core::fmt;
    use core::str::FromStr;
    use proptest::prelude::*;

    fn evaluate<P: Evaluate>(pos: &P, w: &Weights) -> i32 {
        pos.evaluate(w)
    }

    fn terms<P: Evaluate>(pos: &P, w: &Weights) -> i32 {
        pos.terms(w)
    }

    /// The evaluation signature: for every ruleset, the evaluation of 100 random
    /// positions under its weights and under its untuned weights, each folded into a
    /// number. A change to a weights file or to the counting of a term changes it: when
    /// the change is meant (`tune` wrote a file), renew the figures from the failure
    /// message (`cargo test -p column-checkers-player --lib evaluation_signature`).
    #[test]
    fn evaluation_signature() {
        struct Signature;
        impl ruleset::Visitor for Signature {
            type Output = String;
            fn visit<P: Introspect + Evaluate>(self) -> String {
                let (mut played, mut untuned) = (0i64, 0i64);
                for seed in 0..100u64 {
                    let pos: P = walk(seed, (seed * 7 % 100) as usize);
                    let fold = |h: i64, w: &Weights| {
                        h.wrapping_mul(1_000_003)
                            .wrapping_add(i64::from(pos.evaluate(w)))
                    };
                    played = fold(played, P::weights());
                    untuned = fold(untuned, P::untuned_weights());
                }
                format!("{} {played} {untuned}", Ruleset::of::<P>().unwrap())
            }
        }
        let lines: Vec<String> = Ruleset::ALL
            .iter()
            .map(|&r| ruleset::visit(r, Signature))
            .collect();
        let expected = [
            "emergo 1141041527974189906 -5196992447715209733",
            "dameo 1619344880338452723 -4109899814595541711",
            "russian 6609232138996797314 5658289517815626927",
            "hexemergo 3826791906061197400 3826791906061197400",
            "hexemergo-setup 6866536730997946160 6866536730997946160",
            "international 5877298017329483088 -2730165395862929190",
            "brazilian 6742249635552026429 -5236643192125424879",
            "stapeldammen -3702512723800779610 -5906578953214537054",
            "epaminondas 560213356881000920 -2503877777970664040",
            "neocrossings -9177337288141521053 -9177337288141521053",
            "lasca 7289086713650860986 -8902668889047317166",
            "lasca --roundabout 7289086713650860986 -8902668889047317166",
            "lasca --repetition 7289086713650860986 -8902668889047317166",
            "lasca --roundabout --repetition 7289086713650860986 -8902668889047317166",
            "bashni 8763141934836454526 8763141934836454526",
            "bashni --russian-code 2978206746808966079 2978206746808966079",
        ];
        assert_eq!(lines, expected, "\n{}", lines.join("\n"));
    }

    /// The weights file `player/weights/PATH`, read.
    fn file(path: &str) -> Weights {
        let path = format!("{}/weights/{path}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        text.parse().unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    #[test]
    fn every_ruleset_plays_with_its_files_and_every_file_is_a_rulesets() {
        struct Files;
        impl ruleset::Visitor for Files {
            type Output = ();
            fn visit<P: Introspect + Evaluate>(self) {
                let name = P::NAME;
                assert_eq!(*P::weights(), file(&format!("{name}.txt")), "{name}");
                let untuned = file(&format!("untuned/{name}.txt"));
                assert_eq!(*P::untuned_weights(), untuned, "{name}, untuned");
            }
        }
        for &r in Ruleset::ALL {
            ruleset::visit(r, Files);
        }
        // every file is a ruleset's, every file reads, a man weighs 100 (the unit)
        for dir in ["", "untuned/"] {
            let path = format!("{}/weights/{dir}", env!("CARGO_MANIFEST_DIR"));
            let mut names = Vec::new();
            for entry in std::fs::read_dir(&path).unwrap() {
                let entry = entry.unwrap();
                if entry.file_type().unwrap().is_dir() {
                    continue;
                }
                let name = entry.file_name().into_string().unwrap();
                // learned patterns: a ruleset's that has them (read by their own test)
                if let Some(ruleset) = name.strip_suffix(".patterns") {
                    struct Has;
                    impl ruleset::Visitor for Has {
                        type Output = bool;
                        fn visit<P: Introspect + Evaluate>(self) -> bool {
                            P::patterns().is_some()
                        }
                    }
                    let r = Ruleset::ALL.iter().find(|r| r.name() == ruleset);
                    let has = r.is_some_and(|&r| ruleset::visit(r, Has));
                    assert!(
                        dir.is_empty() && has,
                        "{path}{name} is no patterns' ruleset's"
                    );
                    continue;
                }
                let ruleset = name.strip_suffix(".txt").unwrap_or_default();
                assert!(
                    Ruleset::ALL.iter().any(|r| r.name() == ruleset),
                    "{path}{name} is no ruleset's"
                );
                assert_eq!(file(&format!("{dir}{name}")).man, 100, "{path}{name}");
                names.push(name);
            }
            names.sort();
            names.dedup();
            let rulesets = Ruleset::ALL
                .iter()
                .filter(|r| r.options().is_empty())
                .count();
            assert_eq!(names.len(), rulesets, "{path}");
        }
    }

    /// Whether the bitboards and the board view score the position `plies` random moves
    /// into each draughts game (from `seed`) alike under `w`, the learned patterns left
    /// out (a term of the bitboards alone).
    fn alike(w: &Weights, seed: u64, plies: usize) -> Result<(), TestCaseError> {
        let w = &Weights { patterns: 0, ..*w };
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
            weights in proptest::array::uniform16(-50i32..50),
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

    const LASCA_WINDOWS: usize = 24;
    // 40 diamonds and the men in hand
    const EMERGO_WINDOWS: usize = 41;

    #[test]
    fn the_patterns_files_read_and_the_rulesets_without_have_none() {
        fn windows<P: Evaluate>() -> Option<usize> {
            P::patterns().map(|p| p.windows())
        }
        assert_eq!(windows::<InternationalDraughts>(), Some(16));
        assert_eq!(windows::<RussianDraughts>(), Some(9));
        assert_eq!(windows::<BrazilianDraughts>(), Some(9));
        assert_eq!(windows::<Lasca>(), Some(LASCA_WINDOWS));
        assert_eq!(windows::<Emergo>(), Some(EMERGO_WINDOWS));
        assert_eq!(windows::<column_checkers::NeoCrossings>(), None);
        assert_eq!(windows::<HexEmergoSetup>(), None);
        let mut states = [0u16; 16];
        assert_eq!(
            column_checkers::NeoCrossings::start().pattern_states(&mut states),
            None
        );
        let mut lasca = [0u16; LASCA_WINDOWS];
        assert_eq!(Lasca::start().pattern_states(&mut lasca), Some(22));
        assert_eq!(
            InternationalDraughts::start().pattern_states(&mut states),
            Some(40)
        );
        // the start position is the same for either side to move, turned half a turn
        let text = InternationalDraughts::start().to_string();
        let black: InternationalDraughts = text.replacen('W', "B", 1).parse().unwrap();
        let mut seen = [0u16; 16];
        assert_eq!(black.pattern_states(&mut seen), Some(40));
        assert_eq!(seen, states);
        // a man moved changes what the other side sees
        let mut pos = InternationalDraughts::start();
        let mut moves = column_checkers::MoveList::new();
        pos.legal_moves(&mut moves);
        pos.play_unchecked(&moves[0]);
        assert_eq!(pos.pattern_states(&mut seen), Some(40));
        assert_ne!(seen, states);
    }

    /// The start positions score 0 but for mobility and the learned patterns, which
    /// value the position for the side to move (a tempo): the same for either side.
    #[test]
    fn start_positions_are_balanced_but_for_mobility_and_patterns() {
        let w = Weights {
            mobility: 0,
            patterns: 0,
            ..*Emergo::weights()
        };
        assert_eq!(evaluate(&Emergo::start(), &w), 0);
        let w = InternationalDraughts::weights();
        let without = Weights {
            mobility: 0,
            patterns: 0,
            ..*w
        };
        let start = InternationalDraughts::start();
        assert_eq!(evaluate(&start, &without), 0);
        let black: InternationalDraughts = start.to_string().replacen('W', "B", 1).parse().unwrap();
        assert_eq!(evaluate(&black, w), evaluate(&start, w));
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
            patterns: 0,
            ..*Emergo::weights()
        };
        // Black to move: white commands 5 of his men, holds 5 black prisoners
        let white = 5 * w.man + 5 * w.prisoner + 2 * w.column;
        assert_eq!(evaluate(&pos, &w), -white);
    }

    #[test]
    fn formation_terms_count_men_backed_and_men_at_home() {
        let w = Weights::from_array([0, 0, 0, 0, 0, 0, 0, 0, 0, 1000, 100, 1, 0, 0, 0, 0]);
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
    fn in_epaminondas_a_piece_across_outweighs_many_men() {
        // crossing the board is how the game is won: one man on the far row is worth
        // more than ten men and their advance in the tuned weights too
        let w = Epaminondas::weights();
        assert!(w.crossing > 10 * (w.man + w.advance), "{w:?}");
    }

    #[test]
    fn an_officer_is_worth_more_than_a_soldier() {
        let w = Weights {
            mobility: 0,
            advance: 0,
            centre: 0,
            patterns: 0,
            ..*Lasca::weights()
        };
        let soldier: Lasca = "W:Wc3:Be5".parse().unwrap();
        let officer: Lasca = "W:WKc3:Be5".parse().unwrap();
        assert_eq!(evaluate(&officer, &w) - evaluate(&soldier, &w), w.king);
    }

    #[test]
    fn a_man_with_a_free_path_counts_alone() {
        // the same boards on bitboards (international) and from the view
        // (Stapeldammen): 26 (on the left edge) has no black piece ahead of him within
        // reach, nor 5 (on the right edge) a white one; 50 and 5 on the same column
        // stop each other; an enemy king stops every man; a king is no runaway
        fn check<P: Evaluate>() {
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
        let w = *InternationalDraughts::weights();
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

    impl Evaluate for Hidden {}

    #[test]
    fn without_a_board_view_the_men_count() {
        let w = *Hidden::weights();
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
        fn check<P: Evaluate>() {
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
