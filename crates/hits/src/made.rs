//! The made-hand class of a combo: what its cards add to the board's own hand.
//!
//! A combo makes a hand of its own when its value (see [`crate::value`]) beats the board's own
//! value: a higher category in the game's order, or the same category with better ranks making
//! it (a higher straight or flush, a better full house, a better two pair). A better kicker
//! alone does not count. The class then refines the category by where the hole cards sit.

use deck::Card;
use eval::Category;

use crate::class::MadeHand;
use crate::facts::BoardFacts;
use crate::value::{ACE, HandValue, highest};

/// The made-hand class of `hole` on `spot`, whose cards together have `value`.
#[inline]
pub(crate) fn made_hand(spot: &BoardFacts, hole: [Card; 2], value: HandValue) -> MadeHand {
    if value <= spot.board_value {
        return nothing_of_its_own(spot, hole);
    }
    let held = |rank: u16| {
        u8::from(u16::from(hole[0].rank()) == rank) + u8::from(u16::from(hole[1].rank()) == rank)
    };
    match value.category {
        Category::RoyalFlush | Category::StraightFlush => MadeHand::StraightFlush,
        Category::FourOfAKind => MadeHand::Quads,
        Category::FullHouse => MadeHand::FullHouse,
        Category::Flush => flush(spot, hole),
        Category::Straight => MadeHand::Straight,
        Category::ThreeOfAKind => match held(value.core) {
            2 => MadeHand::Set,
            _ => MadeHand::Trips,
        },
        Category::TwoPair => {
            let (high, low) = (value.core >> 4, value.core & 15);
            if held(high) == 1 && held(low) == 1 {
                let top = highest(spot.board_ranks);
                if high != top {
                    MadeHand::TwoPairBottomTwo
                } else if low == highest(spot.board_ranks & !(1 << top)) {
                    MadeHand::TwoPairTopTwo
                } else {
                    MadeHand::TwoPairTopAndBottom
                }
            } else {
                MadeHand::TwoPairBoardPair
            }
        }
        Category::Pair => pair(spot, hole, value.core, held(value.core)),
        // A high card never beats the board's own value.
        Category::HighCard => nothing_of_its_own(spot, hole),
    }
}

/// A flush of the combo's own: the nut flush when its highest card of the flush suit is the
/// highest card of that suit neither on the board nor dead.
fn flush(spot: &BoardFacts, hole: [Card; 2]) -> MadeHand {
    for suit in 0..4 {
        let with_hole = hole
            .iter()
            .filter(|c| c.suit() == suit)
            .fold(spot.board_suits[usize::from(suit)], |m, c| {
                m | 1 << c.rank()
            });
        if with_hole.count_ones() >= 5 {
            let own = hole
                .iter()
                .filter(|c| c.suit() == suit)
                .fold(0u16, |m, c| m | 1 << c.rank());
            return if own != 0 && highest(own) == highest(spot.unseen[usize::from(suit)]) {
                MadeHand::NutFlush
            } else {
                MadeHand::Flush
            };
        }
    }
    MadeHand::Flush
}

/// One pair of the combo's own (the board is then unpaired).
fn pair(spot: &BoardFacts, hole: [Card; 2], rank: u16, held: u8) -> MadeHand {
    let top = highest(spot.board_ranks);
    if held == 2 {
        return if rank > top {
            MadeHand::Overpair
        } else {
            MadeHand::PocketPairBelowTop
        };
    }
    if rank != top {
        let second = highest(spot.board_ranks & !(1 << top));
        return if rank == second {
            MadeHand::SecondPair
        } else {
            MadeHand::WeakPair
        };
    }
    let kicker = if u16::from(hole[0].rank()) == rank {
        hole[1].rank()
    } else {
        hole[0].rank()
    };
    // Kickers left: the deck's ranks not on the board and not the pair's.
    let left = spot.rules.deck_ranks & !spot.board_ranks & !(1 << rank);
    match (left >> (kicker + 1)).count_ones() {
        0 => MadeHand::TopPairTopKicker,
        1 | 2 => MadeHand::TopPairGoodKicker,
        _ => MadeHand::TopPairWeakKicker,
    }
}

/// The board's own hand: ace high when a hole ace plays as a kicker (the board's category has
/// kickers: no straight, flush, full house or straight flush of its own), otherwise nothing.
fn nothing_of_its_own(spot: &BoardFacts, hole: [Card; 2]) -> MadeHand {
    let has_kickers = matches!(
        spot.board_value.category,
        Category::HighCard
            | Category::Pair
            | Category::TwoPair
            | Category::ThreeOfAKind
            | Category::FourOfAKind
    );
    if has_kickers && hole.iter().any(|c| c.rank() == ACE) {
        MadeHand::AceHigh
    } else {
        MadeHand::NoMadeHand
    }
}
