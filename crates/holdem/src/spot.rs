//! A validated equity spot: the players' ranges, the board and the dead cards.

use deck::Card;
use engine::{DeckKind, Family, Game, GameId, RangeError};

use crate::error::HoldemError;
use crate::range::{Combo, Range, combo_mask};
use engine::MAX_PLAYERS;

/// The spot to evaluate. Ranges hold only combos that fit the board, the dead cards and the
/// other players' fixed hands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spot {
    /// One range per player, 2 to [`MAX_PLAYERS`].
    pub players: Vec<Range>,
    /// 0, 3, 4 or 5 community cards.
    pub board: Vec<Card>,
    /// Cards out of play.
    pub dead: Vec<Card>,
    /// The game: hold'em or short deck, with its rules.
    pub game: Game,
}

/// The most players of a short-deck spot (the game list's limit).
pub const SHORT_DECK_MAX_PLAYERS: usize = GameId::ShortDeck.spec().max_players;

/// The cards `game`'s deck lacks, one bit per card index.
fn out_of_deck(game: Game) -> u64 {
    match game.spec().deck {
        DeckKind::Standard => 0,
        DeckKind::Short => Card::all()
            .filter(|c| !c.in_short_deck())
            .fold(0, |m, c| m | 1 << c.index()),
    }
}

/// Bits of a card list, one per card index.
pub fn cards_mask(cards: &[Card]) -> u64 {
    cards.iter().fold(0, |m, c| m | 1 << c.index())
}

impl Spot {
    /// A spot from the texts the command line takes (ranges, board, dead cards), for tests.
    #[cfg(test)]
    pub(crate) fn parse(hands: &[&str], board: &str, dead: &str) -> Self {
        Self::new(
            hands.iter().map(|h| Range::parse(h).unwrap()).collect(),
            deck::parse_cards(board).unwrap(),
            deck::parse_cards(dead).unwrap(),
        )
        .unwrap()
    }

    /// A hold'em spot: checks the player count, board size and card conflicts, and removes
    /// blocked combos.
    ///
    /// # Errors
    /// An [`HoldemError`] for any conflict or emptied range.
    pub fn new(
        players: Vec<Range>,
        board: Vec<Card>,
        dead: Vec<Card>,
    ) -> Result<Self, HoldemError> {
        Self::of_game(Game::HOLDEM, players, board, dead)
    }

    /// A spot of `game` (hold'em or short deck), checked as in [`Spot::new`]. In short deck the cards below a six are
    /// out of play ([`Spot::out_of_deck`]): `random` ranges lose their combos, and a board card,
    /// dead card or range combo below a six is an error, as are more than
    /// [`SHORT_DECK_MAX_PLAYERS`] players.
    ///
    /// # Errors
    /// A [`HoldemError`] for any conflict, emptied range or card outside the deck, and
    /// [`HoldemError::OtherFamily`] for a game that is not played with two hole cards.
    pub fn of_game(
        game: Game,
        mut players: Vec<Range>,
        board: Vec<Card>,
        dead: Vec<Card>,
    ) -> Result<Self, HoldemError> {
        if game.family() != Family::Holdem {
            return Err(HoldemError::OtherFamily { game });
        }
        engine::check_player_count(game.id(), players.len())?;
        if ![0, 3, 4, 5].contains(&board.len()) {
            return Err(HoldemError::BoardSize { cards: board.len() });
        }
        let out_of_deck = out_of_deck(game);
        if let Some(card) = board
            .iter()
            .chain(&dead)
            .find(|c| out_of_deck >> c.index() & 1 == 1)
        {
            return Err(HoldemError::NotInDeck {
                what: card.to_string(),
                card: *card,
            });
        }
        for range in players.iter().filter(|r| !r.random) {
            if let Some(combo) = range
                .combos
                .iter()
                .find(|&&c| combo_mask(c) & out_of_deck != 0)
            {
                let card = if out_of_deck >> combo[0].index() & 1 == 1 {
                    combo[0]
                } else {
                    combo[1]
                };
                return Err(HoldemError::NotInDeck {
                    what: format!("range '{}'", range.text),
                    card,
                });
            }
        }
        let mut known = 0u64;
        for card in board.iter().chain(&dead) {
            if known & 1 << card.index() != 0 {
                return Err(HoldemError::DuplicateCard { card: *card });
            }
            known |= 1 << card.index();
        }
        // Fixed hands block their cards for everyone else.
        let mut fixed = 0u64;
        for range in &players {
            if let Some(combo) = range.single() {
                let mask = combo_mask(combo);
                if mask & (known | fixed) != 0 {
                    return Err(HoldemError::HandConflict {
                        hand: range.text.clone(),
                    });
                }
                fixed |= mask;
            }
        }
        for range in &mut players {
            let own = range.single().map_or(0, combo_mask);
            range.remove_blocked(known | out_of_deck | (fixed & !own))?;
        }
        let free = game.deck_size() - known.count_ones() as usize;
        if free < 2 * players.len() + 5 - board.len() {
            return Err(RangeError::NotEnoughCards {
                free,
                needed: 2 * players.len() + 5 - board.len(),
                players: players.len(),
            }
            .into());
        }
        Ok(Self {
            players,
            board,
            dead,
            game,
        })
    }

    /// Cards on the board or dead, and the cards the game's deck lacks.
    pub fn known_mask(&self) -> u64 {
        cards_mask(&self.board) | cards_mask(&self.dead) | self.out_of_deck()
    }

    /// The 52-card indices the game's deck lacks: none in hold'em, the deuces to fives in
    /// short deck.
    pub fn out_of_deck(&self) -> u64 {
        out_of_deck(self.game)
    }

    /// Board cards still to come.
    pub fn to_deal(&self) -> usize {
        5 - self.board.len()
    }

    /// Cards left for the board once every player holds two.
    pub fn free_after_hands(&self) -> usize {
        52 - self.known_mask().count_ones() as usize - 2 * self.players.len()
    }

    /// Each player's weight multiplier for combo `i`: its weight in thousandths in a weighted
    /// range, 1 otherwise (so unweighted counts stay plain counts).
    pub fn weight(&self, player: usize, i: usize) -> u128 {
        let range = &self.players[player];
        multiplier(range, range.is_weighted(), i)
    }

    /// Whether each player's range is weighted ([`Range::is_weighted`], a pass over the range),
    /// asked once for loops that take [`multiplier`] combo by combo.
    fn weighted(&self) -> [bool; MAX_PLAYERS] {
        let mut weighted = [false; MAX_PLAYERS];
        for (w, range) in weighted.iter_mut().zip(&self.players) {
            *w = range.is_weighted();
        }
        weighted
    }

    /// The labels of the players.
    pub fn hands(&self) -> Vec<String> {
        self.players.iter().map(|r| r.text.clone()).collect()
    }

    /// Every way to give each player one combo of their range without shared cards, with its
    /// weight (the product of the players' weights); `None` when more than `limit` combinations of
    /// range combos would have to be visited.
    pub fn assignments(&self, limit: u128) -> Option<Assignments> {
        let product = self
            .players
            .iter()
            .try_fold(1u128, |p, r| p.checked_mul(r.combos.len() as u128))?;
        if product > limit {
            return None;
        }
        let mut out = Assignments {
            players: self.players.len(),
            picks: Vec::new(),
            weights: Vec::new(),
            total_weight: 0,
        };
        let mut current = [0u16; MAX_PLAYERS];
        let weighted = self.weighted();
        self.extend(0, self.known_mask(), 1, &weighted, &mut current, &mut out);
        Some(out)
    }

    fn extend(
        &self,
        player: usize,
        used: u64,
        weight: u128,
        weighted: &[bool; MAX_PLAYERS],
        current: &mut [u16; MAX_PLAYERS],
        out: &mut Assignments,
    ) {
        if player == self.players.len() {
            out.picks.extend_from_slice(&current[..player]);
            out.weights.push(weight);
            out.total_weight += weight;
            return;
        }
        let range = &self.players[player];
        for (i, &combo) in range.combos.iter().enumerate() {
            let mask = combo_mask(combo);
            if used & mask == 0 {
                current[player] = i as u16;
                let w = weight * multiplier(range, weighted[player], i);
                self.extend(player + 1, used | mask, w, weighted, current, out);
            }
        }
    }

    /// The weight every combination would have without conflicts: the product of the range
    /// weights' sums.
    pub fn unconstrained_weight(&self) -> u128 {
        let weighted = self.weighted();
        self.players
            .iter()
            .zip(weighted)
            .map(|(range, weighted)| {
                (0..range.combos.len())
                    .map(|i| multiplier(range, weighted, i))
                    .sum::<u128>()
            })
            .product()
    }
}

/// Combo `i`'s weight multiplier in `range`: its weight in thousandths when the range is
/// `weighted`, 1 otherwise (so unweighted counts stay plain counts).
fn multiplier(range: &Range, weighted: bool, i: usize) -> u128 {
    if weighted {
        u128::from(range.weights[i])
    } else {
        1
    }
}

/// Compatible combinations of range combos, flattened: assignment `a` gives player `p` combo
/// `picks[a * players + p]` of their range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assignments {
    /// Players per assignment.
    pub players: usize,
    /// Combo indices, `players` per assignment.
    pub picks: Vec<u16>,
    /// Weight of each assignment.
    pub weights: Vec<u128>,
    /// Sum of `weights`.
    pub total_weight: u128,
}

impl Assignments {
    /// Number of assignments.
    pub fn len(&self) -> usize {
        self.weights.len()
    }

    /// Whether no assignment fits.
    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }

    /// The hole cards of assignment `a`, one combo per player.
    pub fn holes(&self, game: &Spot, a: usize) -> [Combo; MAX_PLAYERS] {
        let mut holes = [[Card::new(0, 0); 2]; MAX_PLAYERS];
        for (p, hole) in holes.iter_mut().enumerate().take(self.players) {
            *hole = game.players[p].combos[usize::from(self.picks[a * self.players + p])];
        }
        holes
    }
}
