//! Keyed cards: a card's additive key with its rank bit when its suit is the marked one, and
//! their sums, which a [`HandKey`] takes whole.

use deck::Card;

use super::HandKey;
use crate::tables::{CARD_KEYS, HASH_MASK};

/// A card's additive key, and the card's rank bit when its suit is the one a hot loop marked:
/// the value a hot loop can deal in the card's place ([`deck::Dealer::deal_fold_slots`]), so
/// that adding a dealt card to a hand is one register addition, and the dealt cards of the
/// marked suit add up to their rank mask at the same time (flushes in that suit without
/// reading the cards back).
///
/// ```text
///  bit  63 61 60                48 47                                   0
///      [ 0  ][ rank bit if marked ][ the card's key, as HandKey::with adds ]
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyedCard(u64);

/// Bits of a [`KeyedCard`] that hold the key; the marked rank bits sit above.
const KEY_BITS: u64 = (1 << 48) - 1;
/// Where the marked rank bits start.
const MARK_SHIFT: u32 = 48;

impl KeyedCard {
    /// The keyed value of `card`, its rank bit set when its suit is `marked` (a suit 0 to 3;
    /// any other value marks none).
    #[inline]
    pub fn new(card: Card, marked: u8) -> KeyedCard {
        let mark = if card.suit() == marked {
            1 << (MARK_SHIFT + u32::from(card.rank()))
        } else {
            0
        };
        KeyedCard(CARD_KEYS[usize::from(card.to_u8())] | mark)
    }

    /// The card, read back from its key (a search over the ranks: for rare paths).
    pub fn card(self) -> Card {
        let suit = ((self.0 >> 32) as u16).trailing_zeros() / 4;
        let hash = self.0 as u32 & HASH_MASK;
        let rank = (0..13u8)
            .find(|&r| CARD_KEYS[usize::from(r) * 4] as u32 & HASH_MASK == hash)
            .unwrap_or_default();
        Card::new(rank, suit as u8)
    }
}

/// The sum of some [`KeyedCard`]s (at most seven): their keys' sum below bit 48, which a
/// [`HandKey`] takes with [`HandKey::with_keyed`], and above it the rank mask of those of the
/// marked suit (distinct cards of one suit have distinct ranks: their bits never carry).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct KeyedSum(u64);

impl KeyedSum {
    /// The sum of no cards.
    pub const NONE: KeyedSum = KeyedSum(0);

    /// The sum with `card` added.
    #[inline(always)]
    #[must_use]
    pub fn with(self, card: KeyedCard) -> KeyedSum {
        KeyedSum(self.0.wrapping_add(card.0))
    }

    /// The ranks of the summed cards of the marked suit, as a 13-bit mask.
    #[inline(always)]
    pub fn marked_ranks(self) -> u16 {
        (self.0 >> MARK_SHIFT) as u16 & 0x1fff
    }

    /// The rank hash of the cards summed (the low 25 bits, as in a [`HandKey`]): distinct for
    /// distinct multisets of up to seven ranks, the same whatever their suits.
    #[inline(always)]
    pub fn rank_hash(self) -> u32 {
        self.0 as u32 & HASH_MASK
    }

    /// The low 32 bits of the sum: the rank hash with the carries above it (seven 25-bit rank
    /// keys add up below `2^28`, and the suit counts start at bit 32). Like the rank hash it
    /// depends on the multiset of ranks alone and differs between multisets, so a table can be
    /// hashed on it without the mask.
    #[inline(always)]
    pub fn rank_sum(self) -> u32 {
        self.0 as u32
    }

    /// A whole hand as a sum: the cards of `key`, and `marked_ranks` (the ranks of its cards
    /// of the marked suit) above them, as if each card had been added as a [`KeyedCard`] to
    /// [`HandKey::EMPTY`]'s value. Dealt cards added to it then give the hand's key
    /// ([`KeyedSum::key`]) and marked ranks with no further addition, as long as the hand ends
    /// with at most seven cards.
    #[inline]
    pub fn of_hand(key: HandKey, marked_ranks: u16) -> KeyedSum {
        KeyedSum(key.0 | u64::from(marked_ranks & 0x1fff) << MARK_SHIFT)
    }

    /// The key of a sum started by [`KeyedSum::of_hand`]: the whole hand's [`HandKey`].
    #[inline(always)]
    pub fn key(self) -> HandKey {
        HandKey(self.0 & KEY_BITS)
    }
}

impl HandKey {
    /// The key with the cards of `sum` added: the key [`HandKey::with`] gives card by card, as
    /// long as the key and the sum hold at most seven cards together (no per-suit count or rank
    /// sum then carries past bit 47).
    #[inline(always)]
    #[must_use]
    pub fn with_keyed(self, sum: KeyedSum) -> HandKey {
        HandKey(self.0 + (sum.0 & KEY_BITS))
    }
}

#[cfg(test)]
mod tests {
    use deck::parse_cards;

    use super::*;

    #[test]
    fn keyed_cards_add_up_to_the_plain_key_and_keep_their_cards() {
        // Seven cards crowding one suit and one rank as far as a hand can.
        for text in [
            "As Ks Qs Js Ts 9s 8s",
            "Ac Ad Ah As Kc Kd Kh",
            "2c 3d 4h 5s 7c 8d 9h",
        ] {
            let cards = parse_cards(text).unwrap();
            for marked in 0..5u8 {
                for split in 0..=cards.len() {
                    let (known, dealt) = cards.split_at(split);
                    let sum = dealt
                        .iter()
                        .fold(KeyedSum::NONE, |s, &c| s.with(KeyedCard::new(c, marked)));
                    let key = HandKey::of(known).with_keyed(sum);
                    assert_eq!(key, HandKey::of(&cards), "{text}");
                    let ranks = dealt
                        .iter()
                        .filter(|c| c.suit() == marked)
                        .fold(0u16, |m, c| m | 1 << c.rank());
                    assert_eq!(sum.marked_ranks(), ranks, "{text}");
                    // The same hand summed from its known cards' key: the whole key, every
                    // marked rank, and a rank sum that is the hand's rank hash plus carries.
                    let known_ranks = known
                        .iter()
                        .filter(|c| c.suit() == marked)
                        .fold(0u16, |m, c| m | 1 << c.rank());
                    let whole = dealt.iter().fold(
                        KeyedSum::of_hand(HandKey::of(known), known_ranks),
                        |s, &c| s.with(KeyedCard::new(c, marked)),
                    );
                    assert_eq!(whole.key(), HandKey::of(&cards), "{text}");
                    assert_eq!(whole.marked_ranks(), ranks | known_ranks, "{text}");
                    assert_eq!(whole.rank_sum() & HASH_MASK, key.rank_hash(), "{text}");
                    assert!(whole.rank_sum() < 1 << 28, "{text}");
                }
            }
            let key = HandKey::of(&cards);
            for suit in 0..4 {
                let five = cards.iter().filter(|c| c.suit() == suit).count() >= 5;
                assert_eq!(key.has_flush_in(suit), five, "{text}");
                assert_eq!(
                    key.has_flush_outside(suit),
                    key.has_flush() && !five,
                    "{text}"
                );
            }
        }
        for card in Card::all() {
            assert_eq!(KeyedCard::new(card, 4).card(), card);
            assert_eq!(KeyedCard::new(card, card.suit()).card(), card);
        }
    }
}
