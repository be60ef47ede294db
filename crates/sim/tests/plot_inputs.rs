//! `sim plot` reads each input once, whatever it is: a file, a FIFO or a pipe on stdin give the
//! same chart. (The breakdown heat map once read its file a second time: a FIFO hung, a pipe
//! gave "no column game", a file replaced between the reads was drawn half from each.)

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::{assert_fails, command, stderr};

/// A table each kind draws, from the committed goldens and fixtures.
fn inputs() -> Vec<(&'static str, PathBuf)> {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    [
        ("odds", "goldens/odds_seed1.csv"),
        ("convergence", "goldens/odds_seed1.csv"),
        ("throughput", "fixtures/bench.csv"),
        ("tv", "fixtures/tv.csv"),
        ("hits", "goldens/hits_flop_random.csv"),
        ("breakdown", "goldens/equity_breakdown_exact_turn.csv"),
        ("distribution", "goldens/equity_distribution_exact_flop.csv"),
    ]
    .into_iter()
    .map(|(kind, file)| (kind, tests.join(file)))
    .collect()
}

/// Waits at most 30 s for `child` (a second open of a FIFO blocks forever), killing it past
/// that, and returns its output.
fn finish(mut child: Child, what: &str) -> Output {
    let deadline = Instant::now() + Duration::from_secs(30);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("{what}: sim plot still running after 30 s (reading its input twice?)");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    child.wait_with_output().unwrap()
}

/// The SVG of `sim plot kind input --out -`, run in `dir`, with `stdin` as its standard input.
fn plot(dir: &Path, kind: &str, input: &str, stdin: Option<&[u8]>) -> String {
    let mut child = command(&["plot", kind, input, "--out", "-"])
        .current_dir(dir)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(bytes) = stdin {
        let mut pipe = child.stdin.take().unwrap();
        // A reader that stops early closes the pipe: that shows in its status below.
        let _ = pipe.write_all(bytes);
    }
    let out = finish(child, &format!("{kind} {input}"));
    assert!(out.status.success(), "{kind} {input}: {}", stderr(&out));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn every_kind_draws_a_fifo_and_a_pipe_as_it_draws_the_file() {
    let dir = tempfile::tempdir().unwrap();
    for (kind, table) in inputs() {
        let bytes = std::fs::read(&table).unwrap();
        let from_file = plot(dir.path(), kind, table.to_str().unwrap(), None);
        assert!(from_file.starts_with("<svg"), "{kind}: {from_file:.100}");

        let fifo = dir.path().join(format!("{kind}.fifo"));
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        // The writer opens the FIFO once, writes the table and closes it: a second open by
        // `sim` would wait for a writer that never comes.
        let writer = {
            let (fifo, bytes) = (fifo.clone(), bytes.clone());
            std::thread::spawn(move || {
                let mut end = std::fs::OpenOptions::new().write(true).open(fifo).unwrap();
                let _ = end.write_all(&bytes);
            })
        };
        let from_fifo = plot(dir.path(), kind, fifo.to_str().unwrap(), None);
        writer.join().unwrap();
        assert_eq!(
            from_fifo, from_file,
            "{kind}: a FIFO draws as the file does"
        );

        let from_pipe = plot(dir.path(), kind, "-", Some(&bytes));
        assert_eq!(from_pipe, from_file, "{kind}: stdin draws as the file does");
    }
}

/// The chart names its input as given: the heat map from a pipe names no file it never read.
#[test]
fn a_breakdown_on_stdin_is_read_once() {
    let dir = tempfile::tempdir().unwrap();
    let table = inputs()
        .into_iter()
        .find(|(kind, _)| *kind == "breakdown")
        .unwrap()
        .1;
    let svg = plot(
        dir.path(),
        "breakdown",
        "-",
        Some(&std::fs::read(table).unwrap()),
    );
    assert!(svg.contains("Player 1: AKs,QQ") && svg.contains("Player 2: JJ+"));
}

/// Stdin can be read once: `-` named twice is refused before anything is read.
#[test]
fn stdin_named_twice_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    assert_fails(
        dir.path(),
        &["plot", "convergence", "-", "-", "--out", "chart.svg"],
        2,
        &["stdin", "once"],
    );
    assert!(!dir.path().join("chart.svg").exists());
}

/// A `--format json` table draws as its CSV does, and its header names what the CSV cannot:
/// the hits chart names the range, the board and the dead cards; the odds chart the game, the
/// known and dead cards, the rounds and the seed.
#[test]
fn json_tables_draw_and_name_what_was_computed() {
    let dir = tempfile::tempdir().unwrap();
    let goldens = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/goldens");
    let hits = goldens.join("hits_turn_weighted_dead.json");
    let from_file = plot(dir.path(), "hits", hits.to_str().unwrap(), None);
    let svg = &from_file;
    assert!(
        svg.contains("holdem · board Th9h8c2d · dead Ac · range 22+,A2s+,KTo+,T9s:0.5,65s:0.25"),
        "{svg:.2000}"
    );
    assert!(svg.contains("share of its 136 combos by class"));
    let odds = goldens.join("shortdeck_odds_dead_seed10.json");
    let svg = &plot(dir.path(), "odds", odds.to_str().unwrap(), None);
    assert!(
        svg.contains("shortdeck · 7 cards · known AsKs · dead QsJs6c · 300 k rounds · seed 10"),
        "{svg:.2000}"
    );
    // The same table from stdin.
    let bytes = std::fs::read(&hits).unwrap();
    assert_eq!(plot(dir.path(), "hits", "-", Some(&bytes)), from_file);
    // A document that holds no table is refused, naming the file.
    let shard = goldens.join("shard0of3.json");
    assert_fails(
        dir.path(),
        &[
            "plot",
            "odds",
            shard.to_str().unwrap(),
            "--out",
            "chart.svg",
        ],
        2,
        &[
            "shard0of3.json",
            "not a JSON table of sim: no \"rows\" array",
        ],
    );
}
