//! `sim rank`: a starting hand's place in its game's ranking (rank, percentile, equity against
//! one random hand), the classes of a percentage span, the whole ranking, or with `--build` the
//! ranking made again from exact counts, computed by `request::rank`.

use std::time::Instant;

use anyhow::bail;
use engine::on_pool;
use request::rank::{RankQuery, build_until_stopped, lines};
use request::rank_table::COLUMNS;

use super::Table;
use crate::cli::rank::RankArgs;
use crate::config::rank::RankConfig;
use crate::interrupt::{self, Interrupted, StopSignal};
use crate::output::Output;
use crate::progress::BOARDS;
use crate::progress::phased::SharedBar;
use crate::report::table_row::table_rows;
use crate::report::{meta_of, render};
use crate::summary::Threads;

/// Runs `sim rank`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures, [`Interrupted`] when a
/// `--build` is stopped by a signal.
pub fn run(args: &RankArgs) -> anyhow::Result<()> {
    let config = RankConfig::try_from(args)?;
    let request = &config.request;
    let output = Output::create(config.output.path.as_deref())?;
    if request.query != RankQuery::Build {
        return output.finish(&table(&config, args)?.bytes);
    }
    let meta = meta_of(request::run_params::rank(
        request,
        args.hand.as_deref(),
        args.top.as_deref(),
    ));
    let rows = {
        let started = Instant::now();
        let ranking = build(&config)?;
        if !config.quiet {
            crate::stderr_line!(
                "sim rank: {} classes ranked exactly in {:.2} s on {}",
                ranking.entries().len(),
                started.elapsed().as_secs_f64(),
                Threads(config.threads)
            );
        }
        lines(&ranking)
    };
    output.finish(&render(
        &table_rows(&COLUMNS, &rows),
        config.output.format,
        meta,
    )?)?;
    Ok(())
}

/// The table of a look-up in the shipped ranking (a hand, a percentage span or the whole
/// ranking; not `--build`) in the format asked for.
///
/// # Errors
/// Runtime errors for a failed rendering.
pub fn table(config: &RankConfig, args: &RankArgs) -> anyhow::Result<Table<()>> {
    let request = &config.request;
    let meta = meta_of(request::run_params::rank(
        request,
        args.hand.as_deref(),
        args.top.as_deref(),
    ));
    let bytes = render(
        &table_rows(&COLUMNS, &request.lines()),
        config.output.format,
        meta,
    )?;
    Ok(Table {
        bytes,
        drawn_seed: None,
        result: (),
    })
}

/// The ranking made again from exact counts, with a bar, stopped cleanly by a signal.
///
/// # Errors
/// [`Interrupted`] after a stop signal.
fn build(config: &RankConfig) -> anyhow::Result<engine::class_ranking::ClassRanking> {
    interrupt::stop_between_chunks();
    let bar = SharedBar::new(BOARDS, config.quiet);
    let on_boards = |done: u64, total: u64| bar.update(done, total);
    let game = config.request.game;
    let ranking = on_pool(config.threads, || {
        build_until_stopped(game, &on_boards, &interrupt::stop_requested)
    })??;
    let (done, total) = bar.finish();
    let Some(ranking) = ranking else {
        bail!(Interrupted {
            signal: interrupt::requested().unwrap_or(StopSignal::Interrupt),
            message: format!("stopped after {done} of {total} boards; nothing written"),
        });
    };
    Ok(ranking)
}
