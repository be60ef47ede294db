//! The two lookup tables behind Omaha evaluation, built once per process (about 23 million
//! instructions, 37 million before the low table was built from pairs of ranks) and
//! shared read-only by every thread.
//!
//! ```text
//!  HIGH  rows: the 6,175 rank multisets a five-card board can have (no flushes), in eval's
//!        non-flush order; columns: the 91 hole rank pairs {a ≤ b}
//!        cell = best non-flush HandRank of the pair plus three board cards
//!        6,175 × 91 × 2 bytes = 1,123,850 bytes
//!  LOW   index = hole low-rank mask << 8 | board low-rank mask (bit 0 = ace … bit 7 = eight)
//!        cell = 255 − (five-rank mask of the best 8-or-better low), 0 = no low
//!        65,536 bytes
//! ```
//!
//! A rank multiset of five board cards is identified by its non-flush [`eval::HandRank`]: five
//! ranks make exactly one hand, so `category offset + order in category` numbers the multisets
//! densely. Flushes never come from this table (see [`crate::evaluate`]).

use std::sync::OnceLock;

use deck::Card;
use eval::HandKey;

/// Hole rank pairs `{a ≤ b}` of 13 ranks.
pub const PAIRS: usize = 91;

/// Five-card non-flush rank multisets (at most four of a rank).
pub const BOARD_ROWS: usize = 6175;

/// Bytes taken by both tables and the small index arrays.
pub const TABLE_BYTES: usize = BOARD_ROWS * PAIRS * 2 + 65536 + 169 + 16 * 2;

/// Column of the rank pair `{a, b}`, indexed `a * 13 + b` in either order.
pub const PAIR_INDEX: [u8; 169] = pair_index();

const fn pair_index() -> [u8; 169] {
    let mut out = [0u8; 169];
    let mut next = 0u8;
    let mut a = 0;
    while a < 13 {
        let mut b = a;
        while b < 13 {
            out[a * 13 + b] = next;
            out[b * 13 + a] = next;
            next += 1;
            b += 1;
        }
        a += 1;
    }
    out
}

/// First row of each category among the non-flush multisets, in [`Category::ALL`] order
/// (flush categories never occur and hold 0).
const ROW_OFFSETS: [u16; 16] = {
    let mut out = [0u16; 16];
    // High card 1,277, pair 2,860, two pair 858, trips 858, straight 10, full house 156, quads.
    out[1] = 1277;
    out[2] = 1277 + 2860;
    out[3] = out[2] + 858;
    out[4] = out[3] + 858;
    out[6] = out[4] + 10;
    out[7] = out[6] + 156;
    out
};

/// The low-rank bit of each rank (deuce = rank 0 … ace = rank 12): ace bit 0, deuce bit 1, …,
/// eight bit 7; nine to king have none.
pub const LOW_BIT: [u8; 13] = [2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 1];

/// The lookup tables.
#[derive(Debug)]
pub struct Tables {
    high: Box<[u16]>,
    low: Box<[u8]>,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The row of a board of five cards, from the key of their ranks.
#[inline(always)]
pub fn board_row(key: HandKey) -> usize {
    let rank = key.rank_strength();
    usize::from(ROW_OFFSETS[rank.category_index()]) + usize::from(rank.order_in_category())
}

impl Tables {
    /// The process's tables, built on first use (on the calling thread). Take
    /// the reference once per batch of work: the first call builds, later calls read an
    /// initialised cell.
    pub fn get() -> &'static Tables {
        TABLES.get_or_init(Tables::build)
    }

    /// The 91 best non-flush strengths of one board row, by hole rank pair.
    #[inline(always)]
    pub fn high_row(&self, row: usize) -> &[u16; PAIRS] {
        let start = row * PAIRS;
        self.high[start..start + PAIRS]
            .try_into()
            .expect("rows are PAIRS long")
    }

    /// Asks the processor to bring `row` of the high table into its cache ahead of the reads
    /// of [`Tables::high_row`] (a hint: nothing is read, nothing changes).
    #[inline(always)]
    #[allow(unsafe_code)]
    pub fn prefetch_row(&self, row: usize) {
        #[cfg(target_arch = "x86_64")]
        if let Some(cells) = self.high.get(row * PAIRS..row * PAIRS + PAIRS) {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let first = cells.as_ptr().cast::<i8>();
            // The row's 182 bytes touch at most four cache lines of 64 bytes.
            for offset in [0, 64, 128, 2 * PAIRS - 1] {
                // SAFETY: a prefetch reads nothing and never faults; the address lies in the row.
                unsafe { _mm_prefetch::<_MM_HINT_T0>(first.wrapping_add(offset)) }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = row;
    }

    /// The best 8-or-better low of a hole low-rank mask against a board low-rank mask:
    /// larger is better, 0 for none.
    #[inline(always)]
    pub fn low(&self, hole_mask: u8, board_mask: u8) -> u8 {
        self.low[usize::from(hole_mask) << 8 | usize::from(board_mask)]
    }

    fn build() -> Tables {
        let by_pair = TripleStrengths::new();
        let mut high = vec![0u16; BOARD_ROWS * PAIRS].into_boxed_slice();
        let mut counts = [0u8; 13];
        for_each_multiset(&mut counts, 0, 5, &mut |counts| {
            let board = rank_keys(&ranks_of(counts));
            let start = board_row(HandKey::of(&board)) * PAIRS;
            let row = (&mut high[start..start + PAIRS])
                .try_into()
                .expect("rows are PAIRS long");
            by_pair.fill_row(row, counts);
        });
        Tables {
            high,
            low: low_table(),
        }
    }
}

/// Three-card rank multisets (`r0 ≤ r1 ≤ r2`): 455 of 13 ranks.
const TRIPLES: usize = 455;

/// The best non-flush strength of every hole rank pair with every three-card rank multiset:
/// the high table's rows are then each the largest, column by column, of the rows of their ten
/// three-card subsets (about 1 ms for the whole table, where evaluating ten five-card hands a
/// cell took 10 ms).
struct TripleStrengths {
    /// Index into `rows` of the multiset `{r0 ≤ r1 ≤ r2}`, at `r0 * 169 + r1 * 13 + r2`.
    index: Vec<u16>,
    /// Per multiset, per pair column, the strength of the five ranks (0 where they would need a
    /// fifth card of a rank).
    rows: Vec<[u16; PAIRS]>,
}

impl TripleStrengths {
    fn new() -> Self {
        let mut index = vec![u16::MAX; 13 * 13 * 13];
        let mut rows = Vec::with_capacity(TRIPLES);
        for r0 in 0..13u8 {
            for r1 in r0..13 {
                for r2 in r1..13 {
                    index[usize::from(r0) * 169 + usize::from(r1) * 13 + usize::from(r2)] =
                        rows.len() as u16;
                    let mut row = [0u16; PAIRS];
                    for a in 0..13u8 {
                        for b in a..13u8 {
                            let ranks = [r0, r1, r2, a, b];
                            if ranks
                                .iter()
                                .any(|r| ranks.iter().filter(|&s| s == r).count() > 4)
                            {
                                continue;
                            }
                            let mut seen = [0u8; 13];
                            let key = ranks.iter().fold(HandKey::EMPTY, |key, &r| {
                                seen[usize::from(r)] += 1;
                                key.with(Card::new(r, seen[usize::from(r)] - 1))
                            });
                            row[usize::from(PAIR_INDEX[usize::from(a) * 13 + usize::from(b)])] =
                                key.rank_strength().value();
                        }
                    }
                    rows.push(row);
                }
            }
        }
        debug_assert_eq!(rows.len(), TRIPLES);
        Self { index, rows }
    }

    /// The high table's row of a board of these rank counts: the best non-flush strength of
    /// every hole rank pair with three of the board's cards (pairs that would need a fifth card
    /// of a rank stay 0: they cannot be dealt).
    fn fill_row(&self, row: &mut [u16; PAIRS], counts: &[u8; 13]) {
        let ranks = ranks_of(counts);
        for i in 0..5 {
            for j in i + 1..5 {
                for k in j + 1..5 {
                    // `ranks` is sorted, so `i < j < k` gives `r0 ≤ r1 ≤ r2`.
                    let at = usize::from(ranks[i]) * 169
                        + usize::from(ranks[j]) * 13
                        + usize::from(ranks[k]);
                    let triple = &self.rows[usize::from(self.index[at])];
                    for (best, &strength) in row.iter_mut().zip(triple) {
                        *best = (*best).max(strength);
                    }
                }
            }
        }
        for a in 0..13 {
            for b in a..13 {
                let fits = if a == b {
                    counts[a] + 2 <= 4
                } else {
                    counts[a] < 4 && counts[b] < 4
                };
                if !fits {
                    row[usize::from(PAIR_INDEX[a * 13 + b])] = 0;
                }
            }
        }
    }
}

/// The low table: for each board low-rank mask, the low of every pair of hole ranks with it
/// ([`low_with_pair`]), then each hole mask's best as the better of the same mask without its
/// highest rank and the pairs that rank makes with the others (a pair of the mask either holds
/// its highest rank or not). The very cells of [`best_low`] everywhere, from about 200,000
/// steps instead of 460,000 pairs tried.
fn low_table() -> Box<[u8]> {
    let mut low = vec![0u8; 65536].into_boxed_slice();
    let mut with_pair = [0u8; 256];
    for board in 0..256usize {
        for a in 0..8 {
            for b in a + 1..8 {
                let pair = 1u8 << a | 1 << b;
                with_pair[usize::from(pair)] =
                    low_with_pair(pair, board as u8).map_or(0, |mask| 255 - mask);
            }
        }
        for hole in 1..256usize {
            let top = 1usize << (usize::BITS - 1 - hole.leading_zeros());
            let rest = hole ^ top;
            let mut best = low[rest << 8 | board];
            let mut others = rest;
            while others != 0 {
                let other = others & others.wrapping_neg();
                others ^= other;
                best = best.max(with_pair[top | other]);
            }
            low[hole << 8 | board] = best;
        }
    }
    low
}

/// The best low of two distinct hole ranks from `hole` and three distinct board ranks from
/// `board` not equal to them: for each pair, the three lowest remaining board ranks are best
/// (they minimise every order statistic), and a five-rank mask read as an integer orders lows
/// (the highest rank decides first). Only the pairs `hole` holds are tried.
#[cfg(test)]
fn best_low(hole: u8, board: u8) -> u8 {
    let mut best: Option<u8> = None;
    let mut firsts = hole;
    while firsts != 0 {
        let first = firsts & firsts.wrapping_neg();
        firsts ^= first;
        let mut seconds = firsts;
        while seconds != 0 {
            let second = seconds & seconds.wrapping_neg();
            seconds ^= second;
            let pair = first | second;
            if let Some(hand) = low_with_pair(pair, board) {
                best = Some(best.map_or(hand, |b| b.min(hand)));
            }
        }
    }
    best.map_or(0, |mask| 255 - mask)
}

/// The low of the hole ranks `pair` with the three lowest board ranks not in it (the best
/// three: they minimise every order statistic), if `board` has three such ranks.
fn low_with_pair(pair: u8, board: u8) -> Option<u8> {
    let mut rest = board & !pair;
    if rest.count_ones() < 3 {
        return None;
    }
    let mut three = 0u8;
    for _ in 0..3 {
        let lowest = rest & rest.wrapping_neg();
        three |= lowest;
        rest ^= lowest;
    }
    Some(pair | three)
}

/// Calls `visit` with every way to put `left` more cards on ranks `from..13`, at most four each.
fn for_each_multiset(
    counts: &mut [u8; 13],
    from: usize,
    left: u8,
    visit: &mut impl FnMut(&[u8; 13]),
) {
    if left == 0 {
        visit(counts);
        return;
    }
    for r in from..13 {
        if counts[r] < 4 {
            counts[r] += 1;
            for_each_multiset(counts, r, left - 1, visit);
            counts[r] -= 1;
        }
    }
}

fn ranks_of(counts: &[u8; 13]) -> [u8; 5] {
    let mut out = [0u8; 5];
    let mut i = 0;
    for (r, &n) in counts.iter().enumerate() {
        for _ in 0..n {
            out[i] = r as u8;
            i += 1;
        }
    }
    out
}

/// Cards of the given ranks with suits 0, 1, 2, … per repeated rank (only ranks matter here).
fn rank_keys(ranks: &[u8; 5]) -> [Card; 5] {
    let mut seen = [0u8; 13];
    ranks.map(|r| {
        let suit = seen[r as usize];
        seen[r as usize] += 1;
        Card::new(r, suit)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    // The first construction of the tables, kept as the oracle of the fast one.
    /// The tables as they were first built (the oracle): ten five-card hands evaluated a cell, and
    /// every pair of low ranks tried.
    fn first_build() -> (Box<[u16]>, Box<[u8]>) {
        // The multisets in row order, then the rows filled in parallel (on the current rayon
        // pool; every row is computed alone, so the table does not depend on the threads).
        let mut by_row = vec![[0u8; 13]; BOARD_ROWS];
        let mut counts = [0u8; 13];
        for_each_multiset(&mut counts, 0, 5, &mut |counts| {
            let board = rank_keys(&ranks_of(counts));
            by_row[board_row(HandKey::of(&board))] = *counts;
        });
        let mut high = vec![0u16; BOARD_ROWS * PAIRS].into_boxed_slice();
        for (row, counts) in high.chunks_mut(PAIRS).zip(&by_row) {
            fill_row(row, counts);
        }
        let mut low = vec![0u8; 65536].into_boxed_slice();
        for hole in 0..256usize {
            for board in 0..256usize {
                low[hole << 8 | board] = first_best_low(hole as u8, board as u8);
            }
        }
        (high, low)
    }

    /// The best non-flush strength of every hole rank pair with three cards of a board of these
    /// rank counts (pairs that would need a fifth card of a rank stay 0: they cannot be dealt).
    fn fill_row(row: &mut [u16], counts: &[u8; 13]) {
        let triples = triple_keys(&rank_keys(&ranks_of(counts)));
        for a in 0..13u8 {
            for b in a..13u8 {
                let fits = if a == b {
                    counts[a as usize] + 2 <= 4
                } else {
                    counts[a as usize] < 4 && counts[b as usize] < 4
                };
                if !fits {
                    continue;
                }
                let pair = HandKey::EMPTY.with(Card::new(a, 0)).with(Card::new(b, 1));
                let best = triples
                    .iter()
                    .map(|t| add_keys(pair, *t).rank_strength().value())
                    .max()
                    .unwrap_or(0);
                row[usize::from(PAIR_INDEX[usize::from(a) * 13 + usize::from(b)])] = best;
            }
        }
    }

    /// The best low of two distinct hole ranks from `hole` and three distinct board ranks from
    /// `board` not equal to them: for each pair, the three lowest remaining board ranks are best
    /// (they minimise every order statistic), and a five-rank mask read as an integer orders lows
    /// (the highest rank decides first).
    fn first_best_low(hole: u8, board: u8) -> u8 {
        let mut best: Option<u8> = None;
        for x in 0..8 {
            for y in x + 1..8 {
                let pair = 1u8 << x | 1 << y;
                if hole & pair != pair {
                    continue;
                }
                if let Some(hand) = low_with_pair(pair, board) {
                    best = Some(best.map_or(hand, |b| b.min(hand)));
                }
            }
        }
        best.map_or(0, |mask| 255 - mask)
    }

    /// The ten three-card keys of a five-card board, without the empty key's suit offset.
    fn triple_keys(board: &[Card; 5]) -> [[Card; 3]; 10] {
        let mut out = [[board[0]; 3]; 10];
        let mut n = 0;
        for i in 0..5 {
            for j in i + 1..5 {
                for k in j + 1..5 {
                    out[n] = [board[i], board[j], board[k]];
                    n += 1;
                }
            }
        }
        out
    }

    fn add_keys(key: HandKey, cards: [Card; 3]) -> HandKey {
        cards.iter().fold(key, |k, &c| k.with(c))
    }

    #[test]
    fn the_tables_are_those_of_the_first_construction() {
        let tables = Tables::build();
        let (high, low) = first_build();
        assert!(
            tables.high == high,
            "the high table differs from the oracle's"
        );
        assert!(tables.low == low, "the low table differs from the oracle's");
    }

    #[test]
    fn board_rows_number_the_multisets_densely() {
        let mut seen = vec![false; BOARD_ROWS];
        let mut n = 0;
        let mut counts = [0u8; 13];
        for_each_multiset(&mut counts, 0, 5, &mut |counts| {
            let cards = rank_keys(&ranks_of(counts));
            let row = board_row(HandKey::of(&cards));
            assert!(row < BOARD_ROWS && !seen[row], "row {row} of {cards:?}");
            seen[row] = true;
            n += 1;
        });
        assert_eq!(n, BOARD_ROWS);
        assert_eq!(eval::Category::ALL[4], eval::Category::Straight);
    }

    #[test]
    fn pair_columns_are_a_bijection() {
        let mut seen = [false; PAIRS];
        for a in 0..13 {
            for b in a..13 {
                let i = usize::from(PAIR_INDEX[a * 13 + b]);
                assert!(!seen[i]);
                seen[i] = true;
                assert_eq!(PAIR_INDEX[b * 13 + a], PAIR_INDEX[a * 13 + b]);
            }
        }
    }

    #[test]
    fn named_lows() {
        let mask = |ranks: &[u8]| ranks.iter().fold(0u8, |m, &r| m | 1 << (r - 1));
        // A2 in hand, 3-4-5 on board: the wheel, the best low.
        assert_eq!(
            best_low(mask(&[1, 2]), mask(&[3, 4, 5, 9 - 1])),
            255 - mask(&[1, 2, 3, 4, 5])
        );
        // Two low board cards: no low.
        assert_eq!(best_low(mask(&[1, 2]), mask(&[3, 4])), 0);
        // Hole ranks duplicated on the board do not count twice: A2 with A-2-3 on board.
        assert_eq!(best_low(mask(&[1, 2]), mask(&[1, 2, 3])), 0);
        assert_eq!(
            best_low(mask(&[1, 2]), mask(&[1, 2, 3, 7, 8])),
            255 - mask(&[1, 2, 3, 7, 8])
        );
    }
}
