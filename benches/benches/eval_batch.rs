//! Criterion benchmarks of the batch evaluator (`eval::batch`) beside the slice evaluator, on the
//! same pre-dealt random hands, hands as the throughput unit: `eval_seven` (`eval::evaluate`, one
//! hand at a time, as in `engine.rs`), then `eval_batch_seven/<path>` and
//! `eval_batch_seven_checked/<path>` for every path this CPU runs (scalar, avx2, avx512), and
//! `eval_batch_five/<path>`.
//!
//! Run with `cargo bench -p benches --bench eval_batch`; CI only builds it.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use deck::{Card, Deck};
use eval::HandRank;
use eval::batch::{EvalPath, evaluate, evaluate_checked};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const BATCH: usize = 100_000;

/// `BATCH` random hands of `K` cards, from the same seed as `engine.rs`'s evaluator benches.
fn random_hands<const K: usize>() -> Vec<[u8; K]> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut deck = Deck::new();
    (0..BATCH)
        .map(|_| {
            let dealt = deck.deal(&mut rng, K);
            std::array::from_fn(|i| dealt[i].to_u8())
        })
        .collect()
}

fn batch_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("eval_batch");
    group.throughput(Throughput::Elements(BATCH as u64));
    let sevens = random_hands::<7>();
    let cards: Vec<[Card; 7]> = sevens.iter().map(|h| h.map(Card::from_index)).collect();
    group.bench_function("eval_seven", |b| {
        b.iter(|| {
            let mut acc = 0u16;
            for hand in &cards {
                acc = acc.wrapping_add(eval::evaluate(black_box(hand)).value());
            }
            acc
        });
    });
    let mut out = vec![HandRank::from_value(0).unwrap_or_else(|| unreachable!()); BATCH];
    for path in EvalPath::available() {
        group.bench_function(BenchmarkId::new("eval_batch_seven", path), |b| {
            b.iter(|| {
                evaluate(path, black_box(&sevens), &mut out);
                out[BATCH - 1]
            });
        });
        group.bench_function(BenchmarkId::new("eval_batch_seven_checked", path), |b| {
            b.iter(|| evaluate_checked(path, black_box(&sevens), &mut out).is_ok());
        });
    }
    let fives = random_hands::<5>();
    for path in EvalPath::available() {
        group.bench_function(BenchmarkId::new("eval_batch_five", path), |b| {
            b.iter(|| {
                evaluate(path, black_box(&fives), &mut out);
                out[BATCH - 1]
            });
        });
    }
    group.finish();
}

criterion_group!(benches, batch_benches);
criterion_main!(benches);
