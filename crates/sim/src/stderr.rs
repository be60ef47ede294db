//! Messages on stderr that never stop the program: [`stderr_line!`](crate::stderr_line) and
//! [`stderr_text!`](crate::stderr_text) write as `eprintln!` and `eprint!` do, but a stderr
//! that cannot be written (a full disk, a closed or broken descriptor) is ignored, where the
//! standard macros panic. The summary lines and error messages are a courtesy to the reader;
//! the exit status and the output files carry the result, and a run that has finished its work
//! must not turn into a crash (exit 101) because its last message could not be shown.
//!
//! `sim` denies `clippy::print_stderr`, so every message goes through these.

/// Writes a formatted line to stderr, as `eprintln!` does, ignoring a failed write.
#[macro_export]
macro_rules! stderr_line {
    ($($arg:tt)*) => {{
        use ::std::io::Write as _;
        let _ = ::std::writeln!(::std::io::stderr(), $($arg)*);
    }};
}

/// Writes formatted text to stderr, as `eprint!` does, ignoring a failed write.
#[macro_export]
macro_rules! stderr_text {
    ($($arg:tt)*) => {{
        use ::std::io::Write as _;
        let _ = ::std::write!(::std::io::stderr(), $($arg)*);
    }};
}
