//! `sim plot` end to end: every chart from a small CSV, and refusals of CSVs that lack a column.

use std::path::Path;

mod common;
use common::sim;

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn plot(kind: &str, inputs: &[&str], out: &Path) -> String {
    let mut args = vec!["plot", kind];
    args.extend(inputs);
    args.extend(["--out", out.to_str().unwrap()]);
    let result = sim(&args);
    assert!(
        result.status.success(),
        "{}",
        String::from_utf8_lossy(&result.stderr)
    );
    assert!(result.stdout.is_empty());
    let svg = std::fs::read_to_string(out).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
        "{svg:.200}"
    );
    svg
}

#[test]
fn every_chart_renders_from_its_csv() {
    let dir = tempfile::tempdir().unwrap();
    let mut tables = Vec::new();
    for rounds in ["10000", "100000"] {
        let path = dir.path().join(format!("odds-{rounds}.csv"));
        let out = sim(&[
            "odds",
            "--rounds",
            rounds,
            "--seed",
            "3",
            "--quiet",
            "--out",
            path.to_str().unwrap(),
        ]);
        assert!(out.status.success());
        tables.push(path.to_str().unwrap().to_string());
    }
    let svg = plot("odds", &[&tables[1]], &dir.path().join("odds.svg"));
    assert!(
        svg.contains("royal_flush")
            && svg.contains("95 % interval")
            && svg.contains("100 k rounds")
    );
    let inputs: Vec<&str> = tables.iter().map(String::as_str).collect();
    let svg = plot("convergence", &inputs, &dir.path().join("conv.svg"));
    assert!(svg.contains("high_card") && svg.contains("rounds"));
    let svg = plot(
        "throughput",
        &[&fixture("bench.csv")],
        &dir.path().join("bench.svg"),
    );
    assert!(svg.contains("ideal (linear from 1 thread)") && svg.contains("threads"));
    let svg = plot("tv", &[&fixture("tv.csv")], &dir.path().join("tv.svg"));
    assert!(svg.contains("TV distance") && svg.contains("estimate"));
}

#[test]
fn csvs_without_the_columns_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.svg");
    let result = sim(&[
        "plot",
        "throughput",
        &fixture("tv.csv"),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(result.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert!(stderr.contains("has no column \"threads\""), "{stderr}");
    let result = sim(&[
        "plot",
        "odds",
        &fixture("bench.csv"),
        &fixture("tv.csv"),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(result.status.code(), Some(2));
    let empty = dir.path().join("empty.csv");
    std::fs::write(&empty, "riffles,tv_exact,tv_estimate,std_error\n").unwrap();
    let result = sim(&[
        "plot",
        "tv",
        empty.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(result.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&result.stderr).contains("has no rows"));
    assert!(!out.exists());
}

/// Runs `sim plot kind input --out out` for at most 20 s (a chart that never ends fails the
/// test instead of hanging it) and returns the output.
fn plot_within_seconds(kind: &str, input: &Path, out: &Path) -> std::process::Output {
    plot_all_within_seconds(kind, &[input], out)
}

/// `text` with the cell in `column` of the row of `category` replaced by `value`.
fn edit_cell(text: &str, category: &str, column: &str, value: &str) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    let at = header.iter().position(|h| *h == column).unwrap();
    for line in lines.iter_mut().skip(1) {
        let mut cells: Vec<&str> = line.split(',').collect();
        if cells[0] == category {
            cells[at] = value;
            *line = cells.join(",");
        }
    }
    lines.join("\n") + "\n"
}

/// Writes `odds.csv` in `dir` (`sim odds --rounds ROUNDS --seed SEED`) and returns its text.
fn odds_table(dir: &std::path::Path, rounds: &str, seed: &str) -> String {
    let table = dir.join("odds.csv");
    let out = sim(&[
        "odds",
        "--rounds",
        rounds,
        "--seed",
        seed,
        "--quiet",
        "--out",
        table.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(&table).unwrap()
}

/// Issue 24, defects 2 and 8: a plot refuses what it cannot draw (a probability of 1e308 looped
/// forever; counts of NaN, inf or −5 and probabilities above 1 were drawn), with exit 2 and the
/// file's name, row and column, and writes no chart.
#[test]
fn values_a_chart_cannot_draw_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let text = odds_table(dir.path(), "200K", "5");
    let table = dir.path().join("odds.csv");
    let svg = dir.path().join("chart.svg");
    let edits: &[(&str, &str, &str)] = &[
        ("pair", "probability", "1e308"),
        ("pair", "ci95_low", "1e308"),
        ("pair", "ci95_high", "1e308"),
        ("flush", "exact_probability", "1e308"),
        ("pair", "probability", "1.5"),
        ("pair", "probability", "-0.1"),
        ("pair", "probability", "NaN"),
        ("pair", "ci95_low", "inf"),
        ("high_card", "count", "NaN"),
        ("high_card", "count", "inf"),
        ("high_card", "count", "-5"),
        ("high_card", "count", "1.5"),
        ("high_card", "count", "18446744073709551616"),
    ];
    for &(category, column, value) in edits {
        let edited = dir.path().join("edited.csv");
        std::fs::write(&edited, edit_cell(&text, category, column, value)).unwrap();
        for kind in ["odds", "convergence"] {
            let result = plot_within_seconds(kind, &edited, &svg);
            let stderr = String::from_utf8_lossy(&result.stderr);
            let case = format!("{kind}: {category} {column} = {value}");
            assert_eq!(result.status.code(), Some(2), "{case}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "{case}: {stderr}");
            assert!(
                stderr.starts_with("sim: ")
                    && stderr.contains("edited.csv")
                    && stderr.contains(&format!("column {column}"))
                    && stderr.contains(value),
                "{case}: {stderr}"
            );
            assert!(!svg.exists(), "{case}: drew a chart");
        }
    }
    // The table as written still draws.
    plot("odds", &[table.to_str().unwrap()], &svg);

    let tv = dir.path().join("tv.csv");
    std::fs::write(
        &tv,
        "riffles,tv_exact,tv_estimate,std_error\n1,1.000000,0.999900,0.000010\n4,1e308,,\n",
    )
    .unwrap();
    let result = plot_within_seconds("tv", &tv, &dir.path().join("tv.svg"));
    assert_eq!(result.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&result.stderr).contains("column tv_exact"));
    let bench = dir.path().join("bench.csv");
    let fixture = std::fs::read_to_string(fixture("bench.csv")).unwrap();
    for (column, value) in [
        ("hands_per_sec", "inf"),
        ("hands_per_sec", "1e308"),
        ("hands_per_sec_per_thread", "-1"),
        ("threads", "0"),
        ("threads", "2.5"),
    ] {
        let mut lines: Vec<String> = fixture.lines().map(str::to_string).collect();
        let header: Vec<&str> = lines[0].split(',').collect();
        let at = header.iter().position(|h| *h == column).unwrap();
        let mut cells: Vec<&str> = lines[2].split(',').collect();
        cells[at] = value;
        lines[2] = cells.join(",");
        std::fs::write(&bench, lines.join("\n") + "\n").unwrap();
        let result = plot_within_seconds("throughput", &bench, &dir.path().join("b.svg"));
        let stderr = String::from_utf8_lossy(&result.stderr);
        assert_eq!(
            result.status.code(),
            Some(2),
            "{column} = {value}: {stderr}"
        );
        assert!(
            stderr.contains("bench.csv") && stderr.contains(&format!("column {column}")),
            "{stderr}"
        );
    }
}

/// Runs `sim plot kind inputs --out out` (at most 20 s) and asserts it drew a chart.
fn draws(kind: &str, inputs: &[&Path], out: &Path, case: &str) {
    let result = plot_all_within_seconds(kind, inputs, out);
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(0), "{case}: {stderr}");
    let svg = std::fs::read_to_string(out).unwrap();
    assert!(svg.trim_end().ends_with("</svg>"), "{case}");
    std::fs::remove_file(out).unwrap();
}

/// [`plot_within_seconds`] with several inputs.
fn plot_all_within_seconds(kind: &str, inputs: &[&Path], out: &Path) -> std::process::Output {
    let mut args = vec!["plot", kind];
    args.extend(inputs.iter().map(|p| p.to_str().unwrap()));
    args.extend(["--out", out.to_str().unwrap()]);
    let mut child = common::command(&args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let until = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > until {
            child.kill().unwrap();
            panic!("sim {args:?} never ended");
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

/// A probability below the smallest normal `f64` (1e-310) made `sim plot odds` loop forever:
/// its log axis spanned a ratio past `f64::MAX`. Tiny and huge values now draw, on an axis
/// clamped to 10⁻³⁰⁷ … 10³⁰⁸, as do tables that claim 10¹² or 2^64 − 1 threads or riffles (the
/// axis asked plotters for that many labels).
#[test]
fn tiny_and_huge_values_draw_in_bounded_time() {
    let dir = tempfile::tempdir().unwrap();
    let text = odds_table(dir.path(), "100K", "1");
    let table = dir.path().join("odds.csv");
    let svg = dir.path().join("chart.svg");
    let edited = dir.path().join("edited.csv");
    let smallest_normal = f64::MIN_POSITIVE.to_string();
    for column in ["probability", "exact_probability", "ci95_low", "ci95_high"] {
        for value in ["1e-310", "5e-324", "4.9e-324", &smallest_normal, "1e-300"] {
            let mut edited_text = edit_cell(&text, "pair", column, value);
            edited_text = edit_cell(&edited_text, "royal_flush", column, value);
            std::fs::write(&edited, edited_text).unwrap();
            let case = format!("{column} = {value}");
            draws("odds", &[&edited], &svg, &case);
            draws("convergence", &[&edited, &table], &svg, &case);
        }
    }

    let tv = dir.path().join("tv.csv");
    let bench = dir.path().join("bench.csv");
    let bench_header =
        "threads,rounds,seconds_median,hands_per_sec,hands_per_sec_per_thread,speedup,efficiency";
    for many in ["1000000000000", "18446744073709551615"] {
        std::fs::write(
            &tv,
            format!(
                "riffles,tv_exact,tv_estimate,std_error\n1,1,0.5,5e-324\n{many},1e-310,5e-324,1\n"
            ),
        )
        .unwrap();
        draws("tv", &[&tv], &svg, &format!("{many} riffles"));
        for rate in ["5e-324", "1e-310", "1e200"] {
            std::fs::write(
                &bench,
                format!("{bench_header}\n1,5,1,{rate},{rate},1,1\n{many},5,1,{rate},{rate},1,1\n"),
            )
            .unwrap();
            draws(
                "throughput",
                &[&bench],
                &svg,
                &format!("{many} threads at {rate}"),
            );
        }
    }
}

/// `sim plot odds /dev/zero` read without limit until the allocator aborted (exit 134). A plot
/// input longer than 64 MiB is refused at once, exit 2, naming the file and the limit, and an
/// existing chart is left alone.
#[test]
fn inputs_longer_than_the_limit_are_refused_at_once() {
    assert_eq!(
        sim::chart::table::MAX_INPUT_BYTES,
        64 << 20,
        "the docs say 64 MiB"
    );
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("chart.svg");
    std::fs::write(&svg, "an older chart").unwrap();
    // Sparse: no disk, and refused from its length without reading.
    let long = dir.path().join("long.csv");
    std::fs::File::create(&long)
        .unwrap()
        .set_len(sim::chart::table::MAX_INPUT_BYTES + 1)
        .unwrap();
    let kinds = [
        "odds",
        "convergence",
        "throughput",
        "tv",
        "hits",
        "breakdown",
        "distribution",
    ];
    for input in [Path::new("/dev/zero"), long.as_path()] {
        for kind in kinds {
            let started = std::time::Instant::now();
            let result = plot_within_seconds(kind, input, &svg);
            let stderr = String::from_utf8_lossy(&result.stderr);
            let case = format!("{kind} {}", input.display());
            assert_eq!(result.status.code(), Some(2), "{case}: {stderr}");
            assert_eq!(
                stderr,
                format!(
                    "sim: {} is longer than 64 MiB, the most sim plot reads\n",
                    input.display()
                ),
                "{case}"
            );
            assert!(started.elapsed().as_secs() < 10, "{case}: slow");
            assert_eq!(std::fs::read(&svg).unwrap(), b"an older chart", "{case}");
        }
    }
    // At the limit, a file is read: this one is not a table for other reasons.
    std::fs::File::create(&long)
        .unwrap()
        .set_len(sim::chart::table::MAX_INPUT_BYTES)
        .unwrap();
    let result = plot_within_seconds("odds", &long, &svg);
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(2), "{stderr}");
    assert!(!stderr.contains("64 MiB"), "{stderr}");
}

/// A chart of one table given two names its kind as the command line writes it (`odds`), not
/// as Rust does (`Odds`).
#[test]
fn refusals_name_the_kind_as_written() {
    let dir = tempfile::tempdir().unwrap();
    common::sim_ok(&[
        "odds",
        "--rounds",
        "10K",
        "--seed",
        "1",
        "--quiet",
        "--out",
        dir.path().join("odds.csv").to_str().unwrap(),
    ]);
    common::assert_fails(
        dir.path(),
        &["plot", "odds", "odds.csv", "odds.csv", "--out", "chart.svg"],
        2,
        &["sim plot odds takes one CSV"],
    );
    let tv = fixture("tv.csv");
    common::assert_fails(
        dir.path(),
        &["plot", "tv", &tv, &tv, "--out", "chart.svg"],
        2,
        &["sim plot tv takes one CSV"],
    );
    assert!(!dir.path().join("chart.svg").exists());
}

/// A hits table without a `range` row whose made hands add up past 2^64 − 1 combos is refused
/// (the sum overflowed: a panic).
#[test]
fn a_hits_table_past_the_largest_count_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("chart.svg");
    let hits = dir.path().join("hits.csv");
    std::fs::write(
        &hits,
        "kind,class,combos,weighted_combos,share\n\
         made,set,18446744073709551615,3,0.5\n\
         made,weak_pair,1,1,0.5\n",
    )
    .unwrap();
    let result = plot_within_seconds("hits", &hits, &svg);
    let stderr = String::from_utf8_lossy(&result.stderr);
    assert_eq!(result.status.code(), Some(2), "{stderr}");
    assert_eq!(
        stderr,
        format!(
            "sim: {}: the made hands' combos add up to more than 2^64 - 1\n",
            hits.display()
        )
    );
    assert!(!svg.exists());
}

/// `-` is stdin as an input and stdout as `--out`, as in most command-line tools: a table piped
/// into `sim plot odds - --out -` comes back as the SVG that the same table in a file gives, and
/// no file named `-` is written.
#[test]
fn a_dash_reads_stdin_and_writes_stdout() {
    use std::io::Write;
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let odds = ["odds", "--rounds", "20k", "--seed", "3", "-q"];
    let to_dash = common::sim_in(dir.path(), &[&odds[..], &["--out", "-"]].concat());
    assert!(to_dash.status.success(), "{}", common::stderr(&to_dash));
    let table = common::stdout(&to_dash);
    assert_eq!(table, common::sim_ok(&odds));
    let file = dir.path().join("odds.csv");
    std::fs::write(&file, &table).unwrap();
    let from_file = plot(
        "odds",
        &[file.to_str().unwrap()],
        &dir.path().join("odds.svg"),
    );
    let mut piped = common::command(&["plot", "odds", "-", "--out", "-"])
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    piped
        .stdin
        .take()
        .unwrap()
        .write_all(table.as_bytes())
        .unwrap();
    let out = piped.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", common::stderr(&out));
    assert_eq!(common::stdout(&out), from_file);
    assert_eq!(common::entries(dir.path()), ["odds.csv", "odds.svg"]);
}

#[test]
fn sim_rank_tables_draw_as_the_ranking_grid() {
    let dir = tempfile::tempdir().unwrap();
    for (game, args, holds, lacks) in [
        ("holdem", vec!["--top", "5%-15%"], ">#13<", ">#12<"),
        ("shortdeck", vec!["AKs"], ">#6<", ">#1<"),
    ] {
        for format in ["csv", "json"] {
            let table = dir.path().join(format!("{game}.{format}"));
            let mut rank = vec!["rank", "--game", game, "--format", format, "--out"];
            rank.push(table.to_str().unwrap());
            rank.extend(&args);
            assert!(sim(&rank).status.success());
            let svg = plot(
                "ranking",
                &[table.to_str().unwrap()],
                &dir.path().join("r.svg"),
            );
            assert!(
                svg.contains(holds) && !svg.contains(lacks),
                "{game} {format}"
            );
            let short = svg.contains("Short deck");
            assert_eq!(short, game == "shortdeck", "{game} {format}");
        }
    }
    // A breakdown table is not a ranking: it lacks the ranking's columns.
    let out = sim(&[
        "plot",
        "ranking",
        &fixture("bench.csv"),
        "--out",
        dir.path().join("x.svg").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("sim: ") && err.contains("class"), "{err}");
}

#[test]
fn the_omaha_ranking_draws_its_top_classes_with_their_intervals() {
    let dir = tempfile::tempdir().unwrap();
    for format in ["csv", "json"] {
        let table = dir.path().join(format!("omaha.{format}"));
        let rank = [
            "rank",
            "--game",
            "omaha",
            "--top",
            "0.05%",
            "--format",
            format,
            "--out",
            table.to_str().unwrap(),
        ];
        assert!(sim(&rank).status.success());
        let svg = plot(
            "ranking",
            &[table.to_str().unwrap()],
            &dir.path().join("r.svg"),
        );
        assert!(svg.contains("AsAhTsTh  #1"), "{format}");
        assert!(svg.contains("95 % interval"), "{format}");
        let game = if format == "json" {
            "omaha ·"
        } else {
            "4-card classes ·"
        };
        assert!(svg.contains(game), "{format}: {svg}");
    }
}
