//! Omaha benchmarks: exact heads-up preflop PLO4 (1,086,008 boards), and Monte Carlo heads-up
//! showdowns for PLO4/5/6 beside `aya_poker`'s Omaha evaluator driven by the same dealing loop
//! (partial Fisher–Yates of five board cards from the 44 to 40 cards left, `deck::uniform`
//! draws from a Xoshiro256PlusPlus, one comparison per showdown).

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use deck::Card;
use deck::uniform::below_u32;
use engine::{Chunk, ChunkPlan};
use engine::{Game, GameId, Method};
use omaha::monte_carlo::{CHUNK_ROUNDS, Sampler};
use omaha::{Range, Spot, equity};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

const MATCHUPS: [(Game, &str, &str, &str); 3] = [
    (Game::plain(GameId::Omaha), "plo4", "AsAhKsKh", "JdTd9c8c"),
    (
        Game::plain(GameId::Omaha5),
        "plo5",
        "AsAhKsKh2c",
        "JdTd9c8c3d",
    ),
    (
        Game::plain(GameId::Omaha6),
        "plo6",
        "AsAhKsKh2c4c",
        "JdTd9c8c3d5d",
    ),
];

fn game(variant: Game, a: &str, b: &str) -> Spot {
    let players = [a, b]
        .iter()
        .map(|h| Range::parse(h, variant.hole_cards()).expect("a hand"))
        .collect();
    Spot::new(variant, players, vec![], vec![]).expect("a spot")
}

fn exact_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("omaha_exact_headsup_preflop");
    group.sample_size(20);
    group.throughput(Throughput::Elements(1_086_008));
    let g = game(Game::plain(GameId::Omaha), "AsAhKsKh", "JdTd9c8c");
    let _ = omaha::tables::Tables::get();
    for threads in [1, 2] {
        group.bench_with_input(BenchmarkId::new("plo4", threads), &threads, |bench, &t| {
            bench.iter(|| {
                engine::on_pool(t, || equity(black_box(&g), &Method::Exact))
                    .expect("a pool")
                    .expect("an exact run")
            });
        });
    }
    group.finish();
}

/// The peer: aya_poker's Omaha evaluator in the same dealing loop as ours.
fn aya_chunk(deck: &[Card], holes: [&[Card]; 2], seed: u64, rounds: u64) -> u64 {
    use aya_poker::base::{Card as AyaCard, Hand};
    let to_aya = |c: &Card| c.to_string().parse::<AyaCard>().expect("a card");
    let hand_of = |cards: &[Card]| {
        let mut hand = Hand::new();
        for c in cards {
            hand.insert_unchecked(&to_aya(c));
        }
        hand
    };
    let aya_cards: Vec<AyaCard> = deck.iter().map(to_aya).collect();
    let (h0, h1) = (hand_of(holes[0]), hand_of(holes[1]));
    let mut rng = engine::seed::chunk_rng(seed, 0);
    let mut order: Vec<u8> = (0..deck.len() as u8).collect();
    let m = order.len() as u32;
    let mut wins = 0u64;
    for _ in 0..rounds {
        for i in 0..5 {
            let j = i + below_u32(&mut rng, m - i as u32) as usize;
            order.swap(i, j);
        }
        let mut board = Hand::new();
        for &k in &order[..5] {
            board.insert_unchecked(&aya_cards[usize::from(k)]);
        }
        let (a, b) = (
            aya_poker::omaha_rank(&h0, &board),
            aya_poker::omaha_rank(&h1, &board),
        );
        wins += u64::from(a > b);
    }
    wins
}

fn monte_carlo_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("omaha_mc_headsup");
    group.sample_size(20);
    group.throughput(Throughput::Elements(CHUNK_ROUNDS));
    let plan = ChunkPlan::with_chunk_rounds(CHUNK_ROUNDS, CHUNK_ROUNDS);
    for (variant, name, a, b) in MATCHUPS {
        let g = game(variant, a, b);
        let sampler = Sampler::new(&g, 1).expect("a sampler");
        group.bench_function(BenchmarkId::new("ours", name), |bench| {
            bench.iter(|| sampler.run_chunk(Chunk::new(7, &plan, 0)).outcomes);
        });
        let n = variant.hole_cards();
        let hole_a = &g.players[0].hands[0][..n];
        let hole_b = &g.players[1].hands[0][..n];
        let deck: Vec<Card> = Card::all()
            .filter(|c| !hole_a.contains(c) && !hole_b.contains(c))
            .collect();
        group.bench_function(BenchmarkId::new("aya_poker", name), |bench| {
            bench.iter(|| aya_chunk(&deck, [hole_a, hole_b], 7, CHUNK_ROUNDS));
        });
    }
    group.finish();
    let _ = Xoshiro256PlusPlus::seed_from_u64(0);
}

criterion_group!(omaha_benches, exact_benches, monte_carlo_benches);
criterion_main!(omaha_benches);
