//! Two-card ranges in the usual notation: `AhKh`, `QQ`, `QQ+`, `77-TT`, `AKs`, `AKo`, `AK`,
//! `A2s+`, `KTo+`, `T9s-65s`, comma lists, `random`, weights (`AKs:0.5`), and in the games with
//! a ranking of starting hands, percentages of the combos (`15%`, `5%-15%`:
//! [`crate::class_ranking`]).
//!
//! The range of every game dealt two hidden cards: hold'em and short deck hands, stud's two
//! down cards, and the hands whose hits are counted. Refusals are [`RangeError`]s, in the
//! wording every game's ranges share ([`crate::range_text`]).

use deck::{Card, RANK_CHARS};

use crate::range_text::{self, RangeError};

/// Two hole cards, the lower card index first.
pub type Combo = [Card; 2];

/// Weights are kept as integers in thousandths, so exact counts stay integers (the weights of
/// every game's ranges: [`crate::range_text`]).
pub const WEIGHT_SCALE: u32 = range_text::WEIGHT_SCALE;

/// What a two-card range item may be, for messages.
const ITEM_WANT: &str =
    "a hand like AhKh, a class like QQ, AKs or AKo, or QQ+, A2s+, 77-TT, T9s-65s";

/// What may follow a `:` in a two-card range, for messages.
const QUALIFIER_WANT: &str = "a weight in (0, 1]";

/// A parsed range: distinct combos, each with a weight in thousandths (1 to [`WEIGHT_SCALE`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Range {
    /// The text as given, used as the player's label and in error messages.
    pub text: String,
    /// The combos, in the order first mentioned.
    pub combos: Vec<Combo>,
    /// Weight of each combo in thousandths.
    pub weights: Vec<u32>,
    /// `random`: any two cards, dealt straight from the deck by the Monte Carlo sampler.
    pub random: bool,
}

/// What turns a percentage item (`15%`, `5%-15%`) into combos: a ranking of the game's starting
/// hands ([`crate::class_ranking::ClassRanking`]).
pub trait PercentRanking {
    /// The combos of the percentage `item` (without its qualifiers) of the range `range`.
    ///
    /// # Errors
    /// A [`RangeError`] naming the item when it is not a percentage or selects no hand.
    fn percent_combos(&self, item: &str, range: &str) -> Result<Vec<Combo>, RangeError>;
}

impl Range {
    /// Parses `text`, in a game without a ranking of starting hands: a percentage item is
    /// refused ([`RangeError::NoRanking`]).
    ///
    /// # Errors
    /// A [`RangeError`] naming the text for unparsable or empty ranges.
    pub fn parse(text: &str) -> Result<Self, RangeError> {
        Self::parse_ranked(text, None)
    }

    /// Parses `text`, its percentage items (`15%`, `5%-15%`) read by `ranking` (none: refused).
    ///
    /// # Errors
    /// A [`RangeError`] naming the text for unparsable or empty ranges.
    pub fn parse_ranked(
        text: &str,
        ranking: Option<&dyn PercentRanking>,
    ) -> Result<Self, RangeError> {
        // Suits pasted as symbols (`A♠K♠`) read as letters, here and in the tables; messages
        // quote the text as typed.
        let letters = deck::suit_letters(text);
        Self::parse_letters(&letters, ranking).map_err(|e| e.as_typed(text, &letters))
    }

    /// [`Range::parse_ranked`] of a text with its suits in letters.
    fn parse_letters(text: &str, ranking: Option<&dyn PercentRanking>) -> Result<Self, RangeError> {
        let mut range = Range {
            text: text.to_string(),
            combos: Vec::new(),
            weights: Vec::new(),
            random: text.trim().eq_ignore_ascii_case("random"),
        };
        // Where each combo sits in `range.combos`, by its cards' indices (`NOT_YET` when it
        // has not been mentioned): a later mention finds an earlier one without a search (a
        // 1,326-combo range is a million comparisons). `u16` keeps the table at 5 KiB.
        const NOT_YET: u16 = u16::MAX;
        let mut position = vec![NOT_YET; Card::COUNT * Card::COUNT];
        for part in text.split(',') {
            let part = part.trim();
            if part.is_empty() {
                return Err(RangeError::EmptyItem {
                    range: text.to_string(),
                });
            }
            let item = range_text::split_item(part, text, &[], QUALIFIER_WANT)?;
            let (body, weight) = (item.body, item.weight);
            let combos = if body.contains('%') {
                match ranking {
                    Some(ranking) => ranking.percent_combos(body, text)?,
                    None => {
                        return Err(RangeError::NoRanking {
                            item: body.to_string(),
                            range: text.to_string(),
                        });
                    }
                }
            } else {
                expand(body).ok_or_else(|| RangeError::BadItem {
                    item: body.to_string(),
                    range: text.to_string(),
                    want: ITEM_WANT.to_string(),
                })?
            };
            for combo in combos {
                let at = &mut position[combo_index(combo)];
                if *at == NOT_YET {
                    // At most 1,326 combos, so every place fits below `NOT_YET`.
                    *at = range.combos.len() as u16;
                    range.combos.push(combo);
                    range.weights.push(weight);
                } else {
                    // A later mention overrides an earlier weight: `AK,AKs:0.5`.
                    range.weights[usize::from(*at)] = weight;
                }
            }
        }
        Ok(range)
    }

    /// Whether some combo has a weight below 1.
    pub fn is_weighted(&self) -> bool {
        self.weights.iter().any(|&w| w != WEIGHT_SCALE)
    }

    /// Drops the combos that use a card in `blocked` (a bit per card index).
    ///
    /// # Errors
    /// [`RangeError::RangeEmptied`] when no combo is left.
    pub fn remove_blocked(&mut self, blocked: u64) -> Result<(), RangeError> {
        let mut keep = 0;
        for i in 0..self.combos.len() {
            if combo_mask(self.combos[i]) & blocked == 0 {
                self.combos[keep] = self.combos[i];
                self.weights[keep] = self.weights[i];
                keep += 1;
            }
        }
        self.combos.truncate(keep);
        self.weights.truncate(keep);
        if self.combos.is_empty() {
            return Err(RangeError::RangeEmptied {
                range: self.text.clone(),
            });
        }
        Ok(())
    }

    /// The single combo, for a range that is one hand.
    pub fn single(&self) -> Option<Combo> {
        (self.combos.len() == 1).then(|| self.combos[0])
    }
}

/// A combo's place in a table of `52 × 52` entries: its first card's index, then its second's.
fn combo_index(combo: Combo) -> usize {
    combo[0].index() * Card::COUNT + combo[1].index()
}

/// One bit per card index.
pub fn combo_mask(combo: Combo) -> u64 {
    1 << combo[0].index() | 1 << combo[1].index()
}

fn rank_of(c: char) -> Option<u8> {
    let c = c.to_ascii_uppercase();
    RANK_CHARS.iter().position(|&r| r == c).map(|r| r as u8)
}

/// Which suit combinations of two ranks a class holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Suitedness {
    /// Both cards of one suit (`AKs`).
    Suited,
    /// Cards of two suits (`AKo`).
    Offsuit,
    /// Either (`AK`); pairs are always `Any`.
    Any,
}

/// A class of hole cards like `AKs`, `AKo`, `AK` or `QQ`: high rank, low rank, suitedness. The
/// 169 starting-hand classes ([`HandClass::all`]) are the pairs, suited and offsuit classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandClass {
    /// Higher rank (0 = deuce).
    pub high: u8,
    /// Lower rank (equal for pairs).
    pub low: u8,
    /// Suited, offsuit or either ([`Suitedness::Any`] for pairs).
    pub kind: Suitedness,
}

impl HandClass {
    /// The pair of `rank`.
    pub fn pair(rank: u8) -> Self {
        Self {
            high: rank,
            low: rank,
            kind: Suitedness::Any,
        }
    }

    /// The 169 starting-hand classes, strongest ranks first: for each high rank, its pair, then
    /// suited and offsuit hands by falling kicker.
    pub fn all() -> Vec<HandClass> {
        let mut out = Vec::with_capacity(169);
        for high in (0..13u8).rev() {
            out.push(HandClass::pair(high));
            for low in (0..high).rev() {
                for kind in [Suitedness::Suited, Suitedness::Offsuit] {
                    out.push(HandClass { high, low, kind });
                }
            }
        }
        out
    }

    /// The starting-hand class of `combo`: its pair, or its ranks suited or offsuit.
    pub fn of(combo: Combo) -> Self {
        let [a, b] = combo;
        let (high, low) = (a.rank().max(b.rank()), a.rank().min(b.rank()));
        let kind = if high == low {
            Suitedness::Any
        } else if a.suit() == b.suit() {
            Suitedness::Suited
        } else {
            Suitedness::Offsuit
        };
        Self { high, low, kind }
    }

    /// The class's name: `AA`, `AKs`, `AKo`, `AK`.
    pub fn name(self) -> String {
        let (h, l) = (
            RANK_CHARS[usize::from(self.high)],
            RANK_CHARS[usize::from(self.low)],
        );
        match (self.high == self.low, self.kind) {
            (false, Suitedness::Suited) => format!("{h}{l}s"),
            (false, Suitedness::Offsuit) => format!("{h}{l}o"),
            _ => format!("{h}{l}"),
        }
    }

    /// Every combo of the class (6 for a pair, 4 suited, 12 offsuit, 16 either).
    pub fn combos(self) -> Vec<Combo> {
        let mut out = Vec::with_capacity(16);
        class_combos(self, &mut out);
        out
    }
}

fn parse_class(text: &str) -> Option<HandClass> {
    let chars: Vec<char> = text.chars().collect();
    let (a, b, kind) = match chars.as_slice() {
        [a, b] => (*a, *b, Suitedness::Any),
        [a, b, 's' | 'S'] => (*a, *b, Suitedness::Suited),
        [a, b, 'o' | 'O'] => (*a, *b, Suitedness::Offsuit),
        _ => return None,
    };
    let (a, b) = (rank_of(a)?, rank_of(b)?);
    let (high, low) = (a.max(b), a.min(b));
    if high == low && kind != Suitedness::Any {
        return None;
    }
    Some(HandClass { high, low, kind })
}

/// Every combo of a class.
fn class_combos(class: HandClass, out: &mut Vec<Combo>) {
    for s1 in 0..4 {
        for s2 in 0..4 {
            let (c1, c2) = (Card::new(class.high, s1), Card::new(class.low, s2));
            let keep = if class.high == class.low {
                s1 < s2
            } else {
                match class.kind {
                    Suitedness::Suited => s1 == s2,
                    Suitedness::Offsuit => s1 != s2,
                    Suitedness::Any => true,
                }
            };
            if keep {
                out.push(ordered(c1, c2));
            }
        }
    }
}

fn ordered(a: Card, b: Card) -> Combo {
    if a.index() < b.index() {
        [a, b]
    } else {
        [b, a]
    }
}

/// The combos of one comma-separated item, or `None` if it does not parse.
fn expand(item: &str) -> Option<Vec<Combo>> {
    let mut out = Vec::new();
    if item.eq_ignore_ascii_case("random") {
        for a in 0..52u8 {
            for b in a + 1..52 {
                out.push([Card::from_index(a), Card::from_index(b)]);
            }
        }
        return Some(out);
    }
    if item.len() == 4
        && item.is_ascii()
        && let (Ok(a), Ok(b)) = (item[..2].parse::<Card>(), item[2..].parse::<Card>())
    {
        return (a != b).then(|| vec![ordered(a, b)]);
    }
    if let Some(base) = item.strip_suffix('+') {
        let class = parse_class(base)?;
        if class.high == class.low {
            // QQ+: QQ, KK, AA.
            for r in class.low..13 {
                class_combos(
                    HandClass {
                        high: r,
                        low: r,
                        kind: class.kind,
                    },
                    &mut out,
                );
            }
        } else {
            // A2s+: A2s .. AKs, the high card fixed.
            for low in class.low..class.high {
                class_combos(HandClass { low, ..class }, &mut out);
            }
        }
        return Some(out);
    }
    if let Some((from, to)) = item.split_once('-') {
        let (a, b) = (parse_class(from)?, parse_class(to)?);
        if a.kind != b.kind {
            return None;
        }
        if a.high == a.low && b.high == b.low {
            // 77-TT: every pair between.
            for r in a.low.min(b.low)..=a.low.max(b.low) {
                class_combos(
                    HandClass {
                        high: r,
                        low: r,
                        kind: a.kind,
                    },
                    &mut out,
                );
            }
        } else if a.high == b.high && a.high != a.low && b.high != b.low {
            // A5s-A2s: the high card fixed, the kicker between.
            for low in a.low.min(b.low)..=a.low.max(b.low) {
                class_combos(HandClass { low, ..a }, &mut out);
            }
        } else if a.high - a.low == b.high - b.low && a.high != a.low {
            // T9s-65s: the same gap, sliding down.
            let gap = a.high - a.low;
            for high in a.high.min(b.high)..=a.high.max(b.high) {
                class_combos(
                    HandClass {
                        high,
                        low: high - gap,
                        kind: a.kind,
                    },
                    &mut out,
                );
            }
        } else {
            return None;
        }
        return Some(out);
    }
    class_combos(parse_class(item)?, &mut out);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn size(text: &str) -> usize {
        Range::parse(text).unwrap().combos.len()
    }

    #[test]
    fn sizes_follow_the_notation() {
        assert_eq!(size("AhKh"), 1);
        assert_eq!(size("QQ"), 6);
        assert_eq!(size("QQ+"), 18);
        assert_eq!(size("77-TT"), 24);
        assert_eq!(size("TT-77"), 24);
        assert_eq!(size("AKs"), 4);
        assert_eq!(size("AKo"), 12);
        assert_eq!(size("AK"), 16);
        assert_eq!(size("KA"), 16);
        assert_eq!(size("A2s+"), 48);
        assert_eq!(size("KTo+"), 36);
        assert_eq!(size("T9s-65s"), 20);
        assert_eq!(size("A5s-A2s"), 16);
        assert_eq!(size("QQ+,AKs"), 22);
        assert_eq!(size("random"), 1326);
        assert_eq!(size("AK,AKs"), 16);
    }

    #[test]
    fn weights_are_thousandths_and_later_mentions_win() {
        let r = Range::parse("AKs:0.5,AhKh").unwrap();
        assert_eq!(r.combos.len(), 4);
        assert_eq!(r.weights.iter().sum::<u32>(), 3 * 500 + 1000);
        assert!(r.is_weighted());
        assert!(!Range::parse("AKs").unwrap().is_weighted());
        // A combo keeps the place of its first mention and the weight of its last.
        let r = Range::parse("AhKh,KK,AKs:0.5").unwrap();
        assert_eq!(r.combos.len(), 10);
        assert_eq!(r.combos[0], Range::parse("AhKh").unwrap().combos[0]);
        assert_eq!(r.weights[..2], [500, 1000]);
        assert_eq!(r.weights.iter().filter(|&&w| w == 500).count(), 4);
    }

    #[test]
    fn bad_ranges_name_the_text() {
        for bad in [
            "",
            "AX",
            "AAs",
            "AK+s",
            "QQ-AKs",
            "AKs:0",
            "AKs:1.5",
            "AKs:x",
            "AhAh",
            "QQ,",
            "T9s-64s",
            "AKs:0.5:0.5",
            "AKs:0.0005",
            "AKs:0.0004",
        ] {
            let err = Range::parse(bad).unwrap_err().to_string();
            assert!(err.contains(&format!("'{bad}'")), "{bad}: {err}");
        }
    }

    #[test]
    fn blocked_cards_empty_a_range_with_an_error() {
        let mut r = Range::parse("AhKh").unwrap();
        let blocked = combo_mask(r.combos[0]);
        assert!(
            r.remove_blocked(blocked)
                .unwrap_err()
                .to_string()
                .contains("'AhKh'")
        );
        let mut aa = Range::parse("AA").unwrap();
        aa.remove_blocked(1 << Card::new(12, 0).index()).unwrap();
        assert_eq!(aa.combos.len(), 3);
    }
}
