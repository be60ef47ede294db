//! Rank multiplicities of a set of cards, aces low, for the lowball evaluators: four 13-bit rank
//! masks packed in one word, built card by card with no branch.

use deck::Card;

/// The ace-low rank bit of each card index: ace → bit 0, deuce → bit 1, …, king → bit 12,
/// repeated in the four 16-bit lanes (the form [`LowMasks::with`] needs).
const CARD_BITS: [u64; 52] = {
    let mut table = [0u64; 52];
    let mut i = 0;
    while i < 52 {
        let rank = i / 4; // 0 = deuce … 12 = ace
        let bit = 1u64 << ((rank + 1) % 13);
        table[i] = bit * 0x0001_0001_0001_0001;
        i += 1;
    }
    table
};

/// The lane of ranks present once or more.
const LANE: u64 = 0x1fff;

/// Which ranks a set of cards holds at least once, twice, three and four times, aces low.
///
/// ```text
///  bit  63  61   48 47  45   32 31  29   16 15  13    0
///      [ 4+ copies ][ 3+ copies ][ 2+ copies ][ present  ]     each lane: K Q J … 3 2 A
///                                                               (bit 12)          (bit 0)
/// ```
///
/// Adding a card of rank bit `b` sets `b` in the first lane whose bit was clear: lane `k + 1`
/// gains `lane k & b`. The masks of a hand do not depend on the order its cards were added, so
/// hot loops build them incrementally (known cards once, dealt cards each round). Every card
/// must be added at most once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct LowMasks(u64);

impl LowMasks {
    /// No cards.
    pub const EMPTY: LowMasks = LowMasks(0);

    /// The masks with `card` added (`card` must not be among the cards already added).
    #[inline(always)]
    #[must_use]
    pub fn with(self, card: Card) -> LowMasks {
        let bits = CARD_BITS[card.index() % 52];
        LowMasks(self.0 | ((self.0 << 16) | LANE) & bits)
    }

    /// The masks of `cards` (distinct cards).
    #[inline]
    pub fn of(cards: &[Card]) -> LowMasks {
        cards.iter().fold(Self::EMPTY, |m, &c| m.with(c))
    }

    /// The ranks held at least once (bit 0 = ace … bit 12 = king).
    #[inline(always)]
    pub fn ranks(self) -> u16 {
        (self.0 & LANE) as u16
    }

    /// The ranks held at least twice.
    #[inline(always)]
    pub fn pairs(self) -> u16 {
        (self.0 >> 16 & LANE) as u16
    }

    /// The ranks held at least three times.
    #[inline(always)]
    pub fn trips(self) -> u16 {
        (self.0 >> 32 & LANE) as u16
    }

    /// The ranks held four times.
    #[inline(always)]
    pub fn quads(self) -> u16 {
        (self.0 >> 48 & LANE) as u16
    }

    /// How many cards were added.
    pub fn cards(self) -> u32 {
        self.0.count_ones()
    }
}

/// The ace-low rank bit of `card` (bit 0 = ace … bit 12 = king).
#[inline(always)]
pub fn low_bit(card: Card) -> u16 {
    (CARD_BITS[card.index() % 52] & LANE) as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;

    #[test]
    fn lanes_count_copies_in_any_order() {
        let cards = parse_cards("Ah Ad Ac 2s 2h Kc As").unwrap();
        let masks = LowMasks::of(&cards);
        assert_eq!(masks.ranks(), 1 | 1 << 1 | 1 << 12);
        assert_eq!(masks.pairs(), 1 | 1 << 1);
        assert_eq!(masks.trips(), 1);
        assert_eq!(masks.quads(), 1);
        assert_eq!(masks.cards(), 7);
        let mut reversed = cards.clone();
        reversed.reverse();
        assert_eq!(LowMasks::of(&reversed), masks);
        assert_eq!(low_bit(cards[5]), 1 << 12);
    }
}
