//! What a long computation asks its caller and tells it between pieces of work: whether to stop
//! (Ctrl-C, SIGTERM, Python's `KeyboardInterrupt`) and how far it has come (a progress bar).
//!
//! ```text
//!  caller ──watch──▶ family's run ──▶ piece, piece, piece, …
//!     ▲                                 │ before each: watch.should_stop()?
//!     └──── watch.advance(work, total) ◀┘ after each: this much more of the total is done
//! ```
//!
//! A plain closure `|| false` is a watch that never stops and ignores progress, so callers that
//! only stop write `&|| flag.requested()`. The calls are made between pieces (a Monte Carlo
//! chunk, an exact count's outer card or hand), never inside the hot loop; a watch that counts
//! progress from several workers at once adds to an atomic counter there.

/// A caller's view of a long computation: asked whether to stop, told how far it has come.
pub trait Watch: Sync {
    /// Whether the computation should stop now; it then returns `None` without a result.
    fn should_stop(&self) -> bool;

    /// `work` more units of the computation's `total` are done. Called from any worker, in any
    /// order; the units are the computation's own (rounds of a Monte Carlo run, the outer
    /// items of an exact count), the same `total` in every call of one run. Nothing by default.
    fn advance(&self, work: u64, total: u64) {
        let _ = (work, total);
    }
}

impl<F: Fn() -> bool + Sync> Watch for F {
    fn should_stop(&self) -> bool {
        self()
    }
}

/// Units one part of a [`Parts`] run is worth: fine enough for a bar's smallest step.
pub const PART_UNITS: u64 = 1 << 20;

/// The watch of one part of a run made of `parts` equal parts (a stud count over each hand
/// combination of the ranges, each its own nested count): asks the outer watch whether to
/// stop, and tells it a part's progress as its share of the whole, `parts · PART_UNITS`
/// units.
pub struct Parts<'a> {
    outer: &'a dyn Watch,
    parts: u64,
}

impl<'a> Parts<'a> {
    /// A part of a run of `parts` parts (at least 1) watched by `outer`.
    pub fn new(outer: &'a dyn Watch, parts: u64) -> Self {
        Self {
            outer,
            parts: parts.max(1),
        }
    }

    /// The whole run's units: `parts · PART_UNITS`.
    pub fn total(&self) -> u64 {
        self.parts.saturating_mul(PART_UNITS)
    }

    /// Tells the outer watch that `parts` whole parts are done.
    pub fn advance_parts(&self, parts: u64) {
        self.outer
            .advance(parts.saturating_mul(PART_UNITS), self.total());
    }
}

impl Watch for Parts<'_> {
    fn should_stop(&self) -> bool {
        self.outer.should_stop()
    }

    fn advance(&self, work: u64, total: u64) {
        let share = u128::from(work) * u128::from(PART_UNITS) / u128::from(total.max(1));
        self.outer
            .advance(u64::try_from(share).unwrap_or(u64::MAX), self.total());
    }
}

/// A watch that passes on only the stop requests of `0`: for the runs of a computation that
/// counts its progress by whole runs itself (the streets: one step per run), whose own
/// progress would be of another total.
pub struct StopOnly<'a>(pub &'a dyn Watch);

impl Watch for StopOnly<'_> {
    fn should_stop(&self) -> bool {
        self.0.should_stop()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    struct Counting(AtomicU64);

    impl Watch for Counting {
        fn should_stop(&self) -> bool {
            self.0.load(Ordering::Relaxed) >= 10
        }

        fn advance(&self, work: u64, _total: u64) {
            self.0.fetch_add(work, Ordering::Relaxed);
        }
    }

    #[test]
    fn a_closure_only_stops_and_a_counter_counts() {
        let never: &dyn Watch = &|| false;
        assert!(!never.should_stop());
        never.advance(5, 10);
        let counting = Counting(AtomicU64::new(0));
        let watch: &dyn Watch = &counting;
        watch.advance(4, 10);
        assert!(!watch.should_stop());
        watch.advance(6, 10);
        assert!(watch.should_stop());
    }

    #[test]
    fn a_part_tells_its_share_of_the_whole() {
        let counting = Counting(AtomicU64::new(0));
        let part = Parts::new(&counting, 4);
        assert_eq!(part.total(), 4 * PART_UNITS);
        // Half of one part of four: an eighth of the whole.
        part.advance(50, 100);
        assert_eq!(counting.0.load(Ordering::Relaxed), PART_UNITS / 2);
        part.advance_parts(1);
        assert_eq!(counting.0.load(Ordering::Relaxed), PART_UNITS * 3 / 2);
        assert!(part.should_stop());
        let before = counting.0.load(Ordering::Relaxed);
        let stop_only = StopOnly(&counting);
        stop_only.advance(1_000, 1_000);
        assert_eq!(counting.0.load(Ordering::Relaxed), before);
        assert!(stop_only.should_stop());
    }
}
