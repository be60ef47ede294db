//! How much `sim plot` draws: one bound per thing a chart draws one element for, each far above
//! the largest table a `sim` command writes and far below what a 64 MiB input can hold. A
//! 64 MiB table of four million tiny rows once became a 1.4 GB SVG.
//!
//! ```text
//!  chart         counted                     largest sim table               bound    past it
//!  odds          categories (rows)           10                              100      refused
//!  convergence   categories of each table    10                              100      refused
//!                points on a line (tables)   one per run given               1,000    thinned
//!  throughput    rows (thread counts)        1,024 (each count once)         4,096    refused
//!  tv            rows (riffle counts)        40                              1,000    refused
//!  hits          rows (classes)              31                              100      refused
//!  breakdown     players (grids)             10                              20       refused
//!                class rows                  1,690 (10 players × 169)        3,380    refused
//!  distribution  curves                      100 (10 players, --versus)      200      refused
//!                curve rows                  200,000                         400,000  refused
//! ```
//!
//! Bars, grids and the categories of a log chart mean nothing past their bound: such a table is
//! refused, before any drawing, with a usage error naming the file, the count and the bound
//! (exit status 2). A convergence line instead keeps [`MAX_CONVERGENCE_POINTS`] evenly spaced
//! points: its tables are the checkpoints of a study, which a user of a long one expects to see
//! drawn, not refused.

use std::path::Path;

use crate::error::UsageError;

/// The most categories (rows) an odds table may have, for `sim plot odds` and for each table
/// of `sim plot convergence`. `sim odds` writes at most 10 in every game: the ten categories
/// (stud hi-lo: five lows; razz: ten). Each category takes a column of the chart; a hundred
/// already crowd its 900 pixels.
pub const MAX_CATEGORIES: usize = 100;

/// The most points one line of `sim plot convergence` draws: a line has a point per table
/// given (one `sim odds` run per round count), and a longer study is thinned to this many,
/// evenly spaced in the order of rounds, the first and last kept. A thousand is more points
/// than the plot has pixels across.
pub const MAX_CONVERGENCE_POINTS: usize = 1_000;

/// The most rows (thread counts) a throughput table may have: `sim bench` measures each count
/// of its `--threads` list, at most [`request::threads::MAX_THREADS`] (1,024) of them naming
/// each count once; four times that leaves room for lists that repeat counts.
pub const MAX_THROUGHPUT_ROWS: usize = 4 * request::threads::MAX_THREADS;

/// The most rows (riffle counts) a total-variation table may have: `sim shuffle tv` writes one
/// per riffle, `--max-riffles` at most 40.
pub const MAX_TV_ROWS: usize = 1_000;

/// The most rows (classes) a hits table may have: `sim hits` writes at most 31, the range row
/// and one per made-hand and draw class. Each class is a bar 24 pixels high.
pub const MAX_HITS_ROWS: usize = 100;

/// The most players (one 13 × 13 grid each, side by side) a breakdown heat map draws: a table
/// seats at most [`engine::MAX_PLAYERS`] (10) in every game.
pub const MAX_BREAKDOWN_PLAYERS: usize = 2 * engine::MAX_PLAYERS;

/// The most class rows a breakdown table may have: one per class (169 in hold'em, 81 in short
/// deck) and player, so at most 1,690 from `sim equity --breakdown`; the grids of
/// [`MAX_BREAKDOWN_PLAYERS`] players.
pub const MAX_BREAKDOWN_CLASSES: usize = MAX_BREAKDOWN_PLAYERS * 169;

/// The most curves (lines, each with its legend line) a distribution chart draws: one per
/// player and, with `--versus`, one per player against each other player, so at most 100 at a
/// table of [`engine::MAX_PLAYERS`].
pub const MAX_DISTRIBUTION_CURVES: usize = 2 * engine::MAX_PLAYERS * engine::MAX_PLAYERS;

/// The most curve rows (`curve` and `versus_curve`: a hand each, drawn as a step) a
/// distribution table may have. `sim equity --distribution` writes at most 200,000: the
/// breakdown's [`engine::MAX_HAND_ROWS`] (100,000) hands, and with `--versus` each player's
/// equity against the other's as many (heads-up), or against each of nine others' from at
/// most 20,000 hands (three or more players).
pub const MAX_DISTRIBUTION_ROWS: usize = 4 * engine::MAX_HAND_ROWS;

// Each bound admits the largest table `sim` writes.
const _: () = assert!(MAX_DISTRIBUTION_ROWS >= 2 * engine::MAX_HAND_ROWS);
const _: () = assert!(
    MAX_DISTRIBUTION_ROWS
        >= (engine::MAX_PLAYERS - 1) * request::versus::MAX_VERSUS_RUNS
            + request::versus::MAX_VERSUS_RUNS
);
const _: () =
    assert!(MAX_HITS_ROWS > 1 + request::hits::MadeHand::COUNT + request::hits::Draw::COUNT);
const _: () = assert!(MAX_CONVERGENCE_POINTS >= 2);

/// Refuses `count` things (`what`: "categories", "rows") of the table at `path` past `limit`.
///
/// # Errors
/// A usage error naming the file, the count and the limit: `odds.csv has 4000000 categories;
/// sim plot draws at most 100`.
pub(crate) fn at_most(
    path: &Path,
    count: usize,
    what: &str,
    limit: usize,
) -> Result<(), UsageError> {
    if count <= limit {
        return Ok(());
    }
    Err(UsageError::new(format!(
        "{} has {count} {what}; sim plot draws at most {limit}",
        path.display()
    )))
}

/// The indices of at most `max` of `len` items, evenly spaced and in order: all of them when
/// `len <= max`, else the first, the last and `max - 2` between.
pub(crate) fn evenly_spaced(len: usize, max: usize) -> impl Iterator<Item = usize> {
    let kept = len.min(max);
    // Kept item k sits at k (len - 1) / (kept - 1), rounded down: the steps are at least 1
    // when len > kept, so no index repeats. u128: no overflow for any len and max.
    (0..kept).map(move |k| {
        if kept == len || kept < 2 {
            k
        } else {
            (k as u128 * (len as u128 - 1) / (kept as u128 - 1)) as usize
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_past_the_limit_are_refused_naming_file_count_and_limit() {
        let path = Path::new("odds.csv");
        assert_eq!(at_most(path, 100, "categories", 100), Ok(()));
        assert_eq!(
            at_most(path, 4_000_000, "categories", 100)
                .unwrap_err()
                .to_string(),
            "odds.csv has 4000000 categories; sim plot draws at most 100"
        );
    }

    #[test]
    fn thinning_keeps_the_ends_and_evenly_spaced_points() {
        let kept = |len, max| evenly_spaced(len, max).collect::<Vec<_>>();
        assert_eq!(kept(0, 5), Vec::<usize>::new());
        assert_eq!(kept(1, 5), [0]);
        assert_eq!(kept(5, 5), [0, 1, 2, 3, 4]);
        assert_eq!(kept(6, 5), [0, 1, 2, 3, 5]);
        assert_eq!(kept(9, 5), [0, 2, 4, 6, 8]);
        assert_eq!(kept(101, 3), [0, 50, 100]);
        for len in [1_001, 1_002, 4_567, 1 << 20] {
            let kept = kept(len, MAX_CONVERGENCE_POINTS);
            assert_eq!(kept.len(), MAX_CONVERGENCE_POINTS);
            assert_eq!((kept[0], kept[kept.len() - 1]), (0, len - 1));
            assert!(kept.windows(2).all(|w| w[0] < w[1]), "{len}");
            // Evenly spaced: every gap within one of the mean gap.
            let mean = (len - 1) / (MAX_CONVERGENCE_POINTS - 1);
            assert!(
                kept.windows(2)
                    .all(|w| w[1] - w[0] <= mean + 1 && w[1] - w[0] >= mean)
            );
        }
        assert_eq!(kept(usize::MAX, 2), [0, usize::MAX - 1]);
    }
}
