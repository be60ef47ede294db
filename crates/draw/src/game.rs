//! The seven games of the draw family, as the engine's game list names them.

use std::fmt;

use engine::GameId;

/// A draw game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Game {
    /// Five-card draw, high, one draw.
    Draw5,
    /// Five-card draw hi/lo, eight or better, one draw.
    Draw5HiLo,
    /// Deuce-to-seven lowball, one draw.
    Lowball27,
    /// Ace-to-five lowball, one draw.
    LowballA5,
    /// Deuce-to-seven triple draw.
    TripleDraw27,
    /// Ace-to-five triple draw.
    TripleDrawA5,
    /// Badugi: four cards, triple draw.
    Badugi,
}

/// How a draw game ranks its final hands, which decides its evaluator and its draw rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// The best high hand wins.
    High,
    /// High and eight-or-better low split the pot.
    HighLow,
    /// Deuce-to-seven low.
    DeuceSeven,
    /// Ace-to-five low.
    AceFive,
    /// Badugi.
    Badugi,
}

impl Game {
    /// Every draw game, in the game list's order.
    pub const ALL: [Game; 7] = [
        Game::Draw5,
        Game::Draw5HiLo,
        Game::Lowball27,
        Game::LowballA5,
        Game::TripleDraw27,
        Game::TripleDrawA5,
        Game::Badugi,
    ];

    /// The game's id in the engine's game list.
    pub const fn id(self) -> GameId {
        match self {
            Game::Draw5 => GameId::Draw5,
            Game::Draw5HiLo => GameId::Draw5Hilo,
            Game::Lowball27 => GameId::Lowball27,
            Game::LowballA5 => GameId::LowballA5,
            Game::TripleDraw27 => GameId::TripleDraw27,
            Game::TripleDrawA5 => GameId::TripleDrawA5,
            Game::Badugi => GameId::Badugi,
        }
    }

    /// The draw game of `id`, if it is one.
    pub const fn of(id: GameId) -> Option<Game> {
        match id {
            GameId::Draw5 => Some(Game::Draw5),
            GameId::Draw5Hilo => Some(Game::Draw5HiLo),
            GameId::Lowball27 => Some(Game::Lowball27),
            GameId::LowballA5 => Some(Game::LowballA5),
            GameId::TripleDraw27 => Some(Game::TripleDraw27),
            GameId::TripleDrawA5 => Some(Game::TripleDrawA5),
            GameId::Badugi => Some(Game::Badugi),
            _ => None,
        }
    }

    /// The name of the game list: `lowball-27`.
    pub const fn name(self) -> &'static str {
        self.id().spec().name
    }

    /// The game's name in a sentence: `2-7 lowball`.
    pub const fn title(self) -> &'static str {
        self.id().spec().title
    }

    /// Cards in a hand: five, badugi four.
    pub const fn hand_size(self) -> usize {
        self.id().spec().hole_cards
    }

    /// The most draws the game has: three in the triple-draw games and badugi, else one.
    pub const fn max_draws(self) -> u32 {
        match self {
            Game::TripleDraw27 | Game::TripleDrawA5 | Game::Badugi => 3,
            _ => 1,
        }
    }

    /// How final hands are ranked.
    pub const fn scoring(self) -> Scoring {
        match self {
            Game::Draw5 => Scoring::High,
            Game::Draw5HiLo => Scoring::HighLow,
            Game::Lowball27 | Game::TripleDraw27 => Scoring::DeuceSeven,
            Game::LowballA5 | Game::TripleDrawA5 => Scoring::AceFive,
            Game::Badugi => Scoring::Badugi,
        }
    }

    /// Whether the pot splits between a high and a low hand.
    pub const fn is_hilo(self) -> bool {
        matches!(self.scoring(), Scoring::HighLow)
    }

    /// Whether the game is played for a low (the lowball games and badugi): the games whose
    /// later draws follow the pat rule ([`crate::rule`]).
    pub const fn is_low(self) -> bool {
        matches!(
            self.scoring(),
            Scoring::DeuceSeven | Scoring::AceFive | Scoring::Badugi
        )
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_draw_game_of_the_list_and_back() {
        for game in Game::ALL {
            assert_eq!(Game::of(game.id()), Some(game));
            assert_eq!(game.id().spec().family, engine::Family::Draw);
        }
        assert_eq!(Game::of(GameId::Razz), None);
        assert_eq!(Game::Badugi.hand_size(), 4);
        assert_eq!(Game::Lowball27.max_draws(), 1);
        assert_eq!(Game::TripleDrawA5.max_draws(), 3);
        assert!(Game::Draw5HiLo.is_hilo() && !Game::Badugi.is_hilo());
    }
}
