//! The 36-card short deck of six-plus hold'em: sixes to aces in four suits.
//!
//! Cards keep their 52-card encoding (`rank * 4 + suit`, ranks 4 = six … 12 = ace), so every
//! per-card table of the full deck serves the short deck too; a [`ShortDeck`] is a [`Deck`] of 36
//! slots and deals with the same partial Fisher–Yates and the same batched [`crate::Dealer`]
//! (whose bounds `36 - known - j` are then fixed at compile time).

use crate::{Card, CardError, Deck};

/// A 36-card deck (six to ace), laid out like [`Deck`]: `[known cards | rest]`.
pub type ShortDeck = Deck<36>;

/// The lowest rank in the short deck: the six (rank 4; deuce is 0).
pub const SHORT_DECK_LOWEST_RANK: u8 = 4;

/// Cards in the short deck.
pub const SHORT_DECK_SIZE: usize = 36;

impl Card {
    /// Whether the card belongs to the 36-card short deck (six or higher).
    #[inline]
    pub const fn in_short_deck(self) -> bool {
        self.rank() >= SHORT_DECK_LOWEST_RANK
    }

    /// The 36 short-deck cards in index order: `6c 6d 6h 6s 7c … As`.
    pub fn short_deck() -> impl Iterator<Item = Card> {
        Card::all().filter(|c| c.in_short_deck())
    }
}

/// Checks that every card of `cards` is a short-deck card.
///
/// # Errors
/// [`CardError::NotInShortDeck`] naming the first card below a six.
pub fn check_short_deck(cards: &[Card]) -> Result<(), CardError> {
    match cards.iter().find(|c| !c.in_short_deck()) {
        Some(card) => Err(CardError::NotInShortDeck(card.to_string())),
        None => Ok(()),
    }
}

impl Deck<36> {
    /// A new short deck in index order (`6c 6d 6h 6s 7c … As`) with no known cards.
    pub fn short() -> Self {
        Self::short_with_known(&[]).unwrap_or_else(|e| unreachable!("no known cards: {e}"))
    }

    /// A short deck with `known` in front (in the given order), then the other short-deck cards
    /// in index order.
    ///
    /// # Errors
    /// [`CardError::NotInShortDeck`] for a card below a six; [`CardError::Duplicate`] if a card
    /// is given twice.
    pub fn short_with_known(known: &[Card]) -> Result<Self, CardError> {
        check_short_deck(known)?;
        Self::from_cards(known, Card::short_deck())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Dealer;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn is_short_permutation(cards: &[Card; 36]) -> bool {
        let mask = cards.iter().fold(0u64, |m, c| m | 1 << c.index());
        let expected = Card::short_deck().fold(0u64, |m, c| m | 1 << c.index());
        mask == expected
    }

    #[test]
    fn the_short_deck_holds_sixes_to_aces() {
        let deck = ShortDeck::short();
        assert_eq!(deck.cards().len(), SHORT_DECK_SIZE);
        assert_eq!(deck.cards()[0].to_string(), "6c");
        assert_eq!(deck.cards()[35].to_string(), "As");
        assert!(is_short_permutation(deck.cards()));
    }

    #[test]
    fn low_and_duplicate_cards_are_refused() {
        let low = crate::parse_cards("As5d").unwrap();
        assert_eq!(
            ShortDeck::short_with_known(&low),
            Err(CardError::NotInShortDeck("5d".into()))
        );
        let ace: Card = "As".parse().unwrap();
        let twice = [ace, ace];
        assert_eq!(
            ShortDeck::short_with_known(&twice),
            Err(CardError::Duplicate("As".into()))
        );
    }

    #[test]
    fn dealing_keeps_a_short_permutation_and_the_dealer_matches_deal() {
        let known = crate::parse_cards("AhKh").unwrap();
        let mut general = ShortDeck::short_with_known(&known).unwrap();
        let mut fast = general.clone();
        let dealer = Dealer::<5, 36>::new(2);
        let mut rng_general = Xoshiro256PlusPlus::seed_from_u64(36);
        let mut rng_fast = rng_general.clone();
        for _ in 0..10_000 {
            let hand = general.deal(&mut rng_general, 5);
            assert_eq!(&hand[..2], &known[..]);
            assert!(hand.iter().all(|c| c.in_short_deck()));
            let dealt = dealer.deal(&mut fast, &mut rng_fast);
            assert_eq!(&general.cards()[2..7], &dealt[..]);
            assert_eq!(fast, general);
            assert!(is_short_permutation(general.cards()));
        }
    }

    #[test]
    fn seven_dealt_cards_cover_every_short_deck_card_uniformly() {
        // 36,000 deals of 7 cards = 252,000 cards, 7,000 expected per card; chi-square with 35
        // degrees of freedom has its 99.9th percentile at 66.6.
        let mut deck = ShortDeck::short();
        let dealer = Dealer::<7, 36>::new(0);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut seen = [0u32; 52];
        for _ in 0..36_000 {
            for card in dealer.deal(&mut deck, &mut rng) {
                seen[card.index()] += 1;
            }
        }
        let expected = 7_000.0;
        let chi2: f64 = Card::short_deck()
            .map(|c| (f64::from(seen[c.index()]) - expected).powi(2) / expected)
            .sum();
        assert!(chi2 < 66.6, "chi-square {chi2}");
        assert!(
            Card::all()
                .filter(|c| !c.in_short_deck())
                .all(|c| seen[c.index()] == 0)
        );
    }
}
