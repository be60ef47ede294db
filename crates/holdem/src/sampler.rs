//! Monte Carlo equity: chunks of seeded deals, each drawing range combos without bias, the rest
//! of the board from the deck, and one showdown.
//!
//! Three ways, the fastest that applies:
//! - **No ranges** (fixed hands and `random` only): dealt from a deck whose known cards are the
//!   fixed hands, by [`crate::dealt`].
//! - **Ranges whose compatible assignments can be listed** (at most 2^20 combinations of
//!   combos): stratified over the list, every round a dealt round with the assignment's hands
//!   fixed ([`crate::stratified`]). Conflicts between ranges and with the board are exact: only
//!   compatible assignments are listed.
//! - **Otherwise**: the ranged players' combos are drawn in proportion to their weights and
//!   redrawn together whenever two of them share a card (rejection), which is exact and cheap
//!   while collisions are rare; the rest of the board is drawn card by card.
//!
//! `random` players are dealt from the deck after the others: every compatible deal leaves the
//! same number of cards, so this is the same distribution as rejecting over all 1,326 combos,
//! without the rejections.
//!
//! Every run goes through [`engine::sum_chunks`], in pieces that a caller can stop
//! ([`engine::sum_pieces_until_stopped`]): chunk `c` draws from its own generator, seeded by (seed,
//! `c`), so the counts do not depend on the threads.

use deck::Card;
use deck::uniform::below_u32;
use engine::Watch;
use engine::driver::Job;
use engine::seed::chunk_rng;
use engine::{
    Chunk, ChunkPlan, RangeError, TargetCheck, WeightedDraw, sum_chunks, sum_pieces_until_stopped,
};
use eval::{HandKey, SuitMasks};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::dealt::DealtSpot;
use crate::enumeration::showdown;
use crate::error::HoldemError;
use crate::range::{Combo, combo_mask};
use crate::spot::Spot;
use crate::stratified::StratifiedSpot;
use engine::{LocalCounts, MAX_PLAYERS, SplitTally};
use eval::{HighRanking, Ranking};

/// Rounds per chunk of a dealt or rejection run: milliseconds of work per chunk, and many
/// chunks to share among threads.
pub const EQUITY_CHUNK_ROUNDS: u64 = 1 << 16;

/// Rounds per chunk of a stratified run ([`crate::stratified`]), four times more: each chunk
/// spreads its rounds over the listed assignments and plays each assignment's as one run, so
/// longer chunks give longer runs. With wide ranges (about 11,000 assignments of
/// `22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+` against `TT+,AQs+,AKo`) chunks of 2^16 rounds gave runs
/// of 6.7 rounds on average, and switching hands between runs halved the speed.
pub const STRATIFIED_CHUNK_ROUNDS: u64 = 1 << 18;

/// Rounds between `--target-stderr` checks (a multiple of every chunk size): checks fall at
/// fixed round counts, never where a thread happens to be, so the stopping point is
/// reproducible.
pub const CHECK_ROUNDS: u64 = 1 << 20;

/// Above this many combinations of range combos, assignments are drawn by rejection instead
/// of listed.
pub const LIST_LIMIT: u128 = 1 << 20;

/// One player's range prepared for drawing.
#[derive(Debug, Clone)]
struct RangeDraw {
    seat: usize,
    combos: Vec<Combo>,
    masks: Vec<u64>,
    /// The draw of a combo: uniform, or by the range's weights.
    draw: WeightedDraw,
}

/// Everything a chunk needs, built once per run.
#[derive(Debug, Clone)]
pub struct Sampler {
    game: Spot,
    ranged: Vec<RangeDraw>,
    random_seats: Vec<usize>,
    /// Seats with a single hand, and the hand.
    fixed: Vec<(usize, Combo)>,
    board_key: HandKey,
    board_masks: SuitMasks,
    /// Board, dead and fixed-hand cards.
    known: u64,
    /// The fast path, when no player holds a range.
    dealt: Option<DealtSpot>,
    /// The stratified path, when the ranges' assignments are listed.
    stratified: Option<StratifiedSpot>,
}

impl Sampler {
    /// Prepares `game`, choosing rejection or the listed sampler.
    ///
    /// # Errors
    /// [`RangeError::NoDealFits`] when no compatible deal exists,
    /// [`RangeError::RangesRarelyFit`] when rejection almost never finds one.
    pub fn new(game: &Spot, seed: u64) -> Result<Self, HoldemError> {
        let mut ranged = Vec::new();
        let mut random_seats = Vec::new();
        let mut fixed = Vec::new();
        for (seat, range) in game.players.iter().enumerate() {
            if range.random {
                random_seats.push(seat);
                continue;
            }
            if let Some(combo) = range.single() {
                // A fixed hand is dealt once per chunk, not drawn every round.
                fixed.push((seat, combo));
                continue;
            }
            ranged.push(RangeDraw {
                seat,
                combos: range.combos.clone(),
                masks: range.combos.iter().map(|&c| combo_mask(c)).collect(),
                draw: WeightedDraw::of_range(&range.weights, range.is_weighted()),
            });
        }
        let mut sampler = Sampler {
            game: game.clone(),
            ranged,
            random_seats,
            board_key: HandKey::of(&game.board),
            board_masks: game.board.iter().fold(SuitMasks::EMPTY, |m, &c| m.with(c)),
            known: fixed
                .iter()
                .fold(game.known_mask(), |m, &(_, c)| m | combo_mask(c)),
            fixed,
            dealt: None,
            stratified: None,
        };
        if sampler.ranged.is_empty() {
            sampler.dealt = DealtSpot::new(game);
            return Ok(sampler);
        }
        let ranged_game = Spot {
            players: sampler
                .ranged
                .iter()
                .map(|r| game.players[r.seat].clone())
                .collect(),
            ..game.clone()
        };
        match ranged_game.assignments(LIST_LIMIT) {
            Some(assignments) => {
                if assignments.is_empty() {
                    return Err(RangeError::NoDealFits.into());
                }
                let seats = sampler.ranged.iter().map(|r| r.seat).collect();
                sampler.stratified = StratifiedSpot::new(game, seats, &assignments);
                // Otherwise (weights too many and too varied to sum in 64 bits), rejection:
                // exact too, and listing shows it finds deals.
            }
            None => {
                // Too many combinations to list: check that rejection finds deals at all, with
                // a generator no chunk uses.
                let mut rng = chunk_rng(seed, u64::MAX);
                let mut holes = [[Card::new(0, 0); 2]; MAX_PLAYERS];
                let fits = (0..10_000)
                    .filter(|_| sampler.try_ranged(&mut rng, &mut holes).is_some())
                    .count();
                if fits == 0 {
                    return Err(RangeError::RangesRarelyFit.into());
                }
            }
        }
        Ok(sampler)
    }

    /// Rounds per chunk of this sampler's runs: [`STRATIFIED_CHUNK_ROUNDS`] when stratified,
    /// otherwise [`EQUITY_CHUNK_ROUNDS`].
    pub fn chunk_rounds(&self) -> u64 {
        if self.stratified.is_some() {
            STRATIFIED_CHUNK_ROUNDS
        } else {
            EQUITY_CHUNK_ROUNDS
        }
    }

    /// The chunks of a run of `rounds` rounds.
    pub fn plan(&self, rounds: u64) -> ChunkPlan {
        ChunkPlan::with_chunk_rounds(rounds, self.chunk_rounds())
    }

    /// Chunks of [`Sampler::plan`] between two `--target-stderr` checks.
    pub fn check_chunks(&self) -> u64 {
        CHECK_ROUNDS / self.chunk_rounds()
    }

    /// Whether the ranged players' assignments are stratified ([`crate::stratified`]) rather
    /// than drawn by rejection.
    pub fn is_stratified(&self) -> bool {
        self.stratified.is_some()
    }

    /// One attempt to draw every ranged player's combo; the used cards if they fit.
    #[inline(always)]
    fn try_ranged(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        holes: &mut [Combo; MAX_PLAYERS],
    ) -> Option<u64> {
        let mut used = self.known;
        for draw in &self.ranged {
            let i = draw.draw.draw(rng);
            let mask = draw.masks[i];
            if used & mask != 0 {
                return None;
            }
            used |= mask;
            holes[draw.seat] = draw.combos[i];
        }
        Some(used)
    }

    /// Draws the ranged players' combos by rejection; returns the used cards (the known
    /// cards and the combos'). Also the draw of a ranged runout ([`crate::runouts`]).
    #[inline(always)]
    pub(crate) fn draw_ranged(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        holes: &mut [Combo; MAX_PLAYERS],
    ) -> u64 {
        loop {
            if let Some(used) = self.try_ranged(rng, holes) {
                return used;
            }
        }
    }

    /// The seats with a single hand, and the hand.
    pub(crate) fn fixed(&self) -> &[(usize, Combo)] {
        &self.fixed
    }

    /// The seats dealt a random hand.
    pub(crate) fn random_seats(&self) -> &[usize] {
        &self.random_seats
    }

    /// How many players draw from a range.
    pub(crate) fn ranged_players(&self) -> usize {
        self.ranged.len()
    }

    /// Plays one chunk's rounds with the chunk's own generator, counters in local arrays.
    pub fn run_chunk(&self, chunk: Chunk) -> SplitTally {
        let Chunk {
            rounds, mut rng, ..
        } = chunk;
        let players = self.game.players.len();
        let local = match (&self.dealt, &self.stratified) {
            (Some(dealt), _) => Some(dealt.run(&mut rng, rounds)),
            (None, Some(stratified)) => Some(stratified.run(&mut rng, rounds)),
            (None, None) => None,
        };
        if let Some(local) = local {
            let mut tally = SplitTally::new(players);
            tally.add_local(&local, 1);
            return tally;
        }
        match self.game.game.ranking() {
            HighRanking::Holdem(holdem) => self.sample_rounds(holdem, &mut rng, rounds),
            HighRanking::ShortDeck(evaluator) => self.sample_rounds(evaluator, &mut rng, rounds),
        }
    }

    /// Draws and plays `rounds` rounds of ranged hands under the ranking `ranking`.
    fn sample_rounds<S: Ranking>(
        &self,
        ranking: S,
        rng: &mut Xoshiro256PlusPlus,
        rounds: u64,
    ) -> SplitTally {
        let players = self.game.players.len();
        let mut holes = [[Card::new(0, 0); 2]; MAX_PLAYERS];
        for &(seat, combo) in &self.fixed {
            holes[seat] = combo;
        }
        let mut local = LocalCounts::default();
        let to_deal = self.game.to_deal();
        for _ in 0..rounds {
            let mut used = self.draw_ranged(rng, &mut holes);
            for &seat in &self.random_seats {
                let a = draw_card(rng, &mut used);
                let b = draw_card(rng, &mut used);
                holes[seat] = [a, b];
            }
            let (mut key, mut masks) = (self.board_key, self.board_masks);
            for _ in 0..to_deal {
                let c = draw_card(rng, &mut used);
                key = key.with(c);
                masks = masks.with(c);
            }
            showdown(ranking, key, masks, &holes[..players], &mut local);
        }
        let mut tally = SplitTally::new(players);
        tally.add_local(&local, 1);
        tally
    }

    /// Runs chunks `from..to` of `plan` on the current pool and adds them up.
    pub fn run_chunks(&self, seed: u64, plan: &ChunkPlan, from: u64, to: u64) -> SplitTally {
        let players = self.game.players.len();
        sum_chunks(
            seed,
            plan,
            from..to,
            || SplitTally::new(players),
            |chunk| self.run_chunk(chunk),
            |a, b| a + b,
        )
    }

    /// Runs `plan` (from [`Sampler::plan`]); with a target, stops at the first multiple of
    /// [`Sampler::check_chunks`] chunks where every player's standard error is below it.
    pub fn simulate(&self, seed: u64, plan: &ChunkPlan, target: Option<f64>) -> SplitTally {
        match target {
            None => self.run_chunks(seed, plan, 0, plan.chunks()),
            Some(_) => self
                .simulate_until_stopped(seed, plan, target, &|| false)
                .unwrap_or_else(|| unreachable!("never asked to stop")),
        }
    }

    /// [`Sampler::simulate`], asking `stop` between pieces of work and before each chunk
    /// ([`sum_pieces_until_stopped`]): with a target, its stopping rule is checked every
    /// [`Sampler::check_chunks`] chunks. `None` when it said to stop. The counts are integers
    /// added up, so the pieces change nothing in the result.
    pub fn simulate_until_stopped(
        &self,
        seed: u64,
        plan: &ChunkPlan,
        target: Option<f64>,
        stop: &dyn Watch,
    ) -> Option<SplitTally> {
        let players = self.game.players.len();
        sum_pieces_until_stopped(
            &Job::whole(seed, plan),
            stop,
            || SplitTally::new(players),
            |chunk| self.run_chunk(chunk),
            |a, b| a + b,
            target.map(|t| TargetCheck {
                every: self.check_chunks(),
                met: move |tally: &SplitTally| (0..players).all(|p| tally.std_error(p) < t),
            }),
        )
    }
}

/// A uniform card not in `used`, which it is then added to.
#[inline(always)]
fn draw_card(rng: &mut Xoshiro256PlusPlus, used: &mut u64) -> Card {
    loop {
        let c = below_u32(rng, 52);
        if *used & 1 << c == 0 {
            *used |= 1 << c;
            return Card::from_index(c as u8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::enumeration::enumerate;

    fn game(hands: &[&str], board: &str) -> Spot {
        Spot::parse(hands, board, "")
    }

    /// Monte Carlo against exact on spots with ranges, weights, random hands and a heavily
    /// overlapping (listed-sampler) case. Each equity must lie within 4 standard errors: with
    /// fixed seeds the test is deterministic, and a correct sampler fails such a bound with
    /// probability about 6e-5 per player.
    #[test]
    fn monte_carlo_agrees_with_exact_within_four_standard_errors() {
        let spots = [
            (vec!["AhKh", "QQ+,AKs"], "Qh7h2c"),
            (vec!["AKs:0.3,QQ", "JJ-99", "random"], "2c7d3hKs"),
            (vec!["AA,KK", "AK,KK:0.5"], "Kd7c2s"),
            (vec!["Jc5c", "QdTd", "random"], "Ad9s4h"),
            // Heavy overlap: drawn by the listed sampler.
            (vec!["AA", "AK", "AK:0.5,KQs"], "Kc7d2h"),
        ];
        for (hands, board) in spots {
            let g = game(&hands, board);
            let exact = enumerate(&g, &g.assignments(u128::MAX).unwrap());
            let sampler = Sampler::new(&g, 9).unwrap();
            let mc = sampler.simulate(
                9,
                &ChunkPlan::with_chunk_rounds(400_000, EQUITY_CHUNK_ROUNDS),
                None,
            );
            let (e, m) = (exact.equities(true), mc.equities(false));
            for (e, m) in e.iter().zip(&m) {
                let z = (m.equity - e.equity) / m.std_error;
                assert!(
                    z.abs() < 4.0,
                    "{hands:?} {board}: {} vs {} (z {z})",
                    m.equity,
                    e.equity
                );
            }
        }
    }

    #[test]
    fn listed_ranges_are_stratified_and_unlisted_ones_rejected() {
        let stratified = |hands: &[&str], board| {
            Sampler::new(&game(hands, board), 1)
                .unwrap()
                .is_stratified()
        };
        assert!(stratified(&["AA", "AK", "AK"], ""));
        assert!(stratified(&["AA", "AK", "AK:0.5,KQs"], "Kc7d2h"));
        assert!(stratified(&["AsAh", "QQ+,AKs", "random"], ""));
        // 2 fixed hands: nothing to list.
        assert!(!stratified(&["AhKh", "QsQd"], ""));
        // Four wide ranges: over 2^20 combinations, drawn by rejection.
        assert!(!stratified(
            &["22+,A2+", "22+,A2+", "22+,A2+", "22+,A2+"],
            ""
        ));
    }

    #[test]
    fn impossible_ranges_are_an_error() {
        let g = game(&["AA", "AA", "AA"], "");
        assert!(Sampler::new(&g, 1).is_err());
    }

    #[test]
    fn target_stops_at_a_chunk_boundary() {
        let g = game(&["AsAh", "KsKh"], "");
        let s = Sampler::new(&g, 3).unwrap();
        let t = s.simulate(3, &s.plan(1 << 30), Some(1e-3));
        assert!(t.samples.is_multiple_of(CHECK_ROUNDS));
        assert!(t.std_error(0) < 1e-3);
    }

    #[test]
    fn pieces_give_the_whole_runs_counts_and_can_stop() {
        let g = game(&["AsAh", "QQ+,AKs"], "");
        let s = Sampler::new(&g, 5).unwrap();
        let plan = s.plan(3_000_000);
        for target in [None, Some(2e-3)] {
            let whole = s.simulate(5, &plan, target);
            assert_eq!(
                s.simulate_until_stopped(5, &plan, target, &|| false),
                Some(whole),
                "{target:?}"
            );
            assert_eq!(s.simulate_until_stopped(5, &plan, target, &|| true), None);
        }
    }
}
