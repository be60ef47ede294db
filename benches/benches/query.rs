//! Benchmarks of the query language: a 500-character query parsed and type-checked
//! (`query_prepare_500`, the goal is under a millisecond), and Monte Carlo trials of a plain
//! equity question evaluated by the language itself on one thread (`query_trials_holdem`, AsAh
//! against KsKh with a second selector so that the engine's equity is not asked instead;
//! trials as the throughput unit).
//!
//! Run with `cargo bench -p benches --bench query`; CI only builds them.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use engine::{ChunkPlan, Game};
use query::{RangeReader, Readers, TwoCardReader, monte_carlo, prepare};

/// Hold'em and short deck's readers.
struct TwoCard;

impl Readers for TwoCard {
    fn reader(&self, game: Game) -> Result<Box<dyn RangeReader + '_>, String> {
        Ok(Box::new(TwoCardReader { game }))
    }
}

/// A query of about 500 characters: several selectors, a long condition, single-hand players
/// (so that the bench times the language, not a range's expansion).
fn long_query() -> String {
    let query = "select avg(riverEquity(hero)) as eq, count(winsHi(hero)) as wins, \
         count(tiesHi(hero) or scoops(villain)) as split, histogram(handType(hero, river)) as made, \
         histogram(flopHandCategory(villain)) as flop, min(boardSuitCount(river)) as suits, \
         max(outsToHandType(hero, turn, flush)) as outs \
         from game='holdem', hero='AhKh', villain='QsQd', board='Qh7h2c' \
         where not pairedBoard(river) and (handType(hero, turn) >= pair or \
         minHandType(villain, river, trips)) and boardSuitCount(turn) <= 3 and 1 + 2 * 3 - 4 / 2 > 0 \
         and not (monotoneBoard(river) or rainbowBoard(turn))";
    assert!(query.len() >= 480, "{}", query.len());
    query.to_string()
}

fn prepare_benches(c: &mut Criterion) {
    let text = long_query();
    let mut group = c.benchmark_group("query");
    group.bench_function("query_prepare_500", |b| {
        b.iter(|| prepare(black_box(&text), &TwoCard).expect("a query"))
    });
    group.finish();
}

fn trial_benches(c: &mut Criterion) {
    let prepared = prepare(
        "select avg(riverEquity(hero)) as eq, count(winsHi(hero)) as wins \
         from game='holdem', hero='AsAh', villain='KsKh'",
        &TwoCard,
    )
    .expect("a query");
    let draws = monte_carlo::draws(&prepared);
    let rounds = 1 << 16;
    let plan = ChunkPlan::with_chunk_rounds(rounds, rounds);
    let mut group = c.benchmark_group("query");
    group.throughput(Throughput::Elements(rounds));
    group.bench_function("query_trials_holdem", |b| {
        b.iter(|| {
            engine::on_pool(1, || monte_carlo::run(&prepared, &draws, 1, &plan, 0..1))
                .expect("a pool")
                .expect("a deal")
        })
    });
    group.finish();
}

criterion_group!(benches, prepare_benches, trial_benches);
criterion_main!(benches);
