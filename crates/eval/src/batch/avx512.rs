//! The AVX-512 batch path: sixteen hands per step, one per 32-bit lane.
//!
//! ```text
//!  16 hands × K bytes ──2 loads──▶ zmm a (bytes 0..64), zmm b (64..16K, masked load)
//!  card column j     ──vpermi2b (zero-masked)──▶ lane i = byte i·K + j
//!  rank key          ──vpermd over 16 rank keys (index c >> 2)──▶ Σ over the K columns
//!  suit count        ──vpermd over 1 << 4·(c & 3) (index c & 15)──▶ Σ, from 0x3333
//!  no flush: rank hash h ─gather ROW_STARTS[h >> 12]─▶ + h % 4096 ─gather RANK_TABLE─▶ strength
//!  flush lanes: rank bits of the flush suit's cards ─gather FLUSH_TABLE─▶ strength
//!  16 strengths ──vpmovdw──▶ 32 bytes stored
//! ```
//!
//! The card keys come from registers, not memory: only the two rank-table loads, which depend on
//! the hand, are gathers. The tables are 16-bit; a 32-bit gather reads each entry with the next
//! one, which `build.rs` pads for (`WIDE_READS_FIT_THE_TABLE`).
#![allow(unsafe_code)]

use std::arch::x86_64::{
    __m512i, _mm256_storeu_si256, _mm512_add_epi32, _mm512_and_si512, _mm512_cmpeq_epi32_mask,
    _mm512_cmpge_epu8_mask, _mm512_cmpneq_epi32_mask, _mm512_cvtepi32_epi16,
    _mm512_i32gather_epi32, _mm512_loadu_si512, _mm512_mask_i32gather_epi32, _mm512_mask_or_epi32,
    _mm512_maskz_loadu_epi8, _mm512_maskz_permutex2var_epi8, _mm512_or_si512,
    _mm512_permutexvar_epi32, _mm512_popcnt_epi32, _mm512_set1_epi8, _mm512_set1_epi32,
    _mm512_setzero_si512, _mm512_slli_epi32, _mm512_sllv_epi32, _mm512_srli_epi32,
    _mm512_test_epi32_mask, _mm512_xor_si512,
};

use crate::HandRank;
use crate::tables::{FLUSH_TABLE, HASH_MASK, RANK_TABLE, ROW_SHIFT, ROW_STARTS};

use super::{BadHand, blocks, scalar};

/// Hands per step.
const LANES: usize = 16;

/// The byte indices that gather card column `j` of sixteen `K`-card hands into the low byte of
/// each 32-bit lane (the other bytes are zeroed by the permute's mask): lane `i` takes byte
/// `i·K + j` of the 128 bytes `a ++ b`.
const fn column_indices<const K: usize>() -> [[u8; 64]; 7] {
    let mut indices = [[0u8; 64]; 7];
    let mut j = 0;
    while j < K {
        let mut i = 0;
        while i < LANES {
            indices[j][4 * i] = (i * K + j) as u8;
            i += 1;
        }
        j += 1;
    }
    indices
}

/// Every lane's low byte: where the permutes write a column's cards.
const LOW_BYTES: u64 = 0x1111_1111_1111_1111;

/// The vectors a step needs, made once per call.
struct Constants {
    /// Per card column, its permute indices ([`column_indices`]).
    columns: [__m512i; 7],
    /// The rank keys (the low 32 bits of the card keys), indexed by rank (13 to 15: zero).
    rank_keys: __m512i,
    /// `1 << 4·suit`, indexed by the card's low four bits (whose low two are its suit).
    suit_keys: __m512i,
}

impl Constants {
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vpopcntdq")]
    fn new<const K: usize>() -> Constants {
        let indices = const { column_indices::<K>() };
        let columns = std::array::from_fn(|j| {
            // SAFETY: `indices[j]` is 64 readable bytes; the load needs no alignment.
            unsafe { _mm512_loadu_si512(indices[j].as_ptr().cast()) }
        });
        let rank_keys: [u32; 16] = std::array::from_fn(|rank| {
            if rank < 13 {
                crate::tables::CARD_KEYS[4 * rank] as u32
            } else {
                0
            }
        });
        let suit_keys: [u32; 16] = std::array::from_fn(|low| 1 << (4 * (low & 3)));
        // SAFETY: both arrays are 64 readable bytes; the loads need no alignment.
        let (rank_keys, suit_keys) = unsafe {
            (
                _mm512_loadu_si512(rank_keys.as_ptr().cast()),
                _mm512_loadu_si512(suit_keys.as_ptr().cast()),
            )
        };
        Constants {
            columns,
            rank_keys,
            suit_keys,
        }
    }
}

/// Sixteen hands' bytes in two registers.
struct Block {
    /// Bytes 0 to 63.
    a: __m512i,
    /// Bytes 64 to `16·K - 1`, then zeros.
    b: __m512i,
}

impl Block {
    /// Loads sixteen hands.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vpopcntdq")]
    fn load<const K: usize>(hands: &[[u8; K]; LANES]) -> Block {
        let bytes: *const u8 = hands.as_ptr().cast();
        let tail: u64 = (1 << (LANES * K - 64)) - 1;
        // SAFETY: `hands` is `16·K >= 80` contiguous bytes: the first load reads bytes 0..64,
        // the second only the `16·K - 64` bytes from 64 that its mask selects (a masked load
        // does not touch the bytes it leaves out).
        unsafe {
            Block {
                a: _mm512_loadu_si512(bytes.cast()),
                b: _mm512_maskz_loadu_epi8(tail, bytes.add(64).cast()),
            }
        }
    }

    /// Card column `j` (`j < K`): lane `i` holds hand `i`'s card `j`.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vpopcntdq")]
    #[inline]
    fn column(&self, c: &Constants, j: usize) -> __m512i {
        _mm512_maskz_permutex2var_epi8(LOW_BYTES, self.a, c.columns[j], self.b)
    }

    /// Whether any byte of the block is not a card index (52 or more): mask bits per byte.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vpopcntdq")]
    #[inline]
    fn out_of_range(&self) -> bool {
        let limit = _mm512_set1_epi8(deck::Card::COUNT as i8);
        _mm512_cmpge_epu8_mask(self.a, limit) | _mm512_cmpge_epu8_mask(self.b, limit) != 0
    }

    /// The lanes holding some card twice (all bytes below 52 assumed): each lane's cards as
    /// bits of two 32-bit words, whose popcounts add up to `K` exactly when the cards differ.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vpopcntdq")]
    #[inline]
    fn repeats<const K: usize>(&self, c: &Constants) -> u16 {
        let one = _mm512_set1_epi32(1);
        let high = _mm512_set1_epi32(32);
        let mut low_bits = _mm512_setzero_si512();
        let mut high_bits = _mm512_setzero_si512();
        for j in 0..K {
            let card = self.column(c, j);
            // A shift by 32 or more gives zero: cards 0 to 31 set a low bit, 32 to 51 a high one.
            low_bits = _mm512_or_si512(low_bits, _mm512_sllv_epi32(one, card));
            high_bits = _mm512_or_si512(
                high_bits,
                _mm512_sllv_epi32(one, _mm512_xor_si512(card, high)),
            );
        }
        let distinct = _mm512_add_epi32(
            _mm512_popcnt_epi32(low_bits),
            _mm512_popcnt_epi32(high_bits),
        );
        _mm512_cmpneq_epi32_mask(distinct, _mm512_set1_epi32(K as i32))
    }

    /// The sixteen strengths, as 32-bit lanes.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vpopcntdq")]
    #[inline]
    fn evaluate<const K: usize>(&self, c: &Constants) -> __m512i {
        let mut sums = _mm512_setzero_si512();
        let mut suits = _mm512_set1_epi32(0x3333);
        for j in 0..K {
            let card = self.column(c, j);
            let rank = _mm512_srli_epi32::<2>(card);
            sums = _mm512_add_epi32(sums, _mm512_permutexvar_epi32(rank, c.rank_keys));
            suits = _mm512_add_epi32(suits, _mm512_permutexvar_epi32(card, c.suit_keys));
        }
        let hash = _mm512_and_si512(sums, _mm512_set1_epi32(HASH_MASK as i32));
        let row = _mm512_srli_epi32::<ROW_SHIFT>(hash);
        let column = _mm512_and_si512(hash, _mm512_set1_epi32((1 << ROW_SHIFT) - 1));
        let low_half = _mm512_set1_epi32(0xffff);
        // SAFETY: `row < 2^(25 - ROW_SHIFT) = ROW_STARTS.len()` (asserted in tables.rs), so each
        // lane reads one entry of `ROW_STARTS` (scale 4: its byte offset is `4·row`).
        let starts = unsafe { _mm512_i32gather_epi32::<4>(row, ROW_STARTS.as_ptr().cast()) };
        let slots = _mm512_add_epi32(starts, column);
        // SAFETY: every slot is some row's start plus a column below 2^ROW_SHIFT, and
        // `WIDE_READS_FIT_THE_TABLE` (a compile-time assertion) proves that slot + 1 is still in
        // `RANK_TABLE`: the four bytes read at byte offset `2·slot` are inside the table.
        let mut strengths = _mm512_and_si512(
            unsafe { _mm512_i32gather_epi32::<2>(slots, RANK_TABLE.as_ptr().cast()) },
            low_half,
        );
        let flush_bits = _mm512_and_si512(suits, _mm512_set1_epi32(0x8888));
        let flushes = _mm512_test_epi32_mask(flush_bits, flush_bits);
        if flushes != 0 {
            // A card is of the flush suit when its suit key, moved to the counter's top bit, is
            // the lane's flush bit (lanes without a flush have none and match no card).
            let one = _mm512_set1_epi32(1);
            let mut masks = _mm512_setzero_si512();
            for j in 0..K {
                let card = self.column(c, j);
                let suit_bit = _mm512_slli_epi32::<3>(_mm512_permutexvar_epi32(card, c.suit_keys));
                let in_suit = _mm512_cmpeq_epi32_mask(suit_bit, flush_bits);
                let rank_bit = _mm512_sllv_epi32(one, _mm512_srli_epi32::<2>(card));
                masks = _mm512_mask_or_epi32(masks, in_suit, masks, rank_bit);
            }
            let masks = _mm512_and_si512(masks, _mm512_set1_epi32(0x1fff));
            // SAFETY: each lane's mask has at most K <= 7 of its 13 bits set (one per card), so
            // it is at most 0x1fc0 and the four bytes read at byte offset `2·mask` lie inside
            // the 8,192 entries of `FLUSH_TABLE` (asserted in tables.rs).
            let flushed = unsafe {
                _mm512_mask_i32gather_epi32::<2>(
                    strengths,
                    flushes,
                    masks,
                    FLUSH_TABLE.as_ptr().cast(),
                )
            };
            strengths = _mm512_and_si512(flushed, low_half);
        }
        strengths
    }
}

/// Stores sixteen strengths (32-bit lanes below 2^16) into `out`.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vpopcntdq")]
#[inline]
fn store(strengths: __m512i, out: &mut [HandRank; LANES]) {
    // SAFETY: `out` is 32 writable bytes (`HandRank` is a `repr(transparent)` `u16`), and every
    // 16-bit pattern written is a strength the tables hold.
    unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), _mm512_cvtepi32_epi16(strengths)) }
}

/// Evaluates every hand of `hands` into `out` (of the same length).
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vpopcntdq")]
pub(super) fn evaluate<const K: usize>(hands: &[[u8; K]], out: &mut [HandRank]) {
    let c = Constants::new::<K>();
    blocks::<K, LANES>(hands, out, |block, out| {
        store(Block::load(block).evaluate::<K>(&c), out);
    });
}

/// Checks and evaluates every hand of `hands` into `out` (of the same length), stopping at the
/// first hand that is not one.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,avx512vpopcntdq")]
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
        let loaded = Block::load(block);
        if loaded.out_of_range() || loaded.repeats::<K>(&c) != 0 {
            // Rare: the scalar check names the first bad hand, as a scalar pass would.
            result = scalar::check(at, block);
        }
        store(loaded.evaluate::<K>(&c), out);
        at += LANES;
    });
    result
}
