//! Worker threads: as asked, within a limit, or every core.

use std::sync::OnceLock;

use crate::error::RequestError;

/// The most worker threads a run may ask for: far above any machine's cores (threads beyond
/// them only slow a run down), low enough that starting them takes a moment, not minutes.
pub const MAX_THREADS: usize = 1024;

/// The cores of this machine, looked up once (the lookup reads the process's CPU limits from
/// the file system, which costs a tenth of a small exact call).
pub fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, usize::from))
}

/// The worker count: `threads` if given (1 to [`MAX_THREADS`]), otherwise every core.
///
/// # Errors
/// [`RequestError::Invalid`] for zero or more than [`MAX_THREADS`].
pub fn threads(threads: Option<usize>) -> Result<usize, RequestError> {
    match threads {
        Some(0) => Err(RequestError::invalid("--threads must be at least 1")),
        Some(n) if n > MAX_THREADS => Err(too_many_threads(n)),
        Some(n) => Ok(n),
        None => Ok(cores()),
    }
}

/// The refusal of `n` threads, more than [`MAX_THREADS`].
pub fn too_many_threads(n: usize) -> RequestError {
    RequestError::invalid(format!(
        "--threads {n}: at most {MAX_THREADS} worker threads (this machine has {})",
        cores()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_are_at_least_one_and_at_most_the_limit() {
        assert_eq!(threads(Some(3)), Ok(3));
        assert_eq!(threads(None), Ok(cores()));
        assert_eq!(
            threads(Some(0)).unwrap_err().to_string(),
            "--threads must be at least 1"
        );
        assert_eq!(threads(Some(MAX_THREADS)), Ok(MAX_THREADS));
        let refused = threads(Some(1_000_000)).unwrap_err().to_string();
        assert!(
            refused.starts_with("--threads 1000000: at most 1024 worker threads"),
            "{refused}"
        );
    }
}
