//! The draw family (five-card draw, 2-7 and A-5 lowball single and triple draw, badugi) behind
//! the family contract.

use deck::{Card, RANK_CHARS};
use draw::{DrawError, Hand, Spot};
use engine::Watch;
use engine::{BreakdownError, BreakdownRows, Command, Game, Method};

use super::{EquitySpot, FamilySpot, Resolution, RunWords};
use crate::equity_args::EquityArgs;
use crate::equity_outcome::EquityOutcome;
use crate::error::RequestError;
use crate::error_words::Worded;
use crate::game_options;
use crate::params::RunParams;

/// The draw spot of `args` (each player the cards kept or a list of kept hands) with
/// `opponents` players keeping nothing: no board, the draws to
/// come (`--draws`, default 1) and the pat ranks (`--pat`).
pub(super) fn parse(args: &EquityArgs<'_>, opponents: usize) -> Result<EquitySpot, RequestError> {
    let game = draw::Game::of(args.game.id())
        .ok_or_else(|| RequestError::not_played(args.game, Command::Equity))?;
    if !args.board.trim().is_empty() {
        return Err(RequestError::invalid(format!(
            "--board is not used in {}: give each player's kept cards with the player and the discards seen with --dead",
            game.title()
        )));
    }
    let mut players = args
        .players
        .iter()
        .map(|text| Hand::parse(game, text))
        .collect::<Result<Vec<_>, _>>()
        .map_err(worded)?;
    for _ in 0..opponents {
        players.push(Hand::parse(game, "random").map_err(worded)?);
    }
    let dead = crate::cards::cards("dead", args.dead)?;
    let draws = match game_options::value(args.options, "draws") {
        Some(text) => draws(text)?,
        None => 1,
    };
    let pat_text = game_options::value(args.options, "pat");
    let pat = match pat_text {
        Some(text) => pat_ranks(text)?,
        None => Vec::new(),
    };
    let spot = Spot::new(game, players, dead, draws, &pat).map_err(|e| match e {
        DrawError::Draws { .. } => RequestError::invalid(format!("--draws {draws}: {e}")),
        DrawError::PatInHighGame { .. }
        | DrawError::PatWithOneDraw
        | DrawError::PatCount { .. } => {
            RequestError::invalid(format!("--pat '{}': {e}", pat_text.unwrap_or_default()))
        }
        other => worded(other),
    })?;
    Ok(EquitySpot::Draw(spot))
}

/// A draw library refusal in the request's words: the method's and the player count's as
/// every family words them, the rest as the library says them.
fn worded(error: DrawError) -> RequestError {
    match error {
        DrawError::Method(e) => RequestError::Method(e),
        DrawError::PlayerCount(e) => RequestError::Players(e),
        DrawError::Breakdown(BreakdownError::TooWide {
            combinations,
            limit,
        }) => RequestError::invalid(format!(
            "the ranges of kept hands make {combinations} combinations, each counted or sampled on its own: more than the limit of {limit}; narrow them"
        )),
        other => RequestError::invalid(other.to_string()),
    }
}

/// `--draws`' count: a whole number (the library checks how many the game has).
pub(crate) fn draws(text: &str) -> Result<u32, RequestError> {
    text.trim().parse().map_err(|_| {
        RequestError::invalid(format!(
            "--draws takes a whole number of draws (1 to 3), not '{text}'"
        ))
    })
}

/// `--pat`'s ranks: one rank (`9`) or one per player (`9,T,8`), deuce to king.
pub(crate) fn pat_ranks(text: &str) -> Result<Vec<u8>, RequestError> {
    draw::rule::read_pat(text).ok_or_else(|| {
        RequestError::invalid(format!(
            "--pat '{text}': want a rank from 2 to K (the highest card to stand pat with), or one per player: 9 or 9,T"
        ))
    })
}

impl FamilySpot for Spot {
    fn game(&self) -> Game {
        Game::plain(self.game.id())
    }

    fn hands(&self) -> Vec<String> {
        self.players.iter().map(|p| p.text.clone()).collect()
    }

    fn board(&self) -> &[Card] {
        &[]
    }

    fn dead(&self) -> &[Card] {
        &self.dead
    }

    fn rule_params(&self, params: &mut RunParams) {
        params.count("draws", u64::from(self.draws));
        if self.draws > 1 {
            let ranks: Vec<String> = self
                .pat
                .iter()
                .map(|&r| RANK_CHARS[r as usize].to_string())
                .collect();
            params.text("pat", ranks.join(","));
        }
    }

    fn resolve(&self, asked: &Method) -> Result<Resolution, RequestError> {
        Ok(draw::resolve(asked, self).map_err(worded)?.into())
    }

    fn equity(&self, method: &Method) -> Result<EquityOutcome, RequestError> {
        Ok(draw::equity(self, method).map_err(worded)?.into())
    }

    fn equity_until_stopped(
        &self,
        method: &Method,
        stop: &dyn Watch,
    ) -> Result<Option<EquityOutcome>, RequestError> {
        Ok(draw::equity_until_stopped(self, method, stop)
            .map_err(worded)?
            .map(Into::into))
    }

    fn breakdown(&self, method: &Method) -> Result<BreakdownRows, RequestError> {
        draw::breakdown(self, method).map_err(|e| breakdown_worded(self.game, e))
    }

    fn breakdown_until_stopped(
        &self,
        method: &Method,
        stop: &dyn Watch,
    ) -> Result<Option<BreakdownRows>, RequestError> {
        draw::breakdown_until_stopped(self, method, stop)
            .map_err(|e| breakdown_worded(self.game, e))
    }

    /// A player written as a list of kept hands (`7c5d4h3s,8s6h4c3d`).
    fn is_range(&self, seat: usize) -> bool {
        self.players[seat].range.is_some()
    }

    fn with_hand(&self, seat: usize, hand: &str) -> Result<EquitySpot, RequestError> {
        let mut players = self.players.clone();
        players[seat] = Hand::parse(self.game, hand).map_err(worded)?;
        // The pat ranks are the spot's own (one per player) only where a rule applies.
        let pat: &[u8] = if self.draws > 1 { &self.pat } else { &[] };
        let spot =
            Spot::new(self.game, players, self.dead.clone(), self.draws, pat).map_err(worded)?;
        Ok(EquitySpot::Draw(spot))
    }

    /// Every showdown counted, exact or not.
    fn summary(&self, run: &RunWords<'_>) -> String {
        format!(
            "{}, {}, {} draw{}, {} showdowns in {} on {} ({}/s)",
            FamilySpot::game(self),
            run.method,
            self.draws,
            if self.draws == 1 { "" } else { "s" },
            run.samples,
            run.duration(),
            run.threads,
            run.rate
        )
    }
}

/// A breakdown's refusal in the request's words: without a range, what to write (`--distribution`
/// names itself in place of `--breakdown`).
fn breakdown_worded(game: draw::Game, error: DrawError) -> RequestError {
    match error {
        DrawError::NoRange => RequestError::invalid(format!(
            "--breakdown lists the hands of a range: in {} write a player as the kept hands it may hold, as in 7c5d4h3s,8s6h4c3d",
            game.title()
        )),
        DrawError::Breakdown(e) => RequestError::invalid(Worded(&e).to_string()),
        other => worded(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pat_ranks_read_deuce_to_king() {
        assert_eq!(pat_ranks("9"), Ok(vec![7]));
        assert_eq!(pat_ranks("9, t,8"), Ok(vec![7, 8, 6]));
        assert!(pat_ranks("A").is_err());
        assert!(pat_ranks("10").is_err());
    }

    #[test]
    fn draws_read_a_whole_number() {
        assert_eq!(draws(" 3"), Ok(3));
        assert_eq!(
            draws("three"),
            Err(RequestError::invalid(
                "--draws takes a whole number of draws (1 to 3), not 'three'"
            ))
        );
    }
}
