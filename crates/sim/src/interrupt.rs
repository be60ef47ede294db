//! Ctrl-C: the first one asks the run to stop at the next wave boundary (saving its checkpoint);
//! a second one exits at once. The flag is read between waves, never in the hot loop.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

/// Exit status of a run stopped by Ctrl-C: 128 + SIGINT, as shells report it.
pub const EXIT_CODE: u8 = 130;

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// Installs the Ctrl-C handler (once per process; later calls keep the first handler).
pub fn install() {
    // An error means a handler is already installed, which is this one.
    let _ = ctrlc::set_handler(|| {
        if REQUESTED.swap(true, Ordering::SeqCst) {
            std::process::exit(i32::from(EXIT_CODE));
        }
    });
}

/// Whether Ctrl-C was pressed.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// The error of a run stopped by Ctrl-C (exit status [`EXIT_CODE`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Interrupted(pub String);

impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Interrupted {}
