//! A validated stud spot: the game, each player's known cards and down-card range, the dead
//! cards, and whether the last card is shared.
//!
//! A player is written as their known cards, `AsAhKd` (all three theirs, 0 to 7 cards), or as a
//! range of their two down cards in the hold'em notation, in parentheses, then the other known
//! cards: `(QQ+,AKs)Kd`, `(AhKh:0.5,QQ)7c8c`. `(random)7h` leaves the down cards unknown, as
//! `7h` does, and `random` alone, like nothing at all, is a player with no card known. Unknown cards are dealt uniformly from the cards nobody holds and nobody folded.
//!
//! Stud deals every player seven cards; with eight players the 52 cards may not suffice. Then,
//! as the rules of the game say, the last card is one community card dealt face up and shared
//! by every player: each player is dealt privately all but their last card, then the shared
//! one completes every hand. A spot that cannot be dealt even so is refused.

use deck::{Card, parse_cards};
use engine::RangeError;
use engine::two_card_range::{PercentRanking, Range, combo_mask};

use crate::Game;
use crate::error::StudError;
pub use crate::limits::{HAND_CARDS, MAX_PLAYERS, MIN_PLAYERS};
use crate::start_percent::DoorPercent;

/// One player: the text as written, the cards known, and the range of the two down cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hand {
    /// The player as written, used as a label and in messages.
    pub text: String,
    /// The player's known cards (down cards given one by one, and up cards).
    pub cards: Vec<Card>,
    /// The two down cards' range, when given as one (never `random`, never a single hand:
    /// those become unknown or known cards).
    pub down: Option<Range>,
}

impl Hand {
    /// Parses a player: `AsAhKd`, `(QQ+,AKs)Kd`, `(random)7h`, or nothing or `random` (no card
    /// known); a percentage item (`15%`) is refused, as no game's ranking is named
    /// ([`Hand::parse_in`] reads them).
    ///
    /// # Errors
    /// A [`StudError`] naming the text for bad cards, a bad range, a misplaced parenthesis, or
    /// more than seven cards.
    pub fn parse(typed: &str) -> Result<Self, StudError> {
        Self::parse_ranked(typed, None)
    }

    /// Parses a player of `game` as [`Hand::parse`] does, reading the percentage items of the
    /// down cards' range (`(15%)Kd`, `(5%-15%,AA)Kd`) by `game`'s ranking of third-street
    /// starts with the door card, the first card after the parentheses
    /// ([`crate::start_percent`]).
    ///
    /// # Errors
    /// As [`Hand::parse`], and [`StudError::PercentWithoutDoor`] for a percentage without a
    /// card after it (`15%`, `(15%)`).
    pub fn parse_in(game: Game, typed: &str) -> Result<Self, StudError> {
        Self::parse_ranked(typed, Some(game))
    }

    /// [`Hand::parse`], its percentage items read by `game`'s ranking (none: refused).
    fn parse_ranked(typed: &str, game: Option<Game>) -> Result<Self, StudError> {
        // Suits pasted as symbols (`A♠K♠`) read as letters, here and in the tables; messages
        // quote the player as typed.
        let text = &*deck::suit_letters(typed);
        let trimmed = text.trim();
        let (range_text, rest) = match trimmed.strip_prefix('(') {
            Some(inner) => match inner.split_once(')') {
                Some((range, rest)) if !rest.contains(['(', ')']) => (Some(range.trim()), rest),
                _ => {
                    return Err(StudError::Parenthesis {
                        player: typed.to_string(),
                    });
                }
            },
            // `random` alone, as a hold'em or Omaha player is written: no card known.
            None if trimmed.eq_ignore_ascii_case("random") => (Some(trimmed), ""),
            // A percentage without parentheses (`15%`) reads as a range without a door card.
            None if trimmed.contains('%') => (Some(trimmed), ""),
            None if trimmed.contains(['(', ')']) => {
                return Err(StudError::Parenthesis {
                    player: typed.to_string(),
                });
            }
            None => (None, trimmed),
        };
        let mut cards = parse_cards(rest).map_err(|error| StudError::BadCards {
            player: typed.to_string(),
            error,
        })?;
        let mut down = None;
        if let Some(range_text) = range_text {
            let door = match (game, cards.first()) {
                (Some(game), Some(&door)) => Some(DoorPercent::new(game, door)),
                (Some(_), None) if range_text.contains('%') => {
                    return Err(StudError::PercentWithoutDoor {
                        player: typed.to_string(),
                    });
                }
                _ => None,
            };
            let ranking = door.as_ref().map(|d| d as &dyn PercentRanking);
            let range =
                Range::parse_ranked(range_text, ranking).map_err(|error| StudError::BadRange {
                    player: typed.to_string(),
                    error: error.as_typed(typed, text),
                })?;
            if let Some(combo) = range.single() {
                // One hand is two known down cards, whatever its weight.
                cards.splice(0..0, combo);
            } else if !range.random {
                down = Some(range);
            }
        }
        let given = cards.len() + 2 * usize::from(down.is_some());
        if given > HAND_CARDS {
            return Err(StudError::TooManyCards {
                player: typed.to_string(),
                cards: given,
            });
        }
        Ok(Hand {
            text: text.to_string(),
            cards,
            down,
        })
    }

    /// Cards this player holds before the deal: the known cards and the two ranged down cards.
    pub fn held(&self) -> usize {
        self.cards.len() + 2 * usize::from(self.down.is_some())
    }

    /// The known cards, one bit per card index.
    pub fn mask(&self) -> u64 {
        self.cards.iter().fold(0, |m, c| m | 1 << c.index())
    }
}

/// Down-card hands the search for a deal of the ranges may try before a spot is built (a few
/// milliseconds at most).
pub(crate) const FIT_SEARCH_BUDGET: u64 = 1 << 20;

/// A spot that can be dealt: 2 to 8 players, no card given twice, every down-card range
/// stripped of the hands that use a known or dead card, and enough cards for every player's
/// seven (with the last card shared if it must be).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spot {
    /// The game.
    pub game: Game,
    /// The players in seat order.
    pub players: Vec<Hand>,
    /// Cards out of play: folded hands and exposed cards.
    pub dead: Vec<Card>,
    /// Whether the last card is one community card shared by every player.
    community: bool,
}

impl Spot {
    /// Validates a spot.
    ///
    /// # Errors
    /// A [`StudError`] for a player count outside 2 to 8, a card given twice, a range left
    /// without hands, or a spot that cannot be dealt even with a shared last card.
    pub fn new(game: Game, mut players: Vec<Hand>, dead: Vec<Card>) -> Result<Spot, StudError> {
        engine::check_player_count(game.id(), players.len()).map_err(StudError::PlayerCount)?;
        let mut known = 0u64;
        for &card in players.iter().flat_map(|p| &p.cards).chain(&dead) {
            if known >> card.index() & 1 == 1 {
                return Err(StudError::DuplicateCard { card });
            }
            known |= 1 << card.index();
        }
        for player in &mut players {
            if let Some(range) = &mut player.down {
                range
                    .remove_blocked(known)
                    .map_err(|_| RangeError::RangeEmptied {
                        range: range.text.clone(),
                    })?;
            }
        }
        // Ranges that can never be dealt together are refused here, before any run starts (a
        // search that runs out of tries leaves the question to the run).
        let mut ranged: Vec<Vec<u64>> = players
            .iter()
            .filter_map(|p| p.down.as_ref())
            .map(|r| r.combos.iter().map(|&c| combo_mask(c)).collect())
            .collect();
        ranged.sort_by_key(Vec::len);
        if engine::masks_fit(&ranged, known, FIT_SEARCH_BUDGET) == Some(false) {
            return Err(RangeError::NoDealFits.into());
        }
        let held: usize = players.iter().map(Hand::held).sum();
        let left = Card::COUNT - held - dead.len();
        let needs: usize = players.iter().map(|p| HAND_CARDS - p.held()).sum();
        let community = needs > left;
        if community {
            if let Some(full) = players.iter().find(|p| p.held() == HAND_CARDS) {
                return Err(StudError::SeventhCardShared {
                    player: full.text.clone(),
                    left,
                });
            }
            let needed = needs - players.len() + 1;
            if needed > left {
                return Err(StudError::CannotDeal { needed, left });
            }
        }
        Ok(Spot {
            game,
            players,
            dead,
            community,
        })
    }

    /// Parses and validates a spot from text: one string per player and the dead cards.
    ///
    /// # Errors
    /// As [`Hand::parse_in`] (percentages read by `game`'s ranking) and [`Spot::new`], and
    /// [`StudError::BadDead`].
    pub fn parse(game: Game, players: &[&str], dead: &str) -> Result<Spot, StudError> {
        let hands = players
            .iter()
            .map(|p| Hand::parse_in(game, p))
            .collect::<Result<Vec<_>, _>>()?;
        let dead = parse_cards(dead).map_err(|error| StudError::BadDead { error })?;
        Spot::new(game, hands, dead)
    }

    /// Whether the last card is one community card shared by every player.
    pub fn community(&self) -> bool {
        self.community
    }

    /// Known and dead cards, one bit per card index (ranged down cards not included).
    pub fn known_mask(&self) -> u64 {
        self.players
            .iter()
            .flat_map(|p| &p.cards)
            .chain(&self.dead)
            .fold(0, |m, c| m | 1 << c.index())
    }

    /// Cards player `seat` is dealt privately: all it lacks, or all but the shared last card.
    pub fn private_cards(&self, seat: usize) -> usize {
        HAND_CARDS - self.players[seat].held() - usize::from(self.community)
    }

    /// Whether some player's down cards are a range.
    pub fn has_ranges(&self) -> bool {
        self.players.iter().any(|p| p.down.is_some())
    }

    /// Whether some down-card range has weights other than 1.
    pub fn is_weighted(&self) -> bool {
        self.players
            .iter()
            .filter_map(|p| p.down.as_ref())
            .any(Range::is_weighted)
    }

    /// The spot with every ranged player's down cards fixed to `combos` (one per ranged player,
    /// in seat order), as known cards: the same deal, nothing left to draw.
    pub(crate) fn with_down(&self, combos: &[[Card; 2]]) -> Spot {
        let mut fixed = self.clone();
        let mut next = combos.iter();
        for player in &mut fixed.players {
            if player.down.take().is_some()
                && let Some(combo) = next.next()
            {
                player.cards.splice(0..0, *combo);
            }
        }
        fixed
    }

    /// The spot with the ranged down cards fixed to `combos` (one per ranged player, in seat
    /// order): every player's known cards, ranged down cards first.
    pub(crate) fn seats_with(&self, combos: &[[Card; 2]]) -> Vec<Vec<Card>> {
        let mut next = combos.iter();
        self.players
            .iter()
            .map(|p| {
                let mut cards = Vec::with_capacity(HAND_CARDS);
                if p.down.is_some()
                    && let Some(combo) = next.next()
                {
                    cards.extend_from_slice(combo);
                }
                cards.extend_from_slice(&p.cards);
                cards
            })
            .collect()
    }

    /// Calls `visit` with every combination of the ranged players' down cards that shares no
    /// card (seat order), and the product of their weights in thousandths. Returns how many it
    /// visited.
    pub(crate) fn for_each_assignment(&self, mut visit: impl FnMut(&[[Card; 2]], u128)) -> u64 {
        let ranges: Vec<&Range> = self
            .players
            .iter()
            .filter_map(|p| p.down.as_ref())
            .collect();
        let mut combos = Vec::with_capacity(ranges.len());
        let mut visited = 0;
        assign(&ranges, 0, 0, 1, &mut combos, &mut |c, w| {
            visited += 1;
            visit(c, w);
        });
        visited
    }

    /// Combinations of range hands an exact run lists at most (the product of range sizes).
    pub(crate) fn assignment_bound(&self) -> u128 {
        self.players
            .iter()
            .filter_map(|p| p.down.as_ref())
            .map(|r| r.combos.len() as u128)
            .product()
    }
}

fn assign(
    ranges: &[&Range],
    at: usize,
    used: u64,
    weight: u128,
    combos: &mut Vec<[Card; 2]>,
    visit: &mut impl FnMut(&[[Card; 2]], u128),
) {
    if at == ranges.len() {
        visit(combos, weight);
        return;
    }
    for (&combo, &w) in ranges[at].combos.iter().zip(&ranges[at].weights) {
        let mask = combo_mask(combo);
        if used & mask == 0 {
            combos.push(combo);
            assign(
                ranges,
                at + 1,
                used | mask,
                weight * u128::from(w),
                combos,
                visit,
            );
            combos.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spot(game: Game, players: &[&str], dead: &str) -> Result<Spot, StudError> {
        Spot::parse(game, players, dead)
    }

    #[test]
    fn players_parse_in_every_form() {
        let p = Hand::parse("AsAhKd").unwrap();
        assert_eq!((p.cards.len(), p.down.is_none(), p.held()), (3, true, 3));
        let p = Hand::parse("(QQ+,AKs)Kd").unwrap();
        assert_eq!(p.cards, parse_cards("Kd").unwrap());
        assert_eq!(p.down.as_ref().unwrap().combos.len(), 18 + 4);
        assert_eq!(p.held(), 3);
        let p = Hand::parse(" (random) 7h").unwrap();
        assert_eq!((p.cards.len(), p.down.is_none()), (1, true));
        let p = Hand::parse("(AhKh)Qd").unwrap();
        assert_eq!(p.mask(), Hand::parse("AhKhQd").unwrap().mask());
        assert_eq!(p.cards.len(), 3);
        assert!(p.down.is_none());
        assert_eq!(Hand::parse("").unwrap().held(), 0);
        for random in ["random", " Random "] {
            let p = Hand::parse(random).unwrap();
            assert_eq!(
                (p.held(), p.down.is_none(), p.text.as_str()),
                (0, true, random)
            );
        }
        for bad in ["(QQ+", "Kd(QQ)", "(QQ)(KK)", "QQ)"] {
            assert!(
                matches!(Hand::parse(bad), Err(StudError::Parenthesis { .. })),
                "{bad}"
            );
        }
        assert!(matches!(
            Hand::parse("(QQ)2c3c4c5c6c7c"),
            Err(StudError::TooManyCards { cards: 8, .. })
        ));
        let err = Hand::parse("AsXx").unwrap_err();
        assert!(err.to_string().starts_with("player 'AsXx': "), "{err}");
        let err = Hand::parse("(QQ+,ZZ)").unwrap_err();
        assert!(err.to_string().contains("ZZ"), "{err}");
    }

    /// Percentages read by the game's ranking with the door card, the first card after the
    /// parentheses; weights and lists as in any range; without a door card, refused.
    #[test]
    fn percentages_read_with_the_door_card() {
        let door: Card = "Kd".parse().unwrap();
        let p = Hand::parse_in(Game::Stud, "(15%:0.5,AA)KdQc").unwrap();
        let down = p.down.as_ref().unwrap();
        let percent = DoorPercent::new(Game::Stud, door).span_combos(0.0, 15.0);
        assert_eq!(p.cards, parse_cards("KdQc").unwrap());
        // `AA` adds the aces' pairs the 15 % lacks, at full weight; the rest weigh 0.5.
        assert!(percent.len() > 100);
        let aces = down
            .combos
            .iter()
            .filter(|c| c[0].rank() == 12 && c[1].rank() == 12);
        assert_eq!(aces.count(), 6);
        for (combo, &weight) in down.combos.iter().zip(&down.weights) {
            let is_aces = combo[0].rank() == 12 && combo[1].rank() == 12;
            assert_eq!(weight, if is_aces { 1000 } else { 500 }, "{combo:?}");
            assert!(is_aces || percent.contains(combo));
        }
        // Razz reads its own ranking: no jack, queen or king in its top 15 % (aces are low).
        let razz = Hand::parse_in(Game::Razz, "(15%)2d").unwrap();
        let high = |c: &Card| (9..=11).contains(&c.rank());
        assert!(!razz.down.unwrap().combos.iter().flatten().any(high));
        for bad in ["15%", "(15%)", "(AA,5%-15%)", "15%Kd"] {
            assert!(
                matches!(
                    Hand::parse_in(Game::Stud, bad),
                    Err(StudError::PercentWithoutDoor { .. })
                ),
                "{bad}"
            );
        }
        assert!(matches!(
            Hand::parse("(15%)Kd"),
            Err(StudError::BadRange {
                error: RangeError::NoRanking { .. },
                ..
            })
        ));
        let spot = Spot::parse(Game::StudHiLo, &["(10%)Ah", "(5%-15%)7c"], "").unwrap();
        assert!(spot.players.iter().all(|p| p.down.is_some()));
    }

    #[test]
    fn spots_that_cannot_be_dealt_are_refused() {
        assert!(matches!(
            spot(Game::Stud, &["AsAh"], ""),
            Err(StudError::PlayerCount(engine::PlayerCountError {
                players: 1,
                ..
            }))
        ));
        assert!(matches!(
            spot(Game::Stud, &["AsAh", "KdAs"], ""),
            Err(StudError::DuplicateCard { .. })
        ));
        assert!(matches!(
            spot(Game::Razz, &["AsAh", "Kd"], "Kd"),
            Err(StudError::DuplicateCard { .. })
        ));
        assert!(matches!(
            spot(Game::Stud, &["(AsAh,AsAd)Kd", "Qd"], "As"),
            Err(StudError::Range(RangeError::RangeEmptied { .. }))
        ));
        let ok = spot(Game::Stud, &["(AA)Kd", "2c"], "Ah").unwrap();
        assert_eq!(ok.players[0].down.as_ref().unwrap().combos.len(), 3);
        assert!(!ok.community());
    }

    #[test]
    fn the_last_card_is_shared_when_the_deck_runs_out() {
        // Eight players on sixth street: 48 cards held, 4 left for 8 seventh cards.
        let sixth = [
            "2c2d2h2s3c3d",
            "4c4d4h4s5c5d",
            "6c6d6h6s7c7d",
            "8c8d8h8s9c9d",
            "TcTdThTsJcJd",
            "QcQdQhQsKcKd",
            "AcAdAhAs3h3s",
            "5h5s7h7s9h9s",
        ];
        let s = spot(Game::Stud, &sixth, "").unwrap();
        assert!(s.community());
        assert_eq!(s.private_cards(0), 0);
        // Seven players on sixth street and one on fifth: 47 held, 5 left, 9 needed; shared:
        // 1 private card and the community card.
        let mut fifth = sixth;
        fifth[7] = "5h5s7h7s9h";
        let s = spot(Game::Razz, &fifth, "").unwrap();
        assert!(s.community());
        assert_eq!((s.private_cards(7), s.private_cards(0)), (1, 0));
        // The same with four more dead cards: 1 left, 2 needed.
        let err = spot(Game::Razz, &fifth, "JhJsKhKs").unwrap_err();
        assert_eq!(err, StudError::CannotDeal { needed: 2, left: 1 });
        // A full hand cannot share the last card.
        let mut full = sixth;
        full[0] = "2c2d2h2s3c3d9h";
        full[7] = "5h5s7h7s";
        let err = spot(Game::Stud, &full, "9s").unwrap_err();
        assert!(matches!(err, StudError::SeventhCardShared { .. }), "{err}");
        // Plenty of cards: private deals.
        let s = spot(Game::Stud, &["AsAhKd", "QcQd2s"], "").unwrap();
        assert!(!s.community());
        assert_eq!(s.private_cards(0), 4);
    }

    #[test]
    fn assignments_skip_clashes_and_multiply_weights() {
        let s = spot(Game::Stud, &["(AA,KK:0.5)", "(AsKs,AhAd)", "7c"], "").unwrap();
        let mut seen = Vec::new();
        let n = s.for_each_assignment(|combos, w| seen.push((combos.to_vec(), w)));
        assert_eq!(n as usize, seen.len());
        // 6 aces and 6 kings against two hands; clashes removed.
        let total: usize = seen.len();
        assert!(total < 12 * 2);
        assert!(
            seen.iter()
                .all(|(c, _)| combo_mask(c[0]) & combo_mask(c[1]) == 0)
        );
        assert!(seen.iter().any(|(_, w)| *w == 500 * 1000));
        assert_eq!(s.assignment_bound(), 24);
        let seats = s.seats_with(&seen[0].0);
        assert_eq!(seats[0].len(), 2);
        assert_eq!(seats[2], parse_cards("7c").unwrap());
    }
}
