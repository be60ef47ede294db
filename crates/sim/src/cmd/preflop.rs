//! `sim preflop`: the 169 starting-hand classes (short deck: 81) against 1 to 9 random hands
//! (short deck: 1 to 7) by Monte Carlo, or the 169×169 (81×81) heads-up class matrix (exact),
//! computed by `request::preflop`.

use std::time::Instant;

use engine::on_pool;
use request::preflop::{MatrixCell, VsRandom, classes, matrix, vs_random_table};
use serde::Serialize;

use crate::cli::preflop::PreflopArgs;
use crate::config::{PreflopConfig, PreflopTable, announce_seed};
use crate::error::UsageError;
use crate::output::Output;
use crate::report::{Meta, Share, insert_game, render};
use crate::summary::Threads;

/// A line of the table against random opponents.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VsRandomRow {
    /// Class name.
    pub hand: String,
    /// Random opponents.
    pub opponents: usize,
    /// Share won outright.
    pub win: Share,
    /// Share split.
    pub tie: Share,
    /// Win plus tie shares.
    pub equity: Share,
    /// Standard error of `equity`.
    pub std_error: Share,
}

impl From<&VsRandom> for VsRandomRow {
    fn from(cell: &VsRandom) -> Self {
        Self {
            hand: cell.class.name(),
            opponents: cell.opponents,
            win: Share::from(cell.equity.win),
            tie: Share::from(cell.equity.tie),
            equity: Share::from(cell.equity.equity),
            std_error: Share::from(cell.equity.std_error),
        }
    }
}

/// A line of the heads-up matrix.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatrixRow {
    /// The class whose equity this is.
    pub hand: String,
    /// The opposing class.
    pub versus: String,
    /// Share won outright, over all conflict-free suit combinations and boards.
    pub win: Share,
    /// Share split.
    pub tie: Share,
    /// Win plus half the ties.
    pub equity: Share,
    /// Conflict-free combo matchups averaged.
    pub matchups: u64,
}

impl From<&MatrixCell> for MatrixRow {
    fn from(cell: &MatrixCell) -> Self {
        Self {
            hand: cell.hand.name(),
            versus: cell.versus.name(),
            win: Share::from(cell.win),
            tie: Share::from(cell.tie),
            equity: Share::from(cell.equity),
            matchups: cell.matchups,
        }
    }
}

/// Runs `sim preflop`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &PreflopArgs) -> anyhow::Result<()> {
    let config = PreflopConfig::try_from(args)?;
    let threads = config.threads;
    let mut meta = Meta::new();
    meta.insert("command".into(), "preflop".into());
    let game = config.game;
    insert_game(&mut meta, game);
    let started = Instant::now();
    match config.table {
        PreflopTable::Matrix => {
            let n = classes(game).len();
            let output = Output::create(config.output.path.as_deref())?;
            let rows: Vec<MatrixRow> = on_pool(threads, || matrix(game))?
                .iter()
                .map(Into::into)
                .collect();
            meta.insert("method".into(), "exact".into());
            output.finish(&render(&rows, config.output.format, meta)?)?;
            crate::stderr_line!(
                "sim preflop: exact {n}x{n} matrix in {:.1} s on {}",
                started.elapsed().as_secs_f64(),
                Threads(threads)
            );
        }
        PreflopTable::VsRandom {
            from,
            to,
            rounds,
            seed,
        } => {
            announce_seed(seed, "preflop");
            let seed = seed.value;
            let output = Output::create(config.output.path.as_deref())?;
            let rows: Vec<VsRandomRow> =
                on_pool(threads, || vs_random_table(game, from..=to, seed, rounds))?
                    .map_err(UsageError::from)?
                    .iter()
                    .map(Into::into)
                    .collect();
            meta.insert("method".into(), "monte_carlo".into());
            meta.insert("seed".into(), seed.into());
            meta.insert("rounds".into(), rounds.into());
            output.finish(&render(&rows, config.output.format, meta)?)?;
            crate::stderr_line!(
                "sim preflop: {} cells of {rounds} rounds in {:.1} s on {}, seed {seed}",
                rows.len(),
                started.elapsed().as_secs_f64(),
                Threads(threads)
            );
        }
    }
    Ok(())
}
