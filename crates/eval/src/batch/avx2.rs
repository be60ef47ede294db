//! The AVX2 batch path: eight hands a step, each in a 64-bit lane of one of two registers.
//!
//! ```text
//!  hands 2i, 2i+1 ──16-byte loads, two per register──▶ [0, 1 | 2, 3] and [4, 5 | 6, 7]
//!                 ──vpshufb, or pads──▶ one hand per 64-bit lane: [c0 c1 … c(K-1) pad …]
//!  per register:  rank = card >> 2; 3 byte lookups by rank (vpshufb over 16-byte tables):
//!                   bytes 0, 1, 2 of the rank multiplier
//!                 2 byte lookups by card (low four bits): suit counter increments
//!                 then as the AVX-512 path: byte sums (vpsadbw), rank hash, flush bits
//!  ──stored──▶ lookup.rs: two scalar loads a hand, the flush table for flush hands
//! ```
#![allow(unsafe_code)]

use std::arch::x86_64::{
    __m256i, _mm256_add_epi64, _mm256_and_si256, _mm256_castsi256_pd, _mm256_cmpeq_epi8,
    _mm256_cmpeq_epi64, _mm256_loadu_si256, _mm256_loadu2_m128i, _mm256_max_epu8,
    _mm256_movemask_epi8, _mm256_movemask_pd, _mm256_mul_epu32, _mm256_or_si256, _mm256_sad_epu8,
    _mm256_set1_epi8, _mm256_set1_epi64x, _mm256_setzero_si256, _mm256_shuffle_epi8,
    _mm256_slli_epi64, _mm256_srli_epi16, _mm256_storeu_si256,
};

use crate::HandRank;
use crate::tables::{HASH_MASK, RANK_MIX};

use super::lookup::{self, Word};
use super::tables::{LookupTables, PAD};
use super::{BadHand, scalar};

/// Hands per step.
const LANES: usize = 8;

/// Where the 16-byte load of hands `2i` and `2i + 1` starts: at the first of them, except where
/// that would read past the step's `8·K` bytes.
const fn load_offset<const K: usize>(i: usize) -> usize {
    let at = 2 * i * K;
    if at + 16 > LANES * K {
        LANES * K - 16
    } else {
        at
    }
}

/// The byte shuffle of the registers holding hands `[2i, 2i + 1 | 2i + 2, 2i + 3]` (each half
/// as loaded at its [`load_offset`]): byte `8h + j` of a half is card `j` of its hand `h`, zero
/// (`0x80`) past the `K` cards.
const fn lane_shuffle<const K: usize>(i: usize) -> [u8; 32] {
    let mut shuffle = [0x80u8; 32];
    let mut half = 0;
    while half < 2 {
        let pair = i + half;
        let mut h = 0;
        while h < 2 {
            let mut j = 0;
            while j < K {
                shuffle[16 * half + 8 * h + j] =
                    ((2 * pair + h) * K + j - load_offset::<K>(pair)) as u8;
                j += 1;
            }
            h += 1;
        }
        half += 1;
    }
    shuffle
}

/// The pads or'ed into the shuffled hands: `PAD | j` at every position `j >= K` of a lane.
const fn pads<const K: usize>() -> [u8; 32] {
    let mut pads = [0u8; 32];
    let mut at = 0;
    while at < 32 {
        if at % 8 >= K {
            pads[at] = PAD | (at % 8) as u8;
        }
        at += 1;
    }
    pads
}

/// The shuffle rotating each 64-bit lane by `r` bytes.
const fn rotation(r: usize) -> [u8; 32] {
    let mut shuffle = [0u8; 32];
    let mut at = 0;
    while at < 32 {
        shuffle[at] = ((at % 16) / 8 * 8 + (at % 8 + r) % 8) as u8;
        at += 1;
    }
    shuffle
}

/// The vectors a step needs, made once per call.
struct Constants {
    /// [`lane_shuffle`] of hands 0 to 3 and of 4 to 7.
    lanes: [__m256i; 2],
    /// [`pads`].
    pads: __m256i,
    /// [`LookupTables::BY_RANK`].
    lookups: [__m256i; 5],
    /// [`rotation`] by 1 to 4 bytes.
    rotations: [__m256i; 4],
}

impl Constants {
    #[target_feature(enable = "avx2")]
    fn new<const K: usize>() -> Constants {
        let lanes = const { [lane_shuffle::<K>(0), lane_shuffle::<K>(2)] };
        let pads = const { pads::<K>() };
        let rotations = const { [rotation(1), rotation(2), rotation(3), rotation(4)] };
        let tables = LookupTables::BY_RANK;
        // SAFETY: every array loaded is 32 readable bytes; the loads need no alignment.
        unsafe {
            Constants {
                lanes: lanes.map(|l| _mm256_loadu_si256(l.as_ptr().cast())),
                pads: _mm256_loadu_si256(pads.as_ptr().cast()),
                lookups: tables.map(|t| _mm256_loadu_si256(t.as_ptr().cast())),
                rotations: rotations.map(|r| _mm256_loadu_si256(r.as_ptr().cast())),
            }
        }
    }
}

/// Eight hands, four to a register, one per 64-bit lane, and the raw bytes they came from.
struct Block {
    raw: [__m256i; 2],
    hands: [__m256i; 2],
}

impl Block {
    /// Loads eight hands.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn load<const K: usize>(hands: &[[u8; K]; LANES], c: &Constants) -> Block {
        let bytes: *const u8 = hands.as_ptr().cast();
        let at = const {
            [
                load_offset::<K>(0),
                load_offset::<K>(1),
                load_offset::<K>(2),
                load_offset::<K>(3),
            ]
        };
        // SAFETY: `hands` is `8·K >= 40` contiguous bytes and each load reads the 16 bytes from
        // a `load_offset`, which stops 16 bytes short of the end at the latest.
        let raw = unsafe {
            [
                _mm256_loadu2_m128i(bytes.add(at[1]).cast(), bytes.add(at[0]).cast()),
                _mm256_loadu2_m128i(bytes.add(at[3]).cast(), bytes.add(at[2]).cast()),
            ]
        };
        let lay = |r: usize| _mm256_or_si256(_mm256_shuffle_epi8(raw[r], c.lanes[r]), c.pads);
        Block {
            raw,
            hands: [lay(0), lay(1)],
        }
    }

    /// Whether any byte is no card index (52 or more), or some hand holds a card twice: each
    /// lane compared with itself rotated by one to four bytes finds every equal pair (the pads
    /// differ from each other and from every card).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn any_bad(&self, c: &Constants) -> bool {
        let last = _mm256_set1_epi8(deck::Card::COUNT as i8 - 1);
        let most = _mm256_max_epu8(self.raw[0], self.raw[1]);
        if _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(most, last), last)) != -1 {
            return true;
        }
        let mut equal = _mm256_setzero_si256();
        for &hands in &self.hands {
            for &rotation in &c.rotations {
                let rotated = _mm256_shuffle_epi8(hands, rotation);
                equal = _mm256_or_si256(equal, _mm256_cmpeq_epi8(hands, rotated));
            }
        }
        _mm256_movemask_epi8(equal) != 0
    }

    /// Writes each hand's word ([`lookup::Word`]) into `words`: the lanes holding a flush.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn words(&self, c: &Constants, words: &mut [Word; LANES]) -> u32 {
        let zero = _mm256_setzero_si256();
        let low_six = _mm256_set1_epi8(0x3f);
        let flush_bits = _mm256_set1_epi64x(0x8888);
        let mut flushes = 0;
        for (h, &hands) in self.hands.iter().enumerate() {
            // The shift moves each byte's neighbour's low bits into its top two, which the mask
            // clears: the pads become 62 or 63, whose lookups are zero.
            let ranks = _mm256_and_si256(_mm256_srli_epi16::<2>(hands), low_six);
            let sum = |table, index| _mm256_sad_epu8(_mm256_shuffle_epi8(table, index), zero);
            let multipliers = _mm256_add_epi64(
                sum(c.lookups[0], ranks),
                _mm256_add_epi64(
                    _mm256_slli_epi64::<8>(sum(c.lookups[1], ranks)),
                    _mm256_slli_epi64::<16>(sum(c.lookups[2], ranks)),
                ),
            );
            // The rank hash, moved up four bits: its row in the second 16-bit half, its
            // column in the first.
            let hash = _mm256_slli_epi64::<4>(_mm256_and_si256(
                _mm256_mul_epu32(multipliers, _mm256_set1_epi64x(i64::from(RANK_MIX))),
                _mm256_set1_epi64x(i64::from(HASH_MASK)),
            ));
            // By card: the pads' top bit makes their lookups zero.
            let counters = _mm256_and_si256(
                _mm256_add_epi64(
                    _mm256_or_si256(
                        sum(c.lookups[3], hands),
                        _mm256_slli_epi64::<8>(sum(c.lookups[4], hands)),
                    ),
                    _mm256_set1_epi64x(0x3333),
                ),
                flush_bits,
            );
            let none = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(counters, zero)));
            flushes |= (!none as u32 & 0xf) << (4 * h);
            let word = _mm256_or_si256(hash, _mm256_slli_epi64::<32>(counters));
            // SAFETY: `words[4h..4h + 4]` is 32 writable bytes (`h` is 0 or 1).
            unsafe { _mm256_storeu_si256(words[4 * h..4 * h + 4].as_mut_ptr().cast(), word) };
        }
        flushes
    }
}

/// Evaluates every hand of `hands` into `out` (of the same length).
#[target_feature(enable = "avx2")]
pub(super) fn evaluate<const K: usize>(hands: &[[u8; K]], out: &mut [HandRank]) {
    let c = Constants::new::<K>();
    lookup::run::<K, LANES>(hands, out, |block, words| {
        Some(Block::load(block, &c).words(&c, words))
    });
}

/// Checks and evaluates every hand of `hands` into `out` (of the same length), stopping at the
/// first hand that is not one.
#[target_feature(enable = "avx2")]
pub(super) fn evaluate_checked<const K: usize>(
    hands: &[[u8; K]],
    out: &mut [HandRank],
) -> Result<(), BadHand> {
    let c = Constants::new::<K>();
    let mut at = 0;
    let mut result = Ok(());
    lookup::run::<K, LANES>(hands, out, |block, words| {
        let loaded = Block::load(block, &c);
        if loaded.any_bad(&c) {
            // Rare: the scalar check names the first bad hand, as a scalar pass would.
            result = scalar::check(at, block);
        }
        at += LANES;
        result.is_ok().then(|| loaded.words(&c, words))
    });
    result
}
