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
//! Cards are summarised incrementally ([`Summary`]: the high evaluator's key and suit masks and
//! the lowball rank masks), so a hot loop adds a player's known cards once and the dealt cards
//! each round. Each game is a type implementing [`Ranking`], so the loops are compiled once per
//! game with nothing left to decide per showdown.

use deck::Card;
use eval::{HandKey, LowMasks, SuitMasks, ace_five_low_parts, eight_low_of_ranks, evaluate_parts};

use crate::Game;

/// A summary of a set of cards from which every game's strengths can be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    key: HandKey,
    suits: SuitMasks,
    low: LowMasks,
}

impl Summary {
    /// No cards.
    pub const EMPTY: Summary = Summary {
        key: HandKey::EMPTY,
        suits: SuitMasks::EMPTY,
        low: LowMasks::EMPTY,
    };

    /// The summary with `card` added (a card not already in it).
    #[inline(always)]
    #[must_use]
    pub fn with(self, card: Card) -> Summary {
        Summary {
            key: self.key.with(card),
            suits: self.suits.with(card),
            low: self.low.with(card),
        }
    }

    /// The summary of `cards`.
    pub fn of(cards: &[Card]) -> Summary {
        cards.iter().fold(Self::EMPTY, |s, &c| s.with(c))
    }
}

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

    /// The strength of 5 to 7 cards summarised by `summary`.
    fn strength(summary: Summary) -> Strength;
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

    #[inline(always)]
    fn strength(s: Summary) -> Strength {
        Strength {
            main: u32::from(evaluate_parts(s.key, s.suits).value()),
            low: 0,
        }
    }
}

impl Ranking for StudEight {
    const GAME: Game = Game::StudHiLo;
    const HILO: bool = true;

    #[inline(always)]
    fn strength(s: Summary) -> Strength {
        Strength {
            main: u32::from(evaluate_parts(s.key, s.suits).value()),
            low: eight_low_of_ranks(s.low.ranks()).value(),
        }
    }
}

impl Ranking for RazzLow {
    const GAME: Game = Game::Razz;
    const HILO: bool = false;

    #[inline(always)]
    fn strength(s: Summary) -> Strength {
        Strength {
            main: ace_five_low_parts(s.low).value(),
            low: 0,
        }
    }
}

/// The strength of `cards` (5 to 7) in `game`.
pub fn strength(game: Game, cards: &[Card]) -> Strength {
    let summary = Summary::of(cards);
    match game {
        Game::Stud => StudHigh::strength(summary),
        Game::StudHiLo => StudEight::strength(summary),
        Game::Razz => RazzLow::strength(summary),
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
