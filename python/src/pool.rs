//! The threads of a batch ([`VectorEnv`](crate::VectorEnv)): the calling thread and
//! `threads - 1` helper threads kept for the batch, sharing each call's work in tasks.
//!
//! A batched step of 128 Emergo games is some tens of microseconds of work, about what
//! it costs to wake a sleeping thread and to be woken again on a virtual machine. So
//! the calling thread does not hand the work over and wait (as `rayon`'s
//! `ThreadPool::install` does, from outside the pool): it takes tasks itself, the
//! helpers take the others as they come, and it waits only for tasks a helper has
//! already begun (at most one each). A helper that wakes late finds nothing left to
//! do: two threads are never much slower than one. Between calls a helper spins for a
//! while ([`SPIN`]) before it sleeps, so that the next call of a stepping loop finds it
//! awake.
//!
//! The tasks own what they touch (`Arc`s, each task's data behind its own `Mutex`): a
//! helper may start a task after the call that posted it has returned, and then finds
//! no task left.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a helper spins for the next call before it sleeps.
pub const SPIN: Duration = Duration::from_micros(200);

/// One call's work: tasks `0..tasks`, each run once by whichever thread takes it.
struct Job {
    run: Box<dyn Fn(usize) + Send + Sync>,
    tasks: usize,
    next: AtomicUsize,
    done: AtomicUsize,
    /// Per task, whether a helper ran it (else the calling thread did).
    by_helper: Vec<AtomicBool>,
    /// A helper's task panicked (a bug): the calling thread panics too.
    panicked: AtomicBool,
}

impl Job {
    /// Takes and runs tasks until none is left; `helper` says who runs them.
    fn work(&self, helper: bool, mut local: impl FnMut(usize)) {
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if i >= self.tasks {
                return;
            }
            if helper {
                let run = std::panic::AssertUnwindSafe(|| (self.run)(i));
                if std::panic::catch_unwind(run).is_err() {
                    self.panicked.store(true, Ordering::Relaxed);
                }
                self.by_helper[i].store(true, Ordering::Relaxed);
            } else {
                local(i);
            }
            self.done.fetch_add(1, Ordering::Release);
        }
    }
}

#[derive(Default)]
struct Posted {
    job: Option<Arc<Job>>,
    exit: bool,
    sleeping: usize,
}

struct Shared {
    posted: Mutex<Posted>,
    wake: Condvar,
    /// Counts the jobs posted (and the exit): what a spinning helper watches.
    generation: AtomicU64,
}

/// The calling thread and `threads - 1` helpers (see the [module](self)).
pub struct Workers {
    threads: usize,
    shared: Arc<Shared>,
    helpers: Vec<JoinHandle<()>>,
}

impl Workers {
    /// `threads` threads in all (1: the calling thread alone, no helper).
    pub fn new(threads: usize) -> Result<Workers, String> {
        let threads = threads.max(1);
        let shared = Arc::new(Shared {
            posted: Mutex::new(Posted::default()),
            wake: Condvar::new(),
            generation: AtomicU64::new(0),
        });
        let mut helpers = Vec::new();
        for i in 1..threads {
            let shared = shared.clone();
            let h = std::thread::Builder::new()
                .name(format!("column-checkers-{i}"))
                .spawn(move || helper(&shared, 0))
                .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
            helpers.push(h);
        }
        Ok(Workers {
            threads,
            shared,
            helpers,
        })
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Runs tasks `0..tasks`: `local(i)` when the calling thread takes task `i`,
    /// `shared(i)` when a helper does. Returns, per task, whether a helper ran it.
    /// Returns when every task has run.
    pub fn run(
        &self,
        tasks: usize,
        shared: impl Fn(usize) + Send + Sync + 'static,
        local: impl FnMut(usize),
    ) -> Vec<bool> {
        let job = Arc::new(Job {
            run: Box::new(shared),
            tasks,
            next: AtomicUsize::new(0),
            done: AtomicUsize::new(0),
            by_helper: (0..tasks).map(|_| AtomicBool::new(false)).collect(),
            panicked: AtomicBool::new(false),
        });
        if !self.helpers.is_empty() && tasks > 1 {
            let mut p = self.shared.posted.lock().unwrap_or_else(|e| e.into_inner());
            p.job = Some(job.clone());
            self.shared.generation.fetch_add(1, Ordering::Release);
            if p.sleeping > 0 {
                self.shared.wake.notify_all();
            }
        }
        job.work(false, local);
        // the tasks a helper has begun: short (one task each)
        let mut spins = 0u32;
        while job.done.load(Ordering::Acquire) < tasks {
            spins += 1;
            if spins < 1 << 12 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        assert!(
            !job.panicked.load(Ordering::Relaxed),
            "a batch task panicked in a helper thread"
        );
        job.by_helper
            .iter()
            .map(|b| b.load(Ordering::Relaxed))
            .collect()
    }

    /// Runs `f(i)` for `i` in `0..tasks` on every thread, each task once, and waits
    /// for all (the work shares nothing with the caller but what `f` owns).
    pub fn run_all(&self, tasks: usize, f: impl Fn(usize) + Send + Sync + 'static) {
        let f = Arc::new(f);
        let g = f.clone();
        self.run(tasks, move |i| g(i), |i| f(i));
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        {
            let mut p = self.shared.posted.lock().unwrap_or_else(|e| e.into_inner());
            p.exit = true;
            p.job = None;
            self.shared.generation.fetch_add(1, Ordering::Release);
            self.shared.wake.notify_all();
        }
        for h in self.helpers.drain(..) {
            let _ = h.join();
        }
    }
}

/// A helper's loop: waits for a job posted after generation `seen` (spinning for
/// [`SPIN`], then asleep), takes its tasks, and again. (`seen` is where the helper
/// starts, not what it finds when it first runs: the batch may be gone by then.)
fn helper(shared: &Shared, mut seen: u64) {
    loop {
        let since = Instant::now();
        let mut spins = 0u32;
        while shared.generation.load(Ordering::Acquire) == seen {
            spins = spins.wrapping_add(1);
            if spins % 64 != 0 {
                std::hint::spin_loop();
                continue;
            }
            if since.elapsed() < SPIN {
                continue;
            }
            let mut p = shared.posted.lock().unwrap_or_else(|e| e.into_inner());
            while shared.generation.load(Ordering::Acquire) == seen && !p.exit {
                p.sleeping += 1;
                p = shared.wake.wait(p).unwrap_or_else(|e| e.into_inner());
                p.sleeping -= 1;
            }
            break;
        }
        let job = {
            let p = shared.posted.lock().unwrap_or_else(|e| e.into_inner());
            if p.exit {
                return;
            }
            seen = shared.generation.load(Ordering::Acquire);
            p.job.clone()
        };
        if let Some(job) = job {
            job.work(true, |_| {});
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workers_dropped_before_their_helpers_run_end_them() {
        for _ in 0..100 {
            drop(Workers::new(3).unwrap());
        }
        let w = Workers::new(2).unwrap();
        std::thread::sleep(SPIN * 3);
        drop(w);
    }

    #[test]
    fn every_task_runs_once_on_any_number_of_threads() {
        for threads in [1, 2, 3] {
            let w = Workers::new(threads).unwrap();
            for round in 0..200 {
                let tasks = round % 17;
                let count: Arc<Vec<AtomicUsize>> =
                    Arc::new((0..tasks).map(|_| AtomicUsize::new(0)).collect());
                let c = count.clone();
                let mut local = vec![0usize; tasks];
                let by_helper = w.run(
                    tasks,
                    move |i| {
                        c[i].fetch_add(1, Ordering::Relaxed);
                    },
                    |i| local[i] += 1,
                );
                for i in 0..tasks {
                    let shared = count[i].load(Ordering::Relaxed);
                    assert_eq!(shared + local[i], 1, "task {i} of {tasks}");
                    assert_eq!(by_helper[i], shared == 1);
                }
            }
            if threads == 1 {
                assert!(w.helpers.is_empty());
            }
        }
    }
}
