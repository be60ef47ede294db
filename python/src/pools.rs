//! Worker pools, one per thread count, built once and kept: building a pool starts its threads,
//! which would cost more than a small computation. The pool never changes a result (every seeded
//! computation is chunked and seeded per chunk), only how fast it comes.
//!
//! A process forked from one that has pools (`multiprocessing` with the `fork` start method, the
//! default on Linux before Python 3.14) inherits the pools but none of their threads: work handed
//! to them would never run, and the call would wait forever. So the pools are kept with the
//! process id that built them, and a process with another id builds its own.

use std::sync::{Arc, Mutex, PoisonError};

use pyo3::PyResult;
use pyo3::exceptions::PyRuntimeError;
use rayon::{ThreadPool, ThreadPoolBuilder};

/// The pools of one process.
struct Pools {
    /// The process that built `pools` (0 before the first).
    process: u32,
    /// Each pool with its number of workers.
    pools: Vec<(usize, Arc<ThreadPool>)>,
}

static POOLS: Mutex<Pools> = Mutex::new(Pools {
    process: 0,
    pools: Vec::new(),
});

/// The pool of `threads` workers, built on first use in this process.
pub(crate) fn pool(threads: usize) -> PyResult<Arc<ThreadPool>> {
    let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    let process = std::process::id();
    if pools.process != process {
        // Inherited through a fork: their threads are not in this process. Dropping them would
        // wake and wait on threads that do not exist, so they are left unreleased.
        for (_, inherited) in pools.pools.drain(..) {
            std::mem::forget(inherited);
        }
        pools.process = process;
    }
    if let Some((_, pool)) = pools.pools.iter().find(|(n, _)| *n == threads) {
        return Ok(Arc::clone(pool));
    }
    let pool = ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("pokerodds-{i}"))
        .build()
        .map_err(|e| {
            PyRuntimeError::new_err(
                engine::EngineError::ThreadPool {
                    threads,
                    reason: e.to_string(),
                }
                .to_string(),
            )
        })?;
    let pool = Arc::new(pool);
    pools.pools.push((threads, Arc::clone(&pool)));
    Ok(pool)
}
