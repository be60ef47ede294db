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

/// A count of worker threads in words: `1 thread`, `2 threads`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Threads(pub usize);

impl fmt::Display for Threads {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            1 => f.write_str("1 thread"),
            n => write!(f, "{n} threads"),
        }
    }
}

impl fmt::Display for Throughput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} rounds, {}, {:.3} s, {}hands/s, {}hands/s per thread",
            self.hands,
            Threads(self.threads),
            self.seconds,
            si(self.per_second()),
            si(self.per_second_per_thread())
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts_read_as_words() {
        assert_eq!(Threads(1).to_string(), "1 thread");
        assert_eq!(Threads(2).to_string(), "2 threads");
        assert_eq!(Threads(16).to_string(), "16 threads");
    }

    #[test]
    fn summary_names_one_thread_in_the_singular() {
        let one = Throughput::new(1_000_000, 1, Duration::from_millis(10));
        assert!(one.to_string().contains("1 thread,"), "{one}");
        let two = Throughput::new(1_000_000, 2, Duration::from_millis(10));
        assert!(two.to_string().contains("2 threads,"), "{two}");
    }
}
