//! Text formats: game records ([`record`]) in PDN ([`pdn`]) with PDN's FEN positions
//! ([`fen`]), and behind features SVG pictures (`svg`) and serde support (`serde`),
//! every one of them through the text forms. The position text of every ruleset is
//! its position type's `Display` and `FromStr`, its moves' notation their `Display`
//! and [`Position::parse_move`](crate::Position::parse_move); the helpers the
//! rulesets write and read them with are in [`custom`](crate::custom).

pub mod fen;
pub(crate) mod notation;
pub mod pdn;
pub(crate) mod position_text;
pub mod record;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde;
#[cfg(feature = "svg")]
#[cfg_attr(docsrs, doc(cfg(feature = "svg")))]
pub mod svg;
