//! A hand of hole cards, as a range keeps it: up to six cards, the first `hole_cards` of the
//! spot counting, with the bit mask and the suit counts of those cards.

use deck::Card;

/// A hand of up to six hole cards; only the first `hole_cards` of the spot count.
pub type HoleCards = [Card; 6];

/// The bit mask of the first `n` cards of `hand`, one bit per card index.
pub fn hand_mask(hand: &HoleCards, n: usize) -> u64 {
    hand[..n].iter().fold(0, |m, c| m | 1 << c.index())
}

/// How many of `cards` each suit holds, indexed by suit.
pub(super) fn suit_counts(cards: &[Card]) -> [u8; 4] {
    let mut out = [0u8; 4];
    for c in cards {
        out[usize::from(c.suit())] += 1;
    }
    out
}
