//! A three-seat deal prepared for counting: every seat's completions sorted and laid out, the
//! pieces of parallel work, and the signed sums of each seat's sweeps over the shared sets `S`.

use engine::Watch;
use engine::choose::choose;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::family::{Family, NO_CAP, Near};
use super::layout::{Layout, colex, subsets_of_size};
use super::sorted::{Key, LOW_CLASSES, Run, Sorted};
use super::sweep::{Sums, sweep};
use super::whole::{Strengths, Whole};
use crate::completions::Completions;

/// Most sets `S` of shared cards per piece of parallel work.
const PIECE: usize = 16;

/// `(−1)^s`: the sign of the sums over sets `S` of `s` cards.
fn sign_of(s: usize) -> i128 {
    if s.is_multiple_of(2) { 1 } else { -1 }
}

/// One sweep's part in a seat's counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// Every completion, by main strength.
    High,
    /// Hi/lo: completions without a low, by main strength.
    NoLow,
    /// Hi/lo: `A`'s completions with a low against every other, by low.
    Low,
    /// Hi/lo: `A`'s completions of this low against the others' worse lows, by main, `ll` only.
    Scoop(u8),
}

/// A seat's sums, added over its sweeps.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Acc {
    pub(super) high: Sums,
    pub(super) no_low: Sums,
    pub(super) low: Sums,
    pub(super) scoop: i128,
}

impl Acc {
    /// Adds a sweep's sums, times `sign`.
    fn add(&mut self, pass: Pass, sums: Sums, sign: i128) {
        match pass {
            Pass::High => self.high = self.high + sums * sign,
            Pass::NoLow => self.no_low = self.no_low + sums * sign,
            Pass::Low => self.low = self.low + sums * sign,
            Pass::Scoop(_) => self.scoop += sums.ll * sign,
        }
    }

    fn merge(self, o: Acc) -> Acc {
        Acc {
            high: self.high + o.high,
            no_low: self.no_low + o.no_low,
            low: self.low + o.low,
            scoop: self.scoop + o.scoop,
        }
    }
}

/// One seat's strengths by the colex rank of its completions.
struct ByColex {
    mains: Vec<u32>,
    lows: Vec<u8>,
}

impl ByColex {
    fn new(list: &Completions) -> ByColex {
        let mut mains = vec![0u32; list.sets.len()];
        let mut lows = vec![0u8; list.sets.len()];
        for (&set, strength) in list.sets.iter().zip(&list.strengths) {
            mains[colex(set)] = strength.main;
            lows[colex(set)] = strength.low;
        }
        ByColex { mains, lows }
    }

    fn strengths(&self) -> Strengths<'_> {
        Strengths {
            mains: &self.mains,
            lows: &self.lows,
        }
    }
}

/// What the sweeps of one seat `A` read.
struct Seat {
    /// Cards to come to `A`, `B` and `C`.
    need: [usize; 3],
    /// `B`'s and `C`'s seats.
    others: [usize; 2],
    /// `A`'s completions by main strength.
    by_main: Sorted,
    /// Hi/lo: `A`'s completions by low, then main, and where each low class starts.
    by_low: Option<(Sorted, [usize; LOW_CLASSES + 1])>,
    /// The sets `S` that are all of `b` and `c`, when `B` and `C` need as many cards.
    whole: Option<Whole>,
    /// The sweeps counted.
    passes: Vec<Pass>,
}

impl Seat {
    /// The run a pass sweeps, its key, the cap on `B`'s and `C`'s lows and whether it counts
    /// ties.
    fn pass(&self, pass: Pass) -> (Run<'_>, Key, u8, bool) {
        let low = |from: usize, to: usize, key: Key| {
            let (sorted, starts) = self.by_low.as_ref().unwrap_or_else(|| unreachable!());
            sorted.run(starts[from]..starts[to], key)
        };
        match pass {
            Pass::High => (
                self.by_main.run(0..self.by_main.len(), Key::Main),
                Key::Main,
                NO_CAP,
                true,
            ),
            Pass::NoLow => (low(0, 1, Key::Main), Key::Main, 1, true),
            Pass::Low => (low(1, LOW_CLASSES, Key::Low), Key::Low, NO_CAP, true),
            Pass::Scoop(l) => {
                let l = usize::from(l);
                (low(l, l + 1, Key::Main), Key::Main, l as u8, false)
            }
        }
    }
}

/// A piece of parallel work.
#[derive(Debug, Clone, Copy)]
enum Task {
    /// The sets `S` of size `s` from `from` to `to` against seat `seat`, every pass.
    Swept {
        seat: usize,
        s: usize,
        from: usize,
        to: usize,
    },
    /// Seat `seat`'s pass against the sets that are all of `b` and `c`.
    Whole { seat: usize, pass: Pass },
}

/// A deal prepared for counting.
pub(super) struct Deal {
    m: usize,
    hilo: bool,
    layout: Layout,
    by_colex: Vec<ByColex>,
    seats: Vec<Seat>,
    /// Every set of `s` cards, for each `s`.
    shared: Vec<Vec<u64>>,
}

impl Deal {
    pub(super) fn new(lists: &[Completions], need: &[usize], m: usize, hilo: bool) -> Deal {
        let layout = Layout::new(m);
        let by_colex: Vec<ByColex> = lists.par_iter().map(ByColex::new).collect();
        let seats = (0..3)
            .into_par_iter()
            .map(|seat| {
                let (b, c) = ((seat + 1) % 3, (seat + 2) % 3);
                let need = [need[seat], need[b], need[c]];
                let by_main = Sorted::by_main(&lists[seat], need[0], &layout);
                let by_low = hilo.then(|| {
                    let sorted = Sorted::by_low(&lists[seat], need[0], &layout);
                    let starts = sorted.low_starts();
                    (sorted, starts)
                });
                let whole = (need[1] == need[2]).then(|| {
                    let (sb, sc) = (by_colex[b].strengths(), by_colex[c].strengths());
                    Whole::new(m, need[1], need[0], &layout, sb, sc)
                });
                let mut passes = vec![Pass::High];
                if let Some((_, starts)) = &by_low {
                    passes.extend([Pass::NoLow, Pass::Low]);
                    passes.extend(
                        (1..LOW_CLASSES)
                            .filter(|&l| starts[l] < starts[l + 1])
                            .map(|l| Pass::Scoop(l as u8)),
                    );
                }
                Seat {
                    need,
                    others: [b, c],
                    by_main,
                    by_low,
                    whole,
                    passes,
                }
            })
            .collect();
        let most = need.iter().copied().max().unwrap_or(0);
        Deal {
            m,
            hilo,
            layout,
            by_colex,
            seats,
            shared: (0..=most).map(|s| subsets_of_size(m, s)).collect(),
        }
    }

    /// The pieces of work: the larger first, so that none is left alone at the end.
    fn tasks(&self) -> Vec<Task> {
        let mut tasks = Vec::new();
        for (seat, info) in self.seats.iter().enumerate() {
            let [_, kb, kc] = info.need;
            for s in 0..=kb.min(kc) {
                if kb == s && kc == s {
                    tasks.extend(info.passes.iter().map(|&pass| Task::Whole { seat, pass }));
                    continue;
                }
                let sets = self.shared[s].len();
                let piece = (sets / 64).clamp(1, PIECE);
                tasks.extend((0..sets).step_by(piece).map(|from| Task::Swept {
                    seat,
                    s,
                    from,
                    to: (from + piece).min(sets),
                }));
            }
        }
        tasks.sort_by_key(|t| match *t {
            Task::Swept { s, .. } => s + 1,
            Task::Whole { .. } => 0,
        });
        tasks
    }

    /// A task's estimated cost, in the time of one step of a sweep (about 1.4 ns on the
    /// development machine), for progress: a swept set walks seat `A`'s completions once per
    /// pass (hi/lo: about three walks) and loads the other two seats' completions that contain
    /// it (about 180 steps each, twice in hi/lo);
    /// a whole task sorts and counts four queries per completion (about 200 steps each).
    /// Measured on three-way stud and stud hi/lo deals with 3 and 4 cards to come each: every
    /// kind of task within a factor of 2.5 of its modelled share of the run, most within 25 %.
    fn cost(&self, task: &Task) -> u64 {
        let m = self.m;
        match *task {
            Task::Swept { seat, s, from, to } => {
                let [ka, kb, kc] = self.seats[seat].need;
                // Hi/lo: more passes over parts of `A`'s completions, and each family loaded
                // by low as well.
                let (walks, loads) = if self.hilo { (3, 2) } else { (1, 1) };
                let per_set = walks * choose(m, ka)
                    + loads * 180 * (choose(m - s, kb - s) + choose(m - s, kc - s));
                per_set * (to - from) as u64
            }
            Task::Whole { seat, .. } => 200 * choose(m, self.seats[seat].need[1]),
        }
    }

    /// Every seat's sums; `None` when `stop` said to stop. Each task is told to `stop` once
    /// done, of the tasks.
    pub(super) fn sums(&self, stop: &dyn Watch) -> Option<[Acc; 3]> {
        let stopped = AtomicBool::new(false);
        // Each task its own rayon job: the list runs from the largest tasks to the smallest, and
        // rayon's default pieces of many tasks left one thread the larger half (two threads:
        // 1,323 tasks each, one idle for the last quarter of the run).
        let tasks = self.tasks();
        let count: u64 = tasks.iter().map(|t| self.cost(t)).sum();
        let total = tasks
            .into_par_iter()
            .with_max_len(1)
            .map(|task| {
                let mut accs = [Acc::default(); 3];
                if stopped.load(Ordering::Relaxed) || stop.should_stop() {
                    stopped.store(true, Ordering::Relaxed);
                    return accs;
                }
                let cost = self.cost(&task);
                match task {
                    Task::Swept { seat, s, from, to } => {
                        accs[seat] = self.swept(&self.seats[seat], s, &self.shared[s][from..to]);
                    }
                    Task::Whole { seat, pass } => {
                        let info = &self.seats[seat];
                        let (run, key, cap, ties) = info.pass(pass);
                        let whole = info.whole.as_ref().unwrap_or_else(|| unreachable!());
                        let s = info.need[1];
                        let sign = sign_of(s);
                        accs[seat].add(pass, whole.sums(&run, key, cap, ties), sign);
                    }
                }
                stop.advance(cost, count);
                accs
            })
            .reduce(
                || [Acc::default(); 3],
                |a, b| [0, 1, 2].map(|i| a[i].merge(b[i])),
            );
        (!stopped.load(Ordering::Relaxed)).then_some(total)
    }

    /// Every pass of `seat` over the sets `sets` of size `s`.
    fn swept(&self, seat: &Seat, s: usize, sets: &[u64]) -> Acc {
        let [ka, kb, kc] = seat.need;
        let [b, c] = seat.others.map(|o| &self.by_colex[o]);
        let family = |k: usize, side| Family::new(self.m, k - s, ka, &self.layout, side);
        let (mut fb, mut fc) = (family(kb, 0), family(kc, 1));
        let mut by_low = self.hilo.then(|| (family(kb, 0), family(kc, 1)));
        let mut near = Near::new();
        let sign = sign_of(s);
        let mut pending = Vec::new();
        let mut acc = Acc::default();
        for &set in sets {
            fb.load(set, &b.mains, &b.lows);
            fc.load(set, &c.mains, &c.lows);
            if let Some((lb, lc)) = &mut by_low {
                lb.load_by_low(&fb);
                lc.load_by_low(&fc);
            }
            for &pass in &seat.passes {
                let (run, _, cap, ties) = seat.pass(pass);
                let (fb, fc) = match (&mut by_low, pass) {
                    (Some((lb, lc)), Pass::Low) => (lb, lc),
                    _ => (&mut fb, &mut fc),
                };
                acc.add(
                    pass,
                    sweep(&run, set, fb, fc, &mut near, cap, ties, &mut pending),
                    sign,
                );
            }
        }
        acc
    }
}
