//! Our exact equities equal the peers' to every digit they print, on every spot of
//! `data/stud_peer_outputs.tsv`: the outputs of poker-eval's `pokenum -t` (six decimals) and
//! PokerStove's `ps-eval` (percentages to six significant digits), recorded with the commands
//! that produced them by `benches/compare_stud.sh equities`. No peer runs here.

use stud::{Game, Method, Spot, equity};

/// `value` as C's `%g` prints it: six significant digits, trailing zeros dropped, scientific
/// below 1e-4 or from 1e6 on (as C++ streams print a double by default).
fn g6(value: f64) -> String {
    if value == 0.0 {
        return "0".to_string();
    }
    let scientific = format!("{value:.5e}");
    let (mantissa, exponent) = scientific.split_once('e').expect("an exponent");
    let exponent: i32 = exponent.parse().expect("a number");
    let trim = |s: &str| {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s.to_string()
        }
    };
    if !(-4..6).contains(&exponent) {
        let sign = if exponent < 0 { '-' } else { '+' };
        return format!("{}e{sign}{:02}", trim(mantissa), exponent.abs());
    }
    let decimals = (5 - exponent).max(0) as usize;
    trim(&format!("{value:.decimals$}"))
}

#[test]
fn g6_prints_as_c_does() {
    for (v, text) in [
        (40.2895, "40.2895"),
        (6.968_636, "6.96864"),
        (2.5, "2.5"),
        (0.0, "0"),
        (99.999_999, "100"),
        (0.000_012_345_67, "1.23457e-05"),
        (100.0, "100"),
    ] {
        assert_eq!(g6(v), text);
    }
}

#[test]
fn exact_equities_equal_the_peers_to_every_printed_digit() {
    let data = include_str!("../../../data/stud_peer_outputs.tsv");
    let mut checked = [0usize; 2];
    for line in data.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [game, players, dead, tool, command, output] = fields[..] else {
            panic!("six fields: {line}");
        };
        let game: Game = game.parse().expect("a game");
        let players: Vec<String> = players.split('|').map(|p| p.replace(' ', "")).collect();
        let players: Vec<&str> = players.iter().map(String::as_str).collect();
        let spot = Spot::parse(game, &players, dead).expect("a spot");
        let result = equity(&spot, &Method::Exact).expect("an exact run");
        let ours: Vec<f64> = result.players.iter().map(|p| p.equity).collect();
        let printed = match tool {
            "pokenum" => {
                checked[0] += 1;
                let values: Vec<String> = ours.iter().map(|e| format!("{e:.6}")).collect();
                format!("EV {}: {}", ours.len(), values.join(" "))
            }
            "ps-eval" => {
                checked[1] += 1;
                let values: Vec<String> = ours.iter().map(|e| g6(100.0 * e)).collect();
                values.join(" ")
            }
            other => panic!("unknown peer {other}"),
        };
        assert_eq!(printed, output, "{command}");
    }
    assert!(checked[0] >= 18 && checked[1] >= 10, "{checked:?}");
}
