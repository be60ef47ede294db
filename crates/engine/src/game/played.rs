//! A game as played: an entry of the game list with the rule options it takes (short deck's
//! three-of-a-kind-beats-a-straight rule), and the questions every front end asks of it.

use std::fmt;

use eval::{HighRanking, HoldemRanking, ShortDeckEvaluator, ShortDeckRules};

use super::GAMES;
use super::spec::{Command, Family, GameId, GameSpec};

/// A game as played: its entry in the list and the rule options it takes (short deck's
/// three-of-a-kind-beats-a-straight rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Game {
    id: GameId,
    trips_beat_straight: bool,
}

/// A rule option given to a game that has no such rule (worded without the command line's
/// `--trips-beat-straight`, which the request layer names).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TripsRuleOutsideShortDeck;

impl fmt::Display for TripsRuleOutsideShortDeck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("three of a kind beating a straight is a short-deck rule")
    }
}

impl std::error::Error for TripsRuleOutsideShortDeck {}

impl Default for Game {
    fn default() -> Self {
        Self::HOLDEM
    }
}

impl Game {
    /// Texas hold'em.
    pub const HOLDEM: Game = Game::plain(GameId::Holdem);

    /// Game `id` with its usual rules.
    pub const fn plain(id: GameId) -> Self {
        Self {
            id,
            trips_beat_straight: false,
        }
    }

    /// Game `id`, with short deck's trips-beat-straight rule if asked.
    ///
    /// # Errors
    /// [`TripsRuleOutsideShortDeck`] for the rule with any other game.
    pub fn new(id: GameId, trips_beat_straight: bool) -> Result<Self, TripsRuleOutsideShortDeck> {
        if trips_beat_straight && id != GameId::ShortDeck {
            return Err(TripsRuleOutsideShortDeck);
        }
        Ok(Self {
            id,
            trips_beat_straight,
        })
    }

    /// Short deck under `rules`.
    pub const fn short_deck(rules: ShortDeckRules) -> Self {
        Self {
            id: GameId::ShortDeck,
            trips_beat_straight: matches!(rules, ShortDeckRules::TripsBeatStraight),
        }
    }

    /// The game named `name` ([`GameSpec::name`]), with the trips rule if asked; `None` for a
    /// name not in the list.
    ///
    /// # Errors
    /// [`TripsRuleOutsideShortDeck`] for the rule with a game other than short deck.
    pub fn named(
        name: &str,
        trips_beat_straight: bool,
    ) -> Option<Result<Self, TripsRuleOutsideShortDeck>> {
        GameId::from_name(name).map(|id| Self::new(id, trips_beat_straight))
    }

    /// The game a table or checkpoint names ([`Game::name`]), if the name is known.
    pub fn from_name(name: &str) -> Option<Self> {
        if name == Self::short_deck(ShortDeckRules::TripsBeatStraight).name() {
            return Some(Self::short_deck(ShortDeckRules::TripsBeatStraight));
        }
        GameId::from_name(name).map(Self::plain)
    }

    /// The game's id.
    pub const fn id(self) -> GameId {
        self.id
    }

    /// The game's entry in the list.
    pub const fn spec(self) -> &'static GameSpec {
        self.id.spec()
    }

    /// The library that plays it.
    pub const fn family(self) -> Family {
        self.spec().family
    }

    /// The name tables and checkpoints record: the list's name, or
    /// `shortdeck_trips_beat_straight` under Triton's rule.
    pub const fn name(self) -> &'static str {
        if self.trips_beat_straight {
            "shortdeck_trips_beat_straight"
        } else {
            self.spec().name
        }
    }

    /// Whether three of a kind beats a straight (short deck under Triton's rule).
    pub const fn trips_beat_straight(self) -> bool {
        self.trips_beat_straight
    }

    /// Short deck's rules, or `None` for any other game.
    pub const fn short_deck_rules(self) -> Option<ShortDeckRules> {
        match (self.id, self.trips_beat_straight) {
            (GameId::ShortDeck, false) => Some(ShortDeckRules::StraightBeatsTrips),
            (GameId::ShortDeck, true) => Some(ShortDeckRules::TripsBeatStraight),
            _ => None,
        }
    }

    /// Cards in the deck: 52 or 36.
    pub const fn deck_size(self) -> usize {
        self.spec().deck.size()
    }

    /// Cards each player holds.
    pub const fn hole_cards(self) -> usize {
        self.spec().hole_cards
    }

    /// Most players at one table.
    pub const fn max_players(self) -> usize {
        self.spec().max_players
    }

    /// The sizes a known board may have, in words: `0, 3, 4 or 5`.
    pub fn board_sizes_words(self) -> String {
        let sizes: Vec<String> = self
            .spec()
            .board_sizes
            .iter()
            .map(usize::to_string)
            .collect();
        match sizes.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => sizes.concat(),
        }
    }

    /// Whether the pot is split between a high and a low hand.
    pub const fn is_hilo(self) -> bool {
        self.spec().high.is_some() && self.spec().low.is_some()
    }

    /// Whether the game supports `command`.
    pub fn plays(self, command: Command) -> bool {
        self.spec().commands.contains(&command)
    }

    /// The ranking of the best five of a hold'em-family hand's cards: hold'em's, or short
    /// deck's under its rules.
    pub fn ranking(self) -> HighRanking {
        match self.short_deck_rules() {
            Some(rules) => HighRanking::ShortDeck(ShortDeckEvaluator::new(rules)),
            None => HighRanking::Holdem(HoldemRanking),
        }
    }

    /// The games that support `command`, by their titles in a sentence: `hold'em and short deck`.
    pub fn titles_playing(command: Command) -> String {
        let mut titles: Vec<&str> = Vec::new();
        for spec in GAMES.iter().filter(|g| g.commands.contains(&command)) {
            if !titles.contains(&spec.title) {
                titles.push(spec.title);
            }
        }
        sentence_list(&titles)
    }

    /// The commands that play this game, in [`Command::ALL`]'s order.
    pub fn commands(self) -> impl Iterator<Item = Command> {
        Command::ALL.into_iter().filter(move |c| self.plays(*c))
    }
}

/// `a`, `a and b`, `a, b and c`.
pub fn sentence_list(items: &[&str]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.concat(),
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
    fn the_trips_rule_belongs_to_short_deck() {
        assert_eq!(
            Game::new(GameId::Holdem, true),
            Err(TripsRuleOutsideShortDeck)
        );
        assert_eq!(
            TripsRuleOutsideShortDeck.to_string(),
            "three of a kind beating a straight is a short-deck rule"
        );
        let triton = Game::new(GameId::ShortDeck, true).unwrap();
        assert_eq!(triton.name(), "shortdeck_trips_beat_straight");
        assert_eq!(triton, Game::short_deck(ShortDeckRules::TripsBeatStraight));
        assert_eq!(
            triton.short_deck_rules(),
            Some(ShortDeckRules::TripsBeatStraight)
        );
        assert_eq!(Game::HOLDEM.short_deck_rules(), None);
        for id in GameId::ALL {
            assert_eq!(Game::from_name(id.spec().name), Some(Game::plain(id)));
        }
        assert_eq!(Game::from_name(triton.name()), Some(triton));
        assert_eq!(Game::from_name("holdem_trips"), None);
    }

    #[test]
    fn sentences_name_what_plays_what() {
        assert_eq!(
            Game::titles_playing(Command::Exact),
            "hold'em, short deck, seven-card stud, stud hi/lo, razz, five-card draw, five-card draw hi/lo, 2-7 lowball, A-5 lowball, 2-7 triple draw, A-5 triple draw and badugi"
        );
        assert_eq!(
            Game::plain(GameId::Omaha6Hilo)
                .commands()
                .collect::<Vec<_>>(),
            [Command::Equity, Command::Odds, Command::Rank]
        );
        assert_eq!(Game::HOLDEM.commands().count(), Command::ALL.len());
        assert_eq!(sentence_list(&["a"]), "a");
        assert_eq!(sentence_list(&["a", "b", "c"]), "a, b and c");
        assert_eq!(
            Game::titles_playing(Command::Hits),
            "hold'em, short deck and hold'em hi/lo"
        );
        assert!(!Game::plain(GameId::Omaha).plays(Command::Hits));
    }
}
