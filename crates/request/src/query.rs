//! Query requests (`sim query`, `pokerodds.query`): a PQL question read by the `query`
//! language with each family's range syntax, its method resolved against the language's
//! exact limits, and run on the current rayon pool.
//!
//! The language's crate depends on no family: this file gives it the readers of hold'em's
//! two-card ranges (with percentages), of the Omaha family's ranges and of stud's players,
//! the one place where the families meet the language.

use deck::Card;
use engine::{Family, Game, Method, Watch};
use query::answer::Z95;
use query::{Answer, Hands, Line, Prepared, RangeReader, Readers, TwoCardReader};

use crate::cards::cards_text;
use crate::equity::{EquityArgs, EquityRequest};
use crate::error::RequestError;
use crate::seed::Seed;

/// Most hands a `random` Omaha range is listed as (five-card Omaha's 2.6 million are); above
/// it (six-card Omaha's 20 million) `random` is a player listed as no card, whose hand every
/// trial deals.
pub const MAX_RANDOM_HANDS: usize = 3_000_000;

/// The arguments of a query run, as the front ends receive them.
#[derive(Debug, Clone, Default)]
pub struct QueryArgs<'a> {
    /// The query's text.
    pub text: &'a str,
    /// Count every outcome (`--exact`), refusing spots above the limit.
    pub exact: bool,
    /// Monte Carlo rounds (`--rounds`); given, the run samples.
    pub rounds: Option<u64>,
    /// Stop when every standard error is below this (`--target-stderr`).
    pub target_stderr: Option<f64>,
    /// The seed (`--seed`); omitted, one is drawn.
    pub seed: Option<u64>,
}

/// A validated query run.
#[derive(Debug, Clone)]
pub struct QueryRequest {
    /// The query's text.
    pub text: String,
    /// The compiled query and its spot.
    pub prepared: Prepared,
    /// The method, never `Auto`.
    pub method: Method,
    /// The seed, used when the method samples.
    pub seed: Seed,
    /// A plain equity question (every selector `avg(riverEquity(p))`, no condition) is asked
    /// of the engine's equity, `sim equity`'s own computation: its request and the seat of
    /// each selector.
    equity: Option<(EquityRequest, Vec<usize>)>,
}

impl QueryRequest {
    /// Reads, checks and compiles the query of `args` and resolves its method.
    ///
    /// # Errors
    /// [`RequestError::Query`] at the place of the first problem of the text (`query:1:38:
    /// …`), [`RequestError::Invalid`] for conflicting flags, [`RequestError::Method`] for an
    /// exact count above the limit or a bad round count or target.
    pub fn new(args: &QueryArgs<'_>) -> Result<Self, RequestError> {
        if args.exact && (args.rounds.is_some() || args.target_stderr.is_some()) {
            return Err(RequestError::invalid(
                "--exact cannot be used with --rounds or --target-stderr",
            ));
        }
        let prepared = query::prepare(args.text, &FamilyReaders).map_err(RequestError::Query)?;
        let seed = Seed::resolve(args.seed);
        let asked = if args.exact {
            Method::Exact
        } else if args.rounds.is_some() || args.target_stderr.is_some() {
            Method::MonteCarlo {
                rounds: args
                    .rounds
                    .unwrap_or_else(|| Method::default_rounds(args.target_stderr)),
                seed: seed.value,
                target_stderr: args.target_stderr,
            }
        } else {
            Method::Auto { seed: seed.value }
        };
        let equity = plain_equity(&prepared, args, seed);
        let method = match &equity {
            Some((request, _)) => request.method.clone(),
            None => query::resolve(&prepared, &asked).map_err(run_error)?,
        };
        Ok(Self {
            text: args.text.to_string(),
            prepared,
            method,
            seed,
            equity,
        })
    }

    /// The game.
    pub fn game(&self) -> Game {
        self.prepared.program.rules.game
    }

    /// Runs the query on the current rayon pool.
    ///
    /// # Errors
    /// [`RequestError::Invalid`] when the ranges leave no deal or the condition never held.
    pub fn run(&self) -> Result<Answer, RequestError> {
        self.run_until_stopped(&|| false)
            .map(|answer| answer.unwrap_or_else(|| unreachable!("never asked to stop")))
    }

    /// [`QueryRequest::run`], asking `watch` whether to stop between pieces of the work (exact
    /// jobs, Monte Carlo chunks) and telling it the work done: `None` when it said to stop. The
    /// answer is the very one of [`QueryRequest::run`].
    ///
    /// # Errors
    /// As [`QueryRequest::run`].
    pub fn run_until_stopped(&self, watch: &dyn Watch) -> Result<Option<Answer>, RequestError> {
        let Some((request, seats)) = &self.equity else {
            return query::run_until_stopped(&self.prepared, &self.method, watch)
                .map_err(run_error);
        };
        let Some(outcome) = request.run_until_stopped(watch)? else {
            return Ok(None);
        };
        let exact = outcome.method.is_exact();
        let lines = self
            .prepared
            .program
            .selectors
            .iter()
            .zip(seats)
            .map(|(s, &seat)| {
                let p = &outcome.players[seat];
                let error = if exact { 0.0 } else { p.std_error };
                Line {
                    name: s.name.clone(),
                    aggregate: s.aggregate.name(),
                    bucket: String::new(),
                    value: p.equity,
                    std_error: Some(error),
                    ci_low: Some(p.equity - Z95 * error),
                    ci_high: Some(p.equity + Z95 * error),
                    hits: None,
                    weight: p.outcomes,
                }
            })
            .collect();
        Ok(Some(Answer {
            lines,
            exact,
            trials: outcome.samples,
            admitted: outcome.samples,
        }))
    }
}

/// The engine's equity request for a plain equity question of two players or more, `None`
/// for any other question and for one the engine's equity refuses (a spot above its exact
/// limit): the language then answers it itself, under its own limits. The ranges go to the
/// engine as written (every hand as `random`), or, where the engine does not read them (PQL's
/// generic ranges such as `AwKw`), as the hands the language read from them
/// ([`listed_range`]).
fn plain_equity(
    prepared: &Prepared,
    args: &QueryArgs<'_>,
    seed: Seed,
) -> Option<(EquityRequest, Vec<usize>)> {
    let seats = prepared.program.plain_equity_seats()?;
    if prepared.players.len() < 2 {
        return None;
    }
    let game = prepared.program.rules.game;
    let (board, dead) = (cards_text(&prepared.board), cards_text(&prepared.dead));
    let request = |players: &[String]| {
        EquityRequest::new(&EquityArgs {
            board: &board,
            dead: &dead,
            exact: args.exact.then_some(true),
            rounds: args.rounds,
            target_stderr: args.target_stderr,
            seed: Some(seed.value),
            ..EquityArgs::new(game, players)
        })
        .ok()
    };
    let listed: Vec<String> = prepared
        .players
        .iter()
        .map(|p| listed_range(prepared, &p.hands))
        .collect();
    // Every hand is `random` to the engine, whose dealer draws it without listing the hands.
    let written: Vec<String> = prepared
        .players
        .iter()
        .zip(&listed)
        .map(|(p, listed)| {
            if listed == "random" {
                listed.clone()
            } else {
                p.text.clone()
            }
        })
        .collect();
    // Stud's listed hands would lose where their cards sit: its players go as written only.
    let request = request(&written).or_else(|| {
        (game.family() != Family::Stud)
            .then(|| request(&listed))
            .flatten()
    })?;
    Some((request, seats))
}

/// A player's hands as range text the engine reads: `random` when they are every hand the
/// deck deals around the board and dead cards, each with the same weight; else each hand's
/// cards, with `:weight` where its weight is not whole.
fn listed_range(prepared: &Prepared, hands: &Hands) -> String {
    let deck = prepared.program.deck.len();
    let out = prepared.board.len() + prepared.dead.len();
    let every = engine::choose::choose(deck.saturating_sub(out), hands.hole);
    if hands.len() as u64 == every && hands.weights.iter().all(|&w| w == 1000) {
        return "random".to_string();
    }
    let mut text = String::new();
    for (i, &weight) in hands.weights.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&cards_text(hands.hand(i)));
        if weight != 1000 {
            text.push_str(&format!(":{}", f64::from(weight) / 1000.0));
        }
    }
    text
}

/// A run's refusal in the request layer's words.
fn run_error(error: query::RunError) -> RequestError {
    match error {
        query::RunError::Method(e) => RequestError::Method(e),
        other => RequestError::invalid(format!("query: {other}")),
    }
}

/// The readers of every family the language plays.
struct FamilyReaders;

impl Readers for FamilyReaders {
    fn reader(&self, game: Game) -> Result<Box<dyn RangeReader + '_>, String> {
        match game.family() {
            Family::Holdem => Ok(Box::new(TwoCardReader { game })),
            Family::Omaha => Ok(Box::new(OmahaReader { game })),
            Family::Stud => Ok(Box::new(StudReader)),
            // A family without a reader (the draw games, and any new one until it has one).
            _ => Err(format!(
                "sim query plays the hold'em, Omaha and stud games, not {}",
                game.name()
            )),
        }
    }
}

/// Stud's players ([`stud::Hand::parse`]): the known cards in the order dealt (`AsAhKd`: two
/// down cards, then the up cards), the two down cards as a range before the up cards
/// (`(QQ+,AKs)Kd`, listed as one hand per combo), or `(random)Kd`, whose known cards are up
/// cards from third street on; the seat's other cards are dealt.
struct StudReader;

impl RangeReader for StudReader {
    fn hands(&self, text: &str) -> Result<Hands, String> {
        let hand = stud::Hand::parse(text).map_err(|e| e.to_string())?;
        let down_unknown = text
            .trim()
            .strip_prefix('(')
            .and_then(|inner| inner.split_once(')'))
            .is_some_and(|(range, _)| range.trim().eq_ignore_ascii_case("random"));
        if hand.mask().count_ones() as usize != hand.cards.len() {
            return Err("a card is given twice".into());
        }
        let mut hands = Hands {
            hole: hand.held(),
            slot: if down_unknown { 2 } else { 0 },
            cards: Vec::new(),
            weights: Vec::new(),
        };
        if hands.slot + hands.hole > stud::spot::HAND_CARDS {
            return Err(format!(
                "two unknown down cards and {} up cards are more than seven cards",
                hands.hole
            ));
        }
        match &hand.down {
            None => {
                hands.cards.extend_from_slice(&hand.cards);
                hands.weights.push(1000);
            }
            Some(range) => {
                // The down cards never hold one of the player's own known cards (the other
                // players' clash at the deal).
                let own = hand.mask();
                for (combo, &weight) in range.combos.iter().zip(&range.weights) {
                    if engine::two_card_range::combo_mask(*combo) & own != 0 {
                        continue;
                    }
                    hands.cards.extend_from_slice(combo);
                    hands.cards.extend_from_slice(&hand.cards);
                    hands.weights.push(weight);
                }
                if hands.is_empty() {
                    return Err("every hand of the down cards' range holds a known card".into());
                }
            }
        }
        Ok(hands)
    }
}

/// The ranges of the Omaha family (hold'em hi/lo's two-card ranges included), read by
/// [`omaha::Range::of_game`]; `random` listed hand by hand.
struct OmahaReader {
    game: Game,
}

impl RangeReader for OmahaReader {
    fn hands(&self, text: &str) -> Result<Hands, String> {
        let hole = self.game.hole_cards();
        let total = engine::choose::choose(52, hole) as usize;
        let trimmed = text.trim();
        let every = trimmed.eq_ignore_ascii_case("random")
            || (trimmed.len() == hole && trimmed.chars().all(|c| c == '*'));
        if every && total > MAX_RANDOM_HANDS {
            // Too many to list: one hand of no card, the seat's cards dealt in every trial.
            return Ok(Hands {
                hole: 0,
                slot: 0,
                cards: Vec::new(),
                weights: vec![1000],
            });
        }
        let range = omaha::Range::of_game(text, self.game)
            .map_err(|e| RequestError::from(e).to_string())?;
        let mut hands = Hands {
            hole,
            slot: 0,
            cards: Vec::new(),
            weights: Vec::new(),
        };
        if range.random {
            let deck: Vec<Card> = Card::all().collect();
            let mut at = vec![0usize; hole];
            for (i, a) in at.iter_mut().enumerate() {
                *a = i;
            }
            loop {
                hands.cards.extend(at.iter().map(|&i| deck[i]));
                hands.weights.push(1000);
                // The next combination in lexicographic order.
                let Some(i) = (0..hole).rev().find(|&i| at[i] < deck.len() - hole + i) else {
                    break;
                };
                at[i] += 1;
                for j in i + 1..hole {
                    at[j] = at[j - 1] + 1;
                }
            }
            return Ok(hands);
        }
        for (cards, &weight) in range.hands.iter().zip(&range.weights) {
            hands.cards.extend_from_slice(&cards[..hole]);
            hands.weights.push(weight);
        }
        Ok(hands)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> QueryArgs<'_> {
        QueryArgs {
            text,
            seed: Some(1),
            ..QueryArgs::default()
        }
    }

    #[test]
    fn omaha_ranges_and_random_hands_are_read() {
        let request = QueryRequest::new(&args(
            "select avg(riverEquity(hero)) from game='omaha8', hero='AsAd3h4c', villain='KK**', board='2c7d9hKs'",
        ))
        .unwrap();
        assert_eq!(request.game().name(), "omaha-hilo");
        assert!(request.method.is_exact());
        let answer = request.run().unwrap();
        assert!(answer.exact && answer.lines[0].value > 0.2 && answer.lines[0].value < 1.0);
        let random = OmahaReader {
            game: request.game(),
        }
        .hands("random")
        .unwrap();
        assert_eq!(random.len(), 270_725, "C(52, 4)");
        // Six-card Omaha's 20 million random hands are dealt, not listed: one hand of no card.
        let six = OmahaReader {
            game: Game::plain(engine::GameId::Omaha6),
        };
        for text in ["random", "******"] {
            let hands = six.hands(text).unwrap();
            assert_eq!((hands.hole, hands.len()), (0, 1), "{text}");
        }
        assert_eq!(six.hands("AAKK**").unwrap().hole, 6);
    }

    #[test]
    fn stud_players_keep_where_their_cards_sit() {
        let read = |t: &str| StudReader.hands(t);
        let up = read("(random)Kd").unwrap();
        assert_eq!(
            (up.hole, up.slot, up.len()),
            (1, 2, 1),
            "an up card from third street"
        );
        let known = read("AsAhKd").unwrap();
        assert_eq!((known.hole, known.slot, known.len()), (3, 0, 1));
        let single = read("(AsAh)Kd").unwrap();
        assert_eq!(
            (single.hole, single.slot),
            (3, 0),
            "one hand is two known down cards"
        );
        assert_eq!(single.hand(0)[2], deck::parse_cards("Kd").unwrap()[0]);
        // KK with a king known: the combos holding it are dropped, three of six left.
        let ranged = read("(KK)Kd7c").unwrap();
        assert_eq!((ranged.hole, ranged.slot, ranged.len()), (4, 0, 3));
        let none = read("random").unwrap();
        assert_eq!((none.hole, none.len()), (0, 1));
        assert!(read("(random)AsKsQsJsTs9s").is_err());
        assert!(read("(KdKs)Kd").is_err());
    }

    /// PQL's generic ranges reach the engine's equity as the hands the language read, and
    /// give what the same ranges in the engine's syntax give.
    #[test]
    fn generic_ranges_go_to_the_engine_as_listed_hands() {
        let answer = |text: &str| {
            let request = QueryRequest::new(&args(text)).unwrap();
            assert!(request.equity.is_some(), "{text}: not the engine's equity");
            let answer = request.run().unwrap();
            assert!(answer.exact, "{text}");
            answer.lines[0].value
        };
        let generic =
            answer("select avg(riverEquity(hero)) from hero='AwKw', villain='**', board='Qh7h2c'");
        let written = answer(
            "select avg(riverEquity(hero)) from hero='AKs', villain='random', board='Qh7h2c'",
        );
        assert!(
            (generic - written).abs() < 1e-12,
            "{generic} against {written}"
        );
    }

    /// The listed hands keep their weights and name `random` only for every hand the deck
    /// deals around the board.
    #[test]
    fn listed_ranges_keep_weights_and_know_random() {
        let request = QueryRequest::new(&args(
            "select avg(riverEquity(hero)) from hero='AKs:0.5,JsJh', villain='**', board='Qh7h2c'",
        ))
        .unwrap();
        let prepared = &request.prepared;
        let listed = listed_range(prepared, &prepared.players[0].hands);
        let mut words: Vec<&str> = listed.split(',').collect();
        words.sort_unstable();
        assert_eq!(
            words,
            ["JhJs", "KcAc:0.5", "KdAd:0.5", "KhAh:0.5", "KsAs:0.5"],
            "{listed}"
        );
        assert_eq!(listed_range(prepared, &prepared.players[1].hands), "random");
        let partial = QueryRequest::new(&args(
            "select avg(riverEquity(hero)) from hero='AKs', villain='A*', board='Qh7h2c'",
        ))
        .unwrap();
        assert_ne!(
            listed_range(&partial.prepared, &partial.prepared.players[1].hands),
            "random"
        );
    }

    #[test]
    fn a_watched_run_gives_the_same_answer_or_stops() {
        for text in [
            // The engine's equity, then the language's own exact and Monte Carlo runs.
            "select avg(riverEquity(hero)) from hero='AsAh', villain='KK', board='2c7d9h'",
            "select count(winsHi(hero)) from hero='AsAh', villain='KK', board='2c7d9h'",
        ] {
            for rounds in [None, Some(300_000)] {
                let request = QueryRequest::new(&QueryArgs {
                    rounds,
                    ..args(text)
                })
                .unwrap();
                let plain = request.run().unwrap();
                let watched = request.run_until_stopped(&|| false).unwrap().unwrap();
                assert_eq!(plain, watched, "{text}");
                assert_eq!(request.run_until_stopped(&|| true).unwrap(), None, "{text}");
            }
        }
    }

    #[test]
    fn refusals_keep_the_language_s_place() {
        let e =
            QueryRequest::new(&args("select avg(riverEquty(hero)) from hero='AsAh'")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "query:1:12: unknown function 'riverEquty' (did you mean riverEquity?)"
        );
        let e = QueryRequest::new(&QueryArgs {
            exact: true,
            rounds: Some(10),
            ..args("select avg(riverEquity(hero)) from hero='AsAh'")
        })
        .unwrap_err();
        assert!(e.to_string().contains("--exact"));
    }
}
