//! The hold'em family (hold'em and short deck) behind the family contract.

use deck::Card;
use engine::Watch;
use engine::two_card_range::combo_mask;
use engine::{BreakdownEntry, BreakdownRows, DeckKind, Game, Method};
use holdem::{Range, Spot};

use super::two_card_picks::two_card_range_text;
use super::{EquitySpot, FamilySpot, Resolution, RunWords, board_and_dead};
use crate::equity_args::EquityArgs;
use crate::equity_outcome::EquityOutcome;
use crate::error::RequestError;
use crate::rank::parse_range;

/// The hold'em spot of `args`: two-card ranges, a board and dead cards.
pub(super) fn parse(args: &EquityArgs<'_>, opponents: usize) -> Result<EquitySpot, RequestError> {
    let mut ranges = args
        .players
        .iter()
        .map(|text| parse_range(args.game, args.ranking, text))
        .collect::<Result<Vec<_>, _>>()?;
    for _ in 0..opponents {
        ranges.push(Range::parse("random")?);
    }
    let (board, dead) = board_and_dead(args)?;
    Ok(EquitySpot::Holdem(Spot::of_game(
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

    fn exact_outcome_bound(&self) -> Option<u128> {
        Some(holdem::outcome_bound(self))
    }

    fn resolve(&self, asked: &Method) -> Result<Resolution, RequestError> {
        let (method, exact_nanos) = holdem::resolve_estimated(asked, self)?;
        Ok(Resolution {
            method,
            exact_nanos,
        })
    }

    fn equity(&self, method: &Method) -> Result<EquityOutcome, RequestError> {
        Ok(holdem::equity(self, method)?.into())
    }

    fn equity_until_stopped(
        &self,
        method: &Method,
        stop: &dyn Watch,
    ) -> Result<Option<EquityOutcome>, RequestError> {
        Ok(holdem::equity_until_stopped(self, method, stop)?.map(Into::into))
    }

    fn breakdown(&self, method: &Method) -> Result<BreakdownRows, RequestError> {
        Ok(holdem::breakdown(self, method)?.rows())
    }

    fn breakdown_until_stopped(
        &self,
        method: &Method,
        stop: &dyn Watch,
    ) -> Result<Option<BreakdownRows>, RequestError> {
        Ok(holdem::breakdown_until_stopped(self, method, stop)?.map(|b| b.rows()))
    }

    fn is_range(&self, seat: usize) -> bool {
        let range = &self.players[seat];
        range.random || range.combos.len() > 1
    }

    fn range_text(&self, seat: usize, rows: &[BreakdownEntry], chosen: &[bool]) -> String {
        let cards = self.board.iter().chain(&self.dead);
        let mut known = cards.fold(0u64, |m, c| m | 1 << c.index());
        for (p, range) in self.players.iter().enumerate() {
            if let (true, Some(combo)) = (p != seat, range.single()) {
                known |= combo_mask(combo);
            }
        }
        let short = self.game.id().spec().deck == DeckKind::Short;
        two_card_range_text(rows, chosen, known, short)
    }

    fn with_hand(&self, seat: usize, hand: &str) -> Result<EquitySpot, RequestError> {
        let mut players = self.players.clone();
        players[seat] = parse_range(self.game, None, hand)?;
        Ok(EquitySpot::Holdem(Spot::of_game(
            self.game,
            players,
            self.board.clone(),
            self.dead.clone(),
        )?))
    }

    fn summary(&self, run: &RunWords<'_>) -> String {
        format!(
            "{}, {} {} in {} on {} ({}/s)",
            run.method,
            run.samples,
            run.unit(),
            run.duration(),
            run.threads,
            run.rate
        )
    }
}
