//! The line `sim odds` ends with, worded for the game's table: a board game's throughput, an
//! Omaha hand's rounds and whether the exact column is known, a stud table's rounds and the
//! completions behind its exact column.

use crate::odds::{OddsHand, OddsRequest};

/// What a finished odds run says of itself, as the front end measured and words it.
#[derive(Debug, Clone, Copy)]
pub struct OddsWords<'a> {
    /// The throughput of the rounds dealt here, in words (`… rounds, 2 threads, … Mhands/s …`).
    pub throughput: &'a str,
    /// Rounds in the table.
    pub rounds: u64,
    /// Wall time.
    pub seconds: f64,
    /// The worker threads, in words (`2 threads`).
    pub threads: &'a str,
    /// The completions behind the exact column, when it is known.
    pub exact_total: Option<u64>,
}

impl OddsRequest {
    /// The summary line of this run.
    pub fn summary_line(&self, words: &OddsWords<'_>) -> String {
        let seed = self.seed.value;
        let (rounds, seconds, threads) = (words.rounds, words.seconds, words.threads);
        match &self.hand {
            OddsHand::Board(_) => format!("sim odds: {}, seed {seed}", words.throughput),
            OddsHand::Omaha { game, .. } => format!(
                "sim odds: {game}, seed {seed}, {rounds} rounds in {seconds:.3} s on {threads}{}",
                if words.exact_total.is_some() {
                    ", exact values over every board"
                } else {
                    "; exact values need every hole card known (--known)"
                }
            ),
            OddsHand::Chart { game, chart, .. } => format!(
                "sim odds: {game} {chart}, seed {seed}, {rounds} rounds in {seconds:.3} s on \
                 {threads}, exact values over {} completions",
                words.exact_total.unwrap_or(0)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::odds::OddsArgs;
    use engine::{Game, GameId};

    #[test]
    fn each_table_says_what_it_counted() {
        let args = OddsArgs {
            options: &[],
            game: Game::plain(GameId::Razz),
            cards: 7,
            known: &[],
            dead: &[],
            rounds: Some(100),
            target_stderr: None,
            max_rounds: None,
            seed: Some(9),
        };
        let razz = OddsRequest::new(&args).unwrap();
        let words = OddsWords {
            throughput: "unused",
            rounds: 100,
            seconds: 0.25,
            threads: "1 thread",
            exact_total: Some(133_784_560),
        };
        assert_eq!(
            razz.summary_line(&words),
            "sim odds: razz razz_lows, seed 9, 100 rounds in 0.250 s on 1 thread, exact values \
             over 133784560 completions"
        );
        let holdem = OddsRequest::new(&OddsArgs {
            game: Game::HOLDEM,
            ..args
        })
        .unwrap();
        assert_eq!(
            holdem.summary_line(&OddsWords {
                throughput: "100 rounds",
                ..words
            }),
            "sim odds: 100 rounds, seed 9"
        );
    }
}
