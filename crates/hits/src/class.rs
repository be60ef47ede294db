//! The classes: made hands (each combo in exactly one) and draws (a combo in any number), with
//! stable snake_case names for CSV and JSON output.
//!
//! The definitions are those of the user guide's page `docs/src/hits.md`.

use std::fmt;
use std::str::FromStr;

use engine::{Game, GameId};
use eval::{Category, ShortDeckRules};

use crate::low::{LowClass, LowHolding};

/// What a combo makes with the board: exactly one per combo.
///
/// Only what the combo's own cards add counts: a pair, trips or straight that the board makes
/// by itself, or a better kicker, is not the combo's made hand ([`MadeHand::AceHigh`] or
/// [`MadeHand::NoMadeHand`] then).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum MadeHand {
    /// A straight flush (the royal flush included).
    StraightFlush,
    /// Four of a kind.
    Quads,
    /// A full house.
    FullHouse,
    /// A flush no other holding can beat as a flush: the combo holds the highest card of the
    /// suit that is neither on the board nor dead.
    NutFlush,
    /// Any other flush.
    Flush,
    /// A straight.
    Straight,
    /// Three of a kind with a pocket pair and one board card.
    Set,
    /// Three of a kind with one hole card and a pair on the board.
    Trips,
    /// Two pair: each hole card pairs a board card, the two highest ranks of the board.
    TwoPairTopTwo,
    /// Two pair: each hole card pairs a board card, the board's highest rank and a lower one
    /// other than the second.
    TwoPairTopAndBottom,
    /// Two pair: each hole card pairs a board card, not the board's highest rank.
    TwoPairBottomTwo,
    /// Two pair: one pair of the combo's own (a pocket pair or one paired hole card) and a pair
    /// on the board.
    TwoPairBoardPair,
    /// A pocket pair above every board card.
    Overpair,
    /// A hole card pairs the board's highest rank; the other hole card is the best kicker left.
    TopPairTopKicker,
    /// Top pair with the second or third best kicker left.
    TopPairGoodKicker,
    /// Top pair with any lower kicker.
    TopPairWeakKicker,
    /// A pocket pair below the board's highest card (and matching no board card).
    PocketPairBelowTop,
    /// A hole card pairs the board's second-highest rank.
    SecondPair,
    /// A hole card pairs a lower board rank (third-highest or below).
    WeakPair,
    /// No made hand of the combo's own, and an ace among its cards that plays as a kicker.
    AceHigh,
    /// Nothing of the combo's own.
    NoMadeHand,
}

impl MadeHand {
    /// Number of made-hand classes.
    pub const COUNT: usize = 21;

    /// Every class, strongest first in hold'em's order (see [`MadeHand::order`] for a game's).
    pub const ALL: [MadeHand; Self::COUNT] = [
        Self::StraightFlush,
        Self::Quads,
        Self::FullHouse,
        Self::NutFlush,
        Self::Flush,
        Self::Straight,
        Self::Set,
        Self::Trips,
        Self::TwoPairTopTwo,
        Self::TwoPairTopAndBottom,
        Self::TwoPairBottomTwo,
        Self::TwoPairBoardPair,
        Self::Overpair,
        Self::TopPairTopKicker,
        Self::TopPairGoodKicker,
        Self::TopPairWeakKicker,
        Self::PocketPairBelowTop,
        Self::SecondPair,
        Self::WeakPair,
        Self::AceHigh,
        Self::NoMadeHand,
    ];

    /// The stable snake_case name used in CSV and JSON output.
    pub const fn name(self) -> &'static str {
        match self {
            Self::StraightFlush => "straight_flush",
            Self::Quads => "quads",
            Self::FullHouse => "full_house",
            Self::NutFlush => "nut_flush",
            Self::Flush => "flush",
            Self::Straight => "straight",
            Self::Set => "set",
            Self::Trips => "trips",
            Self::TwoPairTopTwo => "two_pair_top_two",
            Self::TwoPairTopAndBottom => "two_pair_top_and_bottom",
            Self::TwoPairBottomTwo => "two_pair_bottom_two",
            Self::TwoPairBoardPair => "two_pair_board_pair",
            Self::Overpair => "overpair",
            Self::TopPairTopKicker => "top_pair_top_kicker",
            Self::TopPairGoodKicker => "top_pair_good_kicker",
            Self::TopPairWeakKicker => "top_pair_weak_kicker",
            Self::PocketPairBelowTop => "pocket_pair_below_top",
            Self::SecondPair => "second_pair",
            Self::WeakPair => "weak_pair",
            Self::AceHigh => "ace_high",
            Self::NoMadeHand => "no_made_hand",
        }
    }

    /// The class's position in [`MadeHand::ALL`], for count arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The category the evaluator gives every combo of this class (the straight flush class
    /// also holds royal flushes); `None` for [`MadeHand::AceHigh`] and
    /// [`MadeHand::NoMadeHand`], whose category is the board's own.
    pub const fn category(self) -> Option<Category> {
        Some(match self {
            Self::StraightFlush => Category::StraightFlush,
            Self::Quads => Category::FourOfAKind,
            Self::FullHouse => Category::FullHouse,
            Self::NutFlush | Self::Flush => Category::Flush,
            Self::Straight => Category::Straight,
            Self::Set | Self::Trips => Category::ThreeOfAKind,
            Self::TwoPairTopTwo
            | Self::TwoPairTopAndBottom
            | Self::TwoPairBottomTwo
            | Self::TwoPairBoardPair => Category::TwoPair,
            Self::Overpair
            | Self::TopPairTopKicker
            | Self::TopPairGoodKicker
            | Self::TopPairWeakKicker
            | Self::PocketPairBelowTop
            | Self::SecondPair
            | Self::WeakPair => Category::Pair,
            Self::AceHigh | Self::NoMadeHand => return None,
        })
    }

    /// The classes strongest first in `game`'s order: short deck lists the flushes above the
    /// full house, and under [`ShortDeckRules::TripsBeatStraight`] the set and trips above the
    /// straight.
    pub fn order(game: Game) -> [MadeHand; Self::COUNT] {
        let mut order = Self::ALL;
        if let Some(rules) = game.short_deck_rules() {
            // Full house, nut flush, flush -> nut flush, flush, full house.
            order[2..5].rotate_left(1);
            if rules == ShortDeckRules::TripsBeatStraight {
                // Straight, set, trips -> set, trips, straight.
                order[5..8].rotate_left(1);
            }
        }
        order
    }
}

/// A draw: a way for the next card (or, for backdoor draws, the next two) to give the combo a
/// better hand of its own. A combo can hold several; none are counted on the river.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Draw {
    /// Four cards of a suit, at least one of them a hole card, and no flush yet.
    FlushDraw,
    /// A flush draw whose flush would be the nut flush (a subset of [`Draw::FlushDraw`]).
    NutFlushDraw,
    /// Four consecutive ranks and both ranks next to them complete a straight.
    OpenEndedStraightDraw,
    /// Two or more ranks complete a straight, without four consecutive ranks open at both ends.
    DoubleGutshot,
    /// Exactly one rank completes a straight.
    Gutshot,
    /// A flush draw and a straight draw (open-ended, double gutshot or gutshot) together.
    ComboDraw,
    /// Flop only: three cards of a suit, at least one a hole card; turn and river of the suit
    /// make a flush.
    BackdoorFlushDraw,
    /// Flop only: no straight draw, but some turn and river make a straight.
    BackdoorStraightDraw,
    /// No made hand of the combo's own (ace high or nothing) and both hole cards above every
    /// board card.
    TwoOvercards,
}

impl Draw {
    /// Number of draw classes.
    pub const COUNT: usize = 9;

    /// Every draw class, in output order.
    pub const ALL: [Draw; Self::COUNT] = [
        Self::FlushDraw,
        Self::NutFlushDraw,
        Self::OpenEndedStraightDraw,
        Self::DoubleGutshot,
        Self::Gutshot,
        Self::ComboDraw,
        Self::BackdoorFlushDraw,
        Self::BackdoorStraightDraw,
        Self::TwoOvercards,
    ];

    /// The stable snake_case name used in CSV and JSON output.
    pub const fn name(self) -> &'static str {
        match self {
            Self::FlushDraw => "flush_draw",
            Self::NutFlushDraw => "nut_flush_draw",
            Self::OpenEndedStraightDraw => "open_ended_straight_draw",
            Self::DoubleGutshot => "double_gutshot",
            Self::Gutshot => "gutshot",
            Self::ComboDraw => "combo_draw",
            Self::BackdoorFlushDraw => "backdoor_flush_draw",
            Self::BackdoorStraightDraw => "backdoor_straight_draw",
            Self::TwoOvercards => "two_overcards",
        }
    }

    /// The class's position in [`Draw::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A set of draws, one bit per [`Draw`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Draws(u16);

impl Draws {
    /// No draw.
    pub const NONE: Draws = Draws(0);

    /// The set with `draw` added.
    #[inline]
    #[must_use]
    pub const fn with(self, draw: Draw) -> Draws {
        Draws(self.0 | 1 << draw as u8)
    }

    /// Whether `draw` is in the set.
    #[inline]
    pub const fn contains(self, draw: Draw) -> bool {
        self.0 >> draw as u8 & 1 == 1
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The draws in the set, in [`Draw::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Draw> {
        Draw::ALL.into_iter().filter(move |&d| self.contains(d))
    }
}

impl FromIterator<Draw> for Draws {
    fn from_iter<I: IntoIterator<Item = Draw>>(iter: I) -> Self {
        iter.into_iter().fold(Draws::NONE, Draws::with)
    }
}

/// What one combo makes on a board: its made hand and its draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Classification {
    /// The made hand (exactly one).
    pub made: MadeHand,
    /// The draws (any number, none on the river).
    pub draws: Draws,
    /// In a hi/lo game, the combo's low and low draw; `None` in a game without a low.
    pub low: Option<LowHolding>,
}

impl Classification {
    /// Whether the combo is in `class`.
    pub fn is_in(self, class: Class) -> bool {
        match class {
            Class::Made(made) => self.made == made,
            Class::Draw(draw) => self.draws.contains(draw),
            Class::Low(low) => self
                .low
                .is_some_and(|l| l.made == low || l.draw == Some(low)),
        }
    }
}

/// A row of the hits table: a made-hand class, a draw class or, in hold'em hi/lo, a low class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    /// A made-hand class (exclusive).
    Made(MadeHand),
    /// A draw class (overlapping).
    Draw(Draw),
    /// A low class of a hi/lo game: a made low (exclusive among the made lows) or a low draw.
    Low(LowClass),
}

impl Class {
    /// The class's stable name ([`MadeHand::name`], [`Draw::name`] or [`LowClass::name`]; the
    /// three sets of names are disjoint).
    pub const fn name(self) -> &'static str {
        match self {
            Self::Made(made) => made.name(),
            Self::Draw(draw) => draw.name(),
            Self::Low(low) => low.name(),
        }
    }

    /// `made`, `draw`, `low` or `low_draw`, the stable name of the class's kind.
    pub const fn kind(self) -> &'static str {
        match self {
            Self::Made(_) => "made",
            Self::Draw(_) => "draw",
            Self::Low(low) => low.kind(),
        }
    }

    /// Every class in table order for `game`: made hands strongest first
    /// ([`MadeHand::order`]), then draws ([`Draw::ALL`]), then in a hi/lo game the low classes
    /// ([`LowClass::ALL`]).
    pub fn all(game: Game) -> impl Iterator<Item = Class> {
        let lows: &[LowClass] = if game.is_hilo() { &LowClass::ALL } else { &[] };
        MadeHand::order(game)
            .into_iter()
            .map(Class::Made)
            .chain(Draw::ALL.into_iter().map(Class::Draw))
            .chain(lows.iter().copied().map(Class::Low))
    }
}

impl fmt::Display for MadeHand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Draw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text is not the name of a class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownClass(pub String);

impl fmt::Display for UnknownClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown hits class {:?}", self.0)
    }
}

impl std::error::Error for UnknownClass {}

impl FromStr for Class {
    type Err = UnknownClass;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Class::all(Game::plain(GameId::HoldemHilo))
            .find(|c| c.name() == name)
            .ok_or_else(|| UnknownClass(name.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_snake_case_and_round_trip() {
        assert_eq!(
            Class::all(Game::HOLDEM).count(),
            MadeHand::COUNT + Draw::COUNT
        );
        let classes: Vec<Class> = Class::all(Game::plain(GameId::HoldemHilo)).collect();
        assert_eq!(
            classes.len(),
            MadeHand::COUNT + Draw::COUNT + LowClass::COUNT
        );
        for (i, class) in classes.iter().enumerate() {
            let name = class.name();
            assert!(name.chars().all(|c| c.is_ascii_lowercase() || c == '_'));
            assert_eq!(name.parse::<Class>(), Ok(*class));
            assert!(classes[..i].iter().all(|c| c.name() != name));
        }
        assert!("top_pair".parse::<Class>().is_err());
        for (i, made) in MadeHand::ALL.into_iter().enumerate() {
            assert_eq!(made.index(), i);
        }
        for (i, draw) in Draw::ALL.into_iter().enumerate() {
            assert_eq!(draw.index(), i);
        }
    }

    #[test]
    fn each_game_orders_the_made_hands_by_its_rules() {
        let names = |game| MadeHand::order(game).map(MadeHand::name)[..8].join(" ");
        assert_eq!(
            names(Game::HOLDEM),
            "straight_flush quads full_house nut_flush flush straight set trips"
        );
        assert_eq!(
            names(Game::short_deck(ShortDeckRules::StraightBeatsTrips)),
            "straight_flush quads nut_flush flush full_house straight set trips"
        );
        assert_eq!(
            names(Game::short_deck(ShortDeckRules::TripsBeatStraight)),
            "straight_flush quads nut_flush flush full_house set trips straight"
        );
        for game in [
            Game::HOLDEM,
            Game::short_deck(ShortDeckRules::TripsBeatStraight),
        ] {
            let mut sorted = MadeHand::order(game);
            sorted.sort();
            assert_eq!(sorted, MadeHand::ALL);
        }
    }

    #[test]
    fn draw_sets_hold_what_was_added() {
        let draws: Draws = [Draw::Gutshot, Draw::FlushDraw].into_iter().collect();
        assert!(draws.contains(Draw::Gutshot) && draws.contains(Draw::FlushDraw));
        assert!(!draws.contains(Draw::ComboDraw));
        assert_eq!(
            draws.iter().collect::<Vec<_>>(),
            [Draw::FlushDraw, Draw::Gutshot]
        );
        assert!(Draws::NONE.is_empty() && !draws.is_empty());
    }
}
