//! A query made ready to run: its bindings read (the game, the board, dead cards and each
//! player's hands in the game's range syntax) and its selectors compiled for that game.

use deck::Card;
use engine::Game;

use crate::ast::Binding;
use crate::check::{Scope, compile};
use crate::error::QueryError;
use crate::hands::{Hands, RangeReader, mask};
use crate::later_draws::LaterDraws;
use crate::parser::parse;
use crate::program::Program;
use crate::rules::{MAX_PLAYERS, Rules};

/// One player of the `from` list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The name bound.
    pub name: String,
    /// The range, as written.
    pub text: String,
    /// Its hands, those holding a board or dead card removed.
    pub hands: Hands,
}

/// A query ready to run.
#[derive(Debug, Clone)]
pub struct Prepared {
    /// The compiled selectors and condition.
    pub program: Program,
    /// The known board cards.
    pub board: Vec<Card>,
    /// Cards known out of play.
    pub dead: Vec<Card>,
    /// The players, in the order bound.
    pub players: Vec<Player>,
    /// The draws after the first (`draws='3'` in the triple-draw games and badugi).
    pub later: Option<LaterDraws>,
}

/// How the language reads each game's ranges: given by the request layer, which knows every
/// family's syntax.
pub trait Readers {
    /// The reader of `game`'s ranges.
    ///
    /// # Errors
    /// Words saying why the game is not played.
    fn reader(&self, game: Game) -> Result<Box<dyn RangeReader + '_>, String>;
}

/// The game a `game=` value names: the engine's names, and PQL's `omahahi`, `omaha8` and
/// `omahahilo`.
pub fn game_named(name: &str) -> Option<Game> {
    let lower = name.trim().to_ascii_lowercase();
    let name = match lower.as_str() {
        "omahahi" | "plo" => "omaha",
        "omaha8" | "omahahilo" | "omaha_hilo" | "plo8" => "omaha-hilo",
        "holdemhilo" | "holdem8" => "holdem-hilo",
        "short_deck" | "6plus" => "shortdeck",
        other => other,
    };
    Game::from_name(name)
}

/// Parses `text`, reads its bindings and compiles it.
///
/// # Errors
/// A [`QueryError`] at the first problem: grammar, bindings (an unknown game, a bad card or
/// range, a repeated name, too many players), names and types.
pub fn prepare(text: &str, readers: &dyn Readers) -> Result<Prepared, QueryError> {
    let query = parse(text)?;
    let find = |key: &str| {
        query
            .bindings
            .iter()
            .find(|b| b.name.eq_ignore_ascii_case(key))
    };
    let game = match find("game") {
        None => Game::plain(engine::GameId::Holdem),
        Some(b) => game_named(&b.value).ok_or_else(|| {
            QueryError::at(
                b.value_pos,
                format!(
                    "unknown game '{}' (want one of {})",
                    b.value,
                    engine::GameId::names()
                ),
            )
        })?,
    };
    let at_game = find("game").map_or(query.selectors[0].pos, |b| b.value_pos);
    let rules = Rules::of(game).map_err(|_| {
        QueryError::at(
            at_game,
            format!("sim query does not know the rules of {}", game.name()),
        )
    })?;
    let reader = readers
        .reader(game)
        .map_err(|why| QueryError::at(at_game, why))?;
    let cards = |b: Option<&Binding>| -> Result<Vec<Card>, QueryError> {
        match b {
            None => Ok(Vec::new()),
            Some(b) => deck::parse_cards(&b.value)
                .map_err(|e| QueryError::at(b.value_pos, format!("{}='{}': {e}", b.name, b.value))),
        }
    };
    let board = cards(find("board"))?;
    let dead = cards(find("dead"))?;
    if let Some(b) = find("board")
        && rules.board == 0
    {
        let cards = if rules.draw {
            "the cards each player keeps ('7c5d2h', 'random') and the discards as dead cards"
        } else {
            "each player's cards ('AsAhKd', '(QQ+,AKs)Kd') and dead cards"
        };
        return Err(QueryError::at(
            b.pos,
            format!("{} deals no board: give {cards}", game.name()),
        ));
    }
    if let Some(b) = find("board")
        && !game.spec().board_sizes.contains(&board.len())
    {
        return Err(QueryError::at(
            b.value_pos,
            format!(
                "board='{}': a board of {} cards; {} boards have {}",
                b.value,
                board.len(),
                game.spec().title,
                game.board_sizes_words()
            ),
        ));
    }
    let lowest = game.spec().deck.lowest_rank();
    let known = [board.as_slice(), dead.as_slice()].concat();
    let mut seen = 0u64;
    for (i, c) in known.iter().enumerate() {
        let b = find(if i < board.len() { "board" } else { "dead" });
        let at = b.map_or(at_game, |b| b.value_pos);
        if seen >> c.index() & 1 != 0 {
            return Err(QueryError::at(at, format!("the card {c} is given twice")));
        }
        if c.rank() < lowest {
            return Err(QueryError::at(
                at,
                format!("the card {c} is not in the {} deck", game.spec().title),
            ));
        }
        seen |= 1 << c.index();
    }
    let mut players: Vec<Player> = Vec::new();
    for b in &query.bindings {
        let reserved: &[&str] = if rules.draw {
            &["game", "board", "dead", "draws", "pat"]
        } else {
            &["game", "board", "dead"]
        };
        if reserved.iter().any(|k| b.name.eq_ignore_ascii_case(k)) {
            if query
                .bindings
                .iter()
                .filter(|o| o.name.eq_ignore_ascii_case(&b.name))
                .count()
                > 1
            {
                return Err(QueryError::at(
                    b.pos,
                    format!("'{}' is bound twice", b.name),
                ));
            }
            continue;
        }
        if players.iter().any(|p| p.name.eq_ignore_ascii_case(&b.name)) {
            return Err(QueryError::at(
                b.pos,
                format!("the player '{}' is bound twice", b.name),
            ));
        }
        if crate::types::constant(&b.name).is_some() || crate::functions::lookup(&b.name).is_some()
        {
            return Err(QueryError::at(
                b.pos,
                format!(
                    "'{}' names a constant or function; call the player something else",
                    b.name
                ),
            ));
        }
        let hands = reader
            .hands(&b.value)
            .map_err(|why| QueryError::at(b.value_pos, format!("{}='{}': {why}", b.name, b.value)))?
            .without(mask(&known));
        if hands.is_empty() {
            return Err(QueryError::at(
                b.value_pos,
                format!(
                    "{}='{}': every hand holds a board or dead card",
                    b.name, b.value
                ),
            ));
        }
        // A draw player keeps one hand: a card another player keeps is refused here, as the
        // draw family refuses it, rather than leaving no deal.
        let kept = || players.iter().fold(0, |m, p| m | mask(&p.hands.cards));
        if rules.draw
            && let kept = kept()
            && let Some(c) = hands.cards.iter().find(|c| kept >> c.index() & 1 != 0)
        {
            return Err(QueryError::at(
                b.value_pos,
                format!(
                    "{}='{}': the card {c} is kept by another player",
                    b.name, b.value
                ),
            ));
        }
        players.push(Player {
            name: b.name.clone(),
            text: b.value.clone(),
            hands,
        });
    }
    let max = game.max_players().min(MAX_PLAYERS);
    if players.is_empty() || players.len() > max {
        let at = query.bindings.last().map_or(at_game, |b| b.pos);
        return Err(QueryError::at(
            at,
            format!(
                "{} players bound; {} deals 1 to {max}",
                players.len(),
                game.name()
            ),
        ));
    }
    let mut needed =
        known.len() + players.len() * rules.hole + rules.board.saturating_sub(board.len());
    if rules.draw {
        // Every player was dealt a whole hand before drawing, as the draw family counts it.
        let drawn: usize = players
            .iter()
            .map(|p| rules.hole.saturating_sub(p.hands.hole))
            .sum();
        needed = needed.max(players.len() * rules.hole + drawn);
    }
    if needed > game.deck_size() {
        let at = query.bindings.last().map_or(at_game, |b| b.pos);
        let what = if rules.draw {
            "the hands dealt and the cards drawn need"
        } else {
            "the deal needs"
        };
        return Err(QueryError::at(
            at,
            format!(
                "{what} {needed} cards; the {} deck has {}",
                game.spec().title,
                game.deck_size()
            ),
        ));
    }
    let later = LaterDraws::read(game, find("draws"), find("pat"), players.len())?;
    let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
    let mut program = compile(
        &query,
        &Scope {
            rules,
            players: &names,
            reader: reader.as_ref(),
        },
    )?;
    program.dead = mask(&dead);
    Ok(Prepared {
        program,
        board,
        dead,
        players,
        later,
    })
}
