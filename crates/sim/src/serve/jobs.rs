//! Computations as jobs: each runs on a thread of its own once one of the server's slots is
//! free, under a watch that stops it when it is cancelled, when its client stops asking for it,
//! or at the time limit.
//!
//! ```text
//!  POST /api/jobs ──▶ Job (queued) ──slot free──▶ running ──▶ finished: Outcome
//!        │                 ▲ cancel (DELETE, or no poll for ABANDONED)   │
//!        └── 503 when every slot and every place in the queue is taken   └─▶ GET answers it once
//! ```

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use engine::Watch;

use super::work::Prepared;
use crate::error::UsageError;

/// A job whose client has not asked for it for this long is cancelled: its page went away.
pub(crate) const ABANDONED: Duration = Duration::from_secs(2);

/// A finished job nobody fetched is forgotten after this long.
const KEPT: Duration = Duration::from_secs(60);

/// How a job ended.
#[derive(Debug, Clone)]
pub(crate) enum Outcome {
    /// The table: the command's bytes and the words that repeat it.
    Table(Vec<u8>, Vec<String>),
    /// No table: the HTTP status and the one-line reason.
    Failed(u16, String),
}

/// Locks `mutex`, also after a panic elsewhere poisoned it (the data stays consistent: every
/// critical section here is a plain assignment).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// One computation and what its client sees of it.
#[derive(Debug)]
pub(crate) struct Job {
    /// Set to stop the computation.
    cancelled: AtomicBool,
    /// Set once a slot is taken.
    started: AtomicBool,
    /// Progress: work done of `total` in the current phase.
    done: AtomicU64,
    total: AtomicU64,
    /// When it must stop (set when it starts).
    deadline: Mutex<Option<Instant>>,
    /// When its client last asked for it.
    seen: Mutex<Instant>,
    /// How it ended, once it has.
    outcome: Mutex<Option<Outcome>>,
    /// Signalled when `outcome` is set.
    ended: Condvar,
    /// The command line it runs (without a drawn seed).
    pub(crate) command: String,
}

impl Watch for Job {
    fn should_stop(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
            || lock(&self.deadline).is_some_and(|d| Instant::now() >= d)
    }

    fn advance(&self, work: u64, total: u64) {
        if self.total.swap(total, Ordering::Relaxed) != total {
            self.done.store(0, Ordering::Relaxed);
        }
        self.done.fetch_add(work, Ordering::Relaxed);
    }
}

impl Job {
    fn new(command: String) -> Self {
        Self {
            cancelled: AtomicBool::new(false),
            started: AtomicBool::new(false),
            done: AtomicU64::new(0),
            total: AtomicU64::new(0),
            deadline: Mutex::new(None),
            seen: Mutex::new(Instant::now()),
            outcome: Mutex::new(None),
            ended: Condvar::new(),
            command,
        }
    }

    /// Stops the computation at its next look at the watch.
    pub(crate) fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Notes that its client asked for it.
    pub(crate) fn touch(&self) {
        *lock(&self.seen) = Instant::now();
    }

    /// Its outcome, waiting up to `wait` for it.
    pub(crate) fn outcome(&self, wait: Duration) -> Option<Outcome> {
        let guard = lock(&self.outcome);
        let (guard, _) = self
            .ended
            .wait_timeout_while(guard, wait, |o| o.is_none())
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        guard.clone()
    }

    /// `queued` or `running`, and the work done of the total so far.
    pub(crate) fn progress(&self) -> (&'static str, u64, u64) {
        let state = if self.started.load(Ordering::Relaxed) {
            "running"
        } else {
            "queued"
        };
        let total = self.total.load(Ordering::Relaxed);
        (state, self.done.load(Ordering::Relaxed).min(total), total)
    }

    fn finish(&self, outcome: Outcome) {
        *lock(&self.outcome) = Some(outcome);
        self.ended.notify_all();
    }
}

/// The server's jobs, its slots for computations and its queue.
#[derive(Debug)]
pub(crate) struct Jobs {
    jobs: Mutex<HashMap<String, Arc<Job>>>,
    /// Computations running, and waiting for a slot.
    load: Mutex<(usize, usize)>,
    freed: Condvar,
    slots: usize,
    queue: usize,
    max_time: Duration,
    next: AtomicU64,
    key: u64,
}

impl Jobs {
    /// Room for `slots` computations at once and `queue` more waiting, each stopped after
    /// `max_time`.
    pub(crate) fn new(slots: usize, queue: usize, max_time: Duration) -> Self {
        Self {
            jobs: Mutex::new(HashMap::new()),
            load: Mutex::new((0, 0)),
            freed: Condvar::new(),
            slots,
            queue,
            max_time,
            next: AtomicU64::new(1),
            key: rand::random(),
        }
    }

    /// Computations running and waiting.
    pub(crate) fn load(&self) -> (usize, usize) {
        *lock(&self.load)
    }

    /// Takes a place in the queue, or `None` when it is full.
    fn enqueue(&self) -> Option<()> {
        let mut load = lock(&self.load);
        if load.0 + load.1 >= self.slots + self.queue {
            return None;
        }
        load.1 += 1;
        Some(())
    }

    /// Runs `prepared` as `job` once a slot is free (the place in the queue taken), and
    /// records its outcome.
    fn execute(&self, prepared: &Prepared, job: &Job) -> Outcome {
        {
            let mut load = lock(&self.load);
            while load.0 >= self.slots && !job.cancelled.load(Ordering::Relaxed) {
                load = self
                    .freed
                    .wait_timeout(load, Duration::from_millis(50))
                    .map(|(guard, _)| guard)
                    .unwrap_or_else(|poisoned| poisoned.into_inner().0);
            }
            load.1 -= 1;
            if job.cancelled.load(Ordering::Relaxed) {
                return Outcome::Failed(410, "cancelled".to_string());
            }
            load.0 += 1;
        }
        *lock(&job.deadline) = Some(Instant::now() + self.max_time);
        job.started.store(true, Ordering::Relaxed);
        let result = catch_unwind(AssertUnwindSafe(|| prepared.compute(job)));
        {
            let mut load = lock(&self.load);
            load.0 -= 1;
            self.freed.notify_all();
        }
        match result {
            Ok(Ok(Some((bytes, words)))) => Outcome::Table(bytes, words),
            Ok(Ok(None)) if job.cancelled.load(Ordering::Relaxed) => {
                Outcome::Failed(410, "cancelled".to_string())
            }
            Ok(Ok(None)) => Outcome::Failed(
                504,
                format!(
                    "sim serve: stopped at the time limit of {} s (sim serve --max-seconds)",
                    self.max_time.as_secs()
                ),
            ),
            Ok(Err(err)) if err.downcast_ref::<UsageError>().is_some() => {
                Outcome::Failed(400, format!("sim: {err:#}"))
            }
            Ok(Err(err)) => Outcome::Failed(500, format!("sim: {err:#}")),
            Err(_) => Outcome::Failed(500, "sim serve: the computation failed".to_string()),
        }
    }

    /// Runs `prepared` on the calling thread and returns its outcome; `None` when the queue is
    /// full.
    pub(crate) fn run_now(&self, prepared: &Prepared, command: String) -> Option<Outcome> {
        self.enqueue()?;
        Some(self.execute(prepared, &Job::new(command)))
    }

    /// Starts `prepared` as a job on a thread of its own: its id, or `None` when the queue is
    /// full (or no thread could be started).
    pub(crate) fn submit(self: &Arc<Self>, prepared: Prepared, command: String) -> Option<String> {
        self.enqueue()?;
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        // Ids that another page cannot guess: the counter mixed with the server's random key.
        let id = format!("{:016x}", mix(n ^ self.key));
        let job = Arc::new(Job::new(command));
        lock(&self.jobs).insert(id.clone(), Arc::clone(&job));
        let jobs = Arc::clone(self);
        let spawned = std::thread::Builder::new()
            .name(format!("sim-job-{n}"))
            .spawn(move || {
                let outcome = jobs.execute(&prepared, &job);
                job.finish(outcome);
            });
        if spawned.is_err() {
            lock(&self.jobs).remove(&id);
            lock(&self.load).1 -= 1;
            return None;
        }
        Some(id)
    }

    /// The job `id`, if it is known.
    pub(crate) fn find(&self, id: &str) -> Option<Arc<Job>> {
        lock(&self.jobs).get(id).cloned()
    }

    /// Forgets job `id` (its outcome was answered, or it was cancelled).
    pub(crate) fn forget(&self, id: &str) -> Option<Arc<Job>> {
        lock(&self.jobs).remove(id)
    }

    /// Cancels the jobs nobody asked for within [`ABANDONED`] and forgets finished jobs
    /// nobody fetched within [`KEPT`]; called a few times a second.
    pub(crate) fn sweep(&self) {
        let now = Instant::now();
        lock(&self.jobs).retain(|_, job| {
            let idle = now.duration_since(*lock(&job.seen));
            let finished = lock(&job.outcome).is_some();
            if !finished && idle >= ABANDONED {
                job.cancel();
                return false;
            }
            !(finished && idle >= KEPT)
        });
    }
}

/// SplitMix64's finaliser: a bijection that scatters the bits of consecutive numbers.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::work::{Bounds, prepare};

    fn prepared(line: &str) -> Prepared {
        let words = line.split_whitespace().map(str::to_string).collect();
        prepare(
            words,
            Bounds {
                max_rounds: u64::MAX,
                threads: 1,
            },
        )
        .expect("valid")
    }

    #[test]
    fn a_job_answers_its_table_and_a_cancelled_one_stops() {
        let jobs = Arc::new(Jobs::new(1, 1, Duration::from_secs(60)));
        let id = jobs
            .submit(
                prepared("equity AsAh KsKh --rounds 1000 --seed 1"),
                "x".into(),
            )
            .expect("room");
        let job = jobs.find(&id).expect("known");
        let Some(Outcome::Table(bytes, _)) = job.outcome(Duration::from_secs(30)) else {
            panic!("no table");
        };
        assert!(bytes.starts_with(b"{"));
        let id = jobs
            .submit(
                prepared("equity 22+ 22+ 22+ --rounds 1e12 --seed 1"),
                "x".into(),
            )
            .expect("room");
        let job = jobs.find(&id).expect("known");
        job.cancel();
        let outcome = job.outcome(Duration::from_secs(30));
        assert!(
            matches!(outcome, Some(Outcome::Failed(410, _))),
            "{outcome:?}"
        );
    }

    #[test]
    fn the_time_limit_stops_a_run_and_a_full_queue_refuses() {
        let jobs = Arc::new(Jobs::new(1, 0, Duration::from_millis(200)));
        let id = jobs
            .submit(
                prepared("equity 22+ 22+ 22+ --rounds 1e12 --seed 1"),
                "x".into(),
            )
            .expect("room");
        assert!(
            jobs.submit(prepared("equity AsAh KsKh"), "y".into())
                .is_none()
        );
        let outcome = jobs
            .find(&id)
            .expect("known")
            .outcome(Duration::from_secs(30));
        assert!(
            matches!(outcome, Some(Outcome::Failed(504, _))),
            "{outcome:?}"
        );
        assert_eq!(jobs.load(), (0, 0));
    }
}
