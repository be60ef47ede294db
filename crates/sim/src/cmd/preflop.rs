//! `sim preflop`: the 169 starting-hand classes (short deck: 81) against 1 to 9 random hands
//! (short deck: 1 to 7) by Monte Carlo, or the 169×169 (81×81) heads-up class matrix (exact),
//! computed by `request::preflop`.

use std::path::Path;
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use anyhow::bail;
use engine::{Watch, on_pool};
use request::preflop::{
    MatrixCell, TableRun, VsRandom, classes, matrix_until_stopped, vs_random_table_until_stopped,
};
use serde::Serialize;

use crate::claim::Claim;
use crate::cli::preflop::PreflopArgs;
use crate::cmd::{Table, drawn_seed};
use crate::config::{PreflopConfig, PreflopTable, announce_seed};
use crate::error::UsageError;
use crate::interrupt::{self, Interrupted, StopSignal};
use crate::output::Output;
use crate::preflop_checkpoint::PreflopCheckpoint;
use crate::progress::phased::SharedBar;
use crate::progress::{MATCHUPS, RoundsBar};
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
/// Usage errors for bad arguments, runtime errors for output failures, [`Interrupted`] after
/// a stop signal (the table against random hands saved to its checkpoint first, if any).
pub fn run(args: &PreflopArgs) -> anyhow::Result<()> {
    let config = PreflopConfig::try_from(args)?;
    let threads = config.threads;
    let game = config.game;
    let started = Instant::now();
    match config.table {
        PreflopTable::Matrix => {
            let n = classes(game).len();
            let output = Output::create(config.output.path.as_deref())?;
            interrupt::stop_between_chunks();
            let bar = SharedBar::new(MATCHUPS, config.quiet);
            let on_matchup = |done: u64, total: u64| bar.update(done, total);
            let cells = on_pool(threads, || {
                matrix_until_stopped(game, &on_matchup, &interrupt::stop_requested)
            })?;
            let (done, total) = bar.finish();
            let Some(cells) = cells else {
                bail!(Interrupted {
                    signal: interrupt::requested().unwrap_or(StopSignal::Interrupt),
                    message: format!(
                        "stopped after {done} of {total} matchups; nothing written (the matrix \
                         keeps no checkpoint)"
                    ),
                });
            };
            output.finish(&matrix_bytes(&config, &cells)?)?;
            if !config.quiet {
                crate::stderr_line!(
                    "sim preflop: exact {n}x{n} matrix in {:.1} s on {}",
                    started.elapsed().as_secs_f64(),
                    Threads(threads)
                );
            }
        }
        PreflopTable::VsRandom {
            from,
            to,
            rounds,
            seed,
        } => {
            announce_seed(seed, "preflop");
            let run = TableRun {
                game,
                opponents: from..=to,
                seed: seed.value,
                rounds,
            };
            let output = Output::create(config.output.path.as_deref())?;
            let (cells, claim) = vs_random_cells(&config, &run)?;
            output.finish(&vs_random_bytes(&config, &run, &cells)?)?;
            if let Some(claim) = claim {
                // The table is written; a finished table's checkpoint has nothing left to
                // resume. A table shorter than the save interval never wrote one.
                claim.remove()?;
            }
            if !config.quiet {
                crate::stderr_line!(
                    "sim preflop: {} cells of {rounds} rounds in {:.1} s on {}, seed {}",
                    cells.len(),
                    started.elapsed().as_secs_f64(),
                    Threads(threads),
                    seed.value
                );
            }
        }
    }
    Ok(())
}

/// The meta every preflop table starts with: the command and the game.
fn preflop_meta(config: &PreflopConfig) -> Meta {
    let mut meta = Meta::new();
    meta.insert("command".into(), "preflop".into());
    insert_game(&mut meta, config.game);
    meta
}

/// The heads-up class matrix in the format asked for.
fn matrix_bytes(config: &PreflopConfig, cells: &[MatrixCell]) -> anyhow::Result<Vec<u8>> {
    let rows: Vec<MatrixRow> = cells.iter().map(Into::into).collect();
    let mut meta = preflop_meta(config);
    meta.insert("method".into(), "exact".into());
    render(&rows, config.output.format, meta)
}

/// The table against random hands in the format asked for.
fn vs_random_bytes(
    config: &PreflopConfig,
    run: &TableRun,
    cells: &[VsRandom],
) -> anyhow::Result<Vec<u8>> {
    let rows: Vec<VsRandomRow> = cells.iter().map(Into::into).collect();
    let mut meta = preflop_meta(config);
    meta.insert("method".into(), "monte_carlo".into());
    meta.insert("seed".into(), run.seed.into());
    meta.insert("rounds".into(), run.rounds.into());
    render(&rows, config.output.format, meta)
}

/// The preflop table of `config` as `sim serve` answers it: computed on its threads until
/// `watch` stops it (`None`), without a checkpoint or a bar, in the format asked for; the bytes
/// are those `run` writes.
///
/// # Errors
/// Usage errors for a game that cannot seat the opponents, runtime errors for a refused pool
/// or a failed rendering.
pub fn table(config: &PreflopConfig, watch: &dyn Watch) -> anyhow::Result<Option<Table<()>>> {
    // The callbacks tell how far the run is; the watch wants each step's increment.
    let seen = std::sync::atomic::AtomicU64::new(0);
    let step = |done: u64, total: u64| {
        let before = seen.fetch_max(done, std::sync::atomic::Ordering::Relaxed);
        if done > before {
            watch.advance(done - before, total);
        }
    };
    let stop = || watch.should_stop();
    let (bytes, seed) = match config.table {
        PreflopTable::Matrix => {
            let cells = on_pool(config.threads, || {
                matrix_until_stopped(config.game, &step, &stop)
            })?;
            let Some(cells) = cells else {
                return Ok(None);
            };
            (matrix_bytes(config, &cells)?, None)
        }
        PreflopTable::VsRandom {
            from,
            to,
            rounds,
            seed,
        } => {
            let run = TableRun {
                game: config.game,
                opponents: from..=to,
                seed: seed.value,
                rounds,
            };
            let total = run.cells().len() as u64 * rounds;
            let done = std::sync::atomic::AtomicU64::new(0);
            let on_cell = |_: usize, _: &VsRandom| {
                let so_far = done.fetch_add(rounds, std::sync::atomic::Ordering::Relaxed) + rounds;
                step(so_far, total);
            };
            let cells = on_pool(config.threads, || {
                vs_random_table_until_stopped(&run, &[], &on_cell, &stop)
            })?
            .map_err(UsageError::from)?;
            let Some(cells) = cells.into_iter().collect::<Option<Vec<VsRandom>>>() else {
                return Ok(None);
            };
            (vs_random_bytes(config, &run, &cells)?, Some(seed))
        }
    };
    Ok(Some(Table {
        bytes,
        drawn_seed: seed.and_then(|seed| drawn_seed(false, seed)),
        result: (),
    }))
}

/// What the cells' callback keeps between cells: the table so far, the bar, the checkpoint
/// and the first error saving it.
struct CellProgress {
    cells: Vec<Option<VsRandom>>,
    bar: RoundsBar,
    done_here: u64,
    claim: Option<Claim>,
    last_save: Instant,
    failed: Option<anyhow::Error>,
}

/// Runs the table against random hands cell by cell: resumed from and saved to `--checkpoint`,
/// with a bar, stopped cleanly by a signal (saved first). Every cell, in table order, and the
/// checkpoint still held, to be removed once the table is written.
///
/// # Errors
/// Checkpoint problems, a game that cannot seat the opponents, or [`Interrupted`].
fn vs_random_cells(
    config: &PreflopConfig,
    run: &TableRun,
) -> anyhow::Result<(Vec<VsRandom>, Option<Claim>)> {
    // Held from here to the end: another run given the same checkpoint is refused.
    let claim = config.checkpoint.as_deref().map(Claim::take).transpose()?;
    interrupt::stop_between_chunks();
    let all = run.cells().len();
    let known = match &claim {
        Some(claim) => PreflopCheckpoint::load(claim.path(), run)?.unwrap_or_default(),
        None => Vec::new(),
    };
    let resumed = known.iter().flatten().count();
    if resumed > 0 && !config.quiet {
        crate::stderr_line!(
            "sim preflop: resuming from checkpoint {} with {resumed} of {all} cells done",
            claim.as_ref().map_or(Path::new(""), Claim::path).display()
        );
    }
    let mut cells = known.clone();
    cells.resize(all, None);
    let progress = Mutex::new(CellProgress {
        cells,
        bar: RoundsBar::new(
            all as u64 * run.rounds,
            resumed as u64 * run.rounds,
            config.quiet,
        ),
        done_here: 0,
        claim,
        last_save: Instant::now(),
        failed: None,
    });
    let lock = || progress.lock().unwrap_or_else(PoisonError::into_inner);
    let on_cell = |index: usize, cell: &VsRandom| {
        let mut p = lock();
        p.cells[index] = Some(*cell);
        p.done_here += 1;
        let done = (resumed as u64 + p.done_here) * run.rounds;
        p.bar.update(done);
        if p.failed.is_none() && p.last_save.elapsed() >= config.checkpoint_every {
            p.last_save = Instant::now();
            if let Err(e) = save(&mut p, run) {
                p.failed = Some(e);
            }
        }
    };
    let stop = || interrupt::stop_requested() || lock().failed.is_some();
    let table = on_pool(config.threads, || {
        vs_random_table_until_stopped(run, &known, &on_cell, &stop)
    })?
    .map_err(UsageError::from)?;
    let mut p = progress
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some(e) = p.failed.take() {
        return Err(e);
    }
    let finished = table.iter().flatten().count();
    if finished < all {
        save(&mut p, run)?;
        p.bar.finish();
        let saved = match &config.checkpoint {
            Some(path) => format!(
                "progress saved to {}; rerun the same command to resume",
                path.display()
            ),
            None => "nothing written (use --checkpoint FILE and --seed to keep progress)".into(),
        };
        bail!(Interrupted {
            signal: interrupt::requested().unwrap_or(StopSignal::Interrupt),
            message: format!("stopped after {finished} of {all} cells; {saved}"),
        });
    }
    p.bar.finish();
    Ok((table.into_iter().flatten().collect(), p.claim))
}

/// Saves the cells done to the checkpoint, if the run has one.
fn save(progress: &mut CellProgress, run: &TableRun) -> anyhow::Result<()> {
    match progress.claim.as_mut() {
        Some(claim) => PreflopCheckpoint::new(run, &progress.cells)?.save_to(claim),
        None => Ok(()),
    }
}
