//! The counted seat `A`'s completions in sorted columns, and the runs of them one sweep reads.
//!
//! The sweeps read every completion's mask and subsets many thousand times, so these are kept
//! apart from the rest. One ranking needs `A`'s completions by main strength; hi/lo also keeps
//! them by low and then main, where every low class is a run sorted by main and the lows that
//! qualify are one run sorted by low:
//!
//! ```text
//!  by_low:  [ low 0 (no low): by main | low 1: by main | … | low 56 (the wheel): by main ]
//!            └ no-low sweep ┘           └ scoop sweep of low 1 ┘
//!                                       └──────────── low sweep (keyed by low) ──────────┘
//! ```

use std::ops::Range;

use super::layout::{Layout, MAX_NEED, PAD, SLOTS, Slots};
use crate::completions::Completions;

/// Low classes: 0 (no qualifying low) to 56 (the wheel).
pub(super) const LOW_CLASSES: usize = 57;

/// A seat's completions in one order, as columns.
pub(super) struct Sorted {
    /// The positions of each completion's cards, [`PAD`] past them.
    positions: Vec<[u8; MAX_NEED]>,
    /// The dense main strength of each completion.
    mains: Vec<u32>,
    /// The low class of each completion (0 for none).
    lows: Vec<u32>,
    /// The table index of each subset of each completion, in [`Slots`] order.
    subsets: Vec<[u32; SLOTS]>,
    /// The slots of a completion's subsets.
    pub(super) slots: Slots,
}

/// Which strength a [`Run`] is sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Key {
    /// The main strength.
    Main,
    /// The low class.
    Low,
}

/// Some of a seat's completions sorted by one strength, for one sweep.
#[derive(Clone, Copy)]
pub(super) struct Run<'a> {
    /// The positions of each completion's cards, [`PAD`] past them.
    pub(super) positions: &'a [[u8; MAX_NEED]],
    /// The strength each completion is sorted by, rising.
    pub(super) keys: &'a [u32],
    /// The table index of each subset of each completion.
    pub(super) subsets: &'a [[u32; SLOTS]],
    /// The slots of a completion's subsets.
    pub(super) slots: &'a Slots,
}

impl Run<'_> {
    /// Completions in the run.
    pub(super) fn len(&self) -> usize {
        self.positions.len()
    }
}

impl Sorted {
    /// `list`'s completions of `k` cards sorted by `(main, positions)`.
    pub(super) fn by_main(list: &Completions, k: usize, layout: &Layout) -> Sorted {
        Sorted::new(list, k, layout, |i| {
            (list.strengths[i].main, 0, list.sets[i])
        })
    }

    /// `list`'s completions of `k` cards sorted by `(low, main, positions)`.
    pub(super) fn by_low(list: &Completions, k: usize, layout: &Layout) -> Sorted {
        Sorted::new(list, k, layout, |i| {
            let s = list.strengths[i];
            (u32::from(s.low), s.main, list.sets[i])
        })
    }

    fn new(
        list: &Completions,
        k: usize,
        layout: &Layout,
        order: impl Fn(usize) -> (u32, u32, u64),
    ) -> Sorted {
        let mut by: Vec<usize> = (0..list.sets.len()).collect();
        by.sort_by_key(|&i| order(i));
        let slots = Slots::new(k);
        Sorted {
            positions: by.iter().map(|&i| positions(list.sets[i])).collect(),
            mains: by.iter().map(|&i| list.strengths[i].main).collect(),
            lows: by
                .iter()
                .map(|&i| u32::from(list.strengths[i].low))
                .collect(),
            subsets: by
                .iter()
                .map(|&i| slots.indices(list.sets[i], layout))
                .collect(),
            slots,
        }
    }

    /// Completions held.
    pub(super) fn len(&self) -> usize {
        self.positions.len()
    }

    /// The completions `range`, keyed by `key` (which must rise over the range).
    pub(super) fn run(&self, range: Range<usize>, key: Key) -> Run<'_> {
        let keys = match key {
            Key::Main => &self.mains[range.clone()],
            Key::Low => &self.lows[range.clone()],
        };
        debug_assert!(keys.is_sorted());
        Run {
            positions: &self.positions[range.clone()],
            keys,
            subsets: &self.subsets[range],
            slots: &self.slots,
        }
    }

    /// Sorted [`Sorted::by_low`]: where each low class starts, and the end (`LOW_CLASSES + 1`
    /// entries).
    pub(super) fn low_starts(&self) -> [usize; LOW_CLASSES + 1] {
        let mut starts = [0; LOW_CLASSES + 1];
        for (class, start) in starts.iter_mut().enumerate() {
            *start = self.lows.partition_point(|&l| (l as usize) < class);
        }
        starts
    }
}

/// The positions of `set` (at most [`MAX_NEED`]), lowest first, [`PAD`] past them.
fn positions(set: u64) -> [u8; MAX_NEED] {
    let mut out = [PAD; MAX_NEED];
    let mut rest = set;
    for p in &mut out {
        if rest == 0 {
            break;
        }
        *p = rest.trailing_zeros() as u8;
        rest &= rest - 1;
    }
    out
}
