//! Percentage items of a draw range (`15%`, `5%-15%`, with a weight `15%:0.5`): the pat hands of
//! the classes in that span of the game's ranking of pat hands ([`crate::pat_ranking`]), counted
//! in hands from the top and taken whole class by class by the midpoint rule of
//! [`engine::class_ranking`] (a class belongs to `a%-b%` when the middle of its hands, counted
//! from the top, lies in `[a %, b %)`).
//!
//! A draw range is of the cards kept at the next draw, so a percentage is of the hands a player
//! **stands pat** with: `15%` in `lowball-27` is the best 15 % of the 2,598,960 five-card hands
//! by their exact equity against one random pat hand (about 390,000 hands, every ten-low and
//! better and some jack-lows), each of them kept whole. Badugi's are of its 270,725 four-card
//! hands.
//!
//! ```
//! use draw::Game;
//! use draw::pat_percent::percent_hands;
//!
//! // The top 0.04 % of 2-7 pat hands: the 1,020 offsuit 7-5-4-3-2s.
//! let hands = percent_hands(Game::Lowball27, "0.04%", "0.04%").unwrap();
//! assert_eq!(hands.len(), 1_020);
//! ```

use deck::Card;
use engine::RangeError;
use engine::class_ranking::percent_span_in;

use crate::game::{Game, Scoring};
use crate::pat_classes::{badugi_hands, five_classes, five_combos};
use crate::pat_ranking::shipped;

/// The pat hands of the percentage item `item` of the range `range` in `game`, strongest class
/// first, each class's hands in the order its class lists them.
///
/// # Errors
/// [`RangeError::BadItem`] for an item that is not a percentage or span of percentages,
/// [`RangeError::PercentSelectsNothing`] for a span that holds no whole class.
pub fn percent_hands(game: Game, item: &str, range: &str) -> Result<Vec<Vec<Card>>, RangeError> {
    let (from, to) = percent_span_in(item, range)?;
    let scoring = game.scoring();
    let mut hands: Vec<Vec<Card>> = Vec::new();
    for entry in shipped(scoring).span(from, to) {
        if scoring == Scoring::Badugi {
            hands.extend(badugi_hands(entry.class).iter().map(|h| h.to_vec()));
        } else {
            hands.extend(
                five_combos(&five_classes()[entry.class])
                    .iter()
                    .map(|h| h.to_vec()),
            );
        }
    }
    if hands.is_empty() {
        return Err(RangeError::PercentSelectsNothing {
            item: item.to_string(),
            range: range.to_string(),
        });
    }
    Ok(hands)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_take_whole_classes_from_the_top() {
        let total = 2_598_960.0;
        for game in [
            Game::Draw5,
            Game::Draw5HiLo,
            Game::Lowball27,
            Game::LowballA5,
        ] {
            let top = percent_hands(game, "15%", "15%").unwrap();
            let share = top.len() as f64 / total;
            // Whole classes of at most 1,020 hands around the boundary.
            assert!((share - 0.15).abs() < 1_020.0 / total, "{game}: {share}");
            let lower = percent_hands(game, "5%-15%", "5%-15%").unwrap();
            let upper = percent_hands(game, "5%", "5%").unwrap();
            assert_eq!(lower.len() + upper.len(), top.len(), "{game}");
            assert!(top.iter().all(|h| h.len() == 5));
        }
        let badugi = percent_hands(Game::Badugi, "10%", "10%").unwrap();
        assert!((badugi.len() as f64 / 270_725.0 - 0.10).abs() < 0.002);
        assert!(badugi.iter().all(|h| h.len() == 4));
        // A-5: the wheel, suited or not (one value there), first.
        let wheel = percent_hands(Game::TripleDrawA5, "0.04%", "x").unwrap();
        assert_eq!(wheel.len(), 1_024);
        assert!(
            wheel
                .iter()
                .all(|h| h.iter().map(|c| c.rank()).sum::<u8>() == 12 + 3 + 2 + 1)
        );
    }

    #[test]
    fn bad_spans_are_refused() {
        assert!(matches!(
            percent_hands(Game::Lowball27, "0%", "0%"),
            Err(RangeError::BadItem { .. })
        ));
        assert!(matches!(
            percent_hands(Game::Lowball27, "5%-3%", "5%-3%"),
            Err(RangeError::BadItem { .. })
        ));
        assert!(matches!(
            percent_hands(Game::Draw5, "0.00001%", "0.00001%"),
            Err(RangeError::PercentSelectsNothing { .. })
        ));
    }
}
