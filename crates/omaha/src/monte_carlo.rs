//! Monte Carlo Omaha equity: chunks of seeded deals, each drawing range hands without bias,
//! the random hands and the rest of the board from the deck, and one showdown.
//!
//! Fixed hands are prepared once. Ranged players' hands are drawn in proportion to their
//! weights and redrawn together whenever two share a card (rejection, exact for the joint
//! distribution given no collision). The deck holds every card but the board, dead cards and
//! fixed hands; random hands and board cards are dealt from it by partial Fisher–Yates that
//! skips the cards the ranged hands took (each pick uniform among the cards still free).
//!
//! Every run goes through [`engine::sum_chunks`], in pieces that a caller can stop
//! ([`engine::sum_pieces_until_stopped`]): chunk `c` draws from its own generator, seeded by (seed,
//! `c`), so the counts do not depend on the threads. A standard-error target is checked after every
//! [`CHECK_CHUNKS`] chunks, at fixed chunk counts.

use deck::Card;
use deck::uniform::below_u32;
use engine::Watch;
use engine::driver::Job;
use engine::seed::chunk_rng;
use engine::{Chunk, ChunkPlan, RangeError, TargetCheck, WeightedDraw, sum_pieces_until_stopped};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::error::OmahaError;
use crate::evaluate::{Board, Hole};
use crate::range::{HoleCards, hand_mask};
use crate::showdown::play;
use crate::spot::Spot;
use crate::tables::Tables;
use engine::{HandRule, MAX_PLAYERS, PotTally};

/// Rounds per chunk of a Monte Carlo run.
pub const CHUNK_ROUNDS: u64 = 1 << 16;

/// Chunks between standard-error checks.
pub const CHECK_CHUNKS: u64 = 16;

/// Hands the search for a fitting deal tries before it gives up, when rejection found none: a
/// few tenths of a second at most.
pub const FIT_SEARCH_BUDGET: u64 = 1 << 26;

/// One ranged player prepared for drawing.
#[derive(Debug, Clone)]
struct RangeDraw {
    seat: usize,
    hands: Vec<HoleCards>,
    masks: Vec<u64>,
    /// The draw of a hand: uniform, or by the range's weights.
    draw: WeightedDraw,
}

/// Everything a chunk needs, built once per run.
#[derive(Debug, Clone)]
pub struct Sampler {
    players: usize,
    hole_cards: usize,
    rule: HandRule,
    hilo: bool,
    fixed: Vec<(usize, Hole)>,
    ranged: Vec<RangeDraw>,
    random_seats: Vec<usize>,
    board: [Card; 5],
    board_len: usize,
    deck: Vec<Card>,
}

impl Sampler {
    /// Prepares `spot` for sampling.
    ///
    /// # Errors
    /// When 10,000 tries (with a generator no chunk uses) find no deal where the ranged hands
    /// fit together: [`RangeError::NoDealFits`] if a search of the hands proves that none
    /// does, else [`RangeError::RangesRarelyFit`].
    pub fn new(spot: &Spot, seed: u64) -> Result<Self, OmahaError> {
        let n = spot.game.hole_cards();
        let mut sampler = Sampler {
            players: spot.players.len(),
            hole_cards: n,
            rule: spot.game.spec().hand,
            hilo: spot.game.is_hilo(),
            fixed: Vec::new(),
            ranged: Vec::new(),
            random_seats: Vec::new(),
            board: [Card::from_index(0); 5],
            board_len: spot.board.len(),
            deck: Vec::new(),
        };
        sampler.board[..spot.board.len()].copy_from_slice(&spot.board);
        let mut known = spot.known_mask();
        for (seat, range) in spot.players.iter().enumerate() {
            if range.random {
                sampler.random_seats.push(seat);
            } else if let Some(hand) = range.single() {
                sampler
                    .fixed
                    .push((seat, Hole::new(&hand[..n], sampler.rule)));
                known |= hand_mask(&hand, n);
            } else {
                sampler.ranged.push(RangeDraw {
                    seat,
                    masks: range.hands.iter().map(|h| hand_mask(h, n)).collect(),
                    hands: range.hands.clone(),
                    draw: WeightedDraw::of_range(&range.weights, range.is_weighted()),
                });
            }
        }
        sampler.deck = Card::all()
            .filter(|c| known & 1 << c.index() == 0)
            .collect();
        if !sampler.ranged.is_empty() {
            let mut rng = chunk_rng(seed, u64::MAX);
            let fits = (0..10_000)
                .filter(|_| sampler.try_ranged(&mut rng).is_some())
                .count();
            if fits == 0 {
                return Err(match spot.deal_fits(FIT_SEARCH_BUDGET) {
                    Some(false) => RangeError::NoDealFits,
                    _ => RangeError::RangesRarelyFit,
                }
                .into());
            }
        }
        Ok(sampler)
    }

    /// One attempt to draw every ranged player's hand: their indices and cards if they fit.
    #[inline(always)]
    fn try_ranged(&self, rng: &mut Xoshiro256PlusPlus) -> Option<([u32; MAX_PLAYERS], u64)> {
        let mut used = 0u64;
        let mut picks = [0u32; MAX_PLAYERS];
        for (slot, draw) in self.ranged.iter().enumerate() {
            let i = draw.draw.draw(rng) as u32;
            let mask = draw.masks[i as usize];
            if used & mask != 0 {
                return None;
            }
            used |= mask;
            picks[slot] = i;
        }
        Some((picks, used))
    }

    /// Puts the fixed hands in their seats (a ranged runout, [`crate::runouts`]).
    pub(crate) fn place_fixed(&self, holes: &mut [Hole; MAX_PLAYERS]) {
        for &(seat, hole) in &self.fixed {
            holes[seat] = hole;
        }
    }

    /// Draws every ranged player's hand by rejection, as a round of [`Sampler::run_chunk`]
    /// does; returns their cards.
    #[inline]
    pub(crate) fn draw_ranged(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        holes: &mut [Hole; MAX_PLAYERS],
    ) -> u64 {
        if self.ranged.is_empty() {
            return 0;
        }
        let (picks, used) = loop {
            if let Some(found) = self.try_ranged(rng) {
                break found;
            }
        };
        let n = self.hole_cards;
        for (draw, &i) in self.ranged.iter().zip(&picks) {
            holes[draw.seat] = Hole::new(&draw.hands[i as usize][..n], self.rule);
        }
        used
    }

    /// Cards the random players take.
    pub(crate) fn random_cards(&self) -> usize {
        self.random_seats.len() * self.hole_cards
    }

    /// Cards the ranged players take.
    pub(crate) fn ranged_cards(&self) -> usize {
        self.ranged.len() * self.hole_cards
    }

    /// Gives the random players their hands from `cards`, [`Sampler::random_cards`] of them.
    #[inline]
    pub(crate) fn deal_random(&self, cards: &[Card], holes: &mut [Hole; MAX_PLAYERS]) {
        let n = self.hole_cards;
        for (&seat, hand) in self.random_seats.iter().zip(cards.chunks_exact(n)) {
            holes[seat] = Hole::new(hand, self.rule);
        }
    }

    /// Prepares a hand dealt this round into `hole`: four cards under two plus three in place
    /// and without a branch ([`Hole::set_four`]), other hands by [`Hole::new`].
    #[inline(always)]
    fn prepare_into(&self, hole: &mut Hole, cards: &[Card]) {
        match <&[Card; 4]>::try_from(cards) {
            Ok(four) if self.rule == HandRule::TwoPlusThree => hole.set_four(four),
            _ => *hole = Hole::new(cards, self.rule),
        }
    }

    /// Deals one round: the ranged hands, then the random hands and the rest of the board from
    /// `deck` (its first `m` cards free but for `used`), into `holes` and `board`.
    #[inline(always)]
    fn deal_round(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        deck: &mut [Card],
        holes: &mut [Hole; MAX_PLAYERS],
        board: &mut [Card; 5],
    ) -> Board {
        let n = self.hole_cards;
        let m = deck.len() as u32;
        let mut used = 0u64;
        if !self.ranged.is_empty() {
            let (picks, mask) = loop {
                if let Some(found) = self.try_ranged(rng) {
                    break found;
                }
            };
            used = mask;
            for (draw, &i) in self.ranged.iter().zip(&picks) {
                self.prepare_into(&mut holes[draw.seat], &draw.hands[i as usize][..n]);
            }
        }
        let deal = self.random_seats.len() * n + (5 - self.board_len);
        if used == 0 {
            // No ranged hands: every card of the deck is free, and no pick waits on its card.
            for i in 0..deal {
                let j = i + below_u32(rng, m - i as u32) as usize;
                deck.swap(i, j);
            }
        } else {
            for i in 0..deal {
                let j = loop {
                    let j = i + below_u32(rng, m - i as u32) as usize;
                    if used & 1 << deck[j].index() == 0 {
                        break j;
                    }
                };
                deck.swap(i, j);
            }
        }
        for (k, &seat) in self.random_seats.iter().enumerate() {
            self.prepare_into(&mut holes[seat], &deck[k * n..k * n + n]);
        }
        // Element by element: a copy of run-time length would call memmove every round.
        let dealt = self.random_seats.len() * n;
        for (slot, i) in (self.board_len..5).zip(dealt..) {
            board[slot] = deck[i];
        }
        Board::new(board)
    }

    /// Plays the rounds of one chunk.
    ///
    /// Each round is dealt one round ahead of its showdown, into the other of two sets of
    /// hands, and its board's row of the high table is fetched meanwhile: the rounds draw the
    /// same numbers in the same order as one round at a time, and their counts add up the same.
    pub fn run_chunk(&self, chunk: Chunk) -> PotTally {
        let tables = Tables::get();
        let mut rng = chunk.rng;
        let mut deck = self.deck.clone();
        let n = self.hole_cards;
        let mut holes = [[Hole::new(&deck[..n], self.rule); MAX_PLAYERS]; 2];
        for set in &mut holes {
            for &(seat, hole) in &self.fixed {
                set[seat] = hole;
            }
        }
        let mut cards = self.board;
        let mut tally = PotTally::new(self.players);
        if chunk.rounds == 0 {
            return tally;
        }
        let mut boards = [self.deal_round(&mut rng, &mut deck, &mut holes[0], &mut cards); 2];
        boards[0].prefetch(tables);
        for round in 0..chunk.rounds {
            let now = (round & 1) as usize;
            if round + 1 < chunk.rounds {
                let next = self.deal_round(&mut rng, &mut deck, &mut holes[1 - now], &mut cards);
                next.prefetch(tables);
                boards[1 - now] = next;
            }
            play(
                tables,
                self.hilo,
                &holes[now][..self.players],
                &boards[now],
                &mut tally,
            );
        }
        tally
    }

    /// Runs `plan` with `seed` on the current rayon pool; with a target, stops at the first
    /// check where every player's standard error is below it.
    pub fn simulate(&self, seed: u64, plan: &ChunkPlan, target_stderr: Option<f64>) -> PotTally {
        self.simulate_until_stopped(seed, plan, target_stderr, &|| false)
            .unwrap_or_else(|| unreachable!("never asked to stop"))
    }

    /// [`Sampler::simulate`], asking `stop` between pieces of work and before each chunk
    /// ([`sum_pieces_until_stopped`]): with a target, its stopping rule is checked every
    /// [`CHECK_CHUNKS`] chunks. `None` when it said to stop. The counts are integers added up,
    /// so the pieces change nothing in the result.
    pub fn simulate_until_stopped(
        &self,
        seed: u64,
        plan: &ChunkPlan,
        target_stderr: Option<f64>,
        stop: &dyn Watch,
    ) -> Option<PotTally> {
        sum_pieces_until_stopped(
            &Job::whole(seed, plan),
            stop,
            || PotTally::new(self.players),
            |chunk| self.run_chunk(chunk),
            |a, b| a + b,
            target_stderr.map(|t| TargetCheck {
                every: CHECK_CHUNKS,
                met: move |total: &PotTally| total.every_std_error_below(t),
            }),
        )
    }
}

#[cfg(test)]
mod tests {
    use crate::range::Range;
    use crate::{Spot, equity};
    use deck::parse_cards;
    use engine::Game;
    use engine::Method;
    use engine::RangeError;

    fn spot(game: Game, hands: &[&str], board: &str) -> Spot {
        let players = hands
            .iter()
            .map(|h| Range::parse(h, game.hole_cards()).unwrap())
            .collect();
        Spot::new(game, players, parse_cards(board).unwrap(), vec![]).unwrap()
    }

    fn mc(rounds: u64, seed: u64) -> Method {
        Method::MonteCarlo {
            rounds,
            seed,
            target_stderr: None,
        }
    }

    /// Monte Carlo within 4 standard errors of exact for every player (a false alarm has
    /// probability about 6e-5 per player; the seeds are fixed, so the test is deterministic).
    #[test]
    fn monte_carlo_lies_within_four_standard_errors_of_exact() {
        let spots: [(Game, &[&str], &str); 5] = [
            // Listed ranges that collide in some combinations: exact counts every compatible
            // combination once, rejection draws them uniformly.
            (
                Game::plain(engine::GameId::OmahaHilo),
                &["AsAhKsKh,AdAcKdKc", "AsQdQcJh,7h7c6h6c"],
                "2c3h4s",
            ),
            (
                Game::plain(engine::GameId::Omaha),
                &["AsAhKsKh", "JdTd9c8c"],
                "",
            ),
            (
                Game::plain(engine::GameId::OmahaHilo),
                &["As2s3dKd", "AhKhQcJc", "5c6c7h8h"],
                "",
            ),
            (
                Game::plain(engine::GameId::Omaha5),
                &["AsAhKsKh2c", "JdTd9c8c7d"],
                "2d3d4h",
            ),
            (
                Game::plain(engine::GameId::Omaha6Hilo),
                &["As2s3dKdQdJd", "Ah4h5c6c7s8s"],
                "",
            ),
        ];
        for (v, hands, board) in spots {
            let g = spot(v, hands, board);
            let exact = equity(&g, &Method::Exact).unwrap();
            let sampled = equity(&g, &mc(400_000, 11)).unwrap();
            for (e, s) in exact.players.iter().zip(&sampled.players) {
                assert!(
                    (e.equity - s.equity).abs() < 4.0 * s.std_error,
                    "{v} {hands:?}: exact {} mc {} ± {}",
                    e.equity,
                    s.equity,
                    s.std_error
                );
                let low = |p: &engine::PlayerEquity| p.hilo.map_or(0.0, |h| h.low);
                assert_eq!(e.hilo.is_some(), v.is_hilo());
                assert!((low(e) - low(s)).abs() < 0.01 + 4.0 * s.std_error);
            }
        }
    }

    #[test]
    fn results_do_not_depend_on_the_threads() {
        let g = spot(
            Game::plain(engine::GameId::OmahaHilo),
            &["AAxx:ds", "random", "A2xx,A3xx:0.5", "KsKdQsJd"],
            "",
        );
        let run = |threads| {
            engine::on_pool(threads, || equity(&g, &mc(300_000, 5)))
                .unwrap()
                .unwrap()
        };
        let one = run(1);
        assert_eq!(one, run(3));
        assert_eq!(one.tally.outcomes, 300_000);
        let sum: f64 = one.players.iter().map(|p| p.equity).sum();
        assert!((sum - 1.0).abs() < 1e-9);
    }

    #[test]
    fn a_target_stops_early_at_a_fixed_chunk() {
        let g = spot(
            Game::plain(engine::GameId::Omaha),
            &["AsAhKsKh", "random"],
            "",
        );
        let m = Method::MonteCarlo {
            rounds: 1 << 30,
            seed: 2,
            target_stderr: Some(0.002),
        };
        let a = engine::on_pool(1, || equity(&g, &m)).unwrap().unwrap();
        let b = engine::on_pool(2, || equity(&g, &m)).unwrap().unwrap();
        assert_eq!(a, b);
        assert!(a.tally.outcomes < 1 << 30);
        assert!(a.players.iter().all(|p| p.std_error < 0.002));
    }

    #[test]
    fn ranges_that_cannot_fit_are_refused() {
        // A fixed hand empties a range that needs its cards.
        let players = vec![
            Range::parse("AsAhAdAc", 4).unwrap(),
            Range::parse("AAxx", 4).unwrap(),
        ];
        assert!(Spot::new(Game::plain(engine::GameId::Omaha), players, vec![], vec![]).is_err());
        // Three ranges that each need two of the four aces never fit together: the spot is
        // refused before any sampling.
        let aces: Vec<Range> = ["AAxx"; 3]
            .iter()
            .map(|t| Range::parse(t, 4).unwrap())
            .collect();
        assert_eq!(
            Spot::new(Game::plain(engine::GameId::Omaha), aces, vec![], vec![]),
            Err(crate::OmahaError::Range(RangeError::NoDealFits))
        );
        // Every hand of both ranges holds the ace of spades: no rank runs out, rejection finds
        // nothing, and the search proves that nothing fits.
        let g = spot(
            Game::plain(engine::GameId::Omaha),
            &["AsKsQsJs,AsKhQhJh", "AsKdQdJd,AsKcQcJc", "random"],
            "",
        );
        assert_eq!(
            equity(&g, &mc(10, 1)),
            Err(crate::OmahaError::Range(RangeError::NoDealFits))
        );
    }
}
