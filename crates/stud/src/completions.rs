//! Every way to complete one player's hand from the cards left, each valued once.
//!
//! The cards left are numbered by position `0..m` in increasing card order; a completion is a
//! set of positions (a bit mask) and the strength of the player's known cards with those cards
//! added. Strengths are then made dense (the distinct main strengths of every player sorted and
//! numbered, so that they fit in `u16` and compare as before) and the eight-or-better lows
//! numbered 0 (none) to 56 (the wheel).

use deck::Card;

use crate::ranking::{Ranking, Strength};

/// `C(n, k)` for `n <= 52`, `k <= 7`.
pub(crate) const CHOOSE: [[u64; 8]; 53] = {
    let mut table = [[0u64; 8]; 53];
    let mut n = 0;
    while n < 53 {
        let mut k = 0;
        while k < 8 {
            table[n][k] = deck::uniform::binomial(n as u128, k as u128) as u64;
            k += 1;
        }
        n += 1;
    }
    table
};

/// `C(n, k)` for the card counts of a stud deal (`n <= 52`, `k <= 7`, 0 outside).
#[inline(always)]
pub(crate) fn choose(n: usize, k: usize) -> u64 {
    if k > 7 || n > 52 {
        return 0;
    }
    CHOOSE[n][k]
}

/// One player's completions: position masks and strengths, in lexicographic order of positions.
#[derive(Debug, Clone, Default)]
pub(crate) struct Completions {
    /// The dealt cards of each completion, one bit per position of the cards left.
    pub(crate) sets: Vec<u64>,
    /// The strength of each completion (raw until [`Completions::densify`]).
    pub(crate) strengths: Vec<Strength>,
}

impl Completions {
    /// Every `need`-card completion of `known` from `rest`, valued by `R`.
    pub(crate) fn new<R: Ranking>(known: &[Card], rest: &[Card], need: usize) -> Completions {
        let count = choose(rest.len(), need) as usize;
        let mut out = Completions {
            sets: Vec::with_capacity(count),
            strengths: Vec::with_capacity(count),
        };
        out.fill::<R>(R::parts(known), rest, 0, need, 0);
        debug_assert_eq!(out.sets.len(), count);
        out
    }

    fn fill<R: Ranking>(
        &mut self,
        parts: R::Parts,
        rest: &[Card],
        from: usize,
        need: usize,
        set: u64,
    ) {
        if need == 0 {
            self.sets.push(set);
            self.strengths.push(R::value(parts));
            return;
        }
        for at in from..=rest.len() - need {
            self.fill::<R>(
                R::add(parts, rest[at]),
                rest,
                at + 1,
                need - 1,
                set | 1 << at,
            );
        }
    }

    /// Replaces each strength by its dense form: `main` by its index in `mains` (sorted distinct
    /// main strengths holding every one of these), `low` by [`low_class`].
    pub(crate) fn densify(&mut self, mains: &[u32]) {
        for s in &mut self.strengths {
            s.main = mains.partition_point(|&m| m < s.main) as u32;
            s.low = low_class(s.low);
        }
    }
}

/// The class of each eight-or-better low value: how many lows are at most as good, so 0 for no
/// low, 1 for 8-7-6-5-4 and 56 for the wheel.
const LOW_CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut v = 0;
    while v < 256 {
        let mut mask = 0;
        while mask < 256 {
            if (mask as u32).count_ones() == 5 && 255 - mask <= v {
                table[v] += 1;
            }
            mask += 1;
        }
        v += 1;
    }
    table
};

/// The class of an eight-or-better low value: 0 for none, 1 (8-7-6-5-4) to 56 (the wheel).
/// Classes order lows as their values do.
#[inline]
pub(crate) fn low_class(value: u8) -> u8 {
    LOW_CLASS[usize::from(value)]
}

/// The sorted distinct main strengths of several players' completions and of fixed hands.
pub(crate) fn distinct_mains<'a>(lists: impl Iterator<Item = &'a Completions>) -> Vec<u32> {
    let mut mains: Vec<u32> = lists
        .flat_map(|c| c.strengths.iter().map(|s| s.main))
        .collect();
    mains.sort_unstable();
    mains.dedup();
    mains
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ranking::{RazzLow, StudEight};
    use deck::parse_cards;

    #[test]
    fn every_completion_once_with_its_strength() {
        let known = parse_cards("As2s3s").unwrap();
        let rest = parse_cards("4s5s6c7d").unwrap();
        let c = Completions::new::<RazzLow>(&known, &rest, 2);
        assert_eq!(c.sets, [0b0011, 0b0101, 0b1001, 0b0110, 0b1010, 0b1100]);
        // A-2-3-4-5 is the best razz low, reached with 4s 5s only.
        let best = c.strengths.iter().max().unwrap();
        assert_eq!(c.strengths[0], *best);
        assert_eq!(choose(46, 4), 163_185);
        assert_eq!(choose(3, 5), 0);
    }

    #[test]
    fn dense_strengths_keep_the_order() {
        let known = parse_cards("Ah2d").unwrap();
        let rest: Vec<Card> = Card::all()
            .filter(|c| !known.contains(c))
            .take(12)
            .collect();
        let raw = Completions::new::<StudEight>(&known, &rest, 3);
        let mut dense = raw.clone();
        dense.densify(&distinct_mains([&raw].into_iter()));
        for i in 0..raw.strengths.len() {
            for j in 0..raw.strengths.len() {
                let (a, b) = (raw.strengths[i], raw.strengths[j]);
                let (x, y) = (dense.strengths[i], dense.strengths[j]);
                assert_eq!(a.main.cmp(&b.main), x.main.cmp(&y.main));
                assert_eq!(a.low.cmp(&b.low), x.low.cmp(&y.low));
                assert_eq!(a.low == 0, x.low == 0);
            }
        }
        assert_eq!(low_class(0), 0);
        assert_eq!(low_class(224), 56);
        assert_eq!(low_class(7), 1);
    }
}
