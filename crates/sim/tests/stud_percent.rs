//! Percentage ranges of a stud player's down cards (`(15%)Kd`) end to end: the combos they hold
//! are the down cards whose start with the door card is in a class `sim rank --top` lists,
//! checked against the hands listed one by one; the same bytes on any thread count; bad input
//! refused in one line.

mod common;

use std::collections::{HashMap, HashSet};

use common::{keyed_rows, sim, sim_ok, stderr};

const RANKS: &str = "23456789TJQKA";
const SUITS: &str = "cdhs";

/// The cards of `text` (`AsKd…`) as (rank, suit) indices.
fn cards(text: &str) -> Vec<(usize, usize)> {
    let chars: Vec<char> = text.chars().collect();
    chars
        .chunks(2)
        .map(|c| (RANKS.find(c[0]).unwrap(), SUITS.find(c[1]).unwrap()))
        .collect()
}

/// A start up to suit relabelling: its suits' rank masks, largest first.
fn key(start: &[(usize, usize)]) -> [u16; 4] {
    let mut masks = [0u16; 4];
    for &(rank, suit) in start {
        masks[suit] |= 1 << rank;
    }
    masks.sort_unstable_by(|a, b| b.cmp(a));
    masks
}

fn name((rank, suit): (usize, usize)) -> String {
    format!("{}{}", &RANKS[rank..=rank], &SUITS[suit..=suit])
}

/// The down cards, listed one by one, of the starts with `door` in the classes `sim rank --top
/// span --game game` lists: the oracle of `(span)door`.
fn listed(game: &str, span: &str, door: &str) -> Vec<String> {
    let top = sim_ok(&["rank", "--top", span, "--game", game]);
    let classes: HashSet<[u16; 4]> = keyed_rows(&top)
        .iter()
        .map(|row| key(&cards(&row["class"])))
        .collect();
    let door = cards(door)[0];
    let others: Vec<(usize, usize)> = (0..52)
        .map(|i| (i / 4, i % 4))
        .filter(|&c| c != door)
        .collect();
    let mut combos = Vec::new();
    for (i, &a) in others.iter().enumerate() {
        for &b in &others[i + 1..] {
            if classes.contains(&key(&[a, b, door])) {
                combos.push(format!("{}{}", name(a), name(b)));
            }
        }
    }
    combos
}

/// The rows of an equity table without the hand column (the text as written).
fn counts(args: &[&str]) -> Vec<HashMap<String, String>> {
    let mut rows = keyed_rows(&sim_ok(args));
    for row in &mut rows {
        row.remove("hand");
    }
    rows
}

#[test]
fn a_percentage_holds_the_down_cards_of_the_ranked_starts() {
    for (game, span, door, opponent) in [
        ("stud", "3%", "Kd", "AsAh2c3d"),
        ("razz", "2%-6%", "3d", "5s6h7c8d"),
        ("stud-hilo", "4%", "Kd", "AsAh2c3d"),
    ] {
        let list = listed(game, span, door);
        assert!(list.len() > 5, "{game} {span}: {list:?}");
        let percent = format!("({span}){door}Qc");
        let by_hand = format!("({}){door}Qc", list.join(","));
        let run = |player: &str| {
            counts(&[
                "equity",
                "--game",
                game,
                player,
                opponent,
                "--exact",
                "--threads",
                "2",
            ])
        };
        assert_eq!(run(&percent), run(&by_hand), "{game} {percent}");
        // Weights and lists as in any range: a later item overrides an earlier weight.
        let weighted = format!("({span}:0.5,QQ){door}Qc");
        let halves: Vec<String> = list.iter().map(|c| format!("{c}:0.5")).collect();
        let by_hand = format!("({},QQ){door}Qc", halves.join(","));
        assert_eq!(run(&weighted), run(&by_hand), "{game} {weighted}");
    }
}

#[test]
fn percentages_give_the_same_bytes_on_any_thread_count() {
    let run = |threads: &str| {
        sim_ok(&[
            "equity",
            "--game",
            "stud",
            "(15%)Kd",
            "(5%-20%)7h",
            "--rounds",
            "20k",
            "--seed",
            "3",
            "--threads",
            threads,
            "--format",
            "json",
        ])
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert!(one.contains("\"hand\": \"(15%)Kd\""), "{one}");
}

#[test]
fn percentages_without_a_door_card_or_a_start_are_refused_in_one_line() {
    let refusal = |args: &[&str]| {
        let out = sim(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        err.trim_end().to_string()
    };
    let door = "a percentage ranks three-card starts, so it needs the door card after it: write \
                the down cards' range in parentheses, then the up cards, as in (15%)Kd";
    for bad in ["15%", "(15%)", "(AA,5%-15%)"] {
        assert_eq!(
            refusal(&["equity", "--game", "razz", bad, "random"]),
            format!("sim: player '{bad}': {door}")
        );
    }
    assert_eq!(
        refusal(&["equity", "--game", "stud", "(0.1%)2c", "random"]),
        "sim: player '(0.1%)2c': '0.1%' in range '0.1%' holds no start with the door card 2c; \
         widen it"
    );
    assert_eq!(
        refusal(&["equity", "--game", "stud", "(0.001%)2c", "random"]),
        "sim: player '(0.001%)2c': '0.001%' in range '0.001%' holds no whole class (a class \
         counts when more than half of its combos fall inside); widen it"
    );
    assert!(
        refusal(&[
            "equity",
            "--game",
            "stud",
            "(15%)Kd",
            "random",
            "--ranking",
            "vs2"
        ])
        .contains("leave --ranking out")
    );
}
