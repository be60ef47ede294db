//! The hand ranking of a game's [`Variant`], as the plain `u16` strengths the counters compare.
//!
//! Every equity path (isomorphic counting, board enumeration, dealt and sampled Monte Carlo) is
//! generic over a [`Strength`] and picks the concrete one once, from the game's [`Ranking`],
//! outside its loops (a `match` per evaluation measured 8 % slower on hold'em exact preflop), so
//! the same code serves hold'em and short deck: a short-deck
//! spot differs only by its ranking and by the 16 cards below a six, which
//! [`crate::Game::out_of_deck`] takes out of play. Both rankings read the same card keys
//! ([`HandKey`]), and with at most seven cards a flush excludes quads and full houses in both, so
//! a flush test still picks the table.

use engine::Variant;
use eval::{HandKey, ShortDeckEvaluator, SuitMasks, evaluate_parts, flush_strength};

/// A hand ranking as plain `u16` strengths: larger wins.
pub trait Strength: Copy + Send + Sync {
    /// The best strength without flushes of the 5 to 7 cards in `key`.
    fn rank_strength(self, key: HandKey) -> u16;
    /// The best flush or straight flush within a 13-bit rank mask of five or more ranks.
    fn flush_strength(self, rank_mask: u16) -> u16;
    /// The strength of an incrementally built hand (`key` and `masks` of the same cards).
    fn evaluate_parts(self, key: HandKey, masks: SuitMasks) -> u16;
}

/// The hold'em ranking ([`eval::evaluate_parts`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct HoldemStrength;

impl Strength for HoldemStrength {
    #[inline(always)]
    fn rank_strength(self, key: HandKey) -> u16 {
        key.rank_strength().value()
    }

    #[inline(always)]
    fn flush_strength(self, rank_mask: u16) -> u16 {
        flush_strength(rank_mask).value()
    }

    #[inline(always)]
    fn evaluate_parts(self, key: HandKey, masks: SuitMasks) -> u16 {
        evaluate_parts(key, masks).value()
    }
}

impl Strength for ShortDeckEvaluator {
    #[inline(always)]
    fn rank_strength(self, key: HandKey) -> u16 {
        ShortDeckEvaluator::rank_strength(self, key).value()
    }

    #[inline(always)]
    fn flush_strength(self, rank_mask: u16) -> u16 {
        ShortDeckEvaluator::flush_strength(self, rank_mask).value()
    }

    #[inline(always)]
    fn evaluate_parts(self, key: HandKey, masks: SuitMasks) -> u16 {
        ShortDeckEvaluator::evaluate_parts(self, key, masks).value()
    }
}

/// The ranking of a game, to pick a [`Strength`] from once per piece of work.
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
}
