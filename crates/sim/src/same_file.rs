//! Refusing two paths of one command that name the same file (`--checkpoint X --out X` would
//! delete the finished table; `merge a.json --out a.json` would overwrite an input).

use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use crate::error::UsageError;
use crate::output::paths::{folder_of, follow_links, is_standard_stream};

/// What a path names: an existing file's (device, inode), or a new file's canonical folder and
/// name. Links are followed; a path that cannot be resolved names itself.
#[derive(Debug, Clone, PartialEq, Eq)]
enum FileIdentity {
    Existing(u64, u64),
    New(PathBuf),
}

fn identity(path: &Path) -> FileIdentity {
    let target = follow_links(path).unwrap_or_else(|_| path.to_path_buf());
    if let Ok(meta) = std::fs::metadata(&target) {
        return FileIdentity::Existing(meta.dev(), meta.ino());
    }
    let folder = std::fs::canonicalize(folder_of(&target))
        .unwrap_or_else(|_| folder_of(&target).to_path_buf());
    FileIdentity::New(folder.join(target.file_name().unwrap_or_default()))
}

/// Refuses any two of `paths` (each with the flag or argument that gave it) that name the same
/// file, before any work starts. Streams such as `/dev/null` or `/dev/stdout` may repeat, and `-`
/// (stdin as an input, stdout as an output) names no file.
///
/// # Errors
/// A usage error naming both flags and the path.
pub fn refuse_same_file(paths: &[(&str, &Path)]) -> Result<(), UsageError> {
    let ids: Vec<FileIdentity> = paths.iter().map(|(_, p)| identity(p)).collect();
    for (i, (flag_a, path_a)) in paths.iter().enumerate() {
        for (j, (flag_b, path_b)) in paths.iter().enumerate().skip(i + 1) {
            if ids[i] == ids[j] && !is_stream(path_a) && !is_standard_stream(path_a) {
                return Err(UsageError::new(format!(
                    "{flag_a} {} and {flag_b} {} name the same file; give them different paths",
                    path_a.display(),
                    path_b.display()
                )));
            }
        }
    }
    Ok(())
}

/// Character devices and FIFOs (written through, never replaced) may be named twice.
fn is_stream(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::metadata(path).is_ok_and(|m| {
        let kind = m.file_type();
        kind.is_char_device() || kind.is_fifo()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_file_by_any_name_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.csv");
        let link = dir.path().join("link.csv");
        std::os::unix::fs::symlink("a.csv", &link).unwrap();
        // Neither exists yet: compared by folder and name, through the link.
        let err = refuse_same_file(&[("--out", &a), ("--checkpoint", &link)]).unwrap_err();
        assert!(
            err.0.contains("--out") && err.0.contains("--checkpoint"),
            "{err}"
        );
        std::fs::write(&a, "x").unwrap();
        let dotted = dir.path().join(".").join("a.csv");
        assert!(refuse_same_file(&[("SHARD", &a), ("--out", &dotted)]).is_err());
        let b = dir.path().join("b.csv");
        assert!(refuse_same_file(&[("--out", &a), ("--checkpoint", &b)]).is_ok());
        let null = Path::new("/dev/null");
        assert!(refuse_same_file(&[("--out", null), ("--matrix", null)]).is_ok());
    }
}
