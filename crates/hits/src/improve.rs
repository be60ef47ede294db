//! Where each class ends by the river: for every combo, every runout of the cards to come is
//! dealt from the unseen cards (not on the board, dead or in the combo) and evaluated; the
//! counts of final categories are weighted by the combo's weight and added up by class.
//!
//! All counts are integers: a class's count of a category is the sum over its combos of
//! `weight × runouts ending in the category`, and every combo has the same number of runouts
//! (`C(unseen − 2, cards to come)`), so a probability is a weighted average of the combos'.

use deck::Card;
use engine::Game;
use eval::{Category, EightLow, HandKey, ShortDeckEvaluator, SuitMasks, evaluate_parts};

use crate::class::{Class, Draw, MadeHand};
use crate::error::HitsError;
use crate::facts::out_of_deck;
use crate::low::{LiveLows, LowClass, best_low_table, low_runouts};
use crate::spot::Spot;
use crate::table::{HitsRequest, HitsTable, range_hits};
use crate::value::category_order;

/// Final-category counts of one class (or of the whole range).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImproveRow {
    /// The class; `None` for the row of the whole range.
    pub class: Option<Class>,
    /// Combos in the class.
    pub combos: usize,
    /// Their weight in thousandths.
    pub weight: u64,
    /// Per category ([`Category::index`]), the weighted runouts ending in it: the sum over the
    /// class's combos of weight × runouts.
    pub counts: [u64; Category::COUNT],
    /// In hold'em hi/lo, the weighted runouts ending with an eight-or-better low for the combo
    /// (0 in a game without a low).
    pub low: u64,
    /// In hold'em hi/lo, the weighted runouts ending with the nut low: no two cards left beat
    /// the combo's low (0 in a game without a low).
    pub nut_low: u64,
}

impl ImproveRow {
    /// All weighted runouts of the class: `weight × runouts per combo`.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The probability that a combo of the class (drawn by weight) ends the hand in `category`,
    /// runouts uniform; NaN for an empty class.
    pub fn probability(&self, category: Category) -> f64 {
        self.counts[category.index()] as f64 / self.total() as f64
    }

    /// The probability that a combo of the class ends the hand with an eight-or-better low;
    /// NaN for an empty class.
    pub fn low_probability(&self) -> f64 {
        self.low as f64 / self.total() as f64
    }

    /// The probability that a combo of the class ends the hand with the nut low; NaN for an
    /// empty class.
    pub fn nut_low_probability(&self) -> f64 {
        self.nut_low as f64 / self.total() as f64
    }
}

/// The improve table of a range on a board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImproveTable {
    /// The game.
    pub game: Game,
    /// The categories weakest first in the game's order ([`category_order`]): the columns.
    pub categories: [Category; Category::COUNT],
    /// Runouts per combo: `C(unseen cards − 2, cards to come)`, 1 on the river.
    pub runouts: u64,
    /// The whole range.
    pub range: ImproveRow,
    /// One row per class, in [`Class::all`] order.
    pub rows: Vec<ImproveRow>,
}

impl ImproveTable {
    /// The row of `class`.
    pub fn row(&self, class: Class) -> Option<&ImproveRow> {
        self.rows.iter().find(|r| r.class == Some(class))
    }
}

/// The final categories of `combo` over every runout of `spot`, counted per
/// [`Category::index`] (the first ten slots of sixteen).
pub fn runout_counts(spot: &Spot, combo: [Card; 2]) -> [u32; 16] {
    match spot.game().short_deck_rules() {
        None => count_runouts(spot, combo, |key, masks| {
            evaluate_parts(key, masks).category_index()
        }),
        Some(rules) => {
            let evaluator = ShortDeckEvaluator::new(rules);
            count_runouts(spot, combo, |key, masks| {
                evaluator.evaluate_parts(key, masks).category().index()
            })
        }
    }
}

/// The cards that can still come for `combo`: neither on the board, dead, out of the deck nor
/// in the combo.
fn rest_of(spot: &Spot, combo: [Card; 2]) -> ([Card; 52], usize) {
    let used = spot.facts().known
        | out_of_deck(spot.game())
        | 1 << combo[0].index()
        | 1 << combo[1].index();
    let mut rest = [Card::from_index(0); 52];
    let mut n = 0;
    for card in Card::all().filter(|c| used >> c.index() & 1 == 0) {
        rest[n] = card;
        n += 1;
    }
    (rest, n)
}

/// In a hi/lo game, over every runout of `spot` for `combo`: the runouts ending with a low for
/// the combo and those ending with the nut low (`best`: a [`best_low_table`]); `None` in a game
/// without a low.
fn low_counts(spot: &Spot, combo: [Card; 2], best: &[EightLow]) -> Option<(u32, u32)> {
    let lows = spot.facts().lows?;
    let (rest, n) = rest_of(spot, combo);
    let rest = &rest[..n];
    Some(low_runouts(
        lows.board,
        combo,
        rest,
        5 - spot.board().len(),
        LiveLows::of(rest.iter().copied()),
        best,
    ))
}

/// Every runout of the cards to come for `combo`, evaluated by `category_of`.
#[inline]
fn count_runouts(
    spot: &Spot,
    combo: [Card; 2],
    category_of: impl Fn(HandKey, SuitMasks) -> usize,
) -> [u32; 16] {
    let mut slots = [0u32; 16];
    let (rest, n) = rest_of(spot, combo);
    let rest = &rest[..n];
    let (key, masks) = spot
        .board()
        .iter()
        .chain(&combo)
        .fold((HandKey::EMPTY, SuitMasks::EMPTY), |(k, m), &c| {
            (k.with(c), m.with(c))
        });
    match 5 - spot.board().len() {
        0 => slots[category_of(key, masks) & 15] += 1,
        1 => {
            for &card in rest {
                slots[category_of(key.with(card), masks.with(card)) & 15] += 1;
            }
        }
        _ => {
            for (i, &first) in rest.iter().enumerate() {
                let (key, masks) = (key.with(first), masks.with(first));
                for &second in &rest[i + 1..] {
                    slots[category_of(key.with(second), masks.with(second)) & 15] += 1;
                }
            }
        }
    }
    slots
}

impl HitsTable {
    /// For each class, how often its combos end the hand in each category by the river, every
    /// runout counted exactly ([`mod@crate::improve`]).
    ///
    /// # Errors
    /// [`HitsError::NoRunouts`] when the board, the dead cards and a combo leave fewer cards than
    /// the board still needs: there is no runout to count.
    pub fn improve(&self) -> Result<ImproveTable, HitsError> {
        improve_table(self)
    }
}

/// The improve table of a classified range.
fn improve_table(table: &HitsTable) -> Result<ImproveTable, HitsError> {
    let spot = &table.spot;
    let game = spot.game();
    let empty = |class| ImproveRow {
        class,
        combos: 0,
        weight: 0,
        counts: [0; Category::COUNT],
        low: 0,
        nut_low: 0,
    };
    let mut made = [empty(None); MadeHand::COUNT];
    let mut draws = [empty(None); Draw::COUNT];
    let mut lows = [empty(None); LowClass::COUNT];
    let best: &[EightLow] = if game.is_hilo() {
        best_low_table()
    } else {
        &[]
    };
    let mut range = empty(None);
    let unseen = spot
        .facts()
        .unseen
        .iter()
        .map(|s| s.count_ones())
        .sum::<u32>();
    let to_come = 5 - spot.board().len() as u32;
    // A combo's own two cards are among the unseen ones.
    let left = unseen.saturating_sub(2);
    if left < to_come {
        return Err(HitsError::NoRunouts {
            to_come: to_come as usize,
            left: left as usize,
        });
    }
    let runouts = (0..to_come).fold(1u64, |n, i| n * u64::from(left - i))
        / (1..=u64::from(to_come)).product::<u64>();
    for c in &table.combos {
        let slots = runout_counts(spot, c.combo);
        debug_assert_eq!(slots.iter().map(|&s| u64::from(s)).sum::<u64>(), runouts);
        let (low, nut_low) = low_counts(spot, c.combo, best).unwrap_or((0, 0));
        let weight = u64::from(c.weight);
        let add = |row: &mut ImproveRow| {
            row.combos += 1;
            row.weight += weight;
            for (count, &slot) in row.counts.iter_mut().zip(&slots) {
                *count += weight * u64::from(slot);
            }
            row.low += weight * u64::from(low);
            row.nut_low += weight * u64::from(nut_low);
        };
        add(&mut range);
        add(&mut made[c.class.made.index()]);
        for draw in c.class.draws.iter() {
            add(&mut draws[draw.index()]);
        }
        if let Some(holding) = c.class.low {
            for class in std::iter::once(holding.made).chain(holding.draw) {
                add(&mut lows[class.index()]);
            }
        }
    }
    let rows = Class::all(game)
        .map(|class| ImproveRow {
            class: Some(class),
            ..match class {
                Class::Made(m) => made[m.index()],
                Class::Draw(d) => draws[d.index()],
                Class::Low(l) => lows[l.index()],
            }
        })
        .collect();
    Ok(ImproveTable {
        game,
        categories: category_order(game),
        runouts,
        range,
        rows,
    })
}

/// The improve table of `request`: [`crate::range_hits`], then [`HitsTable::improve`].
///
/// ```
/// use deck::parse_cards;
/// use eval::Category;
/// use hits::{Class, HitsRequest, MadeHand, Range, Game, improve};
///
/// let request = HitsRequest {
///     game: Game::HOLDEM,
///     range: Range::parse("JJ").unwrap(),
///     board: parse_cards("Jd 8c 3s").unwrap(),
///     dead: vec![],
/// };
/// let table = improve(&request).unwrap();
/// assert_eq!(table.runouts, 1_081); // C(47, 2) turn-river pairs per combo
/// let set = table.row(Class::Made(MadeHand::Set)).unwrap();
/// assert_eq!(set.combos, 3);
/// // Each set fills up on 315 of the 1,081 runouts and makes quads on 46 (the textbook 33.4 %);
/// // counts are weighted by the combos' weights, 1000 each here.
/// assert_eq!(set.counts[Category::FullHouse.index()], 3 * 1000 * 315);
/// assert_eq!(set.counts[Category::FourOfAKind.index()], 3 * 1000 * 46);
/// assert_eq!(set.probability(Category::Pair), 0.0);
/// ```
///
/// # Errors
/// As [`crate::range_hits`] and [`HitsTable::improve`].
pub fn improve(request: &HitsRequest) -> Result<ImproveTable, HitsError> {
    range_hits(request)?.improve()
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;
    use engine::two_card_range::Range;
    use eval::ShortDeckRules;

    #[test]
    fn each_combo_matches_the_engines_exact_counts() {
        // engine's enumerator visits every completion of the known cards to seven: the same
        // runouts, counted by a different loop.
        for (game, board) in [
            (Game::HOLDEM, "Ks 9h 5h"),
            (Game::HOLDEM, "Ks 9h 5h 5c"),
            (
                Game::short_deck(ShortDeckRules::StraightBeatsTrips),
                "Ks 9h 6h",
            ),
            (
                Game::short_deck(ShortDeckRules::TripsBeatStraight),
                "Ks 9h 6h Tc",
            ),
        ] {
            let board = parse_cards(board).unwrap();
            let spot = Spot::new(game, &board, &[]).unwrap();
            for combo in ["AhQh", "9c9d", "8s7s", "KdJc"] {
                let cards = parse_cards(combo).unwrap();
                let known: Vec<Card> = board.iter().chain(&cards).copied().collect();
                let hand = engine::HandSpec::of_game(game, 7, known).unwrap();
                let expected = engine::exact_counts::enumerate_counts_of(&hand);
                let slots = runout_counts(&spot, [cards[0], cards[1]]);
                let ours: Vec<u64> = slots[..10].iter().map(|&s| u64::from(s)).collect();
                assert_eq!(ours, expected.0, "{combo} on {board:?} in {game}");
            }
        }
    }

    #[test]
    fn too_few_cards_for_the_rest_of_the_board_are_refused() {
        // Every card but the aces' and the board's dead: a flop needs 2 more, a turn 1.
        let all_dead_but =
            |keep: &[Card]| -> Vec<Card> { Card::all().filter(|c| !keep.contains(c)).collect() };
        for (board, extra, to_come, left) in [
            ("Kh 9h 5c", "", 2, 0),
            ("Kh 9h 5c 2d", "", 1, 0),
            ("Kh 9h 5c", "7s", 2, 1),
        ] {
            let board = parse_cards(board).unwrap();
            let mut keep = parse_cards("Ac Ad").unwrap();
            keep.extend(&board);
            keep.extend(parse_cards(extra).unwrap());
            let request = HitsRequest {
                game: Game::HOLDEM,
                range: Range::parse("AA").unwrap(),
                board: board.clone(),
                dead: all_dead_but(&keep),
            };
            let hits = range_hits(&request).unwrap();
            assert_eq!(
                hits.improve(),
                Err(HitsError::NoRunouts { to_come, left }),
                "{board:?}"
            );
        }
        // Exactly enough: one runout.
        let board = parse_cards("Kh 9h 5c").unwrap();
        let mut keep = parse_cards("Ac Ad 7s 7d").unwrap();
        keep.extend(&board);
        let request = HitsRequest {
            game: Game::HOLDEM,
            range: Range::parse("AA").unwrap(),
            board,
            dead: all_dead_but(&keep),
        };
        let table = improve(&request).unwrap();
        assert_eq!(table.runouts, 1);
        assert_eq!(table.range.counts[Category::TwoPair.index()], 1000);
    }

    #[test]
    fn rows_add_up_and_dead_cards_leave_the_runouts() {
        let request = HitsRequest {
            game: Game::HOLDEM,
            range: Range::parse("TT+,AKs,KQs:0.5,76s").unwrap(),
            board: parse_cards("Ts 9h 8h").unwrap(),
            dead: parse_cards("2c 3c").unwrap(),
        };
        let hits = range_hits(&request).unwrap();
        let table = hits.improve().unwrap();
        assert_eq!(table.runouts, 45 * 44 / 2);
        assert_eq!(table.range.total(), hits.total_weight * table.runouts);
        let made_total: u64 = table
            .rows
            .iter()
            .filter(|r| matches!(r.class, Some(Class::Made(_))))
            .map(|r| r.total())
            .sum();
        assert_eq!(made_total, table.range.total());
        for row in &table.rows {
            assert_eq!(row.total(), row.weight * table.runouts);
        }
        // The river: every combo ends where it is.
        let river = HitsRequest {
            board: parse_cards("Ts 9h 8h 2d 3s").unwrap(),
            ..request
        };
        let table = improve(&river).unwrap();
        assert_eq!(table.runouts, 1);
        let straights = table.row(Class::Made(MadeHand::Straight)).unwrap();
        assert_eq!(straights.probability(Category::Straight), 1.0);
    }
}
