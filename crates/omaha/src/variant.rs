//! The Omaha games: how many hole cards, and whether the pot is split high/low.

use std::fmt;

/// One Omaha game: 4, 5 or 6 hole cards, high only or hi/lo 8-or-better.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Variant {
    /// Hole cards per player: 4, 5 or 6.
    pub hole_cards: usize,
    /// Whether half the pot goes to the best qualifying 8-or-better low.
    pub hilo: bool,
}

impl Variant {
    /// Pot-limit Omaha, four hole cards, high only.
    pub const OMAHA: Variant = Variant {
        hole_cards: 4,
        hilo: false,
    };
    /// Five-card Omaha, high only.
    pub const OMAHA5: Variant = Variant {
        hole_cards: 5,
        hilo: false,
    };
    /// Six-card Omaha, high only.
    pub const OMAHA6: Variant = Variant {
        hole_cards: 6,
        hilo: false,
    };
    /// Omaha hi/lo 8-or-better, four hole cards.
    pub const OMAHA_HILO: Variant = Variant {
        hole_cards: 4,
        hilo: true,
    };
    /// Five-card Omaha hi/lo 8-or-better.
    pub const OMAHA5_HILO: Variant = Variant {
        hole_cards: 5,
        hilo: true,
    };
    /// Six-card Omaha hi/lo 8-or-better.
    pub const OMAHA6_HILO: Variant = Variant {
        hole_cards: 6,
        hilo: true,
    };

    /// Every game, high before hi/lo.
    pub const ALL: [Variant; 6] = [
        Self::OMAHA,
        Self::OMAHA5,
        Self::OMAHA6,
        Self::OMAHA_HILO,
        Self::OMAHA5_HILO,
        Self::OMAHA6_HILO,
    ];

    /// Most players one deck can serve: `players · hole_cards + 5 ≤ 52`, at most 10
    /// (10, 9 and 7 for 4, 5 and 6 hole cards).
    pub const fn max_players(self) -> usize {
        let by_deck = (52 - 5) / self.hole_cards;
        if by_deck < 10 { by_deck } else { 10 }
    }

    /// The stable name used on the command line and in tables: `omaha`, `omaha5-hilo`, ….
    pub const fn name(self) -> &'static str {
        match (self.hole_cards, self.hilo) {
            (4, false) => "omaha",
            (5, false) => "omaha5",
            (6, false) => "omaha6",
            (4, true) => "omaha-hilo",
            (5, true) => "omaha5-hilo",
            _ => "omaha6-hilo",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_limits_follow_the_deck() {
        let limits: Vec<usize> = Variant::ALL.iter().map(|v| v.max_players()).collect();
        assert_eq!(limits, [10, 9, 7, 10, 9, 7]);
        for v in Variant::ALL {
            assert!(v.max_players() * v.hole_cards + 5 <= 52);
        }
    }
}
