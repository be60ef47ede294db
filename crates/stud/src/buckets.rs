//! The counting index of one player's completions: for every small set `U` of the cards left,
//! the completions that contain `U`, sorted by strength, so that "how many completions hold `U`
//! and are weaker than `x`" is a binary search.
//!
//! ```text
//!  bucket id = base[|U|] + colex(U)        colex({p1 < p2 < … < ps}) = C(p1,1) + C(p2,2) + … + C(ps,ps)
//!  start[id] .. start[id + 1]  ─▶  main: dense main strengths, ascending
//!                                  lows: their low classes, same order (hi/lo: a wavelet matrix)
//! ```
//!
//! A completion of `n` cards lies in the `2^n` buckets of its subsets. Inclusion–exclusion over
//! the cards `D` dealt to the other players then counts the completions disjoint from `D`:
//! `#{T ∩ D = ∅, T weaker than x} = Σ_{U ⊆ D} (−1)^|U| · #{T ⊇ U, T weaker than x}`, where only
//! `|U| <= n` can contribute.

use crate::completions::{Completions, choose};
use crate::wavelet::Wavelet;

/// Completions indexed by the sets of cards they contain.
#[derive(Debug, Clone)]
pub(crate) struct Buckets {
    /// Cards per completion.
    n: usize,
    /// First bucket id of the subsets of each size.
    base: [usize; 9],
    /// Where each bucket starts in `main` (one more entry than buckets).
    start: Vec<u32>,
    /// Dense main strengths, bucket by bucket, ascending within a bucket.
    main: Vec<u16>,
    /// Low classes in the order of `main` (hi/lo only).
    lows: Option<Wavelet>,
    /// For the empty set's bucket (every completion): how many are below each dense strength.
    below_in_all: Vec<u32>,
}

impl Buckets {
    /// The index of `completions` (dense strengths, `n` cards each from `m` cards left).
    pub fn new(completions: &Completions, m: usize, n: usize, hilo: bool) -> Buckets {
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
        let mut fill = start.clone();
        let mut packed = vec![0u32; total];
        for (&set, strength) in completions.sets.iter().zip(&completions.strengths) {
            let value = strength.main << 8 | u32::from(strength.low);
            ids(set, &mut |id| {
                packed[fill[id] as usize] = value;
                fill[id] += 1;
            });
        }
        for id in 0..buckets {
            packed[start[id] as usize..start[id + 1] as usize].sort_unstable();
        }
        let main: Vec<u16> = packed.iter().map(|&v| (v >> 8) as u16).collect();
        let lows = hilo.then(|| Wavelet::new(&packed.iter().map(|&v| v as u8).collect::<Vec<_>>()));
        let all = &main[..start[1] as usize];
        let top = all.last().map_or(0, |&v| usize::from(v) + 2);
        let below_in_all = (0..top)
            .map(|x| all.partition_point(|&v| usize::from(v) < x) as u32)
            .collect();
        Buckets {
            n,
            base,
            start,
            main,
            lows,
            below_in_all,
        }
    }

    /// Cards per completion.
    pub fn cards(&self) -> usize {
        self.n
    }

    /// The bucket of the set of `size` positions whose colex rank is `colex`.
    #[inline(always)]
    pub fn id(&self, size: usize, colex: usize) -> usize {
        self.base[size] + colex
    }

    #[inline(always)]
    fn range(&self, bucket: usize) -> (usize, usize) {
        (self.start[bucket] as usize, self.start[bucket + 1] as usize)
    }

    /// Completions in `bucket` with a dense main strength below `x`.
    #[inline(always)]
    pub fn main_below(&self, bucket: usize, x: u32) -> u64 {
        if bucket == 0 {
            let i = (x as usize).min(self.below_in_all.len() - 1);
            return u64::from(self.below_in_all[i]);
        }
        let (s, e) = self.range(bucket);
        self.main[s..e].partition_point(|&v| u32::from(v) < x) as u64
    }

    /// Completions in `bucket` with a low class below `l` (hi/lo only).
    #[inline(always)]
    pub fn low_below(&self, bucket: usize, l: u32) -> u64 {
        let (s, e) = self.range(bucket);
        self.lows
            .as_ref()
            .map_or(0, |w| w.count_below(s, e, l) as u64)
    }

    /// Completions in `bucket` with a main strength below `x` and a low class below `l` (hi/lo
    /// only).
    #[inline(always)]
    pub fn both_below(&self, bucket: usize, x: u32, l: u32) -> u64 {
        let (s, e) = self.range(bucket);
        let k = self.main[s..e].partition_point(|&v| u32::from(v) < x);
        self.lows
            .as_ref()
            .map_or(0, |w| w.count_below(s, s + k, l) as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::completions::distinct_mains;
    use crate::ranking::StudEight;
    use deck::{Card, parse_cards};

    /// Every query equals a scan of the completions that hold the bucket's set.
    #[test]
    fn queries_match_a_scan() {
        let known = parse_cards("Ah2d3c").unwrap();
        let rest: Vec<Card> = Card::all()
            .filter(|c| !known.contains(c))
            .take(14)
            .collect();
        let mut c = Completions::new::<StudEight>(&known, &rest, 3);
        c.densify(&distinct_mains([&c].into_iter()));
        let b = Buckets::new(&c, rest.len(), 3, true);
        let top = c.strengths.iter().map(|s| s.main).max().unwrap() + 2;
        for u in [
            0u64,
            0b1,
            0b100_0000,
            0b101,
            0b11_0000_0001,
            0b1_0000_0000_0110,
        ] {
            let positions: Vec<usize> = (0..14).filter(|p| u >> p & 1 == 1).collect();
            let colex: usize = positions
                .iter()
                .enumerate()
                .map(|(k, &p)| choose(p, k + 1) as usize)
                .sum();
            let id = b.id(positions.len(), colex);
            let holding: Vec<_> = c
                .sets
                .iter()
                .zip(&c.strengths)
                .filter(|(set, _)| *set & u == u)
                .map(|(_, s)| *s)
                .collect();
            for x in [0, 1, top / 3, top / 2, top] {
                for l in [0u32, 1, 20, 56, 57] {
                    let main = holding.iter().filter(|s| s.main < x).count() as u64;
                    let low = holding.iter().filter(|s| u32::from(s.low) < l).count() as u64;
                    let both = holding
                        .iter()
                        .filter(|s| s.main < x && u32::from(s.low) < l)
                        .count() as u64;
                    assert_eq!(b.main_below(id, x), main, "{u:b} {x}");
                    assert_eq!(b.low_below(id, l), low, "{u:b} {l}");
                    assert_eq!(b.both_below(id, x, l), both, "{u:b} {x} {l}");
                }
            }
        }
    }
}
