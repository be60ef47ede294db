//! Odds tables of one stud hand: how its seven cards end up, given the cards it holds and the
//! cards out of play, exactly (every completion visited) or by seeded Monte Carlo.
//!
//! Three tables, each a list of named rows that partition the outcomes:
//!
//! ```text
//!  categories  high_card pair two_pair three_of_a_kind straight flush full_house
//!              four_of_a_kind straight_flush royal_flush     (stud; the high hand of hi/lo)
//!  razz lows   5_low 6_low 7_low 8_low 9_low t_low j_low q_low k_low no_low
//!              (the best A-5 low's top card; no_low: the best five are paired)
//!  eight lows  5_low 6_low 7_low 8_low no_low
//!              (the eight-or-better low's top card; no_low: no five ranks eight or lower)
//! ```
//!
//! Stud's table is the categories, razz's the razz lows, and stud hi/lo has two: the categories
//! of its high hand and the eight lows ([`Chart::of_game`]). The category table is the hold'em
//! seven-card table with the dead cards taken out of the deck; with nothing known or dead it
//! is `data/seven_card_exact.csv`, and the razz lows of every seven-card hand are
//! `data/razz_seven_card_exact.csv`.

use std::convert::Infallible;
use std::fmt;
use std::ops::AddAssign;

use deck::{Card, Deck};
use engine::driver::{Job, Progress, Stop, drive};
use engine::{Chunk, ChunkPlan};
use eval::{
    Category, HandKey, LowMasks, SuitMasks, ace_five_low_parts, eight_low_of_ranks, evaluate_parts,
};

use crate::Game;
use crate::error::StudError;
use crate::spot::HAND_CARDS;

/// Rows of the razz-low table.
const RAZZ_ROWS: [&str; 10] = [
    "5_low", "6_low", "7_low", "8_low", "9_low", "t_low", "j_low", "q_low", "k_low", "no_low",
];

/// Rows of the eight-or-better table.
const EIGHT_ROWS: [&str; 5] = ["5_low", "6_low", "7_low", "8_low", "no_low"];

/// Rows of the category table.
const CATEGORY_ROWS: [&str; 10] = [
    Category::ALL[0].name(),
    Category::ALL[1].name(),
    Category::ALL[2].name(),
    Category::ALL[3].name(),
    Category::ALL[4].name(),
    Category::ALL[5].name(),
    Category::ALL[6].name(),
    Category::ALL[7].name(),
    Category::ALL[8].name(),
    Category::ALL[9].name(),
];

/// Which odds table: what the seven cards are sorted by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Chart {
    /// The category of the best high hand.
    Categories,
    /// The top card of the best ace-to-five low, or `no_low` when it is paired.
    RazzLows,
    /// The top card of the eight-or-better low, or `no_low` when none qualifies.
    EightLows,
}

impl Chart {
    /// The tables of a game: stud the categories, razz the razz lows, stud hi/lo the categories
    /// of its high hand and the eight lows.
    pub fn of_game(game: Game) -> &'static [Chart] {
        match game {
            Game::Stud => &[Chart::Categories],
            Game::Razz => &[Chart::RazzLows],
            Game::StudHiLo => &[Chart::Categories, Chart::EightLows],
        }
    }

    /// The stable snake_case names of the rows, in order (see the module docs).
    pub fn rows(self) -> &'static [&'static str] {
        match self {
            Chart::Categories => &CATEGORY_ROWS,
            Chart::RazzLows => &RAZZ_ROWS,
            Chart::EightLows => &EIGHT_ROWS,
        }
    }

    /// The chart's name: `categories`, `razz_lows`, `eight_lows`.
    pub fn name(self) -> &'static str {
        match self {
            Chart::Categories => "categories",
            Chart::RazzLows => "razz_lows",
            Chart::EightLows => "eight_lows",
        }
    }

    /// The row of seven cards summarised by `key`, `suits` and `low`.
    #[inline(always)]
    pub(crate) fn row(self, key: HandKey, suits: SuitMasks, low: LowMasks) -> usize {
        match self {
            Chart::Categories => evaluate_parts(key, suits).category_index(),
            Chart::RazzLows => ace_five_low_parts(low)
                .top_card()
                .map_or(9, |top| usize::from(top) - 5),
            Chart::EightLows => eight_low_of_ranks(low.ranks())
                .top_card()
                .map_or(4, |top| usize::from(top) - 5),
        }
    }
}

impl fmt::Display for Chart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Counts per row of one chart; they merge by addition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Table {
    /// The chart.
    pub chart: Chart,
    /// Counts in row order; slots past the chart's rows stay 0.
    pub slots: [u64; 16],
}

impl Table {
    /// No outcomes yet.
    pub fn new(chart: Chart) -> Table {
        Table {
            chart,
            slots: [0; 16],
        }
    }

    /// The counts of the chart's rows, in order.
    pub fn counts(&self) -> &[u64] {
        &self.slots[..self.chart.rows().len()]
    }

    /// Outcomes counted.
    pub fn total(&self) -> u64 {
        self.slots.iter().sum()
    }

    /// `(row name, count, probability)` for every row.
    pub fn rows(&self) -> Vec<(&'static str, u64, f64)> {
        let n = self.total() as f64;
        self.chart
            .rows()
            .iter()
            .zip(self.counts())
            .map(|(&name, &count)| (name, count, count as f64 / n))
            .collect()
    }

    /// Whether every row's standard error, `sqrt(p (1 − p) / n)`, is below `target`.
    pub fn every_std_error_below(&self, target: f64) -> bool {
        let n = self.total();
        n > 0
            && self.counts().iter().all(|&c| {
                let p = c as f64 / n as f64;
                (p * (1.0 - p) / n as f64).sqrt() < target
            })
    }

    /// The table as CSV, `category,count,probability` (the layout of `data/*_exact.csv`).
    pub fn to_csv(&self) -> String {
        let mut out = String::from("category,count,probability\n");
        for (name, count, p) in self.rows() {
            out.push_str(&format!("{name},{count},{p:.15}\n"));
        }
        out
    }
}

impl AddAssign for Table {
    fn add_assign(&mut self, other: Table) {
        self.slots
            .iter_mut()
            .zip(other.slots)
            .for_each(|(a, b)| *a += b);
    }
}

/// Checks a hand's known and dead cards: at most seven known, none given twice, and enough left
/// to complete the hand. Returns the mask of the cards given.
///
/// # Errors
/// [`StudError::TooManyCards`], [`StudError::DuplicateCard`] or [`StudError::CannotDeal`].
pub fn check(known: &[Card], dead: &[Card]) -> Result<u64, StudError> {
    if known.len() > HAND_CARDS {
        return Err(StudError::TooManyCards {
            player: known.iter().map(Card::to_string).collect(),
            cards: known.len(),
        });
    }
    let mut used = 0u64;
    for &card in known.iter().chain(dead) {
        if used >> card.index() & 1 == 1 {
            return Err(StudError::DuplicateCard { card });
        }
        used |= 1 << card.index();
    }
    let left = Card::COUNT - known.len() - dead.len();
    let need = HAND_CARDS - known.len();
    if need > left {
        return Err(StudError::CannotDeal { needed: need, left });
    }
    Ok(used)
}

/// The evaluators' summaries of `cards`.
pub(crate) fn parts_of(cards: &[Card]) -> (HandKey, SuitMasks, LowMasks) {
    (
        HandKey::of(cards),
        cards.iter().fold(SuitMasks::EMPTY, |s, &c| s.with(c)),
        LowMasks::of(cards),
    )
}

/// Monte Carlo counts of `chart` for a hand holding `known` with `dead` out of play: `plan`'s
/// rounds through the long-run driver ([`engine::driver::drive`]), so the same seed gives the
/// same table on any number of threads; with a target, chunks are added in order until every
/// row's standard error is below it (checked after every chunk, so the stopping chunk depends on
/// the seed alone).
///
/// # Errors
/// As [`crate::exact_table()`].
pub fn odds(
    chart: Chart,
    known: &[Card],
    dead: &[Card],
    seed: u64,
    plan: &ChunkPlan,
    target: Option<f64>,
) -> Result<Table, StudError> {
    odds_until_stopped(chart, known, dead, seed, plan, target, &|| false)
        .map(|t| t.unwrap_or_else(|| unreachable!("never asked to stop")))
}

/// [`odds`], asking `stop` before each chunk starts: `Ok(None)` when it said to stop. Each
/// worker takes the next chunk not yet started ([`engine::driver::drive`]), and the tables are
/// added in chunk order, so that a target is met at the same chunk on any thread count.
///
/// # Errors
/// As [`crate::exact_table()`].
pub fn odds_until_stopped(
    chart: Chart,
    known: &[Card],
    dead: &[Card],
    seed: u64,
    plan: &ChunkPlan,
    target: Option<f64>,
    stop: &(dyn Fn() -> bool + Sync),
) -> Result<Option<Table>, StudError> {
    check(known, dead)?;
    let front: Vec<Card> = dead.iter().chain(known).copied().collect();
    let template =
        Deck::with_known(&front).unwrap_or_else(|_| unreachable!("checked: no card given twice"));
    let need = HAND_CARDS - known.len();
    let base = parts_of(known);
    let run_chunk = |chunk: Chunk| {
        let mut table = Table::new(chart);
        let mut deck = template.clone();
        let mut rng = chunk.rng;
        let skip = front.len();
        for _ in 0..chunk.rounds {
            let dealt = &deck.deal(&mut rng, need)[skip..];
            let (mut key, mut suits, mut low) = base;
            for &c in dealt {
                key = key.with(c);
                suits = suits.with(c);
                low = low.with(c);
            }
            table.slots[chart.row(key, suits, low) & 15] += 1;
        }
        table
    };
    let job = Job::whole(seed, plan);
    let mut progress = Progress {
        first: 0,
        next: 0,
        counts: Table::new(chart),
    };
    let ended = drive(
        &job,
        plan.chunks(),
        &mut progress,
        |chunk| Some(run_chunk(chunk)),
        |table: &Table| target.is_some_and(|t| table.every_std_error_below(t)),
        stop,
        |_| Ok::<(), Infallible>(()),
    );
    Ok(match ended {
        Ok(Stop::Interrupted) => None,
        Ok(Stop::Finished | Stop::TargetMet) => Some(progress.counts),
        Err(never) => match never {},
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_table::exact_table;
    use deck::parse_cards;

    #[test]
    fn rows_per_game() {
        assert_eq!(
            Chart::of_game(Game::StudHiLo),
            [Chart::Categories, Chart::EightLows]
        );
        assert_eq!(Chart::RazzLows.rows().len(), 10);
        assert_eq!(Chart::Categories.rows()[9], "royal_flush");
        assert_eq!(
            Chart::EightLows.rows(),
            ["5_low", "6_low", "7_low", "8_low", "no_low"]
        );
    }

    #[test]
    fn small_exact_tables_by_hand() {
        // A made wheel in six cards: every seventh card keeps the 5-low.
        let wheel = parse_cards("As2d3h4c5sKd").unwrap();
        let t = exact_table(Chart::RazzLows, &wheel, &[]).unwrap();
        assert_eq!(t.counts()[0], 46);
        assert_eq!(t.total(), 46);
        // Six cards A-2-3-4 K K: a five to a queen gives that low (4 cards each); a card
        // pairing the ace, deuce, trey, four or king (3 + 3 + 3 + 3 + 2) leaves five distinct
        // ranks A-2-3-4-K, an unpaired king-low. No seventh card leaves the best five paired.
        let draw = parse_cards("As2d3h4cKsKd").unwrap();
        let t = exact_table(Chart::RazzLows, &draw, &[]).unwrap();
        assert_eq!(t.counts(), [4, 4, 4, 4, 4, 4, 4, 4, 14, 0]);
        // Eight or better: a nine to a queen and the pairing cards make no low.
        let t = exact_table(Chart::EightLows, &draw, &[]).unwrap();
        assert_eq!(t.counts(), [4, 4, 4, 4, 16 + 14]);
        let paired = parse_cards("AsAd2h2c3s3dKh").unwrap();
        let t = exact_table(Chart::RazzLows, &paired, &[]).unwrap();
        assert_eq!(t.counts()[9], 1);
        // A dead five removes one wheel card.
        let dead = parse_cards("5h").unwrap();
        let t = exact_table(Chart::RazzLows, &draw, &dead).unwrap();
        assert_eq!(t.counts()[0], 3);
        assert_eq!(t.total(), 45);
        assert!(matches!(
            exact_table(Chart::RazzLows, &draw, &parse_cards("As").unwrap()),
            Err(StudError::DuplicateCard { .. })
        ));
    }

    /// A stop asked for while a run is under way ends it before its next chunk, on one thread
    /// and on several.
    #[test]
    fn a_stop_request_ends_the_run_before_its_next_chunk() {
        let plan = ChunkPlan::with_chunk_rounds(1 << 24, 1 << 10);
        for threads in [1, 3] {
            let asked = std::sync::atomic::AtomicU64::new(0);
            let stop = || asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= 5;
            let ended = engine::on_pool(threads, || {
                odds_until_stopped(Chart::Categories, &[], &[], 1, &plan, None, &stop)
            })
            .unwrap()
            .unwrap();
            assert_eq!(ended, None, "{threads} threads");
            // Each worker asks once before each chunk, and stops at its first "yes".
            assert!(
                asked.into_inner() <= 5 + threads as u64,
                "{threads} threads"
            );
        }
    }

    #[test]
    fn monte_carlo_agrees_and_does_not_depend_on_threads() {
        let known = parse_cards("Ah2h3c").unwrap();
        let dead = parse_cards("4h5h6s").unwrap();
        for chart in [Chart::Categories, Chart::RazzLows, Chart::EightLows] {
            let exact = exact_table(chart, &known, &dead).unwrap();
            let plan = ChunkPlan::with_chunk_rounds(400_000, 1 << 14);
            let one = engine::on_pool(1, || odds(chart, &known, &dead, 9, &plan, None))
                .unwrap()
                .unwrap();
            let two = engine::on_pool(2, || odds(chart, &known, &dead, 9, &plan, None))
                .unwrap()
                .unwrap();
            assert_eq!(one, two);
            assert_eq!(one.total(), 400_000);
            // Every row within 4.5 standard errors (false-alarm probability below 7e-6 per
            // row; the seed is fixed).
            for ((_, _, p), (name, _, q)) in exact.rows().into_iter().zip(one.rows()) {
                let se = (p * (1.0 - p) / 4e5).sqrt();
                assert!(
                    (p - q).abs() <= 4.5 * se + 1e-12,
                    "{chart} {name}: {q} vs {p}"
                );
            }
            let target = Some(3e-3);
            let big = ChunkPlan::with_chunk_rounds(1 << 30, 1 << 14);
            let a = engine::on_pool(1, || odds(chart, &known, &dead, 4, &big, target))
                .unwrap()
                .unwrap();
            let b = engine::on_pool(2, || odds(chart, &known, &dead, 4, &big, target))
                .unwrap()
                .unwrap();
            assert_eq!(a, b);
            assert!(a.total() < 1 << 30 && a.every_std_error_below(3e-3));
            // The run stops at the first chunk where the target holds: one chunk fewer misses it.
            let chunks = a.total() / (1 << 14);
            assert_eq!(a.total(), chunks << 14);
            let fewer = ChunkPlan::with_chunk_rounds((chunks - 1) << 14, 1 << 14);
            let short = engine::on_pool(2, || odds(chart, &known, &dead, 4, &fewer, None))
                .unwrap()
                .unwrap();
            assert!(!short.every_std_error_below(3e-3), "{chart}");
            assert_eq!(
                odds_until_stopped(chart, &known, &dead, 4, &big, None, &|| true).unwrap(),
                None
            );
        }
    }
}
