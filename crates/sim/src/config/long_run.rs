//! The long-run options of `sim odds`: checkpoint, its interval (also `sim preflop`'s), shard
//! and quiet.

use std::path::PathBuf;
use std::time::Duration;

use crate::cli::LongRunArgs;
use crate::cli::shared_args::CheckpointArgs;
use crate::error::UsageError;
use crate::shard::Shard;

/// How often a checkpointed run saves without `--checkpoint-every` (it also saves when stopped
/// by a signal).
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(5);

/// The longest `--checkpoint-every`: a year.
pub const MAX_CHECKPOINT_EVERY: Duration = Duration::from_secs(365 * 24 * 3600);

/// The shortest `--checkpoint-every`: a millisecond (a save takes longer than that).
pub const MIN_CHECKPOINT_EVERY: Duration = Duration::from_millis(1);

/// Seconds as the user wrote them, or in scientific notation when that would be long
/// (`1e-300`, not a 300-digit decimal).
fn seconds_text(s: f64) -> String {
    let plain = s.to_string();
    if plain.len() <= 16 {
        plain
    } else {
        format!("{s:e}")
    }
}

/// The time between saves that `args` ask for: [`CHECKPOINT_EVERY`] by default.
///
/// # Errors
/// A usage error for an interval without a checkpoint, not positive, or outside
/// [`MIN_CHECKPOINT_EVERY`]..=[`MAX_CHECKPOINT_EVERY`].
pub fn checkpoint_interval(args: &CheckpointArgs) -> Result<Duration, UsageError> {
    Ok(match args.checkpoint_every {
        None => CHECKPOINT_EVERY,
        Some(_) if args.checkpoint.is_none() => {
            return Err(UsageError::new(
                "--checkpoint-every needs --checkpoint FILE",
            ));
        }
        Some(s) if s.is_nan() || s <= 0.0 => {
            return Err(UsageError::new(format!(
                "--checkpoint-every {}: expected a positive number of seconds",
                seconds_text(s)
            )));
        }
        Some(s) if s < MIN_CHECKPOINT_EVERY.as_secs_f64() => {
            return Err(UsageError::new(format!(
                "--checkpoint-every {}: at least {} seconds (a millisecond)",
                seconds_text(s),
                MIN_CHECKPOINT_EVERY.as_secs_f64()
            )));
        }
        Some(s) if s > MAX_CHECKPOINT_EVERY.as_secs_f64() => {
            return Err(UsageError::new(format!(
                "--checkpoint-every {s:e}: at most {} seconds (a year)",
                MAX_CHECKPOINT_EVERY.as_secs()
            )));
        }
        Some(s) => Duration::try_from_secs_f64(s)
            .ok()
            .filter(|d| !d.is_zero())
            .ok_or_else(|| {
                UsageError::new(format!(
                    "--checkpoint-every {}: expected a positive number of seconds",
                    seconds_text(s)
                ))
            })?,
    })
}

/// Validated long-run options (the precision target is part of the odds request).
#[derive(Debug, Clone, PartialEq)]
pub struct LongRunConfig {
    /// Checkpoint file.
    pub checkpoint: Option<PathBuf>,
    /// Time between checkpoint saves.
    pub checkpoint_every: Duration,
    /// This process's shard.
    pub shard: Option<Shard>,
    /// No bar, no summary.
    pub quiet: bool,
}

impl LongRunConfig {
    /// Validates the options; `seeded` tells whether `--seed` was given.
    ///
    /// # Errors
    /// A usage error for a bad checkpoint interval, a shard with a target, or a checkpoint or
    /// shard without a seed.
    pub fn new(args: &LongRunArgs, seeded: bool) -> Result<Self, UsageError> {
        let checkpoint_every = checkpoint_interval(&args.saving)?;
        let shard = match &args.shard {
            Some(text) => Some(Shard::parse(text, |name| std::env::var(name).ok())?),
            None => None,
        };
        if shard.is_some() && args.target_stderr.is_some() {
            return Err(UsageError::new(
                "--shard cannot be combined with --target-stderr: the stopping point depends on every shard's counts",
            ));
        }
        if !seeded && (shard.is_some() || args.saving.checkpoint.is_some()) {
            let flag = if shard.is_some() {
                "--shard"
            } else {
                "--checkpoint"
            };
            return Err(UsageError::new(format!(
                "{flag} needs --seed, so that every process runs the same plan"
            )));
        }
        Ok(Self {
            checkpoint: args.saving.checkpoint.clone(),
            checkpoint_every,
            shard,
            quiet: args.quiet,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every(seconds: f64) -> Result<LongRunConfig, UsageError> {
        let args = LongRunArgs {
            target_stderr: None,
            max_rounds: None,
            saving: CheckpointArgs {
                checkpoint: Some(PathBuf::from("c")),
                checkpoint_every: Some(seconds),
            },
            shard: None,
            quiet: true,
        };
        LongRunConfig::new(&args, true)
    }

    /// Issue 24, defect 10: a tiny interval printed a 300-digit decimal and was called "not
    /// positive".
    #[test]
    fn tiny_intervals_are_refused_in_few_digits() {
        assert_eq!(
            every(1e-300).unwrap_err().to_string(),
            "--checkpoint-every 1e-300: at least 0.001 seconds (a millisecond)"
        );
        assert_eq!(
            every(-1e-300).unwrap_err().to_string(),
            "--checkpoint-every -1e-300: expected a positive number of seconds"
        );
        assert_eq!(
            every(0.0005).unwrap_err().to_string(),
            "--checkpoint-every 0.0005: at least 0.001 seconds (a millisecond)"
        );
        assert_eq!(
            every(0.25).unwrap().checkpoint_every,
            Duration::from_millis(250)
        );
    }
}
