//! The hits table of a range: one row per class with its combos, their weight and their share
//! of the range, and every combo with its classification.

use deck::Card;
use engine::Game;
use engine::range_text::WEIGHT_SCALE;
use engine::two_card_range::{Combo, Range};

use crate::class::{Class, Classification, Draw, MadeHand};
use crate::error::HitsError;
use crate::low::LowClass;
use crate::spot::Spot;

/// What to classify: a range on a board, with dead cards, in a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HitsRequest {
    /// Hold'em, short deck (with its rules) or hold'em hi/lo.
    pub game: Game,
    /// The range, with its weights in thousandths.
    pub range: Range,
    /// The flop, turn or river (3, 4 or 5 cards).
    pub board: Vec<Card>,
    /// Cards out of play (neither in the range's combos nor to come).
    pub dead: Vec<Card>,
}

/// One combo of the range with its weight and classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClassifiedCombo {
    /// The two hole cards, lower card index first.
    pub combo: Combo,
    /// The combo's weight in thousandths (1 to 1000).
    pub weight: u32,
    /// Its made hand and draws.
    pub class: Classification,
}

/// One row of the table: the combos of one class.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClassRow {
    /// The class.
    pub class: Class,
    /// Combos in the class (each counted once, whatever its weight).
    pub combos: usize,
    /// Their weights added up, in thousandths (a combo of full weight counts 1000).
    pub weight: u64,
    /// `weight` as a share of the range's weight, 0 to 1.
    pub share: f64,
}

/// The hits of a range on a board.
///
/// The made-hand rows are exclusive: every combo is in exactly one, so their combos and weights
/// add up to the range's. Draw rows overlap: a combo can hold several draws or none.
#[derive(Debug, Clone)]
pub struct HitsTable {
    /// The validated board, dead cards and game.
    pub spot: Spot,
    /// The range as written.
    pub range: String,
    /// Combos the board and dead cards leave in the range.
    pub total_combos: usize,
    /// Their weights added up, in thousandths.
    pub total_weight: u64,
    /// One row per class in [`Class::all`] order: made hands strongest first in the game's
    /// order, then draws, then in hold'em hi/lo the low classes.
    pub rows: Vec<ClassRow>,
    /// Every combo left in the range, in the range's order.
    pub combos: Vec<ClassifiedCombo>,
}

impl HitsTable {
    /// The row of `class`.
    pub fn row(&self, class: Class) -> Option<&ClassRow> {
        self.rows.iter().find(|r| r.class == class)
    }

    /// The combos in `class`, in the range's order.
    pub fn combos_in(&self, class: Class) -> impl Iterator<Item = &ClassifiedCombo> {
        self.combos.iter().filter(move |c| c.class.is_in(class))
    }

    /// The made-hand rows (exclusive).
    pub fn made_rows(&self) -> impl Iterator<Item = &ClassRow> {
        self.rows
            .iter()
            .filter(|r| matches!(r.class, Class::Made(_)))
    }

    /// The combos in `class` written as a range, in the range's order: each combo's higher card
    /// first, its weight after a `:` when below 1 (`AhKh,AdKd:0.5`); empty for an empty class.
    /// The text parses back ([`Range::parse`]) to the class's combos and weights.
    pub fn class_range_text(&self, class: Class) -> String {
        range_text(self.combos_in(class))
    }

    /// Every combo left in the range, written as [`HitsTable::class_range_text`] writes a
    /// class's.
    pub fn combos_range_text(&self) -> String {
        range_text(self.combos.iter())
    }

    /// The draw rows (overlapping).
    pub fn draw_rows(&self) -> impl Iterator<Item = &ClassRow> {
        self.rows
            .iter()
            .filter(|r| matches!(r.class, Class::Draw(_)))
    }

    /// In a hi/lo game, the made-low rows (exclusive: their combos add up to the range's);
    /// none otherwise.
    pub fn low_rows(&self) -> impl Iterator<Item = &ClassRow> {
        self.rows
            .iter()
            .filter(|r| matches!(r.class, Class::Low(l) if !l.is_draw()))
    }
}

/// `combos` as a range's text: higher card first, weights below 1 after a `:`.
fn range_text<'a>(combos: impl Iterator<Item = &'a ClassifiedCombo>) -> String {
    let mut text = String::new();
    for c in combos {
        if !text.is_empty() {
            text.push(',');
        }
        let [a, b] = c.combo;
        let (first, second) = if a.index() > b.index() {
            (a, b)
        } else {
            (b, a)
        };
        text.push_str(&format!("{first}{second}"));
        if c.weight < WEIGHT_SCALE {
            text.push_str(&format!(
                ":{}",
                f64::from(c.weight) / f64::from(WEIGHT_SCALE)
            ));
        }
    }
    text
}

/// Classifies every combo of `request.range` that the board and dead cards allow, and adds
/// them up by class.
///
/// ```
/// use deck::parse_cards;
/// use hits::{Class, HitsRequest, MadeHand, Range, Game, range_hits};
///
/// let request = HitsRequest {
///     game: Game::HOLDEM,
///     range: Range::parse("random").unwrap(),
///     board: parse_cards("Ks 9h 5h").unwrap(),
///     dead: vec![],
/// };
/// let table = range_hits(&request).unwrap();
/// assert_eq!(table.total_combos, 1_176);
/// // Sets: three ranks of the board, three pocket pairs each.
/// assert_eq!(table.row(Class::Made(MadeHand::Set)).unwrap().combos, 9);
/// let made: usize = table.made_rows().map(|r| r.combos).sum();
/// assert_eq!(made, table.total_combos);
/// ```
///
/// # Errors
/// A [`HitsError`] for a bad board, dead cards or range ([`Spot::new`],
/// [`Spot::range_combos`]).
pub fn range_hits(request: &HitsRequest) -> Result<HitsTable, HitsError> {
    let spot = Spot::new(request.game, &request.board, &request.dead)?;
    let combos: Vec<ClassifiedCombo> = spot
        .range_combos(&request.range)?
        .into_iter()
        .map(|(combo, weight)| ClassifiedCombo {
            combo,
            weight,
            class: spot.classify(combo),
        })
        .collect();
    Ok(tabulate(spot, request.range.text.clone(), combos))
}

/// Adds classified combos up into rows.
fn tabulate(spot: Spot, range: String, combos: Vec<ClassifiedCombo>) -> HitsTable {
    let mut made = [(0usize, 0u64); MadeHand::COUNT];
    let mut draws = [(0usize, 0u64); Draw::COUNT];
    let mut lows = [(0usize, 0u64); LowClass::COUNT];
    let mut total_weight = 0u64;
    for c in &combos {
        let weight = u64::from(c.weight);
        total_weight += weight;
        let row = &mut made[c.class.made.index()];
        *row = (row.0 + 1, row.1 + weight);
        for draw in c.class.draws.iter() {
            let row = &mut draws[draw.index()];
            *row = (row.0 + 1, row.1 + weight);
        }
        if let Some(low) = c.class.low {
            for class in std::iter::once(low.made).chain(low.draw) {
                let row = &mut lows[class.index()];
                *row = (row.0 + 1, row.1 + weight);
            }
        }
    }
    let rows = Class::all(spot.game())
        .map(|class| {
            let (combos, weight) = match class {
                Class::Made(m) => made[m.index()],
                Class::Draw(d) => draws[d.index()],
                Class::Low(l) => lows[l.index()],
            };
            ClassRow {
                class,
                combos,
                weight,
                share: weight as f64 / total_weight as f64,
            }
        })
        .collect();
    HitsTable {
        spot,
        range,
        total_combos: combos.len(),
        total_weight,
        rows,
        combos,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use deck::parse_cards;
    use eval::ShortDeckRules;

    fn request(game: Game, range: &str, board: &str, dead: &str) -> HitsRequest {
        HitsRequest {
            game,
            range: Range::parse(range).unwrap(),
            board: parse_cards(board).unwrap(),
            dead: parse_cards(dead).unwrap(),
        }
    }

    #[test]
    fn made_rows_add_up_to_the_range_and_draw_rows_to_the_draws() {
        for (game, range, board) in [
            (Game::HOLDEM, "random", "Ks 9h 5h"),
            (
                Game::HOLDEM,
                "22+,A2s+,KTo+,T9s:0.5,65s:0.25",
                "Th 9h 8c 2d",
            ),
            (
                Game::short_deck(ShortDeckRules::TripsBeatStraight),
                "random",
                "Ts 9h 6h",
            ),
        ] {
            let table = range_hits(&request(game, range, board, "Ac")).unwrap();
            let made: Vec<&ClassRow> = table.made_rows().collect();
            assert_eq!(made.len(), MadeHand::COUNT);
            assert_eq!(
                made.iter().map(|r| r.combos).sum::<usize>(),
                table.total_combos
            );
            assert_eq!(
                made.iter().map(|r| r.weight).sum::<u64>(),
                table.total_weight
            );
            assert!((made.iter().map(|r| r.share).sum::<f64>() - 1.0).abs() < 1e-12);
            for row in &table.rows {
                let listed: Vec<_> = table.combos_in(row.class).collect();
                assert_eq!(listed.len(), row.combos, "{}", row.class);
                assert_eq!(
                    listed.iter().map(|c| u64::from(c.weight)).sum::<u64>(),
                    row.weight
                );
            }
            let with_draws = table.combos.iter().filter(|c| !c.class.draws.is_empty());
            let draw_memberships: usize = table.draw_rows().map(|r| r.combos).sum();
            assert!(draw_memberships >= with_draws.count());
        }
    }

    #[test]
    fn a_class_written_as_a_range_parses_back_to_its_combos() {
        let table = range_hits(&request(
            Game::HOLDEM,
            "AA,KK:0.5,QJs:0.125",
            "As 7d 2c",
            "",
        ))
        .unwrap();
        let text = table.class_range_text(Class::Made(MadeHand::PocketPairBelowTop));
        assert_eq!(
            text,
            "KdKc:0.5,KhKc:0.5,KsKc:0.5,KhKd:0.5,KsKd:0.5,KsKh:0.5"
        );
        let parsed = Range::parse(&text).unwrap();
        assert_eq!(parsed.combos.len(), 6);
        assert!(parsed.weights.iter().all(|&w| w == 500));
        assert_eq!(
            table.class_range_text(Class::Made(MadeHand::Set)),
            "AdAc,AhAc,AhAd"
        );
        assert_eq!(table.class_range_text(Class::Made(MadeHand::Overpair)), "");
        let all = Range::parse(&table.combos_range_text()).unwrap();
        assert_eq!(all.combos.len(), table.total_combos);
        assert_eq!(
            all.weights.iter().map(|&w| u64::from(w)).sum::<u64>(),
            table.total_weight
        );
        assert_eq!(
            table.class_range_text(Class::Made(MadeHand::NoMadeHand)),
            "QcJc:0.125,QdJd:0.125,QhJh:0.125,QsJs:0.125"
        );
    }

    #[test]
    fn holdem_hilo_has_holdems_rows_then_the_low_rows() {
        let hilo = Game::plain(engine::GameId::HoldemHilo);
        for board in ["Ah 2c 9d", "Ah 2c 9d 5s", "Ks 9h 5h 3c 2d"] {
            let high = range_hits(&request(Game::HOLDEM, "random", board, "4c")).unwrap();
            let both = range_hits(&request(hilo, "random", board, "4c")).unwrap();
            assert_eq!(both.rows[..high.rows.len()], high.rows[..], "{board}");
            let low: Vec<&ClassRow> = both.low_rows().collect();
            assert_eq!(low.len(), 3);
            assert_eq!(
                low.iter().map(|r| r.combos).sum::<usize>(),
                both.total_combos
            );
            assert_eq!(high.low_rows().count(), 0);
            let improved = (high.improve().unwrap(), both.improve().unwrap());
            assert_eq!(improved.0.range.counts, improved.1.range.counts);
            assert!(improved.1.range.low > 0 && improved.0.range.low == 0);
        }
    }

    #[test]
    fn weights_are_the_ranges_thousandths() {
        let table = range_hits(&request(Game::HOLDEM, "AA,KK:0.5", "As 7d 2c", "")).unwrap();
        assert_eq!(table.total_combos, 9);
        assert_eq!(table.total_weight, 3 * 1000 + 6 * 500);
        let overpair = table.row(Class::Made(MadeHand::Overpair)).unwrap();
        assert_eq!((overpair.combos, overpair.weight), (0, 0));
        let set = table.row(Class::Made(MadeHand::Set)).unwrap();
        assert_eq!((set.combos, set.weight), (3, 3000));
        assert_eq!(set.share, 0.5);
        let below = table
            .row(Class::Made(MadeHand::PocketPairBelowTop))
            .unwrap();
        assert_eq!((below.combos, below.weight), (6, 3000));
    }
}
