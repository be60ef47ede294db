//! What a player's seven cards are worth in each game: the strength that takes the pot (or its
//! high half) and, in hi/lo, the eight-or-better low.
//!
//! ```text
//!  game       main strength (larger wins)          low (larger wins, 0 = none)
//!  stud       eval::HandRank, best high five        0
//!  stud-hilo  eval::HandRank                        eval::EightLow
//!  razz       eval::LowRank, best A-5 low five      0
//! ```
//!
//! Each game is a type implementing [`Ranking`], with its own incremental summary of cards
//! ([`Ranking::Parts`]: the high evaluator's key and suit masks, the lowball rank masks, or
//! both), so a hot loop adds a player's known cards once and the dealt cards each round, and is
//! compiled once per game with nothing left to decide per showdown.

use deck::Card;
use eval::{
    HandKey, LowMasks, LowTable, SuitMasks, ace_five_low_parts, eight_low_of_ranks,
    eight_low_parts, evaluate_parts,
};

use crate::Game;

/// A player's strength at showdown: `main` decides the pot (its high half in hi/lo), `low` the
/// low half in hi/lo (0: no qualifying low; always 0 in the other games).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, PartialOrd, Ord, Hash)]
pub struct Strength {
    /// The main strength: larger wins.
    pub main: u32,
    /// The eight-or-better low: larger wins, 0 for none.
    pub low: u8,
}

/// A game's way of valuing seven cards, as a type so that loops are compiled per game.
pub trait Ranking: Copy + Send + Sync + 'static {
    /// The game.
    const GAME: Game;
    /// Whether the pot splits high and low.
    const HILO: bool;
    /// Whether the game reads a high hand (and so looks for flushes): [`Ranking::from_packed`]
    /// calls its `high` only then.
    const HIGH: bool;
    /// The game's incremental summary of a set of cards.
    type Parts: Copy + Send + Sync;
    /// The summary of no cards.
    const EMPTY: Self::Parts;

    /// `parts` with `card` added (a card not already in it).
    fn add(parts: Self::Parts, card: Card) -> Self::Parts;

    /// The strength of 5 to 7 cards summarised by `parts`.
    fn value(parts: Self::Parts) -> Strength;

    /// The summary of `cards`.
    #[inline]
    fn parts(cards: &[Card]) -> Self::Parts {
        cards.iter().fold(Self::EMPTY, |p, &c| Self::add(p, c))
    }

    /// Where [`Ranking::packed`] reads lows: the evaluator's [`LowTable`] in the games with a
    /// low, nothing in stud high, which so never builds that table.
    type Lows: Copy + Send + Sync;

    /// The lows' table ([`LowTable::get`], built on first use), or nothing.
    fn lows() -> Self::Lows;

    /// What the strength of the 5 to 7 cards of `key` is without a flush, packed in 32 bits
    /// for [`Ranking::from_packed`]: it depends on the ranks alone, so a table can hold it per
    /// rank multiset. Lows come from `lows`, at the key's rank-hash slot.
    fn packed(key: HandKey, lows: Self::Lows) -> u32;

    /// [`Ranking::packed`] of the same cards straight from the evaluators, `masks` holding
    /// their ranks: no table needed (for building tables of a few hands).
    fn packed_direct(key: HandKey, masks: LowMasks) -> u32;

    /// The strength of cards whose [`Ranking::packed`] value is `packed`; `high` turns their
    /// best non-flush high hand into their best high hand (it looks for a flush), called only
    /// by games with a high hand.
    fn from_packed(packed: u32, high: impl FnOnce(u32) -> u32) -> Strength;

    /// The strength of a hot loop's summary: the hand key alone (one addition per dealt card).
    /// `suits` gives the suit masks of the same cards and is called only when five share a
    /// suit.
    #[inline(always)]
    fn fast_value(key: HandKey, lows: Self::Lows, suits: impl FnOnce() -> SuitMasks) -> Strength {
        Self::from_packed(Self::packed(key, lows), |ranks| high_of(ranks, key, suits))
    }
}

/// The best high hand of a key whose best non-flush hand is `ranks`; `suits` is called only when
/// five cards share a suit.
#[inline(always)]
fn high_of(ranks: u32, key: HandKey, suits: impl FnOnce() -> SuitMasks) -> u32 {
    if key.has_flush() {
        u32::from(evaluate_parts(key, suits()).value())
    } else {
        ranks
    }
}

/// Seven-card stud high.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StudHigh;

/// Stud hi/lo, eight or better.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StudEight;

/// Razz, ace-to-five lowball.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RazzLow;

impl Ranking for StudHigh {
    const GAME: Game = Game::Stud;
    const HILO: bool = false;
    const HIGH: bool = true;
    type Parts = (HandKey, SuitMasks);
    const EMPTY: Self::Parts = (HandKey::EMPTY, SuitMasks::EMPTY);

    #[inline(always)]
    fn add((key, suits): Self::Parts, card: Card) -> Self::Parts {
        (key.with(card), suits.with(card))
    }

    #[inline(always)]
    fn value((key, suits): Self::Parts) -> Strength {
        Strength {
            main: u32::from(evaluate_parts(key, suits).value()),
            low: 0,
        }
    }

    type Lows = ();

    #[inline(always)]
    fn lows() {}

    #[inline(always)]
    fn packed(key: HandKey, (): ()) -> u32 {
        u32::from(key.rank_strength().value())
    }

    fn packed_direct(key: HandKey, _: LowMasks) -> u32 {
        u32::from(key.rank_strength().value())
    }

    #[inline(always)]
    fn from_packed(packed: u32, high: impl FnOnce(u32) -> u32) -> Strength {
        Strength {
            main: high(packed),
            low: 0,
        }
    }
}

impl Ranking for StudEight {
    const GAME: Game = Game::StudHiLo;
    const HILO: bool = true;
    const HIGH: bool = true;
    type Parts = (HandKey, SuitMasks, LowMasks);
    const EMPTY: Self::Parts = (HandKey::EMPTY, SuitMasks::EMPTY, LowMasks::EMPTY);

    #[inline(always)]
    fn add((key, suits, low): Self::Parts, card: Card) -> Self::Parts {
        (key.with(card), suits.with(card), low.with(card))
    }

    #[inline(always)]
    fn value((key, suits, low): Self::Parts) -> Strength {
        Strength {
            main: u32::from(evaluate_parts(key, suits).value()),
            low: eight_low_of_ranks(low.ranks()).value(),
        }
    }

    type Lows = &'static LowTable;

    #[inline(always)]
    fn lows() -> Self::Lows {
        LowTable::get()
    }

    /// The high hand's strength in the low 16 bits, the eight-or-better low's above.
    #[inline(always)]
    fn packed(key: HandKey, lows: Self::Lows) -> u32 {
        u32::from(key.rank_strength().value()) | u32::from(lows.eight(key).value()) << 16
    }

    fn packed_direct(key: HandKey, masks: LowMasks) -> u32 {
        u32::from(key.rank_strength().value()) | u32::from(eight_low_parts(masks).value()) << 16
    }

    #[inline(always)]
    fn from_packed(packed: u32, high: impl FnOnce(u32) -> u32) -> Strength {
        Strength {
            main: high(packed & 0xffff),
            low: (packed >> 16) as u8,
        }
    }
}

impl Ranking for RazzLow {
    const GAME: Game = Game::Razz;
    const HILO: bool = false;
    const HIGH: bool = false;
    type Parts = LowMasks;
    const EMPTY: Self::Parts = LowMasks::EMPTY;

    #[inline(always)]
    fn add(low: Self::Parts, card: Card) -> Self::Parts {
        low.with(card)
    }

    #[inline(always)]
    fn value(low: Self::Parts) -> Strength {
        Strength {
            main: ace_five_low_parts(low).value(),
            low: 0,
        }
    }

    type Lows = &'static LowTable;

    #[inline(always)]
    fn lows() -> Self::Lows {
        LowTable::get()
    }

    #[inline(always)]
    fn packed(key: HandKey, lows: Self::Lows) -> u32 {
        lows.ace_five(key).value()
    }

    fn packed_direct(_: HandKey, masks: LowMasks) -> u32 {
        ace_five_low_parts(masks).value()
    }

    #[inline(always)]
    fn from_packed(packed: u32, _: impl FnOnce(u32) -> u32) -> Strength {
        Strength {
            main: packed,
            low: 0,
        }
    }
}

/// The strength of `cards` (5 to 7) in `game`.
pub fn strength(game: Game, cards: &[Card]) -> Strength {
    match game {
        Game::Stud => StudHigh::value(StudHigh::parts(cards)),
        Game::StudHiLo => StudEight::value(StudEight::parts(cards)),
        Game::Razz => RazzLow::value(RazzLow::parts(cards)),
    }
}

/// Runs `f` with the [`Ranking`] type of `game`: `with_ranking!(game, R => expr)`.
macro_rules! with_ranking {
    ($game:expr, $r:ident => $body:expr) => {
        match $game {
            $crate::Game::Stud => {
                type $r = $crate::ranking::StudHigh;
                $body
            }
            $crate::Game::StudHiLo => {
                type $r = $crate::ranking::StudEight;
                $body
            }
            $crate::Game::Razz => {
                type $r = $crate::ranking::RazzLow;
                $body
            }
        }
    };
}
pub(crate) use with_ranking;

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;

    fn of(game: Game, text: &str) -> Strength {
        strength(game, &parse_cards(text).unwrap())
    }

    #[test]
    fn each_game_reads_its_own_strengths() {
        // A wheel straight flush: best high in stud, the best low in razz and hi/lo.
        let wheel = "Ah2h3h4h5hKcKd";
        let kings = "KhKsQcJd9c8s2d";
        assert!(of(Game::Stud, wheel) > of(Game::Stud, kings));
        assert_eq!(of(Game::StudHiLo, wheel).low, 224);
        assert_eq!(of(Game::StudHiLo, kings).low, 0);
        assert_eq!(of(Game::Stud, kings).low, 0);
        assert!(of(Game::Razz, wheel).main > of(Game::Razz, kings).main);
        assert_eq!(of(Game::Razz, wheel).low, 0);
        // Razz: a paired nine-low loses to any unpaired king-low.
        assert!(of(Game::Razz, "9c9dAs2s2h3d3c").main < of(Game::Razz, "KcQdJh8s7c6dKh").main);
    }
}
