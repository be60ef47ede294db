//! One hand's completions grouped into classes that every draw evaluator but badugi's values
//! alike: the same ranks drawn and, when the five cards could make a flush, flush or not.
//! High hands, the eight-or-better and ace-to-five lows read ranks only, deuce-to-seven and
//! high hands also whether all five cards share a suit; so a hand drawing five of 47 cards
//! (1,533,939 completions) is valued in at most 2 × 6,188 classes, one representative each.

use deck::Card;
use engine::choose::CHOOSE;

/// Calls `visit(hand, ways)` once per class of the completions of `kept` drawing `draw` cards
/// of `stub`, to a hand of `size` cards: `hand` is one completion of the class (real cards of
/// the stub), `ways` how many completions it stands for. Every completion is in exactly one
/// class.
pub fn for_each_rank_class(
    kept: &[Card],
    stub: &[Card],
    draw: usize,
    size: usize,
    mut visit: impl FnMut(&[Card], u64),
) {
    let mut available = [0u8; 13];
    for card in stub {
        available[card.rank() as usize] |= 1 << card.suit();
    }
    let mut kept_ranks = [0u8; 13];
    for card in kept {
        kept_ranks[card.rank() as usize] += 1;
    }
    // The suit a flush would be in, as a mask: every suit without kept cards, the kept cards'
    // suit when they share one, none when they do not.
    let flush_suits: u8 = match kept.first() {
        None => 0b1111,
        Some(first) if kept.iter().all(|c| c.suit() == first.suit()) => 1 << first.suit(),
        Some(_) => 0,
    };
    let mut counts = [0u8; 13];
    let mut class = Class {
        kept,
        available: &available,
        kept_ranks: &kept_ranks,
        flush_suits: if size == 5 { flush_suits } else { 0 },
        size,
    };
    class.walk(0, draw, &mut counts, &mut visit);
}

/// What the walk over rank counts reads.
struct Class<'a> {
    kept: &'a [Card],
    available: &'a [u8; 13],
    kept_ranks: &'a [u8; 13],
    flush_suits: u8,
    size: usize,
}

impl Class<'_> {
    /// Chooses how many cards of rank `rank` and above are drawn, `left` still to draw.
    fn walk(
        &mut self,
        rank: usize,
        left: usize,
        counts: &mut [u8; 13],
        visit: &mut dyn FnMut(&[Card], u64),
    ) {
        if left == 0 {
            self.visit(counts, visit);
            return;
        }
        if rank == 13 {
            return;
        }
        let most = (self.available[rank].count_ones() as usize).min(left);
        for k in 0..=most {
            counts[rank] = k as u8;
            self.walk(rank + 1, left - k, counts, visit);
        }
        counts[rank] = 0;
    }

    /// The classes of one choice of rank counts: flush and not.
    fn visit(&self, counts: &[u8; 13], visit: &mut dyn FnMut(&[Card], u64)) {
        let mut ways = 1u64;
        for (rank, &k) in counts.iter().enumerate() {
            ways *= CHOOSE[self.available[rank].count_ones() as usize][k as usize];
        }
        let distinct = (0..13).all(|r| counts[r] + self.kept_ranks[r] <= 1);
        // Suits in which every drawn card exists, when a flush can happen at all.
        let mut flush_in = if distinct { self.flush_suits } else { 0 };
        for (rank, &k) in counts.iter().enumerate() {
            if k == 1 {
                flush_in &= self.available[rank];
            }
        }
        let flushes = u64::from(flush_in.count_ones());
        let mut hand = [Card::from_index(0); 5];
        hand[..self.kept.len()].copy_from_slice(self.kept);
        if ways > flushes {
            // The lowest available suits; should that be a flush, one card in another suit
            // (one exists: some completion of these ranks is no flush).
            let mut at = self.kept.len();
            for (rank, &k) in counts.iter().enumerate() {
                let mut suits = self.available[rank];
                for _ in 0..k {
                    let suit = suits.trailing_zeros() as u8;
                    suits &= suits - 1;
                    hand[at] = Card::new(rank as u8, suit);
                    at += 1;
                }
            }
            let first = hand[0].suit();
            if distinct && hand[..self.size].iter().all(|c| c.suit() == first) {
                let swap = (self.kept.len()..self.size)
                    .find(|&i| self.available[hand[i].rank() as usize] & !(1 << first) != 0)
                    .unwrap_or_else(|| unreachable!("a completion without a flush exists"));
                let others = self.available[hand[swap].rank() as usize] & !(1 << first);
                hand[swap] = Card::new(hand[swap].rank(), others.trailing_zeros() as u8);
            }
            visit(&hand[..self.size], ways - flushes);
        }
        if flushes > 0 {
            let suit = flush_in.trailing_zeros() as u8;
            let mut at = self.kept.len();
            for (rank, &k) in counts.iter().enumerate() {
                if k == 1 {
                    hand[at] = Card::new(rank as u8, suit);
                    at += 1;
                }
            }
            visit(&hand[..self.size], flushes);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::completions::for_each_combination;
    use crate::game::Scoring;
    use crate::ranking::main_value;

    /// Value → completions, by listing every completion.
    fn listed(
        scoring: Scoring,
        kept: &[Card],
        stub: &[Card],
        draw: usize,
    ) -> BTreeMap<(u32, u8), u64> {
        let mut map = BTreeMap::new();
        let mut hand = kept.to_vec();
        for_each_combination(stub.len(), draw, |positions| {
            hand.truncate(kept.len());
            hand.extend(positions.iter().map(|&p| stub[p as usize]));
            *map.entry((main_value(scoring, &hand), eval::eight_low(&hand).value()))
                .or_insert(0) += 1;
        });
        map
    }

    fn classed(
        scoring: Scoring,
        kept: &[Card],
        stub: &[Card],
        draw: usize,
    ) -> BTreeMap<(u32, u8), u64> {
        let mut map = BTreeMap::new();
        for_each_rank_class(kept, stub, draw, kept.len() + draw, |hand, ways| {
            assert_eq!(hand.len(), kept.len() + draw);
            let mut seen = 0u64;
            for c in hand {
                assert_eq!(seen >> c.index() & 1, 0, "{hand:?} repeats a card");
                seen |= 1 << c.index();
            }
            for c in &hand[kept.len()..] {
                assert!(stub.contains(c), "{c} is not in the stub");
            }
            *map.entry((main_value(scoring, hand), eval::eight_low(hand).value()))
                .or_insert(0) += ways;
        });
        map
    }

    #[test]
    fn classes_count_what_listing_counts() {
        for (kept, dead) in [
            (
                "",
                "Kh Qd Jc Ts 9s 9h 9d 9c Tc Td Th Ks Kd Kc Qh Qs Qc Jh Js Jd 8c 8d",
            ),
            (
                "7c",
                "Kh Qd Jc Ts 9s 9h 9d 9c Tc Td Th Ks Kd Kc Qh Qs Qc Jh Js Jd 2c 3c 4c",
            ),
            (
                "7c 5c",
                "Kh Qd Jc Ts 9s 9h 9d 9c Tc Td Th Ks Kd Kc Qh Qs Qc Jh Js",
            ),
            ("7c 5d 4h", ""),
            ("Ac Ad 3c 3s", "2h"),
            ("6s 5s 4s 3s", "7d 2d"),
            ("Ah Kh Qh Jh Th", ""),
        ] {
            let kept = deck::parse_cards(kept).unwrap();
            let dead = deck::parse_cards(dead).unwrap();
            let known: Vec<Card> = kept.iter().chain(&dead).copied().collect();
            let stub: Vec<Card> = Card::all().filter(|c| !known.contains(c)).collect();
            let draw = 5 - kept.len();
            for scoring in [Scoring::High, Scoring::DeuceSeven, Scoring::AceFive] {
                assert_eq!(
                    classed(scoring, &kept, &stub, draw),
                    listed(scoring, &kept, &stub, draw),
                    "{scoring:?} keeping {kept:?}"
                );
            }
        }
    }
}
