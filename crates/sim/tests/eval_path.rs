//! `POKERODDS_EVAL_PATH` end to end: every path this CPU runs is accepted and changes no output
//! byte; an unknown name, or a path the CPU lacks, stops every command with one `sim: ` line and
//! exit status 2; `sim bench` names the path on its stderr summary line.

mod common;

use eval::batch::{ENV_VAR, EvalPath};

use common::{command, stderr, stdout};

/// `sim args` with the variable set to `value`.
fn with_path(value: &str, args: &[&str]) -> std::process::Output {
    command(args).env(ENV_VAR, value).output().expect("run sim")
}

const ODDS: &[&str] = &["odds", "--rounds", "20k", "--seed", "3", "--threads", "2"];

#[test]
fn every_path_the_cpu_runs_gives_the_same_bytes() {
    let plain = command(ODDS).env_remove(ENV_VAR).output().expect("run sim");
    assert!(plain.status.success(), "{}", stderr(&plain));
    for name in EvalPath::NAMES.into_iter().chain([""]) {
        let out = with_path(name, ODDS);
        if name.is_empty() || name.parse::<EvalPath>().is_ok() {
            assert!(out.status.success(), "{name}: {}", stderr(&out));
            assert_eq!(stdout(&out), stdout(&plain), "{name}");
        } else {
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{name}: {err}");
            assert_eq!(
                err.lines().collect::<Vec<_>>(),
                [format!(
                    "sim: POKERODDS_EVAL_PATH: this CPU cannot run the {name} evaluation path (it runs: {})",
                    EvalPath::available()
                        .map(EvalPath::name)
                        .collect::<Vec<_>>()
                        .join(", ")
                )]
            );
            assert!(out.stdout.is_empty());
        }
    }
}

#[test]
fn an_unknown_path_is_a_usage_error_for_every_command() {
    for args in [
        ODDS,
        &["exact", "--cards", "5"],
        &["equity", "AsKs", "QdQh"],
    ] {
        let out = with_path("sse9", args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&out),
            "sim: POKERODDS_EVAL_PATH: unknown evaluation path 'sse9' (expected scalar, avx2 or \
             avx512)\n",
            "{args:?}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn bench_names_the_path_on_its_summary_line() {
    let args = &[
        "bench",
        "--rounds",
        "2000",
        "--repeats",
        "1",
        "--threads",
        "1",
    ];
    for path in EvalPath::available() {
        let out = with_path(path.name(), args);
        assert!(out.status.success(), "{path}: {}", stderr(&out));
        let summary = stderr(&out).lines().next().unwrap_or_default().to_owned();
        assert!(
            summary.starts_with("sim bench: ") && summary.contains(&format!("eval path {path} ")),
            "{path}: {summary}"
        );
    }
}
