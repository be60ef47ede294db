//! How a game of the language ranks hands: the high strength of a player's hole cards with a
//! board (hold'em's best five of seven, or Omaha's two from the hand and three from the
//! board), the eight-or-better low, and the hand type of a strength.

use deck::Card;
use engine::{Family, Game, HandRule, LowRule};
use eval::ranking::HighRanking;
use eval::{HandKey, Ranking, SuitMasks};

/// Most cards a player holds in the games the language plays (six-card Omaha).
pub const MAX_HOLE: usize = 6;

/// Most players at one table.
pub const MAX_PLAYERS: usize = 10;

/// A game's rules, read once from the game list.
#[derive(Debug, Clone, Copy)]
pub struct Rules {
    /// The game.
    pub game: Game,
    /// Its high ranking.
    ranking: HighRanking,
    /// Exactly two hole cards and three board cards (Omaha), or the best five of all.
    two_plus_three: bool,
    /// Whether a low half is played for (eight or better).
    pub hilo: bool,
    /// Cards each player holds.
    pub hole: usize,
}

/// A board prepared once for every player's high hand on it: the key and suit masks of all its
/// cards (the best five of all), or of each of its three-card subsets (two plus three).
#[derive(Debug, Clone, Copy)]
pub struct PreparedBoard {
    parts: [(HandKey, SuitMasks); 10],
    count: usize,
}

/// Why a game is not played by the language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnplayedGame(pub Game);

impl Rules {
    /// The rules of `game`: the hold'em and Omaha families (high and eight-or-better hi/lo).
    ///
    /// # Errors
    /// [`UnplayedGame`] for the stud and draw games.
    pub fn of(game: Game) -> Result<Rules, UnplayedGame> {
        let spec = game.spec();
        let board_game = matches!(spec.family, Family::Holdem | Family::Omaha);
        let low_ok = matches!(spec.low, None | Some(LowRule::EightOrBetter));
        if !board_game || !low_ok || spec.high.is_none() || spec.board_sizes.contains(&1) {
            return Err(UnplayedGame(game));
        }
        Ok(Rules {
            game,
            ranking: game.ranking(),
            two_plus_three: spec.hand == HandRule::TwoPlusThree,
            hilo: spec.low.is_some(),
            hole: spec.hole_cards,
        })
    }

    /// The strength of five to seven cards under the game's ranking.
    #[inline]
    fn strength(&self, cards: &[Card]) -> u16 {
        let key = HandKey::of(cards);
        match self.ranking {
            HighRanking::Holdem(r) => Ranking::evaluate_with_key(r, key, cards),
            HighRanking::ShortDeck(r) => Ranking::evaluate_with_key(r, key, cards),
        }
    }

    /// The best high strength of `hole` with `board` (three to five cards): larger is better.
    #[inline]
    pub fn high(&self, hole: &[Card], board: &[Card]) -> u16 {
        if !self.two_plus_three {
            let mut cards = [Card::from_index(0); MAX_HOLE + 5];
            let n = hole.len() + board.len();
            cards[..hole.len()].copy_from_slice(hole);
            cards[hole.len()..n].copy_from_slice(board);
            return self.strength(&cards[..n]);
        }
        let mut best = 0;
        let mut five = [Card::from_index(0); 5];
        for a in 0..hole.len() {
            for b in a + 1..hole.len() {
                five[0] = hole[a];
                five[1] = hole[b];
                for x in 0..board.len() {
                    for y in x + 1..board.len() {
                        for z in y + 1..board.len() {
                            five[2] = board[x];
                            five[3] = board[y];
                            five[4] = board[z];
                            best = best.max(self.strength(&five));
                        }
                    }
                }
            }
        }
        best
    }

    /// `board` (three to five cards) prepared for [`Rules::high_on`].
    #[inline]
    pub fn prepare_board(&self, board: &[Card]) -> PreparedBoard {
        let parts = |cards: &[Card]| {
            cards
                .iter()
                .fold((HandKey::EMPTY, SuitMasks::EMPTY), |(k, m), &c| {
                    (k.with(c), m.with(c))
                })
        };
        let mut prepared = PreparedBoard {
            parts: [(HandKey::EMPTY, SuitMasks::EMPTY); 10],
            count: 0,
        };
        if !self.two_plus_three {
            prepared.parts[0] = parts(board);
            prepared.count = 1;
            return prepared;
        }
        for x in 0..board.len() {
            for y in x + 1..board.len() {
                for z in y + 1..board.len() {
                    prepared.parts[prepared.count] = parts(&[board[x], board[y], board[z]]);
                    prepared.count += 1;
                }
            }
        }
        prepared
    }

    /// The best high strength of `hole` on a board prepared by [`Rules::prepare_board`]: the
    /// same value as [`Rules::high`], with the board's cards summed once for every player.
    #[inline]
    pub fn high_on(&self, board: &PreparedBoard, hole: &[Card]) -> u16 {
        match self.ranking {
            HighRanking::Holdem(r) => self.high_on_as(r, board, hole),
            HighRanking::ShortDeck(r) => self.high_on_as(r, board, hole),
        }
    }

    #[inline(always)]
    fn high_on_as<R: Ranking>(&self, r: R, board: &PreparedBoard, hole: &[Card]) -> u16 {
        if !self.two_plus_three {
            let (key, masks) = hole
                .iter()
                .fold(board.parts[0], |(k, m), &c| (k.with(c), m.with(c)));
            return r.evaluate_parts(key, masks);
        }
        let mut best = 0;
        for (i, &a) in hole.iter().enumerate() {
            for &b in &hole[i + 1..] {
                for &(key, masks) in &board.parts[..board.count] {
                    let strength = r.evaluate_parts(key.with(a).with(b), masks.with(a).with(b));
                    best = best.max(strength);
                }
            }
        }
        best
    }

    /// The best eight-or-better low of `hole` with the five-card `board`: 0 for none, larger
    /// is better ([`eval::EightLow`]'s values).
    #[inline]
    pub fn low(&self, hole: &[Card], board: &[Card]) -> u8 {
        let ranks = |cards: &[Card]| cards.iter().fold(0u16, |m, c| m | low_bit(c.rank()));
        if !self.two_plus_three {
            return eval::eight_low_of_ranks(ranks(hole) | ranks(board)).value();
        }
        let mut best = 0;
        for a in 0..hole.len() {
            for b in a + 1..hole.len() {
                let two = low_bit(hole[a].rank()) | low_bit(hole[b].rank());
                if two.count_ones() < 2 {
                    continue;
                }
                for x in 0..board.len() {
                    for y in x + 1..board.len() {
                        for z in y + 1..board.len() {
                            let m = two
                                | low_bit(board[x].rank())
                                | low_bit(board[y].rank())
                                | low_bit(board[z].rank());
                            best = best.max(eval::eight_low_of_ranks(m).value());
                        }
                    }
                }
            }
        }
        best
    }

    /// PQL's hand type of a strength: the category's index, a royal flush counted as a
    /// straight flush (0 high card … 8 straight flush).
    #[inline]
    pub fn hand_type(&self, strength: u16) -> u8 {
        let tiers = match self.ranking {
            HighRanking::Holdem(r) => r.tier_categories(),
            HighRanking::ShortDeck(r) => r.tier_categories(),
        };
        (tiers[usize::from(strength >> 12)].index() as u8).min(8)
    }

    /// Five-card evaluations of one hand at the river: 1 for the best five of all (one
    /// evaluation of seven cards), Omaha's pairs of hole cards times the board's ten triples.
    pub fn evaluations(&self) -> u128 {
        if self.two_plus_three {
            engine::choose::choose(self.hole, 2) as u128 * 10
        } else {
            1
        }
    }

    /// The cards of the game's deck.
    pub fn deck(&self) -> Vec<Card> {
        self.game.spec().deck.cards()
    }
}

/// The low-rank bit of `rank` (0 deuce … 12 ace): bit 0 the ace, bit r+1 rank r, as
/// [`eval::eight_low_of_ranks`] reads them.
#[inline]
fn low_bit(rank: u8) -> u16 {
    if rank == 12 { 1 } else { 1 << (rank + 1) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;
    use engine::GameId;

    fn rules(id: GameId) -> Rules {
        Rules::of(Game::plain(id)).unwrap()
    }

    #[test]
    fn omaha_plays_two_and_three() {
        let hole = parse_cards("AhKhQcJc").unwrap();
        let board = parse_cards("2h3h4h9s9d").unwrap();
        let omaha = rules(GameId::Omaha);
        let holdem = rules(GameId::Holdem);
        // Omaha: AhKh with three hearts is a flush; hold'em sees the same flush.
        assert_eq!(omaha.hand_type(omaha.high(&hole, &board)), 5);
        // Four hearts on board and one in hand: Omaha has no flush, hold'em does.
        let hole = parse_cards("AhKsQcJc").unwrap();
        let board = parse_cards("2h3h4h9h9d").unwrap();
        assert!(omaha.hand_type(omaha.high(&hole, &board)) < 5);
        assert_eq!(holdem.hand_type(holdem.high(&hole[..2], &board)), 5);
    }

    #[test]
    fn a_prepared_board_gives_the_same_high_hands() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
        for game in [
            GameId::Holdem,
            GameId::ShortDeck,
            GameId::Omaha,
            GameId::Omaha6,
        ] {
            let rules = Rules::of(Game::plain(game)).unwrap();
            let mut deck = rules.deck();
            for _ in 0..2000 {
                let hole = rules.hole;
                let board = rng.random_range(3..=5);
                for i in 0..hole + board {
                    let j = rng.random_range(i..deck.len());
                    deck.swap(i, j);
                }
                let (hole, board) = deck[..hole + board].split_at(hole);
                let prepared = rules.prepare_board(board);
                assert_eq!(rules.high_on(&prepared, hole), rules.high(hole, board));
            }
        }
    }

    #[test]
    fn lows_qualify_with_five_ranks_of_eight_or_less() {
        let omaha = rules(GameId::OmahaHilo);
        let board = parse_cards("2h3h7c9sKd").unwrap();
        assert!(omaha.low(&parse_cards("As4dQcQd").unwrap(), &board) > 0);
        // Only one low card in hand: no Omaha low.
        assert_eq!(omaha.low(&parse_cards("AsKdQcQd").unwrap(), &board), 0);
        let holdem = rules(GameId::HoldemHilo);
        assert!(holdem.low(&parse_cards("As4d").unwrap(), &board) > 0);
        // The wheel is the best low.
        let wheel = holdem.low(
            &parse_cards("As4d").unwrap(),
            &parse_cards("2h3h5cKsKd").unwrap(),
        );
        assert_eq!(wheel, 224);
    }

    #[test]
    fn stud_and_draw_are_not_played() {
        assert!(Rules::of(Game::plain(GameId::Stud)).is_err());
        assert!(Rules::of(Game::plain(GameId::Badugi)).is_err());
        assert!(Rules::of(Game::plain(GameId::Courchevel)).is_err());
    }
}
