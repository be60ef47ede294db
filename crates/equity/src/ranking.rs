//! The hand ranking of a game's [`Variant`], as the plain `u16` strengths the counters compare.
//!
//! Every equity path (isomorphic counting, board enumeration, dealt and sampled Monte Carlo)
//! evaluates through a [`Ranking`], so the same code serves hold'em and short deck: a short-deck
//! spot differs only by its ranking and by the 16 cards below a six, which
//! [`crate::Game::out_of_deck`] takes out of play. Both rankings read the same card keys
//! ([`HandKey`]), and with at most seven cards a flush excludes quads and full houses in both, so
//! a flush test still picks the table.

use engine::Variant;
use eval::{HandKey, ShortDeckEvaluator, SuitMasks, evaluate_parts, flush_strength};

/// How hands of a variant compare: larger strengths win.
#[derive(Debug, Clone, Copy)]
pub enum Ranking {
    /// The hold'em evaluator ([`eval::evaluate_parts`]).
    Holdem,
    /// The short-deck evaluator of one rule set.
    ShortDeck(ShortDeckEvaluator),
}

impl Ranking {
    /// The ranking of `variant`.
    pub fn of(variant: Variant) -> Self {
        match variant {
            Variant::Holdem => Self::Holdem,
            Variant::ShortDeck(rules) => Self::ShortDeck(ShortDeckEvaluator::new(rules)),
        }
    }

    /// The best strength without flushes of the 5 to 7 cards in `key`.
    #[inline(always)]
    pub fn rank_strength(self, key: HandKey) -> u16 {
        match self {
            Self::Holdem => key.rank_strength().value(),
            Self::ShortDeck(evaluator) => evaluator.rank_strength(key).value(),
        }
    }

    /// The best flush or straight flush within a 13-bit rank mask of five or more ranks.
    #[inline(always)]
    pub fn flush_strength(self, rank_mask: u16) -> u16 {
        match self {
            Self::Holdem => flush_strength(rank_mask).value(),
            Self::ShortDeck(evaluator) => evaluator.flush_strength(rank_mask).value(),
        }
    }

    /// The strength of an incrementally built hand (`key` and `masks` of the same cards).
    #[inline(always)]
    pub fn evaluate_parts(self, key: HandKey, masks: SuitMasks) -> u16 {
        match self {
            Self::Holdem => evaluate_parts(key, masks).value(),
            Self::ShortDeck(evaluator) => evaluator.evaluate_parts(key, masks).value(),
        }
    }
}
