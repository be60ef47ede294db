//! Counted rankings made again: a seeded Monte Carlo build of Omaha's or the stud games' ranking
//! (a shard of one), the exact count of a draw game's ranking of pat hands, and rankings of
//! shards added up (`sim rank --build`, `--merge`), as the lines of
//! [`crate::counted_rank`]'s tables.

use draw::pat_build;
use engine::Watch;
use engine::counted_ranking::{ClassSet, ClassTally, CountedRanking};
use engine::pot_counts::PotCounts;
use omaha::board_build;
use omaha::plo4_ranking;
use stud::start_build;

use crate::counted_rank::{Counted, CountedQuery, CountedRankLine, CountedRankRequest, lines};
use crate::error::RequestError;

/// The ranking of `counts` (one per class of `set`), every line.
fn ranked<T: ClassTally>(
    set: &'static ClassSet,
    counts: Option<Vec<T>>,
) -> Result<Option<Vec<CountedRankLine>>, RequestError> {
    let Some(counts) = counts else {
        return Ok(None);
    };
    CountedRanking::from_counts(set, &counts)
        .map(|r| Some(lines(&r)))
        .map_err(|e| RequestError::invalid(e.to_string()))
}

/// The build `request` asks for ([`CountedQuery::Build`]'s plan, or the exact count of
/// [`CountedQuery::Count`]) on the current rayon pool, telling `on_classes` (classes done, in
/// all; boards dealt when [`Counted::builds_by_boards`]) and asking `stop` as it goes: every
/// line, or `None` when stopped.
///
/// # Errors
/// [`RequestError`] if a class cannot be played (it always can), or for a request that builds
/// nothing.
pub fn build_until_stopped(
    request: &CountedRankRequest,
    on_classes: &(dyn Fn(u64, u64) + Sync),
    stop: &dyn Watch,
) -> Result<Option<Vec<CountedRankLine>>, RequestError> {
    let counted = request.counted;
    let set = counted.classes();
    let plan = match (request.query, counted) {
        (CountedQuery::Count, Counted::Draw(scoring)) => {
            return ranked(
                set,
                pat_build::build_until_stopped(scoring, on_classes, stop),
            );
        }
        (CountedQuery::Build(plan), _) => plan,
        _ => return Err(RequestError::invalid("nothing to build: give --build")),
    };
    let plan = &plan;
    match counted {
        Counted::Omaha { size, hilo: false } => ranked(
            set,
            board_build::build_until_stopped::<plo4_ranking::ClassCounts>(
                size, plan, on_classes, stop,
            ),
        ),
        Counted::Omaha { size, hilo: true } => ranked(
            set,
            board_build::build_until_stopped::<PotCounts>(size, plan, on_classes, stop),
        ),
        Counted::Stud(game) => ranked(
            set,
            start_build::build_until_stopped(game, plan, on_classes, stop)?,
        ),
        Counted::Draw(_) => Err(RequestError::invalid(
            "the draw games' rankings are counted exactly: --build alone",
        )),
    }
}

/// The rankings of `files` (each a name for messages and its text) added up.
///
/// # Errors
/// [`RequestError::Invalid`] naming a file that is not a ranking of `counted`'s classes.
pub fn merge(
    counted: Counted,
    files: &[(String, String)],
) -> Result<Vec<CountedRankLine>, RequestError> {
    match counted {
        Counted::Omaha { hilo: false, .. } => {
            merge_of::<plo4_ranking::ClassCounts>(counted.classes(), files)
        }
        Counted::Omaha { hilo: true, .. } | Counted::Stud(_) => {
            merge_of::<PotCounts>(counted.classes(), files)
        }
        Counted::Draw(_) => Err(RequestError::invalid(
            "--merge: the draw games' rankings are counted exactly, in one run",
        )),
    }
}

/// [`merge`] for the tally `T`.
fn merge_of<T: ClassTally>(
    set: &'static ClassSet,
    files: &[(String, String)],
) -> Result<Vec<CountedRankLine>, RequestError> {
    let parts = files
        .iter()
        .map(|(name, text)| {
            CountedRanking::<T>::from_csv(set, text)
                .map_err(|e| RequestError::invalid(format!("--merge {name}: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    CountedRanking::merge(&parts)
        .map(|r| lines(&r))
        .map_err(|e| RequestError::invalid(format!("--merge: {e}")))
}
