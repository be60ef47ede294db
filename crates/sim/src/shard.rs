//! Sharding a run across machines: shard `I` of `N` runs a contiguous share of the same chunk
//! plan a single machine would run, and writes its counts to a shard file for `sim merge`.
//!
//! ```text
//!  chunks 0 ──────────────── C
//!         [ 0/3 ][ 1/3 ][ 2/3 ]    shard i covers chunks C·i/N .. C·(i+1)/N
//! ```
//!
//! A shard file carries the checkpoint's integrity check: a [`checksum`] of its run, chunk range
//! and counts, so that counts edited or damaged in a way that keeps their sum are refused.
//! Shard files written before they had one have no `checksum` field; `sim merge` refuses them
//! and says how to remake them (the engine version did not change, so nothing else tells them
//! apart, and a merge must not trust counts nothing vouches for).

use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::error::UsageError;
use crate::identity::{ENGINE_VERSION, RunIdentity, checksum};
use engine::CategoryCounts;

/// The `format` field of shard files.
pub const FORMAT: &str = "sim-odds-shard";

/// Environment variable giving the shard count next to `JOB_COMPLETION_INDEX` (set it to the
/// Kubernetes Indexed Job's `completions`).
pub const COUNT_VAR: &str = "SIM_SHARD_COUNT";

/// The most shards a run may have: far more machines than anyone runs, small enough that
/// `sim merge` can keep a table of them.
pub const MAX_SHARDS: u64 = 1 << 20;

/// Shard `index` of `count` (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// This shard, `0..count`.
    pub index: u64,
    /// How many shards the run has.
    pub count: u64,
}

impl Shard {
    /// Parses `I/N`, or `auto` to read the index and count from the environment through `env`:
    /// `SLURM_ARRAY_TASK_ID` (minus `SLURM_ARRAY_TASK_MIN` if set) and `SLURM_ARRAY_TASK_COUNT`,
    /// or `JOB_COMPLETION_INDEX` and [`COUNT_VAR`].
    ///
    /// # Errors
    /// A usage error naming the text or the missing variable.
    pub fn parse(text: &str, env: impl Fn(&str) -> Option<String>) -> Result<Self, UsageError> {
        let number = |name: &str, value: &str| {
            value.trim().parse::<u64>().map_err(|_| {
                UsageError::new(format!("--shard: {name}={value:?} is not a whole number"))
            })
        };
        let (index, count) = if text == "auto" {
            if let Some(id) = env("SLURM_ARRAY_TASK_ID") {
                let count = env("SLURM_ARRAY_TASK_COUNT").ok_or_else(|| {
                    UsageError::new("--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not")
                })?;
                let min = match env("SLURM_ARRAY_TASK_MIN") {
                    Some(min) => number("SLURM_ARRAY_TASK_MIN", &min)?,
                    None => 0,
                };
                let id = number("SLURM_ARRAY_TASK_ID", &id)?;
                let index = id.checked_sub(min).ok_or_else(|| {
                    UsageError::new(
                        "--shard auto: SLURM_ARRAY_TASK_ID is below SLURM_ARRAY_TASK_MIN",
                    )
                })?;
                (index, number("SLURM_ARRAY_TASK_COUNT", &count)?)
            } else if let Some(index) = env("JOB_COMPLETION_INDEX") {
                let count = env(COUNT_VAR).ok_or_else(|| {
                    UsageError::new(format!(
                        "--shard auto: JOB_COMPLETION_INDEX is set but {COUNT_VAR} (the job's completions) is not"
                    ))
                })?;
                (
                    number("JOB_COMPLETION_INDEX", &index)?,
                    number(COUNT_VAR, &count)?,
                )
            } else {
                return Err(UsageError::new(format!(
                    "--shard auto needs SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT, or JOB_COMPLETION_INDEX and {COUNT_VAR}"
                )));
            }
        } else {
            let bad =
                || UsageError::new(format!("--shard {text:?}: expected I/N (e.g. 0/4) or auto"));
            let (i, n) = text.split_once('/').ok_or_else(bad)?;
            (
                i.trim().parse().map_err(|_| bad())?,
                n.trim().parse().map_err(|_| bad())?,
            )
        };
        if count > MAX_SHARDS {
            return Err(UsageError::new(format!(
                "--shard {index}/{count}: at most {MAX_SHARDS} shards"
            )));
        }
        if count == 0 || index >= count {
            return Err(UsageError::new(format!(
                "--shard {index}/{count}: the index must be below the count (shards are numbered from 0)"
            )));
        }
        Ok(Self { index, count })
    }

    /// The chunks of this shard in a plan of `chunks` chunks.
    pub fn range(&self, chunks: u64) -> Range<u64> {
        let at = |i: u64| (u128::from(chunks) * u128::from(i) / u128::from(self.count)) as u64;
        at(self.index)..at(self.index + 1)
    }
}

/// A shard's result, as written by `sim odds --shard` and read by `sim merge`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShardFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// The engine version that dealt it.
    pub engine: String,
    /// The run it belongs to.
    pub run: RunIdentity,
    /// Which shard.
    pub shard: Shard,
    /// Chunks in the whole plan.
    pub total_chunks: u64,
    /// The chunks it counted, `start..end`.
    pub chunks: Range<u64>,
    /// Its counts.
    pub counts: CategoryCounts,
    /// [`checksum`] of run, chunk range and counts; `None` in files written before shards had
    /// one, which are refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checksum: Option<String>,
}

/// Why a shard file's checksum does not vouch for its contents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChecksumProblem {
    /// The file has none: written by a `sim` from before shards had checksums.
    Missing,
    /// It does not match the contents: the file was edited or damaged.
    Mismatch,
}

impl ShardFile {
    /// The shard file of `shard` of `run`.
    ///
    /// # Errors
    /// Only if serialising the checksummed contents fails, which in-memory writing does not.
    pub fn new(
        run: &RunIdentity,
        shard: Shard,
        total_chunks: u64,
        counts: CategoryCounts,
    ) -> anyhow::Result<Self> {
        let chunks = shard.range(total_chunks);
        Ok(Self {
            format: FORMAT.into(),
            engine: ENGINE_VERSION.into(),
            run: run.clone(),
            shard,
            total_chunks,
            checksum: Some(checksum(run, (chunks.start, chunks.end), &counts)?),
            chunks,
            counts,
        })
    }

    /// Whether the file's checksum vouches for its run, chunk range and counts: `None` if it
    /// does.
    ///
    /// # Errors
    /// Only if serialisation fails, which in-memory writing does not.
    pub fn checksum_problem(&self) -> anyhow::Result<Option<ChecksumProblem>> {
        let Some(saved) = &self.checksum else {
            return Ok(Some(ChecksumProblem::Missing));
        };
        let expected = checksum(
            &self.run,
            (self.chunks.start, self.chunks.end),
            &self.counts,
        )?;
        Ok((*saved != expected).then_some(ChecksumProblem::Mismatch))
    }

    /// The file's bytes: pretty JSON and a newline.
    ///
    /// # Errors
    /// Only if serialisation fails.
    pub fn to_bytes(&self) -> anyhow::Result<Vec<u8>> {
        let mut bytes = serde_json::to_vec_pretty(self)?;
        bytes.push(b'\n');
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        }
    }

    #[test]
    fn parses_explicit_and_environment_shards() {
        assert_eq!(
            Shard::parse("2/5", env(&[])).unwrap(),
            Shard { index: 2, count: 5 }
        );
        let slurm = [
            ("SLURM_ARRAY_TASK_ID", "7"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_MIN", "5"),
        ];
        assert_eq!(
            Shard::parse("auto", env(&slurm)).unwrap(),
            Shard { index: 2, count: 4 }
        );
        let k8s = [("JOB_COMPLETION_INDEX", "3"), ("SIM_SHARD_COUNT", "8")];
        assert_eq!(
            Shard::parse("auto", env(&k8s)).unwrap(),
            Shard { index: 3, count: 8 }
        );
        for bad in ["5/5", "1/0", "x/2", "3", "-1/4", "0/2000000"] {
            assert!(Shard::parse(bad, env(&[])).is_err(), "{bad}");
        }
        assert!(
            Shard::parse("auto", env(&[]))
                .unwrap_err()
                .0
                .contains("SLURM_ARRAY_TASK_ID")
        );
        assert!(
            Shard::parse("auto", env(&[("JOB_COMPLETION_INDEX", "1")]))
                .unwrap_err()
                .0
                .contains(COUNT_VAR)
        );
    }

    #[test]
    fn the_checksum_vouches_for_the_counts() {
        let run = RunIdentity {
            game: None,
            cards: 7,
            known: String::new(),
            dead: String::new(),
            rounds: 5 << 20,
            chunk_rounds: 1 << 20,
            seed: 42,
            target_stderr: None,
        };
        let shard = Shard { index: 1, count: 3 };
        let counts = CategoryCounts([1 << 20, 0, 0, 0, 0, 0, 0, 0, 0, 1 << 20]);
        let file = ShardFile::new(&run, shard, 5, counts).unwrap();
        assert_eq!(file.checksum_problem().unwrap(), None);
        // Counts swapped between categories keep their sum: only the checksum tells.
        let mut swapped = file.clone();
        swapped.counts.0.swap(0, 1);
        assert_eq!(swapped.counts.total(), file.counts.total());
        assert_eq!(
            swapped.checksum_problem().unwrap(),
            Some(ChecksumProblem::Mismatch)
        );
        // A file from before shards had checksums reads back without one.
        let mut old: serde_json::Value = serde_json::from_slice(&file.to_bytes().unwrap()).unwrap();
        old.as_object_mut().unwrap().remove("checksum");
        let old: ShardFile = serde_json::from_value(old).unwrap();
        assert_eq!(
            old.checksum_problem().unwrap(),
            Some(ChecksumProblem::Missing)
        );
    }

    #[test]
    fn shards_cover_every_chunk_once() {
        for (chunks, count) in [(10, 3), (2, 5), (1000, 7), (0, 2)] {
            let mut next = 0;
            for index in 0..count {
                let range = Shard { index, count }.range(chunks);
                assert_eq!(range.start, next);
                next = range.end;
            }
            assert_eq!(next, chunks);
        }
    }
}
