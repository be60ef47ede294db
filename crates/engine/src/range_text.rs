//! What hold'em and Omaha ranges share: an item's `:` qualifiers (one weight, and in Omaha one
//! suit shape), and the wording of every refusal of a range or of ranges that cannot be dealt
//! together, so that both games refuse the same mistake with the same message.
//!
//! ```text
//!  AKs:0.5        body AKs, weight 500 thousandths
//!  AAxx:ds:0.25   body AAxx, named qualifier ds, weight 250 (qualifiers in any order)
//!  AKs:0.5:0.5    refused: two weights        AAxx:ds:r   refused: two suit qualifiers
//!  AKs:0.0004     refused: below 0.001        AKs:2       refused: not in (0, 1]
//! ```

use std::fmt;

/// Weights are integers in thousandths, so that weighted draws and exact counts stay integers.
pub const WEIGHT_SCALE: u32 = 1000;

/// The smallest weight, as written in messages.
pub const MIN_WEIGHT_TEXT: &str = "0.001";

/// A problem with a range's text, or with ranges that cannot be dealt together. The messages are
/// one line and name the offending text.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RangeError {
    /// A comma-separated range has an empty item (`QQ+,`).
    EmptyItem {
        /// The whole range.
        range: String,
    },
    /// An item is not in the game's notation.
    BadItem {
        /// The item, without its qualifiers.
        item: String,
        /// The whole range.
        range: String,
        /// What the game takes, e.g. `a hand of 4 cards or a pattern of 4 ranks …`.
        want: String,
    },
    /// A qualifier after `:` is neither a number nor a name the game knows.
    BadQualifier {
        /// The qualifier.
        qualifier: String,
        /// The whole range.
        range: String,
        /// What the game takes after `:`.
        want: &'static str,
    },
    /// A weight is not a number in (0, 1].
    BadWeight {
        /// The weight as written.
        weight: String,
        /// The whole range.
        range: String,
    },
    /// A weight below [`MIN_WEIGHT_TEXT`], the smallest in thousandths.
    WeightTooSmall {
        /// The weight as written.
        weight: String,
        /// The whole range.
        range: String,
    },
    /// An item with two weights (`AKs:0.5:0.5`).
    TwoWeights {
        /// The item with its qualifiers.
        item: String,
        /// The whole range.
        range: String,
    },
    /// An item with two named qualifiers (`AAxx:ds:r`): contradictory, or said twice.
    TwoQualifiers {
        /// The item with its qualifiers.
        item: String,
        /// The whole range.
        range: String,
    },
    /// A percentage item (`15%`) in a game without a ranking of starting hands.
    NoRanking {
        /// The item, without its qualifiers.
        item: String,
        /// The whole range.
        range: String,
    },
    /// A percentage item too narrow to hold the middle of any class (`0.2%`).
    PercentSelectsNothing {
        /// The item, without its qualifiers.
        item: String,
        /// The whole range.
        range: String,
    },
    /// A percentage item whose starts all lack the card it is read with (stud's door card:
    /// `(0.1%)2c`, the top 0.1 % being trips of nines and up).
    PercentMissesCard {
        /// The item, without its qualifiers.
        item: String,
        /// The whole range.
        range: String,
        /// The card.
        card: String,
    },
    /// No hand of a range is left once the board, dead cards and fixed hands are removed.
    RangeEmptied {
        /// The range.
        range: String,
    },
    /// Every combination of the players' ranges shares a card.
    NoDealFits,
    /// Rejection sampling found no compatible deal in 10,000 tries, and no proof that none
    /// exists was found either.
    RangesRarelyFit,
    /// Too few cards left for every player's hand and the rest of the board.
    NotEnoughCards {
        /// Cards not on the board or dead (or missing from the game's deck).
        free: usize,
        /// Cards the hands and the rest of the board need.
        needed: usize,
        /// Players.
        players: usize,
    },
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::EmptyItem { range } => write!(f, "empty item in range '{range}'"),
            Self::BadItem { item, range, want } => {
                write!(f, "cannot parse '{item}' in range '{range}' (want {want})")
            }
            Self::BadQualifier {
                qualifier,
                range,
                want,
            } => write!(
                f,
                "bad qualifier ':{qualifier}' in range '{range}' (want {want})"
            ),
            Self::BadWeight { weight, range } => write!(
                f,
                "bad weight '{weight}' in range '{range}' (want a number in (0, 1])"
            ),
            Self::WeightTooSmall { weight, range } => write!(
                f,
                "weight '{weight}' in range '{range}' is below {MIN_WEIGHT_TEXT}, the smallest weight"
            ),
            Self::TwoWeights { item, range } => {
                write!(f, "'{item}' in range '{range}' has two weights; give one")
            }
            Self::TwoQualifiers { item, range } => write!(
                f,
                "'{item}' in range '{range}' has two suit qualifiers; give one"
            ),
            Self::NoRanking { item, range } => write!(
                f,
                "'{item}' in range '{range}': percentage ranges need a ranking of starting hands, which only holdem, shortdeck, holdem-hilo, omaha, omaha5 and omaha6 and their hi/lo games (courchevel and courchevel-hilo read omaha5's), stud, stud-hilo, razz and the draw games (of pat hands) have; list the hands instead"
            ),
            Self::PercentSelectsNothing { item, range } => write!(
                f,
                "'{item}' in range '{range}' holds no whole class (a class counts when more than half of its combos fall inside); widen it"
            ),
            Self::PercentMissesCard { item, range, card } => write!(
                f,
                "'{item}' in range '{range}' holds no start with the door card {card}; widen it"
            ),
            Self::RangeEmptied { range } => write!(
                f,
                "range '{range}' is empty once the board, dead cards and other hands are removed"
            ),
            Self::NoDealFits => f.write_str("no deal fits: the ranges always share cards"),
            Self::RangesRarelyFit => {
                f.write_str("the ranges almost never fit together (no deal in 10,000 tries)")
            }
            Self::NotEnoughCards {
                free,
                needed,
                players,
            } => write!(
                f,
                "not enough cards: {players} players and the board need {needed}, {free} are left once the board and dead cards are out"
            ),
        }
    }
}

impl std::error::Error for RangeError {}

impl RangeError {
    /// The error of a range read as `letters` (its suit symbols as letters) quoting the text as
    /// `typed` instead ([`deck::as_typed`]): the person sees what they wrote.
    pub fn as_typed(self, typed: &str, letters: &str) -> Self {
        let quote =
            |text: String| deck::as_typed(typed, letters, &text).map_or(text, str::to_string);
        match self {
            Self::EmptyItem { range } => Self::EmptyItem {
                range: quote(range),
            },
            Self::BadItem { item, range, want } => Self::BadItem {
                item: quote(item),
                range: quote(range),
                want,
            },
            Self::BadQualifier {
                qualifier,
                range,
                want,
            } => Self::BadQualifier {
                qualifier: quote(qualifier),
                range: quote(range),
                want,
            },
            Self::BadWeight { weight, range } => Self::BadWeight {
                weight: quote(weight),
                range: quote(range),
            },
            Self::WeightTooSmall { weight, range } => Self::WeightTooSmall {
                weight: quote(weight),
                range: quote(range),
            },
            Self::TwoWeights { item, range } => Self::TwoWeights {
                item: quote(item),
                range: quote(range),
            },
            Self::TwoQualifiers { item, range } => Self::TwoQualifiers {
                item: quote(item),
                range: quote(range),
            },
            Self::RangeEmptied { range } => Self::RangeEmptied {
                range: quote(range),
            },
            Self::NoRanking { item, range } => Self::NoRanking {
                item: quote(item),
                range: quote(range),
            },
            Self::PercentSelectsNothing { item, range } => Self::PercentSelectsNothing {
                item: quote(item),
                range: quote(range),
            },
            Self::PercentMissesCard { item, range, card } => Self::PercentMissesCard {
                item: quote(item),
                range: quote(range),
                card,
            },
            other => other,
        }
    }
}

/// An item of a range split at its `:`s.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Item<'a> {
    /// The hand, class or pattern before the first `:`, trimmed.
    pub body: &'a str,
    /// Its weight in thousandths ([`WEIGHT_SCALE`] when none is given).
    pub weight: u32,
    /// The named qualifier, as written (one of the names the caller allows), if any.
    pub named: Option<&'a str>,
}

/// Splits the (trimmed, non-empty) item `part` of `range`: each qualifier after a `:` is a
/// weight (anything that reads as a number) or one of `names` (any case), at most one of each.
///
/// # Errors
/// [`RangeError::BadWeight`], [`RangeError::WeightTooSmall`], [`RangeError::TwoWeights`],
/// [`RangeError::TwoQualifiers`], or [`RangeError::BadQualifier`] with `want` for anything else.
pub fn split_item<'a>(
    part: &'a str,
    range: &str,
    names: &[&str],
    want: &'static str,
) -> Result<Item<'a>, RangeError> {
    let mut pieces = part.split(':');
    let body = pieces.next().unwrap_or_default().trim();
    let mut weight = None;
    let mut named = None;
    for q in pieces {
        let q = q.trim();
        if q.parse::<f64>().is_ok() {
            if weight.is_some() {
                return Err(RangeError::TwoWeights {
                    item: part.to_string(),
                    range: range.to_string(),
                });
            }
            weight = Some(parse_weight(q, range)?);
        } else if names.iter().any(|n| n.eq_ignore_ascii_case(q)) {
            if named.is_some() {
                return Err(RangeError::TwoQualifiers {
                    item: part.to_string(),
                    range: range.to_string(),
                });
            }
            named = Some(q);
        } else {
            return Err(RangeError::BadQualifier {
                qualifier: q.to_string(),
                range: range.to_string(),
                want,
            });
        }
    }
    Ok(Item {
        body,
        weight: weight.unwrap_or(WEIGHT_SCALE),
        named,
    })
}

/// Reads the weight `text` of `range` in thousandths: a number in (0, 1], at least
/// [`MIN_WEIGHT_TEXT`], rounded to the nearest thousandth.
///
/// # Errors
/// [`RangeError::BadWeight`] for anything but a number in (0, 1],
/// [`RangeError::WeightTooSmall`] below [`MIN_WEIGHT_TEXT`].
pub fn parse_weight(text: &str, range: &str) -> Result<u32, RangeError> {
    let bad = || RangeError::BadWeight {
        weight: text.to_string(),
        range: range.to_string(),
    };
    let value: f64 = text.parse().map_err(|_| bad())?;
    if !(value > 0.0 && value <= 1.0) {
        return Err(bad());
    }
    // Refused, not rounded up: 0.0005 is not the weight 0.001.
    if value < 1.0 / f64::from(WEIGHT_SCALE) {
        return Err(RangeError::WeightTooSmall {
            weight: text.to_string(),
            range: range.to_string(),
        });
    }
    Ok((value * f64::from(WEIGHT_SCALE)).round() as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: [&str; 4] = ["ds", "ss", "r", "rainbow"];

    fn split(part: &str) -> Result<Item<'_>, RangeError> {
        split_item(part, part, &NAMES, "ds, ss, r or a weight")
    }

    #[test]
    fn qualifiers_come_in_any_order_once_each() {
        let item = split("AAxx:DS:0.25").unwrap();
        assert_eq!(
            (item.body, item.weight, item.named),
            ("AAxx", 250, Some("DS"))
        );
        assert_eq!(
            split("AAxx:0.25:ds").unwrap(),
            item_with("AAxx", 250, Some("ds"))
        );
        assert_eq!(split(" KQJT ").unwrap(), item_with("KQJT", 1000, None));
        assert!(matches!(
            split("AAxx:ds:r"),
            Err(RangeError::TwoQualifiers { .. })
        ));
        assert!(matches!(
            split("AAxx:ds:ds"),
            Err(RangeError::TwoQualifiers { .. })
        ));
        assert!(matches!(
            split("AAxx:0.5:0.001"),
            Err(RangeError::TwoWeights { .. })
        ));
        assert!(matches!(
            split("AAxx:qq"),
            Err(RangeError::BadQualifier { .. })
        ));
        assert!(matches!(
            split("AAxx:"),
            Err(RangeError::BadQualifier { .. })
        ));
    }

    fn item_with(body: &'static str, weight: u32, named: Option<&'static str>) -> Item<'static> {
        Item {
            body,
            weight,
            named,
        }
    }

    #[test]
    fn weights_are_thousandths_from_0_001_to_1() {
        assert_eq!(parse_weight("1", "r"), Ok(1000));
        assert_eq!(parse_weight("0.001", "r"), Ok(1));
        assert_eq!(parse_weight("1e-3", "r"), Ok(1));
        assert_eq!(parse_weight("0.3333", "r"), Ok(333));
        for small in ["0.0005", "0.0004", "0.000999"] {
            assert!(
                matches!(
                    parse_weight(small, "r"),
                    Err(RangeError::WeightTooSmall { .. })
                ),
                "{small}"
            );
        }
        for bad in ["0", "-0.5", "1.5", "nan", "inf", "x"] {
            assert!(
                matches!(parse_weight(bad, "r"), Err(RangeError::BadWeight { .. })),
                "{bad}"
            );
        }
    }

    #[test]
    fn messages_name_the_text() {
        let two = RangeError::TwoWeights {
            item: "AKs:0.5:0.5".into(),
            range: "QQ,AKs:0.5:0.5".into(),
        };
        assert_eq!(
            two.to_string(),
            "'AKs:0.5:0.5' in range 'QQ,AKs:0.5:0.5' has two weights; give one"
        );
        let small = parse_weight("0.0004", "AAxx:0.0004").unwrap_err();
        assert_eq!(
            small.to_string(),
            "weight '0.0004' in range 'AAxx:0.0004' is below 0.001, the smallest weight"
        );
    }
}
