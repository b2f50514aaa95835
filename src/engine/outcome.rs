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
///   the history and is [`Game`](crate::Game)'s.
/// - The players may also end a game themselves, at any moment before the rules do:
///   a draw by [`Agreement`](EndReason::Agreement) or a win by
///   [`Resignation`](EndReason::Resignation) of the other player
///   ([`Game::agree_draw`](crate::Game::agree_draw),
///   [`Game::resign`](crate::Game::resign)). The rules of every
///   ruleset allow both; a position alone never reports them.
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
    /// A draw by a federation's kings-only count: so many successive moves by each
    /// player with only kings moved and nothing captured (international draughts: 25,
    /// Russian 15, Brazilian 20). See [`CountedDraws`](crate::custom::CountedDraws).
    KingMoves,
    /// A draw by a federation's endgame count: so many moves by each player since the
    /// pieces entered an endgame class (international draughts: 16 with three pieces
    /// against a lone king, 5 with fewer; Russian: 15 with three kings against one, 5,
    /// 30 or 60 while the balance of forces stands, 5 against a lone king on the main
    /// road). See [`CountedDraws`](crate::custom::CountedDraws).
    EndgameMoves,
    /// The players agreed to a draw
    /// ([`Game::agree_draw`](crate::Game::agree_draw)).
    ///
    /// ```
    /// use column_checkers::{EndReason, Game, Outcome, Position, RussianDraughts};
    ///
    /// let mut game = Game::new(RussianDraughts::start());
    /// game.play_text("c3-d4").unwrap();
    /// assert_eq!(
    ///     game.agree_draw(),
    ///     Ok(Outcome::Draw { reason: EndReason::Agreement })
    /// );
    /// ```
    Agreement,
    /// A player resigned: the other wins
    /// ([`Game::resign`](crate::Game::resign)).
    ///
    /// ```
    /// use column_checkers::{Color, EndReason, Game, Lasca, Outcome, Position};
    ///
    /// let mut game = Game::new(Lasca::start());
    /// let outcome = game.resign(Color::Black).unwrap();
    /// assert_eq!(outcome, Outcome::Win { winner: Color::White, reason: EndReason::Resignation });
    /// assert_eq!(outcome.to_string(), "1-0 White wins: resignation");
    /// ```
    Resignation,
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

    /// Every reason, in the order of the enum.
    pub const ALL: [EndReason; 8] = [
        EndReason::NoPieces,
        EndReason::NoLegalMove,
        EndReason::Repetition,
        EndReason::Goal,
        EndReason::KingMoves,
        EndReason::EndgameMoves,
        EndReason::Agreement,
        EndReason::Resignation,
    ];

    /// The reason as one kebab-case token, for machines (the `serde` form, protocol
    /// lines, the browser binding's objects with its hyphens as spaces).
    ///
    /// ```
    /// use column_checkers::EndReason;
    ///
    /// assert_eq!(EndReason::NoLegalMove.code(), "no-legal-move");
    /// assert_eq!(EndReason::from_code("king-moves"), Some(EndReason::KingMoves));
    /// assert_eq!(EndReason::from_code("checkmate"), None);
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            EndReason::NoPieces => "no-pieces",
            EndReason::NoLegalMove => "no-legal-move",
            EndReason::Repetition => "repetition",
            EndReason::Goal => "goal",
            EndReason::KingMoves => "king-moves",
            EndReason::EndgameMoves => "endgame-moves",
            EndReason::Agreement => "agreement",
            EndReason::Resignation => "resignation",
        }
    }

    /// The reason whose [`code`](EndReason::code) is `code`, if any.
    pub fn from_code(code: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.code() == code)
    }

    /// The reason in words, as [`Outcome`]'s `Display` writes it.
    pub const fn words(self) -> &'static str {
        match self {
            EndReason::NoPieces => "nothing left to play",
            EndReason::NoLegalMove => "no legal move",
            EndReason::Repetition => "threefold repetition",
            EndReason::Goal => "goal reached",
            EndReason::KingMoves => "the count of kings-only moves",
            EndReason::EndgameMoves => "the endgame's move count",
            EndReason::Agreement => "draw agreed",
            EndReason::Resignation => "resignation",
        }
    }

    /// Whether the players ended the game themselves
    /// ([`Agreement`](EndReason::Agreement) or [`Resignation`](EndReason::Resignation))
    /// rather than the rules.
    ///
    /// ```
    /// use column_checkers::EndReason;
    ///
    /// assert!(EndReason::Resignation.is_declared());
    /// assert!(!EndReason::Repetition.is_declared());
    /// ```
    pub const fn is_declared(self) -> bool {
        matches!(self, EndReason::Agreement | EndReason::Resignation)
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
