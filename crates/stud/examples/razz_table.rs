//! Writes `data/razz_seven_card_exact.csv`: the razz lows of all 133,784,560 seven-card hands,
//! by [`stud::exact_table`]. Run from the workspace root:
//!
//! ```text
//! cargo run --release -p stud --example razz_table > data/razz_seven_card_exact.csv
//! ```

use std::io::Write;

fn main() -> std::io::Result<()> {
    let table = stud::exact_table(stud::Chart::RazzLows, &[], &[])
        .unwrap_or_else(|e| unreachable!("no cards given: {e}"));
    let mut out = std::io::stdout().lock();
    out.write_all(table.to_csv().as_bytes())?;
    out.flush()
}
