//! Seeded Monte Carlo: each chunk its own generator seeded by (seed, chunk index), hands drawn
//! by their range weights (a deal whose hands share a card is drawn again whole), the board
//! (in stud: each seat's seven cards; in a draw game each hand at the first draw, then the later
//! draws by the pat rule, [`crate::later_draws`]) completed uniformly, the board as far as the program
//! reads it ([`crate::program::Program::board_read`]: a flop question deals no turn or river);
//! the chunks' sums added in chunk order, whatever the threads.

use deck::Card;
use engine::{Chunk, ChunkPlan, WeightedDraw, sum_chunks};
use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::deal::Deal;
use crate::hands::mask;
use crate::rules::MAX_HOLE;
use crate::spot::Prepared;
use crate::tally::Tally;
use crate::trial::{Slot, Trial};

/// Deals in a row whose hands all collide before a run gives up: the players' ranges leave
/// (almost) no deal.
pub const MAX_REDEALS: u32 = 100_000;

/// How a player's hand is drawn in a trial: by its range's weights, each hand's card mask
/// worked out once for the run rather than in every trial.
#[derive(Debug, Clone)]
pub struct PlayerDraw {
    /// The draw of a hand's index.
    pub draw: WeightedDraw,
    /// Each hand's card mask, by index.
    pub masks: Vec<u64>,
}

/// The draws of each player's range.
pub fn draws(prepared: &Prepared) -> Vec<PlayerDraw> {
    prepared
        .players
        .iter()
        .map(|p| PlayerDraw {
            draw: WeightedDraw::of_range(&p.hands.weights, p.hands.is_weighted()),
            masks: (0..p.hands.len()).map(|i| mask(p.hands.hand(i))).collect(),
        })
        .collect()
}

/// Runs chunks `chunks` of `plan` seeded by `seed` on the current rayon pool; `None` when the
/// ranges leave no deal ([`MAX_REDEALS`] collisions in a row).
pub fn run(
    prepared: &Prepared,
    draws: &[PlayerDraw],
    seed: u64,
    plan: &ChunkPlan,
    chunks: std::ops::Range<u64>,
) -> Option<Tally> {
    let deal = Deal::of(prepared);
    sum_chunks(
        seed,
        plan,
        chunks,
        || Some(Tally::new(&prepared.program)),
        |chunk| run_chunk(prepared, draws, &deal, chunk),
        |a, b| Some(a?.merge(b?)),
    )
}

/// One chunk's trials; `None` when the ranges leave no deal ([`MAX_REDEALS`] collisions in a
/// row).
pub fn run_chunk(
    prepared: &Prepared,
    draws: &[PlayerDraw],
    deal: &Deal,
    chunk: Chunk,
) -> Option<Tally> {
    let program = &prepared.program;
    let mut rng: Xoshiro256PlusPlus = chunk.rng;
    let mut tally = Tally::new(program);
    let mut trial = Trial::new(prepared.players.len(), program.rules.hole);
    let known = mask(&prepared.board) | mask(&prepared.dead);
    trial.board[..prepared.board.len()].copy_from_slice(&prepared.board);
    let deck = &program.deck;
    // The board's slots come in order: those past what the program reads end the list.
    let dealt = program.board_read().max(prepared.board.len());
    let read = deal
        .slots
        .iter()
        .take_while(|s| !matches!(s, Slot::Board(i) if usize::from(*i) >= dealt))
        .count();
    for _ in 0..chunk.rounds {
        let mut used = deal_players(prepared, draws, &mut trial, &mut rng, known)?;
        for &slot in &deal.slots[..read] {
            loop {
                let c = deck[rng.random_range(0..deck.len())];
                if used >> c.index() & 1 == 0 {
                    trial.put(slot, c);
                    used |= 1 << c.index();
                    break;
                }
            }
        }
        if let Some(later) = &prepared.later {
            later.play(&mut trial, program.rules.hole, deck, &mut used, &mut rng);
        }
        trial.seen = used;
        if program.needs_showdown {
            trial.settle(&program.rules);
        }
        tally.add_trial(program, &trial, 1);
    }
    Some(tally)
}

/// Deals every player a hand of their range, none sharing a card with another or with
/// `known`; the cards now used, or `None` after [`MAX_REDEALS`] failures.
#[inline]
fn deal_players(
    prepared: &Prepared,
    draws: &[PlayerDraw],
    trial: &mut Trial,
    rng: &mut Xoshiro256PlusPlus,
    known: u64,
) -> Option<u64> {
    'deal: for _ in 0..MAX_REDEALS {
        let mut used = known;
        for (p, (player, draw)) in prepared.players.iter().zip(draws).enumerate() {
            let hands = &player.hands;
            let i = draw.draw.draw(rng);
            let m = draw.masks[i];
            if m & used != 0 {
                continue 'deal;
            }
            used |= m;
            put_hand(&mut trial.holes[p], hands.slot, hands.hand(i));
        }
        return Some(used);
    }
    None
}

/// Puts a listed hand's `cards` in a seat's slots from `slot` on: the usual sizes copied as
/// fixed-size blocks rather than by a call to a copy of any length.
#[inline(always)]
fn put_hand(seat: &mut [Card; MAX_HOLE], slot: usize, cards: &[Card]) {
    match *cards {
        [a, b] => seat[slot..slot + 2].copy_from_slice(&[a, b]),
        [a, b, c, d] => seat[slot..slot + 4].copy_from_slice(&[a, b, c, d]),
        [a, b, c, d, e] => seat[slot..slot + 5].copy_from_slice(&[a, b, c, d, e]),
        _ => seat[slot..slot + cards.len()].copy_from_slice(cards),
    }
}
