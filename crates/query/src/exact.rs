//! Exact enumeration: every deal of the players' hands (weighted by their ranges) and every
//! completion of the board (in stud: of each seat's seven cards), the `where` condition a
//! ratio of weighted counts.
//!
//! ```text
//!  job (h, f): player 1 holds hand h; the first dealt card is deck[f] (the lowest of its set
//!              in deck order); every other player's hand and the rest of the deal
//!              ([`crate::deal::Deal`]) are enumerated inside the job
//!  jobs run on any worker and are added up in job order (engine::sum_chunks)
//! ```
//!
//! The board's missing cards are dealt as sets, one per street that the query reads: a
//! river-only question counts each five-card board once, but one that reads the flop (or the
//! turn) counts each flop with every turn and river after it, so that the cards a street shows
//! are its own and not the lowest of the board in deck order.
//!
//! ```text
//!  board ''  reads flop and turn:  {flop} × turn × river   C(n,3)·(n-3)·(n-4)
//!            reads the flop only:  {flop} × {turn, river}  C(n,3)·C(n-3,2)
//!            reads the river only: {board}                 C(n,5)
//! ```

use std::cell::Cell;

use deck::Card;
use engine::{ChunkPlan, Watch, sum_chunks};

use crate::deal::Deal;
use crate::hands::mask;
use crate::program::Program;
use crate::spot::Prepared;
use crate::tally::Tally;
use crate::trial::Trial;

/// The work of an exact count, in hand evaluations: every combination of the players' hands
/// (before removing those that share cards) times the deals of the missing cards, times the
/// players, times the five-card evaluations of one hand (1 for the best five of seven; Omaha's
/// pairs of hole cards times the ten board triples), doubled in hi/lo games.
pub fn cost(prepared: &Prepared) -> u128 {
    let rules = &prepared.program.rules;
    let known = prepared.board.len() + prepared.dead.len();
    let held: usize = prepared.players.iter().map(|p| p.hands.hole).sum();
    let deck = prepared.program.deck.len();
    let deals = Deal::of(prepared).count(deck.saturating_sub(known + held));
    let per_hand = rules.evaluations() * if rules.hilo { 2 } else { 1 };
    prepared
        .players
        .iter()
        .fold(deals * prepared.players.len() as u128 * per_hand, |n, p| {
            n.saturating_mul(p.hands.len() as u128)
        })
}

/// The weight of a hand in an exact count: its thousandths, or 1 for a range without weights
/// (the same ratio, smaller numbers).
fn weights(prepared: &Prepared) -> Vec<Vec<u128>> {
    prepared
        .players
        .iter()
        .map(|p| {
            let weighted = p.hands.is_weighted();
            p.hands
                .weights
                .iter()
                .map(|&w| if weighted { u128::from(w) } else { 1 })
                .collect()
        })
        .collect()
}

/// Counts every outcome of `prepared` on the current rayon pool.
pub fn run(prepared: &Prepared) -> Tally {
    run_until_stopped(prepared, &|| false).unwrap_or_else(|| unreachable!("never asked to stop"))
}

/// [`run`], asking `watch` whether to stop before each job and before each hand of the second
/// player within one, and telling it each job done (of all the jobs): `None` when it said to
/// stop.
pub fn run_until_stopped(prepared: &Prepared, watch: &dyn Watch) -> Option<Tally> {
    let program = &prepared.program;
    let weights = weights(prepared);
    let deal = Deal::of(prepared);
    let firsts = if deal.slots.is_empty() {
        1
    } else {
        program.deck.len()
    };
    let jobs = prepared.players[0].hands.len() * firsts;
    let plan = ChunkPlan::with_chunk_rounds(jobs as u64, 1);
    let known = mask(&prepared.board) | mask(&prepared.dead);
    sum_chunks(
        0,
        &plan,
        0..plan.chunks(),
        || Some(Tally::new(program)),
        |chunk| {
            if watch.should_stop() {
                return None;
            }
            let job = chunk.index as usize;
            let (hand, first) = (job / firsts, job % firsts);
            let mut tally = Tally::new(program);
            let mut trial = Trial::new(prepared.players.len(), program.rules.hole);
            trial.board[..prepared.board.len()].copy_from_slice(&prepared.board);
            let hands = &prepared.players[0].hands;
            let cards = hands.hand(hand);
            trial.holes[0][hands.slot..hands.slot + cards.len()].copy_from_slice(cards);
            let used = known | mask(cards);
            let job = Job {
                prepared,
                weights: &weights,
                deal: &deal,
                first: (!deal.slots.is_empty()).then_some(first),
                watch,
                stopped: Cell::new(false),
            };
            job.players(&mut trial, &mut tally, 1, used, weights[0][hand]);
            if job.stopped.get() {
                return None;
            }
            watch.advance(1, jobs as u64);
            Some(tally)
        },
        |a, b| Some(a?.merge(b?)),
    )
}

/// One job's fixed parts.
struct Job<'a> {
    prepared: &'a Prepared,
    weights: &'a [Vec<u128>],
    /// The cards dealt after the players' hands.
    deal: &'a Deal,
    /// The deck index of the first dealt card, when one is dealt.
    first: Option<usize>,
    /// Asked before each hand of the second player.
    watch: &'a dyn Watch,
    /// Set when the watch said to stop: the job's count is then thrown away.
    stopped: Cell<bool>,
}

impl Job<'_> {
    fn players(&self, trial: &mut Trial, tally: &mut Tally, p: usize, used: u64, w: u128) {
        let players = &self.prepared.players;
        if p == players.len() {
            let deck = &self.prepared.program.deck;
            match self.first {
                None => self.finish(trial, tally, used, w),
                Some(f) => {
                    let c = deck[f];
                    if used >> c.index() & 1 != 0 {
                        return;
                    }
                    trial.put(self.deal.slots[0], c);
                    self.deal(trial, tally, 1, f + 1, used | 1 << c.index(), w);
                }
            }
            return;
        }
        let hands = &players[p].hands;
        for h in 0..hands.len() {
            // Between the second player's hands, far from the trials: a job of a few hands of
            // the first player may hold most of the count.
            if p == 1 && (self.stopped.get() || self.watch.should_stop()) {
                self.stopped.set(true);
                return;
            }
            let cards = hands.hand(h);
            let m = mask(cards);
            if m & used != 0 {
                continue;
            }
            trial.holes[p][hands.slot..hands.slot + cards.len()].copy_from_slice(cards);
            self.players(
                trial,
                tally,
                p + 1,
                used | m,
                w.saturating_mul(self.weights[p][h]),
            );
        }
    }

    fn deal(
        &self,
        trial: &mut Trial,
        tally: &mut Tally,
        at: usize,
        from: usize,
        used: u64,
        w: u128,
    ) {
        if at == self.deal.slots.len() {
            self.finish(trial, tally, used, w);
            return;
        }
        let deck: &[Card] = &self.prepared.program.deck;
        // A set of its own takes any card left; within a set, cards in deck order.
        let from = if self.deal.starts[at] { 0 } else { from };
        let slot = self.deal.slots[at];
        for (i, &c) in deck.iter().enumerate().skip(from) {
            if used >> c.index() & 1 != 0 {
                continue;
            }
            trial.put(slot, c);
            self.deal(trial, tally, at + 1, i + 1, used | 1 << c.index(), w);
        }
    }

    #[inline]
    fn finish(&self, trial: &mut Trial, tally: &mut Tally, used: u64, w: u128) {
        let program: &Program = &self.prepared.program;
        trial.seen = used;
        if program.needs_showdown {
            trial.settle(&program.rules);
        }
        tally.add_trial(program, trial, w);
    }
}
