//! The Omaha family (Omaha, five- and six-card Omaha, Courchevel, each high or hi/lo, and
//! hold'em hi/lo) behind the family contract.

use deck::Card;
use engine::Watch;
use engine::{BreakdownEntry, BreakdownRows, Game, Method};
use omaha::{Range, Spot};

use super::omaha_text::omaha_range_text;
use super::{EquitySpot, FamilySpot, Resolution, RunWords, board_and_dead};
use crate::equity_args::EquityArgs;
use crate::equity_outcome::EquityOutcome;
use crate::error::RequestError;

/// The Omaha spot of `args`: ranges in the game's syntax, a board and dead cards.
pub(super) fn parse(args: &EquityArgs<'_>, opponents: usize) -> Result<EquitySpot, RequestError> {
    let mut ranges = args
        .players
        .iter()
        .map(|text| Range::of_game(text, args.game))
        .collect::<Result<Vec<_>, _>>()?;
    for _ in 0..opponents {
        ranges.push(Range::of_game("random", args.game)?);
    }
    let (board, dead) = board_and_dead(args)?;
    Ok(EquitySpot::Omaha(Spot::new(
        args.game, ranges, board, dead,
    )?))
}

impl FamilySpot for Spot {
    fn game(&self) -> Game {
        self.game
    }

    fn hands(&self) -> Vec<String> {
        self.players.iter().map(|r| r.text.clone()).collect()
    }

    fn board(&self) -> &[Card] {
        &self.board
    }

    fn dead(&self) -> &[Card] {
        &self.dead
    }

    fn resolve(&self, asked: &Method) -> Result<Resolution, RequestError> {
        Ok(omaha::resolve(asked, self)?.into())
    }

    fn equity(&self, method: &Method) -> Result<EquityOutcome, RequestError> {
        Ok(omaha::equity(self, method)?.into())
    }

    fn equity_until_stopped(
        &self,
        method: &Method,
        stop: &dyn Watch,
    ) -> Result<Option<EquityOutcome>, RequestError> {
        Ok(omaha::equity_until_stopped(self, method, stop)?.map(Into::into))
    }

    fn breakdown(&self, method: &Method) -> Result<BreakdownRows, RequestError> {
        Ok(omaha::breakdown(self, method)?)
    }

    fn breakdown_until_stopped(
        &self,
        method: &Method,
        stop: &dyn Watch,
    ) -> Result<Option<BreakdownRows>, RequestError> {
        Ok(omaha::breakdown_until_stopped(self, method, stop)?)
    }

    fn is_range(&self, seat: usize) -> bool {
        let range = &self.players[seat];
        range.random || range.hands.len() > 1
    }

    fn range_text(&self, seat: usize, rows: &[BreakdownEntry], chosen: &[bool]) -> String {
        omaha_range_text(self, seat, rows, chosen)
    }

    fn with_hand(&self, seat: usize, hand: &str) -> Result<EquitySpot, RequestError> {
        let mut players = self.players.clone();
        players[seat] = Range::of_game(hand, self.game)?;
        Ok(EquitySpot::Omaha(Spot::new(
            self.game,
            players,
            self.board.clone(),
            self.dead.clone(),
        )?))
    }

    fn summary(&self, run: &RunWords<'_>) -> String {
        format!(
            "{}, {}, {} {} in {:.3} ms on {} ({}/s)",
            self.game,
            run.method,
            run.samples,
            run.unit(),
            run.seconds * 1e3,
            run.threads,
            run.rate
        )
    }
}
