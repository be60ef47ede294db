//! The equity table for people, on stderr (the table's columns are defined once, in
//! [`request::equity_table`], and written by [`crate::report::table_row`]).

use engine::PlayerEquity;

/// The table for people, written to stderr: win, tie, equity (and its standard error for Monte
/// Carlo), and the high, low and scoop shares when `hilo`.
pub fn human_table(players: &[PlayerEquity], labels: &[String], exact: bool, hilo: bool) -> String {
    let width = labels
        .iter()
        .map(String::len)
        .max()
        .unwrap_or(4)
        .clamp(4, 40);
    let mut out = format!(
        "{:<6} {:<width$} {:>9} {:>9} {:>9} {:>10}",
        "player",
        "hand",
        "win %",
        "tie %",
        "equity %",
        if exact { "" } else { "± s.e. %" }
    );
    if hilo {
        out.push_str(&format!(" {:>9} {:>9} {:>9}", "high %", "low %", "scoop %"));
    }
    out.push('\n');
    for (p, (e, label)) in players.iter().zip(labels).enumerate() {
        let se = if exact {
            String::new()
        } else {
            format!("{:.4}", 100.0 * e.std_error)
        };
        out.push_str(&format!(
            "{:<6} {:<width$} {:>9.4} {:>9.4} {:>9.4} {:>10}",
            p + 1,
            label,
            100.0 * e.win,
            100.0 * e.tie,
            100.0 * e.equity,
            se
        ));
        if let (true, Some(h)) = (hilo, e.hilo) {
            out.push_str(&format!(
                " {:>9.4} {:>9.4} {:>9.4}",
                100.0 * h.high,
                100.0 * h.low,
                100.0 * h.scoop
            ));
        }
        out.push('\n');
    }
    out
}
