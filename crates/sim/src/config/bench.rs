//! `sim bench`: the hand, rounds and the thread counts to measure.

use engine::{Command, HandSpec};
use eval::batch::EvalPath;
use request::threads::{MAX_THREADS, too_many_threads};

use crate::cli::BenchArgs;
use crate::config::shared::{game, hand_spec, resolve_threads};
use crate::error::UsageError;
use crate::eval_path::eval_path;

/// A validated benchmark plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BenchConfig {
    /// The hand dealt.
    pub hand: HandSpec,
    /// Rounds per measurement.
    pub rounds: u64,
    /// Thread counts, in the order given.
    pub threads: Vec<usize>,
    /// Measurements per thread count.
    pub repeats: u32,
    /// Seed.
    pub seed: u64,
    /// The batch evaluator's path (`POKERODDS_EVAL_PATH`), reported beside the timings.
    pub eval_path: EvalPath,
}

impl TryFrom<&BenchArgs> for BenchConfig {
    type Error = UsageError;

    fn try_from(args: &BenchArgs) -> Result<Self, UsageError> {
        let threads = match &args.threads {
            Some(list) => parse_thread_list(list)?,
            None => default_thread_counts(resolve_threads(None)?),
        };
        if args.repeats == 0 {
            return Err(UsageError::new("--repeats must be at least 1"));
        }
        Ok(Self {
            hand: hand_spec(&args.hand, game(&args.game, Command::Bench)?)?,
            rounds: args.rounds,
            threads,
            repeats: args.repeats,
            seed: args.seed,
            eval_path: eval_path()?,
        })
    }
}

/// The default thread counts: powers of two below the core count, then the core count.
pub fn default_thread_counts(cores: usize) -> Vec<usize> {
    let mut counts: Vec<usize> = std::iter::successors(Some(1usize), |&t| t.checked_mul(2))
        .take_while(|&t| t < cores)
        .collect();
    counts.push(cores.max(1));
    counts
}

fn parse_thread_list(text: &str) -> Result<Vec<usize>, UsageError> {
    text.split(',')
        .map(|part| match part.trim() {
            "all" => resolve_threads(None),
            n => match n.parse::<usize>() {
                Ok(0) | Err(_) => Err(UsageError::new(format!(
                    "--threads {text:?}: expected thread counts of at least 1 like 1,2,4 or all"
                ))),
                Ok(t) if t > MAX_THREADS => Err(too_many_threads(t).into()),
                Ok(t) => Ok(t),
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_thread_counts_double_up_to_the_cores() {
        assert_eq!(default_thread_counts(1), vec![1]);
        assert_eq!(default_thread_counts(2), vec![1, 2]);
        assert_eq!(default_thread_counts(6), vec![1, 2, 4, 6]);
        assert_eq!(default_thread_counts(8), vec![1, 2, 4, 8]);
    }

    #[test]
    fn thread_lists_parse_and_reject_zero() {
        assert_eq!(parse_thread_list("1,2, 4").unwrap(), vec![1, 2, 4]);
        assert!(parse_thread_list("0").is_err());
        assert!(parse_thread_list("x").is_err());
    }
}
