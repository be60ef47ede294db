//! The high-hand rankings of the board games behind one trait, so that every hot loop (odds,
//! exact counts, equity) is written once and monomorphised per ranking: no dispatch per hand.
//!
//! Both rankings read the same card keys ([`HandKey`]) and return plain `u16` strengths whose
//! top four bits are a tier ([`Ranking::tier_categories`] names its category), so counting a
//! hand's category is `slots[strength >> 12] += 1` in either game. With at most seven cards a
//! flush excludes quads and full houses in both, so the flush test still picks the table.
//!
//! ```
//! use deck::parse_cards;
//! use eval::{Category, HandKey, HoldemRanking, Ranking, ShortDeckEvaluator, ShortDeckRules};
//!
//! /// The category of `cards` under any ranking.
//! fn category<R: Ranking>(ranking: R, cards: &[deck::Card]) -> Category {
//!     let strength = ranking.evaluate_with_key(HandKey::of(cards), cards);
//!     ranking.tier_categories()[usize::from(strength >> 12)]
//! }
//!
//! let cards = parse_cards("As 6d 7c 8h 9s Kd Kc").unwrap();
//! // A-6-7-8-9 is a straight in short deck only.
//! assert_eq!(category(HoldemRanking, &cards), Category::Pair);
//! let short = ShortDeckEvaluator::new(ShortDeckRules::StraightBeatsTrips);
//! assert_eq!(category(short, &cards), Category::Straight);
//! ```

use deck::Card;

use crate::evaluate::{HandKey, SuitMasks};
use crate::short_deck::{ShortDeckEvaluator, ShortDeckRank};
use crate::{Category, evaluate_parts, evaluate_with_key, flush_strength};

/// A ranking of 5 to 7 cards as plain `u16` strengths: larger wins, and the top four bits are
/// the strength's tier.
pub trait Ranking: Copy + Send + Sync {
    /// Cards in the deck this ranking is played with: 52, or 36 in short deck.
    const DECK_SIZE: usize;

    /// The best strength without flushes of the 5 to 7 cards summed in `key`.
    fn rank_strength(self, key: HandKey) -> u16;

    /// The best flush or straight flush within a 13-bit rank mask of five or more ranks.
    fn flush_strength(self, rank_mask: u16) -> u16;

    /// The strength of `cards` given their key (`HandKey::of(cards)`); the cards are read only
    /// when five share a suit.
    fn evaluate_with_key(self, key: HandKey, cards: &[Card]) -> u16;

    /// The strength of an incrementally built hand: `key` and `masks` summarise the same cards.
    fn evaluate_parts(self, key: HandKey, masks: SuitMasks) -> u16;

    /// The category of each tier (`strength >> 12`); unused tiers read as high card.
    fn tier_categories(self) -> &'static [Category; 16];
}

/// The hold'em ranking ([`crate::evaluate`]): tiers are the categories themselves.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HoldemRanking;

/// Hold'em's tiers: the ten categories in order, then six unused slots.
const HOLDEM_TIERS: [Category; 16] = {
    let mut tiers = [Category::HighCard; 16];
    let mut i = 0;
    while i < Category::COUNT {
        tiers[i] = Category::ALL[i];
        i += 1;
    }
    tiers
};

impl Ranking for HoldemRanking {
    const DECK_SIZE: usize = Card::COUNT;

    #[inline(always)]
    fn rank_strength(self, key: HandKey) -> u16 {
        key.rank_strength().value()
    }

    #[inline(always)]
    fn flush_strength(self, rank_mask: u16) -> u16 {
        flush_strength(rank_mask).value()
    }

    #[inline(always)]
    fn evaluate_with_key(self, key: HandKey, cards: &[Card]) -> u16 {
        evaluate_with_key(key, cards).value()
    }

    #[inline(always)]
    fn evaluate_parts(self, key: HandKey, masks: SuitMasks) -> u16 {
        evaluate_parts(key, masks).value()
    }

    #[inline(always)]
    fn tier_categories(self) -> &'static [Category; 16] {
        &HOLDEM_TIERS
    }
}

impl Ranking for ShortDeckEvaluator {
    const DECK_SIZE: usize = deck::SHORT_DECK_SIZE;

    #[inline(always)]
    fn rank_strength(self, key: HandKey) -> u16 {
        ShortDeckEvaluator::rank_strength(self, key).value()
    }

    #[inline(always)]
    fn flush_strength(self, rank_mask: u16) -> u16 {
        ShortDeckEvaluator::flush_strength(self, rank_mask).value()
    }

    #[inline(always)]
    fn evaluate_with_key(self, key: HandKey, cards: &[Card]) -> u16 {
        ShortDeckEvaluator::evaluate_with_key(self, key, cards).value()
    }

    #[inline(always)]
    fn evaluate_parts(self, key: HandKey, masks: SuitMasks) -> u16 {
        ShortDeckEvaluator::evaluate_parts(self, key, masks).value()
    }

    #[inline(always)]
    fn tier_categories(self) -> &'static [Category; 16] {
        &ShortDeckRank::TIER_CATEGORIES
    }
}

/// A board game's ranking chosen at run time. Match on it once per piece of work, outside the
/// loops, and run the loop generic over the [`Ranking`] it holds (a `match` per evaluation
/// measured 8 % slower on hold'em exact preflop).
#[derive(Debug, Clone, Copy)]
pub enum HighRanking {
    /// Hold'em's.
    Holdem(HoldemRanking),
    /// Short deck's, under one rule set.
    ShortDeck(ShortDeckEvaluator),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ShortDeckRules;

    #[test]
    fn holdem_tiers_are_the_categories() {
        for (i, category) in Category::ALL.iter().enumerate() {
            assert_eq!(HOLDEM_TIERS[i], *category);
        }
        let cards = deck::parse_cards("Ah Kh Qh Jh Th 2c 3d").unwrap();
        let strength = HoldemRanking.evaluate_with_key(HandKey::of(&cards), &cards);
        assert_eq!(
            HoldemRanking.tier_categories()[usize::from(strength >> 12)],
            Category::RoyalFlush
        );
    }

    #[test]
    fn both_paths_agree_with_the_evaluators() {
        let hands = [
            "As 6d 7c 8h 9s Kd Kc",
            "Ah Kh Qh Jh 9h 6c 6d",
            "Ts Td Tc 9h 9s 6c 7d",
        ];
        for text in hands {
            let cards = deck::parse_cards(text).unwrap();
            let key = HandKey::of(&cards);
            let masks = cards.iter().fold(SuitMasks::EMPTY, |m, &c| m.with(c));
            assert_eq!(
                HoldemRanking.evaluate_parts(key, masks),
                crate::evaluate(&cards).value()
            );
            for rules in ShortDeckRules::ALL {
                let short = ShortDeckEvaluator::new(rules);
                let value = short.evaluate(&cards).value();
                assert_eq!(Ranking::evaluate_parts(short, key, masks), value, "{text}");
                assert_eq!(Ranking::evaluate_with_key(short, key, &cards), value);
            }
        }
    }
}
