//! Writing a finished table to stdout or, atomically, to a file.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use tempfile::NamedTempFile;

/// Where a table will be written, opened before the work starts so that a bad path fails at once.
///
/// A file target is a temporary file in the destination's folder, renamed over the destination
/// only once the whole table is written and flushed: a failed or interrupted run leaves neither a
/// partial file nor a clobbered old one.
#[derive(Debug)]
pub enum Output {
    /// Standard output.
    Stdout,
    /// A temporary file to be renamed to `path`.
    File {
        /// The open temporary file.
        temp: NamedTempFile,
        /// The destination.
        path: PathBuf,
    },
}

impl Output {
    /// Prepares the target: stdout for `None`, else a temporary file beside `path`.
    ///
    /// # Errors
    /// If the folder is missing or not writable, or `path` is a folder.
    pub fn create(path: Option<&Path>) -> anyhow::Result<Self> {
        let Some(path) = path else {
            return Ok(Self::Stdout);
        };
        if path.is_dir() {
            bail!("cannot write {}: it is a folder", path.display());
        }
        let folder = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        if !folder.is_dir() {
            bail!(
                "cannot write {}: folder {} does not exist",
                path.display(),
                folder.display()
            );
        }
        let mut builder = tempfile::Builder::new();
        builder.prefix(".sim-").suffix(".tmp");
        // A temporary file is private (0600) by default and the rename keeps that; a table is an
        // ordinary file, so ask for the usual 0666 and let the umask narrow it.
        #[cfg(unix)]
        builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        let temp = builder
            .tempfile_in(folder)
            .with_context(|| format!("cannot write {}", path.display()))?;
        Ok(Self::File {
            temp,
            path: path.to_path_buf(),
        })
    }

    /// Writes `bytes` and, for a file, flushes it and renames it into place.
    ///
    /// # Errors
    /// On any write failure (a closed stdout pipe included: the caller decides it is benign).
    pub fn finish(self, bytes: &[u8]) -> anyhow::Result<()> {
        match self {
            Self::Stdout => {
                let mut stdout = std::io::stdout().lock();
                stdout.write_all(bytes)?;
                stdout.flush()?;
                Ok(())
            }
            Self::File { mut temp, path } => {
                let context = || format!("cannot write {}", path.display());
                temp.write_all(bytes).with_context(context)?;
                temp.flush().with_context(context)?;
                temp.persist(&path)
                    .map_err(|e| e.error)
                    .with_context(context)?;
                Ok(())
            }
        }
    }
}
