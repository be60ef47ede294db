//! Hold'em hi/lo's ranges in hold'em's two-card syntax (`QQ+,AKs:0.5`, `A2s-A5s`, `random`),
//! parsed by [`engine::two_card_range`] and kept as an Omaha [`Range`] of two-card hands; a
//! breakdown's classes are hold'em's starting-hand classes (`AKs`, `QQ`).

use engine::class_ranking::ClassRanking;
use engine::two_card_range::{self, HandClass, PercentRanking};
use engine::{Game, RangeSyntax};

use super::{HoleCards, Range};
use crate::error::OmahaError;
use crate::ranked::Ranked;

impl Range {
    /// Parses `text` in the syntax of `game`'s ranges: Omaha's hands and patterns for hands of
    /// the game's hole cards (with percentages in a game that has a ranking of starting hands:
    /// four- and five-card Omaha, high and hi/lo, [`Ranked::of`]), or hold'em's two-card ranges
    /// ([`RangeSyntax::TwoCard`]).
    ///
    /// # Errors
    /// As [`Range::parse`], or the two-card range's refusal.
    pub fn of_game(text: &str, game: Game) -> Result<Self, OmahaError> {
        match game.spec().ranges {
            RangeSyntax::TwoCard => {
                let ranking = ClassRanking::of_game(game.id()).map(|r| r as &dyn PercentRanking);
                Self::parse_two_card(text, ranking)
            }
            _ => Self::parse_ranked(text, game.hole_cards(), Ranked::of(game)),
        }
    }

    /// Parses a two-card range (`AKs`, `QQ+`, `A2s-A5s:0.5`, `random`, and percentages read
    /// by `ranking`, the game's: hold'em hi/lo's [`ClassRanking::holdem_hilo`]; none:
    /// refused): its combos in the order first mentioned, with their weights.
    ///
    /// # Errors
    /// The two-card range's refusal ([`engine::RangeError`]).
    pub fn parse_two_card(
        text: &str,
        ranking: Option<&dyn PercentRanking>,
    ) -> Result<Self, OmahaError> {
        let parsed = two_card_range::Range::parse_ranked(text, ranking)?;
        let hands = parsed
            .combos
            .iter()
            .map(|&[a, b]| {
                let mut hand: HoleCards = [a; 6];
                hand[1] = b;
                hand
            })
            .collect();
        Ok(Range {
            text: parsed.text,
            hole_cards: 2,
            hands,
            weights: parsed.weights,
            random: parsed.random,
            first_named: Vec::new(),
            two_card: true,
        })
    }

    /// The two-card classes of [`Range::classes`]: each hand's starting-hand class (`AKs`,
    /// `QQ`), the classes named in the order of their first hand.
    pub(super) fn two_card_classes(&self) -> (Vec<String>, Vec<u32>) {
        let mut seen: Vec<HandClass> = Vec::new();
        let classes = self
            .hands
            .iter()
            .map(|hand| {
                let class = HandClass::of([hand[0], hand[1]]);
                let at = seen.iter().position(|&c| c == class).unwrap_or_else(|| {
                    seen.push(class);
                    seen.len() - 1
                });
                // At most 169 classes.
                at as u32
            })
            .collect();
        (seen.into_iter().map(HandClass::name).collect(), classes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    #[test]
    fn two_card_ranges_keep_their_combos_weights_and_classes() {
        let game = Game::plain(GameId::HoldemHilo);
        let r = Range::of_game("QQ+,AKs:0.5", game).unwrap();
        assert_eq!(r.hole_cards, 2);
        assert_eq!(r.hands.len(), 3 * 6 + 4);
        assert!(r.is_weighted());
        let (names, classes) = r.classes();
        assert_eq!(names.len(), 4);
        assert!(names.contains(&"AKs".to_string()) && names.contains(&"QQ".to_string()));
        for (hand, &c) in r.hands.iter().zip(&classes) {
            assert_eq!(names[c as usize], HandClass::of([hand[0], hand[1]]).name());
        }
        assert!(Range::of_game("random", game).unwrap().random);
        assert!(Range::of_game("A2s-A5s", game).unwrap().hands.len() == 16);
        // Omaha patterns are not two-card ranges, and three cards are no hold'em hand.
        assert!(Range::of_game("AAxx", game).is_err());
        assert!(Range::of_game("AsKsQs", game).is_err());
        // Omaha games keep Omaha's syntax.
        let omaha = Game::plain(GameId::Omaha);
        assert_eq!(Range::of_game("AAxx", omaha).unwrap().hole_cards, 4);
    }
}
