//! Odds requests: the category table of one hand (`sim odds`, Python's `odds`), its hand
//! checked, its rounds and precision target resolved with the documented defaults, and its
//! chunks run through the engine's driver whatever the game.

use deck::Card;
use engine::Watch;
use engine::driver::{self, Job, Progress, Stop};
use engine::exact_counts::exact_counts_of;
use engine::{CategoryCounts, ChunkPlan, Command, Game};

use crate::cards::cards_text;
use crate::error::RequestError;
pub use crate::odds_hand::{OddsHand, odds_hand};
pub use crate::odds_work::OddsWork;
use crate::seed::Seed;

/// Rounds of a run without a round count or target: 10 million, the Monte Carlo default of
/// every computation ([`engine::DEFAULT_ROUNDS`]).
pub const DEFAULT_ROUNDS: u64 = engine::DEFAULT_ROUNDS;

/// [`DEFAULT_ROUNDS`] as the command line writes it.
pub const DEFAULT_ROUNDS_TEXT: &str = "10M";

/// The rounds cap of a target run without `--max-rounds`: a billion.
pub const DEFAULT_MAX_ROUNDS: u64 = 1_000_000_000;

/// What an odds request asks for, as given.
#[derive(Debug, Clone, PartialEq)]
pub struct OddsArgs<'a> {
    /// The game (from [`crate::game`]).
    pub game: Game,
    /// Cards in the final hand, 5 to 7 (the board games; Omaha hands are always two hole and
    /// three board cards, so only the default 7 is accepted there).
    pub cards: usize,
    /// Cards fixed in every hand (hole cards in Omaha).
    pub known: &'a [Card],
    /// Cards out of play, never dealt (`--dead`).
    pub dead: &'a [Card],
    /// Rounds, if given (not with a target).
    pub rounds: Option<u64>,
    /// Deal until every category's standard error is below this.
    pub target_stderr: Option<f64>,
    /// The most rounds a target run deals.
    pub max_rounds: Option<u64>,
    /// The seed, if given.
    pub seed: Option<u64>,
    /// The game's own options as `(name, text)` pairs ([`crate::game_options`]), checked
    /// against the game list.
    pub options: &'a crate::game_options::OptionValues,
}

/// A validated odds run.
#[derive(Debug, Clone, PartialEq)]
pub struct OddsRequest {
    /// The hand.
    pub hand: OddsHand,
    /// Rounds and chunks.
    pub plan: ChunkPlan,
    /// The run's seed.
    pub seed: Seed,
    /// Stop once every category's standard error is below this.
    pub target_stderr: Option<f64>,
}

/// The rounds of an odds run: `rounds` (10 million by default), or with a target at most
/// `max_rounds` (a billion by default).
///
/// # Errors
/// [`RequestError::Invalid`] for a target that is not a positive number, `max_rounds` without a
/// target, both `rounds` and a target, or zero rounds.
pub fn odds_rounds(
    rounds: Option<u64>,
    target_stderr: Option<f64>,
    max_rounds: Option<u64>,
) -> Result<u64, RequestError> {
    if let Some(e) = target_stderr
        && !(e.is_finite() && e > 0.0)
    {
        return Err(RequestError::invalid(format!(
            "--target-stderr {e} must be a positive number"
        )));
    }
    if max_rounds.is_some() && target_stderr.is_none() {
        return Err(RequestError::invalid(
            "--max-rounds caps a --target-stderr run; use --rounds for a fixed count",
        ));
    }
    if rounds.is_some() && target_stderr.is_some() {
        return Err(RequestError::invalid(
            "--rounds cannot be used with --target-stderr (use --max-rounds to cap it)",
        ));
    }
    let (flag, rounds) = match target_stderr {
        Some(_) => ("--max-rounds", max_rounds.unwrap_or(DEFAULT_MAX_ROUNDS)),
        None => ("--rounds", rounds.unwrap_or(DEFAULT_ROUNDS)),
    };
    if rounds == 0 {
        return Err(RequestError::invalid(format!("{flag} must be at least 1")));
    }
    Ok(rounds)
}

impl OddsRequest {
    /// Whether the run deals board hands (hold'em and short deck), whose counts checkpoint
    /// and shard files record; other games' runs (Omaha, the stud tables) go in one piece.
    pub fn deals_board_hands(&self) -> bool {
        matches!(self.hand, OddsHand::Board(_))
    }

    /// Validates an odds request.
    ///
    /// # Errors
    /// [`RequestError`] for a game that plays no odds, a bad hand, or bad counts.
    pub fn new(args: &OddsArgs<'_>) -> Result<Self, RequestError> {
        if !args.game.plays(Command::Odds) {
            return Err(RequestError::not_played(args.game, Command::Odds));
        }
        crate::game_options::check(args.game, Command::Odds, args.options)?;
        let hand =
            odds_hand(args.game, args.cards, args.known, args.dead)?.with_options(args.options)?;
        let rounds = odds_rounds(args.rounds, args.target_stderr, args.max_rounds)?;
        Ok(Self {
            hand,
            plan: ChunkPlan::new(rounds),
            seed: Seed::resolve(args.seed),
            target_stderr: args.target_stderr,
        })
    }

    /// The game.
    pub fn game(&self) -> Game {
        match &self.hand {
            OddsHand::Board(hand) => hand.game(),
            OddsHand::Omaha { game, .. } | OddsHand::Chart { game, .. } => *game,
        }
    }

    /// The known cards.
    pub fn known(&self) -> &[Card] {
        match &self.hand {
            OddsHand::Board(hand) => hand.known(),
            OddsHand::Omaha { known, .. } | OddsHand::Chart { known, .. } => known,
        }
    }

    /// The known cards as text.
    pub fn known_text(&self) -> String {
        cards_text(self.known())
    }

    /// The dead cards.
    pub fn dead(&self) -> &[Card] {
        match &self.hand {
            OddsHand::Board(hand) => hand.dead(),
            OddsHand::Omaha { dead, .. } | OddsHand::Chart { dead, .. } => dead,
        }
    }

    /// The dead cards as text (empty without any).
    pub fn dead_text(&self) -> String {
        cards_text(self.dead())
    }

    /// Cards in the final hand (7 in Omaha: two hole and three board cards count).
    pub fn cards(&self) -> usize {
        match &self.hand {
            OddsHand::Board(hand) => hand.cards(),
            OddsHand::Omaha { .. } | OddsHand::Chart { .. } => 7,
        }
    }

    /// The chunks to run.
    pub fn work(&self) -> OddsWork {
        match &self.hand {
            OddsHand::Board(hand) => OddsWork::Board(engine::odds_loop::OddsChunks::new(hand)),
            OddsHand::Omaha { game, known, dead } => {
                OddsWork::Omaha(omaha::odds::OddsChunks::new(*game, known, dead))
            }
            OddsHand::Chart {
                game,
                chart,
                known,
                dead,
            } => OddsWork::Chart(chart.family_chart().chunks(*game, known, dead)),
        }
    }

    /// The names of the table's rows: the categories, or a stud chart's rows (`7_low`, …).
    pub fn rows(&self) -> &'static [&'static str] {
        self.hand.rows()
    }

    /// The exact counts of the hand's completions, on the current rayon pool; `None` for an
    /// Omaha hand whose hole cards are not all known (hours of work).
    pub fn exact(&self) -> Option<CategoryCounts> {
        self.exact_until_stopped(&|| false)
            .unwrap_or_else(|| unreachable!("never asked to stop"))
    }

    /// [`OddsRequest::exact`], asking `stop` between the jobs of a chart family's table (the
    /// other games' exact counts take milliseconds, or are not made): `None` when it said to
    /// stop. A chart's table is made only within its family's automatic exact limit
    /// ([`crate::table_chart::ChartFamily::exact_until_stopped`]).
    pub fn exact_until_stopped(&self, stop: &dyn Watch) -> Option<Option<CategoryCounts>> {
        match &self.hand {
            OddsHand::Board(hand) => Some(Some(exact_counts_of(hand))),
            OddsHand::Omaha { game, known, dead } => Some(omaha::odds::exact(*game, known, dead)),
            OddsHand::Chart {
                game,
                chart,
                known,
                dead,
            } => chart
                .family_chart()
                .exact_until_stopped(*game, known, dead, false, stop),
        }
    }

    /// Runs chunks `range` of the plan on every thread of the current rayon pool from
    /// `progress` on, stopping at the target (checked after every chunk, in chunk order) or
    /// when `interrupted()` says so before a chunk starts; `report` sees the progress every
    /// `wave` chunks counted (for a progress bar or a checkpoint). See [`engine::driver::drive`].
    ///
    /// # Errors
    /// Whatever `report` returns.
    pub fn drive<E: Send>(
        &self,
        range: std::ops::Range<u64>,
        wave: u64,
        progress: &mut Progress<CategoryCounts>,
        interrupted: impl Fn() -> bool + Sync,
        report: impl FnMut(&Progress<CategoryCounts>) -> Result<(), E> + Send,
    ) -> Result<Stop, E> {
        let work = self.work();
        let target = self.target_stderr;
        let job = Job {
            seed: self.seed.value,
            plan: &self.plan,
            range,
        };
        driver::drive(
            &job,
            wave,
            progress,
            |chunk| work.run_until(chunk, &interrupted),
            |counts: &CategoryCounts| target.is_some_and(|t| counts.every_std_error_below(t)),
            &interrupted,
            report,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    fn args(game: Game, cards: usize, known: &[Card]) -> OddsArgs<'_> {
        OddsArgs {
            options: &[],
            game,
            cards,
            known,
            dead: &[],
            rounds: None,
            target_stderr: None,
            max_rounds: None,
            seed: Some(3),
        }
    }

    #[test]
    fn defaults_and_refusals_of_the_rounds() {
        assert_eq!(odds_rounds(None, None, None), Ok(DEFAULT_ROUNDS));
        assert_eq!(engine::parse_count(DEFAULT_ROUNDS_TEXT), Ok(DEFAULT_ROUNDS));
        assert_eq!(odds_rounds(None, Some(1e-3), None), Ok(DEFAULT_MAX_ROUNDS));
        assert_eq!(odds_rounds(None, Some(1e-3), Some(5)), Ok(5));
        for (rounds, target, max, message) in [
            (
                None,
                Some(0.0),
                None,
                "--target-stderr 0 must be a positive number",
            ),
            (
                None,
                None,
                Some(5),
                "--max-rounds caps a --target-stderr run; use --rounds for a fixed count",
            ),
            (
                Some(5),
                Some(1e-3),
                None,
                "--rounds cannot be used with --target-stderr (use --max-rounds to cap it)",
            ),
            (Some(0), None, None, "--rounds must be at least 1"),
            (None, Some(1e-3), Some(0), "--max-rounds must be at least 1"),
        ] {
            assert_eq!(
                odds_rounds(rounds, target, max).unwrap_err().to_string(),
                message
            );
        }
    }

    #[test]
    fn hands_are_checked_per_family() {
        let ak = deck::parse_cards("AsKd").unwrap();
        let refused = |game, cards, known: &[Card]| {
            OddsRequest::new(&args(game, cards, known))
                .unwrap_err()
                .to_string()
        };
        let six = deck::parse_cards("AsKdQhJc2c3d").unwrap();
        assert_eq!(
            refused(Game::HOLDEM, 6, &six),
            "--known has 6 cards but --cards 6 allows at most 5"
        );
        let omaha = Game::plain(GameId::Omaha);
        assert_eq!(
            refused(omaha, 6, &ak),
            "--cards is not supported with --game omaha"
        );
        assert_eq!(
            refused(omaha, 7, &six[..5]),
            "5 known hole cards, but a hand holds 4"
        );
        let twice = [ak[0], ak[0]];
        assert_eq!(refused(omaha, 7, &twice), "card As is given twice");
        let request = OddsRequest::new(&args(omaha, 7, &ak)).unwrap();
        assert_eq!(
            (request.game(), request.known_text()),
            (omaha, "AsKd".into())
        );
        assert!(request.exact().is_none());
    }

    #[test]
    fn the_driver_runs_every_game_to_the_same_counts_on_any_threads() {
        let ak = deck::parse_cards("AsKd").unwrap();
        for game in [Game::HOLDEM, Game::plain(GameId::Omaha5Hilo)] {
            let mut with_target = args(game, 7, &ak);
            with_target.target_stderr = Some(2e-3);
            with_target.max_rounds = Some(1 << 26);
            let request = OddsRequest::new(&with_target).unwrap();
            let run = |threads| {
                engine::on_pool(threads, || {
                    let mut progress = Progress {
                        first: 0,
                        next: 0,
                        counts: CategoryCounts::default(),
                    };
                    let stop = request
                        .drive(
                            0..request.plan.chunks(),
                            4,
                            &mut progress,
                            || false,
                            |_| Ok::<(), ()>(()),
                        )
                        .unwrap();
                    (stop, progress)
                })
                .unwrap()
            };
            let (stop, progress) = run(1);
            assert_eq!(stop, Stop::TargetMet, "{game}");
            assert!(progress.counts.every_std_error_below(2e-3));
            assert!(progress.next < request.plan.chunks());
            assert_eq!(run(3), (stop, progress), "{game}");
        }
    }

    #[test]
    fn dead_cards_are_checked_once_for_every_board_game_and_omaha() {
        let refused = |game, cards, known: &str, dead: &str| {
            let (known, dead) = (
                deck::parse_cards(known).unwrap(),
                deck::parse_cards(dead).unwrap(),
            );
            let mut with_dead = args(game, cards, &known);
            with_dead.dead = &dead;
            OddsRequest::new(&with_dead).unwrap_err().to_string()
        };
        let short = Game::plain(GameId::ShortDeck);
        let omaha = Game::plain(GameId::Omaha);
        assert_eq!(
            refused(Game::HOLDEM, 7, "AsKd", "Qh As"),
            "card As is given twice"
        );
        assert_eq!(
            refused(short, 7, "AsKd", "Qh 5c"),
            "card 5c is not in the 36-card deck of short deck (sixes to aces only)"
        );
        // Sevens to aces: 32 dead beside two known sixes leave two cards.
        let all_but_the_sixes: String = deck::Card::all()
            .filter(|c| c.in_short_deck())
            .skip(4)
            .map(|c| c.to_string())
            .collect();
        assert_eq!(
            refused(short, 6, "6c6d", &all_but_the_sixes),
            "the hand needs 4 more cards but only 2 are left after the known and dead cards"
        );
        assert_eq!(refused(omaha, 7, "AsKd", "Kd"), "card Kd is given twice");
        let all_but_eight: String = deck::Card::all().skip(8).map(|c| c.to_string()).collect();
        assert_eq!(
            refused(omaha, 7, "", &all_but_eight),
            "the hand needs 9 more cards but only 8 are left after the known and dead cards"
        );
        let known = deck::parse_cards("AsKd").unwrap();
        let dead = deck::parse_cards("2c7h").unwrap();
        let mut with_dead = args(short, 7, &known);
        with_dead.dead = &dead[1..];
        assert_eq!(OddsRequest::new(&with_dead).unwrap().dead_text(), "7h");
        with_dead.game = omaha;
        with_dead.dead = &dead;
        let request = OddsRequest::new(&with_dead).unwrap();
        assert_eq!(
            (request.dead(), request.known_text()),
            (&dead[..], "AsKd".into())
        );
    }
}
