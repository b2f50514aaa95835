//! The former home of the invariant checker's hooks: the facts of the game and the
//! fast paths among them are provided methods of [`Position`] now; the trait stays for
//! code not yet moved to `Position`.

use crate::engine::position::Position;

/// Every [`Position`]: the hooks are [`Position`]'s provided methods.
#[doc(hidden)]
pub trait Checking: Position {}

impl<P: Position> Checking for P {}
