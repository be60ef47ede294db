//! What a table says was computed, for a chart's subtitle: the game, the ranges, the board and
//! the dead (or known) cards, and exact or how many rounds, from the table's columns and, for a
//! `--format json` document, its request's parameters. A CSV names less (a `sim hits` CSV
//! names no range or board); the subtitle says what the table names.
//!
//! ```text
//!  holdem · board Kd7c2s · dead Ac · exact · ranges AK,QQ vs QQ+,AKs      ranges last: a long
//!  holdem · board Th9h8c2d · range 22+,A2s+,KTo+,T9s:0.5,65s:0.25, …       one is cut short
//!  holdem · 7 cards · known AsKs · 1 M rounds · seed 42
//! ```

use std::collections::BTreeMap;

use crate::chart::style::count_words;
use crate::chart::table::Table;

/// The separator between the parts of a subtitle.
pub(crate) const SEPARATOR: &str = " · ";

/// The value of column `name` in the table's first row, or its parameter `name`.
fn first(table: &Table, name: &str) -> Option<String> {
    match table.index(name) {
        Ok(column) => Some(table.cell(0, column).to_string()),
        Err(_) => table.param(name).map(str::to_string),
    }
}

/// The game: the table's `game` column, else its document's `game`; a document without one
/// is of the default game, hold'em (`--format json` leaves the default out).
pub(crate) fn game(table: &Table) -> Option<String> {
    first(table, "game").or_else(|| table.has_params().then(|| "holdem".to_string()))
}

/// Each seat's range, in the order of the seats: the `player` and `range` columns, else the
/// document's one `range` (`sim hits`).
pub(crate) fn ranges(table: &Table) -> Vec<String> {
    if let (Ok(player), Ok(range)) = (table.index("player"), table.index("range")) {
        let mut seats: BTreeMap<u64, &str> = BTreeMap::new();
        for row in 0..table.rows() {
            if let Ok(seat) = table.cell(row, player).trim().parse() {
                seats.entry(seat).or_insert_with(|| table.cell(row, range));
            }
        }
        return seats.into_values().map(str::to_string).collect();
    }
    table
        .param("range")
        .map(str::to_string)
        .into_iter()
        .collect()
}

/// The board as a subtitle says it: `board Kd7c2s`, or `preflop` for an empty one; `None`
/// where the table names none.
pub(crate) fn board(table: &Table) -> Option<String> {
    first(table, "board").map(|b| match b.trim() {
        "" => "preflop".to_string(),
        b => format!("board {b}"),
    })
}

/// How the table was computed: `exact`, or `Monte Carlo` with its rounds and seed where the
/// table names them (`rounds`, else the counts of an odds table).
pub(crate) fn work(table: &Table) -> Vec<String> {
    let mut parts = Vec::new();
    let rounds = table
        .param("rounds")
        .and_then(|r| r.parse::<f64>().ok())
        .or_else(|| {
            table
                .index("category")
                .and_then(|_| table.numbers("count"))
                .ok()
                .map(|counts| counts.iter().sum())
        });
    match table.param("method") {
        Some("exact") => parts.push("exact".to_string()),
        Some("monte_carlo") => parts.push("Monte Carlo".to_string()),
        _ => {}
    }
    if let Some(rounds) = rounds {
        parts.push(format!("{} rounds", count_words(rounds)));
    }
    if let Some(seed) = table.param("seed") {
        parts.push(format!("seed {seed}"));
    }
    parts
}

/// The subtitle of `table`: the cards it was computed on, how ([`work`]) and, last, its ranges
/// if `with_ranges` (a chart whose legend names them may leave them out), joined by
/// [`SEPARATOR`]. The ranges come last: a long one is what a subtitle too long cuts short.
pub(crate) fn words(table: &Table, with_ranges: bool) -> String {
    let mut parts = cards(table);
    parts.extend(work(table));
    parts.extend(with_ranges.then(|| range_words(table)).flatten());
    parts.join(SEPARATOR)
}

/// What `table` computed: the cards it was computed on and, last, its ranges if `with_ranges`.
pub(crate) fn what(table: &Table, with_ranges: bool) -> Vec<String> {
    let mut parts = cards(table);
    parts.extend(with_ranges.then(|| range_words(table)).flatten());
    parts
}

/// The ranges as a subtitle says them: `range AK,QQ`, `ranges AK,QQ vs QQ+`; `None` where the
/// table names none.
fn range_words(table: &Table) -> Option<String> {
    let ranges = ranges(table);
    let label = match ranges.len() {
        0 => return None,
        1 => "range",
        _ => "ranges",
    };
    Some(format!("{label} {}", ranges.join(" vs ")))
}

/// The cards `table` was computed on: the game, the cards dealt, the board, the known and the
/// dead cards, where it names them.
fn cards(table: &Table) -> Vec<String> {
    let mut parts: Vec<String> = game(table).into_iter().collect();
    if let Some(cards) = table.param("cards") {
        parts.push(format!("{cards} cards"));
    }
    parts.extend(board(table));
    for (name, words) in [("known", "known"), ("dead", "dead")] {
        if let Some(cards) = table.param(name).filter(|c| !c.trim().is_empty()) {
            parts.push(format!("{words} {cards}"));
        }
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(name: &str, text: &str) -> Table {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        Table::read(&path).unwrap()
    }

    #[test]
    fn a_document_names_its_range_board_dead_cards_and_game() {
        let hits = table(
            "h.json",
            r#"{"board": "Th9h8c2d", "command": "hits", "dead": "Ac", "range": "22+,T9s:0.5",
                "rows": [{"class": "all", "combos": 136, "kind": "range", "share": 1.0}]}"#,
        );
        assert_eq!(
            words(&hits, true),
            "holdem · board Th9h8c2d · dead Ac · range 22+,T9s:0.5"
        );
        let odds = table(
            "o.json",
            r#"{"cards": 7, "command": "odds", "game": "razz", "known": "As2d", "rounds": 300000,
                "seed": 4, "rows": [{"category": "a", "count": 299999}]}"#,
        );
        assert_eq!(
            words(&odds, true),
            "razz · 7 cards · known As2d · 300 k rounds · seed 4"
        );
    }

    #[test]
    fn a_csv_names_what_its_columns_hold() {
        let distribution = table(
            "d.csv",
            "game,board,player,range\nholdem,,2,QQ\nholdem,,1,\"AK,QQ\"\nholdem,,2,QQ\n",
        );
        assert_eq!(ranges(&distribution), ["AK,QQ", "QQ"]);
        assert_eq!(
            words(&distribution, true),
            "holdem · preflop · ranges AK,QQ vs QQ"
        );
        assert_eq!(words(&distribution, false), "holdem · preflop");
        let hits = table("h.csv", "kind,class,combos\nrange,all,1176\n");
        assert_eq!(words(&hits, true), "");
        let odds = table("o.csv", "category,count\na,600000\nb,400000\n");
        assert_eq!(words(&odds, true), "1 M rounds");
    }
}
