//! Checkpoints of a `sim odds` run: the counts after the first chunks of its plan, saved
//! atomically (temporary file + rename) so that a rerun of the same command resumes where it
//! stopped and ends with the same bytes.
//!
//! ```text
//! { "format": "sim-odds-checkpoint", "engine": "0.1.0", "run": {cards, known, rounds, seed, ...},
//!   "chunks": [first, end], "next_chunk": 37, "counts": [..10 categories..], "checksum": "…" }
//! ```

use std::path::Path;

use anyhow::{Context, bail};
use serde::{Deserialize, Serialize};

use crate::claim::Claim;
use crate::error::UsageError;
use crate::identity::{ENGINE_VERSION, RunIdentity, checksum};
use crate::input::read_bounded;
use crate::output::Output;
use engine::{CategoryCounts, ChunkPlan};

const FORMAT: &str = "sim-odds-checkpoint";

/// The most bytes of a checkpoint a run reads: a checkpoint is under a kilobyte of JSON, so this
/// only stops a `--checkpoint` naming some other, large file from being read whole.
pub const MAX_CHECKPOINT_BYTES: u64 = 1 << 20;

/// A run's progress: every chunk in `chunks.0..next_chunk` is counted in `counts`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// Always `sim-odds-checkpoint`.
    pub format: String,
    /// The engine version that wrote it.
    pub engine: String,
    /// The run it belongs to.
    pub run: RunIdentity,
    /// The chunk range this process covers (a shard's range, or the whole plan).
    pub chunks: (u64, u64),
    /// The first chunk not yet counted.
    pub next_chunk: u64,
    /// Counts of the chunks done.
    pub counts: CategoryCounts,
    /// [`checksum`] of run, (first chunk, next chunk) and counts.
    pub checksum: String,
}

impl Checkpoint {
    /// A checkpoint of `run` after the chunks `chunks.0..next_chunk`.
    ///
    /// # Errors
    /// Only if serialisation fails.
    pub fn new(
        run: &RunIdentity,
        chunks: (u64, u64),
        next_chunk: u64,
        counts: CategoryCounts,
    ) -> anyhow::Result<Self> {
        Ok(Self {
            format: FORMAT.into(),
            engine: ENGINE_VERSION.into(),
            run: run.clone(),
            chunks,
            next_chunk,
            counts,
            checksum: checksum(run, (chunks.0, next_chunk), &counts)?,
        })
    }

    /// Writes the checkpoint to `path` through a temporary file in the same folder, renamed into
    /// place: a crash leaves the old checkpoint or the new one, never half of one.
    ///
    /// # Errors
    /// If the file cannot be written.
    pub fn save(&self, path: &Path) -> anyhow::Result<()> {
        let mut bytes = serde_json::to_vec_pretty(self)?;
        bytes.push(b'\n');
        Output::checkpoint(path)?.write(&bytes, "cannot save checkpoint")
    }

    /// Writes the checkpoint to the file `claim` holds for this run, as [`save`](Self::save)
    /// does, refusing to overwrite one another process wrote.
    ///
    /// # Errors
    /// If the file cannot be written, or another process holds or wrote it.
    pub fn save_to(&self, claim: &mut Claim) -> anyhow::Result<()> {
        let mut bytes = serde_json::to_vec_pretty(self)?;
        bytes.push(b'\n');
        claim.replace(&bytes)
    }

    /// Loads the checkpoint at `path` for `run` over `chunks`: `None` if there is none yet.
    ///
    /// # Errors
    /// A runtime error if the file is unreadable or corrupt; a usage error if it belongs to a
    /// different run, so that counts are never mixed.
    pub fn load(
        path: &Path,
        run: &RunIdentity,
        chunks: (u64, u64),
    ) -> anyhow::Result<Option<Self>> {
        let Some(bytes) = read_checkpoint(path, "sim odds --checkpoint")? else {
            return Ok(None);
        };
        let corrupt = |why: String| corrupt_checkpoint(path, "run", &why);
        let saved: Self =
            serde_json::from_slice(&bytes).map_err(|e| corrupt(format!("not valid JSON: {e}")))?;
        if saved.format != FORMAT {
            return Err(corrupt(format!("format {:?}", saved.format)));
        }
        let expected = checksum(
            &saved.run,
            (saved.chunks.0, saved.next_chunk),
            &saved.counts,
        )?;
        if saved.checksum != expected {
            return Err(corrupt("checksum mismatch".into()));
        }
        let different = |what: String| {
            UsageError::new(format!(
                "checkpoint {} is from a different run ({what}); use another --checkpoint file or delete it",
                path.display()
            ))
        };
        if saved.engine != ENGINE_VERSION {
            bail!(different(format!(
                "engine {} vs {ENGINE_VERSION}",
                saved.engine
            )));
        }
        if let Some(what) = saved.run.difference(run) {
            bail!(different(what));
        }
        if saved.chunks != chunks {
            bail!(different(format!(
                "chunks {}..{} vs {}..{}",
                saved.chunks.0, saved.chunks.1, chunks.0, chunks.1
            )));
        }
        if !(chunks.0..=chunks.1).contains(&saved.next_chunk) {
            return Err(corrupt(format!(
                "next chunk {} out of range",
                saved.next_chunk
            )));
        }
        // The checksum only proves the file was not damaged by accident: the counts must also
        // be what the chunks done can have dealt.
        let plan = ChunkPlan::with_chunk_rounds(saved.run.rounds, saved.run.chunk_rounds);
        // Added without wrapping: counts summing past 2^64 must not pass for a small total.
        let dealt = plan.rounds_in_chunks(saved.chunks.0..saved.next_chunk);
        let total = saved.counts.checked_total();
        if total != Some(dealt) {
            return Err(corrupt(format!(
                "its counts add up to {} rounds, its chunks {}..{} hold {dealt}",
                total.map_or_else(|| "more than 2^64".to_string(), |t| t.to_string()),
                saved.chunks.0,
                saved.next_chunk
            )));
        }
        Ok(Some(saved))
    }
}

/// The bytes of the checkpoint at `path`, read for `reader` (`sim odds --checkpoint`): `None`
/// when there is none yet.
///
/// # Errors
/// A runtime error for an unreadable file; a usage error for one too long to be a checkpoint.
pub fn read_checkpoint(path: &Path, reader: &str) -> anyhow::Result<Option<Vec<u8>>> {
    // A file too long to be a checkpoint is refused as a usage error by `read_bounded`.
    match read_bounded(path, MAX_CHECKPOINT_BYTES, reader) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) => match e.downcast::<std::io::Error>() {
            Ok(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Ok(e) => Err(e).with_context(|| format!("cannot read checkpoint {}", path.display())),
            Err(e) => Err(e),
        },
    }
}

/// The error of a damaged checkpoint at `path`, of a `what` (`run`, `table`), for `why`.
pub fn corrupt_checkpoint(path: &Path, what: &str, why: &str) -> anyhow::Error {
    anyhow::anyhow!(
        "checkpoint {} is corrupt ({why}); delete it to start the {what} over",
        path.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn identity() -> RunIdentity {
        RunIdentity {
            game: None,
            cards: 7,
            known: String::new(),
            dead: String::new(),
            rounds: 1 << 30,
            chunk_rounds: 1 << 20,
            seed: 42,
            target_stderr: Some(1e-4),
        }
    }

    #[test]
    fn saves_and_loads_the_same_checkpoint() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.ckpt");
        // Three chunks of 2^20 rounds.
        let counts = CategoryCounts([1 << 21, 1 << 20, 0, 0, 0, 0, 0, 0, 0, 0]);
        let saved = Checkpoint::new(&identity(), (0, 1024), 3, counts).unwrap();
        saved.save(&path).unwrap();
        let loaded = Checkpoint::load(&path, &identity(), (0, 1024)).unwrap();
        assert_eq!(loaded, Some(saved));
        assert_eq!(
            Checkpoint::load(&dir.path().join("none"), &identity(), (0, 1024)).unwrap(),
            None
        );
    }

    #[test]
    fn refuses_other_runs_and_edited_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.ckpt");
        let counts = CategoryCounts([3 << 20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        let saved = Checkpoint::new(&identity(), (0, 1024), 3, counts).unwrap();
        saved.save(&path).unwrap();
        let other = RunIdentity {
            seed: 43,
            ..identity()
        };
        let err = Checkpoint::load(&path, &other, (0, 1024)).unwrap_err();
        assert!(err.downcast_ref::<UsageError>().is_some());
        assert!(err.to_string().contains("seed 42 vs 43"), "{err}");
        let err = Checkpoint::load(&path, &identity(), (0, 512)).unwrap_err();
        assert!(err.to_string().contains("chunks"), "{err}");

        let text = std::fs::read_to_string(&path)
            .unwrap()
            .replace("\"next_chunk\": 3", "\"next_chunk\": 4");
        std::fs::write(&path, text).unwrap();
        let err = Checkpoint::load(&path, &identity(), (0, 1024)).unwrap_err();
        assert!(err.to_string().contains("checksum mismatch"), "{err}");
        // Counts edited with the checksum recomputed: refused all the same.
        let edited = Checkpoint::new(&identity(), (0, 1024), 3, CategoryCounts::default()).unwrap();
        std::fs::write(&path, serde_json::to_vec(&edited).unwrap()).unwrap();
        let err = Checkpoint::load(&path, &identity(), (0, 1024)).unwrap_err();
        assert!(err.to_string().contains("add up to 0 rounds"), "{err}");
        std::fs::write(&path, "{ not json").unwrap();
        let err = Checkpoint::load(&path, &identity(), (0, 1024)).unwrap_err();
        assert!(err.to_string().contains("corrupt"), "{err}");
    }

    #[test]
    fn a_file_too_long_to_be_a_checkpoint_is_refused_unread() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.ckpt");
        let file = std::fs::File::create(&path).unwrap();
        file.set_len(MAX_CHECKPOINT_BYTES + 1).unwrap();
        let err = Checkpoint::load(&path, &identity(), (0, 1024)).unwrap_err();
        assert!(err.downcast_ref::<UsageError>().is_some(), "{err}");
        assert_eq!(
            err.to_string(),
            format!(
                "{} is longer than 1 MiB, the most sim odds --checkpoint reads",
                path.display()
            )
        );
    }

    #[test]
    fn an_unreadable_checkpoint_is_a_runtime_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        // A folder opens but cannot be read as a file.
        let err = Checkpoint::load(dir.path(), &identity(), (0, 1024)).unwrap_err();
        assert!(err.downcast_ref::<UsageError>().is_none(), "{err}");
        assert!(
            format!("{err:#}").starts_with(&format!(
                "cannot read checkpoint {}: ",
                dir.path().display()
            )),
            "{err:#}"
        );
    }
}
