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

/// Runs `sim ARGS` on a pseudo-terminal and returns everything the terminal showed. The bar
/// is asked to appear at once (`SIM_PROGRESS_AFTER_MS=0`): on a fast idle machine some of these
/// runs end within the second it otherwise waits.
fn on_terminal(args: &str) -> String {
    let out = Command::new("script")
        .env("SIM_PROGRESS_AFTER_MS", "0")
        .args(["-qec", &format!("{SIM} {args}"), "/dev/null"])
        .output()
        .expect("script (util-linux) runs");
    assert!(out.status.success(), "sim {args} failed: {out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The frames of the bar on `screen` that show a pace: (rounds done, total, hands/s, ETA in
/// seconds), read from `37,748,736/150,000,000 rounds  34.4 Mhands/s  ETA 4s`.
fn frames(screen: &str) -> Vec<(u64, u64, f64, f64)> {
    let count = |text: &str| text.replace(',', "").parse::<u64>().ok();
    let mut found = Vec::new();
    for frame in screen.split(['\r', '\n']) {
        let words: Vec<&str> = frame.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| *w == "rounds") else {
            continue;
        };
        let Some((done, total)) = at
            .checked_sub(1)
            .and_then(|i| words[i].rsplit_once('/'))
            .and_then(|(d, t)| {
                Some((
                    count(d.trim_start_matches(|c: char| !c.is_ascii_digit()))?,
                    count(t)?,
                ))
            })
        else {
            continue;
        };
        // `34.4 Mhands/s  ETA 4s`, `1.5 Mhands/s  ETA 1m 36s`; `-- hands/s  ETA --` shows none.
        let (Some(number), Some(unit)) = (words.get(at + 1), words.get(at + 2)) else {
            continue;
        };
        let Ok(number) = number.parse::<f64>() else {
            continue;
        };
        let scale = match unit.strip_suffix("hands/s") {
            Some("G") => 1e9,
            Some("M") => 1e6,
            Some("k") => 1e3,
            Some("") => 1.0,
            _ => continue,
        };
        let mut eta = 0.0;
        for part in words.iter().skip(at + 4) {
            let (value, unit) = part.split_at(part.len() - 1);
            let Ok(value) = value.parse::<f64>() else {
                break;
            };
            eta += value
                * match unit {
                    "h" => 3600.0,
                    "m" => 60.0,
                    _ => 1.0,
                };
        }
        found.push((done, total, number * scale, eta));
    }
    found
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
    let frames = frames(&screen);
    assert!(!frames.is_empty(), "no frame read: {screen:?}");
    for &(done, total, rate, eta) in &frames {
        // Each frame's ETA is the rounds it has left over the rate it shows: the rate shown to
        // three digits and the ETA rounded up to the second, within both roundings.
        let left = (total - done) as f64 / rate;
        assert!(
            eta + 1.0 >= left * 0.99 && eta <= left * 1.01 + 1.0,
            "{done}/{total} at {rate}/s: ETA {eta} s for {left:.1} s left: {screen:?}"
        );
        // One thread deals tens of millions of hands a second, never thousands of millions
        // (the first frame once claimed so, from a second's rounds credited to an instant).
        assert!(rate < 1e9, "{rate} hands/s: {screen:?}");
    }
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

/// What `sim equity ARGS` showed on a terminal, and its table.
fn equity_on_terminal(name: &str, args: &str) -> (String, Vec<u8>) {
    let dir = temp_dir(name);
    let table = dir.join("tty.csv");
    let screen = on_terminal(&format!("equity {args} --out {}", table.display()));
    let bytes = std::fs::read(&table).expect("table");
    let _ = std::fs::remove_dir_all(&dir);
    (screen, bytes)
}

/// `sim equity ARGS` off a terminal: its table, and no bar on stderr.
fn equity_off_terminal(args: &str) -> Vec<u8> {
    let out = Command::new(SIM)
        .args(["equity"])
        .args(args.split_whitespace())
        .output()
        .expect("sim runs");
    assert!(out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("ETA"),
        "bar drawn off a terminal: {stderr}"
    );
    out.stdout
}

/// `sim equity` by Monte Carlo shows the rounds bar with a true ETA, and the bar changes
/// nothing in the table.
#[test]
fn an_equity_run_shows_its_rounds_and_writes_the_same_table() {
    let args = "AKo QQ --threads 1 --rounds 80M --seed 5";
    let (screen, on_tty) = equity_on_terminal("equity", args);
    let frames = frames(&screen);
    assert!(!frames.is_empty(), "no frame read: {screen:?}");
    for &(done, total, rate, eta) in &frames {
        assert_eq!(total, 80_000_000, "{screen:?}");
        let left = (total - done) as f64 / rate;
        assert!(
            eta + 1.0 >= left * 0.99 && eta <= left * 1.01 + 1.0,
            "{done}/{total} at {rate}/s: ETA {eta} s for {left:.1} s left: {screen:?}"
        );
    }
    assert_eq!(
        on_tty,
        equity_off_terminal(args),
        "the bar changed the table"
    );
}

/// `sim equity --runs 2` by Monte Carlo shows its rounds (deals of both boards) rising to the
/// rounds asked, and the bar changes nothing in the table.
#[test]
fn a_runouts_run_shows_its_rounds_and_writes_the_same_table() {
    let args = "AhAs KdKc --runs 2 --rounds 6M --seed 3 --threads 1";
    let (screen, on_tty) = equity_on_terminal("runouts", args);
    let frames = frames(&screen);
    assert!(!frames.is_empty(), "no frame read: {screen:?}");
    assert!(frames.iter().all(|f| f.1 == 6_000_000), "{screen:?}");
    assert!(frames.windows(2).all(|w| w[0].0 <= w[1].0), "{screen:?}");
    assert_eq!(
        on_tty,
        equity_off_terminal(args),
        "the bar changed the table"
    );
}

/// An exact count (three-way stud, a few seconds) shows the share counted, rising to at most
/// 100 %.
#[test]
fn an_exact_stud_count_shows_the_share_counted() {
    let (screen, table) = equity_on_terminal(
        "stud",
        "--game stud AsKsQs 7h7d7c JdTd9d --exact --threads 2",
    );
    let shares: Vec<u32> = screen
        .split(['\r', '\n'])
        .filter_map(|frame| {
            let words: Vec<&str> = frame.split_whitespace().collect();
            let at = words.windows(2).position(|w| w == ["%", "counted"])?;
            let digits = words[at - 1].trim_start_matches(|c: char| !c.is_ascii_digit());
            digits.parse().ok()
        })
        .collect();
    assert!(!shares.is_empty(), "no share drawn: {screen:?}");
    assert!(shares.windows(2).all(|w| w[0] <= w[1]), "{shares:?}");
    assert!(shares.iter().all(|&s| s <= 100), "{shares:?}");
    assert!(
        String::from_utf8_lossy(&table).contains("AsKsQs"),
        "{table:?}"
    );
}

/// `sim equity --streets` counts its runs: the flop's two streets and the 45 turn cards.
#[test]
fn a_streets_run_counts_its_runs() {
    let (screen, table) = equity_on_terminal(
        "streets",
        "--game omaha AhKhQdJd random --board Ks7h2d --streets --rounds 300k --seed 1 --threads 1",
    );
    let runs: Vec<(u64, u64)> = screen
        .split(['\r', '\n'])
        .filter_map(|frame| {
            let words: Vec<&str> = frame.split_whitespace().collect();
            let at = words.iter().position(|w| *w == "runs")?;
            let (done, total) = words[at - 1].rsplit_once('/')?;
            let done = done.trim_start_matches(|c: char| !c.is_ascii_digit());
            Some((done.parse().ok()?, total.parse().ok()?))
        })
        .collect();
    assert!(!runs.is_empty(), "no runs drawn: {screen:?}");
    assert!(runs.iter().all(|&(d, t)| t == 47 && d <= t), "{runs:?}");
    assert!(runs.windows(2).all(|w| w[0].0 <= w[1].0), "{runs:?}");
    assert!(
        String::from_utf8_lossy(&table).contains("turn"),
        "{table:?}"
    );
}

/// `sim exact` of a stud game (every seven-card razz hand, a second or two) shows the share
/// counted.
#[test]
fn an_exact_table_shows_the_share_counted() {
    let dir = temp_dir("exact");
    let table = dir.join("razz.csv");
    let screen = on_terminal(&format!(
        "exact --game razz --threads 1 --out {}",
        table.display()
    ));
    assert!(screen.contains("% counted"), "no share drawn: {screen:?}");
    assert!(
        std::fs::read_to_string(&table)
            .expect("table")
            .contains("no_low")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `sim query` by Monte Carlo shows its rounds rising to the rounds asked, and an exact query
/// the share counted; the bar changes nothing in the table.
#[test]
fn a_query_shows_its_rounds_or_share_and_writes_the_same_table() {
    let dir = temp_dir("query");
    for (name, text, flags) in [
        (
            "sampled",
            // Counted by the language itself (a plain count is the engine's, too quick to draw).
            "select count(winsHi(hero) and not pairedBoard(river)) as w from hero='AsAh', villain='KK'",
            "--rounds 6M --seed 3 --threads 1",
        ),
        (
            "exact",
            "select count(pairedBoard(flop)) as p from hero='AsAh', villain='KK'",
            "--exact --threads 1",
        ),
    ] {
        let table = dir.join(format!("{name}.csv"));
        let screen = on_terminal(&format!(
            "query \"{text}\" {flags} --out {}",
            table.display()
        ));
        if name == "sampled" {
            let frames = frames(&screen);
            assert!(!frames.is_empty(), "no frame read: {screen:?}");
            assert!(frames.iter().all(|f| f.1 == 6_000_000), "{screen:?}");
            assert!(frames.windows(2).all(|w| w[0].0 <= w[1].0), "{screen:?}");
        } else {
            assert!(screen.contains("% counted"), "no share drawn: {screen:?}");
        }
        let off = Command::new(SIM)
            .args(["query", text])
            .args(flags.split_whitespace())
            .output()
            .expect("sim runs");
        assert!(off.status.success(), "{off:?}");
        assert!(!String::from_utf8_lossy(&off.stderr).contains("ETA"));
        assert_eq!(
            std::fs::read(&table).expect("table"),
            off.stdout,
            "the bar changed the table of {name}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
