//! Monte Carlo stud equity: chunks of seeded deals, each drawing the ranged down cards without
//! bias, dealing every player's missing cards from the deck, and one showdown.
//!
//! The deck is laid out `[known and dead cards | ranged down cards | the rest]`. Ranged
//! players' hands are drawn in proportion to their weights and redrawn together whenever two
//! share a card (rejection: exactly the distribution of the exact count, hands drawn in
//! proportion to the product of their weights among the combinations that fit), then placed in
//! their slots ([`deck::Deck::place`]); the missing cards are dealt after them by partial
//! Fisher–Yates ([`deck::Deck::deal`]), the shared last card (if the deck runs short) after the
//! private ones.
//!
//! Every run goes through [`engine::sum_chunks`], in pieces that a caller can stop
//! ([`engine::sum_pieces_until_stopped`]): chunk `c` draws from its own generator, seeded by (seed,
//! `c`), so the counts do not depend on the threads. A standard-error target is checked after every
//! [`CHECK_CHUNKS`] chunks, at fixed chunk counts.

use deck::{Card, Deck};
use engine::Watch;
use engine::driver::Job;
use engine::seed::chunk_rng;
use engine::two_card_range::combo_mask;
use engine::{Chunk, ChunkPlan, RangeError, TargetCheck, WeightedDraw, sum_pieces_until_stopped};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::dealt_table::DealtTables;
use crate::error::StudError;
use crate::heads_up;
use crate::ranking::{Ranking, with_ranking};
use crate::spot::{MAX_PLAYERS, Spot};
use crate::tally::{LocalTally, Tally};

/// Rounds per chunk of a Monte Carlo run.
pub const CHUNK_ROUNDS: u64 = 1 << 16;

/// Chunks between standard-error checks.
pub const CHECK_CHUNKS: u64 = 16;

/// Tries at building a sampler before ranges are declared too rarely compatible.
const FIT_TRIES: usize = 10_000;

/// One ranged player prepared for drawing.
#[derive(Debug, Clone)]
struct RangeDraw {
    /// The player's seat.
    seat: usize,
    /// The deck slot of the first of the two down cards.
    slot: usize,
    combos: Vec<[Card; 2]>,
    masks: Vec<u64>,
    /// The draw of a combo index: uniform, or by the range's weights.
    pick: WeightedDraw,
}

/// What one seat gets each round.
#[derive(Debug, Clone)]
struct SeatPlan {
    /// The seat's fixed known cards.
    known: Vec<Card>,
    /// Its first private card among the dealt ones.
    first: usize,
    /// How many private cards it is dealt.
    count: usize,
}

/// Everything a chunk needs, built once per run.
#[derive(Debug, Clone)]
pub struct Sampler {
    spot: Spot,
    seats: Vec<SeatPlan>,
    ranged: Vec<RangeDraw>,
    template: Deck,
    /// Cards dealt per round: every private card, then the shared one if any.
    deal: usize,
    /// Heads-up without ranges or a shared card, both players lacking the same few cards: each
    /// player's hands as a table, built once per run.
    heads_up: Option<DealtTables>,
}

impl Sampler {
    /// Prepares `spot` for sampling.
    ///
    /// # Errors
    /// [`RangeError::RangesRarelyFit`] when 10,000 tries (with a generator no chunk uses) find no
    /// deal where the ranged down cards fit together.
    pub fn new(spot: &Spot, seed: u64) -> Result<Sampler, StudError> {
        let mut known: Vec<Card> = spot
            .players
            .iter()
            .flat_map(|p| p.cards.iter().copied())
            .chain(spot.dead.iter().copied())
            .collect();
        let mut ranged = Vec::new();
        let mut seats = Vec::with_capacity(spot.players.len());
        let mut first = 0;
        for (seat, player) in spot.players.iter().enumerate() {
            let count = spot.private_cards(seat);
            seats.push(SeatPlan {
                known: player.cards.clone(),
                first,
                count,
            });
            first += count;
            if let Some(range) = &player.down {
                ranged.push(RangeDraw {
                    seat,
                    slot: 0,
                    masks: range.combos.iter().map(|&c| combo_mask(c)).collect(),
                    combos: range.combos.clone(),
                    pick: WeightedDraw::of_range(&range.weights, range.is_weighted()),
                });
            }
        }
        let deal = first + usize::from(spot.community());
        let mut sampler = Sampler {
            spot: spot.clone(),
            seats,
            ranged,
            template: Deck::new(),
            deal,
            heads_up: None,
        };
        if !sampler.ranged.is_empty() {
            let mut rng = chunk_rng(seed, u64::MAX);
            let fit = (0..FIT_TRIES).find_map(|_| sampler.try_ranged(&mut rng));
            let Some((picks, _)) = fit else {
                return Err(RangeError::RangesRarelyFit.into());
            };
            for (i, draw) in sampler.ranged.iter_mut().enumerate() {
                draw.slot = known.len();
                known.extend_from_slice(&draw.combos[picks[i] as usize]);
            }
        }
        sampler.template = Deck::with_known(&known)
            .unwrap_or_else(|_| unreachable!("a validated spot gives each card once"));
        if sampler.plays_heads_up() {
            let known = [&sampler.seats[0].known[..], &sampler.seats[1].known[..]];
            let lacking = [sampler.seats[0].count, sampler.seats[1].count];
            sampler.heads_up = with_ranking!(spot.game, R => heads_up::tables::<R>(known, lacking));
        }
        Ok(sampler)
    }

    /// Whether rounds go through the heads-up loop: two players, no ranges, no shared card.
    fn plays_heads_up(&self) -> bool {
        self.seats.len() == 2 && self.ranged.is_empty() && !self.spot.community() && self.deal > 0
    }

    /// One attempt to draw every ranged player's hand: their indices and cards if they fit.
    #[inline(always)]
    fn try_ranged(&self, rng: &mut Xoshiro256PlusPlus) -> Option<([u32; MAX_PLAYERS], u64)> {
        let mut used = 0u64;
        let mut picks = [0u32; MAX_PLAYERS];
        for (slot, draw) in self.ranged.iter().enumerate() {
            let i = draw.pick.draw(rng) as u32;
            let mask = draw.masks[i as usize];
            if used & mask != 0 {
                return None;
            }
            used |= mask;
            picks[slot] = i;
        }
        Some((picks, used))
    }

    /// Plays the rounds of one chunk.
    pub fn run_chunk(&self, chunk: Chunk) -> LocalTally {
        with_ranking!(self.spot.game, R => self.run_chunk_as::<R>(chunk))
    }

    fn run_chunk_as<R: Ranking>(&self, chunk: Chunk) -> LocalTally {
        let players = self.seats.len();
        if self.plays_heads_up() {
            let known = [&self.seats[0].known[..], &self.seats[1].known[..]];
            return heads_up::play::<R>(
                &self.template,
                self.deal,
                self.seats[0].count,
                known,
                self.heads_up.as_ref(),
                chunk,
            );
        }
        let mut rng = chunk.rng;
        let mut deck = self.template.clone();
        let known = deck.known();
        let mut base = [R::EMPTY; MAX_PLAYERS];
        for (seat, plan) in self.seats.iter().enumerate() {
            base[seat] = R::parts(&plan.known);
        }
        let fixed = base;
        let mut main = [0u32; MAX_PLAYERS];
        let mut low = [0u8; MAX_PLAYERS];
        let mut tally = LocalTally::new(players);
        for _ in 0..chunk.rounds {
            if !self.ranged.is_empty() {
                let (picks, _) = loop {
                    if let Some(found) = self.try_ranged(&mut rng) {
                        break found;
                    }
                };
                for (draw, &i) in self.ranged.iter().zip(&picks) {
                    let combo = draw.combos[i as usize];
                    deck.place(draw.slot, combo[0]);
                    deck.place(draw.slot + 1, combo[1]);
                    base[draw.seat] = R::add(R::add(fixed[draw.seat], combo[0]), combo[1]);
                }
            }
            let dealt = &deck.deal(&mut rng, self.deal)[known..];
            let shared = self.spot.community().then(|| dealt[self.deal - 1]);
            for (seat, plan) in self.seats.iter().enumerate() {
                let mut parts = base[seat];
                for &card in &dealt[plan.first..plan.first + plan.count] {
                    parts = R::add(parts, card);
                }
                if let Some(card) = shared {
                    parts = R::add(parts, card);
                }
                let s = R::value(parts);
                main[seat] = s.main;
                low[seat] = s.low;
            }
            tally.record(&main, R::HILO.then_some(&low[..]));
        }
        tally
    }

    /// Runs `plan` with `seed` on the current rayon pool; with a target, stops at the first
    /// check where every player's standard error is below it.
    pub fn simulate(&self, seed: u64, plan: &ChunkPlan, target_stderr: Option<f64>) -> Tally {
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
    ) -> Option<Tally> {
        let players = self.seats.len();
        // Each chunk's counts go into the run's `u128` tally as soon as they are counted.
        sum_pieces_until_stopped(
            &Job::whole(seed, plan),
            stop,
            || Tally::new(players),
            |chunk| {
                let mut tally = Tally::new(players);
                tally.add_local(&self.run_chunk(chunk), 1);
                tally
            },
            |a, b| a + b,
            target_stderr.map(|t| TargetCheck {
                every: CHECK_CHUNKS,
                met: move |total: &Tally| total.every_std_error_below(t),
            }),
        )
    }
}
