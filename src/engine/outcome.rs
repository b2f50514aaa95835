//! How a game ends: [`Outcome`] (who won, or a draw) and [`EndReason`] (why).

use crate::engine::color::Color;
use core::fmt;

/// Why a game ended.
///
/// # The end of a game
/// One rule in every ruleset of the crate (see
/// [the end of a game](crate::rulings#the-end-of-a-game)):
///
/// - The player to move **loses with [`NoPieces`](EndReason::NoPieces)** when he
///   commands nothing: no piece on the board that he leads (a man or king of his, or
///   a column with his man on top) and no man in hand. His men held prisoner under
///   enemy-led columns do not count.
/// - **Otherwise**, a player to move who has no legal move gets
///   [`NoLegalMove`](EndReason::NoLegalMove): he loses, except in Emergo and HexEmergo,
///   where it is a draw.
/// - Epaminondas' crossing ([`Goal`](EndReason::Goal)) is tested first, at the start
///   of the turn; threefold repetition ([`Repetition`](EndReason::Repetition)) needs
///   the history and is [`Game`](crate::engine::game::Game)'s.
///
/// ```
/// use column_checkers::{EndReason, InternationalDraughts, Lasca, Position};
///
/// // Lasca: White's only man is a prisoner under Black's c3 column
/// let lasca: Lasca = "c3:wb w".parse().unwrap();
/// assert_eq!(lasca.outcome().map(|o| o.reason()), Some(EndReason::NoPieces));
/// // international draughts: White's man on 46 is blocked, so White cannot move
/// let blocked: InternationalDraughts = "46:w,41:b,37:b w".parse().unwrap();
/// assert_eq!(blocked.outcome().map(|o| o.reason()), Some(EndReason::NoLegalMove));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// The player to move commands nothing: no piece or column on the board that he
    /// leads and no man in hand. He loses.
    NoPieces,
    /// The player to move commands something but has no legal move: a loss, in Emergo
    /// and HexEmergo a draw.
    NoLegalMove,
    /// The same position occurred for the third time with the same player to move.
    Repetition,
    /// A goal reached (Epaminondas' crossing of the home row).
    Goal,
}

impl EndReason {
    /// The reason a player to move who cannot move ends the game, by the rule above:
    /// [`NoPieces`](EndReason::NoPieces) when he commands nothing, else
    /// [`NoLegalMove`](EndReason::NoLegalMove).
    ///
    /// ```
    /// use column_checkers::EndReason;
    ///
    /// assert_eq!(EndReason::stuck(false), EndReason::NoPieces);
    /// assert_eq!(EndReason::stuck(true), EndReason::NoLegalMove);
    /// ```
    pub const fn stuck(commands_something: bool) -> EndReason {
        if commands_something {
            EndReason::NoLegalMove
        } else {
            EndReason::NoPieces
        }
    }

    /// The reason in words, as [`Outcome`]'s `Display` writes it.
    pub const fn words(self) -> &'static str {
        match self {
            EndReason::NoPieces => "nothing left to play",
            EndReason::NoLegalMove => "no legal move",
            EndReason::Repetition => "threefold repetition",
            EndReason::Goal => "goal reached",
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A decisive result.
    Win {
        /// Who won.
        winner: Color,
        /// Why.
        reason: EndReason,
    },
    /// A draw.
    Draw {
        /// Why.
        reason: EndReason,
    },
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Why the game ended.
    pub fn reason(self) -> EndReason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }

    /// The result as `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = self.reason().words();
        match self.winner() {
            Some(c) => write!(f, "{} {c} wins: {why}", self.result_text()),
            None => write!(f, "{} draw: {why}", self.result_text()),
        }
    }
}
