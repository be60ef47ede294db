//! Category odds of the final Omaha high hand (exactly two hole cards and three board cards):
//! Monte Carlo over random hole cards and boards, and exact counts when every hole card is
//! known; dead cards (out of play) are never dealt.
//!
//! With all hole cards known an exact run visits C(52 − n, 5) boards (1,712,304 for PLO4,
//! 1,533,939 for PLO5, 1,370,754 for PLO6), milliseconds to a few tens of them. Without known
//! cards exact counts need every hand with every board: C(52, 4) · C(48, 5) ≈ 4.6 · 10^11
//! showdowns for PLO4 (≈ 2.8 · 10^10 after suit isomorphism of the hand), hours of one core,
//! so only Monte Carlo is offered there.

use deck::Card;
use deck::uniform::below_u32;
use engine::{CategoryCounts, Chunk, ChunkPlan, sum_chunks};
use rayon::prelude::*;

use crate::evaluate::{Board, Hole, PartialBoard, category_index};
use crate::tables::Tables;
use engine::Game;

fn counts_of(slots: [u64; 16]) -> CategoryCounts {
    CategoryCounts::from_slots(&slots)
}

/// The chunks of one Omaha odds run: the game, its known hole cards and the dead cards, shared
/// by every chunk (the work item of [`engine::driver::drive`], as
/// `engine::odds_loop::OddsChunks` is for the board games).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OddsChunks {
    game: Game,
    known: Vec<Card>,
    dead: Vec<Card>,
}

impl OddsChunks {
    /// The chunks of `game`'s odds run with `known` hole cards (0 to all of them) and `dead`
    /// cards out of play (distinct from the known ones, leaving enough to deal: see
    /// [`engine::check_dead`]).
    pub fn new(game: Game, known: &[Card], dead: &[Card]) -> Self {
        debug_assert!(known.len() <= game.hole_cards());
        // Built here, on the caller's thread, before any worker needs them.
        let _ = Tables::get();
        Self {
            game,
            known: known.to_vec(),
            dead: dead.to_vec(),
        }
    }

    /// Deals and counts chunk `chunk`.
    pub fn run(&self, chunk: Chunk) -> CategoryCounts {
        self.run_until(chunk, &|| false)
            .unwrap_or_else(|| unreachable!("never asked to stop"))
    }

    /// [`OddsChunks::run`], asking `stop` every [`STOP_CHECK_ROUNDS`] rounds (a chunk of six
    /// hole cards is a quarter of a second of one core, more on a loaded machine): `None` when
    /// it said to stop.
    pub fn run_until(&self, chunk: Chunk, stop: &dyn Fn() -> bool) -> Option<CategoryCounts> {
        run_chunk(self.game, &self.known, &self.dead, chunk, stop).map(counts_of)
    }
}

/// Monte Carlo category counts for `game` with `known` hole cards (0 to all of them) and `dead`
/// cards out of play, run through [`engine::sum_chunks`] on the current rayon pool: the same
/// seed gives the same counts on any number of threads.
pub fn simulate(
    game: Game,
    known: &[Card],
    dead: &[Card],
    seed: u64,
    plan: &ChunkPlan,
) -> CategoryCounts {
    let chunks = OddsChunks::new(game, known, dead);
    sum_chunks(
        seed,
        plan,
        0..plan.chunks(),
        CategoryCounts::default,
        |chunk| chunks.run(chunk),
        |a, b| a + b,
    )
}

/// Rounds between two questions to `stop` inside a chunk.
pub const STOP_CHECK_ROUNDS: u64 = 1 << 14;

/// One chunk's category slots; `None` when `stop` said to stop.
fn run_chunk(
    game: Game,
    known: &[Card],
    dead: &[Card],
    chunk: Chunk,
    stop: &dyn Fn() -> bool,
) -> Option<[u64; 16]> {
    let n = game.hole_cards();
    debug_assert!(known.len() <= n);
    let tables = Tables::get();
    let mut deck = live_cards(known, dead);
    let mut rng = chunk.rng;
    let m = deck.len() as u32;
    let deal = n - known.len() + 5;
    let mut hole = [Card::from_index(0); 6];
    hole[..known.len()].copy_from_slice(known);
    let mut slots = [0u64; 16];
    let mut dealt = 0;
    while dealt < chunk.rounds {
        if dealt > 0 && stop() {
            return None;
        }
        let block = STOP_CHECK_ROUNDS.min(chunk.rounds - dealt);
        dealt += block;
        for _ in 0..block {
            for i in 0..deal {
                let j = i + below_u32(&mut rng, m - i as u32) as usize;
                deck.swap(i, j);
            }
            for (slot, i) in (known.len()..n).zip(0..) {
                hole[slot] = deck[i];
            }
            let board: [Card; 5] = std::array::from_fn(|k| deck[n - known.len() + k]);
            let value = Hole::new(&hole[..n], game.spec().hand).high(tables, &Board::new(&board));
            slots[category_index(value) & 15] += 1;
        }
    }
    Some(slots)
}

/// The cards left to deal: neither known nor dead.
fn live_cards(known: &[Card], dead: &[Card]) -> Vec<Card> {
    Card::all()
        .filter(|c| !known.contains(c) && !dead.contains(c))
        .collect()
}

/// Exact category counts over every board of the cards neither known nor `dead` when all
/// `game.hole_cards()` hole cards are known, on the current rayon pool; `None` when fewer are
/// known (see the module docs for the cost).
pub fn exact(game: Game, known: &[Card], dead: &[Card]) -> Option<CategoryCounts> {
    if known.len() != game.hole_cards() {
        return None;
    }
    let hole = Hole::new(known, game.spec().hand);
    let _ = Tables::get();
    let rest = live_cards(known, dead);
    let m = rest.len();
    let slots = (0..m - 4)
        .into_par_iter()
        .map(|a| {
            let tables = Tables::get();
            let mut slots = [0u64; 16];
            let pa = PartialBoard::EMPTY.with(rest[a]);
            for b in a + 1..m {
                let pb = pa.with(rest[b]);
                for c in b + 1..m {
                    let pc = pb.with(rest[c]);
                    for d in c + 1..m {
                        let pd = pc.with(rest[d]);
                        for &e in &rest[d + 1..] {
                            let value = hole.high(tables, &pd.with(e).finish());
                            slots[category_index(value) & 15] += 1;
                        }
                    }
                }
            }
            slots
        })
        .reduce(
            || [0u64; 16],
            |mut x, y| {
                x.iter_mut().zip(y).for_each(|(p, q)| *p += q);
                x
            },
        );
    Some(counts_of(slots))
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;
    use eval::Category;

    #[test]
    fn a_chunk_stops_inside_when_asked_and_counts_the_same_otherwise() {
        let game = Game::plain(engine::GameId::Omaha6);
        let chunks = OddsChunks::new(game, &[], &[]);
        let plan = ChunkPlan::new(3 * STOP_CHECK_ROUNDS);
        let chunk = engine::Chunk::new(5, &plan, 0);
        let asked = std::sync::atomic::AtomicU64::new(0);
        let stop_on_second = || asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed) == 1;
        assert_eq!(chunks.run_until(chunk.clone(), &stop_on_second), None);
        assert_eq!(asked.into_inner(), 2);
        assert_eq!(
            chunks.run_until(chunk.clone(), &|| false),
            Some(chunks.run(chunk))
        );
    }

    #[test]
    fn exact_counts_every_board_and_monte_carlo_agrees() {
        let known = parse_cards("AsKsQdJd").unwrap();
        let exact = exact(Game::plain(engine::GameId::Omaha), &known, &[]).unwrap();
        assert_eq!(exact.total(), 1_712_304);
        assert!(super::exact(Game::plain(engine::GameId::Omaha), &known[..3], &[]).is_none());
        let plan = ChunkPlan::new(2_000_000);
        let mc = simulate(Game::plain(engine::GameId::Omaha), &known, &[], 9, &plan);
        let same = engine::on_pool(3, || {
            simulate(Game::plain(engine::GameId::Omaha), &known, &[], 9, &plan)
        })
        .unwrap();
        assert_eq!(mc, same);
        // Every category within 4.5 standard errors of exact (10 tests, each with a false-alarm
        // probability below 7e-6; the seed is fixed).
        for cat in Category::ALL {
            let p = exact.probability(cat);
            let se = (p * (1.0 - p) / 2e6).sqrt();
            let got = mc.probability(cat);
            assert!(
                (got - p).abs() <= 4.5 * se + 1e-12,
                "{cat}: {got} vs {p} ± {se}"
            );
        }
        // Quads need three of a hole rank on board; a royal needs AsKs with Qs Js Ts.
        assert!(exact.get(Category::FourOfAKind) > 0);
        assert!(exact.get(Category::RoyalFlush) > 0);
    }

    #[test]
    fn dead_cards_are_never_dealt_and_monte_carlo_agrees_with_exact() {
        let omaha = Game::plain(engine::GameId::Omaha);
        let known = parse_cards("AsKsQdJd").unwrap();
        // Every spade but the ace and king is dead: no spade flush is left, and the boards are
        // the C(37, 5) of the other cards.
        let dead = parse_cards("QsJsTs9s8s7s6s5s4s3s2s").unwrap();
        let exact = exact(omaha, &known, &dead).unwrap();
        assert_eq!(exact.total(), 435_897);
        let with_spades = super::exact(omaha, &known, &[]).unwrap();
        assert!(exact.get(Category::Flush) < with_spades.get(Category::Flush));
        let plan = ChunkPlan::new(1_000_000);
        let mc = simulate(omaha, &known, &dead, 4, &plan);
        for cat in Category::ALL {
            let p = exact.probability(cat);
            let se = (p * (1.0 - p) / 1e6).sqrt();
            let got = mc.probability(cat);
            assert!((got - p).abs() <= 4.5 * se, "{cat}: {got} vs {p} ± {se}");
        }
        assert_eq!(
            mc,
            engine::on_pool(3, || simulate(omaha, &known, &dead, 4, &plan)).unwrap()
        );
    }
}
