//! Criterion benchmarks of the engine, hands as the throughput unit:
//! `deck_deal7`, `deck_deal7_lanes`, `deck_deal7_general`, `eval_seven`, `eval_five`,
//! `engine_round`, `engine_odds` (1 and 2 threads), `engine_exact_seven_enumerate` and
//! `engine_exact_seven` (enumerating every hand and counting combinatorially), `equity_exact` and `equity_monte_carlo` (heads-up AsAh vs KsKh preflop,
//! one thread); short deck beside them: `shortdeck_round` and `shortdeck_odds` (1 and 2
//! threads) next to `engine_round` and `engine_odds`, `shortdeck_exact_seven` (all 8,347,680
//! hands) and `shortdeck_equity_exact` (AsAh vs KsKh, 201,376 boards).
//!
//! Run with `cargo bench -p benches`; CI only builds them.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use deck::{Card, Dealer, Deck};
use engine::{Chunk, ChunkPlan, HandSpec};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const BATCH: u64 = 100_000;

/// Pre-dealt random hands of `n` cards, so evaluator benches measure evaluation alone.
fn random_hands(n: usize, count: usize) -> Vec<Card> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut deck = Deck::new();
    let mut cards = Vec::with_capacity(n * count);
    for _ in 0..count {
        cards.extend_from_slice(deck.deal(&mut rng, n));
    }
    cards
}

fn deck_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("deck");
    group.throughput(Throughput::Elements(BATCH));
    group.bench_function("deck_deal7", |b| {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut deck = Deck::new();
        let dealer = Dealer::<7>::new(0);
        b.iter(|| {
            let mut acc = 0u8;
            for _ in 0..BATCH {
                acc ^= dealer.deal(&mut deck, &mut rng)[6].to_u8();
            }
            black_box(acc)
        });
    });
    // Four decks dealt card by card across the lanes, as the odds hot loop does; still
    // BATCH hands per iteration.
    group.bench_function("deck_deal7_lanes", |b| {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut decks: [Deck; 4] = std::array::from_fn(|_| Deck::new());
        let dealer = Dealer::<7>::new(0);
        b.iter(|| {
            let mut acc = 0u8;
            for _ in 0..BATCH / 4 {
                let last = dealer.deal_lanes(&mut decks, &mut rng, 0u8, |_, card| card.to_u8());
                acc ^= last[0] ^ last[1] ^ last[2] ^ last[3];
            }
            black_box(acc)
        });
    });
    group.bench_function("deck_deal7_general", |b| {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut deck = Deck::new();
        b.iter(|| {
            let mut acc = 0u8;
            for _ in 0..BATCH {
                acc ^= deck.deal(&mut rng, 7)[6].to_u8();
            }
            black_box(acc)
        });
    });
    group.finish();
}

fn eval_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("eval");
    for (name, n) in [("eval_seven", 7), ("eval_five", 5)] {
        let hands = random_hands(n, BATCH as usize);
        group.throughput(Throughput::Elements(BATCH));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut acc = 0u16;
                for hand in hands.chunks_exact(n) {
                    acc = acc.wrapping_add(eval::evaluate(black_box(hand)).value());
                }
                acc
            });
        });
    }
    group.finish();
}

fn engine_benches(c: &mut Criterion) {
    let hand = HandSpec::new(7, vec![]).unwrap();
    let chunks = engine::odds_loop::OddsChunks::new(&hand);
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements(BATCH));
    group.bench_function("engine_round", |b| {
        let plan = ChunkPlan::with_chunk_rounds(BATCH, BATCH);
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            chunks.run(Chunk::new(seed, &plan, 0))
        });
    });
    let short = HandSpec::of_game(
        engine::Game::short_deck(eval::ShortDeckRules::default()),
        7,
        vec![],
    )
    .unwrap();
    let short_chunks = engine::odds_loop::OddsChunks::new(&short);
    group.bench_function("shortdeck_round", |b| {
        let plan = ChunkPlan::with_chunk_rounds(BATCH, BATCH);
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            short_chunks.run(Chunk::new(seed, &plan, 0))
        });
    });
    let rounds = 8 * engine::plan::CHUNK_ROUNDS;
    group.throughput(Throughput::Elements(rounds));
    group.sample_size(10);
    for threads in [1, 2] {
        group.bench_with_input(
            BenchmarkId::new("engine_odds", threads),
            &threads,
            |b, &threads| {
                let plan = ChunkPlan::new(rounds);
                b.iter(|| {
                    engine::on_pool(threads, || engine::odds_loop::simulate(&hand, 3, &plan))
                        .map(|counts| counts.total())
                });
            },
        );
        group.bench_with_input(
            BenchmarkId::new("shortdeck_odds", threads),
            &threads,
            |b, &threads| {
                let plan = ChunkPlan::new(rounds);
                b.iter(|| {
                    engine::on_pool(threads, || engine::odds_loop::simulate(&short, 3, &plan))
                        .map(|counts| counts.total())
                });
            },
        );
    }
    group.finish();
}

fn exact_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact");
    group.sample_size(10);
    group.throughput(Throughput::Elements(133_784_560));
    group.bench_function("engine_exact_seven_enumerate", |b| {
        b.iter(|| engine::exact_counts::enumerate_counts(7, &[]));
    });
    group.bench_function("engine_exact_seven", |b| {
        b.iter(|| engine::exact_counts::combinatorial_counts(7));
    });
    group.throughput(Throughput::Elements(8_347_680));
    let short = HandSpec::of_game(
        engine::Game::short_deck(eval::ShortDeckRules::default()),
        7,
        vec![],
    )
    .unwrap();
    group.bench_function("shortdeck_exact_seven", |b| {
        b.iter(|| engine::exact_counts::enumerate_counts_of(&short));
    });
    group.finish();
}

fn equity_benches(c: &mut Criterion) {
    use holdem::{Range, Spot, isomorphic::BoardCounter, sampler};
    let game = Spot::new(
        vec![Range::parse("AsAh").unwrap(), Range::parse("KsKh").unwrap()],
        vec![],
        vec![],
    )
    .unwrap();
    let holes = [game.players[0].combos[0], game.players[1].combos[0]];
    let mut group = c.benchmark_group("equity");
    group.throughput(Throughput::Elements(1_712_304));
    group.bench_function("equity_exact", |b| {
        b.iter(|| BoardCounter::new(&game, black_box(&holes)).count().outcomes);
    });
    let sampler = sampler::Sampler::new(&game, 1).unwrap();
    let rounds = sampler::EQUITY_CHUNK_ROUNDS;
    let plan = ChunkPlan::with_chunk_rounds(rounds, rounds);
    group.throughput(Throughput::Elements(rounds));
    group.bench_function("equity_monte_carlo", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            sampler.run_chunk(Chunk::new(seed, &plan, 0)).samples
        });
    });
    let short = Spot::of_game(
        engine::Game::short_deck(eval::ShortDeckRules::default()),
        vec![Range::parse("AsAh").unwrap(), Range::parse("KsKh").unwrap()],
        vec![],
        vec![],
    )
    .unwrap();
    group.throughput(Throughput::Elements(201_376));
    group.bench_function("shortdeck_equity_exact", |b| {
        b.iter(|| {
            BoardCounter::new(&short, black_box(&holes))
                .count()
                .outcomes
        });
    });
    group.finish();
}

criterion_group!(
    benches,
    deck_benches,
    eval_benches,
    engine_benches,
    exact_benches,
    equity_benches
);
criterion_main!(benches);
