//! The odds table of one hand after more than one draw: the class of its final cards in its
//! game's chart ([`crate::chart`]) after the first draw fills the kept cards and every later
//! draw follows the pat rule ([`crate::rule`]) with one pat rank. Exact where cheap and the
//! stub cannot run out ([`DrawsTable::exact_cost`]), counted in ordered deals of the most cards
//! the draws can take, as [`crate::draws_exact`] counts equity; by seeded Monte Carlo always,
//! dealt as the equity runs deal (the discards shuffled into a new stub should it run out).
//!
//! ```text
//!  known 7c5d4h3s, 3 draws, pat 9:  path ─▶ final hand ─▶ chart row
//!  row count = Σ paths with that row of  weight · (n − T)_(T_max − T)   over  (n)_(T_max)
//! ```

use deck::Card;
use engine::{Chunk, Watch};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::chart::{Chart, HandTable, SLOTS};
use crate::draws_exact::{DrawsCost, falling};
use crate::error::DrawError;
use crate::game::Game;
use crate::later_draws::{for_each_path, path_bound};
use crate::monte_carlo::Table;
use crate::rule::{self, DEFAULT_PAT};

/// One hand's table after `draws` draws.
#[derive(Debug, Clone)]
pub struct DrawsTable {
    game: Game,
    chart: Chart,
    known: Vec<Card>,
    /// The unseen cards, in deck order.
    stub: Vec<Card>,
    draws: u32,
    pat: u8,
}

impl DrawsTable {
    /// The table of a `game` hand keeping `known`, with `dead` out of play, `draws` draws to
    /// come and pat rank `pat` (deck ranks; [`DEFAULT_PAT`] when `None`; only in the low games
    /// with more than one draw).
    ///
    /// # Errors
    /// As [`HandTable::new`]; [`DrawError::Draws`] for draws the game does not have,
    /// [`DrawError::PatInHighGame`] and [`DrawError::PatWithOneDraw`] for a pat rank where no
    /// rule reads it, [`DrawError::DeckTooSmall`] when the first draw finds too few cards.
    pub fn new(
        game: Game,
        known: &[Card],
        dead: &[Card],
        draws: u32,
        pat: Option<u8>,
    ) -> Result<DrawsTable, DrawError> {
        HandTable::new(game, known, dead)?;
        if draws == 0 || draws > game.max_draws() {
            return Err(DrawError::Draws { game, draws });
        }
        if pat.is_some() && !game.is_low() {
            return Err(DrawError::PatInHighGame { game });
        }
        if pat.is_some() && draws == 1 {
            return Err(DrawError::PatWithOneDraw);
        }
        let stub: Vec<Card> = Card::all()
            .filter(|c| !known.contains(c) && !dead.contains(c))
            .collect();
        let need = game.hand_size() - known.len();
        if need > stub.len() {
            return Err(DrawError::DeckTooSmall {
                needed: known.len() + dead.len() + need,
            });
        }
        Ok(DrawsTable {
            game,
            chart: Chart::of_game(game),
            known: known.to_vec(),
            stub,
            draws,
            pat: pat.unwrap_or(DEFAULT_PAT),
        })
    }

    /// The chart counted.
    pub fn chart(&self) -> Chart {
        self.chart
    }

    /// What the exact table takes, in paths listed ([`DrawsCost::Work`]), or why it is not
    /// made: the draws could run the stub out, or the count of ordered deals could pass 64 bits.
    pub fn exact_cost(&self) -> DrawsCost {
        let n = self.stub.len();
        let bound = path_bound(
            self.game.scoring(),
            &self.known,
            self.game.hand_size(),
            n,
            self.draws,
            self.pat,
        );
        if bound.cards > n {
            return DrawsCost::StubRunsOut {
                cards: bound.cards,
                unseen: n,
            };
        }
        match falling(n, bound.cards) {
            Some(deals) if deals <= u128::from(u64::MAX) => DrawsCost::Work(bound.paths),
            _ => DrawsCost::TooLarge,
        }
    }

    /// Plays one chunk of hands from the chunk's own generator: the first draw, then the later
    /// draws by the rule.
    pub fn run(&self, chunk: Chunk) -> [u64; SLOTS] {
        let mut rng: Xoshiro256PlusPlus = chunk.rng;
        let size = self.game.hand_size();
        let scoring = self.game.scoring();
        let n = self.stub.len();
        let blank = Card::from_index(0);
        let mut table = Table {
            stub: [blank; 52],
            end: n,
            next: 0,
            pile: [blank; 52],
            piled: 0,
            reshuffled: false,
            hands: [[blank; 5]; engine::MAX_PLAYERS],
        };
        table.stub[..n].copy_from_slice(&self.stub);
        let mut slots = [0u64; SLOTS];
        for _ in 0..chunk.rounds {
            table.next = 0;
            table.piled = 0;
            let mut hand = [blank; 5];
            hand[..self.known.len()].copy_from_slice(&self.known);
            for slot in &mut hand[self.known.len()..size] {
                *slot = table.draw(&mut rng);
            }
            for _ in 1..self.draws {
                let kept = rule::kept(scoring, &hand[..size], self.pat);
                let mut at = 0;
                for slot in 0..size {
                    let card = hand[slot];
                    if kept >> slot & 1 == 1 {
                        hand[at] = card;
                        at += 1;
                    } else {
                        table.pile[table.piled] = card;
                        table.piled += 1;
                    }
                }
                for slot in &mut hand[at..size] {
                    *slot = table.draw(&mut rng);
                }
            }
            slots[self.chart.row(&hand[..size])] += 1;
            if table.reshuffled {
                table.stub[..n].copy_from_slice(&self.stub);
                table.end = n;
                table.reshuffled = false;
            }
        }
        slots
    }

    /// Every way the draws can go, counted in ordered deals of the most cards they take (the
    /// counts add up to `(n)_(T_max)`), on the current rayon pool split by the first draw's
    /// lowest card; `None` when `stop` said to stop. Only for a table whose
    /// [`DrawsTable::exact_cost`] is [`DrawsCost::Work`].
    pub fn exact_until_stopped(&self, stop: &dyn Watch) -> Option<[u64; SLOTS]> {
        let n = self.stub.len();
        let size = self.game.hand_size();
        let groups = size + (self.draws as usize - 1) * size + 1;
        let piece = |lowest: Option<usize>| {
            let mut counts = vec![[0u64; SLOTS]; groups];
            for_each_path(
                self.game.scoring(),
                &self.known,
                &self.stub,
                lowest,
                size,
                self.draws,
                self.pat,
                |hand, _, drawn, weight| counts[drawn][self.chart.row(hand)] += weight,
            );
            counts
        };
        let add = |mut a: Vec<[u64; SLOTS]>, b: Vec<[u64; SLOTS]>| {
            for (x, y) in a.iter_mut().zip(b) {
                x.iter_mut().zip(y).for_each(|(x, y)| *x += y);
            }
            a
        };
        let counts = if self.known.len() == size {
            piece(None)
        } else {
            (0..n)
                .into_par_iter()
                .map(|lowest| {
                    if stop.should_stop() {
                        return None;
                    }
                    let counts = piece(Some(lowest));
                    stop.advance(1, n as u64);
                    Some(counts)
                })
                .reduce(
                    || Some(vec![[0u64; SLOTS]; groups]),
                    |a, b| Some(add(a?, b?)),
                )?
        };
        let most = (0..groups)
            .rev()
            .find(|&t| counts[t].iter().any(|&c| c > 0))
            .unwrap_or(0);
        let mut slots = [0u64; SLOTS];
        for (drawn, group) in counts.iter().enumerate().take(most + 1) {
            let scale = falling(n - drawn, most - drawn)
                .and_then(|s| u64::try_from(s).ok())
                .unwrap_or_else(|| unreachable!("bounded by exact_cost"));
            for (slot, &count) in slots.iter_mut().zip(group) {
                *slot += count * scale;
            }
        }
        Some(slots)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;
    use engine::ChunkPlan;

    fn table(game: Game, known: &str, dead: &str, draws: u32, pat: Option<u8>) -> DrawsTable {
        let known = parse_cards(known).unwrap();
        let dead = parse_cards(dead).unwrap();
        DrawsTable::new(game, &known, &dead, draws, pat).unwrap()
    }

    #[test]
    fn one_draw_is_the_one_draw_table_once_per_order() {
        for (game, known) in [
            (Game::TripleDraw27, "7c5d4h3s"),
            (Game::TripleDrawA5, "Ac2d3h"),
            (Game::Badugi, "As2d"),
        ] {
            let ours = table(game, known, "", 1, None)
                .exact_until_stopped(&|| false)
                .unwrap();
            let known = parse_cards(known).unwrap();
            let one = HandTable::new(game, &known, &[])
                .unwrap()
                .exact_until_stopped(&|| false)
                .unwrap();
            let orders: u64 = (1..=(game.hand_size() - known.len()) as u64).product();
            assert_eq!(ours, one.map(|c| c * orders), "{game}");
        }
    }

    #[test]
    fn a_one_card_draw_over_three_draws_counts_every_deal() {
        // 7-5-4-3 draws one card at each of three draws (pat 9): 48 · 47 · 46 ordered deals.
        let t = table(Game::TripleDraw27, "7c5d4h3s", "", 3, None);
        assert_eq!(t.exact_cost(), DrawsCost::Work(48 * 48 * 48));
        let slots = t.exact_until_stopped(&|| false).unwrap();
        assert_eq!(slots.iter().sum::<u64>(), 48 * 47 * 46);
    }

    #[test]
    fn sampled_tables_agree_with_the_exact_count() {
        for (game, known, draws, pat) in [
            (Game::TripleDraw27, "7c5d4h", 3, None),
            (Game::TripleDrawA5, "Ac2d3h4s", 2, Some(6)),
            (Game::Badugi, "As2d3c", 3, None),
        ] {
            let t = table(game, known, "", draws, pat);
            let exact = t.exact_until_stopped(&|| false).unwrap();
            let total: u64 = exact.iter().sum();
            let plan = ChunkPlan::with_chunk_rounds(200_000, 1 << 16);
            let mut sampled = [0u64; SLOTS];
            for i in 0..plan.chunks() {
                let counts = t.run(Chunk::new(7, &plan, i));
                sampled.iter_mut().zip(counts).for_each(|(a, b)| *a += b);
            }
            for (row, (&e, &s)) in exact.iter().zip(&sampled).enumerate() {
                let p = e as f64 / total as f64;
                let n = 200_000.0;
                let se = (p * (1.0 - p) / n).sqrt().max(1e-9);
                let z = (s as f64 / n - p) / se;
                assert!(
                    z.abs() < 4.5,
                    "{game} row {row}: exact {p}, sampled {}",
                    s as f64 / n
                );
            }
        }
    }

    #[test]
    fn refusals_name_the_problem() {
        let known = parse_cards("7c5d").unwrap();
        let new = |game, draws, pat| DrawsTable::new(game, &known, &[], draws, pat).map(|_| ());
        assert_eq!(
            new(Game::Lowball27, 2, None),
            Err(DrawError::Draws {
                game: Game::Lowball27,
                draws: 2
            })
        );
        assert_eq!(
            new(Game::TripleDraw27, 1, Some(7)),
            Err(DrawError::PatWithOneDraw)
        );
        assert_eq!(
            new(Game::Draw5, 1, Some(7)),
            Err(DrawError::PatInHighGame { game: Game::Draw5 })
        );
        // Random with three draws can take fifteen cards: fine; a stub of ten cannot serve it.
        let dead: Vec<Card> = Card::all().skip(10).collect();
        let t = DrawsTable::new(Game::TripleDraw27, &[], &dead, 3, None).unwrap();
        assert!(matches!(t.exact_cost(), DrawsCost::StubRunsOut { .. }));
    }
}
