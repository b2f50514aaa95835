//! Move introspection: what a move does, square by square, for code that works with
//! any ruleset — GUIs, game servers, bots.
//!
//! Two traits: [`MoveSquares`], which every move type implements, reads what the move
//! alone says (origin, landing squares, destination, men captured); [`Introspect`],
//! which every position type implements, adds what needs the board: the geometry (to
//! name and draw squares), the full [`MoveInfo`] of a legal move (its kind, the squares
//! of the men taken, crowning) and every click path a person may enter it by (see
//! [`MoveInput`](crate::engine::input::MoveInput)).
//!
//! ```
//! use column_checkers::{Introspect, MoveKind, MoveSquares};
//! use column_checkers::{Emergo, Position};
//!
//! // the Italian rules text's opening up to White's 5. f6: Black's g6-e6-c6 is forced
//! let mut pos = Emergo::start();
//! for m in ["d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6"] {
//!     let mv = pos.parse_move(m).unwrap();
//!     pos.play(&mv).unwrap();
//! }
//! let g = pos.geometry();
//! let mv = pos.parse_move("g6-e6-c6").unwrap();
//! let names = |sqs: &[_]| sqs.iter().map(|&s| g.name(s)).collect::<Vec<_>>().join(" ");
//! assert_eq!(mv.origin().map(|s| g.name(s)), Some("g6"));
//! assert_eq!(names(&mv.landings()), "e6 c6");
//! let info = pos.describe(&mv).unwrap();
//! assert_eq!(info.kind, MoveKind::Capture);
//! assert_eq!(names(&info.taken), "f6 d6");
//! assert_eq!(info.men_captured, 2);
//! assert!(!info.crowned);
//! ```

use crate::engine::board::Geometry;
use crate::engine::position::Position;
use crate::engine::square::Square;

use crate::engine::moves::{MoveSquares, Squares};

/// The kind of a move, in the games' own terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum MoveKind {
    /// One man put on a vacant square from hand (Emergo).
    Entry,
    /// All the men left in hand put on a vacant square as one column, once the
    /// opponent has nothing in hand (Emergo's shadowpiece).
    Shadowpiece,
    /// A man, column or king moving without capturing: one square, or any distance
    /// for a flying king; in Epaminondas a single man's step.
    Step,
    /// A Dameo line of two or more men advancing one square: its tail man is put in
    /// front of its head.
    LineAdvance,
    /// An Epaminondas phalanx of two or more men moving along its line without
    /// capturing.
    Phalanx,
    /// A capture (of any ruleset; an Epaminondas phalanx capture too).
    Capture,
}

impl MoveKind {
    /// The kind's name in words (`"line advance"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            MoveKind::Entry => "entry",
            MoveKind::Shadowpiece => "shadowpiece",
            MoveKind::Step => "step",
            MoveKind::LineAdvance => "line advance",
            MoveKind::Phalanx => "phalanx move",
            MoveKind::Capture => "capture",
        }
    }
}

impl core::fmt::Display for MoveKind {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// Everything about a legal move that a GUI draws or a server reports
/// ([`Introspect::describe`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MoveInfo {
    /// What kind of move it is.
    pub kind: MoveKind,
    /// Where it starts ([`MoveSquares::origin`]); `None` for an entry.
    pub origin: Option<Square>,
    /// Every landing square in order ([`MoveSquares::landings`]).
    pub landings: Squares,
    /// The squares of the men or pieces taken, in the order they are taken (a column
    /// jumped twice in an Emergo roundabout is listed twice; an Epaminondas capture
    /// lists the whole enemy line from the square landed on).
    pub taken: Squares,
    /// The number of men or pieces captured.
    pub men_captured: usize,
    /// The number of men that move: the column's height, the men entered, the men of
    /// the line or phalanx.
    pub men_moved: usize,
    /// Whether the move crowns a man (promotes it to king or officer).
    pub crowned: bool,
}

impl MoveInfo {
    /// The description of `mv` as a move of kind `kind` that takes nothing, moves one
    /// man and crowns none: a start for [`Introspect::describe`] implementations, which
    /// then fill in [`taken`](Self::taken), [`men_moved`](Self::men_moved) and
    /// [`crowned`](Self::crowned).
    pub fn new(mv: &impl MoveSquares, kind: MoveKind) -> MoveInfo {
        MoveInfo {
            kind,
            origin: mv.origin(),
            landings: mv.landings(),
            taken: Squares::new(),
            men_captured: mv.men_captured(),
            men_moved: 1,
            crowned: false,
        }
    }

    /// The square where the move ends.
    pub fn destination(&self) -> Square {
        *self.landings.last().expect("a move lands somewhere")
    }
}

/// A position whose moves can be looked into square by square; every position type of
/// the crate implements it. Generic GUI and server code asks for `P: Introspect`.
pub trait Introspect: Position<Move: MoveSquares> {
    /// The board's geometry: square names, coordinates, directions.
    fn geometry(&self) -> &'static Geometry;

    /// What the legal move `mv` does in this position; `None` when `mv` is not a legal
    /// move here.
    fn describe(&self, mv: &Self::Move) -> Option<MoveInfo>;

    /// Calls `out(mv, path)` for every legal move and **every** click path that enters
    /// it: its origin (if any) then its landings ([`MoveSquares::clicks`]), and for a
    /// capture every route of the same move (routes from the same square that leave
    /// the same position: [move identity](crate::rulings#move-identity)), which the
    /// listed move stands for. Nothing
    /// when the game is over.
    fn click_paths(&self, out: &mut dyn FnMut(&Self::Move, &[Square]));

    /// [`click_paths`](Self::click_paths) for a caller that has listed the legal moves
    /// already: `legal` is this position's [`legal_moves`](Position::legal_moves) list,
    /// which is then not made again (a batch of games stepped click by click lists
    /// every position's moves anyway). The same paths in the same order.
    ///
    /// ```
    /// use column_checkers::prelude::*;
    /// use column_checkers::{Emergo, MoveList};
    ///
    /// let mut pos = Emergo::start();
    /// for m in ["d6", "d8", "e4", "g6", "f4", "g7", "b6", "d7", "f6"] {
    ///     let mv = pos.parse_move(m).unwrap();
    ///     pos.play(&mv).unwrap();
    /// }
    /// let mut legal = MoveList::new();
    /// pos.legal_moves(&mut legal);
    /// let (mut paths, mut among) = (Vec::new(), Vec::new());
    /// pos.click_paths(&mut |m, p| paths.push((m.to_string(), p.to_vec())));
    /// pos.click_paths_among(&legal, &mut |m, p| among.push((m.to_string(), p.to_vec())));
    /// assert_eq!(paths, among);
    /// assert_eq!(among[0].0, "g6xe6xc6");
    /// ```
    fn click_paths_among(&self, legal: &[Self::Move], out: &mut dyn FnMut(&Self::Move, &[Square])) {
        let _ = legal;
        self.click_paths(out);
    }
}
