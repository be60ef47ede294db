//! The hot path: best five-of-n hand strength from a slice of 5 to 7 cards.

use deck::Card;

use crate::HandRank;
use crate::tables::{
    CARD_KEYS, FLUSH_TABLE, HALF_ROW_STARTS, HASH_MASK, RANK_TABLE, ROW_SHIFT, ROWS_FIT_THE_TABLE,
    row_start,
};

mod keyed;

pub use keyed::{KeyedCard, KeyedSum};

/// The suit nibbles start at 3 so that a nibble's high bit is set exactly when five or more cards
/// of that suit have been added.
const SUIT_START: u64 = 0x3333 << 32;
const FLUSH_BITS: u64 = 0x8888 << 32;

/// The additive summary of a set of cards: a sum of per-rank values whose low 25 bits identify
/// the multiset of ranks (for up to seven cards), and one 4-bit counter per suit above bit 32.
///
/// ```text
///  bit  63    48 47  44 43  40 39  36 35  32 31  25 24                0
///      [ unused ][spades][hearts][diams][clubs][carry][ rank hash       ]
/// ```
///
/// Keys add up card by card, so enumerations can extend a partial hand one card at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandKey(u64);

impl HandKey {
    /// The key of no cards.
    pub const EMPTY: HandKey = HandKey(SUIT_START);

    /// The key's bits, for [`crate::WideSum`].
    #[inline(always)]
    pub(crate) fn bits(self) -> u64 {
        self.0
    }

    /// The key with the bits `bits`, for [`crate::WideSum`].
    #[inline(always)]
    pub(crate) fn from_bits(bits: u64) -> HandKey {
        HandKey(bits)
    }

    /// The key with `card` added.
    #[inline(always)]
    #[must_use]
    pub fn with(self, card: Card) -> HandKey {
        HandKey(self.0 + CARD_KEYS[usize::from(card.to_u8())])
    }

    /// The key with the card of index `index` added (`rank * 4 + suit`; a byte that is no
    /// card's index adds nothing), for the batch evaluator, which reads card indices.
    #[inline(always)]
    #[must_use]
    pub(crate) fn with_index(self, index: u8) -> HandKey {
        HandKey(self.0 + CARD_KEYS[usize::from(index)])
    }

    /// The key of `cards`.
    #[inline(always)]
    pub fn of(cards: &[Card]) -> HandKey {
        cards.iter().fold(Self::EMPTY, |key, &card| key.with(card))
    }

    /// The key with `card` added, its key read through `keys`: the same value as
    /// [`HandKey::with`], for hot loops (see [`CardKeys`]).
    #[inline(always)]
    #[must_use]
    pub fn with_keys(self, keys: CardKeys, card: Card) -> HandKey {
        HandKey(self.0 + keys.0[usize::from(card.to_u8())])
    }

    /// Whether five or more cards are of `suit` (0 to 3).
    #[inline(always)]
    pub fn has_flush_in(self, suit: u8) -> bool {
        self.0 & FLUSH_BITS & 0xf << (32 + 4 * u32::from(suit & 3)) != 0
    }

    /// Whether five or more cards are of one suit other than `suit` (0 to 3).
    #[inline(always)]
    pub fn has_flush_outside(self, suit: u8) -> bool {
        self.0 & FLUSH_BITS & !(0xf << (32 + 4 * u32::from(suit & 3))) != 0
    }

    /// Whether five or more cards share a suit.
    #[inline(always)]
    pub fn has_flush(self) -> bool {
        self.0 & FLUSH_BITS != 0
    }

    /// The suit with five or more cards, if any (at most one for seven cards).
    #[inline(always)]
    pub fn flush_suit(self) -> Option<u8> {
        let flush = self.0 & FLUSH_BITS;
        (flush != 0).then(|| ((flush.trailing_zeros() - 35) / 4) as u8)
    }

    /// The perfect-hash input of the ranks in this key: the low 25 bits of the key sum.
    #[inline(always)]
    pub(crate) fn rank_hash(self) -> u32 {
        self.0 as u32 & HASH_MASK
    }

    /// The best non-flush strength of the ranks in this key (5 to 7 cards).
    #[inline(always)]
    #[allow(unsafe_code)]
    pub fn rank_strength(self) -> HandRank {
        rank_strength_of_hash(self.rank_hash())
    }
}

/// The best non-flush strength of the rank multiset whose rank hash ([`HandKey`]'s low 25 bits)
/// is `hash`: two dependent loads. Bits above the hash are ignored.
#[inline(always)]
#[allow(unsafe_code)]
pub(crate) fn rank_strength_of_hash(hash: u32) -> HandRank {
    let hash = hash & HASH_MASK;
    let start = row_start((hash >> ROW_SHIFT) as usize);
    let at = start + (hash & ((1 << ROW_SHIFT) - 1)) as usize;
    debug_assert!(ROWS_FIT_THE_TABLE && at < RANK_TABLE.len());
    // SAFETY: `start` is some row's start and `hash & (2^ROW_SHIFT - 1)` is below
    // 2^ROW_SHIFT; `ROWS_FIT_THE_TABLE` (a compile-time assertion) proves every
    // `start + 2^ROW_SHIFT <= RANK_TABLE.len()`.
    HandRank(unsafe { *RANK_TABLE.get_unchecked(at) })
}

/// [`rank_strength_of_hash`] with the hash taken apart: `row` is its bits from `ROW_SHIFT` up,
/// `column` the bits below. Bits beyond either are ignored.
#[inline(always)]
#[allow(unsafe_code)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) fn rank_strength_at(row: u16, column: u16) -> HandRank {
    let start = row_start(usize::from(row) & (HALF_ROW_STARTS.len() - 1));
    let at = start + usize::from(column & ((1 << ROW_SHIFT) - 1));
    debug_assert!(ROWS_FIT_THE_TABLE && at < RANK_TABLE.len());
    // SAFETY: as in `rank_strength_of_hash`: a row's start plus a column below 2^ROW_SHIFT.
    HandRank(unsafe { *RANK_TABLE.get_unchecked(at) })
}

/// A handle on the per-card key table for hot loops that interleave key additions with stores,
/// such as dealing: [`HandKey::with_keys`] through it gives what [`HandKey::with`] gives.
///
/// The handle hides from the compiler that the table is constant. Knowing it, the compiler treats
/// the key loads as free to move and sinks all of a round's key additions below the round's
/// swaps, which keeps every dealt card alive meanwhile and spills them to the stack; through the
/// handle each addition stays next to its card (measured in the odds loop: 101 → 95 instructions
/// per round, 86 → 97 M rounds/s on one core). Get one per batch of work, not per card.
#[derive(Debug, Clone, Copy)]
pub struct CardKeys(&'static [u64; 256]);

impl CardKeys {
    /// The card key table, through an optimisation barrier.
    #[inline]
    pub fn opaque() -> CardKeys {
        CardKeys(std::hint::black_box(&CARD_KEYS))
    }
}
/// Per-suit rank masks of a set of cards, 16 bits per suit (`clubs` lowest), for the flush path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SuitMasks(u64);

impl SuitMasks {
    /// No cards.
    pub const EMPTY: SuitMasks = SuitMasks(0);

    /// The masks' bits, for [`crate::WideSum`].
    #[inline(always)]
    pub(crate) fn bits(self) -> u64 {
        self.0
    }

    /// The masks with the bits `bits`, for [`crate::WideSum`].
    #[inline(always)]
    pub(crate) fn from_bits(bits: u64) -> SuitMasks {
        SuitMasks(bits)
    }

    /// The masks with `card` added.
    #[inline(always)]
    #[must_use]
    pub fn with(self, card: Card) -> SuitMasks {
        SuitMasks(self.0 | 1 << (16 * card.suit() + card.rank()))
    }

    /// The 13-bit rank mask of `suit`.
    #[inline(always)]
    pub fn ranks(self, suit: u8) -> u16 {
        (self.0 >> (16 * (suit & 3))) as u16 & 0x1fff
    }
}

/// The strength of the best flush within a 13-bit rank mask holding five or more ranks.
#[inline(always)]
pub fn flush_strength(rank_mask: u16) -> HandRank {
    HandRank(FLUSH_TABLE[(rank_mask & 0x1fff) as usize])
}

/// The strength of the best five-card hand among `cards` (5, 6 or 7 distinct cards), read in place.
///
/// Costs one table load and one addition per card, then one flush test and two dependent loads
/// (or, for the 3 % of seven-card hands with a flush, one pass over the cards and one load).
/// With more than seven cards the result is meaningless (checked in debug builds).
#[inline(always)]
pub fn evaluate(cards: &[Card]) -> HandRank {
    debug_assert!(
        (5..=7).contains(&cards.len()),
        "evaluate takes 5 to 7 cards"
    );
    evaluate_with_key(HandKey::of(cards), cards)
}

/// The strength of the best hand among `cards` (5 to 7 cards) given their key, for callers that
/// built the key incrementally (known cards once, dealt cards each round).
///
/// `key` must be `HandKey::of(cards)`; `cards` is read only for the 3 % of seven-card hands that
/// hold a flush.
#[inline(always)]
pub fn evaluate_with_key(key: HandKey, cards: &[Card]) -> HandRank {
    debug_assert_eq!(key, HandKey::of(cards));
    if key.has_flush() {
        let suit = key.flush_suit().unwrap_or_default();
        flush_strength(flush_mask(cards, suit))
    } else {
        key.rank_strength()
    }
}

/// The category of the best five-card hand among `cards`, as an index into [`crate::Category::ALL`].
#[inline(always)]
pub fn category_index(cards: &[Card]) -> usize {
    evaluate(cards).category_index()
}

/// With at most seven cards, five of one suit rule out quads and full houses, so the flush (or
/// straight flush) among the suit's ranks is the best hand.
#[inline(always)]
pub(crate) fn flush_mask(cards: &[Card], suit: u8) -> u16 {
    cards
        .iter()
        .filter(|c| c.suit() == suit)
        .fold(0, |mask, c| mask | 1 << c.rank())
}

/// Evaluates an incrementally built hand: `key` and `masks` summarise the same 5 to 7 cards.
#[inline(always)]
pub fn evaluate_parts(key: HandKey, masks: SuitMasks) -> HandRank {
    match key.flush_suit() {
        None => key.rank_strength(),
        Some(suit) => flush_strength(masks.ranks(suit)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Category;
    use deck::parse_cards;

    fn rank_of(text: &str) -> HandRank {
        evaluate(&parse_cards(text).unwrap())
    }

    fn category_of(text: &str) -> Category {
        rank_of(text).category()
    }

    #[test]
    fn keys_through_the_handle_are_the_plain_keys() {
        let keys = CardKeys::opaque();
        let cards = parse_cards("As Kd 7h 7c 2s Th 9d").unwrap();
        let plain = HandKey::of(&cards);
        let handled = cards
            .iter()
            .fold(HandKey::EMPTY, |key, &card| key.with_keys(keys, card));
        assert_eq!(plain, handled);
    }
    #[test]
    fn named_hands_get_their_categories() {
        let cases = [
            ("wheel", "Ah2c3d4s5h9cJd", Category::Straight),
            ("steel wheel", "Ah2h3h4h5h9cJd", Category::StraightFlush),
            ("royal flush", "AsKsQsJsTs2d3c", Category::RoyalFlush),
            (
                "king-high straight flush",
                "KsQsJsTs9s",
                Category::StraightFlush,
            ),
            ("flush beats straight", "2h5h7h9hJhTc8d", Category::Flush),
            (
                "two trips make a full house",
                "7c7d7hKcKdKs2c",
                Category::FullHouse,
            ),
            (
                "three pairs count as two pair",
                "2c2d5h5s9c9dAh",
                Category::TwoPair,
            ),
            ("quads with trips", "8c8d8h8sQcQdQh", Category::FourOfAKind),
            ("quads with a pair", "8c8d8h8sQcQd", Category::FourOfAKind),
            ("straight over trips", "5c6d7h8s9c9d9h", Category::Straight),
            ("ace-high is no wrap", "QcKdAh2s3c8d9h", Category::HighCard),
            ("flush in six cards", "2s4s6s8sTsAd", Category::Flush),
            ("pair", "2c2d5h7s9cJdKh", Category::Pair),
            ("trips", "2c2d2h7s9cJdKh", Category::ThreeOfAKind),
            ("high card", "2c4d6h8sTcQdAh", Category::HighCard),
        ];
        for (name, text, expected) in cases {
            assert_eq!(category_of(text), expected, "{name}: {text}");
        }
    }

    #[test]
    fn kickers_and_ace_low_order_hands() {
        assert!(
            rank_of("Ah2c3d4s5h") < rank_of("2c3d4s5h6d"),
            "wheel is the lowest straight"
        );
        assert!(
            rank_of("Ah2h3h4h5h") < rank_of("2h3h4h5h6h"),
            "steel wheel is the lowest straight flush"
        );
        assert!(
            rank_of("AcAdKhQsJc") > rank_of("AcAdKhQs9c"),
            "fifth kicker counts"
        );
        assert!(
            rank_of("AcAdKhKs3c") > rank_of("AcAdQhQsJc"),
            "second pair beats kicker"
        );
        assert_eq!(
            rank_of("AcAdKhQsJc2d3d"),
            rank_of("AhAsKdQcJd"),
            "only the best five count"
        );
        assert!(rank_of("9c9d9h2s2c") < rank_of("TcTdTh2s2d"));
        assert!(rank_of("2c2d2h2sAc") > rank_of("AcAdAhKsKc"));
    }

    #[test]
    fn incremental_parts_agree_with_slices() {
        let cards = parse_cards("Ah Kh Qh Jh 9h 2c 2d").unwrap();
        let (key, masks) = cards
            .iter()
            .fold((HandKey::EMPTY, SuitMasks::EMPTY), |(k, m), &c| {
                (k.with(c), m.with(c))
            });
        assert_eq!(evaluate_parts(key, masks), evaluate(&cards));
        assert_eq!(evaluate(&cards).category(), Category::Flush);
    }
}
