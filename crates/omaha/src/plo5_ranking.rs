//! The rankings of the 134,459 five-card Omaha classes ([`crate::plo5_classes`]) against one
//! random five-card hand, by Monte Carlo: high only (wins and ties, [`ClassCounts`]) and in
//! five-card Omaha hi/lo (eight or better) by pot share in quarter pots ([`PotCounts`]), the
//! equities of `sim equity --game omaha5 HAND random` and `--game omaha5-hilo`.
//!
//! Both are [`engine::counted_ranking`]s made by the board-by-board build
//! ([`crate::board_build`], [`crate::board_build::HoleSize::Five`]), so shards of a build merge
//! to the whole build to the byte, as the four-card rankings do.

use std::sync::OnceLock;

use deck::Card;
use engine::counted_ranking::{ClassSet, ClassTally, CountedRanking};
use engine::pot_counts::PotCounts;

use crate::plo4_ranking::ClassCounts;
use crate::plo5_classes::{class_count, combos, name, parse_class};

/// The five-card classes as a set to rank.
pub static CLASSES: ClassSet = ClassSet {
    game: "five-card Omaha",
    count: class_count,
    combos,
    name,
    parse: parse_class,
};

/// The five-card classes by high equity, strongest first.
pub type Plo5Ranking = CountedRanking<ClassCounts>;

/// The five-card classes by hi/lo pot share, strongest first.
pub type Plo5HiloRanking = CountedRanking<PotCounts>;

/// The high ranking shipped in `data/omaha5_ranking.csv`, packed by the build script (each
/// class's cards and counts; `build.rs`).
const SHIPPED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/omaha5_ranking.bin"));

/// The hi/lo ranking shipped in `data/omaha5_hilo_ranking.csv`, packed the same way.
const SHIPPED_HILO: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/omaha5_hilo_ranking.bin"));

/// The high ranking shipped in `data/omaha5_ranking.csv`, read on first use.
pub fn shipped() -> &'static Plo5Ranking {
    static RANKING: OnceLock<Plo5Ranking> = OnceLock::new();
    RANKING.get_or_init(|| unpack(SHIPPED))
}

/// The hi/lo ranking shipped in `data/omaha5_hilo_ranking.csv`, read on first use.
pub fn shipped_hilo() -> &'static Plo5HiloRanking {
    static RANKING: OnceLock<Plo5HiloRanking> = OnceLock::new();
    RANKING.get_or_init(|| unpack(SHIPPED_HILO))
}

/// The ranking of a packed file: each row's class found from its cards, its counts read, and
/// the classes ranked again by their counts (as the file's rows were).
fn unpack<T: ClassTally>(mut bytes: &[u8]) -> CountedRanking<T> {
    // The packed files are made from the shipped ones at build time and checked by the tests,
    // so a failure is a build mistake.
    let broken = || panic!("the packed five-card Omaha ranking is broken");
    let mut counts = vec![T::default(); class_count()];
    while !bytes.is_empty() {
        let Some((cards, rest)) = bytes.split_first_chunk::<5>() else {
            broken()
        };
        let hand = cards.map(|b| Card::new(b / 4, b % 4));
        bytes = rest;
        let values = [(); 3].map(|()| engine::varint::read(&mut bytes).unwrap_or_else(|| broken()));
        let class = crate::plo5_classes::hand_classes()
            .classes()
            .class_of(&hand);
        counts[class] = T::from_values(&values).unwrap_or_else(|| broken());
    }
    CountedRanking::from_counts(&CLASSES, &counts).unwrap_or_else(|_| broken())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_build::tests::agrees_with_sim_equity;
    use engine::GameId;

    /// The shipped rankings cover every class with consistent counts and meet the precision
    /// asked of them (a standard error of at most 5·10⁻⁴); their leaders are pairs of aces.
    #[test]
    fn the_shipped_rankings_cover_every_class() {
        let high = shipped();
        let hilo = shipped_hilo();
        assert_eq!(high.entries().len(), 134_459);
        assert_eq!(hilo.total_combos(), 2_598_960);
        assert!(high.entries().iter().all(|e| e.counts.is_consistent()));
        assert!(hilo.entries().iter().all(|e| e.counts.is_consistent()));
        assert!(high.entries().iter().all(|e| e.counts.std_error() <= 5e-4));
        assert!(hilo.entries().iter().all(|e| e.counts.std_error() <= 5e-4));
        assert!(name(high.entries()[0].class).starts_with("AsAh"));
        assert!(name(hilo.entries()[0].class).starts_with("AsAh"));
        let worst = hilo.find(parse_class("2s2h2d2cKs").unwrap()).unwrap();
        assert!(worst.rank > 130_000, "{}", worst.rank);
    }

    /// Sampled classes of the shipped files agree with `sim equity`'s own Monte Carlo of the
    /// hand against `random` (another sampler and seed) within 4 standard errors of the
    /// difference, high and hi/lo.
    #[test]
    fn sampled_shipped_classes_agree_with_sim_equity() {
        for text in ["AsAhKsKhQd", "7s6h5d4c2s", "KsKhKd2c3h", "AsAh3s2hKd"] {
            let class = parse_class(text).unwrap();
            let h = shipped().find(class).unwrap().counts;
            agrees_with_sim_equity(GameId::Omaha5, text, h.equity(), h.std_error());
            let p = shipped_hilo().find(class).unwrap().counts;
            agrees_with_sim_equity(GameId::Omaha5Hilo, text, p.equity(), p.std_error());
        }
    }
}
