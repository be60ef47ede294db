//! `sim equity --streets`: each player's equity after each street of the board given, and for
//! an incomplete board its spread over the cards that can come next, computed by
//! `engine::streets` on the family's spot (`request::streets`) and written as rows of `level`
//! `street`, `next` and (with `--next-cards`) `card`; hi/lo games add the split-pot shares.

use std::time::Instant;

use engine::{Streets, Watch, on_pool_with_caller};
use request::cards::cards_text;
use request::streets_table::{Level, StreetLine, lines};

use super::{Table, drawn_seed};
use crate::cli::equity::EquityArgs;
use crate::config::announce_seed;
use crate::config::streets::StreetsConfig;
use crate::error::UsageError;
use crate::output::Output;
use crate::progress::RUNS;
use crate::progress::watch::with_progress;
use crate::report::table_row::table_rows;
use crate::report::{meta_of, render};
use crate::summary::{Threads, si};

/// Runs `sim equity --streets`.
///
/// # Errors
/// Usage errors for bad arguments or spots a street's run refuses, runtime errors for output
/// failures.
pub fn run(args: &EquityArgs) -> anyhow::Result<()> {
    let config = StreetsConfig::try_from(args)?;
    let request = &config.request;
    let output = Output::create(config.output.path.as_deref())?;
    let started = Instant::now();
    let done = with_progress(RUNS, false, |watch| table(&config, watch))?
        .ok_or_else(|| anyhow::anyhow!("the run stopped without a stop signal"))?;
    let elapsed = started.elapsed();
    let (streets, table) = done.result;
    let sampled = table.iter().any(|line| !line.exact);
    if sampled {
        announce_seed(request.seed, "equity");
    }
    output.finish(&done.bytes)?;
    crate::stderr_text!("{}", human_table(&table));
    let samples = streets.samples();
    let seconds = elapsed.as_secs_f64();
    let next = streets.next.as_ref().map_or(String::new(), |n| {
        format!(
            ", {} next {}",
            n.cards.len(),
            if n.street.board_cards() == 3 {
                "flops"
            } else {
                "cards"
            }
        )
    });
    crate::stderr_line!(
        "sim equity --streets: {} street{}{next}, {samples} {} in {seconds:.3} s on {} ({}/s)",
        streets.streets.len(),
        if streets.streets.len() == 1 { "" } else { "s" },
        if sampled { "outcomes" } else { "boards" },
        Threads(config.threads),
        si(samples as f64 / seconds.max(1e-9))
    );
    Ok(())
}

/// What `sim equity --streets` computes: the streets and the lines drawn from them.
pub type StreetsLines = (Streets<()>, Vec<StreetLine>);

/// Runs the streets of `config` on its threads until `watch` stops it (`None`), and renders
/// their table in the format asked for; the result is the streets and their lines.
///
/// # Errors
/// Usage errors for spots a street's run refuses, runtime errors for a refused pool or a failed
/// rendering.
pub fn table(
    config: &StreetsConfig,
    watch: &dyn Watch,
) -> anyhow::Result<Option<Table<StreetsLines>>> {
    let request = &config.request;
    // A street can prove impossible only when counted (no deal fits): still a usage error.
    let Some(streets) = on_pool_with_caller(config.threads, || request.run_until_stopped(watch))?
        .map_err(UsageError::from)?
    else {
        return Ok(None);
    };
    let table = lines(&streets, &request.hands(), config.next_cards);
    let sampled = table.iter().any(|line| !line.exact);
    let meta = meta_of(request::run_params::streets(request, sampled));
    let rows = table_rows(request::streets_table::columns(&table), &table);
    let bytes = render(&rows, config.output.format, meta)?;
    Ok(Some(Table {
        bytes,
        drawn_seed: drawn_seed(!sampled, request.seed),
        result: (streets, table),
    }))
}

/// The street and next-street lines for people, written to stderr (card lines left out).
fn human_table(lines: &[StreetLine]) -> String {
    let width = lines
        .iter()
        .map(|l| l.hand.len())
        .max()
        .unwrap_or(4)
        .clamp(4, 40);
    let mut out = format!(
        "{:<7} {:<10} {:<6} {:<width$} {:>9} {:>9} {:>9} {:>9} {:>11}\n",
        "street", "board", "player", "hand", "equity %", "q1 %", "median %", "q3 %", "favourite %"
    );
    for line in lines.iter().filter(|l| l.level != Level::Card) {
        let street = match line.level {
            Level::Next => format!("{}?", line.street),
            _ => line.street.to_string(),
        };
        out.push_str(&format!(
            "{street:<7} {:<10} {:<6} {:<width$} {:>9.4} {:>9.4} {:>9.4} {:>9.4} {:>11.4}\n",
            cards_text(&line.board),
            line.player,
            line.hand,
            100.0 * line.equity,
            100.0 * line.q1,
            100.0 * line.median,
            100.0 * line.q3,
            100.0 * line.favourite,
        ));
    }
    out
}
