//! Stop signals: SIGINT (Ctrl-C), SIGTERM (what Slurm, Kubernetes and systemd send to stop or
//! preempt a job) and SIGHUP (a closed terminal) are handled alike by every command.
//!
//! A watcher thread receives them. A command that polls for them ([`stop_between_chunks`]:
//! `sim odds`, whose driver looks before each chunk starts, never in the hot loop) lets the
//! chunks under way finish, starts no other, saves its checkpoint and returns [`Interrupted`].
//! Any other command exits as soon as no table is being written: nothing is half-written, no
//! temporary file is left. Either way one `sim: SIGNAL: …` line names the signal and the exit
//! status is 128 + its number: 130 (SIGINT), 143 (SIGTERM), 129 (SIGHUP). A second signal exits
//! at once. A stop signal the process was started with ignored stays ignored: `nohup` starts its
//! command with SIGHUP ignored, a shell without job control its background commands with SIGINT
//! ignored, and a run started so must outlive the hangup or the Ctrl-C meant for others.

use std::fmt;
use std::io::Write;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::Duration;

use nix::sys::signal::{SigSet, SigmaskHow, Signal};
use signal_hook::consts::signal::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::iterator::Signals;

use crate::output;

/// A signal that stops a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopSignal {
    /// SIGINT: Ctrl-C.
    Interrupt,
    /// SIGTERM: a scheduler stopping or preempting the job.
    Terminate,
    /// SIGHUP: the terminal went away.
    Hangup,
}

impl StopSignal {
    /// The signal's name, e.g. `SIGTERM`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Interrupt => "SIGINT",
            Self::Terminate => "SIGTERM",
            Self::Hangup => "SIGHUP",
        }
    }

    /// The exit status of a run it stopped: 128 + the signal's number, as shells report it.
    pub fn exit_code(self) -> u8 {
        match self {
            Self::Interrupt => 130,
            Self::Terminate => 143,
            Self::Hangup => 129,
        }
    }

    fn raw(self) -> i32 {
        match self {
            Self::Interrupt => SIGINT,
            Self::Terminate => SIGTERM,
            Self::Hangup => SIGHUP,
        }
    }

    fn from_raw(raw: i32) -> Option<Self> {
        [Self::Interrupt, Self::Terminate, Self::Hangup]
            .into_iter()
            .find(|s| s.raw() == raw)
    }
}

/// The first stop signal received (0: none).
static RECEIVED: AtomicI32 = AtomicI32::new(0);

/// Whether the command stops between chunks instead of exiting at once.
static POLLING: AtomicBool = AtomicBool::new(false);

/// Set once the watcher runs.
static INSTALLED: OnceLock<()> = OnceLock::new();

/// How long an exit waits for a table or checkpoint being written to be complete.
const WRITE_PATIENCE: Duration = Duration::from_secs(2);

/// Starts the watcher (later calls do nothing). Call it before any other thread starts.
///
/// The three signals are blocked on the calling thread while their handlers are registered,
/// then unblocked. signal-hook installs each handler (`sigaction`) before it publishes the
/// action the handler looks up, and a signal that arrives in between would be dropped: a
/// scheduler's SIGTERM lost at start would leave a job running until SIGKILL. Blocked, it waits
/// as pending and is delivered, to the installed action, once unblocked. Before `install` a
/// stop signal has its default action: the process ends, having done nothing yet.
///
/// # Errors
/// If the handlers cannot be installed, the signal mask cannot be changed, or the thread cannot
/// start.
pub fn install() -> std::io::Result<()> {
    if INSTALLED.set(()).is_err() {
        return Ok(());
    }
    let handled: Vec<Signal> = [Signal::SIGINT, Signal::SIGTERM, Signal::SIGHUP]
        .into_iter()
        .filter(|&signal| !ignored_at_start(signal))
        .collect();
    let mut stops = SigSet::empty();
    for &signal in &handled {
        stops.add(signal);
    }
    let before = stops
        .thread_swap_mask(SigmaskHow::SIG_BLOCK)
        .map_err(std::io::Error::from)?;
    let watcher = start_watcher(&handled);
    // The watcher thread keeps the blocked mask it was started with; the handler runs on a
    // thread that has them unblocked and wakes it through signal-hook's pipe.
    before.thread_set_mask().map_err(std::io::Error::from)?;
    watcher
}

/// Whether `signal`'s disposition is "ignore" (`SIG_IGN`), as the process was started with it:
/// such a signal is left ignored.
#[allow(unsafe_code)]
fn ignored_at_start(signal: Signal) -> bool {
    let mut current = std::mem::MaybeUninit::<nix::libc::sigaction>::uninit();
    // SAFETY: with a null new action `sigaction` changes nothing and only writes the current
    // action into `current`, which is read only when the call succeeded (returned 0).
    let read =
        unsafe { nix::libc::sigaction(signal as i32, std::ptr::null(), current.as_mut_ptr()) };
    // SAFETY: filled by the successful call above.
    read == 0 && unsafe { current.assume_init() }.sa_sigaction == nix::libc::SIG_IGN
}

/// Registers the handlers and starts the thread that acts on the signals they receive.
fn start_watcher(handled: &[Signal]) -> std::io::Result<()> {
    let mut signals = Signals::new(handled.iter().map(|&signal| signal as i32))?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for raw in signals.forever() {
                let Some(signal) = StopSignal::from_raw(raw) else {
                    continue;
                };
                let first = RECEIVED
                    .compare_exchange(0, raw, Ordering::SeqCst, Ordering::SeqCst)
                    .is_ok();
                if first && POLLING.load(Ordering::SeqCst) {
                    continue;
                }
                exit_now(signal, first);
            }
        })?;
    Ok(())
}

/// From now on the first signal only asks the run to start no further chunk.
pub fn stop_between_chunks() {
    POLLING.store(true, Ordering::SeqCst);
}

/// The stop signal received, if any.
pub fn requested() -> Option<StopSignal> {
    StopSignal::from_raw(RECEIVED.load(Ordering::SeqCst))
}

/// Whether a stop signal was received.
pub fn stop_requested() -> bool {
    requested().is_some()
}

fn exit_now(signal: StopSignal, first: bool) -> ! {
    // Let a table or checkpoint being written finish (a first signal), or not (a second one);
    // either way no temporary file stays behind.
    let patience = if first {
        WRITE_PATIENCE
    } else {
        Duration::ZERO
    };
    let _no_more_writes = output::stop_writing(patience);
    let what = if !first {
        "stopped at once by a second signal"
    } else if output::table_written() {
        "stopped after the table was written"
    } else {
        "stopped; nothing written"
    };
    // Holding stderr until the exit keeps this line the last: another thread's message (a
    // command's opening line, say) waits for the lock and is never written after it.
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(stderr, "sim: {}: {what}", signal.name());
    std::process::exit(i32::from(signal.exit_code()));
}

/// The error of a run stopped by a signal between chunks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Interrupted {
    /// The signal.
    pub signal: StopSignal,
    /// What happened to the run's progress.
    pub message: String,
}

impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.signal.name(), self.message)
    }
}

impl std::error::Error for Interrupted {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_are_128_plus_the_signal_number() {
        for signal in [
            StopSignal::Interrupt,
            StopSignal::Terminate,
            StopSignal::Hangup,
        ] {
            assert_eq!(i32::from(signal.exit_code()), 128 + signal.raw());
            assert_eq!(StopSignal::from_raw(signal.raw()), Some(signal));
        }
        assert_eq!(StopSignal::from_raw(0), None);
    }
}
