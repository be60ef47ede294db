//! One heads-up player's hands as a small table: the non-flush strength of every hand the
//! player can end with, by the multiset of ranks dealt to them.
//!
//! A player who knows `k` cards and is dealt `m <= 4` more can end with at most `C(12 + m, m)`
//! rank multisets (1,820 on third street). Their values ([`Ranking::packed`]: the high hand
//! without a flush, and the low) are computed once per run and stored at a perfect hash of the
//! rank sum ([`KeyedSum::rank_sum`]) of a round's sum of the player's cards, which starts from
//! [`start`]: the whole known hand in games with a high hand (whose flush test wants the whole
//! key), nothing in razz (the dealt cards alone: no addition for the known ones),
//! compress-hash-displace style:
//!
//! ```text
//!  x = rank_sum · mix (mod 2^64)      row = x >> 55 (9 bits)     column = x >> 32
//!  slot = (column + displace[row]) mod 2048                      value = values[slot]
//! ```
//!
//! In hi/lo each value holds, above the high hand's 16 bits, not the eight-or-better low
//! itself but its place among the 57 lows (0 for none, 56 for the wheel), six bits, the first
//! player's six bits above the second's: the two players' values OR-ed together index the
//! outcome of their lows in one load ([`low_class`]).
//!
//! ```text
//!  bit   27    22 21    16 15            0
//!       [ code ,first ][ code, second ][ high hand without a flush ]
//! ```
//!
//! Both tables of both players take about 18 KiB, in one allocation, and stay in the L1 cache, where the evaluator's
//! tables for all multisets of 5 to 7 ranks (over 200 KiB, two dependent loads) live in L2.
//! The build tries a few multipliers until every row finds a displacement that sends its
//! entries to free slots; with 1,820 entries in 2,048 slots the first multiplier almost always
//! does.

use deck::Card;
use eval::{HandKey, KeyedCard, KeyedSum, LowMasks};

use crate::ranking::Ranking;

/// A suit number that marks no suit ([`KeyedCard::new`]).
const NO_SUIT: u8 = 4;

/// Most dealt cards a table covers.
pub(crate) const MAX_DEALT: usize = 4;

/// Bits of a row index, and rows.
const ROW_BITS: u32 = 9;
const ROWS: usize = 1 << ROW_BITS;
/// Slots of the value table (a power of two).
const SLOTS: usize = 1 << 11;
/// Multipliers tried before giving up (the caller then uses the evaluator's tables).
const TRIES: u64 = 32;

/// The packed non-flush strengths of both players' possible hands, each by the rank sum of
/// their hand: one allocation and one multiplier for both players, so a round reads both
/// players' tables through one pointer at fixed offsets.
#[derive(Debug, Clone)]
pub(crate) struct DealtTables {
    mix: u64,
    cells: Box<Cells>,
}

/// The displacements and values of both players' tables.
#[derive(Debug, Clone)]
struct Cells {
    displace: [[u16; ROWS]; 2],
    values: [[u32; SLOTS]; 2],
}

impl DealtTables {
    /// The tables of two players holding `known` who are each dealt `dealt` more cards, valued
    /// by `R`; `None` when `dealt` is 0 or above [`MAX_DEALT`], or when no multiplier tried
    /// gives both players a perfect hash.
    pub(crate) fn new<R: Ranking>(known: [&[Card]; 2], dealt: usize) -> Option<DealtTables> {
        if dealt == 0 || dealt > MAX_DEALT || known.iter().any(|k| k.len() + dealt > 7) {
            return None;
        }
        let mut entries = known.map(|known| entries::<R>(known, dealt));
        if R::HILO {
            for (p, entries) in entries.iter_mut().enumerate() {
                for (_, value) in entries.iter_mut() {
                    let code = u32::from(LOW_CODE[(*value >> 16) as usize & 0xff]);
                    *value = *value & 0xffff | code << code_shift(p);
                }
            }
        }
        let mut tables = DealtTables {
            mix: 0,
            cells: Box::new(Cells {
                displace: [[0; ROWS]; 2],
                values: [[0; SLOTS]; 2],
            }),
        };
        (0..TRIES).find_map(|t| {
            // Odd multipliers from the 64-bit golden ratio's multiples.
            tables.mix = 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(2 * t + 1) | 1;
            (0..2)
                .all(|p| tables.build(p, &entries[p]))
                .then(|| tables.clone())
        })
    }

    /// The row and column of a rank sum under `mix`.
    #[inline(always)]
    fn place(mix: u64, hash: u32) -> (usize, usize) {
        let x = u64::from(hash).wrapping_mul(mix);
        ((x >> (64 - ROW_BITS)) as usize, (x >> 32) as usize)
    }

    /// Fills `player`'s table with `entries` (rank sum, value) under the current multiplier;
    /// whether every row fits.
    fn build(&mut self, player: usize, entries: &[(u32, u32)]) -> bool {
        let mut rows: Vec<Vec<(usize, u32)>> = vec![Vec::new(); ROWS];
        for &(hash, value) in entries {
            let (row, column) = Self::place(self.mix, hash);
            rows[row].push((column % SLOTS, value));
        }
        let mut order: Vec<usize> = (0..ROWS).collect();
        // The fullest rows first, while the table is emptiest; ties by row for a fixed order.
        order.sort_by_key(|&r| (std::cmp::Reverse(rows[r].len()), r));
        let mut taken = vec![false; SLOTS];
        let displace = &mut self.cells.displace[player];
        let values = &mut self.cells.values[player];
        *displace = [0; ROWS];
        *values = [0; SLOTS];
        for r in order {
            let row = &rows[r];
            if row.is_empty() {
                break;
            }
            let mut slots = Vec::with_capacity(row.len());
            let mut fits = |d: usize| {
                slots.clear();
                row.iter().all(|&(c, _)| {
                    let slot = (c + d) % SLOTS;
                    let fresh = !taken[slot] && !slots.contains(&slot);
                    slots.push(slot);
                    fresh
                })
            };
            let Some(d) = (0..SLOTS).find(|&d| fits(d)) else {
                return false;
            };
            displace[r] = d as u16;
            for &(c, value) in row {
                let slot = (c + d) % SLOTS;
                taken[slot] = true;
                values[slot] = value;
            }
        }
        true
    }

    /// The packed value of `player`'s hand summed by `hand`: [`start`] of the known cards (with
    /// any marked ranks) and the dealt cards the table was built for (as many, fitting beside
    /// the known ones).
    #[inline(always)]
    pub(crate) fn packed(&self, player: usize, hand: KeyedSum) -> u32 {
        self.at(player, hand.rank_sum())
    }

    /// `player`'s packed value at rank sum `rank_sum` (as [`DealtTables::packed`] reads it).
    #[inline(always)]
    fn at(&self, player: usize, rank_sum: u32) -> u32 {
        let (row, column) = Self::place(self.mix, rank_sum);
        let displace = self.cells.displace[player][row];
        self.cells.values[player][(column + usize::from(displace)) % SLOTS]
    }
}

/// The (rank sum, packed value) of every hand a player holding `known` can end with when dealt
/// `dealt` more cards.
fn entries<R: Ranking>(known: &[Card], dealt: usize) -> Vec<(u32, u32)> {
    let base = HandKey::of(known);
    let mut held = [0u8; 13];
    for card in known {
        held[usize::from(card.rank())] += 1;
    }
    let mut entries = Vec::new();
    let hand = start::<R>(base, 0).rank_sum();
    let first = (KeyedSum::NONE, LowMasks::of(known));
    multisets(0, dealt, &mut held, first, &mut |(sum, masks)| {
        let value = R::packed_direct(base.with_keyed(sum), masks);
        entries.push((hand.wrapping_add(sum.rank_sum()), value));
    });
    entries
}

/// Where `player`'s low code sits in a hi/lo table value: the first player's above the
/// second's.
const fn code_shift(player: usize) -> u32 {
    16 + 6 * (1 - player as u32)
}

/// Whether `value` is an eight-or-better low's value ([`eval::EightLow::value`]): 0 for none,
/// or 255 less a mask of five of the ranks ace to eight.
const fn is_low(value: usize) -> bool {
    value == 0 || (255 - value).count_ones() == 5
}

/// Each eight-or-better low's place among all of them, weakest first (0: no low, 56: the
/// wheel); 0 for values no low takes.
const LOW_CODE: [u8; 256] = {
    let mut codes = [0u8; 256];
    let mut next = 0;
    let mut v = 0;
    while v < 256 {
        if is_low(v) {
            codes[v] = next;
            next += 1;
        }
        v += 1;
    }
    assert!(next == 57, "57 eight-or-better lows, none included");
    codes
};

/// The low outcome of two players by their codes, `first << 6 | second`: 0 neither has a low,
/// 1 the first's is better (or alone), 2 a tie, 3 the second's is better (or alone).
const LOW_CLASS: [u8; 1 << 12] = {
    let mut classes = [0u8; 1 << 12];
    let mut i = 0;
    while i < 1 << 12 {
        let (a, b) = (i >> 6, i & 63);
        classes[i] = if a == 0 && b == 0 {
            0
        } else if a > b {
            1
        } else if a == b {
            2
        } else {
            3
        };
        i += 1;
    }
    classes
};

/// The low outcome of a hi/lo showdown (as [`LOW_CLASS`] numbers it) from the two players'
/// values read from their tables ([`DealtTables::packed`]): one OR, one shift, one load (and
/// masks that let the compiler drop the bounds checks).
#[inline(always)]
pub(crate) fn low_class(first: u32, second: u32) -> usize {
    usize::from(LOW_CLASS[((first | second) >> 16) as usize & 0xfff] & 3)
}

/// Where a round's sum of a player's cards starts for [`DealtTables::packed`], for a player whose
/// known cards' key is `known` and whose known cards of the marked suit have ranks
/// `marked_ranks`: the whole known hand ([`KeyedSum::of_hand`]) in games with a high hand,
/// nothing in the others.
#[inline]
pub(crate) fn start<R: Ranking>(known: HandKey, marked_ranks: u16) -> KeyedSum {
    if R::HIGH {
        KeyedSum::of_hand(known, marked_ranks)
    } else {
        KeyedSum::NONE
    }
}

/// Calls `visit` with the sum and the rank masks (`sum` and `masks` extended) of every multiset
/// of `left` more ranks from `rank` on, each rank held at most four times counting `held`
/// (which it updates and restores); suits are the next free ones, which the rank hash and the
/// rank masks ignore.
fn multisets(
    rank: u8,
    left: usize,
    held: &mut [u8; 13],
    (sum, masks): (KeyedSum, LowMasks),
    visit: &mut impl FnMut((KeyedSum, LowMasks)),
) {
    if left == 0 {
        visit((sum, masks));
        return;
    }
    if rank == 13 {
        return;
    }
    multisets(rank + 1, left, held, (sum, masks), visit);
    let r = usize::from(rank);
    if held[r] < 4 {
        let card = Card::new(rank, held[r]);
        held[r] += 1;
        multisets(
            rank,
            left - 1,
            held,
            (sum.with(KeyedCard::new(card, NO_SUIT)), masks.with(card)),
            visit,
        );
        held[r] -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ranking::{RazzLow, StudEight, StudHigh};
    use deck::parse_cards;

    /// Every hand each player can make from their known cards reads, through the tables, the
    /// value the evaluator's tables give; the number of hands of each.
    fn agrees<R: Ranking>(known: [&str; 2], dealt: usize) -> [usize; 2] {
        let known = known.map(|k| parse_cards(k).unwrap());
        let tables = DealtTables::new::<R>([&known[0], &known[1]], dealt).expect("a perfect hash");
        let lows = R::lows();
        [0, 1].map(|p| {
            let base = HandKey::of(&known[p]);
            let mut held = [0u8; 13];
            for card in &known[p] {
                held[usize::from(card.rank())] += 1;
            }
            let mut seen = 0;
            // Marked ranks above the key change nothing.
            let hand = start::<R>(base, 0x1555).rank_sum();
            let first = (KeyedSum::NONE, LowMasks::of(&known[p]));
            multisets(0, dealt, &mut held, first, &mut |(sum, _)| {
                let mut value = R::packed(base.with_keyed(sum), lows);
                if R::HILO {
                    let code = u32::from(LOW_CODE[(value >> 16) as usize]);
                    value = value & 0xffff | code << code_shift(p);
                }
                assert_eq!(tables.at(p, hand.wrapping_add(sum.rank_sum())), value);
                seen += 1;
            });
            seen
        })
    }

    #[test]
    fn tables_give_the_evaluators_values() {
        // Third street: of the C(16, 4) multisets of four ranks, those that would make a rank
        // five times are left out (with two aces known, the 12 with three aces and four aces;
        // with a king, four kings).
        assert_eq!(
            agrees::<StudHigh>(["As Ad Kc", "8h 9h Th"], 4),
            [1820 - 13 - 1, 1820 - 3]
        );
        assert_eq!(
            agrees::<StudEight>(["As 2d 3c", "4h 5h 7s"], 4),
            [1820 - 3, 1820 - 3]
        );
        assert_eq!(
            agrees::<RazzLow>(["4h 5h 7s", "As Ac Ad"], 4),
            [1820 - 3, 1820 - 78 - 12 - 1]
        );
        assert_eq!(
            agrees::<StudHigh>(["7c 7d 7h 2s", "As Ks Qs Js"], 3),
            [455 - 13, 455]
        );
        assert_eq!(
            agrees::<RazzLow>(["Ac 2c 3c 4c 5c", "Kd Kh Ks Qd Qh"], 2),
            [91, 90]
        );
        assert_eq!(
            agrees::<StudEight>(["Ac 2c 3c 4c 5c 6c", "Ad 2d 3d 4d 5d 6d"], 1),
            [13, 13]
        );
    }

    #[test]
    fn low_codes_keep_the_order_of_lows() {
        let lows: Vec<usize> = (0..256).filter(|&v| is_low(v)).collect();
        assert_eq!(lows.len(), 57);
        for pair in lows.windows(2) {
            assert_eq!(LOW_CODE[pair[0]] + 1, LOW_CODE[pair[1]]);
        }
        assert_eq!(LOW_CODE[224], 56);
        // The outcome from two table values, against the plain comparison.
        for &a in &lows {
            for &b in &lows {
                let value =
                    |low: usize, p: usize| 0xbeef | u32::from(LOW_CODE[low]) << code_shift(p);
                let expected = match (a, b) {
                    (0, 0) => 0,
                    _ if a > b => 1,
                    _ if a == b => 2,
                    _ => 3,
                };
                assert_eq!(low_class(value(a, 0), value(b, 1)), expected, "{a} {b}");
            }
        }
    }

    #[test]
    fn no_tables_beyond_four_dealt_cards() {
        let known = parse_cards("As Ad").unwrap();
        assert!(DealtTables::new::<StudHigh>([&known, &known], 5).is_none());
        assert!(DealtTables::new::<StudHigh>([&known, &known], 0).is_none());
    }
}
