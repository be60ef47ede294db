//! `--boards 2` (double board) and `--runs N` (run it N times): the checks of a runout request
//! and its one dispatch on the family, to the hold'em or Omaha family's showdown of fixed hands
//! on one board ([`holdem::runouts`], [`omaha::runouts`]); the deal and the counts are
//! [`engine::runouts`]'.
//!
//! ```
//! use request::runouts::{RunoutArgs, RunoutRequest};
//!
//! let players = ["AsAh".to_string(), "KsKh".to_string()];
//! let args = RunoutArgs {
//!     board: "Qh7h2c",
//!     runs: Some(2),
//!     ..RunoutArgs::new(engine::Game::plain(engine::GameId::Holdem), &players)
//! };
//! let request = RunoutRequest::new(&args).unwrap();
//! assert!(request.exact);
//! let counts = request.run();
//! assert!((counts.equity(0) - counts.board_equity(0, 1)).abs() < 1e-12);
//! ```

use deck::Card;
use engine::runouts::{MAX_BOARDS, RunoutCounts, RunoutDeal};
use engine::{DeckKind, Family, Game, Watch};

use crate::cards::cards;
use crate::equity_args::EquityArgs;
use crate::error::RequestError;
use crate::family::EquitySpot;
use crate::runouts_exact::{RangedCost, RangedExact, open_pool};
use crate::seed::Seed;

/// Monte Carlo rounds when none are given.
pub const DEFAULT_RUNOUT_ROUNDS: u64 = 1_000_000;

/// Counted exactly without `--exact` when at most this many deals…
pub const AUTO_EXACT_DEALS: u128 = 20_000_000;

/// …and at most this many board evaluations.
pub const AUTO_EXACT_EVALUATIONS: u128 = 1_000_000;

/// The most deals `--exact` counts.
pub const MAX_EXACT_DEALS: u128 = 20_000_000_000;

/// The most board evaluations `--exact` stores.
pub const MAX_EXACT_EVALUATIONS: u128 = 5_000_000;

/// What a runout request asks for, as given.
#[derive(Debug, Clone, PartialEq)]
pub struct RunoutArgs<'a> {
    /// The game.
    pub game: Game,
    /// Each player's hand, range or `random`, as `sim equity` takes them.
    pub players: &'a [String],
    /// The first board's known cards.
    pub board: &'a str,
    /// The second board's known cards (`--board2`, with `--boards 2` only).
    pub board2: Option<&'a str>,
    /// Cards out of play.
    pub dead: &'a str,
    /// `--boards`: 2 for a double board.
    pub boards: Option<usize>,
    /// `--runs`: 2 to 4.
    pub runs: Option<usize>,
    /// `Some(true)`: exact; `Some(false)`: Monte Carlo; `None`: as cheap.
    pub exact: Option<bool>,
    /// Monte Carlo rounds.
    pub rounds: Option<u64>,
    /// The seed, if given.
    pub seed: Option<u64>,
    /// Random opponents added after the players (`--opponents`).
    pub opponents: Option<usize>,
}

impl<'a> RunoutArgs<'a> {
    /// `players` in `game`, with nothing else asked.
    pub fn new(game: Game, players: &'a [String]) -> Self {
        Self {
            game,
            players,
            board: "",
            board2: None,
            dead: "",
            boards: None,
            runs: None,
            exact: None,
            rounds: None,
            seed: None,
            opponents: None,
        }
    }

    /// Whether the arguments ask for a runout at all (`--boards`, `--runs` or `--board2`).
    pub fn asked(&self) -> bool {
        self.boards.is_some() || self.runs.is_some() || self.board2.is_some()
    }
}

/// Two boards, one board run N times, or two boards each run N times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunoutKind {
    /// Two boards with their own known cards, half the pot each.
    DoubleBoard,
    /// One board's rest dealt this many times, 1/N of the pot each.
    Runs(usize),
    /// Two boards, each one's rest dealt this many times (2: four boards, a quarter of the pot
    /// each), dealt in the order board 1 run 1, board 2 run 1, board 1 run 2, …
    DoubleBoardRuns(usize),
}

impl RunoutKind {
    /// The name of board `b` (from 0) in the table: `1`, `2` (a double board), `run1` … (runs),
    /// `1-run1`, `2-run1`, `1-run2` … (a double board run N times).
    pub fn board_name(self, b: usize) -> String {
        match self {
            Self::DoubleBoard => (b + 1).to_string(),
            Self::Runs(_) => format!("run{}", b + 1),
            Self::DoubleBoardRuns(_) => format!("{}-run{}", b % 2 + 1, b / 2 + 1),
        }
    }

    /// Words for the summary line: `double board`, `run 3 times`, `double board run twice`.
    pub fn words(self) -> String {
        match self {
            Self::DoubleBoard => "double board".to_string(),
            Self::Runs(n) => format!("run {n} times"),
            Self::DoubleBoardRuns(n) => format!("double board run {n} times"),
        }
    }
}

/// The players' hands: fixed, by family, or drawn each round.
#[derive(Debug, Clone, PartialEq)]
enum Holes {
    Holdem(Vec<holdem::range::Combo>),
    Omaha(Vec<omaha::range::HoleCards>),
    /// Ranges or random players (hold'em or Omaha family spot): drawn each round by the
    /// family's equity sampler (Monte Carlo).
    Drawn(EquitySpot),
    /// Ranges or random players counted exactly, every assignment of their hands listed.
    Ranged(Box<RangedExact>),
}

/// Every player's one hand when none holds a range or is random.
fn fixed_holes(spot: &EquitySpot) -> Option<Holes> {
    match spot {
        EquitySpot::Holdem(s) => s
            .players
            .iter()
            .map(|r| if r.random { None } else { r.single() })
            .collect::<Option<_>>()
            .map(Holes::Holdem),
        EquitySpot::Omaha(s) => s
            .players
            .iter()
            .map(|r| if r.random { None } else { r.single() })
            .collect::<Option<_>>()
            .map(Holes::Omaha),
        // A family without a board has no runouts (refused when the request was read).
        _ => None,
    }
}

/// Each player's cards when they hold one fixed hand, `None` for a range or `random`.
fn spot_singles(spot: &EquitySpot) -> Vec<Option<Vec<Card>>> {
    match spot {
        EquitySpot::Holdem(s) => s
            .players
            .iter()
            .map(|r| {
                let single = if r.random { None } else { r.single() };
                single.map(|c| c.to_vec())
            })
            .collect(),
        EquitySpot::Omaha(s) => {
            let n = s.game.hole_cards();
            s.players
                .iter()
                .map(|r| {
                    let single = if r.random { None } else { r.single() };
                    single.map(|h| h[..n].to_vec())
                })
                .collect()
        }
        // A family without a board has no runouts.
        _ => Vec::new(),
    }
}

/// A validated runout request.
#[derive(Debug, Clone, PartialEq)]
pub struct RunoutRequest {
    /// The game.
    pub game: Game,
    /// The hands, as given.
    pub hands: Vec<String>,
    /// Double board or runs.
    pub kind: RunoutKind,
    /// The boards' known cards and the cards left to deal.
    pub deal: RunoutDeal,
    /// Dead cards.
    pub dead: Vec<Card>,
    /// Whether every deal is counted.
    pub exact: bool,
    /// Monte Carlo rounds (unused when exact).
    pub rounds: u64,
    /// The seed (unused when exact).
    pub seed: Seed,
    holes: Holes,
}

impl RunoutRequest {
    /// Checks `args` and builds the deal.
    ///
    /// # Errors
    /// A [`RequestError`] naming the flag for every refusal: games without a board, `--boards`
    /// other than 2, `--runs` outside 2–4, both at once, `--board2` without `--boards 2`, boards
    /// that share a card or are too long, hands that cannot be dealt together, and exact counts
    /// too large to make (with ranges or random players: their hands' assignments times the
    /// deals of each).
    pub fn new(args: &RunoutArgs<'_>) -> Result<Self, RequestError> {
        let game = args.game;
        let flag = if args.runs.is_some() {
            "--runs"
        } else {
            "--boards"
        };
        if !matches!(game.family(), Family::Holdem | Family::Omaha) {
            return Err(RequestError::invalid(format!(
                "{flag} plays the games with a board (hold'em, short deck, hold'em hi/lo, Omaha, Courchevel), not {}",
                game.name()
            )));
        }
        let kind = match (args.boards, args.runs) {
            (Some(2), Some(n)) if n * 2 <= MAX_BOARDS && n >= 2 => RunoutKind::DoubleBoardRuns(n),
            (Some(2), Some(n)) => {
                return Err(RequestError::invalid(format!(
                    "--boards 2 with --runs: each board runs twice at most (four boards in all), \
                     not {n} times"
                )));
            }
            (Some(2), None) => RunoutKind::DoubleBoard,
            (Some(n), _) => {
                return Err(RequestError::invalid(format!(
                    "--boards must be 2 (a double board), not {n}"
                )));
            }
            (None, Some(n)) if (2..=MAX_BOARDS).contains(&n) => RunoutKind::Runs(n),
            (None, Some(n)) => {
                return Err(RequestError::invalid(format!(
                    "--runs must be 2, 3 or 4, not {n}"
                )));
            }
            (None, None) => {
                return Err(RequestError::invalid("--board2 needs --boards 2"));
            }
        };
        if args.board2.is_some() && matches!(kind, RunoutKind::Runs(_)) {
            return Err(RequestError::invalid("--board2 needs --boards 2"));
        }
        let first = cards("board", args.board)?;
        let second = cards("board2", args.board2.unwrap_or(""))?;
        let sizes = game.spec().board_sizes;
        if !sizes.contains(&second.len()) {
            return Err(RequestError::invalid(format!(
                "--board2 has {} cards: {} takes a board of {}",
                second.len(),
                game.name(),
                sizes_text(sizes)
            )));
        }
        if let Some(card) = first.iter().find(|c| second.contains(c)) {
            return Err(RequestError::invalid(format!(
                "--board and --board2 share {card}: the two boards are dealt from one deck"
            )));
        }
        let dead = cards("dead", args.dead)?;
        // The spot of the first board, the second's known cards out of play: the family
        // checks the hands, the board's size and every conflict of cards.
        let dead_text = format!("{} {}", args.dead, args.board2.unwrap_or(""));
        let spot = EquitySpot::parse(
            &EquityArgs {
                board: args.board,
                dead: &dead_text,
                ..EquityArgs::new(game, args.players)
            },
            args.opponents.unwrap_or(0),
        )?;
        let holes = match fixed_holes(&spot) {
            Some(fixed) => fixed,
            None => Holes::Drawn(spot),
        };
        let mut known: u64 = first
            .iter()
            .chain(&second)
            .chain(&dead)
            .fold(0, |m, c| m | 1 << c.index());
        let hole_cards = game.spec().hole_cards;
        // Cards every round takes beside the boards: the ranged and random players' hands.
        let mut drawn_cards = 0;
        match &holes {
            Holes::Holdem(h) => h.iter().flatten().for_each(|c| known |= 1 << c.index()),
            Holes::Omaha(h) => h
                .iter()
                .flat_map(|h| &h[..hole_cards])
                .for_each(|c| known |= 1 << c.index()),
            Holes::Drawn(spot) => {
                for single in spot_singles(spot) {
                    match single {
                        Some(cards) => cards.iter().for_each(|c| known |= 1 << c.index()),
                        None => drawn_cards += hole_cards,
                    }
                }
            }
            // Built from the drawn spot below, never before.
            Holes::Ranged(_) => {}
        }
        let short = matches!(game.spec().deck, DeckKind::Short);
        let pool: Vec<Card> = Card::all()
            .filter(|c| known >> c.index() & 1 == 0 && (!short || c.in_short_deck()))
            .collect();
        let open = open_pool(game, &first, &second, &dead);
        let stubs = match kind {
            RunoutKind::DoubleBoard => vec![first, second],
            RunoutKind::Runs(n) => vec![first; n],
            RunoutKind::DoubleBoardRuns(n) => (0..2 * n)
                .map(|b| {
                    if b % 2 == 0 {
                        first.clone()
                    } else {
                        second.clone()
                    }
                })
                .collect(),
        };
        let deal = RunoutDeal { stubs, pool };
        if deal.to_deal() + drawn_cards > deal.pool.len() {
            return Err(RequestError::invalid(format!(
                "{flag}: the boards need {} cards and {} are left",
                deal.to_deal(),
                deal.pool.len().saturating_sub(drawn_cards)
            )));
        }
        let seed = Seed::resolve(args.seed);
        match &holes {
            Holes::Drawn(EquitySpot::Holdem(s)) => holdem::runouts::check_drawn(s, seed.value)?,
            Holes::Drawn(EquitySpot::Omaha(s)) => omaha::runouts::check_drawn(s, seed.value)?,
            _ => {}
        }
        let (evaluations, deals) = deal.exact_cost();
        // Ranges and random players: exact over every assignment of their hands when asked
        // (up to the most `--exact` counts) or when as cheap as a fixed-hand count chosen
        // exact without asking.
        let mut ranged = None;
        let exact = match (args.exact, &holes) {
            (Some(false), _) => false,
            (Some(true), Holes::Drawn(spot)) => {
                match RangedExact::plan(spot, deal.stubs.clone(), open.clone(), MAX_EXACT_DEALS) {
                    Ok(plan) if plan.cost().evaluations_each <= MAX_EXACT_EVALUATIONS => {
                        ranged = Some(plan);
                        true
                    }
                    Ok(plan) => return Err(too_costly(flag, plan.cost())),
                    Err(cost) => return Err(too_costly(flag, cost)),
                }
            }
            (None, Holes::Drawn(spot)) if args.rounds.is_none() => {
                match RangedExact::plan(spot, deal.stubs.clone(), open, AUTO_EXACT_DEALS) {
                    Ok(plan)
                        if plan
                            .cost()
                            .evaluations()
                            .is_some_and(|e| e <= AUTO_EXACT_EVALUATIONS) =>
                    {
                        ranged = Some(plan);
                        true
                    }
                    _ => false,
                }
            }
            (None, Holes::Drawn(_)) => false,
            (Some(true), _) => {
                if deals > MAX_EXACT_DEALS || evaluations > MAX_EXACT_EVALUATIONS {
                    return Err(RequestError::invalid(format!(
                        "--exact: {deals} deals ({evaluations} boards to evaluate) are too many to count (at most {MAX_EXACT_DEALS} and {MAX_EXACT_EVALUATIONS}); use Monte Carlo (--rounds)"
                    )));
                }
                true
            }
            (None, _) => {
                args.rounds.is_none()
                    && deals <= AUTO_EXACT_DEALS
                    && evaluations <= AUTO_EXACT_EVALUATIONS
            }
        };
        if ranged.as_ref().is_some_and(RangedExact::is_empty) {
            return Err(RequestError::invalid(format!(
                "{flag}: the ranges leave no way to deal every player a hand"
            )));
        }
        let rounds = args.rounds.unwrap_or(DEFAULT_RUNOUT_ROUNDS);
        if rounds == 0 {
            return Err(RequestError::invalid("--rounds must be at least 1"));
        }
        let hands = match &holes {
            Holes::Drawn(spot) => spot.family_spot().hands(),
            _ => args.players.to_vec(),
        };
        let holes = match ranged {
            Some(plan) => Holes::Ranged(Box::new(plan)),
            None => holes,
        };
        Ok(Self {
            game,
            hands,
            kind,
            deal,
            dead,
            exact,
            rounds,
            seed,
            holes,
        })
    }

    /// Counts the runouts on the current rayon pool.
    pub fn run(&self) -> RunoutCounts {
        self.run_until_stopped(&|| false)
            .unwrap_or_else(|| unreachable!("never asked to stop"))
    }

    /// [`RunoutRequest::run`], asking `stop` between pieces of the work (a first-board
    /// completion, a Monte Carlo chunk) and telling it their progress (in first-board
    /// completions when exact, rounds otherwise): `None` when it said to stop.
    pub fn run_until_stopped(&self, stop: &dyn Watch) -> Option<RunoutCounts> {
        let sampled = (!self.exact).then_some((self.seed.value, self.rounds));
        match &self.holes {
            Holes::Holdem(h) => {
                holdem::runouts::runouts_until_stopped(self.game, h, &self.deal, sampled, stop)
            }
            Holes::Omaha(h) => {
                omaha::runouts::runouts_until_stopped(self.game, h, &self.deal, sampled, stop)
            }
            // The hands were checked to fit in `new`, with this seed: the draw cannot fail.
            Holes::Drawn(EquitySpot::Holdem(s)) => {
                let run = (self.seed.value, self.rounds);
                holdem::runouts::drawn_runouts_until_stopped(s, &self.deal, run, stop)
                    .ok()
                    .flatten()
            }
            Holes::Drawn(EquitySpot::Omaha(s)) => {
                let run = (self.seed.value, self.rounds);
                omaha::runouts::drawn_runouts_until_stopped(s, &self.deal, run, stop)
                    .ok()
                    .flatten()
            }
            // A family without a board has no runouts (refused when the request was read).
            Holes::Drawn(_) => None,
            Holes::Ranged(plan) => plan.run(stop),
        }
    }
}

/// The refusal of `--exact` when counting every assignment of the ranges' hands would cost
/// too much.
fn too_costly(flag: &str, cost: RangedCost) -> RequestError {
    let assignments = cost
        .assignments
        .map_or_else(|| "more".to_string(), |a| a.to_string());
    RequestError::invalid(format!(
        "--exact with {flag} and ranges: {assignments} assignments of the ranges' hands times {} \
         deals each ({} boards to score each) are more than an exact count takes (at most \
         {MAX_EXACT_DEALS} deals in all and {MAX_EXACT_EVALUATIONS} boards each); drop --exact \
         to deal them by Monte Carlo",
        cost.deals_each, cost.evaluations_each
    ))
}

fn sizes_text(sizes: &[usize]) -> String {
    let words: Vec<String> = sizes.iter().map(usize::to_string).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last} cards", rest.join(", ")),
        _ => format!("{} cards", words.join("")),
    }
}

#[cfg(test)]
mod ranged_exact_tests;
#[cfg(test)]
mod ranged_tests;
#[cfg(test)]
mod tests;
