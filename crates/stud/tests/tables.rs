//! The exact odds tables of every seven-card hand: `data/razz_seven_card_exact.csv` is what
//! `stud::exact_table` gives (it was written by `cargo run --release -p stud --example
//! razz_table`), and both equal an independent count written here; the category table equals
//! `data/seven_card_exact.csv`.
//!
//! The independent count never deals a hand: a low depends on ranks only, so it walks every
//! multiset of seven ranks (each rank at most four times), counts its hands as `∏ C(4, c_r)`
//! (the ways to pick suits) and reads the low straight off the distinct ranks: with five or
//! more, the fifth lowest (aces low) is the top card of the low; with fewer, the low is paired.

use engine::choose::choose;
use stud::{Chart, exact_table};

/// Counts per row by rank multisets: `row(sorted distinct ace-low ranks)` names the row.
fn count_by_multisets(rows: usize, row: impl Fn(&[u8]) -> usize) -> Vec<u64> {
    let mut counts = vec![0u64; rows];
    let mut c = [0u8; 13];
    walk(0, 7, &mut c, &mut |c| {
        let hands: u64 = c.iter().map(|&k| choose(4, usize::from(k))).product();
        // Ace-low ranks 1 (ace) to 13 (king); deck rank r (0 = deuce, 12 = ace) is r + 2 but
        // the ace is 1.
        let mut distinct: Vec<u8> = (0..13u8)
            .filter(|&r| c[usize::from(r)] > 0)
            .map(|r| if r == 12 { 1 } else { r + 2 })
            .collect();
        distinct.sort_unstable();
        counts[row(&distinct)] += hands;
    });
    counts
}

fn walk(rank: usize, left: u8, c: &mut [u8; 13], visit: &mut impl FnMut(&[u8; 13])) {
    if rank == 13 {
        if left == 0 {
            visit(c);
        }
        return;
    }
    for k in 0..=left.min(4) {
        c[rank] = k;
        walk(rank + 1, left - k, c, visit);
    }
    c[rank] = 0;
}

fn counts_of_csv(csv: &str, names: &[&str]) -> Vec<u64> {
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("category,count,probability"));
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), names.len());
    rows.iter()
        .zip(names)
        .map(|(row, name)| {
            let mut fields = row.split(',');
            assert_eq!(fields.next(), Some(*name), "{row}");
            fields.next().and_then(|c| c.parse().ok()).expect("a count")
        })
        .collect()
}

#[test]
fn the_razz_table_is_the_library_call_and_the_independent_count() {
    let file = include_str!("../../../data/razz_seven_card_exact.csv");
    let table = exact_table(Chart::RazzLows, &[], &[]).unwrap();
    assert_eq!(
        table.to_csv(),
        file,
        "the data file is exactly the library's table"
    );
    let independent = count_by_multisets(10, |d| {
        if d.len() >= 5 {
            usize::from(d[4]) - 5
        } else {
            9
        }
    });
    assert_eq!(table.counts(), independent.as_slice());
    assert_eq!(table.total(), 133_784_560);
    assert_eq!(counts_of_csv(file, Chart::RazzLows.rows()), independent);
}

#[test]
fn the_eight_or_better_table_is_the_independent_count() {
    let table = exact_table(Chart::EightLows, &[], &[]).unwrap();
    let independent = count_by_multisets(5, |d| {
        let low: Vec<u8> = d.iter().copied().filter(|&r| r <= 8).collect();
        if low.len() >= 5 {
            usize::from(low[4]) - 5
        } else {
            4
        }
    });
    assert_eq!(table.counts(), independent.as_slice());
}

#[test]
fn the_category_table_is_the_hold_em_seven_card_table() {
    let table = exact_table(Chart::Categories, &[], &[]).unwrap();
    let file = include_str!("../../../data/seven_card_exact.csv");
    assert_eq!(
        table.counts(),
        counts_of_csv(file, Chart::Categories.rows()).as_slice()
    );
}
