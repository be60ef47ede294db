//! The Omaha family (every Omaha game, Courchevel, hold'em hi/lo) for [`engine::runouts`]: the
//! high and low strength of each fixed hand on one board under the game's hand rule; the deal
//! and the counts are the engine's.

use deck::Card;
use engine::runouts::{
    BoardShowdown, HandDraw, RunoutCounts, RunoutDeal, count_drawn_until_stopped,
    count_exact_until_stopped, count_sampled_until_stopped,
};
use engine::{Game, MAX_PLAYERS, Watch};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::error::OmahaError;
use crate::evaluate::{Board, Hole};
use crate::monte_carlo::Sampler;
use crate::range::HoleCards;
use crate::spot::Spot;
use crate::tables::Tables;

/// Fixed hands of one game.
#[derive(Debug, Clone, Copy)]
struct Showdown {
    tables: &'static Tables,
    hilo: bool,
    holes: [Hole; MAX_PLAYERS],
    players: usize,
}

impl BoardShowdown for Showdown {
    fn players(&self) -> usize {
        self.players
    }

    fn hilo(&self) -> bool {
        self.hilo
    }

    #[inline]
    fn strengths(
        &self,
        board: &[Card; 5],
        high: &mut [u32; MAX_PLAYERS],
        low: &mut [u8; MAX_PLAYERS],
    ) {
        let board = Board::new(board);
        for (p, hole) in self.holes.iter().take(self.players).enumerate() {
            high[p] = u32::from(hole.high(self.tables, &board));
            if self.hilo {
                low[p] = hole.low(self.tables, &board);
            }
        }
    }
}

/// Counts the runouts of `deal` for `holes` (2 to [`MAX_PLAYERS`] hands of the game's hole
/// cards) in `game` (of the Omaha family): exactly, or `Some((seed, rounds))` by seeded Monte
/// Carlo, on the current rayon pool.
pub fn runouts(
    game: Game,
    holes: &[HoleCards],
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
    holes: &[HoleCards],
    deal: &RunoutDeal,
    sampled: Option<(u64, u64)>,
    stop: &dyn Watch,
) -> Option<RunoutCounts> {
    let spec = game.spec();
    let players = holes.len().min(MAX_PLAYERS);
    let mut prepared = [placeholder(game); MAX_PLAYERS];
    for (slot, hole) in prepared.iter_mut().zip(holes) {
        *slot = Hole::new(&hole[..spec.hole_cards], spec.hand);
    }
    let showdown = Showdown {
        tables: Tables::get(),
        hilo: game.is_hilo(),
        holes: prepared,
        players,
    };
    match sampled {
        None => count_exact_until_stopped(&showdown, deal, stop),
        Some(run) => count_sampled_until_stopped(&showdown, deal, run, stop),
    }
}

/// A hand of the game's hole cards for the seats past the players (never scored).
fn placeholder(game: Game) -> Hole {
    let spec = game.spec();
    let cards: Vec<Card> = Card::all().take(spec.hole_cards).collect();
    Hole::new(&cards, spec.hand)
}

/// The hands of a spot whose players hold ranges or random hands, drawn anew each round by
/// the equity path's [`Sampler`] (weights respected, clashing hands redrawn together).
struct Drawn {
    sampler: Sampler,
    showdown: Showdown,
}

impl HandDraw for Drawn {
    type Showdown = Showdown;

    fn showdown(&self) -> Showdown {
        self.showdown
    }

    fn random_cards(&self) -> usize {
        self.sampler.random_cards()
    }

    fn ranged_cards(&self) -> usize {
        self.sampler.ranged_cards()
    }

    #[inline]
    fn draw(&self, rng: &mut Xoshiro256PlusPlus, showdown: &mut Showdown) -> u64 {
        self.sampler.draw_ranged(rng, &mut showdown.holes)
    }

    #[inline]
    fn deal_random(&self, cards: &[Card], showdown: &mut Showdown) {
        self.sampler.deal_random(cards, &mut showdown.holes);
    }
}

/// Checks that the hands of `spot` (ranges, `random` and fixed hands) can be dealt, as
/// `sim equity` does ([`Sampler::new`]).
///
/// # Errors
/// The sampler's: no deal fits, or the ranges fit too rarely to draw.
pub fn check_drawn(spot: &Spot, seed: u64) -> Result<(), OmahaError> {
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
) -> Result<Option<RunoutCounts>, OmahaError> {
    let sampler = Sampler::new(spot, seed)?;
    let mut holes = [placeholder(spot.game); MAX_PLAYERS];
    sampler.place_fixed(&mut holes);
    let showdown = Showdown {
        tables: Tables::get(),
        hilo: spot.game.is_hilo(),
        holes,
        players: spot.players.len().min(MAX_PLAYERS),
    };
    Ok(count_drawn_until_stopped(
        &Drawn { sampler, showdown },
        deal,
        (seed, rounds),
        stop,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    /// Omaha hi/lo, run it twice on the turn: every ordered pair of distinct rivers, scored by
    /// the slow oracle (every two-plus-three hand).
    #[test]
    fn run_twice_against_the_oracle() {
        let hand = |text: &str| -> HoleCards {
            let c = deck::parse_cards(text).unwrap();
            let mut h = [c[0]; 6];
            h[..4].copy_from_slice(&c);
            h
        };
        let holes = [hand("As2s3dKd"), hand("AhKhQcJc")];
        let stub = deck::parse_cards("4c 5h Tc 8d").unwrap();
        let known: Vec<Card> = holes
            .iter()
            .flat_map(|h| h[..4].to_vec())
            .chain(stub.clone())
            .collect();
        let pool: Vec<Card> = Card::all().filter(|c| !known.contains(c)).collect();
        let deal = RunoutDeal {
            stubs: vec![stub.clone(), stub.clone()],
            pool: pool.clone(),
        };
        let game = Game::plain(GameId::OmahaHilo);
        let counts = runouts(game, &holes, &deal, None);
        let share = |river: Card| -> u32 {
            let mut b = [river; 5];
            b[..4].copy_from_slice(&stub);
            let hi: Vec<u16> = holes
                .iter()
                .map(|h| crate::oracle::high(&h[..4], &b))
                .collect();
            let lo: Vec<Option<[u8; 5]>> = holes
                .iter()
                .map(|h| crate::oracle::low(&h[..4], &b))
                .collect();
            let half = |mine: bool, tie: bool| match (mine, tie) {
                (_, true) => 1260,
                (true, false) => 2520,
                _ => 0,
            };
            let high = half(hi[0] > hi[1], hi[0] == hi[1]);
            match (lo[0], lo[1]) {
                (None, None) => high * 2,
                (Some(_), None) => high + 2520,
                (None, Some(_)) => high,
                // The lower low wins: compared from the highest card down.
                (Some(a), Some(b)) => high + half(a < b, a == b),
            }
        };
        let mut brute = std::collections::BTreeMap::<u32, u64>::new();
        for &a in &pool {
            for &b in &pool {
                if a != b {
                    *brute.entry(share(a) + share(b)).or_default() += 1;
                }
            }
        }
        let got: std::collections::BTreeMap<u32, u64> =
            counts.total_distribution(0).into_iter().collect();
        assert_eq!(got, brute);
    }
}
