//! What the page needs to know of each game, from the game list: served at `/api/games` and
//! written into the page itself, so that the page starts without waiting for it.

/// The game list as the page reads it: names, decks, range syntax, what each game plays.
pub(crate) fn list() -> serde_json::Value {
    let games: Vec<serde_json::Value> = engine::GAMES
        .iter()
        .map(|g| {
            let game = engine::Game::from_name(g.name).unwrap_or_default();
            serde_json::json!({
                "name": g.name,
                "title": g.title,
                "summary": g.summary,
                "short_deck": matches!(g.deck, engine::DeckKind::Short),
                "hole_cards": g.hole_cards,
                "board_sizes": g.board_sizes,
                "max_players": g.max_players,
                "hilo": game.is_hilo(),
                "two_card_ranges": matches!(g.ranges, engine::RangeSyntax::TwoCard),
                "ranges": g.ranges.examples(),
                "equity": game.plays(engine::Command::Equity),
                "hits": game.plays(engine::Command::Hits),
            })
        })
        .collect();
    serde_json::Value::from(games)
}
