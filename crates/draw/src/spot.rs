//! A validated draw spot: the game, each player's kept cards, the dead cards (discards seen,
//! folded hands), the number of draws to come and each player's pat rank.
//!
//! Each player's hand is filled from the stub at the first draw: the unseen cards, that is the
//! deck less every kept and dead card. Cards the players threw away unseen are among the
//! unseen cards; by symmetry this changes no probability, but they are counted when checking
//! that the deck can serve the deal: every player was dealt a whole hand before drawing.

use deck::{Card, parse_cards};
use engine::check_player_count;

use crate::error::DrawError;
use crate::game::Game;
use crate::range::KeptRange;
use crate::rule::DEFAULT_PAT;

/// One player: the cards kept at the first draw to come, or a range of kept hands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    /// As written (`7c5d2h`, `random`, `7c5d4h3s,8s6h4c3d:0.5`).
    pub text: String,
    /// The cards kept (none when the player is a range).
    pub kept: Vec<Card>,
    /// The hands the player may keep, when written as a list of two or more ([`KeptRange`]).
    pub range: Option<KeptRange>,
}

impl Hand {
    /// A player of `game` written as the cards kept (`7c5d2h`, `7c 5d 2h`), `random` (none
    /// kept: a whole new hand), or a list of kept hands with optional weights and percentages
    /// of the game's pat hands (`7c5d4h3s,8s6h4c3d:0.5`, `15%`, [`KeptRange`]; a list of one
    /// hand is that hand).
    ///
    /// # Errors
    /// [`DrawError::BadCards`] when the cards do not parse; [`DrawError::Range`] for a bad
    /// list.
    pub fn parse(game: Game, text: &str) -> Result<Hand, DrawError> {
        let trimmed = text.trim();
        if trimmed.contains([',', ':', '%']) {
            let mut range = KeptRange::parse(game, trimmed)?;
            if range.hands.len() == 1 {
                // One hand is its cards kept, whatever its weight.
                let kept = range.hands.pop().unwrap_or_default();
                return Ok(Hand {
                    text: trimmed.to_string(),
                    kept,
                    range: None,
                });
            }
            return Ok(Hand {
                text: trimmed.to_string(),
                kept: Vec::new(),
                range: Some(range),
            });
        }
        let kept = if trimmed.eq_ignore_ascii_case("random") {
            Vec::new()
        } else {
            parse_cards(trimmed).map_err(|error| DrawError::BadCards {
                player: text.to_string(),
                error,
            })?
        };
        Ok(Hand {
            text: trimmed.to_string(),
            kept,
            range: None,
        })
    }

    /// The most cards this player may keep: its own, or its range's longest hand.
    fn most_kept(&self) -> usize {
        self.range.as_ref().map_or(self.kept.len(), |r| {
            r.hands.iter().map(Vec::len).max().unwrap_or(0)
        })
    }

    /// The fewest cards this player may keep: its own, or its range's shortest hand.
    fn fewest_kept(&self) -> usize {
        self.range.as_ref().map_or(self.kept.len(), |r| {
            r.hands.iter().map(Vec::len).min().unwrap_or(0)
        })
    }
}

/// A validated spot of a draw game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spot {
    /// The game.
    pub game: Game,
    /// The players, in seat order.
    pub players: Vec<Hand>,
    /// Cards out of play.
    pub dead: Vec<Card>,
    /// Draws to come: 1, or up to 3 in the triple-draw games and badugi.
    pub draws: u32,
    /// Each player's pat rank for the draws after the first ([`crate::rule`]), deck ranks.
    pub pat: Vec<u8>,
}

impl Spot {
    /// A spot of `game`, one draw to come, players as [`Hand::parse`] reads them and the dead
    /// cards as text.
    ///
    /// # Errors
    /// As [`Hand::parse`] and [`Spot::new`].
    pub fn parse(game: Game, players: &[&str], dead: &str) -> Result<Spot, DrawError> {
        let players = players
            .iter()
            .map(|p| Hand::parse(game, p))
            .collect::<Result<Vec<_>, _>>()?;
        let dead = parse_cards(dead).map_err(|error| DrawError::BadDead { error })?;
        Spot::new(game, players, dead, 1, &[])
    }

    /// A validated spot: the players' count, each hand's size, every card once (a range's
    /// hands that use a card kept by another player or dead are dropped, and ranges no deal
    /// fits are refused), the draws the game has, the pat ranks (none: [`DEFAULT_PAT`] for all; one: for all; else one per
    /// player; only in the low games with more than one draw), and a deck that can serve every
    /// hand dealt and every card drawn at the first draw.
    ///
    /// # Errors
    /// The [`DrawError`] naming the first problem.
    pub fn new(
        game: Game,
        mut players: Vec<Hand>,
        dead: Vec<Card>,
        draws: u32,
        pat: &[u8],
    ) -> Result<Spot, DrawError> {
        check_player_count(game.id(), players.len())?;
        for hand in &players {
            if hand.most_kept() > game.hand_size() {
                return Err(DrawError::TooManyCards {
                    player: hand.text.clone(),
                    cards: hand.most_kept(),
                    game,
                });
            }
        }
        let seen = card_mask(players.iter().flat_map(|h| &h.kept).chain(&dead))?;
        crate::range::fit_ranges(players.iter_mut().filter_map(|p| p.range.as_mut()), seen)?;
        let pat = pat_ranks(game, draws, pat, players.len())?;
        let spot = Spot {
            game,
            players,
            dead,
            draws,
            pat,
        };
        // Every hand of a range must be playable: the most a player may draw counts.
        let drawn: usize = (spot.players.iter())
            .map(|h| game.hand_size() - h.fewest_kept())
            .sum();
        // A ranged player's kept cards are known too (its shortest hand with its most drawn).
        let ranged: usize = (spot.players.iter())
            .filter(|h| h.range.is_some())
            .map(Hand::fewest_kept)
            .sum();
        let known = seen.count_ones() as usize + ranged;
        let needed = (spot.players.len() * game.hand_size() + drawn).max(known + drawn);
        if needed > Card::COUNT {
            return Err(DrawError::DeckTooSmall { needed });
        }
        Ok(spot)
    }

    /// Whether some player is a range of kept hands.
    pub fn has_ranges(&self) -> bool {
        self.players.iter().any(|h| h.range.is_some())
    }

    /// Cards the player at `seat` draws at the first draw (a range: all of them; its hands are
    /// fixed one by one before any count).
    pub fn drawn(&self, seat: usize) -> usize {
        self.game.hand_size() - self.players[seat].kept.len()
    }

    /// The unseen cards: the deck less every kept and dead card, in deck order.
    pub fn stub(&self) -> Vec<Card> {
        let known = self.known_mask();
        Card::all()
            .filter(|c| known >> c.index() & 1 == 0)
            .collect()
    }

    /// The kept and dead cards as a mask of card indices.
    pub fn known_mask(&self) -> u64 {
        self.players
            .iter()
            .flat_map(|h| &h.kept)
            .chain(&self.dead)
            .fold(0, |m, c| m | 1 << c.index())
    }
}

/// The mask of `cards` (bit `i`: the card of index `i`).
///
/// # Errors
/// [`DrawError::DuplicateCard`] naming the first card given twice.
pub(crate) fn card_mask<'a>(cards: impl IntoIterator<Item = &'a Card>) -> Result<u64, DrawError> {
    let mut seen = 0u64;
    for &card in cards {
        if seen >> card.index() & 1 == 1 {
            return Err(DrawError::DuplicateCard { card });
        }
        seen |= 1 << card.index();
    }
    Ok(seen)
}

/// The pat ranks of `players` players with `draws` draws to come in `game`, as [`Spot::new`]
/// checks them: `draws` must be one the game has; no `pat` gives [`DEFAULT_PAT`] to every
/// player, one rank gives it to all, else one per player, only in the low games with more than
/// one draw.
///
/// # Errors
/// [`DrawError::Draws`], [`DrawError::PatInHighGame`], [`DrawError::PatWithOneDraw`] or
/// [`DrawError::PatCount`].
pub fn pat_ranks(game: Game, draws: u32, pat: &[u8], players: usize) -> Result<Vec<u8>, DrawError> {
    if draws == 0 || draws > game.max_draws() {
        return Err(DrawError::Draws { game, draws });
    }
    Ok(match pat {
        [] => vec![DEFAULT_PAT; players],
        _ if !game.is_low() => return Err(DrawError::PatInHighGame { game }),
        _ if draws == 1 => return Err(DrawError::PatWithOneDraw),
        [one] => vec![*one; players],
        many if many.len() == players => many.to_vec(),
        many => {
            return Err(DrawError::PatCount {
                given: many.len(),
                players,
            });
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(game: Game, players: &[&str], dead: &str) -> String {
        Spot::parse(game, players, dead).unwrap_err().to_string()
    }

    #[test]
    fn bad_spots_are_named() {
        assert_eq!(
            error(Game::Lowball27, &["7c5d2h3s4c9d", "random"], ""),
            "player '7c5d2h3s4c9d' keeps 6 cards; a 2-7 lowball hand has 5"
        );
        assert_eq!(
            error(Game::Badugi, &["Ac2d3h4s5c", "random"], ""),
            "player 'Ac2d3h4s5c' keeps 5 cards; a badugi hand has 4"
        );
        assert_eq!(
            error(Game::Lowball27, &["7c5d", "7c"], ""),
            "card 7c is given twice among the players and dead cards"
        );
        assert_eq!(
            error(Game::Lowball27, &["7c5d", "8c"], "5d"),
            "card 5d is given twice among the players and dead cards"
        );
        let seven = ["random"; 7];
        assert_eq!(
            error(Game::Draw5, &seven, ""),
            "the hands dealt and the cards drawn need 70 cards; the deck has 52"
        );
        let hands = vec![
            Hand::parse(Game::Lowball27, "7c5d2h").unwrap(),
            Hand::parse(Game::Lowball27, "random").unwrap(),
        ];
        let spot = |draws, pat: &[u8]| {
            Spot::new(Game::Lowball27, hands.clone(), vec![], draws, pat)
                .map(|_| ())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(spot(2, &[]), "2-7 lowball has one draw, not 2");
        let triple = |draws, pat: &[u8]| {
            Spot::new(Game::TripleDraw27, hands.clone(), vec![], draws, pat).map(|s| s.pat)
        };
        assert_eq!(
            triple(4, &[]).unwrap_err().to_string(),
            "2-7 triple draw has 1 to 3 draws, not 4"
        );
        assert_eq!(triple(3, &[8]), Ok(vec![8, 8]));
        assert_eq!(triple(3, &[8, 6]), Ok(vec![8, 6]));
        assert_eq!(triple(1, &[8]), Err(DrawError::PatWithOneDraw));
        assert!(matches!(
            triple(3, &[8, 6, 5]),
            Err(DrawError::PatCount { .. })
        ));
        assert_eq!(
            Spot::new(Game::Draw5, hands, vec![], 1, &[8]).unwrap_err(),
            DrawError::PatInHighGame { game: Game::Draw5 }
        );
    }

    #[test]
    fn random_keeps_nothing_and_the_stub_is_the_rest() {
        let spot = Spot::parse(Game::Lowball27, &["7c 5d 2h", "random"], "Kh").unwrap();
        assert_eq!((spot.drawn(0), spot.drawn(1)), (2, 5));
        assert_eq!(spot.stub().len(), 48);
    }
}
