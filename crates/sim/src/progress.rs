//! The progress bar of a long run: on stderr only, only when stderr is a terminal, and only once
//! the run has lasted long enough to need one.
//!
//! The rate and the ETA are this module's own ([`Pace`]), from the rounds dealt by this process
//! since its work began, never from indicatif's estimator: the bar appears a second into the
//! run, and an estimator started with it sees that whole second's rounds (and any resumed from
//! a checkpoint) arrive at once. Its first frame then claimed thousands of Ghands/s with `ETA
//! 0s`, and since it credits that jump to the instant the bar appeared, the rate it went on
//! showing was about twice the true one, the ETA about half the time left.
//!
//! ```text
//!  ███████░░░░░░░  75M/150M rounds  36.2 Mhands/s  ETA 3s     rate = rounds dealt here / elapsed
//!  ░░░░░░░░░░░░░░  0/150M rounds  -- hands/s  ETA --          nothing measured yet
//! ```

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::summary::si;

/// Runs shorter than this never show a bar (unless [`SHOW_AFTER_VARIABLE`] says otherwise).
pub const SHOW_AFTER: Duration = Duration::from_secs(1);

/// The environment variable that sets how long a run lasts before its bar appears, in
/// milliseconds (`0`: at once). The terminal tests set it, so that a run that is short on a fast
/// machine still shows its bar.
pub const SHOW_AFTER_VARIABLE: &str = "SIM_PROGRESS_AFTER_MS";

/// How long a run lasts before its bar appears: [`SHOW_AFTER_VARIABLE`]'s milliseconds when it
/// holds a number, else [`SHOW_AFTER`].
pub fn show_after() -> Duration {
    std::env::var(SHOW_AFTER_VARIABLE)
        .ok()
        .and_then(|ms| ms.trim().parse().ok())
        .map_or(SHOW_AFTER, Duration::from_millis)
}

/// The shortest work a rate is measured over: a shorter interval says more about the clock and
/// the scheduler than about the run.
pub const MEASURE_AFTER: Duration = Duration::from_millis(100);

pub mod phased;
pub mod watch;

/// What a bar counts, in words: the work (`rounds`) and its rate's unit (`hands/s`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unit {
    /// The work counted: `rounds`.
    pub counted: &'static str,
    /// The rate's unit: `hands/s`.
    pub per_second: &'static str,
    /// Whether the work is shown as a percentage (with no rate): units that mean nothing to
    /// a user, such as the parts of an exact count.
    pub percent: bool,
}

/// Rounds dealt, at hands per second: every Monte Carlo run.
pub const ROUNDS: Unit = Unit {
    counted: "rounds",
    per_second: "hands/s",
    percent: false,
};

/// Suit-reduced matchups counted: `sim preflop --matrix`.
pub const MATCHUPS: Unit = Unit {
    counted: "matchups",
    per_second: "matchups/s",
    percent: false,
};

/// Boards counted, each against every pair of hands (`sim rank --build`), or dealt, each played
/// by every class (`sim rank --build --game omaha`).
pub const BOARDS: Unit = Unit {
    counted: "boards",
    per_second: "boards/s",
    percent: false,
};

/// Classes played, each for its rounds against a random hand: `sim rank --build --game stud`.
pub const CLASSES: Unit = Unit {
    counted: "classes",
    per_second: "classes/s",
    percent: false,
};

/// Runs of `sim equity --streets`, one per street shown and per card that can come next.
pub const RUNS: Unit = Unit {
    counted: "runs",
    per_second: "runs/s",
    percent: false,
};

/// The share of an exact count done, in its own parts (classes of hands, combinations, cards):
/// `42 % counted  ETA 3s`.
pub const COUNTED: Unit = Unit {
    counted: "counted",
    per_second: "parts/s",
    percent: true,
};

/// A run's rate and the time it has left, from the rounds it has dealt since it began.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pace {
    /// Rounds per second, `None` before any round was measured.
    pub rate: Option<f64>,
    /// The time the rounds left take at that rate, `None` without a rate.
    pub eta: Option<Duration>,
}

impl Pace {
    /// The pace of a run of `total` rounds that began with `start` of them done (resumed from a
    /// checkpoint) and has `done` done after `elapsed`: the rate is the rounds dealt since the
    /// start over `elapsed` (no rate before [`MEASURE_AFTER`] or before a round is dealt), the
    /// ETA the rounds left over that rate.
    pub fn measure(total: u64, start: u64, done: u64, elapsed: Duration) -> Self {
        let dealt = done.saturating_sub(start);
        if dealt == 0 || elapsed < MEASURE_AFTER {
            return Self {
                rate: None,
                eta: None,
            };
        }
        let rate = dealt as f64 / elapsed.as_secs_f64();
        let left = total.saturating_sub(done) as f64;
        Self {
            rate: Some(rate),
            eta: Duration::try_from_secs_f64(left / rate).ok(),
        }
    }
}

impl Pace {
    /// `36.2 Mhands/s  ETA 3s`, or `-- hands/s  ETA --` before anything was measured, in
    /// `unit`'s rate.
    pub fn words(&self, unit: Unit) -> String {
        let rate = match self.rate {
            Some(rate) => format!("{}{}", si(rate), unit.per_second),
            None => format!("-- {}", unit.per_second),
        };
        match self.eta {
            Some(eta) => format!("{rate}  ETA {}", eta_words(eta)),
            None => format!("{rate}  ETA --"),
        }
    }
}

impl std::fmt::Display for Pace {
    /// [`Pace::words`] in [`ROUNDS`].
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words(ROUNDS))
    }
}

/// A frame's words: `37,748,736/150,000,000 rounds  36.2 Mhands/s  ETA 3s`, the [`Pace`] of
/// `done` of `total` rounds after `elapsed`, `start` of them done when the work began.
pub fn frame_words(total: u64, start: u64, done: u64, elapsed: Duration) -> String {
    frame_words_in(ROUNDS, total, start, done, elapsed)
}

/// [`frame_words`] counting `unit`; a [`Unit::percent`] unit as `42 % counted  ETA 3s`.
pub fn frame_words_in(unit: Unit, total: u64, start: u64, done: u64, elapsed: Duration) -> String {
    if unit.percent {
        let pace = Pace::measure(total, start, done, elapsed);
        let share = 100.0 * done as f64 / total.max(1) as f64;
        let eta = pace.eta.map_or_else(|| "--".to_string(), eta_words);
        return format!("{share:.0} % {}  ETA {eta}", unit.counted);
    }
    format!(
        "{}/{} {}  {}",
        HumanCount(done),
        HumanCount(total),
        unit.counted,
        Pace::measure(total, start, done, elapsed).words(unit)
    )
}

/// A time left as a bar says it, rounded up to the second: `0s`, `42s`, `3m 05s`, `2h 07m`.
pub fn eta_words(eta: Duration) -> String {
    let seconds = eta.as_secs() + u64::from(eta.subsec_nanos() > 0);
    match seconds {
        s if s < 60 => format!("{s}s"),
        s if s < 3600 => format!("{}m {:02}s", s / 60, s % 60),
        s => format!("{}h {:02}m", s / 3600, s % 3600 / 60),
    }
}

/// A progress bar in rounds (or another [`Unit`]) that appears after [`show_after`].
#[derive(Debug)]
pub struct RoundsBar {
    unit: Unit,
    enabled: bool,
    started: Instant,
    total: u64,
    start: u64,
    show_after: Duration,
    bar: Option<ProgressBar>,
}

impl RoundsBar {
    /// A bar for a run of `total` rounds that begins now with `start` of them done (resumed
    /// from a checkpoint), drawn only if not `quiet` and stderr is a terminal.
    pub fn new(total: u64, start: u64, quiet: bool) -> Self {
        Self::counting(ROUNDS, total, start, quiet)
    }

    /// [`RoundsBar::new`] counting `unit` instead of rounds.
    pub fn counting(unit: Unit, total: u64, start: u64, quiet: bool) -> Self {
        Self {
            start,
            ..Self::since(unit, total, Instant::now(), quiet)
        }
    }

    /// A bar counting `unit` for a run of `total` that began at `started` with nothing done:
    /// its rate and ETA measured from then, the bar drawn [`show_after`] it.
    pub fn since(unit: Unit, total: u64, started: Instant, quiet: bool) -> Self {
        Self {
            unit,
            enabled: !quiet && std::io::stderr().is_terminal(),
            started,
            total,
            start: 0,
            show_after: show_after(),
            bar: None,
        }
    }

    /// Moves the bar to `done` rounds, drawing it once the run has lasted [`show_after`].
    pub fn update(&mut self, done: u64) {
        let elapsed = self.started.elapsed();
        // The words carry the numbers, so that every frame's count, rate and ETA agree: the
        // message is drawn with the position it was measured at, the bar's glyphs follow.
        let words = frame_words_in(self.unit, self.total, self.start, done, elapsed);
        match &self.bar {
            None if self.enabled && elapsed >= self.show_after => {
                let mut bar =
                    ProgressBar::with_draw_target(Some(self.total), ProgressDrawTarget::stderr());
                // The template is a constant known to parse; a failure would only lose the
                // styling.
                if let Ok(style) = ProgressStyle::with_template("{bar:30} {msg}") {
                    bar = bar.with_style(style);
                }
                // Set before anything is drawn: the first frame shows both.
                self.bar = Some(bar.with_position(done).with_message(words));
            }
            None => {}
            Some(bar) => {
                bar.set_message(words);
                bar.set_position(done);
            }
        }
    }

    /// Removes the bar so that the summary line follows on a clean line.
    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: Duration = Duration::from_secs(1);

    #[test]
    fn nothing_measured_shows_no_rate_and_no_eta() {
        let first = Pace::measure(150_000_000, 0, 0, Duration::ZERO);
        assert_eq!(
            first,
            Pace {
                rate: None,
                eta: None
            }
        );
        assert_eq!(first.to_string(), "-- hands/s  ETA --");
        // Rounds already done when the work began (a checkpoint) are not this run's pace.
        let resumed = Pace::measure(150_000_000, 50_000_000, 50_000_000, 3 * SECOND);
        assert_eq!(resumed.rate, None);
        // Too short an interval to say anything.
        assert_eq!(
            Pace::measure(100, 0, 10, Duration::from_millis(1)).rate,
            None
        );
    }

    /// The first frame the old bar drew: a second's rounds credited to the instant it appeared.
    /// Measured from the start of the work it is the true rate and the true time left.
    #[test]
    fn the_first_frame_measures_the_first_second() {
        let pace = Pace::measure(150_000_000, 0, 30_000_000, SECOND);
        assert_eq!(pace.rate, Some(30e6));
        assert_eq!(pace.eta, Some(4 * SECOND));
        assert_eq!(pace.to_string(), "30.0 Mhands/s  ETA 4s");
        assert_eq!(
            frame_words(150_000_000, 0, 30_000_000, SECOND),
            "30,000,000/150,000,000 rounds  30.0 Mhands/s  ETA 4s"
        );
        assert_eq!(
            frame_words(150_000_000, 0, 0, SECOND),
            "0/150,000,000 rounds  -- hands/s  ETA --"
        );
        assert_eq!(
            frame_words_in(MATCHUPS, 10_251, 0, 2_000, 2 * SECOND),
            "2,000/10,251 matchups  1.0 kmatchups/s  ETA 9s"
        );
        assert_eq!(
            frame_words_in(COUNTED, 1 << 20, 0, 1 << 18, SECOND),
            "25 % counted  ETA 3s"
        );
        assert_eq!(
            frame_words_in(COUNTED, 1 << 20, 0, 0, SECOND),
            "0 % counted  ETA --"
        );
    }

    #[test]
    fn a_steady_run_has_eta_equal_to_what_is_left_over_the_rate() {
        let (total, rate) = (1_000_000_000u64, 25_000_000u64);
        for seconds in 1..40 {
            let done = rate * seconds;
            let pace = Pace::measure(total, 0, done, Duration::from_secs(seconds));
            assert_eq!(pace.rate, Some(rate as f64), "{seconds} s");
            let left = (total - done) as f64 / rate as f64;
            let eta = pace.eta.unwrap().as_secs_f64();
            assert!((eta - left).abs() < 1e-6, "{seconds} s: {eta} for {left}");
        }
        // A resumed run: the rate counts only what this process dealt, the ETA what is left.
        let pace = Pace::measure(total, 600_000_000, 700_000_000, 4 * SECOND);
        assert_eq!(pace.rate, Some(25e6));
        assert_eq!(pace.eta, Some(12 * SECOND));
        // Done: nothing left.
        assert_eq!(Pace::measure(100, 0, 100, SECOND).eta, Some(Duration::ZERO));
    }

    #[test]
    fn times_left_read_as_a_clock() {
        assert_eq!(eta_words(Duration::ZERO), "0s");
        assert_eq!(eta_words(Duration::from_millis(1_200)), "2s");
        assert_eq!(eta_words(59 * SECOND), "59s");
        assert_eq!(eta_words(185 * SECOND), "3m 05s");
        assert_eq!(eta_words(7_620 * SECOND), "2h 07m");
    }
}
