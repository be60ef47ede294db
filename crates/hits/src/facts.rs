//! What every combo's classification reads about a board, checked and computed once: the
//! board's own value, its suits and ranks, the cards still unseen, and the straight draws of
//! every pair of hole ranks.

use deck::Card;
use engine::Game;

use crate::error::HitsError;
use crate::low::{LiveLows, low_mask_of};
use crate::straights::StraightTable;
use crate::value::{HandValue, Rules};

/// A checked board (flop, turn or river) and dead cards in a game, with the facts every combo's
/// classification needs.
#[derive(Debug, Clone)]
pub(crate) struct BoardFacts {
    pub(crate) game: Game,
    pub(crate) rules: Rules,
    pub(crate) board: Vec<Card>,
    pub(crate) dead: Vec<Card>,
    /// Per suit, the ranks on the board.
    pub(crate) board_suits: [u16; 4],
    /// The board's ranks.
    pub(crate) board_ranks: u16,
    /// The value of the board's cards alone.
    pub(crate) board_value: HandValue,
    /// Board and dead cards, one bit per card index.
    pub(crate) known: u64,
    /// Per suit, the ranks of the deck's cards neither on the board nor dead.
    pub(crate) unseen: [u16; 4],
    /// Straight draws by hole ranks.
    pub(crate) straights: StraightTable,
    /// In a hi/lo game, what the low classes read; `None` in a game without a low.
    pub(crate) lows: Option<BoardLows>,
}

/// The board's low ranks and the low cards still unseen, for the low classes of a hi/lo game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BoardLows {
    /// The board's low ranks (bit 0 = ace … bit 7 = eight).
    pub(crate) board: u8,
    /// The low cards neither on the board nor dead, by rank.
    pub(crate) live: LiveLows,
}

impl BoardFacts {
    /// Checks `board` (3, 4 or 5 cards) and `dead` in `game` and computes the facts.
    ///
    /// # Errors
    /// [`HitsError::OtherFamily`] for a game not dealt two hole cards and a five-card board
    /// (Omaha, stud, draw), [`HitsError::BoardSize`] for another board size, [`HitsError::NotInShortDeck`] for a card
    /// the short deck lacks, [`HitsError::DuplicateCard`] for a card given twice.
    pub(crate) fn new(game: Game, board: &[Card], dead: &[Card]) -> Result<Self, HitsError> {
        if game.hole_cards() != 2 || game.spec().board_cards != 5 {
            return Err(HitsError::OtherFamily { game });
        }
        if !(3..=5).contains(&board.len()) {
            return Err(HitsError::BoardSize { cards: board.len() });
        }
        let missing = out_of_deck(game);
        let mut known = 0u64;
        for &card in board.iter().chain(dead) {
            if missing >> card.index() & 1 == 1 {
                return Err(HitsError::NotInShortDeck { card });
            }
            if known >> card.index() & 1 == 1 {
                return Err(HitsError::DuplicateCard { card });
            }
            known |= 1 << card.index();
        }
        let rules = Rules::of(game);
        let board_suits = suit_masks(board);
        let board_ranks = board_suits.iter().fold(0, |m, s| m | s);
        let mut unseen = [0u16; 4];
        for card in Card::all().filter(|c| (known | missing) >> c.index() & 1 == 0) {
            unseen[usize::from(card.suit())] |= 1 << card.rank();
        }
        let live_ranks = unseen.iter().fold(0, |m, s| m | s);
        Ok(Self {
            game,
            rules,
            board: board.to_vec(),
            dead: dead.to_vec(),
            board_suits,
            board_ranks,
            board_value: rules.value(board_suits),
            known,
            unseen,
            straights: StraightTable::new(rules, board_ranks, board.len(), live_ranks),
            lows: game.is_hilo().then(|| BoardLows {
                board: low_mask_of(board),
                live: LiveLows::of(Card::all().filter(|c| known >> c.index() & 1 == 0)),
            }),
        })
    }

    /// Whether the board is complete: no draws, no cards to come.
    #[inline]
    pub(crate) fn is_river(&self) -> bool {
        self.board.len() == 5
    }
}

/// The cards `game`'s deck lacks, one bit per card index.
pub(crate) fn out_of_deck(game: Game) -> u64 {
    match game.short_deck_rules() {
        None => 0,
        Some(_) => Card::all()
            .filter(|c| !c.in_short_deck())
            .fold(0, |m, c| m | 1 << c.index()),
    }
}

/// Per suit, the rank mask of `cards`.
pub(crate) fn suit_masks(cards: &[Card]) -> [u16; 4] {
    let mut suits = [0u16; 4];
    for card in cards {
        suits[usize::from(card.suit())] |= 1 << card.rank();
    }
    suits
}
