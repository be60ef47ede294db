//! `sim rank`: a starting hand's place in its game's ranking (rank, percentile, equity against
//! one random hand), the classes of a percentage span, the whole ranking, or with `--build` the
//! ranking made again (hold'em and short deck: exact counts; omaha and the stud games: a seeded
//! Monte Carlo build, a shard of one, or with `--merge` shards added up), computed by
//! `request::rank` and `request::counted_rank`.

use std::time::Instant;

use anyhow::{Context, bail};
use engine::on_pool;
use request::counted_rank::{CountedQuery, CountedRankRequest};
use request::counted_rank_build;
use request::rank::{RankQuery, RankRequest, RankRun, build_until_stopped, lines};
use request::{counted_rank_table, rank_table};

use super::Table;
use crate::cli::rank::RankArgs;
use crate::config::rank::RankConfig;
use crate::interrupt::{self, Interrupted, StopSignal};
use crate::output::Output;
use crate::progress::phased::SharedBar;
use crate::progress::{BOARDS, CLASSES};
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
    let output = Output::create(config.output.path.as_deref())?;
    let bytes = match &config.request {
        RankRun::TwoCard(request) if request.query == RankQuery::Build => {
            two_card_build(&config, request, args)?
        }
        RankRun::Counted(request) => match request.query {
            CountedQuery::Build(_) | CountedQuery::Count | CountedQuery::Merge => {
                counted_made(&config, request, args)?
            }
            _ => table(&config, args)?.bytes,
        },
        RankRun::TwoCard(_) => table(&config, args)?.bytes,
    };
    output.finish(&bytes)?;
    Ok(())
}

/// The hold'em or short-deck ranking counted again, rendered.
fn two_card_build(
    config: &RankConfig,
    request: &RankRequest,
    args: &RankArgs,
) -> anyhow::Result<Vec<u8>> {
    let meta = meta_of(request::run_params::rank(
        request,
        args.hand.as_deref(),
        args.top.as_deref(),
    ));
    let started = Instant::now();
    interrupt::stop_between_chunks();
    let bar = SharedBar::new(BOARDS, config.quiet);
    let on_boards = |done: u64, total: u64| bar.update(done, total);
    let game = request.game;
    let ranking = on_pool(config.threads, || {
        build_until_stopped(game, &on_boards, &interrupt::stop_requested)
    })??;
    let (done, total) = bar.finish();
    let Some(ranking) = ranking else {
        bail!(stopped(format!(
            "stopped after {done} of {total} boards; nothing written"
        )));
    };
    if !config.quiet {
        crate::stderr_line!(
            "sim rank: {} classes ranked exactly in {:.2} s on {}",
            ranking.entries().len(),
            started.elapsed().as_secs_f64(),
            Threads(config.threads)
        );
    }
    let rows = lines(&ranking);
    render(
        &table_rows(&rank_table::COLUMNS, &rows),
        config.output.format,
        meta,
    )
}

/// A counted ranking (Omaha, the stud games; the draw games, exactly) built (`--build`, a shard
/// of one) or merged (`--merge`), rendered.
fn counted_made(
    config: &RankConfig,
    request: &CountedRankRequest,
    args: &RankArgs,
) -> anyhow::Result<Vec<u8>> {
    let meta = meta_of(request::run_params::counted_rank(
        request,
        args.hand.as_deref(),
        args.top.as_deref(),
    ));
    let rows = match request.query {
        CountedQuery::Build(_) | CountedQuery::Count => {
            let started = Instant::now();
            interrupt::stop_between_chunks();
            let unit = if request.counted.builds_by_boards() {
                BOARDS
            } else {
                CLASSES
            };
            let bar = SharedBar::new(unit, config.quiet);
            let on_classes = |done: u64, total: u64| bar.update(done, total);
            let built = on_pool(config.threads, || {
                counted_rank_build::build_until_stopped(
                    request,
                    &on_classes,
                    &interrupt::stop_requested,
                )
            })??;
            let (done, total) = bar.finish();
            let Some(rows) = built else {
                bail!(stopped(format!(
                    "stopped after {done} of {total} classes; nothing written"
                )));
            };
            if !config.quiet {
                let seconds = started.elapsed().as_secs_f64();
                // Every tally's first count is its rounds.
                let rounds: u64 = rows.iter().filter_map(|r| r.counts.first()).sum();
                crate::stderr_line!(
                    "sim rank: {} classes, {rounds} showdowns in {seconds:.2} s ({:.0} showdowns/s) on {}",
                    rows.len(),
                    rounds as f64 / seconds.max(1e-9),
                    Threads(config.threads)
                );
            }
            rows
        }
        _ => {
            let files = config
                .merge
                .iter()
                .map(|path| {
                    std::fs::read_to_string(path)
                        .with_context(|| format!("cannot read {}", path.display()))
                        .map(|text| (path.display().to_string(), text))
                })
                .collect::<anyhow::Result<Vec<_>>>()?;
            counted_rank_build::merge(request.counted, &files)
                .map_err(crate::error::UsageError::from)?
        }
    };
    render(
        &table_rows(counted_rank_table::columns_of(request.counted), &rows),
        config.output.format,
        meta,
    )
}

/// The error of a build stopped by a signal.
fn stopped(message: String) -> Interrupted {
    Interrupted {
        signal: interrupt::requested().unwrap_or(StopSignal::Interrupt),
        message,
    }
}

/// The table of a look-up in the shipped ranking (a hand, a percentage span or the whole
/// ranking; not `--build` or `--merge`) in the format asked for.
///
/// # Errors
/// Runtime errors for a failed rendering.
pub fn table(config: &RankConfig, args: &RankArgs) -> anyhow::Result<Table<()>> {
    let (hand, top) = (args.hand.as_deref(), args.top.as_deref());
    let format = config.output.format;
    let bytes = match &config.request {
        RankRun::TwoCard(request) => render(
            &table_rows(&rank_table::COLUMNS, &request.lines()),
            format,
            meta_of(request::run_params::rank(request, hand, top)),
        )?,
        RankRun::Counted(request) => render(
            &table_rows(
                counted_rank_table::columns_of(request.counted),
                &request.lines(),
            ),
            format,
            meta_of(request::run_params::counted_rank(request, hand, top)),
        )?,
    };
    Ok(Table {
        bytes,
        drawn_seed: None,
        result: (),
    })
}
