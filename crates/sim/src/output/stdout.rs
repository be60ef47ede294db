//! Whether the process started with stdout closed: recorded before Rust's runtime opens
//! `/dev/null` in its place, guessed from the descriptor when it was not.

use std::sync::atomic::{AtomicU8, Ordering};

/// What the process knew of descriptor 1 before Rust's runtime started
/// ([`record_stdout_at_start`]): [`STDOUT_UNKNOWN`], [`STDOUT_OPEN`] or [`STDOUT_CLOSED`].
static STDOUT_AT_START: AtomicU8 = AtomicU8::new(STDOUT_UNKNOWN);
const STDOUT_UNKNOWN: u8 = 0;
const STDOUT_OPEN: u8 = 1;
const STDOUT_CLOSED: u8 = 2;

/// Records whether descriptor 1 is open. The `sim` binary calls it from a constructor that runs
/// before Rust's runtime, which opens `/dev/null` in place of a closed standard descriptor: only
/// then can a closed stdout (`sim odds >&-`) be told from a `/dev/null` that a launcher opened
/// on purpose (Python's `subprocess.DEVNULL`, read-write like the runtime's). It only reads the
/// descriptor's flags and stores one atomic, so it is safe to run before `main`.
pub fn record_stdout_at_start() {
    // SAFETY: descriptor 1 is only borrowed for the one `fcntl` call, which reports `EBADF`
    // rather than touching anything when it is closed.
    #[allow(unsafe_code)]
    let stdout = unsafe { rustix::fd::BorrowedFd::borrow_raw(1) };
    let state = match rustix::io::fcntl_getfd(stdout) {
        Err(rustix::io::Errno::BADF) => STDOUT_CLOSED,
        _ => STDOUT_OPEN,
    };
    STDOUT_AT_START.store(state, Ordering::SeqCst);
}

/// Whether the process started with stdout closed (`sim odds >&-`), where the table would vanish
/// into the runtime's `/dev/null` with exit status 0. Known exactly when the binary recorded it
/// ([`record_stdout_at_start`]); otherwise (the library called from elsewhere, or a platform
/// without the constructor) guessed as before: a `/dev/null` opened read-write, as the runtime
/// opens it, counts as closed, and a shell's `>/dev/null`, write-only, does not.
pub(super) fn stdout_was_closed() -> bool {
    match STDOUT_AT_START.load(Ordering::SeqCst) {
        STDOUT_CLOSED => return true,
        STDOUT_OPEN => return false,
        _ => {}
    }
    let stdout = std::io::stdout();
    let Ok(stat) = rustix::fs::fstat(&stdout) else {
        return true;
    };
    let is_null = rustix::fs::FileType::from_raw_mode(stat.st_mode)
        == rustix::fs::FileType::CharacterDevice
        && rustix::fs::major(stat.st_rdev) == 1
        && rustix::fs::minor(stat.st_rdev) == 3;
    is_null
        && rustix::fs::fcntl_getfl(&stdout)
            .is_ok_and(|flags| flags & rustix::fs::OFlags::RWMODE == rustix::fs::OFlags::RDWR)
}
