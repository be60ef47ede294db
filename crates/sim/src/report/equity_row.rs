//! The equity table of every game (`sim equity`): one row per player, with the hi/lo columns in
//! the games that split the pot, and the same table for people on stderr.

use engine::PlayerEquity;
use serde::Serialize;

use crate::report::Share;

/// One player's line of the equity table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EquityRow {
    /// Seat, from 1.
    pub player: usize,
    /// The hand or range as given.
    pub hand: String,
    /// Share of outcomes won outright.
    pub win: Share,
    /// Share of outcomes split with others.
    pub tie: Share,
    /// Win plus the pot shares received in ties.
    pub equity: Share,
    /// Standard error of `equity` (0 for exact runs).
    pub std_error: Share,
    /// Outcomes visited (exact) or drawn (Monte Carlo), unweighted.
    pub samples: u64,
    /// Outcomes won outright (weighted by the range weights in thousandths).
    pub wins: u128,
    /// Outcomes split (weighted likewise).
    pub ties: u128,
    /// All outcomes (weighted likewise).
    pub outcomes: u128,
}

impl EquityRow {
    /// The row of seat `player` (from 1) holding `hand`.
    pub fn new(player: usize, hand: &str, e: &PlayerEquity) -> Self {
        Self {
            player,
            hand: hand.to_string(),
            win: Share::from(e.win),
            tie: Share::from(e.tie),
            equity: Share::from(e.equity),
            std_error: Share::from(e.std_error),
            samples: e.samples,
            wins: e.wins,
            ties: e.ties,
            outcomes: e.outcomes,
        }
    }
}

/// One player's line of a hi/lo table: the columns of [`EquityRow`] (win and tie for the high
/// hand), the pot shares from each half, the scoop rate and the exact pot units.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HiloRow {
    /// Seat, from 1.
    pub player: usize,
    /// The hand or range as given.
    pub hand: String,
    /// Share of outcomes where the high hand was best alone.
    pub win: Share,
    /// Share of outcomes where the high hand tied for best.
    pub tie: Share,
    /// Expected share of the pot.
    pub equity: Share,
    /// Standard error of `equity` (0 for exact runs).
    pub std_error: Share,
    /// Expected share of the pot won from the high half (the whole pot when no low qualifies).
    pub high: Share,
    /// Expected share of the pot won from the low half.
    pub low: Share,
    /// Share of outcomes where the player took the whole pot alone.
    pub scoop: Share,
    /// Outcomes visited (exact) or drawn (Monte Carlo).
    pub samples: u64,
    /// Outcomes with the high hand best alone.
    pub wins: u128,
    /// Outcomes with the high hand tied.
    pub ties: u128,
    /// All outcomes.
    pub outcomes: u128,
    /// Outcomes where the player took the whole pot alone.
    pub scoops: u128,
    /// Pot units won over all outcomes, exactly.
    pub pot_units: u128,
    /// Units in one pot: 2 · lcm(1..players), so 4 heads-up (units are quarter pots).
    pub units_per_pot: u64,
}

impl HiloRow {
    /// The row of seat `player` (from 1) holding `hand`; hi/lo columns 0 when `e` has none.
    pub fn new(player: usize, hand: &str, e: &PlayerEquity) -> Self {
        let h = e.hilo.unwrap_or_default();
        Self {
            player,
            hand: hand.to_string(),
            win: Share::from(e.win),
            tie: Share::from(e.tie),
            equity: Share::from(e.equity),
            std_error: Share::from(e.std_error),
            high: Share::from(h.high),
            low: Share::from(h.low),
            scoop: Share::from(h.scoop),
            samples: e.samples,
            wins: e.wins,
            ties: e.ties,
            outcomes: e.outcomes,
            scoops: h.scoops,
            pot_units: h.pot_units,
            units_per_pot: h.units_per_pot,
        }
    }
}

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
