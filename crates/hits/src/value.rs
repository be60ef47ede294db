//! A set of cards valued the way the classes compare them: the category, its place in the game's
//! order, and the ranks that make the category, kickers left out.
//!
//! Cards come in as four 13-bit rank masks, one per suit (bit `r` is rank `r`, deuce = 0). From
//! them come the masks of the ranks held at least once, twice, three and four times, and the
//! straights are found in a 14-bit mask with the ace also below the lowest rank:
//!
//! ```text
//!  straight mask bit:   0     1  2  3  4  5  …  13
//!  hold'em:             A(low) 2  3  4  5  6  …  A
//!  short deck:          -      -  -  -  A(low) 6 … A      (A-6-7-8-9 is the lowest straight)
//! ```
//!
//! A [`HandValue`] orders first by the category's tier in the game ([`Rules::tier`]), then by the
//! *core*: the ranks that make the category (the pair, both pairs, the trips, the straight's top
//! card, the flush's five ranks, the full house's trips and pair, the quads' rank). Two values
//! of the same tier and core differ at most in kickers.

use engine::Game;
use eval::{Category, ShortDeckRules};

/// The ace's rank.
pub(crate) const ACE: u8 = 12;

/// Every rank of the 52-card deck, deuce to ace.
const ALL_RANKS: u16 = 0x1fff;

/// The ranks of the short deck, six to ace.
const SHORT_DECK_RANKS: u16 = 0x1ff0;

/// The categories in the order of `game`'s ranking, weakest first: hold'em's as
/// [`Category::ALL`]; short deck puts the flush above the full house, and under
/// [`ShortDeckRules::TripsBeatStraight`] three of a kind above the straight.
pub fn category_order(game: Game) -> [Category; Category::COUNT] {
    use Category::*;
    match game.short_deck_rules() {
        None => Category::ALL,
        Some(rules) => {
            let (lower, upper) = match rules {
                ShortDeckRules::StraightBeatsTrips => (ThreeOfAKind, Straight),
                ShortDeckRules::TripsBeatStraight => (Straight, ThreeOfAKind),
            };
            [
                HighCard,
                Pair,
                TwoPair,
                lower,
                upper,
                FullHouse,
                Flush,
                FourOfAKind,
                StraightFlush,
                RoyalFlush,
            ]
        }
    }
}

/// The parts of a game's ranking that classification needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rules {
    /// Tier of each category ([`Category::index`]) in the game's order.
    tiers: [u8; Category::COUNT],
    /// The bit of the straight mask where an ace also counts, below the lowest rank.
    ace_low: u16,
    /// The ranks in the deck.
    pub(crate) deck_ranks: u16,
}

impl Rules {
    /// The rules of `game`.
    pub(crate) fn of(game: Game) -> Self {
        let mut tiers = [0u8; Category::COUNT];
        for (tier, category) in category_order(game).into_iter().enumerate() {
            tiers[category.index()] = tier as u8;
        }
        let (ace_low, deck_ranks) = match game.short_deck_rules() {
            None => (1, ALL_RANKS),
            Some(_) => (1 << 4, SHORT_DECK_RANKS),
        };
        Self {
            tiers,
            ace_low,
            deck_ranks,
        }
    }

    /// The place of `category` in the game's order, 0 for a high card.
    #[inline]
    pub(crate) fn tier(self, category: Category) -> u8 {
        self.tiers[category.index()]
    }

    /// `ranks` moved up one bit, with the ace also at its low place.
    #[inline]
    pub(crate) fn straight_mask(self, ranks: u16) -> u16 {
        let ace = if ranks >> ACE & 1 == 1 {
            self.ace_low
        } else {
            0
        };
        ranks << 1 | ace
    }

    /// The rank of the top card of the best straight within `ranks` (the five of a wheel, the
    /// nine of short deck's A-6-7-8-9), if there is a straight.
    #[inline]
    pub(crate) fn straight_top(self, ranks: u16) -> Option<u8> {
        let m = self.straight_mask(ranks);
        let runs = m & m >> 1 & m >> 2 & m >> 3 & m >> 4;
        (runs != 0).then(|| (15 - runs.leading_zeros()) as u8 + 3)
    }

    /// The value of the cards whose per-suit rank masks are `suits` (any number of cards, at
    /// most 7).
    #[inline]
    pub(crate) fn value(self, suits: [u16; 4]) -> HandValue {
        let [a, b, c, d] = suits;
        let once = a | b | c | d;
        let twice = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
        let thrice = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d);
        let four = a & b & c & d;
        let mut best = HandValue {
            tier: self.tier(Category::HighCard),
            core: 0,
            category: Category::HighCard,
        };
        let mut consider = |category: Category, core: u16| {
            let value = HandValue {
                tier: self.tier(category),
                core,
                category,
            };
            if value > best {
                best = value;
            }
        };
        for suit in suits {
            if suit.count_ones() >= 5 {
                match self.straight_top(suit) {
                    Some(ACE) => consider(Category::RoyalFlush, u16::from(ACE)),
                    Some(top) => consider(Category::StraightFlush, u16::from(top)),
                    None => consider(Category::Flush, top_five(suit)),
                }
            }
        }
        if four != 0 {
            consider(Category::FourOfAKind, highest(four));
        }
        if thrice != 0 {
            let trips = highest(thrice);
            let rest = twice & !(1 << trips);
            if rest != 0 {
                consider(Category::FullHouse, trips << 4 | highest(rest));
            }
            consider(Category::ThreeOfAKind, trips);
        }
        if let Some(top) = self.straight_top(once) {
            consider(Category::Straight, u16::from(top));
        }
        if twice.count_ones() >= 2 {
            let top = highest(twice);
            consider(Category::TwoPair, top << 4 | highest(twice & !(1 << top)));
        }
        if twice != 0 {
            consider(Category::Pair, highest(twice));
        }
        best
    }
}

/// The highest rank in a non-empty mask.
#[inline]
pub(crate) fn highest(mask: u16) -> u16 {
    debug_assert!(mask != 0);
    15 - mask.leading_zeros() as u16
}

/// The five highest ranks of a mask of five or more.
#[inline]
fn top_five(mut mask: u16) -> u16 {
    while mask.count_ones() > 5 {
        mask &= mask - 1;
    }
    mask
}

/// A set of cards' value for comparing what a combo adds to the board: tier first, then the
/// ranks that make the category (see the module docs). Kickers are not part of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct HandValue {
    /// The category's place in the game's order.
    pub(crate) tier: u8,
    /// The ranks that make the category, packed so that larger is better within the tier.
    pub(crate) core: u16,
    /// The category (the royal flush apart from other straight flushes, as [`Category`] has it).
    pub(crate) category: Category,
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;

    fn suits(text: &str) -> [u16; 4] {
        let mut suits = [0u16; 4];
        for card in parse_cards(text).unwrap() {
            suits[usize::from(card.suit())] |= 1 << card.rank();
        }
        suits
    }

    #[test]
    fn straights_include_the_low_aces_of_each_game() {
        let holdem = Rules::of(Game::HOLDEM);
        let short = Rules::of(Game::short_deck(ShortDeckRules::StraightBeatsTrips));
        let ranks = |text: &str| suits(text).iter().fold(0, |m, s| m | s);
        assert_eq!(holdem.straight_top(ranks("Ah2c3d4s5h")), Some(3));
        assert_eq!(holdem.straight_top(ranks("Ah6c7d8s9h")), None);
        assert_eq!(short.straight_top(ranks("Ah6c7d8s9h")), Some(7));
        assert_eq!(short.straight_top(ranks("AhKcQdJsTh")), Some(ACE));
        assert_eq!(holdem.straight_top(ranks("QcKdAh2s3c")), None);
        assert_eq!(holdem.straight_top(ranks("2c3d4h5s6c7d")), Some(5));
    }

    #[test]
    fn values_follow_each_games_order() {
        let holdem = Rules::of(Game::HOLDEM);
        let triton = Rules::of(Game::short_deck(ShortDeckRules::TripsBeatStraight));
        let cases = [
            ("AhKhQhJhTh", Category::RoyalFlush, Category::RoyalFlush),
            ("7c7d7h8s9c9d", Category::FullHouse, Category::FullHouse),
            ("6c7d8h9sTcTdTh", Category::Straight, Category::ThreeOfAKind),
            ("6h7h8h9hJhJcJd", Category::Flush, Category::Flush),
            ("KcKdQcQd", Category::TwoPair, Category::TwoPair),
            ("KcKdKh", Category::ThreeOfAKind, Category::ThreeOfAKind),
            ("AcKdQh", Category::HighCard, Category::HighCard),
        ];
        for (text, in_holdem, in_triton) in cases {
            assert_eq!(holdem.value(suits(text)).category, in_holdem, "{text}");
            assert_eq!(triton.value(suits(text)).category, in_triton, "{text}");
        }
        // The kicker is not part of the value; the second pair is.
        assert_eq!(
            holdem.value(suits("KcKdAh7s")),
            holdem.value(suits("KcKd2h7s"))
        );
        assert!(holdem.value(suits("KcKdAhAs7d")) > holdem.value(suits("KcKd7h7s")));
        assert_eq!(
            category_order(Game::short_deck(ShortDeckRules::StraightBeatsTrips))[6],
            Category::Flush
        );
    }
}
