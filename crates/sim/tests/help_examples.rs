//! The help as a reader meets it: every command's `--help` ends with examples that work, `-h`
//! stays short and points to them, and no line is wider than the terminal.
//!
//! The commands come from the command line's own definition (`sim::cli::Cli`), so a new command
//! or subcommand is checked with no edit here.

use std::path::Path;

use clap::{CommandFactory, Parser};
use sim::cli::Cli;

mod common;
use common::{command, stderr, stdout};

/// Every command's path below `sim` (`[]` for `sim` itself, `["shuffle", "tv"]`), clap's own
/// `help` subcommand left out.
fn command_paths() -> Vec<Vec<String>> {
    fn walk(cmd: &clap::Command, path: &[String], out: &mut Vec<Vec<String>>) {
        out.push(path.to_vec());
        for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
            let mut below = path.to_vec();
            below.push(sub.get_name().to_string());
            walk(sub, &below, out);
        }
    }
    let mut paths = Vec::new();
    walk(&Cli::command(), &[], &mut paths);
    paths
}

/// `sim path flag` run with `COLUMNS` set to `columns` (none: unset) and stdout not a
/// terminal; asserts success and returns stdout.
fn help(path: &[String], flag: &str, columns: Option<&str>) -> String {
    let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
    args.push(flag);
    let mut cmd = command(&args);
    match columns {
        Some(columns) => cmd.env("COLUMNS", columns),
        None => cmd.env_remove("COLUMNS"),
    };
    let out = cmd.output().expect("run sim");
    assert!(out.status.success(), "sim {args:?}: {}", stderr(&out));
    stdout(&out)
}

/// The command lines of the "Examples:" section that ends `text`, in order.
fn example_lines(text: &str) -> Vec<String> {
    let Some((_, section)) = text.split_once("\nExamples:\n") else {
        return Vec::new();
    };
    section
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_command_has_examples_that_work() {
    let paths = command_paths();
    assert!(paths.len() > 10, "{paths:?}");
    for path in paths {
        let name = format!("sim {}", path.join(" "));
        let lines = example_lines(&help(&path, "--help", None));
        assert!(!lines.is_empty(), "{name} --help has no examples");
        // Each command's examples run in order in a folder of their own: a line may read what a
        // line above it wrote.
        let dir = tempfile::tempdir().expect("temporary folder");
        for line in &lines {
            run_example(dir.path(), &name, line);
        }
    }
}

/// Runs one example line in `dir`, asserting it is a plain `sim` command that succeeds.
fn run_example(dir: &Path, name: &str, line: &str) {
    // Plain words only: what the test splits on spaces is what a shell would pass.
    assert!(
        !line.contains(['\'', '"', '|', '>', '<', '$', '*', '\\', '`', ';', '&']),
        "{name}: {line:?} is not plain words"
    );
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words[0], "sim", "{name}: {line:?} is not a sim command");
    // A server runs until stopped: its lines are parsed as the binary parses them instead
    // (tests/serve.rs starts it for real).
    if words.get(1) == Some(&"serve") {
        if let Err(err) = Cli::try_parse_from(&words) {
            panic!("{name}'s example {line:?} is refused: {err}");
        }
        return;
    }
    let out = command(&words[1..])
        .current_dir(dir)
        .output()
        .expect("run sim");
    assert!(
        out.status.success(),
        "{name}'s example {line:?} failed ({}): {}",
        out.status,
        stderr(&out)
    );
}

#[test]
fn short_help_points_to_the_examples() {
    for path in command_paths() {
        let name = format!("sim {}", path.join(" ")).trim_end().to_string();
        let short = help(&path, "-h", None);
        assert!(example_lines(&short).is_empty(), "{name} -h: {short}");
        assert!(
            short
                .trim_end()
                .ends_with(&format!("Examples: see '{name} --help'.")),
            "{name} -h: {short}"
        );
    }
}

/// Help wraps to the terminal (here `COLUMNS`, stdout not being one), and to 100 columns at
/// most, also without a width to follow.
#[test]
fn help_is_no_wider_than_the_terminal() {
    for path in command_paths() {
        for flag in ["--help", "-h"] {
            for (columns, widest) in [
                (Some("80"), 80),
                (Some("60"), 60),
                (None, 100),
                (Some("300"), 100),
            ] {
                let text = help(&path, flag, columns);
                for line in text.lines() {
                    // A word longer than the width cannot be broken: none is that long at 60.
                    assert!(
                        line.chars().count() <= widest,
                        "sim {} {flag} at COLUMNS={columns:?}: {} columns: {line:?}",
                        path.join(" "),
                        line.chars().count()
                    );
                }
            }
        }
    }
}

/// Examples never wrap in an 80-column terminal, so that each copies as one line.
#[test]
fn examples_fit_80_columns_unwrapped() {
    for path in command_paths() {
        let wide = example_lines(&help(&path, "--help", Some("300")));
        let narrow = example_lines(&help(&path, "--help", Some("80")));
        assert_eq!(wide, narrow, "sim {}", path.join(" "));
    }
}
