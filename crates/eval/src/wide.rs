//! A card's additive key beside its suit-mask bit, 128 bits together: what the multi-way hot
//! loop deals in the cards' place, so that one addition a card sums both a hand's [`HandKey`]
//! and its [`SuitMasks`], and a hand holding a flush is settled from its sum alone, without
//! reading its cards back.
//!
//! ```text
//!  bits 127          64 63                 0
//!      [ SuitMasks bit ][ the card's key ]      (WideCard)
//!      [ SuitMasks     ][ HandKey        ]      (WideSum of a hand)
//! ```
//!
//! On `x86_64` the two halves are one SSE2 register (every `x86_64` CPU has SSE2), so a card's
//! swap is one 16-byte load and store and a sum one `paddq`; elsewhere they are two words.

use deck::Card;

use crate::tables::CARD_KEYS;
use crate::{HandKey, SuitMasks};

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use core::arch::x86_64::{
        __m128i, _mm_add_epi64, _mm_cvtsi128_si64, _mm_or_si128, _mm_set_epi64x, _mm_unpackhi_epi64,
    };

    /// Two 64-bit lanes in one SSE2 register.
    #[derive(Clone, Copy)]
    pub(super) struct Lanes(__m128i);

    impl Lanes {
        #[inline(always)]
        pub(super) fn new(low: u64, high: u64) -> Self {
            // SAFETY: compiled only where SSE2 is enabled, which is all it uses.
            #[allow(unsafe_code)]
            unsafe {
                Self(_mm_set_epi64x(high as i64, low as i64))
            }
        }
        #[inline(always)]
        pub(super) fn add(self, other: Self) -> Self {
            // SAFETY: compiled only where SSE2 is enabled, which is all it uses.
            #[allow(unsafe_code)]
            unsafe {
                Self(_mm_add_epi64(self.0, other.0))
            }
        }
        #[inline(always)]
        pub(super) fn or(self, other: Self) -> Self {
            // SAFETY: compiled only where SSE2 is enabled, which is all it uses.
            #[allow(unsafe_code)]
            unsafe {
                Self(_mm_or_si128(self.0, other.0))
            }
        }
        #[inline(always)]
        pub(super) fn low(self) -> u64 {
            // SAFETY: compiled only where SSE2 is enabled, which is all it uses.
            #[allow(unsafe_code)]
            unsafe {
                _mm_cvtsi128_si64(self.0) as u64
            }
        }
        #[inline(always)]
        pub(super) fn high(self) -> u64 {
            // SAFETY: compiled only where SSE2 is enabled, which is all it uses.
            #[allow(unsafe_code)]
            unsafe {
                _mm_cvtsi128_si64(_mm_unpackhi_epi64(self.0, self.0)) as u64
            }
        }
    }
}

/// The portable lanes, also built in tests on `x86_64` to be checked against [`sse2`].
#[cfg(any(test, not(all(target_arch = "x86_64", target_feature = "sse2"))))]
mod portable {
    /// Two 64-bit lanes.
    #[derive(Clone, Copy)]
    pub(super) struct Lanes([u64; 2]);

    impl Lanes {
        #[inline(always)]
        pub(super) fn new(low: u64, high: u64) -> Self {
            Self([low, high])
        }
        #[inline(always)]
        pub(super) fn add(self, other: Self) -> Self {
            Self([
                self.0[0].wrapping_add(other.0[0]),
                self.0[1].wrapping_add(other.0[1]),
            ])
        }
        #[inline(always)]
        pub(super) fn or(self, other: Self) -> Self {
            Self([self.0[0] | other.0[0], self.0[1] | other.0[1]])
        }
        #[inline(always)]
        pub(super) fn low(self) -> u64 {
            self.0[0]
        }
        #[inline(always)]
        pub(super) fn high(self) -> u64 {
            self.0[1]
        }
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
use portable::Lanes;
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
use sse2::Lanes;

/// A card's key (what [`HandKey::with`] adds) beside its bit of [`SuitMasks`].
#[derive(Clone, Copy)]
pub struct WideCard(Lanes);

impl WideCard {
    /// The wide key of `card`.
    #[inline]
    pub fn new(card: Card) -> WideCard {
        WideCard(Lanes::new(
            CARD_KEYS[usize::from(card.to_u8())],
            SuitMasks::EMPTY.with(card).bits(),
        ))
    }
}

impl std::fmt::Debug for WideCard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("WideCard")
            .field(&self.0.low())
            .field(&self.0.high())
            .finish()
    }
}

/// A hand's [`HandKey`] beside its [`SuitMasks`], summed card by card from [`WideCard`]s.
#[derive(Clone, Copy)]
pub struct WideSum(Lanes);

impl WideSum {
    /// The sum of a hand whose key is `key` and suit masks `masks`, to add cards to.
    #[inline]
    pub fn new(key: HandKey, masks: SuitMasks) -> WideSum {
        WideSum(Lanes::new(key.bits(), masks.bits()))
    }

    /// The sum of no cards, with neither the empty key's suit counters nor any mask: to add to
    /// a [`WideSum::new`] with [`WideSum::with_sum`].
    #[inline(always)]
    pub fn none() -> WideSum {
        WideSum(Lanes::new(0, 0))
    }

    /// The sum with the cards of `other` added (a [`WideSum::none`] and cards; at most seven
    /// cards in all).
    #[inline(always)]
    #[must_use]
    pub fn with_sum(self, other: WideSum) -> WideSum {
        WideSum(self.0.add(other.0))
    }

    /// The sum with `card` added (at most seven cards in all, so that neither half carries).
    #[inline(always)]
    #[must_use]
    pub fn with(self, card: WideCard) -> WideSum {
        WideSum(self.0.add(card.0))
    }

    /// The hand's key.
    #[inline(always)]
    pub fn key(self) -> HandKey {
        HandKey::from_bits(self.0.low())
    }

    /// The hand's suit masks.
    #[inline(always)]
    pub fn masks(self) -> SuitMasks {
        SuitMasks::from_bits(self.0.high())
    }

    /// Whether any of `sums` holds five or more cards of one suit: one test of their keys
    /// or-ed together, since each key flags a flush by one bit of its own suit's counter.
    #[inline(always)]
    pub fn any_flush(sums: &[WideSum]) -> bool {
        let ored = sums
            .iter()
            .fold(Lanes::new(0, 0), |ored, sum| ored.or(sum.0));
        HandKey::from_bits(ored.low()).has_flush()
    }
}

impl std::fmt::Debug for WideSum {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("WideSum")
            .field(&self.key())
            .field(&self.masks())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// The suit masks of `cards`, card by card.
    fn masks_of(cards: &[Card]) -> SuitMasks {
        cards.iter().fold(SuitMasks::EMPTY, |m, &c| m.with(c))
    }

    /// Seven random cards of a reused deck, `n` times.
    fn random_hands(n: usize) -> Vec<Vec<Card>> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(29);
        let mut deck: Vec<Card> = Card::all().collect();
        (0..n)
            .map(|_| {
                for i in 0..7 {
                    let j = rng.random_range(i..deck.len());
                    deck.swap(i, j);
                }
                deck[..7].to_vec()
            })
            .collect()
    }

    #[test]
    fn wide_sums_are_the_keys_and_masks_of_the_cards() {
        let mut hands = random_hands(20_000);
        // Seven cards crowding one suit and one rank as far as a hand can.
        for text in [
            "As Ks Qs Js Ts 9s 8s",
            "Ac Ad Ah As Kc Kd Kh",
            "2c 2d 2h 2s 3c 3d 3h",
        ] {
            hands.push(parse_cards(text).unwrap());
        }
        for cards in &hands {
            for split in 0..=cards.len() {
                let (known, dealt) = cards.split_at(split);
                let start = WideSum::new(HandKey::of(known), masks_of(known));
                let card_by_card = dealt
                    .iter()
                    .fold(start, |sum, &c| sum.with(WideCard::new(c)));
                let summed_apart = start.with_sum(
                    dealt
                        .iter()
                        .fold(WideSum::none(), |sum, &c| sum.with(WideCard::new(c))),
                );
                for sum in [card_by_card, summed_apart] {
                    assert_eq!(sum.key(), HandKey::of(cards), "{cards:?}");
                    assert_eq!(sum.masks(), masks_of(cards), "{cards:?}");
                }
            }
        }
    }

    #[test]
    fn any_flush_is_whether_some_sum_holds_a_flush() {
        let hands = random_hands(60_000);
        let sums: Vec<WideSum> = hands
            .iter()
            .map(|cards| WideSum::new(HandKey::of(cards), masks_of(cards)))
            .collect();
        let mut flushes = 0;
        for group in sums.chunks(6) {
            for n in 1..=group.len() {
                let expected = group[..n].iter().any(|sum| sum.key().has_flush());
                assert_eq!(WideSum::any_flush(&group[..n]), expected);
                flushes += usize::from(expected);
            }
        }
        assert!(flushes > 1_000, "the check met flushes: {flushes}");
        // Two hands of four cards of a suit each, the same suit or not: or-ed, their counters
        // stay below the flush bit.
        for (a, b) in [
            ("As Ks Qs Js 2c 3d 4h", "Ah Kh Qh Jh 2c 3d 4s"),
            ("As Ks Qs Js 2c 3d 4h", "Ac Kc Qc Jc 2s 3d 4h"),
        ] {
            let sum = |t| {
                let cards = parse_cards(t).unwrap();
                WideSum::new(HandKey::of(&cards), masks_of(&cards))
            };
            assert!(!WideSum::any_flush(&[sum(a), sum(b)]));
        }
    }

    #[test]
    fn the_sse2_lanes_are_the_portable_lanes() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(30);
        for _ in 0..10_000 {
            let [a, b, c, d]: [u64; 4] = std::array::from_fn(|_| rng.random());
            let p = (portable::Lanes::new(a, b), portable::Lanes::new(c, d));
            let lanes = (Lanes::new(a, b), Lanes::new(c, d));
            for (p, l) in [
                (p.0.add(p.1), lanes.0.add(lanes.1)),
                (p.0.or(p.1), lanes.0.or(lanes.1)),
            ] {
                assert_eq!((p.low(), p.high()), (l.low(), l.high()));
            }
        }
    }
}
