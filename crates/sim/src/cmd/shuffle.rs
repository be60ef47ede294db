//! `sim shuffle`: how random are shuffles? Exact enumeration of small decks, chi-square audits of
//! position × card tables, the total-variation distance of riffles to uniform, and poker odds
//! after a few riffles of a new deck.
//!
//! The shuffle models live in the `deck` crate and the lab that runs them in `shuffle_lab`; this
//! module validates the flags, calls the lab and writes its tables, with the same chunked seeding
//! as `sim odds` (output independent of `--threads`).

use serde::Serialize;
use shuffle_lab::audit::{self, Audit, AuditCounts};
use shuffle_lab::paths::lex_unrank;
use shuffle_lab::permutations::{self, EnumeratedMethod};
use shuffle_lab::{riffled_odds, total_variation};

use crate::cli::shuffle::{
    AuditArgs, ShuffleArgs, ShuffleCommand, ShuffleExactArgs, ShuffleOddsArgs, TvArgs,
};
use crate::config::shuffle::{AuditConfig, ShuffleOddsConfig, TvConfig};
use crate::config::{OutputSpec, announce_seed};
use crate::output::{self, Output};
use crate::report::table_row::table_rows;
use crate::report::{Fixed, Meta, Scientific, Share, render};
use crate::summary::Throughput;
use engine::exact_counts::combinatorial_counts;
use engine::on_pool;

/// Runs `sim shuffle …`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &ShuffleArgs) -> anyhow::Result<()> {
    match &args.command {
        ShuffleCommand::Exact(args) => run_exact(args),
        ShuffleCommand::Audit(args) => run_audit(args),
        ShuffleCommand::Tv(args) => run_tv(args),
        ShuffleCommand::Odds(args) => run_odds(args),
    }
}

/// One row of `sim shuffle exact`: an order of the cards `1..=n` and how many choice sequences
/// produce it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PermutationRow {
    /// The cards top to bottom, e.g. `132`.
    pub permutation: String,
    /// Choice sequences that end in this order.
    pub count: u64,
    /// `count` over all sequences.
    pub probability: Share,
}

/// The rows of `sim shuffle exact`, every order of `1..=n` in lexicographic order.
pub fn permutation_rows(counts: &[u64], n: usize) -> Vec<PermutationRow> {
    let total: u64 = counts.iter().sum();
    counts
        .iter()
        .enumerate()
        .map(|(rank, &count)| PermutationRow {
            permutation: lex_unrank(n, rank)
                .iter()
                .map(|&c| char::from(b'1' + c))
                .collect(),
            count,
            probability: Share::from(count as f64 / total as f64),
        })
        .collect()
}

/// Runs `sim shuffle exact`.
///
/// # Errors
/// Output failures.
pub fn run_exact(args: &ShuffleExactArgs) -> anyhow::Result<()> {
    let output_spec = OutputSpec::from(&args.output);
    let output = Output::create(output_spec.path.as_deref())?;
    let n = usize::from(args.deck_size);
    let method = EnumeratedMethod::from(args.method);
    let counts = permutations::enumerate(method, n);
    let mut meta = Meta::new();
    meta.insert("command".into(), "shuffle exact".into());
    meta.insert("method".into(), method.name().into());
    meta.insert("deck_size".into(), n.into());
    meta.insert("sequences".into(), counts.iter().sum::<u64>().into());
    output.finish(&render(
        &permutation_rows(&counts, n),
        output_spec.format,
        meta,
    )?)?;
    Ok(())
}

/// The summary row of `sim shuffle audit`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AuditRow {
    /// The shuffle.
    pub method: &'static str,
    /// Cards in the deck.
    pub deck_size: usize,
    /// Riffles per trial (0 unless riffling).
    pub riffles: usize,
    /// Trials.
    pub trials: u64,
    /// The chi-square statistic.
    pub statistic: Fixed<6>,
    /// Its degrees of freedom.
    pub df: u64,
    /// `P(χ²_df ≥ statistic)`: small values reject uniformity.
    pub p_value: Scientific<6>,
    /// Positions tallied.
    pub positions: usize,
    /// Mean rising sequences of the shuffled deck (whole-deck methods only).
    pub mean_rising_sequences: Option<Share>,
    /// The mean for a uniform order, `(n + 1) / 2`.
    pub uniform_mean_rising_sequences: Share,
}

/// The summary row of finished tallies.
pub fn audit_row(audit: &Audit, counts: &AuditCounts, trials: u64) -> AuditRow {
    let summary = audit.summary(counts, trials);
    AuditRow {
        method: audit.method.name(),
        deck_size: audit.deck_size,
        riffles: audit.riffles,
        trials,
        statistic: Fixed(summary.statistic),
        df: summary.df,
        p_value: Scientific(summary.p_value),
        positions: audit.positions,
        mean_rising_sequences: summary.mean_rising_sequences.map(Share::from),
        uniform_mean_rising_sequences: Share::from(summary.uniform_mean_rising_sequences),
    }
}

/// One cell of the position × card table of `sim shuffle audit --matrix`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CellRow {
    /// Position from the top, from 0.
    pub position: usize,
    /// The card's starting position, from 0.
    pub card: usize,
    /// Trials that put this card in this position.
    pub count: u64,
    /// `trials / n`.
    pub expected: Fixed<6>,
    /// `(count − expected) / sqrt(expected)`.
    pub residual: Fixed<6>,
}

/// The full table, position by position.
pub fn cell_rows(audit: &Audit, counts: &AuditCounts, trials: u64) -> Vec<CellRow> {
    audit
        .cells(counts, trials)
        .into_iter()
        .map(|cell| CellRow {
            position: cell.position,
            card: cell.card,
            count: cell.count,
            expected: Fixed(cell.expected),
            residual: Fixed(cell.residual),
        })
        .collect()
}

/// Runs `sim shuffle audit`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run_audit(args: &AuditArgs) -> anyhow::Result<()> {
    let config = AuditConfig::try_from(args)?;
    let spec = &config.output;
    let output = Output::create(spec.path.as_deref())?;
    let matrix_output = match &config.matrix {
        Some(path) => Some(Output::create(Some(path))?),
        None => None,
    };
    announce_seed(config.seed, "shuffle audit");
    let seed = config.seed.value;
    let (audit, plan) = (&config.audit, &config.plan);
    let trials = plan.rounds;
    let counts = on_pool(config.threads, || audit::simulate(audit, seed, plan))?;
    let mut meta = Meta::new();
    meta.insert("command".into(), "shuffle audit".into());
    meta.insert("seed".into(), seed.into());
    let mut tables = Vec::new();
    if let Some(matrix_output) = matrix_output {
        let cells = cell_rows(audit, &counts, trials);
        tables.push((matrix_output, render(&cells, spec.format, meta.clone())?));
    }
    let row = [audit_row(audit, &counts, trials)];
    tables.push((output, render(&row, spec.format, meta)?));
    // Both tables or neither: a failed table leaves the other file as it was.
    output::finish_together(tables)
}

/// One row of `sim shuffle tv`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TvRow {
    /// Riffles.
    pub riffles: u32,
    /// The exact distance.
    pub tv_exact: Share,
    /// The simulated estimate, if trials were asked for.
    pub tv_estimate: Option<Share>,
    /// Its standard error.
    pub std_error: Option<Share>,
}

/// Runs `sim shuffle tv`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run_tv(args: &TvArgs) -> anyhow::Result<()> {
    let config = TvConfig::try_from(args)?;
    let (n, max_riffles) = (config.deck_size, config.max_riffles);
    let spec = &config.output;
    let output = Output::create(spec.path.as_deref())?;
    let mut meta = Meta::new();
    meta.insert("command".into(), "shuffle tv".into());
    meta.insert("deck_size".into(), n.into());
    let simulated = match &config.simulated {
        Some((plan, seed)) => {
            announce_seed(*seed, "shuffle tv");
            let seed = seed.value;
            meta.insert("seed".into(), seed.into());
            meta.insert("trials".into(), plan.rounds.into());
            Some(on_pool(config.threads, || {
                total_variation::simulate(n, max_riffles, seed, plan)
            })?)
        }
        None => None,
    };
    let rows: Vec<TvRow> = total_variation::distances(n, max_riffles, simulated.as_deref())
        .into_iter()
        .map(|d| TvRow {
            riffles: d.riffles,
            tv_exact: Share::from(d.exact),
            tv_estimate: d.estimate.map(|e| Share::from(e.0)),
            std_error: d.estimate.map(|e| Share::from(e.1)),
        })
        .collect();
    output.finish(&render(&rows, spec.format, meta)?)?;
    Ok(())
}

/// Runs `sim shuffle odds`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run_odds(args: &ShuffleOddsArgs) -> anyhow::Result<()> {
    let config = ShuffleOddsConfig::try_from(args)?;
    let output = Output::create(config.output.path.as_deref())?;
    announce_seed(config.seed, "shuffle odds");
    let seed = config.seed.value;
    let plan = &config.plan;
    let rounds = plan.rounds;
    let riffles = config.riffles as usize;
    let started = std::time::Instant::now();
    let counts = on_pool(config.threads, || {
        riffled_odds::simulate(riffles, seed, plan)
    })?;
    let elapsed = started.elapsed();
    let exact = combinatorial_counts(7);
    let names = eval::Category::ALL.map(eval::Category::name);
    let lines = request::odds_table::lines(&names, &counts, Some(&exact));
    let mut meta = Meta::new();
    meta.insert("command".into(), "shuffle odds".into());
    meta.insert("riffles".into(), config.riffles.into());
    meta.insert("rounds".into(), rounds.into());
    meta.insert("seed".into(), seed.into());
    let rows = table_rows(&request::odds_table::COLUMNS, &lines);
    output.finish(&render(&rows, config.output.format, meta)?)?;
    let throughput = Throughput::new(rounds, config.threads, elapsed);
    crate::stderr_line!("sim shuffle odds: {throughput}, {riffles} riffles, seed {seed}");
    Ok(())
}
