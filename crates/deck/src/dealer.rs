//! The hot-loop dealer: a fixed number of cards per round, with every per-round constant
//! precomputed.

use rand::RngCore;

use crate::{Card, Deck};

/// Deals exactly `K` cards per round after a deck's known cards, by the same partial Fisher–Yates
/// as [`Deck::deal`] and with the same results for the same generator, but with the draw bounds,
/// their product and the rejection threshold computed once instead of every round.
///
/// One 64-bit random word gives all `K` picks (see the crate docs); the word is rejected only if
/// it falls below `2^64 mod ∏ bounds`, one comparison against a stored threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dealer<const K: usize> {
    first: usize,
    bounds: [u64; K],
    product: u64,
    threshold: u64,
}

impl<const K: usize> Dealer<K> {
    /// A dealer for decks with `known` known cards.
    ///
    /// # Panics
    /// If `known + K > 52`, or if `K` bounds do not fit one 64-bit word (`K > 11`).
    pub fn new(known: usize) -> Self {
        assert!(known + K <= 52, "cannot deal {K} cards after {known} known");
        let bounds: [u64; K] = std::array::from_fn(|j| (52 - known - j) as u64);
        let product = bounds
            .iter()
            .try_fold(1u64, |p, &b| p.checked_mul(b))
            .expect("the bounds of one batch fit in 64 bits");
        Self {
            first: known,
            bounds,
            product,
            threshold: product.wrapping_neg() % product,
        }
    }

    /// Deals `K` cards into the slots after the known ones and returns those `K` cards (the known
    /// cards stay in `deck.cards()[..known]`).
    ///
    /// `deck` must have as many known cards as this dealer was made for (checked in debug builds).
    #[inline(always)]
    pub fn deal<R: RngCore + ?Sized>(&self, deck: &mut Deck, rng: &mut R) -> [Card; K] {
        debug_assert_eq!(deck.known(), self.first);
        // The leftover after all the multiplications is `word · ∏ bounds mod 2^64`, so the
        // rejection test needs one multiply and can come first: each pick is then swapped in as
        // soon as it is known, and the picks never have to be held all at once.
        let mut word = loop {
            let word = rng.next_u64();
            if word.wrapping_mul(self.product) >= self.threshold {
                break word;
            }
        };
        let unfixed = &mut deck.cards_mut()[self.first..];
        let mut dealt = [Card::from_index(0); K];
        for (j, (out, &bound)) in dealt.iter_mut().zip(&self.bounds).enumerate() {
            let wide = u128::from(word) * u128::from(bound);
            word = wide as u64;
            // Returning the drawn card from a register saves reloading the slot.
            *out = swap_in(unfixed, j, j + (wide >> 64) as usize);
        }
        dealt
    }
}

/// Swaps slots `i` and `other` of the unfixed part of a deck and returns the card now in slot `i`.
///
/// The dealer's invariants make both indices valid: `i = j < K <= unfixed.len()` and
/// `other = j + pick` with `pick < bounds[j] = unfixed.len() - j`. Checked indexing here costs two
/// compares and branches per card, a sixth of the round's instructions, so the indices are not
/// checked again in release builds.
#[inline(always)]
#[allow(unsafe_code)]
fn swap_in(unfixed: &mut [Card], i: usize, other: usize) -> Card {
    debug_assert!(i < unfixed.len() && other < unfixed.len());
    // SAFETY: `i < unfixed.len()` and `other < unfixed.len()` by the dealer's invariants above
    // (checked in debug builds). `i` and `other` may be equal: each access below is a plain copy
    // through one index at a time, so no two references overlap.
    unsafe {
        let drawn = *unfixed.get_unchecked(other);
        *unfixed.get_unchecked_mut(other) = *unfixed.get_unchecked(i);
        *unfixed.get_unchecked_mut(i) = drawn;
        drawn
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn dealer_deals_exactly_what_deck_deal_deals() {
        let known = crate::parse_cards("7h8h").unwrap();
        let mut fast = Deck::with_known(&known).unwrap();
        let mut general = fast.clone();
        let dealer = Dealer::<5>::new(2);
        let mut rng_fast = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut rng_general = rng_fast.clone();
        for _ in 0..10_000 {
            let dealt = dealer.deal(&mut fast, &mut rng_fast);
            let hand = general.deal(&mut rng_general, 5);
            assert_eq!(&hand[2..], &dealt[..]);
            assert_eq!(fast, general);
        }
    }

    #[test]
    fn threshold_is_two_to_the_64_mod_the_product() {
        let dealer = Dealer::<7>::new(0);
        let product: u128 = 52 * 51 * 50 * 49 * 48 * 47 * 46;
        assert_eq!(u128::from(dealer.threshold), (1u128 << 64) % product);
    }
}
