//! The measurements behind the automatic method's cost model: for a spread of spots, the
//! suit classes an exact count visits and the time it takes on one thread, beside the model's
//! estimate. Ignored by default (it times things); run it in release on a quiet machine:
//!
//! ```text
//! cargo test --release -p holdem --test auto_cost -- --ignored --nocapture
//! ```

use std::time::Instant;

use holdem::enumeration::enumerate;
use holdem::suit_classes::suit_classes;
use holdem::{Range, Spot};

fn spot(hands: &[&str], board: &str) -> Spot {
    Spot::new(
        hands.iter().map(|h| Range::parse(h).unwrap()).collect(),
        deck::parse_cards(board).unwrap(),
        Vec::new(),
    )
    .unwrap()
}

#[test]
#[ignore = "times exact counts; run by hand in release"]
fn measure_exact_counts_on_one_thread() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let spots: &[(&[&str], &str)] = &[
        (&["AsAh", "KdKc"], ""),
        (&["AsKs", "QdQc", "JhTh", "9c9d"], ""),
        (&["AsKs", "QdQc", "JhTh", "9c9d", "8s7s", "6d6h"], ""),
        (&["AKo", "QQ"], ""),
        (&["AKs", "QQ"], ""),
        (&["AA,KK", "QQ,JJ", "TT,99"], ""),
        (&["QQ+,AKs", "JJ-99"], ""),
        (&["AA", "random"], ""),
        (&["QQ+,AKs,AKo", "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+"], ""),
        (&["AhKd", "22+,A2+,K2+,Q8+,J8+,T8+"], "Ks7h2d"),
        (&["AhKh", "QQ+,AK", "random"], "Qh7h2c"),
        (&["AhKh", "random"], "Qh7h2c"),
        (&["AhKh", "random", "random"], "Qh7h2c9d"),
        (&["random", "random"], "Qh7h2c9d"),
        (&["random", "random"], "Qh7h2c9d5s"),
        (&["AhKh", "random", "random"], "Qh7h2c9d5s"),
        (&["22+,A2s+", "random"], "Qh7h2c"),
        (&["AsAh", "KdKc", "QsQc"], "2c3d4h"),
    ];
    println!("players\tdeal\tassignments\tclasses\tms\tns/class\testimate_ms\tspot");
    for (hands, board) in spots {
        let s = spot(hands, board);
        let assignments = s.assignments(u128::MAX).unwrap();
        let classes = if s.to_deal() == 0 {
            assignments.len()
        } else {
            suit_classes(&s, &assignments).len()
        };
        let start = Instant::now();
        let tally = pool.install(|| enumerate(&s, &assignments));
        let seconds = start.elapsed().as_secs_f64();
        std::hint::black_box(tally);
        println!(
            "{}\t{}\t{}\t{}\t{:.3}\t{:.0}\t{}\t{} {}",
            hands.len(),
            s.to_deal(),
            assignments.len(),
            classes,
            seconds * 1e3,
            seconds * 1e9 / classes as f64,
            match holdem::exact_nanos(&s) {
                u128::MAX => "-".to_string(),
                nanos => format!("{:.3}", nanos as f64 / 1e6),
            },
            hands.join(" "),
            board
        );
    }
}
