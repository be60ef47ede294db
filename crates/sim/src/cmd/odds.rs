//! `sim odds`: Monte Carlo category probabilities of any game's final hand, chunked and seeded so
//! that any thread count gives the same table, beside the exact probabilities when they are known.

use std::time::Instant;

use anyhow::bail;

use crate::claim::Claim;
use crate::cli::OddsArgs;
use crate::config::odds::OddsRun;
use crate::config::shared::StudTableConfig;
use crate::config::{OddsConfig, announce_seed};
use crate::error::UsageError;
use crate::interrupt::{self, Interrupted, StopSignal};
use crate::long_run::execute;
use crate::output::Output;
use crate::report::odds_table::odds_table;
use crate::report::table_row::table_rows;
use crate::report::{meta_of, render};
use crate::shard::ShardFile;
use crate::summary::Throughput;
use engine::driver::Stop;
use engine::on_pool;
use request::odds::OddsHand;

/// Runs `sim odds`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures, [`Interrupted`] after
/// a stop signal.
pub fn run(args: &OddsArgs) -> anyhow::Result<()> {
    match OddsRun::try_from(args)? {
        OddsRun::Counts(config) => run_counts(&config),
        OddsRun::Stud(config) => run_stud(&config),
    }
}

/// Runs a stud game's table: Monte Carlo rows beside the exact table, in one go.
fn run_stud(config: &StudTableConfig) -> anyhow::Result<()> {
    let request = &config.request;
    let output = Output::create(config.output.path.as_deref())?;
    announce_seed(request.seed, "odds");
    let started = Instant::now();
    let (sampled, exact) = on_pool(config.threads, || {
        (request.sampled(), request.exact_table())
    })?;
    let (sampled, exact) = (
        sampled.map_err(UsageError::from)?,
        exact.map_err(UsageError::from)?,
    );
    let elapsed = started.elapsed();
    let meta = meta_of(request::run_params::stud_table(
        "odds",
        request,
        sampled.total(),
    ));
    let lines = request::odds_table::stud_lines(&request::stud_odds::estimates(&sampled, &exact));
    let rows = table_rows(&request::odds_table::COLUMNS, &lines);
    output.finish(&render(&rows, config.output.format, meta)?)?;
    if !config.quiet {
        crate::stderr_line!(
            "sim odds: {} {}, seed {}, {} rounds in {:.3} s on {}, exact values over {} completions",
            request.game,
            request.chart,
            request.seed.value,
            sampled.total(),
            elapsed.as_secs_f64(),
            crate::summary::Threads(config.threads),
            exact.total()
        );
    }
    Ok(())
}

/// Runs category counts through the engine's driver.
fn run_counts(config: &OddsConfig) -> anyhow::Result<()> {
    let request = &config.request;
    let output = Output::create(config.output.path.as_deref())?;
    // Held from here to the end: another run given the same checkpoint is refused.
    let mut claim = config
        .long
        .checkpoint
        .as_deref()
        .map(Claim::take)
        .transpose()?;
    interrupt::stop_between_chunks();
    announce_seed(request.seed, "odds");
    let started = Instant::now();
    let outcome = on_pool(config.threads, || execute(config, claim.as_mut()))??;
    let elapsed = started.elapsed();
    let progress = &outcome.progress;
    if outcome.stop == Stop::Interrupted {
        let signal = interrupt::requested().unwrap_or(StopSignal::Interrupt);
        let saved = match &config.long.checkpoint {
            Some(path) => format!(
                "progress saved to {}; rerun the same command to resume",
                path.display()
            ),
            None => "nothing written (use --checkpoint FILE to keep progress)".into(),
        };
        bail!(Interrupted {
            signal,
            message: format!(
                "stopped after {} of {} chunks; {saved}",
                progress.next - progress.first,
                request.plan.chunks()
            ),
        });
    }
    let exact = match config.long.shard {
        Some(_) => None,
        None => on_pool(config.threads, || request.exact())?,
    };
    let bytes = match config.long.shard {
        Some(shard) => ShardFile::new(
            &config.identity(),
            shard,
            request.plan.chunks(),
            progress.counts,
        )?
        .to_bytes()?,
        None => odds_table(
            &request.hand,
            request.seed.value,
            request.target_stderr,
            &progress.counts,
            exact.as_ref(),
            config.output.format,
        )?,
    };
    output.finish(&bytes)?;
    if let Some(claim) = claim {
        // The table is written; a finished run's checkpoint has nothing left to resume. A run
        // shorter than the save interval never wrote one.
        claim.remove()?;
    }
    if !config.long.quiet {
        match &request.hand {
            OddsHand::Board(_) => {
                let throughput = Throughput::new(outcome.rounds_here, config.threads, elapsed);
                crate::stderr_line!("sim odds: {}, seed {}", throughput, request.seed.value);
            }
            OddsHand::Omaha { game, .. } => crate::stderr_line!(
                "sim odds: {game}, seed {}, {} rounds in {:.3} s on {}{}",
                request.seed.value,
                progress.counts.total(),
                elapsed.as_secs_f64(),
                crate::summary::Threads(config.threads),
                if exact.is_some() {
                    ", exact values over every board"
                } else {
                    "; exact values need every hole card known (--known)"
                }
            ),
        }
    }
    Ok(())
}
