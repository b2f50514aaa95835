//! Text formats: reading moves ([`notation`]),
//! the position text and diagrams ([`position_text`]), game records ([`record`]) in
//! PDN ([`pdn`]) with PDN's FEN positions ([`fen`]), and behind features SVG pictures
//! (`svg`) and serde support (`serde`), every one of them through the text forms.

pub mod fen;
pub mod notation;
pub mod pdn;
pub mod position_text;
pub mod record;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde;
#[cfg(feature = "svg")]
#[cfg_attr(docsrs, doc(cfg(feature = "svg")))]
pub mod svg;
