//! `sim equity --boards 2` and `--runs N`: a double board or one board run N times, counted
//! by `engine::runouts` through `request::runouts` and written as the runouts table (each
//! player's equity, each board's or run's, and the joint outcomes).

use std::time::Instant;

use engine::runouts::RunoutCounts;
use engine::{Watch, on_pool_with_caller};
use request::runouts_table::{COLUMNS, RunoutLine, lines};

use crate::cli::equity::EquityArgs;
use crate::cmd::{Table, drawn_seed};
use crate::config::announce_seed;
use crate::config::runouts::RunoutsConfig;
use crate::output::Output;
use crate::progress::watch::with_progress;
use crate::progress::{COUNTED, ROUNDS};
use crate::report::table_row::table_rows;
use crate::report::{meta_of, render};
use crate::summary::{Threads, si};

/// Runs `sim equity --boards 2` or `--runs N`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &EquityArgs) -> anyhow::Result<()> {
    let config = RunoutsConfig::try_from(args)?;
    let request = &config.request;
    let output = Output::create(config.output.path.as_deref())?;
    if !request.exact {
        announce_seed(request.seed, "equity");
    }
    let started = Instant::now();
    let unit = if request.exact { COUNTED } else { ROUNDS };
    let done = with_progress(unit, false, |watch| table(&config, watch))?
        .ok_or_else(|| anyhow::anyhow!("the run stopped without a stop signal"))?;
    let elapsed = started.elapsed();
    output.finish(&done.bytes)?;
    let (counts, table) = done.result;
    crate::stderr_text!("{}", human_table(&table));
    let seconds = elapsed.as_secs_f64();
    let what = request.kind.words();
    let method = if request.exact {
        "exact".to_string()
    } else {
        format!("monte carlo, seed {}", request.seed.value)
    };
    crate::stderr_line!(
        "sim equity: {what}, {method}: {} deals in {} on {} ({}/s)",
        counts.deals,
        request::family::duration_words(seconds),
        Threads(config.threads),
        si(counts.deals as f64 / seconds.max(1e-9))
    );
    Ok(())
}

/// What a runout run gives: the counts and the table's lines.
pub type Runouts = (RunoutCounts, Vec<RunoutLine>);

/// Counts the runouts of `config` on its threads until `watch` stops it (`None`), and renders
/// the runouts table in the format asked for.
///
/// # Errors
/// Runtime errors for a refused pool or a failed rendering.
pub fn table(config: &RunoutsConfig, watch: &dyn Watch) -> anyhow::Result<Option<Table<Runouts>>> {
    let request = &config.request;
    let Some(counts) = on_pool_with_caller(config.threads, || request.run_until_stopped(watch))?
    else {
        return Ok(None);
    };
    let table = lines(request, &counts);
    let meta = meta_of(request::run_params::runouts(request));
    let bytes = render(&table_rows(&COLUMNS, &table), config.output.format, meta)?;
    Ok(Some(Table {
        bytes,
        drawn_seed: drawn_seed(request.exact, request.seed),
        result: (counts, table),
    }))
}

/// The lines for people, written to stderr.
fn human_table(lines: &[RunoutLine]) -> String {
    let width = lines
        .iter()
        .map(|l| l.hand.len())
        .max()
        .unwrap_or(4)
        .clamp(4, 40);
    let board = lines
        .iter()
        .map(|l| l.board.len())
        .max()
        .unwrap_or(5)
        .max(5);
    let mut out = format!(
        "{:<6} {:<width$} {:<board$} {:<7} {:<15} {:>9} {:>10}\n",
        "player", "hand", "board", "share", "outcome", "%", "variance"
    );
    for l in lines {
        out.push_str(&format!(
            "{:<6} {:<width$} {:<board$} {:<7} {:<15} {:>9.4} {:>10}\n",
            l.player,
            l.hand,
            l.board,
            l.share,
            l.outcome,
            100.0 * l.probability,
            l.variance.map_or(String::new(), |v| format!("{v:.6}")),
        ));
    }
    out
}
