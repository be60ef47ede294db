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
