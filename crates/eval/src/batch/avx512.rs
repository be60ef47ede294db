//! The AVX-512 batch path: sixteen hands a step, each in a 64-bit lane of one of two registers.
//!
//! ```text
//!  16 hands × K bytes ──2 loads──▶ a (bytes 0..64), b (64..16K, masked load)
//!  ──2 byte permutes (vpermi2b)──▶ 2 registers of 8 hands, one per 64-bit lane:
//!                                  [c0 c1 … c(K-1) pad …]  (pad bytes 0xF8 | position)
//!  per register:  5 byte lookups by card (vpermb over 64-byte tables):
//!                   bytes 0, 1, 2 of the card's rank multiplier; suit 0/1 → 1/16; suit 2/3 → 1/16
//!                 5 byte sums per lane (vpsadbw): multiplier sum = s0 + s1·2^8 + s2·2^16,
//!                 suit counters as nibbles
//!                 rank hash = sum · RANK_MIX mod 2^25 (vpmuludq); flush bits = counters + 3 & 8
//!  ──stored──▶ lookup.rs: two scalar loads a hand, the flush table for flush hands
//! ```
//!
//! No card key is loaded from memory: the lookups are register permutes. The rank multipliers
//! need three bytes (the largest is 3,453,520), so a card takes three lookups for its rank and two
//! for its suit, and a lane's eight byte sums come from one `vpsadbw` per table.
#![allow(unsafe_code)]

use std::arch::x86_64::{
    __m512i, _mm512_add_epi64, _mm512_and_si512, _mm512_cmpeq_epi8_mask, _mm512_cmpge_epu8_mask,
    _mm512_loadu_si512, _mm512_mask2_permutex2var_epi8, _mm512_maskz_loadu_epi8, _mm512_mul_epu32,
    _mm512_or_si512, _mm512_permutexvar_epi8, _mm512_rol_epi64, _mm512_sad_epu8, _mm512_set1_epi8,
    _mm512_set1_epi64, _mm512_setzero_si512, _mm512_slli_epi64, _mm512_storeu_si512,
    _mm512_test_epi64_mask,
};

use crate::HandRank;
use crate::tables::{HASH_MASK, RANK_MIX};

use super::lookup::{self, Word};
use super::tables::{LookupTables, PAD};
use super::{BadHand, scalar};

/// Hands per step.
const LANES: usize = 16;

/// The byte permute that lays hands `8h..8h + 8` of a step out one per 64-bit lane: byte `8i + j`
/// takes byte `(8h + i)·K + j` of the 128 bytes `a ++ b` for `j < K`; the other bytes are masked
/// off and keep the index's own byte, the pad `0xF8 | j`.
const fn lane_indices<const K: usize>(h: usize) -> [u8; 64] {
    let mut indices = [0u8; 64];
    let mut i = 0;
    while i < 8 {
        let mut j = 0;
        while j < 8 {
            indices[8 * i + j] = if j < K {
                ((8 * h + i) * K + j) as u8
            } else {
                PAD | j as u8
            };
            j += 1;
        }
        i += 1;
    }
    indices
}

/// The mask of the bytes a card fills: the first `K` of every 64-bit lane.
const fn card_bytes<const K: usize>() -> u64 {
    let mut mask = 0u64;
    let mut i = 0;
    while i < 8 {
        mask |= ((1 << K) - 1) << (8 * i);
        i += 1;
    }
    mask
}

/// The vectors a step needs, made once per call.
struct Constants {
    /// The permutes of [`lane_indices`], for hands 0 to 7 and 8 to 15.
    lanes: [__m512i; 2],
    /// The lookups by card: bytes 0, 1 and 2 of its rank multiplier, then its suit counters
    /// (suits 0 and 1, suits 2 and 3).
    lookups: [__m512i; 5],
}

impl Constants {
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn new<const K: usize>() -> Constants {
        let lanes = const { [lane_indices::<K>(0), lane_indices::<K>(1)] };
        let tables = LookupTables::BY_CARD;
        // SAFETY: every array loaded is 64 readable bytes; the loads need no alignment.
        unsafe {
            Constants {
                lanes: lanes.map(|l| _mm512_loadu_si512(l.as_ptr().cast())),
                lookups: tables.map(|t| _mm512_loadu_si512(t.as_ptr().cast())),
            }
        }
    }
}

/// Sixteen hands, eight to a register, one per 64-bit lane, and the raw bytes they came from.
struct Block {
    raw: [__m512i; 2],
    hands: [__m512i; 2],
}

impl Block {
    /// Loads sixteen hands.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    #[inline]
    fn load<const K: usize>(hands: &[[u8; K]; LANES], c: &Constants) -> Block {
        let bytes: *const u8 = hands.as_ptr().cast();
        let tail: u64 = (1 << (LANES * K - 64)) - 1;
        // SAFETY: `hands` is `16·K >= 80` contiguous bytes: the first load reads bytes 0..64,
        // the second only the `16·K - 64` bytes from 64 that its mask selects (a masked load
        // does not touch the bytes it leaves out).
        let raw = unsafe {
            [
                _mm512_loadu_si512(bytes.cast()),
                _mm512_maskz_loadu_epi8(tail, bytes.add(64).cast()),
            ]
        };
        let cards = const { card_bytes::<K>() };
        let lay = |indices| _mm512_mask2_permutex2var_epi8(raw[0], indices, cards, raw[1]);
        Block {
            raw,
            hands: [lay(c.lanes[0]), lay(c.lanes[1])],
        }
    }

    /// Whether any byte is no card index (52 or more), or some hand holds a card twice: each
    /// lane compared with itself rotated by one to four bytes finds every equal pair (the pads
    /// differ from each other and from every card).
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    #[inline]
    fn any_bad(&self) -> bool {
        let limit = _mm512_set1_epi8(deck::Card::COUNT as i8);
        let mut bad =
            _mm512_cmpge_epu8_mask(self.raw[0], limit) | _mm512_cmpge_epu8_mask(self.raw[1], limit);
        for &hands in &self.hands {
            bad |= _mm512_cmpeq_epi8_mask(hands, _mm512_rol_epi64::<8>(hands))
                | _mm512_cmpeq_epi8_mask(hands, _mm512_rol_epi64::<16>(hands))
                | _mm512_cmpeq_epi8_mask(hands, _mm512_rol_epi64::<24>(hands))
                | _mm512_cmpeq_epi8_mask(hands, _mm512_rol_epi64::<32>(hands));
        }
        bad != 0
    }

    /// Writes each hand's word ([`lookup::Word`]) into `words`: the lanes holding a flush.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    #[inline]
    fn words(&self, c: &Constants, words: &mut [Word; LANES]) -> u32 {
        let zero = _mm512_setzero_si512();
        let flush_bits = _mm512_set1_epi64(0x8888);
        let mut flushes = 0;
        for (h, &hands) in self.hands.iter().enumerate() {
            let sum = |table| _mm512_sad_epu8(_mm512_permutexvar_epi8(hands, table), zero);
            let multipliers = _mm512_add_epi64(
                sum(c.lookups[0]),
                _mm512_add_epi64(
                    _mm512_slli_epi64::<8>(sum(c.lookups[1])),
                    _mm512_slli_epi64::<16>(sum(c.lookups[2])),
                ),
            );
            // The rank hash, moved up four bits: its row in the second 16-bit half, its
            // column in the first.
            let hash = _mm512_slli_epi64::<4>(_mm512_and_si512(
                _mm512_mul_epu32(multipliers, _mm512_set1_epi64(i64::from(RANK_MIX))),
                _mm512_set1_epi64(i64::from(HASH_MASK)),
            ));
            let counters = _mm512_and_si512(
                _mm512_add_epi64(
                    _mm512_or_si512(sum(c.lookups[3]), _mm512_slli_epi64::<8>(sum(c.lookups[4]))),
                    _mm512_set1_epi64(0x3333),
                ),
                flush_bits,
            );
            flushes |= u32::from(_mm512_test_epi64_mask(counters, flush_bits)) << (8 * h);
            let word = _mm512_or_si512(hash, _mm512_slli_epi64::<32>(counters));
            // SAFETY: `words[8h..8h + 8]` is 64 writable bytes (`h` is 0 or 1).
            unsafe { _mm512_storeu_si512(words[8 * h..8 * h + 8].as_mut_ptr().cast(), word) };
        }
        flushes
    }
}

/// Evaluates every hand of `hands` into `out` (of the same length).
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
pub(super) fn evaluate<const K: usize>(hands: &[[u8; K]], out: &mut [HandRank]) {
    let c = Constants::new::<K>();
    lookup::run::<K, LANES>(hands, out, |block, words| {
        Some(Block::load(block, &c).words(&c, words))
    });
}

/// Checks and evaluates every hand of `hands` into `out` (of the same length), stopping at the
/// first hand that is not one.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
pub(super) fn evaluate_checked<const K: usize>(
    hands: &[[u8; K]],
    out: &mut [HandRank],
) -> Result<(), BadHand> {
    let c = Constants::new::<K>();
    let mut at = 0;
    let mut result = Ok(());
    lookup::run::<K, LANES>(hands, out, |block, words| {
        let loaded = Block::load(block, &c);
        if loaded.any_bad() {
            // Rare: the scalar check names the first bad hand, as a scalar pass would.
            result = scalar::check(at, block);
        }
        at += LANES;
        result.is_ok().then(|| loaded.words(&c, words))
    });
    result
}
