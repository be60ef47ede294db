//! Packs the five-card Omaha rankings shipped in `data/` (`omaha5_ranking.csv`,
//! `omaha5_hilo_ranking.csv`, about 13 MB of text each) into `$OUT_DIR/<name>.bin` for
//! `omaha::plo5_ranking` to compile in: a row per class, in the file's order, of its
//! representative's five cards (a byte each: rank · 4 + suit, ranks `2` … `A` from 0, suits
//! `c d h s` from 0) and its three integer counts as LEB128 varints, about 1.1 MB a file. The
//! rank, equity, percentile and standard error of each row follow from the counts, so nothing
//! else is kept; the crate's tests check that the compiled-in ranking writes the file back byte
//! for byte.

use std::path::Path;

/// Rank letters, lowest first, as the class names write them.
const RANKS: &str = "23456789TJQKA";

/// Suit letters, in the deck's suit order.
const SUITS: &str = "cdhs";

fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    for name in ["omaha5_ranking", "omaha5_hilo_ranking"] {
        let csv = Path::new("../../data").join(format!("{name}.csv"));
        println!("cargo::rerun-if-changed={}", csv.display());
        let text =
            std::fs::read_to_string(&csv).unwrap_or_else(|e| panic!("{}: {e}", csv.display()));
        let packed = pack(&text).unwrap_or_else(|e| panic!("{}: {e}", csv.display()));
        std::fs::write(Path::new(&out).join(format!("{name}.bin")), packed)
            .expect("OUT_DIR is writable");
    }
}

/// The rows of a ranking file packed: cards, then the last three columns as varints.
fn pack(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let bad = || format!("line {}: not a ranking row", n + 1);
        if fields.len() != 10 {
            return Err(bad());
        }
        let class = fields[1].as_bytes();
        if class.len() != 10 {
            return Err(bad());
        }
        for card in class.chunks(2) {
            let rank = RANKS.bytes().position(|r| r == card[0]).ok_or_else(bad)?;
            let suit = SUITS.bytes().position(|s| s == card[1]).ok_or_else(bad)?;
            out.push((rank * 4 + suit) as u8);
        }
        for field in &fields[7..] {
            let mut value: u64 = field.parse().map_err(|_| bad())?;
            loop {
                let low = (value & 0x7F) as u8;
                value >>= 7;
                if value == 0 {
                    out.push(low);
                    break;
                }
                out.push(low | 0x80);
            }
        }
    }
    Ok(out)
}
