//! Reading an input file whole, up to a bound. A command's input tables are small; a path such
//! as `/dev/zero`, or a multi-gigabyte file named by mistake, must be refused with a message, not
//! read until memory runs out (the allocator then aborts the process with a backtrace).
//!
//! ```text
//!  file ──open──▶ regular and longer than the limit? ──▶ refused at once (no byte read)
//!                 else read at most limit + 1 bytes  ──▶ limit + 1 read? refused, else the bytes
//! ```

use std::fs::File;
use std::io::Read;
use std::path::Path;

use anyhow::Context;

use crate::error::UsageError;
use crate::output::paths::is_standard_stream;

/// Reads the file at `path` whole if it holds at most `limit` bytes; `-` reads stdin. `reader`
/// names the command that reads it, for the message (`sim plot`). A device, FIFO or stdin that
/// never ends (`/dev/zero`) is read only to `limit + 1` bytes.
///
/// # Errors
/// A runtime error if the file cannot be opened or read; a usage error naming the file and the
/// limit if it holds more than `limit` bytes.
pub fn read_bounded(path: &Path, limit: u64, reader: &str) -> anyhow::Result<Vec<u8>> {
    let stdin = is_standard_stream(path);
    let shown = if stdin {
        "stdin".to_string()
    } else {
        path.display().to_string()
    };
    let unreadable = || format!("cannot read {shown}");
    let too_long = || {
        UsageError::new(format!(
            "{shown} is longer than {}, the most {reader} reads",
            size_words(limit)
        ))
    };
    let mut bytes = Vec::new();
    if stdin {
        std::io::stdin()
            .lock()
            .take(limit.saturating_add(1))
            .read_to_end(&mut bytes)
            .with_context(unreadable)?;
    } else {
        let file = File::open(path).with_context(unreadable)?;
        // A regular file says its length: one too long is refused without reading it.
        if file
            .metadata()
            .is_ok_and(|meta| meta.is_file() && meta.len() > limit)
        {
            return Err(too_long().into());
        }
        file.take(limit.saturating_add(1))
            .read_to_end(&mut bytes)
            .with_context(unreadable)?;
    }
    if bytes.len() as u64 > limit {
        return Err(too_long().into());
    }
    Ok(bytes)
}

/// A byte count as people write it: `64 MiB`, `1 KiB`, else `1000 bytes`.
fn size_words(bytes: u64) -> String {
    for (unit, name) in [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")] {
        if bytes >= unit && bytes.is_multiple_of(unit) {
            return format!("{} {name}", bytes / unit);
        }
    }
    format!("{bytes} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_within_the_limit_reads_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.csv");
        std::fs::write(&path, b"a,b\n1,2\n").unwrap();
        assert_eq!(read_bounded(&path, 8, "sim plot").unwrap(), b"a,b\n1,2\n");
    }

    #[test]
    fn a_file_past_the_limit_is_refused_naming_it_and_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.csv");
        std::fs::write(&path, b"a,b\n1,2\n").unwrap();
        let err = read_bounded(&path, 7, "sim plot").unwrap_err();
        assert!(err.downcast_ref::<UsageError>().is_some());
        assert_eq!(
            err.to_string(),
            format!(
                "{} is longer than 7 bytes, the most sim plot reads",
                path.display()
            )
        );
    }

    #[test]
    fn an_endless_device_is_read_only_to_the_limit() {
        let err = read_bounded(Path::new("/dev/zero"), 1 << 20, "sim plot").unwrap_err();
        assert_eq!(
            err.to_string(),
            "/dev/zero is longer than 1 MiB, the most sim plot reads"
        );
    }

    #[test]
    fn a_missing_file_is_a_runtime_error() {
        let err = read_bounded(Path::new("/nonexistent/t.csv"), 8, "sim plot").unwrap_err();
        assert!(err.downcast_ref::<UsageError>().is_none());
        assert!(format!("{err:#}").starts_with("cannot read /nonexistent/t.csv: "));
    }

    #[test]
    fn sizes_read_in_their_largest_whole_unit() {
        assert_eq!(size_words(64 << 20), "64 MiB");
        assert_eq!(size_words(1 << 30), "1 GiB");
        assert_eq!(size_words(3 << 10), "3 KiB");
        assert_eq!(size_words(1000), "1000 bytes");
        assert_eq!(size_words(0), "0 bytes");
    }
}
