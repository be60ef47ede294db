//! Where a finished table goes: stdout, a stream written through (a device, a FIFO, `/dev/stdout`),
//! or a regular file replaced atomically.
//!
//! Every path is checked when the command starts, before any work: a folder, a missing or
//! unwritable folder, or a file that cannot be replaced fails at once. A regular file is written
//! through a temporary file `.NAME.sim-tmp` beside it (beside the link's target for a symbolic
//! link), which exists only while the finished table is being written and is then renamed over
//! the destination: a failed or interrupted run leaves neither a partial file nor a clobbered old
//! one. The temporary file's name is fixed, so a run killed in that instant leaves at most one,
//! which the next run to the same destination reuses. A name too long to take the nine extra
//! bytes keeps its first bytes and gets a hash of the whole name instead
//! (`.NAME-PREFIX-0123456789abcdef.sim-tmp`, 255 bytes at most).
//!
//! Two processes writing one destination take turns through a lock on the temporary file: the
//! one that finds it locked says that another sim process is writing it, and touches nothing.
//! One that locked a temporary file the other had just renamed into place notices (the name no
//! longer leads to the file it holds) and starts over with a fresh one.

use std::fs::OpenOptions;
use std::io::Write;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

use anyhow::{Context, bail};

pub mod paths;
mod stdout;
mod temporary;

use paths::{folder_of, follow_links, is_descriptor_path, temporary_path};
pub use stdout::record_stdout_at_start;
use stdout::stdout_was_closed;
pub(crate) use temporary::{abandon, commit, is_at, lock_temporary};
use temporary::{fill, forget_temporary, rename_into_place, temporaries};

/// Held while a table or checkpoint is being written, so that a signal's immediate exit waits for
/// the write to finish (or not to have started) instead of cutting it in half.
static WRITING: Mutex<()> = Mutex::new(());

/// Whether this process has written its table (then a late signal has nothing left to stop).
static TABLE_WRITTEN: AtomicBool = AtomicBool::new(false);

/// A checked destination.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    /// Standard output.
    Stdout,
    /// A path that is not a regular file (a character device, FIFO or `/dev/stdout`-style path),
    /// opened and written through directly.
    Stream {
        /// The path as given.
        path: PathBuf,
    },
    /// A regular file (existing or not), replaced atomically.
    File {
        /// The path as given, for messages.
        shown: PathBuf,
        /// The file actually replaced: `shown`, or the end of its chain of symbolic links.
        target: PathBuf,
    },
}

impl Output {
    /// Checks the destination: stdout for `None` or `-` ([`paths::STANDARD_STREAM`]), else what
    /// `path` names.
    ///
    /// # Errors
    /// If stdout is closed, `path` is a folder, its folder is missing or not writable, or its
    /// links go nowhere.
    pub fn create(path: Option<&Path>) -> anyhow::Result<Self> {
        match path {
            None => Self::create(Some(Path::new(paths::STANDARD_STREAM))),
            Some(path) if paths::is_standard_stream(path) => {
                if stdout_was_closed() {
                    bail!("stdout is closed: nowhere to write the table (use --out FILE)");
                }
                Ok(Self::Stdout)
            }
            Some(path) => Self::checked(path, "cannot write"),
        }
    }

    /// Checks a path written whole from time to time (a checkpoint): it must be, or become, a
    /// regular file in a writable folder.
    ///
    /// # Errors
    /// As [`Output::create`], and for a device, FIFO or stream path.
    pub fn checkpoint(path: &Path) -> anyhow::Result<Self> {
        let output = if paths::is_standard_stream(path) {
            Self::Stdout
        } else {
            Self::checked(path, "cannot save checkpoint")?
        };
        if let Self::Stream { .. } | Self::Stdout = output {
            bail!(
                "cannot save checkpoint {}: not a regular file",
                path.display()
            );
        }
        Ok(output)
    }

    fn checked(path: &Path, what: &str) -> anyhow::Result<Self> {
        if path.as_os_str().is_empty() {
            bail!("{what} '': empty path");
        }
        if is_descriptor_path(path) {
            return Ok(Self::Stream {
                path: path.to_path_buf(),
            });
        }
        let target = follow_links(path).with_context(|| format!("{what} {}", path.display()))?;
        match std::fs::metadata(&target) {
            Ok(meta) if meta.is_dir() => {
                bail!("{what} {}: it is a folder", path.display())
            }
            Ok(meta) if !meta.is_file() => {
                let kind = meta.file_type();
                if kind.is_char_device() || kind.is_fifo() || kind.is_block_device() {
                    return Ok(Self::Stream {
                        path: path.to_path_buf(),
                    });
                }
                bail!("{what} {}: not a file, device or FIFO", path.display())
            }
            Ok(_) | Err(_) => {}
        }
        let folder = folder_of(&target);
        if !folder.is_dir() {
            bail!(
                "{what} {}: folder {} does not exist",
                path.display(),
                folder.display()
            );
        }
        if rustix::fs::access(folder, rustix::fs::Access::WRITE_OK).is_err() {
            bail!(
                "{what} {}: folder {} is not writable",
                path.display(),
                folder.display()
            );
        }
        probe(&target).with_context(|| format!("{what} {}", path.display()))?;
        Ok(Self::File {
            shown: path.to_path_buf(),
            target,
        })
    }

    /// The file this output replaces, if it is one: for telling whether two outputs are the same.
    pub fn file(&self) -> Option<&Path> {
        match self {
            Self::File { target, .. } => Some(target),
            Self::Stdout | Self::Stream { .. } => None,
        }
    }

    /// Writes the finished table.
    ///
    /// # Errors
    /// On any write failure (a closed stdout pipe included: the caller decides it is benign).
    pub fn finish(self, bytes: &[u8]) -> anyhow::Result<()> {
        self.write(bytes, "cannot write")?;
        TABLE_WRITTEN.store(true, Ordering::SeqCst);
        Ok(())
    }

    /// Writes `bytes` whole: to stdout, through the stream, or atomically to the file.
    ///
    /// # Errors
    /// On any write failure, with `what` and the path as context.
    pub fn write(&self, bytes: &[u8], what: &str) -> anyhow::Result<()> {
        let _writing = writing();
        match self {
            Self::Stdout => {
                let mut stdout = std::io::stdout().lock();
                stdout.write_all(bytes)?;
                stdout.flush()?;
                Ok(())
            }
            Self::Stream { path } => {
                let context = || format!("{what} {}", path.display());
                let mut stream = OpenOptions::new()
                    .write(true)
                    .open(path)
                    .with_context(context)?;
                stream.write_all(bytes).with_context(context)?;
                stream.flush().with_context(context)?;
                Ok(())
            }
            Self::File { shown, target } => {
                replace_file(target, bytes).with_context(|| format!("{what} {}", shown.display()))
            }
        }
    }
}

/// Whether this process has written its table.
pub fn table_written() -> bool {
    TABLE_WRITTEN.load(Ordering::SeqCst)
}

/// Waits until no table or checkpoint is being written, then keeps any from starting: for a
/// signal's exit. Gives up after `patience` (a write blocked on a FIFO nobody reads) and then
/// removes the temporary file itself.
pub fn stop_writing(patience: std::time::Duration) -> Option<MutexGuard<'static, ()>> {
    let until = std::time::Instant::now() + patience;
    loop {
        match WRITING.try_lock() {
            Ok(guard) => return Some(guard),
            Err(std::sync::TryLockError::Poisoned(p)) => return Some(p.into_inner()),
            Err(std::sync::TryLockError::WouldBlock) => {}
        }
        if std::time::Instant::now() >= until {
            let temporaries = std::mem::take(&mut *temporaries());
            for path in temporaries {
                let _ = std::fs::remove_file(path);
            }
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Held while a table or checkpoint is being written (see [`stop_writing`]).
pub(crate) fn writing() -> MutexGuard<'static, ()> {
    WRITING.lock().unwrap_or_else(|p| p.into_inner())
}

/// Writes `bytes` to `.NAME.sim-tmp` beside `target`, syncs it and renames it over `target`.
fn replace_file(target: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let temporary = temporary_path(target);
    let file = lock_temporary(&temporary)?;
    commit(file, &temporary, target, bytes).map(drop)
}

/// Writes the finished tables of a command with more than one output (`sim shuffle audit
/// --matrix`) as one: nothing is replaced unless every table could be written. Streams and stdout
/// go first, since only they can still fail in ways the checks at the start cannot foresee (a full
/// device, a closed pipe); then each file's temporary file is filled and synced, and only once all
/// of them are does any take its destination's place. A failure before the renames leaves every
/// existing file as it was.
///
/// # Errors
/// As [`Output::finish`], for the first table that fails.
pub fn finish_together(tables: Vec<(Output, Vec<u8>)>) -> anyhow::Result<()> {
    let (files, streams): (Vec<_>, Vec<_>) = tables
        .into_iter()
        .partition(|(output, _)| output.file().is_some());
    for (output, bytes) in &streams {
        output.write(bytes, "cannot write")?;
    }
    let _writing = writing();
    let mut filled: Vec<(PathBuf, &Path)> = Vec::new();
    let give_up = |filled: &[(PathBuf, &Path)]| {
        for (temporary, _) in filled {
            abandon(temporary);
        }
    };
    for (output, bytes) in &files {
        let Output::File { shown, target } = output else {
            unreachable!("partitioned by Output::file")
        };
        let temporary = temporary_path(target);
        let written = lock_temporary(&temporary).and_then(|mut file| {
            filled.push((temporary.clone(), target));
            fill(&mut file, bytes)
        });
        if let Err(e) = written {
            give_up(&filled);
            return Err(e).with_context(|| format!("cannot write {}", shown.display()));
        }
    }
    for (temporary, target) in &filled {
        let renamed = rename_into_place(temporary, target);
        forget_temporary(temporary);
        renamed.with_context(|| format!("cannot write {}", target.display()))?;
    }
    TABLE_WRITTEN.store(true, Ordering::SeqCst);
    Ok(())
}

/// Proves that a file can be created in `target`'s folder (some folders pass `access(2)` and still
/// take no files: `/proc`, a read-only mount, for root). An unnamed `O_TMPFILE` file proves it
/// without a name that a SIGKILL could leave behind; where the file system has no `O_TMPFILE`,
/// the temporary file itself is created and removed at once.
fn probe(target: &Path) -> std::io::Result<()> {
    use rustix::fs::{Mode, OFlags};
    let folder = folder_of(target);
    match rustix::fs::open(
        folder,
        OFlags::WRONLY | OFlags::TMPFILE,
        Mode::RUSR | Mode::WUSR,
    ) {
        Ok(_unnamed) => Ok(()),
        Err(e) if e == rustix::io::Errno::OPNOTSUPP || e == rustix::io::Errno::ISDIR => {
            let temporary = temporary_path(target);
            let file = OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(false)
                .mode(0o666)
                .open(&temporary)?;
            if let Err(std::fs::TryLockError::WouldBlock) = file.try_lock() {
                // Another sim is writing it right now; the write itself will say so.
                return Ok(());
            }
            // Only a file still at that name is this probe's to remove (another writer may
            // have renamed it into place meanwhile).
            if is_at(&file, &temporary)? {
                std::fs::remove_file(&temporary)?;
            }
            Ok(())
        }
        Err(e) => Err(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptor_paths_are_streams() {
        for path in ["/dev/stdout", "/dev/stderr", "/dev/fd/1", "/proc/self/fd/1"] {
            assert!(is_descriptor_path(Path::new(path)), "{path}");
            assert_eq!(
                Output::create(Some(Path::new(path))).unwrap(),
                Output::Stream { path: path.into() }
            );
        }
        assert!(!is_descriptor_path(Path::new("/dev/null")));
        assert!(matches!(
            Output::create(Some(Path::new("/dev/null"))).unwrap(),
            Output::Stream { .. }
        ));
    }

    #[test]
    fn links_are_followed_to_their_target_even_when_it_is_missing() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.csv");
        let link = dir.path().join("link.csv");
        std::os::unix::fs::symlink("real.csv", &link).unwrap();
        let out = Output::create(Some(&link)).unwrap();
        assert_eq!(out.file(), Some(real.as_path()));
        out.finish(b"a,b\n").unwrap();
        assert_eq!(std::fs::read(&real).unwrap(), b"a,b\n");
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        let mut names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        assert_eq!(names, ["link.csv", "real.csv"]);
    }

    #[test]
    fn folders_and_missing_folders_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let err = Output::create(Some(dir.path())).unwrap_err().to_string();
        assert!(err.contains("it is a folder"), "{err}");
        let missing = dir.path().join("missing/x.csv");
        let err = Output::create(Some(&missing)).unwrap_err().to_string();
        assert!(err.contains("does not exist"), "{err}");
        let err = Output::checkpoint(Path::new("/dev/null"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("not a regular file"), "{err}");
    }

    #[test]
    fn a_stale_temporary_file_is_reused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.csv");
        std::fs::write(temporary_path(&path), b"stale stale stale").unwrap();
        Output::create(Some(&path)).unwrap().finish(b"x\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"x\n");
        assert!(!temporary_path(&path).exists());
    }
}
