//! The scalar batch path: [`crate::evaluate`]'s algorithm, one hand at a time, over card indices
//! instead of [`deck::Card`]s. It is the reference the vector paths are tested against, the path
//! of CPUs without them (every non-x86-64 target), and the vector paths' way of finding which
//! hand of a step is not a hand.

use crate::HandRank;
use crate::evaluate::{HandKey, flush_strength};

use super::BadHand;

/// The strength of the best five of `hand`'s cards (indices `rank * 4 + suit`): what
/// [`crate::evaluate`] gives for the same cards. Bytes that are not distinct card indices give
/// some strength, without a panic.
#[inline(always)]
pub(super) fn evaluate_hand<const K: usize>(hand: &[u8; K]) -> HandRank {
    let key = hand
        .iter()
        .fold(HandKey::EMPTY, |key, &card| key.with_index(card));
    match key.flush_suit() {
        None => key.rank_strength(),
        Some(suit) => flush_strength(
            hand.iter()
                .filter(|&&card| card & 3 == suit)
                .fold(0, |mask, &card| mask | (1u64 << (card >> 2)) as u16),
        ),
    }
}

/// Evaluates every hand of `hands` into `out` (of the same length).
pub(super) fn evaluate<const K: usize>(hands: &[[u8; K]], out: &mut [HandRank]) {
    for (hand, rank) in hands.iter().zip(out) {
        *rank = evaluate_hand(hand);
    }
}

/// Checks `hand`, the hand at index `at` of a batch: every byte a card index (below 52), no card
/// twice. A byte out of range is reported before a repeated card, the first such byte first.
#[inline(always)]
pub(super) fn check_hand<const K: usize>(at: usize, hand: &[u8; K]) -> Result<(), BadHand> {
    let mut seen = 0u64;
    for (column, &card) in hand.iter().enumerate() {
        if usize::from(card) >= deck::Card::COUNT {
            return Err(BadHand::NotACard {
                hand: at,
                column,
                value: card,
            });
        }
        seen |= 1 << card;
    }
    if seen.count_ones() as usize == K {
        Ok(())
    } else {
        Err(BadHand::Repeated { hand: at })
    }
}

/// Checks the hands of `hands` in order, the first being the batch's hand `first`: the first
/// problem found, if any (for the vector paths, which find that a step holds a bad hand).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) fn check<const K: usize>(first: usize, hands: &[[u8; K]]) -> Result<(), BadHand> {
    hands
        .iter()
        .enumerate()
        .try_for_each(|(i, hand)| check_hand(first + i, hand))
}

/// Checks and evaluates every hand of `hands` into `out`, stopping at the first hand that is
/// not one.
pub(super) fn evaluate_checked<const K: usize>(
    hands: &[[u8; K]],
    out: &mut [HandRank],
) -> Result<(), BadHand> {
    for (at, (hand, rank)) in hands.iter().zip(out).enumerate() {
        check_hand(at, hand)?;
        *rank = evaluate_hand(hand);
    }
    Ok(())
}
