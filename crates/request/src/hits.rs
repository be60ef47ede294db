//! Hits requests (`sim hits`, Python's `hits`): a hold'em or short-deck range on a board, with
//! dead cards. The board's size and the combos the board leaves are checked by the `hits`
//! library itself, with its messages.

use engine::{Command, Game};
use hits::HitsRequest;

use crate::cards::cards;
use crate::error::RequestError;

/// The request of `range` on `board` with `dead` out, in `game`.
///
/// # Errors
/// [`RequestError`] for a game without hits tables, a range or card list that does not parse.
pub fn hits_request(
    game: Game,
    range: &str,
    board: &str,
    dead: &str,
) -> Result<HitsRequest, RequestError> {
    if !game.plays(Command::Hits) {
        return Err(RequestError::not_played(game, Command::Hits));
    }
    Ok(HitsRequest {
        game,
        range: holdem::Range::parse(range)?,
        board: cards("board", board)?,
        dead: cards("dead", dead)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::GameId;

    #[test]
    fn hits_take_board_games_and_name_bad_input() {
        let request = hits_request(Game::HOLDEM, "AKs", "AhKd2c", "").unwrap();
        assert_eq!(request.board.len(), 3);
        assert!(
            hits_request(Game::plain(GameId::Omaha), "AKs", "AhKd2c", "")
                .unwrap_err()
                .to_string()
                .starts_with("--game omaha: this command plays")
        );
        assert!(
            hits_request(Game::HOLDEM, "AKs", "Xx", "")
                .unwrap_err()
                .to_string()
                .starts_with("--board 'Xx'")
        );
    }
}
