//! Query requests (`sim query`, `pokerodds.query`): a PQL question read by the `query`
//! language with each family's range syntax, its method resolved against the language's
//! exact limits, and run on the current rayon pool.
//!
//! The language's crate depends on no family: [`crate::family::FamilyReaders`] gives it each
//! family's players, the one place where the families meet the language.

use engine::{Family, Game, Method, Watch};
use query::answer::Z95;
use query::program::EngineFigure;
use query::{Answer, Hands, Line, Prepared};

use crate::cards::cards_text;
use crate::equity::{EquityArgs, EquityRequest};
use crate::error::RequestError;
use crate::family::FamilyReaders;
use crate::seed::Seed;

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
    /// A question the engine's equity answers ([`query::program::Program::engine_questions`]:
    /// the equity, outright wins, ties or scoops of players, no condition) is asked of it,
    /// `sim equity`'s own computation: its request and each selector's seat and figure.
    equity: Option<(EquityRequest, Vec<(usize, EngineFigure)>)>,
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
            .map(|(s, &(seat, figure))| {
                let p = &outcome.players[seat];
                let share = |hits: u128| {
                    let counts = (hits, p.outcomes, outcome.samples);
                    query::answer::share_line(&s.name, s.aggregate, String::new(), counts, exact)
                };
                match figure {
                    EngineFigure::Equity => {
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
                    }
                    EngineFigure::Wins => share(p.wins),
                    EngineFigure::Ties => share(p.ties),
                    // The whole pot alone: the high games' outright wins.
                    EngineFigure::Scoops => share(p.hilo.map_or(p.wins, |h| h.scoops)),
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

/// The engine's equity request for a question it answers of two players or more
/// ([`query::program::Program::engine_questions`]), `None` for any other question and for one the engine's equity refuses (a spot above its exact
/// limit): the language then answers it itself, under its own limits. The ranges go to the
/// engine as written (every hand as `random`), or, where the engine does not read them (PQL's
/// generic ranges such as `AwKw`), as the hands the language read from them
/// ([`listed_range`]).
fn plain_equity(
    prepared: &Prepared,
    args: &QueryArgs<'_>,
    seed: Seed,
) -> Option<(EquityRequest, Vec<(usize, EngineFigure)>)> {
    let seats = prepared.program.engine_questions()?;
    if prepared.players.len() < 2 {
        return None;
    }
    let game = prepared.program.rules.game;
    let (board, dead) = (cards_text(&prepared.board), cards_text(&prepared.dead));
    // The draws after the first go to the draw family as `--draws` and `--pat` would.
    let options: Vec<(String, String)> = prepared
        .later
        .iter()
        .flat_map(|later| {
            let pat: Vec<String> = later
                .pat
                .iter()
                .map(|&r| deck::RANK_CHARS[usize::from(r)].to_string())
                .collect();
            [
                ("draws".to_string(), later.draws.to_string()),
                ("pat".to_string(), pat.join(",")),
            ]
        })
        .collect();
    let request = |players: &[String]| {
        EquityRequest::new(&EquityArgs {
            board: &board,
            dead: &dead,
            exact: args.exact.then_some(true),
            rounds: args.rounds,
            target_stderr: args.target_stderr,
            seed: Some(seed.value),
            options: &options,
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
    fn omaha_queries_read_the_omaha_syntax() {
        let request = QueryRequest::new(&args(
            "select avg(riverEquity(hero)) from game='omaha8', hero='AsAd3h4c', villain='KK**', board='2c7d9hKs'",
        ))
        .unwrap();
        assert_eq!(request.game().name(), "omaha-hilo");
        assert!(request.method.is_exact());
        let answer = request.run().unwrap();
        assert!(answer.exact && answer.lines[0].value > 0.2 && answer.lines[0].value < 1.0);
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

    /// Outright wins, ties and scoops asked of the engine's equity equal the language's own
    /// exact count of them (the same question with the engine set aside), in the high, hi/lo
    /// and stud games, and `avg(riverEquity)` beside them.
    #[test]
    fn wins_ties_and_scoops_from_the_engine_equal_the_language_s_count() {
        for text in [
            "select count(winsHi(hero)), count(tiesHi(hero)), count(scoops(villain)), avg(riverEquity(villain2)) from hero='AsAh', villain='KK', villain2='JTs', board='2c7d9h'",
            "select count(winsHi(hero)), count(tiesHi(villain)), count(scoops(hero)) from game='omaha8', hero='AsAd3h4c', villain='KK**', board='2c7d9hKs'",
            "select count(winsHi(hero)), count(tiesHi(hero)), count(scoops(hero)) from game='holdem-hilo', hero='As2s', villain='3h4h', board='5c7d9hKs'",
            "select count(winsHi(hero)), count(scoops(villain)) from game='shortdeck', hero='AsKs', villain='QQ', board='6c7d9h'",
            "select count(winsHi(hero)), count(tiesHi(villain)), count(scoops(hero)) from game='stud-hilo', hero='(As2s)3d4c5h', villain='(KhKd)Kc9c8d'",
            "select count(scoops(hero)), avg(riverEquity(villain)) from game='razz', hero='(As2s)3d4c5h', villain='(KhKd)Kc9c8d'",
        ] {
            let engine = QueryRequest::new(&QueryArgs {
                exact: true,
                ..args(text)
            })
            .unwrap();
            assert!(engine.equity.is_some(), "{text}: not the engine's");
            let own = QueryRequest {
                equity: None,
                method: Method::Exact,
                ..engine.clone()
            };
            let (a, b) = (engine.run().unwrap(), own.run().unwrap());
            assert!(a.exact && b.exact, "{text}");
            assert_eq!(a.lines.len(), b.lines.len(), "{text}");
            for (x, y) in a.lines.iter().zip(&b.lines) {
                assert!(
                    (x.value - y.value).abs() < 1e-12,
                    "{text}: {}: engine {} against the language's {}",
                    x.name,
                    x.value,
                    y.value
                );
                assert_eq!(x.hits.is_some(), y.hits.is_some(), "{text}: {}", x.name);
            }
        }
    }
}
