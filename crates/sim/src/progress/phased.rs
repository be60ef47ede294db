//! A bar told `(done, total)` pairs, where a new total starts a new phase and a new bar: the
//! one place that keeps "the bar of the current phase", for the request runs' ticker
//! ([`super::watch`]) and the exact preflop counts' callbacks (`sim preflop`'s matrix,
//! `sim rank --build`), which are told their matchups from rayon's workers ([`SharedBar`]).
//!
//! ```text
//!  update(5, 10) ─▶ bar of 10 (began when the PhasedBar did)
//!  update(9, 10) ─▶ same bar
//!  update(2, 50) ─▶ bar of 10 removed, bar of 50 (began at the previous update)
//! ```

use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use super::{RoundsBar, Unit};

/// The bar of the current phase of a run told its work as `(done, total)`.
#[derive(Debug)]
pub struct PhasedBar {
    unit: Unit,
    quiet: bool,
    started: Instant,
    last_update: Instant,
    last: (u64, u64),
    shown: Option<RoundsBar>,
}

impl PhasedBar {
    /// A bar counting `unit` for a run that begins now, drawn only if not `quiet` and stderr
    /// is a terminal (and once the phase has lasted [`super::show_after`]).
    pub fn new(unit: Unit, quiet: bool) -> Self {
        let now = Instant::now();
        Self {
            unit,
            quiet,
            started: now,
            last_update: now,
            last: (0, 0),
            shown: None,
        }
    }

    /// Moves the bar to `done` of `total`. A total other than the last one starts a new phase:
    /// the first began with the run, a later one at the previous update (the first moment it
    /// can have begun, as far as this bar knows).
    pub fn update(&mut self, done: u64, total: u64) {
        let now = Instant::now();
        let previous = std::mem::replace(&mut self.last_update, now);
        let bar = match &mut self.shown {
            Some(bar) if self.last.1 == total => bar,
            shown => {
                let began = if shown.is_none() {
                    self.started
                } else {
                    previous
                };
                if let Some(old) = shown.take() {
                    old.finish();
                }
                shown.insert(RoundsBar::since(self.unit, total, began, self.quiet))
            }
        };
        bar.update(done);
        self.last = (done, total);
    }

    /// Removes the bar; the last `(done, total)` it was told, `(0, 0)` if none (for the words
    /// of an interrupted run).
    pub fn finish(self) -> (u64, u64) {
        if let Some(bar) = self.shown {
            bar.finish();
        }
        self.last
    }
}

/// A [`PhasedBar`] that rayon's workers tell their progress through a shared reference.
#[derive(Debug)]
pub struct SharedBar(Mutex<PhasedBar>);

impl SharedBar {
    /// A shared [`PhasedBar::new`].
    pub fn new(unit: Unit, quiet: bool) -> Self {
        Self(Mutex::new(PhasedBar::new(unit, quiet)))
    }

    /// [`PhasedBar::update`] from any thread. A worker that panicked while holding the bar
    /// only left a frame half drawn, so a poisoned lock is used as is.
    pub fn update(&self, done: u64, total: u64) {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .update(done, total);
    }

    /// [`PhasedBar::finish`].
    pub fn finish(self) -> (u64, u64) {
        self.0
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::super::MATCHUPS;
    use super::*;

    #[test]
    fn the_last_count_told_is_kept_across_phases() {
        let mut bar = PhasedBar::new(MATCHUPS, true);
        bar.update(3, 10);
        bar.update(7, 10);
        assert_eq!(bar.last, (7, 10));
        bar.update(2, 50);
        assert!(bar.shown.is_some());
        assert_eq!(bar.finish(), (2, 50));
    }

    #[test]
    fn a_bar_told_nothing_finishes_with_nothing() {
        assert_eq!(SharedBar::new(MATCHUPS, true).finish(), (0, 0));
        let shared = SharedBar::new(MATCHUPS, true);
        std::thread::scope(|scope| {
            for _ in 0..2 {
                scope.spawn(|| shared.update(4, 9));
            }
        });
        assert_eq!(shared.finish(), (4, 9));
    }
}
