//! `sim preflop`: the 169 starting-hand classes against 1 to 9 random hands (Monte Carlo), and
//! the 169×169 heads-up class matrix (exact, each matchup reduced by suit symmetry).

use std::collections::BTreeMap;
use std::time::Instant;

use clap::Args;
use deck::{Card, RANK_CHARS};
use rayon::prelude::*;
use serde::Serialize;

use super::game::Game;
use super::isomorphic::Spot;
use super::monte_carlo::{EQUITY_CHUNK_ROUNDS, Sampler};
use super::range::{self, Combo, Range, combo_mask};
use super::tally::Tally;
use crate::cli::OutputArgs;
use crate::cli::count::parse_count;
use crate::config::{OutputSpec, resolve_threads};
use crate::error::UsageError;
use crate::output::Output;
use crate::report::fixed;
use crate::report::{CsvRow, render_cells as render};
use engine::ChunkPlan;
use engine::on_pool;
use engine::seed::chunk_seed;

/// Arguments of `sim preflop`.
#[derive(Debug, Clone, Args)]
pub struct PreflopArgs {
    /// Numbers of random opponents: `3`, or a span such as `1..9`.
    #[arg(
        long,
        value_name = "A..B",
        default_value = "1..9",
        conflicts_with = "matrix"
    )]
    pub opponents: String,
    /// The 169×169 heads-up matrix instead (exact).
    #[arg(long)]
    pub matrix: bool,
    /// Monte Carlo rounds per class and opponent count.
    #[arg(long, value_name = "N", value_parser = parse_count, default_value = "1M")]
    pub rounds: u64,
    /// Seed and worker threads.
    #[command(flatten)]
    pub run: crate::cli::RunArgs,
    /// Where and how to write the table.
    #[command(flatten)]
    pub output: OutputArgs,
}

/// A starting-hand class: `AA`, `AKs`, `AKo`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandClass {
    /// Higher rank (0 = deuce).
    pub high: u8,
    /// Lower rank (equal for pairs).
    pub low: u8,
    /// Both cards of one suit.
    pub suited: bool,
}

impl HandClass {
    /// The 169 classes, strongest ranks first: for each high rank, its pair, then suited and
    /// offsuit hands by falling kicker.
    pub fn all() -> Vec<HandClass> {
        let mut out = Vec::with_capacity(169);
        for high in (0..13u8).rev() {
            out.push(HandClass {
                high,
                low: high,
                suited: false,
            });
            for low in (0..high).rev() {
                out.push(HandClass {
                    high,
                    low,
                    suited: true,
                });
                out.push(HandClass {
                    high,
                    low,
                    suited: false,
                });
            }
        }
        out
    }

    /// The class's name.
    pub fn name(self) -> String {
        let (h, l) = (
            RANK_CHARS[usize::from(self.high)],
            RANK_CHARS[usize::from(self.low)],
        );
        match (self.high == self.low, self.suited) {
            (true, _) => format!("{h}{l}"),
            (false, true) => format!("{h}{l}s"),
            (false, false) => format!("{h}{l}o"),
        }
    }

    /// Every combo of the class (6 pairs, 4 suited, 12 offsuit).
    pub fn combos(self) -> Vec<Combo> {
        Range::parse(&self.name()).map_or_else(|_| Vec::new(), |r| r.combos)
    }
}

/// A line of the table against random opponents.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VsRandomRow {
    /// Class name.
    pub hand: String,
    /// Random opponents.
    pub opponents: usize,
    /// Share won outright.
    pub win: f64,
    /// Share split.
    pub tie: f64,
    /// Win plus tie shares.
    pub equity: f64,
    /// Standard error of `equity`.
    pub std_error: f64,
}

impl CsvRow for VsRandomRow {
    const HEADER: &'static [&'static str] =
        &["hand", "opponents", "win", "tie", "equity", "std_error"];

    fn cells(&self) -> Vec<String> {
        vec![
            self.hand.clone(),
            self.opponents.to_string(),
            fixed(self.win),
            fixed(self.tie),
            fixed(self.equity),
            fixed(self.std_error),
        ]
    }
}

/// A line of the heads-up matrix.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MatrixRow {
    /// The class whose equity this is.
    pub hand: String,
    /// The opposing class.
    pub versus: String,
    /// Share won outright, over all conflict-free suit combinations and boards.
    pub win: f64,
    /// Share split.
    pub tie: f64,
    /// Win plus half the ties.
    pub equity: f64,
    /// Conflict-free combo matchups averaged.
    pub matchups: u64,
}

impl CsvRow for MatrixRow {
    const HEADER: &'static [&'static str] = &["hand", "versus", "win", "tie", "equity", "matchups"];

    fn cells(&self) -> Vec<String> {
        vec![
            self.hand.clone(),
            self.versus.clone(),
            fixed(self.win),
            fixed(self.tie),
            fixed(self.equity),
            self.matchups.to_string(),
        ]
    }
}

/// Parses `3` or `1..9` into an inclusive span within 1..=9.
///
/// # Errors
/// A usage error naming the text.
pub fn parse_opponents(text: &str) -> Result<(usize, usize), UsageError> {
    let bad = || UsageError::new(format!("--opponents '{text}': want N or A..B within 1..9"));
    let (a, b) = match text.split_once("..") {
        Some((a, b)) => (
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        ),
        None => {
            let n = text.trim().parse().map_err(|_| bad())?;
            (n, n)
        }
    };
    if a < 1 || b > 9 || a > b {
        return Err(bad());
    }
    Ok((a, b))
}

/// One class against `opponents` random hands: Monte Carlo with the class's first combo (every
/// combo of a class has the same equity against random hands, by suit symmetry).
///
/// # Errors
/// Never for valid classes; kept as a usage error for uniformity.
pub fn vs_random(
    class: HandClass,
    opponents: usize,
    seed: u64,
    rounds: u64,
) -> Result<Tally, UsageError> {
    let mut players = vec![
        Range::parse(&class.combos()[0].map(|c| c.to_string()).concat())
            .map_err(UsageError::new)?,
    ];
    for _ in 0..opponents {
        players.push(Range::parse("random").map_err(UsageError::new)?);
    }
    let game = Game::new(players, vec![], vec![]).map_err(UsageError::new)?;
    let sampler = Sampler::new(&game, seed).map_err(UsageError::new)?;
    Ok(sampler.simulate(
        seed,
        &ChunkPlan::with_chunk_rounds(rounds, EQUITY_CHUNK_ROUNDS),
        None,
    ))
}

/// The seed of job `job` of a run seeded with `seed`: independent streams per table cell.
fn job_seed(seed: u64, job: u64) -> u64 {
    let bytes = chunk_seed(seed, job);
    u64::from_le_bytes([
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
    ])
}

/// Applies suit permutation `perm` to a combo and orders it.
fn permute(combo: Combo, perm: [u8; 4]) -> Combo {
    let map = |c: Card| Card::new(c.rank(), perm[usize::from(c.suit())]);
    let (a, b) = (map(combo[0]), map(combo[1]));
    if a.index() < b.index() {
        [a, b]
    } else {
        [b, a]
    }
}

/// The 24 permutations of the four suits.
fn suit_permutations() -> Vec<[u8; 4]> {
    let mut out = Vec::with_capacity(24);
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                for d in 0..4u8 {
                    let p = [a, b, c, d];
                    if (0..4).all(|s| p.contains(&s)) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

/// The conflict-free matchups of two classes, grouped by suit symmetry: a representative of
/// each group and the group's size. Suit permutations preserve every showdown, so one exact
/// count per group suffices.
pub fn matchup_groups(a: HandClass, b: HandClass) -> Vec<([Combo; 2], u64)> {
    let perms = suit_permutations();
    let mut groups: BTreeMap<[u8; 4], ([Combo; 2], u64)> = BTreeMap::new();
    for x in a.combos() {
        for y in b.combos() {
            if combo_mask(x) & combo_mask(y) != 0 {
                continue;
            }
            let canon = perms
                .iter()
                .map(|&p| {
                    let (px, py) = (permute(x, p), permute(y, p));
                    [px[0], px[1], py[0], py[1]].map(|c| c.index() as u8)
                })
                .min()
                .unwrap_or([0; 4]);
            groups.entry(canon).or_insert(([x, y], 0)).1 += 1;
        }
    }
    groups.into_values().collect()
}

/// Exact heads-up counts of one matchup: (wins of the first, ties, boards).
pub fn heads_up(matchup: [Combo; 2]) -> (u64, u64, u64) {
    let game = Game {
        players: matchup
            .iter()
            .map(|c| Range {
                text: String::new(),
                combos: vec![*c],
                weights: vec![range::WEIGHT_SCALE],
                random: false,
            })
            .collect(),
        board: vec![],
        dead: vec![],
    };
    let local = Spot::new(&game, &matchup).count();
    let (wins, ties, boards) = (local.shares[0][1], local.shares[0][2], local.outcomes);
    (wins, ties, boards)
}

/// The 169×169 matrix, both orientations of every class pair.
pub fn matrix() -> Vec<MatrixRow> {
    let classes = HandClass::all();
    let pairs: Vec<(usize, usize)> = (0..classes.len())
        .flat_map(|i| (i..classes.len()).map(move |j| (i, j)))
        .collect();
    let jobs: Vec<(usize, [Combo; 2], u64)> = pairs
        .par_iter()
        .enumerate()
        .flat_map_iter(|(k, &(i, j))| {
            matchup_groups(classes[i], classes[j])
                .into_iter()
                .map(move |(m, n)| (k, m, n))
        })
        .collect();
    let counts: Vec<(u64, u64, u64)> = jobs.par_iter().map(|&(_, m, _)| heads_up(m)).collect();
    // Weighted sums per pair: wins of the first class, ties, weighted boards, matchups.
    let mut sums = vec![(0u128, 0u128, 0u128, 0u64); pairs.len()];
    for (&(k, _, n), &(w, t, b)) in jobs.iter().zip(&counts) {
        let s = &mut sums[k];
        s.0 += u128::from(w) * u128::from(n);
        s.1 += u128::from(t) * u128::from(n);
        s.2 += u128::from(b) * u128::from(n);
        s.3 += n;
    }
    let mut rows = Vec::with_capacity(169 * 169);
    let mut cell = vec![None; 169 * 169];
    for (&(i, j), &(w, t, b, n)) in pairs.iter().zip(&sums) {
        let total = b.max(1) as f64;
        let (win, tie) = (w as f64 / total, t as f64 / total);
        let loss = (b - w - t) as f64 / total;
        cell[i * 169 + j] = Some((win, tie, n));
        cell[j * 169 + i] = Some((loss, tie, n));
    }
    for i in 0..169 {
        for j in 0..169 {
            if let Some((win, tie, n)) = cell[i * 169 + j] {
                rows.push(MatrixRow {
                    hand: classes[i].name(),
                    versus: classes[j].name(),
                    win,
                    tie,
                    equity: win + tie / 2.0,
                    matchups: n,
                });
            }
        }
    }
    rows
}

/// Runs `sim preflop`.
///
/// # Errors
/// Usage errors for bad arguments, runtime errors for output failures.
pub fn run(args: &PreflopArgs) -> anyhow::Result<()> {
    let threads = resolve_threads(args.run.threads)?;
    let output_spec = OutputSpec::from(&args.output);
    let mut meta = serde_json::Map::new();
    meta.insert("command".into(), "preflop".into());
    let started = Instant::now();
    if args.matrix {
        let output = Output::create(output_spec.path.as_deref())?;
        let rows = on_pool(threads, matrix)?;
        meta.insert("method".into(), "exact".into());
        output.finish(&render(&rows, output_spec.format, meta)?)?;
        eprintln!(
            "sim preflop: exact 169x169 matrix in {:.1} s on {}",
            started.elapsed().as_secs_f64(),
            crate::summary::Threads(threads)
        );
        return Ok(());
    }
    let (from, to) = parse_opponents(&args.opponents)?;
    if args.rounds == 0 {
        return Err(UsageError::new("--rounds must be at least 1").into());
    }
    let seed = args.run.seed.unwrap_or_else(rand::random);
    if args.run.seed.is_none() {
        eprintln!("sim preflop: no --seed given; using --seed {seed}");
    }
    let output = Output::create(output_spec.path.as_deref())?;
    let classes = HandClass::all();
    let rows = on_pool(threads, || {
        let mut rows = Vec::new();
        for opponents in from..=to {
            for (c, &class) in classes.iter().enumerate() {
                let job = (opponents * 169 + c) as u64;
                let tally = vs_random(class, opponents, job_seed(seed, job), args.rounds)?;
                let names = vec![class.name(); opponents + 1];
                let row = &tally.rows(&names, false)[0];
                rows.push(VsRandomRow {
                    hand: class.name(),
                    opponents,
                    win: row.win,
                    tie: row.tie,
                    equity: row.equity,
                    std_error: row.std_error,
                });
            }
        }
        Ok::<_, UsageError>(rows)
    })??;
    meta.insert("method".into(), "monte_carlo".into());
    meta.insert("seed".into(), seed.into());
    meta.insert("rounds".into(), args.rounds.into());
    output.finish(&render(&rows, output_spec.format, meta)?)?;
    eprintln!(
        "sim preflop: {} cells of {} rounds in {:.1} s on {}, seed {seed}",
        rows.len(),
        args.rounds,
        started.elapsed().as_secs_f64(),
        crate::summary::Threads(threads)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_169_classes_covering_1326_combos() {
        let classes = HandClass::all();
        assert_eq!(classes.len(), 169);
        assert_eq!(
            classes.iter().map(|c| c.combos().len()).sum::<usize>(),
            1326
        );
        assert_eq!(classes[0].name(), "AA");
        assert_eq!(classes[1].name(), "AKs");
        assert_eq!(classes[2].name(), "AKo");
    }

    #[test]
    fn suit_groups_cover_every_conflict_free_matchup() {
        let aa = HandClass {
            high: 12,
            low: 12,
            suited: false,
        };
        let kk = HandClass {
            high: 11,
            low: 11,
            suited: false,
        };
        let groups = matchup_groups(aa, kk);
        assert_eq!(groups.iter().map(|g| g.1).sum::<u64>(), 36);
        // No shared suit, one shared suit, both suits shared.
        assert_eq!(groups.len(), 3);
        let ako = HandClass {
            high: 12,
            low: 11,
            suited: false,
        };
        // 12 combos, each blocked by 5 of the 12: 12 × 7 = 84.
        assert_eq!(
            matchup_groups(ako, ako).iter().map(|g| g.1).sum::<u64>(),
            84
        );
    }

    #[test]
    fn heads_up_matches_the_published_count() {
        let aa: Combo = [Card::new(12, 0), Card::new(12, 3)];
        let kk: Combo = [Card::new(11, 1), Card::new(11, 2)];
        assert_eq!(heads_up([aa, kk]), (1_388_072, 6_538, 1_712_304));
    }

    #[test]
    fn opponent_spans_parse() {
        assert_eq!(parse_opponents("1..9").unwrap(), (1, 9));
        assert_eq!(parse_opponents("3").unwrap(), (3, 3));
        for bad in ["0", "10", "5..2", "x", "1..", "1..10"] {
            assert!(parse_opponents(bad).is_err(), "{bad}");
        }
    }
}
