//! Every way to complete one player's hand from the cards left, each valued once.
//!
//! The cards left are numbered by position `0..m` in increasing card order; a completion is a
//! set of positions (a bit mask) and the strength of the player's known cards with those cards
//! added. Strengths are then made dense (the distinct main strengths of every player sorted and
//! numbered, so that they fit in `u16` and compare as before) and the eight-or-better lows
//! numbered 0 (none) to 56 (the wheel).

use deck::Card;
use engine::choose::choose;
use rayon::prelude::*;

use crate::ranking::{Ranking, Strength};

/// One player's completions: position masks and strengths, in lexicographic order of positions.
#[derive(Debug, Clone, Default)]
pub(crate) struct Completions {
    /// The dealt cards of each completion, one bit per position of the cards left.
    pub(crate) sets: Vec<u64>,
    /// The strength of each completion (raw until [`Completions::densify`]).
    pub(crate) strengths: Vec<Strength>,
}

/// Lists with at least this many completions are filled, made dense and searched for their
/// distinct strengths in parallel pieces (smaller ones in one go, where a rayon call would cost
/// more than it shares out).
const PARALLEL_FROM: usize = 1 << 16;

/// Completions per piece of [`distinct_mains`] and of [`Completions::densify`].
const PIECE: usize = 1 << 16;

impl Completions {
    /// Every `need`-card completion of `known` from `rest`, valued by `R`.
    ///
    /// The completions come in pieces, one for each choice of their first two positions (of the
    /// first one when `need` is 1): each piece is a run of the list, so that a long list (a
    /// random hand against five known cards: C(47, 7), 63 million completions) is filled by
    /// every thread at once, each piece its own rayon job, into one list in the same order.
    pub(crate) fn new<R: Ranking>(known: &[Card], rest: &[Card], need: usize) -> Completions {
        let count = choose(rest.len(), need) as usize;
        let parallel = count >= PARALLEL_FROM;
        let mut out = if parallel {
            // Written once in parallel first, so that the pages are touched by every thread.
            let mut out = Completions::default();
            (0..count)
                .into_par_iter()
                .map(|_| 0)
                .collect_into_vec(&mut out.sets);
            (0..count)
                .into_par_iter()
                .map(|_| Strength::default())
                .collect_into_vec(&mut out.strengths);
            out
        } else {
            Completions {
                sets: vec![0; count],
                strengths: vec![Strength::default(); count],
            }
        };
        let pieces = Self::pieces::<R>(R::parts(known), rest, need, &mut out);
        if parallel {
            pieces
                .into_par_iter()
                .with_max_len(1)
                .for_each(|piece| piece.fill::<R>(rest));
        } else {
            pieces.into_iter().for_each(|piece| piece.fill::<R>(rest));
        }
        out
    }

    /// `out`'s completions split into [`Piece`]s by their first two positions (one when `need`
    /// is 1, none when 0), in list order.
    fn pieces<'a, R: Ranking>(
        parts: R::Parts,
        rest: &[Card],
        need: usize,
        out: &'a mut Completions,
    ) -> Vec<Piece<'a, R::Parts>> {
        let (mut sets, mut strengths) = (&mut out.sets[..], &mut out.strengths[..]);
        let mut pieces = Vec::new();
        let mut take = |parts, from, need, set| {
            let len = choose(rest.len() - from, need) as usize;
            let (s, later_sets) = std::mem::take(&mut sets).split_at_mut(len);
            let (v, later_strengths) = std::mem::take(&mut strengths).split_at_mut(len);
            (sets, strengths) = (later_sets, later_strengths);
            pieces.push(Piece {
                parts,
                from,
                need,
                set,
                sets: s,
                strengths: v,
            });
        };
        match need {
            0 => take(parts, 0, 0, 0),
            1 => {
                for (a, &card) in rest.iter().enumerate() {
                    take(R::add(parts, card), a + 1, 0, 1 << a);
                }
            }
            _ => {
                // The first card leaves room for `need - 1` after it, the second for `need - 2`.
                for (a, &first) in rest[..=rest.len() - need].iter().enumerate() {
                    let with_a = R::add(parts, first);
                    let seconds = &rest[..=rest.len() - need + 1];
                    for (b, &second) in seconds.iter().enumerate().skip(a + 1) {
                        take(R::add(with_a, second), b + 1, need - 2, 1 << a | 1 << b);
                    }
                }
            }
        }
        debug_assert!(sets.is_empty() && strengths.is_empty());
        pieces
    }

    /// Replaces each strength by its dense form: `main` by its index in `mains` (sorted distinct
    /// main strengths holding every one of these), `low` by [`low_class`]; a long list in
    /// parallel pieces.
    pub(crate) fn densify(&mut self, mains: &[u32]) {
        let dense = |s: &mut Strength| {
            s.main = mains.partition_point(|&m| m < s.main) as u32;
            s.low = low_class(s.low);
        };
        if self.strengths.len() >= PARALLEL_FROM {
            self.strengths
                .par_iter_mut()
                .with_min_len(PIECE)
                .for_each(dense);
        } else {
            self.strengths.iter_mut().for_each(dense);
        }
    }
}

/// A run of one list's completions: those that start with the positions of `set` (the cards
/// of `parts` beside the known ones) and add `need` more from position `from` on.
struct Piece<'a, P> {
    parts: P,
    from: usize,
    need: usize,
    set: u64,
    sets: &'a mut [u64],
    strengths: &'a mut [Strength],
}

impl<P: Copy> Piece<'_, P> {
    /// Writes the run's completions, in lexicographic order of positions.
    fn fill<R: Ranking<Parts = P>>(mut self, rest: &[Card]) {
        let mut at = 0;
        let (parts, from, need, set) = (self.parts, self.from, self.need, self.set);
        self.fill_from::<R>(rest, parts, from, need, set, &mut at);
        debug_assert_eq!(at, self.sets.len());
    }

    fn fill_from<R: Ranking<Parts = P>>(
        &mut self,
        rest: &[Card],
        parts: P,
        from: usize,
        need: usize,
        set: u64,
        at: &mut usize,
    ) {
        if need == 0 {
            self.sets[*at] = set;
            self.strengths[*at] = R::value(parts);
            *at += 1;
            return;
        }
        for i in from..=rest.len() - need {
            let added = R::add(parts, rest[i]);
            self.fill_from::<R>(rest, added, i + 1, need - 1, set | 1 << i, at);
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

/// The sorted distinct main strengths of several players' completions and of fixed hands:
/// pieces of [`PIECE`] completions each sorted and deduplicated on their own (in parallel),
/// then merged, so that no list of every strength is built.
pub(crate) fn distinct_mains<'a>(lists: impl Iterator<Item = &'a Completions>) -> Vec<u32> {
    let pieces: Vec<&[Strength]> = lists.flat_map(|c| c.strengths.chunks(PIECE)).collect();
    let distinct = |piece: &&[Strength]| {
        let mut mains: Vec<u32> = piece.iter().map(|s| s.main).collect();
        mains.sort_unstable();
        mains.dedup();
        mains
    };
    if pieces.len() <= 1 {
        return pieces.first().map(distinct).unwrap_or_default();
    }
    pieces
        .par_iter()
        .with_max_len(1)
        .map(distinct)
        .reduce(Vec::new, merge_distinct)
}

/// The sorted distinct values of two sorted lists of distinct values.
fn merge_distinct(a: Vec<u32>, b: Vec<u32>) -> Vec<u32> {
    let mut merged = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let next = a[i].min(b[j]);
        merged.push(next);
        i += usize::from(a[i] == next);
        j += usize::from(b[j] == next);
    }
    merged.extend_from_slice(&a[i..]);
    merged.extend_from_slice(&b[j..]);
    merged
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

    /// The plain recursion: every completion in lexicographic order of positions, pushed.
    fn plain<R: Ranking>(known: &[Card], rest: &[Card], need: usize) -> Completions {
        fn visit<R: Ranking>(
            parts: R::Parts,
            rest: &[Card],
            from: usize,
            need: usize,
            set: u64,
            out: &mut Completions,
        ) {
            if need == 0 {
                out.sets.push(set);
                out.strengths.push(R::value(parts));
                return;
            }
            for at in from..=rest.len() - need {
                let added = R::add(parts, rest[at]);
                visit::<R>(added, rest, at + 1, need - 1, set | 1 << at, out);
            }
        }
        let mut out = Completions::default();
        visit::<R>(R::parts(known), rest, 0, need, 0, &mut out);
        out
    }

    /// Filled in pieces, short lists in one go and long ones in parallel on 1 and 3 threads, the
    /// list is the plain recursion's, in its order.
    #[test]
    fn pieces_fill_the_plain_list_in_order() {
        let known = parse_cards("9c").unwrap();
        let rest: Vec<Card> = Card::all()
            .filter(|c| !known.contains(c))
            .step_by(2)
            .collect();
        let short = &rest[..12];
        for need in 0..=7 {
            let c = Completions::new::<StudEight>(&known, short, need);
            let p = plain::<StudEight>(&known, short, need);
            assert_eq!((c.sets, c.strengths), (p.sets, p.strengths), "{need} of 12");
        }
        let long = &rest[..20];
        assert!(choose(20, 7) as usize >= PARALLEL_FROM);
        let p = plain::<RazzLow>(&known, long, 7);
        for threads in [1, 3] {
            let c =
                engine::on_pool(threads, || Completions::new::<RazzLow>(&known, long, 7)).unwrap();
            assert_eq!(c.sets, p.sets);
            assert_eq!(c.strengths, p.strengths);
        }
    }

    /// The distinct mains of many pieces, merged, and a long list made dense in parallel pieces:
    /// as sorting every strength at once, and as densifying one by one.
    #[test]
    fn distinct_mains_and_dense_strengths_of_long_lists() {
        let known = parse_cards("As2d").unwrap();
        let rest: Vec<Card> = Card::all()
            .filter(|c| !known.contains(c))
            .take(26)
            .collect();
        let a = Completions::new::<StudEight>(&known, &rest, 6);
        let b = Completions::new::<StudEight>(&known[..1], &rest[..10], 3);
        assert!(a.strengths.len() > 2 * PIECE);
        // Every main strength of the lists at once, sorted and deduplicated.
        let all_at_once = |lists: &[&Completions]| {
            let mut all: Vec<u32> = lists
                .iter()
                .flat_map(|c| c.strengths.iter().map(|s| s.main))
                .collect();
            all.sort_unstable();
            all.dedup();
            all
        };
        let mains = engine::on_pool(3, || distinct_mains([&a, &b].into_iter())).unwrap();
        assert_eq!(mains, all_at_once(&[&a, &b]));
        assert_eq!(distinct_mains([&b].into_iter()), all_at_once(&[&b]));
        assert_eq!(distinct_mains(std::iter::empty()), Vec::<u32>::new());
        let mut dense = a.clone();
        engine::on_pool(3, || dense.densify(&mains)).unwrap();
        for (d, raw) in dense.strengths.iter().zip(&a.strengths) {
            assert_eq!(mains[d.main as usize], raw.main);
            assert_eq!(d.low, low_class(raw.low));
        }
        assert_eq!(
            merge_distinct(vec![1, 4, 9], vec![0, 4, 5, 10]),
            [0, 1, 4, 5, 9, 10]
        );
        assert_eq!(merge_distinct(vec![], vec![3]), [3]);
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
