//! Percentage items of a stud player's down-card range (`(15%)Kd`, `(5%-15%)Kd`), read by the
//! game's ranking of third-street starts ([`crate::start_ranking`]).
//!
//! A stud ranking ranks three-card starts, a stud range is of the two down cards, so a
//! percentage is read with the player's **door card**, the first card written after the
//! parentheses: `(15%)Kd` holds the two down cards `d1 d2` (neither of them the door card) whose
//! start `{d1, d2, Kd}` is in a class of the top 15 % of the 22,100 starts, counted in combos
//! from the top of the ranking and taken whole class by class by the midpoint rule of
//! [`engine::class_ranking`] (a class belongs to `a%-b%` when the middle of its combos, counted
//! from the top, lies in `[a %, b %)`). Stud uses `data/stud_ranking.csv`, stud hi/lo
//! `data/stud_hilo_ranking.csv`, razz `data/razz_ranking.csv`.
//!
//! The share of the down-card combos a percentage holds depends on the door card: `(15%)Ah` holds
//! more of them than `(15%)7h` in stud, fewer in razz than `(15%)2h`. Summed over the 52 door
//! cards, the combos of a span are three times the span's starts (each start is read once with
//! each of its cards as the door).
//!
//! ```
//! use deck::Card;
//! use engine::two_card_range::PercentRanking;
//! use stud::Game;
//! use stud::start_percent::DoorPercent;
//!
//! // Rolled-up kings are stud's second class; the top 0.04 % is trips of aces and of kings.
//! let door: Card = "Kd".parse().unwrap();
//! let combos = DoorPercent::new(Game::Stud, door).percent_combos("0.04%", "0.04%").unwrap();
//! assert_eq!(combos.len(), 3);
//! assert!(combos.iter().flatten().all(|c| c.rank() == door.rank()));
//! ```

use deck::Card;
use engine::RangeError;
use engine::class_ranking::percent_span_in;
use engine::two_card_range::{Combo, PercentRanking};

use crate::Game;
use crate::start_classes::class_of;
use crate::start_ranking::shipped;

/// The reader of a stud player's percentage items: the game's ranking and the door card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DoorPercent {
    /// The game whose ranking reads the percentages.
    pub game: Game,
    /// The player's door card, the third card of every start.
    pub door: Card,
}

impl DoorPercent {
    /// The reader of `game`'s percentages with the door card `door`.
    pub fn new(game: Game, door: Card) -> Self {
        Self { game, door }
    }

    /// The down cards of the starts in the span from `from` to `to` percent, with the door
    /// card: strongest class first, then by the cards' indices; each combo's lower card first.
    pub fn span_combos(&self, from: f64, to: f64) -> Vec<Combo> {
        let ranking = shipped(self.game);
        let inside = ranking.span_mask(from, to);
        let mut combos: Vec<(usize, Combo)> = Vec::new();
        let others: Vec<Card> = Card::all().filter(|&c| c != self.door).collect();
        for (i, &a) in others.iter().enumerate() {
            for &b in &others[i + 1..] {
                let class = class_of(&[a, b, self.door]);
                if inside[class] {
                    let rank = ranking.find(class).map_or(usize::MAX, |e| e.rank);
                    combos.push((rank, [a, b]));
                }
            }
        }
        combos.sort_by_key(|&(rank, [a, b])| (rank, a.index(), b.index()));
        combos.into_iter().map(|(_, combo)| combo).collect()
    }
}

impl PercentRanking for DoorPercent {
    fn percent_combos(&self, item: &str, range: &str) -> Result<Vec<Combo>, RangeError> {
        let (from, to) = percent_span_in(item, range)?;
        let ranking = shipped(self.game);
        if ranking.span(from, to).next().is_none() {
            return Err(RangeError::PercentSelectsNothing {
                item: item.to_string(),
                range: range.to_string(),
            });
        }
        let combos = self.span_combos(from, to);
        if combos.is_empty() {
            return Err(RangeError::PercentMissesCard {
                item: item.to_string(),
                range: range.to_string(),
                card: self.door.to_string(),
            });
        }
        Ok(combos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::start_classes::for_each_start;

    /// The slow oracle: every one of the 22,100 starts holding `door`, its class's place found
    /// by a walk down the ranking, its middle combo placed in percent by hand.
    fn oracle(game: Game, door: Card, from: f64, to: f64) -> Vec<Combo> {
        let ranking = shipped(game);
        let total = f64::from(ranking.total_combos());
        let mut combos = Vec::new();
        for_each_start(|start| {
            if !start.contains(&door) {
                return;
            }
            let class = class_of(start);
            let mut above = 0u32;
            for e in ranking.entries() {
                if e.class == class {
                    let middle = f64::from(above) + f64::from(e.combos) / 2.0;
                    let percent = 100.0 * middle / total;
                    if from <= percent && percent < to {
                        let mut down: Vec<Card> =
                            start.iter().copied().filter(|&c| c != door).collect();
                        down.sort_by_key(|c| c.index());
                        combos.push([down[0], down[1]]);
                    }
                    break;
                }
                above += e.combos;
            }
        });
        combos.sort_by_key(|[a, b]| (a.index(), b.index()));
        combos
    }

    fn sorted(mut combos: Vec<Combo>) -> Vec<Combo> {
        combos.sort_by_key(|[a, b]| (a.index(), b.index()));
        combos
    }

    #[test]
    fn spans_hold_the_oracles_down_cards_in_every_game() {
        let spans = [(0.0, 15.0), (5.0, 15.0), (0.0, 2.5), (40.0, 100.0)];
        for game in Game::ALL {
            for door in ["Kd", "As", "2c", "7h", "Ts"] {
                let door: Card = door.parse().unwrap();
                for (from, to) in spans {
                    let fast = DoorPercent::new(game, door).span_combos(from, to);
                    assert!(fast.iter().all(|[a, b]| a.index() < b.index()));
                    assert_eq!(
                        sorted(fast),
                        oracle(game, door, from, to),
                        "{game} {door} {from}-{to}"
                    );
                }
            }
        }
    }

    /// Each start is read once with each of its three cards as the door card.
    #[test]
    fn over_every_door_card_a_span_holds_its_starts_three_times() {
        for game in Game::ALL {
            let ranking = shipped(game);
            for (from, to) in [(0.0, 15.0), (5.0, 15.0), (0.0, 100.0)] {
                let starts: u32 = ranking.span(from, to).map(|e| e.combos).sum();
                let combos: usize = Card::all()
                    .map(|door| DoorPercent::new(game, door).span_combos(from, to).len())
                    .sum();
                assert_eq!(combos, 3 * starts as usize, "{game} {from}-{to}");
            }
        }
    }

    #[test]
    fn the_strongest_class_comes_first_and_bad_items_are_refused() {
        let door: Card = "Kd".parse().unwrap();
        let read = DoorPercent::new(Game::Stud, door);
        let combos = read.percent_combos("15%", "15%").unwrap();
        // Rolled-up kings lead: the three pairs of the other kings.
        assert!(
            combos[..3]
                .iter()
                .flatten()
                .all(|c| c.rank() == door.rank())
        );
        assert!(matches!(
            read.percent_combos("0%", "0%"),
            Err(RangeError::BadItem { .. })
        ));
        assert!(matches!(
            read.percent_combos("0.001%", "0.001%"),
            Err(RangeError::PercentSelectsNothing { .. })
        ));
        // The top 0.1 % is rolled-up trips from aces to nines: none holds a deuce.
        let deuce = DoorPercent::new(Game::Stud, "2c".parse().unwrap());
        let err = deuce.percent_combos("0.1%", "0.1%").unwrap_err();
        assert!(matches!(err, RangeError::PercentMissesCard { .. }), "{err}");
        assert!(err.to_string().contains("door card 2c"), "{err}");
    }
}
