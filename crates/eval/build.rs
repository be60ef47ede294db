//! Generates the evaluator's lookup tables into `$OUT_DIR/tables.rs` and checks them.
//!
//! Hand strength is `category << 12 | order`, where `order` is the dense position of the hand among
//! the five-card hands of its category (weakest 0). Three tables are produced:
//!
//! * `CARD_KEYS[card]`: the card's additive key: `RANK_MULTIPLIERS[rank] · RANK_MIX mod 2^25` in
//!   the low bits and one count in the suit's nibble at bit `32 + 4·suit` (the nibbles start at 3,
//!   so a nibble reaches 8, its high bit, exactly when five cards share that suit). Seven 25-bit
//!   values cannot carry into bit 32.
//! * `RANK_TABLE`, reached through `HALF_ROW_STARTS`: the best non-flush strength of each multiset
//!   of 5 to 7 ranks. Its hash `h` is the low 25 bits of the key sum, which equal `sum · RANK_MIX
//!   mod 2^25`, where `sum` is the plain multiplier sum: multiplying by an odd constant is a
//!   bijection modulo `2^25`, so distinct sums keep distinct hashes, now spread evenly. The entry
//!   sits at `2 · HALF_ROW_STARTS[h >> ROW_SHIFT] + (h & (2^ROW_SHIFT - 1))`: a displacement
//!   perfect hash whose sparse rows pack with few holes. Rows start at even slots only, so that
//!   half of each start fits 16 bits: the row starts take 16 KiB rather than 32, and a lookup
//!   misses the L1 cache less often (callgrind's cache model: a fifth fewer misses in the odds
//!   and multi-way loops), for a table 2,095 slots longer.
//! * `FLUSH_TABLE[mask]`: the best flush or straight flush within a 13-bit rank mask.
//! * Short deck (36 cards, six to ace; see `src/short_deck.rs` for the tiers): the same card keys
//!   and hash, with a displacement table of its own over the multisets of ranks six to ace
//!   (`SHORT_ROW_STARTS`, 16-bit, padded to every possible row) and one rank table per rule set
//!   (`SHORT_RANK_TABLE_STRAIGHT_HIGH`, `SHORT_RANK_TABLE_TRIPS_HIGH`, sharing the row starts),
//!   and `SHORT_FLUSH_TABLE[mask >> 4]` over the 9-bit masks of six to ace.
//!
//! The rank multipliers make the sums of all multisets of up to seven ranks (each rank at most
//! four times) distinct; they are the greedy smallest such sequence, found by
//! `examples/rank_multipliers.rs`, and verified here on every build.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::PathBuf;

const RANK_MULTIPLIERS: [u32; 13] = [
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520,
];
/// Odd constant (the 32-bit golden ratio) that spreads the multiplier sums over 25 bits.
const RANK_MIX: u32 = 0x9E37_79B1;
const HASH_BITS: u32 = 25;
const HASH_MASK: u32 = (1 << HASH_BITS) - 1;
/// Columns per row of the displacement table: `2^12` minimised offsets plus table bytes.
const ROW_SHIFT: u32 = 12;
/// Hold'em rows start at multiples of this many slots, so that a start divided by it fits 16 bits
/// (`HALF_ROW_STARTS`).
const ROW_START_STEP: u32 = 2;

// Categories, weakest to strongest, as numbered in `src/category.rs`.
const HIGH_CARD: u8 = 0;
const PAIR: u8 = 1;
const TWO_PAIR: u8 = 2;
const THREE_OF_A_KIND: u8 = 3;
const STRAIGHT: u8 = 4;
const FLUSH: u8 = 5;
const FULL_HOUSE: u8 = 6;
const FOUR_OF_A_KIND: u8 = 7;
const STRAIGHT_FLUSH: u8 = 8;
const ROYAL_FLUSH: u8 = 9;

/// A hand's value before densification: category and the deciding ranks, most significant first,
/// packed four bits each.
type RawValue = (u8, u32);

fn pack(ranks: &[u8]) -> u32 {
    ranks.iter().fold(0, |acc, &r| acc << 4 | u32::from(r))
}

/// The high card of the best straight within `mask` (bit r = rank r present), if any.
fn best_straight(mask: u16) -> Option<u8> {
    let with_low_ace = u32::from(mask) << 1 | u32::from(mask >> 12 & 1);
    // Bit b of `with_low_ace` is rank b - 1, with the ace also at bit 0.
    (4..=13u8)
        .rev()
        .find(|&top| (with_low_ace >> (top - 4)) & 0b11111 == 0b11111)
        .map(|top| top - 1)
}

/// Ranks present in `mask`, highest first.
fn ranks_desc(mask: u16) -> Vec<u8> {
    (0..13u8).rev().filter(|&r| mask >> r & 1 == 1).collect()
}

/// Best five-card value among cards of several suits with these rank counts (5 to 7 cards).
fn best_non_flush(counts: &[u8; 13]) -> RawValue {
    best_non_flush_with(counts, true)
}

/// [`best_non_flush`], with hold'em straights counted or (`straights == false`) ignored.
fn best_non_flush_with(counts: &[u8; 13], straights: bool) -> RawValue {
    let present: u16 = (0..13)
        .filter(|&r| counts[r] > 0)
        .fold(0, |m, r| m | 1 << r);
    let ranks_with = |n: u8| -> Vec<u8> {
        (0..13u8)
            .rev()
            .filter(|&r| counts[r as usize] >= n)
            .collect()
    };
    let kickers = |exclude: &[u8], n: usize| -> Vec<u8> {
        ranks_desc(present)
            .into_iter()
            .filter(|r| !exclude.contains(r))
            .take(n)
            .collect()
    };
    let quads = ranks_with(4);
    let trips = ranks_with(3);
    let pairs = ranks_with(2);
    if let Some(&q) = quads.first() {
        let k = kickers(&[q], 1);
        return (FOUR_OF_A_KIND, pack(&[q, k[0]]));
    }
    if let Some(&t) = trips.first()
        && let Some(&p) = pairs.iter().find(|&&p| p != t)
    {
        return (FULL_HOUSE, pack(&[t, p]));
    }
    if straights && let Some(top) = best_straight(present) {
        return (STRAIGHT, pack(&[top]));
    }
    if let Some(&t) = trips.first() {
        let mut v = vec![t];
        v.extend(kickers(&[t], 2));
        return (THREE_OF_A_KIND, pack(&v));
    }
    if pairs.len() >= 2 {
        let (hi, lo) = (pairs[0], pairs[1]);
        let mut v = vec![hi, lo];
        v.extend(kickers(&[hi, lo], 1));
        return (TWO_PAIR, pack(&v));
    }
    if let Some(&p) = pairs.first() {
        let mut v = vec![p];
        v.extend(kickers(&[p], 3));
        return (PAIR, pack(&v));
    }
    (HIGH_CARD, pack(&kickers(&[], 5)))
}

/// Best five-card value among five or more cards of one suit with ranks `mask`.
fn best_flush(mask: u16) -> RawValue {
    match best_straight(mask) {
        Some(12) => (ROYAL_FLUSH, 0),
        Some(top) => (STRAIGHT_FLUSH, pack(&[top])),
        None => (FLUSH, pack(&ranks_desc(mask)[..5])),
    }
}

/// Calls `f` with the counts of every multiset of `size` ranks, each rank at most four times.
fn for_each_multiset(size: u8, f: &mut impl FnMut(&[u8; 13])) {
    fn go(rank: usize, left: u8, counts: &mut [u8; 13], f: &mut impl FnMut(&[u8; 13])) {
        if rank == 13 {
            if left == 0 {
                f(counts);
            }
            return;
        }
        for n in 0..=left.min(4) {
            counts[rank] = n;
            go(rank + 1, left - n, counts, f);
        }
        counts[rank] = 0;
    }
    go(0, size, &mut [0; 13], f);
}

fn rank_sum(counts: &[u8; 13]) -> u32 {
    counts
        .iter()
        .zip(RANK_MULTIPLIERS)
        .map(|(&c, m)| u32::from(c) * m)
        .sum()
}

fn rank_hash(sum: u32) -> u32 {
    sum.wrapping_mul(RANK_MIX) & HASH_MASK
}

/// Maps each five-card raw value to its strength `category << 12 | dense order`.
fn strengths() -> HashMap<RawValue, u16> {
    let mut by_category: Vec<Vec<u32>> = vec![Vec::new(); 10];
    for_each_multiset(5, &mut |counts| {
        let (cat, key) = best_non_flush(counts);
        by_category[cat as usize].push(key);
    });
    for mask in 0u16..1 << 13 {
        if mask.count_ones() == 5 {
            let (cat, key) = best_flush(mask);
            by_category[cat as usize].push(key);
        }
    }
    let mut map = HashMap::new();
    for (cat, keys) in by_category.iter_mut().enumerate() {
        keys.sort_unstable();
        keys.dedup();
        for (order, &key) in keys.iter().enumerate() {
            map.insert((cat as u8, key), (cat as u16) << 12 | order as u16);
        }
    }
    let sizes: Vec<usize> = by_category.iter().map(Vec::len).collect();
    assert_eq!(
        sizes,
        [1277, 2860, 858, 858, 10, 1277, 156, 156, 9, 1],
        "category sizes"
    );
    assert_eq!(map.len(), 7462, "distinct five-card strengths");
    map
}

/// Packs `(hash, value)` pairs into one table by row displacement: the hashes are cut into rows
/// of `2^shift` columns and each row, densest first, is slid to the first start where its columns
/// land on free slots, at starts that are multiples of `align`. Returns each row's start and the
/// table.
fn displace(entries: &[(u32, u16)], shift: u32, align: usize) -> (Vec<u32>, Vec<u16>) {
    let max_hash = entries.iter().map(|e| e.0).max().unwrap_or(0);
    let rows = (max_hash >> shift) as usize + 1;
    let mut by_row: Vec<Vec<(usize, u16)>> = vec![Vec::new(); rows];
    for &(hash, value) in entries {
        by_row[(hash >> shift) as usize].push(((hash & ((1 << shift) - 1)) as usize, value));
    }
    let mut order: Vec<usize> = (0..rows).collect();
    order.sort_by_key(|&r| std::cmp::Reverse(by_row[r].len()));
    let mut used: Vec<bool> = Vec::new();
    let mut table: Vec<u16> = Vec::new();
    let mut starts = vec![0u32; rows];
    let mut first_free = 0usize;
    for row in order {
        let cols = &by_row[row];
        let Some(min_col) = cols.iter().map(|c| c.0).min() else {
            continue;
        };
        let mut start = first_free.saturating_sub(min_col).next_multiple_of(align);
        while cols
            .iter()
            .any(|&(col, _)| used.get(start + col).copied().unwrap_or(false))
        {
            start += align;
        }
        for &(col, value) in cols {
            let at = start + col;
            if at >= used.len() {
                used.resize(at + 1, false);
                table.resize(at + 1, 0);
            }
            used[at] = true;
            table[at] = value;
        }
        starts[row] = start as u32;
        while used.get(first_free).copied().unwrap_or(false) {
            first_free += 1;
        }
    }
    (starts, table)
}

// Short-deck strength tiers, weakest to strongest, as numbered in `src/short_deck.rs`. A straight
// sits in tier 5 (above trips) under the usual rules and in tier 3 (below trips) when trips beat
// straights, so one tier-to-category map serves both rule sets.
const SD_HIGH_CARD: u8 = 0;
const SD_PAIR: u8 = 1;
const SD_TWO_PAIR: u8 = 2;
const SD_STRAIGHT_BELOW_TRIPS: u8 = 3;
const SD_THREE_OF_A_KIND: u8 = 4;
const SD_STRAIGHT: u8 = 5;
const SD_FULL_HOUSE: u8 = 6;
const SD_FLUSH: u8 = 7;
const SD_FOUR_OF_A_KIND: u8 = 8;
const SD_STRAIGHT_FLUSH: u8 = 9;
const SD_ROYAL_FLUSH: u8 = 10;
/// The six's rank index: the short deck holds ranks 4 (six) to 12 (ace).
const SIX: usize = 4;

/// The high card of the best short-deck straight within `mask`: five consecutive ranks from six
/// up, or A-6-7-8-9 with the ace low (its high card is the nine, rank 7).
fn short_best_straight(mask: u16) -> Option<u8> {
    // The ace also plays at bit 3, just below the six.
    let with_low_ace = u32::from(mask) | u32::from(mask >> 12 & 1) << 3;
    (7..=12u8)
        .rev()
        .find(|&top| (with_low_ace >> (top - 4)) & 0b11111 == 0b11111)
}

/// Best short-deck five-card value among cards of several suits with these rank counts.
fn short_best_non_flush(counts: &[u8; 13], trips_beat_straight: bool) -> RawValue {
    let (category, key) = best_non_flush_with(counts, false);
    let present: u16 = (0..13)
        .filter(|&r| counts[r] > 0)
        .fold(0, |m, r| m | 1 << r);
    let straight = short_best_straight(present);
    match category {
        FOUR_OF_A_KIND => (SD_FOUR_OF_A_KIND, key),
        FULL_HOUSE => (SD_FULL_HOUSE, key),
        THREE_OF_A_KIND if trips_beat_straight => (SD_THREE_OF_A_KIND, key),
        _ if straight.is_some() => {
            let tier = if trips_beat_straight {
                SD_STRAIGHT_BELOW_TRIPS
            } else {
                SD_STRAIGHT
            };
            (tier, pack(&[straight.unwrap_or_default()]))
        }
        THREE_OF_A_KIND => (SD_THREE_OF_A_KIND, key),
        TWO_PAIR => (SD_TWO_PAIR, key),
        PAIR => (SD_PAIR, key),
        _ => (SD_HIGH_CARD, key),
    }
}

/// Best short-deck five-card value among five or more cards of one suit with ranks `mask`.
fn short_best_flush(mask: u16) -> RawValue {
    match short_best_straight(mask) {
        Some(12) => (SD_ROYAL_FLUSH, 0),
        Some(top) => (SD_STRAIGHT_FLUSH, pack(&[top])),
        None => (SD_FLUSH, pack(&ranks_desc(mask)[..5])),
    }
}

/// Calls `f` with the counts of every multiset of `size` short-deck ranks (six to ace).
fn for_each_short_multiset(size: u8, f: &mut impl FnMut(&[u8; 13])) {
    for_each_multiset(size, &mut |counts| {
        if counts[..SIX].iter().all(|&c| c == 0) {
            f(counts);
        }
    });
}

/// Maps each short-deck five-card raw value (under either rule set) to its strength
/// `tier << 12 | dense order`.
fn short_strengths() -> HashMap<RawValue, u16> {
    let mut by_tier: Vec<Vec<u32>> = vec![Vec::new(); 11];
    for trips_beat_straight in [false, true] {
        for_each_short_multiset(5, &mut |counts| {
            let (tier, key) = short_best_non_flush(counts, trips_beat_straight);
            by_tier[tier as usize].push(key);
        });
    }
    for mask in (0u16..1 << 13).filter(|m| m.count_ones() == 5 && m & 0xf == 0) {
        let (tier, key) = short_best_flush(mask);
        by_tier[tier as usize].push(key);
    }
    let mut map = HashMap::new();
    for (tier, keys) in by_tier.iter_mut().enumerate() {
        keys.sort_unstable();
        keys.dedup();
        for (order, &key) in keys.iter().enumerate() {
            map.insert((tier as u8, key), (tier as u16) << 12 | order as u16);
        }
    }
    let sizes: Vec<usize> = by_tier.iter().map(Vec::len).collect();
    assert_eq!(
        sizes,
        [120, 504, 252, 6, 252, 6, 72, 120, 72, 5, 1],
        "short-deck tier sizes"
    );
    map
}

/// The short-deck tables: row starts (one per possible row), the two rank tables and the flush
/// table.
fn short_tables() -> (Vec<u32>, Vec<u16>, Vec<u16>, Vec<u16>) {
    let strengths = short_strengths();
    let mut hashed: Vec<(u32, u16)> = Vec::new();
    let mut trips_high: Vec<(u32, u16)> = Vec::new();
    for size in 5..=7 {
        for_each_short_multiset(size, &mut |counts| {
            let hash = rank_hash(rank_sum(counts));
            hashed.push((hash, strengths[&short_best_non_flush(counts, false)]));
            trips_high.push((hash, strengths[&short_best_non_flush(counts, true)]));
        });
    }
    let (mut starts, mut straight_table) = displace(&hashed, ROW_SHIFT, 1);
    // Every possible row gets a start, so a row index (below 2^(25 - ROW_SHIFT)) needs no check.
    starts.resize(1 << (HASH_BITS - ROW_SHIFT), 0);
    let span = starts
        .iter()
        .map(|&s| s as usize + (1 << ROW_SHIFT))
        .max()
        .unwrap_or(0);
    if straight_table.len() < span {
        straight_table.resize(span, 0);
    }
    let at = |hash: u32| {
        starts[(hash >> ROW_SHIFT) as usize] as usize + (hash & ((1 << ROW_SHIFT) - 1)) as usize
    };
    let mut trips_table = vec![0u16; straight_table.len()];
    for &(hash, value) in &trips_high {
        trips_table[at(hash)] = value;
    }
    for &(hash, value) in &hashed {
        assert_eq!(
            straight_table[at(hash)],
            value,
            "short-deck perfect hash lookup"
        );
    }
    let flush: Vec<u16> = (0u16..1 << 9)
        .map(|high| {
            let mask = high << SIX;
            if mask.count_ones() >= 5 {
                strengths[&short_best_flush(mask)]
            } else {
                0
            }
        })
        .collect();
    (starts, straight_table, trips_table, flush)
}

fn write_array<T: std::fmt::Display>(out: &mut String, name: &str, ty: &str, values: &[T]) {
    writeln!(
        out,
        "pub(crate) static {name}: [{ty}; {}] = [",
        values.len()
    )
    .unwrap();
    for chunk in values.chunks(16) {
        let line: Vec<String> = chunk.iter().map(ToString::to_string).collect();
        writeln!(out, "    {},", line.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let strengths = strengths();

    let mut entries: Vec<(u32, u16)> = Vec::new();
    for size in 5..=7 {
        for_each_multiset(size, &mut |counts| {
            entries.push((rank_sum(counts), strengths[&best_non_flush(counts)]));
        });
    }
    let mut sums: Vec<u32> = entries.iter().map(|e| e.0).collect();
    sums.sort_unstable();
    sums.dedup();
    assert_eq!(
        sums.len(),
        entries.len(),
        "rank multipliers give a colliding sum"
    );

    let hashed: Vec<(u32, u16)> = entries
        .iter()
        .map(|&(sum, v)| (rank_hash(sum), v))
        .collect();
    let (mut starts, mut table) = displace(&hashed, ROW_SHIFT, ROW_START_STEP as usize);
    // Every possible row gets a start, so a row index (below 2^(25 - ROW_SHIFT)) needs no check.
    starts.resize(1 << (HASH_BITS - ROW_SHIFT), 0);
    // Pad so that every row's full span of columns lies inside the table: any hash then indexes
    // in bounds, and the lookup needs no bounds check (asserted again at compile time in
    // tables.rs).
    let span = starts
        .iter()
        .map(|&s| s as usize + (1 << ROW_SHIFT))
        .max()
        .unwrap_or(0);
    if table.len() < span {
        table.resize(span, 0);
    }
    for &(hash, value) in &hashed {
        let at = starts[(hash >> ROW_SHIFT) as usize] as usize
            + (hash & ((1 << ROW_SHIFT) - 1)) as usize;
        assert_eq!(table[at], value, "perfect hash lookup");
    }

    let flush: Vec<u16> = (0u16..1 << 13)
        .map(|mask| {
            if mask.count_ones() >= 5 {
                strengths[&best_flush(mask)]
            } else {
                0
            }
        })
        .collect();

    // Padded to 256 entries so that any `u8` card index is in bounds without a check or a mask.
    let keys: Vec<u64> = (0..256u64)
        .map(|card| match card {
            0..52 => {
                let mixed = rank_hash(RANK_MULTIPLIERS[(card / 4) as usize]);
                u64::from(mixed) | 1 << (32 + 4 * (card % 4))
            }
            _ => 0,
        })
        .collect();

    let mut out = String::new();
    writeln!(out, "// Generated by build.rs; do not edit.").unwrap();
    writeln!(out, "pub(crate) const ROW_SHIFT: u32 = {ROW_SHIFT};").unwrap();
    writeln!(
        out,
        "pub(crate) const ROW_START_STEP: usize = {ROW_START_STEP};"
    )
    .unwrap();
    writeln!(out, "pub(crate) const HASH_MASK: u32 = {HASH_MASK:#x};").unwrap();
    writeln!(out, "pub(crate) const RANK_MIX: u32 = {RANK_MIX:#x};").unwrap();
    writeln!(
        out,
        "pub(crate) const RANK_MULTIPLIERS: [u32; 13] = {RANK_MULTIPLIERS:?};"
    )
    .unwrap();
    write_array(&mut out, "CARD_KEYS", "u64", &keys);
    let half_starts: Vec<u16> = starts
        .iter()
        .map(|&s| {
            assert!(
                s % ROW_START_STEP == 0,
                "rows start at multiples of the step"
            );
            u16::try_from(s / ROW_START_STEP).expect("a row start over the step fits 16 bits")
        })
        .collect();
    write_array(&mut out, "HALF_ROW_STARTS", "u16", &half_starts);
    write_array(&mut out, "RANK_TABLE", "u16", &table);
    write_array(&mut out, "FLUSH_TABLE", "u16", &flush);
    let (short_starts, straight_high, trips_high, short_flush) = short_tables();
    let short_starts: Vec<u16> = short_starts
        .iter()
        .map(|&s| u16::try_from(s).expect("a short-deck row start fits 16 bits"))
        .collect();
    write_array(&mut out, "SHORT_ROW_STARTS", "u16", &short_starts);
    write_array(
        &mut out,
        "SHORT_RANK_TABLE_STRAIGHT_HIGH",
        "u16",
        &straight_high,
    );
    write_array(&mut out, "SHORT_RANK_TABLE_TRIPS_HIGH", "u16", &trips_high);
    write_array(&mut out, "SHORT_FLUSH_TABLE", "u16", &short_flush);
    let path = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR")).join("tables.rs");
    std::fs::write(path, out).expect("write tables.rs");
}
