//! A validated Omaha spot: the spot, one range per player, the board and the dead cards.

use deck::Card;

use engine::RangeError;

use crate::error::OmahaError;
use crate::range::{Range, hand_mask};
use engine::Game;

/// A spot that can be dealt: 2 to the spot's limit of players, a board of a size the game
/// allows ([`engine::GameSpec::board_sizes`]: 0, 3, 4 or 5 cards, Courchevel also 1),
/// no card used twice, and every range stripped of the hands that collide with the board, the
/// dead cards or a fixed hand.
#[derive(Debug, Clone, PartialEq)]
pub struct Spot {
    /// The spot.
    pub game: Game,
    /// One range per player, in seat order.
    pub players: Vec<Range>,
    /// Community cards known.
    pub board: Vec<Card>,
    /// Cards out of play.
    pub dead: Vec<Card>,
}

impl Spot {
    /// Validates a spot.
    ///
    /// # Errors
    /// An [`OmahaError`] for a player count outside the spot's limits, a bad board size, a
    /// card used twice, a range emptied by the known cards, or more cards than a deck holds.
    pub fn new(
        game: Game,
        mut players: Vec<Range>,
        board: Vec<Card>,
        dead: Vec<Card>,
    ) -> Result<Self, OmahaError> {
        engine::check_player_count(game.id(), players.len()).map_err(OmahaError::PlayerCount)?;
        if !game.spec().board_sizes.contains(&board.len()) {
            return Err(OmahaError::BoardSize {
                game,
                cards: board.len(),
            });
        }
        let mut known = 0u64;
        for &c in board.iter().chain(&dead) {
            if known & 1 << c.index() != 0 {
                return Err(OmahaError::DuplicateCard {
                    card: c.to_string(),
                });
            }
            known |= 1 << c.index();
        }
        let free = 52 - (board.len() + dead.len()).min(52);
        let needed = players.len() * game.hole_cards() + 5 - board.len();
        if needed > free {
            return Err(RangeError::NotEnoughCards {
                free,
                needed,
                players: players.len(),
            }
            .into());
        }
        // Fixed hands first, in seat order: each blocks the cards of the next.
        for range in players.iter_mut().filter(|r| r.single().is_some()) {
            range.remove_blocked(known)?;
            known |= hand_mask(&range.hands[0], game.hole_cards());
        }
        for range in players.iter_mut().filter(|r| r.single().is_none()) {
            range.remove_blocked(known)?;
        }
        if ranks_run_out(&players, game.hole_cards(), board.iter().chain(&dead)) {
            return Err(RangeError::NoDealFits.into());
        }
        Ok(Spot {
            game,
            players,
            board,
            dead,
        })
    }

    /// Board and dead cards, one bit per card index.
    pub fn known_mask(&self) -> u64 {
        self.board
            .iter()
            .chain(&self.dead)
            .fold(0, |m, c| m | 1 << c.index())
    }

    /// Board cards still to come.
    pub fn to_deal(&self) -> usize {
        5 - self.board.len()
    }

    /// Whether every player holds exactly one hand.
    pub fn all_fixed(&self) -> bool {
        self.players.iter().all(|r| r.single().is_some())
    }

    /// Whether one hand per player (of those not `random`) can be dealt without a card twice:
    /// a depth-first search over the listed hands, smallest range first, that gives up after
    /// `budget` hands tried (`None`). `Some(false)` proves that no deal fits.
    pub fn deal_fits(&self, budget: u64) -> Option<bool> {
        let n = self.game.hole_cards();
        let mut lists: Vec<Vec<u64>> = self
            .players
            .iter()
            .filter(|r| !r.random)
            .map(|r| r.hands.iter().map(|h| hand_mask(h, n)).collect())
            .collect();
        lists.sort_by_key(Vec::len);
        engine::masks_fit(&lists, self.known_mask(), budget)
    }
}

/// Whether the ranges need more cards of some rank than the deck has left: every hand of a
/// range holds at least so many of each rank, and those least counts of all players (with the
/// board and dead cards) add up past four (`AAAx` against `AAxx`: five aces).
fn ranks_run_out<'a>(
    players: &[Range],
    hole_cards: usize,
    known: impl Iterator<Item = &'a Card>,
) -> bool {
    let mut needed = [0u32; 13];
    for c in known {
        needed[usize::from(c.rank())] += 1;
    }
    for range in players.iter().filter(|r| !r.random) {
        let mut least = [u8::MAX; 13];
        for hand in &range.hands {
            let mut ranks = [0u8; 13];
            for c in &hand[..hole_cards] {
                ranks[usize::from(c.rank())] += 1;
            }
            for (l, r) in least.iter_mut().zip(ranks) {
                *l = (*l).min(r);
            }
        }
        for (n, l) in needed.iter_mut().zip(least) {
            *n += u32::from(l);
        }
    }
    needed.iter().any(|&n| n > 4)
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;

    fn ranges(texts: &[&str], n: usize) -> Vec<Range> {
        texts.iter().map(|t| Range::parse(t, n).unwrap()).collect()
    }

    #[test]
    fn spots_that_cannot_be_dealt_are_refused() {
        let v = Game::plain(engine::GameId::Omaha);
        let two = ranges(&["AsAhKdKc", "QsQhJdJc"], 4);
        assert!(Spot::new(v, two.clone(), vec![], vec![]).is_ok());
        assert!(matches!(
            Spot::new(v, ranges(&["AsAhKdKc"], 4), vec![], vec![]),
            Err(OmahaError::PlayerCount { .. })
        ));
        let clash = ranges(&["AsAhKdKc", "AsQhJdJc"], 4);
        let err = Spot::new(v, clash, vec![], vec![]).unwrap_err();
        assert!(err.to_string().contains("AsQhJdJc"), "{err}");
        let board = parse_cards("As2c3c").unwrap();
        assert!(matches!(
            Spot::new(v, two.clone(), board, vec![]),
            Err(OmahaError::Range(RangeError::RangeEmptied { .. }))
        ));
        assert!(matches!(
            Spot::new(v, two, parse_cards("2c3c").unwrap(), vec![]),
            Err(OmahaError::BoardSize { cards: 2, .. })
        ));
        let dead = parse_cards("2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h").unwrap();
        let err = Spot::new(
            Game::plain(engine::GameId::Omaha6),
            ranges(&["random"; 4], 6),
            vec![],
            dead,
        )
        .unwrap_err();
        // Dead cards are not "needed": they are gone.
        assert_eq!(
            err.to_string(),
            "not enough cards: 4 players and the board need 29, 25 are left once the board and dead cards are out"
        );
        let eight = ranges(&["random"; 8], 6);
        assert!(matches!(
            Spot::new(Game::plain(engine::GameId::Omaha6), eight, vec![], vec![]),
            Err(OmahaError::PlayerCount(engine::PlayerCountError {
                players: 8,
                ..
            }))
        ));
    }

    #[test]
    fn ranges_that_need_too_many_of_a_rank_never_fit() {
        let v = Game::plain(engine::GameId::Omaha);
        // AAAx and AAxx: five aces.
        let err = Spot::new(v, ranges(&["AAAx", "AAxx"], 4), vec![], vec![]).unwrap_err();
        assert_eq!(err, OmahaError::Range(RangeError::NoDealFits));
        assert_eq!(
            err.to_string(),
            "no deal fits: the ranges always share cards"
        );
        // Two aces on the board leave two for the ranges.
        let board = parse_cards("AsAd2c").unwrap();
        assert!(Spot::new(v, ranges(&["AAxx", "KKxx"], 4), board.clone(), vec![]).is_ok());
        assert_eq!(
            Spot::new(v, ranges(&["AAxx", "Axxx"], 4), board, vec![]),
            Err(OmahaError::Range(RangeError::NoDealFits))
        );
        assert!(Spot::new(v, ranges(&["AAxx", "AAxx"], 4), vec![], vec![]).is_ok());
    }

    #[test]
    fn the_search_proves_or_finds_a_deal() {
        let v = Game::plain(engine::GameId::Omaha);
        let fits = |texts: &[&str], budget| {
            Spot::new(v, ranges(texts, 4), vec![], vec![])
                .unwrap()
                .deal_fits(budget)
        };
        assert_eq!(fits(&["AAxx", "AAxx"], 1 << 20), Some(true));
        assert_eq!(fits(&["AsKsQsJs", "random"], 10), Some(true));
        // The spade ace in every hand of both: no rank runs out, yet no deal fits.
        let spade_ace = ["AsKsQsJs,AsKhQhJh", "AsKdQdJd,AsKcQcJc"];
        // Two hands of the first range, each against the two of the second: six tries.
        assert_eq!(fits(&spade_ace, 6), Some(false));
        assert_eq!(fits(&spade_ace, 5), None);
    }
}
