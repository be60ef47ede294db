//! Exact counts over more than one draw, timed: a spot's equity and one hand's table after
//! three draws by the pat rule, as the guide's page on the draw games quotes them.
//!
//! ```sh
//! cargo run --release -p draw --example draws_exact
//! ```
#![allow(clippy::print_stdout)]

use std::time::Instant;

use deck::parse_cards;
use draw::{DrawsTable, Game, Hand, Spot, equity};
use engine::Method;

fn main() {
    for (game, players, draws) in [
        (Game::TripleDraw27, ["7c5d4h3s", "9c8d6h4s2c"], 3),
        (Game::TripleDraw27, ["7c5d4h3s", "8h6c4d2s"], 2),
        (Game::Badugi, ["As2d3c", "4h5s6d"], 2),
    ] {
        let hands = players
            .iter()
            .map(|p| Hand::parse(game, p).unwrap())
            .collect();
        let spot = Spot::new(game, hands, vec![], draws, &[]).unwrap();
        let cost = draw::draws_exact::draws_cost(&spot);
        let times: Vec<f64> = (0..5)
            .map(|_| {
                let start = Instant::now();
                equity(&spot, &Method::Exact).unwrap();
                start.elapsed().as_secs_f64()
            })
            .collect();
        let mut sorted = times.clone();
        sorted.sort_by(f64::total_cmp);
        let result = equity(&spot, &Method::Exact).unwrap();
        println!(
            "{game} {players:?}, {draws} draws: equity {:.6} / {:.6}, {} ordered deals, {} joint paths, {cost:?}, median {:.1} ms of 5",
            result.players[0].equity,
            result.players[1].equity,
            result.tally.outcomes,
            result.tally.samples,
            sorted[2] * 1e3
        );
    }
    let known = parse_cards("7c5d4h3s").unwrap();
    let table = DrawsTable::new(Game::TripleDraw27, &known, &[], 3, None).unwrap();
    let start = Instant::now();
    let counts = table.exact_until_stopped(&|| false).unwrap();
    let seconds = start.elapsed().as_secs_f64();
    let total: u64 = counts.iter().sum();
    println!(
        "triple-draw-27 --known 7c5d4h3s, 3 draws, pat 9 ({:.1} ms):",
        seconds * 1e3
    );
    println!("category,count,probability");
    for (row, count) in table.chart().rows().iter().zip(counts) {
        println!("{row},{count},{:.15}", count as f64 / total as f64);
    }
}
