//! The ranking of a game's starting-hand classes by exact equity against one random hand
//! ([`build`]), as `sim rank --build` makes the shipped rankings
//! ([`engine::class_ranking::ClassRanking`]).
//!
//! A class's equity against one random hand is the mean, over every conflict-free pair of one
//! of its combos and any other combo, of the exact heads-up equity over every board. It is
//! counted board by board (`board_sweep`: every hand valued once per board, wins and ties read
//! off the hands sorted by strength), which gives the same integers as the sum of the class's
//! rows of the exact heads-up matrix, each weighted by its matchups (the tests count both ways).
//! The sums are integers (wins, ties and boards), divided once at the end.

mod board_sweep;

use engine::class_ranking::{BadRanking, ClassRanking};
use engine::{Game, Watch};

#[cfg(test)]
use crate::class_pairs::{PairSums, pair_sums_until_stopped};
use crate::range::HandClass;

/// One class's exact showdown against one random hand, summed over its combos' matchups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VsOneRandom {
    /// The class.
    pub class: HandClass,
    /// Boards won outright, over all matchups.
    pub wins: u128,
    /// Boards split.
    pub ties: u128,
    /// Boards in all (matchups × boards of one matchup).
    pub boards: u128,
}

impl VsOneRandom {
    /// Wins plus half the ties, as a share of the boards.
    pub fn equity(&self) -> f64 {
        (2 * self.wins + self.ties) as f64 / (2 * self.boards.max(1)) as f64
    }
}

/// Every class of `game` against one random hand, exactly, in [`crate::preflop::classes`]
/// order, on the current rayon pool.
pub fn vs_one_random(game: Game) -> Vec<VsOneRandom> {
    vs_one_random_until_stopped(game, &|_, _| {}, &|| false)
        .unwrap_or_else(|| unreachable!("never asked to stop"))
}

/// [`vs_one_random`], telling `on_boards` (boards counted, in all) after each piece of boards
/// and asking `stop` before each: `None` when it said to stop.
pub fn vs_one_random_until_stopped(
    game: Game,
    on_boards: &(dyn Fn(u64, u64) + Sync),
    stop: &dyn Watch,
) -> Option<Vec<VsOneRandom>> {
    let classes = crate::class_pairs::classes(game);
    let sums = board_sweep::class_sums_until_stopped(game, &classes, on_boards, stop)?;
    Some(
        classes
            .iter()
            .enumerate()
            .map(|(i, &class)| VsOneRandom {
                class,
                wins: u128::from(sums.wins[i]),
                ties: u128::from(sums.ties[i]),
                boards: u128::from(sums.boards[i]),
            })
            .collect(),
    )
}

/// [`vs_one_random`] the matchup way: the exact heads-up matrix's class pairs, each pair's
/// suit-reduced matchups counted over every board and summed (the check of the board sweep).
#[cfg(test)]
fn vs_one_random_by_matchups(game: Game) -> Vec<VsOneRandom> {
    let PairSums {
        classes,
        pairs,
        sums,
    } = pair_sums_until_stopped(game, &|_, _| {}, &|| false)
        .unwrap_or_else(|| unreachable!("never asked to stop"));
    let mut out: Vec<VsOneRandom> = classes
        .iter()
        .map(|&class| VsOneRandom {
            class,
            wins: 0,
            ties: 0,
            boards: 0,
        })
        .collect();
    for (&(i, j), &(wins, ties, boards, _)) in pairs.iter().zip(&sums) {
        let first = &mut out[i];
        first.wins += wins;
        first.ties += ties;
        first.boards += boards;
        // The pair of a class with itself holds both orders of every matchup already.
        if i != j {
            let second = &mut out[j];
            second.wins += boards - wins - ties;
            second.ties += ties;
            second.boards += boards;
        }
    }
    out
}

/// The ranking of `game`'s classes by [`vs_one_random`].
///
/// # Errors
/// [`BadRanking`] only if the counts were not shares (never, for a game's classes).
pub fn build(game: Game) -> Result<ClassRanking, BadRanking> {
    ranking_of(&vs_one_random(game))
}

/// The ranking of the classes `counted` by their equity.
///
/// # Errors
/// [`BadRanking`] for a class given twice.
pub fn ranking_of(counted: &[VsOneRandom]) -> Result<ClassRanking, BadRanking> {
    let classes: Vec<(HandClass, f64)> = counted.iter().map(|c| (c.class, c.equity())).collect();
    ClassRanking::new(&classes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preflop::heads_up;
    use crate::range::{Combo, combo_mask};

    /// A class's exact equity against one random hand the long way: its first combo against
    /// every other combo one by one, no suit grouping, each matchup counted over every board.
    fn one_by_one(game: Game, class: HandClass) -> f64 {
        let hero = class.combos()[0];
        let cards = game.spec().deck.cards();
        let (mut won, mut boards) = (0u128, 0u128);
        for (i, &a) in cards.iter().enumerate() {
            for &b in &cards[i + 1..] {
                let villain: Combo = [a, b];
                if combo_mask(villain) & combo_mask(hero) != 0 {
                    continue;
                }
                let (w, t, n) = heads_up(game, [hero, villain]);
                won += u128::from(2 * w + t);
                boards += u128::from(2 * n);
            }
        }
        won as f64 / boards as f64
    }

    /// The board sweep and the matchup way count the same integers (short deck: the matchup
    /// way takes about a second there, and the sweep's code is the same for both decks).
    #[test]
    fn the_board_sweep_counts_what_the_matchups_count() {
        let game = Game::plain(engine::GameId::ShortDeck);
        assert_eq!(vs_one_random(game), vs_one_random_by_matchups(game));
    }

    #[test]
    fn short_deck_classes_match_the_long_way() {
        let game = Game::plain(engine::GameId::ShortDeck);
        let counted = vs_one_random(game);
        assert_eq!(counted.len(), 81);
        for name in ["AA", "T9s", "K6o", "66"] {
            let row = counted.iter().find(|c| c.class.name() == name).unwrap();
            let long = one_by_one(game, row.class);
            assert!(
                (row.equity() - long).abs() < 1e-12,
                "{name}: {} {long}",
                row.equity()
            );
        }
    }

    /// The shipped rankings hold the equities of sampled classes as counted the long way.
    #[test]
    fn shipped_rankings_match_the_long_way() {
        use engine::class_ranking::ClassRanking;
        let short = Game::plain(engine::GameId::ShortDeck);
        for (game, ranking, names) in [
            (Game::HOLDEM, ClassRanking::holdem(), ["AA", "72o", "T9s"]),
            (short, ClassRanking::short_deck(), ["AA", "66", "KJo"]),
        ] {
            for name in names {
                let entry = ranking
                    .entries()
                    .iter()
                    .find(|e| e.class.name() == name)
                    .unwrap();
                let long = one_by_one(game, entry.class);
                assert!(
                    (entry.equity - long).abs() < 1e-12,
                    "{name}: {} {long}",
                    entry.equity
                );
            }
        }
    }
}
