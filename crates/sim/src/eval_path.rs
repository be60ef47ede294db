//! The batch evaluator's path for this process: `POKERODDS_EVAL_PATH` (`scalar`, `avx2` or
//! `avx512`) when set, else the fastest the CPU runs. No `sim` table is computed by the batch
//! evaluator (its hot loops rank one hand at a time as they deal), so only `sim bench` reads it,
//! to name it; a bad setting is then a usage error (exit 2). The other commands never ask the
//! CPU for its features at start-up.

use std::sync::OnceLock;

use eval::batch::{ENV_VAR, EvalPath};

use crate::error::UsageError;

/// The process's batch evaluation path.
///
/// # Errors
/// A [`UsageError`] naming the variable when it holds an unknown name or a path this CPU does
/// not run.
pub fn eval_path() -> Result<EvalPath, UsageError> {
    static PATH: OnceLock<Result<EvalPath, UsageError>> = OnceLock::new();
    PATH.get_or_init(|| {
        let setting = std::env::var_os(ENV_VAR);
        let text = setting.as_ref().map(|s| s.to_string_lossy());
        EvalPath::from_setting(text.as_deref())
            .map_err(|err| UsageError::new(format!("{ENV_VAR}: {err}")))
    })
    .clone()
}
