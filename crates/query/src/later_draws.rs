//! Draws after the first in the triple-draw games and badugi: the `draws` and `pat` bindings,
//! and the later draws a Monte Carlo trial plays after the first draw has filled every hand.
//!
//! At each later draw every player in turn keeps what the draw family's pat rule keeps
//! ([`draw::rule::kept`]: stand pat with a made hand at or below the pat rank, else one card of
//! each rank up to it), throws the rest on a discard pile and draws as many from the stub, the
//! cards nobody holds, kept as dead or threw. A stub that runs out takes the pile back, the
//! thrower's own cards included: the model of `sim equity --draws`
//! ([`draw::monte_carlo`]), dealt here by the language's own sampler.
//!
//! ```text
//!  draws='3', pat='9'   first draw: 7c5d4h3s + Kd      (the trial's deal)
//!                       draw 2: keep 7c5d4h3s, throw Kd → pile, draw 9s: 9-7-5-4-3 ≤ 9, pat
//!                       draw 3: stands pat
//! ```
//!
//! Every path of the later draws is not counted: a query with them is sampled, and `--exact`
//! is refused ([`engine::ExactRefusal::LaterDraws`]).

use deck::Card;
use engine::Game;
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::ast::Binding;
use crate::error::QueryError;
use crate::hands::mask;
use crate::trial::Trial;

/// The draws after the first of a draw query: how many in all and each player's pat rank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaterDraws {
    /// The draws to come, the first included (2 or 3).
    pub draws: u32,
    /// How the game values a hand, which the pat rule reads.
    pub scoring: draw::Scoring,
    /// Each player's pat rank (deck ranks: 7 is a nine).
    pub pat: Vec<u8>,
}

impl LaterDraws {
    /// The later draws `draws=` and `pat=` bind in `game` for `players` players: `None` with
    /// one draw to come (no `draws`, or `draws='1'`).
    ///
    /// # Errors
    /// A [`QueryError`] at the binding's value: not a number, more draws than the game has, a
    /// pat rank that is not one (2 to K, or one per player), a pat rank with one draw or in a
    /// game played for high.
    pub fn read(
        game: Game,
        draws: Option<&Binding>,
        pat: Option<&Binding>,
        players: usize,
    ) -> Result<Option<LaterDraws>, QueryError> {
        let Some(family) = draw::Game::of(game.id()) else {
            return Ok(None);
        };
        let count = match draws {
            None => 1,
            Some(b) => b.value.trim().parse::<u32>().map_err(|_| {
                QueryError::at(
                    b.value_pos,
                    format!(
                        "draws='{}': want a whole number of draws (1 to {})",
                        b.value,
                        family.max_draws()
                    ),
                )
            })?,
        };
        let ranks = match pat {
            None => Vec::new(),
            Some(b) => draw::rule::read_pat(&b.value).ok_or_else(|| {
                QueryError::at(
                    b.value_pos,
                    format!(
                        "pat='{}': want a rank from 2 to K (the highest card to stand pat with), or one per player: '9' or '9,T'",
                        b.value
                    ),
                )
            })?,
        };
        let pat_ranks = draw::pat_ranks(family, count, &ranks, players).map_err(|e| {
            let b = match e {
                draw::DrawError::Draws { .. } => draws,
                _ => pat,
            };
            let at = b.map_or(crate::error::Pos { line: 1, column: 1 }, |b| b.value_pos);
            let value = b.map_or(String::new(), |b| format!("{}='{}': ", b.name, b.value));
            QueryError::at(at, format!("{value}{e}"))
        })?;
        Ok((count > 1).then(|| LaterDraws {
            draws: count,
            scoring: family.scoring(),
            pat: pat_ranks,
        }))
    }

    /// Plays the draws after the first on `trial`, whose hands (`size` cards each) the first
    /// draw has filled from `deck`: `used` holds every card out of the stub (known, dead, held)
    /// and gains the cards drawn; a thrown card stays out until the stub runs out and the pile
    /// comes back.
    #[inline]
    pub fn play(
        &self,
        trial: &mut Trial,
        size: usize,
        deck: &[Card],
        used: &mut u64,
        rng: &mut Xoshiro256PlusPlus,
    ) {
        let everything = mask(deck);
        let mut pile = 0u64;
        for _ in 1..self.draws {
            for (seat, &pat) in self.pat.iter().enumerate() {
                let hand = trial.holes[seat];
                let kept = draw::rule::kept(self.scoring, &hand[..size], pat);
                let mut at = 0;
                for (slot, &card) in hand[..size].iter().enumerate() {
                    if kept >> slot & 1 == 1 {
                        trial.holes[seat][at] = card;
                        at += 1;
                    } else {
                        pile |= 1 << card.index();
                    }
                }
                for slot in at..size {
                    if *used & everything == everything {
                        // The stub is empty: the pile is shuffled into a new one.
                        *used &= !pile;
                        pile = 0;
                    }
                    let card = loop {
                        let c = deck[rng.random_range(0..deck.len())];
                        if *used >> c.index() & 1 == 0 {
                            break c;
                        }
                    };
                    *used |= 1 << card.index();
                    trial.holes[seat][slot] = card;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;
    use rand::SeedableRng;

    fn binding(name: &str, value: &str) -> Binding {
        let pos = crate::error::Pos { line: 1, column: 1 };
        Binding {
            name: name.to_string(),
            pos,
            value: value.to_string(),
            value_pos: pos,
        }
    }

    fn game(name: &str) -> Game {
        Game::from_name(name).unwrap()
    }

    #[test]
    fn bindings_read_the_draws_and_pat_ranks_or_say_why_not() {
        let triple = game("triple-draw-27");
        let three = binding("draws", "3");
        let later = LaterDraws::read(triple, Some(&three), Some(&binding("pat", "9,T")), 2);
        assert_eq!(later.unwrap().unwrap().pat, vec![7, 8]);
        assert_eq!(LaterDraws::read(triple, None, None, 2), Ok(None));
        let message = |g: &str, d: Option<&Binding>, p: Option<&Binding>| {
            LaterDraws::read(game(g), d, p, 2).unwrap_err().message
        };
        assert_eq!(
            message("triple-draw-27", Some(&binding("draws", "4")), None),
            "draws='4': 2-7 triple draw has 1 to 3 draws, not 4"
        );
        assert_eq!(
            message("lowball-27", Some(&binding("draws", "2")), None),
            "draws='2': 2-7 lowball has one draw, not 2"
        );
        assert!(message("badugi", Some(&three), Some(&binding("pat", "A"))).starts_with("pat='A'"));
        assert!(message("badugi", None, Some(&binding("pat", "9"))).starts_with("pat='9': "));
        assert!(
            message("badugi", Some(&three), Some(&binding("pat", "9,8,7")))
                .starts_with("pat='9,8,7': ")
        );
        assert!(message("draw5", None, Some(&binding("pat", "9"))).starts_with("pat='9': "));
        assert!(message("badugi", Some(&binding("draws", "x")), None).starts_with("draws='x'"));
    }

    #[test]
    fn later_draws_keep_what_the_rule_keeps_and_never_deal_a_card_twice() {
        let later = LaterDraws {
            draws: 3,
            scoring: draw::Scoring::DeuceSeven,
            pat: vec![7, 7],
        };
        let deck: Vec<Card> = (0..52).map(Card::from_index).collect();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for _ in 0..2_000 {
            let mut trial = Trial::new(2, 5);
            let pat = parse_cards("9c8d6h4s2c").unwrap();
            let draw = parse_cards("7c5d4h3sKd").unwrap();
            trial.holes[0][..5].copy_from_slice(&pat);
            trial.holes[1][..5].copy_from_slice(&draw);
            let mut used = mask(&pat) | mask(&draw);
            later.play(&mut trial, 5, &deck, &mut used, &mut rng);
            // The pat nine never changes; the draw never throws its 5-4-3 (a six makes a
            // straight, which breaks at the seven) and holds five distinct cards.
            assert_eq!(trial.hole_of(0), pat.as_slice());
            let hand = trial.hole_of(1);
            let low = mask(&draw[1..4]);
            assert_eq!(mask(hand) & low, low);
            assert_eq!(mask(hand).count_ones(), 5);
            assert_eq!(mask(hand) & mask(&pat), 0);
        }
    }

    #[test]
    fn a_stub_that_runs_out_takes_the_pile_back() {
        // Six badugi players drawing four each from a stub of four cards: the pile comes back.
        let later = LaterDraws {
            draws: 2,
            scoring: draw::Scoring::Badugi,
            pat: vec![0; 2],
        };
        let deck: Vec<Card> = (0..12).map(Card::from_index).collect();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let mut trial = Trial::new(2, 4);
        // Two players hold eight of twelve cards, none a badugi (every card a club or a diamond
        // of the lowest ranks) so both draw; the stub holds four.
        let hands = [deck[0..4].to_vec(), deck[4..8].to_vec()];
        for (seat, hand) in hands.iter().enumerate() {
            trial.holes[seat][..4].copy_from_slice(hand);
        }
        let mut used = mask(&deck[..8]);
        later.play(&mut trial, 4, &deck, &mut used, &mut rng);
        let held = mask(trial.hole_of(0)) | mask(trial.hole_of(1));
        assert_eq!(held.count_ones(), 8, "no card held twice");
        assert_eq!(held & !mask(&deck), 0, "every card from the deck");
    }
}
