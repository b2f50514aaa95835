//! The threads of a batch ([`VectorEnv`](crate::VectorEnv)): the calling thread and
//! `threads - 1` helper threads kept for the batch, sharing each call's work in tasks.
//!
//! A batched step of 128 Emergo games is some tens of microseconds of work, about what
//! it costs to wake a sleeping thread and to be woken again on a virtual machine. So
//! the calling thread does not hand the work over and wait (as `rayon`'s
//! `ThreadPool::install` does, from outside the pool): it works too, and it waits only
//! for tasks a helper has already begun (at most one each). A helper that wakes late
//! finds nothing left to do: two threads are never much slower than one.
//!
//! Each thread has its own share of the tasks (thread `t` of `n` the `t`-th of `n`
//! equal runs), taken from its front, so that a game is stepped on the same core call
//! after call and its data stay in that core's cache (moved between cores at every
//! call, they cost more than the step). A thread done with its share takes tasks from
//! the back of the others'.
//!
//! Between calls a helper waits for the next one for a while ([`SPIN`]; it gives its
//! core away every 64 turns, which matters when the machine is busy) before it sleeps,
//! so that the next call of a stepping loop finds it awake.
//!
//! The tasks own what they touch (`Arc`s, each task's data behind its own `Mutex`): a
//! helper may start a task after the call that posted it has returned, and then finds
//! no task left.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a helper waits for the next call before it sleeps.
pub const SPIN: Duration = Duration::from_micros(200);

/// A run of tasks `front..back` not taken yet, both in one word: the owner takes from
/// the front, the others from the back.
struct Run(AtomicU64);

impl Run {
    fn new(front: usize, back: usize) -> Run {
        Run(AtomicU64::new((front as u64) << 32 | back as u64))
    }

    /// Takes the first task (`front`) or the last (`!front`), if any is left.
    fn take(&self, front: bool) -> Option<usize> {
        let mut cur = self.0.load(Ordering::Relaxed);
        loop {
            let (f, b) = (cur >> 32, cur & 0xffff_ffff);
            if f >= b {
                return None;
            }
            let (next, task) = if front {
                ((f + 1) << 32 | b, f)
            } else {
                (f << 32 | (b - 1), b - 1)
            };
            match self
                .0
                .compare_exchange_weak(cur, next, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => return Some(task as usize),
                Err(now) => cur = now,
            }
        }
    }
}

/// One call's work: tasks `0..tasks`, each run once by whichever thread takes it.
struct Job {
    run: Box<dyn Fn(usize) + Send + Sync>,
    /// The share of each thread (0: the calling thread).
    runs: Vec<Run>,
    done: AtomicUsize,
    /// Per task, whether a helper ran it (else the calling thread did).
    by_helper: Vec<AtomicBool>,
    /// A helper's task panicked (a bug): the calling thread panics too.
    panicked: AtomicBool,
}

impl Job {
    fn new(run: Box<dyn Fn(usize) + Send + Sync>, tasks: usize, threads: usize) -> Job {
        Job {
            run,
            runs: (0..threads)
                .map(|t| Run::new(tasks * t / threads, tasks * (t + 1) / threads))
                .collect(),
            done: AtomicUsize::new(0),
            by_helper: (0..tasks).map(|_| AtomicBool::new(false)).collect(),
            panicked: AtomicBool::new(false),
        }
    }

    /// The next task for thread `t`: from the front of its share, else from the back
    /// of another's.
    fn take(&self, t: usize) -> Option<usize> {
        let n = self.runs.len();
        (0..n).find_map(|k| self.runs[(t + k) % n].take(k == 0))
    }

    /// Takes and runs tasks until none is left: thread `t`, a helper unless 0.
    fn work(&self, t: usize, mut local: impl FnMut(usize)) {
        while let Some(i) = self.take(t) {
            if t > 0 {
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
    /// Counts the jobs posted (and the exit): what a waiting helper watches.
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
        for t in 1..threads {
            let shared = shared.clone();
            let h = std::thread::Builder::new()
                .name(format!("column-checkers-{t}"))
                .spawn(move || helper(&shared, t, 0))
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
        let threads = if tasks > 1 { self.threads } else { 1 };
        let job = Arc::new(Job::new(Box::new(shared), tasks, threads));
        if threads > 1 {
            let mut p = self.shared.posted.lock().unwrap_or_else(|e| e.into_inner());
            p.job = Some(job.clone());
            self.shared.generation.fetch_add(1, Ordering::Release);
            if p.sleeping > 0 {
                self.shared.wake.notify_all();
            }
        }
        job.work(0, local);
        // the tasks a helper has begun: short (one task each)
        let mut spins = 0u32;
        while job.done.load(Ordering::Acquire) < tasks {
            spins += 1;
            if spins < 256 {
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

/// Helper `t`'s loop: waits for a job posted after generation `seen` (for [`SPIN`],
/// yielding its core every 64 turns, then asleep), takes its tasks, and again. (`seen`
/// is where the helper starts, not what it finds when it first runs: the batch may be
/// gone by then.)
fn helper(shared: &Shared, t: usize, mut seen: u64) {
    loop {
        let since = Instant::now();
        let mut turns = 0u32;
        while shared.generation.load(Ordering::Acquire) == seen {
            turns = turns.wrapping_add(1);
            if turns % 64 != 0 {
                std::hint::spin_loop();
                continue;
            }
            std::thread::yield_now();
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
            job.work(t, |_| {});
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_is_taken_from_both_ends_once() {
        let r = Run::new(3, 7);
        assert_eq!(r.take(true), Some(3));
        assert_eq!(r.take(false), Some(6));
        assert_eq!(r.take(false), Some(5));
        assert_eq!(r.take(true), Some(4));
        assert_eq!(r.take(true), None);
        assert_eq!(r.take(false), None);
    }

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
