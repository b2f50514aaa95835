//! Text formats: reading moves ([`notation`]), the position text and diagrams
//! ([`position_text`]), game records ([`record`]), and behind features SVG pictures
//! (`svg`) and serde support (`serde`), every one of them through the text forms.

pub mod notation;
pub mod position_text;
pub mod record;
#[cfg(feature = "serde")]
#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
pub mod serde;
#[cfg(feature = "svg")]
#[cfg_attr(docsrs, doc(cfg(feature = "svg")))]
pub mod svg;
