//! The types of the query language and its named constants: streets, hand types and PQL's
//! flop hand categories.

use std::fmt;

use engine::Family;

/// The type of an expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Type {
    /// A number.
    Number,
    /// True or false (a number 1 or 0 to `avg`).
    Boolean,
    /// A player named in the `from` list.
    Player,
    /// `flop`, `turn` or `river`; in stud `third` … `seventh` (`river` is seventh); in the
    /// draw games only `river`, the final hand.
    Street,
    /// A hand type: `pair`, `flush` … ([`HAND_TYPES`]).
    HandType,
    /// PQL's flop hand category: `flopTopPair`, `flopSet` … ([`FLOP_CATEGORIES`]).
    FlopCategory,
    /// A quoted text (a range).
    Text,
    /// A card (`upCard`'s, or a card written in the query, `As`, `9d`: [`card_literal`]): its
    /// index in the deck, compared with `=` and `!=`, its rank read by `rank`.
    Card,
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Type::Number => "number",
            Type::Boolean => "boolean",
            Type::Player => "player",
            Type::Street => "street",
            Type::HandType => "hand type",
            Type::FlopCategory => "flop hand category",
            Type::Text => "text",
            Type::Card => "card",
        })
    }
}

/// The streets, by the board cards they show: flop 3, turn 4, river 5.
pub const STREETS: [(&str, u8); 3] = [("flop", 3), ("turn", 4), ("river", 5)];

/// Stud's streets, by the cards each seat holds: third 3 … seventh 7 (`river` is seventh
/// street there).
pub const STUD_STREETS: [(&str, u8); 5] = [
    ("third", 3),
    ("fourth", 4),
    ("fifth", 5),
    ("sixth", 6),
    ("seventh", 7),
];

/// The draw games' one street: the final hand, after the one draw (`river`).
pub const DRAW_STREET: u8 = 5;

/// The cards a street named `name` shows in a game of `family`: board cards in the board
/// games, each seat's cards in stud, and in the draw games [`DRAW_STREET`] for `river`, the
/// final hand; `Err` with words when the name is another family's street, `None` when it
/// names no street.
pub fn street_cards(name: &str, family: Family) -> Option<Result<u8, &'static str>> {
    let find = |list: &[(&str, u8)]| {
        list.iter()
            .find(|(s, _)| s.eq_ignore_ascii_case(name))
            .map(|&(_, n)| n)
    };
    let river = name.eq_ignore_ascii_case("river");
    match (family, find(&STREETS), find(&STUD_STREETS)) {
        (_, None, None) => None,
        (Family::Draw, _, _) if river => Some(Ok(DRAW_STREET)),
        (Family::Draw, _, _) => Some(Err(
            "a draw game's one street is river, the final hand after the draw",
        )),
        (Family::Stud, Some(_), _) if river => Some(Ok(7)),
        (Family::Stud, Some(_), _) => Some(Err(
            "stud deals no board: its streets are third, fourth, fifth, sixth and seventh (or river)",
        )),
        (Family::Stud, None, n) => n.map(Ok),
        (_, Some(n), _) => Some(Ok(n)),
        (_, None, Some(_)) => Some(Err(
            "a board game's streets are flop, turn and river (third … seventh are stud's)",
        )),
    }
}

/// The hand types, weakest first, as PQL names them (a royal flush is a straight flush). The
/// value of a hand type is its index here; `threeOfAKind` and `fourOfAKind` also name trips and
/// quads.
pub const HAND_TYPES: [&str; 9] = [
    "highCard",
    "pair",
    "twoPair",
    "trips",
    "straight",
    "flush",
    "fullHouse",
    "quads",
    "straightFlush",
];

/// PQL's flop hand categories, weakest first: the value of one is its index here.
pub const FLOP_CATEGORIES: [&str; 18] = [
    "flopNothing",
    "flopUnderPair",
    "flopThirdPair",
    "flopPocket23",
    "flopSecondPair",
    "flopPocket12",
    "flopTopPair",
    "flopOverpair",
    "flopBottomTwo",
    "flopTopAndBottom",
    "flopTopTwo",
    "flopTrips",
    "flopSet",
    "flopStraight",
    "flopFlush",
    "flopFullHouse",
    "flopQuads",
    "flopStraightFlush",
];

/// A named constant's type and value, whatever the case of `name`.
pub fn constant(name: &str) -> Option<(Type, f64)> {
    if let Some(&(_, cards)) = STREETS
        .iter()
        .chain(&STUD_STREETS)
        .find(|(s, _)| s.eq_ignore_ascii_case(name))
    {
        return Some((Type::Street, f64::from(cards)));
    }
    let alias = match name.to_ascii_lowercase().as_str() {
        "threeofakind" => "trips",
        "fourofakind" => "quads",
        _ => name,
    };
    if let Some(i) = HAND_TYPES
        .iter()
        .position(|h| h.eq_ignore_ascii_case(alias))
    {
        return Some((Type::HandType, i as f64));
    }
    if let Some(i) = FLOP_CATEGORIES
        .iter()
        .position(|h| h.eq_ignore_ascii_case(name))
    {
        return Some((Type::FlopCategory, i as f64));
    }
    match name.to_ascii_lowercase().as_str() {
        "true" => Some((Type::Boolean, 1.0)),
        "false" => Some((Type::Boolean, 0.0)),
        _ => None,
    }
}

/// The card a name written in the query stands for: two characters, a rank (`2` … `9`, `T`,
/// `J`, `Q`, `K`, `A`) and a suit (`c`, `d`, `h`, `s`), either in any case (`As`, `td`,
/// `9H`). A named constant ([`constant`]) never reads as a card (none has two characters).
pub fn card_literal(name: &str) -> Option<deck::Card> {
    if name.len() != 2 || !name.is_ascii() {
        return None;
    }
    name.parse().ok()
}

/// The name of value `value` of type `ty`, as histogram rows print it.
pub fn value_name(ty: Type, value: f64) -> String {
    let index = value as usize;
    match ty {
        Type::HandType => HAND_TYPES.get(index).map_or("?", |s| s).to_string(),
        Type::FlopCategory => FLOP_CATEGORIES.get(index).map_or("?", |s| s).to_string(),
        Type::Boolean => if value != 0.0 { "true" } else { "false" }.to_string(),
        _ => format!("{value}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_read_in_any_case() {
        assert_eq!(constant("FLUSH"), Some((Type::HandType, 5.0)));
        assert_eq!(constant("threeOfAKind"), Some((Type::HandType, 3.0)));
        assert_eq!(constant("River"), Some((Type::Street, 5.0)));
        assert_eq!(constant("flopset"), Some((Type::FlopCategory, 12.0)));
        assert_eq!(constant("hero"), None);
        assert_eq!(value_name(Type::HandType, 8.0), "straightFlush");
        assert_eq!(value_name(Type::Boolean, 1.0), "true");
        assert_eq!(constant("Fifth"), Some((Type::Street, 5.0)));
    }

    #[test]
    fn two_character_names_of_a_rank_and_a_suit_are_cards() {
        let card = |t: &str| card_literal(t).map(|c| c.to_string());
        assert_eq!(card("As").as_deref(), Some("As"));
        assert_eq!(card("td").as_deref(), Some("Td"));
        assert_eq!(card("9H").as_deref(), Some("9h"));
        for name in ["p1", "Ax", "10h", "Ass", "s", "hero", "pair"] {
            assert_eq!(card(name), None, "{name}");
        }
        // No named constant has two characters, so none reads as a card.
        for name in STREETS.iter().chain(&STUD_STREETS).map(|s| s.0) {
            assert!(card_literal(name).is_none());
        }
        assert!(
            HAND_TYPES
                .iter()
                .chain(&FLOP_CATEGORIES)
                .all(|n| n.len() > 2)
        );
    }

    #[test]
    fn streets_read_per_family() {
        let (board, stud, draw) = (Family::Holdem, Family::Stud, Family::Draw);
        assert_eq!(street_cards("turn", board), Some(Ok(4)));
        assert_eq!(street_cards("river", Family::Omaha), Some(Ok(5)));
        assert_eq!(street_cards("river", stud), Some(Ok(7)));
        assert_eq!(street_cards("SIXTH", stud), Some(Ok(6)));
        assert!(matches!(street_cards("flop", stud), Some(Err(_))));
        assert!(matches!(street_cards("third", board), Some(Err(_))));
        assert_eq!(street_cards("pair", stud), None);
        assert_eq!(street_cards("River", draw), Some(Ok(DRAW_STREET)));
        assert!(matches!(street_cards("flop", draw), Some(Err(_))));
        assert!(matches!(street_cards("seventh", draw), Some(Err(_))));
        assert_eq!(street_cards("pair", draw), None);
    }
}
