//! How a range's items become its hands: the hands of a rank pattern listed straight from its
//! ranks, and a table with one place per possible hand, so that a list finds the hands it has
//! named before in about ten nanoseconds each, however long it is.
//!
//! ```text
//!  hand (bit mask, cards c1 < c2 < … < ck)  ──index──▶  C(c1,1) + C(c2,2) + … + C(ck,k)
//!  every k-card hand gets its own number in 0 .. C(52,k): 270,725 (k = 4), 2,598,960 (5),
//!  20,358,520 (6); the table keeps a u32 per number (1.1, 10 or 81 MB, zeroed by the
//!  operating system page by page as the hands of a list reach it)
//! ```

use deck::Card;
use engine::choose::CHOOSE;

use super::items::Suits;
use super::{HoleCards, MAX_RANGE_HANDS};

/// The number of a hand of at most six cards among all hands of its size: its cards in
/// increasing order `c1 < c2 < …` give `C(c1, 1) + C(c2, 2) + …`, the combinatorial number
/// system, so the hands of `k` cards are numbered `0 .. C(52, k)` with none left out.
fn hand_index(mask: u64) -> usize {
    debug_assert!(mask.count_ones() <= 6 && mask >> Card::COUNT == 0);
    let mut rest = mask;
    let mut index = 0;
    let mut k = 1;
    while rest != 0 {
        index += CHOOSE[rest.trailing_zeros() as usize][k] as usize;
        rest &= rest - 1;
        k += 1;
    }
    index
}

/// Where each hand of a list sits in its range: one entry per possible hand of the game's size,
/// 0 for a hand not named yet, else its place plus 1.
pub(super) struct Places {
    place: Vec<u32>,
}

impl Places {
    /// A table for hands of `n` cards (4, 5 or 6), none placed yet. `vec![0; …]` asks the
    /// allocator for zeroed memory, which for a table this size comes straight from the
    /// operating system: pages no hand reaches cost nothing.
    pub(super) fn new(n: usize) -> Self {
        Self {
            place: vec![0; CHOOSE[Card::COUNT][n] as usize],
        }
    }

    /// The place of the hand of `mask`, if it has one.
    pub(super) fn get(&self, mask: u64) -> Option<usize> {
        match self.place[hand_index(mask)] {
            0 => None,
            at => Some(at as usize - 1),
        }
    }

    /// Puts the hand of `mask` at `at` (below [`MAX_RANGE_HANDS`]).
    pub(super) fn set(&mut self, mask: u64, at: usize) {
        debug_assert!(at < MAX_RANGE_HANDS);
        // At most MAX_RANGE_HANDS places, far below u32::MAX.
        self.place[hand_index(mask)] = at as u32 + 1;
    }
}

/// The card masks of every hand of `n` cards holding at least `least[r]` cards of each rank `r`
/// and of the suit shape `suits`, in card order (as a scan of every hand would meet them); `None`
/// when there are more than [`MAX_RANGE_HANDS`], which no range may hold.
///
/// The cards are chosen lowest first, so the hands come out in card order with no sort. A
/// branch stops as soon as it cannot end in a hand of the pattern: when it would pass a rank
/// still short of its count, when the slots left cannot make up the ranks still short, or when
/// a suit would hold more cards than the shape allows; its cost is a few steps per hand listed.
pub(super) fn pattern_masks(least: &[u8; 13], n: usize, suits: Suits) -> Option<Vec<u64>> {
    struct Walk<'a> {
        least: &'a [u8; 13],
        suits: Suits,
        /// Most cards of one suit the shape allows.
        per_suit: u8,
        /// Cards chosen of each rank and of each suit.
        ranks: [u8; 13],
        suit_counts: [u8; 4],
        /// Cards the ranks still short of their counts lack, in all.
        short: usize,
        out: Vec<u64>,
    }

    impl Walk<'_> {
        /// Chooses `left` more cards from index `from` on, beside `mask`.
        fn go(&mut self, from: usize, left: usize, mask: u64) -> Option<()> {
            if left == 0 {
                if self.suits.matches(&self.suit_counts) {
                    if self.out.len() == MAX_RANGE_HANDS {
                        return None;
                    }
                    self.out.push(mask);
                }
                return Some(());
            }
            // Passing the lowest rank still short of its count would leave it short.
            let end = (from / 4..13)
                .find(|&r| self.ranks[r] < self.least[r])
                .map_or(Card::COUNT, |r| 4 * (r + 1));
            for card in from..end {
                let (rank, suit) = (card / 4, card % 4);
                let fills = self.ranks[rank] < self.least[rank];
                if self.short - usize::from(fills) > left - 1
                    || self.suit_counts[suit] == self.per_suit
                {
                    continue;
                }
                self.ranks[rank] += 1;
                self.suit_counts[suit] += 1;
                self.short -= usize::from(fills);
                let found = self.go(card + 1, left - 1, mask | 1 << card);
                self.ranks[rank] -= 1;
                self.suit_counts[suit] -= 1;
                self.short += usize::from(fills);
                found?;
            }
            Some(())
        }
    }
    let short: usize = least.iter().map(|&l| usize::from(l)).sum();
    if short > n {
        return Some(Vec::new());
    }
    let mut walk = Walk {
        least,
        suits,
        per_suit: match suits {
            Suits::Any => u8::MAX,
            Suits::DoubleSuited | Suits::SingleSuited => 2,
            Suits::Rainbow => 1,
        },
        ranks: [0; 13],
        suit_counts: [0; 4],
        short,
        out: Vec::new(),
    };
    walk.go(0, n, 0)?;
    Some(walk.out)
}

/// The hand of the cards in `mask`, lowest card first (unused slots hold the first card of the
/// deck, as every listed hand does).
pub(super) fn hand_of_mask(mask: u64) -> HoleCards {
    let mut hand = [Card::from_index(0); 6];
    let mut rest = mask;
    let mut slot = 0;
    while rest != 0 && slot < hand.len() {
        hand[slot] = Card::from_index(rest.trailing_zeros() as u8);
        rest &= rest - 1;
        slot += 1;
    }
    hand
}

/// Calls `visit` with every hand of `n` cards, in increasing card order: the slow obvious
/// oracle of [`pattern_masks`].
#[cfg(test)]
pub(super) fn for_each_hand(n: usize, visit: &mut impl FnMut(&HoleCards)) {
    let mut idx: Vec<u8> = (0..n as u8).collect();
    let mut hand = [Card::from_index(0); 6];
    loop {
        for (slot, &i) in idx.iter().enumerate() {
            hand[slot] = Card::from_index(i);
        }
        visit(&hand);
        // Next combination of n indices out of 52.
        let mut i = n;
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            if usize::from(idx[i]) < 52 - n + i {
                break;
            }
        }
        idx[i] += 1;
        for j in i + 1..n {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::range::hole_cards::suit_counts;
    use crate::range::items::{Item, parse_item};
    use crate::range::{Range, WEIGHT_SCALE};

    /// Every hand of 4 or 5 cards gets its own number below C(52, k): the numbering leaves none
    /// out and gives none twice (6 cards: 20 M hands, checked by the same formula).
    #[test]
    fn hand_indices_number_every_hand_once() {
        for n in [4, 5] {
            let total = CHOOSE[52][n] as usize;
            let mut seen = vec![false; total];
            let mut count = 0;
            for_each_hand(n, &mut |hand| {
                let i = hand_index(hand[..n].iter().fold(0, |m, c| m | 1 << c.index()));
                assert!(i < total && !seen[i], "{hand:?}");
                seen[i] = true;
                count += 1;
            });
            assert_eq!(count, total);
        }
        assert_eq!(CHOOSE[52][4], 270_725);
        assert_eq!(CHOOSE[52][5], 2_598_960);
        assert_eq!(CHOOSE[52][6], 20_358_520);
        // The last six cards are the last hand of six.
        assert_eq!(hand_index(0b111111 << 46), 20_358_520 - 1);
    }

    #[test]
    fn places_are_kept_by_hand() {
        let mut places = Places::new(6);
        let (a, b) = (0b111111, 0b111111 << 46);
        assert_eq!(places.get(a), None);
        places.set(a, 0);
        places.set(b, MAX_RANGE_HANDS - 1);
        assert_eq!(places.get(a), Some(0));
        assert_eq!(places.get(b), Some(MAX_RANGE_HANDS - 1));
        assert_eq!(places.get(0b1111101), None);
    }

    const SHAPES: [(&str, Suits); 4] = [
        ("", Suits::Any),
        (":ds", Suits::DoubleSuited),
        (":ss", Suits::SingleSuited),
        (":r", Suits::Rainbow),
    ];

    /// The hands of `pattern` with each of [`SHAPES`] as the slow obvious way finds them: every
    /// hand of the deck, in order, tested against the ranks and the suit shape.
    fn oracle(pattern: &str, n: usize) -> [Vec<HoleCards>; 4] {
        let Some(Item::Pattern(least)) = parse_item(pattern, n) else {
            panic!("{pattern} is a pattern");
        };
        let mut out: [Vec<HoleCards>; 4] = Default::default();
        for_each_hand(n, &mut |hand| {
            let mut ranks = [0u8; 13];
            for c in &hand[..n] {
                ranks[usize::from(c.rank())] += 1;
            }
            if least.iter().zip(&ranks).all(|(l, r)| l <= r) {
                for (list, (_, suits)) in out.iter_mut().zip(SHAPES) {
                    if suits.matches(&suit_counts(&hand[..n])) {
                        list.push(*hand);
                    }
                }
            }
        });
        out
    }

    #[test]
    fn patterns_list_the_hands_the_oracle_finds_in_its_order() {
        for (pattern, n) in [
            ("AAxx", 4),
            ("KQJT", 4),
            ("xxxx", 4),
            ("A2xx", 4),
            ("AAAA", 4),
            ("T9*x", 4),
            ("AAKxx", 5),
            ("QQQxx", 5),
            ("AKQJT9", 6),
            ("AAKKxx", 6),
        ] {
            let expected = oracle(pattern, n);
            for ((qualifier, _), hands) in SHAPES.iter().zip(expected) {
                let listed = Range::parse(&format!("{pattern}{qualifier}"), n).unwrap();
                assert_eq!(listed.hands, hands, "{pattern}{qualifier}");
                assert!(listed.weights.iter().all(|&w| w == WEIGHT_SCALE));
            }
        }
    }
}
