//! The paths an output involves: the end of a chain of symbolic links, the folder a file lives
//! in, descriptor paths written through, and the fixed name of the temporary file beside a
//! destination.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// Symbolic links followed before giving up (as the kernel's own limit).
pub(crate) const MAX_LINKS: usize = 40;

/// The longest file name that ext4, XFS, btrfs and tmpfs take (`NAME_MAX`).
pub(crate) const NAME_MAX: usize = 255;

/// What a temporary file's name adds to the destination's: `.` before, `.sim-tmp` after.
pub(crate) const TEMPORARY_SUFFIX: &str = ".sim-tmp";

/// `.NAME.sim-tmp` in `target`'s folder; for a name too long for that, its first bytes and a
/// hash of the whole name, so that the temporary name is at most 255 bytes (`NAME_MAX`) and still
/// fixed for each destination.
pub fn temporary_path(target: &Path) -> PathBuf {
    let name = target.file_name().unwrap_or_default();
    let mut temporary = OsString::from(".");
    if 1 + name.len() + TEMPORARY_SUFFIX.len() <= NAME_MAX {
        temporary.push(name);
    } else {
        let bytes = name.as_bytes();
        let hash = format!("-{:016x}", crate::identity::fnv1a(bytes));
        let mut keep = NAME_MAX - 1 - hash.len() - TEMPORARY_SUFFIX.len();
        // Cut a UTF-8 name between characters, so that the temporary name stays readable.
        if let Ok(text) = std::str::from_utf8(bytes) {
            keep = text.floor_char_boundary(keep);
        }
        temporary.push(OsStr::from_bytes(&bytes[..keep]));
        temporary.push(hash);
    }
    temporary.push(TEMPORARY_SUFFIX);
    folder_of(target).join(temporary)
}

/// The folder a path's file lives in (`.` for a bare name).
pub(crate) fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// The path that names the standard stream, as in most command-line tools: `--out -` writes the
/// table to stdout, and an input `-` is read from stdin.
pub const STANDARD_STREAM: &str = "-";

/// Whether `path` is [`STANDARD_STREAM`].
pub fn is_standard_stream(path: &Path) -> bool {
    path.as_os_str() == STANDARD_STREAM
}

/// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/…/fd/N` name an open descriptor, not a
/// file to replace: they are written through.
pub(crate) fn is_descriptor_path(path: &Path) -> bool {
    let text = path.as_os_str().as_encoded_bytes();
    text.starts_with(b"/dev/std") || text.starts_with(b"/dev/fd/") || {
        text.starts_with(b"/proc/") && text.windows(4).any(|w| w == b"/fd/")
    }
}

/// The end of `path`'s chain of symbolic links (or `path` itself), which need not exist yet.
pub(crate) fn follow_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&current)?;
                current = if link.is_absolute() {
                    link
                } else {
                    folder_of(&current).join(link)
                };
                if is_descriptor_path(&current) {
                    return Ok(current);
                }
            }
            _ => return Ok(current),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}
