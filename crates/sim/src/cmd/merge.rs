//! `sim merge`: adds up the shard files of one `sim odds --shard` run into the table the run
//! would have written on one machine, after checking that they belong together and cover every
//! chunk exactly once.

use std::path::{Path, PathBuf};

use crate::cli::MergeArgs;
use crate::config::{OutputSpec, hand_spec, resolve_threads};
use crate::error::UsageError;
use crate::identity::{ENGINE_VERSION, RunIdentity};
use crate::input::read_bounded;
use crate::output::Output;
use crate::report::odds_table::odds_table;
use crate::same_file::refuse_same_file;
use crate::shard::{ChecksumProblem, FORMAT, MAX_SHARDS, ShardFile};
use engine::CategoryCounts;
use engine::exact_counts::exact_counts_of;
use engine::on_pool;

/// The most bytes of a shard file `sim merge` reads: a shard is a few hundred bytes of JSON, so
/// this only stops a wrong path (`/dev/zero`, a large file) from being read until memory runs out.
pub const MAX_SHARD_BYTES: u64 = 1 << 20;

/// Reads one shard file.
///
/// # Errors
/// A runtime error if unreadable; a usage error if it is not a shard file of this engine.
pub fn read_shard(path: &Path) -> anyhow::Result<ShardFile> {
    let bytes = read_bounded(path, MAX_SHARD_BYTES, "sim merge")?;
    let shard: ShardFile = serde_json::from_slice(&bytes)
        .map_err(|e| UsageError::new(format!("{} is not a shard file: {e}", path.display())))?;
    let refuse = |why: String| UsageError::new(format!("shard {}: {why}", path.display()));
    if shard.format != FORMAT {
        return Err(refuse(format!("format {:?}, expected {FORMAT:?}", shard.format)).into());
    }
    if shard.engine != ENGINE_VERSION {
        return Err(refuse(format!(
            "written by engine {}, this is {ENGINE_VERSION}",
            shard.engine
        ))
        .into());
    }
    let remake = format!(
        "remake it by rerunning the `sim odds … --shard {}/{}` command that wrote it",
        shard.shard.index, shard.shard.count
    );
    match shard.checksum_problem()? {
        None => {}
        Some(ChecksumProblem::Missing) => {
            return Err(refuse(format!(
                "it has no checksum (written by a sim from before shard files had one); {remake}"
            ))
            .into());
        }
        Some(ChecksumProblem::Mismatch) => {
            return Err(refuse(format!(
                "checksum mismatch (the file was edited or damaged); {remake}"
            ))
            .into());
        }
    }
    if shard.run.game().is_none() {
        return Err(refuse(format!(
            "unknown game {:?} (sim merge takes shards of {})",
            shard.run.game.as_deref().unwrap_or_default(),
            RunIdentity::game_names()
        ))
        .into());
    }
    let plan = engine::ChunkPlan::with_chunk_rounds(shard.run.rounds, shard.run.chunk_rounds);
    // Added without wrapping: counts summing past 2^64 must not pass for a small total.
    // A run of no rounds has no odds to merge (`sim odds` refuses one): NaN probabilities.
    if shard.run.rounds == 0
        || shard.run.chunk_rounds == 0
        || shard.total_chunks != plan.chunks()
        || shard.shard.count == 0
        || shard.shard.count > MAX_SHARDS
        || shard.shard.index >= shard.shard.count
        || shard.chunks != shard.shard.range(shard.total_chunks)
        || shard.counts.checked_total() != Some(plan.rounds_in_chunks(shard.chunks.clone()))
    {
        return Err(
            refuse("its chunk range or counts do not match its plan (corrupt?)".into()).into(),
        );
    }
    Ok(shard)
}

/// Checks that `shards` (with their paths) are the complete set of one run's shards and adds
/// up their counts.
///
/// # Errors
/// A usage error naming the foreign, duplicated or missing shards.
pub fn combine(shards: &[(PathBuf, ShardFile)]) -> Result<CategoryCounts, UsageError> {
    let Some((first_path, first)) = shards.first() else {
        return Err(UsageError::new("no shards given"));
    };
    let count = first.shard.count;
    // read_shard caps the count at MAX_SHARDS.
    let mut seen: Vec<Option<&Path>> = vec![None; count.min(MAX_SHARDS) as usize];
    let mut counts = CategoryCounts::default();
    for (path, shard) in shards {
        let foreign = |what: String| {
            UsageError::new(format!(
                "shard {} is from a different run than {} ({what})",
                path.display(),
                first_path.display()
            ))
        };
        if let Some(what) = shard.run.difference(&first.run) {
            return Err(foreign(what));
        }
        if shard.shard.count != count {
            return Err(foreign(format!("{} shards vs {count}", shard.shard.count)));
        }
        let slot = usize::try_from(shard.shard.index)
            .ok()
            .and_then(|i| seen.get_mut(i))
            .ok_or_else(|| foreign(format!("shard index {}", shard.shard.index)))?;
        if let Some(other) = slot {
            return Err(UsageError::new(format!(
                "shards {} and {} are both shard {}/{count}",
                other.display(),
                path.display(),
                shard.shard.index
            )));
        }
        *slot = Some(path);
        counts += shard.counts;
    }
    let missing: Vec<String> = (0..count)
        .filter(|&i| seen.get(i as usize).is_none_or(Option::is_none))
        .take(10)
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        let more = if missing.len() == 10 { ", …" } else { "" };
        return Err(UsageError::new(format!(
            "missing shards {}{more}",
            missing.join(", ")
        )));
    }
    Ok(counts)
}

/// Runs `sim merge`.
///
/// # Errors
/// Usage errors for refused shards, runtime errors for unreadable files or output failures.
pub fn run(args: &MergeArgs) -> anyhow::Result<()> {
    let spec = OutputSpec::from(&args.output);
    if let Some(out) = &spec.path {
        for shard in &args.shards {
            refuse_same_file(&[("SHARD", shard), ("--out", out)])?;
        }
    }
    let output = Output::create(spec.path.as_deref())?;
    let shards = args
        .shards
        .iter()
        .map(|path| Ok((path.clone(), read_shard(path)?)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let counts = combine(&shards)?;
    let Some((path, ShardFile { run, .. })) = shards.first() else {
        return Err(UsageError::new("no shards given").into());
    };
    let refuse = |why: String| UsageError::new(format!("shard {}: {why}", path.display()));
    let bad_size = || {
        refuse(
            engine::EngineError::HandSize {
                cards: run.cards,
                known: 0,
            }
            .to_string(),
        )
    };
    if !(5..=7).contains(&run.cards) {
        return Err(bad_size().into());
    }
    let hand_args = crate::cli::HandArgs {
        cards: u8::try_from(run.cards).map_err(|_| bad_size())?,
        known: crate::cli::CardList(
            deck::parse_cards(&run.known)
                .map_err(|e| refuse(format!("known cards {:?}: {e}", run.known)))?,
        ),
    };
    // read_shard refused unknown games.
    let game = run.game().ok_or_else(|| refuse("unknown game".into()))?;
    let dead = deck::parse_cards(&run.dead)
        .map_err(|e| refuse(format!("dead cards {:?}: {e}", run.dead)))?;
    let hand = hand_spec(&hand_args, game)
        .map_err(|e| refuse(e.to_string()))?
        .with_dead(dead)
        .map_err(|e| refuse(e.to_string()))?;
    let exact = on_pool(resolve_threads(None)?, || exact_counts_of(&hand))?;
    output.finish(&odds_table(
        &request::odds::OddsHand::Board(hand),
        run.seed,
        None,
        &counts,
        Some(&exact),
        spec.format,
    )?)
}
