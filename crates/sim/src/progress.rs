//! The progress bar of a long run: on stderr only, only when stderr is a terminal, and only once
//! the run has lasted long enough to need one.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::summary::si;

/// Runs shorter than this never show a bar.
pub const SHOW_AFTER: Duration = Duration::from_secs(1);

/// A progress bar in rounds that appears after [`SHOW_AFTER`].
#[derive(Debug)]
pub struct RoundsBar {
    enabled: bool,
    started: Instant,
    total: u64,
    bar: Option<ProgressBar>,
}

impl RoundsBar {
    /// A bar for `total` rounds, drawn only if not `quiet` and stderr is a terminal.
    pub fn new(total: u64, quiet: bool) -> Self {
        Self {
            enabled: !quiet && std::io::stderr().is_terminal(),
            started: Instant::now(),
            total,
            bar: None,
        }
    }

    /// Moves the bar to `done` rounds, drawing it once the run has lasted [`SHOW_AFTER`].
    pub fn update(&mut self, done: u64) {
        if self.bar.is_none() && self.enabled && self.started.elapsed() >= SHOW_AFTER {
            let bar = ProgressBar::with_draw_target(Some(self.total), ProgressDrawTarget::stderr());
            // The template is a constant known to parse; a failure would only lose the styling.
            if let Ok(style) = ProgressStyle::with_template(
                "{bar:30} {human_pos}/{human_len} rounds  {rate}hands/s  ETA {eta}",
            ) {
                bar.set_style(style.with_key(
                    "rate",
                    |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = w.write_str(&si(state.per_sec()));
                    },
                ));
            }
            self.bar = Some(bar);
        }
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }

    /// Removes the bar so that the summary line follows on a clean line.
    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}
