//! Every way to fill one player's hand at the first draw, valued once: the completions the
//! exact count pairs up, and the index of one player's completions by the stub cards they
//! contain, which counts that player's completions avoiding any set of cards by
//! inclusion–exclusion instead of listing them.

use deck::Card;
use engine::choose::CHOOSE;

use crate::ranking::Ranking;

/// One player's completions: each a set of stub positions (bit `i`: the stub's card `i`) and
/// the values of the filled hand.
#[derive(Debug, Clone, Default)]
pub struct Completions {
    /// The stub positions drawn.
    pub masks: Vec<u64>,
    /// The filled hand's main value.
    pub main: Vec<u32>,
    /// The filled hand's eight-or-better low (hi/lo; else empty).
    pub low: Vec<u8>,
}

impl Completions {
    /// Every way to draw `draw` cards of `stub` to `kept`, valued by `R`.
    pub fn of<R: Ranking>(kept: &[Card], stub: &[Card], draw: usize) -> Completions {
        let mut out = Completions::default();
        let mut hand = [Card::from_index(0); 5];
        hand[..kept.len()].copy_from_slice(kept);
        let size = kept.len() + draw;
        for_each_combination(stub.len(), draw, |positions| {
            let mut mask = 0u64;
            for (slot, &p) in positions.iter().enumerate() {
                hand[kept.len() + slot] = stub[p as usize];
                mask |= 1 << p;
            }
            out.masks.push(mask);
            out.main.push(R::main(&hand[..size]));
            if R::HILO {
                out.low.push(R::low(&hand[..size]));
            }
        });
        out
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.masks.len()
    }

    /// Whether there are none (never: drawing none is one completion).
    pub fn is_empty(&self) -> bool {
        self.masks.is_empty()
    }
}

/// Calls `visit` with each `k`-subset of `0..n`, ascending positions, in colex order.
pub fn for_each_combination(n: usize, k: usize, mut visit: impl FnMut(&[u8])) {
    if k > n {
        return;
    }
    let mut positions: Vec<u8> = (0..k as u8).collect();
    loop {
        visit(&positions);
        // Colex successor: raise the first position that can rise, reset those below it.
        let mut i = 0;
        loop {
            if i == k {
                return;
            }
            let limit = if i + 1 < k {
                positions[i + 1] as usize
            } else {
                n
            };
            if (positions[i] as usize) + 1 < limit {
                break;
            }
            i += 1;
        }
        positions[i] += 1;
        for (j, p) in positions.iter_mut().enumerate().take(i) {
            *p = j as u8;
        }
    }
}

/// A player's completions indexed by the stub cards they contain: for every set `S` of at
/// most `depth` positions, the sorted values of the completions containing `S`. The
/// completions avoiding a set `U` with a value below `m` are then
/// `Σ_{S ⊆ U, |S| ≤ depth} (−1)^{|S|} · #{containing S, below m}` when `U` has at most `depth`
/// cards or `depth` is the whole draw (no completion holds more cards than it draws, so larger
/// `S` contribute nothing).
#[derive(Debug, Clone)]
pub struct ContainedIndex {
    /// The largest set indexed: the player's draw.
    depth: usize,
    /// Where the sets of each size start: `Σ_{t < s} C(n, t)`.
    base: [usize; 6],
    /// Segment `i` of the values is `values[starts[i]..starts[i + 1]]`.
    starts: Vec<u32>,
    values: Vec<u32>,
}

/// The colex rank of an ascending set of positions among the sets of its size.
#[inline(always)]
fn colex_rank(positions: &[u8]) -> usize {
    positions
        .iter()
        .enumerate()
        .map(|(i, &p)| CHOOSE[p as usize][i + 1] as usize)
        .sum()
}

impl ContainedIndex {
    /// Entries an index of `count` completions of `draw` cards holds when it indexes sets of
    /// at most `depth` cards: `count · Σ_{s ≤ depth} C(draw, s)`.
    pub fn entries(count: usize, draw: usize, depth: usize) -> usize {
        let subsets: u64 = (0..=depth.min(draw)).map(|s| CHOOSE[draw][s]).sum();
        count.saturating_mul(subsets as usize)
    }

    /// The index of `completions`, each drawing `draw` of a stub of `n` cards, by the sets of at
    /// most `depth` cards they contain: enough to count the completions avoiding any set of
    /// `depth` or fewer cards (the cards the other players draw).
    pub fn new(completions: &Completions, n: usize, draw: usize, depth: usize) -> ContainedIndex {
        let depth = depth.min(draw);
        let mut base = [0usize; 6];
        for s in 1..=depth {
            base[s] = base[s - 1] + CHOOSE[n][s - 1] as usize;
        }
        let segments = base[depth] + CHOOSE[n][depth] as usize;
        let mut counts = vec![0u32; segments + 1];
        let subsets = |mask: u64, f: &mut dyn FnMut(usize)| {
            let mut positions = [0u8; 5];
            let mut m = mask;
            for slot in positions.iter_mut().take(draw) {
                *slot = m.trailing_zeros() as u8;
                m &= m - 1;
            }
            for pick in 0u32..1 << draw {
                if pick.count_ones() as usize > depth {
                    continue;
                }
                let mut chosen = [0u8; 5];
                let mut size = 0;
                for (i, &p) in positions.iter().enumerate().take(draw) {
                    if pick >> i & 1 == 1 {
                        chosen[size] = p;
                        size += 1;
                    }
                }
                f(base[size] + colex_rank(&chosen[..size]));
            }
        };
        for &mask in &completions.masks {
            subsets(mask, &mut |segment| counts[segment + 1] += 1);
        }
        for i in 1..counts.len() {
            counts[i] += counts[i - 1];
        }
        let starts = counts.clone();
        let mut fill = counts;
        let mut values = vec![0u32; *starts.last().unwrap_or(&0) as usize];
        for (&mask, &value) in completions.masks.iter().zip(&completions.main) {
            subsets(mask, &mut |segment| {
                values[fill[segment] as usize] = value;
                fill[segment] += 1;
            });
        }
        let mut index = ContainedIndex {
            depth,
            base,
            starts,
            values,
        };
        for segment in 0..segments {
            let (from, to) = index.segment_range(segment);
            index.values[from..to].sort_unstable();
        }
        index
    }

    #[inline(always)]
    fn segment_range(&self, segment: usize) -> (usize, usize) {
        (
            self.starts[segment] as usize,
            self.starts[segment + 1] as usize,
        )
    }

    /// Of the completions avoiding every position of `used` (ascending): how many in all,
    /// below `m`, and equal to `m`. Exact when `used` holds at most the index's depth of
    /// positions, or the depth is the whole draw (larger sets are in no completion).
    #[inline]
    pub fn avoiding(&self, used: &[u8], m: u32) -> (i64, i64, i64) {
        let mut totals = (0i64, 0i64, 0i64);
        let mut chosen = [0u8; 5];
        self.add_subsets(used, 0, &mut chosen, 0, m, &mut totals);
        totals
    }

    fn add_subsets(
        &self,
        used: &[u8],
        from: usize,
        chosen: &mut [u8; 5],
        size: usize,
        m: u32,
        totals: &mut (i64, i64, i64),
    ) {
        let (start, end) = self.segment_range(self.base[size] + colex_rank(&chosen[..size]));
        let values = &self.values[start..end];
        let below = values.partition_point(|&v| v < m) as i64;
        let through = values.partition_point(|&v| v <= m) as i64;
        let sign = if size.is_multiple_of(2) { 1 } else { -1 };
        totals.0 += sign * values.len() as i64;
        totals.1 += sign * below;
        totals.2 += sign * (through - below);
        if size == self.depth {
            return;
        }
        for i in from..used.len() {
            chosen[size] = used[i];
            self.add_subsets(used, i + 1, chosen, size + 1, m, totals);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ranking::DeuceSeven;

    #[test]
    fn combinations_are_every_subset_once() {
        let mut seen = Vec::new();
        for_each_combination(6, 3, |p| seen.push(p.to_vec()));
        assert_eq!(seen.len(), 20);
        for (i, p) in seen.iter().enumerate() {
            assert_eq!(colex_rank(p), i, "{p:?}");
        }
        let mut empty = 0;
        for_each_combination(5, 0, |p| {
            assert!(p.is_empty());
            empty += 1;
        });
        assert_eq!(empty, 1);
    }

    #[test]
    fn the_index_counts_what_a_scan_counts() {
        let stub: Vec<Card> = Card::all().take(14).collect();
        let kept = deck::parse_cards("As Ks").unwrap();
        let all = Completions::of::<DeuceSeven>(&kept, &stub, 3);
        let index = ContainedIndex::new(&all, stub.len(), 3, 3);
        let shallow = ContainedIndex::new(&all, stub.len(), 3, 1);
        for used in [vec![], vec![2u8], vec![0, 5, 9], vec![1, 2, 3, 4, 5, 6]] {
            let mask = used.iter().fold(0u64, |m, &p| m | 1 << p);
            for &m in all.main.iter().step_by(37) {
                let scan = all
                    .masks
                    .iter()
                    .zip(&all.main)
                    .filter(|&(&c, _)| c & mask == 0);
                let total = scan.clone().count() as i64;
                let below = scan.clone().filter(|&(_, &v)| v < m).count() as i64;
                let equal = scan.filter(|&(_, &v)| v == m).count() as i64;
                assert_eq!(index.avoiding(&used, m), (total, below, equal), "{used:?}");
                if used.len() <= 1 {
                    assert_eq!(
                        shallow.avoiding(&used, m),
                        (total, below, equal),
                        "{used:?}"
                    );
                }
            }
        }
    }
}
