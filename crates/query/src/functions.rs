//! The functions of the query language: PQL's names, their parameters, what they return and
//! which games give them a meaning.

use crate::types::Type;

/// A function of the language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Func {
    /// `riverEquity(p)`: p's share of the pot at the river (hi/lo: of both halves); in a draw
    /// game at the showdown after the draw.
    RiverEquity,
    /// `hvhEquity(p, street)`: p's equity against the other players' dealt hands, the board
    /// known up to `street` and every runout counted; in stud against every seat's cards to
    /// `street`, every completion counted.
    HvhEquity,
    /// `winsHi(p)`: p alone has the best high hand at the river.
    WinsHi,
    /// `tiesHi(p)`: p ties for the best high hand at the river.
    TiesHi,
    /// `winsLo(p)`: p alone has the best qualifying low at the river (razz, lowball, badugi:
    /// the best low, which takes the pot).
    WinsLo,
    /// `tiesLo(p)`: p ties for the best qualifying low at the river.
    TiesLo,
    /// `scoops(p)`: p takes the whole pot alone.
    Scoops,
    /// `handType(p, street)`: the type of p's best high hand on `street`.
    HandType,
    /// `minHandType(p, street, type)`: p's hand on `street` is of `type` or better.
    MinHandType,
    /// `flopHandCategory(p)`: p's PQL flop hand category.
    FlopHandCategory,
    /// `overpair(p, street)`: p holds a pocket pair above every board card on `street`.
    Overpair,
    /// `pocketPair(p)`: p's two hole cards are a pair.
    PocketPair,
    /// `hasTopBoardRank(p, street)`: p holds a card of the board's highest rank on `street`.
    HasTopBoardRank,
    /// `nutHi(p, street)`: no hand that p's opponents could hold beats p's on `street`.
    NutHi,
    /// `nutLo(p, street)`: p holds a qualifying low that no hand of two cards p cannot see
    /// beats on `street`.
    NutLo,
    /// `winningHandType()`: the type of the best high hand at the river.
    WinningHandType,
    /// `inRange(p, 'range')`: p's hole cards are a hand of the range; in stud p's two down
    /// cards, the range in hold'em notation.
    InRange,
    /// `boardInRange('range')`: the board's first cards are an item of the board range (the
    /// flop in any order, the turn and river in their places).
    BoardInRange,
    /// `pairedBoard(street)`: two board cards share a rank.
    PairedBoard,
    /// `flushingBoard(street)`: three board cards or more share a suit.
    FlushingBoard,
    /// `straightBoard(street)`: three board ranks or more fit in one straight.
    StraightBoard,
    /// `monotoneBoard(street)`: every board card has one suit.
    MonotoneBoard,
    /// `rainbowBoard(street)`: no two board cards share a suit.
    RainbowBoard,
    /// `twoToneBoard(street)`: the board shows exactly two suits.
    TwoToneBoard,
    /// `boardSuitCount(street)`: the suits the board shows.
    BoardSuitCount,
    /// `outsToHandType(p, street, type)`: the unseen cards that, dealt next (the next board
    /// card; in stud p's next card), give p a hand of `type` or better.
    OutsToHandType,
    /// `upCard(p, n)`: p's n-th up card in stud (1 third street's … 4 sixth street's).
    UpCard,
    /// `rank(card)`: a card's rank, 2 for a deuce … 14 for an ace.
    Rank,
}

impl Func {
    /// Whether the function reads the river showdown ([`crate::trial::Trial::settle`]).
    pub fn reads_showdown(self) -> bool {
        matches!(
            self,
            Func::RiverEquity
                | Func::WinsHi
                | Func::TiesHi
                | Func::WinsLo
                | Func::TiesLo
                | Func::Scoops
                | Func::WinningHandType
        )
    }
}

/// Which games give a function a meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Every game the language plays.
    Any,
    /// Games with a high hand (not razz, lowball or badugi).
    High,
    /// Games with a low: the hi/lo games' low half, the whole pot of razz, lowball and badugi.
    Low,
    /// Games of two hole cards (hold'em and short deck).
    TwoHoleCards,
    /// Games with a board (the hold'em and Omaha families).
    Board,
    /// Games with a board and a high hand.
    BoardHigh,
    /// Hi/lo games with a board.
    BoardLow,
    /// The stud games, whose seats show up cards.
    UpCards,
    /// Games whose players hold two cards of their own to test against a two-card range: the
    /// board games' hole cards and the stud games' two down cards.
    HoleOrDown,
    /// The board games, and the stud games, whose seats' cards stand to a street.
    BoardOrStud,
    /// Games with a high hand whose next card can be counted: the board games' next board
    /// card, stud's and stud hi/lo's next card of the player.
    NextCardHigh,
}

/// One function's signature.
#[derive(Debug, Clone, Copy)]
pub struct Signature {
    /// The function.
    pub func: Func,
    /// Its name in a query.
    pub name: &'static str,
    /// Its parameters' types.
    pub params: &'static [Type],
    /// What it returns.
    pub returns: Type,
    /// Which games give it a meaning.
    pub needs: Needs,
    /// What it gives, in a line.
    pub doc: &'static str,
}

use Type::{Boolean, Card, HandType, Number, Player, Street, Text};

/// Every function, in the order the guide lists them.
pub const FUNCTIONS: [Signature; 28] = [
    sig(
        Func::RiverEquity,
        "riverEquity",
        &[Player],
        Number,
        Needs::Any,
        "p's share of the pot at the river, a draw game's showdown (hi/lo: of both halves), ties split",
    ),
    sig(
        Func::HvhEquity,
        "hvhEquity",
        &[Player, Street],
        Number,
        Needs::BoardOrStud,
        "p's equity against the other players' dealt hands, the board known up to the street, every runout counted (stud: every seat's cards to the street, every completion; the streets whose count is affordable)",
    ),
    sig(
        Func::WinsHi,
        "winsHi",
        &[Player],
        Boolean,
        Needs::High,
        "p alone has the best high hand at the river",
    ),
    sig(
        Func::TiesHi,
        "tiesHi",
        &[Player],
        Boolean,
        Needs::High,
        "p ties for the best high hand at the river",
    ),
    sig(
        Func::WinsLo,
        "winsLo",
        &[Player],
        Boolean,
        Needs::Low,
        "p alone has the best low at the river (eight or better in hi/lo; the pot's low in razz, lowball and badugi)",
    ),
    sig(
        Func::TiesLo,
        "tiesLo",
        &[Player],
        Boolean,
        Needs::Low,
        "p ties for the best low at the river (eight or better in hi/lo; the pot's low in razz, lowball and badugi)",
    ),
    sig(
        Func::Scoops,
        "scoops",
        &[Player],
        Boolean,
        Needs::Any,
        "p takes the whole pot alone",
    ),
    sig(
        Func::HandType,
        "handType",
        &[Player, Street],
        HandType,
        Needs::High,
        "the type of p's best high hand on the street",
    ),
    sig(
        Func::MinHandType,
        "minHandType",
        &[Player, Street, HandType],
        Boolean,
        Needs::High,
        "p's hand on the street is of the type or better",
    ),
    sig(
        Func::FlopHandCategory,
        "flopHandCategory",
        &[Player],
        Type::FlopCategory,
        Needs::TwoHoleCards,
        "p's PQL flop category (flopTopPair, flopSet …)",
    ),
    sig(
        Func::Overpair,
        "overpair",
        &[Player, Street],
        Boolean,
        Needs::TwoHoleCards,
        "p holds a pocket pair above every board card on the street",
    ),
    sig(
        Func::PocketPair,
        "pocketPair",
        &[Player],
        Boolean,
        Needs::TwoHoleCards,
        "p's two hole cards are a pair",
    ),
    sig(
        Func::HasTopBoardRank,
        "hasTopBoardRank",
        &[Player, Street],
        Boolean,
        Needs::Board,
        "p holds a card of the board's highest rank on the street",
    ),
    sig(
        Func::NutHi,
        "nutHi",
        &[Player, Street],
        Boolean,
        Needs::BoardHigh,
        "no two cards p cannot see make a better high hand on the street",
    ),
    sig(
        Func::NutLo,
        "nutLo",
        &[Player, Street],
        Boolean,
        Needs::BoardLow,
        "p has an eight-or-better low and no two cards p cannot see make a better one on the street",
    ),
    sig(
        Func::WinningHandType,
        "winningHandType",
        &[],
        HandType,
        Needs::High,
        "the type of the best high hand at the river",
    ),
    sig(
        Func::InRange,
        "inRange",
        &[Player, Text],
        Boolean,
        Needs::HoleOrDown,
        "p's hole cards are a hand of the range (in the game's syntax); in stud p's two down cards, in hold'em notation (QQ+,AKs)",
    ),
    sig(
        Func::BoardInRange,
        "boardInRange",
        &[Text],
        Boolean,
        Needs::Board,
        "the board is an item of the board range (AK*, 2s3s4s, AwKwQw; the flop in any order, turn and river in place)",
    ),
    sig(
        Func::PairedBoard,
        "pairedBoard",
        &[Street],
        Boolean,
        Needs::Board,
        "two board cards share a rank",
    ),
    sig(
        Func::FlushingBoard,
        "flushingBoard",
        &[Street],
        Boolean,
        Needs::Board,
        "three board cards or more share a suit",
    ),
    sig(
        Func::StraightBoard,
        "straightBoard",
        &[Street],
        Boolean,
        Needs::Board,
        "three board ranks or more fit in one straight",
    ),
    sig(
        Func::MonotoneBoard,
        "monotoneBoard",
        &[Street],
        Boolean,
        Needs::Board,
        "every board card has one suit",
    ),
    sig(
        Func::RainbowBoard,
        "rainbowBoard",
        &[Street],
        Boolean,
        Needs::Board,
        "no two board cards share a suit",
    ),
    sig(
        Func::TwoToneBoard,
        "twoToneBoard",
        &[Street],
        Boolean,
        Needs::Board,
        "the board shows exactly two suits",
    ),
    sig(
        Func::BoardSuitCount,
        "boardSuitCount",
        &[Street],
        Number,
        Needs::Board,
        "the suits the board shows",
    ),
    sig(
        Func::OutsToHandType,
        "outsToHandType",
        &[Player, Street, HandType],
        Number,
        Needs::NextCardHigh,
        "the cards p cannot see that, dealt next, give p the type or better (stud: p's next card; dead cards and other players' up cards are seen)",
    ),
    sig(
        Func::UpCard,
        "upCard",
        &[Player, Number],
        Card,
        Needs::UpCards,
        "p's n-th up card in stud: 1 third street's, 2 fourth's, 3 fifth's, 4 sixth's",
    ),
    sig(
        Func::Rank,
        "rank",
        &[Card],
        Number,
        Needs::Any,
        "a card's rank: 2 for a deuce … 10 for a ten, 11 jack, 12 queen, 13 king, 14 ace",
    ),
];

const fn sig(
    func: Func,
    name: &'static str,
    params: &'static [Type],
    returns: Type,
    needs: Needs,
    doc: &'static str,
) -> Signature {
    Signature {
        func,
        name,
        params,
        returns,
        needs,
        doc,
    }
}

impl Needs {
    /// The games it names, in words.
    pub const fn words(self) -> &'static str {
        match self {
            Needs::Any => "every game",
            Needs::High => "games with a high hand (not razz, lowball, badugi)",
            Needs::Low => "hi/lo games, razz, lowball, badugi",
            Needs::TwoHoleCards => "two hole cards (hold'em, short deck, hold'em hi/lo)",
            Needs::Board => "board games (hold'em, Omaha)",
            Needs::BoardHigh => "board games (hold'em, Omaha)",
            Needs::BoardLow => "hi/lo board games",
            Needs::UpCards => "stud games (stud, stud-hilo, razz)",
            Needs::HoleOrDown => {
                "board games (hold'em, Omaha) and stud games (stud, stud-hilo, razz)"
            }
            Needs::BoardOrStud => {
                "board games (hold'em, Omaha) and stud games (stud, stud-hilo, razz)"
            }
            Needs::NextCardHigh => "board games (hold'em, Omaha), stud and stud-hilo",
        }
    }
}

/// The function named `name`, whatever its case.
pub fn lookup(name: &str) -> Option<&'static Signature> {
    FUNCTIONS.iter().find(|s| s.name.eq_ignore_ascii_case(name))
}

/// The known name closest to `name` by edit distance, if close enough to be a typing slip.
pub fn closest<'a>(name: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lower = name.to_ascii_lowercase();
    names
        .into_iter()
        .map(|n| (edit_distance(&lower, &n.to_ascii_lowercase()), n))
        .filter(|&(d, n)| d <= (n.len() / 3).max(2))
        .min_by_key(|&(d, _)| d)
        .map(|(_, n)| n)
}

/// Levenshtein distance, in characters (names are short).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(above + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_found_in_any_case() {
        for s in &FUNCTIONS {
            assert_eq!(lookup(&s.name.to_uppercase()).unwrap().func, s.func);
        }
        let mut names: Vec<_> = FUNCTIONS.iter().map(|s| s.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), FUNCTIONS.len());
    }

    #[test]
    fn slips_find_their_function() {
        let names = FUNCTIONS.iter().map(|s| s.name);
        assert_eq!(closest("riverEquty", names.clone()), Some("riverEquity"));
        assert_eq!(closest("handtipe", names.clone()), Some("handType"));
        assert_eq!(closest("zzzzzz", names), None);
    }
}
