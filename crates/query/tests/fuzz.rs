//! The parser and checker never panic, on random text or on valid queries mutated a character
//! at a time, and every refusal is one line with a place inside the text.

use engine::Game;
use proptest::prelude::*;
use query::{RangeReader, Readers, TwoCardReader, prepare};

struct TwoCard;

impl Readers for TwoCard {
    fn reader(&self, game: Game) -> Result<Box<dyn RangeReader + '_>, String> {
        Ok(Box::new(TwoCardReader { game }))
    }
}

const VALID: &[&str] = &[
    "select avg(riverEquity(hero)) as eq from game='holdem', hero='AsAh', villain='KsKh'",
    "select count(winsHi(hero) and not tiesHi(villain)), histogram(handType(hero, flop)) \
     from hero='QQ+,AKs', villain='15%', board='2c7d9h' where pairedBoard(turn) or 1 + 2 * 3 >= 4",
    "select min(outsToHandType(hero, flop, flush)), max(boardSuitCount(river)) from hero='AhKh', \
     villain='random', board='Qh7h2c' where inRange(villain, 'QQ+') and flopHandCategory(hero) <= flopTopPair",
];

/// Checks the refusal of `text`, if any: one line, its place within the text.
fn check(text: &str) {
    if let Err(e) = prepare(text, &TwoCard) {
        let line = e.to_string();
        assert!(!line.contains('\n'), "{line:?}");
        let lines = text.split('\n').count() as u32;
        assert!(e.pos.line >= 1 && e.pos.line <= lines, "{line} in {text:?}");
        assert!(e.pos.column >= 1, "{line}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_text_never_panics(text in "\\PC{0,80}") {
        check(&text);
    }

    #[test]
    fn query_like_text_never_panics(
        words in proptest::collection::vec(
            prop_oneof![
                Just("select"), Just("from"), Just("where"), Just("avg("), Just("count("),
                Just("histogram("), Just(")"), Just(","), Just("hero"), Just("'AsAh'"),
                Just("="), Just(">="), Just("and"), Just("not"), Just("riverEquity("),
                Just("handType("), Just("flop"), Just("1"), Just("-"), Just("*"), Just("as"),
                Just("game"), Just("'omaha'"), Just("board"), Just("'2c7d9h'"),
            ],
            0..30,
        )
    ) {
        check(&words.join(" "));
    }

    #[test]
    fn mutated_queries_never_panic(
        which in 0..VALID.len(),
        at in 0usize..400,
        edit in 0u8..3,
        c in proptest::char::any(),
    ) {
        let mut chars: Vec<char> = VALID[which].chars().collect();
        let at = at % (chars.len() + 1);
        match edit {
            0 => chars.insert(at, c),
            1 if at < chars.len() => { chars.remove(at); }
            _ if at < chars.len() => chars[at] = c,
            _ => chars.push(c),
        }
        check(&chars.into_iter().collect::<String>());
    }
}

#[test]
fn the_valid_queries_compile() {
    for text in VALID {
        prepare(text, &TwoCard).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

#[test]
fn refusals_read_as_the_issue_writes_them() {
    let cases = [
        (
            "select avg(riverEquty(hero)) from game='holdem', hero='AsAh', villain='KsKh'",
            "query:1:12: unknown function 'riverEquty' (did you mean riverEquity?)",
        ),
        (
            "select avg(handType(hero, flop) + 1) from hero='AsAh'",
            "query:1:33: type error: '+' cannot combine a hand type with a number",
        ),
        (
            "select count(winsLo(hero)) from game='holdem', hero='AsAh', villain='KsKh'",
            "query:1:14: type error: winsLo has no meaning in holdem (it has no low half)",
        ),
        (
            "select avg(riverEquity(flop)) from hero='AsAh'",
            "query:1:24: type error: argument 1 of riverEquity is a player, found street",
        ),
        (
            "select avg(riverEquity(hreo)) from hero='AsAh'",
            "query:1:24: unknown name 'hreo' (did you mean hero?): not a player of the from list, a street or a constant",
        ),
        (
            "select count(riverEquity(hero)) from hero='AsAh'",
            "query:1:14: type error: count takes a boolean, found number",
        ),
        (
            "select avg(riverEquity(hero)) from game='badugi', hero='AsAh', board='2c3d4h'",
            "query:1:64: badugi deals no board: give the cards each player keeps",
        ),
        (
            "select avg(riverEquity(hero)) from hero='AsAq'",
            "query:1:41: hero='AsAq': ",
        ),
    ];
    for (text, want) in cases {
        let got = prepare(text, &TwoCard).unwrap_err().to_string();
        assert!(got.starts_with(want), "{text}\n got: {got}\nwant: {want}");
    }
}
