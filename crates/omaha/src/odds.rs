//! Category odds of the final Omaha high hand (exactly two hole cards and three board cards):
//! Monte Carlo over random hole cards and boards, and exact counts when every hole card is
//! known.
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

/// Chunks run together between the checks of a precision target.
pub const TARGET_WAVE: u64 = 16;

/// Monte Carlo category counts for `game` with `known` hole cards (0 to all of them), run
/// through [`engine::sum_chunks`] on the current rayon pool: the same seed gives the same
/// counts on any number of threads.
pub fn simulate(game: Game, known: &[Card], seed: u64, plan: &ChunkPlan) -> CategoryCounts {
    simulate_until(game, known, seed, plan, None)
}

/// As [`simulate`], but with a target: chunks run in waves of [`TARGET_WAVE`] through
/// [`engine::map_chunks`], and their counts are added in chunk order until every category's
/// standard error is below `target` (checked after every chunk, so the stopping chunk depends on
/// the seed alone), at most the whole plan.
pub fn simulate_until(
    game: Game,
    known: &[Card],
    seed: u64,
    plan: &ChunkPlan,
    target: Option<f64>,
) -> CategoryCounts {
    simulate_until_stopped(
        game,
        known,
        seed,
        plan,
        target,
        plan.chunks().max(1),
        &|| false,
    )
    .unwrap_or_else(|| unreachable!("never asked to stop"))
}

/// [`simulate_until`], asking `stop` between pieces of work (every wave of [`TARGET_WAVE`]
/// chunks with a target, every `piece` chunks without): `None` when it said to stop. The
/// counts are integers added up, so the pieces change nothing in the result.
pub fn simulate_until_stopped(
    game: Game,
    known: &[Card],
    seed: u64,
    plan: &ChunkPlan,
    target: Option<f64>,
    piece: u64,
    stop: &(dyn Fn() -> bool + Sync),
) -> Option<CategoryCounts> {
    let _ = Tables::get();
    let mut total = [0u64; 16];
    let mut start = 0;
    let step = if target.is_some() {
        TARGET_WAVE
    } else {
        piece.max(1)
    };
    while start < plan.chunks() {
        if stop() {
            return None;
        }
        let end = (start + step).min(plan.chunks());
        match target {
            Some(target) => {
                let waves = engine::map_chunks(seed, plan, start..end, |chunk| {
                    run_chunk(game, known, chunk)
                });
                for slots in waves {
                    add_slots(&mut total, slots);
                    if counts_of(total).every_std_error_below(target) {
                        return Some(counts_of(total));
                    }
                }
            }
            None => {
                let slots = sum_chunks(
                    seed,
                    plan,
                    start..end,
                    || [0u64; 16],
                    |chunk| run_chunk(game, known, chunk),
                    |mut a, b| {
                        add_slots(&mut a, b);
                        a
                    },
                );
                add_slots(&mut total, slots);
            }
        }
        start = end;
    }
    Some(counts_of(total))
}

/// Adds one set of category slots to another.
fn add_slots(total: &mut [u64; 16], slots: [u64; 16]) {
    total.iter_mut().zip(slots).for_each(|(x, y)| *x += y);
}

/// One chunk's category slots.
fn run_chunk(game: Game, known: &[Card], chunk: Chunk) -> [u64; 16] {
    let n = game.hole_cards();
    debug_assert!(known.len() <= n);
    let tables = Tables::get();
    let mut deck: Vec<Card> = Card::all().filter(|c| !known.contains(c)).collect();
    let mut rng = chunk.rng;
    let m = deck.len() as u32;
    let deal = n - known.len() + 5;
    let mut hole = [Card::from_index(0); 6];
    hole[..known.len()].copy_from_slice(known);
    let mut slots = [0u64; 16];
    for _ in 0..chunk.rounds {
        for i in 0..deal {
            let j = i + below_u32(&mut rng, m - i as u32) as usize;
            deck.swap(i, j);
        }
        for (slot, i) in (known.len()..n).zip(0..) {
            hole[slot] = deck[i];
        }
        let board: [Card; 5] = std::array::from_fn(|k| deck[n - known.len() + k]);
        let value = Hole::new(&hole[..n]).high(tables, &Board::new(&board));
        slots[category_index(value) & 15] += 1;
    }
    slots
}

/// Exact category counts over every board when all `game.hole_cards()` hole cards are known,
/// on the current rayon pool; `None` when fewer are known (see the module docs for the cost).
pub fn exact(game: Game, known: &[Card]) -> Option<CategoryCounts> {
    if known.len() != game.hole_cards() {
        return None;
    }
    let hole = Hole::new(known);
    let _ = Tables::get();
    let rest: Vec<Card> = Card::all().filter(|c| !known.contains(c)).collect();
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

    /// Pieces change nothing: every piece size gives `simulate`'s counts, with and without a
    /// target; a stop request before the first piece gives nothing.
    #[test]
    fn pieces_give_the_same_counts_and_can_stop() {
        let known = parse_cards("AsKh").unwrap();
        let plan = ChunkPlan::with_chunk_rounds(300_000, 1 << 14);
        let whole = simulate(Game::plain(engine::GameId::Omaha5), &known, 3, &plan);
        for piece in [1, 3, 64] {
            let counts = simulate_until_stopped(
                Game::plain(engine::GameId::Omaha5),
                &known,
                3,
                &plan,
                None,
                piece,
                &|| false,
            );
            assert_eq!(counts, Some(whole), "piece {piece}");
        }
        let target = simulate_until(
            Game::plain(engine::GameId::Omaha5),
            &known,
            3,
            &plan,
            Some(2e-3),
        );
        assert_eq!(
            simulate_until_stopped(
                Game::plain(engine::GameId::Omaha5),
                &known,
                3,
                &plan,
                Some(2e-3),
                1,
                &|| false
            ),
            Some(target)
        );
        assert_eq!(
            simulate_until_stopped(
                Game::plain(engine::GameId::Omaha5),
                &known,
                3,
                &plan,
                None,
                1,
                &|| true
            ),
            None
        );
    }

    #[test]
    fn exact_counts_every_board_and_monte_carlo_agrees() {
        let known = parse_cards("AsKsQdJd").unwrap();
        let exact = exact(Game::plain(engine::GameId::Omaha), &known).unwrap();
        assert_eq!(exact.total(), 1_712_304);
        assert!(super::exact(Game::plain(engine::GameId::Omaha), &known[..3]).is_none());
        let plan = ChunkPlan::new(2_000_000);
        let mc = simulate(Game::plain(engine::GameId::Omaha), &known, 9, &plan);
        let same = engine::on_pool(3, || {
            simulate(Game::plain(engine::GameId::Omaha), &known, 9, &plan)
        })
        .unwrap();
        assert_eq!(mc, same);
        // A target stops at the same chunk on any number of threads, below the plan's end.
        let big = ChunkPlan::new(1 << 30);
        let run = |threads| {
            engine::on_pool(threads, || {
                simulate_until(
                    Game::plain(engine::GameId::Omaha5),
                    &known[..2],
                    4,
                    &big,
                    Some(2e-3),
                )
            })
            .unwrap()
        };
        let stopped = run(1);
        assert_eq!(stopped, run(2));
        assert!(stopped.total() < 1 << 30 && stopped.every_std_error_below(2e-3));
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
}
