//! What the standard library's prelude gives and a `no_std` crate takes from `alloc`:
//! every module that allocates imports it (`use crate::alloc_prelude::*;`), so the code
//! is the same with and without the `std` feature. It sits below every layer and
//! imports nothing of the crate.

pub(crate) use alloc::boxed::Box;
pub(crate) use alloc::string::{String, ToString};
pub(crate) use alloc::vec::Vec;
pub(crate) use alloc::{format, vec};
