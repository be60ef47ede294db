//! Every 5-, 6- and 7-card hand (`C(52, n)`: 2,598,960, 20,358,520 and 133,784,560) through the
//! ace-to-five low ([`eval::ace_five_low`]) and the eight-or-better low ([`eval::eight_low`]),
//! checked against a slow, obvious oracle written here: the best of every five-card subset,
//! each judged by grouping its ranks.
//!
//! Lows read ranks only, so the hands are visited grouped by their multiset of ranks: the oracle
//! judges each multiset once, and every hand of it (every choice of suits) goes through the
//! evaluators and must give the one value. The visit counts every hand once (checked against
//! `C(52, n)`). Across multisets, sorting by the oracle's verdict must sort the evaluators'
//! values the other way round (larger is better), equal verdicts giving equal values: the
//! values are then exactly the oracle's total order.

use deck::Card;
use eval::{EightLow, LowRank, ace_five_low, eight_low};

/// A five-card A-5 low as the oracle judges it, smaller better: the shape (0 no pair, 1 one
/// pair, 2 two pair, 3 trips, 4 full house, 5 quads), then the ranks (ace = 1 … king = 13) of
/// the groups, largest group first and higher rank first within groups of a size.
type Verdict = (u8, Vec<u8>);

fn judge_five(ranks: &[u8]) -> Verdict {
    let mut groups: Vec<(usize, u8)> = Vec::new();
    for &r in ranks {
        match groups.iter_mut().find(|g| g.1 == r) {
            Some(g) => g.0 += 1,
            None => groups.push((1, r)),
        }
    }
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let shape: Vec<usize> = groups.iter().map(|g| g.0).collect();
    let code = match shape.as_slice() {
        [1, 1, 1, 1, 1] => 0,
        [2, 1, 1, 1] => 1,
        [2, 2, 1] => 2,
        [3, 1, 1] => 3,
        [3, 2] => 4,
        [4, 1] => 5,
        other => panic!("not a five-card hand: {other:?}"),
    };
    (code, groups.iter().map(|g| g.1).collect())
}

/// Every five-card subset of `ranks` (5 to 7 of them), as index masks.
fn five_subsets(n: usize) -> impl Iterator<Item = u32> {
    (0u32..1 << n).filter(|m| m.count_ones() == 5)
}

fn pick(ranks: &[u8], mask: u32) -> Vec<u8> {
    (0..ranks.len())
        .filter(|i| mask >> i & 1 == 1)
        .map(|i| ranks[i])
        .collect()
}

/// The best A-5 low among `ranks`: the smallest verdict over the five-card subsets.
fn oracle_ace_five(ranks: &[u8]) -> Verdict {
    five_subsets(ranks.len())
        .map(|m| judge_five(&pick(ranks, m)))
        .min()
        .expect("five cards or more")
}

/// The best eight-or-better low: among subsets of five distinct ranks all eight or lower, the
/// smallest when read from the top card down; `None` when no subset qualifies.
fn oracle_eight(ranks: &[u8]) -> Option<Vec<u8>> {
    five_subsets(ranks.len())
        .map(|m| {
            let mut five = pick(ranks, m);
            five.sort_unstable_by(|a, b| b.cmp(a));
            five
        })
        .filter(|five| five.windows(2).all(|w| w[0] > w[1]) && five[0] <= 8)
        .min()
}

/// One multiset of ranks with the evaluators' values for it.
struct Judged {
    ace_five: Verdict,
    eight: Option<Vec<u8>>,
    low: LowRank,
    eight_low: EightLow,
}

/// Visits every `n`-card hand grouped by rank multiset; returns the hands seen and each
/// multiset's verdicts and values.
fn visit_all(n: usize) -> (u64, Vec<Judged>) {
    let mut counts = [0u8; 13];
    let mut judged = Vec::new();
    let mut hands = 0u64;
    multisets(0, n, &mut counts, &mut |counts| {
        // Deck rank r (0 = deuce … 12 = ace) is ace-low rank (r + 1) % 13 + 1.
        let ranks: Vec<u8> = (0..13u8)
            .flat_map(|r| std::iter::repeat_n((r + 1) % 13 + 1, usize::from(counts[r as usize])))
            .collect();
        let mut first: Option<(LowRank, EightLow)> = None;
        let mut hand = Vec::with_capacity(n);
        suits(0, counts, &mut hand, &mut |cards| {
            hands += 1;
            let values = (ace_five_low(cards), eight_low(cards));
            match first {
                None => first = Some(values),
                Some(f) => assert_eq!(values, f, "suits changed a low: {cards:?}"),
            }
        });
        let (low, eight_low) = first.expect("a multiset has hands");
        judged.push(Judged {
            ace_five: oracle_ace_five(&ranks),
            eight: oracle_eight(&ranks),
            low,
            eight_low,
        });
    });
    (hands, judged)
}

/// Calls `visit` with every vector of 13 rank counts (each 0 to 4) summing to `left`.
fn multisets(rank: usize, left: usize, counts: &mut [u8; 13], visit: &mut impl FnMut(&[u8; 13])) {
    if rank == 13 {
        if left == 0 {
            visit(counts);
        }
        return;
    }
    for c in 0..=left.min(4) {
        counts[rank] = c as u8;
        multisets(rank + 1, left - c, counts, visit);
    }
    counts[rank] = 0;
}

/// Calls `visit` with every hand of the rank counts: for each rank, every set of its suits.
fn suits(rank: usize, counts: &[u8; 13], hand: &mut Vec<Card>, visit: &mut impl FnMut(&[Card])) {
    if rank == 13 {
        visit(hand);
        return;
    }
    let want = u32::from(counts[rank]);
    for suit_set in (0u8..16).filter(|s| s.count_ones() == want) {
        let before = hand.len();
        hand.extend(
            (0..4u8)
                .filter(|s| suit_set >> s & 1 == 1)
                .map(|s| Card::new(rank as u8, s)),
        );
        suits(rank + 1, counts, hand, visit);
        hand.truncate(before);
    }
}

/// The verdicts and values agree everywhere, and sorting by verdict orders the values; returns
/// the numbers of distinct A-5 and eight-or-better values.
fn check(n: usize) -> (usize, usize) {
    let (hands, mut judged) = visit_all(n);
    assert_eq!(
        u128::from(hands),
        deck::uniform::binomial(52, n as u128),
        "every {n}-card hand once"
    );
    for j in &judged {
        // The five ranks the evaluator reports are the oracle's best five, in the same order.
        let expanded: Vec<u8> = {
            let shape_copies: &[usize] = match j.ace_five.0 {
                0 => &[1, 1, 1, 1, 1],
                1 => &[2, 1, 1, 1],
                2 => &[2, 2, 1],
                3 => &[3, 1, 1],
                4 => &[3, 2],
                _ => &[4, 1],
            };
            j.ace_five
                .1
                .iter()
                .zip(shape_copies)
                .flat_map(|(&r, &c)| std::iter::repeat_n(r, c))
                .collect()
        };
        assert_eq!(j.low.ranks().to_vec(), expanded, "{:?}", j.ace_five);
        assert_eq!(j.low.is_paired(), j.ace_five.0 != 0);
        assert_eq!(
            j.low.top_card(),
            (j.ace_five.0 == 0).then(|| j.ace_five.1[0])
        );
        assert_eq!(j.eight_low.qualifies(), j.eight.is_some());
        if let Some(five) = &j.eight {
            let mask = five.iter().fold(0u8, |m, &r| m | 1 << (r - 1));
            assert_eq!(j.eight_low.mask(), mask);
            assert_eq!(j.eight_low.top_card(), Some(five[0]));
        }
    }
    judged.sort_by(|a, b| a.ace_five.cmp(&b.ace_five));
    for w in judged.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        if a.ace_five == b.ace_five {
            assert_eq!(a.low, b.low, "{:?}", a.ace_five);
        } else {
            assert!(a.low > b.low, "{:?} before {:?}", a.ace_five, b.ace_five);
        }
    }
    // No low is worse than every low: `None` sorts last.
    judged.sort_by(|a, b| match (&a.eight, &b.eight) {
        (Some(x), Some(y)) => x.cmp(y),
        (x, y) => y.is_some().cmp(&x.is_some()),
    });
    for w in judged.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        if a.eight == b.eight {
            assert_eq!(a.eight_low, b.eight_low, "{:?}", a.eight);
        } else {
            assert!(
                a.eight_low > b.eight_low,
                "{:?} before {:?}",
                a.eight,
                b.eight
            );
        }
    }
    let mut lows: Vec<u32> = judged.iter().map(|j| j.low.value()).collect();
    lows.sort_unstable();
    lows.dedup();
    let mut eights: Vec<u8> = judged.iter().map(|j| j.eight_low.value()).collect();
    eights.sort_unstable();
    eights.dedup();
    (lows.len(), eights.len())
}

#[test]
fn every_five_card_hand() {
    // 1,287 unpaired lows, 2,860 one pair, 858 two pair, 858 trips, 156 full houses and 156
    // quads; C(8, 5) = 56 eight-or-better lows and none.
    assert_eq!(check(5), (6_175, 57));
}

#[test]
fn every_six_card_hand() {
    let (lows, eights) = check(6);
    assert_eq!(eights, 57);
    assert!(lows < 6_175);
}

#[test]
fn every_seven_card_hand() {
    let (lows, eights) = check(7);
    assert_eq!(eights, 57);
    assert!(lows < 6_175);
}
