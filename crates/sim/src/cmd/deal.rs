//! `sim deal`: suit-distribution patterns of dealt hands (4-4-3-2, 5-3-3-2, …) by three dealing
//! methods, against their exact combinatorial probabilities (computed by
//! `shuffle_lab::deal_patterns`).

use serde::Serialize;
use shuffle_lab::deal_patterns::{self, Deal, PatternEstimate};

use crate::cli::deal::DealArgs;
use crate::config::{OutputSpec, Seed, announce_seed, positive, resolve_threads};
use crate::error::UsageError;
use crate::output::Output;
use crate::report::{Fixed, Meta, Share, render};
use crate::summary::{Threads, si};
use engine::{ChunkPlan, on_pool};

/// One row: a suit pattern, how often it was dealt and how often it should be.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PatternRow {
    /// Suit counts high to low, e.g. `4-4-3-2`.
    pub pattern: String,
    /// Hands dealt with this pattern.
    pub count: u64,
    /// `count / hands`.
    pub probability: Share,
    /// `sqrt(p (1 − p) / hands)`.
    pub std_error: Share,
    /// The exact probability of the pattern.
    pub exact_probability: Share,
    /// `(p − exact) / sqrt(exact (1 − exact) / hands)`.
    pub z_score: Fixed<6>,
}

impl From<&PatternEstimate> for PatternRow {
    fn from(e: &PatternEstimate) -> Self {
        let [a, b, c, d] = e.pattern;
        Self {
            pattern: format!("{a}-{b}-{c}-{d}"),
            count: e.count,
            probability: Share::from(e.probability),
            std_error: Share::from(e.std_error),
            exact_probability: Share::from(e.exact_probability),
            z_score: Fixed(e.z_score),
        }
    }
}

/// Runs `sim deal`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &DealArgs) -> anyhow::Result<()> {
    let deal = Deal::new(
        args.method.into(),
        usize::from(args.players),
        usize::from(args.cards_each),
    )
    .map_err(|e| UsageError::new(e.to_string()))?;
    let rounds = positive("--rounds", args.rounds)?;
    let threads = resolve_threads(args.run.threads)?;
    let spec = OutputSpec::from(&args.output);
    let output = Output::create(spec.path.as_deref())?;
    let seed = Seed::resolve(args.run.seed);
    announce_seed(seed, "deal");
    let seed = seed.value;
    let plan = ChunkPlan::new(rounds);
    let started = std::time::Instant::now();
    let counts = on_pool(threads, || deal_patterns::simulate(&deal, seed, &plan))?;
    let seconds = started.elapsed().as_secs_f64();
    let mut meta = Meta::new();
    meta.insert("command".into(), "deal".into());
    meta.insert("method".into(), deal.method.name().into());
    meta.insert("players".into(), deal.players.into());
    meta.insert("cards_each".into(), deal.cards_each.into());
    meta.insert("rounds".into(), rounds.into());
    meta.insert("seed".into(), seed.into());
    let rows: Vec<PatternRow> = deal_patterns::pattern_estimates(&counts, deal.cards_each)
        .iter()
        .map(PatternRow::from)
        .collect();
    output.finish(&render(&rows, spec.format, meta)?)?;
    crate::stderr_line!(
        "sim deal: {rounds} deals by {}, {}, {seconds:.3} s, {}deals/s, seed {seed}",
        deal.method.name(),
        Threads(threads),
        si(rounds as f64 / seconds.max(1e-9)),
    );
    Ok(())
}
