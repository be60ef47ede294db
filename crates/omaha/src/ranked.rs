//! Which ranking a range's percentage items read: in four-card Omaha the high ranking
//! ([`crate::plo4_ranking`]), in Omaha hi/lo the pot-share ranking ([`crate::plo4_hilo`]), and
//! the same two of five-card Omaha ([`crate::plo5_ranking`]) and of six-card Omaha
//! ([`crate::plo6_ranking`]); Courchevel and Courchevel hi/lo read five-card Omaha's (their hands are five-card Omaha's; a ranking made before the deal cannot know
//! the first flop card, which is shown only after it). A range asks only which classes a span
//! holds, their hands, and whether a class is inside one.

use deck::Card;
use engine::counted_ranking::{ClassTally, CountedRanking};
use engine::{Game, GameId};

use crate::board_build::HoleSize;
use crate::{
    plo4_classes, plo4_hilo, plo4_ranking, plo5_classes, plo5_ranking, plo6_classes, plo6_ranking,
};

/// A shipped Omaha ranking, by game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ranked {
    /// The hands' cards.
    pub size: HoleSize,
    /// Eight-or-better hi/lo, by pot share; else high only.
    pub hilo: bool,
}

impl Ranked {
    /// Four-card Omaha, high only.
    pub const HIGH: Ranked = Ranked {
        size: HoleSize::Four,
        hilo: false,
    };

    /// Omaha hi/lo, by pot share.
    pub const HILO: Ranked = Ranked {
        size: HoleSize::Four,
        hilo: true,
    };

    /// The ranking of `game`'s percentage items, if it has one.
    pub fn of(game: Game) -> Option<Self> {
        let (size, hilo) = match game.id() {
            GameId::Omaha => (HoleSize::Four, false),
            GameId::OmahaHilo => (HoleSize::Four, true),
            GameId::Omaha5 | GameId::Courchevel => (HoleSize::Five, false),
            GameId::Omaha5Hilo | GameId::CourchevelHilo => (HoleSize::Five, true),
            GameId::Omaha6 => (HoleSize::Six, false),
            GameId::Omaha6Hilo => (HoleSize::Six, true),
            _ => return None,
        };
        Some(Self { size, hilo })
    }

    /// The cards of the hands ranked: 4, 5 or 6.
    pub fn cards(self) -> usize {
        self.size.cards()
    }

    /// The classes of the span from `from` to `to` percent of the hands (the midpoint rule),
    /// strongest first.
    pub fn span(self, from: f64, to: f64) -> Vec<usize> {
        fn of<T: ClassTally>(r: &CountedRanking<T>, from: f64, to: f64) -> Vec<usize> {
            r.span(from, to).map(|e| e.class).collect()
        }
        match (self.size, self.hilo) {
            (HoleSize::Four, false) => of(plo4_ranking::shipped(), from, to),
            (HoleSize::Four, true) => of(plo4_hilo::shipped(), from, to),
            (HoleSize::Five, false) => of(plo5_ranking::shipped(), from, to),
            (HoleSize::Five, true) => of(plo5_ranking::shipped_hilo(), from, to),
            (HoleSize::Six, false) => of(plo6_ranking::shipped(), from, to),
            (HoleSize::Six, true) => of(plo6_ranking::shipped_hilo(), from, to),
        }
    }

    /// Whether `class` lies in the span from `from` to `to` percent of the hands.
    pub fn within(self, class: usize, from: f64, to: f64) -> bool {
        fn of<T: ClassTally>(r: &CountedRanking<T>, class: usize, from: f64, to: f64) -> bool {
            r.find(class).is_some_and(|e| {
                engine::class_ranking::midpoint_within(
                    e.cumulative_combos,
                    e.combos,
                    r.total_combos(),
                    from,
                    to,
                )
            })
        }
        match (self.size, self.hilo) {
            (HoleSize::Four, false) => of(plo4_ranking::shipped(), class, from, to),
            (HoleSize::Four, true) => of(plo4_hilo::shipped(), class, from, to),
            (HoleSize::Five, false) => of(plo5_ranking::shipped(), class, from, to),
            (HoleSize::Five, true) => of(plo5_ranking::shipped_hilo(), class, from, to),
            (HoleSize::Six, false) => of(plo6_ranking::shipped(), class, from, to),
            (HoleSize::Six, true) => of(plo6_ranking::shipped_hilo(), class, from, to),
        }
    }

    /// Calls `f` on every hand of `class` (each in ascending card order, in the order of
    /// [`deck::suit_classes::SuitClasses::for_each_set`]).
    pub fn for_each_hand(self, class: usize, mut f: impl FnMut(&[Card])) {
        match self.size {
            HoleSize::Four => plo4_classes::hands(class).iter().for_each(|h| f(h)),
            // Made from the class's representative: grouping all 2,598,960 hands by class first
            // would cost a percentage's first use a quarter of a second.
            HoleSize::Five => plo5_classes::hand_classes()
                .classes()
                .hands(class)
                .iter()
                .for_each(|h| f(h)),
            HoleSize::Six => plo6_classes::hands(class).iter().for_each(|h| f(h)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_reads_its_own_ranking() {
        let of = |id| Ranked::of(Game::plain(id));
        assert_eq!(of(GameId::Omaha), Some(Ranked::HIGH));
        assert_eq!(of(GameId::OmahaHilo), Some(Ranked::HILO));
        assert_eq!(of(GameId::Omaha5).map(Ranked::cards), Some(5));
        assert_eq!(of(GameId::Omaha6).map(Ranked::cards), Some(6));
        assert_eq!(of(GameId::Holdem), None);
        assert_eq!(of(GameId::Courchevel), of(GameId::Omaha5));
        assert_eq!(of(GameId::CourchevelHilo), of(GameId::Omaha5Hilo));
        let five = of(GameId::Omaha5Hilo).unwrap();
        let six = of(GameId::Omaha6Hilo).unwrap();
        for ranked in [Ranked::HIGH, Ranked::HILO, five, six] {
            let top = ranked.span(0.0, 1.0);
            assert!(!top.is_empty());
            assert!(top.iter().all(|&c| ranked.within(c, 0.0, 1.0)));
            assert!(top.iter().all(|&c| !ranked.within(c, 1.0, 100.0)));
        }
        // The two rankings order the classes differently.
        assert_ne!(Ranked::HIGH.span(0.0, 5.0), Ranked::HILO.span(0.0, 5.0));
    }

    /// A percentage item of a range lists the hands of its game's ranking's classes, class by
    /// class from the top.
    #[test]
    fn a_percentage_range_holds_the_classes_of_its_games_ranking() {
        for id in [
            GameId::Omaha,
            GameId::OmahaHilo,
            GameId::Omaha5,
            GameId::Omaha5Hilo,
            GameId::Courchevel,
            GameId::CourchevelHilo,
            GameId::Omaha6,
            GameId::Omaha6Hilo,
        ] {
            let game = Game::plain(id);
            let ranked = Ranked::of(game).unwrap();
            let range = crate::Range::of_game("2%", game).unwrap();
            let mut want: Vec<Vec<Card>> = Vec::new();
            for class in ranked.span(0.0, 2.0) {
                ranked.for_each_hand(class, |h| want.push(h.to_vec()));
            }
            let got: Vec<Vec<Card>> = range
                .hands
                .iter()
                .map(|h| h[..ranked.cards()].to_vec())
                .collect();
            assert_eq!(got, want, "{id:?}");
        }
    }
}
