//! A checkpoint file that one run keeps to itself from its start to its end, so that two runs
//! given the same `--checkpoint` never take turns overwriting each other's progress.
//!
//! ```text
//!  start   the checkpoint there, if any, is locked (flock) ── locked by another process: refused
//!  save    temporary file locked ── the checkpoint there must be absent or the one this run
//!          holds ── write, rename: the renamed file, still locked, is now the one it holds
//!  end     the checkpoint is removed if it is still the one this run holds
//! ```
//!
//! Locks belong to open files, so the operating system drops them when a process ends, however
//! it ends: a killed run leaves an unlocked checkpoint that the next run takes and resumes. A
//! second run started while the first holds a checkpoint is refused at once; two runs started
//! together before either saved find out at the second one's first save, which is refused and
//! leaves the first one's checkpoint alone.

use std::fs::File;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use crate::output::{self, Output};

/// A checkpoint path checked as a destination, with the file there locked by this process.
#[derive(Debug)]
pub struct Claim {
    /// The path as given, for messages.
    shown: PathBuf,
    /// The file replaced: `shown`, or the end of its chain of symbolic links.
    target: PathBuf,
    /// The checkpoint this run last saved or found at its start, locked; `None` if there is
    /// none yet.
    held: Option<File>,
}

impl Claim {
    /// Checks `path` as [`Output::checkpoint`] does and locks the checkpoint already there, if
    /// any.
    ///
    /// # Errors
    /// A bad destination (as [`Output::checkpoint`]), or a checkpoint another process holds.
    pub fn take(path: &Path) -> anyhow::Result<Self> {
        let output = Output::checkpoint(path)?;
        let Some(target) = output.file() else {
            bail!(
                "cannot save checkpoint {}: not a regular file",
                path.display()
            );
        };
        let target = target.to_path_buf();
        let held = hold_current(&target)
            .with_context(|| format!("cannot use checkpoint {}", path.display()))?
            .map_or_else(
                || Ok(None),
                |held| match held {
                    Held::Locked(file) => Ok(Some(file)),
                    Held::ByAnother => Err(in_use(path)),
                },
            )?;
        Ok(Self {
            shown: path.to_path_buf(),
            target,
            held,
        })
    }

    /// The checkpoint's path as given.
    pub fn path(&self) -> &Path {
        &self.shown
    }

    /// Replaces the checkpoint with `bytes` (through a temporary file, renamed into place), and
    /// holds the new file.
    ///
    /// # Errors
    /// If another process is writing or holds the checkpoint, or wrote one since this run's
    /// start; any write failure.
    pub fn replace(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        let _writing = output::writing();
        let context = || format!("cannot save checkpoint {}", self.shown.display());
        let temporary = output::temporary_path(&self.target);
        // Every writer of this checkpoint takes the temporary file's lock first, so nobody
        // renames a file into place between the check below and this run's rename.
        let file = output::lock_temporary(&temporary).with_context(context)?;
        // Free to write: no checkpoint there (none yet, or removed by hand), or this run's.
        let ours = match std::fs::symlink_metadata(&self.target) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(true),
            Err(e) => Err(e),
            Ok(_) => match &self.held {
                Some(held) => output::is_at(held, &self.target),
                None => Ok(false),
            },
        };
        match ours {
            Ok(true) => {}
            Ok(false) => {
                output::abandon(&temporary);
                bail!(
                    "cannot save checkpoint {}: another sim process wrote it during this run; give each run its own --checkpoint file",
                    self.shown.display()
                );
            }
            Err(e) => {
                output::abandon(&temporary);
                return Err(e).with_context(context);
            }
        }
        let file = output::commit(file, &temporary, &self.target, bytes).with_context(context)?;
        self.held = Some(file);
        Ok(())
    }

    /// Removes the checkpoint of a finished run, if it is still the one this run holds (a
    /// checkpoint another process wrote is left alone).
    ///
    /// # Errors
    /// If the file cannot be removed.
    pub fn remove(self) -> anyhow::Result<()> {
        let Some(held) = &self.held else {
            return Ok(());
        };
        let context = || format!("cannot remove finished checkpoint {}", self.shown.display());
        if output::is_at(held, &self.target).with_context(context)? {
            match std::fs::remove_file(&self.target) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(e).with_context(context);
                }
                _ => {}
            }
        }
        Ok(())
    }
}

/// Whose the checkpoint at a path is.
enum Held {
    /// This process's now, locked.
    Locked(File),
    /// Another process holds it.
    ByAnother,
}

/// Locks the file at `target`: `None` if there is none.
fn hold_current(target: &Path) -> std::io::Result<Option<Held>> {
    loop {
        let file = match File::open(target) {
            Ok(file) => file,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => return Ok(Some(Held::ByAnother)),
            Err(std::fs::TryLockError::Error(e)) => return Err(e),
        }
        // Its holder may have replaced it between the open and the lock (then the new file
        // is locked already, and the next round says so).
        if output::is_at(&file, target)? {
            return Ok(Some(Held::Locked(file)));
        }
    }
}

fn in_use(path: &Path) -> anyhow::Error {
    anyhow::anyhow!(
        "checkpoint {} is in use by another sim process; wait for it to end, or give this run its own --checkpoint file",
        path.display()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_checkpoint_is_refused_to_a_second_claim() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.ckpt");
        let mut first = Claim::take(&path).unwrap();
        // Nothing saved yet: a second claim finds nothing to lock.
        let mut second = Claim::take(&path).unwrap();
        first.replace(b"one\n").unwrap();
        // Saved and held: refused, at its save and at a new start alike.
        let err = format!("{:#}", second.replace(b"two\n").unwrap_err());
        assert!(err.contains("another sim process wrote it"), "{err}");
        let err = format!("{:#}", Claim::take(&path).unwrap_err());
        assert!(err.contains("in use by another sim process"), "{err}");
        assert_eq!(std::fs::read(&path).unwrap(), b"one\n");
        first.replace(b"three\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"three\n");
        // The refused one removes nothing; the holder removes its own.
        second.remove().unwrap();
        assert!(path.exists());
        first.remove().unwrap();
        assert!(!path.exists());
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert!(names.is_empty(), "{names:?}");
    }

    #[test]
    fn a_checkpoint_left_unlocked_is_taken_over() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.ckpt");
        let mut first = Claim::take(&path).unwrap();
        first.replace(b"saved\n").unwrap();
        // The run ends without finishing (its locks go with it): the next one resumes.
        drop(first);
        let mut next = Claim::take(&path).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"saved\n");
        next.replace(b"more\n").unwrap();
        next.remove().unwrap();
        assert!(!path.exists());
    }
}
