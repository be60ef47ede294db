//! `sim odds` and `sim exact` with `--game stud|stud-hilo|razz`: how one stud hand's seven
//! cards end up given its known cards and the dead cards. Stud: the high hand's category;
//! razz: the A-5 low's top card; stud hi/lo: the eight-or-better low's top card. Odds are
//! seeded Monte Carlo beside the exact table; exact visits every completion.

use std::time::Instant;

use engine::on_pool;

use crate::cli::{ExactArgs, OddsArgs};
use crate::config::stud::StudTableConfig;
use crate::error::UsageError;
use crate::output::Output;
use crate::report::{Meta, render};
use crate::stud_report::{cards_text, exact_rows, odds_rows};

fn table_meta(command: &str, config: &StudTableConfig, total: u64) -> Meta {
    let mut meta = Meta::new();
    meta.insert("command".into(), command.into());
    meta.insert("game".into(), config.game.name().into());
    meta.insert("table".into(), config.chart.name().into());
    meta.insert("known".into(), cards_text(&config.known).into());
    meta.insert("dead".into(), cards_text(&config.dead).into());
    meta.insert(
        if command == "odds" { "rounds" } else { "total" }.into(),
        total.into(),
    );
    meta
}

/// Runs `sim odds` for the stud game `game`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run_odds(args: &OddsArgs, game: stud::Game) -> anyhow::Result<()> {
    let config = StudTableConfig::odds(args, game)?;
    let output = Output::create(config.output.path.as_deref())?;
    config.seed.announce("odds");
    let started = Instant::now();
    let (sampled, exact) = on_pool(config.threads, || {
        (
            stud::odds(
                config.chart,
                &config.known,
                &config.dead,
                config.seed.value,
                &config.plan,
                config.target_stderr,
            ),
            stud::exact_table(config.chart, &config.known, &config.dead),
        )
    })?;
    let usage = |e: stud::StudError| UsageError::new(e.to_string());
    let (sampled, exact) = (sampled.map_err(usage)?, exact.map_err(usage)?);
    let elapsed = started.elapsed();
    let mut meta = table_meta("odds", &config, sampled.total());
    meta.insert("seed".into(), config.seed.value.into());
    if let Some(target) = config.target_stderr {
        meta.insert("target_stderr".into(), target.into());
    }
    let rows = odds_rows(&sampled, &exact);
    output.finish(&render(&rows, config.output.format, meta)?)?;
    if !config.quiet {
        eprintln!(
            "sim odds: {game} {}, seed {}, {} rounds in {:.3} s on {}, exact values over {} completions",
            config.chart,
            config.seed.value,
            sampled.total(),
            elapsed.as_secs_f64(),
            crate::summary::Threads(config.threads),
            exact.total()
        );
    }
    Ok(())
}

/// Runs `sim exact` for the stud game `game`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run_exact(args: &ExactArgs, game: stud::Game) -> anyhow::Result<()> {
    let config = StudTableConfig::exact(args, game)?;
    let output = Output::create(config.output.path.as_deref())?;
    let started = Instant::now();
    let table = on_pool(config.threads, || {
        stud::exact_table(config.chart, &config.known, &config.dead)
    })?
    .map_err(|e| UsageError::new(e.to_string()))?;
    let elapsed = started.elapsed();
    let meta = table_meta("exact", &config, table.total());
    output.finish(&render(&exact_rows(&table), config.output.format, meta)?)?;
    eprintln!(
        "sim exact: {game} {}, {} completions in {:.3} s on {}",
        config.chart,
        table.total(),
        elapsed.as_secs_f64(),
        crate::summary::Threads(config.threads)
    );
    Ok(())
}
