//! Time for the search's limits, behind a trait: the standard library's clock on the
//! platforms that have one, and any clock a front-end provides elsewhere (a browser's
//! `performance.now()` on `wasm32-unknown-unknown`).

use std::time::Duration;

/// A stopwatch the search reads.
///
/// ```
/// use column_checkers_player::clock::{Clock, StdClock};
///
/// let mut c = StdClock::default();
/// c.restart();
/// assert!(c.elapsed() < std::time::Duration::from_secs(60));
/// ```
pub trait Clock: Send {
    /// Starts counting from zero.
    fn restart(&mut self);
    /// The time since the last [`restart`](Clock::restart).
    fn elapsed(&self) -> Duration;
}

/// The standard library's monotonic clock.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
#[derive(Clone, Copy, Debug)]
pub struct StdClock(std::time::Instant);

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl Default for StdClock {
    fn default() -> Self {
        StdClock(std::time::Instant::now())
    }
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl Clock for StdClock {
    fn restart(&mut self) {
        self.0 = std::time::Instant::now();
    }
    fn elapsed(&self) -> Duration {
        self.0.elapsed()
    }
}

/// A clock that never advances: time limits are never reached (depth, nodes and the
/// stop flag still are). The default where the platform has no clock.
///
/// ```
/// use column_checkers_player::clock::{Clock, StoppedClock};
/// assert_eq!(StoppedClock.elapsed(), std::time::Duration::ZERO);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct StoppedClock;

impl Clock for StoppedClock {
    fn restart(&mut self) {}
    fn elapsed(&self) -> Duration {
        Duration::ZERO
    }
}

/// The platform's clock: [`StdClock`], or [`StoppedClock`] on `wasm32-unknown-unknown`.
pub fn default_clock() -> Box<dyn Clock> {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        Box::new(StdClock::default())
    }
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        Box::new(StoppedClock)
    }
}
