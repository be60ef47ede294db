//! The fault matrix: every long-running command × {SIGINT, SIGTERM, SIGHUP, SIGKILL} × {stdout,
//! `--out`}. A handled signal ends the run with 128 + its number and one `sim: SIG…` line, and
//! leaves the folder as it was (no table, no temporary file); SIGKILL cannot be handled and still
//! leaves nothing, because the temporary file exists only while a finished table is written.
//! (Resuming from a checkpoint after each signal is tested in `longruns.rs`.)

use std::path::Path;
use std::process::{Output, Stdio};

mod common;
use common::{command, entries, wait_until_handling_signals};

/// Each long-running command with arguments that keep it busy for minutes.
const LONG_COMMANDS: &[&[&str]] = &[
    &["odds", "--rounds", "1T", "--seed", "1"],
    &[
        "exact",
        "--cards",
        "7",
        "--method",
        "enumerate",
        "--threads",
        "1",
    ],
    &[
        "equity", "random", "random", "random", "--rounds", "1T", "--seed", "1",
    ],
    &[
        "preflop",
        "--opponents",
        "1..9",
        "--rounds",
        "1G",
        "--seed",
        "1",
    ],
    &["deal", "--rounds", "1T", "--seed", "1"],
    &[
        "rank", "--build", "--game", "omaha", "--rounds", "1G", "--seed", "1",
    ],
    &[
        "rank",
        "--build",
        "--game",
        "omaha-hilo",
        "--rounds",
        "1G",
        "--seed",
        "1",
    ],
    &[
        "query",
        "select count(winsHi(hero)) from hero='random', villain='random'",
        "--rounds",
        "1T",
        "--seed",
        "1",
    ],
    &[
        "shuffle", "audit", "--method", "riffle", "--trials", "1T", "--seed", "1",
    ],
    &["shuffle", "tv", "--trials", "1T", "--seed", "1"],
    &[
        "shuffle",
        "odds",
        "--riffles",
        "3",
        "--rounds",
        "1T",
        "--seed",
        "1",
    ],
    &[
        "bench",
        "--rounds",
        "1T",
        "--threads",
        "1",
        "--repeats",
        "1",
    ],
];

/// (kill's name, exit status of a handled stop; `None`: killed, no status).
const SIGNALS: [(&str, Option<i32>); 4] = [
    ("INT", Some(130)),
    ("TERM", Some(143)),
    ("HUP", Some(129)),
    ("KILL", None),
];

/// Runs `sim args` in `dir`, sends each of `signals` (kill's names) once it handles signals, and
/// waits for it.
fn stopped(dir: &Path, args: &[&str], signals: &[&str]) -> Output {
    let child = command(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start sim");
    wait_until_handling_signals(child.id());
    for signal in signals {
        let sent = std::process::Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .expect("run kill");
        assert!(sent.success());
    }
    child.wait_with_output().expect("wait for sim")
}

#[test]
fn every_long_command_stops_cleanly_on_every_signal() {
    for args in LONG_COMMANDS {
        for (signal, code) in SIGNALS {
            for to_file in [false, true] {
                let dir = tempfile::tempdir().expect("temp folder");
                let mut all = args.to_vec();
                if to_file {
                    all.extend(["--out", "table.csv"]);
                }
                let out = stopped(dir.path(), &all, &[signal]);
                let stderr = String::from_utf8_lossy(&out.stderr);
                let case = format!("sim {all:?} ← SIG{signal}");
                assert_eq!(out.status.code(), code, "{case}: {stderr}");
                if code.is_some() {
                    let last = stderr.lines().last().unwrap_or_default();
                    assert!(
                        last.starts_with(&format!("sim: SIG{signal}: stopped")),
                        "{case}: {stderr}"
                    );
                }
                assert!(out.stdout.is_empty(), "{case}: wrote to stdout");
                assert!(
                    entries(dir.path()).is_empty(),
                    "{case}: left {:?}",
                    entries(dir.path())
                );
            }
        }
    }
}

/// `sim exact` enumerates every 7-card hand in about 0.3 s on one thread: a signal either lands
/// while it counts (a clean stop, nothing written) or after it finished (the whole table).
#[test]
fn exact_stops_cleanly_or_finishes_whole() {
    let args = [
        "exact",
        "--cards",
        "7",
        "--method",
        "enumerate",
        "--threads",
        "1",
    ];
    let whole = common::sim_ok(&args);
    for (signal, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        for to_file in [false, true] {
            let dir = tempfile::tempdir().expect("temp folder");
            let mut all = args.to_vec();
            if to_file {
                all.extend(["--out", "table.csv"]);
            }
            let out = stopped(dir.path(), &all, &[signal]);
            let stderr = String::from_utf8_lossy(&out.stderr);
            let written = if to_file {
                std::fs::read_to_string(dir.path().join("table.csv")).unwrap_or_default()
            } else {
                String::from_utf8_lossy(&out.stdout).into_owned()
            };
            if out.status.code() == Some(code) {
                assert!(
                    stderr.contains(&format!("sim: SIG{signal}: stopped")),
                    "{stderr}"
                );
                assert!(
                    written.is_empty() || written == whole,
                    "half a table: {written}"
                );
            } else {
                assert!(out.status.success(), "{:?}: {stderr}", out.status);
                assert_eq!(written, whole);
            }
            let left = entries(dir.path());
            assert!(
                left.is_empty() || left == ["table.csv"],
                "temporary files left: {left:?}"
            );
        }
    }
}

#[test]
fn a_second_signal_exits_at_once() {
    let dir = tempfile::tempdir().expect("temp folder");
    // One thread and huge chunks would take long to reach a wave boundary; the second signal
    // does not wait for it.
    let out = stopped(
        dir.path(),
        &["odds", "--rounds", "1T", "--seed", "1", "--out", "t.csv"],
        &["TERM", "INT"],
    );
    // Either the first stop finished its wave before the second arrived (143), or the second
    // exited at once (130); both leave nothing behind.
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        matches!(out.status.code(), Some(143 | 130)),
        "{:?}: {stderr}",
        out.status
    );
    assert!(entries(dir.path()).is_empty(), "{:?}", entries(dir.path()));
}

/// Issue 24, defect 1: a run of 2^64 − 1 rounds (or a target run capped there) used to total its
/// chunks one by one before the first wave, for hours, deaf to signals. Each signal now stops it
/// within a second of being sent, with a checkpoint or without.
#[test]
fn a_huge_round_count_stops_within_a_second_of_a_signal() {
    const MAX: &str = "18446744073709551615";
    let runs: [&[&str]; 3] = [
        &["odds", "--rounds", MAX, "--seed", "1", "--out", "o.csv"],
        &[
            "odds",
            "--target-stderr",
            "1e-12",
            "--max-rounds",
            MAX,
            "--seed",
            "1",
            "--out",
            "o.csv",
        ],
        &[
            "odds",
            "--rounds",
            "1e19",
            "--seed",
            "1",
            "--checkpoint",
            "run.ckpt",
            "--out",
            "o.csv",
        ],
    ];
    for args in runs {
        for (signal, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
            let dir = tempfile::tempdir().expect("temp folder");
            let child = command(args)
                .current_dir(dir.path())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("start sim");
            wait_until_handling_signals(child.id());
            // Past the setup (the old one took hours), into the waves.
            std::thread::sleep(std::time::Duration::from_millis(300));
            let sent = std::time::Instant::now();
            let status = std::process::Command::new("kill")
                .args([&format!("-{signal}"), &child.id().to_string()])
                .status()
                .expect("run kill");
            assert!(status.success());
            let out = wait_at_most(child, std::time::Duration::from_secs(10));
            let took = sent.elapsed();
            let stderr = String::from_utf8_lossy(&out.stderr);
            let case = format!("sim {args:?} ← SIG{signal}");
            assert_eq!(out.status.code(), Some(code), "{case}: {stderr}");
            assert!(
                took < std::time::Duration::from_secs(1),
                "{case}: stopped {took:?} after the signal"
            );
            let left = entries(dir.path());
            if args.contains(&"--checkpoint") {
                assert_eq!(left, ["run.ckpt"], "{case}: progress saved, nothing else");
            } else {
                assert!(left.is_empty(), "{case}: left {left:?}");
            }
        }
    }
}

/// Waits for `child` at most `limit`, killing it (and failing) if it runs longer.
fn wait_at_most(mut child: std::process::Child, limit: std::time::Duration) -> Output {
    let until = std::time::Instant::now() + limit;
    while child.try_wait().expect("poll sim").is_none() {
        if std::time::Instant::now() > until {
            let _ = child.kill();
            let out = child.wait_with_output().expect("wait for sim");
            panic!(
                "sim still running {limit:?} after a signal: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.wait_with_output().expect("wait for sim")
}

/// Issue 51, defect 0: a stop signal sent at any moment from the process's first microsecond
/// is never lost. Before the handlers are installed it has its default action (the process ends
/// by the signal, having done nothing); from then on `sim` stops with 128 + its number and its
/// one line. Either way the run ends at once: a signal that arrived while signal-hook was
/// registering the handlers used to be dropped, and the run went on until SIGKILL. The delays
/// (0 to 3 ms after `exec`, from a fixed seed) straddle the installation, which takes place
/// about a millisecond in.
#[test]
fn a_signal_at_any_moment_from_the_start_is_never_lost() {
    use nix::sys::signal::{Signal, kill};
    use nix::unistd::Pid;
    use std::os::unix::process::ExitStatusExt;
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next_delay = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        std::time::Duration::from_micros(state % 3_000)
    };
    let args = [
        "equity", "random", "random", "random", "--rounds", "1T", "--seed", "1",
    ];
    let mut handled = 0;
    for (signal, code) in [
        (Signal::SIGINT, 130),
        (Signal::SIGTERM, 143),
        (Signal::SIGHUP, 129),
    ] {
        for _ in 0..40 {
            let child = command(&args)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .expect("start sim");
            let pid = Pid::from_raw(i32::try_from(child.id()).expect("pid fits"));
            std::thread::sleep(next_delay());
            kill(pid, signal).expect("send the signal");
            let out = wait_at_most(child, std::time::Duration::from_secs(10));
            let stderr = String::from_utf8_lossy(&out.stderr);
            if out.status.signal() == Some(signal as i32) {
                continue;
            }
            assert_eq!(out.status.code(), Some(code), "{signal}: {stderr}");
            let last = stderr.lines().last().unwrap_or_default();
            assert!(
                last.starts_with(&format!("sim: {signal}: stopped")),
                "{signal}: {stderr}"
            );
            handled += 1;
        }
    }
    // The later delays reach the installed handlers.
    assert!(handled > 0, "no signal reached the handlers");
}

/// A stop signal `sim` was started with ignored stays ignored: `nohup sim odds … &` outlives the
/// terminal's hangup (SIGHUP), as `nohup` promises, and still stops on SIGINT.
#[test]
fn a_signal_ignored_at_start_stays_ignored() {
    use nix::sys::signal::{SigHandler, Signal, kill, signal};
    use nix::unistd::Pid;
    use std::os::unix::process::CommandExt;
    let mut nohup = command(&["odds", "--rounds", "1T", "--seed", "1"]);
    #[allow(unsafe_code)]
    // SAFETY: between fork and exec the closure only calls `sigaction` (async-signal-safe);
    // it runs after the helper's, which set the default action first.
    unsafe {
        nohup.pre_exec(|| {
            signal(Signal::SIGHUP, SigHandler::SigIgn).map_err(std::io::Error::from)?;
            Ok(())
        });
    }
    let child = nohup
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start sim");
    let pid = Pid::from_raw(i32::try_from(child.id()).expect("pid fits"));
    // Until the SIGINT handler is in place (bit 1 of SigCgt).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let mask = |name: &str| {
            status
                .lines()
                .find_map(|line| line.strip_prefix(name))
                .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
                .unwrap_or(0)
        };
        if mask("SigCgt:") & 0b10 != 0 {
            assert_eq!(mask("SigIgn:") & 0b1, 0b1, "SIGHUP is still ignored");
            assert_eq!(mask("SigCgt:") & 0b1, 0, "no handler for SIGHUP");
            break;
        }
        assert!(std::time::Instant::now() < deadline, "no SIGINT handler");
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    kill(pid, Signal::SIGHUP).expect("send SIGHUP");
    std::thread::sleep(std::time::Duration::from_millis(200));
    kill(pid, Signal::SIGINT).expect("send SIGINT");
    let out = wait_at_most(child, std::time::Duration::from_secs(10));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("sim: SIGINT: stopped"), "{stderr}");
    assert!(!stderr.contains("SIGHUP"), "{stderr}");
}
