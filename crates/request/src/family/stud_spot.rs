//! The stud family (seven-card stud, stud hi/lo, razz) behind the family contract.

use deck::Card;
use engine::Watch;
use engine::{BreakdownEntry, BreakdownRows, Command, Game, Method};
use stud::{Hand, Spot};

use super::two_card_picks::two_card_range_text;
use super::{EquitySpot, FamilySpot, Resolution, RunWords};
use crate::cards::{cards, cards_text};
use crate::equity_args::EquityArgs;
use crate::equity_outcome::EquityOutcome;
use crate::error::RequestError;

/// The stud spot of `args` with `opponents` players whose cards are all unknown: no board
/// (up cards are given with each player; the deck decides whether the last card is shared).
pub(super) fn parse(args: &EquityArgs<'_>, opponents: usize) -> Result<EquitySpot, RequestError> {
    let game = stud::Game::of(args.game.id())
        .ok_or_else(|| RequestError::not_played(args.game, Command::Equity))?;
    if !args.board.trim().is_empty() {
        return Err(RequestError::invalid(format!(
            "--board is not used in {game}: give each player's up cards with the player; when the deck runs short the last card is shared by rule"
        )));
    }
    let mut players = args
        .players
        .iter()
        .map(|text| Hand::parse_in(game, text))
        .collect::<Result<Vec<_>, _>>()?;
    for _ in 0..opponents {
        players.push(Hand::parse("random")?);
    }
    Ok(EquitySpot::Stud(Spot::new(
        game,
        players,
        cards("dead", args.dead)?,
    )?))
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

    fn shared_last_card(&self) -> Option<bool> {
        Some(self.community())
    }

    fn resolve(&self, asked: &Method) -> Result<Resolution, RequestError> {
        Ok(stud::resolve(asked, self)?.into())
    }

    fn equity(&self, method: &Method) -> Result<EquityOutcome, RequestError> {
        Ok(stud::equity(self, method)?.into())
    }

    fn equity_until_stopped(
        &self,
        method: &Method,
        stop: &dyn Watch,
    ) -> Result<Option<EquityOutcome>, RequestError> {
        Ok(stud::equity_until_stopped(self, method, stop)?.map(Into::into))
    }

    fn breakdown(&self, method: &Method) -> Result<BreakdownRows, RequestError> {
        Ok(stud::breakdown(self, method)?)
    }

    fn breakdown_until_stopped(
        &self,
        method: &Method,
        stop: &dyn Watch,
    ) -> Result<Option<BreakdownRows>, RequestError> {
        Ok(stud::breakdown_until_stopped(self, method, stop)?)
    }

    fn is_range(&self, seat: usize) -> bool {
        self.players[seat].down.is_some()
    }

    /// The chosen down cards in parentheses, then the player's up cards: `(QQ+,AKs)Kd`.
    fn range_text(&self, seat: usize, rows: &[BreakdownEntry], chosen: &[bool]) -> String {
        let cards = self.players.iter().flat_map(|p| &p.cards).chain(&self.dead);
        let known = cards.fold(0u64, |m, c| m | 1 << c.index());
        let down = two_card_range_text(rows, chosen, known, false);
        format!("({down}){}", cards_text(&self.players[seat].cards))
    }

    fn with_hand(&self, seat: usize, hand: &str) -> Result<EquitySpot, RequestError> {
        let mut players = self.players.clone();
        // The down cards become known cards, before the player's up cards.
        let known = format!("{hand}{}", cards_text(&players[seat].cards));
        players[seat] = Hand::parse(&known)?;
        Ok(EquitySpot::Stud(Spot::new(
            self.game,
            players,
            self.dead.clone(),
        )?))
    }

    /// Stud counts every showdown, exact or not.
    fn summary(&self, run: &RunWords<'_>) -> String {
        format!(
            "{}, {}{}, {} showdowns in {:.3} ms on {} ({}/s)",
            FamilySpot::game(self),
            run.method,
            if self.community() {
                ", last card shared"
            } else {
                ""
            },
            run.samples,
            run.seconds * 1e3,
            run.threads,
            run.rate
        )
    }
}
