//! Times one stud equity computation through the library, for `benches/compare_stud.sh`:
//!
//! ```text
//! stud_equity GAME [--exact | --mc ROUNDS] [--seed S] [--threads T] [--reps R] [--dead CARDS] PLAYER...
//! ```
//!
//! Prints each player's win, tie, equity (pot share), high, low, scoop and standard error to 10
//! decimals and, on the last line, `seconds=<median of the repetitions> outcomes=<counted>`.
//! The repetitions run on one pool: `seconds` is the library call alone, without the pool's
//! start.

use std::time::Instant;

use stud::{Game, Method, Spot, equity};

fn main() {
    let mut args = std::env::args().skip(1);
    let game: Game = args.next().expect("a game").parse().expect("a stud game");
    let mut method = Method::Exact;
    let (mut seed, mut threads, mut reps) = (1u64, 1usize, 1usize);
    let mut dead = String::new();
    let mut players = Vec::new();
    while let Some(arg) = args.next() {
        let mut value = || args.next().expect("a value after a flag");
        match arg.as_str() {
            "--exact" => method = Method::Exact,
            "--mc" => {
                method = Method::MonteCarlo {
                    rounds: value().parse().expect("rounds"),
                    seed: 0,
                    target_stderr: None,
                }
            }
            "--seed" => seed = value().parse().expect("a seed"),
            "--threads" => threads = value().parse().expect("threads"),
            "--reps" => reps = value().parse().expect("repetitions"),
            "--dead" => dead = value(),
            _ => players.push(arg),
        }
    }
    if let Method::MonteCarlo { seed: s, .. } = &mut method {
        *s = seed;
    }
    let texts: Vec<&str> = players.iter().map(String::as_str).collect();
    let spot = Spot::parse(game, &texts, &dead).unwrap_or_else(|e| panic!("{e}"));
    // One pool for every repetition, as one run of `sim` has: the repetitions time the library
    // call alone (a pool per repetition would time a thread's start too, since rayon keeps the
    // first pool that includes the calling thread and `on_pool_with_caller` then starts a new
    // one).
    let (mut times, result) = engine::on_pool_with_caller(threads, || {
        let mut times = Vec::new();
        let mut last = None;
        for _ in 0..reps.max(1) {
            let start = Instant::now();
            let result = equity(&spot, &method).unwrap_or_else(|e| panic!("{e}"));
            times.push(start.elapsed().as_secs_f64());
            last = Some(result);
        }
        (times, last.expect("one repetition"))
    })
    .expect("a pool");
    for (text, p) in texts.iter().zip(&result.players) {
        let h = p.hilo.unwrap_or_default();
        println!(
            "{text:<24} win {:.10} tie {:.10} equity {:.10} high {:.10} low {:.10} scoop {:.10} se {:.10}",
            p.win, p.tie, p.equity, h.high, h.low, h.scoop, p.std_error
        );
    }
    times.sort_by(f64::total_cmp);
    println!(
        "seconds={:.6} outcomes={} reps={}",
        times[times.len() / 2],
        result.tally.outcomes,
        times.len()
    );
}
