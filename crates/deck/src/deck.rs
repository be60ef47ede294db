//! The per-worker deck: known cards in front, dealing by partial Fisher–Yates.

use rand::RngCore;

use crate::draw::{MAX_BATCH, draw_batch, for_each_batch};
use crate::{Card, CardError};

/// A deck of `N` cards owned by one worker, laid out as `[known cards | rest]`: the 52-card deck
/// by default, or the 36-card short deck ([`crate::ShortDeck`], six to ace).
///
/// The known cards (fixed hole cards or board) occupy the first slots and never move. Dealing
/// `k` cards shuffles the next `k` slots by a partial in-place Fisher–Yates (slot `i` swaps with
/// a uniform pick from `i..N`) and hands back the known cards plus the dealt ones as one slice.
/// The deck stays a permutation, and a uniformly random one given the known cards, so the next
/// round reuses it as it is: a round costs `k` draws and `k` swaps, with no copy and no allocation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deck<const N: usize = 52> {
    cards: [Card; N],
    known: usize,
}

impl Default for Deck {
    fn default() -> Self {
        Self::new()
    }
}

impl Deck {
    /// A new deck in index order (`2c 2d 2h 2s 3c … As`) with no known cards.
    pub fn new() -> Self {
        Self {
            cards: std::array::from_fn(|i| Card::from_index(i as u8)),
            known: 0,
        }
    }

    /// A deck with `known` in front (in the given order), then the other cards in index order.
    ///
    /// # Errors
    /// [`CardError::Duplicate`] if a card is given twice.
    pub fn with_known(known: &[Card]) -> Result<Self, CardError> {
        Self::from_cards(known, Card::all())
    }
}

impl<const N: usize> Deck<N> {
    /// A deck holding `known` in front (in the given order), then the other cards of `universe`
    /// (which must yield exactly `N` distinct cards, the known ones among them) in its order.
    ///
    /// # Errors
    /// [`CardError::Duplicate`] if a card is given twice.
    pub(crate) fn from_cards(
        known: &[Card],
        universe: impl Iterator<Item = Card>,
    ) -> Result<Self, CardError> {
        let mut used = 0u64;
        for card in known {
            if used >> card.index() & 1 == 1 {
                return Err(CardError::Duplicate(card.to_string()));
            }
            used |= 1 << card.index();
        }
        let mut cards = [Card::from_index(0); N];
        cards[..known.len()].copy_from_slice(known);
        let rest = universe.filter(|c| used >> c.index() & 1 == 0);
        for (slot, card) in cards[known.len()..].iter_mut().zip(rest) {
            *slot = card;
        }
        Ok(Self {
            cards,
            known: known.len(),
        })
    }

    /// All `N` slots in their current order.
    #[inline]
    pub fn cards(&self) -> &[Card; N] {
        &self.cards
    }

    /// All `N` slots, for the dealers in this crate.
    #[inline(always)]
    pub(crate) fn cards_mut(&mut self) -> &mut [Card; N] {
        &mut self.cards
    }

    /// How many known cards sit at the front.
    #[inline]
    pub fn known(&self) -> usize {
        self.known
    }

    /// Moves `card` into `slot` by swapping it with the card there: for samplers whose known
    /// cards change between runs (a range's hand drawn anew), which keep one deck and place each
    /// new hand in the known slots instead of rebuilding it.
    ///
    /// The cards after the known ones stay a permutation of the unknown cards, in an order that
    /// no longer matters: every deal draws uniformly from whatever order they are in. Placing the
    /// known cards slot by slot from the first never disturbs a slot placed before (`card`, being
    /// distinct from those, lies after them).
    ///
    /// # Panics
    /// If `slot` is not below `N`.
    #[inline]
    pub fn place(&mut self, slot: usize, card: Card) {
        if self.cards[slot] != card {
            let at = self
                .position(card)
                .unwrap_or_else(|| unreachable!("a deck holds each of its cards"));
            self.cards.swap(slot, at);
        }
    }

    /// Moves `dead` into the last slots, in the given order: the deck becomes `[known cards |
    /// rest | dead]`, and a [`crate::Dealer::with_dead`] for that many dead cards never deals
    /// them. ([`Deck::deal`] and [`Deck::shuffle`] still draw from every slot after the known
    /// ones.)
    ///
    /// # Errors
    /// [`CardError::Duplicate`] for a dead card that is known or given twice,
    /// [`CardError::NotInShortDeck`] for one this deck does not hold (a short deck's card below
    /// a six), [`CardError::TooMany`] when the known and dead cards together exceed `N`.
    pub fn bury(&mut self, dead: &[Card]) -> Result<(), CardError> {
        if self.known + dead.len() > N {
            return Err(CardError::TooMany {
                given: self.known + dead.len(),
                limit: N,
            });
        }
        let first = N - dead.len();
        for (i, &card) in dead.iter().enumerate() {
            if dead[..i].contains(&card) || self.cards[..self.known].contains(&card) {
                return Err(CardError::Duplicate(card.to_string()));
            }
            // The slots already filled hold other dead cards, so `card` lies elsewhere and the
            // swap leaves them (and the known cards in front) in place.
            let at = self
                .position(card)
                .ok_or_else(|| CardError::NotInShortDeck(card.to_string()))?;
            self.cards.swap(first + i, at);
        }
        Ok(())
    }

    /// The slot holding `card`, eight slots at a time: each 8-byte word of the deck is
    /// compared with `card` in every byte at once (a byte of `word ^ pattern` is zero exactly
    /// where the card is, and `(x - 0x01…01) & !x & 0x80…80` flags the lowest zero byte
    /// exactly, the classic zero-byte test), then the rest one by one.
    #[inline]
    fn position(&self, card: Card) -> Option<usize> {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGHS: u64 = 0x8080_8080_8080_8080;
        let pattern = u64::from(card.to_u8()) * ONES;
        let mut words = self.cards.chunks_exact(8);
        for (w, chunk) in words.by_ref().enumerate() {
            let bytes: [u8; 8] = std::array::from_fn(|i| chunk[i].to_u8());
            let x = u64::from_le_bytes(bytes) ^ pattern;
            let zero = x.wrapping_sub(ONES) & !x & HIGHS;
            if zero != 0 {
                return Some(8 * w + zero.trailing_zeros() as usize / 8);
            }
        }
        let tail = N - N % 8;
        words
            .remainder()
            .iter()
            .position(|&c| c == card)
            .map(|i| tail + i)
    }

    /// Deals `k` cards after the known ones by partial Fisher–Yates and returns the known cards
    /// followed by the dealt ones (`known + k` cards).
    ///
    /// # Panics
    /// If `known + k > N`.
    #[inline]
    pub fn deal<R: RngCore + ?Sized>(&mut self, rng: &mut R, k: usize) -> &[Card] {
        let end = self.known + k;
        assert!(end <= N, "cannot deal {k} cards after {} known", self.known);
        self.shuffle_range(rng, self.known, end);
        &self.cards[..end]
    }

    /// Shuffles every card after the known ones by a full Fisher–Yates: each of the `(N - known)!`
    /// orders is equally likely.
    pub fn shuffle<R: RngCore + ?Sized>(&mut self, rng: &mut R) {
        self.shuffle_range(rng, self.known, N - 1);
    }

    /// For `i` in `start..end`, swaps slot `i` with a uniform pick from `i..N`.
    #[inline(always)]
    fn shuffle_range<R: RngCore + ?Sized>(&mut self, rng: &mut R, start: usize, end: usize) {
        let mut picks = [0u8; MAX_BATCH];
        for_each_batch(start, end, N, |first, bounds, product| {
            draw_batch(rng, bounds, product, &mut picks);
            for (offset, &pick) in picks[..bounds.len()].iter().enumerate() {
                let i = first + offset;
                self.cards.swap(i, i + pick as usize);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn is_permutation(cards: &[Card; 52]) -> bool {
        let mask = cards.iter().fold(0u64, |m, c| m | 1 << c.index());
        mask == (1 << 52) - 1
    }

    #[test]
    fn burying_moves_dead_cards_last_and_refuses_known_repeated_or_missing_ones() {
        let known = crate::parse_cards("AsKd").unwrap();
        let dead = crate::parse_cards("2c3cAhKc").unwrap();
        let mut deck = Deck::with_known(&known).unwrap();
        deck.bury(&dead).unwrap();
        assert!(is_permutation(deck.cards()));
        assert_eq!(&deck.cards()[..2], &known[..]);
        assert_eq!(&deck.cards()[48..], &dead[..]);
        let twice = [dead[0], dead[0]];
        let fresh = || Deck::with_known(&known).unwrap();
        assert_eq!(fresh().bury(&twice), Err(CardError::Duplicate("2c".into())));
        assert_eq!(
            fresh().bury(&known[1..]),
            Err(CardError::Duplicate("Kd".into()))
        );
        let mut short = crate::ShortDeck::short();
        assert_eq!(
            short.bury(&dead[..1]),
            Err(CardError::NotInShortDeck("2c".into()))
        );
        let all: Vec<Card> = Card::all().filter(|c| !known.contains(c)).collect();
        assert!(fresh().bury(&all).is_ok());
        let too_many: Vec<Card> = Card::all().collect();
        assert_eq!(
            fresh().bury(&too_many),
            Err(CardError::TooMany {
                given: 54,
                limit: 52
            })
        );
    }

    #[test]
    fn new_deck_is_in_index_order() {
        let deck = Deck::new();
        assert!(deck.cards().iter().enumerate().all(|(i, c)| c.index() == i));
    }

    #[test]
    fn deck_stays_a_permutation_and_known_cards_never_move() {
        let known = crate::parse_cards("AsKh7d").unwrap();
        let mut deck = Deck::with_known(&known).unwrap();
        assert!(is_permutation(deck.cards()));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        for round in 0..10_000 {
            let k = 1 + round % 4;
            let hand = deck.deal(&mut rng, k);
            assert_eq!(hand.len(), 3 + k);
            assert_eq!(&hand[..3], &known[..]);
            assert!(is_permutation(deck.cards()));
        }
        deck.shuffle(&mut rng);
        assert_eq!(&deck.cards()[..3], &known[..]);
        assert!(is_permutation(deck.cards()));
    }

    #[test]
    fn placing_known_cards_keeps_a_permutation_and_earlier_slots() {
        let mut deck = Deck::with_known(&crate::parse_cards("AsKhQd").unwrap()).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
        for hand in ["2c3c4c", "3c2cAs", "KhAsQd", "7h7d7s"] {
            deck.deal(&mut rng, 5);
            for (slot, card) in crate::parse_cards(hand).unwrap().into_iter().enumerate() {
                deck.place(slot, card);
            }
            assert_eq!(
                &deck.cards()[..3],
                &crate::parse_cards(hand).unwrap()[..],
                "{hand}"
            );
            assert!(is_permutation(deck.cards()));
        }
    }

    #[test]
    fn every_card_is_found_where_it_lies() {
        let mut deck = Deck::new();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
        for _ in 0..50 {
            deck.shuffle(&mut rng);
            for (slot, &card) in deck.cards().iter().enumerate() {
                assert_eq!(deck.position(card), Some(slot));
            }
        }
        let mut short = crate::ShortDeck::short();
        short.shuffle(&mut rng);
        for (slot, &card) in short.cards().iter().enumerate() {
            assert_eq!(short.position(card), Some(slot));
        }
        assert_eq!(short.position(Card::new(0, 0)), None);
    }

    #[test]
    fn duplicate_known_cards_are_refused() {
        let twice = [Card::new(0, 0), Card::new(0, 0)];
        assert_eq!(
            Deck::with_known(&twice),
            Err(CardError::Duplicate("2c".to_string()))
        );
    }

    #[test]
    fn same_seed_deals_the_same_hands() {
        let mut a = Deck::new();
        let mut b = Deck::new();
        let mut ra = Xoshiro256PlusPlus::seed_from_u64(9);
        let mut rb = Xoshiro256PlusPlus::seed_from_u64(9);
        for _ in 0..100 {
            assert_eq!(a.deal(&mut ra, 7), b.deal(&mut rb, 7));
        }
    }

    #[test]
    fn full_shuffle_of_four_cards_is_uniform_over_all_orders() {
        // Keep 48 known cards in front so only the last 4 slots move: 24 orders.
        let known: Vec<Card> = Card::all().take(48).collect();
        let mut deck = Deck::with_known(&known).unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut counts = std::collections::HashMap::new();
        let trials = 240_000;
        for _ in 0..trials {
            deck.shuffle(&mut rng);
            *counts.entry(deck.cards()[48..].to_vec()).or_insert(0u32) += 1;
        }
        assert_eq!(counts.len(), 24);
        // Chi-square with 23 degrees of freedom: the 99.99th percentile is about 56.
        let expected = f64::from(trials) / 24.0;
        let chi2: f64 = counts
            .values()
            .map(|&c| (f64::from(c) - expected).powi(2) / expected)
            .sum();
        assert!(chi2 < 56.0, "chi-square {chi2}");
    }
}
