//! Human summaries of a run's speed, for stderr.

use std::fmt;
use std::time::Duration;

/// Hands processed, threads and wall time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Throughput {
    /// Hands processed.
    pub hands: u64,
    /// Worker threads.
    pub threads: usize,
    /// Wall time in seconds.
    pub seconds: f64,
}

impl Throughput {
    /// The throughput of `hands` hands on `threads` threads in `elapsed`.
    pub fn new(hands: u64, threads: usize, elapsed: Duration) -> Self {
        Self {
            hands,
            threads,
            seconds: elapsed.as_secs_f64(),
        }
    }

    /// Hands per second.
    pub fn per_second(&self) -> f64 {
        self.hands as f64 / self.seconds.max(1e-9)
    }

    /// Hands per second per thread.
    pub fn per_second_per_thread(&self) -> f64 {
        self.per_second() / self.threads as f64
    }
}

/// `1.5 G`, `35.2 M`, `812.0 k` style figures.
pub fn si(x: f64) -> String {
    match x {
        x if x >= 1e9 => format!("{:.2} G", x / 1e9),
        x if x >= 1e6 => format!("{:.1} M", x / 1e6),
        x if x >= 1e3 => format!("{:.1} k", x / 1e3),
        x => format!("{x:.0} "),
    }
}

impl fmt::Display for Throughput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} rounds, {} threads, {:.3} s, {}hands/s, {}hands/s per thread",
            self.hands,
            self.threads,
            self.seconds,
            si(self.per_second()),
            si(self.per_second_per_thread())
        )
    }
}
