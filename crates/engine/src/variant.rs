//! The poker variant whose hands the engine deals and counts.

use std::fmt;

use eval::{HighRanking, HoldemRanking, ShortDeckEvaluator, ShortDeckRules};

/// The game: which deck is dealt and which ranking decides a hand's category.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Texas hold'em hands: 52 cards, the standard ranking.
    #[default]
    Holdem,
    /// Short deck (six-plus): 36 cards, flush over full house, A-6-7-8-9 a straight, and trips
    /// against straights as the rules say.
    ShortDeck(ShortDeckRules),
}

impl Variant {
    /// Cards in the deck: 52 or 36.
    pub const fn deck_size(self) -> usize {
        match self {
            Self::Holdem => deck::Card::COUNT,
            Self::ShortDeck(_) => deck::SHORT_DECK_SIZE,
        }
    }

    /// The ranking of the variant's hands.
    pub fn ranking(self) -> HighRanking {
        match self {
            Self::Holdem => HighRanking::Holdem(HoldemRanking),
            Self::ShortDeck(rules) => HighRanking::ShortDeck(ShortDeckEvaluator::new(rules)),
        }
    }

    /// A stable name: `holdem`, `shortdeck` or `shortdeck_trips_beat_straight`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Holdem => "holdem",
            Self::ShortDeck(ShortDeckRules::StraightBeatsTrips) => "shortdeck",
            Self::ShortDeck(ShortDeckRules::TripsBeatStraight) => "shortdeck_trips_beat_straight",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
