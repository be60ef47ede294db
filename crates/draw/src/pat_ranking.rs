//! The draw games' rankings of pat hands: every class of pat hands ([`crate::pat_classes`]:
//! 7,462 five-card rank classes, 1,092 badugi classes) by its **exact** equity against one
//! random pat hand, heads-up with no draw (hi/lo: the pot share), counted by
//! [`crate::pat_build`]. They are what a percentage means in a draw range ([`crate::pat_percent`]):
//! `15%` is the best 15 % of the hands a player can stand pat with.
//!
//! One ranking per scoring: five-card draw (`draw5`), its hi/lo (`draw5-hilo`), deuce-to-seven
//! (`lowball-27` and `triple-draw-27`), ace-to-five (`lowball-a5` and `triple-draw-a5`) and
//! badugi. In the single-value games a hand's equity against a random hand follows its value
//! but for card removal; the ranking is by the equity, as every game's ranking is.
//!
//! The rankings are [`engine::counted_ranking`]s of [`PatCounts`]; the files shipped in `data/`
//! ([`file_name`]) are packed by the build script and compiled in ([`shipped`]), and `sim rank
//! --build --game G` writes them again.

use std::sync::OnceLock;

use engine::counted_ranking::{ClassSet, ClassTally, CountedRanking};

use crate::game::Scoring;
use crate::pat_classes::{badugi_name, badugi_values, five_classes, parse_badugi, parse_five};

/// A class's exact counts against every pat hand that shares no card with its hands,
/// heads-up, in quarter pots (a pot is 4; a tie 2 each; hi/lo: a quartered pot 1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PatCounts {
    /// Showdowns counted: the class's hands times the hands each meets.
    pub showdowns: u64,
    /// Showdowns won whole (the whole pot; hi/lo: scooped).
    pub wins: u64,
    /// Quarter pots won, all showdowns together.
    pub pot_units: u64,
}

impl std::ops::Add for PatCounts {
    type Output = PatCounts;

    fn add(self, o: PatCounts) -> PatCounts {
        PatCounts {
            showdowns: self.showdowns + o.showdowns,
            wins: self.wins + o.wins,
            pot_units: self.pot_units + o.pot_units,
        }
    }
}

impl ClassTally for PatCounts {
    const COLUMNS: &'static [&'static str] = &["showdowns", "wins", "pot_units"];

    fn values(&self) -> Vec<u64> {
        vec![self.showdowns, self.wins, self.pot_units]
    }

    fn from_values(values: &[u64]) -> Option<Self> {
        match *values {
            [showdowns, wins, pot_units] => Some(PatCounts {
                showdowns,
                wins,
                pot_units,
            }),
            _ => None,
        }
    }

    fn is_consistent(&self) -> bool {
        self.wins <= self.showdowns
            && 4 * self.wins <= self.pot_units
            && self.pot_units <= 4 * self.showdowns
    }

    fn rounds(&self) -> u64 {
        self.showdowns
    }

    /// `units / (4 · showdowns)`, 0 with none.
    fn equity(&self) -> f64 {
        if self.showdowns == 0 {
            return 0.0;
        }
        self.pot_units as f64 / (4 * self.showdowns) as f64
    }

    /// 0: the counts are exact.
    fn std_error(&self) -> f64 {
        0.0
    }
}

/// The five-card classes as a set to rank.
pub static FIVE_CARD_CLASSES: ClassSet = ClassSet {
    game: "the five-card draw games",
    count: || five_classes().len(),
    combos: |c| five_classes().get(c).map_or(0, |k| k.combos()),
    name: |c| five_classes().get(c).map_or_else(String::new, |k| k.name()),
    parse: parse_five,
};

/// The five-card classes as the ace-to-five games rank them: named with aces low.
pub static FIVE_CARD_CLASSES_ACES_LOW: ClassSet = ClassSet {
    game: "the ace-to-five draw games",
    count: || five_classes().len(),
    combos: |c| five_classes().get(c).map_or(0, |k| k.combos()),
    name: |c| {
        five_classes()
            .get(c)
            .map_or_else(String::new, |k| k.name_aces_low())
    },
    parse: parse_five,
};

/// The badugi classes as a set to rank.
pub static BADUGI_CLASSES: ClassSet = ClassSet {
    game: "badugi",
    count: || badugi_values().len(),
    combos: |c| crate::pat_classes::badugi_hands(c).len() as u32,
    name: badugi_name,
    parse: parse_badugi,
};

/// The classes `scoring`'s ranking ranks.
pub fn classes(scoring: Scoring) -> &'static ClassSet {
    match scoring {
        Scoring::Badugi => &BADUGI_CLASSES,
        Scoring::AceFive => &FIVE_CARD_CLASSES_ACES_LOW,
        _ => &FIVE_CARD_CLASSES,
    }
}

/// The classes of pat hands, strongest first.
pub type PatRanking = CountedRanking<PatCounts>;

/// The file `scoring`'s shipped ranking is in, under `data/`.
pub const fn file_name(scoring: Scoring) -> &'static str {
    match scoring {
        Scoring::High => "draw5_ranking.csv",
        Scoring::HighLow => "draw5_hilo_ranking.csv",
        Scoring::DeuceSeven => "lowball27_ranking.csv",
        Scoring::AceFive => "lowball_a5_ranking.csv",
        Scoring::Badugi => "badugi_ranking.csv",
    }
}

/// The packed rankings (`build.rs`: each row's class name, a 0 byte, its counts as varints).
const PACKED: [&[u8]; 5] = [
    include_bytes!(concat!(env!("OUT_DIR"), "/draw5_ranking.bin")),
    include_bytes!(concat!(env!("OUT_DIR"), "/draw5_hilo_ranking.bin")),
    include_bytes!(concat!(env!("OUT_DIR"), "/lowball27_ranking.bin")),
    include_bytes!(concat!(env!("OUT_DIR"), "/lowball_a5_ranking.bin")),
    include_bytes!(concat!(env!("OUT_DIR"), "/badugi_ranking.bin")),
];

/// The ranking of `scoring` shipped in `data/` ([`file_name`]), packed by the build script and
/// read on first use.
pub fn shipped(scoring: Scoring) -> &'static PatRanking {
    static RANKINGS: [OnceLock<PatRanking>; 5] = [const { OnceLock::new() }; 5];
    let at = match scoring {
        Scoring::High => 0,
        Scoring::HighLow => 1,
        Scoring::DeuceSeven => 2,
        Scoring::AceFive => 3,
        Scoring::Badugi => 4,
    };
    RANKINGS[at].get_or_init(|| unpack(classes(scoring), PACKED[at]))
}

/// The ranking of a packed file: each row's class read from its name, its counts read, and the
/// classes ranked again by their counts (as the file's rows were).
fn unpack(set: &'static ClassSet, mut bytes: &[u8]) -> PatRanking {
    // The packed files are made from the shipped ones at build time and checked by the tests,
    // so a failure is a build mistake.
    let broken = || -> ! { panic!("the packed {} ranking is broken", set.game) };
    let mut counts = vec![PatCounts::default(); (set.count)()];
    while !bytes.is_empty() {
        let end = bytes
            .iter()
            .position(|&b| b == 0)
            .unwrap_or_else(|| broken());
        let name = std::str::from_utf8(&bytes[..end]).unwrap_or_else(|_| broken());
        let class = (set.parse)(name).unwrap_or_else(|| broken());
        bytes = &bytes[end + 1..];
        let values = [(); 3].map(|()| engine::varint::read(&mut bytes).unwrap_or_else(|| broken()));
        counts[class] = PatCounts::from_values(&values).unwrap_or_else(|| broken());
    }
    PatRanking::from_counts(set, &counts).unwrap_or_else(|_| broken())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pat_build::build_until_stopped;

    const SCORINGS: [Scoring; 5] = [
        Scoring::High,
        Scoring::HighLow,
        Scoring::DeuceSeven,
        Scoring::AceFive,
        Scoring::Badugi,
    ];

    /// The shipped files are the build, count for count, and lead with each game's nuts.
    #[test]
    fn the_shipped_rankings_are_the_build() {
        let never = || false;
        for scoring in SCORINGS {
            let built = build_until_stopped(scoring, &|_, _| {}, &never).unwrap();
            let again = PatRanking::from_counts(classes(scoring), &built).unwrap();
            assert_eq!(&again, shipped(scoring), "{scoring:?}");
        }
        let top = |s: Scoring| (shipped(s).set().name)(shipped(s).entries()[0].class);
        assert_eq!(top(Scoring::High), "AKQJTs");
        assert_eq!(top(Scoring::DeuceSeven), "75432o");
        assert_eq!(top(Scoring::AceFive), "5432Ao");
        assert_eq!(top(Scoring::Badugi), "432A");
        assert_eq!(shipped(Scoring::High).total_combos(), 2_598_960);
        assert_eq!(shipped(Scoring::Badugi).total_combos(), 270_725);
    }
}
