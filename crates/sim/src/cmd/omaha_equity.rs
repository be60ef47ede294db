//! `sim equity --game omaha…`: Omaha equity of 2 to the game's limit of hands or ranges, exact
//! when every player holds one hand, otherwise by seeded Monte Carlo; computed by the `omaha`
//! library and written as one row per player.

use std::time::Instant;

use engine::Game as Variant;
use engine::on_pool_with_caller;
use engine::{Method, PlayerEquity};
use serde::Serialize;

use crate::cli::equity::EquityArgs;
use crate::cmd::equity::{EquityRow, cards_text};
use crate::config::OmahaEquityConfig;
use crate::error::UsageError;
use crate::output::Output;
use crate::report::{Meta, Share, render};

/// One player's line of an Omaha hi/lo table: the hold'em columns (win and tie for the high
/// hand), the pot shares from each half, the scoop rate and the exact pot units.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OmahaHiloRow {
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
    pub wins: u64,
    /// Outcomes with the high hand tied.
    pub ties: u64,
    /// All outcomes.
    pub outcomes: u64,
    /// Outcomes where the player took the whole pot alone.
    pub scoops: u64,
    /// Pot units won over all outcomes, exactly.
    pub pot_units: u64,
    /// Units in one pot: 2 · lcm(1..players), so 4 heads-up (units are quarter pots).
    pub units_per_pot: u64,
}

/// An Omaha high table has the hold'em columns: [`EquityRow`].
fn high_row(player: usize, hand: &str, e: &PlayerEquity) -> EquityRow {
    EquityRow {
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

fn hilo_row(player: usize, hand: &str, e: &PlayerEquity) -> OmahaHiloRow {
    let h = e.hilo.unwrap_or_default();
    OmahaHiloRow {
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
        wins: e.wins as u64,
        ties: e.ties as u64,
        outcomes: e.outcomes as u64,
        scoops: h.scoops,
        pot_units: h.pot_units,
        units_per_pot: h.units_per_pot,
    }
}

/// Runs `sim equity` for the Omaha game `variant`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &EquityArgs, variant: Variant) -> anyhow::Result<()> {
    let config = OmahaEquityConfig::new(args, variant)?;
    let output = Output::create(config.output.path.as_deref())?;
    if let Method::MonteCarlo { .. } = config.method {
        config.seed.announce("equity");
    }
    let started = Instant::now();
    let result = on_pool_with_caller(config.threads, || {
        omaha::equity(&config.game, &config.method)
    })?
    .map_err(|e| UsageError::new(e.to_string()))?;
    let elapsed = started.elapsed();
    let exact = result.is_exact();
    let labels: Vec<&str> = config
        .game
        .players
        .iter()
        .map(|r| r.text.as_str())
        .collect();
    let mut meta = Meta::new();
    meta.insert("command".into(), "equity".into());
    meta.insert("game".into(), variant.name().into());
    meta.insert(
        "method".into(),
        if exact { "exact" } else { "monte_carlo" }.into(),
    );
    meta.insert("board".into(), cards_text(&config.game.board).into());
    meta.insert("dead".into(), cards_text(&config.game.dead).into());
    if let Method::MonteCarlo { seed, .. } = config.method {
        meta.insert("seed".into(), seed.into());
    }
    let table = result.players.iter().zip(&labels).enumerate();
    let bytes = if variant.is_hilo() {
        let rows: Vec<OmahaHiloRow> = table.map(|(p, (e, h))| hilo_row(p + 1, h, e)).collect();
        render(&rows, config.output.format, meta)?
    } else {
        let rows: Vec<EquityRow> = table.map(|(p, (e, h))| high_row(p + 1, h, e)).collect();
        render(&rows, config.output.format, meta)?
    };
    output.finish(&bytes)?;
    eprint!(
        "{}",
        human_table(&result.players, &labels, exact, variant.is_hilo())
    );
    let samples = result.tally.outcomes;
    let per_second = samples as f64 / elapsed.as_secs_f64().max(1e-9);
    let (what, unit) = match config.method {
        Method::MonteCarlo { seed, .. } => (format!("monte carlo, seed {seed}"), "showdowns"),
        _ => ("exact".to_string(), "boards"),
    };
    eprintln!(
        "sim equity: {variant}, {what}, {samples} {unit} in {:.3} ms on {} ({}/s)",
        elapsed.as_secs_f64() * 1e3,
        crate::summary::Threads(config.threads),
        crate::summary::si(per_second)
    );
    Ok(())
}

/// The table for people, written to stderr.
fn human_table(players: &[PlayerEquity], labels: &[&str], exact: bool, hilo: bool) -> String {
    let width = labels
        .iter()
        .map(|l| l.len())
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
