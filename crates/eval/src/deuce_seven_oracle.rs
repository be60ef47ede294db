//! A slow, obvious deuce-to-seven judge for the exhaustive test: sort the ranks, count the groups,
//! test for a flush and for five consecutive ranks (the ace only ever high), and describe the hand
//! as a high hand; the deuce-to-seven order is that description's order reversed.

use deck::Card;

/// A five-card hand as a high hand with the ace always high, larger stronger (so a worse low):
/// the class (0 high card, 1 pair, 2 two pair, 3 trips, 4 straight, 5 flush, 6 full house,
/// 7 quads, 8 straight flush, 9 royal flush), then the five ranks (0 = deuce … 12 = ace) with the
/// largest group first and higher ranks first among groups of one size.
pub(crate) type Verdict = (u8, [u8; 5]);

/// The verdict on five distinct cards.
pub(crate) fn judge(cards: &[Card]) -> Verdict {
    assert_eq!(cards.len(), 5);
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank()).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let distinct = ranks.windows(2).all(|w| w[0] != w[1]);
    // A-5-4-3-2 has a gap of eight between its ace and its five: no straight in this game.
    let straight = distinct && ranks[0] - ranks[4] == 4;
    let mut groups: Vec<(usize, u8)> = Vec::new();
    for &r in &ranks {
        match groups.iter_mut().find(|g| g.1 == r) {
            Some(g) => g.0 += 1,
            None => groups.push((1, r)),
        }
    }
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let mut ordered = [0u8; 5];
    let mut at = 0;
    for &(count, rank) in &groups {
        for _ in 0..count {
            ordered[at] = rank;
            at += 1;
        }
    }
    let shape: Vec<usize> = groups.iter().map(|g| g.0).collect();
    let class = match shape.as_slice() {
        _ if straight && flush && ranks[0] == 12 => 9,
        _ if straight && flush => 8,
        [4, 1] => 7,
        [3, 2] => 6,
        _ if flush => 5,
        _ if straight => 4,
        [3, 1, 1] => 3,
        [2, 2, 1] => 2,
        [2, 1, 1, 1] => 1,
        [1, 1, 1, 1, 1] => 0,
        other => panic!("not a five-card hand: {other:?}"),
    };
    (class, ordered)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::{Category, DeuceSevenLow, deuce_seven_low};

    #[test]
    fn the_judge_knows_the_named_hands() {
        let cases = [
            ("7c5d4h3s2c", (0, [5, 3, 2, 1, 0])),
            ("Ac5d4h3s2c", (0, [12, 3, 2, 1, 0])),
            ("Ah5h4h3h2h", (5, [12, 3, 2, 1, 0])),
            ("6c5d4h3s2c", (4, [4, 3, 2, 1, 0])),
            ("AhKhQhJhTh", (9, [12, 11, 10, 9, 8])),
            ("3c3d2h2sKc", (2, [1, 1, 0, 0, 11])),
            ("2c2d3h3s3c", (6, [1, 1, 1, 0, 0])),
        ];
        for (text, verdict) in cases {
            assert_eq!(judge(&deck::parse_cards(text).unwrap()), verdict, "{text}");
        }
    }

    /// Every five-card hand, C(52, 5) = 2,598,960 of them. Each distinct verdict keeps the value
    /// of its first hand, and every later hand with that verdict must give the same value; read
    /// in the verdicts' order (weakest high hand, so best low, first), the values must then fall
    /// strictly. So equal values are exactly equal verdicts and the values order the hands as the
    /// judge does. Category and ranks are checked against the verdicts too.
    #[test]
    fn every_five_card_hand_matches_the_judge() {
        let cards: Vec<Card> = Card::all().collect();
        let mut seen: BTreeMap<Verdict, DeuceSevenLow> = BTreeMap::new();
        let mut counts = [0u32; Category::COUNT];
        let mut hands = 0u32;
        for a in 0..52 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        for e in d + 1..52 {
                            let hand = [cards[a], cards[b], cards[c], cards[d], cards[e]];
                            let low = deuce_seven_low(&hand);
                            let verdict = judge(&hand);
                            let first = *seen.entry(verdict).or_insert(low);
                            assert_eq!(low, first, "{hand:?}: {verdict:?}");
                            counts[low.category().index()] += 1;
                            hands += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(hands, 2_598_960);
        // As many distinct hands as in high poker: the wheel and the steel wheel leave the
        // straights and straight flushes, and A-5-4-3-2 joins the high cards and the flushes.
        assert_eq!(seen.len(), 7_462);
        let mut previous: Option<DeuceSevenLow> = None;
        for (verdict, low) in &seen {
            assert!(previous.is_none_or(|p| p > *low), "{verdict:?}: {low}");
            assert_eq!(low.category().index(), usize::from(verdict.0), "{low}");
            assert_eq!(low.ranks(), verdict.1, "{low}");
            assert!(low.value() > 0);
            previous = Some(*low);
        }
        // High poker's table with the wheels moved: the 1,020 wheels (4^5 − 4) are ace-high
        // high cards and the 4 steel wheels ace-high flushes. Straight flushes are 6- to
        // king-high (8 per suit); the royal flush keeps its own category.
        let expected = [
            1_302_540 + 1_020, // high card
            1_098_240,         // pair
            123_552,           // two pair
            54_912,            // three of a kind
            10_200 - 1_020,    // straight
            5_108 + 4,         // flush
            3_744,             // full house
            624,               // four of a kind
            36 - 4,            // straight flush
            4,                 // royal flush
        ];
        assert_eq!(counts, expected);
        assert_eq!(counts.iter().sum::<u32>(), hands);
    }
}
