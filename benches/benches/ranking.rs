//! Criterion benchmarks of the starting-hand rankings (issue 54): `percent_range_15`, the
//! expansion of the hold'em range `15%` by the shipped ranking (the ranking already read);
//! `percent_range_span`, `5%-15%,A5s:0.5` in short deck; and `holdem_ranking_build`, the
//! hold'em ranking counted again exactly on the current rayon pool (`sim rank --build`; tens
//! of seconds an iteration: run it alone, `cargo bench -p benches --bench ranking --
//! holdem_ranking_build`). The draw games: `draw_percent_15`, the 2-7 range `15%` (about
//! 390,000 pat hands) expanded into a list of kept hands, and `draw_ranking_build_27` and
//! `draw_ranking_build_badugi`, the exact counts of a draw ranking (`sim rank --build --game
//! lowball-27`, `--game badugi`). Six-card Omaha: `omaha6_percent_1`, the range `1%` (about
//! 200,000 hands of 962,988 classes) read by the shipped ranking, and `omaha6_build_256_boards`,
//! one chunk of the ranking's board-by-board build (256 boards, every class that misses each:
//! about 130 M showdowns; a chunk is the unit a thread plays, so this is one thread's rate).
//!
//! Run with `cargo bench -p benches --bench ranking`; CI only builds them.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use engine::class_ranking::ClassRanking;
use engine::two_card_range::Range;
use engine::{Game, GameId};

fn percent_benches(c: &mut Criterion) {
    let holdem = ClassRanking::holdem();
    let short = ClassRanking::short_deck();
    let mut group = c.benchmark_group("ranking");
    group.bench_function("percent_range_15", |b| {
        b.iter(|| Range::parse_ranked(black_box("15%"), Some(holdem)).map(|r| r.combos.len()));
    });
    group.bench_function("percent_range_span", |b| {
        b.iter(|| {
            Range::parse_ranked(black_box("5%-15%,A5s:0.5"), Some(short)).map(|r| r.combos.len())
        });
    });
    group.bench_function("draw_percent_15", |b| {
        b.iter(|| {
            draw::KeptRange::parse(draw::Game::Lowball27, black_box("15%")).map(|r| r.hands.len())
        });
    });
    let six = Game::plain(GameId::Omaha6);
    group.bench_function("omaha6_percent_1", |b| {
        b.iter(|| omaha::Range::of_game(black_box("1%"), six).map(|r| r.hands.len()));
    });
    group.finish();
}

fn build_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("ranking_build");
    group.sample_size(10);
    group.bench_function("holdem_ranking_build", |b| {
        b.iter(|| holdem::ranking::build(black_box(Game::HOLDEM)).map(|r| r.entries().len()));
    });
    let never = || false;
    for (name, scoring) in [
        ("draw_ranking_build_27", draw::Scoring::DeuceSeven),
        ("draw_ranking_build_badugi", draw::Scoring::Badugi),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                draw::pat_build::build_until_stopped(black_box(scoring), &|_, _| {}, &never)
                    .map(|counts| counts.len())
            });
        });
    }
    let chunk = omaha::board_build::BuildPlan {
        seed: 1,
        rounds: omaha::board_build::BUILD_CHUNK_BOARDS,
        shard: 0,
        shards: 1,
    };
    group.bench_function("omaha6_build_256_boards", |b| {
        b.iter(|| {
            omaha::board_build::build_until_stopped::<omaha::plo4_ranking::ClassCounts>(
                omaha::board_build::HoleSize::Six,
                black_box(&chunk),
                &|_, _| {},
                &never,
            )
            .map(|counts| counts.len())
        });
    });
    group.finish();
}

criterion_group!(benches, percent_benches, build_benches);
criterion_main!(benches);
