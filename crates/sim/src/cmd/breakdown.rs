//! `sim equity --breakdown`: hand-by-hand equity inside the players' ranges, computed by the
//! game's breakdown (`request::breakdown`) and written as one row per hand of each player's
//! range, then one per class, player after player; hi/lo games add the hi/lo columns.

use std::time::Instant;

use engine::{BreakdownEntry, Method, PlayerRows, on_pool_with_caller};
use serde::Serialize;

use request::cards::cards_text;

use crate::cli::equity::EquityArgs;
use crate::config::announce_seed;
use crate::config::breakdown::BreakdownConfig;
use crate::error::UsageError;
use crate::output::Output;
use crate::report::{Meta, Share, insert_game, render};
use crate::summary::{Threads, si};

/// One row of a breakdown: a hand (`level` `hand`) or a class of hands (`level` `class`) of one
/// player's range.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BreakdownRow {
    /// The game (`holdem`, `shortdeck`, …), so that the table says which grid it fills.
    pub game: &'static str,
    /// Seat, from 1.
    pub player: usize,
    /// The player's range as given.
    pub range: String,
    /// `hand` or `class`.
    pub level: &'static str,
    /// The hand (`AhKh`) or the class (`AKs`).
    pub hand: String,
    /// The hand's class (`AKs`, `QQ`).
    pub class: String,
    /// Hands in the row: 1 for a hand, the class's hands in the range for a class.
    pub combos: usize,
    /// Range weight, 0 to 1 (a class: the mean over its hands).
    pub weight: Share,
    /// How often the row's hands are dealt in the spot, among the player's hands (range
    /// weights and card removal): the weights of the player's mean equity.
    pub frequency: Share,
    /// Share of the row's outcomes won outright.
    pub win: Share,
    /// Share of the row's outcomes split with others.
    pub tie: Share,
    /// Expected share of the pot against the other players' whole ranges.
    pub equity: Share,
    /// Standard error of `equity` (0 for exact runs).
    pub std_error: Share,
    /// Outcomes visited (exact) or rounds played (Monte Carlo), unweighted.
    pub samples: u64,
    /// Outcomes won outright (exact: weighted by the range weights in thousandths).
    pub wins: u128,
    /// Outcomes split (weighted likewise).
    pub ties: u128,
    /// All outcomes (weighted likewise).
    pub outcomes: u128,
}

impl BreakdownRow {
    /// A row of seat `player` holding `range` from its entry.
    fn new(
        game: &'static str,
        player: usize,
        range: &str,
        level: &'static str,
        e: &BreakdownEntry,
    ) -> Self {
        let q = &e.equity;
        Self {
            game,
            player,
            range: range.to_string(),
            level,
            hand: e.hand.clone(),
            class: e.class.clone(),
            combos: e.combos,
            weight: Share::from(e.weight),
            frequency: Share::from(e.frequency),
            win: Share::from(q.win),
            tie: Share::from(q.tie),
            equity: Share::from(q.equity),
            std_error: Share::from(q.std_error),
            samples: q.samples,
            wins: q.wins,
            ties: q.ties,
            outcomes: q.outcomes,
        }
    }
}

/// A row of a hi/lo game's breakdown (Omaha hi/lo, stud hi/lo): the columns of
/// [`BreakdownRow`] (win and tie for the high hand), then the hi/lo columns of the plain hi/lo
/// equity table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BreakdownHiloRow {
    /// See [`BreakdownRow::game`].
    pub game: &'static str,
    /// Seat, from 1.
    pub player: usize,
    /// The player's range as given.
    pub range: String,
    /// `hand` or `class`.
    pub level: &'static str,
    /// The hand or the class.
    pub hand: String,
    /// The hand's class.
    pub class: String,
    /// Hands in the row.
    pub combos: usize,
    /// Range weight, 0 to 1 (a class: the mean over its hands).
    pub weight: Share,
    /// See [`BreakdownRow::frequency`].
    pub frequency: Share,
    /// Share of the row's outcomes where its high hand was best alone.
    pub win: Share,
    /// Share of the row's outcomes where its high hand tied for best.
    pub tie: Share,
    /// Expected share of the pot.
    pub equity: Share,
    /// Standard error of `equity` (0 for exact runs).
    pub std_error: Share,
    /// Outcomes visited (exact) or rounds played (Monte Carlo), unweighted.
    pub samples: u64,
    /// Outcomes with the high hand best alone.
    pub wins: u128,
    /// Outcomes with the high hand tied.
    pub ties: u128,
    /// All outcomes.
    pub outcomes: u128,
    /// Expected share of the pot won from the high half (the whole pot when no low qualifies).
    pub high: Share,
    /// Expected share of the pot won from the low half.
    pub low: Share,
    /// Share of outcomes where the row's hands took the whole pot alone.
    pub scoop: Share,
    /// Outcomes where the row's hands took the whole pot alone.
    pub scoops: u128,
    /// Pot units won over all outcomes, exactly.
    pub pot_units: u128,
    /// Units in one pot: 2 · lcm(1..players), so 4 heads-up (units are quarter pots).
    pub units_per_pot: u64,
}

impl BreakdownHiloRow {
    fn new(r: BreakdownRow, e: &BreakdownEntry) -> Self {
        let h = e.equity.hilo.unwrap_or_default();
        Self {
            game: r.game,
            player: r.player,
            range: r.range,
            level: r.level,
            hand: r.hand,
            class: r.class,
            combos: r.combos,
            weight: r.weight,
            frequency: r.frequency,
            win: r.win,
            tie: r.tie,
            equity: r.equity,
            std_error: r.std_error,
            samples: r.samples,
            wins: r.wins,
            ties: r.ties,
            outcomes: r.outcomes,
            high: Share::from(h.high),
            low: Share::from(h.low),
            scoop: Share::from(h.scoop),
            scoops: h.scoops,
            pot_units: h.pot_units,
            units_per_pot: h.units_per_pot,
        }
    }
}

/// The rows of one player: its hands, then its classes.
pub fn player_rows<'a>(
    game: &'static str,
    player: &'a PlayerRows,
) -> Vec<(BreakdownRow, &'a BreakdownEntry)> {
    let row = |level, e| {
        (
            BreakdownRow::new(game, player.seat, &player.range, level, e),
            e,
        )
    };
    let mut rows: Vec<_> = player.hands.iter().map(|e| row("hand", e)).collect();
    rows.extend(player.classes.iter().map(|e| row("class", e)));
    rows
}

/// Runs `sim equity --breakdown`.
///
/// # Errors
/// Usage errors for bad arguments or spots a breakdown refuses, runtime errors for output
/// failures.
pub fn run(args: &EquityArgs) -> anyhow::Result<()> {
    let config = BreakdownConfig::try_from(args)?;
    let request = &config.request;
    let game = request.game();
    let output = Output::create(config.output.path.as_deref())?;
    if let Method::MonteCarlo { .. } = request.method() {
        announce_seed(request.seed(), "equity");
    }
    let started = Instant::now();
    // A spot can prove impossible only when counted (no deal fits): still a usage error.
    let result =
        on_pool_with_caller(config.threads, || request.run())?.map_err(UsageError::from)?;
    let elapsed = started.elapsed();
    let exact = result.is_exact();
    let rows: Vec<(BreakdownRow, &BreakdownEntry)> = result
        .players
        .iter()
        .flat_map(|player| player_rows(game.name(), player))
        .collect();
    let mut meta = Meta::new();
    meta.insert("command".into(), "equity".into());
    meta.insert("breakdown".into(), true.into());
    insert_game(&mut meta, game);
    meta.insert(
        "method".into(),
        if exact { "exact" } else { "monte_carlo" }.into(),
    );
    let equity = &request.equity;
    match equity.shared_last_card() {
        Some(shared) => meta.insert("shared_last_card".into(), shared.into()),
        None => meta.insert("board".into(), cards_text(equity.board()).into()),
    };
    meta.insert("dead".into(), cards_text(equity.dead()).into());
    if let Method::MonteCarlo { seed, .. } = request.method() {
        meta.insert("seed".into(), (*seed).into());
    }
    let format = config.output.format;
    let bytes = if game.is_hilo() {
        let rows: Vec<BreakdownHiloRow> = rows
            .into_iter()
            .map(|(row, e)| BreakdownHiloRow::new(row, e))
            .collect();
        render(&rows, format, meta)?
    } else {
        let rows: Vec<BreakdownRow> = rows.into_iter().map(|(row, _)| row).collect();
        render(&rows, format, meta)?
    };
    output.finish(&bytes)?;
    let mut samples = 0;
    for player in &result.players {
        samples = player.hands.iter().map(|h| h.equity.samples).sum();
        let equity: f64 = player
            .hands
            .iter()
            .map(|h| h.frequency * h.equity.equity)
            .sum();
        crate::stderr_line!(
            "player {} {}: {} hands in {} classes, equity {:.4} %",
            player.seat,
            player.range,
            player.hands.len(),
            player.classes.len(),
            100.0 * equity
        );
    }
    let what = match request.method() {
        Method::MonteCarlo { seed, .. } => format!("monte carlo, seed {seed}"),
        _ => "exact".to_string(),
    };
    let seconds = elapsed.as_secs_f64();
    crate::stderr_line!(
        "sim equity --breakdown: {what}, {samples} {} in {seconds:.3} s on {} ({}/s)",
        if exact { "boards" } else { "showdowns" },
        Threads(config.threads),
        si(samples as f64 / seconds.max(1e-9))
    );
    Ok(())
}
