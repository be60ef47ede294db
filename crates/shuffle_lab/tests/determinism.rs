//! Every simulation of the lab gives the same counts on any number of threads.

use engine::{ChunkPlan, on_pool};
use shuffle_lab::audit::{self, Audit, AuditMethod};
use shuffle_lab::deal_patterns::{self, Deal, DealMethod};
use shuffle_lab::{riffled_odds, total_variation};

/// Several chunks, so that threads really split the work.
fn plan() -> ChunkPlan {
    ChunkPlan::with_chunk_rounds(5_001, 500)
}

fn same_on_one_and_three_threads<T: PartialEq + std::fmt::Debug + Send>(
    run: impl Fn() -> T + Send + Sync,
) {
    let one = on_pool(1, &run).unwrap();
    let three = on_pool(3, &run).unwrap();
    assert_eq!(one, three);
}

#[test]
fn audits_do_not_depend_on_threads() {
    let methods = [
        AuditMethod::Naive,
        AuditMethod::FisherYates,
        AuditMethod::Partial,
        AuditMethod::Riffle,
        AuditMethod::Piles,
    ];
    for method in methods {
        let audit = Audit::new(method, 20, 5, 3, 4).unwrap();
        same_on_one_and_three_threads(|| audit::simulate(&audit, 7, &plan()));
    }
}

#[test]
fn riffle_tallies_and_odds_do_not_depend_on_threads() {
    same_on_one_and_three_threads(|| total_variation::simulate(52, 8, 7, &plan()));
    same_on_one_and_three_threads(|| riffled_odds::simulate(3, 7, &plan()));
}

#[test]
fn deals_do_not_depend_on_threads() {
    for method in [DealMethod::Piles, DealMethod::Direct, DealMethod::Shuffle] {
        let deal = Deal::new(method, 4, 5).unwrap();
        same_on_one_and_three_threads(|| deal_patterns::simulate(&deal, 7, &plan()));
    }
}

#[test]
fn impossible_setups_are_errors_with_the_flags_messages() {
    let err = Audit::new(AuditMethod::Partial, 10, 11, 7, 4).unwrap_err();
    assert_eq!(err.to_string(), "--cards 11 exceeds --deck-size 10");
    assert!(Audit::new(AuditMethod::Naive, 10, 11, 7, 4).is_ok());
    let err = Deal::new(DealMethod::Direct, 10, 5).unwrap_err();
    assert!(err.to_string().starts_with("--method direct: "), "{err}");
}
