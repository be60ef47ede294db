//! `sim`: parse the command line, run it, map the outcome to an exit code.
#![deny(clippy::print_stderr)]

use std::process::ExitCode;

use clap::Parser;
use clap::error::ErrorKind;
use sim::cli::Cli;
use sim::cli::error_line::error_line;
use sim::error::UsageError;
use sim::interrupt::Interrupted;

/// Records whether stdout is open before Rust's runtime replaces a closed one with `/dev/null`
/// ([`sim::output::record_stdout_at_start`]): the C runtime calls the functions listed in
/// `.init_array` before `main` and before Rust's own start-up.
#[cfg(any(target_os = "linux", target_os = "android", target_os = "freebsd"))]
#[used]
// SAFETY: the entry is a plain `extern "C" fn()` with no arguments, as `.init_array` entries
// are called, and the function only makes one `fcntl` call and stores one atomic.
#[allow(unsafe_code)]
#[unsafe(link_section = ".init_array")]
static RECORD_STDOUT_AT_START: extern "C" fn() = record_stdout_at_start;

#[cfg(any(target_os = "linux", target_os = "android", target_os = "freebsd"))]
extern "C" fn record_stdout_at_start() {
    sim::output::record_stdout_at_start();
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return clap_exit(&err),
    };
    // Before any work: SIGINT, SIGTERM and SIGHUP stop every command cleanly from here on.
    if let Err(err) = sim::interrupt::install() {
        sim::stderr_line!("sim: cannot handle stop signals: {err}");
        return ExitCode::FAILURE;
    }
    match sim::run(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            sim::stderr_line!("sim: {err:#}");
            if let Some(stopped) = err.downcast_ref::<Interrupted>() {
                ExitCode::from(stopped.signal.exit_code())
            } else if err.downcast_ref::<UsageError>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// Help and version go out as clap renders them; usage errors become one `sim: …` line, exit 2,
/// that keeps clap's suggestions ([`error_line`]).
fn clap_exit(err: &clap::Error) -> ExitCode {
    match err.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = err.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = err.print();
            ExitCode::from(2)
        }
        _ => {
            sim::stderr_line!("sim: {}", error_line(err));
            ExitCode::from(2)
        }
    }
}

/// A closed stdout pipe (`sim odds | head -1`) is the reader's choice, not a failure.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
