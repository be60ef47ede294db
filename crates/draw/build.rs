//! Packs the draw games' rankings of pat hands shipped in `data/` (`draw5_ranking.csv`,
//! `draw5_hilo_ranking.csv`, `lowball27_ranking.csv`, `lowball_a5_ranking.csv`,
//! `badugi_ranking.csv`, about 0.7 MB of text each but badugi's) into `$OUT_DIR/<name>.bin` for
//! `draw::pat_ranking` to compile in: a row per class, in the file's order, of its class name,
//! a 0 byte, and its three integer counts as LEB128 varints, about a fifth of the text. The
//! rank, equity, percentile and standard error of each row follow from the counts, so nothing
//! else is kept; `sim rank --game G` writes the file back byte for byte (the tests check it).

use std::path::Path;

/// The rankings packed, by their files' names.
const RANKINGS: [&str; 5] = [
    "draw5_ranking",
    "draw5_hilo_ranking",
    "lowball27_ranking",
    "lowball_a5_ranking",
    "badugi_ranking",
];

fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    for name in RANKINGS {
        let csv = Path::new("../../data").join(format!("{name}.csv"));
        println!("cargo::rerun-if-changed={}", csv.display());
        let text =
            std::fs::read_to_string(&csv).unwrap_or_else(|e| panic!("{}: {e}", csv.display()));
        let packed = pack(&text).unwrap_or_else(|e| panic!("{}: {e}", csv.display()));
        std::fs::write(Path::new(&out).join(format!("{name}.bin")), packed)
            .expect("OUT_DIR is writable");
    }
}

/// The rows of a ranking file packed: the class name and a 0 byte, then the last three columns
/// as varints.
fn pack(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate().skip(1) {
        let fields: Vec<&str> = line.split(',').collect();
        let bad = || format!("line {}: not a ranking row", n + 1);
        if fields.len() != 10 || fields[1].is_empty() || !fields[1].is_ascii() {
            return Err(bad());
        }
        out.extend_from_slice(fields[1].as_bytes());
        out.push(0);
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
