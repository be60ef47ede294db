//! Stud benchmarks: exact heads-up equity on third street (C(46,4)·C(42,4) ≈ 1.8·10^10
//! showdowns, counted) and on fifth street (671,580 showdowns), four-way exact on sixth street,
//! Monte Carlo heads-up and four-way on third street (throughput in showdowns), for stud, stud
//! hi/lo and razz; and the low evaluators on seven cards (throughput in hands).

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use deck::{Card, Deck};
use eval::{LowMasks, ace_five_low_parts, eight_low_parts};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use stud::{Game, Method, Spot, equity};

fn spot(game: Game, players: &[&str]) -> Spot {
    Spot::parse(game, players, "").expect("a spot")
}

fn exact_benches(c: &mut Criterion) {
    let spots: [(&str, &[&str], u64); 3] = [
        ("headsup_third", &["AsAdKc", "8h9hTh"], 18_265_297_050),
        ("headsup_fifth", &["AsAd9c5hJd", "8h9hThJh2s"], 671_580),
        (
            "fourway_sixth",
            &[
                "AsAd9c5hJd3c",
                "8h9hThJh2s2d",
                "KcKd7c7d4h4s",
                "QsQh6d6c5s5d",
            ],
            28 * 27 * 26 * 25,
        ),
    ];
    for (name, players, outcomes) in spots {
        let mut group = c.benchmark_group(format!("stud_exact_{name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(outcomes));
        for game in Game::ALL {
            let s = spot(game, players);
            for threads in [1, 2] {
                let id = BenchmarkId::new(game.name(), threads);
                group.bench_with_input(id, &threads, |bench, &t| {
                    bench.iter(|| {
                        engine::on_pool(t, || equity(black_box(&s), &Method::Exact))
                            .expect("a pool")
                            .expect("an exact run")
                    });
                });
            }
        }
        group.finish();
    }
}

fn monte_carlo_benches(c: &mut Criterion) {
    const ROUNDS: u64 = 1 << 22;
    let spots: [(&str, &[&str]); 2] = [
        ("headsup_third", &["AsAdKc", "8h9hTh"]),
        ("fourway_third", &["AsAdKc", "8h9hTh", "Qs2d3c", "7s6s5d"]),
    ];
    for (name, players) in spots {
        let mut group = c.benchmark_group(format!("stud_mc_{name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(ROUNDS));
        for game in Game::ALL {
            let s = spot(game, players);
            let method = Method::MonteCarlo {
                rounds: ROUNDS,
                seed: 1,
                target_stderr: None,
            };
            for threads in [1, 2] {
                let id = BenchmarkId::new(game.name(), threads);
                group.bench_with_input(id, &threads, |bench, &t| {
                    bench.iter(|| {
                        engine::on_pool(t, || equity(black_box(&s), &method))
                            .expect("a pool")
                            .expect("a run")
                    });
                });
            }
        }
        group.finish();
    }
}

/// The low evaluators on a fixed list of random seven-card hands, from rank masks.
fn evaluator_benches(c: &mut Criterion) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut deck = Deck::new();
    let hands: Vec<[Card; 7]> = (0..1 << 16)
        .map(|_| deck.deal(&mut rng, 7).try_into().expect("seven cards"))
        .collect();
    let mut group = c.benchmark_group("eval_low_seven");
    group.throughput(Throughput::Elements(hands.len() as u64));
    group.bench_function("ace_five", |bench| {
        bench.iter(|| {
            hands
                .iter()
                .map(|h| u64::from(ace_five_low_parts(LowMasks::of(black_box(h))).value()))
                .sum::<u64>()
        });
    });
    group.bench_function("eight_or_better", |bench| {
        bench.iter(|| {
            hands
                .iter()
                .map(|h| u64::from(eight_low_parts(LowMasks::of(black_box(h))).value()))
                .sum::<u64>()
        });
    });
    group.finish();
}

criterion_group!(
    benches,
    evaluator_benches,
    exact_benches,
    monte_carlo_benches
);
criterion_main!(benches);
