//! The draws of a combo: flush draws by suit counts, straight draws from the board's table
//! ([`crate::straights`]), overcards by rank.
//!
//! Straight draws count only for a combo whose hand ranks below a straight in the game's order,
//! flush draws only below a flush: a draw must be able to improve the hand.

use deck::Card;
use eval::Category;

use crate::class::{Draw, Draws, MadeHand};
use crate::facts::BoardFacts;
use crate::value::{HandValue, highest};

/// The draws of `hole` on the board of `spot`: `suits` are the per-suit rank masks of the combo and the
/// board, `value` their value and `made` the combo's made hand.
#[inline]
pub(crate) fn draws(
    spot: &BoardFacts,
    hole: [Card; 2],
    suits: [u16; 4],
    value: HandValue,
    made: MadeHand,
) -> Draws {
    if spot.is_river() {
        return Draws::NONE;
    }
    let rules = spot.rules;
    let mut draws = Draws::NONE;
    let mut flush_draw = false;
    if value.tier < rules.tier(Category::Flush) {
        for (i, card) in hole.iter().enumerate() {
            let suit = usize::from(card.suit());
            if i == 1 && hole[0].suit() == card.suit() {
                break;
            }
            let own = hole
                .iter()
                .filter(|c| c.suit() == card.suit())
                .fold(0u16, |m, c| m | 1 << c.rank());
            let live = (spot.unseen[suit] & !own).count_ones();
            match suits[suit].count_ones() {
                4 if live >= 1 => {
                    flush_draw = true;
                    draws = draws.with(Draw::FlushDraw);
                    if highest(own) == highest(spot.unseen[suit]) {
                        draws = draws.with(Draw::NutFlushDraw);
                    }
                }
                3 if live >= 2 && spot.board.len() == 3 => {
                    draws = draws.with(Draw::BackdoorFlushDraw);
                }
                _ => {}
            }
        }
    }
    if value.tier < rules.tier(Category::Straight) {
        let straight = spot.straights.get(hole);
        if let Some(front) = straight.front {
            draws = draws.with(front);
            if flush_draw {
                draws = draws.with(Draw::ComboDraw);
            }
        }
        if straight.backdoor {
            draws = draws.with(Draw::BackdoorStraightDraw);
        }
    }
    if matches!(made, MadeHand::AceHigh | MadeHand::NoMadeHand)
        && hole[0].rank().min(hole[1].rank()) > highest(spot.board_ranks) as u8
    {
        draws = draws.with(Draw::TwoOvercards);
    }
    draws
}
