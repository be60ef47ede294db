// Issue 29: can SIMD deal the odds loop's cards faster than scalar code, with the same picks?
//
// Each variant deals 7 cards a round by partial Fisher-Yates on L reused decks (slot j swaps with
// slot j + pick, pick uniform in 0..52-j), one 64-bit random word per deck and round, its picks
// made by chained multiplications (the high word of word * bound is the pick, the low word is the
// word for the next card), the words drawn from one xoshiro256++ stream in lane order: the dealing
// of `sim odds` (crates/deck/src/dealer.rs). Each SIMD variant is checked to leave exactly the
// decks its scalar reference leaves (same_decks=1), except the "free words" bound, which replaces
// the generator by a multiply to show what the swaps alone cost.
//
//   scalar-4x8    4 decks of one-byte cards, lanes interleaved card by card (the reference)
//   vpermb-4      each deck in one zmm register; a swap is one vpermb whose index vector is built
//                 from the pick (broadcast, compare, blend, masked move)
//   vpermb-tab-4  the same, the index vector loaded from a table of every (j, j + pick) swap
//   scalar-16x32  16 decks of four-byte cards (the reference of the gathers)
//   gather-16     16 decks side by side in zmm lanes: picks by two 32-bit multiplications a card,
//                 two 16-lane gathers and two 16-lane scatters a card
//   gather-16-fw  the same with free words (no generator): a bound on the swaps alone
//
// Build and run: bash benches/simd_deal/run.sh (needs gcc and an AVX-512 VBMI CPU).
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef unsigned __int128 u128;
enum { CARDS = 7, DECK = 52 };

static uint64_t state[4];
static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
static inline uint64_t next_word(void) {
  uint64_t r = rotl(state[0] + state[3], 23) + state[0], t = state[1] << 17;
  state[2] ^= state[0]; state[3] ^= state[1]; state[1] ^= state[2]; state[0] ^= state[3];
  state[2] ^= t; state[3] = rotl(state[3], 45);
  return r;
}
static void seed(void) { state[0] = 1; state[1] = 2; state[2] = 3; state[3] = 4; }
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

static uint8_t bytes4[4][64] __attribute__((aligned(64)));
static uint32_t words16[16][DECK] __attribute__((aligned(64)));
static uint8_t swap_index[CARDS][64][64] __attribute__((aligned(64)));

static void reset(void) {
  seed();
  for (int l = 0; l < 4; l++) for (int i = 0; i < 64; i++) bytes4[l][i] = (uint8_t)i;
  for (int l = 0; l < 16; l++) for (int i = 0; i < DECK; i++) words16[l][i] = (uint32_t)i;
}

// The scalar reference: LANES decks of TYPE cards in the array DECKS, lanes interleaved card by
// card, as `Dealer::deal_lanes` deals them.
#define SCALAR_DEAL(NAME, TYPE, LANES, DECKS)                               \
  __attribute__((noinline)) static uint64_t NAME(long rounds) {            \
    uint64_t sum = 0;                                                      \
    for (long r = 0; r < rounds; r++) {                                    \
      uint64_t w[LANES];                                                   \
      for (int l = 0; l < LANES; l++) w[l] = next_word();                  \
      for (int j = 0; j < CARDS; j++)                                      \
        for (int l = 0; l < LANES; l++) {                                  \
          u128 p = (u128)w[l] * (uint64_t)(DECK - j);                      \
          w[l] = (uint64_t)p;                                              \
          unsigned t = j + (unsigned)(p >> 64);                            \
          TYPE drawn = DECKS[l][t];                                        \
          DECKS[l][t] = DECKS[l][j];                                       \
          DECKS[l][j] = drawn;                                             \
          sum += drawn;                                                    \
        }                                                                  \
    }                                                                      \
    return sum;                                                            \
  }

SCALAR_DEAL(scalar4, uint8_t, 4, bytes4)
SCALAR_DEAL(scalar16, uint32_t, 16, words16)

// The cards dealt, summed from the low 7 bytes of each deck register.
__attribute__((target("avx512f"))) static inline uint64_t front_sum(__m512i deck) {
  uint64_t c = (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(deck)), s = 0;
  for (int i = 0; i < CARDS; i++) s += c >> (8 * i) & 0xff;
  return s;
}

__attribute__((always_inline, target("avx512f,avx512bw,avx512vbmi"))) static inline uint64_t vpermb4(long rounds, int table) {
  __m512i deck[4];
  for (int l = 0; l < 4; l++) deck[l] = _mm512_load_si512(bytes4[l]);
  const __m512i identity = _mm512_load_si512(swap_index[0][0]);
  uint64_t sum = 0;
  for (long r = 0; r < rounds; r++) {
    uint64_t w[4];
    for (int l = 0; l < 4; l++) w[l] = next_word();
    for (int j = 0; j < CARDS; j++)
      for (int l = 0; l < 4; l++) {
        u128 p = (u128)w[l] * (uint64_t)(DECK - j);
        w[l] = (uint64_t)p;
        unsigned t = j + (unsigned)(p >> 64);
        __m512i index;
        if (table) {
          index = _mm512_load_si512(swap_index[j][t]);
        } else {
          __m512i to = _mm512_set1_epi8((char)t);
          __mmask64 at_t = _mm512_cmpeq_epi8_mask(identity, to);
          index = _mm512_mask_blend_epi8((__mmask64)1 << j, identity, to);
          index = _mm512_mask_mov_epi8(index, at_t, _mm512_set1_epi8((char)j));
        }
        deck[l] = _mm512_permutexvar_epi8(index, deck[l]);
      }
    for (int l = 0; l < 4; l++) sum += front_sum(deck[l]);
  }
  for (int l = 0; l < 4; l++) _mm512_store_si512(bytes4[l], deck[l]);
  return sum;
}

// The high and low words of w * b for 8 lanes, b below 2^32: two 32 x 32 multiplications.
__attribute__((target("avx512f"))) static inline __m512i mul_pick(__m512i *w, __m512i b) {
  __m512i lo = _mm512_mul_epu32(*w, b), hi = _mm512_mul_epu32(_mm512_srli_epi64(*w, 32), b);
  *w = _mm512_add_epi64(_mm512_slli_epi64(hi, 32), lo);
  return _mm512_srli_epi64(_mm512_add_epi64(hi, _mm512_srli_epi64(lo, 32)), 32);
}

__attribute__((always_inline, target("avx512f,avx512dq"))) static inline uint64_t gather16(long rounds, int free_words) {
  const __m512i base = _mm512_mullo_epi32(
      _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), _mm512_set1_epi32(DECK));
  uint32_t *decks = &words16[0][0];
  __m512i sum = _mm512_setzero_si512();
  for (long r = 0; r < rounds; r++) {
    uint64_t words[16];
    for (int l = 0; l < 16; l++) words[l] = free_words ? 0x9E3779B97F4A7C15ull * (uint64_t)(r * 16 + l + 1) : next_word();
    __m512i w0 = _mm512_loadu_si512(words), w1 = _mm512_loadu_si512(words + 8);
    for (int j = 0; j < CARDS; j++) {
      __m512i b = _mm512_set1_epi64(DECK - j);
      __m512i p0 = mul_pick(&w0, b), p1 = mul_pick(&w1, b);
      __m512i pick = _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi64_epi32(p0)), _mm512_cvtepi64_epi32(p1), 1);
      __m512i at_j = _mm512_add_epi32(base, _mm512_set1_epi32(j)), at_t = _mm512_add_epi32(at_j, pick);
      __m512i drawn = _mm512_i32gather_epi32(at_t, (const int *)decks, 4);
      __m512i there = _mm512_i32gather_epi32(at_j, (const int *)decks, 4);
      _mm512_i32scatter_epi32(decks, at_t, there, 4);
      _mm512_i32scatter_epi32(decks, at_j, drawn, 4);
      sum = _mm512_add_epi32(sum, drawn);
    }
  }
  uint32_t lanes[16];
  _mm512_storeu_si512(lanes, sum);
  uint64_t total = 0;
  for (int l = 0; l < 16; l++) total += lanes[l];
  return total;
}

// One function per variant, so that each is compiled with its constant.
__attribute__((noinline, target("avx512f,avx512bw,avx512vbmi"))) static uint64_t vpermb_built(long rounds) { return vpermb4(rounds, 0); }
__attribute__((noinline, target("avx512f,avx512bw,avx512vbmi"))) static uint64_t vpermb_table(long rounds) { return vpermb4(rounds, 1); }
__attribute__((noinline, target("avx512f,avx512dq"))) static uint64_t gather_words(long rounds) { return gather16(rounds, 0); }
__attribute__((noinline, target("avx512f,avx512dq"))) static uint64_t gather_free_words(long rounds) { return gather16(rounds, 1); }

int main(int argc, char **argv) {
  long rounds = argc > 1 ? atol(argv[1]) : 20000000;
  for (int j = 0; j < CARDS; j++)
    for (int t = 0; t < 64; t++) {
      for (int i = 0; i < 64; i++) swap_index[j][t][i] = (uint8_t)i;
      swap_index[j][t][j] = (uint8_t)t;
      swap_index[j][t][t] = (uint8_t)j;
    }
  static uint8_t ref4[4][64];
  static uint32_t ref16[16][DECK];
  printf("variant\tM_deck_rounds_per_s\tsame_decks\tsum\n");
  double t;
  uint64_t s;
  reset(); t = now(); s = scalar4(rounds); t = now() - t; memcpy(ref4, bytes4, sizeof ref4);
  printf("scalar-4x8\t%.1f\t1\t%llu\n", rounds * 4 / t / 1e6, (unsigned long long)s);
  for (int table = 0; table < 2; table++) {
    reset(); t = now(); s = table ? vpermb_table(rounds) : vpermb_built(rounds); t = now() - t;
    printf("%s\t%.1f\t%d\t%llu\n", table ? "vpermb-tab-4" : "vpermb-4", rounds * 4 / t / 1e6, !memcmp(ref4, bytes4, sizeof ref4), (unsigned long long)s);
  }
  reset(); t = now(); s = scalar16(rounds / 4); t = now() - t; memcpy(ref16, words16, sizeof ref16);
  printf("scalar-16x32\t%.1f\t1\t%llu\n", rounds / 4 * 16 / t / 1e6, (unsigned long long)s);
  for (int free_words = 0; free_words < 2; free_words++) {
    reset(); t = now(); s = free_words ? gather_free_words(rounds / 4) : gather_words(rounds / 4); t = now() - t;
    printf("%s\t%.1f\t%s\t%llu\n", free_words ? "gather-16-fw" : "gather-16", rounds / 4 * 16 / t / 1e6,
           free_words ? "-" : (!memcmp(ref16, words16, sizeof ref16) ? "1" : "0"), (unsigned long long)s);
  }
  return 0;
}
