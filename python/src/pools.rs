//! Worker pools, one per thread count, built once and kept: building a pool starts its threads,
//! which would cost more than a small computation. The pool never changes a result (every seeded
//! computation is chunked and seeded per chunk), only how fast it comes.

use std::sync::{Arc, Mutex, PoisonError};

use pyo3::PyResult;
use pyo3::exceptions::PyRuntimeError;
use rayon::{ThreadPool, ThreadPoolBuilder};

static POOLS: Mutex<Vec<(usize, Arc<ThreadPool>)>> = Mutex::new(Vec::new());

/// The pool of `threads` workers, built on first use.
pub(crate) fn pool(threads: usize) -> PyResult<Arc<ThreadPool>> {
    let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, pool)) = pools.iter().find(|(n, _)| *n == threads) {
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
    pools.push((threads, Arc::clone(&pool)));
    Ok(pool)
}
