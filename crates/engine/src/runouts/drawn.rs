//! Sampled runouts whose hands change every round: players holding a range (drawn by their
//! family's equity sampler, weights respected, redrawn together when two clash) and `random`
//! players (dealt from the stub with the boards).
//!
//! Each round: the family draws the ranged hands ([`HandDraw::draw`], which says which cards
//! they took); the random hands and every board's missing cards are then dealt by partial
//! Fisher–Yates from the pool, skipping the cards the ranged hands took, so that each card is
//! uniform among those still free; the boards are scored as in [`super::count_sampled`].
//! Chunks are seeded by (seed, chunk), so the counts do not depend on the threads.

use deck::Card;
use deck::uniform::below_u32;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::counts::RunoutCounts;
use super::deal::{BoardStarts, RunoutDeal, SAMPLE_CHUNK_ROUNDS, sample_in_blocks};
use super::{BoardShowdown, MAX_BOARDS};
use crate::plan::ChunkPlan;
use crate::split_tally::MAX_PLAYERS;
use crate::watch::Watch;

/// A family's draw of the players' hands for one round of a sampled runout.
pub trait HandDraw: Sync {
    /// The showdown of one round's hands on one board.
    type Showdown: BoardShowdown;

    /// A showdown with the fixed hands in place (made once per chunk).
    fn showdown(&self) -> Self::Showdown;

    /// Cards the random players take each round, dealt from the pool before the boards.
    fn random_cards(&self) -> usize;

    /// Cards the ranged players take each round: the pool must hold them beside the random
    /// players' and the boards'.
    fn ranged_cards(&self) -> usize;

    /// Draws every ranged player's hand into `showdown`; returns a mask (bit `card.index()`)
    /// holding at least the cards they took.
    fn draw(&self, rng: &mut Xoshiro256PlusPlus, showdown: &mut Self::Showdown) -> u64;

    /// Gives the random players their hands: `cards` holds [`HandDraw::random_cards`] cards.
    fn deal_random(&self, cards: &[Card], showdown: &mut Self::Showdown);
}

/// Counts `rounds` random deals of `deal` for the hands of `hands`, in seeded chunks of
/// 65,536 rounds (chunk `i` draws from its own stream seeded by `(seed, i)`), asking `stop`
/// before each chunk and telling it the rounds dealt: `None` when it said to stop. The pool
/// must hold every card the hands and boards take.
pub fn count_drawn_until_stopped<D: HandDraw>(
    hands: &D,
    deal: &RunoutDeal,
    (seed, rounds): (u64, u64),
    stop: &dyn Watch,
) -> Option<RunoutCounts> {
    let showdown = hands.showdown();
    let boards = deal.boards();
    let players = showdown.players();
    let hilo = showdown.hilo();
    let plan = ChunkPlan::with_chunk_rounds(rounds, SAMPLE_CHUNK_ROUNDS);
    let r = deal.pool.len();
    let random_cards = hands.random_cards();
    let to_deal = random_cards + deal.to_deal();
    debug_assert!(to_deal + hands.ranged_cards() <= r);
    let starts = BoardStarts::of(deal);
    let zero = || RunoutCounts::new(players, boards, hilo);
    sample_in_blocks(seed, &plan, stop, zero, |chunk| {
        let mut rng = chunk.rng;
        let mut counts = RunoutCounts::new(players, boards, hilo);
        let mut showdown = hands.showdown();
        let mut pool = [Card::from_index(0); 52];
        pool[..r].copy_from_slice(&deal.pool);
        let mut shares = [[0u16; MAX_PLAYERS]; MAX_BOARDS];
        for _ in 0..chunk.rounds {
            let used = hands.draw(&mut rng, &mut showdown);
            for i in 0..to_deal {
                let j = loop {
                    let j = i + below_u32(&mut rng, (r - i) as u32) as usize;
                    if used >> pool[j].index() & 1 == 0 {
                        break j;
                    }
                };
                pool.swap(i, j);
            }
            hands.deal_random(&pool[..random_cards], &mut showdown);
            starts.share(&showdown, &pool[random_cards..], &mut shares);
            counts.record(&shares);
        }
        stop.advance(chunk.rounds, rounds);
        counts
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One card per player, drawn uniformly from a list (player 0) or dealt at random
    /// (player 1); the higher rank wins the board unless the board's top card beats both.
    struct OneCard {
        list: Vec<Card>,
    }

    #[derive(Clone, Copy)]
    struct Held([u32; 2]);

    impl BoardShowdown for Held {
        fn players(&self) -> usize {
            2
        }
        fn hilo(&self) -> bool {
            false
        }
        fn strengths(
            &self,
            _: &[Card; 5],
            high: &mut [u32; MAX_PLAYERS],
            _: &mut [u8; MAX_PLAYERS],
        ) {
            high[0] = self.0[0];
            high[1] = self.0[1];
        }
    }

    impl HandDraw for OneCard {
        type Showdown = Held;
        fn showdown(&self) -> Held {
            Held([0, 0])
        }
        fn random_cards(&self) -> usize {
            1
        }
        fn ranged_cards(&self) -> usize {
            1
        }
        fn draw(&self, rng: &mut Xoshiro256PlusPlus, s: &mut Held) -> u64 {
            let c = self.list[below_u32(rng, self.list.len() as u32) as usize];
            s.0[0] = u32::from(c.rank());
            1 << c.index()
        }
        fn deal_random(&self, cards: &[Card], s: &mut Held) {
            s.0[1] = u32::from(cards[0].rank());
        }
    }

    /// Player 0 holds the ace or the deuce of clubs; player 1 a random other card of six: the
    /// equity is exact by hand, and the counts do not depend on the threads.
    #[test]
    fn ranged_and_random_hands_against_a_count_by_hand() {
        let pool = deck::parse_cards("Ac 2c 5d 6d 7d 8d 9d Td").unwrap();
        let deal = RunoutDeal {
            stubs: vec![
                deck::parse_cards("3h 4h 5h 6h").unwrap(),
                deck::parse_cards("3s 4s 5s 6s").unwrap(),
            ],
            pool: pool.clone(),
        };
        let hands = OneCard {
            list: deck::parse_cards("Ac 2c").unwrap(),
        };
        let run = |threads| {
            crate::pool::on_pool(threads, || {
                count_drawn_until_stopped(&hands, &deal, (5, 300_000), &|| false)
            })
            .unwrap()
            .unwrap()
        };
        let counts = run(1);
        assert_eq!(counts, run(2));
        // Ace: wins every board. Deuce: loses to the other seven cards (a 2c-free pool has
        // the Ac and six diamonds, all higher).
        let e = counts.equity(0);
        let se = (counts.variance(0) / counts.deals as f64).sqrt();
        assert!((e - 0.5).abs() < 4.0 * se, "{e} ± {se}");
        assert_eq!(counts.deals, 300_000);
    }
}
