//! Many hands at once: the best five of 5, 6 or 7 cards for a whole slice of hands, eight or
//! sixteen per step in vector registers where the CPU has AVX2 or AVX-512, chosen at run time.
//!
//! Each path gives exactly [`crate::evaluate`]'s strengths (checked on every 7-card hand by
//! `tests/batch_exhaustive.rs`); the scalar path is that evaluator over card indices, and the one
//! every non-x86-64 CPU runs. Hands are card indices (`rank * 4 + suit`, as
//! [`deck::Card::to_u8`] gives them), `K` bytes each:
//!
//! ```
//! use deck::{Card, parse_cards};
//! use eval::batch::{EvalPath, evaluate};
//! use eval::HandRank;
//!
//! let hands: Vec<[u8; 7]> = ["Ah Kh Qh Jh Th 2c 3d", "2c 2d 7h 7s 9c Jd Kh", "As Ad Ah Ks Kd 2c 3c"]
//!     .iter()
//!     .map(|text| {
//!         let cards = parse_cards(text).unwrap();
//!         std::array::from_fn(|i| cards[i].to_u8())
//!     })
//!     .collect();
//! let mut ranks = vec![HandRank::from_value(0).unwrap(); hands.len()];
//! evaluate(EvalPath::detect(), &hands, &mut ranks);
//! for (hand, rank) in hands.iter().zip(&ranks) {
//!     let cards: Vec<Card> = hand.iter().map(|&i| Card::from_index(i)).collect();
//!     assert_eq!(*rank, eval::evaluate(&cards));
//! }
//! ```
//!
//! # How the vector paths work
//!
//! One hand per 64-bit lane (eight to a 512-bit register, four to a 256-bit one). The hands'
//! bytes are laid out one hand per lane by byte permutes (AVX-512 `vpermi2b`, AVX2 `vpshufb`),
//! each unused byte a pad that looks up to zero. Register lookups (AVX-512 `vpermb` by card, AVX2
//! `vpshufb` by rank) give each card the three bytes of its rank multiplier and its suit's counter
//! increment, and one byte sum per lane (`vpsadbw`) adds them up: the multiplier sum, whose
//! product with the mixing constant is the scalar evaluator's rank hash, and four suit counters.
//! No card key is loaded from memory. The two dependent rank-table loads stay scalar loads, one
//! hand at a time (as gathers they cost more on Zen 4), and the few hands with a flush read the
//! flush table instead. A batch that is not a multiple of the lane count ends with a step padded
//! by a valid hand.
//!
//! ```text
//!  hands ──permute──▶ lanes [c0 … c6 pad] ──lookups──▶ bytes ──vpsadbw──▶ multiplier sum, suit counts
//!        ──× RANK_MIX──▶ rank hash ──store──▶ scalar: RANK_TABLE[2·HALF_ROW_STARTS[row] + column]
//!                                                       or FLUSH_TABLE[ranks of the flush suit]
//! ```
//!
//! The path is a value ([`EvalPath`]): [`EvalPath::detect`] picks the fastest the CPU runs; the
//! front ends let the environment variable [`ENV_VAR`] (`POKERODDS_EVAL_PATH`) force one, so that
//! tests and benchmarks run every path a CPU has.

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
#[cfg(target_arch = "x86_64")]
mod lookup;
mod path;
mod scalar;
#[cfg(target_arch = "x86_64")]
mod tables;

use std::fmt;

use crate::HandRank;

pub use path::{ENV_VAR, EvalPath, EvalPathError};

#[cfg(target_arch = "x86_64")]
use path::Isa;

/// Evaluates every hand of `hands` into `out` on `path`: `out[i]` is the strength of the best
/// five of `hands[i]`'s `K` cards (5 to 7, card indices below 52 and distinct), the value
/// [`crate::evaluate`] gives.
///
/// Bytes that are not distinct card indices give unspecified strengths (never undefined
/// behaviour or a panic); [`evaluate_checked`] checks them.
///
/// # Panics
/// If `out` and `hands` differ in length. `K` outside 5 to 7 fails to compile.
#[allow(unsafe_code)] // the calls into the vector paths, each with its proof
pub fn evaluate<const K: usize>(path: EvalPath, hands: &[[u8; K]], out: &mut [HandRank]) {
    const { assert!(K >= 5 && K <= 7, "a hand has 5 to 7 cards") };
    assert_eq!(hands.len(), out.len(), "one strength per hand");
    match path.isa() {
        // SAFETY: an `EvalPath` exists only for paths whose instructions this CPU has.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => unsafe { avx512::evaluate(hands, out) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => unsafe { avx2::evaluate(hands, out) },
        _ => scalar::evaluate(hands, out),
    }
}

/// [`evaluate`], checking first that every hand is one: each byte a card index (below 52), no
/// card twice in a hand.
///
/// # Errors
/// The first hand (in order) that is not one, with its first byte out of range if it has one,
/// else the fact that it repeats a card. `out` is then partly written.
///
/// # Panics
/// If `out` and `hands` differ in length. `K` outside 5 to 7 fails to compile.
#[allow(unsafe_code)] // the calls into the vector paths, each with its proof
pub fn evaluate_checked<const K: usize>(
    path: EvalPath,
    hands: &[[u8; K]],
    out: &mut [HandRank],
) -> Result<(), BadHand> {
    const { assert!(K >= 5 && K <= 7, "a hand has 5 to 7 cards") };
    assert_eq!(hands.len(), out.len(), "one strength per hand");
    match path.isa() {
        // SAFETY: an `EvalPath` exists only for paths whose instructions this CPU has.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx512 => unsafe { avx512::evaluate_checked(hands, out) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => unsafe { avx2::evaluate_checked(hands, out) },
        _ => scalar::evaluate_checked(hands, out),
    }
}

/// A hand of a batch that is not a hand ([`evaluate_checked`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadHand {
    /// Byte `column` of hand `hand` is `value`, which is no card index (52 or more).
    NotACard {
        /// The hand's index in the batch.
        hand: usize,
        /// The byte's index in the hand.
        column: usize,
        /// The byte.
        value: u8,
    },
    /// Hand `hand` holds some card twice.
    Repeated {
        /// The hand's index in the batch.
        hand: usize,
    },
}

impl fmt::Display for BadHand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BadHand::NotACard {
                hand,
                column,
                value,
            } => write!(
                f,
                "hand {hand}, card {column}: {value} is not a card index (0 to 51)"
            ),
            BadHand::Repeated { hand } => write!(f, "hand {hand} holds a card twice"),
        }
    }
}

impl std::error::Error for BadHand {}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::{Card, Deck};
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// `count` random hands of `K` cards, plus the named hard cases at the front.
    fn hands<const K: usize>(count: usize, seed: u64) -> Vec<[u8; K]> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut deck = Deck::new();
        let named = [
            "As Ks Qs Js Ts 9s 8s",
            "Ac Ad Ah As Kc Kd Kh",
            "Ah 2h 3h 4h 5h 9c Jd",
            "2h 5h 7h 9h Jh Tc 8d",
            "2c 2d 5h 5s 9c 9d Ah",
            "Ac 2d 3h 4s 5c 9d Jh",
        ];
        let mut out: Vec<[u8; K]> = named
            .iter()
            .map(|text| {
                let cards = deck::parse_cards(text).unwrap();
                std::array::from_fn(|i| cards[i].to_u8())
            })
            .collect();
        for _ in 0..count {
            let dealt = deck.deal(&mut rng, K);
            out.push(std::array::from_fn(|i| dealt[i].to_u8()));
        }
        out
    }

    fn reference<const K: usize>(hands: &[[u8; K]]) -> Vec<HandRank> {
        hands
            .iter()
            .map(|hand| crate::evaluate(&hand.map(Card::from_index)))
            .collect()
    }

    fn check_every_length<const K: usize>() {
        let all = hands::<K>(3_000, K as u64);
        let expected = reference(&all);
        for path in EvalPath::available() {
            // Every length up to two steps of the widest path, then a long odd one.
            for len in (0..=40).chain([all.len() - 7, all.len()]) {
                let mut out = vec![HandRank(0); len];
                evaluate(path, &all[..len], &mut out);
                assert_eq!(out, expected[..len], "{path}, {K} cards, {len} hands");
                let mut out = vec![HandRank(0); len];
                evaluate_checked(path, &all[..len], &mut out).unwrap();
                assert_eq!(
                    out,
                    expected[..len],
                    "{path} checked, {K} cards, {len} hands"
                );
            }
        }
    }

    #[test]
    fn every_path_agrees_with_the_evaluator_on_partial_batches_of_five_six_and_seven_cards() {
        check_every_length::<5>();
        check_every_length::<6>();
        check_every_length::<7>();
    }

    #[test]
    fn checked_evaluation_names_the_first_bad_hand_on_every_path() {
        let good = hands::<7>(100, 9);
        let cases: Vec<(usize, usize, u8, BadHand)> = vec![
            (
                37,
                3,
                52,
                BadHand::NotACard {
                    hand: 37,
                    column: 3,
                    value: 52,
                },
            ),
            (
                0,
                6,
                255,
                BadHand::NotACard {
                    hand: 0,
                    column: 6,
                    value: 255,
                },
            ),
            (
                104,
                0,
                200,
                BadHand::NotACard {
                    hand: 104,
                    column: 0,
                    value: 200,
                },
            ),
        ];
        for path in EvalPath::available() {
            for &(hand, column, value, expected) in &cases {
                let mut bad = good.clone();
                bad[hand][column] = value;
                // A later hand with a repeated card must not be the one reported.
                bad[hand + 1][1] = bad[hand + 1][0];
                let mut out = vec![HandRank(0); bad.len()];
                assert_eq!(
                    evaluate_checked(path, &bad, &mut out),
                    Err(expected),
                    "{path}"
                );
                // Unchecked, the same bytes give some strength without a panic.
                evaluate(path, &bad, &mut out);
            }
            for hand in [0, 15, 16, 17, 50, 104] {
                let mut bad = good.clone();
                bad[hand][5] = bad[hand][2];
                // A later out-of-range byte must not be the one reported.
                bad[hand + 1][0] = 99;
                let mut out = vec![HandRank(0); bad.len()];
                assert_eq!(
                    evaluate_checked(path, &bad, &mut out),
                    Err(BadHand::Repeated { hand }),
                    "{path}"
                );
            }
            // Out of range before repeated, within one hand: the scalar order.
            let mut bad = good.clone();
            bad[3][0] = bad[3][1];
            bad[3][4] = 60;
            let mut out = vec![HandRank(0); bad.len()];
            assert_eq!(
                evaluate_checked(path, &bad, &mut out),
                Err(BadHand::NotACard {
                    hand: 3,
                    column: 4,
                    value: 60
                }),
                "{path}"
            );
        }
    }

    #[test]
    fn bad_hands_read_as_messages() {
        assert_eq!(
            BadHand::NotACard {
                hand: 4,
                column: 2,
                value: 60
            }
            .to_string(),
            "hand 4, card 2: 60 is not a card index (0 to 51)"
        );
        assert_eq!(
            BadHand::Repeated { hand: 7 }.to_string(),
            "hand 7 holds a card twice"
        );
    }

    #[test]
    fn every_byte_is_safe_unchecked() {
        // Every byte value in every column of a step, on every path: no panic, no fault.
        for path in EvalPath::available() {
            let mut all = hands::<7>(40, 3);
            for value in 0..=255u8 {
                for (i, hand) in all.iter_mut().enumerate() {
                    hand[i % 7] = value;
                }
                let mut out = vec![HandRank(0); all.len()];
                evaluate(path, &all, &mut out);
            }
        }
    }
}
