//! The threads of a [`Batch`](super::Batch): the calling thread and
//! `threads - 1` helper threads kept for the batch.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a helper waits for the next call before it sleeps.
pub const SPIN: Duration = Duration::from_micros(300);

/// The work of a helper: `(task, command)`.
pub type Work = Box<dyn Fn(usize, u64) + Send + Sync>;

/// A run of tasks `front..back` not taken yet, both in one word: the owner takes from
/// the front, the others from the back. On a cache line of its own.
#[repr(align(128))]
struct Run(AtomicU64);

impl Run {
    fn pack(front: usize, back: usize) -> u64 {
        (front as u64) << 32 | back as u64
    }

    /// Takes the first task (`front`) or the last (`!front`), if any is left.
    fn take(&self, front: bool) -> Option<usize> {
        let mut cur = self.0.load(Ordering::Acquire);
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
                .compare_exchange_weak(cur, next, Ordering::Acquire, Ordering::Acquire)
            {
                Ok(_) => return Some(task as usize),
                Err(now) => cur = now,
            }
        }
    }
}

/// The batch's job, posted again at every call: tasks `0..tasks`, thread `t`'s share
/// task `t`.
struct Job {
    work: Work,
    /// The command of the call.
    cmd: AtomicU64,
    /// The share of each thread (0: the calling thread).
    runs: Vec<Run>,
    done: AtomicUsize,
    /// Per task, whether a helper ran it (else the calling thread did).
    by_helper: Vec<AtomicBool>,
    /// A helper's task panicked (a bug): the calling thread panics too.
    panicked: AtomicBool,
}

impl Job {
    /// The next task for thread `t`: its own, else the last of another's.
    fn take(&self, t: usize) -> Option<usize> {
        let n = self.runs.len();
        (0..n).find_map(|k| self.runs[(t + k) % n].take(k == 0))
    }

    /// Helper `t` takes and runs tasks until none is left.
    fn help(&self, t: usize) {
        while let Some(i) = self.take(t) {
            // the command stored before the tasks were (the take acquired them)
            let cmd = self.cmd.load(Ordering::Relaxed);
            let run = std::panic::AssertUnwindSafe(|| (self.work)(i, cmd));
            if std::panic::catch_unwind(run).is_err() {
                self.panicked.store(true, Ordering::Relaxed);
            }
            self.by_helper[i].store(true, Ordering::Relaxed);
            self.done.fetch_add(1, Ordering::Release);
        }
    }
}

struct Shared {
    job: Job,
    /// The batch is dropped: the helpers return.
    exit: AtomicBool,
    /// Helpers asleep (counted under `lock`, before they look at `generation` again).
    sleeping: AtomicUsize,
    lock: Mutex<()>,
    wake: Condvar,
    /// Counts the calls posted (and the exit): what a waiting helper watches.
    generation: AtomicU64,
}

/// The calling thread and `threads - 1` helpers.
///
/// The batch's games are split in one contiguous share per thread (a task), and a game
/// is stepped on the same thread call after call, so that its data stay in that core's
/// cache: moved between cores at every call, they would cost more than the step.
///
/// A call posts its command (a word: what to do) and the calling thread works too: it
/// runs its own share, then waits for the helpers' (a spin: they run as long). A helper
/// that has not begun its share by then (its core busy with something else) has it
/// taken by the calling thread, so two threads are never much slower than one. The
/// tasks and the command are kept for the batch's life: a call allocates nothing.
///
/// Between calls a helper waits for the next one for a while ([`SPIN`]; it gives its
/// core away every 64 turns, which matters when the machine is busy) before it sleeps,
/// so that the next call of a stepping loop finds it awake.
///
/// A helper runs the function given to [`Workers::new`], which owns what it touches
/// (`Arc`s, each share behind its own `Mutex`): a helper cannot borrow the calling
/// thread's arrays, so it writes into its share's buffers, which the calling thread
/// copies out.
pub struct Workers {
    threads: usize,
    shared: Arc<Shared>,
    helpers: Vec<JoinHandle<()>>,
}

impl Workers {
    /// `threads` threads in all (1: the calling thread alone, no helper); a helper
    /// runs `work(task, command)`.
    pub fn new(threads: usize, work: Work) -> Result<Workers, String> {
        let threads = threads.max(1);
        let shared = Arc::new(Shared {
            job: Job {
                work,
                cmd: AtomicU64::new(0),
                runs: (0..threads).map(|_| Run(AtomicU64::new(0))).collect(),
                done: AtomicUsize::new(0),
                by_helper: (0..threads).map(|_| AtomicBool::new(false)).collect(),
                panicked: AtomicBool::new(false),
            },
            exit: AtomicBool::new(false),
            sleeping: AtomicUsize::new(0),
            lock: Mutex::new(()),
            wake: Condvar::new(),
            generation: AtomicU64::new(0),
        });
        let mut helpers = Vec::new();
        for t in 1..threads {
            let shared = shared.clone();
            let h = std::thread::Builder::new()
                .name(format!("column-checkers-{t}"))
                .spawn(move || helper(&shared, t))
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

    /// Runs tasks `0..tasks` (at most [`threads`](Self::threads)): `local(i)` when the
    /// calling thread takes task `i`, `work(i, cmd)` when a helper does. Returns when
    /// every task has run; then [`by_helper`](Self::by_helper) tells who ran each.
    pub fn run(&self, tasks: usize, cmd: u64, mut local: impl FnMut(usize)) {
        let job = &self.shared.job;
        assert!(
            tasks <= self.threads,
            "{tasks} tasks for {} threads",
            self.threads
        );
        if tasks <= 1 || self.threads == 1 {
            for i in 0..tasks {
                job.by_helper[i].store(false, Ordering::Relaxed);
                local(i);
            }
            return;
        }
        // every task of the previous call is done: no helper is running one
        job.cmd.store(cmd, Ordering::Relaxed);
        job.done.store(0, Ordering::Relaxed);
        for (t, run) in job.runs.iter().enumerate() {
            job.by_helper[t].store(false, Ordering::Relaxed);
            let share = if t < tasks { Run::pack(t, t + 1) } else { 0 };
            run.0.store(share, Ordering::Release);
        }
        // a helper counts itself asleep, then looks at the generation: one of the two
        // sees the other's change (both sequentially consistent)
        self.shared.generation.fetch_add(1, Ordering::SeqCst);
        if self.shared.sleeping.load(Ordering::SeqCst) > 0 {
            let _g = self.shared.lock.lock().unwrap_or_else(|e| e.into_inner());
            self.shared.wake.notify_all();
        }
        while let Some(i) = job.take(0) {
            local(i);
            job.done.fetch_add(1, Ordering::Relaxed);
        }
        // the tasks a helper has begun: as long as the calling thread's
        let mut spins = 0u32;
        while job.done.load(Ordering::Acquire) < tasks {
            spins += 1;
            if spins < 1 << 14 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        assert!(
            !job.panicked.load(Ordering::Relaxed),
            "a batch task panicked in a helper thread"
        );
    }

    /// Whether a helper ran task `i` of the last call.
    pub fn by_helper(&self, i: usize) -> bool {
        self.shared.job.by_helper[i].load(Ordering::Relaxed)
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        {
            let _g = self.shared.lock.lock().unwrap_or_else(|e| e.into_inner());
            self.shared.exit.store(true, Ordering::SeqCst);
            self.shared.generation.fetch_add(1, Ordering::SeqCst);
            self.shared.wake.notify_all();
        }
        for h in self.helpers.drain(..) {
            let _ = h.join();
        }
    }
}

/// Helper `t`'s loop: waits for a call posted after the last it saw (for [`SPIN`],
/// yielding its core every 64 turns, then asleep), takes its tasks, and again.
fn helper(shared: &Shared, t: usize) {
    let mut seen = 0;
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
            let mut g = shared.lock.lock().unwrap_or_else(|e| e.into_inner());
            shared.sleeping.fetch_add(1, Ordering::SeqCst);
            while shared.generation.load(Ordering::SeqCst) == seen {
                g = shared.wake.wait(g).unwrap_or_else(|e| e.into_inner());
            }
            shared.sleeping.fetch_sub(1, Ordering::SeqCst);
            break;
        }
        seen = shared.generation.load(Ordering::Acquire);
        if shared.exit.load(Ordering::SeqCst) {
            return;
        }
        shared.job.help(t);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_is_taken_from_both_ends_once() {
        let r = Run(AtomicU64::new(Run::pack(3, 7)));
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
            drop(Workers::new(3, Box::new(|_, _| {})).unwrap());
        }
        let w = Workers::new(2, Box::new(|_, _| {})).unwrap();
        std::thread::sleep(SPIN * 3);
        drop(w);
    }

    #[test]
    fn every_task_runs_once_on_any_number_of_threads() {
        for threads in [1, 2, 3] {
            let count: Arc<Vec<AtomicUsize>> =
                Arc::new((0..threads).map(|_| AtomicUsize::new(0)).collect());
            let c = count.clone();
            let w = Workers::new(
                threads,
                Box::new(move |i, cmd| {
                    c[i].fetch_add(cmd as usize, Ordering::Relaxed);
                }),
            )
            .unwrap();
            for round in 0..2000u64 {
                let tasks = (round as usize % (threads + 1)).min(threads);
                let mut local = vec![0usize; tasks];
                let before: Vec<usize> = count.iter().map(|c| c.load(Ordering::Relaxed)).collect();
                // an odd command: a helper adds it, the calling thread 1
                let cmd = 2 * round + 3;
                w.run(tasks, cmd, |i| local[i] += 1);
                for i in 0..tasks {
                    let added = count[i].load(Ordering::Relaxed) - before[i];
                    assert!(added == 0 || added == cmd as usize, "task {i}: {added}");
                    assert_eq!(usize::from(added > 0) + local[i], 1, "task {i} of {tasks}");
                    assert_eq!(w.by_helper(i), added > 0);
                }
                if round % 500 == 0 {
                    // the helpers asleep
                    std::thread::sleep(SPIN * 3);
                }
            }
            if threads == 1 {
                assert!(w.helpers.is_empty());
            }
        }
    }
}
