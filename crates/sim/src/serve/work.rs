//! A request's words made into the command's validated config (the same clap parse and the
//! same `config` step as the command line), and its computation into the command's table: the
//! `table` function each command's `run` calls, so that the bytes are the CLI's by construction.

use clap::Parser;
use engine::Watch;

use super::words;
use crate::cli::error_line::error_line;
use crate::cli::rank::RankArgs;
use crate::cli::{Cli, Command};
use crate::cmd;
use crate::config::breakdown::BreakdownConfig;
use crate::config::calling::CallingConfig;
use crate::config::distribution::DistributionConfig;
use crate::config::hits::HitsConfig;
use crate::config::rank::RankConfig;
use crate::config::runouts::RunoutsConfig;
use crate::config::streets::StreetsConfig;
use crate::config::{EquityConfig, runouts};
use crate::config::{PreflopConfig, PreflopTable};
use crate::error::UsageError;

/// A validated computation: the command's config, ready to run.
#[derive(Debug)]
pub(crate) enum Work {
    /// `sim equity`.
    Equity(Box<EquityConfig>),
    /// `sim equity --breakdown`.
    Breakdown(Box<BreakdownConfig>),
    /// `sim equity --calling-range`.
    Calling(Box<CallingConfig>),
    /// `sim equity --distribution`.
    Distribution(Box<DistributionConfig>),
    /// `sim equity --streets`.
    Streets(Box<StreetsConfig>),
    /// `sim equity --boards 2` or `--runs N`.
    Runouts(Box<RunoutsConfig>),
    /// `sim hits`.
    Hits(Box<HitsConfig>),
    /// `sim rank` (a look-up in the shipped ranking).
    Rank(Box<(RankConfig, RankArgs)>),
    /// `sim preflop` (without a checkpoint).
    Preflop(Box<PreflopConfig>),
}

/// A request ready to run: its work and the words that give the same table on the command line.
#[derive(Debug)]
pub(crate) struct Prepared {
    /// The validated computation.
    pub(crate) work: Work,
    /// The words after `sim`, `--format json` included.
    pub(crate) words: Vec<String>,
}

/// The bounds a server puts on requests.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bounds {
    /// The most `--rounds` a request may ask for.
    pub(crate) max_rounds: u64,
    /// The threads each computation runs on.
    pub(crate) threads: usize,
}

/// Checks `words` (after `sim`), parses them as the command line does with `--format json`
/// added, and validates them into the command's config.
///
/// # Errors
/// The one-line message of the first refusal: a word the server does not run, clap's usage
/// error, the `request` layer's, or rounds over the bound.
pub(crate) fn prepare(mut words: Vec<String>, bounds: Bounds) -> Result<Prepared, String> {
    words::check(&words)?;
    words.extend(["--format".to_string(), "json".to_string()]);
    let argv = std::iter::once("sim").chain(words.iter().map(String::as_str));
    let cli = Cli::try_parse_from(argv).map_err(|err| format!("sim: {}", error_line(&err)))?;
    let usage = |err: UsageError| format!("sim: {err}");
    let work = match cli.command {
        Command::Equity(args) => {
            if args.rounds.is_some_and(|r| r > bounds.max_rounds) {
                return Err(format!(
                    "sim serve: --rounds is at most {} here (sim serve --max-rounds)",
                    bounds.max_rounds
                ));
            }
            if runouts::asked(&args) {
                Work::Runouts(Box::new(RunoutsConfig::try_from(&args).map_err(usage)?))
            } else if args.streets {
                Work::Streets(Box::new(StreetsConfig::try_from(&args).map_err(usage)?))
            } else if args.breakdown {
                Work::Breakdown(Box::new(BreakdownConfig::try_from(&args).map_err(usage)?))
            } else if args.calling_range {
                Work::Calling(Box::new(CallingConfig::try_from(&args).map_err(usage)?))
            } else if args.distribution {
                Work::Distribution(Box::new(
                    DistributionConfig::try_from(&args).map_err(usage)?,
                ))
            } else {
                Work::Equity(Box::new(EquityConfig::try_from(&args).map_err(usage)?))
            }
        }
        Command::Hits(args) => Work::Hits(Box::new(HitsConfig::try_from(&args).map_err(usage)?)),
        Command::Rank(args) => {
            let config = RankConfig::try_from(&args).map_err(usage)?;
            Work::Rank(Box::new((config, args)))
        }
        Command::Preflop(args) => {
            let config = PreflopConfig::try_from(&args).map_err(usage)?;
            // The bound is on the whole table: every cell runs --rounds rounds.
            if let PreflopTable::VsRandom {
                from, to, rounds, ..
            } = config.table
            {
                let cells =
                    request::preflop::classes(config.game).len() as u64 * (to - from + 1) as u64;
                if rounds.saturating_mul(cells) > bounds.max_rounds {
                    return Err(format!(
                        "sim serve: --rounds times the table's {cells} cells is at most {} here (sim serve --max-rounds)",
                        bounds.max_rounds
                    ));
                }
            }
            Work::Preflop(Box::new(config))
        }
        _ => return Err("sim serve: not a command the server runs".to_string()),
    };
    let mut prepared = Prepared { work, words };
    prepared.set_threads(bounds.threads);
    Ok(prepared)
}

impl Prepared {
    /// Runs on `threads` (the output does not depend on them).
    fn set_threads(&mut self, threads: usize) {
        match &mut self.work {
            Work::Equity(c) => c.threads = threads,
            Work::Breakdown(c) => c.threads = threads,
            Work::Calling(c) => c.threads = threads,
            Work::Distribution(c) => c.threads = threads,
            Work::Streets(c) => c.threads = threads,
            Work::Runouts(c) => c.threads = threads,
            Work::Preflop(c) => c.threads = threads,
            Work::Hits(_) | Work::Rank(_) => {}
        }
    }

    /// Computes the table until `watch` stops it (`None`): its bytes, and the words that
    /// repeat it (with the `--seed` a Monte Carlo run drew).
    ///
    /// # Errors
    /// The command's own: usage errors for spots that prove impossible, runtime errors.
    pub(crate) fn compute(
        &self,
        watch: &dyn Watch,
    ) -> anyhow::Result<Option<(Vec<u8>, Vec<String>)>> {
        let table = match &self.work {
            Work::Equity(c) => cmd::equity::table(c, watch)?.map(strip),
            Work::Breakdown(c) => cmd::breakdown::table(c, watch)?.map(strip),
            Work::Calling(c) => cmd::calling::table(c, watch)?.map(strip),
            Work::Distribution(c) => cmd::distribution::table(c, watch)?.map(strip),
            Work::Streets(c) => cmd::streets::table(c, watch)?.map(strip),
            Work::Runouts(c) => cmd::runouts::table(c, watch)?.map(strip),
            Work::Hits(c) => Some(strip(cmd::hits::table(c)?)),
            Work::Rank(c) => Some(strip(cmd::rank::table(&c.0, &c.1)?)),
            Work::Preflop(c) => cmd::preflop::table(c, watch)?.map(strip),
        };
        Ok(table.map(|(bytes, seed)| {
            let mut words = self.words.clone();
            if let Some(seed) = seed {
                // Before `--format json`, the last two words.
                let at = words.len().saturating_sub(2);
                words.splice(at..at, ["--seed".to_string(), seed.to_string()]);
            }
            (bytes, words)
        }))
    }
}

/// A table's bytes and drawn seed.
fn strip<R>(table: cmd::Table<R>) -> (Vec<u8>, Option<u64>) {
    (table.bytes, table.drawn_seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOUNDS: Bounds = Bounds {
        max_rounds: 1_000_000,
        threads: 1,
    };

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn each_flag_picks_its_command_and_bad_words_are_refused_in_one_line() {
        let kinds = [
            ("equity AsAh KsKh", "Equity"),
            ("equity QQ+ AKs --breakdown", "Breakdown"),
            ("equity QQ+ AKs --distribution", "Distribution"),
            (
                "equity QQ+ AhKh --calling-range --pot 10 --call 5",
                "Calling",
            ),
            ("equity AsAh KsKh --board Qh7h2c --streets", "Streets"),
            ("hits QQ+ --board Kh9h5c", "Hits"),
            ("rank --top 5%", "Rank"),
            ("preflop --opponents 2 --rounds 100", "Preflop"),
            ("preflop --matrix --game shortdeck", "Preflop"),
        ];
        for (line, kind) in kinds {
            let prepared = prepare(words(line), BOUNDS).expect(line);
            assert!(format!("{:?}", prepared.work).starts_with(kind), "{line}");
            assert_eq!(prepared.words.last().map(String::as_str), Some("json"));
        }
        for bad in [
            "equity AsAh AsKh",
            "equity ZZ KK",
            "equity AsAh KsKh --rounds 2M",
            "equity AsAh --nonsense",
        ] {
            let err = prepare(words(bad), BOUNDS).expect_err(bad);
            assert!(err.starts_with("sim"), "{bad}: {err}");
            assert!(!err.contains('\n'), "{bad}: {err}");
        }
    }

    #[test]
    fn a_drawn_seed_joins_the_words_that_repeat_the_run() {
        let prepared = prepare(words("equity AsAh KsKh --rounds 1000"), BOUNDS).expect("valid");
        let stop = || false;
        let (bytes, words) = prepared.compute(&stop).expect("runs").expect("not stopped");
        assert!(!bytes.is_empty());
        let n = words.len();
        assert_eq!(words[n - 4], "--seed");
        assert_eq!(&words[n - 2..], ["--format", "json"]);
    }
}
