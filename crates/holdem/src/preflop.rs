//! The preflop tables: the starting-hand classes of a game ([`classes`]: 169 in hold'em, 81 in
//! short deck) against 1 to 9 random hands (short deck: 1 to 7) by Monte Carlo
//! ([`vs_random_table`]), and the heads-up class matrix (169×169 or 81×81), exact, each matchup
//! reduced by suit symmetry ([`matrix`]).

use engine::Watch;
use std::ops::RangeInclusive;

use engine::Game;
use engine::seed::job_seed;
use rayon::prelude::*;

use crate::class_pairs::{PairSums, pair_sums_until_stopped};
use crate::error::HoldemError;
use crate::range::{HandClass, Range};
use crate::sampler::Sampler;
use crate::spot::Spot;
use engine::{PlayerEquity, SplitTally};

pub use crate::class_pairs::{classes, heads_up, matchup_groups};

/// Most random opponents in a table against random hands.
pub const MAX_OPPONENTS: usize = 9;

/// Most random opponents in a short-deck table against random hands (8 players in all).
pub const SHORT_DECK_MAX_OPPONENTS: usize = crate::spot::SHORT_DECK_MAX_PLAYERS - 1;

/// One class against `opponents` random hands: Monte Carlo with the class's first combo (every
/// combo of a class has the same equity against random hands, by suit symmetry).
///
/// # Errors
/// [`HoldemError::Method`] ([`engine::MethodError::NoRounds`]) for zero rounds,
/// [`HoldemError::PlayerCount`] for more than [`MAX_OPPONENTS`] opponents or none (short deck:
/// above [`SHORT_DECK_MAX_OPPONENTS`]), [`HoldemError::NotInDeck`] for a class the game lacks.
pub fn vs_random(
    game: Game,
    class: HandClass,
    opponents: usize,
    seed: u64,
    rounds: u64,
) -> Result<SplitTally, HoldemError> {
    vs_random_until_stopped(game, class, opponents, seed, rounds, &|| false)
        .map(|tally| tally.unwrap_or_else(|| unreachable!("never asked to stop")))
}

/// [`vs_random`], asking `stop` between its chunks: `None` when it said to stop.
///
/// # Errors
/// As [`vs_random`].
pub fn vs_random_until_stopped(
    game: Game,
    class: HandClass,
    opponents: usize,
    seed: u64,
    rounds: u64,
    stop: &dyn Watch,
) -> Result<Option<SplitTally>, HoldemError> {
    if rounds == 0 {
        return Err(HoldemError::Method(engine::MethodError::NoRounds));
    }
    let combo = class.combos()[0];
    let mut players = vec![Range::parse(&format!("{}{}", combo[0], combo[1]))?];
    for _ in 0..opponents {
        players.push(Range::parse("random")?);
    }
    let game = Spot::of_game(game, players, vec![], vec![])?;
    let sampler = Sampler::new(&game, seed)?;
    Ok(sampler.simulate_until_stopped(seed, &sampler.plan(rounds), None, stop))
}

/// One cell of the table against random hands.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VsRandom {
    /// The starting-hand class.
    pub class: HandClass,
    /// Random opponents.
    pub opponents: usize,
    /// The class's equity.
    pub equity: PlayerEquity,
}

/// The table against random hands: for each opponent count in `opponents`, each class of
/// [`classes`] in order, `rounds` Monte Carlo rounds. Cell (`n` opponents, class `c` of `C`)
/// runs with seed `job_seed(seed, n * C + c)`, so every cell has a stream of its own and the
/// table does not depend on the threads or on which opponent counts are asked for.
///
/// The cells run side by side, each its own rayon job (its chunks shared out within it): run
/// one after another, every cell ended with its last chunks on fewer threads than the pool has
/// (two threads: busy 0.95 of the time).
///
/// # Errors
/// As [`vs_random`]: the error of the first cell in table order that has one.
pub fn vs_random_table(
    game: Game,
    opponents: RangeInclusive<usize>,
    seed: u64,
    rounds: u64,
) -> Result<Vec<VsRandom>, HoldemError> {
    let cells = vs_random_table_until_stopped(
        &TableRun {
            game,
            opponents,
            seed,
            rounds,
        },
        &[],
        &|_, _| {},
        &|| false,
    )?;
    Ok(cells.into_iter().flatten().collect())
}

/// What a table against random hands is: the game, the opponent counts, the seed and the
/// rounds per cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableRun {
    /// Hold'em or short deck.
    pub game: Game,
    /// The opponent counts, one block of cells each.
    pub opponents: RangeInclusive<usize>,
    /// The run's seed.
    pub seed: u64,
    /// Monte Carlo rounds per cell.
    pub rounds: u64,
}

impl TableRun {
    /// The cells in table order: each opponent count, then each class.
    pub fn cells(&self) -> Vec<(usize, HandClass)> {
        let classes = classes(self.game);
        self.opponents
            .clone()
            .flat_map(|n| classes.iter().map(move |&c| (n, c)))
            .collect()
    }
}

/// [`vs_random_table`] cell by cell: the cells already `known` (by table index, from a
/// checkpoint; shorter than the table or empty for none) are kept, not run again; each cell
/// run is handed to `on_cell` with its index as it ends (for progress and checkpoints), and
/// `stop` is asked before each cell and between its chunks (a cell stopped part way is
/// dropped). Returns every cell in table order, `None` for
/// those a stop left unrun. A cell's numbers depend only on its seed, so a table finished
/// across stops equals one run in one go.
///
/// # Errors
/// As [`vs_random_table`].
pub fn vs_random_table_until_stopped(
    run: &TableRun,
    known: &[Option<VsRandom>],
    on_cell: &(dyn Fn(usize, &VsRandom) + Sync),
    stop: &dyn Watch,
) -> Result<Vec<Option<VsRandom>>, HoldemError> {
    let per_block = classes(run.game).len();
    let cells = run.cells();
    let results: Vec<Result<Option<VsRandom>, HoldemError>> = cells
        .par_iter()
        .enumerate()
        .with_max_len(1)
        .map(|(index, &(n, class))| {
            if let Some(Some(cell)) = known.get(index) {
                return Ok(Some(*cell));
            }
            let job = (n * per_block + index % per_block) as u64;
            let seed = job_seed(run.seed, job);
            let Some(tally) = vs_random_until_stopped(run.game, class, n, seed, run.rounds, stop)?
            else {
                return Ok(None);
            };
            let cell = VsRandom {
                class,
                opponents: n,
                equity: tally.equities(false)[0],
            };
            on_cell(index, &cell);
            Ok(Some(cell))
        })
        .collect();
    results.into_iter().collect()
}

/// One cell of the heads-up matrix.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MatrixCell {
    /// The class whose equity this is.
    pub hand: HandClass,
    /// The opposing class.
    pub versus: HandClass,
    /// Share won outright, over all conflict-free suit combinations and boards.
    pub win: f64,
    /// Share split.
    pub tie: f64,
    /// Win plus half the ties.
    pub equity: f64,
    /// Conflict-free combo matchups averaged.
    pub matchups: u64,
}

/// The 169×169 matrix, both orientations of every class pair, row by row in
/// [`HandClass::all`] order; on the current rayon pool.
pub fn matrix(game: Game) -> Vec<MatrixCell> {
    matrix_until_stopped(game, &|_, _| {}, &|| false)
        .unwrap_or_else(|| unreachable!("never asked to stop"))
}

/// [`matrix`], telling `on_matchup` (matchups counted, matchups in all) as each suit-reduced
/// matchup is counted, and asking `stop` before each: `None` when it said to stop.
pub fn matrix_until_stopped(
    game: Game,
    on_matchup: &(dyn Fn(u64, u64) + Sync),
    stop: &dyn Watch,
) -> Option<Vec<MatrixCell>> {
    let PairSums {
        classes,
        pairs,
        sums,
    } = pair_sums_until_stopped(game, on_matchup, stop)?;
    let n = classes.len();
    let mut cells = Vec::with_capacity(n * n);
    let mut cell = vec![None; n * n];
    for (&(i, j), &(w, t, b, count)) in pairs.iter().zip(&sums) {
        let total = b.max(1) as f64;
        let (win, tie) = (w as f64 / total, t as f64 / total);
        let loss = (b - w - t) as f64 / total;
        cell[i * n + j] = Some((win, tie, count));
        cell[j * n + i] = Some((loss, tie, count));
    }
    for i in 0..n {
        for j in 0..n {
            if let Some((win, tie, count)) = cell[i * n + j] {
                cells.push(MatrixCell {
                    hand: classes[i],
                    versus: classes[j],
                    win,
                    tie,
                    equity: win + tie / 2.0,
                    matchups: count,
                });
            }
        }
    }
    Some(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vs_random_cells_are_seeded_per_job() {
        let one = vs_random_table(Game::HOLDEM, 1..=1, 5, 2_000).unwrap();
        assert_eq!(one.len(), 169);
        assert_eq!(one[0].class.name(), "AA");
        assert!(one[0].equity.equity > 0.8);
        let again = vs_random_table(Game::HOLDEM, 1..=2, 5, 2_000).unwrap();
        assert_eq!(one[..], again[..169]);
        assert_eq!(
            vs_random(Game::HOLDEM, one[0].class, 1, 5, 0),
            Err(HoldemError::Method(engine::MethodError::NoRounds))
        );
    }

    /// A table stopped part way and finished from the cells it had ends as one run in one go.
    #[test]
    fn a_stopped_table_resumes_to_the_same_cells() {
        let run = TableRun {
            game: Game::HOLDEM,
            opponents: 1..=2,
            seed: 11,
            rounds: 1_000,
        };
        let whole = vs_random_table(Game::HOLDEM, 1..=2, 11, 1_000).unwrap();
        let started = std::sync::atomic::AtomicUsize::new(0);
        let part = engine::on_pool(1, || {
            vs_random_table_until_stopped(&run, &[], &|_, _| {}, &|| {
                started.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= 100
            })
        })
        .unwrap()
        .unwrap();
        let ran = part.iter().flatten().count();
        assert!(ran > 0 && ran < whole.len(), "{ran} of {}", whole.len());
        let seen = std::sync::Mutex::new(Vec::new());
        let rest = vs_random_table_until_stopped(
            &run,
            &part,
            &|index, _| seen.lock().unwrap().push(index),
            &|| false,
        )
        .unwrap();
        assert_eq!(seen.into_inner().unwrap().len(), whole.len() - ran);
        assert_eq!(rest.into_iter().flatten().collect::<Vec<_>>(), whole);
    }

    #[test]
    fn vs_random_cells_side_by_side_do_not_depend_on_the_threads() {
        let table = |threads| {
            engine::on_pool(threads, || vs_random_table(Game::HOLDEM, 1..=2, 9, 1_500)).unwrap()
        };
        let one = table(1).unwrap();
        assert_eq!(one.len(), 2 * 169);
        assert_eq!(one, table(3).unwrap());
        assert_eq!(
            (one[169].class.name().as_str(), one[169].opponents),
            ("AA", 2)
        );
        // The cells with 10 and 11 opponents fail (the limit is 9), each naming its player
        // count; the error is the first failing cell's, as a sequential table would give it.
        let failed = engine::on_pool(3, || vs_random_table(Game::HOLDEM, 8..=11, 9, 1_000));
        assert_eq!(
            failed.unwrap(),
            vs_random(Game::HOLDEM, HandClass::pair(12), 10, 9, 1_000).map(|_| Vec::new())
        );
    }
}
