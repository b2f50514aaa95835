//! Click input: a move entered as a person enters it on a board, one square at a time,
//! for any ruleset.

use crate::alloc_prelude::*;
use crate::engine::board::Geometry;
use crate::engine::color::Color;
use crate::engine::introspect::Introspect;
use crate::engine::moves::{MoveList, MoveSquares, Squares};
use crate::engine::outcome::Outcome;
use crate::engine::position::Terms;
use crate::engine::square::Square;
use thiserror::Error;

/// Why a click was refused. The input is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ClickError {
    /// The game is over: there is nothing to enter.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
    /// A square name the board does not have.
    #[error("no square {0:?} on this board")]
    UnknownSquare(String),
    /// A square index the board does not have.
    #[error("square index {0} is off the board")]
    OffBoard(usize),
    /// No legal move starts with a click on this square.
    #[error("no move starts on {square}: {hint}")]
    NoMoveStartsHere {
        /// The square clicked.
        square: String,
        /// What may be clicked instead, in words.
        hint: String,
    },
    /// No legal move goes on to this square after the clicks so far.
    #[error("no move goes on to {square} after {after}; it may go on to {next}")]
    NotNext {
        /// The square clicked.
        square: String,
        /// The clicks so far, as square names joined by `-`.
        after: String,
        /// The squares that may come next, joined by `, `.
        next: String,
    },
    /// The clicks already name a whole move: take one back or reset first.
    #[error("the clicks already name the move {mv}; take back a click or reset")]
    Complete {
        /// The move named.
        mv: String,
    },
}

/// A move being entered click by click on a position of `P`, as a person enters it on
/// a board, for any ruleset. It holds the position's click paths, not the position:
/// build a new one after every move played.
///
/// It is built from a position's legal moves and their click paths
/// ([`Introspect::click_paths`]). After each click it says which squares may be clicked
/// next (to highlight them) and whether the clicks now name exactly one legal move; a
/// click that fits no legal move is refused with the reason, naming the square, and
/// leaves the input as it was. [`undo`](MoveInput::undo) takes back the last click,
/// [`reset`](MoveInput::reset) all of them.
///
/// # The click scheme
/// | move | clicks |
/// |---|---|
/// | step of a man, column or king (flying kings too) | origin, destination |
/// | capture | origin, then every landing square in order — **any** route of the move (routes from the same square that leave the same position are one move: [move identity](crate::rulings#move-identity)); a capture that ends where it started ends with a click on its origin |
/// | entry of a man (Emergo) | the square entered |
/// | the shadowpiece (Emergo) | the square entered (all the men left in hand go there) |
/// | Dameo line advance | the tail man (the one lifted), then the square in front of the head |
/// | Epaminondas phalanx move or capture | the tail man of the group, then the square its head reaches |
///
/// These are the squares of [`MoveSquares::clicks`]: origin, then landings.
///
/// ```
/// use column_checkers::MoveInput;
/// use column_checkers::{Emergo, Position};
///
/// let mut pos = Emergo::start();
/// for m in ["d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6"] {
///     let mv = pos.parse_move(m).unwrap();
///     pos.play(&mv).unwrap();
/// }
/// let mut input = MoveInput::new(&pos);
/// // capture is compulsory: only g6 may start a move
/// assert_eq!(input.next_names(), ["g6"]);
/// assert!(input.click_name("d8").is_err());
/// assert_eq!(input.click_name("g6"), Ok(None));
/// assert_eq!(input.next_names(), ["e6"]);
/// assert_eq!(input.click_name("e6"), Ok(None));
/// let mv = input.click_name("c6").unwrap().unwrap();
/// assert_eq!(mv.to_string(), "g6xe6xc6");
/// ```
#[derive(Clone, Debug)]
pub struct MoveInput<P: Introspect> {
    geometry: &'static Geometry,
    paths: Vec<(P::Move, Squares)>,
    clicks: Squares,
    over: Option<Outcome>,
    /// What the legal moves are, in words (for the first click's error).
    what: &'static str,
    /// The owner of each square's piece or column, by [`Square::index`], and the side
    /// to move: what a refused first click says of its square. Empty for a position
    /// without a board view.
    owners: Vec<Option<Color>>,
    turn: Color,
}

impl<P: Introspect> MoveInput<P> {
    /// An input with no click yet, for the legal moves of `pos`.
    pub fn new(pos: &P) -> Self {
        let mut paths = Vec::new();
        pos.click_paths(&mut |mv, path| paths.push((*mv, path.iter().copied().collect())));
        let mut legal = MoveList::new();
        pos.legal_moves(&mut legal);
        let what = match legal.first() {
            None => "there is no legal move",
            Some(m) if m.men_captured() > 0 => "capture is compulsory",
            Some(m) if m.origin().is_none() => "a man must be entered",
            Some(_) => match P::TERMS {
                Terms::Columns => "a move starts on one of your columns",
                Terms::Pieces => "a move starts on one of your pieces",
            },
        };
        let owners = pos
            .board_view()
            .map_or_else(Vec::new, |v| v.stacks.iter().map(|s| s.owner()).collect());
        MoveInput {
            geometry: pos.geometry(),
            paths,
            clicks: Squares::new(),
            over: pos.outcome(),
            what,
            owners,
            turn: pos.turn(),
        }
    }

    /// The board's geometry (to name the squares).
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }

    /// The squares clicked so far, in order.
    pub fn clicks(&self) -> &[Square] {
        &self.clicks
    }

    /// The click paths that begin with the clicks so far.
    fn matching(&self) -> impl Iterator<Item = &(P::Move, Squares)> + '_ {
        self.paths.iter().filter(|(_, p)| {
            p.len() >= self.clicks.len() && p[..self.clicks.len()] == self.clicks[..]
        })
    }

    /// The squares that may be clicked next: each continues some legal move. In square
    /// order, each once; empty when the clicks name a whole move (and no longer path
    /// goes on from them) or the game is over.
    pub fn next_squares(&self) -> Vec<Square> {
        let n = self.clicks.len();
        let mut next: Vec<Square> = self
            .matching()
            .filter_map(|(_, p)| p.get(n).copied())
            .collect();
        next.sort_unstable();
        next.dedup();
        next
    }

    /// [`next_squares`](Self::next_squares) by name.
    pub fn next_names(&self) -> Vec<&'static str> {
        self.next_squares()
            .into_iter()
            .map(|s| self.geometry.name(s))
            .collect()
    }

    /// The legal moves still possible after the clicks so far, each once.
    pub fn candidates(&self) -> Vec<P::Move> {
        let mut out: Vec<P::Move> = Vec::new();
        for (m, _) in self.matching() {
            if !out.contains(m) {
                out.push(*m);
            }
        }
        out
    }

    /// The move the clicks name: `Some` when they are a whole click path of exactly
    /// one legal move.
    pub fn selected(&self) -> Option<P::Move> {
        let mut named = self
            .matching()
            .filter(|(_, p)| p.len() == self.clicks.len())
            .map(|(m, _)| *m);
        let first = named.next()?;
        named.all(|m| m == first).then_some(first)
    }

    /// Clicks `sq`. `Ok(Some(mv))` when the clicks now name the legal move `mv`,
    /// `Ok(None)` when they begin some legal move and more clicks are needed.
    ///
    /// # Errors
    /// [`ClickError`] when no legal move goes on with `sq` (or the game is over, or
    /// the clicks already name a move); the input is then unchanged.
    pub fn click(&mut self, sq: Square) -> Result<Option<P::Move>, ClickError> {
        if let Some(o) = self.over {
            return Err(ClickError::GameOver(o));
        }
        if sq.index() >= self.geometry.len() {
            return Err(ClickError::OffBoard(sq.index()));
        }
        let next = self.next_squares();
        if !next.contains(&sq) {
            return Err(self.refusal(sq, &next));
        }
        self.clicks.push(sq);
        Ok(self.selected())
    }

    fn refusal(&self, sq: Square, next: &[Square]) -> ClickError {
        let g = self.geometry;
        let square = g.name(sq).to_string();
        if let Some(mv) = self.selected() {
            return ClickError::Complete { mv: mv.to_string() };
        }
        let list = |v: &[Square]| {
            let names: Vec<&str> = v.iter().take(12).map(|&s| g.name(s)).collect();
            let more = if v.len() > 12 { ", ..." } else { "" };
            format!("{}{more}", names.join(", "))
        };
        if self.clicks.is_empty() {
            // what is wrong with the square first, then what the rules ask
            let here = self.square_words(sq).map_or_else(String::new, |w| w + "; ");
            return ClickError::NoMoveStartsHere {
                square,
                hint: format!("{here}{}; a move starts on {}", self.what, list(next)),
            };
        }
        ClickError::NotNext {
            square,
            after: self
                .clicks
                .iter()
                .map(|&s| g.name(s))
                .collect::<Vec<_>>()
                .join("-"),
            next: list(next),
        }
    }

    /// What a refused first click on `sq` finds there, in words: a vacant square, the
    /// opponent's piece or column, or the mover's that cannot capture when a capture
    /// is compulsory or has no legal move (`None` for a position without a board
    /// view).
    fn square_words(&self, sq: Square) -> Option<String> {
        let owner = *self.owners.get(sq.index())?;
        let thing = match P::TERMS {
            Terms::Columns => "column",
            Terms::Pieces => "piece",
        };
        let entering = self.what == "a man must be entered";
        Some(match owner {
            None if entering => "no man can be entered there".to_string(),
            None => "the square is empty".to_string(),
            Some(c) if c != self.turn => {
                format!("the {thing} there is {c}'s, {} is to move", self.turn)
            }
            Some(_) if self.what == "capture is compulsory" => {
                format!("the {thing} there cannot capture")
            }
            Some(_) => format!("the {thing} there has no legal move"),
        })
    }

    /// Clicks the square named `name` (see [`click`](Self::click)).
    ///
    /// # Errors
    /// [`ClickError::UnknownSquare`] for a name the board does not have, and the
    /// errors of [`click`](Self::click).
    pub fn click_name(&mut self, name: &str) -> Result<Option<P::Move>, ClickError> {
        let sq = self
            .geometry
            .parse_square(name.trim())
            .ok_or_else(|| ClickError::UnknownSquare(name.chars().take(16).collect()))?;
        self.click(sq)
    }

    /// Takes back the last click and returns its square (`None` when there was none).
    pub fn undo(&mut self) -> Option<Square> {
        self.clicks.pop()
    }

    /// Takes back every click.
    pub fn reset(&mut self) {
        self.clicks.clear();
    }
}
