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
        .map_err(|e| pool_error(threads, &e))?;
    Ok(pool.install(work))
}

/// Runs `work` on a new rayon pool of `threads` workers of which the calling thread is the
/// first: `work` starts at once on this thread, and only `threads − 1` threads are started.
///
/// For a program that computes once, such as one command of the command line: handing the work
/// to a new thread and waiting for it costs a wake-up of another core each way, which on the
/// development machine (a 2-core virtual machine whose idle cores sleep) came to about 0.3 ms,
/// as much as a small exact count itself. Rayon cannot free a pool that includes the calling
/// thread, so its bookkeeping stays allocated (and the thread registered with it) after the
/// call; a second call on the same thread therefore falls back to [`on_pool`].
///
/// # Errors
/// [`EngineError::ThreadPool`] if the operating system refuses the threads.
pub fn on_pool_with_caller<T: Send>(
    threads: usize,
    work: impl FnOnce() -> T + Send,
) -> Result<T, EngineError> {
    if rayon::current_thread_index().is_some() {
        return on_pool(threads, work);
    }
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .use_current_thread()
        .build()
    {
        Ok(pool) => Ok(pool.install(work)),
        Err(_) => on_pool(threads, work),
    }
}

/// The error for a pool of `threads` that could not be built.
fn pool_error(threads: usize, error: &rayon::ThreadPoolBuildError) -> EngineError {
    EngineError::ThreadPool {
        threads,
        reason: error.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rayon::prelude::*;

    fn sum_of_squares() -> u64 {
        (0..100_000u64).into_par_iter().map(|x| x * x).sum()
    }

    /// The calling thread is the pool's first worker, the pool has the threads asked for, and
    /// the work gives what it gives on an ordinary pool; a second call on the same thread (whose
    /// first pool rayon keeps) falls back to an ordinary pool.
    #[test]
    fn work_runs_on_the_calling_thread_with_the_threads_asked_for() {
        let expected = on_pool(2, sum_of_squares).unwrap();
        let (index, threads, sum) = on_pool_with_caller(3, || {
            (
                rayon::current_thread_index(),
                rayon::current_num_threads(),
                sum_of_squares(),
            )
        })
        .unwrap();
        assert_eq!((index, threads, sum), (Some(0), 3, expected));
        let (threads, sum) =
            on_pool_with_caller(2, || (rayon::current_num_threads(), sum_of_squares())).unwrap();
        assert_eq!((threads, sum), (2, expected));
    }
}
