//! The draw games' odds tables: what one hand's final five cards (badugi four) are sorted by,
//! after the one draw that fills them from the unseen cards, counted exactly or by seeded Monte
//! Carlo. Every chart has at most ten rows, the slots of the engine's category counts.
//!
//! | game | chart | rows |
//! |---|---|---|
//! | `draw5` | `categories` | `high_card` … `royal_flush` |
//! | `draw5-hilo` | `eight_lows` | `5_low` … `8_low`, `no_low` (its high hand's table is `draw5`'s) |
//! | `lowball-27`, `triple-draw-27` | `deuce_seven_lows` | `7_low` … `k_low`, `a_high` (unpaired hands by their top card), `paired`, `straight_or_flush` |
//! | `lowball-a5`, `triple-draw-a5` | `ace_five_lows` | `5_low` … `k_low`, `paired` |
//! | `badugi` | `badugis` | `badugi_4` … `badugi_9`, `badugi_t_to_k` (four-card badugis by their top card), `three_card`, `two_card`, `one_card` |

use engine::Watch;
use std::fmt;

use deck::{Card, Deck};
use engine::Chunk;
use engine::choose::choose;
use eval::Category;
use rayon::prelude::*;

use crate::completions::for_each_combination;
use crate::error::DrawError;
use crate::game::{Game, Scoring};
use crate::spot::card_mask;

/// The slots of a table: the engine's category counts' size.
pub const SLOTS: usize = Category::COUNT;

/// Rows of the category chart.
const CATEGORY_ROWS: [&str; 10] = Category::NAMES;

/// Rows of the eight-or-better chart (stud hi/lo's).
const EIGHT_ROWS: [&str; 5] = ["5_low", "6_low", "7_low", "8_low", "no_low"];

/// Rows of the deuce-to-seven chart.
const DEUCE_SEVEN_ROWS: [&str; 10] = [
    "7_low",
    "8_low",
    "9_low",
    "t_low",
    "j_low",
    "q_low",
    "k_low",
    "a_high",
    "paired",
    "straight_or_flush",
];

/// Rows of the ace-to-five chart.
const ACE_FIVE_ROWS: [&str; 10] = [
    "5_low", "6_low", "7_low", "8_low", "9_low", "t_low", "j_low", "q_low", "k_low", "paired",
];

/// Rows of the badugi chart.
const BADUGI_ROWS: [&str; 10] = [
    "badugi_4",
    "badugi_5",
    "badugi_6",
    "badugi_7",
    "badugi_8",
    "badugi_9",
    "badugi_t_to_k",
    "three_card",
    "two_card",
    "one_card",
];

/// What a draw game's table sorts final hands by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Chart {
    /// The high hand's category.
    Categories,
    /// The eight-or-better low's top card.
    EightLows,
    /// The deuce-to-seven hand: unpaired by top card, paired, straight or flush.
    DeuceSevenLows,
    /// The ace-to-five low's top card, or paired.
    AceFiveLows,
    /// The badugi's size, and a four-card badugi's top card.
    Badugis,
}

impl Chart {
    /// The table of `game`'s final hands.
    pub const fn of_game(game: Game) -> Chart {
        match game.scoring() {
            Scoring::High => Chart::Categories,
            Scoring::HighLow => Chart::EightLows,
            Scoring::DeuceSeven => Chart::DeuceSevenLows,
            Scoring::AceFive => Chart::AceFiveLows,
            Scoring::Badugi => Chart::Badugis,
        }
    }

    /// The stable snake_case names of the rows, in order.
    pub fn rows(self) -> &'static [&'static str] {
        match self {
            Chart::Categories => &CATEGORY_ROWS,
            Chart::EightLows => &EIGHT_ROWS,
            Chart::DeuceSevenLows => &DEUCE_SEVEN_ROWS,
            Chart::AceFiveLows => &ACE_FIVE_ROWS,
            Chart::Badugis => &BADUGI_ROWS,
        }
    }

    /// The chart's name: `categories`, `eight_lows`, `deuce_seven_lows`, `ace_five_lows`,
    /// `badugis`.
    pub fn name(self) -> &'static str {
        match self {
            Chart::Categories => "categories",
            Chart::EightLows => "eight_lows",
            Chart::DeuceSevenLows => "deuce_seven_lows",
            Chart::AceFiveLows => "ace_five_lows",
            Chart::Badugis => "badugis",
        }
    }

    /// The row of a complete hand.
    #[inline(always)]
    pub fn row(self, hand: &[Card]) -> usize {
        match self {
            Chart::Categories => eval::evaluate(hand).category().index(),
            Chart::EightLows => eval::eight_low(hand)
                .top_card()
                .map_or(4, |top| usize::from(top) - 5),
            Chart::DeuceSevenLows => {
                let low = eval::deuce_seven_low(hand);
                match low.category() {
                    // Ranks 5 (a seven) to 12 (an ace) top an unpaired five.
                    Category::HighCard => usize::from(low.ranks()[0]) - 5,
                    Category::Straight
                    | Category::Flush
                    | Category::StraightFlush
                    | Category::RoyalFlush => 9,
                    _ => 8,
                }
            }
            Chart::AceFiveLows => eval::ace_five_low(hand)
                .top_card()
                .map_or(9, |top| usize::from(top) - 5),
            Chart::Badugis => {
                let badugi = eval::badugi(hand);
                match badugi.cards() {
                    4 => usize::from(badugi.top_rank().min(10)) - 4,
                    cards => 10 - usize::from(cards),
                }
            }
        }
    }
}

impl fmt::Display for Chart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One hand's table: `known` fixed, the rest of the hand filled from the cards neither known
/// nor dead.
#[derive(Debug, Clone)]
pub struct HandTable {
    game: Game,
    chart: Chart,
    known: Vec<Card>,
    /// The deck with the known and dead cards in front.
    template: Deck,
    skip: usize,
    need: usize,
}

impl HandTable {
    /// The table of a `game` hand holding `known`, with `dead` out of play.
    ///
    /// # Errors
    /// [`DrawError::TooManyCards`] for more known cards than a hand holds,
    /// [`DrawError::DuplicateCard`] for a card given twice.
    pub fn new(game: Game, known: &[Card], dead: &[Card]) -> Result<HandTable, DrawError> {
        if known.len() > game.hand_size() {
            return Err(DrawError::TooManyCards {
                player: known.iter().map(Card::to_string).collect(),
                cards: known.len(),
                game,
            });
        }
        card_mask(dead.iter().chain(known))?;
        let front: Vec<Card> = dead.iter().chain(known).copied().collect();
        let template = Deck::with_known(&front)
            .unwrap_or_else(|_| unreachable!("checked: no card given twice"));
        Ok(HandTable {
            game,
            chart: Chart::of_game(game),
            known: known.to_vec(),
            template,
            skip: front.len(),
            need: game.hand_size() - known.len(),
        })
    }

    /// The chart counted.
    pub fn chart(&self) -> Chart {
        self.chart
    }

    /// Fills and counts one chunk of hands from the chunk's own generator.
    pub fn run(&self, chunk: Chunk) -> [u64; SLOTS] {
        let mut slots = [0u64; SLOTS];
        let mut deck = self.template.clone();
        let mut rng = chunk.rng;
        let size = self.game.hand_size();
        let mut hand = [Card::from_index(0); 5];
        hand[..self.known.len()].copy_from_slice(&self.known);
        for _ in 0..chunk.rounds {
            let dealt = &deck.deal(&mut rng, self.need)[self.skip..];
            hand[self.known.len()..size].copy_from_slice(dealt);
            slots[self.chart.row(&hand[..size])] += 1;
        }
        slots
    }

    /// Every way to fill the hand, counted once each, on the current rayon pool; `None` when
    /// `stop` said to stop (asked for every 64 completions of the first card drawn).
    pub fn exact_until_stopped(&self, stop: &dyn Watch) -> Option<[u64; SLOTS]> {
        let rest = &self.template.cards()[self.skip..];
        let size = self.game.hand_size();
        if self.need == 0 {
            let mut slots = [0u64; SLOTS];
            slots[self.chart.row(&self.known)] += 1;
            return Some(slots);
        }
        // Split on the first card drawn (the lowest position), the rest among those above it;
        // progress: each first card's completions, of them all.
        let completions = choose(rest.len(), self.need);
        (0..rest.len())
            .into_par_iter()
            .map(|first| {
                if stop.should_stop() {
                    return None;
                }
                let mut slots = [0u64; SLOTS];
                let mut hand = [Card::from_index(0); 5];
                hand[..self.known.len()].copy_from_slice(&self.known);
                hand[self.known.len()] = rest[first];
                let above = &rest[first + 1..];
                for_each_combination(above.len(), self.need - 1, |positions| {
                    for (slot, &p) in positions.iter().enumerate() {
                        hand[self.known.len() + 1 + slot] = above[p as usize];
                    }
                    slots[self.chart.row(&hand[..size])] += 1;
                });
                stop.advance(choose(above.len(), self.need - 1), completions);
                Some(slots)
            })
            .reduce(
                || Some([0u64; SLOTS]),
                |a, b| {
                    let (mut a, b) = (a?, b?);
                    a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                    Some(a)
                },
            )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;
    use engine::ChunkPlan;

    fn exact(game: Game, known: &str, dead: &str) -> [u64; SLOTS] {
        let table = HandTable::new(
            game,
            &parse_cards(known).unwrap(),
            &parse_cards(dead).unwrap(),
        )
        .unwrap();
        table.exact_until_stopped(&|| false).unwrap()
    }

    #[test]
    fn a_whole_new_hand_counts_every_hand_once() {
        // draw5 from nothing: the 2,598,960 five-card hands by category.
        let slots = exact(Game::Draw5, "", "");
        assert_eq!(
            slots,
            [
                1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4
            ]
        );
        // 2-7: the wheels are ace-high; straights and flushes (and their 40 straight flushes,
        // less the 4 steel wheels, which are flushes) share a row.
        let slots = exact(Game::Lowball27, "", "");
        assert_eq!(slots.iter().sum::<u64>(), 2_598_960);
        assert_eq!(slots[8], 1_098_240 + 123_552 + 54_912 + 3_744 + 624);
        assert_eq!(slots[9], 10_200 - 1_020 + 5_108 + 4 + 40 - 4);
        // Badugi from nothing: every four-card hand, 17,160 four-card badugis.
        let slots = exact(Game::Badugi, "", "");
        assert_eq!(slots.iter().sum::<u64>(), 270_725);
        assert_eq!(slots[..7].iter().sum::<u64>(), 17_160);
        // A four-card badugi's top is at least a four: A-2-3-4 in four suits, 4! ways.
        assert_eq!(slots[0], 24);
    }

    #[test]
    fn a_one_card_draw_counts_its_outs() {
        // 7-5-4-3 draws one: the deuces make the nuts (7_low); eights 8_low, nines 9_low; a six
        // a straight; the 12 cards pairing the hand; the rest by their rank.
        let slots = exact(Game::Lowball27, "7c5d4h3s", "");
        assert_eq!(slots[0], 4);
        assert_eq!(slots[1], 4);
        assert_eq!(slots[9], 4);
        assert_eq!(slots[8], 12);
        assert_eq!(slots.iter().sum::<u64>(), 48);
    }

    #[test]
    fn sampled_tables_agree_with_the_exact_count() {
        let table =
            HandTable::new(Game::LowballA5, &parse_cards("Ac 2d 3h").unwrap(), &[]).unwrap();
        let exact = table.exact_until_stopped(&|| false).unwrap();
        let total: u64 = exact.iter().sum();
        let plan = ChunkPlan::with_chunk_rounds(200_000, 1 << 16);
        let mut sampled = [0u64; SLOTS];
        for i in 0..plan.chunks() {
            let counts = table.run(Chunk::new(5, &plan, i));
            sampled.iter_mut().zip(counts).for_each(|(a, b)| *a += b);
        }
        for (row, (&e, &s)) in exact.iter().zip(&sampled).enumerate() {
            let p = e as f64 / total as f64;
            let n = 200_000.0;
            let se = (p * (1.0 - p) / n).sqrt().max(1e-9);
            let z = (s as f64 / n - p) / se;
            assert!(
                z.abs() < 4.5,
                "row {row}: exact {p}, sampled {}",
                s as f64 / n
            );
        }
    }
}
