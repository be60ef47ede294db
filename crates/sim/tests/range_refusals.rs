//! Refusals of ranges, hands and boards end to end: each bad range, hand or board is refused
//! with exit 2 and one `sim: …` line that quotes it as typed and says what to write instead
//! (`bad_input.rs` holds the flags, outputs and files).

mod common;

use common::{sim_in, sim_ok, stderr};

/// The message `sim args` fails with (exit 2, one line), without its `sim: ` prefix.
fn refusal(args: &[&str]) -> String {
    let dir = tempfile::tempdir().expect("temp folder");
    let out = sim_in(dir.path(), args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "sim {args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "sim {args:?}: one line: {err:?}");
    assert!(out.stdout.is_empty());
    err.strip_prefix("sim: ")
        .unwrap_or_else(|| panic!("sim {args:?}: {err:?}"))
        .trim_end()
        .to_string()
}

/// Issue 24, defect 5: an Omaha item with two suit qualifiers or two weights is refused, as
/// hold'em refuses two weights, with a message of the same form; no qualifier silently wins.
#[test]
fn omaha_items_with_two_suit_qualifiers_or_two_weights_are_refused_like_holdem() {
    assert_eq!(
        refusal(&["equity", "--game", "omaha", "AAxx:ds:r", "KKxx"]),
        "'AAxx:ds:r' in range 'AAxx:ds:r' has two suit qualifiers; give one"
    );
    assert_eq!(
        refusal(&["equity", "--game", "omaha5", "QQxxx", "AAxxx:ss:SS"]),
        "'AAxxx:ss:SS' in range 'AAxxx:ss:SS' has two suit qualifiers; give one"
    );
    assert_eq!(
        refusal(&["equity", "--game", "omaha", "AAxx:0.5:0.001", "KKxx"]),
        "'AAxx:0.5:0.001' in range 'AAxx:0.5:0.001' has two weights; give one"
    );
    assert_eq!(
        refusal(&["equity", "AKs:0.5:0.5", "QQ"]),
        "'AKs:0.5:0.5' in range 'AKs:0.5:0.5' has two weights; give one"
    );
    // A qualifier of neither kind, in both games.
    assert_eq!(
        refusal(&["equity", "--game", "omaha", "AAxx:dd", "KKxx"]),
        "bad qualifier ':dd' in range 'AAxx:dd' (want ds, ss, r (rainbow) or a weight in (0, 1])"
    );
    assert_eq!(
        refusal(&["equity", "AKs:dd", "QQ"]),
        "bad qualifier ':dd' in range 'AKs:dd' (want a weight in (0, 1])"
    );
}

/// Issue 24, defect 9: a weight below 0.001 is refused with hold'em's words in Omaha too, and
/// 0.0005 is no longer rounded up to 0.001 in either game.
#[test]
fn weights_below_a_thousandth_are_refused_alike_in_every_game() {
    for weight in ["0.0004", "0.0005"] {
        let omaha = format!("AAxx:{weight}");
        assert_eq!(
            refusal(&["equity", "--game", "omaha", &omaha, "KKxx"]),
            format!("weight '{weight}' in range '{omaha}' is below 0.001, the smallest weight")
        );
        let holdem = format!("AKs:{weight}");
        assert_eq!(
            refusal(&["equity", &holdem, "QQ"]),
            format!("weight '{weight}' in range '{holdem}' is below 0.001, the smallest weight")
        );
    }
    assert_eq!(
        refusal(&["equity", "--game", "omaha", "AAxx:1.5", "KKxx"]),
        "bad weight '1.5' in range 'AAxx:1.5' (want a number in (0, 1])"
    );
    assert_eq!(
        refusal(&["equity", "AKs:1.5", "QQ"]),
        "bad weight '1.5' in range 'AKs:1.5' (want a number in (0, 1])"
    );
    // The smallest weight itself is taken.
    sim_ok(&[
        "equity",
        "--game",
        "omaha",
        "AAxx:0.001,KKxx",
        "QQxx",
        "--rounds",
        "10K",
        "--seed",
        "1",
    ]);
}

/// Issue 24, defect 11: ranges that can never be dealt together say so (not "almost never"),
/// dead cards are not counted as cards the hands need, and unparsable items read alike in both
/// games.
#[test]
fn impossible_spots_are_named_for_what_they_are() {
    // AAAx and AAxx hold five aces between them.
    for method in [
        &[][..],
        &["--exact"][..],
        &["--rounds", "1M", "--seed", "1"][..],
    ] {
        let mut args = vec!["equity", "--game", "omaha", "AAAx", "AAxx"];
        args.extend(method);
        assert_eq!(
            refusal(&args),
            "no deal fits: the ranges always share cards"
        );
    }
    assert_eq!(
        refusal(&["equity", "AA", "AA", "AA", "--exact"]),
        "no deal fits: the ranges always share cards"
    );
    // Issue 51, defect 6: stud says so too, sampled or counted (six aces).
    for method in [
        &[][..],
        &["--exact"][..],
        &["--rounds", "1M", "--seed", "1"][..],
    ] {
        let mut args = vec!["equity", "--game", "stud", "(AA)", "(AA)", "(AA)"];
        args.extend(method);
        assert_eq!(
            refusal(&args),
            "no deal fits: the ranges always share cards"
        );
    }
    let dead = "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h";
    assert_eq!(
        refusal(&[
            "equity", "--game", "omaha6", "random", "random", "random", "random", "--dead", dead,
        ]),
        "not enough cards: 4 players and the board need 29, 25 are left once the board and dead cards are out"
    );
    let dead = "2c2d2h2s3c3d3h3s4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h8s9c9d9h9sTcTdThTsJcJdJhJs";
    assert_eq!(
        refusal(&[
            "equity", "random", "random", "random", "random", "--dead", dead
        ]),
        "not enough cards: 4 players and the board need 13, 12 are left once the board and dead cards are out"
    );
    assert_eq!(
        refusal(&["equity", "--game", "omaha", "AAZx", "KKxx"]),
        "cannot parse 'AAZx' in range 'AAZx' (want a hand of 4 cards, or a pattern of 4 ranks: A K Q J T 9-2, x or * for any rank)"
    );
    assert!(
        refusal(&["equity", "AX", "QQ"])
            .starts_with("cannot parse 'AX' in range 'AX' (want a hand like AhKh"),
    );
    assert_eq!(
        refusal(&["equity", "--game", "omaha", "AAxx,", "KKxx"]),
        "empty item in range 'AAxx,'"
    );
    assert_eq!(
        refusal(&["equity", "QQ,", "AK"]),
        "empty item in range 'QQ,'"
    );
}

/// Issue 51, defect 14: a range or player that does not parse is quoted as typed, suit symbols
/// and all, not as the letters it was read as.
#[test]
fn parse_errors_quote_the_text_as_typed() {
    let omaha = refusal(&["equity", "--game", "omaha", "AA♠♠", "random"]);
    assert!(omaha.contains("'AA♠♠'"), "{omaha}");
    assert!(!omaha.contains("AAss"), "{omaha}");
    let holdem = refusal(&["equity", "A♠K♠,Q♥X", "random"]);
    assert!(
        holdem.contains("'Q♥X'") && holdem.contains("'A♠K♠,Q♥X'"),
        "{holdem}"
    );
    let stud = refusal(&["equity", "--game", "stud", "(Q♥X)K♦", "random"]);
    assert!(
        stud.starts_with("player '(Q♥X)K♦': cannot parse 'Q♥X' in range 'Q♥X' "),
        "{stud}"
    );
}

/// Issue 55: the boards and hands of hold'em hi/lo and Courchevel, each refused in one line
/// that names the game and what it takes.
#[test]
fn holdem_hilo_and_courchevel_refusals_name_what_the_game_takes() {
    assert_eq!(
        refusal(&[
            "equity",
            "--game",
            "courchevel",
            "AsKsQdJd2c",
            "random",
            "--board",
            "Ah2c"
        ]),
        "--board takes 0, 1, 3, 4 or 5 cards in courchevel, got 2"
    );
    assert_eq!(
        refusal(&[
            "equity",
            "--game",
            "omaha5-hilo",
            "AsKsQdJd2c",
            "random",
            "--board",
            "Ah"
        ]),
        "--board takes 0, 3, 4 or 5 cards in omaha5-hilo, got 1"
    );
    assert_eq!(
        refusal(&[
            "equity",
            "--game",
            "courchevel-hilo",
            "AsAdKsKd2c",
            "JhTh9c8c7d",
            "--board",
            "QhJd",
            "--streets"
        ]),
        "--board takes 0, 1, 3, 4 or 5 cards in courchevel-hilo, got 2"
    );
    let two_card = "(want a hand like AhKh, a class like QQ, AKs or AKo, or QQ+, A2s+, 77-TT, \
                    T9s-65s)";
    assert_eq!(
        refusal(&["equity", "--game", "holdem-hilo", "AsKsQs", "KK"]),
        format!("cannot parse 'AsKsQs' in range 'AsKsQs' {two_card}")
    );
    assert_eq!(
        refusal(&["equity", "--game", "holdem-hilo", "AAxx", "KK"]),
        format!("cannot parse 'AAxx' in range 'AAxx' {two_card}")
    );
    assert_eq!(
        refusal(&["equity", "--game", "courchevel", "AsKsQdJd", "random"]),
        "cannot parse 'AsKsQdJd' in range 'AsKsQdJd' (want a hand of 5 cards, or a pattern of 5 \
         ranks: A K Q J T 9-2, x or * for any rank)"
    );
}

/// Issue 54: percentage ranges and `sim rank` refuse bad input in one line that says what to
/// write instead.
#[test]
fn percentages_and_ranks_are_refused_with_what_to_write() {
    let want = "want a share of the combos in (0, 100] such as 15%, or a span such as 5%-15%";
    for bad in ["0%", "101%", "5%-3%"] {
        assert_eq!(
            refusal(&["equity", bad, "AA"]),
            format!("cannot parse '{bad}' in range '{bad}' ({want})")
        );
    }
    assert_eq!(
        refusal(&["equity", "0.2%", "AA"]),
        "'0.2%' in range '0.2%' holds no whole class (a class counts when more than half of its \
         combos fall inside); widen it"
    );
    // Every game has a ranking now (six-card Omaha's came last), so each refuses only bad
    // percentages.
    for game in ["omaha", "omaha6", "omaha6-hilo"] {
        for bad in ["0%", "101%", "5%-3%"] {
            assert_eq!(
                refusal(&["equity", "--game", game, bad, "random"]),
                format!("cannot parse '{bad}' in range '{bad}' ({want})")
            );
        }
    }
    assert_eq!(
        refusal(&["equity", "--game", "stud", "15%", "AsAhKd"]),
        "player '15%': a percentage ranks three-card starts, so it needs the door card after \
         it: write the down cards' range in parentheses, then the up cards, as in (15%)Kd"
    );
    assert_eq!(
        refusal(&["rank", "--top", "0%"]),
        format!("--top '0%': {want}")
    );
    assert_eq!(
        refusal(&["rank", "XYZ"]),
        "hand 'XYZ': want a class such as AKs, AKo or QQ, or two cards such as AhKh"
    );
    assert_eq!(
        refusal(&["rank", "AK"]),
        "hand 'AK': two classes; write AKs or AKo"
    );
    assert_eq!(
        refusal(&["rank", "72o", "--game", "shortdeck"]),
        "hand '72o': not a starting hand of the game (short deck: sixes to aces)"
    );
    assert!(refusal(&["rank", "AA", "--game", "omaha"]).starts_with("hand 'AA': want four"));
}

/// Issue 54: `--ranking` names a ranking of the game, in the commands that read ranges and in
/// `sim rank`; each refusal says which names there are.
#[test]
fn unknown_rankings_are_refused_with_the_names_there_are() {
    let want = "want vs1 (exact, against one random hand, the default) or vs2 to vs9 (against \
                that many random hands)";
    assert_eq!(
        refusal(&["rank", "--ranking", "vs10"]),
        format!("--ranking 'vs10': {want}")
    );
    assert_eq!(
        refusal(&["equity", "15%", "AhAd", "--ranking", "top"]),
        format!("--ranking 'top': {want}")
    );
    assert_eq!(
        refusal(&[
            "hits",
            "15%",
            "--board",
            "2c3d4h",
            "--ranking",
            "vs8",
            "--game",
            "shortdeck"
        ]),
        "--ranking 'vs8': shortdeck's rankings are vs1 to vs7"
    );
    assert_eq!(
        refusal(&[
            "equity",
            "--game",
            "omaha",
            "AAxx",
            "random",
            "--ranking",
            "vs2"
        ]),
        "--ranking 'vs2': omaha has one ranking, against one random hand; leave --ranking out"
    );
    assert!(
        refusal(&["rank", "--build", "--ranking", "vs3"])
            .contains("sim preflop --game holdem --opponents 1..9 --rounds 1M --seed 1")
    );
}
