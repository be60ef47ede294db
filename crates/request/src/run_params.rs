//! The parameters a table's document carries beside its rows (`sim … --format json`'s keys
//! before `rows`, the attributes of Python's result classes), defined once per command: `sim`
//! writes them as JSON, the Python layer as its result's parameters. Keys a run has no value
//! for are left out (the game in hold'em, the seed of an exact run).

use engine::Method;

pub use crate::params::{Param, RunParams};

use crate::cards::cards_text;
use crate::counted_rank::{CountedQuery, CountedRankRequest};
use crate::equity::EquityRequest;
use crate::exact::ExactRequest;
use crate::hits::{HitsRequest, ImproveTable};
use crate::odds::OddsHand;
use crate::rank::{RankQuery, RankRequest};
use crate::streets::StreetsRequest;

/// An equity run's parameters (`sim equity`, and with `view` set to `breakdown`, `distribution`
/// the runs of those views): the command, the view, the game, the method (`exact` when
/// `exact`), the board (stud: whether the last card is shared), the dead cards and a Monte
/// Carlo run's seed.
pub fn equity(
    request: &EquityRequest,
    view: Option<&'static str>,
    method: &Method,
    exact: bool,
) -> RunParams {
    let mut params = RunParams::new("equity");
    if let Some(view) = view {
        params.flag(view, true);
    }
    params.game(request.game());
    params.text("method", if exact { "exact" } else { "monte_carlo" });
    match request.shared_last_card() {
        Some(shared) => params.flag("shared_last_card", shared),
        None if request.game().spec().board_cards > 0 => {
            params.text("board", cards_text(request.board()));
        }
        None => {}
    }
    params.text("dead", cards_text(request.dead()));
    request.rule_params(&mut params);
    if let Some(ranking) = request.ranking {
        params.text("ranking", ranking.to_string());
    }
    if let Method::MonteCarlo { seed, .. } = method {
        params.count("seed", *seed);
    }
    params
}

/// A streets run's parameters (`sim equity --streets`): the board, the dead cards, and the seed
/// when any street was `sampled`.
pub fn streets(request: &StreetsRequest, sampled: bool) -> RunParams {
    let mut params = RunParams::new("equity");
    params.flag("streets", true);
    params.game(request.game);
    params.text("board", cards_text(&request.board));
    params.text("dead", cards_text(&request.dead));
    if sampled {
        params.count("seed", request.seed.value);
    }
    params
}

/// A runout run's parameters (`sim equity --boards 2`, `--runs N`): the game, the boards,
/// the dead cards and, when sampled, the rounds and the seed.
pub fn runouts(request: &crate::runouts::RunoutRequest) -> RunParams {
    let mut params = RunParams::new("equity");
    params.game(request.game);
    let stubs = &request.deal.stubs;
    params.text("board", cards_text(&stubs[0]));
    match request.kind {
        crate::runouts::RunoutKind::DoubleBoard => {
            params.count("boards", 2);
            params.text("board2", cards_text(&stubs[1]));
        }
        crate::runouts::RunoutKind::Runs(n) => params.count("runs", n as u64),
        crate::runouts::RunoutKind::DoubleBoardRuns(n) => {
            params.count("boards", 2);
            params.text("board2", cards_text(&stubs[1]));
            params.count("runs", n as u64);
        }
    }
    params.dead_if_any(&cards_text(&request.dead));
    params.flag("exact", request.exact);
    if !request.exact {
        params.count("rounds", request.rounds);
        params.count("seed", request.seed.value);
    }
    params
}

/// An odds table's parameters (`sim odds` of a board game, `sim merge`): the hand, the
/// `rounds` counted, the seed and the precision target asked for.
pub fn odds(hand: &OddsHand, rounds: u64, seed: u64, target_stderr: Option<f64>) -> RunParams {
    let mut params = RunParams::new("odds");
    match hand {
        OddsHand::Board(hand) => {
            params.game(hand.game());
            params.count("cards", hand.cards() as u64);
            params.text("known", hand.known_text());
            params.dead_if_any(&hand.dead_text());
        }
        OddsHand::Omaha { game, known, dead } => {
            params.game(*game);
            params.text("known", cards_text(known));
            params.dead_if_any(&cards_text(dead));
        }
        OddsHand::Chart { .. } => chart_table(&mut params, hand),
    }
    params.count("rounds", rounds);
    params.count("seed", seed);
    if let Some(target) = target_stderr {
        params.float("target_stderr", target);
    }
    params
}

/// An exact table's parameters (`sim exact`): the hand and the `total` counted.
pub fn exact(request: &ExactRequest, total: u64) -> RunParams {
    let mut params = RunParams::new("exact");
    match &request.hand {
        OddsHand::Board(hand) => {
            params.game(hand.game());
            params.count("cards", hand.cards() as u64);
            params.text("known", hand.known_text());
            params.dead_if_any(&hand.dead_text());
        }
        hand => chart_table(&mut params, hand),
    }
    params.count("total", total);
    params
}

/// A chart family's table hand (stud's, the draw games'): the game, the chart (`table`), the known and the dead cards, always
/// named (the stud tables' documents have always had them).
fn chart_table(params: &mut RunParams, hand: &OddsHand) {
    if let OddsHand::Chart {
        game,
        chart,
        known,
        dead,
    } = hand
    {
        params.text("game", game.name());
        params.text("table", chart.family_chart().name());
        params.text("known", cards_text(known));
        params.text("dead", cards_text(dead));
        chart.family_chart().rule_params(params);
    }
}

/// A hits table's parameters (`sim hits`): the range (and the `ranking` named to read it, if
/// one was), board and dead cards, and with `--improve` the runouts each combo was counted over.
pub fn hits(
    request: &HitsRequest,
    improve: Option<&ImproveTable>,
    ranking: Option<&str>,
) -> RunParams {
    let mut params = RunParams::new("hits");
    params.game(request.game);
    params.text("range", request.range.text.clone());
    if let Some(name) = ranking {
        params.text("ranking", name.trim());
    }
    params.text("board", cards_text(&request.board));
    params.text("dead", cards_text(&request.dead));
    if let Some(improve) = improve {
        params.count("runouts_per_combo", improve.runouts);
    }
    params
}

/// A rank table's parameters (`sim rank`): the ranking's name (`vs1`: exact equity against one
/// random hand; `vs2` …: Monte Carlo against that many) and method, and the hand or the span
/// asked for; `built` when the ranking was made again.
pub fn rank(request: &RankRequest, hand: Option<&str>, top: Option<&str>) -> RunParams {
    let mut params = RunParams::new("rank");
    params.game(request.game);
    params.text("ranking", request.ranking.to_string());
    // Hold'em hi/lo's one ranking is Monte Carlo although it is the default, `vs1`.
    let exact = engine::named_ranking::ranking(request.game.id(), request.ranking)
        .is_ok_and(|ranking| ranking.is_exact());
    let method = if exact { "exact" } else { "monte_carlo" };
    params.text("method", method);
    match request.query {
        RankQuery::Hand(_) => params.text("hand", hand.unwrap_or_default()),
        RankQuery::Top { .. } => params.text("top", top.unwrap_or_default()),
        RankQuery::All => {}
        RankQuery::Build => params.flag("built", true),
    }
    params
}

/// A counted rank run's parameters (`sim rank --game omaha|stud|stud-hilo|razz`): the game,
/// the method, the hand or span asked, and a build's rounds per class, seed and shard, or that
/// it was merged.
pub fn counted_rank(
    request: &CountedRankRequest,
    hand: Option<&str>,
    top: Option<&str>,
) -> RunParams {
    let mut params = RunParams::new("rank");
    params.game(request.game);
    params.text("ranking", "vs1");
    let exact = request.counted.is_exact();
    params.text("method", if exact { "exact" } else { "monte_carlo" });
    match request.query {
        CountedQuery::Class(_) => params.text("hand", hand.unwrap_or_default()),
        CountedQuery::Top { .. } => params.text("top", top.unwrap_or_default()),
        CountedQuery::All => {}
        CountedQuery::Build(plan) => {
            params.flag("built", true);
            params.count("rounds", plan.rounds);
            params.count("seed", plan.seed);
            params.text("shard", format!("{}/{}", plan.shard, plan.shards));
        }
        CountedQuery::Merge => params.flag("merged", true),
        CountedQuery::Count => params.flag("built", true),
    }
    params
}

/// A query run's parameters (`sim query`): the query as given, its game, the method, the trials
/// dealt and those meeting the condition, and a Monte Carlo run's seed.
pub fn query(request: &crate::query::QueryRequest, answer: &query::Answer) -> RunParams {
    let mut params = RunParams::new("query");
    params.text("query", request.text.clone());
    params.game(request.game());
    params.text("method", if answer.exact { "exact" } else { "monte_carlo" });
    params.count("trials", answer.trials);
    params.count("admitted", answer.admitted);
    if let Method::MonteCarlo { seed, .. } = request.method {
        params.count("seed", seed);
    }
    params
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Game;

    #[test]
    fn holdem_and_no_dead_cards_are_left_out() {
        let mut params = RunParams::new("odds");
        params.game(Game::HOLDEM);
        params.dead_if_any("");
        assert_eq!(params.0.len(), 1);
        params.game(Game::plain(engine::GameId::Omaha));
        params.dead_if_any("Ah");
        assert_eq!(params.get("game"), Some(&Param::Text("omaha".into())));
        assert_eq!(params.get("dead"), Some(&Param::Text("Ah".into())));
    }

    #[test]
    fn an_exact_equity_run_has_no_seed() {
        let players = ["AsAh".to_string(), "KsKh".to_string()];
        let args = crate::equity::EquityArgs {
            seed: Some(1),
            ..crate::equity::EquityArgs::new(Game::HOLDEM, &players)
        };
        let request = EquityRequest::new(&args).unwrap();
        let params = equity(&request, Some("breakdown"), &Method::Exact, true);
        let keys: Vec<_> = params.0.iter().map(|(k, _)| *k).collect();
        assert_eq!(keys, ["command", "breakdown", "method", "board", "dead"]);
        let sampled = Method::MonteCarlo {
            rounds: 10,
            seed: 7,
            target_stderr: None,
        };
        let params = equity(&request, None, &sampled, false);
        assert_eq!(params.get("seed"), Some(&Param::Count(7)));
        assert_eq!(
            params.get("method"),
            Some(&Param::Text("monte_carlo".into()))
        );
    }
}
