//! Progress of a request's run (`sim equity`, its `--breakdown` and `--distribution`): the
//! families tell the run's [`Watch`] the work they finish (rounds of a Monte Carlo run, parts of
//! an exact count), the watch adds it to a counter, and a ticker thread draws the
//! [`PhasedBar`] from that counter ten times a second.
//!
//! ```text
//!  workers ──advance(work, total)──▶ Counted { done, total }  (one atomic add per chunk or part)
//!                                        ▲ read every 100 ms
//!  ticker thread ───────────────────────┘──▶ RoundsBar (stderr, a terminal, after 1 s)
//! ```
//!
//! A run in phases (a distribution's breakdown, then its `--versus` counts) names a new total
//! for each: the counter and the bar start again with it. Nothing is drawn, and no counter is
//! kept, when the bar cannot show (`quiet`, or stderr not a terminal). The run is never asked
//! to stop: these commands end at once on a stop signal ([`crate::interrupt`]), having written
//! nothing.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::Duration;

use engine::{Method, Watch};

use super::phased::PhasedBar;
use super::{COUNTED, ROUNDS, Unit};

/// How often the ticker redraws the bar.
const TICK: Duration = Duration::from_millis(100);

/// The work a run has told its watch: `done` of `total` in the current phase.
#[derive(Debug, Default)]
struct Counted {
    done: AtomicU64,
    total: AtomicU64,
}

impl Watch for Counted {
    fn should_stop(&self) -> bool {
        false
    }

    fn advance(&self, work: u64, total: u64) {
        // A new total is a new phase: its work counts from zero. Phases run one after the
        // other, so no worker of the last one adds after the swap.
        if self.total.swap(total, Ordering::Relaxed) != total {
            self.done.store(0, Ordering::Relaxed);
        }
        self.done.fetch_add(work, Ordering::Relaxed);
    }
}

/// The bar's unit for a run by `method`: rounds for Monte Carlo, the share counted for an exact
/// count.
pub fn unit_of(method: &Method) -> Unit {
    match method {
        Method::MonteCarlo { .. } => ROUNDS,
        _ => COUNTED,
    }
}

/// Runs `run` with a watch whose progress is drawn as a bar counting `unit` on stderr (unless
/// `quiet` or stderr is not a terminal), and removes the bar when it returns.
pub fn with_progress<T: Send>(
    unit: Unit,
    quiet: bool,
    run: impl FnOnce(&dyn Watch) -> T + Send,
) -> T {
    if quiet || !std::io::stderr().is_terminal() {
        return run(&|| false);
    }
    let counted = Counted::default();
    let (finished, ticks) = channel::<()>();
    std::thread::scope(|scope| {
        let counted = &counted;
        let ticker = scope.spawn(move || {
            let mut bar = PhasedBar::new(unit, false);
            while let Err(RecvTimeoutError::Timeout) = ticks.recv_timeout(TICK) {
                let total = counted.total.load(Ordering::Relaxed);
                if total > 0 {
                    bar.update(counted.done.load(Ordering::Relaxed).min(total), total);
                }
            }
            bar.finish();
        });
        let result = run(counted);
        drop(finished);
        // The ticker only draws; a panic there would only lose the bar.
        let _ = ticker.join();
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_up_and_a_new_total_starts_a_new_phase() {
        let counted = Counted::default();
        counted.advance(3, 10);
        counted.advance(4, 10);
        assert_eq!(counted.done.load(Ordering::Relaxed), 7);
        counted.advance(1, 50);
        assert_eq!(counted.done.load(Ordering::Relaxed), 1);
        assert_eq!(counted.total.load(Ordering::Relaxed), 50);
        assert!(!counted.should_stop());
    }

    #[test]
    fn without_a_terminal_the_run_is_run_as_is() {
        // Tests run with stderr captured or quiet: no bar, the run's result returned.
        let result = with_progress(super::super::ROUNDS, true, |watch| {
            watch.advance(5, 10);
            !watch.should_stop()
        });
        assert!(result);
    }
}
