//! `sim equity --breakdown`: hand-by-hand equity inside the players' ranges, computed by
//! `holdem::breakdown` and written as one row per hand of each player's range, then one per
//! starting-hand class, player after player.

use std::time::Instant;

use engine::{Method, PlayerEquity, on_pool_with_caller};
use holdem::breakdown::{ClassRow, HandRow, HandTally, PlayerBreakdown};
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
    /// A row of seat `player` from its counts.
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &'static str,
        player: usize,
        range: &str,
        level: &'static str,
        hand: String,
        class: String,
        combos: usize,
        weight: f64,
        tally: &HandTally,
        total: &HandTally,
        exact: bool,
    ) -> Self {
        let e: PlayerEquity = tally.equity(exact);
        Self {
            game,
            player,
            range: range.to_string(),
            level,
            hand,
            class,
            combos,
            weight: Share::from(weight),
            frequency: Share::from(tally.frequency_in(total)),
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

/// The rows of seat `player` (from 1): its hands, then its classes.
pub fn player_rows(
    game: &'static str,
    player: usize,
    breakdown: &PlayerBreakdown,
    exact: bool,
) -> Vec<BreakdownRow> {
    let total = breakdown.total();
    let hand = |h: &HandRow| {
        BreakdownRow::new(
            game,
            player,
            &breakdown.range,
            "hand",
            h.text(),
            h.class.name(),
            1,
            h.weight_share(),
            &h.tally,
            &total,
            exact,
        )
    };
    let class = |c: &ClassRow| {
        BreakdownRow::new(
            game,
            player,
            &breakdown.range,
            "class",
            c.class.name(),
            c.class.name(),
            c.combos,
            c.mean_weight(),
            &c.tally,
            &total,
            exact,
        )
    };
    let mut rows: Vec<BreakdownRow> = breakdown.hands.iter().map(hand).collect();
    rows.extend(breakdown.classes().iter().map(class));
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
    let spot = &request.spot;
    let output = Output::create(config.output.path.as_deref())?;
    if let Method::MonteCarlo { .. } = request.method {
        announce_seed(request.seed, "equity");
    }
    let started = Instant::now();
    // A spot can prove impossible only when counted (no deal fits): still a usage error.
    let result =
        on_pool_with_caller(config.threads, || request.run())?.map_err(UsageError::from)?;
    let elapsed = started.elapsed();
    let exact = result.is_exact();
    let rows: Vec<BreakdownRow> = result
        .players
        .iter()
        .enumerate()
        .flat_map(|(p, player)| player_rows(spot.game.name(), p + 1, player, exact))
        .collect();
    let mut meta = Meta::new();
    meta.insert("command".into(), "equity".into());
    meta.insert("breakdown".into(), true.into());
    insert_game(&mut meta, spot.game);
    meta.insert(
        "method".into(),
        if exact { "exact" } else { "monte_carlo" }.into(),
    );
    meta.insert("board".into(), cards_text(&spot.board).into());
    meta.insert("dead".into(), cards_text(&spot.dead).into());
    if let Method::MonteCarlo { seed, .. } = request.method {
        meta.insert("seed".into(), seed.into());
    }
    output.finish(&render(&rows, config.output.format, meta)?)?;
    let mut samples = 0;
    for (p, player) in result.players.iter().enumerate() {
        let total = player.total().equity(exact);
        samples = total.samples;
        eprintln!(
            "player {} {}: {} hands in {} classes, equity {:.4} %",
            p + 1,
            player.range,
            player.hands.len(),
            player.classes().len(),
            100.0 * total.equity
        );
    }
    let what = match request.method {
        Method::MonteCarlo { seed, .. } => format!("monte carlo, seed {seed}"),
        _ => "exact".to_string(),
    };
    let seconds = elapsed.as_secs_f64();
    eprintln!(
        "sim equity --breakdown: {what}, {samples} {} in {seconds:.3} s on {} ({}/s)",
        if exact { "boards" } else { "showdowns" },
        Threads(config.threads),
        si(samples as f64 / seconds.max(1e-9))
    );
    Ok(())
}
