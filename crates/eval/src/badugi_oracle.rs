//! A slow, obvious badugi judge for the exhaustive test: try every subset of the four cards, keep
//! those with no two ranks and no two suits alike, and take the largest, then the lowest; and,
//! as a second opinion on the size, König's theorem: the largest badugi has as many cards as the
//! fewest ranks and suits that together hold every card.

use std::cmp::Reverse;

use deck::Card;

/// A four-card hand's best badugi, larger better: its size, then its ranks aces low (1 = ace …
/// 13 = king) from the highest down, padded with zeros, reversed (lower ranks are better).
pub(crate) type Verdict = (usize, Reverse<[u8; 4]>);

/// A card's rank with the ace low: 1 = ace, 2 = deuce … 13 = king.
fn ace_low(card: Card) -> u8 {
    if card.rank() == 12 {
        1
    } else {
        card.rank() + 2
    }
}

/// The verdict on four distinct cards.
pub(crate) fn judge(cards: &[Card]) -> Verdict {
    assert_eq!(cards.len(), 4);
    let mut best: Option<Verdict> = None;
    for mask in 1u32..16 {
        let subset: Vec<Card> = (0..4)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| cards[i])
            .collect();
        let mut valid = true;
        for (i, x) in subset.iter().enumerate() {
            for y in &subset[i + 1..] {
                if x.rank() == y.rank() || x.suit() == y.suit() {
                    valid = false;
                }
            }
        }
        if !valid {
            continue;
        }
        let mut ranks: Vec<u8> = subset.iter().map(|&c| ace_low(c)).collect();
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        let mut padded = [0u8; 4];
        padded[..ranks.len()].copy_from_slice(&ranks);
        let verdict = (subset.len(), Reverse(padded));
        if best.is_none_or(|b| verdict > b) {
            best = Some(verdict);
        }
    }
    best.expect("a single card is always a badugi")
}

/// The fewest ranks and suits whose cards include all of `cards`: by König's theorem (a badugi
/// is a matching between ranks and suits), the size of the largest badugi.
pub(crate) fn cover(cards: &[Card]) -> u32 {
    // Covering by a rank no card holds is never needed: choose among the cards' own ranks.
    let held: Vec<u8> = cards.iter().map(|c| c.rank()).collect();
    let mut fewest = u32::MAX;
    for chosen in 0u32..1 << held.len() {
        let ranks: Vec<u8> = (0..held.len())
            .filter(|i| chosen >> i & 1 == 1)
            .map(|i| held[i])
            .collect();
        let mut distinct = ranks.clone();
        distinct.sort_unstable();
        distinct.dedup();
        for suits in 0u32..16 {
            let covered = cards
                .iter()
                .all(|c| ranks.contains(&c.rank()) || suits >> c.suit() & 1 == 1);
            if covered {
                fewest = fewest.min(distinct.len() as u32 + suits.count_ones());
            }
        }
    }
    fewest
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::{BadugiRank, badugi};

    #[test]
    fn the_judge_knows_the_named_hands() {
        let cases = [
            ("Ac2d3h4s", (4, Reverse([4, 3, 2, 1]))),
            ("KcQdJhTs", (4, Reverse([13, 12, 11, 10]))),
            ("Ac2d3h4c", (3, Reverse([3, 2, 1, 0]))),
            ("AcAd2c2d", (2, Reverse([2, 1, 0, 0]))),
            ("KcKdKhKs", (1, Reverse([13, 0, 0, 0]))),
        ];
        for (text, verdict) in cases {
            let cards = deck::parse_cards(text).unwrap();
            assert_eq!(judge(&cards), verdict, "{text}");
            assert_eq!(cover(&cards), verdict.0 as u32, "{text}");
        }
    }

    /// Every four-card hand, C(52, 4) = 270,725 of them, checked as in the deuce-to-seven test:
    /// one value per distinct verdict, the values rising strictly with the verdicts. The size of
    /// every hand's badugi must also match the covering count.
    #[test]
    fn every_four_card_hand_matches_the_judge() {
        let cards: Vec<Card> = Card::all().collect();
        let mut seen: BTreeMap<Verdict, BadugiRank> = BTreeMap::new();
        let mut sizes = [0u32; 5];
        let mut hands = 0u32;
        for a in 0..52 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        let hand = [cards[a], cards[b], cards[c], cards[d]];
                        let rank = badugi(&hand);
                        let verdict = judge(&hand);
                        let first = *seen.entry(verdict).or_insert(rank);
                        assert_eq!(rank, first, "{hand:?}: {verdict:?}");
                        sizes[usize::from(rank.cards())] += 1;
                        hands += 1;
                    }
                }
            }
        }
        assert_eq!(hands, 270_725);
        // Every set of 1 to 4 distinct ranks is some badugi: 715 + 286 + 78 + 13.
        assert_eq!(seen.len(), 1_092);
        let mut previous: Option<BadugiRank> = None;
        for (verdict, rank) in &seen {
            assert!(previous.is_none_or(|p| p < *rank), "{verdict:?}: {rank}");
            assert_eq!(usize::from(rank.cards()), verdict.0, "{rank}");
            assert_eq!(rank.ranks(), verdict.1.0, "{rank}");
            assert_eq!(rank.top_rank(), verdict.1.0[0], "{rank}");
            assert!(rank.value() > 0);
            previous = Some(*rank);
        }
        // Four-card badugis: 52·36·22·10 / 4! (each card avoiding the earlier ranks and suits).
        // One-card: four of a suit, 4·C(13, 4), or quads, 13. The two- and three-card counts
        // are what the judge and the covering count below both give.
        assert_eq!(sizes, [0, 2_873, 96_252, 154_440, 17_160]);
    }

    /// The size of every four-card hand's badugi is its covering count (König's theorem), an
    /// argument that shares nothing with trying subsets.
    #[test]
    fn every_badugi_size_is_the_covering_count() {
        let cards: Vec<Card> = Card::all().collect();
        for a in 0..52 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    for d in c + 1..52 {
                        let hand = [cards[a], cards[b], cards[c], cards[d]];
                        assert_eq!(u32::from(badugi(&hand).cards()), cover(&hand), "{hand:?}");
                    }
                }
            }
        }
    }
}
