//! Benchmarks of the hits crate, combos as the throughput unit: the whole random range on a flop
//! (1,176 combos left of 1,326) classified (`hits_classify_flop`: the combo loop over a built
//! spot; `hits_range_flop`: `range_hits`, the spot built and the table added up too), in
//! hold'em and short deck (528 combos), and its exact improve table to the river
//! (`hits_improve`: 1,176 × 1,081 runouts on the flop, 1,128 × 46 on the turn). Beside the
//! improve table on the flop, the same runouts counted one combo at a time by
//! `engine::exact_counts::enumerate_counts` on one thread, the routine a first version would call.
//!
//! Run with `cargo bench -p benches --bench hits`; CI only builds them.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use deck::{Card, parse_cards};
use eval::ShortDeckRules;
use hits::{Game, HitsRequest, Range, Spot, range_hits};

fn request(game: Game, board: &str) -> HitsRequest {
    HitsRequest {
        game,
        range: Range::parse("random").expect("a range"),
        board: parse_cards(board).expect("a board"),
        dead: vec![],
    }
}

const SPOTS: [(&str, Game, &str); 2] = [
    ("holdem", Game::HOLDEM, "Kh 9h 5c"),
    (
        "shortdeck",
        Game::short_deck(ShortDeckRules::StraightBeatsTrips),
        "Kh 9h 6c",
    ),
];

fn classify_benches(c: &mut Criterion) {
    for (name, game, board) in SPOTS {
        let req = request(game, board);
        let spot = Spot::new(game, &req.board, &[]).expect("a spot");
        let combos: Vec<[Card; 2]> = spot
            .range_combos(&req.range)
            .expect("combos")
            .into_iter()
            .map(|(combo, _)| combo)
            .collect();
        let mut group = c.benchmark_group("hits_classify_flop");
        group.throughput(Throughput::Elements(combos.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut acc = 0usize;
                for &combo in black_box(&combos) {
                    let class = spot.classify(combo);
                    acc += class.made.index() + usize::from(class.draws.is_empty());
                }
                acc
            });
        });
        group.finish();
        let mut group = c.benchmark_group("hits_range_flop");
        group.throughput(Throughput::Elements(combos.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| range_hits(black_box(&req)).expect("a table").total_weight);
        });
        group.finish();
    }
}

fn improve_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("hits_improve");
    group.sample_size(20);
    for (street, board) in [("flop", "Kh 9h 5c"), ("turn", "Kh 9h 5c 2d")] {
        let table = range_hits(&request(Game::HOLDEM, board)).expect("a table");
        group.throughput(Throughput::Elements(table.total_combos as u64));
        group.bench_function(BenchmarkId::new("holdem", street), |b| {
            b.iter(|| black_box(&table).improve().unwrap().range.counts[0]);
        });
    }
    let table = range_hits(&request(Game::HOLDEM, "Kh 9h 5c")).expect("a table");
    group.throughput(Throughput::Elements(table.total_combos as u64));
    group.bench_function(BenchmarkId::new("engine_enumerate_counts", "flop"), |b| {
        b.iter(|| {
            engine::on_pool(1, || {
                let mut acc = 0u64;
                for c in &table.combos {
                    let known = [
                        c.combo[0],
                        c.combo[1],
                        table.spot.board()[0],
                        table.spot.board()[1],
                        table.spot.board()[2],
                    ];
                    acc += engine::exact_counts::enumerate_counts(7, &known).0[1];
                }
                acc
            })
            .expect("a pool")
        });
    });
    group.finish();
}

criterion_group!(hits_benches, classify_benches, improve_benches);
criterion_main!(hits_benches);
