//! Which four-card ranking a range's percentage items read: the high ranking
//! ([`crate::plo4_ranking`]) in four-card Omaha, the hi/lo pot-share ranking
//! ([`crate::plo4_hilo`]) in Omaha hi/lo. Both rank the same 16,432 classes; a range asks only
//! which classes a span holds and whether a class is inside one.

use engine::{Game, GameId};

use crate::{plo4_hilo, plo4_ranking};

/// A shipped four-card ranking, by game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plo4Ranked {
    /// Four-card Omaha, high only.
    High,
    /// Omaha hi/lo eight or better, by pot share.
    HiLo,
}

impl Plo4Ranked {
    /// The ranking of `game`'s percentage items, if it has one.
    pub fn of(game: Game) -> Option<Self> {
        match game.id() {
            GameId::Omaha => Some(Self::High),
            GameId::OmahaHilo => Some(Self::HiLo),
            _ => None,
        }
    }

    /// The classes of the span from `from` to `to` percent of the hands (the midpoint rule),
    /// strongest first.
    pub fn span(self, from: f64, to: f64) -> Vec<usize> {
        match self {
            Self::High => plo4_ranking::shipped()
                .span(from, to)
                .map(|e| e.class)
                .collect(),
            Self::HiLo => plo4_hilo::shipped()
                .span(from, to)
                .map(|e| e.class)
                .collect(),
        }
    }

    /// Whether `class` lies in the span from `from` to `to` percent of the hands.
    pub fn within(self, class: usize, from: f64, to: f64) -> bool {
        let inside = |cumulative, combos, total| {
            engine::class_ranking::midpoint_within(cumulative, combos, total, from, to)
        };
        match self {
            Self::High => {
                let r = plo4_ranking::shipped();
                r.find(class)
                    .is_some_and(|e| inside(e.cumulative_combos, e.combos, r.total_combos()))
            }
            Self::HiLo => {
                let r = plo4_hilo::shipped();
                r.find(class)
                    .is_some_and(|e| inside(e.cumulative_combos, e.combos, r.total_combos()))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_reads_its_own_ranking() {
        assert_eq!(
            Plo4Ranked::of(Game::plain(GameId::Omaha)),
            Some(Plo4Ranked::High)
        );
        assert_eq!(
            Plo4Ranked::of(Game::plain(GameId::OmahaHilo)),
            Some(Plo4Ranked::HiLo)
        );
        assert_eq!(Plo4Ranked::of(Game::plain(GameId::Omaha5)), None);
        for ranked in [Plo4Ranked::High, Plo4Ranked::HiLo] {
            let top = ranked.span(0.0, 1.0);
            assert!(!top.is_empty());
            assert!(top.iter().all(|&c| ranked.within(c, 0.0, 1.0)));
            assert!(top.iter().all(|&c| !ranked.within(c, 1.0, 100.0)));
        }
        // The two rankings order the classes differently.
        assert_ne!(
            Plo4Ranked::High.span(0.0, 5.0),
            Plo4Ranked::HiLo.span(0.0, 5.0)
        );
    }

    /// A percentage item of a range lists the hands of its game's ranking's classes, class by
    /// class from the top.
    #[test]
    fn a_percentage_range_holds_the_classes_of_its_games_ranking() {
        for (id, ranked) in [
            (GameId::Omaha, Plo4Ranked::High),
            (GameId::OmahaHilo, Plo4Ranked::HiLo),
        ] {
            let range = crate::Range::of_game("2%", Game::plain(id)).unwrap();
            let want: Vec<[deck::Card; 4]> = ranked
                .span(0.0, 2.0)
                .into_iter()
                .flat_map(|c| crate::plo4_classes::hands(c).iter().copied())
                .collect();
            let got: Vec<[deck::Card; 4]> = range
                .hands
                .iter()
                .map(|h| [h[0], h[1], h[2], h[3]])
                .collect();
            assert_eq!(got, want, "{id:?}");
        }
    }
}
