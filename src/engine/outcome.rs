//! How a game ends: [`Outcome`] (who won, or a draw) and [`EndReason`] (why).

use crate::engine::color::Color;
use core::fmt;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// The loser has no piece left (nothing on the board and nothing in hand).
    NoPieces,
    /// The player to move has no legal move (a loss or a draw, as the ruleset says).
    NoLegalMove,
    /// The same position occurred for the third time with the same player to move.
    Repetition,
    /// A goal reached (e.g. Epaminondas' crossing of the home row).
    Goal,
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
        let why = match self.reason() {
            EndReason::NoPieces => "no pieces left",
            EndReason::NoLegalMove => "no legal move",
            EndReason::Repetition => "threefold repetition",
            EndReason::Goal => "goal reached",
        };
        match self.winner() {
            Some(c) => write!(f, "{} {c} wins: {why}", self.result_text()),
            None => write!(f, "{} draw: {why}", self.result_text()),
        }
    }
}
