//! `sim equity`: Hold'em equity of 2 to 10 hands or ranges, exact when cheap enough, otherwise by
//! seeded Monte Carlo, computed by the `equity` library and written as one row per player.

use std::time::Instant;

use deck::Card;
use engine::on_pool_with_caller;
use engine::{Method, PlayerEquity};
use serde::Serialize;

use crate::cli::equity::EquityArgs;
use crate::config::EquityConfig;
use crate::error::UsageError;
use crate::output::Output;
use crate::report::{Meta, Share, insert_game, render};

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

/// Runs `sim equity`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &EquityArgs) -> anyhow::Result<()> {
    let config = EquityConfig::try_from(args)?;
    let output = Output::create(config.output.path.as_deref())?;
    if let Method::MonteCarlo { .. } = config.method {
        config.seed.announce("equity");
    }
    let started = Instant::now();
    let result = on_pool_with_caller(config.threads, || {
        holdem::compute(&config.game, &config.method)
    })?
    .map_err(UsageError::from)?;
    let elapsed = started.elapsed();
    let exact = result.is_exact();
    let rows: Vec<EquityRow> = result
        .players
        .iter()
        .zip(&config.game.players)
        .enumerate()
        .map(|(p, (e, range))| EquityRow::new(p + 1, &range.text, e))
        .collect();
    let mut meta = Meta::new();
    meta.insert("command".into(), "equity".into());
    insert_game(&mut meta, config.game.game);
    meta.insert(
        "method".into(),
        if exact { "exact" } else { "monte_carlo" }.into(),
    );
    meta.insert("board".into(), cards_text(&config.game.board).into());
    meta.insert("dead".into(), cards_text(&config.game.dead).into());
    if let Method::MonteCarlo { seed, .. } = config.method {
        meta.insert("seed".into(), seed.into());
    }
    output.finish(&render(&rows, config.output.format, meta)?)?;
    eprint!("{}", human_table(&rows, exact));
    let samples = result.tally.samples;
    let per_second = samples as f64 / elapsed.as_secs_f64().max(1e-9);
    // Exact runs count boards in groups, so "boards" there; Monte Carlo plays each showdown.
    let (what, unit) = match config.method {
        Method::MonteCarlo { seed, .. } => (format!("monte carlo, seed {seed}"), "showdowns"),
        _ => ("exact".to_string(), "boards"),
    };
    eprintln!(
        "sim equity: {what}, {} {unit} in {} on {} ({}/s)",
        samples,
        duration_text(elapsed.as_secs_f64()),
        crate::summary::Threads(config.threads),
        crate::summary::si(per_second)
    );
    Ok(())
}

/// Seconds for people: milliseconds below one second (exact runs take a few).
fn duration_text(seconds: f64) -> String {
    if seconds < 1.0 {
        format!("{:.3} ms", seconds * 1e3)
    } else {
        format!("{seconds:.3} s")
    }
}

/// Cards as text, e.g. `Qh7h2c`.
pub fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(ToString::to_string).collect()
}

/// The table for people, written to stderr.
fn human_table(rows: &[EquityRow], exact: bool) -> String {
    let width = rows
        .iter()
        .map(|r| r.hand.len())
        .max()
        .unwrap_or(4)
        .clamp(4, 40);
    let mut out = format!(
        "{:<6} {:<width$} {:>9} {:>9} {:>9} {:>10}\n",
        "player",
        "hand",
        "win %",
        "tie %",
        "equity %",
        if exact { "" } else { "± s.e. %" }
    );
    for r in rows {
        let se = if exact {
            String::new()
        } else {
            format!("{:.4}", 100.0 * r.std_error.0)
        };
        out.push_str(&format!(
            "{:<6} {:<width$} {:>9.4} {:>9.4} {:>9.4} {:>10}\n",
            r.player,
            r.hand,
            100.0 * r.win.0,
            100.0 * r.tie.0,
            100.0 * r.equity.0,
            se
        ));
    }
    out
}
