//! Long computations with the GIL released and Ctrl-C honoured.
//!
//! The work runs on a worker pool; the calling thread waits for it with the GIL released, waking
//! every [`POLL`] to let Python run its signal handlers. When one raises (`KeyboardInterrupt`
//! after Ctrl-C), the work is asked to stop through a [`StopFlag`] that it reads only before a
//! chunk starts or between pieces of chunks, never in a hot loop, and the exception is raised
//! once the work has returned.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::pools;

/// How often the waiting thread looks for signals.
const POLL: Duration = Duration::from_millis(10);

/// Set when the caller wants the work to stop early.
#[derive(Debug, Default)]
pub(crate) struct StopFlag(AtomicBool);

impl StopFlag {
    /// Whether the work should stop at its next boundary.
    pub(crate) fn requested(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    fn request(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs `work` on the pool of `threads` workers with the GIL released, polling for signals.
///
/// # Errors
/// The exception a signal handler raised (the work was told to stop and has returned), a
/// `RuntimeError` if the pool cannot start, or if the work ended without a result.
pub(crate) fn run<T: Send>(
    py: Python<'_>,
    threads: usize,
    work: impl FnOnce(&StopFlag) -> T + Send,
) -> PyResult<T> {
    let pool = pools::pool(threads)?;
    let stop = StopFlag::default();
    let (sender, receiver) = mpsc::channel();
    pool.in_place_scope(|scope| {
        let stop = &stop;
        scope.spawn(move |_| {
            // The receiver outlives the work unless the caller has already given up.
            let _ = sender.send(work(stop));
        });
        let mut receiver = receiver;
        loop {
            let (back, received) = py.detach(move || {
                let received = receiver.recv_timeout(POLL);
                (receiver, received)
            });
            receiver = back;
            match received {
                Ok(value) => return Ok(value),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err(
                        "the computation ended without a result",
                    ));
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(signal) = py.check_signals() {
                        stop.request();
                        py.detach(move || {
                            let _ = receiver.recv();
                        });
                        return Err(signal);
                    }
                }
            }
        }
    })
}
