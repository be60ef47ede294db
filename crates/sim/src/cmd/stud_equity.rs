//! `sim equity --game stud|stud-hilo|razz`: equity of 2 to 8 stud hands given as their known
//! cards (down cards optionally as a range), exact by counting when cheap or asked for,
//! otherwise by seeded Monte Carlo; computed by the `stud` library, one row per player.

use std::time::Instant;

use engine::{Method, PlayerEquity, on_pool_with_caller};

use crate::cli::equity::EquityArgs;
use crate::config::stud::StudEquityConfig;
use crate::error::UsageError;
use crate::output::Output;
use crate::report::{Meta, render};
use crate::stud_report::{StudEquityRow, StudHiloRow, cards_text};

/// Runs `sim equity` for the stud game `game`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &EquityArgs, game: stud::Game) -> anyhow::Result<()> {
    let config = StudEquityConfig::new(args, game)?;
    let output = Output::create(config.output.path.as_deref())?;
    if let Method::MonteCarlo { .. } = config.method {
        config.seed.announce("equity");
    }
    let started = Instant::now();
    let result = on_pool_with_caller(config.threads, || {
        stud::equity(&config.spot, &config.method)
    })?
    .map_err(|e| UsageError::new(e.to_string()))?;
    let elapsed = started.elapsed();
    let exact = result.is_exact();
    let labels: Vec<&str> = config
        .spot
        .players
        .iter()
        .map(|p| p.text.as_str())
        .collect();
    let mut meta = Meta::new();
    meta.insert("command".into(), "equity".into());
    meta.insert("game".into(), game.name().into());
    meta.insert(
        "method".into(),
        if exact { "exact" } else { "monte_carlo" }.into(),
    );
    meta.insert("dead".into(), cards_text(&config.spot.dead).into());
    meta.insert("shared_last_card".into(), config.spot.community().into());
    if let Method::MonteCarlo { seed, .. } = config.method {
        meta.insert("seed".into(), seed.into());
    }
    let table = result.players.iter().zip(&labels).enumerate();
    let bytes = if game.is_hilo() {
        let rows: Vec<StudHiloRow> = table
            .map(|(p, (e, h))| StudHiloRow::new(p + 1, h, e))
            .collect();
        render(&rows, config.output.format, meta)?
    } else {
        let rows: Vec<StudEquityRow> = table
            .map(|(p, (e, h))| StudEquityRow::new(p + 1, h, e))
            .collect();
        render(&rows, config.output.format, meta)?
    };
    output.finish(&bytes)?;
    eprint!("{}", human_table(&result.players, &labels, exact));
    let samples = result.tally.samples;
    let per_second = samples as f64 / elapsed.as_secs_f64().max(1e-9);
    let what = match config.method {
        Method::MonteCarlo { seed, .. } => format!("monte carlo, seed {seed}"),
        _ => "exact".to_string(),
    };
    let shared = if config.spot.community() {
        ", last card shared"
    } else {
        ""
    };
    eprintln!(
        "sim equity: {game}, {what}{shared}, {samples} showdowns in {:.3} ms on {} ({}/s)",
        elapsed.as_secs_f64() * 1e3,
        crate::summary::Threads(config.threads),
        crate::summary::si(per_second)
    );
    Ok(())
}

/// The table for people, written to stderr: the hold'em columns, and the hi/lo ones when the
/// result has them.
fn human_table(players: &[PlayerEquity], labels: &[&str], exact: bool) -> String {
    let width = labels
        .iter()
        .map(|l| l.len())
        .max()
        .unwrap_or(4)
        .clamp(4, 40);
    let hilo = players.iter().any(|e| e.hilo.is_some());
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
        if let Some(h) = e.hilo {
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
