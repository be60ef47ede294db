//! The ranking of the 16,432 four-card Omaha classes ([`crate::plo4_classes`]) in Omaha hi/lo
//! (eight or better) by Monte Carlo pot share against one random four-card hand: half the pot
//! to the best high hand and half to the best qualifying low, each half split among ties, the
//! whole pot to the high when no low qualifies (the equity of `sim equity --game omaha-hilo
//! HAND random`).
//!
//! A class's counts are whole quarter pots ([`PotCounts`], the stud rankings' tally): a round
//! wins 0 to 4 of them (a quartered pot is 1). The ranking is an
//! [`engine::counted_ranking`] over the same classes as the high ranking, so shards of a build
//! ([`crate::board_build::build_until_stopped`] with [`PotCounts`]) merge to the whole build to
//! the byte.
//!
//! The ranking shipped in `data/omaha_hilo_ranking.csv` is compiled in ([`shipped`]).

use std::sync::OnceLock;

use engine::counted_ranking::{CountedEntry, CountedRanking};
pub use engine::pot_counts::PotCounts;

use crate::plo4_ranking::CLASSES;

/// The ranking as shipped.
const SHIPPED_CSV: &str = include_str!("../../../data/omaha_hilo_ranking.csv");

/// The header of an Omaha hi/lo ranking file: hold'em's columns, then the counts.
pub const CSV_HEADER: &str =
    "rank,class,combos,equity,cumulative_combos,percentile,std_error,rounds,pot_units,square_units";

/// One class of the hi/lo ranking, with its place.
pub type Plo4HiloEntry = CountedEntry<PotCounts>;

/// The four-card classes by hi/lo pot share, strongest first.
pub type Plo4HiloRanking = CountedRanking<PotCounts>;

/// The ranking shipped in `data/omaha_hilo_ranking.csv`, read on first use.
pub fn shipped() -> &'static Plo4HiloRanking {
    static RANKING: OnceLock<Plo4HiloRanking> = OnceLock::new();
    RANKING.get_or_init(|| {
        // The shipped file is checked by the tests, so a failure is a build mistake.
        Plo4HiloRanking::from_csv(&CLASSES, SHIPPED_CSV)
            .unwrap_or_else(|e| panic!("shipped Omaha hi/lo ranking: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plo4_classes::{name, parse_class};
    use engine::counted_ranking::{ClassTally, csv_header};

    #[test]
    fn the_header_is_the_tallys() {
        assert_eq!(CSV_HEADER, csv_header::<PotCounts>());
    }

    /// The shipped ranking covers every class with consistent counts; aces with a small card
    /// (the hands that make both halves) lead, and four deuces, which can make neither a low
    /// nor more than a pair, are near the bottom.
    #[test]
    fn the_shipped_ranking_covers_every_class() {
        let shipped = shipped();
        assert_eq!(shipped.entries().len(), 16_432);
        assert_eq!(shipped.total_combos(), 270_725);
        assert!(
            shipped
                .entries()
                .iter()
                .all(|e| e.counts.rounds > 0 && e.counts.is_consistent())
        );
        let top = name(shipped.entries()[0].class);
        assert!(top.starts_with("AsAh") || top.starts_with("As2"), "{top}");
        let deuces = shipped.find(parse_class("2s2h2d2c").unwrap()).unwrap();
        assert!(deuces.rank > 16_000, "{}", deuces.rank);
    }
}
