//! The AVX2 batch path: eight hands per step, one per 32-bit lane.
//!
//! ```text
//!  hands 2i, 2i+1 ──16-byte loads, two per register──▶ [0,1 | 4,5] and [2,3 | 6,7]
//!                 ──vpshufb──▶ 16-bit words: word j = (card j of the first, of the second)
//!                 ──vpunpck{l,h}wd──▶ 32-bit words: word j of each half = card j of 4 hands
//!  card column j  ──vpshufb (zero-extending)──▶ lane i = hand i's card j
//!  rank key       ──two vpermd over 8 rank keys each, blended on rank >= 8──▶ Σ
//!  suit count     ──vpermd over 1 << 4·(c & 3) (index c & 7)──▶ Σ, from 0x3333
//!  then as the AVX-512 path: two gathers for the rank table, one for flush lanes
//! ```
#![allow(unsafe_code)]

use std::arch::x86_64::{
    __m256i, _mm_storeu_si128, _mm256_add_epi32, _mm256_and_si256, _mm256_blendv_ps,
    _mm256_castps_si256, _mm256_castsi256_ps, _mm256_castsi256_si128, _mm256_cmpeq_epi8,
    _mm256_cmpeq_epi32, _mm256_cmpgt_epi32, _mm256_i32gather_epi32, _mm256_loadu_si256,
    _mm256_loadu2_m128i, _mm256_mask_i32gather_epi32, _mm256_max_epu8, _mm256_movemask_epi8,
    _mm256_or_si256, _mm256_packus_epi32, _mm256_permute4x64_epi64, _mm256_permutevar8x32_epi32,
    _mm256_set1_epi8, _mm256_set1_epi32, _mm256_setzero_si256, _mm256_shuffle_epi8,
    _mm256_slli_epi32, _mm256_sllv_epi32, _mm256_srli_epi32, _mm256_testz_si256,
    _mm256_unpackhi_epi16, _mm256_unpacklo_epi16, _mm256_xor_si256,
};

use crate::HandRank;
use crate::tables::{FLUSH_TABLE, HASH_MASK, RANK_TABLE, ROW_SHIFT, ROW_STARTS};

use super::{BadHand, blocks, scalar};

/// Hands per step.
const LANES: usize = 8;

/// Where the 16-byte load of hands `2i` and `2i + 1` starts: at the first of them, except where
/// that would read past the block's `8·K` bytes.
const fn load_offset<const K: usize>(i: usize) -> usize {
    let at = 2 * i * K;
    if at + 16 > LANES * K {
        LANES * K - 16
    } else {
        at
    }
}

/// The byte shuffle of one 16-byte load (hands `2i`, `2i + 1`, loaded at [`load_offset`]):
/// output byte `2j + h` is card `j` of hand `2i + h`, zero for `j >= K`.
const fn pair_shuffle<const K: usize>(i: usize) -> [u8; 16] {
    let mut shuffle = [0x80u8; 16];
    let mut j = 0;
    while j < K {
        let mut h = 0;
        while h < 2 {
            shuffle[2 * j + h] = ((2 * i + h) * K + j - load_offset::<K>(i)) as u8;
            h += 1;
        }
        j += 1;
    }
    shuffle
}

/// Both halves' shuffles of the registers holding hands `[first pair | second pair]`.
const fn pair_shuffles<const K: usize>(first: usize, second: usize) -> [u8; 32] {
    let (a, b) = (pair_shuffle::<K>(first), pair_shuffle::<K>(second));
    let mut both = [0u8; 32];
    let mut at = 0;
    while at < 16 {
        both[at] = a[at];
        both[16 + at] = b[at];
        at += 1;
    }
    both
}

/// The shuffle taking 32-bit word `m` of each half apart into four zero-extended lanes.
const fn widen(m: usize) -> [u8; 32] {
    let mut shuffle = [0x80u8; 32];
    let mut lane = 0;
    while lane < 8 {
        shuffle[4 * lane] = (4 * m + lane % 4) as u8;
        lane += 1;
    }
    shuffle
}

/// The vectors a step needs, made once per call.
struct Constants {
    /// The shuffles of the registers holding hands `[0, 1 | 4, 5]` and `[2, 3 | 6, 7]`.
    pairs: [__m256i; 2],
    /// Per 32-bit word `m`, [`widen`]`(m)`.
    widen: [__m256i; 4],
    /// The rank keys (the low 32 bits of the card keys) of ranks 0 to 7, and of 8 to 15 (13 to
    /// 15: zero).
    rank_keys: [__m256i; 2],
    /// `1 << 4·suit`, indexed by the card's low three bits (whose low two are its suit).
    suit_keys: __m256i,
}

impl Constants {
    #[target_feature(enable = "avx2")]
    fn new<const K: usize>() -> Constants {
        let pairs = const { [pair_shuffles::<K>(0, 2), pair_shuffles::<K>(1, 3)] };
        let widen = const { [widen(0), widen(1), widen(2), widen(3)] };
        let rank_keys: [[u32; 8]; 2] = std::array::from_fn(|half| {
            std::array::from_fn(|low| {
                let rank = 8 * half + low;
                if rank < 13 {
                    crate::tables::CARD_KEYS[4 * rank] as u32
                } else {
                    0
                }
            })
        });
        let suit_keys: [u32; 8] = std::array::from_fn(|low| 1 << (4 * (low & 3)));
        // SAFETY: every array loaded is 32 readable bytes; the loads need no alignment.
        unsafe {
            Constants {
                pairs: pairs.map(|p| _mm256_loadu_si256(p.as_ptr().cast())),
                widen: widen.map(|w| _mm256_loadu_si256(w.as_ptr().cast())),
                rank_keys: rank_keys.map(|k| _mm256_loadu_si256(k.as_ptr().cast())),
                suit_keys: _mm256_loadu_si256(suit_keys.as_ptr().cast()),
            }
        }
    }
}

/// Eight hands' bytes: `raw`, as loaded (for the range check), and `words`, card `j` of hands
/// `0..4` in 32-bit word `j % 4` of `words[j / 4]`'s low half, of hands `4..8` in its high half.
struct Block {
    raw: [__m256i; 2],
    words: [__m256i; 2],
}

impl Block {
    /// Loads eight hands.
    #[target_feature(enable = "avx2")]
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
                _mm256_loadu2_m128i(bytes.add(at[2]).cast(), bytes.add(at[0]).cast()),
                _mm256_loadu2_m128i(bytes.add(at[3]).cast(), bytes.add(at[1]).cast()),
            ]
        };
        let first = _mm256_shuffle_epi8(raw[0], c.pairs[0]);
        let second = _mm256_shuffle_epi8(raw[1], c.pairs[1]);
        Block {
            raw,
            words: [
                _mm256_unpacklo_epi16(first, second),
                _mm256_unpackhi_epi16(first, second),
            ],
        }
    }

    /// Card column `j` (`j < K`): lane `i` holds hand `i`'s card `j`.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn column(&self, c: &Constants, j: usize) -> __m256i {
        _mm256_shuffle_epi8(self.words[j / 4], c.widen[j % 4])
    }

    /// Whether any hand holds a byte that is no card index (52 or more), or some card twice.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn any_bad<const K: usize>(&self, c: &Constants) -> bool {
        let last = _mm256_set1_epi8(deck::Card::COUNT as i8 - 1);
        let most = _mm256_max_epu8(self.raw[0], self.raw[1]);
        if _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(most, last), last)) != -1 {
            return true;
        }
        let one = _mm256_set1_epi32(1);
        let high = _mm256_set1_epi32(32);
        let (mut low_bits, mut high_bits, mut twice) = (
            _mm256_setzero_si256(),
            _mm256_setzero_si256(),
            _mm256_setzero_si256(),
        );
        for j in 0..K {
            let card = self.column(c, j);
            // A shift by 32 or more gives zero: cards 0 to 31 set a low bit, 32 to 51 a high one.
            let low = _mm256_sllv_epi32(one, card);
            let high = _mm256_sllv_epi32(one, _mm256_xor_si256(card, high));
            twice = _mm256_or_si256(
                twice,
                _mm256_or_si256(
                    _mm256_and_si256(low_bits, low),
                    _mm256_and_si256(high_bits, high),
                ),
            );
            low_bits = _mm256_or_si256(low_bits, low);
            high_bits = _mm256_or_si256(high_bits, high);
        }
        _mm256_testz_si256(twice, twice) == 0
    }

    /// The eight strengths, as 32-bit lanes.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn evaluate<const K: usize>(&self, c: &Constants) -> __m256i {
        let mut sums = _mm256_setzero_si256();
        let mut suits = _mm256_set1_epi32(0x3333);
        for j in 0..K {
            let card = self.column(c, j);
            let rank = _mm256_srli_epi32::<2>(card);
            let low = _mm256_permutevar8x32_epi32(c.rank_keys[0], rank);
            let high = _mm256_permutevar8x32_epi32(c.rank_keys[1], rank);
            // Ranks 8 and up are the cards with bit 5 set: moved to the sign bit, it blends.
            let key = _mm256_blendv_ps(
                _mm256_castsi256_ps(low),
                _mm256_castsi256_ps(high),
                _mm256_castsi256_ps(_mm256_slli_epi32::<26>(card)),
            );
            sums = _mm256_add_epi32(sums, _mm256_castps_si256(key));
            suits = _mm256_add_epi32(suits, _mm256_permutevar8x32_epi32(c.suit_keys, card));
        }
        let hash = _mm256_and_si256(sums, _mm256_set1_epi32(HASH_MASK as i32));
        let row = _mm256_srli_epi32::<{ ROW_SHIFT as i32 }>(hash);
        let column = _mm256_and_si256(hash, _mm256_set1_epi32((1 << ROW_SHIFT) - 1));
        let low_half = _mm256_set1_epi32(0xffff);
        // SAFETY: `row < 2^(25 - ROW_SHIFT) = ROW_STARTS.len()` (asserted in tables.rs), so each
        // lane reads one entry of `ROW_STARTS` (scale 4: its byte offset is `4·row`).
        let starts = unsafe { _mm256_i32gather_epi32::<4>(ROW_STARTS.as_ptr().cast(), row) };
        let slots = _mm256_add_epi32(starts, column);
        // SAFETY: every slot is some row's start plus a column below 2^ROW_SHIFT, and
        // `WIDE_READS_FIT_THE_TABLE` (a compile-time assertion) proves that slot + 1 is still in
        // `RANK_TABLE`: the four bytes read at byte offset `2·slot` are inside the table.
        let mut strengths = _mm256_and_si256(
            unsafe { _mm256_i32gather_epi32::<2>(RANK_TABLE.as_ptr().cast(), slots) },
            low_half,
        );
        let flush_bits = _mm256_and_si256(suits, _mm256_set1_epi32(0x8888));
        if _mm256_testz_si256(flush_bits, flush_bits) == 0 {
            // A card is of the flush suit when its suit key, moved to the counter's top bit, is
            // the lane's flush bit (lanes without a flush have none and match no card).
            let one = _mm256_set1_epi32(1);
            let mut masks = _mm256_setzero_si256();
            for j in 0..K {
                let card = self.column(c, j);
                let suit_bit =
                    _mm256_slli_epi32::<3>(_mm256_permutevar8x32_epi32(c.suit_keys, card));
                let in_suit = _mm256_cmpeq_epi32(suit_bit, flush_bits);
                let rank_bit = _mm256_sllv_epi32(one, _mm256_srli_epi32::<2>(card));
                masks = _mm256_or_si256(masks, _mm256_and_si256(in_suit, rank_bit));
            }
            let masks = _mm256_and_si256(masks, _mm256_set1_epi32(0x1fff));
            let flushes = _mm256_cmpgt_epi32(flush_bits, _mm256_setzero_si256());
            // SAFETY: each lane's mask has at most K <= 7 of its 13 bits set (one per card), so
            // it is at most 0x1fc0 and the four bytes read at byte offset `2·mask` lie inside
            // the 8,192 entries of `FLUSH_TABLE` (asserted in tables.rs).
            let flushed = unsafe {
                _mm256_mask_i32gather_epi32::<2>(
                    strengths,
                    FLUSH_TABLE.as_ptr().cast(),
                    masks,
                    flushes,
                )
            };
            strengths = _mm256_and_si256(flushed, low_half);
        }
        strengths
    }
}

/// Stores eight strengths (32-bit lanes below 2^16) into `out`.
#[target_feature(enable = "avx2")]
#[inline]
fn store(strengths: __m256i, out: &mut [HandRank; LANES]) {
    // Packing works within halves: [0..4, 0..4 | 4..8, 4..8]; the quadwords 0 and 2 hold 0..8.
    let packed = _mm256_permute4x64_epi64::<0b1000>(_mm256_packus_epi32(strengths, strengths));
    // SAFETY: `out` is 16 writable bytes (`HandRank` is a `repr(transparent)` `u16`), and every
    // 16-bit pattern written is a strength the tables hold.
    unsafe { _mm_storeu_si128(out.as_mut_ptr().cast(), _mm256_castsi256_si128(packed)) }
}

/// Evaluates every hand of `hands` into `out` (of the same length).
#[target_feature(enable = "avx2")]
pub(super) fn evaluate<const K: usize>(hands: &[[u8; K]], out: &mut [HandRank]) {
    let c = Constants::new::<K>();
    blocks::<K, LANES>(hands, out, |block, out| {
        store(Block::load(block, &c).evaluate::<K>(&c), out);
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
    blocks::<K, LANES>(hands, out, |block, out| {
        if result.is_err() {
            return;
        }
        let loaded = Block::load(block, &c);
        if loaded.any_bad::<K>(&c) {
            // Rare: the scalar check names the first bad hand, as a scalar pass would.
            result = scalar::check(at, block);
        }
        store(loaded.evaluate::<K>(&c), out);
        at += LANES;
    });
    result
}
