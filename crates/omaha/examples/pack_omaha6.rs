//! Packs a six-card Omaha ranking made by `sim rank --build --game omaha6` (or
//! `omaha6-hilo`; a whole build, or shards merged by `sim rank --merge`) into the file that
//! `omaha::plo6_ranking` compiles in, with the build's seed and boards in its header:
//!
//! ```text
//! cargo run --release -p omaha --example pack_omaha6 -- BUILD.csv OUT.bin SEED BOARDS
//! ```
//!
//! It reads the packed file back and checks it is the same ranking before writing it.

use std::process::ExitCode;

use engine::counted_ranking::{ClassTally, CountedRanking, csv_header};
use engine::pot_counts::PotCounts;
use omaha::board_build::Showdowns;
use omaha::plo4_ranking::ClassCounts;
use omaha::plo6_ranking::{CLASSES, pack, unpack};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("pack_omaha6: {e}");
            ExitCode::from(2)
        }
    }
}

/// Packs `args` (the build, the packed file, its seed and boards): what was written.
fn run(args: &[String]) -> Result<String, String> {
    let [input, output, seed, boards] = args else {
        return Err("want BUILD.csv OUT.bin SEED BOARDS".into());
    };
    let seed: u64 = seed
        .parse()
        .map_err(|_| format!("SEED '{seed}': want a number"))?;
    let boards: u64 = boards
        .parse()
        .map_err(|_| format!("BOARDS '{boards}': want a number"))?;
    let text = std::fs::read_to_string(input).map_err(|e| format!("{input}: {e}"))?;
    let packed = if text.starts_with(&csv_header::<PotCounts>()) {
        packed::<PotCounts>(&text, seed, boards)
    } else {
        packed::<ClassCounts>(&text, seed, boards)
    }
    .map_err(|e| format!("{input}: {e}"))?;
    std::fs::write(output, &packed).map_err(|e| format!("{output}: {e}"))?;
    Ok(format!("{output}: {} bytes", packed.len()))
}

/// The ranking `text` packed, checked by reading it back.
fn packed<T: ClassTally + Showdowns>(
    text: &str,
    seed: u64,
    boards: u64,
) -> Result<Vec<u8>, String> {
    let ranking = CountedRanking::<T>::from_csv(&CLASSES, text).map_err(|e| e.to_string())?;
    let packed = pack(&ranking, seed, boards);
    let (_, back) = unpack::<T>(&packed).map_err(|e| e.to_string())?;
    if back.entries() != ranking.entries() {
        return Err("the packed ranking does not read back the same".into());
    }
    Ok(packed)
}
