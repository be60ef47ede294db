//! A rayon pool of the requested size for one command.

use anyhow::Context;

/// Runs `work` on a new rayon pool of `threads` workers.
///
/// # Errors
/// If the operating system refuses the threads.
pub fn on_pool<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> anyhow::Result<T> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .with_context(|| format!("cannot start {threads} worker threads"))?;
    Ok(pool.install(work))
}
