//! Arguments of `sim serve`.

use std::net::IpAddr;

use clap::Args;

use super::examples::{self, Example};

/// Arguments of `sim serve`.
#[derive(Debug, Clone, Args)]
#[command(after_long_help = examples::long_help(EXAMPLES))]
#[command(after_help = examples::short_help("sim serve"))]
pub struct ServeArgs {
    /// The port to listen on; 0 takes a free one (the line on stderr names it).
    #[arg(long, value_name = "P", default_value_t = 8765)]
    pub port: u16,
    /// Open the page in the system's browser once the server listens (xdg-open or open).
    #[arg(long)]
    pub open: bool,
    /// Listen on this address instead of 127.0.0.1, e.g. `0.0.0.0`: anyone who can reach it
    /// can run computations (a warning is printed), and the Host header is no longer checked.
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<IpAddr>,
    /// Computations run at once, 1 to 64; others wait their turn, up to 64 more, and any more
    /// are refused (503).
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub jobs: u16,
    /// The longest a computation may run, in seconds: it is stopped then (1 to 3600).
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub max_seconds: u64,
    /// The most Monte Carlo rounds a request may ask for (`--rounds`), e.g. `1e9`.
    #[arg(long, value_name = "N", default_value = "1e9", value_parser = super::count::parse_count)]
    pub max_rounds: u64,
    /// Worker threads of each computation, 1 to 1024 (default: all cores).
    #[arg(long, value_name = "T")]
    pub threads: Option<usize>,
}

/// `sim serve --help`'s examples. A server runs until stopped, so `tests/help_examples.rs`
/// parses these lines instead of running them.
pub const EXAMPLES: &[Example] = &[
    Example {
        what: "The study page on http://127.0.0.1:8765/",
        lines: &["sim serve"],
    },
    Example {
        what: "On a free port, opened in the browser",
        lines: &["sim serve --port 0 --open"],
    },
    Example {
        what: "Two computations at once, each stopped after 10 seconds",
        lines: &["sim serve --jobs 2 --max-seconds 10"],
    },
];
