//! A rayon pool of the requested size for one computation.

use crate::error::EngineError;

/// Runs `work` on a new rayon pool of `threads` workers.
///
/// # Errors
/// [`EngineError::ThreadPool`] if the operating system refuses the threads.
pub fn on_pool<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> Result<T, EngineError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| EngineError::ThreadPool {
            threads,
            reason: e.to_string(),
        })?;
    Ok(pool.install(work))
}
