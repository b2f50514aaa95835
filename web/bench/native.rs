//! The native side of the browser speed comparison (`web/bench/bench.mjs`): one
//! workload of `web/www/bench-workloads.json` run natively through the very functions
//! the WebAssembly package calls (`perft_of`, `playouts`), so that the two sides
//! differ only in the target they were compiled for.
//!
//! ```text
//! cargo build --release -p column-checkers-web --example bench_native
//! target/measure/examples/bench_native perft emergo 6
//! target/measure/examples/bench_native playouts lasca 20000
//! ```
//!
//! The workload runs twice (as the wasm side does, whose first run warms its
//! compiler's tiers up); the second run is reported as one line of JSON: `result` (the
//! leaf count, or the plies played), `wall_ms`, and `cpu_ms`, the time the thread spent
//! on a processor (Linux's `/proc/thread-self/schedstat`; `null` elsewhere), which a
//! loaded machine inflates far less than the wall time.

use column_checkers_web::{perft_of, playouts};
use std::process::ExitCode;
use std::time::Instant;

/// The time this thread has spent on a processor, in nanoseconds (Linux).
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn run(kind: &str, ruleset: &str, n: u64) -> Result<u64, String> {
    match kind {
        "perft" => perft_of(ruleset, &[], None, n as u32),
        "playouts" => playouts(ruleset, &[], n, 1, 300).map(|p| p.plies),
        _ => Err(format!("no workload kind {kind:?}: perft or playouts")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [kind, ruleset, n] = args.as_slice() else {
        eprintln!("usage: bench_native perft|playouts RULESET DEPTH|GAMES");
        return ExitCode::from(2);
    };
    let Ok(n) = n.parse::<u64>() else {
        eprintln!("error: {n:?} is not a number");
        return ExitCode::from(2);
    };
    let mut last = None;
    for _ in 0..2 {
        let (c0, t0) = (thread_cpu_ns(), Instant::now());
        let result = match run(kind, ruleset, n) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        };
        let wall = t0.elapsed().as_secs_f64() * 1000.0;
        let cpu = c0.zip(thread_cpu_ns()).map(|(a, b)| (b - a) as f64 / 1e6);
        last = Some((result, wall, cpu));
    }
    let (result, wall, cpu) = last.expect("two runs");
    let cpu = cpu.map_or("null".to_string(), |c| format!("{c:.3}"));
    println!("{{\"result\": {result}, \"wall_ms\": {wall:.3}, \"cpu_ms\": {cpu}}}");
    ExitCode::SUCCESS
}
