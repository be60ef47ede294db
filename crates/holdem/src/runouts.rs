//! Hold'em and short deck for [`engine::runouts`]: the strength of each fixed hand on one
//! board (the best five of seven under the game's ranking); the deal and the counts are the
//! engine's.

use deck::Card;
use engine::runouts::{
    BoardShowdown, HandDraw, RunoutCounts, RunoutDeal, count_drawn_until_stopped,
    count_exact_until_stopped, count_sampled_until_stopped,
};
use engine::{Game, MAX_PLAYERS, Watch};
use eval::{HandKey, HighRanking, Ranking};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::error::HoldemError;
use crate::range::Combo;
use crate::sampler::Sampler;
use crate::spot::Spot;

/// Fixed two-card hands under one ranking.
#[derive(Debug, Clone, Copy)]
struct Showdown<R: Ranking> {
    ranking: R,
    holes: [Combo; MAX_PLAYERS],
    players: usize,
}

impl<R: Ranking> BoardShowdown for Showdown<R> {
    fn players(&self) -> usize {
        self.players
    }

    fn hilo(&self) -> bool {
        false
    }

    #[inline]
    fn strengths(
        &self,
        board: &[Card; 5],
        high: &mut [u32; MAX_PLAYERS],
        _low: &mut [u8; MAX_PLAYERS],
    ) {
        let mut cards = [board[0]; 7];
        cards[2..].copy_from_slice(board);
        for (p, hole) in self.holes.iter().take(self.players).enumerate() {
            cards[..2].copy_from_slice(hole);
            high[p] = u32::from(self.ranking.evaluate_with_key(HandKey::of(&cards), &cards));
        }
    }
}

/// Counts the runouts of `deal` for `holes` (2 to [`MAX_PLAYERS`] hands) in `game` (hold'em
/// or short deck): exactly, or `Some((seed, rounds))` by seeded Monte Carlo, on the current
/// rayon pool.
pub fn runouts(
    game: Game,
    holes: &[Combo],
    deal: &RunoutDeal,
    sampled: Option<(u64, u64)>,
) -> RunoutCounts {
    runouts_until_stopped(game, holes, deal, sampled, &|| false)
        .unwrap_or_else(|| unreachable!("never asked to stop"))
}

/// [`runouts`], asking `stop` between pieces of the work and telling it their progress
/// ([`engine::runouts::count_exact_until_stopped`]): `None` when it said to stop.
pub fn runouts_until_stopped(
    game: Game,
    holes: &[Combo],
    deal: &RunoutDeal,
    sampled: Option<(u64, u64)>,
    stop: &dyn Watch,
) -> Option<RunoutCounts> {
    match game.ranking() {
        HighRanking::Holdem(r) => run(Showdown::new(r, holes), deal, sampled, stop),
        HighRanking::ShortDeck(r) => run(Showdown::new(r, holes), deal, sampled, stop),
    }
}

impl<R: Ranking> Showdown<R> {
    fn new(ranking: R, holes: &[Combo]) -> Self {
        let players = holes.len().min(MAX_PLAYERS);
        let mut all = [[Card::from_index(0); 2]; MAX_PLAYERS];
        all[..players].copy_from_slice(&holes[..players]);
        Self {
            ranking,
            holes: all,
            players,
        }
    }
}

fn run<S: BoardShowdown>(
    showdown: S,
    deal: &RunoutDeal,
    sampled: Option<(u64, u64)>,
    stop: &dyn Watch,
) -> Option<RunoutCounts> {
    match sampled {
        None => count_exact_until_stopped(&showdown, deal, stop),
        Some(run) => count_sampled_until_stopped(&showdown, deal, run, stop),
    }
}

/// The hands of a spot whose players hold ranges or random hands, drawn anew each round by
/// the equity path's [`Sampler`] (weights respected, clashing combos redrawn together).
struct Drawn<R: Ranking> {
    ranking: R,
    sampler: Sampler,
    players: usize,
}

impl<R: Ranking> HandDraw for Drawn<R> {
    type Showdown = Showdown<R>;

    fn showdown(&self) -> Showdown<R> {
        let mut holes = [[Card::from_index(0); 2]; MAX_PLAYERS];
        for &(seat, combo) in self.sampler.fixed() {
            holes[seat] = combo;
        }
        Showdown {
            ranking: self.ranking,
            holes,
            players: self.players,
        }
    }

    fn random_cards(&self) -> usize {
        2 * self.sampler.random_seats().len()
    }

    fn ranged_cards(&self) -> usize {
        2 * self.sampler.ranged_players()
    }

    #[inline]
    fn draw(&self, rng: &mut Xoshiro256PlusPlus, showdown: &mut Showdown<R>) -> u64 {
        self.sampler.draw_ranged(rng, &mut showdown.holes)
    }

    #[inline]
    fn deal_random(&self, cards: &[Card], showdown: &mut Showdown<R>) {
        for (&seat, pair) in self
            .sampler
            .random_seats()
            .iter()
            .zip(cards.chunks_exact(2))
        {
            showdown.holes[seat] = [pair[0], pair[1]];
        }
    }
}

/// Checks that the hands of `spot` (ranges, `random` and fixed hands) can be dealt, as
/// `sim equity` does ([`Sampler::new`]).
///
/// # Errors
/// The sampler's: no deal fits, or the ranges fit too rarely to draw.
pub fn check_drawn(spot: &Spot, seed: u64) -> Result<(), HoldemError> {
    Sampler::new(spot, seed).map(|_| ())
}

/// Counts `rounds` seeded random runouts of `deal` (its pool holding every card not on a
/// board, dead or in a fixed hand) for the players of `spot`, ranges and `random` players
/// drawn each round as `sim equity` draws them, on the current rayon pool, asking `stop`
/// between chunks: `None` when it said to stop.
///
/// # Errors
/// [`check_drawn`]'s.
pub fn drawn_runouts_until_stopped(
    spot: &Spot,
    deal: &RunoutDeal,
    (seed, rounds): (u64, u64),
    stop: &dyn Watch,
) -> Result<Option<RunoutCounts>, HoldemError> {
    let sampler = Sampler::new(spot, seed)?;
    let players = spot.players.len().min(MAX_PLAYERS);
    Ok(match spot.game.ranking() {
        HighRanking::Holdem(ranking) => count_drawn_until_stopped(
            &Drawn {
                ranking,
                sampler,
                players,
            },
            deal,
            (seed, rounds),
            stop,
        ),
        HighRanking::ShortDeck(ranking) => count_drawn_until_stopped(
            &Drawn {
                ranking,
                sampler,
                players,
            },
            deal,
            (seed, rounds),
            stop,
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    /// Run it twice on the turn: every pair of distinct rivers, counted by hand.
    #[test]
    fn run_twice_on_the_turn_against_a_brute_force_count() {
        let hole = |text: &str| -> Combo {
            let c = deck::parse_cards(text).unwrap();
            [c[0], c[1]]
        };
        let holes = [hole("AsAh"), hole("KdQd")];
        let stub = deck::parse_cards("2d 7d Jc 3s").unwrap();
        let known: Vec<Card> = holes.iter().flatten().chain(&stub).copied().collect();
        let pool: Vec<Card> = Card::all().filter(|c| !known.contains(c)).collect();
        let deal = RunoutDeal {
            stubs: vec![stub.clone(), stub.clone()],
            pool: pool.clone(),
        };
        let game = Game::plain(GameId::Holdem);
        let counts = runouts(game, &holes, &deal, None);
        let score = |river: Card| {
            let mut b = [river; 5];
            b[..4].copy_from_slice(&stub);
            let mut h = [0u32; MAX_PLAYERS];
            for (p, hole) in holes.iter().enumerate() {
                let mut cards: Vec<Card> = hole.to_vec();
                cards.extend_from_slice(&b);
                h[p] = u32::from(eval::evaluate(&cards).value());
            }
            h
        };
        let mut brute = std::collections::BTreeMap::<u32, u64>::new();
        for &a in &pool {
            for &b in &pool {
                if a == b {
                    continue;
                }
                let mut total = 0;
                for s in [score(a), score(b)] {
                    total += match s[0].cmp(&s[1]) {
                        std::cmp::Ordering::Greater => 2,
                        std::cmp::Ordering::Equal => 1,
                        std::cmp::Ordering::Less => 0,
                    };
                }
                *brute.entry(total * 2520).or_default() += 1;
            }
        }
        let got: std::collections::BTreeMap<u32, u64> =
            counts.total_distribution(0).into_iter().collect();
        assert_eq!(got, brute);
        assert_eq!(counts.deals, 44 * 43);
    }
}
