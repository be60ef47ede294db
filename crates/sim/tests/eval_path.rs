//! `POKERODDS_EVAL_PATH` end to end: `sim bench` names the path on its stderr summary line and
//! refuses an unknown name, or a path the CPU lacks, with one `sim: ` line and exit status 2; the
//! commands whose tables never use the batch evaluator do not read it.

mod common;

use eval::batch::{ENV_VAR, EvalPath};

use common::{command, stderr};

/// `sim args` with the variable set to `value`.
fn with_path(value: &str, args: &[&str]) -> std::process::Output {
    command(args).env(ENV_VAR, value).output().expect("run sim")
}

const BENCH: &[&str] = &[
    "bench",
    "--rounds",
    "2000",
    "--repeats",
    "1",
    "--threads",
    "1",
];

#[test]
fn bench_refuses_a_path_the_cpu_lacks_or_an_unknown_name() {
    for name in EvalPath::NAMES {
        if name.parse::<EvalPath>().is_ok() {
            continue;
        }
        let out = with_path(name, BENCH);
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
    let out = with_path("sse9", BENCH);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "sim: POKERODDS_EVAL_PATH: unknown evaluation path 'sse9' (expected scalar, avx2 or \
         avx512)\n"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn commands_that_do_not_use_it_ignore_it() {
    let out = with_path("sse9", &["exact", "--cards", "5"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn bench_names_the_path_on_its_summary_line() {
    for path in EvalPath::available() {
        let out = with_path(path.name(), BENCH);
        assert!(out.status.success(), "{path}: {}", stderr(&out));
        let summary = stderr(&out).lines().next().unwrap_or_default().to_owned();
        assert!(
            summary.starts_with("sim bench: ") && summary.contains(&format!("eval path {path} ")),
            "{path}: {summary}"
        );
    }
}
