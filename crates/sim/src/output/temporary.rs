//! The temporary file `.NAME.sim-tmp` beside a destination: opened and locked (one writer at
//! a time), filled, synced and renamed into place, and registered meanwhile so that an exit
//! that cannot wait removes it.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use super::paths::folder_of;

/// The temporary files this process holds the locks of while writing them: an immediate exit
/// that cannot wait removes them (and never one another process is writing).
static TEMPORARY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Times a writer starts over when another writer renamed its temporary file away under it.
const LOCK_TRIES: usize = 16;

/// The error of a writer that finds another one writing the same file.
pub(super) fn another_writer() -> std::io::Error {
    std::io::Error::other("another sim process is writing it at this moment")
}

/// Opens `temporary` (creating it: 0666 narrowed by the umask, as any new file), takes its lock
/// and returns it once the name still leads to the locked file, registered for removal by an
/// exit that cannot wait. A stale temporary file left by a killed run is reused.
///
/// # Errors
/// [`another_writer`] when another process holds the lock; any error opening it.
pub(crate) fn lock_temporary(temporary: &Path) -> std::io::Result<File> {
    for _ in 0..LOCK_TRIES {
        let file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o666)
            .open(temporary)?;
        // Another sim writing the same destination holds the lock until its rename. Failing
        // here touches nothing: the file is the other writer's.
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => return Err(another_writer()),
            Err(std::fs::TryLockError::Error(e)) => return Err(e),
        }
        // Between the open and the lock another writer may have renamed this very file over
        // its destination: then the lock is on its finished table, and writing into it would
        // truncate that table. The name leads elsewhere (or nowhere): start over.
        if is_at(&file, temporary)? {
            temporaries().push(temporary.to_path_buf());
            return Ok(file);
        }
    }
    Err(another_writer())
}

/// Fills the locked temporary `file` with `bytes`, syncs it and renames it over `target`,
/// returning the file (still locked, now named `target`). On failure the temporary file, which
/// this process holds, is removed.
///
/// # Errors
/// Any write, sync or rename failure.
pub(crate) fn commit(
    mut file: File,
    temporary: &Path,
    target: &Path,
    bytes: &[u8],
) -> std::io::Result<File> {
    let result = fill(&mut file, bytes).and_then(|()| rename_into_place(temporary, target));
    if result.is_err() {
        let _ = std::fs::remove_file(temporary);
    }
    forget_temporary(temporary);
    result.map(|()| file)
}

/// Replaces a locked temporary file's contents with `bytes` and syncs them.
pub(super) fn fill(file: &mut File, bytes: &[u8]) -> std::io::Result<()> {
    file.set_len(0)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// Renames a filled temporary file over `target`, durably where the file system allows.
pub(super) fn rename_into_place(temporary: &Path, target: &Path) -> std::io::Result<()> {
    std::fs::rename(temporary, target)?;
    sync_folder(target);
    Ok(())
}

/// The temporary files this process holds (see [`TEMPORARY`]).
pub(super) fn temporaries() -> MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARY.lock().unwrap_or_else(|p| p.into_inner())
}

/// Takes `temporary` off the files an immediate exit removes: renamed or removed already.
pub(super) fn forget_temporary(temporary: &Path) {
    temporaries().retain(|path| path != temporary);
}

/// Gives up a locked temporary file without renaming it: removes it.
pub(crate) fn abandon(temporary: &Path) {
    let _ = std::fs::remove_file(temporary);
    forget_temporary(temporary);
}

/// Whether `path` (not following a final symbolic link) names the open `file`.
///
/// # Errors
/// If either cannot be examined for a reason other than `path` not existing.
pub(crate) fn is_at(file: &File, path: &Path) -> std::io::Result<bool> {
    let open = file.metadata()?;
    match std::fs::symlink_metadata(path) {
        Ok(named) => Ok(named.dev() == open.dev() && named.ino() == open.ino()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(e),
    }
}

/// Makes the rename durable where the file system allows it (best effort).
fn sync_folder(target: &Path) {
    if let Ok(folder) = File::open(folder_of(target)) {
        let _ = folder.sync_all();
    }
}
