//! Hits requests (`sim hits`, Python's `hits`): a hold'em, short-deck or hold'em hi/lo range on
//! a board, with dead cards. The board's size and the combos the board leaves are checked by the `hits`
//! library itself, with its messages.

use engine::{Command, Game};
pub use hits::{Class, Draw, HitsRequest, HitsTable, ImproveRow, ImproveTable, LowClass, MadeHand};

use crate::cards::cards;
use crate::error::RequestError;

/// The request of `range` on `board` with `dead` out, in `game`, its percentage items read by
/// the ranking named `ranking` (`--ranking`; the game's default when `None`).
///
/// # Errors
/// [`RequestError`] for a game without hits tables, a range, ranking or card list that does not
/// parse.
pub fn hits_request(
    game: Game,
    range: &str,
    board: &str,
    dead: &str,
    ranking: Option<&str>,
) -> Result<HitsRequest, RequestError> {
    if !game.plays(Command::Hits) {
        return Err(RequestError::not_played(game, Command::Hits));
    }
    Ok(HitsRequest {
        game,
        range: crate::rank::parse_range(game, ranking, range)?,
        board: cards("board", board)?,
        dead: cards("dead", dead)?,
    })
}

/// Runs a hits request: the range's classes on the board and, when `improve`, each class's
/// categories by the river.
///
/// # Errors
/// [`RequestError::Invalid`] with the library's message for a board of the wrong size or a
/// range the board and dead cards empty.
pub fn run(
    request: &HitsRequest,
    improve: bool,
) -> Result<(HitsTable, Option<ImproveTable>), RequestError> {
    let table = hits::range_hits(request).map_err(|e| RequestError::invalid(e.to_string()))?;
    let improved = improve
        .then(|| table.improve())
        .transpose()
        .map_err(|e| RequestError::invalid(e.to_string()))?;
    Ok((table, improved))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    #[test]
    fn hits_take_board_games_and_name_bad_input() {
        let request = hits_request(Game::HOLDEM, "AKs", "AhKd2c", "", None).unwrap();
        assert_eq!(request.board.len(), 3);
        let hilo =
            hits_request(Game::plain(GameId::HoldemHilo), "A2s", "4h3d7c", "", None).unwrap();
        let (table, improve) = run(&hilo, true).unwrap();
        let nut = table.row(Class::Low(LowClass::NutLow)).unwrap();
        assert_eq!(nut.combos, 4); // 7-4-3-2-A, the best low on this flop
        // A low on every one of the C(47, 2) turns and rivers.
        assert_eq!(improve.unwrap().range.low, 4 * 1000 * 1081);
        assert!(
            hits_request(Game::plain(GameId::Omaha), "AKs", "AhKd2c", "", None)
                .unwrap_err()
                .to_string()
                .starts_with("--game omaha: this command plays")
        );
        assert!(
            hits_request(Game::HOLDEM, "AKs", "Xx", "", None)
                .unwrap_err()
                .to_string()
                .starts_with("--board 'Xx'")
        );
    }
}
