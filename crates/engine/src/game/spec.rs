//! What describes a game: its id, the family that plays it, its deck, how its high and low
//! hands are ranked, how its ranges are written, the computations it supports, and the entry
//! of the game list that gathers them.

/// The games, in the order every list shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameId {
    /// Texas hold'em.
    Holdem,
    /// Short deck (six-plus hold'em).
    ShortDeck,
    /// Hold'em hi/lo 8-or-better: hold'em's hands, the pot split as in Omaha hi/lo.
    HoldemHilo,
    /// Pot-limit Omaha, four hole cards, high.
    Omaha,
    /// Omaha with five hole cards, high.
    Omaha5,
    /// Omaha with six hole cards, high.
    Omaha6,
    /// Omaha hi/lo 8-or-better, four hole cards.
    OmahaHilo,
    /// Omaha hi/lo 8-or-better, five hole cards.
    Omaha5Hilo,
    /// Omaha hi/lo 8-or-better, six hole cards.
    Omaha6Hilo,
    /// Courchevel: five hole cards, Omaha's hands, the first flop card shown before the
    /// betting.
    Courchevel,
    /// Courchevel hi/lo 8-or-better.
    CourchevelHilo,
    /// Seven-card stud, high.
    Stud,
    /// Seven-card stud hi/lo, eight or better.
    StudHilo,
    /// Razz: seven-card stud played for the ace-to-five low only.
    Razz,
    /// Five-card draw, high, one draw.
    Draw5,
    /// Five-card draw hi/lo, eight or better, one draw.
    Draw5Hilo,
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

/// The library that plays a game's hands: games of one family share their code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Family {
    /// Two hole cards and a five-card board, the best five of seven: hold'em and short deck.
    Holdem,
    /// A board of five and hands of two to six hole cards, played by a [`HandRule`]: Omaha's
    /// exactly two of them with exactly three board cards, or hold'em hi/lo's best five of all.
    /// Every hi/lo board game with a two-card range is here, where the split pot is.
    Omaha,
    /// Seven cards each and no board, the best five of one's own seven; when the deck cannot
    /// give every player seven cards, the last card is one community card shared by all.
    Stud,
    /// Five cards each (badugi four) and no board; each player keeps some and draws the rest,
    /// once or up to three times.
    Draw,
}

impl Family {
    /// Every family, in the order `--game`'s long help describes them.
    pub const ALL: [Family; 4] = [Self::Holdem, Self::Omaha, Self::Stud, Self::Draw];

    /// The sentence of `--game`'s long help (for `command`) that says how every game of the
    /// family deals and reads its hands: stud's deal, the draw games' kept cards; `None` in the
    /// board families, whose sentences differ game by game (short deck's rules, Omaha's hand
    /// rule) and are written by the help itself.
    pub fn rules_note(self, command: Command) -> Option<&'static str> {
        match self {
            Self::Holdem | Self::Omaha => None,
            Self::Stud => Some("Stud: seven cards each, no board"),
            Self::Draw if command == Command::Equity => Some(
                "Draw games: each player is the cards kept, the rest drawn (--draws, --pat), or a list of kept hands (7c5d4h3s,8s6h4c3d:0.5)",
            ),
            Self::Draw => {
                Some("Draw games: --known is the cards kept, the rest of the hand drawn once")
            }
        }
    }
}

/// The deck a game is dealt from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeckKind {
    /// The 52-card deck.
    Standard,
    /// The 36-card short deck: sixes to aces.
    Short,
}

impl DeckKind {
    /// Cards in the deck.
    pub const fn size(self) -> usize {
        match self {
            Self::Standard => deck::Card::COUNT,
            Self::Short => deck::SHORT_DECK_SIZE,
        }
    }

    /// The lowest rank dealt (0, the deuce; short deck: the six).
    pub const fn lowest_rank(self) -> u8 {
        match self {
            Self::Standard => 0,
            Self::Short => deck::SHORT_DECK_LOWEST_RANK,
        }
    }

    /// The deck's cards, in index order.
    pub fn cards(self) -> Vec<deck::Card> {
        (0..deck::Card::COUNT as u8)
            .map(deck::Card::from_index)
            .filter(|c| c.rank() >= self.lowest_rank())
            .collect()
    }
}

/// How the high hand is ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HighRule {
    /// The standard ranking of the best five cards.
    Standard,
    /// Short deck's: a flush beats a full house, A-6-7-8-9 is a straight, and straights against
    /// three of a kind as the game's rules say.
    ShortDeck,
}

/// Which cards make a player's hand in a board game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HandRule {
    /// The best five of the player's cards and the board's together (hold'em, stud, draw).
    BestFive,
    /// Exactly two hole cards with exactly three board cards, for the high and the low alike
    /// (Omaha, Courchevel).
    TwoPlusThree,
}

/// How the low half of a split pot is ranked, in the games that have one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LowRule {
    /// Five distinct ranks of eight or below, aces low, straights and flushes ignored; a pot
    /// with no such low goes wholly to the high hand.
    EightOrBetter,
    /// Ace-to-five lowball (razz): the lowest five cards win, aces low, straights and flushes
    /// ignored, pairs count against a hand; every hand has a low.
    AceToFive,
    /// Deuce-to-seven lowball: aces high, straights and flushes count against a hand,
    /// A-2-3-4-5 is not a straight; the best hand is 7-5-4-3-2 of two or more suits.
    DeuceToSeven,
    /// Badugi: the most cards of distinct ranks and suits among four, aces low, then the lowest.
    Badugi,
}

/// How a player's hand or range is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RangeSyntax {
    /// Two-card hands and ranges: `AsAh`, `QQ+,AKs`, `T9s-65s`, `AKs:0.5`, `random`.
    TwoCard,
    /// Omaha hands and patterns: `AsKsQdJd`, `AAxx:ds`, `KQJT`, `AK**:ss`, `random`.
    Omaha,
    /// Stud hands: the known cards, the two down cards optionally as a two-card range in
    /// parentheses first: `AsAhKd`, `(QQ+,AKs)Kd`, `(random)7h`.
    Stud,
    /// Draw hands: the cards kept (none to all), the rest drawn, or a list of kept hands with
    /// optional weights: `7c5d2h`, `random`, `7c5d4h3s,8s6h4c3d:0.5`.
    Draw,
}

impl RangeSyntax {
    /// Every syntax, in the order help texts list them.
    pub const ALL: [RangeSyntax; 4] = [
        RangeSyntax::TwoCard,
        RangeSyntax::Omaha,
        RangeSyntax::Stud,
        RangeSyntax::Draw,
    ];

    /// What a player is written as, with examples, for help texts.
    pub const fn examples(self) -> &'static str {
        match self {
            RangeSyntax::TwoCard => "`AsAh`, `QQ+,AKs`, `77-TT`, `T9s-65s`, `AKs:0.5`, `random`",
            RangeSyntax::Omaha => "`AsKsQdJd`, `AAxx:ds`, `KQJT`, `AK**:ss`, `random`",
            RangeSyntax::Stud => {
                "the known cards, the two down cards optionally as a range in parentheses \
                 first: `AsAhKd`, `(QQ+,AKs)Kd`, `(random)7h`"
            }
            RangeSyntax::Draw => {
                "the cards kept, `7c5d2h`, or `random`, or a list of kept hands: \
                 `7c5d4h3s,8s6h4c3d:0.5`"
            }
        }
    }

    /// A range as a refusal suggests writing one (`QQ+,AKs`); `None` where the syntax has no
    /// ranges.
    pub const fn range_example(self) -> Option<&'static str> {
        match self {
            RangeSyntax::TwoCard => Some("QQ+,AKs"),
            RangeSyntax::Omaha => Some("AAxx:ds"),
            RangeSyntax::Stud => Some("(QQ+,AKs)Kd"),
            RangeSyntax::Draw => Some("7c5d4h3s,8s6h4c3d"),
        }
    }

    /// What a refusal of `--versus` tells a user who gave the other players one hand each to
    /// write instead (`heads_up`: one other player). Stud's known hands and the draw games'
    /// kept cards are single hands with no breakdown rows of their own; a two-card or Omaha
    /// hand is a range of one hand.
    pub const fn versus_fix(self, heads_up: bool) -> &'static str {
        match (self, heads_up) {
            (RangeSyntax::TwoCard, true) => "write the other player as a range, as in QQ+,AKs",
            (RangeSyntax::TwoCard, false) => "write the others as ranges, as in QQ+,AKs",
            (RangeSyntax::Omaha, true) => "write the other player as a range, as in AAxx:ds",
            (RangeSyntax::Omaha, false) => "write the others as ranges, as in AAxx:ds",
            (RangeSyntax::Stud, true) => "give the other player's down cards in parentheses",
            (RangeSyntax::Stud, false) => "give the others' down cards in parentheses",
            (RangeSyntax::Draw, true) => {
                "write the other player as a list of kept hands, as in 7c5d4h3s,8s6h4c3d"
            }
            (RangeSyntax::Draw, false) => {
                "write the others as lists of kept hands, as in 7c5d4h3s,8s6h4c3d"
            }
        }
    }
}

/// A computation a command or function performs, which a game may or may not support.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Command {
    /// Equity of hands or ranges (`sim equity`).
    Equity,
    /// Monte Carlo category odds of one hand (`sim odds`).
    Odds,
    /// Exact category tables (`sim exact`).
    Exact,
    /// Starting-hand tables (`sim preflop`).
    Preflop,
    /// The odds loop's throughput (`sim bench`).
    Bench,
    /// What a range hits on a board: made hands and draws (`sim hits`).
    Hits,
    /// A ranking of the starting hands and the percentage ranges it defines (`sim rank`,
    /// `15%` in a range).
    Rank,
}

impl Command {
    /// Every command, in the order messages list them.
    pub const ALL: [Command; 7] = [
        Self::Equity,
        Self::Odds,
        Self::Exact,
        Self::Preflop,
        Self::Bench,
        Self::Hits,
        Self::Rank,
    ];

    /// The command's name: `equity`, `odds`, `exact`, `preflop`, `bench`, `hits`, `rank`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Equity => "equity",
            Self::Odds => "odds",
            Self::Exact => "exact",
            Self::Preflop => "preflop",
            Self::Bench => "bench",
            Self::Hits => "hits",
            Self::Rank => "rank",
        }
    }
}

/// One option a game takes beyond the flags every game shares: `--NAME VALUE` on the command
/// line, `NAME=value` in Python, `(NAME, text)` in the request layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOption {
    /// The option's name: the flag without its dashes, the Python keyword, and the key its
    /// run writes in its parameters when it writes one (`draws`).
    pub name: &'static str,
    /// The value's name in help texts (`N`, `RANK`).
    pub value_name: &'static str,
    /// The help text: one paragraph, no final period (as clap writes a flag's help).
    pub help: &'static str,
    /// The commands that take it (`sim equity`: [`Command::Equity`]).
    pub commands: &'static [Command],
}

impl GameOption {
    /// The option as the command line writes it: `--draws`.
    pub fn flag(&self) -> String {
        format!("--{}", self.name)
    }
}

/// One entry of the game list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSpec {
    /// The game.
    pub id: GameId,
    /// The name `--game` and `game=` take, and the tables print: `holdem`, `omaha5-hilo`.
    pub name: &'static str,
    /// One line for a list of games: `Texas hold'em, 52 cards`.
    pub summary: &'static str,
    /// The game's name in a sentence: `hold'em`, `short deck`, `Omaha`.
    pub title: &'static str,
    /// The library that plays it.
    pub family: Family,
    /// The deck.
    pub deck: DeckKind,
    /// Cards each player holds.
    pub hole_cards: usize,
    /// Community cards of a complete board.
    pub board_cards: usize,
    /// The sizes a known board may have, smallest first: `[0, 3, 4, 5]` (preflop, flop, turn,
    /// river) in the board games, Courchevel's `[0, 1, 3, 4, 5]` (its first flop card is shown
    /// before the betting), `[0]` without a board.
    pub board_sizes: &'static [usize],
    /// Which cards make a hand.
    pub hand: HandRule,
    /// Most players at one table.
    pub max_players: usize,
    /// How high hands are ranked, in games with a high hand (razz has none).
    pub high: Option<HighRule>,
    /// How the low half is ranked, in split-pot games.
    pub low: Option<LowRule>,
    /// How hands and ranges are written.
    pub ranges: RangeSyntax,
    /// The computations the game supports.
    pub commands: &'static [Command],
    /// Options of the game's own beyond the flags every game shares, and the commands that
    /// take them (the draw games' `--draws` and `--pat`); empty in most games.
    pub options: &'static [GameOption],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_deck_deals_its_size_from_its_lowest_rank() {
        for kind in [DeckKind::Standard, DeckKind::Short] {
            let cards = kind.cards();
            assert_eq!(cards.len(), kind.size());
            assert_eq!(
                cards.iter().map(|c| c.rank()).min(),
                Some(kind.lowest_rank())
            );
        }
    }
}
