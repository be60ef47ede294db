//! Short-deck (six-plus) hand ranking: 36 cards, six to ace, best five of 5 to 7 cards.
//!
//! Two rules differ from hold'em: a **flush beats a full house**, and **A-6-7-8-9 is a straight**
//! (the ace plays low below the six; there is no A-2-3-4-5). Venues differ on straights against
//! three of a kind, so [`ShortDeckRules`] picks either order.
//!
//! A [`ShortDeckRank`] keeps the [`crate::HandRank`] contract: one comparable `u16`, a strength
//! tier in the top four bits and the dense order within the tier below. A straight has a tier on
//! each side of three of a kind, so the tier-to-category map does not depend on the rules:
//!
//! ```text
//!  tier  0 high card  1 pair  2 two pair  3 straight (trips beat straights)  4 three of a kind
//!        5 straight (straights beat trips)  6 full house  7 flush  8 four of a kind
//!        9 straight flush (A-6-7-8-9 suited is the lowest)  10 royal flush
//! ```
//!
//! The evaluator reuses the hold'em card keys and rank hash ([`HandKey`]); its own displacement
//! table over the multisets of six to ace and a 512-entry flush table give the strength, with
//! the same costs as [`crate::evaluate`]. With at most seven cards a flush rules out a full house
//! and quads (five of one suit leave two cards), so the flush test still decides which table to
//! read.
//!
//! ```
//! use deck::parse_cards;
//! use eval::{Category, ShortDeckEvaluator, ShortDeckRules};
//!
//! let usual = ShortDeckEvaluator::new(ShortDeckRules::StraightBeatsTrips);
//! let triton = ShortDeckEvaluator::new(ShortDeckRules::TripsBeatStraight);
//! let low_straight = parse_cards("As 6c 7d 8h 9s").unwrap();
//! assert_eq!(usual.evaluate(&low_straight).category(), Category::Straight);
//! let flush = usual.evaluate(&parse_cards("Ah Jh 9h 7h 6h").unwrap());
//! let full_house = usual.evaluate(&parse_cards("Ac Ad Ah Kc Kd").unwrap());
//! assert!(flush > full_house);
//! let trips = parse_cards("Tc Td Th 8s 9c").unwrap();
//! assert!(usual.evaluate(&low_straight) > usual.evaluate(&trips));
//! assert!(triton.evaluate(&low_straight) < triton.evaluate(&trips));
//! ```

use std::fmt;

use deck::Card;

use crate::evaluate::flush_mask;
use crate::tables::{
    ROW_SHIFT, SHORT_FLUSH_TABLE, SHORT_RANK_TABLE_STRAIGHT_HIGH, SHORT_RANK_TABLE_TRIPS_HIGH,
    SHORT_ROW_STARTS, SHORT_ROWS_FIT_THE_TABLES,
};
use crate::{Category, HandKey, SuitMasks};

/// Which of straight and three of a kind wins in short deck; the other rules are fixed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ShortDeckRules {
    /// A straight beats three of a kind (the common rule).
    #[default]
    StraightBeatsTrips,
    /// Three of a kind beats a straight (Triton's rules among others).
    TripsBeatStraight,
}

impl ShortDeckRules {
    /// Both rule sets, the common one first.
    pub const ALL: [ShortDeckRules; 2] = [Self::StraightBeatsTrips, Self::TripsBeatStraight];

    /// A stable snake_case name: `straight_beats_trips` or `trips_beat_straight`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::StraightBeatsTrips => "straight_beats_trips",
            Self::TripsBeatStraight => "trips_beat_straight",
        }
    }
}

impl fmt::Display for ShortDeckRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A short-deck hand's strength: `tier << 12 | order`, where `order` is the hand's dense
/// position among the five-card hands of its tier (see the module docs for the tiers).
///
/// ```text
///  bit  15      12 11                    0
///      [   tier   ][ order in tier         ]
/// ```
///
/// Comparing two ranks (made under the same [`ShortDeckRules`]) compares the hands: equal ranks
/// are exactly the hands of equal value, and there are [`ShortDeckRank::DISTINCT_FIVE_CARD`]
/// distinct ranks under either rule set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ShortDeckRank(u16);

impl ShortDeckRank {
    /// Number of strength tiers (a straight has two, one per rule set).
    pub const TIERS: usize = 11;

    /// Distinct five-card hand values under either rule set: 120 high cards, 504 pairs, 252 two
    /// pairs, 252 trips, 6 straights, 72 full houses, 120 flushes, 72 quads, 5 straight flushes
    /// and the royal flush.
    pub const DISTINCT_FIVE_CARD: usize = 1_404;

    /// The category of each tier, indexed by tier; the five spare slots read as high card.
    pub const TIER_CATEGORIES: [Category; 16] = {
        use Category::*;
        [
            HighCard,
            Pair,
            TwoPair,
            Straight,
            ThreeOfAKind,
            Straight,
            FullHouse,
            Flush,
            FourOfAKind,
            StraightFlush,
            RoyalFlush,
            HighCard,
            HighCard,
            HighCard,
            HighCard,
            HighCard,
        ]
    };

    /// The raw 16-bit value; larger is stronger.
    #[inline]
    pub const fn value(self) -> u16 {
        self.0
    }

    /// The strength tier, `0..11` (top four bits), for counting into 16 slots without a
    /// bounds check; [`ShortDeckRank::TIER_CATEGORIES`] maps it to a category.
    #[inline]
    pub const fn tier(self) -> usize {
        (self.0 >> 12) as usize
    }

    /// The hand's category.
    #[inline]
    pub const fn category(self) -> Category {
        Self::TIER_CATEGORIES[self.tier()]
    }

    /// The hand's position among the hands of its tier, 0 for the weakest.
    #[inline]
    pub const fn order_in_tier(self) -> u16 {
        self.0 & 0x0fff
    }
}

impl fmt::Display for ShortDeckRank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} #{}", self.category(), self.order_in_tier())
    }
}

/// Short-deck rank table length (both rule sets' tables have it).
const SHORT_TABLE_LEN: usize = SHORT_RANK_TABLE_STRAIGHT_HIGH.len();

/// The short-deck evaluator of one rule set: a handle on that rule set's rank table, cheap to
/// copy into hot loops (the rules cost no branch per hand).
#[derive(Debug, Clone, Copy)]
pub struct ShortDeckEvaluator {
    rules: ShortDeckRules,
    ranks: &'static [u16; SHORT_TABLE_LEN],
}

impl ShortDeckEvaluator {
    /// The evaluator of `rules`.
    pub fn new(rules: ShortDeckRules) -> Self {
        let ranks = match rules {
            ShortDeckRules::StraightBeatsTrips => &SHORT_RANK_TABLE_STRAIGHT_HIGH,
            ShortDeckRules::TripsBeatStraight => &SHORT_RANK_TABLE_TRIPS_HIGH,
        };
        Self { rules, ranks }
    }

    /// The rule set.
    pub fn rules(self) -> ShortDeckRules {
        self.rules
    }

    /// The best non-flush strength of the ranks in `key` (5 to 7 short-deck cards).
    #[inline(always)]
    #[allow(unsafe_code)]
    pub fn rank_strength(self, key: HandKey) -> ShortDeckRank {
        let hash = key.rank_hash();
        let start = SHORT_ROW_STARTS[(hash >> ROW_SHIFT) as usize] as usize;
        let at = start + (hash & ((1 << ROW_SHIFT) - 1)) as usize;
        debug_assert!(SHORT_ROWS_FIT_THE_TABLES && at < SHORT_TABLE_LEN);
        // SAFETY: `start` is some row's start and `hash & (2^ROW_SHIFT - 1)` is below
        // 2^ROW_SHIFT; `SHORT_ROWS_FIT_THE_TABLES` (a compile-time assertion) proves every
        // `start + 2^ROW_SHIFT <= SHORT_TABLE_LEN`, the length of both rank tables.
        ShortDeckRank(unsafe { *self.ranks.get_unchecked(at) })
    }

    /// The strength of the best flush or straight flush within a 13-bit rank mask holding five
    /// or more short-deck ranks (the same under both rule sets).
    #[inline(always)]
    pub fn flush_strength(self, rank_mask: u16) -> ShortDeckRank {
        ShortDeckRank(SHORT_FLUSH_TABLE[usize::from(rank_mask >> 4) & 0x1ff])
    }

    /// The strength of the best five-card hand among `cards` (5 to 7 distinct short-deck cards).
    #[inline(always)]
    pub fn evaluate(self, cards: &[Card]) -> ShortDeckRank {
        debug_assert!(
            (5..=7).contains(&cards.len()),
            "evaluate takes 5 to 7 cards"
        );
        self.evaluate_with_key(HandKey::of(cards), cards)
    }

    /// The strength of `cards` given their key (`HandKey::of(cards)`); `cards` is read only when
    /// five share a suit.
    #[inline(always)]
    pub fn evaluate_with_key(self, key: HandKey, cards: &[Card]) -> ShortDeckRank {
        debug_assert_eq!(key, HandKey::of(cards));
        debug_assert!(cards.iter().all(|c| c.in_short_deck()));
        match key.flush_suit() {
            Some(suit) => self.flush_strength(flush_mask(cards, suit)),
            None => self.rank_strength(key),
        }
    }

    /// Evaluates an incrementally built hand: `key` and `masks` summarise the same 5 to 7 cards.
    #[inline(always)]
    pub fn evaluate_parts(self, key: HandKey, masks: SuitMasks) -> ShortDeckRank {
        match key.flush_suit() {
            None => self.rank_strength(key),
            Some(suit) => self.flush_strength(masks.ranks(suit)),
        }
    }
}

/// Bytes taken by the short-deck tables (the card keys are shared with hold'em and not counted).
pub const SHORT_DECK_TABLE_BYTES: usize = size_of_val(&SHORT_ROW_STARTS)
    + size_of_val(&SHORT_RANK_TABLE_STRAIGHT_HIGH)
    + size_of_val(&SHORT_RANK_TABLE_TRIPS_HIGH)
    + size_of_val(&SHORT_FLUSH_TABLE);

// One run reads the row starts, one rank table and the flush table: keep them well inside L2.
const _: () = assert!(
    SHORT_DECK_TABLE_BYTES <= 96 * 1024,
    "short-deck tables outgrew 96 KiB"
);

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;

    fn rank(rules: ShortDeckRules, text: &str) -> ShortDeckRank {
        ShortDeckEvaluator::new(rules).evaluate(&parse_cards(text).unwrap())
    }

    #[test]
    fn named_hands_get_their_categories_under_both_rules() {
        use ShortDeckRules::*;
        let cases = [
            (
                "ace-low straight",
                "As6c7d8h9s",
                Category::Straight,
                Category::Straight,
            ),
            (
                "ace-low straight flush",
                "As6s7s8s9s",
                Category::StraightFlush,
                Category::StraightFlush,
            ),
            (
                "royal flush",
                "AsKsQsJsTs6d7c",
                Category::RoyalFlush,
                Category::RoyalFlush,
            ),
            (
                "ace-high is no wrap",
                "KcAd6h7s8c",
                Category::HighCard,
                Category::HighCard,
            ),
            (
                "straight or trips",
                "6c7d8h9sTcTdTh",
                Category::Straight,
                Category::ThreeOfAKind,
            ),
            (
                "ace-low straight or trips",
                "As6c7d8h9s9d9h",
                Category::Straight,
                Category::ThreeOfAKind,
            ),
            (
                "flush over full house cards",
                "AhJh9h7h6hAcAd",
                Category::Flush,
                Category::Flush,
            ),
            (
                "full house",
                "AcAdAhKcKd6s7s",
                Category::FullHouse,
                Category::FullHouse,
            ),
            (
                "two trips make a full house",
                "7c7d7hKcKdKs6c",
                Category::FullHouse,
                Category::FullHouse,
            ),
            (
                "quads with trips",
                "8c8d8h8sQcQdQh",
                Category::FourOfAKind,
                Category::FourOfAKind,
            ),
            (
                "three pairs count as two pair",
                "6c6d8h8s9c9dAh",
                Category::TwoPair,
                Category::TwoPair,
            ),
            (
                "straight over two pair",
                "6c7d8h9sTcTd9h",
                Category::Straight,
                Category::Straight,
            ),
            (
                "flush over straight",
                "6h8hTh9hJhTc7d",
                Category::Flush,
                Category::Flush,
            ),
            ("pair", "6c6d8h9sJcQdAh", Category::Pair, Category::Pair),
        ];
        for (name, text, usual, triton) in cases {
            assert_eq!(
                rank(StraightBeatsTrips, text).category(),
                usual,
                "{name}: {text}"
            );
            assert_eq!(
                rank(TripsBeatStraight, text).category(),
                triton,
                "{name}: {text}"
            );
        }
    }

    #[test]
    fn order_follows_the_short_deck_rules() {
        for rules in ShortDeckRules::ALL {
            let r = |text| rank(rules, text);
            assert!(
                r("AhJh9h7h6h") > r("AcAdAhKcKd"),
                "flush beats a full house"
            );
            assert!(r("AcAdAhAsKd") > r("AhKhQhJh9h"), "quads beat a flush");
            assert!(
                r("As6s7s8s9s") > r("AcAdAhAsKd"),
                "any straight flush beats quads"
            );
            assert!(
                r("As6c7d8h9s") < r("6c7d8h9sTc"),
                "A-6-7-8-9 is the lowest straight"
            );
            assert!(
                r("As6s7s8s9s") < r("6s7s8s9sTs"),
                "and the lowest straight flush"
            );
            assert!(r("AsKsQsJsTs") > r("KsQsJsTs9s"));
            assert!(r("AcAdKhQsJc") > r("AcAdKhQs9c"), "kickers count");
            assert!(
                r("6c7d8h9sTc") < r("AcAdAhKcKd"),
                "a full house beats a straight"
            );
        }
        let usual = |text| rank(ShortDeckRules::StraightBeatsTrips, text);
        let triton = |text| rank(ShortDeckRules::TripsBeatStraight, text);
        assert!(usual("As6c7d8h9s") > usual("AcAdAhKsQc"));
        assert!(triton("AsKcQdJhTs") < triton("6c6d6hAsKc"));
        assert!(
            triton("AsKcQdJhTs") > triton("AcAdKhKsQc"),
            "straights still beat two pair"
        );
    }

    #[test]
    fn tiers_map_to_categories_and_sizes() {
        assert_eq!(ShortDeckRank::TIER_CATEGORIES[3], Category::Straight);
        assert_eq!(ShortDeckRank::TIER_CATEGORIES[5], Category::Straight);
        assert_eq!(ShortDeckRank::TIER_CATEGORIES[7], Category::Flush);
        assert_eq!(
            ShortDeckRules::default(),
            ShortDeckRules::StraightBeatsTrips
        );
    }
}
