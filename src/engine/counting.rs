//! The former home of the counting shortcuts, which are provided methods of
//! [`Position`] now; the trait stays for code not yet moved to `Position`.

use crate::engine::position::Position;

/// Every [`Position`]: the counting shortcuts are [`Position`]'s provided methods.
#[doc(hidden)]
pub trait Counting: Position {}

impl<P: Position> Counting for P {}
