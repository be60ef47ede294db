//! The progress bar end to end: drawn on a terminal's stderr during a long run, never on stdout
//! or into the table. A pseudo-terminal comes from `script` (util-linux, part of every Debian
//! base system), which runs the command with stdin, stdout and stderr on a new terminal.

use std::process::Command;

mod common;
use common::SIM;

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sim-progress-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Runs `sim ARGS` on a pseudo-terminal and returns everything the terminal showed.
fn on_terminal(args: &str) -> String {
    let out = Command::new("script")
        .args(["-qec", &format!("{SIM} {args}"), "/dev/null"])
        .output()
        .expect("script (util-linux) runs");
    assert!(out.status.success(), "sim {args} failed: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn a_long_run_on_a_terminal_shows_the_bar_and_writes_the_same_table() {
    let dir = temp_dir("bar");
    let on_tty = dir.join("tty.csv");
    let plain = dir.join("plain.csv");
    // On one thread this lasts a few seconds, well past the bar's one-second threshold.
    let rounds = "150M";
    let screen = on_terminal(&format!(
        "odds --threads 1 --rounds {rounds} --seed 5 --out {}",
        on_tty.display()
    ));
    assert!(screen.contains("rounds"), "no bar drawn: {screen:?}");
    assert!(
        screen.contains("hands/s") && screen.contains("ETA"),
        "{screen:?}"
    );
    let status = Command::new(SIM)
        .args(["odds", "--rounds", rounds, "--seed", "5", "--out"])
        .arg(&plain)
        .output()
        .expect("sim runs");
    assert!(status.status.success());
    assert!(
        status.stderr.iter().filter(|&&b| b == b'\n').count() <= 1,
        "bar drawn off a terminal"
    );
    assert_eq!(
        std::fs::read(&on_tty).expect("table"),
        std::fs::read(&plain).expect("table"),
        "the bar changed the table"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn quiet_runs_draw_nothing_even_on_a_terminal() {
    let dir = temp_dir("quiet");
    let table = dir.join("t.csv");
    let screen = on_terminal(&format!(
        "odds --threads 1 --rounds 150M --seed 5 --quiet --out {}",
        table.display()
    ));
    assert_eq!(screen.trim(), "", "{screen:?}");
    assert!(std::fs::metadata(&table).expect("table").len() > 0);
    let _ = std::fs::remove_dir_all(&dir);
}
