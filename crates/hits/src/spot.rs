//! A validated board in a game, with what every combo's classification reads prepared once.

use deck::Card;
use engine::two_card_range::{Combo, Range, combo_mask};
use engine::{Game, RangeError};

use crate::class::Classification;
use crate::draws::draws;
use crate::error::HitsError;
use crate::facts::{BoardFacts, out_of_deck};
use crate::low::low_holding;
use crate::made::made_hand;

/// A board (flop, turn or river) and dead cards in hold'em or short deck, checked, with the
/// facts every combo's classification needs computed once: the board's own value, the cards
/// still unseen, and the straight draws of every pair of hole ranks.
///
/// ```
/// use deck::parse_cards;
/// use hits::{Draw, MadeHand, Spot, Game};
///
/// let spot = Spot::new(Game::HOLDEM, &parse_cards("Kh 9h 5c").unwrap(), &[]).unwrap();
/// let combo = parse_cards("Ah Qh").unwrap();
/// let class = spot.classify([combo[0], combo[1]]);
/// assert_eq!(class.made, MadeHand::AceHigh);
/// assert!(class.draws.contains(Draw::NutFlushDraw));
/// ```
#[derive(Debug, Clone)]
pub struct Spot {
    facts: BoardFacts,
}

impl Spot {
    /// Checks `board` (3, 4 or 5 cards) and `dead` in `game` and prepares the spot.
    ///
    /// # Errors
    /// [`HitsError::OtherFamily`] for a game not played with two hole cards and a board (Omaha),
    /// [`HitsError::BoardSize`] for another board size, [`HitsError::NotInShortDeck`] for a card
    /// the short deck lacks, [`HitsError::DuplicateCard`] for a card given twice.
    pub fn new(game: Game, board: &[Card], dead: &[Card]) -> Result<Self, HitsError> {
        BoardFacts::new(game, board, dead).map(|facts| Self { facts })
    }

    /// The board's facts, for the crate's other computations.
    pub(crate) fn facts(&self) -> &BoardFacts {
        &self.facts
    }

    /// The game.
    pub fn game(&self) -> Game {
        self.facts.game
    }

    /// The board.
    pub fn board(&self) -> &[Card] {
        &self.facts.board
    }

    /// The dead cards.
    pub fn dead(&self) -> &[Card] {
        &self.facts.dead
    }

    /// Whether the board is complete (the river): no draws, no cards to come.
    pub fn is_river(&self) -> bool {
        self.facts.is_river()
    }

    /// The made hand and draws of `combo`, which must be two distinct cards of the game's deck,
    /// neither on the board nor dead (checked in debug builds; [`Spot::check_combo`] checks it
    /// always). Allocates nothing.
    #[inline]
    pub fn classify(&self, combo: Combo) -> Classification {
        debug_assert!(self.check_combo(combo).is_ok(), "{combo:?}");
        let facts = &self.facts;
        let mut suits = facts.board_suits;
        for card in combo {
            suits[usize::from(card.suit())] |= 1 << card.rank();
        }
        let value = facts.rules.value(suits);
        let made = made_hand(facts, combo, value);
        Classification {
            made,
            draws: draws(facts, combo, suits, value, made),
            low: facts.lows.map(|lows| {
                low_holding(
                    lows.board,
                    combo,
                    lows.live.without(&combo),
                    5 - facts.board.len(),
                )
            }),
        }
    }

    /// Checks that `combo` can be dealt on this spot.
    ///
    /// # Errors
    /// [`HitsError::NotInShortDeck`] for a card the deck lacks, [`HitsError::DuplicateCard`]
    /// for two equal cards or a card on the board or dead.
    pub fn check_combo(&self, combo: Combo) -> Result<(), HitsError> {
        let missing = out_of_deck(self.facts.game);
        let mut known = self.facts.known;
        for card in combo {
            if missing >> card.index() & 1 == 1 {
                return Err(HitsError::NotInShortDeck { card });
            }
            if known >> card.index() & 1 == 1 {
                return Err(HitsError::DuplicateCard { card });
            }
            known |= 1 << card.index();
        }
        Ok(())
    }

    /// The combos of `range` that this spot allows, with their weights in thousandths, in the
    /// range's order. A `random` range loses the combos the game's deck lacks.
    ///
    /// # Errors
    /// [`HitsError::RangeNotInShortDeck`] for another range naming a card the short deck lacks;
    /// [`HitsError::Range`] ([`RangeError::RangeEmptied`]) when no combo is left.
    pub fn range_combos(&self, range: &Range) -> Result<Vec<(Combo, u32)>, HitsError> {
        let missing = out_of_deck(self.facts.game);
        if !range.random
            && let Some(combo) = range.combos.iter().find(|&&c| combo_mask(c) & missing != 0)
        {
            let card = if missing >> combo[0].index() & 1 == 1 {
                combo[0]
            } else {
                combo[1]
            };
            return Err(HitsError::RangeNotInShortDeck {
                range: range.text.clone(),
                card,
            });
        }
        let out: Vec<(Combo, u32)> = range
            .combos
            .iter()
            .zip(&range.weights)
            .filter(|&(&combo, _)| combo_mask(combo) & (self.facts.known | missing) == 0)
            .map(|(&combo, &weight)| (combo, weight))
            .collect();
        if out.is_empty() {
            return Err(HitsError::Range(RangeError::RangeEmptied {
                range: range.text.clone(),
            }));
        }
        Ok(out)
    }
}

/// The made hand and draws of `combo` on `board` in `game`, no cards dead.
///
/// For many combos on one board, build the [`Spot`] once and call [`Spot::classify`].
///
/// # Errors
/// As [`Spot::new`] and [`Spot::check_combo`].
pub fn classify(game: Game, combo: Combo, board: &[Card]) -> Result<Classification, HitsError> {
    let spot = Spot::new(game, board, &[])?;
    spot.check_combo(combo)?;
    Ok(spot.classify(combo))
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;
    use eval::ShortDeckRules;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(text).unwrap()
    }

    const SHORT: Game = Game::short_deck(ShortDeckRules::StraightBeatsTrips);

    #[test]
    fn bad_boards_are_refused_with_the_card() {
        let flop = cards("Ah Kd 7c");
        assert_eq!(
            Spot::new(Game::plain(engine::GameId::Omaha), &flop, &[]).unwrap_err(),
            HitsError::OtherFamily {
                game: Game::plain(engine::GameId::Omaha)
            }
        );
        assert_eq!(
            Spot::new(Game::HOLDEM, &flop[..2], &[]).unwrap_err(),
            HitsError::BoardSize { cards: 2 }
        );
        assert_eq!(
            Spot::new(Game::HOLDEM, &cards("Ah Kd 7c 2s 3s 4s"), &[]).unwrap_err(),
            HitsError::BoardSize { cards: 6 }
        );
        assert_eq!(
            Spot::new(Game::HOLDEM, &flop, &cards("Qs Kd")).unwrap_err(),
            HitsError::DuplicateCard {
                card: "Kd".parse().unwrap()
            }
        );
        assert_eq!(
            Spot::new(SHORT, &cards("Ah Kd 5c"), &[]).unwrap_err(),
            HitsError::NotInShortDeck {
                card: "5c".parse().unwrap()
            }
        );
        assert_eq!(
            Spot::new(SHORT, &flop, &cards("2c")).unwrap_err(),
            HitsError::NotInShortDeck {
                card: "2c".parse().unwrap()
            }
        );
    }

    #[test]
    fn combos_and_ranges_are_checked_against_the_spot() {
        let spot = Spot::new(Game::HOLDEM, &cards("Ah Kd 7c"), &cards("2s")).unwrap();
        let combo = |text| {
            let c = cards(text);
            [c[0], c[1]]
        };
        assert!(spot.check_combo(combo("Qs Qh")).is_ok());
        assert_eq!(
            spot.check_combo(combo("As 2s")),
            Err(HitsError::DuplicateCard {
                card: "2s".parse().unwrap()
            })
        );
        let aces = Range::parse("AA").unwrap();
        assert_eq!(spot.range_combos(&aces).unwrap().len(), 3);
        let gone = Range::parse("AhKd").unwrap();
        assert_eq!(
            spot.range_combos(&gone),
            Err(HitsError::Range(RangeError::RangeEmptied {
                range: "AhKd".into()
            }))
        );
        let short = Spot::new(SHORT, &cards("Ah Kd 7c"), &[]).unwrap();
        let random = Range::parse("random").unwrap();
        assert_eq!(short.range_combos(&random).unwrap().len(), 528);
        assert_eq!(
            short.range_combos(&Range::parse("A5s").unwrap()),
            Err(HitsError::RangeNotInShortDeck {
                range: "A5s".into(),
                card: "5c".parse().unwrap()
            })
        );
        assert_eq!(
            classify(Game::HOLDEM, combo("7c 8c"), &cards("Ah Kd 7c")),
            Err(HitsError::DuplicateCard {
                card: "7c".parse().unwrap()
            })
        );
    }
}
