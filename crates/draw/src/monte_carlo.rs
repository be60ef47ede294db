//! Monte Carlo draw equity: chunks of seeded rounds, each filling every hand from the stub at
//! the first draw by partial Fisher–Yates, then playing the later draws by the pat rule
//! ([`crate::rule`]), then one showdown.
//!
//! The stub is the unseen cards, shuffled in place and reused as it is by the next round.
//! Cards thrown at a later draw go to a discard pile; should a draw find the stub empty, the
//! pile (the thrower's own cards included) is shuffled into a new stub, as the rules of the
//! triple-draw games say. Every run goes through [`engine::sum_pieces_until_stopped`]: chunk
//! `c` draws from its own generator, seeded by (seed, `c`), so the counts do not depend on the
//! threads, and a standard-error target is checked every [`CHECK_CHUNKS`] chunks.

use deck::Card;
use deck::uniform::below;
use engine::Watch;
use engine::driver::Job;
use engine::{Chunk, ChunkPlan, MAX_PLAYERS, TargetCheck, sum_pieces_until_stopped};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::ranking::{Ranking, with_ranking};
use crate::rule;
use crate::spot::Spot;
use crate::tally::{LocalTally, Tally};

/// Rounds per chunk of a Monte Carlo run.
pub const CHUNK_ROUNDS: u64 = 1 << 16;

/// Chunks between standard-error checks.
pub const CHECK_CHUNKS: u64 = 16;

/// A round's cards: the stub being dealt, the discard pile and the hands.
pub(crate) struct Table {
    pub(crate) stub: [Card; 52],
    /// Cards of the stub in play: `stub[next..end]` are undealt.
    pub(crate) end: usize,
    pub(crate) next: usize,
    pub(crate) pile: [Card; 52],
    pub(crate) piled: usize,
    /// Whether the stub was rebuilt from the pile this round.
    pub(crate) reshuffled: bool,
    pub(crate) hands: [[Card; 5]; MAX_PLAYERS],
}

impl Table {
    /// One card from the stub, uniformly among those undealt; the pile becomes the stub when
    /// the stub is empty.
    #[inline(always)]
    pub(crate) fn draw(&mut self, rng: &mut Xoshiro256PlusPlus) -> Card {
        if self.next == self.end {
            self.stub[..self.piled].copy_from_slice(&self.pile[..self.piled]);
            (self.next, self.end, self.piled) = (0, self.piled, 0);
            self.reshuffled = true;
        }
        let pick = self.next + below(rng, self.end - self.next);
        self.stub.swap(self.next, pick);
        self.next += 1;
        self.stub[self.next - 1]
    }
}

/// Plays the rounds of one chunk of `spot`.
pub fn run_chunk(spot: &Spot, stub: &[Card], chunk: Chunk) -> LocalTally {
    with_ranking!(spot.game.scoring(), R => run_chunk_as::<R>(spot, stub, chunk))
}

fn run_chunk_as<R: Ranking>(spot: &Spot, template: &[Card], chunk: Chunk) -> LocalTally {
    let seats = spot.players.len();
    let size = spot.game.hand_size();
    let mut rng = chunk.rng;
    let mut table = Table {
        stub: [Card::from_index(0); 52],
        end: template.len(),
        next: 0,
        pile: [Card::from_index(0); 52],
        piled: 0,
        reshuffled: false,
        hands: [[Card::from_index(0); 5]; MAX_PLAYERS],
    };
    table.stub[..template.len()].copy_from_slice(template);
    for (seat, player) in spot.players.iter().enumerate() {
        table.hands[seat][..player.kept.len()].copy_from_slice(&player.kept);
    }
    let mut main = [0u32; MAX_PLAYERS];
    let mut low = [0u8; MAX_PLAYERS];
    let mut tally = LocalTally::new(seats);
    for _ in 0..chunk.rounds {
        table.next = 0;
        table.piled = 0;
        for (seat, player) in spot.players.iter().enumerate() {
            if spot.draws > 1 {
                // The later draws of the last round rewrote the kept cards.
                table.hands[seat][..player.kept.len()].copy_from_slice(&player.kept);
            }
            for slot in player.kept.len()..size {
                table.hands[seat][slot] = table.draw(&mut rng);
            }
        }
        for _ in 1..spot.draws {
            for seat in 0..seats {
                let hand = table.hands[seat];
                let kept = rule::kept(R::SCORING, &hand[..size], spot.pat[seat]);
                let mut at = 0;
                for (slot, &card) in hand[..size].iter().enumerate() {
                    if kept >> slot & 1 == 1 {
                        table.hands[seat][at] = card;
                        at += 1;
                    } else {
                        table.pile[table.piled] = card;
                        table.piled += 1;
                    }
                }
                for slot in at..size {
                    table.hands[seat][slot] = table.draw(&mut rng);
                }
            }
        }
        for seat in 0..seats {
            let hand = &table.hands[seat][..size];
            main[seat] = R::main(hand);
            if R::HILO {
                low[seat] = R::low(hand);
            }
        }
        tally.record(&main[..seats], R::HILO.then_some(&low[..seats]));
        if table.reshuffled {
            table.stub[..template.len()].copy_from_slice(template);
            table.end = template.len();
            table.reshuffled = false;
        }
    }
    tally
}

/// Runs `plan` with `seed` on the current rayon pool, asking `stop` between pieces of work;
/// with a target, stops at the first check where every player's standard error is below it.
/// `None` when it said to stop.
pub fn simulate_until_stopped(
    spot: &Spot,
    seed: u64,
    plan: &ChunkPlan,
    target_stderr: Option<f64>,
    stop: &dyn Watch,
) -> Option<Tally> {
    let seats = spot.players.len();
    let stub = spot.stub();
    sum_pieces_until_stopped(
        &Job::whole(seed, plan),
        stop,
        || Tally::new(seats),
        |chunk| {
            let mut tally = Tally::new(seats);
            tally.add_local(&run_chunk(spot, &stub, chunk), 1);
            tally
        },
        |a, b| a + b,
        target_stderr.map(|t| TargetCheck {
            every: CHECK_CHUNKS,
            met: move |total: &Tally| total.every_std_error_below(t),
        }),
    )
}
