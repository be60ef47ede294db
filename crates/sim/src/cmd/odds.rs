//! `sim odds`: Monte Carlo category probabilities of any game's final hand, chunked and seeded so
//! that any thread count gives the same table, beside the exact probabilities when they are known.

use std::time::Instant;

use anyhow::bail;

use crate::claim::Claim;
use crate::cli::OddsArgs;
use crate::config::{OddsConfig, announce_seed};
use crate::interrupt::{self, Interrupted, StopSignal};
use crate::long_run::execute;
use crate::output::Output;
use crate::report::odds_table::odds_table;
use crate::shard::ShardFile;
use crate::summary::Throughput;
use engine::driver::Stop;
use engine::on_pool;
use request::odds_summary::OddsWords;

/// Runs `sim odds`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures, [`Interrupted`] after
/// a stop signal.
pub fn run(args: &OddsArgs) -> anyhow::Result<()> {
    run_counts(&OddsConfig::try_from(args)?)
}

/// Runs the table's counts through the engine's driver, whatever the game.
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
        let throughput = Throughput::new(outcome.rounds_here, config.threads, elapsed);
        crate::stderr_line!(
            "{}",
            request.summary_line(&OddsWords {
                throughput: &throughput.to_string(),
                rounds: progress.counts.total(),
                seconds: elapsed.as_secs_f64(),
                threads: &crate::summary::Threads(config.threads).to_string(),
                exact_total: exact.as_ref().map(|e| e.total()),
            })
        );
    }
    Ok(())
}
