//! Every chart kind drawn from a crowded table (ten players, long ranges, long board and dead
//! cards, a hundred legend lines) keeps every text inside its canvas, and names in its header
//! what was computed.

use std::path::{Path, PathBuf};

use crate::chart::fit::inside::assert_inside;
use crate::chart::table::Table;
use crate::chart::{
    convergence, curves, distribution, heat_map, hits, odds, ranking_grid, ranking_top, throughput,
    tv,
};

/// A range as long as people write them; each seat's differs by its end.
const RANGE: &str = "QQ+,AKs,AKo,KQs,JTs,T9s:0.5,98s:0.25,87s:0.25,76s:0.25,A5s-A2s";

/// The seat's range: [`RANGE`] and a class of its own.
fn range(seat: usize) -> String {
    format!("{RANGE},{}{}s", &"AKQJT98765432"[seat..=seat], "2")
}

/// Writes `text` to `name` in `dir` and reads it as a table.
fn table(dir: &Path, name: &str, text: &str) -> Table {
    let path: PathBuf = dir.join(name);
    std::fs::write(&path, text).unwrap();
    Table::read(&path).unwrap()
}

/// An odds document of `rounds` rounds with long known and dead cards.
fn odds_document(rounds: u64) -> String {
    let rows: Vec<String> = eval::Category::NAMES
        .iter()
        .map(|c| {
            format!(
                r#"{{"category": "{c}", "count": {}, "probability": 0.1, "std_error": 0.001,
                    "ci95_low": 0.098, "ci95_high": 0.102, "exact_probability": 0.1001,
                    "z_score": 0.1}}"#,
                rounds / 10
            )
        })
        .collect();
    format!(
        r#"{{"cards": 7, "command": "odds", "game": "shortdeck_trips_beat_straight",
            "known": "AsKs", "dead": "QsJs6c9d8h7h", "rounds": {rounds}, "seed": 1234567,
            "rows": [{}]}}"#,
        rows.join(",")
    )
}

/// A distribution table of ten players, each against each other (`--versus`): 100 curves.
fn distribution_csv() -> String {
    let mut text = String::from(
        "game,board,player,range,level,against,hand,hands,low,high,share,cumulative,equity,\
         std_error,q1,median,q3,at_least_half\n",
    );
    for p in 1..=10 {
        let r = range(p);
        let row = |rest: &str| format!("holdem,Kd7c2s,{p},\"{r}\",{rest}\n");
        text += &row("curve,,AsAh,1,,,0.5,0.5,0.7,0,,,,");
        text += &row("curve,,AdAc,1,,,0.5,1,0.5,0,,,,");
        text += &row("summary,,,2,,,,,0.6,,,0.55,,0.5");
        for q in (1..=10).filter(|&q| q != p) {
            text += &row(&format!("versus_curve,{q},AsAh,1,,,1,1,0.3,0,,,,"));
            text += &row(&format!("versus_summary,{q},,1,,,,,0.3,,,0.3,,0"));
        }
    }
    text
}

/// A breakdown table of ten players, a few classes each.
fn breakdown_csv() -> String {
    let mut text = String::from(
        "game,player,range,level,hand,class,combos,weight,frequency,win,tie,equity,std_error,\
         samples,wins,ties,outcomes\n",
    );
    for p in 1..=10 {
        for class in ["AA", "AKs", "AKo", "QQ", "T9s"] {
            text += &format!(
                "holdem,{p},\"{}\",class,,{class},6,0.5,0.1,0.4,0.01,0.45,0.001,100,40,1,100\n",
                range(p)
            );
        }
    }
    text
}

#[test]
fn every_chart_keeps_its_text_inside_the_canvas() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut drawn: Vec<(&str, String)> = Vec::new();

    let one = table(d, "odds.json", &odds_document(100_000_000));
    let mut svg = String::new();
    odds::odds_chart(&one, &mut svg).unwrap();
    drawn.push(("odds", svg));

    let many = [one, table(d, "odds2.json", &odds_document(1_000_000))];
    let mut svg = String::new();
    convergence::convergence_chart(&many, &mut svg).unwrap();
    drawn.push(("convergence", svg));

    let mut bench = String::from(
        "threads,rounds,seconds_median,hands_per_sec,hands_per_sec_per_thread,speedup,efficiency\n",
    );
    for t in 1..=10 {
        bench += &format!("{t},50000000,1.0,{},50000000,{t},1.0\n", 50_000_000 * t);
    }
    let mut svg = String::new();
    throughput::throughput_chart(&table(d, "bench.csv", &bench), &mut svg).unwrap();
    drawn.push(("throughput", svg));

    let mut riffles = String::from("riffles,tv_exact,tv_estimate,std_error\n");
    for r in 1..=40 {
        riffles += &format!("{r},{},{},0.001\n", 1.0 / f64::from(r), 1.0 / f64::from(r));
    }
    let mut svg = String::new();
    tv::tv_chart(&table(d, "tv.csv", &riffles), &mut svg).unwrap();
    drawn.push(("tv", svg));

    let golden = include_str!("../../tests/goldens/hits_turn_weighted_dead.json");
    let long = golden
        .replace("22+,A2s+,KTo+,T9s:0.5,65s:0.25", &range(1).repeat(3))
        .replace("\"dead\": \"Ac\"", "\"dead\": \"AcAdAhKcKdKh\"");
    let hits_table = table(d, "hits.json", &long);
    let (bars, total) = hits::hits_bars(&hits_table).unwrap();
    let mut svg = String::new();
    hits::hits_chart(&bars, total, &hits::subtitle(&hits_table), &mut svg).unwrap();
    assert!(svg.contains("range QQ+,AKs") && svg.contains("board Th9h8c2d"));
    assert!(svg.contains("dead AcAdAhKcKdKh"));
    drawn.push(("hits", svg));

    let curves_table = table(d, "distribution.csv", &distribution_csv());
    let (lines, _) = curves::curves(&curves_table).unwrap();
    assert_eq!(lines.len(), 100);
    let mut svg = String::new();
    distribution::distribution_chart(&lines, &distribution::subtitle(&curves_table), &mut svg)
        .unwrap();
    assert!(svg.contains("board Kd7c2s"));
    drawn.push(("distribution", svg));

    let svg = heat_map::draw(&table(d, "breakdown.csv", &breakdown_csv())).unwrap();
    drawn.push(("breakdown", svg));

    // The whole shipped hold'em ranking, and a short-deck `--top` document with a long share.
    let ranking = include_str!("../../../../data/holdem_ranking.csv");
    let svg = ranking_grid::draw(&table(d, "ranking.csv", ranking)).unwrap();
    assert!(svg.contains(">#169<") && svg.contains("Hold'em: all 169 classes"));
    drawn.push(("ranking", svg));
    let top = r#"{"command": "rank", "game": "shortdeck", "top": "12.5%-37.5%",
        "ranking": "vs3", "rows": [{"class": "AKs", "combos": 4,
        "cumulative_combos": 34, "equity": 0.61, "percentile": 5.396825, "rank": 6}]}"#;
    let svg = ranking_grid::draw(&table(d, "top.json", top)).unwrap();
    assert!(svg.contains("Short deck: 12.5%-37.5%<"));
    assert!(
        svg.contains("equity against 3 random hands"),
        "the ranking's name in words"
    );
    drawn.push(("ranking --top", svg));
    // The whole shipped Omaha ranking, a JSON document naming its game with a long share.
    let omaha = include_str!("../../../../data/omaha_ranking.csv");
    let svg = ranking_top::draw(&table(d, "omaha.csv", omaha)).unwrap();
    assert!(svg.contains("the top 25 of 16,432 classes"), "{svg}");
    drawn.push(("ranking omaha", svg));
    let top = r#"{"command": "rank", "game": "omaha", "top": "0.0022%-99.9978%",
        "ranking": "vs1", "rows": [{"class": "AsAhJsJh", "combos": 6, "cumulative_combos": 6,
        "equity": 0.71397265625, "percentile": 0.0022, "rank": 1, "rounds": 128000,
        "std_error": 0.00126, "ties": 449, "wins": 91164}]}"#;
    let svg = ranking_top::draw(&table(d, "omaha-top.json", top)).unwrap();
    assert!(svg.contains("omaha · the top 1 of 1 classes"), "{svg}");
    drawn.push(("ranking omaha --top", svg));

    for (kind, svg) in &drawn {
        assert_inside(svg, kind);
    }
}

#[test]
fn the_hits_title_names_range_and_board_from_a_document_and_says_where_a_csv_has_them() {
    let dir = tempfile::tempdir().unwrap();
    let json = include_str!("../../tests/goldens/hits_turn_weighted_dead.json");
    let document = table(dir.path(), "h.json", json);
    assert_eq!(
        hits::subtitle(&document),
        "holdem · board Th9h8c2d · dead Ac · range 22+,A2s+,KTo+,T9s:0.5,65s:0.25"
    );
    let csv = include_str!("../../tests/goldens/hits_flop_random.csv");
    let plain = table(dir.path(), "h.csv", csv);
    assert!(hits::subtitle(&plain).contains("--format json"));
}

/// The committed charts (the goldens and the guide's) keep their text inside: the
/// distribution golden's versus legend lines once ran past its right edge.
#[test]
fn the_committed_charts_keep_their_text_inside_the_canvas() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for dir in [
        root.join("tests/goldens"),
        root.join("../../docs/src/plots"),
    ] {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "svg") {
                assert_inside(
                    &std::fs::read_to_string(&path).unwrap(),
                    &path.display().to_string(),
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 13, "{checked} charts");
}
