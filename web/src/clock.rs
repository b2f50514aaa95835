//! The clock the computer's search reads in the browser: `std::time::Instant` panics
//! on `wasm32-unknown-unknown`, so the time comes from the JavaScript global's
//! `performance.now()` (a page or a Web Worker, and Node), else `Date.now()`. Built
//! natively (the tests, the server example), it is the standard library's clock.

use column_checkers_player::clock::Clock;
use std::time::Duration;

/// A stopwatch over the host's clock in milliseconds: the browser's
/// `performance.now()` in WebAssembly, `std::time::Instant` natively.
///
/// ```
/// use column_checkers_player::clock::Clock;
/// use column_checkers_web::PageClock;
///
/// let mut c = PageClock::default();
/// c.restart();
/// assert!(c.elapsed() < std::time::Duration::from_secs(60));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PageClock {
    /// The host's time, in milliseconds, at the last restart.
    start: f64,
}

impl Default for PageClock {
    fn default() -> Self {
        PageClock { start: now_ms() }
    }
}

impl Clock for PageClock {
    fn restart(&mut self) {
        self.start = now_ms();
    }

    fn elapsed(&self) -> Duration {
        // a clock that went back (it should not) counts as no time spent
        Duration::from_secs_f64(((now_ms() - self.start) / 1000.0).max(0.0))
    }
}

/// The host's monotonic time in milliseconds: `performance.now()` where the JavaScript
/// global has it, else `Date.now()`.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn now_ms() -> f64 {
    use wasm_bindgen::{JsCast, JsValue};
    let performance = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("performance"))
        .ok()
        .filter(|p| p.is_object());
    let now = performance.as_ref().and_then(|p| {
        let f = js_sys::Reflect::get(p, &JsValue::from_str("now")).ok()?;
        let f = f.dyn_into::<js_sys::Function>().ok()?;
        f.call0(p).ok()?.as_f64()
    });
    now.unwrap_or_else(js_sys::Date::now)
}

/// The time in milliseconds since the first reading (the standard library's clock).
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn now_ms() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_counts_from_its_restart() {
        let mut c = PageClock::default();
        std::thread::sleep(Duration::from_millis(20));
        assert!(c.elapsed() >= Duration::from_millis(20));
        c.restart();
        assert!(c.elapsed() < Duration::from_millis(20));
    }
}
