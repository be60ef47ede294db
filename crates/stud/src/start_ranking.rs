//! The rankings of the 1,755 third-street classes ([`crate::start_classes`]) of seven-card
//! stud, stud hi/lo and razz, by Monte Carlo equity against one random hand played to the
//! seventh card without folding (the equity of `sim equity --game G AsAhKd random`): in stud
//! the high hand takes the pot, in razz the best ace-to-five low, in stud hi/lo the pot share
//! (high half and eight-or-better low half, each split among ties; no low: the high takes all).
//!
//! A class's counts are whole quarter pots ([`PotCounts`], engine's, shared with Omaha hi/lo): heads-up, a pot is 4 units
//! (engine's pot tally), so a round wins 0 to 4 of them (hi/lo: a quartered pot is 1). Its
//! equity is `units / (4 · rounds)` and its standard error that of the mean of the rounds'
//! shares, from the sum of their squared units. Rankings are [`engine::counted_ranking`]s:
//! shards of a build ([`crate::start_build`]) merge to the whole build to the byte.
//!
//! The rankings shipped in `data/stud_ranking.csv`, `data/stud_hilo_ranking.csv` and
//! `data/razz_ranking.csv` are compiled in ([`shipped`]).

use std::sync::OnceLock;

use engine::counted_ranking::{ClassSet, CountedEntry, CountedRanking};
pub use engine::pot_counts::{POT_UNITS, PotCounts};

use crate::Game;
use crate::start_classes::{class_count, combos, name, parse_class};

/// The three-card classes as a set to rank.
pub static CLASSES: ClassSet = ClassSet {
    game: "stud",
    count: class_count,
    combos,
    name,
    parse: parse_class,
};

/// One class of a ranking, with its place.
pub type StartEntry = CountedEntry<PotCounts>;

/// The three-card classes of one stud game, strongest first.
pub type StartRanking = CountedRanking<PotCounts>;

/// The file a game's shipped ranking is in, under `data/`.
pub const fn file_name(game: Game) -> &'static str {
    match game {
        Game::Stud => "stud_ranking.csv",
        Game::StudHiLo => "stud_hilo_ranking.csv",
        Game::Razz => "razz_ranking.csv",
    }
}

/// The ranking of `game` shipped in `data/` ([`file_name`]), read on first use.
pub fn shipped(game: Game) -> &'static StartRanking {
    static STUD: OnceLock<StartRanking> = OnceLock::new();
    static HILO: OnceLock<StartRanking> = OnceLock::new();
    static RAZZ: OnceLock<StartRanking> = OnceLock::new();
    let (cell, text) = match game {
        Game::Stud => (&STUD, include_str!("../../../data/stud_ranking.csv")),
        Game::StudHiLo => (&HILO, include_str!("../../../data/stud_hilo_ranking.csv")),
        Game::Razz => (&RAZZ, include_str!("../../../data/razz_ranking.csv")),
    };
    cell.get_or_init(|| {
        // The shipped files are checked by the tests, so a failure is a build mistake.
        StartRanking::from_csv(&CLASSES, text)
            .unwrap_or_else(|e| panic!("shipped {game} ranking: {e}"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped rankings cover every class with rounds, and their tops are what a stud
    /// player expects: rolled-up aces first in stud; in razz the smallest three, A32, first.
    #[test]
    fn the_shipped_rankings_lead_with_the_known_best_starts() {
        for game in Game::ALL {
            let r = shipped(game);
            assert_eq!(r.entries().len(), 1_755, "{game}");
            assert_eq!(r.total_combos(), 22_100);
            assert!(r.entries().iter().all(|e| e.counts.rounds > 0));
        }
        let top = |game: Game, n: usize| -> Vec<String> {
            shipped(game).entries()[..n]
                .iter()
                .map(|e| name(e.class))
                .collect()
        };
        assert_eq!(top(Game::Stud, 1), ["AsAhAd"]);
        assert!(
            top(Game::Stud, 13)
                .iter()
                .all(|n| n.chars().next() == n.chars().nth(2))
        );
        assert!(
            top(Game::Razz, 5)
                .iter()
                .any(|n| n.starts_with("As3") && n.contains('2')),
            "{:?}",
            top(Game::Razz, 5)
        );
        assert!(top(Game::StudHiLo, 3).iter().any(|n| n.starts_with("As")));
    }
}
