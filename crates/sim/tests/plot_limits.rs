//! `sim plot` draws a bounded number of things however long its table (`sim::chart::limits`).
//! A 64 MiB odds table of four million categories became a 1.4 GB SVG: a table past a chart's
//! bound is now refused (exit 2, one line naming the file, the count and the bound, no chart
//! written), a table at the bound draws, and a convergence study past its bound is thinned.
//! The hits, breakdown and distribution tables are also checked against what their command
//! writes (`plot_tables.rs`): a table past what a command writes but within the bound is
//! counted first, then refused for its content, and the largest table the command writes draws.

use std::path::Path;

use sim::chart::limits::{
    MAX_BREAKDOWN_CLASSES, MAX_BREAKDOWN_PLAYERS, MAX_CATEGORIES, MAX_CONVERGENCE_POINTS,
    MAX_DISTRIBUTION_CURVES, MAX_DISTRIBUTION_ROWS, MAX_HITS_ROWS, MAX_THROUGHPUT_ROWS,
    MAX_TV_ROWS,
};

mod common;
use common::{ODDS_HEADER, assert_fails, entries, sim_in, stderr};

const BENCH_HEADER: &str =
    "threads,rounds,seconds_median,hands_per_sec,hands_per_sec_per_thread,speedup,efficiency";
const TV_HEADER: &str = "riffles,tv_exact,tv_estimate,std_error";
const HITS_HEADER: &str = "kind,class,combos,weighted_combos,share";
const BREAKDOWN_HEADER: &str =
    "game,player,range,level,hand,class,combos,weight,frequency,win,tie,equity";
const DISTRIBUTION_HEADER: &str = "game,board,player,range,against,level,hand,hands,low,high,\
     share,cumulative,equity,std_error,q1,median,q3,at_least_half";

/// Writes a table of `header` and `rows` rows, row `i` made by `row`, as `name` in `dir`.
fn write_table(dir: &Path, name: &str, header: &str, rows: usize, row: impl Fn(usize) -> String) {
    let mut text = String::with_capacity(64 * rows);
    text.push_str(header);
    text.push('\n');
    for i in 0..rows {
        text.push_str(&row(i));
        text.push('\n');
    }
    std::fs::write(dir.join(name), text).unwrap();
}

/// An odds row: a category of probability 0.1 against an exact 0.1.
fn odds_row(i: usize) -> String {
    format!("c{i},10,0.1,0.01,0.05,0.2,0.1,0")
}

/// The 169 hold'em classes: pairs, suited and offsuit hands.
fn classes() -> Vec<String> {
    let ranks: Vec<char> = "AKQJT98765432".chars().collect();
    let mut all = Vec::new();
    for (i, &a) in ranks.iter().enumerate() {
        for (j, &b) in ranks.iter().enumerate() {
            all.push(match i.cmp(&j) {
                std::cmp::Ordering::Equal => format!("{a}{a}"),
                std::cmp::Ordering::Less => format!("{a}{b}s"),
                std::cmp::Ordering::Greater => format!("{b}{a}o"),
            });
        }
    }
    all
}

/// A breakdown class row of `class` for `player`.
fn class_row(player: usize, class: &str) -> String {
    format!("holdem,{player},AA,class,,{class},1,1,0.5,0.5,0,0.5")
}

/// A distribution curve row of `player`'s one hand, the whole curve.
fn curve_row(player: usize) -> String {
    format!("holdem,,{player},AA,,curve,AsAh,1,,,1,1,0.75,0,,,,")
}

/// Row `i` of `rows` rows of one curve of `player`: each hand an equal share.
fn step_row(player: usize, i: usize, rows: usize) -> String {
    let share = 1.0 / rows as f64;
    let cumulative = (i + 1) as f64 / rows as f64;
    format!("holdem,,{player},AA,,curve,AsAh,1,,,{share:.15},{cumulative:.15},0.75,0,,,,")
}

/// Asserts that `sim plot kind inputs --out chart.svg`, run in `dir`, is refused: exit 2, the
/// one line `sim: FILE has COUNT WHAT; sim plot draws at most LIMIT` for `inputs[refused]`,
/// and no chart (nor a temporary file) left in `dir`.
fn assert_refused(dir: &Path, kind: &str, inputs: &[&str], what: &str, count: usize, limit: usize) {
    let before = entries(dir);
    let mut args = vec!["plot", kind];
    args.extend(inputs);
    args.extend(["--out", "chart.svg"]);
    let started = std::time::Instant::now();
    let out = sim_in(dir, &args);
    let err = stderr(&out);
    let case = format!("sim plot {kind} ({count} {what})");
    assert_eq!(out.status.code(), Some(2), "{case}: {err}");
    let refused = inputs.last().unwrap();
    assert_eq!(
        err,
        format!("sim: {refused} has {count} {what}; sim plot draws at most {limit}\n"),
        "{case}"
    );
    assert!(out.stdout.is_empty(), "{case}");
    assert_eq!(entries(dir), before, "{case}: wrote a file");
    assert!(started.elapsed().as_secs() < 10, "{case}: slow");
}

/// Runs `sim plot kind inputs --out chart.svg` in `dir`, asserts that it drew a chart, and
/// returns it (removed from `dir`).
fn draws(dir: &Path, kind: &str, inputs: &[&str]) -> String {
    let mut args = vec!["plot", kind];
    args.extend(inputs);
    args.extend(["--out", "chart.svg"]);
    let out = sim_in(dir, &args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "sim plot {kind}: {}",
        stderr(&out)
    );
    let svg = std::fs::read_to_string(dir.join("chart.svg")).unwrap();
    std::fs::remove_file(dir.join("chart.svg")).unwrap();
    assert!(svg.trim_end().ends_with("</svg>"), "sim plot {kind}");
    svg
}

#[test]
fn an_odds_table_past_the_most_categories_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write_table(d, "odds.csv", ODDS_HEADER, MAX_CATEGORIES + 1, odds_row);
    assert_refused(
        d,
        "odds",
        &["odds.csv"],
        "categories",
        MAX_CATEGORIES + 1,
        MAX_CATEGORIES,
    );
    write_table(d, "odds.csv", ODDS_HEADER, MAX_CATEGORIES, odds_row);
    let svg = draws(d, "odds", &["odds.csv"]);
    assert!(svg.contains(&format!("\nc{}\n", MAX_CATEGORIES - 1)));
}

#[test]
fn a_convergence_table_past_the_most_categories_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write_table(d, "short.csv", ODDS_HEADER, 10, odds_row);
    write_table(d, "long.csv", ODDS_HEADER, MAX_CATEGORIES + 1, odds_row);
    assert_refused(
        d,
        "convergence",
        &["short.csv", "long.csv"],
        "categories",
        MAX_CATEGORIES + 1,
        MAX_CATEGORIES,
    );
    write_table(d, "long.csv", ODDS_HEADER, MAX_CATEGORIES, odds_row);
    draws(d, "convergence", &["short.csv", "long.csv"]);
}

/// A study of more tables than a line draws points keeps that many, evenly spaced: the
/// chart's circles are its points, and the legend's one.
#[test]
fn a_convergence_study_past_the_most_points_is_thinned() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let tables = MAX_CONVERGENCE_POINTS + 1;
    let names: Vec<String> = (0..tables).map(|i| format!("t{i}.csv")).collect();
    for (i, name) in names.iter().enumerate() {
        // Rounds 1,000 to 1,001,000: a line of `tables` points, none of error 0.
        write_table(d, name, ODDS_HEADER, 1, |_| {
            format!("pair,{},0.2,0.01,0.15,0.25,0.1,0", 1_000 * (i + 1))
        });
    }
    let inputs: Vec<&str> = names.iter().map(String::as_str).collect();
    let svg = draws(d, "convergence", &inputs);
    assert_eq!(svg.matches("<circle").count(), MAX_CONVERGENCE_POINTS + 1);
    assert!(
        svg.contains("1 k to 1,001,000 rounds"),
        "the title spans the study"
    );
    let svg = draws(d, "convergence", &inputs[..MAX_CONVERGENCE_POINTS]);
    assert_eq!(svg.matches("<circle").count(), MAX_CONVERGENCE_POINTS + 1);
}

#[test]
fn a_bench_table_past_the_most_rows_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let row = |i: usize| format!("{},5,1,100,100,1,1", i % 1024 + 1);
    write_table(d, "bench.csv", BENCH_HEADER, MAX_THROUGHPUT_ROWS + 1, row);
    assert_refused(
        d,
        "throughput",
        &["bench.csv"],
        "rows",
        MAX_THROUGHPUT_ROWS + 1,
        MAX_THROUGHPUT_ROWS,
    );
    write_table(d, "bench.csv", BENCH_HEADER, MAX_THROUGHPUT_ROWS, row);
    draws(d, "throughput", &["bench.csv"]);
}

#[test]
fn a_tv_table_past_the_most_rows_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let row = |i: usize| format!("{},0.5,0.5,0.01", i + 1);
    write_table(d, "tv.csv", TV_HEADER, MAX_TV_ROWS + 1, row);
    assert_refused(d, "tv", &["tv.csv"], "rows", MAX_TV_ROWS + 1, MAX_TV_ROWS);
    write_table(d, "tv.csv", TV_HEADER, MAX_TV_ROWS, row);
    draws(d, "tv", &["tv.csv"]);
}

#[test]
fn a_hits_table_past_the_most_rows_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let row = |i: usize| format!("made,c{i},1,1,0.01");
    write_table(d, "hits.csv", HITS_HEADER, MAX_HITS_ROWS + 1, row);
    assert_refused(
        d,
        "hits",
        &["hits.csv"],
        "rows",
        MAX_HITS_ROWS + 1,
        MAX_HITS_ROWS,
    );
    // Within the bound, the rows are checked: no `sim hits` class is named c0.
    write_table(d, "hits.csv", HITS_HEADER, MAX_HITS_ROWS, row);
    assert_fails(
        d,
        &["plot", "hits", "hits.csv", "--out", "chart.svg"],
        2,
        &["hits.csv: row 2, column class: 'c0' is not a made-hand class"],
    );
}

#[test]
fn a_breakdown_past_the_most_class_rows_or_players_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let classes = classes();
    // Every class of each player, then one more.
    let row = |i: usize| class_row(i / 169 + 1, &classes[i % 169]);
    write_table(d, "b.csv", BREAKDOWN_HEADER, MAX_BREAKDOWN_CLASSES + 1, row);
    assert_refused(
        d,
        "breakdown",
        &["b.csv"],
        "class rows",
        MAX_BREAKDOWN_CLASSES + 1,
        MAX_BREAKDOWN_CLASSES,
    );
    // Within the bound, the rows are checked: hold'em seats ten.
    write_table(d, "b.csv", BREAKDOWN_HEADER, MAX_BREAKDOWN_CLASSES, row);
    assert_fails(
        d,
        &["plot", "breakdown", "b.csv", "--out", "chart.svg"],
        2,
        &[&format!(
            "b.csv: row {}, column player: '11' is not a seat",
            10 * 169 + 2
        )],
    );
    // The largest breakdown `sim equity` writes: every class of ten players.
    write_table(d, "b.csv", BREAKDOWN_HEADER, 10 * 169, row);
    let svg = draws(d, "breakdown", &["b.csv"]);
    assert!(svg.contains("Player 10:"));
    // A class row for each of one player too many.
    let one_each = |i: usize| class_row(i + 1, "AA");
    write_table(
        d,
        "b.csv",
        BREAKDOWN_HEADER,
        MAX_BREAKDOWN_PLAYERS + 1,
        one_each,
    );
    assert_refused(
        d,
        "breakdown",
        &["b.csv"],
        "players",
        MAX_BREAKDOWN_PLAYERS + 1,
        MAX_BREAKDOWN_PLAYERS,
    );
}

#[test]
fn a_distribution_past_the_most_curve_rows_or_curves_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let one_player = |i| step_row(1, i, MAX_DISTRIBUTION_ROWS + 1);
    write_table(
        d,
        "d.csv",
        DISTRIBUTION_HEADER,
        MAX_DISTRIBUTION_ROWS + 1,
        one_player,
    );
    assert_refused(
        d,
        "distribution",
        &["d.csv"],
        "curve rows",
        MAX_DISTRIBUTION_ROWS + 1,
        MAX_DISTRIBUTION_ROWS,
    );
    let one_player = |i| step_row(1, i, MAX_DISTRIBUTION_ROWS);
    write_table(
        d,
        "d.csv",
        DISTRIBUTION_HEADER,
        MAX_DISTRIBUTION_ROWS,
        one_player,
    );
    draws(d, "distribution", &["d.csv"]);
    // A curve for each of one player too many.
    let one_each = |i: usize| curve_row(i + 1);
    write_table(
        d,
        "d.csv",
        DISTRIBUTION_HEADER,
        MAX_DISTRIBUTION_CURVES + 1,
        one_each,
    );
    assert_refused(
        d,
        "distribution",
        &["d.csv"],
        "curves",
        MAX_DISTRIBUTION_CURVES + 1,
        MAX_DISTRIBUTION_CURVES,
    );
    // Within the bound, the rows are checked: hold'em seats ten.
    write_table(
        d,
        "d.csv",
        DISTRIBUTION_HEADER,
        MAX_DISTRIBUTION_CURVES,
        one_each,
    );
    assert_fails(
        d,
        &["plot", "distribution", "d.csv", "--out", "chart.svg"],
        2,
        &["d.csv: row 12, column player: '11' is not a seat"],
    );
    // The most curves `sim equity --distribution --versus` writes: ten players' own, and each
    // one's against each other's hands.
    let versus = |i: usize| {
        let (seat, against) = (i / 10 + 1, i % 10 + 1);
        if seat == against {
            curve_row(seat)
        } else {
            format!("holdem,,{seat},AA,{against},versus_curve,AsAh,1,,,1,1,0.5,0,,,,")
        }
    };
    write_table(d, "d.csv", DISTRIBUTION_HEADER, 100, versus);
    let svg = draws(d, "distribution", &["d.csv"]);
    assert!(
        svg.contains("player 10 AA") && svg.contains("player 10 against each hand of player 9")
    );
}

/// Summary rows only join curves: a table of one curve and 200,000 summary rows of other
/// players drew its one curve after a quadratic search (a minute; a 64 MiB table, hours). A
/// summary of each seat draws at once; more are refused at once, at the first seat past ten.
#[test]
fn a_distribution_of_many_summary_rows_draws_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let row = |i: usize| match i {
        0 => curve_row(1),
        _ => format!("holdem,,{},AA,,summary,,1,,,,,0.5,,,0.5,,0.5", i + 1),
    };
    write_table(d, "d.csv", DISTRIBUTION_HEADER, 10, row);
    let svg = draws(d, "distribution", &["d.csv"]);
    assert!(svg.contains("player 1 AA"));
    assert!(!svg.contains("player 2 AA"));
    write_table(d, "d.csv", DISTRIBUTION_HEADER, 200_001, row);
    let started = std::time::Instant::now();
    assert_fails(
        d,
        &["plot", "distribution", "d.csv", "--out", "chart.svg"],
        2,
        &["d.csv: row 12, column player: '11' is not a seat"],
    );
    assert!(started.elapsed().as_secs() < 10, "slow");
}
