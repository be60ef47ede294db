//! Long runs end to end: precision targets, shards and `sim merge`, checkpoints and Ctrl-C.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use engine::odds_loop::OddsChunks;
use engine::{CategoryCounts, Chunk, ChunkPlan, HandSpec};
use sim::checkpoint::Checkpoint;
use sim::identity::RunIdentity;

mod common;
use common::{command, entries, sim};

fn sim_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = command(args);
    cmd.envs(env.iter().copied());
    cmd.output().unwrap()
}

fn ok(args: &[&str]) -> Vec<u8> {
    let out = sim(args);
    assert!(
        out.status.success(),
        "sim {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

fn refused(args: &[&str], code: i32, needle: &str) -> String {
    let out = sim(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(code), "sim {args:?}: {stderr}");
    assert!(
        stderr.contains(needle),
        "sim {args:?}: {stderr:?} lacks {needle:?}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    stderr
}

fn path_str(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn a_precision_target_stops_at_the_same_chunk_on_any_thread_count() {
    let args = |threads| {
        ok(&[
            "odds",
            "--target-stderr",
            "3e-4",
            "--seed",
            "11",
            "--threads",
            threads,
            "--format",
            "json",
        ])
    };
    let one = args("1");
    assert_eq!(one, args("2"));
    let doc: serde_json::Value = serde_json::from_slice(&one).unwrap();
    let rounds = doc["rounds"].as_u64().unwrap();
    // p(1-p)/n < (3e-4)^2 needs n > 0.25/9e-8 ≈ 2.8M at worst (one pair, p ≈ 0.44: 2.7M).
    assert!(
        rounds > 2_000_000 && rounds.is_multiple_of(1 << 20),
        "{rounds}"
    );
    assert_eq!(doc["target_stderr"], 3e-4);
    for row in doc["rows"].as_array().unwrap() {
        assert!(row["std_error"].as_f64().unwrap() < 3e-4, "{row}");
    }
    // The table is the fixed-rounds table of the rounds it stopped at.
    let fixed = ok(&[
        "odds",
        "--rounds",
        &rounds.to_string(),
        "--seed",
        "11",
        "--format",
        "json",
    ]);
    let fixed: serde_json::Value = serde_json::from_slice(&fixed).unwrap();
    assert_eq!(doc["rows"], fixed["rows"]);
    // The cap wins when the target is out of reach.
    let capped = ok(&[
        "odds",
        "--target-stderr",
        "1e-9",
        "--max-rounds",
        "3000",
        "--seed",
        "11",
    ]);
    assert_eq!(capped, ok(&["odds", "--rounds", "3000", "--seed", "11"]));
}

#[test]
fn bad_long_run_flags_are_usage_errors() {
    refused(
        &["odds", "--target-stderr", "0", "--seed", "1"],
        2,
        "--target-stderr",
    );
    refused(
        &["odds", "--target-stderr", "1e-3", "--rounds", "5M"],
        2,
        "--rounds",
    );
    refused(
        &["odds", "--max-rounds", "5M"],
        2,
        "--max-rounds caps a --target-stderr run",
    );
    refused(&["odds", "--shard", "0/2"], 2, "--seed");
    refused(&["odds", "--shard", "2/2", "--seed", "1"], 2, "2/2");
    refused(
        &[
            "odds",
            "--shard",
            "0/2",
            "--seed",
            "1",
            "--target-stderr",
            "1e-3",
        ],
        2,
        "--shard",
    );
    refused(
        &["odds", "--shard", "auto", "--seed", "1"],
        2,
        "SLURM_ARRAY_TASK_ID",
    );
    refused(&["odds", "--checkpoint", "x.ckpt"], 2, "--seed");
    refused(
        &["odds", "--seed", "1", "--checkpoint-every", "2"],
        2,
        "needs --checkpoint",
    );
    refused(
        &[
            "odds",
            "--seed",
            "1",
            "--checkpoint",
            "x.ckpt",
            "--checkpoint-every",
            "0",
        ],
        2,
        "--checkpoint-every 0",
    );
}

/// Writes shard `i` of `n` of `--rounds 5M --seed 42` (five chunks) into `dir`.
fn shard(dir: &Path, i: u64, n: u64, seed: &str) -> PathBuf {
    let path = dir.join(format!("shard-{seed}-{i}-of-{n}.json"));
    ok(&[
        "odds",
        "--rounds",
        "5M",
        "--seed",
        seed,
        "--shard",
        &format!("{i}/{n}"),
        "--out",
        path_str(&path),
    ]);
    path
}

#[test]
fn merged_shards_equal_the_single_machine_run() {
    let dir = tempfile::tempdir().unwrap();
    let single_csv = ok(&["odds", "--rounds", "5M", "--seed", "42"]);
    let single_json = ok(&["odds", "--rounds", "5M", "--seed", "42", "--format", "json"]);
    for n in [1, 3, 7] {
        let shards: Vec<PathBuf> = (0..n)
            .rev()
            .map(|i| shard(dir.path(), i, n, "42"))
            .collect();
        let mut args = vec!["merge"];
        args.extend(shards.iter().map(|p| path_str(p)));
        assert_eq!(ok(&args), single_csv, "{n} shards");
        let out = dir.path().join("merged.json");
        args.extend(["--format", "json", "--out", path_str(&out)]);
        ok(&args);
        assert_eq!(std::fs::read(&out).unwrap(), single_json, "{n} shards");
    }
}

#[test]
fn shard_auto_reads_slurm_and_kubernetes_variables() {
    let dir = tempfile::tempdir().unwrap();
    let expected = std::fs::read(shard(dir.path(), 1, 3, "42")).unwrap();
    let run = |env: &[(&str, &str)]| {
        let out = sim_env(
            &["odds", "--rounds", "5M", "--seed", "42", "--shard", "auto"],
            env,
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    let slurm = [
        ("SLURM_ARRAY_TASK_ID", "11"),
        ("SLURM_ARRAY_TASK_MIN", "10"),
        ("SLURM_ARRAY_TASK_COUNT", "3"),
    ];
    assert_eq!(run(&slurm), expected);
    assert_eq!(
        run(&[("JOB_COMPLETION_INDEX", "1"), ("SIM_SHARD_COUNT", "3")]),
        expected
    );
}

#[test]
fn merge_refuses_missing_duplicated_foreign_and_corrupt_shards() {
    let dir = tempfile::tempdir().unwrap();
    let [a, b, c] = [0, 1, 2].map(|i| shard(dir.path(), i, 3, "42"));
    let (a, b, c) = (path_str(&a), path_str(&b), path_str(&c));
    let out = dir.path().join("table.csv");
    let out_str = path_str(&out);
    refused(&["merge", a, c, "--out", out_str], 2, "missing shards 1/3");
    refused(
        &["merge", a, b, c, b, "--out", out_str],
        2,
        &format!("shards {b} and {b} are both shard 1/3"),
    );
    let foreign = shard(dir.path(), 1, 3, "43");
    refused(
        &["merge", a, path_str(&foreign), c],
        2,
        &format!("shard {} is from a different run", path_str(&foreign)),
    );
    refused(&["merge", a, path_str(&foreign), c], 2, "seed 43 vs 42");
    let other_split = shard(dir.path(), 1, 2, "42");
    refused(&["merge", a, path_str(&other_split)], 2, "2 shards vs 3");
    let garbage = dir.path().join("garbage.json");
    std::fs::write(&garbage, "{\"format\": ").unwrap();
    refused(
        &["merge", a, b, path_str(&garbage)],
        2,
        "garbage.json is not a shard file",
    );
    let edited = dir.path().join("edited.json");
    let text = std::fs::read_to_string(b).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let first = doc["counts"][0].as_u64().unwrap();
    let text = text.replacen(
        &format!("\n    {first},"),
        &format!("\n    {},", first + 1),
        1,
    );
    assert_ne!(text, std::fs::read_to_string(b).unwrap());
    std::fs::write(&edited, text).unwrap();
    refused(&["merge", a, path_str(&edited), c], 2, "edited.json");
    let old_engine = dir.path().join("old-engine.json");
    let text = std::fs::read_to_string(b).unwrap();
    let engine = format!("\"engine\": \"{}\"", env!("CARGO_PKG_VERSION"));
    assert!(text.contains(&engine));
    std::fs::write(
        &old_engine,
        text.replace(&engine, "\"engine\": \"0.0.0-old\""),
    )
    .unwrap();
    refused(
        &["merge", a, path_str(&old_engine), c],
        2,
        "written by engine 0.0.0-old",
    );
    refused(&["merge", "missing.json"], 1, "missing.json");
    assert!(!out.exists(), "a refused merge writes nothing");
}

/// The checkpoint of `--rounds {rounds} --seed {seed}` after its first `done` chunks, made with
/// the library.
fn checkpoint_after(path: &Path, rounds: u64, seed: u64, done: u64) {
    let hand = HandSpec::new(7, vec![]).unwrap();
    let plan = ChunkPlan::new(rounds);
    let chunks = OddsChunks::new(&hand);
    let counts = (0..done)
        .map(|c| chunks.run(Chunk::new(seed, &plan, c)))
        .fold(CategoryCounts::default(), |a, b| a + b);
    let identity = RunIdentity {
        game: None,
        cards: 7,
        known: String::new(),
        dead: String::new(),
        rounds,
        chunk_rounds: plan.chunk_rounds,
        seed,
        target_stderr: None,
    };
    Checkpoint::new(&identity, (0, plan.chunks()), done, counts)
        .unwrap()
        .save(path)
        .unwrap();
}

#[test]
fn a_run_resumes_from_its_checkpoint_and_refuses_others() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("run.ckpt");
    let ckpt_str = path_str(&ckpt);
    let whole = ok(&["odds", "--rounds", "5M", "--seed", "8"]);
    checkpoint_after(&ckpt, 5_000_000, 8, 3);
    let out = sim(&[
        "odds",
        "--rounds",
        "5M",
        "--seed",
        "8",
        "--checkpoint",
        ckpt_str,
    ]);
    assert!(out.status.success());
    assert_eq!(out.stdout, whole);
    // Only the two chunks left were dealt here.
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("{} rounds", 5_000_000 - 3 * (1 << 20))),
        "{stderr}"
    );
    assert!(!ckpt.exists(), "a finished run removes its checkpoint");

    checkpoint_after(&ckpt, 5_000_000, 8, 3);
    refused(
        &[
            "odds",
            "--rounds",
            "5M",
            "--seed",
            "9",
            "--checkpoint",
            ckpt_str,
        ],
        2,
        "seed 8 vs 9",
    );
    refused(
        &[
            "odds",
            "--rounds",
            "6M",
            "--seed",
            "8",
            "--checkpoint",
            ckpt_str,
        ],
        2,
        "rounds 5000000 vs 6000000",
    );
    refused(
        &[
            "odds",
            "--rounds",
            "5M",
            "--seed",
            "8",
            "--cards",
            "6",
            "--checkpoint",
            ckpt_str,
        ],
        2,
        "cards 7 vs 6",
    );
    let text = std::fs::read_to_string(&ckpt).unwrap();
    std::fs::write(
        &ckpt,
        text.replacen("\"next_chunk\": 3", "\"next_chunk\": 2", 1),
    )
    .unwrap();
    let table = dir.path().join("table.csv");
    refused(
        &[
            "odds",
            "--rounds",
            "5M",
            "--seed",
            "8",
            "--checkpoint",
            ckpt_str,
            "--out",
            path_str(&table),
        ],
        1,
        "corrupt",
    );
    std::fs::write(&ckpt, "not json").unwrap();
    refused(
        &[
            "odds",
            "--rounds",
            "5M",
            "--seed",
            "8",
            "--checkpoint",
            ckpt_str,
        ],
        1,
        "corrupt",
    );
    assert!(!table.exists());
}

/// Waits until `path` exists (at most 10 s).
fn wait_for(path: &Path) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !path.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Starts `sim args`, sends `signal` (`INT`, `TERM`, `HUP`) once `ready` returns (after the run's
/// first periodic save, so that the signal lands mid-run however fast the machine is), and waits
/// for it.
fn interrupt(args: &[&str], signal: &str, ready: impl FnOnce()) -> Output {
    let mut command = Command::new(common::SIM);
    common::with_default_stop_signals(&mut command);
    let child = command
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    ready();
    let status = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    child.wait_with_output().unwrap()
}

// Long enough that the run is still going when a periodic save has appeared (1.2 s on one
// thread of the 2-core development machine at 80 M five-card hands/s, 2.8 s in the test build),
// short enough for a few-second test.
const LONG: &str = "100M";
/// Chunks of 2^20 rounds in [`LONG`] rounds.
const LONG_CHUNKS: u64 = 100_000_000u64.div_ceil(1 << 20);

/// A checkpointed single-thread five-card run of [`LONG`] rounds, saving every `every` seconds.
fn resumable_run(seed: &str, checkpoint: &Path, every: &str) -> Vec<String> {
    let args = [
        "odds",
        "--cards",
        "5",
        "--rounds",
        LONG,
        "--seed",
        seed,
        "--threads",
        "1",
        "--checkpoint",
        path_str(checkpoint),
        "--checkpoint-every",
        every,
    ];
    args.map(String::from).to_vec()
}

/// The table of the same run as [`resumable_run`], uninterrupted, on two threads, to stdout.
fn uninterrupted_table(seed: &str) -> Vec<u8> {
    ok(&[
        "odds",
        "--cards",
        "5",
        "--rounds",
        LONG,
        "--seed",
        seed,
        "--threads",
        "2",
    ])
}

#[test]
fn every_stop_signal_saves_and_a_rerun_gives_the_uninterrupted_bytes() {
    let expected = uninterrupted_table("5");
    for (signal, code) in [("INT", 130), ("TERM", 143), ("HUP", 129)] {
        let dir = tempfile::tempdir().unwrap();
        let ckpt = dir.path().join("run.ckpt");
        let table = dir.path().join("table.csv");
        let mut owned = resumable_run("5", &ckpt, "0.05");
        owned.extend(["--out".to_string(), path_str(&table).to_string()]);
        let args: Vec<&str> = owned.iter().map(String::as_str).collect();
        let started = Instant::now();
        let out = interrupt(&args, signal, || wait_for(&ckpt));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "SIG{signal}: {stderr}");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "SIG{signal} stops within a wave"
        );
        let last = stderr.lines().last().unwrap_or_default();
        assert!(
            last.starts_with(&format!("sim: SIG{signal}: stopped after "))
                && last.ends_with("rerun the same command to resume"),
            "{stderr}"
        );
        assert!(ckpt.exists() && !table.exists());
        assert_eq!(entries(dir.path()), ["run.ckpt"], "no temporary file left");
        let saved: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&ckpt).unwrap()).unwrap();
        let done = saved["next_chunk"].as_u64().unwrap();
        assert!(done > 0 && done < LONG_CHUNKS, "{done}");

        // The rerun says where it resumes, and removes the checkpoint once the table is written.
        let out = sim(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        assert!(
            stderr.contains(&format!(
                "sim odds: resuming from checkpoint {} at chunk {done} of {LONG_CHUNKS}",
                ckpt.display()
            )),
            "{stderr}"
        );
        assert!(!ckpt.exists());
        assert!(
            std::fs::read(&table).unwrap() == expected,
            "SIG{signal}: resumed table differs from the uninterrupted one"
        );
    }
}

#[test]
fn a_killed_run_resumes_from_its_last_periodic_save() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("run.ckpt");
    let args = resumable_run("6", &ckpt, "0.1");
    let mut command = Command::new(common::SIM);
    common::with_default_stop_signals(&mut command);
    let mut child = command
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // SIGKILL gives the run no chance to save: only the periodic saves are on disk.
    wait_for(&ckpt);
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert!(!status.success(), "the run ended before it was killed");
    let saved: serde_json::Value = serde_json::from_slice(&std::fs::read(&ckpt).unwrap()).unwrap();
    assert!(saved["next_chunk"].as_u64().unwrap() > 0);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    assert!(
        ok(&args) == uninterrupted_table("6"),
        "resumed table differs from the uninterrupted one"
    );
}

#[test]
fn ctrl_c_without_a_checkpoint_writes_nothing_and_exits_130() {
    use std::io::{BufRead, BufReader, Read};
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("table.csv");
    // No --seed: the run announces the seed it chose on stderr, after the Ctrl-C handler is in
    // place, so the signal is sent once that line arrives however slow the machine is.
    let mut command = Command::new(common::SIM);
    common::with_default_stop_signals(&mut command);
    let mut child = command
        .args(["odds", "--rounds", "100G", "--threads", "1", "--out"])
        .arg(&table)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr_reader = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    stderr_reader.read_line(&mut first).unwrap();
    assert!(first.contains("no --seed given"), "{first}");
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let mut rest = String::new();
    stderr_reader.read_to_string(&mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{rest}");
    assert!(rest.contains("sim: SIGINT: stopped after"), "{rest}");
    assert!(out.stdout.is_empty());
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no output, no temporary file"
    );
}

#[test]
fn a_short_checkpointed_run_that_never_saved_succeeds() {
    let dir = tempfile::tempdir().unwrap();
    let ckpt = dir.path().join("run.ckpt");
    let args = [
        "odds",
        "--rounds",
        "10000",
        "--seed",
        "1",
        "--checkpoint",
        path_str(&ckpt),
    ];
    assert_eq!(ok(&args), ok(&["odds", "--rounds", "10000", "--seed", "1"]));
    assert!(!ckpt.exists());
}

#[test]
fn quiet_runs_print_nothing_on_stderr() {
    let out = sim(&["odds", "--rounds", "10000", "--seed", "1", "--quiet"]);
    assert!(out.status.success());
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        out.stdout,
        ok(&["odds", "--rounds", "10000", "--seed", "1"])
    );
}

/// `--checkpoint -` is refused as a checkpoint written to a stream is (a checkpoint is a file to
/// replace, not stdout), and no file named `-` is left.
#[test]
fn a_dash_is_no_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    common::assert_fails(
        dir.path(),
        &["odds", "--rounds", "1M", "--seed", "1", "--checkpoint", "-"],
        1,
        &["cannot save checkpoint -: not a regular file"],
    );
    assert!(entries(dir.path()).is_empty());
}
