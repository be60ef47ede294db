//! The counting index of one player's completions: for every small set `U` of the cards left,
//! the completions that contain `U`, sorted by strength, so that "how many completions hold `U`
//! and are weaker than `x`" is a look-up.
//!
//! ```text
//!  bucket id = base[|U|] + colex(U)        colex({p1 < p2 < … < ps}) = C(p1,1) + C(p2,2) + … + C(ps,ps)
//!  start[id] .. start[id + 1]  ─▶  main: dense main strengths, ascending
//!                                  low:  their low classes, same order (hi/lo; also as a wavelet matrix)
//! ```
//!
//! A completion of `n` cards lies in the `2^n` buckets of its subsets. Inclusion–exclusion over
//! the cards `D` dealt to the other players then counts the completions disjoint from `D`:
//! `#{T ∩ D = ∅, T weaker than x} = Σ_{U ⊆ D} (−1)^|U| · #{T ⊇ U, T weaker than x}`, where only
//! `|U| <= n` can contribute.
//!
//! How a bucket answers depends on its size (all buckets of one subset size have the same
//! size, `C(m − |U|, n − |U|)`): small ones are scanned; large ones keep a table of how many
//! entries lie below each dense strength (the empty set's bucket, every completion, also a
//! two-dimensional table by low class); the others are searched, their two-sided hi/lo counts
//! read from the wavelet matrix.

use engine::choose::choose;

use crate::completions::Completions;
use crate::wavelet::Wavelet;

/// Buckets of at most this many entries are scanned.
const SCAN: usize = 48;

/// Entries per window of a bucket's directory, on average.
const WINDOW_ENTRIES: usize = 4;

/// Low classes: 0 (no low) to 56 (the wheel).
const LOW_CLASSES: usize = 57;

/// The thresholds of one question: main strengths below `x` and below `x + 1` (at most `x`);
/// low classes below `l` and below `l_at_most`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Thresholds {
    /// The main strength to compare with.
    pub x: u32,
    /// Low classes counted as below.
    pub l: u32,
    /// Low classes counted as at most (the second low threshold).
    pub l_at_most: u32,
}

/// One bucket's answers: how many entries lie below and at most `x`, and in hi/lo how many
/// have a low below `l` and below `l_at_most`, alone and together with the main strength.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    /// Main strength below `x`.
    pub below: u64,
    /// Main strength at most `x`.
    pub at_most: u64,
    /// Low class below `l`.
    pub low_below: u64,
    /// Low class below `l_at_most`.
    pub low_at_most: u64,
    /// Main below `x` and low below `l`.
    pub both_below: u64,
    /// Main at most `x` and low below `l_at_most`.
    pub both_at_most: u64,
}

/// Completions indexed by the sets of cards they contain.
#[derive(Debug, Clone)]
pub(crate) struct Buckets {
    /// Cards per completion.
    n: usize,
    /// Whether lows are counted.
    hilo: bool,
    /// First bucket id of the subsets of each size.
    base: [usize; 9],
    /// Where each bucket starts in `main` (one more entry than buckets).
    start: Vec<u32>,
    /// Dense main strengths, bucket by bucket, ascending within a bucket.
    main: Vec<u16>,
    /// Low classes in the order of `main` (hi/lo only).
    low: Vec<u8>,
    /// The low classes as a wavelet matrix (hi/lo only).
    lows: Wavelet,
    /// Buckets with ids below this are not scanned: they have directories.
    directed: usize,
    /// One more than the largest dense strength plus one: strengths to compare with lie below.
    width: usize,
    /// Per subset size, log2 of the strengths per directory window.
    shift: [u32; 9],
    /// Per subset size, directory entries per bucket.
    dir_len: [usize; 9],
    /// Per subset size, where its buckets' directories start in `dirs`.
    dir_base: [usize; 9],
    /// For each directed bucket, how many of its entries lie below each multiple of its
    /// window (`dirs[dir_base + (id − base) · dir_len + j]` for strength `j << shift`).
    dirs: Vec<u32>,
    /// Hi/lo, the empty set's bucket: entries below each strength with a low class below each
    /// class, `[class][strength]`.
    table_2d: Vec<u32>,
    /// Hi/lo: buckets with ids below this (every bucket not scanned) have low tables.
    low_tabled: usize,
    /// For each of them, how many entries have a low class below each class.
    low_tables: Vec<u32>,
}

impl Buckets {
    /// The index of `completions` (dense strengths, `n` cards each from `m` cards left).
    pub(crate) fn new(completions: &Completions, m: usize, n: usize, hilo: bool) -> Buckets {
        let mut base = [0usize; 9];
        for s in 0..=n {
            base[s + 1] = base[s] + choose(m, s) as usize;
        }
        let buckets = base[n + 1];
        let ids = |set: u64, visit: &mut dyn FnMut(usize)| {
            let mut positions = [0usize; 8];
            let mut k = 0;
            let mut rest = set;
            while rest != 0 {
                positions[k] = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                k += 1;
            }
            debug_assert_eq!(k, n);
            for subset in 0u32..1 << n {
                let mut colex = 0usize;
                let mut size = 0;
                for (i, &p) in positions[..n].iter().enumerate() {
                    if subset >> i & 1 == 1 {
                        size += 1;
                        colex += choose(p, size) as usize;
                    }
                }
                visit(base[size] + colex);
            }
        };
        let mut start = vec![0u32; buckets + 1];
        for &set in &completions.sets {
            ids(set, &mut |id| start[id + 1] += 1);
        }
        for i in 0..buckets {
            start[i + 1] += start[i];
        }
        let total = start[buckets] as usize;
        // Filled weakest first, every bucket comes out sorted.
        let value = |i: usize| {
            let strength = completions.strengths[i];
            strength.main << 8 | u32::from(strength.low)
        };
        // Sorted as plain integers (the value above the completion's index), not by a key
        // read through the index at every comparison.
        let mut order: Vec<u64> = (0..completions.sets.len())
            .map(|i| u64::from(value(i)) << 32 | i as u64)
            .collect();
        order.sort_unstable();
        let mut fill = start.clone();
        let mut packed = vec![0u32; total];
        for &key in &order {
            let (v, i) = ((key >> 32) as u32, key as u32);
            ids(completions.sets[i as usize], &mut |id| {
                packed[fill[id] as usize] = v;
                fill[id] += 1;
            });
        }
        drop(order);
        let main: Vec<u16> = packed.iter().map(|&v| (v >> 8) as u16).collect();
        let low: Vec<u8> = if hilo {
            packed.iter().map(|&v| v as u8).collect()
        } else {
            Vec::new()
        };
        drop(packed);
        let lows = if hilo {
            Wavelet::new(&low)
        } else {
            Wavelet::default()
        };
        let width = main.iter().max().map_or(1, |&v| usize::from(v) + 2);
        // Buckets too large to scan get a directory: counts below every `2^shift`-th strength,
        // with windows holding a few entries on average, so that a count is one look-up and a
        // short scan (the empty set's bucket: a window per strength, no scan).
        let sizes_directed = (0..=n)
            .take_while(|&s| choose(m - s, n - s) as usize > SCAN)
            .count();
        let directed = base[sizes_directed];
        let (mut shift, mut dir_len, mut dir_base) = ([0u32; 9], [0usize; 9], [0usize; 9]);
        let mut dir_total = 0;
        for size in 0..sizes_directed {
            let entries = choose(m - size, n - size) as usize;
            let per_window = (width * WINDOW_ENTRIES / entries).max(1);
            shift[size] = if size == 0 { 0 } else { per_window.ilog2() };
            dir_len[size] = (width >> shift[size]) + 2;
            dir_base[size] = dir_total;
            dir_total += dir_len[size] * choose(m, size) as usize;
        }
        let mut dirs = vec![0u32; dir_total];
        for size in 0..sizes_directed {
            for id in base[size]..base[size + 1] {
                let at = dir_base[size] + (id - base[size]) * dir_len[size];
                let dir = &mut dirs[at..at + dir_len[size]];
                for &v in &main[start[id] as usize..start[id + 1] as usize] {
                    dir[(usize::from(v) >> shift[size]) + 1] += 1;
                }
                for j in 1..dir.len() {
                    dir[j] += dir[j - 1];
                }
            }
        }
        // Hi/lo: every bucket too large to scan counts its entries below each low class.
        let mut low_tables = Vec::new();
        let mut low_tabled = 0;
        if hilo {
            low_tabled = directed;
            low_tables = vec![0u32; low_tabled * (LOW_CLASSES + 1)];
            for id in 0..low_tabled {
                let table = &mut low_tables[id * (LOW_CLASSES + 1)..(id + 1) * (LOW_CLASSES + 1)];
                for &l in &low[start[id] as usize..start[id + 1] as usize] {
                    table[usize::from(l) + 1] += 1;
                }
                for l in 1..=LOW_CLASSES {
                    table[l] += table[l - 1];
                }
            }
        }
        let mut table_2d = Vec::new();
        if hilo && directed > 0 {
            table_2d = vec![0u32; (LOW_CLASSES + 1) * width];
            let all = 0..start[1] as usize;
            for i in all {
                let (v, l) = (usize::from(main[i]), usize::from(low[i]));
                table_2d[(l + 1) * width + v + 1] += 1;
            }
            for l in 0..=LOW_CLASSES {
                for x in 0..width {
                    let mut sum = table_2d[l * width + x];
                    if l > 0 {
                        sum += table_2d[(l - 1) * width + x];
                    }
                    if x > 0 {
                        sum += table_2d[l * width + x - 1];
                    }
                    if l > 0 && x > 0 {
                        sum -= table_2d[(l - 1) * width + x - 1];
                    }
                    table_2d[l * width + x] = sum;
                }
            }
        }
        Buckets {
            n,
            hilo,
            base,
            start,
            main,
            low,
            lows,
            directed,
            width,
            shift,
            dir_len,
            dir_base,
            dirs,
            table_2d,
            low_tabled,
            low_tables,
        }
    }

    /// Cards per completion.
    pub(crate) fn cards(&self) -> usize {
        self.n
    }

    /// The answers to the thresholds `t` (lows only in hi/lo) of the bucket of the set of
    /// `size` positions whose colex rank is `colex`.
    #[inline(always)]
    pub(crate) fn counts(&self, size: usize, colex: usize, t: &Thresholds) -> Counts {
        let bucket = self.base[size] + colex;
        let (s, e) = (self.start[bucket] as usize, self.start[bucket + 1] as usize);
        if e - s <= SCAN {
            return self.scan(s, e, t);
        }
        debug_assert!(bucket < self.directed);
        let at = self.dir_base[size] + colex * self.dir_len[size];
        let x = (t.x as usize).min(self.width - 1);
        let slice = &self.main[s..e];
        let mut k1 = self.dirs[at + (x >> self.shift[size])] as usize;
        while k1 < slice.len() && usize::from(slice[k1]) < x {
            k1 += 1;
        }
        let mut k2 = k1;
        while k2 < slice.len() && usize::from(slice[k2]) == x {
            k2 += 1;
        }
        let mut c = Counts {
            below: k1 as u64,
            at_most: k2 as u64,
            ..Counts::default()
        };
        if !self.hilo {
            return c;
        }
        if bucket == 0 && !self.table_2d.is_empty() {
            let w = self.width;
            let cell = |l: u32, x: u32| {
                let (l, x) = ((l as usize).min(LOW_CLASSES), (x as usize).min(w - 1));
                u64::from(self.table_2d[l * w + x])
            };
            c.low_below = cell(t.l, u32::MAX);
            c.low_at_most = cell(t.l_at_most, u32::MAX);
            c.both_below = cell(t.l, t.x);
            c.both_at_most = cell(t.l_at_most, t.x + 1);
            return c;
        }
        debug_assert!(bucket < self.low_tabled);
        let lows = &self.low_tables[bucket * (LOW_CLASSES + 1)..(bucket + 1) * (LOW_CLASSES + 1)];
        c.low_below = u64::from(lows[(t.l as usize).min(LOW_CLASSES)]);
        c.low_at_most = u64::from(lows[(t.l_at_most as usize).min(LOW_CLASSES)]);
        let w = &self.lows;
        c.both_below = w.count_below(s, s + k1, t.l) as u64;
        c.both_at_most = w.count_below(s, s + k2, t.l_at_most) as u64;
        c
    }

    /// The answers of a small bucket (at most [`SCAN`] entries), by looking at every entry.
    ///
    /// Counted in the entries' own widths (16-bit strengths, 8-bit low classes, 16-bit sums:
    /// a bucket holds far fewer than 2^16 entries), so that the loop runs 8 or 16 entries per
    /// vector instruction instead of widening each comparison to 64 bits.
    #[inline(always)]
    fn scan(&self, s: usize, e: usize, t: &Thresholds) -> Counts {
        debug_assert!(e - s <= SCAN);
        // Thresholds above every stored value count every entry: the largest value of the type
        // then stands for them, with `<=` read as "every entry" (`all`).
        let clamp16 = |x: u32| {
            (
                u16::try_from(x).unwrap_or(u16::MAX),
                x > u32::from(u16::MAX),
            )
        };
        let (x, x_all) = clamp16(t.x);
        let main = &self.main[s..e];
        if !self.hilo {
            let (mut below, mut at_most) = (0u16, 0u16);
            for &v in main {
                below += u16::from(v < x);
                at_most += u16::from(v <= x);
            }
            let n = main.len() as u64;
            return Counts {
                below: if x_all { n } else { u64::from(below) },
                at_most: if x_all { n } else { u64::from(at_most) },
                ..Counts::default()
            };
        }
        let clamp8 = |l: u32| u8::try_from(l).unwrap_or(u8::MAX);
        // `l < t.l` for a threshold above 255 holds for every class (classes are at most 56);
        // clamped to 255 it still does.
        let (l1, l2) = (clamp8(t.l), clamp8(t.l_at_most));
        let mut sums = [0u16; 6];
        for (&v, &l) in main.iter().zip(&self.low[s..e]) {
            let (below, at_most) = (v < x || x_all, v <= x || x_all);
            let (low_below, low_at_most) = (l < l1, l < l2);
            sums[0] += u16::from(below);
            sums[1] += u16::from(at_most);
            sums[2] += u16::from(low_below);
            sums[3] += u16::from(low_at_most);
            sums[4] += u16::from(below & low_below);
            sums[5] += u16::from(at_most & low_at_most);
        }
        let [
            below,
            at_most,
            low_below,
            low_at_most,
            both_below,
            both_at_most,
        ] = sums.map(u64::from);
        Counts {
            below,
            at_most,
            low_below,
            low_at_most,
            both_below,
            both_at_most,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::completions::distinct_mains;
    use crate::ranking::{StudEight, StudHigh};
    use deck::{Card, parse_cards};

    /// Every answer equals a scan of the completions that hold the bucket's set, for buckets of
    /// every kind (with a directory, scanned).
    #[test]
    fn answers_match_a_scan() {
        let known = parse_cards("Ah2d3c").unwrap();
        let rest: Vec<Card> = Card::all()
            .filter(|c| !known.contains(c))
            .take(22)
            .collect();
        for hilo in [true, false] {
            let mut c = if hilo {
                Completions::new::<StudEight>(&known, &rest, 4)
            } else {
                Completions::new::<StudHigh>(&known, &rest, 4)
            };
            c.densify(&distinct_mains([&c].into_iter()));
            let b = Buckets::new(&c, rest.len(), 4, hilo);
            assert!(b.directed > 0, "the empty set's bucket has a directory");
            let top = c.strengths.iter().map(|s| s.main).max().unwrap() + 2;
            let sets = [
                0u64,
                0b1,
                0b100_0000,
                0b101,
                0b11_0000_0001,
                0b1_0000_0000_0110,
            ];
            for u in sets {
                let positions: Vec<usize> = (0..22).filter(|p| u >> p & 1 == 1).collect();
                let colex: usize = positions
                    .iter()
                    .enumerate()
                    .map(|(k, &p)| choose(p, k + 1) as usize)
                    .sum();

                let holding: Vec<_> = c
                    .sets
                    .iter()
                    .zip(&c.strengths)
                    .filter(|(set, _)| *set & u == u)
                    .map(|(_, s)| *s)
                    .collect();
                for x in [0, 1, top / 3, top / 2, top] {
                    for (l, l2) in [(0u32, 1u32), (1, 1), (20, 21), (56, 57), (57, 58)] {
                        let count = |f: &dyn Fn(u32, u32) -> bool| {
                            holding
                                .iter()
                                .filter(|s| f(s.main, u32::from(s.low)))
                                .count() as u64
                        };
                        let mut expected = Counts {
                            below: count(&|m, _| m < x),
                            at_most: count(&|m, _| m <= x),
                            ..Counts::default()
                        };
                        if hilo {
                            expected.low_below = count(&|_, lo| lo < l);
                            expected.low_at_most = count(&|_, lo| lo < l2);
                            expected.both_below = count(&|m, lo| m < x && lo < l);
                            expected.both_at_most = count(&|m, lo| m <= x && lo < l2);
                        }
                        let t = Thresholds {
                            x,
                            l,
                            l_at_most: l2,
                        };
                        assert_eq!(
                            b.counts(positions.len(), colex, &t),
                            expected,
                            "{u:b} {x} {l}"
                        );
                    }
                }
            }
        }
    }
}
