//! Street-by-street requests (`sim equity --streets`, Python's `streets`): an equity request in
//! hold'em, short deck or Omaha, checked as the plain equity run is, whose method is resolved
//! again for each street's board (and each next card's) as a plain run of that board resolves
//! it. The streets themselves are [`engine::streets`], played by each family's spot.

use deck::Card;
use engine::Watch;
use engine::game::sentence_list;
use engine::{Command, Family, GAMES, Game, Method, Streets};

use crate::cards::cards;
use crate::equity::{EquityArgs, EquityRequest, asked_method};
use crate::error::RequestError;
use crate::seed::Seed;

/// Outcomes at most that `--streets` from preflop counts exactly over every flop without being
/// asked for `--exact` in hold'em and short deck: under a minute of two cores.
pub const FLOPS_AUTO_OUTCOMES: u128 = 1_000_000_000;

/// Hand combinations × boards at most that `--streets` from preflop counts exactly over every
/// flop without being asked for `--exact` in Omaha: under a minute of two cores (an Omaha board
/// is dearer than a hold'em outcome counted by suit isomorphism).
pub const OMAHA_FLOPS_AUTO_OUTCOMES: u128 = 100_000_000;

/// Each player's range as parsed, in the game's family.
#[derive(Debug, Clone)]
pub enum StreetsRanges {
    /// Hold'em or short deck.
    Holdem(Vec<holdem::Range>),
    /// Omaha, high or hi/lo.
    Omaha(Vec<omaha::Range>),
}

/// A validated street-by-street run.
#[derive(Debug, Clone)]
pub struct StreetsRequest {
    /// Hold'em, short deck or Omaha.
    pub game: Game,
    /// Each player's range as parsed (random opponents added), before card removal: each
    /// street removes the cards of its own board.
    pub players: StreetsRanges,
    /// The board: 0, 3, 4 or 5 cards (Courchevel: also 1, shown preflop).
    pub board: Vec<Card>,
    /// Cards out of play.
    pub dead: Vec<Card>,
    /// The method as asked (`Auto` unless `--exact`, `--rounds` or `--target-stderr`), resolved
    /// for each board as the plain run resolves it.
    pub method: Method,
    /// The seed of the Monte Carlo runs.
    pub seed: Seed,
}

/// The games that have streets, by their titles in a sentence (`hold'em, short deck and
/// Omaha`): those of the game list with a board that equity plays. The refusal below and the
/// command line's help of `--streets` both name them.
pub fn streets_titles() -> String {
    let mut titles: Vec<&str> = Vec::new();
    for spec in GAMES
        .iter()
        .filter(|g| g.board_cards > 0 && g.commands.contains(&Command::Equity))
    {
        if !titles.contains(&spec.title) {
            titles.push(spec.title);
        }
    }
    sentence_list(&titles)
}

/// The refusal of a game whose family has no streets.
fn not_built_for(game: Game) -> RequestError {
    RequestError::invalid(format!(
        "--streets is built for {}, not {}",
        streets_titles(),
        game.spec().title
    ))
}

impl StreetsRequest {
    /// Validates a street-by-street run of `args`' spot.
    ///
    /// # Errors
    /// [`RequestError::Invalid`] for a game without streets or a flop distribution too large
    /// to count exactly unasked, and whatever the plain equity request refuses.
    pub fn new(args: &EquityArgs<'_>) -> Result<Self, RequestError> {
        // Streets are the board's: a game without one has none.
        if args.game.spec().board_cards == 0 {
            return Err(not_built_for(args.game));
        }
        // The plain run's checks, of the whole spot, once.
        let plain = EquityRequest::new(args)?;
        // Courchevel's one-card board (checked by the plain request) is its preflop: the
        // first flop card, shown before the betting; the next street deals the flop's other two.
        let mut texts: Vec<&str> = args.players.iter().map(String::as_str).collect();
        texts.extend(std::iter::repeat_n("random", args.opponents.unwrap_or(0)));
        let players = match args.game.family() {
            Family::Omaha => StreetsRanges::Omaha(
                texts
                    .iter()
                    .map(|text| omaha::Range::of_game(text, args.game))
                    .collect::<Result<_, _>>()?,
            ),
            Family::Holdem => StreetsRanges::Holdem(
                texts
                    .iter()
                    .map(|text| crate::rank::parse_range(args.game, args.ranking, text))
                    .collect::<Result<_, _>>()?,
            ),
            _ => return Err(not_built_for(args.game)),
        };
        let request = Self {
            game: args.game,
            players,
            board: cards("board", args.board)?,
            dead: cards("dead", args.dead)?,
            method: asked_method(args, plain.seed.value),
            seed: plain.seed,
        };
        request.check_flops()?;
        Ok(request)
    }

    /// Each player's hand or range as given (`random` for the opponents added).
    pub fn hands(&self) -> Vec<String> {
        match &self.players {
            StreetsRanges::Holdem(players) => players.iter().map(|r| r.text.clone()).collect(),
            StreetsRanges::Omaha(players) => players.iter().map(|r| r.text.clone()).collect(),
        }
    }

    /// Runs every street, and the next street's cards, on the current rayon pool. In hi/lo
    /// games every run carries the split-pot shares.
    ///
    /// # Errors
    /// [`RequestError`] when a street's board cannot be dealt or its method refuses it.
    pub fn run(&self) -> Result<Streets<()>, RequestError> {
        let (board, dead, method) = (&self.board, &self.dead, &self.method);
        Ok(match &self.players {
            StreetsRanges::Holdem(players) => {
                holdem::streets(self.game, players, board, dead, method)?.without_tallies()
            }
            StreetsRanges::Omaha(players) => {
                omaha::streets(self.game, players, board, dead, method)?.without_tallies()
            }
        })
    }

    /// [`StreetsRequest::run`], every run asking `stop` between its pieces of work as
    /// [`EquityRequest::run_until_stopped`] does: `None` when it said to stop. Never stopped,
    /// the very numbers of [`StreetsRequest::run`].
    ///
    /// # Errors
    /// As [`StreetsRequest::run`].
    pub fn run_until_stopped(&self, stop: &dyn Watch) -> Result<Option<Streets<()>>, RequestError> {
        let (game, board, dead, method) = (self.game, &self.board, &self.dead, &self.method);
        Ok(match &self.players {
            StreetsRanges::Holdem(players) => {
                holdem::streets_until_stopped(game, players, board, dead, method, stop)?
                    .map(Streets::without_tallies)
            }
            StreetsRanges::Omaha(players) => {
                omaha::streets_until_stopped(game, players, board, dead, method, stop)?
                    .map(Streets::without_tallies)
            }
        })
    }

    /// From preflop the next street is every flop, each a run of its own: unless asked for
    /// `--exact` or `--rounds`, refuses spots whose flops would each need Monte Carlo, or
    /// together more than [`FLOPS_AUTO_OUTCOMES`] outcomes ([`OMAHA_FLOPS_AUTO_OUTCOMES`] in
    /// Omaha).
    fn check_flops(&self) -> Result<(), RequestError> {
        if self.board.len() >= 3 || !matches!(self.method, Method::Auto { .. }) {
            return Ok(());
        }
        let cost = match &self.players {
            StreetsRanges::Holdem(players) => self.holdem_flops(players)?,
            StreetsRanges::Omaha(players) => self.omaha_flops(players)?,
        };
        let total = cost.per_flop.saturating_mul(cost.flops);
        if cost.sampled || cost.per_flop > cost.exact_auto || total > cost.limit {
            let flops = cost.flops;
            let why = if cost.sampled {
                "each flop's run would be Monte Carlo with random or weighted ranges".to_string()
            } else {
                format!(
                    "these ranges would count up to {total} outcomes (limit {})",
                    cost.limit
                )
            };
            return Err(RequestError::invalid(format!(
                "--streets from preflop runs every flop ({flops} of them): {why}; give a flop \
                 with --board, narrow the ranges, or ask for --rounds N per flop or --exact"
            )));
        }
        Ok(())
    }

    /// The cost of every hold'em or short-deck flop.
    fn holdem_flops(&self, players: &[holdem::Range]) -> Result<FlopsCost, RequestError> {
        let spot =
            holdem::Spot::of_game(self.game, players.to_vec(), Vec::new(), self.dead.clone())?;
        let deals: u128 = spot
            .players
            .iter()
            .map(|r| r.combos.len() as u128)
            .product();
        let unseen = spot.free_after_hands() as u128;
        let fixed = spot.players.iter().filter(|r| r.single().is_some()).count();
        // The known mask holds the cards a short deck lacks.
        let free = (52 - spot.known_mask().count_ones() as usize - 2 * fixed) as u128;
        let per_flop =
            deals.saturating_mul(unseen.saturating_sub(3) * unseen.saturating_sub(4) / 2);
        Ok(FlopsCost {
            flops: free * (free - 1) * (free - 2) / 6,
            per_flop,
            exact_auto: holdem::EXACT_LIMITS.auto,
            sampled: false,
            limit: FLOPS_AUTO_OUTCOMES,
        })
    }

    /// The cost of every Omaha flop: hand combinations × the boards left after the flop.
    fn omaha_flops(&self, players: &[omaha::Range]) -> Result<FlopsCost, RequestError> {
        // Courchevel's exposed card, when shown, is on the board: the flop brings two more.
        let spot = omaha::Spot::new(
            self.game,
            players.to_vec(),
            self.board.clone(),
            self.dead.clone(),
        )?;
        let to_come = (3 - self.board.len()) as u128;
        let n = self.game.hole_cards();
        let combinations: u128 = spot.players.iter().map(|r| r.hands.len() as u128).product();
        let known = spot.known_mask().count_ones() as usize;
        let unseen = (52 - known - n * spot.players.len()) as u128;
        let fixed = spot.players.iter().filter(|r| r.single().is_some()).count();
        let free = (52 - known - n * fixed) as u128;
        let per_flop = combinations.saturating_mul(
            unseen.saturating_sub(to_come) * unseen.saturating_sub(to_come + 1) / 2,
        );
        let flops = if to_come == 2 {
            free * (free - 1) / 2
        } else {
            free * (free - 1) * (free - 2) / 6
        };
        Ok(FlopsCost {
            flops,
            per_flop,
            exact_auto: omaha::EXACT_LIMITS.auto,
            sampled: spot.players.iter().any(|r| r.random || r.is_weighted()),
            limit: OMAHA_FLOPS_AUTO_OUTCOMES,
        })
    }
}

/// What counting every flop exactly would take.
struct FlopsCost {
    /// Flops that can come.
    flops: u128,
    /// Outcomes per flop, at most.
    per_flop: u128,
    /// Outcomes past which a flop's plain run is Monte Carlo.
    exact_auto: u128,
    /// Whether every flop's plain run is Monte Carlo whatever its size (Omaha's random and
    /// weighted ranges).
    sampled: bool,
    /// Outcomes at most counted unasked.
    limit: u128,
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    fn args<'a>(game: Game, players: &'a [String], board: &'a str) -> EquityArgs<'a> {
        EquityArgs {
            board,
            seed: Some(1),
            ..EquityArgs::new(game, players)
        }
    }

    #[test]
    fn the_games_with_streets_come_from_the_list() {
        assert_eq!(
            streets_titles(),
            "hold'em, short deck, hold'em hi/lo, Omaha and Courchevel"
        );
    }

    #[test]
    fn courchevel_streets_start_from_the_exposed_card() {
        let players = ["AsAdKsKd2c".to_string(), "JhTh9c8c7d".to_string()];
        let game = Game::plain(GameId::Courchevel);
        assert!(StreetsRequest::new(&args(game, &players, "Qh7s2d")).is_ok());
        let request = StreetsRequest::new(&args(game, &players, "Qh")).unwrap();
        let streets = request.run().unwrap();
        // Preflop shows the exposed card; the next street is every pair that completes the
        // flop, weighted so that its mean is the preflop equity.
        assert_eq!(streets.streets.len(), 1);
        assert_eq!(streets.streets[0].board.len(), 1);
        let next = streets.next.as_ref().unwrap();
        assert_eq!(next.street, engine::Street::Flop);
        assert!(next.cards.iter().all(|c| c.cards.len() == 2));
        // 52 - 10 hole cards - Qh = 41 cards: C(41, 2) flops.
        assert_eq!(next.cards.len(), 41 * 40 / 2);
        let plain = streets.streets[0].result.players[0].equity;
        let total: f64 = next.cards.iter().map(|c| c.weight as f64).sum();
        let mean: f64 = next
            .cards
            .iter()
            .map(|c| c.weight as f64 * c.result.players[0].equity)
            .sum::<f64>()
            / total;
        assert!((mean - plain).abs() < 1e-9, "{mean} vs {plain}");
        // With a weighted range every flop would be Monte Carlo: refused unasked.
        let ranged = [
            "AsAdKsKd2c:0.5,JhTh9c8c7d".to_string(),
            "random".to_string(),
        ];
        assert!(StreetsRequest::new(&args(game, &ranged, "Qh")).is_err());
    }

    #[test]
    fn streets_are_for_board_games_with_two_hole_cards() {
        let players = ["AsKs".to_string(), "QQ".to_string()];
        let request = StreetsRequest::new(&args(Game::HOLDEM, &players, "Qh7s2dKc3s")).unwrap();
        assert_eq!(request.method, Method::Auto { seed: 1 });
        let streets = request.run().unwrap();
        assert_eq!(streets.streets.len(), 4);
        // The flop's equity is the plain run's on that flop.
        let flop = EquityRequest::new(&args(Game::HOLDEM, &players, "Qh7s2d"))
            .unwrap()
            .run()
            .unwrap();
        assert_eq!(streets.streets[1].result.players, flop.players);
        let stud = ["AsKsQs".to_string(), "2h3h4h".to_string()];
        assert_eq!(
            StreetsRequest::new(&args(Game::plain(GameId::Stud), &stud, ""))
                .unwrap_err()
                .to_string(),
            "--streets is built for hold'em, short deck, hold'em hi/lo, Omaha and Courchevel, not seven-card stud"
        );
    }

    #[test]
    fn omaha_streets_are_the_plain_runs_of_each_board() {
        for (id, players) in [
            (GameId::Omaha, ["AsAhKsKh", "JdTd9c8c"]),
            (GameId::OmahaHilo, ["As2sKdQd", "Ah3h4c5c"]),
        ] {
            let players = players.map(String::from);
            let game = Game::plain(id);
            let request = StreetsRequest::new(&args(game, &players, "Qh7s2dKc")).unwrap();
            let streets = request.run().unwrap();
            for (street, board) in streets.streets.iter().zip(["", "Qh7s2d", "Qh7s2dKc"]) {
                let plain = EquityRequest::new(&args(game, &players, board))
                    .unwrap()
                    .run()
                    .unwrap();
                assert_eq!(street.result.players, plain.players, "{id:?} {board}");
            }
            let next = streets.next.unwrap();
            assert_eq!(next.cards.len(), 52 - 4 - 8);
        }
    }

    /// Hold'em and Omaha, streets and next cards, exact and Monte Carlo: never stopped, the
    /// plain run's numbers; always stopped, nothing.
    #[test]
    fn streets_run_in_pieces_and_stop_when_asked() {
        let holdem = ["AK,QQ".to_string(), "JJ-99".to_string()];
        let omaha = ["AsAhKsKh".to_string(), "JdTd9c8c".to_string()];
        let mut sampled = args(Game::plain(GameId::Omaha), &omaha, "Qh7s2d");
        sampled.rounds = Some(20_000);
        for a in [
            args(Game::HOLDEM, &holdem, "Qh7s2d"),
            args(Game::plain(GameId::OmahaHilo), &omaha, "Qh7s2dKc"),
            sampled,
        ] {
            let request = StreetsRequest::new(&a).unwrap();
            let whole = request.run().unwrap();
            let never = engine::on_pool(2, || request.run_until_stopped(&|| false)).unwrap();
            assert_eq!(never.unwrap(), Some(whole), "{} {}", a.game, a.board);
            assert_eq!(request.run_until_stopped(&|| true).unwrap(), None);
        }
    }

    #[test]
    fn omaha_flops_too_many_or_sampled_are_refused_unless_asked_for() {
        let game = Game::plain(GameId::Omaha);
        let fixed = ["AsAhKsKh".to_string(), "JdTd9c8c".to_string()];
        assert!(StreetsRequest::new(&args(game, &fixed, "")).is_ok());
        let random = ["AsAhKsKh".to_string(), "random".to_string()];
        let mut a = args(game, &random, "");
        assert_eq!(
            StreetsRequest::new(&a).unwrap_err().to_string(),
            "--streets from preflop runs every flop (17296 of them): each flop's run would be \
             Monte Carlo with random or weighted ranges; give a flop with --board, narrow the \
             ranges, or ask for --rounds N per flop or --exact"
        );
        a.rounds = Some(100);
        assert!(StreetsRequest::new(&a).is_ok());
        let ranged = ["AAxx".to_string(), "JdTd9c8c".to_string()];
        let refused = StreetsRequest::new(&args(game, &ranged, ""))
            .unwrap_err()
            .to_string();
        assert!(refused.contains("outcomes (limit 100000000)"), "{refused}");
    }

    #[test]
    fn flops_too_many_to_count_are_refused_unless_asked_for() {
        let players = ["AK".to_string(), "random".to_string()];
        let mut a = args(Game::HOLDEM, &players, "");
        let refused = StreetsRequest::new(&a).unwrap_err().to_string();
        assert!(refused.starts_with("--streets from preflop runs every flop (22100 of them)"));
        a.rounds = Some(100);
        assert!(StreetsRequest::new(&a).is_ok());
        a.board = "2c7d9h";
        a.rounds = None;
        assert!(StreetsRequest::new(&a).is_ok());
    }
}
